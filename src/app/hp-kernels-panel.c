/* hp-kernels-panel.c — the Kernels tab: kernel types and the top kernels of each rank.
 *
 * Shows gpu_kernel_breakdown (docs/analyses.md §3) with its three parameters,
 * and HTA's charts of it: the kernel type donut, per kernel type the pies of
 * each rank's top kernels, and per kernel the distribution of its duration
 * across ranks. Only the duration charts of the kernels with the most GPU
 * time show at first; the others wait behind the panel's expander.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hp-kernels-panel.h"

/* duration charts shown before "Show more charts" */
#define N_DURATION_CHARTS 6

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
hp_kernels_panel_add_charts (HpAnalysisPanel *panel)
{
  HpTable *types = hp_analysis_panel_find_table (panel, HP_KERNEL_BREAKDOWN_ANALYSIS, HP_KERNEL_BREAKDOWN_TYPE_TABLE);
  HpTable *kernels = hp_analysis_panel_find_table (panel, HP_KERNEL_BREAKDOWN_ANALYSIS, HP_KERNEL_BREAKDOWN_KERNELS_TABLE);
  g_autoptr (GPtrArray) charts = NULL;
  HpAnalysisPanelChartFlags pies = HP_ANALYSIS_PANEL_CHART_DEFAULT;

  if (kernels == NULL)
    {
      hp_analysis_panel_add_table_charts (panel, types, HP_ANALYSIS_PANEL_CHART_DEFAULT);
      return;
    }

  charts = hp_chart_adapt_table_flavoured (kernels, hp_analysis_panel_get_params (panel), HP_CHART_FLAVOUR_WINDOW,
                                           GETTEXT_PACKAGE);
  /* two pies a chart fit beside another chart; more take whole rows, and
   * then the donut too, rather than sit next to a hole */
  for (guint i = 0; i < charts->len; i++)
    if (hp_chart_get_kind (charts->pdata[i]) == HP_CHART_KIND_PIE && hp_pie_chart_get_n_pies (charts->pdata[i]) > 2)
      pies = HP_ANALYSIS_PANEL_CHART_WIDE;
  hp_analysis_panel_add_table_charts (panel, types, pies);
  /* the pies of each type, then the kernels with the most time and the
   * rest behind the expander */
  for (guint i = 0; i < charts->len; i++)
    if (isnan (hp_chart_get_weight (charts->pdata[i])))
      hp_analysis_panel_add_chart (panel, charts->pdata[i], pies);
  hp_analysis_panel_add_weighted_charts (panel, charts, N_DURATION_CHARTS);
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
  panel_class->add_charts = hp_kernels_panel_add_charts;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-kernels-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpKernelsPanel, num_kernels_spin);
  gtk_widget_class_bind_template_child (widget_class, HpKernelsPanel, duration_ratio_spin);
  gtk_widget_class_bind_template_child (widget_class, HpKernelsPanel, memory_check);

  hp_analysis_panel_class_add_analysis (panel_class, HP_KERNEL_BREAKDOWN_ANALYSIS, _ ("Kernel breakdown"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_kernels_panel_init (HpKernelsPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_kernel_breakdown_num_kernels_spec, GTK_WIDGET (self->num_kernels_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_kernel_breakdown_duration_ratio_spec, GTK_WIDGET (self->duration_ratio_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_kernel_breakdown_include_memory_kernels_spec, GTK_WIDGET (self->memory_check));
}

GtkWidget *
hp_kernels_panel_new (void)
{
  return g_object_new (HP_TYPE_KERNELS_PANEL, NULL);
}
