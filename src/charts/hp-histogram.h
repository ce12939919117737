/* hp-histogram.h — histograms that bin raw values by a fixed bin count or bin width.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include "hp-chart.h"

G_BEGIN_DECLS

/**
 * HpHistogramBin:
 * @low: the bin is [@low, @high); the last bin also holds @high
 * @high:
 * @count: how many values fall in it
 */
typedef struct
{
  double low;
  double high;
  guint  count;
} HpHistogramBin;

/**
 * HpHistogramLayout:
 * @x_ticks: the value axis
 * @y_ticks: the count axis
 * @bars: (element-type HpRect): one rectangle per bin (empty for count 0)
 */
typedef struct
{
  HpAxisTicks x_ticks;
  HpAxisTicks y_ticks;
  GArray     *bars;
} HpHistogramLayout;

HpChart                 *hp_histogram_new (const char *name,
                                           const char *title);
void                     hp_histogram_set_values (HpChart      *chart,
                                                  const double *values,
                                                  gsize         n_values);
void                     hp_histogram_set_bin_count (HpChart *chart,
                                                     guint    n_bins);
void                     hp_histogram_set_bin_width (HpChart *chart,
                                                     double   width);
void                     hp_histogram_set_value_format (HpChart     *chart,
                                                        HpAxisFormat format);
void                     hp_histogram_set_color_key (HpChart    *chart,
                                                     const char *key);
const HpHistogramBin    *hp_histogram_get_bins (HpChart *chart,
                                                guint   *n_bins);
gsize                    hp_histogram_get_n_values (HpChart *chart);
const HpHistogramLayout *hp_histogram_get_layout (HpChart *chart);

G_END_DECLS
