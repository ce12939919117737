/* hp-derive-lanes.c — a rank's lanes at load: one per (pid, tid), ordered for the timeline, events by start and depth.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-classify.h"
#include "hp-core-private.h"

/* ---------------------------------------------------------------------------
 * Sorting event positions by (ts, longer first, position)
 * ------------------------------------------------------------------------- */

/* A lane's events are sorted by (start, longer first, file order). The
 * sort moves 32-bit positions and reads the keys from the columns: a copy
 * of the keys would cost 24 bytes per event at the load's peak. */
typedef struct
{
  const gint64 *ts;
  const HpRank *r; /* for the durations */
} LaneKeys;

static inline gboolean
pos_before (const LaneKeys *k,
            guint32         a,
            guint32         b)
{
  gint64 da, db;

  if (k->ts[a] != k->ts[b])
    return k->ts[a] < k->ts[b];
  da = MAX (hp_rank_dur (k->r, a), 0);
  db = MAX (hp_rank_dur (k->r, b), 0);
  if (da != db)
    return da > db;
  return a < b;
}

static void
merge_sort (const LaneKeys *k,
            guint32        *items,
            guint32        *tmp,
            gsize           n)
{
  gsize mid;
  gsize i, j, m;

  if (n < 24)
    {
      for (i = 1; i < n; i++)
        {
          guint32 x = items[i];

          for (j = i; j > 0 && pos_before (k, x, items[j - 1]); j--)
            items[j] = items[j - 1];
          items[j] = x;
        }
      return;
    }
  mid = n / 2;
  merge_sort (k, items, tmp, mid);
  merge_sort (k, items + mid, tmp, n - mid);
  if (!pos_before (k, items[mid], items[mid - 1]))
    return;
  memcpy (tmp, items, mid * sizeof *items);
  i = 0, j = mid, m = 0;
  while (i < mid && j < n)
    items[m++] = pos_before (k, items[j], tmp[i]) ? items[j++] : tmp[i++];
  while (i < mid)
    items[m++] = tmp[i++];
}

static void
sort_positions (const LaneKeys *k,
                guint32        *items,
                gsize           n)
{
  g_autofree guint32 *tmp = NULL;
  gboolean            sorted = TRUE;

  for (gsize i = 1; i < n && sorted; i++)
    sorted = !pos_before (k, items[i], items[i - 1]);
  if (sorted)
    return;
  tmp = g_new (guint32, n / 2 + 1);
  merge_sort (k, items, tmp, n);
}

/* Lanes: one per (pid, tid), numbered by the parser as it met them; depth
 * by nesting (docs/analyses.md §15). */
static int
cmp_lane_order (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  const HpLane *lanes = data;
  const HpLane *x = &lanes[*(const guint *)a];
  const HpLane *y = &lanes[*(const guint *)b];

  /* host threads first, then GPU streams; by sort index, pid, tid */
  if (x->is_gpu != y->is_gpu)
    return x->is_gpu ? 1 : -1;
  if (x->sort_index != y->sort_index)
    return x->sort_index < y->sort_index ? -1 : 1;
  if (x->pid != y->pid)
    return x->pid < y->pid ? -1 : 1;
  if (x->tid != y->tid)
    return x->tid < y->tid ? -1 : 1;
  return 0;
}

void
_hp_rank_derive_lanes (HpRankBuilder *b)
{
  HpRank *r = b->rank;
  g_autoptr (GArray) lanes = g_array_sized_new (FALSE, TRUE, sizeof (HpLane), b->lane_keys->len);
  g_autofree guint32 *fill = NULL;
  g_autofree guint   *order = NULL;
  g_autofree guint   *remap = NULL;
  const LaneKeys      keys = { r->ts, r };

  r->parent = g_new (gint32, MAX (r->n_events, 1));
  r->depth = g_new0 (guint16, MAX (r->n_events, 1));

  for (guint l = 0; l < b->lane_keys->len; l++)
    {
      const HpLaneKey *key = &g_array_index (b->lane_keys, HpLaneKey, l);
      HpLane           lane = { 0 };

      lane.pid = key->pid;
      lane.tid = key->tid;
      lane.name = HP_NO_STRING;
      g_array_append_val (lanes, lane);
    }
  for (guint i = 0; i < r->n_events; i++)
    {
      HpLane *lane = &g_array_index (lanes, HpLane, hp_rank_lane (r, i));

      lane->n_events++;
      if (r->flags[i] & (HP_EVENT_G1 | HP_EVENT_G4) || hp_event_kind_is_gpu_activity (r->kind[i]))
        lane->is_gpu = TRUE;
    }

  /* labels from M events */
  for (guint k = 0; k < b->labels->len; k++)
    {
      const HpLaneLabel *label = &g_array_index (b->labels, HpLaneLabel, k);

      for (guint l = 0; l < lanes->len; l++)
        {
          HpLane *lane = &g_array_index (lanes, HpLane, l);

          if (lane->pid != label->pid || (label->tid != -1 && lane->tid != label->tid))
            continue;
          if (label->tid != -1 && label->name != HP_NO_STRING)
            lane->name = label->name;
          if (label->has_sort_index && label->tid != -1)
            lane->sort_index = label->sort_index;
        }
    }

  /* each lane's events, in file order */
  fill = g_new0 (guint32, MAX (lanes->len, 1));
  for (guint l = 0; l < lanes->len; l++)
    {
      HpLane *lane = &g_array_index (lanes, HpLane, l);

      lane->events = g_new (guint32, MAX (lane->n_events, 1));
    }
  for (guint i = 0; i < r->n_events; i++)
    {
      guint l = hp_rank_lane (r, i);

      g_array_index (lanes, HpLane, l).events[fill[l]++] = i;
    }

  for (guint l = 0; l < lanes->len; l++)
    {
      HpLane             *lane = &g_array_index (lanes, HpLane, l);
      guint32            *li = lane->events;
      g_autofree guint32 *stack = NULL;
      g_autofree guint32 *per_depth = NULL;
      guint               sp = 0;
      guint               max_depth = 0;

      /* sorted by (ts, longer first) */
      sort_positions (&keys, li, lane->n_events);

      stack = g_new (guint32, MAX (lane->n_events, 1));
      for (guint k = 0; k < lane->n_events; k++)
        {
          guint  e = li[k];
          gint64 end = r->ts[e] + (hp_rank_dur (r, e) > 0 ? hp_rank_dur (r, e) : 0);

          while (sp > 0)
            {
              guint  t = stack[sp - 1];
              gint64 tend = r->ts[t] + (hp_rank_dur (r, t) > 0 ? hp_rank_dur (r, t) : 0);

              /* a zero-length event at the end of its parent still nests */
              if (tend > r->ts[e] || (tend == r->ts[e] && end == r->ts[e] && r->ts[t] < tend))
                break;
              sp--;
            }
          r->parent[e] = sp > 0 ? (gint32)stack[sp - 1] : -1;
          r->depth[e] = (guint16)MIN (sp, G_MAXUINT16);
          if (sp < G_MAXUINT16)
            stack[sp++] = e;
          if (r->depth[e] + 1u > max_depth)
            max_depth = r->depth[e] + 1u;
        }

      /* order by (depth, ts): a stable counting sort of the ts order, into
       * the stack's memory, which is free again */
      lane->max_depth = max_depth;
      lane->depth_start = g_new0 (guint32, max_depth + 1);
      per_depth = g_new0 (guint32, max_depth + 1);
      for (guint k = 0; k < lane->n_events; k++)
        per_depth[r->depth[li[k]] + 1]++;
      for (guint d = 0; d < max_depth; d++)
        per_depth[d + 1] += per_depth[d];
      memcpy (lane->depth_start, per_depth, sizeof (guint32) * (max_depth + 1));
      for (guint k = 0; k < lane->n_events; k++)
        {
          guint e = li[k];

          stack[per_depth[r->depth[e]]++] = e;
        }
      lane->events = g_steal_pointer (&stack);
      g_free (li);
    }

  /* stable, readable lane order */
  order = g_new (guint, MAX (lanes->len, 1));
  for (guint l = 0; l < lanes->len; l++)
    order[l] = l;
  g_qsort_with_data (order, (gint)lanes->len, sizeof (guint), cmp_lane_order, lanes->data);
  remap = g_new (guint, MAX (lanes->len, 1));
  r->n_lanes = lanes->len;
  r->lanes = g_new0 (HpLane, MAX (lanes->len, 1));
  for (guint l = 0; l < lanes->len; l++)
    {
      r->lanes[l] = g_array_index (lanes, HpLane, order[l]);
      remap[order[l]] = l;
    }
  for (guint i = 0; i < r->n_events; i++)
    _hp_column16_set (&r->lane, i, remap[hp_rank_lane (r, i)]);
}
