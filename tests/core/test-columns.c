/* test-columns.c — the column identifiers each analysis exports: they find their columns, and only in their tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-core.h"
#include "hp-test-utils.h"

/* A column is found in the table it belongs to, in every table of the
 * same shape it names, and is -1 where the table lacks it. */
static void
test_column_of (void)
{
  g_autoptr (HpTable) idle = hp_table_new (HP_IDLE_TIME_TABLE, "Idle");
  g_autoptr (HpTable) cpu = hp_table_new (HP_USER_ANNOTATION_CPU_TABLE, "CPU annotations");
  g_autoptr (HpTable) gpu = hp_table_new (HP_USER_ANNOTATION_GPU_TABLE, "GPU annotations");

  hp_table_add_column (idle, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (idle, "stream", HP_COLUMN_INT, NULL);
  hp_table_add_column (cpu, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (gpu, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (gpu, "name", HP_COLUMN_STRING, NULL);

  g_assert_cmpint (hp_table_column_of (idle, HP_IDLE_TIME_COL_RANK), ==, 0);
  g_assert_cmpint (hp_table_column_of (idle, HP_IDLE_TIME_COL_STREAM), ==, 1);
  /* a table made by an older version may lack a column: not an error */
  g_assert_cmpint (hp_table_column_of (idle, HP_IDLE_TIME_COL_IDLE_CATEGORY), ==, -1);
  g_assert_cmpint (hp_table_column_of (cpu, HP_USER_ANNOTATION_COL_NAME), ==, 0);
  g_assert_cmpint (hp_table_column_of (gpu, HP_USER_ANNOTATION_COL_NAME), ==, 1);
  g_assert_cmpint (hp_table_column_of (cpu, HP_USER_ANNOTATION_COL_RANK), ==, -1);
}

/* Reading a column of one table from another is a programming error:
 * reported, and no column is returned, even when the other table has a
 * column of that name. */
static void
test_wrong_table (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (HpTable) kernels = hp_table_new (HP_KERNEL_BREAKDOWN_KERNELS_TABLE, "Kernels");

      hp_table_add_column (kernels, "rank", HP_COLUMN_INT, NULL);
      g_assert_cmpint (hp_table_column_of (kernels, HP_IDLE_TIME_COL_RANK), ==, -1);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*CRITICAL*column \"rank\" of table \"idle_time_breakdown\" read from table "
                             "\"gpu_kernel_breakdown_kernels\"*");
}

/* the same with the wrong table merely failing, as a release build sees it */
static void
test_wrong_table_result (void)
{
  g_autoptr (HpTable) kernels = hp_table_new (HP_KERNEL_BREAKDOWN_KERNELS_TABLE, "Kernels");

  hp_table_add_column (kernels, "rank", HP_COLUMN_INT, NULL);
  g_test_expect_message ("hotpath-core", G_LOG_LEVEL_CRITICAL, "*read from table*");
  g_assert_cmpint (hp_table_column_of (kernels, HP_IDLE_TIME_COL_RANK), ==, -1);
  g_test_assert_expected_messages ();
}

/* Every column an analysis exports is in the table the analysis makes,
 * on traces that give the analyses data. */
static void
test_exported (void)
{
  /* made here: the identifiers live as long as this block */
  const HpColumnId ids[] = {
    HP_ATEN_OP_DELAY_COL_RANK,
    HP_ATEN_OP_DELAY_COL_ATEN_OP_NAME,
    HP_ATEN_OP_DELAY_COL_OCCURRENCE_COUNT,
    HP_ATEN_OP_DELAY_COL_AVG_ATEN_OP_LAUNCH_DELAY,
    HP_COLLECTIVE_WAITS_COL_INDEX,
    HP_COLLECTIVE_WAITS_COL_RANK,
    HP_COLLECTIVE_WAITS_COL_LATE_BY_US,
    HP_COLLECTIVE_SIZES_COL_RANK,
    HP_COLLECTIVE_SIZES_COL_COLLECTIVE,
    HP_COLLECTIVE_SIZES_COL_MSG_BYTES,
    HP_COLLECTIVE_SIZES_COL_BUSBW_P10,
    HP_COLLECTIVE_SIZES_COL_BUSBW_P50,
    HP_COLLECTIVE_SIZES_COL_BUSBW_P90,
    HP_COLLECTIVE_SIZES_COL_LINK_PEAK,
    HP_COMM_COMP_OVERLAP_COL_RANK,
    HP_COMM_COMP_OVERLAP_COL_DEVICE,
    HP_COMM_COMP_OVERLAP_COL_COMP_COMM_OVERLAP_PCTG,
    HP_COMMUNICATION_BY_STEP_COL_STEP,
    HP_COMMUNICATION_BY_STEP_COL_COLLECTIVE,
    HP_COMMUNICATION_BY_STEP_COL_TIME_US,
    HP_COMMUNICATION_BY_STEP_COL_EXPOSED_TIME_US,
    HP_CRITICAL_PATH_SUMMARY_COL_BOUND_BY,
    HP_CRITICAL_PATH_SUMMARY_COL_PCT_OF_PATH_DURATION,
    HP_CRITICAL_PATH_BREAKDOWN_COL_DURATION,
    HP_CRITICAL_PATH_BREAKDOWN_COL_S_NAME,
    HP_CUPTI_COUNTERS_COL_FLOPS,
    HP_CUPTI_COUNTERS_COL_TOP_LEVEL_OP,
    HP_CUPTI_COUNTERS_COL_BOTTOM_LEVEL_OP,
    HP_IDLE_TIME_COL_RANK,
    HP_IDLE_TIME_COL_STREAM,
    HP_IDLE_TIME_COL_IDLE_CATEGORY,
    HP_IDLE_TIME_COL_IDLE_TIME,
    HP_IDLE_TIME_COL_IDLE_TIME_RATIO,
    HP_KERNEL_TYPE_COL_KERNEL_TYPE,
    HP_KERNEL_TYPE_COL_PERCENTAGE,
    HP_KERNELS_COL_KERNEL_TYPE,
    HP_KERNELS_COL_NAME,
    HP_KERNELS_COL_RANK,
    HP_KERNELS_COL_SUM_US,
    HP_KERNELS_COL_MEAN_US,
    HP_KERNELS_COL_MIN_US,
    HP_KERNELS_COL_MAX_US,
    HP_KERNEL_SEQUENCES_COL_COUNT,
    HP_LAUNCH_STATS_COL_RANK,
    HP_LAUNCH_STATS_COL_CPU_DURATION,
    HP_LAUNCH_STATS_COL_GPU_DURATION,
    HP_LAUNCH_STATS_COL_LAUNCH_DELAY,
    HP_LAUNCH_STATS_SUMMARY_COL_RANK,
    HP_LAUNCH_STATS_SUMMARY_COL_RUNTIME_CUTOFF,
    HP_LAUNCH_STATS_SUMMARY_COL_LAUNCH_DELAY_CUTOFF,
    HP_LAUNCH_STATS_SUMMARY_COL_SHORT_GPU_KERNELS,
    HP_LAUNCH_STATS_SUMMARY_COL_RUNTIME_OUTLIERS,
    HP_LAUNCH_STATS_SUMMARY_COL_LAUNCH_DELAY_OUTLIERS,
    HP_MEMORY_BW_SERIES_COL_RANK,
    HP_MEMORY_BW_SERIES_COL_TS,
    HP_MEMORY_BW_SERIES_COL_NAME,
    HP_MEMORY_BW_SERIES_COL_MEMORY_BW_GBPS,
    HP_MEMORY_EVENTS_COL_RANK,
    HP_MEMORY_EVENTS_COL_DEVICE,
    HP_MEMORY_EVENTS_COL_TS,
    HP_MEMORY_EVENTS_COL_ALLOCATED,
    HP_MEMORY_EVENTS_COL_RESERVED,
    HP_QUEUE_LENGTH_SERIES_COL_RANK,
    HP_QUEUE_LENGTH_SERIES_COL_TS,
    HP_QUEUE_LENGTH_SERIES_COL_STREAM,
    HP_QUEUE_LENGTH_SERIES_COL_QUEUE_LENGTH,
    HP_CRITICAL_PATH_RANKS_COL_CRITICAL_RANK,
    HP_CRITICAL_PATH_RANKS_COL_COLLECTIVES,
    HP_CRITICAL_PATH_RANKS_COL_PATH_DURATION,
    HP_CRITICAL_PATH_RANKS_COL_CRITICAL_RANK_PCT,
    HP_CRITICAL_PATH_RANKS_BREAKDOWN_COL_RANK,
    HP_CRITICAL_PATH_RANKS_BREAKDOWN_COL_DURATION,
    HP_STRAGGLERS_METRIC_COL_RANK,
    HP_STRAGGLERS_METRIC_COL_ITERATION,
    HP_STRAGGLERS_METRIC_COL_NORMALIZED_START_TIME,
    HP_STRAGGLERS_METRIC_COL_IS_STRAGGLER,
    HP_TEMPORAL_BREAKDOWN_COL_RANK,
    HP_TEMPORAL_BREAKDOWN_COL_DEVICE,
    HP_TEMPORAL_BREAKDOWN_COL_IDLE_TIME_PCTG,
    HP_TEMPORAL_BREAKDOWN_COL_COMPUTE_TIME_PCTG,
    HP_TEMPORAL_BREAKDOWN_COL_NON_COMPUTE_TIME_PCTG,
    HP_USER_ANNOTATION_COL_NAME,
    HP_USER_ANNOTATION_COL_RANK,
    HP_USER_ANNOTATION_COL_SUM_US,
    HP_USER_ANNOTATION_COL_MEAN_US,
    HP_USER_ANNOTATION_COL_MIN_US,
    HP_USER_ANNOTATION_COL_MAX_US,
  };
  const char *const        traces[] = { "hta_trace_filter_2ranks", "hta_cupti_profiler", "hta_negative_queue_length",
                                        "hta_cp_alexnet", "edge/collectives-3ranks", "edge/memory-events.json",
                                        "edge/counters-queue.json", "edge/counters-memory.json", "edge/stragglers-4ranks",
                                        "edge/comm-skew", "edge/kernel-sequences.json", "edge/user-annotation-basic.json",
                                        "edge/launch-aten-2ranks" };
  guint                    n_analyses, n_ids = G_N_ELEMENTS (ids);
  const HpAnalysis *const *analyses = hp_analysis_list (&n_analyses);
  g_autofree gboolean     *checked = g_new0 (gboolean, n_ids);
  guint                    n_checked = 0;

  for (guint t = 0; t < G_N_ELEMENTS (traces); t++)
    {
      g_autoptr (HpTrace) trace = hp_test_load (traces[t], HP_MODE_DEFAULT);

      if (trace == NULL)
        continue;
      for (guint a = 0; a < n_analyses; a++)
        {
          g_autoptr (GPtrArray) tables = hp_analysis_run (analyses[a], trace, NULL, NULL, NULL);

          for (guint i = 0; tables != NULL && i < tables->len; i++)
            for (guint c = 0; c < n_ids; c++)
              for (guint k = 0; ids[c].tables[k] != NULL; k++)
                {
                  HpTable *table = tables->pdata[i];

                  if (!g_str_equal (ids[c].tables[k], hp_table_get_name (table)) || hp_table_get_n_rows (table) == 0)
                    continue;
                  g_test_message ("%s: %s.%s", traces[t], hp_table_get_name (table), ids[c].name);
                  g_assert_cmpint (hp_table_column_of (table, ids[c]), >=, 0);
                  checked[c] = TRUE;
                }
        }
    }
  for (guint c = 0; c < n_ids; c++)
    n_checked += checked[c];
  /* every identifier's table is made, with rows, by one of the traces */
  for (guint c = 0; c < n_ids; c++)
    if (!checked[c])
      g_test_message ("not seen: %s.%s", ids[c].tables[0], ids[c].name);
  g_assert_cmpuint (n_checked, ==, n_ids);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/columns/column-of", test_column_of);
  g_test_add_func ("/core/columns/wrong-table", test_wrong_table);
  g_test_add_func ("/core/columns/wrong-table-result", test_wrong_table_result);
  g_test_add_func ("/core/columns/exported", test_exported);

  return g_test_run ();
}
