/* hp-timeline-selection.c — the timeline's dynamic layer: selected event, hovered event, selected range or area and launch → kernel flows.
 *
 * Painted on every pointer change over the cached picture, never cached.
 * A selected range spans every lane; an area (a range and some lanes, as
 * a drag across the lanes selects in Perfetto) is shaded and outlined on
 * its lanes' rows only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "hp-timeline-painter-private.h"

/* an event or none: both halves set, or both -1 */
static void
set_event (int    *rank_field,
           gint64 *event_field,
           int     rank_pos,
           gint64  event)
{
  *rank_field = event >= 0 ? rank_pos : -1;
  *event_field = rank_pos >= 0 ? event : -1;
}

/**
 * hp_timeline_painter_set_selection:
 * @rank_pos: a rank position, or -1
 * @event: an event of that rank, or -1 for none
 *
 * The selected event, outlined with its launch/kernel flows.
 */
void
hp_timeline_painter_set_selection (HpTimelinePainter *self,
                                   int                rank_pos,
                                   gint64             event)
{
  g_return_if_fail (self != NULL);

  set_event (&self->selected_rank, &self->selected_event, rank_pos, event);
}

gboolean
hp_timeline_painter_get_selection (HpTimelinePainter *self,
                                   guint             *rank_pos,
                                   guint32           *event)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->selected_event < 0)
    return FALSE;
  if (rank_pos != NULL)
    *rank_pos = (guint)self->selected_rank;
  if (event != NULL)
    *event = (guint32)self->selected_event;
  return TRUE;
}

/**
 * hp_timeline_painter_set_range:
 * @start: ns
 * @end: ns; @end ≤ @start clears the range
 *
 * The selected time range, shaded across the lanes.
 */
void
hp_timeline_painter_set_range (HpTimelinePainter *self,
                               gint64             start,
                               gint64             end)
{
  g_return_if_fail (self != NULL);

  self->range_start = start;
  self->range_end = end;
}

gboolean
hp_timeline_painter_get_range (HpTimelinePainter *self,
                               gint64            *start,
                               gint64            *end)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->range_end <= self->range_start)
    return FALSE;
  if (start != NULL)
    *start = self->range_start;
  if (end != NULL)
    *end = self->range_end;
  return TRUE;
}

static int
cmp_lane_ref (gconstpointer a,
              gconstpointer b)
{
  const HpLaneRef *x = a;
  const HpLaneRef *y = b;

  if (x->rank_pos != y->rank_pos)
    return x->rank_pos < y->rank_pos ? -1 : 1;
  return (x->lane > y->lane) - (x->lane < y->lane);
}

/**
 * hp_timeline_painter_set_range_lanes:
 * @lanes: (array length=n_lanes) (nullable): the lanes of an area, copied
 * @n_lanes: how many; 0 for a range across every lane
 *
 * Narrows the selected range (hp_timeline_painter_set_range()) to an
 * area: only the rows of @lanes are shaded.
 */
void
hp_timeline_painter_set_range_lanes (HpTimelinePainter *self,
                                     const HpLaneRef   *lanes,
                                     guint              n_lanes)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (lanes != NULL || n_lanes == 0);

  if (self->range_lanes == NULL)
    self->range_lanes = g_array_new (FALSE, FALSE, sizeof (HpLaneRef));
  g_array_set_size (self->range_lanes, 0);
  g_array_append_vals (self->range_lanes, lanes, n_lanes);
  g_array_sort (self->range_lanes, cmp_lane_ref);
}

/**
 * hp_timeline_painter_get_range_lanes:
 * @n_lanes: (out): how many
 *
 * Returns: (transfer none) (array length=n_lanes) (nullable): the lanes of
 *   the selected area, by rank position then lane; %NULL for a range
 *   across every lane
 */
const HpLaneRef *
hp_timeline_painter_get_range_lanes (HpTimelinePainter *self,
                                     guint             *n_lanes)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_lanes != NULL, NULL);

  *n_lanes = self->range_lanes != NULL ? self->range_lanes->len : 0;
  return *n_lanes > 0 ? (const HpLaneRef *)(gpointer)self->range_lanes->data : NULL;
}

static void
add_lane (GArray *lanes,
          guint   rank_pos,
          guint   lane)
{
  HpLaneRef ref = { rank_pos, lane };

  if (lanes->len > 0 && cmp_lane_ref (&g_array_index (lanes, HpLaneRef, lanes->len - 1), &ref) == 0)
    return;
  g_array_append_val (lanes, ref);
}

/**
 * hp_timeline_painter_lanes_between:
 * @top: a height in the lanes' content (before scrolling), pixels
 * @bottom: another; the order does not matter
 * @lanes: (element-type HpLaneRef): where to append the lanes
 *
 * The lanes whose rows a vertical stretch of the lanes area crosses, in
 * row order: what a drag from @top to @bottom selects. A folded rank's
 * header stands for its shown lanes; counter tracks hold no events and
 * are left out.
 */
void
hp_timeline_painter_lanes_between (HpTimelinePainter *self,
                                   double             top,
                                   double             bottom,
                                   GArray            *lanes)
{
  const HpTimelineRow *rows;
  guint                n_rows;
  double               y0 = MIN (top, bottom), y1 = MAX (top, bottom);

  g_return_if_fail (self != NULL);
  g_return_if_fail (lanes != NULL);

  rows = hp_timeline_scene_get_rows (self->scene, &n_rows);
  for (guint i = 0; i < n_rows; i++)
    {
      const HpTimelineRow *row = &rows[i];

      if (row->y + row->height <= y0 || row->y > y1)
        continue;
      if (row->kind == HP_TIMELINE_ROW_SLICES)
        add_lane (lanes, row->rank_pos, row->lane);
      else if (row->kind == HP_TIMELINE_ROW_RANK && hp_timeline_scene_get_rank_collapsed (self->scene, row->rank_pos))
        {
          const HpRank *r = hp_trace_get_rank (self->trace, row->rank_pos);

          for (guint l = 0; l < r->n_lanes; l++)
            if (r->lanes[l].max_depth > 0 && hp_timeline_scene_get_lane_visible (self->scene, row->rank_pos, l))
              add_lane (lanes, row->rank_pos, l);
        }
    }
}

/* whether @row shows a lane of the area (a folded rank: one of its lanes) */
static gboolean
row_in_area (HpTimelinePainter   *self,
             const HpTimelineRow *row)
{
  HpLaneRef key = { row->rank_pos, row->lane };

  if (row->kind == HP_TIMELINE_ROW_SLICES)
    return self->range_lanes->len > 0 &&
           bsearch (&key, self->range_lanes->data, self->range_lanes->len, sizeof (HpLaneRef), cmp_lane_ref) != NULL;
  if (row->kind == HP_TIMELINE_ROW_RANK && hp_timeline_scene_get_rank_collapsed (self->scene, row->rank_pos))
    for (guint i = 0; i < self->range_lanes->len; i++)
      if (g_array_index (self->range_lanes, HpLaneRef, i).rank_pos == row->rank_pos)
        return TRUE;
  return FALSE;
}

/* The area: each run of its rows shaded and outlined from x0 to x1 */
static void
paint_area (HpTimelinePainter      *self,
            const HpTimelineMapper *m,
            cairo_t                *cr,
            double                  x0,
            double                  x1)
{
  const HpTimelineRow *rows;
  guint                n_rows;
  double               block_top = 0, block_bottom = -1;
  double               view_bottom = m->viewport.height;

  rows = hp_timeline_scene_get_rows (self->scene, &n_rows);
  cairo_save (cr);
  _hp_timeline_clip_time_area (cr, m, FALSE);
  cairo_set_line_width (cr, 1.0);
  for (guint i = 0; i <= n_rows; i++)
    {
      double   top = 0, bottom = 0;
      gboolean in = FALSE;

      if (i < n_rows)
        {
          top = _hp_timeline_row_top (m, &rows[i]);
          bottom = top + rows[i].height;
          in = bottom > m->lanes_top && top < view_bottom && row_in_area (self, &rows[i]);
        }
      /* rows of one lane, and lanes next to each other, make one block */
      if (in && block_bottom >= block_top && top - block_bottom <= HP_TIMELINE_LANE_GAP + 1)
        {
          block_bottom = bottom;
          continue;
        }
      if (block_bottom >= block_top)
        {
          cairo_rectangle (cr, x0, block_top, x1 - x0, block_bottom - block_top);
          _hp_timeline_set_source_alpha (cr, &self->accent, 0.16);
          cairo_fill_preserve (cr);
          _hp_timeline_set_source (cr, &self->accent);
          cairo_stroke (cr);
        }
      block_top = top;
      block_bottom = in ? bottom : block_top - 1;
    }
  cairo_restore (cr);
}

static void
arrow (cairo_t *cr,
       double   x0,
       double   y0,
       double   x1,
       double   y1)
{
  double dy = (y1 - y0) / 2;
  double head = 6;
  double dir = y1 >= y0 ? 1 : -1;

  cairo_move_to (cr, x0, y0);
  cairo_curve_to (cr, x0, y0 + dy, x1, y1 - dy, x1, y1 - dir * head);
  cairo_stroke (cr);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - head / 2, y1 - dir * head);
  cairo_line_to (cr, x1 + head / 2, y1 - dir * head);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* A flow from a launch to one of its GPU events, from the bottom of the
 * launch at its start to the top of the GPU event at its start. */
static gboolean
flow (const HpTimelineMapper *m,
      cairo_t                *cr,
      guint                   rank_pos,
      guint32                 launch,
      guint32                 gpu)
{
  HpRect a, b;

  if (!hp_timeline_mapper_event_rect (m, rank_pos, launch, &a) ||
      !hp_timeline_mapper_event_rect (m, rank_pos, gpu, &b))
    return FALSE;
  if (b.y >= a.y)
    arrow (cr, a.x, a.y + a.height, b.x, b.y);
  else
    arrow (cr, a.x, a.y, b.x, b.y + b.height);
  return TRUE;
}

static void
flows_of (const HpTimelineMapper *m,
          cairo_t                *cr,
          const HpRank           *r,
          guint                   rank_pos,
          guint32                 e,
          guint                   limit)
{
  guint          n_launched;
  const guint32 *launched;

  if (r->partner[e] < 0)
    return;
  if (hp_rank_get_event_lane (r, e)->is_gpu)
    {
      flow (m, cr, rank_pos, (guint32)r->partner[e], e);
      return;
    }
  launched = hp_rank_get_launched (r, e, &n_launched);
  if (launched != NULL)
    {
      for (guint k = 0; k < n_launched && k < limit; k++)
        flow (m, cr, rank_pos, e, launched[k]);
    }
  else
    flow (m, cr, rank_pos, e, (guint32)r->partner[e]);
}

static void
outline_event (HpTimelinePainter      *self,
               const HpTimelineMapper *m,
               cairo_t                *cr,
               int                     rank_pos,
               gint64                  event,
               double                  width,
               double                  alpha)
{
  HpRect rect;

  if (rank_pos < 0 || event < 0 ||
      !hp_timeline_mapper_event_rect (m, (guint)rank_pos, (guint32)event, &rect))
    return;
  /* narrow events get a marker wide enough to see */
  if (rect.width < 5)
    {
      rect.x -= (5 - rect.width) / 2;
      rect.width = 5;
    }
  cairo_rectangle (cr, rect.x + width / 2, rect.y + width / 2, rect.width - width, rect.height - width);
  _hp_timeline_set_source_alpha (cr, &self->style->foreground, alpha);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

/* Range selection, flows and selection */
void
_hp_timeline_paint_selection (const HpTimelineMapper *m,
                              cairo_t                *cr,
                              const HpChartStyle     *style,
                              gpointer                user_data)
{
  HpTimelinePainter *self = user_data;
  gboolean           show_flows = hp_timeline_scene_get_flags (self->scene) & HP_TIMELINE_SHOW_FLOWS;

  if (self->range_end > self->range_start)
    {
      double           x0 = hp_timeline_mapper_time_to_x (m, self->range_start);
      double           x1 = hp_timeline_mapper_time_to_x (m, self->range_end);
      g_autofree char *d = hp_timeline_format_duration (self->range_end - self->range_start);
      double           tw, cx;

      if (self->range_lanes != NULL && self->range_lanes->len > 0)
        {
          /* an area: its edges on the ruler, its lanes shaded */
          paint_area (self, m, cr, x0, x1);
          cairo_rectangle (cr, _hp_timeline_snap (x0, m->viewport.scale), 0, 1, m->lanes_top);
          cairo_rectangle (cr, _hp_timeline_snap (x1, m->viewport.scale), 0, 1, m->lanes_top);
        }
      else
        {
          cairo_rectangle (cr, x0, m->lanes_top, x1 - x0, m->viewport.height - m->lanes_top);
          _hp_timeline_set_source_alpha (cr, &self->accent, 0.12);
          cairo_fill (cr);
          cairo_rectangle (cr, _hp_timeline_snap (x0, m->viewport.scale), 0, 1, m->viewport.height);
          cairo_rectangle (cr, _hp_timeline_snap (x1, m->viewport.scale), 0, 1, m->viewport.height);
        }
      _hp_timeline_set_source (cr, &self->accent);
      cairo_fill (cr);

      /* the duration, in a pill on the ruler */
      tw = _hp_timeline_painter_text_width (self, self->small_font, d);
      cx = CLAMP ((x0 + x1) / 2, m->time_left + tw / 2 + 8, m->time_right - tw / 2 - 8);
      cairo_rectangle (cr, cx - tw / 2 - 6, 3, tw + 12, HP_TIMELINE_RULER_HEIGHT - 6);
      _hp_timeline_set_source (cr, &self->accent);
      cairo_fill (cr);
      {
        static const HpColor white = { 1, 1, 1, 1 };

        _hp_timeline_painter_draw_text (self, cr, self->small_font, d, cx - tw / 2, HP_TIMELINE_RULER_HEIGHT / 2, -1, &white);
      }

      /* every launch → kernel flow that starts in the range */
      if (show_flows)
        {
          const HpTimelineRow *rows;
          guint                n_rows, drawn = 0;

          rows = hp_timeline_scene_get_rows (self->scene, &n_rows);
          cairo_save (cr);
          _hp_timeline_clip_time_area (cr, m, FALSE);
          _hp_timeline_set_source_alpha (cr, &style->foreground, 0.35);
          cairo_set_line_width (cr, 1.0);
          for (guint i = 0; i < n_rows && drawn < 2000; i++)
            {
              const HpRank *r;
              const HpLane *lane;
              guint         stop;

              if (rows[i].kind != HP_TIMELINE_ROW_SLICES)
                continue;
              r = hp_trace_get_rank (self->trace, rows[i].rank_pos);
              lane = &r->lanes[rows[i].lane];
              if (lane->is_gpu)
                continue;
              stop = lane->depth_start[rows[i].depth + 1];
              for (guint p = hp_lane_first_ending_after (r, lane, rows[i].depth, self->range_start); p < stop && drawn < 2000; p++)
                {
                  guint32 e = lane->events[p];

                  if (hp_rank_get_event_start (r, e) >= self->range_end)
                    break;
                  if (hp_rank_get_event_start (r, e) >= self->range_start && r->partner[e] >= 0)
                    {
                      flows_of (m, cr, r, rows[i].rank_pos, e, 8);
                      drawn++;
                    }
                }
            }
          cairo_restore (cr);
        }
    }

  _hp_timeline_clip_time_area (cr, m, FALSE);

  if (self->selected_event >= 0)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, (guint)self->selected_rank);

      if (show_flows)
        {
          _hp_timeline_set_source (cr, &style->foreground);
          cairo_set_line_width (cr, 1.5);
          flows_of (m, cr, r, (guint)self->selected_rank, (guint32)self->selected_event, 256);
        }
      outline_event (self, m, cr, self->selected_rank, self->selected_event, 2.0, 1.0);
    }
}

/* The event under the pointer: a thin outline, none over the selected one */
void
_hp_timeline_paint_hover (HpTimelinePainter      *self,
                          const HpTimelineMapper *m,
                          cairo_t                *cr,
                          int                     rank_pos,
                          gint64                  event)
{
  if (rank_pos < 0 || event < 0 || (guint)rank_pos >= hp_trace_get_n_ranks (self->trace) ||
      event >= hp_trace_get_rank (self->trace, (guint)rank_pos)->n_events ||
      (rank_pos == self->selected_rank && event == self->selected_event))
    return;
  cairo_save (cr);
  _hp_timeline_clip_time_area (cr, m, FALSE);
  outline_event (self, m, cr, rank_pos, event, 1.0, 0.55);
  cairo_restore (cr);
}
