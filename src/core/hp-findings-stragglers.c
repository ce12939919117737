/* hp-findings-stragglers.c — the straggler of each question, labelled, and whether they agree.
 *
 * A straggler is named by one definition per question, each with its
 * label (HP_STRAGGLER_*), so every view says the same:
 *
 * - late to collectives: the rank that started last most often among the
 *   collectives matched across ranks (the `collectives` table's
 *   `late_rank`, collectives whose start skew is over 0), ties broken by
 *   the wait it caused;
 * - slowest compute: the rank with the most computation kernel time
 *   (`compute_time(us)` of the temporal breakdown), when it is at least 5%
 *   above the median of the other ranks;
 * - on the critical path: the rank that holds the largest share of the
 *   critical path across ranks (`critical_path_ranks_breakdown`, summed
 *   over the steps), when the ranks' paths are joined by at least one
 *   matched collective.
 *
 * They measure different things and may name different ranks; one line
 * then says so, so that nobody has to reconcile them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hp-critical-path.h"
#include "hp-findings-private.h"

#define SLOWEST_COMPUTE_MIN_PCT 5.0

static HpFinding *
answer_new (double      score,
            const char *question,
            int         rank,
            char       *text)
{
  HpFinding *finding = _hp_finding_new (score, text);

  finding->question = question;
  finding->rank = rank;
  return finding;
}

/**
 * hp_finding_late_to_collectives:
 * @collectives: (nullable): the `collectives` table of the collectives
 *   analysis
 *
 * The straggler late to collectives: the rank that started last most
 * often among the collectives several ranks ran with a start skew over 0
 * (ties: the one the others waited for longest).
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_late_to_collectives (HpTable *collectives)
{
  g_autoptr (GHashTable) late = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr (GHashTable) waits = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  int              ranks, late_rank, skew, wait;
  guint            n = 0, best_count = 0;
  int              best = -1;
  double           best_wait = 0;
  GHashTableIter   iter;
  gpointer         key, value;
  g_autofree char *wait_text = NULL;

  if (collectives == NULL)
    return NULL;
  ranks = hp_table_find_column (collectives, "ranks");
  late_rank = hp_table_find_column (collectives, "late_rank");
  skew = hp_table_find_column (collectives, "start_skew(us)");
  wait = hp_table_find_column (collectives, "total_wait(us)");
  if (ranks < 0 || late_rank < 0 || skew < 0 || wait < 0)
    return NULL;
  for (guint row = 0; row < hp_table_get_n_rows (collectives); row++)
    {
      double   rank = _hp_finding_cell (collectives, row, late_rank);
      double   w = _hp_finding_cell (collectives, row, wait);
      double  *sum;
      gpointer k;

      if (_hp_finding_cell (collectives, row, ranks) < 2 || isnan (rank) ||
          !(_hp_finding_cell (collectives, row, skew) > 0))
        continue;
      n++;
      k = GINT_TO_POINTER ((int)rank);
      g_hash_table_insert (late, k, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (late, k)) + 1));
      if ((sum = g_hash_table_lookup (waits, k)) == NULL)
        g_hash_table_insert (waits, k, (sum = g_new0 (double, 1)));
      if (!isnan (w))
        *sum += w;
    }
  g_hash_table_iter_init (&iter, late);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint  count = GPOINTER_TO_UINT (value);
      double w = *(double *)g_hash_table_lookup (waits, key);
      int    rank = GPOINTER_TO_INT (key);

      if (count > best_count || (count == best_count && (w > best_wait || (w == best_wait && rank < best))))
        {
          best = rank;
          best_count = count;
          best_wait = w;
        }
    }
  if (best < 0)
    return NULL;
  /* waits under a millisecond in microseconds, rather than "0.0 ms" */
  wait_text = best_wait >= 1000 ? g_strdup_printf (_ ("%.1f ms"), best_wait / 1000.0)
                                : g_strdup_printf (_ ("%.0f µs"), best_wait);
  /* Translators: "late to collectives" is the label of this definition */
  return answer_new (50.0 * best_count / n, HP_STRAGGLER_LATE_TO_COLLECTIVES, best,
                     g_strdup_printf (_ ("Straggler, %s: rank %d started last in %u of %u collectives "
                                         "run by several ranks; the others waited %s for it in all"),
                                      _ (HP_STRAGGLER_LATE_TO_COLLECTIVES), best, best_count, n, wait_text));
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

/**
 * hp_finding_slowest_compute:
 * @temporal: (nullable): the temporal breakdown
 *
 * The straggler of slowest compute: the rank with the most computation
 * kernel time, when it is 5% or more above the median of the other ranks.
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_slowest_compute (HpTable *temporal)
{
  g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  int    row = _hp_finding_extreme_row (temporal, "compute_time(us)", TRUE);
  int    column, rank;
  double most, median, pct;
  guint  n;

  if (row < 0)
    return NULL;
  column = hp_table_find_column (temporal, "compute_time(us)");
  for (guint r = 0; r < hp_table_get_n_rows (temporal); r++)
    {
      double v = _hp_finding_cell (temporal, r, column);

      if (!isnan (v) && r != (guint)row)
        g_array_append_val (values, v);
    }
  n = values->len;
  if (n < 1)
    return NULL;
  g_array_sort (values, compare_doubles);
  median = n % 2 ? g_array_index (values, double, n / 2)
                 : (g_array_index (values, double, n / 2 - 1) + g_array_index (values, double, n / 2)) / 2;
  most = _hp_finding_cell (temporal, (guint)row, column);
  if (!(median > 0))
    return NULL;
  pct = 100.0 * (most - median) / median;
  if (pct < SLOWEST_COMPUTE_MIN_PCT)
    return NULL;
  rank = _hp_finding_row_rank (temporal, (guint)row);
  /* Translators: "slowest compute" is the label of this definition */
  return answer_new (pct, HP_STRAGGLER_SLOWEST_COMPUTE, rank,
                     g_strdup_printf (_ ("Straggler, %s: rank %d spends %.1f ms in computation "
                                         "kernels, %.0f%% more than the median of the other ranks (%.1f ms)"),
                                      _ (HP_STRAGGLER_SLOWEST_COMPUTE), rank, most / 1000.0, pct, median / 1000.0));
}

/**
 * hp_finding_critical_path:
 * @ranks: (nullable): the `critical_path_ranks` table (a row per step)
 * @breakdown: (nullable): `critical_path_ranks_breakdown` (the path of
 *   each step by rank)
 *
 * The straggler on the critical path: the rank that holds the largest
 * share of the critical path across ranks, over all its steps, and in how
 * many steps it is the critical rank. Only when the ranks' paths are
 * joined: at least one collective matched across ranks.
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_critical_path (HpTable *ranks,
                          HpTable *breakdown)
{
  g_autoptr (GHashTable) per_rank = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  int            c_rank, c_coll, c_len, b_rank, b_dur;
  double         matched = 0, total = 0, best_time = -1, share;
  char          *text;
  guint          n_steps, n_critical = 0;
  int            best = -1;
  GHashTableIter iter;
  gpointer       key, value;

  if (ranks == NULL || (n_steps = hp_table_get_n_rows (ranks)) == 0)
    return NULL;
  c_rank = hp_table_column_of (ranks, HP_CRITICAL_PATH_RANKS_COL_CRITICAL_RANK);
  c_coll = hp_table_column_of (ranks, HP_CRITICAL_PATH_RANKS_COL_COLLECTIVES);
  c_len = hp_table_column_of (ranks, HP_CRITICAL_PATH_RANKS_COL_PATH_DURATION);
  if (c_rank < 0 || c_coll < 0 || c_len < 0)
    return NULL;
  for (guint row = 0; row < n_steps; row++)
    {
      double n = _hp_finding_cell (ranks, row, c_coll);
      double len = _hp_finding_cell (ranks, row, c_len);

      matched += isnan (n) ? 0 : n;
      total += isnan (len) ? 0 : len;
    }
  /* no collective links the ranks: each path is its own rank's */
  if (!(matched > 0) || !(total > 0))
    return NULL;

  b_rank = breakdown != NULL ? hp_table_column_of (breakdown, HP_CRITICAL_PATH_RANKS_BREAKDOWN_COL_RANK) : -1;
  b_dur = breakdown != NULL ? hp_table_column_of (breakdown, HP_CRITICAL_PATH_RANKS_BREAKDOWN_COL_DURATION) : -1;
  if (b_rank >= 0 && b_dur >= 0)
    for (guint row = 0; row < hp_table_get_n_rows (breakdown); row++)
      {
        double   rank = _hp_finding_cell (breakdown, row, b_rank);
        double   dur = _hp_finding_cell (breakdown, row, b_dur);
        double  *sum;
        gpointer k;

        if (isnan (rank) || isnan (dur))
          continue;
        k = GINT_TO_POINTER ((int)rank);
        if ((sum = g_hash_table_lookup (per_rank, k)) == NULL)
          g_hash_table_insert (per_rank, k, (sum = g_new0 (double, 1)));
        *sum += dur;
      }
  else
    {
      /* without the breakdown, each step's critical rank and its share */
      int c_pct = hp_table_column_of (ranks, HP_CRITICAL_PATH_RANKS_COL_CRITICAL_RANK_PCT);

      for (guint row = 0; row < n_steps; row++)
        {
          double   rank = _hp_finding_cell (ranks, row, c_rank);
          double   pct = _hp_finding_cell (ranks, row, c_pct);
          double   len = _hp_finding_cell (ranks, row, c_len);
          double  *sum;
          gpointer k;

          if (isnan (rank) || isnan (pct) || isnan (len))
            continue;
          k = GINT_TO_POINTER ((int)rank);
          if ((sum = g_hash_table_lookup (per_rank, k)) == NULL)
            g_hash_table_insert (per_rank, k, (sum = g_new0 (double, 1)));
          *sum += pct / 100.0 * len;
        }
    }
  g_hash_table_iter_init (&iter, per_rank);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      double time = *(double *)value;
      int    rank = GPOINTER_TO_INT (key);

      if (time > best_time || (time == best_time && rank < best))
        {
          best = rank;
          best_time = time;
        }
    }
  if (best < 0)
    return NULL;
  for (guint row = 0; row < n_steps; row++)
    n_critical += _hp_finding_cell (ranks, row, c_rank) == best;
  share = 100.0 * best_time / total;
  /* Translators: "on the critical path" is the label of this definition */
  if (n_steps == 1)
    text = g_strdup_printf (_ ("Straggler, %s: rank %d holds %.0f%% of the critical path across ranks (%.1f of "
                               "%.1f ms)"),
                            _ (HP_STRAGGLER_CRITICAL_PATH), best, share, best_time / 1000.0, total / 1000.0);
  else
    text = g_strdup_printf (_ ("Straggler, %s: rank %d holds %.0f%% of the critical path across ranks (%.1f of "
                               "%.1f ms over %u steps) and the most of it in %u of them"),
                            _ (HP_STRAGGLER_CRITICAL_PATH), best, share, best_time / 1000.0, total / 1000.0,
                            n_steps, n_critical);
  return answer_new (0.5 * share, HP_STRAGGLER_CRITICAL_PATH, best, text);
}

/**
 * hp_finding_stragglers_disagree:
 * @answers: (array length=n_answers): straggler answers, any %NULL
 * @n_answers: their number
 *
 * One line when the questions answered name different ranks: "Three
 * questions, two answers: …", each question with its rank and what it
 * measures. It scores just above the highest answer, so it comes before
 * them among the findings.
 *
 * Returns: (transfer full) (nullable): the finding, or %NULL when fewer
 *   than two questions have an answer or all answers name one rank
 */
HpFinding *
hp_finding_stragglers_disagree (HpFinding *const *answers,
                                guint             n_answers)
{
  g_autoptr (GArray) ranks = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GString) text = NULL;
  guint  n_questions = 0;
  double score = 0;

  for (guint i = 0; i < n_answers; i++)
    {
      gboolean seen = FALSE;

      if (answers[i] == NULL || answers[i]->question == NULL)
        continue;
      n_questions++;
      score = MAX (score, answers[i]->score);
      for (guint k = 0; k < ranks->len && !seen; k++)
        seen = g_array_index (ranks, int, k) == answers[i]->rank;
      if (!seen)
        g_array_append_val (ranks, answers[i]->rank);
    }
  if (n_questions < 2 || ranks->len < 2)
    return NULL;
  text = g_string_new (NULL);
  if (n_questions == 2)
    g_string_append (text, _ ("Two questions, two answers: "));
  else if (ranks->len == 2)
    g_string_append (text, _ ("Three questions, two answers: "));
  else
    g_string_append (text, _ ("Three questions, three answers: "));
  /* the questions that name one rank together, in the order of the answers */
  for (guint k = 0; k < ranks->len; k++)
    {
      int   rank = g_array_index (ranks, int, k);
      guint named = 0;

      if (k > 0)
        g_string_append (text, "; ");
      for (guint i = 0; i < n_answers; i++)
        if (answers[i] != NULL && answers[i]->question != NULL && answers[i]->rank == rank)
          g_string_append_printf (text, "%s%s", named++ > 0 ? _ (" and ") : "", _ (answers[i]->question));
      g_string_append_printf (text, _ (": rank %d"), rank);
    }
  /* what each question measures, for those answered */
  g_string_append (text, _ (". They measure different things: "));
  for (guint i = 0, n = 0; i < n_answers; i++)
    {
      const char *what;

      if (answers[i] == NULL || answers[i]->question == NULL)
        continue;
      if (g_str_equal (answers[i]->question, HP_STRAGGLER_LATE_TO_COLLECTIVES))
        what = _ ("whom the others wait for at collectives");
      else if (g_str_equal (answers[i]->question, HP_STRAGGLER_SLOWEST_COMPUTE))
        what = _ ("who computes longest");
      else
        what = _ ("whose work the job's longest chain of dependencies runs through");
      n++;
      g_string_append_printf (text, "%s%s", n == 1 ? "" : n == n_questions ? _ (" and ")
                                                                           : ", ",
                              what);
    }
  return _hp_finding_new (score + 1e-6, g_string_free (g_steal_pointer (&text), FALSE));
}

/**
 * hp_straggler_answers:
 * @tables: the tables to read; any may be %NULL
 *
 * The Stragglers tab's answers: for each question whose table is there,
 * its answer, or a line saying that no rank answers it; then the line of
 * hp_finding_stragglers_disagree() when they name different ranks.
 *
 * Returns: (transfer full): the lines, possibly none
 */
char **
hp_straggler_answers (const HpFindingTables *tables)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr (HpFinding) late = hp_finding_late_to_collectives (tables->collectives);
  g_autoptr (HpFinding) slowest = hp_finding_slowest_compute (tables->temporal);
  g_autoptr (HpFinding) critical =
      hp_finding_critical_path (tables->critical_path_ranks, tables->critical_path_ranks_breakdown);
  HpFinding *answers[] = { late, slowest, critical };
  g_autoptr (HpFinding) disagree = hp_finding_stragglers_disagree (answers, G_N_ELEMENTS (answers));
  g_autofree char *none_late =
      g_strdup_printf (_ ("Straggler, %s: none; no collective run by several ranks started later on one of them"),
                       _ (HP_STRAGGLER_LATE_TO_COLLECTIVES));
  g_autofree char *none_slowest =
      g_strdup_printf (_ ("Straggler, %s: none; no rank spends 5%% more time in computation kernels than the "
                          "median of the others"),
                       _ (HP_STRAGGLER_SLOWEST_COMPUTE));
  g_autofree char *none_critical =
      g_strdup_printf (_ ("Straggler, %s: none; no collective matched across ranks joins their paths"),
                       _ (HP_STRAGGLER_CRITICAL_PATH));

  if (tables->collectives != NULL)
    g_strv_builder_add (builder, late != NULL ? late->text : none_late);
  if (tables->temporal != NULL && hp_table_get_n_rows (tables->temporal) > 1)
    g_strv_builder_add (builder, slowest != NULL ? slowest->text : none_slowest);
  if (tables->critical_path_ranks != NULL)
    g_strv_builder_add (builder, critical != NULL ? critical->text : none_critical);
  if (disagree != NULL)
    g_strv_builder_add (builder, disagree->text);
  return g_strv_builder_end (builder);
}
