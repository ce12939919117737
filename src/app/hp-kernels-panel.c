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
#include <string.h>

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

typedef struct
{
  char  *type;
  char  *name;
  double total_us; /* over every rank */
  guint  index;    /* of its duration chart */
} KernelEntry;

static void
kernel_entry_free (gpointer data)
{
  KernelEntry *entry = data;

  g_free (entry->type);
  g_free (entry->name);
  g_free (entry);
}

static int
compare_by_total (gconstpointer a,
                  gconstpointer b)
{
  const KernelEntry *x = *(const KernelEntry *const *)a;
  const KernelEntry *y = *(const KernelEntry *const *)b;

  if (x->total_us != y->total_us)
    return x->total_us < y->total_us ? 1 : -1;
  return (x->index > y->index) - (x->index < y->index);
}

/* The kernel types in table order, as the adapter makes their pies;
 * borrowed from the table */
static GPtrArray *
kernel_types (HpTable *kernels)
{
  GPtrArray *types = g_ptr_array_new ();
  int        c_type = hp_table_find_column (kernels, "kernel_type");

  for (guint row = 0; c_type >= 0 && row < hp_table_get_n_rows (kernels); row++)
    {
      const char *type = hp_table_get_string (kernels, row, c_type);

      if (type != NULL && !g_ptr_array_find_with_equal_func (types, type, g_str_equal, NULL))
        g_ptr_array_add (types, (gpointer)type);
    }
  return types;
}

/* The kernels of the duration charts, in the adapter's order: kernel types
 * in table order, then the type's kernels in table order, "others" left
 * out (hp_chart_adapt_kernels()) */
static GPtrArray *
duration_chart_kernels (HpTable   *kernels,
                        GPtrArray *types)
{
  GPtrArray *entries = g_ptr_array_new_with_free_func (kernel_entry_free);
  g_autoptr (GHashTable) by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int   c_type = hp_table_find_column (kernels, "kernel_type");
  int   c_name = hp_table_find_column (kernels, "name");
  int   c_sum = hp_table_find_column (kernels, "sum (us)");
  guint n_rows = hp_table_get_n_rows (kernels);

  if (c_type < 0 || c_name < 0)
    return entries;

  for (guint t = 0; t < types->len; t++)
    for (guint row = 0; row < n_rows; row++)
      {
        const char      *type = hp_table_get_string (kernels, row, c_type);
        const char      *name = hp_table_get_string (kernels, row, c_name);
        g_autofree char *key = NULL;
        KernelEntry     *entry;

        if (g_strcmp0 (type, types->pdata[t]) != 0 || name == NULL || g_str_equal (name, "others"))
          continue;
        key = g_strconcat (type, "\n", name, NULL);
        entry = g_hash_table_lookup (by_key, key);
        if (entry == NULL)
          {
            entry = g_new0 (KernelEntry, 1);
            entry->type = g_strdup (type);
            entry->name = g_strdup (name);
            entry->index = entries->len;
            g_ptr_array_add (entries, entry);
            g_hash_table_insert (by_key, g_steal_pointer (&key), entry);
          }
        if (c_sum >= 0 && !hp_table_is_null (kernels, row, c_sum))
          entry->total_us += hp_table_get_double (kernels, row, c_sum);
      }
  return entries;
}

/* "void foo<float>(float const*, int)" → "foo<float>": the arguments and
 * the return type rarely tell kernels apart, the name and its template
 * arguments do. The table keeps the full name. */
static char *
display_name (const char *name)
{
  const char *start = name;
  const char *end = name + strlen (name);
  int         depth = 0;

  if (g_str_has_prefix (start, "void "))
    start += strlen ("void ");
  if (end > start && end[-1] == ')')
    for (const char *p = end - 1; p > start; p--)
      {
        if (*p == ')')
          depth++;
        else if (*p == '(' && --depth == 0)
          {
            end = p;
            break;
          }
      }
  if (end <= start)
    return g_strdup (name);
  return g_strndup (start, end - start);
}

static void
hp_kernels_panel_add_charts (HpAnalysisPanel *panel)
{
  HpTable *types = hp_analysis_panel_find_table (panel, HP_KERNEL_BREAKDOWN_ANALYSIS, "gpu_kernel_breakdown_kernel_type");
  HpTable *kernels = hp_analysis_panel_find_table (panel, HP_KERNEL_BREAKDOWN_ANALYSIS, "gpu_kernel_breakdown_kernels");
  g_autoptr (GPtrArray) charts = NULL;
  g_autoptr (GPtrArray) entries = NULL;
  g_autoptr (GPtrArray) ranked = NULL;
  g_autoptr (GPtrArray) type_names = NULL;
  g_autofree gboolean      *shown = NULL;
  guint                     duration = 0;
  HpAnalysisPanelChartFlags pies = HP_ANALYSIS_PANEL_CHART_DEFAULT;

  if (kernels == NULL)
    {
      hp_analysis_panel_add_table_charts (panel, types, HP_ANALYSIS_PANEL_CHART_DEFAULT);
      return;
    }

  charts = hp_chart_adapt_table_translated (kernels, hp_analysis_panel_get_params (panel), GETTEXT_PACKAGE);
  type_names = kernel_types (kernels);
  /* two pies a chart fit beside another chart; more take whole rows, and
   * then the donut too, rather than sit next to a hole */
  for (guint i = 0; i < charts->len; i++)
    if (hp_chart_get_kind (charts->pdata[i]) == HP_CHART_KIND_PIE && hp_pie_chart_get_n_pies (charts->pdata[i]) > 2)
      pies = HP_ANALYSIS_PANEL_CHART_WIDE;
  hp_analysis_panel_add_table_charts (panel, types, pies);
  entries = duration_chart_kernels (kernels, type_names);
  /* borrowed: a copy would take the entries' free function along */
  ranked = g_ptr_array_new ();
  g_ptr_array_extend (ranked, entries, NULL, NULL);
  g_ptr_array_sort (ranked, compare_by_total);
  shown = g_new0 (gboolean, entries->len + 1);
  for (guint i = 0; i < ranked->len && i < N_DURATION_CHARTS; i++)
    shown[((KernelEntry *)ranked->pdata[i])->index] = TRUE;

  for (guint i = 0, t = 0; i < charts->len; i++)
    {
      HpChart         *chart = charts->pdata[i];
      g_autofree char *title = NULL;

      if (g_str_has_prefix (hp_chart_get_name (chart), "kernel_duration_"))
        continue;
      /* HTA's title runs past half a window; say the type up front */
      if (t < type_names->len)
        {
          /* Translators: a kernel type: COMPUTATION, COMMUNICATION or MEMORY */
          title = g_strdup_printf (_ ("%s kernels on each rank"), (const char *)type_names->pdata[t++]);
          hp_chart_set_title (chart, title);
          hp_chart_set_subtitle (chart, _ ("GPU time of the type's top kernels"));
        }
      hp_analysis_panel_add_chart (panel, chart, pies);
    }
  /* the kernels with the most time, then the rest behind the expander */
  for (guint pass = 0; pass < 2; pass++)
    {
      duration = 0;
      for (guint i = 0; i < charts->len; i++)
        {
          HpChart           *chart = charts->pdata[i];
          const KernelEntry *entry;
          g_autofree char   *title = NULL;
          g_autofree char   *subtitle = NULL;

          if (!g_str_has_prefix (hp_chart_get_name (chart), "kernel_duration_"))
            continue;
          if (duration >= entries->len)
            break;
          entry = entries->pdata[duration++];
          if (shown[entry->index] != (pass == 0))
            continue;
          /* the kernel's name is what tells these charts apart */
          title = display_name (entry->name);
          /* Translators: a kernel type: COMPUTATION, COMMUNICATION or MEMORY */
          subtitle = g_strdup_printf (_ ("%s kernel on each rank; whiskers from min to max"), entry->type);
          hp_chart_set_title (chart, title);
          hp_chart_set_subtitle (chart, subtitle);
          hp_chart_set_axis_labels (chart, hp_chart_get_x_label (chart), _ ("Mean duration"));
          hp_analysis_panel_add_chart (panel, chart,
                                       pass == 0 ? HP_ANALYSIS_PANEL_CHART_DEFAULT : HP_ANALYSIS_PANEL_CHART_MORE);
        }
    }
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
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), "num_kernels", GTK_WIDGET (self->num_kernels_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), "duration_ratio", GTK_WIDGET (self->duration_ratio_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), "include_memory_kernels", GTK_WIDGET (self->memory_check));
}

GtkWidget *
hp_kernels_panel_new (void)
{
  return g_object_new (HP_TYPE_KERNELS_PANEL, NULL);
}
