/* test-compare-window.c — the comparison window on two hand-made runs: tabs, a diff row, exports.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "hp-application.h"
#include "hp-loaded-runs.h"
#include "hp-chart-view.h"
#include "hp-compare-dialog.h"
#include "hp-compare-timelines.h"
#include "hp-compare-window.h"
#include "hp-dialogs.h"
#include "hp-settings.h"
#include "hp-table-view.h"
#include "hp-test-utils.h"
#include "hp-timeline-view.h"
#include "hp-tree-diff-view.h"
#include "hp-ui-test-utils.h"

static gboolean
not_comparing (gpointer window)
{
  return !hp_compare_window_is_loading (window);
}

/* the comparison of two files of diff/, compared without error */
static HpCompareWindow *
open_pair (const char        *control_file,
           const char        *test_file,
           const char *const *labels)
{
  g_autofree char  *control = hp_test_data_path ("diff", control_file, NULL);
  g_autofree char  *test = hp_test_data_path ("diff", test_file, NULL);
  const char *const paths[] = { control, test, NULL };
  HpCompareWindow  *window = hp_compare_window_new (NULL, paths, labels);

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hp_ui_test_wait_for (not_comparing, window));
  g_assert_null (hp_compare_window_get_error (window));
  return window;
}

/* the two runs of a test: files below tests/data/diff and their labels
 * (none: the window's own) */
typedef struct
{
  const char *control;
  const char *test;
  const char *labels[3];
} Pair;

static const Pair base_new = { "control.json", "test.json", { "Base", "New", NULL } };
static const Pair missing_rank = { "../check/steps-8.json", "../check/ranks-3-of-4", { "One", "Job", NULL } };
static const Pair filter_nccl = { "../hta_trace_filter_2ranks", "../hta_nccl_parser_config", { "Filter", "Nccl", NULL } };
static const Pair long_names = { "long-name-control.json", "long-name-test.json", { NULL } };
static const Pair tree_pair = { "tree-control.json", "tree-test.json", { NULL } };
static const Pair memory_pair = { "memory.json", "memory-test.json", { "Base", "New", NULL } };

typedef struct
{
  HpCompareWindow *window; /* compared */
} Fixture;

static void
fixture_setup (Fixture      *f,
               gconstpointer data)
{
  const Pair *pair = data;

  f->window = open_pair (pair->control, pair->test, pair->labels[0] != NULL ? pair->labels : NULL);
}

static void
fixture_teardown (Fixture      *f,
                  gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
}

/* the three tabs with their content; the findings in words */
static void
test_tabs (Fixture      *f,
           gconstpointer data)
{
  HpCompareWindow         *window = f->window;
  GtkNotebook             *notebook = hp_compare_window_get_notebook (window);
  static const char *const tabs[] = { "Summary", "Ops Diff", "Tree Diff", "Timelines" };
  HpTable                 *tree;

  g_assert_cmpint (gtk_notebook_get_n_pages (notebook), ==, G_N_ELEMENTS (tabs));
  for (guint i = 0; i < G_N_ELEMENTS (tabs); i++)
    {
      GtkWidget *page = gtk_notebook_get_nth_page (notebook, (int)i);

      g_assert_cmpstr (gtk_notebook_get_tab_label_text (notebook, page), ==, tabs[i]);
      gtk_notebook_set_current_page (notebook, (int)i);
      hp_ui_test_spin (100);
    }
  /* temporal breakdown, kernel types, overlap, idle time, step time, ops
   * (no memory events in these runs, so no memory chart nor table) */
  g_assert_cmpuint (hp_compare_window_get_n_charts (window), ==, 6);
  g_assert_false (gtk_widget_is_visible (hp_compare_window_get_memory_view (window)));
  /* Base's one complete step takes 100 us, New's 200 us */
  g_assert_nonnull (strstr (hp_compare_window_get_findings (window), "Base: steps take 0.1 ms on average"));
  g_assert_nonnull (strstr (hp_compare_window_get_findings (window), "New: steps take 0.2 ms on average"));
  g_assert_nonnull (strstr (hp_compare_window_get_findings (window), "Fastest steps: Base."));
  /* the sentences are the core's summary of the same runs */
  {
    HpTrace          *traces[] = { hp_run_get_trace (hp_compare_window_get_run (window, 0)),
                                   hp_run_get_trace (hp_compare_window_get_run (window, 1)) };
    const char *const labels[] = { "Base", "New" };
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) tables = NULL;
    g_autoptr (GPtrArray) sentences = NULL;
    g_autofree char *text = NULL;
    HpAnalysisParams params;

    hp_analysis_params_init (&params);
    tables = hp_compare_runs (traces, labels, 2, &params, NULL, &error);
    g_assert_no_error (error);
    /* against the first run, the baseline unless the dialog chose another */
    sentences = hp_compare_summary_against (traces, labels, 2, tables, 0);
    text = hp_compare_summary_to_text (sentences);
    g_assert_cmpstr (hp_compare_window_get_findings (window), ==, text);
    hp_analysis_params_clear (&params);
  }

  /* the tree diff of the pair: ProfilerStep is the same, its children changed */
  tree = hp_tree_diff_view_get_changed (HP_TREE_DIFF_VIEW (hp_compare_window_get_tree_view (window)));
  g_assert_nonnull (tree);
  g_assert_cmpuint (hp_table_get_n_rows (tree), >, 0);
  g_assert_cmpstr (hp_table_get_name (tree), ==, "tree_diff");
}

static gboolean is_chart_named (GtkWidget *widget,
                                gpointer   name);

/* a chooser of the runs whose first is @first */
static gboolean
is_run_chooser (GtkWidget *widget,
                gpointer   first)
{
  GListModel *model = GTK_IS_DROP_DOWN (widget) ? gtk_drop_down_get_model (GTK_DROP_DOWN (widget)) : NULL;

  return GTK_IS_STRING_LIST (model) && g_list_model_get_n_items (model) > 1 &&
         g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), first) == 0;
}

/* the ops diff: rows, a selected row copied, the pair swapped, the
 * communication filter, a chart exported */
static void
test_ops_diff (Fixture      *f,
               gconstpointer data)
{
  HpCompareWindow *window = f->window;
  HpTableView     *view = HP_TABLE_VIEW (hp_compare_window_get_ops_view (window));
  GListModel      *model = hp_table_view_get_model (view);
  HpTable         *table = hp_table_view_get_table (view);
  g_autofree char *copied = NULL;
  GtkWidget       *chart;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-compare-XXXXXX", &error);
  g_autofree char *png = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *csv_text = NULL;

  g_assert_no_error (error);
  gtk_notebook_set_current_page (hp_compare_window_get_notebook (window), 1);
  hp_ui_test_spin (200);
  g_assert_nonnull (table);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 7);
  g_assert_cmpint (hp_table_find_column (table, "Base_counts"), >=, 0);
  g_assert_cmpint (hp_table_find_column (table, "New_counts"), >=, 0);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 7);

  /* the scope compared is in exported files' names and under the charts */
  {
    g_autofree char *table_name = hp_table_view_get_export_name (view);
    GtkWidget       *counts = hp_ui_test_find_widget (GTK_WIDGET (window), is_chart_named, "ops_count_comparison");
    g_autofree char *chart_name = NULL;
    const char      *subtitle;

    g_test_message ("ops export name: %s", table_name);
    g_assert_true (g_str_has_prefix (table_name, hp_table_get_name (table)));
    g_assert_nonnull (strstr (table_name, "_Base-rank0-"));
    g_assert_nonnull (strstr (table_name, "_vs_New-rank0-"));
    g_assert_true (g_str_has_suffix (table_name, ".csv"));
    g_assert_nonnull (counts);
    chart_name = hp_chart_view_get_export_name (HP_CHART_VIEW (counts), HP_EXPORT_FORMAT_SVG);
    g_assert_true (g_str_has_prefix (chart_name, "ops_count_comparison_Base-rank0-"));
    g_assert_true (g_str_has_suffix (chart_name, ".svg"));
    subtitle = hp_chart_get_subtitle (hp_chart_view_get_chart (HP_CHART_VIEW (counts)));
    g_assert_nonnull (subtitle);
    g_assert_nonnull (strstr (subtitle, "Base rank 0"));
    g_assert_nonnull (strstr (subtitle, " against New rank 0"));
  }

  /* aten::mm: 2 calls of 10 us against 4 of 15 us, marked + */
  hp_table_view_set_search (view, "aten::mm");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (model), 0, TRUE);
  g_assert_true (hp_table_view_copy_selection (view));
  copied = hp_ui_test_read_clipboard (GTK_WIDGET (view));
  g_assert_true (g_str_has_prefix (copied, "aten::mm\tcpu_op\t2\t20.0\t4\t60.0\t2\t40.0\t+\t10.0\t15.0\t5.0\t200.0\tCPU"));
  hp_table_view_set_search (view, NULL);

  /* swapped: the signs turn */
  hp_compare_window_set_pair (window, 1, 0);
  g_assert_true (hp_ui_test_wait_for (not_comparing, window));
  table = hp_table_view_get_table (view);
  g_assert_cmpint (hp_table_find_column (table, "New_counts"), <, hp_table_find_column (table, "Base_counts"));
  /* each run keeps its Summary colour in the Ops Diff's charts: New (the
   * second run) leads in the second colour */
  {
    GtkWidget         *chart_view = hp_ui_test_find_widget (GTK_WIDGET (window), is_chart_named, "ops_count_comparison");
    HpChart           *counts;
    const HpBarLayout *layout;
    g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();

    g_assert_nonnull (chart_view);
    counts = hp_chart_view_get_chart (HP_CHART_VIEW (chart_view));
    hp_chart_layout (counts, 640, 480, style);
    layout = hp_bar_chart_get_layout (counts);
    g_assert_cmpuint (layout->n_series, ==, 3);
    g_assert_true (hp_color_equal (&layout->series_colors[0], &style->palette[1]));
    g_assert_true (hp_color_equal (&layout->series_colors[1], &style->palette[0]));
    g_assert_true (hp_color_equal (&layout->series_colors[2], &style->palette[2]));
  }

  /* communication only: these runs have none */
  hp_compare_window_set_comm_only (window, TRUE);
  g_assert_cmpuint (hp_table_get_n_rows (hp_table_view_get_table (view)), ==, 0);
  /* its empty charts say so */
  {
    GtkWidget *counts = hp_ui_test_find_widget (GTK_WIDGET (window), is_chart_named, "ops_count_comparison");

    g_assert_nonnull (counts);
    g_assert_false (hp_chart_has_data (hp_chart_view_get_chart (HP_CHART_VIEW (counts))));
    g_assert_cmpstr (hp_chart_get_no_data_reason (hp_chart_view_get_chart (HP_CHART_VIEW (counts))), ==,
                     "neither scope compared has a communication op");
  }
  hp_compare_window_set_comm_only (window, FALSE);
  g_assert_cmpuint (hp_table_get_n_rows (hp_table_view_get_table (view)), ==, 7);

  /* exports: the table as CSV, the count chart as PNG */
  csv = g_build_filename (dir, "ops.csv", NULL);
  g_assert_true (hp_table_write_csv (hp_table_view_get_table (view), csv, &error));
  g_assert_no_error (error);
  g_file_get_contents (csv, &csv_text, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (csv_text, "name,cat,New_counts,New_total_duration,Base_counts"));
  chart = hp_ui_test_find_widget_of_type (GTK_WIDGET (window), HP_TYPE_CHART_VIEW);
  g_assert_nonnull (chart);
  png = g_build_filename (dir, "chart.png", NULL);
  g_assert_true (hp_chart_view_export_to_file (HP_CHART_VIEW (chart), png, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  /* an export here ends with the trace window's toast, naming the file */
  g_assert_null (hp_compare_window_get_last_saved (window));
  hp_show_saved (chart, png);
  g_assert_cmpstr (hp_compare_window_get_last_saved (window), ==, "Saved chart.png");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-saved", "s", csv));
  g_assert_cmpstr (hp_compare_window_get_last_saved (window), ==, "Saved ops.csv");

  g_unlink (csv);
  g_unlink (png);
  g_rmdir (dir);
}

/* the first position on screen that shows @path, or -1 */
static int
find_path (HpTreeDiffView *view,
           const char     *path)
{
  GListModel *model = hp_tree_diff_view_get_model (view);
  HpTable    *table = hp_tree_diff_view_get_table (view);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_strcmp0 (hp_table_get_string (table, hp_tree_diff_view_get_row (view, i), 0), path) == 0)
      return (int)i;
  return -1;
}

static gboolean
is_badge (GtkWidget *widget,
          gpointer   change)
{
  return GTK_IS_INSCRIPTION (widget) && gtk_widget_has_css_class (widget, "hp-diff-badge") &&
         g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (widget)), change) == 0;
}

/* a cell of the Change column that says @change */
static GtkWidget *
change_cell (HpTreeDiffView *view,
             const char     *change)
{
  return hp_ui_test_find_widget (GTK_WIDGET (view), is_badge, (gpointer)change);
}

static gboolean
label_contains (GtkWidget *widget,
                gpointer   text)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

static gboolean
inscription_is (GtkWidget *widget,
                gpointer   text)
{
  return GTK_IS_INSCRIPTION (widget) && g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (widget)), text) == 0;
}

/* whether the column view under @view has a column titled @title */
static gboolean
has_column_titled (GtkWidget  *view,
                   const char *title)
{
  for (GtkWidget *child = gtk_widget_get_first_child (view); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_COLUMN_VIEW (child))
        {
          GListModel *columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (child));

          for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
            {
              g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

              if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
                return TRUE;
            }
        }
      if (has_column_titled (child, title))
        return TRUE;
    }
  return FALSE;
}

/* the Tree Diff's export is named with the scope, as the Ops Diff's; a
 * HIP call is matched with its CUDA twin there too, and a column says so */
static void
test_tree_diff_scope_and_vendors (void)
{
  const char *const labels[] = { "Base", "New", NULL };
  HpCompareWindow  *window = open_pair ("control.json", "amd.json", labels);
  HpTreeDiffView   *view = HP_TREE_DIFF_VIEW (hp_compare_window_get_tree_view (window));
  HpTable          *full = hp_tree_diff_view_get_table (view);
  g_autofree char  *name = hp_tree_diff_view_get_export_name (view);
  int               launch, matched;

  gtk_notebook_set_current_page (hp_compare_window_get_notebook (window), 2);
  hp_ui_test_spin (200);
  g_test_message ("tree export name: %s", name);
  g_assert_true (g_str_has_prefix (name, "tree_diff_Base-rank0-"));
  g_assert_nonnull (strstr (name, "_vs_New-rank0-"));
  g_assert_true (g_str_has_suffix (name, ".csv"));

  g_assert_nonnull (full);
  matched = hp_table_column_of (full, HP_TREE_DIFF_COL_MATCHED_NAMES);
  g_assert_cmpint (matched, >=, 0);
  launch = find_path (view, "ProfilerStep > cudaLaunchKernel");
  g_assert_cmpint (launch, >=, 0);
  g_assert_cmpint (find_path (view, "ProfilerStep > hipLaunchKernel"), ==, -1);
  g_assert_true (has_column_titled (GTK_WIDGET (view), "Matched names"));
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (view), inscription_is, "cudaLaunchKernel = hipLaunchKernel"));

  /* a pair of one vendor has no such column */
  {
    HpCompareWindow *same = open_pair ("control.json", "test.json", labels);

    g_assert_false (has_column_titled (hp_compare_window_get_tree_view (same), "Matched names"));
    gtk_window_destroy (GTK_WINDOW (same));
  }

  /* swapped, the names follow the pair */
  hp_compare_window_set_pair (window, 1, 0);
  g_assert_true (hp_ui_test_wait_for (not_comparing, window));
  g_clear_pointer (&name, g_free);
  name = hp_tree_diff_view_get_export_name (view);
  g_assert_true (g_str_has_prefix (name, "tree_diff_New-rank0-"));
  g_assert_nonnull (strstr (name, "_vs_Base-rank0-"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* the Tree Diff tab: the aligned trees opened down to the change, the
 * changed subtree marked, a node expanded, the filter, the CSV export */
static void
test_tree_diff (Fixture      *f,
                gconstpointer data)
{
  HpCompareWindow *window = f->window;
  HpTreeDiffView  *view = HP_TREE_DIFF_VIEW (hp_compare_window_get_tree_view (window));
  GListModel      *model = hp_tree_diff_view_get_model (view);
  GtkWidget       *badge;
  int              linear, launch;
  g_autoptr (GtkTreeListRow) launch_row = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-tree-XXXXXX", &error);
  g_autofree char *csv = NULL;
  g_autofree char *csv_text = NULL;
  g_autofree char *flat_text = NULL;
  guint            before;

  g_assert_no_error (error);
  gtk_notebook_set_current_page (hp_compare_window_get_notebook (window), 2);
  hp_ui_test_spin (200);

  /* opened down to aten::linear, where two kernels were added: the step
   * and the annotation above it are open, and so is aten::linear */
  linear = find_path (view, "ProfilerStep > ## forward ## > aten::linear");
  g_assert_cmpint (linear, ==, 2);
  g_assert_cmpint (find_path (view, "ProfilerStep"), ==, 0);
  launch = find_path (view, "ProfilerStep > ## forward ## > aten::linear > cudaLaunchKernel");
  g_assert_cmpint (launch, ==, linear + 1);
  /* the launch has a change below it (the added relu kernel): open too */
  g_assert_cmpint (find_path (view, "ProfilerStep > ## forward ## > aten::linear > cudaLaunchKernel > relu"), >, launch);

  /* the changed nodes are marked with a word and a colour, the rest not */
  badge = change_cell (view, "added");
  g_assert_nonnull (badge);
  g_assert_true (gtk_widget_has_css_class (badge, "hp-diff-added"));
  badge = change_cell (view, "children changed");
  g_assert_nonnull (badge);
  g_assert_true (gtk_widget_has_css_class (badge, "hp-diff-changed"));
  badge = change_cell (view, "");
  g_assert_nonnull (badge);
  g_assert_true (gtk_widget_has_css_class (badge, "hp-diff-same"));

  /* collapse the launch: its kernels go; expand it: they come back */
  before = g_list_model_get_n_items (model);
  launch_row = g_list_model_get_item (model, (guint)launch);
  g_assert_true (gtk_tree_list_row_is_expandable (launch_row));
  gtk_tree_list_row_set_expanded (launch_row, FALSE);
  g_assert_cmpuint (g_list_model_get_n_items (model), <, before);
  g_assert_cmpint (find_path (view, "ProfilerStep > ## forward ## > aten::linear > cudaLaunchKernel > relu"), ==, -1);
  gtk_tree_list_row_set_expanded (launch_row, TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, before);

  /* the first place of change is selected, and says what changed */
  g_assert_true (gtk_selection_model_is_selected (GTK_SELECTION_MODEL (model), (guint)linear));
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (view), label_contains, "gained 2 kernels"));

  /* the filter keeps the matching nodes and the ones above them */
  hp_tree_diff_view_set_search (view, "RELU");
  g_assert_cmpint (find_path (view, "ProfilerStep > ## forward ## > aten::linear > cudaLaunchKernel > relu"), >=, 0);
  g_assert_cmpint (find_path (view, "ProfilerStep"), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 5);
  hp_tree_diff_view_set_search (view, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, before);

  /* the export is the flat tree_diff table, as hotpath-cli diff writes it */
  csv = g_build_filename (dir, "tree_diff.csv", NULL);
  g_assert_true (hp_tree_diff_view_write_csv (view, csv, &error));
  g_assert_no_error (error);
  g_file_get_contents (csv, &csv_text, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (csv_text, "path,depth,name,tree-control.json_counts,"));
  g_assert_cmpuint (hp_table_get_n_rows (hp_tree_diff_view_get_changed (view)), ==, 3);
  flat_text = hp_table_to_csv (hp_tree_diff_view_get_changed (view));
  g_assert_cmpstr (csv_text, ==, flat_text);

  g_unlink (csv);
  g_rmdir (dir);
}

/* the Timelines tab: step k of every run starts at the same x, and the
 * views move together */
static void
test_timelines (Fixture      *f,
                gconstpointer data)
{
  HpCompareWindow *window = f->window;
  HpTimelineView  *base, *next;
  gint64           start, end;

  gtk_notebook_set_current_page (hp_compare_window_get_notebook (window), 3);
  hp_ui_test_spin (200);
  base = HP_TIMELINE_VIEW (hp_compare_window_get_timeline (window, 0));
  next = HP_TIMELINE_VIEW (hp_compare_window_get_timeline (window, 1));
  g_assert_nonnull (base);
  g_assert_nonnull (next);
  g_assert_null (hp_compare_window_get_timeline (window, 2));

  /* the second steps: Base's at 100 us (100 us long), New's at 200 us (50
   * us); both shown 110 us wide from 5 us before their start (New's run
   * ends at 250 us, so its view stops at its end) */
  hp_compare_window_align_step (window, 1);
  hp_timeline_view_get_visible_range (base, &start, &end);
  g_assert_cmpint (start, ==, 95000);
  g_assert_cmpint (end, ==, 205000);
  hp_timeline_view_get_visible_range (next, &start, &end);
  g_assert_cmpint (end - start, ==, 110000);
  g_assert_cmpint (start, <=, 195000);

  /* zooming one shows the others from the same offset to their step */
  hp_timeline_view_set_visible_range (base, 110000, 130000);
  hp_timeline_view_get_visible_range (next, &start, &end);
  g_assert_cmpint (start, ==, 210000);
  g_assert_cmpint (end, ==, 230000);
}

static gboolean
area_table_shown (gpointer data)
{
  HpTableView *view = hp_compare_window_get_area_table (data);

  return view != NULL && hp_table_view_get_table (view) != NULL;
}

/* An area dragged on one run's timeline lists that run's events by name
 * under the timelines (core's numbers for its range and lanes); dropping
 * the area hides the table. */
static void
test_timeline_area (Fixture      *f,
                    gconstpointer data)
{
  HpCompareWindow *window = f->window;
  HpTimelineView  *next;
  const HpRank    *r;
  HpLaneRef        lanes[8];
  guint            n_lanes = 0;
  g_autoptr (HpTable) expected = NULL;
  g_autofree char *shown_csv = NULL;
  g_autofree char *expected_csv = NULL;

  gtk_notebook_set_current_page (hp_compare_window_get_notebook (window), 3);
  hp_ui_test_spin (200);
  g_assert_null (hp_compare_window_get_area_table (window));
  next = HP_TIMELINE_VIEW (hp_compare_window_get_timeline (window, 1));
  r = hp_trace_get_rank (hp_timeline_view_get_trace (next), 0);
  for (guint l = 0; l < r->n_lanes && n_lanes < G_N_ELEMENTS (lanes); l++)
    lanes[n_lanes++] = (HpLaneRef){ 0, l };
  g_assert_cmpuint (n_lanes, >, 0);

  hp_timeline_view_set_selected_area (next, 0, 300000, lanes, n_lanes);
  g_assert_true (hp_ui_test_wait_for (area_table_shown, window));
  expected = hp_area_stats_compute (hp_timeline_view_get_trace (next), hp_time_span_make (0, 300000), lanes, n_lanes,
                                    NULL, NULL);
  g_assert_cmpuint (hp_table_get_n_rows (expected), >, 0);
  shown_csv = hp_table_to_csv (hp_table_view_get_table (hp_compare_window_get_area_table (window)));
  expected_csv = hp_table_to_csv (expected);
  g_assert_cmpstr (shown_csv, ==, expected_csv);

  /* the other run's timeline has no area: the table stays; dropping this
   * run's area hides it */
  hp_timeline_view_set_selected_range (HP_TIMELINE_VIEW (hp_compare_window_get_timeline (window, 0)), 0, 0);
  g_assert_nonnull (hp_compare_window_get_area_table (window));
  hp_timeline_view_set_selected_range (next, 0, 0);
  g_assert_null (hp_compare_window_get_area_table (window));
}

/* one run is not a comparison; a missing run names itself */
static void
test_bad_runs (void)
{
  g_autofree char  *control = hp_test_data_path ("diff", "control.json", NULL);
  g_autofree char  *missing = hp_test_data_path ("diff", "no-such-run", NULL);
  const char *const one[] = { control, NULL };
  const char *const absent[] = { control, missing, NULL };
  HpCompareWindow  *single = hp_compare_window_new (NULL, one, NULL);
  HpCompareWindow  *broken = hp_compare_window_new (NULL, absent, NULL);

  g_assert_nonnull (strstr (hp_compare_window_get_error (single), "2 to 8 runs"));
  gtk_window_present (GTK_WINDOW (broken));
  g_assert_true (hp_ui_test_wait_for (not_comparing, broken));
  g_assert_nonnull (hp_compare_window_get_error (broken));
  g_assert_nonnull (strstr (hp_compare_window_get_error (broken), "no-such-run"));
  /* the path once, and a button out of the error page */
  g_assert_null (strstr (strstr (hp_compare_window_get_error (broken), "no-such-run") + 1, "no-such-run"));
  g_assert_true (gtk_widget_is_visible (hp_compare_window_get_error_button (broken)));
  gtk_window_destroy (GTK_WINDOW (single));
  gtk_window_destroy (GTK_WINDOW (broken));
}

/* the comparison holds its runs, each with its label and colour; a folder
 * open in a main window is not loaded again, its trace is shared */
static void
test_runs (void)
{
  g_autoptr (HpApplication) application = hp_application_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char  *a = hp_test_data_path ("hta_trace_compare_base", NULL);
  g_autofree char  *b = hp_test_data_path ("hta_trace_compare_test", NULL);
  const char *const shown[] = { a, NULL };
  const char *const paths[] = { a, b, NULL };
  const char *const labels[] = { "Base", "New", NULL };
  HpWindow         *window;
  HpCompareWindow  *compare;
  HpTrace          *open;
  HpRun            *run;

  /* no bus name: the test must not meet a running Hotpath */
  g_application_set_flags (G_APPLICATION (application),
                           g_application_get_flags (G_APPLICATION (application)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (application), NULL, &error);
  g_assert_no_error (error);
  window = hp_window_new (GTK_APPLICATION (application));
  gtk_window_present (GTK_WINDOW (window));
  hp_window_open (window, shown);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  open = hp_session_get_trace (hp_window_get_session (window));

  compare = hp_compare_window_new (GTK_APPLICATION (application), paths, labels);
  gtk_window_present (GTK_WINDOW (compare));
  g_assert_true (hp_ui_test_wait_for (not_comparing, compare));
  g_assert_null (hp_compare_window_get_error (compare));

  run = hp_compare_window_get_run (compare, 0);
  g_assert_true (hp_run_get_trace (run) == open);
  g_assert_cmpstr (hp_run_get_label (run), ==, "Base");
  g_assert_cmpstr (hp_run_get_color (run), ==, hp_run_palette_color (0));
  g_assert_true (hp_run_has_paths (run, shown));
  run = hp_compare_window_get_run (compare, 1);
  g_assert_true (hp_run_get_trace (run) != open);
  g_assert_cmpstr (hp_run_get_label (run), ==, "New");
  g_assert_cmpstr (hp_run_get_color (run), ==, hp_run_palette_color (1));
  g_assert_null (hp_compare_window_get_run (compare, 2));
  /* the window's own run keeps its name */
  g_assert_cmpstr (hp_run_get_label (hp_session_get_run (hp_window_get_session (window))), ==,
                   "hta_trace_compare_base");
  /* the comparison's results are keyed by the window's run: the
   * application's, found without walking windows; the run loaded here is
   * the comparison's own */
  g_assert_true (hp_compare_session_get_run (hp_compare_window_get_session (compare), 0) ==
                 hp_session_get_run (hp_window_get_session (window)));
  g_assert_true (hp_compare_session_get_run (hp_compare_window_get_session (compare), 1) ==
                 hp_compare_window_get_run (compare, 1));
  g_assert_true (hp_loaded_runs_find (shown, HP_MODE_DEFAULT, FALSE) ==
                 hp_session_get_run (hp_window_get_session (window)));
  g_assert_null (hp_loaded_runs_find (shown, HP_MODE_HTA_COMPAT, FALSE));

  gtk_window_destroy (GTK_WINDOW (compare));
  hp_ui_test_close_window (window);
}

/* the Compare Runs dialog: folder names as labels, edited; a repeated or
 * empty label, or a count outside 2 to 8, is refused with a reason */
static void
test_dialog_labels (void)
{
  g_autofree char  *a = hp_test_data_path ("hta_trace_compare_base", NULL);
  g_autofree char  *b = hp_test_data_path ("hta_trace_compare_test", NULL);
  const char *const paths[] = { a, b, NULL };
  HpCompareDialog  *dialog = hp_compare_dialog_new (NULL, NULL, paths);
  HpCompareWindow  *window;

  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_cmpuint (hp_compare_dialog_get_n_runs (dialog), ==, 2);
  g_assert_cmpstr (hp_compare_dialog_get_label (dialog, 0), ==, "hta_trace_compare_base");
  g_assert_cmpstr (hp_compare_dialog_get_label (dialog, 1), ==, "hta_trace_compare_test");
  g_assert_null (hp_compare_dialog_get_problem (dialog));

  /* the same label twice (spaces around do not count) */
  hp_compare_dialog_set_label (dialog, 1, " hta_trace_compare_base ");
  g_assert_cmpstr (hp_compare_dialog_get_problem (dialog), ==,
                   "Runs 1 and 2 are both labelled “hta_trace_compare_base”: each run needs its own label.");
  g_assert_null (hp_compare_dialog_compare (dialog));
  hp_compare_dialog_set_label (dialog, 1, "  ");
  g_assert_cmpstr (hp_compare_dialog_get_problem (dialog), ==, "Run 2 has no label: give it a name.");

  /* one run, then nine */
  hp_compare_dialog_remove_run (dialog, 1);
  g_assert_cmpstr (hp_compare_dialog_get_problem (dialog), ==, "Choose at least two runs to compare.");
  for (guint i = 0; i < 8; i++)
    hp_compare_dialog_add_run (dialog, b);
  g_assert_cmpuint (hp_compare_dialog_get_n_runs (dialog), ==, 9);
  g_assert_cmpstr (hp_compare_dialog_get_problem (dialog), ==, "A comparison takes at most 8 runs; remove 1.");
  while (hp_compare_dialog_get_n_runs (dialog) > 2)
    hp_compare_dialog_remove_run (dialog, 2);

  /* edited labels name the runs and their columns */
  hp_compare_dialog_set_label (dialog, 0, "Baseline");
  hp_compare_dialog_set_label (dialog, 1, " FSDP full shard ");
  g_assert_null (hp_compare_dialog_get_problem (dialog));
  window = hp_compare_dialog_compare (dialog);
  g_assert_nonnull (window);
  g_assert_true (hp_ui_test_wait_for (not_comparing, window));
  g_assert_null (hp_compare_window_get_error (window));
  g_assert_cmpstr (hp_run_get_label (hp_compare_window_get_run (window, 0)), ==, "Baseline");
  g_assert_cmpstr (hp_run_get_label (hp_compare_window_get_run (window, 1)), ==, "FSDP full shard");
  g_assert_cmpint (
      hp_table_find_column (hp_table_view_get_table (HP_TABLE_VIEW (hp_compare_window_get_ops_view (window))),
                            "FSDP full shard_counts"),
      >=, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* the @n-th widget under @root (depth first) that @match accepts */
typedef struct
{
  gboolean (*match) (GtkWidget *, gpointer);
  gpointer data;
  guint    n;
} NthWanted;

static gboolean
is_nth (GtkWidget *widget,
        gpointer   data)
{
  NthWanted *wanted = data;

  return wanted->match (widget, wanted->data) && wanted->n-- == 0;
}

static gboolean
has_tooltip (GtkWidget *widget,
             gpointer   text)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

static gboolean
is_check_labelled (GtkWidget *widget,
                   gpointer   text)
{
  return GTK_IS_CHECK_BUTTON (widget) && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), text) == 0;
}

static GtkWidget *
nth_widget (GtkWidget *root,
            gboolean (*match) (GtkWidget *, gpointer),
            gpointer data,
            guint    n)
{
  NthWanted wanted = { match, data, n };

  return hp_ui_test_find_widget (root, is_nth, &wanted);
}

static void
click (GtkWidget *button)
{
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}

/* The dialog reorders the runs and marks the baseline: the order is the
 * window's (runs, colours, tables), the baseline is what the Summary's
 * sentences compare with and the Ops Diff's and Tree Diff's control run */
static void
test_dialog_order_and_baseline (void)
{
  g_autofree char  *a = hp_test_data_path ("diff", "control.json", NULL);
  g_autofree char  *b = hp_test_data_path ("diff", "test.json", NULL);
  g_autofree char  *c = hp_test_data_path ("diff", "steps-slow.json", NULL);
  const char *const paths[] = { a, b, c, NULL };
  HpCompareDialog  *dialog = hp_compare_dialog_new (NULL, NULL, paths);
  HpCompareWindow  *window;
  HpTable          *ops;
  const char       *findings;
  g_autofree char  *tree_name = NULL;

  gtk_window_present (GTK_WINDOW (dialog));
  hp_compare_dialog_set_label (dialog, 0, "A");
  hp_compare_dialog_set_label (dialog, 1, "B");
  hp_compare_dialog_set_label (dialog, 2, "C");
  /* the first run is the baseline until another is chosen */
  g_assert_cmpuint (hp_compare_dialog_get_baseline (dialog), ==, 0);
  g_assert_true (gtk_check_button_get_active (
      GTK_CHECK_BUTTON (nth_widget (GTK_WIDGET (dialog), is_check_labelled, "Baseline", 0))));
  /* the first row cannot go up, the last cannot go down */
  g_assert_false (gtk_widget_get_sensitive (nth_widget (GTK_WIDGET (dialog), has_tooltip, "Move up", 0)));
  g_assert_true (gtk_widget_get_sensitive (nth_widget (GTK_WIDGET (dialog), has_tooltip, "Move up", 1)));
  g_assert_false (gtk_widget_get_sensitive (nth_widget (GTK_WIDGET (dialog), has_tooltip, "Move down", 2)));

  /* C up twice, by its button: C, A, B; the baseline is still A */
  click (nth_widget (GTK_WIDGET (dialog), has_tooltip, "Move up", 2));
  click (nth_widget (GTK_WIDGET (dialog), has_tooltip, "Move up", 1));
  g_assert_cmpstr (hp_compare_dialog_get_label (dialog, 0), ==, "C");
  g_assert_cmpstr (hp_compare_dialog_get_label (dialog, 1), ==, "A");
  g_assert_cmpstr (hp_compare_dialog_get_label (dialog, 2), ==, "B");
  g_assert_cmpstr (hp_compare_dialog_get_path (dialog, 0), ==, c);
  g_assert_cmpuint (hp_compare_dialog_get_baseline (dialog), ==, 1);
  g_assert_false (gtk_widget_get_sensitive (nth_widget (GTK_WIDGET (dialog), has_tooltip, "Move up", 0)));

  /* B marked as the baseline by its button, then A moved down: C, B, A */
  gtk_widget_activate (nth_widget (GTK_WIDGET (dialog), is_check_labelled, "Baseline", 2));
  g_assert_cmpuint (hp_compare_dialog_get_baseline (dialog), ==, 2);
  click (nth_widget (GTK_WIDGET (dialog), has_tooltip, "Move down", 1));
  g_assert_cmpstr (hp_compare_dialog_get_label (dialog, 1), ==, "B");
  g_assert_cmpuint (hp_compare_dialog_get_baseline (dialog), ==, 1);
  g_assert_true (gtk_check_button_get_active (
      GTK_CHECK_BUTTON (nth_widget (GTK_WIDGET (dialog), is_check_labelled, "Baseline", 1))));
  g_assert_false (gtk_check_button_get_active (
      GTK_CHECK_BUTTON (nth_widget (GTK_WIDGET (dialog), is_check_labelled, "Baseline", 0))));

  window = hp_compare_dialog_compare (dialog);
  g_assert_nonnull (window);
  g_assert_true (hp_ui_test_wait_for (not_comparing, window));
  g_assert_null (hp_compare_window_get_error (window));
  g_assert_cmpuint (hp_compare_window_get_baseline (window), ==, 1);
  g_assert_cmpstr (hp_run_get_label (hp_compare_window_get_run (window, 0)), ==, "C");
  g_assert_cmpstr (hp_run_get_label (hp_compare_window_get_run (window, 1)), ==, "B");
  g_assert_cmpstr (hp_run_get_label (hp_compare_window_get_run (window, 2)), ==, "A");

  /* the Summary: the runs in order, each other run against B */
  findings = hp_compare_window_get_findings (window);
  g_test_message ("%s", findings);
  g_assert_true (g_str_has_prefix (findings, "C: "));
  g_assert_nonnull (strstr (findings, "\nC against B (the baseline): steps take "));
  g_assert_nonnull (strstr (findings, "\nA against B (the baseline): steps take 0.50× as long (0.1 ms against 0.2 ms)"));
  g_assert_null (strstr (findings, "against C"));
  g_assert_null (strstr (findings, "B against "));

  /* Ops Diff and Tree Diff: B against the next run, C; their exports
   * say so */
  g_assert_true (g_str_has_prefix (hp_compare_window_get_scope_caption (window), "B rank 0"));
  ops = hp_table_view_get_table (HP_TABLE_VIEW (hp_compare_window_get_ops_view (window)));
  g_assert_nonnull (ops);
  g_assert_cmpint (hp_table_find_column (ops, "B_counts"), >=, 0);
  g_assert_cmpint (hp_table_find_column (ops, "B_counts"), <, hp_table_find_column (ops, "C_counts"));
  tree_name = hp_tree_diff_view_get_export_name (HP_TREE_DIFF_VIEW (hp_compare_window_get_tree_view (window)));
  g_assert_true (g_str_has_prefix (tree_name, "tree_diff_B-rank0-"));
  g_assert_nonnull (strstr (tree_name, "_vs_C-rank0-"));

  /* the baseline is marked in the run choosers and the legends */
  {
    GtkWidget           *chooser = hp_ui_test_find_widget (GTK_WIDGET (window), is_run_chooser, (gpointer) "C");
    GtkWidget           *view = hp_ui_test_find_widget (GTK_WIDGET (window), is_chart_named, (gpointer)HP_COMPARE_TEMPORAL_TABLE);
    GListModel          *names;
    HpChart             *chart;
    const HpChartLayout *layout;
    g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
    gboolean marked = FALSE;

    g_assert_nonnull (chooser);
    names = gtk_drop_down_get_model (GTK_DROP_DOWN (chooser));
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 1), ==, "B (baseline)");
    g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (names), 2), ==, "A");
    g_assert_nonnull (view);
    chart = hp_chart_view_get_chart (HP_CHART_VIEW (view));
    g_assert_cmpstr (hp_chart_get_series_name (chart, 0), ==, "C");
    g_assert_cmpstr (hp_chart_get_series_name (chart, 1), ==, "B (baseline)");
    layout = hp_chart_layout (chart, 640, 400, style);
    for (guint i = 0; i < layout->legend->len; i++)
      {
        const HpChartLegendEntry *entry = &g_array_index (layout->legend, HpChartLegendEntry, i);

        marked |= g_strcmp0 (entry->label, "B (baseline)") == 0;
      }
    g_assert_true (marked);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A 300-character kernel name selected in the Tree Diff wraps: the window
 * stays narrower than the name (it used to need 3759 px) */
static void
test_long_names (Fixture      *f,
                 gconstpointer data)
{
  HpCompareWindow *window = f->window;
  HpTreeDiffView  *view = HP_TREE_DIFF_VIEW (hp_compare_window_get_tree_view (window));
  GListModel      *model = hp_tree_diff_view_get_model (view);
  int              min_width = 0;
  int              row = -1;

  gtk_notebook_set_current_page (hp_compare_window_get_notebook (window), 2);
  hp_ui_test_spin (200);
  for (guint i = 0; i < g_list_model_get_n_items (model) && row < 0; i++)
    if (g_str_has_prefix (hp_table_get_string (hp_tree_diff_view_get_table (view), hp_tree_diff_view_get_row (view, i), 2),
                          "Cijk_Ailk_Bljk"))
      row = (int)i;
  g_assert_cmpint (row, >=, 0);
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (model), (guint)row, TRUE);
  hp_ui_test_spin (100);
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (view), label_contains, "Cijk_Ailk_Bljk_HHS_BH"));
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (min_width, <, 1000);
}

/* the Ops Diff's scope: a rank and a step chooser for each run, the
 * scope in the caption; choosing rank 1 of the control diffs that rank,
 * as hotpath-cli diff --control-rank 1 does */
static void
test_scope (Fixture      *f,
            gconstpointer data)
{
  HpCompareWindow *window = f->window;
  GtkDropDown     *rank = GTK_DROP_DOWN (hp_compare_window_get_scope_chooser (window, FALSE, FALSE));
  GtkDropDown     *step = GTK_DROP_DOWN (hp_compare_window_get_scope_chooser (window, TRUE, TRUE));
  HpTable         *table;
  g_autoptr (HpTable) expected = NULL;
  g_autoptr (GError) error = NULL;
  HpTraceDiffParams params;

  g_assert_true (hp_ui_test_wait_for (not_comparing, window));
  hp_ui_test_spin (100);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (rank)), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (step)), ==, 2);
  g_assert_cmpstr (hp_compare_window_get_scope_caption (window), ==,
                   "Filter rank 0, step 551 against Nccl rank 0, step 4");

  gtk_drop_down_set_selected (rank, 1);
  gtk_drop_down_set_selected (step, 1);
  hp_ui_test_spin (100);
  g_assert_true (hp_ui_test_wait_for (not_comparing, window));
  hp_ui_test_spin (500);
  g_assert_cmpstr (hp_compare_window_get_scope_caption (window), ==,
                   "Filter rank 1, step 551 against Nccl rank 0, step 5");

  hp_trace_diff_params_init (&params);
  params.control_label = g_strdup ("Filter");
  params.test_label = g_strdup ("Nccl");
  params.control_rank = 1;
  params.test_iterations = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (params.test_iterations, (int){ 5 });
  expected = hp_trace_diff_compare (hp_run_get_trace (hp_compare_window_get_run (window, 0)),
                                    hp_run_get_trace (hp_compare_window_get_run (window, 1)), &params, NULL, &error);
  g_assert_no_error (error);
  table = hp_table_view_get_table (HP_TABLE_VIEW (hp_compare_window_get_ops_view (window)));
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, hp_table_get_n_rows (expected));
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    g_assert_cmpfloat (hp_test_cell (table, row, "Filter_counts"), ==, hp_test_cell (expected, row, "Filter_counts"));
  hp_trace_diff_params_clear (&params);
}

/* communication across runs: the chart of communication and exposed
 * communication per step, and the tables beside it */
static void
test_communication (Fixture      *f,
                    gconstpointer data)
{
  HpCompareWindow *window = f->window;
  GtkWidget       *view = hp_compare_window_get_communication_view (window);
  GtkWidget       *chart_view;
  HpChart         *chart;

  hp_ui_test_spin (100);
  g_assert_true (gtk_widget_is_visible (view));
  g_assert_cmpstr (hp_table_get_name (hp_table_view_get_table (HP_TABLE_VIEW (view))), ==, "compare_communication");
  chart_view = hp_ui_test_find_widget (GTK_WIDGET (window), is_chart_named, "compare_communication");
  g_assert_nonnull (chart_view);
  chart = hp_chart_view_get_chart (HP_CHART_VIEW (chart_view));
  g_assert_cmpuint (hp_bar_chart_get_n_series (chart), ==, 2);
  g_assert_cmpuint (hp_bar_chart_get_n_categories (chart), ==, 2);
  /* the mean over the ranks of communication per step */
  g_assert_cmpfloat_with_epsilon (hp_bar_chart_get_value (chart, 1, 0), 12144.5, 0.1);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 1, 1), <, hp_bar_chart_get_value (chart, 1, 0));
}

/* a run whose job lacks a rank says so in the findings */
static void
test_missing_ranks (Fixture      *f,
                    gconstpointer data)
{
  HpCompareWindow *window = f->window;

  g_assert_nonnull (strstr (hp_compare_window_get_findings (window), "One: steps take 1.0 ms on average"));
  g_assert_nonnull (
      strstr (hp_compare_window_get_findings (window), "Job, 3 ranks of 4 (rank 3 missing): steps take 1.0 ms"));
  /* a job's idle share weighs its ranks by their time, and says so */
  g_assert_nonnull (strstr (hp_compare_window_get_findings (window), "of their time, all ranks together."));
}

static gboolean
is_chart_named (GtkWidget *widget,
                gpointer   name)
{
  return HP_IS_CHART_VIEW (widget) &&
         g_strcmp0 (hp_chart_get_name (hp_chart_view_get_chart (HP_CHART_VIEW (widget))), name) == 0;
}

/* a chart view without data and without a reason under @root, or NULL */
static gboolean
is_empty_without_reason (GtkWidget *widget,
                         gpointer   data)
{
  HpChart *chart = HP_IS_CHART_VIEW (widget) ? hp_chart_view_get_chart (HP_CHART_VIEW (widget)) : NULL;

  return chart != NULL && !hp_chart_has_data (chart) && hp_chart_get_no_data_reason (chart) == NULL;
}

/* Every empty panel of the Summary says why: the step time chart of runs
 * without steps names them, and the memory and communication sections
 * left out say what the runs lack */
static void
test_no_data_reasons (void)
{
  const char *const    labels[] = { "Base", "New", NULL };
  HpCompareWindow     *window = open_pair ("nosteps-control.json", "nosteps-test.json", labels);
  GtkWidget           *steps;
  HpChart             *chart;
  const HpChartLayout *layout;
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  gboolean drawn = FALSE;

  hp_ui_test_spin (100);
  steps = hp_ui_test_find_widget (GTK_WIDGET (window), is_chart_named, (gpointer)HP_COMPARE_STEP_TIME_TABLE);
  g_assert_nonnull (steps);
  chart = hp_chart_view_get_chart (HP_CHART_VIEW (steps));
  g_assert_false (hp_chart_has_data (chart));
  g_assert_cmpstr (hp_chart_get_no_data_reason (chart), ==, "no ProfilerStep in Base or New");
  /* the reason is drawn under "No data" */
  layout = hp_chart_layout (chart, 560, 350, style);
  for (guint i = 0; i < layout->texts->len; i++)
    drawn |= g_strcmp0 (g_array_index (layout->texts, HpChartText, i).text, "no ProfilerStep in Base or New") == 0;
  g_assert_true (drawn);
  g_assert_null (hp_ui_test_find_widget (GTK_WIDGET (window), is_empty_without_reason, NULL));

  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (window), label_contains,
                                            "No communication per step nor collectives: no kernel, memcpy or "
                                            "memset in Base or New."));
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (window), label_contains,
                                            "No memory peaks nor memory over time: Base: no [memory] events"));
  /* the Timelines tab says why it cannot line the runs up by step */
  {
    GtkWidget *timelines = hp_ui_test_find_widget_of_type (GTK_WIDGET (window), HP_TYPE_COMPARE_TIMELINES);

    g_assert_nonnull (timelines);
    g_assert_cmpstr (hp_compare_timelines_get_note (HP_COMPARE_TIMELINES (timelines)), ==,
                     "Not every timeline lines up by step: no ProfilerStep in Base or New; such a run shows from "
                     "its start.");
  }
  gtk_window_destroy (GTK_WINDOW (window));

  /* runs that communicate and recorded memory: nothing is said missing */
  window = open_pair ("memory.json", "memory-test.json", labels);
  hp_ui_test_spin (100);
  g_assert_null (hp_ui_test_find_widget (GTK_WIDGET (window), label_contains, "No memory peaks"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An empty Tree Diff says why in place of a node's details, the reason
 * its owner gives or none */
static void
test_tree_diff_empty_reason (void)
{
  g_autoptr (HpTable) empty = hp_table_new ("tree_diff", "Tree diff");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = hp_tree_diff_view_new ();

  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  hp_table_add_column (empty, "path", HP_COLUMN_STRING, NULL);
  hp_tree_diff_view_set_empty_reason (HP_TREE_DIFF_VIEW (view), "neither scope has a CPU op");
  hp_tree_diff_view_set_table (HP_TREE_DIFF_VIEW (view), empty);
  g_assert_cmpstr (hp_tree_diff_view_get_detail (HP_TREE_DIFF_VIEW (view)), ==,
                   "No call tree to compare: neither scope has a CPU op.");
  hp_tree_diff_view_set_empty_reason (HP_TREE_DIFF_VIEW (view), NULL);
  g_assert_cmpstr (hp_tree_diff_view_get_detail (HP_TREE_DIFF_VIEW (view)), ==, "No call tree to compare.");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* two runs with memory events: the Summary shows their peaks side by side,
 * a bar per run and device, with the table; both export */
static void
test_memory_peaks (Fixture      *f,
                   gconstpointer data)
{
  HpCompareWindow *window = f->window;
  GtkWidget       *memory_view;
  GtkWidget       *chart_view;
  HpChart         *chart;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-memory-XXXXXX", &error);
  g_autofree char *csv = NULL;
  g_autofree char *png = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *text = NULL;

  g_assert_no_error (error);
  hp_ui_test_spin (100);

  /* the chart: the CPU then cuda:0 (the memory analysis' devices and
   * order), Base then New */
  chart_view = hp_ui_test_find_widget (GTK_WIDGET (window), is_chart_named, "compare_memory");
  g_assert_nonnull (chart_view);
  chart = hp_chart_view_get_chart (HP_CHART_VIEW (chart_view));
  g_assert_cmpuint (hp_bar_chart_get_n_series (chart), ==, 2);
  g_assert_cmpuint (hp_bar_chart_get_n_categories (chart), ==, 2);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 0, 1), ==, 1536);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 1, 1), ==, 4096);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 0, 0), ==, 100);
  g_assert_cmpfloat (hp_bar_chart_get_value (chart, 1, 0), ==, 300);

  /* memory over time: a line per run and device, from the first step */
  chart_view = hp_ui_test_find_widget (GTK_WIDGET (window), is_chart_named, "compare_memory_timeline");
  g_assert_nonnull (chart_view);
  chart = hp_chart_view_get_chart (HP_CHART_VIEW (chart_view));
  g_assert_cmpuint (hp_line_chart_get_n_series (chart), ==, 4);
  g_assert_cmpuint (hp_line_chart_get_n_points (chart, 1), ==, 3);

  /* the table beside it */
  memory_view = hp_compare_window_get_memory_view (window);
  g_assert_true (gtk_widget_is_visible (memory_view));
  g_assert_cmpstr (hp_table_get_name (hp_table_view_get_table (HP_TABLE_VIEW (memory_view))), ==, "compare_memory");

  /* exports: CSV, PNG and SVG */
  csv = g_build_filename (dir, "compare_memory.csv", NULL);
  g_assert_true (hp_table_write_csv (hp_table_view_get_table (HP_TABLE_VIEW (memory_view)), csv, &error));
  g_assert_no_error (error);
  g_file_get_contents (csv, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==,
                   "label,rank,device,events,allocations,frees,bytes_allocated,bytes_freed,peak_allocated,"
                   "peak_allocated_ts,peak_reserved,peak_is_relative\n"
                   "Base,0,cpu,1,1,0,100,0,100,35.0,0,False\n"
                   "Base,0,cuda:0,3,2,1,1536,512,1536,15.0,4194304,False\n"
                   "New,0,cpu,1,1,0,300,0,300,35.0,0,False\n"
                   "New,0,cuda:0,3,2,1,4096,3072,4096,15.0,4194304,False\n");
  png = g_build_filename (dir, "compare_memory.png", NULL);
  svg = g_build_filename (dir, "compare_memory.svg", NULL);
  g_assert_true (hp_chart_view_export_to_file (HP_CHART_VIEW (chart_view), png, &error));
  g_assert_no_error (error);
  g_assert_true (hp_chart_view_export_to_file (HP_CHART_VIEW (chart_view), svg, &error));
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  g_file_get_contents (svg, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "<svg"));
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));

  g_unlink (csv);
  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

/* folders of the same name are told apart; labels that only start alike
 * are left as they are */
static void
test_distinct_labels (void)
{
  g_autofree char  *control = hp_test_data_path ("diff", "control.json", NULL);
  g_autofree char  *test = hp_test_data_path ("diff", "test.json", NULL);
  const char *const twice[] = { control, control, control, NULL };
  const char *const paths[] = { control, test, NULL };
  const char *const alike[] = { "FSDP full", "FSDP", NULL };
  HpCompareWindow  *same = hp_compare_window_new (NULL, twice, NULL);
  HpCompareWindow  *prefix = hp_compare_window_new (NULL, paths, alike);

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (same)), ==,
                   "Compare control.json, control.json (2), control.json (3)");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (prefix)), ==, "Compare FSDP full, FSDP");
  gtk_window_destroy (GTK_WINDOW (same));
  gtk_window_destroy (GTK_WINDOW (prefix));
}

/* dropped together, folders are runs to compare; files are one job */
static void
test_dropped_folders (void)
{
  g_autofree char *a = hp_test_data_path ("hta_trace_compare_base", NULL);
  g_autofree char *b = hp_test_data_path ("hta_trace_compare_test", NULL);
  g_autofree char *file = hp_test_data_path ("diff", "control.json", NULL);
  g_autoptr (GFile) fa = g_file_new_for_path (a);
  g_autoptr (GFile) fb = g_file_new_for_path (b);
  g_autoptr (GFile) ff = g_file_new_for_path (file);
  GFile           *folders[] = { fa, fb };
  GFile           *mixed[] = { fa, ff };
  GtkWidget       *parent = gtk_window_new ();
  HpCompareWindow *window;
  HpTable         *table;

  g_assert_null (hp_compare_window_open_folders (GTK_WINDOW (parent), folders, 1));
  g_assert_null (hp_compare_window_open_folders (GTK_WINDOW (parent), mixed, 2));
  window = hp_compare_window_open_folders (GTK_WINDOW (parent), folders, 2);
  g_assert_nonnull (window);
  g_assert_true (hp_ui_test_wait_for (not_comparing, window));
  g_assert_null (hp_compare_window_get_error (window));
  /* labelled with the folder names */
  table = hp_table_view_get_table (HP_TABLE_VIEW (hp_compare_window_get_ops_view (window)));
  g_assert_cmpint (hp_table_find_column (table, "hta_trace_compare_base_counts"), >, 0);
  g_assert_cmpint (hp_table_find_column (table, "hta_trace_compare_test_counts"), >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (parent));
}

static void
fraction_cb (GtkProgressBar *bar,
             GParamSpec     *pspec,
             double         *last)
{
  double fraction = gtk_progress_bar_get_fraction (bar);

  /* the runs' loading only goes forward */
  g_assert_cmpfloat (fraction, >=, *last);
  *last = fraction;
}

static void
compare_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  GPtrArray **tables = user_data;
  g_autoptr (GError) error = NULL;

  *tables = hp_compare_session_compare_finish (HP_COMPARE_SESSION (source), result, &error);
  g_assert_no_error (error);
}

/* The runs load with progress; the comparison takes the user's
 * parameters, and its result is the runner's, kept for them */
static void
test_progress_and_settings (void)
{
  g_autofree char  *control = hp_test_data_path ("diff", "control.json", NULL);
  g_autofree char  *test = hp_test_data_path ("diff", "test.json", NULL);
  const char *const paths[] = { control, test, NULL };
  const char *const labels[] = { "Base", "New", NULL };
  g_autoptr (GSettings) settings = hp_settings_new ();
  g_autoptr (GPtrArray) tables = NULL;
  HpCompareWindow  *window;
  HpCompareSession *session;
  HpResultCache    *cache;
  double            fraction = 0;
  guint             n_computed;

  g_assert_nonnull (settings);
  g_settings_set_int (settings, "num-kernels", 3);
  window = hp_compare_window_new (NULL, paths, labels);
  g_signal_connect (hp_compare_window_get_progress_bar (window), "notify::fraction", G_CALLBACK (fraction_cb),
                    &fraction);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hp_ui_test_wait_for (not_comparing, window));
  g_assert_null (hp_compare_window_get_error (window));
  g_assert_cmpfloat (fraction, ==, 1.0);

  session = hp_compare_window_get_session (window);
  g_assert_nonnull (session);
  g_assert_cmpint (hp_analysis_params_get_int (hp_compare_session_get_params (session), &hp_kernel_breakdown_num_kernels_spec), ==, 3);
  /* asked again: the kept result, no new computation */
  cache = hp_compare_session_get_cache (session);
  n_computed = hp_result_cache_get_n_computed (cache);
  hp_compare_session_compare_async (session, NULL, compare_cb, &tables);
  while (tables == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, n_computed);
  g_assert_nonnull (hp_compare_window_get_findings (window));
  g_assert_cmpuint (tables->len, >, 0);

  g_signal_handlers_disconnect_by_data (hp_compare_window_get_progress_bar (window), &fraction);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "num-kernels");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/ui/compare/tabs", Fixture, &base_new, fixture_setup, test_tabs, fixture_teardown);
  g_test_add ("/ui/compare/missing-ranks", Fixture, &missing_rank, fixture_setup, test_missing_ranks, fixture_teardown);
  g_test_add ("/ui/compare/communication", Fixture, &filter_nccl, fixture_setup, test_communication, fixture_teardown);
  g_test_add ("/ui/compare/long-names", Fixture, &long_names, fixture_setup, test_long_names, fixture_teardown);
  g_test_add ("/ui/compare/scope", Fixture, &filter_nccl, fixture_setup, test_scope, fixture_teardown);
  g_test_add ("/ui/compare/ops-diff", Fixture, &base_new, fixture_setup, test_ops_diff, fixture_teardown);
  g_test_add ("/ui/compare/timelines", Fixture, &base_new, fixture_setup, test_timelines, fixture_teardown);
  g_test_add ("/ui/compare/timeline-area", Fixture, &base_new, fixture_setup, test_timeline_area, fixture_teardown);
  g_test_add ("/ui/compare/tree-diff", Fixture, &tree_pair, fixture_setup, test_tree_diff, fixture_teardown);
  g_test_add_func ("/ui/compare/tree-diff-scope-and-vendors", test_tree_diff_scope_and_vendors);
  g_test_add_func ("/ui/compare/bad-runs", test_bad_runs);
  g_test_add_func ("/ui/compare/runs", test_runs);
  g_test_add_func ("/ui/compare/dialog-labels", test_dialog_labels);
  g_test_add_func ("/ui/compare/dialog-order-and-baseline", test_dialog_order_and_baseline);
  g_test_add_func ("/ui/compare/distinct-labels", test_distinct_labels);
  g_test_add ("/ui/compare/memory-peaks", Fixture, &memory_pair, fixture_setup, test_memory_peaks, fixture_teardown);
  g_test_add_func ("/ui/compare/no-data-reasons", test_no_data_reasons);
  g_test_add_func ("/ui/compare/tree-diff-empty-reason", test_tree_diff_empty_reason);
  g_test_add_func ("/ui/compare/dropped-folders", test_dropped_folders);
  g_test_add_func ("/ui/compare/progress-and-settings", test_progress_and_settings);

  return g_test_run ();
}
