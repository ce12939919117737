/* hp-counters-panel.c — the Counters tab: queue length and memory bandwidth.
 *
 * Shows queue_length and memory_bw (docs/analyses.md §8): how many launched
 * operations wait on each stream, how long streams sit at the queue limit,
 * and the bandwidth of memory copies.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-counters-panel.h"

struct _HpCountersPanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkSpinButton *queue_spin;
};

G_DEFINE_FINAL_TYPE (HpCountersPanel, hp_counters_panel, HP_TYPE_ANALYSIS_PANEL)

static void
hp_counters_panel_dispose (GObject *object)
{
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (HP_COUNTERS_PANEL (object)->queue_spin != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_COUNTERS_PANEL);

  G_OBJECT_CLASS (hp_counters_panel_parent_class)->dispose (object);
}

static void
hp_counters_panel_class_init (HpCountersPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_counters_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-counters-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpCountersPanel, queue_spin);

  hp_analysis_panel_class_add_analysis (panel_class, HP_QUEUE_LENGTH_ANALYSIS, _ ("Queue length"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
  hp_analysis_panel_class_add_analysis (panel_class, HP_MEMORY_BW_ANALYSIS, _ ("Memory bandwidth"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_counters_panel_init (HpCountersPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_queue_length_max_queue_length_spec, GTK_WIDGET (self->queue_spin));
}

GtkWidget *
hp_counters_panel_new (void)
{
  return g_object_new (HP_TYPE_COUNTERS_PANEL, NULL);
}
