/* hp-memory-panel.c — the Memory tab: memory per device, its peak and the ops holding it.
 *
 * Shows memory (the [memory] events of profile_memory=True) and
 * memory_timeline (docs/analyses.md §13, a raw memory-timeline export next to
 * the trace): allocated and reserved memory per device over time, the peak,
 * and the ops whose allocations are alive at the peak.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-memory-panel.h"

struct _HpMemoryPanel
{
  HpAnalysisPanel parent_instance;
};

G_DEFINE_FINAL_TYPE (HpMemoryPanel, hp_memory_panel, HP_TYPE_ANALYSIS_PANEL)

static void
hp_memory_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_MEMORY_PANEL);

  G_OBJECT_CLASS (hp_memory_panel_parent_class)->dispose (object);
}

static void
hp_memory_panel_class_init (HpMemoryPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_memory_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-memory-panel.ui");

  hp_analysis_panel_class_add_analysis (panel_class, HP_MEMORY_ANALYSIS, _ ("Memory per device"), HP_ANALYSIS_PANEL_SHOW_TABLES);
  hp_analysis_panel_class_add_analysis (panel_class, HP_MEMORY_TIMELINE_ANALYSIS, _ ("Memory timeline by category"), HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_memory_panel_init (HpMemoryPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
hp_memory_panel_new (void)
{
  return g_object_new (HP_TYPE_MEMORY_PANEL, NULL);
}
