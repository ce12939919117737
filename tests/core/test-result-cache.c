/* test-result-cache.c — the runner: one worker per key, sharing, cancelling, progress.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* A job that waits for the test to open its gate, or for its cancellable */
static GMutex   gate_mutex;
static GCond    gate_cond;
static gboolean gate_open;
static int      n_calls;
static int      n_cancelled;

static gpointer
gated_compute (HpTrace      *trace,
               gconstpointer input,
               HpJobContext *context,
               GCancellable *cancellable,
               GError      **error)
{
  const char *text = input;

  g_atomic_int_inc (&n_calls);
  hp_job_context_set_progress (context, 0.5);
  g_mutex_lock (&gate_mutex);
  while (!gate_open && !g_cancellable_is_cancelled (cancellable))
    {
      gint64 until = g_get_monotonic_time () + 2 * G_TIME_SPAN_MILLISECOND;

      g_cond_wait_until (&gate_cond, &gate_mutex, until);
    }
  g_mutex_unlock (&gate_mutex);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      g_atomic_int_inc (&n_cancelled);
      return NULL;
    }
  if (g_str_equal (text, "fail"))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "bad input");
      return NULL;
    }
  return g_strdup_printf ("%s/%u", text, trace != NULL ? hp_trace_get_n_ranks (trace) : 0);
}

static const HpResultJob gated_job = { "gated", gated_compute, g_free };

static void
open_gate (gboolean open)
{
  g_mutex_lock (&gate_mutex);
  gate_open = open;
  g_cond_broadcast (&gate_cond);
  g_mutex_unlock (&gate_mutex);
}

static void
reset (void)
{
  open_gate (FALSE);
  g_atomic_int_set (&n_calls, 0);
  g_atomic_int_set (&n_cancelled, 0);
}

typedef struct
{
  HpJobResult *result;
  GError      *error;
  gboolean     done;
  double       progress;
} Answer;

static void
answer_clear (Answer *answer)
{
  g_clear_pointer (&answer->result, hp_job_result_unref);
  g_clear_error (&answer->error);
  answer->done = FALSE;
  answer->progress = 0;
}

static void
got_answer (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Answer *answer = user_data;

  answer->result = hp_result_cache_compute_finish (HP_RESULT_CACHE (source), result, &answer->error);
  answer->done = TRUE;
}

static void
got_progress (double   fraction,
              gpointer user_data)
{
  Answer *answer = user_data;

  answer->progress = fraction;
}

static void
ask (HpResultCache *cache,
     GObject       *owner,
     const char    *key,
     const char    *input,
     GCancellable  *cancellable,
     Answer        *answer)
{
  hp_result_cache_compute_async (cache, &gated_job, owner, key, NULL, g_strdup (input), g_free, cancellable,
                                 got_progress, answer, got_answer, answer);
}

static void
wait_for (Answer *answer)
{
  while (!answer->done)
    g_main_context_iteration (NULL, TRUE);
}

/* Two requests of one key while it runs share the worker; a third, later,
 * gets the kept result at once */
static void
test_result_cache_same_key (void)
{
  g_autoptr (HpResultCache) cache = hp_result_cache_new (8);
  g_autoptr (GObject) run = g_object_new (G_TYPE_OBJECT, NULL);
  Answer a = { 0 }, b = { 0 }, c = { 0 };

  reset ();
  ask (cache, run, "scope=whole|n=10", "first", NULL, &a);
  ask (cache, run, "scope=whole|n=10", "second", NULL, &b);
  g_assert_cmpuint (hp_result_cache_get_n_running (cache), ==, 1);
  /* the worker reports how far it is to both */
  while (a.progress == 0 || b.progress == 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpfloat (a.progress, ==, 0.5);
  g_assert_cmpfloat (b.progress, ==, 0.5);
  open_gate (TRUE);
  wait_for (&a);
  wait_for (&b);
  g_assert_no_error (a.error);
  g_assert_no_error (b.error);
  /* the input of the request that started the worker */
  g_assert_cmpstr (hp_job_result_get_payload (a.result), ==, "first/0");
  g_assert_true (a.result == b.result);
  g_assert_true (hp_job_result_get_job (a.result) == &gated_job);

  ask (cache, run, "scope=whole|n=10", "third", NULL, &c);
  wait_for (&c);
  g_assert_true (c.result == a.result);
  g_assert_cmpint (g_atomic_int_get (&n_calls), ==, 1);
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, 1);
  g_assert_cmpuint (hp_result_cache_get_n_running (cache), ==, 0);

  {
    g_autoptr (HpJobResult) kept = hp_result_cache_lookup (cache, &gated_job, run, "scope=whole|n=10");

    g_assert_true (kept == a.result);
  }
  answer_clear (&a);
  answer_clear (&b);
  answer_clear (&c);
}

/* Another scope, other parameters or another run: results of their own */
static void
test_result_cache_other_keys (void)
{
  g_autoptr (HpResultCache) cache = hp_result_cache_new (8);
  g_autoptr (GObject) run = g_object_new (G_TYPE_OBJECT, NULL);
  g_autoptr (GObject) other_run = g_object_new (G_TYPE_OBJECT, NULL);
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_HTA_COMPAT);
  Answer      answers[4] = { 0 };
  const char *keys[] = { "scope=whole|n=10", "scope=step:1|n=10", "scope=whole|n=20", "scope=whole|n=10" };

  reset ();
  open_gate (TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    hp_result_cache_compute_async (cache, &gated_job, i == 3 ? other_run : run, keys[i], trace, g_strdup_printf ("r%u", i),
                                   g_free, NULL, NULL, NULL, got_answer, &answers[i]);
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    {
      g_autofree char *expected = g_strdup_printf ("r%u/2", i);

      wait_for (&answers[i]);
      g_assert_no_error (answers[i].error);
      /* the worker computed on the trace given */
      g_assert_cmpstr (hp_job_result_get_payload (answers[i].result), ==, expected);
    }
  g_assert_cmpint (g_atomic_int_get (&n_calls), ==, 4);
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, 4);

  /* the results of a run go with it */
  g_clear_object (&other_run);
  g_assert_null (hp_result_cache_lookup (cache, &gated_job, NULL, keys[3]));
  {
    g_autoptr (HpJobResult) kept = hp_result_cache_lookup (cache, &gated_job, run, keys[0]);

    g_assert_nonnull (kept);
  }
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    answer_clear (&answers[i]);
}

/* One request cancelled: the other still gets the result; all cancelled:
 * the worker stops, and the next request starts again */
static void
test_result_cache_cancel (void)
{
  g_autoptr (HpResultCache) cache = hp_result_cache_new (8);
  g_autoptr (GCancellable) first = g_cancellable_new ();
  g_autoptr (GCancellable) second = g_cancellable_new ();
  g_autoptr (GCancellable) third = g_cancellable_new ();
  Answer a = { 0 }, b = { 0 }, c = { 0 };

  reset ();
  ask (cache, NULL, "range", "x", first, &a);
  ask (cache, NULL, "range", "x", second, &b);
  g_cancellable_cancel (first);
  wait_for (&a);
  g_assert_error (a.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (hp_result_cache_get_n_running (cache), ==, 1);
  open_gate (TRUE);
  wait_for (&b);
  g_assert_no_error (b.error);
  g_assert_cmpstr (hp_job_result_get_payload (b.result), ==, "x/0");
  answer_clear (&a);
  answer_clear (&b);

  /* nobody waits: the worker sees its cancellable */
  reset ();
  ask (cache, NULL, "other range", "y", third, &c);
  g_cancellable_cancel (third);
  wait_for (&c);
  g_assert_error (c.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  while (hp_result_cache_get_n_running (cache) > 0)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpint (g_atomic_int_get (&n_cancelled), ==, 1);
  g_assert_null (hp_result_cache_lookup (cache, &gated_job, NULL, "other range"));
  answer_clear (&c);

  /* asked again: a new worker */
  open_gate (TRUE);
  ask (cache, NULL, "other range", "y", NULL, &c);
  wait_for (&c);
  g_assert_no_error (c.error);
  g_assert_cmpint (g_atomic_int_get (&n_calls), ==, 2);
  answer_clear (&c);

  /* cancelled before asking: no worker at all */
  reset ();
  ask (cache, NULL, "third range", "z", first, &c);
  wait_for (&c);
  g_assert_error (c.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_atomic_int_get (&n_calls), ==, 0);
  answer_clear (&c);
}

/* A failure reaches every request and is not kept; the oldest results go
 * beyond the bound */
static void
test_result_cache_failure_and_bound (void)
{
  g_autoptr (HpResultCache) cache = hp_result_cache_new (2);
  Answer a = { 0 };

  reset ();
  open_gate (TRUE);
  ask (cache, NULL, "k", "fail", NULL, &a);
  wait_for (&a);
  g_assert_error (a.error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_null (hp_result_cache_lookup (cache, &gated_job, NULL, "k"));
  answer_clear (&a);

  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *key = g_strdup_printf ("k%u", i);

      ask (cache, NULL, key, "ok", NULL, &a);
      wait_for (&a);
      g_assert_no_error (a.error);
      answer_clear (&a);
    }
  {
    g_autoptr (HpJobResult) k0 = hp_result_cache_lookup (cache, &gated_job, NULL, "k0");
    g_autoptr (HpJobResult) k2 = hp_result_cache_lookup (cache, &gated_job, NULL, "k2");

    g_assert_null (k0);
    g_assert_nonnull (k2);
  }

  /* a ready-made result is kept as one computed */
  hp_result_cache_insert (cache, &gated_job, NULL, "made", g_strdup ("elsewhere"));
  ask (cache, NULL, "made", "ignored", NULL, &a);
  wait_for (&a);
  g_assert_cmpstr (hp_job_result_get_payload (a.result), ==, "elsewhere");
  g_assert_cmpfloat (hp_job_result_get_seconds (a.result), ==, 0);
  answer_clear (&a);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/result-cache/same-key", test_result_cache_same_key);
  g_test_add_func ("/core/result-cache/other-keys", test_result_cache_other_keys);
  g_test_add_func ("/core/result-cache/cancel", test_result_cache_cancel);
  g_test_add_func ("/core/result-cache/failure-and-bound", test_result_cache_failure_and_bound);

  return g_test_run ();
}
