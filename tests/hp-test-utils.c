/* hp-test-utils.c — helpers shared by the test programs: data paths, loading, CSV, golden tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include <libintl.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

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
  HpLoadOptions    options = { 0 };

  options.mode = mode;
  return hp_test_load_with_options (path, &options);
}

/**
 * hp_test_load_with_options:
 * @path: a trace file or folder
 * @options: the loader options
 *
 * Loads a trace; the calling test fails if that does not work.
 *
 * Returns: (transfer full): the trace
 */
HpTrace *
hp_test_load_with_options (const char          *path,
                           const HpLoadOptions *options)
{
  g_autoptr (GError) error = NULL;
  HpTrace *trace;

  trace = hp_load_path (path, options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);

  return trace;
}

/* The real traces copied from HTA's test data (tests/data/README.md) that
 * every golden table exists for. */
static const char *const hta_cases[] = {
  "hta_amd_trace",
  "hta_call_stack",
  "hta_cp_alexnet",
  "hta_cp_cuda_event_sync",
  "hta_cp_simple_add",
  "hta_cpu_only",
  "hta_distributed_info_unavailable",
  "hta_mtia_inference",
  "hta_nccl_parser_config",
  "hta_negative_queue_length",
  "hta_ns_resolution",
  "hta_rank_non_gpu",
  "hta_rank_unavailable",
  "hta_trace_file_list_rank1",
  "hta_trace_filter_2ranks",
  "hta_triton_example",
};

/**
 * hp_test_hta_cases:
 * @n_cases: (out): the number of cases
 *
 * Returns: (array length=n_cases): the folders below `tests/data` copied
 *   from HTA's test data, with HTA's tables in `tests/data/golden`
 */
const char *const *
hp_test_hta_cases (guint *n_cases)
{
  *n_cases = G_N_ELEMENTS (hta_cases);
  return hta_cases;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/**
 * hp_test_golden_cases:
 * @golden_file: (nullable): a file each case must have in its golden folder
 * @data_test: what its trace below `tests/data` must be (a file or folder)
 *
 * Returns: (transfer full) (element-type utf8): the names of the golden
 *   folders with @golden_file and a trace, sorted
 */
GPtrArray *
hp_test_golden_cases (const char *golden_file,
                      GFileTest   data_test)
{
  g_autofree char *golden = hp_test_data_path ("golden", NULL);
  g_autoptr (GDir) dir = g_dir_open (golden, 0, NULL);
  GPtrArray  *cases = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *data = hp_test_data_path (name, NULL);

      if (golden_file != NULL)
        {
          g_autofree char *file = hp_test_golden_path (name, golden_file);

          if (!g_file_test (file, G_FILE_TEST_EXISTS))
            continue;
        }
      if (g_file_test (data, data_test))
        g_ptr_array_add (cases, g_strdup (name));
    }
  g_ptr_array_sort (cases, compare_names);

  return cases;
}

/**
 * hp_test_golden_status:
 * @case_name: a golden case
 * @call: one HTA call, as `_status.json` names it
 *
 * Returns: (nullable) (transfer full): what `_status.json` of @case_name
 *   says about @call ("ok", "empty", "failed" …), or %NULL if it does not
 *   name @call or the case has no such file
 */
char *
hp_test_golden_status (const char *case_name,
                       const char *call)
{
  g_autofree char *path = hp_test_golden_path (case_name, "_status.json");
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *root, *entry;

  if (!json_parser_load_from_file (parser, path, &error))
    return NULL;
  root = json_node_get_object (json_parser_get_root (parser));
  if (!json_object_has_member (root, call))
    return NULL;
  entry = json_object_get_object_member (root, call);
  return g_strdup (json_object_get_string_member_with_default (entry, "status", ""));
}

/**
 * hp_test_add_golden_tests:
 * @path_prefix: the test path the case names go below
 * @golden_file: a file each case must have in its golden folder
 * @data_test: what its trace must be
 * @func: the test, called with the case name
 *
 * Adds one test per case of hp_test_golden_cases().
 */
void
hp_test_add_golden_tests (const char   *path_prefix,
                          const char   *golden_file,
                          GFileTest     data_test,
                          GTestDataFunc func)
{
  g_autoptr (GPtrArray) cases = hp_test_golden_cases (golden_file, data_test);

  for (guint i = 0; i < cases->len; i++)
    {
      const char      *case_name = g_ptr_array_index (cases, i);
      g_autofree char *path = g_strdup_printf ("%s/%s", path_prefix, case_name);

      /* the test owns its copy of the name and frees it at the end of the run */
      g_test_add_data_func_full (path, g_strdup (case_name), func, g_free);
    }
}

/**
 * hp_test_add_golden_traces:
 * @path_prefix: the test path the case names go below
 * @golden_file: a file each case must have in its golden folder
 * @data_test: what its trace must be
 * @setup: one of the hp_test_trace_setup functions
 * @func: the test, on an #HpTestTraceFixture holding the case, which it
 *   gets as its data
 *
 * hp_test_add_golden_tests() for tests whose trace is the case: one
 * hp_test_add_trace() per case of hp_test_golden_cases().
 */
void
hp_test_add_golden_traces (const char     *path_prefix,
                           const char     *golden_file,
                           GFileTest       data_test,
                           HpTestTraceFunc setup,
                           HpTestTraceFunc func)
{
  g_autoptr (GPtrArray) cases = hp_test_golden_cases (golden_file, data_test);

  for (guint i = 0; i < cases->len; i++)
    {
      /* interned: the name outlives the run of the tests */
      const char      *case_name = g_intern_string (g_ptr_array_index (cases, i));
      g_autofree char *path = g_strdup_printf ("%s/%s", path_prefix, case_name);

      hp_test_add_trace (path, case_name, setup, func);
    }
}

/**
 * hp_test_params_set_ranks:
 * @params: analysis parameters without a rank selection
 * @ranks: (nullable): the ranks to select
 * @n_ranks: how many, or -1 for a list ending in a negative number
 *
 * Selects @ranks. With @n_ranks -1 and @ranks %NULL, selects nothing (all
 * ranks, as without a selection); otherwise the selection may be empty.
 */
void
hp_test_params_set_ranks (HpAnalysisParams *params,
                          const int        *ranks,
                          gssize            n_ranks)
{
  g_assert_null (params->ranks);
  if (ranks == NULL && n_ranks < 0)
    return;

  params->ranks = g_array_new (FALSE, FALSE, sizeof (int));
  for (gssize i = 0; n_ranks < 0 ? ranks[i] >= 0 : i < n_ranks; i++)
    g_array_append_val (params->ranks, ranks[i]);
}

/**
 * hp_test_run:
 * @func: an analysis
 * @trace: the trace
 * @params: (nullable): its parameters, or %NULL for the defaults
 *
 * Runs @func; the test fails on an error.
 *
 * Returns: (transfer full) (element-type HpTable): its tables
 */
GPtrArray *
hp_test_run (HpAnalysisFunc          func,
             HpTrace                *trace,
             const HpAnalysisParams *params)
{
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  g_autoptr (GError) error = NULL;
  HpAnalysisParams defaults;
  gboolean         ok;

  hp_analysis_params_init (&defaults);
  ok = func (trace, params != NULL ? params : &defaults, tables, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ok);

  return g_steal_pointer (&tables);
}

/**
 * hp_test_assert_analysis_fails:
 * @func: an analysis
 * @trace: the trace
 * @params: (nullable): its parameters, or %NULL for the defaults
 * @cancellable: (nullable): passed to @func
 * @domain: the error domain expected
 * @code: the error code expected
 *
 * Fails the test unless @func fails with that error and adds no table.
 */
void
hp_test_assert_analysis_fails (HpAnalysisFunc          func,
                               HpTrace                *trace,
                               const HpAnalysisParams *params,
                               GCancellable           *cancellable,
                               GQuark                  domain,
                               int                     code)
{
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  g_autoptr (GError) error = NULL;
  HpAnalysisParams defaults;

  hp_analysis_params_init (&defaults);
  g_assert_false (func (trace, params != NULL ? params : &defaults, tables, cancellable, &error));
  g_assert_error (error, domain, code);
  g_assert_cmpuint (tables->len, ==, 0);
}

/**
 * hp_test_assert_cancelled:
 * @func: an analysis
 * @trace: the trace
 *
 * Fails the test unless @func, with the default parameters and a cancelled
 * cancellable, fails with %G_IO_ERROR_CANCELLED and adds no table.
 */
void
hp_test_assert_cancelled (HpAnalysisFunc func,
                          HpTrace       *trace)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();

  g_cancellable_cancel (cancellable);
  hp_test_assert_analysis_fails (func, trace, NULL, cancellable, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

typedef struct
{
  HpAnalysisFunc func;
  char          *case_name;
} CancelledTest;

static void
cancelled_test_free (gpointer data)
{
  CancelledTest *test = data;

  g_free (test->case_name);
  g_free (test);
}

static void
run_cancelled_test (gconstpointer data)
{
  const CancelledTest *test = data;
  g_autoptr (HpTrace) trace = hp_test_load (test->case_name, HP_MODE_HTA_COMPAT);

  hp_test_assert_cancelled (test->func, trace);
}

/**
 * hp_test_add_cancelled_test:
 * @path: the test path
 * @func: an analysis
 * @case_name: the trace to run it on, loaded in HTA's mode
 *
 * Adds a test of hp_test_assert_cancelled().
 */
void
hp_test_add_cancelled_test (const char    *path,
                            HpAnalysisFunc func,
                            const char    *case_name)
{
  CancelledTest *test = g_new0 (CancelledTest, 1);

  test->func = func;
  test->case_name = g_strdup (case_name);
  g_test_add_data_func_full (path, test, run_cancelled_test, cancelled_test_free);
}

/**
 * hp_test_table_at:
 * @tables: (element-type HpTable): an analysis' tables
 * @i: an index
 * @name: the name the table must have
 *
 * Returns: (transfer none): the table at @i; the test fails if there is
 *   none or it has another name
 */
HpTable *
hp_test_table_at (GPtrArray  *tables,
                  guint       i,
                  const char *name)
{
  HpTable *table;

  g_assert_cmpuint (tables->len, >, i);
  table = g_ptr_array_index (tables, i);
  g_assert_cmpstr (hp_table_get_name (table), ==, name);

  return table;
}

/**
 * hp_test_find_event:
 *
 * Returns: the first event of the trace's first rank named @name (fails the
 *   test when there is none)
 */
guint
hp_test_find_event (HpTrace    *trace,
                    const char *name)
{
  const HpRank *r = hp_trace_get_rank (trace, 0);
  guint32       id = hp_trace_lookup_string (trace, name);

  g_assert_cmpuint (id, !=, HP_NO_STRING);
  for (guint e = 0; e < r->n_events; e++)
    if (r->name[e] == id)
      return e;
  g_assert_not_reached ();
}

/**
 * hp_test_column:
 * @table: a table
 * @name: a column name
 *
 * Returns: the index of the column; the test fails, naming the table and
 *   the column, if there is none
 */
int
hp_test_column (HpTable    *table,
                const char *name)
{
  int c = hp_table_find_column (table, name);

  if (c < 0)
    {
      g_autofree char *message = g_strdup_printf ("table %s has no column '%s'",
                                                  hp_table_get_name (table), name);

      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, message);
    }

  return c;
}

/**
 * hp_test_cell:
 * @table: a table
 * @row: a row index
 * @column: the name of a numeric column
 *
 * Returns: the cell as a double, NaN when it is null; the test fails if
 *   there is no such row or column
 */
double
hp_test_cell (HpTable    *table,
              guint       row,
              const char *column)
{
  int c = hp_test_column (table, column);

  g_assert_cmpuint (row, <, hp_table_get_n_rows (table));
  if (hp_table_is_null (table, row, (guint)c))
    return NAN;
  return hp_table_get_double (table, row, (guint)c);
}

/**
 * hp_test_assert_close:
 * @ours: a value
 * @expected: the value expected, or NaN
 *
 * Fails the test unless @ours is within 1e-9 of @expected (relative, or
 * absolute below 1), or both are NaN.
 */
void
hp_test_assert_close (double ours,
                      double expected)
{
  if (isnan (expected))
    g_assert_true (isnan (ours));
  else
    g_assert_cmpfloat_with_epsilon (ours, expected, 1e-9 * MAX (1.0, fabs (expected)));
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

static void
set_cell (HpTable     *table,
          guint        row,
          guint        column,
          HpColumnType type,
          const char  *text)
{
  char *end = NULL;

  if (*text == '\0')
    {
      hp_table_set_null (table, row, column);
      return;
    }
  switch (type)
    {
    case HP_COLUMN_INT:
      hp_table_set_int (table, row, column, g_ascii_strtoll (text, &end, 10));
      break;
    case HP_COLUMN_DOUBLE:
      hp_table_set_double (table, row, column, g_ascii_strtod (text, &end));
      break;
    case HP_COLUMN_STRING:
    default:
      hp_table_set_string (table, row, column, text);
      return;
    }
  if (end == text || *end != '\0')
    g_error ("not a number: '%s'", text);
}

/**
 * hp_test_table_from_csv:
 * @name: the table's name
 * @title: its title
 * @columns: its columns, `;`-separated, each `name:type` or
 *   `name:type:unit` with type `i` (integer), `d` (double) or `s` (string)
 * @rows: its rows as CSV, without a header; an empty cell is null
 *
 * Builds a table by hand, as an analysis would.
 *
 * Returns: (transfer full): the table
 */
HpTable *
hp_test_table_from_csv (const char *name,
                        const char *title,
                        const char *columns,
                        const char *rows)
{
  g_auto (GStrv) specs = g_strsplit (columns, ";", -1);
  g_autoptr (GPtrArray) cells = hp_test_parse_csv (rows, -1);
  g_autofree HpColumnType *types = g_new0 (HpColumnType, g_strv_length (specs));
  HpTable                 *table = hp_table_new (name, title);

  for (guint c = 0; specs[c] != NULL; c++)
    {
      g_auto (GStrv) parts = g_strsplit (specs[c], ":", 3);

      g_assert_cmpuint (g_strv_length (parts), >=, 2);
      switch (parts[1][0])
        {
        case 'i':
          types[c] = HP_COLUMN_INT;
          break;
        case 'd':
          types[c] = HP_COLUMN_DOUBLE;
          break;
        case 's':
          types[c] = HP_COLUMN_STRING;
          break;
        default:
          g_error ("column %s: unknown type '%s'", parts[0], parts[1]);
        }
      hp_table_add_column (table, parts[0], types[c], parts[2]);
    }

  for (guint r = 0; r < cells->len; r++)
    {
      char **fields = g_ptr_array_index (cells, r);
      guint  row = hp_table_append_row (table);

      g_assert_cmpuint (g_strv_length (fields), ==, g_strv_length (specs));
      for (guint c = 0; fields[c] != NULL; c++)
        set_cell (table, row, c, types[c], fields[c]);
    }

  return table;
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

/**
 * hp_test_begin_german:
 *
 * Switches GETTEXT_PACKAGE to the German catalog of the build (under
 * G_TEST_BUILDDIR/../po) through LANGUAGE, which gettext ignores only in
 * the "C" locale, so LC_MESSAGES becomes C.UTF-8. Marks the test skipped
 * when the catalog is not built or the locale is missing.
 *
 * Returns: (transfer full) (nullable): the LC_MESSAGES locale to hand to
 *   hp_test_end_german(), %NULL when the test was skipped
 */
char *
hp_test_begin_german (void)
{
  g_autofree char *po_dir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  g_autofree char *catalog = g_build_filename (po_dir, "de", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *old_locale = NULL;

  if (!g_file_test (catalog, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the German catalog is not built");
      return NULL;
    }
  old_locale = g_strdup (setlocale (LC_MESSAGES, NULL));
  g_setenv ("LANGUAGE", "de", TRUE);
  if (setlocale (LC_MESSAGES, "C.UTF-8") == NULL)
    {
      g_unsetenv ("LANGUAGE");
      g_test_skip ("no C.UTF-8 locale");
      return NULL;
    }
  bindtextdomain (GETTEXT_PACKAGE, po_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  return g_steal_pointer (&old_locale);
}

/**
 * hp_test_end_german:
 * @old_locale: (transfer full): from hp_test_begin_german()
 *
 * Back to the language the test started in.
 */
void
hp_test_end_german (char *old_locale)
{
  g_unsetenv ("LANGUAGE");
  setlocale (LC_MESSAGES, old_locale);
  g_free (old_locale);
}

/**
 * hp_test_copy_file:
 *
 * Copies @source to @dir/@name.
 *
 * Returns: (transfer full): the copy's path
 */
char *
hp_test_copy_file (const char *source,
                   const char *dir,
                   const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL;
  char            *target = g_build_filename (dir, name, NULL);
  gsize            len = 0;

  g_file_get_contents (source, &contents, &len, &error);
  g_assert_no_error (error);
  g_file_set_contents (target, contents, len, &error);
  g_assert_no_error (error);
  return target;
}

void
hp_test_cli_run_clear (HpTestCliRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

/* runs @program with @args and waits for it */
static void
run_program_va (HpTestCliRun *run,
                const char   *program,
                va_list       args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GError) error = NULL;
  const char *arg;

  hp_test_cli_run_clear (run);
  g_assert_nonnull (program);
  g_ptr_array_add (argv, (gpointer)program);
  while ((arg = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (gpointer)arg);
  g_ptr_array_add (argv, NULL);

  proc = g_subprocess_newv ((const char *const *)argv->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));
  run->status = g_subprocess_get_exit_status (proc);
}

/**
 * hp_test_run_cli:
 * @run: (out caller-allocates): the exit status, stdout and stderr
 * @...: the arguments, %NULL-terminated
 *
 * Runs the built hotpath-cli (`HOTPATH_CLI` of the test environment) as a
 * user would and waits for it.
 */
void
hp_test_run_cli (HpTestCliRun *run,
                 ...)
{
  va_list args;

  va_start (args, run);
  run_program_va (run, g_getenv ("HOTPATH_CLI"), args);
  va_end (args);
}

/**
 * hp_test_run_app:
 *
 * hp_test_run_cli() for the built app (HOTPATH_APP), for its command line
 * (--help, --version), which needs no display.
 */
void
hp_test_run_app (HpTestCliRun *run,
                 ...)
{
  va_list args;

  va_start (args, run);
  run_program_va (run, g_getenv ("HOTPATH_APP"), args);
  va_end (args);
}

/**
 * hp_test_remove_tree:
 *
 * Removes @dir and everything in it, whatever the modes of its files.
 */
void
hp_test_remove_tree (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = g_build_filename (dir, name, NULL);

      g_chmod (child, 0700);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        hp_test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (dir);
}

static void
trace_setup (HpTestTraceFixture *fixture,
             const char         *case_name,
             gboolean            with_default,
             gboolean            with_compat)
{
  fixture->trace = NULL;
  fixture->compat = NULL;
  hp_analysis_params_init (&fixture->params);
  if (case_name == NULL)
    return;
  if (with_default)
    fixture->trace = hp_test_load (case_name, HP_MODE_DEFAULT);
  if (with_compat)
    fixture->compat = hp_test_load (case_name, HP_MODE_HTA_COMPAT);
}

/**
 * hp_test_trace_setup:
 * @fixture: the test's #HpTestTraceFixture
 * @case_name: (nullable): a folder or file below `tests/data`, the data
 *   given to g_test_add()
 *
 * Loads @case_name in both modes, @fixture->trace in the default one and
 * @fixture->compat in HTA-compat mode, and initialises @fixture->params.
 * With a %NULL @case_name, nothing is loaded.
 */
void
hp_test_trace_setup (HpTestTraceFixture *fixture,
                     gconstpointer       case_name)
{
  trace_setup (fixture, case_name, TRUE, TRUE);
}

/* hp_test_trace_setup() that loads the default mode only */
void
hp_test_trace_setup_default (HpTestTraceFixture *fixture,
                             gconstpointer       case_name)
{
  trace_setup (fixture, case_name, TRUE, FALSE);
}

/* hp_test_trace_setup() that loads HTA-compat mode only */
void
hp_test_trace_setup_compat (HpTestTraceFixture *fixture,
                            gconstpointer       case_name)
{
  trace_setup (fixture, case_name, FALSE, TRUE);
}

/**
 * hp_test_trace_teardown:
 *
 * Frees what the setup of #HpTestTraceFixture made; the traces must be
 * free of other references by then.
 */
void
hp_test_trace_teardown (HpTestTraceFixture *fixture,
                        gconstpointer       case_name)
{
  g_clear_pointer (&fixture->trace, hp_trace_unref);
  g_clear_pointer (&fixture->compat, hp_trace_unref);
  hp_analysis_params_clear (&fixture->params);
}

/**
 * hp_test_dir_setup:
 * @fixture: the test's #HpTestDirFixture
 * @case_name: (nullable): a folder or file below `tests/data`, the data
 *   given to g_test_add()
 *
 * Makes a new empty folder, @fixture->dir, and sets @fixture->data to the
 * path of @case_name.
 */
void
hp_test_dir_setup (HpTestDirFixture *fixture,
                   gconstpointer     case_name)
{
  g_autoptr (GError) error = NULL;

  fixture->data = case_name != NULL ? hp_test_data_path (case_name, NULL) : NULL;
  fixture->dir = g_dir_make_tmp ("hotpath-test-XXXXXX", &error);
  g_assert_no_error (error);
}

/**
 * hp_test_dir_teardown:
 *
 * Removes @fixture->dir and everything in it.
 */
void
hp_test_dir_teardown (HpTestDirFixture *fixture,
                      gconstpointer     case_name)
{
  hp_test_remove_tree (fixture->dir);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->data, g_free);
}
