/* hp-session-analyses.c — the analyses a session asks the results cache for.
 *
 * The session keeps, per analysis asked for, only its state for the
 * current scope and parameters and a reference to its result; the results
 * themselves are the cache's (HpResultCache), keyed by (run, scope,
 * analysis, the values of the parameters it reads). A request the cache
 * has the answer to finishes at once; another starts a worker, or joins
 * the one another session of the run started for the same key.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-core.h"
#include "hp-session-internal.h"
#include "hp-session-private.h"
#include "hp-settings.h"

typedef struct
{
  HpAnalysisState state;
  HpResult       *result; /* when DONE */
  GError         *error;  /* when FAILED */
  GCancellable   *cancellable;
  guint           generation;
  double          fraction; /* when RUNNING: how far, as the job reports it */
} Entry;

typedef struct
{
  GWeakRef session;
  char    *name;
  guint    generation;
} RunData;

/* An analysis of the registry, as a job of the results cache */

typedef struct
{
  const HpAnalysis *analysis;
  HpAnalysisParams  params;
} AnalysisInput;

static void
entry_reset (Entry *entry)
{
  if (entry->cancellable != NULL)
    g_cancellable_cancel (entry->cancellable);
  g_clear_object (&entry->cancellable);
  g_clear_pointer (&entry->result, hp_result_unref);
  g_clear_error (&entry->error);
  entry->state = HP_ANALYSIS_STATE_NONE;
  entry->fraction = 0.0;
  /* a result still on its way belongs to an older generation */
  entry->generation++;
}

static GPtrArray *
entry_tables (Entry *entry)
{
  return entry->result != NULL ? hp_result_get_tables (entry->result) : NULL;
}

void
_hp_session_entry_free (gpointer data)
{
  Entry *entry = data;

  entry_reset (entry);
  g_free (entry);
}

static void
run_data_free (RunData *data)
{
  g_weak_ref_clear (&data->session);
  g_free (data->name);
  g_free (data);
}

/* the other name of the same analysis: its registry name for one of its
 * aliases (HpAnalysis.aliases), its first alias for its registry name */
static const char *
alias_of (const char *name)
{
  guint                    n;
  const HpAnalysis *const *list = hp_analysis_list (&n);

  for (guint i = 0; i < n; i++)
    {
      if (list[i]->aliases == NULL)
        continue;
      if (g_str_equal (list[i]->name, name))
        return list[i]->aliases[0];
      if (g_strv_contains (list[i]->aliases, name))
        return list[i]->name;
    }
  return NULL;
}

static const HpAnalysis *
find_analysis (HpSession  *self,
               const char *name)
{
  const char       *alias = alias_of (name);
  const HpAnalysis *analysis = NULL;

  if (self->overrides != NULL)
    {
      analysis = g_hash_table_lookup (self->overrides, name);
      if (analysis == NULL && alias != NULL)
        analysis = g_hash_table_lookup (self->overrides, alias);
    }
  if (analysis == NULL)
    analysis = hp_analysis_find (name);
  if (analysis == NULL && alias != NULL)
    analysis = hp_analysis_find (alias);
  /* one the views read but the registry does not list */
  if (analysis == NULL)
    analysis = hp_analysis_find_internal (name);
  return analysis;
}

static void
run_cb (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  RunData *data = user_data;
  g_autoptr (HpSession) self = g_weak_ref_get (&data->session);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpJobResult) job_result = hp_result_cache_compute_finish (HP_RESULT_CACHE (source), result, &error);
  g_autoptr (HpResult) computed = job_result != NULL ? hp_result_ref (hp_job_result_get_payload (job_result)) : NULL;
  Entry *entry;

  if (self == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    goto out;
  entry = g_hash_table_lookup (self->entries, data->name);
  if (entry == NULL || entry->generation != data->generation)
    goto out;

  g_clear_object (&entry->cancellable);
  if (computed != NULL)
    {
      entry->state = HP_ANALYSIS_STATE_DONE;
      entry->result = g_steal_pointer (&computed);
    }
  else
    {
      entry->state = HP_ANALYSIS_STATE_FAILED;
      entry->error = g_steal_pointer (&error);
    }
  g_signal_emit (self, hp_session_signals[HP_SESSION_ANALYSIS_FINISHED], 0, data->name, entry_tables (entry), entry->error);
  _hp_session_notify_progress (self);

out:
  run_data_free (data);
}

static void
analysis_input_free (gpointer data)
{
  AnalysisInput *input = data;

  hp_analysis_params_clear (&input->params);
  g_free (input);
}

static gpointer
analysis_compute (HpTrace      *trace,
                  gconstpointer data,
                  HpJobContext *context,
                  GCancellable *cancellable,
                  GError      **error)
{
  const AnalysisInput *input = data;
  HpResult            *result;

  /* the analyses report no finer progress: their start and their end */
  hp_job_context_set_progress (context, 0.0);
  result = hp_analysis_compute (input->analysis, trace, &input->params, cancellable, error);
  hp_job_context_set_progress (context, 1.0);
  return result;
}

/* from the runner, on the main thread, until run_cb */
static void
progress_cb (double   fraction,
             gpointer user_data)
{
  RunData *data = user_data;
  g_autoptr (HpSession) self = g_weak_ref_get (&data->session);
  Entry *entry;

  if (self == NULL)
    return;
  entry = g_hash_table_lookup (self->entries, data->name);
  if (entry == NULL || entry->generation != data->generation || entry->state != HP_ANALYSIS_STATE_RUNNING)
    return;
  entry->fraction = fraction;
  _hp_session_notify_progress (self);
}

/**
 * hp_session_get_progress:
 * @n_running: (out) (optional): how many analyses run
 *
 * How far the analyses the session waits for are: the mean of what their
 * jobs report through the runner.
 *
 * Returns: 0 to 1, or -1 when none runs
 */
double
hp_session_get_progress (HpSession *self,
                         guint     *n_running)
{
  GHashTableIter iter;
  gpointer       value;
  double         sum = 0.0;
  guint          n = 0;

  g_return_val_if_fail (HP_IS_SESSION (self), -1.0);
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Entry *entry = value;

      if (entry->state != HP_ANALYSIS_STATE_RUNNING)
        continue;
      sum += entry->fraction;
      n++;
    }
  if (n_running != NULL)
    *n_running = n;
  return n > 0 ? sum / n : -1.0;
}

static const HpResultJob analysis_job = {
  "analysis",
  analysis_compute,
  (GDestroyNotify)hp_result_unref,
  FALSE,
};

/* The scope, the analysis and the values of the parameters it reads:
 * results made with other values stay in the cache, so going back to them
 * (another rank or step of the critical path, say) takes no time. The
 * analysis is named by its descriptor too, so that a test's stand-in never
 * meets the registry's results. */
static char *
result_key (HpSession              *self,
            const HpAnalysis       *analysis,
            const HpAnalysisParams *params)
{
  GString         *key = g_string_new (NULL);
  g_autofree char *scope = self->scope != NULL ? hp_scope_to_string (self->scope) : NULL;
  g_autofree char *ranks = hp_param_to_string (&hp_analysis_ranks_spec, params);
  g_autoptr (GPtrArray) specs = hp_analysis_get_param_specs (analysis);

  g_string_append_printf (key, "scope=%s|%s@%p|ranks=%s", scope != NULL ? scope : "whole", analysis->name,
                          (gconstpointer)analysis, ranks);
  for (guint i = 0; i < specs->len; i++)
    {
      const HpParamSpec *spec = specs->pdata[i];
      g_autofree char   *value = hp_param_to_string (spec, params);

      g_string_append_printf (key, "|%s=%s", spec->name, value != NULL ? value : "");
    }
  return g_string_free (key, FALSE);
}

void
_hp_session_start_entry (HpSession  *self,
                         const char *name)
{
  const HpAnalysis *analysis = find_analysis (self, name);
  Entry            *entry = g_hash_table_lookup (self->entries, name);
  g_autoptr (HpJobResult) cached = NULL;
  g_autofree char *key = NULL;
  AnalysisInput   *input;
  RunData         *data;

  if (entry == NULL)
    {
      entry = g_new0 (Entry, 1);
      g_hash_table_insert (self->entries, g_strdup (name), entry);
    }
  entry_reset (entry);

  if (analysis == NULL || self->scoped_trace == NULL)
    {
      entry->state = HP_ANALYSIS_STATE_FAILED;
      if (analysis == NULL)
        entry->error = g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                                    _ ("This analysis is not available in this version of Hotpath"));
      else
        entry->error = g_error_copy (self->scope_error);
      g_signal_emit (self, hp_session_signals[HP_SESSION_ANALYSIS_FINISHED], 0, name, NULL, entry->error);
      return;
    }

  key = result_key (self, analysis, &self->params);
  /* made before for this scope and these parameters, here or by another
   * session of the run */
  cached = hp_result_cache_lookup (self->cache, &analysis_job, G_OBJECT (self->run), key);
  if (cached != NULL)
    {
      entry->state = HP_ANALYSIS_STATE_DONE;
      entry->result = hp_result_ref (hp_job_result_get_payload (cached));
      g_signal_emit (self, hp_session_signals[HP_SESSION_ANALYSIS_FINISHED], 0, name, entry_tables (entry), NULL);
      _hp_session_notify_progress (self);
      return;
    }

  /* unique across scopes: a result of a scope left behind never matches */
  entry->generation = ++self->n_runs;
  entry->state = HP_ANALYSIS_STATE_RUNNING;
  entry->cancellable = g_cancellable_new ();
  data = g_new0 (RunData, 1);
  g_weak_ref_init (&data->session, self);
  data->name = g_strdup (name);
  data->generation = entry->generation;
  input = g_new0 (AnalysisInput, 1);
  input->analysis = analysis;
  hp_analysis_params_copy (&input->params, &self->params);
  hp_result_cache_compute_async (self->cache, &analysis_job, G_OBJECT (self->run), key, self->scoped_trace, input,
                                 analysis_input_free, entry->cancellable, progress_cb, data, run_cb, data);
  g_signal_emit (self, hp_session_signals[HP_SESSION_ANALYSIS_STARTED], 0, name);
  _hp_session_notify_progress (self);
}

const HpAnalysisParams *
hp_session_get_params (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), NULL);
  return &self->params;
}

/**
 * hp_session_set_params:
 * @params: the new parameters (copied)
 *
 * Analyses that read a changed parameter lose their results; those that
 * were asked for are computed again in the background.
 */
void
hp_session_set_params (HpSession              *self,
                       const HpAnalysisParams *params)
{
  g_autoptr (GPtrArray) rerun = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter            iter;
  gpointer                  key;
  gboolean                  changed = FALSE;
  HpAnalysisParams          old;
  guint                     n_specs;
  const HpParamSpec *const *specs = hp_param_spec_list (&n_specs);

  g_return_if_fail (HP_IS_SESSION (self));
  g_return_if_fail (params != NULL);

  for (guint i = 0; i < n_specs && !changed; i++)
    changed = !hp_param_equal (specs[i], &self->params, params);
  if (!changed)
    return;

  old = self->params;
  hp_analysis_params_copy (&self->params, params);
  hp_settings_save_params (self->settings, &self->params);

  /* the registry says which parameters each analysis reads; the results
   * of the old values stay in the cache */
  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      const HpAnalysis *analysis = find_analysis (self, key);

      if (analysis == NULL || hp_analysis_params_affect (analysis, &old, &self->params))
        g_ptr_array_add (rerun, g_strdup (key));
    }
  hp_analysis_params_clear (&old);

  g_signal_emit (self, hp_session_signals[HP_SESSION_PARAMS_CHANGED], 0);
  for (guint i = 0; i < rerun->len; i++)
    _hp_session_start_entry (self, rerun->pdata[i]);
}

/**
 * hp_session_has_analysis:
 *
 * Returns: whether this build knows the analysis @name
 */
gboolean
hp_session_has_analysis (HpSession  *self,
                         const char *name)
{
  g_return_val_if_fail (HP_IS_SESSION (self), FALSE);
  return find_analysis (self, name) != NULL;
}

/**
 * hp_session_run_analysis:
 * @name: an analysis of the registry, such as "kernel_breakdown"
 *
 * Makes sure @name gets computed with the current parameters: nothing
 * happens if its results are cached or on their way; otherwise a worker
 * starts and "analysis-finished" follows. An unknown analysis fails at
 * once with %G_IO_ERROR_NOT_SUPPORTED.
 */
void
hp_session_run_analysis (HpSession  *self,
                         const char *name)
{
  Entry *entry;

  g_return_if_fail (HP_IS_SESSION (self));
  g_return_if_fail (name != NULL);

  entry = g_hash_table_lookup (self->entries, name);
  if (entry != NULL && entry->state != HP_ANALYSIS_STATE_NONE)
    return;
  _hp_session_start_entry (self, name);
}

HpAnalysisState
hp_session_get_analysis_state (HpSession  *self,
                               const char *name)
{
  Entry *entry;

  g_return_val_if_fail (HP_IS_SESSION (self), HP_ANALYSIS_STATE_NONE);

  entry = g_hash_table_lookup (self->entries, name);
  return entry != NULL ? entry->state : HP_ANALYSIS_STATE_NONE;
}

/**
 * hp_session_get_result:
 * @name: an analysis
 * @tables: (out) (optional) (transfer none) (nullable): its tables
 * @error: (out) (optional) (transfer none) (nullable): why it failed
 *
 * Returns: %TRUE when @name finished (done or failed) for the current
 *   parameters
 */
gboolean
hp_session_get_result (HpSession     *self,
                       const char    *name,
                       GPtrArray    **tables,
                       const GError **error)
{
  Entry *entry;

  g_return_val_if_fail (HP_IS_SESSION (self), FALSE);

  entry = g_hash_table_lookup (self->entries, name);
  if (tables != NULL)
    *tables = entry != NULL ? entry_tables (entry) : NULL;
  if (error != NULL)
    *error = entry != NULL ? entry->error : NULL;
  return entry != NULL &&
         (entry->state == HP_ANALYSIS_STATE_DONE || entry->state == HP_ANALYSIS_STATE_FAILED);
}

/**
 * hp_session_cancel:
 *
 * Stops every running analysis; they start again when asked for.
 */
void
hp_session_cancel (HpSession *self)
{
  GHashTableIter iter;
  gpointer       value;

  g_return_if_fail (HP_IS_SESSION (self));

  g_hash_table_iter_init (&iter, self->entries);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      Entry *entry = value;

      if (entry->state == HP_ANALYSIS_STATE_RUNNING)
        entry_reset (entry);
    }
}

/**
 * hp_session_cancel_analysis:
 * @name: an analysis
 *
 * Stops @name if it is running; it starts again when asked for.
 */
void
hp_session_cancel_analysis (HpSession  *self,
                            const char *name)
{
  Entry *entry;

  g_return_if_fail (HP_IS_SESSION (self));

  entry = g_hash_table_lookup (self->entries, name);
  if (entry == NULL || entry->state != HP_ANALYSIS_STATE_RUNNING)
    return;
  entry_reset (entry);
  g_signal_emit (self, hp_session_signals[HP_SESSION_ANALYSIS_FINISHED], 0, name, NULL, NULL);
}

/* For tests: runs @analysis instead of the registry's analysis of the same
 * name (or alias) from now on. A result already computed, or being
 * computed, by the registry's one is forgotten, so that the next request
 * runs @analysis: a panel shown first may have asked for it already. */
void
_hp_session_override_analysis (HpSession        *self,
                               const HpAnalysis *analysis)
{
  const char *alias;

  g_return_if_fail (HP_IS_SESSION (self));
  g_return_if_fail (analysis != NULL && analysis->name != NULL);

  if (self->overrides == NULL)
    self->overrides = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_insert (self->overrides, (gpointer)analysis->name, (gpointer)analysis);

  g_hash_table_remove (self->entries, analysis->name);
  alias = alias_of (analysis->name);
  if (alias != NULL)
    g_hash_table_remove (self->entries, alias);
}

/**
 * hp_session_get_cache:
 *
 * Returns: (transfer none): where the session's results are kept
 */
HpResultCache *
hp_session_get_cache (HpSession *self)
{
  g_return_val_if_fail (HP_IS_SESSION (self), NULL);
  return self->cache;
}

/**
 * hp_session_get_analysis_result:
 * @name: an analysis of the registry
 *
 * Returns: (transfer none) (nullable): the result of @name for the current
 *   parameters and scope, once computed: its tables and payload
 */
HpResult *
hp_session_get_analysis_result (HpSession  *self,
                                const char *name)
{
  Entry *entry;

  g_return_val_if_fail (HP_IS_SESSION (self), NULL);
  entry = g_hash_table_lookup (self->entries, name);
  return entry != NULL ? entry->result : NULL;
}
