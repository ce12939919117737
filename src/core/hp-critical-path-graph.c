/* hp-critical-path-graph.c — the region and the nodes of the critical-path graph, and the passes that join them (docs/analyses.md §12.2, §12.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hp-critical-path-private.h"
#include "hp-queue-length-private.h"

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
default_region (HpCpBuilder *b,
                char       **annotation,
                int         *instance)
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
select_region (HpCpBuilder                 *b,
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
      if (!cp->compat && (_hp_cp_is_device_side (b, e) || r->kind[e] == HP_EVENT_KIND_GPU_ANNOTATION))
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
clip_events (HpCpBuilder *b)
{
  HpCriticalPath *cp = b->cp;
  const HpRank   *r = b->r;
  GArray         *events = g_array_new (FALSE, FALSE, sizeof (guint32));

  cp->in_region = g_new0 (guint8, MAX (r->n_events, 1));

  /* host events in the window, and their GPU work */
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];

      if (_hp_cp_is_device_side (b, e) || hp_rank_dur (r, e) <= 0 || r->ts[e] < cp->start || r->ts[e] > cp->end)
        continue;
      cp->in_region[e] = 1;
      if (cp->compat)
        {
          if (r->partner[e] >= 0 && _hp_cp_is_device_side (b, (guint)r->partner[e]))
            cp->in_region[r->partner[e]] = 2;
        }
      else
        {
          guint          n_launched;
          const guint32 *launched = hp_rank_get_launched (r, e, &n_launched);

          for (guint j = 0; j < n_launched; j++)
            if (_hp_cp_is_device_side (b, launched[j]) && (r->flags[launched[j]] & HP_EVENT_MEASURED))
              cp->in_region[launched[j]] = 2;
        }
    }
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];

      if (r->name[e] == b->stream_wait_event && b->stream_wait_event != HP_NO_STRING &&
          _hp_cp_is_device_side (b, e))
        cp->in_region[e] = 2;
    }

  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];

      if (cp->in_region[e] == 0 || cp->in_region[e] == 3)
        continue;
      /* a GPU row is in T only if its launch is (not by its own time) */
      if (cp->in_region[e] == 1 && _hp_cp_is_device_side (b, e))
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
has_node_category (HpCpBuilder *b,
                   guint        e)
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
is_data_load (HpCpBuilder *b,
              guint        e)
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
create_nodes (HpCpBuilder *b,
              GArray      *events)
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
      if (_hp_cp_is_sync_record (b, e))
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
      _hp_cp_add_edge (cp, (gint32)first, (gint32)v, HP_CP_EDGE_DEPENDENCY, FALSE);
  for (guint v = 0; v < n; v++)
    if (!has_out[v] && v != last && v != first)
      _hp_cp_add_edge (cp, (gint32)v, (gint32)last, HP_CP_EDGE_DEPENDENCY, FALSE);
  cp->last_node = (gint32)last;
}

gboolean
_hp_critical_path_build (HpCriticalPath              *self,
                         const HpCriticalPathOptions *options,
                         GCancellable                *cancellable,
                         GError                     **error)
{
  HpCpBuilder b = { .cp = self, .r = self->rank };
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

  _hp_cp_pass_runtime_lock (&b);
  _hp_cp_pass_call_stacks (&b, events);
  ok = _hp_cp_pass_kernels (&b, events, cancellable, error);
  if (ok && !self->compat)
    anchor_region (self);
  return ok;
}
