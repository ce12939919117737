/* hp-health.c — what a trace lacks or has wrong, and which analyses that touches.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-analysis.h"
#include "hp-classify.h"
#include "hp-collectives-private.h"
#include "hp-collectives.h"
#include "hp-summary-private.h"
#include "hp-comm-classify.h"
#include "hp-core-private.h"
#include "hp-health.h"
#include "hp-health-private.h"
#include "hp-job-info.h"
#include "hp-load-issue.h"
#include "hp-rank.h"

#define DEFAULT_SKEW_US 100000.0

/* What an analysis needs from a rank (HpAnalysis.needs); a finding about a
 * missing need makes it not applicable, one about a damaged need calls for
 * caution. */
enum
{
  NEED_GPU = HP_ANALYSIS_NEEDS_GPU,
  NEED_LAUNCH = HP_ANALYSIS_NEEDS_LAUNCH,
  NEED_COMM = HP_ANALYSIS_NEEDS_COMM,
  NEED_GPU_ANNOTATION = HP_ANALYSIS_NEEDS_GPU_ANNOTATION,
  NEED_MEMCPY = HP_ANALYSIS_NEEDS_MEMCPY,
  NEED_CPU_OPS = HP_ANALYSIS_NEEDS_CPU_OPS,
  NEED_ANNOTATION = HP_ANALYSIS_NEEDS_ANNOTATION,
  NEED_ALL_RANKS = HP_ANALYSIS_NEEDS_ALL_RANKS,
  NEED_MEMORY_EVENTS = HP_ANALYSIS_NEEDS_MEMORY_EVENTS,
  NEED_COUNTERS = HP_ANALYSIS_NEEDS_COUNTERS,
  NEED_ALL = 0xff, /* every analysis */
};

static void
finding_clear (gpointer data)
{
  HpHealthFinding *f = data;

  g_free (f->file);
  g_free (f->message);
  g_free (f->verdicts);
}

static HpHealthFinding *add (HpHealthReport  *self,
                             int              rank,
                             const char      *file,
                             const char      *code,
                             HpHealthSeverity severity,
                             guint64          count,
                             guint            touches,
                             HpHealthVerdict  verdict,
                             const char      *format,
                             ...) G_GNUC_PRINTF (9, 10);

/* Adds a finding that gives @verdict to every analysis whose needs meet
 * @touches (NEED_ALL: every analysis). Returns it, valid until the next one. */
static HpHealthFinding *
add (HpHealthReport  *self,
     int              rank,
     const char      *file,
     const char      *code,
     HpHealthSeverity severity,
     guint64          count,
     guint            touches,
     HpHealthVerdict  verdict,
     const char      *format,
     ...)
{
  HpHealthFinding f = { 0 };
  va_list         args;

  f.rank = rank;
  f.file = g_strdup (file);
  f.code = code;
  f.severity = severity;
  f.count = count;
  va_start (args, format);
  f.message = g_strdup_vprintf (format, args);
  va_end (args);
  f.verdicts = g_new0 (HpHealthVerdict, MAX (self->n_analyses, 1));
  for (guint a = 0; a < self->n_analyses; a++)
    if (touches == NEED_ALL || (touches & self->needs[a]) != 0)
      f.verdicts[a] = verdict;
  g_array_append_val (self->findings, f);
  return &g_array_index (self->findings, HpHealthFinding, self->findings->len - 1);
}

/* Gives @verdict to the analyses whose needs meet @touches. */
static void
also (HpHealthReport  *self,
      HpHealthFinding *f,
      guint            touches,
      HpHealthVerdict  verdict)
{
  for (guint a = 0; a < self->n_analyses; a++)
    if ((touches & self->needs[a]) != 0)
      f->verdicts[a] = MAX (f->verdicts[a], verdict);
}

static gboolean
is_gpu_work (const HpRank *r,
             guint         i)
{
  HpEventKind kind = r->kind[i];

  return (r->flags[i] & HP_EVENT_MEASURED) &&
         (kind == HP_EVENT_KIND_KERNEL || kind == HP_EVENT_KIND_MEMCPY ||
          kind == HP_EVENT_KIND_MEMSET);
}

typedef struct
{
  gint64 pid;
  gint64 stream;
  gint64 ts;
  gint64 end;
} StreamSpan;

static int
cmp_span (gconstpointer a,
          gconstpointer b)
{
  const StreamSpan *x = a;
  const StreamSpan *y = b;

  if (x->pid != y->pid)
    return x->pid < y->pid ? -1 : 1;
  if (x->stream != y->stream)
    return x->stream < y->stream ? -1 : 1;
  if (x->ts != y->ts)
    return x->ts < y->ts ? -1 : 1;
  return (x->end > y->end) - (x->end < y->end);
}

/* GPU work of one stream runs in order: an overlap of more than 1 us (HTA's
 * rounding may make 1 us) means events from two devices or a broken clock. */
static guint64
count_stream_overlaps (const HpRank *r)
{
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (StreamSpan));
  guint64 n = 0;

  for (guint k = 0; k < r->n_rows; k++)
    {
      guint      i = r->rows[k];
      StreamSpan s;

      if (!is_gpu_work (r, i) || hp_rank_stream (r, i) < 0 || hp_rank_dur (r, i) <= 0)
        continue;
      s.pid = hp_rank_pid (r, i);
      s.stream = hp_rank_stream (r, i);
      s.ts = r->ts[i];
      s.end = r->ts[i] + hp_rank_dur (r, i);
      g_array_append_val (spans, s);
    }
  g_array_sort (spans, cmp_span);
  for (guint k = 1; k < spans->len; k++)
    {
      StreamSpan *prev = &g_array_index (spans, StreamSpan, k - 1);
      StreamSpan *cur = &g_array_index (spans, StreamSpan, k);

      if (prev->pid != cur->pid || prev->stream != cur->stream)
        continue;
      if (cur->ts < prev->end - HP_NS_PER_US)
        n++;
      /* carry the furthest end forward */
      if (prev->end > cur->end)
        cur->end = prev->end;
    }
  return n;
}

/* Kineto writes its own log lines into the trace as top-level arrays
 * "WARNING" and "ERROR". */
static void
profiler_messages (HpHealthReport *self,
                   const HpRank   *r)
{
  static const char *const keys[] = { "ERROR", "WARNING" };
  JsonObject              *root;

  if (r->metadata == NULL || !JSON_NODE_HOLDS_OBJECT (r->metadata))
    return;
  root = json_node_get_object (r->metadata);
  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      JsonNode  *node = json_object_get_member (root, keys[k]);
      JsonArray *lines;
      JsonNode  *first;

      if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
        continue;
      lines = json_node_get_array (node);
      if (json_array_get_length (lines) == 0)
        continue;
      first = json_array_get_element (lines, 0);
      add (self, r->rank, r->basename, "profiler-messages", HP_HEALTH_WARNING,
           json_array_get_length (lines), 0, HP_HEALTH_TRUST,
           "the profiler wrote %u %s line%s into the trace; the first: %s",
           json_array_get_length (lines), keys[k], json_array_get_length (lines) == 1 ? "" : "s",
           JSON_NODE_HOLDS_VALUE (first) && json_node_get_value_type (first) == G_TYPE_STRING
               ? json_node_get_string (first)
               : "(not text)");
    }
}

/* which rule found the communication; said when rules HTA lacks found
 * some, since HTA counts that time as computation (docs/communication.md) */
static void
comm_rules (HpHealthReport *self,
            HpTrace        *trace,
            const HpRank   *r)
{
  HpCommRuleTotals t;
  g_autoptr (GString) parts = g_string_new (NULL);
  guint64 n_beyond = 0;
  gint64  comm = 0;

  hp_comm_rule_totals (trace, r, &t);
  for (guint rule = HP_COMM_RULE_LIBRARY; rule < HP_N_COMM_RULES; rule++)
    {
      comm += t.ns[rule];
      if (t.n_kernels[rule] == 0)
        continue;
      if (rule != HP_COMM_RULE_LIBRARY)
        n_beyond += t.n_kernels[rule];
      g_string_append_printf (parts, "%s%s %.1f us (%" G_GUINT64_FORMAT ")", parts->len > 0 ? ", " : "",
                              hp_comm_rule_to_string (rule), hp_ns_to_us (t.ns[rule]), t.n_kernels[rule]);
    }
  if (n_beyond == 0)
    return;
  add (self, r->rank, r->basename, "communication-rules", HP_HEALTH_INFO, n_beyond, 0, HP_HEALTH_TRUST,
       "communication is %.1f%% of kernel time by rule: %s; HTA counts only NCCL-named kernels as "
       "communication, the rest as computation",
       t.kernel_ns > 0 ? 100.0 * (double)comm / (double)t.kernel_ns : 0.0, parts->str);
}

static void
check_rank (HpHealthReport *self,
            HpTrace        *trace,
            const HpRank   *r,
            gboolean        job_has_steps)
{
  guint64  n_gpu = 0, n_kernels = 0, n_unlaunched = 0, n_comm = 0, n_gpu_annotations = 0;
  guint64  n_memcpy = 0, n_cpu_ops = 0, n_cpu_annotations = 0, n_overlaps;
  guint64  n_memory = 0, n_counters = 0;
  guint32  memory_name = hp_trace_lookup_string (trace, "[memory]");
  guint64  n_rejected = r->n_out_of_window + r->n_bad_values;
  guint64  n_clamped = r->n_negative_dur + r->n_huge_dur;
  gboolean any_step = FALSE;
  gboolean compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;

  for (guint i = 0; i < r->n_events && !any_step; i++)
    any_step = (r->flags[i] & HP_EVENT_STEP) != 0;
  /* what the memory and counter analyses read: every event */
  for (guint i = 0; i < r->n_events; i++)
    {
      n_memory += r->kind[i] == HP_EVENT_KIND_INSTANT && r->name[i] == memory_name && memory_name != HP_NO_STRING;
      n_counters += r->kind[i] == HP_EVENT_KIND_PROFILER_RANGE;
    }
  /* what the analyses see: the rows the last-step filter kept */
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint i = r->rows[k];

      if (!(r->flags[i] & HP_EVENT_MEASURED))
        continue;
      if (r->kind[i] == HP_EVENT_KIND_GPU_ANNOTATION)
        n_gpu_annotations++;
      if (r->kind[i] == HP_EVENT_KIND_CPU_OP)
        n_cpu_ops++;
      if (r->kind[i] == HP_EVENT_KIND_USER_ANNOTATION)
        n_cpu_annotations++;
      if (!is_gpu_work (r, i))
        continue;
      n_gpu++;
      if (r->kind[i] != HP_EVENT_KIND_KERNEL)
        n_memcpy++;
      else
        {
          n_kernels++;
          if (r->partner[i] < 0)
            n_unlaunched++;
        }
      if (r->kclass[i] == HP_KERNEL_CLASS_COMMUNICATION)
        n_comm++;
    }

  switch (r->rank_source)
    {
    case HP_RANK_FROM_FILE_NAME:
      add (self, r->rank, r->basename, "rank-from-file-name", HP_HEALTH_INFO, 0, 0,
           HP_HEALTH_TRUST, "no distributedInfo.rank: rank %d was read from the file name",
           r->rank);
      break;
    case HP_RANK_FROM_ORDER:
      if (hp_trace_get_n_ranks (trace) == 1)
        add (self, r->rank, r->basename, "rank-from-order", HP_HEALTH_INFO, 0, 0, HP_HEALTH_TRUST,
             "no rank in distributedInfo or in the file name: loaded as rank %d", r->rank);
      else
        add (self, r->rank, r->basename, "rank-from-order", HP_HEALTH_WARNING, 0, NEED_ALL,
             HP_HEALTH_CAUTION,
             "no rank in distributedInfo or in the file name: rank %d is a guess from the order "
             "of the file names, and every table labels this file's numbers with it",
             r->rank);
      break;
    case HP_RANK_FROM_METADATA:
    default:
      break;
    }

  if (!any_step && job_has_steps && compat && r->n_rows == 0)
    add (self, r->rank, r->basename, "no-profiler-step", HP_HEALTH_ERROR, 0, NEED_ALL,
         HP_HEALTH_NOT_APPLICABLE,
         "no ProfilerStep while other ranks have them: as in HTA, the rank's events were "
         "dropped");
  else if (!any_step)
    add (self, r->rank, r->basename, "no-profiler-step", HP_HEALTH_WARNING, 0, NEED_ALL,
         HP_HEALTH_CAUTION,
         "no ProfilerStep: there are no iterations, the last-step filter is off and the "
         "numbers cover the whole trace, warm-up and any incomplete last step included");

  if (n_gpu == 0)
    add (self, r->rank, r->basename, "no-gpu-events", HP_HEALTH_INFO, 0, NEED_GPU,
         HP_HEALTH_NOT_APPLICABLE,
         "no kernel, memcpy or memset: the GPU analyses have nothing to measure");
  else
    {
      if (n_kernels > 0 && n_unlaunched == n_kernels)
        add (self, r->rank, r->basename, "no-launch-links", HP_HEALTH_ERROR, n_unlaunched,
             NEED_LAUNCH, HP_HEALTH_NOT_APPLICABLE,
             "none of the %" G_GUINT64_FORMAT " kernels has a CPU launch with the same "
             "correlation id: launch statistics, launch delays and queue lengths are empty",
             n_kernels);
      else if (n_unlaunched > 0)
        add (self, r->rank, r->basename, "kernels-without-launch", HP_HEALTH_WARNING,
             n_unlaunched, NEED_LAUNCH, HP_HEALTH_CAUTION,
             "%" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT " kernels have no CPU launch "
             "(launched before the trace started, or the correlation is missing): launch "
             "statistics and delays see fewer links",
             n_unlaunched, n_kernels);
      if (n_comm == 0)
        add (self, r->rank, r->basename, "no-communication", HP_HEALTH_INFO, 0, NEED_COMM,
             HP_HEALTH_NOT_APPLICABLE,
             "no communication kernel: communication/computation overlap has nothing to "
             "compare");
      else if (!compat)
        comm_rules (self, trace, r);
      if (n_gpu_annotations == 0)
        {
          HpHealthFinding *f =
              add (self, r->rank, r->basename, "no-gpu-annotations", HP_HEALTH_INFO, 0,
                   NEED_GPU_ANNOTATION, HP_HEALTH_NOT_APPLICABLE,
                   n_cpu_annotations > 0
                       ? "no gpu_user_annotation event: kernels have no annotation, and the "
                         "user annotation breakdown shows the CPU-side user_annotation ranges"
                       : "no gpu_user_annotation or user_annotation event: the user "
                         "annotation analyses are empty");

          also (self, f, NEED_ANNOTATION,
                n_cpu_annotations > 0 ? HP_HEALTH_CAUTION : HP_HEALTH_NOT_APPLICABLE);
        }
      if (n_memcpy == 0)
        add (self, r->rank, r->basename, "no-memcpy", HP_HEALTH_INFO, 0, NEED_MEMCPY,
             HP_HEALTH_NOT_APPLICABLE, "no memcpy or memset: memory bandwidth is empty");
      if (n_cpu_ops == 0)
        add (self, r->rank, r->basename, "no-cpu-ops", HP_HEALTH_INFO, 0, NEED_CPU_OPS,
             HP_HEALTH_NOT_APPLICABLE,
             "no cpu_op event: ATen operators cannot be matched to their kernels");
      /* an analysis of events the trace does not have is not applicable,
       * not trusted */
      if (n_memory == 0)
        add (self, r->rank, r->basename, "no-memory-events", HP_HEALTH_INFO, 0, NEED_MEMORY_EVENTS,
             HP_HEALTH_NOT_APPLICABLE,
             "no [memory] event (record with profile_memory=True): the memory analysis is empty");
      if (n_counters == 0)
        add (self, r->rank, r->basename, "no-cupti-counters", HP_HEALTH_INFO, 0, NEED_COUNTERS,
             HP_HEALTH_NOT_APPLICABLE,
             "no CUPTI range-profiler record: the CUPTI counter analysis is empty");
    }

  n_overlaps = count_stream_overlaps (r);
  if (n_overlaps > 0)
    add (self, r->rank, r->basename, "overlapping-kernels", HP_HEALTH_WARNING, n_overlaps,
         NEED_GPU, HP_HEALTH_CAUTION,
         "%" G_GUINT64_FORMAT " GPU events start more than 1 us before the previous one on "
         "their stream ends, which one stream cannot do: busy and idle times are suspect",
         n_overlaps);

  if (n_rejected > 0)
    add (self, r->rank, r->basename, "rejected-events", HP_HEALTH_WARNING, n_rejected, NEED_ALL,
         HP_HEALTH_CAUTION,
         "%" G_GUINT64_FORMAT " events were not loaded: %" G_GUINT64_FORMAT " start before "
         "1970 or end after 2200, %" G_GUINT64_FORMAT " have a time or id of the wrong type "
         "or out of range",
         n_rejected, r->n_out_of_window, r->n_bad_values);
  if (n_clamped > 0)
    add (self, r->rank, r->basename, "bad-durations", HP_HEALTH_WARNING, n_clamped, NEED_ALL,
         HP_HEALTH_CAUTION,
         compat ? "%" G_GUINT64_FORMAT " events have a negative duration or one over 7 days "
                  "(%" G_GUINT64_FORMAT " and %" G_GUINT64_FORMAT "); HTA-compatibility "
                  "mode keeps them in every total"
                : "%" G_GUINT64_FORMAT " events have a negative duration or one over 7 days "
                  "(%" G_GUINT64_FORMAT " and %" G_GUINT64_FORMAT "); they are left out of "
                  "every analysis",
         n_clamped, r->n_negative_dur, r->n_huge_dur);
  if (r->n_bad_stream > 0)
    add (self, r->rank, r->basename, "bad-streams", HP_HEALTH_WARNING, r->n_bad_stream, NEED_GPU,
         HP_HEALTH_CAUTION,
         "%" G_GUINT64_FORMAT " stream ids were not valid streams and read as -1: those events "
         "count on no stream",
         r->n_bad_stream);
  if (r->n_long_strings + r->n_invalid_utf8 > 0)
    add (self, r->rank, r->basename, "repaired-strings", HP_HEALTH_INFO,
         r->n_long_strings + r->n_invalid_utf8, 0, HP_HEALTH_TRUST,
         "%" G_GUINT64_FORMAT " strings were cut to the length limit and %" G_GUINT64_FORMAT
         " were repaired to valid UTF-8: names may differ from the file",
         r->n_long_strings, r->n_invalid_utf8);
  if (r->gzip_trailing_bytes > 0)
    add (self, r->rank, r->basename, "gzip-trailing-bytes", HP_HEALTH_WARNING,
         r->gzip_trailing_bytes, 0, HP_HEALTH_TRUST,
         "%" G_GUINT64_FORMAT " bytes after the end of the gzip data were ignored (an "
         "interrupted copy or write?)",
         r->gzip_trailing_bytes);
  if (r->n_filtered > 0)
    add (self, r->rank, r->basename, "outside-kept-window", HP_HEALTH_INFO, r->n_filtered, 0,
         HP_HEALTH_TRUST,
         "%" G_GUINT64_FORMAT " events lie outside the kept iterations (the last, incomplete "
         "step is left out unless --include-last-step)",
         r->n_filtered);
  profiler_messages (self, r);
}

/* the earliest and latest start of step @step seen so far, and their ranks */
static void
see_step_start (GHashTable *first_start,
                int         rank,
                int         step,
                gint64      ts)
{
  gint64 *seen = g_hash_table_lookup (first_start, GINT_TO_POINTER (step + 1));

  if (seen == NULL)
    {
      /* min start, its rank, max start, its rank */
      seen = g_new (gint64, 4);
      seen[0] = seen[2] = ts;
      seen[1] = seen[3] = rank;
      g_hash_table_insert (first_start, GINT_TO_POINTER (step + 1), seen);
    }
  else if (ts < seen[0])
    seen[0] = ts, seen[1] = rank;
  else if (ts > seen[2])
    seen[2] = ts, seen[3] = rank;
}

/* The first step every rank has, compared across ranks: step N starts at
 * nearly the same time everywhere when the clocks agree. A job opened
 * from summaries has the starts of their steps. */
static void
check_clock_skew (HpHealthReport *self,
                  HpTrace        *trace,
                  double          threshold_us)
{
  g_autoptr (GHashTable) first_start = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  guint  n_ranks = hp_trace_get_n_ranks (trace);
  double worst = 0;
  int    worst_step = -1, worst_lo = -1, worst_hi = -1;

  if (n_ranks < 2)
    return;
  if (hp_trace_get_summaries (trace) != NULL && _hp_trace_get_summary_hooks (trace) != NULL)
    {
      g_autoptr (GArray) starts = _hp_trace_get_summary_hooks (trace)->step_starts (trace);

      for (guint i = 0; i < starts->len; i++)
        {
          const HpStepStart *st = &g_array_index (starts, HpStepStart, i);

          see_step_start (first_start, st->rank, st->step, st->start);
        }
    }
  else
    for (guint k = 0; k < n_ranks; k++)
      {
        const HpRank *r = hp_trace_get_rank (trace, k);

        for (guint i = 0; i < r->n_events; i++)
          {
            int step;

            if (!(r->flags[i] & HP_EVENT_STEP) || !(r->flags[i] & HP_EVENT_MEASURED))
              continue;
            step = hp_parse_profiler_step (hp_trace_get_string (trace, r->name[i]));
            if (step >= 0)
              see_step_start (first_start, r->rank, step, r->ts[i]);
          }
      }

  {
    GHashTableIter it;
    gpointer       key, value;

    g_hash_table_iter_init (&it, first_start);
    while (g_hash_table_iter_next (&it, &key, &value))
      {
        gint64 *seen = value;
        double  skew = (double)(seen[2] - seen[0]) / HP_NS_PER_US;

        if (seen[1] != seen[3] && skew > worst)
          {
            worst = skew;
            worst_step = GPOINTER_TO_INT (key) - 1;
            worst_lo = (int)seen[1];
            worst_hi = (int)seen[3];
          }
      }
  }
  if (worst > threshold_us)
    add (self, -1, NULL, "clock-skew", HP_HEALTH_WARNING, 0, 0, HP_HEALTH_TRUST,
         "ProfilerStep#%d starts %.0f us later on rank %d than on rank %d (threshold %.0f us): "
         "the hosts' clocks disagree, so comparing times across ranks (the timeline, "
         "stragglers) is unreliable; each rank's own numbers stand",
         worst_step, worst, worst_hi, worst_lo, threshold_us);
}

/* collectives that ran on only some of their ranks: kernels a sampled or
 * truncated trace lost, or a rank that never reached them */
static void
check_collectives (HpHealthReport *self,
                   HpTrace        *trace)
{
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  HpAnalysisParams params;
  guint            n = 0;
  g_autoptr (GString) groups = g_string_new (NULL);

  if (hp_trace_get_n_ranks (trace) < 2)
    return;
  hp_analysis_params_init (&params);
  if (hp_collectives_compute (trace, &params, tables, NULL, NULL))
    {
      HpTable *table = tables->pdata[0];
      int      col = hp_table_find_column (table, "missing_ranks");
      int      group_col = hp_table_find_column (table, "group");
      g_autoptr (GHashTable) per_group = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr (GPtrArray) order = g_ptr_array_new ();

      for (guint i = 0; col >= 0 && group_col >= 0 && i < hp_table_get_n_rows (table); i++)
        if (hp_table_get_int (table, i, (guint)col) > 0)
          {
            const char *group = hp_table_get_string (table, i, (guint)group_col);
            guint       count = GPOINTER_TO_UINT (g_hash_table_lookup (per_group, group));

            if (count == 0)
              g_ptr_array_add (order, (gpointer)group);
            g_hash_table_insert (per_group, (gpointer)group, GUINT_TO_POINTER (count + 1));
            n++;
          }
      /* unmatched collectives per process group */
      for (guint i = 0; i < order->len; i++)
        {
          const char *group = order->pdata[i];
          guint       count = GPOINTER_TO_UINT (g_hash_table_lookup (per_group, group));

          if (i > 0)
            g_string_append (groups, ", ");
          /* a trace that names no process group runs on the default one */
          if (group == NULL || group[0] == '\0')
            g_string_append_printf (groups, "the default group: %u", count);
          else
            g_string_append_printf (groups, "group \"%s\": %u", group, count);
        }
    }
  hp_analysis_params_clear (&params);
  if (n > 0)
    add (self, -1, NULL, "unpaired-collectives", HP_HEALTH_INFO, n, 0, HP_HEALTH_TRUST,
         "%u collectives ran on only some of their ranks (%s; the traces dropped kernels, end at "
         "different times, a rank never reached them, or the ranks' clocks disagree by more than "
         "the pairing tolerates after aligning them): they link no ranks in the critical path across "
         "ranks, and collectives lists them as missing",
         n, groups->str);
}

/* ranks the job names (distributedInfo) that no file holds */
static void
check_missing_ranks (HpHealthReport *self,
                     HpTrace        *trace)
{
  g_autoptr (HpJobInfo) info = hp_job_info_new (trace);
  g_autofree char *missing = NULL;
  guint            expected = info->n_ranks + info->missing->len;

  if (info->missing->len == 0)
    return;
  missing = hp_ranks_to_text ((const int *)(void *)info->missing->data, info->missing->len);
  add (self, -1, NULL, "missing-ranks", HP_HEALTH_WARNING, info->missing->len, NEED_ALL_RANKS, HP_HEALTH_CAUTION,
       "the job has %u ranks (distributedInfo) but %u file%s: rank%s %s %s missing from every table, and "
       "what involves every rank (collectives, stragglers, the critical path across ranks) lacks %s",
       expected, info->n_ranks, info->n_ranks == 1 ? "" : "s", info->missing->len == 1 ? "" : "s", missing,
       info->missing->len == 1 ? "is" : "are", info->missing->len == 1 ? "its part" : "their part");
}

/* an empty report (also the start of one made from summaries) */
HpHealthReport *
_hp_health_report_new (void)
{
  HpHealthReport          *self = g_new0 (HpHealthReport, 1);
  const HpAnalysis *const *list;

  g_atomic_ref_count_init (&self->ref);
  self->findings = g_array_new (FALSE, TRUE, sizeof (HpHealthFinding));
  g_array_set_clear_func (self->findings, finding_clear);
  self->ranks = g_array_new (FALSE, FALSE, sizeof (int));
  list = hp_analysis_list (&self->n_analyses);
  self->needs = g_new0 (guint, MAX (self->n_analyses, 1));
  for (guint a = 0; a < self->n_analyses; a++)
    self->needs[a] = list[a]->needs;
  return self;
}

/**
 * hp_health_check:
 * @trace: a loaded trace
 * @options: (nullable): %NULL for the defaults
 *
 * Looks for what the trace lacks or has wrong: files that did not load,
 * ranks without ProfilerStep or with a guessed rank, kernels without a
 * launch, events rejected or clamped at load, overlapping GPU work on one
 * stream, clocks of ranks far apart, collectives some ranks lack, the
 * profiler's own warnings. Each
 * finding says which analyses it touches.
 *
 * Returns: (transfer full): the report
 */
HpHealthReport *
hp_health_check (HpTrace               *trace,
                 const HpHealthOptions *options)
{
  HpHealthReport *self;
  GListModel     *issues = hp_trace_get_issues (trace);
  double          threshold = options != NULL && options->clock_skew_threshold_us > 0
                                  ? options->clock_skew_threshold_us
                                  : DEFAULT_SKEW_US;
  gboolean        job_has_steps = FALSE;

  g_return_val_if_fail (trace != NULL, NULL);

  /* a job opened from summaries has their findings (hp-summary-job.c),
   * and the checks across ranks made on what they hold */
  if (_hp_trace_get_summary_hooks (trace) != NULL)
    {
      self = _hp_trace_get_summary_hooks (trace)->health (trace);
      check_missing_ranks (self, trace);
      check_clock_skew (self, trace, threshold);
      check_collectives (self, trace);
      return self;
    }
  self = _hp_health_report_new ();

  /* files that did not load at all */
  for (guint k = 0; k < g_list_model_get_n_items (issues); k++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, k);
      const char *file = hp_load_issue_get_file (issue);
      gboolean    loaded = FALSE;

      if (hp_load_issue_get_code (issue) < 0)
        continue; /* a diagnostic of a loaded rank: its counts are checked below */
      for (guint r = 0; r < hp_trace_get_n_ranks (trace) && !loaded; r++)
        loaded = g_strcmp0 (hp_trace_get_rank (trace, r)->path, file) == 0 ||
                 g_strcmp0 (hp_trace_get_rank (trace, r)->basename, file) == 0;
      if (loaded)
        continue;
      /* another job's file, left out as asked: not part of this job */
      if (hp_load_issue_get_code (issue) == HP_LOAD_ERROR_MIXED_JOBS)
        {
          add (self, -1, file, "other-job", HP_HEALTH_INFO, 1, 0, HP_HEALTH_TRUST, "%s",
               hp_load_issue_get_message (issue));
          continue;
        }
      add (self, -1, file, "file-not-loaded",
           hp_load_issue_get_severity (issue) == HP_LOAD_ISSUE_ERROR ? HP_HEALTH_ERROR
                                                                     : HP_HEALTH_WARNING,
           1, 0, HP_HEALTH_TRUST, "%s: its rank is missing from every table",
           hp_load_issue_get_message (issue));
    }

  /* ranks the job names that no file holds */
  {
    g_autoptr (HpJobInfo) info = hp_job_info_new (trace);

    g_array_unref (self->ranks);
    self->ranks = g_array_copy (info->ranks);
  }
  check_missing_ranks (self, trace);

  for (guint k = 0; k < hp_trace_get_n_ranks (trace) && !job_has_steps; k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      for (guint i = 0; i < r->n_events && !job_has_steps; i++)
        job_has_steps = (r->flags[i] & HP_EVENT_STEP) != 0;
    }
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    check_rank (self, trace, hp_trace_get_rank (trace, k), job_has_steps);
  check_clock_skew (self, trace, threshold);
  check_collectives (self, trace);
  return self;
}
