/* hp-timeline-layout.c — the timeline's layout: what is derived once per trace, built in one call and never changed.
 *
 * The layout is the part of the timeline that depends on the trace alone:
 * the GPU stream of each lane, the start, end and colour of each event
 * in lane order (what the culling searches and reads, 17 bytes
 * an event, so that it never reaches into the rank's columns in event
 * order), the ProfilerStep bands, a colour per name and the
 * time bounds. hp_timeline_layout_new() computes all of it; no function
 * writes it afterwards, so any number of scenes, painters and threads read
 * one layout. What a view changes (which ranks and tracks show, bookmarks,
 * highlights, the results' tracks, the rows they give) is its
 * #HpTimelineScene (hp-timeline-scene.c), which reads its layout and never
 * writes it. hp-timeline-layout-private.h lists the other files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-timeline-layout-private.h"

/**
 * hp_timeline_layout_new:
 * @trace: a loaded trace
 *
 * Returns: (transfer full): the layout of @trace's timeline, complete: it
 *   has no setter
 */
HpTimelineLayout *
hp_timeline_layout_new (HpTrace *trace)
{
  HpTimelineLayout *self;

  g_return_val_if_fail (trace != NULL, NULL);

  self = g_new0 (HpTimelineLayout, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->trace = hp_trace_ref (trace);
  self->n_ranks = hp_trace_get_n_ranks (trace);
  self->ranks = g_new0 (HpTimelineRankData, MAX (self->n_ranks, 1));
  self->t_min = G_MAXINT64;
  self->t_max = G_MININT64;

  /* the events' colours below need the names' */
  self->n_strings = hp_trace_get_n_strings (trace);
  self->name_colors = g_malloc (MAX (self->n_strings, 1));
  _hp_timeline_layout_hash_name_colors (self);

  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank       *r = hp_trace_get_rank (trace, k);
      HpTimelineRankData *rd = &self->ranks[k];

      rd->lane_stream = g_new (gint64, MAX (r->n_lanes, 1));
      rd->ends = g_new0 (gint64 *, MAX (r->n_lanes, 1));
      rd->starts = g_new0 (gint64 *, MAX (r->n_lanes, 1));
      rd->colors = g_new0 (guint8 *, MAX (r->n_lanes, 1));
      for (guint l = 0; l < r->n_lanes; l++)
        {
          const HpLane *lane = &r->lanes[l];

          rd->lane_stream[l] = hp_rank_get_lane_stream (r, l);
          rd->ends[l] = g_new (gint64, MAX (lane->n_events, 1));
          rd->starts[l] = g_new (gint64, MAX (lane->n_events, 1));
          rd->colors[l] = g_new (guint8, MAX (lane->n_events, 1));
          for (guint p = 0; p < lane->n_events; p++)
            {
              guint32 e = lane->events[p];

              rd->ends[l][p] = hp_rank_get_event_end (r, e);
              rd->starts[l][p] = hp_rank_get_event_start (r, e);
              rd->colors[l][p] = (guint8)_hp_timeline_layout_event_color (self, r, e);
            }
          /* depth 0 holds the outermost events: they bound the lane */
          if (lane->max_depth > 0 && lane->depth_start[1] > 0)
            {
              self->t_min = MIN (self->t_min, hp_rank_get_event_start (r, lane->events[0]));
              for (guint p = 0; p < lane->depth_start[1]; p++)
                self->t_max = MAX (self->t_max, hp_rank_get_event_end (r, lane->events[p]));
            }
        }
      rd->steps = hp_rank_get_steps (trace, r);
    }
  if (self->t_min > self->t_max)
    {
      self->t_min = 0;
      self->t_max = 1000;
    }
  if (self->t_max <= self->t_min)
    self->t_max = self->t_min + 1000;

  return self;
}

HpTimelineLayout *
hp_timeline_layout_ref (HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
hp_timeline_layout_unref (HpTimelineLayout *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  for (guint k = 0; k < self->n_ranks; k++)
    {
      HpTimelineRankData *rd = &self->ranks[k];
      const HpRank       *r = hp_trace_get_rank (self->trace, k);

      for (guint l = 0; l < r->n_lanes; l++)
        {
          g_free (rd->ends[l]);
          g_free (rd->starts[l]);
          g_free (rd->colors[l]);
        }
      g_free (rd->ends);
      g_free (rd->starts);
      g_free (rd->colors);
      g_free (rd->lane_stream);
      g_clear_pointer (&rd->steps, g_array_unref);
    }
  g_free (self->ranks);
  g_free (self->name_colors);
  hp_trace_unref (self->trace);
  g_free (self);
}

/**
 * hp_timeline_layout_get_trace:
 *
 * Returns: (transfer none): the trace
 */
HpTrace *
hp_timeline_layout_get_trace (const HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

/**
 * hp_timeline_layout_get_lane_ends:
 * @n_events: (out): the number of events of the lane
 *
 * Returns: (transfer none) (array length=n_events): the end of each event
 *   of a lane, ns, in the lane's order (what the culling searches)
 */
const gint64 *
hp_timeline_layout_get_lane_ends (const HpTimelineLayout *self,
                                  guint                   rank_pos,
                                  guint                   lane,
                                  guint                  *n_events)
{
  const HpRank *r;

  g_return_val_if_fail (self != NULL && n_events != NULL, NULL);
  g_return_val_if_fail (rank_pos < self->n_ranks, NULL);
  r = hp_trace_get_rank (self->trace, rank_pos);
  g_return_val_if_fail (lane < r->n_lanes, NULL);

  *n_events = r->lanes[lane].n_events;
  return self->ranks[rank_pos].ends[lane];
}

/**
 * hp_timeline_layout_get_time_bounds:
 * @start: (out): the first event's start, ns
 * @end: (out): the last end of any event, ns
 */
void
hp_timeline_layout_get_time_bounds (const HpTimelineLayout *self,
                                    gint64                 *start,
                                    gint64                 *end)
{
  g_return_if_fail (self != NULL);

  if (start != NULL)
    *start = self->t_min;
  if (end != NULL)
    *end = self->t_max;
}

/**
 * hp_timeline_layout_get_steps:
 * @n_steps: (out): the number of steps
 *
 * Returns: (transfer none) (array length=n_steps): the rank's
 *   `ProfilerStep#N` ranges by start
 */
const HpStep *
hp_timeline_layout_get_steps (const HpTimelineLayout *self,
                              guint                   rank_pos,
                              guint                  *n_steps)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank_pos < self->n_ranks, NULL);

  *n_steps = self->ranks[rank_pos].steps->len;
  return (const HpStep *)(gpointer)self->ranks[rank_pos].steps->data;
}

/**
 * hp_timeline_layout_get_lane_stream:
 *
 * Returns: the GPU stream of a GPU lane, -1 for a host thread
 */
gint64
hp_timeline_layout_get_lane_stream (const HpTimelineLayout *self,
                                    guint                   rank_pos,
                                    guint                   lane)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (rank_pos < self->n_ranks, -1);
  return self->ranks[rank_pos].lane_stream[lane];
}
