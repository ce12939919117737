/* test-table.c — tests of HpTable, its output formats and the describe statistics.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <glib/gstdio.h>

#include "hp-core.h"

/* name (string), count (int), time (double, us) */
static HpTable *
make_sample_table (void)
{
  HpTable *table = hp_table_new ("kernels", "Top kernels");
  guint    row;

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "count", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "time(us)", HP_COLUMN_DOUBLE, "us");

  row = hp_table_append_row (table);
  hp_table_set_string (table, row, 0, "ampere_sgemm");
  hp_table_set_int (table, row, 1, 3);
  hp_table_set_double (table, row, 2, 1234.5);

  row = hp_table_append_row (table);
  hp_table_set_string (table, row, 0, "nccl, \"all\" reduce");
  hp_table_set_double (table, row, 2, 0.000012345);

  row = hp_table_append_row (table);
  hp_table_set_int (table, row, 1, -1);
  hp_table_set_double (table, row, 2, 12929684.0);

  return table;
}

static void
test_build (void)
{
  g_autoptr (HpTable) table = make_sample_table ();
  guint extra;

  g_assert_cmpstr (hp_table_get_name (table), ==, "kernels");
  g_assert_cmpstr (hp_table_get_title (table), ==, "Top kernels");
  g_assert_null (hp_table_get_note (table));
  hp_table_set_note (table, "memory kernels included");
  g_assert_cmpstr (hp_table_get_note (table), ==, "memory kernels included");

  g_assert_cmpuint (hp_table_get_n_columns (table), ==, 3);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 3);
  g_assert_cmpstr (hp_table_get_column_name (table, 2), ==, "time(us)");
  g_assert_cmpint (hp_table_get_column_type (table, 0), ==, HP_COLUMN_STRING);
  g_assert_cmpint (hp_table_get_column_type (table, 1), ==, HP_COLUMN_INT);
  g_assert_cmpint (hp_table_get_column_type (table, 2), ==, HP_COLUMN_DOUBLE);
  g_assert_null (hp_table_get_column_unit (table, 0));
  g_assert_cmpstr (hp_table_get_column_unit (table, 2), ==, "us");
  g_assert_cmpint (hp_table_find_column (table, "count"), ==, 1);
  g_assert_cmpint (hp_table_find_column (table, "missing"), ==, -1);

  g_assert_cmpstr (hp_table_get_string (table, 0, 0), ==, "ampere_sgemm");
  g_assert_cmpint (hp_table_get_int (table, 0, 1), ==, 3);
  g_assert_cmpint (hp_table_get_int (table, 2, 1), ==, -1);
  g_assert_cmpfloat (hp_table_get_double (table, 0, 2), ==, 1234.5);
  /* integer columns read as doubles too */
  g_assert_cmpfloat (hp_table_get_double (table, 2, 1), ==, -1.0);

  /* equal strings are stored once */
  hp_table_set_string (table, 2, 0, "ampere_sgemm");
  g_assert_true (hp_table_get_string (table, 0, 0) == hp_table_get_string (table, 2, 0));

  /* a column added late is null in the existing rows */
  extra = hp_table_add_column (table, "late", HP_COLUMN_INT, NULL);
  g_assert_cmpuint (extra, ==, 3);
  for (guint row = 0; row < 3; row++)
    g_assert_true (hp_table_is_null (table, row, extra));

  /* a NULL title falls back to the name */
  {
    g_autoptr (HpTable) untitled = hp_table_new ("plain", NULL);

    g_assert_cmpstr (hp_table_get_title (untitled), ==, "plain");
  }
}

static void
test_boxed (void)
{
  HpTable *table = hp_table_new ("t", "T");
  HpTable *copy;

  g_assert_true (G_TYPE_IS_BOXED (HP_TYPE_TABLE));
  copy = g_boxed_copy (HP_TYPE_TABLE, table);
  g_assert_true (copy == table);
  hp_table_unref (table);
  g_assert_cmpstr (hp_table_get_name (copy), ==, "t");
  g_boxed_free (HP_TYPE_TABLE, copy);
}

static void
test_nulls (void)
{
  g_autoptr (HpTable) table = make_sample_table ();
  g_autofree char *cell = NULL;
  guint            row;

  /* a fresh row is null everywhere */
  row = hp_table_append_row (table);
  for (guint c = 0; c < 3; c++)
    g_assert_true (hp_table_is_null (table, row, c));
  g_assert_null (hp_table_get_string (table, row, 0));
  g_assert_cmpint (hp_table_get_int (table, row, 1), ==, 0);
  g_assert_true (isnan (hp_table_get_double (table, row, 1)));
  g_assert_true (isnan (hp_table_get_double (table, row, 2)));

  g_assert_true (hp_table_is_null (table, 1, 1));
  g_assert_true (hp_table_is_null (table, 2, 0));
  g_assert_false (hp_table_is_null (table, 0, 0));

  hp_table_set_int (table, 1, 1, 0);
  g_assert_false (hp_table_is_null (table, 1, 1));
  hp_table_set_null (table, 1, 1);
  g_assert_true (hp_table_is_null (table, 1, 1));

  hp_table_set_null (table, 0, 0);
  g_assert_true (hp_table_is_null (table, 0, 0));
  hp_table_set_null (table, 0, 2);
  g_assert_true (hp_table_is_null (table, 0, 2));
  hp_table_set_double (table, 1, 2, NAN);
  g_assert_true (hp_table_is_null (table, 1, 2));
  hp_table_set_string (table, 1, 0, NULL);
  g_assert_true (hp_table_is_null (table, 1, 0));

  cell = hp_table_format_cell (table, 1, 2);
  g_assert_cmpstr (cell, ==, "");
}

static void
test_bad_arguments (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (HpTable) table = make_sample_table ();

      hp_table_set_int (table, 3, 1, 7);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*CRITICAL*row < self->n_rows*");
}

static void
test_wrong_type (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (HpTable) table = make_sample_table ();

      hp_table_set_double (table, 0, 1, 1.0);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*CRITICAL*HP_COLUMN_DOUBLE*");
}

/* The same rows written a column at a time and a cell at a time */
static void
test_bulk (void)
{
  static const gint64 counts[] = { 3, -1, 0, G_MAXINT64, G_MININT64 };
  static const double times[] = { 1234.5, NAN, -0.0, 1e-7, 12929684.0 };
  g_autoptr (HpTable) bulk = hp_table_new ("kernels", NULL);
  g_autoptr (HpTable) cells = hp_table_new ("kernels", NULL);
  g_autofree char *bulk_csv = NULL;
  g_autofree char *cells_csv = NULL;
  HpTable         *tables[] = { bulk, cells };
  guint            first;

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    {
      hp_table_add_column (tables[t], "rank", HP_COLUMN_INT, NULL);
      hp_table_add_column (tables[t], "name", HP_COLUMN_STRING, NULL);
      hp_table_add_column (tables[t], "count", HP_COLUMN_INT, NULL);
      hp_table_add_column (tables[t], "time(us)", HP_COLUMN_DOUBLE, "us");
      hp_table_add_column (tables[t], "unset", HP_COLUMN_INT, NULL);
      /* one row before, so that the bulk rows start past 0 */
      hp_table_set_int (tables[t], hp_table_append_row (tables[t]), 0, 9);
    }

  /* nothing to append: no row, and the first index is the row count */
  g_assert_cmpuint (hp_table_append_rows (bulk, 0), ==, 1);
  g_assert_cmpuint (hp_table_get_n_rows (bulk), ==, 1);

  first = hp_table_append_rows (bulk, G_N_ELEMENTS (counts));
  g_assert_cmpuint (first, ==, 1);
  g_assert_cmpuint (hp_table_get_n_rows (bulk), ==, 1 + G_N_ELEMENTS (counts));
  for (guint row = first; row < hp_table_get_n_rows (bulk); row++)
    for (guint c = 0; c < hp_table_get_n_columns (bulk); c++)
      g_assert_true (hp_table_is_null (bulk, row, c));

  hp_table_fill_int (bulk, 0, first, G_N_ELEMENTS (counts), 4);
  hp_table_fill_string (bulk, 1, first, 2, "gemm");
  hp_table_fill_string (bulk, 1, first + 2, 2, NULL);
  hp_table_fill_string (bulk, 1, first + 4, 1, "nccl");
  hp_table_set_ints (bulk, 2, first, counts, G_N_ELEMENTS (counts));
  hp_table_set_doubles (bulk, 3, first, times, G_N_ELEMENTS (times));
  /* no values: nothing changes */
  hp_table_set_ints (bulk, 4, first, NULL, 0);
  hp_table_fill_int (bulk, 4, first, 0, 1);

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      guint row = hp_table_append_row (cells);

      hp_table_set_int (cells, row, 0, 4);
      if (i != 2 && i != 3)
        hp_table_set_string (cells, row, 1, i < 2 ? "gemm" : "nccl");
      hp_table_set_int (cells, row, 2, counts[i]);
      hp_table_set_double (cells, row, 3, times[i]);
    }

  bulk_csv = hp_table_to_csv (bulk);
  cells_csv = hp_table_to_csv (cells);
  g_assert_cmpstr (bulk_csv, ==, cells_csv);
  g_assert_cmpstr (bulk_csv, ==,
                   "rank,name,count,time(us),unset\n"
                   "9,,,,\n"
                   "4,gemm,3,1234.5,\n"
                   "4,gemm,-1,,\n"
                   "4,,0,-0.0,\n"
                   "4,,9223372036854775807,1e-07,\n"
                   "4,nccl,-9223372036854775808,12929684.0,\n");
  /* a filled string is stored once */
  g_assert_true (hp_table_get_string (bulk, first, 1) == hp_table_get_string (bulk, first + 1, 1));
  g_assert_true (hp_table_is_null (bulk, first + 1, 3));
  g_assert_false (hp_table_is_null (bulk, first + 2, 2));
}

static void
test_bulk_bad_range (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (HpTable) table = make_sample_table ();
      static const gint64 values[] = { 1, 2 };

      /* rows 2 and 3 of a table of 3 */
      hp_table_set_ints (table, 1, 2, values, G_N_ELEMENTS (values));
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*CRITICAL*first_row*");
}

/* Expected texts are Python 3's repr() of the same doubles */
static const struct
{
  double      value;
  const char *repr;
} repr_cases[] = {
  { 0.1, "0.1" },
  { 1.0 / 3.0, "0.3333333333333333" },
  { 2.0 / 3.0 * 100.0, "66.66666666666666" },
  { 1e-5, "1e-05" },
  { 123456789012345680.0, "1.2345678901234568e+17" },
  { -0.0, "-0.0" },
  { 5e-324, "5e-324" },
  { 1.5e-323, "1.5e-323" },
  { 1.7976931348623157e308, "1.7976931348623157e+308" },
  { 21.28, "21.28" },
  { 54.72, "54.72" },
  { 0.0, "0.0" },
  { 1.0, "1.0" },
  { 100.0, "100.0" },
  { 0.0001, "0.0001" },
  { 0.00012345, "0.00012345" },
  { 1e16, "1e+16" },
  { 1.5e16, "1.5e+16" },
  { 9999999999999998.0, "9999999999999998.0" },
  { 1682725898686604.0, "1682725898686604.0" },
  { 8040285.0, "8040285.0" },
  { -1.5, "-1.5" },
  { 0x1p-24, "5.960464477539063e-08" },
  { 0.1 + 0.2, "0.30000000000000004" },
  { 1e22, "1e+22" },
  { 1e-7, "1e-07" },
  { 123.456, "123.456" },
  { -123456.789e-10, "-1.23456789e-05" },
  { 2.3028022362880966e-07, "2.3028022362880966e-07" },
  { 378088.44, "378088.44" },
  { 99.49, "99.49" },
  { 1e15 + 0.3, "1000000000000000.2" },
  { 9007199254740992.0, "9007199254740992.0" },
  { 9007199254740994.0, "9007199254740994.0" },
  { -9223372036854775808.0, "-9.223372036854776e+18" },
  { 18446744073709551616.0, "1.8446744073709552e+19" },
  { 12345678901234567890.0, "1.2345678901234567e+19" },
  { 0.3, "0.3" },
  { 1.0 / 7.0, "0.14285714285714285" },
  { 1e100, "1e+100" },
  { 1e-100, "1e-100" },
  { 4.35, "4.35" },
};

static void
test_format_double (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (repr_cases); i++)
    {
      g_autofree char *text = hp_format_double (repr_cases[i].value);

      g_assert_cmpstr (text, ==, repr_cases[i].repr);
    }

  {
    g_autofree char *nan_text = hp_format_double (NAN);
    g_autofree char *inf_text = hp_format_double (INFINITY);
    g_autofree char *minus_inf_text = hp_format_double (-INFINITY);

    g_assert_cmpstr (nan_text, ==, "nan");
    g_assert_cmpstr (inf_text, ==, "inf");
    g_assert_cmpstr (minus_inf_text, ==, "-inf");
  }
}

static void
test_format_double_locale (void)
{
  static const char *const locales[] = { "de_DE.UTF-8", "fr_FR.UTF-8", "de_DE", "fr_FR" };
  g_autofree char         *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  const char              *found = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (locales) && found == NULL; i++)
    found = setlocale (LC_NUMERIC, locales[i]);

  if (found == NULL)
    {
      g_test_skip ("no locale with a decimal comma is installed");
      return;
    }

  {
    g_autofree char *text = hp_format_double (21.28);
    g_autofree char *small = hp_format_double (2.3028022362880966e-07);

    setlocale (LC_NUMERIC, saved);
    g_assert_cmpstr (text, ==, "21.28");
    g_assert_cmpstr (small, ==, "2.3028022362880966e-07");
  }
}

static void
test_round_half_even (void)
{
  /* the values numpy's round () gives: x × 10^d is rounded, ties to even */
  g_assert_cmpfloat (hp_round_half_even (0.125, 2), ==, 0.12);
  g_assert_cmpfloat (hp_round_half_even (0.375, 2), ==, 0.38);
  g_assert_cmpfloat (hp_round_half_even (2.675, 2), ==, 2.68);
  g_assert_cmpfloat (hp_round_half_even (-2.675, 2), ==, -2.68);
  g_assert_cmpfloat (hp_round_half_even (1.005, 2), ==, 1.0);
  g_assert_cmpfloat (hp_round_half_even (99.495, 2), ==, 99.5);
  g_assert_cmpfloat (hp_round_half_even (2.5, 0), ==, 2.0);
  g_assert_cmpfloat (hp_round_half_even (3.5, 0), ==, 4.0);
  g_assert_cmpfloat (hp_round_half_even (12929684.0 / 12996011.0 * 100.0, 2), ==, 99.49);
  g_assert_cmpfloat (hp_round_half_even (1234.5678, -2), ==, 1200.0);
  g_assert_cmpfloat (hp_round_half_even (1250.0, -2), ==, 1200.0);
  g_assert_cmpfloat (hp_round_half_even (1350.0, -2), ==, 1400.0);

  /* rint keeps the sign of a negative value rounded to zero */
  g_assert_cmpfloat (hp_round_half_even (-0.5, 0), ==, 0.0);
  g_assert_true (signbit (hp_round_half_even (-0.5, 0)));

  g_assert_true (isnan (hp_round_half_even (NAN, 2)));
  g_assert_cmpfloat (hp_round_half_even (INFINITY, 2), ==, INFINITY);
}

static void
test_csv (void)
{
  g_autoptr (HpTable) table = make_sample_table ();
  g_autoptr (HpTable) single = hp_table_new ("single", NULL);
  g_autoptr (HpTable) empty = hp_table_new ("empty", NULL);
  g_autofree char *csv = NULL;
  g_autofree char *single_csv = NULL;
  g_autofree char *empty_csv = NULL;
  g_autofree char *cell = NULL;
  guint            row;

  row = hp_table_append_row (table);
  hp_table_set_string (table, row, 0, "line\nbreak");
  hp_table_set_int (table, row, 1, G_MININT64);
  hp_table_set_double (table, row, 2, 1e16);
  row = hp_table_append_row (table);
  hp_table_set_string (table, row, 0, "carriage\rreturn, tab\t and spaces ");
  hp_table_set_int (table, row, 1, 0);
  hp_table_set_double (table, row, 2, 0.5);
  row = hp_table_append_row (table);
  hp_table_set_string (table, row, 0, "");

  csv = hp_table_to_csv (table);
  g_assert_cmpstr (csv, ==,
                   "name,count,time(us)\n"
                   "ampere_sgemm,3,1234.5\n"
                   "\"nccl, \"\"all\"\" reduce\",,1.2345e-05\n"
                   ",-1,12929684.0\n"
                   "\"line\nbreak\",-9223372036854775808,1e+16\n"
                   "\"carriage\rreturn, tab\t and spaces \",0,0.5\n"
                   ",,\n");

  cell = hp_table_format_cell (table, 1, 0);
  g_assert_cmpstr (cell, ==, "nccl, \"all\" reduce");

  /* header names are quoted like any field */
  hp_table_add_column (single, "a,b", HP_COLUMN_DOUBLE, NULL);
  hp_table_append_row (single);
  row = hp_table_append_row (single);
  hp_table_set_double (single, row, 0, -0.0);
  single_csv = hp_table_to_csv (single);
  /* Python's csv module writes a lone empty field as "" */
  g_assert_cmpstr (single_csv, ==, "\"a,b\"\n\"\"\n-0.0\n");

  empty_csv = hp_table_to_csv (empty);
  g_assert_cmpstr (empty_csv, ==, "");
}

static void
check_json_table (JsonNode *root)
{
  JsonObject *object;
  JsonArray  *columns;
  JsonArray  *rows;
  JsonArray  *row;
  JsonObject *column;

  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  object = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (object, "name"), ==, "kernels");
  g_assert_cmpstr (json_object_get_string_member (object, "title"), ==, "Top kernels");
  g_assert_cmpstr (json_object_get_string_member (object, "note"), ==, "a \"quoted\"\tnote");

  columns = json_object_get_array_member (object, "columns");
  g_assert_cmpuint (json_array_get_length (columns), ==, 3);
  column = json_array_get_object_element (columns, 0);
  g_assert_cmpstr (json_object_get_string_member (column, "name"), ==, "name");
  g_assert_cmpstr (json_object_get_string_member (column, "type"), ==, "string");
  g_assert_true (json_object_get_null_member (column, "unit"));
  column = json_array_get_object_element (columns, 1);
  g_assert_cmpstr (json_object_get_string_member (column, "type"), ==, "int");
  column = json_array_get_object_element (columns, 2);
  g_assert_cmpstr (json_object_get_string_member (column, "name"), ==, "time(us)");
  g_assert_cmpstr (json_object_get_string_member (column, "type"), ==, "double");
  g_assert_cmpstr (json_object_get_string_member (column, "unit"), ==, "us");

  rows = json_object_get_array_member (object, "rows");
  g_assert_cmpuint (json_array_get_length (rows), ==, 4);

  row = json_array_get_array_element (rows, 0);
  g_assert_cmpuint (json_array_get_length (row), ==, 3);
  g_assert_cmpstr (json_array_get_string_element (row, 0), ==, "ampere_sgemm");
  g_assert_cmpint (json_node_get_value_type (json_array_get_element (row, 1)), ==, G_TYPE_INT64);
  g_assert_cmpint (json_array_get_int_element (row, 1), ==, 3);
  g_assert_cmpfloat (json_array_get_double_element (row, 2), ==, 1234.5);

  row = json_array_get_array_element (rows, 1);
  g_assert_cmpstr (json_array_get_string_element (row, 0), ==, "nccl, \"all\" reduce");
  g_assert_true (json_array_get_null_element (row, 1));
  g_assert_cmpfloat (json_array_get_double_element (row, 2), ==, 0.000012345);

  row = json_array_get_array_element (rows, 2);
  g_assert_true (json_array_get_null_element (row, 0));
  g_assert_cmpint (json_array_get_int_element (row, 1), ==, -1);
  /* an integral double stays a double */
  g_assert_cmpint (json_node_get_value_type (json_array_get_element (row, 2)), ==, G_TYPE_DOUBLE);
  g_assert_cmpfloat (json_array_get_double_element (row, 2), ==, 12929684.0);

  /* no JSON number for infinity */
  row = json_array_get_array_element (rows, 3);
  g_assert_cmpstr (json_array_get_string_element (row, 0), ==, "ctl\x01 ü");
  g_assert_true (json_array_get_null_element (row, 2));
}

static void
test_json (void)
{
  g_autoptr (HpTable) table = make_sample_table ();
  g_autoptr (HpTable) bare = hp_table_new ("bare", "Bare");
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (JsonNode) bare_root = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *bare_text = NULL;
  guint            row;

  hp_table_set_note (table, "a \"quoted\"\tnote");
  row = hp_table_append_row (table);
  hp_table_set_string (table, row, 0, "ctl\x01 ü");
  hp_table_set_double (table, row, 2, INFINITY);

  /* the builder's tree */
  root = hp_table_to_json (table);
  check_json_table (root);

  /* our own serialisation, parsed back */
  text = hp_table_to_json_string (table);
  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  check_json_table (json_parser_get_root (parser));
  g_assert_nonnull (strstr (text, "12929684.0"));
  g_assert_nonnull (strstr (text, "1.2345e-05"));

  /* no note member without a note; empty arrays */
  bare_root = hp_table_to_json (bare);
  g_assert_false (json_object_has_member (json_node_get_object (bare_root), "note"));
  bare_text = hp_table_to_json_string (bare);
  g_assert_cmpstr (bare_text, ==,
                   "{\n  \"name\": \"bare\",\n  \"title\": \"Bare\",\n"
                   "  \"columns\": [],\n  \"rows\": []\n}\n");
  json_parser_load_from_data (parser, bare_text, -1, &error);
  g_assert_no_error (error);
}

static void
test_text (void)
{
  g_autoptr (HpTable) table = make_sample_table ();
  g_autoptr (HpTable) empty = hp_table_new ("empty", "Nothing");
  g_autofree char *text = NULL;
  g_autofree char *truncated = NULL;
  g_autofree char *empty_text = NULL;
  g_autofree char *one_left = NULL;
  guint            row;

  row = hp_table_append_row (table);
  hp_table_set_string (table, row, 0,
                       "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>>");
  hp_table_set_int (table, row, 1, 12345);
  hp_table_set_double (table, row, 2, 99.49);
  hp_table_set_note (table, "top kernels only");

  text = hp_table_to_text (table, 0);
  g_assert_cmpstr (text, ==,
                   "Top kernels\n"
                   "top kernels only\n"
                   "name                                                          count    time(us)\n"
                   "------------------------------------------------------------  -----  ----------\n"
                   "ampere_sgemm                                                      3      1234.5\n"
                   "nccl, \"all\" reduce                                              n/a  1.2345e-05\n"
                   "n/a                                                              -1    12929684\n"
                   "void at::native::vectorized_elementwise_kernel<4, at::nativ…  12345       99.49\n");

  truncated = hp_table_to_text (table, 2);
  g_assert_cmpstr (truncated, ==,
                   "Top kernels\n"
                   "top kernels only\n"
                   "name                count    time(us)\n"
                   "------------------  -----  ----------\n"
                   "ampere_sgemm            3      1234.5\n"
                   "nccl, \"all\" reduce    n/a  1.2345e-05\n"
                   "… 2 more rows\n");

  one_left = hp_table_to_text (table, 3);
  g_assert_true (g_str_has_suffix (one_left, "\n… 1 more row\n"));

  hp_table_add_column (empty, "x", HP_COLUMN_DOUBLE, NULL);
  empty_text = hp_table_to_text (empty, 10);
  g_assert_cmpstr (empty_text, ==, "Nothing\nx\n-\n(no rows)\n");
}

static void
test_write (void)
{
  g_autoptr (HpTable) table = make_sample_table ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *csv_path = NULL;
  g_autofree char *json_path = NULL;
  g_autofree char *bad_path = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  GStatBuf st;

  dir = g_dir_make_tmp ("hp-table-XXXXXX", &error);
  g_assert_no_error (error);
  csv_path = g_build_filename (dir, "kernels.csv", NULL);
  json_path = g_build_filename (dir, "kernels.json", NULL);

  g_assert_true (hp_table_write_csv (table, csv_path, &error));
  g_assert_no_error (error);
  g_file_get_contents (csv_path, &contents, NULL, &error);
  g_assert_no_error (error);
  expected = hp_table_to_csv (table);
  g_assert_cmpstr (contents, ==, expected);
  g_assert_cmpint (g_stat (csv_path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);

  /* overwriting replaces the whole file */
  hp_table_sort_by_column (table, 1, FALSE);
  g_assert_true (hp_table_write_csv (table, csv_path, &error));
  g_assert_no_error (error);
  g_clear_pointer (&contents, g_free);
  g_clear_pointer (&expected, g_free);
  g_file_get_contents (csv_path, &contents, NULL, &error);
  g_assert_no_error (error);
  expected = hp_table_to_csv (table);
  g_assert_cmpstr (contents, ==, expected);

  g_assert_true (hp_table_write_json (table, json_path, &error));
  g_assert_no_error (error);
  json_parser_load_from_file (parser, json_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (json_parser_get_root (parser)), "name"),
                   ==, "kernels");

  /* errors name the file */
  bad_path = g_build_filename (dir, "missing", "kernels.csv", NULL);
  g_assert_false (hp_table_write_csv (table, bad_path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, bad_path));
  g_clear_error (&error);
  g_assert_false (hp_table_write_json (table, bad_path, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_cmpint (g_remove (csv_path), ==, 0);
  g_assert_cmpint (g_remove (json_path), ==, 0);
  /* no temporary file left behind */
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Sorts on the int column "key" only, so rows with equal keys are ties */
static int
compare_keys (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  HpTable *table = user_data;
  gint64   ka = hp_table_get_int (table, *(const guint *)a, 0);
  gint64   kb = hp_table_get_int (table, *(const guint *)b, 0);

  return (ka > kb) - (ka < kb);
}

static void
test_sort (void)
{
  g_autoptr (HpTable) table = hp_table_new ("sort", NULL);
  static const gint64      keys[] = { 3, 1, 2, 1, 3, 2, 1, 3, 2, 1 };
  static const gint64      sorted_keys[] = { 1, 1, 1, 1, 2, 2, 2, 3, 3, 3 };
  static const char *const sorted_tags[] = { "r1", "r3", "r6", "r9", "r2", "r5", "r8", "r0", "r4", "r7" };

  hp_table_add_column (table, "key", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "tag", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "value", HP_COLUMN_DOUBLE, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_autofree char *tag = g_strdup_printf ("r%u", i);
      guint            row = hp_table_append_row (table);

      hp_table_set_int (table, row, 0, keys[i]);
      hp_table_set_string (table, row, 1, tag);
      if (i % 3 != 0)
        hp_table_set_double (table, row, 2, (double)i);
    }

  hp_table_sort (table, compare_keys, table);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      const char *tag = hp_table_get_string (table, i, 1);
      guint       original = (guint)g_ascii_strtoull (tag + 1, NULL, 10);

      g_assert_cmpint (hp_table_get_int (table, i, 0), ==, sorted_keys[i]);
      g_assert_cmpstr (tag, ==, sorted_tags[i]);
      /* the other columns moved with their row */
      if (original % 3 != 0)
        g_assert_cmpfloat (hp_table_get_double (table, i, 2), ==, (double)original);
      else
        g_assert_true (hp_table_is_null (table, i, 2));
    }

  /* descending on the doubles: nulls last, ties keep their order */
  hp_table_sort_by_column (table, 2, TRUE);
  {
    static const char *const expected[] = { "r8", "r7", "r5", "r4", "r2", "r1", "r3", "r6", "r9", "r0" };

    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      g_assert_cmpstr (hp_table_get_string (table, i, 1), ==, expected[i]);
  }

  /* ascending on the strings */
  hp_table_set_null (table, 0, 1);
  hp_table_sort_by_column (table, 1, FALSE);
  {
    static const char *const expected[] = { "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r9" };

    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      g_assert_cmpstr (hp_table_get_string (table, i, 1), ==, expected[i]);
    g_assert_true (hp_table_is_null (table, 9, 1));
    g_assert_cmpfloat (hp_table_get_double (table, 9, 2), ==, 8.0);
  }

  /* ints with a null, ascending */
  hp_table_set_null (table, 4, 0);
  hp_table_sort_by_column (table, 0, FALSE);
  g_assert_true (hp_table_is_null (table, 9, 0));
  g_assert_cmpstr (hp_table_get_string (table, 9, 1), ==, "r4");
  for (guint i = 1; i < 9; i++)
    g_assert_cmpint (hp_table_get_int (table, i - 1, 0), <=, hp_table_get_int (table, i, 0));
}

static void
test_concat (void)
{
  HpTable *parts[2];
  g_autoptr (HpTable) result = NULL;
  g_autofree char *csv = NULL;

  parts[0] = make_sample_table ();
  parts[1] = make_sample_table ();
  hp_table_set_string (parts[1], 0, 0, "second");

  result = hp_table_concat (parts, 2, "all_kernels", "All kernels");
  hp_table_unref (parts[0]);
  hp_table_unref (parts[1]);

  g_assert_cmpstr (hp_table_get_name (result), ==, "all_kernels");
  g_assert_cmpstr (hp_table_get_title (result), ==, "All kernels");
  g_assert_cmpuint (hp_table_get_n_rows (result), ==, 6);
  g_assert_cmpstr (hp_table_get_column_unit (result, 2), ==, "us");

  /* the strings belong to the result and outlive the parts */
  csv = hp_table_to_csv (result);
  g_assert_cmpstr (csv, ==,
                   "name,count,time(us)\n"
                   "ampere_sgemm,3,1234.5\n"
                   "\"nccl, \"\"all\"\" reduce\",,1.2345e-05\n"
                   ",-1,12929684.0\n"
                   "second,3,1234.5\n"
                   "\"nccl, \"\"all\"\" reduce\",,1.2345e-05\n"
                   ",-1,12929684.0\n");
}

static void
test_concat_mismatch (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (HpTable) a = make_sample_table ();
      g_autoptr (HpTable) b = hp_table_new ("b", NULL);
      HpTable *parts[2] = { a, b };
      HpTable *result;

      hp_table_add_column (b, "name", HP_COLUMN_STRING, NULL);
      hp_table_add_column (b, "count", HP_COLUMN_DOUBLE, NULL);
      hp_table_add_column (b, "time(us)", HP_COLUMN_DOUBLE, "us");
      result = hp_table_concat (parts, 2, "c", NULL);
      g_assert_null (result);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*CRITICAL*columns of table 1 differ*");
}

static void
test_sum (void)
{
  double values[1000];
  double with_gaps[] = { NAN, 1.5, NAN, 2.5 };

  /* numpy's pairwise sum: np.full (10, 0.1).sum () is exactly 1.0, where
   * adding in order gives 0.9999999999999999 */
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    values[i] = 0.1;
  g_assert_cmpfloat (hp_sum (values, 10), ==, 1.0);
  g_assert_cmpfloat (hp_sum (values, 333), ==, 33.3);
  g_assert_cmpfloat (hp_sum (values, 1000), ==, 100.00000000000001);
  g_assert_cmpfloat (hp_sum (values, 1001 - 1), ==, 100.00000000000001);

  g_assert_cmpfloat (hp_sum (with_gaps, 4), ==, 4.0);
  g_assert_cmpfloat (hp_mean (with_gaps, 4), ==, 2.0);
  g_assert_cmpfloat (hp_sum (NULL, 0), ==, 0.0);
  g_assert_true (isnan (hp_mean (NULL, 0)));
  g_assert_true (isnan (hp_mean (with_gaps, 1)));
}

static void
test_quantile (void)
{
  static const double one[] = { 7.0 };
  static const double two[] = { 1.0, 4.0 };
  static const double five[] = { 1.0, 2.0, 3.0, 4.0, 100.0 };

  g_assert_true (isnan (hp_quantile_sorted (NULL, 0, 0.5)));

  g_assert_cmpfloat (hp_quantile_sorted (one, 1, 0.0), ==, 7.0);
  g_assert_cmpfloat (hp_quantile_sorted (one, 1, 0.5), ==, 7.0);
  g_assert_cmpfloat (hp_quantile_sorted (one, 1, 1.0), ==, 7.0);

  g_assert_cmpfloat (hp_quantile_sorted (two, 2, 0.0), ==, 1.0);
  g_assert_cmpfloat (hp_quantile_sorted (two, 2, 0.25), ==, 1.75);
  g_assert_cmpfloat (hp_quantile_sorted (two, 2, 0.5), ==, 2.5);
  g_assert_cmpfloat (hp_quantile_sorted (two, 2, 0.75), ==, 3.25);
  g_assert_cmpfloat (hp_quantile_sorted (two, 2, 1.0), ==, 4.0);

  /* positions on an order statistic give it exactly */
  g_assert_cmpfloat (hp_quantile_sorted (five, 5, 0.25), ==, 2.0);
  g_assert_cmpfloat (hp_quantile_sorted (five, 5, 0.75), ==, 4.0);
  g_assert_cmpfloat (hp_quantile_sorted (five, 5, 0.9), ==, 61.60000000000001);
  g_assert_cmpfloat (hp_quantile_sorted (five, 5, 1.0), ==, 100.0);
}

static void
test_describe (void)
{
  static const double four[] = { 4.0, 1.0, 3.0, 2.0 };
  const double        gaps[] = { 3.0, 1.0, NAN, 10.0, 2.5, NAN, 7.0 };
  const double        lone[] = { NAN, 5.0 };
  double              harmonic[300];
  HpDescribe          d;

  hp_describe (four, G_N_ELEMENTS (four), &d);
  g_assert_cmpint (d.count, ==, 4);
  g_assert_cmpfloat (d.mean, ==, 2.5);
  g_assert_cmpfloat (d.std, ==, 1.2909944487358056);
  g_assert_cmpfloat (d.min, ==, 1.0);
  g_assert_cmpfloat (d.q25, ==, 1.75);
  g_assert_cmpfloat (d.q50, ==, 2.5);
  g_assert_cmpfloat (d.q75, ==, 3.25);
  g_assert_cmpfloat (d.max, ==, 4.0);

  hp_describe (gaps, G_N_ELEMENTS (gaps), &d);
  g_assert_cmpint (d.count, ==, 5);
  g_assert_cmpfloat (d.mean, ==, 4.7);
  g_assert_cmpfloat_with_epsilon (d.std, 3.7013511046643495, 1e-12);
  g_assert_cmpfloat (d.min, ==, 1.0);
  g_assert_cmpfloat (d.q25, ==, 2.5);
  g_assert_cmpfloat (d.q50, ==, 3.0);
  g_assert_cmpfloat (d.q75, ==, 7.0);
  g_assert_cmpfloat (d.max, ==, 10.0);

  /* one value: no spread */
  hp_describe (lone, G_N_ELEMENTS (lone), &d);
  g_assert_cmpint (d.count, ==, 1);
  g_assert_cmpfloat (d.mean, ==, 5.0);
  g_assert_true (isnan (d.std));
  g_assert_cmpfloat (d.min, ==, 5.0);
  g_assert_cmpfloat (d.q25, ==, 5.0);
  g_assert_cmpfloat (d.max, ==, 5.0);

  /* nothing at all */
  hp_describe (lone, 1, &d);
  g_assert_cmpint (d.count, ==, 0);
  g_assert_true (isnan (d.mean));
  g_assert_true (isnan (d.std));
  g_assert_true (isnan (d.min));
  g_assert_true (isnan (d.q50));
  g_assert_true (isnan (d.max));
  hp_describe (NULL, 0, &d);
  g_assert_cmpint (d.count, ==, 0);

  /* more than one pairwise block; expected values from the same formulas
   * evaluated in Python */
  for (guint i = 0; i < G_N_ELEMENTS (harmonic); i++)
    harmonic[i] = 1.0 / (i + 1);
  hp_describe (harmonic, G_N_ELEMENTS (harmonic), &d);
  g_assert_cmpint (d.count, ==, 300);
  g_assert_cmpfloat (d.mean, ==, 0.02094221293433168);
  g_assert_cmpfloat (d.std, ==, 0.0710653144894432);
  g_assert_cmpfloat (d.q25, ==, 0.00443952802359882);
  g_assert_cmpfloat (d.q50, ==, 0.006644591611479029);
  g_assert_cmpfloat (d.q75, ==, 0.013201754385964912);
  g_assert_cmpfloat (d.max, ==, 1.0);
}

static void
test_describe_table (void)
{
  static const double values[] = { 4.0, 1.0, 3.0, 2.0, 1.0 / 3.0 };
  g_autoptr (HpTable) table = hp_table_new ("stats", NULL);
  g_autofree char *csv = NULL;
  HpDescribe       d;
  guint            first;
  guint            row;

  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  first = hp_describe_add_columns (table, "us");
  g_assert_cmpuint (first, ==, 1);
  g_assert_cmpuint (hp_table_get_n_columns (table), ==, 9);
  g_assert_null (hp_table_get_column_unit (table, first));
  g_assert_cmpstr (hp_table_get_column_unit (table, first + 1), ==, "us");

  row = hp_table_append_row (table);
  hp_table_set_int (table, row, 0, 0);
  hp_describe (values, 4, &d);
  hp_describe_set_row (table, row, first, &d);

  row = hp_table_append_row (table);
  hp_table_set_int (table, row, 0, 1);
  hp_describe (values, 5, &d);
  hp_describe_round (&d, 2);
  hp_describe_set_row (table, row, first, &d);

  csv = hp_table_to_csv (table);
  g_assert_cmpstr (csv, ==,
                   "rank,count,mean,std,min,25%,50%,75%,max\n"
                   "0,4.0,2.5,1.2909944487358056,1.0,1.75,2.5,3.25,4.0\n"
                   "1,5.0,2.07,1.48,0.33,1.0,2.0,3.0,4.0\n");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/table/build", test_build);
  g_test_add_func ("/core/table/boxed", test_boxed);
  g_test_add_func ("/core/table/nulls", test_nulls);
  g_test_add_func ("/core/table/bad-arguments", test_bad_arguments);
  g_test_add_func ("/core/table/wrong-type", test_wrong_type);
  g_test_add_func ("/core/table/bulk", test_bulk);
  g_test_add_func ("/core/table/bulk-bad-range", test_bulk_bad_range);
  g_test_add_func ("/core/table/format-double", test_format_double);
  g_test_add_func ("/core/table/format-double-locale", test_format_double_locale);
  g_test_add_func ("/core/table/round-half-even", test_round_half_even);
  g_test_add_func ("/core/table/csv", test_csv);
  g_test_add_func ("/core/table/json", test_json);
  g_test_add_func ("/core/table/text", test_text);
  g_test_add_func ("/core/table/write", test_write);
  g_test_add_func ("/core/table/sort", test_sort);
  g_test_add_func ("/core/table/concat", test_concat);
  g_test_add_func ("/core/table/concat-mismatch", test_concat_mismatch);
  g_test_add_func ("/core/stats/sum", test_sum);
  g_test_add_func ("/core/stats/quantile", test_quantile);
  g_test_add_func ("/core/stats/describe", test_describe);
  g_test_add_func ("/core/stats/describe-table", test_describe_table);

  return g_test_run ();
}
