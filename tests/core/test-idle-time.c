/* test-idle-time.c — the idle time breakdown against HTA's tables and hand-made traces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* Cases where HTA fails ("No objects to concatenate"): no rank has a kernel. */
static const char *const no_kernel_cases[] = {
  "hta_cpu_only",
  "hta_distributed_info_unavailable",
  "hta_rank_non_gpu",
  "hta_rank_unavailable",
};

/* ---------------------------------------------------------------------- */
/* helpers                                                                 */

/* Runs the analysis with HTA's defaults (all ranks, statistics on, 30 us). */
static GPtrArray *
run (HpTrace                *trace,
     const HpAnalysisParams *params)
{
  return hp_test_run (hp_idle_time_compute, trace, params);
}

/* The row of (stream, category) in a breakdown or statistics table, or -1. */
static int
find_row (HpTable    *table,
          int         rank,
          gint64      stream,
          const char *category)
{
  int rank_col = hp_test_column (table, "rank");
  int stream_col = hp_test_column (table, "stream");
  int category_col = hp_test_column (table, "idle_category");

  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    if (hp_table_get_int (table, row, rank_col) == rank &&
        hp_table_get_int (table, row, stream_col) == stream &&
        g_str_equal (hp_table_get_string (table, row, category_col), category))
      return row;
  return -1;
}

static void
assert_cell (HpTable    *table,
             int         row,
             const char *name,
             double      expected)
{
  double value;

  g_assert_cmpint (row, >=, 0);
  value = hp_table_get_double (table, row, hp_test_column (table, name));
  if (isnan (expected))
    g_assert_true (isnan (value));
  else
    g_assert_cmpfloat_with_epsilon (value, expected, 1e-9);
}

/* ---------------------------------------------------------------------- */
/* parity with HTA                                                         */

static void
test_parity (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  const char *case_name = data;
  HpTrace    *trace = fixture->compat;
  g_autoptr (GPtrArray) tables = run (trace, NULL);
  g_autofree char *breakdown = hp_test_golden_path (case_name, "idle_time_breakdown.csv");
  g_autofree char *stats = hp_test_golden_path (case_name, "idle_time_interval_stats.csv");

  g_assert_cmpuint (tables->len, ==, 2);
  hp_test_assert_table_matches_golden (hp_test_table_at (tables, 0, "idle_time_breakdown"), breakdown);
  hp_test_assert_table_matches_golden (hp_test_table_at (tables, 1, "idle_time_interval_stats"), stats);
}

/* HTA fails on these; we give empty tables that say why, in both modes. */
static void
test_no_kernels (HpTestTraceFixture *fixture,
                 gconstpointer       data)
{
  HpTrace *traces[] = { fixture->trace, fixture->compat };

  for (guint mode = 0; mode < G_N_ELEMENTS (traces); mode++)
    {
      g_autoptr (GPtrArray) tables = run (traces[mode], NULL);

      g_assert_cmpuint (tables->len, ==, 2);
      for (guint i = 0; i < 2; i++)
        {
          HpTable *table = g_ptr_array_index (tables, i);

          g_assert_cmpuint (hp_table_get_n_rows (table), ==, 0);
          g_assert_cmpstr (hp_table_get_note (table), ==, "No GPU kernels in the selected ranks.");
        }
    }
}

/* ---------------------------------------------------------------------- */
/* hand-made traces                                                        */

/* The worked example of docs/analyses.md §2: kernel_wait 0 (ratio 0), other 195
 * (ratio 1), no host_wait; the same in both modes. */
static void
test_synthetic (HpTestTraceFixture *fixture,
                gconstpointer       data)
{
  for (int mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      HpTrace *trace = mode == HP_MODE_DEFAULT ? fixture->trace : fixture->compat;
      g_autoptr (GPtrArray) tables = run (trace, NULL);
      HpTable *breakdown = hp_test_table_at (tables, 0, "idle_time_breakdown");
      HpTable *stats = hp_test_table_at (tables, 1, "idle_time_interval_stats");
      int      row;

      g_assert_cmpuint (hp_table_get_n_rows (breakdown), ==, 2);
      g_assert_cmpint (find_row (breakdown, 0, 7, "host_wait"), ==, -1);
      row = find_row (breakdown, 0, 7, "kernel_wait");
      g_assert_cmpint (row, ==, 0);
      assert_cell (breakdown, row, "idle_time", 0.0);
      assert_cell (breakdown, row, "idle_time_ratio", 0.0);
      row = find_row (breakdown, 0, 7, "other");
      g_assert_cmpint (row, ==, 1);
      assert_cell (breakdown, row, "idle_time", 195.0);
      assert_cell (breakdown, row, "idle_time_ratio", 1.0);

      /* the gaps 100 and 95 */
      row = find_row (stats, 0, 7, "other");
      assert_cell (stats, row, "count", 2);
      assert_cell (stats, row, "mean", 97.5);
      assert_cell (stats, row, "std", 3.54);
      assert_cell (stats, row, "min", 95);
      assert_cell (stats, row, "25%", 96.25);
      assert_cell (stats, row, "50%", 97.5);
      assert_cell (stats, row, "75%", 98.75);
      assert_cell (stats, row, "max", 100);
      row = find_row (stats, 0, 7, "kernel_wait");
      assert_cell (stats, row, "count", 1);
      assert_cell (stats, row, "std", NAN);

      /* HTA's columns, then ours in the default mode */
      g_assert_cmpstr (hp_table_get_column_name (breakdown, 4), ==, "idle_time_ratio");
      g_assert_cmpstr (hp_table_get_column_name (stats, 0), ==, "idle_category");
      g_assert_cmpuint (hp_table_get_n_columns (breakdown), ==, mode == HP_MODE_DEFAULT ? 7 : 5);
      g_assert_cmpuint (hp_table_get_n_columns (stats), ==, mode == HP_MODE_DEFAULT ? 12 : 11);
    }
}

/* A kernel with a correlation id but no launch: HTA takes the launch time
 * of event 0, a CPU op that starts late, and calls the gap host wait. */
static void
test_event_zero_quirk (HpTestTraceFixture *fixture,
                       gconstpointer       data)
{
  HpTrace *hta = fixture->compat;
  HpTrace *better = fixture->trace;
  g_autoptr (GPtrArray) hta_tables = run (hta, NULL);
  g_autoptr (GPtrArray) better_tables = run (better, NULL);
  HpTable *t;

  t = hp_test_table_at (hta_tables, 0, "idle_time_breakdown");
  assert_cell (t, find_row (t, 0, 7, "host_wait"), "idle_time", 90);
  assert_cell (t, find_row (t, 0, 7, "host_wait"), "idle_time_ratio", 1.0);
  assert_cell (t, find_row (t, 0, 7, "other"), "idle_time", 0);

  t = hp_test_table_at (better_tables, 0, "idle_time_breakdown");
  g_assert_cmpint (find_row (t, 0, 7, "host_wait"), ==, -1);
  assert_cell (t, find_row (t, 0, 7, "other"), "idle_time", 90);
  assert_cell (t, find_row (t, 0, 7, "other"), "idle_time_ratio", 1.0);
}

/* Kernels that overlap on one stream: HTA adds negative gaps measured from
 * the previous kernel; the default mode measures from the latest end and
 * reports the overlap separately. */
static void
test_overlap (HpTestTraceFixture *fixture,
              gconstpointer       data)
{
  HpTrace *hta = fixture->compat;
  HpTrace *better = fixture->trace;
  g_autoptr (GPtrArray) hta_tables = run (hta, NULL);
  g_autoptr (GPtrArray) better_tables = run (better, NULL);
  HpTable *t, *s;
  int      row;

  /* HTA: gaps 320 − 400 = −80 and 360 − 340 = 20, both kernel_wait */
  t = hp_test_table_at (hta_tables, 0, "idle_time_breakdown");
  s = hp_test_table_at (hta_tables, 1, "idle_time_interval_stats");
  row = find_row (t, 0, 8, "kernel_wait");
  assert_cell (t, row, "idle_time", -60);
  assert_cell (t, row, "idle_time_ratio", 1.0);
  assert_cell (t, find_row (t, 0, 8, "other"), "idle_time", 0);
  assert_cell (t, find_row (t, 0, 8, "other"), "idle_time_ratio", 0);
  row = find_row (s, 0, 8, "kernel_wait");
  assert_cell (s, row, "count", 2);
  assert_cell (s, row, "mean", -30);
  assert_cell (s, row, "std", 70.71);
  assert_cell (s, row, "min", -80);
  assert_cell (s, row, "25%", -55);
  assert_cell (s, row, "max", 20);
  g_assert_cmpint (hp_table_find_column (t, "overlap_time"), ==, -1);

  /* default: the stream is busy until 400, so both gaps are 0; 80 + 40 us
   * of overlap; a stream never idle has NaN ratios */
  t = hp_test_table_at (better_tables, 0, "idle_time_breakdown");
  s = hp_test_table_at (better_tables, 1, "idle_time_interval_stats");
  row = find_row (t, 0, 8, "kernel_wait");
  assert_cell (t, row, "idle_time", 0);
  assert_cell (t, row, "idle_time_ratio", NAN);
  assert_cell (t, row, "overlap_time", 120);
  assert_cell (t, row, "device", 0);
  assert_cell (t, find_row (t, 0, 8, "other"), "overlap_time", 0);
  row = find_row (s, 0, 8, "kernel_wait");
  assert_cell (s, row, "count", 2);
  assert_cell (s, row, "min", 0);
  assert_cell (s, row, "max", 0);

  /* a stream with one kernel: other 0 with a NaN ratio, in both modes */
  for (guint i = 0; i < 2; i++)
    {
      t = hp_test_table_at (i == 0 ? hta_tables : better_tables, 0, "idle_time_breakdown");
      row = find_row (t, 0, 9, "other");
      assert_cell (t, row, "idle_time", 0);
      assert_cell (t, row, "idle_time_ratio", NAN);
      g_assert_cmpint (find_row (t, 0, 9, "kernel_wait"), ==, -1);
    }
}

/* Two GPUs in one rank file: HTA merges their stream 7; the default mode
 * keeps one row set per device. */
static void
test_devices (HpTestTraceFixture *fixture,
              gconstpointer       data)
{
  HpTrace *hta = fixture->compat;
  HpTrace *better = fixture->trace;
  g_autoptr (GPtrArray) hta_tables = run (hta, NULL);
  g_autoptr (GPtrArray) better_tables = run (better, NULL);
  HpTable *t;
  int      device;

  /* merged: [10,20) [30,40) [60,70) [110,120): gaps 10, 20 (kernel wait), 40 */
  t = hp_test_table_at (hta_tables, 0, "idle_time_breakdown");
  g_assert_cmpuint (hp_table_get_n_rows (t), ==, 2);
  assert_cell (t, find_row (t, 0, 7, "kernel_wait"), "idle_time", 30);
  assert_cell (t, find_row (t, 0, 7, "kernel_wait"), "idle_time_ratio", 0.43);
  assert_cell (t, find_row (t, 0, 7, "other"), "idle_time", 40);
  assert_cell (t, find_row (t, 0, 7, "other"), "idle_time_ratio", 0.57);

  /* per device: gap 40 on device 0, 70 on device 1 */
  t = hp_test_table_at (better_tables, 0, "idle_time_breakdown");
  device = hp_test_column (t, "device");
  g_assert_cmpuint (hp_table_get_n_rows (t), ==, 2);
  g_assert_cmpint (hp_table_get_int (t, 0, device), ==, 0);
  assert_cell (t, 0, "idle_time", 40);
  g_assert_cmpint (hp_table_get_int (t, 1, device), ==, 1);
  assert_cell (t, 1, "idle_time", 70);
  g_assert_cmpstr (hp_table_get_string (t, 1, hp_test_column (t, "idle_category")), ==, "other");
}

/* The intervals the timeline shades add up to the table, category by
 * category (trace_filter rank 0 stream 7, with HTA's values, docs/analyses.md §2). */
static void
test_intervals_match_table (HpTestTraceFixture *fixture,
                            gconstpointer       data)
{
  static const struct
  {
    HpIdleCategory category;
    double         sum;
    guint          count;
  } expected[] = {
    { HP_IDLE_HOST_WAIT, 213825, 82 },
    { HP_IDLE_KERNEL_WAIT, 1985, 196 },
    { HP_IDLE_OTHER, 261740, 247 },
  };
  HpTrace      *trace = fixture->compat;
  const HpRank *rank = hp_trace_find_rank (trace, 0);
  g_autoptr (GArray) gaps = NULL;
  g_autoptr (GArray) other_device = NULL;
  double sum[HP_N_IDLE_CATEGORIES] = { 0 };
  guint  count[HP_N_IDLE_CATEGORIES] = { 0 };

  g_assert_nonnull (rank);
  gaps = hp_idle_time_get_intervals (trace, rank, HP_NONE, 7, 30);
  for (guint i = 0; i < gaps->len; i++)
    {
      const HpIdleInterval *gap = &g_array_index (gaps, HpIdleInterval, i);

      sum[gap->category] += hp_ns_to_us (gap->end - gap->start);
      count[gap->category]++;
      g_assert_true (hp_rank_stream (rank, gap->kernel) == 7);
      g_assert_true (rank->ts[gap->kernel] == gap->end);
      if (i > 0)
        g_assert_cmpint (gap->end, >=, g_array_index (gaps, HpIdleInterval, i - 1).end);
    }
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_assert_cmpfloat_with_epsilon (sum[expected[i].category], expected[i].sum, 1e-9);
      g_assert_cmpuint (count[expected[i].category], ==, expected[i].count);
    }
  g_assert_cmpstr (hp_idle_category_to_string (HP_IDLE_KERNEL_WAIT), ==, "kernel_wait");

  /* HTA merges devices: the device argument does not matter there */
  other_device = hp_idle_time_get_intervals (trace, rank, 5, 7, 30);
  g_assert_cmpuint (other_device->len, ==, gaps->len);
}

static void
test_intervals_devices (HpTestTraceFixture *fixture,
                        gconstpointer       data)
{
  HpTrace      *trace = fixture->trace;
  const HpRank *rank = hp_trace_get_rank (trace, 0);
  g_autoptr (GArray) one = hp_idle_time_get_intervals (trace, rank, 1, 7, 30);
  g_autoptr (GArray) all = hp_idle_time_get_intervals (trace, rank, HP_NONE, 7, 30);
  g_autoptr (GArray) none = hp_idle_time_get_intervals (trace, rank, 0, 42, 30);
  const HpIdleInterval *gap;

  g_assert_cmpuint (one->len, ==, 1);
  gap = &g_array_index (one, HpIdleInterval, 0);
  g_assert_cmpint (gap->start, ==, 40 * HP_NS_PER_US);
  g_assert_cmpint (gap->end, ==, 110 * HP_NS_PER_US);
  g_assert_cmpint (gap->overlap, ==, 0);
  g_assert_cmpint (gap->category, ==, HP_IDLE_OTHER);
  g_assert_cmpstr (hp_trace_get_string (trace, rank->name[gap->kernel]), ==, "d");

  g_assert_cmpuint (all->len, ==, 3);
  g_assert_cmpuint (none->len, ==, 0);
}

/* ---------------------------------------------------------------------- */
/* parameters and edge cases (docs/analyses.md §19)                                    */

static void
test_streams_parameter (HpTestTraceFixture *fixture,
                        gconstpointer       data)
{
  HpTrace          *trace = fixture->compat;
  HpAnalysisParams *params = &fixture->params;
  gint64            wanted[] = { 9, 7, 9 };
  gint64            absent = 42;

  params->streams = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_array_append_vals (params->streams, wanted, G_N_ELEMENTS (wanted));
  {
    g_autoptr (GPtrArray) tables = run (trace, params);
    HpTable *t = hp_test_table_at (tables, 0, "idle_time_breakdown");
    int      stream = hp_test_column (t, "stream");

    /* in the requested order, each stream once */
    g_assert_cmpuint (hp_table_get_n_rows (t), ==, 3);
    g_assert_cmpint (hp_table_get_int (t, 0, stream), ==, 9);
    g_assert_cmpint (hp_table_get_int (t, 1, stream), ==, 7);
    g_assert_cmpint (hp_table_get_int (t, 2, stream), ==, 7);
    g_assert_null (hp_table_get_note (t));
  }

  g_array_set_size (params->streams, 0);
  g_array_append_val (params->streams, absent);
  {
    g_autoptr (GPtrArray) tables = run (trace, params);
    HpTable *t = hp_test_table_at (tables, 0, "idle_time_breakdown");

    g_assert_cmpuint (hp_table_get_n_rows (t), ==, 0);
    g_assert_nonnull (hp_table_get_note (t));
  }
}

static void
test_without_stats (HpTestTraceFixture *fixture,
                    gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisParams *params = &fixture->params;

  hp_analysis_params_set_boolean (params, &hp_idle_time_show_idle_interval_stats_spec, FALSE);
  {
    g_autoptr (GPtrArray) tables = run (trace, params);

    g_assert_cmpuint (tables->len, ==, 1);
    hp_test_table_at (tables, 0, "idle_time_breakdown");
  }

  /* a delay of 0 makes no gap kernel_wait, a huge one every gap */
  hp_analysis_params_set_double (params, &hp_idle_time_consecutive_kernel_delay_spec, 0);
  {
    g_autoptr (GPtrArray) tables = run (trace, params);
    HpTable *t = hp_test_table_at (tables, 0, "idle_time_breakdown");

    g_assert_cmpuint (hp_table_get_n_rows (t), ==, 1);
    assert_cell (t, find_row (t, 0, 7, "other"), "idle_time", 195);
  }
  hp_analysis_params_set_double (params, &hp_idle_time_consecutive_kernel_delay_spec, 1e6);
  {
    g_autoptr (GPtrArray) tables = run (trace, params);
    HpTable *t = hp_test_table_at (tables, 0, "idle_time_breakdown");

    assert_cell (t, find_row (t, 0, 7, "kernel_wait"), "idle_time", 195);
    assert_cell (t, find_row (t, 0, 7, "other"), "idle_time", 0);
  }
}

static void
test_errors (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisParams *params = &fixture->params;
  static const int  missing[] = { 3 };

  /* a rank that is not in the trace */
  hp_test_params_set_ranks (params, missing, G_N_ELEMENTS (missing));
  hp_test_assert_analysis_fails (hp_idle_time_compute, trace, params, NULL, HP_ANALYSIS_ERROR,
                                 HP_ANALYSIS_ERROR_NO_SUCH_RANK);
  g_clear_pointer (&params->ranks, g_array_unref);

  /* a negative delay never reaches the analysis: the setter refuses it */
  g_test_expect_message ("hotpath-core", G_LOG_LEVEL_WARNING, "consecutive_kernel_delay takes a number from 0 to *'-1'*");
  hp_analysis_params_set_double (params, &hp_idle_time_consecutive_kernel_delay_spec, -1);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (hp_analysis_params_get_double (params, &hp_idle_time_consecutive_kernel_delay_spec), ==, 30);

  hp_test_assert_cancelled (hp_idle_time_compute, trace);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  /* every public case HTA produced the tables for */
  hp_test_add_golden_traces ("/core/idle-time/parity", "idle_time_breakdown.csv", G_FILE_TEST_IS_DIR, hp_test_trace_setup_compat, test_parity);
  for (guint i = 0; i < G_N_ELEMENTS (no_kernel_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/idle-time/no-kernels/%s", no_kernel_cases[i]);

      hp_test_add_trace (path, no_kernel_cases[i], hp_test_trace_setup, test_no_kernels);
    }

  hp_test_add_trace ("/core/idle-time/synthetic", "edge/idle-time-synthetic.json", hp_test_trace_setup, test_synthetic);
  hp_test_add_trace ("/core/idle-time/event-zero-quirk", "edge/idle-time-quirks.json", hp_test_trace_setup,
                     test_event_zero_quirk);
  hp_test_add_trace ("/core/idle-time/overlap", "edge/idle-time-quirks.json", hp_test_trace_setup, test_overlap);
  hp_test_add_trace ("/core/idle-time/devices", "edge/idle-time-devices.json", hp_test_trace_setup, test_devices);
  hp_test_add_trace ("/core/idle-time/intervals/match-table", "hta_trace_filter_2ranks", hp_test_trace_setup_compat,
                     test_intervals_match_table);
  hp_test_add_trace ("/core/idle-time/intervals/devices", "edge/idle-time-devices.json", hp_test_trace_setup_default,
                     test_intervals_devices);
  hp_test_add_trace ("/core/idle-time/streams-parameter", "edge/idle-time-quirks.json", hp_test_trace_setup_compat,
                     test_streams_parameter);
  hp_test_add_trace ("/core/idle-time/without-stats", "edge/idle-time-synthetic.json", hp_test_trace_setup_default,
                     test_without_stats);
  hp_test_add_trace ("/core/idle-time/errors", "edge/idle-time-synthetic.json", hp_test_trace_setup_default,
                     test_errors);

  return g_test_run ();
}
