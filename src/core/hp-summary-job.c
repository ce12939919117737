/* hp-summary-job.c — a job opened from rank summaries: what its analyses, health, steps and checks get from them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The job is an HpTrace whose ranks have their file, number and metadata
 * but no events; the analysis runner and the health check ask it through
 * HpTraceSummaryHooks, answered here with the summaries' tables merged as a
 * full load gives them (hp-summary-merge.c).
 *
 * What needs events the summaries do not hold says so and names the ranks
 * to load in full.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-aten-op-delay.h"
#include "hp-collectives.h"
#include "hp-stragglers.h"
#include "hp-core-private.h"
#include "hp-health-private.h"
#include "hp-summary-private.h"

/* the ranks to load in full for an analysis the summaries cannot answer:
 * the slowest first (longest time over its steps), at most four */
static char *
ranks_to_load (GPtrArray *summaries)
{
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree gint64 *spans = g_new0 (gint64, MAX (summaries->len, 1));
  g_autofree guint  *order = g_new0 (guint, MAX (summaries->len, 1));
  guint              n = MIN (summaries->len, 4);

  for (guint k = 0; k < summaries->len; k++)
    {
      HpSummary *s = summaries->pdata[k];
      g_autoptr (GVariant) steps = g_variant_lookup_value (_hp_summary_get_mode (s, HP_MODE_DEFAULT), "steps",
                                                           G_VARIANT_TYPE ("a(ixxb)"));

      order[k] = k;
      for (gsize i = 0; steps != NULL && i < g_variant_n_children (steps); i++)
        {
          gint64   start, end;
          gboolean measured;

          g_variant_get_child (steps, i, "(ixxb)", NULL, &start, &end, &measured);
          if (measured)
            spans[k] += end - start;
        }
    }
  for (guint a = 0; a < n; a++)
    for (guint b = a + 1; b < summaries->len; b++)
      if (spans[order[b]] > spans[order[a]])
        {
          guint t = order[a];

          order[a] = order[b];
          order[b] = t;
        }
  for (guint a = 0; a < n; a++)
    {
      HpSummary *s = summaries->pdata[order[a]];

      g_string_append_printf (out, "%srank %d (%s)", a > 0 ? ", " : "", s->rank, s->trace_path);
    }
  if (summaries->len > n)
    g_string_append_printf (out, " and %u more", summaries->len - n);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/**
 * hp_summary_job_ranks_to_load:
 * @trace: a job opened from summaries
 *
 * Returns: (transfer full): the ranks whose traces to load in full, the
 *   slowest first (at most four, then how many more), with their paths
 */
char *
hp_summary_job_ranks_to_load (HpTrace *trace)
{
  g_return_val_if_fail (hp_trace_get_summaries (trace) != NULL, NULL);
  return ranks_to_load (hp_trace_get_summaries (trace));
}

/**
 * hp_summary_job_why_not:
 * @trace: a job opened from summaries
 *
 * Whether the summaries answer @analysis with @params, as a full load would.
 *
 * Returns: (transfer full) (nullable): %NULL when they do, else why not,
 *   naming the ranks to load in full (slowest first)
 */
char *
hp_summary_job_why_not (HpTrace                *trace,
                        const HpAnalysis       *analysis,
                        const HpAnalysisParams *params)
{
  GPtrArray       *summaries = hp_trace_get_summaries (trace);
  const char      *why = NULL;
  HpAnalysisParams bare, defaults;
  g_autofree char *ranks = NULL;
  gboolean         across = analysis == &hp_collectives_analysis || analysis == &hp_stragglers_analysis;

  g_return_val_if_fail (summaries != NULL, NULL);

  if (hp_trace_get_scope (trace) != NULL)
    why = "on a part of the trace needs its events";
  else if (across)
    {
      /* computed across ranks from what the summaries hold of each, with
       * any parameters */
      for (guint k = 0; k < summaries->len && why == NULL; k++)
        if (((HpSummary *)summaries->pdata[k])->version < 2)
          why = "needs what summaries hold of each rank from format 2 on";
    }
  else if (!analysis->in_default_set)
    why = "needs every event of the trace";
  else if (hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT && analysis == &hp_aten_op_delay_analysis)
    why = "with --hta-compat searches the enclosing operator on every rank's threads";
  else if (params != NULL)
    {
      /* the summaries hold the tables of the default parameters, of any ranks */
      hp_analysis_params_init (&defaults);
      hp_analysis_params_init (&bare);
      hp_analysis_params_copy (&bare, params);
      g_clear_pointer (&bare.ranks, g_array_unref);
      if (hp_analysis_params_affect (analysis, &bare, &defaults))
        why = "with parameters other than the defaults needs the events";
      hp_analysis_params_clear (&bare);
      hp_analysis_params_clear (&defaults);
    }
  if (why == NULL)
    return NULL;
  ranks = ranks_to_load (summaries);
  return g_strdup_printf ("%s %s; summaries do not hold it: load the traces in full, slowest rank first: %s",
                          analysis->name, why, ranks);
}

static gboolean
job_run (HpTrace                *trace,
         const HpAnalysis       *analysis,
         const HpAnalysisParams *params,
         GPtrArray              *tables,
         GError                **error)
{
  GPtrArray       *summaries = hp_trace_get_summaries (trace);
  HpMode           mode = hp_trace_get_mode (trace);
  g_autofree char *why = hp_summary_job_why_not (trace, analysis, params);
  g_autoptr (GPtrArray) ranks = NULL;
  g_autoptr (GPtrArray) per_rank = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);

  if (why != NULL)
    {
      g_set_error_literal (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, why);
      return FALSE;
    }

  if (analysis == &hp_collectives_analysis || analysis == &hp_stragglers_analysis)
    return analysis->func (trace, params, tables, NULL, error);
  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;
  for (guint k = 0; k < ranks->len; k++)
    {
      const HpRank *r = ranks->pdata[k];
      HpSummary    *s = NULL;
      GPtrArray    *got;

      for (guint j = 0; j < summaries->len && s == NULL; j++)
        if (((HpSummary *)summaries->pdata[j])->rank == r->rank)
          s = summaries->pdata[j];
      got = s != NULL ? hp_summary_get_tables (s, mode, analysis->name) : NULL;
      if (got == NULL)
        {
          g_clear_pointer (&got, g_ptr_array_unref);
          g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                       "%s: the summary of rank %d has no tables of %s%s%s", r->path, r->rank, analysis->name,
                       s != NULL && hp_summary_get_body_error (s) != NULL ? ": " : "",
                       s != NULL && hp_summary_get_body_error (s) != NULL ? hp_summary_get_body_error (s) : "");
          return FALSE;
        }
      for (guint t = 0; t < got->len; t++)
        {
          _hp_summary_shift_time_column (got->pdata[t], "ts", _hp_summary_job_offset (trace, s));
        }
      g_ptr_array_add (per_rank, got);
    }
  /* an analysis leaves out the tables it has nothing for: merge by name,
   * in the order the ranks give them */
  for (guint k = 0; k < per_rank->len; k++)
    {
      GPtrArray *got = per_rank->pdata[k];

      for (guint t = 0; t < got->len; t++)
        {
          const char *name = hp_table_get_name (got->pdata[t]);
          g_autoptr (GPtrArray) one = g_ptr_array_new ();
          gboolean done = FALSE;
          HpTable *merged;

          for (guint i = 0; i < tables->len && !done; i++)
            done = strcmp (hp_table_get_name (tables->pdata[i]), name) == 0;
          if (done)
            continue;
          for (guint j = k; j < per_rank->len; j++)
            {
              HpTable *same = hp_analysis_result_find_table (per_rank->pdata[j], name);

              if (same != NULL)
                g_ptr_array_add (one, same);
            }
          merged = _hp_summary_merge_table (one);
          if (merged == NULL)
            {
              g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                           "the summaries' tables %s do not have the same columns", name);
              return FALSE;
            }
          g_ptr_array_add (tables, merged);
        }
    }
  return TRUE;
}

static HpHealthReport *
job_health (HpTrace *trace)
{
  GPtrArray               *summaries = hp_trace_get_summaries (trace);
  HpHealthReport          *report = _hp_health_report_new ();
  guint                    n_analyses;
  const HpAnalysis *const *list = hp_analysis_list (&n_analyses);

  _hp_health_report_set_ranks (report, trace);
  for (guint k = 0; k < summaries->len; k++)
    {
      HpSummary *s = summaries->pdata[k];
      g_autoptr (GVariant) findings = g_variant_lookup_value (_hp_summary_get_mode (s, hp_trace_get_mode (trace)),
                                                              "health", G_VARIANT_TYPE ("a(issytsa{sy})"));

      for (gsize i = 0; findings != NULL && i < g_variant_n_children (findings); i++)
        {
          g_autoptr (GVariant) verdicts_v = NULL;
          HpHealthVerdict *verdicts = g_new0 (HpHealthVerdict, MAX (n_analyses, 1));
          const char      *file, *code, *message;
          int              rank;
          guchar           severity;
          guint64          count;

          g_variant_get_child (findings, i, "(i&s&syt&s@a{sy})", &rank, &file, &code, &severity, &count, &message,
                               &verdicts_v);
          /* each summary saw its rank alone: the job's missing ranks are
           * counted across the summaries (hp-health.c) */
          if (strcmp (code, "missing-ranks") == 0)
            {
              g_free (verdicts);
              continue;
            }
          for (guint a = 0; a < n_analyses; a++)
            {
              guchar v = 0;

              if (g_variant_lookup (verdicts_v, list[a]->name, "y", &v))
                verdicts[a] = MIN (v, HP_HEALTH_NOT_APPLICABLE);
            }
          _hp_health_report_add_finding (report, rank, file[0] != '\0' ? file : NULL, code,
                                         MIN (severity, HP_HEALTH_ERROR), count, message, verdicts);
        }
    }
  /* the checks across ranks follow (hp-health.c); format 1 does not
   * describe the collectives they pair */
  {
    guint n_old = 0;

    for (guint k = 0; k < summaries->len; k++)
      n_old += ((HpSummary *)summaries->pdata[k])->version < 2;
    if (n_old > 0)
      _hp_health_report_add_finding (report, -1, NULL, "summaries-only", HP_HEALTH_INFO, n_old,
                                     "opened from rank summaries of format 1: the check of unpaired collectives "
                                     "needs summaries of format 2 or the traces loaded in full",
                                     g_new0 (HpHealthVerdict, MAX (n_analyses, 1)));
  }
  return report;
}

/**
 * _hp_summary_job_step_starts:
 * @trace: a job opened from summaries
 *
 * Returns: (transfer full) (element-type HpStepStart): the starts of the
 *   steps the ranks measure, on the job's clock
 */
GArray *
_hp_summary_job_step_starts (HpTrace *trace)
{
  GPtrArray *summaries = hp_trace_get_summaries (trace);
  GArray    *out = g_array_new (FALSE, FALSE, sizeof (HpStepStart));

  for (guint k = 0; k < summaries->len; k++)
    {
      HpSummary *s = summaries->pdata[k];
      g_autoptr (GVariant) steps = g_variant_lookup_value (_hp_summary_get_mode (s, hp_trace_get_mode (trace)),
                                                           "steps", G_VARIANT_TYPE ("a(ixxb)"));

      for (gsize i = 0; steps != NULL && i < g_variant_n_children (steps); i++)
        {
          HpStepStart st = { s->rank, -1, 0 };
          gint64      end;
          gboolean    measured;

          g_variant_get_child (steps, i, "(ixxb)", &st.step, &st.start, &end, &measured);
          if (!measured || st.step < 0)
            continue;
          st.start += _hp_summary_job_offset (trace, s);
          g_array_append_val (out, st);
        }
    }
  return out;
}

static HpSummary *
summary_at (HpTrace *trace,
            guint    position)
{
  const HpRank *r = hp_trace_get_rank (trace, position);
  GPtrArray    *summaries = hp_trace_get_summaries (trace);

  for (guint k = 0; k < summaries->len; k++)
    if (((HpSummary *)summaries->pdata[k])->rank == r->rank)
      return summaries->pdata[k];
  return NULL;
}

/* the figures the summary measured on its rank, moved to the job's clock;
 * a summary without them (or a lost rank) has none: one empty window */
static void
job_step_figures (HpTrace       *trace,
                  guint          position,
                  HpStepFigures *out)
{
  HpSummary *s = summary_at (trace, position);
  g_autoptr (GVariant) v = s != NULL ? g_variant_lookup_value (_hp_summary_get_mode (s, hp_trace_get_mode (trace)),
                                                               "step-figures", G_VARIANT_TYPE ("(iubdxdddd)"))
                                     : NULL;
  gint64 start = 0;

  memset (out, 0, sizeof *out);
  out->rank = hp_trace_get_rank (trace, position)->rank;
  out->n_windows = 1;
  out->median_step = NAN;
  if (v == NULL)
    return;
  g_variant_get (v, "(iubdxdddd)", &out->rank, &out->n_windows, &out->has_steps, &out->median_step, &start,
                 &out->busy, &out->idle, &out->comm, &out->exposed);
  out->n_windows = MAX (out->n_windows, 1);
  out->start = start + _hp_summary_job_offset (trace, s);
}

static void
comm_kernel_sum_clear (gpointer data)
{
  g_free (((HpCommKernelSum *)data)->name);
}

/* the communication kernels by name the summary counted on its rank */
static GArray *
job_comm_kernel_sums (HpTrace *trace,
                      guint    position)
{
  HpSummary *s = summary_at (trace, position);
  g_autoptr (GVariant) v = s != NULL ? g_variant_lookup_value (_hp_summary_get_mode (s, hp_trace_get_mode (trace)),
                                                               "comm-kernels", G_VARIANT_TYPE ("a(stx)"))
                                     : NULL;
  GArray      *out = g_array_new (FALSE, TRUE, sizeof (HpCommKernelSum));
  GVariantIter iter;
  const char  *name;
  guint64      count;
  gint64       dur;

  g_array_set_clear_func (out, comm_kernel_sum_clear);
  if (v == NULL)
    return out;
  g_variant_iter_init (&iter, v);
  while (g_variant_iter_next (&iter, "(&stx)", &name, &count, &dur))
    {
      HpCommKernelSum sum = { g_strdup (name), count, dur };

      g_array_append_val (out, sum);
    }
  return out;
}

/* what `check` reads of a rank's events, as its summary recorded it */
static void
job_check_rank (HpTrace    *trace,
                guint       position,
                GHashTable *op_gpu,
                double     *gpu_total,
                GArray     *steps)
{
  HpSummary *s = summary_at (trace, position);
  GVariant  *mode = s != NULL ? _hp_summary_get_mode (s, hp_trace_get_mode (trace)) : NULL;
  g_autoptr (GVariant) ops = mode != NULL ? g_variant_lookup_value (mode, "check-op-gpu", G_VARIANT_TYPE ("a{sd}")) : NULL;
  g_autoptr (GVariant) total = mode != NULL ? g_variant_lookup_value (mode, "check-gpu-total", G_VARIANT_TYPE_DOUBLE)
                                            : NULL;
  g_autoptr (GVariant) durations = mode != NULL ? g_variant_lookup_value (mode, "check-steps", G_VARIANT_TYPE ("ad"))
                                                : NULL;

  if (ops != NULL)
    {
      GVariantIter iter;
      const char  *name;
      double       us;

      g_variant_iter_init (&iter, ops);
      while (g_variant_iter_next (&iter, "{&sd}", &name, &us))
        {
          double *sum = g_hash_table_lookup (op_gpu, name);

          if (sum == NULL)
            {
              sum = g_new0 (double, 1);
              g_hash_table_insert (op_gpu, g_strdup (name), sum);
            }
          *sum += us;
        }
    }
  if (total != NULL)
    *gpu_total += g_variant_get_double (total);
  if (durations != NULL)
    {
      gsize         n = 0;
      const double *d = g_variant_get_fixed_array (durations, &n, sizeof (double));

      g_array_append_vals (steps, d, (guint)n);
    }
}

static GArray *
job_step_durations (HpTrace *trace,
                    guint    position)
{
  HpSummary *s = summary_at (trace, position);
  GArray    *out = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GVariant) kept = s != NULL ? g_variant_lookup_value (_hp_summary_get_mode (s, hp_trace_get_mode (trace)),
                                                                  "kept-steps", G_VARIANT_TYPE ("ax"))
                                        : NULL;
  const gint64 *ns;
  gsize         n = 0;

  if (kept == NULL)
    return out;
  ns = g_variant_get_fixed_array (kept, &n, sizeof (gint64));
  for (gsize i = 0; i < n; i++)
    {
      double us = hp_ns_to_us (ns[i]);

      g_array_append_val (out, us);
    }
  return out;
}

typedef struct
{
  gboolean    gpu;
  const char *cat; /* interned */
  const char *name;
  gint64      count;
  gint64      dur;
} OpSum;

static int
cmp_op_sum (gconstpointer a,
            gconstpointer b)
{
  const OpSum *x = a;
  const OpSum *y = b;
  int          c = strcmp (x->cat, y->cat);

  if (c == 0)
    c = strcmp (x->name, y->name);
  if (c == 0)
    c = (int)x->gpu - (int)y->gpu;
  return c;
}

/* hp_trace_diff_run_summary() of the job: each rank's sums added up, in
 * the order and with the names that function gives */
static HpTable *
job_ops_summary (HpTrace *trace)
{
  gboolean compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  g_autoptr (GHashTable) index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GArray) sums = g_array_new (FALSE, FALSE, sizeof (OpSum));
  HpTable *table;

  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      HpSummary *s = summary_at (trace, p);
      g_autoptr (GVariant) v = s != NULL ? g_variant_lookup_value (_hp_summary_get_mode (s, hp_trace_get_mode (trace)),
                                                                   "op-sums", NULL)
                                         : NULL;
      g_autoptr (HpTable) t = v != NULL ? _hp_summary_table_from_variant (v) : NULL;

      for (guint i = 0; t != NULL && i < hp_table_get_n_rows (t); i++)
        {
          g_autofree char *key = g_strdup_printf ("%d\x1f%s\x1f%s", (int)hp_table_get_int (t, i, 0),
                                                  hp_table_get_string (t, i, 1), hp_table_get_string (t, i, 2));
          gpointer         slot = g_hash_table_lookup (index, key);
          OpSum           *sum;

          if (slot == NULL)
            {
              OpSum fresh = { hp_table_get_int (t, i, 0) != 0, g_intern_string (hp_table_get_string (t, i, 1)),
                              g_intern_string (hp_table_get_string (t, i, 2)), 0, 0 };

              g_array_append_val (sums, fresh);
              slot = GUINT_TO_POINTER (sums->len);
              g_hash_table_insert (index, g_steal_pointer (&key), slot);
            }
          sum = &g_array_index (sums, OpSum, GPOINTER_TO_UINT (slot) - 1);
          sum->count += hp_table_get_int (t, i, 3);
          sum->dur += hp_table_get_int (t, i, 4);
        }
    }
  g_array_sort (sums, cmp_op_sum);
  table = hp_table_new ("ops_summary", "Op summary");
  hp_table_add_column (table, "cat", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "short_name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "counts", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "total_duration", HP_COLUMN_DOUBLE, "us");
  if (!compat)
    hp_table_add_column (table, "device", HP_COLUMN_STRING, NULL);
  for (guint k = 0; k < sums->len; k++)
    {
      const OpSum     *sum = &g_array_index (sums, OpSum, k);
      const char      *name = !compat && hp_parse_profiler_step (sum->name) >= 0 ? "ProfilerStep" : sum->name;
      g_autofree char *short_name = hp_shorten_name (name);
      guint            row = hp_table_append_row (table);

      hp_table_set_string (table, row, 0, sum->cat);
      hp_table_set_string (table, row, 1, name);
      hp_table_set_string (table, row, 2, short_name);
      hp_table_set_int (table, row, 3, sum->count);
      hp_table_set_double (table, row, 4, hp_ns_to_us (sum->dur));
      if (!compat)
        hp_table_set_string (table, row, 5, sum->gpu ? "GPU" : "CPU");
    }
  return table;
}

static GVariant *
job_rank_part (HpTrace            *trace,
               int                 rank,
               const char         *key,
               const GVariantType *type,
               guint               min_version,
               gint64             *offset)
{
  GPtrArray *summaries = hp_trace_get_summaries (trace);
  HpSummary *s = NULL;

  for (guint k = 0; summaries != NULL && k < summaries->len && s == NULL; k++)
    if (((HpSummary *)summaries->pdata[k])->rank == rank)
      s = summaries->pdata[k];
  if (s == NULL || s->version < min_version)
    return NULL;
  *offset = _hp_summary_job_offset (trace, s);
  return g_variant_lookup_value (_hp_summary_get_mode (s, hp_trace_get_mode (trace)), key, type);
}

/* the activity blocks a timeline draws of a summarised rank are not its
 * events: whatever reads events says so */
static char *
job_why_no_events (HpTrace    *trace,
                   const char *what)
{
  g_autofree char *ranks = ranks_to_load (hp_trace_get_summaries (trace));

  return g_strdup_printf ("%s needs the events of the traces; rank summaries hold each rank's tables over the whole "
                          "trace and a coarse picture of its activity: load the traces in full, slowest rank first: %s",
                          what, ranks);
}

const HpTraceSummaryHooks _hp_summary_job_hooks = {
  .run = job_run,
  .health = job_health,
  .step_durations = job_step_durations,
  .step_figures = job_step_figures,
  .comm_kernel_sums = job_comm_kernel_sums,
  .check_rank = job_check_rank,
  .ops_summary = job_ops_summary,
  .rank_part = job_rank_part,
  .table_from_variant = _hp_summary_table_from_variant,
  .step_starts = _hp_summary_job_step_starts,
  .why_no_events = job_why_no_events,
};
