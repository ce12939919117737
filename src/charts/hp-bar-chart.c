/* hp-bar-chart.c — stacked and grouped bar charts, with optional min/max error bars: the model.
 *
 * Their layout and painting are in hp-bar-chart-layout.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-bar-chart.h"
#include "hp-bar-chart-private.h"
#include "hp-chart-private.h"

static void
bar_series_free (gpointer p)
{
  BarSeries *s = p;

  _hp_chart_series_clear (&s->head);
  g_array_unref (s->values);
  g_array_unref (s->lows);
  g_array_unref (s->highs);
  g_free (s);
}

static void
bar_data_free (gpointer p)
{
  BarData *data = p;

  g_ptr_array_unref (data->categories);
  g_ptr_array_unref (data->series);
  g_free (data);
}

static gboolean
bar_has_data (HpChart *chart)
{
  BarData *data = chart->data;

  for (guint s = 0; s < data->series->len; s++)
    {
      const BarSeries *series = g_ptr_array_index (data->series, s);

      for (guint c = 0; c < series->values->len; c++)
        if (isfinite (series_value (series, c)))
          return TRUE;
    }

  return FALSE;
}

static GPtrArray *
bar_series (gpointer data)
{
  return ((BarData *)data)->series;
}

static const HpChartClass bar_class = {
  .kind = HP_CHART_KIND_BAR,
  .free_data = bar_data_free,
  .has_data = bar_has_data,
  .series = bar_series,
  .layout = _hp_bar_chart_layout,
  .free_layout = _hp_bar_chart_layout_free,
  .paint = _hp_bar_chart_paint,
};

/**
 * hp_bar_chart_new:
 * @name: the file stem, e.g. `temporal_breakdown`
 * @title: (nullable): the title
 *
 * Creates an empty bar chart: grouped, automatic orientation, plain
 * numbers. Add categories, then series.
 *
 * Returns: (transfer full): the chart
 */
HpChart *
hp_bar_chart_new (const char *name,
                  const char *title)
{
  BarData *data = g_new0 (BarData, 1);

  data->categories = g_ptr_array_new_with_free_func (g_free);
  data->series = g_ptr_array_new_with_free_func (bar_series_free);
  data->mode = HP_BAR_GROUPED;
  data->orientation = HP_BAR_ORIENTATION_AUTO;
  data->format = HP_AXIS_FORMAT_NUMBER;
  data->range_min = NAN;
  data->range_max = NAN;
  return _hp_chart_new (&bar_class, data, name, title);
}

HP_CHART_DEFINE_SETTER (hp_bar_chart_set_mode, BarData, HP_CHART_KIND_BAR, mode, HpBarMode)
HP_CHART_DEFINE_SETTER (hp_bar_chart_set_orientation, BarData, HP_CHART_KIND_BAR, orientation, HpBarOrientation)
HP_CHART_DEFINE_SETTER (hp_bar_chart_set_value_format, BarData, HP_CHART_KIND_BAR, format, HpAxisFormat)

/**
 * hp_bar_chart_set_value_range:
 * @min: the least the value axis shows, or NaN
 * @max: the most the value axis shows at least, or NaN
 *
 * Widens the value axis, e.g. to [0, 100] for percents; values outside
 * still widen it further.
 */
void
hp_bar_chart_set_value_range (HpChart *chart,
                              double   min,
                              double   max)
{
  BarData *data = _hp_chart_get_data (chart, HP_CHART_KIND_BAR);

  g_return_if_fail (data != NULL);
  data->range_min = min;
  data->range_max = max;
  _hp_chart_invalidate (chart);
}

/**
 * hp_bar_chart_set_show_values:
 *
 * Writes each value next to its bar (inside stacked segments that are
 * large enough).
 */
void
hp_bar_chart_set_show_values (HpChart *chart,
                              gboolean show_values)
{
  BarData *data = _hp_chart_get_data (chart, HP_CHART_KIND_BAR);

  g_return_if_fail (data != NULL);
  data->show_values = !!show_values;
  _hp_chart_invalidate (chart);
}

static void
append_nan (GArray *array)
{
  double nan = NAN;

  g_array_append_val (array, nan);
}

/**
 * hp_bar_chart_add_category:
 * @label: the category's name (kept whole for tooltips)
 *
 * Returns: the index of the new category
 */
guint
hp_bar_chart_add_category (HpChart    *chart,
                           const char *label)
{
  BarData *data = _hp_chart_get_data (chart, HP_CHART_KIND_BAR);

  g_return_val_if_fail (data != NULL, 0);

  g_ptr_array_add (data->categories, g_strdup (label != NULL ? label : ""));
  for (guint s = 0; s < data->series->len; s++)
    {
      BarSeries *series = g_ptr_array_index (data->series, s);

      append_nan (series->values);
      append_nan (series->lows);
      append_nan (series->highs);
    }
  _hp_chart_invalidate (chart);
  return data->categories->len - 1;
}

/**
 * hp_bar_chart_add_series:
 * @name: the series name, also the key of its colour
 * @values: (nullable) (array): one value per category added so far (NaN for
 *   none), or %NULL to set them later
 *
 * Returns: the index of the new series
 */
guint
hp_bar_chart_add_series (HpChart      *chart,
                         const char   *name,
                         const double *values)
{
  BarData   *data = _hp_chart_get_data (chart, HP_CHART_KIND_BAR);
  BarSeries *series;
  guint      n;

  g_return_val_if_fail (data != NULL, 0);

  n = data->categories->len;
  series = g_new0 (BarSeries, 1);
  series->head.name = g_strdup (name != NULL ? name : "");
  series->values = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  series->lows = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  series->highs = g_array_sized_new (FALSE, FALSE, sizeof (double), n);
  for (guint c = 0; c < n; c++)
    {
      double v = values != NULL ? values[c] : NAN;

      g_array_append_val (series->values, v);
      append_nan (series->lows);
      append_nan (series->highs);
    }
  g_ptr_array_add (data->series, series);
  _hp_chart_invalidate (chart);
  return data->series->len - 1;
}

/**
 * hp_bar_chart_set_series_color_key:
 * @key: (nullable): the label whose colour the series takes, e.g.
 *   "COMPUTATION" for a series named "Mean"; %NULL for the series name
 */
void
hp_bar_chart_set_series_color_key (HpChart    *chart,
                                   guint       series,
                                   const char *key)
{
  BarData *data = _hp_chart_get_data (chart, HP_CHART_KIND_BAR);

  g_return_if_fail (data != NULL);
  g_return_if_fail (series < data->series->len);

  _hp_chart_series_set_color_key (chart, g_ptr_array_index (data->series, series), key);
}

void
hp_bar_chart_set_value (HpChart *chart,
                        guint    series,
                        guint    category,
                        double   value)
{
  BarData   *data = _hp_chart_get_data (chart, HP_CHART_KIND_BAR);
  BarSeries *s;

  g_return_if_fail (data != NULL);
  g_return_if_fail (series < data->series->len);
  g_return_if_fail (category < data->categories->len);

  s = g_ptr_array_index (data->series, series);
  g_array_index (s->values, double, category) = value;
  _hp_chart_invalidate (chart);
}

/**
 * hp_bar_chart_set_error:
 * @low: where the lower whisker ends (e.g. the minimum), in values
 * @high: where the upper whisker ends (e.g. the maximum)
 *
 * Adds a min/max error bar to a bar; NaN removes it.
 */
void
hp_bar_chart_set_error (HpChart *chart,
                        guint    series,
                        guint    category,
                        double   low,
                        double   high)
{
  BarData   *data = _hp_chart_get_data (chart, HP_CHART_KIND_BAR);
  BarSeries *s;

  g_return_if_fail (data != NULL);
  g_return_if_fail (series < data->series->len);
  g_return_if_fail (category < data->categories->len);

  s = g_ptr_array_index (data->series, series);
  g_array_index (s->lows, double, category) = MIN (low, high);
  g_array_index (s->highs, double, category) = MAX (low, high);
  _hp_chart_invalidate (chart);
}

double
hp_bar_chart_get_value (HpChart *chart,
                        guint    series,
                        guint    category)
{
  BarData *data = _hp_chart_get_data (chart, HP_CHART_KIND_BAR);

  g_return_val_if_fail (data != NULL, NAN);
  g_return_val_if_fail (series < data->series->len, NAN);
  g_return_val_if_fail (category < data->categories->len, NAN);

  return series_value (g_ptr_array_index (data->series, series), category);
}

guint
hp_bar_chart_get_n_categories (HpChart *chart)
{
  BarData *data = _hp_chart_get_data (chart, HP_CHART_KIND_BAR);

  g_return_val_if_fail (data != NULL, 0);
  return data->categories->len;
}

guint
hp_bar_chart_get_n_series (HpChart *chart)
{
  BarData *data = _hp_chart_get_data (chart, HP_CHART_KIND_BAR);

  g_return_val_if_fail (data != NULL, 0);
  return data->series->len;
}

/**
 * hp_bar_chart_get_layout:
 *
 * Returns: (nullable) (transfer none): the bar layout of the last
 *   hp_chart_layout() or hp_chart_paint(), or %NULL ("No data", or not
 *   laid out)
 */
const HpBarLayout *
hp_bar_chart_get_layout (HpChart *chart)
{
  return _hp_chart_get_kind_layout (chart, HP_CHART_KIND_BAR);
}
