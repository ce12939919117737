/* test-new-analysis.c — a new analysis is its file pair, one registry line
 * and its test: a descriptor defined here, with parameters of its own, runs
 * through the runner every analysis uses, and its parameters parse from the
 * command line's text and are checked by their specs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* the parameters of the toy analysis, defined with it as an analysis'
 * own file does: their values live in the parameters' bag */
static const HpParamSpec toy_longest = {
  "toy_longest",
  HP_PARAM_INT,
  HP_PARAM_IN_BAG,
  3,
  1,
  100,
  NULL,
  N_ ("Longest events"),
  "Toy: how many of the longest events per rank (3)",
  "N",
};
static const HpParamSpec toy_share = {
  "toy_share",
  HP_PARAM_DOUBLE,
  HP_PARAM_IN_BAG,
  0.5,
  0,
  1,
  NULL,
  N_ ("Share"),
  "Toy: a ratio (0.5)",
  "R",
};
static const HpParamSpec toy_label = {
  "toy_label",
  HP_PARAM_STRING,
  HP_PARAM_IN_BAG,
  0,
  0,
  0,
  NULL,
  N_ ("Label"),
  "Toy: a label",
  "NAME",
};

static int
cmp_desc (gconstpointer a,
          gconstpointer b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return (x < y) - (x > y);
}

/* per selected rank: its number, the duration of each of its longest
 * events, the share and the label */
static gboolean
toy_compute (HpTrace                *trace,
             const HpAnalysisParams *params,
             GPtrArray              *tables,
             GCancellable           *cancellable,
             GError                **error)
{
  g_autoptr (GPtrArray) ranks = hp_analysis_select_ranks (trace, params, error);
  HpTable    *table;
  int         longest = hp_analysis_params_get_int (params, &toy_longest);
  const char *label = hp_analysis_params_get_string (params, &toy_label);
  guint       c_rank, c_top, c_share, c_label;

  if (ranks == NULL)
    return FALSE;
  table = hp_table_new ("toy", "Toy");
  c_rank = hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  c_top = hp_table_add_column (table, "longest_us", HP_COLUMN_DOUBLE, "us");
  c_share = hp_table_add_column (table, "share", HP_COLUMN_DOUBLE, NULL);
  c_label = hp_table_add_column (table, "label", HP_COLUMN_STRING, NULL);
  for (guint r = 0; r < ranks->len; r++)
    {
      const HpRank *rank = ranks->pdata[r];
      g_autoptr (GArray) durations = g_array_new (FALSE, FALSE, sizeof (gint64));

      for (guint e = 0; e < rank->n_events; e++)
        {
          gint64 dur = hp_rank_dur (rank, e);

          g_array_append_val (durations, dur);
        }
      g_array_sort (durations, cmp_desc);
      for (guint k = 0; k < (guint)longest && k < durations->len; k++)
        {
          guint row = hp_table_append_row (table);

          hp_table_set_int (table, row, c_rank, rank->rank);
          hp_table_set_double (table, row, c_top, hp_ns_to_us (g_array_index (durations, gint64, k)));
          hp_table_set_double (table, row, c_share, hp_analysis_params_get_double (params, &toy_share));
          hp_table_set_string (table, row, c_label, label != NULL ? label : "");
        }
    }
  g_ptr_array_add (tables, table);
  return TRUE;
}

static const HpAnalysis toy_analysis = {
  .name = "toy",
  .title = N_ ("Toy"),
  .section = "§0",
  .func = toy_compute,
  .cost = 1,
  .tables = HP_STRV ("toy"),
  .needs = HP_ANALYSIS_NEEDS_GPU,
  .specs = (const HpParamSpec *const[]){ &toy_longest, &toy_share, &toy_label, NULL },
};

/* "--toy-longest=2" as the command line gives it: the option's name is
 * the spec's with dashes */
static gboolean
parse_option (HpAnalysisParams *params,
              const char       *option,
              GError          **error)
{
  g_auto (GStrv) parts = g_strsplit (option + 2, "=", 2);
  g_autofree char *name = g_strdelimit (g_strdup (parts[0]), "-", '_');

  for (guint i = 0; toy_analysis.specs[i] != NULL; i++)
    if (g_str_equal (toy_analysis.specs[i]->name, name))
      return hp_param_parse (toy_analysis.specs[i], params, parts[1], error);
  return hp_param_parse (hp_param_spec_find (parts[0]), params, parts[1], error);
}

static void
test_defaults (void)
{
  HpAnalysisParams params;
  g_autofree char *share = NULL;

  hp_analysis_params_init (&params);
  g_assert_cmpint (hp_analysis_params_get_int (&params, &toy_longest), ==, 3);
  g_assert_cmpfloat (hp_analysis_params_get_double (&params, &toy_share), ==, 0.5);
  g_assert_null (hp_analysis_params_get_string (&params, &toy_label));
  share = hp_param_to_string (&toy_share, &params);
  g_assert_cmpstr (share, ==, "0.5");
  /* reading a default adds nothing to the bag */
  g_assert_null (params.bag);
  hp_analysis_params_clear (&params);
}

static void
test_parse_and_validate (void)
{
  HpAnalysisParams params;
  g_autoptr (GError) error = NULL;

  hp_analysis_params_init (&params);
  g_assert_true (parse_option (&params, "--toy-longest=2", &error));
  g_assert_no_error (error);
  g_assert_true (parse_option (&params, "--toy-label=first", &error));
  g_assert_true (parse_option (&params, "--ranks=1", &error));
  g_assert_cmpint (hp_analysis_params_get_int (&params, &toy_longest), ==, 2);
  g_assert_cmpstr (hp_analysis_params_get_string (&params, &toy_label), ==, "first");

  /* out of its range, of the wrong type: refused by the spec, the value kept */
  g_assert_false (parse_option (&params, "--toy-longest=0", &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
  g_assert_cmpstr (error->message, ==, "toy_longest takes a whole number from 1 to 100, not '0'");
  g_clear_error (&error);
  g_assert_false (parse_option (&params, "--toy-share=1.5", &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
  g_clear_error (&error);
  g_assert_false (parse_option (&params, "--toy-share=half", &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
  g_clear_error (&error);
  g_assert_cmpint (hp_analysis_params_get_int (&params, &toy_longest), ==, 2);
  g_assert_cmpfloat (hp_analysis_params_get_double (&params, &toy_share), ==, 0.5);

  /* set by number: clamped to the spec's range */
  hp_param_set_number (&toy_longest, &params, 1000);
  g_assert_cmpint (hp_analysis_params_get_int (&params, &toy_longest), ==, 100);
  hp_analysis_params_clear (&params);
  g_assert_null (params.bag);
}

static void
test_copy_and_affect (void)
{
  HpAnalysisParams a, b;

  hp_analysis_params_init (&a);
  g_assert_true (parse_option (&a, "--toy-label=x", NULL));
  hp_analysis_params_copy (&b, &a);
  g_assert_false (hp_analysis_params_affect (&toy_analysis, &a, &b));
  g_assert_true (hp_param_equal (&toy_label, &a, &b));

  /* a deep copy: changing the copy leaves the original */
  g_assert_true (parse_option (&b, "--toy-label=y", NULL));
  g_assert_cmpstr (hp_analysis_params_get_string (&a, &toy_label), ==, "x");
  g_assert_true (hp_analysis_params_affect (&toy_analysis, &a, &b));
  g_assert_true (hp_analysis_uses_param (&toy_analysis, &toy_label));

  /* a parameter of another analysis leaves its results valid; the ranks do not */
  hp_param_parse (&toy_label, &b, "x", NULL);
  g_assert_true (hp_param_parse (hp_param_spec_find ("num_kernels"), &b, "4", NULL));
  g_assert_false (hp_analysis_params_affect (&toy_analysis, &a, &b));
  g_assert_true (hp_param_parse (hp_param_spec_find ("ranks"), &b, "1", NULL));
  g_assert_true (hp_analysis_params_affect (&toy_analysis, &a, &b));

  /* a value equal to the default equals no value */
  g_assert_true (parse_option (&b, "--toy-share=0.5", NULL));
  g_assert_true (hp_param_equal (&toy_share, &a, &b));
  hp_analysis_params_clear (&a);
  hp_analysis_params_clear (&b);
}

static void
test_runs_through_the_runner (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  const HpAnalysis *analyses[] = { &toy_analysis, hp_analysis_find (HP_TEMPORAL_BREAKDOWN_ANALYSIS) };
  HpAnalysisParams  params;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) one = NULL;
  g_autoptr (GPtrArray) many = NULL;
  HpTable *table;

  g_assert_nonnull (trace);
  hp_analysis_params_init (&params);
  g_assert_true (parse_option (&params, "--toy-longest=2", &error));
  g_assert_true (parse_option (&params, "--toy-label=run", &error));

  one = hp_analysis_run (&toy_analysis, trace, &params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (one->len, ==, 1);
  table = one->pdata[0];
  g_assert_cmpstr (hp_table_get_name (table), ==, "toy");
  /* two ranks, two events each */
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 4);
  g_assert_cmpstr (hp_table_get_string (table, 3, 3), ==, "run");
  g_assert_cmpfloat (hp_table_get_double (table, 0, 1), >=, hp_table_get_double (table, 1, 1));

  /* beside a registered analysis, on the pool of hp_analysis_run_many */
  many = hp_analysis_run_many (analyses, G_N_ELEMENTS (analyses), trace, &params, 2, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (many->len, ==, 2);
  {
    g_autofree char *a = hp_table_to_csv (table);
    g_autofree char *b = hp_table_to_csv (((GPtrArray *)many->pdata[0])->pdata[0]);

    g_assert_cmpstr (a, ==, b);
  }

  /* a rank the trace lacks: the runner's error, as for every analysis */
  g_assert_true (parse_option (&params, "--ranks=7", &error));
  g_clear_pointer (&one, g_ptr_array_unref);
  one = hp_analysis_run (&toy_analysis, trace, &params, NULL, &error);
  g_assert_null (one);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK);
  hp_analysis_params_clear (&params);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/new-analysis/defaults", test_defaults);
  g_test_add_func ("/core/new-analysis/parse-and-validate", test_parse_and_validate);
  g_test_add_func ("/core/new-analysis/copy-and-affect", test_copy_and_affect);
  g_test_add_func ("/core/new-analysis/runs-through-the-runner", test_runs_through_the_runner);
  return g_test_run ();
}
