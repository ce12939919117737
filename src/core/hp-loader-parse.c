/* hp-loader-parse.c — reads and parses a job's files in parallel, one file per task.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-loader-private.h"
#include "hp-parallel-private.h"

typedef struct
{
  HpMode                mode;
  const HpCommPatterns *comm_patterns;
  const HpLoadLimits   *limits;
  GCancellable         *cancellable;
  HpParseProgress       progress;
  guint64               bytes_done;
  guint64               memory_estimate;
  guint64               bytes_total;
  guint                 files_done;
  guint                 n_files;
  gboolean              inflate_ahead;
  guint                *order; /* the files to start, largest first */
  GMutex                lock;
  HpLoadProgressFunc    func;
  gpointer              func_data;
  FileSlot             *slots;
} LoadJob;

static void
report_progress (gpointer data)
{
  LoadJob *job = data;

  if (job->func == NULL)
    return;
  g_mutex_lock (&job->lock);
  job->func (MIN (job->bytes_done, job->bytes_total), job->bytes_total, job->files_done,
             job->n_files, job->func_data);
  g_mutex_unlock (&job->lock);
}

void
_hp_loader_free_slots (FileSlot *slots,
                       guint     n)
{
  for (guint k = 0; k < n; k++)
    {
      g_clear_pointer (&slots[k].builder, _hp_rank_builder_free);
      g_clear_error (&slots[k].error);
    }
}

/* the larger file first; equal sizes in the files' order */
static gint
larger_first (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const guint64 *sizes = data;
  guint          i = *(const guint *)a, j = *(const guint *)b;

  if (sizes[i] != sizes[j])
    return sizes[i] > sizes[j] ? -1 : 1;
  return i < j ? -1 : i > j;
}

static void
parse_worker (guint    index,
              gpointer user_data)
{
  LoadJob  *job = user_data;
  FileSlot *slot = &job->slots[job->order != NULL ? job->order[index] : index];

  if (!g_cancellable_is_cancelled (job->cancellable))
    {
      slot->builder = _hp_parse_file (slot->path, job->mode, job->limits, &job->progress,
                                      job->inflate_ahead, job->cancellable, &slot->error);
      if (slot->builder != NULL &&
          !_hp_rank_derive_local (slot->builder, job->mode, job->comm_patterns, job->cancellable))
        g_clear_pointer (&slot->builder, _hp_rank_builder_free);
    }
  g_atomic_int_inc (&job->files_done);
  report_progress (job);
}

/**
 * _hp_loader_parse_files:
 * @files: the paths, one slot each
 * @limits: the resolved limits
 *
 * Parses every file and runs its local derive, in parallel; a file that
 * fails keeps its error in its slot. With two threads or more for each
 * file, each file is scanned (and inflated) on one thread and its events
 * built on another; with fewer, the largest files start first.
 *
 * Returns: (transfer full): one slot per file; free with
 *   _hp_loader_free_slots() and g_free()
 */
FileSlot *
_hp_loader_parse_files (GPtrArray           *files,
                        const HpLoadOptions *options,
                        const HpLoadLimits  *limits,
                        GCancellable        *cancellable)
{
  FileSlot           *slots = g_new0 (FileSlot, files->len);
  g_autofree guint64 *sizes = NULL;
  LoadJob             job = { 0 };
  guint               n_threads;

  job.mode = options->mode;
  job.comm_patterns = options->comm_patterns;
  job.limits = limits;
  job.cancellable = cancellable;
  job.n_files = files->len;
  job.func = options->progress;
  job.func_data = options->progress_data;
  job.progress.bytes_done = &job.bytes_done;
  job.progress.memory_estimate = &job.memory_estimate;
  job.progress.report = report_progress;
  job.progress.report_data = &job;
  g_mutex_init (&job.lock);
  sizes = g_new0 (guint64, files->len);
  for (guint k = 0; k < files->len; k++)
    {
      GStatBuf st;

      slots[k].path = files->pdata[k];
      if (g_stat (slots[k].path, &st) == 0)
        sizes[k] = (guint64)st.st_size;
      job.bytes_total += sizes[k];
    }

  n_threads = options->n_threads > 0 ? options->n_threads : g_get_num_processors ();
  /* two cores for each file: each file is scanned (or, read by yajl,
   * inflated) on a core of its own and built on another; never more
   * threads than cores */
  job.inflate_ahead = files->len * 2 <= n_threads;
  n_threads = MAX (1, MIN (n_threads, files->len));
  /* on several threads, the largest files first: the last file to end is
   * then a small one, and no core waits long for the others at the end */
  if (n_threads > 1 && files->len > n_threads)
    {
      job.order = g_new (guint, files->len);
      for (guint k = 0; k < files->len; k++)
        job.order[k] = k;
      g_qsort_with_data (job.order, (gint)files->len, sizeof (guint), larger_first, sizes);
    }
  /* one thread: the files one after the other in this thread */
  job.slots = slots;
  _hp_parallel_for (files->len, n_threads, parse_worker, &job);
  g_free (job.order);
  return slots;
}
