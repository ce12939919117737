/* hp-timeline-details.c — the Timeline tab's details pane: what the selected event, range or area is.
 *
 * A selected event fills the pane with its timing, lane, iteration, every
 * arg from the trace, its launch or kernel partner and its parent chain as
 * links that select them on the timeline; a selected time range with the
 * range's busy time per lane, GPU time by kernel class and top kernels
 * (computed by the runner); an area with its range and lanes. The pane
 * reads names and lane titles from the timeline it is given and selects
 * events there; a collective's "Show on every rank" link asks its owner to
 * show the linked events (#HpTimelineDetails::show-linked). This file
 * holds the widget, the building blocks of the pane and the range and area
 * details; hp-timeline-details-event.c fills it for one event.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "hp-timeline-details-private.h"
#include "hp-view-jobs.h"

#define TOP_KERNELS 10

G_DEFINE_FINAL_TYPE (HpTimelineDetails, hp_timeline_details, GTK_TYPE_WIDGET)

guint hp_timeline_details_signals[N_SIGNALS];

/* Building blocks */

void
hp_timeline_details_clear_pane (HpTimelineDetails *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->box))) != NULL)
    gtk_box_remove (self->box, child);
  self->title = NULL;
}

static void
no_hyphens (GtkLabel *label)
{
  PangoAttrList *attrs = pango_attr_list_new ();

  /* names are identifiers: break them without inventing hyphens */
  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
}

GtkLabel *
hp_timeline_details_add_label (GtkBox     *box,
                               const char *text,
                               const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  no_hyphens (GTK_LABEL (label));
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  gtk_box_append (box, label);
  return GTK_LABEL (label);
}

void
hp_timeline_details_add_heading (HpTimelineDetails *self,
                                 const char        *text)
{
  GtkLabel *label = hp_timeline_details_add_label (self->box, text, "heading");

  gtk_label_set_selectable (label, FALSE);
  gtk_widget_set_margin_top (GTK_WIDGET (label), 6);
}

GtkGrid *
hp_timeline_details_add_grid (HpTimelineDetails *self)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_box_append (self->box, grid);
  return GTK_GRID (grid);
}

/* one row of a grid: a dim key and up to two values; @markup says whether
 * the first value is Pango markup (links) */
GtkLabel *
hp_timeline_details_grid_row (GtkGrid    *grid,
                              const char *key,
                              const char *value,
                              const char *value2,
                              gboolean    markup)
{
  int        row = 0;
  GtkWidget *k = gtk_label_new (key);
  GtkWidget *v = gtk_label_new (NULL);

  while (gtk_grid_get_child_at (grid, 0, row) != NULL || gtk_grid_get_child_at (grid, 1, row) != NULL)
    row++;

  gtk_label_set_xalign (GTK_LABEL (k), 0);
  gtk_label_set_yalign (GTK_LABEL (k), 0);
  gtk_widget_add_css_class (k, "dim-label");
  gtk_label_set_ellipsize (GTK_LABEL (k), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (k), 22);
  gtk_grid_attach (grid, k, 0, row, 1, 1);

  if (markup)
    gtk_label_set_markup (GTK_LABEL (v), value);
  else
    gtk_label_set_text (GTK_LABEL (v), value);
  no_hyphens (GTK_LABEL (v));
  gtk_label_set_xalign (GTK_LABEL (v), 0);
  gtk_label_set_wrap (GTK_LABEL (v), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (v), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (v), !markup);
  gtk_widget_set_hexpand (v, TRUE);
  gtk_grid_attach (grid, v, 1, row, value2 != NULL ? 1 : 2, 1);

  if (value2 != NULL)
    {
      GtkWidget *v2 = gtk_label_new (value2);

      gtk_label_set_xalign (GTK_LABEL (v2), 1);
      gtk_widget_add_css_class (v2, "numeric");
      gtk_grid_attach (grid, v2, 2, row, 1, 1);
    }
  return GTK_LABEL (v);
}

/* the lane's name in the painter's language, as the gutter shows it */
char *
hp_timeline_details_lane_title (HpTimelineDetails *self,
                                const HpRank      *r,
                                guint              lane)
{
  return hp_timeline_painter_dup_lane_title (hp_timeline_view_get_painter (self->view), r, lane);
}

const char *
hp_timeline_details_short_name (HpTimelineDetails *self,
                                guint32            name)
{
  return hp_timeline_painter_get_short_name (hp_timeline_view_get_painter (self->view), name);
}

/* a "Show on every rank" being matched */
typedef struct
{
  HpTimelineDetails *details;
  HpTrace           *trace; /* the trace it was asked of */
} LinkedRequest;

/* "Show on every rank" found its group: shown if the pane still shows
 * the trace it was asked of */
static void
linked_ready_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  LinkedRequest *request = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpLinkedEvents) linked = hp_linked_events_for_comm_kernel_finish (result, &error);

  (void)source;
  if (linked != NULL && request->details->trace == request->trace)
    g_signal_emit (request->details, hp_timeline_details_signals[SHOW_LINKED], 0, linked);
  g_object_unref (request->details);
  hp_trace_unref (request->trace);
  g_free (request);
}

gboolean
hp_timeline_details_link_cb (HpTimelineDetails *self,
                             const char        *uri,
                             GtkLabel          *label)
{
  int    rank;
  gint64 event;

  if (g_str_has_prefix (uri, "collective:") &&
      sscanf (uri, "collective:%d:%" G_GINT64_FORMAT, &rank, &event) == 2 && event >= 0 && event <= G_MAXUINT32)
    {
      /* the matching runs over the whole trace: off the UI thread */
      LinkedRequest *request;

      if (self->trace == NULL)
        return TRUE;
      request = g_new0 (LinkedRequest, 1);
      request->details = g_object_ref (self);
      request->trace = hp_trace_ref (self->trace);
      hp_linked_events_for_comm_kernel_async (self->trace, rank, (guint32)event, NULL, linked_ready_cb, request);
      return TRUE;
    }
  if (!g_str_has_prefix (uri, "event:"))
    return FALSE;
  if (sscanf (uri, "event:%d:%" G_GINT64_FORMAT, &rank, &event) != 2)
    return FALSE;
  hp_timeline_view_select_event (self->view, rank, event);
  return TRUE;
}

void
hp_timeline_details_add_link_row (HpTimelineDetails *self,
                                  GtkGrid           *grid,
                                  const char        *key,
                                  const HpRank      *r,
                                  guint32            event)
{
  const char      *name = hp_timeline_details_short_name (self, r->name[event]);
  g_autofree char *dur = hp_timeline_format_duration (hp_rank_get_event_duration (r, event));
  g_autofree char *markup = g_markup_printf_escaped ("<a href=\"event:%d:%u\">%s</a> <span alpha=\"60%%\">%s</span>", r->rank,
                                                     event, name, dur);
  GtkLabel        *label = hp_timeline_details_grid_row (grid, key, markup, NULL, TRUE);

  gtk_widget_set_tooltip_text (GTK_WIDGET (label), hp_trace_get_string (self->trace, r->name[event]));
  g_signal_connect_swapped (label, "activate-link", G_CALLBACK (hp_timeline_details_link_cb), self);
}

static void
show_placeholder (HpTimelineDetails *self)
{
  GtkLabel *label;

  hp_timeline_details_clear_pane (self);
  self->title = hp_timeline_details_add_label (self->box, _ ("Nothing selected"), "title-4");
  label = hp_timeline_details_add_label (self->box,
                                         _ ("Click an event to see its details. Drag across lanes to select an area and list its events; drag on the ruler to measure a time range.\n\n"
                                            "W/S zoom, A/D pan, F zooms to the selection, 0 shows everything. Ctrl+wheel zooms at the pointer; Shift+drag or middle-drag pans."),
                                         "dim-label");
  gtk_label_set_selectable (label, FALSE);
}

/* Details of a time range */

static char *
percent (gint64 part,
         gint64 whole)
{
  return g_strdup_printf ("%.1f%%", whole > 0 ? 100.0 * (double)part / (double)whole : 0.0);
}

static void
show_range_stats (HpTimelineDetails  *self,
                  const HpRangeStats *stats)
{
  gint64   span = hp_time_span_duration (stats->span);
  GtkGrid *grid;

  hp_timeline_details_add_heading (self, _ ("Busy time per lane"));
  grid = hp_timeline_details_add_grid (self);
  for (guint i = 0; i < stats->lanes->len; i++)
    {
      const HpLaneBusy *b = &g_array_index (stats->lanes, HpLaneBusy, i);
      const HpRank     *r = hp_trace_get_rank (self->trace, b->rank_pos);
      g_autofree char  *name = hp_timeline_details_lane_title (self, r, b->lane);
      g_autofree char  *key = g_strdup_printf ("%d · %s", r->rank, name);
      g_autofree char  *d = hp_timeline_format_duration (b->busy);
      g_autofree char  *p = percent (b->busy, span);

      hp_timeline_details_grid_row (grid, key, d, p, FALSE);
    }

  if (stats->gpu_time <= 0)
    return;

  hp_timeline_details_add_heading (self, _ ("GPU time by kernel class"));
  grid = hp_timeline_details_add_grid (self);
  for (guint c = 0; c < HP_N_KERNEL_CLASSES; c++)
    {
      g_autofree char *d = NULL;
      g_autofree char *p = NULL;

      if (stats->class_time[c] == 0)
        continue;
      d = hp_timeline_format_duration (stats->class_time[c]);
      p = percent (stats->class_time[c], stats->gpu_time);
      hp_timeline_details_grid_row (grid, hp_kernel_class_to_string (c), d, p, FALSE);
    }

  hp_timeline_details_add_heading (self, _ ("Top kernels"));
  grid = hp_timeline_details_add_grid (self);
  for (guint i = 0; i < stats->kernels->len && i < TOP_KERNELS; i++)
    {
      const HpKernelTime *k = &g_array_index (stats->kernels, HpKernelTime, i);
      g_autofree char    *d = hp_timeline_format_duration (k->total);
      g_autofree char    *count = g_strdup_printf ("%s ×%u", d, k->count);
      g_autofree char    *p = percent (k->total, stats->gpu_time);

      hp_timeline_details_grid_row (grid, hp_timeline_details_short_name (self, k->name), count, p, FALSE);
      gtk_widget_set_tooltip_text (gtk_grid_get_child_at (grid, 0, (int)i), hp_trace_get_string (self->trace, k->name));
    }
}

static void
range_stats_ready_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr (HpTimelineDetails) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpJobResult) stats = hp_view_job_finish (result, &error);

  /* cancelled: the selection changed, or the pane went away */
  if (g_task_get_cancellable (G_TASK (result)) != self->range_cancellable ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->range_cancellable);
  /* what cannot be had (the events of rank summaries) says why */
  if (stats == NULL)
    {
      hp_timeline_details_add_label (self->box, error != NULL ? error->message : "", NULL);
      return;
    }
  show_range_stats (self, hp_job_result_get_payload (stats));
}

static void
cancel_range_stats (HpTimelineDetails *self)
{
  g_cancellable_cancel (self->range_cancellable);
  g_clear_object (&self->range_cancellable);
}

/* The range's title at once; its statistics (hp_range_stats_compute())
 * when the runner has them, for the ranks the timeline shows */
static void
show_range_details (HpTimelineDetails *self,
                    HpRun             *run,
                    gint64             start,
                    gint64             end)
{
  HpTimelineScene   *scene = hp_timeline_view_get_scene (self->view);
  g_autofree char   *title = NULL;
  g_autofree char   *key = NULL;
  g_autofree char   *from = hp_timeline_format_time (start);
  g_autofree char   *to = hp_timeline_format_time (end);
  g_autofree char   *span = hp_timeline_format_duration (end - start);
  g_autofree char   *bounds = g_strdup_printf ("%s – %s", from, to);
  HpRangeStatsInput *input;
  guint              n_ranks = hp_trace_get_n_ranks (self->trace);

  hp_timeline_details_clear_pane (self);
  /* Translators: the duration of a selected time range */
  title = g_strdup_printf (_ ("Range of %s"), span);
  self->title = hp_timeline_details_add_label (self->box, title, "title-4");
  hp_timeline_details_add_label (self->box, bounds, "dim-label");

  input = hp_range_stats_input_new (hp_time_span_make (start, end), NULL, n_ranks);
  for (guint k = 0; k < n_ranks; k++)
    input->ranks[k] = hp_timeline_scene_get_rank_visible (scene, k);
  key = hp_range_stats_input_key (input);

  self->range_cancellable = g_cancellable_new ();
  hp_view_job_run (&hp_view_job_range_stats, run, NULL, key, self->trace, input, hp_range_stats_input_free,
                   self->range_cancellable, NULL, NULL, range_stats_ready_cb, g_object_ref (self));
}

/* Details of an area: its range and lanes (its events by name are in the
 * panel's #HpTimelineAreaTable) */

static void
show_area_details (HpTimelineDetails *self,
                   gint64             start,
                   gint64             end,
                   const HpLaneRef   *lanes,
                   guint              n_lanes)
{
  g_autofree char *from = hp_timeline_format_time (start);
  g_autofree char *to = hp_timeline_format_time (end);
  g_autofree char *span = hp_timeline_format_duration (end - start);
  g_autofree char *title = NULL;
  g_autofree char *bounds = NULL;
  GtkGrid         *grid;

  hp_timeline_details_clear_pane (self);
  /* Translators: the duration of an area selected on the timeline */
  title = g_strdup_printf (_ ("Area of %s"), span);
  self->title = hp_timeline_details_add_label (self->box, title, "title-4");
  /* Translators: a time range, then how many lanes an area spans */
  bounds = g_strdup_printf (ngettext ("%s – %s on %u lane", "%s – %s on %u lanes", n_lanes), from, to, n_lanes);
  hp_timeline_details_add_label (self->box, bounds, "dim-label");
  hp_timeline_details_add_heading (self, _ ("Lanes"));
  grid = hp_timeline_details_add_grid (self);
  for (guint i = 0; i < n_lanes && i < MAX_LINKS; i++)
    {
      const HpRank    *r = hp_trace_get_rank (self->trace, lanes[i].rank_pos);
      g_autofree char *name = hp_timeline_details_lane_title (self, r, lanes[i].lane);
      /* Translators: a rank of the job, in the list of an area's lanes */
      g_autofree char *rank = g_strdup_printf (_ ("Rank %d"), r->rank);

      hp_timeline_details_grid_row (grid, rank, name, NULL, FALSE);
    }
}

/* GObject */

static void
hp_timeline_details_dispose (GObject *object)
{
  HpTimelineDetails *self = HP_TIMELINE_DETAILS (object);
  GtkWidget         *child;

  cancel_range_stats (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), HP_TYPE_TIMELINE_DETAILS);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->view);
  g_clear_pointer (&self->trace, hp_trace_unref);

  G_OBJECT_CLASS (hp_timeline_details_parent_class)->dispose (object);
}

static void
hp_timeline_details_class_init (HpTimelineDetailsClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_timeline_details_dispose;

  /**
   * HpTimelineDetails::show-linked:
   * @linked: the events to show
   *
   * A link in the pane asks for several events at once (a collective's
   * kernels on every rank) to be highlighted and stepped through.
   */
  hp_timeline_details_signals[SHOW_LINKED] = g_signal_new ("show-linked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                           G_TYPE_NONE, 1, HP_TYPE_LINKED_EVENTS | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-timeline-details.ui");
  gtk_widget_class_bind_template_child (widget_class, HpTimelineDetails, box);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hptimelinedetails");
}

static void
hp_timeline_details_init (HpTimelineDetails *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Public API */

GtkWidget *
hp_timeline_details_new (void)
{
  return g_object_new (HP_TYPE_TIMELINE_DETAILS, NULL);
}

/**
 * hp_timeline_details_set_view:
 * @view: (nullable): the timeline whose names the pane shows and whose
 *   events its links select
 * @trace: (nullable): the trace @view shows
 *
 * Empties the pane.
 */
void
hp_timeline_details_set_view (HpTimelineDetails *self,
                              HpTimelineView    *view,
                              HpTrace           *trace)
{
  g_return_if_fail (HP_IS_TIMELINE_DETAILS (self));
  g_return_if_fail (view == NULL || HP_IS_TIMELINE_VIEW (view));

  hp_timeline_details_clear (self);
  g_set_object (&self->view, view);
  if (self->trace != trace)
    {
      g_clear_pointer (&self->trace, hp_trace_unref);
      if (trace != NULL)
        self->trace = hp_trace_ref (trace);
    }
}

/**
 * hp_timeline_details_clear:
 *
 * Empties the pane and stops the statistics being computed.
 */
void
hp_timeline_details_clear (HpTimelineDetails *self)
{
  g_return_if_fail (HP_IS_TIMELINE_DETAILS (self));

  cancel_range_stats (self);
  hp_timeline_details_clear_pane (self);
}

/**
 * hp_timeline_details_show_nothing:
 *
 * What the pane says while nothing is selected: how to select.
 */
void
hp_timeline_details_show_nothing (HpTimelineDetails *self)
{
  g_return_if_fail (HP_IS_TIMELINE_DETAILS (self));

  cancel_range_stats (self);
  show_placeholder (self);
}

/**
 * hp_timeline_details_show_event:
 * @rank: a rank number of the trace
 * @event: an event of that rank
 * @paths: (nullable) (element-type HpCriticalPath): the critical paths
 *   shown on the timeline, for the event's slack and edges
 */
void
hp_timeline_details_show_event (HpTimelineDetails *self,
                                int                rank,
                                gint64             event,
                                GPtrArray         *paths)
{
  g_return_if_fail (HP_IS_TIMELINE_DETAILS (self));
  g_return_if_fail (self->trace != NULL && self->view != NULL);

  cancel_range_stats (self);
  hp_timeline_details_fill_event (self, rank, event, paths);
}

/**
 * hp_timeline_details_show_range:
 * @run: (nullable): the run the trace is of, whose results keep the
 *   statistics
 * @start: ns
 * @end: ns
 *
 * The range's title at once; its statistics over the ranks the timeline
 * shows once the runner has them.
 */
void
hp_timeline_details_show_range (HpTimelineDetails *self,
                                HpRun             *run,
                                gint64             start,
                                gint64             end)
{
  g_return_if_fail (HP_IS_TIMELINE_DETAILS (self));
  g_return_if_fail (self->trace != NULL && self->view != NULL);

  cancel_range_stats (self);
  show_range_details (self, run, start, end);
}

/**
 * hp_timeline_details_show_area:
 * @start: ns
 * @end: ns
 * @lanes: (array length=n_lanes): the lanes the area crosses
 * @n_lanes:
 */
void
hp_timeline_details_show_area (HpTimelineDetails *self,
                               gint64             start,
                               gint64             end,
                               const HpLaneRef   *lanes,
                               guint              n_lanes)
{
  g_return_if_fail (HP_IS_TIMELINE_DETAILS (self));
  g_return_if_fail (self->trace != NULL && self->view != NULL);

  cancel_range_stats (self);
  show_area_details (self, start, end, lanes, n_lanes);
}

/**
 * hp_timeline_details_get_box:
 *
 * Returns: (transfer none): the box the pane's rows are in
 */
GtkWidget *
hp_timeline_details_get_box (HpTimelineDetails *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_DETAILS (self), NULL);
  return GTK_WIDGET (self->box);
}

/**
 * hp_timeline_details_get_title:
 *
 * Returns: (nullable): the pane's heading: the selected event's short
 *   name, the range's length, or "Nothing selected"
 */
const char *
hp_timeline_details_get_title (HpTimelineDetails *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_DETAILS (self), NULL);
  return self->title != NULL ? gtk_label_get_text (self->title) : NULL;
}
