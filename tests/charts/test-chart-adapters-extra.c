/* test-chart-adapters-extra.c — the charts of the memory timeline, stragglers, collectives and CUPTI counters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-charts.h"
#include "hp-test-utils.h"

#define GIB (1024.0 * 1024.0 * 1024.0)

static HpChart *
only_chart (GPtrArray  *charts,
            const char *name)
{
  g_assert_nonnull (charts);
  g_assert_cmpuint (charts->len, ==, 1);
  g_assert_cmpstr (hp_chart_get_name (charts->pdata[0]), ==, name);
  return charts->pdata[0];
}

/* Stacked: each category's curve is the sum up to it, in GB, over ms
 * from the first point */
static void
test_memory_timeline (void)
{
  g_autoptr (HpTable) table = hp_test_table_from_csv (
      "memory_timeline", "Memory timeline",
      "time:i;Parameter:i;Optimizer state:i;Input:i;Temporary:i;Activation:i;Gradient:i;Autograd:i;Unknown:i",
      "1000000,1073741824,0,0,0,0,0,0,0\n"
      "3000000,1073741824,0,0,0,536870912,0,0,0\n");
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  HpChart *chart = only_chart (charts, "memory_timeline");
  double   x, y;

  g_assert_cmpuint (hp_line_chart_get_n_series (chart), ==, 8);
  g_assert_true (hp_line_chart_get_point (chart, 0, 1, &x, &y));
  hp_test_assert_close (x, 2.0);
  hp_test_assert_close (y, 1.0);
  g_assert_true (hp_line_chart_get_point (chart, 4, 1, &x, &y));
  hp_test_assert_close (y, 1.5);
  g_assert_true (hp_line_chart_get_point (chart, 7, 0, &x, &y));
  hp_test_assert_close (y, 1073741824 / GIB);
}

/* the comparison's temporal breakdown: the mean over each run's ranks,
 * non-compute time split into communication and memory when the table
 * has the split (the default mode), whole otherwise */
static void
test_compare_temporal_split (void)
{
  const char *const labels[] = { "job", "single" };
  g_autoptr (HpTable) split = hp_test_table_from_csv (
      "compare_temporal_breakdown", "Temporal breakdown per run",
      "label:s;rank:i;idle_time_pctg:d;compute_time_pctg:d;non_compute_time_pctg:d;"
      "non_compute_communication_time_pctg:d;non_compute_memory_time_pctg:d",
      "job,0,53.56,17.71,28.74,28.71,0.03\n"
      "job,1,54.72,22.57,22.72,22.36,0.35\n"
      "single,0,1.68,97.43,0.9,0.0,0.9\n");
  g_autoptr (HpTable) whole = hp_test_table_from_csv ("compare_temporal_breakdown", "Temporal breakdown per run",
                                                      "label:s;rank:i;idle_time_pctg:d;compute_time_pctg:d;"
                                                      "non_compute_time_pctg:d",
                                                      "job,0,53.56,17.71,28.74\n"
                                                      "single,0,1.68,97.43,0.9\n");
  g_autoptr (GPtrArray) split_tables = g_ptr_array_new ();
  g_autoptr (GPtrArray) whole_tables = g_ptr_array_new ();
  g_autoptr (GPtrArray) split_charts = NULL;
  g_autoptr (GPtrArray) whole_charts = NULL;
  HpChart *chart;

  g_ptr_array_add (split_tables, split);
  g_ptr_array_add (whole_tables, whole);
  split_charts = hp_compare_charts_new (split_tables, labels, 2, 10, NULL);
  whole_charts = hp_compare_charts_new (whole_tables, labels, 2, 10, NULL);
  chart = only_chart (split_charts, "compare_temporal_breakdown");
  g_assert_cmpuint (hp_bar_chart_get_n_categories (chart), ==, 4);
  /* job: communication (28.71 + 22.36) / 2, memory (0.03 + 0.35) / 2 */
  hp_test_assert_close (hp_bar_chart_get_value (chart, 0, 2), 25.535);
  hp_test_assert_close (hp_bar_chart_get_value (chart, 0, 3), 0.19);
  hp_test_assert_close (hp_bar_chart_get_value (chart, 1, 3), 0.9);
  chart = only_chart (whole_charts, "compare_temporal_breakdown");
  g_assert_cmpuint (hp_bar_chart_get_n_categories (chart), ==, 3);
  hp_test_assert_close (hp_bar_chart_get_value (chart, 0, 2), 28.74);
}

/* One chart per rank and device; reserved only where known */
static void
test_memory_events (void)
{
  g_autoptr (HpTable) table = hp_test_table_from_csv (
      "memory_events_timeline", "Memory over time", "rank:i;device:s;ts:d:us;bytes:i;allocated:i;reserved:i",
      "0,cpu,20,64,64,\n"
      "0,cuda:0,10,1000,1073741824,2147483648\n"
      "0,cuda:0,210,3000,536870912,2147483648\n");
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  double x, y;

  g_assert_cmpuint (charts->len, ==, 2);
  g_assert_cmpstr (hp_chart_get_name (charts->pdata[0]), ==, "memory_rank0_cpu");
  g_assert_cmpuint (hp_line_chart_get_n_series (charts->pdata[0]), ==, 1);
  g_assert_cmpstr (hp_chart_get_name (charts->pdata[1]), ==, "memory_rank0_cuda_0");
  g_assert_cmpuint (hp_line_chart_get_n_series (charts->pdata[1]), ==, 2);
  g_assert_true (hp_line_chart_get_point (charts->pdata[1], 0, 1, &x, &y));
  hp_test_assert_close (x, 210);
  hp_test_assert_close (y, 0.5);
  g_assert_true (hp_line_chart_get_point (charts->pdata[1], 1, 0, &x, &y));
  hp_test_assert_close (y, 2);
}

/* One bar chart per step; a flagged rank's bar is in the first series */
static void
test_straggler_metric (void)
{
  g_autoptr (HpTable) table = hp_test_table_from_csv (
      "straggler_metric", "Straggler metric",
      "rank:i;iteration:i;stream:i;name:s;ts:d:us;dur:d:us;normalized_start_time:d;duration:d;is_straggler:i",
      "0,1,20,k,0,1,0.4,0.1,0\n"
      "1,1,20,k,0,1,0.7,0.1,1\n"
      "0,2,20,k,0,1,1.9,0.1,1\n"
      "1,2,20,k,0,1,1.2,0.1,0\n");
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  HpChart *step1;

  g_assert_cmpuint (charts->len, ==, 2);
  step1 = charts->pdata[0];
  g_assert_cmpstr (hp_chart_get_name (step1), ==, "potential_stragglers_step1");
  g_assert_cmpuint (hp_bar_chart_get_n_categories (step1), ==, 2);
  hp_test_assert_close (hp_bar_chart_get_value (step1, 0, 1), 0.7);
  g_assert_true (isnan (hp_bar_chart_get_value (step1, 0, 0)));
  hp_test_assert_close (hp_bar_chart_get_value (step1, 1, 0), 0.4);
  hp_test_assert_close (hp_bar_chart_get_value (charts->pdata[1], 0, 0), 1.9);
}

/* Rank × collective, the lateness in each cell; a rank that missed a
 * collective has an empty cell */
static void
test_collective_waits (void)
{
  g_autoptr (HpTable) table = hp_test_table_from_csv (
      "collective_waits", "Collective waits",
      "index:i;name:s;rank:i;start(us):d:us;dur(us):d:us;late_by(us):d:us;wait(us):d:us",
      "0,ar,0,100,200,0,60\n"
      "0,ar,2,160,200,60,0\n"
      "1,ar,0,500,200,0,20\n");
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  HpChart *chart = only_chart (charts, "collective_lateness");

  hp_test_assert_close (hp_heat_map_get_value (chart, 1, 0), 60);
  hp_test_assert_close (hp_heat_map_get_value (chart, 0, 1), 0);
  g_assert_true (isnan (hp_heat_map_get_value (chart, 1, 1)));
}

/* FLOPs summed per op, the largest first; rows without FLOPs or op skip */
static void
test_cupti_flops (void)
{
  g_autoptr (HpTable) table = hp_test_table_from_csv (
      "cupti_counter_data_with_operators", "CUPTI",
      "name:s;top_level_op:s;bottom_level_op:s;flops:d",
      "a,aten::linear,aten::addmm,100\n"
      "b,aten::conv2d,aten::cudnn_convolution,300\n"
      "c,aten::linear,aten::addmm,50\n"
      "d,,,70\n"
      "e,aten::relu,aten::relu,\n");
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  HpChart *top;

  g_assert_cmpuint (charts->len, ==, 2);
  top = charts->pdata[0];
  g_assert_cmpstr (hp_chart_get_name (top), ==, "flops_top_level_op");
  g_assert_cmpuint (hp_bar_chart_get_n_categories (top), ==, 2);
  hp_test_assert_close (hp_bar_chart_get_value (top, 0, 0), 300);
  hp_test_assert_close (hp_bar_chart_get_value (top, 0, 1), 150);
  g_assert_cmpstr (hp_chart_get_name (charts->pdata[1]), ==, "flops_bottom_level_op");
}

/* exposed time per step, stacked by collective, summed over ranks */
static void
test_communication_by_step (void)
{
  g_autoptr (HpTable) table = hp_test_table_from_csv (
      "communication_by_step", "Communication",
      "rank:i;step:i;collective:s;count:i;time(us):d:us;exposed_time(us):d:us;msg_bytes:i",
      "0,1,allreduce,2,100,40,8\n"
      "1,1,allreduce,2,120,60,8\n"
      "0,1,alltoall,1,50,50,4\n"
      "0,2,allreduce,2,90,10,8\n");
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  HpChart *exposed;

  g_assert_cmpuint (charts->len, ==, 2);
  exposed = charts->pdata[0];
  g_assert_cmpstr (hp_chart_get_name (exposed), ==, "communication_exposed");
  g_assert_cmpuint (hp_bar_chart_get_n_categories (exposed), ==, 2);
  g_assert_cmpuint (hp_bar_chart_get_n_series (exposed), ==, 2);
  hp_test_assert_close (hp_bar_chart_get_value (exposed, 0, 0), 100);
  hp_test_assert_close (hp_bar_chart_get_value (exposed, 1, 0), 50);
  hp_test_assert_close (hp_bar_chart_get_value (exposed, 0, 1), 10);
  hp_test_assert_close (hp_bar_chart_get_value (charts->pdata[1], 0, 0), 220);
  /* the bars add up two ranks, and the value axis says so */
  g_assert_cmpstr (hp_chart_get_y_label (exposed), ==, "Time, summed over 2 ranks");
  g_assert_cmpstr (hp_chart_get_y_label (charts->pdata[1]), ==, "Time, summed over 2 ranks");

  /* one rank: nothing is summed */
  {
    g_autoptr (HpTable) one = hp_test_table_from_csv (
        "communication_by_step", "Communication",
        "rank:i;step:i;collective:s;count:i;time(us):d:us;exposed_time(us):d:us;msg_bytes:i",
        "0,1,allreduce,2,100,40,8\n");
    g_autoptr (GPtrArray) one_charts = hp_chart_adapt_table (one, NULL);

    g_assert_cmpstr (hp_chart_get_y_label (one_charts->pdata[0]), ==, "Time");
  }
}

/* the first rank's median bus bandwidth per (collective, size), with the
 * link peak in the subtitle */
static void
test_collective_sizes (void)
{
  g_autoptr (HpTable) table = hp_test_table_from_csv (
      "collective_sizes", "Collectives by message size",
      "rank:i;collective:s;msg_bytes:i;count:i;time(us):d:us;time_p50(us):d:us;time_p90(us):d:us;"
      "busbw_p10(GB/s):d;busbw_p50(GB/s):d;busbw_p90(GB/s):d;link_peak(GB/s):d;busbw_p50_pct_of_peak:d",
      "0,allgather,4194304,2,200,100,100,30,36.7,40,900,4.08\n"
      "0,allreduce,1048576,4,80,20,30,10,20,25,900,2.2\n"
      "1,allgather,4194304,2,198,99,99,31,37,41,900,4.1\n");
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table (table, NULL);
  HpChart *chart = only_chart (charts, "collective_busbw");

  g_assert_cmpuint (hp_bar_chart_get_n_categories (chart), ==, 2);
  hp_test_assert_close (hp_bar_chart_get_value (chart, 0, 0), 36.7);
  hp_test_assert_close (hp_bar_chart_get_value (chart, 0, 1), 20);
  g_assert_nonnull (strstr (hp_chart_get_subtitle (chart), "900 GB/s"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/charts/extra/memory-timeline", test_memory_timeline);
  g_test_add_func ("/ui/charts/extra/compare-temporal-split", test_compare_temporal_split);
  g_test_add_func ("/ui/charts/extra/memory-events", test_memory_events);
  g_test_add_func ("/ui/charts/extra/straggler-metric", test_straggler_metric);
  g_test_add_func ("/ui/charts/extra/collective-waits", test_collective_waits);
  g_test_add_func ("/ui/charts/extra/cupti-flops", test_cupti_flops);
  g_test_add_func ("/ui/charts/extra/communication-by-step", test_communication_by_step);
  g_test_add_func ("/ui/charts/extra/collective-sizes", test_collective_sizes);

  return g_test_run ();
}
