/* hp-compare-session.c — N runs compared over one results cache.
 *
 * A comparison holds, per run, the run as the application knows it (the
 * one a window shows, when one does: the key of its results in the cache)
 * and the run as the comparison shows it (its own label and colour). The
 * comparison and the diff of a pair are results of the runner, keyed by
 * the runs and the parameters: the user's, from the settings, as a
 * window's analyses use them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-compare-session.h"

struct _HpCompareSession
{
  GObject          parent_instance;
  HpResultCache   *cache;
  HpAnalysisParams params;
  guint            n_runs;
  HpRun          **runs;  /* [n_runs]: the application's */
  HpRun          **shown; /* [n_runs]: the comparison's label and colour */
};

G_DEFINE_FINAL_TYPE (HpCompareSession, hp_compare_session, G_TYPE_OBJECT)

/* A number for a run that no other run of the process ever gets: part of
 * the keys of results of several runs */
static guint
run_id (HpRun *run)
{
  static GQuark quark;
  static guint  serial;
  guint         id;

  if (quark == 0)
    quark = g_quark_from_static_string ("hp-compare-session-run-id");
  id = GPOINTER_TO_UINT (g_object_get_qdata (G_OBJECT (run), quark));
  if (id == 0)
    {
      id = ++serial;
      g_object_set_qdata (G_OBJECT (run), quark, GUINT_TO_POINTER (id));
    }
  return id;
}

static char *
params_key (const HpAnalysisParams *params)
{
  GString                  *key = g_string_new (NULL);
  guint                     n_specs;
  const HpParamSpec *const *specs = hp_param_spec_list (&n_specs);

  for (guint i = 0; i < n_specs; i++)
    {
      g_autofree char *value = hp_param_to_string (specs[i], params);

      g_string_append_printf (key, "|%s=%s", specs[i]->name, value != NULL ? value : "");
    }
  return g_string_free (key, FALSE);
}

/* ---- the comparison ---- */

typedef struct
{
  GPtrArray       *traces;
  GStrv            labels;
  HpAnalysisParams params;
} CompareInput;

static void
compare_input_free (gpointer data)
{
  CompareInput *input = data;

  g_ptr_array_unref (input->traces);
  g_strfreev (input->labels);
  hp_analysis_params_clear (&input->params);
  g_free (input);
}

static gpointer
compare_compute (HpTrace      *unused,
                 gconstpointer data,
                 HpJobContext *context,
                 GCancellable *cancellable,
                 GError      **error)
{
  const CompareInput *input = data;

  return hp_compare_runs ((HpTrace *const *)input->traces->pdata, (const char *const *)input->labels,
                          input->traces->len, &input->params, cancellable, error);
}

static const HpResultJob compare_job = {
  "compare-runs",
  compare_compute,
  (GDestroyNotify)g_ptr_array_unref,
  FALSE,
};

/* ---- the diff of a pair ---- */

typedef struct
{
  HpTable *compare;
  HpTable *tree;
} DiffPayload;

static void
diff_payload_free (gpointer data)
{
  DiffPayload *payload = data;

  g_clear_pointer (&payload->compare, hp_table_unref);
  g_clear_pointer (&payload->tree, hp_table_unref);
  g_free (payload);
}

typedef struct
{
  HpTrace          *control;
  HpTrace          *test;
  HpTraceDiffParams params;
} DiffInput;

static void
diff_input_free (gpointer data)
{
  DiffInput *input = data;

  hp_trace_unref (input->control);
  hp_trace_unref (input->test);
  hp_trace_diff_params_clear (&input->params);
  g_free (input);
}

static gpointer
diff_compute (HpTrace      *unused,
              gconstpointer data,
              HpJobContext *context,
              GCancellable *cancellable,
              GError      **error)
{
  const DiffInput *input = data;
  DiffPayload     *payload = g_new0 (DiffPayload, 1);
  GError          *local_error = NULL;

  payload->compare = hp_trace_diff_compare (input->control, input->test, &input->params, cancellable, &local_error);
  if (payload->compare != NULL)
    {
      hp_job_context_set_progress (context, 0.5);
      payload->tree = hp_tree_diff_full (input->control, input->test, &input->params, cancellable, &local_error);
    }
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      diff_payload_free (payload);
      return NULL;
    }
  return payload;
}

static const HpResultJob diff_job = {
  "diff-pair",
  diff_compute,
  diff_payload_free,
  FALSE,
};

static GArray *
copy_iterations (GArray *iterations)
{
  return iterations != NULL ? g_array_copy (iterations) : NULL;
}

static void
append_iterations (GString *key,
                   GArray  *iterations)
{
  for (guint i = 0; iterations != NULL && i < iterations->len; i++)
    g_string_append_printf (key, "%d,", g_array_index (iterations, int, i));
}

/* the runner's result, handed to the request made to the session */
static void
job_ready_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr (GTask) task = user_data;
  GError      *error = NULL;
  HpJobResult *done = hp_result_cache_compute_finish (HP_RESULT_CACHE (source), result, &error);

  if (done == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, done, (GDestroyNotify)hp_job_result_unref);
}

/* ---- the object ---- */

static void
hp_compare_session_finalize (GObject *object)
{
  HpCompareSession *self = HP_COMPARE_SESSION (object);

  for (guint i = 0; i < self->n_runs; i++)
    {
      g_clear_object (&self->runs[i]);
      g_clear_object (&self->shown[i]);
    }
  g_free (self->runs);
  g_free (self->shown);
  hp_analysis_params_clear (&self->params);
  g_clear_object (&self->cache);

  G_OBJECT_CLASS (hp_compare_session_parent_class)->finalize (object);
}

static void
hp_compare_session_class_init (HpCompareSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hp_compare_session_finalize;
}

static void
hp_compare_session_init (HpCompareSession *self)
{
  hp_analysis_params_init (&self->params);
}

/**
 * hp_compare_session_new:
 * @n_runs: how many runs
 * @params: (nullable): the analyses' parameters (copied); %NULL for the
 *   defaults
 * @cache: (nullable): where the results are kept; %NULL for the process'
 *
 * Returns: (transfer full): a comparison whose runs are set with
 *   hp_compare_session_set_run()
 */
HpCompareSession *
hp_compare_session_new (guint                   n_runs,
                        const HpAnalysisParams *params,
                        HpResultCache          *cache)
{
  HpCompareSession *self = g_object_new (HP_TYPE_COMPARE_SESSION, NULL);

  self->n_runs = n_runs;
  self->runs = g_new0 (HpRun *, MAX (n_runs, 1));
  self->shown = g_new0 (HpRun *, MAX (n_runs, 1));
  if (params != NULL)
    hp_analysis_params_copy (&self->params, params);
  self->cache = g_object_ref (cache != NULL ? cache : hp_result_cache_get_default ());
  return self;
}

guint
hp_compare_session_get_n_runs (HpCompareSession *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_SESSION (self), 0);
  return self->n_runs;
}

/**
 * hp_compare_session_set_run:
 * @run: the run, as the application knows it: its results are shared
 *   with the windows that show it
 * @shown: (nullable): the same trace under the comparison's label and
 *   colour; %NULL to show @run itself
 */
void
hp_compare_session_set_run (HpCompareSession *self,
                            guint             index,
                            HpRun            *run,
                            HpRun            *shown)
{
  g_return_if_fail (HP_IS_COMPARE_SESSION (self));
  g_return_if_fail (index < self->n_runs);
  g_return_if_fail (HP_IS_RUN (run));
  g_return_if_fail (shown == NULL || hp_run_get_trace (shown) == hp_run_get_trace (run));

  g_set_object (&self->runs[index], run);
  g_set_object (&self->shown[index], (shown != NULL ? shown : run));
}

/**
 * hp_compare_session_get_run:
 *
 * Returns: (transfer none) (nullable): the run @index as the application
 *   knows it; %NULL until set
 */
HpRun *
hp_compare_session_get_run (HpCompareSession *self,
                            guint             index)
{
  g_return_val_if_fail (HP_IS_COMPARE_SESSION (self), NULL);
  return index < self->n_runs ? self->runs[index] : NULL;
}

/**
 * hp_compare_session_get_shown_run:
 *
 * Returns: (transfer none) (nullable): the run @index with the
 *   comparison's label and colour
 */
HpRun *
hp_compare_session_get_shown_run (HpCompareSession *self,
                                  guint             index)
{
  g_return_val_if_fail (HP_IS_COMPARE_SESSION (self), NULL);
  return index < self->n_runs ? self->shown[index] : NULL;
}

const HpAnalysisParams *
hp_compare_session_get_params (HpCompareSession *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_SESSION (self), NULL);
  return &self->params;
}

HpResultCache *
hp_compare_session_get_cache (HpCompareSession *self)
{
  g_return_val_if_fail (HP_IS_COMPARE_SESSION (self), NULL);
  return self->cache;
}

/**
 * hp_compare_session_compare_async:
 *
 * hp_compare_runs() of every run, under the comparison's labels, with the
 * session's parameters, by the runner.
 */
void
hp_compare_session_compare_async (HpCompareSession   *self,
                                  GCancellable       *cancellable,
                                  GAsyncReadyCallback callback,
                                  gpointer            user_data)
{
  g_autoptr (GString) key = g_string_new ("runs=");
  g_autofree char *params = NULL;
  CompareInput    *input;

  g_return_if_fail (HP_IS_COMPARE_SESSION (self));
  g_return_if_fail (self->n_runs > 0);

  input = g_new0 (CompareInput, 1);
  input->traces = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_trace_unref);
  input->labels = g_new0 (char *, self->n_runs + 1);
  for (guint i = 0; i < self->n_runs; i++)
    {
      g_return_if_fail (self->runs[i] != NULL);
      g_ptr_array_add (input->traces, hp_trace_ref (hp_run_get_trace (self->runs[i])));
      input->labels[i] = g_strdup (hp_run_get_label (self->shown[i]));
      g_string_append_printf (key, "%u:%s,", run_id (self->runs[i]), input->labels[i]);
    }
  hp_analysis_params_copy (&input->params, &self->params);
  params = params_key (&self->params);
  g_string_append (key, params);
  hp_result_cache_compute_async (self->cache, &compare_job, G_OBJECT (self->runs[0]), key->str, NULL, input,
                                 compare_input_free, cancellable, NULL, NULL, job_ready_cb,
                                 g_task_new (self, cancellable, callback, user_data));
}

/**
 * hp_compare_session_compare_finish:
 *
 * Returns: (transfer full) (element-type HpTable): the comparison's
 *   tables, shared with other requests (do not change them), or %NULL
 *   with @error set
 */
GPtrArray *
hp_compare_session_compare_finish (HpCompareSession *self,
                                   GAsyncResult     *result,
                                   GError          **error)
{
  g_autoptr (HpJobResult) done = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  done = g_task_propagate_pointer (G_TASK (result), error);
  return done != NULL ? g_ptr_array_ref (hp_job_result_get_payload (done)) : NULL;
}

/**
 * hp_compare_session_diff_async:
 * @params: the pair's ranks, iterations and labels (copied)
 *
 * compare_traces and the tree diff of runs @control and @test, by the
 * runner.
 */
void
hp_compare_session_diff_async (HpCompareSession        *self,
                               guint                    control,
                               guint                    test,
                               const HpTraceDiffParams *params,
                               GCancellable            *cancellable,
                               GAsyncReadyCallback      callback,
                               gpointer                 user_data)
{
  g_autoptr (GString) key = g_string_new (NULL);
  DiffInput *input;

  g_return_if_fail (HP_IS_COMPARE_SESSION (self));
  g_return_if_fail (control < self->n_runs && test < self->n_runs && params != NULL);

  input = g_new0 (DiffInput, 1);
  input->control = hp_trace_ref (hp_run_get_trace (self->runs[control]));
  input->test = hp_trace_ref (hp_run_get_trace (self->runs[test]));
  hp_trace_diff_params_init (&input->params);
  input->params.control_label = g_strdup (params->control_label);
  input->params.test_label = g_strdup (params->test_label);
  input->params.control_rank = params->control_rank;
  input->params.test_rank = params->test_rank;
  input->params.control_iterations = copy_iterations (params->control_iterations);
  input->params.test_iterations = copy_iterations (params->test_iterations);
  input->params.device = params->device;
  input->params.use_short_name = params->use_short_name;

  g_string_append_printf (key, "test=%u|labels=%s/%s|ranks=%d/%d|device=%d|short=%d|control_steps=",
                          run_id (self->runs[test]), params->control_label != NULL ? params->control_label : "",
                          params->test_label != NULL ? params->test_label : "", params->control_rank,
                          params->test_rank, params->device, params->use_short_name);
  append_iterations (key, params->control_iterations);
  g_string_append (key, "|test_steps=");
  append_iterations (key, params->test_iterations);
  hp_result_cache_compute_async (self->cache, &diff_job, G_OBJECT (self->runs[control]), key->str, NULL, input,
                                 diff_input_free, cancellable, NULL, NULL, job_ready_cb,
                                 g_task_new (self, cancellable, callback, user_data));
}

/**
 * hp_compare_session_diff_finish:
 * @compare: (out) (transfer full): compare_traces of the pair
 * @tree: (out) (transfer full): the tree diff of the pair
 *
 * Returns: %TRUE with both tables, or %FALSE with @error set
 */
gboolean
hp_compare_session_diff_finish (HpCompareSession *self,
                                GAsyncResult     *result,
                                HpTable         **compare,
                                HpTable         **tree,
                                GError          **error)
{
  g_autoptr (HpJobResult) done = NULL;
  DiffPayload *payload;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  done = g_task_propagate_pointer (G_TASK (result), error);
  if (done == NULL)
    return FALSE;
  payload = hp_job_result_get_payload (done);
  *compare = payload->compare != NULL ? hp_table_ref (payload->compare) : NULL;
  *tree = payload->tree != NULL ? hp_table_ref (payload->tree) : NULL;
  return TRUE;
}
