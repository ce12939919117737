/* hp-memory.c — allocated and reserved memory from the trace's [memory] events.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hp-memory.h"
#include "hp-series.h"

#define MEMORY_EVENT "[memory]"
#define NO_VALUE G_MININT64

/* one [memory] event */
typedef struct
{
  guint32 event;
  gint64  ts;
  gint64  bytes;
  gint64  addr;
  gint64  allocated; /* "Total Allocated", or NO_VALUE */
  gint64  reserved;  /* "Total Reserved", or NO_VALUE */
  gint64  type;      /* "Device Type" */
  gint64  id;        /* "Device Id" */
} MemEvent;

typedef struct
{
  guint32 device_type, device_id, bytes, addr, allocated, reserved;
} Keys;

static int
compare_device_then_time (gconstpointer a,
                          gconstpointer b)
{
  const MemEvent *x = a;
  const MemEvent *y = b;

  if (x->type != y->type)
    return x->type < y->type ? -1 : 1;
  if (x->id != y->id)
    return x->id < y->id ? -1 : 1;
  if (x->ts != y->ts)
    return x->ts < y->ts ? -1 : 1;
  return (x->event > y->event) - (x->event < y->event);
}

/* PyTorch's c10::DeviceType names, as in `torch.device` */
static char *
device_name (gint64 type,
             gint64 id)
{
  const char *name;

  switch (type)
    {
    case 0:
      name = "cpu";
      break;
    case 1:
      name = "cuda";
      break;
    case 12:
      name = "xpu";
      break;
    case 13:
      name = "mps";
      break;
    case 19:
      name = "mtia";
      break;
    case 20:
      name = "privateuseone";
      break;
    default:
      return id >= 0 ? g_strdup_printf ("device%" G_GINT64_FORMAT ":%" G_GINT64_FORMAT, type, id)
                     : g_strdup_printf ("device%" G_GINT64_FORMAT, type);
    }
  return id >= 0 ? g_strdup_printf ("%s:%" G_GINT64_FORMAT, name, id) : g_strdup (name);
}

static gint64
arg_or (const HpRank *r,
        guint32       e,
        guint32       key,
        gint64        fallback)
{
  HpArgValue v;

  if (key == HP_NO_STRING || !hp_rank_get_arg (r, e, key, &v))
    return fallback;
  if (v.type == HP_ARG_INT)
    return v.i;
  if (v.type == HP_ARG_DOUBLE)
    return (gint64)v.d;
  return fallback;
}

static GArray *
collect_events (const HpRank *r,
                guint32       memory_name)
{
  GArray *events = g_array_new (FALSE, FALSE, sizeof (MemEvent));
  Keys    k;

  k.device_type = hp_rank_lookup_arg_key (r, "Device Type");
  k.device_id = hp_rank_lookup_arg_key (r, "Device Id");
  k.bytes = hp_rank_lookup_arg_key (r, "Bytes");
  k.addr = hp_rank_lookup_arg_key (r, "Addr");
  k.allocated = hp_rank_lookup_arg_key (r, "Total Allocated");
  k.reserved = hp_rank_lookup_arg_key (r, "Total Reserved");

  for (guint32 e = 0; e < r->n_events; e++)
    {
      MemEvent m;

      if (r->kind[e] != HP_EVENT_KIND_INSTANT || r->name[e] != memory_name)
        continue;
      m.event = e;
      m.ts = r->ts[e];
      m.bytes = arg_or (r, e, k.bytes, 0);
      m.addr = arg_or (r, e, k.addr, -1);
      m.allocated = arg_or (r, e, k.allocated, NO_VALUE);
      m.reserved = arg_or (r, e, k.reserved, NO_VALUE);
      m.type = arg_or (r, e, k.device_type, -1);
      m.id = arg_or (r, e, k.device_id, -1);
      g_array_append_val (events, m);
    }
  g_array_sort (events, compare_device_then_time);
  return events;
}

/* the innermost cpu_op around an event on its thread */
static gint32
enclosing_op (const HpRank *r,
              guint32       e)
{
  for (gint32 p = r->parent[e]; p >= 0; p = r->parent[p])
    if (r->kind[p] == HP_EVENT_KIND_CPU_OP)
      return p;
  return -1;
}

typedef struct
{
  HpTable *summary;
  HpTable *timeline;
  HpTable *peak_ops;
  HpTrace *trace;
} Tables;

typedef struct
{
  guint32 name; /* the op's string id, or HP_NO_STRING */
  guint   allocations;
  gint64  bytes;
} OpBytes;

static int
compare_op_bytes (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const OpBytes *x = a;
  const OpBytes *y = b;
  HpTrace       *trace = user_data;

  if (x->bytes != y->bytes)
    return x->bytes > y->bytes ? -1 : 1;
  if (x->name == y->name)
    return 0;
  if (x->name == HP_NO_STRING || y->name == HP_NO_STRING)
    return x->name == HP_NO_STRING ? 1 : -1;
  return strcmp (hp_trace_get_string (trace, x->name), hp_trace_get_string (trace, y->name));
}

/* The allocations made before @peak (inclusive) and not freed by then,
 * summed per enclosing op, the largest first */
static void
add_peak_ops (Tables         *t,
              const HpRank   *r,
              const char     *device,
              const MemEvent *ev,
              guint           n,
              guint           peak)
{
  g_autoptr (GHashTable) live = g_hash_table_new (hp_int64_hash, hp_int64_equal);
  g_autoptr (GHashTable) per_op = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  g_autoptr (GArray) ops = g_array_new (FALSE, FALSE, sizeof (OpBytes));
  GHashTableIter iter;
  gpointer       value;

  for (guint i = 0; i <= peak && i < n; i++)
    {
      if (ev[i].addr < 0)
        continue;
      if (ev[i].bytes > 0)
        g_hash_table_insert (live, (gpointer)&ev[i].addr, (gpointer)&ev[i]);
      else if (ev[i].bytes < 0)
        g_hash_table_remove (live, &ev[i].addr);
    }

  g_hash_table_iter_init (&iter, live);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      const MemEvent *m = value;
      gint32          op = enclosing_op (r, m->event);
      guint32         name = op >= 0 ? r->name[op] : HP_NO_STRING;
      OpBytes        *acc = g_hash_table_lookup (per_op, GUINT_TO_POINTER (name + 1));

      if (acc == NULL)
        {
          acc = g_new0 (OpBytes, 1);
          acc->name = name;
          g_hash_table_insert (per_op, GUINT_TO_POINTER (name + 1), acc);
        }
      acc->allocations++;
      acc->bytes += m->bytes;
    }
  g_hash_table_iter_init (&iter, per_op);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_array_append_vals (ops, value, 1);
  g_array_sort_with_data (ops, compare_op_bytes, t->trace);

  for (guint i = 0; i < ops->len; i++)
    {
      const OpBytes *o = &g_array_index (ops, OpBytes, i);
      guint          row = hp_table_append_row (t->peak_ops);

      hp_table_set_int (t->peak_ops, row, 0, r->rank);
      hp_table_set_string (t->peak_ops, row, 1, device);
      if (o->name == HP_NO_STRING)
        hp_table_set_null (t->peak_ops, row, 2);
      else
        hp_table_set_string (t->peak_ops, row, 2, hp_trace_get_string (t->trace, o->name));
      hp_table_set_int (t->peak_ops, row, 3, o->allocations);
      hp_table_set_int (t->peak_ops, row, 4, o->bytes);
    }
}

/* One device of one rank: its events in time order */
static void
add_device (Tables         *t,
            const HpRank   *r,
            const MemEvent *ev,
            guint           n)
{
  g_autofree char *device = device_name (ev[0].type, ev[0].id);
  gboolean         absolute = TRUE;
  gint64           running = 0, peak = G_MININT64, peak_reserved = NO_VALUE;
  gint64           allocations = 0, frees = 0, bytes_allocated = 0, bytes_freed = 0;
  guint            peak_at = 0;
  guint            row;

  for (guint i = 0; i < n; i++)
    absolute &= ev[i].allocated != NO_VALUE;

  for (guint i = 0; i < n; i++)
    {
      gint64 allocated;
      guint  trow = hp_table_append_row (t->timeline);

      running += ev[i].bytes;
      allocated = absolute ? ev[i].allocated : running;
      if (ev[i].bytes > 0)
        {
          allocations++;
          bytes_allocated += ev[i].bytes;
        }
      else if (ev[i].bytes < 0)
        {
          frees++;
          bytes_freed -= ev[i].bytes;
        }
      if (allocated > peak)
        {
          peak = allocated;
          peak_at = i;
        }
      if (ev[i].reserved != NO_VALUE)
        peak_reserved = MAX (peak_reserved, ev[i].reserved);

      hp_table_set_int (t->timeline, trow, 0, r->rank);
      hp_table_set_string (t->timeline, trow, 1, device);
      hp_table_set_double (t->timeline, trow, 2, hp_ns_to_us (ev[i].ts));
      hp_table_set_int (t->timeline, trow, 3, ev[i].bytes);
      hp_table_set_int (t->timeline, trow, 4, allocated);
      if (ev[i].reserved != NO_VALUE)
        hp_table_set_int (t->timeline, trow, 5, ev[i].reserved);
      else
        hp_table_set_null (t->timeline, trow, 5);
    }

  row = hp_table_append_row (t->summary);
  hp_table_set_int (t->summary, row, 0, r->rank);
  hp_table_set_string (t->summary, row, 1, device);
  hp_table_set_int (t->summary, row, 2, n);
  hp_table_set_int (t->summary, row, 3, allocations);
  hp_table_set_int (t->summary, row, 4, frees);
  hp_table_set_int (t->summary, row, 5, bytes_allocated);
  hp_table_set_int (t->summary, row, 6, bytes_freed);
  hp_table_set_int (t->summary, row, 7, peak);
  hp_table_set_double (t->summary, row, 8, hp_ns_to_us (ev[peak_at].ts));
  if (peak_reserved != NO_VALUE)
    hp_table_set_int (t->summary, row, 9, peak_reserved);
  else
    hp_table_set_null (t->summary, row, 9);
  hp_table_set_string (t->summary, row, 10, absolute ? "False" : "True");

  add_peak_ops (t, r, device, ev, n, peak_at);
}

static void
new_tables (Tables *t)
{
  t->summary = hp_table_new ("memory_summary", N_ ("Memory per device"));
  hp_table_add_column (t->summary, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (t->summary, "device", HP_COLUMN_STRING, NULL);
  hp_table_add_column (t->summary, "events", HP_COLUMN_INT, NULL);
  hp_table_add_column (t->summary, "allocations", HP_COLUMN_INT, NULL);
  hp_table_add_column (t->summary, "frees", HP_COLUMN_INT, NULL);
  hp_table_add_column (t->summary, "bytes_allocated", HP_COLUMN_INT, "B");
  hp_table_add_column (t->summary, "bytes_freed", HP_COLUMN_INT, "B");
  hp_table_add_column (t->summary, "peak_allocated", HP_COLUMN_INT, "B");
  hp_table_add_column (t->summary, "peak_allocated_ts", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t->summary, "peak_reserved", HP_COLUMN_INT, "B");
  hp_table_add_column (t->summary, "peak_is_relative", HP_COLUMN_STRING, NULL);

  t->timeline = hp_table_new ("memory_events_timeline", N_ ("Memory over time"));
  hp_table_add_column (t->timeline, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (t->timeline, "device", HP_COLUMN_STRING, NULL);
  hp_table_add_column (t->timeline, "ts", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t->timeline, "bytes", HP_COLUMN_INT, "B");
  hp_table_add_column (t->timeline, "allocated", HP_COLUMN_INT, "B");
  hp_table_add_column (t->timeline, "reserved", HP_COLUMN_INT, "B");

  t->peak_ops = hp_table_new ("memory_peak_ops", N_ ("Ops holding memory at the peak"));
  hp_table_add_column (t->peak_ops, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (t->peak_ops, "device", HP_COLUMN_STRING, NULL);
  hp_table_add_column (t->peak_ops, "op", HP_COLUMN_STRING, NULL);
  hp_table_add_column (t->peak_ops, "allocations", HP_COLUMN_INT, NULL);
  hp_table_add_column (t->peak_ops, "bytes", HP_COLUMN_INT, "B");
}

/**
 * hp_memory_compute:
 * @trace: a loaded trace
 * @params: the rank selection
 * @tables: (element-type HpTable): where `memory_summary`,
 *   `memory_events_timeline` and `memory_peak_ops` are appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The `[memory]` instant events `profile_memory=True` writes (HTA drops
 * them), per rank and device: `cpu`, or `cuda:N` from "Device Type" and
 * "Device Id".
 *
 * `memory_summary` has one row per (rank, device): the events, the
 * allocations and frees and their bytes, the peak allocated memory and
 * when it was first reached, and the peak reserved memory. The peak is the
 * largest "Total Allocated" when every event carries it; otherwise (traces
 * from 2021) it is the largest running sum of "Bytes" from the first
 * event, starting at 0, and `peak_is_relative` is True.
 * `memory_events_timeline` has every event in time order with the
 * allocated (as for the peak) and reserved bytes after it.
 * `memory_peak_ops` lists, per device, the ops (the innermost `cpu_op`
 * around the allocation on its thread) whose allocations are still alive
 * at the peak, with their count and bytes, the largest first; an
 * allocation outside any op has an empty op.
 *
 * Without `[memory]` events the tables are empty, with a note.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK
 *   or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_memory_compute (HpTrace                *trace,
                   const HpAnalysisParams *params,
                   GPtrArray              *tables,
                   GCancellable           *cancellable,
                   GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  guint32 memory_name;
  Tables  t = { NULL, NULL, NULL, trace };

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;
  new_tables (&t);
  memory_name = hp_trace_lookup_string (trace, MEMORY_EVENT);

  for (guint k = 0; k < ranks->len && memory_name != HP_NO_STRING; k++)
    {
      const HpRank *r = ranks->pdata[k];
      g_autoptr (GArray) events = NULL;
      const MemEvent *ev;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          hp_table_unref (t.summary);
          hp_table_unref (t.timeline);
          hp_table_unref (t.peak_ops);
          return FALSE;
        }
      events = collect_events (r, memory_name);
      ev = (const MemEvent *)(void *)events->data;
      for (guint i = 0; i < events->len;)
        {
          guint j = i + 1;

          while (j < events->len && ev[j].type == ev[i].type && ev[j].id == ev[i].id)
            j++;
          add_device (&t, r, ev + i, j - i);
          i = j;
        }
    }
  if (hp_table_get_n_rows (t.summary) == 0)
    {
      const char *note = "no [memory] events: record with profile_memory=True";

      hp_table_set_note (t.summary, note);
      hp_table_set_note (t.timeline, note);
      hp_table_set_note (t.peak_ops, note);
    }

  g_ptr_array_add (tables, t.summary);
  g_ptr_array_add (tables, t.timeline);
  g_ptr_array_add (tables, t.peak_ops);
  return TRUE;
}

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_memory_analysis = {
  .name = HP_MEMORY_ANALYSIS,
  .title = N_ ("Memory per device"),
  .section = "§13",
  .func = hp_memory_compute,
  .cost = 1,
  .tables = HP_STRV (HP_MEMORY_SUMMARY_TABLE, HP_MEMORY_EVENTS_TABLE, HP_MEMORY_PEAK_OPS_TABLE),
  .payload = hp_memory_payload,
  .payload_free = (GDestroyNotify)g_ptr_array_unref,
  .needs = HP_ANALYSIS_NEEDS_MEMORY_EVENTS,
};
