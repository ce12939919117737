/* test-window.c — the main window under Xvfb: loading, tabs, parameters, charts, cancel, bad folders.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "hp-idle-time-panel.h"
#include "hp-kernels-panel.h"
#include "hp-launches-panel.h"
#include "hp-session-private.h"
#include "hp-settings.h"
#include "hp-table-model.h"
#include "hp-timeline-panel.h"
#include "hp-test-utils.h"
#include "hp-ui-test-utils.h"
#include "hp-critical-path-panel.h"
#include "hp-window.h"

static const char *const expected_tabs[] = {
  "Overview",
  "Timeline",
  "Kernels",
  "Idle time",
  "Overlap",
  "Communication",
  "Launches",
  "Counters",
  "ATen delays",
  "User annotations",
  "Critical path",
  "Memory",
  "Counters (CUPTI)",
  "Stragglers",
  "Patterns",
};

/* the tabs that draw HTA's charts */
static const char *const chart_tabs[] = {
  "Overview",
  "Kernels",
  "Idle time",
  "Overlap",
  "Launches",
  "Counters",
  "ATen delays",
  "User annotations",
  "Critical path",
};

/* Opens the test trace @name in a new window and waits until it is loaded */
static HpWindow *
open_trace (const char *name)
{
  g_autofree char *path = hp_test_data_path (name, NULL);
  HpWindow        *window = hp_ui_test_open_window (path, -1, -1);

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  return window;
}

/* The window's drop target: the controller a file manager's drag lands on */
static GtkDropTarget *
find_drop_target (HpWindow *window)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) controller = g_list_model_get_item (controllers, i);

      /* the window holds a reference; the pointer outlives this list */
      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }
  return NULL;
}

/* Drops @files on @window as GTK does once the drag's data has arrived:
 * the target's "drop" signal with a GdkFileList */
static gboolean
drop_files (HpWindow *window,
            GFile   **files,
            guint     n_files)
{
  GtkDropTarget *target = find_drop_target (window);
  GSList        *list = NULL;
  GValue         value = G_VALUE_INIT;
  gboolean       accepted = FALSE;

  g_assert_nonnull (target);
  g_assert_true (gdk_content_formats_contain_gtype (gtk_drop_target_get_formats (target), GDK_TYPE_FILE_LIST));
  g_assert_true (gtk_drop_target_get_actions (target) & GDK_ACTION_COPY);

  for (guint i = n_files; i > 0; i--)
    list = g_slist_prepend (list, files[i - 1]);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (list));
  g_slist_free (list);
  g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &accepted);
  g_value_unset (&value);
  return accepted;
}

/* A stand-in for kernel_breakdown, so the parameter test does not depend on
 * which analyses this build has: num_kernels rows per rank */
static gboolean
fake_kernel_breakdown (HpTrace                *trace,
                       const HpAnalysisParams *params,
                       GPtrArray              *tables,
                       GCancellable           *cancellable,
                       GError                **error)
{
  HpTable *table = hp_table_new ("fake_kernels", "Kernels");

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "sum", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    for (int i = 0; i < MIN (hp_analysis_params_get_int (params, &hp_kernel_breakdown_num_kernels_spec), 50); i++)
      {
        guint            row = hp_table_append_row (table);
        g_autofree char *name = g_strdup_printf ("kernel %d", i);

        hp_table_set_string (table, row, 0, name);
        hp_table_set_double (table, row, 1, 100.0 * (i + 1));
        hp_table_set_int (table, row, 2, hp_trace_get_rank (trace, k)->rank);
      }
  g_ptr_array_add (tables, table);
  return TRUE;
}

static const HpAnalysis fake_analysis = {
  .name = "kernel_breakdown",
  .title = "Kernel breakdown (test)",
  .section = "§3",
  .func = fake_kernel_breakdown,
  .in_default_set = TRUE,
  /* a parameter change re-runs only what reads it */
  .specs = (const HpParamSpec *const[]){ &hp_kernel_breakdown_num_kernels_spec, NULL },
};

static void
test_load_and_tabs (HpUiTestWindowFixture *fixture,
                    gconstpointer          data)
{
  HpWindow    *window = fixture->window;
  HpTracePage *page;
  GtkNotebook *notebook;
  HpSession   *session;

  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "trace");
  g_assert_nonnull (hp_window_get_key (window));

  page = hp_window_get_trace_page (window);
  g_assert_nonnull (page);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (page)));
  session = hp_window_get_session (window);
  g_assert_cmpuint (hp_trace_get_n_ranks (hp_session_get_trace (session)), ==, 2);
  g_assert_cmpint (hp_session_get_selected_rank (session), ==, -1);
  /* both files are fine: no banner */
  g_assert_false (hp_trace_page_get_issues_shown (page));

  notebook = hp_trace_page_get_notebook (page);
  g_assert_cmpint (gtk_notebook_get_n_pages (notebook), ==, G_N_ELEMENTS (expected_tabs));
  for (guint i = 0; i < G_N_ELEMENTS (expected_tabs); i++)
    {
      GtkWidget       *child = gtk_notebook_get_nth_page (notebook, (int)i);
      HpAnalysisPanel *panel;

      g_assert_cmpstr (gtk_notebook_get_tab_label_text (notebook, child), ==, expected_tabs[i]);
      if (HP_IS_TIMELINE_PANEL (child))
        {
          /* the timeline shows the same trace and paints when visited */
          gtk_notebook_set_current_page (notebook, (int)i);
          hp_ui_test_spin (50);
          g_assert_true (gtk_widget_get_mapped (child));
          g_assert_nonnull (hp_timeline_panel_get_view (HP_TIMELINE_PANEL (child)));
          continue;
        }
      g_assert_true (HP_IS_ANALYSIS_PANEL (child));
      panel = HP_ANALYSIS_PANEL (child);
      g_assert_true (hp_analysis_panel_get_session (panel) == session);
      g_assert_nonnull (hp_analysis_panel_get_charts_box (panel));

      /* visiting a tab computes its analyses; each ends (or is not in this build) */
      gtk_notebook_set_current_page (notebook, (int)i);
      g_assert_true (hp_trace_page_get_current_panel (page) == panel);
      hp_ui_test_spin (50);
      g_assert_true (gtk_widget_get_mapped (child));
      g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_idle, panel));
    }

  /* the rank selector follows the session */
  hp_session_set_selected_rank (session, 1);
  hp_ui_test_spin (50);
  hp_session_set_selected_rank (session, -1);
}

/* a spin button without decimals */
static gboolean
is_whole_number_spin (GtkWidget *widget,
                      gpointer   data)
{
  return GTK_IS_SPIN_BUTTON (widget) && gtk_spin_button_get_digits (GTK_SPIN_BUTTON (widget)) == 0;
}

/* a spin button showing *(double *)@data */
static gboolean
is_spin_showing (GtkWidget *widget,
                 gpointer   data)
{
  return GTK_IS_SPIN_BUTTON (widget) && gtk_spin_button_get_value (GTK_SPIN_BUTTON (widget)) == *(double *)data;
}

typedef struct
{
  HpAnalysisPanel *panel;
  guint            n_rows;
} RowsWanted;

static gboolean
first_table_has_rows (gpointer data)
{
  RowsWanted  *wanted = data;
  HpTableView *view;

  if (hp_analysis_panel_is_busy (wanted->panel) || hp_analysis_panel_get_n_table_views (wanted->panel) == 0)
    return FALSE;
  view = hp_analysis_panel_get_table_view (wanted->panel, 0);
  return g_list_model_get_n_items (hp_table_view_get_model (view)) == wanted->n_rows;
}

static void
test_parameter_change (HpUiTestWindowFixture *fixture,
                       gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  GtkNotebook     *notebook;
  HpAnalysisPanel *panel;
  HpSession       *session;
  HpTableView     *view;
  GtkSpinButton   *spin_button;
  HpAnalysisParams params;
  RowsWanted       wanted;

  session = hp_window_get_session (window);
  _hp_session_override_analysis (session, &fake_analysis);

  notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (window));
  panel = HP_ANALYSIS_PANEL (gtk_notebook_get_nth_page (notebook, 2));
  g_assert_true (HP_IS_KERNELS_PANEL (panel));
  gtk_notebook_set_current_page (notebook, 2);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_shown, panel));

  /* ten kernels on each of the two ranks */
  view = hp_analysis_panel_get_table_view (panel, 0);
  g_assert_cmpuint (g_list_model_get_n_items (hp_table_view_get_model (view)), ==, 20);
  g_assert_true (hp_analysis_panel_get_main_table_view (panel) == view);

  /* through the session: the analysis runs again and the same view shows it */
  params = (HpAnalysisParams){ 0 };
  hp_analysis_params_copy (&params, hp_session_get_params (session));
  hp_analysis_params_set_int (&params, &hp_kernel_breakdown_num_kernels_spec, 3);
  hp_session_set_params (session, &params);
  hp_analysis_params_clear (&params);
  wanted = (RowsWanted){ panel, 6 };
  g_assert_true (hp_ui_test_wait_for (first_table_has_rows, &wanted));
  g_assert_true (hp_analysis_panel_get_table_view (panel, 0) == view);

  /* through the panel's "Kernels per type" spin button */
  spin_button = GTK_SPIN_BUTTON (hp_ui_test_find_widget (GTK_WIDGET (panel), is_whole_number_spin, NULL));
  g_assert_nonnull (spin_button);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin_button), ==, 3);
  gtk_spin_button_set_value (spin_button, 5);
  g_assert_cmpint (hp_analysis_params_get_int (hp_session_get_params (session), &hp_kernel_breakdown_num_kernels_spec), ==, 5);
  wanted = (RowsWanted){ panel, 10 };
  g_assert_true (hp_ui_test_wait_for (first_table_has_rows, &wanted));

  /* the rank selector filters the rows of per-rank tables */
  hp_session_set_selected_rank (session, 1);
  g_assert_cmpint (hp_table_view_get_rank (view), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (hp_table_view_get_model (view)), ==, 5);
  hp_session_set_selected_rank (session, -1);
  g_assert_cmpuint (g_list_model_get_n_items (hp_table_view_get_model (view)), ==, 10);
}

static void
test_cancel (void)
{
  g_autofree char *path = hp_test_data_path ("hta_negative_queue_length", NULL);
  HpWindow        *window = hp_ui_test_open_window (path, -1, -1);

  /* cancel at once, through the action the Cancel button uses */
  g_assert_true (hp_window_is_loading (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.cancel-load", NULL));
  g_assert_false (hp_window_is_loading (window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "start");
  g_assert_true (hp_window_is_empty (window));
  g_assert_null (hp_window_get_key (window));

  /* the worker finishes on its own; the window ignores it */
  hp_ui_test_spin (1500);
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "start");
  g_assert_null (hp_window_get_trace_page (window));

  /* and a cancel right after starting, then closing, does not crash */
  {
    const char *paths[] = { path, NULL };

    hp_window_open (window, paths);
    hp_window_cancel_load (window);
    hp_window_open (window, paths);
  }
  hp_ui_test_close_window (window);
  hp_ui_test_spin (1500);
}

static void
test_corrupt_rank (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-test-XXXXXX", &error);
  g_autofree char *good = hp_test_data_path ("hta_trace_filter_2ranks/sampled_rank-0.json.gz", NULL);
  g_autofree char *copy = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *contents = NULL;
  HpWindow        *window;
  HpTracePage     *page;
  gsize            length;

  g_assert_no_error (error);
  copy = g_build_filename (dir, "sampled_rank-0.json.gz", NULL);
  bad = g_build_filename (dir, "rank-1.json", NULL);
  g_file_get_contents (good, &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (copy, contents, (gssize)length, &error);
  g_assert_no_error (error);
  g_file_set_contents (bad, "{\"traceEvents\": [{\"name\": \"aten::mm\", \"ph\": \"X\", \"ts\": 1", -1, &error);
  g_assert_no_error (error);

  window = hp_ui_test_open_window (dir, -1, -1);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));

  /* the good rank loads; the banner names the bad file and why */
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "trace");
  page = hp_window_get_trace_page (window);
  g_assert_cmpuint (hp_trace_get_n_ranks (hp_session_get_trace (hp_window_get_session (window))), ==, 1);
  g_assert_true (hp_trace_page_get_issues_shown (page));
  g_assert_nonnull (strstr (hp_trace_page_get_issues_text (page), "rank-1.json"));
  g_assert_nonnull (strstr (hp_trace_page_get_issues_text (page), "truncated"));

  hp_ui_test_close_window (window);
  g_assert_cmpint (g_remove (copy), ==, 0);
  g_assert_cmpint (g_remove (bad), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* a folder holding files of two jobs: the error page names both and has a
 * button per job; the first opens that job's two ranks */
static void
test_mixed_jobs_folder (void)
{
  g_autofree char *dir = hp_test_data_path ("mixed_jobs", NULL);
  HpWindow        *window = hp_ui_test_open_window (dir, -1, -1);
  HpTrace         *trace;

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "error");
  g_assert_nonnull (strstr (hp_window_get_error_text (window), "2 different jobs"));
  g_assert_nonnull (strstr (hp_window_get_error_text (window), "sampled_rank-1.json.gz"));
  g_assert_nonnull (strstr (hp_window_get_error_text (window), "benchmark_result_493459_1694039959_trace.json.gz"));
  g_assert_cmpuint (hp_window_get_n_job_buttons (window), ==, 2);

  hp_window_click_job_button (window, 2);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "trace");
  trace = hp_session_get_trace (hp_window_get_session (window));
  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 1);

  /* a reload keeps the job open */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL));
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "trace");
  g_assert_cmpuint (hp_trace_get_n_ranks (hp_session_get_trace (hp_window_get_session (window))), ==, 1);
  g_assert_cmpuint (hp_window_get_n_job_buttons (window), ==, 0);

  hp_ui_test_close_window (window);
}

/* two runs that name no world size, the second starting eleven minutes
 * after the first began: two jobs, a button each, not one job with a
 * warning */
static void
test_jobs_apart_folder (void)
{
  g_autofree char *dir = hp_test_data_path ("edge", "jobs-apart", NULL);
  HpWindow        *window = hp_ui_test_open_window (dir, -1, -1);

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "error");
  g_assert_nonnull (strstr (hp_window_get_error_text (window), "2 different jobs"));
  g_assert_cmpuint (hp_window_get_n_job_buttons (window), ==, 2);

  hp_window_click_job_button (window, 1);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "trace");
  g_assert_cmpuint (hp_trace_get_n_ranks (hp_session_get_trace (hp_window_get_session (window))), ==, 1);
  g_assert_cmpint (hp_trace_get_rank (hp_session_get_trace (hp_window_get_session (window)), 0)->rank, ==, 0);

  hp_ui_test_close_window (window);
}

static void
test_empty_folder (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-test-XXXXXX", &error);
  g_autofree char *name = NULL;
  HpWindow        *window;

  g_assert_no_error (error);
  window = hp_ui_test_open_window (dir, -1, -1);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));

  /* nothing to show: the error page says why; the window is empty again */
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "error");
  g_assert_null (hp_window_get_trace_page (window));
  g_assert_true (hp_window_is_empty (window));
  name = g_path_get_basename (dir);
  g_assert_nonnull (strstr (hp_window_get_error_text (window), name));
  g_assert_nonnull (strstr (hp_window_get_error_text (window), "no trace files"));

  /* and a good folder opens in the same window afterwards */
  {
    g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
    g_autoptr (GFile) file = g_file_new_for_path (path);

    hp_window_open_files (window, &file, 1);
    g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
    g_assert_cmpstr (hp_window_get_visible_page (window), ==, "trace");
  }

  hp_ui_test_close_window (window);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_reload_keeps_trace_on_cancel (HpUiTestWindowFixture *fixture,
                                   gconstpointer          data)
{
  HpWindow    *window = fixture->window;
  HpTracePage *page;

  page = hp_window_get_trace_page (window);

  /* the HTA compatibility toggle loads again; cancel goes back to the trace */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hta-compat", NULL));
  g_assert_true (hp_window_is_loading (window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "loading");
  hp_window_cancel_load (window);
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "trace");
  g_assert_true (hp_window_get_trace_page (window) == page);

  /* reload to the end: a new page in HTA mode */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL));
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "trace");
  g_assert_cmpint (hp_trace_get_mode (hp_session_get_trace (hp_window_get_session (window))), ==,
                   HP_MODE_HTA_COMPAT);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hta-compat", NULL));
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  g_assert_cmpint (hp_trace_get_mode (hp_session_get_trace (hp_window_get_session (window))), ==,
                   HP_MODE_DEFAULT);
}

/* The communication pattern file applies to the open folder when it
 * changes; one that cannot be used is a toast naming the file, the line
 * and the reason, and the folder loads without it */
static void
test_comm_patterns (void)
{
  g_autoptr (GSettings) settings = hp_settings_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-patterns-XXXXXX", &error);
  g_autofree char *good = g_build_filename (dir, "good.patterns", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.patterns", NULL);
  g_autofree char *expected = g_strdup_printf ("%s:3: \"!\" without a pattern", bad);
  HpWindow        *window;
  HpTrace         *trace;

  g_assert_no_error (error);
  g_assert_nonnull (settings);
  g_assert_true (g_file_set_contents (good, "gemm_kernel\n", -1, &error));
  g_assert_true (g_file_set_contents (bad, "# ours\ngemm_kernel\n!\n", -1, &error));
  g_settings_set_string (settings, "comm-patterns", good);
  window = open_trace ("comm/helpers");
  trace = hp_session_get_trace (hp_window_get_session (window));
  g_assert_cmpint (hp_trace_get_rank (trace, 0)->kclass[hp_test_find_event (trace, "gemm_kernel")], ==,
                   HP_KERNEL_CLASS_COMMUNICATION);
  g_assert_null (hp_window_get_last_notice (window));

  /* a new file reloads the open folder */
  g_settings_set_string (settings, "comm-patterns", bad);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "trace");
  g_assert_nonnull (hp_window_get_last_notice (window));
  g_assert_nonnull (strstr (hp_window_get_last_notice (window), expected));
  trace = hp_session_get_trace (hp_window_get_session (window));
  g_assert_cmpint (hp_trace_get_rank (trace, 0)->kclass[hp_test_find_event (trace, "gemm_kernel")], ==,
                   HP_KERNEL_CLASS_COMPUTATION);

  g_settings_set_string (settings, "comm-patterns", "");
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  hp_ui_test_close_window (window);
  g_unlink (good);
  g_unlink (bad);
  g_rmdir (dir);
}

static void
test_drop_folder (void)
{
  g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autoptr (GFile) folder = g_file_new_for_path (path);
  const char      *paths[] = { path, NULL };
  g_autofree char *key = hp_paths_key (paths);
  HpWindow        *window = hp_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "start");

  /* an empty list is refused and changes nothing */
  g_assert_false (drop_files (window, NULL, 0));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "start");
  g_assert_true (hp_window_is_empty (window));

  /* a trace folder loads in the empty window, as if opened */
  g_assert_true (drop_files (window, &folder, 1));
  g_assert_true (hp_window_is_loading (window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "loading");
  g_assert_cmpstr (hp_window_get_key (window), ==, key);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "trace");
  g_assert_nonnull (hp_window_get_trace_page (window));
  g_assert_cmpuint (hp_trace_get_n_ranks (hp_session_get_trace (hp_window_get_session (window))), ==, 2);
  g_assert_false (hp_trace_page_get_issues_shown (hp_window_get_trace_page (window)));

  hp_ui_test_close_window (window);
}

static void
test_drop_not_a_trace (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-test-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr (GFile) file = NULL;
  HpWindow *window;

  g_assert_no_error (error);
  path = g_build_filename (dir, "notes.txt", NULL);
  g_file_set_contents (path, "Meeting notes, not a trace\n", -1, &error);
  g_assert_no_error (error);
  file = g_file_new_for_path (path);

  window = hp_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (drop_files (window, &file, 1));
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));

  /* the error page names the file and says why; the window takes the next drop */
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "error");
  g_assert_null (hp_window_get_trace_page (window));
  g_assert_true (hp_window_is_empty (window));
  g_test_message ("error: %s", hp_window_get_error_text (window));
  g_assert_nonnull (strstr (hp_window_get_error_text (window), "notes.txt"));
  g_assert_nonnull (strstr (hp_window_get_error_text (window), "not valid JSON"));

  hp_ui_test_close_window (window);
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static HpAnalysisPanel *
show_tab (HpWindow   *window,
          const char *label)
{
  GtkNotebook *notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (window));

  return hp_ui_test_show_tab (notebook, label, hp_ui_test_panel_idle);
}

static gboolean
view_allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 0 && gtk_widget_get_height (data) > 0;
}

static gboolean
finding_shown (gpointer data)
{
  return !hp_analysis_panel_is_busy (data) && hp_critical_path_panel_get_finding (data) != NULL;
}

/* a label on screen whose text starts with @data */
static gboolean
shown_label_starting (GtkWidget *widget,
                      gpointer   data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_is_drawable (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), data);
}

/* The Critical path tab runs in the background, shows the path's share
 * by bound_by as a chart, the chain as a table, and says in words what
 * bound the first step of rank 0: CPU-bound, as the CLI finds */
static void
test_critical_path_tab (HpUiTestWindowFixture *fixture,
                        gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  HpAnalysisPanel *panel = show_tab (window, "Critical path");
  const char      *finding;

  g_assert_true (HP_IS_CRITICAL_PATH_PANEL (panel));
  g_assert_true (hp_ui_test_wait_for (finding_shown, panel));
  finding = hp_critical_path_panel_get_finding (HP_CRITICAL_PATH_PANEL (panel));
  g_test_message ("%s", finding);
  /* 99.67% of the path, not rounded up to a whole 100% */
  g_assert_nonnull (strstr (finding, "Rank 0, ProfilerStep#551 is 99.7% CPU-bound"));
  /* done: no "Computing the path…" line is left on the tab */
  hp_ui_test_spin (200);
  g_assert_null (hp_ui_test_find_widget (GTK_WIDGET (panel), shown_label_starting, (gpointer) "Computing"));
  g_assert_nonnull (hp_analysis_panel_find_chart_view (panel, "critical_path_summary"));
  g_assert_nonnull (hp_analysis_panel_find_table (panel, "critical_path", "critical_path_breakdown"));
  /* two ranks: the per-step critical rank too */
  g_assert_nonnull (hp_analysis_panel_find_table (panel, "critical_path", "critical_path_ranks"));
}

static void
test_charts (HpUiTestWindowFixture *fixture,
             gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  HpSession       *session;
  HpAnalysisPanel *panel;
  HpChartView     *rank0;
  HpChartView     *rank1;

  session = hp_window_get_session (window);

  /* every tab has data on this trace, so every tab draws charts */
  for (guint i = 0; i < G_N_ELEMENTS (chart_tabs); i++)
    {
      HpChartView *main_view;

      panel = show_tab (window, chart_tabs[i]);
      g_test_message ("%s: %u charts", chart_tabs[i], hp_analysis_panel_get_n_chart_views (panel));
      g_assert_cmpuint (hp_analysis_panel_get_n_chart_views (panel), >=, 1);
      main_view = hp_analysis_panel_get_main_chart_view (panel);
      g_assert_nonnull (main_view);
      g_assert_true (HP_IS_CHART_VIEW (main_view));
      g_assert_true (hp_chart_has_data (hp_chart_view_get_chart (main_view)));
      g_assert_true (hp_ui_test_wait_for (view_allocated, main_view));
    }

  /* the Overview has HTA's three headline charts, the Kernels tab keeps
   * most duration charts behind its expander */
  panel = show_tab (window, "Overview");
  g_assert_nonnull (hp_analysis_panel_find_chart_view (panel, "temporal_breakdown"));
  g_assert_nonnull (hp_analysis_panel_find_chart_view (panel, "kernel_type_percentage"));
  g_assert_nonnull (hp_analysis_panel_find_chart_view (panel, "comm_comp_overlap"));
  panel = show_tab (window, "Kernels");
  g_assert_nonnull (hp_analysis_panel_find_chart_view (panel, "kernel_type_percentage"));
  g_assert_nonnull (hp_analysis_panel_find_chart_view (panel, "kernels_COMPUTATION"));
  g_assert_cmpuint (hp_analysis_panel_get_n_chart_views (panel), >, 10);
  panel = show_tab (window, "ATen delays");
  g_assert_nonnull (hp_analysis_panel_find_chart_view (panel, "aten_op_occurrences_rank0"));

  /* the rank selector hides the charts of the other ranks */
  panel = show_tab (window, "Idle time");
  rank0 = hp_analysis_panel_find_chart_view (panel, "idle_time_rank0");
  rank1 = hp_analysis_panel_find_chart_view (panel, "idle_time_rank1");
  g_assert_nonnull (rank0);
  g_assert_nonnull (rank1);
  g_assert_cmpint (hp_chart_view_get_rank (rank0), ==, 0);
  g_assert_cmpint (hp_chart_view_get_rank (rank1), ==, 1);
  g_assert_true (hp_analysis_panel_get_main_chart_view (panel) == rank0);
  hp_session_set_selected_rank (session, 1);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (rank0)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (rank1)));
  g_assert_true (hp_analysis_panel_get_main_chart_view (panel) == rank1);
  /* charts comparing ranks stay */
  panel = show_tab (window, "Overview");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (hp_analysis_panel_find_chart_view (panel, "temporal_breakdown"))));
  hp_session_set_selected_rank (session, -1);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (rank0)));
}

static void
test_chart_tooltip (HpUiTestWindowFixture *fixture,
                    gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  HpAnalysisPanel *panel;
  HpChartView     *view;
  HpChart         *chart;
  const HpBarRect *bar;
  g_autofree char *text = NULL;

  panel = show_tab (window, "Overview");
  view = hp_analysis_panel_find_chart_view (panel, "temporal_breakdown");
  g_assert_nonnull (view);
  g_assert_true (hp_ui_test_wait_for (view_allocated, view));

  /* the first stacked segment: rank 0's idle share, exactly as the table has it */
  chart = hp_chart_view_get_chart (view);
  hp_chart_layout (chart, gtk_widget_get_width (GTK_WIDGET (view)), gtk_widget_get_height (GTK_WIDGET (view)),
                   hp_chart_view_get_style (view));
  g_assert_cmpuint (hp_bar_chart_get_layout (chart)->bars->len, >, 0);
  bar = &g_array_index (hp_bar_chart_get_layout (chart)->bars, HpBarRect, 0);
  text = hp_chart_view_get_tooltip_text (view, bar->rect.x + bar->rect.width / 2, bar->rect.y + bar->rect.height / 2);
  g_assert_nonnull (text);
  g_test_message ("tooltip: %s", text);
  g_assert_nonnull (strstr (text, "0 (GPU 0)"));
  g_assert_nonnull (strstr (text, "Idle"));
  g_assert_nonnull (strstr (text, "%"));

  /* nothing in the top left corner */
  g_clear_pointer (&text, g_free);
  text = hp_chart_view_get_tooltip_text (view, 1, 1);
  g_assert_null (text);
}

static void
test_chart_export (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-charts-XXXXXX", &error);
  g_autofree char *png = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *bad = NULL;
  g_autofree char *contents = NULL;
  HpWindow        *window;
  HpAnalysisPanel *panel;
  HpChartView     *view;
  cairo_surface_t *surface;
  gsize            length;
  int              width, height;
  double           scale;

  g_assert_no_error (error);
  window = open_trace ("hta_trace_filter_2ranks");
  panel = show_tab (window, "Overview");
  view = hp_analysis_panel_find_chart_view (panel, "temporal_breakdown");
  g_assert_nonnull (view);
  g_assert_true (hp_ui_test_wait_for (view_allocated, view));
  g_assert_true (hp_analysis_panel_get_main_chart_view (panel) == view);

  /* exports are the size shown, PNGs at twice the pixels */
  hp_chart_view_get_export_size (view, &width, &height, &scale);
  g_assert_cmpint (width, ==, gtk_widget_get_width (GTK_WIDGET (view)));
  g_assert_cmpint (height, ==, gtk_widget_get_height (GTK_WIDGET (view)));
  g_assert_cmpfloat (scale, >=, 1.0);

  png = g_build_filename (dir, "temporal_breakdown.png", NULL);
  g_assert_true (hp_chart_view_export_to_file (view, png, &error));
  g_assert_no_error (error);
  g_file_get_contents (png, &contents, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, >, 8);
  g_assert_cmpmem (contents, 8, "\x89PNG\r\n\x1a\n", 8);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, (int)(width * scale));
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, (int)(height * scale));
  cairo_surface_destroy (surface);
  g_clear_pointer (&contents, g_free);

  svg = g_build_filename (dir, "temporal_breakdown.svg", NULL);
  g_assert_true (hp_chart_view_export_to_file (view, svg, &error));
  g_assert_no_error (error);
  g_file_get_contents (svg, &contents, &length, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (contents, "<svg"));
  g_assert_nonnull (strstr (contents, "Temporal breakdown across ranks"));

  /* an unknown format fails and leaves nothing behind */
  bad = g_build_filename (dir, "temporal_breakdown.gif", NULL);
  g_assert_false (hp_chart_view_export_to_file (view, bad, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));

  /* the menu in the corner offers both formats through the view's actions */
  {
    GtkWidget  *button = gtk_widget_get_first_child (GTK_WIDGET (view));
    GMenuModel *menu;
    char       *action = NULL;

    g_assert_true (GTK_IS_MENU_BUTTON (button));
    menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
    g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 2);
    g_assert_true (g_menu_model_get_item_attribute (menu, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action));
    g_assert_cmpstr (action, ==, "chart.export-png");
    g_free (action);
    g_assert_true (g_menu_model_get_item_attribute (menu, 1, G_MENU_ATTRIBUTE_ACTION, "s", &action));
    g_assert_cmpstr (action, ==, "chart.export-svg");
    g_free (action);
    gtk_menu_button_popup (GTK_MENU_BUTTON (button));
    hp_ui_test_spin (50);
    gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
    hp_ui_test_spin (50);
    /* the focus is back on the menu button: closing the window below
     * checks that a focus inside a panel does not trip GTK up */
    g_assert_true (gtk_widget_is_ancestor (gtk_window_get_focus (GTK_WINDOW (window)), GTK_WIDGET (view)));
  }

  /* the view still answers tooltips for its own size afterwards */
  g_assert_cmpfloat (hp_chart_get_layout (hp_chart_view_get_chart (view))->width, ==,
                     gtk_widget_get_width (GTK_WIDGET (view)));

  /* a parent measuring the view for a width it is not given (a busy
   * machine lets such a measure land without an allocation after it)
   * leaves the chart laid out at the size shown: clicks and tooltips
   * hit-test that layout */
  {
    int minimum, natural;

    /* a resize queued (the menu's popup queues one) empties GTK's cache of
     * measures, so the view measures again */
    gtk_widget_queue_resize (GTK_WIDGET (view));
    gtk_widget_measure (GTK_WIDGET (view), GTK_ORIENTATION_VERTICAL, 524279, &minimum, &natural, NULL, NULL);
    g_assert_cmpint (natural, >, 0);
    g_assert_cmpfloat (hp_chart_get_layout (hp_chart_view_get_chart (view))->width, ==,
                       gtk_widget_get_width (GTK_WIDGET (view)));
    g_assert_cmpfloat (hp_chart_get_layout (hp_chart_view_get_chart (view))->height, ==,
                       gtk_widget_get_height (GTK_WIDGET (view)));
  }

  hp_ui_test_close_window (window);
  g_assert_cmpint (g_remove (png), ==, 0);
  g_assert_cmpint (g_remove (svg), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

typedef struct
{
  HpLaunchesPanel *panel;
  const char      *old_text;
} SummaryWanted;

static gboolean
summary_changed (gpointer data)
{
  SummaryWanted *wanted = data;
  const char    *text = hp_launches_panel_get_summary (wanted->panel);

  return !hp_analysis_panel_is_busy (HP_ANALYSIS_PANEL (wanted->panel)) && text[0] != '\0' &&
         g_strcmp0 (text, wanted->old_text) != 0;
}

/* a label set visible whose text is @data */
static gboolean
visible_label_is (GtkWidget *widget,
                  gpointer   data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) &&
         g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

/* An empty table says why under "This table has no rows": the queue
 * length table of streams blocked at the default limit, which no stream
 * of this trace reaches, names the settings that may leave rows out */
static void
test_empty_table_reason (HpUiTestWindowFixture *fixture,
                         gconstpointer          data)
{
  HpAnalysisPanel *panel = show_tab (fixture->window, "Counters");
  guint            n_empty = 0;

  for (guint i = 0; i < hp_analysis_panel_get_n_table_views (panel); i++)
    {
      HpTableView *view = hp_analysis_panel_get_table_view (panel, i);
      HpTable     *table = hp_table_view_get_table (view);
      const char  *reason = hp_table_view_get_empty_reason (view);

      if (hp_table_get_n_rows (table) > 0)
        {
          g_assert_null (reason);
          continue;
        }
      n_empty++;
      g_test_message ("%s: %s", hp_table_get_name (table), reason);
      g_assert_nonnull (
          hp_ui_test_find_widget (GTK_WIDGET (view), visible_label_is, (gpointer) "This table has no rows"));
      if (hp_table_get_note (table) != NULL)
        continue;
      g_assert_nonnull (reason);
      g_assert_nonnull (strstr (reason, "settings"));
      g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (view), visible_label_is, (gpointer)reason));
    }
  g_assert_cmpuint (n_empty, >, 0);
}

static void
test_launch_cutoffs (HpUiTestWindowFixture *fixture,
                     gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  HpAnalysisPanel *panel;
  HpSession       *session;
  GtkSpinButton   *runtime_spin;
  HpChartView     *outliers;
  g_autofree char *before = NULL;
  SummaryWanted    wanted;
  double           runtime_default = 50;

  session = hp_window_get_session (window);
  panel = show_tab (window, "Launches");
  g_assert_true (HP_IS_LAUNCHES_PANEL (panel));

  /* HTA's defaults: 50 us and 100 us; no launch call is that slow here */
  wanted = (SummaryWanted){ HP_LAUNCHES_PANEL (panel), "" };
  g_assert_true (hp_ui_test_wait_for (summary_changed, &wanted));
  before = g_strdup (hp_launches_panel_get_summary (HP_LAUNCHES_PANEL (panel)));
  g_test_message ("before: %s", before);
  g_assert_nonnull (strstr (before, "Across 2 ranks"));
  g_assert_nonnull (strstr (before, "280 short kernels"));
  g_assert_nonnull (strstr (before, "0 launch calls longer than 50 µs"));
  g_assert_nonnull (strstr (before, "911 kernels starting more than 100 µs"));
  outliers = hp_analysis_panel_find_chart_view (panel, "launch_runtime_outliers_rank0");
  g_assert_nonnull (outliers);
  g_assert_false (hp_chart_has_data (hp_chart_view_get_chart (outliers)));
  /* the trace has launches and kernels: the empty chart says that nothing
   * falls in it, with the settings that may leave it out */
  g_assert_nonnull (hp_chart_get_no_data_reason (hp_chart_view_get_chart (outliers)));
  g_assert_nonnull (strstr (hp_chart_get_no_data_reason (hp_chart_view_get_chart (outliers)), "settings"));

  /* a lower runtime cutoff through the panel's spin button: the analysis
   * runs again, the counts and the charts follow */
  runtime_spin = GTK_SPIN_BUTTON (hp_ui_test_find_widget (GTK_WIDGET (panel), is_spin_showing, &runtime_default));
  g_assert_nonnull (runtime_spin);
  gtk_spin_button_set_value (runtime_spin, 10);
  g_assert_cmpfloat (hp_analysis_params_get_double (hp_session_get_params (session), &hp_launch_stats_runtime_cutoff_spec), ==, 10);
  wanted = (SummaryWanted){ HP_LAUNCHES_PANEL (panel), before };
  g_assert_true (hp_ui_test_wait_for (summary_changed, &wanted));
  g_test_message ("after: %s", hp_launches_panel_get_summary (HP_LAUNCHES_PANEL (panel)));
  g_assert_null (strstr (hp_launches_panel_get_summary (HP_LAUNCHES_PANEL (panel)), "0 launch calls longer"));
  g_assert_nonnull (strstr (hp_launches_panel_get_summary (HP_LAUNCHES_PANEL (panel)), "longer than 10 µs"));
  outliers = hp_analysis_panel_find_chart_view (panel, "launch_runtime_outliers_rank0");
  g_assert_nonnull (outliers);
  g_assert_true (hp_chart_has_data (hp_chart_view_get_chart (outliers)));

  /* and the rank selector narrows the line to one rank */
  hp_session_set_selected_rank (session, 1);
  g_assert_nonnull (strstr (hp_launches_panel_get_summary (HP_LAUNCHES_PANEL (panel)), "Rank 1:"));
  hp_session_set_selected_rank (session, -1);

  /* closing with the focus in a spin button of the panel is fine too */
  g_assert_true (gtk_widget_grab_focus (GTK_WIDGET (runtime_spin)));
  hp_ui_test_spin (50);
}

static gboolean
temporal_done (gpointer data)
{
  return hp_session_get_analysis_state (data, "temporal_breakdown") == HP_ANALYSIS_STATE_DONE;
}

static double
temporal_kernel_time (HpSession *session)
{
  GPtrArray *tables = NULL;

  g_assert_true (hp_session_get_result (session, "temporal_breakdown", &tables, NULL));
  g_assert_nonnull (tables);
  return hp_table_get_double (tables->pdata[0], 0, (guint)hp_table_find_column (tables->pdata[0], "kernel_time(us)"));
}

/* The scope bar says what the tabs show, and every analysis follows the
 * session's scope; going back to the whole trace takes the cached results */
static void
test_scope (HpUiTestWindowFixture *fixture,
            gconstpointer          data)
{
  HpWindow    *window = fixture->window;
  HpTracePage *page = hp_window_get_trace_page (window);
  HpSession   *session = hp_window_get_session (window);
  HpScopeBar  *bar = hp_trace_page_get_scope_bar (page);
  g_autoptr (HpScope) range = hp_scope_new_range (hp_time_span_make (100000000, 200000000));
  double whole, scoped;

  g_assert_cmpstr (hp_scope_bar_get_text (bar), ==, "Showing the whole trace");
  hp_session_run_analysis (session, "temporal_breakdown");
  g_assert_true (hp_ui_test_wait_for (temporal_done, session));
  whole = temporal_kernel_time (session);

  hp_session_set_scope (session, range);
  g_assert_cmpstr (hp_scope_bar_get_text (bar), ==, "Showing 100.000 ms – 200.000 ms only");
  g_assert_true (hp_ui_test_wait_for (temporal_done, session));
  scoped = temporal_kernel_time (session);
  /* the GPU time span inside a 100 ms range */
  g_assert_cmpfloat (scoped, <=, 100000.0);
  g_assert_cmpfloat (scoped, <, whole);

  /* the range the timeline selects is the session's */
  g_assert_true (hp_time_span_is_empty (hp_session_get_selected_range (session)));
  hp_timeline_view_set_selected_range (hp_timeline_panel_get_view (hp_trace_page_get_timeline_panel (page)), 5000000,
                                       9000000);
  g_assert_cmpint (hp_session_get_selected_range (session).start, ==, 5000000);
  g_assert_cmpint (hp_session_get_selected_range (session).end, ==, 9000000);

  /* back to the whole trace: the first result again, at once */
  hp_session_set_scope (session, NULL);
  g_assert_cmpstr (hp_scope_bar_get_text (bar), ==, "Showing the whole trace");
  g_assert_cmpint (hp_session_get_analysis_state (session, "temporal_breakdown"), ==, HP_ANALYSIS_STATE_DONE);
  g_assert_cmpfloat (temporal_kernel_time (session), ==, whole);
}

/* The panels' controls take their range and help from the parameter specs
 * and give the session what the specs parse */
static void
test_param_controls (HpUiTestWindowFixture *fixture,
                     gconstpointer          data)
{
  HpWindow          *window = fixture->window;
  HpSession         *session = hp_window_get_session (window);
  GtkNotebook       *notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (window));
  GtkWidget         *kernels = NULL, *idle = NULL;
  GtkSpinButton     *spin;
  GtkEditable       *entry;
  double             lower, upper;
  const HpParamSpec *spec = hp_param_spec_find ("num_kernels");

  for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
    {
      GtkWidget *page = gtk_notebook_get_nth_page (notebook, i);

      if (HP_IS_KERNELS_PANEL (page))
        kernels = page;
      else if (HP_IS_IDLE_TIME_PANEL (page))
        idle = page;
    }
  g_assert_nonnull (kernels);
  g_assert_nonnull (idle);

  spin = GTK_SPIN_BUTTON (hp_ui_test_find_widget_of_type (kernels, GTK_TYPE_SPIN_BUTTON));
  gtk_spin_button_get_range (spin, &lower, &upper);
  g_assert_cmpfloat (lower, ==, spec->minimum);
  g_assert_cmpuint (gtk_spin_button_get_digits (spin), ==, 0);
  g_assert_cmpfloat (gtk_spin_button_get_value (spin), ==, hp_analysis_params_get_int (hp_session_get_params (session), &hp_kernel_breakdown_num_kernels_spec));

  /* a list of streams: separators as people type them; a typo is marked */
  entry = GTK_EDITABLE (hp_ui_test_find_widget_of_type (idle, GTK_TYPE_ENTRY));
  gtk_editable_set_text (entry, "7, x");
  g_signal_emit_by_name (entry, "activate");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_assert_null (hp_session_get_params (session)->streams);
  gtk_editable_set_text (entry, "7 23");
  g_signal_emit_by_name (entry, "activate");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (entry), "error"));
  g_assert_nonnull (hp_session_get_params (session)->streams);
  g_assert_cmpuint (hp_session_get_params (session)->streams->len, ==, 2);
  g_assert_cmpint (g_array_index (hp_session_get_params (session)->streams, gint64, 1), ==, 23);
  /* and back to every stream */
  gtk_editable_set_text (entry, "");
  g_signal_emit_by_name (entry, "activate");
  g_assert_null (hp_session_get_params (session)->streams);
}

/* The timeline's visible window, selected event, selected range and
 * highlights are the session's: the timeline writes them and follows them */
static void
test_view_state (HpUiTestWindowFixture *fixture,
                 gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  HpTracePage     *page = hp_window_get_trace_page (window);
  HpSession       *session = hp_window_get_session (window);
  HpTimelinePanel *panel = hp_trace_page_get_timeline_panel (page);
  HpTimelineView  *view = hp_timeline_panel_get_view (panel);
  GtkNotebook     *notebook = hp_trace_page_get_notebook (page);
  const HpRank    *r = hp_trace_get_rank (hp_session_get_trace (session), 1);
  HpLinkedEvents   linked = { 0 };
  gint64           start, end, event;
  int              rank;
  guint32          kernel = 0;

  gtk_notebook_set_current_page (notebook, gtk_notebook_page_num (notebook, GTK_WIDGET (panel)));
  hp_ui_test_spin (200);

  /* the session moves the timeline */
  hp_session_set_visible_window (session, hp_time_span_make (10000000, 30000000));
  hp_timeline_view_get_visible_range (view, &start, &end);
  g_assert_cmpint (start, ==, 10000000);
  g_assert_cmpint (end, ==, 30000000);
  /* and the timeline the session */
  hp_timeline_view_set_visible_range (view, 20000000, 25000000);
  g_assert_cmpint (hp_session_get_visible_window (session).start, ==, 20000000);
  g_assert_cmpint (hp_session_get_visible_window (session).end, ==, 25000000);

  /* a selected event, both ways */
  while (kernel < r->n_events && r->kind[kernel] != HP_EVENT_KIND_KERNEL)
    kernel++;
  g_assert_cmpuint (kernel, <, r->n_events);
  hp_session_set_selected_event (session, r->rank, kernel);
  g_assert_true (hp_timeline_view_get_selection (view, &rank, &event));
  g_assert_cmpint (rank, ==, r->rank);
  g_assert_cmpint (event, ==, kernel);
  hp_timeline_view_select_event (view, r->rank, kernel + 1 < r->n_events ? kernel + 1 : kernel);
  g_assert_true (hp_session_get_selected_event (session, &rank, &event));
  g_assert_cmpint (event, ==, kernel + 1 < r->n_events ? kernel + 1 : kernel);
  hp_session_set_selected_event (session, -1, -1);
  g_assert_false (hp_timeline_view_get_selection (view, NULL, NULL));

  /* a range selected through the session shows on the timeline */
  hp_session_set_selected_range (session, hp_time_span_make (21000000, 22000000));
  g_assert_true (hp_timeline_view_get_selected_range (view, &start, &end));
  g_assert_cmpint (start, ==, 21000000);
  g_assert_cmpint (end, ==, 22000000);

  /* highlights from anywhere show on the Timeline tab (from the Overview,
   * reached as a click on its tab would: with the focus on the tabs) */
  gtk_widget_grab_focus (GTK_WIDGET (notebook));
  gtk_notebook_set_current_page (notebook, 0);
  hp_ui_test_spin (100);
  linked.rank = r->rank;
  linked.events = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (linked.events, kernel);
  linked.focus = HP_LINKED_FOCUS_ONE;
  linked.description = (char *)"one kernel";
  hp_session_set_highlights (session, &linked);
  g_assert_cmpint (gtk_notebook_get_current_page (notebook), ==,
                   gtk_notebook_page_num (notebook, GTK_WIDGET (panel)));
  g_assert_true (hp_timeline_view_get_selection (view, &rank, &event));
  g_assert_cmpint (event, ==, kernel);
  g_assert_nonnull (hp_session_get_highlights (session));
  g_array_unref (linked.events);
  /* let the Timeline tab lay out what it shows before the window goes */
  hp_ui_test_spin (300);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  hp_ui_test_add_window ("/ui/window/load-and-tabs", "hta_trace_filter_2ranks", test_load_and_tabs);
  hp_ui_test_add_window ("/ui/window/parameter-change", "hta_trace_filter_2ranks", test_parameter_change);
  hp_ui_test_add_window ("/ui/window/scope", "hta_trace_filter_2ranks", test_scope);
  hp_ui_test_add_window ("/ui/window/param-controls", "hta_trace_filter_2ranks", test_param_controls);
  hp_ui_test_add_window ("/ui/window/view-state", "hta_trace_filter_2ranks", test_view_state);
  g_test_add_func ("/ui/window/cancel", test_cancel);
  g_test_add_func ("/ui/window/corrupt-rank", test_corrupt_rank);
  g_test_add_func ("/ui/window/mixed-jobs", test_mixed_jobs_folder);
  g_test_add_func ("/ui/window/jobs-apart", test_jobs_apart_folder);
  g_test_add_func ("/ui/window/empty-folder", test_empty_folder);
  hp_ui_test_add_window ("/ui/window/reload-keeps-trace-on-cancel", "hta_trace_filter_2ranks", test_reload_keeps_trace_on_cancel);
  g_test_add_func ("/ui/window/comm-patterns", test_comm_patterns);
  g_test_add_func ("/ui/window/drop-folder", test_drop_folder);
  g_test_add_func ("/ui/window/drop-not-a-trace", test_drop_not_a_trace);
  hp_ui_test_add_window ("/ui/window/charts", "hta_trace_filter_2ranks", test_charts);
  hp_ui_test_add_window ("/ui/window/chart-tooltip", "hta_trace_filter_2ranks", test_chart_tooltip);
  g_test_add_func ("/ui/window/chart-export", test_chart_export);
  hp_ui_test_add_window ("/ui/window/launch-cutoffs", "hta_trace_filter_2ranks", test_launch_cutoffs);
  hp_ui_test_add_window ("/ui/window/empty-table-reason", "hta_trace_filter_2ranks", test_empty_table_reason);

  /* last: a window it leaves wider changes the saved size the chart
   * export test starts from */
  hp_ui_test_add_window ("/ui/window/critical-path", "hta_trace_filter_2ranks", test_critical_path_tab);

  return g_test_run ();
}
