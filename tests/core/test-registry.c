/* test-registry.c — the analysis registry and the parameter specs: every
 * entry is complete and true to what its analysis returns, and the specs
 * give HTA's defaults, check values and say what a change affects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* Every analysis names its tables, and returns only tables it names, on
 * a real trace in both modes; every parameter it names exists. */
static void
test_registry_entries (HpTestTraceFixture *fixture,
                       gconstpointer       data)
{
  guint                    n;
  const HpAnalysis *const *analyses = hp_analysis_list (&n);

  g_assert_cmpuint (n, >=, 10);
  for (HpMode mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      HpTrace *trace = mode == HP_MODE_DEFAULT ? fixture->trace : fixture->compat;

      for (guint i = 0; i < n; i++)
        {
          const HpAnalysis *a = analyses[i];
          g_autoptr (GError) error = NULL;
          g_autoptr (GPtrArray) tables = hp_analysis_run (a, trace, NULL, NULL, &error);

          g_test_message ("%s", a->name);
          g_assert_nonnull (a->title);
          g_assert_nonnull (a->section);
          g_assert_nonnull (a->func);
          g_assert_true (hp_analysis_find (a->name) == a);
          g_assert_nonnull (a->tables);
          g_assert_nonnull (a->tables[0]);
          for (guint p = 0; a->params != NULL && a->params[p] != NULL; p++)
            g_assert_nonnull (hp_param_spec_find (a->params[p]));
          /* a table name belongs to one analysis only */
          for (guint t = 0; a->tables[t] != NULL; t++)
            {
              g_assert_true (hp_analysis_find_by_table (a->tables[t]) == a);
              g_assert_cmpint (hp_analysis_table_index (a, a->tables[t]), ==, (int)t);
            }
          g_assert_true (a->row_events != NULL || a->row_events_tables == 0);

          g_assert_no_error (error);
          g_assert_cmpuint (tables->len, >, 0);
          for (guint t = 0; t < tables->len; t++)
            {
              const char *name = hp_table_get_name (tables->pdata[t]);

              g_assert_cmpint (hp_analysis_table_index (a, name), >=, 0);
              g_assert_true (hp_analysis_result_find_table (tables, name) == tables->pdata[t]);
            }
        }
    }
  g_assert_null (hp_analysis_find_by_table ("no_such_table"));
}

/* hp_analysis_params_init() gives HTA's defaults, from the specs */
static void
test_param_defaults (void)
{
  HpAnalysisParams   params;
  guint              n;
  const HpParamSpec *specs = hp_param_spec_list (&n);

  hp_analysis_params_init (&params);
  g_assert_cmpint (params.num_kernels, ==, 10);
  g_assert_cmpfloat (params.duration_ratio, ==, 0.8);
  g_assert_true (params.include_memory_kernels);
  g_assert_cmpfloat (params.consecutive_kernel_delay, ==, 30);
  g_assert_cmpint (params.annotation_num_kernels, ==, 1000);
  g_assert_cmpfloat (params.runtime_cutoff, ==, 50);
  g_assert_cmpfloat (params.launch_delay_cutoff, ==, 100);
  g_assert_cmpint (params.max_queue_length, ==, 1024);
  g_assert_null (params.ranks);
  g_assert_null (params.allowlist_patterns);
  g_assert_null (params.operator_name);
  g_assert_cmpint (params.rank, ==, 0);
  g_assert_cmpint (params.min_pattern_len, ==, 3);
  g_assert_cmpint (params.top_k, ==, 5);
  g_assert_true (params.compress_other_kernels);

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = hp_param_to_string (&specs[i], &params);
      g_autofree char *dashed = g_strdelimit (g_strdup (specs[i].name), "_", '-');
      HpAnalysisParams copy;
      g_autoptr (GError) error = NULL;

      /* the text of a value reads back to the same value */
      hp_analysis_params_init (&copy);
      if (specs[i].type != HP_PARAM_STRING_LIST)
        {
          g_assert_true (hp_param_parse (&specs[i], &copy, text, &error));
          g_assert_no_error (error);
          g_assert_true (hp_param_equal (&specs[i], &copy, &params));
        }
      g_assert_true (hp_param_spec_find (specs[i].name) == &specs[i]);
      g_assert_true (hp_param_spec_find (dashed) == &specs[i]);
      g_assert_nonnull (specs[i].help);
      g_assert_nonnull (specs[i].title);
      g_assert_cmpfloat (specs[i].minimum, <=, specs[i].maximum);
      hp_analysis_params_clear (&copy);
    }
  /* values print as people write them */
  {
    g_autofree char *delay = hp_param_to_string (hp_param_spec_find ("consecutive_kernel_delay"), &params);
    g_autofree char *ratio = hp_param_to_string (hp_param_spec_find ("duration_ratio"), &params);
    g_autofree char *ranks = hp_param_to_string (hp_param_spec_find ("ranks"), &params);

    g_assert_cmpstr (delay, ==, "30");
    g_assert_cmpstr (ratio, ==, "0.8");
    g_assert_cmpstr (ranks, ==, "all");
  }
  hp_analysis_params_clear (&params);
}

static void
test_param_parse (void)
{
  struct
  {
    const char *name;
    const char *text;
    gboolean    ok;
  } cases[] = {
    { "num_kernels", "5", TRUE },
    { "num_kernels", "0", FALSE },
    { "num_kernels", "x", FALSE },
    { "num_kernels", "3.5", FALSE },
    { "duration_ratio", "0.5", TRUE },
    { "duration_ratio", "1.5", FALSE },
    { "duration_ratio", "nan", FALSE },
    { "runtime_cutoff", "-1", FALSE },
    { "include_memory_kernels", "no", TRUE },
    { "include_memory_kernels", "maybe", FALSE },
    { "ranks", "0,1, 3", TRUE },
    { "ranks", "all", TRUE },
    { "ranks", "-1", FALSE },
    { "ranks", "1,,2 3", TRUE },
    { "streams", "7,-2", TRUE },
    { "max_queue_length", "99999999999", TRUE },
    { "allowlist_patterns", "a,b", TRUE },
    { "operator", "aten::mm", TRUE },
    { "min_pattern_len", "0", FALSE },
    { "top_k", "-2", FALSE },
    { "rank", "-1", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const HpParamSpec *spec = hp_param_spec_find (cases[i].name);
      HpAnalysisParams   params;
      g_autoptr (GError) error = NULL;

      hp_analysis_params_init (&params);
      g_test_message ("%s = %s", cases[i].name, cases[i].text);
      g_assert_cmpint (hp_param_parse (spec, &params, cases[i].text, &error), ==, cases[i].ok);
      if (!cases[i].ok)
        {
          g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
          g_assert_true (g_str_has_prefix (error->message, cases[i].name));
          g_assert_nonnull (strstr (error->message, cases[i].text));
        }
      hp_analysis_params_clear (&params);
    }

  {
    HpAnalysisParams params;

    hp_analysis_params_init (&params);
    g_assert_true (hp_param_parse (hp_param_spec_find ("ranks"), &params, "0,1, 3", NULL));
    g_assert_cmpuint (params.ranks->len, ==, 3);
    g_assert_cmpint (g_array_index (params.ranks, int, 2), ==, 3);
    g_assert_true (hp_param_parse (hp_param_spec_find ("ranks"), &params, "all", NULL));
    g_assert_null (params.ranks);
    g_assert_true (hp_param_parse (hp_param_spec_find ("streams"), &params, "7, 23 84", NULL));
    g_assert_cmpuint (params.streams->len, ==, 3);
    g_assert_cmpint (g_array_index (params.streams, gint64, 2), ==, 84);
    g_assert_true (hp_param_parse (hp_param_spec_find ("streams"), &params, "", NULL));
    g_assert_null (params.streams);
    g_assert_true (hp_param_parse (hp_param_spec_find ("allowlist_patterns"), &params, " Optimizer, ,forward ", NULL));
    g_assert_cmpuint (g_strv_length (params.allowlist_patterns), ==, 2);
    g_assert_cmpstr (params.allowlist_patterns[0], ==, "Optimizer");
    /* a string parameter: kept whole but for its outer spaces; empty is none */
    {
      const HpParamSpec *op = hp_param_spec_find ("operator");
      HpAnalysisParams   other;
      g_autofree char   *text = NULL;

      hp_analysis_params_init (&other);
      g_assert_true (op->type == HP_PARAM_STRING);
      g_assert_true (hp_param_parse (op, &params, "  autograd::engine::evaluate_function: AddmmBackward0 ", NULL));
      g_assert_cmpstr (params.operator_name, ==, "autograd::engine::evaluate_function: AddmmBackward0");
      text = hp_param_to_string (op, &params);
      g_assert_cmpstr (text, ==, params.operator_name);
      g_assert_false (hp_param_equal (op, &params, &other));
      g_assert_true (hp_analysis_params_affect (hp_analysis_find ("frequent_cuda_kernel_sequences"), &params, &other));
      g_assert_false (hp_analysis_params_affect (hp_analysis_find ("temporal_breakdown"), &params, &other));
      hp_analysis_params_copy (&other, &params);
      g_assert_true (hp_param_equal (op, &params, &other));
      g_assert_true (other.operator_name != params.operator_name);
      hp_analysis_params_clear (&other);
      g_assert_true (hp_param_parse (op, &params, " ", NULL));
      g_assert_null (params.operator_name);
    }
    hp_param_set_number (hp_param_spec_find ("num_kernels"), &params, 0);
    g_assert_cmpint (params.num_kernels, ==, 1);
    hp_param_set_number (hp_param_spec_find ("duration_ratio"), &params, 0.25);
    g_assert_cmpfloat (hp_param_get_number (hp_param_spec_find ("duration_ratio"), &params), ==, 0.25);
    hp_param_set_number (hp_param_spec_find ("include_memory_kernels"), &params, 0);
    g_assert_false (params.include_memory_kernels);
    hp_analysis_params_clear (&params);
  }
}

/* a change re-runs only the analyses that read the parameter */
static void
test_params_affect (void)
{
  HpAnalysisParams a, b;

  hp_analysis_params_init (&a);
  hp_analysis_params_init (&b);
  b.num_kernels = 3;
  g_assert_true (hp_analysis_params_affect (hp_analysis_find ("gpu_kernel_breakdown"), &a, &b));
  g_assert_false (hp_analysis_params_affect (hp_analysis_find ("temporal_breakdown"), &a, &b));
  g_assert_false (hp_analysis_params_affect (hp_analysis_find ("idle_time_breakdown"), &a, &b));
  b.num_kernels = 10;
  b.consecutive_kernel_delay = 10;
  g_assert_true (hp_analysis_params_affect (hp_analysis_find ("idle_time_breakdown"), &a, &b));
  g_assert_false (hp_analysis_params_affect (hp_analysis_find ("gpu_kernel_breakdown"), &a, &b));
  b.consecutive_kernel_delay = 30;
  /* every analysis reads the ranks */
  hp_param_parse (hp_param_spec_find ("ranks"), &b, "1", NULL);
  g_assert_true (hp_analysis_params_affect (hp_analysis_find ("temporal_breakdown"), &a, &b));
  g_assert_true (hp_analysis_params_affect (hp_analysis_find ("memory_bw"), &a, &b));
  hp_analysis_params_clear (&a);
  hp_analysis_params_clear (&b);
}

/* The rows of exactly the tables the registry marks stand for events */
static void
test_row_events (HpTestTraceFixture *fixture,
                 gconstpointer       data)
{
  HpTrace                 *trace = fixture->trace;
  const char              *linked[] = { "idle_time_breakdown", "idle_time_interval_stats", "gpu_kernel_breakdown_kernels",
                                        "cuda_kernel_launch_stats", "collective_waits", "critical_path_breakdown",
                                        "frequent_cuda_kernel_sequences", "communication_slowest", NULL };
  guint                    n;
  const HpAnalysis *const *analyses = hp_analysis_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GPtrArray) tables = hp_analysis_run (analyses[i], trace, NULL, NULL, NULL);

      for (guint t = 0; t < tables->len; t++)
        {
          HpTable *table = tables->pdata[t];
          gboolean expected = g_strv_contains (linked, hp_table_get_name (table));

          g_test_message ("%s", hp_table_get_name (table));
          g_assert_cmpint (hp_analysis_table_has_row_events (table), ==, expected);
          if (expected)
            {
              g_autoptr (HpLinkedEvents) events = hp_analysis_row_events (trace, table, 0, NULL);

              g_assert_nonnull (events);
              g_assert_cmpuint (events->events->len, >, 0);
            }
          else
            g_assert_null (hp_analysis_row_events (trace, table, 0, NULL));
        }
    }
}

static guint payload_calls;

/* a payload a view could want: the number of rows of the first table */
static gpointer
count_payload (HpTrace                *trace,
               const HpAnalysisParams *params,
               GPtrArray              *tables,
               GCancellable           *cancellable,
               GError                **error)
{
  payload_calls++;
  return GUINT_TO_POINTER (hp_table_get_n_rows (tables->pdata[0]) + 1);
}

/* A result: the tables, the scope and parameters they are of, the payload */
static void
test_result (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpScope) scope = hp_scope_new_range (hp_time_span_make (0, 300000000));
  g_autoptr (HpTrace) scoped = hp_trace_apply_scope (trace, scope, NULL);
  HpAnalysis        analysis = *hp_analysis_find ("gpu_kernel_breakdown");
  HpAnalysisParams *params = &fixture->params;
  g_autoptr (HpResult) whole = NULL;
  g_autoptr (HpResult) part = NULL;
  g_autoptr (GPtrArray) direct = NULL;
  g_autoptr (GError) error = NULL;
  params->num_kernels = 3;
  analysis.payload = count_payload;
  whole = hp_analysis_compute (&analysis, trace, params, NULL, &error);
  g_assert_no_error (error);
  part = hp_analysis_compute (&analysis, scoped, params, NULL, &error);
  g_assert_no_error (error);
  direct = hp_analysis_run (&analysis, trace, params, NULL, NULL);

  g_assert_cmpuint (payload_calls, ==, 2);
  g_assert_null (hp_result_get_scope (whole));
  g_assert_true (hp_scope_equal (hp_result_get_scope (part), scope));
  g_assert_cmpint (hp_result_get_params (whole)->num_kernels, ==, 3);
  g_assert_cmpuint (hp_result_get_tables (whole)->len, ==, direct->len);
  for (guint t = 0; t < direct->len; t++)
    {
      g_autofree char *a = hp_table_to_csv (hp_result_get_tables (whole)->pdata[t]);
      g_autofree char *b = hp_table_to_csv (direct->pdata[t]);

      g_assert_cmpstr (a, ==, b);
    }
  g_assert_cmpuint (GPOINTER_TO_UINT (hp_result_get_payload (whole)), ==,
                    hp_table_get_n_rows (hp_result_get_tables (whole)->pdata[0]) + 1);
  g_assert_nonnull (hp_result_find_table (whole, "gpu_kernel_breakdown_kernels"));
  g_assert_cmpfloat (hp_result_get_seconds (whole), >=, 0);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  hp_test_add_trace ("/core/registry/entries", "hta_trace_filter_2ranks", hp_test_trace_setup, test_registry_entries);
  g_test_add_func ("/core/registry/param-defaults", test_param_defaults);
  g_test_add_func ("/core/registry/param-parse", test_param_parse);
  g_test_add_func ("/core/registry/params-affect", test_params_affect);
  hp_test_add_trace ("/core/registry/row-events", "hta_trace_filter_2ranks", hp_test_trace_setup_default,
                     test_row_events);
  hp_test_add_trace ("/core/registry/result", "hta_trace_filter_2ranks", hp_test_trace_setup_default, test_result);

  return g_test_run ();
}
