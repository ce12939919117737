/* hp-stragglers-tables.c — the stragglers' tables and HTA's order of ranks by score.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "hp-numpy-sort-private.h"
#include "hp-stats.h"
#include "hp-stragglers-private.h"

/* The `k`-th largest of @values (all of them flagged when there are
 * fewer than k, where HTA fails) */
double
_hp_stragglers_kth_largest (double *values,
                            guint   n,
                            guint   k)
{
  hp_sort_doubles (values, n);
  return values[n - MIN (k, n)];
}

int
_hp_stragglers_compare_scores (gconstpointer a,
                               gconstpointer b)
{
  const RankScore *x = a;
  const RankScore *y = b;

  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return (x->rank > y->rank) - (x->rank < y->rank);
}

/* pandas' `sort_values (ascending=False)` (nargsort): reverse, numpy's
 * quicksort argsort, reverse again; ties come out in its order */
void
_hp_stragglers_sort_scores (RankScore *scores,
                            guint      n)
{
  g_autofree gint64    *keys = g_new (gint64, n);
  g_autofree guint32   *order = g_new (guint32, n);
  g_autofree RankScore *copy = g_memdup2 (scores, n * sizeof (RankScore));

  for (guint i = 0; i < n; i++)
    keys[i] = copy[n - 1 - i].score;
  _hp_numpy_argsort (keys, order, n);
  /* indexer[j] = n - 1 - order[j]; result[j] = indexer[n - 1 - j] */
  for (guint j = 0; j < n; j++)
    scores[j] = copy[n - 1 - order[n - 1 - j]];
}

HpTable *
_hp_stragglers_new_steps_table (GArray *steps)
{
  HpTable *table = hp_table_new ("profiler_steps", N_ ("Profiler steps"));

  hp_table_add_column (table, "profiler_step", HP_COLUMN_INT, NULL);
  for (guint i = 0; i < steps->len; i++)
    hp_table_set_int (table, hp_table_append_row (table), 0, g_array_index (steps, int, i));
  return table;
}

HpTable *
_hp_stragglers_new_metric_table (void)
{
  HpTable *table = hp_table_new ("straggler_metric", N_ ("Straggler metric per rank and step"));

  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "iteration", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "stream", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "ts", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "dur", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "normalized_start_time", HP_COLUMN_DOUBLE, NULL);
  hp_table_add_column (table, "duration", HP_COLUMN_DOUBLE, NULL);
  hp_table_add_column (table, "is_straggler", HP_COLUMN_INT, NULL);
  return table;
}

HpTable *
_hp_stragglers_new_result_table (void)
{
  HpTable *table = hp_table_new ("potential_stragglers", N_ ("Potential stragglers"));

  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "score", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "is_candidate", HP_COLUMN_INT, NULL);
  return table;
}
