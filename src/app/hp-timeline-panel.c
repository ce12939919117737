/* hp-timeline-panel.c — the Timeline tab: the timeline, its toolbar, search and details pane.
 *
 * The panel wraps an HpTimelineView with scrollbars, a toolbar (zoom,
 * overlays menu, export), a search bar (Ctrl+F; Enter jumps to the next
 * match) and a details pane. A selected event fills the pane with its
 * timing, lane, iteration, every arg from the trace, its launch or kernel
 * partner and its parent chain as links that select them; a selected time
 * range fills it with the range's busy time per lane, GPU time by kernel
 * class and top kernels. The overlay toggles are property actions, so the
 * menu shows their state.
 *
 * Linked views (hp_timeline_panel_show_linked()): the events a row of an
 * analysis table stands for are highlighted, one of them is selected and
 * brought into view, and a bar under the toolbar says what they are and
 * steps through them. Kernel instances zoom to the selected instance, a
 * launch shows its call and kernels at once, idle gaps select the gap
 * before the selected kernel as a range (with the idle overlay on).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "hp-core.h"
#include "hp-bookmarks-popover.h"
#include "hp-dialogs.h"
#include "hp-path-overlay.h"
#include "hp-table-view.h"
#include "hp-timeline-panel.h"

/* Linked views: how much of the window the focused event or gap takes */
#define LINKED_ONE_PAD 4.5 /* an instance: a tenth of the window */
#define LINKED_ALL_PAD 0.2
#define LINKED_GAP_PAD 0.5
#define LINKED_MIN_SPAN (2 * HP_NS_PER_US)

#define MAX_LINKS 24
#define AREA_TABLE_HEIGHT 280 /* the area's table, when it appears */
#define TOP_KERNELS 10

struct _HpTimelinePanel
{
  GtkWidget parent_instance;

  /* Template widgets */
  HpTimelineView *view;
  GtkScrollbar   *vscrollbar;
  GtkScrollbar   *hscrollbar;
  GtkSearchBar   *search_bar;
  GtkSearchEntry *search_entry;
  GtkLabel       *match_label;
  GtkLabel       *range_label;
  GtkBox         *details_box;
  GtkRevealer    *linked_revealer;
  GtkLabel       *linked_label;
  GtkLabel       *linked_position;
  GtkPaned       *area_paned;
  HpTableView    *area_table;

  /* Owned references */
  HpSession      *session;
  HpTrace        *trace;
  GtkLabel       *details_title;     /* in details_box */
  HpLinkedEvents *linked;            /* what the linked bar steps through */
  GCancellable   *range_cancellable; /* the range statistics being computed */
  GCancellable   *area_cancellable;  /* the area's table being computed */
  guint           critical_path;     /* the critical-path overlay, or 0 */
  GPtrArray      *paths;             /* its paths, owned by the overlay */
};

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_SHOW_IDLE,
  PROP_SHOW_FLOWS,
  PROP_SHOW_ITERATIONS,
  PROP_SHOW_COUNTERS,
  PROP_SHOW_CRITICAL_PATH,
  PROP_SHOW_MEMORY,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (HpTimelinePanel, hp_timeline_panel, GTK_TYPE_WIDGET)

static GParamSpec *properties[N_PROPS];

static const HpTimelineFlags prop_flags[N_PROPS] = {
  [PROP_SHOW_IDLE] = HP_TIMELINE_SHOW_IDLE,
  [PROP_SHOW_FLOWS] = HP_TIMELINE_SHOW_FLOWS,
  [PROP_SHOW_ITERATIONS] = HP_TIMELINE_SHOW_ITERATIONS,
  [PROP_SHOW_COUNTERS] = HP_TIMELINE_SHOW_COUNTERS,
  [PROP_SHOW_MEMORY] = HP_TIMELINE_SHOW_MEMORY,
};

/* Details pane: building blocks */

static void
clear_details (HpTimelinePanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->details_box))) != NULL)
    gtk_box_remove (self->details_box, child);
  self->details_title = NULL;
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

static GtkLabel *
add_label (GtkBox     *box,
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

static void
add_heading (HpTimelinePanel *self,
             const char      *text)
{
  GtkLabel *label = add_label (self->details_box, text, "heading");

  gtk_label_set_selectable (label, FALSE);
  gtk_widget_set_margin_top (GTK_WIDGET (label), 6);
}

static GtkGrid *
add_grid (HpTimelinePanel *self)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_box_append (self->details_box, grid);
  return GTK_GRID (grid);
}

/* one row of a grid: a dim key and up to two values; @markup says whether
 * the first value is Pango markup (links) */
static GtkLabel *
grid_row (GtkGrid    *grid,
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
static char *
lane_title (HpTimelinePanel *self,
            const HpRank    *r,
            guint            lane)
{
  return hp_timeline_painter_dup_lane_title (hp_timeline_view_get_painter (self->view), r, lane);
}

static const char *
short_name (HpTimelinePanel *self,
            guint32          name)
{
  return hp_timeline_layout_get_short_name (hp_timeline_painter_get_layout (hp_timeline_view_get_painter (self->view)), name);
}

/* a "Show on every rank" being matched */
typedef struct
{
  HpTimelinePanel *panel;
  HpTrace         *trace; /* the trace it was asked of */
} LinkedRequest;

/* "Show on every rank" found its group: shown if the panel still shows
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
  if (linked != NULL && request->panel->trace == request->trace)
    hp_timeline_panel_show_linked (request->panel, linked);
  g_object_unref (request->panel);
  hp_trace_unref (request->trace);
  g_free (request);
}

static gboolean
link_cb (HpTimelinePanel *self,
         const char      *uri,
         GtkLabel        *label)
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
      request->panel = g_object_ref (self);
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

static void
add_link_row (HpTimelinePanel *self,
              GtkGrid         *grid,
              const char      *key,
              const HpRank    *r,
              guint32          event)
{
  const char      *name = short_name (self, r->name[event]);
  g_autofree char *dur = hp_timeline_format_duration (hp_rank_get_event_duration (r, event));
  g_autofree char *markup = g_markup_printf_escaped ("<a href=\"event:%d:%u\">%s</a> <span alpha=\"60%%\">%s</span>", r->rank,
                                                     event, name, dur);
  GtkLabel        *label = grid_row (grid, key, markup, NULL, TRUE);

  gtk_widget_set_tooltip_text (GTK_WIDGET (label), hp_trace_get_string (self->trace, r->name[event]));
  g_signal_connect_swapped (label, "activate-link", G_CALLBACK (link_cb), self);
}

static void
show_placeholder (HpTimelinePanel *self)
{
  GtkLabel *label;

  clear_details (self);
  self->details_title = add_label (self->details_box, _ ("Nothing selected"), "title-4");
  label = add_label (self->details_box,
                     _ ("Click an event to see its details. Drag across lanes to select an area and list its events; drag on the ruler to measure a time range.\n\n"
                        "W/S zoom, A/D pan, F zooms to the selection, 0 shows everything. Ctrl+wheel zooms at the pointer; Shift+drag or middle-drag pans."),
                     "dim-label");
  gtk_label_set_selectable (label, FALSE);
}

/* Details of one event */

static void
add_arg_rows (HpTimelinePanel *self,
              const HpRank    *r,
              guint32          event)
{
  g_autoptr (JsonNode) args = hp_trace_get_event_args (self->trace, r, event);
  JsonObject *object;
  GList      *members;
  GtkGrid    *grid;

  if (args == NULL || !JSON_NODE_HOLDS_OBJECT (args))
    return;
  object = json_node_get_object (args);
  if (json_object_get_size (object) == 0)
    return;

  add_heading (self, _ ("Arguments"));
  grid = add_grid (self);
  members = json_object_get_members (object);
  for (GList *l = members; l != NULL; l = l->next)
    {
      JsonNode        *node = json_object_get_member (object, l->data);
      g_autofree char *text = NULL;

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING)
        text = g_strdup (json_node_get_string (node));
      else if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_DOUBLE)
        /* the shortest digits that read back: 0.7407407, not 0.74074070000000003 */
        text = hp_format_double (json_node_get_double (node));
      else
        text = hp_output_json_to_string (node, FALSE);
      grid_row (grid, l->data, text, NULL, FALSE);
    }
  g_list_free (members);
}

/* "On the path" or the slack, then the edges from and to other events */
static void
add_critical_path_rows (HpTimelinePanel *self,
                        GtkGrid         *grid,
                        HpCriticalPath  *path,
                        guint32          e)
{
  const HpRank    *r = hp_critical_path_get_rank (path);
  gint64           slack = hp_critical_path_get_slack (path, e);
  g_autofree char *text = NULL;
  guint            n_nodes, n_edges;
  const HpCpNode  *nodes = hp_critical_path_get_nodes (path, &n_nodes);
  const HpCpEdge  *edges = hp_critical_path_get_edges (path, &n_edges);

  if (slack < 0)
    return;
  if (slack == 0 && hp_critical_path_event_is_critical (path, e))
    text = g_strdup (_ ("On the path (no slack)"));
  else
    {
      g_autofree char *d = hp_timeline_format_duration (slack);

      /* Translators: how much longer an event could take before the step does */
      text = g_strdup_printf (_ ("Slack %s"), d);
    }
  grid_row (grid, _ ("Critical path"), text, NULL, FALSE);
  for (int incoming = 1; incoming >= 0; incoming--)
    {
      g_autofree guint *ids = NULL;
      guint             n = 0;

      ids = hp_critical_path_get_event_edges (path, e, incoming, &n);
      for (guint i = 0; i < n && i < MAX_LINKS; i++)
        {
          const HpCpEdge  *edge = &edges[ids[i]];
          guint32          other = nodes[incoming ? edge->src : edge->dst].event;
          g_autofree char *label = g_strdup_printf ("%s %s", incoming ? "←" : "→",
                                                    hp_cp_edge_type_to_string (edge->type) + strlen ("critical_path_"));

          add_link_row (self, grid, label, r, other);
        }
    }
}

/* the collective a communication kernel belongs to, as the trace says,
 * and a link that shows it on every rank */
static void
add_collective_rows (HpTimelinePanel *self,
                     GtkGrid         *grid,
                     const HpRank    *r,
                     guint32          e)
{
  HpCommInfo info;

  hp_comm_describe (self->trace, r, e, &info);
  if (info.collective[0] != '\0')
    {
      g_autofree char *size = info.msg_bytes >= 0 ? g_format_size_full ((guint64)info.msg_bytes, G_FORMAT_SIZE_IEC_UNITS)
                                                  : NULL;
      g_autofree char *text = size != NULL ? g_strdup_printf ("%s, %s", info.collective, size) : g_strdup (info.collective);

      grid_row (grid, _ ("Collective"), text, NULL, FALSE);
    }
  if (info.group[0] != '\0')
    {
      g_autofree char *text = info.group_ranks[0] != '\0' ? g_strdup_printf ("%s %s", info.group, info.group_ranks)
                                                          : g_strdup (info.group);

      grid_row (grid, _ ("Process group"), text, NULL, FALSE);
    }
  if (hp_trace_get_n_ranks (self->trace) > 1)
    {
      g_autofree char *markup = g_markup_printf_escaped ("<a href=\"collective:%d:%u\">%s</a>", r->rank, e,
                                                         _ ("Show on every rank"));
      GtkLabel        *label = grid_row (grid, _ ("All ranks"), markup, NULL, TRUE);

      g_signal_connect_swapped (label, "activate-link", G_CALLBACK (link_cb), self);
    }
  hp_comm_info_clear (&info);
}

static void
show_event_details (HpTimelinePanel *self,
                    int              rank,
                    gint64           event)
{
  const HpRank    *r = hp_trace_find_rank (self->trace, rank);
  guint32          e = (guint32)event;
  const char      *name = hp_trace_get_string (self->trace, r->name[e]);
  const char      *cat = r->cat[e] != HP_NO_STRING ? hp_trace_get_string (self->trace, r->cat[e]) : NULL;
  const HpLane    *lane = hp_rank_get_event_lane (r, e);
  g_autofree char *lane_name = lane_title (self, r, hp_rank_lane (r, e));
  g_autofree char *start = hp_timeline_format_time (hp_rank_get_event_start (r, e));
  g_autofree char *end = hp_timeline_format_time (hp_rank_get_event_end (r, e));
  g_autofree char *dur = hp_timeline_format_duration (hp_rank_get_event_duration (r, e));
  g_autofree char *rank_text = g_strdup_printf ("%d", r->rank);
  GtkGrid         *grid;
  GtkLabel        *subtitle;

  clear_details (self);
  self->details_title = add_label (self->details_box, short_name (self, r->name[e]), "title-4");
  if (g_strcmp0 (name, short_name (self, r->name[e])) != 0)
    {
      /* template names run for pages: a few lines, the rest in a tooltip */
      subtitle = add_label (self->details_box, name, "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (subtitle), "caption");
      gtk_label_set_lines (subtitle, 4);
      gtk_label_set_ellipsize (subtitle, PANGO_ELLIPSIZE_END);
      if (strlen (name) > 2000)
        {
          g_autofree char *cut = g_utf8_substring (name, 0, 2000);

          gtk_widget_set_tooltip_text (GTK_WIDGET (subtitle), cut);
        }
      else
        gtk_widget_set_tooltip_text (GTK_WIDGET (subtitle), name);
    }

  grid = add_grid (self);
  grid_row (grid, _ ("Category"), cat != NULL ? cat : "—", NULL, FALSE);
  grid_row (grid, _ ("Duration"), dur, NULL, FALSE);
  grid_row (grid, _ ("Start"), start, NULL, FALSE);
  grid_row (grid, _ ("End"), end, NULL, FALSE);
  grid_row (grid, _ ("Rank"), rank_text, NULL, FALSE);
  grid_row (grid, lane->is_gpu ? _ ("Stream") : _ ("Thread"), lane_name, NULL, FALSE);
  if (hp_rank_is_gpu_activity (r, e))
    grid_row (grid, _ ("Kernel class"), hp_kernel_class_to_string (hp_rank_get_kernel_class (r, e)), NULL, FALSE);
  if (hp_rank_get_event_iteration (r, e) >= 0)
    {
      g_autofree char *it = g_strdup_printf ("%d", hp_rank_get_event_iteration (r, e));

      grid_row (grid, _ ("Iteration"), it, NULL, FALSE);
    }
  if (hp_rank_correlation (r, e) >= 0)
    {
      g_autofree char *corr = g_strdup_printf ("%" G_GINT64_FORMAT, hp_rank_correlation (r, e));

      grid_row (grid, _ ("Correlation"), corr, NULL, FALSE);
    }

  /* with the critical-path overlay: the event's slack and its edges */
  if (hp_path_overlay_find (self->paths, r) != NULL)
    add_critical_path_rows (self, grid, hp_path_overlay_find (self->paths, r), e);

  /* the launch ↔ kernel link */
  if (r->partner[e] >= 0)
    {
      guint          n_launched;
      const guint32 *launched = hp_rank_get_launched (r, e, &n_launched);

      if (lane->is_gpu)
        add_link_row (self, grid, _ ("Launched by"), r, (guint32)r->partner[e]);
      else if (launched != NULL)
        {
          for (guint k = 0; k < n_launched && k < MAX_LINKS; k++)
            add_link_row (self, grid, k == 0 ? _ ("Launches") : "", r, launched[k]);
        }
      else
        add_link_row (self, grid, _ ("Launches"), r, (guint32)r->partner[e]);
    }

  /* a collective: what it moves, and its kernels on every rank */
  if (r->kind[e] == HP_EVENT_KIND_KERNEL && r->kclass[e] == HP_KERNEL_CLASS_COMMUNICATION)
    add_collective_rows (self, grid, r, e);

  /* the enclosing events, innermost first */
  {
    gint32 p = r->parent[e];
    guint  n = 0;

    for (; p >= 0 && n < MAX_LINKS; p = r->parent[p], n++)
      add_link_row (self, grid, n == 0 ? _ ("Called from") : "", r, (guint32)p);
  }

  add_arg_rows (self, r, e);
}

/* Details of a time range */

static char *
percent (gint64 part,
         gint64 whole)
{
  return g_strdup_printf ("%.1f%%", whole > 0 ? 100.0 * (double)part / (double)whole : 0.0);
}

static void
show_range_stats (HpTimelinePanel    *self,
                  const HpRangeStats *stats)
{
  gint64   span = hp_time_span_duration (stats->span);
  GtkGrid *grid;

  add_heading (self, _ ("Busy time per lane"));
  grid = add_grid (self);
  for (guint i = 0; i < stats->lanes->len; i++)
    {
      const HpLaneBusy *b = &g_array_index (stats->lanes, HpLaneBusy, i);
      const HpRank     *r = hp_trace_get_rank (self->trace, b->rank_pos);
      g_autofree char  *name = lane_title (self, r, b->lane);
      g_autofree char  *key = g_strdup_printf ("%d · %s", r->rank, name);
      g_autofree char  *d = hp_timeline_format_duration (b->busy);
      g_autofree char  *p = percent (b->busy, span);

      grid_row (grid, key, d, p, FALSE);
    }

  if (stats->gpu_time <= 0)
    return;

  add_heading (self, _ ("GPU time by kernel class"));
  grid = add_grid (self);
  for (guint c = 0; c < HP_N_KERNEL_CLASSES; c++)
    {
      g_autofree char *d = NULL;
      g_autofree char *p = NULL;

      if (stats->class_time[c] == 0)
        continue;
      d = hp_timeline_format_duration (stats->class_time[c]);
      p = percent (stats->class_time[c], stats->gpu_time);
      grid_row (grid, hp_kernel_class_to_string (c), d, p, FALSE);
    }

  add_heading (self, _ ("Top kernels"));
  grid = add_grid (self);
  for (guint i = 0; i < stats->kernels->len && i < TOP_KERNELS; i++)
    {
      const HpKernelTime *k = &g_array_index (stats->kernels, HpKernelTime, i);
      g_autofree char    *d = hp_timeline_format_duration (k->total);
      g_autofree char    *count = g_strdup_printf ("%s ×%u", d, k->count);
      g_autofree char    *p = percent (k->total, stats->gpu_time);

      grid_row (grid, short_name (self, k->name), count, p, FALSE);
      gtk_widget_set_tooltip_text (gtk_grid_get_child_at (grid, 0, (int)i), hp_trace_get_string (self->trace, k->name));
    }
}

typedef struct
{
  HpTrace   *trace;
  HpTimeSpan span;
  gboolean  *ranks;
} RangeStatsJob;

static void
range_stats_job_free (gpointer data)
{
  RangeStatsJob *job = data;

  hp_trace_unref (job->trace);
  g_free (job->ranks);
  g_free (job);
}

static void
range_stats_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  RangeStatsJob *job = task_data;
  GError        *error = NULL;
  HpRangeStats  *stats = hp_range_stats_compute (job->trace, job->span, job->ranks, cancellable, &error);

  if (stats == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, stats, (GDestroyNotify)hp_range_stats_free);
}

static void
range_stats_ready_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr (HpTimelinePanel) self = user_data;
  g_autoptr (HpRangeStats) stats = g_task_propagate_pointer (G_TASK (result), NULL);

  /* cancelled: the selection changed, or the panel went away */
  if (stats == NULL || g_task_get_cancellable (G_TASK (result)) != self->range_cancellable)
    return;
  g_clear_object (&self->range_cancellable);
  show_range_stats (self, stats);
}

static void
cancel_range_stats (HpTimelinePanel *self)
{
  g_cancellable_cancel (self->range_cancellable);
  g_clear_object (&self->range_cancellable);
}

/* The range's title at once; its statistics (hp_range_stats_compute())
 * when a worker has them, for the ranks the timeline shows */
static void
show_range_details (HpTimelinePanel *self,
                    gint64           start,
                    gint64           end)
{
  HpTimelineLayout *layout = hp_timeline_painter_get_layout (hp_timeline_view_get_painter (self->view));
  g_autoptr (GTask) task = NULL;
  g_autofree char *title = NULL;
  g_autofree char *from = hp_timeline_format_time (start);
  g_autofree char *to = hp_timeline_format_time (end);
  g_autofree char *span = hp_timeline_format_duration (end - start);
  g_autofree char *bounds = g_strdup_printf ("%s – %s", from, to);
  RangeStatsJob   *job;
  guint            n_ranks = hp_trace_get_n_ranks (self->trace);

  clear_details (self);
  /* Translators: the duration of a selected time range */
  title = g_strdup_printf (_ ("Range of %s"), span);
  self->details_title = add_label (self->details_box, title, "title-4");
  add_label (self->details_box, bounds, "dim-label");

  job = g_new0 (RangeStatsJob, 1);
  job->trace = hp_trace_ref (self->trace);
  job->span = hp_time_span_make (start, end);
  job->ranks = g_new (gboolean, MAX (n_ranks, 1));
  for (guint k = 0; k < n_ranks; k++)
    job->ranks[k] = hp_timeline_layout_get_rank_visible (layout, k);

  self->range_cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->range_cancellable, range_stats_ready_cb, g_object_ref (self));
  g_task_set_source_tag (task, show_range_details);
  g_task_set_task_data (task, job, range_stats_job_free);
  g_task_run_in_thread (task, range_stats_thread);
}

/* Details of an area: its range and lanes in the pane, its events by name
 * (hp_area_stats_compute(), in a worker) in the table under the lanes */

static void
hide_area_table (HpTimelinePanel *self)
{
  g_cancellable_cancel (self->area_cancellable);
  g_clear_object (&self->area_cancellable);
  gtk_widget_set_visible (GTK_WIDGET (self->area_table), FALSE);
}

static void
area_stats_ready_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr (HpTimelinePanel) self = user_data;
  g_autoptr (HpTable) table = hp_area_stats_compute_finish (result, NULL);

  /* cancelled: the selection changed, or the panel went away */
  if (table == NULL || g_task_get_cancellable (G_TASK (result)) != self->area_cancellable)
    return;
  g_clear_object (&self->area_cancellable);
  hp_table_view_set_table (self->area_table, table);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->area_table)))
    {
      int height = gtk_widget_get_height (GTK_WIDGET (self->area_paned));

      /* the lanes keep most of the height, as Perfetto's bottom panel */
      gtk_widget_set_visible (GTK_WIDGET (self->area_table), TRUE);
      if (height > 0)
        gtk_paned_set_position (self->area_paned, MAX (height - AREA_TABLE_HEIGHT, height / 2));
    }
}

static void
show_area_details (HpTimelinePanel *self,
                   gint64           start,
                   gint64           end,
                   const HpLaneRef *lanes,
                   guint            n_lanes)
{
  g_autofree char *from = hp_timeline_format_time (start);
  g_autofree char *to = hp_timeline_format_time (end);
  g_autofree char *span = hp_timeline_format_duration (end - start);
  g_autofree char *title = NULL;
  g_autofree char *bounds = NULL;
  GtkGrid         *grid;

  clear_details (self);
  /* Translators: the duration of an area selected on the timeline */
  title = g_strdup_printf (_ ("Area of %s"), span);
  self->details_title = add_label (self->details_box, title, "title-4");
  /* Translators: a time range, then how many lanes an area spans */
  bounds = g_strdup_printf (ngettext ("%s – %s on %u lane", "%s – %s on %u lanes", n_lanes), from, to, n_lanes);
  add_label (self->details_box, bounds, "dim-label");
  add_heading (self, _ ("Lanes"));
  grid = add_grid (self);
  for (guint i = 0; i < n_lanes && i < MAX_LINKS; i++)
    {
      const HpRank    *r = hp_trace_get_rank (self->trace, lanes[i].rank_pos);
      g_autofree char *name = lane_title (self, r, lanes[i].lane);
      /* Translators: a rank of the job, in the list of an area's lanes */
      g_autofree char *rank = g_strdup_printf (_ ("Rank %d"), r->rank);

      grid_row (grid, rank, name, NULL, FALSE);
    }

  g_cancellable_cancel (self->area_cancellable);
  g_clear_object (&self->area_cancellable);
  self->area_cancellable = g_cancellable_new ();
  hp_area_stats_compute_async (self->trace, hp_time_span_make (start, end), lanes, n_lanes, self->area_cancellable,
                               area_stats_ready_cb, g_object_ref (self));
}

static void
update_details (HpTimelinePanel *self)
{
  int              rank;
  gint64           event, start, end;
  guint            n_lanes;
  const HpLaneRef *lanes;

  cancel_range_stats (self);
  if (self->trace == NULL)
    {
      hide_area_table (self);
      clear_details (self);
      return;
    }
  lanes = hp_timeline_view_get_selected_lanes (self->view, &n_lanes);
  if (lanes == NULL || hp_timeline_view_get_selection (self->view, NULL, NULL))
    hide_area_table (self);
  if (hp_timeline_view_get_selection (self->view, &rank, &event))
    show_event_details (self, rank, event);
  else if (lanes != NULL && hp_timeline_view_get_selected_range (self->view, &start, &end))
    show_area_details (self, start, end, lanes, n_lanes);
  else if (hp_timeline_view_get_selected_range (self->view, &start, &end))
    show_range_details (self, start, end);
  else
    show_placeholder (self);
}

/* Callbacks */

static void update_match_label (HpTimelinePanel *self);

static void update_linked_position (HpTimelinePanel *self);

static void
selection_changed_cb (HpTimelinePanel *self)
{
  update_details (self);
  update_match_label (self);
  update_linked_position (self);
}

static void
range_changed_cb (HpTimelinePanel *self)
{
  gint64 start, end;

  /* a new range wins over the selected event */
  if (hp_timeline_view_get_selected_range (self->view, &start, &end))
    {
      g_signal_handlers_block_by_func (self->view, selection_changed_cb, self);
      hp_timeline_view_select_event (self->view, -1, -1);
      g_signal_handlers_unblock_by_func (self->view, selection_changed_cb, self);
    }
  update_details (self);
}

static void
window_changed_cb (HpTimelinePanel *self)
{
  gint64           start, end;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  g_autofree char *span = NULL;
  g_autofree char *text = NULL;

  /* the ruler's own bounds: a trace may start before its time zero */
  hp_timeline_view_get_visible_range (self->view, &start, &end);
  from = hp_timeline_format_time (start);
  to = hp_timeline_format_time (end);
  span = hp_timeline_format_duration (end - start);
  /* Translators: the visible window: its length, then its start and end */
  text = g_strdup_printf (_ ("%s visible, %s – %s"), span, from, to);
  gtk_label_set_text (self->range_label, text);
}

static void
update_match_label (HpTimelinePanel *self)
{
  guint            n = hp_timeline_view_get_n_matches (self->view);
  int              current = hp_timeline_view_get_current_match (self->view);
  g_autofree char *text = NULL;

  if (*gtk_editable_get_text (GTK_EDITABLE (self->search_entry)) == '\0')
    text = g_strdup ("");
  else if (n == 0)
    text = g_strdup (_ ("No matches"));
  else if (current < 0)
    text = g_strdup_printf (ngettext ("%u match", "%u matches", n), n);
  else
    /* Translators: the current search match and how many there are */
    text = g_strdup_printf (_ ("%d of %u"), current + 1, n);
  gtk_label_set_text (self->match_label, text);
}

static void hide_linked (HpTimelinePanel *self);

static void
search_changed_cb (HpTimelinePanel *self)
{
  /* a search replaces the linked events' highlights */
  hide_linked (self);
  hp_timeline_view_search (self->view, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
  update_match_label (self);
}

static void
next_match_cb (HpTimelinePanel *self)
{
  hp_timeline_view_next_match (self->view, 1);
  update_match_label (self);
}

static void
previous_match_cb (HpTimelinePanel *self)
{
  hp_timeline_view_next_match (self->view, -1);
  update_match_label (self);
}

static void
stop_search_cb (HpTimelinePanel *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  gtk_search_bar_set_search_mode (self->search_bar, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

/* Linked views */

static void
hide_linked (HpTimelinePanel *self)
{
  g_clear_pointer (&self->linked, hp_linked_events_free);
  gtk_revealer_set_reveal_child (self->linked_revealer, FALSE);
}

static void
update_linked_position (HpTimelinePanel *self)
{
  int              current = hp_timeline_view_get_current_match (self->view);
  g_autofree char *text = NULL;

  if (self->linked == NULL)
    return;
  if (current >= 0)
    text = g_strdup_printf (_ ("%d of %u"), current + 1, hp_timeline_view_get_n_matches (self->view));
  gtk_label_set_text (self->linked_position, text != NULL ? text : "");
}

/* Shows [start, end) with @pad of its length on either side */
static void
show_around (HpTimelinePanel *self,
             gint64           start,
             gint64           end,
             double           pad)
{
  gint64 span = MAX (end - start, LINKED_MIN_SPAN);
  gint64 margin = (gint64)((double)span * pad);

  start = (start + end) / 2 - span / 2;
  hp_timeline_view_set_visible_range (self->view, start - margin, start + span + margin);
}

/* The highlight (time order) of @event, or -1 */
static int
match_of_event (HpTimelinePanel *self,
                guint32          event)
{
  HpTimelineLayout *layout = hp_timeline_painter_get_layout (hp_timeline_view_get_painter (self->view));
  guint             n = hp_timeline_view_get_n_matches (self->view);
  const HpRank     *r = hp_trace_find_rank (self->trace, self->linked->rank);

  for (guint i = 0; i < n; i++)
    {
      guint   rank_pos;
      guint32 e;

      /* the linked rank's event: other ranks may be highlighted too */
      if (hp_timeline_layout_get_highlight (layout, i, &rank_pos, &e) && e == event &&
          hp_trace_get_rank (self->trace, rank_pos) == r)
        return (int)i;
    }
  return -1;
}

/* Selects the linked event at highlight @match; @zoom also moves the
 * window to it as its focus says */
static void
focus_linked (HpTimelinePanel *self,
              guint            match,
              gboolean         zoom)
{
  HpTimelineLayout *layout = hp_timeline_painter_get_layout (hp_timeline_view_get_painter (self->view));
  const HpRank     *r;
  guint             rank_pos;
  guint32           event;
  gint64            start, end;

  if (!hp_timeline_layout_get_highlight (layout, match, &rank_pos, &event))
    return;
  /* the highlight's own rank: linked events may span several */
  r = hp_trace_get_rank (self->trace, rank_pos);

  if (self->linked->focus == HP_LINKED_FOCUS_GAP)
    {
      const HpLinkedGap *gap = NULL;

      for (guint i = 0; i < self->linked->events->len && gap == NULL; i++)
        if (g_array_index (self->linked->events, guint32, i) == event)
          gap = &g_array_index (self->linked->gaps, HpLinkedGap, i);
      if (gap == NULL)
        return;
      /* the range first: a new range drops the selected event */
      hp_timeline_view_set_selected_range (self->view, gap->start, gap->end);
      hp_timeline_view_select_match (self->view, match);
      /* the kernel before the gap, the gap and the kernel after it */
      show_around (self, MIN (gap->start, gap->end), MAX (gap->end, hp_rank_get_event_end (r, event)), LINKED_GAP_PAD);
    }
  else
    {
      hp_timeline_view_select_match (self->view, match);
      if (zoom && self->linked->focus == HP_LINKED_FOCUS_ALL)
        {
          hp_linked_events_get_span (self->linked, self->trace, &start, &end);
          show_around (self, start, end, LINKED_ALL_PAD);
        }
      else if (zoom)
        show_around (self, hp_rank_get_event_start (r, event), hp_rank_get_event_end (r, event), LINKED_ONE_PAD);
    }
  update_linked_position (self);
}

static void
step_linked (HpTimelinePanel *self,
             int              direction)
{
  guint n = hp_timeline_view_get_n_matches (self->view);
  int   current = hp_timeline_view_get_current_match (self->view);
  guint next;

  if (self->linked == NULL || n == 0)
    return;
  if (current < 0)
    next = direction > 0 ? 0 : n - 1;
  else
    next = ((guint)current + (direction > 0 ? 1 : n - 1)) % n;
  focus_linked (self, next, FALSE);
}

static void
linked_next_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  step_linked (HP_TIMELINE_PANEL (widget), 1);
}

static void
linked_previous_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  step_linked (HP_TIMELINE_PANEL (widget), -1);
}

static void
linked_close_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (widget);

  hide_linked (self);
  hp_timeline_view_search (self->view, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

static gboolean show_critical_path (HpTimelinePanel *self,
                                    gboolean         show);

static void
params_changed_cb (HpTimelinePanel *self)
{
  const HpAnalysisParams *params = hp_session_get_params (self->session);

  hp_timeline_view_set_idle_delay (self->view, params->consecutive_kernel_delay);
  /* the Critical path tab chose another step or rank */
  if (self->critical_path != 0 && show_critical_path (self, FALSE) && !show_critical_path (self, TRUE))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_CRITICAL_PATH]);
}

static void
selected_rank_cb (HpTimelinePanel *self)
{
  int rank = hp_session_get_selected_rank (self->session);

  if (rank >= 0)
    hp_timeline_view_scroll_to_rank (self->view, rank);
}

/* Actions */

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  hp_timeline_view_zoom (HP_TIMELINE_PANEL (widget)->view, 1.5, -1);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  hp_timeline_view_zoom (HP_TIMELINE_PANEL (widget)->view, 1 / 1.5, -1);
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  hp_timeline_view_zoom_to_fit (HP_TIMELINE_PANEL (widget)->view);
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (widget);

  gtk_search_bar_set_search_mode (self->search_bar, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
export_chosen_cb (GObject *owner,
                  GFile   *file,
                  gpointer user_data)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (owner);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL || !hp_timeline_panel_export (self, path, &error))
    hp_show_error (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), _ ("Could not export the timeline"),
                   error != NULL ? error->message : _ ("Not a local file"));
  else
    hp_show_saved (GTK_WIDGET (self), path);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  hp_timeline_panel_export_dialog (HP_TIMELINE_PANEL (widget));
}

/* GObject */

static void
hp_timeline_panel_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (hp_timeline_panel_parent_class)->map (widget);

  /* W/S/A/D work at once when the tab is shown */
  gtk_widget_grab_focus (GTK_WIDGET (HP_TIMELINE_PANEL (widget)->view));
}

static void
hp_timeline_panel_dispose (GObject *object)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (object);
  GtkWidget       *child;

  cancel_range_stats (self);
  g_cancellable_cancel (self->area_cancellable);
  g_clear_object (&self->area_cancellable);
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  if (self->view != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (self), HP_TYPE_TIMELINE_PANEL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->session);
  g_clear_pointer (&self->trace, hp_trace_unref);
  g_clear_pointer (&self->linked, hp_linked_events_free);

  G_OBJECT_CLASS (hp_timeline_panel_parent_class)->dispose (object);
}

static void
hp_timeline_panel_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_SHOW_IDLE:
    case PROP_SHOW_FLOWS:
    case PROP_SHOW_ITERATIONS:
    case PROP_SHOW_COUNTERS:
    case PROP_SHOW_MEMORY:
      g_value_set_boolean (value, (hp_timeline_view_get_flags (self->view) & prop_flags[prop_id]) != 0);
      break;
    case PROP_SHOW_CRITICAL_PATH:
      g_value_set_boolean (value, self->critical_path != 0);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The critical path the Critical path tab's choosers ask for, over the
 * events; computed when turned on (a step's path takes milliseconds).
 * Returns whether the overlay changed. */
static gboolean
show_critical_path (HpTimelinePanel *self,
                    gboolean         show)
{
  HpTimelinePainter *painter = hp_timeline_view_get_painter (self->view);
  g_autoptr (GError) error = NULL;
  HpAnalysisParams defaults;

  if (show == (self->critical_path != 0) || painter == NULL)
    return FALSE;
  if (!show)
    {
      hp_timeline_painter_remove_overlay (painter, self->critical_path);
      self->critical_path = 0;
      g_clear_pointer (&self->paths, g_ptr_array_unref);
    }
  else
    {
      if (self->trace == NULL || hp_trace_get_n_ranks (self->trace) == 0)
        return FALSE;
      hp_analysis_params_init (&defaults);
      self->critical_path = hp_path_overlay_add (
          painter, self->trace, self->session != NULL ? hp_session_get_params (self->session) : &defaults,
          &self->paths, &error);
      hp_analysis_params_clear (&defaults);
      if (self->critical_path == 0)
        {
          g_message ("No critical path to show: %s", error->message);
          return FALSE;
        }
    }
  hp_timeline_painter_changed (painter);
  gtk_widget_queue_draw (GTK_WIDGET (self->view));
  update_details (self);
  return TRUE;
}

/* "next/previous event on the path": selects it and brings it into view */
static void
critical_path_step_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (widget);
  int              rank = -1;
  gint64           event = -1;

  if (self->critical_path == 0)
    return;
  hp_timeline_view_get_selection (self->view, &rank, &event);
  if (hp_path_overlay_step (self->paths, g_str_has_suffix (action_name, "next") ? 1 : -1, &rank, &event))
    hp_timeline_view_select_event (self->view, rank, event);
  else
    gtk_widget_error_bell (widget);
}

static void
hp_timeline_panel_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      hp_timeline_panel_set_session (self, g_value_get_object (value));
      break;
    case PROP_SHOW_IDLE:
    case PROP_SHOW_FLOWS:
    case PROP_SHOW_ITERATIONS:
    case PROP_SHOW_COUNTERS:
    case PROP_SHOW_MEMORY:
      {
        HpTimelineFlags flags = hp_timeline_view_get_flags (self->view);
        HpTimelineFlags wanted = g_value_get_boolean (value) ? flags | prop_flags[prop_id] : flags & ~prop_flags[prop_id];

        if (wanted != flags)
          {
            hp_timeline_view_set_flags (self->view, wanted);
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    case PROP_SHOW_CRITICAL_PATH:
      if (show_critical_path (self, g_value_get_boolean (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_timeline_panel_class_init (HpTimelinePanelClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_timeline_panel_dispose;
  object_class->get_property = hp_timeline_panel_get_property;
  object_class->set_property = hp_timeline_panel_set_property;

  widget_class->map = hp_timeline_panel_map;

  properties[PROP_SESSION] =
      g_param_spec_object ("session", NULL, NULL, HP_TYPE_SESSION,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_IDLE] =
      g_param_spec_boolean ("show-idle", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_FLOWS] =
      g_param_spec_boolean ("show-flows", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_ITERATIONS] =
      g_param_spec_boolean ("show-iterations", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COUNTERS] =
      g_param_spec_boolean ("show-counters", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_CRITICAL_PATH] =
      g_param_spec_boolean ("show-critical-path", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpTimelinePanel:show-memory:
   *
   * The memory allocated and reserved per device as tracks, from the
   * memory analysis of the session, the peak marked.
   */
  properties[PROP_SHOW_MEMORY] =
      g_param_spec_boolean ("show-memory", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-timeline-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, view);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, vscrollbar);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, hscrollbar);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, search_bar);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, search_entry);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, match_label);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, range_label);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, details_box);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, linked_revealer);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, linked_label);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, linked_position);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, area_paned);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, area_table);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, range_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, window_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_match_cb);
  gtk_widget_class_bind_template_callback (widget_class, previous_match_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);

  gtk_widget_class_install_action (widget_class, "timeline.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-fit", NULL, zoom_fit_action);
  gtk_widget_class_install_action (widget_class, "timeline.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "timeline.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "timeline.linked-next", NULL, linked_next_action);
  gtk_widget_class_install_action (widget_class, "timeline.linked-previous", NULL, linked_previous_action);
  gtk_widget_class_install_action (widget_class, "timeline.linked-close", NULL, linked_close_action);
  gtk_widget_class_install_property_action (widget_class, "timeline.show-idle", "show-idle");
  gtk_widget_class_install_property_action (widget_class, "timeline.show-flows", "show-flows");
  gtk_widget_class_install_property_action (widget_class, "timeline.show-iterations", "show-iterations");
  gtk_widget_class_install_property_action (widget_class, "timeline.show-counters", "show-counters");
  gtk_widget_class_install_property_action (widget_class, "timeline.show-memory", "show-memory");
  gtk_widget_class_install_property_action (widget_class, "timeline.show-critical-path", "show-critical-path");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "timeline.show-critical-path", NULL);
  gtk_widget_class_install_action (widget_class, "timeline.critical-path-next", NULL, critical_path_step_action);
  gtk_widget_class_install_action (widget_class, "timeline.critical-path-previous", NULL, critical_path_step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, 0, "timeline.critical-path-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, 0, "timeline.critical-path-previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "timeline.search", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hptimelinepanel");

  g_type_ensure (HP_TYPE_TABLE_VIEW);
  g_type_ensure (HP_TYPE_TIMELINE_VIEW);
  g_type_ensure (HP_TYPE_BOOKMARKS_POPOVER);
}

static void
hp_timeline_panel_init (HpTimelinePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_scrollbar_set_adjustment (self->vscrollbar, hp_timeline_view_get_vadjustment (self->view));
  gtk_scrollbar_set_adjustment (self->hscrollbar, hp_timeline_view_get_hadjustment (self->view));
  gtk_search_bar_connect_entry (self->search_bar, GTK_EDITABLE (self->search_entry));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.export", FALSE);
}

/* Public API */

/**
 * hp_timeline_panel_new:
 *
 * Returns: (transfer floating): a Timeline tab; give it a session (or a
 *   trace) to show
 */
GtkWidget *
hp_timeline_panel_new (void)
{
  return g_object_new (HP_TYPE_TIMELINE_PANEL, NULL);
}

HpSession *
hp_timeline_panel_get_session (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return self->session;
}

/**
 * hp_timeline_panel_set_session:
 * @session: (nullable): the opened trace
 *
 * Shows the session's trace; follows its selected rank (scrolled to the
 * top) and its idle-time parameters (the idle overlay's categories).
 */
void
hp_timeline_panel_set_session (HpTimelinePanel *self,
                               HpSession       *session)
{
  g_return_if_fail (HP_IS_TIMELINE_PANEL (self));
  g_return_if_fail (session == NULL || HP_IS_SESSION (session));

  if (self->session == session)
    return;
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  hp_timeline_view_set_session (self->view, session);
  /* pins, hidden lanes, bookmarks: kept per folder, applied to the new
   * trace once it is shown */
  hp_timeline_view_set_state_file (self->view, NULL);
  hp_timeline_panel_set_trace (self, session != NULL ? hp_session_get_trace (session) : NULL);
  if (session != NULL && hp_session_get_run (session) != NULL && hp_run_get_paths (hp_session_get_run (session)) != NULL &&
      hp_run_get_paths (hp_session_get_run (session))[0] != NULL)
    {
      g_autofree char *state = hp_timeline_state_path_for_run (g_get_user_state_dir (), hp_run_get_paths (hp_session_get_run (session)));

      hp_timeline_view_set_state_file (self->view, state);
    }
  if (session != NULL)
    {
      g_signal_connect_swapped (session, "params-changed", G_CALLBACK (params_changed_cb), self);
      g_signal_connect_swapped (session, "notify::selected-rank", G_CALLBACK (selected_rank_cb), self);
      params_changed_cb (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/**
 * hp_timeline_panel_set_trace:
 * @trace: (nullable): a trace to show without a session
 */
void
hp_timeline_panel_set_trace (HpTimelinePanel *self,
                             HpTrace         *trace)
{
  g_return_if_fail (HP_IS_TIMELINE_PANEL (self));

  if (self->trace == trace)
    return;
  g_clear_pointer (&self->trace, hp_trace_unref);
  if (trace != NULL)
    self->trace = hp_trace_ref (trace);
  hide_linked (self);
  show_critical_path (self, FALSE);
  hp_timeline_view_set_trace (self->view, trace);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.export", trace != NULL);
  for (guint p = PROP_SHOW_IDLE; p < N_PROPS; p++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[p]);
  window_changed_cb (self);
  update_details (self);
}

/**
 * hp_timeline_panel_get_view:
 *
 * Returns: (transfer none): the timeline, for linked views
 *   (hp_timeline_view_select_event(), hp_timeline_view_show_events())
 */
HpTimelineView *
hp_timeline_panel_get_view (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return self->view;
}

/**
 * hp_timeline_panel_get_details:
 *
 * Returns: (transfer none): the details pane's box
 */
GtkWidget *
hp_timeline_panel_get_details (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return GTK_WIDGET (self->details_box);
}

/**
 * hp_timeline_panel_get_details_title:
 *
 * Returns: (nullable): the heading of the details pane: the selected
 *   event's short name, the range's length, or "Nothing selected"
 */
const char *
hp_timeline_panel_get_details_title (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return self->details_title != NULL ? gtk_label_get_text (self->details_title) : NULL;
}

/**
 * hp_timeline_panel_get_window_text:
 *
 * Returns: what the toolbar says of the visible window ("541 ms visible,
 *   -14.6 ms – 526.824 ms"): the ruler's first and last time
 */
const char *
hp_timeline_panel_get_window_text (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return gtk_label_get_text (self->range_label);
}

/**
 * hp_timeline_panel_get_area_table:
 *
 * Returns: (transfer none) (nullable): the table of the selected area's
 *   events by name, or %NULL while no area's table is shown
 */
HpTableView *
hp_timeline_panel_get_area_table (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->area_table)))
    return NULL;
  return self->area_table;
}

/**
 * hp_timeline_panel_search:
 * @text: (nullable): what to look for in event names, or %NULL to close
 *   the search
 *
 * Opens the search bar with @text, as typing it there would; %NULL clears
 * the matches and closes the bar, as Escape does.
 */
void
hp_timeline_panel_search (HpTimelinePanel *self,
                          const char      *text)
{
  g_return_if_fail (HP_IS_TIMELINE_PANEL (self));

  gtk_search_bar_set_search_mode (self->search_bar, text != NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  /* the entry reports changes after a delay; do not wait for it */
  search_changed_cb (self);
}

/**
 * hp_timeline_panel_get_match_text:
 *
 * Returns: what the search bar says about the matches ("12 matches",
 *   "3 of 12", "No matches")
 */
const char *
hp_timeline_panel_get_match_text (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return gtk_label_get_text (self->match_label);
}

/**
 * hp_timeline_panel_export:
 * @path: a .png, .svg or .pdf file
 * @error: a #GError
 *
 * Writes the visible time range, every row, as an image.
 *
 * Returns: whether the file was written
 */
gboolean
hp_timeline_panel_export (HpTimelinePanel *self,
                          const char      *path,
                          GError         **error)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), FALSE);
  return hp_timeline_view_export (self->view, path, error);
}

/**
 * hp_timeline_panel_export_dialog:
 *
 * Asks for a file name, then exports the visible range there (PNG, SVG or
 * PDF by the extension). The window's Export action calls this when the
 * Timeline tab is current.
 */
void
hp_timeline_panel_export_dialog (HpTimelinePanel *self)
{
  GtkRoot *root;

  g_return_if_fail (HP_IS_TIMELINE_PANEL (self));

  if (self->trace == NULL)
    return;
  root = gtk_widget_get_root (GTK_WIDGET (self));
  hp_choose_save_file (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _ ("Export Timeline"), "timeline.png",
                       G_OBJECT (self), export_chosen_cb, NULL);
}

/**
 * hp_timeline_panel_show_linked:
 * @linked: what a row of an analysis table stands for
 *
 * Linked views: highlights @linked's events (ending any search), selects
 * the one in focus and shows it as @linked's focus says, and opens the bar
 * that steps through them. Works before the panel was ever shown: the
 * selected row is scrolled into view once the timeline is laid out.
 */
void
hp_timeline_panel_show_linked (HpTimelinePanel      *self,
                               const HpLinkedEvents *linked)
{
  int match;

  g_return_if_fail (HP_IS_TIMELINE_PANEL (self));
  g_return_if_fail (linked != NULL);

  if (self->trace == NULL || hp_trace_find_rank (self->trace, linked->rank) == NULL || linked->events->len == 0)
    return;

  /* closing the search clears its matches (and the last linked events) */
  if (*gtk_editable_get_text (GTK_EDITABLE (self->search_entry)) != '\0')
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
  gtk_search_bar_set_search_mode (self->search_bar, FALSE);
  hide_linked (self);

  /* start from nothing selected, so that showing the same row again still
   * brings it into view */
  hp_timeline_view_set_selected_range (self->view, 0, 0);
  hp_timeline_view_select_event (self->view, -1, -1);
  if (linked->focus == HP_LINKED_FOCUS_GAP)
    g_object_set (self, "show-idle", TRUE, NULL);

  self->linked = hp_linked_events_copy (linked);
  hp_timeline_view_show_events (self->view, linked->rank, linked->events);
  /* the same events on other ranks (one collective on every rank) */
  for (guint i = 0; linked->others != NULL && i < linked->others->len; i++)
    {
      const HpLinkedEvent *other = &g_array_index (linked->others, HpLinkedEvent, i);
      g_autoptr (GArray) one = g_array_new (FALSE, FALSE, sizeof (guint32));

      g_array_append_val (one, other->event);
      hp_timeline_view_add_highlights (self->view, other->rank, one);
    }
  match = match_of_event (self, g_array_index (linked->events, guint32, MIN (linked->focus_index, linked->events->len - 1)));
  focus_linked (self, match >= 0 ? (guint)match : 0, TRUE);

  gtk_label_set_text (self->linked_label, linked->description != NULL ? linked->description : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->linked_label), linked->description);
  gtk_revealer_set_reveal_child (self->linked_revealer, TRUE);
  update_linked_position (self);
}

/**
 * hp_timeline_panel_get_linked_text:
 *
 * Returns: (nullable): what the linked bar says the highlighted events
 *   are, or %NULL when it is closed
 */
const char *
hp_timeline_panel_get_linked_text (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);

  if (self->linked == NULL)
    return NULL;
  return gtk_label_get_text (self->linked_label);
}
