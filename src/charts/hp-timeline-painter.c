/* hp-timeline-painter.c — paints the multi-rank timeline on any cairo_t, with pluggable overlays.
 *
 * The painter turns one frame of an #HpTimelineLayout into cairo calls:
 * marks are filled one colour at a time (one path, one fill per colour),
 * labels go through a single reused PangoLayout with text widths cached
 * per string id, and the gutter, ruler and step band are drawn last over
 * the lanes. Everything that is not the events themselves — idle gaps,
 * search highlights, selection, flows — is an overlay: a paint function
 * and a hit-test function that receive an #HpTimelineMapper. The built-in
 * ones are registered through the same hp_timeline_painter_add_overlay()
 * a critical-path overlay uses.
 *
 * The same code draws the widget's cached image, PNG, SVG and PDF files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include "hp-idle-time.h"
#include "hp-timeline-painter.h"

typedef struct
{
  guint                      id;
  HpTimelineLayer            layer;
  HpTimelineOverlayPaintFunc paint;
  HpTimelineOverlayHitFunc   hit_test;
  gpointer                   user_data;
  GDestroyNotify             destroy;
} Overlay;

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} Box;

struct _HpTimelinePainter
{
  HpTimelineLayout *layout;
  HpTrace          *trace;
  HpChartStyle     *style;
  guint             generation;

  /* colours of the mark colour indices, and of text on them */
  HpColor colors[HP_TIMELINE_N_COLORS];
  HpColor text_colors[HP_TIMELINE_N_COLORS];
  HpColor gutter;
  HpColor header;
  HpColor highlight;
  HpColor accent;

  /* text */
  PangoLayout          *pango;
  PangoFontDescription *small_font;
  PangoFontDescription *header_font;
  double                small_height;
  float                *name_widths; /* per string id, -1 until measured */
  guint                 n_strings;

  GArray *overlays; /* Overlay */
  guint   next_overlay_id;
  guint   idle_overlay;

  int    selected_rank;
  gint64 selected_event;
  int    hover_rank;
  gint64 hover_event;
  gint64 range_start;
  gint64 range_end;

  /* scratch, reused between frames */
  GArray *boxes[4]; /* Box, one batch per colour of an overlay */
  double *columns;  /* a value per device pixel column */
  gsize   n_columns;
};

/* Host-side names: twelve hues spaced around the colour wheel at one
 * lightness and a low saturation (HSL 72%/45% light, 40%/35% dark), so dark
 * text stays legible on the light ones and light text on the dark ones;
 * neighbouring indices get distant hues. No grey: grey means "dense". */
static const guint8 muted_light[HP_TIMELINE_N_NAME_COLORS][3] = {
  { 151, 184, 216 },
  { 173, 216, 151 },
  { 216, 184, 151 },
  { 194, 151, 216 },
  { 151, 216, 205 },
  { 216, 151, 151 },
  { 216, 216, 151 },
  { 151, 151, 216 },
  { 216, 151, 194 },
  { 151, 216, 173 },
  { 216, 200, 151 },
  { 151, 205, 216 },
};

static const guint8 muted_dark[HP_TIMELINE_N_NAME_COLORS][3] = {
  { 66, 102, 138 },
  { 90, 138, 66 },
  { 138, 102, 66 },
  { 114, 66, 138 },
  { 66, 138, 126 },
  { 138, 66, 66 },
  { 138, 138, 66 },
  { 66, 66, 138 },
  { 138, 66, 114 },
  { 66, 138, 90 },
  { 138, 120, 66 },
  { 66, 126, 138 },
};

static HpColor
rgb (const guint8 c[3])
{
  return (HpColor){ c[0] / 255.0, c[1] / 255.0, c[2] / 255.0, 1.0 };
}

static void
set_source (cairo_t       *cr,
            const HpColor *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

static void
set_source_alpha (cairo_t       *cr,
                  const HpColor *c,
                  double         alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

static double
snap (double v,
      double scale)
{
  return round (v * scale) / scale;
}

static void
apply_style (HpTimelinePainter *self)
{
  const HpChartStyle  *s = self->style;
  static const HpColor dark_text = { 0.11, 0.11, 0.13, 1.0 };
  static const HpColor light_text = { 1.0, 1.0, 1.0, 1.0 };

  self->colors[HP_KERNEL_CLASS_COMPUTATION] = s->kernel_computation;
  self->colors[HP_KERNEL_CLASS_COMMUNICATION] = s->kernel_communication;
  self->colors[HP_KERNEL_CLASS_MEMORY] = s->kernel_memory;
  self->colors[HP_KERNEL_CLASS_OTHER] = s->kernel_other;
  self->colors[HP_TIMELINE_COLOR_DENSE] = s->dark ? (HpColor){ 0.44, 0.47, 0.53, 1.0 } : (HpColor){ 0.62, 0.66, 0.72, 1.0 };
  for (guint i = 0; i < HP_TIMELINE_N_NAME_COLORS; i++)
    self->colors[HP_TIMELINE_COLOR_NAME_BASE + i] = rgb (s->dark ? muted_dark[i] : muted_light[i]);
  for (guint i = 0; i < HP_TIMELINE_N_COLORS; i++)
    self->text_colors[i] = hp_color_luminance (&self->colors[i]) > 0.33 ? dark_text : light_text;

  self->gutter = hp_color_mix (&s->background, &s->grid, 0.45);
  self->header = hp_color_mix (&s->background, &s->grid, 0.9);
  self->accent = s->palette[0];
  /* magenta: no kernel class, idle category or host colour is near it */
  self->highlight = s->dark ? (HpColor){ 1.0, 0.36, 0.77, 1.0 } : (HpColor){ 0.88, 0.14, 0.60, 1.0 };

  g_clear_pointer (&self->small_font, pango_font_description_free);
  g_clear_pointer (&self->header_font, pango_font_description_free);
  self->small_font = pango_font_description_new ();
  pango_font_description_set_family (self->small_font, s->tick_font.family);
  pango_font_description_set_absolute_size (self->small_font, MAX (s->tick_font.size - 1, 6) * PANGO_SCALE);
  self->header_font = pango_font_description_new ();
  pango_font_description_set_family (self->header_font, s->label_font.family);
  pango_font_description_set_absolute_size (self->header_font, MAX (s->label_font.size - 1, 6) * PANGO_SCALE);
  pango_font_description_set_weight (self->header_font, PANGO_WEIGHT_BOLD);

  for (guint i = 0; i < self->n_strings; i++)
    self->name_widths[i] = -1.0f;
  self->small_height = 0;
  self->generation++;
}

/* Built-in overlays, declared here, defined after the painting helpers */
static void     paint_idle (const HpTimelineMapper *mapper,
                            cairo_t                *cr,
                            const HpChartStyle     *style,
                            gpointer                user_data);
static gboolean hit_idle (const HpTimelineMapper *mapper,
                          double                  x,
                          double                  y,
                          HpTimelineHit          *hit,
                          gpointer                user_data);
static void     paint_highlights (const HpTimelineMapper *mapper,
                                  cairo_t                *cr,
                                  const HpChartStyle     *style,
                                  gpointer                user_data);
static void     paint_selection (const HpTimelineMapper *mapper,
                                 cairo_t                *cr,
                                 const HpChartStyle     *style,
                                 gpointer                user_data);

/**
 * hp_timeline_painter_new:
 * @trace: a loaded trace
 *
 * A painter with a fresh #HpTimelineLayout of @trace and the light style.
 *
 * Returns: (transfer full): the painter
 */
HpTimelinePainter *
hp_timeline_painter_new (HpTrace *trace)
{
  HpTimelinePainter *self;

  g_return_val_if_fail (trace != NULL, NULL);

  self = g_new0 (HpTimelinePainter, 1);
  self->layout = hp_timeline_layout_new (trace);
  self->trace = hp_trace_ref (trace);
  self->n_strings = hp_trace_get_n_strings (trace);
  self->name_widths = g_new (float, MAX (self->n_strings, 1));
  self->overlays = g_array_new (FALSE, FALSE, sizeof (Overlay));
  self->next_overlay_id = 1;
  self->selected_rank = self->hover_rank = -1;
  self->selected_event = self->hover_event = -1;
  self->range_start = self->range_end = 0;
  for (guint i = 0; i < G_N_ELEMENTS (self->boxes); i++)
    self->boxes[i] = g_array_sized_new (FALSE, FALSE, sizeof (Box), 1024);

  self->style = hp_chart_style_new_light ();
  apply_style (self);

  self->idle_overlay = hp_timeline_painter_add_overlay (self, HP_TIMELINE_LAYER_UNDER, paint_idle, hit_idle, self, NULL);
  hp_timeline_painter_add_overlay (self, HP_TIMELINE_LAYER_OVER, paint_highlights, NULL, self, NULL);
  hp_timeline_painter_add_overlay (self, HP_TIMELINE_LAYER_DYNAMIC, paint_selection, NULL, self, NULL);

  return self;
}

void
hp_timeline_painter_free (HpTimelinePainter *self)
{
  if (self == NULL)
    return;

  for (guint i = 0; i < self->overlays->len; i++)
    {
      Overlay *o = &g_array_index (self->overlays, Overlay, i);

      if (o->destroy != NULL)
        o->destroy (o->user_data);
    }
  g_array_unref (self->overlays);
  for (guint i = 0; i < G_N_ELEMENTS (self->boxes); i++)
    g_array_unref (self->boxes[i]);
  g_free (self->columns);
  g_free (self->name_widths);
  g_clear_object (&self->pango);
  g_clear_pointer (&self->small_font, pango_font_description_free);
  g_clear_pointer (&self->header_font, pango_font_description_free);
  hp_chart_style_free (self->style);
  hp_timeline_layout_unref (self->layout);
  hp_trace_unref (self->trace);
  g_free (self);
}

/**
 * hp_timeline_painter_get_layout:
 *
 * Returns: (transfer none): the layout: rows, visibility, flags, search
 */
HpTimelineLayout *
hp_timeline_painter_get_layout (HpTimelinePainter *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->layout;
}

/**
 * hp_timeline_painter_set_style:
 * @style: colours and fonts (copied)
 */
void
hp_timeline_painter_set_style (HpTimelinePainter  *self,
                               const HpChartStyle *style)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (style != NULL);

  if (hp_chart_style_equal (self->style, style))
    return;
  hp_chart_style_free (self->style);
  self->style = hp_chart_style_copy (style);
  apply_style (self);
}

/**
 * hp_timeline_painter_get_style:
 *
 * Returns: (transfer none): the style
 */
const HpChartStyle *
hp_timeline_painter_get_style (HpTimelinePainter *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->style;
}

/**
 * hp_timeline_painter_get_generation:
 *
 * Returns: a number that changes whenever the cached layers (everything
 *   but %HP_TIMELINE_LAYER_DYNAMIC) would paint differently for the same
 *   viewport: style, layout state, highlights, overlays
 */
guint
hp_timeline_painter_get_generation (HpTimelinePainter *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->generation + hp_timeline_layout_get_generation (self->layout);
}

/**
 * hp_timeline_painter_changed:
 *
 * Tells caches that an overlay's data changed.
 */
void
hp_timeline_painter_changed (HpTimelinePainter *self)
{
  g_return_if_fail (self != NULL);
  self->generation++;
}

/**
 * hp_timeline_painter_add_overlay:
 * @layer: where it paints
 * @paint: its paint function
 * @hit_test: (nullable): its hit test, for tooltips and clicks
 * @user_data: passed to both
 * @destroy: (nullable): frees @user_data with the overlay
 *
 * Adds an overlay, painted after the ones already in its layer.
 *
 * Returns: the overlay's id (never 0)
 */
guint
hp_timeline_painter_add_overlay (HpTimelinePainter         *self,
                                 HpTimelineLayer            layer,
                                 HpTimelineOverlayPaintFunc paint,
                                 HpTimelineOverlayHitFunc   hit_test,
                                 gpointer                   user_data,
                                 GDestroyNotify             destroy)
{
  Overlay o = { self->next_overlay_id++, layer, paint, hit_test, user_data, destroy };

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (paint != NULL, 0);

  g_array_append_val (self->overlays, o);
  self->generation++;
  return o.id;
}

void
hp_timeline_painter_remove_overlay (HpTimelinePainter *self,
                                    guint              id)
{
  g_return_if_fail (self != NULL);

  for (guint i = 0; i < self->overlays->len; i++)
    {
      Overlay o = g_array_index (self->overlays, Overlay, i);

      if (o.id != id)
        continue;
      g_array_remove_index (self->overlays, i);
      if (o.destroy != NULL)
        o.destroy (o.user_data);
      self->generation++;
      return;
    }
}

/**
 * hp_timeline_painter_get_idle_overlay:
 *
 * Returns: the id of the built-in idle-gap overlay (its hits carry the
 *   #HpIdleCategory in `item`)
 */
guint
hp_timeline_painter_get_idle_overlay (HpTimelinePainter *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->idle_overlay;
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

  self->selected_rank = event >= 0 ? rank_pos : -1;
  self->selected_event = rank_pos >= 0 ? event : -1;
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

void
hp_timeline_painter_set_hover (HpTimelinePainter *self,
                               int                rank_pos,
                               gint64             event)
{
  g_return_if_fail (self != NULL);

  self->hover_rank = event >= 0 ? rank_pos : -1;
  self->hover_event = rank_pos >= 0 ? event : -1;
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

/* Text */

static void
ensure_pango (HpTimelinePainter *self,
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

      pango_layout_set_font_description (self->pango, self->small_font);
      pango_layout_set_width (self->pango, -1);
      pango_layout_set_text (self->pango, "Ag", -1);
      pango_layout_get_pixel_size (self->pango, NULL, &h);
      self->small_height = h;
    }
}

/* Draws @text with its left edge at @x, centred on @cy, ellipsised to
 * @max_width (any width when negative). */
static void
draw_text (HpTimelinePainter          *self,
           cairo_t                    *cr,
           const PangoFontDescription *font,
           const char                 *text,
           double                      x,
           double                      cy,
           double                      max_width,
           const HpColor              *color)
{
  int h;

  pango_layout_set_font_description (self->pango, font);
  pango_layout_set_width (self->pango, max_width < 0 ? -1 : (int)(max_width * PANGO_SCALE));
  pango_layout_set_text (self->pango, text, -1);
  pango_layout_get_pixel_size (self->pango, NULL, &h);
  set_source (cr, color);
  cairo_move_to (cr, x, round (cy - h / 2.0));
  pango_cairo_show_layout (cr, self->pango);
}

static double
text_width (HpTimelinePainter          *self,
            const PangoFontDescription *font,
            const char                 *text)
{
  int w;

  pango_layout_set_font_description (self->pango, font);
  pango_layout_set_width (self->pango, -1);
  pango_layout_set_text (self->pango, text, -1);
  pango_layout_get_pixel_size (self->pango, &w, NULL);
  return w;
}

/* Geometry helpers */

static double
row_top (const HpTimelineMapper *m,
         const HpTimelineRow    *row)
{
  return snap (m->lanes_top + row->y - m->viewport.scroll_y, m->viewport.scale);
}

static void
clip_time_area (cairo_t                *cr,
                const HpTimelineMapper *m,
                gboolean                with_ruler)
{
  double top = with_ruler ? 0 : m->lanes_top;

  cairo_rectangle (cr, m->time_left, top, m->time_right - m->time_left, m->viewport.height - top);
  cairo_clip (cr);
}

/* Fills boxes with @color at @alpha over @under. Overlays that paint on
 * the plain background pass it as @under: the colour is mixed here and the
 * fill is opaque, which pixman does several times faster than blending. */
static void
fill_boxes (cairo_t       *cr,
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
      const Box *b = &g_array_index (boxes, Box, i);

      cairo_rectangle (cr, b->x, b->y, b->width, b->height);
    }
  set_source_alpha (cr, color, alpha);
  cairo_fill (cr);
  g_array_set_size (boxes, 0);
}

static void
add_box (GArray *boxes,
         double  x,
         double  y,
         double  width,
         double  height)
{
  Box b = { x, y, width, height };

  g_array_append_val (boxes, b);
}

/* The steps the band shows: those of the first visible rank. */
static const HpTimelineStep *
band_steps (HpTimelinePainter *self,
            guint             *n_steps)
{
  HpTrace *trace = self->trace;

  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    if (hp_timeline_layout_get_rank_visible (self->layout, k))
      return hp_timeline_layout_get_steps (self->layout, k, n_steps);
  *n_steps = 0;
  return NULL;
}

/* Background: rank headers, iteration shading, tick grid */

static void
paint_backdrop (HpTimelinePainter      *self,
                cairo_t                *cr,
                const HpTimelineMapper *m)
{
  const HpChartStyle    *s = self->style;
  const HpTimelineRuler *ruler = hp_timeline_layout_get_ruler (self->layout);
  const HpTimelineRow   *rows;
  guint                  n_rows, first, end;
  double                 scale = m->viewport.scale;

  rows = hp_timeline_layout_get_rows (self->layout, &n_rows);
  hp_timeline_layout_get_visible_rows (self->layout, &first, &end);

  cairo_save (cr);
  clip_time_area (cr, m, FALSE);

  /* the background, every other step tinted: each pixel filled once (the
   * picture is not cleared first, the gutter and ruler fill their own) */
  {
    double  x = m->time_left, h = m->viewport.height - m->lanes_top;
    HpColor tint = hp_color_mix (&s->background, &s->grid, 0.35);

    if (hp_timeline_layout_get_flags (self->layout) & HP_TIMELINE_SHOW_ITERATIONS)
      {
        guint                 n_steps;
        const HpTimelineStep *steps = band_steps (self, &n_steps);

        for (guint i = 1; i < n_steps; i += 2)
          {
            double x0, x1;

            if (steps[i].end <= m->viewport.t0 || steps[i].start >= m->viewport.t1)
              continue;
            x0 = MAX (snap (hp_timeline_mapper_time_to_x (m, steps[i].start), scale), x);
            x1 = MIN (MAX (snap (hp_timeline_mapper_time_to_x (m, steps[i].end), scale), x0 + 1 / scale), m->time_right);
            if (x1 <= x0)
              continue;
            cairo_rectangle (cr, x0, m->lanes_top, x1 - x0, h);
            add_box (self->boxes[0], x, m->lanes_top, x0 - x, h);
            x = x1;
          }
        set_source (cr, &tint);
        cairo_fill (cr);
      }
    add_box (self->boxes[0], x, m->lanes_top, m->time_right - x, h);
    fill_boxes (cr, self->boxes[0], &s->background, 1.0, NULL);
  }

  /* tick grid */
  for (guint i = 0; i < ruler->n_ticks; i++)
    {
      double x = snap (hp_timeline_mapper_time_to_x (m, ruler->ticks[i]), scale);

      cairo_rectangle (cr, x, m->lanes_top, 1 / scale, m->viewport.height - m->lanes_top);
    }
  set_source (cr, &s->grid);
  cairo_fill (cr);

  /* rank headers across the whole width */
  cairo_reset_clip (cr);
  cairo_rectangle (cr, 0, m->lanes_top, m->viewport.width, m->viewport.height - m->lanes_top);
  cairo_clip (cr);
  for (guint i = first; i < end; i++)
    if (rows[i].kind == HP_TIMELINE_ROW_RANK)
      cairo_rectangle (cr, 0, row_top (m, &rows[i]), m->viewport.width, rows[i].height);
  set_source (cr, &self->header);
  cairo_fill (cr);

  /* lane separators */
  for (guint i = first; i < end; i++)
    {
      double y = row_top (m, &rows[i]);

      if ((rows[i].kind == HP_TIMELINE_ROW_SLICES && rows[i].depth == 0) ||
          rows[i].kind == HP_TIMELINE_ROW_COUNTER)
        cairo_rectangle (cr, 0, snap (y - HP_TIMELINE_LANE_GAP / 2, scale), m->viewport.width, 1 / scale);
      else if (rows[i].kind == HP_TIMELINE_ROW_RANK)
        cairo_rectangle (cr, 0, snap (y + rows[i].height - 1 / scale, scale), m->viewport.width, 1 / scale);
    }
  set_source (cr, &s->grid);
  cairo_fill (cr);

  cairo_restore (cr);
}

/* Events */

static void
paint_marks (HpTimelinePainter      *self,
             cairo_t                *cr,
             const HpTimelineMapper *m)
{
  const HpTimelineRow  *rows;
  const HpTimelineMark *marks;
  const guint32        *order;
  guint                 color_start[HP_TIMELINE_N_COLORS + 1];
  guint                 n_rows, n_marks;
  double                scale = m->viewport.scale;
  double                px = 1.0 / scale;

  rows = hp_timeline_layout_get_rows (self->layout, &n_rows);
  marks = hp_timeline_layout_get_marks (self->layout, &n_marks);
  order = hp_timeline_layout_get_marks_by_color (self->layout, color_start);

  cairo_save (cr);
  clip_time_area (cr, m, FALSE);

  for (guint c = 0; c < HP_TIMELINE_N_COLORS; c++)
    {
      if (color_start[c] == color_start[c + 1])
        continue;
      for (guint k = color_start[c]; k < color_start[c + 1]; k++)
        {
          const HpTimelineMark *mk = &marks[order[k]];
          const HpTimelineRow  *row = &rows[mk->row];
          double                y = row_top (m, row);
          double                h = row->height;
          double                w = mk->width;

          if (row->kind == HP_TIMELINE_ROW_RANK)
            {
              y += 6;
              h -= 12;
            }
          else
            {
              y += 1;
              h -= 2;
            }
          /* a device pixel of air between neighbouring boxes */
          if (!(mk->flags & HP_TIMELINE_MARK_MERGED) && w >= 3 * px)
            w -= px;
          cairo_rectangle (cr, mk->x, y, w, h);
        }
      set_source (cr, &self->colors[c]);
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
        name = hp_timeline_layout_get_short_name (self->layout, id);
        if (*name == '\0')
          continue;
        if (id < self->n_strings)
          {
            if (self->name_widths[id] < 0)
              self->name_widths[id] = (float)text_width (self, self->small_font, name);
            width = self->name_widths[id];
          }
        else
          width = text_width (self, self->small_font, name);
        draw_text (self, cr, self->small_font, name, x0 + 4, row_top (m, row) + row->height / 2, width <= avail ? -1 : avail,
                   &self->text_colors[mk->color]);
      }
  }

  cairo_restore (cr);
}

/* Counters: a step function as an area, the largest value of each device
 * pixel column so short peaks stay visible. Drawn as pixel-aligned boxes
 * (one per run of equal columns, and the baseline), batched by colour over
 * every counter row: no polygon to tessellate. */
static void
layout_counter (HpTimelinePainter       *self,
                const HpTimelineMapper  *m,
                const HpTimelineRow     *row,
                const HpTimelineCounter *c,
                GArray                  *area,
                GArray                  *edge)
{
  double scale = m->viewport.scale;
  double px = 1.0 / scale;
  gsize  n_cols = (gsize)ceil ((m->time_right - m->time_left) * scale);
  double ns_per_col = (double)(m->viewport.t1 - m->viewport.t0) / MAX ((double)n_cols, 1.0);
  double top = row_top (m, row) + 4, base = row_top (m, row) + row->height - 2;
  double vmax = c->max_value > 0 ? c->max_value : 1.0;
  guint  lo = 0, hi = c->n_points, i;

  add_box (edge, m->time_left, base - px, m->time_right - m->time_left, px);
  if (c->n_points == 0 || n_cols == 0)
    return;
  if (self->n_columns < n_cols)
    {
      self->columns = g_renew (double, self->columns, n_cols);
      self->n_columns = n_cols;
    }

  /* the last point at or before t0 */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (c->ts[mid] <= m->viewport.t0)
        lo = mid + 1;
      else
        hi = mid;
    }
  i = lo;
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
          y = snap (base - (base - top) * self->columns[col] / vmax, scale);
          y = MIN (y, base - px);
          add_box (area, m->time_left + col * px, y, (run - col) * px, base - y);
        }
      col = run;
    }
}

static void
paint_counters (HpTimelinePainter      *self,
                cairo_t                *cr,
                const HpTimelineMapper *m)
{
  const HpTimelineRow *rows;
  guint                n_rows, first, end;
  HpColor              queue = self->style->palette[7];
  HpColor              memory = self->style->kernel_memory;

  rows = hp_timeline_layout_get_rows (self->layout, &n_rows);
  hp_timeline_layout_get_visible_rows (self->layout, &first, &end);

  for (guint i = first; i < end; i++)
    {
      const HpTimelineCounter *c;
      gboolean                 is_queue;

      if (rows[i].kind != HP_TIMELINE_ROW_COUNTER)
        continue;
      c = hp_timeline_layout_get_counter (self->layout, rows[i].rank_pos, rows[i].lane);
      is_queue = c->kind == HP_TIMELINE_COUNTER_QUEUE_LENGTH;
      layout_counter (self, m, &rows[i], c, self->boxes[is_queue ? 0 : 2], self->boxes[is_queue ? 1 : 3]);
    }

  cairo_save (cr);
  clip_time_area (cr, m, FALSE);
  fill_boxes (cr, self->boxes[0], &queue, 0.6, &self->style->background);
  fill_boxes (cr, self->boxes[1], &queue, 1.0, NULL);
  fill_boxes (cr, self->boxes[2], &memory, 0.6, &self->style->background);
  fill_boxes (cr, self->boxes[3], &memory, 1.0, NULL);
  cairo_restore (cr);
}

/* Gutter: rank headers and lane names */

static char *
lane_title (HpTimelinePainter *self,
            const HpRank      *r,
            guint              lane)
{
  const HpLane *ln = &r->lanes[lane];
  const char   *name = ln->name != HP_NO_STRING ? hp_trace_get_string (self->trace, ln->name) : NULL;
  char         *title;

  if (name != NULL && *name != '\0')
    title = g_strdup (name);
  else if (ln->is_gpu)
    title = g_strdup_printf ("stream %" G_GINT64_FORMAT, ln->tid);
  else
    title = g_strdup_printf ("thread %" G_GINT64_FORMAT, ln->tid);
  return g_strstrip (title);
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
  set_source (cr, color);
  cairo_fill (cr);
}

static void
paint_gutter (HpTimelinePainter      *self,
              cairo_t                *cr,
              const HpTimelineMapper *m)
{
  const HpChartStyle  *s = self->style;
  const HpTimelineRow *rows;
  guint                n_rows, first, end;
  double               scale = m->viewport.scale;

  rows = hp_timeline_layout_get_rows (self->layout, &n_rows);
  hp_timeline_layout_get_visible_rows (self->layout, &first, &end);

  cairo_save (cr);
  cairo_rectangle (cr, 0, m->lanes_top, m->time_left, m->viewport.height - m->lanes_top);
  cairo_clip (cr);
  set_source (cr, &self->gutter);
  cairo_paint (cr);

  for (guint i = first; i < end; i++)
    {
      const HpTimelineRow *row = &rows[i];
      const HpRank        *r = hp_trace_get_rank (self->trace, row->rank_pos);
      double               y = row_top (m, row);
      double               cy = y + row->height / 2;

      switch (row->kind)
        {
        case HP_TIMELINE_ROW_RANK:
          {
            gboolean         collapsed = hp_timeline_layout_get_rank_collapsed (self->layout, row->rank_pos);
            g_autofree char *title = g_strdup_printf ("Rank %d", r->rank);
            double           w;

            cairo_rectangle (cr, 0, y, m->time_left, row->height);
            set_source (cr, &self->header);
            cairo_fill (cr);
            cairo_rectangle (cr, 0, snap (y + row->height - 1 / scale, scale), m->time_left, 1 / scale);
            set_source (cr, &s->grid);
            cairo_fill (cr);
            draw_chevron (cr, 8, cy, !collapsed, &s->muted);
            draw_text (self, cr, self->header_font, title, 22, cy, m->time_left - 28, &s->foreground);
            w = text_width (self, self->header_font, title);
            if (r->device_type != NULL && 22 + w + 30 < m->time_left)
              draw_text (self, cr, self->small_font, r->device_type, 22 + w + 8, cy, m->time_left - 22 - w - 14, &s->muted);
          }
          break;

        case HP_TIMELINE_ROW_SLICES:
          /* the name on the lane's first row, or on its first row in view
           * when the top of the lane is scrolled away */
          if (row->depth == 0 || (i == first && y < m->lanes_top + 1))
            {
              g_autofree char *title = lane_title (self, r, row->lane);

              draw_text (self, cr, self->small_font, title, 22, MAX (cy, m->lanes_top + row->height / 2), m->time_left - 30,
                         &s->foreground);
            }
          break;

        case HP_TIMELINE_ROW_COUNTER:
          {
            const HpTimelineCounter *c = hp_timeline_layout_get_counter (self->layout, row->rank_pos, row->lane);
            char                     max_text[64];

            draw_text (self, cr, self->small_font, c->title, 22, y + 11, m->time_left - 30, &s->foreground);
            if (c->kind == HP_TIMELINE_COUNTER_QUEUE_LENGTH)
              g_snprintf (max_text, sizeof max_text, "max %.0f", c->max_value);
            else
              {
                char number[32];

                g_ascii_formatd (number, sizeof number, "%.3g", c->max_value);
                g_snprintf (max_text, sizeof max_text, "max %s", number);
              }
            draw_text (self, cr, self->small_font, max_text, 22, y + 25, m->time_left - 30, &s->muted);
          }
          break;

        default:
          break;
        }
    }

  /* the gutter's edge */
  cairo_rectangle (cr, m->time_left - 1 / scale, m->lanes_top, 1 / scale, m->viewport.height - m->lanes_top);
  set_source (cr, &s->grid);
  cairo_fill (cr);
  cairo_restore (cr);
}

/* Ruler and step band */

static void
paint_ruler (HpTimelinePainter      *self,
             cairo_t                *cr,
             const HpTimelineMapper *m)
{
  const HpChartStyle    *s = self->style;
  const HpTimelineRuler *ruler = hp_timeline_layout_get_ruler (self->layout);
  double                 scale = m->viewport.scale;
  double                 h = HP_TIMELINE_RULER_HEIGHT;
  g_autofree char       *corner = NULL;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, m->viewport.width, m->lanes_top);
  cairo_clip (cr);
  set_source (cr, &self->gutter);
  cairo_paint (cr);

  /* the corner says what the ticks count from, or how much is in view */
  if (ruler->origin != 0)
    {
      g_autofree char *t = hp_timeline_format_time (ruler->origin);

      corner = g_strdup_printf ("from %s", t);
    }
  else
    {
      g_autofree char *d = hp_timeline_format_duration (m->viewport.t1 - m->viewport.t0);

      corner = g_strdup_printf ("%s in view", d);
    }
  draw_text (self, cr, self->small_font, corner, 8, h / 2, m->time_left - 14, &s->muted);

  cairo_save (cr);
  clip_time_area (cr, m, TRUE);
  for (guint i = 0; i < ruler->n_ticks; i++)
    {
      double x = snap (hp_timeline_mapper_time_to_x (m, ruler->ticks[i]), scale);
      char   label[64];

      cairo_rectangle (cr, x, h - 7, 1 / scale, 7);
      hp_timeline_ruler_format (ruler, ruler->ticks[i], label, sizeof label);
      draw_text (self, cr, self->small_font, label, x + 4, h / 2 - 2, -1, &s->muted);
    }
  set_source (cr, &s->axis);
  cairo_fill (cr);

  if (hp_timeline_layout_get_flags (self->layout) & HP_TIMELINE_SHOW_ITERATIONS)
    {
      guint                 n_steps;
      const HpTimelineStep *steps = band_steps (self, &n_steps);
      HpColor               even = hp_color_mix (&s->palette[7], &s->background, 0.78);
      HpColor               odd = hp_color_mix (&s->palette[7], &s->background, 0.62);
      double                by = h, bh = HP_TIMELINE_BAND_HEIGHT;

      for (guint i = 0; i < n_steps; i++)
        {
          double x0, x1;

          if (steps[i].end <= m->viewport.t0 || steps[i].start >= m->viewport.t1)
            continue;
          x0 = snap (hp_timeline_mapper_time_to_x (m, steps[i].start), scale);
          x1 = snap (hp_timeline_mapper_time_to_x (m, steps[i].end), scale);
          cairo_rectangle (cr, x0, by + 1, MAX (x1 - x0 - 1 / scale, 1 / scale), bh - 2);
          set_source (cr, i % 2 == 0 ? &even : &odd);
          cairo_fill (cr);
          if (x1 - x0 > 40)
            {
              char   label[32];
              double lx0 = MAX (x0, m->time_left), lx1 = MIN (x1, m->time_right);
              double tw;

              g_snprintf (label, sizeof label, "Step %d", steps[i].number);
              tw = text_width (self, self->small_font, label);
              if (lx1 - lx0 > 24)
                draw_text (self, cr, self->small_font, label, MAX (lx0 + 4, (lx0 + lx1 - tw) / 2), by + bh / 2,
                           lx1 - lx0 - 8, &s->foreground);
            }
        }
    }
  cairo_restore (cr);

  if (hp_timeline_layout_get_flags (self->layout) & HP_TIMELINE_SHOW_ITERATIONS)
    draw_text (self, cr, self->small_font, "Iterations", 8, h + HP_TIMELINE_BAND_HEIGHT / 2, m->time_left - 14, &s->muted);

  /* borders */
  cairo_rectangle (cr, 0, snap (m->lanes_top - 1 / scale, scale), m->viewport.width, 1 / scale);
  cairo_rectangle (cr, m->time_left - 1 / scale, 0, 1 / scale, m->lanes_top);
  set_source (cr, &s->axis);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
paint_layer (HpTimelinePainter      *self,
             cairo_t                *cr,
             const HpTimelineMapper *m,
             HpTimelineLayer         layer)
{
  for (guint i = 0; i < self->overlays->len; i++)
    {
      Overlay *o = &g_array_index (self->overlays, Overlay, i);

      if (o->layer != layer)
        continue;
      cairo_save (cr);
      clip_time_area (cr, m, TRUE);
      o->paint (m, cr, self->style, o->user_data);
      cairo_restore (cr);
    }
}

static HpTimelineViewport
sanitize (const HpTimelineViewport *viewport)
{
  HpTimelineViewport v = *viewport;

  if (!(v.scale > 0))
    v.scale = 1.0;
  v.scroll_y = round (MAX (v.scroll_y, 0) * v.scale) / v.scale;
  return v;
}

/**
 * hp_timeline_painter_paint:
 * @cr: where to paint; user space in pixels, (0, 0) the top left corner
 * @viewport: what to show
 *
 * Lays out and paints everything but %HP_TIMELINE_LAYER_DYNAMIC: what a
 * view caches.
 */
void
hp_timeline_painter_paint (HpTimelinePainter        *self,
                           cairo_t                  *cr,
                           const HpTimelineViewport *viewport)
{
  HpTimelineViewport v;
  HpTimelineMapper   m;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (viewport != NULL && viewport->t1 > viewport->t0);

  v = sanitize (viewport);
  hp_timeline_layout_update (self->layout, &v);
  hp_timeline_mapper_init (&m, self->layout, &v);
  ensure_pango (self, cr);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, v.width, v.height);
  cairo_clip (cr);

  paint_backdrop (self, cr, &m);
  paint_layer (self, cr, &m, HP_TIMELINE_LAYER_UNDER);
  paint_marks (self, cr, &m);
  paint_counters (self, cr, &m);
  paint_gutter (self, cr, &m);
  paint_ruler (self, cr, &m);
  /* over the ruler too: overlays may mark times there */
  paint_layer (self, cr, &m, HP_TIMELINE_LAYER_OVER);
  cairo_restore (cr);
}

/**
 * hp_timeline_painter_paint_dynamic:
 * @cr: where to paint, over the picture hp_timeline_painter_paint() made
 * @viewport: the same viewport
 *
 * Paints the %HP_TIMELINE_LAYER_DYNAMIC overlays: hover, selection, flows,
 * range.
 */
void
hp_timeline_painter_paint_dynamic (HpTimelinePainter        *self,
                                   cairo_t                  *cr,
                                   const HpTimelineViewport *viewport)
{
  HpTimelineViewport v;
  HpTimelineMapper   m;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (viewport != NULL && viewport->t1 > viewport->t0);

  v = sanitize (viewport);
  hp_timeline_mapper_init (&m, self->layout, &v);
  ensure_pango (self, cr);
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, v.width, v.height);
  cairo_clip (cr);
  paint_layer (self, cr, &m, HP_TIMELINE_LAYER_DYNAMIC);
  cairo_restore (cr);
}

/**
 * hp_timeline_painter_hit_test:
 * @viewport: the picture
 * @x: a point
 * @y:
 * @hit: (out caller-allocates): what is there; clear it with
 *   hp_timeline_hit_clear()
 *
 * Asks the lanes, then the overlays from the top layer down.
 *
 * Returns: whether something is there
 */
gboolean
hp_timeline_painter_hit_test (HpTimelinePainter        *self,
                              const HpTimelineViewport *viewport,
                              double                    x,
                              double                    y,
                              HpTimelineHit            *hit)
{
  HpTimelineViewport v;
  HpTimelineMapper   m;
  gboolean           found;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (viewport != NULL && hit != NULL, FALSE);

  v = sanitize (viewport);
  found = hp_timeline_layout_hit_test (self->layout, &v, x, y, hit);
  if (x < HP_TIMELINE_GUTTER_WIDTH)
    return found;
  hp_timeline_mapper_init (&m, self->layout, &v);
  for (int layer = HP_TIMELINE_LAYER_DYNAMIC; layer >= HP_TIMELINE_LAYER_UNDER; layer--)
    for (guint i = self->overlays->len; i-- > 0;)
      {
        Overlay *o = &g_array_index (self->overlays, Overlay, i);

        if ((int)o->layer != layer || o->hit_test == NULL)
          continue;
        if (o->hit_test (&m, x, y, hit, o->user_data))
          {
            hit->kind = HP_TIMELINE_HIT_OVERLAY;
            hit->overlay = o->id;
            return TRUE;
          }
      }
  return found;
}

/* Built-in overlays */

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

/* Idle gaps of GPU streams, shaded by category over the lane's rows; gaps
 * narrower than a pixel merge per pixel column and category. */
static void
paint_idle (const HpTimelineMapper *m,
            cairo_t                *cr,
            const HpChartStyle     *style,
            gpointer                user_data)
{
  HpTimelinePainter   *self = user_data;
  const HpTimelineRow *rows;
  guint                n_rows, first, end;
  double               scale = m->viewport.scale;
  double               ppx = (m->time_right - m->time_left) * scale / (double)(m->viewport.t1 - m->viewport.t0);

  if (!(hp_timeline_layout_get_flags (self->layout) & HP_TIMELINE_SHOW_IDLE))
    return;

  rows = hp_timeline_layout_get_rows (self->layout, &n_rows);
  hp_timeline_layout_get_visible_rows (self->layout, &first, &end);
  cairo_rectangle (cr, m->time_left, m->lanes_top, m->time_right - m->time_left, m->viewport.height - m->lanes_top);
  cairo_clip (cr);

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
      gaps = hp_timeline_layout_get_idle_intervals (self->layout, row->rank_pos, row->lane);
      if (gaps == NULL || gaps->len == 0)
        continue;
      y = row_top (m, row);
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
          if (run_c1[cat] > run_c0[cat])
            add_box (self->boxes[cat], m->time_left + run_c0[cat] / scale, y, (run_c1[cat] - run_c0[cat]) / scale, h);
          run_c0[cat] = c0;
          run_c1[cat] = c1;
        }
      for (guint c = 0; c < HP_N_IDLE_CATEGORIES; c++)
        if (run_c1[c] > run_c0[c])
          add_box (self->boxes[c], m->time_left + run_c0[c] / scale, y, (run_c1[c] - run_c0[c]) / scale, h);
    }
  for (guint c = 0; c < HP_N_IDLE_CATEGORIES; c++)
    {
      HpColor color = idle_color (style, c);

      fill_boxes (cr, self->boxes[c], &color, 0.42, &style->background);
    }
}

static gboolean
hit_idle (const HpTimelineMapper *m,
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
  double                ns_per_px;
  gint64                tol;

  if (!(hp_timeline_layout_get_flags (self->layout) & HP_TIMELINE_SHOW_IDLE))
    return FALSE;
  if (hit->kind == HP_TIMELINE_HIT_EVENT || hit->row < 0)
    return FALSE;
  rows = hp_timeline_layout_get_rows (self->layout, &n_rows);
  if (rows[hit->row].kind != HP_TIMELINE_ROW_SLICES)
    return FALSE;
  gaps = hp_timeline_layout_get_idle_intervals (self->layout, rows[hit->row].rank_pos, rows[hit->row].lane);
  if (gaps == NULL)
    return FALSE;

  /* narrow gaps are drawn a pixel wide: accept a pixel around them */
  ns_per_px = (double)(m->viewport.t1 - m->viewport.t0) / MAX (m->time_right - m->time_left, 1.0);
  tol = (gint64)ceil (ns_per_px);
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

    hit->text = g_strdup_printf ("Idle %s (%s) before the next kernel", d, hp_idle_category_to_string (gap->category));
  }
  return TRUE;
}

/* Search matches and linked instances: outlined boxes, and pixel columns
 * for those too narrow to outline; ticks under the ruler show where they
 * are along the window. */
static void
paint_highlights (const HpTimelineMapper *m,
                  cairo_t                *cr,
                  const HpChartStyle     *style,
                  gpointer                user_data)
{
  HpTimelinePainter   *self = user_data;
  HpTimelineLayout    *layout = self->layout;
  const HpTimelineRow *rows;
  guint                n_rows, first, end;
  double               scale = m->viewport.scale;
  double               ppx = (m->time_right - m->time_left) * scale / (double)(m->viewport.t1 - m->viewport.t0);
  GArray              *wide = self->boxes[0], *narrow = self->boxes[1], *ticks = self->boxes[2];

  if (hp_timeline_layout_get_n_highlights (layout) == 0)
    return;

  rows = hp_timeline_layout_get_rows (layout, &n_rows);
  hp_timeline_layout_get_visible_rows (layout, &first, &end);

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
      hl = hp_timeline_layout_get_lane_highlights (layout, row->rank_pos, row->lane);
      if (hl == NULL || hl->len == 0)
        continue;
      r = hp_trace_get_rank (self->trace, row->rank_pos);
      lane = &r->lanes[row->lane];
      y = row_top (m, row);
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
          if (r->ts[e] >= m->viewport.t1)
            break;
          xs = (double)(r->ts[e] - m->viewport.t0) * ppx;
          xe = (double)(r->ts[e] + MAX (r->dur[e], 0) - m->viewport.t0) * ppx;
          c0 = hp_timeline_floor (xs);
          c1 = MAX (hp_timeline_ceil (xe), c0 + 1);
          if (c1 - c0 >= 4)
            add_box (wide, m->time_left + c0 / scale + 1, y + 2, (c1 - c0) / scale - 2, row->height - 4);
          else if (c1 - 1 > last_col)
            {
              c0 = MAX (c0, last_col + 1);
              last_col = c1 - 1;
              add_box (narrow, m->time_left + c0 / scale, y, MAX ((c1 - c0) / scale, 2.0), row->height);
            }
        }
    }

  /* where the matches are, under the ruler */
  {
    guint   n = hp_timeline_layout_get_n_highlights (layout);
    guint   lo = 0, hi = n;
    gint64  last_col = G_MININT64;
    guint   rank_pos;
    guint32 e;

    while (lo < hi)
      {
        guint mid = lo + (hi - lo) / 2;

        hp_timeline_layout_get_highlight (layout, mid, &rank_pos, &e);
        if (hp_trace_get_rank (self->trace, rank_pos)->ts[e] < m->viewport.t0)
          lo = mid + 1;
        else
          hi = mid;
      }
    for (; lo < n; lo++)
      {
        gint64 ts, col;

        hp_timeline_layout_get_highlight (layout, lo, &rank_pos, &e);
        ts = hp_trace_get_rank (self->trace, rank_pos)->ts[e];
        if (ts >= m->viewport.t1)
          break;
        col = (gint64)floor ((double)(ts - m->viewport.t0) * ppx);
        if (col <= last_col)
          continue;
        last_col = col + (gint64)scale;
        add_box (ticks, m->time_left + col / scale, HP_TIMELINE_RULER_HEIGHT - 5, 2, 4);
      }
  }

  fill_boxes (cr, ticks, &self->highlight, 1.0, NULL);
  cairo_rectangle (cr, m->time_left, m->lanes_top, m->time_right - m->time_left, m->viewport.height - m->lanes_top);
  cairo_clip (cr);
  fill_boxes (cr, narrow, &self->highlight, 1.0, NULL);
  for (guint i = 0; i < wide->len; i++)
    {
      const Box *b = &g_array_index (wide, Box, i);

      cairo_rectangle (cr, b->x, b->y, b->width, b->height);
    }
  set_source (cr, &self->highlight);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
  g_array_set_size (wide, 0);
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
  if (r->partner[e] < 0)
    return;
  if (r->lanes[r->lane[e]].is_gpu)
    {
      flow (m, cr, rank_pos, (guint32)r->partner[e], e);
      return;
    }
  if (r->launch_first != NULL && r->launch_first[e + 1] > r->launch_first[e])
    {
      for (guint k = r->launch_first[e]; k < r->launch_first[e + 1] && k - r->launch_first[e] < limit; k++)
        flow (m, cr, rank_pos, e, r->launch_gpu[k]);
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
  set_source_alpha (cr, &self->style->foreground, alpha);
  cairo_set_line_width (cr, width);
  cairo_stroke (cr);
}

/* Range selection, flows, hover and selection */
static void
paint_selection (const HpTimelineMapper *m,
                 cairo_t                *cr,
                 const HpChartStyle     *style,
                 gpointer                user_data)
{
  HpTimelinePainter *self = user_data;
  gboolean           show_flows = hp_timeline_layout_get_flags (self->layout) & HP_TIMELINE_SHOW_FLOWS;

  if (self->range_end > self->range_start)
    {
      double           x0 = hp_timeline_mapper_time_to_x (m, self->range_start);
      double           x1 = hp_timeline_mapper_time_to_x (m, self->range_end);
      g_autofree char *d = hp_timeline_format_duration (self->range_end - self->range_start);
      double           tw, cx;

      cairo_rectangle (cr, x0, m->lanes_top, x1 - x0, m->viewport.height - m->lanes_top);
      set_source_alpha (cr, &self->accent, 0.12);
      cairo_fill (cr);
      cairo_rectangle (cr, snap (x0, m->viewport.scale), 0, 1, m->viewport.height);
      cairo_rectangle (cr, snap (x1, m->viewport.scale), 0, 1, m->viewport.height);
      set_source (cr, &self->accent);
      cairo_fill (cr);

      /* the duration, in a pill on the ruler */
      tw = text_width (self, self->small_font, d);
      cx = CLAMP ((x0 + x1) / 2, m->time_left + tw / 2 + 8, m->time_right - tw / 2 - 8);
      cairo_rectangle (cr, cx - tw / 2 - 6, 3, tw + 12, HP_TIMELINE_RULER_HEIGHT - 6);
      set_source (cr, &self->accent);
      cairo_fill (cr);
      {
        static const HpColor white = { 1, 1, 1, 1 };

        draw_text (self, cr, self->small_font, d, cx - tw / 2, HP_TIMELINE_RULER_HEIGHT / 2, -1, &white);
      }

      /* every launch → kernel flow that starts in the range */
      if (show_flows)
        {
          const HpTimelineRow *rows;
          guint                n_rows, drawn = 0;

          rows = hp_timeline_layout_get_rows (self->layout, &n_rows);
          cairo_save (cr);
          cairo_rectangle (cr, m->time_left, m->lanes_top, m->time_right - m->time_left, m->viewport.height - m->lanes_top);
          cairo_clip (cr);
          set_source_alpha (cr, &style->foreground, 0.35);
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

                  if (r->ts[e] >= self->range_end)
                    break;
                  if (r->ts[e] >= self->range_start && r->partner[e] >= 0)
                    {
                      flows_of (m, cr, r, rows[i].rank_pos, e, 8);
                      drawn++;
                    }
                }
            }
          cairo_restore (cr);
        }
    }

  cairo_rectangle (cr, m->time_left, m->lanes_top, m->time_right - m->time_left, m->viewport.height - m->lanes_top);
  cairo_clip (cr);

  if (self->hover_event >= 0 && (self->hover_rank != self->selected_rank || self->hover_event != self->selected_event))
    outline_event (self, m, cr, self->hover_rank, self->hover_event, 1.0, 0.55);

  if (self->selected_event >= 0)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, (guint)self->selected_rank);

      if (show_flows)
        {
          set_source (cr, &style->foreground);
          cairo_set_line_width (cr, 1.5);
          flows_of (m, cr, r, (guint)self->selected_rank, (guint32)self->selected_event, 256);
        }
      outline_event (self, m, cr, self->selected_rank, self->selected_event, 2.0, 1.0);
    }
}

/* Export */

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/**
 * hp_timeline_painter_render:
 * @format: PNG, SVG or PDF
 * @viewport: what to draw (PNG pixels are @viewport.width × @viewport.scale)
 * @error: a #GError
 *
 * Draws the timeline, dynamic layer included (selection, flows, range),
 * into the bytes of a file.
 *
 * Returns: (transfer full): the file's contents, or %NULL with @error set
 */
GBytes *
hp_timeline_painter_render (HpTimelinePainter        *self,
                            HpExportFormat            format,
                            const HpTimelineViewport *viewport,
                            GError                  **error)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  HpTimelineViewport v;
  cairo_surface_t   *surface;
  cairo_t           *cr;
  cairo_status_t     status;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (viewport != NULL && viewport->width > 0 && viewport->height > 0, NULL);
  g_return_val_if_fail (viewport->t1 > viewport->t0, NULL);

  v = *viewport;
  if (!(v.scale > 0))
    v.scale = 1.0;

  switch (format)
    {
    case HP_EXPORT_FORMAT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)ceil (v.width * v.scale),
                                            (int)ceil (v.height * v.scale));
      cairo_surface_set_device_scale (surface, v.scale, v.scale);
      break;
    case HP_EXPORT_FORMAT_SVG:
      v.scale = 1.0;
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, v.width, v.height);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      break;
    case HP_EXPORT_FORMAT_PDF:
      v.scale = 1.0;
      surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, v.width, v.height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Hotpath");
      break;
    default:
      g_return_val_if_reached (NULL);
    }

  cr = cairo_create (surface);
  hp_timeline_painter_paint (self, cr, &v);
  hp_timeline_painter_paint_dynamic (self, cr, &v);
  status = cairo_status (cr);
  cairo_destroy (cr);
  /* the text layout belongs to that surface's context */
  g_clear_object (&self->pango);
  self->small_height = 0;

  if (format == HP_EXPORT_FORMAT_PNG)
    {
      cairo_surface_flush (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
    }
  else
    cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, status == CAIRO_STATUS_NO_MEMORY ? G_IO_ERROR_NO_SPACE : G_IO_ERROR_FAILED,
                   "cannot draw the timeline: %s", cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

/**
 * hp_timeline_painter_export:
 * @path: the file; .png, .svg or .pdf (any case) picks the format
 * @viewport: what to draw
 * @error: a #GError
 *
 * Writes the timeline to a file atomically (a temporary file renamed over
 * @path), so a failure never leaves a partial file. An unknown extension is
 * %G_IO_ERROR_INVALID_ARGUMENT; messages start with the file's name.
 *
 * Returns: whether the file was written
 */
gboolean
hp_timeline_painter_export (HpTimelinePainter        *self,
                            const char               *path,
                            const HpTimelineViewport *viewport,
                            GError                  **error)
{
  g_autofree char *basename = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) local_error = NULL;
  HpExportFormat format;
  gsize          size;
  const char    *data;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  basename = g_path_get_basename (path);
  if (!hp_export_format_from_path (path, &format))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: unknown image format (use .png, .svg or .pdf)", basename);
      return FALSE;
    }
  bytes = hp_timeline_painter_render (self, format, viewport, &local_error);
  if (bytes == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", basename);
      return FALSE;
    }
  data = g_bytes_get_data (bytes, &size);
  if (!g_file_set_contents_full (path, data, size, G_FILE_SET_CONTENTS_CONSISTENT, 0666, &local_error))
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_file_error (local_error->code), "%s: %s", basename,
                   local_error->message);
      return FALSE;
    }
  return TRUE;
}
