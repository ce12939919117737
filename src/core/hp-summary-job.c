/* hp-summary-job.c — a job opened from rank summaries: its tables merged as a full load gives them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The job is an HpTrace whose ranks have their file, number and metadata
 * but no events; the analysis runner and the health check ask it through
 * HpTraceSummaryHooks. Each rank's tables were computed on that rank alone
 * (hp-summary.c); a full load differs from that in two ways only, which the
 * merge undoes:
 *
 * - times are aligned to the job's first start rather than the rank's, so
 *   the time columns of the time series move by the rank's offset;
 * - a few tables are over every rank: the kernel types (sums per label),
 *   the kernels (sorted by type, name and rank across ranks) and the time
 *   at the longest observed queue (the longest of any rank).
 *
 * What needs events the summaries do not hold says so and names the ranks
 * to load in full.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "hp-aten-op-delay.h"
#include "hp-core-private.h"
#include "hp-health-private.h"
#include "hp-summary-private.h"

static gint64
job_offset (HpTrace   *trace,
            HpSummary *s)
{
  return s->min_ts - s->job_min_ts;
}

/* us → the ns it was made from (hp_ns_to_us()), exact below 2^53 ns */
static gint64
us_to_ns (double us)
{
  return (gint64)llround (us * 1000.0);
}

static void
shift_time_column (HpTable    *table,
                   const char *column,
                   gint64      offset)
{
  int c = hp_table_find_column (table, column);

  if (c < 0 || offset == 0)
    return;
  for (guint i = 0; i < hp_table_get_n_rows (table); i++)
    if (!hp_table_is_null (table, i, c))
      hp_table_set_double (table, i, c, hp_ns_to_us (us_to_ns (hp_table_get_double (table, i, c)) + offset));
}

static HpTable *
concat (GPtrArray *per_rank)
{
  HpTable *first = per_rank->pdata[0];
  HpTable *out = hp_table_concat ((HpTable **)per_rank->pdata, per_rank->len, hp_table_get_name (first),
                                  hp_table_get_title (first));

  for (guint k = 0; out != NULL && k < per_rank->len; k++)
    if (hp_table_get_note (per_rank->pdata[k]) != NULL)
      {
        hp_table_set_note (out, hp_table_get_note (per_rank->pdata[k]));
        break;
      }
  return out;
}

typedef struct
{
  const char *label;
  gint64      sum; /* whole us (HTA-compatibility mode) or ns */
} LabelSum;

static int
cmp_label_sum (gconstpointer a,
               gconstpointer b)
{
  const LabelSum *x = a;
  const LabelSum *y = b;

  if (x->sum != y->sum)
    return x->sum > y->sum ? -1 : 1;
  return strcmp (x->label, y->label);
}

/* gpu_kernel_breakdown_kernel_type: each label's sum over the ranks, in
 * the order and with the shares of hp-kernel-breakdown.c */
static HpTable *
merge_kernel_types (GPtrArray *per_rank)
{
  HpTable *first = per_rank->pdata[0];
  HpTable *out = hp_table_new (hp_table_get_name (first), hp_table_get_title (first));
  gboolean compat = hp_table_get_column_type (first, 1) == HP_COLUMN_INT;
  g_autoptr (GArray) sums = g_array_new (FALSE, FALSE, sizeof (LabelSum));
  gint64 grand = 0;

  for (guint c = 0; c < hp_table_get_n_columns (first); c++)
    hp_table_add_column (out, hp_table_get_column_name (first, c), hp_table_get_column_type (first, c),
                         hp_table_get_column_unit (first, c));
  for (guint k = 0; k < per_rank->len; k++)
    {
      HpTable *t = per_rank->pdata[k];

      for (guint i = 0; i < hp_table_get_n_rows (t); i++)
        {
          const char *label = hp_table_get_string (t, i, 0);
          gint64      v = compat ? hp_table_get_int (t, i, 1) : us_to_ns (hp_table_get_double (t, i, 1));
          guint       j;

          for (j = 0; j < sums->len; j++)
            if (strcmp (g_array_index (sums, LabelSum, j).label, label) == 0)
              break;
          if (j == sums->len)
            {
              LabelSum ls = { g_intern_string (label), 0 };

              g_array_append_val (sums, ls);
            }
          g_array_index (sums, LabelSum, j).sum += v;
        }
    }
  for (guint j = 0; j < sums->len; j++)
    grand += g_array_index (sums, LabelSum, j).sum;
  g_array_sort (sums, cmp_label_sum);
  for (guint j = 0; j < sums->len; j++)
    {
      const LabelSum *ls = &g_array_index (sums, LabelSum, j);
      guint           row = hp_table_append_row (out);

      hp_table_set_string (out, row, 0, ls->label);
      if (compat)
        hp_table_set_int (out, row, 1, ls->sum);
      else
        hp_table_set_double (out, row, 1, hp_ns_to_us (ls->sum));
      hp_table_set_double (out, row, 2,
                           grand != 0 ? hp_round_half_even (100.0 * (double)ls->sum / (double)grand, 1) : NAN);
    }
  return out;
}

typedef struct
{
  HpTable *table;
  int      type, name, rank;
} KernelOrder;

static int
cmp_kernel_rows (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const KernelOrder *o = user_data;
  guint              x = *(const guint *)a;
  guint              y = *(const guint *)b;
  int                c = strcmp (hp_table_get_string (o->table, x, o->type), hp_table_get_string (o->table, y, o->type));
  gint64             rx, ry;

  if (c != 0)
    return c;
  c = strcmp (hp_table_get_string (o->table, x, o->name), hp_table_get_string (o->table, y, o->name));
  if (c != 0)
    return c;
  rx = hp_table_get_int (o->table, x, o->rank);
  ry = hp_table_get_int (o->table, y, o->rank);
  return (rx > ry) - (rx < ry);
}

/* gpu_kernel_breakdown_kernels: by kernel type, name and rank */
static HpTable *
merge_kernels (GPtrArray *per_rank)
{
  HpTable    *out = concat (per_rank);
  KernelOrder o = { out, hp_table_find_column (out, "kernel_type"), hp_table_find_column (out, "name"),
                    hp_table_find_column (out, "rank") };

  if (o.type >= 0 && o.name >= 0 && o.rank >= 0)
    hp_table_sort (out, cmp_kernel_rows, &o);
  return out;
}

/* queue_full_blocked_at_observed_max: the rows of the ranks whose longest
 * queue is the job's; the others never reach it */
static HpTable *
merge_observed_max (GPtrArray *per_rank)
{
  g_autoptr (GPtrArray) kept = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  gint64 max = G_MININT64;
  int    c = hp_table_find_column (per_rank->pdata[0], "max_queue_length_used");

  if (c < 0)
    return concat (per_rank);
  for (guint k = 0; k < per_rank->len; k++)
    {
      HpTable *t = per_rank->pdata[k];

      for (guint i = 0; i < hp_table_get_n_rows (t); i++)
        max = MAX (max, hp_table_get_int (t, i, c));
    }
  for (guint k = 0; k < per_rank->len; k++)
    {
      HpTable *t = per_rank->pdata[k];
      g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint i = 0; i < hp_table_get_n_rows (t); i++)
        if (hp_table_get_int (t, i, c) == max)
          g_array_append_val (rows, i);
      g_ptr_array_add (kept, hp_table_select_rows (t, (const guint *)(gconstpointer)rows->data, rows->len));
    }
  return concat (kept);
}

static HpTable *
merge_table (GPtrArray *per_rank)
{
  const char *name = hp_table_get_name (per_rank->pdata[0]);

  if (strcmp (name, "gpu_kernel_breakdown_kernel_type") == 0)
    return merge_kernel_types (per_rank);
  if (strcmp (name, "gpu_kernel_breakdown_kernels") == 0)
    return merge_kernels (per_rank);
  if (strcmp (name, "queue_full_blocked_at_observed_max") == 0)
    return merge_observed_max (per_rank);
  return concat (per_rank);
}

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

  g_return_val_if_fail (summaries != NULL, NULL);

  if (!analysis->in_default_set)
    why = "needs every event of the trace";
  else if (hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT && analysis == &hp_aten_op_delay_analysis)
    why = "with --hta-compat searches the enclosing operator on every rank's threads";
  else if (hp_trace_get_scope (trace) != NULL)
    why = "on a part of the trace needs its events";
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
          shift_time_column (got->pdata[t], "ts", job_offset (trace, s));
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
          merged = merge_table (one);
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
  _hp_health_report_add_finding (report, -1, NULL, "summaries-only", HP_HEALTH_INFO, summaries->len,
                                 "opened from rank summaries: the checks across ranks (clock skew, unpaired "
                                 "collectives) need the traces loaded in full",
                                 g_new0 (HpHealthVerdict, MAX (n_analyses, 1)));
  return report;
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
  out->start = start + job_offset (trace, s);
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

static const HpTraceSummaryHooks job_hooks = {
  .run = job_run,
  .health = job_health,
  .step_durations = job_step_durations,
  .step_figures = job_step_figures,
  .comm_kernel_sums = job_comm_kernel_sums,
  .check_rank = job_check_rank,
  .ops_summary = job_ops_summary,
};

static int
cmp_summary_rank (gconstpointer a,
                  gconstpointer b)
{
  const HpSummary *x = *(HpSummary *const *)a;
  const HpSummary *y = *(HpSummary *const *)b;

  return (x->rank > y->rank) - (x->rank < y->rank);
}

static HpRank *
stub_rank (HpSummary  *s,
           const char *path)
{
  HpRank     *r = g_new0 (HpRank, 1);
  const char *metadata = NULL;
  JsonNode   *node;

  r->rank = s->rank;
  r->path = g_strdup (path);
  r->basename = g_path_get_basename (path);
  r->device_type = g_strdup (s->device_type != NULL ? s->device_type : "UNKNOWN GPU");
  r->file_bytes = s->trace_bytes;
  r->json_bytes = s->json_bytes;
  /* no events, but what readers of a rank expect to look up in */
  r->arg_keys = hp_strings_new ();
  g_variant_lookup (s->root, "metadata", "&s", &metadata);
  node = metadata != NULL ? json_from_string (metadata, NULL) : NULL;
  r->metadata = node != NULL ? node : json_node_init_object (json_node_alloc (), json_object_new ());
  return r;
}

static void
add_issues (GListStore *issues,
            HpSummary  *s,
            HpMode      mode)
{
  g_autoptr (GVariant) all = g_variant_lookup_value (s->root, "issues", G_VARIANT_TYPE_VARDICT);
  g_autoptr (GVariant) list = all != NULL ? g_variant_lookup_value (all, mode == HP_MODE_HTA_COMPAT ? "hta-compat" : "default",
                                                                    G_VARIANT_TYPE ("a(yis)"))
                                          : NULL;

  for (gsize i = 0; list != NULL && i < g_variant_n_children (list); i++)
    {
      const char *message;
      guchar      severity;
      int         code;

      g_variant_get_child (list, i, "(yi&s)", &severity, &code, &message);
      _hp_load_issue_add (issues, s->trace_path, MIN (severity, HP_LOAD_ISSUE_INFO), code, "%s", message);
    }
}

static gboolean
is_trace_name (const char *name)
{
  return !hp_memory_timeline_is_export (name) && (g_str_has_suffix (name, ".json") || g_str_has_suffix (name, ".gz"));
}

static int
cmp_path (gconstpointer a,
          gconstpointer b)
{
  return strcmp (*(char *const *)a, *(char *const *)b);
}

/* the summaries and trace files of @paths, folders expanded (not
 * recursively) and sorted; other files go to @others */
static gboolean
collect (const char *const *paths,
         GPtrArray         *found,
         GPtrArray         *others,
         GListStore        *issues,
         GError           **error)
{
  guint n_paths = g_strv_length ((char **)paths);

  for (guint k = 0; k < n_paths; k++)
    {
      g_autoptr (GError) local_error = NULL;
      g_autoptr (GPtrArray) in_dir = NULL;
      GDir *dir;

      if (!g_file_test (paths[k], G_FILE_TEST_EXISTS))
        {
          if (n_paths == 1)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_FOUND, "%s: no such file or folder", paths[k]);
              return FALSE;
            }
          _hp_load_issue_add (issues, paths[k], HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_NOT_FOUND,
                              "%s: no such file or folder", paths[k]);
          continue;
        }
      if (!g_file_test (paths[k], G_FILE_TEST_IS_DIR))
        {
          g_ptr_array_add (found, g_strdup (paths[k]));
          continue;
        }
      dir = g_dir_open (paths[k], 0, &local_error);
      if (dir == NULL)
        {
          g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: the folder cannot be read: %s",
                       paths[k], local_error->message);
          return FALSE;
        }
      in_dir = g_ptr_array_new ();
      for (const char *name = g_dir_read_name (dir); name != NULL; name = g_dir_read_name (dir))
        {
          char *full = g_build_filename (paths[k], name, NULL);

          if (name[0] == '.' || g_file_test (full, G_FILE_TEST_IS_DIR) ||
              !(hp_path_is_summary (name) || is_trace_name (name)))
            g_ptr_array_add (others, full);
          else
            g_ptr_array_add (in_dir, full);
        }
      g_dir_close (dir);
      g_ptr_array_sort (in_dir, cmp_path);
      for (guint i = 0; i < in_dir->len; i++)
        g_ptr_array_add (found, in_dir->pdata[i]);
    }
  if (found->len == 0)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY, "%s: no summary or trace file", paths[0]);
      return FALSE;
    }
  return TRUE;
}

/**
 * hp_paths_have_summaries:
 *
 * Returns: whether @paths name a summary or a folder that holds one
 */
gboolean
hp_paths_have_summaries (const char *const *paths)
{
  for (guint k = 0; paths != NULL && paths[k] != NULL; k++)
    {
      g_autoptr (GDir) dir = NULL;

      if (hp_path_is_summary (paths[k]))
        return TRUE;
      dir = g_dir_open (paths[k], 0, NULL);
      for (const char *name = dir != NULL ? g_dir_read_name (dir) : NULL; name != NULL; name = g_dir_read_name (dir))
        if (hp_path_is_summary (name))
          return TRUE;
    }
  return FALSE;
}

/**
 * hp_summary_load_paths:
 * @paths: summaries, trace files and folders of them
 *
 * Opens a job from rank summaries; trace files among them (a mixed folder)
 * are summarised on the way. Its analyses of the default set give the
 * tables a full load gives; the others fail, naming the ranks to load.
 *
 * Returns: (transfer full): the job, or %NULL with @error set
 */
HpTrace *
hp_summary_load_paths (const char *const   *paths,
                       const HpLoadOptions *options,
                       GCancellable        *cancellable,
                       GError             **error)
{
  g_autoptr (GPtrArray) summaries = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_summary_unref);
  g_autoptr (GPtrArray) others = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GListStore) issues = g_list_store_new (HP_TYPE_LOAD_ISSUE);
  g_autoptr (GHashTable) union_steps = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) ranks = g_ptr_array_new ();
  g_autoptr (GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  HpMode   mode = options != NULL ? options->mode : HP_MODE_DEFAULT;
  gint64   min_ts = G_MAXINT64;
  HpTrace *trace;

  if (options != NULL && options->include_last_step)
    {
      g_set_error_literal (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY,
                           "summaries keep the last step filtered out: load the traces for --include-last-step");
      return NULL;
    }
  if (!collect (paths, candidates, others, issues, error))
    return NULL;
  for (guint k = 0; k < candidates->len; k++)
    {
      const char *path = candidates->pdata[k];
      g_autoptr (GError) local_error = NULL;
      HpSummary *s;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      s = hp_path_is_summary (path) ? hp_summary_read (path, &local_error)
                                    : hp_summary_new_for_trace (path, cancellable, &local_error);
      if (s == NULL)
        {
          _hp_load_issue_add (issues, path, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s",
                              local_error->message);
          continue;
        }
      s->source = g_strdup (path);
      g_ptr_array_add (summaries, s);
    }
  if (summaries->len == 0)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY, "%s: no summary or trace could be read",
                   paths[0]);
      return NULL;
    }
  g_ptr_array_sort (summaries, cmp_summary_rank);
  for (guint k = 1; k < summaries->len;)
    {
      HpSummary *a = summaries->pdata[k - 1];
      HpSummary *b = summaries->pdata[k];

      if (a->rank == b->rank)
        {
          _hp_load_issue_add (issues, b->source, HP_LOAD_ISSUE_ERROR, HP_LOAD_ERROR_DUPLICATE_RANK,
                              "%s: rank %d is already %s; this file was not used", b->source, b->rank, a->source);
          g_ptr_array_remove_index (summaries, k);
          continue;
        }
      k++;
    }
  for (guint k = 0; k < summaries->len; k++)
    {
      HpSummary *s = summaries->pdata[k];

      min_ts = MIN (min_ts, s->min_ts);
      for (gsize i = 0; s->step_names != NULL && i < g_variant_n_children (s->step_names); i++)
        {
          const char *name;

          g_variant_get_child (s->step_names, i, "&s", &name);
          g_hash_table_add (union_steps, (gpointer)name);
        }
    }
  for (guint k = 0; k < summaries->len; k++)
    {
      HpSummary *s = summaries->pdata[k];
      guint      own = s->step_names != NULL ? g_variant_n_children (s->step_names) : 0;

      add_issues (issues, s, mode);
      /* the last-step filter counts the job's step names */
      if (own != g_hash_table_size (union_steps) && (own >= 2 || g_hash_table_size (union_steps) >= 2))
        _hp_load_issue_add (issues, s->source, HP_LOAD_ISSUE_WARNING, -1,
                            "%s: rank %d has %u of the job's %u steps: its tables were made from its own steps; "
                            "load its trace (%s) with the others to compare",
                            s->source, s->rank, own, g_hash_table_size (union_steps), s->trace_path);
      g_ptr_array_add (ranks, stub_rank (s, s->source));
    }
  for (guint k = 0; k < summaries->len; k++)
    ((HpSummary *)summaries->pdata[k])->job_min_ts = min_ts;
  trace = _hp_trace_new (mode, FALSE, hp_strings_new (), g_steal_pointer (&ranks), g_steal_pointer (&issues),
                         g_steal_pointer (&others), min_ts);
  _hp_trace_set_summaries (trace, summaries, &job_hooks);
  return trace;
}

/* one rank's activity as a Kineto trace: an event per busy bin of each
 * lane, named by its share */
static gboolean
write_activity (HpSummary  *s,
                const char *path,
                GError    **error)
{
  g_autoptr (GArray) lanes = hp_summary_get_lanes (s, s->job_min_ts);
  g_autoptr (GString) out = g_string_new (NULL);
  gboolean first = TRUE;

  const char *metadata = NULL;

  /* the trace's own top-level members (device properties and the like),
   * then its activity as the events */
  g_variant_lookup (s->root, "metadata", "&s", &metadata);
  if (metadata != NULL && metadata[0] == '{' && strchr (metadata, ':') != NULL && g_str_has_suffix (metadata, "}"))
    {
      g_string_append_len (out, metadata, strlen (metadata) - 1);
      g_string_append (out, ", ");
    }
  else
    g_string_append (out, "{");
  if (metadata == NULL || strstr (metadata, "\"distributedInfo\"") == NULL)
    g_string_append_printf (out, "\"distributedInfo\": {\"rank\": %d}, ", s->rank);
  g_string_append (out, "\"traceEvents\": [");
  for (guint l = 0; l < lanes->len; l++)
    {
      const HpSummaryLane *lane = &g_array_index (lanes, HpSummaryLane, l);
      double               width = (double)(lane->end - lane->start) / MAX (lane->n_bins, 1);
      g_autofree char     *name = g_strescape (lane->name != NULL ? lane->name : "", NULL);

      if (name[0] != '\0')
        {
          g_string_append_printf (out,
                                  "%s{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": %" G_GINT64_FORMAT
                                  ", \"tid\": %" G_GINT64_FORMAT ", \"args\": {\"name\": \"%s\"}}",
                                  first ? "" : ",\n", lane->pid, lane->tid, name);
          first = FALSE;
        }
      for (guint b = 0; b < lane->n_bins; b++)
        {
          double start = (double)lane->start + b * width;
          double dur = width * lane->bins[b] / 255.0;

          if (lane->bins[b] == 0 || dur < 1000)
            continue;
          /* times in us, as Kineto writes them; the job starts at 1 s */
          g_string_append_printf (out,
                                  "%s{\"ph\": \"X\", \"cat\": \"%s\", \"name\": \"busy %d%%\", \"pid\": %" G_GINT64_FORMAT
                                  ", \"tid\": %" G_GINT64_FORMAT ", \"ts\": %.3f, \"dur\": %.3f",
                                  first ? "" : ",\n", lane->is_gpu ? "kernel" : "user_annotation",
                                  (int)(lane->bins[b] * 100 / 255), lane->pid, lane->tid, 1e6 + start / 1000.0,
                                  dur / 1000.0);
          if (lane->is_gpu)
            g_string_append_printf (out, ", \"args\": {\"stream\": %" G_GINT64_FORMAT ", \"device\": %" G_GINT64_FORMAT "}",
                                    lane->tid, lane->pid);
          g_string_append (out, "}");
          first = FALSE;
        }
    }
  /* the job's start on every rank, so that all align as the job does */
  g_string_append_printf (out,
                          "%s{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"job start\", \"pid\": 0, "
                          "\"tid\": 0, \"ts\": 1000000, \"dur\": 0}]}\n",
                          first ? "" : ",\n");
  return g_file_set_contents (path, out->str, out->len, error);
}

/**
 * hp_summary_job_with_activity:
 * @job: a job opened from summaries
 *
 * The same job, whose ranks also hold their coarse activity as events (one
 * per busy bin of each lane, named by its share), for a timeline to draw.
 * Its analyses, health and comparisons still come from the summaries.
 *
 * Returns: (transfer full): the job, or %NULL with @error set
 */
HpTrace *
hp_summary_job_with_activity (HpTrace      *job,
                              GCancellable *cancellable,
                              GError      **error)
{
  GPtrArray       *summaries = hp_trace_get_summaries (job);
  g_autofree char *dir = NULL;
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  HpLoadOptions options = { 0 };
  HpTrace      *trace;

  g_return_val_if_fail (summaries != NULL, NULL);

  dir = g_dir_make_tmp ("hotpath-activity-XXXXXX", error);
  if (dir == NULL)
    return NULL;
  for (guint k = 0; k < summaries->len; k++)
    {
      g_autofree char *name = g_strdup_printf ("rank-%d.json", ((HpSummary *)summaries->pdata[k])->rank);
      char            *path = g_build_filename (dir, name, NULL);

      g_ptr_array_add (paths, path);
      if (!write_activity (summaries->pdata[k], path, error))
        break;
    }
  g_ptr_array_add (paths, NULL);
  options.mode = hp_trace_get_mode (job);
  trace = paths->len == summaries->len + 1 ? hp_load_paths ((const char *const *)paths->pdata, &options, cancellable, NULL, error)
                                           : NULL;
  for (guint k = 0; k + 1 < paths->len; k++)
    g_remove (paths->pdata[k]);
  g_rmdir (dir);
  if (trace == NULL)
    return NULL;
  /* the ranks are the summaries' files, with the job's issues */
  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      HpRank    *r = (HpRank *)hp_trace_get_rank (trace, p);
      HpSummary *s = NULL;

      for (guint k = 0; k < summaries->len && s == NULL; k++)
        if (((HpSummary *)summaries->pdata[k])->rank == r->rank)
          s = summaries->pdata[k];
      if (s == NULL)
        continue;
      g_free (r->path);
      g_free (r->basename);
      r->path = g_strdup (s->source);
      r->basename = g_path_get_basename (s->source);
      r->file_bytes = s->trace_bytes;
      r->json_bytes = s->json_bytes;
      if (s->device_type != NULL)
        {
          g_free (r->device_type);
          r->device_type = g_strdup (s->device_type);
        }
    }
  g_list_store_remove_all (G_LIST_STORE (hp_trace_get_issues (trace)));
  for (guint k = 0; k < g_list_model_get_n_items (hp_trace_get_issues (job)); k++)
    {
      g_autoptr (GObject) issue = g_list_model_get_item (hp_trace_get_issues (job), k);

      g_list_store_append (G_LIST_STORE (hp_trace_get_issues (trace)), issue);
    }
  _hp_trace_set_summaries (trace, summaries, &job_hooks);
  return trace;
}
