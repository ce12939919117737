/* test-window-polish.c — the window under Xvfb: navigation keys that must
 * never change a value, and what the panels show after switching tabs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "hp-idle-time-panel.h"
#include "hp-chart-view.h"
#include "hp-dialogs.h"
#include "hp-kernels-panel.h"
#include "hp-preferences-window.h"
#include "hp-session.h"
#include "hp-settings.h"
#include "hp-stragglers-panel.h"
#include "hp-test-utils.h"
#include "hp-ui-test-utils.h"
#include "hp-window.h"

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
test_tab_keys_from_spin_button (HpUiTestWindowFixture *fixture,
                                gconstpointer          data)
{
  HpWindow          *window = fixture->window;
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
  g_assert_cmpfloat (hp_analysis_params_get_double (hp_session_get_params (session), &hp_kernel_breakdown_duration_ratio_spec), ==, ratio_value);

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
  g_assert_cmpfloat (hp_analysis_params_get_double (hp_session_get_params (session), &hp_idle_time_consecutive_kernel_delay_spec), ==, 30);

  /* from the first tab, Previous wraps to the last */
  gtk_notebook_set_current_page (notebook, 0);
  g_assert_true (gtk_shortcut_action_activate (previous, 0, GTK_WIDGET (window), NULL));
  g_assert_cmpint (gtk_notebook_get_current_page (notebook), ==, gtk_notebook_get_n_pages (notebook) - 1);
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
test_findings_not_selected_after_switch (HpUiTestWindowFixture *fixture,
                                         gconstpointer          data)
{
  HpWindow        *window = fixture->window;
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
}

static gboolean
is_label_with_text (GtkWidget *widget,
                    gpointer   text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

/* A job of 4 ranks without the file of rank 3: the Overview's rank count
 * names the missing rank */
static void
test_overview_missing_ranks (HpUiTestWindowFixture *fixture,
                             gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  GtkNotebook     *notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (window));
  HpAnalysisPanel *overview = HP_ANALYSIS_PANEL (gtk_notebook_get_nth_page (notebook, 0));

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_idle, overview));
  g_assert_nonnull (
      hp_ui_test_find_widget (GTK_WIDGET (overview), is_label_with_text, (gpointer) "3 (0, 1, 2) of 4, missing: 3"));
}

static gboolean
is_label_starting_with (GtkWidget *widget,
                        gpointer   text)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), text);
}

/* A single-GPU trace without distributedInfo is normal: no banner */
static void
test_no_distributed_info_banner (HpUiTestWindowFixture *fixture,
                                 gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  HpAnalysisPanel *overview =
      HP_ANALYSIS_PANEL (gtk_notebook_get_nth_page (hp_trace_page_get_notebook (hp_window_get_trace_page (window)), 0));

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_idle, overview));
  g_assert_false (hp_trace_page_get_issues_shown (hp_window_get_trace_page (window)));
}

/* The real two-rank job: the Overview names the straggler of each question
 * with its label, rank and reason, as `hotpath-cli findings` does */
static void
test_overview_stragglers (HpUiTestWindowFixture *fixture,
                          gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  GtkNotebook     *notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (window));
  HpAnalysisPanel *overview = HP_ANALYSIS_PANEL (gtk_notebook_get_nth_page (notebook, 0));
  HpAnalysisPanel *stragglers;
  g_auto (GStrv) answers = NULL;

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_idle, overview));
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (overview), is_label_starting_with,
                                            (gpointer) "Straggler, late to collectives: rank 1 started last in 3 of "
                                                       "3 collectives run by several ranks; the others waited 8.2 ms"));
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (overview), is_label_starting_with,
                                            (gpointer) "Straggler, slowest compute: rank 1 spends 135.5 ms"));
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (overview), is_label_starting_with,
                                            (gpointer) "Straggler, on the critical path: rank 1 holds 100% of the "
                                                       "critical path across ranks"));
  /* of the job, not of one rank */
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (overview), is_label_starting_with,
                                            (gpointer) "Ranks 0 and 1 are idle 53.6–54.7%"));

  /* the Stragglers tab gives the three answers, as findings does */
  stragglers = hp_ui_test_show_tab (notebook, "Stragglers", hp_ui_test_panel_idle);
  answers = hp_stragglers_panel_get_answers (HP_STRAGGLERS_PANEL (stragglers));
  g_assert_cmpuint (g_strv_length (answers), ==, 3);
  g_assert_true (g_str_has_prefix (answers[0], "Straggler, late to collectives: rank 1 started last in 3 of 3"));
  g_assert_true (g_str_has_prefix (answers[1], "Straggler, slowest compute: rank 1 spends 135.5 ms"));
  g_assert_true (g_str_has_prefix (answers[2], "Straggler, on the critical path: rank 1 holds 100%"));
}

static gboolean
is_row_named (GtkWidget *widget,
              gpointer   data)
{
  return ADW_IS_ACTION_ROW (widget) && g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static gboolean
is_status_page (GtkWidget *widget,
                gpointer   data)
{
  return ADW_IS_STATUS_PAGE (widget);
}

/* The empty and error states are AdwStatusPages; the error's description
 * is the reason, escaped as the markup it is. */
static void
test_status_pages (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-status-<&>-XXXXXX", &error);
  HpWindow        *window;
  AdwStatusPage   *page;

  g_assert_no_error (error);
  window = hp_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  page = ADW_STATUS_PAGE (hp_ui_test_find_widget (GTK_WIDGET (window), is_status_page, NULL));
  g_assert_nonnull (page);
  g_assert_cmpstr (adw_status_page_get_title (page), ==, "Open a Trace Folder");
  gtk_window_destroy (GTK_WINDOW (window));

  window = hp_ui_test_open_window (dir, -1, -1);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "error");
  g_assert_nonnull (strstr (hp_window_get_error_text (window), "no trace files"));
  g_assert_nonnull (strstr (hp_window_get_error_text (window), "&lt;&amp;&gt;"));
  hp_ui_test_close_window (window);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Every export ends with a toast naming the file, with a button that opens
 * its folder. */
static void
test_export_toast (HpUiTestWindowFixture *fixture,
                   gconstpointer          data)
{
  HpWindow    *window = fixture->window;
  GtkWidget   *chart = NULL;
  GtkNotebook *notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (window));

  g_assert_null (hp_window_get_last_saved (window));
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_idle, gtk_notebook_get_nth_page (notebook, 0)));
  chart = hp_ui_test_find_widget_of_type (gtk_notebook_get_nth_page (notebook, 0), HP_TYPE_CHART_VIEW);
  g_assert_nonnull (chart);
  hp_show_saved (chart, "/tmp/exports/temporal_breakdown.svg");
  g_assert_cmpstr (hp_window_get_last_saved (window), ==, "Saved temporal_breakdown.svg");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-saved", "s", "/tmp/kernels.csv"));
  g_assert_cmpstr (hp_window_get_last_saved (window), ==, "Saved kernels.csv");
}

/* The preferences edit the settings: the loading rules reload the open
 * window; analysis defaults land in the keys the next folder reads. */
static void
test_about_window (void)
{
  HpWindow  *window = hp_window_new (NULL);
  GtkWindow *about;

  /* libadwaita 1.2's AdwAboutWindow leaves 16 kB (no stack) that
   * LeakSanitizer reports: checked in the plain build only */
  if (g_getenv ("ASAN_OPTIONS") != NULL && strstr (g_getenv ("ASAN_OPTIONS"), "detect_leaks=1") != NULL)
    {
      g_test_skip ("AdwAboutWindow leaks under LeakSanitizer");
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  about = hp_about_window_new (GTK_WINDOW (window));
  g_assert_true (ADW_IS_ABOUT_WINDOW (about));
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  g_assert_cmpstr (adw_about_window_get_application_icon (ADW_ABOUT_WINDOW (about)), ==, APPLICATION_ID);
  g_assert_true (gtk_window_get_transient_for (about) == GTK_WINDOW (window));
  gtk_window_destroy (about);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_preferences_window (HpUiTestWindowFixture *fixture,
                         gconstpointer          data)
{
  g_autoptr (GSettings) settings = hp_settings_new ();
  HpWindow *window = fixture->window;
  /* without a parent: under LeakSanitizer, a preferences window transient
   * for an HpWindow leaves 16 kB inside GTK or libadwaita (no stack) */
  GtkWindow *prefs = hp_preferences_window_new (NULL, settings);
  GtkWidget *row;
  GtkWidget *toggle;
  GtkWidget *spin;

  g_assert_true (ADW_IS_PREFERENCES_WINDOW (prefs));
  gtk_window_present (prefs);
  g_assert_false (g_settings_get_boolean (settings, "hta-compat"));

  row = hp_ui_test_find_widget (GTK_WIDGET (prefs), is_row_named, (gpointer) "hta-compat");
  g_assert_nonnull (row);
  toggle = hp_ui_test_find_widget_of_type (row, GTK_TYPE_SWITCH);
  gtk_switch_set_active (GTK_SWITCH (toggle), TRUE);
  g_assert_true (g_settings_get_boolean (settings, "hta-compat"));
  /* the open window follows, and loads again with HTA's rules */
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "loading");
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  g_assert_cmpint (hp_trace_get_mode (hp_session_get_trace (hp_window_get_session (window))), ==,
                   HP_MODE_HTA_COMPAT);

  row = hp_ui_test_find_widget (GTK_WIDGET (prefs), is_row_named, (gpointer) "consecutive-kernel-delay");
  g_assert_nonnull (row);
  spin = hp_ui_test_find_widget_of_type (row, GTK_TYPE_SPIN_BUTTON);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 30);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), 45);
  g_assert_cmpint (g_settings_get_int (settings, "consecutive-kernel-delay"), ==, 45);

  row = hp_ui_test_find_widget (GTK_WIDGET (prefs), is_row_named, (gpointer) "duration-ratio");
  spin = hp_ui_test_find_widget_of_type (row, GTK_TYPE_SPIN_BUTTON);
  g_assert_cmpfloat (gtk_spin_button_get_value (GTK_SPIN_BUTTON (spin)), ==, 0.8);

  g_settings_reset (settings, "hta-compat");
  g_settings_reset (settings, "consecutive-kernel-delay");
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  gtk_window_destroy (prefs);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  hp_ui_test_add_window ("/ui/window/tab-keys-from-spin-button", "hta_trace_filter_2ranks", test_tab_keys_from_spin_button);

  hp_ui_test_add_window ("/ui/window/findings-not-selected-after-switch", "hta_trace_filter_2ranks", test_findings_not_selected_after_switch);
  g_test_add_func ("/ui/window/status-pages", test_status_pages);
  hp_ui_test_add_window ("/ui/window/overview-missing-ranks", "check/ranks-3-of-4", test_overview_missing_ranks);
  hp_ui_test_add_window ("/ui/window/overview-stragglers", "hta_trace_filter_2ranks", test_overview_stragglers);
  hp_ui_test_add_window ("/ui/window/no-distributed-info-banner", "hta_distributed_info_unavailable", test_no_distributed_info_banner);
  hp_ui_test_add_window ("/ui/window/export-toast", "hta_trace_filter_2ranks", test_export_toast);
  hp_ui_test_add_window ("/ui/window/preferences", "hta_trace_filter_2ranks", test_preferences_window);
  g_test_add_func ("/ui/window/about", test_about_window);

  return g_test_run ();
}
