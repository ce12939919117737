/* test-window-polish.c — the window under Xvfb: navigation keys that must
 * never change a value, and what the panels show after switching tabs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <locale.h>

#include "hp-idle-time-panel.h"
#include "hp-kernels-panel.h"
#include "hp-session.h"
#include "hp-test-utils.h"
#include "hp-ui-test-utils.h"
#include "hp-window.h"

static HpWindow *
open_trace (const char *name)
{
  g_autofree char *path = hp_test_data_path (name, NULL);
  HpWindow        *window = hp_ui_test_open_window (path, -1, -1);

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  return window;
}

static gboolean
is_fraction_spin (GtkWidget *widget,
                  gpointer   data)
{
  return GTK_IS_SPIN_BUTTON (widget) && gtk_spin_button_get_digits (GTK_SPIN_BUTTON (widget)) > 0;
}

static gboolean
is_spin (GtkWidget *widget,
         gpointer   data)
{
  return GTK_IS_SPIN_BUTTON (widget);
}

/* The action the window runs for @keyval with Ctrl, from a shortcut
 * controller that sees the key before the focused widget (the capture
 * phase); NULL when no such shortcut exists. */
static GtkShortcutAction *
capture_shortcut_action (HpWindow *window,
                         guint     keyval)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
          gtk_event_controller_get_propagation_phase (GTK_EVENT_CONTROLLER (controller)) != GTK_PHASE_CAPTURE)
        continue;
      for (guint k = 0; k < g_list_model_get_n_items (G_LIST_MODEL (controller)); k++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), k);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == GDK_CONTROL_MASK)
            return gtk_shortcut_get_action (shortcut);
        }
    }
  return NULL;
}

/* Ctrl+Page Down / Up with the focus in a parameter's spin button switch
 * the tab and leave the value (and the session's parameters) alone: the
 * window takes the keys before the spin button, whose own binding would
 * set its minimum or maximum. */
static void
test_tab_keys_from_spin_button (void)
{
  HpWindow          *window = open_trace ("hta_trace_filter_2ranks");
  GtkNotebook       *notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (window));
  HpSession         *session = hp_window_get_session (window);
  GtkShortcutAction *next = capture_shortcut_action (window, GDK_KEY_Page_Down);
  GtkShortcutAction *previous = capture_shortcut_action (window, GDK_KEY_Page_Up);
  HpAnalysisPanel   *kernels = NULL;
  HpAnalysisPanel   *idle = NULL;
  GtkSpinButton     *ratio;
  GtkSpinButton     *delay;
  int                kernels_page = -1;
  double             ratio_value, delay_value;

  g_assert_nonnull (next);
  gtk_widget_grab_focus (GTK_WIDGET (notebook));
  g_assert_nonnull (previous);
  g_assert_true (GTK_IS_NAMED_ACTION (next));

  for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
    {
      GtkWidget *page = gtk_notebook_get_nth_page (notebook, i);

      if (HP_IS_KERNELS_PANEL (page))
        {
          kernels = HP_ANALYSIS_PANEL (page);
          kernels_page = i;
        }
      if (HP_IS_IDLE_TIME_PANEL (page))
        idle = HP_ANALYSIS_PANEL (page);
    }
  g_assert_nonnull (kernels);
  g_assert_nonnull (idle);

  gtk_notebook_set_current_page (notebook, kernels_page);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_shown, kernels));
  ratio = GTK_SPIN_BUTTON (hp_ui_test_find_widget (GTK_WIDGET (kernels), is_fraction_spin, NULL));
  g_assert_nonnull (ratio);
  ratio_value = gtk_spin_button_get_value (ratio);
  g_assert_cmpfloat (ratio_value, >, 0);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (ratio)));

  g_assert_true (gtk_shortcut_action_activate (next, 0, GTK_WIDGET (window), NULL));
  g_assert_cmpint (gtk_notebook_get_current_page (notebook), ==, kernels_page + 1);
  g_assert_cmpfloat (gtk_spin_button_get_value (ratio), ==, ratio_value);
  g_assert_cmpfloat (hp_session_get_params (session)->duration_ratio, ==, ratio_value);

  /* the Idle time tab's delay, the same way back */
  g_assert_true (gtk_notebook_get_nth_page (notebook, kernels_page + 1) == GTK_WIDGET (idle));
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_shown, idle));
  delay = GTK_SPIN_BUTTON (hp_ui_test_find_widget (GTK_WIDGET (idle), is_spin, NULL));
  g_assert_nonnull (delay);
  delay_value = gtk_spin_button_get_value (delay);
  g_assert_cmpfloat (delay_value, ==, 30);
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (delay)));
  g_assert_true (gtk_shortcut_action_activate (previous, 0, GTK_WIDGET (window), NULL));
  g_assert_cmpint (gtk_notebook_get_current_page (notebook), ==, kernels_page);
  g_assert_cmpfloat (gtk_spin_button_get_value (delay), ==, 30);
  g_assert_cmpfloat (hp_session_get_params (session)->consecutive_kernel_delay, ==, 30);

  /* from the first tab, Previous wraps to the last */
  gtk_notebook_set_current_page (notebook, 0);
  g_assert_true (gtk_shortcut_action_activate (previous, 0, GTK_WIDGET (window), NULL));
  g_assert_cmpint (gtk_notebook_get_current_page (notebook), ==, gtk_notebook_get_n_pages (notebook) - 1);

  hp_ui_test_close_window (window);
}

/* a label of the panel with selected text, or NULL */
static gboolean
has_selection (GtkWidget *widget,
               gpointer   data)
{
  int start, end;

  return GTK_IS_LABEL (widget) && gtk_label_get_selectable (GTK_LABEL (widget)) &&
         gtk_label_get_selection_bounds (GTK_LABEL (widget), &start, &end) && end > start;
}

static gboolean
has_finding (GtkWidget *widget,
             gpointer   data)
{
  return gtk_widget_has_css_class (widget, "hp-finding");
}

/* Coming back to the Overview from a tab whose spin button had the focus:
 * no finding (nor any other text) shows up selected. */
static void
test_findings_not_selected_after_switch (void)
{
  HpWindow        *window = open_trace ("hta_trace_filter_2ranks");
  GtkNotebook     *notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (window));
  HpAnalysisPanel *overview = HP_ANALYSIS_PANEL (gtk_notebook_get_nth_page (notebook, 0));
  HpAnalysisPanel *kernels = NULL;
  int              kernels_page = -1;
  GtkWidget       *spin;

  for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
    if (HP_IS_KERNELS_PANEL (gtk_notebook_get_nth_page (notebook, i)))
      {
        kernels = HP_ANALYSIS_PANEL (gtk_notebook_get_nth_page (notebook, i));
        kernels_page = i;
      }
  g_assert_nonnull (kernels);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_idle, overview));
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (overview), has_finding, NULL));

  gtk_notebook_set_current_page (notebook, kernels_page);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_shown, kernels));
  spin = hp_ui_test_find_widget (GTK_WIDGET (kernels), is_spin, NULL);
  g_assert_true (gtk_widget_grab_focus (spin));

  gtk_notebook_set_current_page (notebook, 0);
  hp_ui_test_spin (100);
  g_assert_null (hp_ui_test_find_widget (GTK_WIDGET (overview), has_selection, NULL));

  hp_ui_test_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/app/window/tab-keys-from-spin-button", test_tab_keys_from_spin_button);

  g_test_add_func ("/app/window/findings-not-selected-after-switch", test_findings_not_selected_after_switch);

  return g_test_run ();
}
