/* hp-findings.c — plain-language findings from the temporal, idle, overlap and collectives tables.
 *
 * Each function reads one or two analysis tables by their HTA column names
 * (docs/analyses.md §1, §2 and §5) and returns at most one finding; missing
 * tables or columns simply give none. Nothing here computes an analysis.
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
 * - on the cross-rank critical path: the rank the critical path analysis
 *   names (its own tab; not a finding).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hp-findings.h"

/* Below these, a number is not worth a sentence */
#define IDLE_MIN_PCT 10.0
#define NON_COMPUTE_MIN_PCT 15.0
#define IMBALANCE_MIN_PCT 5.0
#define OVERLAP_MAX_PCT 50.0
#define KERNEL_WAIT_MIN_PCT 25.0
#define SLOWEST_COMPUTE_MIN_PCT 5.0

typedef struct
{
  double host_wait;
  double kernel_wait;
  double other;
} IdleSplit;

static HpFinding *
finding_new (double score,
             char  *text)
{
  HpFinding *finding = g_new0 (HpFinding, 1);

  finding->score = score;
  finding->text = text;
  return finding;
}

void
hp_finding_free (HpFinding *finding)
{
  if (finding == NULL)
    return;
  g_free (finding->text);
  g_free (finding);
}

/* A numeric cell as a double; NaN for null, strings or a missing column */
static double
cell_number (HpTable *table,
             guint    row,
             int      column)
{
  if (column < 0 || hp_table_is_null (table, row, (guint)column))
    return NAN;
  switch (hp_table_get_column_type (table, (guint)column))
    {
    case HP_COLUMN_INT:
      return (double)hp_table_get_int (table, row, (guint)column);
    case HP_COLUMN_DOUBLE:
      return hp_table_get_double (table, row, (guint)column);
    case HP_COLUMN_STRING:
    default:
      return NAN;
    }
}

static int
row_rank (HpTable *table,
          guint    row)
{
  double rank = cell_number (table, row, hp_table_find_column (table, "rank"));

  return isnan (rank) ? 0 : (int)rank;
}

/* The row whose @column is largest (or smallest), or -1 */
static int
extreme_row (HpTable    *table,
             const char *column_name,
             gboolean    largest)
{
  int    column;
  int    best = -1;
  double best_value = NAN;

  if (table == NULL || (column = hp_table_find_column (table, column_name)) < 0)
    return -1;
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      double value = cell_number (table, row, column);

      if (isnan (value))
        continue;
      if (best < 0 || (largest ? value > best_value : value < best_value))
        {
          best = (int)row;
          best_value = value;
        }
    }
  return best;
}

static gboolean
idle_split_for_rank (HpTable   *idle,
                     int        rank,
                     IdleSplit *split)
{
  int      rank_column, category_column, time_column;
  gboolean found = FALSE;

  *split = (IdleSplit){ 0 };
  if (idle == NULL)
    return FALSE;
  rank_column = hp_table_find_column (idle, "rank");
  category_column = hp_table_find_column (idle, "idle_category");
  time_column = hp_table_find_column (idle, "idle_time");
  if (category_column < 0 || time_column < 0 ||
      hp_table_get_column_type (idle, (guint)category_column) != HP_COLUMN_STRING)
    return FALSE;

  for (guint row = 0; row < hp_table_get_n_rows (idle); row++)
    {
      const char *category = hp_table_get_string (idle, row, (guint)category_column);
      double      time = cell_number (idle, row, time_column);

      if (rank_column >= 0 && (int)cell_number (idle, row, rank_column) != rank)
        continue;
      if (isnan (time) || category == NULL)
        continue;
      if (g_str_equal (category, "host_wait"))
        split->host_wait += time;
      else if (g_str_equal (category, "kernel_wait"))
        split->kernel_wait += time;
      else
        split->other += time;
      found = TRUE;
    }
  return found && split->host_wait + split->kernel_wait + split->other > 0;
}

/**
 * hp_finding_idle_time:
 * @temporal: (nullable): the temporal breakdown
 * @idle: (nullable): the idle time breakdown, to say what the GPU waits for
 *
 * The most idle rank, when it idles at least 10% of its GPU span.
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_idle_time (HpTable *temporal,
                      HpTable *idle)
{
  int       row = extreme_row (temporal, "idle_time_pctg", TRUE);
  IdleSplit split;
  double    pct, total;
  int       rank;

  if (row < 0)
    return NULL;
  pct = cell_number (temporal, (guint)row, hp_table_find_column (temporal, "idle_time_pctg"));
  if (pct < IDLE_MIN_PCT)
    return NULL;
  rank = row_rank (temporal, (guint)row);

  if (!idle_split_for_rank (idle, rank, &split))
    return finding_new (pct, g_strdup_printf (_ ("Rank %d is idle %.1f%% of its GPU time"), rank, pct));

  total = split.host_wait + split.kernel_wait + split.other;
  if (split.host_wait >= split.kernel_wait && split.host_wait >= split.other)
    return finding_new (pct, g_strdup_printf (_ ("Rank %d is idle %.1f%% of its GPU time; "
                                                 "%.0f%% of that waiting for the host"),
                                              rank, pct, 100 * split.host_wait / total));
  if (split.kernel_wait >= split.other)
    return finding_new (pct, g_strdup_printf (_ ("Rank %d is idle %.1f%% of its GPU time; "
                                                 "%.0f%% of that in short gaps between kernels"),
                                              rank, pct, 100 * split.kernel_wait / total));
  return finding_new (pct, g_strdup_printf (_ ("Rank %d is idle %.1f%% of its GPU time; "
                                               "%.0f%% of that for other reasons, such as "
                                               "synchronization"),
                                            rank, pct, 100 * split.other / total));
}

/**
 * hp_finding_non_compute:
 * @temporal: (nullable): the temporal breakdown
 *
 * The rank whose GPU runs only communication or memory work the longest.
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_non_compute (HpTable *temporal)
{
  int    row = extreme_row (temporal, "non_compute_time_pctg", TRUE);
  double pct;

  if (row < 0)
    return NULL;
  pct = cell_number (temporal, (guint)row, hp_table_find_column (temporal, "non_compute_time_pctg"));
  if (pct < NON_COMPUTE_MIN_PCT)
    return NULL;
  return finding_new (0.9 * pct,
                      g_strdup_printf (_ ("On rank %d, communication and memory kernels run "
                                          "without any computation %.1f%% of the GPU time"),
                                       row_rank (temporal, (guint)row), pct));
}

/**
 * hp_finding_rank_imbalance:
 * @temporal: (nullable): the temporal breakdown
 *
 * Ranks whose idle shares differ by 5 points or more.
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_rank_imbalance (HpTable *temporal)
{
  int    most = extreme_row (temporal, "idle_time_pctg", TRUE);
  int    least = extreme_row (temporal, "idle_time_pctg", FALSE);
  int    column;
  double high, low;

  if (most < 0 || least < 0 || most == least)
    return NULL;
  column = hp_table_find_column (temporal, "idle_time_pctg");
  high = cell_number (temporal, (guint)most, column);
  low = cell_number (temporal, (guint)least, column);
  if (high - low < IMBALANCE_MIN_PCT)
    return NULL;
  return finding_new (2 * (high - low),
                      g_strdup_printf (_ ("Idle time differs between ranks: %.1f%% on rank %d "
                                          "against %.1f%% on rank %d"),
                                       high, row_rank (temporal, (guint)most), low,
                                       row_rank (temporal, (guint)least)));
}

/**
 * hp_finding_busy:
 * @temporal: (nullable): the temporal breakdown
 *
 * Good news: every rank idles less than 10% of its GPU span.
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_busy (HpTable *temporal)
{
  int    most = extreme_row (temporal, "idle_time_pctg", TRUE);
  double high;

  if (most < 0)
    return NULL;
  high = cell_number (temporal, (guint)most, hp_table_find_column (temporal, "idle_time_pctg"));
  if (high >= IDLE_MIN_PCT)
    return NULL;
  return finding_new (1, g_strdup_printf (_ ("The GPU is busy at least %.1f%% of the time on every "
                                             "rank; further gains are in the kernels themselves"),
                                          100 - high));
}

/**
 * hp_finding_kernel_wait:
 * @idle: (nullable): the idle time breakdown
 *
 * A rank where short gaps between kernels are a large part of the idle time,
 * without being its largest part (hp_finding_idle_time() says that one).
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_kernel_wait (HpTable *idle)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  double best_share = 0;
  int    best_rank = -1;

  if (idle == NULL)
    return NULL;
  for (guint row = 0; row < hp_table_get_n_rows (idle); row++)
    {
      int       rank = row_rank (idle, row);
      IdleSplit split;
      double    share;

      if (!g_hash_table_add (seen, GINT_TO_POINTER (rank)))
        continue;
      if (!idle_split_for_rank (idle, rank, &split))
        continue;
      if (split.kernel_wait < split.host_wait || split.kernel_wait < split.other)
        {
          share = 100 * split.kernel_wait / (split.host_wait + split.kernel_wait + split.other);
          if (share > best_share)
            {
              best_share = share;
              best_rank = rank;
            }
        }
    }
  if (best_rank < 0 || best_share < KERNEL_WAIT_MIN_PCT)
    return NULL;
  return finding_new (0.5 * best_share,
                      g_strdup_printf (_ ("%.0f%% of rank %d's idle time is in short gaps between "
                                          "kernels; fusing kernels or CUDA graphs can recover it"),
                                       best_share, best_rank));
}

/**
 * hp_finding_overlap:
 * @overlap: (nullable): the communication/computation overlap table
 *
 * The rank whose communication overlaps computation the least, below 50%.
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_overlap (HpTable *overlap)
{
  int    row = extreme_row (overlap, "comp_comm_overlap_pctg", FALSE);
  double pct;

  if (row < 0)
    return NULL;
  pct = cell_number (overlap, (guint)row, hp_table_find_column (overlap, "comp_comm_overlap_pctg"));
  if (pct >= OVERLAP_MAX_PCT)
    return NULL;
  return finding_new (0.5 * (100 - pct),
                      g_strdup_printf (_ ("Only %.1f%% of rank %d's communication overlaps with "
                                          "computation; the rest is not hidden behind compute"),
                                       pct, row_rank (overlap, (guint)row)));
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
  int            ranks, late_rank, skew, wait;
  guint          n = 0, best_count = 0;
  int            best = -1;
  double         best_wait = 0;
  GHashTableIter iter;
  gpointer       key, value;

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
      double   rank = cell_number (collectives, row, late_rank);
      double   w = cell_number (collectives, row, wait);
      double  *sum;
      gpointer k;

      if (cell_number (collectives, row, ranks) < 2 || isnan (rank) || !(cell_number (collectives, row, skew) > 0))
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
  /* Translators: "late to collectives" is the label of this definition */
  return finding_new (50.0 * best_count / n,
                      g_strdup_printf (_ ("Straggler, %s: rank %d started last in %u of %u collectives "
                                          "run by several ranks; the others waited %.1f ms for it in all"),
                                       _ (HP_STRAGGLER_LATE_TO_COLLECTIVES), best, best_count, n,
                                       best_wait / 1000.0));
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
  int    row = extreme_row (temporal, "compute_time(us)", TRUE);
  int    column;
  double most, median, pct;
  guint  n;

  if (row < 0)
    return NULL;
  column = hp_table_find_column (temporal, "compute_time(us)");
  for (guint r = 0; r < hp_table_get_n_rows (temporal); r++)
    {
      double v = cell_number (temporal, r, column);

      if (!isnan (v) && r != (guint)row)
        g_array_append_val (values, v);
    }
  n = values->len;
  if (n < 1)
    return NULL;
  g_array_sort (values, compare_doubles);
  median = n % 2 ? g_array_index (values, double, n / 2)
                 : (g_array_index (values, double, n / 2 - 1) + g_array_index (values, double, n / 2)) / 2;
  most = cell_number (temporal, (guint)row, column);
  if (!(median > 0))
    return NULL;
  pct = 100.0 * (most - median) / median;
  if (pct < SLOWEST_COMPUTE_MIN_PCT)
    return NULL;
  /* Translators: "slowest compute" is the label of this definition */
  return finding_new (pct, g_strdup_printf (_ ("Straggler, %s: rank %d spends %.1f ms in computation "
                                               "kernels, %.0f%% more than the median of the other ranks (%.1f ms)"),
                                            _ (HP_STRAGGLER_SLOWEST_COMPUTE), row_rank (temporal, (guint)row),
                                            most / 1000.0, pct, median / 1000.0));
}

static int
compare_findings (gconstpointer a,
                  gconstpointer b)
{
  const HpFinding *fa = *(const HpFinding *const *)a;
  const HpFinding *fb = *(const HpFinding *const *)b;

  return (fa->score < fb->score) - (fa->score > fb->score);
}

/**
 * hp_findings_collect:
 * @temporal: (nullable): the temporal breakdown
 * @idle: (nullable): the idle time breakdown
 * @overlap: (nullable): the communication/computation overlap table
 * @collectives: (nullable): the `collectives` table, to name the rank
 *   late to collectives
 * @max_findings: how many to keep
 *
 * Returns: (transfer full): the most important findings first, at most
 *   @max_findings of them
 */
char **
hp_findings_collect (HpTable *temporal,
                     HpTable *idle,
                     HpTable *overlap,
                     HpTable *collectives,
                     guint    max_findings)
{
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_finding_free);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  HpFinding *candidates[] = {
    hp_finding_idle_time (temporal, idle),
    hp_finding_non_compute (temporal),
    hp_finding_rank_imbalance (temporal),
    hp_finding_busy (temporal),
    hp_finding_kernel_wait (idle),
    hp_finding_overlap (overlap),
    hp_finding_late_to_collectives (collectives),
    hp_finding_slowest_compute (temporal),
  };

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (candidates[i] != NULL)
      g_ptr_array_add (all, candidates[i]);
  /* g_ptr_array_sort is stable, so equal scores keep the order above */
  g_ptr_array_sort (all, compare_findings);
  for (guint i = 0; i < all->len && i < max_findings; i++)
    g_strv_builder_add (builder, ((HpFinding *)all->pdata[i])->text);
  return g_strv_builder_end (builder);
}
