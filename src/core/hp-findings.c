/* hp-findings.c — plain-language findings about a job, from its analyses' tables.
 *
 * Each function reads one or two analysis tables by their HTA column names
 * (docs/analyses.md §1, §2 and §5) and returns at most one finding; missing
 * tables or columns simply give none. Nothing here computes an analysis.
 *
 * A finding speaks of the job: on a job of several ranks it says which
 * ranks a statement holds for ("ranks 0–7", "ranks 0–7 except 3"), how
 * much (the range over them, the rank at the extreme) and what the other
 * ranks show; a single rank keeps its one-rank sentence. The straggler
 * answers are in hp-findings-stragglers.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hp-findings-private.h"
#include "hp-job-info.h"

/* Below these, a number is not worth a sentence */
#define IDLE_MIN_PCT 10.0
#define NON_COMPUTE_MIN_PCT 15.0
#define IMBALANCE_MIN_PCT 5.0
#define OVERLAP_MAX_PCT 50.0
#define KERNEL_WAIT_MIN_PCT 25.0

typedef enum
{
  IDLE_HOST_WAIT,
  IDLE_KERNEL_WAIT,
  IDLE_OTHER,
  N_IDLE_CAUSES,
} IdleCause;

typedef struct
{
  double host_wait;
  double kernel_wait;
  double other;
} IdleSplit;

/* one rank's value of a per-rank percentage */
typedef struct
{
  int    rank;
  double value;
} RankValue;

HpFinding *
_hp_finding_new (double score,
                 char  *text)
{
  HpFinding *finding = g_new0 (HpFinding, 1);

  finding->score = score;
  finding->text = text;
  finding->rank = -1;
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
double
_hp_finding_cell (HpTable *table,
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

int
_hp_finding_row_rank (HpTable *table,
                      guint    row)
{
  double rank = _hp_finding_cell (table, row, hp_table_find_column (table, "rank"));

  return isnan (rank) ? 0 : (int)rank;
}

/* The row whose @column is largest (or smallest), or -1 */
int
_hp_finding_extreme_row (HpTable    *table,
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
      double value = _hp_finding_cell (table, row, column);

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

static int
cmp_rank_value (gconstpointer a,
                gconstpointer b)
{
  const RankValue *x = a, *y = b;

  return (x->rank > y->rank) - (x->rank < y->rank);
}

/* Each rank's @column, in rank order (the first row of a rank counts) */
static GArray *
rank_values (HpTable    *table,
             const char *column_name)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (RankValue));
  int     column = table != NULL ? hp_table_find_column (table, column_name) : -1;

  if (column < 0)
    return values;
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      RankValue v = { _hp_finding_row_rank (table, row), _hp_finding_cell (table, row, column) };
      gboolean  seen = FALSE;

      if (isnan (v.value))
        continue;
      for (guint i = 0; i < values->len && !seen; i++)
        seen = g_array_index (values, RankValue, i).rank == v.rank;
      if (!seen)
        g_array_append_val (values, v);
    }
  g_array_sort (values, cmp_rank_value);
  return values;
}

static char *
ranks_text (const GArray *ranks)
{
  return hp_ranks_to_text ((const int *)(void *)ranks->data, ranks->len);
}

/* @subset of @all (both ascending) in words: "rank 3", "ranks 0 and 1",
 * "ranks 0–7", "ranks 0–7 except 3", "ranks 0–2, 5" */
static char *
ranks_phrase (const GArray *subset,
              const GArray *all)
{
  g_autoptr (GArray) others = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *listed = NULL;
  gboolean         contiguous = TRUE;

  if (subset->len == 1)
    return g_strdup_printf (_ ("rank %d"), g_array_index (subset, int, 0));
  if (subset->len == 2)
    return g_strdup_printf (_ ("ranks %d and %d"), g_array_index (subset, int, 0), g_array_index (subset, int, 1));
  for (guint i = 0, j = 0; i < all->len; i++)
    {
      int rank = g_array_index (all, int, i);

      if (i > 0 && rank != g_array_index (all, int, i - 1) + 1)
        contiguous = FALSE;
      while (j < subset->len && g_array_index (subset, int, j) < rank)
        j++;
      if (j == subset->len || g_array_index (subset, int, j) != rank)
        g_array_append_val (others, rank);
    }
  listed = ranks_text (subset);
  /* a job of consecutive ranks with a few exceptions inside names them */
  if (strchr (listed, ',') != NULL && contiguous && others->len > 0 && others->len <= 3 &&
      others->len * 2 < all->len)
    {
      g_autofree char *but = ranks_text (others);

      return g_strdup_printf (_ ("ranks %d–%d except %s"), g_array_index (all, int, 0),
                              g_array_index (all, int, all->len - 1), but);
    }
  return g_strdup_printf (_ ("ranks %s"), listed);
}

static char *
capitalize (char *text)
{
  if (text != NULL && text[0] != '\0')
    text[0] = g_ascii_toupper (text[0]);
  return text;
}

/* "54.7%", or "53.6–54.7%" over several values */
static char *
pct_range (double low,
           double high,
           int    decimals)
{
  g_autofree char *a = g_strdup_printf ("%.*f", decimals, low);
  g_autofree char *b = g_strdup_printf ("%.*f", decimals, high);

  if (g_str_equal (a, b))
    return g_strdup_printf ("%s%%", a);
  return g_strdup_printf ("%s–%s%%", a, b);
}

/* The ranks of @values whose value passes @keep, the others, and the range
 * of each; the rank at @largest's extreme of the kept ones */
typedef struct
{
  GArray *all;  /* int */
  GArray *kept; /* int */
  GArray *rest; /* int */
  double  kept_low, kept_high;
  double  rest_low, rest_high;
  int     extreme_rank; /* of the kept ones */
  double  extreme;
} RankSplit;

static void
rank_split_clear (RankSplit *split)
{
  g_clear_pointer (&split->all, g_array_unref);
  g_clear_pointer (&split->kept, g_array_unref);
  g_clear_pointer (&split->rest, g_array_unref);
}

static void
rank_split (const GArray *values,
            double        threshold,
            gboolean      above,
            RankSplit    *split)
{
  *split = (RankSplit){
    .all = g_array_new (FALSE, FALSE, sizeof (int)),
    .kept = g_array_new (FALSE, FALSE, sizeof (int)),
    .rest = g_array_new (FALSE, FALSE, sizeof (int)),
    .kept_low = INFINITY,
    .kept_high = -INFINITY,
    .rest_low = INFINITY,
    .rest_high = -INFINITY,
    .extreme_rank = -1,
  };
  for (guint i = 0; i < values->len; i++)
    {
      const RankValue *v = &g_array_index (values, RankValue, i);
      gboolean         keep = above ? v->value >= threshold : v->value < threshold;

      g_array_append_val (split->all, v->rank);
      if (keep)
        {
          g_array_append_val (split->kept, v->rank);
          split->kept_low = MIN (split->kept_low, v->value);
          split->kept_high = MAX (split->kept_high, v->value);
          if (split->extreme_rank < 0 || (above ? v->value > split->extreme : v->value < split->extreme))
            {
              split->extreme_rank = v->rank;
              split->extreme = v->value;
            }
        }
      else
        {
          g_array_append_val (split->rest, v->rank);
          split->rest_low = MIN (split->rest_low, v->value);
          split->rest_high = MAX (split->rest_high, v->value);
        }
    }
}

/* the kept rank with the smallest value */
static int
least_rank (const GArray    *values,
            const RankSplit *split)
{
  int    rank = -1;
  double low = INFINITY;

  for (guint i = 0; i < values->len; i++)
    {
      const RankValue *v = &g_array_index (values, RankValue, i);

      for (guint k = 0; k < split->kept->len; k++)
        if (g_array_index (split->kept, int, k) == v->rank && v->value < low)
          {
            low = v->value;
            rank = v->rank;
          }
    }
  return rank;
}

/* "; rank 3: 4.0%" for the ranks the statement does not hold for */
static void
append_rest (GString         *text,
             const RankSplit *split)
{
  g_autofree char *who = NULL;
  g_autofree char *range = NULL;

  if (split->rest->len == 0)
    return;
  who = ranks_phrase (split->rest, split->all);
  range = pct_range (split->rest_low, split->rest_high, 1);
  /* Translators: the ranks a finding does not hold for, and their value */
  g_string_append_printf (text, _ ("; %s: %s"), who, range);
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
      double      time = _hp_finding_cell (idle, row, time_column);

      if (rank_column >= 0 && (int)_hp_finding_cell (idle, row, rank_column) != rank)
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

/* the largest part of a rank's idle time, and its share in percent */
static IdleCause
idle_cause (const IdleSplit *split,
            double          *share)
{
  double total = split->host_wait + split->kernel_wait + split->other;

  if (split->host_wait >= split->kernel_wait && split->host_wait >= split->other)
    {
      *share = 100 * split->host_wait / total;
      return IDLE_HOST_WAIT;
    }
  if (split->kernel_wait >= split->other)
    {
      *share = 100 * split->kernel_wait / total;
      return IDLE_KERNEL_WAIT;
    }
  *share = 100 * split->other / total;
  return IDLE_OTHER;
}

static const char *
idle_cause_text (IdleCause cause)
{
  switch (cause)
    {
    case IDLE_HOST_WAIT:
      return _ ("waiting for the host");
    case IDLE_KERNEL_WAIT:
      return _ ("in short gaps between kernels");
    case IDLE_OTHER:
    default:
      return _ ("for other reasons, such as synchronization");
    }
}

/* "; 74–75% of that waiting for the host", or, when the ranks differ,
 * "; most of it waiting for the host on ranks 0–2, in short gaps between
 * kernels on rank 3" */
static void
append_idle_causes (GString      *text,
                    HpTable      *idle,
                    const GArray *ranks,
                    const GArray *all)
{
  GArray *by_cause[N_IDLE_CAUSES];
  double  low[N_IDLE_CAUSES], high[N_IDLE_CAUSES];
  guint   n_causes = 0, n_known = 0;

  for (guint c = 0; c < N_IDLE_CAUSES; c++)
    {
      by_cause[c] = g_array_new (FALSE, FALSE, sizeof (int));
      low[c] = INFINITY;
      high[c] = -INFINITY;
    }
  for (guint i = 0; i < ranks->len; i++)
    {
      int       rank = g_array_index (ranks, int, i);
      IdleSplit split;
      double    share;
      IdleCause cause;

      if (!idle_split_for_rank (idle, rank, &split))
        continue;
      cause = idle_cause (&split, &share);
      g_array_append_val (by_cause[cause], rank);
      low[cause] = MIN (low[cause], share);
      high[cause] = MAX (high[cause], share);
      n_known++;
    }
  for (guint c = 0; c < N_IDLE_CAUSES; c++)
    n_causes += by_cause[c]->len > 0;
  if (n_known > 0 && n_causes == 1)
    {
      for (guint c = 0; c < N_IDLE_CAUSES; c++)
        if (by_cause[c]->len > 0)
          {
            g_autofree char *range = pct_range (low[c], high[c], 0);

            g_string_append_printf (text, _ ("; %s of that %s"), range, idle_cause_text ((IdleCause)c));
          }
    }
  else if (n_known > 0)
    {
      g_string_append (text, _ ("; most of it "));
      for (guint c = 0, n = 0; c < N_IDLE_CAUSES; c++)
        if (by_cause[c]->len > 0)
          {
            g_autofree char *who = ranks_phrase (by_cause[c], all);

            /* Translators: a cause of idle time, then the ranks it holds for */
            g_string_append_printf (text, _ ("%s%s on %s"), n++ > 0 ? ", " : "", idle_cause_text ((IdleCause)c),
                                    who);
          }
    }
  for (guint c = 0; c < N_IDLE_CAUSES; c++)
    g_array_unref (by_cause[c]);
}

/**
 * hp_finding_idle_time:
 * @temporal: (nullable): the temporal breakdown
 * @idle: (nullable): the idle time breakdown, to say what the GPU waits for
 *
 * The ranks that idle at least 10% of their GPU span: which, how much (the
 * most idle named), what their idle time is mostly spent waiting for, and
 * what the other ranks show.
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_idle_time (HpTable *temporal,
                      HpTable *idle)
{
  g_autoptr (GArray) values = rank_values (temporal, "idle_time_pctg");
  g_autoptr (GString) text = NULL;
  RankSplit split;
  double    score;

  if (values->len == 0)
    return NULL;
  rank_split (values, IDLE_MIN_PCT, TRUE, &split);
  if (split.kept->len == 0)
    {
      rank_split_clear (&split);
      return NULL;
    }
  text = g_string_new (NULL);
  score = split.extreme;
  if (split.kept->len == 1)
    g_string_append_printf (text, _ ("Rank %d is idle %.1f%% of its GPU time"), split.extreme_rank, split.extreme);
  else
    {
      g_autofree char *who = capitalize (ranks_phrase (split.kept, split.all));
      g_autofree char *range = pct_range (split.kept_low, split.kept_high, 1);

      g_string_append_printf (text, _ ("%s are idle %s of their GPU time"), who, range);
      if (split.kept_high - split.kept_low >= IMBALANCE_MIN_PCT)
        g_string_append_printf (text, _ (" (the most: rank %d, the least: rank %d)"), split.extreme_rank,
                                least_rank (values, &split));
      else if (split.kept_high > split.kept_low)
        g_string_append_printf (text, _ (" (the most: rank %d)"), split.extreme_rank);
    }
  /* the spread between ranks, which it states, weighs as the imbalance
   * finding would */
  if (values->len > 1)
    {
      double low = INFINITY;

      for (guint i = 0; i < values->len; i++)
        low = MIN (low, g_array_index (values, RankValue, i).value);
      if (split.extreme - low >= IMBALANCE_MIN_PCT)
        score = MAX (score, 2 * (split.extreme - low));
    }
  append_idle_causes (text, idle, split.kept, split.all);
  append_rest (text, &split);
  rank_split_clear (&split);
  return _hp_finding_new (score, g_string_free (g_steal_pointer (&text), FALSE));
}

/**
 * hp_finding_non_compute:
 * @temporal: (nullable): the temporal breakdown
 *
 * The ranks whose GPU runs only communication or memory work 15% of the
 * time or more.
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_non_compute (HpTable *temporal)
{
  g_autoptr (GArray) values = rank_values (temporal, "non_compute_time_pctg");
  g_autoptr (GString) text = NULL;
  g_autofree char *who = NULL;
  g_autofree char *range = NULL;
  RankSplit        split;
  double           score;

  if (values->len == 0)
    return NULL;
  rank_split (values, NON_COMPUTE_MIN_PCT, TRUE, &split);
  if (split.kept->len == 0)
    {
      rank_split_clear (&split);
      return NULL;
    }
  text = g_string_new (NULL);
  score = 0.9 * split.extreme;
  who = ranks_phrase (split.kept, split.all);
  range = pct_range (split.kept_low, split.kept_high, 1);
  g_string_append_printf (text, _ ("On %s, communication and memory kernels run without any computation %s of the GPU time"),
                          who, range);
  if (split.kept_high > split.kept_low)
    g_string_append_printf (text, _ (" (the most: rank %d)"), split.extreme_rank);
  append_rest (text, &split);
  rank_split_clear (&split);
  return _hp_finding_new (score, g_string_free (g_steal_pointer (&text), FALSE));
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
  int    most = _hp_finding_extreme_row (temporal, "idle_time_pctg", TRUE);
  int    least = _hp_finding_extreme_row (temporal, "idle_time_pctg", FALSE);
  int    column;
  double high, low;

  if (most < 0 || least < 0 || most == least)
    return NULL;
  column = hp_table_find_column (temporal, "idle_time_pctg");
  high = _hp_finding_cell (temporal, (guint)most, column);
  low = _hp_finding_cell (temporal, (guint)least, column);
  if (high - low < IMBALANCE_MIN_PCT)
    return NULL;
  return _hp_finding_new (2 * (high - low),
                          g_strdup_printf (_ ("Idle time differs between ranks: %.1f%% on rank %d "
                                              "against %.1f%% on rank %d"),
                                           high, _hp_finding_row_rank (temporal, (guint)most), low,
                                           _hp_finding_row_rank (temporal, (guint)least)));
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
  int    most = _hp_finding_extreme_row (temporal, "idle_time_pctg", TRUE);
  double high;

  if (most < 0)
    return NULL;
  high = _hp_finding_cell (temporal, (guint)most, hp_table_find_column (temporal, "idle_time_pctg"));
  if (high >= IDLE_MIN_PCT)
    return NULL;
  return _hp_finding_new (1, g_strdup_printf (_ ("The GPU is busy at least %.1f%% of the time on every "
                                                 "rank; further gains are in the kernels themselves"),
                                              100 - high));
}

/**
 * hp_finding_kernel_wait:
 * @idle: (nullable): the idle time breakdown
 *
 * The ranks where short gaps between kernels are a quarter or more of the
 * idle time, without being its largest part (hp_finding_idle_time() says
 * that one).
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_kernel_wait (HpTable *idle)
{
  g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (RankValue));
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autofree char *who = NULL;
  g_autofree char *range = NULL;
  RankSplit        split;
  HpFinding       *finding;

  if (idle == NULL)
    return NULL;
  for (guint row = 0; row < hp_table_get_n_rows (idle); row++)
    {
      RankValue v = { _hp_finding_row_rank (idle, row), 0 };
      IdleSplit s;

      if (!g_hash_table_add (seen, GINT_TO_POINTER (v.rank)))
        continue;
      if (!idle_split_for_rank (idle, v.rank, &s))
        continue;
      /* a rank whose largest part it is counts as none */
      if (s.kernel_wait < s.host_wait || s.kernel_wait < s.other)
        v.value = 100 * s.kernel_wait / (s.host_wait + s.kernel_wait + s.other);
      g_array_append_val (values, v);
    }
  g_array_sort (values, cmp_rank_value);
  rank_split (values, KERNEL_WAIT_MIN_PCT, TRUE, &split);
  if (split.kept->len == 0)
    {
      rank_split_clear (&split);
      return NULL;
    }
  if (split.kept->len == 1)
    finding = _hp_finding_new (0.5 * split.extreme,
                               g_strdup_printf (_ ("%.0f%% of rank %d's idle time is in short gaps between "
                                                   "kernels; fusing kernels or CUDA graphs can recover it"),
                                                split.extreme, split.extreme_rank));
  else
    {
      who = ranks_phrase (split.kept, split.all);
      range = pct_range (split.kept_low, split.kept_high, 0);
      finding = _hp_finding_new (0.5 * split.extreme,
                                 g_strdup_printf (_ ("On %s, %s of the idle time is in short gaps between "
                                                     "kernels; fusing kernels or CUDA graphs can recover it"),
                                                  who, range));
    }
  rank_split_clear (&split);
  return finding;
}

/**
 * hp_finding_overlap:
 * @overlap: (nullable): the communication/computation overlap table
 *
 * The ranks whose communication overlaps computation less than half of
 * the time.
 *
 * Returns: (transfer full) (nullable): the finding
 */
HpFinding *
hp_finding_overlap (HpTable *overlap)
{
  g_autoptr (GArray) values = rank_values (overlap, "comp_comm_overlap_pctg");
  g_autoptr (GString) text = NULL;
  RankSplit split;
  double    score;

  if (values->len == 0)
    return NULL;
  rank_split (values, OVERLAP_MAX_PCT, FALSE, &split);
  if (split.kept->len == 0)
    {
      rank_split_clear (&split);
      return NULL;
    }
  text = g_string_new (NULL);
  score = 0.5 * (100 - split.extreme);
  if (split.kept->len == 1)
    g_string_append_printf (text, _ ("Only %.1f%% of rank %d's communication overlaps with computation; the "
                                     "rest is not hidden behind compute"),
                            split.extreme, split.extreme_rank);
  else
    {
      g_autofree char *who = ranks_phrase (split.kept, split.all);
      g_autofree char *range = pct_range (split.kept_low, split.kept_high, 1);

      g_string_append_printf (text, _ ("On %s, only %s of the communication overlaps with computation"), who, range);
      if (split.kept_high > split.kept_low)
        g_string_append_printf (text, _ (" (the least: rank %d)"), split.extreme_rank);
      g_string_append (text, _ ("; the rest is not hidden behind compute"));
    }
  append_rest (text, &split);
  rank_split_clear (&split);
  return _hp_finding_new (score, g_string_free (g_steal_pointer (&text), FALSE));
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
 * @tables: the tables to read; any may be %NULL
 * @max_findings: how many to keep
 *
 * The findings about the job, with the straggler answer of each question
 * (hp_finding_late_to_collectives(), hp_finding_slowest_compute(),
 * hp_finding_critical_path()) and, when they name different ranks, one
 * line saying so just before the first of them.
 *
 * Returns: (transfer full): the most important findings first, at most
 *   @max_findings of them
 */
char **
hp_findings_collect (const HpFindingTables *tables,
                     guint                  max_findings)
{
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_finding_free);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  HpFinding *answers[] = {
    hp_finding_late_to_collectives (tables->collectives),
    hp_finding_slowest_compute (tables->temporal),
    hp_finding_critical_path (tables->critical_path_ranks, tables->critical_path_ranks_breakdown),
  };
  HpFinding *candidates[] = {
    hp_finding_idle_time (tables->temporal, tables->idle),
    hp_finding_non_compute (tables->temporal),
    hp_finding_rank_imbalance (tables->temporal),
    hp_finding_busy (tables->temporal),
    hp_finding_kernel_wait (tables->idle),
    hp_finding_overlap (tables->overlap),
    hp_finding_stragglers_disagree (answers, G_N_ELEMENTS (answers)),
  };

  /* the idle finding states the spread between ranks as well */
  if (candidates[0] != NULL)
    g_clear_pointer (&candidates[2], hp_finding_free);
  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    if (candidates[i] != NULL)
      g_ptr_array_add (all, candidates[i]);
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    if (answers[i] != NULL)
      g_ptr_array_add (all, answers[i]);
  /* g_ptr_array_sort is stable, so equal scores keep the order above */
  g_ptr_array_sort (all, compare_findings);
  for (guint i = 0; i < all->len && i < max_findings; i++)
    g_strv_builder_add (builder, ((HpFinding *)all->pdata[i])->text);
  return g_strv_builder_end (builder);
}
