/* hp-critical-path-panel.c — the Critical path tab: the chain of work that set a step's length.
 *
 * Shows critical_path (docs/analyses.md §12) of the chosen step and rank:
 * the share of the longest chain of CPU operators, launches, kernels and
 * syncs per bound_by, the chain itself edge by edge (a row leads to its
 * event on the timeline), with all ranks the step's critical rank, and a
 * finding in words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-critical-path-panel.h"

/* the longest stretches named in the finding */
#define N_STRETCHES 3

/* the values of the choosers' first entries (the parameters' meanings) */
#define STEP_FIRST (-1)
#define STEP_WHOLE_TRACE (-2)
#define RANK_ALL (-1)

struct _HpCriticalPathPanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkWidget   *summary_row;
  GtkLabel    *summary_label;
  GtkDropDown *step_dropdown;
  GtkDropDown *rank_dropdown;
  GtkWidget   *busy_row;
  GtkSpinner  *busy_spinner;
  GtkLabel    *busy_label;
  GtkWidget   *cancel_button;

  HpTrace *trace;   /* (owned) whose steps and ranks the choosers list */
  GArray  *steps;   /* int: the parameter of each step entry */
  GArray  *ranks;   /* int: the parameter of each rank entry */
  guint    filling; /* the choosers are being set, not chosen */
};

G_DEFINE_FINAL_TYPE (HpCriticalPathPanel, hp_critical_path_panel, HP_TYPE_ANALYSIS_PANEL)

/* what bound the path most, in words */
static const char *
bound_words (const char *bound_by)
{
  if (g_str_equal (bound_by, "cpu_bound"))
    return _ ("CPU-bound");
  if (g_str_equal (bound_by, "gpu_compute_bound"))
    return _ ("GPU-compute-bound");
  if (g_str_equal (bound_by, "gpu_communication_bound"))
    return _ ("communication-bound");
  if (g_str_equal (bound_by, "gpu_kernel_launch_overhead"))
    return _ ("bound by kernel launch delays");
  if (g_str_equal (bound_by, "gpu_kernel_kernel_overhead"))
    return _ ("bound by gaps between kernels");
  if (g_str_equal (bound_by, "data_loading"))
    return _ ("bound by data loading");
  return bound_by;
}

/* "Rank 0, ProfilerStep#12 is 98.2% CPU-bound; its longest stretches are
 * aten::empty (2187 µs), …" */
static void
update_summary (HpCriticalPathPanel *self)
{
  HpAnalysisPanel *panel = HP_ANALYSIS_PANEL (self);
  HpTable         *summary = hp_analysis_panel_find_table (panel, HP_CRITICAL_PATH_ANALYSIS, HP_CRITICAL_PATH_SUMMARY_TABLE);
  HpTable         *breakdown = hp_analysis_panel_find_table (panel, HP_CRITICAL_PATH_ANALYSIS, HP_CRITICAL_PATH_BREAKDOWN_TABLE);
  int              c_bound, c_pct, c_dur, c_name;
  const char      *top = NULL;
  double           top_pct = -1;
  guint            best[N_STRETCHES] = { 0 };
  guint            n_best = 0;
  g_autoptr (GString) stretches = g_string_new (NULL);
  g_autofree char *text = NULL;

  if (summary == NULL || breakdown == NULL || hp_table_get_n_rows (summary) == 0)
    {
      gtk_widget_set_visible (self->summary_row, FALSE);
      return;
    }
  c_bound = hp_table_column_of (summary, HP_CRITICAL_PATH_SUMMARY_COL_BOUND_BY);
  c_pct = hp_table_column_of (summary, HP_CRITICAL_PATH_SUMMARY_COL_PCT_OF_PATH_DURATION);
  for (guint i = 0; i < hp_table_get_n_rows (summary); i++)
    if (hp_table_get_double (summary, i, c_pct) > top_pct)
      {
        top_pct = hp_table_get_double (summary, i, c_pct);
        top = hp_table_get_string (summary, i, c_bound);
      }

  c_dur = hp_table_column_of (breakdown, HP_CRITICAL_PATH_BREAKDOWN_COL_DURATION);
  c_name = hp_table_column_of (breakdown, HP_CRITICAL_PATH_BREAKDOWN_COL_S_NAME);
  for (guint i = 0; i < hp_table_get_n_rows (breakdown); i++)
    {
      guint j;

      if (hp_table_is_null (breakdown, i, c_name))
        continue;
      for (j = n_best; j > 0 && hp_table_get_double (breakdown, best[j - 1], c_dur) < hp_table_get_double (breakdown, i, c_dur); j--)
        if (j < N_STRETCHES)
          best[j] = best[j - 1];
      if (j < N_STRETCHES)
        {
          best[j] = i;
          n_best = MIN (n_best + 1, N_STRETCHES);
        }
    }
  for (guint j = 0; j < n_best; j++)
    /* Translators: a name on the critical path and its time */
    g_string_append_printf (stretches, _ ("%s%s (%.0f µs)"), j > 0 ? ", " : "",
                            hp_table_get_string (breakdown, best[j], c_name),
                            hp_table_get_double (breakdown, best[j], c_dur));

  /* Translators: the region (rank and step), a share, how it is bound, then
   * the longest stretches of the path */
  text = g_strdup_printf (_ ("%s is %.1f%% %s; its longest stretches are %s."),
                          hp_table_get_note (summary) != NULL ? hp_table_get_note (summary) : _ ("The region"),
                          top_pct, bound_words (top != NULL ? top : ""), stretches->str);
  gtk_label_set_text (self->summary_label, text);
  gtk_widget_set_visible (self->summary_row, TRUE);
}

/* while the path is computed: a spinner and Cancel */
static void
update_busy (HpCriticalPathPanel *self)
{
  HpSession *session = hp_analysis_panel_get_session (HP_ANALYSIS_PANEL (self));
  gboolean   running =
      session != NULL && hp_session_get_analysis_state (session, HP_CRITICAL_PATH_ANALYSIS) == HP_ANALYSIS_STATE_RUNNING;
  /* the row shows "Computing…" while Cancel is shown; a "Cancelled" line
   * stays until the next computation */
  gboolean was_running = gtk_widget_get_visible (self->cancel_button);

  if (running)
    gtk_label_set_text (self->busy_label, _ ("Computing the path…"));
  gtk_spinner_set_spinning (self->busy_spinner, running);
  gtk_widget_set_visible (GTK_WIDGET (self->busy_spinner), running);
  gtk_widget_set_visible (self->cancel_button, running);
  if (running)
    gtk_widget_set_visible (self->busy_row, TRUE);
  else if (was_running)
    gtk_widget_set_visible (self->busy_row, FALSE);
}

static void
hp_critical_path_panel_results_changed (HpAnalysisPanel *panel)
{
  update_busy (HP_CRITICAL_PATH_PANEL (panel));
  update_summary (HP_CRITICAL_PATH_PANEL (panel));
}

static void
cancel_clicked_cb (HpCriticalPathPanel *self)
{
  HpSession *session = hp_analysis_panel_get_session (HP_ANALYSIS_PANEL (self));

  if (session == NULL)
    return;
  hp_session_cancel_analysis (session, HP_CRITICAL_PATH_ANALYSIS);
  /* not running any more: update_busy() keeps this line */
  gtk_widget_set_visible (self->cancel_button, FALSE);
  gtk_label_set_text (self->busy_label, _ ("Cancelled. Choose a step or rank to compute a path again."));
  gtk_widget_set_visible (self->busy_row, TRUE);
}

static guint
find_value (GArray *values,
            int     value)
{
  for (guint i = 0; i < values->len; i++)
    if (g_array_index (values, int, i) == value)
      return i;
  return 0;
}

static void
add_choice (GtkStringList *list,
            GArray        *values,
            const char    *label,
            int            value)
{
  gtk_string_list_append (list, label);
  g_array_append_val (values, value);
}

/* the steps of the trace (of its first rank) and the ranks, once per trace */
static void
fill_choosers (HpCriticalPathPanel *self,
               HpTrace             *trace)
{
  g_autoptr (GtkStringList) steps = gtk_string_list_new (NULL);
  g_autoptr (GtkStringList) ranks = gtk_string_list_new (NULL);
  guint n_ranks = trace != NULL ? hp_trace_get_n_ranks (trace) : 0;

  if (trace == self->trace)
    return;
  g_clear_pointer (&self->trace, hp_trace_unref);
  self->trace = trace != NULL ? hp_trace_ref (trace) : NULL;
  g_array_set_size (self->steps, 0);
  g_array_set_size (self->ranks, 0);
  add_choice (steps, self->steps, _ ("First complete step"), STEP_FIRST);
  add_choice (steps, self->steps, _ ("Whole trace"), STEP_WHOLE_TRACE);
  if (n_ranks > 0)
    {
      g_autoptr (GArray) numbers = hp_critical_path_list_steps (trace, hp_trace_get_rank (trace, 0));

      for (guint i = 0; i < numbers->len; i++)
        {
          g_autofree char *label = g_strdup_printf ("ProfilerStep#%d", g_array_index (numbers, int, i));

          add_choice (steps, self->steps, label, g_array_index (numbers, int, i));
        }
    }
  if (n_ranks != 1)
    add_choice (ranks, self->ranks, _ ("All ranks"), RANK_ALL);
  for (guint k = 0; k < n_ranks; k++)
    {
      int rank = hp_trace_get_rank (trace, k)->rank;
      /* Translators: a rank number in the rank chooser */
      g_autofree char *label = g_strdup_printf (_ ("Rank %d"), rank);

      /* with one rank, the default (-1) is that rank */
      add_choice (ranks, self->ranks, label, n_ranks == 1 ? RANK_ALL : rank);
    }
  self->filling++;
  gtk_drop_down_set_model (self->step_dropdown, G_LIST_MODEL (steps));
  gtk_drop_down_set_model (self->rank_dropdown, G_LIST_MODEL (ranks));
  self->filling--;
}

/* the session's parameters into the choosers */
static void
hp_critical_path_panel_session_changed (HpAnalysisPanel *panel)
{
  HpCriticalPathPanel    *self = HP_CRITICAL_PATH_PANEL (panel);
  HpSession              *session = hp_analysis_panel_get_session (panel);
  const HpAnalysisParams *params = hp_analysis_panel_get_params (panel);

  fill_choosers (self, session != NULL ? hp_session_get_trace (session) : NULL);
  self->filling++;
  gtk_drop_down_set_selected (self->step_dropdown, find_value (self->steps, hp_analysis_params_get_int (params, &hp_critical_path_step_spec)));
  gtk_drop_down_set_selected (self->rank_dropdown, find_value (self->ranks, hp_analysis_params_get_int (params, &hp_critical_path_rank_spec)));
  self->filling--;
}

/* a chooser changed: the session computes that path (or finds it cached) */
static void
choice_changed_cb (HpCriticalPathPanel *self)
{
  guint            step = gtk_drop_down_get_selected (self->step_dropdown);
  guint            rank = gtk_drop_down_get_selected (self->rank_dropdown);
  HpAnalysisParams params;

  if (self->filling > 0 || step >= self->steps->len || rank >= self->ranks->len ||
      !hp_analysis_panel_begin_params (HP_ANALYSIS_PANEL (self), &params))
    return;
  hp_analysis_params_set_int (&params, &hp_critical_path_step_spec, g_array_index (self->steps, int, step));
  hp_analysis_params_set_int (&params, &hp_critical_path_rank_spec, g_array_index (self->ranks, int, rank));
  hp_analysis_panel_commit_params (HP_ANALYSIS_PANEL (self), &params);
}

static void
hp_critical_path_panel_dispose (GObject *object)
{
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (HP_CRITICAL_PATH_PANEL (object)->summary_row != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_CRITICAL_PATH_PANEL);

  G_OBJECT_CLASS (hp_critical_path_panel_parent_class)->dispose (object);
}

static void
hp_critical_path_panel_finalize (GObject *object)
{
  HpCriticalPathPanel *self = HP_CRITICAL_PATH_PANEL (object);

  g_array_unref (self->steps);
  g_array_unref (self->ranks);
  g_clear_pointer (&self->trace, hp_trace_unref);

  G_OBJECT_CLASS (hp_critical_path_panel_parent_class)->finalize (object);
}

static void
hp_critical_path_panel_class_init (HpCriticalPathPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_critical_path_panel_dispose;
  object_class->finalize = hp_critical_path_panel_finalize;
  panel_class->results_changed = hp_critical_path_panel_results_changed;
  panel_class->session_changed = hp_critical_path_panel_session_changed;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/hotpath/Hotpath/ui/hp-critical-path-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpCriticalPathPanel, summary_row);
  gtk_widget_class_bind_template_child (widget_class, HpCriticalPathPanel, summary_label);
  gtk_widget_class_bind_template_child (widget_class, HpCriticalPathPanel, step_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HpCriticalPathPanel, rank_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HpCriticalPathPanel, busy_row);
  gtk_widget_class_bind_template_child (widget_class, HpCriticalPathPanel, busy_spinner);
  gtk_widget_class_bind_template_child (widget_class, HpCriticalPathPanel, busy_label);
  gtk_widget_class_bind_template_child (widget_class, HpCriticalPathPanel, cancel_button);
  gtk_widget_class_bind_template_callback (widget_class, choice_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);

  hp_analysis_panel_class_add_analysis (panel_class, HP_CRITICAL_PATH_ANALYSIS, _ ("Critical path"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_critical_path_panel_init (HpCriticalPathPanel *self)
{
  self->steps = g_array_new (FALSE, FALSE, sizeof (int));
  self->ranks = g_array_new (FALSE, FALSE, sizeof (int));
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
hp_critical_path_panel_new (void)
{
  return g_object_new (HP_TYPE_CRITICAL_PATH_PANEL, NULL);
}

/**
 * hp_critical_path_panel_get_finding:
 * @self: a critical path panel
 *
 * Returns: (nullable): the finding in words, or %NULL before the results
 */
const char *
hp_critical_path_panel_get_finding (HpCriticalPathPanel *self)
{
  g_return_val_if_fail (HP_IS_CRITICAL_PATH_PANEL (self), NULL);

  if (!gtk_widget_get_visible (self->summary_row))
    return NULL;
  return gtk_label_get_text (self->summary_label);
}
