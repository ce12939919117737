/* hp-user-annotations-panel.c — the User annotations tab: time per user annotation.
 *
 * Shows user_annotation_breakdown and gpu_kernels_with_user_annotations
 * (spec analyses.md §4): the time of each annotated range on each rank, and
 * the kernels under each GPU annotation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-user-annotations-panel.h"

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

/* "Optimizer, forward" → {"Optimizer", "forward"}; "" → NULL */
static char **
parse_allowlist (const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  guint n = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (parts[i][0] == '\0')
        continue;
      g_strv_builder_add (builder, parts[i]);
      n++;
    }
  return n > 0 ? g_strv_builder_end (builder) : NULL;
}

static void
controls_changed_cb (HpUserAnnotationsPanel *self)
{
  HpAnalysisParams params;

  if (!hp_analysis_panel_begin_params (HP_ANALYSIS_PANEL (self), &params))
    return;
  params.use_gpu_annotation = gtk_check_button_get_active (self->gpu_check);
  params.annotation_num_kernels = gtk_spin_button_get_value_as_int (self->num_spin);
  params.annotation_duration_ratio = gtk_spin_button_get_value (self->ratio_spin);
  g_clear_pointer (&params.allowlist_patterns, g_strfreev);
  params.allowlist_patterns = parse_allowlist (gtk_editable_get_text (GTK_EDITABLE (self->allowlist_entry)));
  hp_analysis_panel_commit_params (HP_ANALYSIS_PANEL (self), &params);
}

static void
hp_user_annotations_panel_session_changed (HpAnalysisPanel *panel)
{
  HpUserAnnotationsPanel *self = HP_USER_ANNOTATIONS_PANEL (panel);
  const HpAnalysisParams *params = hp_analysis_panel_get_params (panel);
  g_autofree char        *allowlist = NULL;

  if (params->allowlist_patterns != NULL)
    allowlist = g_strjoinv (", ", params->allowlist_patterns);
  gtk_check_button_set_active (self->gpu_check, params->use_gpu_annotation);
  gtk_spin_button_set_value (self->num_spin, params->annotation_num_kernels);
  gtk_spin_button_set_value (self->ratio_spin, params->annotation_duration_ratio);
  gtk_editable_set_text (GTK_EDITABLE (self->allowlist_entry), allowlist != NULL ? allowlist : "");
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
  panel_class->session_changed = hp_user_annotations_panel_session_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-user-annotations-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpUserAnnotationsPanel, gpu_check);
  gtk_widget_class_bind_template_child (widget_class, HpUserAnnotationsPanel, num_spin);
  gtk_widget_class_bind_template_child (widget_class, HpUserAnnotationsPanel, ratio_spin);
  gtk_widget_class_bind_template_child (widget_class, HpUserAnnotationsPanel, allowlist_entry);
  gtk_widget_class_bind_template_callback (widget_class, controls_changed_cb);

  hp_analysis_panel_class_add_analysis (panel_class, "user_annotation_breakdown",
                                        _ ("User annotation breakdown"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
  hp_analysis_panel_class_add_analysis (panel_class, "gpu_kernels_with_user_annotations",
                                        _ ("GPU kernels with user annotations"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_user_annotations_panel_init (HpUserAnnotationsPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
hp_user_annotations_panel_new (void)
{
  return g_object_new (HP_TYPE_USER_ANNOTATIONS_PANEL, NULL);
}
