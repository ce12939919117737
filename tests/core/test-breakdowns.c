/* test-breakdowns.c — temporal, kernel and overlap breakdowns against HTA's tables and hand-made traces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <json-glib/json-glib.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* ---------------------------------------------------------------------- */
/* helpers                                                                 */

/* the real traces are loaded once per mode and option: traces are
 * immutable, so tests can share them */
static GHashTable *trace_cache;

static HpTrace *
load_case (const char *case_name,
           HpMode      mode,
           gboolean    include_last_step)
{
  g_autofree char *key = g_strdup_printf ("%s|%d|%d", case_name, mode, include_last_step);
  HpTrace         *trace = g_hash_table_lookup (trace_cache, key);

  if (trace == NULL)
    {
      g_autofree char *path = hp_test_data_path (case_name, NULL);
      HpLoadOptions    options = { 0 };

      options.mode = mode;
      options.include_last_step = include_last_step;
      trace = hp_test_load_with_options (path, &options);
      g_hash_table_insert (trace_cache, g_steal_pointer (&key), trace);
    }
  return hp_trace_ref (trace);
}

static double
cell (HpTable    *table,
      guint       row,
      const char *name)
{
  int c = hp_test_column (table, name);

  g_assert_cmpuint (row, <, hp_table_get_n_rows (table));
  if (hp_table_get_column_type (table, c) == HP_COLUMN_INT)
    return hp_table_is_null (table, row, c) ? NAN : (double)hp_table_get_int (table, row, c);
  return hp_table_get_double (table, row, c);
}

static const char *
text (HpTable    *table,
      guint       row,
      const char *name)
{
  g_assert_cmpuint (row, <, hp_table_get_n_rows (table));
  return hp_table_get_string (table, row, hp_test_column (table, name));
}

#define assert_cell(table, row, name, expected) \
  g_assert_cmpfloat_with_epsilon (cell ((table), (row), (name)), (expected), 1e-9)

#define assert_nan(table, row, name) \
  g_assert_true (isnan (cell ((table), (row), (name))))

/* the columns of the tables as HTA writes them, and as a CSV header */
#define TEMPORAL_COLUMNS                                                      \
  "rank,idle_time(us),compute_time(us),non_compute_time(us),kernel_time(us)," \
  "idle_time_pctg,compute_time_pctg,non_compute_time_pctg"
#define KERNELS_COLUMNS "name,sum (us),max (us),min (us),stddev,mean (us),kernel_type,rank"
#define OVERLAP_COLUMNS "rank,comp_comm_overlap_pctg"
#define TEMPORAL_HEADER TEMPORAL_COLUMNS "\n"
#define KERNEL_TYPE_HEADER "kernel_type,sum,percentage\n"
#define KERNELS_HEADER KERNELS_COLUMNS "\n"
#define OVERLAP_HEADER OVERLAP_COLUMNS "\n"
/* with the columns the default mode adds */
#define TEMPORAL_DEVICE_HEADER TEMPORAL_COLUMNS ",device\n"
#define KERNELS_COUNT_HEADER KERNELS_COLUMNS ",count\n"
#define OVERLAP_DEVICE_HEADER OVERLAP_COLUMNS ",device,communication_time(us),overlap_time(us)\n"

/* Fails unless @table has the rows of @expected_csv (header first), by the
 * rules of the golden comparison (columns by name, extra ones ignored). */
static void
assert_table_is (HpTable    *table,
                 const char *expected_csv)
{
  g_autofree char *csv = hp_table_to_csv (table);
  g_autoptr (GPtrArray) ours = hp_test_parse_csv (csv, -1);
  g_autoptr (GPtrArray) expected = hp_test_parse_csv (expected_csv, -1);
  g_autofree char *message = hp_test_compare_csv (hp_table_get_name (table), ours, expected);

  if (message != NULL)
    {
      g_autofree char *full = g_strdup_printf ("%s\nours:\n%s", message, csv);

      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, full);
    }
}

/* Runs @func on tests/data/edge/@file in HTA's mode and in ours, and fails
 * unless the table @index, named @name, holds @compat_csv and @default_csv,
 * and in HTA's mode lacks the column @compat_lacks (if not %NULL) */
static void
assert_modes (HpAnalysisFunc func,
              const char    *file,
              guint          index,
              const char    *name,
              const char    *compat_csv,
              const char    *default_csv,
              const char    *compat_lacks)
{
  g_autofree char *path = g_build_filename ("edge", file, NULL);
  g_autoptr (HpTrace) compat = hp_test_load (path, HP_MODE_HTA_COMPAT);
  g_autoptr (HpTrace) better = hp_test_load (path, HP_MODE_DEFAULT);
  g_autoptr (GPtrArray) c = hp_test_run (func, compat, NULL);
  g_autoptr (GPtrArray) d = hp_test_run (func, better, NULL);

  assert_table_is (hp_test_table_at (c, index, name), compat_csv);
  assert_table_is (hp_test_table_at (d, index, name), default_csv);
  if (compat_lacks != NULL)
    g_assert_cmpint (hp_table_find_column (hp_test_table_at (c, index, name), compat_lacks), ==, -1);
}

static GPtrArray *
run_ranks (HpAnalysisFunc func,
           HpTrace       *trace,
           const int     *ranks,
           guint          n_ranks,
           GError       **error)
{
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  HpAnalysisParams params;
  gboolean         ok;

  hp_analysis_params_init (&params);
  hp_test_params_set_ranks (&params, ranks, n_ranks);
  ok = func (trace, &params, tables, NULL, error);
  hp_analysis_params_clear (&params);
  if (!ok)
    return NULL;
  return g_steal_pointer (&tables);
}

static gboolean
golden_exists (const char *case_name,
               const char *file)
{
  g_autofree char *path = hp_test_golden_path (case_name, file);

  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static void
assert_matches_golden (HpTable    *table,
                       const char *case_name,
                       const char *file)
{
  g_autofree char *path = hp_test_golden_path (case_name, file);

  hp_test_assert_table_matches_golden (table, path);
}

/* ---------------------------------------------------------------------- */
/* parity with HTA's tables                                                */

/* A rank HTA could not analyse (no GPU event: HTA fails): our row says so. */
static void
assert_no_gpu_rows (HpTable *table)
{
  g_assert_cmpuint (hp_table_get_n_rows (table), >, 0);
  for (guint i = 0; i < hp_table_get_n_rows (table); i++)
    {
      assert_cell (table, i, "kernel_time(us)", 0);
      assert_cell (table, i, "idle_time(us)", 0);
      assert_cell (table, i, "compute_time(us)", 0);
      assert_cell (table, i, "non_compute_time(us)", 0);
      assert_nan (table, i, "idle_time_pctg");
      assert_nan (table, i, "compute_time_pctg");
      assert_nan (table, i, "non_compute_time_pctg");
    }
}

static void
check_temporal (const char *case_name,
                gboolean    include_last_step)
{
  const char *golden = include_last_step ? "include_last_profiler_step_temporal_breakdown.csv"
                                         : "temporal_breakdown.csv";
  g_autoptr (HpTrace) trace = load_case (case_name, HP_MODE_HTA_COMPAT, include_last_step);
  g_autoptr (GPtrArray) tables = hp_test_run (hp_temporal_breakdown_compute, trace, NULL);
  HpTable *table = hp_test_table_at (tables, 0, "temporal_breakdown");

  g_assert_cmpuint (tables->len, ==, 1);
  if (golden_exists (case_name, golden))
    {
      assert_matches_golden (table, case_name, golden);
      return;
    }

  /* HTA failed on this case: the ranks have no GPU activity */
  {
    g_autofree char *status = hp_test_golden_status (case_name, "temporal_breakdown");

    g_assert_cmpstr (status, ==, "failed");
    g_assert_cmpuint (hp_table_get_n_rows (table), ==, hp_trace_get_n_ranks (trace));
    assert_no_gpu_rows (table);
  }
}

static void
test_temporal_parity (gconstpointer data)
{
  check_temporal (data, FALSE);
}

static void
test_temporal_parity_last_step (gconstpointer data)
{
  check_temporal (data, TRUE);
}

static void
test_overlap_parity (gconstpointer data)
{
  const char *case_name = data;
  g_autoptr (HpTrace) trace = load_case (case_name, HP_MODE_HTA_COMPAT, FALSE);
  g_autoptr (GPtrArray) tables = hp_test_run (hp_comm_comp_overlap_compute, trace, NULL);

  g_assert_cmpuint (tables->len, ==, 1);
  assert_matches_golden (hp_test_table_at (tables, 0, "comm_comp_overlap"), case_name,
                         "comm_comp_overlap.csv");
}

static void
check_kernels (const char *case_name,
               const char *variant,
               int         num_kernels,
               double      duration_ratio,
               gboolean    include_memory)
{
  g_autoptr (HpTrace) trace = load_case (case_name, HP_MODE_HTA_COMPAT, FALSE);
  g_autoptr (GPtrArray) tables = NULL;
  g_autofree char *types_csv = g_strdup_printf ("gpu_kernel_breakdown%s_kernel_type.csv", variant);
  g_autofree char *kernels_csv = g_strdup_printf ("gpu_kernel_breakdown%s_kernels.csv", variant);
  HpAnalysisParams params;

  hp_analysis_params_init (&params);
  hp_analysis_params_set_int (&params, &hp_kernel_breakdown_num_kernels_spec, num_kernels);
  hp_analysis_params_set_double (&params, &hp_kernel_breakdown_duration_ratio_spec, duration_ratio);
  hp_analysis_params_set_boolean (&params, &hp_kernel_breakdown_include_memory_kernels_spec, include_memory);
  tables = hp_test_run (hp_kernel_breakdown_compute, trace, &params);

  g_assert_cmpuint (tables->len, ==, 2);
  assert_matches_golden (hp_test_table_at (tables, 0, "gpu_kernel_breakdown_kernel_type"), case_name, types_csv);
  assert_matches_golden (hp_test_table_at (tables, 1, "gpu_kernel_breakdown_kernels"), case_name, kernels_csv);
}

static void
test_kernels_parity (gconstpointer data)
{
  check_kernels (data, "", 10, 0.8, TRUE);
}

static void
test_kernels_parity_nomem (gconstpointer data)
{
  check_kernels (data, "_nomem", 10, 0.8, FALSE);
}

static void
test_kernels_parity_all (gconstpointer data)
{
  check_kernels (data, "_all", G_MAXINT, 1.0, TRUE);
}

/* ---------------------------------------------------------------------- */
/* hand-made traces: each quirk of docs/analyses.md §1, §3, §5 in both modes           */
/* (none has a ProfilerStep, and their kernels have no launch in the trace:
 * such orphan kernels count, docs/analyses.md §19)                                    */

/* breakdowns-quirks.json, one GPU (device 0), in us:
 *   gemm_kernel [100,150) and [220,250)   COMPUTATION
 *   ncclKernel  [120,180)                 COMMUNICATION (stream 8)
 *   Memcpy HtoD [200,220)                 MEMORY
 *   Stream Sync [260,300)                 cuda_sync: G1 for HTA, OTHER
 *   …SyncBN_kernel [300,310)              a kernel HTA calls OTHER ("Sync")
 *   triton_poi_fused_add_0: a CPU launcher op [400,500) with stream 0 (G1
 *     and COMPUTATION for HTA) and its kernel [450,455)
 *   Context Sync [600,610) on stream 4294967295 (a real stream for HTA) */
static void
test_temporal_quirks (void)
{
  /* HTA: busy = [100,180) [200,250) [260,310) [400,500) [600,610) = 290 of
   * a 510 span; compute = gemm 80 + launcher op 100 = 180;
   * default: GPU activity only; busy = [100,180) [200,250) [300,310)
   * [450,455) = 145 of 355; compute = gemm 80 + SyncBN 10 + triton 5 */
  assert_modes (hp_temporal_breakdown_compute, "breakdowns-quirks.json", 0, "temporal_breakdown",
                TEMPORAL_HEADER
                "0,220,180,110,510,43.14,35.29,21.57\n",
                TEMPORAL_DEVICE_HEADER
                "0,210,95,50,355,59.15,26.76,14.08,0\n",
                "device");
}

/* breakdowns-two-gpus.json: one rank file with two GPUs, in us from 0:
 *   device 0: gemm [0,100), nccl [50,150)
 *   device 1: gemm [100,200), nccl [300,400) */
static void
test_temporal_per_device (void)
{
  /* HTA merges both GPUs: busy [0,200) [300,400) */
  assert_modes (hp_temporal_breakdown_compute, "breakdowns-two-gpus.json", 0, "temporal_breakdown",
                TEMPORAL_HEADER
                "0,100,200,100,400,25.0,50.0,25.0\n",
                TEMPORAL_DEVICE_HEADER
                "0,0,100,50,150,0.0,66.67,33.33,0\n"
                "0,100,100,100,300,33.33,33.33,33.33,1\n",
                NULL);
}

/* A rank without GPU activity: HTA fails (docs/analyses.md §1 edge cases); we give a
 * row with a zero span and NaN percentages, in both modes. */
static void
test_temporal_no_gpu (HpTestTraceFixture *fixture,
                      gconstpointer       data)
{
  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      g_autoptr (HpTrace) cpu_only = load_case ("hta_cpu_only", mode, FALSE);
      HpTrace *mixed = mode == HP_MODE_DEFAULT ? fixture->trace : fixture->compat;
      g_autoptr (GPtrArray) a = hp_test_run (hp_temporal_breakdown_compute, cpu_only, NULL);
      g_autoptr (GPtrArray) b = hp_test_run (hp_temporal_breakdown_compute, mixed, NULL);
      HpTable *t = hp_test_table_at (b, 0, "temporal_breakdown");

      g_assert_cmpuint (hp_table_get_n_rows (hp_test_table_at (a, 0, "temporal_breakdown")), ==, 1);
      assert_cell (hp_test_table_at (a, 0, "temporal_breakdown"), 0, "rank", 34);
      assert_no_gpu_rows (hp_test_table_at (a, 0, "temporal_breakdown"));

      assert_table_is (t,
                       TEMPORAL_HEADER
                       "0,20,60,0,80,25.0,75.0,0.0\n"
                       "1,0,0,0,0,,,\n");
      if (mode == HP_MODE_DEFAULT)
        assert_nan (t, 1, "device");
    }
}

static void
test_kernels_quirks (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  HpTrace *compat = fixture->compat;
  HpTrace *better = fixture->trace;
  g_autoptr (GPtrArray) c = hp_test_run (hp_kernel_breakdown_compute, compat, NULL);
  g_autoptr (GPtrArray) d = hp_test_run (hp_kernel_breakdown_compute, better, NULL);
  HpTable *kc = hp_test_table_at (c, 1, "gpu_kernel_breakdown_kernels");
  HpTable *kd = hp_test_table_at (d, 1, "gpu_kernel_breakdown_kernels");

  /* HTA: COMPUTATION = [100,120) + [220,250) + the launcher op [400,500);
   * the memcpy ends at 220 where gemm starts, and HTA's point order puts
   * the start first: a zero-length COMPUTATION overlapping MEMORY; equal
   * sums keep HTA's (label) order */
  assert_table_is (hp_test_table_at (c, 0, "gpu_kernel_breakdown_kernel_type"),
                   KERNEL_TYPE_HEADER
                   "COMPUTATION,150,65.2\n"
                   "COMMUNICATION,30,13.0\n"
                   "COMPUTATION overlapping COMMUNICATION,30,13.0\n"
                   "MEMORY,20,8.7\n"
                   "COMPUTATION overlapping MEMORY,0,0.0\n");
  /* default: GPU activity only, no zero-length labels */
  assert_table_is (hp_test_table_at (d, 0, "gpu_kernel_breakdown_kernel_type"),
                   KERNEL_TYPE_HEADER
                   "COMPUTATION,65,44.8\n"
                   "COMMUNICATION,30,20.7\n"
                   "COMPUTATION overlapping COMMUNICATION,30,20.7\n"
                   "MEMORY,20,13.8\n");

  /* HTA merges the CPU launcher op (100 us) with its kernel (5 us) and
   * drops the SyncBN kernel (OTHER) */
  assert_table_is (kc,
                   KERNELS_HEADER
                   "\"ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)\","
                   "60,60,60,0,60,COMMUNICATION,0\n"
                   "gemm_kernel,80,50,30,14.142135623730951,40,COMPUTATION,0\n"
                   "triton_poi_fused_add_0,105,100,5,67.17514421272202,52.5,COMPUTATION,0\n"
                   "Memcpy HtoD (Pageable -> Device),20,20,20,0,20,MEMORY,0\n");
  g_assert_cmpint (hp_table_find_column (kc, "count"), ==, -1);
  assert_table_is (kd,
                   KERNELS_COUNT_HEADER
                   "\"ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*, unsigned long, ncclWork*)\","
                   "60,60,60,0,60,COMMUNICATION,0,1\n"
                   "gemm_kernel,80,50,30,14.142135623730951,40,COMPUTATION,0,2\n"
                   "triton_poi_fused_add_0,5,5,5,0,5,COMPUTATION,0,1\n"
                   "void at::native::batch_norm_SyncBN_kernel(),10,10,10,0,10,COMPUTATION,0,1\n"
                   "Memcpy HtoD (Pageable -> Device),20,20,20,0,20,MEMORY,0,1\n");
}

static void
test_kernels_no_memory (HpTestTraceFixture *fixture,
                        gconstpointer       data)
{
  HpTrace *compat = fixture->compat;
  g_autoptr (GPtrArray) tables = NULL;
  HpAnalysisParams *params = &fixture->params;
  hp_analysis_params_set_boolean (params, &hp_kernel_breakdown_include_memory_kernels_spec, FALSE);
  tables = hp_test_run (hp_kernel_breakdown_compute, compat, params);

  assert_table_is (hp_test_table_at (tables, 0, "gpu_kernel_breakdown_kernel_type"),
                   KERNEL_TYPE_HEADER
                   "COMPUTATION,150,71.4\n"
                   "COMMUNICATION,30,14.3\n"
                   "COMPUTATION overlapping COMMUNICATION,30,14.3\n");
  g_assert_cmpuint (hp_table_get_n_rows (hp_test_table_at (tables, 1, "gpu_kernel_breakdown_kernels")), ==, 3);
  g_assert_cmpstr (text (hp_test_table_at (tables, 1, "gpu_kernel_breakdown_kernels"), 2, "kernel_type"), ==,
                   "COMPUTATION");
}

/* breakdowns-kernels.json: A = 10+20+30, B = 25+25, C = 40, D = 40,
 * E = 5+5; with num_kernels 3: cumsums 60 110 150 190 200, their 0.8
 * quantile is 192, so D (position 3) and E (200 > 192) become `others`.
 * C and D tie; C comes first, in both modes. */
static void
test_kernels_others (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  HpTrace *compat = fixture->compat;
  HpTrace *better = fixture->trace;
  g_autoptr (GPtrArray) c = NULL;
  g_autoptr (GPtrArray) d = NULL;
  g_autoptr (HpTable) dist = NULL;
  HpAnalysisParams *params = &fixture->params;
  hp_analysis_params_set_int (params, &hp_kernel_breakdown_num_kernels_spec, 3);
  c = hp_test_run (hp_kernel_breakdown_compute, compat, params);
  d = hp_test_run (hp_kernel_breakdown_compute, better, params);

  /* HTA's quirk: statistics of the per-name totals; others = {40, 10} */
  assert_table_is (hp_test_table_at (c, 1, "gpu_kernel_breakdown_kernels"),
                   KERNELS_HEADER
                   "A,60,60,60,0,60,COMPUTATION,0\n"
                   "B,50,50,50,0,50,COMPUTATION,0\n"
                   "C,40,40,40,0,40,COMPUTATION,0\n"
                   "others,50,40,10,21.213203435596427,25,COMPUTATION,0\n");
  /* default: over instances; others = {40, 5, 5} */
  assert_table_is (hp_test_table_at (d, 1, "gpu_kernel_breakdown_kernels"),
                   KERNELS_COUNT_HEADER
                   "A,60,30,10,10,20,COMPUTATION,0,3\n"
                   "B,50,25,25,0,25,COMPUTATION,0,2\n"
                   "C,40,40,40,0,40,COMPUTATION,0,1\n"
                   "others,50,40,5,20.207259421636902,16.666666666666668,COMPUTATION,0,3\n");

  /* the duration chart's data leaves `others` out */
  dist = hp_kernel_breakdown_duration_distribution (hp_test_table_at (d, 1, "gpu_kernel_breakdown_kernels"));
  g_assert_cmpstr (hp_table_get_name (dist), ==, "kernel_duration_distribution");
  assert_table_is (dist,
                   "kernel_type,name,rank,mean (us),min (us),max (us)\n"
                   "COMPUTATION,A,0,20,10,30\n"
                   "COMPUTATION,B,0,25,25,25\n"
                   "COMPUTATION,C,0,40,40,40\n");

  /* num_kernels above the number of names: no `others` */
  hp_analysis_params_set_int (params, &hp_kernel_breakdown_num_kernels_spec, 5);
  g_clear_pointer (&c, g_ptr_array_unref);
  c = hp_test_run (hp_kernel_breakdown_compute, compat, params);
  g_assert_cmpuint (hp_table_get_n_rows (hp_test_table_at (c, 1, "gpu_kernel_breakdown_kernels")), ==, 5);
  assert_cell (hp_test_table_at (c, 1, "gpu_kernel_breakdown_kernels"), 0, "stddev", 10);
}

/* breakdowns-sort-ties.json: 6 kernels of 5 us every 10 us, 3 memsets
 * starting where kernels 2, 3 and 5 end. 18 points: HTA's numpy sort is not
 * stable here and visits a memset start before an equal kernel end (the
 * result of numpy 1.24's argsort on HTA's point layout), hence a
 * zero-length COMPUTATION overlapping MEMORY. */
static void
test_kernels_sort_ties (void)
{
  assert_modes (hp_kernel_breakdown_compute, "breakdowns-sort-ties.json", 0, "gpu_kernel_breakdown_kernel_type",
                KERNEL_TYPE_HEADER
                "COMPUTATION,30,76.9\n"
                "MEMORY,9,23.1\n"
                "COMPUTATION overlapping MEMORY,0,0.0\n",
                KERNEL_TYPE_HEADER
                "COMPUTATION,30,76.9\n"
                "MEMORY,9,23.1\n",
                NULL);
}

/* breakdowns-fractional.json: integer ts, fractional dur (HTA does not
 * round these, docs/trace-format.md §6): k [100,102.5), memcpy [102,104.7). HTA truncates
 * each segment to whole us; the default mode keeps the exact time. */
static void
test_kernels_fractional (HpTestTraceFixture *fixture,
                         gconstpointer       data)
{
  HpTrace *compat = fixture->compat;
  g_autoptr (GPtrArray) c = hp_test_run (hp_kernel_breakdown_compute, compat, NULL);
  g_autoptr (GPtrArray) t = hp_test_run (hp_temporal_breakdown_compute, compat, NULL);

  assert_modes (hp_kernel_breakdown_compute, "breakdowns-fractional.json", 0, "gpu_kernel_breakdown_kernel_type",
                KERNEL_TYPE_HEADER
                "COMPUTATION,2,50.0\n"
                "MEMORY,2,50.0\n"
                "COMPUTATION overlapping MEMORY,0,0.0\n",
                KERNEL_TYPE_HEADER
                "MEMORY,2.2,46.8\n"
                "COMPUTATION,2.0,42.6\n"
                "COMPUTATION overlapping MEMORY,0.5,10.6\n",
                NULL);
  assert_table_is (hp_test_table_at (c, 1, "gpu_kernel_breakdown_kernels"),
                   KERNELS_HEADER
                   "k,2.5,2.5,2.5,0,2.5,COMPUTATION,0\n"
                   "Memcpy DtoD (Device -> Device),2.7,2.7,2.7,0,2.7,MEMORY,0\n");
  assert_table_is (hp_test_table_at (t, 0, "temporal_breakdown"),
                   TEMPORAL_HEADER
                   "0,0,2.5,2.2,4.7,0.0,53.19,46.81\n");
}

static void
test_kernels_per_device (void)
{
  /* HTA overlaps device 1's gemm with device 0's nccl */
  assert_modes (hp_kernel_breakdown_compute, "breakdowns-two-gpus.json", 0, "gpu_kernel_breakdown_kernel_type",
                KERNEL_TYPE_HEADER
                "COMMUNICATION,100,33.3\n"
                "COMPUTATION,100,33.3\n"
                "COMPUTATION overlapping COMMUNICATION,100,33.3\n",
                KERNEL_TYPE_HEADER
                "COMMUNICATION,150,42.9\n"
                "COMPUTATION,150,42.9\n"
                "COMPUTATION overlapping COMMUNICATION,50,14.3\n",
                NULL);
}

static void
test_kernels_no_gpu (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      g_autoptr (HpTrace) cpu_only = load_case ("hta_cpu_only", mode, FALSE);
      HpTrace *mixed = mode == HP_MODE_DEFAULT ? fixture->trace : fixture->compat;
      g_autoptr (GPtrArray) a = hp_test_run (hp_kernel_breakdown_compute, cpu_only, NULL);
      g_autoptr (GPtrArray) b = hp_test_run (hp_kernel_breakdown_compute, mixed, NULL);
      g_autoptr (HpTable) dist = NULL;

      g_assert_cmpuint (a->len, ==, 2);
      g_assert_cmpuint (hp_table_get_n_rows (hp_test_table_at (a, 0, "gpu_kernel_breakdown_kernel_type")), ==, 0);
      g_assert_cmpuint (hp_table_get_n_columns (hp_test_table_at (a, 0, "gpu_kernel_breakdown_kernel_type")), ==, 3);
      g_assert_cmpuint (hp_table_get_n_rows (hp_test_table_at (a, 1, "gpu_kernel_breakdown_kernels")), ==, 0);
      dist = hp_kernel_breakdown_duration_distribution (hp_test_table_at (a, 1, "gpu_kernel_breakdown_kernels"));
      g_assert_cmpuint (hp_table_get_n_rows (dist), ==, 0);

      /* rank 1 has no GPU event and contributes nothing */
      assert_table_is (hp_test_table_at (b, 1, "gpu_kernel_breakdown_kernels"),
                       KERNELS_HEADER
                       "add_kernel,60,30,30,0,30,COMPUTATION,0\n");
    }
}

static void
test_kernels_invalid_parameters (HpTestTraceFixture *fixture,
                                 gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisParams *params = &fixture->params;
  /* values outside the specs' ranges never reach the analysis: the
   * setters refuse them and keep the value */
  g_test_expect_message ("hotpath-core", G_LOG_LEVEL_WARNING, "num_kernels takes a whole number from 1 to *'-1'*");
  hp_analysis_params_set_int (params, &hp_kernel_breakdown_num_kernels_spec, -1);
  g_test_assert_expected_messages ();
  g_assert_cmpint (hp_analysis_params_get_int (params, &hp_kernel_breakdown_num_kernels_spec), ==, 10);
  g_test_expect_message ("hotpath-core", G_LOG_LEVEL_WARNING, "duration_ratio takes a number from 0 to 1, not '1.5'*");
  hp_analysis_params_set_double (params, &hp_kernel_breakdown_duration_ratio_spec, 1.5);
  g_test_assert_expected_messages ();
  g_test_expect_message ("hotpath-core", G_LOG_LEVEL_WARNING, "duration_ratio takes a number from 0 to 1, not 'nan'*");
  hp_analysis_params_set_double (params, &hp_kernel_breakdown_duration_ratio_spec, NAN);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (hp_analysis_params_get_double (params, &hp_kernel_breakdown_duration_ratio_spec), ==, 0.8);

  /* the ends of the ranges are valid: no names kept past the first, or
   * every name */
  hp_analysis_params_set_double (params, &hp_kernel_breakdown_duration_ratio_spec, 0.0);
  hp_analysis_params_set_int (params, &hp_kernel_breakdown_num_kernels_spec, 1);
  g_ptr_array_unref (hp_test_run (hp_kernel_breakdown_compute, trace, params));
  hp_analysis_params_set_double (params, &hp_kernel_breakdown_duration_ratio_spec, 1.0);
  g_ptr_array_unref (hp_test_run (hp_kernel_breakdown_compute, trace, params));
}

static void
test_overlap_quirks (void)
{
  /* nccl [120,180) under gemm [100,150): 30 of 60 us */
  assert_modes (hp_comm_comp_overlap_compute, "breakdowns-quirks.json", 0, "comm_comp_overlap",
                OVERLAP_HEADER
                "0,50.0\n",
                OVERLAP_DEVICE_HEADER
                "0,50.0,0,60,30\n",
                "device");
}

static void
test_overlap_per_device (void)
{
  /* HTA: comm [50,150) [300,400) against compute [0,200) of both GPUs */
  assert_modes (hp_comm_comp_overlap_compute, "breakdowns-two-gpus.json", 0, "comm_comp_overlap",
                OVERLAP_HEADER
                "0,50.0\n",
                OVERLAP_DEVICE_HEADER
                "0,50.0,0,100,50\n"
                "0,0.0,1,100,0\n",
                NULL);
}

/* No communication (single GPU, no NCCL) or no GPU at all: 0/0 → NaN. */
static void
test_overlap_no_communication (void)
{
  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      g_autoptr (HpTrace) kernels = hp_test_load ("edge/breakdowns-kernels.json", mode);
      g_autoptr (HpTrace) mixed = hp_test_load ("edge/breakdowns-mixed-ranks", mode);
      g_autoptr (GPtrArray) a = hp_test_run (hp_comm_comp_overlap_compute, kernels, NULL);
      g_autoptr (GPtrArray) b = hp_test_run (hp_comm_comp_overlap_compute, mixed, NULL);

      assert_table_is (hp_test_table_at (a, 0, "comm_comp_overlap"), OVERLAP_HEADER "0,\n");
      assert_table_is (hp_test_table_at (b, 0, "comm_comp_overlap"), OVERLAP_HEADER "0,\n1,\n");
      g_assert_nonnull (hp_table_get_note (hp_test_table_at (b, 0, "comm_comp_overlap")));
    }
}

/* breakdowns-negative.json: fractional ts, so HTA rounds (docs/trace-format.md §6): nccl
 * [100,200), gemm [120,130), and tiny_kernel 149.5 + 0.3 becomes
 * [150,149), a duration of −1 us that forms a merged group of its own.
 * The default mode keeps the exact [149.5,149.8). */
static void
test_negative_duration (HpTestTraceFixture *fixture,
                        gconstpointer       data)
{
  HpTrace *compat = fixture->compat;
  g_autoptr (GPtrArray) kc = hp_test_run (hp_kernel_breakdown_compute, compat, NULL);

  /* HTA: compute = 10 + (−1) */
  assert_modes (hp_temporal_breakdown_compute, "breakdowns-negative.json", 0, "temporal_breakdown",
                TEMPORAL_HEADER
                "0,0,9,91,100,0.0,9.0,91.0\n",
                TEMPORAL_HEADER
                "0,0,10.3,89.7,100,0.0,10.3,89.7\n",
                NULL);

  /* HTA's sweep: the group's end (149) comes before its start (150), so
   * [149,150) runs at COMMUNICATION − COMPUTATION = 1: "COMPUTATION" */
  assert_modes (hp_kernel_breakdown_compute, "breakdowns-negative.json", 0, "gpu_kernel_breakdown_kernel_type",
                KERNEL_TYPE_HEADER
                "COMMUNICATION,89,89.0\n"
                "COMPUTATION overlapping COMMUNICATION,10,10.0\n"
                "COMPUTATION,1,1.0\n",
                KERNEL_TYPE_HEADER
                "COMMUNICATION,89.7,89.7\n"
                "COMPUTATION overlapping COMMUNICATION,10.3,10.3\n",
                NULL);
  assert_cell (hp_test_table_at (kc, 1, "gpu_kernel_breakdown_kernels"), 2, "min (us)", -1);

  assert_modes (hp_comm_comp_overlap_compute, "breakdowns-negative.json", 0, "comm_comp_overlap",
                OVERLAP_HEADER "0,10.0\n", OVERLAP_HEADER "0,10.3\n", NULL);
}

/* docs/analyses.md §19: rank selection, an unknown rank, cancellation */
static const HpAnalysisFunc all_funcs[] = {
  hp_temporal_breakdown_compute,
  hp_kernel_breakdown_compute,
  hp_comm_comp_overlap_compute,
};

static void
test_rank_selection (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  HpTrace         *mixed = fixture->trace;
  static const int only_1[] = { 1 };
  static const int unknown[] = { 0, 5 };

  for (guint f = 0; f < G_N_ELEMENTS (all_funcs); f++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) none = run_ranks (all_funcs[f], mixed, NULL, 0, &error);
      g_autoptr (GPtrArray) one = NULL;
      g_autoptr (GPtrArray) bad = NULL;

      /* an empty selection means every rank */
      g_assert_no_error (error);
      g_assert_nonnull (none);
      one = run_ranks (all_funcs[f], mixed, only_1, 1, &error);
      g_assert_no_error (error);
      g_assert_nonnull (one);
      if (f == 1)
        {
          g_assert_cmpuint (hp_table_get_n_rows (hp_test_table_at (none, 1, "gpu_kernel_breakdown_kernels")), ==, 1);
          g_assert_cmpuint (hp_table_get_n_rows (hp_test_table_at (one, 0, "gpu_kernel_breakdown_kernel_type")), ==, 0);
          g_assert_cmpuint (hp_table_get_n_rows (hp_test_table_at (one, 1, "gpu_kernel_breakdown_kernels")), ==, 0);
        }
      else
        {
          HpTable *t = g_ptr_array_index (one, 0);

          g_assert_cmpuint (hp_table_get_n_rows (g_ptr_array_index (none, 0)), ==, 2);
          g_assert_cmpuint (hp_table_get_n_rows (t), ==, 1);
          assert_cell (t, 0, "rank", 1);
        }

      bad = run_ranks (all_funcs[f], mixed, unknown, G_N_ELEMENTS (unknown), &error);
      g_assert_null (bad);
      g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK);
    }
}

static void
test_cancelled (HpTestTraceFixture *fixture,
                gconstpointer       data)
{
  HpTrace *trace = fixture->trace;

  for (guint f = 0; f < G_N_ELEMENTS (all_funcs); f++)
    hp_test_assert_cancelled (all_funcs[f], trace);
}

/* Traces without HTA's quirks give the same numbers in both modes. */
static void
test_modes_agree (void)
{
  g_autoptr (HpTrace) compat = load_case ("hta_trace_filter_2ranks", HP_MODE_HTA_COMPAT, FALSE);
  g_autoptr (HpTrace) better = load_case ("hta_trace_filter_2ranks", HP_MODE_DEFAULT, FALSE);
  HpAnalysisParams params;

  hp_analysis_params_init (&params);
  hp_analysis_params_set_int (&params, &hp_kernel_breakdown_num_kernels_spec, G_MAXINT);
  hp_analysis_params_set_double (&params, &hp_kernel_breakdown_duration_ratio_spec, 1.0);
  for (guint f = 0; f < G_N_ELEMENTS (all_funcs); f++)
    {
      g_autoptr (GPtrArray) c = hp_test_run (all_funcs[f], compat, &params);
      g_autoptr (GPtrArray) d = hp_test_run (all_funcs[f], better, &params);

      g_assert_cmpuint (c->len, ==, d->len);
      for (guint i = 0; i < c->len; i++)
        {
          g_autofree char *csv = hp_table_to_csv (g_ptr_array_index (c, i));

          assert_table_is (g_ptr_array_index (d, i), csv);
        }
    }
}

/* ---------------------------------------------------------------------- */

int
main (int   argc,
      char *argv[])
{
  const char *const *cases;
  guint              n_cases;
  int                status;

  g_test_init (&argc, &argv, NULL);
  trace_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify)hp_trace_unref);

  cases = hp_test_hta_cases (&n_cases);
  for (guint i = 0; i < n_cases; i++)
    {
      const char      *c = cases[i];
      g_autofree char *p1 = g_strdup_printf ("/core/temporal-breakdown/parity/%s", c);
      g_autofree char *p2 = g_strdup_printf ("/core/temporal-breakdown/parity-last-step/%s", c);
      g_autofree char *p3 = g_strdup_printf ("/core/kernel-breakdown/parity/%s", c);
      g_autofree char *p4 = g_strdup_printf ("/core/kernel-breakdown/parity-nomem/%s", c);
      g_autofree char *p5 = g_strdup_printf ("/core/kernel-breakdown/parity-all/%s", c);
      g_autofree char *p6 = g_strdup_printf ("/core/comm-comp-overlap/parity/%s", c);

      g_test_add_data_func (p1, c, test_temporal_parity);
      g_test_add_data_func (p2, c, test_temporal_parity_last_step);
      g_test_add_data_func (p3, c, test_kernels_parity);
      g_test_add_data_func (p4, c, test_kernels_parity_nomem);
      g_test_add_data_func (p5, c, test_kernels_parity_all);
      g_test_add_data_func (p6, c, test_overlap_parity);
    }

  g_test_add_func ("/core/temporal-breakdown/quirks", test_temporal_quirks);
  g_test_add_func ("/core/temporal-breakdown/per-device", test_temporal_per_device);
  hp_test_add_trace ("/core/temporal-breakdown/no-gpu", "edge/breakdowns-mixed-ranks", hp_test_trace_setup,
                     test_temporal_no_gpu);
  hp_test_add_trace ("/core/kernel-breakdown/quirks", "edge/breakdowns-quirks.json", hp_test_trace_setup,
                     test_kernels_quirks);
  hp_test_add_trace ("/core/kernel-breakdown/no-memory", "edge/breakdowns-quirks.json", hp_test_trace_setup_compat,
                     test_kernels_no_memory);
  hp_test_add_trace ("/core/kernel-breakdown/others", "edge/breakdowns-kernels.json", hp_test_trace_setup,
                     test_kernels_others);
  g_test_add_func ("/core/kernel-breakdown/sort-ties", test_kernels_sort_ties);
  hp_test_add_trace ("/core/kernel-breakdown/fractional", "edge/breakdowns-fractional.json",
                     hp_test_trace_setup_compat, test_kernels_fractional);
  g_test_add_func ("/core/kernel-breakdown/per-device", test_kernels_per_device);
  hp_test_add_trace ("/core/kernel-breakdown/no-gpu", "edge/breakdowns-mixed-ranks", hp_test_trace_setup,
                     test_kernels_no_gpu);
  hp_test_add_trace ("/core/kernel-breakdown/invalid-parameters", "edge/breakdowns-kernels.json",
                     hp_test_trace_setup_default, test_kernels_invalid_parameters);
  g_test_add_func ("/core/comm-comp-overlap/quirks", test_overlap_quirks);
  g_test_add_func ("/core/comm-comp-overlap/per-device", test_overlap_per_device);
  g_test_add_func ("/core/comm-comp-overlap/no-communication", test_overlap_no_communication);
  hp_test_add_trace ("/core/breakdowns/negative-duration", "edge/breakdowns-negative.json",
                     hp_test_trace_setup_compat, test_negative_duration);
  hp_test_add_trace ("/core/breakdowns/rank-selection", "edge/breakdowns-mixed-ranks", hp_test_trace_setup_default,
                     test_rank_selection);
  hp_test_add_trace ("/core/breakdowns/cancelled", "edge/breakdowns-quirks.json", hp_test_trace_setup_default,
                     test_cancelled);
  g_test_add_func ("/core/breakdowns/modes-agree", test_modes_agree);

  status = g_test_run ();
  g_clear_pointer (&trace_cache, g_hash_table_unref);
  return status;
}
