/* hp-loader.c — finds a job's files, parses them in parallel, builds the HpTrace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "hp-core-private.h"
#include "hp-loader.h"
#include "hp-parallel-private.h"
#include "hp-memory-timeline.h"

typedef struct
{
  char          *path;
  HpRankBuilder *builder;
  GError        *error;
} FileSlot;

typedef struct
{
  HpMode              mode;
  const HpLoadLimits *limits;
  GCancellable       *cancellable;
  HpParseProgress     progress;
  guint64             bytes_done;
  guint64             bytes_total;
  guint               files_done;
  guint               n_files;
  GMutex              lock;
  HpLoadProgressFunc  func;
  gpointer            func_data;
  FileSlot           *slots;
} LoadJob;

/**
 * hp_rank_from_file_name:
 * @basename: a file name such as "rank-3.json.gz" or "worker_12.pt.trace.json"
 *
 * The rank a file name announces: `rank-3`, `rank_3`, `rank3`, `_rank3`,
 * `worker3`, `worker-3` (case-insensitive, the last match wins).
 *
 * Returns: the rank, or -1
 */
int
hp_rank_from_file_name (const char *basename)
{
  static const char *const words[] = { "rank", "worker" };
  g_autofree char         *lower = NULL;
  int                      found = -1;

  g_return_val_if_fail (basename != NULL, -1);

  lower = g_ascii_strdown (basename, -1);
  for (guint w = 0; w < G_N_ELEMENTS (words); w++)
    {
      gsize wl = strlen (words[w]);

      for (const char *p = strstr (lower, words[w]); p != NULL; p = strstr (p + 1, words[w]))
        {
          const char *q = p + wl;
          gint64      v = 0;
          int         digits = 0;

          /* "rank" must not be the tail of a longer word ("frank3") */
          if (p != lower && g_ascii_isalpha (p[-1]))
            continue;
          if (*q == '-' || *q == '_' || *q == '.')
            q++;
          for (; g_ascii_isdigit (*q) && digits < 9; q++, digits++)
            v = v * 10 + (*q - '0');
          if (digits == 0 || g_ascii_isdigit (*q))
            continue;
          found = (int)v;
        }
    }
  return found;
}

static gboolean
is_trace_name (const char *name)
{
  /* a raw memory-timeline export is no trace: its analysis reads it */
  if (hp_memory_timeline_is_export (name))
    return FALSE;
  return g_str_has_suffix (name, ".json") || g_str_has_suffix (name, ".gz");
}

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

static void
free_slots (FileSlot *slots,
            guint     n)
{
  for (guint k = 0; k < n; k++)
    {
      g_clear_pointer (&slots[k].builder, _hp_rank_builder_free);
      g_clear_error (&slots[k].error);
    }
}

static void
parse_worker (guint    index,
              gpointer user_data)
{
  LoadJob  *job = user_data;
  FileSlot *slot = &job->slots[index];

  if (!g_cancellable_is_cancelled (job->cancellable))
    {
      slot->builder = _hp_parse_file (slot->path, job->mode, job->limits, &job->progress, job->cancellable,
                                      &slot->error);
      if (slot->builder != NULL &&
          !_hp_rank_derive_local (slot->builder, job->mode, job->cancellable))
        g_clear_pointer (&slot->builder, _hp_rank_builder_free);
    }
  g_atomic_int_inc (&job->files_done);
  report_progress (job);
}

static void
add_issue (GListStore         *issues,
           const char         *file,
           HpLoadIssueSeverity severity,
           int                 code,
           const char         *format,
           ...) G_GNUC_PRINTF (5, 6);

static void
add_issue (GListStore         *issues,
           const char         *file,
           HpLoadIssueSeverity severity,
           int                 code,
           const char         *format,
           ...)
{
  g_autoptr (HpLoadIssue) issue = NULL;
  g_autofree char *message = NULL;
  va_list          args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  issue = hp_load_issue_new (file, severity, code, message);
  g_list_store_append (issues, issue);
}

static int
cmp_path (gconstpointer a,
          gconstpointer b)
{
  return strcmp (*(char *const *)a, *(char *const *)b);
}

/* Expands folders (non-recursive) into their trace files, sorted by name. */
static gboolean
collect_files (const char *const *paths,
               GPtrArray         *files,
               GPtrArray         *ignored,
               GListStore        *issues,
               GCancellable      *cancellable,
               GError           **error)
{
  guint n_paths = g_strv_length ((char **)paths);

  for (guint k = 0; k < n_paths; k++)
    {
      const char *path = paths[k];
      g_autoptr (GError) local_error = NULL;
      g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
      GDir *dir;

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        {
          if (n_paths == 1)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_FOUND, "%s: no such file or folder",
                           path);
              return FALSE;
            }
          add_issue (issues, path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_NOT_FOUND,
                     "%s: no such file or folder", path);
          continue;
        }
      if (!g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          GStatBuf    st;
          const char *kind = g_stat (path, &st) == 0 ? _hp_file_kind_if_special (&st) : NULL;

          if (kind != NULL)
            {
              if (n_paths == 1)
                {
                  g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE,
                               "%s: not a regular file (a %s); it was not opened", path, kind);
                  return FALSE;
                }
              add_issue (issues, path, HP_LOAD_ISSUE_WARNING, HP_LOAD_ERROR_UNREADABLE,
                         "%s: not a regular file (a %s); skipped without opening it", path, kind);
              continue;
            }
          g_ptr_array_add (files, g_strdup (path));
          continue;
        }

      dir = g_dir_open (path, 0, &local_error);
      if (dir == NULL)
        {
          if (n_paths == 1)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE,
                           "%s: the folder cannot be read: %s", path, local_error->message);
              return FALSE;
            }
          add_issue (issues, path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_UNREADABLE,
                     "%s: the folder cannot be read: %s", path, local_error->message);
          continue;
        }
      for (const char *name = g_dir_read_name (dir); name != NULL; name = g_dir_read_name (dir))
        {
          g_autofree char *full = g_build_filename (path, name, NULL);
          GStatBuf         st;
          const char      *kind;

          if (name[0] == '.')
            continue;
          if (g_file_test (full, G_FILE_TEST_IS_DIR) || !is_trace_name (name))
            {
              g_ptr_array_add (ignored, g_steal_pointer (&full));
              continue;
            }
          kind = g_stat (full, &st) == 0 ? _hp_file_kind_if_special (&st) : NULL;
          if (kind != NULL)
            {
              add_issue (issues, full, HP_LOAD_ISSUE_WARNING, HP_LOAD_ERROR_UNREADABLE,
                         "%s: not a regular file (a %s); skipped without opening it", full, kind);
              continue;
            }
          g_ptr_array_add (found, g_steal_pointer (&full));
        }
      g_dir_close (dir);
      g_ptr_array_sort (found, cmp_path);
      for (guint i = 0; i < found->len; i++)
        g_ptr_array_add (files, g_strdup (found->pdata[i]));
    }
  g_ptr_array_sort (ignored, cmp_path);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (files->len == 0)
    {
      if (issues != NULL && g_list_model_get_n_items (G_LIST_MODEL (issues)) > 0)
        {
          g_autoptr (HpLoadIssue) first = g_list_model_get_item (G_LIST_MODEL (issues), 0);

          g_set_error (error, HP_LOAD_ERROR, hp_load_issue_get_code (first), "%s",
                       hp_load_issue_get_message (first));
        }
      else
        g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY,
                     "%s: no trace files (*.json, *.json.gz) found", n_paths > 0 ? paths[0] : "");
      return FALSE;
    }
  return TRUE;
}

static void
report_rank_diagnostics (GListStore         *issues,
                         const HpRank       *r,
                         const HpLoadLimits *limits)
{
  if (r->n_negative_dur > 0)
    add_issue (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
               "%s: %" G_GUINT64_FORMAT " events have a negative duration", r->path,
               r->n_negative_dur);
  if (r->n_huge_dur > 0)
    add_issue (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
               "%s: %" G_GUINT64_FORMAT " events last longer than 7 days", r->path,
               r->n_huge_dur);
  if (r->n_bad_stream > 0)
    add_issue (issues, r->path, HP_LOAD_ISSUE_INFO, -1,
               "%s: %" G_GUINT64_FORMAT " stream ids were not valid streams and read as -1",
               r->path, r->n_bad_stream);
  if (r->n_bad_values > 0)
    add_issue (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
               "%s: %" G_GUINT64_FORMAT " values had the wrong type or were out of range "
               "and were ignored",
               r->path, r->n_bad_values);
  if (r->n_out_of_window > 0)
    add_issue (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
               "%s: %" G_GUINT64_FORMAT " events start before 1970 or end after 2200; "
               "they were not loaded",
               r->path, r->n_out_of_window);
  if (r->n_long_strings > 0)
    add_issue (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
               "%s: %" G_GUINT64_FORMAT " strings were longer than %" G_GSIZE_FORMAT
               " bytes and were cut",
               r->path, r->n_long_strings, limits->max_string_bytes);
  if (r->gzip_trailing_bytes > 0)
    add_issue (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
               "%s: %" G_GUINT64_FORMAT " bytes after the end of the gzip data were ignored",
               r->path, r->gzip_trailing_bytes);
  if (r->n_invalid_utf8 > 0)
    add_issue (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
               "%s: %" G_GUINT64_FORMAT " strings were not valid UTF-8 and were repaired",
               r->path, r->n_invalid_utf8);
}

static int
cmp_rank (gconstpointer a,
          gconstpointer b)
{
  const HpRank *x = *(HpRank *const *)a;
  const HpRank *y = *(HpRank *const *)b;

  return (x->rank > y->rank) - (x->rank < y->rank);
}

static guint
count_measured (const HpRank *r)
{
  guint n = 0;

  for (guint i = 0; i < r->n_events; i++)
    if (r->flags[i] & HP_EVENT_MEASURED)
      n++;
  return n;
}

typedef struct
{
  const HpRank *rank;
  gint64        start; /* Unix time in ns when baseTimeNanoseconds is known */
  gint64        end;
} RankSpan;

static int
cmp_rank_span (gconstpointer a,
               gconstpointer b)
{
  const RankSpan *x = a;
  const RankSpan *y = b;

  return (x->start > y->start) - (x->start < y->start);
}

/* The ranks of one job run at the same time. Files whose measured spans lie
 * far apart (more than the longest span and at least a second between
 * them) come from different jobs, as when two runs' folders are named on
 * one command line: say so rather than silently merge them. */
static void
check_one_job (GPtrArray  *ranks,
               GListStore *issues)
{
  g_autofree RankSpan *spans = NULL;
  gint64               longest = 0;
  gint64               cluster_end;
  guint                n = 0;

  if (ranks->len < 2)
    return;
  spans = g_new0 (RankSpan, ranks->len);
  for (guint k = 0; k < ranks->len; k++)
    {
      const HpRank *r = ranks->pdata[k];
      gint64        start = G_MAXINT64, end = G_MININT64;
      gint64        base = r->has_base_time ? r->base_time_ns : 0;

      for (guint i = 0; i < r->n_events; i++)
        if (r->flags[i] & HP_EVENT_MEASURED)
          {
            start = MIN (start, r->ts[i]);
            end = MAX (end, r->ts[i] + MAX (r->dur[i], 0));
          }
      if (start > end)
        continue;
      spans[n].rank = r;
      spans[n].start = start + base;
      spans[n].end = end + base;
      longest = MAX (longest, end - start);
      n++;
    }
  if (n < 2)
    return;
  qsort (spans, n, sizeof (RankSpan), cmp_rank_span);
  cluster_end = spans[0].end;
  for (guint k = 1; k < n; k++)
    {
      gint64 gap = spans[k].start - cluster_end;

      if (gap > MAX (longest, G_TIME_SPAN_SECOND * HP_NS_PER_US))
        {
          double           seconds = (double)gap / 1e9;
          g_autofree char *apart = seconds >= 86400  ? g_strdup_printf ("%.1f days", seconds / 86400)
                                   : seconds >= 3600 ? g_strdup_printf ("%.1f hours", seconds / 3600)
                                   : seconds >= 60   ? g_strdup_printf ("%.1f minutes", seconds / 60)
                                                     : g_strdup_printf ("%.1f s", seconds);

          add_issue (issues, spans[k].rank->path, HP_LOAD_ISSUE_WARNING, HP_LOAD_ERROR_MIXED_JOBS,
                     "%s: starts %s after %s ends: the files come from different jobs but are "
                     "analysed as one; compare runs with hotpath-cli compare or diff",
                     spans[k].rank->path, apart, spans[k - 1].rank->path);
          return;
        }
      cluster_end = MAX (cluster_end, spans[k].end);
    }
}

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
  g_autoptr (GHashTable) by_rank = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr (GHashTable) step_names = g_hash_table_new (g_direct_hash, g_direct_equal);
  HpStrings           *global;
  g_autofree FileSlot *slots = NULL;
  LoadJob              job = { 0 };
  HpLoadLimits         limits;
  gint64               t0, t1;
  gint64               min_ts = G_MAXINT64;
  guint                n_threads;
  int                  next_free_rank = 0;
  gboolean             is_mtia;
  HpTrace             *trace;

  g_return_val_if_fail (paths != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options == NULL)
    options = &defaults;
  t0 = g_get_monotonic_time ();

  if (!collect_files (paths, files, ignored, issues, cancellable, error))
    return NULL;

  slots = g_new0 (FileSlot, files->len);
  job.mode = options->mode;
  _hp_load_limits_resolve (options->limits, &limits);
  job.limits = &limits;
  job.cancellable = cancellable;
  job.n_files = files->len;
  job.func = options->progress;
  job.func_data = options->progress_data;
  job.progress.bytes_done = &job.bytes_done;
  job.progress.report = report_progress;
  job.progress.report_data = &job;
  g_mutex_init (&job.lock);
  for (guint k = 0; k < files->len; k++)
    {
      GStatBuf st;

      slots[k].path = files->pdata[k];
      if (g_stat (slots[k].path, &st) == 0)
        job.bytes_total += (guint64)st.st_size;
    }

  n_threads = options->n_threads > 0 ? options->n_threads : g_get_num_processors ();
  n_threads = MAX (1, MIN (n_threads, files->len));
  /* one thread: the files one after the other in this thread */
  job.slots = slots;
  _hp_parallel_for (files->len, n_threads, parse_worker, &job);
  g_mutex_clear (&job.lock);
  t1 = g_get_monotonic_time ();

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      free_slots (slots, files->len);
      return NULL;
    }

  /* ranks: distributedInfo.rank, then the file name, then free numbers */
  for (int pass = 0; pass < 3; pass++)
    for (guint k = 0; k < files->len; k++)
      {
        HpRankBuilder *b = slots[k].builder;
        int            rank;

        if (b == NULL || b->rank->rank >= 0)
          continue;
        if (pass == 0)
          {
            if (count_measured (b->rank) == 0)
              {
                if (b->rank->n_out_of_window > 0)
                  add_issue (issues, b->rank->path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_EMPTY,
                             "%s: no analysable events (%" G_GUINT64_FORMAT
                             " start before 1970 or end after 2200)",
                             b->rank->path, b->rank->n_out_of_window);
                else
                  add_issue (issues, b->rank->path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_EMPTY,
                             "%s: no analysable events (no event has both a duration and a "
                             "category)",
                             b->rank->path);
                g_clear_pointer (&slots[k].builder, _hp_rank_builder_free);
                continue;
              }
            rank = b->rank_from_metadata;
          }
        else if (pass == 1)
          rank = hp_rank_from_file_name (b->rank->basename);
        else
          {
            while (g_hash_table_contains (by_rank, GINT_TO_POINTER (next_free_rank)))
              next_free_rank++;
            rank = next_free_rank;
            add_issue (issues, b->rank->path, HP_LOAD_ISSUE_WARNING, -1,
                       "%s: no rank in distributedInfo or in the file name; loaded as rank %d",
                       b->rank->path, rank);
          }
        if (rank < 0)
          continue;
        if (pass == 1)
          add_issue (issues, b->rank->path, HP_LOAD_ISSUE_INFO, -1,
                     "%s: no distributedInfo.rank; rank %d taken from the file name",
                     b->rank->path, rank);
        if (g_hash_table_contains (by_rank, GINT_TO_POINTER (rank)))
          {
            HpRankBuilder *first = g_hash_table_lookup (by_rank, GINT_TO_POINTER (rank));

            add_issue (issues, b->rank->path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_DUPLICATE_RANK,
                       "%s: rank %d is already loaded from %s; this file was not loaded",
                       b->rank->path, rank, first->rank->path);
            g_clear_pointer (&slots[k].builder, _hp_rank_builder_free);
            continue;
          }
        b->rank->rank = rank;
        b->rank->rank_source = pass == 0   ? HP_RANK_FROM_METADATA
                               : pass == 1 ? HP_RANK_FROM_FILE_NAME
                                           : HP_RANK_FROM_ORDER;
        g_hash_table_insert (by_rank, GINT_TO_POINTER (rank), b);
      }

  global = hp_strings_new ();
  for (guint k = 0; k < files->len; k++)
    {
      HpRankBuilder *b = slots[k].builder;

      if (slots[k].error != NULL)
        {
          add_issue (issues, slots[k].path, HP_LOAD_ISSUE_ERROR,
                     slots[k].error->domain == HP_LOAD_ERROR ? slots[k].error->code
                                                             : HP_LOAD_ERROR_UNREADABLE,
                     "%s", slots[k].error->message);
          g_clear_error (&slots[k].error);
          continue;
        }
      if (b == NULL)
        continue;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          free_slots (slots, files->len);
          hp_strings_free (global);
          return NULL;
        }
      _hp_rank_adopt_strings (b, global);
      report_rank_diagnostics (issues, b->rank, &limits);
      min_ts = MIN (min_ts, _hp_rank_min_measured_ts (b->rank));
      g_ptr_array_add (ranks, g_steal_pointer (&b->rank));
      _hp_rank_builder_free (slots[k].builder);
      slots[k].builder = NULL;
    }

  if (ranks->len == 0)
    {
      guint n = g_list_model_get_n_items (G_LIST_MODEL (issues));
      g_autoptr (HpLoadIssue) issue = n > 0 ? g_list_model_get_item (G_LIST_MODEL (issues), 0) : NULL;

      hp_strings_free (global);
      if (n == 1 && issue != NULL)
        g_set_error (error, HP_LOAD_ERROR, hp_load_issue_get_code (issue), "%s",
                     hp_load_issue_get_message (issue));
      else
        {
          g_autoptr (GString) all = g_string_new ("no trace could be loaded:");

          for (guint k = 0; k < n; k++)
            {
              g_autoptr (HpLoadIssue) it = g_list_model_get_item (G_LIST_MODEL (issues), k);

              g_string_append_printf (all, "\n  %s", hp_load_issue_get_message (it));
            }
          g_set_error (error, HP_LOAD_ERROR,
                       issue != NULL ? hp_load_issue_get_code (issue) : HP_LOAD_ERROR_EMPTY, "%s",
                       all->str);
        }
      return NULL;
    }

  g_ptr_array_sort (ranks, cmp_rank);
  check_one_job (ranks, issues);

  /* align every rank to the job's first event (docs/trace-format.md §10) */
  if (min_ts == G_MAXINT64)
    min_ts = 0;
  for (guint k = 0; k < ranks->len; k++)
    _hp_rank_shift_time (ranks->pdata[k], min_ts);

  /* the last-iteration filter looks at step names over the whole job */
  for (guint k = 0; k < ranks->len; k++)
    {
      HpRank *r = ranks->pdata[k];

      for (guint i = 0; i < r->n_events; i++)
        if ((r->flags[i] & HP_EVENT_STEP) && (r->flags[i] & HP_EVENT_MEASURED) &&
            g_str_has_prefix (hp_strings_get (global, r->name[i]), "ProfilerStep#"))
          g_hash_table_add (step_names, GUINT_TO_POINTER (r->name[i] + 1));
    }
  is_mtia = g_strcmp0 (((HpRank *)ranks->pdata[0])->device_type, "MTIA") == 0;
  for (guint k = 0; k < ranks->len; k++)
    {
      HpRank  *r = ranks->pdata[k];
      gboolean any_step = FALSE;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          hp_strings_free (global);
          return NULL;
        }
      _hp_rank_filter_rows (r, global, options->mode, options->include_last_step,
                            g_hash_table_size (step_names), is_mtia);
      for (guint i = 0; i < r->n_events && !any_step; i++)
        any_step = (r->flags[i] & HP_EVENT_STEP) != 0;
      if (g_hash_table_size (step_names) >= 2 && !any_step)
        add_issue (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
                   options->mode == HP_MODE_HTA_COMPAT
                       ? "%s: rank %d has no ProfilerStep while other ranks do; as in HTA, "
                         "its events were dropped"
                       : "%s: rank %d has no ProfilerStep while other ranks do; it is kept whole",
                   r->path, r->rank);
    }

  /* the trace owns the ranks from here on */
  g_ptr_array_set_free_func (ranks, NULL);
  trace = _hp_trace_new (options->mode, options->include_last_step, global,
                         g_steal_pointer (&ranks), g_steal_pointer (&issues),
                         g_steal_pointer (&ignored), min_ts);
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
