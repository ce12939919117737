/* test-fixtures.c — the shared test fixtures load what they say and remove what they made.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include "hp-core.h"
#include "hp-test-utils.h"

#define CASE "edge/idle-time-synthetic.json"

/* each setup loads the modes it names, and the parameters are HTA's
 * defaults; the teardown lets go of everything */
static void
test_trace_modes (void)
{
  HpTestTraceFixture both, one;

  hp_test_trace_setup (&both, CASE);
  g_assert_nonnull (both.trace);
  g_assert_nonnull (both.compat);
  g_assert_cmpint (hp_trace_get_mode (both.trace), ==, HP_MODE_DEFAULT);
  g_assert_cmpint (hp_trace_get_mode (both.compat), ==, HP_MODE_HTA_COMPAT);
  g_assert_cmpint (hp_analysis_params_get_int (&both.params, &hp_kernel_breakdown_num_kernels_spec), ==, 10);
  g_assert_cmpfloat (hp_analysis_params_get_double (&both.params, &hp_idle_time_consecutive_kernel_delay_spec), ==, 30);
  hp_test_params_set_ranks (&both.params, (const int[]){ 0 }, 1);
  hp_test_trace_teardown (&both, CASE);
  g_assert_null (both.trace);
  g_assert_null (both.compat);
  g_assert_null (both.params.ranks);

  hp_test_trace_setup_default (&one, CASE);
  g_assert_nonnull (one.trace);
  g_assert_null (one.compat);
  hp_test_trace_teardown (&one, CASE);

  hp_test_trace_setup_compat (&one, CASE);
  g_assert_null (one.trace);
  g_assert_cmpint (hp_trace_get_mode (one.compat), ==, HP_MODE_HTA_COMPAT);
  hp_test_trace_teardown (&one, CASE);

  /* no case: parameters only */
  hp_test_trace_setup (&one, NULL);
  g_assert_null (one.trace);
  g_assert_null (one.compat);
  g_assert_cmpint (hp_analysis_params_get_int (&one.params, &hp_kernel_breakdown_num_kernels_spec), ==, 10);
  hp_test_trace_teardown (&one, NULL);
}

/* the folder starts empty and goes with all it holds, read-only files and
 * subfolders included; a link to a folder outside is removed, not
 * followed */
static void
test_dir_removed (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *outside = g_dir_make_tmp ("hotpath-outside-XXXXXX", &error);
  g_autofree char *kept = NULL;
  g_autofree char *sub = NULL;
  g_autofree char *file = NULL;
  g_autofree char *link = NULL;
  g_autofree char *expected = hp_test_data_path (CASE, NULL);
  g_autoptr (GDir) listing = NULL;
  HpTestDirFixture fixture;
  char            *dir;

  g_assert_no_error (error);
  kept = g_build_filename (outside, "kept.txt", NULL);
  g_assert_true (g_file_set_contents (kept, "kept", -1, &error));

  hp_test_dir_setup (&fixture, CASE);
  g_assert_cmpstr (fixture.data, ==, expected);
  g_assert_true (g_file_test (fixture.dir, G_FILE_TEST_IS_DIR));
  listing = g_dir_open (fixture.dir, 0, &error);
  g_assert_no_error (error);
  g_assert_null (g_dir_read_name (listing));

  sub = g_build_filename (fixture.dir, "sub", NULL);
  file = g_build_filename (sub, "read-only.csv", NULL);
  link = g_build_filename (fixture.dir, "outside", NULL);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_true (g_file_set_contents (file, "a,b\n", -1, &error));
  g_assert_cmpint (g_chmod (file, 0400), ==, 0);
  g_assert_cmpint (g_chmod (sub, 0500), ==, 0);
  g_assert_cmpint (symlink (outside, link), ==, 0);

  dir = g_strdup (fixture.dir);
  hp_test_dir_teardown (&fixture, CASE);
  g_assert_null (fixture.dir);
  g_assert_null (fixture.data);
  g_assert_false (g_file_test (dir, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (kept, G_FILE_TEST_IS_REGULAR));
  g_free (dir);

  /* no case: a folder and no data */
  hp_test_dir_setup (&fixture, NULL);
  g_assert_null (fixture.data);
  g_assert_true (g_file_test (fixture.dir, G_FILE_TEST_IS_DIR));
  hp_test_dir_teardown (&fixture, NULL);

  hp_test_remove_tree (outside);
  g_assert_false (g_file_test (outside, G_FILE_TEST_EXISTS));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/fixtures/trace-modes", test_trace_modes);
  g_test_add_func ("/core/fixtures/dir-removed", test_dir_removed);

  return g_test_run ();
}
