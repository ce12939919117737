/* hp-table-private.h — the storage of HpTable, shared by its storage, sort and writer files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>

#include "hp-table.h"

G_BEGIN_DECLS

typedef struct
{
  const char  *name; /* in the table's string chunk */
  const char  *unit; /* in the table's string chunk, or NULL */
  HpColumnType type;
  GArray      *values; /* gint64, double or const char * per row */
  GArray      *nulls;  /* guint8 per row, HP_COLUMN_INT only */
} HpColumn;

struct _HpTable
{
  gatomicrefcount ref_count;

  char *name;
  char *title;
  char *note;

  GStringChunk *strings;
  GPtrArray    *columns; /* HpColumn */
  guint         n_rows;
};

static inline HpColumn *
hp_table_column (HpTable *self,
                 guint    column)
{
  return g_ptr_array_index (self->columns, column);
}

/* The column @column of @self, else NULL with a critical. */
static inline HpColumn *
hp_table_checked_column (HpTable *self,
                         guint    column)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);

  return hp_table_column (self, column);
}

/* The column @column of @self when @self has a row @row, else NULL with
 * a critical. */
static inline HpColumn *
hp_table_cell_column (HpTable *self,
                      guint    row,
                      guint    column)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (row < self->n_rows, NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);

  return hp_table_column (self, column);
}

static inline gboolean
hp_column_is_null (const HpColumn *column,
                   guint           row)
{
  switch (column->type)
    {
    case HP_COLUMN_INT:
      return g_array_index (column->nulls, guint8, row) != 0;
    case HP_COLUMN_DOUBLE:
      return isnan (g_array_index (column->values, double, row));
    case HP_COLUMN_STRING:
      return g_array_index (column->values, const char *, row) == NULL;
    default:
      g_assert_not_reached ();
    }
}

G_END_DECLS
