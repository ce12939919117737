/* test-compare.c — N-way comparison: every number equals the run's own analysis; hand-made runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

static const struct
{
  const char *analysis;
  const char *table;
  const char *compare;
} compared[] = {
  { "temporal_breakdown", "temporal_breakdown", "compare_temporal_breakdown" },
  { "gpu_kernel_breakdown", "gpu_kernel_breakdown_kernel_type", "compare_kernel_type" },
  { "comm_comp_overlap", "comm_comp_overlap", "compare_comm_comp_overlap" },
  { "idle_time_breakdown", "idle_time_breakdown", "compare_idle_time" },
  { "memory", "memory_summary", "compare_memory" },
};

static HpTable *
table_named (GPtrArray  *tables,
             const char *name)
{
  for (guint i = 0; i < tables->len; i++)
    if (g_strcmp0 (hp_table_get_name (tables->pdata[i]), name) == 0)
      return tables->pdata[i];
  g_error ("no table %s", name);
  return NULL;
}

static GPtrArray *
compare_runs (HpTrace *const    *traces,
              const char *const *labels,
              guint              n_runs)
{
  g_autoptr (GError) error = NULL;
  HpAnalysisParams params;
  GPtrArray       *tables;

  hp_analysis_params_init (&params);
  tables = hp_compare_runs (traces, labels, n_runs, &params, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (tables);
  hp_analysis_params_clear (&params);
  return tables;
}

/* the rows of @stacked labelled @label are, cell for cell, @alone */
static void
assert_rows_equal (HpTable    *stacked,
                   const char *label,
                   HpTable    *alone)
{
  guint row = 0;

  for (guint s = 0; s < hp_table_get_n_rows (stacked); s++)
    {
      if (g_strcmp0 (hp_table_get_string (stacked, s, 0), label) != 0)
        continue;
      g_assert_cmpuint (row, <, hp_table_get_n_rows (alone));
      for (guint c = 0; c < hp_table_get_n_columns (alone); c++)
        {
          int              sc = hp_table_find_column (stacked, hp_table_get_column_name (alone, c));
          g_autofree char *ours = NULL;
          g_autofree char *expected = hp_table_format_cell (alone, row, c);

          g_assert_cmpint (sc, >, 0);
          ours = hp_table_format_cell (stacked, s, (guint)sc);
          g_assert_cmpstr (ours, ==, expected);
        }
      row++;
    }
  g_assert_cmpuint (row, ==, hp_table_get_n_rows (alone));
}

#define MAX_RUNS 4

/* the runs a test compares: cases below tests/data, in the default mode,
 * and their labels */
typedef struct
{
  const char *cases[MAX_RUNS];
  const char *labels[MAX_RUNS];
} Runs;

static const Runs filter_nccl = { { "hta_trace_filter_2ranks", "hta_nccl_parser_config" }, { "filter", "nccl" } };
static const Runs hand_made = { { "diff/control.json", "diff/test.json", "diff/memory.json" }, { "A", "B", "M" } };
static const Runs vendors = { { "diff/control.json", "diff/amd.json" }, { "cuda", "rocm" } };
static const Runs missing_ranks = { { "check/steps-8.json", "check/ranks-3-of-4" }, { "one", "job" } };
static const Runs summary = { { "diff/control.json", "diff/test.json", "diff/memory.json", "hta_trace_filter_2ranks" },
                              { "A", "B", "M", "job" } };

typedef struct
{
  HpTrace           *traces[MAX_RUNS];
  const char *const *labels;
  guint              n_runs;
  GPtrArray         *tables; /* what compare_runs() gives */
} Fixture;

static void
fixture_setup (Fixture      *f,
               gconstpointer data)
{
  const Runs *runs = data;

  f->labels = runs->labels;
  for (f->n_runs = 0; f->n_runs < MAX_RUNS && runs->cases[f->n_runs] != NULL; f->n_runs++)
    f->traces[f->n_runs] = hp_test_load (runs->cases[f->n_runs], HP_MODE_DEFAULT);
  f->tables = compare_runs (f->traces, f->labels, f->n_runs);
}

static void
fixture_teardown (Fixture      *f,
                  gconstpointer data)
{
  g_clear_pointer (&f->tables, g_ptr_array_unref);
  for (guint i = 0; i < f->n_runs; i++)
    g_clear_pointer (&f->traces[i], hp_trace_unref);
}

/* compare_* of each run equals that run's analysis alone (as report runs
 * it): every table, device names included */
static guint
assert_equals_report (HpTrace *const    *traces,
                      const char *const *labels,
                      guint              n_runs)
{
  g_autoptr (GPtrArray) tables = compare_runs (traces, labels, n_runs);
  HpAnalysisParams params;
  guint            memory_rows = 0;

  hp_analysis_params_init (&params);
  for (guint k = 0; k < G_N_ELEMENTS (compared); k++)
    for (guint run = 0; run < n_runs; run++)
      {
        const HpAnalysis *analysis = hp_analysis_find (compared[k].analysis);
        g_autoptr (GPtrArray) alone = hp_test_run (analysis->func, traces[run], &params);
        HpTable *expected = NULL;

        for (guint t = 0; t < alone->len; t++)
          if (g_strcmp0 (hp_table_get_name (alone->pdata[t]), compared[k].table) == 0)
            expected = alone->pdata[t];
        g_assert_nonnull (expected);
        assert_rows_equal (table_named (tables, compared[k].compare), labels[run], expected);
        if (g_str_equal (compared[k].analysis, "memory"))
          memory_rows += hp_table_get_n_rows (expected);
        else
          g_assert_cmpuint (hp_table_get_n_rows (expected), >, 0);
      }
  hp_analysis_params_clear (&params);
  return memory_rows;
}

static void
test_equals_report (gconstpointer data)
{
  HpMode mode = GPOINTER_TO_INT (data);
  g_autoptr (HpTrace) a = hp_test_load ("hta_trace_filter_2ranks", mode);
  g_autoptr (HpTrace) b = hp_test_load ("hta_nccl_parser_config", mode);
  HpTrace          *traces[] = { a, b };
  const char *const labels[] = { "filter", "nccl" };

  g_assert_cmpuint (assert_equals_report (traces, labels, 2), ==, 0);
}

/* HTA's diff pair, and runs of the profiler's old format (legacy
 * categories; memory events that carry only "Bytes") against a new one */
static void
test_equals_report_walk (void)
{
  g_autoptr (HpTrace) control = hp_test_load ("hta_trace_diff_control", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) test = hp_test_load ("hta_trace_diff_test", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) old = hp_test_load ("diff/old-format.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) young = hp_test_load ("diff/new-format.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) legacy = hp_test_load ("hta_trace_file_list_rank1", HP_MODE_DEFAULT);
  HpTrace          *pair[] = { control, test };
  HpTrace          *formats[] = { old, young, legacy };
  const char *const pair_labels[] = { "control", "test" };
  const char *const format_labels[] = { "old", "new", "legacy" };
  g_autoptr (GPtrArray) tables = NULL;
  HpTable *memory;

  g_assert_cmpuint (assert_equals_report (pair, pair_labels, 2), ==, 0);
  g_assert_cmpuint (assert_equals_report (formats, format_labels, 3), ==, 2);

  /* the old run's peak is the running sum of "Bytes" (2 MiB), on cuda:0 */
  tables = compare_runs (formats, format_labels, 3);
  memory = table_named (tables, "compare_memory");
  g_assert_cmpuint (hp_table_get_n_rows (memory), ==, 2);
  g_assert_cmpstr (hp_table_get_string (memory, 0, 0), ==, "old");
  g_assert_cmpstr (hp_table_get_string (memory, 0, (guint)hp_table_find_column (memory, "device")), ==, "cuda:0");
  g_assert_cmpfloat (hp_test_cell (memory, 0, "peak_allocated"), ==, 2097152);
  g_assert_cmpstr (hp_table_get_string (memory, 1, (guint)hp_table_find_column (memory, "device")), ==, "cuda:0");
  g_assert_cmpfloat (hp_test_cell (memory, 1, "peak_allocated"), ==, 2097152);
  g_assert_cmpfloat (hp_test_cell (memory, 1, "peak_reserved"), ==, 4194304);
  /* the run without memory events is named */
  g_assert_nonnull (strstr (hp_table_get_note (memory), "legacy: no [memory] events"));

  /* memory over time from the first step's start (1000 us): the old run's
   * first allocation at 1015 us is at 15 us, the running sum of Bytes */
  memory = table_named (tables, "compare_memory_timeline");
  g_assert_cmpuint (hp_table_get_n_rows (memory), ==, 12);
  g_assert_cmpstr (hp_table_get_string (memory, 0, 0), ==, "old");
  g_assert_cmpstr (hp_table_get_string (memory, 0, 2), ==, "cuda:0");
  g_assert_cmpfloat (hp_test_cell (memory, 0, "ts(us)"), ==, 15);
  g_assert_cmpfloat (hp_test_cell (memory, 1, "allocated"), ==, 2097152);
  g_assert_cmpfloat (hp_test_cell (memory, 2, "allocated"), ==, 0);
  g_assert_true (isnan (hp_test_cell (memory, 0, "reserved")));
  g_assert_cmpstr (hp_table_get_string (memory, 6, 0), ==, "new");
  g_assert_cmpfloat (hp_test_cell (memory, 6, "ts(us)"), ==, 15);
  g_assert_cmpfloat (hp_test_cell (memory, 6, "reserved"), ==, 4194304);
  g_assert_nonnull (strstr (hp_table_get_note (memory), "legacy: no [memory] events"));
}

/* communication per rank and step adds up to the communication kernels'
 * time, and exposed communication is part of it */
static void
test_communication (Fixture      *f,
                    gconstpointer data)
{
  const char *const *labels = f->labels;
  GPtrArray         *tables = f->tables;
  HpTable           *comm = table_named (tables, "compare_communication");
  HpTable           *kernels = table_named (tables, "compare_collectives");

  g_assert_cmpuint (hp_table_get_n_rows (comm), ==, 3);
  for (guint run = 0; run < 2; run++)
    {
      double per_steps = 0;

      for (guint row = 0; row < hp_table_get_n_rows (comm); row++)
        if (g_str_equal (hp_table_get_string (comm, row, 0), labels[run]))
          {
            per_steps += hp_test_cell (comm, row, "communication_per_step(us)") * hp_test_cell (comm, row, "steps");
            g_assert_cmpfloat (hp_test_cell (comm, row, "exposed_communication_per_step(us)"), <=,
                               hp_test_cell (comm, row, "communication_per_step(us)"));
            g_assert_cmpfloat (hp_test_cell (comm, row, "communication_per_step(us)"), >, 0);
          }
      /* every communication kernel of these runs lies inside a step */
      g_assert_cmpfloat_with_epsilon (per_steps, hp_compare_sum (kernels, labels[run], "time(us)"), 0.01);
    }
  /* nccl: all-reduce then broadcast, the costliest first, with shares */
  g_assert_cmpstr (hp_table_get_string (kernels, 1, 1), ==, "ncclKernel_AllReduce_RING_LL_Sum_float");
  g_assert_cmpfloat (hp_test_cell (kernels, 1, "count"), ==, 10);
  g_assert_cmpfloat (hp_test_cell (kernels, 1, "share_pctg"), ==, 99.68);
  g_assert_cmpstr (hp_table_get_string (kernels, 2, 1), ==, "ncclKernel_Broadcast_RING_LL_Sum_int8_t");
}

/* step time from the complete steps, ops by their spread (worked out by
 * hand from tests/data/diff: the last step and what starts in it is
 * dropped, as in every analysis) */
static void
test_hand_made (Fixture      *f,
                gconstpointer data)
{
  GPtrArray *tables = f->tables;
  HpTable   *steps = table_named (tables, "compare_step_time");
  HpTable   *memory = table_named (tables, "compare_memory");
  HpTable   *ops = table_named (tables, "compare_ops");

  g_assert_cmpuint (hp_table_get_n_rows (steps), ==, 3);
  g_assert_cmpstr (hp_table_get_string (steps, 0, 0), ==, "A");
  g_assert_cmpfloat (hp_test_cell (steps, 0, "count"), ==, 1);
  g_assert_cmpfloat (hp_test_cell (steps, 0, "mean"), ==, 100);
  g_assert_cmpfloat (hp_test_cell (steps, 1, "mean"), ==, 200);
  g_assert_cmpfloat (hp_test_cell (steps, 2, "count"), ==, 0);

  /* the CPU: 100 allocated; cuda:0: 512, 1536, 1024 allocated; 2, 2, 4 MiB
   * reserved */
  g_assert_cmpuint (hp_table_get_n_rows (memory), ==, 2);
  g_assert_cmpstr (hp_table_get_string (memory, 0, 0), ==, "M");
  g_assert_cmpstr (hp_table_get_string (memory, 0, 2), ==, "cpu");
  g_assert_cmpfloat (hp_test_cell (memory, 0, "peak_allocated"), ==, 100);
  g_assert_cmpstr (hp_table_get_string (memory, 1, 2), ==, "cuda:0");
  g_assert_cmpfloat (hp_test_cell (memory, 1, "peak_allocated"), ==, 1536);
  g_assert_cmpfloat (hp_test_cell (memory, 1, "peak_reserved"), ==, 4194304);
  g_assert_cmpfloat (hp_test_cell (memory, 1, "events"), ==, 3);

  /* ProfilerStep 100/200/0, aten::mm 20/60/0, sgemm 20/30/0 ... */
  g_assert_cmpstr (hp_table_get_string (ops, 0, 0), ==, "ProfilerStep");
  g_assert_cmpfloat (hp_test_cell (ops, 0, "spread_duration"), ==, 200);
  g_assert_cmpstr (hp_table_get_string (ops, 1, 0), ==, "aten::mm");
  g_assert_cmpfloat (hp_test_cell (ops, 1, "A_counts"), ==, 2);
  g_assert_cmpfloat (hp_test_cell (ops, 1, "B_counts"), ==, 4);
  g_assert_cmpfloat (hp_test_cell (ops, 1, "M_counts"), ==, 0);
  g_assert_cmpfloat (hp_test_cell (ops, 1, "A_mean_duration"), ==, 10);
  g_assert_cmpfloat (hp_test_cell (ops, 1, "B_mean_duration"), ==, 15);
  g_assert_true (isnan (hp_test_cell (ops, 1, "M_mean_duration")));
  g_assert_cmpfloat (hp_test_cell (ops, 1, "spread_duration"), ==, 60);
  g_assert_cmpstr (hp_table_get_string (ops, 2, 0), ==, "sgemm");
  g_assert_cmpfloat (hp_test_cell (ops, 2, "spread_duration"), ==, 30);
}

/* CUDA against ROCm: the HIP runtime call is matched with its CUDA twin
 * and says so; kernels are listed without a spread, and the note says
 * why */
static void
test_vendors (Fixture      *f,
              gconstpointer data)
{
  GPtrArray *tables = f->tables;
  HpTable   *ops = table_named (tables, "compare_ops");
  int        matched = hp_table_find_column (ops, "matched_names");
  gboolean   launch = FALSE;

  g_assert_cmpint (matched, >=, 0);
  g_assert_nonnull (strstr (hp_table_get_note (ops), "kernel names do not match across vendors"));
  for (guint row = 0; row < hp_table_get_n_rows (ops); row++)
    {
      const char *name = hp_table_get_string (ops, row, 0);

      g_assert_cmpstr (name, !=, "hipLaunchKernel");
      if (g_str_equal (name, "cudaLaunchKernel"))
        {
          launch = TRUE;
          g_assert_cmpstr (hp_table_get_string (ops, row, (guint)matched), ==, "cudaLaunchKernel = hipLaunchKernel");
          g_assert_cmpfloat (hp_test_cell (ops, row, "cuda_counts"), ==, 1);
          g_assert_cmpfloat (hp_test_cell (ops, row, "rocm_counts"), ==, 1);
        }
      if (g_str_equal (name, "sgemm") || g_str_equal (name, "Cijk_Alik"))
        g_assert_true (isnan (hp_test_cell (ops, row, "spread_duration")));
    }
  g_assert_true (launch);
}

/* a run whose job names a rank without a file says so */
static void
test_missing_ranks (Fixture      *f,
                    gconstpointer data)
{
  g_assert_cmpstr (hp_table_get_note (table_named (f->tables, "compare_step_time")), ==,
                   "job: 3 ranks of 4 (rank 3 missing)");
}

/* the summary's sentences cite the tables' numbers: the mean step time of
 * compare_step_time, the idle share of compare_temporal_breakdown (all
 * ranks together) and the exposed communication of the overlap table */
static void
test_summary (Fixture      *f,
              gconstpointer data)
{
  const char *const *labels = f->labels;
  GPtrArray         *tables = f->tables;
  g_autoptr (GPtrArray) sentences = hp_compare_summary (f->traces, labels, f->n_runs, tables);
  HpTable                 *temporal = table_named (tables, "compare_temporal_breakdown");
  HpTable                 *overlap = table_named (tables, "compare_comm_comp_overlap");
  const HpCompareSentence *s;
  g_autofree char         *text = NULL;
  g_autoptr (JsonNode) node = NULL;
  JsonArray *array;
  double     exposed;

  g_assert_cmpuint (sentences->len, ==, 5);
  for (guint run = 0; run < 4; run++)
    {
      s = sentences->pdata[run];
      g_assert_cmpint (s->kind, ==, HP_COMPARE_SENTENCE_RUN);
      g_assert_cmpuint (s->run, ==, run);
      g_assert_cmpstr (s->label, ==, labels[run]);
      g_assert_true (g_str_has_prefix (s->text, labels[run]));
    }

  /* A: one step of 100 us, B: 200 us, M: no complete step */
  s = sentences->pdata[0];
  g_assert_cmpfloat (s->step_us, ==, 100);
  g_assert_nonnull (strstr (s->text, "steps take 0.1 ms on average"));
  g_assert_cmpfloat (s->kernel_span_us, ==, hp_compare_sum (temporal, "A", "kernel_time(us)"));
  g_assert_cmpfloat (s->kernel_span_us, >, 0);
  g_assert_cmpfloat_with_epsilon (s->idle_pct,
                                  100.0 * hp_compare_sum (temporal, "A", "idle_time(us)") / s->kernel_span_us, 1e-9);
  s = sentences->pdata[1];
  g_assert_cmpfloat (s->step_us, ==, 200);
  s = sentences->pdata[2];
  g_assert_true (isnan (s->step_us));
  g_assert_null (strstr (s->text, "steps take"));

  /* the job: 2 ranks of 128, mean over its ranks, exposed communication */
  s = sentences->pdata[3];
  g_assert_cmpuint (s->n_ranks, ==, 2);
  g_assert_cmpuint (s->n_missing, ==, 126);
  g_assert_nonnull (strstr (s->text, "job, 2 ranks of 128 (ranks 2–127 missing): "));
  g_assert_nonnull (strstr (s->text, "of their time, all ranks together"));
  exposed = hp_compare_sum (overlap, "job", "communication_time(us)") -
            hp_compare_sum (overlap, "job", "overlap_time(us)");
  g_assert_cmpfloat (exposed, >, 0);
  g_assert_cmpfloat_with_epsilon (s->exposed_comm_pct, 100.0 * exposed / s->kernel_span_us, 1e-9);
  g_assert_nonnull (strstr (s->text, "in exposed communication."));

  /* the fastest steps, last */
  s = sentences->pdata[4];
  g_assert_cmpint (s->kind, ==, HP_COMPARE_SENTENCE_FASTEST);
  g_assert_cmpstr (s->label, ==, "A");
  g_assert_cmpstr (s->text, ==, "Fastest steps: A.");

  text = hp_compare_summary_to_text (sentences);
  g_assert_true (g_str_has_prefix (text, "A: steps take 0.1 ms on average; "));
  g_assert_true (g_str_has_suffix (text, "\nFastest steps: A."));

  /* JSON: the same, numbers a run lacks as null */
  node = hp_compare_summary_to_json (sentences);
  array = json_object_get_array_member (json_node_get_object (node), "compare_summary");
  g_assert_cmpuint (json_array_get_length (array), ==, 5);
  g_assert_cmpfloat (json_object_get_double_member (json_array_get_object_element (array, 1), "step(us)"), ==, 200);
  g_assert_true (json_object_get_null_member (json_array_get_object_element (array, 2), "step(us)"));
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (array, 4), "kind"), ==, "fastest");
}

/* percentages near the ends keep a decimal, in every sentence: HTA's
 * compare base idles 99.54% of its GPU time, which is not "100%" */
static void
test_summary_pct_near_ends (void)
{
  g_autoptr (HpTrace) job = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) base = hp_test_load ("hta_trace_compare_base", HP_MODE_DEFAULT);
  HpTrace          *traces[] = { job, base };
  const char *const labels[] = { "job", "base" };
  g_autoptr (GPtrArray) tables = compare_runs (traces, labels, 2);
  g_autoptr (GPtrArray) sentences = hp_compare_summary (traces, labels, 2, tables);
  const HpCompareSentence *s = sentences->pdata[1];
  struct
  {
    double      pct;
    const char *text;
  } cases[] = {
    { 54.1377, "54%" },
    { 99.54, "99.5%" },
    { 99.04, "99.0%" },
    { 99.97, "> 99.9%" },
    { 100, "100%" },
    { 0.46, "0.5%" },
    { 0.02, "< 0.1%" },
    { 0, "0%" },
    { 1.0, "1%" },
    { 99.0, "99%" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = hp_compare_format_pct (cases[i].pct);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
  g_assert_cmpfloat (s->idle_pct, >, 99.5);
  g_assert_cmpfloat (s->idle_pct, <, 99.55);
  g_assert_nonnull (strstr (s->text, "the GPU is idle 99.5% of its time"));
  s = sentences->pdata[0];
  g_assert_nonnull (strstr (s->text, "the GPUs are idle 54% of their time"));
}

/* a run against the baseline names the baseline once: "ddp against
 * baseline" when its label says it is the baseline (in any case, as part of
 * a longer label), "New against Base (the baseline)" otherwise */
static void
test_summary_baseline_label (void)
{
  g_autoptr (HpTrace) one = hp_test_load ("hta_ns_resolution", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) two = hp_test_load ("hta_nccl_parser_config", HP_MODE_DEFAULT);
  HpTrace *traces[] = { one, two };
  struct
  {
    const char *labels[2];
    const char *prefix;
  } cases[] = {
    { { "baseline", "ddp" }, "ddp against baseline: steps take " },
    { { "Baseline-fp32", "new" }, "new against Baseline-fp32: steps take " },
    { { "old BASELINE", "new" }, "new against old BASELINE: steps take " },
    { { "Base", "New" }, "New against Base (the baseline): steps take " },
    { { "base line", "New" }, "New against base line (the baseline): steps take " },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GPtrArray) tables = compare_runs (traces, cases[i].labels, 2);
      g_autoptr (GPtrArray) sentences = hp_compare_summary_against (traces, cases[i].labels, 2, tables, 0);
      const HpCompareSentence *s = NULL;

      for (guint j = 0; j < sentences->len; j++)
        if (((HpCompareSentence *)sentences->pdata[j])->kind == HP_COMPARE_SENTENCE_BASELINE)
          {
            g_assert_null (s);
            s = sentences->pdata[j];
          }
      g_assert_nonnull (s);
      g_test_message ("%s", s->text);
      g_assert_cmpstr (s->label, ==, cases[i].labels[1]);
      g_assert_true (g_str_has_prefix (s->text, cases[i].prefix));
      g_assert_null (strstr (s->text, "the baseline baseline"));
    }
}

/* the temporal breakdown side by side splits non-compute time into
 * communication (the exposed communication of the overlap table) and
 * memory, which add up to it; HTA's columns stay as report gives them,
 * and --hta-compat adds nothing */
static void
test_non_compute_split (void)
{
  g_autoptr (HpTrace) job = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) single = hp_test_load ("hta_ns_resolution", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) job_compat = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_HTA_COMPAT);
  g_autoptr (HpTrace) single_compat = hp_test_load ("hta_ns_resolution", HP_MODE_HTA_COMPAT);
  HpTrace          *traces[] = { job, single };
  HpTrace          *compat[] = { job_compat, single_compat };
  const char *const labels[] = { "job", "single" };
  g_autoptr (GPtrArray) tables = compare_runs (traces, labels, 2);
  g_autoptr (GPtrArray) compat_tables = compare_runs (compat, labels, 2);
  HpTable *temporal = table_named (tables, "compare_temporal_breakdown");
  HpTable *overlap = table_named (tables, "compare_comm_comp_overlap");

  g_assert_cmpuint (hp_table_get_n_rows (temporal), ==, 3);
  for (guint row = 0; row < 3; row++)
    {
      double comm = hp_test_cell (temporal, row, "non_compute_communication_time(us)");
      double memory = hp_test_cell (temporal, row, "non_compute_memory_time(us)");

      g_assert_cmpfloat (comm, >=, 0);
      g_assert_cmpfloat (memory, >=, 0);
      g_assert_cmpfloat_with_epsilon (comm + memory, hp_test_cell (temporal, row, "non_compute_time(us)"), 1e-6);
      g_assert_cmpfloat_with_epsilon (hp_test_cell (temporal, row, "non_compute_communication_time_pctg") +
                                          hp_test_cell (temporal, row, "non_compute_memory_time_pctg"),
                                      hp_test_cell (temporal, row, "non_compute_time_pctg"), 0.011);
    }
  /* rank 0: 172428 us without computation, 172259 of it communication */
  g_assert_cmpfloat (hp_test_cell (temporal, 0, "non_compute_communication_time(us)"), ==, 172259);
  g_assert_cmpfloat (hp_test_cell (temporal, 0, "non_compute_memory_time(us)"), ==, 169);
  for (guint row = 0; row < 2; row++)
    g_assert_cmpfloat_with_epsilon (hp_test_cell (temporal, row, "non_compute_communication_time(us)"),
                                    hp_test_cell (overlap, row, "communication_time(us)") -
                                        hp_test_cell (overlap, row, "overlap_time(us)"),
                                    1e-6);
  /* the single GPU: no communication, all of it memory */
  g_assert_cmpfloat (hp_test_cell (temporal, 2, "non_compute_communication_time(us)"), ==, 0);
  g_assert_cmpfloat (hp_test_cell (temporal, 2, "non_compute_memory_time(us)"), ==, 3443.756);

  g_assert_cmpint (
      hp_table_find_column (table_named (compat_tables, "compare_temporal_breakdown"), "non_compute_memory_time(us)"),
      ==, -1);
}

/* the row of @rank in a per-rank table, or -1 */
static int
rank_row (HpTable *table,
          int      rank)
{
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    if ((int)hp_test_cell (table, row, "rank") == rank)
      return (int)row;
  return -1;
}

/* the per-step figures of check and compare_communication are those of
 * `report --scope step:N` summed over the steps: the work each step
 * launched, wherever it runs (hta_ns_resolution's GPU runs behind its host:
 * counted inside the host's step ranges it lost a fifth of its work) */
static void
test_step_figures_equal_scoped_report (void)
{
  static const char *const cases[] = { "hta_ns_resolution", "hta_trace_filter_2ranks", "hta_nccl_parser_config",
                                       "hta_trace_diff_control" };
  const HpAnalysis        *temporal_analysis = hp_analysis_find ("temporal_breakdown");
  const HpAnalysis        *overlap_analysis = hp_analysis_find ("comm_comp_overlap");
  HpAnalysisParams         params;

  hp_analysis_params_init (&params);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (HpTrace) trace = hp_test_load (cases[c], HP_MODE_DEFAULT);

      for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
        {
          const HpRank *r = hp_trace_get_rank (trace, p);
          g_autoptr (GArray) steps = hp_rank_get_steps (trace, r);
          HpStepFigures figures;
          double        busy = 0, idle = 0, comm = 0, exposed = 0;
          guint         n_steps = 0;

          hp_step_figures_compute (r, &figures);
          for (guint i = 0; i < steps->len; i++)
            {
              g_autoptr (HpScope) scope = hp_scope_new_step (g_array_index (steps, HpStep, i).number);
              g_autoptr (HpTrace) scoped = hp_trace_apply_scope (trace, scope, NULL);
              g_autoptr (GPtrArray) temporal = NULL;
              g_autoptr (GPtrArray) overlap = NULL;
              HpTable *t, *o;
              int      row;

              if (scoped == NULL) /* the last step, dropped */
                continue;
              temporal = hp_analysis_run (temporal_analysis, scoped, &params, NULL, NULL);
              overlap = hp_analysis_run (overlap_analysis, scoped, &params, NULL, NULL);
              g_assert_nonnull (temporal);
              g_assert_nonnull (overlap);
              t = temporal->pdata[0];
              o = overlap->pdata[0];
              if ((row = rank_row (t, r->rank)) < 0)
                continue;
              n_steps++;
              busy += hp_test_cell (t, (guint)row, "compute_time(us)") +
                      hp_test_cell (t, (guint)row, "non_compute_time(us)");
              idle += hp_test_cell (t, (guint)row, "idle_time(us)");
              if ((row = rank_row (o, r->rank)) >= 0)
                {
                  comm += hp_test_cell (o, (guint)row, "communication_time(us)");
                  exposed += hp_test_cell (o, (guint)row, "communication_time(us)") -
                             hp_test_cell (o, (guint)row, "overlap_time(us)");
                }
            }
          g_assert_cmpuint (n_steps, ==, figures.n_windows);
          g_assert_cmpfloat (busy, >, 0);
          g_assert_cmpfloat_with_epsilon (figures.busy, busy, 0.01);
          g_assert_cmpfloat_with_epsilon (figures.idle, idle, 0.01);
          g_assert_cmpfloat_with_epsilon (figures.comm, comm, 0.01);
          g_assert_cmpfloat_with_epsilon (figures.exposed, exposed, 0.01);
        }
    }
  hp_analysis_params_clear (&params);
}

static void
test_bad_runs (void)
{
  g_autoptr (HpTrace) a = hp_test_load ("diff/control.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) c = hp_test_load ("diff/test.json", HP_MODE_HTA_COMPAT);
  HpTrace          *same[] = { a, a };
  HpTrace          *mixed[] = { a, c };
  const char *const twice[] = { "A", "A" };
  const char *const labels[] = { "A", "C" };
  g_autoptr (GError) error = NULL;
  HpAnalysisParams params;

  hp_analysis_params_init (&params);
  g_assert_null (hp_compare_runs (same, labels, 1, &params, NULL, &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
  g_clear_error (&error);
  g_assert_null (hp_compare_runs (same, twice, 2, &params, NULL, &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
  g_clear_error (&error);
  g_assert_null (hp_compare_runs (mixed, labels, 2, &params, NULL, &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
  g_assert_cmpstr (error->message, ==, "C: loaded in another mode than A");
  hp_analysis_params_clear (&params);
}

/* why an empty table or chart is empty: what each run lacks, by name */
static void
test_no_data_reasons (void)
{
  g_autoptr (HpTrace) steps = hp_test_load ("diff/control.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) no_steps = hp_test_load ("diff/nosteps-control.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) memory = hp_test_load ("diff/memory.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) comm = hp_test_load ("hta_nccl_parser_config", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) cpu = hp_test_load ("hta_cpu_only", HP_MODE_DEFAULT);
  HpTrace          *pair[] = { steps, no_steps };
  HpTrace          *three[] = { steps, no_steps, cpu };
  const char *const labels[] = { "A", "B", "C" };
  g_autofree char  *text = NULL;

  g_assert_cmpuint (hp_data_needs_missing (steps, HP_DATA_STEPS | HP_DATA_GPU), ==, 0);
  g_assert_cmpuint (hp_data_needs_missing (no_steps, HP_DATA_STEPS), ==, HP_DATA_STEPS);
  g_assert_cmpuint (hp_data_needs_missing (memory, HP_DATA_MEMORY_EVENTS), ==, 0);
  g_assert_cmpuint (hp_data_needs_missing (steps, HP_DATA_MEMORY_EVENTS), ==, HP_DATA_MEMORY_EVENTS);
  g_assert_cmpuint (hp_data_needs_missing (comm, HP_DATA_COMM | HP_DATA_GPU), ==, 0);
  g_assert_cmpuint (hp_data_needs_missing (steps, HP_DATA_COMM), ==, HP_DATA_COMM);
  g_assert_cmpuint (hp_data_needs_missing (cpu, HP_DATA_GPU | HP_DATA_COMM), ==, HP_DATA_GPU | HP_DATA_COMM);
  /* traces hold events; a folder of summaries does not */
  g_assert_cmpuint (hp_data_needs_missing (steps, HP_DATA_EVENTS), ==, 0);

  text = hp_no_data_reason (pair, labels, 2, HP_DATA_STEPS);
  g_assert_cmpstr (text, ==, "no ProfilerStep in B");
  g_clear_pointer (&text, g_free);
  text = hp_no_data_reason (pair, labels, 2, HP_DATA_MEMORY_EVENTS | HP_DATA_STEPS);
  g_assert_cmpstr (text, ==,
                   "no ProfilerStep in B; no [memory] events in A or B (record them with profile_memory=True)");
  g_clear_pointer (&text, g_free);
  text = hp_no_data_reason (three, labels, 3, HP_DATA_GPU | HP_DATA_COMM);
  g_assert_cmpstr (text, ==, "no kernel, memcpy or memset in B or C; no communication kernels in A");
  g_clear_pointer (&text, g_free);
  /* one trace is "the trace" */
  text = hp_no_data_reason (&no_steps, NULL, 1, HP_DATA_STEPS);
  g_assert_cmpstr (text, ==, "the trace has no ProfilerStep");
  g_clear_pointer (&text, g_free);
  /* nothing lacking: no reason to give */
  g_assert_null (hp_no_data_reason (&comm, NULL, 1, HP_DATA_COMM | HP_DATA_GPU | HP_DATA_EVENTS));

  /* a comparison's empty table gives its note, else what the runs lack */
  {
    HpAnalysisParams params;
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) tables = NULL;

    hp_analysis_params_init (&params);
    tables = hp_compare_runs (pair, labels, 2, &params, NULL, &error);
    g_assert_no_error (error);
    text = hp_compare_no_data_reason (pair, labels, 2, tables, HP_COMPARE_MEMORY_TABLE);
    g_assert_nonnull (strstr (text, "A: no [memory] events"));
    g_assert_nonnull (strstr (text, "B: no [memory] events"));
    g_clear_pointer (&text, g_free);
    text = hp_compare_no_data_reason (pair, labels, 2, tables, HP_COMPARE_COLLECTIVES_TABLE);
    g_assert_cmpstr (text, ==, "no kernel, memcpy or memset in B; no communication kernels in A");
    g_clear_pointer (&text, g_free);
    hp_analysis_params_clear (&params);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/core/compare/equals-report/default", GINT_TO_POINTER (HP_MODE_DEFAULT),
                        test_equals_report);
  g_test_add_data_func ("/core/compare/equals-report/hta-compat", GINT_TO_POINTER (HP_MODE_HTA_COMPAT),
                        test_equals_report);
  g_test_add_func ("/core/compare/equals-report/walk", test_equals_report_walk);
  g_test_add ("/core/compare/hand-made", Fixture, &hand_made, fixture_setup, test_hand_made, fixture_teardown);
  g_test_add ("/core/compare/vendors", Fixture, &vendors, fixture_setup, test_vendors, fixture_teardown);
  g_test_add ("/core/compare/communication", Fixture, &filter_nccl, fixture_setup, test_communication, fixture_teardown);
  g_test_add ("/core/compare/missing-ranks", Fixture, &missing_ranks, fixture_setup, test_missing_ranks, fixture_teardown);
  g_test_add_func ("/core/compare/bad-runs", test_bad_runs);
  g_test_add ("/core/compare/summary", Fixture, &summary, fixture_setup, test_summary, fixture_teardown);
  g_test_add_func ("/core/compare/no-data-reasons", test_no_data_reasons);
  g_test_add_func ("/core/compare/summary-pct-near-ends", test_summary_pct_near_ends);
  g_test_add_func ("/core/compare/summary-baseline-label", test_summary_baseline_label);
  g_test_add_func ("/core/compare/non-compute-split", test_non_compute_split);
  g_test_add_func ("/core/compare/step-figures-equal-scoped-report", test_step_figures_equal_scoped_report);
  return g_test_run ();
}
