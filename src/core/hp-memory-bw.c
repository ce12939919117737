/* hp-memory-bw.c — memory bandwidth in flight per memcpy/memset sub-type (docs/analyses.md §8.2).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-memory-bw.h"
#include "hp-sort-private.h"
#include "hp-stats.h"

static int
cmp_names (gconstpointer a,
           gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/**
 * hp_memory_bw_series_free:
 * @series: (nullable): a series from hp_memory_bw_series()
 */
void
hp_memory_bw_series_free (HpMemoryBwSeries *series)
{
  if (series == NULL)
    return;
  g_clear_pointer (&series->names, g_ptr_array_unref);
  g_clear_pointer (&series->points, g_array_unref);
  g_free (series);
}

/**
 * hp_memory_bw_series:
 * @trace: a trace
 * @rank: one of its ranks
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The memory bandwidth in flight per sub-type (docs/analyses.md §8.2): every
 * MEMORY-class GPU event adds its `memory bandwidth (GB/s)` arg at its start
 * and removes it at its end (a zero duration counts as 1 us), running sum
 * per sub-type over all streams and devices.
 *
 * In HTA-compatibility mode points are ordered by time as pandas orders
 * them and the running sum keeps HTA's rounding residue; in the default mode
 * starts come before ends at equal times and the sum is exactly 0 whenever
 * no event of the sub-type is in flight.
 *
 * Returns: (transfer full): the series (empty when the rank has no memory
 *   events), or %NULL if cancelled
 */
HpMemoryBwSeries *
hp_memory_bw_series (HpTrace      *trace,
                     const HpRank *rank,
                     GCancellable *cancellable,
                     GError      **error)
{
  const HpRank *r = rank;
  gboolean      compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  guint32       bw_key = hp_rank_lookup_arg_key (r, "memory bandwidth (GB/s)");
  g_autoptr (GHashTable) sub_of_name = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr (GHashTable) sub_index = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint           *rank_of_sub = NULL;
  g_autofree HpMemoryBwPoint *raw = NULL;
  g_autofree gint64          *times = NULL; /* of each raw point */
  g_autofree gint64          *subs = NULL;  /* of each raw point */
  g_autofree guint32         *order = NULL;
  g_autoptr (GArray) memory = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (HpMemoryBwSeries) series = g_new0 (HpMemoryBwSeries, 1);
  gsize n_raw;

  g_return_val_if_fail (trace != NULL && rank != NULL, NULL);

  /* the memory events and their sub-types, named once per distinct name */
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint32  e = r->rows[k];
      gpointer key = GUINT_TO_POINTER (r->name[e] + 1);

      if (hp_analysis_check_cancelled (cancellable, k, error))
        return NULL;
      if (!(r->flags[e] & HP_EVENT_G1) || r->kclass[e] != HP_KERNEL_CLASS_MEMORY)
        continue;
      g_array_append_val (memory, e);
      if (!g_hash_table_contains (sub_of_name, key))
        {
          g_autofree char *sub = hp_memory_subtype (hp_trace_get_string (trace, r->name[e]));
          gpointer         idx;

          if (!g_hash_table_lookup_extended (sub_index, sub, NULL, &idx))
            {
              idx = GUINT_TO_POINTER (names->len);
              g_ptr_array_add (names, g_strdup (sub));
              g_hash_table_insert (sub_index, names->pdata[names->len - 1], idx);
            }
          g_hash_table_insert (sub_of_name, key, idx);
        }
    }

  /* sub-types in ascending order, as pandas' groupby lists them */
  {
    g_autoptr (GPtrArray) sorted = g_ptr_array_sized_new (names->len);

    for (guint i = 0; i < names->len; i++)
      g_ptr_array_add (sorted, names->pdata[i]);
    g_ptr_array_sort (sorted, cmp_names);
    rank_of_sub = g_new (guint, MAX (names->len, 1));
    for (guint i = 0; i < sorted->len; i++)
      rank_of_sub[GPOINTER_TO_UINT (g_hash_table_lookup (sub_index, sorted->pdata[i]))] = i;
    series->names = g_ptr_array_new_with_free_func (g_free);
    for (guint i = 0; i < sorted->len; i++)
      g_ptr_array_add (series->names, g_strdup (sorted->pdata[i]));
  }

  /* all starts, then all ends (HTA's concatenation order) */
  n_raw = 2 * (gsize)memory->len;
  raw = g_new (HpMemoryBwPoint, MAX (n_raw, 1));
  times = g_new (gint64, MAX (n_raw, 1));
  subs = g_new (gint64, MAX (n_raw, 1));
  for (guint i = 0; i < memory->len; i++)
    {
      guint32 e = g_array_index (memory, guint32, i);
      guint   sub = rank_of_sub[GPOINTER_TO_UINT (g_hash_table_lookup (sub_of_name, GUINT_TO_POINTER (r->name[e] + 1)))];
      double  bw = hp_rank_get_arg_double (r, e, bw_key, 0.0);
      gint64  dur = hp_rank_dur (r, e) == 0 ? HP_NS_PER_US : hp_rank_dur (r, e);

      raw[i] = (HpMemoryBwPoint){ r->ts[e], hp_rank_pid (r, e), sub, bw, e, TRUE };
      raw[memory->len + i] = (HpMemoryBwPoint){ r->ts[e] + dur, hp_rank_pid (r, e), sub, -bw, e, FALSE };
      times[i] = raw[i].ts;
      times[memory->len + i] = raw[memory->len + i].ts;
      subs[i] = subs[memory->len + i] = sub;
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  /* by time (pandas' order of ties in HTA-compatibility mode, else the
   * order above), then grouped by sub-type keeping the time order */
  order = g_new (guint32, MAX (n_raw, 1));
  _hp_sort_by_time_then_group (times, subs, n_raw, compat, order);

  series->points = g_array_sized_new (FALSE, FALSE, sizeof (HpMemoryBwPoint), (guint)n_raw);
  g_array_set_size (series->points, (guint)n_raw);
  {
    HpMemoryBwPoint *p = (HpMemoryBwPoint *)(gpointer)series->points->data;
    double           sum = 0;
    gint64           in_flight = 0;

    for (gsize i = 0; i < n_raw; i++)
      {
        p[i] = raw[order[i]];
        if (i == 0 || p[i].name != p[i - 1].name)
          {
            sum = 0;
            in_flight = 0;
          }
        sum += p[i].memory_bw_gbps;
        in_flight += p[i].start ? 1 : -1;
        /* the sum of doubles leaves a residue where copies overlapped */
        if (!compat && in_flight == 0)
          sum = 0;
        p[i].memory_bw_gbps = sum;
      }
  }

  return g_steal_pointer (&series);
}

typedef struct
{
  const HpRank     *rank;
  HpMemoryBwSeries *series;
} RankSeries;

static void
rank_series_clear (gpointer data)
{
  RankSeries *rs = data;

  g_clear_pointer (&rs->series, hp_memory_bw_series_free);
}

static HpTable *
time_series_table (GArray *all)
{
  HpTable *t = hp_table_new ("memory_bw_time_series", N_ ("Memory bandwidth time series"));
  guint    c_rank = hp_table_add_column (t, "rank", HP_COLUMN_INT, NULL);
  guint    c_ts = hp_table_add_column (t, "ts", HP_COLUMN_DOUBLE, "us");
  guint    c_pid = hp_table_add_column (t, "pid", HP_COLUMN_INT, NULL);
  guint    c_name = hp_table_add_column (t, "name", HP_COLUMN_STRING, NULL);
  guint    c_bw = hp_table_add_column (t, "memory_bw_gbps", HP_COLUMN_DOUBLE, "GB/s");

  g_autofree double *doubles = NULL;
  g_autofree gint64 *ints = NULL;
  gsize              cap = 0;
  guint              first = 0;

  /* the rows at once, then a column at a time, as for the queue length */
  for (guint i = 0; i < all->len; i++)
    first += g_array_index (all, RankSeries, i).series->points->len;
  first = hp_table_append_rows (t, first);
  for (guint i = 0; i < all->len; i++)
    {
      const RankSeries      *rs = &g_array_index (all, RankSeries, i);
      const HpMemoryBwPoint *p = (const HpMemoryBwPoint *)(gconstpointer)rs->series->points->data;
      guint                  n = rs->series->points->len;

      if (cap < n)
        {
          cap = n;
          doubles = g_renew (double, doubles, cap);
          ints = g_renew (gint64, ints, cap);
        }
      hp_table_fill_int (t, c_rank, first, n, rs->rank->rank);
      for (guint k = 0; k < n; k++)
        doubles[k] = hp_ns_to_us (p[k].ts);
      hp_table_set_doubles (t, c_ts, first, doubles, n);
      for (guint k = 0; k < n; k++)
        ints[k] = p[k].pid;
      hp_table_set_ints (t, c_pid, first, ints, n);
      /* the points come grouped by sub-type */
      for (guint a = 0, b; a < n; a = b)
        {
          for (b = a + 1; b < n && p[b].name == p[a].name; b++)
            ;
          hp_table_fill_string (t, c_name, first + a, b - a, rs->series->names->pdata[p[a].name]);
        }
      for (guint k = 0; k < n; k++)
        doubles[k] = p[k].memory_bw_gbps;
      hp_table_set_doubles (t, c_bw, first, doubles, n);
      first += n;
    }
  if (all->len == 0)
    hp_table_set_note (t, "No memcpy or memset on the GPU.");
  return t;
}

/* describe statistics of the points above 0 per (rank, sub-type); zero
 * points (nothing in flight) are left out, as HTA does */
static HpTable *
summary_table (GArray *all)
{
  HpTable                 *t = hp_table_new ("memory_bw_summary", N_ ("Memory bandwidth summary"));
  static const char *const stats[] = { "count", "mean", "std", "min", "25%", "50%", "75%", "max" };
  guint                    c_rank = hp_table_add_column (t, "rank", HP_COLUMN_INT, NULL);
  guint                    c_name = hp_table_add_column (t, "name", HP_COLUMN_STRING, NULL);
  guint                    c_first = 0;
  g_autofree double       *values = NULL;
  gsize                    cap = 0;

  for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
    {
      g_autofree char *name = g_strconcat ("memory_bw_gbps.", stats[i], NULL);
      guint            c = hp_table_add_column (t, name, HP_COLUMN_DOUBLE, i == 0 ? NULL : "GB/s");

      if (i == 0)
        c_first = c;
    }

  for (guint i = 0; i < all->len; i++)
    {
      const RankSeries      *rs = &g_array_index (all, RankSeries, i);
      const HpMemoryBwPoint *p = (const HpMemoryBwPoint *)(gconstpointer)rs->series->points->data;
      guint                  n = rs->series->points->len;

      if (cap < n)
        {
          cap = n;
          values = g_renew (double, values, cap);
        }
      for (guint a = 0, b; a < n; a = b)
        {
          gsize      m = 0;
          HpDescribe d;
          guint      row;

          for (b = a; b < n && p[b].name == p[a].name; b++)
            if (p[b].memory_bw_gbps > 0)
              values[m++] = p[b].memory_bw_gbps;
          if (m == 0)
            continue;
          hp_describe (values, m, &d);
          row = hp_table_append_row (t);
          hp_table_set_int (t, row, c_rank, rs->rank->rank);
          hp_table_set_string (t, row, c_name, rs->series->names->pdata[p[a].name]);
          hp_describe_set_row (t, row, c_first, &d);
        }
    }
  if (hp_table_get_n_rows (t) == 0)
    hp_table_set_note (t, "No memcpy or memset with a bandwidth above 0.");
  return t;
}

/**
 * hp_memory_bw_compute:
 * @trace: a trace
 * @params: the ranks (`ranks`)
 * @tables: (element-type HpTable): where the tables are appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Memory bandwidth (docs/analyses.md §8.2). Appends `memory_bw_time_series`
 * (rank, ts, pid, name, memory_bw_gbps) and `memory_bw_summary` (describe
 * statistics of the points above 0 per (rank, sub-type)). Ranks without
 * memory events contribute no rows.
 *
 * Returns: %TRUE, or %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK or
 *   %G_IO_ERROR_CANCELLED
 */
gboolean
hp_memory_bw_compute (HpTrace                *trace,
                      const HpAnalysisParams *params,
                      GPtrArray              *tables,
                      GCancellable           *cancellable,
                      GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  g_autoptr (GArray) all = NULL;

  g_return_val_if_fail (trace != NULL && tables != NULL, FALSE);

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;
  all = g_array_new (FALSE, TRUE, sizeof (RankSeries));
  g_array_set_clear_func (all, rank_series_clear);
  for (guint i = 0; i < ranks->len; i++)
    {
      RankSeries rs = { ranks->pdata[i], NULL };

      rs.series = hp_memory_bw_series (trace, rs.rank, cancellable, error);
      if (rs.series == NULL)
        return FALSE;
      if (rs.series->points->len == 0)
        {
          hp_memory_bw_series_free (rs.series);
          continue;
        }
      g_array_append_val (all, rs);
    }

  g_ptr_array_add (tables, time_series_table (all));
  g_ptr_array_add (tables, summary_table (all));
  return TRUE;
}

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_memory_bw_analysis = {
  .name = HP_MEMORY_BW_ANALYSIS,
  .title = N_ ("Memory bandwidth"),
  .section = "§8.2",
  .func = hp_memory_bw_compute,
  .in_default_set = TRUE,
  .cost = 1,
  .tables = HP_STRV (HP_MEMORY_BW_SERIES_TABLE, HP_MEMORY_BW_SUMMARY_TABLE),
  .needs = HP_ANALYSIS_NEEDS_GPU | HP_ANALYSIS_NEEDS_MEMCPY,
};
