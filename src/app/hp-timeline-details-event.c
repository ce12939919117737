/* hp-timeline-details-event.c — the details pane for one event: timing, lane, args, and links to related events.
 *
 * An event's timing, lane, iteration and correlation, its slack and edges
 * when the critical-path overlay is shown, its launch or kernels, the
 * collective of a communication kernel, its enclosing events as links that
 * select them, and every arg the trace gives it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "hp-path-overlay.h"
#include "hp-timeline-details-private.h"

static void
add_arg_rows (HpTimelineDetails *self,
              const HpRank      *r,
              guint32            event)
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

  hp_timeline_details_add_heading (self, _ ("Arguments"));
  grid = hp_timeline_details_add_grid (self);
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
      hp_timeline_details_grid_row (grid, l->data, text, NULL, FALSE);
    }
  g_list_free (members);
}

/* "On the path" or the slack, then the edges from and to other events */
static void
add_critical_path_rows (HpTimelineDetails *self,
                        GtkGrid           *grid,
                        HpCriticalPath    *path,
                        guint32            e)
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
  hp_timeline_details_grid_row (grid, _ ("Critical path"), text, NULL, FALSE);
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

          hp_timeline_details_add_link_row (self, grid, label, r, other);
        }
    }
}

/* the collective a communication kernel belongs to, as the trace says,
 * and a link that shows it on every rank */
static void
add_collective_rows (HpTimelineDetails *self,
                     GtkGrid           *grid,
                     const HpRank      *r,
                     guint32            e)
{
  HpCommInfo info;

  hp_comm_describe (self->trace, r, e, &info);
  if (info.collective[0] != '\0')
    {
      g_autofree char *size = info.msg_bytes >= 0 ? g_format_size_full ((guint64)info.msg_bytes, G_FORMAT_SIZE_IEC_UNITS)
                                                  : NULL;
      g_autofree char *text = size != NULL ? g_strdup_printf ("%s, %s", info.collective, size) : g_strdup (info.collective);

      hp_timeline_details_grid_row (grid, _ ("Collective"), text, NULL, FALSE);
    }
  if (info.group[0] != '\0')
    {
      g_autofree char *text = info.group_ranks[0] != '\0' ? g_strdup_printf ("%s %s", info.group, info.group_ranks)
                                                          : g_strdup (info.group);

      hp_timeline_details_grid_row (grid, _ ("Process group"), text, NULL, FALSE);
    }
  if (hp_trace_get_n_ranks (self->trace) > 1)
    {
      g_autofree char *markup = g_markup_printf_escaped ("<a href=\"collective:%d:%u\">%s</a>", r->rank, e,
                                                         _ ("Show on every rank"));
      GtkLabel        *label = hp_timeline_details_grid_row (grid, _ ("All ranks"), markup, NULL, TRUE);

      g_signal_connect_swapped (label, "activate-link", G_CALLBACK (hp_timeline_details_link_cb), self);
    }
  hp_comm_info_clear (&info);
}

void
hp_timeline_details_fill_event (HpTimelineDetails *self,
                                int                rank,
                                gint64             event,
                                GPtrArray         *paths)
{
  const HpRank    *r = hp_trace_find_rank (self->trace, rank);
  guint32          e = (guint32)event;
  const char      *name = hp_trace_get_string (self->trace, r->name[e]);
  const char      *cat = r->cat[e] != HP_NO_STRING ? hp_trace_get_string (self->trace, r->cat[e]) : NULL;
  const HpLane    *lane = hp_rank_get_event_lane (r, e);
  g_autofree char *lane_name = hp_timeline_details_lane_title (self, r, hp_rank_lane (r, e));
  g_autofree char *start = hp_timeline_format_time (hp_rank_get_event_start (r, e));
  g_autofree char *end = hp_timeline_format_time (hp_rank_get_event_end (r, e));
  g_autofree char *dur = hp_timeline_format_duration (hp_rank_get_event_duration (r, e));
  g_autofree char *rank_text = g_strdup_printf ("%d", r->rank);
  GtkGrid         *grid;
  GtkLabel        *subtitle;

  hp_timeline_details_clear_pane (self);
  self->title = hp_timeline_details_add_label (self->box, hp_timeline_details_short_name (self, r->name[e]), "title-4");
  if (g_strcmp0 (name, hp_timeline_details_short_name (self, r->name[e])) != 0)
    {
      /* template names run for pages: a few lines, the rest in a tooltip */
      subtitle = hp_timeline_details_add_label (self->box, name, "dim-label");
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

  grid = hp_timeline_details_add_grid (self);
  hp_timeline_details_grid_row (grid, _ ("Category"), cat != NULL ? cat : "—", NULL, FALSE);
  hp_timeline_details_grid_row (grid, _ ("Duration"), dur, NULL, FALSE);
  hp_timeline_details_grid_row (grid, _ ("Start"), start, NULL, FALSE);
  hp_timeline_details_grid_row (grid, _ ("End"), end, NULL, FALSE);
  hp_timeline_details_grid_row (grid, _ ("Rank"), rank_text, NULL, FALSE);
  hp_timeline_details_grid_row (grid, lane->is_gpu ? _ ("Stream") : _ ("Thread"), lane_name, NULL, FALSE);
  if (hp_rank_is_gpu_activity (r, e))
    hp_timeline_details_grid_row (grid, _ ("Kernel class"), hp_kernel_class_to_string (hp_rank_get_kernel_class (r, e)), NULL, FALSE);
  if (hp_rank_get_event_iteration (r, e) >= 0)
    {
      g_autofree char *it = g_strdup_printf ("%d", hp_rank_get_event_iteration (r, e));

      hp_timeline_details_grid_row (grid, _ ("Iteration"), it, NULL, FALSE);
    }
  if (hp_rank_correlation (r, e) >= 0)
    {
      g_autofree char *corr = g_strdup_printf ("%" G_GINT64_FORMAT, hp_rank_correlation (r, e));

      hp_timeline_details_grid_row (grid, _ ("Correlation"), corr, NULL, FALSE);
    }

  /* with the critical-path overlay: the event's slack and its edges */
  if (hp_path_overlay_find (paths, r) != NULL)
    add_critical_path_rows (self, grid, hp_path_overlay_find (paths, r), e);

  /* the launch ↔ kernel link */
  if (r->partner[e] >= 0)
    {
      guint          n_launched;
      const guint32 *launched = hp_rank_get_launched (r, e, &n_launched);

      if (lane->is_gpu)
        hp_timeline_details_add_link_row (self, grid, _ ("Launched by"), r, (guint32)r->partner[e]);
      else if (launched != NULL)
        {
          for (guint k = 0; k < n_launched && k < MAX_LINKS; k++)
            hp_timeline_details_add_link_row (self, grid, k == 0 ? _ ("Launches") : "", r, launched[k]);
        }
      else
        hp_timeline_details_add_link_row (self, grid, _ ("Launches"), r, (guint32)r->partner[e]);
    }

  /* a collective: what it moves, and its kernels on every rank */
  if (r->kind[e] == HP_EVENT_KIND_KERNEL && r->kclass[e] == HP_KERNEL_CLASS_COMMUNICATION)
    add_collective_rows (self, grid, r, e);

  /* the enclosing events, innermost first */
  {
    gint32 p = r->parent[e];
    guint  n = 0;

    for (; p >= 0 && n < MAX_LINKS; p = r->parent[p], n++)
      hp_timeline_details_add_link_row (self, grid, n == 0 ? _ ("Called from") : "", r, (guint32)p);
  }

  add_arg_rows (self, r, e);
}
