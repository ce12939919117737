/* hp-loader-derive.c — what needs every rank of a job: alignment and the last-step filter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-loader-private.h"
#include "hp-parallel-private.h"

typedef struct
{
  GPtrArray           *ranks;
  HpStrings           *global;
  const HpLoadOptions *options;
  gint64               min_ts;
  guint                n_step_names;
  gboolean             is_mtia;
  GCancellable        *cancellable;
} DeriveJob;

/* one rank's share: its times from the job's start, its rows */
static void
derive_rank (guint    k,
             gpointer user_data)
{
  DeriveJob *job = user_data;
  HpRank    *r = job->ranks->pdata[k];

  if (g_cancellable_is_cancelled (job->cancellable))
    return;
  _hp_rank_shift_time (r, job->min_ts);
  _hp_rank_filter_rows (r, job->global, job->options->mode, job->options->include_last_step,
                        job->n_step_names, job->is_mtia);
}

/* the step names of one rank's measured ProfilerSteps, before its times move */
static void
add_step_names (HpRank     *r,
                HpStrings  *global,
                GHashTable *step_names)
{
  for (guint i = 0; i < r->n_events; i++)
    if ((r->flags[i] & HP_EVENT_STEP) && (r->flags[i] & HP_EVENT_MEASURED) &&
        g_str_has_prefix (hp_strings_get (global, r->name[i]), "ProfilerStep#"))
      g_hash_table_add (step_names, GUINT_TO_POINTER (r->name[i] + 1));
}

/**
 * _hp_loader_derive_job:
 * @ranks: (element-type HpRank): the job's ranks, sorted by number
 * @min_ts: the job's first measured start
 *
 * Aligns every rank to the job's first event (docs/trace-format.md §10) and
 * builds each rank's rows with the last-iteration filter, which looks at
 * the step names of the whole job. Once the step names are known, the
 * ranks are independent: they are done side by side, up to the load's
 * threads at a time (the strings are only read).
 *
 * Returns: %FALSE with @error set when cancelled
 */
gboolean
_hp_loader_derive_job (GPtrArray           *ranks,
                       HpStrings           *global,
                       const HpLoadOptions *options,
                       gint64               min_ts,
                       GListStore          *issues,
                       GCancellable        *cancellable,
                       GError             **error)
{
  g_autoptr (GHashTable) step_names = g_hash_table_new (g_direct_hash, g_direct_equal);
  DeriveJob job = { ranks, global, options, min_ts, 0, FALSE, cancellable };

  /* the last-iteration filter looks at step names over the whole job */
  for (guint k = 0; k < ranks->len; k++)
    add_step_names (ranks->pdata[k], global, step_names);
  job.n_step_names = g_hash_table_size (step_names);
  job.is_mtia = g_strcmp0 (((HpRank *)ranks->pdata[0])->device_type, "MTIA") == 0;
  _hp_parallel_for (ranks->len, options->n_threads, derive_rank, &job);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  for (guint k = 0; k < ranks->len; k++)
    {
      HpRank  *r = ranks->pdata[k];
      gboolean any_step = FALSE;

      for (guint i = 0; i < r->n_events && !any_step; i++)
        any_step = (r->flags[i] & HP_EVENT_STEP) != 0;
      if (job.n_step_names >= 2 && !any_step)
        _hp_load_issue_add (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
                            options->mode == HP_MODE_HTA_COMPAT
                                ? "%s: rank %d has no ProfilerStep while other ranks do; as in HTA, "
                                  "its events were dropped"
                                : "%s: rank %d has no ProfilerStep while other ranks do; it is kept whole",
                            r->path, r->rank);
    }
  return TRUE;
}
