/* hp-timeline-view-geometry.c — the timeline's visible window, lane scrolling and zoom.
 *
 * The view's #HpTimelineCamera holds the window [t0, t1) and the lanes'
 * scroll and does the arithmetic (clamping, zoom, pan); this file keeps
 * it fed with the widget's size and the layout's bounds, tells the widget
 * when it moved, and mirrors it in two GtkAdjustments for scrollbars.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-timeline-view-private.h"

/* The camera's bounds, time area and heights from the layout and the
 * widget's size now. */
static void
refresh_camera (HpTimelineView *self)
{
  HpTimelineScene *scene;
  gint64           start, end;
  double           gutter;

  if (self->painter == NULL)
    return;
  scene = self->scene;
  hp_timeline_layout_get_time_bounds (self->layout, &start, &end);
  hp_timeline_camera_set_bounds (&self->camera, start, end);
  /* as hp_timeline_view_viewport() and the mapper place the time area */
  gutter = hp_timeline_scene_get_gutter_width (scene);
  hp_timeline_camera_set_time_area (&self->camera, gutter,
                                    MAX ((double)MAX (gtk_widget_get_width (GTK_WIDGET (self)), (int)gutter + 50),
                                         gutter + 1));
  hp_timeline_camera_set_heights (&self->camera,
                                  gtk_widget_get_height (GTK_WIDGET (self)) - hp_timeline_scene_get_lanes_top (scene),
                                  hp_timeline_scene_get_content_height (scene));
}

void
hp_timeline_view_viewport (HpTimelineView     *self,
                           HpTimelineViewport *v)
{
  v->t0 = self->camera.t0;
  v->t1 = self->camera.t1;
  v->width = MAX (gtk_widget_get_width (GTK_WIDGET (self)), (int)hp_timeline_view_get_gutter_width (self) + 50);
  v->height = MAX (gtk_widget_get_height (GTK_WIDGET (self)), 50);
  v->scroll_y = self->camera.scroll_y;
  v->scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
}

void
hp_timeline_view_mapper (HpTimelineView   *self,
                         HpTimelineMapper *m)
{
  HpTimelineViewport v;

  hp_timeline_view_viewport (self, &v);
  hp_timeline_mapper_init (m, self->scene, &v);
}

int
hp_timeline_view_rank_position (HpTimelineView *self,
                                int             rank)
{
  for (guint k = 0; self->trace != NULL && k < hp_trace_get_n_ranks (self->trace); k++)
    if (hp_trace_get_rank (self->trace, k)->rank == rank)
      return (int)k;
  return -1;
}

double
hp_timeline_view_max_scroll (HpTimelineView *self)
{
  if (self->painter == NULL)
    return 0;
  refresh_camera (self);
  return hp_timeline_camera_get_max_scroll (&self->camera);
}

void
hp_timeline_view_sync_adjustments (HpTimelineView *self)
{
  HpTimelineScene *scene;
  gint64           start, end;
  double           lanes;

  if (self->painter == NULL)
    return;
  scene = self->scene;
  hp_timeline_layout_get_time_bounds (self->layout, &start, &end);
  lanes = MAX (gtk_widget_get_height (GTK_WIDGET (self)) - hp_timeline_scene_get_lanes_top (scene), 1);

  self->syncing++;
  gtk_adjustment_configure (self->hadjustment, (double)self->camera.t0, (double)MIN (start, self->camera.t0),
                            (double)MAX (end, self->camera.t1), (double)(self->camera.t1 - self->camera.t0) / 10,
                            (double)(self->camera.t1 - self->camera.t0) * 0.9, (double)(self->camera.t1 - self->camera.t0));
  gtk_adjustment_configure (self->vadjustment, self->camera.scroll_y, 0, MAX (hp_timeline_scene_get_content_height (scene), lanes),
                            HP_TIMELINE_SLICE_HEIGHT * 3, lanes * 0.9, lanes);
  self->syncing--;
}

/**
 * hp_timeline_view_set_scroll:
 * @scroll_y: the lanes' scroll offset, clamped to the content
 */
void
hp_timeline_view_set_scroll (HpTimelineView *self,
                             double          scroll_y)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter != NULL)
    refresh_camera (self);
  else
    hp_timeline_camera_set_heights (&self->camera, 0, 0);
  if (!hp_timeline_camera_set_scroll (&self->camera, scroll_y))
    return;
  hp_timeline_view_sync_adjustments (self);
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_set_visible_range:
 * @t0: ns
 * @t1: ns
 *
 * Shows [@t0, @t1), clamped to the trace by the camera's rules
 * (hp_timeline_camera_clamp_window()). Zoom, pan, fit, drag, pinch and the
 * scroll bar all come here.
 */
void
hp_timeline_view_set_visible_range (HpTimelineView *self,
                                    gint64          t0,
                                    gint64          t1)
{
  gint64 old_t0 = self->camera.t0, old_t1 = self->camera.t1;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter == NULL)
    return;
  refresh_camera (self);
  if (!hp_timeline_camera_set_window (&self->camera, t0, t1))
    return;
  g_object_freeze_notify (G_OBJECT (self));
  if (self->camera.t0 != old_t0)
    g_object_notify_by_pspec (G_OBJECT (self), hp_timeline_view_properties[PROP_START]);
  if (self->camera.t1 != old_t1)
    g_object_notify_by_pspec (G_OBJECT (self), hp_timeline_view_properties[PROP_END]);
  g_object_thaw_notify (G_OBJECT (self));
  hp_timeline_view_sync_adjustments (self);
  /* what is under the pointer changed: update or hide the tooltip */
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
hadjustment_changed_cb (HpTimelineView *self,
                        GtkAdjustment  *adjustment)
{
  gint64 t0;

  if (self->syncing > 0)
    return;
  t0 = (gint64)llround (gtk_adjustment_get_value (adjustment));
  hp_timeline_view_set_visible_range (self, t0, t0 + (self->camera.t1 - self->camera.t0));
}

static void
vadjustment_changed_cb (HpTimelineView *self,
                        GtkAdjustment  *adjustment)
{
  if (self->syncing > 0)
    return;
  hp_timeline_view_set_scroll (self, gtk_adjustment_get_value (adjustment));
}

/* The adjustments a scrolled window or scrollbars drive: the visible
 * window in ns, and the lanes' scroll offset. */
void
hp_timeline_view_init_adjustments (HpTimelineView *self)
{
  self->hadjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  self->vadjustment = g_object_ref_sink (gtk_adjustment_new (0, 0, 1, 1, 1, 1));
  g_signal_connect_swapped (self->hadjustment, "value-changed", G_CALLBACK (hadjustment_changed_cb), self);
  g_signal_connect_swapped (self->vadjustment, "value-changed", G_CALLBACK (vadjustment_changed_cb), self);
}

/* The content rows (y, scroll coordinates) of the selected event */
gboolean
hp_timeline_view_selected_row_extent (HpTimelineView *self,
                                      double         *top,
                                      double         *bottom)
{
  HpTimelineScene     *scene;
  const HpRank        *r;
  const HpTimelineRow *rows;
  guint                n_rows;
  int                  row;

  if (self->painter == NULL || self->selected_event < 0)
    return FALSE;
  scene = self->scene;
  r = hp_trace_get_rank (self->trace, (guint)self->selected_rank_pos);
  row = hp_timeline_scene_find_lane_row (scene, (guint)self->selected_rank_pos, hp_rank_lane (r, self->selected_event),
                                         r->depth[self->selected_event]);
  if (row < 0)
    return FALSE;
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  *top = rows[row].y;
  *bottom = rows[row].y + rows[row].height;
  return TRUE;
}

/* Shows an event: its rank expanded, its lane shown, its row scrolled into
 * view, and the window moved (or widened) to contain it. */
void
hp_timeline_view_reveal_event (HpTimelineView *self,
                               guint           rank_pos,
                               guint32         event)
{
  HpTimelineScene *scene = self->scene;
  const HpRank    *r = hp_trace_get_rank (self->trace, rank_pos);
  gint64           ts = hp_rank_get_event_start (r, event), te = hp_rank_get_event_end (r, event);
  gint64           span = self->camera.t1 - self->camera.t0;
  int              row;

  hp_timeline_scene_set_rank_visible (scene, rank_pos, TRUE);
  hp_timeline_scene_set_rank_collapsed (scene, rank_pos, FALSE);
  hp_timeline_scene_set_lane_visible (scene, rank_pos, hp_rank_lane (r, event), TRUE);

  if (te - ts > span * 0.9)
    hp_timeline_view_set_visible_range (self, ts - (te - ts) / 10, te + (te - ts) / 10);
  else if (ts < self->camera.t0 || te > self->camera.t1)
    hp_timeline_view_set_visible_range (self, (ts + te) / 2 - span / 2, (ts + te) / 2 - span / 2 + span);

  /* without a size there is nothing to scroll: do it once laid out */
  self->reveal_pending = gtk_widget_get_height (GTK_WIDGET (self)) <= 0;
  row = hp_timeline_scene_find_lane_row (scene, rank_pos, hp_rank_lane (r, event), r->depth[event]);
  if (row >= 0 && !self->reveal_pending)
    {
      const HpTimelineRow *rows;
      guint                n_rows;
      double               lanes = gtk_widget_get_height (GTK_WIDGET (self)) - hp_timeline_scene_get_lanes_top (scene);

      rows = hp_timeline_scene_get_rows (scene, &n_rows);
      if (rows[row].y < self->camera.scroll_y || rows[row].y + rows[row].height > self->camera.scroll_y + lanes)
        hp_timeline_view_set_scroll (self, rows[row].y - lanes / 3);
    }
  hp_timeline_view_sync_adjustments (self);
}

/**
 * hp_timeline_view_get_visible_range:
 * @start: (out) (optional): ns
 * @end: (out) (optional): ns
 */
void
hp_timeline_view_get_visible_range (HpTimelineView *self,
                                    gint64         *start,
                                    gint64         *end)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (start != NULL)
    *start = self->camera.t0;
  if (end != NULL)
    *end = self->camera.t1;
}

/**
 * hp_timeline_view_zoom:
 * @factor: > 1 zooms in
 * @anchor_x: the x (widget coordinates) whose time stays in place; the
 *   centre when outside the time area
 */
void
hp_timeline_view_zoom (HpTimelineView *self,
                       double          factor,
                       double          anchor_x)
{
  HpTimelineCamera target;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter == NULL || !(factor > 0))
    return;
  refresh_camera (self);
  target = self->camera;
  if (hp_timeline_camera_zoom (&target, factor, anchor_x))
    hp_timeline_view_set_visible_range (self, target.t0, target.t1);
  hp_timeline_view_update_hover (self);
}

/**
 * hp_timeline_view_pan:
 * @fraction: how far to move, in window widths (negative: earlier)
 */
void
hp_timeline_view_pan (HpTimelineView *self,
                      double          fraction)
{
  HpTimelineCamera target;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter != NULL)
    {
      refresh_camera (self);
      target = self->camera;
      if (hp_timeline_camera_pan (&target, fraction))
        hp_timeline_view_set_visible_range (self, target.t0, target.t1);
    }
  hp_timeline_view_update_hover (self);
}

/**
 * hp_timeline_view_zoom_to_fit:
 *
 * Shows the whole trace.
 */
void
hp_timeline_view_zoom_to_fit (HpTimelineView *self)
{
  gint64 start, end;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter == NULL)
    return;
  hp_timeline_layout_get_time_bounds (self->layout, &start, &end);
  hp_timeline_view_set_visible_range (self, start, end);
}

/**
 * hp_timeline_view_zoom_to_selection:
 *
 * Shows the selected range, or else the selected event with a margin.
 */
void
hp_timeline_view_zoom_to_selection (HpTimelineView *self)
{
  gint64 start, end;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter == NULL)
    return;
  if (hp_timeline_painter_get_range (self->painter, &start, &end))
    hp_timeline_view_set_visible_range (self, start, end);
  else if (self->selected_event >= 0)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, (guint)self->selected_rank_pos);
      gint64        ts = hp_rank_get_event_start (r, self->selected_event);
      gint64        dur = MAX (hp_rank_get_event_duration (r, self->selected_event), 1000);

      hp_timeline_view_set_visible_range (self, ts - dur / 10, ts + dur + dur / 10);
    }
}

double
hp_timeline_view_get_scroll (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), 0);
  return self->camera.scroll_y;
}

/**
 * hp_timeline_view_scroll_to_rank:
 * @rank: a rank number
 *
 * Scrolls the rank's header to the top.
 */
void
hp_timeline_view_scroll_to_rank (HpTimelineView *self,
                                 int             rank)
{
  const HpTimelineRow *rows;
  guint                n_rows;
  int                  pos = hp_timeline_view_rank_position (self, rank);

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (pos < 0)
    return;
  rows = hp_timeline_scene_get_rows (self->scene, &n_rows);
  for (guint i = 0; i < n_rows; i++)
    if (rows[i].rank_pos == (guint)pos)
      {
        hp_timeline_view_set_scroll (self, rows[i].y);
        return;
      }
}

/**
 * hp_timeline_view_event_position:
 * @x: (out): the middle of the event's visible part, widget coordinates
 * @y: (out):
 *
 * Returns: whether the event is on screen
 */
gboolean
hp_timeline_view_event_position (HpTimelineView *self,
                                 int             rank,
                                 gint64          event,
                                 double         *x,
                                 double         *y)
{
  HpTimelineMapper m;
  HpRect           rect;
  int              pos = hp_timeline_view_rank_position (self, rank);
  double           x0, x1;

  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), FALSE);

  if (pos < 0 || event < 0 || self->painter == NULL)
    return FALSE;
  hp_timeline_view_mapper (self, &m);
  if (!hp_timeline_mapper_event_rect (&m, (guint)pos, (guint32)event, &rect))
    return FALSE;
  x0 = MAX (rect.x, m.time_left);
  x1 = MIN (rect.x + rect.width, m.time_right);
  if (x1 <= x0 || rect.y < m.lanes_top || rect.y + rect.height > m.viewport.height)
    return FALSE;
  *x = (x0 + x1) / 2;
  *y = rect.y + rect.height / 2;
  return TRUE;
}

/* The gutter */

/**
 * hp_timeline_view_get_gutter_width:
 *
 * Returns: the width of the lane-name column, in pixels
 */
double
hp_timeline_view_get_gutter_width (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), HP_TIMELINE_GUTTER_WIDTH);

  if (self->painter == NULL)
    return HP_TIMELINE_GUTTER_WIDTH;
  return hp_timeline_scene_get_gutter_width (self->scene);
}

/**
 * hp_timeline_view_set_gutter_width:
 * @width: the width of the lane-name column, in pixels (clamped)
 *
 * What dragging the column's edge does; saved with the folder's state.
 */
void
hp_timeline_view_set_gutter_width (HpTimelineView *self,
                                   double          width)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter == NULL)
    return;
  /* the time area keeps some room */
  if (gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    width = MIN (width, gtk_widget_get_width (GTK_WIDGET (self)) - 120.0);
  hp_timeline_scene_set_gutter_width (self->scene, width);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* What is under the pointer: the session's hovered event and time */

void
hp_timeline_view_update_hover (HpTimelineView *self)
{
  HpTimelineViewport v;
  HpTimelineMapper   m;
  HpTimelineHit      hit;
  int                rank = -1;
  gint64             event = -1;
  gint64             time = HP_SESSION_NO_TIME;

  if (self->painter == NULL || self->session == NULL)
    return;
  hp_timeline_hit_init (&hit);
  hp_timeline_view_viewport (self, &v);
  hp_timeline_view_mapper (self, &m);
  if (self->pointer_inside && self->pointer_x >= m.time_left)
    time = hp_timeline_mapper_x_to_time (&m, self->pointer_x);
  if (self->pointer_inside && self->drag_mode == DRAG_NONE &&
      hp_timeline_painter_hit_test (self->painter, &v, self->pointer_x, self->pointer_y, &hit) &&
      hit.kind == HP_TIMELINE_HIT_EVENT)
    {
      rank = hp_trace_get_rank (self->trace, (guint)hit.rank_pos)->rank;
      event = hit.event;
    }
  hp_timeline_hit_clear (&hit);
  /* the session tells only of changes: the outline is redrawn only when
   * it moves */
  hp_session_set_hovered_event (self->session, rank, event);
  hp_session_set_hovered_time (self->session, time);
}

/**
 * hp_timeline_view_move_pointer:
 * @x: a point, widget coordinates
 * @y:
 * @inside: %FALSE for the pointer leaving the view
 *
 * Does what the pointer moving there (or away) does: the session's hovered
 * event and time follow. For tests and assistive technologies.
 */
void
hp_timeline_view_move_pointer (HpTimelineView *self,
                               double          x,
                               double          y,
                               gboolean        inside)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = inside;
  hp_timeline_view_update_hover (self);
}
