/* hp-chart-view-private.h — what the files of HpChartView share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-chart-view.h"

G_BEGIN_DECLS

struct _HpChartView
{
  GtkWidget parent_instance;

  /* Owned references */
  HpChart      *chart;
  HpChartStyle *style;   /* from the theme; NULL until needed */
  GdkTexture   *texture; /* the painted chart, NULL when stale */
  GtkWidget    *menu_button;
  GtkWidget    *context_menu;

  int texture_width;
  int texture_height;
  int texture_scale;
  int rank;

  char *export_suffix; /* after the chart's name in exported files' names, or NULL */
};

void        hp_chart_view_export_png_action (GtkWidget  *widget,
                                             const char *action_name,
                                             GVariant   *parameter);
void        hp_chart_view_export_svg_action (GtkWidget  *widget,
                                             const char *action_name,
                                             GVariant   *parameter);
GMenuModel *hp_chart_view_export_menu (void);
void        hp_chart_view_context_pressed_cb (GtkGestureClick *gesture,
                                              int              n_press,
                                              double           x,
                                              double           y,
                                              HpChartView     *self);

G_END_DECLS
