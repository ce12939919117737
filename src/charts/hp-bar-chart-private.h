/* hp-bar-chart-private.h — a bar chart's model, shared by its API and its layout.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-bar-chart.h"
#include "hp-chart-private.h"

G_BEGIN_DECLS

typedef struct
{
  HpChartSeries head;   /* first, see HpChartSeries */
  GArray       *values; /* double, NaN = none */
  GArray       *lows;   /* double, NaN = no error bar */
  GArray       *highs;
} BarSeries;

typedef struct
{
  GPtrArray       *categories; /* char * */
  GPtrArray       *series;     /* BarSeries * */
  HpBarMode        mode;
  HpBarOrientation orientation;
  HpAxisFormat     format;
  double           range_min;
  double           range_max;
  gboolean         show_values;
} BarData;

static inline double
series_value (const BarSeries *s,
              guint            c)
{
  return g_array_index (s->values, double, c);
}

gpointer _hp_bar_chart_layout (HpChart              *chart,
                               HpChartLayoutContext *ctx);
void     _hp_bar_chart_layout_free (gpointer kind_layout);
void     _hp_bar_chart_paint (HpChart            *chart,
                              gconstpointer       kind_layout,
                              cairo_t            *cr,
                              const HpChartStyle *style);

G_END_DECLS
