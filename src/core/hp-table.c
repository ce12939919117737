/* hp-table.c — a typed, named-column result table: columns, rows and cells.
 *
 * The sorts are in hp-table-sort.c, the stacking of tables in
 * hp-table-concat.c, the CSV, JSON and text forms in hp-table-write.c,
 * the number formatting in hp-number-format.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-table-private.h"

G_DEFINE_BOXED_TYPE (HpTable, hp_table, hp_table_ref, hp_table_unref)

static void
hp_column_free (gpointer data)
{
  HpColumn *column = data;

  g_clear_pointer (&column->values, g_array_unref);
  g_clear_pointer (&column->nulls, g_array_unref);
  g_free (column);
}

static void
hp_column_append_nulls (HpColumn *column,
                        guint     n)
{
  guint first = column->values->len;

  if (n == 0)
    return;
  g_array_set_size (column->values, first + n);
  switch (column->type)
    {
    case HP_COLUMN_INT:
      g_array_set_size (column->nulls, first + n);
      memset (&g_array_index (column->values, gint64, first), 0, n * sizeof (gint64));
      memset (&g_array_index (column->nulls, guint8, first), TRUE, n);
      break;
    case HP_COLUMN_DOUBLE:
      for (guint i = 0; i < n; i++)
        g_array_index (column->values, double, first + i) = NAN;
      break;
    case HP_COLUMN_STRING:
      for (guint i = 0; i < n; i++)
        g_array_index (column->values, const char *, first + i) = NULL;
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
hp_table_free (HpTable *self)
{
  g_clear_pointer (&self->columns, g_ptr_array_unref);
  g_clear_pointer (&self->strings, g_string_chunk_free);
  g_free (self->name);
  g_free (self->title);
  g_free (self->note);
  g_free (self);
}

/**
 * hp_table_new:
 * @name: the table's file stem, such as "gpu_kernel_breakdown_kernels"
 * @title: (nullable): a human readable title; %NULL uses @name
 *
 * Creates a table with no columns and no rows.
 *
 * Returns: (transfer full): a new #HpTable
 */
HpTable *
hp_table_new (const char *name,
              const char *title)
{
  HpTable *self;

  g_return_val_if_fail (name != NULL, NULL);

  self = g_new0 (HpTable, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->name = g_strdup (name);
  self->title = g_strdup (title != NULL ? title : name);
  self->strings = g_string_chunk_new (4096);
  self->columns = g_ptr_array_new_with_free_func (hp_column_free);

  return self;
}

/**
 * hp_table_ref:
 * @self: a #HpTable
 *
 * Returns: (transfer full): @self, with one more reference
 */
HpTable *
hp_table_ref (HpTable *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * hp_table_unref:
 * @self: (transfer full): a #HpTable
 *
 * Drops a reference; the last one frees the table and its strings.
 */
void
hp_table_unref (HpTable *self)
{
  g_return_if_fail (self != NULL);

  if (g_atomic_ref_count_dec (&self->ref_count))
    hp_table_free (self);
}

/**
 * hp_table_get_name:
 * @self: a #HpTable
 *
 * Returns: the file stem of the table, such as "gpu_kernel_breakdown_kernels"
 */
const char *
hp_table_get_name (HpTable *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->name;
}

/**
 * hp_table_get_title:
 * @self: a #HpTable
 *
 * Returns: the human readable title
 */
const char *
hp_table_get_title (HpTable *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->title;
}

/**
 * hp_table_set_note:
 * @self: a #HpTable
 * @note: (nullable): a remark on how the values were obtained, or %NULL
 *
 * Sets or clears the note shown with the table.
 */
void
hp_table_set_note (HpTable    *self,
                   const char *note)
{
  g_return_if_fail (self != NULL);

  g_free (self->note);
  self->note = g_strdup (note);
}

/**
 * hp_table_get_note:
 * @self: a #HpTable
 *
 * Returns: (nullable): the note, or %NULL
 */
const char *
hp_table_get_note (HpTable *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->note;
}

/**
 * hp_table_add_column:
 * @self: a #HpTable
 * @name: the column name, as it appears in CSV headers
 * @type: the type of the cells
 * @unit: (nullable): the unit, such as "us", or %NULL
 *
 * Appends a column. Rows that already exist get a null cell in it.
 *
 * Returns: the index of the new column
 */
guint
hp_table_add_column (HpTable     *self,
                     const char  *name,
                     HpColumnType type,
                     const char  *unit)
{
  HpColumn *column;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (name != NULL, 0);
  g_return_val_if_fail (type == HP_COLUMN_INT ||
                            type == HP_COLUMN_DOUBLE ||
                            type == HP_COLUMN_STRING,
                        0);

  column = g_new0 (HpColumn, 1);
  column->name = g_string_chunk_insert_const (self->strings, name);
  column->unit = unit != NULL ? g_string_chunk_insert_const (self->strings, unit) : NULL;
  column->type = type;

  switch (type)
    {
    case HP_COLUMN_INT:
      column->values = g_array_new (FALSE, FALSE, sizeof (gint64));
      column->nulls = g_array_new (FALSE, FALSE, sizeof (guint8));
      break;
    case HP_COLUMN_DOUBLE:
      column->values = g_array_new (FALSE, FALSE, sizeof (double));
      break;
    case HP_COLUMN_STRING:
      column->values = g_array_new (FALSE, FALSE, sizeof (const char *));
      break;
    default:
      g_assert_not_reached ();
    }

  hp_column_append_nulls (column, self->n_rows);
  g_ptr_array_add (self->columns, column);

  return self->columns->len - 1;
}

/**
 * hp_table_get_n_columns:
 * @self: a #HpTable
 *
 * Returns: the number of columns
 */
guint
hp_table_get_n_columns (HpTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->columns->len;
}

/**
 * hp_table_get_n_rows:
 * @self: a #HpTable
 *
 * Returns: the number of rows
 */
guint
hp_table_get_n_rows (HpTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_rows;
}

/**
 * hp_table_get_column_name:
 * @self: a #HpTable
 * @column: a column index
 *
 * Returns: the name of @column
 */
const char *
hp_table_get_column_name (HpTable *self,
                          guint    column)
{
  HpColumn *col = hp_table_checked_column (self, column);

  return col != NULL ? col->name : NULL;
}

/**
 * hp_table_get_column_type:
 * @self: a #HpTable
 * @column: a column index
 *
 * Returns: the type of the cells of @column
 */
HpColumnType
hp_table_get_column_type (HpTable *self,
                          guint    column)
{
  HpColumn *col = hp_table_checked_column (self, column);

  return col != NULL ? col->type : HP_COLUMN_STRING;
}

/**
 * hp_table_get_column_unit:
 * @self: a #HpTable
 * @column: a column index
 *
 * Returns: (nullable): the unit of @column, or %NULL if it has none
 */
const char *
hp_table_get_column_unit (HpTable *self,
                          guint    column)
{
  HpColumn *col = hp_table_checked_column (self, column);

  return col != NULL ? col->unit : NULL;
}

/**
 * hp_table_find_column:
 * @self: a #HpTable
 * @name: a column name
 *
 * Returns: the index of the first column called @name, or -1
 */
int
hp_table_find_column (HpTable    *self,
                      const char *name)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (name != NULL, -1);

  for (guint c = 0; c < self->columns->len; c++)
    {
      if (strcmp (hp_table_column (self, c)->name, name) == 0)
        return (int)c;
    }

  return -1;
}

/**
 * hp_table_column_of:
 * @self: a #HpTable
 * @id: a column of a table of an analysis, from its header
 *
 * Finds the column @id names, after checking that @self is one of the
 * tables @id belongs to: reading a column of another table is a
 * programming error, reported with g_critical().
 *
 * Returns: the index of the column, or -1 when @self is not a table of
 *   @id or has no such column (a table made by an older Hotpath)
 */
int
hp_table_column_of (HpTable   *self,
                    HpColumnId id)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (id.name != NULL && id.tables != NULL, -1);

  for (guint t = 0; id.tables[t] != NULL; t++)
    if (strcmp (id.tables[t], self->name) == 0)
      return hp_table_find_column (self, id.name);

  g_critical ("column \"%s\" of table \"%s\" read from table \"%s\"", id.name, id.tables[0], self->name);
  return -1;
}

/**
 * hp_table_append_row:
 * @self: a #HpTable
 *
 * Appends a row whose cells are all null.
 *
 * Returns: the index of the new row
 */
guint
hp_table_append_row (HpTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (self->n_rows < G_MAXUINT, 0);

  for (guint c = 0; c < self->columns->len; c++)
    hp_column_append_nulls (hp_table_column (self, c), 1);

  return self->n_rows++;
}

/**
 * hp_table_set_int:
 * @self: a #HpTable
 * @row: a row index
 * @column: the index of an %HP_COLUMN_INT column
 * @value: the value
 *
 * Sets a cell of an integer column (and makes it non-null).
 */
void
hp_table_set_int (HpTable *self,
                  guint    row,
                  guint    column,
                  gint64   value)
{
  HpColumn *col = hp_table_cell_column (self, row, column);

  if (col == NULL)
    return;
  g_return_if_fail (col->type == HP_COLUMN_INT);

  g_array_index (col->values, gint64, row) = value;
  g_array_index (col->nulls, guint8, row) = FALSE;
}

/**
 * hp_table_set_double:
 * @self: a #HpTable
 * @row: a row index
 * @column: the index of an %HP_COLUMN_DOUBLE column
 * @value: the value; NaN makes the cell null
 *
 * Sets a cell of a double column.
 */
void
hp_table_set_double (HpTable *self,
                     guint    row,
                     guint    column,
                     double   value)
{
  HpColumn *col = hp_table_cell_column (self, row, column);

  if (col == NULL)
    return;
  g_return_if_fail (col->type == HP_COLUMN_DOUBLE);

  g_array_index (col->values, double, row) = value;
}

/**
 * hp_table_set_string:
 * @self: a #HpTable
 * @row: a row index
 * @column: the index of an %HP_COLUMN_STRING column
 * @value: (nullable): the text, copied into the table; %NULL makes the
 *   cell null
 *
 * Sets a cell of a string column. Equal strings are stored once.
 */
void
hp_table_set_string (HpTable    *self,
                     guint       row,
                     guint       column,
                     const char *value)
{
  HpColumn *col = hp_table_cell_column (self, row, column);

  if (col == NULL)
    return;
  g_return_if_fail (col->type == HP_COLUMN_STRING);

  g_array_index (col->values, const char *, row) =
      value != NULL ? g_string_chunk_insert_const (self->strings, value) : NULL;
}

/**
 * hp_table_set_null:
 * @self: a #HpTable
 * @row: a row index
 * @column: a column index
 *
 * Makes a cell null, whatever the column's type.
 */
void
hp_table_set_null (HpTable *self,
                   guint    row,
                   guint    column)
{
  HpColumn *col = hp_table_cell_column (self, row, column);

  if (col == NULL)
    return;
  switch (col->type)
    {
    case HP_COLUMN_INT:
      g_array_index (col->values, gint64, row) = 0;
      g_array_index (col->nulls, guint8, row) = TRUE;
      break;
    case HP_COLUMN_DOUBLE:
      g_array_index (col->values, double, row) = NAN;
      break;
    case HP_COLUMN_STRING:
      g_array_index (col->values, const char *, row) = NULL;
      break;
    default:
      g_assert_not_reached ();
    }
}

/**
 * hp_table_append_rows:
 * @self: a #HpTable
 * @n_rows: the number of rows to append
 *
 * Appends @n_rows rows whose cells are all null, to be filled a column at
 * a time with hp_table_set_ints(), hp_table_set_doubles(),
 * hp_table_fill_int() and hp_table_fill_string(): a long series costs a
 * few passes per column instead of a call per cell.
 *
 * Returns: the index of the first new row
 */
guint
hp_table_append_rows (HpTable *self,
                      guint    n_rows)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (n_rows <= G_MAXUINT - self->n_rows, 0);

  for (guint c = 0; c < self->columns->len; c++)
    hp_column_append_nulls (hp_table_column (self, c), n_rows);
  self->n_rows += n_rows;

  return self->n_rows - n_rows;
}

/* The column @column of @self when it has @type and holds the rows
 * [@first_row, @first_row + @n_rows), else NULL with a critical. */
static HpColumn *
hp_table_column_range (HpTable     *self,
                       guint        column,
                       HpColumnType type,
                       guint        first_row,
                       guint        n_rows)
{
  HpColumn *col;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);
  g_return_val_if_fail (first_row <= self->n_rows && n_rows <= self->n_rows - first_row, NULL);

  col = hp_table_column (self, column);
  g_return_val_if_fail (col->type == type, NULL);

  return col;
}

/**
 * hp_table_set_ints:
 * @self: a #HpTable
 * @column: the index of an %HP_COLUMN_INT column
 * @first_row: the first row to set
 * @values: (array length=n_values): the values
 * @n_values: the number of values, at most the rows from @first_row on
 *
 * Sets @n_values consecutive cells of an integer column (and makes them
 * non-null), as hp_table_set_int() would one at a time.
 */
void
hp_table_set_ints (HpTable      *self,
                   guint         column,
                   guint         first_row,
                   const gint64 *values,
                   guint         n_values)
{
  HpColumn *col;

  g_return_if_fail (values != NULL || n_values == 0);

  col = hp_table_column_range (self, column, HP_COLUMN_INT, first_row, n_values);
  if (col == NULL || n_values == 0)
    return;

  memcpy (&g_array_index (col->values, gint64, first_row), values, n_values * sizeof (gint64));
  memset (&g_array_index (col->nulls, guint8, first_row), FALSE, n_values);
}

/**
 * hp_table_set_doubles:
 * @self: a #HpTable
 * @column: the index of an %HP_COLUMN_DOUBLE column
 * @first_row: the first row to set
 * @values: (array length=n_values): the values; NaN makes a cell null
 * @n_values: the number of values, at most the rows from @first_row on
 *
 * Sets @n_values consecutive cells of a double column, as
 * hp_table_set_double() would one at a time.
 */
void
hp_table_set_doubles (HpTable      *self,
                      guint         column,
                      guint         first_row,
                      const double *values,
                      guint         n_values)
{
  HpColumn *col;

  g_return_if_fail (values != NULL || n_values == 0);

  col = hp_table_column_range (self, column, HP_COLUMN_DOUBLE, first_row, n_values);
  if (col == NULL || n_values == 0)
    return;

  memcpy (&g_array_index (col->values, double, first_row), values, n_values * sizeof (double));
}

/**
 * hp_table_fill_int:
 * @self: a #HpTable
 * @column: the index of an %HP_COLUMN_INT column
 * @first_row: the first row to set
 * @n_rows: the number of rows to set
 * @value: the value
 *
 * Sets @n_rows consecutive cells of an integer column to @value.
 */
void
hp_table_fill_int (HpTable *self,
                   guint    column,
                   guint    first_row,
                   guint    n_rows,
                   gint64   value)
{
  HpColumn *col = hp_table_column_range (self, column, HP_COLUMN_INT, first_row, n_rows);

  if (col == NULL || n_rows == 0)
    return;

  for (guint i = 0; i < n_rows; i++)
    g_array_index (col->values, gint64, first_row + i) = value;
  memset (&g_array_index (col->nulls, guint8, first_row), FALSE, n_rows);
}

/**
 * hp_table_fill_string:
 * @self: a #HpTable
 * @column: the index of an %HP_COLUMN_STRING column
 * @first_row: the first row to set
 * @n_rows: the number of rows to set
 * @value: (nullable): the text, copied into the table once; %NULL makes
 *   the cells null
 *
 * Sets @n_rows consecutive cells of a string column to @value.
 */
void
hp_table_fill_string (HpTable    *self,
                      guint       column,
                      guint       first_row,
                      guint       n_rows,
                      const char *value)
{
  HpColumn   *col = hp_table_column_range (self, column, HP_COLUMN_STRING, first_row, n_rows);
  const char *interned;

  if (col == NULL || n_rows == 0)
    return;

  interned = value != NULL ? g_string_chunk_insert_const (self->strings, value) : NULL;
  for (guint i = 0; i < n_rows; i++)
    g_array_index (col->values, const char *, first_row + i) = interned;
}

/**
 * hp_table_is_null:
 * @self: a #HpTable
 * @row: a row index
 * @column: a column index
 *
 * Returns: whether the cell is null (NaN in a double column)
 */
gboolean
hp_table_is_null (HpTable *self,
                  guint    row,
                  guint    column)
{
  HpColumn *col = hp_table_cell_column (self, row, column);

  return col != NULL ? hp_column_is_null (col, row) : TRUE;
}

/**
 * hp_table_get_int:
 * @self: a #HpTable
 * @row: a row index
 * @column: the index of an %HP_COLUMN_INT column
 *
 * Returns: the value of the cell, or 0 when it is null
 */
gint64
hp_table_get_int (HpTable *self,
                  guint    row,
                  guint    column)
{
  HpColumn *col = hp_table_cell_column (self, row, column);

  if (col == NULL)
    return 0;
  g_return_val_if_fail (col->type == HP_COLUMN_INT, 0);

  return g_array_index (col->values, gint64, row);
}

/**
 * hp_table_get_double:
 * @self: a #HpTable
 * @row: a row index
 * @column: the index of an %HP_COLUMN_DOUBLE or %HP_COLUMN_INT column
 *
 * Reads a numeric cell as a double, so charts can read either kind of
 * column.
 *
 * Returns: the value of the cell, or NaN when it is null
 */
double
hp_table_get_double (HpTable *self,
                     guint    row,
                     guint    column)
{
  HpColumn *col = hp_table_cell_column (self, row, column);

  if (col == NULL)
    return NAN;
  g_return_val_if_fail (col->type != HP_COLUMN_STRING, NAN);

  if (col->type == HP_COLUMN_INT)
    {
      if (hp_column_is_null (col, row))
        return NAN;
      return (double)g_array_index (col->values, gint64, row);
    }

  return g_array_index (col->values, double, row);
}

/**
 * hp_table_get_string:
 * @self: a #HpTable
 * @row: a row index
 * @column: the index of an %HP_COLUMN_STRING column
 *
 * Returns: (nullable): the text of the cell, owned by the table, or %NULL
 *   when it is null
 */
const char *
hp_table_get_string (HpTable *self,
                     guint    row,
                     guint    column)
{
  HpColumn *col = hp_table_cell_column (self, row, column);

  if (col == NULL)
    return NULL;
  g_return_val_if_fail (col->type == HP_COLUMN_STRING, NULL);

  return g_array_index (col->values, const char *, row);
}
