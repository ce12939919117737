/* hp-result.c — what one analysis run gives: its tables and a payload.
 *
 * An HpResult is the unit the session caches per (run, parameters, scope)
 * and shares between a tab, the timeline's overlays and the linked views:
 * the analysis' tables, the scope and parameters they were computed with,
 * and a typed payload for the views that need more than tables (made by
 * the registry entry's payload hook in the same worker thread). Immutable
 * once made, so any thread may read it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-result.h"

struct _HpResult
{
  gatomicrefcount   ref_count;
  const HpAnalysis *analysis;
  GPtrArray        *tables;
  HpScope          *scope;
  HpAnalysisParams  params;
  gpointer          payload;
  GDestroyNotify    payload_free;
  double            seconds;
};

G_DEFINE_BOXED_TYPE (HpResult, hp_result, hp_result_ref, hp_result_unref)

/**
 * hp_result_new:
 * @tables: (element-type HpTable) (transfer none): the tables
 * @scope: (nullable): the scope they are of, %NULL for the whole trace
 * @params: (nullable): the parameters they were computed with
 *
 * Returns: (transfer full): a result
 */
HpResult *
hp_result_new (const HpAnalysis       *analysis,
               GPtrArray              *tables,
               HpScope                *scope,
               const HpAnalysisParams *params)
{
  HpResult *self = g_new0 (HpResult, 1);

  g_return_val_if_fail (analysis != NULL && tables != NULL, NULL);

  g_atomic_ref_count_init (&self->ref_count);
  self->analysis = analysis;
  self->tables = g_ptr_array_ref (tables);
  self->scope = scope != NULL ? hp_scope_ref (scope) : NULL;
  if (params != NULL)
    hp_analysis_params_copy (&self->params, params);
  else
    hp_analysis_params_init (&self->params);
  return self;
}

HpResult *
hp_result_ref (HpResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
hp_result_unref (HpResult *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  if (self->payload_free != NULL && self->payload != NULL)
    self->payload_free (self->payload);
  g_ptr_array_unref (self->tables);
  g_clear_pointer (&self->scope, hp_scope_unref);
  hp_analysis_params_clear (&self->params);
  g_free (self);
}

const HpAnalysis *
hp_result_get_analysis (HpResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->analysis;
}

/**
 * hp_result_get_tables:
 *
 * Returns: (transfer none) (element-type HpTable): the tables, in the order
 *   of the analysis' table list (some may be left out)
 */
GPtrArray *
hp_result_get_tables (HpResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->tables;
}

/**
 * hp_result_find_table:
 *
 * Returns: (transfer none) (nullable): the table named @table_name
 */
HpTable *
hp_result_find_table (HpResult   *self,
                      const char *table_name)
{
  g_return_val_if_fail (self != NULL, NULL);
  return hp_analysis_result_find_table (self->tables, table_name);
}

/**
 * hp_result_get_scope:
 *
 * Returns: (transfer none) (nullable): the scope, %NULL for the whole trace
 */
HpScope *
hp_result_get_scope (HpResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->scope;
}

const HpAnalysisParams *
hp_result_get_params (HpResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->params;
}

/**
 * hp_result_row_events:
 * @trace: the trace the result was computed on
 * @table: one of the result's tables
 * @row: one of its rows
 *
 * What the row stands for on the timeline: read from the result's payload
 * when the analysis can (the idle gaps it found), else found again by the
 * registry's row hook (hp_analysis_row_events()), with the result's
 * parameters.
 *
 * Returns: (transfer full) (nullable): the row's events
 */
struct _HpLinkedEvents *
hp_result_row_events (HpResult *self,
                      HpTrace  *trace,
                      HpTable  *table,
                      guint     row)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (trace != NULL && table != NULL, NULL);

  if (!hp_analysis_table_has_row_events (table))
    return NULL;
  if (self->analysis->payload_row_events != NULL && self->payload != NULL)
    return self->analysis->payload_row_events (self->payload, trace, table, row, &self->params);
  return hp_analysis_row_events (trace, table, row, &self->params);
}

/**
 * hp_result_get_payload:
 *
 * Returns: (transfer none) (nullable): what the analysis' payload hook made
 *   for the views, of the type its registry entry documents
 */
gpointer
hp_result_get_payload (HpResult *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->payload;
}

void
hp_result_set_payload (HpResult      *self,
                       gpointer       payload,
                       GDestroyNotify payload_free)
{
  g_return_if_fail (self != NULL);

  if (self->payload_free != NULL && self->payload != NULL)
    self->payload_free (self->payload);
  self->payload = payload;
  self->payload_free = payload_free;
}

/**
 * hp_result_get_seconds:
 *
 * Returns: how long the analysis took, wall time
 */
double
hp_result_get_seconds (HpResult *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->seconds;
}

/**
 * hp_analysis_compute:
 * @params: (nullable): the parameters, or %NULL for HTA's defaults
 *
 * Runs @analysis on @trace (whole or scoped) and its payload hook.
 *
 * Returns: (transfer full): the result, or %NULL with @error set
 */
HpResult *
hp_analysis_compute (const HpAnalysis       *analysis,
                     HpTrace                *trace,
                     const HpAnalysisParams *params,
                     GCancellable           *cancellable,
                     GError                **error)
{
  gint64 start = g_get_monotonic_time ();
  g_autoptr (GPtrArray) tables = hp_analysis_run (analysis, trace, params, cancellable, error);
  g_autoptr (HpResult) result = NULL;

  if (tables == NULL)
    return NULL;
  result = hp_result_new (analysis, tables, hp_trace_get_scope (trace), params);
  if (analysis->payload != NULL)
    {
      gpointer payload = analysis->payload (trace, &result->params, tables, cancellable, error);

      if (payload == NULL)
        return NULL;
      hp_result_set_payload (result, payload, analysis->payload_free);
    }
  result->seconds = (double)(g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  return g_steal_pointer (&result);
}

typedef struct
{
  const HpAnalysis *analysis;
  HpTrace          *trace;
  HpAnalysisParams  params;
} ComputeData;

static void
compute_data_free (ComputeData *data)
{
  hp_trace_unref (data->trace);
  hp_analysis_params_clear (&data->params);
  g_free (data);
}

static void
compute_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  ComputeData *data = task_data;
  GError      *error = NULL;
  HpResult    *result = hp_analysis_compute (data->analysis, data->trace, &data->params, cancellable, &error);

  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify)hp_result_unref);
}

/**
 * hp_analysis_compute_async:
 *
 * Runs hp_analysis_compute() in a worker thread on a copy of @params.
 */
void
hp_analysis_compute_async (const HpAnalysis       *analysis,
                           HpTrace                *trace,
                           const HpAnalysisParams *params,
                           GCancellable           *cancellable,
                           GAsyncReadyCallback     callback,
                           gpointer                user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  ComputeData *data = g_new0 (ComputeData, 1);

  g_task_set_source_tag (task, hp_analysis_compute_async);
  data->analysis = analysis;
  data->trace = hp_trace_ref (trace);
  if (params != NULL)
    hp_analysis_params_copy (&data->params, params);
  else
    hp_analysis_params_init (&data->params);
  g_task_set_task_data (task, data, (GDestroyNotify)compute_data_free);
  g_task_run_in_thread (task, compute_thread);
}

/**
 * hp_analysis_compute_finish:
 *
 * Returns: (transfer full): the result, or %NULL with @error set
 */
HpResult *
hp_analysis_compute_finish (GAsyncResult *result,
                            GError      **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
