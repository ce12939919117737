/* hp-compare-timelines.c — a comparison's Timelines tab: the runs' timelines stacked, step-aligned.
 *
 * Step k of every run starts at the same x; zooming or panning one moves
 * them all. An area dragged on one run's timeline lists its events by name
 * under the timelines (the runner's area statistics, keyed by the run the
 * application knows), as on a window's Timeline tab.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-compare-timelines.h"
#include "hp-view-jobs.h"

#define AREA_TABLE_HEIGHT 260 /* the table of an area, when it appears */

struct _HpCompareTimelines
{
  GtkBox parent_instance;

  GtkBox        *timelines_box;
  GtkSpinButton *step_spin;
  GtkLabel      *note_label; /* why a run's timeline is not aligned or empty */
  GPtrArray     *timelines;  /* HpTimelineView, one per run */
  GArray       **steps;      /* per run: (start, length) ns of its first rank's steps */
  gboolean       aligning;
  GtkPaned      *area_paned;
  GtkWidget     *area_box; /* an area dragged on one run's timeline: its events by name */
  GtkLabel      *area_label;
  HpTableView   *area_view;
  GCancellable  *area_cancellable;
  int            area_run; /* the run whose area is shown, or -1 */
  guint          n_runs;
  HpRun        **shown; /* [n_runs] */
  HpRun        **keys;  /* [n_runs] */
};

G_DEFINE_FINAL_TYPE (HpCompareTimelines, hp_compare_timelines, GTK_TYPE_BOX)

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
step_start (HpCompareTimelines *self,
            guint               run,
            guint               k,
            gint64             *length)
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
timeline_range_changed_cb (HpTimelineView     *moved,
                           GParamSpec         *pspec,
                           HpCompareTimelines *self)
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
align_step (HpCompareTimelines *self)
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
hide_area (HpCompareTimelines *self)
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
  g_autoptr (HpCompareTimelines) self = user_data;
  g_autoptr (HpJobResult) table = hp_view_job_finish (result, NULL);

  /* cancelled: another area, or the window went away */
  if (table == NULL || g_task_get_cancellable (G_TASK (result)) != self->area_cancellable)
    return;
  g_clear_object (&self->area_cancellable);
  hp_table_view_set_table (self->area_view, hp_job_result_get_payload (table));
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
timeline_area_changed_cb (HpTimelineView     *view,
                          HpCompareTimelines *self)
{
  const HpLaneRef  *lanes;
  guint             n_lanes = 0;
  gint64            start, end;
  guint             run = 0;
  g_autofree char  *from = NULL;
  g_autofree char  *to = NULL;
  g_autofree char  *text = NULL;
  g_autofree char  *key = NULL;
  HpAreaStatsInput *area;

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
  text = g_strdup_printf (ngettext ("%s: %s – %s on %u lane", "%s: %s – %s on %u lanes", n_lanes), hp_run_get_label (self->shown[run]),
                          from, to, n_lanes);
  gtk_label_set_text (self->area_label, text);
  g_cancellable_cancel (self->area_cancellable);
  g_clear_object (&self->area_cancellable);
  self->area_cancellable = g_cancellable_new ();
  self->area_run = (int)run;
  area = hp_area_stats_input_new (hp_time_span_make (start, end), lanes, n_lanes);
  key = hp_area_stats_input_key (area);
  hp_view_job_run (&hp_view_job_area_stats, self->keys[run], NULL, key, hp_run_get_trace (self->shown[run]), area,
                   hp_area_stats_input_free, self->area_cancellable, NULL, NULL, area_stats_ready_cb,
                   g_object_ref (self));
}

/**
 * hp_compare_timelines_set_runs:
 * @shown: (array length=n_runs): the runs with the comparison's labels and
 *   colours
 * @keys: (array length=n_runs): the runs whose results the cache keeps
 *   (the application's, when a window shows the same trace)
 *
 * Stacks a timeline per run, step 0 aligned. Once only.
 */
void
hp_compare_timelines_set_runs (HpCompareTimelines *self,
                               HpRun *const       *shown,
                               HpRun *const       *keys,
                               guint               n_runs)
{
  guint most = 0;

  g_return_if_fail (HP_IS_COMPARE_TIMELINES (self));
  g_return_if_fail (self->timelines == NULL);

  self->n_runs = n_runs;
  self->shown = g_new0 (HpRun *, MAX (n_runs, 1));
  self->keys = g_new0 (HpRun *, MAX (n_runs, 1));
  self->timelines = g_ptr_array_new ();
  self->steps = g_new0 (GArray *, MAX (n_runs, 1));
  for (guint run = 0; run < n_runs; run++)
    {
      self->shown[run] = g_object_ref (shown[run]);
      self->keys[run] = g_object_ref (keys[run]);
    }
  for (guint run = 0; run < self->n_runs; run++)
    {
      GtkWidget       *label = gtk_label_new (NULL);
      g_autofree char *markup = g_markup_printf_escaped ("<span foreground=\"%s\">●</span> %s",
                                                         hp_run_get_color (self->shown[run]),
                                                         hp_run_get_label (self->shown[run]));
      GtkWidget       *view = hp_timeline_view_new ();

      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      gtk_box_append (self->timelines_box, label);
      gtk_widget_set_size_request (view, -1, 260);
      gtk_widget_set_vexpand (view, TRUE);
      hp_timeline_view_set_trace (HP_TIMELINE_VIEW (view), hp_run_get_trace (self->shown[run]));
      gtk_box_append (self->timelines_box, view);
      g_ptr_array_add (self->timelines, view);
      self->steps[run] = step_ranges (hp_run_get_trace (self->shown[run]));
      most = MAX (most, self->steps[run]->len);
      g_signal_connect (view, "notify::start", G_CALLBACK (timeline_range_changed_cb), self);
      g_signal_connect (view, "notify::end", G_CALLBACK (timeline_range_changed_cb), self);
      g_signal_connect (view, "range-changed", G_CALLBACK (timeline_area_changed_cb), self);
      g_signal_connect (view, "selection-changed", G_CALLBACK (timeline_area_changed_cb), self);
    }
  gtk_spin_button_set_range (self->step_spin, 0, MAX (most, 1) - 1);
  align_step (self);

  /* a run without steps is not aligned, a folder of rank summaries has
   * no events to draw: say which */
  {
    g_autofree HpTrace    **traces = g_new0 (HpTrace *, MAX (n_runs, 1));
    g_autofree const char **labels = g_new0 (const char *, MAX (n_runs, 1));
    g_autofree char        *reason = NULL;
    g_autofree char        *text = NULL;

    for (guint run = 0; run < n_runs; run++)
      {
        traces[run] = hp_run_get_trace (self->shown[run]);
        labels[run] = hp_run_get_label (self->shown[run]);
      }
    reason = hp_no_data_reason (traces, labels, n_runs, HP_DATA_STEPS | HP_DATA_EVENTS);
    if (reason != NULL)
      /* Translators: why some timelines of a comparison start at their trace's start or are empty */
      text = g_strdup_printf (_ ("Not every timeline lines up by step: %s; such a run shows from its start."),
                              reason);
    gtk_label_set_text (self->note_label, text != NULL ? text : "");
    gtk_widget_set_visible (GTK_WIDGET (self->note_label), text != NULL);
  }
}

/**
 * hp_compare_timelines_get_note:
 *
 * Returns: (nullable): why some runs' timelines are not aligned by step
 *   or are empty, as shown above them; %NULL when every run has steps
 */
const char *
hp_compare_timelines_get_note (HpCompareTimelines *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_TIMELINES (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->note_label)) ? gtk_label_get_text (self->note_label) : NULL;
}

static void
hp_compare_timelines_dispose (GObject *object)
{
  HpCompareTimelines *self = HP_COMPARE_TIMELINES (object);

  g_cancellable_cancel (self->area_cancellable);
  G_OBJECT_CLASS (hp_compare_timelines_parent_class)->dispose (object);
}

static void
hp_compare_timelines_finalize (GObject *object)
{
  HpCompareTimelines *self = HP_COMPARE_TIMELINES (object);

  g_clear_object (&self->area_cancellable);
  g_clear_pointer (&self->timelines, g_ptr_array_unref);
  for (guint run = 0; run < self->n_runs; run++)
    {
      g_clear_pointer (&self->steps[run], g_array_unref);
      g_clear_object (&self->shown[run]);
      g_clear_object (&self->keys[run]);
    }
  g_free (self->steps);
  g_free (self->shown);
  g_free (self->keys);
  G_OBJECT_CLASS (hp_compare_timelines_parent_class)->finalize (object);
}

static void
hp_compare_timelines_class_init (HpCompareTimelinesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hp_compare_timelines_dispose;
  object_class->finalize = hp_compare_timelines_finalize;
}

static void
hp_compare_timelines_init (HpCompareTimelines *self)
{
  GtkWidget *box = GTK_WIDGET (self);
  GtkWidget *sw = gtk_scrolled_window_new ();
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *paned;

  self->area_run = -1;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  /* Translators: the step (0 = the first) whose start lines up in every run */
  gtk_box_append (GTK_BOX (bar), gtk_label_new (_ ("Align step")));
  self->step_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 0, 1));
  g_signal_connect_swapped (self->step_spin, "value-changed", G_CALLBACK (align_step), self);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->step_spin));
  gtk_box_append (GTK_BOX (box), bar);
  self->note_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->note_label, 0);
  gtk_label_set_wrap (self->note_label, TRUE);
  gtk_widget_set_margin_start (GTK_WIDGET (self->note_label), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->note_label), 12);
  gtk_widget_add_css_class (GTK_WIDGET (self->note_label), "dim-label");
  gtk_widget_set_visible (GTK_WIDGET (self->note_label), FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->note_label));
  self->timelines_box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4));
  gtk_widget_set_margin_start (GTK_WIDGET (self->timelines_box), 6);
  gtk_widget_set_margin_end (GTK_WIDGET (self->timelines_box), 6);
  paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  self->area_paned = GTK_PANED (paned);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (sw), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (sw), GTK_WIDGET (self->timelines_box));
  gtk_widget_set_vexpand (sw, TRUE);
  gtk_paned_set_start_child (GTK_PANED (paned), sw);
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
}

GtkWidget *
hp_compare_timelines_new (void)
{
  return g_object_new (HP_TYPE_COMPARE_TIMELINES, NULL);
}

/**
 * hp_compare_timelines_get_timeline:
 *
 * Returns: (transfer none) (nullable): the timeline of @run, once set
 */
GtkWidget *
hp_compare_timelines_get_timeline (HpCompareTimelines *self,
                                   guint               run)
{
  g_return_val_if_fail (HP_IS_COMPARE_TIMELINES (self), NULL);
  if (self->timelines == NULL || run >= self->timelines->len)
    return NULL;
  return self->timelines->pdata[run];
}

/**
 * hp_compare_timelines_get_area_table:
 *
 * Returns: (transfer none) (nullable): the table of the area dragged on a
 *   run's timeline, or %NULL while none is shown
 */
HpTableView *
hp_compare_timelines_get_area_table (HpCompareTimelines *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_TIMELINES (self), NULL);
  if (!gtk_widget_get_visible (self->area_box))
    return NULL;
  return self->area_view;
}

/**
 * hp_compare_timelines_align_step:
 * @step: 0 for the first step
 *
 * Lines up the start of step @step of every run.
 */
void
hp_compare_timelines_align_step (HpCompareTimelines *self,
                                 guint               step)
{
  g_return_if_fail (HP_IS_COMPARE_TIMELINES (self));
  gtk_spin_button_set_value (self->step_spin, step);
  align_step (self);
}
