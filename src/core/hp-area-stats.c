/* hp-area-stats.c — the events of an area of the timeline (a time range × some lanes), by name.
 *
 * What Perfetto shows for an area selection: per event name, how many
 * events of the chosen lanes share time with the range, their total, mean,
 * shortest and longest time inside it, and the total's share of the range.
 * Every depth of a lane counts, so a call and the calls inside it both
 * appear. Each lane is read with the search the timeline paints with
 * (hp_lane_collect_in_span()), as hp-range-stats.c does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-area-stats.h"
#include "hp-core-private.h"

/* the table's columns, in order */
enum
{
  COL_NAME,
  COL_COUNT,
  COL_TOTAL,
  COL_MEAN,
  COL_MIN,
  COL_MAX,
  COL_SHARE,
};

typedef struct
{
  guint32 name;
  guint   count;
  gint64  total;
  gint64  min;
  gint64  max;
} NameTime;

static int
cmp_name_time (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const NameTime *x = a;
  const NameTime *y = b;
  HpTrace        *trace = user_data;

  if (x->total != y->total)
    return x->total < y->total ? 1 : -1;
  return g_strcmp0 (hp_trace_get_string (trace, x->name), hp_trace_get_string (trace, y->name));
}

static void
add_event (GArray       *names,
           GHashTable   *by_name,
           const HpRank *r,
           guint32       e,
           HpTimeSpan    span)
{
  gint64    t = hp_time_span_duration (hp_time_span_intersect (hp_rank_get_event_span (r, e), span));
  guint     slot = GPOINTER_TO_UINT (g_hash_table_lookup (by_name, GUINT_TO_POINTER (r->name[e])));
  NameTime *n;

  if (slot == 0)
    {
      NameTime fresh = { r->name[e], 0, 0, G_MAXINT64, G_MININT64 };

      g_array_append_val (names, fresh);
      slot = names->len;
      g_hash_table_insert (by_name, GUINT_TO_POINTER (r->name[e]), GUINT_TO_POINTER (slot));
    }
  n = &g_array_index (names, NameTime, slot - 1);
  n->count++;
  n->total += t;
  n->min = MIN (n->min, t);
  n->max = MAX (n->max, t);
}

static HpTable *
new_table (void)
{
  HpTable *table = hp_table_new ("area_selection", "Events in the selected area");

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "count", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "total_dur", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "mean_dur", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "min_dur", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "max_dur", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "share", HP_COLUMN_DOUBLE, "%");
  return table;
}

/**
 * hp_area_stats_compute:
 * @trace: a loaded trace
 * @span: the time range
 * @lanes: (array length=n_lanes): the lanes of the area; a lane listed
 *   twice counts once
 * @n_lanes: how many
 * @cancellable: (nullable): a #GCancellable
 * @error: set when cancelled
 *
 * The events of @lanes, at every depth, that share time with @span (an
 * instant when @span contains it), by name: `count`, then `total_dur`,
 * `mean_dur`, `min_dur` and `max_dur` of their time inside @span in us
 * (an event crossing an edge of the range counts with its part inside),
 * and `share`, the total in percent of the range's length (lanes add up,
 * so several busy lanes pass 100). Rows by total, the most first, ties by
 * name. Reads only the trace: safe on any thread.
 *
 * Returns: (transfer full) (nullable): the `area_selection` table, %NULL
 *   when cancelled
 */
HpTable *
hp_area_stats_compute (HpTrace         *trace,
                       HpTimeSpan       span,
                       const HpLaneRef *lanes,
                       guint            n_lanes,
                       GCancellable    *cancellable,
                       GError         **error)
{
  g_autoptr (HpTable) table = new_table ();
  g_autoptr (GArray) names = g_array_new (FALSE, FALSE, sizeof (NameTime));
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GHashTable) by_name = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr (GHashTable) seen = g_hash_table_new (hp_int64_hash, hp_int64_equal);
  g_autofree gint64 *keys = g_new (gint64, MAX (n_lanes, 1));
  double             length = (double)hp_time_span_duration (span);

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (lanes != NULL || n_lanes == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  {
    g_autofree char *why = _hp_trace_why_no_events (trace, "the events of an area");

    if (why != NULL)
      {
        g_set_error_literal (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, why);
        return NULL;
      }
  }
  if (hp_time_span_is_empty (span))
    return g_steal_pointer (&table);

  for (guint i = 0; i < n_lanes; i++)
    {
      const HpRank *r;
      const HpLane *lane;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (lanes[i].rank_pos >= hp_trace_get_n_ranks (trace))
        continue;
      r = hp_trace_get_rank (trace, lanes[i].rank_pos);
      if (lanes[i].lane >= r->n_lanes)
        continue;
      keys[i] = ((gint64)lanes[i].rank_pos << 32) | lanes[i].lane;
      if (!g_hash_table_add (seen, &keys[i]))
        continue;
      lane = &r->lanes[lanes[i].lane];
      for (guint d = 0; d < lane->max_depth; d++)
        {
          g_array_set_size (events, 0);
          hp_lane_collect_in_span (r, lane, d, span, events);
          for (guint k = 0; k < events->len; k++)
            add_event (names, by_name, r, g_array_index (events, guint32, k), span);
        }
    }

  g_array_sort_with_data (names, cmp_name_time, trace);
  hp_table_append_rows (table, names->len);
  for (guint i = 0; i < names->len; i++)
    {
      const NameTime *n = &g_array_index (names, NameTime, i);

      hp_table_set_string (table, i, COL_NAME, hp_trace_get_string (trace, n->name));
      hp_table_set_int (table, i, COL_COUNT, n->count);
      hp_table_set_double (table, i, COL_TOTAL, (double)n->total / HP_NS_PER_US);
      hp_table_set_double (table, i, COL_MEAN, (double)n->total / n->count / HP_NS_PER_US);
      hp_table_set_double (table, i, COL_MIN, (double)n->min / HP_NS_PER_US);
      hp_table_set_double (table, i, COL_MAX, (double)n->max / HP_NS_PER_US);
      hp_table_set_double (table, i, COL_SHARE, 100.0 * (double)n->total / length);
    }
  return g_steal_pointer (&table);
}

typedef struct
{
  HpTrace   *trace;
  HpTimeSpan span;
  HpLaneRef *lanes;
  guint      n_lanes;
} Job;

static void
job_free (gpointer data)
{
  Job *job = data;

  hp_trace_unref (job->trace);
  g_free (job->lanes);
  g_free (job);
}

static void
compute_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Job     *job = task_data;
  GError  *error = NULL;
  HpTable *table = hp_area_stats_compute (job->trace, job->span, job->lanes, job->n_lanes, cancellable, &error);

  if (table == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, table, (GDestroyNotify)hp_table_unref);
}

/**
 * hp_area_stats_compute_async:
 * @lanes: (array length=n_lanes): copied
 *
 * Runs hp_area_stats_compute() in a worker thread.
 */
void
hp_area_stats_compute_async (HpTrace            *trace,
                             HpTimeSpan          span,
                             const HpLaneRef    *lanes,
                             guint               n_lanes,
                             GCancellable       *cancellable,
                             GAsyncReadyCallback callback,
                             gpointer            user_data)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  g_return_if_fail (trace != NULL);
  g_return_if_fail (lanes != NULL || n_lanes == 0);

  job = g_new0 (Job, 1);
  job->trace = hp_trace_ref (trace);
  job->span = span;
  job->lanes = g_memdup2 (lanes, sizeof (HpLaneRef) * n_lanes);
  job->n_lanes = n_lanes;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, hp_area_stats_compute_async);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, compute_thread);
}

/**
 * hp_area_stats_compute_finish:
 *
 * Returns: (transfer full) (nullable): the table, or %NULL with @error
 *   set (%G_IO_ERROR_CANCELLED when cancelled)
 */
HpTable *
hp_area_stats_compute_finish (GAsyncResult *result,
                              GError      **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
