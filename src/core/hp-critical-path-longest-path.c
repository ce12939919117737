/* hp-critical-path-longest-path.c — whether a critical-path graph is valid, and its longest path (docs/analyses.md §12.4).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "hp-critical-path-private.h"

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

gboolean
_hp_critical_path_validate (HpCriticalPath *self)
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

void
_hp_critical_path_find_path (HpCriticalPath *self)
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
