/* test-memory-timeline.c — the raw memory-timeline export against HTA and by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

static HpTable *
read_export (const char *first,
             ...)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = hp_test_data_path (first, "memory_timeline.raw.gz", NULL);
  HpTable         *table = hp_memory_timeline_read (path, NULL, &error);

  g_assert_no_error (error);
  return table;
}

static void
test_golden (void)
{
  g_autoptr (HpTable) table = read_export ("hta_memory_timeline", NULL);
  g_autofree char *golden = hp_test_golden_path ("hta_memory_timeline", "memory_timeline.csv");

  hp_test_assert_table_matches_golden (table, golden);
}

/* HTA's own test (docs/analyses.md §13): 8 categories; point 744 */
static void
test_hta_test (void)
{
  g_autoptr (HpTable) table = read_export ("hta_memory_timeline", NULL);
  static const gint64 expected[8] = { 102440608, 102228128, 19395584, 0, 2618160128, 58417152, 41811968, 25494440 };

  g_assert_cmpuint (hp_table_get_n_columns (table), ==, 9);
  for (guint c = 0; c < 8; c++)
    g_assert_cmpint (hp_table_get_int (table, 744, c + 1), ==, expected[c]);
  g_assert_cmpstr (hp_table_get_column_name (table, 1), ==, "Parameter");
  g_assert_cmpstr (hp_table_get_column_name (table, 8), ==, "Unknown");
}

/* edge/memory-export/step.raw.json, by hand: two records before
 * profiling (time −1, put at the first time, 1000), two at 1000, one
 * at 2000, and one at 1000 again, which is a point of its own */
static void
test_hand_made (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = hp_test_data_path ("edge", "memory-export", "step.raw.json", NULL);
  g_autoptr (HpTable) table = hp_memory_timeline_read (path, NULL, &error);
  static const gint64 expected[4][9] = {
    { 1000, 100, 0, 0, 0, 0, 0, 0, 50 },
    { 1000, 100, 0, 0, 0, 50, 0, 0, 50 },
    { 2000, 100, 0, 0, 0, 20, 0, 0, 50 },
    { 1000, 100, 0, 0, 5, 20, 0, 0, 50 },
  };

  g_assert_no_error (error);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 4);
  for (guint r = 0; r < 4; r++)
    for (guint c = 0; c < 9; c++)
      g_assert_cmpint (hp_table_get_int (table, r, c), ==, expected[r][c]);
}

/* In a folder, the loader leaves the export aside and the analysis
 * finds it; without one the table is empty and says why */
static void
test_next_to_trace (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/memory-export", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) other = hp_test_load ("edge/cupti-correlation.json", HP_MODE_DEFAULT);
  HpAnalysisParams params;

  hp_analysis_params_init (&params);
  {
    g_autoptr (GPtrArray) tables = hp_test_run (hp_memory_timeline_compute, trace, &params);

    g_assert_cmpuint (hp_table_get_n_rows (hp_test_table_at (tables, 0, "memory_timeline")), ==, 4);
  }
  {
    g_autoptr (GPtrArray) tables = hp_test_run (hp_memory_timeline_compute, other, &params);
    HpTable *table = hp_test_table_at (tables, 0, "memory_timeline");

    g_assert_cmpuint (hp_table_get_n_rows (table), ==, 0);
    g_assert_nonnull (strstr (hp_table_get_note (table), "export_memory_timeline"));
  }
  hp_analysis_params_clear (&params);
}

static void
assert_read_fails (const char *text,
                   int         code,
                   const char *words)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hp-memory-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "bad.raw.json", NULL);
  g_autoptr (HpTable) table = NULL;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  table = hp_memory_timeline_read (path, NULL, &error);
  g_assert_null (table);
  g_assert_error (error, HP_LOAD_ERROR, code);
  /* the message names the file and the reason */
  g_assert_nonnull (strstr (error->message, "bad.raw.json"));
  g_assert_nonnull (strstr (error->message, words));
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_bad_input (void)
{
  assert_read_fails ("[[1, 2, 3]]", HP_LOAD_ERROR_NOT_A_TRACE, "has 3 values");
  assert_read_fails ("[[1, 2, 3, 8]]", HP_LOAD_ERROR_NOT_A_TRACE, "category 8");
  assert_read_fails ("{\"traceEvents\": []}", HP_LOAD_ERROR_NOT_A_TRACE, "not a raw memory-timeline export");
  assert_read_fails ("[[1, 2, 3, 0], [4", HP_LOAD_ERROR_TRUNCATED, "truncated");
  assert_read_fails ("", HP_LOAD_ERROR_EMPTY, "empty");
}

static void
test_is_export (void)
{
  g_assert_true (hp_memory_timeline_is_export ("/a/b/run.raw.json.gz"));
  g_assert_true (hp_memory_timeline_is_export ("memory_timeline.raw.gz"));
  g_assert_true (hp_memory_timeline_is_export ("x.raw.json"));
  g_assert_false (hp_memory_timeline_is_export ("rank-0.json.gz"));
  g_assert_false (hp_memory_timeline_is_export ("raw.trace.json"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/memory-timeline/golden", test_golden);
  g_test_add_func ("/core/memory-timeline/hta-test", test_hta_test);
  g_test_add_func ("/core/memory-timeline/hand-made", test_hand_made);
  g_test_add_func ("/core/memory-timeline/next-to-trace", test_next_to_trace);
  g_test_add_func ("/core/memory-timeline/bad-input", test_bad_input);
  g_test_add_func ("/core/memory-timeline/is-export", test_is_export);

  return g_test_run ();
}
