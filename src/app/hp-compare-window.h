/* hp-compare-window.h — a comparison of 2 to 8 runs: summary charts, ops diff and tree diff.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-compare-session.h"
#include "hp-core.h"
#include "hp-table-view.h"

G_BEGIN_DECLS

#define HP_TYPE_COMPARE_WINDOW (hp_compare_window_get_type ())

G_DECLARE_FINAL_TYPE (HpCompareWindow, hp_compare_window, HP, COMPARE_WINDOW, GtkApplicationWindow)

HpCompareWindow  *hp_compare_window_new (GtkApplication    *application,
                                         const char *const *paths,
                                         const char *const *labels);
HpCompareWindow  *hp_compare_window_new_with_baseline (GtkApplication    *application,
                                                       const char *const *paths,
                                                       const char *const *labels,
                                                       guint              baseline);
guint             hp_compare_window_get_baseline (HpCompareWindow *self);
HpCompareWindow  *hp_compare_window_open_folders (GtkWindow *parent,
                                                  GFile    **files,
                                                  guint      n_files);
gboolean          hp_compare_window_is_loading (HpCompareWindow *self);
const char       *hp_compare_window_get_error (HpCompareWindow *self);
const char       *hp_compare_window_get_last_saved (HpCompareWindow *self);
GtkNotebook      *hp_compare_window_get_notebook (HpCompareWindow *self);
void              hp_compare_window_set_pair (HpCompareWindow *self,
                                              guint            control,
                                              guint            test);
void              hp_compare_window_set_comm_only (HpCompareWindow *self,
                                                   gboolean         comm_only);
GtkWidget        *hp_compare_window_get_ops_view (HpCompareWindow *self);
GtkWidget        *hp_compare_window_get_tree_view (HpCompareWindow *self);
GtkWidget        *hp_compare_window_get_memory_view (HpCompareWindow *self);
GtkWidget        *hp_compare_window_get_communication_view (HpCompareWindow *self);
const char       *hp_compare_window_get_scope_caption (HpCompareWindow *self);
GtkWidget        *hp_compare_window_get_error_button (HpCompareWindow *self);
GtkWidget        *hp_compare_window_get_scope_chooser (HpCompareWindow *self,
                                                       gboolean         test_side,
                                                       gboolean         step);
HpTableView      *hp_compare_window_get_area_table (HpCompareWindow *self);
GtkWidget        *hp_compare_window_get_timeline (HpCompareWindow *self,
                                                  guint            run);
void              hp_compare_window_align_step (HpCompareWindow *self,
                                                guint            step);
const char       *hp_compare_window_get_findings (HpCompareWindow *self);
HpCompareSession *hp_compare_window_get_session (HpCompareWindow *self);
GtkWidget        *hp_compare_window_get_progress_bar (HpCompareWindow *self);
guint             hp_compare_window_get_n_charts (HpCompareWindow *self);
HpRun            *hp_compare_window_get_run (HpCompareWindow *self,
                                             guint            run);

G_END_DECLS
