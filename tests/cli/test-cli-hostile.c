/* test-cli-hostile.c — hotpath-cli against hostile options and inputs: non-finite numbers, negative ranks, changed files, memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "hp-test-utils.h"

static void
assert_usage_error (HpTestCliRun *run,
                    const char   *needle)
{
  g_assert_cmpint (run->status, ==, 2);
  g_assert_nonnull (strstr (run->err, needle));
}

/* GLib reads "nan" and "inf" as numbers: every number option refuses them */
static void
test_non_finite_numbers (void)
{
  g_autofree char *trace = hp_test_data_path ("edge", "launch-kernel-same-lane.json", NULL);
  const char      *values[] = { "nan", "inf", "-inf", "NaN" };

  for (guint k = 0; k < G_N_ELEMENTS (values); k++)
    {
      g_autofree char *scale = g_strconcat ("--chart-scale=", values[k], NULL);
      g_autofree char *skew = g_strconcat ("--clock-skew=", values[k], NULL);
      g_auto (HpTestCliRun) report = { 0 };
      g_auto (HpTestCliRun) health = { 0 };

      hp_test_run_cli (&report, "report", scale, trace, NULL);
      assert_usage_error (&report, "--chart-scale takes a finite number");
      hp_test_run_cli (&health, "health", skew, trace, NULL);
      assert_usage_error (&health, "--clock-skew takes a finite number");
    }
}

/* a negative rank is not "the first rank" */
static void
test_negative_rank (void)
{
  g_autofree char *trace = hp_test_data_path ("edge", "launch-kernel-same-lane.json", NULL);
  g_auto (HpTestCliRun) path = { 0 };
  g_auto (HpTestCliRun) patterns = { 0 };
  g_auto (HpTestCliRun) diff = { 0 };
  g_auto (HpTestCliRun) first = { 0 };

  hp_test_run_cli (&path, "critical-path", "-r", "-5", trace, NULL);
  assert_usage_error (&path, "--rank takes a rank number, 0 or more, not -5");
  hp_test_run_cli (&patterns, "patterns", "--repeated", "-r", "-1", trace, NULL);
  assert_usage_error (&patterns, "--rank takes a rank number, 0 or more, not -1");
  hp_test_run_cli (&diff, "diff", "--control-rank=-1", trace, trace, NULL);
  assert_usage_error (&diff, "a rank is a number from 0");
  /* rank 0 given explicitly still works */
  hp_test_run_cli (&first, "critical-path", "-r", "0", "-a", "", trace, NULL);
  g_assert_cmpint (first.status, ==, 0);
}

/* an iteration asked of a run that has none: a clear error, not a search
 * of nothing (UBSan: bsearch with a NULL base) */
static void
test_iteration_of_run_without_steps (void)
{
  g_autofree char *trace = hp_test_data_path ("edge", "launch-kernel-same-lane.json", NULL);
  g_auto (HpTestCliRun) run = { 0 };

  hp_test_run_cli (&run, "diff", "--control-iteration=3", trace, trace, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "iteration 3 is not in the trace (iterations: none)"));
}

/* --max-memory, before or after the command: a trace past it is refused
 * (exit 1) with a message that names the file and the option */
static void
test_max_memory (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hp-test-cli-hostile-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.json", NULL);
  g_autoptr (GString) s = g_string_new ("{\"traceEvents\": [\n");
  g_autoptr (GError) error = NULL;
  g_auto (HpTestCliRun) refused = { 0 };
  g_auto (HpTestCliRun) after = { 0 };
  g_auto (HpTestCliRun) fits = { 0 };
  g_auto (HpTestCliRun) none = { 0 };
  g_auto (HpTestCliRun) bad = { 0 };
  g_auto (HpTestCliRun) help = { 0 };

  for (guint k = 0; k < 20000; k++)
    g_string_append_printf (s, "%s{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", \"pid\": 0, \"tid\": 7, "
                               "\"ts\": %u, \"dur\": 3, \"args\": {\"stream\": 7}}",
                            k == 0 ? "" : ",\n", 10 + 5 * k);
  g_string_append (s, "\n]}\n");
  g_file_set_contents (path, s->str, (gssize)s->len, &error);
  g_assert_no_error (error);

  hp_test_run_cli (&refused, "--max-memory=1M", "info", path, NULL);
  g_assert_cmpint (refused.status, ==, 1);
  g_assert_nonnull (strstr (refused.err, "big.json: the job would take more than 1.0"));
  g_assert_nonnull (strstr (refused.err, "--max-memory"));
  hp_test_run_cli (&after, "info", "--max-memory", "1MiB", path, NULL);
  g_assert_cmpint (after.status, ==, 1);
  hp_test_run_cli (&fits, "info", "--max-memory=64M", path, NULL);
  g_assert_cmpint (fits.status, ==, 0);
  hp_test_run_cli (&none, "--max-memory=none", "info", path, NULL);
  g_assert_cmpint (none.status, ==, 0);
  hp_test_run_cli (&bad, "--max-memory=lots", "info", path, NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--max-memory takes a size"));
  hp_test_run_cli (&help, "--help", NULL);
  g_assert_nonnull (strstr (help.out, "--max-memory=SIZE"));
  g_unlink (path);
  g_rmdir (dir);
}

/* a pattern file that cannot be used is an error naming the file, the
 * line and the reason, not a trace loaded without it */
static void
test_bad_comm_patterns (void)
{
  g_autofree char *trace = hp_test_data_path ("comm", "helpers", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-patterns-XXXXXX", &error);
  g_autofree char *file = NULL;
  g_autofree char *expected = NULL;
  g_auto (HpTestCliRun) info = { 0 };
  g_auto (HpTestCliRun) good = { 0 };

  g_assert_no_error (error);
  file = g_build_filename (dir, "bad.patterns", NULL);
  g_assert_true (g_file_set_contents (file, "# ours\nmy_all_to_all\n!\n", -1, &error));
  hp_test_run_cli (&info, "info", "--comm-patterns", file, trace, NULL);
  g_assert_cmpint (info.status, ==, 1);
  expected = g_strdup_printf ("%s:3: \"!\" without a pattern", file);
  g_assert_nonnull (strstr (info.err, expected));

  g_assert_true (g_file_set_contents (file, "custom_ar::\n", -1, &error));
  hp_test_run_cli (&good, "info", "--comm-patterns", file, trace, NULL);
  g_assert_cmpint (good.status, ==, 0);
  g_unlink (file);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/hostile/non-finite-numbers", test_non_finite_numbers);
  g_test_add_func ("/cli/hostile/negative-rank", test_negative_rank);
  g_test_add_func ("/cli/hostile/iteration-of-run-without-steps", test_iteration_of_run_without_steps);
  g_test_add_func ("/cli/hostile/bad-comm-patterns", test_bad_comm_patterns);
  g_test_add_func ("/cli/hostile/max-memory", test_max_memory);
  return g_test_run ();
}
