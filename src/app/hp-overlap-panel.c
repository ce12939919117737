/* hp-overlap-panel.c — the Overlap tab: how much communication overlaps computation.
 *
 * Shows comm_comp_overlap (docs/analyses.md §5): for each rank, the share of
 * communication time during which computation also ran.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-overlap-panel.h"

struct _HpOverlapPanel
{
  HpAnalysisPanel parent_instance;
};

G_DEFINE_FINAL_TYPE (HpOverlapPanel, hp_overlap_panel, HP_TYPE_ANALYSIS_PANEL)

static void
hp_overlap_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_OVERLAP_PANEL);

  G_OBJECT_CLASS (hp_overlap_panel_parent_class)->dispose (object);
}

static void
hp_overlap_panel_class_init (HpOverlapPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_overlap_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-overlap-panel.ui");

  hp_analysis_panel_class_add_analysis (panel_class, HP_COMM_COMP_OVERLAP_ANALYSIS, _ ("Communication and computation overlap"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_overlap_panel_init (HpOverlapPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
hp_overlap_panel_new (void)
{
  return g_object_new (HP_TYPE_OVERLAP_PANEL, NULL);
}
