/* hp-patterns-panel.c — the Patterns tab: frequent CUDA kernel sequences of an operator.
 *
 * Shows frequent_cuda_kernel_sequences (docs/analyses.md §9), a registry
 * analysis the session computes for the scope of the scope bar, for the
 * operator typed in the entry or chosen in the list of operators that
 * launch enough kernels on the selected rank (the first rank when the
 * header bar shows all), with HTA's bar chart of the top patterns. The
 * controls are the analysis' parameters (`operator`, `min_pattern_len`,
 * `top_k`; `rank` follows the selected rank). A double-click on a pattern
 * shows every event of its occurrences on the Timeline.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-charts.h"
#include "hp-core.h"
#include "hp-patterns-panel.h"
#include "hp-view-jobs.h"

#define ANALYSIS HP_KERNEL_SEQUENCES_ANALYSIS

struct _HpPatternsPanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkEntry      *operator_entry;
  GtkDropDown   *operator_dropdown;
  GtkSpinButton *min_len_spin;
  GtkSpinButton *top_k_spin;
  GtkLabel      *status_label;

  GtkStringList *operators;
  GCancellable  *candidates_cancellable;
  HpSession     *session; /* (unowned) the one the rank handler is on */
  HpTrace       *trace;   /* the one the operators are listed for */
  int            listed_rank;
  int            listed_min_len;
  guint          rank_idle;
  gboolean       filling;
};

G_DEFINE_FINAL_TYPE (HpPatternsPanel, hp_patterns_panel, HP_TYPE_ANALYSIS_PANEL)

/* the rank the analysis should read: the selected one, else the one of
 * the parameters when it is loaded, else the first loaded */
static int
wanted_rank (HpPatternsPanel *self)
{
  HpSession *session = hp_analysis_panel_get_session (HP_ANALYSIS_PANEL (self));
  HpTrace   *trace = session != NULL ? hp_session_get_trace (session) : NULL;
  int        selected;

  if (trace == NULL || hp_trace_get_n_ranks (trace) == 0)
    return -1;
  selected = hp_session_get_selected_rank (session);
  if (selected >= 0 && hp_trace_find_rank (trace, selected) != NULL)
    return selected;
  if (hp_trace_find_rank (trace, hp_analysis_params_get_int (hp_session_get_params (session), &hp_kernel_sequences_rank_spec)) != NULL)
    return hp_analysis_params_get_int (hp_session_get_params (session), &hp_kernel_sequences_rank_spec);
  return hp_trace_get_rank (trace, 0)->rank;
}

/* ---- the operators that launch enough kernels ---- */

/* the list shows the operator in the entry when it is one of them, and
 * with an empty entry the first, the one the analysis takes then */
static void
select_listed_operator (HpPatternsPanel *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->operator_entry));
  guint       n = g_list_model_get_n_items (G_LIST_MODEL (self->operators));

  self->filling = TRUE;
  gtk_drop_down_set_selected (self->operator_dropdown, text[0] == '\0' && n > 0 ? 0 : GTK_INVALID_LIST_POSITION);
  for (guint i = 0; i < n && text[0] != '\0'; i++)
    if (g_strcmp0 (gtk_string_list_get_string (self->operators, i), text) == 0)
      gtk_drop_down_set_selected (self->operator_dropdown, i);
  self->filling = FALSE;
}

static void
candidates_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (HpPatternsPanel) self = user_data;
  g_autoptr (HpJobResult) listed = hp_view_job_finish (result, NULL);
  GPtrArray *names;

  /* cancelled: another rank or minimum, or the panel went away */
  if (listed == NULL || g_task_get_cancellable (G_TASK (result)) != self->candidates_cancellable)
    return;
  names = hp_job_result_get_payload (listed);
  self->filling = TRUE;
  gtk_string_list_splice (self->operators, 0, g_list_model_get_n_items (G_LIST_MODEL (self->operators)), NULL);
  for (guint i = 0; i < names->len; i++)
    gtk_string_list_append (self->operators, names->pdata[i]);
  self->filling = FALSE;
  select_listed_operator (self);
}

/* lists the operators again when the trace, the rank or the minimum changed */
static void
list_candidates (HpPatternsPanel *self)
{
  HpSession         *session = hp_analysis_panel_get_session (HP_ANALYSIS_PANEL (self));
  g_autofree char   *key = NULL;
  HpCandidatesInput *input;
  int                rank = wanted_rank (self);
  int                min_len = session != NULL ? hp_analysis_params_get_int (hp_session_get_params (session), &hp_kernel_sequences_min_pattern_len_spec) : 3;

  if (self->trace == NULL || rank < 0 || (rank == self->listed_rank && min_len == self->listed_min_len))
    return;
  g_cancellable_cancel (self->candidates_cancellable);
  g_clear_object (&self->candidates_cancellable);
  self->listed_rank = rank;
  self->listed_min_len = min_len;
  self->candidates_cancellable = g_cancellable_new ();
  input = g_new0 (HpCandidatesInput, 1);
  input->rank = rank;
  input->min_len = (guint)MAX (min_len, 1);
  key = g_strdup_printf ("rank=%d|min_len=%u", input->rank, input->min_len);
  /* the session's trace is the run's, so the run keys the result */
  hp_view_job_run (&hp_view_job_sequence_candidates, session != NULL ? hp_session_get_run (session) : NULL, NULL, key, self->trace, input,
                   g_free, self->candidates_cancellable, NULL, NULL, candidates_done, g_object_ref (self));
}

/* ---- the rank ---- */

/* gives the analysis the selected rank (outside the panel's own update of
 * its controls, where parameters cannot change) */
static gboolean
sync_rank_idle (gpointer data)
{
  HpPatternsPanel *self = data;
  HpAnalysisParams params;
  int              rank = wanted_rank (self);

  self->rank_idle = 0;
  if (rank >= 0 && hp_analysis_panel_begin_params (HP_ANALYSIS_PANEL (self), &params))
    {
      if (hp_analysis_params_get_int (&params, &hp_kernel_sequences_rank_spec) != rank)
        {
          hp_analysis_params_set_int (&params, &hp_kernel_sequences_rank_spec, rank);
          hp_analysis_panel_commit_params (HP_ANALYSIS_PANEL (self), &params);
        }
      else
        hp_analysis_params_clear (&params);
    }
  list_candidates (self);
  return G_SOURCE_REMOVE;
}

static void
queue_sync_rank (HpPatternsPanel *self)
{
  if (self->rank_idle == 0)
    self->rank_idle = g_idle_add (sync_rank_idle, self);
}

/* ---- controls ---- */

static void
operator_selected_cb (HpPatternsPanel *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->operator_dropdown);

  if (self->filling || item == NULL)
    return;
  hp_patterns_panel_set_operator (self, gtk_string_object_get_string (item));
}

static void
hp_patterns_panel_session_changed (HpAnalysisPanel *panel)
{
  HpPatternsPanel *self = HP_PATTERNS_PANEL (panel);
  HpSession       *session = hp_analysis_panel_get_session (panel);
  HpTrace         *trace = session != NULL ? hp_session_get_trace (session) : NULL;

  if (session != self->session)
    {
      if (self->session != NULL)
        g_signal_handlers_disconnect_by_data (self->session, self);
      self->session = session;
      if (session != NULL)
        g_signal_connect_swapped (session, "notify::selected-rank", G_CALLBACK (queue_sync_rank), self);
    }
  if (trace != self->trace)
    {
      g_clear_pointer (&self->trace, hp_trace_unref);
      if (trace != NULL)
        self->trace = hp_trace_ref (trace);
      self->listed_rank = -1;
    }
  select_listed_operator (self);
  queue_sync_rank (self);
}

/* says which operator and rank the table is of, and how many calls */
static void
hp_patterns_panel_results_changed (HpAnalysisPanel *panel)
{
  HpPatternsPanel *self = HP_PATTERNS_PANEL (panel);
  HpTable         *table = hp_patterns_panel_get_table (self);
  g_autofree char *status = NULL;
  guint            n_patterns, n_occurrences = 0;

  if (table == NULL)
    {
      gtk_label_set_text (self->status_label, hp_analysis_panel_is_busy (panel) ? _ ("Finding the patterns…") : "");
      return;
    }
  n_patterns = hp_table_get_n_rows (table);
  if (n_patterns == 0)
    {
      gtk_label_set_text (self->status_label, hp_table_get_note (table) != NULL ? hp_table_get_note (table) : "");
      return;
    }
  for (guint i = 0; i < n_patterns; i++)
    n_occurrences += (guint)hp_table_get_int (table, i, 1);
  /* Translators: "12 patterns in 340 calls: Operators named like "aten::addmm" on rank 1" */
  status = g_strdup_printf (ngettext ("%u pattern in %u calls: %s", "%u patterns in %u calls: %s", n_patterns),
                            n_patterns, n_occurrences, hp_table_get_note (table) != NULL ? hp_table_get_note (table) : "");
  gtk_label_set_text (self->status_label, status);
}

/**
 * hp_patterns_panel_set_operator:
 * @operator_name: a part of operator names
 *
 * Finds the patterns of the operators named like @operator_name.
 */
void
hp_patterns_panel_set_operator (HpPatternsPanel *self,
                                const char      *operator_name)
{
  g_return_if_fail (HP_IS_PATTERNS_PANEL (self));

  gtk_editable_set_text (GTK_EDITABLE (self->operator_entry), operator_name);
  /* the bound entry gives the session its value on activate */
  g_signal_emit_by_name (self->operator_entry, "activate");
  select_listed_operator (self);
}

/**
 * hp_patterns_panel_get_table:
 *
 * Returns: (transfer none) (nullable): the patterns shown
 */
HpTable *
hp_patterns_panel_get_table (HpPatternsPanel *self)
{
  g_return_val_if_fail (HP_IS_PATTERNS_PANEL (self), NULL);

  return hp_analysis_panel_find_table (HP_ANALYSIS_PANEL (self), ANALYSIS, HP_KERNEL_SEQUENCES_TABLE);
}

static void
hp_patterns_panel_dispose (GObject *object)
{
  HpPatternsPanel *self = HP_PATTERNS_PANEL (object);

  g_clear_handle_id (&self->rank_idle, g_source_remove);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  self->session = NULL;
  g_cancellable_cancel (self->candidates_cancellable);
  g_clear_object (&self->candidates_cancellable);
  g_clear_pointer (&self->trace, hp_trace_unref);
  g_clear_object (&self->operators);
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (self->operator_entry != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (object), HP_TYPE_PATTERNS_PANEL);

  G_OBJECT_CLASS (hp_patterns_panel_parent_class)->dispose (object);
}

static void
hp_patterns_panel_class_init (HpPatternsPanelClass *klass)
{
  GObjectClass         *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass       *widget_class = GTK_WIDGET_CLASS (klass);
  HpAnalysisPanelClass *panel_class = HP_ANALYSIS_PANEL_CLASS (klass);

  object_class->dispose = hp_patterns_panel_dispose;
  panel_class->session_changed = hp_patterns_panel_session_changed;
  panel_class->results_changed = hp_patterns_panel_results_changed;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-patterns-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpPatternsPanel, operator_entry);
  gtk_widget_class_bind_template_child (widget_class, HpPatternsPanel, operator_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HpPatternsPanel, min_len_spin);
  gtk_widget_class_bind_template_child (widget_class, HpPatternsPanel, top_k_spin);
  gtk_widget_class_bind_template_child (widget_class, HpPatternsPanel, status_label);
  gtk_widget_class_bind_template_callback (widget_class, operator_selected_cb);

  hp_analysis_panel_class_add_analysis (panel_class, ANALYSIS, _ ("Frequent CUDA kernel sequences"),
                                        HP_ANALYSIS_PANEL_SHOW_TABLES);
}

static void
hp_patterns_panel_init (HpPatternsPanel *self)
{
  g_autoptr (GtkExpression) expression = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->listed_rank = -1;
  self->operators = gtk_string_list_new (NULL);
  expression = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  gtk_drop_down_set_expression (self->operator_dropdown, expression);
  gtk_drop_down_set_model (self->operator_dropdown, G_LIST_MODEL (self->operators));

  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_kernel_sequences_operator_spec, GTK_WIDGET (self->operator_entry));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_kernel_sequences_min_pattern_len_spec, GTK_WIDGET (self->min_len_spin));
  hp_analysis_panel_bind_param (HP_ANALYSIS_PANEL (self), &hp_kernel_sequences_top_k_spec, GTK_WIDGET (self->top_k_spin));
}

GtkWidget *
hp_patterns_panel_new (void)
{
  return g_object_new (HP_TYPE_PATTERNS_PANEL, NULL);
}
