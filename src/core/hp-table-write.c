/* hp-table-write.c — an HpTable as CSV (pandas' to_csv), JSON and text for a terminal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-json-private.h"
#include "hp-number-format-private.h"
#include "hp-output-file.h"
#include "hp-output-text.h"
#include "hp-table-private.h"

/* String cells wider than this are shortened in the terminal view */
#define TEXT_MAX_CELL_WIDTH 60

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

/* Appends the CSV text of a number cell, or nothing for null; returns
 * FALSE for a string cell, which the caller handles. */
static gboolean
append_number_cell (GString        *out,
                    const HpColumn *column,
                    guint           row)
{
  char buf[HP_FORMAT_BUF_SIZE];

  if (column->type == HP_COLUMN_STRING)
    return FALSE;
  if (hp_column_is_null (column, row))
    return TRUE;

  if (column->type == HP_COLUMN_INT)
    g_string_append_printf (out, "%" G_GINT64_FORMAT,
                            g_array_index (column->values, gint64, row));
  else
    {
      gsize len = _hp_format_double_repr (g_array_index (column->values, double, row), buf);
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
  char buf[HP_FORMAT_BUF_SIZE];

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
          g_string_append_len (out, buf, _hp_format_double_repr (value, buf));
      }
      break;
    case HP_COLUMN_STRING:
      append_json_string (out, g_array_index (column->values, const char *, row));
      break;
    default:
      g_assert_not_reached ();
    }
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
 * hp_table_to_csv:
 * @self: a #HpTable
 *
 * Formats the table as pandas' `DataFrame.to_csv (index=False)` does: a
 * header of column names, then one line per row ending in "\n"; integers
 * in decimal, doubles as Python's repr() (see hp_format_double()), null as
 * an empty field, and fields quoted only when they hold a comma, a quote
 * or a line break. A row made of a single empty field is written `""`, as
 * Python's csv module does, so it does not read as a blank line. A text
 * cell a spreadsheet would run as a formula gets a `'` in front, as
 * hp_table_to_csv_full() without %HP_CSV_HTA_COMPAT does.
 *
 * Returns: (transfer full): the CSV text
 */
char *
hp_table_to_csv (HpTable *self)
{
  return hp_table_to_csv_full (self, HP_CSV_FLAGS_NONE);
}

/**
 * hp_table_to_csv_full:
 * @self: a #HpTable
 * @flags: %HP_CSV_HTA_COMPAT for HTA's bytes
 *
 * hp_table_to_csv(), choosing what happens to a text cell that starts
 * with `=`, `+`, `-`, `@`, a tab or a carriage return and is not a plain
 * number (hp_output_csv_cell_is_formula()): by default a single quote goes
 * in front of it, as OWASP advises against CSV injection, so a spreadsheet
 * shows it as text instead of running it; with %HP_CSV_HTA_COMPAT it is
 * written as it is, as HTA writes it. Number cells are never changed.
 *
 * Returns: (transfer full): the CSV text
 */
char *
hp_table_to_csv_full (HpTable   *self,
                      HpCsvFlags flags)
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

              if (text != NULL && !(flags & HP_CSV_HTA_COMPAT) &&
                  hp_output_csv_cell_is_formula (text))
                {
                  g_autofree char *quoted = g_strconcat ("'", text, NULL);

                  append_csv_field (out, quoted);
                }
              else if (text != NULL)
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
          char            buf[HP_FORMAT_BUF_SIZE];
          char           *text;

          if (hp_column_is_null (column, row))
            text = g_strdup ("n/a");
          else if (column->type == HP_COLUMN_INT)
            text = g_strdup_printf ("%" G_GINT64_FORMAT,
                                    g_array_index (column->values, gint64, row));
          else if (column->type == HP_COLUMN_DOUBLE)
            {
              _hp_format_double_text (g_array_index (column->values, double, row), buf);
              text = g_strdup (buf);
            }
          else
            {
              const char *value = g_array_index (column->values, const char *, row);

              if (g_utf8_validate (value, -1, NULL))
                text = g_strdup (value);
              else
                text = g_utf8_make_valid (value, -1);

              /* C0, DEL and C1 controls: a terminal would act on them */
              for (char *p = text; *p != '\0'; p++)
                {
                  if ((guchar)*p < 0x20 || *p == 0x7f)
                    *p = ' ';
                  else if ((guchar)*p == 0xc2 && (guchar)p[1] >= 0x80 && (guchar)p[1] <= 0x9f)
                    {
                      p[0] = ' ';
                      memmove (p + 1, p + 2, strlen (p + 2) + 1);
                    }
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

  {
    /* titles and notes may quote a trace's names */
    g_autofree char *title = hp_output_escape_text (self->title != NULL ? self->title : "", -1);
    g_autofree char *note = self->note != NULL ? hp_output_escape_text (self->note, -1) : NULL;

    out = g_string_new (title);
    g_string_append_c (out, '\n');
    if (note != NULL)
      g_string_append_printf (out, "%s\n", note);
  }

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
 * Writes hp_table_to_csv() to @path through hp_output_file_write(): a
 * temporary file renamed over @path, so readers never see a partial file,
 * and never over anything but a regular file.
 *
 * Returns: %TRUE on success; on failure @error, a #GIOError naming @path
 */
gboolean
hp_table_write_csv (HpTable    *self,
                    const char *path,
                    GError    **error)
{
  return hp_table_write_csv_full (self, path, HP_CSV_FLAGS_NONE, error);
}

/**
 * hp_table_write_csv_full:
 * @flags: as hp_table_to_csv_full() takes them
 *
 * hp_table_write_csv() of hp_table_to_csv_full().
 */
gboolean
hp_table_write_csv_full (HpTable    *self,
                         const char *path,
                         HpCsvFlags  flags,
                         GError    **error)
{
  g_autofree char *contents = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  contents = hp_table_to_csv_full (self, flags);
  return hp_output_file_write (path, contents, strlen (contents), error);
}

/**
 * hp_table_write_json:
 * @self: a #HpTable
 * @path: the file to write
 * @error: return location for a #GError
 *
 * Writes hp_table_to_json_string() to @path as hp_table_write_csv() does.
 *
 * Returns: %TRUE on success; on failure @error, a #GIOError naming @path
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
  return hp_output_file_write (path, contents, strlen (contents), error);
}
