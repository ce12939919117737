/* hp-timeline-camera.c — the timeline's viewport arithmetic: time ↔ x, zoom, pan, clamping and the rows in view.
 *
 * The window [t0, t1) is never wider than the trace, never narrower than
 * %HP_TIMELINE_MIN_SPAN, and goes past either end of the trace by at most
 * %HP_TIMELINE_EDGE_MARGIN of itself: at every zoom the ruler shows trace
 * time, never a blank stretch before it. The lanes scroll between 0 and
 * the content's height less the lanes area's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-timeline-camera.h"

/**
 * hp_timeline_camera_init:
 * @self: (out caller-allocates): the camera
 *
 * An empty camera: no trace, no size, nothing in view.
 */
void
hp_timeline_camera_init (HpTimelineCamera *self)
{
  *self = (HpTimelineCamera){ 0 };
}

/**
 * hp_timeline_camera_set_bounds:
 * @start: the trace's first time, ns
 * @end: its end, ns
 *
 * The span the window is clamped to. The window itself is left as it is
 * until the next hp_timeline_camera_set_window().
 */
void
hp_timeline_camera_set_bounds (HpTimelineCamera *self,
                               gint64            start,
                               gint64            end)
{
  self->start = start;
  self->end = MAX (end, start);
}

/**
 * hp_timeline_camera_set_time_area:
 * @time_left: x of the window's start
 * @time_right: x of its end
 *
 * Where the window is drawn, for hp_timeline_camera_time_to_x() and the
 * anchor of hp_timeline_camera_zoom().
 */
void
hp_timeline_camera_set_time_area (HpTimelineCamera *self,
                                  double            time_left,
                                  double            time_right)
{
  self->time_left = time_left;
  self->time_right = time_right;
}

/**
 * hp_timeline_camera_set_heights:
 * @lanes_height: the height of the lanes area on screen
 * @content_height: the height of all the rows
 *
 * What the lanes scroll over. The scroll offset is left as it is until the
 * next hp_timeline_camera_set_scroll().
 */
void
hp_timeline_camera_set_heights (HpTimelineCamera *self,
                                double            lanes_height,
                                double            content_height)
{
  self->lanes_height = lanes_height;
  self->content_height = content_height;
}

/**
 * hp_timeline_camera_clamp_window:
 * @t0: (inout): the window's start, ns
 * @t1: (inout): its end, ns
 *
 * Clamps a window to the bounds by the rules above, keeping its start
 * where it can.
 */
void
hp_timeline_camera_clamp_window (const HpTimelineCamera *self,
                                 gint64                 *t0,
                                 gint64                 *t1)
{
  gint64 full = self->end - self->start;
  gint64 span, margin;

  span = CLAMP (*t1 - *t0, MIN (HP_TIMELINE_MIN_SPAN, full), full);
  margin = (gint64)((double)span * HP_TIMELINE_EDGE_MARGIN);
  *t0 = CLAMP (*t0, self->start - margin, self->end + margin - span);
  *t1 = *t0 + span;
}

/**
 * hp_timeline_camera_set_window:
 * @t0: ns
 * @t1: ns
 *
 * Shows [@t0, @t1), clamped.
 *
 * Returns: whether the window changed
 */
gboolean
hp_timeline_camera_set_window (HpTimelineCamera *self,
                               gint64            t0,
                               gint64            t1)
{
  hp_timeline_camera_clamp_window (self, &t0, &t1);
  if (t0 == self->t0 && t1 == self->t1)
    return FALSE;
  self->t0 = t0;
  self->t1 = t1;
  return TRUE;
}

/**
 * hp_timeline_camera_time_to_x:
 *
 * Returns: the x of time @t (outside the time area when @t is out of view)
 */
double
hp_timeline_camera_time_to_x (const HpTimelineCamera *self,
                              gint64                  t)
{
  if (self->t1 <= self->t0)
    return self->time_left;
  return self->time_left + (double)(t - self->t0) * (self->time_right - self->time_left) / (double)(self->t1 - self->t0);
}

/**
 * hp_timeline_camera_x_to_time:
 *
 * Returns: the time at @x, rounded to the nearest ns
 */
gint64
hp_timeline_camera_x_to_time (const HpTimelineCamera *self,
                              double                  x)
{
  if (!(self->time_right > self->time_left))
    return self->t0;
  return self->t0 + (gint64)llround ((x - self->time_left) * (double)(self->t1 - self->t0) /
                                     (self->time_right - self->time_left));
}

/**
 * hp_timeline_camera_zoom:
 * @factor: > 1 zooms in
 * @anchor_x: the x whose time stays in place; the middle of the time area
 *   when outside it
 *
 * Narrows (or widens) the window by @factor, at most down to
 * %HP_TIMELINE_MIN_SPAN, then clamps it.
 *
 * Returns: whether the window changed
 */
gboolean
hp_timeline_camera_zoom (HpTimelineCamera *self,
                         double            factor,
                         double            anchor_x)
{
  gint64 anchor, span, t0;

  if (!(factor > 0) || self->t1 <= self->t0)
    return FALSE;
  if (anchor_x < self->time_left || anchor_x > self->time_right)
    anchor_x = (self->time_left + self->time_right) / 2;
  anchor = hp_timeline_camera_x_to_time (self, anchor_x);
  span = MAX ((gint64)llround ((double)(self->t1 - self->t0) / factor), HP_TIMELINE_MIN_SPAN);
  factor = (double)(self->t1 - self->t0) / (double)span;
  t0 = anchor - (gint64)llround ((double)(anchor - self->t0) / factor);
  return hp_timeline_camera_set_window (self, t0, t0 + span);
}

/**
 * hp_timeline_camera_pan:
 * @fraction: how far to move, in window widths (negative: earlier)
 *
 * Returns: whether the window changed
 */
gboolean
hp_timeline_camera_pan (HpTimelineCamera *self,
                        double            fraction)
{
  gint64 dt = (gint64)llround (fraction * (double)(self->t1 - self->t0));

  return hp_timeline_camera_set_window (self, self->t0 + dt, self->t1 + dt);
}

/**
 * hp_timeline_camera_get_max_scroll:
 *
 * Returns: how far the lanes can scroll: 0 when they fit
 */
double
hp_timeline_camera_get_max_scroll (const HpTimelineCamera *self)
{
  return MAX (self->content_height - self->lanes_height, 0);
}

/**
 * hp_timeline_camera_set_scroll:
 * @scroll_y: the lanes' scroll offset, clamped to the content
 *
 * Returns: whether the offset changed
 */
gboolean
hp_timeline_camera_set_scroll (HpTimelineCamera *self,
                               double            scroll_y)
{
  scroll_y = CLAMP (scroll_y, 0, hp_timeline_camera_get_max_scroll (self));
  if (scroll_y == self->scroll_y)
    return FALSE;
  self->scroll_y = scroll_y;
  return TRUE;
}

/**
 * hp_timeline_camera_visible_rows:
 * @rows: (array length=n_rows): rows from the top, as
 *   hp_timeline_scene_get_rows() gives them
 * @first: (out): the first row that reaches below the scroll offset
 * @end: (out): one past the last row that starts above the lanes area's
 *   bottom
 *
 * The rows a picture at this scroll offset shows, in part or whole.
 */
void
hp_timeline_camera_visible_rows (const HpTimelineCamera *self,
                                 const HpTimelineRow    *rows,
                                 guint                   n_rows,
                                 guint                  *first,
                                 guint                  *end)
{
  hp_timeline_rows_in_view (rows, n_rows, self->scroll_y, self->lanes_height, first, end);
}

/**
 * hp_timeline_rows_in_view:
 * @rows: (array length=n_rows): rows from the top, in ascending y
 * @scroll_y: the lanes' scroll offset
 * @lanes_height: the height of the lanes area on screen
 * @first: (out): the first row that reaches below @scroll_y
 * @end: (out): one past the last row that starts above @scroll_y +
 *   @lanes_height
 *
 * The rows in view, found by bisection: what the painter culls and the
 * camera reports.
 */
void
hp_timeline_rows_in_view (const HpTimelineRow *rows,
                          guint                n_rows,
                          double               scroll_y,
                          double               lanes_height,
                          guint               *first,
                          guint               *end)
{
  double bottom = scroll_y + MAX (lanes_height, 0);
  guint  lo = 0, hi = n_rows;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (rows[mid].y + rows[mid].height <= scroll_y)
        lo = mid + 1;
      else
        hi = mid;
    }
  *first = lo;
  while (lo < n_rows && rows[lo].y < bottom)
    lo++;
  *end = lo;
}
