/* hp-aten-delays-panel.c — the ATen delays tab: launch delays of ATen ops and their kernels.
 *
 * Shows aten_op_kernels_and_delay (docs/analyses.md §7): for each ATen op and
 * the kernels it launches, how long the op takes to launch them and how long
 * the kernels then wait for the GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-aten-delays-panel.h"

struct _HpAtenDelaysPanel
{
  HpAnalysisPanel parent_instance;
};

G_DEFINE_FINAL_TYPE (HpAtenDelaysPanel, hp_aten_delays_panel, HP_TYPE_ANALYSIS_PANEL)

static void
hp_aten_delays_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_ATEN_DELAYS_PANEL);

  G_OBJECT_CLASS (hp_aten_delays_panel_parent_class)->dispose (object);
}

static void
hp_aten_delays_panel_class_init (HpAtenDelaysPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_aten_delays_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-aten-delays-panel.ui");

  hp_analysis_panel_class_add_analysis (panel_class, HP_ATEN_OP_DELAY_ANALYSIS, _ ("ATen op kernels and delays"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_aten_delays_panel_init (HpAtenDelaysPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
hp_aten_delays_panel_new (void)
{
  return g_object_new (HP_TYPE_ATEN_DELAYS_PANEL, NULL);
}
