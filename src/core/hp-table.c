/* hp-table.c — a typed, named-column result table and its CSV, JSON and text forms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-json-private.h"
#include "hp-table.h"

/* Widest text of a double: "-1.7976931348623157e+308" or "-0.00012345678901234567" */
#define FORMAT_BUF_SIZE 40

/* String cells wider than this are shortened in the terminal view */
#define TEXT_MAX_CELL_WIDTH 60

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

G_DEFINE_BOXED_TYPE (HpTable, hp_table, hp_table_ref, hp_table_unref)

/* One printf format per precision, so no format string is built at run
 * time; g_ascii_formatd() keeps the output independent of LC_NUMERIC. */
/* clang-format off */
static const char *const exp_formats[] = {
  "%.0e", "%.1e", "%.2e", "%.3e", "%.4e", "%.5e", "%.6e", "%.7e", "%.8e",
  "%.9e", "%.10e", "%.11e", "%.12e", "%.13e", "%.14e", "%.15e", "%.16e",
};

static const char *const fixed_formats[] = {
  "%.0f", "%.1f", "%.2f", "%.3f", "%.4f", "%.5f", "%.6f", "%.7f", "%.8f",
  "%.9f", "%.10f",
};
/* clang-format on */

static void
hp_column_free (gpointer data)
{
  HpColumn *column = data;

  g_clear_pointer (&column->values, g_array_unref);
  g_clear_pointer (&column->nulls, g_array_unref);
  g_free (column);
}

static HpColumn *
hp_table_column (HpTable *self,
                 guint    column)
{
  return g_ptr_array_index (self->columns, column);
}

/* The column @column of @self, else NULL with a critical. */
static HpColumn *
hp_table_checked_column (HpTable *self,
                         guint    column)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);

  return hp_table_column (self, column);
}

/* The column @column of @self when @self has a row @row, else NULL with
 * a critical. */
static HpColumn *
hp_table_cell_column (HpTable *self,
                      guint    row,
                      guint    column)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (row < self->n_rows, NULL);
  g_return_val_if_fail (column < self->columns->len, NULL);

  return hp_table_column (self, column);
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

static gboolean
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

static const char *
hp_column_type_name (HpColumnType type)
{
  switch (type)
    {
    case HP_COLUMN_INT:
      return "int";
    case HP_COLUMN_DOUBLE:
      return "double";
    case HP_COLUMN_STRING:
      return "string";
    default:
      g_assert_not_reached ();
    }
}

/* Splits printf's "d[.ddd]e±XX" into its digits and decimal exponent */
static void
parse_exp_text (const char *text,
                char       *digits,
                gsize      *n_digits,
                int        *exponent)
{
  const char *p;

  *n_digits = 0;
  for (p = text; *p != 'e'; p++)
    {
      g_assert (*p != '\0');
      if (g_ascii_isdigit (*p))
        {
          g_assert (*n_digits < 17);
          digits[(*n_digits)++] = *p;
        }
    }
  *exponent = (int)g_ascii_strtoll (p + 1, NULL, 10);
}

/* Reads d.ddd × 10^exponent back as a double */
static double
digits_to_double (const char *digits,
                  gsize       n_digits,
                  int         exponent)
{
  char text[FORMAT_BUF_SIZE];

  g_snprintf (text, sizeof text, "%.*se%d",
              (int)n_digits, digits, exponent - (int)n_digits + 1);
  return g_ascii_strtod (text, NULL);
}

/* Adds one unit in the last place: 1.29 → 1.30, 9.99 → 1.00e+1 */
static void
increment_digits (char *digits,
                  gsize n_digits,
                  int  *exponent)
{
  for (gsize i = n_digits; i > 0; i--)
    {
      if (digits[i - 1] != '9')
        {
          digits[i - 1]++;
          return;
        }
      digits[i - 1] = '0';
    }
  digits[0] = '1';
  (*exponent)++;
}

/* Finds the shortest digits that read back as @magnitude (positive,
 * finite): Python's repr() digits. */
static void
shortest_digits (double magnitude,
                 char  *digits,
                 gsize *n_digits,
                 int   *exponent)
{
  char  scratch[FORMAT_BUF_SIZE];
  guint precision = 0;

  /* Any decimal of at most 15 digits survives a trip through a double
   * (DBL_DIG), so if 15 digits do not round-trip, fewer cannot either. */
  g_ascii_formatd (scratch, sizeof scratch, exp_formats[14], magnitude);
  if (g_ascii_strtod (scratch, NULL) != magnitude)
    precision = 15;

  for (; precision < G_N_ELEMENTS (exp_formats); precision++)
    {
      double back;

      g_ascii_formatd (scratch, sizeof scratch, exp_formats[precision], magnitude);
      parse_exp_text (scratch, digits, n_digits, exponent);
      back = g_ascii_strtod (scratch, NULL);
      if (back == magnitude)
        break;

      /* At a power of two the doubles below are twice as dense as those
       * above, so the nearest decimal may fall just outside the narrow
       * lower half-interval while the next one up is inside the wider
       * upper one; the shortest repr() is then that one. */
      if (back < magnitude)
        {
          int up_exponent = *exponent;

          increment_digits (digits, *n_digits, &up_exponent);
          if (digits_to_double (digits, *n_digits, up_exponent) == magnitude)
            {
              *exponent = up_exponent;
              break;
            }
        }
    }

  while (*n_digits > 1 && digits[*n_digits - 1] == '0')
    (*n_digits)--;
}

/* Writes Python's repr() of @value into @buf and returns its length.
 *
 * The digits are the shortest that read back as the same double, the
 * nearest one among equals (glibc's printf rounds correctly). They are
 * then laid out as repr() does (Python's float_repr_style "short"):
 * scientific when the decimal exponent is below -4 or at least 16,
 * positional otherwise, always with a digit after the point. */
static gsize
format_double_repr (double value,
                    char  *buf)
{
  char     digits[20];
  gsize    n_digits = 0;
  gboolean negative;
  int      exponent;
  int      decpt;
  gsize    len = 0;

  if (isnan (value))
    return g_strlcpy (buf, "nan", FORMAT_BUF_SIZE);
  if (isinf (value))
    return g_strlcpy (buf, value < 0 ? "-inf" : "inf", FORMAT_BUF_SIZE);

  negative = signbit (value) != 0;

  /* Below 2^53 an integral double is exactly its integer, and no shorter
   * digit string can round-trip, so the integer is repr()'s digits. */
  if (value == floor (value) && fabs (value) < 9007199254740992.0)
    {
      if (value == 0)
        return g_strlcpy (buf, negative ? "-0.0" : "0.0", FORMAT_BUF_SIZE);
      return g_snprintf (buf, FORMAT_BUF_SIZE, "%" G_GINT64_FORMAT ".0", (gint64)value);
    }

  shortest_digits (fabs (value), digits, &n_digits, &exponent);

  /* The value is 0.DIGITS × 10^decpt */
  decpt = exponent + 1;

#define PUT(c)                            \
  G_STMT_START                            \
  {                                       \
    g_assert (len + 1 < FORMAT_BUF_SIZE); \
    buf[len++] = (c);                     \
  }                                       \
  G_STMT_END

  if (negative)
    PUT ('-');

  if (decpt <= -4 || decpt > 16)
    {
      char exp_text[8];

      PUT (digits[0]);
      if (n_digits > 1)
        {
          PUT ('.');
          for (gsize i = 1; i < n_digits; i++)
            PUT (digits[i]);
        }
      g_snprintf (exp_text, sizeof exp_text, "e%c%02d",
                  exponent < 0 ? '-' : '+', ABS (exponent));
      for (const char *e = exp_text; *e != '\0'; e++)
        PUT (*e);
    }
  else if (decpt <= 0)
    {
      PUT ('0');
      PUT ('.');
      for (int i = 0; i < -decpt; i++)
        PUT ('0');
      for (gsize i = 0; i < n_digits; i++)
        PUT (digits[i]);
    }
  else if ((gsize)decpt >= n_digits)
    {
      for (gsize i = 0; i < n_digits; i++)
        PUT (digits[i]);
      for (gsize i = n_digits; i < (gsize)decpt; i++)
        PUT ('0');
      PUT ('.');
      PUT ('0');
    }
  else
    {
      for (gsize i = 0; i < n_digits; i++)
        {
          if (i == (gsize)decpt)
            PUT ('.');
          PUT (digits[i]);
        }
    }

#undef PUT

  buf[len] = '\0';
  return len;
}

/* A double for people: up to six significant digits without an exponent
 * in the usual range, trailing zeros dropped. */
static void
format_double_text (double value,
                    char  *buf)
{
  double magnitude = fabs (value);
  int    decimals;
  gsize  len;

  if (isinf (value))
    {
      g_strlcpy (buf, value < 0 ? "-inf" : "inf", FORMAT_BUF_SIZE);
      return;
    }
  if (value == 0)
    {
      g_strlcpy (buf, "0", FORMAT_BUF_SIZE);
      return;
    }
  if (magnitude >= 1e15 || magnitude < 1e-4)
    {
      g_ascii_formatd (buf, FORMAT_BUF_SIZE, "%.6g", value);
      return;
    }

  decimals = 6 - ((int)floor (log10 (magnitude)) + 1);
  decimals = CLAMP (decimals, 0, (int)G_N_ELEMENTS (fixed_formats) - 1);
  g_ascii_formatd (buf, FORMAT_BUF_SIZE, fixed_formats[decimals], value);

  if (strchr (buf, '.') != NULL)
    {
      len = strlen (buf);
      while (buf[len - 1] == '0')
        buf[--len] = '\0';
      if (buf[len - 1] == '.')
        buf[--len] = '\0';
    }
  if (strcmp (buf, "-0") == 0)
    g_strlcpy (buf, "0", FORMAT_BUF_SIZE);
}

/* Appends the CSV text of a number cell, or nothing for null; returns
 * FALSE for a string cell, which the caller handles. */
static gboolean
append_number_cell (GString        *out,
                    const HpColumn *column,
                    guint           row)
{
  char buf[FORMAT_BUF_SIZE];

  if (column->type == HP_COLUMN_STRING)
    return FALSE;
  if (hp_column_is_null (column, row))
    return TRUE;

  if (column->type == HP_COLUMN_INT)
    g_string_append_printf (out, "%" G_GINT64_FORMAT,
                            g_array_index (column->values, gint64, row));
  else
    {
      gsize len = format_double_repr (g_array_index (column->values, double, row), buf);
      g_string_append_len (out, buf, len);
    }
  return TRUE;
}

/* Python's csv writer with QUOTE_MINIMAL: quote a field only when it holds
 * the delimiter, the quote or a line break, doubling inner quotes. */
static void
append_csv_field (GString    *out,
                  const char *text)
{
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (out, text);
      return;
    }

  g_string_append_c (out, '"');
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
append_json_string (GString    *out,
                    const char *text)
{
  g_autofree char *valid = NULL;

  if (!g_utf8_validate (text, -1, NULL))
    text = valid = g_utf8_make_valid (text, -1);

  _hp_json_append_escaped (out, text, strlen (text));
}

static void
append_json_cell (GString        *out,
                  const HpColumn *column,
                  guint           row)
{
  char buf[FORMAT_BUF_SIZE];

  if (hp_column_is_null (column, row))
    {
      g_string_append (out, "null");
      return;
    }

  switch (column->type)
    {
    case HP_COLUMN_INT:
      g_string_append_printf (out, "%" G_GINT64_FORMAT,
                              g_array_index (column->values, gint64, row));
      break;
    case HP_COLUMN_DOUBLE:
      {
        double value = g_array_index (column->values, double, row);

        /* JSON has no infinities */
        if (isinf (value))
          g_string_append (out, "null");
        else
          g_string_append_len (out, buf, format_double_repr (value, buf));
      }
      break;
    case HP_COLUMN_STRING:
      append_json_string (out, g_array_index (column->values, const char *, row));
      break;
    default:
      g_assert_not_reached ();
    }
}

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

static gboolean
hp_table_write_contents (const char *path,
                         const char *contents,
                         GError    **error)
{
  if (!g_file_set_contents_full (path, contents, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT,
                                 0644, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }

  return TRUE;
}

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
 * hp_table_new:
 * @name: the table's file stem, such as "temporal_breakdown"
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
 * Returns: the file stem of the table, such as "temporal_breakdown"
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

/**
 * hp_table_format_cell:
 * @self: a #HpTable
 * @row: a row index
 * @column: a column index
 *
 * Formats a cell as it appears in the CSV output, before quoting: integers
 * in decimal, doubles as hp_format_double() does, strings as they are, and
 * the empty string for null.
 *
 * Returns: (transfer full): the text of the cell
 */
char *
hp_table_format_cell (HpTable *self,
                      guint    row,
                      guint    column)
{
  HpColumn *col = hp_table_cell_column (self, row, column);
  GString  *out;

  if (col == NULL)
    return NULL;
  out = g_string_new (NULL);
  if (!append_number_cell (out, col, row))
    {
      const char *text = g_array_index (col->values, const char *, row);

      if (text != NULL)
        g_string_append (out, text);
    }

  return g_string_free (out, FALSE);
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

/**
 * hp_table_to_csv:
 * @self: a #HpTable
 *
 * Formats the table as pandas' `DataFrame.to_csv (index=False)` does: a
 * header of column names, then one line per row ending in "\n"; integers
 * in decimal, doubles as Python's repr() (see hp_format_double()), null as
 * an empty field, and fields quoted only when they hold a comma, a quote
 * or a line break. A row made of a single empty field is written `""`, as
 * Python's csv module does, so it does not read as a blank line.
 *
 * Returns: (transfer full): the CSV text
 */
char *
hp_table_to_csv (HpTable *self)
{
  GString *out;
  guint    n_columns;

  g_return_val_if_fail (self != NULL, NULL);

  n_columns = self->columns->len;
  out = g_string_new (NULL);
  if (n_columns == 0)
    return g_string_free (out, FALSE);

  for (guint c = 0; c < n_columns; c++)
    {
      if (c > 0)
        g_string_append_c (out, ',');
      append_csv_field (out, hp_table_column (self, c)->name);
    }
  if (n_columns == 1 && hp_table_column (self, 0)->name[0] == '\0')
    g_string_append (out, "\"\"");
  g_string_append_c (out, '\n');

  for (guint row = 0; row < self->n_rows; row++)
    {
      gsize line_start = out->len;

      for (guint c = 0; c < n_columns; c++)
        {
          const HpColumn *column = hp_table_column (self, c);

          if (c > 0)
            g_string_append_c (out, ',');
          if (!append_number_cell (out, column, row))
            {
              const char *text = g_array_index (column->values, const char *, row);

              if (text != NULL)
                append_csv_field (out, text);
            }
        }
      if (n_columns == 1 && out->len == line_start)
        g_string_append (out, "\"\"");
      g_string_append_c (out, '\n');
    }

  return g_string_free (out, FALSE);
}

/**
 * hp_table_to_json:
 * @self: a #HpTable
 *
 * Builds `{"name", "title", "note" (only when set), "columns": [{"name",
 * "type": "int"|"double"|"string", "unit" (null when none)}], "rows":
 * [[cell, …], …]}`, with null for null cells and for infinities.
 *
 * Returns: (transfer full): a JSON object node
 */
JsonNode *
hp_table_to_json (HpTable *self)
{
  g_autoptr (JsonBuilder) builder = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  builder = json_builder_new ();
  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, self->name);
  json_builder_set_member_name (builder, "title");
  json_builder_add_string_value (builder, self->title);
  if (self->note != NULL)
    {
      json_builder_set_member_name (builder, "note");
      json_builder_add_string_value (builder, self->note);
    }

  json_builder_set_member_name (builder, "columns");
  json_builder_begin_array (builder);
  for (guint c = 0; c < self->columns->len; c++)
    {
      const HpColumn *column = hp_table_column (self, c);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, column->name);
      json_builder_set_member_name (builder, "type");
      json_builder_add_string_value (builder, hp_column_type_name (column->type));
      json_builder_set_member_name (builder, "unit");
      if (column->unit != NULL)
        json_builder_add_string_value (builder, column->unit);
      else
        json_builder_add_null_value (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "rows");
  json_builder_begin_array (builder);
  for (guint row = 0; row < self->n_rows; row++)
    {
      json_builder_begin_array (builder);
      for (guint c = 0; c < self->columns->len; c++)
        {
          const HpColumn *column = hp_table_column (self, c);

          if (hp_column_is_null (column, row))
            {
              json_builder_add_null_value (builder);
              continue;
            }

          switch (column->type)
            {
            case HP_COLUMN_INT:
              json_builder_add_int_value (builder, g_array_index (column->values, gint64, row));
              break;
            case HP_COLUMN_DOUBLE:
              {
                double value = g_array_index (column->values, double, row);

                if (isinf (value))
                  json_builder_add_null_value (builder);
                else
                  json_builder_add_double_value (builder, value);
              }
              break;
            case HP_COLUMN_STRING:
              json_builder_add_string_value (builder,
                                             g_array_index (column->values, const char *, row));
              break;
            default:
              g_assert_not_reached ();
            }
        }
      json_builder_end_array (builder);
    }
  json_builder_end_array (builder);

  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

/**
 * hp_table_to_json_string:
 * @self: a #HpTable
 *
 * Serialises the object hp_table_to_json() builds, one row per line.
 * Doubles are written as Python's repr() writes them (shortest text that
 * reads back exactly, always with a point or an exponent), so they stay
 * doubles when read back; json-glib's generator would print 0.1 as
 * 0.10000000000000001 and 2.0 as the integer 2.
 *
 * Returns: (transfer full): the JSON text, ending with a newline
 */
char *
hp_table_to_json_string (HpTable *self)
{
  GString *out;

  g_return_val_if_fail (self != NULL, NULL);

  out = g_string_new ("{\n  \"name\": ");
  append_json_string (out, self->name);
  g_string_append (out, ",\n  \"title\": ");
  append_json_string (out, self->title);
  if (self->note != NULL)
    {
      g_string_append (out, ",\n  \"note\": ");
      append_json_string (out, self->note);
    }

  g_string_append (out, ",\n  \"columns\": [");
  for (guint c = 0; c < self->columns->len; c++)
    {
      const HpColumn *column = hp_table_column (self, c);

      g_string_append (out, c > 0 ? ",\n    {\"name\": " : "\n    {\"name\": ");
      append_json_string (out, column->name);
      g_string_append_printf (out, ", \"type\": \"%s\", \"unit\": ",
                              hp_column_type_name (column->type));
      if (column->unit != NULL)
        append_json_string (out, column->unit);
      else
        g_string_append (out, "null");
      g_string_append_c (out, '}');
    }
  g_string_append (out, self->columns->len > 0 ? "\n  ],\n  \"rows\": [" : "],\n  \"rows\": [");

  for (guint row = 0; row < self->n_rows; row++)
    {
      g_string_append (out, row > 0 ? ",\n    [" : "\n    [");
      for (guint c = 0; c < self->columns->len; c++)
        {
          if (c > 0)
            g_string_append (out, ", ");
          append_json_cell (out, hp_table_column (self, c), row);
        }
      g_string_append_c (out, ']');
    }
  g_string_append (out, self->n_rows > 0 ? "\n  ]\n}\n" : "]\n}\n");

  return g_string_free (out, FALSE);
}

/**
 * hp_table_to_text:
 * @self: a #HpTable
 * @max_rows: the most rows to show, or 0 for all
 *
 * Lays the table out for a terminal: the title (and note), a header, a
 * rule, then the rows with numbers right-aligned and text left-aligned.
 * Doubles show up to six significant digits, null cells show "n/a", long
 * text is shortened with "…" and control characters become spaces. When
 * rows are left out, a last line says how many.
 *
 * Returns: (transfer full): the text, ending with a newline
 */
char *
hp_table_to_text (HpTable *self,
                  guint    max_rows)
{
  g_autoptr (GPtrArray) cells = NULL;
  g_autofree guint *widths = NULL;
  GString          *out;
  guint             n_columns;
  guint             n_shown;

  g_return_val_if_fail (self != NULL, NULL);

  n_columns = self->columns->len;
  n_shown = max_rows == 0 ? self->n_rows : MIN (max_rows, self->n_rows);
  widths = g_new0 (guint, MAX (n_columns, 1));
  cells = g_ptr_array_new_with_free_func (g_free);

  /* cells[row * n_columns + c] for the header (row 0) and the shown rows */
  for (guint c = 0; c < n_columns; c++)
    g_ptr_array_add (cells, g_strdup (hp_table_column (self, c)->name));

  for (guint row = 0; row < n_shown; row++)
    {
      for (guint c = 0; c < n_columns; c++)
        {
          const HpColumn *column = hp_table_column (self, c);
          char            buf[FORMAT_BUF_SIZE];
          char           *text;

          if (hp_column_is_null (column, row))
            text = g_strdup ("n/a");
          else if (column->type == HP_COLUMN_INT)
            text = g_strdup_printf ("%" G_GINT64_FORMAT,
                                    g_array_index (column->values, gint64, row));
          else if (column->type == HP_COLUMN_DOUBLE)
            {
              format_double_text (g_array_index (column->values, double, row), buf);
              text = g_strdup (buf);
            }
          else
            {
              const char *value = g_array_index (column->values, const char *, row);

              if (g_utf8_validate (value, -1, NULL))
                text = g_strdup (value);
              else
                text = g_utf8_make_valid (value, -1);

              for (char *p = text; *p != '\0'; p++)
                {
                  if ((guchar)*p < 0x20 || *p == 0x7f)
                    *p = ' ';
                }

              if (g_utf8_strlen (text, -1) > TEXT_MAX_CELL_WIDTH)
                {
                  char *end = g_utf8_offset_to_pointer (text, TEXT_MAX_CELL_WIDTH - 1);
                  char *shortened = g_strdup_printf ("%.*s…", (int)(end - text), text);

                  g_free (text);
                  text = shortened;
                }
            }
          g_ptr_array_add (cells, text);
        }
    }

  for (guint i = 0; i < cells->len; i++)
    {
      guint c = i % MAX (n_columns, 1);
      guint width = (guint)g_utf8_strlen (g_ptr_array_index (cells, i), -1);

      widths[c] = MAX (widths[c], width);
    }

  out = g_string_new (self->title);
  g_string_append_c (out, '\n');
  if (self->note != NULL)
    g_string_append_printf (out, "%s\n", self->note);

  for (guint line = 0; line < n_shown + 2; line++)
    {
      gsize line_start = out->len;

      for (guint c = 0; c < n_columns; c++)
        {
          const HpColumn *column = hp_table_column (self, c);
          const char     *text;
          guint           pad;

          if (c > 0)
            g_string_append (out, "  ");

          if (line == 1)
            {
              for (guint i = 0; i < widths[c]; i++)
                g_string_append_c (out, '-');
              continue;
            }

          text = g_ptr_array_index (cells, (line == 0 ? 0 : line - 1) * n_columns + c);
          pad = widths[c] - (guint)g_utf8_strlen (text, -1);
          if (column->type == HP_COLUMN_STRING)
            {
              g_string_append (out, text);
              for (guint i = 0; i < pad; i++)
                g_string_append_c (out, ' ');
            }
          else
            {
              for (guint i = 0; i < pad; i++)
                g_string_append_c (out, ' ');
              g_string_append (out, text);
            }
        }

      /* no trailing blanks after a left-aligned last column */
      while (out->len > line_start && out->str[out->len - 1] == ' ')
        g_string_truncate (out, out->len - 1);
      g_string_append_c (out, '\n');
    }

  if (self->n_rows == 0)
    g_string_append (out, "(no rows)\n");
  else if (n_shown < self->n_rows)
    g_string_append_printf (out, "… %u more %s\n", self->n_rows - n_shown,
                            self->n_rows - n_shown == 1 ? "row" : "rows");

  return g_string_free (out, FALSE);
}

/**
 * hp_table_write_csv:
 * @self: a #HpTable
 * @path: the file to write
 * @error: return location for a #GError
 *
 * Writes hp_table_to_csv() to @path atomically (a temporary file renamed
 * over @path, mode 0644), so readers never see a partial file.
 *
 * Returns: %TRUE on success; on failure @error holds GLib's file error,
 *   its message prefixed with @path
 */
gboolean
hp_table_write_csv (HpTable    *self,
                    const char *path,
                    GError    **error)
{
  g_autofree char *contents = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  contents = hp_table_to_csv (self);
  return hp_table_write_contents (path, contents, error);
}

/**
 * hp_table_write_json:
 * @self: a #HpTable
 * @path: the file to write
 * @error: return location for a #GError
 *
 * Writes hp_table_to_json_string() to @path atomically, mode 0644.
 *
 * Returns: %TRUE on success; on failure @error holds GLib's file error,
 *   its message prefixed with @path
 */
gboolean
hp_table_write_json (HpTable    *self,
                     const char *path,
                     GError    **error)
{
  g_autofree char *contents = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  contents = hp_table_to_json_string (self);
  return hp_table_write_contents (path, contents, error);
}

/**
 * hp_format_double:
 * @value: a double
 *
 * Formats @value as Python's repr() does, which is also how pandas writes
 * floats to CSV: the shortest text that reads back as the same double,
 * positional for decimal exponents from -4 to 15 with at least one digit
 * after the point ("100.0", "0.0001", "-0.0"), scientific otherwise with a
 * two-digit exponent at least ("1e-05", "1.5e+16", "5e-324"). NaN and the
 * infinities give "nan", "inf" and "-inf". The output does not depend on
 * the locale.
 *
 * Returns: (transfer full): the text
 */
char *
hp_format_double (double value)
{
  char buf[FORMAT_BUF_SIZE];

  format_double_repr (value, buf);
  return g_strdup (buf);
}

/**
 * hp_round_half_even:
 * @value: a double
 * @decimals: the number of decimals to keep; negative rounds to tens,
 *   hundreds…
 *
 * Rounds as numpy's `round (value, decimals)` does (docs/analyses.md §0):
 * `rint (value × 10^decimals) / 10^decimals` in double precision, ties to
 * even; for negative @decimals, `rint (value / 10^-decimals) × 10^-decimals`.
 *
 * Returns: the rounded value; NaN and infinities unchanged
 */
double
hp_round_half_even (double value,
                    int    decimals)
{
  double factor;

  if (!isfinite (value))
    return value;

  factor = pow (10.0, (double)ABS (decimals));
  if (decimals >= 0)
    return rint (value * factor) / factor;
  else
    return rint (value / factor) * factor;
}
