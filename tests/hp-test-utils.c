/* hp-test-utils.c — helpers shared by the test programs: data paths, loading, CSV, golden tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "hp-test-utils.h"

/* Tables whose golden rows come from an unordered computation: both sides
 * are sorted on every column before comparing (as tools/compare-golden.py). */
static const char *const sorted_tables[] = {
  "queue_length_time_series",
  "memory_bw_time_series",
};

/**
 * hp_test_data_path:
 * @first: the first path element below `tests/data`
 * @...: more elements, then %NULL
 *
 * Returns: (transfer full): the path of a file in the distributed test data.
 */
char *
hp_test_data_path (const char *first,
                   ...)
{
  g_autofree char *rest = NULL;
  va_list          args;

  va_start (args, first);
  rest = g_build_filename_valist (first, &args);
  va_end (args);

  return g_build_filename (g_test_get_dir (G_TEST_DIST), "data", rest, NULL);
}

char *
hp_test_golden_path (const char *case_name,
                     const char *file)
{
  return hp_test_data_path ("golden", case_name, file, NULL);
}

/**
 * hp_test_load:
 * @case_name: a folder (or file) below `tests/data`
 * @mode: the loader mode
 *
 * Loads a test trace; the calling test fails if that does not work.
 *
 * Returns: (transfer full): the trace
 */
HpTrace *
hp_test_load (const char *case_name,
              HpMode      mode)
{
  g_autofree char *path = hp_test_data_path (case_name, NULL);
  g_autoptr (GError) error = NULL;
  HpLoadOptions options = { 0 };
  HpTrace      *trace;

  options.mode = mode;
  trace = hp_load_path (path, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);

  return trace;
}

static void
end_field (GPtrArray *row,
           GString   *field)
{
  g_ptr_array_add (row, g_strndup (field->str, field->len));
  g_string_truncate (field, 0);
}

static void
end_record (GPtrArray *rows,
            GPtrArray *row)
{
  g_ptr_array_add (row, NULL);
  g_ptr_array_add (rows, g_ptr_array_steal (row, NULL));
}

/**
 * hp_test_parse_csv:
 * @text: CSV text (RFC 4180: quoted fields may hold commas, newlines and
 *   doubled quotes; records end in LF or CRLF)
 * @len: length of @text, or -1 if NUL-terminated
 *
 * Blank lines are skipped. The first row is the header, if there is one.
 *
 * Returns: (transfer full) (element-type GStrv): the rows
 */
GPtrArray *
hp_test_parse_csv (const char *text,
                   gssize      len)
{
  g_autoptr (GPtrArray) row = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) field = g_string_new (NULL);
  GPtrArray  *rows = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  const char *p = text;
  const char *end;
  gboolean    in_quotes = FALSE;
  gboolean    field_started = FALSE;

  if (len < 0)
    len = strlen (text);
  end = text + len;

  while (p < end)
    {
      char c = *p++;

      if (in_quotes)
        {
          if (c != '"')
            g_string_append_c (field, c);
          else if (p < end && *p == '"')
            {
              g_string_append_c (field, '"');
              p++;
            }
          else
            in_quotes = FALSE;
          continue;
        }

      switch (c)
        {
        case '"':
          in_quotes = TRUE;
          field_started = TRUE;
          break;

        case ',':
          end_field (row, field);
          field_started = TRUE;
          break;

        case '\r':
        case '\n':
          if (c == '\r' && p < end && *p == '\n')
            p++;
          if (field_started || field->len > 0 || row->len > 0)
            {
              end_field (row, field);
              end_record (rows, row);
            }
          field_started = FALSE;
          break;

        default:
          g_string_append_c (field, c);
          field_started = TRUE;
          break;
        }
    }

  if (field_started || field->len > 0 || row->len > 0)
    {
      end_field (row, field);
      end_record (rows, row);
    }

  return rows;
}

/**
 * hp_test_read_csv:
 * @path: a CSV file
 *
 * Reads a CSV file with hp_test_parse_csv(); the test fails if the file
 * cannot be read.
 *
 * Returns: (transfer full) (element-type GStrv): the rows, header first
 */
GPtrArray *
hp_test_read_csv (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  gsize            len = 0;

  g_file_get_contents (path, &text, &len, &error);
  g_assert_no_error (error);

  return hp_test_parse_csv (text, len);
}

int
hp_test_csv_column (GPtrArray  *rows,
                    const char *name)
{
  char **header;

  if (rows->len == 0)
    return -1;

  header = g_ptr_array_index (rows, 0);
  for (guint i = 0; header[i] != NULL; i++)
    if (g_str_equal (header[i], name))
      return i;

  return -1;
}

/* A cell as a number: NaN for empty/nan/none/null/n/a; FALSE if it is text. */
static gboolean
cell_number (const char *cell,
             double     *out)
{
  g_autofree char *s = g_strstrip (g_strdup (cell));
  const char      *digits = s;
  char            *endp = NULL;

  if (*s == '\0' ||
      g_ascii_strcasecmp (s, "nan") == 0 ||
      g_ascii_strcasecmp (s, "none") == 0 ||
      g_ascii_strcasecmp (s, "null") == 0 ||
      g_ascii_strcasecmp (s, "n/a") == 0)
    {
      *out = NAN;
      return TRUE;
    }

  /* strtod also reads hexadecimal, which the reference tool does not */
  if (*digits == '+' || *digits == '-')
    digits++;
  if (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
    return FALSE;

  *out = g_ascii_strtod (s, &endp);
  return endp != s && *endp == '\0';
}

/**
 * hp_test_values_match:
 *
 * The cell rule of tools/compare-golden.py: numbers are equal within 1e-6
 * relative or 1e-6 absolute, an empty cell, "nan" and "NaN" are all NaN and
 * equal each other, anything else compares as stripped text.
 */
gboolean
hp_test_values_match (const char *ours,
                      const char *golden)
{
  double x, y;

  if (!cell_number (ours, &x) || !cell_number (golden, &y))
    {
      g_autofree char *a = g_strstrip (g_strdup (ours));
      g_autofree char *b = g_strstrip (g_strdup (golden));

      return g_str_equal (a, b);
    }

  if (isnan (x) || isnan (y))
    return isnan (x) && isnan (y);

  if (x == y)
    return TRUE;

  return fabs (x - y) <= MAX (1e-6, 1e-6 * MAX (fabs (x), fabs (y)));
}

static double
sort_value (const char *cell)
{
  double v;

  if (!cell_number (cell, &v) || isnan (v))
    return 0.0;
  return v;
}

static int
compare_sorted_rows (gconstpointer a,
                     gconstpointer b)
{
  const char *const *ra = *(const char *const *const *)a;
  const char *const *rb = *(const char *const *const *)b;

  for (guint i = 0; ra[i] != NULL && rb[i] != NULL; i++)
    {
      double va = sort_value (ra[i]);
      double vb = sort_value (rb[i]);
      int    c;

      if (va < vb)
        return -1;
      if (va > vb)
        return 1;
      c = strcmp (ra[i], rb[i]);
      if (c != 0)
        return c;
    }

  return 0;
}

static gboolean
is_sorted_table (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (sorted_tables); i++)
    if (name != NULL && g_str_equal (name, sorted_tables[i]))
      return TRUE;
  return FALSE;
}

/**
 * hp_test_compare_csv:
 * @table_name: used in messages, and to pick the tables compared unordered
 * @ours: (element-type GStrv): our rows, header first
 * @golden: (element-type GStrv): the reference rows, header first
 *
 * Compares as tools/compare-golden.py does: every golden column must exist
 * in ours (extra columns of ours are ignored), rows in order, cells by
 * hp_test_values_match().
 *
 * Returns: (nullable) (transfer full): %NULL if the tables match, else what
 *   differs first
 */
char *
hp_test_compare_csv (const char *table_name,
                     GPtrArray  *ours,
                     GPtrArray  *golden)
{
  g_autoptr (GPtrArray) projected = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  g_autoptr (GPtrArray) reference = g_ptr_array_new ();
  g_autoptr (GString) missing = g_string_new (NULL);
  g_autofree int *idx = NULL;
  char          **golden_header = golden->len > 0 ? g_ptr_array_index (golden, 0) : NULL;
  char          **ours_header = ours->len > 0 ? g_ptr_array_index (ours, 0) : NULL;
  guint           n_columns = golden_header != NULL ? g_strv_length (golden_header) : 0;

  idx = g_new0 (int, n_columns + 1);
  for (guint c = 0; c < n_columns; c++)
    {
      idx[c] = -1;
      for (guint i = 0; ours_header != NULL && ours_header[i] != NULL; i++)
        if (g_str_equal (ours_header[i], golden_header[c]))
          {
            idx[c] = i;
            break;
          }
      if (idx[c] < 0)
        g_string_append_printf (missing, "%s'%s'", missing->len > 0 ? ", " : "", golden_header[c]);
    }
  if (missing->len > 0)
    return g_strdup_printf ("table %s: missing columns %s", table_name, missing->str);

  for (guint r = 1; r < ours->len; r++)
    {
      char **row = g_ptr_array_index (ours, r);
      guint  row_len = g_strv_length (row);
      char **cells = g_new0 (char *, n_columns + 1);

      for (guint c = 0; c < n_columns; c++)
        cells[c] = g_strdup ((guint)idx[c] < row_len ? row[idx[c]] : "");
      g_ptr_array_add (projected, cells);
    }
  for (guint r = 1; r < golden->len; r++)
    g_ptr_array_add (reference, g_ptr_array_index (golden, r));

  if (is_sorted_table (table_name))
    {
      g_ptr_array_sort (projected, compare_sorted_rows);
      g_ptr_array_sort (reference, compare_sorted_rows);
    }

  if (projected->len != reference->len)
    return g_strdup_printf ("table %s: %u rows, golden has %u",
                            table_name, projected->len, reference->len);

  for (guint r = 0; r < reference->len; r++)
    {
      char **a = g_ptr_array_index (projected, r);
      char **b = g_ptr_array_index (reference, r);
      guint  b_len = g_strv_length (b);

      for (guint c = 0; c < n_columns; c++)
        {
          const char *golden_value = c < b_len ? b[c] : "";

          if (!hp_test_values_match (a[c], golden_value))
            return g_strdup_printf ("table %s: row %u column '%s': ours '%s', golden '%s'",
                                    table_name, r + 1, golden_header[c], a[c], golden_value);
        }
    }

  return NULL;
}

/**
 * hp_test_assert_table_matches_golden:
 * @table: our result
 * @golden_csv_path: HTA's table
 *
 * Fails the test, naming table, row, column and both values, unless @table
 * matches the golden CSV by the rules of hp_test_compare_csv().
 */
void
hp_test_assert_table_matches_golden (HpTable    *table,
                                     const char *golden_csv_path)
{
  g_autofree char *csv = NULL;
  g_autofree char *message = NULL;
  g_autoptr (GPtrArray) ours = NULL;
  g_autoptr (GPtrArray) golden = NULL;

  g_assert_nonnull (table);

  csv = hp_table_to_csv (table);
  g_assert_nonnull (csv);
  ours = hp_test_parse_csv (csv, -1);
  golden = hp_test_read_csv (golden_csv_path);

  message = hp_test_compare_csv (hp_table_get_name (table), ours, golden);
  if (message != NULL)
    {
      g_autofree char *full = g_strdup_printf ("%s (golden file %s)", message, golden_csv_path);

      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, full);
    }
}
