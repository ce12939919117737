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

typedef struct
{
  const char *name;
  double      total_us;
  guint       index;
} Annotation;

static int
compare_by_total (gconstpointer a,
                  gconstpointer b)
{
  const Annotation *x = a;
  const Annotation *y = b;

  if (x->total_us != y->total_us)
    return x->total_us < y->total_us ? 1 : -1;
  return (x->index > y->index) - (x->index < y->index);
}

/* The annotations of the duration charts in the adapter's order (table
 * order, "others" left out; hp_chart_adapt_user_annotations()) */
static GArray *
duration_chart_annotations (HpTable *table)
{
  GArray *list = g_array_new (FALSE, TRUE, sizeof (Annotation));
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);
  int c_name = hp_table_find_column (table, "name");
  int c_sum = hp_table_find_column (table, "sum (us)");

  for (guint row = 0; c_name >= 0 && row < hp_table_get_n_rows (table); row++)
    {
      const char *name = hp_table_get_string (table, row, c_name);
      gpointer    position;
      Annotation *annotation;

      if (name == NULL || g_str_equal (name, "others"))
        continue;
      if (!g_hash_table_lookup_extended (index, name, NULL, &position))
        {
          Annotation added = { name, 0, list->len };

          position = GUINT_TO_POINTER (list->len);
          g_array_append_val (list, added);
          g_hash_table_insert (index, (gpointer)name, position);
        }
      annotation = &g_array_index (list, Annotation, GPOINTER_TO_UINT (position));
      if (c_sum >= 0 && !hp_table_is_null (table, row, c_sum))
        annotation->total_us += hp_table_get_double (table, row, c_sum);
    }
  return list;
}

static void
add_breakdown_charts (HpAnalysisPanel *panel,
                      HpTable         *table)
{
  g_autoptr (GPtrArray) charts = hp_chart_adapt_table_translated (table, hp_analysis_panel_get_params (panel),
                                                                  GETTEXT_PACKAGE);
  g_autoptr (GArray) annotations = duration_chart_annotations (table);
  g_autoptr (GArray) ranked = g_array_copy (annotations);
  g_autofree gboolean *shown = g_new0 (gboolean, annotations->len + 1);

  g_array_sort (ranked, compare_by_total);
  for (guint i = 0; i < ranked->len && i < N_DURATION_CHARTS; i++)
    shown[g_array_index (ranked, Annotation, i).index] = TRUE;

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0, n = 0; i < charts->len; i++)
      {
        HpChart          *chart = charts->pdata[i];
        const Annotation *annotation;

        if (g_str_has_suffix (hp_chart_get_name (chart), "_distribution") ||
            g_regex_match_simple ("_rank[0-9]+$", hp_chart_get_name (chart), 0, 0))
          {
            /* the pies, or one rank's chart of every annotation: a row of their own */
            if (pass == 0)
              hp_analysis_panel_add_chart (panel, chart, HP_ANALYSIS_PANEL_CHART_WIDE);
            continue;
          }
        if (n >= annotations->len)
          break;
        annotation = &g_array_index (annotations, Annotation, n++);
        if (shown[annotation->index] != (pass == 0))
          continue;
        hp_chart_set_title (chart, annotation->name);
        hp_chart_set_subtitle (chart, _ ("User annotation on each rank; whiskers from min to max"));
        hp_chart_set_axis_labels (chart, hp_chart_get_x_label (chart), _ ("Mean duration"));
        hp_analysis_panel_add_chart (panel, chart,
                                     pass == 0 ? HP_ANALYSIS_PANEL_CHART_DEFAULT : HP_ANALYSIS_PANEL_CHART_MORE);
      }
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
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), "use_gpu_annotation", GTK_WIDGET (self->gpu_check));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), "annotation_num_kernels", GTK_WIDGET (self->num_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), "annotation_duration_ratio", GTK_WIDGET (self->ratio_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), "allowlist_patterns", GTK_WIDGET (self->allowlist_entry));
}

GtkWidget *
hp_user_annotations_panel_new (void)
{
  return g_object_new (HP_TYPE_USER_ANNOTATIONS_PANEL, NULL);
}
