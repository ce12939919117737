/* hp-user-annotations-panel.c — the User annotations tab: time per user annotation.
 *
 * Shows user_annotation_breakdown and gpu_kernels_with_user_annotations
 * (docs/analyses.md §4): the time of each annotated range on each rank, and
 * the kernels under each GPU annotation. Charts: the pies of each rank's
 * annotations, and per annotation its mean duration on each rank with
 * min/max whiskers; those of the annotations with the most time show
 * first, the others behind the panel's expander.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "hp-user-annotations-panel.h"

/* duration charts shown before "Show more charts" */
#define N_DURATION_CHARTS 6

struct _HpUserAnnotationsPanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkCheckButton *gpu_check;
  GtkSpinButton  *num_spin;
  GtkSpinButton  *ratio_spin;
  GtkEntry       *allowlist_entry;
};

G_DEFINE_FINAL_TYPE (HpUserAnnotationsPanel, hp_user_annotations_panel, HP_TYPE_ANALYSIS_PANEL)

static void
add_breakdown_charts (HpAnalysisPanel *panel,
                      HpTable         *table)
{
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table_flavoured (table, hp_analysis_panel_get_params (panel),
                                                                 HP_CHART_FLAVOUR_WINDOW, GETTEXT_PACKAGE);

  /* the pies, or one rank's chart of every annotation: a row of their own */
  for (guint i = 0; i < charts->len; i++)
    if (isnan (hp_chart_get_weight (charts->pdata[i])))
      hp_analysis_panel_add_chart (panel, charts->pdata[i], HP_ANALYSIS_PANEL_CHART_WIDE);
  hp_analysis_panel_add_weighted_charts (panel, charts, N_DURATION_CHARTS);
}

static void
hp_user_annotations_panel_add_charts (HpAnalysisPanel *panel)
{
  GPtrArray *tables = hp_analysis_panel_get_tables (panel, HP_USER_ANNOTATION_ANALYSIS);

  for (guint i = 0; tables != NULL && i < tables->len; i++)
    add_breakdown_charts (panel, tables->pdata[i]);
}

static void
hp_user_annotations_panel_dispose (GObject *object)
{
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (HP_USER_ANNOTATIONS_PANEL (object)->gpu_check != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_USER_ANNOTATIONS_PANEL);

  G_OBJECT_CLASS (hp_user_annotations_panel_parent_class)->dispose (object);
}

static void
hp_user_annotations_panel_class_init (HpUserAnnotationsPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_user_annotations_panel_dispose;
  panel_class->add_charts = hp_user_annotations_panel_add_charts;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-user-annotations-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpUserAnnotationsPanel, gpu_check);
  gtk_widget_class_bind_template_child (widget_class, HpUserAnnotationsPanel, num_spin);
  gtk_widget_class_bind_template_child (widget_class, HpUserAnnotationsPanel, ratio_spin);
  gtk_widget_class_bind_template_child (widget_class, HpUserAnnotationsPanel, allowlist_entry);

  hp_analysis_panel_class_add_analysis (panel_class, HP_USER_ANNOTATION_ANALYSIS,
                                        _ ("User annotation breakdown"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
  hp_analysis_panel_class_add_analysis (panel_class, HP_KERNELS_WITH_ANNOTATIONS_ANALYSIS,
                                        _ ("GPU kernels with user annotations"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_user_annotations_panel_init (HpUserAnnotationsPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_user_annotation_use_gpu_annotation_spec, GTK_WIDGET (self->gpu_check));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_user_annotation_num_kernels_spec, GTK_WIDGET (self->num_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_user_annotation_duration_ratio_spec, GTK_WIDGET (self->ratio_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_user_annotation_allowlist_patterns_spec, GTK_WIDGET (self->allowlist_entry));
}

GtkWidget *
hp_user_annotations_panel_new (void)
{
  return g_object_new (HP_TYPE_USER_ANNOTATIONS_PANEL, NULL);
}
