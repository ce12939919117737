/* test-analysis-runner.c — hp_analysis_run_many: the same tables as one by one, errors, cancellation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

typedef struct
{
  HpTrace           *trace;
  const HpAnalysis **analyses; /* every registered analysis */
  guint              n_analyses;
} Fixture;

static void
fixture_setup (Fixture      *f,
               gconstpointer data)
{
  guint                    n;
  const HpAnalysis *const *list = hp_analysis_list (&n);

  f->trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_assert_nonnull (f->trace);
  f->analyses = g_new (const HpAnalysis *, n);
  for (guint i = 0; i < n; i++)
    f->analyses[i] = list[i];
  f->n_analyses = n;
}

static void
fixture_teardown (Fixture      *f,
                  gconstpointer data)
{
  g_free (f->analyses);
  hp_trace_unref (f->trace);
}

/* Every table of @tables as CSV, one after the other */
static char *
tables_csv (GPtrArray *tables)
{
  GString *text = g_string_new (NULL);

  for (guint t = 0; t < tables->len; t++)
    {
      g_autofree char *csv = hp_table_to_csv (tables->pdata[t]);

      g_string_append_printf (text, "== %s\n%s", hp_table_get_name (tables->pdata[t]), csv);
    }
  return g_string_free (text, FALSE);
}

static void
test_same_as_sequential (Fixture      *f,
                         gconstpointer data)
{
  g_autoptr (GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  static const guint threads[] = { 1, 2, 4, 0 };

  for (guint i = 0; i < f->n_analyses; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) tables = hp_analysis_run (f->analyses[i], f->trace, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (tables->len, >, 0);
      g_ptr_array_add (expected, tables_csv (tables));
    }

  for (guint k = 0; k < G_N_ELEMENTS (threads); k++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree double *seconds = g_new (double, f->n_analyses);
      g_autoptr (GPtrArray) results = NULL;

      for (guint i = 0; i < f->n_analyses; i++)
        seconds[i] = -1;
      results = hp_analysis_run_many (f->analyses, f->n_analyses, f->trace, NULL, threads[k], seconds, NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (results);
      g_assert_cmpuint (results->len, ==, f->n_analyses);
      for (guint i = 0; i < f->n_analyses; i++)
        {
          g_autofree char *csv = tables_csv (results->pdata[i]);

          /* same tables, same order, as when run alone */
          g_assert_cmpstr (csv, ==, expected->pdata[i]);
          g_assert_cmpfloat (seconds[i], >=, 0);
        }
    }
}

static void
test_first_error_wins (Fixture      *f,
                       gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = NULL;
  HpAnalysisParams params;
  int              missing = 7;

  /* rank 7 is not in the trace: every analysis fails; the first one in
   * list order names the error, not whichever thread failed first */
  hp_analysis_params_init (&params);
  params.ranks = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (params.ranks, missing);
  results = hp_analysis_run_many (f->analyses + 1, f->n_analyses - 1, f->trace, &params, 2, NULL, NULL, &error);
  hp_analysis_params_clear (&params);

  g_assert_null (results);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK);
  g_assert_true (g_str_has_prefix (error->message, f->analyses[1]->name));
  g_assert_true (g_str_has_prefix (error->message + strlen (f->analyses[1]->name), ": "));
}

static void
test_cancelled (Fixture      *f,
                gconstpointer data)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = NULL;

  g_cancellable_cancel (cancellable);
  results = hp_analysis_run_many (f->analyses, f->n_analyses, f->trace, NULL, 2, NULL, cancellable, &error);
  g_assert_null (results);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_none (Fixture      *f,
           gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) results = hp_analysis_run_many (NULL, 0, f->trace, NULL, 0, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (results);
  g_assert_cmpuint (results->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/core/analysis-runner/same-as-sequential", Fixture, NULL, fixture_setup, test_same_as_sequential,
              fixture_teardown);
  g_test_add ("/core/analysis-runner/first-error-wins", Fixture, NULL, fixture_setup, test_first_error_wins,
              fixture_teardown);
  g_test_add ("/core/analysis-runner/cancelled", Fixture, NULL, fixture_setup, test_cancelled, fixture_teardown);
  g_test_add ("/core/analysis-runner/none", Fixture, NULL, fixture_setup, test_none, fixture_teardown);

  return g_test_run ();
}
