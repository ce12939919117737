/* hp-timeline-overlays.c — the timeline's built-in cached overlays: idle gaps by cause, and highlighted events.
 *
 * Both are registered with hp_timeline_painter_add_overlay() like any
 * other overlay, with the painter as their data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "hp-core.h"
#include "hp-timeline-painter-private.h"

static HpColor
idle_color (const HpChartStyle *s,
            HpIdleCategory      category)
{
  switch (category)
    {
    case HP_IDLE_HOST_WAIT:
      return s->idle_host_wait;
    case HP_IDLE_KERNEL_WAIT:
      return s->idle_kernel_wait;
    case HP_IDLE_OTHER:
    case HP_N_IDLE_CATEGORIES:
    default:
      return s->idle_other;
    }
}

/* the first gap ending after t (gaps are in time order on a stream) */
static guint
first_gap_after (GArray *gaps,
                 gint64  t)
{
  guint lo = 0, hi = gaps->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (gaps, HpIdleInterval, mid).end <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* a box over the device pixel columns [c0, c1) of a row, unless empty */
static void
add_columns (GArray                 *boxes,
             const HpTimelineMapper *m,
             gint64                  c0,
             gint64                  c1,
             double                  y,
             double                  height)
{
  if (c1 > c0)
    _hp_timeline_add_box (boxes, m->time_left + c0 / m->viewport.scale, y, (c1 - c0) / m->viewport.scale, height);
}

/* Idle gaps of GPU streams, shaded by category over the lane's rows; gaps
 * narrower than a pixel merge per pixel column and category. */
void
_hp_timeline_paint_idle (const HpTimelineMapper *m,
                         cairo_t                *cr,
                         const HpChartStyle     *style,
                         gpointer                user_data)
{
  HpTimelinePainter   *self = user_data;
  const HpTimelineRow *rows;
  guint                first, end;
  double               scale = m->viewport.scale;
  double               ppx = _hp_timeline_mapper_columns_per_ns (m);

  if (!(hp_timeline_scene_get_flags (self->scene) & HP_TIMELINE_SHOW_IDLE))
    return;

  rows = _hp_timeline_visible_rows (m, &first, &end);
  _hp_timeline_clip_time_area (cr, m, FALSE);

  for (guint i = first; i < end; i++)
    {
      const HpTimelineRow *row = &rows[i];
      GArray              *gaps;
      double               y, h;
      gint64               run_c0[HP_N_IDLE_CATEGORIES] = { 0 };
      gint64               run_c1[HP_N_IDLE_CATEGORIES] = { G_MININT64, G_MININT64, G_MININT64 };
      gint64               max_col = (gint64)((m->time_right - m->time_left) * scale) + 1;

      if (row->kind != HP_TIMELINE_ROW_SLICES)
        continue;
      gaps = hp_timeline_scene_get_idle_intervals (self->scene, row->rank_pos, row->lane);
      if (gaps == NULL || gaps->len == 0)
        continue;
      y = _hp_timeline_row_top (m, row);
      h = row->height;
      for (guint g = first_gap_after (gaps, m->viewport.t0); g < gaps->len; g++)
        {
          const HpIdleInterval *gap = &g_array_index (gaps, HpIdleInterval, g);
          HpIdleCategory        cat = gap->category;
          double                xs, xe;
          gint64                c0, c1;

          if (gap->start >= m->viewport.t1)
            break;
          if (gap->end <= gap->start)
            continue;
          xs = (double)(gap->start - m->viewport.t0) * ppx;
          xe = (double)(gap->end - m->viewport.t0) * ppx;
          c0 = MAX (hp_timeline_floor (xs), -1);
          c1 = MIN (MAX (hp_timeline_ceil (xe), c0 + 1), max_col);
          /* runs of touching columns per category, one box each */
          if (c0 <= run_c1[cat])
            {
              run_c1[cat] = MAX (run_c1[cat], c1);
              continue;
            }
          add_columns (self->boxes[cat], m, run_c0[cat], run_c1[cat], y, h);
          run_c0[cat] = c0;
          run_c1[cat] = c1;
        }
      for (guint c = 0; c < HP_N_IDLE_CATEGORIES; c++)
        add_columns (self->boxes[c], m, run_c0[c], run_c1[c], y, h);
    }
  for (guint c = 0; c < HP_N_IDLE_CATEGORIES; c++)
    {
      HpColor color = idle_color (style, c);

      _hp_timeline_fill_boxes (cr, self->boxes[c], &color, 0.42, &style->background);
    }
}

gboolean
_hp_timeline_hit_idle (const HpTimelineMapper *m,
                       double                  x,
                       double                  y,
                       HpTimelineHit          *hit,
                       gpointer                user_data)
{
  HpTimelinePainter    *self = user_data;
  const HpTimelineRow  *rows;
  const HpIdleInterval *gap;
  GArray               *gaps;
  guint                 n_rows, g;
  gint64                tol;

  if (!(hp_timeline_scene_get_flags (self->scene) & HP_TIMELINE_SHOW_IDLE))
    return FALSE;
  if (hit->kind == HP_TIMELINE_HIT_EVENT || hit->row < 0)
    return FALSE;
  rows = hp_timeline_scene_get_rows (self->scene, &n_rows);
  if (rows[hit->row].kind != HP_TIMELINE_ROW_SLICES)
    return FALSE;
  gaps = hp_timeline_scene_get_idle_intervals (self->scene, rows[hit->row].rank_pos, rows[hit->row].lane);
  if (gaps == NULL)
    return FALSE;

  /* narrow gaps are drawn a pixel wide: accept a pixel around them */
  tol = (gint64)ceil (_hp_timeline_mapper_ns_per_px (m));
  for (g = first_gap_after (gaps, hit->time - tol); g < gaps->len; g++)
    {
      gap = &g_array_index (gaps, HpIdleInterval, g);
      if (gap->start > hit->time + tol)
        return FALSE;
      if (gap->end > gap->start)
        break;
    }
  if (g >= gaps->len)
    return FALSE;
  gap = &g_array_index (gaps, HpIdleInterval, g);
  hit->item = gap->category;
  hit->start = gap->start;
  hit->end = gap->end;
  hit->event = gap->kernel;
  {
    g_autofree char *d = hp_timeline_format_duration (gap->end - gap->start);

    /* Translators: tooltip of an idle gap in the timeline: its length
     * ("1.25 ms") and its category as HTA names it (host_wait,
     * kernel_wait or other) */
    hit->text = g_strdup_printf (_hp_chart_tr (self->domain, N_ ("Idle %s (%s) before the next kernel")), d,
                                 hp_idle_category_to_string (gap->category));
  }
  return TRUE;
}

/* Search matches and linked instances: outlined boxes, and pixel columns
 * for those too narrow to outline; ticks under the ruler show where they
 * are along the window. */
void
_hp_timeline_paint_highlights (const HpTimelineMapper *m,
                               cairo_t                *cr,
                               const HpChartStyle     *style,
                               gpointer                user_data)
{
  HpTimelinePainter     *self = user_data;
  const HpTimelineScene *scene = self->scene;
  const HpTimelineRow   *rows;
  guint                  first, end;
  double                 scale = m->viewport.scale;
  double                 ppx = _hp_timeline_mapper_columns_per_ns (m);
  GArray                *wide = self->boxes[0], *narrow = self->boxes[1], *ticks = self->boxes[2];

  if (hp_timeline_scene_get_n_highlights (scene) == 0)
    return;

  rows = _hp_timeline_visible_rows (m, &first, &end);

  for (guint i = first; i < end; i++)
    {
      const HpTimelineRow *row = &rows[i];
      const GArray        *hl;
      const HpRank        *r;
      const HpLane        *lane;
      guint                lo, hi, p0, stop;
      gint64               last_col = G_MININT64;
      double               y;

      if (row->kind != HP_TIMELINE_ROW_SLICES)
        continue;
      hl = hp_timeline_scene_get_lane_highlights (scene, row->rank_pos, row->lane);
      if (hl == NULL || hl->len == 0)
        continue;
      r = hp_trace_get_rank (self->trace, row->rank_pos);
      lane = &r->lanes[row->lane];
      y = _hp_timeline_row_top (m, row);
      p0 = hp_lane_first_ending_after (r, lane, row->depth, m->viewport.t0);
      stop = lane->depth_start[row->depth + 1];
      lo = 0;
      hi = hl->len;
      while (lo < hi)
        {
          guint mid = lo + (hi - lo) / 2;

          if (g_array_index (hl, guint32, mid) < p0)
            lo = mid + 1;
          else
            hi = mid;
        }
      for (; lo < hl->len; lo++)
        {
          guint   p = g_array_index (hl, guint32, lo);
          guint32 e;
          double  xs, xe;
          gint64  c0, c1;

          if (p >= stop)
            break;
          e = lane->events[p];
          if (hp_rank_get_event_start (r, e) >= m->viewport.t1)
            break;
          xs = (double)(hp_rank_get_event_start (r, e) - m->viewport.t0) * ppx;
          xe = (double)(hp_rank_get_event_end (r, e) - m->viewport.t0) * ppx;
          c0 = hp_timeline_floor (xs);
          c1 = MAX (hp_timeline_ceil (xe), c0 + 1);
          if (c1 - c0 >= 4)
            _hp_timeline_add_box (wide, m->time_left + c0 / scale + 1, y + 2, (c1 - c0) / scale - 2, row->height - 4);
          else if (c1 - 1 > last_col)
            {
              c0 = MAX (c0, last_col + 1);
              last_col = c1 - 1;
              _hp_timeline_add_box (narrow, m->time_left + c0 / scale, y, MAX ((c1 - c0) / scale, 2.0), row->height);
            }
        }
    }

  /* where the matches are, under the ruler */
  {
    guint   n = hp_timeline_scene_get_n_highlights (scene);
    guint   lo = 0, hi = n;
    gint64  last_col = G_MININT64;
    guint   rank_pos;
    guint32 e;

    while (lo < hi)
      {
        guint mid = lo + (hi - lo) / 2;

        hp_timeline_scene_get_highlight (scene, mid, &rank_pos, &e);
        if (hp_rank_get_event_start (hp_trace_get_rank (self->trace, rank_pos), e) < m->viewport.t0)
          lo = mid + 1;
        else
          hi = mid;
      }
    for (; lo < n; lo++)
      {
        gint64 ts, col;

        hp_timeline_scene_get_highlight (scene, lo, &rank_pos, &e);
        ts = hp_rank_get_event_start (hp_trace_get_rank (self->trace, rank_pos), e);
        if (ts >= m->viewport.t1)
          break;
        col = (gint64)floor ((double)(ts - m->viewport.t0) * ppx);
        if (col <= last_col)
          continue;
        last_col = col + (gint64)scale;
        _hp_timeline_add_box (ticks, m->time_left + col / scale, HP_TIMELINE_RULER_HEIGHT - 5, 2, 4);
      }
  }

  _hp_timeline_fill_boxes (cr, ticks, &self->highlight, 1.0, NULL);
  _hp_timeline_clip_time_area (cr, m, FALSE);
  _hp_timeline_fill_boxes (cr, narrow, &self->highlight, 1.0, NULL);
  for (guint i = 0; i < wide->len; i++)
    {
      const HpTimelineBox *b = &g_array_index (wide, HpTimelineBox, i);

      cairo_rectangle (cr, b->x, b->y, b->width, b->height);
    }
  _hp_timeline_set_source (cr, &self->highlight);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
  g_array_set_size (wide, 0);
}
