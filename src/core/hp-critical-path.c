/* hp-critical-path.c — the longest path, slack, breakdown and summary of a critical-path graph (docs/analyses.md §12.4, §12.5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-critical-path-private.h"
#include "hp-linked-events.h"

static const char *const edge_type_names[HP_CP_N_EDGE_TYPES] = {
  "critical_path_operator",
  "critical_path_dependency",
  "critical_path_kernel_launch_delay",
  "critical_path_kernel_kernel_delay",
  "critical_path_sync_dependency",
  "critical_path_cross_rank",
};

/**
 * hp_cp_edge_type_to_string:
 * @type: an #HpCpEdgeType
 *
 * Returns: HTA's name of the edge type, as the breakdown's `type` column
 *   shows it
 */
const char *
hp_cp_edge_type_to_string (HpCpEdgeType type)
{
  g_return_val_if_fail (type < HP_CP_N_EDGE_TYPES, NULL);
  return edge_type_names[type];
}

/**
 * hp_critical_path_options_init:
 * @options: options to initialise
 *
 * The defaults: the default region, no zero-weight launch edges, no
 * data-loading events.
 */
void
hp_critical_path_options_init (HpCriticalPathOptions *options)
{
  memset (options, 0, sizeof *options);
  options->annotation = NULL;
  options->instance_first = 0;
  options->instance_last = 0;
}

/* ---------------------------------------------------------------------------
 * Validation and the longest path (§12.4)
 * ------------------------------------------------------------------------- */

/* the weight the longest path uses: HTA ignores weights of -1 us or less
 * (ns rounding makes children end after their parents) */
gint64
_hp_critical_path_graph_weight (HpCriticalPath *self,
                                const HpCpEdge *edge)
{
  (void)self;
  return edge->weight <= -HP_NS_PER_US ? 0 : edge->weight;
}

typedef struct
{
  guint32 *first; /* n_nodes + 1 */
  guint32 *edge;  /* edge ids, each node's in insertion order */
} Csr;

static void
csr_build (Csr            *csr,
           const HpCpEdge *edges,
           guint           n_edges,
           guint           n_nodes,
           gboolean        by_dst)
{
  csr->first = g_new0 (guint32, n_nodes + 1);
  csr->edge = g_new (guint32, MAX (n_edges, 1));
  for (guint i = 0; i < n_edges; i++)
    csr->first[(by_dst ? edges[i].dst : edges[i].src) + 1]++;
  for (guint v = 0; v < n_nodes; v++)
    csr->first[v + 1] += csr->first[v];
  {
    g_autofree guint32 *fill = g_memdup2 (csr->first, sizeof (guint32) * (n_nodes + 1));

    for (guint i = 0; i < n_edges; i++)
      csr->edge[fill[by_dst ? edges[i].dst : edges[i].src]++] = i;
  }
}

static void
csr_clear (Csr *csr)
{
  g_clear_pointer (&csr->first, g_free);
  g_clear_pointer (&csr->edge, g_free);
}

static gboolean
validate (HpCriticalPath *self)
{
  const HpRank   *r = self->rank;
  const HpCpEdge *edges = (const HpCpEdge *)(gpointer)self->edges->data;

  for (guint i = 0; i < self->edges->len; i++)
    {
      const HpCpEdge *e = &edges[i];
      guint           src, dst;

      if (e->type != HP_CP_EDGE_SYNC)
        continue;
      src = g_array_index (self->nodes, HpCpNode, e->src).event;
      dst = g_array_index (self->nodes, HpCpNode, e->dst).event;
      if (hp_rank_stream (r, src) != -1 && hp_rank_stream (r, src) == hp_rank_stream (r, dst))
        {
          self->problem = g_strdup_printf (_ ("%s: a synchronisation links two events of stream %" G_GINT64_FORMAT),
                                           r->basename, hp_rank_stream (r, src));
          return FALSE;
        }
    }
  return TRUE;
}

/* networkx's dag_longest_path: topological order by generations, the first
 * best predecessor, the first node of largest distance (or @end_node,
 * when it is not -1 and as far). Fills @path (node ids) and the
 * distances; FALSE when the graph has a cycle. */
gboolean
_hp_cp_longest_path (const HpCpEdge *edges,
                     guint           n_edges,
                     guint           n,
                     gint32          end_node,
                     GArray         *path,
                     gint64         *dist_to,
                     gint64         *dist_from,
                     gint64         *length)
{
  Csr                 out = { 0 }, in = { 0 };
  g_autofree guint32 *indegree = g_new0 (guint32, MAX (n, 1));
  g_autofree guint32 *order = g_new (guint32, MAX (n, 1));
  g_autofree gint32  *pred = g_new (gint32, MAX (n, 1));
  guint               head = 0, tail = 0;
  gint64              best = G_MININT64;
  gint32              end = -1;
  gboolean            ok = TRUE;

  *length = 0;
  csr_build (&out, edges, n_edges, n, FALSE);
  csr_build (&in, edges, n_edges, n, TRUE);
  for (guint i = 0; i < n_edges; i++)
    indegree[edges[i].dst]++;
  for (guint v = 0; v < n; v++)
    if (indegree[v] == 0)
      order[tail++] = v;
  while (head < tail)
    {
      guint v = order[head++];

      for (guint j = out.first[v]; j < out.first[v + 1]; j++)
        if (--indegree[edges[out.edge[j]].dst] == 0)
          order[tail++] = edges[out.edge[j]].dst;
    }
  if (tail < n)
    {
      ok = FALSE;
      goto out;
    }

  for (guint i = 0; i < n; i++)
    {
      guint    v = order[i];
      gboolean any = FALSE;
      gint64   d = 0;
      gint32   p = (gint32)v;

      for (guint j = in.first[v]; j < in.first[v + 1]; j++)
        {
          const HpCpEdge *e = &edges[in.edge[j]];
          gint64          cand = dist_to[e->src] + _hp_critical_path_graph_weight (NULL, e);

          if (!any || cand > d)
            {
              d = cand;
              p = (gint32)e->src;
              any = TRUE;
            }
        }
      if (!any || d < 0)
        {
          d = 0;
          p = (gint32)v;
        }
      dist_to[v] = d;
      pred[v] = p;
      if (d > best)
        {
          best = d;
          end = (gint32)v;
        }
    }
  for (guint i = n; i-- > 0;)
    {
      guint  v = order[i];
      gint64 d = 0;

      for (guint j = out.first[v]; j < out.first[v + 1]; j++)
        {
          const HpCpEdge *e = &edges[out.edge[j]];

          d = MAX (d, _hp_critical_path_graph_weight (NULL, e) + dist_from[e->dst]);
        }
      dist_from[v] = d;
    }

  if (end_node >= 0 && (guint)end_node < n && dist_to[end_node] >= best)
    end = end_node;
  if (end >= 0)
    {
      gint32 v = end;

      *length = best;
      for (;;)
        {
          g_array_append_val (path, v);
          if (pred[v] == v)
            break;
          v = pred[v];
        }
      for (guint i = 0; i < path->len / 2; i++)
        {
          guint32 *a = &g_array_index (path, guint32, i);
          guint32 *b = &g_array_index (path, guint32, path->len - 1 - i);
          guint32  t = *a;

          *a = *b;
          *b = t;
        }
    }
  if (path->len < 2)
    g_array_set_size (path, 0);

out:
  csr_clear (&out);
  csr_clear (&in);
  return ok;
}

static void
longest_path (HpCriticalPath *self)
{
  guint n = self->nodes->len;

  self->path = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->path_edges = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->dist_to = g_new0 (gint64, MAX (n, 1));
  self->dist_from = g_new0 (gint64, MAX (n, 1));
  self->critical = g_new0 (guint8, MAX (self->rank->n_events, 1));

  /* Better: the path ends at the region's last node when it is as long */
  if (!_hp_cp_longest_path ((const HpCpEdge *)(gpointer)self->edges->data, self->edges->len, n, self->last_node,
                            self->path, self->dist_to, self->dist_from, &self->length))
    {
      self->valid = FALSE;
      self->problem = g_strdup_printf (_ ("%s: the critical-path graph has a cycle"), self->rank->basename);
      return;
    }
  for (guint i = 0; i < self->path->len; i++)
    {
      guint32 v = g_array_index (self->path, guint32, i);

      self->critical[g_array_index (self->nodes, HpCpNode, v).event] = TRUE;
      if (i > 0)
        {
          guint32 *id = _hp_cp_edge_map_lookup (&self->edge_ids, g_array_index (self->path, guint32, i - 1), v);

          g_assert (id != NULL);
          g_array_append_val (self->path_edges, *id);
        }
    }
}

/**
 * hp_critical_path_new:
 * @trace: a trace
 * @rank: one of its ranks
 * @options: the region and the switches
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Builds the critical-path graph of @rank over the region of @options and
 * its longest path (docs/analyses.md §12). A graph HTA would reject (a sync
 * within one stream, a cycle) is returned with hp_critical_path_is_valid()
 * %FALSE and no path. What cannot be linked (a kernel whose launch is not
 * in the region, ...) is counted by hp_critical_path_get_n_unlinked().
 *
 * Returns: (transfer full) (nullable): the graph, or %NULL with @error set
 *   when the region does not exist or on cancellation
 */
HpCriticalPath *
hp_critical_path_new (HpTrace                     *trace,
                      const HpRank                *rank,
                      const HpCriticalPathOptions *options,
                      GCancellable                *cancellable,
                      GError                     **error)
{
  return _hp_critical_path_new_cached (trace, rank, options, NULL, cancellable, error);
}

/* as hp_critical_path_new(), keeping what depends on the whole rank in
 * @cache for the next region of the same rank */
HpCriticalPath *
_hp_critical_path_new_cached (HpTrace                     *trace,
                              const HpRank                *rank,
                              const HpCriticalPathOptions *options,
                              HpCpRankCache               *cache,
                              GCancellable                *cancellable,
                              GError                     **error)
{
  HpCriticalPath       *self;
  HpCriticalPathOptions defaults;

  g_return_val_if_fail (trace != NULL && rank != NULL, NULL);

  if (options == NULL)
    {
      hp_critical_path_options_init (&defaults);
      options = &defaults;
    }

  self = g_new0 (HpCriticalPath, 1);
  self->trace = hp_trace_ref (trace);
  self->rank = rank;
  self->cache = cache;
  self->last_node = -1;
  self->compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  self->zero_weight_launch_edges = options->zero_weight_launch_edges;
  self->data_load_events = g_strdupv ((char **)options->data_load_events);
  if (self->data_load_events != NULL)
    {
      guint n = g_strv_length (self->data_load_events);

      self->data_load_regex = g_new0 (GRegex *, n + 1);
      for (guint i = 0; i < n; i++)
        {
          /* HTA searches the short name with the pattern as a regular
           * expression; a pattern that is not one matches literally */
          self->data_load_regex[i] = g_regex_new (self->data_load_events[i], G_REGEX_OPTIMIZE, 0, NULL);
          if (self->data_load_regex[i] == NULL)
            {
              g_autofree char *escaped = g_regex_escape_string (self->data_load_events[i], -1);

              self->data_load_regex[i] = g_regex_new (escaped, 0, 0, NULL);
            }
        }
    }

  if (!_hp_critical_path_build (self, options, cancellable, error))
    {
      hp_critical_path_free (self);
      return NULL;
    }
  self->valid = validate (self);
  if (self->valid)
    longest_path (self);
  else
    {
      self->path = g_array_new (FALSE, FALSE, sizeof (guint32));
      self->path_edges = g_array_new (FALSE, FALSE, sizeof (guint32));
      self->critical = g_new0 (guint8, MAX (rank->n_events, 1));
    }
  return self;
}

void
hp_critical_path_free (HpCriticalPath *self)
{
  if (self == NULL)
    return;
  if (self->data_load_regex != NULL)
    for (guint i = 0; self->data_load_regex[i] != NULL; i++)
      g_regex_unref (self->data_load_regex[i]);
  g_free (self->data_load_regex);
  g_strfreev (self->data_load_events);
  g_free (self->region);
  g_free (self->in_region);
  g_free (self->start_node);
  g_free (self->end_node);
  g_clear_pointer (&self->nodes, g_array_unref);
  g_clear_pointer (&self->edges, g_array_unref);
  _hp_cp_edge_map_clear (&self->edge_ids);
  g_free (self->problem);
  g_clear_pointer (&self->path, g_array_unref);
  g_clear_pointer (&self->path_edges, g_array_unref);
  g_free (self->dist_to);
  g_free (self->dist_from);
  g_free (self->critical);
  g_clear_pointer (&self->trace, hp_trace_unref);
  g_free (self);
}

/* ---------------------------------------------------------------------------
 * Lookups
 * ------------------------------------------------------------------------- */

const HpRank *
hp_critical_path_get_rank (HpCriticalPath *self)
{
  return self->rank;
}

/**
 * hp_critical_path_get_region:
 * @self: a critical path
 *
 * Returns: the region for people: the annotation's name, or "the whole trace"
 */
const char *
hp_critical_path_get_region (HpCriticalPath *self)
{
  return self->region;
}

gint64
hp_critical_path_get_region_start (HpCriticalPath *self)
{
  return self->start;
}

gint64
hp_critical_path_get_region_end (HpCriticalPath *self)
{
  return self->end;
}

gboolean
hp_critical_path_is_valid (HpCriticalPath *self)
{
  return self->valid;
}

/**
 * hp_critical_path_get_problem:
 * @self: a critical path
 *
 * Returns: (nullable): why the graph is not valid, or %NULL
 */
const char *
hp_critical_path_get_problem (HpCriticalPath *self)
{
  return self->problem;
}

/**
 * hp_critical_path_get_n_unlinked:
 * @self: a critical path
 *
 * Returns: how many links could not be made: GPU work whose launch is not
 *   in the region or not in the trace, synchronisations within one stream
 */
guint
hp_critical_path_get_n_unlinked (HpCriticalPath *self)
{
  return self->n_unlinked;
}

const HpCpNode *
hp_critical_path_get_nodes (HpCriticalPath *self,
                            guint          *n_nodes)
{
  *n_nodes = self->nodes->len;
  return (const HpCpNode *)(gpointer)self->nodes->data;
}

const HpCpEdge *
hp_critical_path_get_edges (HpCriticalPath *self,
                            guint          *n_edges)
{
  *n_edges = self->edges->len;
  return (const HpCpEdge *)(gpointer)self->edges->data;
}

/**
 * hp_critical_path_get_path:
 * @self: a critical path
 * @n_nodes: (out): the number of node ids
 *
 * Returns: (array length=n_nodes): the path's node ids, in time order
 */
const guint32 *
hp_critical_path_get_path (HpCriticalPath *self,
                           guint          *n_nodes)
{
  *n_nodes = self->path->len;
  return (const guint32 *)(gpointer)self->path->data;
}

/**
 * hp_critical_path_get_path_edges:
 * @self: a critical path
 * @n_edges: (out): the number of edge ids
 *
 * Returns: (array length=n_edges): the ids of the edges between the path's
 *   consecutive nodes
 */
const guint32 *
hp_critical_path_get_path_edges (HpCriticalPath *self,
                                 guint          *n_edges)
{
  *n_edges = self->path_edges->len;
  return (const guint32 *)(gpointer)self->path_edges->data;
}

/**
 * hp_critical_path_get_length:
 * @self: a critical path
 *
 * Returns: the path's length (the sum of its graph weights), ns
 */
gint64
hp_critical_path_get_length (HpCriticalPath *self)
{
  return self->length;
}

gboolean
hp_critical_path_event_is_critical (HpCriticalPath *self,
                                    guint           event)
{
  g_return_val_if_fail (event < self->rank->n_events, FALSE);
  return self->critical[event];
}

static gint64
node_slack (HpCriticalPath *self,
            gint32          node)
{
  return MAX (0, self->length - self->dist_to[node] - self->dist_from[node]);
}

/**
 * hp_critical_path_get_slack:
 * @self: a critical path
 * @event: an event position in the rank
 *
 * How much longer @event could take before the region's path gets longer:
 * the path length minus the longest path through the event; 0 on the path.
 *
 * Returns: ns, or -1 when @event is not in the graph
 */
gint64
hp_critical_path_get_slack (HpCriticalPath *self,
                            guint           event)
{
  gint32 s, t;

  g_return_val_if_fail (event < self->rank->n_events, -1);
  s = self->start_node[event];
  t = self->end_node[event];
  if (s < 0 || t < 0 || !self->valid)
    return -1;
  if (self->critical[event])
    {
      /* on the path when both its nodes are */
      if (node_slack (self, s) == 0 && node_slack (self, t) == 0)
        return 0;
    }
  return MAX (node_slack (self, s), node_slack (self, t));
}

/**
 * hp_critical_path_get_event_edges:
 * @self: a critical path
 * @event: an event position in the rank
 * @incoming: the edges into the event's nodes, else out of them
 * @n_edges: (out): their number
 *
 * The edges between @event and other events (its own span excluded), in
 * insertion order.
 *
 * Returns: (transfer full) (array length=n_edges) (nullable): edge ids
 */
guint *
hp_critical_path_get_event_edges (HpCriticalPath *self,
                                  guint           event,
                                  gboolean        incoming,
                                  guint          *n_edges)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (guint));

  g_return_val_if_fail (event < self->rank->n_events, NULL);
  for (guint i = 0; i < self->edges->len; i++)
    {
      const HpCpEdge *e = &g_array_index (self->edges, HpCpEdge, i);
      guint           src = g_array_index (self->nodes, HpCpNode, e->src).event;
      guint           dst = g_array_index (self->nodes, HpCpNode, e->dst).event;

      if (src == dst)
        continue;
      if ((incoming && dst == event) || (!incoming && src == event))
        g_array_append_val (ids, i);
    }
  *n_edges = ids->len;
  return (guint *)(gpointer)g_array_free (ids, FALSE);
}

/* ---------------------------------------------------------------------------
 * Breakdown and summary (§12.5)
 * ------------------------------------------------------------------------- */

static char *
short_name (HpCriticalPath *self,
            guint           event)
{
  guint32 name = self->rank->name[event];

  return hp_shorten_name (name == HP_NO_STRING ? "" : hp_trace_get_string (self->trace, name));
}

/**
 * hp_critical_path_edge_bound_by:
 * @self: a critical path
 * @edge: one of its edges
 *
 * Returns: HTA's `bound_by` of the edge: `cpu_bound`, `data_loading`,
 *   `gpu_compute_bound`, `gpu_communication_bound`,
 *   `gpu_kernel_kernel_overhead`, `gpu_kernel_launch_overhead`, or "" for
 *   dependencies
 */
const char *
hp_critical_path_edge_bound_by (HpCriticalPath *self,
                                const HpCpEdge *edge)
{
  const HpRank    *r = self->rank;
  g_autofree char *name = NULL;
  guint            e;

  switch (edge->type)
    {
    case HP_CP_EDGE_KERNEL_KERNEL:
      return "gpu_kernel_kernel_overhead";
    case HP_CP_EDGE_LAUNCH_DELAY:
      return "gpu_kernel_launch_overhead";
    case HP_CP_EDGE_OPERATOR:
      break;
    default:
      return "";
    }
  if (edge->attribution < 0)
    return self->compat ? "gpu_compute_bound" : "cpu_bound";
  e = (guint)edge->attribution;
  name = short_name (self, e);
  if (self->compat ? hp_rank_stream (r, e) < 0 : !((r->flags[e] & HP_EVENT_G1) || r->kind[e] == HP_EVENT_KIND_SYNC))
    {
      if (self->data_load_regex != NULL)
        for (guint i = 0; self->data_load_regex[i] != NULL; i++)
          if (g_regex_match (self->data_load_regex[i], name, 0, NULL))
            return "data_loading";
      return "cpu_bound";
    }
  if (self->compat ? hp_kernel_class_hta (name) == HP_KERNEL_CLASS_COMMUNICATION
                   : r->kclass[e] == HP_KERNEL_CLASS_COMMUNICATION)
    return "gpu_communication_bound";
  return "gpu_compute_bound";
}

typedef struct
{
  gint64  event_idx; /* HTA's index, or -1 */
  gint64  duration;
  guint8  type;
  guint32 edge;
} BreakdownRow;

static int
cmp_breakdown_row (gconstpointer a,
                   gconstpointer b)
{
  const BreakdownRow *x = a;
  const BreakdownRow *y = b;
  int                 c;

  /* the golden files' order: (event_idx, type, duration), null first */
  if (x->event_idx != y->event_idx)
    return x->event_idx < y->event_idx ? -1 : 1;
  c = strcmp (edge_type_names[x->type], edge_type_names[y->type]);
  if (c != 0)
    return c;
  return x->duration < y->duration ? -1 : x->duration > y->duration;
}

/**
 * hp_critical_path_breakdown:
 * @self: a critical path
 *
 * One row per edge of the path with HTA's columns `event_idx, duration,
 * type, s_name, cat, pid, tid, stream, index, bound_by` (durations in us).
 * Rows are in path order; in HTA-compatibility mode in the order of the
 * golden files, (event_idx, type, duration).
 *
 * Returns: (transfer full): the table `critical_path_breakdown`
 */
HpTable *
hp_critical_path_breakdown (HpCriticalPath *self)
{
  const HpRank            *r = self->rank;
  HpTable                 *table = hp_table_new ("critical_path_breakdown", _ ("Critical path breakdown"));
  guint                    c_idx, c_dur, c_type, c_name, c_cat, c_pid, c_tid, c_stream, c_index, c_bound;
  guint                    n = self->path_edges->len;
  g_autofree BreakdownRow *rows = g_new (BreakdownRow, MAX (n, 1));

  c_idx = hp_table_add_column (table, "event_idx", HP_COLUMN_INT, NULL);
  c_dur = hp_table_add_column (table, "duration", HP_COLUMN_DOUBLE, "us");
  c_type = hp_table_add_column (table, "type", HP_COLUMN_STRING, NULL);
  c_name = hp_table_add_column (table, "s_name", HP_COLUMN_STRING, NULL);
  c_cat = hp_table_add_column (table, "cat", HP_COLUMN_STRING, NULL);
  c_pid = hp_table_add_column (table, "pid", HP_COLUMN_INT, NULL);
  c_tid = hp_table_add_column (table, "tid", HP_COLUMN_INT, NULL);
  c_stream = hp_table_add_column (table, "stream", HP_COLUMN_INT, NULL);
  c_index = hp_table_add_column (table, "index", HP_COLUMN_INT, NULL);
  c_bound = hp_table_add_column (table, "bound_by", HP_COLUMN_STRING, NULL);

  for (guint i = 0; i < n; i++)
    {
      guint32         id = g_array_index (self->path_edges, guint32, i);
      const HpCpEdge *e = &g_array_index (self->edges, HpCpEdge, id);

      rows[i] = (BreakdownRow){ e->attribution >= 0 ? (gint64)r->index[e->attribution] : -1, e->weight, e->type, id };
    }
  if (self->compat)
    qsort (rows, n, sizeof *rows, cmp_breakdown_row);

  hp_table_append_rows (table, n);
  for (guint i = 0; i < n; i++)
    {
      const HpCpEdge *e = &g_array_index (self->edges, HpCpEdge, rows[i].edge);

      hp_table_set_double (table, i, c_dur, hp_ns_to_us (e->weight));
      hp_table_set_string (table, i, c_type, edge_type_names[e->type]);
      hp_table_set_string (table, i, c_bound, hp_critical_path_edge_bound_by (self, e));
      if (e->attribution >= 0)
        {
          guint            ev = (guint)e->attribution;
          g_autofree char *name = short_name (self, ev);

          hp_table_set_int (table, i, c_idx, r->index[ev]);
          hp_table_set_string (table, i, c_name, name);
          if (r->cat[ev] != HP_NO_STRING)
            hp_table_set_string (table, i, c_cat, hp_trace_get_string (self->trace, r->cat[ev]));
          else
            hp_table_set_null (table, i, c_cat);
          hp_table_set_int (table, i, c_pid, hp_rank_pid (r, ev));
          hp_table_set_int (table, i, c_tid, hp_rank_tid (r, ev));
          hp_table_set_int (table, i, c_stream, hp_rank_stream (r, ev));
          hp_table_set_int (table, i, c_index, r->index[ev]);
        }
      else
        {
          guint cols[] = { c_idx, c_name, c_cat, c_pid, c_tid, c_stream, c_index };

          for (guint j = 0; j < G_N_ELEMENTS (cols); j++)
            hp_table_set_null (table, i, cols[j]);
        }
    }
  return table;
}

/**
 * hp_critical_path_summary:
 * @self: a critical path
 *
 * The share of the path's duration per `bound_by` (sorted, the empty group
 * of dependencies included), as HTA's `summary()`.
 *
 * Returns: (transfer full): the table `critical_path_summary` with columns
 *   `bound_by, pct_of_path_duration`
 */
HpTable *
hp_critical_path_summary (HpCriticalPath *self)
{
  HpTable *table = hp_table_new ("critical_path_summary", _ ("Critical path summary"));
  guint    c_bound = hp_table_add_column (table, "bound_by", HP_COLUMN_STRING, NULL);
  guint    c_pct = hp_table_add_column (table, "pct_of_path_duration", HP_COLUMN_DOUBLE, "%");
  g_autoptr (GHashTable) sums = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree gint64 *values = NULL;
  g_autoptr (GPtrArray) keys = g_ptr_array_new ();
  gint64 total = 0;

  {
    g_autofree char *note = g_strdup_printf (_ ("Rank %d, %s"), self->rank->rank, self->region);

    hp_table_set_note (table, note);
  }
  values = g_new0 (gint64, self->path_edges->len + 1);
  for (guint i = 0; i < self->path_edges->len; i++)
    {
      const HpCpEdge *e = &g_array_index (self->edges, HpCpEdge, g_array_index (self->path_edges, guint32, i));
      const char     *bound = hp_critical_path_edge_bound_by (self, e);
      gpointer        slot;

      if (!g_hash_table_lookup_extended (sums, bound, NULL, &slot))
        {
          slot = GUINT_TO_POINTER (keys->len);
          g_hash_table_insert (sums, (gpointer)bound, slot);
          g_ptr_array_add (keys, (gpointer)bound);
        }
      values[GPOINTER_TO_UINT (slot)] += e->weight;
      total += e->weight;
    }

  {
    g_autofree guint *order = g_new (guint, keys->len + 1);

    for (guint i = 0; i < keys->len; i++)
      order[i] = i;
    for (guint i = 1; i < keys->len; i++)
      for (guint j = i; j > 0 && strcmp (keys->pdata[order[j - 1]], keys->pdata[order[j]]) > 0; j--)
        {
          guint t = order[j];

          order[j] = order[j - 1];
          order[j - 1] = t;
        }
    hp_table_append_rows (table, keys->len);
    for (guint i = 0; i < keys->len; i++)
      {
        hp_table_set_string (table, i, c_bound, keys->pdata[order[i]]);
        hp_table_set_double (table, i, c_pct, total != 0 ? 100.0 * (double)values[order[i]] / (double)total : NAN);
      }
  }
  return table;
}

/* ---------------------------------------------------------------------------
 * The analysis of the registry
 * ------------------------------------------------------------------------- */

/* the region of the step parameter (-1: the default, -2: the whole trace) */
static char *
step_annotation (const HpAnalysisParams *params)
{
  if (params->critical_path_step == -2)
    return g_strdup ("");
  if (params->critical_path_step >= 0)
    return g_strdup_printf ("ProfilerStep#%d", params->critical_path_step);
  return NULL;
}

/* the rank the parameters analyse: critical_path_rank, else the first of
 * the selected ranks */
static const HpRank *
params_rank (HpTrace                *trace,
             const HpAnalysisParams *params,
             GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  const HpRank *rank;

  if (params->critical_path_rank >= 0)
    {
      rank = hp_trace_find_rank (trace, params->critical_path_rank);
      if (rank == NULL)
        g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER, _ ("There is no rank %d"),
                     params->critical_path_rank);
      return rank;
    }
  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return NULL;
  if (ranks->len == 0)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, _ ("No rank to analyse"));
      return NULL;
    }
  return g_ptr_array_index (ranks, 0);
}

/**
 * hp_critical_path_compute:
 * @trace: a trace
 * @params: `critical_path_rank` and `critical_path_step`; with no rank
 *   chosen, the first selected rank
 * @tables: (element-type HpTable): where the tables go
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The critical path of the chosen rank over the chosen step (by default
 * the first complete step): appends `critical_path_summary` and
 * `critical_path_breakdown`; with no rank chosen and several ranks, also
 * the path across ranks of hp_critical_path_ranks() (`critical_path_ranks`,
 * `critical_path_ranks_breakdown`).
 *
 * Returns: %TRUE on success
 */
gboolean
hp_critical_path_compute (HpTrace                *trace,
                          const HpAnalysisParams *params,
                          GPtrArray              *tables,
                          GCancellable           *cancellable,
                          GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  g_autofree char      *annotation = step_annotation (params);
  HpCriticalPathOptions options;
  const HpRank         *rank = params_rank (trace, params, error);
  HpCriticalPath       *cp;

  if (rank == NULL)
    return FALSE;
  hp_critical_path_options_init (&options);
  options.annotation = annotation;
  cp = hp_critical_path_new (trace, rank, &options, cancellable, error);
  if (cp == NULL)
    return FALSE;
  if (!cp->valid)
    {
      g_set_error_literal (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, cp->problem);
      hp_critical_path_free (cp);
      return FALSE;
    }
  g_ptr_array_add (tables, hp_critical_path_summary (cp));
  g_ptr_array_add (tables, hp_critical_path_breakdown (cp));
  hp_critical_path_free (cp);
  ranks = params->critical_path_rank < 0 ? hp_analysis_select_ranks (trace, params, NULL) : NULL;
  if (ranks != NULL && ranks->len >= 2)
    {
      HpTable *parts = NULL;
      HpTable *ranks_table;

      hp_critical_path_options_init (&options);
      ranks_table = hp_critical_path_ranks (trace, &options, &parts, cancellable, error);
      if (ranks_table == NULL)
        return FALSE;
      g_ptr_array_add (tables, ranks_table);
      g_ptr_array_add (tables, parts);
    }
  return TRUE;
}

/**
 * hp_critical_path_new_for_params:
 * @trace: a trace
 * @params: `critical_path_rank` and `critical_path_step`, as
 *   hp_critical_path_compute() reads them
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The path hp_critical_path_compute() tabulates, for the views that draw
 * it or walk it.
 *
 * Returns: (transfer full) (nullable): the path, or %NULL with @error set
 */
HpCriticalPath *
hp_critical_path_new_for_params (HpTrace                *trace,
                                 const HpAnalysisParams *params,
                                 GCancellable           *cancellable,
                                 GError                **error)
{
  g_autofree char      *annotation = step_annotation (params);
  HpCriticalPathOptions options;
  const HpRank         *rank = params_rank (trace, params, error);

  if (rank == NULL)
    return NULL;
  hp_critical_path_options_init (&options);
  options.annotation = annotation;
  return hp_critical_path_new (trace, rank, &options, cancellable, error);
}

/**
 * hp_critical_path_row_events:
 * @trace: the trace the table was computed from
 * @breakdown: a `critical_path_breakdown` table
 * @row: one of its rows
 * @params: the parameters it was computed with (which rank)
 *
 * The event a stretch of the path is charged to.
 *
 * Returns: (transfer full) (nullable): the event, or %NULL when the row
 *   stands for none (a dependency)
 */
HpLinkedEvents *
hp_critical_path_row_events (HpTrace                *trace,
                             HpTable                *breakdown,
                             guint                   row,
                             const HpAnalysisParams *params)
{
  const HpRank   *r = params_rank (trace, params, NULL);
  int             c = hp_table_find_column (breakdown, "index");
  HpLinkedEvents *linked;
  gint64          index;
  guint32         e;

  if (r == NULL || c < 0 || row >= hp_table_get_n_rows (breakdown) || hp_table_is_null (breakdown, row, (guint)c))
    return NULL;
  index = hp_table_get_int (breakdown, row, (guint)c);
  for (e = 0; e < r->n_events && r->index[e] != index; e++)
    ;
  if (e == r->n_events)
    return NULL;
  linked = g_new0 (HpLinkedEvents, 1);
  linked->rank = r->rank;
  linked->events = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (linked->events, e);
  linked->focus = HP_LINKED_FOCUS_ONE;
  /* Translators: an event's name, then its rank */
  linked->description = g_strdup_printf (_ ("%s on the critical path of rank %d"),
                                         r->name[e] != HP_NO_STRING ? hp_trace_get_string (trace, r->name[e]) : "?",
                                         r->rank);
  return linked;
}

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_critical_path_analysis = {
  .name = HP_CRITICAL_PATH_ANALYSIS,
  .title = N_ ("Critical path"),
  .section = "§12",
  .func = hp_critical_path_compute,
  .in_default_set = FALSE,
  .cost = 3,
  .params = HP_STRV ("critical_path_rank", "critical_path_step"),
  .row_events = hp_critical_path_row_events,
  .row_events_tables = 0x2,
  .tables = HP_STRV (HP_CRITICAL_PATH_SUMMARY_TABLE, HP_CRITICAL_PATH_BREAKDOWN_TABLE, HP_CRITICAL_PATH_RANKS_TABLE, HP_CRITICAL_PATH_RANKS_BREAKDOWN_TABLE),
};
