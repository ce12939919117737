/* hp-kernel-sequences.c — frequent CUDA kernel sequences and repeated kernel sequences (docs/analyses.md §9).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "hp-kernel-sequences.h"
#include "hp-linked-events.h"
#include "hp-numpy-sort-private.h"
#include "hp-python-sort-private.h"
#include "hp-trace-rewrite-private.h"

/* ---------------------------------------------------------------------------
 * The call graph of docs/analyses.md §9.1
 * ------------------------------------------------------------------------- */

#define NOT_A_NODE (-2)
#define TOP_LEVEL (-1)

typedef struct
{
  HpTrace      *trace;
  const HpRank *rank;
  gboolean      compat;
  gint32       *parent; /* NOT_A_NODE, TOP_LEVEL or the parent event */
  gint32       *depth;
  guint8       *is_gpu; /* a GPU child (leaf) */
  guint32      *num_kernels;
  gint64       *kernel_dur;  /* ns */
  guint32      *child_first; /* CSR, n_events + 1 */
  guint32      *children;
} CallGraph;

static void
call_graph_clear (CallGraph *g)
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
is_gpu_event (const CallGraph *g,
              guint            e)
{
  return hp_rank_stream (g->rank, e) > 0 || (!g->compat && (g->rank->flags[e] & HP_EVENT_G3) != 0);
}

/* an event of a CPU thread's stack: `stream == -1` */
static gboolean
is_stack_event (const CallGraph *g,
                guint            e)
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
build_thread_stack (CallGraph *g,
                    GArray    *events)
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
      if (g->parent[e] != NOT_A_NODE)
        continue;
      g->parent[e] = sp > 0 ? (gint32)stack[sp - 1] : TOP_LEVEL;
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

static gboolean
name_contains (HpTrace    *trace,
               guint32     name,
               const char *needle)
{
  const char *s = hp_trace_get_string (trace, name);

  return s != NULL && strstr (s, needle) != NULL;
}

static int
cmp_by_ts (gconstpointer a,
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
reparent_backward (CallGraph *g,
                   GArray   **threads,
                   guint      n_threads)
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
        is_bwd = name_contains (g->trace, r->name[g_array_index (threads[t], guint32, k)],
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
  g_array_sort_with_data (anns, cmp_by_ts, (gpointer)r);

  for (guint k = 0; k < threads[bwd_thread]->len; k++)
    {
      guint32 e = g_array_index (threads[bwd_thread], guint32, k);
      guint   lo = 0, hi = anns->len;

      if (g->parent[e] != TOP_LEVEL)
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

static gboolean
call_graph_build (CallGraph    *g,
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
    g->parent[e] = NOT_A_NODE;

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

            if (p >= 0 && in_rows[p] && is_gpu_event (g, (guint)p) && g->parent[p] == NOT_A_NODE)
              g->parent[p] = (gint32)e, g->is_gpu[p] = 1;
          }
        else
          {
            guint          n_launched;
            const guint32 *launched = hp_rank_get_launched (r, e, &n_launched);

            for (guint j = 0; j < n_launched; j++)
              {
                guint32 p = launched[j];

                if (in_rows[p] && is_gpu_event (g, p) && g->parent[p] == NOT_A_NODE)
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

      if (g->parent[e] == NOT_A_NODE || g->depth[e] != G_MININT32)
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
    if (g->parent[e] != NOT_A_NODE)
      max_depth = MAX (max_depth, g->depth[e]);

  /* counting sort of the nodes by depth */
  fill = g_new0 (guint32, (guint)max_depth + 2);
  for (guint e = 0; e < n; e++)
    if (g->parent[e] != NOT_A_NODE)
      fill[g->depth[e] + 1]++;
  for (gint32 d = 0; d <= max_depth; d++)
    fill[d + 1] += fill[d];
  order = g_new (guint32, MAX (fill[max_depth + 1], 1));
  for (guint e = 0; e < n; e++)
    if (g->parent[e] != NOT_A_NODE)
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
static void
call_graph_descendants (const CallGraph *g,
                        guint32          root,
                        GArray          *out)
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

/* ---------------------------------------------------------------------------
 * Pattern mining (docs/analyses.md §9.2)
 * ------------------------------------------------------------------------- */

typedef struct
{
  char   *text;
  gint64  count;
  gint64  gpu_ns;
  gint64  cpu_ns;
  GArray *events; /* guint32, sorted, unique */
  GArray *roots;  /* guint32 */
} Pattern;

static void
pattern_free (gpointer data)
{
  Pattern *p = data;

  g_free (p->text);
  g_array_unref (p->events);
  g_array_unref (p->roots);
  g_free (p);
}

struct _HpKernelSequences
{
  HpTrace      *trace;
  const HpRank *rank;
  HpTable      *table;
  GPtrArray    *patterns; /* Pattern, in table order */
};

void
hp_kernel_sequences_free (HpKernelSequences *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->table, hp_table_unref);
  g_clear_pointer (&self->patterns, g_ptr_array_unref);
  g_clear_pointer (&self->trace, hp_trace_unref);
  g_free (self);
}

static int
cmp_patterns (gconstpointer a,
              gconstpointer b)
{
  const Pattern *x = *(Pattern *const *)a;
  const Pattern *y = *(Pattern *const *)b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return strcmp (x->text, y->text);
}

static int
cmp_u32 (gconstpointer a,
         gconstpointer b)
{
  guint32 x = *(const guint32 *)a;
  guint32 y = *(const guint32 *)b;

  return x < y ? -1 : (x > y ? 1 : 0);
}

static void
sort_unique (GArray *a)
{
  guint out = 0;

  g_array_sort (a, cmp_u32);
  for (guint i = 0; i < a->len; i++)
    if (out == 0 || g_array_index (a, guint32, i) != g_array_index (a, guint32, out - 1))
      g_array_index (a, guint32, out++) = g_array_index (a, guint32, i);
  g_array_set_size (a, out);
}

/**
 * hp_kernel_sequences_table_new_empty:
 *
 * Returns: (transfer full): a `frequent_cuda_kernel_sequences` table with
 *   HTA's columns and no row, what HTA returns when no operator matches
 */
HpTable *
hp_kernel_sequences_table_new_empty (void)
{
  HpTable *t = hp_table_new (HP_KERNEL_SEQUENCES_TABLE, "Frequent CUDA kernel sequences");

  hp_table_add_column (t, "pattern", HP_COLUMN_STRING, NULL);
  hp_table_add_column (t, "count", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "GPU kernel duration (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "CPU op duration (us)", HP_COLUMN_DOUBLE, "us");
  return t;
}

static HpTable *
patterns_table (GPtrArray *patterns)
{
  HpTable *t = hp_kernel_sequences_table_new_empty ();

  for (guint i = 0; i < patterns->len; i++)
    {
      const Pattern *p = g_ptr_array_index (patterns, i);
      guint          row = hp_table_append_row (t);

      hp_table_set_string (t, row, 0, p->text);
      hp_table_set_int (t, row, 1, p->count);
      hp_table_set_double (t, row, 2, hp_ns_to_us (p->gpu_ns));
      hp_table_set_double (t, row, 3, hp_ns_to_us (p->cpu_ns));
    }
  return t;
}

/**
 * hp_kernel_sequences_find:
 * @trace: a trace
 * @rank: one of its ranks
 * @operator_name: a part of the operator names to look for
 * @min_pattern_len: the least number of kernels under an operator
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * HTA's `get_frequent_cuda_kernel_sequences` (docs/analyses.md §9.1, §9.2):
 * builds the rank's call graph, takes the shallowest operators whose name
 * contains @operator_name and that launch at least @min_pattern_len
 * kernels, and counts the kernel sequences under them.
 *
 * Unlike HTA it does not abort on ns-resolution traces (zero and negative
 * durations at one time are put in a total order) nor on string GPU tids,
 * and in the default mode every kernel of a CUDA graph launch and the
 * stream-0 kernels of ROCm count.
 *
 * Returns: (transfer full): the patterns, or %NULL with
 *   %HP_ANALYSIS_ERROR_INVALID_PARAMETER (empty name) or
 *   %HP_ANALYSIS_ERROR_NO_DATA (no pattern)
 */
HpKernelSequences *
hp_kernel_sequences_find (HpTrace      *trace,
                          const HpRank *rank,
                          const char   *operator_name,
                          guint         min_pattern_len,
                          GCancellable *cancellable,
                          GError      **error)
{
  CallGraph          g;
  guint              n_strings;
  g_autofree guint8 *match = NULL;
  g_autoptr (GArray) candidates = NULL;
  g_autoptr (GArray) desc = NULL;
  g_autoptr (GArray) kernels = NULL;
  g_autoptr (GHashTable) by_key = NULL;
  g_autoptr (GPtrArray) patterns = NULL;
  g_autoptr (GString) key = NULL;
  gint32             min_depth = G_MAXINT32;
  HpKernelSequences *self;

  g_return_val_if_fail (trace != NULL && rank != NULL, NULL);

  if (operator_name == NULL || operator_name[0] == '\0')
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "the operator name is empty");
      return NULL;
    }
  if (!call_graph_build (&g, trace, rank, cancellable, error))
    {
      call_graph_clear (&g);
      return NULL;
    }

  /* docs/analyses.md §9.2 steps 1 and 2 */
  n_strings = hp_trace_get_n_strings (trace);
  match = g_new0 (guint8, MAX (n_strings, 1)); /* 0 unknown, 1 no, 2 yes */
  candidates = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint i = 0; i < rank->n_rows; i++)
    {
      guint32 e = rank->rows[i];
      guint32 name = rank->name[e];

      if (g.parent[e] == NOT_A_NODE || name >= n_strings)
        continue;
      if (match[name] == 0)
        match[name] = name_contains (trace, name, operator_name) ? 2 : 1;
      if (match[name] != 2)
        continue;
      g_array_append_val (candidates, e);
      min_depth = MIN (min_depth, g.depth[e]);
    }

  /* step 3 */
  by_key = g_hash_table_new (g_str_hash, g_str_equal);
  patterns = g_ptr_array_new_with_free_func (pattern_free);
  desc = g_array_new (FALSE, FALSE, sizeof (guint32));
  kernels = g_array_new (FALSE, FALSE, sizeof (guint32));
  key = g_string_new (NULL);
  for (guint i = 0; i < candidates->len; i++)
    {
      guint32  root = g_array_index (candidates, guint32, i);
      Pattern *p;

      if (hp_analysis_check_cancelled (cancellable, i, error))
        {
          call_graph_clear (&g);
          return NULL;
        }
      if (g.depth[root] != min_depth || g.num_kernels[root] < min_pattern_len)
        continue;
      g_array_set_size (desc, 0);
      g_array_set_size (kernels, 0);
      call_graph_descendants (&g, root, desc);
      for (guint k = 0; k < desc->len; k++)
        if (g.is_gpu[g_array_index (desc, guint32, k)])
          g_array_append_val (kernels, g_array_index (desc, guint32, k));
      g_array_sort_with_data (kernels, cmp_by_ts, (gpointer)rank);

      g_string_assign (key, hp_trace_get_string (trace, rank->name[root]));
      for (guint k = 0; k < kernels->len; k++)
        {
          g_string_append_c (key, '|');
          g_string_append (key, hp_trace_get_string (trace, rank->name[g_array_index (kernels, guint32, k)]));
        }
      p = g_hash_table_lookup (by_key, key->str);
      if (p == NULL)
        {
          p = g_new0 (Pattern, 1);
          p->text = g_strdup (key->str);
          p->events = g_array_new (FALSE, FALSE, sizeof (guint32));
          p->roots = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_ptr_array_add (patterns, p);
          g_hash_table_insert (by_key, p->text, p);
        }
      p->count++;
      p->gpu_ns += g.kernel_dur[root];
      p->cpu_ns += MAX (hp_rank_dur (rank, root), 0);
      g_array_append_vals (p->events, desc->data, desc->len);
      g_array_append_val (p->roots, root);
    }
  call_graph_clear (&g);

  /* steps 4 and 5 */
  if (patterns->len == 0)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                   "%s: rank %d has no operator named like \"%s\" that launches %u or more "
                   "kernels",
                   rank->path, rank->rank, operator_name, min_pattern_len);
      return NULL;
    }
  for (guint i = 0; i < patterns->len; i++)
    sort_unique (((Pattern *)g_ptr_array_index (patterns, i))->events);
  g_ptr_array_sort (patterns, cmp_patterns);

  self = g_new0 (HpKernelSequences, 1);
  self->trace = hp_trace_ref (trace);
  self->rank = rank;
  self->patterns = g_steal_pointer (&patterns);
  self->table = patterns_table (self->patterns);
  return self;
}

/**
 * hp_kernel_sequences_get_table:
 *
 * Returns: (transfer none): `frequent_cuda_kernel_sequences`, every pattern,
 *   by count (descending) then pattern
 */
HpTable *
hp_kernel_sequences_get_table (HpKernelSequences *self)
{
  return self->table;
}

guint
hp_kernel_sequences_get_n_patterns (HpKernelSequences *self)
{
  return self->patterns->len;
}

/**
 * hp_kernel_sequences_get_occurrences:
 * @pattern: a row of the table
 * @n_events: (out): how many
 *
 * Returns: (array length=n_events) (transfer none): the events of all the
 *   pattern's occurrences (operators, nested calls, launches, kernels),
 *   ascending positions in the rank
 */
const guint32 *
hp_kernel_sequences_get_occurrences (HpKernelSequences *self,
                                     guint              pattern,
                                     guint             *n_events)
{
  const Pattern *p;

  g_return_val_if_fail (pattern < self->patterns->len, NULL);
  p = g_ptr_array_index (self->patterns, pattern);
  *n_events = p->events->len;
  return (const guint32 *)p->events->data;
}

/**
 * hp_kernel_sequences_get_roots:
 * @pattern: a row of the table
 * @n_roots: (out): how many
 *
 * Returns: (array length=n_roots) (transfer none): the operator of each
 *   occurrence
 */
const guint32 *
hp_kernel_sequences_get_roots (HpKernelSequences *self,
                               guint              pattern,
                               guint             *n_roots)
{
  const Pattern *p;

  g_return_val_if_fail (pattern < self->patterns->len, NULL);
  p = g_ptr_array_index (self->patterns, pattern);
  *n_roots = p->roots->len;
  return (const guint32 *)p->roots->data;
}

/**
 * hp_kernel_sequences_linked_events:
 * @pattern: a row of the table
 *
 * What the pattern's row stands for on the timeline: every event of all
 * its occurrences by start time, the first occurrence's operator in focus.
 *
 * Returns: (transfer full): the events
 */
HpLinkedEvents *
hp_kernel_sequences_linked_events (HpKernelSequences *self,
                                   guint              pattern)
{
  const Pattern  *p;
  HpLinkedEvents *linked;
  guint32         first;

  g_return_val_if_fail (pattern < self->patterns->len, NULL);
  p = g_ptr_array_index (self->patterns, pattern);
  first = g_array_index (p->roots, guint32, 0);
  linked = g_new0 (HpLinkedEvents, 1);
  linked->rank = self->rank->rank;
  linked->events = g_array_copy (p->events);
  g_array_sort_with_data (linked->events, cmp_by_ts, (gpointer)self->rank);
  linked->focus = HP_LINKED_FOCUS_ONE;
  for (guint i = 0; i < linked->events->len; i++)
    if (g_array_index (linked->events, guint32, i) == first)
      linked->focus_index = i;
  linked->description = g_strdup_printf (ngettext ("%u occurrence of a pattern of %s on rank %d",
                                                   "%u occurrences of a pattern of %s on rank %d", p->roots->len),
                                         p->roots->len, hp_trace_get_string (self->trace, self->rank->name[first]),
                                         self->rank->rank);
  return linked;
}

typedef struct
{
  guint32 name;
  guint   count;
} Candidate;

static int
cmp_candidates (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  const Candidate *x = a;
  const Candidate *y = b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return strcmp (hp_trace_get_string (data, x->name), hp_trace_get_string (data, y->name));
}

/**
 * hp_kernel_sequences_operator_candidates:
 * @min_pattern_len: the least number of kernels
 *
 * The CPU operators of @rank that launch at least @min_pattern_len
 * kernels, for choosing an operator name.
 *
 * Returns: (transfer full) (element-type utf8): the names, most frequent
 *   first, or %NULL with @error
 */
GPtrArray *
hp_kernel_sequences_operator_candidates (HpTrace      *trace,
                                         const HpRank *rank,
                                         guint         min_pattern_len,
                                         GCancellable *cancellable,
                                         GError      **error)
{
  CallGraph g;
  g_autoptr (GHashTable) counts = g_hash_table_new (NULL, NULL);
  g_autoptr (GArray) list = g_array_new (FALSE, FALSE, sizeof (Candidate));
  GPtrArray     *out;
  GHashTableIter iter;
  gpointer       k, v;

  if (!call_graph_build (&g, trace, rank, cancellable, error))
    {
      call_graph_clear (&g);
      return NULL;
    }
  for (guint i = 0; i < rank->n_rows; i++)
    {
      guint32 e = rank->rows[i];

      if (g.parent[e] == NOT_A_NODE || g.is_gpu[e] || rank->kind[e] != HP_EVENT_KIND_CPU_OP ||
          g.num_kernels[e] < min_pattern_len)
        continue;
      k = GUINT_TO_POINTER (rank->name[e] + 1);
      g_hash_table_insert (counts, k,
                           GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, k)) + 1));
    }
  call_graph_clear (&g);

  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &k, &v))
    {
      Candidate c = { GPOINTER_TO_UINT (k) - 1, GPOINTER_TO_UINT (v) };

      g_array_append_val (list, c);
    }
  g_array_sort_with_data (list, cmp_candidates, trace);
  out = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < list->len; i++)
    g_ptr_array_add (out, g_strdup (hp_trace_get_string (trace, g_array_index (list, Candidate, i).name)));
  return out;
}

/* ---------------------------------------------------------------------------
 * The overlaid trace (docs/analyses.md §9.3)
 * ------------------------------------------------------------------------- */

/**
 * hp_kernel_sequences_overlaid_path:
 * @output_dir: (nullable): the folder, or %NULL for the trace's
 *
 * Returns: (transfer full): `<output_dir>/overlaid_<trace file name>`
 */
char *
hp_kernel_sequences_overlaid_path (const HpRank *rank,
                                   const char   *output_dir)
{
  g_autofree char *dir = output_dir != NULL ? g_strdup (output_dir) : g_path_get_dirname (rank->path);
  g_autofree char *name = g_strconcat ("overlaid_", rank->basename, NULL);

  return g_build_filename (dir, name, NULL);
}

typedef enum
{
  TOK_NULL,
  TOK_BOOL,
  TOK_NUMBER,
  TOK_STRING,
  TOK_KEY,
  TOK_MAP_OPEN,
  TOK_MAP_CLOSE,
  TOK_ARRAY_OPEN,
  TOK_ARRAY_CLOSE,
} TokType;

typedef struct
{
  guint8 type;
  guint8 b;
  gsize  off;
  gsize  len;
} Tok;

typedef struct
{
  guint32 pos; /* position in traceEvents */
  guint32 pattern;
} Mark;

typedef struct
{
  HpRewriteSink      sink;
  HpKernelSequences *seq;
  gboolean           compress;
  const Mark        *marks;
  guint              n_marks;
  guint              cursor;

  int      depth;
  int      events_depth;
  gboolean key_is_events;
  gboolean events_seen;
  guint64  position; /* of the next element of traceEvents */

  gboolean in_event;
  GArray  *toks;
  GString *text;
} Overlay;

static int
ov_ok (Overlay        *o,
       yajl_gen_status status)
{
  return _hp_rewrite_gen_ok (&o->sink, status);
}

static int
ov_str (Overlay    *o,
        const char *s,
        gsize       len)
{
  return ov_ok (o, yajl_gen_string (o->sink.gen, (const unsigned char *)s, len));
}

static int
replay (Overlay   *o,
        const Tok *t)
{
  const char *s = o->text->str + t->off;

  switch ((TokType)t->type)
    {
    case TOK_NULL:
      return ov_ok (o, yajl_gen_null (o->sink.gen));
    case TOK_BOOL:
      return ov_ok (o, yajl_gen_bool (o->sink.gen, t->b));
    case TOK_NUMBER:
      return ov_ok (o, yajl_gen_number (o->sink.gen, s, t->len));
    case TOK_STRING:
    case TOK_KEY:
      return ov_str (o, s, t->len);
    case TOK_MAP_OPEN:
      return ov_ok (o, yajl_gen_map_open (o->sink.gen));
    case TOK_MAP_CLOSE:
      return ov_ok (o, yajl_gen_map_close (o->sink.gen));
    case TOK_ARRAY_OPEN:
      return ov_ok (o, yajl_gen_array_open (o->sink.gen));
    case TOK_ARRAY_CLOSE:
      return ov_ok (o, yajl_gen_array_close (o->sink.gen));
    default:
      return 0;
    }
}

/* the index after the value starting at @i */
static guint
value_end (const Tok *toks,
           guint      n,
           guint      i)
{
  int depth = 0;

  do
    {
      if (toks[i].type == TOK_MAP_OPEN || toks[i].type == TOK_ARRAY_OPEN)
        depth++;
      else if (toks[i].type == TOK_MAP_CLOSE || toks[i].type == TOK_ARRAY_CLOSE)
        depth--;
      i++;
    }
  while (depth > 0 && i < n);
  return i;
}

static gboolean
tok_is (const Overlay *o,
        const Tok     *t,
        const char    *s)
{
  gsize len = strlen (s);

  return t->len == len && memcmp (o->text->str + t->off, s, len) == 0;
}

static int
emit_patterns (Overlay *o,
               guint    first_mark,
               guint    end_mark)
{
  if (!(ov_str (o, "Patterns", 8) && ov_ok (o, yajl_gen_map_open (o->sink.gen))))
    return 0;
  for (guint m = first_mark; m < end_mark; m++)
    {
      const Pattern *p = g_ptr_array_index (o->seq->patterns, o->marks[m].pattern);

      if (!(ov_str (o, p->text, strlen (p->text)) &&
            ov_ok (o, yajl_gen_integer (o->sink.gen, p->count))))
        return 0;
    }
  return ov_ok (o, yajl_gen_map_close (o->sink.gen));
}

/* the symbol table: id → name, for the names replaced by their ids */
static int
emit_dictionary (Overlay *o)
{
  HpTrace *trace = o->seq->trace;
  guint    n = hp_trace_get_n_strings (trace);

  if (!ov_ok (o, yajl_gen_map_open (o->sink.gen)))
    return 0;
  for (guint id = 0; id < n; id++)
    {
      char        key[16];
      const char *s = hp_trace_get_string (trace, id);
      int         len = g_snprintf (key, sizeof key, "%u", id);

      if (!(ov_str (o, key, (gsize)len) && ov_str (o, s, strlen (s))))
        return 0;
    }
  return ov_ok (o, yajl_gen_map_close (o->sink.gen));
}

/* writes the buffered event (one object of traceEvents), changed as §9.3 says */
static int
flush_event (Overlay *o)
{
  const Tok *toks = (const Tok *)o->toks->data;
  guint      n = o->toks->len;
  guint      first_mark, end_mark;
  int        name_val = -1, args_key = -1, ph_val = -1, pid_val = -1;
  gboolean   in_top, empty_args, rename = FALSE, spans = FALSE;
  guint32    name_id = HP_NO_STRING;
  enum
  {
    ARGS_KEEP,
    ARGS_EMPTY,
    ARGS_PATTERNS,
    ARGS_DICT
  } mode = ARGS_KEEP;
  int ok = 1;

  /* the top patterns this position is in */
  while (o->cursor < o->n_marks && o->marks[o->cursor].pos < o->position)
    o->cursor++;
  first_mark = o->cursor;
  while (o->cursor < o->n_marks && o->marks[o->cursor].pos == o->position)
    o->cursor++;
  end_mark = o->cursor;
  in_top = end_mark > first_mark;

  /* the members of the object: toks[0] opens it */
  for (guint i = 1; i + 1 < n;)
    {
      guint v = i + 1;

      if (tok_is (o, &toks[i], "name") && toks[v].type == TOK_STRING)
        name_val = (int)v;
      else if (tok_is (o, &toks[i], "ph") && toks[v].type == TOK_STRING)
        ph_val = (int)v;
      else if (tok_is (o, &toks[i], "pid"))
        pid_val = (int)v;
      else if (tok_is (o, &toks[i], "args"))
        args_key = (int)i;
      i = value_end (toks, n, v);
    }

  empty_args = args_key >= 0 && toks[args_key + 1].type == TOK_MAP_OPEN &&
               toks[args_key + 2].type == TOK_MAP_CLOSE;
  if (in_top)
    mode = ARGS_PATTERNS;
  else if (o->compress && ph_val >= 0 && tok_is (o, &toks[ph_val], "X"))
    mode = ARGS_EMPTY, empty_args = TRUE;
  if (o->compress && name_val >= 0)
    {
      const Tok *t = &toks[name_val];

      spans = pid_val >= 0 && toks[pid_val].type == TOK_STRING && tok_is (o, &toks[pid_val], "Spans") &&
              t->len >= 16 && memcmp (o->text->str + t->off, "PyTorch Profiler", 16) == 0;
      if (spans)
        mode = ARGS_DICT;
      else if (empty_args)
        {
          g_autofree char *name = g_strndup (o->text->str + t->off, t->len);

          name_id = hp_trace_lookup_string (o->seq->trace, name);
          rename = name_id != HP_NO_STRING;
        }
    }

  ok = ov_ok (o, yajl_gen_map_open (o->sink.gen));
  for (guint i = 1; ok && i + 1 < n;)
    {
      guint v = i + 1;
      guint end = value_end (toks, n, v);

      if ((int)v == name_val && rename)
        {
          char id[16];
          int  len = g_snprintf (id, sizeof id, "%u", name_id);

          ok = replay (o, &toks[i]) && ov_str (o, id, (gsize)len);
        }
      else if ((int)i == args_key && mode != ARGS_KEEP)
        {
          ok = replay (o, &toks[i]);
          if (ok && mode == ARGS_EMPTY)
            ok = ov_ok (o, yajl_gen_map_open (o->sink.gen)) && ov_ok (o, yajl_gen_map_close (o->sink.gen));
          else if (ok && mode == ARGS_DICT)
            ok = emit_dictionary (o);
          else if (ok && toks[v].type == TOK_MAP_OPEN)
            {
              /* the args, then "Patterns" */
              for (guint k = v; ok && k + 1 < end; k++)
                ok = replay (o, &toks[k]);
              ok = ok && emit_patterns (o, first_mark, end_mark) &&
                   ov_ok (o, yajl_gen_map_close (o->sink.gen));
            }
          else if (ok)
            ok = ov_ok (o, yajl_gen_map_open (o->sink.gen)) && emit_patterns (o, first_mark, end_mark) &&
                 ov_ok (o, yajl_gen_map_close (o->sink.gen));
        }
      else
        for (guint k = i; ok && k < end; k++)
          ok = replay (o, &toks[k]);
      i = end;
    }
  if (ok && args_key < 0 && mode != ARGS_KEEP)
    {
      ok = ov_str (o, "args", 4) && ov_ok (o, yajl_gen_map_open (o->sink.gen));
      if (ok && mode == ARGS_PATTERNS)
        ok = emit_patterns (o, first_mark, end_mark);
      ok = ok && ov_ok (o, yajl_gen_map_close (o->sink.gen));
    }
  ok = ok && ov_ok (o, yajl_gen_map_close (o->sink.gen));

  g_array_set_size (o->toks, 0);
  g_string_truncate (o->text, 0);
  return ok;
}

static int
push_tok (Overlay    *o,
          TokType     type,
          const void *text,
          gsize       len,
          gboolean    b)
{
  Tok t = { (guint8)type, (guint8)b, o->text->len, len };

  if (len > 0)
    g_string_append_len (o->text, text, (gssize)len);
  g_array_append_val (o->toks, t);
  return 1;
}

/* a scalar: buffered inside an event, else echoed */
static int
ov_scalar (Overlay    *o,
           TokType     type,
           const void *text,
           gsize       len,
           gboolean    b)
{
  o->key_is_events = FALSE;
  if (o->in_event)
    return push_tok (o, type, text, len, b);
  if (o->events_depth > 0 && o->depth == o->events_depth)
    o->position++;
  switch (type)
    {
    case TOK_NULL:
      return ov_ok (o, yajl_gen_null (o->sink.gen));
    case TOK_BOOL:
      return ov_ok (o, yajl_gen_bool (o->sink.gen, b));
    case TOK_NUMBER:
      return ov_ok (o, yajl_gen_number (o->sink.gen, text, len));
    default:
      return ov_str (o, text, len);
    }
}

static int
ov_null (void *ctx)
{
  return ov_scalar (ctx, TOK_NULL, NULL, 0, FALSE);
}

static int
ov_boolean (void *ctx,
            int   value)
{
  return ov_scalar (ctx, TOK_BOOL, NULL, 0, value != 0);
}

static int
ov_number (void       *ctx,
           const char *text,
           size_t      len)
{
  return ov_scalar (ctx, TOK_NUMBER, text, len, FALSE);
}

static int
ov_string (void                *ctx,
           const unsigned char *text,
           size_t               len)
{
  return ov_scalar (ctx, TOK_STRING, text, len, FALSE);
}

static int
ov_start_map (void *ctx)
{
  Overlay *o = ctx;

  o->key_is_events = FALSE;
  o->depth++;
  if (!o->in_event && o->events_depth > 0 && o->depth == o->events_depth + 1)
    o->in_event = TRUE;
  if (o->in_event)
    return push_tok (o, TOK_MAP_OPEN, NULL, 0, FALSE);
  return ov_ok (o, yajl_gen_map_open (o->sink.gen));
}

static int
ov_map_key (void                *ctx,
            const unsigned char *key,
            size_t               len)
{
  Overlay *o = ctx;

  if (o->in_event)
    return push_tok (o, TOK_KEY, key, len, FALSE);
  o->key_is_events = o->depth == 1 && !o->events_seen && len == strlen ("traceEvents") &&
                     memcmp (key, "traceEvents", len) == 0;
  return ov_str (o, (const char *)key, len);
}

static int
ov_end_map (void *ctx)
{
  Overlay *o = ctx;

  o->depth--;
  if (o->in_event)
    {
      push_tok (o, TOK_MAP_CLOSE, NULL, 0, FALSE);
      if (o->depth == o->events_depth)
        {
          int ok;

          o->in_event = FALSE;
          ok = flush_event (o);
          o->position++;
          return ok;
        }
      return 1;
    }
  return ov_ok (o, yajl_gen_map_close (o->sink.gen));
}

static int
ov_start_array (void *ctx)
{
  Overlay *o = ctx;

  o->depth++;
  if (o->in_event)
    return push_tok (o, TOK_ARRAY_OPEN, NULL, 0, FALSE);
  if (!o->events_seen && (o->depth == 1 || o->key_is_events))
    {
      o->events_depth = o->depth;
      o->events_seen = TRUE;
    }
  else if (o->events_depth > 0 && o->depth == o->events_depth + 1)
    o->position++; /* an array as an element: kept as it is */
  o->key_is_events = FALSE;
  return ov_ok (o, yajl_gen_array_open (o->sink.gen));
}

static int
ov_end_array (void *ctx)
{
  Overlay *o = ctx;

  if (o->in_event)
    {
      o->depth--;
      return push_tok (o, TOK_ARRAY_CLOSE, NULL, 0, FALSE);
    }
  if (o->depth == o->events_depth)
    o->events_depth = 0;
  o->depth--;
  return ov_ok (o, yajl_gen_array_close (o->sink.gen));
}

static const yajl_callbacks overlay_callbacks = {
  ov_null,
  ov_boolean,
  NULL,
  NULL,
  ov_number,
  ov_string,
  ov_start_map,
  ov_map_key,
  ov_end_map,
  ov_start_array,
  ov_end_array,
};

static int
cmp_marks (gconstpointer a,
           gconstpointer b)
{
  const Mark *x = a;
  const Mark *y = b;

  if (x->pos != y->pos)
    return x->pos < y->pos ? -1 : 1;
  return x->pattern < y->pattern ? -1 : (x->pattern > y->pattern ? 1 : 0);
}

/**
 * hp_kernel_sequences_write_overlaid:
 * @output_path: the file to write; gzip-compressed iff it ends in `.gz`
 * @top_k: how many patterns to mark
 * @compress_other_kernels: whether events outside the top patterns lose
 *   their args and get their name replaced by a symbol id
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Writes the rank's trace again with `args["Patterns"]` on every event of
 * the first @top_k patterns (docs/analyses.md §9.3). The input is streamed,
 * one event at a time, never held whole, and never overwritten; a failed
 * write leaves nothing behind.
 *
 * Returns: %TRUE on success, else %FALSE with an error naming the file
 */
gboolean
hp_kernel_sequences_write_overlaid (HpKernelSequences *self,
                                    const char        *output_path,
                                    guint              top_k,
                                    gboolean           compress_other_kernels,
                                    GCancellable      *cancellable,
                                    GError           **error)
{
  const HpRank *r = self->rank;
  g_autoptr (GArray) marks = g_array_new (FALSE, FALSE, sizeof (Mark));
  HpRewriteFiles files;
  Overlay        o = { 0 };
  gboolean       ok;

  g_return_val_if_fail (output_path != NULL, FALSE);

  for (guint i = 0; i < MIN (top_k, self->patterns->len); i++)
    {
      const Pattern *p = g_ptr_array_index (self->patterns, i);

      for (guint k = 0; k < p->events->len; k++)
        {
          Mark m = { r->index[g_array_index (p->events, guint32, k)], i };

          g_array_append_val (marks, m);
        }
    }
  g_array_sort (marks, cmp_marks);

  if (!_hp_rewrite_open (&files, r, output_path, cancellable, error))
    {
      _hp_rewrite_files_clear (&files);
      return FALSE;
    }
  _hp_rewrite_sink_init (&o.sink, files.out, cancellable);
  o.seq = self;
  o.compress = compress_other_kernels;
  o.marks = (const Mark *)marks->data;
  o.n_marks = marks->len;
  o.toks = g_array_new (FALSE, FALSE, sizeof (Tok));
  o.text = g_string_new (NULL);

  ok = _hp_rewrite_stream (&o.sink, &files, &overlay_callbacks, &o, r->basename, cancellable, error);
  ok = _hp_rewrite_finish (&o.sink, ok, o.events_seen, r->basename, files.out_base, error);
  g_array_unref (o.toks);
  g_string_free (o.text, TRUE);
  ok = _hp_rewrite_close (&files, ok, cancellable, error);
  _hp_rewrite_files_clear (&files);
  return ok;
}

/* ---------------------------------------------------------------------------
 * Repeated kernel sequences (beyond HTA)
 * ------------------------------------------------------------------------- */

#define REPEAT_MIN_LEN 3
#define REPEAT_MAX_LEN 128
#define REPEAT_MAX_ROWS 20

typedef struct
{
  guint  len;
  guint  count; /* occurrences that do not overlap */
  gint64 total_ns;
  guint  off; /* of the occurrences' starts in the positions array */
} Repeat;

typedef struct
{
  const guint32 *seq;
  guint          len;
} WindowCtx;

static int
cmp_windows (gconstpointer a,
             gconstpointer b,
             gpointer      data)
{
  const WindowCtx *c = data;
  guint32          x = *(const guint32 *)a;
  guint32          y = *(const guint32 *)b;

  for (guint k = 0; k < c->len; k++)
    if (c->seq[x + k] != c->seq[y + k])
      return c->seq[x + k] < c->seq[y + k] ? -1 : 1;
  return x < y ? -1 : (x > y ? 1 : 0);
}

/* The maximal repeats of @seq with lengths in [min_len, max_len]: a group
 * of equal windows grows one kernel at a time while two occurrences that do
 * not overlap remain; a group is kept when no longer or earlier-starting
 * sequence has all its occurrences (or at max_len). */
static void
mine_stream (const guint32 *seq,
             const gint64  *prefix_ns,
             guint          n,
             guint          min_len,
             guint          max_len,
             GArray        *repeats,
             GArray        *starts)
{
  g_autoptr (GArray) pos = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) bounds = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) next_pos = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) next_bounds = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) chosen = g_array_new (FALSE, FALSE, sizeof (guint32));
  WindowCtx ctx = { seq, min_len };

  if (n < 2 * min_len)
    return;
  for (guint32 p = 0; p + min_len <= n; p++)
    g_array_append_val (pos, p);
  g_array_sort_with_data (pos, cmp_windows, &ctx);
  for (guint i = 0; i < pos->len; i++)
    {
      const guint32 *w = &g_array_index (pos, guint32, i);
      gboolean       same = i > 0;

      for (guint k = 0; same && k < min_len; k++)
        same = seq[w[-1] + k] == seq[w[0] + k];
      if (!same)
        {
          guint32 start = i;

          g_array_append_val (bounds, start);
        }
    }
  {
    guint32 end = pos->len;

    g_array_append_val (bounds, end);
  }

  for (guint len = min_len; len <= max_len && bounds->len > 1; len++)
    {
      const guint32 *P = (const guint32 *)pos->data;

      g_array_set_size (next_pos, 0);
      g_array_set_size (next_bounds, 0);
      for (guint gi = 0; gi + 1 < bounds->len; gi++)
        {
          guint    a = g_array_index (bounds, guint32, gi);
          guint    b = g_array_index (bounds, guint32, gi + 1);
          guint    size = b - a;
          gint64   last_end = -1;
          gboolean right_closed = TRUE, left_maximal = FALSE;
          guint32  left = G_MAXUINT32;
          guint    first_new;

          if (size < 2)
            continue;
          g_array_set_size (chosen, 0);
          for (guint k = a; k < b; k++)
            if ((gint64)P[k] >= last_end)
              {
                g_array_append_val (chosen, P[k]);
                last_end = (gint64)P[k] + len;
              }
          if (chosen->len < 2)
            continue;

          for (guint k = a; k < b && !left_maximal; k++)
            {
              if (P[k] == 0 || (left != G_MAXUINT32 && seq[P[k] - 1] != left))
                left_maximal = TRUE;
              else
                left = seq[P[k] - 1];
            }

          /* the group's extensions by one kernel, by next kernel then start */
          first_new = next_pos->len;
          for (guint k = a; k < b; k++)
            if (P[k] + len < n)
              g_array_append_val (next_pos, P[k]);
          if (next_pos->len > first_new)
            {
              guint32  *np = &g_array_index (next_pos, guint32, first_new);
              guint     m = next_pos->len - first_new;
              WindowCtx one = { seq + len, 1 };

              g_qsort_with_data (np, (gint)m, sizeof (guint32), cmp_windows, &one);
              for (guint k = 0; k < m;)
                {
                  guint j = k;

                  while (j < m && seq[np[j] + len] == seq[np[k] + len])
                    j++;
                  if (j - k == size)
                    right_closed = FALSE;
                  if (j - k >= 2 && len < max_len)
                    {
                      guint32 range[2] = { first_new + k, first_new + j };

                      g_array_append_vals (next_bounds, range, 2);
                    }
                  k = j;
                }
            }

          if ((right_closed && left_maximal) || len == max_len)
            {
              Repeat rep = { len, chosen->len, 0, starts->len };

              for (guint k = 0; k < chosen->len; k++)
                {
                  guint32 s = g_array_index (chosen, guint32, k);

                  rep.total_ns += prefix_ns[s + len] - prefix_ns[s];
                }
              g_array_append_vals (starts, chosen->data, chosen->len);
              g_array_append_val (repeats, rep);
            }
        }
      g_array_set_size (pos, 0);
      g_array_set_size (bounds, 0);
      /* the extension groups of two or more become the next level */
      for (guint i = 0; i + 1 < next_bounds->len; i += 2)
        {
          guint32 from = g_array_index (next_bounds, guint32, i);
          guint32 to = g_array_index (next_bounds, guint32, i + 1);
          guint32 start = pos->len;

          g_array_append_val (bounds, start);
          g_array_append_vals (pos, &g_array_index (next_pos, guint32, from), to - from);
        }
      {
        guint32 end = pos->len;

        g_array_append_val (bounds, end);
      }
    }
}

static int
cmp_repeats (gconstpointer a,
             gconstpointer b)
{
  const Repeat *x = a;
  const Repeat *y = b;

  if (x->total_ns != y->total_ns)
    return x->total_ns > y->total_ns ? -1 : 1;
  if (x->len != y->len)
    return x->len > y->len ? -1 : 1;
  return x->off < y->off ? -1 : (x->off > y->off ? 1 : 0);
}

typedef struct
{
  guint   lane;
  GArray *events; /* guint32, by ts */
} Stream;

static HpTable *
repeated_table_new (void)
{
  HpTable *t = hp_table_new (HP_REPEATED_SEQUENCES_TABLE, "Repeated kernel sequences");

  hp_table_add_column (t, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "device", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "stream", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "length", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "count", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "total duration (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "mean duration (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "stream time (%)", HP_COLUMN_DOUBLE, "%");
  hp_table_add_column (t, "first start (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "kernels", HP_COLUMN_STRING, NULL);
  return t;
}

/* one stream's rows, at most @max_rows, appended to @t */
static void
stream_repeats (HpTrace      *trace,
                const HpRank *r,
                const Stream *s,
                guint         min_len,
                guint         max_len,
                guint         max_rows,
                HpTable      *t)
{
  guint               n = s->events->len;
  const guint32      *ev = (const guint32 *)s->events->data;
  g_autofree guint32 *seq = g_new (guint32, MAX (n, 1));
  g_autofree gint64  *prefix = g_new0 (gint64, n + 1);
  g_autofree guint8  *covered = g_new0 (guint8, MAX (n, 1));
  g_autoptr (GArray) repeats = g_array_new (FALSE, FALSE, sizeof (Repeat));
  g_autoptr (GArray) starts = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GString) text = g_string_new (NULL);
  guint rows = 0;

  for (guint i = 0; i < n; i++)
    {
      seq[i] = r->name[ev[i]];
      prefix[i + 1] = prefix[i] + MAX (hp_rank_dur (r, ev[i]), 0);
    }
  mine_stream (seq, prefix, n, min_len, max_len, repeats, starts);
  g_array_sort (repeats, cmp_repeats);

  /* the best repeats that mostly cover kernels no better one covers */
  for (guint i = 0; i < repeats->len && rows < max_rows; i++)
    {
      const Repeat  *rep = &g_array_index (repeats, Repeat, i);
      const guint32 *st = &g_array_index (starts, guint32, rep->off);
      guint64        seen = 0;
      guint          row;

      for (guint k = 0; k < rep->count; k++)
        for (guint j = 0; j < rep->len; j++)
          seen += covered[st[k] + j];
      if (seen * 2 > (guint64)rep->count * rep->len)
        continue;
      for (guint k = 0; k < rep->count; k++)
        memset (covered + st[k], 1, rep->len);

      g_string_truncate (text, 0);
      for (guint j = 0; j < rep->len; j++)
        {
          if (j > 0)
            g_string_append_c (text, '|');
          g_string_append (text, hp_trace_get_string (trace, seq[st[0] + j]));
        }
      row = hp_table_append_row (t);
      hp_table_set_int (t, row, 0, r->rank);
      hp_table_set_int (t, row, 1, hp_rank_pid (r, ev[0]));
      hp_table_set_int (t, row, 2, hp_rank_stream (r, ev[0]));
      hp_table_set_int (t, row, 3, rep->len);
      hp_table_set_int (t, row, 4, rep->count);
      hp_table_set_double (t, row, 5, hp_ns_to_us (rep->total_ns));
      hp_table_set_double (t, row, 6, hp_ns_to_us (rep->total_ns) / rep->count);
      hp_table_set_double (t, row, 7,
                           prefix[n] > 0 ? 100.0 * (double)rep->total_ns / (double)prefix[n] : 0.0);
      hp_table_set_double (t, row, 8, hp_ns_to_us (r->ts[ev[st[0]]]));
      hp_table_set_string (t, row, 9, text->str);
      rows++;
    }
}

/**
 * hp_repeated_sequences_table:
 * @rank: a rank
 * @min_len: the shortest sequence, in kernels (3)
 * @max_len: the longest sequence looked for (128)
 * @max_rows: the most rows per stream (20)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Beyond HTA: the kernel sequences that repeat on each GPU stream of
 * @rank, whatever operators launched them. On each stream's kernels in
 * time order it finds the maximal repeated sequences of @min_len to
 * @max_len kernels (no longer sequence has all their occurrences) that
 * occur at least twice without overlapping; it keeps those that take the
 * most kernel time, skipping one when more than half of its kernels belong
 * to a sequence already kept. These are the candidates for fusion and
 * CUDA graphs.
 *
 * Columns: `rank`, `device`, `stream`, `length` (kernels), `count`
 * (occurrences that do not overlap), `total duration (us)` (kernel time of
 * the occurrences), `mean duration (us)`, `stream time (%)` (of the
 * stream's kernel time), `first start (us)`, `kernels` (names joined by
 * `|`); by total duration, descending.
 *
 * Returns: (transfer full): `repeated_kernel_sequences`, or %NULL when
 *   cancelled
 */
HpTable *
hp_repeated_sequences_table (HpTrace      *trace,
                             const HpRank *rank,
                             guint         min_len,
                             guint         max_len,
                             guint         max_rows,
                             GCancellable *cancellable,
                             GError      **error)
{
  g_autoptr (HpTable) t = repeated_table_new ();
  g_autofree guint8 *seen = g_new0 (guint8, MAX (rank->n_events, 1));
  g_autofree int    *lane_stream = g_new (int, MAX (rank->n_lanes, 1));
  g_autoptr (GArray) streams = g_array_new (FALSE, FALSE, sizeof (Stream));
  gboolean cancelled = FALSE;

  min_len = MAX (min_len, 1);
  max_len = MAX (max_len, min_len);

  for (guint l = 0; l < rank->n_lanes; l++)
    lane_stream[l] = -1;
  for (guint i = 0; i < rank->n_rows; i++)
    {
      guint32 e = rank->rows[i];
      guint   l = hp_rank_lane (rank, e);

      if (seen[e] || rank->kind[e] != HP_EVENT_KIND_KERNEL)
        continue;
      seen[e] = 1;
      if (lane_stream[l] < 0)
        {
          Stream s = { l, g_array_new (FALSE, FALSE, sizeof (guint32)) };

          lane_stream[l] = (int)streams->len;
          g_array_append_val (streams, s);
        }
      g_array_append_val (g_array_index (streams, Stream, lane_stream[l]).events, e);
    }

  for (guint i = 0; i < streams->len; i++)
    {
      Stream *s = &g_array_index (streams, Stream, i);

      if (!cancelled)
        cancelled = g_cancellable_set_error_if_cancelled (cancellable, error);
      if (!cancelled)
        {
          g_array_sort_with_data (s->events, cmp_by_ts, (gpointer)rank);
          stream_repeats (trace, rank, s, min_len, max_len, max_rows, t);
        }
      g_array_unref (s->events);
    }
  if (cancelled || (streams->len == 0 && g_cancellable_set_error_if_cancelled (cancellable, error)))
    return NULL;
  hp_table_sort_by_column (t, 5, TRUE);
  return g_steal_pointer (&t);
}

/**
 * hp_repeated_sequences_compute:
 *
 * The #HpAnalysisFunc of `repeated_kernel_sequences`: one table, the rows
 * of hp_repeated_sequences_table() for every selected rank, with sequences
 * of 3 to 128 kernels and at most 20 rows per stream.
 */
gboolean
hp_repeated_sequences_compute (HpTrace                *trace,
                               const HpAnalysisParams *params,
                               GPtrArray              *tables,
                               GCancellable           *cancellable,
                               GError                **error)
{
  g_autoptr (GPtrArray) ranks = hp_analysis_select_ranks (trace, params, error);
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);

  if (ranks == NULL)
    return FALSE;
  for (guint i = 0; i < ranks->len; i++)
    {
      HpTable *t = hp_repeated_sequences_table (trace, g_ptr_array_index (ranks, i), REPEAT_MIN_LEN,
                                                REPEAT_MAX_LEN, REPEAT_MAX_ROWS, cancellable, error);

      if (t == NULL)
        return FALSE;
      g_ptr_array_add (parts, t);
    }
  if (parts->len == 0)
    g_ptr_array_add (tables, repeated_table_new ());
  else
    g_ptr_array_add (tables, hp_table_concat ((HpTable **)parts->pdata, parts->len,
                                              HP_REPEATED_SEQUENCES_TABLE, "Repeated kernel sequences"));
  return TRUE;
}
