/* test-runner.c — sessions over the results cache: shared per run, kept per scope and parameters; no thread in the app.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "hp-core.h"
#include "hp-session.h"
#include "hp-test-utils.h"

#define ANALYSIS "temporal_breakdown"

static HpTrace *
load_trace (void)
{
  HpTrace *trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);

  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 2);
  return trace;
}

static void
finished_cb (HpSession    *session,
             const char   *name,
             GPtrArray    *tables,
             const GError *error,
             guint        *n_finished)
{
  (*n_finished)++;
}

/* asks @session for the analysis and waits for it */
static void
compute (HpSession *session)
{
  while (hp_session_run_analysis (session, ANALYSIS),
         hp_session_get_analysis_state (session, ANALYSIS) == HP_ANALYSIS_STATE_RUNNING)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (hp_session_get_analysis_state (session, ANALYSIS), ==, HP_ANALYSIS_STATE_DONE);
}

/* A result computed for a run's window serves another session of the
 * run (a comparison's) without a second computation; another run does
 * not see it */
static void
test_runner_shared_by_run (void)
{
  g_autoptr (HpTrace) trace = load_trace ();
  g_autoptr (HpResultCache) cache = hp_result_cache_new (16);
  g_autoptr (HpRun) run = hp_run_new (trace, NULL, "base", 0);
  g_autoptr (HpRun) other_run = hp_run_new (trace, NULL, "other", 1);
  g_autoptr (HpSession) window = hp_session_new_with_cache (run, NULL, cache);
  g_autoptr (HpSession) comparison = hp_session_new_with_cache (run, NULL, cache);
  g_autoptr (HpSession) other = hp_session_new_with_cache (other_run, NULL, cache);
  guint n_finished = 0;

  g_assert_true (hp_session_get_cache (window) == cache);
  compute (window);
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, 1);

  /* done at once, from the cache: the same result */
  g_signal_connect (comparison, "analysis-finished", G_CALLBACK (finished_cb), &n_finished);
  hp_session_run_analysis (comparison, ANALYSIS);
  g_assert_cmpint (hp_session_get_analysis_state (comparison, ANALYSIS), ==, HP_ANALYSIS_STATE_DONE);
  g_assert_cmpuint (n_finished, ==, 1);
  g_assert_true (hp_session_get_analysis_result (comparison, ANALYSIS) ==
                 hp_session_get_analysis_result (window, ANALYSIS));
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, 1);

  compute (other);
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, 2);
  g_assert_true (hp_session_get_analysis_result (other, ANALYSIS) !=
                 hp_session_get_analysis_result (window, ANALYSIS));
}

/* Two sessions of a run asking at once: one worker */
static void
test_runner_one_worker (void)
{
  g_autoptr (HpTrace) trace = load_trace ();
  g_autoptr (HpResultCache) cache = hp_result_cache_new (16);
  g_autoptr (HpRun) run = hp_run_new (trace, NULL, NULL, 0);
  g_autoptr (HpSession) a = hp_session_new_with_cache (run, NULL, cache);
  g_autoptr (HpSession) b = hp_session_new_with_cache (run, NULL, cache);

  hp_session_run_analysis (a, ANALYSIS);
  hp_session_run_analysis (b, ANALYSIS);
  g_assert_cmpint (hp_session_get_analysis_state (b, ANALYSIS), ==, HP_ANALYSIS_STATE_RUNNING);
  g_assert_cmpuint (hp_result_cache_get_n_running (cache), ==, 1);
  compute (a);
  compute (b);
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, 1);
  g_assert_true (hp_session_get_analysis_result (a, ANALYSIS) == hp_session_get_analysis_result (b, ANALYSIS));

  /* one session cancelling leaves the other's worker alone */
  {
    g_autoptr (HpScope) step = hp_scope_new_range (hp_time_span_make (0, G_MAXINT64 / 2));

    hp_session_set_scope (a, step);
    hp_session_set_scope (b, step);
    g_assert_cmpuint (hp_result_cache_get_n_running (cache), ==, 1);
    hp_session_cancel_analysis (a, ANALYSIS);
    compute (b);
    g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, 2);
  }
}

/* Another scope or other parameter values: a result of its own; going
 * back: the kept one */
static void
test_runner_scope_and_params (void)
{
  g_autoptr (HpTrace) trace = load_trace ();
  g_autoptr (HpResultCache) cache = hp_result_cache_new (16);
  g_autoptr (HpRun) run = hp_run_new (trace, NULL, NULL, 0);
  g_autoptr (HpSession) session = hp_session_new_with_cache (run, NULL, cache);
  g_autoptr (HpScope) range = hp_scope_new_range (hp_time_span_make (0, G_MAXINT64 / 2));
  HpResult        *whole;
  HpAnalysisParams one_rank, defaults;
  int              rank = hp_trace_get_rank (trace, 1)->rank;

  compute (session);
  whole = hp_session_get_analysis_result (session, ANALYSIS);
  hp_session_set_scope (session, range);
  compute (session);
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, 2);
  g_assert_true (hp_session_get_analysis_result (session, ANALYSIS) != whole);
  hp_session_set_scope (session, NULL);
  g_assert_cmpint (hp_session_get_analysis_state (session, ANALYSIS), ==, HP_ANALYSIS_STATE_DONE);
  g_assert_true (hp_session_get_analysis_result (session, ANALYSIS) == whole);

  /* the ranks are a parameter every analysis reads */
  hp_analysis_params_init (&one_rank);
  hp_analysis_params_init (&defaults);
  hp_test_params_set_ranks (&one_rank, &rank, 1);
  hp_session_set_params (session, &one_rank);
  compute (session);
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, 3);
  g_assert_true (hp_session_get_analysis_result (session, ANALYSIS) != whole);
  hp_session_set_params (session, &defaults);
  g_assert_cmpint (hp_session_get_analysis_state (session, ANALYSIS), ==, HP_ANALYSIS_STATE_DONE);
  g_assert_true (hp_session_get_analysis_result (session, ANALYSIS) == whole);
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, 3);
  hp_analysis_params_clear (&one_rank);
  hp_analysis_params_clear (&defaults);
}

/* Every result a view shows comes from the runner: no file of the app
 * starts a thread of its own */
static void
test_runner_no_thread_in_app (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "src", "app", NULL);
  g_autoptr (GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;
  guint       n_files = 0;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *text = NULL;

      if (!g_str_has_suffix (name, ".c") && !g_str_has_suffix (name, ".h"))
        continue;
      path = g_build_filename (dir, name, NULL);
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      if (strstr (text, "g_task_run_in_thread") != NULL || strstr (text, "g_thread_new") != NULL ||
          strstr (text, "g_thread_try_new") != NULL || strstr (text, "g_thread_pool_new") != NULL)
        g_error ("%s starts a thread: ask the runner (hp_view_job_run()) instead", name);
      n_files++;
    }
  g_assert_cmpuint (n_files, >, 50);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/runner/shared-by-run", test_runner_shared_by_run);
  g_test_add_func ("/ui/runner/one-worker", test_runner_one_worker);
  g_test_add_func ("/ui/runner/scope-and-params", test_runner_scope_and_params);
  g_test_add_func ("/ui/runner/no-thread-in-app", test_runner_no_thread_in_app);

  return g_test_run ();
}
