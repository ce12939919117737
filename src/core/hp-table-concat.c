/* hp-table-concat.c — stacking the rows of tables of the same columns into one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-table-private.h"

/* Same names and types in the same order; units may differ */
static gboolean
columns_match (HpTable *a,
               HpTable *b)
{
  if (a->columns->len != b->columns->len)
    return FALSE;

  for (guint c = 0; c < a->columns->len; c++)
    {
      const HpColumn *column_a = hp_table_column (a, c);
      const HpColumn *column_b = hp_table_column (b, c);

      if (column_a->type != column_b->type ||
          strcmp (column_a->name, column_b->name) != 0)
        return FALSE;
    }

  return TRUE;
}

/**
 * hp_table_concat:
 * @tables: (array length=n_tables): tables with the same column names and
 *   types, in the same order
 * @n_tables: the number of tables, at least one
 * @name: the name of the result
 * @title: (nullable): the title of the result; %NULL uses @name
 *
 * Stacks the rows of @tables, in order, into a new table. Units come from
 * the first table.
 *
 * Returns: (transfer full): a new #HpTable
 */
HpTable *
hp_table_concat (HpTable   **tables,
                 guint       n_tables,
                 const char *name,
                 const char *title)
{
  g_autoptr (HpTable) result = NULL;
  HpTable *first;

  g_return_val_if_fail (tables != NULL, NULL);
  g_return_val_if_fail (n_tables > 0, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  first = tables[0];
  g_return_val_if_fail (first != NULL, NULL);

  for (guint t = 1; t < n_tables; t++)
    {
      g_return_val_if_fail (tables[t] != NULL, NULL);

      if (!columns_match (first, tables[t]))
        {
          g_critical ("%s: the columns of table %u differ from those of table 0",
                      G_STRFUNC, t);
          return NULL;
        }
    }

  result = hp_table_new (name, title);
  for (guint c = 0; c < first->columns->len; c++)
    {
      const HpColumn *column = hp_table_column (first, c);

      hp_table_add_column (result, column->name, column->type, column->unit);
    }

  for (guint t = 0; t < n_tables; t++)
    {
      HpTable *source = tables[t];

      g_return_val_if_fail (result->n_rows <= G_MAXUINT - source->n_rows, NULL);

      for (guint c = 0; c < source->columns->len; c++)
        {
          const HpColumn *from = hp_table_column (source, c);
          HpColumn       *to = hp_table_column (result, c);

          if (from->type == HP_COLUMN_STRING)
            {
              for (guint i = 0; i < source->n_rows; i++)
                {
                  const char *text = g_array_index (from->values, const char *, i);

                  if (text != NULL)
                    text = g_string_chunk_insert_const (result->strings, text);
                  g_array_append_val (to->values, text);
                }
            }
          else
            {
              g_array_append_vals (to->values, from->values->data, source->n_rows);
              if (from->nulls != NULL)
                g_array_append_vals (to->nulls, from->nulls->data, source->n_rows);
            }
        }
      result->n_rows += source->n_rows;
    }

  return g_steal_pointer (&result);
}
