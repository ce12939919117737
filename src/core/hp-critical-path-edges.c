/* hp-critical-path-edges.c — the edges of the critical-path graph between CPU events: the runtime lock and the call stacks (docs/analyses.md §12.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-critical-path-private.h"

/* ---------------------------------------------------------------------------
 * Edges
 * ------------------------------------------------------------------------- */

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
guint
_hp_cp_add_edge (HpCriticalPath *cp,
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
    edge.weight = zero_weight ? 0 : _hp_cp_node_at (cp, dst)->time - _hp_cp_node_at (cp, src)->time;

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
void
_hp_cp_attribute_edge (HpCriticalPath *cp,
                       guint           id,
                       gint32          src_parent)
{
  HpCpEdge       *e = &g_array_index (cp->edges, HpCpEdge, id);
  const HpCpNode *src = _hp_cp_node_at (cp, (gint32)e->src);
  const HpCpNode *dst = _hp_cp_node_at (cp, (gint32)e->dst);

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
void
_hp_cp_pass_runtime_lock (HpCpBuilder *b)
{
  HpCriticalPath *cp = b->cp;
  const HpRank   *r = b->r;
  g_autoptr (GArray) pending = g_array_new (FALSE, FALSE, sizeof (gint32));
  gint32 prev = -1;

  for (guint i = 0; i < cp->nodes->len; i++)
    {
      const HpCpNode *node = _hp_cp_node_at (cp, (gint32)i);
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
                _hp_cp_attribute_edge (cp, _hp_cp_add_edge (cp, s, (gint32)i, HP_CP_EDGE_OPERATOR, FALSE), -1);
              else
                _hp_cp_add_edge (cp, s, (gint32)i, HP_CP_EDGE_DEPENDENCY, FALSE);
            }
          if (prev >= 0 && !_hp_cp_node_at (cp, prev)->is_start)
            _hp_cp_add_edge (cp, prev, (gint32)i, HP_CP_EDGE_DEPENDENCY, FALSE);
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
lock_shared (HpCpBuilder *b,
             gint32       a,
             gint32       c)
{
  const HpCpNode *na = _hp_cp_node_at (b->cp, a);
  const HpCpNode *nc = _hp_cp_node_at (b->cp, c);
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
visit_event (HpCpBuilder *b,
             Walk        *w,
             guint        e,
             gboolean     entering)
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
        id = _hp_cp_add_edge (cp, w->last, s, w->depth == 0 ? HP_CP_EDGE_DEPENDENCY : HP_CP_EDGE_OPERATOR, FALSE);
      else
        id = _hp_cp_add_edge (cp, w->last, t, HP_CP_EDGE_OPERATOR,
                              b->r->name[e] != HP_NO_STRING && b->is_blocking[b->r->name[e]]);
      _hp_cp_attribute_edge (cp, id, w->last_parent);
    }
  w->last = target;
  w->last_parent = b->parent[e];
  w->depth += entering ? 1 : -1;
}

/* One CPU thread: nest its events, then walk the tree depth first. */
static void
walk_thread (HpCpBuilder   *b,
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
unique_tid (HpCpBuilder *b,
            GArray      *events,
            guint8      *has_word)
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
names_containing (HpCpBuilder *b,
                  const char  *word)
{
  guint8 *set = g_new0 (guint8, MAX (b->n_strings, 1));

  for (guint i = 0; i < b->n_strings; i++)
    {
      const char *s = hp_trace_get_string (b->cp->trace, i);

      set[i] = s != NULL && strstr (s, word) != NULL;
    }
  return set;
}

void
_hp_cp_pass_call_stacks (HpCpBuilder *b,
                         GArray      *events)
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

          if (b->cp->compat ? hp_rank_stream (r, e) >= 0 : _hp_cp_is_device_side (b, e))
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
