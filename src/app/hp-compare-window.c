/* hp-compare-window.c — a comparison of 2 to 8 runs: summary charts, ops diff and tree diff.
 *
 * The window holds its runs (HpRun: the trace, its paths, label and
 * colour) and loads them, reusing the trace of a window that already shows
 * the same folder in the default mode, then computes hp_compare_runs() and
 * the diff of one control/test pair in a thread, and shows:
 *
 * - Summary: plain-language findings per run and one grouped chart per
 *   question, a colour per run (hp_compare_charts_new()), and the memory
 *   peaks table when the runs recorded memory events;
 * - Ops diff: the compare_traces table of the chosen pair (sortable,
 *   filterable, a communication-only switch) and HTA's two charts;
 * - Tree diff: the aligned call trees, opened down to the changed nodes
 *   (HpTreeDiffView);
 * - Timelines: the runs' timelines stacked, step-aligned: step k of every
 *   run starts at the same x, and zooming or panning one moves them all.
 *
 * Every table exports CSV and every chart PNG/SVG through their own views.
 *
 * With HOTPATH_SCREENSHOT_DIR set (tests/ui/screenshots.sh) it writes a PNG
 * per tab once computed, then quits the application.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hp-application.h"
#include "hp-chart-grid.h"
#include "hp-chart-view.h"
#include "hp-core.h"
#include "hp-compare-window.h"
#include "hp-session.h"
#include "hp-settings.h"
#include "hp-table-view.h"
#include "hp-timeline-view.h"
#include "hp-trace-page.h"
#include "hp-tree-diff-view.h"
#include "hp-window.h"

#define TOP_OPS 10

struct _HpCompareWindow
{
  GtkApplicationWindow parent_instance;

  GtkStack       *stack;
  GtkLabel       *status_label;
  GtkLabel       *error_label;
  GtkWidget      *error_button;
  GtkNotebook    *notebook;
  GtkLabel       *findings_label;
  HpChartGrid    *summary_grid;
  GtkWidget      *memory_box;
  HpTableView    *memory_view;
  GtkLabel       *memory_note;
  HpTableView    *memory_timeline_view;
  GtkWidget      *communication_box;
  HpTableView    *communication_view;
  HpTableView    *collectives_view;
  GtkDropDown    *control_dropdown;
  GtkDropDown    *test_dropdown;
  GtkCheckButton *comm_check;
  GtkLabel       *diff_error_label;
  GtkDropDown    *control_rank_dropdown;
  GtkDropDown    *control_step_dropdown;
  GtkDropDown    *test_rank_dropdown;
  GtkDropDown    *test_step_dropdown;
  GtkLabel       *scope_label;
  guint           scope_runs[2]; /* the runs the choosers were filled for, or G_MAXUINT */
  HpTableView    *ops_view;
  HpChartGrid    *ops_grid;
  HpTreeDiffView *tree_view;
  GtkBox         *timelines_box;
  GtkSpinButton  *step_spin;
  GPtrArray      *timelines; /* HpTimelineView, one per run */
  GArray        **steps;     /* per run: (start, length) ns of its first rank's steps */
  gboolean        aligning;
  GtkPaned       *area_paned;
  GtkWidget      *area_box; /* an area dragged on one run's timeline: its events by name */
  GtkLabel       *area_label;
  HpTableView    *area_view;
  GCancellable   *area_cancellable;
  int             area_run; /* the run whose area is shown, or -1 */

  GStrv         paths;
  GStrv         labels;
  guint         n_runs;
  GPtrArray    *runs; /* HpRun, NULL until loaded */
  guint         n_pending;
  GPtrArray    *tables; /* of hp_compare_runs() */
  HpTable      *diff;   /* compare_traces of the pair */
  GCancellable *cancellable;
  char         *error;
  char         *findings;
  guint         n_charts;
  gboolean      busy;
  gboolean      syncing;
};

G_DEFINE_FINAL_TYPE (HpCompareWindow, hp_compare_window, GTK_TYPE_APPLICATION_WINDOW)

#define AREA_TABLE_HEIGHT 260 /* the table of an area, when it appears */

/* ---- helpers ---- */

static HpTable *
table_named (GPtrArray  *tables,
             const char *name)
{
  for (guint i = 0; tables != NULL && i < tables->len; i++)
    if (g_strcmp0 (hp_table_get_name (tables->pdata[i]), name) == 0)
      return tables->pdata[i];
  return NULL;
}

static HpTrace *
run_trace (HpCompareWindow *self,
           guint            run)
{
  return hp_run_get_trace (self->runs->pdata[run]);
}

static void
run_unref0 (gpointer run)
{
  if (run != NULL)
    g_object_unref (run);
}

/* @trace, loaded or shared with a window, as the run @run of the
 * comparison: its own label and colour */
static void
add_run (HpCompareWindow *self,
         guint            run,
         HpTrace         *trace)
{
  const char *const paths[] = { self->paths[run], NULL };

  g_ptr_array_index (self->runs, run) = hp_run_new (trace, paths, self->labels[run], run);
}

/* "DDP spends 31% of its GPU time in exposed communication": the
 * sentences of hp_compare_summary(), one a line */
static char *
make_findings (HpCompareWindow *self)
{
  g_autoptr (GPtrArray) traces = g_ptr_array_new ();
  g_autoptr (GPtrArray) sentences = NULL;

  for (guint run = 0; run < self->n_runs; run++)
    g_ptr_array_add (traces, run_trace (self, run));
  sentences = hp_compare_summary ((HpTrace *const *)traces->pdata, (const char *const *)self->labels, self->n_runs,
                                  self->tables);
  return hp_compare_summary_to_text (sentences);
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
show_diff (HpCompareWindow *self)
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

  hp_chart_grid_remove_all (self->ops_grid);
  charts = hp_diff_charts_new (shown, TOP_OPS, GETTEXT_PACKAGE);
  for (guint c = 0; c < charts->len; c++)
    {
      HpChart *chart = charts->pdata[c];

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
      hp_chart_grid_append (self->ops_grid, hp_chart_view_new (chart), FALSE);
    }
}

/* ---- the diff of a pair, in a thread ---- */

typedef struct
{
  HpTrace          *control;
  HpTrace          *test;
  HpTraceDiffParams params;
  HpTable          *compare;
  HpTable          *tree;
} DiffJob;

static void
diff_job_free (gpointer data)
{
  DiffJob *job = data;

  hp_trace_unref (job->control);
  hp_trace_unref (job->test);
  hp_trace_diff_params_clear (&job->params);
  g_clear_pointer (&job->compare, hp_table_unref);
  g_clear_pointer (&job->tree, hp_table_unref);
  g_free (job);
}

static void
diff_thread (GTask        *task,
             gpointer      source,
             gpointer      task_data,
             GCancellable *cancellable)
{
  DiffJob *job = task_data;
  GError  *error = NULL;

  job->compare = hp_trace_diff_compare (job->control, job->test, &job->params, cancellable, &error);
  if (job->compare != NULL)
    job->tree = hp_tree_diff_full (job->control, job->test, &job->params, cancellable, &error);
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
diff_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  HpCompareWindow *self = HP_COMPARE_WINDOW (source);
  DiffJob         *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;

  self->busy = FALSE;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* the pair cannot be diffed: say why, in place of its tables */
          gtk_label_set_text (self->diff_error_label, error->message);
          gtk_widget_set_visible (GTK_WIDGET (self->diff_error_label), TRUE);
          hp_table_view_set_table (self->ops_view, NULL);
          hp_tree_diff_view_set_table (self->tree_view, NULL);
        }
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->diff_error_label), FALSE);
  g_clear_pointer (&self->diff, hp_table_unref);
  self->diff = hp_table_ref (job->compare);
  show_diff (self);
  hp_tree_diff_view_set_table (self->tree_view, job->tree);
}

/* the rank and step choosers of one side, for @run's ranks and the steps
 * of its first rank (as hotpath-cli diff --control-rank and
 * --control-iteration) */
static void
fill_scope (HpCompareWindow *self,
            GtkDropDown     *rank_dropdown,
            GtkDropDown     *step_dropdown,
            guint            run)
{
  HpTrace      *trace = run_trace (self, run);
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

/* the chosen rank and step of one side into the diff's parameters;
 * returns the scope in words */
static char *
chosen_scope (HpCompareWindow *self,
              GtkDropDown     *rank_dropdown,
              GtkDropDown     *step_dropdown,
              guint            run,
              int             *rank,
              GArray         **iterations)
{
  HpTrace      *trace = run_trace (self, run);
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
        /* Translators: a run's scope in the diff: its label, rank and step */
        return g_strdup_printf (_ ("%s rank %d, step %d"), self->labels[run], *rank, first->iterations[i]);
      }
  /* Translators: a run's scope in the diff when it has no steps */
  return g_strdup_printf (_ ("%s rank %d, whole run"), self->labels[run], *rank);
}

static void
run_diff (HpCompareWindow *self)
{
  guint control = gtk_drop_down_get_selected (self->control_dropdown);
  guint test = gtk_drop_down_get_selected (self->test_dropdown);
  g_autoptr (GTask) task = NULL;
  g_autofree char *control_scope = NULL;
  g_autofree char *test_scope = NULL;
  g_autofree char *caption = NULL;
  DiffJob         *job;

  if (self->runs == NULL || self->n_pending > 0 || control >= self->n_runs || test >= self->n_runs)
    return;
  if (self->scope_runs[0] != control)
    fill_scope (self, self->control_rank_dropdown, self->control_step_dropdown, control);
  if (self->scope_runs[1] != test)
    fill_scope (self, self->test_rank_dropdown, self->test_step_dropdown, test);
  self->scope_runs[0] = control;
  self->scope_runs[1] = test;
  job = g_new0 (DiffJob, 1);
  job->control = hp_trace_ref (run_trace (self, control));
  job->test = hp_trace_ref (run_trace (self, test));
  hp_trace_diff_params_init (&job->params);
  job->params.control_label = g_strdup (self->labels[control]);
  job->params.test_label = g_strdup (self->labels[test]);
  control_scope = chosen_scope (self, self->control_rank_dropdown, self->control_step_dropdown, control,
                                &job->params.control_rank, &job->params.control_iterations);
  test_scope = chosen_scope (self, self->test_rank_dropdown, self->test_step_dropdown, test, &job->params.test_rank,
                             &job->params.test_iterations);
  /* Translators: what the Ops Diff and Tree Diff compare: "Base rank 0,
   * step 3 against New rank 0, step 3" */
  caption = g_strdup_printf (_ ("%s against %s"), control_scope, test_scope);
  gtk_label_set_text (self->scope_label, caption);
  self->busy = TRUE;
  task = g_task_new (self, self->cancellable, diff_done, NULL);
  g_task_set_task_data (task, job, diff_job_free);
  g_task_run_in_thread (task, diff_thread);
}

static void
pair_changed_cb (HpCompareWindow *self)
{
  if (!self->syncing)
    run_diff (self);
}

/* ---- step-aligned timelines ---- */

/* (start, length) of each measured step of a run's first rank, in time order */
static GArray *
step_ranges (HpTrace *trace)
{
  GArray *steps = g_array_new (FALSE, FALSE, sizeof (gint64) * 2);
  g_autoptr (GArray) all = NULL;

  if (hp_trace_get_n_ranks (trace) == 0)
    return steps;
  all = hp_rank_get_steps (trace, hp_trace_get_rank (trace, 0));
  for (guint i = 0; i < all->len; i++)
    {
      const HpStep *s = &g_array_index (all, HpStep, i);
      gint64        step[2] = { s->span.start, hp_time_span_duration (s->span) };

      if (s->measured)
        g_array_append_vals (steps, step, 1);
    }
  return steps;
}

/* where step @k of @run starts (its last step when it has fewer, the
 * trace's start when it has none), and how long it is */
static gint64
step_start (HpCompareWindow *self,
            guint            run,
            guint            k,
            gint64          *length)
{
  GArray *steps = self->steps[run];
  gint64 *step;

  if (steps->len == 0)
    {
      *length = 0;
      return 0;
    }
  step = &g_array_index (steps, gint64, 2 * MIN (k, steps->len - 1));
  *length = step[1];
  return step[0];
}

/* every other view shows the same stretch of time relative to its own
 * step start as @moved does */
static void
timeline_range_changed_cb (HpTimelineView  *moved,
                           GParamSpec      *pspec,
                           HpCompareWindow *self)
{
  guint  k = (guint)gtk_spin_button_get_value_as_int (self->step_spin);
  guint  from = 0;
  gint64 start, end, length, offset;

  if (self->aligning)
    return;
  while (from < self->timelines->len && self->timelines->pdata[from] != moved)
    from++;
  if (from == self->timelines->len)
    return;
  hp_timeline_view_get_visible_range (moved, &start, &end);
  offset = start - step_start (self, from, k, &length);
  self->aligning = TRUE;
  for (guint run = 0; run < self->timelines->len; run++)
    if (run != from)
      {
        gint64 s = step_start (self, run, k, &length) + offset;

        hp_timeline_view_set_visible_range (self->timelines->pdata[run], s, s + (end - start));
      }
  self->aligning = FALSE;
}

/* shows step k of every run from the same x, as wide as the longest */
static void
align_step (HpCompareWindow *self)
{
  guint  k = (guint)gtk_spin_button_get_value_as_int (self->step_spin);
  gint64 width = 0, length;

  if (self->timelines == NULL)
    return;
  for (guint run = 0; run < self->timelines->len; run++)
    {
      step_start (self, run, k, &length);
      width = MAX (width, length);
    }
  if (width <= 0)
    return;
  self->aligning = TRUE;
  for (guint run = 0; run < self->timelines->len; run++)
    {
      gint64 start = step_start (self, run, k, &length) - width / 20;

      hp_timeline_view_set_visible_range (self->timelines->pdata[run], start, start + width + width / 10);
    }
  self->aligning = FALSE;
}

/* An area dragged on a run's timeline lists its events by name under the
 * timelines, as on the main window's Timeline tab */

static void
hide_area (HpCompareWindow *self)
{
  g_cancellable_cancel (self->area_cancellable);
  g_clear_object (&self->area_cancellable);
  self->area_run = -1;
  if (self->area_box != NULL)
    gtk_widget_set_visible (self->area_box, FALSE);
}

static void
area_stats_ready_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr (HpCompareWindow) self = user_data;
  g_autoptr (HpTable) table = hp_area_stats_compute_finish (result, NULL);

  /* cancelled: another area, or the window went away */
  if (table == NULL || g_task_get_cancellable (G_TASK (result)) != self->area_cancellable)
    return;
  g_clear_object (&self->area_cancellable);
  hp_table_view_set_table (self->area_view, table);
  if (!gtk_widget_get_visible (self->area_box))
    {
      int height = gtk_widget_get_height (GTK_WIDGET (self->area_paned));

      /* the timelines keep most of the height */
      gtk_widget_set_visible (self->area_box, TRUE);
      if (height > 0)
        gtk_paned_set_position (self->area_paned, MAX (height - AREA_TABLE_HEIGHT, height / 2));
    }
}

static void
timeline_area_changed_cb (HpTimelineView  *view,
                          HpCompareWindow *self)
{
  const HpLaneRef *lanes;
  guint            n_lanes = 0;
  gint64           start, end;
  guint            run = 0;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  g_autofree char *text = NULL;

  while (run < self->timelines->len && self->timelines->pdata[run] != view)
    run++;
  if (run == self->timelines->len)
    return;
  lanes = hp_timeline_view_get_selected_lanes (view, &n_lanes);
  if (lanes == NULL || hp_timeline_view_get_selection (view, NULL, NULL) ||
      !hp_timeline_view_get_selected_range (view, &start, &end))
    {
      if ((int)run == self->area_run)
        hide_area (self);
      return;
    }

  from = hp_timeline_format_time (start);
  to = hp_timeline_format_time (end);
  /* Translators: a run's label, a time range, then how many lanes an area spans */
  text = g_strdup_printf (ngettext ("%s: %s – %s on %u lane", "%s: %s – %s on %u lanes", n_lanes), self->labels[run],
                          from, to, n_lanes);
  gtk_label_set_text (self->area_label, text);
  g_cancellable_cancel (self->area_cancellable);
  g_clear_object (&self->area_cancellable);
  self->area_cancellable = g_cancellable_new ();
  self->area_run = (int)run;
  hp_area_stats_compute_async (run_trace (self, run), hp_time_span_make (start, end), lanes, n_lanes,
                               self->area_cancellable, area_stats_ready_cb, g_object_ref (self));
}

static void
show_timelines (HpCompareWindow *self)
{
  guint most = 0;

  self->timelines = g_ptr_array_new ();
  self->steps = g_new0 (GArray *, self->n_runs);
  for (guint run = 0; run < self->n_runs; run++)
    {
      GtkWidget       *label = gtk_label_new (NULL);
      g_autofree char *markup = g_markup_printf_escaped ("<span foreground=\"%s\">●</span> %s",
                                                         hp_run_get_color (self->runs->pdata[run]),
                                                         self->labels[run]);
      GtkWidget       *view = hp_timeline_view_new ();

      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      gtk_box_append (self->timelines_box, label);
      gtk_widget_set_size_request (view, -1, 260);
      gtk_widget_set_vexpand (view, TRUE);
      hp_timeline_view_set_trace (HP_TIMELINE_VIEW (view), run_trace (self, run));
      gtk_box_append (self->timelines_box, view);
      g_ptr_array_add (self->timelines, view);
      self->steps[run] = step_ranges (run_trace (self, run));
      most = MAX (most, self->steps[run]->len);
      g_signal_connect (view, "notify::start", G_CALLBACK (timeline_range_changed_cb), self);
      g_signal_connect (view, "notify::end", G_CALLBACK (timeline_range_changed_cb), self);
      g_signal_connect (view, "range-changed", G_CALLBACK (timeline_area_changed_cb), self);
      g_signal_connect (view, "selection-changed", G_CALLBACK (timeline_area_changed_cb), self);
    }
  gtk_spin_button_set_range (self->step_spin, 0, MAX (most, 1) - 1);
  align_step (self);
}

/* ---- the comparison, in a thread ---- */

typedef struct
{
  GPtrArray *traces;
  GStrv      labels;
} CompareJob;

static void
compare_job_free (gpointer data)
{
  CompareJob *job = data;

  g_ptr_array_unref (job->traces);
  g_strfreev (job->labels);
  g_free (job);
}

static void
compare_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  CompareJob      *job = task_data;
  HpAnalysisParams params;
  GError          *error = NULL;
  GPtrArray       *tables;

  hp_analysis_params_init (&params);
  tables = hp_compare_runs ((HpTrace *const *)job->traces->pdata, (const char *const *)job->labels, job->traces->len,
                            &params, cancellable, &error);
  hp_analysis_params_clear (&params);
  if (tables == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, tables, (GDestroyNotify)g_ptr_array_unref);
}

static void
show_error (HpCompareWindow *self,
            const char      *message)
{
  g_free (self->error);
  self->error = g_strdup (message);
  gtk_label_set_text (self->error_label, message);
  gtk_stack_set_visible_child_name (self->stack, "error");
  self->busy = FALSE;
}

static void
compare_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  HpCompareWindow *self = HP_COMPARE_WINDOW (source);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) charts = NULL;
  GPtrArray *tables = g_task_propagate_pointer (G_TASK (result), &error);
  HpTable   *memory;

  if (tables == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, error->message);
      return;
    }
  self->tables = tables;
  g_free (self->findings);
  self->findings = make_findings (self);
  gtk_label_set_text (self->findings_label, self->findings);

  charts = hp_compare_charts_new (tables, (const char *const *)self->labels, self->n_runs, TOP_OPS,
                                  GETTEXT_PACKAGE);
  self->n_charts = charts->len;
  for (guint c = 0; c < charts->len; c++)
    hp_chart_grid_append (self->summary_grid, hp_chart_view_new (charts->pdata[c]), FALSE);
  memory = table_named (tables, "compare_memory");
  if (memory != NULL && hp_table_get_n_rows (memory) > 0)
    {
      HpTable *timeline = table_named (tables, "compare_memory_timeline");

      hp_table_view_set_table (self->memory_view, memory);
      if (timeline != NULL)
        hp_table_view_set_table (self->memory_timeline_view, timeline);
      /* a run without memory events is named, not left out silently */
      gtk_label_set_text (self->memory_note, hp_table_get_note (memory) != NULL ? hp_table_get_note (memory) : "");
      gtk_widget_set_visible (GTK_WIDGET (self->memory_note), hp_table_get_note (memory) != NULL);
      gtk_widget_set_visible (self->memory_box, TRUE);
    }
  {
    HpTable *communication = table_named (tables, "compare_communication");
    HpTable *collectives = table_named (tables, "compare_collectives");

    if (communication != NULL && collectives != NULL &&
        hp_compare_sum (communication, NULL, "communication_per_step(us)") > 0)
      {
        hp_table_view_set_table (self->communication_view, communication);
        hp_table_view_set_table (self->collectives_view, collectives);
        gtk_widget_set_visible (self->communication_box, TRUE);
      }
  }
  gtk_stack_set_visible_child_name (self->stack, "content");
  show_timelines (self);
  run_diff (self);
}

static void
all_loaded (HpCompareWindow *self)
{
  g_autoptr (GTask) task = NULL;
  CompareJob *job = g_new0 (CompareJob, 1);

  gtk_label_set_text (self->status_label, _ ("Comparing…"));
  job->traces = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_trace_unref);
  for (guint run = 0; run < self->n_runs; run++)
    g_ptr_array_add (job->traces, hp_trace_ref (run_trace (self, run)));
  job->labels = g_strdupv (self->labels);
  task = g_task_new (self, self->cancellable, compare_done, NULL);
  g_task_set_task_data (task, job, compare_job_free);
  g_task_run_in_thread (task, compare_thread);
}

typedef struct
{
  HpCompareWindow *self;
  guint            run;
} LoadData;

/* a run that is a folder of rank summaries */
static void
load_summaries_thread (GTask        *task,
                       gpointer      source_object,
                       gpointer      task_data,
                       GCancellable *cancellable)
{
  const char   *paths[] = { task_data, NULL };
  HpLoadOptions options = { 0 };
  GError       *error = NULL;
  HpTrace      *trace = hp_summary_load_paths (paths, &options, cancellable, &error);

  if (trace != NULL)
    {
      HpTrace *with_activity = hp_summary_job_with_activity (trace, cancellable, &error);

      hp_trace_unref (trace);
      trace = with_activity;
    }
  if (trace == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, trace, (GDestroyNotify)hp_trace_unref);
}

static void
load_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  LoadData        *data = user_data;
  HpCompareWindow *self = data->self;
  guint            run = data->run;
  g_autoptr (GError) error = NULL;
  HpTrace *trace = G_IS_TASK (result) && g_task_get_source_tag (G_TASK (result)) == load_summaries_thread
                       ? g_task_propagate_pointer (G_TASK (result), &error)
                       : hp_load_paths_finish (result, &error);

  g_free (data);
  if (trace == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* the loader's messages name the file already */
          g_autofree char *message = strstr (error->message, self->paths[run]) != NULL
                                         ? g_strdup (error->message)
                                         : g_strdup_printf ("%s: %s", self->paths[run], error->message);

          show_error (self, message);
        }
      g_object_unref (self);
      return;
    }
  add_run (self, run, trace);
  hp_trace_unref (trace);
  if (--self->n_pending == 0 && self->error == NULL)
    all_loaded (self);
  g_object_unref (self);
}

/* the trace of a window that already shows @path in the default mode */
static HpTrace *
open_trace (HpCompareWindow *self,
            const char      *path)
{
  GtkApplication   *app = gtk_window_get_application (GTK_WINDOW (self));
  const char *const paths[] = { path, NULL };

  for (GList *l = app != NULL ? gtk_application_get_windows (app) : NULL; l != NULL; l = l->next)
    {
      HpSession *session = HP_IS_WINDOW (l->data) ? hp_window_get_session (l->data) : NULL;
      HpRun     *run = session != NULL ? hp_session_get_run (session) : NULL;

      if (run != NULL && hp_run_has_paths (run, paths) && hp_run_get_mode (run) == HP_MODE_DEFAULT &&
          !hp_run_get_include_last_step (run))
        return hp_trace_ref (hp_run_get_trace (run));
    }
  return NULL;
}

static void
start_loading (HpCompareWindow *self)
{
  self->runs = g_ptr_array_new_full (self->n_runs, run_unref0);
  g_ptr_array_set_size (self->runs, self->n_runs);
  self->n_pending = self->n_runs;
  self->busy = TRUE;
  for (guint run = 0; run < self->n_runs; run++)
    {
      g_autoptr (HpTrace) open = open_trace (self, self->paths[run]);

      if (open != NULL)
        {
          add_run (self, run, open);
          self->n_pending--;
        }
      else
        {
          const char   *paths[] = { self->paths[run], NULL };
          HpLoadOptions options = { 0 };
          LoadData     *data = g_new0 (LoadData, 1);

          data->self = g_object_ref (self);
          data->run = run;
          if (hp_paths_have_summaries (paths))
            {
              GTask *task = g_task_new (NULL, self->cancellable, load_done, data);

              g_task_set_source_tag (task, load_summaries_thread);
              g_task_set_task_data (task, g_strdup (paths[0]), g_free);
              g_task_run_in_thread (task, load_summaries_thread);
              g_object_unref (task);
            }
          else
            hp_load_paths_async (paths, &options, self->cancellable, load_done, data);
        }
    }
  if (self->n_pending == 0)
    all_loaded (self);
}

/* ---- building ---- */

static GtkWidget *
scrolled (GtkWidget *child)
{
  GtkWidget *sw = gtk_scrolled_window_new ();

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (sw), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (sw), child);
  gtk_widget_set_vexpand (sw, TRUE);
  return sw;
}

static GtkWidget *
summary_page (HpCompareWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 12);
  self->findings_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->findings_label, TRUE);
  /* a kernel name is one long word: break it anywhere rather than widen the window */
  gtk_label_set_wrap_mode (self->findings_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (self->findings_label, 0);
  gtk_label_set_selectable (self->findings_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->findings_label), "compare-findings");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->findings_label));
  self->summary_grid = HP_CHART_GRID (hp_chart_grid_new ());
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->summary_grid));

  /* memory peaks side by side, when the runs recorded memory events */
  self->memory_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->memory_view = HP_TABLE_VIEW (hp_table_view_new ());
  gtk_box_append (GTK_BOX (self->memory_box), GTK_WIDGET (self->memory_view));
  self->memory_note = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->memory_note, TRUE);
  /* a kernel name is one long word: break it anywhere rather than widen the window */
  gtk_label_set_wrap_mode (self->memory_note, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (self->memory_note, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->memory_note), "dim-label");
  gtk_box_append (GTK_BOX (self->memory_box), GTK_WIDGET (self->memory_note));
  /* allocated and reserved memory over time, from each rank's first step */
  self->memory_timeline_view = HP_TABLE_VIEW (hp_table_view_new ());
  gtk_box_append (GTK_BOX (self->memory_box), GTK_WIDGET (self->memory_timeline_view));
  gtk_widget_set_visible (self->memory_box, FALSE);
  gtk_box_append (GTK_BOX (box), self->memory_box);

  /* communication per rank and step, and the costliest communication
   * kernels, when a run communicates */
  self->communication_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->communication_view = HP_TABLE_VIEW (hp_table_view_new ());
  self->collectives_view = HP_TABLE_VIEW (hp_table_view_new ());
  gtk_box_append (GTK_BOX (self->communication_box), GTK_WIDGET (self->communication_view));
  gtk_box_append (GTK_BOX (self->communication_box), GTK_WIDGET (self->collectives_view));
  gtk_widget_set_visible (self->communication_box, FALSE);
  gtk_box_append (GTK_BOX (box), self->communication_box);
  return scrolled (box);
}

static GtkWidget *
ops_page (HpCompareWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  g_autoptr (GtkStringList) names = gtk_string_list_new ((const char *const *)self->labels);

  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  gtk_box_append (GTK_BOX (bar), gtk_label_new (_ ("Control")));
  self->control_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->control_dropdown));
  gtk_box_append (GTK_BOX (bar), gtk_label_new (_ ("Test")));
  self->test_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (names)), NULL));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->test_dropdown));
  self->comm_check = GTK_CHECK_BUTTON (gtk_check_button_new_with_mnemonic (_ ("_Communication only")));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->comm_check));
  self->diff_error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->diff_error_label, TRUE);
  /* a kernel name is one long word: break it anywhere rather than widen the window */
  gtk_label_set_wrap_mode (self->diff_error_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (self->diff_error_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->diff_error_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->diff_error_label), FALSE);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->diff_error_label));
  gtk_box_append (GTK_BOX (box), bar);

  /* which rank and step of each run the Ops Diff and Tree Diff compare */
  bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_box_append (GTK_BOX (bar), gtk_label_new (_ ("Control scope")));
  self->control_rank_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  self->control_step_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->control_rank_dropdown));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->control_step_dropdown));
  gtk_box_append (GTK_BOX (bar), gtk_label_new (_ ("Test scope")));
  self->test_rank_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  self->test_step_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->test_rank_dropdown));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->test_step_dropdown));
  self->scope_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_ellipsize (self->scope_label, PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (self->scope_label, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->scope_label), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->scope_label), "dim-label");
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->scope_label));
  gtk_box_append (GTK_BOX (box), bar);
  self->scope_runs[0] = self->scope_runs[1] = G_MAXUINT;
  g_signal_connect_swapped (self->control_rank_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);
  g_signal_connect_swapped (self->control_step_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);
  g_signal_connect_swapped (self->test_rank_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);
  g_signal_connect_swapped (self->test_step_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);

  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->test_dropdown, 1);
  self->syncing = FALSE;
  g_signal_connect_swapped (self->control_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);
  g_signal_connect_swapped (self->test_dropdown, "notify::selected", G_CALLBACK (pair_changed_cb), self);
  g_signal_connect_swapped (self->comm_check, "toggled", G_CALLBACK (show_diff), self);

  self->ops_view = HP_TABLE_VIEW (hp_table_view_new ());
  gtk_widget_set_size_request (GTK_WIDGET (self->ops_view), -1, 200);
  self->ops_grid = HP_CHART_GRID (hp_chart_grid_new ());
  gtk_paned_set_start_child (GTK_PANED (paned), GTK_WIDGET (self->ops_view));
  gtk_paned_set_end_child (GTK_PANED (paned), scrolled (GTK_WIDGET (self->ops_grid)));
  gtk_paned_set_position (GTK_PANED (paned), 300);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (box), paned);
  return box;
}

static GtkWidget *
timelines_page (HpCompareWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *paned;

  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  /* Translators: the step (0 = the first) whose start lines up in every run */
  gtk_box_append (GTK_BOX (bar), gtk_label_new (_ ("Align step")));
  self->step_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 0, 1));
  g_signal_connect_swapped (self->step_spin, "value-changed", G_CALLBACK (align_step), self);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->step_spin));
  gtk_box_append (GTK_BOX (box), bar);
  self->timelines_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4));
  gtk_widget_set_margin_start (GTK_WIDGET (self->timelines_box), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->timelines_box), 6);
  paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  self->area_paned = GTK_PANED (paned);
  gtk_paned_set_start_child (GTK_PANED (paned), scrolled (GTK_WIDGET (self->timelines_box)));
  gtk_paned_set_resize_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_vexpand (paned, TRUE);

  /* the area's table, hidden until an area is dragged */
  self->area_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_size_request (self->area_box, -1, 220);
  gtk_widget_set_margin_start (self->area_box, 12);
  gtk_widget_set_margin_end (self->area_box, 12);
  gtk_widget_set_margin_top (self->area_box, 6);
  self->area_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->area_label, 0);
  gtk_label_set_ellipsize (self->area_label, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->area_label), "heading");
  gtk_box_append (GTK_BOX (self->area_box), GTK_WIDGET (self->area_label));
  self->area_view = HP_TABLE_VIEW (hp_table_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->area_view), TRUE);
  gtk_box_append (GTK_BOX (self->area_box), GTK_WIDGET (self->area_view));
  gtk_widget_set_visible (self->area_box, FALSE);
  gtk_paned_set_end_child (GTK_PANED (paned), self->area_box);
  gtk_box_append (GTK_BOX (box), paned);
  return box;
}

static GtkWidget *
status_page (HpCompareWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *spinner = gtk_spinner_new ();

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_spinner_start (GTK_SPINNER (spinner));
  gtk_widget_set_size_request (spinner, 32, 32);
  gtk_box_append (GTK_BOX (box), spinner);
  self->status_label = GTK_LABEL (gtk_label_new (_ ("Loading the runs…")));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->status_label));
  return box;
}

static void
build (HpCompareWindow *self)
{
  GtkWidget       *header = gtk_header_bar_new ();
  g_autofree char *joined = g_strjoinv (", ", self->labels);
  g_autofree char *title = g_strdup_printf (_ ("Compare %s"), joined);

  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);

  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_add_named (self->stack, status_page (self), "loading");
  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  /* a kernel name is one long word: break it anywhere rather than widen the window */
  gtk_label_set_wrap_mode (self->error_label, PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  {
    /* the error, and a way out of it */
    GtkWidget *page = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
    GtkWidget *close = gtk_button_new_with_mnemonic (_ ("_Close"));

    gtk_widget_set_valign (page, GTK_ALIGN_CENTER);
    gtk_widget_set_halign (page, GTK_ALIGN_CENTER);
    gtk_widget_set_margin_start (page, 24);
    gtk_widget_set_margin_end (page, 24);
    gtk_widget_set_halign (close, GTK_ALIGN_CENTER);
    gtk_widget_add_css_class (close, "pill");
    g_signal_connect_swapped (close, "clicked", G_CALLBACK (gtk_window_close), self);
    gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->error_label));
    gtk_box_append (GTK_BOX (page), close);
    self->error_button = close;
    gtk_stack_add_named (self->stack, page, "error");
  }

  self->notebook = GTK_NOTEBOOK (gtk_notebook_new ());
  gtk_notebook_append_page (self->notebook, summary_page (self), gtk_label_new (_ ("Summary")));
  gtk_notebook_append_page (self->notebook, ops_page (self), gtk_label_new (_ ("Ops Diff")));
  self->tree_view = HP_TREE_DIFF_VIEW (hp_tree_diff_view_new ());
  gtk_notebook_append_page (self->notebook, GTK_WIDGET (self->tree_view), gtk_label_new (_ ("Tree Diff")));
  gtk_notebook_append_page (self->notebook, timelines_page (self), gtk_label_new (_ ("Timelines")));
  gtk_stack_add_named (self->stack, GTK_WIDGET (self->notebook), "content");
  gtk_stack_set_visible_child_name (self->stack, "loading");
  gtk_window_set_child (GTK_WINDOW (self), GTK_WIDGET (self->stack));
}

static void
hp_compare_window_dispose (GObject *object)
{
  HpCompareWindow *self = HP_COMPARE_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_cancellable_cancel (self->area_cancellable);
  G_OBJECT_CLASS (hp_compare_window_parent_class)->dispose (object);
}

static void
hp_compare_window_finalize (GObject *object)
{
  HpCompareWindow *self = HP_COMPARE_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->area_cancellable);
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_clear_pointer (&self->tables, g_ptr_array_unref);
  g_clear_pointer (&self->diff, hp_table_unref);
  g_clear_pointer (&self->timelines, g_ptr_array_unref);
  for (guint run = 0; self->steps != NULL && run < self->n_runs; run++)
    g_clear_pointer (&self->steps[run], g_array_unref);
  g_free (self->steps);
  g_strfreev (self->paths);
  g_strfreev (self->labels);
  g_free (self->error);
  g_free (self->findings);
  G_OBJECT_CLASS (hp_compare_window_parent_class)->finalize (object);
}

static void
hp_compare_window_class_init (HpCompareWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hp_compare_window_dispose;
  object_class->finalize = hp_compare_window_finalize;
}

static void
hp_compare_window_init (HpCompareWindow *self)
{
  self->cancellable = g_cancellable_new ();
  self->area_run = -1;
  gtk_window_set_default_size (GTK_WINDOW (self), 1280, 800);
}

/* whether @label is @base made distinct: "@base (N)" */
static gboolean
hp_compare_window_label_is_copy (const char *label,
                                 const char *base)
{
  gsize n = strlen (base);
  guint number;
  char  end;

  return strncmp (label, base, n) == 0 && sscanf (label + n, " (%u)%c", &number, &end) == 1;
}

/**
 * hp_compare_window_new:
 * @paths: (array zero-terminated=1): 2 to 8 runs, each a folder or a file
 * @labels: (array zero-terminated=1) (nullable): their labels; NULL for the
 *   folder names; labels that repeat are made distinct ("ddp", "ddp (2)")
 *
 * Returns: (transfer none): a window that loads and compares the runs
 */
HpCompareWindow *
hp_compare_window_new (GtkApplication    *application,
                       const char *const *paths,
                       const char *const *labels)
{
  HpCompareWindow *self = g_object_new (HP_TYPE_COMPARE_WINDOW, "application", application, NULL);

  self->paths = g_strdupv ((char **)paths);
  self->n_runs = g_strv_length (self->paths);
  self->labels = g_new0 (char *, self->n_runs + 1);
  for (guint i = 0; i < self->n_runs; i++)
    {
      const char *const run[] = { paths[i], NULL };
      g_autofree char  *base = labels != NULL && labels[i] != NULL ? g_strdup (labels[i]) : hp_run_default_label (run);
      guint             same = 0;

      /* two folders of the same name: "ddp", "ddp (2)" */
      for (guint j = 0; j < i; j++)
        if (strcmp (self->labels[j], base) == 0 || hp_compare_window_label_is_copy (self->labels[j], base))
          same++;
      self->labels[i] = same > 0 ? g_strdup_printf ("%s (%u)", base, same + 1) : g_steal_pointer (&base);
    }
  build (self);

  if (self->n_runs < 2 || self->n_runs > HP_COMPARE_MAX_RUNS)
    {
      g_autofree char *message =
          g_strdup_printf (_ ("A comparison takes 2 to %d runs, not %u."), HP_COMPARE_MAX_RUNS, self->n_runs);

      show_error (self, message);
    }
  else
    start_loading (self);
  return self;
}

gboolean
hp_compare_window_is_loading (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), FALSE);
  return self->busy;
}

const char *
hp_compare_window_get_error (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return self->error;
}

GtkNotebook *
hp_compare_window_get_notebook (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return self->notebook;
}

/**
 * hp_compare_window_set_pair:
 *
 * Chooses the control and test runs of the Ops Diff and Tree Diff tabs.
 */
void
hp_compare_window_set_pair (HpCompareWindow *self,
                            guint            control,
                            guint            test)
{
  g_return_if_fail (HP_IS_COMPARE_WINDOW (self));
  g_return_if_fail (control < self->n_runs && test < self->n_runs);
  self->syncing = TRUE;
  gtk_drop_down_set_selected (self->control_dropdown, control);
  gtk_drop_down_set_selected (self->test_dropdown, test);
  self->syncing = FALSE;
  run_diff (self);
}

void
hp_compare_window_set_comm_only (HpCompareWindow *self,
                                 gboolean         comm_only)
{
  g_return_if_fail (HP_IS_COMPARE_WINDOW (self));
  gtk_check_button_set_active (self->comm_check, comm_only);
}

GtkWidget *
hp_compare_window_get_ops_view (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return GTK_WIDGET (self->ops_view);
}

GtkWidget *
hp_compare_window_get_tree_view (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return GTK_WIDGET (self->tree_view);
}

const char *
hp_compare_window_get_findings (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return self->findings;
}

guint
hp_compare_window_get_n_charts (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), 0);
  return self->n_charts;
}

/**
 * hp_compare_window_open_folders:
 * @parent: the window the folders were dropped on
 * @files: (array length=n_files): what was dropped
 *
 * Several folders dropped at once are runs to compare (a job's rank
 * files are dropped as files): opens a comparison of them when @files are
 * 2 to 8 folders.
 *
 * Returns: (transfer none) (nullable): the comparison, or %NULL when
 *   @files are not runs to compare
 */
HpCompareWindow *
hp_compare_window_open_folders (GtkWindow *parent,
                                GFile    **files,
                                guint      n_files)
{
  g_autoptr (GPtrArray) paths = NULL;
  HpCompareWindow *self;

  if (!hp_compare_files_are_runs (files, n_files))
    return NULL;
  paths = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (paths, g_file_get_path (files[i]));
  g_ptr_array_add (paths, NULL);
  self = hp_compare_window_new (gtk_window_get_application (parent), (const char *const *)paths->pdata, NULL);
  gtk_window_present (GTK_WINDOW (self));
  return self;
}

/**
 * hp_compare_window_get_timeline:
 *
 * Returns: (transfer none) (nullable): the timeline of @run on the
 *   Timelines tab, once the runs are loaded
 */
GtkWidget *
hp_compare_window_get_timeline (HpCompareWindow *self,
                                guint            run)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  if (self->timelines == NULL || run >= self->timelines->len)
    return NULL;
  return self->timelines->pdata[run];
}

/**
 * hp_compare_window_get_area_table:
 *
 * Returns: (transfer none) (nullable): the table of the area dragged on a
 *   run's timeline, or %NULL while none is shown
 */
HpTableView *
hp_compare_window_get_area_table (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  if (self->area_box == NULL || !gtk_widget_get_visible (self->area_box))
    return NULL;
  return self->area_view;
}

/**
 * hp_compare_window_align_step:
 * @step: 0 for the first step
 *
 * Lines up the start of step @step of every run on the Timelines tab.
 */
void
hp_compare_window_align_step (HpCompareWindow *self,
                              guint            step)
{
  g_return_if_fail (HP_IS_COMPARE_WINDOW (self));
  gtk_spin_button_set_value (self->step_spin, step);
  align_step (self);
}

/**
 * hp_compare_window_get_run:
 * @run: from 0, in the order the runs were given
 *
 * Returns: (transfer none) (nullable): the run, once loaded
 */
HpRun *
hp_compare_window_get_run (HpCompareWindow *self,
                           guint            run)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  if (self->runs == NULL || run >= self->runs->len)
    return NULL;
  return self->runs->pdata[run];
}

/**
 * hp_compare_window_get_error_button:
 *
 * Returns: (transfer none): the error page's Close button
 */
GtkWidget *
hp_compare_window_get_error_button (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return self->error_button;
}

/**
 * hp_compare_window_get_scope_caption:
 *
 * Returns: what the Ops Diff and Tree Diff compare, in words ("Base rank
 *   0, step 3 against New rank 0, step 3")
 */
const char *
hp_compare_window_get_scope_caption (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return gtk_label_get_text (self->scope_label);
}

/**
 * hp_compare_window_get_scope_chooser:
 * @test_side: the test run's choosers rather than the control's
 * @step: the step chooser rather than the rank chooser
 *
 * Returns: (transfer none): a #GtkDropDown of the Ops Diff's scope
 */
GtkWidget *
hp_compare_window_get_scope_chooser (HpCompareWindow *self,
                                     gboolean         test_side,
                                     gboolean         step)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  if (test_side)
    return GTK_WIDGET (step ? self->test_step_dropdown : self->test_rank_dropdown);
  return GTK_WIDGET (step ? self->control_step_dropdown : self->control_rank_dropdown);
}

/**
 * hp_compare_window_get_communication_view:
 *
 * Returns: (transfer none): the Summary's table of communication per run,
 *   rank and step (hidden when no run communicates)
 */
GtkWidget *
hp_compare_window_get_communication_view (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return GTK_WIDGET (self->communication_view);
}

/**
 * hp_compare_window_get_memory_view:
 *
 * Returns: (transfer none): the Summary's table of memory peaks (no table
 *   until the runs are compared, hidden when they have no memory events)
 */
GtkWidget *
hp_compare_window_get_memory_view (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return GTK_WIDGET (self->memory_view);
}
