/* hp-timeline-draw.c — drawing helpers the timeline painter's files share: text and short names, clips, batched boxes, the step band's steps.
 *
 * Text goes through one PangoLayout per painter, reused for every label:
 * creating a layout per label costs more than drawing it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-timeline-painter-private.h"

/* Sets the reused layout to @text in @font, ellipsised to @max_width (any
 * width when negative). */
static void
set_text (HpTimelinePainter          *self,
          const PangoFontDescription *font,
          const char                 *text,
          double                      max_width)
{
  pango_layout_set_font_description (self->pango, font);
  pango_layout_set_width (self->pango, max_width < 0 ? -1 : (int)(max_width * PANGO_SCALE));
  pango_layout_set_text (self->pango, text, -1);
}

/* Makes the text layout ready for @cr; call before drawing text. */
void
_hp_timeline_painter_ensure_pango (HpTimelinePainter *self,
                                   cairo_t           *cr)
{
  if (self->pango == NULL)
    {
      self->pango = pango_cairo_create_layout (cr);
      pango_layout_set_ellipsize (self->pango, PANGO_ELLIPSIZE_END);
      pango_layout_set_single_paragraph_mode (self->pango, TRUE);
    }
  else
    pango_cairo_update_layout (cr, self->pango);

  if (self->small_height == 0)
    {
      int h;

      set_text (self, self->small_font, "Ag", -1);
      pango_layout_get_pixel_size (self->pango, NULL, &h);
      self->small_height = h;
    }
}

/* Draws @text with its left edge at @x, centred on @cy, ellipsised to
 * @max_width (any width when negative). */
void
_hp_timeline_painter_draw_text (HpTimelinePainter          *self,
                                cairo_t                    *cr,
                                const PangoFontDescription *font,
                                const char                 *text,
                                double                      x,
                                double                      cy,
                                double                      max_width,
                                const HpColor              *color)
{
  int h;

  set_text (self, font, text, max_width);
  pango_layout_get_pixel_size (self->pango, NULL, &h);
  _hp_timeline_set_source (cr, color);
  cairo_move_to (cr, x, round (cy - h / 2.0));
  pango_cairo_show_layout (cr, self->pango);
}

double
_hp_timeline_painter_text_width (HpTimelinePainter          *self,
                                 const PangoFontDescription *font,
                                 const char                 *text)
{
  int w;

  set_text (self, font, text, -1);
  pango_layout_get_pixel_size (self->pango, &w, NULL);
  return w;
}

/* Clips to the time area: right of the gutter, under the ruler and step
 * band unless @with_ruler. */
void
_hp_timeline_clip_time_area (cairo_t                *cr,
                             const HpTimelineMapper *m,
                             gboolean                with_ruler)
{
  double top = with_ruler ? 0 : m->lanes_top;

  cairo_rectangle (cr, m->time_left, top, m->time_right - m->time_left, m->viewport.height - top);
  cairo_clip (cr);
}

/* Fills boxes with @color at @alpha over @under, and empties @boxes.
 * Overlays that paint on the plain background pass it as @under: the
 * colour is mixed here and the fill is opaque, which pixman does several
 * times faster than blending. */
void
_hp_timeline_fill_boxes (cairo_t       *cr,
                         GArray        *boxes,
                         const HpColor *color,
                         double         alpha,
                         const HpColor *under)
{
  HpColor mixed;

  if (boxes->len == 0)
    return;
  if (under != NULL && alpha < 1.0)
    {
      mixed = hp_color_mix (under, color, alpha);
      mixed.alpha = 1.0;
      color = &mixed;
      alpha = 1.0;
    }
  for (guint i = 0; i < boxes->len; i++)
    {
      const HpTimelineBox *b = &g_array_index (boxes, HpTimelineBox, i);

      cairo_rectangle (cr, b->x, b->y, b->width, b->height);
    }
  _hp_timeline_set_source_alpha (cr, color, alpha);
  cairo_fill (cr);
  g_array_set_size (boxes, 0);
}

/* The rows, and the ones in view on @m's picture: [first, end). */
const HpTimelineRow *
_hp_timeline_visible_rows (const HpTimelineMapper *m,
                           guint                  *first,
                           guint                  *end)
{
  guint n_rows;

  *first = m->first_row;
  *end = m->end_row;
  return hp_timeline_scene_get_rows (m->scene, &n_rows);
}

/* The steps the band shows: those of the first visible rank. */
const HpStep *
_hp_timeline_painter_band_steps (HpTimelinePainter *self,
                                 guint             *n_steps)
{
  HpTrace *trace = self->trace;

  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    if (hp_timeline_scene_get_rank_visible (self->scene, k))
      return hp_timeline_layout_get_steps (self->layout, k, n_steps);
  *n_steps = 0;
  return NULL;
}

/**
 * hp_timeline_painter_get_short_name:
 * @name: a string id of the painter's trace
 *
 * Returns: (transfer none): the name as the timeline writes it
 *   (hp_timeline_short_name()), made once per name and kept by the painter
 */
const char *
hp_timeline_painter_get_short_name (HpTimelinePainter *self,
                                    guint32            name)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (name >= self->n_strings)
    return "";
  if (self->short_names[name] == NULL)
    self->short_names[name] = hp_timeline_short_name (hp_trace_get_string (self->trace, name));
  return self->short_names[name];
}
