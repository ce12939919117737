/* hp-view-jobs.c — the results the views show, computed by the one runner.
 *
 * Each view result beyond the registry's analyses is a job here: what it
 * reads, how it is computed in a worker, and the key that says when two
 * requests want the same result. Views ask through hp_view_job_run(),
 * which keys the request by the run, the scope and the job's own input in
 * the process' result cache (hp_result_cache_get_default()): a view never
 * starts a thread, and a result computed for a run in a window serves a
 * comparison of that run too.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "hp-path-overlay.h"
#include "hp-view-jobs.h"

HpRangeStatsInput *
hp_range_stats_input_new (HpTimeSpan      span,
                          const gboolean *ranks,
                          guint           n_ranks)
{
  HpRangeStatsInput *input = g_new0 (HpRangeStatsInput, 1);

  input->span = span;
  input->n_ranks = n_ranks;
  input->ranks = g_new0 (gboolean, MAX (n_ranks, 1));
  if (ranks != NULL)
    memcpy (input->ranks, ranks, sizeof (gboolean) * n_ranks);
  return input;
}

void
hp_range_stats_input_free (gpointer data)
{
  HpRangeStatsInput *input = data;

  g_free (input->ranks);
  g_free (input);
}

char *
hp_range_stats_input_key (const HpRangeStatsInput *input)
{
  GString *key = g_string_new (NULL);

  g_string_append_printf (key, "%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT "|ranks=", input->span.start,
                          input->span.end);
  for (guint k = 0; k < input->n_ranks; k++)
    g_string_append_c (key, input->ranks[k] ? '1' : '0');
  return g_string_free (key, FALSE);
}

static gpointer
range_stats_compute (HpTrace      *trace,
                     gconstpointer data,
                     HpJobContext *context,
                     GCancellable *cancellable,
                     GError      **error)
{
  const HpRangeStatsInput *input = data;

  return hp_range_stats_compute (trace, input->span, input->ranks, cancellable, error);
}

const HpResultJob hp_view_job_range_stats = {
  "range-stats",
  range_stats_compute,
  (GDestroyNotify)hp_range_stats_free,
  FALSE,
};

HpAreaStatsInput *
hp_area_stats_input_new (HpTimeSpan       span,
                         const HpLaneRef *lanes,
                         guint            n_lanes)
{
  HpAreaStatsInput *input = g_new0 (HpAreaStatsInput, 1);

  input->span = span;
  input->lanes = g_memdup2 (lanes, sizeof (HpLaneRef) * n_lanes);
  input->n_lanes = n_lanes;
  return input;
}

void
hp_area_stats_input_free (gpointer data)
{
  HpAreaStatsInput *input = data;

  g_free (input->lanes);
  g_free (input);
}

char *
hp_area_stats_input_key (const HpAreaStatsInput *input)
{
  GString *key = g_string_new (NULL);

  g_string_append_printf (key, "%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT "|lanes=", input->span.start,
                          input->span.end);
  for (guint i = 0; i < input->n_lanes; i++)
    g_string_append_printf (key, "%u.%u,", input->lanes[i].rank_pos, input->lanes[i].lane);
  return g_string_free (key, FALSE);
}

static gpointer
area_stats_compute (HpTrace      *trace,
                    gconstpointer data,
                    HpJobContext *context,
                    GCancellable *cancellable,
                    GError      **error)
{
  const HpAreaStatsInput *input = data;

  return hp_area_stats_compute (trace, input->span, input->lanes, input->n_lanes, cancellable, error);
}

const HpResultJob hp_view_job_area_stats = {
  "area-stats",
  area_stats_compute,
  (GDestroyNotify)hp_table_unref,
  FALSE,
};

static gpointer
extras_compute (HpTrace      *trace,
                gconstpointer data,
                HpJobContext *context,
                GCancellable *cancellable,
                GError      **error)
{
  const HpExtrasInput *input = data;
  HpTimelineExtras    *extras = hp_timeline_extras_compute (trace, input->what, input->idle_delay, cancellable);

  if (extras == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
  return extras;
}

/* the layout takes the extras in: one request's own */
const HpResultJob hp_view_job_timeline_extras = {
  "timeline-extras",
  extras_compute,
  (GDestroyNotify)hp_timeline_extras_free,
  TRUE,
};

/* the operators of a rank that launch sequences of min_len kernels */
static gpointer
candidates_compute (HpTrace      *trace,
                    gconstpointer data,
                    HpJobContext *context,
                    GCancellable *cancellable,
                    GError      **error)
{
  const HpCandidatesInput *input = data;
  const HpRank            *rank = hp_trace_find_rank (trace, input->rank);

  if (rank == NULL)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK, "%s", _ ("The trace has no rank"));
      return NULL;
    }
  return hp_kernel_sequences_operator_candidates (trace, rank, input->min_len, cancellable, error);
}

const HpResultJob hp_view_job_sequence_candidates = {
  "sequence-candidates",
  candidates_compute,
  (GDestroyNotify)g_ptr_array_unref,
  FALSE,
};

/* the critical-path overlay: input an HpAnalysisParams */
static gpointer
critical_path_compute (HpTrace      *trace,
                       gconstpointer data,
                       HpJobContext *context,
                       GCancellable *cancellable,
                       GError      **error)
{
  HpPathOverlay *overlay;

  hp_job_context_set_progress (context, 0.0);
  overlay = hp_path_overlay_compute (trace, data, cancellable, error);
  hp_job_context_set_progress (context, 1.0);
  return overlay;
}

const HpResultJob hp_view_job_critical_path = {
  "critical-path-overlay",
  critical_path_compute,
  (GDestroyNotify)hp_path_overlay_free,
  FALSE,
};

static void
params_free (gpointer data)
{
  hp_analysis_params_clear (data);
  g_free (data);
}

/**
 * hp_view_job_run_critical_path:
 * @run: (nullable): the run the overlay is of
 * @scope: (nullable): the scope @trace is of
 * @trace: the scoped trace (hp_session_get_analysis_trace())
 * @params: the parameters (copied); the overlay reads those the
 *   critical-path analysis reads, and the key holds their values
 *
 * Asks the runner for the critical-path overlay, keyed by (run, scope,
 * ranks, critical_path_rank, critical_path_step); the payload is an
 * #HpPathOverlay.
 */
void
hp_view_job_run_critical_path (HpRun                  *run,
                               HpScope                *scope,
                               HpTrace                *trace,
                               const HpAnalysisParams *params,
                               GCancellable           *cancellable,
                               HpResultProgressFunc    progress,
                               gpointer                progress_data,
                               GAsyncReadyCallback     callback,
                               gpointer                user_data)
{
  HpAnalysisParams *copy = g_new0 (HpAnalysisParams, 1);
  GString          *key = g_string_new (NULL);

  hp_analysis_params_init (copy);
  hp_analysis_params_copy (copy, params);
  /* the ranks analysed say which rank "the first" is */
  {
    g_autofree char *ranks = hp_param_to_string (&hp_analysis_ranks_spec, params);

    g_string_append_printf (key, "ranks=%s", ranks != NULL ? ranks : "");
  }
  {
    g_autoptr (GPtrArray) specs = hp_analysis_get_param_specs (&hp_critical_path_analysis);

    for (guint i = 0; i < specs->len; i++)
      {
        const HpParamSpec *spec = specs->pdata[i];
        g_autofree char   *value = hp_param_to_string (spec, params);

        g_string_append_printf (key, "|%s=%s", spec->name, value != NULL ? value : "");
      }
  }
  hp_view_job_run (&hp_view_job_critical_path, run, scope, key->str, trace, copy, params_free, cancellable, progress,
                   progress_data, callback, user_data);
  g_string_free (key, TRUE);
}

/**
 * hp_view_job_run:
 * @run: (nullable): the run the result is of; without one, the result is
 *   of this request only
 * @scope: (nullable): the scope @trace is of; %NULL for the whole run
 * @key: (nullable): what else the result depends on (parameters, input)
 * @trace: what to compute on
 * @input: (transfer full) (nullable): the job's input
 *
 * Asks the process' cache for @job's result; see
 * hp_result_cache_compute_async().
 */
void
hp_view_job_run (const HpResultJob   *job,
                 HpRun               *run,
                 HpScope             *scope,
                 const char          *key,
                 HpTrace             *trace,
                 gpointer             input,
                 GDestroyNotify       input_free,
                 GCancellable        *cancellable,
                 HpResultProgressFunc progress,
                 gpointer             progress_data,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  g_autofree char *scope_key = scope != NULL && !hp_scope_is_whole (scope) ? hp_scope_to_string (scope) : NULL;
  g_autofree char *full_key = NULL;

  /* without a run, nothing says when two requests want the same result */
  if (run != NULL)
    full_key = g_strdup_printf ("scope=%s|%s", scope_key != NULL ? scope_key : "whole", key != NULL ? key : "");
  hp_result_cache_compute_async (hp_result_cache_get_default (), job, run != NULL ? G_OBJECT (run) : NULL, full_key,
                                 trace, input, input_free, cancellable, progress, progress_data, callback, user_data);
}

/**
 * hp_view_job_finish:
 *
 * Returns: (transfer full): the result, or %NULL with @error set
 */
HpJobResult *
hp_view_job_finish (GAsyncResult *result,
                    GError      **error)
{
  return hp_result_cache_compute_finish (hp_result_cache_get_default (), result, error);
}
