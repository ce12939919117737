/* hp-critical-path-graph.c — the region, the nodes and the edges of the critical-path graph (docs/analyses.md §12.2, §12.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hp-critical-path-private.h"
#include "hp-numpy-sort-private.h"
#include "hp-sort-private.h"
#include "hp-queue-length.h"
#include "hp-queue-length-private.h"

/* 1500 us: a kernel starting later than this after the previous one on its
 * stream is not linked to it (HTA 0.6.1) */
#define KERNEL_KERNEL_MAX_GAP_NS (1500 * HP_NS_PER_US)

static const char *const blocking_names[] = {
  "cudaDeviceSynchronize",
  "cudaStreamSynchronize",
  "cudaEventQuery",
  "cudaEventSynchronize",
  "cudaMemcpy",
  "cudaMemcpyAsync",
};

/* synchronous copies: the call returns when the copy is done */
static const char *const sync_copy_names[] = {
  "cudaMemcpy",
  "cudaMemset",
  "hipMemcpy",
  "hipMemset",
  "cudaMemcpy2D",
  "cudaMemcpyToSymbol",
  "cudaMemcpyFromSymbol",
};

static const char *const lock_names[] = {
  "cudaHostAlloc",
  "cudaLaunchKernel",
  "cudaMemcpyAsync",
};

typedef struct
{
  HpCriticalPath *cp;
  const HpRank   *r;
  guint8         *is_blocking;  /* per string id */
  guint8         *is_lock;      /* per string id */
  guint8         *is_launch;    /* per string id */
  guint8         *is_sync_copy; /* per string id */
  guint           n_strings;
  guint32         event_sync, context_sync, stream_sync, stream_wait_event;
  guint32         cuda_event_record, cuda_stream_wait_event, cuda_sync_cat;
  guint32         key_wait_stream, key_wait_corr;
  gint32         *parent; /* per event: the call-stack parent in the region, or -1 */
} Builder;

static guint8 *
name_set (HpTrace           *trace,
          guint              n_strings,
          const char *const *names,
          guint              n_names)
{
  guint8 *set = g_new0 (guint8, MAX (n_strings, 1));

  for (guint i = 0; i < n_names; i++)
    {
      guint32 id = hp_trace_lookup_string (trace, names[i]);

      if (id != HP_NO_STRING)
        set[id] = TRUE;
    }
  return set;
}

/* stream != -1 in HTA; GPU activity or a sync record otherwise (TF §7) */
static gboolean
is_device_side (const Builder *b,
                guint          e)
{
  const HpRank *r = b->r;

  if (b->cp->compat)
    return hp_rank_stream (r, e) != -1;
  return (r->flags[e] & HP_EVENT_G1) || r->kind[e] == HP_EVENT_KIND_SYNC;
}

static gboolean
is_sync_record (const Builder *b,
                guint          e)
{
  return b->r->cat[e] == b->cuda_sync_cat && b->cuda_sync_cat != HP_NO_STRING;
}

/* ---------------------------------------------------------------------------
 * The region (§12.2)
 * ------------------------------------------------------------------------- */

static int
cmp_by_ts (gconstpointer a,
           gconstpointer b,
           gpointer      data)
{
  const HpRank  *r = data;
  const guint32 *x = a;
  const guint32 *y = b;

  if (r->ts[*x] != r->ts[*y])
    return r->ts[*x] < r->ts[*y] ? -1 : 1;
  return r->index[*x] < r->index[*y] ? -1 : r->index[*x] > r->index[*y];
}

/* The default region: HTA's rule in compatibility mode (instance 1 of
 * ProfilerStep with two steps or more, instance 0 with one, else all);
 * otherwise the first complete ProfilerStep, else the whole trace. */
static void
default_region (Builder *b,
                char   **annotation,
                int     *instance)
{
  const HpRank *r = b->r;
  guint         n_steps = 0;

  for (guint k = 0; k < r->n_rows; k++)
    if (r->flags[r->rows[k]] & HP_EVENT_STEP)
      n_steps++;
  if (n_steps == 0)
    {
      *annotation = g_strdup ("");
      *instance = 0;
    }
  else
    {
      *annotation = g_strdup ("ProfilerStep");
      *instance = (b->cp->compat && n_steps >= 2) ? 1 : 0;
    }
}

static gboolean
select_region (Builder                     *b,
               const HpCriticalPathOptions *options,
               GError                     **error)
{
  HpCriticalPath   *cp = b->cp;
  const HpRank     *r = b->r;
  g_autofree char  *annotation = NULL;
  int               first = options->instance_first, last = options->instance_last;
  g_autofree gint8 *matches = NULL; /* per string id: -1 unknown, 0, 1 */
  g_autoptr (GArray) selected = NULL;
  gint64 lo = G_MAXINT64, hi = G_MININT64;

  if (options->annotation == NULL)
    {
      default_region (b, &annotation, &first);
      last = first;
    }
  else
    annotation = g_strdup (options->annotation);

  if (first < 0 || last < first)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   _ ("Invalid instance range %d..%d"), first, last);
      return FALSE;
    }

  if (annotation[0] == '\0')
    {
      for (guint k = 0; k < r->n_rows; k++)
        {
          guint e = r->rows[k];

          lo = MIN (lo, r->ts[e]);
          hi = MAX (hi, hp_rank_end (r, e));
        }
      cp->start = lo == G_MAXINT64 ? 0 : lo;
      /* HTA compares with a stale absolute end: everything is inside */
      cp->end = cp->compat ? G_MAXINT64 : hi;
      cp->region = g_strdup (_ ("the whole trace"));
      return TRUE;
    }

  matches = g_new (gint8, MAX (b->n_strings, 1));
  memset (matches, -1, MAX (b->n_strings, 1));
  selected = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint   e = r->rows[k];
      guint32 name = r->name[e];

      if (name == HP_NO_STRING)
        continue;
      if (matches[name] < 0)
        matches[name] = strstr (hp_trace_get_string (cp->trace, name), annotation) != NULL;
      if (!matches[name])
        continue;
      /* Better: instances are the CPU-side annotations in time order */
      if (!cp->compat && (is_device_side (b, e) || r->kind[e] == HP_EVENT_KIND_GPU_ANNOTATION))
        continue;
      if (cp->compat && k > 0 && r->rows[k - 1] == e)
        continue;
      g_array_append_val (selected, e);
    }
  if (!cp->compat)
    g_array_sort_with_data (selected, cmp_by_ts, (gpointer)r);

  if ((guint)first >= selected->len)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   _ ("%s: rank %d has %u instance(s) of annotation “%s”, none numbered %d"),
                   r->basename, r->rank, selected->len, annotation, first);
      return FALSE;
    }
  last = MIN ((guint)last, selected->len - 1);
  for (int i = first; i <= last; i++)
    {
      guint e = g_array_index (selected, guint32, i);

      lo = MIN (lo, r->ts[e]);
      hi = MAX (hi, hp_rank_end (r, e));
    }
  cp->start = lo;
  cp->end = hi;
  if (first == last)
    cp->region = g_strdup_printf ("%s",
                                  hp_trace_get_string (cp->trace, r->name[g_array_index (selected, guint32, first)]));
  else
    cp->region = g_strdup_printf (_ ("%s, instances %d to %d"), annotation, first, last);
  return TRUE;
}

/* The clipped event set T (§12.2 step 4), in row order. */
static GArray *
clip_events (Builder *b)
{
  HpCriticalPath *cp = b->cp;
  const HpRank   *r = b->r;
  GArray         *events = g_array_new (FALSE, FALSE, sizeof (guint32));

  cp->in_region = g_new0 (guint8, MAX (r->n_events, 1));

  /* host events in the window, and their GPU work */
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];

      if (is_device_side (b, e) || hp_rank_dur (r, e) <= 0 || r->ts[e] < cp->start || r->ts[e] > cp->end)
        continue;
      cp->in_region[e] = 1;
      if (cp->compat)
        {
          if (r->partner[e] >= 0 && is_device_side (b, (guint)r->partner[e]))
            cp->in_region[r->partner[e]] = 2;
        }
      else
        {
          guint          n_launched;
          const guint32 *launched = hp_rank_get_launched (r, e, &n_launched);

          for (guint j = 0; j < n_launched; j++)
            if (is_device_side (b, launched[j]) && (r->flags[launched[j]] & HP_EVENT_MEASURED))
              cp->in_region[launched[j]] = 2;
        }
    }
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];

      if (r->name[e] == b->stream_wait_event && b->stream_wait_event != HP_NO_STRING &&
          is_device_side (b, e))
        cp->in_region[e] = 2;
    }

  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];

      if (cp->in_region[e] == 0 || cp->in_region[e] == 3)
        continue;
      /* a GPU row is in T only if its launch is (not by its own time) */
      if (cp->in_region[e] == 1 && is_device_side (b, e))
        continue;
      cp->in_region[e] = 3; /* listed */
      g_array_append_val (events, e);
    }
  for (guint i = 0; i < events->len; i++)
    cp->in_region[g_array_index (events, guint32, i)] = 1;
  for (guint e = 0; e < r->n_events; e++)
    if (cp->in_region[e] != 1)
      cp->in_region[e] = 0;
  return events;
}

/* ---------------------------------------------------------------------------
 * Nodes
 * ------------------------------------------------------------------------- */

static gboolean
has_node_category (Builder *b,
                   guint    e)
{
  const HpRank *r = b->r;

  if (b->cp->compat)
    {
      const char *cat = r->cat[e] == HP_NO_STRING ? "" : hp_trace_get_string (b->cp->trace, r->cat[e]);

      if (g_str_equal (cat, "cpu_op") || g_str_equal (cat, "cuda_runtime") || g_str_equal (cat, "cuda_driver"))
        return TRUE;
      return hp_rank_stream (r, e) != -1 && hp_rank_correlation (r, e) != -1;
    }
  if (r->kind[e] == HP_EVENT_KIND_CPU_OP || r->kind[e] == HP_EVENT_KIND_RUNTIME)
    return TRUE;
  return (r->flags[e] & HP_EVENT_G1) && hp_rank_correlation (r, e) != -1;
}

static gboolean
is_data_load (Builder *b,
              guint    e)
{
  const char *name;

  if (b->cp->data_load_events == NULL || b->r->name[e] == HP_NO_STRING)
    return FALSE;
  name = hp_trace_get_string (b->cp->trace, b->r->name[e]);
  for (guint i = 0; b->cp->data_load_events[i] != NULL; i++)
    if (strstr (name, b->cp->data_load_events[i]) != NULL)
      return TRUE;
  return FALSE;
}

typedef struct
{
  gint64  time;
  guint32 index;
  guint32 event;
  guint8  is_start;
} NodeKey;

static int
cmp_node_key (gconstpointer a,
              gconstpointer b)
{
  const NodeKey *x = a;
  const NodeKey *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  if (x->index != y->index)
    return x->index < y->index ? -1 : 1;
  if (x->event != y->event)
    return x->event < y->event ? -1 : 1;
  return (int)y->is_start - (int)x->is_start;
}

static void
create_nodes (Builder *b,
              GArray  *events)
{
  HpCriticalPath     *cp = b->cp;
  const HpRank       *r = b->r;
  g_autofree NodeKey *keys = g_new (NodeKey, 2 * (gsize)MAX (events->len, 1));
  guint               n = 0;

  cp->start_node = g_new (gint32, MAX (r->n_events, 1));
  cp->end_node = g_new (gint32, MAX (r->n_events, 1));
  for (guint e = 0; e < r->n_events; e++)
    cp->start_node[e] = cp->end_node[e] = -1;

  for (guint i = 0; i < events->len; i++)
    {
      guint e = g_array_index (events, guint32, i);

      if (!has_node_category (b, e) && !is_data_load (b, e))
        continue;
      /* sync records get no nodes (HTA 0.6.1 gives them none either) */
      if (is_sync_record (b, e))
        continue;
      keys[n++] = (NodeKey){ r->ts[e], r->index[e], e, TRUE };
      keys[n++] = (NodeKey){ hp_rank_end (r, e), r->index[e], e, FALSE };
    }
  qsort (keys, n, sizeof *keys, cmp_node_key);

  cp->nodes = g_array_sized_new (FALSE, FALSE, sizeof (HpCpNode), n);
  for (guint i = 0; i < n; i++)
    {
      HpCpNode node = { keys[i].time, keys[i].event, keys[i].is_start };

      if (keys[i].is_start)
        cp->start_node[keys[i].event] = (gint32)i;
      else
        cp->end_node[keys[i].event] = (gint32)i;
      g_array_append_val (cp->nodes, node);
    }
}

/* ---------------------------------------------------------------------------
 * Edges
 * ------------------------------------------------------------------------- */

static inline const HpCpNode *
node_at (HpCriticalPath *cp,
         gint32          id)
{
  return &g_array_index (cp->nodes, HpCpNode, id);
}

#define EDGE_MAP_EMPTY G_MAXUINT64

void
_hp_cp_edge_map_init (HpCpEdgeMap *map)
{
  map->mask = 1023;
  map->count = 0;
  map->keys = g_new (guint64, map->mask + 1);
  map->ids = g_new (guint32, map->mask + 1);
  memset (map->keys, 0xff, (map->mask + 1) * sizeof *map->keys);
}

void
_hp_cp_edge_map_clear (HpCpEdgeMap *map)
{
  g_clear_pointer (&map->keys, g_free);
  g_clear_pointer (&map->ids, g_free);
  map->count = 0;
}

/* all 64 bits mixed (the murmur3 finaliser): neighbouring node ids must
 * not share slots */
static inline guint
edge_slot (const HpCpEdgeMap *map,
           guint64            key)
{
  key ^= key >> 33;
  key *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  key ^= key >> 33;
  key *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  key ^= key >> 33;
  return (guint)key & map->mask;
}

/**
 * _hp_cp_edge_map_lookup:
 *
 * Returns: (nullable): where the id of the edge src -> dst is kept, or
 *   %NULL when there is none
 */
guint32 *
_hp_cp_edge_map_lookup (HpCpEdgeMap *map,
                        guint32      src,
                        guint32      dst)
{
  guint64 key = ((guint64)src << 32) | dst;

  for (guint i = edge_slot (map, key);; i = (i + 1) & map->mask)
    {
      if (map->keys[i] == key)
        return &map->ids[i];
      if (map->keys[i] == EDGE_MAP_EMPTY)
        return NULL;
    }
}

/* adds or replaces the id of the edge src -> dst */
void
_hp_cp_edge_map_insert (HpCpEdgeMap *map,
                        guint32      src,
                        guint32      dst,
                        guint32      id)
{
  guint64 key = ((guint64)src << 32) | dst;
  guint   i;

  if (2 * (map->count + 1) > map->mask + 1)
    {
      HpCpEdgeMap bigger = { 0 };

      bigger.mask = 2 * map->mask + 1;
      bigger.keys = g_new (guint64, bigger.mask + 1);
      bigger.ids = g_new (guint32, bigger.mask + 1);
      memset (bigger.keys, 0xff, (bigger.mask + 1) * sizeof *bigger.keys);
      for (guint j = 0; j <= map->mask; j++)
        if (map->keys[j] != EDGE_MAP_EMPTY)
          {
            for (i = edge_slot (&bigger, map->keys[j]); bigger.keys[i] != EDGE_MAP_EMPTY; i = (i + 1) & bigger.mask)
              ;
            bigger.keys[i] = map->keys[j];
            bigger.ids[i] = map->ids[j];
          }
      bigger.count = map->count;
      _hp_cp_edge_map_clear (map);
      *map = bigger;
    }
  for (i = edge_slot (map, key); map->keys[i] != EDGE_MAP_EMPTY && map->keys[i] != key; i = (i + 1) & map->mask)
    ;
  if (map->keys[i] == EDGE_MAP_EMPTY)
    map->count++;
  map->keys[i] = key;
  map->ids[i] = id;
}

/* Adds src -> dst; the graph is simple, so a second edge between the same
 * nodes replaces the first's type and weight in its place. Returns its id. */
static guint
add_edge (HpCriticalPath *cp,
          gint32          src,
          gint32          dst,
          HpCpEdgeType    type,
          gboolean        zero_weight)
{
  guint32 *found = _hp_cp_edge_map_lookup (&cp->edge_ids, (guint32)src, (guint32)dst);
  HpCpEdge edge = { (guint32)src, (guint32)dst, 0, (guint8)type, (guint8)zero_weight, HP_CP_NO_ATTRIBUTION };
  guint    id;

  g_assert (src != dst);
  if (type == HP_CP_EDGE_OPERATOR || type == HP_CP_EDGE_LAUNCH_DELAY || type == HP_CP_EDGE_KERNEL_KERNEL)
    edge.weight = zero_weight ? 0 : node_at (cp, dst)->time - node_at (cp, src)->time;

  if (found != NULL)
    {
      HpCpEdge *old;

      id = *found;
      old = &g_array_index (cp->edges, HpCpEdge, id);
      edge.attribution = old->attribution;
      *old = edge;
      return id;
    }
  id = cp->edges->len;
  g_array_append_val (cp->edges, edge);
  _hp_cp_edge_map_insert (&cp->edge_ids, (guint32)src, (guint32)dst, id);
  return id;
}

/* HTA's attribution of operator and kernel-kernel edges (§12.3) */
static void
attribute_edge (HpCriticalPath *cp,
                guint           id,
                gint32          src_parent)
{
  HpCpEdge       *e = &g_array_index (cp->edges, HpCpEdge, id);
  const HpCpNode *src = node_at (cp, (gint32)e->src);
  const HpCpNode *dst = node_at (cp, (gint32)e->dst);

  if (e->type == HP_CP_EDGE_KERNEL_KERNEL)
    e->attribution = (gint32)src->event;
  else if (e->type != HP_CP_EDGE_OPERATOR)
    return;
  else if (src->is_start)
    e->attribution = (gint32)src->event;
  else if (!dst->is_start)
    e->attribution = (gint32)dst->event;
  else
    e->attribution = src_parent;
}

/* Pass A: the CUDA runtime lock chains lock holders in completion order. */
static void
pass_runtime_lock (Builder *b)
{
  HpCriticalPath *cp = b->cp;
  const HpRank   *r = b->r;
  g_autoptr (GArray) pending = g_array_new (FALSE, FALSE, sizeof (gint32));
  gint32 prev = -1;

  for (guint i = 0; i < cp->nodes->len; i++)
    {
      const HpCpNode *node = node_at (cp, (gint32)i);
      guint           e = node->event;

      if (r->name[e] == HP_NO_STRING || !b->is_lock[r->name[e]] || cp->start_node[e] < 0 || cp->end_node[e] < 0)
        continue;
      if (node->is_start)
        g_array_append_val (pending, i);
      else
        {
          while (pending->len > 0)
            {
              gint32 s = g_array_index (pending, gint32, pending->len - 1);

              g_array_set_size (pending, pending->len - 1);
              if (s == cp->start_node[e])
                attribute_edge (cp, add_edge (cp, s, (gint32)i, HP_CP_EDGE_OPERATOR, FALSE), -1);
              else
                add_edge (cp, s, (gint32)i, HP_CP_EDGE_DEPENDENCY, FALSE);
            }
          if (prev >= 0 && !node_at (cp, prev)->is_start)
            add_edge (cp, prev, (gint32)i, HP_CP_EDGE_DEPENDENCY, FALSE);
        }
      prev = (gint32)i;
    }
}

/* ---- pass B: call stacks ---- */

typedef struct
{
  gint64  time;
  gint64  dur;
  guint32 index;
  guint32 event;
  guint8  open;
} StackPoint;

static int
cmp_stack_point (gconstpointer a,
                 gconstpointer b)
{
  const StackPoint *x = a;
  const StackPoint *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  if (x->event == y->event)
    return (int)y->open - (int)x->open;
  if (x->open && y->open)
    {
      if (x->dur != y->dur)
        return x->dur > y->dur ? -1 : 1;
      return x->index < y->index ? -1 : 1;
    }
  if (!x->open && !y->open)
    {
      if (x->dur != y->dur)
        return x->dur < y->dur ? -1 : 1;
      return x->index > y->index ? -1 : 1;
    }
  if (x->dur > 0 && y->dur > 0)
    return x->open ? 1 : -1; /* close first */
  if (x->dur == 0 && y->dur == 0)
    return x->index < y->index ? -1 : 1;
  return x->open ? -1 : 1; /* open first */
}

static gboolean
lock_shared (Builder *b,
             gint32   a,
             gint32   c)
{
  const HpCpNode *na = node_at (b->cp, a);
  const HpCpNode *nc = node_at (b->cp, c);
  guint32         name_a = b->r->name[na->event], name_c = b->r->name[nc->event];

  if (name_a == HP_NO_STRING || name_c == HP_NO_STRING || !b->is_lock[name_a] || !b->is_lock[name_c])
    return FALSE;
  return !(!na->is_start && nc->is_start);
}

typedef struct
{
  gint32 last;
  gint32 last_parent;
  int    depth;
} Walk;

static void
visit_event (Builder *b,
             Walk    *w,
             guint    e,
             gboolean entering)
{
  HpCriticalPath *cp = b->cp;
  gint32          s = cp->start_node[e], t = cp->end_node[e];
  gint32          target = entering ? s : t;

  if (s < 0 || t < 0)
    return;
  if (w->last >= 0 && !lock_shared (b, w->last, target))
    {
      guint id;

      if (entering)
        id = add_edge (cp, w->last, s, w->depth == 0 ? HP_CP_EDGE_DEPENDENCY : HP_CP_EDGE_OPERATOR, FALSE);
      else
        id = add_edge (cp, w->last, t, HP_CP_EDGE_OPERATOR,
                       b->r->name[e] != HP_NO_STRING && b->is_blocking[b->r->name[e]]);
      attribute_edge (cp, id, w->last_parent);
    }
  w->last = target;
  w->last_parent = b->parent[e];
  w->depth += entering ? 1 : -1;
}

/* One CPU thread: nest its events, then walk the tree depth first. */
static void
walk_thread (Builder       *b,
             const guint32 *events,
             guint          n,
             Walk          *w)
{
  const HpRank          *r = b->r;
  g_autofree StackPoint *points = g_new (StackPoint, 2 * (gsize)n);
  g_autofree gint32     *stack = g_new (gint32, n + 1);
  guint                  depth = 0;

  for (guint i = 0; i < n; i++)
    {
      guint  e = events[i];
      gint64 dur = MAX (hp_rank_dur (r, e), 0);

      points[2 * i] = (StackPoint){ r->ts[e], dur, r->index[e], e, TRUE };
      points[2 * i + 1] = (StackPoint){ r->ts[e] + dur, dur, r->index[e], e, FALSE };
    }
  qsort (points, 2 * (gsize)n, sizeof *points, cmp_stack_point);

  /* The points in order are exactly a depth-first walk of the nesting
   * tree: an open enters an event, a close leaves the innermost one. */
  for (guint i = 0; i < 2 * n; i++)
    {
      if (points[i].open)
        {
          b->parent[points[i].event] = depth > 0 ? stack[depth - 1] : -1;
          stack[depth++] = (gint32)points[i].event;
          visit_event (b, w, points[i].event, TRUE);
        }
      else if (depth > 0)
        {
          guint e = (guint)stack[--depth];

          visit_event (b, w, e, FALSE);
        }
    }
}

static int
cmp_thread (gconstpointer a,
            gconstpointer b)
{
  const gint64 *x = a;
  const gint64 *y = b;

  for (int i = 0; i < 3; i++)
    if (x[i] != y[i])
      return x[i] < y[i] ? -1 : 1;
  return 0;
}

/* the unique tid of the cpu_op/user_annotation events whose name contains
 * @word, or -1 */
static gint64
unique_tid (Builder *b,
            GArray  *events,
            guint8  *has_word)
{
  const HpRank *r = b->r;
  gint64        tid = -1;
  gboolean      found = FALSE;

  for (guint i = 0; i < events->len; i++)
    {
      guint e = g_array_index (events, guint32, i);

      if ((r->kind[e] != HP_EVENT_KIND_CPU_OP && r->kind[e] != HP_EVENT_KIND_USER_ANNOTATION) ||
          r->name[e] == HP_NO_STRING || !has_word[r->name[e]])
        continue;
      if (found && hp_rank_tid (r, e) != tid)
        return -1;
      tid = hp_rank_tid (r, e);
      found = TRUE;
    }
  return found ? tid : -1;
}

static guint8 *
names_containing (Builder    *b,
                  const char *word)
{
  guint8 *set = g_new0 (guint8, MAX (b->n_strings, 1));

  for (guint i = 0; i < b->n_strings; i++)
    {
      const char *s = hp_trace_get_string (b->cp->trace, i);

      set[i] = s != NULL && strstr (s, word) != NULL;
    }
  return set;
}

static void
pass_call_stacks (Builder *b,
                  GArray  *events)
{
  const HpRank       *r = b->r;
  g_autofree guint8  *fwd_names = names_containing (b, "forward");
  g_autofree guint8  *bwd_names = names_containing (b, "autograd");
  gint64              fwd = unique_tid (b, events, fwd_names);
  gint64              bwd = unique_tid (b, events, bwd_names);
  g_autofree gint64  *keys = g_new (gint64, 3 * (gsize)MAX (events->len, 1));
  g_autofree guint32 *thread = g_new (guint32, MAX (events->len, 1));
  guint               n = events->len;

  /* (pid, tid, position in T) */
  for (guint i = 0; i < n; i++)
    {
      guint  e = g_array_index (events, guint32, i);
      gint64 tid = hp_rank_tid (r, e);

      if (fwd != -1 && bwd != -1 && fwd != bwd && tid == bwd)
        tid = fwd;
      keys[3 * i] = hp_rank_pid (r, e);
      keys[3 * i + 1] = tid;
      keys[3 * i + 2] = i;
    }
  qsort (keys, n, 3 * sizeof (gint64), cmp_thread);

  for (guint i = 0; i < n;)
    {
      guint    j = i, m = 0;
      gboolean cpu = TRUE;

      while (j < n && keys[3 * j] == keys[3 * i] && keys[3 * j + 1] == keys[3 * i + 1])
        j++;
      for (guint k = i; k < j; k++)
        {
          guint e = g_array_index (events, guint32, keys[3 * k + 2]);

          if (b->cp->compat ? hp_rank_stream (r, e) >= 0 : is_device_side (b, e))
            cpu = FALSE;
          thread[m++] = e;
        }
      if (cpu)
        {
          Walk w = { -1, -1, 0 };

          walk_thread (b, thread, m, &w);
        }
      i = j;
    }
}

/* ---- pass C: GPU work and synchronisation ---- */

typedef struct
{
  gint64  ts;
  guint32 event;
  gint64  stream; /* of the launched work */
  gint64  gpu;
} Launch;

static int
cmp_launch (gconstpointer a,
            gconstpointer b)
{
  const Launch *x = a;
  const Launch *y = b;

  if (x->stream != y->stream)
    return x->stream < y->stream ? -1 : 1;
  if (x->gpu != y->gpu)
    return x->gpu < y->gpu ? -1 : 1;
  if (x->ts != y->ts)
    return x->ts < y->ts ? -1 : 1;
  return x->event < y->event ? -1 : x->event > y->event;
}

static gboolean
linked (const HpRank *r,
        gint32        e)
{
  return e >= 0 && r->partner[e] >= 0;
}

/* The kernel launches of the full rank table with their work's stream and
 * device, grouped by (stream, device) in time order. */
static GArray *
collect_launches (Builder *b)
{
  const HpRank *r = b->r;
  GArray       *launches = g_array_new (FALSE, FALSE, sizeof (Launch));

  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];
      gint  g;

      if (r->name[e] == HP_NO_STRING || !b->is_launch[r->name[e]] || (k > 0 && r->rows[k - 1] == e))
        continue;
      g = r->partner[e];
      if (!linked (r, (gint32)e) || !is_device_side (b, (guint)g) || !linked (r, g))
        continue;
      g_array_append_val (launches, ((Launch){ r->ts[e], e, hp_rank_stream (r, g), hp_rank_pid (r, g) }));
    }
  g_array_sort (launches, cmp_launch);
  return launches;
}

/* the last launch on (stream, gpu) at or before @ts, or -1 */
static gint32
launch_before (GArray  *launches,
               gint64   stream,
               gint64   gpu,
               gint64   ts,
               gboolean at_or_after)
{
  const Launch *l = (const Launch *)(gpointer)launches->data;
  Launch        key = { at_or_after ? ts : ts + 1, 0, stream, gpu };
  guint         lo = 0, hi = launches->len;

  /* first launch not before key (by stream, gpu, ts) */
  while (lo < hi)
    {
      guint  mid = (lo + hi) / 2;
      Launch probe = l[mid];

      probe.event = 0;
      if (cmp_launch (&probe, &key) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (at_or_after)
    return (lo < launches->len && l[lo].stream == stream && l[lo].gpu == gpu) ? (gint32)l[lo].event : -1;
  if (lo == 0 || l[lo - 1].stream != stream || l[lo - 1].gpu != gpu)
    return -1;
  return (gint32)l[lo - 1].event;
}

/* record correlation -> the launch before the record on the recorded
 * stream (HTA's index_previous_launch) */
static GHashTable *
event_record_table (Builder *b,
                    GArray  *launches)
{
  const HpRank *r = b->r;
  g_autoptr (GHashTable) streams = NULL; /* record corr -> (stream, gpu) */
  GHashTable *previous;

  if (b->cuda_event_record == HP_NO_STRING || b->key_wait_stream == HP_NO_STRING ||
      b->key_wait_corr == HP_NO_STRING)
    return NULL;

  streams = g_hash_table_new_full (hp_int64_hash, hp_int64_equal, g_free, g_free);
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint   e = r->rows[k];
      gint64  ws;
      gint64 *key, *value;

      /* only sync records wait on a stream */
      if (!is_sync_record (b, e))
        continue;
      ws = hp_rank_get_arg_int (r, e, b->key_wait_stream, -1);
      if (ws <= -1)
        continue;
      key = g_new (gint64, 1);
      value = g_new (gint64, 2);
      *key = hp_rank_get_arg_int (r, e, b->key_wait_corr, -1);
      value[0] = ws;
      value[1] = hp_rank_pid (r, e);
      g_hash_table_replace (streams, key, value);
    }

  previous = g_hash_table_new_full (hp_int64_hash, hp_int64_equal, g_free, NULL);
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint         e = r->rows[k];
      const gint64 *sg;
      gint32        launch;
      gint64       *key;
      gint64        corr;

      if (r->name[e] != b->cuda_event_record)
        continue;
      corr = hp_rank_correlation (r, e);
      sg = g_hash_table_lookup (streams, &corr);
      if (sg == NULL)
        continue;
      launch = launch_before (launches, sg[0], sg[1], r->ts[e], FALSE);
      key = g_new (gint64, 1);
      *key = corr;
      g_hash_table_replace (previous, key, GINT_TO_POINTER (launch + 2));
    }
  return previous;
}

static gint32
previous_launch_of (Builder    *b,
                    GHashTable *records,
                    guint       e)
{
  gint64   corr;
  gpointer v;

  if (records == NULL)
    return -1;
  corr = hp_rank_get_arg_int (b->r, e, b->key_wait_corr, -1);
  v = g_hash_table_lookup (records, &corr);
  return v == NULL ? -1 : GPOINTER_TO_INT (v) - 2;
}

/* the launch after a cudaStreamWaitEvent call on its thread and stream */
static gint32
next_launch_of (Builder *b,
                GArray  *launches_by_thread,
                guint    wait_call)
{
  const HpRank *r = b->r;
  gint          g = r->partner[wait_call];
  const Launch *l = (const Launch *)(gpointer)launches_by_thread->data;

  if (g < 0 || !is_device_side (b, (guint)g))
    return -1;
  /* launches_by_thread is sorted by (stream, gpu := pid, tid, ts) */
  for (guint i = 0; i < launches_by_thread->len; i++)
    if (l[i].stream == hp_rank_stream (r, g) && hp_rank_pid (r, l[i].event) == hp_rank_pid (r, wait_call) &&
        hp_rank_tid (r, l[i].event) == hp_rank_tid (r, wait_call) && l[i].ts >= r->ts[wait_call])
      return (gint32)l[i].event;
  return -1;
}

typedef struct
{
  gint64 stream;
  gint32 node;
} LastNode;

static gint32 *
last_on (GArray *last,
         gint64  stream)
{
  for (guint i = 0; i < last->len; i++)
    if (g_array_index (last, LastNode, i).stream == stream)
      return &g_array_index (last, LastNode, i).node;
  return NULL;
}

static gboolean
add_sync_edge (Builder *b,
               gint32   src,
               gint32   dst)
{
  HpCriticalPath *cp = b->cp;
  const HpRank   *r = b->r;
  guint           es = node_at (cp, src)->event, ed = node_at (cp, dst)->event;

  /* a sync between two events of one stream is what HTA rejects the graph
   * for; the stream's own order already holds it */
  if (!cp->compat && hp_rank_stream (r, es) != -1 && hp_rank_stream (r, es) == hp_rank_stream (r, ed) && is_device_side (b, es) &&
      is_device_side (b, ed))
    {
      cp->n_unlinked++;
      return FALSE;
    }
  add_edge (cp, src, dst, HP_CP_EDGE_SYNC, FALSE);
  return TRUE;
}

static gboolean
pass_kernels (Builder      *b,
              GArray       *events,
              GCancellable *cancellable,
              GError      **error)
{
  HpCriticalPath *cp = b->cp;
  const HpRank   *r = b->r;
  HpCpRankCache   local = { 0 };
  HpCpRankCache  *cache = cp->cache != NULL ? cp->cache : &local;
  g_autoptr (GArray) k_rows = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) last = g_array_new (FALSE, FALSE, sizeof (LastNode));
  g_autoptr (GHashTable) pending = g_hash_table_new (NULL, NULL); /* dest kernel -> src kernel + 1 */
  g_autofree gint64  *keys = NULL;
  g_autofree guint32 *order = NULL;
  GArray             *launches;
  GHashTable         *records;
  const gint64       *q;
  gboolean            ok = FALSE;

  /* what depends on the whole rank only, once per rank */
  if (cache->q == NULL)
    {
      g_autoptr (GArray) points = hp_queue_length_series (cp->trace, r, cancellable, error);

      if (points == NULL)
        return FALSE;
      cache->q = g_new (gint64, MAX (r->n_events, 1));
      for (guint e = 0; e < r->n_events; e++)
        cache->q[e] = G_MININT64;
      for (guint i = 0; i < points->len; i++)
        {
          const HpQueuePoint *p = &g_array_index (points, HpQueuePoint, i);

          cache->q[p->event] = p->queue_length;
        }
      cache->launches = collect_launches (b);
      cache->records = event_record_table (b, cache->launches);
    }
  q = cache->q;
  launches = cache->launches;
  records = cache->records;

  for (guint i = 0; i < events->len; i++)
    {
      guint e = g_array_index (events, guint32, i);

      if (hp_rank_correlation (r, e) == -1)
        continue;
      if (is_device_side (b, e) || r->name[e] == b->event_sync || r->name[e] == b->context_sync)
        g_array_append_val (k_rows, e);
    }

  keys = g_new (gint64, MAX (k_rows->len, 1));
  order = g_new (guint32, MAX (k_rows->len, 1));
  for (guint i = 0; i < k_rows->len; i++)
    {
      guint e = g_array_index (k_rows, guint32, i);

      keys[i] = is_sync_record (b, e) ? hp_rank_end (r, e) : r->ts[e];
    }
  if (cp->compat)
    _hp_numpy_argsort (keys, order, k_rows->len);
  else
    {
      g_autofree HpSortPair *pairs = g_new (HpSortPair, MAX (k_rows->len, 1));
      g_autofree HpSortPair *scratch = g_new (HpSortPair, MAX (k_rows->len, 1));

      for (guint i = 0; i < k_rows->len; i++)
        pairs[i] = (HpSortPair){ keys[i], i };
      _hp_sort_pairs (pairs, scratch, k_rows->len);
      for (guint i = 0; i < k_rows->len; i++)
        order[i] = (guint32)pairs[i].value;
    }

  for (guint i = 0; i < k_rows->len; i++)
    {
      guint    e = g_array_index (k_rows, guint32, order[i]);
      gint32   s = cp->start_node[e], t = cp->end_node[e];
      gint32   rt = r->partner[e];
      gint32   sync_src = -1; /* end node of the kernel this one waits for */
      gboolean edge_added = FALSE, launch_added = FALSE;
      gint32  *prev;
      gpointer pend;

      if (hp_analysis_check_cancelled (cancellable, i, error))
        goto out;

      if (is_sync_record (b, e))
        {
          guint32 name = r->name[e];

          if (name == b->stream_wait_event || name == b->event_sync)
            {
              gint32 launch = previous_launch_of (b, records, e);
              gint32 src;

              if (launch < 0)
                continue;
              src = r->partner[launch];
              if (src < 0)
                continue;
              if (name == b->stream_wait_event)
                {
                  gint32 next, dest;

                  /* without cudaStreamWaitEvent there is no wait table */
                  if (rt < 0 || b->cuda_stream_wait_event == HP_NO_STRING)
                    continue;
                  next = next_launch_of (b, launches, (guint)rt);
                  if (next < 0 || r->partner[next] < 0)
                    continue;
                  dest = r->partner[next];
                  g_hash_table_insert (pending, GINT_TO_POINTER (dest), GINT_TO_POINTER (src + 1));
                }
              else if (cp->end_node[src] >= 0 && rt >= 0 && cp->end_node[rt] >= 0)
                add_sync_edge (b, cp->end_node[src], cp->end_node[rt]);
              continue;
            }
          if (rt < 0 || cp->end_node[rt] < 0)
            {
              cp->n_unlinked++;
              continue;
            }
          if (name == b->context_sync)
            {
              for (guint j = 0; j < last->len; j++)
                add_sync_edge (b, g_array_index (last, LastNode, j).node, cp->end_node[rt]);
            }
          else if (name == b->stream_sync)
            {
              gint32 *l = last_on (last, hp_rank_stream (r, e));

              if (l != NULL)
                add_sync_edge (b, *l, cp->end_node[rt]);
            }
          continue;
        }

      if (s < 0 || t < 0)
        continue;
      attribute_edge (cp, add_edge (cp, s, t, HP_CP_EDGE_OPERATOR, FALSE), -1);

      pend = g_hash_table_lookup (pending, GINT_TO_POINTER (e));
      if (pend != NULL)
        {
          gint32 src = GPOINTER_TO_INT (pend) - 1;

          if (cp->end_node[src] >= 0 && add_sync_edge (b, cp->end_node[src], s))
            {
              sync_src = cp->end_node[src];
              edge_added = TRUE;
            }
          g_hash_table_remove (pending, GINT_TO_POINTER (e));
        }

      prev = last_on (last, hp_rank_stream (r, e));
      if (rt < 0)
        cp->n_unlinked++;
      if (rt >= 0 && q[rt] == 1 && q[e] == 0 && (prev == NULL || node_at (cp, *prev)->time < r->ts[rt]) &&
          (sync_src < 0 || node_at (cp, sync_src)->time < r->ts[rt]))
        {
          if (cp->start_node[rt] >= 0)
            {
              add_edge (cp, cp->start_node[rt], s, HP_CP_EDGE_LAUNCH_DELAY, FALSE);
              edge_added = launch_added = TRUE;
            }
          else
            cp->n_unlinked++; /* HTA aborts: the launch is outside the region */
        }
      if (!launch_added && prev != NULL && r->ts[e] - node_at (cp, *prev)->time < KERNEL_KERNEL_MAX_GAP_NS &&
          (sync_src < 0 || node_at (cp, sync_src)->time < node_at (cp, *prev)->time))
        {
          attribute_edge (cp, add_edge (cp, *prev, s, HP_CP_EDGE_KERNEL_KERNEL, FALSE), -1);
          edge_added = TRUE;
        }
      if (!edge_added && !cp->compat && rt >= 0 && cp->start_node[rt] >= 0 && node_at (cp, cp->start_node[rt])->time <= r->ts[e])
        {
          /* Better: work that waited on nothing we saw still waited for
           * its launch */
          add_edge (cp, cp->start_node[rt], s, HP_CP_EDGE_LAUNCH_DELAY, FALSE);
          launch_added = TRUE;
        }
      /* Better: a synchronous copy's call ends after its copy */
      if (!cp->compat && rt >= 0 && r->name[rt] != HP_NO_STRING && b->is_sync_copy[r->name[rt]] &&
          cp->end_node[rt] >= 0 && node_at (cp, cp->end_node[rt])->time >= node_at (cp, t)->time)
        add_sync_edge (b, t, cp->end_node[rt]);
      if (cp->zero_weight_launch_edges && !launch_added && rt >= 0 && cp->start_node[rt] >= 0)
        add_edge (cp, cp->start_node[rt], s, HP_CP_EDGE_LAUNCH_DELAY, TRUE);

      if (prev != NULL)
        *prev = t;
      else
        g_array_append_val (last, ((LastNode){ hp_rank_stream (r, e), t }));
    }
  ok = TRUE;

out:
  if (cache == &local)
    _hp_cp_rank_cache_clear (&local);
  return ok;
}

/* the rank-wide tables of pass C, kept across regions of one rank */
void
_hp_cp_rank_cache_clear (HpCpRankCache *cache)
{
  g_clear_pointer (&cache->q, g_free);
  g_clear_pointer (&cache->launches, g_array_unref);
  g_clear_pointer (&cache->records, g_hash_table_unref);
}

/* Better: every chain starts at the region's first node and ends at its
 * last, so the path spans the region (weight-0 dependencies, no time) */
static void
anchor_region (HpCriticalPath *cp)
{
  guint              n = cp->nodes->len;
  guint              n_edges = cp->edges->len;
  g_autofree guint8 *has_in = g_new0 (guint8, MAX (n, 1));
  g_autofree guint8 *has_out = g_new0 (guint8, MAX (n, 1));
  guint              first = 0, last = n;

  if (n < 2)
    return;
  for (guint i = 0; i < n_edges; i++)
    {
      const HpCpEdge *e = &g_array_index (cp->edges, HpCpEdge, i);

      has_out[e->src] = TRUE;
      has_in[e->dst] = TRUE;
    }
  /* the first source and the last sink, so no anchor closes a cycle (a
   * parent and its child may end at the same time) */
  while (first < n && has_in[first])
    first++;
  while (last > 0 && has_out[last - 1])
    last--;
  if (first >= n || last == 0)
    return;
  last--;
  for (guint v = 0; v < n; v++)
    if (!has_in[v] && v != first)
      add_edge (cp, (gint32)first, (gint32)v, HP_CP_EDGE_DEPENDENCY, FALSE);
  for (guint v = 0; v < n; v++)
    if (!has_out[v] && v != last && v != first)
      add_edge (cp, (gint32)v, (gint32)last, HP_CP_EDGE_DEPENDENCY, FALSE);
  cp->last_node = (gint32)last;
}

gboolean
_hp_critical_path_build (HpCriticalPath              *self,
                         const HpCriticalPathOptions *options,
                         GCancellable                *cancellable,
                         GError                     **error)
{
  Builder b = { .cp = self, .r = self->rank };
  g_autoptr (GArray) events = NULL;
  g_autofree guint8 *blocking = NULL, *lock = NULL, *launch = NULL, *sync_copy = NULL;
  g_autofree gint32 *parent = NULL;
  gboolean           ok;

  b.n_strings = hp_trace_get_n_strings (self->trace);
  b.is_blocking = blocking = name_set (self->trace, b.n_strings, blocking_names, G_N_ELEMENTS (blocking_names));
  b.is_lock = lock = name_set (self->trace, b.n_strings, lock_names, G_N_ELEMENTS (lock_names));
  b.is_launch = launch = name_set (self->trace, b.n_strings, _hp_queue_length_launch_names, HP_N_LAUNCH_NAMES);
  b.is_sync_copy = sync_copy =
      name_set (self->trace, b.n_strings, sync_copy_names, G_N_ELEMENTS (sync_copy_names));
  b.event_sync = hp_trace_lookup_string (self->trace, "Event Sync");
  b.context_sync = hp_trace_lookup_string (self->trace, "Context Sync");
  b.stream_sync = hp_trace_lookup_string (self->trace, "Stream Sync");
  b.stream_wait_event = hp_trace_lookup_string (self->trace, "Stream Wait Event");
  b.cuda_event_record = hp_trace_lookup_string (self->trace, "cudaEventRecord");
  b.cuda_stream_wait_event = hp_trace_lookup_string (self->trace, "cudaStreamWaitEvent");
  b.cuda_sync_cat = hp_trace_lookup_string (self->trace, "cuda_sync");
  b.key_wait_stream = hp_rank_lookup_arg_key (self->rank, "wait_on_stream");
  b.key_wait_corr = hp_rank_lookup_arg_key (self->rank, "wait_on_cuda_event_record_corr_id");

  if (!select_region (&b, options, error))
    return FALSE;
  events = clip_events (&b);
  create_nodes (&b, events);

  b.parent = parent = g_new (gint32, MAX (self->rank->n_events, 1));
  for (guint e = 0; e < self->rank->n_events; e++)
    parent[e] = -1;
  self->edges = g_array_new (FALSE, FALSE, sizeof (HpCpEdge));
  _hp_cp_edge_map_init (&self->edge_ids);

  pass_runtime_lock (&b);
  pass_call_stacks (&b, events);
  ok = pass_kernels (&b, events, cancellable, error);
  if (ok && !self->compat)
    anchor_region (self);
  return ok;
}
