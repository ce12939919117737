/* hp-chart-grid.h — charts in rows of two when there is room, one when not.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HP_TYPE_CHART_GRID (hp_chart_grid_get_type ())

G_DECLARE_FINAL_TYPE (HpChartGrid, hp_chart_grid, HP, CHART_GRID, GtkWidget)

GtkWidget *hp_chart_grid_new (void);
void       hp_chart_grid_append (HpChartGrid *self,
                                 GtkWidget   *child,
                                 gboolean     wide);
void       hp_chart_grid_remove_all (HpChartGrid *self);
guint      hp_chart_grid_get_n_columns (HpChartGrid *self);

G_END_DECLS
