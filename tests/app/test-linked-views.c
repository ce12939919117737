/* test-linked-views.c — rows of the Kernels, Launches and Idle time tables shown on the Timeline, under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "hp-table-model.h"
#include "hp-test-utils.h"
#include "hp-timeline-panel.h"
#include "hp-ui-test-utils.h"
#include "hp-window.h"

typedef struct
{
  HpWindow        *window;
  HpSession       *session;
  HpTrace         *trace;
  GtkNotebook     *notebook;
  HpTimelinePanel *timeline;
  HpTimelineView  *view;
} Fixture;

static gboolean
view_laid_out (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 400 && gtk_widget_get_height (data) > 100;
}

static void
fixture_setup (Fixture      *f,
               gconstpointer data)
{
  g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  HpTracePage     *page;

  f->window = hp_ui_test_open_window (path, 1280, 900);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, f->window));
  f->session = hp_window_get_session (f->window);
  f->trace = hp_session_get_trace (f->session);
  page = hp_window_get_trace_page (f->window);
  f->notebook = hp_trace_page_get_notebook (page);
  f->timeline = hp_trace_page_get_timeline_panel (page);
  g_assert_nonnull (f->timeline);
  f->view = hp_timeline_panel_get_view (f->timeline);
}

static void
fixture_teardown (Fixture      *f,
                  gconstpointer data)
{
  hp_ui_test_close_window (f->window);
}

static HpAnalysisPanel *
show_tab (Fixture    *f,
          const char *label)
{
  return hp_ui_test_show_tab (f->notebook, label, hp_ui_test_panel_shown);
}

static HpTableView *
find_table_view (HpAnalysisPanel *panel,
                 const char      *table_name)
{
  for (guint i = 0; i < hp_analysis_panel_get_n_table_views (panel); i++)
    {
      HpTableView *view = hp_analysis_panel_get_table_view (panel, i);

      if (g_strcmp0 (hp_table_get_name (hp_table_view_get_table (view)), table_name) == 0)
        return view;
    }
  g_assert_not_reached ();
  return NULL;
}

static gboolean
is_column_view (GtkWidget *widget,
                gpointer   data)
{
  return GTK_IS_COLUMN_VIEW (widget);
}

/* The table row at @position on screen */
static guint
table_row_at (HpTableView *view,
              guint        position)
{
  g_autoptr (HpTableRow) row = g_list_model_get_item (hp_table_view_get_model (view), position);

  g_assert_nonnull (row);
  return hp_table_row_get_index (row);
}

static gboolean
timeline_is_current (Fixture *f)
{
  return gtk_notebook_get_nth_page (f->notebook, gtk_notebook_get_current_page (f->notebook)) == GTK_WIDGET (f->timeline);
}

static gint64
int_cell (HpTable    *table,
          guint       row,
          const char *column)
{
  return hp_table_get_int (table, row, (guint)hp_test_column (table, column));
}

static const char *
string_cell (HpTable    *table,
             guint       row,
             const char *column)
{
  return hp_table_get_string (table, row, (guint)hp_test_column (table, column));
}

/* Once laid out, the selected event is on screen */
static void
assert_selection_on_screen (Fixture *f)
{
  int    rank;
  gint64 event;
  double x, y;

  g_assert_true (hp_ui_test_wait_for (view_laid_out, f->view));
  hp_ui_test_spin (100);
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_true (hp_timeline_view_event_position (f->view, rank, event, &x, &y));
}

/* Double-click (the column view's activate) on a kernel: the Timeline,
 * never shown before, selects its first instance and highlights them all */
static void
test_kernel_row (Fixture      *f,
                 gconstpointer data)
{
  HpAnalysisPanel *panel = show_tab (f, "Kernels");
  HpTableView     *view = find_table_view (panel, "gpu_kernel_breakdown_kernels");
  HpTable         *table = hp_table_view_get_table (view);
  GtkWidget       *column_view = hp_ui_test_find_widget (GTK_WIDGET (view), is_column_view, NULL);
  const HpRank    *r;
  guint            row = G_MAXUINT;
  int              rank;
  gint64           event;
  const char      *name;

  g_assert_true (hp_table_view_get_linked (view));
  g_assert_false (hp_table_view_get_linked (find_table_view (panel, "gpu_kernel_breakdown_kernel_type")));
  g_assert_nonnull (column_view);
  /* the Timeline tab was never shown */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->view)), ==, 0);

  /* the first named kernel with several instances */
  for (guint position = 0; row == G_MAXUINT; position++)
    {
      guint i = table_row_at (view, position);

      if (!g_str_equal (string_cell (table, i, "name"), "others") && int_cell (table, i, "count") > 1)
        {
          row = i;
          g_signal_emit_by_name (column_view, "activate", position);
        }
    }
  name = string_cell (table, row, "name");

  g_assert_true (timeline_is_current (f));
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (rank, ==, int_cell (table, row, "rank"));
  r = hp_trace_find_rank (f->trace, rank);
  g_assert_cmpstr (hp_trace_get_string (f->trace, r->name[event]), ==, name);
  g_assert_cmpint (hp_timeline_view_get_n_matches (f->view), ==, int_cell (table, row, "count"));
  g_assert_cmpint (hp_timeline_view_get_current_match (f->view), ==, 0);
  g_assert_nonnull (strstr (hp_timeline_panel_get_linked_text (f->timeline), "instances"));
  assert_selection_on_screen (f);

  /* the bar steps to the next instance, of the same kernel */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.linked-next", NULL));
  g_assert_cmpint (hp_timeline_view_get_current_match (f->view), ==, 1);
  g_assert_true (hp_timeline_view_get_selection (f->view, NULL, &event));
  g_assert_cmpstr (hp_trace_get_string (f->trace, r->name[event]), ==, name);
  /* and a search replaces the highlights and closes the bar */
  hp_timeline_panel_search (f->timeline, "nccl");
  g_assert_null (hp_timeline_panel_get_linked_text (f->timeline));
}

/* With rank 1 selected, the toolbar's action on the selected row shows the
 * kernel's instances on rank 1 */
static void
test_kernel_row_selected_rank (Fixture      *f,
                               gconstpointer data)
{
  HpAnalysisPanel *panel;
  HpTableView     *view;
  HpTable         *table;
  guint            row;
  int              rank;
  gint64           event;

  hp_session_set_selected_rank (f->session, 1);
  panel = show_tab (f, "Kernels");
  view = find_table_view (panel, "gpu_kernel_breakdown_kernels");
  table = hp_table_view_get_table (view);

  /* nothing selected: nothing happens */
  gtk_widget_activate_action (GTK_WIDGET (view), "table.show-on-timeline", NULL);
  g_assert_false (timeline_is_current (f));

  g_assert_true (gtk_selection_model_select_item (GTK_SELECTION_MODEL (hp_table_view_get_model (view)), 0, TRUE));
  row = table_row_at (view, 0);
  g_assert_cmpint (int_cell (table, row, "rank"), ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "table.show-on-timeline", NULL));

  g_assert_true (timeline_is_current (f));
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (rank, ==, 1);
  g_assert_cmpint (hp_timeline_view_get_n_matches (f->view), ==, int_cell (table, row, "count"));
  if (!g_str_equal (string_cell (table, row, "name"), "others"))
    g_assert_cmpstr (hp_trace_get_string (f->trace, hp_trace_find_rank (f->trace, 1)->name[event]), ==,
                     string_cell (table, row, "name"));
  assert_selection_on_screen (f);
}

/* A launch delay outlier: its launch call is selected, its kernel
 * highlighted, and both are in the window */
static void
test_launch_row (Fixture      *f,
                 gconstpointer data)
{
  HpAnalysisPanel *panel = show_tab (f, "Launches");
  HpTableView     *view = find_table_view (panel, "cuda_kernel_launch_stats");
  HpTable         *table = hp_table_view_get_table (view);
  int              c_delay = hp_table_find_column (table, "launch_delay");
  GListModel      *model = hp_table_view_get_model (view);
  const HpRank    *r;
  guint            row = G_MAXUINT, position;
  int              rank;
  gint64           event, t0, t1;
  guint32          kernel;

  g_assert_true (hp_table_view_get_linked (view));
  g_assert_false (hp_table_view_get_linked (find_table_view (panel, "cuda_kernel_launch_stats_summary")));
  for (position = 0; position < g_list_model_get_n_items (model) && row == G_MAXUINT; position++)
    if (hp_table_get_double (table, table_row_at (view, position), (guint)c_delay) > 150)
      row = table_row_at (view, position);
  g_assert_cmpuint (row, !=, G_MAXUINT);
  g_assert_true (gtk_selection_model_select_item (GTK_SELECTION_MODEL (model), position - 1, TRUE));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "table.show-on-timeline", NULL));

  g_assert_true (timeline_is_current (f));
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (rank, ==, int_cell (table, row, "rank"));
  r = hp_trace_find_rank (f->trace, rank);
  g_assert_cmpint (r->kind[event], ==, HP_EVENT_KIND_RUNTIME);
  g_assert_cmpint (hp_rank_correlation (r, event), ==, int_cell (table, row, "correlation"));
  /* the call and its kernel, which ran more than 150 us later */
  g_assert_cmpint (hp_timeline_view_get_n_matches (f->view), ==, 2);
  g_assert_cmpint (r->partner[event], >=, 0);
  kernel = (guint32)r->partner[event];
  g_assert_cmpint (hp_rank_correlation (r, kernel), ==, hp_rank_correlation (r, event));
  g_assert_cmpint (r->ts[kernel] - hp_rank_end (r, (guint32)event), >, 150 * HP_NS_PER_US);
  hp_timeline_view_get_visible_range (f->view, &t0, &t1);
  g_assert_cmpint (t0, <=, r->ts[event]);
  g_assert_cmpint (t1, >=, hp_rank_end (r, kernel));
  g_assert_cmpint (t1 - t0, <, 2 * (hp_rank_end (r, kernel) - r->ts[event]));
  assert_selection_on_screen (f);

  /* the bar's close button clears the highlights */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.linked-close", NULL));
  g_assert_cmpuint (hp_timeline_view_get_n_matches (f->view), ==, 0);
  g_assert_null (hp_timeline_panel_get_linked_text (f->timeline));
}

/* An idle row: the longest gap of its category is the selected range, the
 * kernel after it the selected event, with the idle overlay on */
static void
test_idle_row (Fixture      *f,
               gconstpointer data)
{
  HpAnalysisPanel *panel = show_tab (f, "Idle time");
  HpTableView     *view = find_table_view (panel, "idle_time_interval_stats");
  HpTable         *table = hp_table_view_get_table (view);
  GListModel      *model = hp_table_view_get_model (view);
  gboolean         show_idle = FALSE;
  guint            row = G_MAXUINT, position;
  int              rank;
  gint64           event, start, end;
  double           max_us;

  g_assert_true (hp_table_view_get_linked (view));
  g_assert_true (hp_table_view_get_linked (find_table_view (panel, "idle_time_breakdown")));
  for (position = 0; position < g_list_model_get_n_items (model) && row == G_MAXUINT; position++)
    {
      guint i = table_row_at (view, position);

      if (g_str_equal (string_cell (table, i, "idle_category"), "host_wait") &&
          hp_table_get_double (table, i, (guint)hp_table_find_column (table, "count")) > 10)
        row = i;
    }
  g_assert_cmpuint (row, !=, G_MAXUINT);
  max_us = hp_table_get_double (table, row, (guint)hp_table_find_column (table, "max"));
  g_assert_true (gtk_selection_model_select_item (GTK_SELECTION_MODEL (model), position - 1, TRUE));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "table.show-on-timeline", NULL));

  g_assert_true (timeline_is_current (f));
  g_object_get (f->timeline, "show-idle", &show_idle, NULL);
  g_assert_true (show_idle);
  g_assert_true (hp_timeline_view_get_selected_range (f->view, &start, &end));
  g_assert_cmpfloat_with_epsilon ((double)(end - start) / HP_NS_PER_US, max_us, 0.006);
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (rank, ==, int_cell (table, row, "rank"));
  /* the kernel the gap waited for, on the row's stream */
  g_assert_cmpint (hp_trace_find_rank (f->trace, rank)->ts[event], ==, end);
  g_assert_cmpint (hp_rank_stream (hp_trace_find_rank (f->trace, rank), event), ==, int_cell (table, row, "stream"));
  g_assert_cmpint (hp_timeline_view_get_n_matches (f->view), ==,
                   (gint64)hp_table_get_double (table, row, (guint)hp_table_find_column (table, "count")));
  assert_selection_on_screen (f);

  /* stepping moves the range to the next gap */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.linked-next", NULL));
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_true (hp_timeline_view_get_selected_range (f->view, &start, &end));
  g_assert_cmpint (hp_trace_find_rank (f->trace, rank)->ts[event], ==, end);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/ui/linked/kernel-row", Fixture, NULL, fixture_setup, test_kernel_row, fixture_teardown);
  g_test_add ("/ui/linked/kernel-row-selected-rank", Fixture, NULL, fixture_setup, test_kernel_row_selected_rank,
              fixture_teardown);
  g_test_add ("/ui/linked/launch-row", Fixture, NULL, fixture_setup, test_launch_row, fixture_teardown);
  g_test_add ("/ui/linked/idle-row", Fixture, NULL, fixture_setup, test_idle_row, fixture_teardown);

  return g_test_run ();
}
