/* hp-line-chart.h — line and step time series, decimated per pixel column for millions of points.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include "hp-chart.h"

G_BEGIN_DECLS

typedef enum
{
  HP_LINE_STRAIGHT,
  HP_LINE_STEP, /* a value holds until the next point */
} HpLineMode;

/**
 * HpLineColumn:
 * @first: the y (in pixels) of the first point in the column, NaN when the
 *   column has no point
 * @min: the smallest y of the column's points (the top-most)
 * @max: the largest y
 * @last: the y of the last point
 *
 * What is left of a series in one device-pixel column after decimation:
 * keeping the extremes means a one-sample spike is still drawn.
 */
typedef struct
{
  float first;
  float min;
  float max;
  float last;
} HpLineColumn;

/**
 * HpLineLayout:
 * @x_ticks: the horizontal axis
 * @y_ticks: the vertical axis
 * @n_columns: the number of pixel columns per series
 * @column_width: their width in user-space pixels (1 / scale)
 * @columns: (array): @n_series × @n_columns columns, series after series
 * @series_colors: (array length=n_series): the colour of each series
 * @n_series: the number of series
 * @n_points_used: the points that fell inside the x range, all series
 */
typedef struct
{
  HpAxisTicks   x_ticks;
  HpAxisTicks   y_ticks;
  guint         n_columns;
  double        column_width;
  HpLineColumn *columns;
  HpColor      *series_colors;
  guint         n_series;
  gsize         n_points_used;
} HpLineLayout;

HpChart            *hp_line_chart_new (const char *name,
                                       const char *title);
void                hp_line_chart_set_mode (HpChart   *chart,
                                            HpLineMode mode);
void                hp_line_chart_set_x_format (HpChart     *chart,
                                                HpAxisFormat format);
void                hp_line_chart_set_y_format (HpChart     *chart,
                                                HpAxisFormat format);
void                hp_line_chart_set_x_range (HpChart *chart,
                                               double   min,
                                               double   max);
void                hp_line_chart_set_y_include_zero (HpChart *chart,
                                                      gboolean include_zero);
guint               hp_line_chart_add_series (HpChart      *chart,
                                              const char   *name,
                                              const double *x,
                                              const double *y,
                                              gsize         n_points);
void                hp_line_chart_set_series_color_key (HpChart    *chart,
                                                        guint       series,
                                                        const char *key);
guint               hp_line_chart_get_n_series (HpChart *chart);
gsize               hp_line_chart_get_n_points (HpChart *chart,
                                                guint    series);
gboolean            hp_line_chart_get_point (HpChart *chart,
                                             guint    series,
                                             gsize    index,
                                             double  *x,
                                             double  *y);
const HpLineLayout *hp_line_chart_get_layout (HpChart *chart);

G_END_DECLS
