/* hp-timeline-view-gestures.c — the timeline's pointer, wheel, drag and pinch input.
 *
 * As in Perfetto: Ctrl+wheel or pinch zooms at the pointer, wheel and
 * two-finger scroll pan (vertical: lanes, horizontal or Shift+wheel:
 * time), a drag on the lanes selects an area (the time range it spans ×
 * the lanes it crosses), a drag on the ruler selects a time range across
 * every lane, and a middle-button or Shift+drag, or a drag on the lane
 * names, pans. A click selects an
 * event, or folds a rank when it lands on the rank's header.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-timeline-view-private.h"

static void
motion_cb (HpTimelineView           *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *controller)
{
  self->pointer_x = x;
  self->pointer_y = y;
  self->pointer_inside = TRUE;
  hp_timeline_view_update_hover (self);
}

static void
leave_cb (HpTimelineView           *self,
          GtkEventControllerMotion *controller)
{
  self->pointer_inside = FALSE;
  hp_timeline_view_update_hover (self);
}

static gboolean
scroll_cb (HpTimelineView           *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *controller)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  double          unit = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL ? WHEEL_STEP : 1.0;
  double          time_width;

  if (self->painter == NULL)
    return FALSE;

  if (state & GDK_CONTROL_MASK)
    {
      double anchor = self->pointer_inside ? self->pointer_x : -1;

      /* a wheel notch zooms by 1.25×; touchpads scroll in pixels */
      hp_timeline_view_zoom (self, pow (1.25, -dy * (unit == 1.0 ? 0.05 : 1.0)), anchor);
      return TRUE;
    }

  if (state & GDK_SHIFT_MASK)
    {
      dx += dy;
      dy = 0;
    }
  time_width = MAX (gtk_widget_get_width (GTK_WIDGET (self)) - hp_timeline_view_get_gutter_width (self), 1);
  if (dx != 0)
    hp_timeline_view_pan (self, dx * unit / time_width);
  if (dy != 0)
    hp_timeline_view_set_scroll (self, self->camera.scroll_y + dy * unit);
  return TRUE;
}

static void
pinch_begin_cb (HpTimelineView   *self,
                GdkEventSequence *sequence,
                GtkGesture       *gesture)
{
  self->pinch_t0 = self->camera.t0;
  self->pinch_t1 = self->camera.t1;
}

static void
pinch_scale_changed_cb (HpTimelineView *self,
                        double          scale,
                        GtkGestureZoom *gesture)
{
  HpTimelineMapper m;
  double           cx, cy;
  gint64           anchor, span;

  if (self->painter == NULL || scale <= 0)
    return;
  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &cx, &cy))
    return;
  hp_timeline_view_mapper (self, &m);
  m.viewport.t0 = self->pinch_t0;
  m.viewport.t1 = self->pinch_t1;
  anchor = hp_timeline_mapper_x_to_time (&m, MAX (cx, m.time_left));
  span = (gint64)((self->pinch_t1 - self->pinch_t0) / scale);
  hp_timeline_view_set_visible_range (self, anchor - (gint64)((double)(anchor - self->pinch_t0) / scale), anchor - (gint64)((double)(anchor - self->pinch_t0) / scale) + span);
}

static void
drag_begin_cb (HpTimelineView *self,
               double          x,
               double          y,
               GtkGestureDrag *gesture)
{
  GdkModifierType  state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  HpTimelineMapper m;

  if (self->painter == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  self->drag_button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  if (self->drag_button != GDK_BUTTON_PRIMARY && self->drag_button != GDK_BUTTON_MIDDLE)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->drag_x = x;
  self->drag_y = y;
  self->drag_t0 = self->camera.t0;
  self->drag_t1 = self->camera.t1;
  self->drag_scroll = self->camera.scroll_y;
  /* on the lane names there is no time to select: a drag there scrolls */
  hp_timeline_view_mapper (self, &m);
  if (self->drag_button == GDK_BUTTON_MIDDLE || (state & GDK_SHIFT_MASK) || x < m.time_left)
    self->drag_mode = DRAG_PAN;
  else if (y < hp_timeline_scene_get_lanes_top (self->scene))
    self->drag_mode = DRAG_RANGE;
  else
    self->drag_mode = DRAG_AREA;
}

/* The area a drag from (drag_x, drag_y) by (dx, dy) spans: its time range
 * and the lanes it crosses; nothing when it crosses no lane */
static void
drag_area (HpTimelineView         *self,
           const HpTimelineMapper *m,
           double                  dx,
           double                  dy)
{
  g_autoptr (GArray) lanes = g_array_new (FALSE, FALSE, sizeof (HpLaneRef));
  double y = CLAMP (self->drag_y + dy, m->lanes_top, m->viewport.height);
  gint64 a = hp_timeline_mapper_x_to_time (m, MAX (self->drag_x, m->time_left));
  gint64 b = hp_timeline_mapper_x_to_time (m, MAX (self->drag_x + dx, m->time_left));

  hp_timeline_painter_lanes_between (self->painter, self->drag_y - m->lanes_top + self->camera.scroll_y,
                                     y - m->lanes_top + self->camera.scroll_y, lanes);
  if (lanes->len == 0)
    a = b = 0;
  hp_timeline_painter_set_range (self->painter, MIN (a, b), MAX (a, b));
  hp_timeline_painter_set_range_lanes (self->painter, (const HpLaneRef *)(gpointer)lanes->data, lanes->len);
}

static void
drag_update_cb (HpTimelineView *self,
                double          dx,
                double          dy,
                GtkGestureDrag *gesture)
{
  HpTimelineMapper m;

  if (self->painter == NULL || self->drag_mode == DRAG_NONE)
    return;
  if (fabs (dx) < CLICK_SLOP && fabs (dy) < CLICK_SLOP)
    return;

  hp_timeline_view_mapper (self, &m);
  m.viewport.t0 = self->drag_t0;
  m.viewport.t1 = self->drag_t1;
  if (self->drag_mode == DRAG_PAN)
    {
      gint64 dt = hp_timeline_mapper_x_to_time (&m, m.time_left + dx) - self->drag_t0;

      hp_timeline_view_set_visible_range (self, self->drag_t0 - dt, self->drag_t1 - dt);
      hp_timeline_view_set_scroll (self, self->drag_scroll - dy);
    }
  else if (self->drag_mode == DRAG_AREA)
    {
      drag_area (self, &m, dx, dy);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else
    {
      gint64 a = hp_timeline_mapper_x_to_time (&m, MAX (self->drag_x, m.time_left));
      gint64 b = hp_timeline_mapper_x_to_time (&m, MAX (self->drag_x + dx, m.time_left));

      hp_timeline_painter_set_range (self->painter, MIN (a, b), MAX (a, b));
      hp_timeline_painter_set_range_lanes (self->painter, NULL, 0);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
click (HpTimelineView *self,
       double          x,
       double          y,
       gboolean        range_mode)
{
  HpTimelineViewport v;
  HpTimelineHit      hit;

  hp_timeline_view_viewport (self, &v);
  if (range_mode)
    {
      /* a click on the ruler drops the range */
      if (hp_timeline_painter_get_range (self->painter, NULL, NULL))
        {
          hp_timeline_painter_set_range (self->painter, 0, 0);
          hp_timeline_view_emit_range_changed (self);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      return;
    }

  hp_timeline_painter_hit_test (self->painter, &v, x, y, &hit);
  switch (hit.kind)
    {
    case HP_TIMELINE_HIT_RANK:
      {
        HpTimelineScene *scene = self->scene;
        gboolean         collapsed = hp_timeline_scene_get_rank_collapsed (scene, (guint)hit.rank_pos);

        hp_timeline_scene_set_rank_collapsed (scene, (guint)hit.rank_pos, !collapsed);
        hp_timeline_view_lanes_changed (self);
      }
      break;

    case HP_TIMELINE_HIT_EVENT:
      hp_timeline_view_select_event (self, hp_trace_get_rank (self->trace, (guint)hit.rank_pos)->rank, hit.event);
      break;

    case HP_TIMELINE_HIT_OVERLAY:
    case HP_TIMELINE_HIT_STEP:
    case HP_TIMELINE_HIT_NONE:
    case HP_TIMELINE_HIT_COUNTER:
    case HP_TIMELINE_HIT_LANE_LABEL:
    case HP_TIMELINE_HIT_RULER:
    default:
      if (self->selected_event >= 0)
        hp_timeline_view_select_event (self, -1, -1);
      if (hp_timeline_painter_get_range (self->painter, NULL, NULL))
        {
          hp_timeline_painter_set_range (self->painter, 0, 0);
          hp_timeline_view_emit_range_changed (self);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      break;
    }
  hp_timeline_hit_clear (&hit);
}

static void
drag_end_cb (HpTimelineView *self,
             double          dx,
             double          dy,
             GtkGestureDrag *gesture)
{
  DragMode mode = self->drag_mode;

  self->drag_mode = DRAG_NONE;
  if (self->painter == NULL || mode == DRAG_NONE)
    return;
  if (fabs (dx) < CLICK_SLOP && fabs (dy) < CLICK_SLOP)
    {
      if (self->drag_button == GDK_BUTTON_PRIMARY)
        click (self, self->drag_x, self->drag_y, mode == DRAG_RANGE);
    }
  else if (mode == DRAG_RANGE || mode == DRAG_AREA)
    hp_timeline_view_emit_range_changed (self);
  hp_timeline_view_update_hover (self);
}

/* The pointer, wheel, drag and pinch controllers */
void
hp_timeline_view_init_gestures (HpTimelineView *self)
{
  GtkEventController *controller;

  controller = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (controller, "motion", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "enter", G_CALLBACK (motion_cb), self);
  g_signal_connect_swapped (controller, "leave", G_CALLBACK (leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect_swapped (controller, "scroll", G_CALLBACK (scroll_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  self->drag = gtk_gesture_drag_new ();
  /* primary: select; middle: pan */
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->drag), 0);
  g_signal_connect_swapped (self->drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (self->drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  g_signal_connect_swapped (self->drag, "drag-end", G_CALLBACK (drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->drag));

  self->pinch = gtk_gesture_zoom_new ();
  g_signal_connect_swapped (self->pinch, "begin", G_CALLBACK (pinch_begin_cb), self);
  g_signal_connect_swapped (self->pinch, "scale-changed", G_CALLBACK (pinch_scale_changed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->pinch));
  gtk_gesture_group (self->pinch, self->drag);
}

/**
 * hp_timeline_view_click:
 * @x: a point, widget coordinates
 * @y:
 *
 * Does what a primary-button click there does: selects the event, folds or
 * unfolds a rank when on its header, clears the selection elsewhere. For
 * tests and assistive technologies.
 */
void
hp_timeline_view_click (HpTimelineView *self,
                        double          x,
                        double          y)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (self->painter != NULL)
    click (self, x, y, FALSE);
}
