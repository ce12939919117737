/* hp-counter-series.c — the queue-length and memory-bandwidth series of a rank, for counter tracks.
 *
 * One series per GPU stream for the queue length (§8, the step function
 * hp_queue_length_series() gives) and one per copy kind for the memory
 * bandwidth (hp_memory_bw_series()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "hp-memory-bw.h"
#include "hp-queue-length.h"
#include "hp-series.h"

/* the palette slots the timeline has always drawn these in */
#define QUEUE_COLOR 7
#define MEMORY_BW_COLOR 2

/**
 * hp_counter_series_for_rank:
 * @trace: a trace
 * @rank: one of its ranks
 * @cancellable: (nullable): a #GCancellable
 *
 * The counter series of @rank: the queue length of each GPU stream
 * ("Queue · stream N", a count), then the memory bandwidth of each copy
 * kind (the trace's name of it, GB/s, never below 0). Reads only the
 * trace: safe on any thread.
 *
 * Returns: (transfer full) (element-type HpSeries): the series, or %NULL
 *   when cancelled
 */
GPtrArray *
hp_counter_series_for_rank (HpTrace      *trace,
                            const HpRank *rank,
                            GCancellable *cancellable)
{
  g_autoptr (GPtrArray) list = hp_series_list_new ();
  g_autoptr (GArray) queue = NULL;
  g_autoptr (HpMemoryBwSeries) bw = NULL;

  g_return_val_if_fail (trace != NULL && rank != NULL, NULL);

  queue = hp_queue_length_series (trace, rank, cancellable, NULL);
  for (guint i = 0; queue != NULL && i < queue->len;)
    {
      const HpQueuePoint *first = &g_array_index (queue, HpQueuePoint, i);
      char                stream[24];
      HpSeries           *s;
      guint               j = i;

      while (j < queue->len && g_array_index (queue, HpQueuePoint, j).stream == first->stream)
        j++;
      g_snprintf (stream, sizeof stream, "%" G_GINT64_FORMAT, first->stream);
      /* Translators: the name of a timeline track that counts the kernels
       * queued on a GPU stream; %s is the stream's number */
      s = hp_series_new_translatable (N_ ("Queue · stream %s"), stream, NULL, rank->rank);
      s->key = first->stream;
      hp_series_set_id (s, "queue:stream:%s", stream);
      s->color = QUEUE_COLOR;
      s->integral = TRUE;
      for (guint k = i; k < j; k++)
        {
          const HpQueuePoint *p = &g_array_index (queue, HpQueuePoint, k);

          hp_series_add_point (s, p->ts, (double)p->queue_length);
        }
      g_ptr_array_add (list, s);
      i = j;
    }

  bw = hp_memory_bw_series (trace, rank, cancellable, NULL);
  for (guint i = 0; bw != NULL && i < bw->points->len;)
    {
      const HpMemoryBwPoint *first = &g_array_index (bw->points, HpMemoryBwPoint, i);
      HpSeries              *s;
      guint                  j = i;

      while (j < bw->points->len && g_array_index (bw->points, HpMemoryBwPoint, j).name == first->name)
        j++;
      s = hp_series_new (g_ptr_array_index (bw->names, first->name), "GB/s", rank->rank);
      hp_series_set_id (s, "memory_bw:%s", (const char *)g_ptr_array_index (bw->names, first->name));
      s->color = MEMORY_BW_COLOR;
      for (guint k = i; k < j; k++)
        {
          const HpMemoryBwPoint *p = &g_array_index (bw->points, HpMemoryBwPoint, k);

          hp_series_add_point (s, p->ts, MAX (p->memory_bw_gbps, 0.0));
        }
      g_ptr_array_add (list, s);
      i = j;
    }
  if (g_cancellable_is_cancelled (cancellable))
    return NULL;
  return g_steal_pointer (&list);
}
