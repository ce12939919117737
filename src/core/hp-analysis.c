/* hp-analysis.c — parameters, registry and runner shared by every analysis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-analysis.h"
#include "hp-analysis-registry.h"

G_DEFINE_QUARK (hp_analysis_error, hp_analysis_error)

/**
 * hp_analysis_params_init:
 *
 * Fills @params with HTA's defaults (spec analyses.md).
 */
void
hp_analysis_params_init (HpAnalysisParams *params)
{
  g_return_if_fail (params != NULL);

  *params = (HpAnalysisParams){ 0 };
  params->num_kernels = 10;
  params->duration_ratio = 0.8;
  params->include_memory_kernels = TRUE;
  params->show_idle_interval_stats = TRUE;
  params->consecutive_kernel_delay = 30;
  params->use_gpu_annotation = TRUE;
  params->annotation_num_kernels = 1000;
  params->annotation_duration_ratio = 0.8;
  params->expand_names = TRUE;
  params->shorten_names = TRUE;
  params->runtime_cutoff = 50;
  params->launch_delay_cutoff = 100;
  params->include_memory_events = TRUE;
  params->max_queue_length = 1024;
}

void
hp_analysis_params_clear (HpAnalysisParams *params)
{
  g_return_if_fail (params != NULL);

  g_clear_pointer (&params->ranks, g_array_unref);
  g_clear_pointer (&params->streams, g_array_unref);
  g_clear_pointer (&params->allowlist_patterns, g_strfreev);
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
  dest->allowlist_patterns = g_strdupv (src->allowlist_patterns);
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

const HpAnalysis *
hp_analysis_list (guint *n_analyses)
{
  *n_analyses = hp_analysis_registry_size;
  return hp_analysis_registry;
}

const HpAnalysis *
hp_analysis_find (const char *name)
{
  for (guint i = 0; i < hp_analysis_registry_size; i++)
    if (g_strcmp0 (hp_analysis_registry[i].name, name) == 0)
      return &hp_analysis_registry[i];
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
  if (!analysis->func (trace, params != NULL ? params : &defaults, tables, cancellable, error))
    return NULL;
  return g_steal_pointer (&tables);
}

typedef struct
{
  const HpAnalysis *analysis;
  HpTrace          *trace;
  HpAnalysisParams  params;
} RunData;

static void
run_data_free (RunData *data)
{
  hp_trace_unref (data->trace);
  hp_analysis_params_clear (&data->params);
  g_free (data);
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  RunData   *data = task_data;
  GError    *error = NULL;
  GPtrArray *tables = hp_analysis_run (data->analysis, data->trace, &data->params, cancellable, &error);

  if (tables == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, tables, (GDestroyNotify)g_ptr_array_unref);
}

/**
 * hp_analysis_run_async:
 *
 * Runs @analysis in a worker thread on a copy of @params.
 */
void
hp_analysis_run_async (const HpAnalysis       *analysis,
                       HpTrace                *trace,
                       const HpAnalysisParams *params,
                       GCancellable           *cancellable,
                       GAsyncReadyCallback     callback,
                       gpointer                user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  RunData *data = g_new0 (RunData, 1);

  g_task_set_source_tag (task, hp_analysis_run_async);
  data->analysis = analysis;
  data->trace = hp_trace_ref (trace);
  if (params != NULL)
    hp_analysis_params_copy (&data->params, params);
  else
    hp_analysis_params_init (&data->params);
  g_task_set_task_data (task, data, (GDestroyNotify)run_data_free);
  g_task_run_in_thread (task, run_thread);
}

GPtrArray *
hp_analysis_run_finish (GAsyncResult *result,
                        GError      **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
