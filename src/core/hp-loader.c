/* hp-loader.c — runs the phases of a load and builds the HpTrace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-loader-private.h"

/**
 * hp_load_paths:
 * @paths: %NULL-terminated list of folders and/or files
 * @options: (nullable): load options; %NULL for the defaults
 * @stats: (out caller-allocates) (optional): timings of the phases
 *
 * Loads a job: every trace file of the folders (non-recursive) and every
 * file named explicitly, in parallel, one file per task. A bad file never
 * fails the job: it is listed in hp_trace_get_issues() and the other ranks
 * load. Nothing on disk is modified.
 *
 * Returns: (transfer full): the trace, or %NULL with @error set in
 *   %HP_LOAD_ERROR when nothing could be loaded, or %G_IO_ERROR_CANCELLED
 */
HpTrace *
hp_load_paths (const char *const   *paths,
               const HpLoadOptions *options,
               GCancellable        *cancellable,
               HpLoadStats         *stats,
               GError             **error)
{
  static const HpLoadOptions defaults = { 0 };
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) ignored = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GListStore) issues = g_list_store_new (HP_TYPE_LOAD_ISSUE);
  g_autoptr (GPtrArray) ranks = g_ptr_array_new_with_free_func ((GDestroyNotify)_hp_rank_free);
  HpStrings           *global;
  g_autofree FileSlot *slots = NULL;
  HpLoadLimits         limits;
  gint64               t0, t1;
  gint64               min_ts = G_MAXINT64;
  HpTrace             *trace;

  g_return_val_if_fail (paths != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options == NULL)
    options = &defaults;
  t0 = g_get_monotonic_time ();

  /* find the files */
  if (!_hp_loader_collect_files (paths, files, ignored, issues, cancellable, error))
    return NULL;

  /* read and parse them, each with its local derive */
  _hp_load_limits_resolve (options->limits, &limits);
  slots = _hp_loader_parse_files (files, options, &limits, cancellable);
  t1 = g_get_monotonic_time ();
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      _hp_loader_free_slots (slots, files->len);
      return NULL;
    }
  /* past the memory limit, the job does not load: a part of it would be
   * taken for the whole */
  for (guint k = 0; k < files->len; k++)
    if (g_error_matches (slots[k].error, HP_LOAD_ERROR, HP_LOAD_ERROR_TOO_LARGE))
      {
        g_propagate_error (error, g_steal_pointer (&slots[k].error));
        _hp_loader_free_slots (slots, files->len);
        return NULL;
      }

  /* one job only: a folder mixing runs would merge into nonsense */
  if (!_hp_loader_pick_job (slots, files->len, options->job, issues, error))
    {
      _hp_loader_free_slots (slots, files->len);
      return NULL;
    }

  /* number and merge the ranks */
  _hp_loader_number_ranks (slots, files->len, issues);
  global = hp_strings_new ();
  if (!_hp_loader_merge_ranks (slots, files->len, global, &limits, issues, ranks, &min_ts,
                               cancellable, error))
    {
      hp_strings_free (global);
      return NULL;
    }

  /* derive what needs the whole job */
  if (min_ts == G_MAXINT64)
    min_ts = 0;
  if (!_hp_loader_derive_job (ranks, global, options, min_ts, issues, cancellable, error))
    {
      hp_strings_free (global);
      return NULL;
    }

  /* the trace owns the ranks from here on */
  g_ptr_array_set_free_func (ranks, NULL);
  trace = _hp_trace_new (options->mode, options->include_last_step, global,
                         g_steal_pointer (&ranks), g_steal_pointer (&issues),
                         g_steal_pointer (&ignored), min_ts);
  _hp_trace_set_comm_patterns (trace, options->comm_patterns);
  if (stats != NULL)
    {
      stats->parse_seconds = (double)(t1 - t0) / G_USEC_PER_SEC;
      stats->derive_seconds = (double)(g_get_monotonic_time () - t1) / G_USEC_PER_SEC;
      stats->file_bytes = 0;
      stats->json_bytes = 0;
      for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
        {
          stats->file_bytes += hp_trace_get_rank (trace, k)->file_bytes;
          stats->json_bytes += hp_trace_get_rank (trace, k)->json_bytes;
        }
    }
  return trace;
}

/**
 * hp_load_path:
 *
 * hp_load_paths() for one folder or file.
 *
 * Returns: (transfer full): the trace, or %NULL with @error set
 */
HpTrace *
hp_load_path (const char          *path,
              const HpLoadOptions *options,
              GCancellable        *cancellable,
              GError             **error)
{
  const char *paths[] = { path, NULL };

  return hp_load_paths (paths, options, cancellable, NULL, error);
}

typedef struct
{
  GStrv         paths;
  HpLoadOptions options;
} AsyncData;

static void
async_data_free (AsyncData *data)
{
  g_strfreev (data->paths);
  g_free (data);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  AsyncData *data = task_data;
  GError    *error = NULL;
  HpTrace   *trace;

  trace = hp_load_paths ((const char *const *)data->paths, &data->options, cancellable, NULL,
                         &error);
  if (trace == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, trace, (GDestroyNotify)hp_trace_unref);
}

/**
 * hp_load_paths_async:
 *
 * Loads in a worker thread; the progress callback of @options is called
 * from loader threads (marshal it to the main context yourself).
 */
void
hp_load_paths_async (const char *const   *paths,
                     const HpLoadOptions *options,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  AsyncData *data = g_new0 (AsyncData, 1);

  g_task_set_source_tag (task, hp_load_paths_async);
  data->paths = g_strdupv ((char **)paths);
  if (options != NULL)
    data->options = *options;
  g_task_set_task_data (task, data, (GDestroyNotify)async_data_free);
  g_task_run_in_thread (task, load_thread);
}

/**
 * hp_load_paths_finish:
 *
 * Returns: (transfer full): the trace, or %NULL with @error set
 */
HpTrace *
hp_load_paths_finish (GAsyncResult *result,
                      GError      **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
