/* hp-queue-length.c — GPU queue length per stream and time blocked on a full queue (docs/analyses.md §8.1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-time-private.h"
#include "hp-queue-length.h"
#include "hp-queue-length-private.h"
#include "hp-parallel-private.h"
#include "hp-sort-private.h"
#include "hp-stats.h"

/* the launch calls of docs/analyses.md §8.1 step 1 (also the critical path's, §12.3) */
const char *const _hp_queue_length_launch_names[HP_N_LAUNCH_NAMES] = {
  "cudaLaunchKernel",
  "cudaLaunchKernelExC",
  "cuLaunchKernel",
  "cuLaunchKernelEx",
  "cudaMemcpyAsync",
  "cudaMemsetAsync",
  "runFunction - job_prep_and_submit_for_execution",
  "hipLaunchKernel",
  "hipExtModuleLaunchKernel",
  "hipMemcpyAsync",
  "hipMemsetAsync",
  "hipMemcpyWithStream",
};

/* ---------------------------------------------------------------------------
 * The series
 * ------------------------------------------------------------------------- */

/* Matches launches with GPU events on the correlation (docs/analyses.md §8.1 step 2).
 * Both lists are sorted by correlation, each key's rows in row order; one
 * merge pass finds, for each launch row, where its GPU events start in
 * @gpu (plus one; 0 for none) and marks each GPU row that has a launch.
 * Returns the number of points: +1 per (launch, GPU event) pair, −1 per
 * GPU event with a launch. */
static gsize
join_on_correlation (const HpSortPair *corrs,
                     gsize             n_corrs,
                     const HpSortPair *gpu,
                     gsize             n_gpu,
                     guint32          *first_gpu,
                     guint8           *launched)
{
  gsize i = 0, j = 0, n_points = 0;

  while (i < n_corrs && j < n_gpu)
    {
      gint64 key = corrs[i].key;

      if (key < gpu[j].key)
        i++;
      else if (key > gpu[j].key)
        j++;
      else
        {
          gsize i_first = i, j_first = j;

          for (; i < n_corrs && corrs[i].key == key; i++)
            first_gpu[corrs[i].value] = (guint32)j_first + 1;
          for (; j < n_gpu && gpu[j].key == key; j++)
            launched[gpu[j].value] = TRUE;
          n_points += (i - i_first + 1) * (j - j_first);
        }
    }
  return n_points;
}

/* HTA merges launches with GPU rows on the correlation; pandas 1.5's inner
 * merge lists keys in order of first appearance, each key's launches in
 * row order. With one launch per correlation that is plain row order.
 * @corrs holds the launches by correlation; @launches gets that order. */
static void
order_as_pandas_merge (const HpSortPair *corrs,
                       gsize             n,
                       HpSortPair       *launches,
                       HpSortPair       *scratch)
{
  for (gsize i = 0; i < n; i++)
    {
      /* sort key: the row of the key's first launch */
      gint64 first = (gint64)corrs[i].value;

      if (i > 0 && corrs[i].key == corrs[i - 1].key)
        first = launches[i - 1].key; /* same key: already computed */
      launches[i] = (HpSortPair){ first, corrs[i].value };
    }
  _hp_sort_pairs (launches, scratch, n);
}

/**
 * hp_queue_length_series:
 * @trace: a trace
 * @rank: one of its ranks
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The queue length of every GPU stream of @rank (docs/analyses.md §8.1): +1 at
 * the start of each launch call that has a GPU partner (with the stream of
 * the GPU event of the same correlation), −1 at the start of each GPU event
 * launched by one of those calls, running sum per stream.
 *
 * In HTA-compatibility mode the points are ordered by time as pandas' sort
 * orders them (ties included); in the default mode ties keep launches before
 * GPU events, each in row order.
 *
 * Returns: (transfer full) (element-type HpQueuePoint): the points, streams
 *   ascending, each stream in time order; %NULL if cancelled
 */
GArray *
hp_queue_length_series (HpTrace      *trace,
                        const HpRank *rank,
                        GCancellable *cancellable,
                        GError      **error)
{
  const HpRank            *r = rank;
  gboolean                 compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  guint32                  launch_ids[HP_N_LAUNCH_NAMES];
  guint                    n_launch_ids = 0;
  gsize                    n_slots = MAX (r->n_rows, 1);
  g_autofree HpSortPair   *gpu = g_new (HpSortPair, n_slots);      /* (correlation, row), G1 */
  g_autofree HpSortPair   *launches = g_new (HpSortPair, n_slots); /* (correlation, row), launch */
  g_autofree HpSortPair   *corrs = NULL;                           /* launches by correlation */
  g_autofree HpSortPair   *scratch = g_new (HpSortPair, n_slots);
  g_autofree guint32      *first_gpu = g_new0 (guint32, n_slots);
  g_autofree guint8       *launched = g_new0 (guint8, n_slots);
  g_autofree HpQueuePoint *raw = NULL;
  g_autofree gint64       *times = NULL;   /* of each raw point */
  g_autofree gint64       *streams = NULL; /* of each raw point */
  g_autofree guint32      *order = NULL;
  gsize                    n_gpu = 0, n_launches = 0, n_raw, n = 0;
  GArray                  *out;

  g_return_val_if_fail (trace != NULL && rank != NULL, NULL);

  for (guint i = 0; i < HP_N_LAUNCH_NAMES; i++)
    {
      guint32 id = hp_trace_lookup_string (trace, _hp_queue_length_launch_names[i]);

      if (id != HP_NO_STRING)
        launch_ids[n_launch_ids++] = id;
    }

  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];

      if (hp_analysis_check_cancelled (cancellable, k, error))
        return NULL;
      if (r->flags[e] & HP_EVENT_G1)
        gpu[n_gpu++] = (HpSortPair){ hp_rank_correlation (r, e), k };
      if (r->partner[e] >= 0)
        for (guint i = 0; i < n_launch_ids; i++)
          if (r->name[e] == launch_ids[i])
            {
              launches[n_launches++] = (HpSortPair){ hp_rank_correlation (r, e), k };
              break;
            }
    }

  /* both by correlation, each key in row order (the sort is stable) */
  _hp_sort_pairs (gpu, scratch, n_gpu);
  corrs = g_new (HpSortPair, n_slots);
  memcpy (corrs, launches, n_launches * sizeof *launches);
  _hp_sort_pairs (corrs, scratch, n_launches);
  n_raw = join_on_correlation (corrs, n_launches, gpu, n_gpu, first_gpu, launched);
  if (compat)
    order_as_pandas_merge (corrs, n_launches, launches, scratch);

  raw = g_new (HpQueuePoint, MAX (n_raw, 1));
  times = g_new (gint64, MAX (n_raw, 1));
  streams = g_new (gint64, MAX (n_raw, 1));

  /* +1 at each launch, on the stream of its GPU event(s) */
  for (gsize i = 0; i < n_launches; i++)
    {
      guint32 k = (guint32)launches[i].value;
      guint   e = r->rows[k];

      if (first_gpu[k] == 0)
        continue;
      for (gsize m = first_gpu[k] - 1; m < n_gpu && gpu[m].key == hp_rank_correlation (r, e); m++)
        {
          guint g = r->rows[gpu[m].value];

          times[n] = r->ts[e];
          streams[n] = hp_rank_stream (r, g);
          raw[n++] = (HpQueuePoint){ r->ts[e], hp_rank_pid (r, g), hp_rank_tid (r, g), hp_rank_stream (r, g), 0, e, +1 };
        }
    }

  /* −1 at the start of each GPU event launched by one of them */
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint g = r->rows[k];

      if (!launched[k])
        continue;
      times[n] = r->ts[g];
      streams[n] = hp_rank_stream (r, g);
      raw[n++] = (HpQueuePoint){ r->ts[g], hp_rank_pid (r, g), hp_rank_tid (r, g), hp_rank_stream (r, g), 0, g, -1 };
    }
  g_assert (n == n_raw);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  /* by time (pandas' order of ties in HTA-compatibility mode, else the
   * order above), then grouped by stream keeping the time order */
  order = g_new (guint32, MAX (n_raw, 1));
  _hp_sort_by_time_then_group (times, streams, n_raw, compat, order);

  out = g_array_sized_new (FALSE, FALSE, sizeof (HpQueuePoint), (guint)n_raw);
  g_array_set_size (out, (guint)n_raw);
  {
    HpQueuePoint *p = (HpQueuePoint *)(gpointer)out->data;
    gint64        sum = 0;

    for (gsize i = 0; i < n_raw; i++)
      {
        p[i] = raw[order[i]];
        if (i == 0 || p[i].stream != p[i - 1].stream)
          sum = 0;
        sum += p[i].delta;
        p[i].queue_length = sum;
      }
  }
  return out;
}

/* ---------------------------------------------------------------------------
 * Tables
 * ------------------------------------------------------------------------- */

typedef struct
{
  const HpRank *rank;
  GArray       *points;   /* HpQueuePoint */
  gint64        duration; /* ns: last row start − first row start */
} RankSeries;

static void
rank_series_clear (gpointer data)
{
  RankSeries *rs = data;

  g_clear_pointer (&rs->points, g_array_unref);
}

static gint64
rank_duration (const HpRank *r)
{
  gint64 lo = G_MAXINT64, hi = G_MININT64;

  for (guint k = 0; k < r->n_rows; k++)
    {
      lo = MIN (lo, r->ts[r->rows[k]]);
      hi = MAX (hi, r->ts[r->rows[k]]);
    }
  return r->n_rows > 0 ? hi - lo : 0;
}

/* The series of the selected ranks, one rank per thread */
typedef struct
{
  HpTrace      *trace;
  GPtrArray    *ranks;
  GCancellable *cancellable;
  GArray      **points; /* per rank */
  GError      **errors; /* per rank */
} SeriesJob;

static void
series_of_rank (guint    i,
                gpointer user_data)
{
  SeriesJob *job = user_data;

  job->points[i] = hp_queue_length_series (job->trace, job->ranks->pdata[i], job->cancellable, &job->errors[i]);
}

static GArray *
compute_all (HpTrace                *trace,
             const HpAnalysisParams *params,
             GCancellable           *cancellable,
             GError                **error)
{
  g_autoptr (GPtrArray) ranks = hp_analysis_select_ranks (trace, params, error);
  g_autoptr (GArray) all = NULL;
  g_autofree GArray **points = NULL;
  g_autofree GError **errors = NULL;
  SeriesJob           job;
  gboolean            failed = FALSE;

  if (ranks == NULL)
    return NULL;
  points = g_new0 (GArray *, MAX (ranks->len, 1));
  errors = g_new0 (GError *, MAX (ranks->len, 1));
  job = (SeriesJob){ trace, ranks, cancellable, points, errors };
  /* the costliest analysis by far on many ranks: spread them out */
  _hp_parallel_for (ranks->len, 0, series_of_rank, &job);

  all = g_array_new (FALSE, TRUE, sizeof (RankSeries));
  g_array_set_clear_func (all, rank_series_clear);
  for (guint i = 0; i < ranks->len; i++)
    {
      RankSeries rs = { ranks->pdata[i], g_steal_pointer (&points[i]), 0 };

      if (rs.points == NULL)
        {
          /* only a cancellation fails a series */
          if (!failed)
            g_propagate_error (error, g_steal_pointer (&errors[i]));
          g_clear_error (&errors[i]);
          failed = TRUE;
          continue;
        }
      /* HTA leaves ranks without data out of its map */
      if (failed || rs.points->len == 0)
        {
          g_array_unref (rs.points);
          continue;
        }
      rs.duration = rank_duration (rs.rank);
      g_array_append_val (all, rs);
    }
  return failed ? NULL : g_steal_pointer (&all);
}

/* A tid written as a string in the trace ("stream 7") is shown as that
 * string, as HTA shows it */
static void
set_string_tids (HpTable      *t,
                 guint         column,
                 guint         first,
                 HpTrace      *trace,
                 const gint64 *tids,
                 guint         n)
{
  for (guint k = 0; k < n; k++)
    {
      g_autofree char *text = hp_trace_format_tid (trace, tids[k]);

      hp_table_set_string (t, first + k, column, text);
    }
}

static HpTable *
time_series_table (HpTrace *trace,
                   GArray  *all)
{
  HpTable *t = hp_table_new ("queue_length_time_series", N_ ("Queue length time series"));
  gboolean string_tids = hp_trace_has_string_tids (trace);
  guint    c_rank = hp_table_add_column (t, "rank", HP_COLUMN_INT, NULL);
  guint    c_ts = hp_table_add_column (t, "ts", HP_COLUMN_DOUBLE, "us");
  guint    c_pid = hp_table_add_column (t, "pid", HP_COLUMN_INT, NULL);
  guint    c_tid = hp_table_add_column (t, "tid", string_tids ? HP_COLUMN_STRING : HP_COLUMN_INT, NULL);
  guint    c_stream = hp_table_add_column (t, "stream", HP_COLUMN_INT, NULL);
  guint    c_q = hp_table_add_column (t, "queue_length", HP_COLUMN_INT, NULL);

  g_autofree double *ts = NULL;
  g_autofree gint64 *ints = NULL; /* pid, tid, stream, queue_length */
  gsize              cap = 0;
  guint              first = 0;

  /* the rows at once, then a column at a time: a rank's series is a few
   * hundred thousand rows */
  for (guint i = 0; i < all->len; i++)
    first += g_array_index (all, RankSeries, i).points->len;
  first = hp_table_append_rows (t, first);
  for (guint i = 0; i < all->len; i++)
    {
      const RankSeries   *rs = &g_array_index (all, RankSeries, i);
      const HpQueuePoint *p = (const HpQueuePoint *)(gconstpointer)rs->points->data;
      guint               n = rs->points->len;

      if (cap < n)
        {
          cap = n;
          ts = g_renew (double, ts, cap);
          ints = g_renew (gint64, ints, 4 * cap);
        }
      for (guint k = 0; k < n; k++)
        {
          ts[k] = hp_ns_to_us (p[k].ts);
          ints[k] = p[k].pid;
          ints[cap + k] = p[k].tid;
          ints[2 * cap + k] = p[k].stream;
          ints[3 * cap + k] = p[k].queue_length;
        }
      hp_table_fill_int (t, c_rank, first, n, rs->rank->rank);
      hp_table_set_doubles (t, c_ts, first, ts, n);
      hp_table_set_ints (t, c_pid, first, ints, n);
      if (string_tids)
        set_string_tids (t, c_tid, first, trace, ints + cap, n);
      else
        hp_table_set_ints (t, c_tid, first, ints + cap, n);
      hp_table_set_ints (t, c_stream, first, ints + 2 * cap, n);
      hp_table_set_ints (t, c_q, first, ints + 3 * cap, n);
      first += n;
    }
  if (all->len == 0)
    hp_table_set_note (t, "No launch call has a GPU event: there is no queue to measure.");
  return t;
}

static HpTable *
summary_table (GArray *all)
{
  HpTable                 *t = hp_table_new ("queue_length_summary", N_ ("Queue length summary"));
  static const char *const stats[] = { "count", "mean", "std", "min", "25%", "50%", "75%", "max" };
  g_autofree double       *values = NULL;
  guint                    c_rank = hp_table_add_column (t, "rank", HP_COLUMN_INT, NULL);
  guint                    c_stream = hp_table_add_column (t, "stream", HP_COLUMN_INT, NULL);
  guint                    c_first = 0;
  guint                    c_twm;
  gsize                    cap = 0;

  for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
    {
      g_autofree char *name = g_strconcat ("queue_length.", stats[i], NULL);
      guint            c = hp_table_add_column (t, name, HP_COLUMN_DOUBLE, NULL);

      if (i == 0)
        c_first = c;
    }
  c_twm = hp_table_add_column (t, "queue_length.time_weighted_mean", HP_COLUMN_DOUBLE, NULL);

  for (guint i = 0; i < all->len; i++)
    {
      const RankSeries   *rs = &g_array_index (all, RankSeries, i);
      const HpQueuePoint *p = (const HpQueuePoint *)(gconstpointer)rs->points->data;
      guint               n = rs->points->len;

      if (cap < n)
        {
          cap = n;
          values = g_renew (double, values, cap);
        }
      for (guint a = 0, b; a < n; a = b)
        {
          HpDescribe d;
          guint      row;
          double     area = 0;
          gint64     span;

          for (b = a; b < n && p[b].stream == p[a].stream; b++)
            {
              values[b - a] = (double)p[b].queue_length;
              if (b + 1 < n && p[b + 1].stream == p[a].stream)
                area += (double)p[b].queue_length * (double)(p[b + 1].ts - p[b].ts);
            }
          hp_describe (values, b - a, &d);
          span = p[b - 1].ts - p[a].ts;

          row = hp_table_append_row (t);
          hp_table_set_int (t, row, c_rank, rs->rank->rank);
          hp_table_set_int (t, row, c_stream, p[a].stream);
          hp_describe_set_row (t, row, c_first, &d);
          hp_table_set_double (t, row, c_twm, span > 0 ? area / (double)span : NAN);
        }
    }
  if (all->len == 0)
    hp_table_set_note (t, "No launch call has a GPU event: there is no queue to measure.");
  return t;
}

/* Time at or above @max per stream (docs/analyses.md §8.1). HTA keeps one stream per
 * rank, the last in ascending order; the default mode keeps them all. */
static HpTable *
blocked_table (HpTrace    *trace,
               GArray     *all,
               gint64      max,
               gboolean    with_max_column,
               const char *name,
               const char *title)
{
  HpTable *t = hp_table_new (name, title);
  gboolean compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  guint    c_max = with_max_column ? hp_table_add_column (t, "max_queue_length_used", HP_COLUMN_INT, NULL) : 0;
  guint    c_rank = hp_table_add_column (t, "rank", HP_COLUMN_INT, NULL);
  guint    c_stream = hp_table_add_column (t, "stream", HP_COLUMN_INT, NULL);
  guint    c_dur = hp_table_add_column (t, "duration_at_max_queue_length", HP_COLUMN_DOUBLE, "us");
  guint    c_rel = hp_table_add_column (t, "relative_duration_at_max_queue_length", HP_COLUMN_DOUBLE, NULL);

  for (guint i = 0; i < all->len; i++)
    {
      const RankSeries   *rs = &g_array_index (all, RankSeries, i);
      const HpQueuePoint *p = (const HpQueuePoint *)(gconstpointer)rs->points->data;
      guint               n = rs->points->len;
      gboolean            kept = FALSE;
      gint64              kept_stream = 0, kept_sum = 0;

      for (guint a = 0, b; a < n; a = b)
        {
          gboolean hit = FALSE;
          gint64   sum = 0;

          for (b = a; b < n && p[b].stream == p[a].stream; b++)
            if (p[b].queue_length >= max)
              {
                hit = TRUE;
                /* the last point of a stream has no duration */
                if (b + 1 < n && p[b + 1].stream == p[a].stream)
                  sum = hp_ns_add (sum, p[b + 1].ts - p[b].ts);
              }
          if (!hit)
            continue;
          kept = TRUE;
          kept_stream = p[a].stream;
          kept_sum = sum;
          if (!compat)
            {
              guint row = hp_table_append_row (t);

              if (with_max_column)
                hp_table_set_int (t, row, c_max, max);
              hp_table_set_int (t, row, c_rank, rs->rank->rank);
              hp_table_set_int (t, row, c_stream, kept_stream);
              hp_table_set_double (t, row, c_dur, hp_ns_to_us (sum));
              hp_table_set_double (t, row, c_rel, hp_ns_to_us (sum) / hp_ns_to_us (rs->duration));
            }
        }
      if (compat && kept)
        {
          guint row = hp_table_append_row (t);

          if (with_max_column)
            hp_table_set_int (t, row, c_max, max);
          hp_table_set_int (t, row, c_rank, rs->rank->rank);
          hp_table_set_int (t, row, c_stream, kept_stream);
          hp_table_set_double (t, row, c_dur, hp_ns_to_us (kept_sum));
          hp_table_set_double (t, row, c_rel, hp_ns_to_us (kept_sum) / hp_ns_to_us (rs->duration));
        }
    }
  return t;
}

static gint64
observed_max (GArray *all)
{
  gint64 max = G_MININT64;

  for (guint i = 0; i < all->len; i++)
    {
      const RankSeries *rs = &g_array_index (all, RankSeries, i);

      for (guint k = 0; k < rs->points->len; k++)
        max = MAX (max, g_array_index (rs->points, HpQueuePoint, k).queue_length);
    }
  return max;
}

static HpTable *
observed_max_table (HpTrace *trace,
                    GArray  *all)
{
  const char *name = "queue_full_blocked_at_observed_max";
  const char *title = N_ ("Time blocked at the longest observed queue");

  if (all->len == 0)
    return blocked_table (trace, all, 0, TRUE, name, title);
  return blocked_table (trace, all, observed_max (all), TRUE, name, title);
}

/**
 * hp_queue_length_blocked:
 * @trace: a trace
 * @params: (nullable): the ranks to look at
 * @max_queue_length: the queue length that counts as full
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * HTA's `get_time_spent_blocked_on_full_queue` (docs/analyses.md §8.1): per
 * stream, the time its queue holds at least @max_queue_length operations,
 * absolute (us) and relative to the rank's trace duration. In
 * HTA-compatibility mode only the last qualifying stream of a rank is
 * reported, as HTA does; otherwise every qualifying (rank, stream).
 *
 * Returns: (transfer full): the table `queue_full_blocked_default`, or %NULL
 *   with %HP_ANALYSIS_ERROR_NO_SUCH_RANK or %G_IO_ERROR_CANCELLED
 */
HpTable *
hp_queue_length_blocked (HpTrace                *trace,
                         const HpAnalysisParams *params,
                         gint64                  max_queue_length,
                         GCancellable           *cancellable,
                         GError                **error)
{
  g_autoptr (GArray) all = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  all = compute_all (trace, params, cancellable, error);
  if (all == NULL)
    return NULL;
  return blocked_table (trace, all, max_queue_length, FALSE, "queue_full_blocked_default",
                        N_ ("Time blocked on a full queue"));
}

/**
 * hp_queue_length_blocked_at_observed_max:
 * @trace: a trace
 * @params: (nullable): the ranks to look at
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * hp_queue_length_blocked() with the longest queue seen in any selected
 * rank as the limit, in a leading column `max_queue_length_used`.
 *
 * Returns: (transfer full): the table `queue_full_blocked_at_observed_max`,
 *   or %NULL with @error set
 */
HpTable *
hp_queue_length_blocked_at_observed_max (HpTrace                *trace,
                                         const HpAnalysisParams *params,
                                         GCancellable           *cancellable,
                                         GError                **error)
{
  g_autoptr (GArray) all = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  all = compute_all (trace, params, cancellable, error);
  if (all == NULL)
    return NULL;
  return observed_max_table (trace, all);
}

/**
 * hp_queue_length_compute:
 * @trace: a trace
 * @params: the ranks (`ranks`) and the full-queue limit (`max_queue_length`)
 * @tables: (element-type HpTable): where the tables are appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Queue length (docs/analyses.md §8.1). Appends `queue_length_time_series`,
 * `queue_length_summary` (describe statistics of the point values per
 * (rank, stream), plus a time-weighted mean), `queue_full_blocked_default`
 * (at @hp_analysis_params_get_int64 (params, &hp_queue_length_max_queue_length_spec)) and `queue_full_blocked_at_observed_max`.
 * Ranks without launch → GPU pairs contribute no rows.
 *
 * Returns: %TRUE, or %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK or
 *   %G_IO_ERROR_CANCELLED
 */
gboolean
hp_queue_length_compute (HpTrace                *trace,
                         const HpAnalysisParams *params,
                         GPtrArray              *tables,
                         GCancellable           *cancellable,
                         GError                **error)
{
  g_autoptr (GArray) all = NULL;

  g_return_val_if_fail (trace != NULL && params != NULL && tables != NULL, FALSE);

  all = compute_all (trace, params, cancellable, error);
  if (all == NULL)
    return FALSE;

  g_ptr_array_add (tables, time_series_table (trace, all));
  g_ptr_array_add (tables, summary_table (all));
  g_ptr_array_add (tables, blocked_table (trace, all, hp_analysis_params_get_int64 (params, &hp_queue_length_max_queue_length_spec), FALSE,
                                          "queue_full_blocked_default",
                                          N_ ("Time blocked on a full queue")));
  g_ptr_array_add (tables, observed_max_table (trace, all));
  return TRUE;
}

/* its parameters, kept in the parameters' bag */
const HpParamSpec hp_queue_length_max_queue_length_spec = { "max_queue_length", HP_PARAM_INT64, HP_PARAM_IN_BAG, 1024, 0, 1e15, NULL, N_ ("Queue limit"), "Queue length: the full-queue limit (1024)", "N", N_ ("The number of outstanding kernels at which a stream's queue counts as full") };

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_queue_length_analysis = {
  .name = HP_QUEUE_LENGTH_ANALYSIS,
  .title = N_ ("Queue length"),
  .section = "§8.1",
  .func = hp_queue_length_compute,
  .in_default_set = TRUE,
  .cost = 10,
  .tables = HP_STRV (HP_QUEUE_LENGTH_SERIES_TABLE, HP_QUEUE_LENGTH_SUMMARY_TABLE, HP_QUEUE_LENGTH_BLOCKED_TABLE, HP_QUEUE_LENGTH_BLOCKED_AT_MAX_TABLE),
  .needs = HP_ANALYSIS_NEEDS_GPU | HP_ANALYSIS_NEEDS_LAUNCH,
  .specs = (const HpParamSpec *const[]){ &hp_queue_length_max_queue_length_spec, NULL },
};
