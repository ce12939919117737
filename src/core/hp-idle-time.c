/* hp-idle-time.c — GPU idle time per stream, split by cause (docs/analyses.md §2).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>

#include "hp-time-private.h"
#include "hp-idle-time-private.h"
#include "hp-linked-events.h"
#include "hp-rank-access.h"
#include "hp-stats.h"

#define NO_LAUNCH G_MININT64

/* One kernel (a G4 row) reduced to what the gaps need. */
typedef struct
{
  gint64  ts;
  gint64  end;
  gint64  launch; /* ts of the launching call, or NO_LAUNCH */
  guint32 event;
  guint32 row;  /* position in rank->rows: HTA's order before sorting */
  guint32 slot; /* the (device, stream) it runs on */
} Kernel;

typedef struct
{
  gint64 device;
  gint64 stream;
} StreamKey;

/* What the gap rules need to know about one rank. */
typedef struct
{
  const HpRank *rank;
  HpMode        mode;
  guint8       *in_rows;    /* compat: which events HTA's table holds */
  gint64        event0_ts;  /* compat: ts of the event with index 0 */
  gboolean      has_event0; /* ... when that event is in the table */
  double        delay_ns;   /* consecutive_kernel_delay */
} Context;

/* Per (device, stream) results of the analysis. */
typedef struct
{
  StreamKey key;
  gsize     first; /* its kernels: kernels[first .. first + n) after sorting */
  gsize     n;
} Slot;

static const char *const category_names[HP_N_IDLE_CATEGORIES] = {
  "host_wait",
  "kernel_wait",
  "other",
};

/**
 * hp_idle_category_to_string:
 * @category: a #HpIdleCategory
 *
 * Returns: HTA's name of @category: `host_wait`, `kernel_wait` or `other`
 */
const char *
hp_idle_category_to_string (HpIdleCategory category)
{
  g_return_val_if_fail (category < HP_N_IDLE_CATEGORIES, NULL);

  return category_names[category];
}

static void
context_init (Context      *ctx,
              HpTrace      *trace,
              const HpRank *r,
              double        consecutive_kernel_delay)
{
  *ctx = (Context){ 0 };
  ctx->rank = r;
  ctx->mode = hp_trace_get_mode (trace);
  ctx->delay_ns = consecutive_kernel_delay * HP_NS_PER_US;

  if (ctx->mode != HP_MODE_HTA_COMPAT)
    return;

  /* HTA looks the launch up in its loaded table by event index, and reads
   * index 0 when the kernel has a correlation id but no partner (docs/analyses.md §2,
   * step 1 quirk) */
  ctx->in_rows = g_new0 (guint8, MAX (r->n_events, 1));
  for (guint k = 0; k < r->n_rows; k++)
    ctx->in_rows[r->rows[k]] = 1;
  if (r->n_events > 0 && r->index[0] == 0 && ctx->in_rows[0])
    {
      ctx->has_event0 = TRUE;
      ctx->event0_ts = r->ts[0];
    }
}

static void
context_clear (Context *ctx)
{
  g_clear_pointer (&ctx->in_rows, g_free);
}

/* The `ts_runtime` of docs/analyses.md §2 step 1. */
static gint64
launch_ts (const Context *ctx,
           guint          e)
{
  const HpRank *r = ctx->rank;
  gint32        partner = r->partner[e];

  if (ctx->mode != HP_MODE_HTA_COMPAT)
    return partner >= 0 ? r->ts[partner] : NO_LAUNCH;

  if (hp_rank_correlation (r, e) == -1)
    return NO_LAUNCH;
  if (partner >= 0)
    return ctx->in_rows[partner] ? r->ts[partner] : NO_LAUNCH;
  return ctx->has_event0 ? ctx->event0_ts : NO_LAUNCH;
}

static gint64
kernel_device (const Context *ctx,
               guint          e)
{
  /* HTA merges every device of a rank file (docs/trace-format.md §5.2) */
  return ctx->mode == HP_MODE_HTA_COMPAT ? 0 : hp_rank_pid (ctx->rank, e);
}

static void
kernel_init (const Context *ctx,
             Kernel        *k,
             guint          row)
{
  const HpRank *r = ctx->rank;
  guint         e = r->rows[row];

  k->ts = r->ts[e];
  k->end = hp_rank_end (r, e);
  k->launch = launch_ts (ctx, e);
  k->event = e;
  k->row = row;
  k->slot = 0;
}

static int
cmp_kernel (const void *a,
            const void *b)
{
  const Kernel *x = a;
  const Kernel *y = b;

  if (x->slot != y->slot)
    return x->slot < y->slot ? -1 : 1;
  if (x->ts != y->ts)
    return x->ts < y->ts ? -1 : 1;
  return (x->row > y->row) - (x->row < y->row);
}

/* Spec §2 steps 3–4 on the kernels of one stream, sorted by cmp_kernel():
 * appends one HpIdleInterval per kernel but the first. Both the analysis
 * and hp_idle_time_get_intervals() go through here. */
static void
stream_gaps (const Context *ctx,
             const Kernel  *kernels,
             gsize          n,
             GArray        *out)
{
  gint64 prev_end;

  if (n == 0)
    return;

  prev_end = kernels[0].end;
  for (gsize i = 1; i < n; i++)
    {
      const Kernel  *k = &kernels[i];
      HpIdleInterval gap;

      gap.kernel = k->event;
      gap.overlap = MAX (prev_end - k->ts, 0);
      gap.start = prev_end;
      gap.end = k->ts;
      if (ctx->mode != HP_MODE_HTA_COMPAT && gap.overlap > 0)
        gap.start = k->ts;

      if (k->launch != NO_LAUNCH && k->launch > prev_end)
        gap.category = HP_IDLE_HOST_WAIT;
      else if ((double)(gap.end - gap.start) < ctx->delay_ns)
        gap.category = HP_IDLE_KERNEL_WAIT;
      else
        gap.category = HP_IDLE_OTHER;
      g_array_append_val (out, gap);

      /* HTA measures from the previous kernel only; the default mode from
       * everything that ran before on the stream */
      if (ctx->mode == HP_MODE_HTA_COMPAT)
        prev_end = k->end;
      else
        prev_end = MAX (prev_end, k->end);
    }
}

/**
 * hp_idle_time_get_intervals:
 * @trace: a loaded trace
 * @rank: one of @trace's ranks
 * @device: the device (`pid` of the GPU events), or %HP_NONE for all; in
 *   HTA-compatibility mode the devices of a rank are always merged
 * @stream: the GPU stream
 * @consecutive_kernel_delay: the largest gap (us) that counts as
 *   `kernel_wait`; HTA's default is 30
 *
 * The idle gaps of one GPU stream with their category, exactly as
 * hp_idle_time_compute() counts them (docs/analyses.md §2): one interval before
 * every kernel, memcpy and memset of the stream but the first, in the
 * stream's start-time order. For shading a timeline.
 *
 * Returns: (transfer full) (element-type HpIdleInterval): the gaps; empty if
 *   the stream has fewer than two kernels
 */
GArray *
hp_idle_time_get_intervals (HpTrace      *trace,
                            const HpRank *rank,
                            gint64        device,
                            gint64        stream,
                            double        consecutive_kernel_delay)
{
  g_autofree Kernel *kernels = NULL;
  GArray            *out;
  Context            ctx;
  gsize              n = 0;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (rank != NULL, NULL);

  out = g_array_new (FALSE, FALSE, sizeof (HpIdleInterval));
  context_init (&ctx, trace, rank, consecutive_kernel_delay);

  kernels = g_new (Kernel, MAX (rank->n_rows, 1));
  for (guint row = 0; row < rank->n_rows; row++)
    {
      guint e = rank->rows[row];

      if (!(rank->flags[e] & HP_EVENT_G4) || hp_rank_stream (rank, e) != stream)
        continue;
      if (device != HP_NONE && ctx.mode != HP_MODE_HTA_COMPAT && hp_rank_pid (rank, e) != device)
        continue;
      kernel_init (&ctx, &kernels[n++], row);
    }
  qsort (kernels, n, sizeof *kernels, cmp_kernel);
  stream_gaps (&ctx, kernels, n, out);

  context_clear (&ctx);
  return out;
}

/**
 * hp_idle_time_get_lane_intervals:
 * @trace: a loaded trace
 * @rank: one of @trace's ranks
 * @lane: a GPU lane of @rank
 * @consecutive_kernel_delay: as for hp_idle_time_get_intervals()
 *
 * The idle gaps of the stream a GPU lane shows (its device and
 * hp_rank_get_lane_stream()), from hp_idle_time_get_intervals(): the gaps
 * the timeline shades are the ones the analysis counts.
 *
 * Returns: (transfer full) (nullable) (element-type HpIdleInterval): the
 *   gaps, %NULL for a host thread
 */
GArray *
hp_idle_time_get_lane_intervals (HpTrace      *trace,
                                 const HpRank *rank,
                                 guint         lane,
                                 double        consecutive_kernel_delay)
{
  g_return_val_if_fail (rank != NULL, NULL);
  g_return_val_if_fail (lane < rank->n_lanes, NULL);

  if (!rank->lanes[lane].is_gpu)
    return NULL;
  return hp_idle_time_get_intervals (trace, rank, rank->lanes[lane].pid, hp_rank_get_lane_stream (rank, lane),
                                     consecutive_kernel_delay);
}

static guint
stream_key_hash (gconstpointer key)
{
  const StreamKey *k = key;

  return hp_hash_mix64 ((guint64)k->stream) ^ (hp_hash_mix64 ((guint64)k->device) * 31u);
}

static gboolean
stream_key_equal (gconstpointer a,
                  gconstpointer b)
{
  const StreamKey *x = a;
  const StreamKey *y = b;

  return x->device == y->device && x->stream == y->stream;
}

#define SKIPPED_SLOT G_MAXUINT

/* The G4 kernels of the rank (on the wanted streams), each with its slot:
 * slots number the (device, stream) pairs in order of first appearance in
 * the rows (docs/analyses.md §2 step 2). Returns G_MAXSIZE when cancelled. */
static gsize
collect_kernels (const Context *ctx,
                 const GArray  *streams,
                 Kernel        *kernels,
                 GArray        *slots,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autoptr (GHashTable) slot_of = NULL;
  const HpRank *r = ctx->rank;
  StreamKey     last_key = { 0 };
  guint         last_slot = SKIPPED_SLOT;
  gboolean      have_last = FALSE;
  gsize         n = 0;

  slot_of = g_hash_table_new_full (stream_key_hash, stream_key_equal, g_free, NULL);

  for (guint row = 0; row < r->n_rows; row++)
    {
      guint     e = r->rows[row];
      StreamKey key;
      guint     slot;

      if (hp_analysis_check_cancelled (cancellable, row, error))
        return G_MAXSIZE;
      if (!(r->flags[e] & HP_EVENT_G4))
        continue;

      key.device = kernel_device (ctx, e);
      key.stream = hp_rank_stream (r, e);
      if (have_last && stream_key_equal (&key, &last_key))
        slot = last_slot;
      else
        {
          gpointer value;

          if (g_hash_table_lookup_extended (slot_of, &key, NULL, &value))
            slot = GPOINTER_TO_UINT (value);
          else
            {
              gboolean wanted = streams == NULL;

              for (guint i = 0; !wanted && i < streams->len; i++)
                wanted = g_array_index (streams, gint64, i) == key.stream;
              slot = SKIPPED_SLOT;
              if (wanted)
                {
                  Slot s = { key, 0, 0 };

                  slot = slots->len;
                  g_array_append_val (slots, s);
                }
              g_hash_table_insert (slot_of, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (slot));
            }
          last_key = key;
          last_slot = slot;
          have_last = TRUE;
        }
      if (slot == SKIPPED_SLOT)
        continue;

      kernel_init (ctx, &kernels[n], row);
      kernels[n].slot = slot;
      g_array_index (slots, Slot, slot).n++;
      n++;
    }
  return n;
}

/* The order the slots are reported in: first appearance, or the order of
 * the requested streams (docs/analyses.md §2, "Row order"). */
static GArray *
slot_order (const GArray *slots,
            const GArray *streams)
{
  GArray *order = g_array_new (FALSE, FALSE, sizeof (guint));

  if (streams == NULL)
    {
      for (guint s = 0; s < slots->len; s++)
        g_array_append_val (order, s);
      return order;
    }

  for (guint i = 0; i < streams->len; i++)
    {
      gint64   stream = g_array_index (streams, gint64, i);
      gboolean repeated = FALSE;

      for (guint j = 0; j < i && !repeated; j++)
        repeated = g_array_index (streams, gint64, j) == stream;
      if (repeated)
        continue;
      for (guint s = 0; s < slots->len; s++)
        if (g_array_index (slots, Slot, s).key.stream == stream)
          g_array_append_val (order, s);
    }
  return order;
}

enum
{
  COL_RANK,
  COL_STREAM,
  COL_CATEGORY,
  COL_IDLE_TIME,
  COL_IDLE_RATIO,
  COL_DEVICE,  /* default mode only */
  COL_OVERLAP, /* default mode only */
};

enum
{
  STATS_COL_CATEGORY,
  STATS_COL_RANK,
  STATS_COL_STREAM,
  STATS_COL_COUNT,
  STATS_COL_DEVICE = STATS_COL_COUNT + 8, /* default mode only */
};

static HpTable *
new_breakdown_table (gboolean per_device)
{
  HpTable *table = hp_table_new ("idle_time_breakdown", N_ ("Idle time breakdown"));

  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "stream", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "idle_category", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "idle_time", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "idle_time_ratio", HP_COLUMN_DOUBLE, NULL);
  if (per_device)
    {
      hp_table_add_column (table, "device", HP_COLUMN_INT, NULL);
      hp_table_add_column (table, "overlap_time", HP_COLUMN_DOUBLE, "us");
    }
  return table;
}

static HpTable *
new_stats_table (gboolean per_device)
{
  HpTable *table = hp_table_new ("idle_time_interval_stats", N_ ("Idle interval statistics"));

  hp_table_add_column (table, "idle_category", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "stream", HP_COLUMN_INT, NULL);
  hp_describe_add_columns (table, "us");
  if (per_device)
    hp_table_add_column (table, "device", HP_COLUMN_INT, NULL);
  return table;
}

/* Spec §2 step 5 for one stream: a row per category that has a kernel (the
 * first kernel of a stream always makes `other` exist), and its interval
 * statistics. @values is scratch space for gaps->len doubles. */
static void
append_stream_rows (HpTable         *breakdown,
                    HpTable         *stats,
                    gboolean         per_device,
                    int              rank,
                    const StreamKey *key,
                    const GArray    *gaps,
                    double          *values)
{
  gint64 sum[HP_N_IDLE_CATEGORIES] = { 0 };
  gint64 overlap[HP_N_IDLE_CATEGORIES] = { 0 };
  gsize  count[HP_N_IDLE_CATEGORIES] = { 0 };
  gint64 total = 0;

  for (guint i = 0; i < gaps->len; i++)
    {
      const HpIdleInterval *gap = &g_array_index (gaps, HpIdleInterval, i);

      sum[gap->category] = hp_ns_add (sum[gap->category], gap->end - gap->start);
      overlap[gap->category] = hp_ns_add (overlap[gap->category], gap->overlap);
      count[gap->category]++;
    }
  for (guint c = 0; c < HP_N_IDLE_CATEGORIES; c++)
    total = hp_ns_add (total, sum[c]);

  for (guint c = 0; c < HP_N_IDLE_CATEGORIES; c++)
    {
      guint row;

      if (count[c] == 0 && c != HP_IDLE_OTHER)
        continue;

      row = hp_table_append_row (breakdown);
      hp_table_set_int (breakdown, row, COL_RANK, rank);
      hp_table_set_int (breakdown, row, COL_STREAM, key->stream);
      hp_table_set_string (breakdown, row, COL_CATEGORY, category_names[c]);
      hp_table_set_double (breakdown, row, COL_IDLE_TIME,
                           hp_round_half_even (hp_ns_to_us (sum[c]), 2));
      /* 0 / 0 is NaN, as in HTA, for a stream that never went idle */
      hp_table_set_double (breakdown, row, COL_IDLE_RATIO,
                           hp_round_half_even ((double)sum[c] / (double)total, 2));
      if (per_device)
        {
          hp_table_set_int (breakdown, row, COL_DEVICE, key->device);
          hp_table_set_double (breakdown, row, COL_OVERLAP,
                               hp_round_half_even (hp_ns_to_us (overlap[c]), 2));
        }

      if (stats != NULL)
        {
          HpDescribe describe;
          gsize      n = 0;

          for (guint i = 0; i < gaps->len; i++)
            {
              const HpIdleInterval *gap = &g_array_index (gaps, HpIdleInterval, i);

              if (gap->category == c)
                values[n++] = hp_ns_to_us (gap->end - gap->start);
            }
          hp_describe (values, n, &describe);
          hp_describe_round (&describe, 2);

          row = hp_table_append_row (stats);
          hp_table_set_string (stats, row, STATS_COL_CATEGORY, category_names[c]);
          hp_table_set_int (stats, row, STATS_COL_RANK, rank);
          hp_table_set_int (stats, row, STATS_COL_STREAM, key->stream);
          hp_describe_set_row (stats, row, STATS_COL_COUNT, &describe);
          if (per_device)
            hp_table_set_int (stats, row, STATS_COL_DEVICE, key->device);
        }
    }
}

/* Spec §2 for one rank. */
static gboolean
compute_rank (HpTrace      *trace,
              const HpRank *r,
              const GArray *streams,
              double        consecutive_kernel_delay,
              HpTable      *breakdown,
              HpTable      *stats,
              GCancellable *cancellable,
              GError      **error)
{
  g_autofree Kernel *kernels = g_new (Kernel, MAX (r->n_rows, 1));
  g_autofree double *values = NULL;
  g_autoptr (GArray) slots = g_array_new (FALSE, FALSE, sizeof (Slot));
  g_autoptr (GArray) gaps = g_array_new (FALSE, FALSE, sizeof (HpIdleInterval));
  g_autoptr (GArray) order = NULL;
  gboolean per_device = hp_trace_get_mode (trace) != HP_MODE_HTA_COMPAT;
  Context  ctx;
  gsize    n, first = 0;

  context_init (&ctx, trace, r, consecutive_kernel_delay);
  n = collect_kernels (&ctx, streams, kernels, slots, cancellable, error);
  if (n == G_MAXSIZE)
    {
      context_clear (&ctx);
      return FALSE;
    }

  qsort (kernels, n, sizeof *kernels, cmp_kernel);
  for (guint s = 0; s < slots->len; s++)
    {
      Slot *slot = &g_array_index (slots, Slot, s);

      slot->first = first;
      first += slot->n;
    }

  values = g_new (double, MAX (n, 1));
  order = slot_order (slots, streams);
  for (guint i = 0; i < order->len; i++)
    {
      const Slot *slot = &g_array_index (slots, Slot, g_array_index (order, guint, i));

      g_array_set_size (gaps, 0);
      stream_gaps (&ctx, kernels + slot->first, slot->n, gaps);
      append_stream_rows (breakdown, stats, per_device, r->rank, &slot->key, gaps, values);
    }

  context_clear (&ctx);
  return TRUE;
}

/**
 * hp_idle_time_compute:
 * @trace: a loaded trace
 * @params: the analysis parameters: ranks, `streams` (%NULL for all),
 *   `consecutive_kernel_delay` (us) and `show_idle_interval_stats`
 * @tables: (element-type HpTable): where the `idle_time_breakdown` table is
 *   appended, then `idle_time_interval_stats` if `show_idle_interval_stats`
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Splits the idle time of every GPU stream into `host_wait`, `kernel_wait`
 * and `other` (docs/analyses.md §2): each kernel, memcpy or memset (G4,
 * docs/trace-format.md §7) but the first of its stream ends an idle gap, which is host wait
 * when the kernel was launched after the previous one had finished, kernel
 * wait when it is shorter than `consecutive_kernel_delay`, and other
 * otherwise. Rows per rank, per stream in order of first appearance (or of
 * @params' streams), per category; the statistics table describes the gaps
 * of each row. Times in us, rounded to 2 decimals.
 *
 * In HTA-compatibility mode this is HTA's algorithm, quirks included: gaps
 * are measured from the previous kernel only and may be negative, devices
 * are merged, and a kernel with a correlation id but no launch takes the
 * launch time of event 0. The default mode measures a gap from the latest
 * end of the earlier kernels (an overlap becomes a zero gap, and its length
 * is reported in the `overlap_time` column), keys streams by device (extra
 * `device` column), and treats a kernel without launch as not host-bound.
 * A rank without kernels has no rows (HTA fails on it).
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK
 *   for a selected rank that is not in @trace, or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_idle_time_compute (HpTrace                *trace,
                      const HpAnalysisParams *params,
                      GPtrArray              *tables,
                      GCancellable           *cancellable,
                      GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  g_autoptr (HpTable) breakdown = NULL;
  g_autoptr (HpTable) stats = NULL;
  const GArray *streams = NULL;
  gboolean      per_device;
  double        delay;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  delay = hp_analysis_params_get_double (params, &hp_idle_time_consecutive_kernel_delay_spec);
  if (!(delay >= 0))
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "consecutive_kernel_delay must be a number ≥ 0, not %g", delay);
      return FALSE;
    }

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;

  if (params->streams != NULL && params->streams->len > 0)
    streams = params->streams;
  per_device = hp_trace_get_mode (trace) != HP_MODE_HTA_COMPAT;
  breakdown = new_breakdown_table (per_device);
  if (hp_analysis_params_get_boolean (params, &hp_idle_time_show_idle_interval_stats_spec))
    stats = new_stats_table (per_device);

  for (guint k = 0; k < ranks->len; k++)
    if (!compute_rank (trace, g_ptr_array_index (ranks, k), streams,
                       delay, breakdown, stats,
                       cancellable, error))
      return FALSE;

  if (hp_table_get_n_rows (breakdown) == 0)
    {
      const char *note = streams != NULL ? "No GPU kernels on the selected streams of the selected ranks." : "No GPU kernels in the selected ranks.";

      hp_table_set_note (breakdown, note);
      if (stats != NULL)
        hp_table_set_note (stats, note);
    }

  g_ptr_array_add (tables, g_steal_pointer (&breakdown));
  if (stats != NULL)
    g_ptr_array_add (tables, g_steal_pointer (&stats));
  return TRUE;
}

/* its parameters, kept in the parameters' bag (the interval statistics
 * are on by default here: the golden tables have them) */
const HpParamSpec hp_idle_time_show_idle_interval_stats_spec = { "show_idle_interval_stats", HP_PARAM_BOOLEAN, HP_PARAM_IN_BAG, TRUE, 0, 1, NULL, N_ ("Interval statistics"), "Idle time: add interval statistics (true)", "BOOL", N_ ("Add a table of the idle intervals' statistics per stream") };
const HpParamSpec hp_idle_time_consecutive_kernel_delay_spec = { "consecutive_kernel_delay", HP_PARAM_DOUBLE, HP_PARAM_IN_BAG, 30, 0, 1e12, "us", N_ ("Consecutive kernel delay"), "Idle time: gaps up to this many us are kernel_wait (30)", "US", N_ ("A gap between two kernels shorter than this counts as kernel wait rather than other idle time"), NULL, HP_PARAM_PERSIST | HP_PARAM_PERSIST_WHOLE };

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_idle_time_analysis = {
  .name = HP_IDLE_TIME_ANALYSIS,
  .title = N_ ("Idle time breakdown"),
  .section = "§2",
  .func = hp_idle_time_compute,
  .in_default_set = TRUE,
  .cost = 2,
  .shared_params = (const HpParamSpec *const[]){ &hp_analysis_streams_spec, NULL },
  .tables = HP_STRV (HP_IDLE_TIME_TABLE, HP_IDLE_TIME_STATS_TABLE),
  .row_events = hp_linked_events_for_idle_row,
  .row_events_tables = 0x3,
  .payload = hp_idle_time_payload,
  .payload_free = (GDestroyNotify)hp_idle_gaps_free,
  .payload_row_events = hp_linked_events_for_idle_row_in_gaps,
  .needs = HP_ANALYSIS_NEEDS_GPU,
  .specs = (const HpParamSpec *const[]){ &hp_idle_time_show_idle_interval_stats_spec, &hp_idle_time_consecutive_kernel_delay_spec, NULL },
};
