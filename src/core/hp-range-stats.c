/* hp-range-stats.c — what ran in a time range: busy time per lane, GPU time by class, top kernels.
 *
 * The numbers the timeline shows for a selected range. Each lane is read
 * with the search the timeline paints with (hp_lane_collect_in_span()), so
 * a range over a million events costs what painting it costs, and the
 * result does not depend on the zoom.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-core-private.h"
#include "hp-range-stats.h"

/* the time @event spends inside @span */
static gint64
clipped (const HpRank *r,
         guint32       event,
         HpTimeSpan    span)
{
  return hp_time_span_duration (hp_time_span_intersect (hp_rank_get_event_span (r, event), span));
}

static int
cmp_kernel_time (gconstpointer a,
                 gconstpointer b)
{
  const HpKernelTime *x = a;
  const HpKernelTime *y = b;

  if (x->total != y->total)
    return x->total < y->total ? 1 : -1;
  return (x->name > y->name) - (x->name < y->name);
}

typedef struct
{
  HpRangeStats *stats;
  GHashTable   *by_name; /* name id -> 1 + position in stats->kernels */
  GArray       *events;  /* scratch */
} Builder;

static void
add_gpu_work (Builder      *b,
              const HpRank *r,
              guint32       e)
{
  HpRangeStats *stats = b->stats;
  gint64        t = clipped (r, e, stats->span);
  guint         slot;

  stats->class_time[hp_rank_get_kernel_class (r, e)] += t;
  stats->gpu_time += t;
  slot = GPOINTER_TO_UINT (g_hash_table_lookup (b->by_name, GUINT_TO_POINTER (r->name[e])));
  if (slot == 0)
    {
      HpKernelTime k = { r->name[e], 0, 0 };

      g_array_append_val (stats->kernels, k);
      slot = stats->kernels->len;
      g_hash_table_insert (b->by_name, GUINT_TO_POINTER (r->name[e]), GUINT_TO_POINTER (slot));
    }
  g_array_index (stats->kernels, HpKernelTime, slot - 1).total += t;
  g_array_index (stats->kernels, HpKernelTime, slot - 1).count++;
}

static void
add_lane (Builder      *b,
          guint         rank_pos,
          const HpRank *r,
          guint         l)
{
  const HpLane *lane = &r->lanes[l];
  HpTimeSpan    span = b->stats->span;
  HpLaneBusy    busy = { rank_pos, l, 0 };

  if (lane->max_depth == 0)
    return;

  /* depth 0 never overlaps itself: its sum is the busy time */
  g_array_set_size (b->events, 0);
  hp_lane_collect_in_span (r, lane, 0, span, b->events);
  for (guint i = 0; i < b->events->len; i++)
    busy.busy += clipped (r, g_array_index (b->events, guint32, i), span);
  if (busy.busy > 0)
    g_array_append_val (b->stats->lanes, busy);

  /* GPU work at every depth, for the class breakdown and top kernels */
  if (!lane->is_gpu)
    return;
  for (guint d = 0; d < lane->max_depth; d++)
    {
      g_array_set_size (b->events, 0);
      hp_lane_collect_in_span (r, lane, d, span, b->events);
      for (guint i = 0; i < b->events->len; i++)
        {
          guint32 e = g_array_index (b->events, guint32, i);

          if (hp_rank_is_gpu_activity (r, e))
            add_gpu_work (b, r, e);
        }
    }
}

/**
 * hp_range_stats_compute:
 * @trace: a loaded trace
 * @span: the range
 * @ranks: (nullable) (array): per rank position, whether to count that
 *   rank; %NULL counts every rank
 * @cancellable: (nullable): a #GCancellable
 * @error: set when cancelled
 *
 * Busy time per lane (the time covered by the lane's outermost events),
 * GPU time by kernel class and GPU time by kernel name in @span. Reads only
 * the trace: safe on any thread.
 *
 * Returns: (transfer full) (nullable): the statistics, %NULL when cancelled
 */
HpRangeStats *
hp_range_stats_compute (HpTrace        *trace,
                        HpTimeSpan      span,
                        const gboolean *ranks,
                        GCancellable   *cancellable,
                        GError        **error)
{
  g_autoptr (HpRangeStats) stats = NULL;
  g_autoptr (GHashTable) by_name = NULL;
  g_autoptr (GArray) events = NULL;
  Builder b;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  {
    g_autofree char *why = _hp_trace_why_no_events (trace, "the statistics of a range");

    if (why != NULL)
      {
        g_set_error_literal (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, why);
        return NULL;
      }
  }
  stats = g_new0 (HpRangeStats, 1);
  stats->span = span;
  stats->lanes = g_array_new (FALSE, FALSE, sizeof (HpLaneBusy));
  stats->kernels = g_array_new (FALSE, FALSE, sizeof (HpKernelTime));
  if (hp_time_span_is_empty (span))
    return g_steal_pointer (&stats);

  by_name = g_hash_table_new (g_direct_hash, g_direct_equal);
  events = g_array_new (FALSE, FALSE, sizeof (guint32));
  b = (Builder){ stats, by_name, events };
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      if (ranks != NULL && !ranks[k])
        continue;
      for (guint l = 0; l < r->n_lanes; l++)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return NULL;
          add_lane (&b, k, r, l);
        }
    }
  g_array_sort (stats->kernels, cmp_kernel_time);
  return g_steal_pointer (&stats);
}

/**
 * hp_range_stats_free:
 *
 * Frees statistics from hp_range_stats_compute().
 */
void
hp_range_stats_free (HpRangeStats *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->lanes, g_array_unref);
  g_clear_pointer (&self->kernels, g_array_unref);
  g_free (self);
}
