/* test-run.c — runs: labels, colours, load options, the same folder again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

static void
test_run_labels (void)
{
  const char      *folder[] = { "/data/runs/ddp/", NULL };
  const char      *file[] = { "/data/runs/fsdp/rank-0.json.gz", NULL };
  const char      *files[] = { "/data/runs/base/rank-0.json", "/data/runs/base/rank-1.json", NULL };
  g_autofree char *a = hp_run_default_label (folder);
  g_autofree char *b = hp_run_default_label (file);
  g_autofree char *c = hp_run_default_label (files);
  g_autofree char *d = hp_run_default_label (NULL);

  g_assert_cmpstr (a, ==, "ddp");
  g_assert_cmpstr (b, ==, "rank-0.json.gz");
  g_assert_cmpstr (c, ==, "base");
  g_assert_cmpstr (d, ==, "run");
}

static void
test_run_palette (void)
{
  /* eight runs, eight colours, then the palette repeats */
  for (guint i = 0; i < 8; i++)
    for (guint j = i + 1; j < 8; j++)
      g_assert_cmpstr (hp_run_palette_color (i), !=, hp_run_palette_color (j));
  g_assert_cmpstr (hp_run_palette_color (8), ==, hp_run_palette_color (0));
  for (guint i = 0; i < 8; i++)
    {
      const char *color = hp_run_palette_color (i);

      g_assert_cmpuint (strlen (color), ==, 7);
      g_assert_cmpint (color[0], ==, '#');
    }
}

static void
test_run_trace (void)
{
  g_autofree char *dir = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autofree char *dir_dots = g_build_filename (dir, "..", "hta_trace_filter_2ranks", NULL);
  const char      *paths[] = { dir, NULL };
  const char      *same[] = { dir_dots, NULL };
  const char      *other[] = { "/nowhere", NULL };
  HpLoadOptions    options = { .mode = HP_MODE_HTA_COMPAT, .include_last_step = TRUE };
  g_autoptr (HpTrace) trace = hp_test_load_with_options (dir, &options);
  g_autoptr (HpRun) run = hp_run_new (trace, paths, NULL, 2);
  HpLoadOptions got;

  g_assert_true (hp_run_get_trace (run) == trace);
  g_assert_cmpstr (hp_run_get_label (run), ==, "hta_trace_filter_2ranks");
  g_assert_cmpstr (hp_run_get_color (run), ==, hp_run_palette_color (2));
  g_assert_cmpint (hp_run_get_mode (run), ==, HP_MODE_HTA_COMPAT);
  g_assert_true (hp_run_get_include_last_step (run));
  hp_run_get_load_options (run, &got);
  g_assert_cmpint (got.mode, ==, HP_MODE_HTA_COMPAT);
  g_assert_true (got.include_last_step);

  g_assert_true (hp_run_has_paths (run, paths));
  g_assert_true (hp_run_has_paths (run, same));
  g_assert_false (hp_run_has_paths (run, other));
  g_assert_false (hp_run_has_paths (run, NULL));

  hp_run_set_label (run, "DDP");
  hp_run_set_label (run, "");
  g_assert_cmpstr (hp_run_get_label (run), ==, "DDP");
  hp_run_set_color (run, "#123456");
  g_assert_cmpstr (hp_run_get_color (run), ==, "#123456");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/run/labels", test_run_labels);
  g_test_add_func ("/core/run/palette", test_run_palette);
  g_test_add_func ("/core/run/trace", test_run_trace);

  return g_test_run ();
}
