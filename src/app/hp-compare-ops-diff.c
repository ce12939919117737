/* hp-compare-ops-diff.c — a comparison's Ops Diff tab: compare_traces of a chosen pair, and its tree diff.
 *
 * The control and test runs, the rank and step of each (as hotpath-cli
 * diff --control-rank and --control-iteration), a communication-only
 * switch; the runner computes compare_traces and the tree diff of the pair
 * (hp_compare_session_diff_async()), shown here as a table and HTA's two
 * charts, and in the Tree Diff tab's view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hp-chart-grid.h"
#include "hp-chart-view.h"
#include "hp-compare-ops-diff.h"

#define TOP_OPS 10

struct _HpCompareOpsDiff
{
  GtkBox parent_instance;

  /* Template widgets */
  GtkDropDown    *control_dropdown;
  GtkDropDown    *test_dropdown;
  GtkCheckButton *comm_check;
  GtkLabel       *diff_error_label;
  GtkDropDown    *control_rank_dropdown;
  GtkDropDown    *control_step_dropdown;
  GtkDropDown    *test_rank_dropdown;
  GtkDropDown    *test_step_dropdown;
  GtkLabel       *scope_label;
  HpTableView    *ops_view;
  HpChartGrid    *ops_grid;

  HpTreeDiffView   *tree_view; /* the Tree Diff tab's */
  HpCompareSession *session;   /* NULL until the runs are in */
  GStrv             labels;
  guint             n_runs;
  guint             baseline;      /* marked in the choosers, or G_MAXUINT */
  guint             scope_runs[2]; /* the runs the choosers were filled for, or G_MAXUINT */
  char             *caption;       /* the scope in words, under every chart */
  char             *scope_suffix;  /* the scope in exported files' names */
  HpTable          *diff;          /* compare_traces of the pair */
  GCancellable     *cancellable;
  gboolean          busy;
  gboolean          syncing;
};

G_DEFINE_FINAL_TYPE (HpCompareOpsDiff, hp_compare_ops_diff, GTK_TYPE_BOX)

enum
{
  PROP_0,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
set_busy (HpCompareOpsDiff *self,
          gboolean          busy)
{
  if (self->busy == busy)
    return;
  self->busy = busy;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

static gboolean
is_communication (const char *name)
{
  static const char *const marks[] = { "nccl", "rccl", "c10d::", "gloo", "record_param_comms", "all_reduce",
                                       "allreduce", "all_gather", "allgather", "reduce_scatter", "all_to_all",
                                       "alltoall", "broadcast", "AllReduce", "AllGather", "ReduceScatter",
                                       "SendRecv" };

  if (hp_kernel_class_hta (name) == HP_KERNEL_CLASS_COMMUNICATION)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
    if (strstr (name, marks[i]) != NULL)
      return TRUE;
  return FALSE;
}

static void
show_diff (HpCompareOpsDiff *self)
{
  g_autoptr (HpTable) shown = NULL;
  g_autoptr (GPtrArray) charts = NULL;

  if (self->diff == NULL)
    return;
  if (gtk_check_button_get_active (self->comm_check))
    {
      g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint row = 0; row < hp_table_get_n_rows (self->diff); row++)
        if (is_communication (hp_table_get_string (self->diff, row, 0)))
          g_array_append_val (rows, row);
      shown = hp_table_select_rows (self->diff, (const guint *)rows->data, rows->len);
    }
  else
    shown = hp_table_ref (self->diff);
  hp_table_view_set_table (self->ops_view, shown);
  hp_table_view_set_empty_reason (self->ops_view, gtk_check_button_get_active (self->comm_check)
                                                      ? _ ("neither scope compared has a communication op")
                                                      : _ ("no op changed between the scopes compared"));
  hp_table_view_set_export_suffix (self->ops_view, self->scope_suffix);
  if (self->tree_view != NULL)
    hp_tree_diff_view_set_export_suffix (self->tree_view, self->scope_suffix);

  hp_chart_grid_remove_all (self->ops_grid);
  charts = hp_diff_charts_new (shown, TOP_OPS, GETTEXT_PACKAGE);
  for (guint c = 0; c < charts->len; c++)
    {
      HpChart   *chart = charts->pdata[c];
      GtkWidget *view;

      /* each run keeps the colour it has in the Summary; the difference
       * takes one no run has */
      if (hp_chart_get_kind (chart) == HP_CHART_KIND_BAR && hp_bar_chart_get_n_series (chart) == 3)
        {
          g_autofree char *control = g_strdup_printf ("palette:%u", gtk_drop_down_get_selected (self->control_dropdown));
          g_autofree char *test = g_strdup_printf ("palette:%u", gtk_drop_down_get_selected (self->test_dropdown));
          g_autofree char *difference = g_strdup_printf ("palette:%u", self->n_runs);

          hp_bar_chart_set_series_color_key (chart, 0, control);
          hp_bar_chart_set_series_color_key (chart, 1, test);
          hp_bar_chart_set_series_color_key (chart, 2, difference);
        }
      /* the scope under the chart, in its exports too */
      if (self->caption != NULL)
        hp_chart_set_subtitle (chart, self->caption);
      /* an empty chart says why */
      if (!hp_chart_has_data (chart))
        hp_chart_set_no_data_reason (chart, gtk_check_button_get_active (self->comm_check)
                                                ? _ ("neither scope compared has a communication op")
                                                : _ ("no op changed between the scopes compared"));
      view = hp_chart_view_new (chart);
      hp_chart_view_set_export_suffix (HP_CHART_VIEW (view), self->scope_suffix);
      hp_chart_grid_append (self->ops_grid, view, FALSE);
    }
}

static void
diff_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (HpCompareOpsDiff) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTable) compare = NULL;
  g_autoptr (HpTable) tree = NULL;

  if (!hp_compare_session_diff_finish (self->session, result, &compare, &tree, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          set_busy (self, FALSE);
          /* the pair cannot be diffed: say why, in place of its tables */
          gtk_label_set_text (self->diff_error_label, error->message);
          gtk_widget_set_visible (GTK_WIDGET (self->diff_error_label), TRUE);
          hp_table_view_set_table (self->ops_view, NULL);
          hp_tree_diff_view_set_table (self->tree_view, NULL);
        }
      return;
    }
  set_busy (self, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->diff_error_label), FALSE);
  g_clear_pointer (&self->diff, hp_table_unref);
  self->diff = g_steal_pointer (&compare);
  show_diff (self);
  hp_tree_diff_view_set_empty_reason (
      self->tree_view, _ ("neither scope compared has an op measured on the CPU to build a call tree from; choose "
                          "another rank or step"));
  hp_tree_diff_view_set_table (self->tree_view, tree);
}

/* the rank and step choosers of one side, for @run's ranks and the steps
 * of its first rank (as hotpath-cli diff --control-rank and
 * --control-iteration) */
static void
fill_scope (HpCompareOpsDiff *self,
            GtkDropDown      *rank_dropdown,
            GtkDropDown      *step_dropdown,
            guint             run)
{
  HpTrace      *trace = hp_run_get_trace (hp_compare_session_get_run (self->session, run));
  const HpRank *first = hp_trace_get_n_ranks (trace) > 0 ? hp_trace_get_rank (trace, 0) : NULL;
  g_autoptr (GtkStringList) ranks = gtk_string_list_new (NULL);
  g_autoptr (GtkStringList) steps = gtk_string_list_new (NULL);
  gboolean syncing = self->syncing;

  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      /* Translators: a rank to compare, in a drop-down */
      g_autofree char *text = g_strdup_printf (_ ("Rank %d"), hp_trace_get_rank (trace, p)->rank);

      gtk_string_list_append (ranks, text);
    }
  for (guint i = 0; first != NULL && i < first->n_iterations; i++)
    if (first->iterations[i] >= 0)
      {
        /* Translators: a step (iteration) to compare, in a drop-down */
        g_autofree char *text = g_strdup_printf (_ ("Step %d"), first->iterations[i]);

        gtk_string_list_append (steps, text);
      }
  if (g_list_model_get_n_items (G_LIST_MODEL (steps)) == 0)
    gtk_string_list_append (steps, _ ("Whole run"));
  self->syncing = TRUE;
  gtk_drop_down_set_model (rank_dropdown, G_LIST_MODEL (ranks));
  gtk_drop_down_set_model (step_dropdown, G_LIST_MODEL (steps));
  gtk_drop_down_set_selected (rank_dropdown, 0);
  gtk_drop_down_set_selected (step_dropdown, 0);
  self->syncing = syncing;
}

/* "Base-rank0-step3": a run's scope as a file name may hold it */
static char *
scope_slug (const char *label,
            int         rank,
            int         step)
{
  GString *out = g_string_new (NULL);

  for (const char *c = label; *c != '\0'; c++)
    g_string_append_c (out, g_ascii_isalnum (*c) || *c == '-' || *c == '.' ? *c : '-');
  g_string_append_printf (out, "-rank%d", rank);
  if (step >= 0)
    g_string_append_printf (out, "-step%d", step);
  else
    g_string_append (out, "-whole");
  return g_string_free (out, FALSE);
}

/* the chosen rank and step of one side into the diff's parameters;
 * returns the scope in words, and in @slug as in a file name */
static char *
chosen_scope (HpCompareOpsDiff *self,
              GtkDropDown      *rank_dropdown,
              GtkDropDown      *step_dropdown,
              guint             run,
              int              *rank,
              GArray          **iterations,
              char            **slug)
{
  HpTrace      *trace = hp_run_get_trace (hp_compare_session_get_run (self->session, run));
  guint         r = gtk_drop_down_get_selected (rank_dropdown);
  guint         k = gtk_drop_down_get_selected (step_dropdown);
  const HpRank *first = hp_trace_get_n_ranks (trace) > 0 ? hp_trace_get_rank (trace, 0) : NULL;

  *rank = r < hp_trace_get_n_ranks (trace) ? hp_trace_get_rank (trace, r)->rank : -1;
  *iterations = NULL;
  /* the k-th step the chooser lists: the first rank's iterations from 0 */
  for (guint i = 0; first != NULL && i < first->n_iterations; i++)
    if (first->iterations[i] >= 0 && k-- == 0)
      {
        *iterations = g_array_new (FALSE, FALSE, sizeof (int));
        g_array_append_val (*iterations, first->iterations[i]);
        *slug = scope_slug (self->labels[run], *rank, first->iterations[i]);
        /* Translators: a run's scope in the diff: its label, rank and step */
        return g_strdup_printf (_ ("%s rank %d, step %d"), self->labels[run], *rank, first->iterations[i]);
      }
  *slug = scope_slug (self->labels[run], *rank, -1);
  /* Translators: a run's scope in the diff when it has no steps */
  return g_strdup_printf (_ ("%s rank %d, whole run"), self->labels[run], *rank);
}

static void
run_diff (HpCompareOpsDiff *self)
{
  guint             control = gtk_drop_down_get_selected (self->control_dropdown);
  guint             test = gtk_drop_down_get_selected (self->test_dropdown);
  g_autofree char  *control_scope = NULL;
  g_autofree char  *test_scope = NULL;
  g_autofree char  *caption = NULL;
  g_autofree char  *control_slug = NULL;
  g_autofree char  *test_slug = NULL;
  HpTraceDiffParams params;

  if (self->session == NULL || control >= self->n_runs || test >= self->n_runs)
    return;
  if (self->scope_runs[0] != control)
    fill_scope (self, self->control_rank_dropdown, self->control_step_dropdown, control);
  if (self->scope_runs[1] != test)
    fill_scope (self, self->test_rank_dropdown, self->test_step_dropdown, test);
  self->scope_runs[0] = control;
  self->scope_runs[1] = test;
  hp_trace_diff_params_init (&params);
  params.control_label = g_strdup (self->labels[control]);
  params.test_label = g_strdup (self->labels[test]);
  control_scope = chosen_scope (self, self->control_rank_dropdown, self->control_step_dropdown, control,
                                &params.control_rank, &params.control_iterations, &control_slug);
  test_scope = chosen_scope (self, self->test_rank_dropdown, self->test_step_dropdown, test, &params.test_rank,
                             &params.test_iterations, &test_slug);
  /* Translators: what the Ops Diff and Tree Diff compare: "Base rank 0,
   * step 3 against New rank 0, step 3" */
  caption = g_strdup_printf (_ ("%s against %s"), control_scope, test_scope);
  gtk_label_set_text (self->scope_label, caption);
  g_free (self->caption);
  self->caption = g_steal_pointer (&caption);
  g_free (self->scope_suffix);
  self->scope_suffix = g_strdup_printf ("%s_vs_%s", control_slug, test_slug);
  set_busy (self, TRUE);
  hp_compare_session_diff_async (self->session, control, test, &params, self->cancellable, diff_done,
                                 g_object_ref (self));
  hp_trace_diff_params_clear (&params);
}

static void
pair_changed_cb (HpCompareOpsDiff *self)
{
  if (!self->syncing)
    run_diff (self);
}

static void
hp_compare_ops_diff_dispose (GObject *object)
{
  HpCompareOpsDiff *self = HP_COMPARE_OPS_DIFF (object);

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), HP_TYPE_COMPARE_OPS_DIFF);
  G_OBJECT_CLASS (hp_compare_ops_diff_parent_class)->dispose (object);
}

static void
hp_compare_ops_diff_finalize (GObject *object)
{
  HpCompareOpsDiff *self = HP_COMPARE_OPS_DIFF (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->session);
  g_clear_object (&self->tree_view);
  g_clear_pointer (&self->diff, hp_table_unref);
  g_strfreev (self->labels);
  g_free (self->caption);
  g_free (self->scope_suffix);
  G_OBJECT_CLASS (hp_compare_ops_diff_parent_class)->finalize (object);
}

static void
hp_compare_ops_diff_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  HpCompareOpsDiff *self = HP_COMPARE_OPS_DIFF (object);

  switch (prop_id)
    {
    case PROP_BUSY:
      g_value_set_boolean (value, self->busy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_compare_ops_diff_class_init (HpCompareOpsDiffClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_compare_ops_diff_dispose;
  object_class->finalize = hp_compare_ops_diff_finalize;
  object_class->get_property = hp_compare_ops_diff_get_property;

  /**
   * HpCompareOpsDiff:busy:
   *
   * Whether the diff of the chosen pair is being computed.
   */
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (HP_TYPE_CHART_GRID);
  g_type_ensure (HP_TYPE_TABLE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-compare-ops-diff.ui");
#define BIND(field) gtk_widget_class_bind_template_child (widget_class, HpCompareOpsDiff, field)
  BIND (control_dropdown);
  BIND (test_dropdown);
  BIND (comm_check);
  BIND (diff_error_label);
  BIND (control_rank_dropdown);
  BIND (control_step_dropdown);
  BIND (test_rank_dropdown);
  BIND (test_step_dropdown);
  BIND (scope_label);
  BIND (ops_view);
  BIND (ops_grid);
#undef BIND
}

static void
hp_compare_ops_diff_init (HpCompareOpsDiff *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  self->scope_runs[0] = self->scope_runs[1] = G_MAXUINT;
  self->baseline = G_MAXUINT;
  g_signal_connect_swapped (self->control_rank_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);
  g_signal_connect_swapped (self->control_step_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);
  g_signal_connect_swapped (self->test_rank_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);
  g_signal_connect_swapped (self->test_step_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);
  g_signal_connect_swapped (self->control_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);
  g_signal_connect_swapped (self->test_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);
  g_signal_connect_swapped (self->comm_check, "toggled", G_CALLBACK (show_diff), self);
}

/* the runs' names in both choosers, the baseline marked */
static void
fill_choosers (HpCompareOpsDiff *self)
{
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);

  for (guint run = 0; run < self->n_runs; run++)
    {
      g_autofree char *marked = run == self->baseline ? hp_compare_baseline_label (self->labels[run], GETTEXT_PACKAGE)
                                                      : NULL;

      gtk_string_list_append (names, marked != NULL ? marked : self->labels[run]);
    }
  gtk_drop_down_set_model (self->control_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_model (self->test_dropdown, G_LIST_MODEL (names));
}

/**
 * hp_compare_ops_diff_set_labels:
 * @labels: the runs' labels, in order
 *
 * The runs the pair is chosen from: the first against the second at first.
 */
void
hp_compare_ops_diff_set_labels (HpCompareOpsDiff  *self,
                                const char *const *labels)
{
  g_return_if_fail (HP_IS_COMPARE_OPS_DIFF (self));

  g_strfreev (self->labels);
  self->labels = g_strdupv ((char **)labels);
  self->n_runs = g_strv_length (self->labels);
  self->syncing = TRUE;
  fill_choosers (self);
  gtk_drop_down_set_selected (self->test_dropdown, 1);
  self->syncing = FALSE;
}

/**
 * hp_compare_ops_diff_set_baseline:
 * @baseline: the run every other is compared with, which the run
 *   choosers name "Base (baseline)"; G_MAXUINT for none
 *
 * The runs chosen stay chosen.
 */
void
hp_compare_ops_diff_set_baseline (HpCompareOpsDiff *self,
                                  guint             baseline)
{
  guint control, test;

  g_return_if_fail (HP_IS_COMPARE_OPS_DIFF (self));

  if (self->baseline == baseline)
    return;
  self->baseline = baseline;
  if (self->labels == NULL)
    return;
  control = gtk_drop_down_get_selected (self->control_dropdown);
  test = gtk_drop_down_get_selected (self->test_dropdown);
  self->syncing = TRUE;
  fill_choosers (self);
  gtk_drop_down_set_selected (self->control_dropdown, control);
  gtk_drop_down_set_selected (self->test_dropdown, test);
  self->syncing = FALSE;
}

/**
 * hp_compare_ops_diff_start:
 * @session: the comparison, every run in
 * @tree_view: where the tree diff of the pair goes
 *
 * Diffs the chosen pair, and again whenever the choice changes.
 */
void
hp_compare_ops_diff_start (HpCompareOpsDiff *self,
                           HpCompareSession *session,
                           HpTreeDiffView   *tree_view)
{
  g_return_if_fail (HP_IS_COMPARE_OPS_DIFF (self));
  g_return_if_fail (HP_IS_COMPARE_SESSION (session));

  g_set_object (&self->session, session);
  g_set_object (&self->tree_view, tree_view);
  run_diff (self);
}

gboolean
hp_compare_ops_diff_is_busy (HpCompareOpsDiff *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_OPS_DIFF (self), FALSE);
  return self->busy;
}

void
hp_compare_ops_diff_set_pair (HpCompareOpsDiff *self,
                              guint             control,
                              guint             test)
{
  g_return_if_fail (HP_IS_COMPARE_OPS_DIFF (self));
  g_return_if_fail (control < self->n_runs && test < self->n_runs);
  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->control_dropdown, control);
  gtk_drop_down_set_selected (self->test_dropdown, test);
  self->syncing = FALSE;
  run_diff (self);
}

void
hp_compare_ops_diff_set_comm_only (HpCompareOpsDiff *self,
                                   gboolean          comm_only)
{
  g_return_if_fail (HP_IS_COMPARE_OPS_DIFF (self));
  gtk_check_button_set_active (self->comm_check, comm_only);
}

GtkWidget *
hp_compare_ops_diff_get_ops_view (HpCompareOpsDiff *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_OPS_DIFF (self), NULL);
  return GTK_WIDGET (self->ops_view);
}

const char *
hp_compare_ops_diff_get_scope_caption (HpCompareOpsDiff *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_OPS_DIFF (self), NULL);
  return gtk_label_get_text (self->scope_label);
}

GtkWidget *
hp_compare_ops_diff_get_scope_chooser (HpCompareOpsDiff *self,
                                       gboolean          test_side,
                                       gboolean          step)
{
  g_return_val_if_fail (HP_IS_COMPARE_OPS_DIFF (self), NULL);
  if (test_side)
    return GTK_WIDGET (step ? self->test_step_dropdown : self->test_rank_dropdown);
  return GTK_WIDGET (step ? self->control_step_dropdown : self->control_rank_dropdown);
}
