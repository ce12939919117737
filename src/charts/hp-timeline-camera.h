/* hp-timeline-camera.h — the timeline's viewport arithmetic: time ↔ x, zoom, pan, clamping and the rows in view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include <glib.h>

#include "hp-timeline-layout.h"

G_BEGIN_DECLS

/* the narrowest window, ns, and how far past the trace the window may go,
 * in window widths */
#define HP_TIMELINE_MIN_SPAN 100
#define HP_TIMELINE_EDGE_MARGIN 0.05

/**
 * HpTimelineCamera:
 * @start: the first time of the trace, ns
 * @end: the end of the trace, ns
 * @t0: the first visible time, ns
 * @t1: the end of the visible window, ns (> @t0 once set)
 * @time_left: x of @t0, user-space pixels (the right edge of the gutter)
 * @time_right: x of @t1 (the picture's right edge)
 * @scroll_y: how far the lanes are scrolled up, pixels
 * @lanes_height: the height of the lanes area on screen
 * @content_height: the height of all the rows
 *
 * What part of a timeline is in view and how it moves: a plain value with
 * no widget and no trace behind it. The view keeps one; every zoom, pan,
 * drag, pinch and scroll bar goes through it, so its clamping rules hold
 * everywhere and are tested on their own.
 */
typedef struct
{
  gint64 start;
  gint64 end;
  gint64 t0;
  gint64 t1;
  double time_left;
  double time_right;
  double scroll_y;
  double lanes_height;
  double content_height;
} HpTimelineCamera;

void     hp_timeline_camera_init (HpTimelineCamera *self);
void     hp_timeline_camera_set_bounds (HpTimelineCamera *self,
                                        gint64            start,
                                        gint64            end);
void     hp_timeline_camera_set_time_area (HpTimelineCamera *self,
                                           double            time_left,
                                           double            time_right);
void     hp_timeline_camera_set_heights (HpTimelineCamera *self,
                                         double            lanes_height,
                                         double            content_height);
void     hp_timeline_camera_clamp_window (const HpTimelineCamera *self,
                                          gint64                 *t0,
                                          gint64                 *t1);
gboolean hp_timeline_camera_set_window (HpTimelineCamera *self,
                                        gint64            t0,
                                        gint64            t1);
gboolean hp_timeline_camera_zoom (HpTimelineCamera *self,
                                  double            factor,
                                  double            anchor_x);
gboolean hp_timeline_camera_pan (HpTimelineCamera *self,
                                 double            fraction);
double   hp_timeline_camera_time_to_x (const HpTimelineCamera *self,
                                       gint64                  t);
gint64   hp_timeline_camera_x_to_time (const HpTimelineCamera *self,
                                       double                  x);
double   hp_timeline_camera_get_max_scroll (const HpTimelineCamera *self);
gboolean hp_timeline_camera_set_scroll (HpTimelineCamera *self,
                                        double            scroll_y);
void     hp_timeline_camera_visible_rows (const HpTimelineCamera *self,
                                          const HpTimelineRow    *rows,
                                          guint                   n_rows,
                                          guint                  *first,
                                          guint                  *end);
void     hp_timeline_rows_in_view (const HpTimelineRow *rows,
                                   guint                n_rows,
                                   double               scroll_y,
                                   double               lanes_height,
                                   guint               *first,
                                   guint               *end);

G_END_DECLS
