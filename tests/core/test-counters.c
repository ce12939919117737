/* test-counters.c — tests of queue length, memory bandwidth and the counter trace writer (docs/analyses.md §8).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <yajl/yajl_parse.h>

#include "hp-core.h"
#include "hp-numpy-sort-private.h"
#include "hp-test-utils.h"

/* the tables both analyses write, as the golden files name them */
static const char *const table_names[] = {
  "queue_length_time_series",
  "queue_length_summary",
  "queue_full_blocked_default",
  "queue_full_blocked_at_observed_max",
  "memory_bw_time_series",
  "memory_bw_summary",
};

/* public traces of the shared set that are too large to copy into
 * tests/data; checked when the shared folder sits next to the tree */
static const char *const shared_cases[] = {
  "hta_cp_cuda_event_sync_multi_stream",
  "hta_cupti_profiler",
  "hta_df_index_resolver",
  "hta_execution_trace_kineto",
  "hta_mtia_single_rank",
  "hta_trace_compare_base",
  "hta_trace_compare_test",
  "hta_trace_diff_control",
  "hta_trace_diff_test",
};

/* ---------------------------------------------------------------------------
 * Helpers
 * ------------------------------------------------------------------------- */

static HpTrace *
load_path (const char *path,
           HpMode      mode)
{
  HpLoadOptions options = { 0 };

  options.mode = mode;
  return hp_test_load_with_options (path, &options);
}

/* the shared folder (spec, golden, traces), or NULL when it is not there */
static char *
shared_dir (void)
{
  const char      *env = g_getenv ("HOTPATH_SHARED_DIR");
  g_autofree char *dir = NULL;

  if (env != NULL)
    dir = g_strdup (env);
  else
    dir = g_build_filename (g_test_get_dir (G_TEST_DIST), "..", "..", "shared", NULL);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_steal_pointer (&dir);
}

/* both analyses' tables, in table_names order */
static GPtrArray *
run_counters (HpTrace                *trace,
              const HpAnalysisParams *params)
{
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  g_autoptr (GError) error = NULL;
  HpAnalysisParams defaults;

  hp_analysis_params_init (&defaults);
  g_assert_true (hp_queue_length_compute (trace, params != NULL ? params : &defaults, tables, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (hp_memory_bw_compute (trace, params != NULL ? params : &defaults, tables, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tables->len, ==, G_N_ELEMENTS (table_names));
  for (guint i = 0; i < tables->len; i++)
    g_assert_cmpstr (hp_table_get_name (tables->pdata[i]), ==, table_names[i]);
  return g_steal_pointer (&tables);
}

static HpTable *
find_table (GPtrArray  *tables,
            const char *name)
{
  for (guint i = 0; i < tables->len; i++)
    if (g_str_equal (hp_table_get_name (tables->pdata[i]), name))
      return tables->pdata[i];
  g_assert_not_reached ();
  return NULL;
}

/* the eight describe cells of a summary row */
static void
assert_describe (HpTable      *table,
                 guint         row,
                 const char   *prefix,
                 const double *expected)
{
  static const char *const stats[] = { "count", "mean", "std", "min", "25%", "50%", "75%", "max" };

  for (guint i = 0; i < G_N_ELEMENTS (stats); i++)
    {
      g_autofree char *column = g_strconcat (prefix, ".", stats[i], NULL);

      hp_test_assert_close (hp_test_cell (table, row, column), expected[i]);
    }
}

/* HTA's golden table where it wrote one; where it returned nothing (no
 * file), our table must be empty */
static void
check_against_golden_dir (GPtrArray  *tables,
                          const char *golden_dir)
{
  for (guint i = 0; i < G_N_ELEMENTS (table_names); i++)
    {
      g_autofree char *file = g_strconcat (table_names[i], ".csv", NULL);
      g_autofree char *path = g_build_filename (golden_dir, file, NULL);
      HpTable         *table = find_table (tables, table_names[i]);

      if (g_file_test (path, G_FILE_TEST_EXISTS))
        hp_test_assert_table_matches_golden (table, path);
      else
        g_assert_cmpuint (hp_table_get_n_rows (table), ==, 0);
    }
}

static char *
file_md5 (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  gsize            len = 0;

  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  return g_compute_checksum_for_data (G_CHECKSUM_MD5, (const guchar *)data, len);
}

static gboolean
file_is_gzip (const char *path)
{
  g_autofree char *data = NULL;
  gsize            len = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return len >= 2 && (guchar)data[0] == 0x1f && (guchar)data[1] == 0x8b;
}

static void
remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static guint
count_files (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

/* ---------------------------------------------------------------------------
 * A streaming summary of a written trace: events, and the counter events by
 * name, as the golden trace_with_counters_summary.json counts them
 * ------------------------------------------------------------------------- */

typedef struct
{
  guint64 count;
  double  min;
  double  max;
  guint64 negatives;
} CounterStats;

typedef struct
{
  int      depth;
  int      events_depth;
  gboolean key_is_events;
  int      args_depth;
  char    *key;
  /* the event being read */
  gboolean is_counter;
  char    *name;
  char    *id;
  char    *ts;
  double   value;
  gboolean has_value;
  /* totals */
  guint64     total_events;
  guint64     counter_events;
  GHashTable *by_name; /* char * → CounterStats */
  GHashTable *ids;     /* set of char * ("None" for no id) */
  GPtrArray  *ts_texts;
} Summary;

static void
summary_clear (Summary *s)
{
  g_clear_pointer (&s->key, g_free);
  g_clear_pointer (&s->name, g_free);
  g_clear_pointer (&s->id, g_free);
  g_clear_pointer (&s->ts, g_free);
  g_clear_pointer (&s->by_name, g_hash_table_unref);
  g_clear_pointer (&s->ids, g_hash_table_unref);
  g_clear_pointer (&s->ts_texts, g_ptr_array_unref);
}

static void
summary_scalar (Summary    *s,
                const char *text,
                gsize       len,
                gboolean    is_string)
{
  s->key_is_events = FALSE;
  if (s->events_depth == 0)
    return;
  if (s->depth == s->events_depth + 1 && s->key != NULL)
    {
      char **slot = NULL;

      if (g_str_equal (s->key, "ph"))
        s->is_counter = is_string && len == 1 && text[0] == 'C';
      else if (g_str_equal (s->key, "name"))
        slot = &s->name;
      else if (g_str_equal (s->key, "id"))
        slot = &s->id;
      else if (g_str_equal (s->key, "ts"))
        slot = &s->ts;
      if (slot != NULL)
        {
          g_free (*slot);
          *slot = g_strndup (text, len);
        }
    }
  else if (s->args_depth > 0 && s->depth == s->args_depth && !s->has_value && !is_string)
    {
      g_autofree char *copy = g_strndup (text, len);

      s->value = g_ascii_strtod (copy, NULL);
      s->has_value = TRUE;
    }
}

static int
on_sum_null (void *ctx)
{
  summary_scalar (ctx, "null", 4, FALSE);
  return 1;
}

static int
on_sum_boolean (void *ctx,
                int   value)
{
  summary_scalar (ctx, value ? "true" : "false", value ? 4 : 5, FALSE);
  return 1;
}

static int
on_sum_number (void       *ctx,
               const char *text,
               size_t      len)
{
  summary_scalar (ctx, text, len, FALSE);
  return 1;
}

static int
on_sum_string (void                *ctx,
               const unsigned char *text,
               size_t               len)
{
  summary_scalar (ctx, (const char *)text, len, TRUE);
  return 1;
}

static int
on_sum_start_map (void *ctx)
{
  Summary *s = ctx;

  s->key_is_events = FALSE;
  s->depth++;
  if (s->events_depth > 0 && s->depth == s->events_depth + 1)
    {
      s->total_events++;
      s->is_counter = FALSE;
      s->has_value = FALSE;
      s->args_depth = 0;
      g_clear_pointer (&s->name, g_free);
      g_clear_pointer (&s->id, g_free);
      g_clear_pointer (&s->ts, g_free);
    }
  else if (s->events_depth > 0 && s->depth == s->events_depth + 2 && g_strcmp0 (s->key, "args") == 0)
    s->args_depth = s->depth;
  return 1;
}

static int
on_sum_map_key (void                *ctx,
                const unsigned char *key,
                size_t               len)
{
  Summary *s = ctx;

  s->key_is_events = s->depth == 1 && len == 11 && memcmp (key, "traceEvents", 11) == 0;
  if (s->events_depth > 0 && s->depth == s->events_depth + 1)
    {
      g_free (s->key);
      s->key = g_strndup ((const char *)key, len);
    }
  return 1;
}

static int
on_sum_end_map (void *ctx)
{
  Summary *s = ctx;

  if (s->events_depth > 0 && s->depth == s->events_depth + 1 && s->is_counter)
    {
      CounterStats *st;

      g_assert_nonnull (s->name);
      g_assert_true (s->has_value);
      st = g_hash_table_lookup (s->by_name, s->name);
      if (st == NULL)
        {
          st = g_new0 (CounterStats, 1);
          st->min = INFINITY;
          st->max = -INFINITY;
          g_hash_table_insert (s->by_name, g_strdup (s->name), st);
        }
      st->count++;
      st->min = MIN (st->min, s->value);
      st->max = MAX (st->max, s->value);
      if (s->value < 0)
        st->negatives++;
      s->counter_events++;
      g_hash_table_add (s->ids, g_strdup (s->id != NULL ? s->id : "None"));
      if (s->ts_texts != NULL)
        g_ptr_array_add (s->ts_texts, g_strdup (s->ts));
    }
  if (s->depth == s->args_depth)
    s->args_depth = 0;
  s->depth--;
  return 1;
}

static int
on_sum_start_array (void *ctx)
{
  Summary *s = ctx;

  s->depth++;
  if (s->events_depth == 0 && (s->depth == 1 || s->key_is_events))
    s->events_depth = s->depth;
  s->key_is_events = FALSE;
  return 1;
}

static int
on_sum_end_array (void *ctx)
{
  Summary *s = ctx;

  s->depth--;
  return 1;
}

static const yajl_callbacks summary_callbacks = {
  on_sum_null,
  on_sum_boolean,
  NULL,
  NULL,
  on_sum_number,
  on_sum_string,
  on_sum_start_map,
  on_sum_map_key,
  on_sum_end_map,
  on_sum_start_array,
  on_sum_end_array,
};

static void
summarize_file (const char *path,
                Summary    *s)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GInputStream) in = NULL;
  g_autofree guchar *chunk = g_malloc (65536);
  yajl_handle        yh;

  s->by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  s->ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  in = G_INPUT_STREAM (g_file_read (file, NULL, &error));
  g_assert_no_error (error);
  if (file_is_gzip (path))
    {
      g_autoptr (GZlibDecompressor) dec = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
      GInputStream *conv = g_converter_input_stream_new (in, G_CONVERTER (dec));

      g_object_unref (in);
      in = conv;
    }
  yh = yajl_alloc (&summary_callbacks, NULL, s);
  for (;;)
    {
      gssize n = g_input_stream_read (in, chunk, 65536, NULL, &error);

      g_assert_no_error (error);
      if (n == 0)
        {
          g_assert_cmpint (yajl_complete_parse (yh), ==, yajl_status_ok);
          break;
        }
      g_assert_cmpint (yajl_parse (yh, chunk, (size_t)n), ==, yajl_status_ok);
    }
  yajl_free (yh);
  g_assert_cmpint (s->depth, ==, 0);
}

/* our written file against one entry of HTA's trace_with_counters_summary.json */
static void
assert_summary_matches (Summary    *s,
                        JsonObject *golden)
{
  JsonObject *by_name = json_object_get_object_member (golden, "counter_events_by_name");
  JsonObject *mins = json_object_get_object_member (golden, "counter_value_min");
  JsonObject *maxs = json_object_get_object_member (golden, "counter_value_max");
  JsonObject *negatives = json_object_get_object_member (golden, "negative_counter_values");
  JsonArray  *ids = json_object_get_array_member (golden, "counter_ids");
  g_autoptr (GList) names = json_object_get_members (by_name);

  g_assert_cmpuint (s->total_events, ==, json_object_get_int_member (golden, "total_events"));
  g_assert_cmpuint (s->counter_events, ==, json_object_get_int_member (golden, "counter_events"));
  g_assert_cmpuint (g_hash_table_size (s->by_name), ==, g_list_length (names));
  for (GList *l = names; l != NULL; l = l->next)
    {
      const char   *name = l->data;
      CounterStats *st = g_hash_table_lookup (s->by_name, name);

      g_assert_nonnull (st);
      g_assert_cmpuint (st->count, ==, json_object_get_int_member (by_name, name));
      hp_test_assert_close (st->min, json_object_get_double_member (mins, name));
      hp_test_assert_close (st->max, json_object_get_double_member (maxs, name));
      g_assert_cmpuint (st->negatives, ==, json_object_get_int_member (negatives, name));
    }
  g_assert_cmpuint (g_hash_table_size (s->ids), ==, json_array_get_length (ids));
  for (guint i = 0; i < json_array_get_length (ids); i++)
    g_assert_true (g_hash_table_contains (s->ids, json_array_get_string_element (ids, i)));
}

/* ---------------------------------------------------------------------------
 * Parity with HTA's outputs
 * ------------------------------------------------------------------------- */

static void
test_parity (gconstpointer data)
{
  const char *case_name = data;
  g_autoptr (HpTrace) trace = hp_test_load (case_name, HP_MODE_HTA_COMPAT);
  g_autoptr (GPtrArray) tables = run_counters (trace, NULL);
  g_autofree char *golden_dir = hp_test_data_path ("golden", case_name, NULL);

  check_against_golden_dir (tables, golden_dir);
}

static void
test_parity_shared (gconstpointer data)
{
  const char      *case_name = data;
  g_autofree char *shared = shared_dir ();
  g_autofree char *traces = NULL;
  g_autofree char *golden_dir = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (GPtrArray) tables = NULL;

  if (shared == NULL)
    {
      g_test_skip ("the shared trace folder is not next to the source tree");
      return;
    }
  traces = g_build_filename (shared, "traces", case_name, NULL);
  golden_dir = g_build_filename (shared, "golden", case_name, NULL);
  trace = load_path (traces, HP_MODE_HTA_COMPAT);
  tables = run_counters (trace, NULL);
  check_against_golden_dir (tables, golden_dir);
}

/* HTA's test_trace_analysis on mtia_trace_single_rank (expectations #9):
 * streams 1 and 102; stream 102: 6 points, mean 0.5; blocked at limit 1:
 * stream 102 only, 1060 us, 7.9476e-05 */
static void
test_hta_mtia_single_rank (void)
{
  static const double stream_102[] = { 6, 0.5, 0.5477225575051661, 0, 0, 0.5, 1, 1 };
  g_autofree char    *shared = shared_dir ();
  g_autofree char    *path = NULL;
  g_autofree char    *golden = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (HpTable) blocked = NULL;
  g_autoptr (GError) error = NULL;
  HpAnalysisParams params;
  HpTable         *summary;

  if (shared == NULL)
    {
      g_test_skip ("the shared trace folder is not next to the source tree");
      return;
    }
  path = g_build_filename (shared, "traces", "hta_mtia_single_rank", NULL);
  trace = load_path (path, HP_MODE_HTA_COMPAT);
  tables = run_counters (trace, NULL);
  summary = find_table (tables, "queue_length_summary");
  g_assert_cmpuint (hp_table_get_n_rows (summary), ==, 2);
  g_assert_cmpfloat (hp_test_cell (summary, 0, "rank"), ==, 0);
  g_assert_cmpfloat (hp_test_cell (summary, 0, "stream"), ==, 1);
  g_assert_cmpfloat (hp_test_cell (summary, 1, "stream"), ==, 102);
  assert_describe (summary, 1, "queue_length", stream_102);

  hp_analysis_params_init (&params);
  blocked = hp_queue_length_blocked (trace, &params, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_table_get_n_rows (blocked), ==, 1);
  g_assert_cmpfloat (hp_test_cell (blocked, 0, "stream"), ==, 102);
  hp_test_assert_close (hp_test_cell (blocked, 0, "duration_at_max_queue_length"), 1060.0);
  g_assert_cmpfloat_with_epsilon (hp_test_cell (blocked, 0, "relative_duration_at_max_queue_length"), 7.9476e-05, 1e-8);
  golden = g_build_filename (shared, "golden", "hta_mtia_single_rank", "testcfg_queue_full_blocked_max1.csv", NULL);
  hp_test_assert_table_matches_golden (blocked, golden);
}

/* HTA's test on negative_queue_length_values_check (expectations #9):
 * 6 queue summary rows, 4 memory bandwidth rows, no negative value */
static void
test_hta_negative_queue_length (HpTestTraceFixture *fixture,
                                gconstpointer       data)
{
  HpTrace *trace = fixture->compat;
  g_autoptr (GPtrArray) tables = run_counters (trace, NULL);
  HpTable *series = find_table (tables, "queue_length_time_series");
  HpTable *bw = find_table (tables, "memory_bw_time_series");

  g_assert_cmpuint (hp_table_get_n_rows (find_table (tables, "queue_length_summary")), ==, 6);
  g_assert_cmpuint (hp_table_get_n_rows (find_table (tables, "memory_bw_summary")), ==, 4);
  for (guint r = 0; r < hp_table_get_n_rows (series); r++)
    g_assert_cmpfloat (hp_test_cell (series, r, "queue_length"), >=, 0);
  for (guint r = 0; r < hp_table_get_n_rows (bw); r++)
    g_assert_cmpfloat (hp_test_cell (bw, r, "memory_bw_gbps"), >=, 0);
}

/* ---------------------------------------------------------------------------
 * Hand-made traces: each HTA quirk of §8, in both modes
 * ------------------------------------------------------------------------- */

/* counters-queue.json: stream 7 gets launches at 10, 12, 14, 40 and kernel
 * starts at 20, 30, 40, 50 (values 1 2 3 2 1 2 1 0, the launch first at the
 * tie at 40); stream 20: 1 0 1 0 at 16 18 30 35; stream 30's kernel is the
 * file's event 0, so HTA thinks its launch has no partner (docs/trace-format.md §8) and
 * leaves the stream out. An orphan kernel on stream 7 is never counted. */
static void
test_queue_edge (gconstpointer data)
{
  HpMode              mode = GPOINTER_TO_INT (data);
  static const double stream_7[] = { 8, 1.5, 0.9258200997725514, 0, 1, 1.5, 2, 3 };
  static const double stream_20[] = { 4, 0.5, 0.5773502691896257, 0, 0, 0.5, 1, 1 };
  static const double stream_30[] = { 2, 0.5, 0.7071067811865476, 0, 0.25, 0.5, 0.75, 1 };
  static const double values_7[] = { 1, 2, 3, 2, 1, 2, 1, 0 };
  g_autoptr (HpTrace) trace = hp_test_load ("edge/counters-queue.json", mode);
  g_autoptr (GPtrArray) tables = run_counters (trace, NULL);
  HpTable *series = find_table (tables, "queue_length_time_series");
  HpTable *summary = find_table (tables, "queue_length_summary");
  HpTable *at_max = find_table (tables, "queue_full_blocked_at_observed_max");
  g_autoptr (HpTable) blocked = NULL;
  g_autoptr (GError) error = NULL;
  HpAnalysisParams params;
  gboolean         compat = mode == HP_MODE_HTA_COMPAT;

  g_assert_cmpuint (hp_table_get_n_rows (series), ==, compat ? 12 : 14);
  for (guint i = 0; i < G_N_ELEMENTS (values_7); i++)
    {
      g_assert_cmpfloat (hp_test_cell (series, i, "stream"), ==, 7);
      g_assert_cmpfloat (hp_test_cell (series, i, "queue_length"), ==, values_7[i]);
      g_assert_cmpfloat (hp_test_cell (series, i, "pid"), ==, 0);
      g_assert_cmpfloat (hp_test_cell (series, i, "tid"), ==, 7);
    }
  g_assert_cmpfloat (hp_test_cell (series, 0, "ts"), ==, 10.0);
  g_assert_cmpfloat (hp_test_cell (series, 7, "ts"), ==, 50.0);

  g_assert_cmpuint (hp_table_get_n_rows (summary), ==, compat ? 2 : 3);
  assert_describe (summary, 0, "queue_length", stream_7);
  assert_describe (summary, 1, "queue_length", stream_20);
  /* the time-weighted mean: 64 queue·us over 40 us; 7 over 19 */
  hp_test_assert_close (hp_test_cell (summary, 0, "queue_length.time_weighted_mean"), 1.6);
  hp_test_assert_close (hp_test_cell (summary, 1, "queue_length.time_weighted_mean"), 7.0 / 19.0);
  if (!compat)
    {
      g_assert_cmpfloat (hp_test_cell (summary, 2, "stream"), ==, 30);
      assert_describe (summary, 2, "queue_length", stream_30);
    }

  /* no queue reaches 1024 */
  g_assert_cmpuint (hp_table_get_n_rows (find_table (tables, "queue_full_blocked_default")), ==, 0);
  /* the longest queue is 3 (stream 7, from 14 to 20) */
  g_assert_cmpuint (hp_table_get_n_rows (at_max), ==, 1);
  g_assert_cmpfloat (hp_test_cell (at_max, 0, "max_queue_length_used"), ==, 3);
  g_assert_cmpfloat (hp_test_cell (at_max, 0, "stream"), ==, 7);
  hp_test_assert_close (hp_test_cell (at_max, 0, "duration_at_max_queue_length"), 6.0);
  hp_test_assert_close (hp_test_cell (at_max, 0, "relative_duration_at_max_queue_length"), 6.0 / 60.0);

  /* at limit 1 every stream qualifies: stream 7 for 40 us, 20 for 7, 30 for
   * 4, of a 60 us trace; HTA reports only the last stream of the rank */
  hp_analysis_params_init (&params);
  blocked = hp_queue_length_blocked (trace, &params, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (hp_table_get_name (blocked), ==, "queue_full_blocked_default");
  if (compat)
    {
      g_assert_cmpuint (hp_table_get_n_rows (blocked), ==, 1);
      g_assert_cmpfloat (hp_test_cell (blocked, 0, "stream"), ==, 20);
      hp_test_assert_close (hp_test_cell (blocked, 0, "duration_at_max_queue_length"), 7.0);
      hp_test_assert_close (hp_test_cell (blocked, 0, "relative_duration_at_max_queue_length"), 7.0 / 60.0);
    }
  else
    {
      static const double streams[] = { 7, 20, 30 };
      static const double durations[] = { 40, 7, 4 };

      g_assert_cmpuint (hp_table_get_n_rows (blocked), ==, 3);
      for (guint i = 0; i < 3; i++)
        {
          g_assert_cmpfloat (hp_test_cell (blocked, i, "rank"), ==, 0);
          g_assert_cmpfloat (hp_test_cell (blocked, i, "stream"), ==, streams[i]);
          hp_test_assert_close (hp_test_cell (blocked, i, "duration_at_max_queue_length"), durations[i]);
          hp_test_assert_close (hp_test_cell (blocked, i, "relative_duration_at_max_queue_length"), durations[i] / 60.0);
        }
    }
}

/* counters-ties.json: 9 launches and 9 kernels on stream 7, 18 points, so
 * pandas' quicksort partitions instead of insertion-sorting. At 80 a launch
 * and a kernel start together: numpy puts the kernel first (values 1, 2),
 * the default mode the launch (3, 2). Mean 29/18 against 31/18. */
static void
test_queue_ties (gconstpointer data)
{
  HpMode              mode = GPOINTER_TO_INT (data);
  static const double compat_values[] = { 1, 2, 1, 2, 1, 2, 3, 2, 3, 2, 1, 2, 1, 2, 1, 2, 1, 0 };
  static const double default_values[] = { 1, 2, 1, 2, 1, 2, 3, 2, 3, 2, 1, 2, 1, 2, 3, 2, 1, 0 };
  const double       *values = mode == HP_MODE_HTA_COMPAT ? compat_values : default_values;
  g_autoptr (HpTrace) trace = hp_test_load ("edge/counters-ties.json", mode);
  g_autoptr (GPtrArray) tables = run_counters (trace, NULL);
  HpTable *series = find_table (tables, "queue_length_time_series");
  HpTable *summary = find_table (tables, "queue_length_summary");

  g_assert_cmpuint (hp_table_get_n_rows (series), ==, 18);
  for (guint i = 0; i < 18; i++)
    g_assert_cmpfloat (hp_test_cell (series, i, "queue_length"), ==, values[i]);
  g_assert_cmpfloat (hp_test_cell (series, 14, "ts"), ==, 80.0);
  hp_test_assert_close (hp_test_cell (summary, 0, "queue_length.mean"), (mode == HP_MODE_HTA_COMPAT ? 29.0 : 31.0) / 18.0);
  hp_test_assert_close (hp_test_cell (summary, 0, "queue_length.max"), 3);
}

/* numpy's argsort itself: insertion sort up to 16 elements (stable), a
 * partition beyond; checked against numpy 1.24 outputs */
static void
test_numpy_argsort (void)
{
  static const gint64  keys17[] = { 2, 2, 1, 2, 0, 1, 2, 0, 0, 0, 1, 2, 0, 1, 1, 2, 0 };
  static const guint32 order17[] = { 8, 12, 9, 7, 16, 4, 5, 2, 10, 13, 14, 6, 3, 15, 11, 1, 0 };
  static const gint64  keys5[] = { 3, 1, 3, 1, 2 };
  static const guint32 order5[] = { 1, 3, 4, 0, 2 };
  guint32              order[17];

  _hp_numpy_argsort (keys17, order, 17);
  for (guint i = 0; i < 17; i++)
    g_assert_cmpuint (order[i], ==, order17[i]);
  _hp_numpy_argsort (keys5, order, 5);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpuint (order[i], ==, order5[i]);
  _hp_numpy_argsort (keys5, order, 0);
}

/* counters-memory.json: DtoD copies of 0.1 and 0.2 GB/s overlap; the sum
 * in point order leaves 2.8e-17 after both end, which HTA counts as a
 * positive point (4 of them); the default mode returns to exactly 0 (3).
 * A zero-duration memset lasts 1 us; a copy without a bandwidth arg is 0
 * and has no summary row. */
static void
test_memory_edge (gconstpointer data)
{
  HpMode                   mode = GPOINTER_TO_INT (data);
  gboolean                 compat = mode == HP_MODE_HTA_COMPAT;
  static const double      dtod_compat[] = { 4, 0.15, 0.12909944487358058, 2.7755575615628914e-17, 0.075, 0.15, 0.225, 0.3 };
  static const double      dtod_default[] = { 3, 0.2, 0.1, 0.1, 0.15, 0.2, 0.25, 0.3 };
  static const double      memset_row[] = { 1, 1.5, NAN, 1.5, 1.5, 1.5, 1.5, 1.5 };
  static const char *const names[] = {
    "Memcpy DtoD",
    "Memcpy DtoD",
    "Memcpy DtoD",
    "Memcpy DtoD",
    "Memcpy HtoD",
    "Memcpy HtoD",
    "Memset",
    "Memset",
  };
  static const double ts[] = { 0, 5, 10, 20, 150, 160, 100, 101 };
  g_autoptr (HpTrace) trace = hp_test_load ("edge/counters-memory.json", mode);
  g_autoptr (GPtrArray) tables = run_counters (trace, NULL);
  HpTable *series = find_table (tables, "memory_bw_time_series");
  HpTable *summary = find_table (tables, "memory_bw_summary");
  int      c_name = hp_table_find_column (series, "name");

  g_assert_cmpuint (hp_table_get_n_rows (series), ==, 8);
  for (guint i = 0; i < 8; i++)
    {
      g_assert_cmpstr (hp_table_get_string (series, i, c_name), ==, names[i]);
      g_assert_cmpfloat (hp_test_cell (series, i, "ts"), ==, ts[i]);
    }
  hp_test_assert_close (hp_test_cell (series, 1, "memory_bw_gbps"), 0.30000000000000004);
  if (compat)
    g_assert_cmpfloat (hp_test_cell (series, 3, "memory_bw_gbps"), >, 0);
  else
    g_assert_cmpfloat (hp_test_cell (series, 3, "memory_bw_gbps"), ==, 0);
  g_assert_cmpfloat (hp_test_cell (series, 7, "memory_bw_gbps"), ==, 0);

  g_assert_cmpuint (hp_table_get_n_rows (summary), ==, 2);
  g_assert_cmpstr (hp_table_get_string (summary, 0, hp_table_find_column (summary, "name")), ==, "Memcpy DtoD");
  assert_describe (summary, 0, "memory_bw_gbps", compat ? dtod_compat : dtod_default);
  g_assert_cmpstr (hp_table_get_string (summary, 1, hp_table_find_column (summary, "name")), ==, "Memset");
  assert_describe (summary, 1, "memory_bw_gbps", memset_row);

  /* no launches: no queue at all */
  g_assert_cmpuint (hp_table_get_n_rows (find_table (tables, "queue_length_time_series")), ==, 0);
  g_assert_cmpuint (hp_table_get_n_rows (find_table (tables, "queue_full_blocked_at_observed_max")), ==, 0);
}

/* ---------------------------------------------------------------------------
 * Edge-case matrix (docs/analyses.md §19)
 * ------------------------------------------------------------------------- */

static void
test_no_gpu (gconstpointer data)
{
  HpMode mode = GPOINTER_TO_INT (data);
  g_autoptr (HpTrace) trace = hp_test_load ("hta_rank_non_gpu", mode);
  g_autoptr (GPtrArray) tables = run_counters (trace, NULL);

  for (guint i = 0; i < tables->len; i++)
    {
      g_assert_cmpuint (hp_table_get_n_rows (tables->pdata[i]), ==, 0);
      g_assert_cmpint (hp_table_find_column (tables->pdata[i], "rank"), >=, 0);
    }
}

static void
test_rank_selection (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  HpTrace *trace = fixture->compat;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (GPtrArray) all = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTable) blocked = NULL;
  HpAnalysisParams *params = &fixture->params;
  HpTable          *summary;
  int               one = 1, seven = 7;

  /* an empty list means every rank */
  params->ranks = g_array_new (FALSE, FALSE, sizeof (int));
  all = run_counters (trace, params);
  g_assert_cmpuint (hp_table_get_n_rows (find_table (all, "queue_length_summary")), ==, 10);

  /* one rank */
  g_array_append_val (params->ranks, one);
  tables = run_counters (trace, params);
  summary = find_table (tables, "queue_length_summary");
  g_assert_cmpuint (hp_table_get_n_rows (summary), ==, 5);
  for (guint r = 0; r < 5; r++)
    g_assert_cmpfloat (hp_test_cell (summary, r, "rank"), ==, 1);
  g_assert_cmpuint (hp_table_get_n_rows (find_table (tables, "memory_bw_summary")), ==, 4);
  /* rank 1's longest queue is 75 */
  g_assert_cmpfloat (hp_test_cell (find_table (tables, "queue_full_blocked_at_observed_max"), 0,
                                   "max_queue_length_used"),
                     ==, 75);

  /* a rank not in the trace is an error, for every entry point */
  g_array_append_val (params->ranks, seven);
  hp_test_assert_analysis_fails (hp_queue_length_compute, trace, params, NULL, HP_ANALYSIS_ERROR,
                                 HP_ANALYSIS_ERROR_NO_SUCH_RANK);
  hp_test_assert_analysis_fails (hp_memory_bw_compute, trace, params, NULL, HP_ANALYSIS_ERROR,
                                 HP_ANALYSIS_ERROR_NO_SUCH_RANK);
  blocked = hp_queue_length_blocked (trace, params, 1, NULL, &error);
  g_assert_null (blocked);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK);
  g_clear_error (&error);
  g_assert_null (hp_queue_length_blocked_at_observed_max (trace, params, NULL, &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK);
}

static void
test_cancelled (HpTestTraceFixture *fixture,
                gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hp-counters-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "out.json.gz", NULL);

  hp_test_assert_cancelled (hp_queue_length_compute, trace);
  hp_test_assert_cancelled (hp_memory_bw_compute, trace);
  g_cancellable_cancel (cancellable);
  g_assert_false (hp_counter_writer_write (trace, hp_trace_get_rank (trace, 0), out,
                                           HP_COUNTER_SERIES_ALL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (count_files (dir), ==, 0);
  remove_dir (dir);
}

/* ---------------------------------------------------------------------------
 * The counter trace writer (docs/analyses.md §8.3)
 * ------------------------------------------------------------------------- */

static void
test_default_path (void)
{
  static const char *const cases[][3] = {
    /* input, output folder, expected */
    { "/d/x.json/rank-0.json.gz", NULL, "/d/x.json/rank-0_with_counters.json.gz" },
    { "/d/rank-0.Apr_03.1102.pt.trace.json.gz", NULL, "/d/rank-0.Apr_03.1102.pt.trace_with_counters.json.gz" },
    { "/d/trace.json", "/out", "/out/trace_with_counters.json" },
    { "/d/trace.gz", NULL, "/d/trace_with_counters.gz" },
    { "/d/trace", NULL, "/d/trace_with_counters.json" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = hp_counter_writer_default_path (cases[i][0], cases[i][1]);

      g_assert_cmpstr (path, ==, cases[i][2]);
    }
}

/* Every case of tests/data in HTA-compatibility mode: the files HTA wrote
 * (names, event counts, counter counts, min/max by name, ids), the file
 * loads again with the original events plus the counters, and the input
 * is not touched. */
static void
test_writer_golden (gconstpointer data)
{
  const char *case_name = data;
  g_autoptr (HpTrace) trace = hp_test_load (case_name, HP_MODE_HTA_COMPAT);
  g_autofree char *golden_path = hp_test_golden_path (case_name, "trace_with_counters_summary.json");
  g_autofree char *dir = g_dir_make_tmp ("hp-counters-XXXXXX", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) written = g_ptr_array_new_with_free_func (g_free);
  JsonObject *golden;
  JsonArray  *files;

  g_assert_nonnull (dir);
  json_parser_load_from_file (parser, golden_path, &error);
  g_assert_no_error (error);
  golden = json_node_get_object (json_parser_get_root (parser));
  files = json_object_get_array_member (golden, "output_files");

  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank    *rank = hp_trace_get_rank (trace, k);
      g_autofree char *out = hp_counter_writer_default_path (rank->path, dir);
      g_autofree char *md5_before = file_md5 (rank->path);
      g_autofree char *md5_after = NULL;
      g_autofree char *base = g_path_get_basename (out);
      g_autoptr (HpTrace) again = NULL;
      const HpRank *rank_again;
      Summary       s = { 0 };

      if (!hp_counter_writer_write (trace, rank, out, HP_COUNTER_SERIES_ALL, NULL, &error))
        {
          /* a rank without series: no file, as HTA */
          g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
          g_clear_error (&error);
          g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
          continue;
        }
      g_ptr_array_add (written, g_strdup (base));
      md5_after = file_md5 (rank->path);
      g_assert_cmpstr (md5_before, ==, md5_after);
      /* gzip iff the name says so (HTA compresses every output) */
      g_assert_true (file_is_gzip (out) == g_str_has_suffix (out, ".gz"));

      summarize_file (out, &s);
      g_assert_true (json_object_has_member (golden, base));
      assert_summary_matches (&s, json_object_get_object_member (golden, base));

      /* the written file loads, with the same analysable rows */
      again = load_path (out, HP_MODE_HTA_COMPAT);
      g_assert_cmpuint (hp_trace_get_n_ranks (again), ==, 1);
      rank_again = hp_trace_get_rank (again, 0);
      g_assert_cmpint (rank_again->rank, ==, rank->rank);
      g_assert_cmpuint (rank_again->n_json_events, ==, rank->n_json_events + s.counter_events);
      g_assert_cmpuint (rank_again->n_counter_events, ==, rank->n_counter_events + s.counter_events);
      g_assert_cmpuint (rank_again->n_rows, ==, rank->n_rows);
      summary_clear (&s);
    }

  g_assert_cmpuint (written->len, ==, json_array_get_length (files));
  for (guint i = 0; i < written->len; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < json_array_get_length (files); j++)
        found |= g_str_equal (written->pdata[i], json_array_get_string_element (files, j));
      g_assert_true (found);
    }
  remove_dir (dir);
}

/* gzip iff the name ends in .gz (HTA always compresses); a failed
 * overwrite of the input leaves it alone */
static void
test_writer_files (HpTestDirFixture *fixture,
                   gconstpointer     data)
{
  const char      *src = fixture->data;
  const char      *dir = fixture->dir;
  g_autofree char *input = g_build_filename (dir, "trace.json", NULL);
  g_autofree char *plain = g_build_filename (dir, "out.json", NULL);
  g_autofree char *gz = g_build_filename (dir, "out.json.gz", NULL);
  g_autofree char *link = g_build_filename (dir, "link.json", NULL);
  g_autofree char *other = g_build_filename (dir, "other.json", NULL);
  g_autofree char *md5 = NULL;
  g_autofree char *md5_after = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (GDir) d = g_dir_open (src, 0, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  const char   *name;
  const HpRank *rank;
  gsize         len;

  /* a private copy of the (plain JSON) trace */
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".json"))
      {
        g_autofree char *from = g_build_filename (src, name, NULL);

        g_assert_true (g_file_get_contents (from, &contents, &len, NULL));
        g_assert_true (g_file_set_contents (input, contents, (gssize)len, NULL));
        break;
      }
  g_assert_nonnull (contents);
  md5 = file_md5 (input);
  trace = load_path (input, HP_MODE_DEFAULT);
  rank = hp_trace_get_rank (trace, 0);

  g_assert_true (hp_counter_writer_write (trace, rank, plain, HP_COUNTER_SERIES_ALL, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (file_is_gzip (plain));
  g_assert_true (hp_counter_writer_write (trace, rank, gz, HP_COUNTER_SERIES_QUEUE_LENGTH, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (file_is_gzip (gz));

  /* the input itself, or another name of it, is refused */
  g_assert_false (hp_counter_writer_write (trace, rank, input, HP_COUNTER_SERIES_ALL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_cmpint (symlink (input, link), ==, 0);
  g_assert_false (hp_counter_writer_write (trace, rank, link, HP_COUNTER_SERIES_ALL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS);
  g_clear_error (&error);
  md5_after = file_md5 (input);
  g_assert_cmpstr (md5, ==, md5_after);

  /* any other existing file is replaced */
  g_assert_true (g_file_set_contents (other, "junk", -1, NULL));
  g_assert_true (hp_counter_writer_write (trace, rank, other, HP_COUNTER_SERIES_ALL, NULL, &error));
  g_assert_no_error (error);
  {
    Summary s = { 0 };

    summarize_file (other, &s);
    /* 2 queue points; the trace has no memcpy */
    g_assert_cmpuint (s.counter_events, ==, 2);
    g_assert_true (g_hash_table_contains (s.by_name, "Queue Length"));
    summary_clear (&s);
  }

  /* a missing folder is an error that names the file, and no series asked
   * for is refused */
  {
    g_autofree char *missing = g_build_filename (dir, "no", "such", "out.json", NULL);

    g_assert_false (hp_counter_writer_write (trace, rank, missing, HP_COUNTER_SERIES_ALL, NULL, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "out.json"));
    g_clear_error (&error);
    g_assert_false (hp_counter_writer_write (trace, rank, plain, 0, NULL, &error));
    g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
    g_clear_error (&error);
  }

  /* only the files written, no temporary left */
  g_assert_cmpuint (count_files (dir), ==, 5);
  remove_dir (dir);
}

/* ns-resolution times come out exact, in the raw time base; a bare
 * top-level array gets the counters appended to it */
static void
test_writer_ns_bare_array (HpTestTraceFixture *fixture,
                           gconstpointer       data)
{
  HpTrace         *trace = fixture->trace;
  g_autofree char *dir = g_dir_make_tmp ("hp-counters-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "ns.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) again = NULL;
  Summary s = { 0 };

  g_assert_true (hp_counter_writer_write (trace, hp_trace_get_rank (trace, 0), out,
                                          HP_COUNTER_SERIES_ALL, NULL, &error));
  g_assert_no_error (error);
  s.ts_texts = g_ptr_array_new_with_free_func (g_free);
  summarize_file (out, &s);
  g_assert_cmpuint (s.total_events, ==, 5);
  g_assert_cmpuint (s.counter_events, ==, 2);
  g_assert_cmpuint (s.ts_texts->len, ==, 2);
  g_assert_cmpstr (s.ts_texts->pdata[0], ==, "1002.25");
  g_assert_cmpstr (s.ts_texts->pdata[1], ==, "1010.125");
  g_assert_true (g_hash_table_contains (s.ids, "7"));
  summary_clear (&s);

  again = load_path (out, HP_MODE_DEFAULT);
  g_assert_cmpuint (hp_trace_get_rank (again, 0)->n_counter_events, ==, 2);
  remove_dir (dir);
}

static void
test_writer_no_series (HpTestTraceFixture *fixture,
                       gconstpointer       data)
{
  HpTrace         *trace = fixture->trace;
  g_autofree char *dir = g_dir_make_tmp ("hp-counters-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "out.json.gz", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_false (hp_counter_writer_write (trace, hp_trace_get_rank (trace, 0), out,
                                           HP_COUNTER_SERIES_ALL, NULL, &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
  g_assert_cmpuint (count_files (dir), ==, 0);
  remove_dir (dir);
}

int
main (int    argc,
      char **argv)
{
  /* tests run once in each mode, below <path>/compat and <path>/default */
  static const struct
  {
    const char   *path;
    GTestDataFunc func;
  } mode_tests[] = {
    { "/core/counters/queue/edge", test_queue_edge },
    { "/core/counters/queue/ties", test_queue_ties },
    { "/core/counters/memory-bw/edge", test_memory_edge },
    { "/core/counters/edge/no-gpu", test_no_gpu },
  };
  const char *const *local_cases;
  guint              n_local_cases;

  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  /* every folder of tests/data with HTA's outputs */
  local_cases = hp_test_hta_cases (&n_local_cases);
  for (guint i = 0; i < n_local_cases; i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/counters/parity/%s", local_cases[i]);
      g_autofree char *wpath = g_strdup_printf ("/core/counters/writer/golden/%s", local_cases[i]);

      g_test_add_data_func (path, local_cases[i], test_parity);
      g_test_add_data_func (wpath, local_cases[i], test_writer_golden);
    }
  for (guint i = 0; i < G_N_ELEMENTS (shared_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/counters/parity-shared/%s", shared_cases[i]);

      g_test_add_data_func (path, shared_cases[i], test_parity_shared);
    }
  g_test_add_func ("/core/counters/hta-tests/mtia-single-rank", test_hta_mtia_single_rank);
  hp_test_add_trace ("/core/counters/hta-tests/negative-queue-length", "hta_negative_queue_length",
                     hp_test_trace_setup_compat, test_hta_negative_queue_length);
  g_test_add_func ("/core/counters/numpy-argsort", test_numpy_argsort);
  for (guint i = 0; i < G_N_ELEMENTS (mode_tests); i++)
    for (int mode = HP_MODE_HTA_COMPAT; mode >= HP_MODE_DEFAULT; mode--)
      {
        g_autofree char *path = g_strdup_printf ("%s/%s", mode_tests[i].path,
                                                 mode == HP_MODE_HTA_COMPAT ? "compat" : "default");

        g_test_add_data_func (path, GINT_TO_POINTER (mode), mode_tests[i].func);
      }
  hp_test_add_trace ("/core/counters/edge/rank-selection", "hta_trace_filter_2ranks", hp_test_trace_setup_compat,
                     test_rank_selection);
  hp_test_add_trace ("/core/counters/edge/cancelled", "hta_trace_filter_2ranks", hp_test_trace_setup_default,
                     test_cancelled);
  g_test_add_func ("/core/counters/writer/default-path", test_default_path);
  hp_test_add_dir ("/core/counters/writer/files", "hta_call_stack", test_writer_files);
  hp_test_add_trace ("/core/counters/writer/ns-bare-array", "edge/counters-ns.json", hp_test_trace_setup_default,
                     test_writer_ns_bare_array);
  hp_test_add_trace ("/core/counters/writer/no-series", "hta_rank_non_gpu", hp_test_trace_setup_default,
                     test_writer_no_series);

  return g_test_run ();
}
