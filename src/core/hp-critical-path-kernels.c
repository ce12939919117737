/* hp-critical-path-kernels.c — the edges of the critical-path graph to and between GPU work: launches, kernels in a stream, synchronisation (docs/analyses.md §12.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-critical-path-private.h"
#include "hp-numpy-sort-private.h"
#include "hp-sort-private.h"
#include "hp-queue-length.h"

/* 1500 us: a kernel starting later than this after the previous one on its
 * stream is not linked to it (HTA 0.6.1) */
#define KERNEL_KERNEL_MAX_GAP_NS (1500 * HP_NS_PER_US)

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
collect_launches (HpCpBuilder *b)
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
      if (!linked (r, (gint32)e) || !_hp_cp_is_device_side (b, (guint)g) || !linked (r, g))
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
event_record_table (HpCpBuilder *b,
                    GArray      *launches)
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
      if (!_hp_cp_is_sync_record (b, e))
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
previous_launch_of (HpCpBuilder *b,
                    GHashTable  *records,
                    guint        e)
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
next_launch_of (HpCpBuilder *b,
                GArray      *launches_by_thread,
                guint        wait_call)
{
  const HpRank *r = b->r;
  gint          g = r->partner[wait_call];
  const Launch *l = (const Launch *)(gpointer)launches_by_thread->data;

  if (g < 0 || !_hp_cp_is_device_side (b, (guint)g))
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
add_sync_edge (HpCpBuilder *b,
               gint32       src,
               gint32       dst)
{
  HpCriticalPath *cp = b->cp;
  const HpRank   *r = b->r;
  guint           es = _hp_cp_node_at (cp, src)->event, ed = _hp_cp_node_at (cp, dst)->event;

  /* a sync between two events of one stream is what HTA rejects the graph
   * for; the stream's own order already holds it */
  if (!cp->compat && hp_rank_stream (r, es) != -1 && hp_rank_stream (r, es) == hp_rank_stream (r, ed) && _hp_cp_is_device_side (b, es) &&
      _hp_cp_is_device_side (b, ed))
    {
      cp->n_unlinked++;
      return FALSE;
    }
  _hp_cp_add_edge (cp, src, dst, HP_CP_EDGE_SYNC, FALSE);
  return TRUE;
}

gboolean
_hp_cp_pass_kernels (HpCpBuilder  *b,
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
      if (_hp_cp_is_device_side (b, e) || r->name[e] == b->event_sync || r->name[e] == b->context_sync)
        g_array_append_val (k_rows, e);
    }

  keys = g_new (gint64, MAX (k_rows->len, 1));
  order = g_new (guint32, MAX (k_rows->len, 1));
  for (guint i = 0; i < k_rows->len; i++)
    {
      guint e = g_array_index (k_rows, guint32, i);

      keys[i] = _hp_cp_is_sync_record (b, e) ? hp_rank_end (r, e) : r->ts[e];
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

      if (_hp_cp_is_sync_record (b, e))
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
      _hp_cp_attribute_edge (cp, _hp_cp_add_edge (cp, s, t, HP_CP_EDGE_OPERATOR, FALSE), -1);

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
      if (rt >= 0 && q[rt] == 1 && q[e] == 0 && (prev == NULL || _hp_cp_node_at (cp, *prev)->time < r->ts[rt]) &&
          (sync_src < 0 || _hp_cp_node_at (cp, sync_src)->time < r->ts[rt]))
        {
          if (cp->start_node[rt] >= 0)
            {
              _hp_cp_add_edge (cp, cp->start_node[rt], s, HP_CP_EDGE_LAUNCH_DELAY, FALSE);
              edge_added = launch_added = TRUE;
            }
          else
            cp->n_unlinked++; /* HTA aborts: the launch is outside the region */
        }
      if (!launch_added && prev != NULL && r->ts[e] - _hp_cp_node_at (cp, *prev)->time < KERNEL_KERNEL_MAX_GAP_NS &&
          (sync_src < 0 || _hp_cp_node_at (cp, sync_src)->time < _hp_cp_node_at (cp, *prev)->time))
        {
          _hp_cp_attribute_edge (cp, _hp_cp_add_edge (cp, *prev, s, HP_CP_EDGE_KERNEL_KERNEL, FALSE), -1);
          edge_added = TRUE;
        }
      if (!edge_added && !cp->compat && rt >= 0 && cp->start_node[rt] >= 0 && _hp_cp_node_at (cp, cp->start_node[rt])->time <= r->ts[e])
        {
          /* Better: work that waited on nothing we saw still waited for
           * its launch */
          _hp_cp_add_edge (cp, cp->start_node[rt], s, HP_CP_EDGE_LAUNCH_DELAY, FALSE);
          launch_added = TRUE;
        }
      /* Better: a synchronous copy's call ends after its copy */
      if (!cp->compat && rt >= 0 && r->name[rt] != HP_NO_STRING && b->is_sync_copy[r->name[rt]] &&
          cp->end_node[rt] >= 0 && _hp_cp_node_at (cp, cp->end_node[rt])->time >= _hp_cp_node_at (cp, t)->time)
        add_sync_edge (b, t, cp->end_node[rt]);
      if (cp->zero_weight_launch_edges && !launch_added && rt >= 0 && cp->start_node[rt] >= 0)
        _hp_cp_add_edge (cp, cp->start_node[rt], s, HP_CP_EDGE_LAUNCH_DELAY, TRUE);

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
