/* hp-patterns-panel.c — the Patterns tab: frequent CUDA kernel sequences of an operator.
 *
 * Shows frequent_cuda_kernel_sequences (docs/analyses.md §9) for the
 * operator typed in the entry or chosen in the list of operators that
 * launch enough kernels on the selected rank (the first rank when the
 * header bar shows all), with HTA's bar chart of the top patterns. A
 * double-click on a pattern shows every event of its occurrences on the
 * Timeline. Core computes; the panel runs it in a GTask.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-charts.h"
#include "hp-core.h"
#include "hp-patterns-panel.h"

struct _HpPatternsPanel
{
  HpAnalysisPanel parent_instance;

  /* Template widgets */
  GtkEntry      *operator_entry;
  GtkDropDown   *operator_dropdown;
  GtkSpinButton *min_len_spin;
  GtkSpinButton *top_k_spin;
  GtkBox        *content_box;
  GtkLabel      *status_label;

  HpChartView       *chart_view;
  HpTableView       *table_view;
  GtkStringList     *operators;
  GCancellable      *cancellable;
  GCancellable      *candidates_cancellable;
  HpTrace           *trace; /* the one the operators are listed for */
  int                rank;
  HpKernelSequences *seq;
  gboolean           filling;
};

G_DEFINE_FINAL_TYPE (HpPatternsPanel, hp_patterns_panel, HP_TYPE_ANALYSIS_PANEL)

typedef struct
{
  HpTrace *trace;
  int      rank;
  char    *operator_name; /* NULL: list the operators */
  guint    min_len;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  hp_trace_unref (job->trace);
  g_free (job->operator_name);
  g_free (job);
}

static const HpRank *
job_rank (Job *job)
{
  const HpRank *rank = job->rank >= 0 ? hp_trace_find_rank (job->trace, job->rank) : NULL;

  if (rank == NULL && hp_trace_get_n_ranks (job->trace) > 0)
    rank = hp_trace_get_rank (job->trace, 0);
  return rank;
}

static Job *
new_job (HpPatternsPanel *self)
{
  HpSession *session = hp_analysis_panel_get_session (HP_ANALYSIS_PANEL (self));
  Job       *job = g_new0 (Job, 1);

  job->trace = hp_trace_ref (hp_session_get_trace (session));
  job->rank = hp_session_get_selected_rank (session);
  job->operator_name = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->operator_entry)));
  job->min_len = (guint)gtk_spin_button_get_value_as_int (self->min_len_spin);
  return job;
}

/* ---- the patterns ---- */

/* the patterns of job->operator_name, or the operators to choose from */
static void
job_thread (GTask        *task,
            gpointer      source,
            gpointer      data,
            GCancellable *cancellable)
{
  Job          *job = data;
  const HpRank *rank = job_rank (job);
  GError       *error = NULL;
  gpointer      result;

  if (rank == NULL)
    {
      g_task_return_new_error (task, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK, "%s",
                               _ ("The trace has no rank"));
      return;
    }
  if (job->operator_name == NULL)
    {
      result = hp_kernel_sequences_operator_candidates (job->trace, rank, job->min_len, cancellable, &error);
      if (result != NULL)
        g_task_return_pointer (task, result, (GDestroyNotify)g_ptr_array_unref);
    }
  else
    {
      result = hp_kernel_sequences_find (job->trace, rank, job->operator_name, job->min_len, cancellable, &error);
      if (result != NULL)
        g_task_return_pointer (task, result, (GDestroyNotify)hp_kernel_sequences_free);
    }
  if (result == NULL)
    g_task_return_error (task, error);
}

static void
show_chart (HpPatternsPanel *self)
{
  g_autoptr (HpChart) chart = NULL;
  const HpRank *rank;

  if (self->seq == NULL)
    return;
  rank = job_rank (&(Job){ .trace = self->trace, .rank = self->rank });
  chart = hp_chart_kernel_sequences (hp_kernel_sequences_get_table (self->seq),
                                     (guint)gtk_spin_button_get_value_as_int (self->top_k_spin),
                                     rank != NULL ? rank->rank : 0, GETTEXT_PACKAGE);
  if (self->chart_view == NULL)
    {
      self->chart_view = HP_CHART_VIEW (hp_chart_view_new (chart));
      gtk_widget_set_size_request (GTK_WIDGET (self->chart_view), -1, 320);
      gtk_box_insert_child_after (self->content_box, GTK_WIDGET (self->chart_view), GTK_WIDGET (self->status_label));
    }
  else
    hp_chart_view_set_chart (self->chart_view, chart);
}

static void
find_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  HpPatternsPanel *self = HP_PATTERNS_PANEL (source);
  g_autoptr (GError) error = NULL;
  HpKernelSequences *seq = g_task_propagate_pointer (G_TASK (result), &error);
  Job               *job = g_task_get_task_data (G_TASK (result));
  const HpRank      *rank = job_rank (job);
  g_autofree char   *status = NULL;
  guint              n_occurrences = 0;
  HpTable           *table;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_pointer (&self->seq, hp_kernel_sequences_free);
  self->rank = rank != NULL ? rank->rank : -1;
  if (seq == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      if (self->table_view != NULL)
        gtk_widget_set_visible (GTK_WIDGET (self->table_view), FALSE);
      if (self->chart_view != NULL)
        gtk_widget_set_visible (GTK_WIDGET (self->chart_view), FALSE);
      return;
    }
  self->seq = seq;
  table = hp_kernel_sequences_get_table (seq);
  for (guint i = 0; i < hp_kernel_sequences_get_n_patterns (seq); i++)
    n_occurrences += (guint)hp_table_get_int (table, i, 1);
  /* Translators: "12 patterns in 340 calls of operators named like “aten::addmm” on rank 1" */
  status = g_strdup_printf (ngettext ("%u pattern in %u calls of operators named like “%s” on rank %d",
                                      "%u patterns in %u calls of operators named like “%s” on rank %d",
                                      hp_kernel_sequences_get_n_patterns (seq)),
                            hp_kernel_sequences_get_n_patterns (seq), n_occurrences, job->operator_name,
                            self->rank);
  gtk_label_set_text (self->status_label, status);

  show_chart (self);
  gtk_widget_set_visible (GTK_WIDGET (self->chart_view), TRUE);
  hp_table_view_set_table (self->table_view, table);
  gtk_widget_set_visible (GTK_WIDGET (self->table_view), TRUE);
}

static void
run (HpPatternsPanel *self)
{
  HpSession *session = hp_analysis_panel_get_session (HP_ANALYSIS_PANEL (self));
  g_autoptr (GTask) task = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->operator_entry));

  if (session == NULL || hp_session_get_trace (session) == NULL || self->filling)
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (text[0] == '\0')
    {
      gtk_label_set_text (self->status_label, _ ("Type or choose an operator"));
      return;
    }
  self->cancellable = g_cancellable_new ();
  gtk_label_set_text (self->status_label, _ ("Finding the patterns…"));
  task = g_task_new (self, self->cancellable, find_done, NULL);
  g_task_set_task_data (task, new_job (self), job_free);
  g_task_run_in_thread (task, job_thread);
}

/* ---- the operators that launch enough kernels ---- */

static void
candidates_done (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  HpPatternsPanel *self = HP_PATTERNS_PANEL (source);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) names = g_task_propagate_pointer (G_TASK (result), &error);
  const char *text;

  if (names == NULL)
    return;
  self->filling = TRUE;
  gtk_string_list_splice (self->operators, 0, g_list_model_get_n_items (G_LIST_MODEL (self->operators)), NULL);
  for (guint i = 0; i < names->len; i++)
    gtk_string_list_append (self->operators, names->pdata[i]);
  text = gtk_editable_get_text (GTK_EDITABLE (self->operator_entry));
  if (text[0] == '\0' && names->len > 0)
    gtk_editable_set_text (GTK_EDITABLE (self->operator_entry), names->pdata[0]);
  /* the list shows the operator in the entry when it is one of them */
  gtk_drop_down_set_selected (self->operator_dropdown, GTK_INVALID_LIST_POSITION);
  for (guint i = 0; i < names->len; i++)
    if (g_strcmp0 (names->pdata[i], gtk_editable_get_text (GTK_EDITABLE (self->operator_entry))) == 0)
      gtk_drop_down_set_selected (self->operator_dropdown, i);
  self->filling = FALSE;

  if (names->len == 0 && text[0] == '\0')
    gtk_label_set_text (self->status_label, _ ("No operator launches that many kernels on this rank"));
  run (self);
}

static void
list_candidates (HpPatternsPanel *self)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  g_cancellable_cancel (self->candidates_cancellable);
  g_clear_object (&self->candidates_cancellable);
  if (self->trace == NULL)
    return;
  self->candidates_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->candidates_cancellable, candidates_done, NULL);
  job = new_job (self);
  g_clear_pointer (&job->operator_name, g_free);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, job_thread);
}

/* ---- controls ---- */

static void
operator_activate_cb (HpPatternsPanel *self)
{
  run (self);
}

static void
operator_selected_cb (HpPatternsPanel *self)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (self->operator_dropdown);

  if (self->filling || item == NULL)
    return;
  gtk_editable_set_text (GTK_EDITABLE (self->operator_entry), gtk_string_object_get_string (item));
  run (self);
}

static void
min_len_changed_cb (HpPatternsPanel *self)
{
  list_candidates (self);
}

static void
top_k_changed_cb (HpPatternsPanel *self)
{
  show_chart (self);
}

/* every event of the pattern's occurrences, the first operator in focus */
static void
row_activated_cb (HpPatternsPanel *self,
                  guint            row)
{
  g_autoptr (HpLinkedEvents) linked = NULL;

  if (self->seq == NULL || row >= hp_kernel_sequences_get_n_patterns (self->seq))
    return;
  linked = hp_kernel_sequences_linked_events (self->seq, row);
  g_signal_emit_by_name (self, "show-on-timeline", linked);
}

static void
hp_patterns_panel_session_changed (HpAnalysisPanel *panel)
{
  HpPatternsPanel *self = HP_PATTERNS_PANEL (panel);
  HpSession       *session = hp_analysis_panel_get_session (panel);
  HpTrace         *trace = session != NULL ? hp_session_get_trace (session) : NULL;

  if (trace == self->trace)
    return;
  g_clear_pointer (&self->trace, hp_trace_unref);
  g_clear_pointer (&self->seq, hp_kernel_sequences_free);
  if (trace != NULL)
    self->trace = hp_trace_ref (trace);
  list_candidates (self);
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
  run (self);
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

  return self->seq != NULL ? hp_kernel_sequences_get_table (self->seq) : NULL;
}

static void
hp_patterns_panel_dispose (GObject *object)
{
  HpPatternsPanel *self = HP_PATTERNS_PANEL (object);

  g_cancellable_cancel (self->cancellable);
  g_cancellable_cancel (self->candidates_cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->candidates_cancellable);
  g_clear_pointer (&self->seq, hp_kernel_sequences_free);
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

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-patterns-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpPatternsPanel, operator_entry);
  gtk_widget_class_bind_template_child (widget_class, HpPatternsPanel, operator_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HpPatternsPanel, min_len_spin);
  gtk_widget_class_bind_template_child (widget_class, HpPatternsPanel, top_k_spin);
  gtk_widget_class_bind_template_child (widget_class, HpPatternsPanel, content_box);
  gtk_widget_class_bind_template_child (widget_class, HpPatternsPanel, status_label);
  gtk_widget_class_bind_template_callback (widget_class, operator_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, operator_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, min_len_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, top_k_changed_cb);
}

static void
hp_patterns_panel_init (HpPatternsPanel *self)
{
  g_autoptr (GtkExpression) expression = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rank = -1;
  self->operators = gtk_string_list_new (NULL);
  expression = gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL, "string");
  gtk_drop_down_set_expression (self->operator_dropdown, expression);
  gtk_drop_down_set_model (self->operator_dropdown, G_LIST_MODEL (self->operators));

  self->table_view = HP_TABLE_VIEW (hp_table_view_new ());
  hp_table_view_set_linked (self->table_view, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->table_view), FALSE);
  gtk_widget_set_vexpand (GTK_WIDGET (self->table_view), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self->table_view), -1, 300);
  g_signal_connect_object (self->table_view, "row-activated", G_CALLBACK (row_activated_cb), self, G_CONNECT_SWAPPED);
  gtk_box_append (self->content_box, GTK_WIDGET (self->table_view));
}

GtkWidget *
hp_patterns_panel_new (void)
{
  return g_object_new (HP_TYPE_PATTERNS_PANEL, NULL);
}
