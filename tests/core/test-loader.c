/* test-loader.c — the trace loader against HTA's golden facts and hand-made bad input.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "hp-core.h"
#include "hp-core-private.h"
#include "hp-test-utils.h"

#define NS_PER_DAY (G_GINT64_CONSTANT (86400000000000))
#define SEVEN_DAYS_NS (7 * NS_PER_DAY)

/* ---------------------------------------------------------------------- */
/* small helpers                                                           */

static char *
edge_path (const char *name)
{
  return hp_test_data_path ("edge", name, NULL);
}

static HpTrace *
load_one (const char *path,
          HpMode      mode,
          GError    **error)
{
  HpLoadOptions options = { 0 };

  options.mode = mode;
  return hp_load_path (path, &options, NULL, error);
}

static HpTrace *
load_edge (const char *name,
           HpMode      mode,
           GError    **error)
{
  g_autofree char *path = edge_path (name);

  return load_one (path, mode, error);
}

static HpTrace *
load_edge_ok (const char *name,
              HpMode      mode)
{
  g_autoptr (GError) error = NULL;
  HpTrace *trace = load_edge (name, mode, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static void
assert_edge_fails (const char *name,
                   HpMode      mode,
                   int         code,
                   const char *must_mention)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = load_edge (name, mode, &error);

  g_assert_null (trace);
  g_assert_error (error, HP_LOAD_ERROR, code);
  g_assert_nonnull (strstr (error->message, must_mention));
}

static const char *
event_name (HpTrace      *trace,
            const HpRank *rank,
            guint         e)
{
  return hp_trace_get_string (trace, rank->name[e]);
}

static const char *
event_cat (HpTrace      *trace,
           const HpRank *rank,
           guint         e)
{
  if (rank->cat[e] == HP_NO_STRING)
    return NULL;
  return hp_trace_get_string (trace, rank->cat[e]);
}

/* the position of the first event called @name, or -1 */
static int
find_event (HpTrace      *trace,
            const HpRank *rank,
            const char   *name)
{
  for (guint e = 0; e < rank->n_events; e++)
    if (g_strcmp0 (event_name (trace, rank, e), name) == 0)
      return e;
  return -1;
}

static int
find_event_ok (HpTrace      *trace,
               const HpRank *rank,
               const char   *name)
{
  int e = find_event (trace, rank, name);

  if (e < 0)
    {
      g_autofree char *msg = g_strdup_printf ("no event named '%s' in %s", name, rank->basename);

      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg);
    }
  return e;
}

static gboolean
row_has_event (const HpRank *rank,
               int           e)
{
  for (guint r = 0; r < rank->n_rows; r++)
    if ((int)rank->rows[r] == e)
      return TRUE;
  return FALSE;
}

static const HpRank *
only_rank (HpTrace *trace)
{
  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 1);
  return hp_trace_get_rank (trace, 0);
}

static guint
count_issues (HpTrace *trace,
              int      severity)
{
  GListModel *issues = hp_trace_get_issues (trace);
  guint       n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (issues); i++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, i);

      if (severity < 0 || (int)hp_load_issue_get_severity (issue) == severity)
        n++;
    }
  return n;
}

/* (transfer full) the first issue with @code, or NULL */
static HpLoadIssue *
find_issue (HpTrace *trace,
            int      code)
{
  GListModel *issues = hp_trace_get_issues (trace);

  for (guint i = 0; i < g_list_model_get_n_items (issues); i++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, i);

      if (hp_load_issue_get_code (issue) == code)
        return g_steal_pointer (&issue);
    }
  return NULL;
}

/* Issues name the file as the caller gave it: the folder joined with the
 * file's name, not the bare name. */
static void
assert_issue_file (HpLoadIssue *issue,
                   const char  *name)
{
  const char      *file = hp_load_issue_get_file (issue);
  g_autofree char *suffix = g_strconcat (G_DIR_SEPARATOR_S, name, NULL);

  g_assert_nonnull (file);
  g_assert_true (g_str_has_suffix (file, suffix));
  g_assert_true (g_str_has_prefix (hp_load_issue_get_message (issue), file));
}

/* a single-GPU run records no distributedInfo: normal, a note and no
 * warning; two such files in one job are a warning (their ranks are
 * guessed) */
static void
test_no_distributed_info (HpTestDirFixture *fixture,
                          gconstpointer     data)
{
  g_autoptr (HpTrace) single = hp_test_load ("hta_distributed_info_unavailable", HP_MODE_DEFAULT);
  g_autofree char *source = hp_test_data_path ("diff", "old-format.json", NULL);
  g_autoptr (GError) error = NULL;
  const char      *dir = fixture->dir;
  g_autofree char *a = g_build_filename (dir, "a.json", NULL);
  g_autofree char *b = g_build_filename (dir, "b.json", NULL);
  g_autofree char *contents = NULL;
  gsize            length;
  const char      *paths[] = { a, b, NULL };
  g_autoptr (HpTrace) two = NULL;

  g_assert_cmpuint (hp_trace_get_n_ranks (single), ==, 1);
  g_assert_cmpuint (count_issues (single, HP_LOAD_ISSUE_WARNING), ==, 0);
  g_assert_cmpuint (count_issues (single, HP_LOAD_ISSUE_ERROR), ==, 0);
  g_assert_cmpuint (count_issues (single, HP_LOAD_ISSUE_INFO), >=, 1);

  g_assert_true (g_file_get_contents (source, &contents, &length, &error));
  g_assert_true (g_file_set_contents (a, contents, (gssize)length, &error));
  g_assert_true (g_file_set_contents (b, contents, (gssize)length, &error));
  two = hp_load_paths (paths, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_trace_get_n_ranks (two), ==, 2);
  g_assert_cmpuint (count_issues (two, HP_LOAD_ISSUE_WARNING), ==, 2);
  g_unlink (a);
  g_unlink (b);
}

static void
assert_no_error_issues (HpTrace *trace)
{
  GListModel *issues = hp_trace_get_issues (trace);

  for (guint i = 0; i < g_list_model_get_n_items (issues); i++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, i);

      if (hp_load_issue_get_severity (issue) == HP_LOAD_ISSUE_ERROR)
        {
          g_autofree char *msg = g_strdup_printf ("unexpected error issue: %s: %s",
                                                  hp_load_issue_get_file (issue),
                                                  hp_load_issue_get_message (issue));

          g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg);
        }
    }
}

static gboolean
is_gpu_activity (const HpRank *rank,
                 guint         e)
{
  switch (rank->kind[e])
    {
    case HP_EVENT_KIND_KERNEL:
    case HP_EVENT_KIND_MEMCPY:
    case HP_EVENT_KIND_MEMSET:
      return TRUE;
    default:
      return FALSE;
    }
}

/* ---------------------------------------------------------------------- */
/* golden comparison                                                       */

/* Collects every mismatch of one test, then fails once with all of them, so
 * a run tells the whole story of a case rather than its first difference. */
typedef struct
{
  GString *log;
  guint    n_failures;
  char    *context;
} Checker;

static void
checker_init (Checker    *c,
              const char *context)
{
  c->log = g_string_new (NULL);
  c->n_failures = 0;
  c->context = g_strdup (context);
}

static void
checker_set_context (Checker    *c,
                     const char *context)
{
  g_free (c->context);
  c->context = g_strdup (context);
}

G_GNUC_PRINTF (2, 3)
static void
checker_fail (Checker    *c,
              const char *format,
              ...)
{
  g_autofree char *text = NULL;
  va_list          args;

  c->n_failures++;
  if (c->n_failures > 40)
    return;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);

  g_string_append_printf (c->log, "\n  %s: %s", c->context, text);
}

static void
check_int (Checker    *c,
           const char *what,
           gint64      ours,
           gint64      golden)
{
  if (ours != golden)
    checker_fail (c, "%s: ours %" G_GINT64_FORMAT ", golden %" G_GINT64_FORMAT, what, ours, golden);
}

static void
check_double (Checker    *c,
              const char *what,
              double      ours,
              const char *golden)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_dtostr (buf, sizeof buf, ours);
  if (!hp_test_values_match (buf, golden))
    checker_fail (c, "%s: ours %s, golden %s", what, buf, golden);
}

static void
checker_finish (Checker *c)
{
  if (c->n_failures > 0)
    {
      g_autofree char *msg = g_strdup_printf ("%u golden mismatches%s%s", c->n_failures,
                                              c->log->str, c->n_failures > 40 ? "\n  ..." : "");

      g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg);
    }
  g_string_free (c->log, TRUE);
  g_free (c->context);
}

static gint64
json_int (JsonNode *node)
{
  /* HTA writes some integers as floats (an iteration of 1.0) */
  if (json_node_get_value_type (node) == G_TYPE_DOUBLE)
    return (gint64)json_node_get_double (node);
  return json_node_get_int (node);
}

static JsonNode *
read_json (const char *path)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

typedef struct
{
  const char *case_name;
  HpMode      mode;
} GoldenCase;

typedef struct
{
  HpTrace   *trace;
  JsonNode  *meta;    /* NULL when HTA wrote none */
  JsonNode  *status;  /* NULL when HTA wrote none */
  GPtrArray *summary; /* event_summary.csv, or NULL */
} GoldenFixture;

static void
golden_fixture_setup (GoldenFixture *fixture,
                      gconstpointer  user_data)
{
  const GoldenCase *gc = user_data;
  g_autofree char  *meta = hp_test_golden_path (gc->case_name, "meta.json");
  g_autofree char  *status = hp_test_golden_path (gc->case_name, "_status.json");
  g_autofree char  *summary = hp_test_golden_path (gc->case_name, "event_summary.csv");

  fixture->trace = hp_test_load (gc->case_name, gc->mode);
  fixture->meta = g_file_test (meta, G_FILE_TEST_EXISTS) ? read_json (meta) : NULL;
  fixture->status = g_file_test (status, G_FILE_TEST_EXISTS) ? read_json (status) : NULL;
  fixture->summary = g_file_test (summary, G_FILE_TEST_EXISTS) ? hp_test_read_csv (summary) : NULL;
}

static void
golden_fixture_teardown (GoldenFixture *fixture,
                         gconstpointer  user_data)
{
  g_clear_pointer (&fixture->trace, hp_trace_unref);
  g_clear_pointer (&fixture->meta, json_node_unref);
  g_clear_pointer (&fixture->status, json_node_unref);
  g_clear_pointer (&fixture->summary, g_ptr_array_unref);
}

static gboolean
hta_loaded (GoldenFixture *fixture)
{
  JsonObject *status;
  JsonObject *load;

  if (fixture->status == NULL)
    return TRUE;
  status = json_node_get_object (fixture->status);
  if (!json_object_has_member (status, "load"))
    return TRUE;
  load = json_object_get_object_member (status, "load");
  return g_strcmp0 (json_object_get_string_member_with_default (load, "status", "ok"), "ok") == 0;
}

typedef struct
{
  gint64 count;
  gint64 sum_dur;
  gint64 min_dur;
  gint64 max_dur;
  gint64 first_ts;
} Group;

static char *
group_key (const char *cat,
           const char *name)
{
  return g_strdup_printf ("%s\x1f%s", cat != NULL ? cat : "", name != NULL ? name : "");
}

/* event_summary.csv: HTA's loaded rows grouped by (rank, cat, name) */
static void
check_event_summary (Checker       *c,
                     GoldenFixture *fixture,
                     HpTrace       *trace,
                     const HpRank  *rank)
{
  g_autoptr (GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *rank_text = g_strdup_printf ("%d", rank->rank);
  int              col_rank = hp_test_csv_column (fixture->summary, "rank");
  int              col_cat = hp_test_csv_column (fixture->summary, "cat");
  int              col_name = hp_test_csv_column (fixture->summary, "name");
  int              col_count = hp_test_csv_column (fixture->summary, "count");
  int              col_sum = hp_test_csv_column (fixture->summary, "sum_dur");
  int              col_min = hp_test_csv_column (fixture->summary, "min_dur");
  int              col_max = hp_test_csv_column (fixture->summary, "max_dur");
  int              col_first = hp_test_csv_column (fixture->summary, "first_ts");
  guint            n_golden = 0;

  g_assert_cmpint (col_rank, >=, 0);
  g_assert_cmpint (col_cat, >=, 0);
  g_assert_cmpint (col_name, >=, 0);
  g_assert_cmpint (col_count, >=, 0);
  g_assert_cmpint (col_sum, >=, 0);
  g_assert_cmpint (col_min, >=, 0);
  g_assert_cmpint (col_max, >=, 0);
  g_assert_cmpint (col_first, >=, 0);

  for (guint r = 0; r < rank->n_rows; r++)
    {
      guint32          e = rank->rows[r];
      g_autofree char *key = group_key (event_cat (trace, rank, e), event_name (trace, rank, e));
      Group           *g = g_hash_table_lookup (groups, key);

      if (g == NULL)
        {
          g = g_new0 (Group, 1);
          g->min_dur = G_MAXINT64;
          g->max_dur = G_MININT64;
          g->first_ts = G_MAXINT64;
          g_hash_table_insert (groups, g_steal_pointer (&key), g);
        }
      g->count++;
      g->sum_dur += hp_rank_dur (rank, e);
      g->min_dur = MIN (g->min_dur, hp_rank_dur (rank, e));
      g->max_dur = MAX (g->max_dur, hp_rank_dur (rank, e));
      g->first_ts = MIN (g->first_ts, rank->ts[e]);
    }

  for (guint i = 1; i < fixture->summary->len; i++)
    {
      char           **row = g_ptr_array_index (fixture->summary, i);
      g_autofree char *key = NULL;
      Group           *g;

      if (!g_str_equal (row[col_rank], rank_text))
        continue;
      n_golden++;

      key = group_key (row[col_cat], row[col_name]);
      g = g_hash_table_lookup (groups, key);
      if (g == NULL)
        {
          checker_fail (c, "event_summary: no rows for cat '%s' name '%s' (golden count %s)",
                        row[col_cat], row[col_name], row[col_count]);
          continue;
        }
      if (g_ascii_strtoll (row[col_count], NULL, 10) != g->count)
        checker_fail (c, "event_summary cat '%s' name '%s': count ours %" G_GINT64_FORMAT ", golden %s",
                      row[col_cat], row[col_name], g->count, row[col_count]);
      else
        {
          static const char *const what[] = { "sum_dur", "min_dur", "max_dur", "first_ts" };
          const int                cols[] = { col_sum, col_min, col_max, col_first };
          const gint64             values[] = { g->sum_dur, g->min_dur, g->max_dur, g->first_ts };

          for (guint k = 0; k < G_N_ELEMENTS (what); k++)
            {
              g_autofree char *label = g_strdup_printf ("event_summary cat '%s' name '%s' %s",
                                                        row[col_cat], row[col_name], what[k]);

              /* ns in our columns, us in HTA's */
              check_double (c, label, values[k] / 1000.0, row[cols[k]]);
            }
        }
    }

  check_int (c, "event_summary groups", g_hash_table_size (groups), n_golden);
}

static void
check_metadata (Checker      *c,
                const HpRank *rank,
                JsonObject   *golden)
{
  JsonObject *ours = NULL;
  g_autoptr (GList) members = json_object_get_members (golden);

  if (rank->metadata != NULL && JSON_NODE_HOLDS_OBJECT (rank->metadata))
    ours = json_node_get_object (rank->metadata);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      JsonNode   *want = json_object_get_member (golden, key);

      if (g_str_equal (key, "device_type"))
        {
          if (g_strcmp0 (rank->device_type, json_node_get_string (want)) != 0)
            checker_fail (c, "device_type: ours '%s', golden '%s'", rank->device_type,
                          json_node_get_string (want));
          continue;
        }
      if (g_str_equal (key, "baseTimeNanoseconds"))
        {
          if (!rank->has_base_time)
            checker_fail (c, "baseTimeNanoseconds missing");
          else
            check_int (c, "baseTimeNanoseconds", rank->base_time_ns, json_int (want));
        }
      if (ours == NULL || !json_object_has_member (ours, key))
        checker_fail (c, "metadata member '%s' missing", key);
      else if (!json_node_equal (json_object_get_member (ours, key), want))
        checker_fail (c, "metadata member '%s' differs", key);
    }
}

static void
count_key (GHashTable *counts,
           gpointer    key)
{
  int n = GPOINTER_TO_INT (g_hash_table_lookup (counts, key));

  g_hash_table_insert (counts, key, GINT_TO_POINTER (n + 1));
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *)a;
  gint64 y = *(const gint64 *)b;

  return x < y ? -1 : x > y;
}

static void
check_rank (Checker       *c,
            GoldenFixture *fixture,
            HpTrace       *trace,
            const HpRank  *rank,
            JsonObject    *golden,
            gint64         min_ts_us)
{
  g_autoptr (GHashTable) by_cat = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) by_iteration = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr (GArray) streams = g_array_new (FALSE, FALSE, sizeof (gint64));
  JsonObject *golden_cats = json_object_get_object_member (golden, "rows_by_cat");
  JsonObject *golden_iterations = json_object_get_object_member (golden, "rows_by_iteration");
  JsonArray  *golden_list;
  g_autoptr (GList) members = NULL;
  gint64 ts_min = G_MAXINT64;
  gint64 ts_max = G_MININT64;
  gint64 end_max = G_MININT64;
  gint64 n_negative = 0;
  gint64 n_zero = 0;
  gint64 n_linked = 0;
  gint64 n_gpu = 0;
  gint64 n_g1 = 0;
  guint  n_streams = 0;

  check_int (c, "rows_after_load", rank->n_rows,
             json_object_get_int_member (golden, "rows_after_load"));

  for (guint r = 0; r < rank->n_rows; r++)
    {
      guint32     e = rank->rows[r];
      const char *cat = event_cat (trace, rank, e);
      gboolean    seen = FALSE;

      ts_min = MIN (ts_min, rank->ts[e]);
      ts_max = MAX (ts_max, rank->ts[e]);
      end_max = MAX (end_max, rank->ts[e] + hp_rank_dur (rank, e));
      n_negative += hp_rank_dur (rank, e) < 0;
      n_zero += hp_rank_dur (rank, e) == 0;
      /* HTA counts index_correlation > 0: a partner at file index 0 is "unmatched" */
      if (rank->partner[e] >= 0 && rank->index[rank->partner[e]] > 0)
        n_linked++;
      if (hp_rank_stream (rank, e) != -1)
        {
          gint64 stream = hp_rank_stream (rank, e);

          n_gpu++;
          for (guint s = 0; s < streams->len && !seen; s++)
            seen = g_array_index (streams, gint64, s) == stream;
          if (!seen)
            g_array_append_val (streams, stream);
        }
      if (rank->flags[e] & HP_EVENT_G1)
        n_g1++;
      if (cat != NULL)
        count_key (by_cat, (gpointer)cat);
      count_key (by_iteration, GINT_TO_POINTER (hp_rank_iteration (rank, e)));
    }

  /* rows by category */
  members = json_object_get_members (golden_cats);
  for (GList *l = members; l != NULL; l = l->next)
    {
      g_autofree char *what = g_strdup_printf ("rows_by_cat[%s]", (const char *)l->data);

      check_int (c, what, GPOINTER_TO_INT (g_hash_table_lookup (by_cat, l->data)),
                 json_object_get_int_member (golden_cats, l->data));
    }
  check_int (c, "number of categories", g_hash_table_size (by_cat), json_object_get_size (golden_cats));
  g_clear_pointer (&members, g_list_free);

  /* iterations: HTA leaves some null (AMD stream-0 kernels); pandas drops
   * those from its counts, and we hold them as -1 */
  golden_list = json_object_get_array_member (golden, "iterations");
  check_int (c, "number of iterations", rank->n_iterations, json_array_get_length (golden_list));
  for (guint i = 0; i < MIN (rank->n_iterations, json_array_get_length (golden_list)); i++)
    check_int (c, "iterations[]", rank->iterations[i], json_int (json_array_get_element (golden_list, i)));

  members = json_object_get_members (golden_iterations);
  for (GList *l = members; l != NULL; l = l->next)
    {
      int              it = atoi (l->data);
      gint64           want = json_object_get_int_member (golden_iterations, l->data);
      gint64           have = GPOINTER_TO_INT (g_hash_table_lookup (by_iteration, GINT_TO_POINTER (it)));
      g_autofree char *what = g_strdup_printf ("rows_by_iteration[%d]", it);

      if (it >= 0)
        check_int (c, what, have, want);
      else if (have < want)
        checker_fail (c, "%s: ours %" G_GINT64_FORMAT ", golden at least %" G_GINT64_FORMAT,
                      what, have, want);
    }
  g_clear_pointer (&members, g_list_free);

  /* streams */
  g_array_sort (streams, compare_gint64);
  golden_list = json_object_get_array_member (golden, "streams");
  n_streams = json_array_get_length (golden_list);
  check_int (c, "number of streams", streams->len, n_streams);
  for (guint i = 0; i < MIN (streams->len, n_streams); i++)
    check_int (c, "streams[]", g_array_index (streams, gint64, i),
               json_int (json_array_get_element (golden_list, i)));

  check_int (c, "gpu_rows (stream != -1)", n_gpu, json_object_get_int_member (golden, "gpu_rows"));
  check_int (c, "gpu_rows (G1 flag)", n_g1, json_object_get_int_member (golden, "gpu_rows"));
  check_int (c, "cpu_rows", rank->n_rows - n_gpu, json_object_get_int_member (golden, "cpu_rows"));
  check_int (c, "index_correlation_gt0", n_linked,
             json_object_get_int_member (golden, "index_correlation_gt0"));
  check_int (c, "negative_dur_rows", n_negative, json_object_get_int_member (golden, "negative_dur_rows"));
  check_int (c, "zero_dur_rows", n_zero, json_object_get_int_member (golden, "zero_dur_rows"));

  if (rank->n_rows > 0)
    {
      gint64 golden_end_us = (gint64)json_object_get_double_member (golden, "end_max");
      gint64 ours_end_us = (end_max + min_ts_us * 1000) / 1000;

      /* trace_duration is max(ts) - min(ts) of the loaded rows, in us */
      check_int (c, "trace_duration (ns)", ts_max - ts_min,
                 json_object_get_int_member (golden, "trace_duration") * 1000);
      check_int (c, "ts_min (ns)", ts_min, json_object_get_int_member (golden, "ts_min") * 1000);
      /* end_max is HTA's stale (unshifted) end: max(ts + dur) + min_ts */
      if (ours_end_us < golden_end_us - 1 || ours_end_us > golden_end_us + 1)
        checker_fail (c, "end_max (us): ours %" G_GINT64_FORMAT ", golden %" G_GINT64_FORMAT,
                      ours_end_us, golden_end_us);
    }

  check_metadata (c, rank, json_object_get_object_member (golden, "metadata"));

  if (fixture->summary != NULL)
    check_event_summary (c, fixture, trace, rank);
}

static void
test_golden_compat (GoldenFixture *fixture,
                    gconstpointer  user_data)
{
  const GoldenCase *gc = user_data;
  HpTrace          *trace = fixture->trace;
  JsonObject       *meta;
  JsonObject       *per_rank;
  JsonArray        *ranks;
  gint64            min_ts_us;
  Checker           c;

  g_assert_cmpint (hp_trace_get_mode (trace), ==, HP_MODE_HTA_COMPAT);

  if (!hta_loaded (fixture) || fixture->meta == NULL)
    {
      /* HTA could not load this case; we must, with at least one rank */
      g_test_message ("%s: HTA failed to load it; checking that we do", gc->case_name);
      g_assert_cmpuint (hp_trace_get_n_ranks (trace), >, 0);
      return;
    }

  meta = json_node_get_object (fixture->meta);
  per_rank = json_object_get_object_member (meta, "per_rank");
  ranks = json_object_get_array_member (meta, "ranks");
  min_ts_us = json_object_get_int_member (meta, "min_ts_subtracted");

  checker_init (&c, gc->case_name);

  check_int (&c, "number of ranks", hp_trace_get_n_ranks (trace), json_array_get_length (ranks));
  if (g_strcmp0 (hp_trace_get_device_type (trace), json_object_get_string_member (meta, "device_type")) != 0)
    checker_fail (&c, "device_type: ours '%s', golden '%s'", hp_trace_get_device_type (trace),
                  json_object_get_string_member (meta, "device_type"));
  check_int (&c, "min_ts_subtracted (ns)", hp_trace_get_min_ts (trace), min_ts_us * 1000);

  for (guint i = 0; i < json_array_get_length (ranks); i++)
    {
      int              rank_number = json_array_get_int_element (ranks, i);
      g_autofree char *key = g_strdup_printf ("%d", rank_number);
      g_autofree char *context = g_strdup_printf ("%s rank %d", gc->case_name, rank_number);
      const HpRank    *rank = hp_trace_find_rank (trace, rank_number);

      checker_set_context (&c, context);
      if (i < hp_trace_get_n_ranks (trace))
        check_int (&c, "rank at this position", hp_trace_get_rank (trace, i)->rank, rank_number);
      if (rank == NULL)
        {
          checker_fail (&c, "rank missing");
          continue;
        }
      check_rank (&c, fixture, trace, rank, json_object_get_object_member (per_rank, key), min_ts_us);
    }

  checker_finish (&c);
}

static void
test_golden_default (GoldenFixture *fixture,
                     gconstpointer  user_data)
{
  const GoldenCase *gc = user_data;
  HpTrace          *trace = fixture->trace;

  g_assert_cmpint (hp_trace_get_mode (trace), ==, HP_MODE_DEFAULT);
  assert_no_error_issues (trace);
  g_assert_cmpuint (hp_trace_get_n_ranks (trace), >, 0);

  if (fixture->meta != NULL)
    {
      JsonObject *meta = json_node_get_object (fixture->meta);
      JsonArray  *ranks = json_object_get_array_member (meta, "ranks");

      g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, json_array_get_length (ranks));
      for (guint i = 0; i < json_array_get_length (ranks); i++)
        g_assert_nonnull (hp_trace_find_rank (trace, json_array_get_int_element (ranks, i)));
    }

  for (guint i = 0; i < hp_trace_get_n_ranks (trace); i++)
    {
      const HpRank      *rank = hp_trace_get_rank (trace, i);
      g_autofree guint8 *seen = g_new0 (guint8, rank->n_events);
      guint              n_gpu_events = 0;
      guint              n_gpu_rows = 0;

      g_test_message ("%s rank %d: %u events, %u rows", gc->case_name, rank->rank,
                      rank->n_events, rank->n_rows);
      g_assert_cmpuint (rank->n_rows, >, 0);
      g_assert_cmpuint (rank->n_rows, <=, rank->n_events);
      g_assert_cmpuint (rank->n_events, <=, rank->n_json_events);

      for (guint e = 0; e < rank->n_events; e++)
        {
          n_gpu_events += is_gpu_activity (rank, e) && (rank->flags[e] & HP_EVENT_MEASURED);
          /* the default mode never keeps HTA's out-of-range stream */
          g_assert_cmpint (hp_rank_stream (rank, e), >=, -1);
          g_assert_cmpint (hp_rank_stream (rank, e), <, G_MAXINT32);
          if (rank->partner[e] >= 0)
            g_assert_cmpint (rank->partner[e], <, (gint32)rank->n_events);
        }

      for (guint r = 0; r < rank->n_rows; r++)
        {
          guint32 e = rank->rows[r];

          g_assert_cmpuint (e, <, rank->n_events);
          /* the default mode never duplicates a row */
          g_assert_cmpuint (seen[e], ==, 0);
          seen[e] = 1;
          g_assert_cmpuint (rank->flags[e] & HP_EVENT_MEASURED, !=, 0);
          g_assert_cmpuint (rank->flags[e] & HP_EVENT_POISONED, ==, 0);
          g_assert_cmpint (hp_rank_dur (rank, e), >=, 0);
          g_assert_cmpint (hp_rank_dur (rank, e), <=, SEVEN_DAYS_NS);
          g_assert_cmpint (rank->ts[e], >=, 0);
          n_gpu_rows += is_gpu_activity (rank, e);
        }

      if (n_gpu_events > 0)
        g_assert_cmpuint (n_gpu_rows, >, 0);
    }
}

/* ---------------------------------------------------------------------- */
/* rank detection and number parsing                                       */

static void
test_rank_from_file_name (void)
{
  static const struct
  {
    const char *name;
    int         rank;
  } cases[] = {
    { "rank-3.json", 3 },
    { "rank_3.json.gz", 3 },
    { "rank3.json", 3 },
    { "worker3.pt.trace.json", 3 },
    { "trainer_rank12.json", 12 },
    { "rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz", 0 },
    { "rank-34.Jul_15_10_52_41.1074.pt.trace.json.gz", 34 },
    { "sampled_rank-1.json.gz", 1 },
    { "inference_rank_1.json.gz", 1 },
    { "mtia_inference_rank_0.json.gz", 0 },
    { "rank-127.json", 127 },
    { "trace.json", -1 },
    { "rank_not_found.json.gz", -1 },
    { "rank_non_gpu.json.gz", -1 },
    { "distributed_info_not_found.json.gz", -1 },
    { "benchmark_result_2869224_1695835535_trace.json.gz", -1 },
    { "myhost_12345.1700000000000.pt.trace.json", -1 },
    { "", -1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].name);
      g_assert_cmpint (hp_rank_from_file_name (cases[i].name), ==, cases[i].rank);
    }
}

static void
test_parse_time_ns (void)
{
  static const struct
  {
    const char *text;
    gssize      len; /* -1: all of it */
    gboolean    ok;
    gint64      ns;
  } cases[] = {
    { "12", -1, TRUE, 12000 },
    { "0", -1, TRUE, 0 },
    { "12.5", -1, TRUE, 12500 },
    { "12.3456", -1, TRUE, 12346 },
    { "-12.3456", -1, TRUE, -12346 },
    { "-3.25", -1, TRUE, -3250 },
    { "-0.5", -1, TRUE, -500 },
    { "0.001", -1, TRUE, 1 },
    { "1e3", -1, TRUE, 1000000 },
    { "1.5E+2", -1, TRUE, 150000 },
    { "1.2345e-1", -1, TRUE, 123 },
    { "12.5e1", -1, TRUE, 125000 },
    { "1.0001e3", -1, TRUE, 1000100 },
    /* too many digits for int64 ns, brought back into range by the exponent */
    { "12345678901234567890e-10", -1, TRUE, G_GINT64_CONSTANT (1234567890123) },
    { "5e", -1, FALSE, 0 },
    { "1.5.2", -1, FALSE, 0 },
    { "4458676522690.655", -1, TRUE, G_GINT64_CONSTANT (4458676522690655) },
    { "1682725898079292", -1, TRUE, G_GINT64_CONSTANT (1682725898079292000) },
    /* beyond double precision: the decimal text must be read exactly */
    { "1712195495502095.123", -1, TRUE, G_GINT64_CONSTANT (1712195495502095123) },
    { "9223372036854775", -1, TRUE, G_GINT64_CONSTANT (9223372036854775000) },
    { "-9223372036854775", -1, TRUE, -G_GINT64_CONSTANT (9223372036854775000) },
    { "12.5xyz", 4, TRUE, 12500 },
    /* the shapes trace writers write, read without overflow checks, and
     * their edges */
    { "1.0005", -1, TRUE, 1001 },
    { "1.9995", -1, TRUE, 2000 },
    { "1.99949", -1, TRUE, 1999 },
    { "-0.0005", -1, TRUE, -1 },
    { "5.", -1, TRUE, 5000 },
    { "0.12345678", -1, TRUE, 123 },
    { "1234567890123456.9999", -1, TRUE, G_GINT64_CONSTANT (1234567890123457000) },
    { "9223372036854774.9995", -1, TRUE, G_GINT64_CONSTANT (9223372036854775000) },
    { "9223372036854775.807", -1, TRUE, G_MAXINT64 },
    { "9223372036854775.8075", -1, FALSE, 0 },
    { "00000000000000001.5", -1, TRUE, 1500 },
    { "1.2.3", -1, FALSE, 0 },
    { "1.5e3", -1, TRUE, 1500000 },
    { "-", -1, FALSE, 0 },
    { ".5", -1, TRUE, 500 },
    { "9223372036854776", -1, FALSE, 0 },
    { "9223372036854775807", -1, FALSE, 0 },
    { "123456789012345678901234567890", -1, FALSE, 0 },
    { "1e300", -1, FALSE, 0 },
    { "abc", -1, FALSE, 0 },
    { "", -1, FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gsize    len = cases[i].len < 0 ? strlen (cases[i].text) : (gsize)cases[i].len;
      gint64   ns = 0;
      gboolean ok;

      g_test_message ("'%s' (%" G_GSIZE_FORMAT " bytes)", cases[i].text, len);
      ok = hp_parse_time_ns (cases[i].text, len, &ns);
      g_assert_cmpint (ok, ==, cases[i].ok);
      if (ok)
        g_assert_cmpint (ns, ==, cases[i].ns);
    }
}

/* ---------------------------------------------------------------------- */
/* hand-made traces (tests/data/edge)                                      */

static void
test_edge_bare_array (void)
{
  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      g_autoptr (HpTrace) trace = load_edge_ok ("bare-array.json", mode);
      const HpRank *rank = only_rank (trace);
      int           launch = find_event_ok (trace, rank, "cudaLaunchKernel");
      int           kernel = find_event_ok (trace, rank, "add_kernel");

      g_assert_cmpint (rank->rank, ==, 0);
      g_assert_cmpuint (rank->n_rows, ==, 3);
      g_assert_cmpint (rank->ts[find_event_ok (trace, rank, "aten::add")], ==, 0);
      g_assert_cmpint (rank->ts[kernel], ==, 10000);
      g_assert_cmpint (hp_rank_dur (rank, kernel), ==, 3000);
      g_assert_cmpint (hp_rank_stream (rank, kernel), ==, 7);
      g_assert_cmpint (rank->partner[kernel], ==, launch);
      g_assert_cmpint (rank->partner[launch], ==, kernel);
    }
}

/* An event's ts and dur in ns relative to the first event: exact (the
 * default mode) and as HTA rounds them */
typedef struct
{
  const char *name;
  gint64      ts, dur, hta_ts, hta_dur;
} EventTimes;

/* Loads the single-rank edge trace @file in both modes and checks the first
 * event's time and each event of @cases; with @kept, that each is also
 * kept in a row */
static void
assert_event_times (const char       *file,
                    gint64            min_ts,
                    const EventTimes *cases,
                    guint             n_cases,
                    gboolean          kept)
{
  g_autoptr (HpTrace) exact = load_edge_ok (file, HP_MODE_DEFAULT);
  g_autoptr (HpTrace) hta = load_edge_ok (file, HP_MODE_HTA_COMPAT);
  const HpRank *re = only_rank (exact);
  const HpRank *rh = only_rank (hta);

  g_assert_cmpint (hp_trace_get_min_ts (exact), ==, min_ts);
  g_assert_cmpint (hp_trace_get_min_ts (hta), ==, min_ts);
  for (guint i = 0; i < n_cases; i++)
    {
      int e = find_event_ok (exact, re, cases[i].name);
      int h = find_event_ok (hta, rh, cases[i].name);

      g_test_message ("%s", cases[i].name);
      g_assert_cmpint (re->ts[e], ==, cases[i].ts);
      g_assert_cmpint (hp_rank_dur (re, e), ==, cases[i].dur);
      g_assert_cmpint (rh->ts[h], ==, cases[i].hta_ts);
      g_assert_cmpint (hp_rank_dur (rh, h), ==, cases[i].hta_dur);
      if (kept)
        {
          g_assert_true (row_has_event (re, e));
          /* HTA keeps the events it rounded to a negative duration */
          g_assert_true (row_has_event (rh, h));
        }
    }
}

static void
test_edge_ns_resolution (void)
{
  /* relative to the first event at 4458676522690 us */
  static const EventTimes cases[] = {
    { "first", 0, 1000000, 0, 1000000 },
    { "short", 100200, 500, 101000, -1000 },
    { "cudaLaunchKernel", 110655, 156777, 111000, 156000 },
    { "tiny_kernel", 310001, 998, 311000, -1000 },
    { "zero_after_rounding", 400500, 1000, 401000, 0 },
  };
  g_autoptr (HpTrace) exact = load_edge_ok ("ns-resolution.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) hta = load_edge_ok ("ns-resolution.json", HP_MODE_HTA_COMPAT);
  const HpRank *re = only_rank (exact);
  const HpRank *rh = only_rank (hta);

  assert_event_times ("ns-resolution.json", G_GINT64_CONSTANT (4458676522690000), cases, G_N_ELEMENTS (cases), TRUE);
  g_assert_true (re->fractional_ts);
  g_assert_true (rh->fractional_ts);
  g_assert_cmpuint (re->n_rows, ==, 5);
  g_assert_cmpuint (rh->n_rows, ==, 5);
  g_assert_cmpuint (re->n_negative_dur, ==, 0);
}

static void
test_edge_ns_epoch (void)
{
  /* Epoch-scale microseconds (1.7e15) have a double spacing of 0.25 us:
   * HTA rounds the doubles Python parsed, so "100.001" is read as 100.0 and
   * "200.126" as 200.25 before ceil/floor, while the default mode keeps the
   * exact decimal value */
  static const EventTimes cases[] = {
    { "first", 0, 10000, 0, 10000 },
    { "epoch_short", 100001, 5000, 100000, 5000 },
    { "epoch_frac", 200126, 750, 201000, 0 },
  };

  assert_event_times ("ns-epoch.json", G_GINT64_CONSTANT (1712195495502000000), cases, G_N_ELEMENTS (cases), FALSE);
}

static void
test_edge_fractional_dur (void)
{
  /* integer ts: HTA leaves fractional durations alone (docs/trace-format.md §6) ... */
  {
    g_autoptr (HpTrace) trace = load_edge_ok ("frac-dur.json", HP_MODE_HTA_COMPAT);
    const HpRank *rank = only_rank (trace);

    g_assert_false (rank->fractional_ts);
    g_assert_cmpint (hp_rank_dur (rank, find_event_ok (trace, rank, "op_a")), ==, 2500);
    g_assert_cmpint (hp_rank_dur (rank, find_event_ok (trace, rank, "op_b")), ==, 7250);
  }

  /* ... unless an event lacks ts, which makes HTA's ts column floating
   * point and triggers the rounding for every event */
  {
    g_autoptr (HpTrace) trace = load_edge_ok ("frac-dur-missing-ts.json", HP_MODE_HTA_COMPAT);
    const HpRank *rank = only_rank (trace);

    g_assert_cmpint (hp_rank_dur (rank, find_event_ok (trace, rank, "op_a")), ==, 2000);
    g_assert_cmpint (hp_rank_dur (rank, find_event_ok (trace, rank, "op_b")), ==, 7000);
    g_assert_cmpint (rank->ts[find_event_ok (trace, rank, "op_b")], ==, 10000);
  }

  /* the default mode is exact either way */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (HpTrace) trace = load_edge_ok (i == 0 ? "frac-dur.json" : "frac-dur-missing-ts.json",
                                                HP_MODE_DEFAULT);
      const HpRank *rank = only_rank (trace);

      g_assert_cmpint (hp_rank_dur (rank, find_event_ok (trace, rank, "op_a")), ==, 2500);
      g_assert_cmpint (hp_rank_dur (rank, find_event_ok (trace, rank, "op_b")), ==, 7250);
    }
}

static void
test_edge_no_trace_events (void)
{
  assert_edge_fails ("no-trace-events.json", HP_MODE_DEFAULT, HP_LOAD_ERROR_NOT_A_TRACE,
                     "no-trace-events.json");
  assert_edge_fails ("no-trace-events.json", HP_MODE_HTA_COMPAT, HP_LOAD_ERROR_NOT_A_TRACE,
                     "no-trace-events.json");
}

static void
test_edge_metadata_only (void)
{
  assert_edge_fails ("metadata-only.json", HP_MODE_DEFAULT, HP_LOAD_ERROR_EMPTY, "metadata-only.json");
  assert_edge_fails ("metadata-only.json", HP_MODE_HTA_COMPAT, HP_LOAD_ERROR_EMPTY, "metadata-only.json");
}

static void
test_edge_no_args (void)
{
  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      g_autoptr (HpTrace) trace = load_edge_ok ("no-args.json", mode);
      const HpRank *rank = only_rank (trace);

      g_assert_cmpuint (rank->n_events, ==, 3);
      g_assert_cmpuint (rank->n_rows, ==, 3);
      for (guint e = 0; e < rank->n_events; e++)
        {
          g_autoptr (JsonNode) args = hp_trace_get_event_args (trace, rank, e);

          g_assert_cmpint (hp_rank_stream (rank, e), ==, -1);
          g_assert_cmpint (hp_rank_correlation (rank, e), ==, -1);
          g_assert_cmpint (rank->partner[e], ==, -1);
          g_assert_nonnull (args);
          g_assert_true (JSON_NODE_HOLDS_OBJECT (args));
          g_assert_cmpuint (json_object_get_size (json_node_get_object (args)), ==, 0);
        }
    }
}

static void
test_edge_truncated_gzip (void)
{
  assert_edge_fails ("truncated.json.gz", HP_MODE_DEFAULT, HP_LOAD_ERROR_TRUNCATED, "truncated.json.gz");
  assert_edge_fails ("truncated.json.gz", HP_MODE_HTA_COMPAT, HP_LOAD_ERROR_TRUNCATED, "truncated.json.gz");
}

static void
test_edge_truncated_json (void)
{
  assert_edge_fails ("truncated.json", HP_MODE_DEFAULT, HP_LOAD_ERROR_TRUNCATED, "truncated.json");
}

static void
test_edge_not_json (void)
{
  g_autofree char *file = hp_test_data_path ("edge", "not-json", "rank-0.json", NULL);
  g_autofree char *folder = hp_test_data_path ("edge", "not-json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = load_one (file, HP_MODE_DEFAULT, &error);

  g_assert_null (trace);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON);
  g_assert_nonnull (strstr (error->message, "rank-0.json"));
  g_assert_nonnull (strstr (error->message, "byte"));
  g_clear_error (&error);

  /* a folder whose only file is bad has nothing to show */
  trace = load_one (folder, HP_MODE_DEFAULT, &error);
  g_assert_null (trace);
  g_assert_nonnull (error);
  g_assert_true (error->domain == HP_LOAD_ERROR);
  g_assert_nonnull (strstr (error->message, "rank-0.json"));
}

static void
test_edge_empty_file (void)
{
  assert_edge_fails ("empty.json", HP_MODE_DEFAULT, HP_LOAD_ERROR_EMPTY, "empty.json");
}

/* An event's pid and tid are its lane's. Each event's name says what the
 * file gave it ("p<pid> t<tid>"); string tids ("stream 7") differ between
 * the two ranks, so their ids are remapped onto the job's strings after
 * the lanes are built, and every event must still read its own. */
static void
test_pid_tid_from_lanes (HpTestDirFixture *fixture,
                         gconstpointer     data)
{
  static const char *const files[] = {
    "{\"distributedInfo\": {\"rank\": 0}, \"traceEvents\": ["
    "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"p1 t1\", \"pid\": 1, \"tid\": 1, \"ts\": 10, \"dur\": 5},"
    "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"p1 t2\", \"pid\": 1, \"tid\": 2, \"ts\": 11, \"dur\": 5},"
    "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"p1 t1\", \"pid\": 1, \"tid\": 1, \"ts\": 12, \"dur\": 1},"
    "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"p7 tstream 7\", \"pid\": 7, \"tid\": \"stream 7\", \"ts\": 13, \"dur\": 2},"
    "{\"ph\": \"i\", \"cat\": \"cpu_op\", \"name\": \"p-3 t9000000000\", \"pid\": -3, \"tid\": 9000000000, \"ts\": 14, \"s\": \"t\"},"
    "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"p1 t2\", \"pid\": 1, \"tid\": 2, \"ts\": 20, \"dur\": 5}]}",
    "{\"distributedInfo\": {\"rank\": 1}, \"traceEvents\": ["
    "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"p0 tstream 20\", \"pid\": 0, \"tid\": \"stream 20\", \"ts\": 30, \"dur\": 2},"
    "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"p0 tstream 7\", \"pid\": 0, \"tid\": \"stream 7\", \"ts\": 31, \"dur\": 2},"
    "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"p5 t5\", \"pid\": 5, \"tid\": 5, \"ts\": 32, \"dur\": 9}]}",
  };
  g_autoptr (GError) error = NULL;
  const char *dir = fixture->dir;
  g_autoptr (HpTrace) trace = NULL;
  guint n_checked = 0;

  for (guint k = 0; k < G_N_ELEMENTS (files); k++)
    {
      g_autofree char *name = g_strdup_printf ("rank-%u.json", k);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_true (g_file_set_contents (path, files[k], -1, &error));
    }
  trace = load_one (dir, HP_MODE_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 2);
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      for (guint e = 0; e < r->n_events; e++)
        {
          const char      *name = hp_trace_get_string (trace, r->name[e]);
          g_autofree char *tid = hp_trace_format_tid (trace, hp_rank_tid (r, e));
          g_autofree char *got = g_strdup_printf ("p%" G_GINT64_FORMAT " t%s", hp_rank_pid (r, e), tid);

          g_assert_cmpstr (got, ==, name);
          g_assert_cmpint (hp_rank_pid (r, e), ==, r->lanes[hp_rank_lane (r, e)].pid);
          n_checked++;
        }
    }
  g_assert_cmpuint (n_checked, ==, 9);
  for (guint k = 0; k < G_N_ELEMENTS (files); k++)
    {
      g_autofree char *name = g_strdup_printf ("rank-%u.json", k);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_unlink (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Thread labels (ph "M") repeated many times, as some writers do: each
 * thread's lane takes the last name and the last sort index given to it,
 * whatever came between; a label without a name keeps the name, and a
 * process's labels name no thread. */
static void
test_repeated_thread_labels (void)
{
  static const char json[] =
      "{\"traceEvents\": ["
      "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 2, \"args\": {\"name\": \"first\"}},"
      "{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 2, \"args\": {\"sort_index\": 5}},"
      "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"tid\": 2, \"args\": {\"name\": \"process\"}},"
      "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 2, \"args\": {\"name\": \"second\"}},"
      "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 3, \"args\": {\"name\": \"other\"}},"
      "{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 2, \"args\": {\"sort_index\": 9}},"
      "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 2, \"args\": {}},"
      "{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 3, \"args\": {\"sort_index\": 4}},"
      "{\"ph\": \"M\", \"name\": \"thread_sort_index\", \"pid\": 1, \"tid\": 3, \"args\": {}},"
      "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 3, \"args\": {\"name\": \"last\"}},"
      "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"a\", \"pid\": 1, \"tid\": 2, \"ts\": 10, \"dur\": 5},"
      "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"b\", \"pid\": 1, \"tid\": 3, \"ts\": 11, \"dur\": 5}]}";
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hp-test-labels-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr (HpTrace) trace = NULL;
  const HpRank *r;
  guint         n_checked = 0;

  g_assert_no_error (error);
  path = g_build_filename (dir, "rank-0.json", NULL);
  g_assert_true (g_file_set_contents (path, json, -1, &error));
  trace = load_one (path, HP_MODE_DEFAULT, &error);
  g_assert_no_error (error);
  r = hp_trace_get_rank (trace, 0);
  for (guint e = 0; e < r->n_events; e++)
    {
      const HpLane *lane = &r->lanes[hp_rank_lane (r, e)];
      const char   *event = hp_trace_get_string (trace, r->name[e]);

      g_assert_true (lane->name != HP_NO_STRING);
      if (g_str_equal (event, "a"))
        {
          g_assert_cmpstr (hp_trace_get_string (trace, lane->name), ==, "second");
          g_assert_cmpint (lane->sort_index, ==, 9);
          n_checked++;
        }
      else if (g_str_equal (event, "b"))
        {
          g_assert_cmpstr (hp_trace_get_string (trace, lane->name), ==, "last");
          g_assert_cmpint (lane->sort_index, ==, 4);
          n_checked++;
        }
    }
  g_assert_cmpuint (n_checked, ==, 2);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_edge_empty_folder (HpTestDirFixture *fixture,
                        gconstpointer     data)
{
  g_autoptr (GError) error = NULL;
  const char *dir = fixture->dir;
  g_autoptr (HpTrace) trace = NULL;

  trace = load_one (dir, HP_MODE_DEFAULT, &error);
  g_assert_null (trace);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_edge_not_found (void)
{
  g_autofree char *path = edge_path ("there-is-no-such-trace.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = load_one (path, HP_MODE_DEFAULT, &error);

  g_assert_null (trace);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "there-is-no-such-trace.json"));
}

static void
test_edge_huge_ints (void)
{
  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      g_autoptr (HpTrace) trace = load_edge_ok ("huge-ints.json", mode);
      const HpRank *rank = only_rank (trace);
      int           first = find_event_ok (trace, rank, "good_first");
      int           last = find_event_ok (trace, rank, "good_last");
      int           corr = find_event (trace, rank, "huge_correlation");
      int           pid = find_event (trace, rank, "huge_pid");

      /* ts, dur and pid beyond int64 are counted, never wrapped */
      g_assert_cmpuint (rank->n_bad_values, >=, 3);
      g_assert_cmpint (hp_trace_get_min_ts (trace), ==, 1000000);
      g_assert_cmpint (rank->ts[first], ==, 0);
      g_assert_cmpint (hp_rank_dur (rank, first), ==, 10000);
      g_assert_cmpint (rank->ts[last], ==, 50000);
      g_assert_cmpint (hp_rank_dur (rank, last), ==, 10000);
      g_assert_true (row_has_event (rank, first));
      g_assert_true (row_has_event (rank, last));
      if (corr >= 0)
        g_assert_cmpint (hp_rank_correlation (rank, corr), ==, HP_NONE);
      if (pid >= 0)
        g_assert_cmpint (hp_rank_pid (rank, pid), ==, HP_NONE);

      /* whatever made it into the rows has numbers from the file */
      for (guint r = 0; r < rank->n_rows; r++)
        {
          guint32 e = rank->rows[r];

          g_assert_cmpint (rank->ts[e], >=, 0);
          g_assert_cmpint (rank->ts[e], <=, 50000);
          g_assert_cmpint (hp_rank_dur (rank, e), >=, 0);
          g_assert_cmpint (hp_rank_dur (rank, e), <=, 10000);
          g_assert_cmpint (hp_rank_pid (rank, e), >=, HP_NONE);
          g_assert_cmpint (hp_rank_pid (rank, e), <=, 1);
        }
    }
}

static void
test_edge_invalid_utf8 (void)
{
  g_autoptr (HpTrace) trace = load_edge_ok ("invalid-utf8.json", HP_MODE_DEFAULT);
  const HpRank *rank = only_rank (trace);

  g_assert_cmpuint (rank->n_invalid_utf8, >=, 2);
  g_assert_cmpuint (rank->n_rows, ==, 3);

  for (guint i = 0; i < hp_trace_get_n_strings (trace); i++)
    {
      const char *s = hp_trace_get_string (trace, i);

      if (s != NULL)
        g_assert_true (g_utf8_validate (s, -1, NULL));
    }
  for (guint e = 0; e < rank->n_events; e++)
    {
      g_autoptr (JsonNode) args = hp_trace_get_event_args (trace, rank, e);
      g_autofree char *text = json_to_string (args, FALSE);

      g_assert_true (g_utf8_validate (event_name (trace, rank, e), -1, NULL));
      g_assert_true (g_utf8_validate (text, -1, NULL));
    }

  g_assert_cmpint (find_event (trace, rank, "good"), >=, 0);
  for (guint e = 0; e < rank->n_events; e++)
    {
      const char *name = event_name (trace, rank, e);

      if (g_str_has_prefix (name, "bad"))
        g_assert_true (g_str_has_suffix (name, "name"));
    }
}

static void
test_edge_wrong_types (void)
{
  g_autoptr (HpTrace) exact = load_edge_ok ("wrong-types.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) hta = load_edge_ok ("wrong-types.json", HP_MODE_HTA_COMPAT);
  const HpRank *re = only_rank (exact);
  const HpRank *rh = only_rank (hta);

  /* ts as a string, dur as an object */
  g_assert_cmpuint (re->n_bad_values, >=, 2);
  g_assert_cmpuint (rh->n_bad_values, >=, 2);

  g_assert_cmpint (re->ts[find_event_ok (exact, re, "good")], ==, 0);
  g_assert_cmpint (hp_rank_dur (re, find_event_ok (exact, re, "good")), ==, 5000);
  g_assert_true (row_has_event (re, find_event_ok (exact, re, "good")));

  /* args as an array: no args, no stream */
  g_assert_cmpint (hp_rank_stream (re, find_event_ok (exact, re, "args_array")), ==, -1);
  g_assert_cmpint (hp_rank_stream (rh, find_event_ok (hta, rh, "args_array")), ==, -1);

  /* non-numeric stream: -1 in both modes (docs/trace-format.md §5.1) */
  g_assert_cmpint (hp_rank_stream (re, find_event_ok (exact, re, "hipLaunchKernel")), ==, -1);
  g_assert_cmpint (hp_rank_stream (rh, find_event_ok (hta, rh, "hipLaunchKernel")), ==, -1);

  /* numeric strings are converted */
  g_assert_cmpint (hp_rank_stream (re, find_event_ok (exact, re, "numeric_string_stream")), ==, 7);
  g_assert_cmpint (hp_rank_stream (rh, find_event_ok (hta, rh, "numeric_string_stream")), ==, 7);

  /* 2^32 - 1: HTA keeps it as a stream, the default mode does not */
  g_assert_cmpint (hp_rank_stream (rh, find_event_ok (hta, rh, "Context Sync")), ==, G_GINT64_CONSTANT (4294967295));
  g_assert_cmpint (hp_rank_stream (re, find_event_ok (exact, re, "Context Sync")), ==, -1);
  g_assert_cmpuint (re->n_bad_stream, ==, 2);
  g_assert_cmpuint (rh->n_bad_stream, >=, 1);
}

static void
test_edge_bad_durations (void)
{
  g_autoptr (HpTrace) exact = load_edge_ok ("bad-durations.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) hta = load_edge_ok ("bad-durations.json", HP_MODE_HTA_COMPAT);
  const HpRank *re = only_rank (exact);
  const HpRank *rh = only_rank (hta);
  int           negative = find_event_ok (exact, re, "negative");
  int           week = find_event_ok (exact, re, "week_long");
  int           seven = find_event_ok (exact, re, "exactly_seven_days");

  /* HTA keeps them (docs/trace-format.md §15) */
  g_assert_cmpuint (rh->n_rows, ==, 4);
  g_assert_cmpint (hp_rank_dur (rh, find_event_ok (hta, rh, "negative")), ==, -5000);
  g_assert_cmpint (hp_rank_dur (rh, find_event_ok (hta, rh, "week_long")), ==, G_GINT64_CONSTANT (604800000001000));
  g_assert_true (row_has_event (rh, find_event_ok (hta, rh, "negative")));
  g_assert_true (row_has_event (rh, find_event_ok (hta, rh, "week_long")));

  /* the default mode poisons them: listed, never measured */
  g_assert_cmpuint (re->n_rows, ==, 2);
  g_assert_cmpuint (re->n_negative_dur, ==, 1);
  g_assert_cmpuint (re->n_huge_dur, ==, 1);
  g_assert_cmpuint (re->flags[negative] & HP_EVENT_POISONED, !=, 0);
  g_assert_cmpuint (re->flags[negative] & HP_EVENT_MEASURED, ==, 0);
  g_assert_cmpuint (re->flags[week] & HP_EVENT_POISONED, !=, 0);
  g_assert_cmpuint (re->flags[week] & HP_EVENT_MEASURED, ==, 0);
  g_assert_false (row_has_event (re, negative));
  g_assert_false (row_has_event (re, week));
  /* exactly seven days is still fine */
  g_assert_cmpuint (re->flags[seven] & HP_EVENT_POISONED, ==, 0);
  g_assert_true (row_has_event (re, seven));
  g_assert_cmpint (hp_rank_dur (re, seven), ==, SEVEN_DAYS_NS);
}

static void
test_edge_dup_ranks (void)
{
  g_autoptr (HpTrace) trace = load_edge_ok ("dup-ranks", HP_MODE_DEFAULT);
  g_autoptr (HpLoadIssue) issue = find_issue (trace, HP_LOAD_ERROR_DUPLICATE_RANK);
  const HpRank *rank = only_rank (trace);

  /* the first file by name wins */
  g_assert_cmpint (rank->rank, ==, 1);
  g_assert_cmpstr (rank->basename, ==, "trace-a.json");
  g_assert_nonnull (issue);
  assert_issue_file (issue, "trace-b.json");
  g_assert_cmpint (hp_load_issue_get_severity (issue), ==, HP_LOAD_ISSUE_ERROR);
  g_assert_nonnull (strstr (hp_load_issue_get_message (issue), "trace-a.json"));
  g_assert_nonnull (strstr (hp_load_issue_get_message (issue), "trace-b.json"));
}

static void
test_edge_one_bad_rank (void)
{
  g_autoptr (HpTrace) trace = load_edge_ok ("one-bad-rank", HP_MODE_DEFAULT);
  g_autoptr (HpLoadIssue) issue = NULL;
  GListModel *issues = hp_trace_get_issues (trace);

  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 2);
  g_assert_nonnull (hp_trace_find_rank (trace, 0));
  g_assert_nonnull (hp_trace_find_rank (trace, 1));
  g_assert_null (hp_trace_find_rank (trace, 2));
  g_assert_cmpuint (g_list_model_get_n_items (issues), ==, 1);

  issue = g_list_model_get_item (issues, 0);
  assert_issue_file (issue, "rank-2.json");
  g_assert_cmpint (hp_load_issue_get_severity (issue), ==, HP_LOAD_ISSUE_ERROR);
  g_assert_cmpint (hp_load_issue_get_code (issue), ==, HP_LOAD_ERROR_NOT_JSON);
  g_assert_nonnull (strstr (hp_load_issue_get_message (issue), "rank-2.json"));

  /* rank 1 starts 3 us after rank 0: aligned to the job, not to itself */
  g_assert_cmpint (hp_trace_find_rank (trace, 1)->ts[find_event_ok (trace, hp_trace_find_rank (trace, 1),
                                                                    "ProfilerStep#1")],
                   ==, 3000);
}

static void
test_edge_rank_in_name (void)
{
  g_autoptr (HpTrace) trace = load_edge_ok ("rank-in-name", HP_MODE_DEFAULT);

  g_assert_cmpint (only_rank (trace)->rank, ==, 5);
  g_assert_cmpuint (count_issues (trace, HP_LOAD_ISSUE_ERROR), ==, 0);
}

static void
test_edge_compact_rank (void)
{
  /* HTA's text scan misses "rank":3 (docs/trace-format.md §1.1); we parse the JSON */
  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      g_autoptr (HpTrace) trace = load_edge_ok ("compact-rank", mode);

      g_assert_cmpint (only_rank (trace)->rank, ==, 3);
    }
}

static void
test_edge_no_rank (void)
{
  g_autoptr (HpTrace) trace = load_edge_ok ("no-rank", HP_MODE_DEFAULT);
  GListModel *issues = hp_trace_get_issues (trace);
  gboolean    named_alpha = FALSE;
  gboolean    named_beta = FALSE;

  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 2);
  g_assert_cmpstr (hp_trace_find_rank (trace, 0)->basename, ==, "alpha.json");
  g_assert_cmpstr (hp_trace_find_rank (trace, 1)->basename, ==, "beta.json");

  g_assert_cmpuint (count_issues (trace, HP_LOAD_ISSUE_ERROR), ==, 0);
  g_assert_cmpuint (count_issues (trace, HP_LOAD_ISSUE_WARNING), >=, 1);
  for (guint i = 0; i < g_list_model_get_n_items (issues); i++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, i);
      const char *text = hp_load_issue_get_message (issue);
      const char *file = hp_load_issue_get_file (issue);

      if (hp_load_issue_get_severity (issue) != HP_LOAD_ISSUE_WARNING)
        continue;
      named_alpha |= g_strcmp0 (file, "alpha.json") == 0 || strstr (text, "alpha.json") != NULL;
      named_beta |= g_strcmp0 (file, "beta.json") == 0 || strstr (text, "beta.json") != NULL;
    }
  g_assert_true (named_alpha);
  g_assert_true (named_beta);
}

static void
test_edge_ignored_files (void)
{
  g_autoptr (HpTrace) trace = load_edge_ok ("ignored-files", HP_MODE_DEFAULT);
  gboolean notes = FALSE;
  gboolean summary = FALSE;

  g_assert_cmpint (only_rank (trace)->rank, ==, 0);
  g_assert_cmpuint (count_issues (trace, HP_LOAD_ISSUE_ERROR), ==, 0);
  g_assert_cmpuint (hp_trace_get_n_ignored_files (trace), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const char *name = hp_trace_get_ignored_file (trace, i);

      notes |= g_str_has_suffix (name, "notes.txt");
      summary |= g_str_has_suffix (name, "summary.csv");
    }
  g_assert_true (notes);
  g_assert_true (summary);
}

static void
test_edge_gzip_named_json (void)
{
  g_autoptr (HpTrace) trace = load_edge_ok ("gzip-named.json", HP_MODE_DEFAULT);
  const HpRank *rank = only_rank (trace);

  g_assert_cmpint (rank->rank, ==, 2);
  g_assert_true (rank->compressed);
  /* four steps: the last-step filter keeps three of them (docs/trace-format.md §11) */
  g_assert_cmpuint (rank->n_rows, ==, 12);
}

static void
test_edge_unreadable_permissions (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *good_source = hp_test_data_path ("edge", "one-bad-rank", "rank-0.json", NULL);
  g_autofree char *dir = NULL;
  g_autofree char *good = NULL;
  g_autofree char *locked = NULL;
  g_autoptr (HpTrace) single = NULL;
  g_autoptr (HpTrace) folder = NULL;
  g_autoptr (HpLoadIssue) issue = NULL;

  if (geteuid () == 0)
    {
      g_test_skip ("root reads files whatever their mode");
      return;
    }

  dir = g_dir_make_tmp ("hp-test-unreadable-XXXXXX", &error);
  g_assert_no_error (error);
  good = hp_test_copy_file (good_source, dir, "rank-0.json");
  locked = hp_test_copy_file (good_source, dir, "rank-1.json");
  g_assert_cmpint (g_chmod (locked, 0), ==, 0);

  single = load_one (locked, HP_MODE_DEFAULT, &error);
  g_assert_null (single);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "rank-1.json"));
  g_clear_error (&error);

  folder = load_one (dir, HP_MODE_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_trace_get_n_ranks (folder), ==, 1);
  issue = find_issue (folder, HP_LOAD_ERROR_UNREADABLE);
  g_assert_nonnull (issue);
  assert_issue_file (issue, "rank-1.json");
  g_assert_cmpint (hp_load_issue_get_severity (issue), ==, HP_LOAD_ISSUE_ERROR);

  hp_test_remove_tree (dir);
}

/* A UNIX socket: open() fails with ENXIO for every user, root included; the
 * loader does not even try. */
static void
make_socket (const char *path)
{
  struct sockaddr_un addr = { 0 };
  int                fd = socket (AF_UNIX, SOCK_STREAM, 0);

  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpuint (strlen (path), <, sizeof addr.sun_path);
  addr.sun_family = AF_UNIX;
  g_strlcpy (addr.sun_path, path, sizeof addr.sun_path);
  g_assert_cmpint (bind (fd, (struct sockaddr *)&addr, sizeof addr), ==, 0);
  g_assert_cmpint (close (fd), ==, 0);
}

static void
test_edge_unreadable_socket (HpTestDirFixture *fixture,
                             gconstpointer     data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *good_source = hp_test_data_path ("edge", "one-bad-rank", "rank-0.json", NULL);
  const char      *dir = fixture->dir;
  g_autofree char *good = NULL;
  g_autofree char *socket_path = NULL;
  g_autoptr (HpTrace) single = NULL;
  g_autoptr (HpTrace) folder = NULL;
  g_autoptr (HpLoadIssue) issue = NULL;

  good = hp_test_copy_file (good_source, dir, "rank-0.json");
  socket_path = g_build_filename (dir, "rank-1.json", NULL);
  make_socket (socket_path);

  single = load_one (socket_path, HP_MODE_DEFAULT, &error);
  g_assert_null (single);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "rank-1.json"));
  g_clear_error (&error);

  folder = load_one (dir, HP_MODE_DEFAULT, &error);
  g_assert_no_error (error);
  g_assert_nonnull (folder);
  g_assert_cmpuint (hp_trace_get_n_ranks (folder), ==, 1);
  g_assert_nonnull (hp_trace_find_rank (folder, 0));
  issue = find_issue (folder, HP_LOAD_ERROR_UNREADABLE);
  g_assert_nonnull (issue);
  assert_issue_file (issue, "rank-1.json");
  /* skipped without opening it, as every file that is not a regular file */
  g_assert_cmpint (hp_load_issue_get_severity (issue), ==, HP_LOAD_ISSUE_WARNING);
  g_assert_nonnull (strstr (hp_load_issue_get_message (issue), "rank-1.json"));
  g_assert_nonnull (strstr (hp_load_issue_get_message (issue), "socket"));
}

static void
test_file_list (void)
{
  g_autofree char *rank0 = hp_test_data_path ("hta_trace_filter_2ranks", "sampled_rank-0.json.gz", NULL);
  g_autofree char *rank1 = hp_test_data_path ("hta_trace_filter_2ranks", "sampled_rank-1.json.gz", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  HpLoadOptions options = { 0 };
  HpLoadStats   stats = { 0 };
  const char   *paths[] = { rank1, rank0, NULL };
  const HpRank *r0;
  const HpRank *r1;

  options.mode = HP_MODE_HTA_COMPAT;
  trace = hp_load_paths (paths, &options, NULL, &stats, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 2);

  r0 = hp_trace_find_rank (trace, 0);
  r1 = hp_trace_find_rank (trace, 1);
  g_assert_nonnull (r0);
  g_assert_nonnull (r1);
  g_assert_cmpstr (r0->basename, ==, "sampled_rank-0.json.gz");
  g_assert_cmpstr (r1->basename, ==, "sampled_rank-1.json.gz");
  g_assert_true (r0->compressed);

  /* sizes from tests/data: MANIFEST of the HTA copies */
  g_assert_cmpuint (r0->file_bytes, ==, 124247);
  g_assert_cmpuint (r1->file_bytes, ==, 119799);
  g_assert_cmpuint (r0->json_bytes, ==, 1759570);
  g_assert_cmpuint (r1->json_bytes, ==, 1690403);
  g_assert_cmpuint (r0->n_json_events, ==, 4855);
  g_assert_cmpuint (r1->n_json_events, ==, 4720);
  g_assert_cmpuint (stats.file_bytes, ==, 124247 + 119799);
  g_assert_cmpuint (stats.json_bytes, ==, 1759570 + 1690403);
  g_assert_cmpfloat (stats.parse_seconds, >=, 0.0);

  g_assert_cmpuint (r0->n_rows, ==, 2403);
  g_assert_cmpuint (r1->n_rows, ==, 2339);
}

/* ---------------------------------------------------------------------- */
/* cancellation, progress, async                                           */

static void
test_cancelled (void)
{
  g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  HpLoadOptions options = { 0 };
  const char   *paths[] = { path, NULL };

  g_cancellable_cancel (cancellable);
  trace = hp_load_paths (paths, &options, cancellable, NULL, &error);
  g_assert_null (trace);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

typedef struct
{
  GMutex   lock;
  guint    n_calls;
  guint64  max_done;
  guint64  total;
  guint    max_files_done;
  guint    n_files;
  gboolean went_back;
} Progress;

static void
on_progress (guint64  bytes_done,
             guint64  bytes_total,
             guint    files_done,
             guint    n_files,
             gpointer user_data)
{
  Progress *p = user_data;

  g_mutex_lock (&p->lock);
  p->n_calls++;
  if (bytes_done < p->max_done)
    p->went_back = TRUE;
  p->max_done = MAX (p->max_done, bytes_done);
  p->total = bytes_total;
  p->max_files_done = MAX (p->max_files_done, files_done);
  p->n_files = n_files;
  g_mutex_unlock (&p->lock);
}

static void
test_progress (void)
{
  g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  HpLoadOptions options = { 0 };
  Progress      progress = { 0 };

  g_mutex_init (&progress.lock);
  options.progress = on_progress;
  options.progress_data = &progress;

  trace = hp_load_path (path, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);

  g_assert_cmpuint (progress.n_calls, >, 0);
  g_assert_false (progress.went_back);
  g_assert_cmpuint (progress.total, ==, 124247 + 119799);
  g_assert_cmpuint (progress.max_done, ==, progress.total);
  g_assert_cmpuint (progress.n_files, ==, 2);
  g_assert_cmpuint (progress.max_files_done, ==, 2);
  g_mutex_clear (&progress.lock);
}

typedef struct
{
  GCancellable *cancellable;
  guint         cancel_at;
  guint         n_calls;
} CancelAt;

static void
on_progress_cancel (guint64  bytes_done,
                    guint64  bytes_total,
                    guint    files_done,
                    guint    n_files,
                    gpointer user_data)
{
  CancelAt *c = user_data;

  /* one loader thread: the calls come in order */
  if (++c->n_calls == c->cancel_at)
    g_cancellable_cancel (c->cancellable);
}

/* Cancelling at every point the loader reports progress (mid-parse, after
 * the last bytes of a file but before its derive steps, after a whole file)
 * always ends in G_IO_ERROR_CANCELLED with everything freed (ASan checks
 * the freeing). */
static void
test_cancelled_midway (void)
{
  g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  const char      *paths[] = { path, NULL };
  HpLoadOptions    options = { 0 };
  CancelAt         counting = { NULL, 0, 0 };
  guint            n_calls;

  options.n_threads = 1;
  options.progress = on_progress_cancel;
  options.progress_data = &counting;
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HpTrace) trace = hp_load_paths (paths, &options, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_nonnull (trace);
  }
  n_calls = counting.n_calls;
  /* both files report several chunks and a files-done step each */
  g_assert_cmpuint (n_calls, >=, 4);

  for (guint k = 1; k <= n_calls; k++)
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      g_autoptr (GError) error = NULL;
      g_autoptr (HpTrace) trace = NULL;
      CancelAt cancel = { cancellable, k, 0 };

      options.progress_data = &cancel;
      trace = hp_load_paths (paths, &options, cancellable, NULL, &error);
      g_assert_null (trace);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      /* the load stopped where it was cancelled or soon after */
      g_assert_cmpuint (cancel.n_calls, <=, n_calls);
    }
}

typedef struct
{
  GAsyncResult *result;
} AsyncData;

static void
on_loaded (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  AsyncData *data = user_data;

  data->result = g_object_ref (result);
}

static HpTrace *
load_async (const char   *path,
            GCancellable *cancellable,
            GError      **error)
{
  HpLoadOptions options = { 0 };
  AsyncData     data = { NULL };
  const char   *paths[] = { path, NULL };
  HpTrace      *trace;

  hp_load_paths_async (paths, &options, cancellable, on_loaded, &data);
  while (data.result == NULL)
    g_main_context_iteration (NULL, TRUE);

  trace = hp_load_paths_finish (data.result, error);
  g_object_unref (data.result);
  return trace;
}

static void
test_async (void)
{
  g_autofree char *path = edge_path ("bare-array.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = load_async (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  g_assert_cmpuint (only_rank (trace)->n_rows, ==, 3);
}

static void
test_async_cancelled (void)
{
  g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;

  g_cancellable_cancel (cancellable);
  trace = load_async (path, cancellable, &error);
  g_assert_null (trace);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* ---------------------------------------------------------------------- */
/* the args store                                                          */

static JsonNode *
read_gzip_json (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GInputStream) raw = G_INPUT_STREAM (g_file_read (file, NULL, &error));
  g_autoptr (GZlibDecompressor) gunzip = NULL;
  g_autoptr (GInputStream) stream = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();

  g_assert_no_error (error);
  gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  stream = g_converter_input_stream_new (raw, G_CONVERTER (gunzip));
  json_parser_load_from_stream (parser, stream, NULL, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* JSON equality where 4 and 4.0 are the same number */
static gboolean
json_same (JsonNode *a,
           JsonNode *b)
{
  if (JSON_NODE_TYPE (a) != JSON_NODE_TYPE (b))
    return FALSE;

  switch (JSON_NODE_TYPE (a))
    {
    case JSON_NODE_NULL:
      return TRUE;

    case JSON_NODE_VALUE:
      {
        GType ta = json_node_get_value_type (a);
        GType tb = json_node_get_value_type (b);

        if ((ta == G_TYPE_INT64 || ta == G_TYPE_DOUBLE) && (tb == G_TYPE_INT64 || tb == G_TYPE_DOUBLE))
          {
            if (ta == G_TYPE_INT64 && tb == G_TYPE_INT64)
              return json_node_get_int (a) == json_node_get_int (b);
            return json_node_get_double (a) == json_node_get_double (b);
          }
        return json_node_equal (a, b);
      }

    case JSON_NODE_ARRAY:
      {
        JsonArray *x = json_node_get_array (a);
        JsonArray *y = json_node_get_array (b);

        if (json_array_get_length (x) != json_array_get_length (y))
          return FALSE;
        for (guint i = 0; i < json_array_get_length (x); i++)
          if (!json_same (json_array_get_element (x, i), json_array_get_element (y, i)))
            return FALSE;
        return TRUE;
      }

    case JSON_NODE_OBJECT:
      {
        JsonObject *x = json_node_get_object (a);
        JsonObject *y = json_node_get_object (b);
        g_autoptr (GList) members = json_object_get_members (x);

        if (json_object_get_size (x) != json_object_get_size (y))
          return FALSE;
        for (GList *l = members; l != NULL; l = l->next)
          if (!json_object_has_member (y, l->data) ||
              !json_same (json_object_get_member (x, l->data), json_object_get_member (y, l->data)))
            return FALSE;
        return TRUE;
      }

    default:
      return FALSE;
    }
}

/* Args offsets past 4 GiB: each event keeps the low 32 bits and the rank
 * lists the events at which the offsets pass another 4 GiB. A store that
 * large cannot be made in a test, so the columns are made by hand. */
static void
test_args_offset_high (void)
{
  guint32 at[] = { 5, HP_ARGS_NONE, 7, 3, HP_ARGS_NONE, 9, 0 };
  guint32 high[] = { 2, 3, 3, 6 }; /* event 3 jumps two steps, from 1 to 3 */
  HpRank  r = { 0 };

  r.n_events = G_N_ELEMENTS (at);
  r.args_at = at;
  g_assert_cmpuint (_hp_rank_args_offset (&r, 0), ==, 5);
  g_assert_cmpuint (_hp_rank_args_offset (&r, 1), ==, G_MAXUINT64);
  g_assert_cmpuint (_hp_rank_args_offset (&r, 6), ==, 0);

  r.args_at_high = high;
  r.n_args_at_high = G_N_ELEMENTS (high);
  g_assert_cmpuint (_hp_rank_args_offset (&r, 0), ==, 5);
  g_assert_cmpuint (_hp_rank_args_offset (&r, 1), ==, G_MAXUINT64);
  g_assert_cmpuint (_hp_rank_args_offset (&r, 2), ==, (G_GUINT64_CONSTANT (1) << 32) | 7);
  g_assert_cmpuint (_hp_rank_args_offset (&r, 3), ==, (G_GUINT64_CONSTANT (3) << 32) | 3);
  g_assert_cmpuint (_hp_rank_args_offset (&r, 4), ==, G_MAXUINT64);
  g_assert_cmpuint (_hp_rank_args_offset (&r, 5), ==, (G_GUINT64_CONSTANT (3) << 32) | 9);
  g_assert_cmpuint (_hp_rank_args_offset (&r, 6), ==, G_GUINT64_CONSTANT (4) << 32);
}

static void
test_args_store (void)
{
  g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", "sampled_rank-0.json.gz", NULL);
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_autoptr (JsonNode) root = read_gzip_json (path);
  JsonArray    *events = json_object_get_array_member (json_node_get_object (root), "traceEvents");
  const HpRank *rank = hp_trace_find_rank (trace, 0);
  guint32       stream_key, blocks_key;
  guint         n_kernels = 0, n_fractions = 0;

  g_assert_nonnull (rank);
  stream_key = hp_rank_lookup_arg_key (rank, "stream");
  blocks_key = hp_rank_lookup_arg_key (rank, "blocks per SM");

  for (guint e = 0; e < rank->n_events; e++)
    {
      g_autoptr (JsonNode) ours = hp_trace_get_event_args (trace, rank, e);
      JsonObject *raw_event;
      JsonNode   *raw_args;

      g_assert_cmpuint (rank->index[e], <, json_array_get_length (events));
      raw_event = json_array_get_object_element (events, rank->index[e]);
      raw_args = json_object_get_member (raw_event, "args");

      g_assert_cmpstr (event_name (trace, rank, e), ==, json_object_get_string_member (raw_event, "name"));
      g_assert_nonnull (ours);
      g_assert_true (JSON_NODE_HOLDS_OBJECT (ours));
      if (raw_args == NULL)
        {
          g_assert_cmpuint (json_object_get_size (json_node_get_object (ours)), ==, 0);
          continue;
        }
      if (!json_same (ours, raw_args))
        {
          g_autofree char *a = json_to_string (ours, FALSE);
          g_autofree char *b = json_to_string (raw_args, FALSE);
          g_autofree char *msg = g_strdup_printf ("args of event %u (index %u) differ: ours %s, file %s",
                                                  e, rank->index[e], a, b);

          g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg);
        }

      if (rank->kind[e] == HP_EVENT_KIND_KERNEL)
        {
          JsonObject *args = json_node_get_object (raw_args);

          n_kernels++;
          g_assert_cmpint (hp_rank_get_arg_int (rank, e, stream_key, -1), ==,
                           json_object_get_int_member (args, "stream"));
          g_assert_cmpint (hp_rank_stream (rank, e), ==, json_object_get_int_member (args, "stream"));
          g_assert_cmpint (hp_rank_correlation (rank, e), ==, json_object_get_int_member (args, "correlation"));

          /* fractions as text: the trace's digits (0.14814815), not 17 */
          if (json_object_has_member (args, "blocks per SM"))
            {
              HpArgValue       value;
              g_autofree char *text = NULL;

              g_assert_true (hp_rank_get_arg (rank, e, blocks_key, &value));
              text = hp_arg_value_to_string (&value);
              g_assert_cmpuint (strlen (text), <=, 12);
              g_assert_cmpfloat (g_ascii_strtod (text, NULL), ==,
                                 json_object_get_double_member (args, "blocks per SM"));
              n_fractions++;
            }
        }
    }

  g_assert_cmpuint (n_kernels, ==, 1154);
  g_assert_cmpuint (n_fractions, >, 0);
}

/* Every event's args as the file has them; returns how many string or
 * JSON values were read from an earlier event's bytes (the store keeps a
 * value it wrote lately once, and points back to it). */
static guint
assert_args_as_in_file (HpTrace      *trace,
                        const HpRank *rank)
{
  g_autoptr (JsonNode) root = NULL;
  JsonArray *events;
  guint      n_back = 0;

  if (g_str_has_suffix (rank->path, ".gz"))
    root = read_gzip_json (rank->path);
  else
    {
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;

      json_parser_load_from_file (parser, rank->path, &error);
      g_assert_no_error (error);
      root = json_node_copy (json_parser_get_root (parser));
    }
  events = JSON_NODE_HOLDS_ARRAY (root) ? json_node_get_array (root)
                                        : json_object_get_array_member (json_node_get_object (root), "traceEvents");

  for (guint e = 0; e < rank->n_events; e++)
    {
      g_autoptr (JsonNode) ours = hp_trace_get_event_args (trace, rank, e);
      JsonNode  *raw_args = json_object_get_member (json_array_get_object_element (events, rank->index[e]), "args");
      HpArgIter  it;
      HpArgValue v;

      if (raw_args == NULL)
        {
          g_assert_cmpuint (json_object_get_size (json_node_get_object (ours)), ==, 0);
          continue;
        }
      if (!json_same (ours, raw_args))
        {
          g_autofree char *a = json_to_string (ours, FALSE);
          g_autofree char *b = json_to_string (raw_args, FALSE);
          g_autofree char *msg = g_strdup_printf ("%s: args of event %u (index %u) differ: ours %s, file %s",
                                                  rank->basename, e, rank->index[e], a, b);

          g_assertion_message (G_LOG_DOMAIN, __FILE__, __LINE__, G_STRFUNC, msg);
        }
      if (!hp_rank_args_iter_init (rank, e, &it))
        continue;
      while (hp_rank_args_iter_next (&it, &v))
        if (v.s != NULL && (const guint8 *)v.s < rank->args + _hp_rank_args_offset (rank, e))
          n_back++;
    }
  return n_back;
}

/* Repeated string and JSON values are kept once and read back as the file
 * has them, on traces of both vendors and several writers. */
static void
test_args_repeated_traces (void)
{
  static const char *const cases[] = { "hta_trace_filter_2ranks", "hta_amd_trace", "hta_call_stack",
                                       "hta_cupti_profiler", "hta_nccl_parser_config", "hta_triton_example" };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (HpTrace) trace = hp_test_load (cases[c], HP_MODE_DEFAULT);
      guint n_back = 0;

      for (guint r = 0; r < hp_trace_get_n_ranks (trace); r++)
        n_back += assert_args_as_in_file (trace, hp_trace_get_rank (trace, r));
      g_test_message ("%s: %u values read from earlier events", cases[c], n_back);
      /* "Input type", "Input Dims", kernels' "grid" and "block" repeat */
      if (c == 0 || c == 4)
        g_assert_cmpuint (n_back, >, 1000);
    }
}

/* The cases a value written once and read again must get right: a value
 * of a dropped event (its bytes given back, then written over), values of
 * every length (one byte, a 200-byte length), a reference more than 127
 * bytes back, an invalid UTF-8 string repeated, repeats inside one event,
 * and the same bytes as a string and as JSON text. */
static void
test_args_repeated_edges (void)
{
  g_autoptr (GString) json = g_string_new ("{\"traceEvents\": [\n");
  g_autofree char *long_value = g_strnfill (200, 'x');
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  const HpRank *rank;
  guint         n_back;
  int           fd;

  for (int i = 0; i < 40; i++)
    {
      /* metadata with args (dropped, so its bytes are given back), then
       * events whose values it held */
      g_string_append_printf (json,
                              "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": %d, "
                              "\"args\": {\"name\": \"worker %d\", \"other\": [\"dropped %d\"]}},\n",
                              i, i % 3, i % 5);
      g_string_append_printf (json,
                              "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"op\", \"pid\": 1, \"tid\": %d, "
                              "\"ts\": %d, \"dur\": 1, \"args\": {\"a\": \"worker %d\", \"b\": [\"dropped %d\"], "
                              "\"c\": \"%s\", \"d\": \"x\", \"e\": \"\", \"f\": \"bad \\u00e9 %c\", "
                              "\"g\": \"[1,2]\", \"h\": [1,2], \"i\": \"worker %d\", \"j\": %d, "
                              "\"k\": 123456789012345678901234567890, \"l\": \"%s%d\"}},\n",
                              i % 2, 10 * i, i % 3, i % 5, long_value, 'a' + i % 2, i % 3, i,
                              long_value, i % 4);
    }
  g_string_append (json, "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"last\", \"pid\": 1, \"tid\": 0, "
                         "\"ts\": 1000, \"dur\": 1}\n]}\n");
  /* a byte that is not UTF-8 in one value, repeated */
  for (char *at = strstr (json->str, "\\u00e9"); at != NULL; at = strstr (at, "\\u00e9"))
    memcpy (at, "\xff\xfe\xfd\xfc\xfb\xfa", 6);

  fd = g_file_open_tmp ("hp-args-XXXXXX.json", &path, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, json->str, (gssize)json->len, &error));
  g_assert_no_error (error);
  close (fd);

  trace = load_one (path, HP_MODE_DEFAULT, &error);
  g_assert_no_error (error);
  rank = only_rank (trace);
  g_assert_cmpuint (rank->n_events, ==, 41);
  g_assert_cmpuint (rank->n_invalid_utf8, ==, 40);

  for (guint e = 0; e + 1 < rank->n_events; e++)
    {
      g_autoptr (JsonNode) args = hp_trace_get_event_args (trace, rank, e);
      JsonObject      *o = json_node_get_object (args);
      g_autofree char *worker = g_strdup_printf ("worker %u", e % 3);
      g_autofree char *dropped = g_strdup_printf ("[\"dropped %u\"]", e % 5);
      g_autofree char *b = json_to_string (json_object_get_member (o, "b"), FALSE);
      g_autofree char *h = json_to_string (json_object_get_member (o, "h"), FALSE);
      g_autofree char *l = g_strdup_printf ("%s%u", long_value, e % 4);
      const char      *f = json_object_get_string_member (o, "f");

      g_assert_cmpuint (json_object_get_size (o), ==, 12);
      g_assert_cmpstr (json_object_get_string_member (o, "a"), ==, worker);
      g_assert_cmpstr (b, ==, dropped);
      g_assert_cmpstr (json_object_get_string_member (o, "c"), ==, long_value);
      g_assert_cmpstr (json_object_get_string_member (o, "d"), ==, "x");
      g_assert_cmpstr (json_object_get_string_member (o, "e"), ==, "");
      g_assert_true (g_utf8_validate (f, -1, NULL));
      g_assert_true (g_str_has_prefix (f, "bad "));
      g_assert_cmpint (f[strlen (f) - 1], ==, 'a' + (int)e % 2);
      g_assert_cmpstr (json_object_get_string_member (o, "g"), ==, "[1,2]");
      g_assert_cmpstr (h, ==, "[1,2]");
      g_assert_cmpstr (json_object_get_string_member (o, "i"), ==, worker);
      g_assert_cmpint (json_object_get_int_member (o, "j"), ==, e);
      g_assert_cmpstr (json_object_get_string_member (o, "l"), ==, l);
    }
  /* the number too big for any C type keeps its text */
  {
    HpArgValue v;

    g_assert_true (hp_rank_get_arg (rank, 7, hp_rank_lookup_arg_key (rank, "k"), &v));
    g_assert_cmpint (v.type, ==, HP_ARG_NUMBER);
    g_assert_cmpmem (v.s, v.s_len, "123456789012345678901234567890", 30);
  }
  /* past the first events, "a", "c", "f", "g", "h", "i" and "l" are read
   * back from earlier events' bytes ("b" is written again: the dropped
   * metadata event before it held the same value last), and the store
   * holds far less than 40 copies of them */
  n_back = 0;
  for (guint e = 0; e < rank->n_events; e++)
    {
      HpArgIter  it;
      HpArgValue v;

      if (!hp_rank_args_iter_init (rank, e, &it))
        continue;
      while (hp_rank_args_iter_next (&it, &v))
        if (v.s != NULL && (const guint8 *)v.s < rank->args + _hp_rank_args_offset (rank, e))
          n_back++;
    }
  g_assert_cmpuint (n_back, >=, 30 * 7);
  g_assert_cmpuint (rank->args_len, <, 40 * 200);
  g_unlink (path);
}

/* ---------------------------------------------------------------------- */
/* the helpers themselves                                                  */

static void
test_utils_csv (void)
{
  static const char text[] =
      "a,b,c\r\n"
      "1,\"x, y\",\"say \"\"hi\"\"\"\r\n"
      "\n"
      "2,\"two\nlines\",\n"
      "\"\",,3";
  g_autoptr (GPtrArray) rows = hp_test_parse_csv (text, -1);
  char **row;

  g_assert_cmpuint (rows->len, ==, 4);
  row = g_ptr_array_index (rows, 1);
  g_assert_cmpuint (g_strv_length (row), ==, 3);
  g_assert_cmpstr (row[1], ==, "x, y");
  g_assert_cmpstr (row[2], ==, "say \"hi\"");
  row = g_ptr_array_index (rows, 2);
  g_assert_cmpuint (g_strv_length (row), ==, 3);
  g_assert_cmpstr (row[1], ==, "two\nlines");
  g_assert_cmpstr (row[2], ==, "");
  row = g_ptr_array_index (rows, 3);
  g_assert_cmpuint (g_strv_length (row), ==, 3);
  g_assert_cmpstr (row[0], ==, "");
  g_assert_cmpstr (row[2], ==, "3");
  g_assert_cmpint (hp_test_csv_column (rows, "c"), ==, 2);
  g_assert_cmpint (hp_test_csv_column (rows, "d"), ==, -1);

  g_assert_true (hp_test_values_match ("1.0000001", "1.0"));
  g_assert_true (hp_test_values_match ("1e9", "1000000000.5"));
  g_assert_false (hp_test_values_match ("1.01", "1.0"));
  g_assert_true (hp_test_values_match ("", "NaN"));
  g_assert_true (hp_test_values_match ("nan", ""));
  g_assert_false (hp_test_values_match ("0", ""));
  g_assert_true (hp_test_values_match (" COMPUTATION ", "COMPUTATION"));
  g_assert_false (hp_test_values_match ("0x10", "16"));
}

static void
test_utils_compare (void)
{
  g_autoptr (GPtrArray) golden = hp_test_parse_csv ("name,value\nk1,1.5\nk2,\n", -1);
  g_autoptr (GPtrArray) same = hp_test_parse_csv ("extra,value,name\nz,1.5000000001,k1\nz,nan,k2\n", -1);
  g_autoptr (GPtrArray) other = hp_test_parse_csv ("name,value\nk1,1.5\nk2,3\n", -1);
  g_autoptr (GPtrArray) short_rows = hp_test_parse_csv ("name,value\nk1,1.5\n", -1);
  g_autoptr (GPtrArray) no_value = hp_test_parse_csv ("name\nk1\nk2\n", -1);
  g_autoptr (GPtrArray) unsorted = hp_test_parse_csv ("ts,queue_length\n2,1\n1,0\n", -1);
  g_autoptr (GPtrArray) sorted = hp_test_parse_csv ("ts,queue_length\n1,0\n2,1\n", -1);
  g_autofree char *m1 = hp_test_compare_csv ("t", same, golden);
  g_autofree char *m2 = hp_test_compare_csv ("t", other, golden);
  g_autofree char *m3 = hp_test_compare_csv ("t", short_rows, golden);
  g_autofree char *m4 = hp_test_compare_csv ("t", no_value, golden);
  g_autofree char *m5 = hp_test_compare_csv ("queue_length_time_series", unsorted, sorted);
  g_autofree char *m6 = hp_test_compare_csv ("t", unsorted, sorted);

  g_assert_null (m1);
  g_assert_nonnull (m2);
  g_assert_nonnull (strstr (m2, "row 2"));
  g_assert_nonnull (strstr (m2, "'value'"));
  g_assert_nonnull (strstr (m2, "'3'"));
  g_assert_nonnull (m3);
  g_assert_nonnull (strstr (m3, "1 rows"));
  g_assert_nonnull (m4);
  g_assert_nonnull (strstr (m4, "missing columns"));
  g_assert_null (m5);
  g_assert_nonnull (m6);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GPtrArray) cases = g_ptr_array_new_with_free_func (g_free);
  const char *const *golden_cases;
  guint              n_golden_cases;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/loader/rank-from-file-name", test_rank_from_file_name);
  hp_test_add_dir ("/core/loader/no-distributed-info", NULL, test_no_distributed_info);
  g_test_add_func ("/core/loader/parse-time-ns", test_parse_time_ns);

  g_test_add_func ("/core/loader/edge/bare-array", test_edge_bare_array);
  g_test_add_func ("/core/loader/edge/ns-resolution", test_edge_ns_resolution);
  g_test_add_func ("/core/loader/edge/ns-epoch", test_edge_ns_epoch);
  g_test_add_func ("/core/loader/edge/fractional-dur", test_edge_fractional_dur);
  g_test_add_func ("/core/loader/edge/no-trace-events", test_edge_no_trace_events);
  g_test_add_func ("/core/loader/edge/metadata-only", test_edge_metadata_only);
  g_test_add_func ("/core/loader/edge/no-args", test_edge_no_args);
  g_test_add_func ("/core/loader/args-repeated/traces", test_args_repeated_traces);
  g_test_add_func ("/core/loader/args-repeated/edges", test_args_repeated_edges);
  g_test_add_func ("/core/loader/edge/truncated-gzip", test_edge_truncated_gzip);
  g_test_add_func ("/core/loader/edge/truncated-json", test_edge_truncated_json);
  g_test_add_func ("/core/loader/edge/not-json", test_edge_not_json);
  g_test_add_func ("/core/loader/edge/empty-file", test_edge_empty_file);
  hp_test_add_dir ("/core/loader/edge/empty-folder", NULL, test_edge_empty_folder);
  g_test_add_func ("/core/loader/edge/not-found", test_edge_not_found);
  g_test_add_func ("/core/loader/edge/huge-ints", test_edge_huge_ints);
  g_test_add_func ("/core/loader/edge/invalid-utf8", test_edge_invalid_utf8);
  g_test_add_func ("/core/loader/edge/wrong-types", test_edge_wrong_types);
  g_test_add_func ("/core/loader/edge/bad-durations", test_edge_bad_durations);
  g_test_add_func ("/core/loader/edge/dup-ranks", test_edge_dup_ranks);
  g_test_add_func ("/core/loader/edge/one-bad-rank", test_edge_one_bad_rank);
  g_test_add_func ("/core/loader/edge/rank-in-name", test_edge_rank_in_name);
  g_test_add_func ("/core/loader/edge/compact-rank", test_edge_compact_rank);
  g_test_add_func ("/core/loader/edge/no-rank", test_edge_no_rank);
  g_test_add_func ("/core/loader/edge/ignored-files", test_edge_ignored_files);
  g_test_add_func ("/core/loader/edge/gzip-named-json", test_edge_gzip_named_json);
  g_test_add_func ("/core/loader/edge/unreadable-permissions", test_edge_unreadable_permissions);
  hp_test_add_dir ("/core/loader/edge/unreadable-socket", NULL, test_edge_unreadable_socket);

  g_test_add_func ("/core/loader/file-list", test_file_list);
  g_test_add_func ("/core/loader/cancelled", test_cancelled);
  g_test_add_func ("/core/loader/cancelled-midway", test_cancelled_midway);
  g_test_add_func ("/core/loader/progress", test_progress);
  g_test_add_func ("/core/loader/async", test_async);
  g_test_add_func ("/core/loader/async-cancelled", test_async_cancelled);
  g_test_add_func ("/core/loader/args-store", test_args_store);
  g_test_add_func ("/core/loader/args-offset-high", test_args_offset_high);
  hp_test_add_dir ("/core/loader/pid-tid-from-lanes", NULL, test_pid_tid_from_lanes);
  g_test_add_func ("/core/loader/repeated-thread-labels", test_repeated_thread_labels);

  golden_cases = hp_test_hta_cases (&n_golden_cases);
  for (guint i = 0; i < n_golden_cases; i++)
    for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
      {
        GoldenCase      *gc = g_new0 (GoldenCase, 1);
        g_autofree char *test_path = NULL;

        gc->case_name = golden_cases[i];
        gc->mode = mode;
        g_ptr_array_add (cases, gc);
        test_path = g_strdup_printf ("/core/loader/golden/%s/%s",
                                     mode == HP_MODE_HTA_COMPAT ? "hta-compat" : "default",
                                     golden_cases[i]);
        g_test_add (test_path, GoldenFixture, gc, golden_fixture_setup,
                    mode == HP_MODE_HTA_COMPAT ? test_golden_compat : test_golden_default,
                    golden_fixture_teardown);
      }

  g_test_add_func ("/core/test-utils/csv", test_utils_csv);
  g_test_add_func ("/core/test-utils/compare", test_utils_compare);

  return g_test_run ();
}
