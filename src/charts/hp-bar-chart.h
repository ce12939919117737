/* hp-bar-chart.h — stacked and grouped bar charts, with optional min/max error bars.
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
  HP_BAR_GROUPED,
  HP_BAR_STACKED,
} HpBarMode;

/**
 * HpBarOrientation:
 * @HP_BAR_ORIENTATION_AUTO: vertical bars, unless the category names do
 *   not fit under them; then horizontal
 * @HP_BAR_ORIENTATION_VERTICAL: categories along the bottom
 * @HP_BAR_ORIENTATION_HORIZONTAL: categories down the left side
 */
typedef enum
{
  HP_BAR_ORIENTATION_AUTO,
  HP_BAR_ORIENTATION_VERTICAL,
  HP_BAR_ORIENTATION_HORIZONTAL,
} HpBarOrientation;

/**
 * HpBarRect:
 * @rect: the bar or stacked segment
 * @series: its series
 * @category: its category
 * @value: its value
 */
typedef struct
{
  HpRect rect;
  guint  series;
  guint  category;
  double value;
} HpBarRect;

/**
 * HpErrorBar:
 * @center: the x (vertical bars) or y (horizontal bars) of the whisker
 * @low: the pixel position of the low end
 * @high: the pixel position of the high end
 * @cap: half the width of the caps
 */
typedef struct
{
  double center;
  double low;
  double high;
  double cap;
  guint  series;
  guint  category;
} HpErrorBar;

/**
 * HpBarLayout:
 * @orientation: the orientation used (never AUTO)
 * @value_ticks: the value axis
 * @bars: (element-type HpBarRect): one per finite value
 * @errors: (element-type HpErrorBar): one per error bar
 * @label_stride: every @label_stride-th category name is shown
 * @series_colors: (array length=n_series): the colour of each series
 * @n_series: the number of series
 */
typedef struct
{
  HpBarOrientation orientation;
  HpAxisTicks      value_ticks;
  GArray          *bars;
  GArray          *errors;
  guint            label_stride;
  HpColor         *series_colors;
  guint            n_series;
} HpBarLayout;

HpChart           *hp_bar_chart_new (const char *name,
                                     const char *title);
void               hp_bar_chart_set_mode (HpChart  *chart,
                                          HpBarMode mode);
void               hp_bar_chart_set_orientation (HpChart         *chart,
                                                 HpBarOrientation orientation);
void               hp_bar_chart_set_value_format (HpChart     *chart,
                                                  HpAxisFormat format);
void               hp_bar_chart_set_value_range (HpChart *chart,
                                                 double   min,
                                                 double   max);
void               hp_bar_chart_set_show_values (HpChart *chart,
                                                 gboolean show_values);
guint              hp_bar_chart_add_category (HpChart    *chart,
                                              const char *label);
guint              hp_bar_chart_add_series (HpChart      *chart,
                                            const char   *name,
                                            const double *values);
void               hp_bar_chart_set_series_color_key (HpChart    *chart,
                                                      guint       series,
                                                      const char *key);
void               hp_bar_chart_set_value (HpChart *chart,
                                           guint    series,
                                           guint    category,
                                           double   value);
void               hp_bar_chart_set_error (HpChart *chart,
                                           guint    series,
                                           guint    category,
                                           double   low,
                                           double   high);
double             hp_bar_chart_get_value (HpChart *chart,
                                           guint    series,
                                           guint    category);
guint              hp_bar_chart_get_n_categories (HpChart *chart);
guint              hp_bar_chart_get_n_series (HpChart *chart);
const HpBarLayout *hp_bar_chart_get_layout (HpChart *chart);

G_END_DECLS
