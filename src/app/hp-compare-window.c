/* hp-compare-window.c — a comparison of 2 to 8 runs: summary charts, ops diff and tree diff.
 *
 * The window holds its runs (HpRun: the trace, its paths, label and
 * colour) and loads them with progress (HpTraceLoader), reusing the run
 * the application already holds for the same folder in the default mode;
 * then its HpCompareSession has the runner compute hp_compare_runs() with
 * the user's parameters (the settings) and the diff of one control/test
 * pair, and it shows:
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
#include "hp-compare-session.h"
#include "hp-compare-timelines.h"
#include "hp-compare-window.h"
#include "hp-session.h"
#include "hp-settings.h"
#include "hp-table-view.h"
#include "hp-timeline-view.h"
#include "hp-trace-loader.h"
#include "hp-trace-page.h"
#include "hp-tree-diff-view.h"
#include "hp-view-jobs.h"
#include "hp-window.h"

#define TOP_OPS 10

struct _HpCompareWindow
{
  GtkApplicationWindow parent_instance;

  GtkStack           *stack;
  GtkLabel           *status_label;
  GtkProgressBar     *progress_bar;
  GtkLabel           *error_label;
  GtkWidget          *error_button;
  GtkNotebook        *notebook;
  GtkLabel           *findings_label;
  HpChartGrid        *summary_grid;
  GtkWidget          *memory_box;
  HpTableView        *memory_view;
  GtkLabel           *memory_note;
  HpTableView        *memory_timeline_view;
  GtkWidget          *communication_box;
  HpTableView        *communication_view;
  HpTableView        *collectives_view;
  GtkDropDown        *control_dropdown;
  GtkDropDown        *test_dropdown;
  GtkCheckButton     *comm_check;
  GtkLabel           *diff_error_label;
  GtkDropDown        *control_rank_dropdown;
  GtkDropDown        *control_step_dropdown;
  GtkDropDown        *test_rank_dropdown;
  GtkDropDown        *test_step_dropdown;
  GtkLabel           *scope_label;
  guint               scope_runs[2]; /* the runs the choosers were filled for, or G_MAXUINT */
  HpTableView        *ops_view;
  HpChartGrid        *ops_grid;
  HpTreeDiffView     *tree_view;
  HpCompareTimelines *timelines;

  GStrv             paths;
  GStrv             labels;
  guint             n_runs;
  GPtrArray        *runs;    /* HpRun, NULL until loaded: the comparison's label and colour */
  GPtrArray        *shared;  /* HpRun, the application's run of the same trace, or NULL */
  GPtrArray        *loaders; /* HpTraceLoader, while a run loads, or NULL */
  HpCompareSession *session; /* once every run is in */
  guint             n_pending;
  GPtrArray        *tables; /* of hp_compare_runs() */
  HpTable          *diff;   /* compare_traces of the pair */
  GCancellable     *cancellable;
  char             *error;
  char             *findings;
  guint             n_charts;
  gboolean          busy;
  gboolean          syncing;
};

G_DEFINE_FINAL_TYPE (HpCompareWindow, hp_compare_window, GTK_TYPE_APPLICATION_WINDOW)

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

/* the run whose results the cache keeps: the application's when a window
 * holds the same trace, else the comparison's own */
static HpRun *
key_run (HpCompareWindow *self,
         guint            run)
{
  HpRun *shared = self->shared != NULL ? self->shared->pdata[run] : NULL;

  return shared != NULL ? shared : self->runs->pdata[run];
}

/* "DDP spends 31% of its GPU time in exposed communication" */
static char *
make_findings (HpCompareWindow *self)
{
  HpTable *temporal = table_named (self->tables, "compare_temporal_breakdown");
  HpTable *overlap = table_named (self->tables, "compare_comm_comp_overlap");
  HpTable *steps = table_named (self->tables, "compare_step_time");
  GString *s = g_string_new (NULL);
  double   fastest = INFINITY;
  guint    fastest_run = 0;

  for (guint run = 0; run < self->n_runs; run++)
    {
      const char *label = self->labels[run];
      double      span = hp_compare_sum (temporal, label, "kernel_time(us)");
      double      idle = hp_compare_sum (temporal, label, "idle_time(us)");
      double      exposed = hp_compare_sum (overlap, label, "communication_time(us)") -
                       hp_compare_sum (overlap, label, "overlap_time(us)");
      double step_sum = hp_compare_sum (steps, label, "mean");
      double n_ranks = 0;

      for (guint row = 0; steps != NULL && row < hp_table_get_n_rows (steps); row++)
        if (g_strcmp0 (hp_table_get_string (steps, row, 0), label) == 0 &&
            !isnan (hp_table_get_double (steps, row, (guint)hp_table_find_column (steps, "mean"))))
          n_ranks++;

      g_autoptr (HpJobInfo) info = hp_job_info_new (run_trace (self, run));

      g_string_append_printf (s, "%s%s", s->len > 0 ? "\n" : "", label);
      /* a job of several ranks says how many, and which it lacks */
      if (info->n_ranks > 1 || info->missing->len > 0)
        {
          g_autofree char *ranks = hp_job_info_describe_ranks (info);

          g_string_append_printf (s, ", %s", ranks);
        }
      g_string_append (s, ": ");
      if (n_ranks > 0)
        {
          double step = step_sum / n_ranks;

          /* Translators: the mean step time in milliseconds */
          g_string_append_printf (s, _ ("steps take %.1f ms on average; "), step / 1000.0);
          if (step < fastest)
            {
              fastest = step;
              fastest_run = run;
            }
        }
      if (span > 0 && info->n_ranks > 1)
        {
          /* the sentence weighs ranks by their time; the chart's bars are
           * the mean over ranks: say which this is */
          g_string_append_printf (s, _ ("the GPUs are idle %.0f%% of their time, all ranks together"),
                                  100.0 * idle / span);
          if (!isnan (exposed) && exposed > 0)
            g_string_append_printf (s, _ (", and spend %.0f%% of it in exposed communication"),
                                    100.0 * exposed / span);
          g_string_append (s, ".");
        }
      else if (span > 0)
        {
          g_string_append_printf (s, _ ("the GPU is idle %.0f%% of its time"), 100.0 * idle / span);
          if (!isnan (exposed) && exposed > 0)
            g_string_append_printf (s, _ (" and spends %.0f%% of its time in exposed communication"),
                                    100.0 * exposed / span);
          g_string_append (s, ".");
        }
      else
        g_string_append (s, _ ("no GPU activity."));
    }
  if (isfinite (fastest))
    g_string_append_printf (s, _ ("\nFastest steps: %s."), self->labels[fastest_run]);
  return g_string_free (s, FALSE);
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

/* ---- the diff of a pair, by the runner ---- */

static void
diff_done (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr (HpCompareWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTable) compare = NULL;
  g_autoptr (HpTable) tree = NULL;

  if (!hp_compare_session_diff_finish (self->session, result, &compare, &tree, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          self->busy = FALSE;
          /* the pair cannot be diffed: say why, in place of its tables */
          gtk_label_set_text (self->diff_error_label, error->message);
          gtk_widget_set_visible (GTK_WIDGET (self->diff_error_label), TRUE);
          hp_table_view_set_table (self->ops_view, NULL);
          hp_tree_diff_view_set_table (self->tree_view, NULL);
        }
      return;
    }
  self->busy = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->diff_error_label), FALSE);
  g_clear_pointer (&self->diff, hp_table_unref);
  self->diff = g_steal_pointer (&compare);
  show_diff (self);
  hp_tree_diff_view_set_table (self->tree_view, tree);
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
  guint             control = gtk_drop_down_get_selected (self->control_dropdown);
  guint             test = gtk_drop_down_get_selected (self->test_dropdown);
  g_autofree char  *control_scope = NULL;
  g_autofree char  *test_scope = NULL;
  g_autofree char  *caption = NULL;
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
                                &params.control_rank, &params.control_iterations);
  test_scope = chosen_scope (self, self->test_rank_dropdown, self->test_step_dropdown, test, &params.test_rank,
                             &params.test_iterations);
  /* Translators: what the Ops Diff and Tree Diff compare: "Base rank 0,
   * step 3 against New rank 0, step 3" */
  caption = g_strdup_printf (_ ("%s against %s"), control_scope, test_scope);
  gtk_label_set_text (self->scope_label, caption);
  self->busy = TRUE;
  hp_compare_session_diff_async (self->session, control, test, &params, self->cancellable, diff_done,
                                 g_object_ref (self));
  hp_trace_diff_params_clear (&params);
}

static void
pair_changed_cb (HpCompareWindow *self)
{
  if (!self->syncing)
    run_diff (self);
}

/* ---- the comparison, by the runner ---- */

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
  g_autoptr (HpCompareWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) charts = NULL;
  GPtrArray *tables = hp_compare_session_compare_finish (self->session, result, &error);
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
  {
    g_autofree HpRun **keys = g_new0 (HpRun *, self->n_runs);

    for (guint run = 0; run < self->n_runs; run++)
      keys[run] = key_run (self, run);
    hp_compare_timelines_set_runs (self->timelines, (HpRun *const *)self->runs->pdata, keys, self->n_runs);
  }
  run_diff (self);
}

/* every run is in: compare them with the user's parameters */
static void
all_loaded (HpCompareWindow *self)
{
  g_autoptr (GSettings) settings = hp_settings_new ();
  HpAnalysisParams params;

  gtk_label_set_text (self->status_label, _ ("Comparing…"));
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), FALSE);
  hp_analysis_params_init (&params);
  hp_settings_load_params (settings, &params);
  self->session = hp_compare_session_new (self->n_runs, &params, NULL);
  hp_analysis_params_clear (&params);
  for (guint run = 0; run < self->n_runs; run++)
    hp_compare_session_set_run (self->session, run, key_run (self, run), self->runs->pdata[run]);
  hp_compare_session_compare_async (self->session, self->cancellable, compare_done, g_object_ref (self));
}

typedef struct
{
  HpCompareWindow *self;
  guint            run;
} LoadData;

/* the mean of the runs' loading progress, those already in counting as done */
static void
loader_progress_cb (HpCompareWindow *self)
{
  double done = 0;

  for (guint run = 0; run < self->n_runs; run++)
    {
      HpTraceLoader *loader = self->loaders->pdata[run];

      done += loader != NULL ? hp_trace_loader_get_fraction (loader) : (self->runs->pdata[run] != NULL ? 1.0 : 0.0);
    }
  gtk_progress_bar_set_fraction (self->progress_bar, self->n_runs > 0 ? done / self->n_runs : 0);
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
  HpTrace *trace = hp_trace_loader_load_finish (HP_TRACE_LOADER (source), result, &error);

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
  if (self->loaders != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->loaders->pdata[run], self);
      g_clear_object (&self->loaders->pdata[run]);
      loader_progress_cb (self);
    }
  if (--self->n_pending == 0 && self->error == NULL)
    all_loaded (self);
  g_object_unref (self);
}

static void
loader_unref0 (gpointer loader)
{
  if (loader != NULL)
    g_object_unref (loader);
}

static void
start_loading (HpCompareWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  self->runs = g_ptr_array_new_full (self->n_runs, run_unref0);
  g_ptr_array_set_size (self->runs, self->n_runs);
  self->shared = g_ptr_array_new_full (self->n_runs, run_unref0);
  g_ptr_array_set_size (self->shared, self->n_runs);
  self->loaders = g_ptr_array_new_full (self->n_runs, loader_unref0);
  g_ptr_array_set_size (self->loaders, self->n_runs);
  self->n_pending = self->n_runs;
  self->busy = TRUE;
  for (guint run = 0; run < self->n_runs; run++)
    {
      const char *paths[] = { self->paths[run], NULL };
      /* a run a window holds already, loaded in the default mode */
      HpRun *open = HP_IS_APPLICATION (app) ? hp_application_find_run (HP_APPLICATION (app), paths, HP_MODE_DEFAULT,
                                                                       FALSE)
                                            : NULL;

      if (open != NULL)
        {
          g_ptr_array_index (self->shared, run) = g_object_ref (open);
          add_run (self, run, hp_run_get_trace (open));
          self->n_pending--;
        }
      else
        {
          HpTraceLoader *loader = hp_trace_loader_new (paths, HP_MODE_DEFAULT, FALSE);
          LoadData      *data = g_new0 (LoadData, 1);

          g_ptr_array_index (self->loaders, run) = loader;
          g_signal_connect_swapped (loader, "notify::fraction", G_CALLBACK (loader_progress_cb), self);
          data->self = g_object_ref (self);
          data->run = run;
          hp_trace_loader_load_async (loader, self->cancellable, load_done, data);
        }
    }
  loader_progress_cb (self);
  if (self->n_pending == 0)
    all_loaded (self);
}

/* ---- building ---- */

/* what the template cannot say: the title and the runs' names */
static void
build (HpCompareWindow *self)
{
  g_autofree char *joined = g_strjoinv (", ", self->labels);
  g_autofree char *title = g_strdup_printf (_ ("Compare %s"), joined);
  g_autoptr (GtkStringList) names = gtk_string_list_new ((const char *const *)self->labels);

  gtk_window_set_title (GTK_WINDOW (self), title);
  gtk_drop_down_set_model (self->control_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_model (self->test_dropdown, G_LIST_MODEL (names));
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
  gtk_stack_set_visible_child_name (self->stack, "loading");
}

static void
hp_compare_window_dispose (GObject *object)
{
  HpCompareWindow *self = HP_COMPARE_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  /* the stack is the window's child: let GtkWindow forget it first, or its
   * own dispose unparents it a second time */
  if (self->stack != NULL)
    {
      gtk_window_set_child (GTK_WINDOW (self), NULL);
      gtk_widget_dispose_template (GTK_WIDGET (self), HP_TYPE_COMPARE_WINDOW);
    }
  G_OBJECT_CLASS (hp_compare_window_parent_class)->dispose (object);
}

static void
hp_compare_window_finalize (GObject *object)
{
  HpCompareWindow *self = HP_COMPARE_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_clear_pointer (&self->shared, g_ptr_array_unref);
  g_clear_pointer (&self->loaders, g_ptr_array_unref);
  g_clear_object (&self->session);
  g_clear_pointer (&self->tables, g_ptr_array_unref);
  g_clear_pointer (&self->diff, hp_table_unref);
  g_strfreev (self->paths);
  g_strfreev (self->labels);
  g_free (self->error);
  g_free (self->findings);
  G_OBJECT_CLASS (hp_compare_window_parent_class)->finalize (object);
}

static void
hp_compare_window_class_init (HpCompareWindowClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_compare_window_dispose;
  object_class->finalize = hp_compare_window_finalize;

  g_type_ensure (HP_TYPE_CHART_GRID);
  g_type_ensure (HP_TYPE_COMPARE_TIMELINES);
  g_type_ensure (HP_TYPE_TABLE_VIEW);
  g_type_ensure (HP_TYPE_TREE_DIFF_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-compare-window.ui");
  gtk_widget_class_bind_template_callback_full (widget_class, "gtk_window_close", G_CALLBACK (gtk_window_close));
#define BIND(field) gtk_widget_class_bind_template_child (widget_class, HpCompareWindow, field)
  BIND (stack);
  BIND (status_label);
  BIND (progress_bar);
  BIND (error_label);
  BIND (error_button);
  BIND (notebook);
  BIND (findings_label);
  BIND (summary_grid);
  BIND (memory_box);
  BIND (memory_view);
  BIND (memory_note);
  BIND (memory_timeline_view);
  BIND (communication_box);
  BIND (communication_view);
  BIND (collectives_view);
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
  BIND (tree_view);
  BIND (timelines);
#undef BIND
}

static void
hp_compare_window_init (HpCompareWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
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
  return hp_compare_timelines_get_timeline (self->timelines, run);
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
  return hp_compare_timelines_get_area_table (self->timelines);
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
  hp_compare_timelines_align_step (self->timelines, step);
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

/**
 * hp_compare_window_get_session:
 *
 * Returns: (transfer none) (nullable): the comparison, once every run is
 *   loaded
 */
HpCompareSession *
hp_compare_window_get_session (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return self->session;
}

/**
 * hp_compare_window_get_progress_bar:
 *
 * Returns: (transfer none): the bar of the runs' loading
 */
GtkWidget *
hp_compare_window_get_progress_bar (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return GTK_WIDGET (self->progress_bar);
}
