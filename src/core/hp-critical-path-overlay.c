/* hp-critical-path-overlay.c — the rank's trace with the critical path marked and its edges as flows (docs/analyses.md §12.6).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-critical-path-private.h"
#include "hp-trace-echo-private.h"

typedef struct
{
  HpCriticalPath *cp;
  guint8         *critical; /* per position in traceEvents */
  guint64         n_positions;
  gboolean        only_critical;
  gboolean        show_all_edges;
  guint32         key_device;
} Overlay;

static gboolean
position_is_critical (Overlay *o,
                      guint64  position)
{
  return position < o->n_positions && o->critical[position];
}

static int
overlay_args_end (HpEcho *rw)
{
  Overlay *o = rw->user_data;

  if (!position_is_critical (o, rw->event.position))
    return 1;
  return _hp_echo_str (rw, rw->cur, "critical") && _hp_echo_ok (rw, yajl_gen_integer (rw->cur, 1));
}

/* HTA keeps, with only the critical events, every non-X event, the
 * annotations and python functions, and the critical events */
static gboolean
overlay_event_end (HpEcho *rw)
{
  Overlay *o = rw->user_data;
  gboolean critical = position_is_critical (o, rw->event.position);

  if (critical && !rw->event.has_args)
    {
      /* HTA fails on such an event; give it the args it lacks */
      if (!(_hp_echo_str (rw, rw->cur, "args") && _hp_echo_ok (rw, yajl_gen_map_open (rw->cur)) &&
            _hp_echo_str (rw, rw->cur, "critical") && _hp_echo_ok (rw, yajl_gen_integer (rw->cur, 1)) &&
            _hp_echo_ok (rw, yajl_gen_map_close (rw->cur))))
        return FALSE;
    }
  if (!o->only_critical)
    return TRUE;
  return strcmp (rw->event.ph, "X") != 0 || strcmp (rw->event.cat, "user_annotation") == 0 ||
         strcmp (rw->event.cat, "python_function") == 0 || critical;
}

/* one end of a flow: on the node's event, at its start, or at its end
 * (inside the box for GPU events), in whole us of the file's time base */
static int
emit_flow_end (HpEcho         *rw,
               Overlay        *o,
               guint           id,
               const HpCpNode *node,
               const HpCpEdge *edge,
               gboolean        on_path,
               gboolean        start)
{
  const HpRank *r = o->cp->rank;
  guint         e = node->event;
  gint64        ts = node->is_start ? r->ts[e] : hp_rank_end (r, e);
  yajl_gen      g = rw->gen;

  if (!node->is_start && o->key_device != HP_NO_STRING && hp_rank_get_arg_int (r, e, o->key_device, -1) >= 0)
    ts -= MIN (HP_NS_PER_US, MAX (hp_rank_dur (r, e), 0));
  ts += rw->min_ts;
  return _hp_echo_ok (rw, yajl_gen_map_open (g)) && _hp_echo_str (rw, g, "ph") &&
         _hp_echo_str (rw, g, start ? "s" : "f") && _hp_echo_str (rw, g, "id") &&
         _hp_echo_ok (rw, yajl_gen_integer (g, id)) && _hp_echo_str (rw, g, "pid") &&
         _hp_echo_ok (rw, yajl_gen_integer (g, hp_rank_pid (r, e))) && _hp_echo_str (rw, g, "tid") &&
         _hp_echo_ok (rw, yajl_gen_integer (g, hp_rank_tid (r, e))) && _hp_echo_str (rw, g, "ts") &&
         _hp_echo_ok (rw, yajl_gen_integer (g, ts >= 0 ? ts / HP_NS_PER_US : -((-ts + HP_NS_PER_US - 1) / HP_NS_PER_US))) &&
         _hp_echo_str (rw, g, "cat") && _hp_echo_str (rw, g, "critical_path") &&
         _hp_echo_str (rw, g, "name") && _hp_echo_str (rw, g, "critical_path") &&
         (start || (_hp_echo_str (rw, g, "bp") && _hp_echo_str (rw, g, "e"))) &&
         _hp_echo_str (rw, g, "args") && _hp_echo_ok (rw, yajl_gen_map_open (g)) &&
         _hp_echo_str (rw, g, "weight") && _hp_echo_ok (rw, yajl_gen_integer (g, edge->weight / HP_NS_PER_US)) &&
         _hp_echo_str (rw, g, "critical") && _hp_echo_ok (rw, yajl_gen_bool (g, on_path)) &&
         _hp_echo_str (rw, g, "type") && _hp_echo_str (rw, g, hp_cp_edge_type_to_string (edge->type)) &&
         _hp_echo_ok (rw, yajl_gen_map_close (g)) && _hp_echo_ok (rw, yajl_gen_map_close (g));
}

static int
overlay_append (HpEcho *rw)
{
  Overlay           *o = rw->user_data;
  HpCriticalPath    *cp = o->cp;
  const HpCpNode    *nodes = (const HpCpNode *)(gpointer)cp->nodes->data;
  const HpCpEdge    *edges = (const HpCpEdge *)(gpointer)cp->edges->data;
  g_autofree guint8 *on_path = g_new0 (guint8, cp->edges->len + 1);
  gboolean           all = o->show_all_edges && !o->only_critical;
  guint              id = 0;

  for (guint i = 0; i < cp->path_edges->len; i++)
    on_path[g_array_index (cp->path_edges, guint32, i)] = TRUE;
  for (guint i = 0; i < cp->edges->len; i++)
    {
      const HpCpEdge *e = &edges[i];

      if (all ? (e->zero_weight && e->type == HP_CP_EDGE_LAUNCH_DELAY)
              : !on_path[i] || (e->type != HP_CP_EDGE_DEPENDENCY && e->type != HP_CP_EDGE_LAUNCH_DELAY &&
                                e->type != HP_CP_EDGE_SYNC))
        continue;
      if (!emit_flow_end (rw, o, id, &nodes[e->src], e, on_path[i], TRUE) ||
          !emit_flow_end (rw, o, id, &nodes[e->dst], e, on_path[i], FALSE))
        return 0;
      id++;
    }
  return 1;
}

/**
 * hp_critical_path_overlay_path:
 * @self: a critical path
 * @output_dir: the folder to write to
 *
 * Returns: (transfer full): HTA's name of the overlaid trace,
 *   `<output_dir>/overlaid_critical_path_<trace file name>`
 */
char *
hp_critical_path_overlay_path (HpCriticalPath *self,
                               const char     *output_dir)
{
  g_autofree char *name = g_strconcat ("overlaid_critical_path_", self->rank->basename, NULL);

  return g_build_filename (output_dir, name, NULL);
}

/**
 * hp_critical_path_write_overlay:
 * @self: a critical path
 * @output_path: the file to write, gzip-compressed iff it ends in `.gz`
 * @only_critical_events: keep only the path's events (and the annotations,
 *   python functions and non-`X` events)
 * @show_all_edges: draw every edge of the graph (not with
 *   @only_critical_events), else the path's dependency, launch and sync
 *   edges
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * HTA's `overlay_critical_path_analysis` (docs/analyses.md §12.6): the rank's file
 * streamed again with `args.critical = 1` on the path's events and one
 * flow (`ph` "s"/"f", cat `critical_path`) per drawn edge.
 *
 * Returns: %TRUE on success, else %FALSE with @error naming the file
 */
gboolean
hp_critical_path_write_overlay (HpCriticalPath *self,
                                const char     *output_path,
                                gboolean        only_critical_events,
                                gboolean        show_all_edges,
                                GCancellable   *cancellable,
                                GError        **error)
{
  const HpRank      *r = self->rank;
  HpEchoHooks        hooks = { overlay_append, only_critical_events, overlay_args_end, overlay_event_end };
  Overlay            o = { 0 };
  g_autofree guint8 *critical = NULL;
  g_autofree char   *dir = g_path_get_dirname (output_path);

  g_return_val_if_fail (self != NULL && output_path != NULL, FALSE);

  if (g_file_test (dir, G_FILE_TEST_EXISTS) && !g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY, "%s: not a folder", dir);
      return FALSE;
    }
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: cannot create the folder", dir);
      return FALSE;
    }

  o.n_positions = MAX (r->n_json_events, 1);
  for (guint e = 0; e < r->n_events; e++)
    o.n_positions = MAX (o.n_positions, (guint64)r->index[e] + 1);
  o.critical = critical = g_new0 (guint8, o.n_positions);
  for (guint e = 0; e < r->n_events; e++)
    if (self->critical[e])
      critical[r->index[e]] = TRUE;
  o.cp = self;
  o.only_critical = only_critical_events;
  o.show_all_edges = show_all_edges;
  o.key_device = hp_rank_lookup_arg_key (r, "device");
  return _hp_echo_file (r, output_path, r->basename, hp_trace_get_min_ts (self->trace), &hooks, &o, cancellable, error);
}
