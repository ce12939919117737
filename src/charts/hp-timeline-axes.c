/* hp-timeline-axes.c — paints the timeline's gutter (rank headers, lane and counter names) and its time ruler with the step band.
 *
 * Painted after the lanes, over them: events never show through.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "hp-timeline-painter-private.h"

/* Gutter: rank headers and lane names */

/**
 * hp_timeline_painter_dup_lane_title:
 * @rank: a rank of the painter's trace
 * @lane: one of its lanes
 *
 * Returns: (transfer full): the lane's name as the gutter shows it: the
 *   trace's name for the thread or stream, else "stream N" or "thread N"
 *   in the painter's language
 */
char *
hp_timeline_painter_dup_lane_title (HpTimelinePainter *self,
                                    const HpRank      *rank,
                                    guint              lane)
{
  const HpLane *ln;
  const char   *name;
  char          id[24];

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank != NULL && lane < rank->n_lanes, NULL);

  ln = &rank->lanes[lane];
  name = ln->name != HP_NO_STRING ? hp_trace_get_string (self->trace, ln->name) : NULL;
  if (name != NULL && *name != '\0')
    return g_strstrip (g_strdup (name));
  g_snprintf (id, sizeof id, "%" G_GINT64_FORMAT, ln->tid);
  if (ln->is_gpu)
    /* Translators: the name of a timeline lane whose trace gives it none;
     * %s is the GPU stream's number */
    return g_strdup_printf (_hp_chart_tr (self->domain, N_ ("stream %s")), id);
  /* Translators: the name of a timeline lane whose trace gives it none;
   * %s is the host thread's id */
  return g_strdup_printf (_hp_chart_tr (self->domain, N_ ("thread %s")), id);
}

/**
 * hp_timeline_painter_dup_row_title:
 * @row: a row of the painter's scene
 *
 * Returns: (transfer full) (nullable): the name of the track @row belongs
 *   to as the gutter shows it; a pinned track, away from its rank, says
 *   which rank it is of ("R2 · stream 7"). %NULL for a rank's header.
 */
char *
hp_timeline_painter_dup_row_title (HpTimelinePainter   *self,
                                   const HpTimelineRow *row)
{
  const HpRank    *r;
  g_autofree char *title = NULL;

  g_return_val_if_fail (self != NULL && row != NULL, NULL);

  r = hp_trace_get_rank (self->trace, row->rank_pos);
  if (row->kind == HP_TIMELINE_ROW_SLICES)
    title = hp_timeline_painter_dup_lane_title (self, r, row->lane);
  else if (row->kind == HP_TIMELINE_ROW_COUNTER)
    title = hp_series_dup_title (hp_timeline_scene_get_counter (self->scene, row->rank_pos, row->lane), self->domain);
  else
    return NULL;
  if (!row->pinned)
    return g_steal_pointer (&title);
  /* Translators: the name of a lane pinned to the top of the timeline:
   * its rank's number, then the lane's name ("R2 · stream 7") */
  return g_strdup_printf (_hp_chart_tr (self->domain, N_ ("R%d · %s")), r->rank, title);
}

/* a pin's head beside the name of a pinned track */
static void
draw_pin (cairo_t       *cr,
          double         cy,
          const HpColor *color)
{
  cairo_arc (cr, 12, cy - 1, 3.5, 0, 2 * G_PI);
  cairo_rectangle (cr, 11.5, cy + 2, 1, 4);
  _hp_timeline_set_source (cr, color);
  cairo_fill (cr);
}

static void
draw_chevron (cairo_t       *cr,
              double         x,
              double         cy,
              gboolean       expanded,
              const HpColor *color)
{
  if (expanded)
    {
      cairo_move_to (cr, x, cy - 2.5);
      cairo_line_to (cr, x + 8, cy - 2.5);
      cairo_line_to (cr, x + 4, cy + 2.5);
    }
  else
    {
      cairo_move_to (cr, x + 2, cy - 4);
      cairo_line_to (cr, x + 7, cy);
      cairo_line_to (cr, x + 2, cy + 4);
    }
  cairo_close_path (cr);
  _hp_timeline_set_source (cr, color);
  cairo_fill (cr);
}

void
_hp_timeline_painter_paint_gutter (HpTimelinePainter      *self,
                                   cairo_t                *cr,
                                   const HpTimelineMapper *m)
{
  const HpChartStyle  *s = self->style;
  const HpTimelineRow *rows;
  guint                first, end;
  double               scale = m->viewport.scale;
  double               top;

  rows = _hp_timeline_visible_rows (m, &first, &end);
  top = m->lanes_top + hp_timeline_scene_get_pinned_band (self->scene, &m->viewport);

  cairo_save (cr);
  cairo_rectangle (cr, 0, m->lanes_top, m->time_left, m->viewport.height - m->lanes_top);
  cairo_clip (cr);
  _hp_timeline_set_source (cr, &self->gutter);
  cairo_paint (cr);

  for (guint i = first; i < end; i++)
    {
      const HpTimelineRow *row = &rows[i];
      const HpRank        *r = hp_trace_get_rank (self->trace, row->rank_pos);
      double               y = _hp_timeline_row_top (m, row);
      double               cy = y + row->height / 2;

      switch (row->kind)
        {
        case HP_TIMELINE_ROW_RANK:
          {
            gboolean         collapsed = hp_timeline_scene_get_rank_collapsed (self->scene, row->rank_pos);
            g_autofree char *title = g_strdup_printf (_hp_chart_tr (self->domain, N_ ("Rank %d")), r->rank);
            double           w;

            cairo_rectangle (cr, 0, y, m->time_left, row->height);
            _hp_timeline_set_source (cr, &self->header);
            cairo_fill (cr);
            cairo_rectangle (cr, 0, _hp_timeline_snap (y + row->height - 1 / scale, scale), m->time_left, 1 / scale);
            _hp_timeline_set_source (cr, &s->grid);
            cairo_fill (cr);
            draw_chevron (cr, 8, cy, !collapsed, &s->muted);
            _hp_timeline_painter_draw_text (self, cr, self->header_font, title, 22, cy, m->time_left - 28, &s->foreground);
            w = _hp_timeline_painter_text_width (self, self->header_font, title);
            if (r->device_type != NULL && 22 + w + 30 < m->time_left)
              _hp_timeline_painter_draw_text (self, cr, self->small_font, r->device_type, 22 + w + 8, cy, m->time_left - 22 - w - 14, &s->muted);
          }
          break;

        case HP_TIMELINE_ROW_SLICES:
          /* the name on the lane's first row, or on its first row in view
           * when the top of the lane is scrolled away (under the ruler, or
           * under the band of pinned tracks) */
          if (y + row->height > top && (row->depth == 0 || y < top + 1))
            {
              g_autofree char *title = hp_timeline_painter_dup_row_title (self, row);

              if (row->pinned)
                draw_pin (cr, MAX (cy, top + row->height / 2), &s->palette[0]);
              _hp_timeline_painter_draw_text (self, cr, self->small_font, title, 22, MAX (cy, top + row->height / 2), m->time_left - 30,
                                              &s->foreground);
            }
          break;

        case HP_TIMELINE_ROW_COUNTER:
          {
            const HpSeries  *c = hp_timeline_scene_get_counter (self->scene, row->rank_pos, row->lane);
            g_autofree char *title = hp_timeline_painter_dup_row_title (self, row);
            g_autofree char *max_text = NULL;
            char             number[32];

            if (row->pinned)
              draw_pin (cr, y + 11, &s->palette[0]);

            _hp_timeline_painter_draw_text (self, cr, self->small_font, title, 22, y + 11, m->time_left - 30, &s->foreground);
            if (c->integral)
              g_snprintf (number, sizeof number, "%.0f", c->max_value);
            else
              g_ascii_formatd (number, sizeof number, "%.3g", c->max_value);
            /* Translators: under a counter track's name in the timeline:
             * the top of its scale, a number */
            max_text = g_strdup_printf (_hp_chart_tr (self->domain, N_ ("max %s")), number);
            _hp_timeline_painter_draw_text (self, cr, self->small_font, max_text, 22, y + 25, m->time_left - 30, &s->muted);
          }
          break;

        default:
          break;
        }
    }

  /* the gutter's edge */
  cairo_rectangle (cr, m->time_left - 1 / scale, m->lanes_top, 1 / scale, m->viewport.height - m->lanes_top);
  _hp_timeline_set_source (cr, &s->grid);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* Ruler and step band */

void
_hp_timeline_painter_paint_ruler (HpTimelinePainter      *self,
                                  cairo_t                *cr,
                                  const HpTimelineMapper *m)
{
  const HpChartStyle    *s = self->style;
  const HpTimelineRuler *ruler = hp_timeline_frame_get_ruler (self->frame);
  double                 scale = m->viewport.scale;
  double                 h = HP_TIMELINE_RULER_HEIGHT;
  g_autofree char       *corner = NULL;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, m->viewport.width, m->lanes_top);
  cairo_clip (cr);
  _hp_timeline_set_source (cr, &self->gutter);
  cairo_paint (cr);

  /* the corner says what the ticks count from, or how much is in view */
  if (ruler->origin != 0)
    {
      g_autofree char *t = hp_timeline_format_time (ruler->origin);

      /* Translators: in the timeline's top left corner: the time the
       * ruler's ticks ("+40 us") count from, when it is not the start */
      corner = g_strdup_printf (_hp_chart_tr (self->domain, N_ ("from %s")), t);
    }
  else
    {
      g_autofree char *d = hp_timeline_format_duration (m->viewport.t1 - m->viewport.t0);

      /* Translators: in the timeline's top left corner: how long the
       * visible window is, "1.25 ms" */
      corner = g_strdup_printf (_hp_chart_tr (self->domain, N_ ("%s in view")), d);
    }
  _hp_timeline_painter_draw_text (self, cr, self->small_font, corner, 8, h / 2, m->time_left - 14, &s->muted);

  cairo_save (cr);
  _hp_timeline_clip_time_area (cr, m, TRUE);
  for (guint i = 0; i < ruler->n_ticks; i++)
    {
      double x = _hp_timeline_snap (hp_timeline_mapper_time_to_x (m, ruler->ticks[i]), scale);
      char   label[64];

      cairo_rectangle (cr, x, h - 7, 1 / scale, 7);
      hp_timeline_ruler_format (ruler, ruler->ticks[i], label, sizeof label);
      _hp_timeline_painter_draw_text (self, cr, self->small_font, label, x + 4, h / 2 - 2, -1, &s->muted);
    }
  _hp_timeline_set_source (cr, &s->axis);
  cairo_fill (cr);

  if (hp_timeline_scene_get_flags (self->scene) & HP_TIMELINE_SHOW_ITERATIONS)
    {
      guint         n_steps;
      const HpStep *steps = _hp_timeline_painter_band_steps (self, &n_steps);
      HpColor       even = hp_color_mix (&s->palette[7], &s->background, 0.78);
      HpColor       odd = hp_color_mix (&s->palette[7], &s->background, 0.62);
      double        by = h, bh = HP_TIMELINE_BAND_HEIGHT;

      for (guint i = 0; i < n_steps; i++)
        {
          double x0, x1;

          if (steps[i].span.end <= m->viewport.t0 || steps[i].span.start >= m->viewport.t1)
            continue;
          x0 = _hp_timeline_snap (hp_timeline_mapper_time_to_x (m, steps[i].span.start), scale);
          x1 = _hp_timeline_snap (hp_timeline_mapper_time_to_x (m, steps[i].span.end), scale);
          cairo_rectangle (cr, x0, by + 1, MAX (x1 - x0 - 1 / scale, 1 / scale), bh - 2);
          _hp_timeline_set_source (cr, i % 2 == 0 ? &even : &odd);
          cairo_fill (cr);
          if (x1 - x0 > 40)
            {
              char   label[32];
              double lx0 = MAX (x0, m->time_left), lx1 = MIN (x1, m->time_right);
              double tw;

              /* Translators: an iteration (ProfilerStep#N) in the timeline's
               * band under the ruler */
              g_snprintf (label, sizeof label, _hp_chart_tr (self->domain, N_ ("Step %d")), steps[i].number);
              tw = _hp_timeline_painter_text_width (self, self->small_font, label);
              if (lx1 - lx0 > 24)
                _hp_timeline_painter_draw_text (self, cr, self->small_font, label, MAX (lx0 + 4, (lx0 + lx1 - tw) / 2), by + bh / 2,
                                                lx1 - lx0 - 8, &s->foreground);
            }
        }
    }
  cairo_restore (cr);

  if (hp_timeline_scene_get_flags (self->scene) & HP_TIMELINE_SHOW_ITERATIONS)
    _hp_timeline_painter_draw_text (self, cr, self->small_font, _hp_chart_tr (self->domain, N_ ("Iterations")), 8, h + HP_TIMELINE_BAND_HEIGHT / 2, m->time_left - 14, &s->muted);

  /* borders */
  cairo_rectangle (cr, 0, _hp_timeline_snap (m->lanes_top - 1 / scale, scale), m->viewport.width, 1 / scale);
  cairo_rectangle (cr, m->time_left - 1 / scale, 0, 1 / scale, m->lanes_top);
  _hp_timeline_set_source (cr, &s->axis);
  cairo_fill (cr);
  cairo_restore (cr);
}
