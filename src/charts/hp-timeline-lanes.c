/* hp-timeline-lanes.c — paints the timeline's lanes area: background and grid, event marks with their names, counter tracks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-timeline-painter-private.h"

/* Background: rank headers, iteration shading, tick grid */

/* Whether no overlay paints under the marks: none but the idle gaps, and
 * those turned off. */
static gboolean
nothing_under_marks (HpTimelinePainter *self)
{
  for (guint i = 0; i < self->overlays->len; i++)
    {
      const HpTimelineOverlayEntry *o = &g_array_index (self->overlays, HpTimelineOverlayEntry, i);

      if (o->layer != HP_TIMELINE_LAYER_UNDER)
        continue;
      if (o->id != self->idle_overlay || (hp_timeline_scene_get_flags (self->scene) & HP_TIMELINE_SHOW_IDLE))
        return FALSE;
    }
  return TRUE;
}

void
_hp_timeline_painter_paint_backdrop (HpTimelinePainter      *self,
                                     cairo_t                *cr,
                                     const HpTimelineMapper *m)
{
  const HpChartStyle    *s = self->style;
  const HpTimelineRuler *ruler = hp_timeline_frame_get_ruler (self->frame);
  const HpTimelineRow   *rows;
  guint                  first, end;
  double                 scale = m->viewport.scale;

  /* the marks in the same pass when no overlay paints under them */
  self->marks_in_backdrop = FALSE;
  self->backdrop_written = _hp_timeline_paint_backdrop_direct (self, cr, m, nothing_under_marks (self));
  if (self->backdrop_written)
    return;
  rows = _hp_timeline_visible_rows (m, &first, &end);

  cairo_save (cr);
  _hp_timeline_clip_time_area (cr, m, FALSE);

  /* the background, every other step tinted: each pixel filled once (the
   * picture is not cleared first, the gutter and ruler fill their own) */
  {
    double  x = m->time_left, h = m->viewport.height - m->lanes_top;
    HpColor tint = hp_color_mix (&s->background, &s->grid, 0.35);

    if (hp_timeline_scene_get_flags (self->scene) & HP_TIMELINE_SHOW_ITERATIONS)
      {
        guint         n_steps;
        const HpStep *steps = _hp_timeline_painter_band_steps (self, &n_steps);

        for (guint i = 1; i < n_steps; i += 2)
          {
            double x0, x1;

            if (steps[i].span.end <= m->viewport.t0 || steps[i].span.start >= m->viewport.t1)
              continue;
            x0 = MAX (_hp_timeline_snap (hp_timeline_mapper_time_to_x (m, steps[i].span.start), scale), x);
            x1 = MIN (MAX (_hp_timeline_snap (hp_timeline_mapper_time_to_x (m, steps[i].span.end), scale), x0 + 1 / scale), m->time_right);
            if (x1 <= x0)
              continue;
            cairo_rectangle (cr, x0, m->lanes_top, x1 - x0, h);
            _hp_timeline_add_box (self->boxes[0], x, m->lanes_top, x0 - x, h);
            x = x1;
          }
        _hp_timeline_set_source (cr, &tint);
        cairo_fill (cr);
      }
    _hp_timeline_add_box (self->boxes[0], x, m->lanes_top, m->time_right - x, h);
    _hp_timeline_fill_boxes (cr, self->boxes[0], &s->background, 1.0, NULL);
  }

  /* tick grid */
  for (guint i = 0; i < ruler->n_ticks; i++)
    {
      double x = _hp_timeline_snap (hp_timeline_mapper_time_to_x (m, ruler->ticks[i]), scale);

      cairo_rectangle (cr, x, m->lanes_top, 1 / scale, m->viewport.height - m->lanes_top);
    }
  _hp_timeline_set_source (cr, &s->grid);
  cairo_fill (cr);

  /* rank headers across the whole width (within the caller's clip: the
   * band of pinned tracks is painted apart) */
  cairo_restore (cr);
  cairo_save (cr);
  cairo_rectangle (cr, 0, m->lanes_top, m->viewport.width, m->viewport.height - m->lanes_top);
  cairo_clip (cr);
  for (guint i = first; i < end; i++)
    if (rows[i].kind == HP_TIMELINE_ROW_RANK)
      cairo_rectangle (cr, 0, _hp_timeline_row_top (m, &rows[i]), m->viewport.width, rows[i].height);
  _hp_timeline_set_source (cr, &self->header);
  cairo_fill (cr);

  /* lane separators */
  for (guint i = first; i < end; i++)
    {
      double y = _hp_timeline_row_top (m, &rows[i]);

      if ((rows[i].kind == HP_TIMELINE_ROW_SLICES && rows[i].depth == 0) ||
          rows[i].kind == HP_TIMELINE_ROW_COUNTER)
        cairo_rectangle (cr, 0, _hp_timeline_snap (y - HP_TIMELINE_LANE_GAP / 2, scale), m->viewport.width, 1 / scale);
      else if (rows[i].kind == HP_TIMELINE_ROW_RANK)
        cairo_rectangle (cr, 0, _hp_timeline_snap (y + rows[i].height - 1 / scale, scale), m->viewport.width, 1 / scale);
    }
  _hp_timeline_set_source (cr, &s->grid);
  cairo_fill (cr);

  cairo_restore (cr);
}

/* Events */

void
_hp_timeline_painter_paint_marks (HpTimelinePainter      *self,
                                  cairo_t                *cr,
                                  const HpTimelineMapper *m)
{
  const HpTimelineRow  *rows;
  const HpTimelineMark *marks;
  const guint32        *order;
  guint                 color_start[HP_TIMELINE_N_COLORS + 1];
  guint                 n_rows, n_marks;

  rows = hp_timeline_scene_get_rows (self->scene, &n_rows);
  marks = hp_timeline_frame_get_marks (self->frame, &n_marks);
  order = hp_timeline_frame_get_marks_by_color (self->frame, color_start);

  cairo_save (cr);
  _hp_timeline_clip_time_area (cr, m, FALSE);

  self->n_marks_written = 0;
  if (self->marks_in_backdrop || _hp_timeline_paint_marks_direct (self, cr, m, rows, marks, n_marks))
    self->n_marks_written = n_marks;
  else
    for (guint c = 0; c < HP_TIMELINE_N_COLORS; c++)
      {
        if (color_start[c] == color_start[c + 1])
          continue;
        for (guint k = color_start[c]; k < color_start[c + 1]; k++)
          {
            const HpTimelineMark *mk = &marks[order[k]];
            double                x, y, w, h;

            _hp_timeline_mark_box (m, &rows[mk->row], mk, &x, &y, &w, &h);
            cairo_rectangle (cr, x, y, w, h);
          }
        _hp_timeline_set_source (cr, &self->colors[c]);
        cairo_fill (cr);
      }

  /* names where they fit */
  {
    const HpTrace *trace = self->trace;
    const HpRank  *r = NULL;
    guint          r_pos = G_MAXUINT;

    for (guint i = 0; i < n_marks; i++)
      {
        const HpTimelineMark *mk = &marks[i];
        const HpTimelineRow  *row = &rows[mk->row];
        double                x0, x1, avail, width;
        const char           *name;
        guint32               id;

        if (!(mk->flags & HP_TIMELINE_MARK_LABEL) || row->kind != HP_TIMELINE_ROW_SLICES)
          continue;
        if (row->rank_pos != r_pos)
          {
            r_pos = row->rank_pos;
            r = hp_trace_get_rank ((HpTrace *)trace, r_pos);
          }
        /* the visible part of the box */
        x0 = MAX (mk->x, m->time_left);
        x1 = MIN (mk->x + mk->width, m->time_right);
        avail = x1 - x0 - 8;
        if (avail < HP_TIMELINE_MIN_LABEL_WIDTH - 8)
          continue;
        id = r->name[mk->event];
        name = hp_timeline_painter_get_short_name (self, id);
        if (*name == '\0')
          continue;
        if (id < self->n_strings)
          {
            if (self->name_widths[id] < 0)
              self->name_widths[id] = (float)_hp_timeline_painter_text_width (self, self->small_font, name);
            width = self->name_widths[id];
          }
        else
          width = _hp_timeline_painter_text_width (self, self->small_font, name);
        _hp_timeline_painter_draw_text (self, cr, self->small_font, name, x0 + 4, _hp_timeline_row_top (m, row) + row->height / 2, width <= avail ? -1 : avail,
                                        &self->text_colors[mk->color]);
      }
  }

  cairo_restore (cr);
}

/* Counter and memory tracks (core's HpSeries): a step function as an area, the largest value of each device
 * pixel column so short peaks stay visible. Drawn as pixel-aligned boxes
 * (one per run of equal columns, and the baseline), batched by colour over
 * every counter row: no polygon to tessellate. */
static void
layout_counter (HpTimelinePainter      *self,
                const HpTimelineMapper *m,
                const HpTimelineRow    *row,
                const HpSeries         *c,
                GArray                 *area,
                GArray                 *edge)
{
  double scale = m->viewport.scale;
  double px = 1.0 / scale;
  gsize  n_cols = (gsize)ceil ((m->time_right - m->time_left) * scale);
  double ns_per_col = (double)(m->viewport.t1 - m->viewport.t0) / MAX ((double)n_cols, 1.0);
  double top = _hp_timeline_row_top (m, row) + 4, base = _hp_timeline_row_top (m, row) + row->height - 2;
  double vmax = c->max_value > 0 ? c->max_value : 1.0;
  guint  i;

  _hp_timeline_add_box (edge, m->time_left, base - px, m->time_right - m->time_left, px);
  if (c->n_points == 0 || n_cols == 0)
    return;
  if (self->n_columns < n_cols)
    {
      self->columns = g_renew (double, self->columns, n_cols);
      self->n_columns = n_cols;
    }

  /* from the last point at or before t0 */
  i = hp_series_count_until (c, m->viewport.t0);
  for (gsize col = 0; col < n_cols; col++)
    {
      gint64 tc1 = m->viewport.t0 + (gint64)((double)(col + 1) * ns_per_col);
      double v = i > 0 ? c->values[i - 1] : 0.0;

      while (i < c->n_points && c->ts[i] < tc1)
        {
          v = MAX (v, c->values[i]);
          i++;
        }
      self->columns[col] = v;
    }

  for (gsize col = 0; col < n_cols;)
    {
      gsize  run = col + 1;
      double y;

      while (run < n_cols && self->columns[run] == self->columns[col])
        run++;
      if (self->columns[col] > 0)
        {
          y = _hp_timeline_snap (base - (base - top) * self->columns[col] / vmax, scale);
          y = MIN (y, base - px);
          _hp_timeline_add_box (area, m->time_left + col * px, y, (run - col) * px, base - y);
        }
      col = run;
    }
}

void
_hp_timeline_painter_paint_counters (HpTimelinePainter      *self,
                                     cairo_t                *cr,
                                     const HpTimelineMapper *m)
{
  const HpTimelineRow *rows;
  guint                first, end;
  guint                colors = 0; /* palette slots in view, one bit each */

  rows = _hp_timeline_visible_rows (m, &first, &end);
  for (guint i = first; i < end; i++)
    if (rows[i].kind == HP_TIMELINE_ROW_COUNTER)
      colors |= 1u << (hp_timeline_scene_get_counter (self->scene, rows[i].rank_pos, rows[i].lane)->color %
                       HP_CHART_PALETTE_SIZE);

  cairo_save (cr);
  _hp_timeline_clip_time_area (cr, m, FALSE);
  /* one batch per colour: every series drawn in it, then its fill */
  for (guint color = 0; color < HP_CHART_PALETTE_SIZE; color++)
    {
      HpColor c = self->style->palette[color];

      if (!(colors & (1u << color)))
        continue;
      for (guint i = first; i < end; i++)
        {
          const HpSeries *series;

          if (rows[i].kind != HP_TIMELINE_ROW_COUNTER)
            continue;
          series = hp_timeline_scene_get_counter (self->scene, rows[i].rank_pos, rows[i].lane);
          if (series->color % HP_CHART_PALETTE_SIZE == color)
            layout_counter (self, m, &rows[i], series, self->boxes[0], self->boxes[1]);
        }
      _hp_timeline_fill_boxes (cr, self->boxes[0], &c, 0.6, &self->style->background);
      _hp_timeline_fill_boxes (cr, self->boxes[1], &c, 1.0, NULL);
    }
  /* the peaks marked: a line across the track and a triangle on top */
  for (guint i = first; i < end; i++)
    {
      const HpSeries *series;
      double          x, top, base;

      if (rows[i].kind != HP_TIMELINE_ROW_COUNTER)
        continue;
      series = hp_timeline_scene_get_counter (self->scene, rows[i].rank_pos, rows[i].lane);
      if (!series->mark_peak || series->peak < 0 || series->max_value <= 0 ||
          series->ts[series->peak] < m->viewport.t0 || series->ts[series->peak] > m->viewport.t1)
        continue;
      x = _hp_timeline_snap (hp_timeline_mapper_time_to_x (m, series->ts[series->peak]), m->viewport.scale);
      top = _hp_timeline_row_top (m, &rows[i]) + 2;
      base = _hp_timeline_row_top (m, &rows[i]) + rows[i].height - 2;
      cairo_rectangle (cr, x, top, 1 / m->viewport.scale, base - top);
      cairo_move_to (cr, x - 4, top);
      cairo_line_to (cr, x + 4 + 1 / m->viewport.scale, top);
      cairo_line_to (cr, x + 0.5 / m->viewport.scale, top + 6);
      cairo_close_path (cr);
      _hp_timeline_set_source (cr, &self->style->foreground);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}
