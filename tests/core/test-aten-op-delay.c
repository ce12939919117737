/* test-aten-op-delay.c — tests of the ATen-op → kernel launch delays (docs/analyses.md §7).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

typedef struct
{
  int         rank;
  const char *op;
  const char *sequence;
  gint64      count;
  double      avg_aten_op_launch_delay;
  double      avg_runtime_delay;
} ExpectedRow;

/* runs the analysis; @ranks is a -1-terminated list, or NULL for all */
static HpTable *
run_full (HpTrace   *trace,
          const int *ranks,
          GError   **error)
{
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  HpAnalysisParams params;
  gboolean         ok;

  hp_analysis_params_init (&params);
  hp_test_params_set_ranks (&params, ranks, -1);
  ok = hp_aten_op_delay_compute (trace, &params, tables, NULL, error);
  hp_analysis_params_clear (&params);
  if (!ok)
    return NULL;

  g_assert_cmpuint (tables->len, ==, 1);
  g_assert_cmpstr (hp_table_get_name (g_ptr_array_index (tables, 0)), ==, "aten_op_kernels_and_delay");
  return hp_table_ref (g_ptr_array_index (tables, 0));
}

static HpTable *
run (HpTrace   *trace,
     const int *ranks)
{
  g_autoptr (GError) error = NULL;
  HpTable *table = run_full (trace, ranks, &error);

  g_assert_no_error (error);
  g_assert_nonnull (table);
  return table;
}

static void
assert_rows (HpTable           *table,
             const ExpectedRow *expected,
             guint              n)
{
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (hp_table_get_int (table, i, hp_test_column (table, "rank")), ==, expected[i].rank);
      g_assert_cmpstr (hp_table_get_string (table, i, hp_test_column (table, "aten_op_name")), ==, expected[i].op);
      g_assert_cmpstr (hp_table_get_string (table, i, hp_test_column (table, "kernel_sequence")), ==,
                       expected[i].sequence);
      g_assert_cmpint (hp_table_get_int (table, i, hp_test_column (table, "occurrence_count")), ==,
                       expected[i].count);
      g_assert_cmpfloat_with_epsilon (hp_table_get_double (table, i, hp_test_column (table, "avg_aten_op_launch_delay")),
                                      expected[i].avg_aten_op_launch_delay, 1e-9);
      g_assert_cmpfloat_with_epsilon (hp_table_get_double (table, i, hp_test_column (table, "avg_runtime_delay")),
                                      expected[i].avg_runtime_delay, 1e-9);
    }
}

/* the sum of occurrence_count over the rows of @rank */
static gint64
occurrences (HpTable *table,
             int      rank)
{
  gint64 sum = 0;

  for (guint i = 0; i < hp_table_get_n_rows (table); i++)
    if (hp_table_get_int (table, i, hp_test_column (table, "rank")) == rank)
      sum += hp_table_get_int (table, i, hp_test_column (table, "occurrence_count"));
  return sum;
}

/* Parity with HTA: every case with a golden table and a trace. The golden
 * rows were re-sorted by rank, occurrence_count descending, op name and
 * kernel sequence: our order. */
static void
test_parity (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  const char *case_name = data;
  HpTrace    *trace = fixture->compat;
  g_autoptr (HpTable) table = run (trace, NULL);
  g_autofree char *golden = hp_test_golden_path (case_name, "aten_op_kernels_and_delay.csv");

  hp_test_assert_table_matches_golden (table, golden);
}

/* Where HTA fails with an empty record list (KeyError 'thread_id',
 * docs/analyses.md §19), we give an empty table. */
static void
test_hta_failures (void)
{
  static const char *const cases[] = {
    "hta_amd_trace",
    "hta_cpu_only",
    "hta_distributed_info_unavailable",
    "hta_rank_non_gpu",
    "hta_rank_unavailable",
    "hta_trace_file_list_rank1",
    "hta_triton_example",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (HpTrace) trace = hp_test_load (cases[i], HP_MODE_HTA_COMPAT);
      g_autoptr (HpTable) table = run (trace, NULL);

      g_test_message ("%s", cases[i]);
      g_assert_cmpuint (hp_table_get_n_rows (table), ==, 0);
      g_assert_cmpuint (hp_table_get_n_columns (table), ==, 6);
    }
}

/* HTA's own test: aten::mul, count 822, 1092.545, 293.113 (±2); HTA 0.6.1
 * itself gives 293.133 */
static void
test_hta_mtia (HpTestTraceFixture *fixture,
               gconstpointer       data)
{
  HpTrace *trace = fixture->compat;
  g_autoptr (HpTable) table = run (trace, NULL);

  g_assert_cmpuint (hp_table_get_n_rows (table), >, 0);
  g_assert_cmpstr (hp_table_get_string (table, 0, hp_test_column (table, "aten_op_name")), ==, "aten::mul");
  g_assert_cmpstr (hp_table_get_string (table, 0, hp_test_column (table, "kernel_sequence")), ==,
                   "customized_fba_mul_const-dtype_Float");
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "occurrence_count")), ==, 822);
  g_assert_cmpfloat_with_epsilon (hp_table_get_double (table, 0, hp_test_column (table, "avg_aten_op_launch_delay")),
                                  1092.545, 1e-9);
  g_assert_cmpfloat_with_epsilon (hp_table_get_double (table, 0, hp_test_column (table, "avg_runtime_delay")),
                                  293.133, 1e-9);
  g_assert_cmpfloat_with_epsilon (hp_table_get_double (table, 0, hp_test_column (table, "avg_runtime_delay")),
                                  293.113, 2.0);
}

/* docs/analyses.md §7 quirk: HTA's record list is shared across ranks */
static void
test_shared_records (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  static const int rank1[] = { 1, -1 };
  HpTrace         *compat = fixture->compat;
  HpTrace         *trace = fixture->trace;
  g_autoptr (HpTable) all = run (compat, NULL);
  g_autoptr (HpTable) only1 = run (compat, rank1);
  g_autoptr (HpTable) better = run (trace, NULL);

  g_assert_cmpint (occurrences (all, 0), ==, 487);
  g_assert_cmpint (occurrences (all, 1), ==, 968); /* 487 + 481 */
  g_assert_nonnull (hp_table_get_note (all));
  g_assert_cmpint (occurrences (only1, 1), ==, 481);
  g_assert_cmpint (occurrences (better, 0), ==, 487);
  g_assert_cmpint (occurrences (better, 1), ==, 481);
}

/* launch-aten-2ranks: one launch per rank, on different threads */
static void
test_shared_records_synthetic (HpTestTraceFixture *fixture,
                               gconstpointer       data)
{
  static const ExpectedRow hta[] = {
    { 0, "aten::mm", "mm_k0", 1, 10, 20 },
    { 1, "aten::mm", "mm_k0", 1, 10, 20 }, /* rank 0's record, again */
    { 1, "aten::mm", "mm_k1", 1, 20, 20 },
  };
  static const ExpectedRow better[] = {
    { 0, "aten::mm", "mm_k0", 1, 10, 20 },
    { 1, "aten::mm", "mm_k1", 1, 20, 20 },
  };
  HpTrace *compat = fixture->compat;
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTable) t1 = run (compat, NULL);
  g_autoptr (HpTable) t2 = run (trace, NULL);

  assert_rows (t1, hta, G_N_ELEMENTS (hta));
  assert_rows (t2, better, G_N_ELEMENTS (better));
}

/* launch-aten-quirks.json: two ops starting together, an op on another
 * thread covering a launch, launches out of time order in the file, a
 * launch without a kernel, one without an op, two instances of one op, a
 * ROCm launch, a launch with two kernels */
static void
test_quirks_compat (HpTestTraceFixture *fixture,
                    gconstpointer       data)
{
  static const ExpectedRow rows[] = {
    { 0, "aten::relu", "relu_k", 2, 4, 13.5 },
    { 0, "aten::cat", "kB -> kA", 1, 50, 20 },  /* file order of the launches */
    { 0, "aten::foreign", "k_add", 1, 5, 20 },  /* an op of another thread */
    { 0, "aten::outer", "k_inner", 1, 10, 30 }, /* first of two ops starting at 0 */
  };
  HpTrace *trace = fixture->compat;
  g_autoptr (HpTable) table = run (trace, NULL);

  assert_rows (table, rows, G_N_ELEMENTS (rows));
  /* the launch without a kernel and the one with two are counted, not fatal */
  g_assert_nonnull (hp_table_get_note (table));
  g_assert_nonnull (strstr (hp_table_get_note (table), "1 launches without a kernel"));
  g_assert_nonnull (strstr (hp_table_get_note (table), "1 with several"));
}

static void
test_quirks_default (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  static const ExpectedRow rows[] = {
    { 0, "aten::relu", "relu_k", 2, 4, 13.5 },
    { 0, "aten::add", "k_add", 1, 10, 20 },     /* the launch's own thread */
    { 0, "aten::cat", "kA -> kB", 1, 10, 20 },  /* time order */
    { 0, "aten::graph", "g2 -> g1", 1, 5, 5 },  /* both kernels, by start */
    { 0, "aten::inner", "k_inner", 1, 10, 30 }, /* the innermost op */
    { 0, "aten::mul", "mul_k", 1, 5, 10 },      /* hipLaunchKernel */
  };
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTable) table = run (trace, NULL);

  assert_rows (table, rows, G_N_ELEMENTS (rows));
  g_assert_nonnull (strstr (hp_table_get_note (table), "1 launches without a kernel"));
}

/* op [10, 15) us, launch [10.5, 11.7), kernel at 100.25 */
static void
test_ns_timestamps (HpTestTraceFixture *fixture,
                    gconstpointer       data)
{
  static const ExpectedRow hta[] = { { 0, "aten::relu", "relu_kernel", 1, 1, 90 } };
  static const ExpectedRow exact[] = { { 0, "aten::relu", "relu_kernel", 1, 0.5, 89.75 } };
  HpTrace                 *compat = fixture->compat;
  HpTrace                 *trace = fixture->trace;
  g_autoptr (HpTable) t1 = run (compat, NULL);
  g_autoptr (HpTable) t2 = run (trace, NULL);

  assert_rows (t1, hta, 1);
  assert_rows (t2, exact, 1);
}

/* docs/analyses.md §19: HTA crashes without GPU events; we give an empty table */
static void
test_no_gpu (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  for (int mode = 0; mode < 2; mode++)
    {
      HpTrace *trace = mode ? fixture->compat : fixture->trace;
      g_autoptr (HpTable) table = run (trace, NULL);

      g_assert_cmpuint (hp_table_get_n_rows (table), ==, 0);
    }
}

static void
test_rank_selection (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  static const int missing[] = { 3, -1 };
  static const int none[] = { -1 };
  HpTrace         *trace = fixture->trace;
  g_autoptr (HpTable) all = run (trace, none);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTable) bad = run_full (trace, missing, &error);

  g_assert_cmpuint (hp_table_get_n_rows (all), ==, 2);
  g_assert_null (bad);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  hp_test_add_golden_traces ("/core/aten-op-delay/parity", "aten_op_kernels_and_delay.csv", G_FILE_TEST_EXISTS,
                             hp_test_trace_setup_compat, test_parity);
  g_test_add_func ("/core/aten-op-delay/hta-failures", test_hta_failures);
  hp_test_add_trace ("/core/aten-op-delay/hta-mtia-single-rank", "hta_mtia_single_rank", hp_test_trace_setup_compat,
                     test_hta_mtia);
  hp_test_add_trace ("/core/aten-op-delay/shared-records", "hta_trace_filter_2ranks", hp_test_trace_setup,
                     test_shared_records);
  hp_test_add_trace ("/core/aten-op-delay/shared-records-synthetic", "edge/launch-aten-2ranks", hp_test_trace_setup,
                     test_shared_records_synthetic);
  hp_test_add_trace ("/core/aten-op-delay/quirks-compat", "edge/launch-aten-quirks.json", hp_test_trace_setup_compat,
                     test_quirks_compat);
  hp_test_add_trace ("/core/aten-op-delay/quirks-default", "edge/launch-aten-quirks.json",
                     hp_test_trace_setup_default, test_quirks_default);
  hp_test_add_trace ("/core/aten-op-delay/ns-timestamps", "edge/launch-stats-ns.json", hp_test_trace_setup,
                     test_ns_timestamps);
  hp_test_add_trace ("/core/aten-op-delay/no-gpu-events", "hta_rank_non_gpu", hp_test_trace_setup, test_no_gpu);
  hp_test_add_trace ("/core/aten-op-delay/rank-selection", "edge/launch-aten-2ranks", hp_test_trace_setup_default,
                     test_rank_selection);
  hp_test_add_cancelled_test ("/core/aten-op-delay/cancelled", hp_aten_op_delay_compute, "hta_cp_alexnet");

  return g_test_run ();
}
