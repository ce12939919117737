/* hp-chart-layout.c — the layout and paint steps every chart kind shares: text, axes, painting.
 *
 * The legend and the labels' short forms are in hp-chart-legend.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-chart-private.h"

/* the public layout plus what only the library needs */
typedef struct
{
  HpChartLayout pub;
  GStringChunk *strings;
  GArray       *hits; /* HpChartHitArea */
} HpChartLayoutFull;

HpChartLayout *
_hp_chart_layout_new (double width,
                      double height)
{
  HpChartLayoutFull *full = g_new0 (HpChartLayoutFull, 1);

  full->pub.width = width;
  full->pub.height = height;
  full->pub.texts = g_array_new (FALSE, FALSE, sizeof (HpChartText));
  full->pub.legend = g_array_new (FALSE, FALSE, sizeof (HpChartLegendEntry));
  full->pub.grid_lines = g_array_new (FALSE, FALSE, sizeof (HpRect));
  full->pub.axis_lines = g_array_new (FALSE, FALSE, sizeof (HpRect));
  full->strings = g_string_chunk_new (1024);
  full->hits = g_array_new (FALSE, FALSE, sizeof (HpChartHitArea));
  return &full->pub;
}

void
_hp_chart_layout_free (HpChartLayout *layout)
{
  HpChartLayoutFull *full = (HpChartLayoutFull *)layout;

  if (layout == NULL)
    return;

  g_array_unref (full->pub.texts);
  g_array_unref (full->pub.legend);
  g_array_unref (full->pub.grid_lines);
  g_array_unref (full->pub.axis_lines);
  g_string_chunk_free (full->strings);
  g_array_unref (full->hits);
  g_free (full);
}

GArray *
_hp_chart_layout_get_hits (const HpChartLayout *layout)
{
  return ((const HpChartLayoutFull *)layout)->hits;
}

/* Layout and painting must measure text alike, whatever the target: fixed
 * font options with unhinted metrics and unrounded glyph positions make
 * widths independent of the surface and of the device scale. */
static void
setup_pango_context (PangoContext *context)
{
  cairo_font_options_t *options = cairo_font_options_create ();

  cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_SLIGHT);
  pango_cairo_context_set_font_options (context, options);
  pango_cairo_context_set_resolution (context, 96.0);
  pango_context_set_round_glyph_positions (context, FALSE);
  cairo_font_options_destroy (options);
}

PangoFontDescription *
_hp_chart_font_for_role (const HpChartStyle *style,
                         HpChartTextRole     role)
{
  const HpChartFont    *font;
  PangoFontDescription *desc = pango_font_description_new ();
  double                factor = 1.0;

  switch (role)
    {
    case HP_CHART_TEXT_TITLE:
      font = &style->title_font;
      break;
    case HP_CHART_TEXT_MESSAGE:
      font = &style->label_font;
      factor = 1.15;
      break;
    case HP_CHART_TEXT_SUBTITLE:
    case HP_CHART_TEXT_AXIS_TITLE:
    case HP_CHART_TEXT_LEGEND:
      font = &style->label_font;
      break;
    case HP_CHART_TEXT_TICK:
    case HP_CHART_TEXT_CATEGORY:
    case HP_CHART_TEXT_VALUE:
    default:
      font = &style->tick_font;
      break;
    }

  pango_font_description_set_family (desc, font->family != NULL ? font->family : "Sans");
  pango_font_description_set_absolute_size (desc, MAX (font->size, 1.0) * factor * PANGO_SCALE);
  pango_font_description_set_weight (desc, font->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  return desc;
}

void
_hp_chart_context_init (HpChartLayoutContext *ctx,
                        HpChart              *chart,
                        HpChartLayout        *layout,
                        const HpChartStyle   *style)
{
  memset (ctx, 0, sizeof *ctx);
  ctx->chart = chart;
  ctx->style = style;
  ctx->layout = layout;
  ctx->pango = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  setup_pango_context (ctx->pango);
  ctx->text = pango_layout_new (ctx->pango);
  pango_layout_set_single_paragraph_mode (ctx->text, TRUE);
  for (guint i = 0; i < HP_CHART_N_ROLES; i++)
    ctx->fonts[i] = _hp_chart_font_for_role (style, i);
  ctx->x_title_top = NAN;
  ctx->y_title_left = NAN;
}

void
_hp_chart_context_clear (HpChartLayoutContext *ctx)
{
  for (guint i = 0; i < HP_CHART_N_ROLES; i++)
    g_clear_pointer (&ctx->fonts[i], pango_font_description_free);
  g_clear_object (&ctx->text);
  g_clear_object (&ctx->pango);
}

const char *
_hp_chart_intern (HpChartLayoutContext *ctx,
                  const char           *text)
{
  HpChartLayoutFull *full = (HpChartLayoutFull *)ctx->layout;

  if (text == NULL)
    return NULL;
  return g_string_chunk_insert_const (full->strings, text);
}

static void
measure_with_width (HpChartLayoutContext *ctx,
                    HpChartTextRole       role,
                    const char           *text,
                    double                max_width,
                    double               *width,
                    double               *height)
{
  int w;
  int h;

  pango_layout_set_font_description (ctx->text, ctx->fonts[role]);
  if (max_width > 0)
    {
      pango_layout_set_width (ctx->text, (int)(max_width * PANGO_SCALE));
      pango_layout_set_ellipsize (ctx->text, PANGO_ELLIPSIZE_END);
    }
  else
    {
      pango_layout_set_width (ctx->text, -1);
      pango_layout_set_ellipsize (ctx->text, PANGO_ELLIPSIZE_NONE);
    }
  pango_layout_set_text (ctx->text, text, -1);
  pango_layout_get_size (ctx->text, &w, &h);
  *width = (double)w / PANGO_SCALE;
  *height = (double)h / PANGO_SCALE;
}

void
_hp_chart_measure (HpChartLayoutContext *ctx,
                   HpChartTextRole       role,
                   const char           *text,
                   double               *width,
                   double               *height)
{
  double w;
  double h;

  measure_with_width (ctx, role, text != NULL ? text : "", -1, &w, &h);
  if (width != NULL)
    *width = w;
  if (height != NULL)
    *height = h;
}

double
_hp_chart_line_height (HpChartLayoutContext *ctx,
                       HpChartTextRole       role)
{
  double h;

  _hp_chart_measure (ctx, role, "Xg", NULL, &h);
  return h;
}

static HpColor
default_color (HpChartLayoutContext *ctx,
               HpChartTextRole       role)
{
  switch (role)
    {
    case HP_CHART_TEXT_SUBTITLE:
    case HP_CHART_TEXT_AXIS_TITLE:
    case HP_CHART_TEXT_TICK:
    case HP_CHART_TEXT_MESSAGE:
      return ctx->style->muted;
    case HP_CHART_TEXT_TITLE:
    case HP_CHART_TEXT_CATEGORY:
    case HP_CHART_TEXT_LEGEND:
    case HP_CHART_TEXT_VALUE:
    default:
      return ctx->style->foreground;
    }
}

/**
 * _hp_chart_add_text:
 * @x: the left edge (@align 0), centre (0.5) or right edge (1) of the text
 * @y: the top of the text
 * @max_width: the room available, longer text is ellipsised (at least one
 *   pixel, however little room geometry leaves); or %HP_CHART_UNLIMITED
 * @color: (nullable): the colour, or %NULL for the role's default
 *
 * Returns: where the text goes
 */
HpRect
_hp_chart_add_text (HpChartLayoutContext *ctx,
                    HpChartTextRole       role,
                    const char           *text,
                    double                x,
                    double                y,
                    double                align,
                    double                max_width,
                    const HpColor        *color)
{
  HpChartText item = { 0 };
  double      w;
  double      h;

  if (text == NULL)
    text = "";

  _hp_chart_measure (ctx, role, text, &w, &h);
  if (!isinf (max_width) && w > MAX (max_width, 1.0))
    {
      item.truncated = TRUE;
      w = MAX (max_width, 1.0);
    }

  item.text = _hp_chart_intern (ctx, text);
  item.role = role;
  item.color = color != NULL ? *color : default_color (ctx, role);
  item.rect.x = x - align * w;
  item.rect.y = y;
  item.rect.width = w;
  item.rect.height = h;
  g_array_append_val (ctx->layout->texts, item);
  return item.rect;
}

HpRect
_hp_chart_add_vertical_text (HpChartLayoutContext *ctx,
                             HpChartTextRole       role,
                             const char           *text,
                             double                center_x,
                             double                center_y,
                             double                max_length,
                             const HpColor        *color)
{
  HpChartText item = { 0 };
  double      w;
  double      h;

  if (text == NULL)
    text = "";

  _hp_chart_measure (ctx, role, text, &w, &h);
  if (!isinf (max_length) && w > MAX (max_length, 1.0))
    {
      item.truncated = TRUE;
      w = MAX (max_length, 1.0);
    }

  item.text = _hp_chart_intern (ctx, text);
  item.role = role;
  item.color = color != NULL ? *color : default_color (ctx, role);
  item.vertical = TRUE;
  item.rect.x = center_x - h / 2;
  item.rect.y = center_y - w / 2;
  item.rect.width = h;
  item.rect.height = w;
  g_array_append_val (ctx->layout->texts, item);
  return item.rect;
}

void
_hp_chart_add_hit (HpChartLayoutContext *ctx,
                   const HpRect         *rect,
                   HpChartHitKind        kind,
                   int                   series,
                   int                   item,
                   double                value,
                   const char           *text,
                   const char           *series_name)
{
  HpChartHitArea area;

  area.rect = *rect;
  area.hit.kind = kind;
  area.hit.series = series;
  area.hit.item = item;
  area.hit.value = value;
  area.hit.text = _hp_chart_intern (ctx, text);
  area.hit.series_name = _hp_chart_intern (ctx, series_name);
  g_array_append_val (_hp_chart_layout_get_hits (ctx->layout), area);
}

static void
add_line (GArray *lines,
          double  x0,
          double  y0,
          double  x1,
          double  y1)
{
  HpRect line = { x0, y0, x1, y1 };

  g_array_append_val (lines, line);
}

void
_hp_chart_add_grid_line (HpChartLayoutContext *ctx,
                         double                x0,
                         double                y0,
                         double                x1,
                         double                y1)
{
  add_line (ctx->layout->grid_lines, x0, y0, x1, y1);
}

void
_hp_chart_add_axis_line (HpChartLayoutContext *ctx,
                         double                x0,
                         double                y0,
                         double                x1,
                         double                y1)
{
  add_line (ctx->layout->axis_lines, x0, y0, x1, y1);
}

/* ---- axes ---- */

/**
 * _hp_chart_reserve_axis_titles:
 * @area: (inout): the free area, shrunk by the room of the titles
 * @horizontal: categories run vertically (the chart's x label goes on the
 *   left and its y label at the bottom)
 */
void
_hp_chart_reserve_axis_titles (HpChartLayoutContext *ctx,
                               HpRect               *area,
                               gboolean              horizontal)
{
  const char *bottom = horizontal ? ctx->chart->y_label : ctx->chart->x_label;
  const char *left = horizontal ? ctx->chart->x_label : ctx->chart->y_label;
  double      h = _hp_chart_line_height (ctx, HP_CHART_TEXT_AXIS_TITLE);

  if (bottom != NULL && *bottom != '\0')
    {
      area->height = MAX (0.0, area->height - h - HP_CHART_GAP);
      ctx->x_title_top = area->y + area->height + HP_CHART_GAP;
    }
  if (left != NULL && *left != '\0')
    {
      ctx->y_title_left = area->x;
      area->x += h + HP_CHART_GAP;
      area->width = MAX (0.0, area->width - h - HP_CHART_GAP);
    }
}

void
_hp_chart_emit_axis_titles (HpChartLayoutContext *ctx,
                            const HpRect         *plot,
                            gboolean              horizontal)
{
  const char *bottom = horizontal ? ctx->chart->y_label : ctx->chart->x_label;
  const char *left = horizontal ? ctx->chart->x_label : ctx->chart->y_label;

  /* centred under the plot, and ellipsised where it would run past the
   * margin on either side: the plot is off centre when the left axis has
   * a title or labels */
  if (!isnan (ctx->x_title_top))
    {
      double center = plot->x + plot->width / 2;
      double half = MIN (center, ctx->layout->width - center) - HP_CHART_MARGIN;

      _hp_chart_add_text (ctx, HP_CHART_TEXT_AXIS_TITLE, bottom, center, ctx->x_title_top, 0.5, MAX (2 * half, plot->width), NULL);
    }
  if (!isnan (ctx->y_title_left))
    {
      double h = _hp_chart_line_height (ctx, HP_CHART_TEXT_AXIS_TITLE);

      _hp_chart_add_vertical_text (ctx, HP_CHART_TEXT_AXIS_TITLE, left, ctx->y_title_left + h / 2,
                                   plot->y + plot->height / 2, plot->height, NULL);
    }
}

/* about how many ticks fit on an axis of @length with @spacing between */
double
_hp_chart_tick_target (double length,
                       double spacing)
{
  return CLAMP (floor (length / spacing), 2, 12);
}

double
_hp_chart_y_axis_width (HpChartLayoutContext *ctx,
                        const HpAxisTicks    *ticks)
{
  double widest = 0;

  for (guint i = 0; i < ticks->n_ticks; i++)
    {
      char   label[64];
      double w;

      hp_axis_ticks_format (ticks, ticks->values[i], label, sizeof label);
      _hp_chart_measure (ctx, HP_CHART_TEXT_TICK, label, &w, NULL);
      widest = MAX (widest, w);
    }

  return widest + HP_CHART_GAP;
}

/**
 * _hp_chart_x_axis_ticks:
 * @length: the axis length in pixels
 *
 * Computes ticks for a horizontal value axis with as many ticks as fit
 * without their labels touching.
 */
void
_hp_chart_x_axis_ticks (HpChartLayoutContext *ctx,
                        HpAxisTicks          *ticks,
                        double                length,
                        double                min,
                        double                max,
                        HpAxisFormat          format,
                        HpAxisFlags           flags)
{
  guint target = (guint)_hp_chart_tick_target (length, 90);

  for (;;)
    {
      double widest = 0;

      hp_axis_ticks_compute (ticks, min, max, target, format, flags);
      for (guint i = 0; i < ticks->n_ticks; i++)
        {
          char   label[64];
          double w;

          hp_axis_ticks_format (ticks, ticks->values[i], label, sizeof label);
          _hp_chart_measure (ctx, HP_CHART_TEXT_TICK, label, &w, NULL);
          widest = MAX (widest, w);
        }

      if (target <= 2 || ticks->n_ticks < 2 ||
          length / (ticks->max - ticks->min) * ticks->step >= widest + 16)
        break;
      target--;
    }
}

/* adds the tick labels left of @plot and, if @grid, horizontal grid lines */
void
_hp_chart_emit_y_axis (HpChartLayoutContext *ctx,
                       const HpRect         *plot,
                       const HpAxisTicks    *ticks,
                       gboolean              grid)
{
  double line_h = _hp_chart_line_height (ctx, HP_CHART_TEXT_TICK);

  for (guint i = 0; i < ticks->n_ticks; i++)
    {
      char   label[64];
      double y = _hp_chart_map (ticks->values[i], ticks->min, ticks->max,
                                plot->y + plot->height, plot->y);

      hp_axis_ticks_format (ticks, ticks->values[i], label, sizeof label);
      _hp_chart_add_text (ctx, HP_CHART_TEXT_TICK, label, plot->x - HP_CHART_GAP, y - line_h / 2,
                          1.0, HP_CHART_UNLIMITED, NULL);
      if (grid)
        _hp_chart_add_grid_line (ctx, plot->x, y, plot->x + plot->width, y);
    }
}

/* adds the tick labels below @plot and, if @grid, vertical grid lines */
void
_hp_chart_emit_x_axis (HpChartLayoutContext *ctx,
                       const HpRect         *plot,
                       const HpAxisTicks    *ticks,
                       gboolean              grid)
{
  for (guint i = 0; i < ticks->n_ticks; i++)
    {
      char   label[64];
      double x = _hp_chart_map (ticks->values[i], ticks->min, ticks->max, plot->x,
                                plot->x + plot->width);

      hp_axis_ticks_format (ticks, ticks->values[i], label, sizeof label);
      _hp_chart_add_text (ctx, HP_CHART_TEXT_TICK, label, x, plot->y + plot->height + 6, 0.5, HP_CHART_UNLIMITED,
                          NULL);
      if (grid)
        _hp_chart_add_grid_line (ctx, x, plot->y, x, plot->y + plot->height);
    }
}

/* ---- painting ---- */

void
_hp_cairo_set_color (cairo_t       *cr,
                     const HpColor *color)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
}

/* Moves a coordinate so that a 1-pixel line centred on it covers whole
 * device pixels (crisp at any integer scale). */
double
_hp_chart_snap (double v,
                double scale)
{
  double device = v * scale;
  long   width = lround (MAX (scale, 1.0));

  if (width % 2 == 1)
    device = floor (device) + 0.5;
  else
    device = round (device);

  return device / scale;
}

void
_hp_chart_paint_lines (cairo_t            *cr,
                       GArray             *lines,
                       const HpColor      *color,
                       const HpChartStyle *style)
{
  if (lines->len == 0)
    return;

  cairo_new_path (cr);
  for (guint i = 0; i < lines->len; i++)
    {
      const HpRect *l = &g_array_index (lines, HpRect, i);
      double        x0 = l->x;
      double        y0 = l->y;
      double        x1 = l->width;
      double        y1 = l->height;

      if (y0 == y1)
        y0 = y1 = _hp_chart_snap (y0, style->scale);
      if (x0 == x1)
        x0 = x1 = _hp_chart_snap (x0, style->scale);
      cairo_move_to (cr, x0, y0);
      cairo_line_to (cr, x1, y1);
    }

  cairo_set_line_width (cr, 1.0);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
  _hp_cairo_set_color (cr, color);
  cairo_stroke (cr);
}

void
_hp_chart_paint_texts (cairo_t             *cr,
                       const HpChartLayout *layout,
                       const HpChartStyle  *style)
{
  PangoContext         *context;
  PangoLayout          *text;
  PangoFontDescription *fonts[HP_CHART_N_ROLES];

  if (layout->texts->len == 0)
    return;

  context = pango_cairo_create_context (cr);
  setup_pango_context (context);
  text = pango_layout_new (context);
  pango_layout_set_single_paragraph_mode (text, TRUE);
  for (guint i = 0; i < HP_CHART_N_ROLES; i++)
    fonts[i] = _hp_chart_font_for_role (style, i);

  for (guint i = 0; i < layout->texts->len; i++)
    {
      const HpChartText *item = &g_array_index (layout->texts, HpChartText, i);
      double             length = item->vertical ? item->rect.height : item->rect.width;

      pango_layout_set_font_description (text, fonts[item->role]);
      if (item->truncated)
        {
          pango_layout_set_width (text, (int)(length * PANGO_SCALE));
          pango_layout_set_ellipsize (text, item->ellipsize_middle ? PANGO_ELLIPSIZE_MIDDLE : PANGO_ELLIPSIZE_END);
        }
      else
        {
          pango_layout_set_width (text, -1);
          pango_layout_set_ellipsize (text, PANGO_ELLIPSIZE_NONE);
        }
      pango_layout_set_text (text, item->text, -1);

      cairo_save (cr);
      _hp_cairo_set_color (cr, &item->color);
      if (item->vertical)
        {
          cairo_translate (cr, item->rect.x, item->rect.y + item->rect.height);
          cairo_rotate (cr, -G_PI / 2);
        }
      else
        cairo_translate (cr, item->rect.x, item->rect.y);
      cairo_move_to (cr, 0, 0);
      pango_cairo_update_layout (cr, text);
      pango_cairo_show_layout (cr, text);
      cairo_restore (cr);
    }

  for (guint i = 0; i < HP_CHART_N_ROLES; i++)
    pango_font_description_free (fonts[i]);
  g_object_unref (text);
  g_object_unref (context);
}

static void
rounded_rectangle (cairo_t      *cr,
                   const HpRect *r,
                   double        radius)
{
  radius = MIN (radius, MIN (r->width, r->height) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, r->x + r->width - radius, r->y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, r->x + r->width - radius, r->y + r->height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, r->x + radius, r->y + r->height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, r->x + radius, r->y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

void
_hp_chart_paint_legend (cairo_t             *cr,
                        const HpChartLayout *layout,
                        const HpChartStyle  *style)
{
  for (guint i = 0; i < layout->legend->len; i++)
    {
      const HpChartLegendEntry *entry = &g_array_index (layout->legend, HpChartLegendEntry, i);

      rounded_rectangle (cr, &entry->swatch, 3);
      _hp_cairo_set_color (cr, &entry->color);
      cairo_fill (cr);
    }
}
