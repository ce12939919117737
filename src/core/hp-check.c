/* hp-check.c — the regression verdict between a baseline run and a candidate, aware of step-to-step noise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-check.h"
#include "hp-core-private.h"
#include "hp-intervals.h"
#include "hp-job-info.h"
#include "hp-rank-access.h"
#include "hp-stats.h"
#include "hp-step-figures.h"
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
  COL_BASELINE_SLOWEST_RANK,
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

/* one rank of a run: its steps, and what its GPU did in them */
typedef struct
{
  int    rank;
  guint  n_windows; /* its steps, or 1: the whole trace */
  double median_step;
  double busy, idle, exposed; /* us in the windows */
} RankFacts;

/* what one run says about itself */
typedef struct
{
  GArray     *steps; /* double us: every complete step of every rank */
  GArray     *ranks; /* RankFacts */
  gboolean    has_steps;
  guint       n_windows; /* sum over ranks */
  HpTable    *ops;
  GHashTable *op_gpu; /* the outermost op (or the kernel) -> GPU us */
  double      gpu_total;
} RunFacts;

static void
run_facts_clear (RunFacts *facts)
{
  g_clear_pointer (&facts->steps, g_array_unref);
  g_clear_pointer (&facts->ranks, g_array_unref);
  g_clear_pointer (&facts->ops, hp_table_unref);
  g_clear_pointer (&facts->op_gpu, g_hash_table_unref);
}

/* the outermost op around the launch of GPU event @e, or NULL */
static const char *
outer_op (HpTrace      *trace,
          const HpRank *r,
          guint         e)
{
  gint32      at = r->partner[e];
  const char *op = NULL;

  /* a parent chain is never longer than the lane is deep; the bound keeps
   * a malformed chain from looping */
  for (guint hops = 0; at >= 0 && hops <= (guint)r->depth[at] + 1 && hops < 4096; hops++)
    {
      if (r->kind[at] == HP_EVENT_KIND_CPU_OP)
        op = hp_trace_get_string (trace, r->name[at]);
      at = r->parent[at];
    }
  return op;
}

/**
 * _hp_check_rank_gpu:
 * @op_gpu: the GPU time (us) by outermost op, or by kernel when no op
 *   launched it (a `char *` → `double *` table), added to
 * @gpu_total: (inout): the GPU time (us), added to
 * @steps: the durations (us) of the rank's kept steps, appended to
 *
 * What `check` reads of one rank's events besides its step figures.
 */
void
_hp_check_rank_gpu (HpTrace      *trace,
                    const HpRank *r,
                    GHashTable   *op_gpu,
                    double       *gpu_total,
                    GArray       *steps)
{
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint      e = r->rows[k];
      HpInterval span = { hp_rank_get_event_start (r, e), hp_rank_get_event_end (r, e) };

      if (r->flags[e] & HP_EVENT_POISONED)
        continue;
      if (r->flags[e] & HP_EVENT_STEP)
        {
          double us = hp_ns_to_us (span.end - span.start);

          g_array_append_val (steps, us);
        }
      if (hp_rank_is_gpu_activity (r, e) && span.end > span.start)
        {
          const char      *op = outer_op (trace, r, e);
          g_autofree char *key = op != NULL ? g_strdup (op)
                                            : g_strconcat ("kernel: ", hp_trace_get_string (trace, r->name[e]), NULL);
          double          *total = g_hash_table_lookup (op_gpu, key);

          if (total == NULL)
            {
              total = g_new0 (double, 1);
              g_hash_table_insert (op_gpu, g_steal_pointer (&key), total);
            }
          *total += hp_ns_to_us (span.end - span.start);
          *gpu_total += hp_ns_to_us (span.end - span.start);
        }
    }
}

/* one rank's facts: from its events, or from its summary for a job opened
 * from summaries */
static void
gather_rank (HpTrace  *trace,
             guint     position,
             RunFacts *facts)
{
  const HpTraceSummaryHooks *hooks = _hp_trace_get_summary_hooks (trace);
  HpStepFigures              figures;
  RankFacts                  rf;

  if (hooks != NULL && hooks->check_rank != NULL)
    hooks->check_rank (trace, position, facts->op_gpu, &facts->gpu_total, facts->steps);
  else
    _hp_check_rank_gpu (trace, hp_trace_get_rank (trace, position), facts->op_gpu, &facts->gpu_total, facts->steps);
  _hp_trace_step_figures (trace, position, &figures);
  rf.rank = figures.rank;
  rf.n_windows = figures.n_windows;
  rf.median_step = figures.median_step;
  rf.busy = figures.busy;
  rf.idle = figures.idle;
  rf.exposed = figures.exposed;
  facts->has_steps |= figures.has_steps;
  facts->n_windows += rf.n_windows;
  g_array_append_val (facts->ranks, rf);
}

static gboolean
gather (HpTrace      *trace,
        guint         metrics,
        RunFacts     *facts,
        GCancellable *cancellable,
        GError      **error)
{
  GError *local_error = NULL;

  facts->steps = g_array_new (FALSE, FALSE, sizeof (double));
  facts->ranks = g_array_new (FALSE, FALSE, sizeof (RankFacts));
  facts->op_gpu = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      gather_rank (trace, p, facts);
    }
  if (metrics & HP_CHECK_TOP_OPS)
    facts->ops = hp_trace_diff_run_summary (trace, cancellable, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  return TRUE;
}

/* a per-rank figure: its mean over the ranks, the largest and whose it is,
 * and the spread between the largest and the smallest */
typedef struct
{
  double mean;
  double max;
  int    max_rank;
  double spread;
} RankStat;

typedef enum
{
  FIGURE_MEDIAN_STEP,
  FIGURE_BUSY,
  FIGURE_IDLE,
  FIGURE_EXPOSED,
} Figure;

static RankStat
rank_stat (const RunFacts *facts,
           Figure          figure)
{
  RankStat stat = { NAN, NAN, -1, NAN };
  double   sum = 0, lo = INFINITY;
  guint    n = 0;

  for (guint i = 0; i < facts->ranks->len; i++)
    {
      const RankFacts *rf = &g_array_index (facts->ranks, RankFacts, i);
      double           v;

      switch (figure)
        {
        case FIGURE_MEDIAN_STEP:
          v = rf->median_step;
          break;
        case FIGURE_BUSY:
          v = rf->busy / rf->n_windows;
          break;
        case FIGURE_IDLE:
          v = rf->idle / rf->n_windows;
          break;
        case FIGURE_EXPOSED:
        default:
          v = rf->exposed / rf->n_windows;
          break;
        }
      if (isnan (v))
        continue;
      sum += v;
      n++;
      if (isnan (stat.max) || v > stat.max)
        {
          stat.max = v;
          stat.max_rank = rf->rank;
        }
      lo = MIN (lo, v);
    }
  if (n > 0)
    {
      stat.mean = sum / n;
      stat.spread = stat.max - lo;
    }
  return stat;
}

static void
add_metric (HpTable             *table,
            const char          *metric,
            double               baseline,
            double               candidate,
            double               spread,
            const RankStat      *base_ranks,
            const RankStat      *cand_ranks,
            gboolean             comparable,
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
  /* a change from 0 has no percentage */
  hp_table_set_double (table, row, COL_CHANGE_PCT,
                       baseline != 0 && !isnan (change) ? hp_round_half_even (100.0 * change / fabs (baseline), 2)
                                                        : NAN);
  hp_table_set_double (table, row, COL_LIMIT_PCT, params->max_regression_pct);
  hp_table_set_double (table, row, COL_SPREAD_PCT,
                       isnan (spread) || baseline == 0 ? NAN : hp_round_half_even (100.0 * spread / fabs (baseline), 2));

  if (!comparable)
    verdict = "not comparable";
  else if (isnan (baseline) || isnan (candidate))
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

  for (guint k = 0; k < 2; k++)
    {
      const RankStat *stat = k == 0 ? base_ranks : cand_ranks;
      guint           col = COL_BASELINE_SLOWEST_RANK + 3 * k;

      if (stat != NULL && stat->max_rank >= 0)
        {
          hp_table_set_int (table, row, col, stat->max_rank);
          hp_table_set_double (table, row, col + 1, stat->max);
          hp_table_set_double (table, row, col + 2, stat->spread);
        }
      else
        {
          hp_table_set_null (table, row, col);
          hp_table_set_null (table, row, col + 1);
          hp_table_set_null (table, row, col + 2);
        }
    }
}

/* the total and count of an op in a run summary (0 and 0 when it has none) */
static double
op_total (HpTable    *ops,
          const char *cat,
          const char *name,
          gint64     *count)
{
  double total = 0;

  *count = 0;
  for (guint row = 0; ops != NULL && row < hp_table_get_n_rows (ops); row++)
    if (strcmp (hp_table_get_string (ops, row, 1), name) == 0 &&
        g_strcmp0 (hp_table_get_string (ops, row, 0), cat) == 0)
      {
        total += hp_table_get_double (ops, row, 4);
        *count += hp_table_get_int (ops, row, 3);
      }
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

static gboolean
is_container (const char *cat,
              const char *name)
{
  return g_str_has_prefix (name, "ProfilerStep") || g_strcmp0 (cat, "user_annotation") == 0 ||
         g_strcmp0 (cat, "gpu_user_annotation") == 0 || g_strcmp0 (cat, "python_function") == 0;
}

/* the @n costliest ops of @from, annotations and steps left out (they hold
 * the ops) */
static GArray *
top_ops (HpTable *from,
         guint    n)
{
  GArray *ranked = g_array_new (FALSE, FALSE, sizeof (RankedOp));

  for (guint row = 0; from != NULL && row < hp_table_get_n_rows (from); row++)
    {
      RankedOp op = { row, hp_table_get_double (from, row, 4) };

      if (!is_container (hp_table_get_string (from, row, 0), hp_table_get_string (from, row, 1)))
        g_array_append_val (ranked, op);
    }
  g_array_sort (ranked, cmp_ranked_op);
  if (ranked->len > n)
    g_array_set_size (ranked, n);
  return ranked;
}

/* the baseline's costliest ops, per rank and step; an op one run lacks is
 * "missing" or "new", never a change of -100 % */
static void
add_top_ops (HpTable             *table,
             RunFacts            *base,
             RunFacts            *cand,
             gboolean             comparable,
             const HpCheckParams *params,
             gboolean            *regressed)
{
  g_autoptr (GArray) ranked = top_ops (base->ops, params->n_top_ops);
  g_autoptr (GArray) theirs = top_ops (cand->ops, params->n_top_ops);

  for (guint i = 0; i < ranked->len; i++)
    {
      guint            row = g_array_index (ranked, RankedOp, i).row;
      const char      *cat = hp_table_get_string (base->ops, row, 0);
      const char      *name = hp_table_get_string (base->ops, row, 1);
      g_autofree char *metric = g_strdup_printf ("op: %s", name);
      gint64           n_base, n_cand;
      double           b = op_total (base->ops, cat, name, &n_base) / base->n_windows;
      double           c = op_total (cand->ops, cat, name, &n_cand) / cand->n_windows;

      add_metric (table, metric, b, c, NAN, NULL, NULL, comparable, params, regressed);
      if (n_cand == 0 && comparable)
        hp_table_set_string (table, hp_table_get_n_rows (table) - 1, COL_VERDICT, "missing");
    }
  /* the candidate's costliest ops the baseline never runs */
  for (guint i = 0; i < theirs->len; i++)
    {
      guint            row = g_array_index (theirs, RankedOp, i).row;
      const char      *cat = hp_table_get_string (cand->ops, row, 0);
      const char      *name = hp_table_get_string (cand->ops, row, 1);
      g_autofree char *metric = g_strdup_printf ("op: %s", name);
      gint64           n_base, n_cand;
      double           c = op_total (cand->ops, cat, name, &n_cand) / cand->n_windows;

      if (op_total (base->ops, cat, name, &n_base) != 0 || n_base > 0)
        continue;
      add_metric (table, metric, 0, c, NAN, NULL, NULL, comparable, params, regressed);
      if (comparable)
        hp_table_set_string (table, hp_table_get_n_rows (table) - 1, COL_VERDICT, "new");
    }
}

/* the share of @facts' GPU time in operations @other also has */
static double
shared_gpu_pct (const RunFacts *facts,
                const RunFacts *other)
{
  GHashTableIter iter;
  gpointer       key, value;
  double         shared = 0;

  if (!(facts->gpu_total > 0))
    return NAN;
  g_hash_table_iter_init (&iter, facts->op_gpu);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_hash_table_contains (other->op_gpu, key))
      shared += *(double *)value;
  return hp_round_half_even (100.0 * shared / facts->gpu_total, 2);
}

static void
describe_run (HpTrace        *trace,
              const RunFacts *facts,
              const RunFacts *other,
              HpCheckRun     *run)
{
  g_autoptr (HpJobInfo) info = hp_job_info_new (trace);
  guint most = 0;

  run->n_ranks = info->n_ranks;
  run->ranks = hp_ranks_to_text ((const int *)(void *)info->ranks->data, info->ranks->len);
  run->missing_ranks = info->missing->len > 0 ? hp_ranks_to_text ((const int *)(void *)info->missing->data,
                                                                  info->missing->len)
                                              : NULL;
  run->devices = g_strdup (info->devices);
  run->profiler = g_strdup (info->profiler);
  for (guint i = 0; facts->has_steps && i < facts->ranks->len; i++)
    most = MAX (most, g_array_index (facts->ranks, RankFacts, i).n_windows);
  run->steps = most;
  run->shared_gpu_pct = shared_gpu_pct (facts, other);
}

/* below this share of GPU time in shared operations, the runs are not the
 * same work */
#define MIN_SHARED_PCT 50.0

static void
judge_comparability (HpCheckComparability *c)
{
  static const char *const who[] = { "baseline", "candidate" };
  HpCheckRun              *b = &c->runs[0], *k = &c->runs[1];

  c->comparable = TRUE;
  if ((b->steps > 0) != (k->steps > 0))
    {
      c->comparable = FALSE;
      g_ptr_array_add (c->warnings,
                       g_strdup_printf ("different step definitions: the %s has %u ProfilerStep%s per rank, the %s "
                                        "none; per-step figures are not compared with whole-trace ones",
                                        who[b->steps > 0 ? 0 : 1], MAX (b->steps, k->steps),
                                        MAX (b->steps, k->steps) == 1 ? "" : "s", who[b->steps > 0 ? 1 : 0]));
    }
  else if (b->steps == 0)
    g_ptr_array_add (c->warnings, g_strdup ("neither run has ProfilerStep: whole traces are compared"));
  for (guint i = 0; i < 2; i++)
    if (c->runs[i].shared_gpu_pct < MIN_SHARED_PCT)
      {
        c->comparable = FALSE;
        g_ptr_array_add (c->warnings,
                         g_strdup_printf ("different models or hardware: only %.2f%% of the %s's GPU time is in "
                                          "operations the %s also runs",
                                          c->runs[i].shared_gpu_pct, who[i], who[1 - i]));
      }
  if (b->n_ranks != k->n_ranks)
    g_ptr_array_add (c->warnings, g_strdup_printf ("different rank counts: %u against %u; per-step figures are per "
                                                   "rank (the mean over ranks, with the slowest rank)",
                                                   b->n_ranks, k->n_ranks));
  for (guint i = 0; i < 2; i++)
    if (c->runs[i].missing_ranks != NULL)
      g_ptr_array_add (c->warnings, g_strdup_printf ("the %s lacks the files of rank%s %s", who[i],
                                                     strpbrk (c->runs[i].missing_ranks, ",–") != NULL ? "s" : "",
                                                     c->runs[i].missing_ranks));
  if (g_strcmp0 (b->devices, k->devices) != 0)
    g_ptr_array_add (c->warnings, g_strdup_printf ("different hardware: %s against %s", b->devices, k->devices));
  if (g_strcmp0 (b->profiler, k->profiler) != 0)
    g_ptr_array_add (c->warnings,
                     g_strdup_printf ("different profiler formats: %s against %s", b->profiler, k->profiler));
}

/**
 * hp_check_comparability_clear:
 *
 * Frees what @comparability holds (not the struct itself).
 */
void
hp_check_comparability_clear (HpCheckComparability *comparability)
{
  for (guint i = 0; i < 2; i++)
    {
      g_clear_pointer (&comparability->runs[i].ranks, g_free);
      g_clear_pointer (&comparability->runs[i].missing_ranks, g_free);
      g_clear_pointer (&comparability->runs[i].devices, g_free);
      g_clear_pointer (&comparability->runs[i].profiler, g_free);
    }
  g_clear_pointer (&comparability->warnings, g_ptr_array_unref);
}

/**
 * hp_check_runs:
 * @baseline: the reference run
 * @candidate: the run under test
 * @regressed: (out): whether a metric regressed
 * @comparability: (out caller-allocates) (optional): what makes the runs
 *   comparable or not; clear it with hp_check_comparability_clear()
 *
 * Compares the median step time, then GPU busy time, idle time and
 * exposed communication per rank and step (the mean over ranks, with the
 * slowest rank and the spread between ranks), and the costliest ops of
 * both runs. Busy, idle and exposed time are those of the GPU work each
 * step launched (hp_step_figures_compute(), as `report --scope step:N`
 * measures them), so the gaps between steps never count; a run without
 * steps is one window, its whole trace. A metric regresses when
 * the candidate is larger by more than @params' limit (and by more than
 * 1 us). When both runs have at least three steps, a step-time regression
 * no larger than the runs' step-to-step spread (the larger interquartile
 * range) is reported as "within noise" and does not count.
 *
 * Runs whose per-step figures cannot be compared (one has steps, the
 * other none) or that share too little work (less than half of either
 * run's GPU time is in operations, the outermost op around each kernel's
 * launch, both have) are "not comparable": their metrics say so instead
 * of a verdict. An op of the baseline the candidate lacks is "missing",
 * a costly op only the candidate has is "new".
 *
 * Returns: (transfer full): the table `check` (metric, baseline,
 *   candidate, change, change_pct, limit_pct, spread_pct, verdict, then
 *   each run's slowest rank, its figure and the spread between ranks), or
 *   NULL with @error set
 */
HpTable *
hp_check_runs (HpTrace              *baseline,
               HpTrace              *candidate,
               const HpCheckParams  *params,
               gboolean             *regressed,
               HpCheckComparability *comparability,
               GCancellable         *cancellable,
               GError              **error)
{
  g_autoptr (HpTable) table = hp_table_new ("check", "Regression check");
  HpCheckComparability  local = { 0 };
  HpCheckComparability *c = comparability != NULL ? comparability : &local;
  RunFacts              base = { 0 }, cand = { 0 };
  GError               *local_error = NULL;

  *regressed = FALSE;
  memset (c, 0, sizeof (*c));
  if (!gather (baseline, params->metrics, &base, cancellable, &local_error) ||
      !gather (candidate, params->metrics, &cand, cancellable, &local_error))
    {
      g_propagate_prefixed_error (error, local_error, "%s: ", cand.steps == NULL ? "baseline" : "candidate");
      run_facts_clear (&base);
      run_facts_clear (&cand);
      return NULL;
    }
  c->warnings = g_ptr_array_new_with_free_func (g_free);
  describe_run (baseline, &base, &cand, &c->runs[0]);
  describe_run (candidate, &cand, &base, &c->runs[1]);
  judge_comparability (c);

  hp_table_add_column (table, "metric", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "baseline", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "candidate", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "change", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "change_pct", HP_COLUMN_DOUBLE, "%");
  hp_table_add_column (table, "limit_pct", HP_COLUMN_DOUBLE, "%");
  hp_table_add_column (table, "spread_pct", HP_COLUMN_DOUBLE, "%");
  hp_table_add_column (table, "verdict", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "baseline_slowest_rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "baseline_slowest", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "baseline_rank_spread", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "candidate_slowest_rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "candidate_slowest", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "candidate_rank_spread", HP_COLUMN_DOUBLE, "us");

  if (params->metrics & HP_CHECK_STEP_TIME)
    {
      HpDescribe b, k;
      double     spread = NAN;
      RankStat   sb = rank_stat (&base, FIGURE_MEDIAN_STEP), sk = rank_stat (&cand, FIGURE_MEDIAN_STEP);

      hp_describe ((double *)(void *)base.steps->data, base.steps->len, &b);
      hp_describe ((double *)(void *)cand.steps->data, cand.steps->len, &k);
      if (b.count >= MIN_STEPS_FOR_SPREAD && k.count >= MIN_STEPS_FOR_SPREAD)
        spread = MAX (b.q75 - b.q25, k.q75 - k.q25);
      add_metric (table, "step_time (median)", b.count > 0 ? b.q50 : NAN, k.count > 0 ? k.q50 : NAN, spread, &sb,
                  &sk, c->comparable, params, regressed);
    }
  {
    static const struct
    {
      guint       flag;
      Figure      figure;
      const char *per_step, *whole;
    } figures[] = {
      { HP_CHECK_GPU_BUSY, FIGURE_BUSY, "gpu_busy (per step)", "gpu_busy (whole trace)" },
      { HP_CHECK_IDLE_TIME, FIGURE_IDLE, "idle_time (per step)", "idle_time (whole trace)" },
      { HP_CHECK_EXPOSED_COMM, FIGURE_EXPOSED, "exposed_comm (per step)", "exposed_comm (whole trace)" },
    };

    for (guint f = 0; f < G_N_ELEMENTS (figures); f++)
      if (params->metrics & figures[f].flag)
        {
          RankStat sb = rank_stat (&base, figures[f].figure), sk = rank_stat (&cand, figures[f].figure);

          add_metric (table, base.has_steps ? figures[f].per_step : figures[f].whole, sb.mean, sk.mean, NAN, &sb,
                      &sk, c->comparable, params, regressed);
        }
  }
  if (params->metrics & HP_CHECK_TOP_OPS)
    add_top_ops (table, &base, &cand, c->comparable, params, regressed);

  run_facts_clear (&base);
  run_facts_clear (&cand);
  hp_check_comparability_clear (&local);
  return g_steal_pointer (&table);
}
