/* hp-idle-time-panel.c — the Idle time tab: why each GPU stream waits.
 *
 * Shows idle_time_breakdown (docs/analyses.md §2): idle time per rank and
 * stream split into host wait, kernel wait and other, and optionally the
 * statistics of the idle intervals.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-idle-time-panel.h"

struct _HpIdleTimePanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkSpinButton  *delay_spin;
  GtkEntry       *streams_entry;
  GtkCheckButton *stats_check;
};

G_DEFINE_FINAL_TYPE (HpIdleTimePanel, hp_idle_time_panel, HP_TYPE_ANALYSIS_PANEL)

static void
hp_idle_time_panel_dispose (GObject *object)
{
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (HP_IDLE_TIME_PANEL (object)->delay_spin != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_IDLE_TIME_PANEL);

  G_OBJECT_CLASS (hp_idle_time_panel_parent_class)->dispose (object);
}

static void
hp_idle_time_panel_class_init (HpIdleTimePanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_idle_time_panel_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-idle-time-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpIdleTimePanel, delay_spin);
  gtk_widget_class_bind_template_child (widget_class, HpIdleTimePanel, streams_entry);
  gtk_widget_class_bind_template_child (widget_class, HpIdleTimePanel, stats_check);

  hp_analysis_panel_class_add_analysis (panel_class, HP_IDLE_TIME_ANALYSIS, _ ("Idle time breakdown"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_idle_time_panel_init (HpIdleTimePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_idle_time_consecutive_kernel_delay_spec, GTK_WIDGET (self->delay_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_analysis_streams_spec, GTK_WIDGET (self->streams_entry));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_idle_time_show_idle_interval_stats_spec, GTK_WIDGET (self->stats_check));
}

GtkWidget *
hp_idle_time_panel_new (void)
{
  return g_object_new (HP_TYPE_IDLE_TIME_PANEL, NULL);
}
