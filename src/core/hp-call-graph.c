/* hp-call-graph.c — a rank's call graph: CPU operators, their nested calls, launches and kernels (docs/analyses.md §9.1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-call-graph-private.h"
#include "hp-numpy-sort-private.h"
#include "hp-python-sort-private.h"

/* ---------------------------------------------------------------------------
 * The call graph of docs/analyses.md §9.1
 * ------------------------------------------------------------------------- */

void
_hp_call_graph_clear (HpCallGraph *g)
{
  g_free (g->parent);
  g_free (g->depth);
  g_free (g->is_gpu);
  g_free (g->num_kernels);
  g_free (g->kernel_dur);
  g_free (g->child_first);
  g_free (g->children);
}

/* a GPU event that becomes a child of its launch: HTA's `stream > 0` (which
 * takes in GPU-side waits), and in the default mode any GPU activity too
 * (stream 0 on ROCm, string tids) */
static gboolean
is_gpu_event (const HpCallGraph *g,
              guint              e)
{
  return hp_rank_stream (g->rank, e) > 0 || (!g->compat && (g->rank->flags[e] & HP_EVENT_G3) != 0);
}

/* an event of a CPU thread's stack: `stream == -1` */
static gboolean
is_stack_event (const HpCallGraph *g,
                guint              e)
{
  return hp_rank_stream (g->rank, e) == -1 && (g->compat || !(g->rank->flags[e] & HP_EVENT_G3));
}

typedef struct
{
  gint64  t;
  gint64  dur; /* negative durations count as 0 */
  guint32 e;
  guint8  close;
  guint8  cls; /* order of the kinds of points at one time */
} Point;

/* docs/analyses.md §9.1 step 2. At one time: closes of non-zero events, then their
 * opens, and zero-duration events before the closes (inside the event
 * that ends), or after the opens when an event opens then (inside it).
 * HTA's own comparison is not an order when both happen at one time, and
 * it aborts on negative durations; this is a total order. */
static int
cmp_points (gconstpointer pa,
            gconstpointer pb)
{
  const Point *a = pa;
  const Point *b = pb;

  if (a->t != b->t)
    return a->t < b->t ? -1 : 1;
  if (a->cls != b->cls)
    return a->cls < b->cls ? -1 : 1;
  if (a->e == b->e)
    return (int)a->close - (int)b->close;
  if (a->dur == 0)
    {
      if (a->close != b->close)
        return a->close ? 1 : -1;
      if (!a->close)
        return a->e < b->e ? -1 : 1;
      return a->e > b->e ? -1 : 1;
    }
  if (!a->close)
    {
      if (a->dur != b->dur)
        return a->dur > b->dur ? -1 : 1;
      return a->e < b->e ? -1 : 1;
    }
  if (a->dur != b->dur)
    return a->dur < b->dur ? -1 : 1;
  return a->e > b->e ? -1 : 1;
}

static int
cmp_point_time (gconstpointer pa,
                gconstpointer pb)
{
  const Point *a = pa;
  const Point *b = pb;

  if (a->t != b->t)
    return a->t < b->t ? -1 : 1;
  return a->e < b->e ? -1 : (a->e > b->e ? 1 : (int)a->close - (int)b->close);
}

/* HTA's `_less_than` on the points of docs/analyses.md §9.1 step 2, including its
 * inconsistent cases; where HTA raises (a negative duration against a zero
 * one) the negative one counts as zero */
static gboolean
hta_less (guint32  a,
          guint32  b,
          gpointer data)
{
  const Point *x = (const Point *)data + a;
  const Point *y = (const Point *)data + b;

  if (x->t != y->t)
    return x->t < y->t;
  if (x->e == y->e)
    return !x->close;
  if (x->dur == 0 || y->dur == 0)
    {
      if (x->dur == 0 && y->dur > 0)
        return y->close;
      if (x->dur > 0 && y->dur == 0)
        return !x->close;
      if (x->close != y->close)
        return !x->close;
      return x->close ? x->e > y->e : x->e < y->e;
    }
  if (x->close != y->close)
    return x->close;
  if (x->dur != y->dur)
    return x->close ? x->dur < y->dur : x->dur > y->dur;
  return x->close ? x->e > y->e : x->e < y->e;
}

/* the stack of one CPU thread (docs/analyses.md §9.1 steps 2 and 3) */
static void
build_thread_stack (HpCallGraph *g,
                    GArray      *events)
{
  const HpRank       *r = g->rank;
  guint               n = events->len * 2;
  g_autofree Point   *pts = g_new (Point, MAX (n, 1));
  g_autofree guint32 *order = g_new (guint32, MAX (n, 1));
  g_autofree guint32 *stack = g_new (guint32, MAX (events->len, 1));
  guint               sp = 0;

  if (g->compat)
    {
      /* HTA's order: opens then closes in row order, numpy's quicksort by
       * time, then Python's sort with HTA's comparison */
      g_autofree gint64 *keys = g_new (gint64, MAX (n, 1));

      for (guint k = 0; k < events->len; k++)
        {
          guint e = g_array_index (events, guint32, k);

          pts[k] = (Point){ r->ts[e], hp_rank_dur (r, e), e, 0, 0 };
          pts[events->len + k] = (Point){ r->ts[e] + hp_rank_dur (r, e), hp_rank_dur (r, e), e, 1, 0 };
        }
      for (guint i = 0; i < n; i++)
        keys[i] = pts[i].t;
      _hp_numpy_argsort (keys, order, n);
      _hp_python_sort (order, n, hta_less, pts);
    }
  else
    {
      for (guint k = 0; k < events->len; k++)
        {
          guint  e = g_array_index (events, guint32, k);
          gint64 dur = MAX (hp_rank_dur (r, e), 0);

          pts[2 * k] = (Point){ r->ts[e], dur, e, 0, 0 };
          pts[2 * k + 1] = (Point){ r->ts[e] + dur, dur, e, 1, 0 };
        }
      qsort (pts, n, sizeof (Point), cmp_point_time);
      for (guint i = 0; i < n;)
        {
          guint    j = i;
          gboolean opens = FALSE;

          while (j < n && pts[j].t == pts[i].t)
            opens |= pts[j].dur > 0 && !pts[j].close, j++;
          for (guint k = i; k < j; k++)
            pts[k].cls = pts[k].dur == 0 ? (opens ? 3 : 0) : (pts[k].close ? 1 : 2);
          i = j;
        }
      qsort (pts, n, sizeof (Point), cmp_points);
      for (guint i = 0; i < n; i++)
        order[i] = i;
    }

  for (guint i = 0; i < n; i++)
    {
      const Point *pt = &pts[order[i]];
      guint        e = pt->e;

      if (pt->close)
        {
          if (sp > 0)
            sp--;
          continue;
        }
      if (g->parent[e] != HP_CALL_GRAPH_NOT_A_NODE)
        continue;
      g->parent[e] = sp > 0 ? (gint32)stack[sp - 1] : HP_CALL_GRAPH_TOP_LEVEL;
      stack[sp++] = e;
    }
}

static gboolean
name_has_prefix (HpTrace    *trace,
                 guint32     name,
                 const char *prefix)
{
  const char *s = hp_trace_get_string (trace, name);

  return s != NULL && g_str_has_prefix (s, prefix);
}

gboolean
_hp_call_graph_name_contains (HpTrace    *trace,
                              guint32     name,
                              const char *needle)
{
  const char *s = hp_trace_get_string (trace, name);

  return s != NULL && strstr (s, needle) != NULL;
}

/* events of a rank by start time, then position (g_array_sort_with_data) */
int
_hp_call_graph_cmp_by_ts (gconstpointer a,
                          gconstpointer b,
                          gpointer      data)
{
  const HpRank *r = data;
  guint32       x = *(const guint32 *)a;
  guint32       y = *(const guint32 *)b;

  if (r->ts[x] != r->ts[y])
    return r->ts[x] < r->ts[y] ? -1 : 1;
  return x < y ? -1 : (x > y ? 1 : 0);
}

/* docs/analyses.md §9.1 step 5: the backward thread's top-level ops go under the main
 * thread's "## backward ##" annotation (or ProfilerStep) that holds them */
static void
reparent_backward (HpCallGraph *g,
                   GArray     **threads,
                   guint        n_threads)
{
  const HpRank *r = g->rank;
  int           main_thread = -1, bwd_thread = -1;
  guint         n_main = 0, n_bwd = 0;
  g_autoptr (GArray) anns = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint t = 0; t < n_threads; t++)
    {
      gboolean is_main = FALSE, is_bwd = FALSE;

      if (threads[t] == NULL || threads[t]->len == 0)
        continue;
      for (guint k = 0; k < threads[t]->len && !is_main; k++)
        is_main = name_has_prefix (g->trace, r->name[g_array_index (threads[t], guint32, k)],
                                   "ProfilerStep#");
      for (guint k = 0; k < threads[t]->len && !is_main && !is_bwd; k++)
        is_bwd = _hp_call_graph_name_contains (g->trace, r->name[g_array_index (threads[t], guint32, k)],
                                               "autograd::");
      if (is_main)
        main_thread = (int)t, n_main++;
      else if (is_bwd)
        bwd_thread = (int)t, n_bwd++;
    }
  if (n_main != 1 || n_bwd != 1)
    return;

  for (guint pass = 0; pass < 2 && anns->len == 0; pass++)
    for (guint k = 0; k < threads[main_thread]->len; k++)
      {
        guint32 e = g_array_index (threads[main_thread], guint32, k);

        if (name_has_prefix (g->trace, r->name[e], pass == 0 ? "## backward ##" : "ProfilerStep#"))
          g_array_append_val (anns, e);
      }
  if (anns->len == 0)
    return;
  g_array_sort_with_data (anns, _hp_call_graph_cmp_by_ts, (gpointer)r);

  for (guint k = 0; k < threads[bwd_thread]->len; k++)
    {
      guint32 e = g_array_index (threads[bwd_thread], guint32, k);
      guint   lo = 0, hi = anns->len;

      if (g->parent[e] != HP_CALL_GRAPH_TOP_LEVEL)
        continue;
      /* the last annotation starting at or before e */
      while (lo < hi)
        {
          guint mid = (lo + hi) / 2;

          if (r->ts[g_array_index (anns, guint32, mid)] <= r->ts[e])
            lo = mid + 1;
          else
            hi = mid;
        }
      if (lo > 0)
        {
          guint32 a = g_array_index (anns, guint32, lo - 1);

          if (r->ts[a] + MAX (hp_rank_dur (r, a), 0) >= r->ts[e] + MAX (hp_rank_dur (r, e), 0))
            g->parent[e] = (gint32)a;
        }
    }
}

gboolean
_hp_call_graph_build (HpCallGraph  *g,
                      HpTrace      *trace,
                      const HpRank *r,
                      GCancellable *cancellable,
                      GError      **error)
{
  guint               n = r->n_events;
  g_autofree guint8  *in_rows = g_new0 (guint8, MAX (n, 1));
  g_autofree guint8  *all_stream_pos = g_new (guint8, MAX (r->n_lanes, 1));
  g_autofree guint8  *all_pid0 = g_new (guint8, MAX (r->n_lanes, 1));
  g_autofree guint8  *all_tid0 = g_new (guint8, MAX (r->n_lanes, 1));
  g_autofree GArray **threads = g_new0 (GArray *, MAX (r->n_lanes, 1));
  g_autofree guint32 *order = NULL;
  g_autofree guint32 *fill = NULL;
  g_autofree guint32 *chain = NULL;
  gint32              max_depth = 0;
  gboolean            ok = TRUE;

  memset (g, 0, sizeof *g);
  g->trace = trace;
  g->rank = r;
  g->compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  g->parent = g_new (gint32, MAX (n, 1));
  g->depth = g_new (gint32, MAX (n, 1));
  g->is_gpu = g_new0 (guint8, MAX (n, 1));
  g->num_kernels = g_new0 (guint32, MAX (n, 1));
  g->kernel_dur = g_new0 (gint64, MAX (n, 1));
  for (guint e = 0; e < n; e++)
    g->parent[e] = HP_CALL_GRAPH_NOT_A_NODE;

  /* step 1: threads (pid, tid); GPU rows are skipped */
  memset (all_stream_pos, 1, MAX (r->n_lanes, 1));
  memset (all_pid0, 1, MAX (r->n_lanes, 1));
  memset (all_tid0, 1, MAX (r->n_lanes, 1));
  for (guint i = 0; i < r->n_rows; i++)
    {
      guint e = r->rows[i];
      guint l = hp_rank_lane (r, e);

      in_rows[e] = 1;
      all_stream_pos[l] &= is_gpu_event (g, e);
      all_pid0[l] &= hp_rank_pid (r, e) == 0;
      all_tid0[l] &= hp_rank_tid (r, e) == 0;
    }
  for (guint i = 0; i < r->n_rows; i++)
    {
      guint e = r->rows[i];
      guint l = hp_rank_lane (r, e);

      /* in row order (HTA's), each event once */
      if (in_rows[e] != 1 || all_stream_pos[l] || all_pid0[l] || all_tid0[l] || !is_stack_event (g, e))
        continue;
      in_rows[e] = 2;
      if (threads[l] == NULL)
        threads[l] = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_array_append_val (threads[l], e);
    }

  /* steps 2 and 3 */
  for (guint l = 0; l < r->n_lanes && ok; l++)
    {
      if (threads[l] == NULL)
        continue;
      build_thread_stack (g, threads[l]);
      ok = !g_cancellable_set_error_if_cancelled (cancellable, error);
    }

  /* step 4: GPU work under its launch */
  for (guint l = 0; l < r->n_lanes && ok; l++)
    for (guint k = 0; threads[l] != NULL && k < threads[l]->len; k++)
      {
        guint e = g_array_index (threads[l], guint32, k);

        if (g->compat || r->launch_first == NULL)
          {
            gint32 p = r->partner[e];

            if (p >= 0 && in_rows[p] && is_gpu_event (g, (guint)p) && g->parent[p] == HP_CALL_GRAPH_NOT_A_NODE)
              g->parent[p] = (gint32)e, g->is_gpu[p] = 1;
          }
        else
          {
            guint          n_launched;
            const guint32 *launched = hp_rank_get_launched (r, e, &n_launched);

            for (guint j = 0; j < n_launched; j++)
              {
                guint32 p = launched[j];

                if (in_rows[p] && is_gpu_event (g, p) && g->parent[p] == HP_CALL_GRAPH_NOT_A_NODE)
                  g->parent[p] = (gint32)e, g->is_gpu[p] = 1;
              }
          }
      }

  /* step 5 */
  if (ok)
    reparent_backward (g, threads, r->n_lanes);
  for (guint l = 0; l < r->n_lanes; l++)
    if (threads[l] != NULL)
      g_array_unref (threads[l]);
  if (!ok)
    return FALSE;

  /* step 6: depth, then kernels summed from the deepest nodes up */
  chain = g_new (guint32, MAX (n, 1));
  for (guint e = 0; e < n; e++)
    g->depth[e] = G_MININT32;
  for (guint e = 0; e < n; e++)
    {
      guint   len = 0;
      guint32 x = e;
      gint32  d;

      if (g->parent[e] == HP_CALL_GRAPH_NOT_A_NODE || g->depth[e] != G_MININT32)
        continue;
      while (g->parent[x] >= 0 && g->depth[x] == G_MININT32 && len < n)
        chain[len++] = x, x = (guint32)g->parent[x];
      if (g->depth[x] == G_MININT32)
        g->depth[x] = 0; /* top level */
      d = g->depth[x];
      while (len > 0)
        g->depth[chain[--len]] = ++d;
      max_depth = MAX (max_depth, g->depth[e]);
    }
  for (guint e = 0; e < n; e++)
    if (g->parent[e] != HP_CALL_GRAPH_NOT_A_NODE)
      max_depth = MAX (max_depth, g->depth[e]);

  /* counting sort of the nodes by depth */
  fill = g_new0 (guint32, (guint)max_depth + 2);
  for (guint e = 0; e < n; e++)
    if (g->parent[e] != HP_CALL_GRAPH_NOT_A_NODE)
      fill[g->depth[e] + 1]++;
  for (gint32 d = 0; d <= max_depth; d++)
    fill[d + 1] += fill[d];
  order = g_new (guint32, MAX (fill[max_depth + 1], 1));
  for (guint e = 0; e < n; e++)
    if (g->parent[e] != HP_CALL_GRAPH_NOT_A_NODE)
      order[fill[g->depth[e]]++] = e;
  for (guint k = fill[max_depth]; k-- > 0;)
    {
      guint32 e = order[k];
      gint32  p = g->parent[e];

      if (p < 0)
        continue;
      g->num_kernels[p] += g->is_gpu[e] ? 1 : g->num_kernels[e];
      g->kernel_dur[p] += g->is_gpu[e] ? MAX (hp_rank_dur (r, e), 0) : g->kernel_dur[e];
    }

  /* children, for the descendants of step 7 */
  g->child_first = g_new0 (guint32, n + 1);
  for (guint e = 0; e < n; e++)
    if (g->parent[e] >= 0)
      g->child_first[g->parent[e] + 1]++;
  for (guint e = 0; e < n; e++)
    g->child_first[e + 1] += g->child_first[e];
  g->children = g_new (guint32, MAX (g->child_first[n], 1));
  {
    g_autofree guint32 *pos = g_memdup2 (g->child_first, sizeof (guint32) * (n + 1));

    for (guint e = 0; e < n; e++)
      if (g->parent[e] >= 0)
        g->children[pos[g->parent[e]]++] = e;
  }
  return TRUE;
}

/* the node and all its descendants, appended to @out */
void
_hp_call_graph_descendants (const HpCallGraph *g,
                            guint32            root,
                            GArray            *out)
{
  guint start = out->len;

  g_array_append_val (out, root);
  for (guint k = start; k < out->len; k++)
    {
      guint32 e = g_array_index (out, guint32, k);

      g_array_append_vals (out, g->children + g->child_first[e],
                           g->child_first[e + 1] - g->child_first[e]);
    }
}
