/* test-launch-stats.c — tests of the CUDA kernel launch statistics (docs/analyses.md §6).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>

#include "hp-core.h"
#include "hp-test-utils.h"

typedef struct
{
  gint64 correlation;
  double cpu_duration;
  double gpu_duration;
  double launch_delay;
} ExpectedRow;

typedef struct
{
  gint64 rows;
  gint64 short_gpu_kernels;
  gint64 runtime_outliers;
  gint64 launch_delay_outliers;
  gint64 gpu_shorter_than_cpu;
  double sum_cpu_duration;
  double sum_gpu_duration;
  double sum_launch_delay;
  double max_launch_delay; /* NaN: no row */
  gint64 duplicate_correlations;
} ExpectedSummary;

/* runs the analysis; @ranks is a -1-terminated list, or NULL for all */
static GPtrArray *
run_full (HpTrace   *trace,
          gboolean   include_memory_events,
          const int *ranks,
          GError   **error)
{
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  HpAnalysisParams params;
  gboolean         ok;

  hp_analysis_params_init (&params);
  hp_analysis_params_set_boolean (&params, &hp_launch_stats_include_memory_events_spec, include_memory_events);
  hp_test_params_set_ranks (&params, ranks, -1);
  ok = hp_launch_stats_compute (trace, &params, tables, NULL, error);
  hp_analysis_params_clear (&params);
  if (!ok)
    return NULL;

  g_assert_cmpuint (tables->len, ==, 2);
  g_assert_cmpstr (hp_table_get_name (g_ptr_array_index (tables, 0)), ==, "cuda_kernel_launch_stats");
  g_assert_cmpstr (hp_table_get_name (g_ptr_array_index (tables, 1)), ==,
                   "cuda_kernel_launch_stats_summary");
  return g_steal_pointer (&tables);
}

static GPtrArray *
run (HpTrace   *trace,
     gboolean   include_memory_events,
     const int *ranks)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *tables = run_full (trace, include_memory_events, ranks, &error);

  g_assert_no_error (error);
  g_assert_nonnull (tables);
  return tables;
}

static void
assert_rows (HpTable           *stats,
             const ExpectedRow *expected,
             guint              n)
{
  g_assert_cmpuint (hp_table_get_n_rows (stats), ==, n);
  for (guint i = 0; i < n; i++)
    {
      hp_test_assert_close (hp_test_cell (stats, i, "correlation"), (double)expected[i].correlation);
      hp_test_assert_close (hp_test_cell (stats, i, "cpu_duration"), expected[i].cpu_duration);
      hp_test_assert_close (hp_test_cell (stats, i, "gpu_duration"), expected[i].gpu_duration);
      hp_test_assert_close (hp_test_cell (stats, i, "launch_delay"), expected[i].launch_delay);
    }
}

static void
assert_summary (HpTable               *summary,
                guint                  row,
                const ExpectedSummary *e)
{
  hp_test_assert_close (hp_test_cell (summary, row, "rows"), (double)e->rows);
  hp_test_assert_close (hp_test_cell (summary, row, "short_gpu_kernels"), (double)e->short_gpu_kernels);
  hp_test_assert_close (hp_test_cell (summary, row, "runtime_outliers"), (double)e->runtime_outliers);
  hp_test_assert_close (hp_test_cell (summary, row, "launch_delay_outliers"), (double)e->launch_delay_outliers);
  hp_test_assert_close (hp_test_cell (summary, row, "gpu_shorter_than_cpu"), (double)e->gpu_shorter_than_cpu);
  hp_test_assert_close (hp_test_cell (summary, row, "sum_cpu_duration"), e->sum_cpu_duration);
  hp_test_assert_close (hp_test_cell (summary, row, "sum_gpu_duration"), e->sum_gpu_duration);
  hp_test_assert_close (hp_test_cell (summary, row, "sum_launch_delay"), e->sum_launch_delay);
  hp_test_assert_close (hp_test_cell (summary, row, "max_launch_delay"), e->max_launch_delay);
  hp_test_assert_close (hp_test_cell (summary, row, "duplicate_correlations"), (double)e->duplicate_correlations);
}

/* the summary row of @rank, failing the test if there is none */
static guint
summary_row (HpTable *summary,
             int      rank)
{
  for (guint i = 0; i < hp_table_get_n_rows (summary); i++)
    if ((int)hp_test_cell (summary, i, "rank") == rank)
      return i;
  g_assert_not_reached ();
  return 0;
}

static void G_GNUC_PRINTF (1, 2)
    fail (const char *format,
          ...)
{
  g_autofree char *message = NULL;
  va_list          args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, message);
}

/* golden *_summary.json: { "<rank>": { "<column>": number or null, … } } */
static void
assert_summary_matches_json (HpTable    *summary,
                             const char *json_path)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GList) ranks = NULL;
  JsonObject *root;

  json_parser_load_from_file (parser, json_path, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  ranks = json_object_get_members (root);
  g_assert_cmpuint (g_list_length (ranks), ==, hp_table_get_n_rows (summary));

  for (GList *l = ranks; l != NULL; l = l->next)
    {
      JsonObject *values = json_object_get_object_member (root, l->data);
      guint       row = summary_row (summary, atoi (l->data));
      g_autoptr (GList) keys = json_object_get_members (values);

      for (GList *k = keys; k != NULL; k = k->next)
        {
          JsonNode *node = json_object_get_member (values, k->data);
          double    ours = hp_test_cell (summary, row, k->data);

          if (JSON_NODE_HOLDS_NULL (node))
            {
              if (!isnan (ours))
                fail ("%s rank %s: %s is %g, golden null", json_path, (char *)l->data,
                      (char *)k->data, ours);
              continue;
            }
          if (fabs (ours - json_node_get_double (node)) > 1e-6 * MAX (1.0, fabs (ours)))
            fail ("%s rank %s: %s is %.17g, golden %.17g", json_path, (char *)l->data,
                  (char *)k->data, ours, json_node_get_double (node));
        }
    }
}

/* Parity with HTA: every case with golden launch statistics and a trace */
static void
test_parity (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  const char *case_name = data;
  HpTrace    *trace = fixture->compat;

  for (int memory = 1; memory >= 0; memory--)
    {
      g_autoptr (GPtrArray) tables = run (trace, memory, NULL);
      g_autofree char *csv = hp_test_golden_path (case_name, memory ? "cuda_kernel_launch_stats.csv" : "cuda_kernel_launch_stats_nomem.csv");
      g_autofree char *json = hp_test_golden_path (case_name, memory ? "cuda_kernel_launch_stats_summary.json" : "cuda_kernel_launch_stats_nomem_summary.json");

      hp_test_assert_table_matches_golden (g_ptr_array_index (tables, 0), csv);
      assert_summary_matches_json (g_ptr_array_index (tables, 1), json);
    }
}

static gint64
find_correlation (HpTable *stats,
                  gint64   correlation)
{
  for (guint i = 0; i < hp_table_get_n_rows (stats); i++)
    if ((gint64)hp_test_cell (stats, i, "correlation") == correlation)
      return i;
  return -1;
}

/* HTA's own test: MTIA single rank, correlation 423 → 435.200 / 124.768 /
 * 0 (±2); HTA 0.6.1 itself gives 434 / 124 / 0 after its ns rounding */
static void
test_hta_mtia (HpTestTraceFixture *fixture,
               gconstpointer       data)
{
  HpTrace *trace = fixture->compat;
  g_autoptr (GPtrArray) tables = run (trace, TRUE, NULL);
  HpTable *stats = g_ptr_array_index (tables, 0);
  gint64   row = find_correlation (stats, 423);

  g_assert_cmpint (row, >=, 0);
  hp_test_assert_close (hp_test_cell (stats, row, "cpu_duration"), 434);
  hp_test_assert_close (hp_test_cell (stats, row, "gpu_duration"), 124);
  hp_test_assert_close (hp_test_cell (stats, row, "launch_delay"), 0);
  g_assert_cmpfloat_with_epsilon (hp_test_cell (stats, row, "cpu_duration"), 435.200, 2.0);
  g_assert_cmpfloat_with_epsilon (hp_test_cell (stats, row, "gpu_duration"), 124.768, 2.0);
  g_assert_cmpfloat_with_epsilon (hp_test_cell (stats, row, "launch_delay"), 0, 2.0);
}

/* HTA's values on trace_filter (docs/analyses.md §6) */
static void
test_reference_values (void)
{
  g_autoptr (HpTrace) filter = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_HTA_COMPAT);
  g_autoptr (HpTrace) nccl = hp_test_load ("hta_nccl_parser_config", HP_MODE_HTA_COMPAT);
  g_autoptr (GPtrArray) t1 = run (filter, TRUE, NULL);
  g_autoptr (GPtrArray) t2 = run (nccl, TRUE, NULL);
  HpTable *summary = g_ptr_array_index (t1, 1);
  guint    r0 = summary_row (summary, 0);
  guint    r1 = summary_row (summary, 1);

  hp_test_assert_close (hp_test_cell (summary, r0, "rows"), 602);
  hp_test_assert_close (hp_test_cell (summary, r0, "sum_cpu_duration"), 5109);
  hp_test_assert_close (hp_test_cell (summary, r0, "sum_gpu_duration"), 302241);
  hp_test_assert_close (hp_test_cell (summary, r0, "sum_launch_delay"), 9880122);
  hp_test_assert_close (hp_test_cell (summary, r0, "runtime_outliers"), 0);
  hp_test_assert_close (hp_test_cell (summary, r0, "launch_delay_outliers"), 469);
  hp_test_assert_close (hp_test_cell (summary, r0, "short_gpu_kernels"), 140);
  hp_test_assert_close (hp_test_cell (summary, r1, "rows"), 577);
  g_assert_cmpuint (hp_table_get_n_rows (g_ptr_array_index (t1, 0)), ==, 602 + 577);

  summary = g_ptr_array_index (t2, 1);
  hp_test_assert_close (hp_test_cell (summary, 0, "rows"), 2516);
  hp_test_assert_close (hp_test_cell (summary, 0, "launch_delay_outliers"), 180);
  hp_test_assert_close (hp_test_cell (summary, 0, "short_gpu_kernels"), 1347);
}

/* launch-stats-basic.json: a launch with delay 88, a kernel starting before
 * its launch returns, an async memcpy, a runtime call wrapping a driver call
 * with the same correlation, a Triton-style driver launch, a launch without
 * a kernel */
static void
test_synthetic_compat (HpTestTraceFixture *fixture,
                       gconstpointer       data)
{
  static const ExpectedRow rows[] = {
    { 1, 2, 50, 88 },
    { 2, 30, 5, 0 }, /* kernel starts 10 us before the call returns */
    { 3, 60, 10, 140 },
    { 4, 10, 20, 90 }, /* HTA joins the runtime call ... */
    { 4, 5, 20, 93 },  /* ... and the driver call inside it */
  };
  static const ExpectedSummary summary = { 5, 1, 1, 1, 2, 107, 105, 411, 140, 1 };
  static const ExpectedSummary summary_nomem = { 4, 1, 0, 0, 1, 47, 95, 271, 93, 1 };
  HpTrace                     *trace = fixture->compat;
  g_autoptr (GPtrArray) tables = run (trace, TRUE, NULL);
  g_autoptr (GPtrArray) nomem = run (trace, FALSE, NULL);
  HpTable *stats = g_ptr_array_index (tables, 0);

  assert_rows (stats, rows, G_N_ELEMENTS (rows));
  assert_summary (g_ptr_array_index (tables, 1), 0, &summary);
  g_assert_cmpint (find_correlation (stats, 5), ==, -1); /* cuLaunchKernel: not HTA's */
  g_assert_cmpint (find_correlation (stats, 6), ==, -1); /* no kernel */

  g_assert_cmpuint (hp_table_get_n_rows (g_ptr_array_index (nomem, 0)), ==, 4);
  g_assert_cmpint (find_correlation (g_ptr_array_index (nomem, 0), 3), ==, -1);
  assert_summary (g_ptr_array_index (nomem, 1), 0, &summary_nomem);
}

static void
test_synthetic_default (HpTestTraceFixture *fixture,
                        gconstpointer       data)
{
  static const ExpectedRow rows[] = {
    { 1, 2, 50, 88 },
    { 2, 30, 5, 0 },
    { 3, 60, 10, 140 },
    { 4, 10, 20, 90 }, /* the outer runtime call only */
    { 5, 4, 3, 6 },    /* driver launches count */
  };
  static const ExpectedSummary summary = { 5, 2, 1, 1, 3, 106, 88, 324, 140, 0 };
  HpTrace                     *trace = fixture->trace;
  g_autoptr (GPtrArray) tables = run (trace, TRUE, NULL);
  HpTable *stats = g_ptr_array_index (tables, 0);

  assert_rows (stats, rows, G_N_ELEMENTS (rows));
  assert_summary (g_ptr_array_index (tables, 1), 0, &summary);
  g_assert_nonnull (hp_table_get_note (stats));
}

/* launch [10.5, 11.7) us, kernel [100.25, 150.75) us */
static void
test_ns_timestamps (HpTestTraceFixture *fixture,
                    gconstpointer       data)
{
  static const ExpectedRow hta[] = { { 1, 0, 49, 90 } }; /* HTA's ceil/floor rounding */
  static const ExpectedRow exact[] = { { 1, 1.2, 50.5, 88.55 } };
  HpTrace                 *compat = fixture->compat;
  HpTrace                 *trace = fixture->trace;
  g_autoptr (GPtrArray) t1 = run (compat, TRUE, NULL);
  g_autoptr (GPtrArray) t2 = run (trace, TRUE, NULL);

  assert_rows (g_ptr_array_index (t1, 0), hta, 1);
  assert_rows (g_ptr_array_index (t2, 0), exact, 1);
}

static void
assert_correlations (HpTable      *table,
                     const gint64 *correlations,
                     guint         n)
{
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, n);
  for (guint i = 0; i < n; i++)
    hp_test_assert_close (hp_test_cell (table, i, "correlation"), (double)correlations[i]);
}

static void
test_derived_sets (HpTestTraceFixture *fixture,
                   gconstpointer       data)
{
  static const gint64 short_kernels[] = { 2, 5 };
  static const gint64 outliers[] = { 3 };
  static const gint64 all_but_first[] = { 2, 3, 4, 5 };
  HpTrace            *trace = fixture->trace;
  g_autoptr (GPtrArray) tables = run (trace, TRUE, NULL);
  HpTable *stats = g_ptr_array_index (tables, 0);
  g_autoptr (HpTable) short_gpu = hp_launch_stats_short_gpu_kernels (stats, 50);
  g_autoptr (HpTable) runtime = hp_launch_stats_runtime_outliers (stats, 50);
  g_autoptr (HpTable) delay = hp_launch_stats_launch_delay_outliers (stats, 100);
  g_autoptr (HpTable) low_cutoff = hp_launch_stats_runtime_outliers (stats, 2);

  g_assert_cmpstr (hp_table_get_name (short_gpu), ==, "short_gpu_kernels");
  g_assert_cmpstr (hp_table_get_name (runtime), ==, "runtime_outliers");
  g_assert_cmpstr (hp_table_get_name (delay), ==, "launch_delay_outliers");
  g_assert_cmpuint (hp_table_get_n_columns (short_gpu), ==, hp_table_get_n_columns (stats));
  g_assert_cmpstr (hp_table_get_column_name (delay, 4), ==, "launch_delay");

  assert_correlations (short_gpu, short_kernels, G_N_ELEMENTS (short_kernels));
  assert_correlations (runtime, outliers, G_N_ELEMENTS (outliers));
  assert_correlations (delay, outliers, G_N_ELEMENTS (outliers));
  assert_correlations (low_cutoff, all_but_first, G_N_ELEMENTS (all_but_first));
  hp_test_assert_close (hp_test_cell (delay, 0, "launch_delay"), 140);
}

/* docs/analyses.md §19: a rank without GPU events gives an empty table and a summary
 * row of zeros */
static void
test_no_gpu (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  static const ExpectedSummary zero = { 0, 0, 0, 0, 0, 0, 0, 0, NAN, 0 };

  for (int mode = 0; mode < 2; mode++)
    {
      HpTrace *trace = mode ? fixture->compat : fixture->trace;
      g_autoptr (GPtrArray) tables = run (trace, TRUE, NULL);

      g_assert_cmpuint (hp_table_get_n_rows (g_ptr_array_index (tables, 0)), ==, 0);
      g_assert_cmpuint (hp_table_get_n_rows (g_ptr_array_index (tables, 1)), ==, 1);
      assert_summary (g_ptr_array_index (tables, 1), 0, &zero);
    }
}

/* AMD: HTA counts no hip* launch; the default mode does */
static void
test_rocm (HpTestTraceFixture *fixture,
           gconstpointer       data)
{
  HpTrace *compat = fixture->compat;
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) t1 = run (compat, TRUE, NULL);
  g_autoptr (GPtrArray) t2 = run (trace, TRUE, NULL);
  HpTable *stats = g_ptr_array_index (t2, 0);

  g_assert_cmpuint (hp_table_get_n_rows (g_ptr_array_index (t1, 0)), ==, 0);
  /* 12 hipLaunchKernel and 2 hipExtModuleLaunchKernel */
  g_assert_cmpuint (hp_table_get_n_rows (stats), ==, 14);
  for (guint i = 0; i < hp_table_get_n_rows (stats); i++)
    {
      g_assert_cmpfloat (hp_test_cell (stats, i, "cpu_duration"), >, 0);
      g_assert_cmpfloat (hp_test_cell (stats, i, "gpu_duration"), >, 0);
      g_assert_cmpfloat (hp_test_cell (stats, i, "launch_delay"), >=, 0);
    }
}

static void
test_rank_selection (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  static const int rank1[] = { 1, -1 };
  static const int missing[] = { 0, 5, -1 };
  static const int none[] = { -1 };
  HpTrace         *trace = fixture->compat;
  g_autoptr (GPtrArray) one = run (trace, TRUE, rank1);
  g_autoptr (GPtrArray) all = run (trace, TRUE, none);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) bad = run_full (trace, TRUE, missing, &error);
  HpTable *stats = g_ptr_array_index (one, 0);

  g_assert_cmpuint (hp_table_get_n_rows (stats), ==, 577);
  for (guint i = 0; i < hp_table_get_n_rows (stats); i++)
    hp_test_assert_close (hp_test_cell (stats, i, "rank"), 1);
  g_assert_cmpuint (hp_table_get_n_rows (g_ptr_array_index (one, 1)), ==, 1);

  /* an empty list means every rank */
  g_assert_cmpuint (hp_table_get_n_rows (g_ptr_array_index (all, 0)), ==, 602 + 577);
  g_assert_cmpuint (hp_table_get_n_rows (g_ptr_array_index (all, 1)), ==, 2);

  g_assert_null (bad);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  hp_test_add_golden_traces ("/core/launch-stats/parity", "cuda_kernel_launch_stats.csv", G_FILE_TEST_EXISTS,
                             hp_test_trace_setup_compat, test_parity);
  hp_test_add_trace ("/core/launch-stats/hta-mtia-single-rank", "hta_mtia_single_rank", hp_test_trace_setup_compat,
                     test_hta_mtia);
  g_test_add_func ("/core/launch-stats/reference-values", test_reference_values);
  hp_test_add_trace ("/core/launch-stats/synthetic-compat", "edge/launch-stats-basic.json",
                     hp_test_trace_setup_compat, test_synthetic_compat);
  hp_test_add_trace ("/core/launch-stats/synthetic-default", "edge/launch-stats-basic.json",
                     hp_test_trace_setup_default, test_synthetic_default);
  hp_test_add_trace ("/core/launch-stats/ns-timestamps", "edge/launch-stats-ns.json", hp_test_trace_setup,
                     test_ns_timestamps);
  hp_test_add_trace ("/core/launch-stats/derived-sets", "edge/launch-stats-basic.json", hp_test_trace_setup_default,
                     test_derived_sets);
  hp_test_add_trace ("/core/launch-stats/no-gpu-events", "hta_rank_non_gpu", hp_test_trace_setup, test_no_gpu);
  hp_test_add_trace ("/core/launch-stats/rocm", "hta_amd_trace", hp_test_trace_setup, test_rocm);
  hp_test_add_trace ("/core/launch-stats/rank-selection", "hta_trace_filter_2ranks", hp_test_trace_setup_compat,
                     test_rank_selection);
  hp_test_add_cancelled_test ("/core/launch-stats/cancelled", hp_launch_stats_compute, "hta_cp_alexnet");

  return g_test_run ();
}
