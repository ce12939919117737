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
 * Loading the runs lives in hp-compare-window-load.c.
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

#include "hp-loaded-runs.h"
#include "hp-chart-grid.h"
#include "hp-chart-view.h"
#include "hp-core.h"
#include "hp-dialogs.h"
#include "hp-compare-ops-diff.h"
#include "hp-compare-session.h"
#include "hp-compare-timelines.h"
#include "hp-compare-window-private.h"
#include "hp-session.h"
#include "hp-settings.h"
#include "hp-table-view.h"
#include "hp-timeline-view.h"
#include "hp-trace-loader.h"
#include "hp-trace-page.h"
#include "hp-tree-diff-view.h"
#include "hp-view-jobs.h"
#include "hp-window.h"

#define TOP_OPS 10 /* the ops the Summary charts */

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

/* the run whose results the cache keeps: the application's when a window
 * holds the same trace, else the comparison's own */
static HpRun *
key_run (HpCompareWindow *self,
         guint            run)
{
  HpRun *shared = self->shared != NULL ? self->shared->pdata[run] : NULL;

  return shared != NULL ? shared : self->runs->pdata[run];
}

/* why the comparison's table @name (or its chart) is empty */
static char *
why_empty (HpCompareWindow *self,
           const char      *name)
{
  g_autoptr (GPtrArray) traces = g_ptr_array_new ();

  for (guint run = 0; run < self->n_runs; run++)
    g_ptr_array_add (traces, run_trace (self, run));
  return hp_compare_no_data_reason ((HpTrace *const *)traces->pdata, (const char *const *)self->labels,
                                    self->n_runs, self->tables, name);
}

/* "DDP spends 31% of its GPU time in exposed communication": the
 * sentences of hp_compare_summary_against() the baseline, one a line */
static char *
make_findings (HpCompareWindow *self)
{
  g_autoptr (GPtrArray) traces = g_ptr_array_new ();
  g_autoptr (GPtrArray) sentences = NULL;

  for (guint run = 0; run < self->n_runs; run++)
    g_ptr_array_add (traces, run_trace (self, run));
  sentences = hp_compare_summary_against ((HpTrace *const *)traces->pdata, (const char *const *)self->labels,
                                          self->n_runs, self->tables, self->baseline);
  return hp_compare_summary_to_text (sentences);
}

/* ---- the comparison, by the runner ---- */

void
hp_compare_window_show_error (HpCompareWindow *self,
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
        hp_compare_window_show_error (self, error->message);
      return;
    }
  self->tables = tables;
  g_free (self->findings);
  self->findings = make_findings (self);
  gtk_label_set_text (self->findings_label, self->findings);

  charts = hp_compare_charts_new (tables, (const char *const *)self->labels, self->n_runs, TOP_OPS,
                                  GETTEXT_PACKAGE);
  hp_compare_charts_mark_baseline (charts, (const char *const *)self->labels, self->n_runs, self->baseline,
                                   GETTEXT_PACKAGE);
  self->n_charts = charts->len;
  for (guint c = 0; c < charts->len; c++)
    {
      /* an empty chart says why: what the runs lack */
      if (!hp_chart_has_data (charts->pdata[c]) || (hp_chart_get_kind (charts->pdata[c]) == HP_CHART_KIND_PIE &&
                                                    hp_pie_chart_get_n_empty_pies (charts->pdata[c]) > 0))
        {
          g_autofree char *reason = why_empty (self, hp_chart_get_name (charts->pdata[c]));

          hp_chart_set_no_data_reason (charts->pdata[c], reason);
        }
      hp_chart_grid_append (self->summary_grid, hp_chart_view_new (charts->pdata[c]), FALSE);
    }
  memory = table_named (tables, HP_COMPARE_MEMORY_TABLE);
  if (memory != NULL && hp_table_get_n_rows (memory) > 0)
    {
      HpTable *timeline = table_named (tables, HP_COMPARE_MEMORY_TIMELINE_TABLE);

      hp_table_view_set_table (self->memory_view, memory);
      if (timeline != NULL)
        hp_table_view_set_table (self->memory_timeline_view, timeline);
      /* a run without memory events is named, not left out silently */
      gtk_label_set_text (self->memory_note, hp_table_get_note (memory) != NULL ? hp_table_get_note (memory) : "");
      gtk_widget_set_visible (GTK_WIDGET (self->memory_note), hp_table_get_note (memory) != NULL);
      gtk_widget_set_visible (self->memory_box, TRUE);
    }
  {
    HpTable *communication = table_named (tables, HP_COMPARE_COMMUNICATION_TABLE);
    HpTable *collectives = table_named (tables, HP_COMPARE_COLLECTIVES_TABLE);

    if (communication != NULL && collectives != NULL &&
        hp_compare_sum (communication, NULL, "communication_per_step(us)") > 0)
      {
        hp_table_view_set_table (self->communication_view, communication);
        hp_table_view_set_table (self->collectives_view, collectives);
        gtk_widget_set_visible (self->communication_box, TRUE);
      }
  }
  /* the sections left out say why */
  {
    g_autoptr (GString) absent = g_string_new (NULL);

    if (!gtk_widget_get_visible (self->memory_box))
      {
        g_autofree char *reason = why_empty (self, HP_COMPARE_MEMORY_TABLE);

        /* Translators: why the comparison shows no memory section */
        g_string_append_printf (absent, _ ("No memory peaks nor memory over time: %s."),
                                reason != NULL ? reason : _ ("no run has memory to show"));
      }
    if (!gtk_widget_get_visible (self->communication_box))
      {
        g_autofree char *reason = why_empty (self, HP_COMPARE_COMMUNICATION_TABLE);

        /* Translators: why the comparison shows no communication section */
        if (absent->len > 0)
          g_string_append_c (absent, '\n');
        g_string_append_printf (absent, _ ("No communication per step nor collectives: %s."),
                                reason != NULL ? reason : _ ("no run spends time in communication"));
      }
    gtk_label_set_text (self->absent_note, absent->str);
    gtk_widget_set_visible (GTK_WIDGET (self->absent_note), absent->len > 0);
  }
  gtk_stack_set_visible_child_name (self->stack, "content");
  {
    g_autofree HpRun **keys = g_new0 (HpRun *, self->n_runs);

    for (guint run = 0; run < self->n_runs; run++)
      keys[run] = key_run (self, run);
    hp_compare_timelines_set_runs (self->timelines, (HpRun *const *)self->runs->pdata, keys, self->n_runs);
  }
  self->busy = FALSE;
  hp_compare_ops_diff_start (self->ops_diff, self->session, self->tree_view);
}

/* every run is in: compare them with the user's parameters */
void
hp_compare_window_all_loaded (HpCompareWindow *self)
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

/* ---- building ---- */

/* what the template cannot say: the title and the runs' names; the Ops
 * Diff and Tree Diff compare the baseline with the next run at first */
static void
build (HpCompareWindow *self)
{
  g_autofree char *joined = g_strjoinv (", ", self->labels);
  g_autofree char *title = g_strdup_printf (_ ("Compare %s"), joined);

  gtk_window_set_title (GTK_WINDOW (self), title);
  hp_compare_ops_diff_set_labels (self->ops_diff, (const char *const *)self->labels);
  hp_compare_ops_diff_set_baseline (self->ops_diff, self->baseline);
  if (self->n_runs >= 2)
    hp_compare_ops_diff_set_pair (self->ops_diff, self->baseline, self->baseline == 0 ? 1 : 0);
  gtk_stack_set_visible_child_name (self->stack, "loading");
}

static void
hp_compare_window_dispose (GObject *object)
{
  HpCompareWindow *self = HP_COMPARE_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  /* the toast overlay is the window's child: let GtkWindow forget it
   * first, or its own dispose unparents it a second time */
  if (self->toast_overlay != NULL)
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
  g_strfreev (self->paths);
  g_strfreev (self->labels);
  g_free (self->error);
  g_free (self->findings);
  g_free (self->last_saved);
  G_OBJECT_CLASS (hp_compare_window_parent_class)->finalize (object);
}

/* win.show-saved(path): every export of a table or chart here says where
 * it went, as in the trace window */
static void
show_saved_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  HpCompareWindow *self = HP_COMPARE_WINDOW (widget);

  hp_saved_toast_show (self->toast_overlay, g_variant_get_string (parameter, NULL), &self->last_saved);
}

static void
hp_compare_window_class_init (HpCompareWindowClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_compare_window_dispose;
  object_class->finalize = hp_compare_window_finalize;

  g_type_ensure (HP_TYPE_CHART_GRID);
  g_type_ensure (HP_TYPE_COMPARE_OPS_DIFF);
  g_type_ensure (HP_TYPE_COMPARE_TIMELINES);
  g_type_ensure (HP_TYPE_TABLE_VIEW);
  g_type_ensure (HP_TYPE_TREE_DIFF_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-compare-window.ui");
  gtk_widget_class_bind_template_callback_full (widget_class, "gtk_window_close", G_CALLBACK (gtk_window_close));
#define BIND(field) gtk_widget_class_bind_template_child (widget_class, HpCompareWindow, field)
  BIND (toast_overlay);
  BIND (stack);
  BIND (status_label);
  BIND (progress_bar);
  BIND (error_label);
  BIND (error_button);
  BIND (notebook);
  BIND (findings_label);
  BIND (summary_grid);
  BIND (absent_note);
  BIND (memory_box);
  BIND (memory_view);
  BIND (memory_note);
  BIND (memory_timeline_view);
  BIND (communication_box);
  BIND (communication_view);
  BIND (collectives_view);
  BIND (ops_diff);
  BIND (tree_view);
  BIND (timelines);
#undef BIND
  gtk_widget_class_install_action (widget_class, "win.show-saved", "s", show_saved_action);
  gtk_widget_class_install_action (widget_class, "win.open-folder-of", "s", hp_open_folder_of_action);
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
 * hp_compare_window_get_last_saved:
 *
 * Returns: (nullable) (transfer none): the text of the toast shown after
 *   the last export ("Saved compare_ops.csv"), or %NULL
 */
const char *
hp_compare_window_get_last_saved (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return self->last_saved;
}

/**
 * hp_compare_window_new:
 * @paths: (array zero-terminated=1): 2 to 8 runs, each a folder or a file
 * @labels: (array zero-terminated=1) (nullable): their labels; NULL for the
 *   folder names; labels that repeat are made distinct ("ddp", "ddp (2)")
 *
 * Returns: (transfer none): a window that loads and compares the runs, the
 *   first the baseline
 */
HpCompareWindow *
hp_compare_window_new (GtkApplication    *application,
                       const char *const *paths,
                       const char *const *labels)
{
  return hp_compare_window_new_with_baseline (application, paths, labels, 0);
}

/**
 * hp_compare_window_new_with_baseline:
 * @paths: (array zero-terminated=1): 2 to 8 runs, in the order every table
 *   and chart lists them
 * @labels: (array zero-terminated=1) (nullable): as for hp_compare_window_new()
 * @baseline: the run every other is compared with: the Summary's sentences
 *   against it, and the Ops Diff's and Tree Diff's control run at first
 *
 * Returns: (transfer none): a window that loads and compares the runs
 */
HpCompareWindow *
hp_compare_window_new_with_baseline (GtkApplication    *application,
                                     const char *const *paths,
                                     const char *const *labels,
                                     guint              baseline)
{
  HpCompareWindow *self = g_object_new (HP_TYPE_COMPARE_WINDOW, "application", application, NULL);

  self->paths = g_strdupv ((char **)paths);
  self->n_runs = g_strv_length (self->paths);
  self->baseline = baseline < self->n_runs ? baseline : 0;
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

      hp_compare_window_show_error (self, message);
    }
  else
    hp_compare_window_start_loading (self);
  return self;
}

/**
 * hp_compare_window_get_baseline:
 *
 * Returns: the run every other is compared with, from 0
 */
guint
hp_compare_window_get_baseline (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), 0);
  return self->baseline;
}

gboolean
hp_compare_window_is_loading (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), FALSE);
  return self->busy || hp_compare_ops_diff_is_busy (self->ops_diff);
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
  hp_compare_ops_diff_set_pair (self->ops_diff, control, test);
}

void
hp_compare_window_set_comm_only (HpCompareWindow *self,
                                 gboolean         comm_only)
{
  g_return_if_fail (HP_IS_COMPARE_WINDOW (self));
  hp_compare_ops_diff_set_comm_only (self->ops_diff, comm_only);
}

GtkWidget *
hp_compare_window_get_ops_view (HpCompareWindow *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_WINDOW (self), NULL);
  return hp_compare_ops_diff_get_ops_view (self->ops_diff);
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
  return hp_compare_ops_diff_get_scope_caption (self->ops_diff);
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
  return hp_compare_ops_diff_get_scope_chooser (self->ops_diff, test_side, step);
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
