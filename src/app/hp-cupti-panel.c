/* hp-cupti-panel.c — the Counters (CUPTI) tab: hardware counters per kernel and the ops that launched it.
 *
 * Shows cupti_counters (docs/analyses.md §11): one row per kernel the CUPTI
 * range profiler measured, its counters, the ops around its launch, and the
 * FLOPs per top-level and per bottom-level op.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-cupti-panel.h"

struct _HpCuptiPanel
{
  HpAnalysisPanel parent_instance;
};

G_DEFINE_FINAL_TYPE (HpCuptiPanel, hp_cupti_panel, HP_TYPE_ANALYSIS_PANEL)

static void
hp_cupti_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_CUPTI_PANEL);

  G_OBJECT_CLASS (hp_cupti_panel_parent_class)->dispose (object);
}

static void
hp_cupti_panel_class_init (HpCuptiPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_cupti_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-cupti-panel.ui");

  hp_analysis_panel_class_add_analysis (panel_class, HP_CUPTI_COUNTERS_ANALYSIS, _ ("CUPTI counters with their operators"), HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_cupti_panel_init (HpCuptiPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
hp_cupti_panel_new (void)
{
  return g_object_new (HP_TYPE_CUPTI_PANEL, NULL);
}
