/* hp-launches-panel.c — the Launches tab: CUDA kernel launch statistics.
 *
 * Shows cuda_kernel_launch_stats (spec analyses.md §6): for every kernel
 * launch, the CPU time of the launch call, the kernel's GPU time and the
 * delay between them, with the cutoffs that define the outliers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-launches-panel.h"

struct _HpLaunchesPanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkSpinButton  *runtime_spin;
  GtkSpinButton  *delay_spin;
  GtkCheckButton *memory_check;
};

G_DEFINE_FINAL_TYPE (HpLaunchesPanel, hp_launches_panel, HP_TYPE_ANALYSIS_PANEL)

static void
controls_changed_cb (HpLaunchesPanel *self)
{
  HpAnalysisParams params;

  if (!hp_analysis_panel_begin_params (HP_ANALYSIS_PANEL (self), &params))
    return;
  params.runtime_cutoff = gtk_spin_button_get_value (self->runtime_spin);
  params.launch_delay_cutoff = gtk_spin_button_get_value (self->delay_spin);
  params.include_memory_events = gtk_check_button_get_active (self->memory_check);
  hp_analysis_panel_commit_params (HP_ANALYSIS_PANEL (self), &params);
}

static void
hp_launches_panel_session_changed (HpAnalysisPanel *panel)
{
  HpLaunchesPanel        *self = HP_LAUNCHES_PANEL (panel);
  const HpAnalysisParams *params = hp_analysis_panel_get_params (panel);

  gtk_spin_button_set_value (self->runtime_spin, params->runtime_cutoff);
  gtk_spin_button_set_value (self->delay_spin, params->launch_delay_cutoff);
  gtk_check_button_set_active (self->memory_check, params->include_memory_events);
}

static void
hp_launches_panel_dispose (GObject *object)
{
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (HP_LAUNCHES_PANEL (object)->runtime_spin != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_LAUNCHES_PANEL);

  G_OBJECT_CLASS (hp_launches_panel_parent_class)->dispose (object);
}

static void
hp_launches_panel_class_init (HpLaunchesPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_launches_panel_dispose;
  panel_class->session_changed = hp_launches_panel_session_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-launches-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpLaunchesPanel, runtime_spin);
  gtk_widget_class_bind_template_child (widget_class, HpLaunchesPanel, delay_spin);
  gtk_widget_class_bind_template_child (widget_class, HpLaunchesPanel, memory_check);
  gtk_widget_class_bind_template_callback (widget_class, controls_changed_cb);

  hp_analysis_panel_class_add_analysis (panel_class, "cuda_kernel_launch_stats",
                                        _ ("Kernel launch statistics"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_launches_panel_init (HpLaunchesPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
hp_launches_panel_new (void)
{
  return g_object_new (HP_TYPE_LAUNCHES_PANEL, NULL);
}
