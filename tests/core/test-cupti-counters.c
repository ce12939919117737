/* test-cupti-counters.c — CUPTI counters with their operators against HTA and hand-made traces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

#define CASE "hta_cupti_profiler"
#define FADD "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum"

static HpTable *
run (HpTrace    *trace,
     GPtrArray **tables)
{
  HpAnalysisParams params;

  hp_analysis_params_init (&params);
  *tables = hp_test_run (hp_cupti_counters_compute, trace, &params);
  hp_analysis_params_clear (&params);
  return hp_test_table_at (*tables, 0, "cupti_counter_data_with_operators");
}

static const char *
string_cell (HpTable    *table,
             guint       row,
             const char *column)
{
  return hp_table_get_string (table, row, hp_test_column (table, column));
}

/* Every column and row of HTA's table */
static void
test_cupti_golden (void)
{
  g_autoptr (HpTrace) trace = hp_test_load (CASE, HP_MODE_HTA_COMPAT);
  g_autoptr (GPtrArray) tables = NULL;
  g_autofree char *golden = hp_test_golden_path (CASE, "cupti_counter_data_with_operators.csv");

  hp_test_assert_table_matches_golden (run (trace, &tables), golden);
}

/* HTA's own test (docs/analyses.md §11): 77 rows, the nine SASS counters, the sixth
 * kernel by time is an fft2d_r2c_32x32 under aten::conv2d. Its FLOPs,
 * by hand: 2 × 61734912 (ffma) + 25362432 (fmul) + 86114304 (fadd). */
static void
test_cupti_hta_test (gconstpointer data)
{
  HpMode mode = GPOINTER_TO_INT (data);
  g_autoptr (HpTrace) trace = hp_test_load (CASE, mode);
  g_autoptr (GPtrArray) tables = NULL;
  HpTable *table = run (trace, &tables);
  guint    n_sass = 0;

  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 77);
  for (guint c = 0; c < hp_table_get_n_columns (table); c++)
    n_sass += g_str_has_prefix (hp_table_get_column_name (table, c), "smsp__sass_thread_inst_executed_op_");
  g_assert_cmpuint (n_sass, ==, 9);
  g_assert_true (g_str_has_prefix (string_cell (table, 5, "name"), "void fft2d_r2c_32x32"));
  hp_test_assert_close (hp_test_cell (table, 5, FADD), 86114304);
  g_assert_cmpstr (string_cell (table, 5, "top_level_op"), ==, "aten::conv2d");
  g_assert_cmpstr (string_cell (table, 5, "bottom_level_op"), ==, "aten::cudnn_convolution");
  g_assert_cmpstr (string_cell (table, 5, "op_stack"), ==,
                   "aten::conv2d > aten::convolution > aten::_convolution > aten::cudnn_convolution");
  hp_test_assert_close (hp_test_cell (table, 5, "flops"), 2.0 * 61734912 + 25362432 + 86114304);
  if (mode == HP_MODE_DEFAULT)
    g_assert_cmpstr (string_cell (table, 5, "paired_by"), ==, "order");
  else
    g_assert_cmpint (hp_table_find_column (table, "paired_by"), <, 0);
}

/* Two ranges carrying the correlation of the third and the first of
 * three launches: the default mode pairs them by correlation; HTA skips
 * the rank (two ranges, three launches). FLOPs: 2 × 10 + 100 and 2 × 500. */
static void
test_cupti_correlation (HpTestTraceFixture *fixture,
                        gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  HpTrace *compat = fixture->compat;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (GPtrArray) compat_tables = NULL;
  HpTable *table = run (trace, &tables);
  HpTable *hta = run (compat, &compat_tables);

  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 2);
  g_assert_cmpstr (string_cell (table, 0, "name"), ==, "mul_kernel");
  g_assert_cmpstr (string_cell (table, 0, "op_stack"), ==, "aten::mul");
  g_assert_cmpstr (string_cell (table, 0, "paired_by"), ==, "correlation");
  hp_test_assert_close (hp_test_cell (table, 0, "index_runtime"), 6);
  hp_test_assert_close (hp_test_cell (table, 0, "flops"), 120);
  g_assert_cmpstr (string_cell (table, 1, "op_stack"), ==, "aten::linear > aten::addmm");
  g_assert_cmpstr (string_cell (table, 1, "top_level_op"), ==, "aten::linear");
  g_assert_cmpstr (string_cell (table, 1, "bottom_level_op"), ==, "aten::addmm");
  hp_test_assert_close (hp_test_cell (table, 1, "index_runtime"), 2);
  hp_test_assert_close (hp_test_cell (table, 1, "flops"), 1000);
  /* a counter with fractions stays a fraction */
  hp_test_assert_close (hp_test_cell (table, 1, "sm__throughput.avg.pct_of_peak_sustained_elapsed"), 80.25);

  g_assert_cmpuint (hp_table_get_n_rows (hta), ==, 0);
  g_assert_nonnull (strstr (hp_table_get_note (hta), "2 ranges, 3 kernel launches"));
}

/* Without correlations and with unequal counts, the default mode lists
 * the ranges unpaired instead of dropping the rank */
static void
test_cupti_unpaired (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) tables = NULL;
  HpTable *table = run (trace, &tables);

  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 2);
  for (guint r = 0; r < 2; r++)
    {
      g_assert_true (hp_table_is_null (table, r, hp_test_column (table, "op_stack")));
      g_assert_true (hp_table_is_null (table, r, hp_test_column (table, "paired_by")));
    }
  hp_test_assert_close (hp_test_cell (table, 1, "flops"), 1000);
  g_assert_nonnull (strstr (hp_table_get_note (table), "unpaired"));
}

/* HTA returns no table; ours is empty and says why */
static void
test_cupti_no_ranges (HpTestTraceFixture *fixture,
                      gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) tables = NULL;
  HpTable *table = run (trace, &tables);

  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 0);
  g_assert_nonnull (strstr (hp_table_get_note (table), "cuda_profiler_range"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/cupti-counters/golden", test_cupti_golden);
  g_test_add_data_func ("/core/cupti-counters/hta-test/compat", GINT_TO_POINTER (HP_MODE_HTA_COMPAT), test_cupti_hta_test);
  g_test_add_data_func ("/core/cupti-counters/hta-test/default", GINT_TO_POINTER (HP_MODE_DEFAULT), test_cupti_hta_test);
  hp_test_add_trace ("/core/cupti-counters/correlation", "edge/cupti-correlation.json", hp_test_trace_setup,
                     test_cupti_correlation);
  hp_test_add_trace ("/core/cupti-counters/unpaired", "edge/cupti-unpaired.json", hp_test_trace_setup_default,
                     test_cupti_unpaired);
  hp_test_add_trace ("/core/cupti-counters/no-ranges", "hta_trace_filter_2ranks", hp_test_trace_setup_default,
                     test_cupti_no_ranges);
  hp_test_add_cancelled_test ("/core/cupti-counters/cancelled", hp_cupti_counters_compute, CASE);

  return g_test_run ();
}
