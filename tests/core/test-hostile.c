/* test-hostile.c — the loader against hostile files: FIFOs, endless tokens, absurd clocks, gzip.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <glib/gstdio.h>

#include "hp-core.h"
#include "hp-test-utils.h"

#define MIB (1024 * 1024)

/* ---------------------------------------------------------------------- */
/* helpers                                                                 */

static HpTrace *
load_with (const char         *path,
           HpMode              mode,
           const HpLoadLimits *limits,
           GError            **error)
{
  HpLoadOptions options = { 0 };

  options.mode = mode;
  options.limits = limits;
  return hp_load_path (path, &options, NULL, error);
}

static HpTrace *
load_ok (const char *path,
         HpMode      mode)
{
  g_autoptr (GError) error = NULL;
  HpTrace *trace = load_with (path, mode, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

/* The first issue whose message holds @needle, or NULL. */
static HpLoadIssue *
find_issue_text (HpTrace    *trace,
                 const char *needle)
{
  GListModel *issues = hp_trace_get_issues (trace);

  for (guint k = 0; k < g_list_model_get_n_items (issues); k++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, k);

      if (strstr (hp_load_issue_get_message (issue), needle) != NULL)
        return g_steal_pointer (&issue);
    }
  return NULL;
}

static char *
make_temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("hp-test-hostile-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

/* Every table of every analysis over rank 0, as CSV text. */
static char *
all_tables_of_rank0 (HpTrace *trace)
{
  g_autoptr (GString) out = g_string_new (NULL);
  HpAnalysisParams         params;
  const int                rank0 = 0;
  guint                    n = 0;
  const HpAnalysis *const *list = hp_analysis_list (&n);

  hp_analysis_params_init (&params);
  hp_test_params_set_ranks (&params, &rank0, 1);
  for (guint a = 0; a < n; a++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) tables = hp_analysis_run (list[a], trace, &params, NULL, &error);

      g_string_append_printf (out, "## %s\n", list[a]->name);
      if (tables == NULL)
        {
          g_string_append_printf (out, "error: %s\n", error->message);
          continue;
        }
      for (guint t = 0; t < tables->len; t++)
        {
          g_autofree char *csv = hp_table_to_csv (tables->pdata[t]);

          g_string_append_printf (out, "# %s\n%s", hp_table_get_name (tables->pdata[t]), csv);
        }
    }
  hp_analysis_params_clear (&params);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ---------------------------------------------------------------------- */
/* 1. files that are not regular files                                      */

static void
test_fifo_in_folder (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *good_source = hp_test_data_path ("edge", "one-bad-rank", "rank-0.json", NULL);
  g_autofree char *good = hp_test_copy_file (good_source, dir, "rank-0.json");
  g_autofree char *fifo = g_build_filename (dir, "rank-5.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (HpTrace) single = NULL;
  g_autoptr (HpLoadIssue) issue = NULL;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);

  /* no writer ever comes: opening it would block forever */
  trace = load_ok (dir, HP_MODE_DEFAULT);
  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 1);
  g_assert_nonnull (hp_trace_find_rank (trace, 0));
  issue = find_issue_text (trace, "FIFO");
  g_assert_nonnull (issue);
  g_assert_true (g_str_has_suffix (hp_load_issue_get_file (issue), G_DIR_SEPARATOR_S "rank-5.json"));
  g_assert_cmpint (hp_load_issue_get_severity (issue), ==, HP_LOAD_ISSUE_WARNING);
  g_assert_nonnull (strstr (hp_load_issue_get_message (issue), "not a regular file"));

  /* named on its own: an error, still without opening it */
  single = load_with (fifo, HP_MODE_DEFAULT, NULL, &error);
  g_assert_null (single);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "rank-5.json"));
  g_assert_nonnull (strstr (error->message, "FIFO"));

  hp_test_remove_tree (dir);
}

static void
test_device (void)
{
  const char      *paths[] = { "/dev/zero", NULL, NULL };
  g_autofree char *good = hp_test_data_path ("edge", "one-bad-rank", "rank-0.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) single = NULL;
  g_autoptr (HpTrace) both = NULL;
  g_autoptr (HpLoadIssue) issue = NULL;

  if (!g_file_test ("/dev/zero", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/zero");
      return;
    }
  /* /dev/zero never ends: reading it would fill the memory */
  single = load_with ("/dev/zero", HP_MODE_DEFAULT, NULL, &error);
  g_assert_null (single);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE);
  g_assert_nonnull (strstr (error->message, "device"));
  g_clear_error (&error);

  paths[1] = good;
  both = hp_load_paths (paths, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_trace_get_n_ranks (both), ==, 1);
  issue = find_issue_text (both, "/dev/zero");
  g_assert_nonnull (issue);
  g_assert_nonnull (strstr (hp_load_issue_get_message (issue), "device"));
}

/* ---------------------------------------------------------------------- */
/* 2. one very long token                                                   */

/* A trace whose second event's name is @name_len bytes of "é" (2 bytes
 * each) followed by one "x" when @name_len is odd. */
static char *
write_long_name_trace (const char *dir,
                       gsize       name_len)
{
  g_autoptr (GError) error = NULL;
  char *path = g_build_filename (dir, "rank-0.json", NULL);
  g_autoptr (GString) text = g_string_sized_new (name_len + 1024);

  g_string_append (text, "{\"traceEvents\": [\n"
                         "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"short\", \"pid\": 1, "
                         "\"tid\": 1, \"ts\": 100, \"dur\": 10},\n"
                         "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"pid\": 1, \"tid\": 1, "
                         "\"ts\": 120, \"dur\": 5, \"name\": \"");
  for (gsize i = 0; i + 1 < name_len; i += 2)
    g_string_append (text, "\xc3\xa9");
  if (name_len % 2 == 1)
    g_string_append_c (text, 'x');
  g_string_append (text, "\"}\n]}\n");
  g_file_set_contents (path, text->str, (gssize)text->len, &error);
  g_assert_no_error (error);
  return path;
}

static const char *
longest_name (HpTrace *trace,
              gsize   *len)
{
  const HpRank *rank = hp_trace_get_rank (trace, 0);
  const char   *longest = "";

  for (guint i = 0; i < rank->n_events; i++)
    {
      const char *name = hp_trace_get_string (trace, rank->name[i]);

      if (strlen (name) > strlen (longest))
        longest = name;
    }
  *len = strlen (longest);
  return longest;
}

static void
test_long_string_cut (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = write_long_name_trace (dir, 5001);
  HpLoadLimits     limits = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (HpLoadIssue) issue = NULL;
  const char *name;
  gsize       len = 0;

  /* the cut at byte 1001 falls inside an "é": it steps back to 1000 */
  limits.max_string_bytes = 1001;
  trace = load_with (path, HP_MODE_DEFAULT, &limits, &error);
  g_assert_no_error (error);
  name = longest_name (trace, &len);
  g_assert_cmpuint (len, ==, 1000);
  g_assert_true (g_utf8_validate (name, -1, NULL));
  g_assert_cmpuint (hp_trace_get_rank (trace, 0)->n_long_strings, ==, 1);
  g_assert_cmpuint (hp_trace_get_rank (trace, 0)->n_invalid_utf8, ==, 0);
  issue = find_issue_text (trace, "were cut");
  g_assert_nonnull (issue);
  g_assert_cmpint (hp_load_issue_get_severity (issue), ==, HP_LOAD_ISSUE_WARNING);

  hp_test_remove_tree (dir);
}

static double
seconds_to_load (const char *path,
                 gsize      *name_len)
{
  g_autoptr (HpTrace) trace = NULL;
  gint64 t0 = g_get_monotonic_time ();

  trace = load_ok (path, HP_MODE_DEFAULT);
  longest_name (trace, name_len);
  return (double)(g_get_monotonic_time () - t0) / G_USEC_PER_SEC;
}

/* yajl lexes a token cut by a chunk end again from its start: with fixed
 * 256 KiB chunks a 64 MiB name cost 64 times the work of an 8 MiB one.
 * Loading must stay linear: the ratio of the two times is near 8. */
static void
test_long_token_linear (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *small = NULL;
  g_autofree char *large = NULL;
  double           t_small = G_MAXDOUBLE, t_large = G_MAXDOUBLE;
  gsize            len = 0;

  small = write_long_name_trace (dir, 8 * MIB);
  for (int k = 0; k < 2; k++)
    t_small = MIN (t_small, seconds_to_load (small, &len));
  g_assert_cmpuint (len, ==, 8 * MIB);
  g_unlink (small);

  large = write_long_name_trace (dir, 64 * MIB);
  for (int k = 0; k < 2; k++)
    t_large = MIN (t_large, seconds_to_load (large, &len));
  /* cut to the default 16 MiB limit */
  g_assert_cmpuint (len, ==, HP_DEFAULT_MAX_STRING_BYTES);
  g_test_message ("8 MiB name: %.3f s, 64 MiB name: %.3f s", t_small, t_large);
  g_assert_cmpfloat (t_large, <, 24 * MAX (t_small, 0.01));
  hp_test_remove_tree (dir);
}

static void
test_token_limit (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = write_long_name_trace (dir, 3 * MIB);
  g_autofree char *good_source = hp_test_data_path ("edge", "one-bad-rank", "rank-1.json", NULL);
  g_autofree char *good = NULL;
  HpLoadLimits     limits = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) single = NULL;
  g_autoptr (HpTrace) folder = NULL;
  g_autoptr (HpLoadIssue) issue = NULL;

  limits.max_token_bytes = 1 * MIB;
  single = load_with (path, HP_MODE_DEFAULT, &limits, &error);
  g_assert_null (single);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE);
  g_assert_nonnull (strstr (error->message, "rank-0.json"));
  g_assert_nonnull (strstr (error->message, "token"));
  g_clear_error (&error);

  /* the rest of the folder loads */
  good = hp_test_copy_file (good_source, dir, "rank-1.json");
  folder = load_with (dir, HP_MODE_DEFAULT, &limits, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_trace_get_n_ranks (folder), ==, 1);
  g_assert_nonnull (hp_trace_find_rank (folder, 1));
  issue = find_issue_text (folder, "token");
  g_assert_nonnull (issue);
  g_assert_cmpint (hp_load_issue_get_severity (issue), ==, HP_LOAD_ISSUE_ERROR);
  hp_test_remove_tree (dir);
}

/* ---------------------------------------------------------------------- */
/* 3. absurd times                                                          */

static void
test_absurd_times (gconstpointer data)
{
  HpMode           mode = GPOINTER_TO_INT (data);
  g_autofree char *dir = hp_test_data_path ("edge", "absurd-times", NULL);
  g_autofree char *rank0 = hp_test_data_path ("edge", "absurd-times", "rank-0.json", NULL);
  g_autoptr (HpTrace) job = load_ok (dir, mode);
  g_autoptr (HpTrace) alone = load_ok (rank0, mode);
  g_autoptr (HpLoadIssue) window = NULL;
  g_autoptr (HpLoadIssue) empty = NULL;
  g_autofree char *job_tables = NULL;
  g_autofree char *alone_tables = NULL;
  const HpRank    *r0, *r1, *a0;

  /* rank 2 held only a time before 1970: nothing left to analyse */
  g_assert_cmpuint (hp_trace_get_n_ranks (job), ==, 2);
  empty = find_issue_text (job, "rank-2.json");
  g_assert_nonnull (empty);
  g_assert_nonnull (strstr (hp_load_issue_get_message (empty), "1970"));

  /* rank 1: five events outside the window, counted, the rest loads */
  r1 = hp_trace_find_rank (job, 1);
  g_assert_nonnull (r1);
  g_assert_cmpuint (r1->n_out_of_window, ==, 5);
  window = find_issue_text (job, "after 2200; they were not loaded");
  g_assert_nonnull (window);
  g_assert_true (g_str_has_suffix (hp_load_issue_get_file (window), G_DIR_SEPARATOR_S "rank-1.json"));
  for (guint i = 0; i < r1->n_events; i++)
    {
      g_assert_cmpint (r1->ts[i], >=, 0);
      g_assert_cmpint (r1->ts[i], <=, HP_TIME_MAX_NS);
    }

  /* rank 0 is the same to the nanosecond, alone or next to the bad ranks */
  r0 = hp_trace_find_rank (job, 0);
  a0 = hp_trace_find_rank (alone, 0);
  g_assert_cmpint (hp_trace_get_min_ts (job), ==, hp_trace_get_min_ts (alone));
  g_assert_cmpuint (r0->n_events, ==, a0->n_events);
  g_assert_cmpuint (r0->n_rows, ==, a0->n_rows);
  g_assert_cmpmem (r0->ts, r0->n_events * sizeof (gint64), a0->ts, a0->n_events * sizeof (gint64));
  for (guint i = 0; i < r0->n_events; i++)
    g_assert_cmpint (hp_rank_dur (r0, i), ==, hp_rank_dur (a0, i));
  job_tables = all_tables_of_rank0 (job);
  alone_tables = all_tables_of_rank0 (alone);
  g_assert_cmpstr (job_tables, ==, alone_tables);
}

/* The window's edges: the last nanosecond before 2200 loads, the next one
 * does not; an event may end at the edge but not past it. */
static void
test_window_edges (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "edges.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  const HpRank *r;
  const char   *text =
      "{\"traceEvents\": [\n"
      "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 0, "
      "\"dur\": 1},\n"
      "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"b\", \"pid\": 1, \"tid\": 1, "
      "\"ts\": 7258118399999999.999, \"dur\": 0.001},\n"
      "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"c\", \"pid\": 1, \"tid\": 1, "
      "\"ts\": 7258118399999999.999, \"dur\": 0.002},\n"
      "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"d\", \"pid\": 1, \"tid\": 1, "
      "\"ts\": 7258118400000000.001, \"dur\": 0},\n"
      "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"e\", \"pid\": 1, \"tid\": 1, "
      "\"ts\": -0.001, \"dur\": 1}\n"
      "]}\n";

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  trace = load_with (path, HP_MODE_DEFAULT, NULL, &error);
  g_assert_no_error (error);
  r = hp_trace_get_rank (trace, 0);
  g_assert_cmpuint (r->n_events, ==, 2);
  g_assert_cmpuint (r->n_out_of_window, ==, 3);
  g_assert_cmpint (hp_trace_get_min_ts (trace), ==, 0);
  g_assert_cmpint (r->ts[1], ==, HP_TIME_MAX_NS - 1);
  g_assert_cmpint (r->ts[1] + hp_rank_dur (r, 1), ==, HP_TIME_MAX_NS);
  hp_test_remove_tree (dir);
}

/* ---------------------------------------------------------------------- */
/* 4. gzip                                                                  */

static void
test_gzip_members (void)
{
  g_autofree char *plain_path = hp_test_data_path ("edge", "one-bad-rank", "rank-0.json", NULL);
  g_autofree char *two_path = hp_test_data_path ("edge", "two-members.json.gz", NULL);
  g_autoptr (HpTrace) plain = load_ok (plain_path, HP_MODE_DEFAULT);
  g_autoptr (HpTrace) two = load_ok (two_path, HP_MODE_DEFAULT);
  const HpRank *p = hp_trace_get_rank (plain, 0);
  const HpRank *t = hp_trace_get_rank (two, 0);

  g_assert_true (t->compressed);
  g_assert_cmpuint (t->n_gzip_members, ==, 2);
  g_assert_cmpuint (t->gzip_trailing_bytes, ==, 0);
  g_assert_cmpuint (t->json_bytes, ==, p->json_bytes);
  g_assert_cmpuint (t->n_events, ==, p->n_events);
  g_assert_cmpuint (t->n_rows, ==, p->n_rows);
  g_assert_cmpmem (t->ts, t->n_events * sizeof (gint64), p->ts, p->n_events * sizeof (gint64));
  g_assert_cmpuint (g_list_model_get_n_items (hp_trace_get_issues (two)), ==,
                    g_list_model_get_n_items (hp_trace_get_issues (plain)));
}

static void
test_gzip_trailing_garbage (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "trailing-garbage.json.gz", NULL);
  g_autoptr (HpTrace) trace = load_ok (path, HP_MODE_DEFAULT);
  const HpRank *r = hp_trace_get_rank (trace, 0);
  g_autoptr (HpLoadIssue) issue = find_issue_text (trace, "after the end of the gzip data");

  g_assert_cmpuint (r->n_gzip_members, ==, 1);
  /* "\0\0\0junk after the gzip trailer\n" */
  g_assert_cmpuint (r->gzip_trailing_bytes, ==, 31);
  g_assert_cmpuint (r->n_rows, ==, 12);
  g_assert_nonnull (issue);
  g_assert_cmpint (hp_load_issue_get_severity (issue), ==, HP_LOAD_ISSUE_WARNING);
  g_assert_nonnull (strstr (hp_load_issue_get_message (issue), "31 bytes"));
}

/* A gzip file cut inside its second member is still truncated. */
static void
test_gzip_second_member_truncated (void)
{
  g_autofree char *source = hp_test_data_path ("edge", "two-members.json.gz", NULL);
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "rank-0.json.gz", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  gsize len = 0;

  g_file_get_contents (source, &contents, &len, &error);
  g_assert_no_error (error);
  g_file_set_contents (path, contents, (gssize)(len - 20), &error);
  g_assert_no_error (error);
  trace = load_with (path, HP_MODE_DEFAULT, NULL, &error);
  g_assert_null (trace);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED);
  g_assert_nonnull (strstr (error->message, "rank-0.json.gz"));
  hp_test_remove_tree (dir);
}

/* ---------------------------------------------------------------------- */
/* 5. limits of one file                                                    */

#define EVENT "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, "

/* Writes @text as rank-0.json next to a good rank-1.json; loads the folder
 * with @limits and checks that rank 0 failed with a message holding
 * @must_mention while rank 1 loaded. */
static void
assert_limit_fails_file (const char         *text,
                         const HpLoadLimits *limits,
                         const char         *must_mention)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "rank-0.json", NULL);
  g_autofree char *good = g_build_filename (dir, "rank-1.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) single = NULL;
  g_autoptr (HpTrace) folder = NULL;
  g_autoptr (HpTrace) unlimited = NULL;
  g_autoptr (HpLoadIssue) issue = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  /* one event, no args, three levels deep: within every limit tested */
  g_file_set_contents (good, "{\"traceEvents\": [" EVENT "\"ts\": 5, \"dur\": 1}]}", -1, &error);
  g_assert_no_error (error);

  /* within the defaults the file loads */
  unlimited = load_with (path, HP_MODE_DEFAULT, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (unlimited);

  single = load_with (path, HP_MODE_DEFAULT, limits, &error);
  g_assert_null (single);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE);
  g_assert_nonnull (strstr (error->message, "rank-0.json"));
  g_assert_nonnull (strstr (error->message, must_mention));
  g_clear_error (&error);

  folder = load_with (dir, HP_MODE_DEFAULT, limits, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_trace_get_n_ranks (folder), ==, 1);
  g_assert_nonnull (hp_trace_find_rank (folder, 1));
  issue = find_issue_text (folder, must_mention);
  g_assert_nonnull (issue);
  g_assert_true (g_str_has_suffix (hp_load_issue_get_file (issue), G_DIR_SEPARATOR_S "rank-0.json"));
  g_assert_cmpint (hp_load_issue_get_severity (issue), ==, HP_LOAD_ISSUE_ERROR);
  hp_test_remove_tree (dir);
}

static void
test_limit_nesting (void)
{
  HpLoadLimits limits = { 0 };
  g_autoptr (GString) text = g_string_new ("{\"traceEvents\": [" EVENT "\"ts\": 1, \"dur\": 1, "
                                           "\"args\": {\"deep\": ");

  /* the root, traceEvents, the event, args, then 8 arrays: 12 levels */
  for (int k = 0; k < 8; k++)
    g_string_append_c (text, '[');
  for (int k = 0; k < 8; k++)
    g_string_append_c (text, ']');
  g_string_append (text, "}}]}");
  limits.max_nesting = 10;
  assert_limit_fails_file (text->str, &limits, "nested deeper than 10 levels");
}

static void
test_limit_events (void)
{
  HpLoadLimits limits = { 0 };
  const char  *text = "{\"traceEvents\": [" EVENT "\"ts\": 1, \"dur\": 1}, " EVENT
                     "\"ts\": 2, \"dur\": 1}, " EVENT "\"ts\": 3, \"dur\": 1}, " EVENT
                     "\"ts\": 4, \"dur\": 1}]}";
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "four.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) exact = NULL;

  limits.max_events = 3;
  assert_limit_fails_file (text, &limits, "more than 3 events");

  /* exactly at the limit loads */
  limits.max_events = 4;
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  exact = load_with (path, HP_MODE_DEFAULT, &limits, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_trace_get_rank (exact, 0)->n_events, ==, 4);
  hp_test_remove_tree (dir);
}

static void
test_limit_args (void)
{
  HpLoadLimits limits = { 0 };
  const char  *text = "{\"traceEvents\": [" EVENT "\"ts\": 1, \"dur\": 1, \"args\": "
                      "{\"a\": 1, \"b\": 2}}, " EVENT "\"ts\": 2, \"dur\": 1, \"args\": "
                      "{\"a\": 1, \"b\": {\"x\": 1, \"y\": 2, \"z\": 3}, \"c\": 3}}]}";

  /* nested keys are part of one arg: the second event has 3, not 6 */
  limits.max_args = 2;
  assert_limit_fails_file (text, &limits, "event 1 has more than 2 args");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/hostile/fifo-in-folder", test_fifo_in_folder);
  g_test_add_func ("/core/hostile/device", test_device);
  g_test_add_func ("/core/hostile/long-string-cut", test_long_string_cut);
  g_test_add_func ("/core/hostile/long-token-linear", test_long_token_linear);
  g_test_add_func ("/core/hostile/token-limit", test_token_limit);
  g_test_add_data_func ("/core/hostile/absurd-times/default", GINT_TO_POINTER (HP_MODE_DEFAULT),
                        test_absurd_times);
  g_test_add_data_func ("/core/hostile/absurd-times/hta-compat",
                        GINT_TO_POINTER (HP_MODE_HTA_COMPAT), test_absurd_times);
  g_test_add_func ("/core/hostile/window-edges", test_window_edges);
  g_test_add_func ("/core/hostile/gzip-members", test_gzip_members);
  g_test_add_func ("/core/hostile/gzip-trailing-garbage", test_gzip_trailing_garbage);
  g_test_add_func ("/core/hostile/gzip-second-member-truncated",
                   test_gzip_second_member_truncated);

  g_test_add_func ("/core/hostile/limit-nesting", test_limit_nesting);
  g_test_add_func ("/core/hostile/limit-events", test_limit_events);
  g_test_add_func ("/core/hostile/limit-args", test_limit_args);

  return g_test_run ();
}
