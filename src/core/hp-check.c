/* hp-check.c — the regression verdict between a baseline run and a candidate, aware of step-to-step noise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-check.h"
#include "hp-core-private.h"
#include "hp-compare.h"
#include "hp-stats.h"
#include "hp-trace-diff.h"

/* changes smaller than this (us per step) are never a regression */
#define MIN_CHANGE_US 1.0

/* steps a run needs before its step-to-step spread means something */
#define MIN_STEPS_FOR_SPREAD 3

enum
{
  COL_METRIC,
  COL_BASELINE,
  COL_CANDIDATE,
  COL_CHANGE,
  COL_CHANGE_PCT,
  COL_LIMIT_PCT,
  COL_SPREAD_PCT,
  COL_VERDICT,
};

static const struct
{
  const char *name;
  guint       flag;
} metric_names[] = {
  { "step_time", HP_CHECK_STEP_TIME },
  { "gpu_busy", HP_CHECK_GPU_BUSY },
  { "idle_time", HP_CHECK_IDLE_TIME },
  { "exposed_comm", HP_CHECK_EXPOSED_COMM },
  { "top_ops", HP_CHECK_TOP_OPS },
};

void
hp_check_params_init (HpCheckParams *params)
{
  params->max_regression_pct = 5.0;
  params->metrics = HP_CHECK_ALL;
  params->n_top_ops = 5;
}

/**
 * hp_check_metrics_from_string:
 * @text: "step_time,gpu_busy,idle_time,exposed_comm,top_ops" or "all"
 *
 * Returns: whether every name in @text is a metric
 */
gboolean
hp_check_metrics_from_string (const char *text,
                              guint      *metrics)
{
  g_auto (GStrv) parts = NULL;

  *metrics = HP_CHECK_ALL;
  if (text == NULL || g_ascii_strcasecmp (text, "all") == 0)
    return TRUE;
  *metrics = 0;
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *name = g_strstrip (parts[i]);
      guint       k = 0;

      while (k < G_N_ELEMENTS (metric_names) && strcmp (metric_names[k].name, name) != 0)
        k++;
      if (k == G_N_ELEMENTS (metric_names))
        return FALSE;
      *metrics |= metric_names[k].flag;
    }
  return *metrics != 0;
}

/* what one run says about itself */
typedef struct
{
  GArray  *steps; /* double us: every complete step of every rank */
  double   n_steps;
  double   busy, idle, exposed; /* us per step, NaN when unknown */
  HpTable *ops;
} RunFacts;

static void
run_facts_clear (RunFacts *facts)
{
  g_clear_pointer (&facts->steps, g_array_unref);
  g_clear_pointer (&facts->ops, hp_table_unref);
}

/* the first table of an analysis, or NULL when it has nothing to say */
static HpTable *
analysis_table (HpTrace                *trace,
                const char             *name,
                const HpAnalysisParams *params,
                GCancellable           *cancellable,
                GError                **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GPtrArray) tables = hp_analysis_run (hp_analysis_find (name), trace, params, cancellable, &local_error);

  if (tables == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return tables->len > 0 ? hp_table_ref (tables->pdata[0]) : NULL;
}

static gboolean
gather (HpTrace      *trace,
        guint         metrics,
        RunFacts     *facts,
        GCancellable *cancellable,
        GError      **error)
{
  HpAnalysisParams params;
  guint            most = 0;
  GError          *local_error = NULL;

  facts->steps = g_array_new (FALSE, FALSE, sizeof (double));
  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      const HpRank *r = hp_trace_get_rank (trace, p);
      guint         n = 0;

      /* a job opened from summaries has the durations */
      if (_hp_trace_get_summary_hooks (trace) != NULL)
        {
          g_autoptr (GArray) kept = _hp_trace_get_summary_hooks (trace)->step_durations (trace, p);

          g_array_append_vals (facts->steps, kept->data, kept->len);
          most = MAX (most, kept->len);
          continue;
        }
      for (guint k = 0; k < r->n_rows; k++)
        if (r->flags[r->rows[k]] & HP_EVENT_STEP)
          {
            double us = hp_ns_to_us (hp_rank_dur (r, r->rows[k]));

            g_array_append_val (facts->steps, us);
            n++;
          }
      most = MAX (most, n);
    }
  /* totals are compared per step, so runs of different lengths compare */
  facts->n_steps = MAX (most, 1);
  facts->busy = facts->idle = facts->exposed = NAN;

  hp_analysis_params_init (&params);
  if (metrics & (HP_CHECK_GPU_BUSY | HP_CHECK_IDLE_TIME))
    {
      g_autoptr (HpTable) temporal = analysis_table (trace, "temporal_breakdown", &params, cancellable, &local_error);

      if (temporal != NULL)
        {
          facts->busy = (hp_compare_sum (temporal, NULL, "compute_time(us)") + hp_compare_sum (temporal, NULL, "non_compute_time(us)")) /
                        facts->n_steps;
          facts->idle = hp_compare_sum (temporal, NULL, "idle_time(us)") / facts->n_steps;
        }
    }
  if (local_error == NULL && (metrics & HP_CHECK_EXPOSED_COMM))
    {
      g_autoptr (HpTable) overlap = analysis_table (trace, "comm_comp_overlap", &params, cancellable, &local_error);

      if (overlap != NULL)
        facts->exposed =
            (hp_compare_sum (overlap, NULL, "communication_time(us)") - hp_compare_sum (overlap, NULL, "overlap_time(us)")) /
            facts->n_steps;
    }
  if (local_error == NULL && (metrics & HP_CHECK_TOP_OPS))
    facts->ops = hp_trace_diff_run_summary (trace, cancellable, &local_error);
  hp_analysis_params_clear (&params);

  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  return TRUE;
}

static void
add_metric (HpTable             *table,
            const char          *metric,
            double               baseline,
            double               candidate,
            double               spread,
            const HpCheckParams *params,
            gboolean            *regressed)
{
  guint       row = hp_table_append_row (table);
  double      change = candidate - baseline;
  double      limit = params->max_regression_pct / 100.0 * fabs (baseline);
  const char *verdict;

  hp_table_set_string (table, row, COL_METRIC, metric);
  hp_table_set_double (table, row, COL_BASELINE, baseline);
  hp_table_set_double (table, row, COL_CANDIDATE, candidate);
  hp_table_set_double (table, row, COL_CHANGE, change);
  hp_table_set_double (table, row, COL_CHANGE_PCT,
                       baseline != 0 ? hp_round_half_even (100.0 * change / fabs (baseline), 2) : NAN);
  hp_table_set_double (table, row, COL_LIMIT_PCT, params->max_regression_pct);
  hp_table_set_double (table, row, COL_SPREAD_PCT,
                       isnan (spread) || baseline == 0 ? NAN : hp_round_half_even (100.0 * spread / fabs (baseline), 2));

  if (isnan (baseline) || isnan (candidate))
    verdict = "n/a";
  else if (change > limit && change > MIN_CHANGE_US)
    {
      /* a change the runs' own step-to-step spread covers is noise */
      if (!isnan (spread) && change <= spread)
        verdict = "within noise";
      else
        {
          verdict = "regressed";
          *regressed = TRUE;
        }
    }
  else if (-change > limit && -change > MIN_CHANGE_US)
    verdict = "improved";
  else
    verdict = "ok";
  hp_table_set_string (table, row, COL_VERDICT, verdict);
}

static void
describe_steps (GArray     *steps,
                HpDescribe *out)
{
  hp_describe ((double *)steps->data, steps->len, out);
}

static double
op_total (HpTable    *ops,
          const char *cat,
          const char *name)
{
  double total = 0;

  for (guint row = 0; ops != NULL && row < hp_table_get_n_rows (ops); row++)
    if (strcmp (hp_table_get_string (ops, row, 1), name) == 0 &&
        g_strcmp0 (hp_table_get_string (ops, row, 0), cat) == 0)
      total += hp_table_get_double (ops, row, 4);
  return total;
}

typedef struct
{
  guint  row;
  double total;
} RankedOp;

static int
cmp_ranked_op (gconstpointer a,
               gconstpointer b)
{
  const RankedOp *x = a;
  const RankedOp *y = b;

  if (x->total != y->total)
    return x->total > y->total ? -1 : 1;
  return (x->row > y->row) - (x->row < y->row);
}

/* the ops that take the most time in the baseline, annotations and steps
 * left out (they hold the ops) */
static void
add_top_ops (HpTable             *table,
             RunFacts            *base,
             RunFacts            *cand,
             const HpCheckParams *params,
             gboolean            *regressed)
{
  g_autoptr (GArray) ranked = g_array_new (FALSE, FALSE, sizeof (RankedOp));

  for (guint row = 0; row < hp_table_get_n_rows (base->ops); row++)
    {
      const char *cat = hp_table_get_string (base->ops, row, 0);
      const char *name = hp_table_get_string (base->ops, row, 1);
      RankedOp    op = { row, hp_table_get_double (base->ops, row, 4) };

      if (g_str_has_prefix (name, "ProfilerStep") || g_strcmp0 (cat, "user_annotation") == 0 ||
          g_strcmp0 (cat, "gpu_user_annotation") == 0 || g_strcmp0 (cat, "python_function") == 0)
        continue;
      g_array_append_val (ranked, op);
    }
  g_array_sort (ranked, cmp_ranked_op);
  for (guint i = 0; i < ranked->len && i < params->n_top_ops; i++)
    {
      guint            row = g_array_index (ranked, RankedOp, i).row;
      const char      *cat = hp_table_get_string (base->ops, row, 0);
      const char      *name = hp_table_get_string (base->ops, row, 1);
      g_autofree char *metric = g_strdup_printf ("op: %s", name);

      add_metric (table, metric, op_total (base->ops, cat, name) / base->n_steps,
                  op_total (cand->ops, cat, name) / cand->n_steps, NAN, params, regressed);
    }
}

/**
 * hp_check_runs:
 * @baseline: the reference run
 * @candidate: the run under test
 * @regressed: (out): whether a metric regressed
 *
 * Compares the median step time, GPU busy time, idle time, exposed
 * communication (all per step, summed over ranks) and the baseline's
 * costliest ops. A metric regresses when the candidate is larger by more
 * than @params' limit (and by more than 1 us). When both runs have at
 * least three steps, a step-time regression no larger than the runs'
 * step-to-step spread (the larger interquartile range) is reported as
 * "within noise" and does not count.
 *
 * Returns: (transfer full): the table `check` (metric, baseline,
 *   candidate, change, change_pct, limit_pct, spread_pct, verdict), or
 *   NULL with @error set
 */
HpTable *
hp_check_runs (HpTrace             *baseline,
               HpTrace             *candidate,
               const HpCheckParams *params,
               gboolean            *regressed,
               GCancellable        *cancellable,
               GError             **error)
{
  g_autoptr (HpTable) table = hp_table_new ("check", "Regression check");
  RunFacts base = { 0 }, cand = { 0 };
  GError  *local_error = NULL;

  *regressed = FALSE;
  if (!gather (baseline, params->metrics, &base, cancellable, &local_error) ||
      !gather (candidate, params->metrics, &cand, cancellable, &local_error))
    {
      g_propagate_prefixed_error (error, local_error, "%s: ", cand.steps == NULL ? "baseline" : "candidate");
      run_facts_clear (&base);
      run_facts_clear (&cand);
      return NULL;
    }

  hp_table_add_column (table, "metric", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "baseline", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "candidate", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "change", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "change_pct", HP_COLUMN_DOUBLE, "%");
  hp_table_add_column (table, "limit_pct", HP_COLUMN_DOUBLE, "%");
  hp_table_add_column (table, "spread_pct", HP_COLUMN_DOUBLE, "%");
  hp_table_add_column (table, "verdict", HP_COLUMN_STRING, NULL);

  if (params->metrics & HP_CHECK_STEP_TIME)
    {
      HpDescribe b, c;
      double     spread = NAN;

      describe_steps (base.steps, &b);
      describe_steps (cand.steps, &c);
      if (b.count >= MIN_STEPS_FOR_SPREAD && c.count >= MIN_STEPS_FOR_SPREAD)
        spread = MAX (b.q75 - b.q25, c.q75 - c.q25);
      add_metric (table, "step_time (median)", b.q50, c.q50, spread, params, regressed);
    }
  if (params->metrics & HP_CHECK_GPU_BUSY)
    add_metric (table, "gpu_busy (per step)", base.busy, cand.busy, NAN, params, regressed);
  if (params->metrics & HP_CHECK_IDLE_TIME)
    add_metric (table, "idle_time (per step)", base.idle, cand.idle, NAN, params, regressed);
  if (params->metrics & HP_CHECK_EXPOSED_COMM)
    add_metric (table, "exposed_comm (per step)", base.exposed, cand.exposed, NAN, params, regressed);
  if (params->metrics & HP_CHECK_TOP_OPS)
    add_top_ops (table, &base, &cand, params, regressed);

  run_facts_clear (&base);
  run_facts_clear (&cand);
  return g_steal_pointer (&table);
}
