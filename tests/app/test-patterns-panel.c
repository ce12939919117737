/* test-patterns-panel.c — the Patterns tab and its link to the Timeline, under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "hp-core.h"
#include "hp-patterns-panel.h"
#include "hp-table-model.h"
#include "hp-test-utils.h"
#include "hp-timeline-panel.h"
#include "hp-ui-test-utils.h"
#include "hp-window.h"

static gboolean
has_table (gpointer panel)
{
  return hp_patterns_panel_get_table (panel) != NULL;
}

static gboolean
is_column_view (GtkWidget *widget,
                gpointer   data)
{
  return GTK_IS_COLUMN_VIEW (widget);
}

/* The tab finds the most frequent operator's patterns by itself (HTA's
 * table), and a double-click shows every event of a pattern's occurrences */
static void
test_patterns_tab (void)
{
  g_autofree char *path = hp_test_data_path ("hta_cp_alexnet", NULL);
  g_autofree char *golden = hp_test_golden_path ("hta_cp_alexnet", "frequent_cuda_kernel_sequences.csv");
  HpWindow        *window = hp_ui_test_open_window (path, 1280, 900);
  HpTracePage     *page;
  GtkNotebook     *notebook;
  HpTimelinePanel *timeline;
  HpTrace         *trace;
  HpAnalysisPanel *panel;
  HpTableView     *view;
  GtkWidget       *column_view;
  g_autoptr (HpTableRow) first = NULL;
  g_autoptr (HpKernelSequences) seq = NULL;
  guint         row, n_events;
  int           rank;
  gint64        event;
  const HpRank *r;

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  page = hp_window_get_trace_page (window);
  notebook = hp_trace_page_get_notebook (page);
  timeline = hp_trace_page_get_timeline_panel (page);
  trace = hp_session_get_trace (hp_window_get_session (window));
  panel = hp_ui_test_show_tab (notebook, "Patterns", has_table);
  g_assert_true (HP_IS_PATTERNS_PANEL (panel));
  g_assert_true (hp_ui_test_wait_for (has_table, panel));
  hp_test_assert_table_matches_golden (hp_patterns_panel_get_table (HP_PATTERNS_PANEL (panel)), golden);

  /* the first row on screen, activated as a double-click does */
  view = HP_TABLE_VIEW (hp_ui_test_find_widget_of_type (GTK_WIDGET (panel), HP_TYPE_TABLE_VIEW));
  g_assert_nonnull (view);
  g_assert_true (hp_table_view_get_linked (view));
  column_view = hp_ui_test_find_widget (GTK_WIDGET (view), is_column_view, NULL);
  first = g_list_model_get_item (hp_table_view_get_model (view), 0);
  row = hp_table_row_get_index (first);
  g_signal_emit_by_name (column_view, "activate", 0);

  g_assert_true (gtk_notebook_get_nth_page (notebook, gtk_notebook_get_current_page (notebook)) ==
                 GTK_WIDGET (timeline));
  g_assert_true (hp_timeline_view_get_selection (hp_timeline_panel_get_view (timeline), &rank, &event));
  r = hp_trace_find_rank (trace, rank);
  g_assert_cmpstr (hp_trace_get_string (trace, r->name[event]), ==, "aten::_convolution");
  seq = hp_kernel_sequences_find (trace, r, "aten::_convolution", 3, NULL, NULL);
  hp_kernel_sequences_get_occurrences (seq, row, &n_events);
  g_assert_cmpint (hp_timeline_view_get_n_matches (hp_timeline_panel_get_view (timeline)), ==, n_events);
  g_assert_nonnull (strstr (hp_timeline_panel_get_linked_text (timeline), "occurrence"));

  hp_ui_test_close_window (window);
}

typedef struct
{
  HpPatternsPanel *panel;
  const char      *note;  /* a part of the table's note */
  gint64           count; /* of the first row, or -1 */
} Wanted;

static gboolean
shows (gpointer data)
{
  Wanted  *wanted = data;
  HpTable *table = hp_patterns_panel_get_table (wanted->panel);

  return table != NULL && !hp_analysis_panel_is_busy (HP_ANALYSIS_PANEL (wanted->panel)) &&
         hp_table_get_note (table) != NULL && strstr (hp_table_get_note (table), wanted->note) != NULL &&
         hp_table_get_n_rows (table) > 0 && (wanted->count < 0 || hp_table_get_int (table, 0, 1) == wanted->count);
}

/* The tab is the registry's analysis: on a job of rank 1 only it reads
 * rank 1 (not HTA's default 0), the operator typed is its parameter, and
 * it follows the scope bar: the five steps run the same backward pass, so
 * step 1010 has a fifth of each pattern's occurrences, and a row of the
 * scoped table points at the occurrences in the step only. */
static void
test_patterns_scope (void)
{
  g_autofree char *path = hp_test_data_path ("hta_trace_diff_test", NULL);
  g_autofree char *golden = hp_test_golden_path ("hta_trace_diff_test", "frequent_cuda_kernel_sequences.csv");
  HpWindow        *window = hp_ui_test_open_window (path, 1280, 900);
  const char      *op = "autograd::engine::evaluate_function: AddmmBackward0";
  HpSession       *session;
  GtkNotebook     *notebook;
  HpTimelinePanel *timeline;
  HpAnalysisPanel *panel;
  HpTable         *whole;
  gint64           whole_count;
  g_autoptr (HpScope) step = hp_scope_new_step (1010);
  g_autoptr (HpTable) kept = NULL;
  Wanted wanted = { 0 };

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  session = hp_window_get_session (window);
  notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (window));
  timeline = hp_trace_page_get_timeline_panel (hp_window_get_trace_page (window));
  panel = hp_ui_test_show_tab (notebook, "Patterns", has_table);
  wanted.panel = HP_PATTERNS_PANEL (panel);

  /* the most frequent operator of rank 1, by itself */
  wanted.note = "on rank 1";
  wanted.count = -1;
  g_assert_true (hp_ui_test_wait_for (shows, &wanted));
  g_assert_cmpint (hp_analysis_params_get_int (hp_session_get_params (session), &hp_kernel_sequences_rank_spec), ==, 1);

  hp_patterns_panel_set_operator (HP_PATTERNS_PANEL (panel), op);
  g_assert_cmpstr (hp_analysis_params_get_string (hp_session_get_params (session), &hp_kernel_sequences_operator_spec), ==, op);
  wanted.note = op;
  g_assert_true (hp_ui_test_wait_for (shows, &wanted));
  whole = hp_patterns_panel_get_table (HP_PATTERNS_PANEL (panel));
  hp_test_assert_table_matches_golden (whole, golden);
  whole_count = hp_table_get_int (whole, 0, 1);
  g_assert_cmpint (whole_count % 5, ==, 0);

  hp_session_set_scope (session, step);
  wanted.count = whole_count / 5;
  g_assert_true (hp_ui_test_wait_for (shows, &wanted));
  kept = hp_table_ref (hp_patterns_panel_get_table (HP_PATTERNS_PANEL (panel)));
  g_assert_true (hp_analysis_panel_show_row_on_timeline (panel, kept, 0));
  {
    g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT " occurrences", whole_count / 5);

    g_assert_nonnull (strstr (hp_timeline_panel_get_linked_text (timeline), text));
  }

  hp_ui_test_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/ui/patterns/tab", test_patterns_tab);
  g_test_add_func ("/ui/patterns/scope", test_patterns_scope);

  return g_test_run ();
}
