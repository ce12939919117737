/* hp-histogram.c — histograms that bin raw values by a fixed bin count or bin width.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-chart-private.h"
#include "hp-histogram.h"

/* more bins than pixels helps nobody; this also bounds memory for a tiny
 * bin width */
#define MAX_BINS 10000

typedef struct
{
  GArray      *values; /* double, finite only */
  guint        n_bins;
  double       bin_width;
  HpAxisFormat format;
  char        *color_key;
  GArray      *bins; /* HpHistogramBin, NULL until computed */
} HistogramData;

static void
histogram_data_free (gpointer p)
{
  HistogramData *data = p;

  g_array_unref (data->values);
  g_clear_pointer (&data->bins, g_array_unref);
  g_free (data->color_key);
  g_free (data);
}

static void
histogram_layout_free (gpointer p)
{
  HpHistogramLayout *hl = p;

  g_array_unref (hl->bars);
  g_free (hl);
}

static void
compute_bins (HistogramData *data)
{
  const double *v = (const double *)data->values->data;
  guint         n = data->values->len;
  double        min = INFINITY;
  double        max = -INFINITY;
  double        start;
  double        width;
  guint         n_bins;

  data->bins = g_array_new (FALSE, TRUE, sizeof (HpHistogramBin));
  if (n == 0)
    return;

  for (guint i = 0; i < n; i++)
    {
      min = MIN (min, v[i]);
      max = MAX (max, v[i]);
    }

  if (data->bin_width > 0)
    {
      width = data->bin_width;
      start = floor (min / width) * width;
      if ((max - start) / width >= MAX_BINS)
        {
          width = (max - start) / (MAX_BINS - 1);
          n_bins = MAX_BINS;
        }
      else
        n_bins = (guint)floor ((max - start) / width) + 1;
    }
  else if (data->n_bins > 0)
    {
      n_bins = MIN (data->n_bins, MAX_BINS);
      if (max == min)
        {
          start = min - 0.5;
          width = 1.0 / n_bins;
        }
      else
        {
          start = min;
          width = (max - min) / n_bins;
        }
    }
  else
    {
      /* automatic: about √n bins, 5 to 50, on the 1-2-5 width nearest
       * below (more bins rather than fewer) */
      double target = CLAMP (ceil (sqrt ((double)n)), 5, 50);
      double raw = max > min ? (max - min) / target : (min != 0 ? fabs (min) * 0.1 : 1.0);

      width = hp_axis_nice_step (raw);
      if (width > raw * 1.01)
        width = hp_axis_nice_step (width * 0.4);
      start = floor (min / width) * width;
      n_bins = MIN ((guint)floor ((max - start) / width) + 1, MAX_BINS);
    }

  g_array_set_size (data->bins, n_bins);
  for (guint b = 0; b < n_bins; b++)
    {
      HpHistogramBin *bin = &g_array_index (data->bins, HpHistogramBin, b);

      bin->low = start + b * width;
      bin->high = start + (b + 1) * width;
    }

  for (guint i = 0; i < n; i++)
    {
      double pos = floor ((v[i] - start) / width);
      guint  b = pos <= 0 ? 0 : pos >= n_bins - 1 ? n_bins - 1
                                                  : (guint)pos;

      g_array_index (data->bins, HpHistogramBin, b).count++;
    }
}

static GArray *
get_bins (HistogramData *data)
{
  if (data->bins == NULL)
    compute_bins (data);
  return data->bins;
}

static gboolean
histogram_has_data (HpChart *chart)
{
  HistogramData *data = chart->data;

  return data->values->len > 0;
}

static gpointer
histogram_layout (HpChart              *chart,
                  HpChartLayoutContext *ctx)
{
  HistogramData        *data = chart->data;
  HpHistogramLayout    *hl = g_new0 (HpHistogramLayout, 1);
  GArray               *bins = get_bins (data);
  HpRect                plot = ctx->content;
  double                tick_h = _hp_chart_line_height (ctx, HP_CHART_TEXT_TICK);
  double                scale = ctx->style->scale;
  const HpHistogramBin *first = &g_array_index (bins, HpHistogramBin, 0);
  const HpHistogramBin *last = &g_array_index (bins, HpHistogramBin, bins->len - 1);
  guint                 max_count = 0;
  double                bottom;

  hl->bars = g_array_sized_new (FALSE, FALSE, sizeof (HpRect), bins->len);
  for (guint b = 0; b < bins->len; b++)
    max_count = MAX (max_count, g_array_index (bins, HpHistogramBin, b).count);

  _hp_chart_reserve_axis_titles (ctx, &plot, FALSE);
  plot.y += tick_h / 2;
  plot.height = MAX (0.0, plot.height - tick_h / 2 - tick_h - 6);

  hp_axis_ticks_compute (&hl->y_ticks, 0, max_count, (guint)_hp_chart_tick_target (plot.height, 48),
                         HP_AXIS_FORMAT_COMPACT, HP_AXIS_EXTEND | HP_AXIS_INTEGER);
  {
    double yw = _hp_chart_y_axis_width (ctx, &hl->y_ticks);
    char   text[64];
    double w;

    plot.x += yw;
    plot.width = MAX (0.0, plot.width - yw);

    /* room for half of the last x label */
    hp_axis_ticks_compute (&hl->x_ticks, first->low, last->high, 6, data->format, HP_AXIS_NONE);
    hp_axis_ticks_format (&hl->x_ticks, last->high, text, sizeof text);
    _hp_chart_measure (ctx, HP_CHART_TEXT_TICK, text, &w, NULL);
    plot.width = MAX (0.0, plot.width - w / 2);
  }

  _hp_chart_x_axis_ticks (ctx, &hl->x_ticks, plot.width, first->low, last->high, data->format,
                          HP_AXIS_NONE);
  /* the bins decide the range, not the ticks */
  hl->x_ticks.min = first->low;
  hl->x_ticks.max = last->high;

  _hp_chart_emit_y_axis (ctx, &plot, &hl->y_ticks, TRUE);
  _hp_chart_emit_x_axis (ctx, &plot, &hl->x_ticks, FALSE);
  bottom = plot.y + plot.height;
  _hp_chart_add_axis_line (ctx, plot.x, bottom, plot.x + plot.width, bottom);

  for (guint b = 0; b < bins->len; b++)
    {
      const HpHistogramBin *bin = &g_array_index (bins, HpHistogramBin, b);
      double                x0 = _hp_chart_map (bin->low, first->low, last->high, plot.x, plot.x + plot.width);
      double                x1 = _hp_chart_map (bin->high, first->low, last->high, plot.x, plot.x + plot.width);
      double                top = _hp_chart_map (bin->count, hl->y_ticks.min, hl->y_ticks.max, bottom, plot.y);
      double                gap = x1 - x0 >= 5 ? 1 : 0;
      g_autofree char      *lo = hp_format_value (bin->low, data->format);
      g_autofree char      *hi = hp_format_value (bin->high, data->format);
      g_autofree char      *range = g_strdup_printf ("%s – %s", lo, hi);
      HpRect                bar;
      HpRect                column;

      x0 = round (x0 * scale) / scale;
      x1 = round (x1 * scale) / scale;
      top = round (top * scale) / scale;
      bar = (HpRect){ x0 + gap / 2, top, MAX (0.0, x1 - x0 - gap), bin->count > 0 ? bottom - top : 0 };
      g_array_append_val (hl->bars, bar);

      column = (HpRect){ x0, plot.y, x1 - x0, plot.height };
      _hp_chart_add_hit (ctx, &column, HP_CHART_HIT_ITEM, 0, (int)b, bin->count, range, NULL);
    }

  _hp_chart_emit_axis_titles (ctx, &plot, FALSE);
  ctx->layout->plot = plot;
  return hl;
}

static void
histogram_paint (HpChart            *chart,
                 gconstpointer       kind_layout,
                 cairo_t            *cr,
                 const HpChartStyle *style)
{
  const HpHistogramLayout *hl = kind_layout;
  HistogramData           *data = chart->data;
  HpColor                  color = hp_chart_style_color_for_label (style, data->color_key, 0);

  for (guint b = 0; b < hl->bars->len; b++)
    {
      const HpRect *r = &g_array_index (hl->bars, HpRect, b);

      if (r->height > 0 && r->width > 0)
        cairo_rectangle (cr, r->x, r->y, r->width, r->height);
    }
  _hp_cairo_set_color (cr, &color);
  cairo_fill (cr);
}

static const HpChartClass histogram_class = {
  .kind = HP_CHART_KIND_HISTOGRAM,
  .free_data = histogram_data_free,
  .has_data = histogram_has_data,
  .layout = histogram_layout,
  .free_layout = histogram_layout_free,
  .paint = histogram_paint,
};

/**
 * hp_histogram_new:
 * @name: the file stem
 * @title: (nullable): the title
 *
 * Creates an empty histogram with automatic bins (about √n bins of a
 * 1-2-5 width). The y axis counts values.
 *
 * Returns: (transfer full): the chart
 */
HpChart *
hp_histogram_new (const char *name,
                  const char *title)
{
  HistogramData *data = g_new0 (HistogramData, 1);

  data->values = g_array_new (FALSE, FALSE, sizeof (double));
  data->format = HP_AXIS_FORMAT_NUMBER;
  return _hp_chart_new (&histogram_class, data, name, title);
}

static void
drop_bins (HpChart       *chart,
           HistogramData *data)
{
  g_clear_pointer (&data->bins, g_array_unref);
  _hp_chart_invalidate (chart);
}

/**
 * hp_histogram_set_values:
 * @values: (array length=n_values): the raw values; NaN and infinities are
 *   ignored
 *
 * Replaces the values (they are copied).
 */
void
hp_histogram_set_values (HpChart      *chart,
                         const double *values,
                         gsize         n_values)
{
  HistogramData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HISTOGRAM);

  g_return_if_fail (data != NULL);
  g_return_if_fail (values != NULL || n_values == 0);

  g_array_set_size (data->values, 0);
  for (gsize i = 0; i < n_values; i++)
    if (isfinite (values[i]))
      g_array_append_val (data->values, values[i]);
  drop_bins (chart, data);
}

/**
 * hp_histogram_set_bin_count:
 * @n_bins: split [min, max] into this many equal bins; 0 for automatic
 */
void
hp_histogram_set_bin_count (HpChart *chart,
                            guint    n_bins)
{
  HistogramData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HISTOGRAM);

  g_return_if_fail (data != NULL);
  data->n_bins = n_bins;
  data->bin_width = 0;
  drop_bins (chart, data);
}

/**
 * hp_histogram_set_bin_width:
 * @width: bins of this width, aligned on its multiples; 0 for automatic
 */
void
hp_histogram_set_bin_width (HpChart *chart,
                            double   width)
{
  HistogramData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HISTOGRAM);

  g_return_if_fail (data != NULL);
  g_return_if_fail (width >= 0 && isfinite (width));
  data->bin_width = width;
  data->n_bins = 0;
  drop_bins (chart, data);
}

void
hp_histogram_set_value_format (HpChart     *chart,
                               HpAxisFormat format)
{
  HistogramData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HISTOGRAM);

  g_return_if_fail (data != NULL);
  data->format = format;
  _hp_chart_invalidate (chart);
}

/**
 * hp_histogram_set_color_key:
 * @key: (nullable): a label whose colour the bars take
 */
void
hp_histogram_set_color_key (HpChart    *chart,
                            const char *key)
{
  HistogramData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HISTOGRAM);

  g_return_if_fail (data != NULL);
  g_free (data->color_key);
  data->color_key = g_strdup (key);
  _hp_chart_invalidate (chart);
}

/**
 * hp_histogram_get_bins:
 * @n_bins: (out): the number of bins
 *
 * Returns: (array length=n_bins) (transfer none): the bins, computed from
 *   the values on first use
 */
const HpHistogramBin *
hp_histogram_get_bins (HpChart *chart,
                       guint   *n_bins)
{
  HistogramData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HISTOGRAM);
  GArray        *bins;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (n_bins != NULL, NULL);

  bins = get_bins (data);
  *n_bins = bins->len;
  return (const HpHistogramBin *)bins->data;
}

gsize
hp_histogram_get_n_values (HpChart *chart)
{
  HistogramData *data = _hp_chart_get_data (chart, HP_CHART_KIND_HISTOGRAM);

  g_return_val_if_fail (data != NULL, 0);
  return data->values->len;
}

/**
 * hp_histogram_get_layout:
 *
 * Returns: (nullable) (transfer none): the histogram layout of the last
 *   layout
 */
const HpHistogramLayout *
hp_histogram_get_layout (HpChart *chart)
{
  return _hp_chart_get_kind_layout (chart, HP_CHART_KIND_HISTOGRAM);
}
