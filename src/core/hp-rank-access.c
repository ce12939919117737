/* hp-rank-access.c — a rank's steps, lane streams and the events of a lane in a span.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-rank-access.h"

static int
cmp_step (gconstpointer a,
          gconstpointer b)
{
  const HpStep *x = a;
  const HpStep *y = b;

  if (x->span.start != y->span.start)
    return x->span.start < y->span.start ? -1 : 1;
  return (x->event > y->event) - (x->event < y->event);
}

/**
 * hp_rank_get_steps:
 * @trace: the trace @rank belongs to (for the step names)
 * @rank: a rank
 *
 * The `ProfilerStep#N` events of @rank, measured or not, as the timeline
 * shows them.
 *
 * Returns: (transfer full) (element-type HpStep): the steps, by start
 */
GArray *
hp_rank_get_steps (HpTrace      *trace,
                   const HpRank *rank)
{
  GArray *steps;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (rank != NULL, NULL);

  steps = g_array_new (FALSE, FALSE, sizeof (HpStep));
  for (guint e = 0; e < rank->n_events; e++)
    {
      HpStep step;

      if (!(rank->flags[e] & HP_EVENT_STEP))
        continue;
      step.span = hp_rank_get_event_span (rank, e);
      step.number = hp_trace_step_number (trace, rank->name[e]);
      step.event = e;
      step.measured = (rank->flags[e] & HP_EVENT_MEASURED) != 0;
      g_array_append_val (steps, step);
    }
  g_array_sort (steps, cmp_step);
  return steps;
}

/**
 * hp_rank_get_rows_span:
 * @rank: a rank
 *
 * From the first start to the last end (hp_rank_end(), as the analyses
 * measure it) of the rank's analysis rows: the time the rank's tables
 * speak of.
 *
 * Returns: the span; empty, at 0, when the rank has no rows
 */
HpTimeSpan
hp_rank_get_rows_span (const HpRank *rank)
{
  HpTimeSpan span = hp_time_span_make (G_MAXINT64, G_MININT64);

  g_return_val_if_fail (rank != NULL, hp_time_span_make (0, 0));

  for (guint k = 0; k < rank->n_rows; k++)
    {
      guint e = rank->rows[k];

      span.start = MIN (span.start, rank->ts[e]);
      span.end = MAX (span.end, hp_rank_end (rank, e));
    }
  if (rank->n_rows == 0)
    span = hp_time_span_make (0, 0);
  return span;
}

/**
 * hp_rank_get_lane_stream:
 * @rank: a rank
 * @lane: one of its lanes
 *
 * The GPU stream of a lane: the `stream` arg of its events, as the analyses
 * read it (the lane's tid is the stream in Kineto traces, but not in every
 * trace), or the tid when no event says.
 *
 * Returns: the stream, or -1 for a host thread
 */
gint64
hp_rank_get_lane_stream (const HpRank *rank,
                         guint         lane)
{
  const HpLane *l;

  g_return_val_if_fail (rank != NULL, -1);
  g_return_val_if_fail (lane < rank->n_lanes, -1);

  l = &rank->lanes[lane];
  if (!l->is_gpu)
    return -1;
  for (guint p = 0; p < l->n_events; p++)
    if (hp_rank_stream (rank, l->events[p]) >= 0)
      return hp_rank_stream (rank, l->events[p]);
  return l->tid;
}

/**
 * hp_lane_first_in_span:
 * @t: the start of a span
 *
 * The position (in @lane's events) of the first event of @depth that
 * shares time with a span starting at @t: one that ends after @t, or an
 * instant at @t. A binary search on the ends (hp_lane_first_ending_after()).
 *
 * Returns: a position in [depth_start[depth], depth_start[depth + 1]]
 */
guint
hp_lane_first_in_span (const HpRank *rank,
                       const HpLane *lane,
                       guint         depth,
                       gint64        t)
{
  guint p = hp_lane_first_ending_after (rank, lane, depth, t - 1);
  guint end = lane->depth_start[depth + 1];

  /* events ending exactly at t only count when they are instants there */
  while (p < end)
    {
      guint32 e = lane->events[p];

      if (hp_rank_get_event_end (rank, e) > t || rank->ts[e] == t)
        break;
      p++;
    }
  return p;
}

/**
 * hp_lane_collect_in_span:
 * @events: (element-type guint32): where to append the events
 *
 * Appends the events of one depth of @lane that share time with @span
 * (an instant when @span contains it), in time order.
 */
void
hp_lane_collect_in_span (const HpRank *rank,
                         const HpLane *lane,
                         guint         depth,
                         HpTimeSpan    span,
                         GArray       *events)
{
  guint end;

  g_return_if_fail (rank != NULL && lane != NULL && events != NULL);
  g_return_if_fail (depth < lane->max_depth);

  end = lane->depth_start[depth + 1];
  for (guint p = hp_lane_first_in_span (rank, lane, depth, span.start); p < end; p++)
    {
      guint32 e = lane->events[p];

      if (rank->ts[e] >= span.end)
        break;
      g_array_append_val (events, e);
    }
}
