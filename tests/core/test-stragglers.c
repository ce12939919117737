/* test-stragglers.c — profiler steps and potential stragglers against HTA and hand-made jobs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* the four-rank jobs of tests/data/edge: the collective of each step
 * starts at these offsets (us) into the step on ranks 0..3 and ends at
 * +900 on all of them; rank 0 launches it twice in step 1, the first
 * launch in the file (at 750) after the second (at 100) */
#define EDGE_JOB "edge/stragglers-4ranks"         /* ncclDevKernel… names */
#define EDGE_JOB_HTA "edge/stragglers-4ranks-hta" /* ncclKernel… names */

static HpTrace *
load (const char *case_name,
      HpMode      mode,
      gboolean    include_last_step)
{
  g_autofree char *path = hp_test_data_path (case_name, NULL);
  HpLoadOptions    options = { 0 };

  options.mode = mode;
  options.include_last_step = include_last_step;
  return hp_test_load_with_options (path, &options);
}

static GArray *
json_int_list (JsonArray *array)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < json_array_get_length (array); i++)
    {
      int v = (int)json_array_get_int_element (array, i);

      g_array_append_val (out, v);
    }
  return out;
}

static JsonObject *
read_golden_object (JsonParser *parser,
                    const char *case_name,
                    const char *file)
{
  g_autofree char *path = hp_test_golden_path (case_name, file);
  g_autoptr (GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
assert_int_arrays_equal (GArray *ours,
                         GArray *golden)
{
  g_assert_cmpuint (ours->len, ==, golden->len);
  for (guint i = 0; i < ours->len; i++)
    g_assert_cmpint (g_array_index (ours, int, i), ==, g_array_index (golden, int, i));
}

static void
assert_steps (HpTrace    *trace,
              JsonObject *golden)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) ours = hp_profiler_steps (trace, NULL, &error);
  g_autoptr (GArray) expected = json_int_list (json_object_get_array_member (golden, "profiler_steps"));

  g_assert_no_error (error);
  assert_int_arrays_equal (ours, expected);
}

/* get_profiler_steps() on every HTA case, with and without the last step */
static void
test_profiler_steps_golden (gconstpointer data)
{
  const char *case_name = data;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonParser) parser_last = json_parser_new ();
  g_autofree char *last_path = hp_test_golden_path (case_name, "include_last_profiler_step.json");

  {
    g_autoptr (HpTrace) trace = load (case_name, HP_MODE_HTA_COMPAT, FALSE);

    assert_steps (trace, read_golden_object (parser, case_name, "profiler_steps.json"));
  }
  if (g_file_test (last_path, G_FILE_TEST_EXISTS))
    {
      g_autoptr (HpTrace) trace = load (case_name, HP_MODE_HTA_COMPAT, TRUE);
      JsonObject *golden = read_golden_object (parser_last, case_name, "include_last_profiler_step.json");

      if (json_object_has_member (golden, "profiler_steps"))
        assert_steps (trace, golden);
    }
}

/* The ranks named, in table order */
static GArray *
candidates (HpTable *table)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));
  int     rank_col = hp_test_column (table, "rank");
  int     cand_col = hp_test_column (table, "is_candidate");

  for (guint i = 0; i < hp_table_get_n_rows (table); i++)
    if (hp_table_get_int (table, i, cand_col) != 0)
      {
        int rank = (int)hp_table_get_int (table, i, rank_col);

        g_array_append_val (out, rank);
      }
  return out;
}

static GPtrArray *
run (HpTrace   *trace,
     const int *steps,
     guint      n_steps,
     int        num_candidates)
{
  HpAnalysisParams params;
  GPtrArray       *tables;

  hp_analysis_params_init (&params);
  if (n_steps > 0)
    {
      g_autoptr (GArray) list = g_array_new (FALSE, FALSE, sizeof (int));

      g_array_append_vals (list, steps, n_steps);
      hp_analysis_params_set_list (&params, &hp_stragglers_steps_spec, list);
    }
  hp_analysis_params_set_int (&params, &hp_stragglers_num_candidates_spec, num_candidates);
  tables = hp_test_run (hp_stragglers_compute, trace, &params);
  hp_analysis_params_clear (&params);
  return tables;
}

static void
assert_candidates (GPtrArray *tables,
                   const int *expected,
                   guint      n)
{
  g_autoptr (GArray) ours = candidates (hp_test_table_at (tables, 0, "potential_stragglers"));
  g_autoptr (GArray) want = g_array_new (FALSE, FALSE, sizeof (int));

  g_array_append_vals (want, expected, n);
  assert_int_arrays_equal (ours, want);
}

/* get_potential_stragglers() where HTA answers: the default call and the
 * first step with two candidates */
static void
test_stragglers_golden (gconstpointer data)
{
  const char *case_name = data;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (HpTrace) trace = load (case_name, HP_MODE_HTA_COMPAT, FALSE);
  JsonObject *golden = read_golden_object (parser, case_name, "potential_stragglers.json");
  g_autoptr (GArray) steps = hp_profiler_steps (trace, NULL, NULL);

  {
    g_autoptr (GPtrArray) tables = run (trace, NULL, 0, 2);
    g_autoptr (GArray) want = json_int_list (json_object_get_array_member (golden, "default"));

    assert_candidates (tables, (const int *)(void *)want->data, want->len);
  }
  {
    g_autoptr (GPtrArray) tables = run (trace, (const int *)(void *)steps->data, 1, 2);
    g_autoptr (GArray) want =
        json_int_list (json_object_get_array_member (golden, "first_step_only_num_candidates_2"));

    assert_candidates (tables, (const int *)(void *)want->data, want->len);
  }
}

/* HTA's own test on trace_filter with the last step kept (docs/analyses.md §14):
 * all steps, one candidate → [1]; two → [0, 1] */
static void
test_stragglers_hta_test_last_step (void)
{
  g_autoptr (HpTrace) trace = load ("hta_trace_filter_2ranks", HP_MODE_HTA_COMPAT, TRUE);
  g_autoptr (GPtrArray) one = run (trace, NULL, 0, 1);
  g_autoptr (GPtrArray) two = run (trace, NULL, 0, 2);
  HpTable *table = hp_test_table_at (one, 0, "potential_stragglers");

  assert_candidates (one, (const int[]){ 1 }, 1);
  assert_candidates (two, (const int[]){ 0, 1 }, 2);
  /* rank 1 starts its SendRecv last in both steps */
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "score")), ==, 2);
  g_assert_cmpint (hp_table_get_int (table, 1, hp_test_column (table, "score")), ==, 0);
}

/* Where HTA fails, a clear error instead of a crash: no step, or no
 * ncclKernel on a positive stream ("argmax of an empty sequence") */
static void
test_stragglers_golden_failures (gconstpointer data)
{
  const char      *case_name = data;
  g_autofree char *status = hp_test_golden_status (case_name, "potential_stragglers");
  g_autoptr (HpTrace) trace = load (case_name, HP_MODE_HTA_COMPAT, FALSE);
  g_autoptr (GArray) steps = hp_profiler_steps (trace, NULL, NULL);
  HpAnalysisParams params;

  g_assert_cmpstr (status, ==, "failed");
  hp_analysis_params_init (&params);
  {
    g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
    g_autoptr (GError) error = NULL;

    if (hp_stragglers_compute (trace, &params, tables, NULL, &error))
      {
        /* HTA's "cannot unpack" failure: one rank, so no spread across
         * ranks; we still score it, and say so */
        HpTable *table = hp_test_table_at (tables, 0, "potential_stragglers");

        g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 1);
        g_assert_cmpuint (hp_table_get_n_rows (table), ==, 1);
        g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "is_candidate")), ==, 1);
        g_assert_nonnull (strstr (hp_table_get_note (table), "HTA fails here"));
      }
    else
      {
        /* no step, or no long ncclKernel on a positive stream */
        g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
        g_assert_nonnull (strstr (error->message, steps->len == 0 ? "no profiler step" : "ncclKernel"));
      }
  }
  hp_analysis_params_clear (&params);
}

static double
metric_start (HpTable *metric,
              int      rank,
              int      iteration)
{
  for (guint i = 0; i < hp_table_get_n_rows (metric); i++)
    if (hp_table_get_int (metric, i, hp_test_column (metric, "rank")) == rank &&
        hp_table_get_int (metric, i, hp_test_column (metric, "iteration")) == iteration)
      return hp_table_get_double (metric, i, hp_test_column (metric, "normalized_start_time"));
  return NAN;
}

static void
assert_scores (HpTable   *table,
               const int *ranks,
               const int *scores,
               guint      n)
{
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpint (hp_table_get_int (table, i, hp_test_column (table, "rank")), ==, ranks[i]);
      g_assert_cmpint (hp_table_get_int (table, i, hp_test_column (table, "score")), ==, scores[i]);
    }
}

/* Default mode on ncclDevKernel names (HTA sees no communication kernel
 * there). Steps 1 and 2 span 1000..3000 us: the mean iteration is 1000
 * us. Step 1 starts: rank 0 750 (its latest launch), 420, 700, 410 → the
 * two latest are ranks 0 and 2; step 2: 400, 410, 650, 600 → ranks 2
 * and 3. Scores 1, 0, 2, 1; ties by rank. */
static void
test_stragglers_default_dev_kernels (void)
{
  g_autoptr (HpTrace) trace = load (EDGE_JOB, HP_MODE_DEFAULT, FALSE);
  g_autoptr (GPtrArray) tables = run (trace, NULL, 0, 2);
  HpTable *result = hp_test_table_at (tables, 0, "potential_stragglers");
  HpTable *metric = hp_test_table_at (tables, 1, "straggler_metric");
  HpTable *steps = hp_test_table_at (tables, 2, "profiler_steps");

  assert_scores (result, (const int[]){ 2, 0, 3, 1 }, (const int[]){ 2, 1, 1, 0 }, 4);
  assert_candidates (tables, (const int[]){ 2, 0 }, 2);
  g_assert_cmpuint (hp_table_get_n_rows (metric), ==, 8);
  hp_test_assert_close (metric_start (metric, 0, 1), 0.75);
  hp_test_assert_close (metric_start (metric, 2, 2), 1.65);
  hp_test_assert_close (metric_start (metric, 3, 2), 1.6);
  /* the last step (3) is dropped at load */
  g_assert_cmpuint (hp_table_get_n_rows (steps), ==, 2);

  /* HTA's compatibility mode does not recognise the names */
  {
    g_autoptr (HpTrace) compat = load (EDGE_JOB, HP_MODE_HTA_COMPAT, FALSE);
    HpAnalysisParams params;

    hp_analysis_params_init (&params);
    hp_test_assert_analysis_fails (hp_stragglers_compute, compat, &params, NULL, HP_ANALYSIS_ERROR,
                                   HP_ANALYSIS_ERROR_NO_DATA);
    hp_analysis_params_clear (&params);
  }
}

/* HTA keeps the last launch of a (rank, stream, step, name) in table
 * order: rank 0's step-1 collective is the one at 100 us, so step 1
 * flags ranks 2 and 1. Scores 0, 1, 2, 1; pandas' sort puts rank 1
 * before rank 3 */
static void
test_stragglers_compat_last_row (void)
{
  g_autoptr (HpTrace) trace = load (EDGE_JOB_HTA, HP_MODE_HTA_COMPAT, FALSE);
  g_autoptr (GPtrArray) tables = run (trace, NULL, 0, 2);
  g_autoptr (GPtrArray) one = run (trace, NULL, 0, 1);
  g_autoptr (GPtrArray) step2 = run (trace, (const int[]){ 2, 7 }, 2, 2);

  assert_scores (hp_test_table_at (tables, 0, "potential_stragglers"), (const int[]){ 2, 1, 3, 0 },
                 (const int[]){ 2, 1, 1, 0 }, 4);
  hp_test_assert_close (metric_start (hp_test_table_at (tables, 1, "straggler_metric"), 0, 1), 0.1);
  assert_candidates (one, (const int[]){ 2 }, 1);
  /* one step: a flag per rank; step 7 is not in the trace and is ignored */
  assert_scores (hp_test_table_at (step2, 0, "potential_stragglers"), (const int[]){ 2, 3, 0, 1 },
                 (const int[]){ 1, 1, 0, 0 }, 4);
  assert_candidates (step2, (const int[]){ 2, 3 }, 2);
}

/* More candidates than ranks: HTA fails; we flag everyone */
static void
test_stragglers_more_candidates_than_ranks (void)
{
  g_autoptr (HpTrace) trace = load (EDGE_JOB, HP_MODE_DEFAULT, FALSE);
  g_autoptr (GPtrArray) tables = run (trace, NULL, 0, 9);

  assert_scores (hp_test_table_at (tables, 0, "potential_stragglers"), (const int[]){ 0, 1, 2, 3 },
                 (const int[]){ 2, 2, 2, 2 }, 4);
  assert_candidates (tables, (const int[]){ 0, 1, 2, 3 }, 4);
}

static void
test_stragglers_bad_steps (void)
{
  g_autoptr (HpTrace) trace = load (EDGE_JOB, HP_MODE_DEFAULT, FALSE);
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  g_autoptr (GError) error = NULL;
  HpAnalysisParams params;

  hp_analysis_params_init (&params);
  {
    g_autoptr (GArray) list = g_array_new (FALSE, FALSE, sizeof (int));

    g_array_append_vals (list, (const int[]){ 3, 4 }, 2);
    hp_analysis_params_set_list (&params, &hp_stragglers_steps_spec, list);
  }
  g_assert_false (hp_stragglers_compute (trace, &params, tables, NULL, &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
  /* the message says what was asked and what there is */
  g_assert_nonnull (strstr (error->message, "[3, 4]"));
  g_assert_nonnull (strstr (error->message, "[1, 2]"));
  hp_analysis_params_clear (&params);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GPtrArray) failed = NULL;

  g_test_init (&argc, &argv, NULL);

  hp_test_add_golden_tests ("/core/stragglers/profiler-steps", "profiler_steps.json", G_FILE_TEST_IS_DIR,
                            test_profiler_steps_golden);
  hp_test_add_golden_tests ("/core/stragglers/golden", "potential_stragglers.json", G_FILE_TEST_IS_DIR,
                            test_stragglers_golden);
  failed = hp_test_golden_cases ("profiler_steps.json", G_FILE_TEST_IS_DIR);
  for (guint i = 0; i < failed->len; i++)
    {
      const char      *case_name = failed->pdata[i];
      g_autofree char *status = hp_test_golden_status (case_name, "potential_stragglers");
      g_autofree char *path = g_strdup_printf ("/core/stragglers/hta-fails/%s", case_name);

      if (g_strcmp0 (status, "failed") == 0)
        g_test_add_data_func_full (path, g_strdup (case_name), test_stragglers_golden_failures, g_free);
    }
  g_test_add_func ("/core/stragglers/hta-test-last-step", test_stragglers_hta_test_last_step);
  g_test_add_func ("/core/stragglers/default-dev-kernels", test_stragglers_default_dev_kernels);
  g_test_add_func ("/core/stragglers/compat-last-row", test_stragglers_compat_last_row);
  g_test_add_func ("/core/stragglers/more-candidates-than-ranks", test_stragglers_more_candidates_than_ranks);
  g_test_add_func ("/core/stragglers/bad-steps", test_stragglers_bad_steps);
  hp_test_add_cancelled_test ("/core/stragglers/cancelled", hp_stragglers_compute, "hta_trace_filter_2ranks");

  return g_test_run ();
}
