/* hp-loader-ranks.c — numbers the parsed files as ranks and merges them into one job.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <string.h>

#include "hp-loader-private.h"

static void
report_rank_diagnostics (GListStore         *issues,
                         const HpRank       *r,
                         const HpLoadLimits *limits)
{
  if (r->n_negative_dur > 0)
    _hp_load_issue_add (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
                        "%s: %" G_GUINT64_FORMAT " events have a negative duration", r->path,
                        r->n_negative_dur);
  if (r->n_huge_dur > 0)
    _hp_load_issue_add (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
                        "%s: %" G_GUINT64_FORMAT " events last longer than 7 days", r->path,
                        r->n_huge_dur);
  if (r->n_bad_stream > 0)
    _hp_load_issue_add (issues, r->path, HP_LOAD_ISSUE_INFO, -1,
                        "%s: %" G_GUINT64_FORMAT " stream ids were not valid streams and read as -1",
                        r->path, r->n_bad_stream);
  if (r->n_bad_values > 0)
    _hp_load_issue_add (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
                        "%s: %" G_GUINT64_FORMAT " values had the wrong type or were out of range "
                        "and were ignored",
                        r->path, r->n_bad_values);
  if (r->n_out_of_window > 0)
    _hp_load_issue_add (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
                        "%s: %" G_GUINT64_FORMAT " events start before 1970 or end after 2200; "
                        "they were not loaded",
                        r->path, r->n_out_of_window);
  if (r->n_long_strings > 0)
    _hp_load_issue_add (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
                        "%s: %" G_GUINT64_FORMAT " strings were longer than %" G_GSIZE_FORMAT
                        " bytes and were cut",
                        r->path, r->n_long_strings, limits->max_string_bytes);
  if (r->n_metadata_dropped > 0)
    _hp_load_issue_add (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
                        "%s: the top-level metadata kept (distributedInfo, the profiler's ERROR and WARNING "
                        "lines, ...) ran past %" G_GSIZE_FORMAT " bytes; %" G_GUINT64_FORMAT " values were not kept",
                        r->path, limits->max_metadata_bytes, r->n_metadata_dropped);
  if (r->gzip_trailing_bytes > 0)
    _hp_load_issue_add (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
                        "%s: %" G_GUINT64_FORMAT " bytes after the end of the gzip data were ignored",
                        r->path, r->gzip_trailing_bytes);
  if (r->n_invalid_utf8 > 0)
    _hp_load_issue_add (issues, r->path, HP_LOAD_ISSUE_WARNING, -1,
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
            end = MAX (end, r->ts[i] + MAX (hp_rank_dur (r, i), 0));
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

          _hp_load_issue_add (issues, spans[k].rank->path, HP_LOAD_ISSUE_WARNING, HP_LOAD_ERROR_MIXED_JOBS,
                              "%s: starts %s after %s ends: the files come from different jobs but are "
                              "analysed as one; compare runs with hotpath-cli compare or diff",
                              spans[k].rank->path, apart, spans[k - 1].rank->path);
          return;
        }
      cluster_end = MAX (cluster_end, spans[k].end);
    }
}

/* distributedInfo.world_size, or 0 when the file does not say */
static gint64
world_size_of (const HpRank *r)
{
  JsonObject *root = r->metadata != NULL && JSON_NODE_HOLDS_OBJECT (r->metadata)
                         ? json_node_get_object (r->metadata)
                         : NULL;
  JsonNode   *di = root != NULL ? json_object_get_member (root, "distributedInfo") : NULL;
  JsonNode   *size = di != NULL && JSON_NODE_HOLDS_OBJECT (di)
                         ? json_object_get_member (json_node_get_object (di), "world_size")
                         : NULL;

  if (size == NULL || !JSON_NODE_HOLDS_VALUE (size))
    return 0;
  if (json_node_get_value_type (size) == G_TYPE_INT64)
    return MAX (json_node_get_int (size), 0);
  if (json_node_get_value_type (size) == G_TYPE_DOUBLE && json_node_get_double (size) >= 1 &&
      json_node_get_double (size) < 1e12)
    return (gint64)json_node_get_double (size);
  return 0;
}

/* Files this far apart (and farther than the longest span) are of other
 * runs: no two hosts' clocks of one job disagree by ten minutes. Closer
 * but over a second apart is only warned about (check_one_job()): a skewed
 * clock can do that. */
#define JOBS_APART_NS (G_GINT64_CONSTANT (600) * 1000000000)

typedef struct
{
  guint  slot;
  gint64 start; /* Unix time in ns when baseTimeNanoseconds is known */
  gint64 end;
  gint64 world_size;
  guint  job; /* from 1, by start time */
} FileSpan;

static int
cmp_file_span (gconstpointer a,
               gconstpointer b)
{
  const FileSpan *x = a;
  const FileSpan *y = b;

  if (x->start != y->start)
    return (x->start > y->start) - (x->start < y->start);
  return (x->slot > y->slot) - (x->slot < y->slot);
}

/* "job 2: 1 file, world size 8, from 2023-09-06 18:39:28 UTC: a.json" */
static void
describe_job (GString        *out,
              const FileSlot *slots,
              const FileSpan *spans,
              guint           n,
              guint           job)
{
  const guint max_named = 8;
  guint       n_files = 0, named = 0;
  gint64      start = G_MAXINT64, world_size = 0;

  for (guint k = 0; k < n; k++)
    if (spans[k].job == job)
      {
        n_files++;
        start = MIN (start, spans[k].start);
        world_size = MAX (world_size, spans[k].world_size);
      }
  g_string_append_printf (out, "\n  job %u: %u file%s", job, n_files, n_files == 1 ? "" : "s");
  if (world_size > 0)
    g_string_append_printf (out, ", world size %" G_GINT64_FORMAT, world_size);
  /* a date only for clocks that read as one (after 2001) */
  if (start > G_GINT64_CONSTANT (1000000000) * 1000000000)
    {
      g_autoptr (GDateTime) when = g_date_time_new_from_unix_utc (start / 1000000000);
      g_autofree char *text = when != NULL ? g_date_time_format (when, "%Y-%m-%d %H:%M:%S UTC") : NULL;

      if (text != NULL)
        g_string_append_printf (out, ", from %s", text);
    }
  g_string_append (out, ":");
  for (guint k = 0; k < n; k++)
    if (spans[k].job == job)
      {
        if (named == max_named)
          {
            g_string_append_printf (out, " and %u more", n_files - named);
            break;
          }
        g_string_append_printf (out, "%s %s", named > 0 ? "," : "", slots[spans[k].slot].path);
        named++;
      }
}

/**
 * _hp_loader_pick_job:
 * @job: 0 to refuse files of several jobs, N to keep only the Nth
 *
 * Groups the parsed files into jobs: the ranks of one job run at the same
 * time (files whose measured spans lie apart by more than the longest span
 * and at least ten minutes, or that start more than ten minutes after the
 * first file of their time, are other runs) and agree on
 * distributedInfo.world_size. Several jobs fail the load with
 * %HP_LOAD_ERROR_MIXED_JOBS naming each job's files, unless @job picks one:
 * the other files are then dropped with a note.
 *
 * Returns: %FALSE with @error set when the files are of several jobs and
 *   @job picks none of them
 */
gboolean
_hp_loader_pick_job (FileSlot   *slots,
                     guint       n,
                     guint       job,
                     GListStore *issues,
                     GError    **error)
{
  g_autofree FileSpan *spans = g_new0 (FileSpan, MAX (n, 1));
  g_autofree gint64   *sizes = NULL; /* the world sizes of the current time cluster's jobs */
  g_autoptr (GString) listing = NULL;
  gint64 longest = 0, cluster_start = 0, cluster_end = 0;
  guint  n_spans = 0, n_jobs = 0, cluster_first_job = 0, n_sizes = 0;

  for (guint k = 0; k < n; k++)
    {
      const HpRank *r = slots[k].builder != NULL ? slots[k].builder->rank : NULL;
      gint64        start = G_MAXINT64, end = G_MININT64;
      gint64        base;

      if (r == NULL)
        continue;
      base = r->has_base_time ? r->base_time_ns : 0;
      for (guint i = 0; i < r->n_events; i++)
        if (r->flags[i] & HP_EVENT_MEASURED)
          {
            start = MIN (start, r->ts[i]);
            end = MAX (end, r->ts[i] + MAX (hp_rank_dur (r, i), 0));
          }
      if (start > end)
        continue; /* no analysable event: numbering the ranks says so */
      spans[n_spans].slot = k;
      spans[n_spans].start = start + base;
      spans[n_spans].end = end + base;
      spans[n_spans].world_size = world_size_of (r);
      longest = MAX (longest, end - start);
      n_spans++;
    }
  if (n_spans < 2)
    return TRUE;
  qsort (spans, n_spans, sizeof (FileSpan), cmp_file_span);

  /* apart in time, then of different world sizes within one time */
  sizes = g_new0 (gint64, n_spans);
  for (guint k = 0; k < n_spans; k++)
    {
      guint s;

      /* a job's ranks start within minutes of each other: a file starting
       * ten minutes after the first of its time is of a later run, however
       * long the files before it last */
      if (k == 0 || spans[k].start - cluster_end > MAX (longest, JOBS_APART_NS) ||
          spans[k].start - cluster_start > JOBS_APART_NS)
        {
          cluster_first_job = n_jobs + 1;
          n_sizes = 0;
          cluster_start = spans[k].start;
          cluster_end = spans[k].end;
          spans[k].job = ++n_jobs;
          sizes[n_sizes++] = spans[k].world_size;
          continue;
        }
      cluster_end = MAX (cluster_end, spans[k].end);
      for (s = 0; s < n_sizes; s++)
        if (sizes[s] == spans[k].world_size || spans[k].world_size == 0 || sizes[s] == 0)
          break;
      if (s == n_sizes)
        {
          sizes[n_sizes++] = spans[k].world_size;
          n_jobs++;
        }
      else if (sizes[s] == 0)
        sizes[s] = spans[k].world_size;
      spans[k].job = cluster_first_job + s;
    }
  if (n_jobs < 2 || job == HP_LOAD_JOB_ALL)
    return TRUE;

  listing = g_string_new (NULL);
  for (guint j = 1; j <= n_jobs; j++)
    describe_job (listing, slots, spans, n_spans, j);
  if (job == 0 || job > n_jobs)
    {
      if (job == 0)
        g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_MIXED_JOBS,
                     "the files come from %u different jobs (apart in time or of different world "
                     "sizes) and are not analysed as one; open one job, or compare them:%s",
                     n_jobs, listing->str);
      else
        g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_MIXED_JOBS,
                     "there is no job %u: the files come from %u jobs:%s", job, n_jobs, listing->str);
      return FALSE;
    }
  for (guint k = 0; k < n_spans; k++)
    if (spans[k].job != job)
      {
        FileSlot *slot = &slots[spans[k].slot];

        _hp_load_issue_add (issues, slot->path, HP_LOAD_ISSUE_INFO, HP_LOAD_ERROR_MIXED_JOBS,
                            "%s: of job %u, not loaded (job %u of %u is open)", slot->path, spans[k].job,
                            job, n_jobs);
        g_clear_pointer (&slot->builder, _hp_rank_builder_free);
      }
  return TRUE;
}

/**
 * hp_load_error_get_n_jobs:
 * @error: (nullable): a load's error
 *
 * Returns: the number of jobs an %HP_LOAD_ERROR_MIXED_JOBS error lists
 *   (each can be opened with #HpLoadOptions.job), else 0
 */
guint
hp_load_error_get_n_jobs (const GError *error)
{
  const char *text;
  guint64     n = 0;

  if (!g_error_matches (error, HP_LOAD_ERROR, HP_LOAD_ERROR_MIXED_JOBS))
    return 0;
  /* the two messages of _hp_loader_pick_job(), which writes the count */
  text = strstr (error->message, "come from ");
  if (text == NULL)
    return 0;
  text += strlen ("come from ");
  if (!g_ascii_isdigit (*text))
    return 0;
  n = g_ascii_strtoull (text, NULL, 10);
  return n >= 2 && n <= G_MAXUINT ? (guint)n : 0;
}

/**
 * _hp_loader_number_ranks:
 *
 * Gives each parsed file its rank: distributedInfo.rank, then the file
 * name, then the next free number. A file without analysable events or
 * with a rank already taken is dropped with an issue.
 */
void
_hp_loader_number_ranks (FileSlot   *slots,
                         guint       n,
                         GListStore *issues)
{
  g_autoptr (GHashTable) by_rank = g_hash_table_new (g_direct_hash, g_direct_equal);
  int next_free_rank = 0;

  /* ranks: distributedInfo.rank, then the file name, then free numbers */
  for (int pass = 0; pass < 3; pass++)
    for (guint k = 0; k < n; k++)
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
                  _hp_load_issue_add (issues, b->rank->path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_EMPTY,
                                      "%s: no analysable events (%" G_GUINT64_FORMAT
                                      " start before 1970 or end after 2200)",
                                      b->rank->path, b->rank->n_out_of_window);
                else
                  _hp_load_issue_add (issues, b->rank->path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_EMPTY,
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
            /* a single-GPU run records no distributedInfo: normal, so a note */
            _hp_load_issue_add (issues, b->rank->path, n == 1 ? HP_LOAD_ISSUE_INFO : HP_LOAD_ISSUE_WARNING, -1,
                                "%s: no rank in distributedInfo or in the file name; loaded as rank %d",
                                b->rank->path, rank);
          }
        if (rank < 0)
          continue;
        if (pass == 1)
          _hp_load_issue_add (issues, b->rank->path, HP_LOAD_ISSUE_INFO, -1,
                              "%s: no distributedInfo.rank; rank %d taken from the file name",
                              b->rank->path, rank);
        if (g_hash_table_contains (by_rank, GINT_TO_POINTER (rank)))
          {
            HpRankBuilder *first = g_hash_table_lookup (by_rank, GINT_TO_POINTER (rank));

            _hp_load_issue_add (issues, b->rank->path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_DUPLICATE_RANK,
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
}

/**
 * _hp_loader_merge_ranks:
 * @ranks: (element-type HpRank): receives the ranks, sorted by number
 * @min_ts: receives the first measured start over the job, or G_MAXINT64
 *
 * Moves every rank onto the job's strings, reports what each file had
 * wrong, and lists the files' errors as issues.
 *
 * Returns: %FALSE with @error set when cancelled or when no rank loaded
 */
gboolean
_hp_loader_merge_ranks (FileSlot           *slots,
                        guint               n,
                        HpStrings          *global,
                        const HpLoadLimits *limits,
                        GListStore         *issues,
                        GPtrArray          *ranks,
                        gint64             *min_ts,
                        GCancellable       *cancellable,
                        GError            **error)
{
  for (guint k = 0; k < n; k++)
    {
      HpRankBuilder *b = slots[k].builder;

      if (slots[k].error != NULL)
        {
          _hp_load_issue_add (issues, slots[k].path, HP_LOAD_ISSUE_ERROR,
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
          _hp_loader_free_slots (slots, n);
          return FALSE;
        }
      _hp_rank_adopt_strings (b, global);
      report_rank_diagnostics (issues, b->rank, limits);
      *min_ts = MIN (*min_ts, _hp_rank_min_measured_ts (b->rank));
      g_ptr_array_add (ranks, g_steal_pointer (&b->rank));
      _hp_rank_builder_free (slots[k].builder);
      slots[k].builder = NULL;
    }

  if (ranks->len == 0)
    {
      guint n_issues = g_list_model_get_n_items (G_LIST_MODEL (issues));
      g_autoptr (HpLoadIssue) issue = n_issues > 0 ? g_list_model_get_item (G_LIST_MODEL (issues), 0) : NULL;

      if (n_issues == 1 && issue != NULL)
        g_set_error (error, HP_LOAD_ERROR, hp_load_issue_get_code (issue), "%s",
                     hp_load_issue_get_message (issue));
      else
        {
          g_autoptr (GString) all = g_string_new ("no trace could be loaded:");

          for (guint k = 0; k < n_issues; k++)
            {
              g_autoptr (HpLoadIssue) it = g_list_model_get_item (G_LIST_MODEL (issues), k);

              g_string_append_printf (all, "\n  %s", hp_load_issue_get_message (it));
            }
          g_set_error (error, HP_LOAD_ERROR,
                       issue != NULL ? hp_load_issue_get_code (issue) : HP_LOAD_ERROR_EMPTY, "%s",
                       all->str);
        }
      return FALSE;
    }

  g_ptr_array_sort (ranks, cmp_rank);
  check_one_job (ranks, issues);
  return TRUE;
}
