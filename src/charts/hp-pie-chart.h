/* hp-pie-chart.h — pie and donut charts, alone or as a grid of pies sharing one legend.
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
 * HpPieGeometry:
 * @cx: the centre
 * @cy:
 * @radius: the outer radius
 * @inner_radius: the radius of the hole (0 for a pie)
 * @total: the sum of the pie's positive values
 */
typedef struct
{
  double cx;
  double cy;
  double radius;
  double inner_radius;
  double total;
} HpPieGeometry;

/**
 * HpPieSlice:
 * @pie: which pie
 * @label_index: the slice's label, an index into the legend labels (its
 *   colour is the same in every pie)
 * @label: the full label
 * @value: the value
 * @fraction: the share of the pie's total, in [0, 1]
 * @start_angle: radians, clockwise from 12 o'clock
 * @end_angle:
 */
typedef struct
{
  guint       pie;
  guint       label_index;
  const char *label;
  double      value;
  double      fraction;
  double      start_angle;
  double      end_angle;
} HpPieSlice;

/**
 * HpPieLayout:
 * @pies: (element-type HpPieGeometry): one per pie
 * @slices: (element-type HpPieSlice): the slices with a positive value
 * @colors: (array length=n_labels): the colour of each label
 * @n_labels: the number of distinct labels
 */
typedef struct
{
  GArray  *pies;
  GArray  *slices;
  HpColor *colors;
  guint    n_labels;
} HpPieLayout;

HpChart           *hp_pie_chart_new (const char *name,
                                     const char *title);
void               hp_pie_chart_set_donut (HpChart *chart,
                                           double   hole);
void               hp_pie_chart_set_value_format (HpChart     *chart,
                                                  HpAxisFormat format);
HpAxisFormat       hp_pie_chart_get_value_format (HpChart *chart);
guint              hp_pie_chart_add_pie (HpChart    *chart,
                                         const char *caption);
void               hp_pie_chart_add_slice (HpChart    *chart,
                                           guint       pie,
                                           const char *label,
                                           double      value);
guint              hp_pie_chart_get_n_pies (HpChart *chart);
guint              hp_pie_chart_get_n_empty_pies (HpChart *chart);
const HpPieLayout *hp_pie_chart_get_layout (HpChart *chart);

G_END_DECLS
