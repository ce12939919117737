/* hp-analysis.c — parameters, registry and runner shared by every analysis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-analysis.h"
#include "hp-core-private.h"
#include "hp-parallel-private.h"

void
hp_analysis_params_clear (HpAnalysisParams *params)
{
  g_return_if_fail (params != NULL);

  g_clear_pointer (&params->ranks, g_array_unref);
  g_clear_pointer (&params->streams, g_array_unref);
  g_clear_pointer (&params->bag, g_hash_table_unref);
}

void
hp_analysis_params_copy (HpAnalysisParams       *dest,
                         const HpAnalysisParams *src)
{
  g_return_if_fail (dest != NULL && src != NULL);

  *dest = *src;
  if (src->ranks != NULL)
    dest->ranks = g_array_copy (src->ranks);
  if (src->streams != NULL)
    dest->streams = g_array_copy (src->streams);
  dest->bag = _hp_analysis_params_copy_bag (src->bag);
}

/**
 * hp_analysis_select_ranks:
 *
 * The ranks an analysis runs on: those of @params (in ascending order), or
 * every loaded rank.
 *
 * Returns: (transfer container) (element-type HpRank): the ranks, or %NULL
 *   with %HP_ANALYSIS_ERROR_NO_SUCH_RANK
 */
GPtrArray *
hp_analysis_select_ranks (HpTrace                *trace,
                          const HpAnalysisParams *params,
                          GError                **error)
{
  g_autoptr (GPtrArray) out = g_ptr_array_new ();

  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);
      gboolean      wanted = params == NULL || params->ranks == NULL || params->ranks->len == 0;

      for (guint i = 0; !wanted && i < params->ranks->len; i++)
        wanted = g_array_index (params->ranks, int, i) == r->rank;
      if (wanted)
        g_ptr_array_add (out, (gpointer)r);
    }
  if (params != NULL && params->ranks != NULL)
    for (guint i = 0; i < params->ranks->len; i++)
      if (hp_trace_find_rank (trace, g_array_index (params->ranks, int, i)) == NULL)
        {
          g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK,
                       "rank %d is not in the trace", g_array_index (params->ranks, int, i));
          return NULL;
        }
  return g_steal_pointer (&out);
}

/**
 * hp_analysis_check_cancelled:
 * @i: a loop counter; the check runs every 4096 iterations
 */
gboolean
hp_analysis_check_cancelled (GCancellable *cancellable,
                             guint         i,
                             GError      **error)
{
  if ((i & 4095) != 0)
    return FALSE;
  return g_cancellable_set_error_if_cancelled (cancellable, error);
}

/**
 * hp_analysis_result_find_table:
 * @tables: (element-type HpTable): the tables of one analysis run
 *
 * Returns: (transfer none) (nullable): the table named @table_name among
 *   @tables (an analysis may leave out some of its tables)
 */
HpTable *
hp_analysis_result_find_table (GPtrArray  *tables,
                               const char *table_name)
{
  for (guint i = 0; tables != NULL && i < tables->len; i++)
    if (g_strcmp0 (hp_table_get_name (tables->pdata[i]), table_name) == 0)
      return tables->pdata[i];
  return NULL;
}

/**
 * hp_analysis_run:
 *
 * Returns: (transfer full) (element-type HpTable): the analysis' tables, or
 *   %NULL with @error set
 */
GPtrArray *
hp_analysis_run (const HpAnalysis       *analysis,
                 HpTrace                *trace,
                 const HpAnalysisParams *params,
                 GCancellable           *cancellable,
                 GError                **error)
{
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  HpAnalysisParams defaults;

  g_return_val_if_fail (analysis != NULL && trace != NULL, NULL);

  hp_analysis_params_init (&defaults);
  /* a job opened from summaries answers from their tables (hp-summary-job.c) */
  if (_hp_trace_get_summary_hooks (trace) != NULL)
    {
      if (!_hp_trace_get_summary_hooks (trace)->run (trace, analysis, params != NULL ? params : &defaults, tables,
                                                     error))
        return NULL;
      return g_steal_pointer (&tables);
    }
  if (!analysis->func (trace, params != NULL ? params : &defaults, tables, cancellable, error))
    return NULL;
  return g_steal_pointer (&tables);
}

/* hp_analysis_run_many */

typedef struct
{
  const HpAnalysis *const *analyses;
  HpTrace                 *trace;
  const HpAnalysisParams  *params;
  GCancellable            *cancellable; /* cancelled by the caller's or by a failure */
  GPtrArray              **results;
  GError                 **errors;
  double                  *seconds;
  guint                   *order; /* the analyses, costliest first */
} RunMany;

static void
run_many_worker (guint    index,
                 gpointer user_data)
{
  RunMany *run = user_data;
  guint    i = run->order[index];
  gint64   start = g_get_monotonic_time ();

  run->results[i] = hp_analysis_run (run->analyses[i], run->trace, run->params, run->cancellable, &run->errors[i]);
  run->seconds[i] = (double)(g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  /* one failure fails the whole run: stop the others early */
  if (run->results[i] == NULL)
    g_cancellable_cancel (run->cancellable);
}

/* Costlier first, then in the given order */
static int
run_many_compare (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  RunMany *run = user_data;
  guint    i = *(const guint *)a;
  guint    j = *(const guint *)b;

  if (run->analyses[i]->cost != run->analyses[j]->cost)
    return run->analyses[i]->cost > run->analyses[j]->cost ? -1 : 1;
  return (i > j) - (i < j);
}

static void
forward_cancel_cb (GCancellable *cancellable,
                   gpointer      user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));
}

/**
 * hp_analysis_run_many:
 * @analyses: (array length=n_analyses): the analyses to run
 * @n_threads: how many run at once; 0 = one per processor
 * @seconds: (out caller-allocates) (array length=n_analyses) (optional):
 *   each analysis' wall time
 *
 * Runs @analyses on @trace at the same time on up to @n_threads threads,
 * the costliest (HpAnalysis.cost) first, so that on a multi-core machine
 * the set takes about as long as its longest member. The trace is only
 * read. When one fails the others are cancelled and the error of the
 * first failed analysis in @analyses order is returned, its message
 * prefixed with the analysis' name.
 *
 * Returns: (transfer full) (element-type GPtrArray): for each analysis, in
 *   the order of @analyses, its tables; %NULL with @error set on failure
 */
GPtrArray *
hp_analysis_run_many (const HpAnalysis *const *analyses,
                      guint                    n_analyses,
                      HpTrace                 *trace,
                      const HpAnalysisParams  *params,
                      guint                    n_threads,
                      double                  *seconds,
                      GCancellable            *cancellable,
                      GError                 **error)
{
  g_autoptr (GCancellable) local = g_cancellable_new ();
  g_autofree GPtrArray **results = g_new0 (GPtrArray *, MAX (n_analyses, 1));
  g_autofree GError    **errors = g_new0 (GError *, MAX (n_analyses, 1));
  g_autofree double     *times = g_new0 (double, MAX (n_analyses, 1));
  g_autofree guint      *order = g_new0 (guint, MAX (n_analyses, 1));
  RunMany                run = { analyses, trace, params, local, results, errors, times, order };
  GPtrArray             *out = NULL;
  gulong                 handler = 0;
  guint                  failed = n_analyses;

  g_return_val_if_fail (analyses != NULL || n_analyses == 0, NULL);
  g_return_val_if_fail (trace != NULL, NULL);

  if (n_threads == 0)
    n_threads = g_get_num_processors ();
  n_threads = CLAMP (n_threads, 1, MAX (n_analyses, 1));
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (forward_cancel_cb), g_object_ref (local), g_object_unref);

  for (guint i = 0; i < n_analyses; i++)
    order[i] = i;
  g_qsort_with_data (order, (gint)n_analyses, sizeof (guint), run_many_compare, &run);
  /* every thread is joined before it returns: nothing of the run is
   * still alive afterwards */
  _hp_parallel_for (n_analyses, n_threads, run_many_worker, &run);
  g_cancellable_disconnect (cancellable, handler);

  /* the error that caused the others: not a cancellation, unless the
   * caller cancelled */
  for (guint i = 0; i < n_analyses && failed == n_analyses; i++)
    if (errors[i] != NULL && !g_error_matches (errors[i], G_IO_ERROR, G_IO_ERROR_CANCELLED))
      failed = i;
  for (guint i = 0; i < n_analyses && failed == n_analyses; i++)
    if (errors[i] != NULL)
      failed = i;

  if (failed < n_analyses)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&errors[failed]), "%s: ", analyses[failed]->name);
      for (guint i = 0; i < n_analyses; i++)
        g_clear_pointer (&results[i], g_ptr_array_unref);
    }
  else
    {
      out = g_ptr_array_new_full (n_analyses, (GDestroyNotify)g_ptr_array_unref);
      for (guint i = 0; i < n_analyses; i++)
        g_ptr_array_add (out, g_steal_pointer (&results[i]));
    }
  for (guint i = 0; i < n_analyses; i++)
    g_clear_error (&errors[i]);
  if (seconds != NULL)
    memcpy (seconds, times, n_analyses * sizeof *times);
  return out;
}
