/* test-cli-summary.c — `hotpath-cli summarize` and the commands on folders of summaries.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "hp-test-utils.h"

#define CASE "hta_trace_filter_2ranks"

static void
remove_tree (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);

  for (const char *name = d != NULL ? g_dir_read_name (d) : NULL; name != NULL; name = g_dir_read_name (d))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_tree (path);
      else
        g_remove (path);
    }
  g_rmdir (dir);
}

/* summarises the case's two ranks into a new folder */
static char *
summarize (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *r0 = hp_test_data_path (CASE, "sampled_rank-0.json.gz", NULL);
  g_autofree char *r1 = hp_test_data_path (CASE, "sampled_rank-1.json.gz", NULL);
  char            *dir = g_dir_make_tmp ("hotpath-cli-summary-XXXXXX", &error);
  g_auto (HpTestCliRun) run = { 0 };

  g_assert_no_error (error);
  hp_test_run_cli (&run, "summarize", "--output", dir, r0, r1, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "sampled_rank-0.hpsum"));
  g_assert_nonnull (strstr (run.out, "sampled_rank-1.hpsum"));
  return dir;
}

static void
test_usage (HpTestDirFixture *fixture,
            gconstpointer     data)
{
  g_autofree char *r0 = hp_test_data_path (CASE, "sampled_rank-0.json.gz", NULL);
  g_autofree char *folder = hp_test_data_path (CASE, NULL);
  g_auto (HpTestCliRun) no_output = { 0 };
  g_auto (HpTestCliRun) no_files = { 0 };
  g_auto (HpTestCliRun) help = { 0 };
  g_auto (HpTestCliRun) a_folder = { 0 };
  const char *dir = fixture->dir;

  hp_test_run_cli (&no_output, "summarize", r0, NULL);
  g_assert_cmpint (no_output.status, ==, 2);
  g_assert_nonnull (strstr (no_output.err, "--output"));
  hp_test_run_cli (&no_files, "summarize", "--output", dir, NULL);
  g_assert_cmpint (no_files.status, ==, 2);
  hp_test_run_cli (&help, "--help", NULL);
  g_assert_nonnull (strstr (help.out, "summarize"));
  /* a folder is not a rank file */
  hp_test_run_cli (&a_folder, "summarize", "--output", dir, folder, NULL);
  g_assert_cmpint (a_folder.status, ==, 1);
  g_assert_nonnull (strstr (a_folder.err, "folder"));
  remove_tree (dir);
}

static void
test_info_and_health (void)
{
  g_autofree char *dir = summarize ();
  g_auto (HpTestCliRun) info = { 0 };
  g_auto (HpTestCliRun) json = { 0 };
  g_auto (HpTestCliRun) health = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonArray *list;

  hp_test_run_cli (&info, "info", dir, NULL);
  g_assert_cmpint (info.status, ==, 0);
  g_assert_nonnull (strstr (info.out, "Job: 2 ranks from summaries"));
  g_assert_nonnull (strstr (info.out, "sampled_rank-1.json.gz"));
  g_assert_nonnull (strstr (info.out, "sha256"));

  hp_test_run_cli (&json, "info", "--json", dir, NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  list = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "summaries");
  g_assert_cmpuint (json_array_get_length (list), ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (list, 1), "rank"), ==, 1);
  g_assert_cmpuint (strlen (json_object_get_string_member (json_array_get_object_element (list, 0), "trace_sha256")),
                    ==, 64);

  /* the checks across ranks as on the traces, in both modes: the rank
   * files' names aside, the same report */
  for (guint m = 0; m < 2; m++)
    {
      g_autofree char *folder = hp_test_data_path (CASE, NULL);
      const char      *mode = m == 0 ? "--clock-skew=1" : "--hta-compat";
      g_auto (HpTestCliRun) full = { 0 };
      g_auto (HpTestCliRun) sums = { 0 };
      g_autoptr (GString) a = NULL;
      g_autoptr (GString) b = NULL;

      hp_test_run_cli (&full, "health", "--clock-skew=1", mode, folder, NULL);
      hp_test_run_cli (&sums, "health", "--clock-skew=1", mode, dir, NULL);
      g_assert_cmpint (full.status, ==, 0);
      g_assert_cmpint (sums.status, ==, 0);
      g_assert_null (strstr (sums.out, "summaries-only"));
      g_assert_nonnull (strstr (sums.out, "Rank 1"));
      g_assert_nonnull (strstr (sums.out, "clock-skew: ProfilerStep#552 starts 785 us later on rank 1"));
      g_assert_nonnull (strstr (sums.out, "unpaired-collectives: 4 collectives"));
      a = g_string_new (full.out);
      b = g_string_new (sums.out);
      g_string_replace (a, ".json.gz)", ")", 0);
      g_string_replace (b, ".hpsum)", ")", 0);
      g_assert_cmpstr (b->str, ==, a->str);
    }
  remove_tree (dir);
}

static void
test_findings_equal (void)
{
  g_autofree char *dir = summarize ();
  g_autofree char *folder = hp_test_data_path (CASE, NULL);
  g_auto (HpTestCliRun) a = { 0 };
  g_auto (HpTestCliRun) b = { 0 };

  hp_test_run_cli (&a, "findings", folder, NULL);
  hp_test_run_cli (&b, "findings", dir, NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_cmpstr (a.out, !=, "");
  /* the same, the rank late to collectives included: the summaries
   * describe each rank's collectives */
  g_assert_nonnull (strstr (a.out, "- Straggler, late to collectives: rank 1 "));
  /* all but the rank on the critical path, which needs the events: the
   * summaries say so */
  {
    const char      *line = strstr (a.out, "- Straggler, on the critical path: ");
    const char      *end = line != NULL ? strchr (line, '\n') : NULL;
    g_autofree char *without = NULL;

    g_assert_nonnull (end);
    without = g_strdup_printf ("%.*s%s", (int)(line - a.out), a.out, end + 1);
    g_assert_cmpstr (b.out, ==, without);
  }
  g_assert_null (strstr (b.err, "late to collectives"));
  g_assert_nonnull (strstr (b.err, "no finding on the rank on the critical path: summaries keep no events"));
  remove_tree (dir);
}

/* what reads every event says so and names the traces to load */
static void
test_needs_events (void)
{
  g_autofree char *dir = summarize ();
  g_auto (HpTestCliRun) cp = { 0 };
  g_auto (HpTestCliRun) named = { 0 };
  g_auto (HpTestCliRun) all = { 0 };

  hp_test_run_cli (&cp, "critical-path", dir, NULL);
  g_assert_cmpint (cp.status, ==, 1);
  g_assert_nonnull (strstr (cp.err, "reads every event"));
  g_assert_nonnull (strstr (cp.err, "sampled_rank-0.json.gz"));

  hp_test_run_cli (&named, "report", "--analysis", "critical_path", dir, NULL);
  g_assert_cmpint (named.status, ==, 1);
  g_assert_nonnull (strstr (named.err, "critical_path needs every event"));

  /* the default set leaves out only what needs every event, and says so */
  hp_test_run_cli (&all, "report", "--hta-compat", dir, NULL);
  g_assert_cmpint (all.status, ==, 0);
  g_assert_nonnull (strstr (all.err, "note: aten_op_kernels_and_delay"));
  g_assert_nonnull (strstr (all.out, "Temporal breakdown"));
  remove_tree (dir);
}

/* the analyses across ranks, with parameters, as on the traces; a scope
 * still needs the events */
static void
test_across_ranks (void)
{
  g_autofree char *dir = summarize ();
  g_autofree char *folder = hp_test_data_path (CASE, NULL);
  g_auto (HpTestCliRun) scoped = { 0 };

  for (guint m = 0; m < 2; m++)
    {
      const char *mode = m == 0 ? "--steps=551" : "--hta-compat";
      g_auto (HpTestCliRun) full = { 0 };
      g_auto (HpTestCliRun) sums = { 0 };

      hp_test_run_cli (&full, "report", "-a", "stragglers,collectives", "--num-candidates=1", mode, folder, NULL);
      hp_test_run_cli (&sums, "report", "-a", "stragglers,collectives", "--num-candidates=1", mode, dir, NULL);
      g_assert_cmpint (full.status, ==, 0);
      g_assert_cmpint (sums.status, ==, 0);
      g_assert_nonnull (strstr (full.out, "Potential stragglers"));
      g_assert_nonnull (strstr (full.out, "Collectives across ranks"));
      g_assert_cmpstr (sums.out, ==, full.out);
    }

  hp_test_run_cli (&scoped, "report", "-a", "stragglers", "--scope", "step:551", dir, NULL);
  g_assert_cmpint (scoped.status, ==, 1);
  /* a scope needs the traces: it says so and names them */
  g_assert_nonnull (strstr (scoped.err, "scope step:551 needs the events of the traces"));
  g_assert_nonnull (strstr (scoped.err, "sampled_rank-1.json.gz"));
  g_assert_null (strstr (scoped.err, "no event of the trace is in it"));
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  hp_test_add_dir ("/cli/summary/usage", NULL, test_usage);
  g_test_add_func ("/cli/summary/info-and-health", test_info_and_health);
  g_test_add_func ("/cli/summary/findings-equal", test_findings_equal);
  g_test_add_func ("/cli/summary/needs-events", test_needs_events);
  g_test_add_func ("/cli/summary/across-ranks", test_across_ranks);
  return g_test_run ();
}
