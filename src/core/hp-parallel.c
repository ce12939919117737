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
} ParallelLoop;

static void
parallel_worker (gpointer data,
                 gpointer user_data)
{
  ParallelLoop *loop = user_data;

  loop->func (GPOINTER_TO_UINT (data) - 1, loop->user_data);
}

/**
 * _hp_parallel_for:
 * @n_items: how many items the loop has
 * @n_threads: how many run at once; 0 = one per processor
 * @func: does one item
 * @user_data: passed to @func
 *
 * Calls @func for each of the @n_items items, up to @n_threads at a time,
 * and returns when all are done. The items start in index order. With one
 * item or one thread the loop runs in the calling thread.
 */
void
_hp_parallel_for (guint          n_items,
                  guint          n_threads,
                  HpParallelFunc func,
                  gpointer       user_data)
{
  ParallelLoop loop = { func, user_data };
  GThreadPool *pool;

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

  pool = g_thread_pool_new (parallel_worker, &loop, (int)n_threads, TRUE, NULL);
  if (pool == NULL)
    {
      /* no threads to be had: one item after the other */
      for (guint i = 0; i < n_items; i++)
        func (i, user_data);
      return;
    }
  for (guint i = 0; i < n_items; i++)
    g_thread_pool_push (pool, GUINT_TO_POINTER (i + 1), NULL);
  g_thread_pool_free (pool, FALSE, TRUE); /* waits for every item */
}
