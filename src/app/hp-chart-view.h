/* hp-chart-view.h — one chart in a panel: theme colours, tooltips and export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-charts.h"

G_BEGIN_DECLS

#define HP_TYPE_CHART_VIEW (hp_chart_view_get_type ())

G_DECLARE_FINAL_TYPE (HpChartView, hp_chart_view, HP, CHART_VIEW, GtkWidget)

GtkWidget          *hp_chart_view_new (HpChart *chart);
HpChart            *hp_chart_view_get_chart (HpChartView *self);
void                hp_chart_view_set_export_suffix (HpChartView *self,
                                                     const char  *suffix);
char               *hp_chart_view_get_export_name (HpChartView   *self,
                                                   HpExportFormat format);
void                hp_chart_view_set_chart (HpChartView *self,
                                             HpChart     *chart);
int                 hp_chart_view_get_rank (HpChartView *self);
void                hp_chart_view_set_rank (HpChartView *self,
                                            int          rank);
const HpChartStyle *hp_chart_view_get_style (HpChartView *self);
char               *hp_chart_view_get_tooltip_text (HpChartView *self,
                                                    double       x,
                                                    double       y);
void                hp_chart_view_get_export_size (HpChartView *self,
                                                   int         *width,
                                                   int         *height,
                                                   double      *scale);
gboolean            hp_chart_view_export_to_file (HpChartView *self,
                                                  const char  *path,
                                                  GError     **error);
void                hp_chart_view_export (HpChartView   *self,
                                          HpExportFormat format);

G_END_DECLS
