/* test-memory.c — memory per device from the [memory] events of hand-made traces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

static GPtrArray *
run (const char *case_name)
{
  g_autoptr (HpTrace) trace = hp_test_load (case_name, HP_MODE_DEFAULT);
  HpAnalysisParams params;
  GPtrArray       *tables;

  hp_analysis_params_init (&params);
  tables = hp_test_run (hp_memory_compute, trace, &params);
  hp_analysis_params_clear (&params);
  return tables;
}

static const char *
text (HpTable    *table,
      guint       row,
      const char *column)
{
  return hp_table_get_string (table, row, hp_test_column (table, column));
}

/* edge/memory-events.json (times in us from the first event, at 100):
 * on cuda:0, aten::empty allocates 1000 B at 10 (total 5000), aten::mm
 * 3000 B at 210 (total 8000, the peak), the first block is freed at 400
 * and 500 B are allocated outside any op at 500 (reserved 10000); on
 * the CPU, 64 B inside aten::empty at 20 */
static void
test_memory_events (void)
{
  g_autoptr (GPtrArray) tables = run ("edge/memory-events.json");
  HpTable *summary = hp_test_table_at (tables, 0, "memory_summary");
  HpTable *timeline = hp_test_table_at (tables, 1, "memory_events_timeline");
  HpTable *ops = hp_test_table_at (tables, 2, "memory_peak_ops");
  /* events, allocations, frees, bytes_allocated, bytes_freed, peak, peak ts, peak reserved */
  static const double      cuda[8] = { 4, 3, 1, 4500, 1000, 8000, 210, 10000 };
  static const double      cpu[8] = { 1, 1, 0, 64, 0, 64, 20, 0 };
  static const char *const columns[8] = { "events", "allocations", "frees", "bytes_allocated", "bytes_freed", "peak_allocated", "peak_allocated_ts", "peak_reserved" };

  g_assert_cmpuint (hp_table_get_n_rows (summary), ==, 2);
  g_assert_cmpstr (text (summary, 0, "device"), ==, "cpu");
  g_assert_cmpstr (text (summary, 1, "device"), ==, "cuda:0");
  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    {
      hp_test_assert_close (hp_test_cell (summary, 0, columns[c]), cpu[c]);
      hp_test_assert_close (hp_test_cell (summary, 1, columns[c]), cuda[c]);
    }
  g_assert_cmpstr (text (summary, 1, "peak_is_relative"), ==, "False");

  g_assert_cmpuint (hp_table_get_n_rows (timeline), ==, 5);
  hp_test_assert_close (hp_test_cell (timeline, 3, "ts"), 400);
  hp_test_assert_close (hp_test_cell (timeline, 3, "allocated"), 7000);
  hp_test_assert_close (hp_test_cell (timeline, 4, "reserved"), 10000);

  /* at the peak (210) both cuda blocks are alive; the one at 500 is not */
  g_assert_cmpuint (hp_table_get_n_rows (ops), ==, 3);
  g_assert_cmpstr (text (ops, 0, "op"), ==, "aten::empty");
  g_assert_cmpstr (text (ops, 0, "device"), ==, "cpu");
  g_assert_cmpstr (text (ops, 1, "op"), ==, "aten::mm");
  hp_test_assert_close (hp_test_cell (ops, 1, "bytes"), 3000);
  g_assert_cmpstr (text (ops, 2, "op"), ==, "aten::empty");
  hp_test_assert_close (hp_test_cell (ops, 2, "bytes"), 1000);
}

/* Traces from 2021 carry no totals: the peak is the largest running sum
 * of Bytes (100, 300, 200, 250), relative to the first event */
static void
test_memory_relative (void)
{
  g_autoptr (GPtrArray) tables = run ("edge/memory-events-2021.json");
  HpTable *summary = hp_test_table_at (tables, 0, "memory_summary");
  HpTable *timeline = hp_test_table_at (tables, 1, "memory_events_timeline");
  HpTable *ops = hp_test_table_at (tables, 2, "memory_peak_ops");

  g_assert_cmpuint (hp_table_get_n_rows (summary), ==, 1);
  hp_test_assert_close (hp_test_cell (summary, 0, "peak_allocated"), 300);
  hp_test_assert_close (hp_test_cell (summary, 0, "peak_allocated_ts"), 20);
  g_assert_true (hp_table_is_null (summary, 0, hp_test_column (summary, "peak_reserved")));
  g_assert_cmpstr (text (summary, 0, "peak_is_relative"), ==, "True");
  hp_test_assert_close (hp_test_cell (timeline, 3, "allocated"), 250);
  /* both live blocks came from the legacy "Operator" aten::add */
  g_assert_cmpuint (hp_table_get_n_rows (ops), ==, 1);
  g_assert_cmpstr (text (ops, 0, "op"), ==, "aten::add");
  hp_test_assert_close (hp_test_cell (ops, 0, "allocations"), 2);
  hp_test_assert_close (hp_test_cell (ops, 0, "bytes"), 300);
}

static void
test_memory_none (void)
{
  g_autoptr (GPtrArray) tables = run ("hta_trace_filter_2ranks");
  HpTable *summary = hp_test_table_at (tables, 0, "memory_summary");

  g_assert_cmpuint (hp_table_get_n_rows (summary), ==, 0);
  g_assert_nonnull (strstr (hp_table_get_note (summary), "profile_memory"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/memory/events", test_memory_events);
  g_test_add_func ("/core/memory/relative", test_memory_relative);
  g_test_add_func ("/core/memory/none", test_memory_none);
  hp_test_add_cancelled_test ("/core/memory/cancelled", hp_memory_compute, "hta_trace_filter_2ranks");

  return g_test_run ();
}
