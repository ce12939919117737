/* hp-kernels-panel.c — the Kernels tab: kernel types and the top kernels of each rank.
 *
 * Shows gpu_kernel_breakdown (spec analyses.md §3) with its three parameters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-kernels-panel.h"

struct _HpKernelsPanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkSpinButton  *num_kernels_spin;
  GtkSpinButton  *duration_ratio_spin;
  GtkCheckButton *memory_check;
};

G_DEFINE_FINAL_TYPE (HpKernelsPanel, hp_kernels_panel, HP_TYPE_ANALYSIS_PANEL)

static void
controls_changed_cb (HpKernelsPanel *self)
{
  HpAnalysisParams params;

  if (!hp_analysis_panel_begin_params (HP_ANALYSIS_PANEL (self), &params))
    return;
  params.num_kernels = gtk_spin_button_get_value_as_int (self->num_kernels_spin);
  params.duration_ratio = gtk_spin_button_get_value (self->duration_ratio_spin);
  params.include_memory_kernels = gtk_check_button_get_active (self->memory_check);
  hp_analysis_panel_commit_params (HP_ANALYSIS_PANEL (self), &params);
}

static void
hp_kernels_panel_session_changed (HpAnalysisPanel *panel)
{
  HpKernelsPanel         *self = HP_KERNELS_PANEL (panel);
  const HpAnalysisParams *params = hp_analysis_panel_get_params (panel);

  gtk_spin_button_set_value (self->num_kernels_spin, params->num_kernels);
  gtk_spin_button_set_value (self->duration_ratio_spin, params->duration_ratio);
  gtk_check_button_set_active (self->memory_check, params->include_memory_kernels);
}

static void
hp_kernels_panel_dispose (GObject *object)
{
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (HP_KERNELS_PANEL (object)->num_kernels_spin != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_KERNELS_PANEL);

  G_OBJECT_CLASS (hp_kernels_panel_parent_class)->dispose (object);
}

static void
hp_kernels_panel_class_init (HpKernelsPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_kernels_panel_dispose;
  panel_class->session_changed = hp_kernels_panel_session_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-kernels-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpKernelsPanel, num_kernels_spin);
  gtk_widget_class_bind_template_child (widget_class, HpKernelsPanel, duration_ratio_spin);
  gtk_widget_class_bind_template_child (widget_class, HpKernelsPanel, memory_check);
  gtk_widget_class_bind_template_callback (widget_class, controls_changed_cb);

  hp_analysis_panel_class_add_analysis (panel_class, "gpu_kernel_breakdown", _ ("Kernel breakdown"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_kernels_panel_init (HpKernelsPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
hp_kernels_panel_new (void)
{
  return g_object_new (HP_TYPE_KERNELS_PANEL, NULL);
}
