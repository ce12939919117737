/* hp-heat-map.h — heat maps: a grid of values coloured on a sequential scale with its legend.
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
 * HpHeatMapLayout:
 * @grid: the cells' area
 * @cell_width: the size of one cell
 * @cell_height:
 * @scale_bar: the colour scale next to the grid
 * @scale_ticks: the ticks of the colour scale
 * @value_min: the value at the low end of the colour scale
 * @value_max: the value at the high end
 * @row_stride: every @row_stride-th row name is shown
 * @column_stride: every @column_stride-th column name is shown
 */
typedef struct
{
  HpRect      grid;
  double      cell_width;
  double      cell_height;
  HpRect      scale_bar;
  HpAxisTicks scale_ticks;
  double      value_min;
  double      value_max;
  guint       row_stride;
  guint       column_stride;
} HpHeatMapLayout;

HpChart               *hp_heat_map_new (const char *name,
                                        const char *title);
void                   hp_heat_map_set_size (HpChart *chart,
                                             guint    n_rows,
                                             guint    n_columns);
void                   hp_heat_map_set_row_label (HpChart    *chart,
                                                  guint       row,
                                                  const char *label);
void                   hp_heat_map_set_column_label (HpChart    *chart,
                                                     guint       column,
                                                     const char *label);
void                   hp_heat_map_set_value (HpChart *chart,
                                              guint    row,
                                              guint    column,
                                              double   value);
double                 hp_heat_map_get_value (HpChart *chart,
                                              guint    row,
                                              guint    column);
void                   hp_heat_map_set_value_format (HpChart     *chart,
                                                     HpAxisFormat format);
void                   hp_heat_map_set_range (HpChart *chart,
                                              double   min,
                                              double   max);
void                   hp_heat_map_set_show_values (HpChart *chart,
                                                    gboolean show_values);
const HpHeatMapLayout *hp_heat_map_get_layout (HpChart *chart);

G_END_DECLS
