/* hp-ui-test-utils.h — helpers shared by the window tests under Xvfb: main loop waits, windows, tabs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-timeline-panel.h"
#include "hp-window.h"

G_BEGIN_DECLS

/* how long a wait may take before the test fails */
#define HP_UI_TEST_TIMEOUT_MS 60000

typedef gboolean (*HpUiTestCondition) (gpointer data);

gboolean hp_ui_test_wait_for (HpUiTestCondition condition,
                              gpointer          data);
void     hp_ui_test_spin (guint ms);

gboolean hp_ui_test_not_loading (gpointer window);
gboolean hp_ui_test_panel_idle (gpointer panel);
gboolean hp_ui_test_panel_shown (gpointer panel);
gboolean hp_ui_test_pointer_cleared (gpointer location);

HpWindow        *hp_ui_test_open_window (const char *path,
                                         int         width,
                                         int         height);
void             hp_ui_test_close_window (HpWindow *window);
HpAnalysisPanel *hp_ui_test_show_tab (GtkNotebook      *notebook,
                                      const char       *label,
                                      HpUiTestCondition ready);

GtkWidget *hp_ui_test_find_widget (GtkWidget *root,
                                   gboolean (*match) (GtkWidget *widget,
                                                      gpointer   data),
                                   gpointer data);
GtkWidget *hp_ui_test_find_widget_of_type (GtkWidget *root,
                                           GType      type);

char *hp_ui_test_read_clipboard (GtkWidget *widget);
char *hp_ui_test_isolate_state_dir (void);
void  hp_ui_test_remove_tree (const char *path);

const char *hp_ui_test_details_value (HpTimelinePanel *panel,
                                      const char      *key);

/* A window on one test trace (tests/README.md) */
typedef struct
{
  HpWindow *window; /* loaded; closed and checked finalized in teardown */
} HpUiTestWindowFixture;

void hp_ui_test_window_setup (HpUiTestWindowFixture *fixture,
                              gconstpointer          case_name);
void hp_ui_test_window_teardown (HpUiTestWindowFixture *fixture,
                                 gconstpointer          case_name);

/* A Timeline tab alone in a window, on one test trace (the 2-rank one
 * unless the test's data names another) */
typedef struct
{
  HpTrace         *trace;
  GtkWindow       *window;
  HpTimelinePanel *panel;
  HpTimelineView  *view;
} HpUiTestTimelineFixture;

gboolean hp_ui_test_view_shown (gpointer view);
gboolean hp_ui_test_view_computed (gpointer view);
void     hp_ui_test_timeline_setup (HpUiTestTimelineFixture *fixture,
                                    gconstpointer            case_name);
void     hp_ui_test_timeline_teardown (HpUiTestTimelineFixture *fixture,
                                       gconstpointer            case_name);

/* g_test_add() of a test on an #HpUiTestWindowFixture that opens @case_name */
#define hp_ui_test_add_window(path, case_name, func) \
  g_test_add ((path), HpUiTestWindowFixture, (case_name), hp_ui_test_window_setup, (func), hp_ui_test_window_teardown)

G_END_DECLS
