/* hp-communication.c — communication per step and collective: time, exposed time, slowest instances (docs/communication.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-collectives.h"
#include "hp-comm-collective.h"
#include "hp-communication.h"
#include "hp-intervals.h"
#include "hp-linked-events.h"
#include "hp-rank-access.h"
#include "hp-stats.h"

/* one communication kernel */
typedef struct
{
  int     rank;
  int     step;
  guint32 event;
  gint64  ts;
  gint64  dur;
  gint64  exposed; /* not overlapped by any computation kernel of its rank */
  gint64  msg_bytes;
  double  busbw;
  char   *collective; /* the collective, else the kernel's short name */
} Kernel;

static void
kernel_clear (gpointer data)
{
  g_free (((Kernel *)data)->collective);
}

/* how much of [start, end) the merged @busy intervals cover */
static gint64
covered (const HpInterval *busy,
         gsize             n,
         gint64            start,
         gint64            end)
{
  gsize  lo = 0, hi = n;
  gint64 sum = 0;

  /* the first interval that ends after @start */
  while (lo < hi)
    {
      gsize mid = (lo + hi) / 2;

      if (busy[mid].end <= start)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (gsize i = lo; i < n && busy[i].start < end; i++)
    sum += MIN (end, busy[i].end) - MAX (start, busy[i].start);
  return sum;
}

/* The communication kernels of one rank, with their exposed time */
static gboolean
collect_rank (HpTrace      *trace,
              const HpRank *r,
              GArray       *out,
              GCancellable *cancellable,
              GError      **error)
{
  g_autoptr (GArray) busy = g_array_new (FALSE, FALSE, sizeof (HpInterval));
  g_autofree guint8 *seen = g_new0 (guint8, MAX (r->n_events, 1));
  gsize              n_busy;

  for (guint i = 0; i < r->n_rows; i++)
    {
      guint e = r->rows[i];

      if (r->kind[e] == HP_EVENT_KIND_KERNEL && (r->flags[e] & HP_EVENT_MEASURED) &&
          r->kclass[e] == HP_KERNEL_CLASS_COMPUTATION)
        {
          HpInterval iv = { hp_rank_get_event_start (r, e), hp_rank_get_event_end (r, e) };

          g_array_append_val (busy, iv);
        }
    }
  n_busy = hp_intervals_union ((HpInterval *)(void *)busy->data, busy->len);
  for (guint i = 0; i < r->n_rows; i++)
    {
      guint      e = r->rows[i];
      HpCommInfo info;
      Kernel     k;

      if (hp_analysis_check_cancelled (cancellable, i, error))
        return FALSE;
      if (seen[e] || r->kind[e] != HP_EVENT_KIND_KERNEL || !(r->flags[e] & HP_EVENT_MEASURED) ||
          r->kclass[e] != HP_KERNEL_CLASS_COMMUNICATION)
        continue;
      seen[e] = 1;
      hp_comm_describe (trace, r, e, &info);
      k.rank = r->rank;
      k.step = hp_rank_get_event_iteration (r, e);
      k.event = e;
      k.ts = hp_rank_get_event_start (r, e);
      k.dur = hp_rank_get_event_duration (r, e);
      k.exposed = k.dur - covered ((const HpInterval *)(const void *)busy->data, n_busy, k.ts, k.ts + k.dur);
      k.msg_bytes = info.msg_bytes;
      k.busbw = hp_comm_algbw_gbps (info.msg_bytes, k.dur) * hp_comm_bus_factor (info.collective, info.group_size);
      k.collective = info.collective[0] != '\0' ? g_strdup (info.collective)
                                                : hp_shorten_name (hp_trace_get_string (trace, r->name[e]));
      hp_comm_info_clear (&info);
      g_array_append_val (out, k);
    }
  return TRUE;
}

static GArray *
collect (HpTrace      *trace,
         GPtrArray    *ranks,
         GCancellable *cancellable,
         GError      **error)
{
  g_autoptr (GArray) kernels = g_array_new (FALSE, FALSE, sizeof (Kernel));

  g_array_set_clear_func (kernels, kernel_clear);
  for (guint k = 0; k < ranks->len; k++)
    if (!collect_rank (trace, ranks->pdata[k], kernels, cancellable, error))
      return NULL;
  if (kernels->len == 0)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                   "no communication kernel on the selected ranks");
      return NULL;
    }
  return g_steal_pointer (&kernels);
}

/* (rank, step, collective) */
static int
compare_step (gconstpointer a,
              gconstpointer b)
{
  const Kernel *x = a;
  const Kernel *y = b;

  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  if (x->step != y->step)
    return x->step < y->step ? -1 : 1;
  return strcmp (x->collective, y->collective);
}

/* the longest first */
static int
compare_slowest (gconstpointer a,
                 gconstpointer b)
{
  const Kernel *x = a;
  const Kernel *y = b;

  if (x->dur != y->dur)
    return x->dur > y->dur ? -1 : 1;
  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  return (x->ts > y->ts) - (x->ts < y->ts);
}

static HpTable *
by_step (GArray *kernels)
{
  HpTable *table = hp_table_new ("communication_by_step", N_ ("Communication per step by collective"));
  guint    c_rank = hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  guint    c_step = hp_table_add_column (table, "step", HP_COLUMN_INT, NULL);
  guint    c_coll = hp_table_add_column (table, "collective", HP_COLUMN_STRING, NULL);
  guint    c_count = hp_table_add_column (table, "count", HP_COLUMN_INT, NULL);
  guint    c_time = hp_table_add_column (table, "time(us)", HP_COLUMN_DOUBLE, "us");
  guint    c_exposed = hp_table_add_column (table, "exposed_time(us)", HP_COLUMN_DOUBLE, "us");
  guint    c_bytes = hp_table_add_column (table, "msg_bytes", HP_COLUMN_INT, "B");

  g_array_sort (kernels, compare_step);
  for (guint i = 0; i < kernels->len;)
    {
      const Kernel *k = &g_array_index (kernels, Kernel, i);
      gint64        time = 0, exposed = 0, bytes = 0;
      guint         j = i, row;

      for (; j < kernels->len && compare_step (k, &g_array_index (kernels, Kernel, j)) == 0; j++)
        {
          const Kernel *o = &g_array_index (kernels, Kernel, j);

          time += o->dur;
          exposed += o->exposed;
          bytes += MAX (o->msg_bytes, 0);
        }
      row = hp_table_append_row (table);
      hp_table_set_int (table, row, c_rank, k->rank);
      hp_table_set_int (table, row, c_step, k->step);
      hp_table_set_string (table, row, c_coll, k->collective);
      hp_table_set_int (table, row, c_count, j - i);
      hp_table_set_double (table, row, c_time, hp_ns_to_us (time));
      hp_table_set_double (table, row, c_exposed, hp_ns_to_us (exposed));
      hp_table_set_int (table, row, c_bytes, bytes);
      i = j;
    }
  return table;
}

static HpTable *
slowest (GArray  *kernels,
         HpTrace *trace)
{
  HpTable *table = hp_table_new ("communication_slowest", N_ ("Slowest communication kernels"));
  guint    c_rank = hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  guint    c_step = hp_table_add_column (table, "step", HP_COLUMN_INT, NULL);
  guint    c_coll = hp_table_add_column (table, "collective", HP_COLUMN_STRING, NULL);
  guint    c_name = hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  guint    c_start = hp_table_add_column (table, "start(us)", HP_COLUMN_DOUBLE, "us");
  guint    c_dur = hp_table_add_column (table, "dur(us)", HP_COLUMN_DOUBLE, "us");
  guint    c_exposed = hp_table_add_column (table, "exposed_time(us)", HP_COLUMN_DOUBLE, "us");
  guint    c_bytes = hp_table_add_column (table, "msg_bytes", HP_COLUMN_INT, "B");
  guint    c_busbw = hp_table_add_column (table, "busbw(GB/s)", HP_COLUMN_DOUBLE, "GB/s");

  g_array_sort (kernels, compare_slowest);
  for (guint i = 0; i < kernels->len && i < HP_COMM_N_SLOWEST; i++)
    {
      const Kernel *k = &g_array_index (kernels, Kernel, i);
      const HpRank *r = hp_trace_find_rank (trace, k->rank);
      guint         row = hp_table_append_row (table);

      hp_table_set_int (table, row, c_rank, k->rank);
      hp_table_set_int (table, row, c_step, k->step);
      hp_table_set_string (table, row, c_coll, k->collective);
      hp_table_set_string (table, row, c_name, hp_trace_get_string (trace, r->name[k->event]));
      hp_table_set_double (table, row, c_start, hp_ns_to_us (k->ts));
      hp_table_set_double (table, row, c_dur, hp_ns_to_us (k->dur));
      hp_table_set_double (table, row, c_exposed, hp_ns_to_us (k->exposed));
      hp_table_set_int (table, row, c_bytes, k->msg_bytes);
      hp_table_set_double (table, row, c_busbw, k->busbw);
    }
  return table;
}

/**
 * hp_communication_compute:
 * @trace: a loaded trace
 * @params: the rank selection
 * @tables: (element-type HpTable): where `communication_by_step` and
 *   `communication_slowest` are appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The communication kernels of the selected ranks (as the one classifier
 * decided, hp-comm-classify.h), by rank, step and collective: how many,
 * their time, and their exposed time (the part no computation kernel of
 * the rank overlapped, on any stream); and the %HP_COMM_N_SLOWEST longest
 * kernels, each linked to its collective on every rank.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_DATA when
 *   no selected rank has a communication kernel,
 *   %HP_ANALYSIS_ERROR_NO_SUCH_RANK, or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_communication_compute (HpTrace                *trace,
                          const HpAnalysisParams *params,
                          GPtrArray              *tables,
                          GCancellable           *cancellable,
                          GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  g_autoptr (GArray) kernels = NULL;

  g_return_val_if_fail (trace != NULL && tables != NULL, FALSE);

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL || (kernels = collect (trace, ranks, cancellable, error)) == NULL)
    return FALSE;
  g_ptr_array_add (tables, by_step (kernels));
  g_ptr_array_add (tables, slowest (kernels, trace));
  return TRUE;
}

/* (collective) */
static int
compare_collective (gconstpointer a,
                    gconstpointer b)
{
  return strcmp (((const Kernel *)a)->collective, ((const Kernel *)b)->collective);
}

/**
 * hp_comm_summary:
 * @trace: a loaded trace
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * One run's communication by collective, over every rank: what a
 * comparison of runs shows side by side. Columns: `collective`, `count`,
 * `time(us)`, `exposed_time(us)`, `msg_bytes` (their sum, where known),
 * `busbw_p50(GB/s)` (the median of the kernels' bus bandwidth on their own
 * durations, NaN where no kernel's message is known).
 *
 * Returns: (transfer full): the table `communication_summary`, or %NULL
 *   with @error set (%HP_ANALYSIS_ERROR_NO_DATA without communication)
 */
HpTable *
hp_comm_summary (HpTrace      *trace,
                 GCancellable *cancellable,
                 GError      **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  g_autoptr (GArray) kernels = NULL;
  g_autoptr (GArray) bw = g_array_new (FALSE, FALSE, sizeof (double));
  HpAnalysisParams params;
  HpTable         *table;
  guint            c_coll, c_count, c_time, c_exposed, c_bytes, c_bw;

  g_return_val_if_fail (trace != NULL, NULL);

  hp_analysis_params_init (&params);
  ranks = hp_analysis_select_ranks (trace, &params, error);
  hp_analysis_params_clear (&params);
  if (ranks == NULL || (kernels = collect (trace, ranks, cancellable, error)) == NULL)
    return NULL;
  table = hp_table_new ("communication_summary", N_ ("Communication by collective"));
  c_coll = hp_table_add_column (table, "collective", HP_COLUMN_STRING, NULL);
  c_count = hp_table_add_column (table, "count", HP_COLUMN_INT, NULL);
  c_time = hp_table_add_column (table, "time(us)", HP_COLUMN_DOUBLE, "us");
  c_exposed = hp_table_add_column (table, "exposed_time(us)", HP_COLUMN_DOUBLE, "us");
  c_bytes = hp_table_add_column (table, "msg_bytes", HP_COLUMN_INT, "B");
  c_bw = hp_table_add_column (table, "busbw_p50(GB/s)", HP_COLUMN_DOUBLE, "GB/s");
  g_array_sort (kernels, compare_collective);
  for (guint i = 0; i < kernels->len;)
    {
      const Kernel *k = &g_array_index (kernels, Kernel, i);
      gint64        time = 0, exposed = 0, bytes = 0;
      guint         j = i, row;

      g_array_set_size (bw, 0);
      for (; j < kernels->len && compare_collective (k, &g_array_index (kernels, Kernel, j)) == 0; j++)
        {
          const Kernel *o = &g_array_index (kernels, Kernel, j);

          time += o->dur;
          exposed += o->exposed;
          bytes += MAX (o->msg_bytes, 0);
          if (isfinite (o->busbw))
            g_array_append_val (bw, o->busbw);
        }
      row = hp_table_append_row (table);
      hp_table_set_string (table, row, c_coll, k->collective);
      hp_table_set_int (table, row, c_count, j - i);
      hp_table_set_double (table, row, c_time, hp_ns_to_us (time));
      hp_table_set_double (table, row, c_exposed, hp_ns_to_us (exposed));
      hp_table_set_int (table, row, c_bytes, bytes);
      if (bw->len > 0)
        hp_sort_doubles ((double *)(void *)bw->data, bw->len);
      hp_table_set_double (table, row, c_bw,
                           bw->len > 0 ? hp_quantile_sorted ((const double *)(const void *)bw->data, bw->len, 0.5)
                                       : NAN);
      i = j;
    }
  return table;
}

/**
 * hp_linked_events_for_comm_kernel:
 * @trace: a loaded trace
 * @rank: a rank number
 * @event: one of its communication kernels
 *
 * The kernel and the same collective on every other rank that ran it, as
 * `collectives` matches them (hp_linked_events_for_collective()): one
 * linked group whose late arrival the timeline shows. Runs the matching
 * of the whole trace.
 *
 * Returns: (transfer full) (nullable): the events, or %NULL when the trace
 *   has one rank or `collectives` did not match the kernel
 */
HpLinkedEvents *
hp_linked_events_for_comm_kernel (HpTrace *trace,
                                  int      rank,
                                  guint32  event)
{
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  HpAnalysisParams all;
  const HpRank    *r;
  HpLinkedEvents  *linked = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  r = hp_trace_find_rank (trace, rank);
  if (r == NULL || event >= r->n_events || hp_trace_get_n_ranks (trace) < 2)
    return NULL;
  hp_analysis_params_init (&all);
  if (hp_collectives_compute (trace, &all, tables, NULL, NULL))
    {
      HpTable *waits = tables->pdata[1];
      int      w_rank = hp_table_find_column (waits, "rank");
      int      w_start = hp_table_find_column (waits, "start(us)");
      int      w_index = hp_table_find_column (waits, "index");
      double   start = hp_ns_to_us (r->ts[event]);

      for (guint w = 0; w < hp_table_get_n_rows (waits) && linked == NULL; w++)
        if (hp_table_get_int (waits, w, (guint)w_rank) == rank && hp_table_get_double (waits, w, (guint)w_start) == start)
          linked = hp_linked_events_for_collective (trace, waits, hp_table_get_int (waits, w, (guint)w_index), rank);
    }
  hp_analysis_params_clear (&all);
  return linked;
}

typedef struct
{
  HpTrace *trace;
  int      rank;
  guint32  event;
} CommKernelJob;

static void
comm_kernel_job_free (CommKernelJob *job)
{
  hp_trace_unref (job->trace);
  g_free (job);
}

static void
comm_kernel_thread (GTask        *task,
                    gpointer      source,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  CommKernelJob  *job = task_data;
  HpLinkedEvents *linked;

  (void)source;
  if (g_task_return_error_if_cancelled (task))
    return;
  linked = hp_linked_events_for_comm_kernel (job->trace, job->rank, job->event);
  if (linked == NULL)
    g_task_return_new_error (task, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                             "the kernel is not a collective matched across ranks");
  else
    g_task_return_pointer (task, linked, (GDestroyNotify)hp_linked_events_free);
  (void)cancellable;
}

/**
 * hp_linked_events_for_comm_kernel_async:
 * @trace: a loaded trace
 * @rank: a rank number
 * @event: one of its communication kernels
 * @cancellable: (nullable): a #GCancellable
 * @callback: called in the caller's main context when done
 * @user_data: for @callback
 *
 * hp_linked_events_for_comm_kernel() in a worker thread: the matching of
 * the whole trace takes long on a large job, which a view must not wait
 * for.
 */
void
hp_linked_events_for_comm_kernel_async (HpTrace            *trace,
                                        int                 rank,
                                        guint32             event,
                                        GCancellable       *cancellable,
                                        GAsyncReadyCallback callback,
                                        gpointer            user_data)
{
  g_autoptr (GTask) task = NULL;
  CommKernelJob *job;

  g_return_if_fail (trace != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, hp_linked_events_for_comm_kernel_async);
  job = g_new0 (CommKernelJob, 1);
  job->trace = hp_trace_ref (trace);
  job->rank = rank;
  job->event = event;
  g_task_set_task_data (task, job, (GDestroyNotify)comm_kernel_job_free);
  g_task_run_in_thread (task, comm_kernel_thread);
}

/**
 * hp_linked_events_for_comm_kernel_finish:
 * @result: the result handed to the callback
 * @error: return location for a #GError
 *
 * Returns: (transfer full) (nullable): the events; %NULL with
 *   %HP_ANALYSIS_ERROR_NO_DATA when the kernel matched nothing, or
 *   %G_IO_ERROR_CANCELLED
 */
HpLinkedEvents *
hp_linked_events_for_comm_kernel_finish (GAsyncResult *result,
                                         GError      **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * hp_linked_events_for_comm_row:
 * @trace: the trace the table was computed from
 * @table: a `communication_slowest` table
 * @row: one of its rows
 * @params: unused
 *
 * The row's kernel and the same collective on every other rank that ran
 * it, as `collectives` matched them: one linked group whose late arrival
 * the timeline shows. A kernel `collectives` did not match is linked alone.
 *
 * Returns: (transfer full) (nullable): the events, or %NULL
 */
HpLinkedEvents *
hp_linked_events_for_comm_row (HpTrace                *trace,
                               HpTable                *table,
                               guint                   row,
                               const HpAnalysisParams *params)
{
  g_autoptr (HpLinkedEvents) one = NULL;
  HpLinkedEvents *linked;

  g_return_val_if_fail (trace != NULL && table != NULL, NULL);

  one = hp_linked_events_for_collective_row (trace, table, row, params);
  if (one == NULL)
    return NULL;
  linked = hp_linked_events_for_comm_kernel (trace, one->rank, g_array_index (one->events, guint32, 0));
  return linked != NULL ? linked : g_steal_pointer (&one);
}

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_communication_analysis = {
  .name = HP_COMMUNICATION_ANALYSIS,
  .title = N_ ("Communication"),
  .section = "§14",
  .func = hp_communication_compute,
  .cost = 1,
  .tables = HP_STRV (HP_COMMUNICATION_BY_STEP_TABLE, HP_COMMUNICATION_SLOWEST_TABLE),
  .row_events = hp_linked_events_for_comm_row,
  .row_events_tables = 0x2,
};
