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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/hostile/non-finite-numbers", test_non_finite_numbers);
  g_test_add_func ("/cli/hostile/negative-rank", test_negative_rank);
  g_test_add_func ("/cli/hostile/iteration-of-run-without-steps", test_iteration_of_run_without_steps);
  return g_test_run ();
}
