/* hp-launches-panel.c — the Launches tab: CUDA kernel launch statistics.
 *
 * Shows cuda_kernel_launch_stats (docs/analyses.md §6): for every kernel
 * launch, the CPU time of the launch call, the kernel's GPU time and the
 * delay between them, with the cutoffs that define the outliers. Above the
 * charts, a line counts the short kernels and outliers of the selected
 * rank (or all ranks) from cuda_kernel_launch_stats_summary; the charts are
 * HTA's three histograms per rank, titled and grouped by kind for a window
 * by the adapter (HP_CHART_FLAVOUR_WINDOW) so that a row compares ranks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hp-launches-panel.h"

enum
{
  SHORT_KERNELS,
  RUNTIME_OUTLIERS,
  DELAY_OUTLIERS,
  N_KINDS
};

struct _HpLaunchesPanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkSpinButton  *runtime_spin;
  GtkSpinButton  *delay_spin;
  GtkCheckButton *memory_check;
  GtkWidget      *summary_row;
  GtkLabel       *summary_label;

  /* Owned references */
  GSignalGroup *session_signals;
};

G_DEFINE_FINAL_TYPE (HpLaunchesPanel, hp_launches_panel, HP_TYPE_ANALYSIS_PANEL)

static char *
format_cutoff (double us)
{
  return g_strdup_printf ("%g", us);
}

/* The counts of the selected rank, or of every rank, for the cutoffs the
 * analysis ran with */
static void
update_summary (HpLaunchesPanel *self)
{
  HpAnalysisPanel *panel = HP_ANALYSIS_PANEL (self);
  HpTable         *summary = hp_analysis_panel_find_table (panel, HP_LAUNCH_STATS_ANALYSIS,
                                                           HP_LAUNCH_STATS_SUMMARY_TABLE);
  HpSession       *session = hp_analysis_panel_get_session (panel);
  int              selected = session != NULL ? hp_session_get_selected_rank (session) : -1;
  const HpColumnId columns[N_KINDS] = { HP_LAUNCH_STATS_SUMMARY_COL_SHORT_GPU_KERNELS,
                                        HP_LAUNCH_STATS_SUMMARY_COL_RUNTIME_OUTLIERS,
                                        HP_LAUNCH_STATS_SUMMARY_COL_LAUNCH_DELAY_OUTLIERS };
  int              c[N_KINDS];
  int              c_rank, c_runtime, c_delay;
  gint64           counts[N_KINDS] = { 0 };
  double           runtime_cutoff = NAN, delay_cutoff = NAN;
  guint            n_ranks = 0;
  int              last_rank = 0;
  g_autofree char *runtime = NULL;
  g_autofree char *delay = NULL;
  g_autofree char *shorts = NULL;
  g_autofree char *slow = NULL;
  g_autofree char *late = NULL;
  g_autofree char *text = NULL;
  char             numbers[N_KINDS][24];

  if (summary == NULL)
    {
      gtk_widget_set_visible (self->summary_row, FALSE);
      return;
    }

  c_rank = hp_table_column_of (summary, HP_LAUNCH_STATS_SUMMARY_COL_RANK);
  c_runtime = hp_table_column_of (summary, HP_LAUNCH_STATS_SUMMARY_COL_RUNTIME_CUTOFF);
  c_delay = hp_table_column_of (summary, HP_LAUNCH_STATS_SUMMARY_COL_LAUNCH_DELAY_CUTOFF);
  for (guint k = 0; k < N_KINDS; k++)
    c[k] = hp_table_column_of (summary, columns[k]);
  for (guint row = 0; row < hp_table_get_n_rows (summary); row++)
    {
      int rank = c_rank >= 0 ? (int)hp_table_get_int (summary, row, c_rank) : 0;

      if (selected >= 0 && rank != selected)
        continue;
      last_rank = rank;
      n_ranks++;
      for (guint k = 0; k < N_KINDS; k++)
        if (c[k] >= 0 && !hp_table_is_null (summary, row, c[k]))
          counts[k] += hp_table_get_int (summary, row, c[k]);
      if (c_runtime >= 0)
        runtime_cutoff = hp_table_get_double (summary, row, c_runtime);
      if (c_delay >= 0)
        delay_cutoff = hp_table_get_double (summary, row, c_delay);
    }
  if (n_ranks == 0)
    {
      gtk_widget_set_visible (self->summary_row, FALSE);
      return;
    }

  runtime = format_cutoff (isfinite (runtime_cutoff) ? runtime_cutoff : hp_analysis_params_get_double (hp_analysis_panel_get_params (panel), &hp_launch_stats_runtime_cutoff_spec));
  delay = format_cutoff (isfinite (delay_cutoff) ? delay_cutoff : hp_analysis_params_get_double (hp_analysis_panel_get_params (panel), &hp_launch_stats_launch_delay_cutoff_spec));
  /* gettext cannot see through G_GINT64_FORMAT: format the counts first */
  for (guint k = 0; k < N_KINDS; k++)
    g_snprintf (numbers[k], sizeof numbers[k], "%" G_GINT64_FORMAT, counts[k]);
  /* Translators: %s is a count */
  shorts = g_strdup_printf (ngettext ("%s short kernel", "%s short kernels", (gulong)counts[SHORT_KERNELS]),
                            numbers[SHORT_KERNELS]);
  /* Translators: a count, then a cutoff in microseconds */
  slow = g_strdup_printf (ngettext ("%s launch call longer than %s µs", "%s launch calls longer than %s µs",
                                    (gulong)counts[RUNTIME_OUTLIERS]),
                          numbers[RUNTIME_OUTLIERS], runtime);
  /* Translators: a count, then a cutoff in microseconds */
  late = g_strdup_printf (ngettext ("%s kernel starting more than %s µs after its launch",
                                    "%s kernels starting more than %s µs after their launch",
                                    (gulong)counts[DELAY_OUTLIERS]),
                          numbers[DELAY_OUTLIERS], delay);
  if (n_ranks == 1)
    /* Translators: a rank, then the three counts above */
    text = g_strdup_printf (_ ("Rank %d: %s, %s, %s."), last_rank, shorts, slow, late);
  else
    /* Translators: the number of ranks, then the three counts above */
    text = g_strdup_printf (ngettext ("Across %u rank: %s, %s, %s.", "Across %u ranks: %s, %s, %s.", n_ranks),
                            n_ranks, shorts, slow, late);
  gtk_label_set_text (self->summary_label, text);
  gtk_widget_set_visible (self->summary_row, TRUE);
}

static void
hp_launches_panel_results_changed (HpAnalysisPanel *panel)
{
  update_summary (HP_LAUNCHES_PANEL (panel));
}

static void
hp_launches_panel_add_charts (HpAnalysisPanel *panel)
{
  HpTable *stats = hp_analysis_panel_find_table (panel, HP_LAUNCH_STATS_ANALYSIS, HP_LAUNCH_STATS_TABLE);

  hp_analysis_panel_add_table_charts (panel, stats, HP_ANALYSIS_PANEL_CHART_DEFAULT);
}

static void
hp_launches_panel_session_changed (HpAnalysisPanel *panel)
{
  HpLaunchesPanel *self = HP_LAUNCHES_PANEL (panel);

  g_signal_group_set_target (self->session_signals, hp_analysis_panel_get_session (panel));
}

static void
hp_launches_panel_dispose (GObject *object)
{
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (HP_LAUNCHES_PANEL (object)->runtime_spin != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_LAUNCHES_PANEL);
  if (HP_LAUNCHES_PANEL (object)->session_signals != NULL)
    g_signal_group_set_target (HP_LAUNCHES_PANEL (object)->session_signals, NULL);
  g_clear_object (&HP_LAUNCHES_PANEL (object)->session_signals);

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
  panel_class->results_changed = hp_launches_panel_results_changed;
  panel_class->add_charts = hp_launches_panel_add_charts;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-launches-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpLaunchesPanel, runtime_spin);
  gtk_widget_class_bind_template_child (widget_class, HpLaunchesPanel, delay_spin);
  gtk_widget_class_bind_template_child (widget_class, HpLaunchesPanel, memory_check);
  gtk_widget_class_bind_template_child (widget_class, HpLaunchesPanel, summary_row);
  gtk_widget_class_bind_template_child (widget_class, HpLaunchesPanel, summary_label);

  hp_analysis_panel_class_add_analysis (panel_class, HP_LAUNCH_STATS_ANALYSIS,
                                        _ ("Kernel launch statistics"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_launches_panel_init (HpLaunchesPanel *self)
{
  self->session_signals = g_signal_group_new (HP_TYPE_SESSION);
  g_signal_group_connect_object (self->session_signals, "notify::selected-rank", G_CALLBACK (update_summary), self,
                                 G_CONNECT_SWAPPED);

  gtk_widget_init_template (GTK_WIDGET (self));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_launch_stats_runtime_cutoff_spec, GTK_WIDGET (self->runtime_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_launch_stats_launch_delay_cutoff_spec, GTK_WIDGET (self->delay_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_launch_stats_include_memory_events_spec, GTK_WIDGET (self->memory_check));
}

GtkWidget *
hp_launches_panel_new (void)
{
  return g_object_new (HP_TYPE_LAUNCHES_PANEL, NULL);
}

/**
 * hp_launches_panel_get_summary:
 *
 * Returns: (transfer none): the line counting short kernels and outliers,
 *   as shown; empty before the statistics are computed
 */
const char *
hp_launches_panel_get_summary (HpLaunchesPanel *self)
{
  g_return_val_if_fail (HP_IS_LAUNCHES_PANEL (self), NULL);
  return gtk_label_get_text (self->summary_label);
}
