/* hp-parallel.c — runs the items of a loop on several threads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-parallel-private.h"

typedef struct
{
  HpParallelFunc func;
  gpointer       user_data;
  guint          n_items;
  gint           next; /* the next item to start, atomically */
} ParallelLoop;

static gpointer
parallel_worker (gpointer data)
{
  ParallelLoop *loop = data;

  for (;;)
    {
      guint i = (guint)g_atomic_int_add (&loop->next, 1);

      if (i >= loop->n_items)
        return NULL;
      loop->func (i, loop->user_data);
    }
}

/**
 * _hp_parallel_for:
 * @n_items: how many items the loop has
 * @n_threads: how many run at once; 0 = one per processor
 * @func: does one item
 * @user_data: passed to @func
 *
 * Calls @func for each of the @n_items items, up to @n_threads at a time,
 * and returns when all are done and every thread it started has ended
 * (joined, so nothing of theirs outlives the call: LeakSanitizer checks
 * right after it). The items start in index order. With one item or one
 * thread the loop runs in the calling thread.
 */
void
_hp_parallel_for (guint          n_items,
                  guint          n_threads,
                  HpParallelFunc func,
                  gpointer       user_data)
{
  ParallelLoop         loop = { func, user_data, n_items, 0 };
  g_autofree GThread **threads = NULL;
  guint                n_started = 0;

  g_return_if_fail (func != NULL);

  if (n_threads == 0)
    n_threads = g_get_num_processors ();
  n_threads = MIN (n_threads, n_items);
  if (n_threads <= 1)
    {
      for (guint i = 0; i < n_items; i++)
        func (i, user_data);
      return;
    }

  /* the calling thread works too: n_threads - 1 more */
  threads = g_new0 (GThread *, n_threads - 1);
  for (guint t = 0; t + 1 < n_threads; t++)
    {
      threads[t] = g_thread_try_new ("hp-parallel", parallel_worker, &loop, NULL);
      if (threads[t] == NULL)
        break; /* no more threads to be had: fewer do the work */
      n_started++;
    }
  parallel_worker (&loop);
  for (guint t = 0; t < n_started; t++)
    g_thread_join (threads[t]);
}
