/* hp-timeline-view-geometry.c — the timeline's visible window, lane scrolling and zoom.
 *
 * The window [t0, t1) is clamped to the trace with a small margin and to
 * MIN_SPAN at the narrowest; the lanes scroll below the fixed ruler. Both
 * are mirrored in two GtkAdjustments for scrollbars.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-timeline-view-private.h"

void
hp_timeline_view_viewport (HpTimelineView     *self,
                           HpTimelineViewport *v)
{
  v->t0 = self->t0;
  v->t1 = self->t1;
  v->width = MAX (gtk_widget_get_width (GTK_WIDGET (self)), (int)hp_timeline_view_get_gutter_width (self) + 50);
  v->height = MAX (gtk_widget_get_height (GTK_WIDGET (self)), 50);
  v->scroll_y = self->scroll_y;
  v->scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
}

void
hp_timeline_view_mapper (HpTimelineView   *self,
                         HpTimelineMapper *m)
{
  HpTimelineViewport v;

  hp_timeline_view_viewport (self, &v);
  hp_timeline_mapper_init (m, hp_timeline_painter_get_layout (self->painter), &v);
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
  HpTimelineLayout *layout;
  double            lanes;

  if (self->painter == NULL)
    return 0;
  layout = hp_timeline_painter_get_layout (self->painter);
  lanes = gtk_widget_get_height (GTK_WIDGET (self)) - hp_timeline_layout_get_lanes_top (layout);
  return MAX (hp_timeline_layout_get_content_height (layout) - lanes, 0);
}

void
hp_timeline_view_sync_adjustments (HpTimelineView *self)
{
  HpTimelineLayout *layout;
  gint64            start, end;
  double            lanes;

  if (self->painter == NULL)
    return;
  layout = hp_timeline_painter_get_layout (self->painter);
  hp_timeline_layout_get_time_bounds (layout, &start, &end);
  lanes = MAX (gtk_widget_get_height (GTK_WIDGET (self)) - hp_timeline_layout_get_lanes_top (layout), 1);

  self->syncing++;
  gtk_adjustment_configure (self->hadjustment, (double)self->t0, (double)MIN (start, self->t0),
                            (double)MAX (end, self->t1), (double)(self->t1 - self->t0) / 10,
                            (double)(self->t1 - self->t0) * 0.9, (double)(self->t1 - self->t0));
  gtk_adjustment_configure (self->vadjustment, self->scroll_y, 0, MAX (hp_timeline_layout_get_content_height (layout), lanes),
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

  scroll_y = CLAMP (scroll_y, 0, hp_timeline_view_max_scroll (self));
  if (scroll_y == self->scroll_y)
    return;
  self->scroll_y = scroll_y;
  hp_timeline_view_sync_adjustments (self);
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_set_visible_range:
 * @t0: ns
 * @t1: ns
 *
 * Shows [@t0, @t1), clamped to the trace: no wider than the whole trace,
 * no narrower than 100 ns, and past either end of the trace by at most
 * %EDGE_MARGIN of the window. Zoom, pan, fit, drag, pinch and the scroll
 * bar all come here.
 */
void
hp_timeline_view_set_visible_range (HpTimelineView *self,
                                    gint64          t0,
                                    gint64          t1)
{
  gint64 start, end, full, span, margin;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter == NULL)
    return;
  hp_timeline_layout_get_time_bounds (hp_timeline_painter_get_layout (self->painter), &start, &end);
  /* the whole trace is the widest window, and the window goes past
   * either end of the trace by a twentieth of itself at most: at every
   * zoom the ruler shows trace time, never a blank stretch before it */
  full = end - start;
  span = CLAMP (t1 - t0, MIN (MIN_SPAN, full), full);
  margin = (gint64)((double)span * EDGE_MARGIN);
  t0 = CLAMP (t0, start - margin, end + margin - span);
  t1 = t0 + span;

  if (t0 == self->t0 && t1 == self->t1)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  if (t0 != self->t0)
    {
      self->t0 = t0;
      g_object_notify_by_pspec (G_OBJECT (self), hp_timeline_view_properties[PROP_START]);
    }
  if (t1 != self->t1)
    {
      self->t1 = t1;
      g_object_notify_by_pspec (G_OBJECT (self), hp_timeline_view_properties[PROP_END]);
    }
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
  hp_timeline_view_set_visible_range (self, t0, t0 + (self->t1 - self->t0));
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
  HpTimelineLayout    *layout;
  const HpRank        *r;
  const HpTimelineRow *rows;
  guint                n_rows;
  int                  row;

  if (self->painter == NULL || self->selected_event < 0)
    return FALSE;
  layout = hp_timeline_painter_get_layout (self->painter);
  r = hp_trace_get_rank (self->trace, (guint)self->selected_rank_pos);
  row = hp_timeline_layout_find_lane_row (layout, (guint)self->selected_rank_pos, hp_rank_lane (r, self->selected_event),
                                          r->depth[self->selected_event]);
  if (row < 0)
    return FALSE;
  rows = hp_timeline_layout_get_rows (layout, &n_rows);
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
  HpTimelineLayout *layout = hp_timeline_painter_get_layout (self->painter);
  const HpRank     *r = hp_trace_get_rank (self->trace, rank_pos);
  gint64            ts = hp_rank_get_event_start (r, event), te = hp_rank_get_event_end (r, event);
  gint64            span = self->t1 - self->t0;
  int               row;

  hp_timeline_layout_set_rank_visible (layout, rank_pos, TRUE);
  hp_timeline_layout_set_rank_collapsed (layout, rank_pos, FALSE);
  hp_timeline_layout_set_lane_visible (layout, rank_pos, hp_rank_lane (r, event), TRUE);

  if (te - ts > span * 0.9)
    hp_timeline_view_set_visible_range (self, ts - (te - ts) / 10, te + (te - ts) / 10);
  else if (ts < self->t0 || te > self->t1)
    hp_timeline_view_set_visible_range (self, (ts + te) / 2 - span / 2, (ts + te) / 2 - span / 2 + span);

  /* without a size there is nothing to scroll: do it once laid out */
  self->reveal_pending = gtk_widget_get_height (GTK_WIDGET (self)) <= 0;
  row = hp_timeline_layout_find_lane_row (layout, rank_pos, hp_rank_lane (r, event), r->depth[event]);
  if (row >= 0 && !self->reveal_pending)
    {
      const HpTimelineRow *rows;
      guint                n_rows;
      double               lanes = gtk_widget_get_height (GTK_WIDGET (self)) - hp_timeline_layout_get_lanes_top (layout);

      rows = hp_timeline_layout_get_rows (layout, &n_rows);
      if (rows[row].y < self->scroll_y || rows[row].y + rows[row].height > self->scroll_y + lanes)
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
    *start = self->t0;
  if (end != NULL)
    *end = self->t1;
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
  HpTimelineMapper m;
  gint64           anchor, span;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter == NULL || !(factor > 0))
    return;
  hp_timeline_view_mapper (self, &m);
  if (anchor_x < m.time_left || anchor_x > m.time_right)
    anchor_x = (m.time_left + m.time_right) / 2;
  anchor = hp_timeline_mapper_x_to_time (&m, anchor_x);
  span = MAX ((gint64)llround ((double)(self->t1 - self->t0) / factor), MIN_SPAN);
  factor = (double)(self->t1 - self->t0) / (double)span;
  hp_timeline_view_set_visible_range (self, anchor - (gint64)llround ((double)(anchor - self->t0) / factor),
                                      anchor - (gint64)llround ((double)(anchor - self->t0) / factor) + span);
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
  gint64 dt;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  dt = (gint64)llround (fraction * (double)(self->t1 - self->t0));
  hp_timeline_view_set_visible_range (self, self->t0 + dt, self->t1 + dt);
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
  hp_timeline_layout_get_time_bounds (hp_timeline_painter_get_layout (self->painter), &start, &end);
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
  return self->scroll_y;
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
  rows = hp_timeline_layout_get_rows (hp_timeline_painter_get_layout (self->painter), &n_rows);
  for (guint i = 0; i < n_rows; i++)
    if (rows[i].rank_pos == (guint)pos)
      {
        hp_timeline_view_set_scroll (self, rows[i].y);
        return;
      }
}

/**
 * hp_timeline_view_set_rank_collapsed:
 * @rank: a rank number
 * @collapsed: whether to show only its header
 */
void
hp_timeline_view_set_rank_collapsed (HpTimelineView *self,
                                     int             rank,
                                     gboolean        collapsed)
{
  int pos = hp_timeline_view_rank_position (self, rank);

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (pos < 0)
    return;
  hp_timeline_layout_set_rank_collapsed (hp_timeline_painter_get_layout (self->painter), (guint)pos, collapsed);
  hp_timeline_view_lanes_changed (self);
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
