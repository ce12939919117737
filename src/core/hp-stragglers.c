/* hp-stragglers.c — profiler steps and potential straggler ranks (docs/analyses.md §14).
 *
 * What a rank summary keeps for them, and their inputs read back from
 * summaries, are in hp-stragglers-summary.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-numpy-sort-private.h"
#include "hp-stats.h"
#include "hp-stragglers-private.h"
#include "hp-stragglers.h"
#include "hp-summary-private.h"

/* HTA's comm kernel names (docs/analyses.md §14.2): `ncclKernel…` only */
#define HTA_COMM_PREFIX "ncclKernel"

void
_hp_stragglers_name_cache_init (NameCache *cache,
                                HpTrace   *trace)
{
  cache->trace = trace;
  cache->n = hp_trace_get_n_strings (trace);
  cache->step = g_new0 (gint32, cache->n);
  cache->comm = g_new0 (guint8, cache->n);
}

void
_hp_stragglers_name_cache_clear (NameCache *cache)
{
  g_clear_pointer (&cache->step, g_free);
  g_clear_pointer (&cache->comm, g_free);
}

static int
name_step (NameCache *cache,
           guint32    name)
{
  if (name >= cache->n)
    return -1;
  if (cache->step[name] == 0)
    cache->step[name] = hp_trace_step_number (cache->trace, name) + 2;
  return cache->step[name] - 2;
}

/* HTA-compatibility mode: the name starts with `ncclKernel` */
static gboolean
name_is_hta_comm (NameCache *cache,
                  guint32    name)
{
  if (name >= cache->n)
    return FALSE;
  if (cache->comm[name] == 0)
    {
      const char *s = hp_trace_get_string (cache->trace, name);

      cache->comm[name] = s != NULL && g_str_has_prefix (s, HTA_COMM_PREFIX) ? 2 : 1;
    }
  return cache->comm[name] == 2;
}

static int
compare_int (gconstpointer a,
             gconstpointer b)
{
  int x = *(const int *)a;
  int y = *(const int *)b;

  return (x > y) - (x < y);
}

/* Sorted and without repeats, in place */
void
_hp_stragglers_sort_unique_ints (GArray *array)
{
  guint out = 0;

  g_array_sort (array, compare_int);
  for (guint i = 0; i < array->len; i++)
    if (out == 0 || g_array_index (array, int, i) != g_array_index (array, int, out - 1))
      g_array_index (array, int, out++) = g_array_index (array, int, i);
  g_array_set_size (array, out);
}

gboolean
_hp_stragglers_int_array_contains (GArray *sorted,
                                   int     value)
{
  guint lo = 0, hi = sorted->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      int   v = g_array_index (sorted, int, mid);

      if (v == value)
        return TRUE;
      if (v < value)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

/* The mean iteration over the steps the events fell in (@any: whether
 * one did), or an error naming the steps looked at. */
gboolean
_hp_stragglers_mean_iteration (Straggle *s,
                               gboolean  any,
                               GArray   *iterations,
                               gint64    t_max,
                               GError  **error)
{
  if (!any)
    {
      g_autofree char *steps = _hp_stragglers_format_int_list (s->valid);

      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                   "no event of the selected ranks is in the profiler steps %s", steps);
      return FALSE;
    }
  _hp_stragglers_sort_unique_ints (iterations);
  s->mean_iter = (double)(t_max - s->t_min) / (double)iterations->len;
  return TRUE;
}

/* Without a communication kernel long enough to count, no straggler can be
 * named: the error says which steps were looked at. */
gboolean
_hp_stragglers_check_kernels (Straggle *s,
                              GError  **error)
{
  g_autofree char *steps = NULL;

  if (s->kernels->len > 0)
    return TRUE;
  steps = _hp_stragglers_format_int_list (s->valid);
  g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
               s->compat ? "no ncclKernel… kernel on a stream > 0 lasts 1%% of an iteration in the "
                           "profiler steps %s"
                         : "no communication kernel lasts 1%% of an iteration in the profiler "
                           "steps %s",
               steps);
  return FALSE;
}

char *
_hp_stragglers_format_int_list (GArray *array)
{
  GString *s = g_string_new ("[");

  for (guint i = 0; array != NULL && i < array->len; i++)
    g_string_append_printf (s, "%s%d", i > 0 ? ", " : "", g_array_index (array, int, i));
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

GArray *
_hp_stragglers_collect_steps (HpTrace   *trace,
                              GPtrArray *ranks,
                              NameCache *cache)
{
  GArray *steps = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint k = 0; k < ranks->len; k++)
    {
      const HpRank *r = ranks->pdata[k];

      for (guint i = 0; i < r->n_rows; i++)
        {
          int step = name_step (cache, r->name[r->rows[i]]);

          if (step >= 0)
            g_array_append_val (steps, step);
        }
    }
  _hp_stragglers_sort_unique_ints (steps);
  return steps;
}

/**
 * hp_profiler_steps:
 * @trace: a loaded trace
 * @params: (nullable): the rank selection, or %NULL for every rank
 * @error: return location for a #GError
 *
 * HTA's `get_profiler_steps()` (docs/analyses.md §14.1): the step numbers of
 * the `ProfilerStep#N` events the selected ranks keep for analysis, so the
 * dropped last step is not listed unless the trace was loaded with it.
 *
 * Returns: (transfer full) (element-type int): the steps, ascending; %NULL
 *   with %HP_ANALYSIS_ERROR_NO_SUCH_RANK for a selected rank not in @trace
 */
GArray *
hp_profiler_steps (HpTrace                *trace,
                   const HpAnalysisParams *params,
                   GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  NameCache cache;
  GArray   *steps;

  g_return_val_if_fail (trace != NULL, NULL);

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return NULL;
  _hp_stragglers_name_cache_init (&cache, trace);
  steps = _hp_stragglers_collect_steps (trace, ranks, &cache);
  _hp_stragglers_name_cache_clear (&cache);
  return steps;
}

/* (rank, stream, iteration, name) then table order: HTA's groupby keys */
static int
compare_group_then_seq (gconstpointer a,
                        gconstpointer b)
{
  const CommKernel *x = a;
  const CommKernel *y = b;

  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  if (x->stream != y->stream)
    return x->stream < y->stream ? -1 : 1;
  if (x->iteration != y->iteration)
    return x->iteration < y->iteration ? -1 : 1;
  if (x->name != y->name)
    return x->name < y->name ? -1 : 1;
  return (x->seq > y->seq) - (x->seq < y->seq);
}

static gboolean
same_group (const CommKernel *x,
            const CommKernel *y)
{
  return x->rank == y->rank && x->stream == y->stream && x->iteration == y->iteration && x->name == y->name;
}

static const char *
kernel_name (Straggle *s,
             guint32   name)
{
  return s->local_names != NULL ? s->local_names->pdata[name] : hp_trace_get_string (s->trace, name);
}

/* (stream, name, iteration, rank), for the spread across ranks: names by
 * their text, so that a trace (whose ids follow the file) and summaries
 * (whose ids follow the ranks' kernels) order them alike */
static int
compare_kernel_first (gconstpointer a,
                      gconstpointer b,
                      gpointer      user_data)
{
  Straggle         *s = user_data;
  const CommKernel *kept = (const CommKernel *)(void *)s->kept->data;
  const CommKernel *x = &kept[*(const guint *)a];
  const CommKernel *y = &kept[*(const guint *)b];

  if (x->stream != y->stream)
    return x->stream < y->stream ? -1 : 1;
  if (x->name != y->name)
    {
      int c = strcmp (kernel_name (s, x->name), kernel_name (s, y->name));

      if (c != 0)
        return c;
    }
  if (x->iteration != y->iteration)
    return x->iteration < y->iteration ? -1 : 1;
  return (x->rank > y->rank) - (x->rank < y->rank);
}

gboolean
_hp_stragglers_is_comm_kernel (Straggle     *s,
                               const HpRank *r,
                               guint         e)
{
  if (s->compat)
    return name_is_hta_comm (&s->names, r->name[e]);
  return r->kind[e] == HP_EVENT_KIND_KERNEL && r->kclass[e] == HP_KERNEL_CLASS_COMMUNICATION;
}

/* t_min, the mean iteration and the long communication kernels of the
 * rows whose iteration is a valid step (docs/analyses.md §14.2 step 3) */
static gboolean
find_long_comm_kernels (Straggle     *s,
                        GCancellable *cancellable,
                        GError      **error)
{
  g_autoptr (GArray) iterations = g_array_new (FALSE, FALSE, sizeof (int));
  gint64   t_max = G_MININT64;
  gboolean any = FALSE;
  double   min_dur;
  guint32  seq = 0;

  s->t_min = G_MAXINT64;
  for (guint k = 0; k < s->ranks->len; k++)
    {
      const HpRank *r = s->ranks->pdata[k];
      int           last = G_MININT;

      for (guint i = 0; i < r->n_rows; i++)
        {
          guint e = r->rows[i];
          int   it = hp_rank_iteration (r, e);

          if (hp_analysis_check_cancelled (cancellable, i, error))
            return FALSE;
          if (!_hp_stragglers_int_array_contains (s->valid, it))
            continue;
          any = TRUE;
          s->t_min = MIN (s->t_min, r->ts[e]);
          t_max = MAX (t_max, hp_rank_end (r, e));
          if (it != last)
            {
              g_array_append_val (iterations, it);
              last = it;
            }
        }
    }
  if (!_hp_stragglers_mean_iteration (s, any, iterations, t_max, error))
    return FALSE;
  min_dur = s->mean_iter * MIN_NORMALIZED_DURATION;

  s->kernels = g_array_new (FALSE, FALSE, sizeof (CommKernel));
  for (guint k = 0; k < s->ranks->len; k++)
    {
      const HpRank *r = s->ranks->pdata[k];

      for (guint i = 0; i < r->n_rows; i++, seq++)
        {
          guint      e = r->rows[i];
          int        it = hp_rank_iteration (r, e);
          CommKernel kernel;

          /* HTA skips iteration 0 (`iteration > 0`); step 0 is a step */
          if ((r->flags[e] & HP_EVENT_G3) == 0 || it < 0 || (s->compat && it == 0) ||
              (double)hp_rank_dur (r, e) < min_dur || !_hp_stragglers_int_array_contains (s->valid, it) || !_hp_stragglers_is_comm_kernel (s, r, e))
            continue;
          kernel = (CommKernel){ r->rank, it, hp_rank_stream (r, e), r->name[e], seq, r->ts[e], hp_rank_dur (r, e) };
          g_array_append_val (s->kernels, kernel);
        }
    }
  return _hp_stragglers_check_kernels (s, error);
}

static void
keep_one_per_group (Straggle *s)
{
  CommKernel *k = (CommKernel *)(void *)s->kernels->data;
  guint       n = s->kernels->len;

  g_array_sort (s->kernels, compare_group_then_seq);
  s->kept = g_array_new (FALSE, FALSE, sizeof (CommKernel));
  for (guint i = 0; i < n;)
    {
      guint j = i + 1;
      guint pick = i;

      while (j < n && same_group (&k[i], &k[j]))
        j++;
      if (s->compat)
        pick = j - 1;
      else
        for (guint m = i; m < j; m++)
          if (k[m].ts >= k[pick].ts)
            pick = m;
      g_array_append_val (s->kept, k[pick]);
      i = j;
    }
}

/* The (stream, name) whose normalised duration varies most across ranks,
 * averaged over iterations; of equal ones, the first by stream, then name
 * (as text, so traces and summaries pick the same). Without any spread
 * (one rank, or each kernel on one rank only) HTA fails; we take the
 * (stream, name) with the most kernels instead. */
static void
choose_kernel (Straggle *s)
{
  const CommKernel  *kept = (const CommKernel *)(void *)s->kept->data;
  guint              n = s->kept->len;
  g_autofree guint  *order = g_new (guint, n);
  g_autofree double *durations = g_new (double, n);
  double             best = NAN;
  guint              best_count = 0;

  for (guint i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, (gint)n, sizeof (guint), compare_kernel_first, s);

  s->stream = kept[order[0]].stream;
  s->name = kept[order[0]].name;
  for (guint i = 0; i < n;)
    {
      const CommKernel *first = &kept[order[i]];
      double            sum = 0;
      guint             n_defined = 0;
      guint             j = i;

      /* one (stream, name): its iterations */
      while (j < n && kept[order[j]].stream == first->stream && kept[order[j]].name == first->name)
        {
          guint  m = j, n_dur = 0;
          double std;

          while (m < n && kept[order[m]].stream == first->stream && kept[order[m]].name == first->name &&
                 kept[order[m]].iteration == kept[order[j]].iteration)
            {
              durations[n_dur++] = (double)kept[order[m]].dur / s->mean_iter;
              m++;
            }
          std = hp_sample_std (durations, n_dur);
          if (!isnan (std))
            {
              sum += std;
              n_defined++;
            }
          j = m;
        }

      if (n_defined > 0 && (isnan (best) || sum / n_defined > best))
        {
          best = sum / n_defined;
          s->stream = first->stream;
          s->name = first->name;
        }
      if (isnan (best) && j - i > best_count)
        {
          best_count = j - i;
          s->stream = first->stream;
          s->name = first->name;
        }
      i = j;
    }
  s->spread_undefined = isnan (best);
}

/* Steps 4 and 5 of docs/analyses.md §14.2 on the candidate kernels: flags per
 * iteration, the score per rank, the ranks named */
static void
score_ranks (Straggle *s,
             HpTable  *metric,
             HpTable  *result)
{
  const CommKernel *kept = (const CommKernel *)(void *)s->kept->data;
  g_autoptr (GArray) cand = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) scores = g_array_new (FALSE, FALSE, sizeof (RankScore));
  g_autofree double *values = NULL;
  g_autofree gint64 *flags = NULL;
  guint              k = (guint)MAX (1, hp_analysis_params_get_int (s->params, &hp_stragglers_num_candidates_spec));
  guint              n_named;

  for (guint i = 0; i < s->kept->len; i++)
    if (kept[i].stream == s->stream && kept[i].name == s->name)
      g_array_append_val (cand, i);

  /* per iteration: a rank is flagged when its start is among the k
   * latest (ties included); HTA's one-iteration case is the same */
  values = g_new (double, cand->len);
  flags = g_new0 (gint64, cand->len);
  {
    g_autoptr (GArray) its = g_array_new (FALSE, FALSE, sizeof (int));

    for (guint c = 0; c < cand->len; c++)
      g_array_append_val (its, kept[g_array_index (cand, guint, c)].iteration);
    _hp_stragglers_sort_unique_ints (its);
    for (guint t = 0; t < its->len; t++)
      {
        int    it = g_array_index (its, int, t);
        guint  n = 0;
        double threshold;

        if (it < 0)
          continue;
        for (guint c = 0; c < cand->len; c++)
          if (kept[g_array_index (cand, guint, c)].iteration == it)
            values[n++] = (double)(kept[g_array_index (cand, guint, c)].ts - s->t_min) / s->mean_iter;
        threshold = _hp_stragglers_kth_largest (values, n, k);
        for (guint c = 0; c < cand->len; c++)
          {
            const CommKernel *kk = &kept[g_array_index (cand, guint, c)];

            if (kk->iteration == it)
              flags[c] = (double)(kk->ts - s->t_min) / s->mean_iter >= threshold;
          }
      }
  }

  /* the metric rows, and the score per rank (candidates are sorted by
   * rank, then iteration) */
  for (guint c = 0; c < cand->len; c++)
    {
      const CommKernel *kk = &kept[g_array_index (cand, guint, c)];
      guint             row = hp_table_append_row (metric);

      hp_table_set_int (metric, row, MCOL_RANK, kk->rank);
      hp_table_set_int (metric, row, MCOL_ITERATION, kk->iteration);
      hp_table_set_int (metric, row, MCOL_STREAM, kk->stream);
      hp_table_set_string (metric, row, MCOL_NAME, kernel_name (s, kk->name));
      hp_table_set_double (metric, row, MCOL_TS, hp_ns_to_us (kk->ts));
      hp_table_set_double (metric, row, MCOL_DUR, hp_ns_to_us (kk->dur));
      hp_table_set_double (metric, row, MCOL_START, (double)(kk->ts - s->t_min) / s->mean_iter);
      hp_table_set_double (metric, row, MCOL_DURATION, (double)kk->dur / s->mean_iter);
      hp_table_set_int (metric, row, MCOL_IS_STRAGGLER, flags[c]);

      if (scores->len == 0 || g_array_index (scores, RankScore, scores->len - 1).rank != kk->rank)
        {
          RankScore rs = { kk->rank, 0 };

          g_array_append_val (scores, rs);
        }
      g_array_index (scores, RankScore, scores->len - 1).score += flags[c];
    }

  if (s->compat)
    _hp_stragglers_sort_scores ((RankScore *)(void *)scores->data, scores->len);
  else
    g_array_sort (scores, _hp_stragglers_compare_scores);

  n_named = MIN (k, scores->len);
  for (guint i = 0; i < scores->len; i++)
    {
      guint row = hp_table_append_row (result);

      hp_table_set_int (result, row, 0, g_array_index (scores, RankScore, i).rank);
      hp_table_set_int (result, row, 1, g_array_index (scores, RankScore, i).score);
      hp_table_set_int (result, row, 2, i < n_named);
    }

  /* the default mode lists every rank: one without the kernel has no
   * score (it may be the one that never reached the collective) */
  if (!s->compat)
    for (guint r = 0; r < s->ranks->len; r++)
      {
        const HpRank *rank = s->ranks->pdata[r];
        gboolean      found = FALSE;

        for (guint i = 0; i < scores->len && !found; i++)
          found = g_array_index (scores, RankScore, i).rank == rank->rank;
        if (!found)
          {
            guint row = hp_table_append_row (result);

            hp_table_set_int (result, row, 0, rank->rank);
            hp_table_set_null (result, row, 1);
            hp_table_set_int (result, row, 2, 0);
          }
      }
}

static void
straggle_clear (Straggle *s)
{
  g_clear_pointer (&s->ranks, g_ptr_array_unref);
  g_clear_pointer (&s->valid, g_array_unref);
  g_clear_pointer (&s->kernels, g_array_unref);
  g_clear_pointer (&s->kept, g_array_unref);
  g_clear_pointer (&s->local_names, g_ptr_array_unref);
  g_clear_pointer (&s->local_ids, g_hash_table_unref);
  _hp_stragglers_name_cache_clear (&s->names);
}

/**
 * hp_stragglers_compute:
 * @trace: a loaded trace
 * @params: the rank selection, `steps` (none = every step) and
 *   `num_candidates`
 * @tables: (element-type HpTable): where the `potential_stragglers`,
 *   `straggler_metric` and `profiler_steps` tables are appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * HTA's `get_potential_stragglers()` (docs/analyses.md §14.2): the ranks whose
 * dominant communication kernel starts latest. Over the rows of the
 * requested steps, communication kernels lasting at least 1% of the mean
 * iteration are kept, one per (rank, stream, step, name); the (stream,
 * name) whose duration varies most across ranks gives the metric, its
 * start relative to the first step in mean iterations. Per step the
 * `num_candidates` latest ranks (ties included) are flagged; a rank's
 * score is its number of flags, and the `num_candidates` best scores are
 * the candidates.
 *
 * `potential_stragglers` lists (rank, score, is_candidate) in the order of
 * the scores, the candidates first: in HTA-compatibility mode the order of
 * HTA's unstable sort, in the default mode ties by rank. `straggler_metric`
 * holds the metric of every rank and step (HTA's bar chart), and
 * `profiler_steps` the steps of the trace.
 *
 * HTA-compatibility mode recognises only `ncclKernel…` names, skips step 0
 * and keeps the last kernel of a group in table order. The default mode
 * takes every COMMUNICATION kernel (so `ncclDevKernel…` and the other
 * collectives core recognises), keeps the latest start and lists every
 * selected rank. Where HTA fails (a single rank, fewer ranks than
 * candidates) both modes still answer, as the table's note says.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_DATA when no
 *   requested step is in the trace or no communication kernel qualifies,
 *   %HP_ANALYSIS_ERROR_NO_SUCH_RANK, or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_stragglers_compute (HpTrace                *trace,
                       const HpAnalysisParams *params,
                       GPtrArray              *tables,
                       GCancellable           *cancellable,
                       GError                **error)
{
  g_autoptr (HpTable) result = NULL;
  g_autoptr (HpTable) metric = NULL;
  g_autoptr (GArray) available = NULL;
  Straggle s = { 0 };
  gboolean ok = FALSE;
  GArray  *asked_steps;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  s.trace = trace;
  s.params = params;
  s.compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  _hp_stragglers_name_cache_init (&s.names, trace);
  s.ranks = hp_analysis_select_ranks (trace, params, error);
  if (s.ranks == NULL)
    goto out;

  available = hp_trace_get_summaries (trace) != NULL ? _hp_stragglers_summary_steps (&s, error) : _hp_stragglers_collect_steps (trace, s.ranks, &s.names);
  if (available == NULL)
    goto out;
  s.valid = g_array_new (FALSE, FALSE, sizeof (int));
  asked_steps = hp_analysis_params_get_list (params, &hp_stragglers_steps_spec);
  if (asked_steps == NULL || asked_steps->len == 0)
    g_array_append_vals (s.valid, available->data, available->len);
  else
    for (guint i = 0; i < asked_steps->len; i++)
      if (_hp_stragglers_int_array_contains (available, g_array_index (asked_steps, int, i)))
        g_array_append_val (s.valid, g_array_index (asked_steps, int, i));
  _hp_stragglers_sort_unique_ints (s.valid);
  if (s.valid->len == 0)
    {
      g_autofree char *asked = _hp_stragglers_format_int_list (asked_steps);
      g_autofree char *have = _hp_stragglers_format_int_list (available);

      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                   "no profiler step to analyse: steps %s requested, the trace has %s",
                   asked_steps != NULL && asked_steps->len > 0 ? asked : "(all)", have);
      goto out;
    }

  if (hp_trace_get_summaries (trace) != NULL ? !_hp_stragglers_summary_long_comm_kernels (&s, error)
                                             : !find_long_comm_kernels (&s, cancellable, error))
    goto out;
  keep_one_per_group (&s);
  choose_kernel (&s);

  result = _hp_stragglers_new_result_table ();
  metric = _hp_stragglers_new_metric_table ();
  score_ranks (&s, metric, result);
  {
    g_autofree char *steps = _hp_stragglers_format_int_list (s.valid);
    g_autofree char *note =
        g_strdup_printf ("metric: start of %s on stream %" G_GINT64_FORMAT " in steps %s%s",
                         kernel_name (&s, s.name), s.stream, steps,
                         s.spread_undefined ? "; its duration never varies across ranks (HTA fails here), so it "
                                              "is the kernel seen most often"
                                            : "");

    hp_table_set_note (result, note);
    hp_table_set_note (metric, note);
  }

  g_ptr_array_add (tables, g_steal_pointer (&result));
  g_ptr_array_add (tables, g_steal_pointer (&metric));
  g_ptr_array_add (tables, _hp_stragglers_new_steps_table (available));
  ok = TRUE;

out:
  straggle_clear (&s);
  return ok;
}

/* its parameters, kept in the parameters' bag */
const HpParamSpec hp_stragglers_steps_spec = { "steps", HP_PARAM_INT_LIST, HP_PARAM_IN_BAG, 0, 0, G_MAXINT, NULL, N_ ("Profiler steps"), "Stragglers: comma-separated profiler steps, or 'all' (default)", "LIST", N_ ("The profiler steps compared; empty for every step") };
const HpParamSpec hp_stragglers_num_candidates_spec = { "num_candidates", HP_PARAM_INT, HP_PARAM_IN_BAG, 2, 1, G_MAXINT, NULL, N_ ("Candidates"), "Stragglers: how many ranks to name (2)", "N", N_ ("How many ranks are named as stragglers") };

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_stragglers_analysis = {
  .name = HP_STRAGGLERS_ANALYSIS,
  .title = N_ ("Potential stragglers"),
  .section = "§14",
  .func = hp_stragglers_compute,
  .cost = 1,
  .tables = HP_STRV (HP_STRAGGLERS_TABLE, HP_STRAGGLERS_METRIC_TABLE, HP_STRAGGLERS_STEPS_TABLE),
  .needs = HP_ANALYSIS_NEEDS_ALL_RANKS,
  .specs = (const HpParamSpec *const[]){ &hp_stragglers_steps_spec, &hp_stragglers_num_candidates_spec, NULL },
};
