/* test-settings.c — recent folders and the window keys of opened paths.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include "hp-settings.h"

static void
test_recent_prepend (void)
{
  const char *list[] = { "file:///a", "file:///b", "file:///c", NULL };
  g_auto (GStrv) moved = hp_recent_prepend (list, "file:///b", 10);
  g_auto (GStrv) added = hp_recent_prepend (list, "file:///d", 10);
  g_auto (GStrv) cut = hp_recent_prepend (list, "file:///d", 2);
  g_auto (GStrv) first = hp_recent_prepend (NULL, "file:///a", 10);
  const char *moved_expected[] = { "file:///b", "file:///a", "file:///c", NULL };
  const char *added_expected[] = { "file:///d", "file:///a", "file:///b", "file:///c", NULL };
  const char *cut_expected[] = { "file:///d", "file:///a", NULL };
  const char *first_expected[] = { "file:///a", NULL };

  /* most recent first, no duplicates, at most max_items */
  g_assert_true (g_strv_equal ((const char *const *)moved, moved_expected));
  g_assert_true (g_strv_equal ((const char *const *)added, added_expected));
  g_assert_true (g_strv_equal ((const char *const *)cut, cut_expected));
  g_assert_true (g_strv_equal ((const char *const *)first, first_expected));
}

static void
test_recent_in_settings (void)
{
  g_autoptr (GSettings) settings = hp_settings_new ();
  g_auto (GStrv) list = NULL;

  g_assert_nonnull (settings);
  for (guint i = 0; i < HP_RECENT_MAX + 5; i++)
    {
      g_autofree char *uri = g_strdup_printf ("file:///traces/run-%u", i);

      hp_settings_add_recent (settings, uri);
    }
  hp_settings_add_recent (settings, "file:///traces/run-10");

  list = g_settings_get_strv (settings, "recent-folders");
  g_assert_cmpuint (g_strv_length (list), ==, HP_RECENT_MAX);
  g_assert_cmpstr (list[0], ==, "file:///traces/run-10");
  g_assert_cmpstr (list[1], ==, "file:///traces/run-14");
  g_assert_cmpstr (list[HP_RECENT_MAX - 1], ==, "file:///traces/run-5");
}

static void
test_params_round_trip (void)
{
  g_autoptr (GSettings) settings = hp_settings_new ();
  HpAnalysisParams params;
  HpAnalysisParams loaded;

  hp_analysis_params_init (&params);
  hp_analysis_params_set_int (&params, &hp_kernel_breakdown_num_kernels_spec, 25);
  hp_analysis_params_set_double (&params, &hp_kernel_breakdown_duration_ratio_spec, 0.5);
  hp_analysis_params_set_double (&params, &hp_launch_stats_runtime_cutoff_spec, 70.4);
  /* valid, but more than the key holds (whole microseconds in 32 bits):
   * clamped to the key's range */
  hp_analysis_params_set_double (&params, &hp_launch_stats_launch_delay_cutoff_spec, 5e9);
  hp_analysis_params_set_double (&params, &hp_idle_time_consecutive_kernel_delay_spec, 12);
  hp_settings_save_params (settings, &params);

  hp_analysis_params_init (&loaded);
  hp_settings_load_params (settings, &loaded);
  g_assert_cmpint (hp_analysis_params_get_int (&loaded, &hp_kernel_breakdown_num_kernels_spec), ==, 25);
  g_assert_cmpfloat (hp_analysis_params_get_double (&loaded, &hp_kernel_breakdown_duration_ratio_spec), ==, 0.5);
  g_assert_cmpfloat (hp_analysis_params_get_double (&loaded, &hp_launch_stats_runtime_cutoff_spec), ==, 70);
  g_assert_cmpfloat (hp_analysis_params_get_double (&loaded, &hp_launch_stats_launch_delay_cutoff_spec), ==, G_MAXINT32);
  g_assert_cmpfloat (hp_analysis_params_get_double (&loaded, &hp_idle_time_consecutive_kernel_delay_spec), ==, 12);

  hp_analysis_params_clear (&params);
  hp_analysis_params_clear (&loaded);
}

static void
test_paths_key (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-key-XXXXXX", &error);
  g_autofree char *real = NULL;
  g_autofree char *link = NULL;
  g_autofree char *dotted = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *key_real = NULL;
  g_autofree char *key_link = NULL;
  g_autofree char *key_dotted = NULL;
  g_autofree char *key_ab = NULL;
  g_autofree char *key_ba = NULL;

  g_assert_no_error (error);
  real = g_build_filename (dir, "traces", NULL);
  link = g_build_filename (dir, "link", NULL);
  dotted = g_build_filename (dir, "traces", ".", NULL);
  g_assert_cmpint (g_mkdir (real, 0700), ==, 0);
  g_assert_cmpint (symlink (real, link), ==, 0);

  /* the same folder by a link or with "." is the same window */
  {
    const char *by_real[] = { real, NULL };
    const char *by_link[] = { link, NULL };
    const char *by_dot[] = { dotted, NULL };

    key_real = hp_paths_key (by_real);
    key_link = hp_paths_key (by_link);
    key_dotted = hp_paths_key (by_dot);
  }
  g_assert_cmpstr (key_real, ==, key_link);
  g_assert_cmpstr (key_real, ==, key_dotted);

  /* files given together: the order does not matter */
  a = g_build_filename (real, "rank-0.json", NULL);
  b = g_build_filename (real, "rank-1.json", NULL);
  {
    const char *ab[] = { a, b, NULL };
    const char *ba[] = { b, a, NULL };

    key_ab = hp_paths_key (ab);
    key_ba = hp_paths_key (ba);
  }
  g_assert_cmpstr (key_ab, ==, key_ba);
  g_assert_cmpstr (key_ab, !=, key_real);

  g_assert_cmpint (g_unlink (link), ==, 0);
  g_assert_cmpint (g_rmdir (real), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  /* keys live in memory only: nothing of the user's is read or changed.
   * (Not G_TEST_OPTION_ISOLATE_DIRS: GLib 2.74 leaks the directory names
   * it replaces for every test, which fails the sanitizer build.) */
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/settings/recent-prepend", test_recent_prepend);
  g_test_add_func ("/ui/settings/recent-in-settings", test_recent_in_settings);
  g_test_add_func ("/ui/settings/params-round-trip", test_params_round_trip);
  g_test_add_func ("/ui/settings/paths-key", test_paths_key);

  return g_test_run ();
}
