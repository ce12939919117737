/* test-analysis-tabs.c — the Memory, Counters (CUPTI) and Stragglers tabs and their links, under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "hp-stragglers-panel.h"
#include "hp-test-utils.h"
#include "hp-timeline-panel.h"
#include "hp-ui-test-utils.h"
#include "hp-window.h"

static HpAnalysisPanel *
show_tab (HpWindow   *window,
          const char *label)
{
  GtkNotebook *notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (window));

  return hp_ui_test_show_tab (notebook, label, hp_ui_test_panel_idle);
}

/* Memory: the summary of the hand-made trace (cuda:0 peaks at 8000 B) and
 * a chart per device */
static void
test_memory_tab (HpUiTestWindowFixture *fixture,
                 gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  HpAnalysisPanel *panel = show_tab (window, "Memory");
  HpTable         *summary = hp_analysis_panel_find_table (panel, "memory", "memory_summary");

  g_assert_nonnull (summary);
  g_assert_cmpuint (hp_table_get_n_rows (summary), ==, 2);
  g_assert_cmpint (hp_table_get_int (summary, 1, hp_test_column (summary, "peak_allocated")), ==, 8000);
  g_assert_nonnull (hp_analysis_panel_find_chart_view (panel, "memory_rank0_cuda_0"));
  g_assert_nonnull (hp_analysis_panel_find_chart_view (panel, "memory_rank0_cpu"));
}

/* Counters (CUPTI): HTA's 77 kernels and the FLOPs per op */
static void
test_cupti_tab (HpUiTestWindowFixture *fixture,
                gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  HpAnalysisPanel *panel = show_tab (window, "Counters (CUPTI)");
  HpTable         *table = hp_analysis_panel_find_table (panel, "cupti_counters", "cupti_counter_data_with_operators");
  HpChartView     *flops;

  g_assert_nonnull (table);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 77);
  flops = hp_analysis_panel_find_chart_view (panel, "flops_top_level_op");
  g_assert_nonnull (flops);
  g_assert_true (hp_chart_has_data (hp_chart_view_get_chart (flops)));
}

static gboolean
timeline_has_selection (gpointer data)
{
  return hp_timeline_view_get_selection (data, NULL, NULL);
}

/* Stragglers: rank 2 is named first; a heat map cell selects its kernel
 * on the timeline; the candidates control re-runs the analysis */
static void
test_stragglers_tab (HpUiTestWindowFixture *fixture,
                     gconstpointer          data)
{
  HpWindow        *window = fixture->window;
  HpTracePage     *page = hp_window_get_trace_page (window);
  HpTimelinePanel *timeline = hp_trace_page_get_timeline_panel (page);
  HpTimelineView  *view = hp_timeline_panel_get_view (timeline);
  HpAnalysisPanel *panel;

  panel = show_tab (window, "Stragglers");
  HpTable       *result = hp_analysis_panel_find_table (panel, "stragglers", "potential_stragglers");
  HpTable       *waits = hp_analysis_panel_find_table (panel, "collectives", "collective_waits");
  HpChartView   *heat_map = hp_analysis_panel_find_chart_view (panel, "collective_lateness");
  HpSession     *session = hp_window_get_session (window);
  HpTrace       *trace = hp_session_get_trace (session);
  GtkSpinButton *spin;
  int            rank;
  gint64         event;
  const HpRank  *r;

  g_assert_nonnull (result);
  g_assert_cmpint (hp_table_get_int (result, 0, hp_test_column (result, "rank")), ==, 2);
  g_assert_nonnull (waits);
  g_assert_nonnull (heat_map);
  g_assert_true (hp_chart_has_data (hp_chart_view_get_chart (heat_map)));
  g_assert_nonnull (hp_analysis_panel_find_chart_view (panel, "potential_stragglers_step1"));

  /* collective 0 is rank 0's extra AllReduce (100..150 us), which ended
   * before any other rank started one: it ran alone. Rank 2's first
   * AllReduce, at 700 us, is in collective 1 with every rank's. */
  g_assert_false (hp_stragglers_panel_select_cell (HP_STRAGGLERS_PANEL (panel), 2, 0));
  g_assert_true (hp_stragglers_panel_select_cell (HP_STRAGGLERS_PANEL (panel), 2, 1));
  g_assert_true (hp_ui_test_wait_for (timeline_has_selection, view));
  g_assert_true (hp_timeline_view_get_selection (view, &rank, &event));
  g_assert_cmpint (rank, ==, 2);
  r = hp_trace_find_rank (trace, 2);
  g_assert_true (g_str_has_prefix (hp_trace_get_string (trace, r->name[event]), "ncclDevKernel_AllReduce"));
  g_assert_cmpint (r->ts[event], ==, 700 * HP_NS_PER_US);
  /* and the same collective on every other rank's lane, in the session's
   * highlights and on the timeline, one kernel per rank */
  {
    const HpLinkedEvents *highlights = hp_session_get_highlights (session);
    HpTimelineScene      *scene = hp_timeline_view_get_scene (view);
    gboolean              seen[4] = { FALSE };

    g_assert_nonnull (highlights);
    g_assert_cmpint (highlights->rank, ==, 2);
    g_assert_nonnull (highlights->others);
    g_assert_cmpuint (highlights->others->len, ==, 3);
    g_assert_cmpuint (hp_timeline_view_get_n_matches (view), ==, 4);
    for (guint i = 0; i < 4; i++)
      {
        guint         rank_pos;
        guint32       e;
        const HpRank *hr;

        g_assert_true (hp_timeline_scene_get_highlight (scene, i, &rank_pos, &e));
        hr = hp_trace_get_rank (trace, rank_pos);
        g_assert_true (g_str_has_prefix (hp_trace_get_string (trace, hr->name[e]), "ncclDevKernel_AllReduce"));
        g_assert_false (seen[hr->rank]);
        seen[hr->rank] = TRUE;
      }
    g_assert_nonnull (strstr (hp_timeline_panel_get_linked_text (timeline), "on 4 ranks"));
  }
  /* a rank that did not run a collective has no cell to select */
  g_assert_false (hp_stragglers_panel_select_cell (HP_STRAGGLERS_PANEL (panel), 7, 0));

  /* one candidate: only rank 2 */
  panel = show_tab (window, "Stragglers");
  spin = GTK_SPIN_BUTTON (hp_ui_test_find_widget_of_type (GTK_WIDGET (panel), GTK_TYPE_SPIN_BUTTON));
  g_assert_nonnull (spin);
  gtk_spin_button_set_value (spin, 1);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_idle, panel));
  g_assert_cmpint (hp_analysis_params_get_int (hp_session_get_params (session), &hp_stragglers_num_candidates_spec), ==, 1);
  result = hp_analysis_panel_find_table (panel, "stragglers", "potential_stragglers");
  g_assert_cmpint (hp_table_get_int (result, 0, hp_test_column (result, "is_candidate")), ==, 1);
  g_assert_cmpint (hp_table_get_int (result, 1, hp_test_column (result, "is_candidate")), ==, 0);

  /* GTK 4.8's notebook fails a critical when the page it shows is torn
   * down with the focus in it: leave the tab first */
  gtk_window_set_focus (GTK_WINDOW (window), NULL);
  show_tab (window, "Overview");
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C");
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  hp_ui_test_add_window ("/ui/tabs/memory", "edge/memory-events.json", test_memory_tab);
  hp_ui_test_add_window ("/ui/tabs/cupti", "hta_cupti_profiler", test_cupti_tab);
  hp_ui_test_add_window ("/ui/tabs/stragglers", "edge/stragglers-4ranks", test_stragglers_tab);

  return g_test_run ();
}
