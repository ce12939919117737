/* hp-table-sort.c — stable sorts of an HpTable's rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-table-private.h"

/* Reorders every column so that new row i is old row order[i] */
static void
hp_table_permute (HpTable     *self,
                  const guint *order)
{
  for (guint c = 0; c < self->columns->len; c++)
    {
      HpColumn *column = hp_table_column (self, c);
      guint     element_size = g_array_get_element_size (column->values);
      GArray   *values = g_array_sized_new (FALSE, FALSE, element_size, self->n_rows);

      for (guint i = 0; i < self->n_rows; i++)
        g_array_append_vals (values,
                             column->values->data + (gsize)order[i] * element_size,
                             1);
      g_array_unref (column->values);
      column->values = values;

      if (column->nulls != NULL)
        {
          GArray *nulls = g_array_sized_new (FALSE, FALSE, sizeof (guint8), self->n_rows);

          for (guint i = 0; i < self->n_rows; i++)
            g_array_append_val (nulls, g_array_index (column->nulls, guint8, order[i]));
          g_array_unref (column->nulls);
          column->nulls = nulls;
        }
    }
}

typedef struct
{
  HpTable *table;
  guint    column;
  gboolean descending;
} SortByColumn;

static int
compare_by_column (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  const SortByColumn *sort = user_data;
  const HpColumn     *column = hp_table_column (sort->table, sort->column);
  guint               row_a = *(const guint *)a;
  guint               row_b = *(const guint *)b;
  gboolean            null_a = hp_column_is_null (column, row_a);
  gboolean            null_b = hp_column_is_null (column, row_b);
  int                 result;

  /* Nulls go last in both directions, as pandas' na_position="last" */
  if (null_a || null_b)
    return (int)null_a - (int)null_b;

  switch (column->type)
    {
    case HP_COLUMN_INT:
      {
        gint64 va = g_array_index (column->values, gint64, row_a);
        gint64 vb = g_array_index (column->values, gint64, row_b);
        result = (va > vb) - (va < vb);
      }
      break;
    case HP_COLUMN_DOUBLE:
      {
        double va = g_array_index (column->values, double, row_a);
        double vb = g_array_index (column->values, double, row_b);
        result = (va > vb) - (va < vb);
      }
      break;
    case HP_COLUMN_STRING:
      /* byte order of UTF-8 is code point order, as Python compares str */
      result = strcmp (g_array_index (column->values, const char *, row_a),
                       g_array_index (column->values, const char *, row_b));
      result = (result > 0) - (result < 0);
      break;
    default:
      g_assert_not_reached ();
    }

  return sort->descending ? -result : result;
}

/**
 * hp_table_sort:
 * @self: a #HpTable
 * @compare_rows: (scope call): compares two rows
 * @user_data: passed to @compare_rows
 *
 * Reorders the rows with a stable sort: rows that compare equal keep their
 * order. @compare_rows receives two `const guint *` pointers to row indices
 * (not to cells) and @user_data; it reads the cells it needs through the
 * getters, so pass the table in @user_data. The rows are not moved while
 * it runs, so an index always means the row as it was before the call.
 */
void
hp_table_sort (HpTable         *self,
               GCompareDataFunc compare_rows,
               gpointer         user_data)
{
  g_autofree guint *order = NULL;

  g_return_if_fail (self != NULL);
  g_return_if_fail (compare_rows != NULL);
  g_return_if_fail (self->n_rows <= G_MAXINT);

  if (self->n_rows < 2)
    return;

  order = g_new (guint, self->n_rows);
  for (guint i = 0; i < self->n_rows; i++)
    order[i] = i;

  /* a merge sort, stable since GLib 2.32 */
  g_qsort_with_data (order, (gint)self->n_rows, sizeof (guint), compare_rows, user_data);
  hp_table_permute (self, order);
}

/**
 * hp_table_sort_by_column:
 * @self: a #HpTable
 * @column: the column to sort on
 * @descending: whether the largest values come first
 *
 * Sorts the rows stably on one column. Nulls go last in either direction,
 * as pandas' `sort_values` does; strings compare by code point.
 */
void
hp_table_sort_by_column (HpTable *self,
                         guint    column,
                         gboolean descending)
{
  SortByColumn sort;

  g_return_if_fail (self != NULL);
  g_return_if_fail (column < self->columns->len);

  sort.table = self;
  sort.column = column;
  sort.descending = descending;
  hp_table_sort (self, compare_by_column, &sort);
}
