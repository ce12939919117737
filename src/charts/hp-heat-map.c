/* hp-heat-map.c — heat maps: a grid of values coloured on a sequential scale with its legend.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-chart-private.h"
#include "hp-heat-map.h"

#define SCALE_BAR_WIDTH 14.0
#define MAX_CELL_HEIGHT 48.0

typedef struct
{
  guint        n_rows;
  guint        n_columns;
  char       **row_labels;
  char       **column_labels;
  double      *values; /* row-major, NaN = none */
  HpAxisFormat format;
  double       range_min;
  double       range_max;
  gboolean     show_values;
} HeatMapData;

static void
heat_map_data_free (gpointer p)
{
  HeatMapData *data = p;

  for (guint r = 0; r < data->n_rows; r++)
    g_free (data->row_labels[r]);
  for (guint c = 0; c < data->n_columns; c++)
    g_free (data->column_labels[c]);
  g_free (data->row_labels);
  g_free (data->column_labels);
  g_free (data->values);
  g_free (data);
}

static gboolean
heat_map_has_data (HpChart *chart)
{
  HeatMapData *data = chart->data;
  gsize        n = (gsize)data->n_rows * data->n_columns;

  for (gsize i = 0; i < n; i++)
    if (isfinite (data->values[i]))
      return TRUE;

  return FALSE;
}

static const char *
row_label (const HeatMapData *data,
           guint              r)
{
  return data->row_labels[r] != NULL ? data->row_labels[r] : "";
}

static const char *
column_label (const HeatMapData *data,
              guint              c)
{
  return data->column_labels[c] != NULL ? data->column_labels[c] : "";
}

static void
value_range (const HeatMapData *data,
             double            *min,
             double            *max)
{
  gsize n = (gsize)data->n_rows * data->n_columns;

  *min = INFINITY;
  *max = -INFINITY;
  for (gsize i = 0; i < n; i++)
    {
      if (!isfinite (data->values[i]))
        continue;
      *min = MIN (*min, data->values[i]);
      *max = MAX (*max, data->values[i]);
    }

  if (isfinite (data->range_min))
    *min = data->range_min;
  if (isfinite (data->range_max))
    *max = data->range_max;
  if (*max <= *min)
    *max = *min + (*min != 0 ? fabs (*min) * 0.1 : 1.0);
}

static gpointer
heat_map_layout (HpChart              *chart,
                 HpChartLayoutContext *ctx)
{
  HeatMapData     *data = chart->data;
  HpHeatMapLayout *hl = g_new0 (HpHeatMapLayout, 1);
  HpRect           area = ctx->content;
  double           tick_h = _hp_chart_line_height (ctx, HP_CHART_TEXT_TICK);
  double           label_w = 0;
  double           scale_w;
  double           widest_column = 0;

  value_range (data, &hl->value_min, &hl->value_max);

  _hp_chart_reserve_axis_titles (ctx, &area, FALSE);

  /* colour scale on the right; its ticks depend on its height, which is
   * about the area's */
  hp_axis_ticks_compute (&hl->scale_ticks, hl->value_min, hl->value_max,
                         (guint)_hp_chart_tick_target (MIN (area.height, 320), 44), data->format,
                         HP_AXIS_NONE);
  scale_w = SCALE_BAR_WIDTH + 6 + _hp_chart_y_axis_width (ctx, &hl->scale_ticks);
  area.width = MAX (0.0, area.width - scale_w - HP_CHART_LEGEND_GAP);

  for (guint r = 0; r < data->n_rows; r++)
    {
      double w;

      _hp_chart_measure (ctx, HP_CHART_TEXT_CATEGORY, row_label (data, r), &w, NULL);
      label_w = MAX (label_w, w);
    }
  label_w = MIN (label_w, area.width * 0.3);
  for (guint c = 0; c < data->n_columns; c++)
    {
      double w;

      _hp_chart_measure (ctx, HP_CHART_TEXT_CATEGORY, column_label (data, c), &w, NULL);
      widest_column = MAX (widest_column, w);
    }

  hl->grid = area;
  hl->grid.x += label_w + HP_CHART_GAP;
  hl->grid.width = MAX (0.0, hl->grid.width - label_w - HP_CHART_GAP);
  hl->grid.y += tick_h / 2;
  hl->grid.height = MAX (0.0, hl->grid.height - tick_h / 2 - tick_h - 6);

  hl->cell_width = hl->grid.width / MAX (data->n_columns, 1u);
  hl->cell_height = MIN (hl->grid.height / MAX (data->n_rows, 1u), MAX_CELL_HEIGHT);
  /* a short grid sits in the middle of its area */
  hl->grid.y += (hl->grid.height - hl->cell_height * data->n_rows) / 2;
  hl->grid.height = hl->cell_height * data->n_rows;
  /* and the column title follows it */
  if (!isnan (ctx->x_title_top))
    ctx->x_title_top = hl->grid.y + hl->grid.height + 6 + tick_h + HP_CHART_GAP;

  /* row and column names, thinned out when cells are smaller than text */
  hl->row_stride = MAX (1u, (guint)ceil ((tick_h + 2) / MAX (hl->cell_height, 0.01)));
  hl->column_stride = MAX (1u, (guint)ceil ((MIN (widest_column, 80) + 8) / MAX (hl->cell_width, 0.01)));

  for (guint r = 0; r < data->n_rows; r += hl->row_stride)
    {
      HpRect rect = _hp_chart_add_text (ctx, HP_CHART_TEXT_CATEGORY, row_label (data, r),
                                        hl->grid.x - HP_CHART_GAP,
                                        hl->grid.y + (r + 0.5) * hl->cell_height - tick_h / 2, 1.0,
                                        label_w, NULL);

      _hp_chart_add_hit (ctx, &rect, HP_CHART_HIT_LABEL, (int)r, -1, NAN, row_label (data, r), NULL);
    }
  for (guint c = 0; c < data->n_columns; c += hl->column_stride)
    {
      HpRect rect = _hp_chart_add_text (ctx, HP_CHART_TEXT_CATEGORY, column_label (data, c),
                                        hl->grid.x + (c + 0.5) * hl->cell_width,
                                        hl->grid.y + hl->grid.height + 6, 0.5,
                                        hl->cell_width * hl->column_stride - 4, NULL);

      _hp_chart_add_hit (ctx, &rect, HP_CHART_HIT_LABEL, -1, (int)c, NAN, column_label (data, c),
                         NULL);
    }

  /* the colour scale, as tall as the grid (but not a sliver) */
  hl->scale_bar.x = area.x + area.width + HP_CHART_LEGEND_GAP;
  hl->scale_bar.y = hl->grid.y;
  hl->scale_bar.width = SCALE_BAR_WIDTH;
  hl->scale_bar.height = MAX (hl->grid.height, MIN (160.0, hl->grid.height + tick_h * 4));
  hp_axis_ticks_compute (&hl->scale_ticks, hl->value_min, hl->value_max,
                         (guint)_hp_chart_tick_target (hl->scale_bar.height, 44), data->format,
                         HP_AXIS_NONE);
  for (guint i = 0; i < hl->scale_ticks.n_ticks; i++)
    {
      char   text[64];
      double v = hl->scale_ticks.values[i];
      double y = _hp_chart_map (v, hl->value_min, hl->value_max,
                                hl->scale_bar.y + hl->scale_bar.height, hl->scale_bar.y);

      hp_axis_ticks_format (&hl->scale_ticks, v, text, sizeof text);
      _hp_chart_add_text (ctx, HP_CHART_TEXT_TICK, text,
                          hl->scale_bar.x + SCALE_BAR_WIDTH + 6, y - tick_h / 2, 0, HP_CHART_UNLIMITED, NULL);
      _hp_chart_add_axis_line (ctx, hl->scale_bar.x + SCALE_BAR_WIDTH - 3, y,
                               hl->scale_bar.x + SCALE_BAR_WIDTH, y);
    }

  if (data->show_values)
    {
      for (guint r = 0; r < data->n_rows; r++)
        for (guint c = 0; c < data->n_columns; c++)
          {
            double           v = data->values[(gsize)r * data->n_columns + c];
            double           t = (v - hl->value_min) / (hl->value_max - hl->value_min);
            HpColor          fill = hp_chart_style_ramp_color (ctx->style, t);
            HpColor          ink = hp_color_luminance (&fill) > 0.4 ? (HpColor){ 0.1, 0.1, 0.1, 1 } : (HpColor){ 1, 1, 1, 1 };
            g_autofree char *text = NULL;
            double           w;
            double           h;

            if (!isfinite (v))
              continue;
            text = hp_format_value (v, data->format);
            _hp_chart_measure (ctx, HP_CHART_TEXT_VALUE, text, &w, &h);
            if (w + 6 > hl->cell_width || h + 2 > hl->cell_height)
              continue;
            _hp_chart_add_text (ctx, HP_CHART_TEXT_VALUE, text,
                                hl->grid.x + (c + 0.5) * hl->cell_width,
                                hl->grid.y + (r + 0.5) * hl->cell_height - h / 2, 0.5, HP_CHART_UNLIMITED, &ink);
          }
    }

  _hp_chart_emit_axis_titles (ctx, &hl->grid, FALSE);
  ctx->layout->plot = hl->grid;
  return hl;
}

static void
heat_map_paint (HpChart            *chart,
                gconstpointer       kind_layout,
                cairo_t            *cr,
                const HpChartStyle *style)
{
  const HpHeatMapLayout *hl = kind_layout;
  HeatMapData           *data = chart->data;
  double                 range = hl->value_max - hl->value_min;
  /* a hairline of background between cells when they are big enough */
  double           gap = hl->cell_width >= 8 && hl->cell_height >= 8 ? 1.0 : 0.0;
  cairo_pattern_t *gradient;

  for (guint r = 0; r < data->n_rows; r++)
    {
      double y0 = round ((hl->grid.y + r * hl->cell_height) * style->scale) / style->scale;
      double y1 = round ((hl->grid.y + (r + 1) * hl->cell_height) * style->scale) / style->scale;

      for (guint c = 0; c < data->n_columns; c++)
        {
          double  v = data->values[(gsize)r * data->n_columns + c];
          double  x0 = round ((hl->grid.x + c * hl->cell_width) * style->scale) / style->scale;
          double  x1 = round ((hl->grid.x + (c + 1) * hl->cell_width) * style->scale) / style->scale;
          HpColor color = isfinite (v) ? hp_chart_style_ramp_color (style, (v - hl->value_min) / range)
                                       : style->missing;

          cairo_rectangle (cr, x0, y0, MAX (0.0, x1 - x0 - gap), MAX (0.0, y1 - y0 - gap));
          _hp_cairo_set_color (cr, &color);
          cairo_fill (cr);
        }
    }

  gradient = cairo_pattern_create_linear (0, hl->scale_bar.y + hl->scale_bar.height, 0,
                                          hl->scale_bar.y);
  for (guint i = 0; i < HP_CHART_RAMP_SIZE; i++)
    {
      const HpColor *c = &style->ramp[i];

      cairo_pattern_add_color_stop_rgba (gradient, (double)i / (HP_CHART_RAMP_SIZE - 1), c->red,
                                         c->green, c->blue, c->alpha);
    }
  cairo_rectangle (cr, hl->scale_bar.x, hl->scale_bar.y, hl->scale_bar.width,
                   hl->scale_bar.height);
  cairo_set_source (cr, gradient);
  cairo_fill (cr);
  cairo_pattern_destroy (gradient);
}

static gboolean
heat_map_hit_test (HpChart      *chart,
                   gconstpointer kind_layout,
                   double        x,
                   double        y,
                   HpChartHit   *hit)
{
  const HpHeatMapLayout *hl = kind_layout;
  HeatMapData           *data = chart->data;
  guint                  r;
  guint                  c;

  if (!_hp_rect_contains (&hl->grid, x, y) || hl->cell_width <= 0 || hl->cell_height <= 0)
    return FALSE;

  r = MIN ((guint)((y - hl->grid.y) / hl->cell_height), data->n_rows - 1);
  c = MIN ((guint)((x - hl->grid.x) / hl->cell_width), data->n_columns - 1);
  hit->kind = HP_CHART_HIT_ITEM;
  hit->series = (int)r;
  hit->item = (int)c;
  hit->value = data->values[(gsize)r * data->n_columns + c];
  hit->text = column_label (data, c);
  hit->series_name = row_label (data, r);
  return TRUE;
}

static void
heat_map_layout_free (gpointer p)
{
  g_free (p);
}

static const HpChartClass heat_map_class = {
  .kind = HP_CHART_KIND_HEAT_MAP,
  .free_data = heat_map_data_free,
  .has_data = heat_map_has_data,
  .layout = heat_map_layout,
  .free_layout = heat_map_layout_free,
  .paint = heat_map_paint,
  .hit_test = heat_map_hit_test,
};

/**
 * hp_heat_map_new:
 * @name: the file stem
 * @title: (nullable): the title
 *
 * Creates an empty heat map; give it a size with hp_heat_map_set_size().
 *
 * Returns: (transfer full): the chart
 */
HpChart *
hp_heat_map_new (const char *name,
                 const char *title)
{
  HeatMapData *data = g_new0 (HeatMapData, 1);

  data->format = HP_AXIS_FORMAT_NUMBER;
  data->range_min = NAN;
  data->range_max = NAN;
  return _hp_chart_new (&heat_map_class, data, name, title);
}

/**
 * hp_heat_map_set_size:
 *
 * Resizes the grid to @n_rows × @n_columns empty (NaN) cells without names.
 */
void
hp_heat_map_set_size (HpChart *chart,
                      guint    n_rows,
                      guint    n_columns)
{
  HeatMapData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HEAT_MAP);
  gsize        n;

  g_return_if_fail (data != NULL);

  for (guint r = 0; r < data->n_rows; r++)
    g_free (data->row_labels[r]);
  for (guint c = 0; c < data->n_columns; c++)
    g_free (data->column_labels[c]);
  g_free (data->row_labels);
  g_free (data->column_labels);
  g_free (data->values);

  n = (gsize)n_rows * n_columns;
  data->n_rows = n_rows;
  data->n_columns = n_columns;
  data->row_labels = g_new0 (char *, MAX (n_rows, 1));
  data->column_labels = g_new0 (char *, MAX (n_columns, 1));
  data->values = g_new (double, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    data->values[i] = NAN;
  _hp_chart_invalidate (chart);
}

void
hp_heat_map_set_row_label (HpChart    *chart,
                           guint       row,
                           const char *label)
{
  HeatMapData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HEAT_MAP);

  g_return_if_fail (data != NULL);
  g_return_if_fail (row < data->n_rows);

  g_free (data->row_labels[row]);
  data->row_labels[row] = g_strdup (label);
  _hp_chart_invalidate (chart);
}

void
hp_heat_map_set_column_label (HpChart    *chart,
                              guint       column,
                              const char *label)
{
  HeatMapData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HEAT_MAP);

  g_return_if_fail (data != NULL);
  g_return_if_fail (column < data->n_columns);

  g_free (data->column_labels[column]);
  data->column_labels[column] = g_strdup (label);
  _hp_chart_invalidate (chart);
}

void
hp_heat_map_set_value (HpChart *chart,
                       guint    row,
                       guint    column,
                       double   value)
{
  HeatMapData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HEAT_MAP);

  g_return_if_fail (data != NULL);
  g_return_if_fail (row < data->n_rows && column < data->n_columns);

  data->values[(gsize)row * data->n_columns + column] = value;
  _hp_chart_invalidate (chart);
}

double
hp_heat_map_get_value (HpChart *chart,
                       guint    row,
                       guint    column)
{
  HeatMapData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HEAT_MAP);

  g_return_val_if_fail (data != NULL, NAN);
  g_return_val_if_fail (row < data->n_rows && column < data->n_columns, NAN);

  return data->values[(gsize)row * data->n_columns + column];
}

void
hp_heat_map_set_value_format (HpChart     *chart,
                              HpAxisFormat format)
{
  HeatMapData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HEAT_MAP);

  g_return_if_fail (data != NULL);
  data->format = format;
  _hp_chart_invalidate (chart);
}

/**
 * hp_heat_map_set_range:
 * @min: the value at the low end of the colour scale, or NaN for the data's
 * @max: the value at the high end, or NaN
 */
void
hp_heat_map_set_range (HpChart *chart,
                       double   min,
                       double   max)
{
  HeatMapData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HEAT_MAP);

  g_return_if_fail (data != NULL);
  data->range_min = min;
  data->range_max = max;
  _hp_chart_invalidate (chart);
}

/**
 * hp_heat_map_set_show_values:
 *
 * Writes each value in its cell when the cell is large enough.
 */
void
hp_heat_map_set_show_values (HpChart *chart,
                             gboolean show_values)
{
  HeatMapData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HEAT_MAP);

  g_return_if_fail (data != NULL);
  data->show_values = !!show_values;
  _hp_chart_invalidate (chart);
}

/**
 * hp_heat_map_get_layout:
 *
 * Returns: (nullable) (transfer none): the heat map layout of the last
 *   layout
 */
const HpHeatMapLayout *
hp_heat_map_get_layout (HpChart *chart)
{
  return _hp_chart_get_kind_layout (chart, HP_CHART_KIND_HEAT_MAP);
}
