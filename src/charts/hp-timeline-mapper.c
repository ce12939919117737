/* hp-timeline-mapper.c — where things are on a timeline picture: time ↔ x, rows, lanes and events → y.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-timeline-camera.h"
#include "hp-timeline-layout-private.h"

/**
 * hp_timeline_mapper_init:
 * @mapper: (out caller-allocates): the mapper
 *
 * Sets up a mapper for a picture of @scene at @viewport, the rows in view
 * included. Only reads @scene.
 */
void
hp_timeline_mapper_init (HpTimelineMapper         *mapper,
                         const HpTimelineScene    *scene,
                         const HpTimelineViewport *viewport)
{
  double gutter = hp_timeline_arrangement_get_gutter_width (scene->arrangement);

  mapper->scene = scene;
  mapper->layout = scene->layout;
  mapper->viewport = *viewport;
  mapper->time_left = gutter;
  mapper->time_right = MAX ((double)viewport->width, gutter + 1);
  mapper->lanes_top = hp_timeline_scene_get_lanes_top (scene);
  hp_timeline_rows_in_view ((const HpTimelineRow *)(gpointer)scene->rows->data, scene->rows->len, viewport->scroll_y,
                            viewport->height - mapper->lanes_top, &mapper->first_row, &mapper->end_row);
}

/**
 * hp_timeline_mapper_time_to_x:
 *
 * Returns: the x of time @t (outside the time area when @t is off-screen)
 */
double
hp_timeline_mapper_time_to_x (const HpTimelineMapper *mapper,
                              gint64                  t)
{
  const HpTimelineViewport *v = &mapper->viewport;

  return mapper->time_left +
         (double)(t - v->t0) * (mapper->time_right - mapper->time_left) / (double)(v->t1 - v->t0);
}

/**
 * hp_timeline_mapper_x_to_time:
 *
 * Returns: the time at @x
 */
gint64
hp_timeline_mapper_x_to_time (const HpTimelineMapper *mapper,
                              double                  x)
{
  const HpTimelineViewport *v = &mapper->viewport;

  return v->t0 + (gint64)llround ((x - mapper->time_left) * (double)(v->t1 - v->t0) /
                                  (mapper->time_right - mapper->time_left));
}

/**
 * hp_timeline_mapper_row_y:
 * @row: a row index
 * @y: (out): its top on the picture
 * @height: (out): its height
 *
 * Returns: whether the row exists (it may still be scrolled out of view)
 */
gboolean
hp_timeline_mapper_row_y (const HpTimelineMapper *mapper,
                          int                     row,
                          double                 *y,
                          double                 *height)
{
  const HpTimelineScene *scene = mapper->scene;
  const HpTimelineRow   *r;

  if (row < 0 || (guint)row >= scene->rows->len)
    return FALSE;
  r = &g_array_index (scene->rows, HpTimelineRow, row);
  *y = mapper->lanes_top + r->y - mapper->viewport.scroll_y;
  *height = r->height;
  return TRUE;
}

/**
 * hp_timeline_mapper_lane_y:
 * @y: (out): top of the lane's row at @depth on the picture
 * @height: (out): the row's height
 *
 * Returns: whether that row is laid out (its rank expanded, lane shown)
 */
gboolean
hp_timeline_mapper_lane_y (const HpTimelineMapper *mapper,
                           guint                   rank_pos,
                           guint                   lane,
                           guint                   depth,
                           double                 *y,
                           double                 *height)
{
  int row = hp_timeline_scene_find_lane_row (mapper->scene, rank_pos, lane, depth);

  return hp_timeline_mapper_row_y (mapper, row, y, height);
}

/**
 * hp_timeline_mapper_event_rect:
 * @rect: (out): the event's box on the picture (unclipped, at least one
 *   pixel wide)
 *
 * Returns: whether the event's row is laid out
 */
gboolean
hp_timeline_mapper_event_rect (const HpTimelineMapper *mapper,
                               guint                   rank_pos,
                               guint32                 event,
                               HpRect                 *rect)
{
  const HpRank *r = hp_trace_get_rank (mapper->layout->trace, rank_pos);
  double        y, h, x0, x1;

  if (event >= r->n_events)
    return FALSE;
  if (!hp_timeline_mapper_lane_y (mapper, rank_pos, hp_rank_lane (r, event), r->depth[event], &y, &h))
    return FALSE;
  x0 = hp_timeline_mapper_time_to_x (mapper, hp_rank_get_event_start (r, event));
  x1 = hp_timeline_mapper_time_to_x (mapper, hp_rank_get_event_end (r, event));
  rect->x = x0;
  rect->width = MAX (x1 - x0, 1.0 / MAX (mapper->viewport.scale, 1.0));
  rect->y = y + 1;
  rect->height = h - 2;
  return TRUE;
}
