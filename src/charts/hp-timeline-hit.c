/* hp-timeline-hit.c — what is under a point of a timeline picture: ruler, step, rank, lane name, event, counter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-timeline-layout-private.h"

/**
 * hp_timeline_hit_init:
 * @hit: (out caller-allocates): a hit
 *
 * Sets @hit to "nothing".
 */
void
hp_timeline_hit_init (HpTimelineHit *hit)
{
  memset (hit, 0, sizeof *hit);
  hit->kind = HP_TIMELINE_HIT_NONE;
  hit->row = hit->rank_pos = hit->lane = hit->depth = -1;
  hit->event = -1;
}

/**
 * hp_timeline_hit_clear:
 *
 * Frees what @hit owns and resets it.
 */
void
hp_timeline_hit_clear (HpTimelineHit *hit)
{
  g_free (hit->text);
  hp_timeline_hit_init (hit);
}

/* The event of a row at time t, within tol ns: the one containing t, else
 * the nearest; found with the culling's search. */
static gint64
event_at (const HpRank *r,
          const HpLane *lane,
          guint         depth,
          gint64        t,
          gint64        tol)
{
  guint  end = lane->depth_start[depth + 1];
  gint64 best = -1, best_dist = G_MAXINT64;

  for (guint p = hp_lane_first_in_span (r, lane, depth, t - tol); p < end; p++)
    {
      guint32 e = lane->events[p];
      gint64  ts = hp_rank_get_event_start (r, e), te = hp_rank_get_event_end (r, e);
      gint64  dist;

      if (ts > t + tol)
        break;
      dist = t < ts ? ts - t : t >= te ? t - te
                                       : 0;
      if (dist < best_dist)
        {
          best = e;
          best_dist = dist;
          if (dist == 0)
            break;
        }
    }
  return best;
}

/**
 * hp_timeline_scene_hit_test:
 * @viewport: the picture
 * @x: a point of the picture
 * @y:
 * @hit: (out caller-allocates): what is there
 *
 * Finds what is under a point with the same search painting uses; within
 * two pixels of an event counts as on it, so events narrower than a pixel
 * can be pointed at. Overlays are not asked (see the painter).
 *
 * Returns: whether something is there
 */
gboolean
hp_timeline_scene_hit_test (const HpTimelineScene    *self,
                            const HpTimelineViewport *viewport,
                            double                    x,
                            double                    y,
                            HpTimelineHit            *hit)
{
  HpTimelineMapper     m;
  HpTimelineViewport   at;
  const HpTimelineRow *row;
  const HpRank        *r;
  int                  i;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (viewport != NULL && hit != NULL, FALSE);

  hp_timeline_hit_init (hit);
  hp_timeline_scene_viewport_at (self, viewport, y, &at);
  viewport = &at;
  hp_timeline_mapper_init (&m, self, viewport);
  hit->time = hp_timeline_mapper_x_to_time (&m, x);

  if (y < 0 || y >= viewport->height || x < 0 || x >= viewport->width)
    return FALSE;

  if (y < HP_TIMELINE_RULER_HEIGHT)
    {
      hit->kind = HP_TIMELINE_HIT_RULER;
      return TRUE;
    }
  if (y < m.lanes_top)
    {
      guint         n_steps = 0;
      const HpStep *steps = NULL;

      for (guint k = 0; k < self->n_ranks && steps == NULL; k++)
        if (hp_timeline_arrangement_get_rank_visible (self->arrangement, k))
          {
            steps = hp_timeline_layout_get_steps (self->layout, k, &n_steps);
            hit->rank_pos = (int)k;
          }
      for (guint s = 0; s < n_steps && x >= m.time_left; s++)
        if (steps[s].span.start <= hit->time && hit->time < steps[s].span.end)
          {
            hit->kind = HP_TIMELINE_HIT_STEP;
            hit->event = steps[s].event;
            hit->start = steps[s].span.start;
            hit->end = steps[s].span.end;
            hit->item = steps[s].number;
            return TRUE;
          }
      return FALSE;
    }

  i = hp_timeline_scene_find_row (self, y - m.lanes_top + viewport->scroll_y);
  if (i < 0)
    return FALSE;
  row = &g_array_index (self->rows, HpTimelineRow, i);
  r = hp_trace_get_rank (self->trace, row->rank_pos);
  hit->row = i;
  hit->rank_pos = (int)row->rank_pos;

  switch (row->kind)
    {
    case HP_TIMELINE_ROW_RANK:
      hit->kind = HP_TIMELINE_HIT_RANK;
      return TRUE;

    case HP_TIMELINE_ROW_COUNTER:
      hit->lane = (int)row->lane;
      if (x < m.time_left)
        {
          hit->kind = HP_TIMELINE_HIT_LANE_LABEL;
          return TRUE;
        }
      hit->kind = HP_TIMELINE_HIT_COUNTER;
      hit->value = hp_series_value_at (hp_timeline_scene_get_counter (self, row->rank_pos, row->lane), hit->time);
      return TRUE;

    case HP_TIMELINE_ROW_SLICES:
    default:
      hit->lane = (int)row->lane;
      hit->depth = (int)row->depth;
      if (x < m.time_left)
        {
          hit->kind = HP_TIMELINE_HIT_LANE_LABEL;
          return TRUE;
        }
      {
        gint64 tol = (gint64)ceil (2.0 * _hp_timeline_mapper_ns_per_px (&m));

        hit->event = event_at (r, &r->lanes[row->lane], row->depth, hit->time, tol);
      }
      if (hit->event < 0)
        return FALSE;
      hit->kind = HP_TIMELINE_HIT_EVENT;
      hit->start = hp_rank_get_event_start (r, hit->event);
      hit->end = hp_rank_get_event_end (r, (guint32)hit->event);
      return TRUE;
    }
}
