/* test-collectives.c — collectives matched across ranks on hand-made jobs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* tests/data/edge/collectives-3ranks: times in us after the first event.
 * AllReduce of group "0" (ranks [0, 1, 2]) starts at 100, 130, 160 on
 * ranks 0, 1, 2, then at 500 and 520 on ranks 0 and 1 only; a Broadcast
 * of group "1" (ranks [0, 1]) at 700 and 650. A compute kernel on every
 * rank is no collective. */
#define JOB "edge/collectives-3ranks"

static double
cell (HpTable    *table,
      guint       row,
      const char *column)
{
  return hp_test_cell (table, row, column);
}

static void
test_collectives_hand_made (HpTestTraceFixture *fixture,
                            gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisParams *params = &fixture->params;
  g_autoptr (GPtrArray) tables = NULL;
  HpTable *coll, *waits;
  /* index, instance, ranks, missing, earliest, latest, skew, late rank, total wait */
  static const double expected[3][9] = {
    { 0, 0, 3, 0, 100, 160, 60, 2, 90 },
    { 1, 1, 2, 1, 500, 520, 20, 1, 20 },
    { 2, 0, 2, 0, 650, 700, 50, 0, 50 },
  };
  static const char *const columns[9] = { "index", "instance", "ranks", "missing_ranks", "earliest_start(us)", "latest_start(us)", "start_skew(us)", "late_rank", "total_wait(us)" };
  /* rank, late_by, wait per row of collective_waits */
  static const double expected_waits[7][3] = {
    { 0, 0, 60 },
    { 1, 30, 30 },
    { 2, 60, 0 },
    { 0, 0, 20 },
    { 1, 20, 0 },
    { 0, 50, 0 },
    { 1, 0, 50 },
  };

  tables = hp_test_run (hp_collectives_compute, trace, params);
  coll = hp_test_table_at (tables, 0, "collectives");
  waits = hp_test_table_at (tables, 1, "collective_waits");

  g_assert_cmpuint (hp_table_get_n_rows (coll), ==, 3);
  for (guint r = 0; r < 3; r++)
    for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
      hp_test_assert_close (cell (coll, r, columns[c]), expected[r][c]);
  g_assert_cmpstr (hp_table_get_string (coll, 0, hp_test_column (coll, "group")), ==, "0");
  g_assert_cmpstr (hp_table_get_string (coll, 2, hp_test_column (coll, "group")), ==, "1");
  g_assert_true (g_str_has_prefix (hp_table_get_string (coll, 2, hp_test_column (coll, "name")), "ncclDevKernel_Broadcast"));
  g_assert_nonnull (hp_table_get_note (coll));

  g_assert_cmpuint (hp_table_get_n_rows (waits), ==, 7);
  for (guint r = 0; r < 7; r++)
    {
      hp_test_assert_close (cell (waits, r, "rank"), expected_waits[r][0]);
      hp_test_assert_close (cell (waits, r, "late_by(us)"), expected_waits[r][1]);
      hp_test_assert_close (cell (waits, r, "wait(us)"), expected_waits[r][2]);
      hp_test_assert_close (cell (waits, r, "dur(us)"), 200);
    }

  /* a row of collective_waits stands for that rank's kernel */
  {
    g_autoptr (HpLinkedEvents) linked = hp_analysis_row_events (trace, waits, 2, params);
    const HpRank *r2 = hp_trace_find_rank (trace, 2);
    guint32       e;

    g_assert_nonnull (linked);
    g_assert_cmpint (linked->rank, ==, 2);
    g_assert_cmpuint (linked->events->len, ==, 1);
    e = g_array_index (linked->events, guint32, 0);
    g_assert_cmpint (r2->ts[e], ==, 160 * HP_NS_PER_US);
    g_assert_true (g_str_has_prefix (hp_trace_get_string (trace, r2->name[e]), "ncclDevKernel_AllReduce"));
  }

  /* a collective stands for its kernel on every rank that ran it: the
   * first AllReduce on rank 1 (at 130) in focus, ranks 0 and 2 (at 100
   * and 160) with it; the second one ran on ranks 0 and 1 only */
  {
    g_autoptr (HpLinkedEvents) linked = hp_linked_events_for_collective (trace, waits, 0, 1);
    g_autoptr (HpLinkedEvents) copy = NULL;
    static const struct
    {
      int    rank;
      gint64 ts_us;
    } others[] = { { 0, 100 }, { 2, 160 } };

    g_assert_nonnull (linked);
    g_assert_cmpint (linked->rank, ==, 1);
    g_assert_cmpuint (linked->events->len, ==, 1);
    g_assert_cmpint (hp_trace_find_rank (trace, 1)->ts[g_array_index (linked->events, guint32, 0)], ==,
                     130 * HP_NS_PER_US);
    g_assert_nonnull (linked->others);
    g_assert_cmpuint (linked->others->len, ==, G_N_ELEMENTS (others));
    for (guint i = 0; i < G_N_ELEMENTS (others); i++)
      {
        const HpLinkedEvent *e = &g_array_index (linked->others, HpLinkedEvent, i);
        const HpRank        *r = hp_trace_find_rank (trace, e->rank);

        g_assert_cmpint (e->rank, ==, others[i].rank);
        g_assert_cmpint (r->ts[e->event], ==, others[i].ts_us * HP_NS_PER_US);
        g_assert_true (g_str_has_prefix (hp_trace_get_string (trace, r->name[e->event]), "ncclDevKernel_AllReduce"));
      }
    g_assert_nonnull (strstr (linked->description, "#0 on 3 ranks"));
    copy = hp_linked_events_copy (linked);
    g_assert_cmpuint (copy->others->len, ==, 2);
    g_assert_true (copy->others != linked->others);
    g_assert_null (hp_linked_events_for_collective (trace, waits, 1, 2));
  }
}

/* Ranks 0 and 1 only: nothing is missing, the late ranks stay */
static void
test_collectives_rank_subset (HpTestTraceFixture *fixture,
                              gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisParams *params = &fixture->params;
  g_autoptr (GPtrArray) tables = NULL;
  HpTable *coll;

  hp_test_params_set_ranks (params, (const int[]){ 0, 1 }, 2);
  tables = hp_test_run (hp_collectives_compute, trace, params);
  coll = hp_test_table_at (tables, 0, "collectives");
  g_assert_cmpuint (hp_table_get_n_rows (coll), ==, 3);
  hp_test_assert_close (cell (coll, 0, "start_skew(us)"), 30);
  hp_test_assert_close (cell (coll, 0, "late_rank"), 1);
  hp_test_assert_close (cell (coll, 1, "missing_ranks"), 0);
  g_assert_null (hp_table_get_note (coll));
}

/* HTA-compatibility mode classifies by HTA's name rules: the same
 * collectives (the names contain "nccl") */
static void
test_collectives_compat (HpTestTraceFixture *fixture,
                         gconstpointer       data)
{
  HpTrace          *trace = fixture->compat;
  HpAnalysisParams *params = &fixture->params;
  g_autoptr (GPtrArray) tables = NULL;

  tables = hp_test_run (hp_collectives_compute, trace, params);
  g_assert_cmpuint (hp_table_get_n_rows (hp_test_table_at (tables, 0, "collectives")), ==, 3);
}

/* The public two-rank job is sampled: each rank lost some SendRecv
 * kernels of the window (rank 0's kernels start at 15.1, 45.8, 216.4,
 * 269.2, 506.0 ms, rank 1's at 50.6, 155.1, 219.7, 433.4, 506.1 ms). The
 * pairs that ran together are one collective each (45.8/50.6,
 * 216.4/219.7, 506.0/506.1); the kernels the other rank lost stay alone,
 * missing on it, never paired with a kernel that ran after they ended. */
static void
test_collectives_two_ranks (HpTestTraceFixture *fixture,
                            gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisParams *params = &fixture->params;
  g_autoptr (GPtrArray) tables = NULL;
  HpTable *coll, *waits;
  double   last = -1;
  guint    n_both = 0, n_alone = 0;
  tables = hp_test_run (hp_collectives_compute, trace, params);
  coll = hp_test_table_at (tables, 0, "collectives");
  waits = hp_test_table_at (tables, 1, "collective_waits");
  g_assert_cmpuint (hp_table_get_n_rows (coll), ==, 7);
  g_assert_cmpuint (hp_table_get_n_rows (waits), ==, 10);
  for (guint r = 0; r < hp_table_get_n_rows (coll); r++)
    {
      double skew = cell (coll, r, "start_skew(us)");
      int    ranks = (int)cell (coll, r, "ranks");

      hp_test_assert_close (cell (coll, r, "missing_ranks"), 2 - ranks);
      hp_test_assert_close (skew, cell (coll, r, "latest_start(us)") - cell (coll, r, "earliest_start(us)"));
      /* two ranks: the early one waits the whole skew */
      hp_test_assert_close (cell (coll, r, "total_wait(us)"), skew);
      g_assert_cmpfloat (cell (coll, r, "earliest_start(us)"), >=, last);
      last = cell (coll, r, "earliest_start(us)");
      n_both += ranks == 2;
      n_alone += ranks == 1;
    }
  g_assert_cmpuint (n_both, ==, 3);
  g_assert_cmpuint (n_alone, ==, 4);
  hp_test_assert_close (cell (coll, 1, "earliest_start(us)"), 45760);
  hp_test_assert_close (cell (coll, 1, "latest_start(us)"), 50619);
  g_assert_true (g_str_has_prefix (hp_table_get_note (coll), "4 collectives are missing on some ranks"));

  /* every kernel of a collective still ran when the last rank started it */
  for (guint w = 0; w < hp_table_get_n_rows (waits); w++)
    {
      guint index = (guint)cell (waits, w, "index");

      g_assert_cmpfloat (cell (waits, w, "start(us)") + cell (waits, w, "dur(us)"), >=,
                         cell (coll, index, "latest_start(us)"));
    }
}

static void
test_collectives_none (HpTestTraceFixture *fixture,
                       gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisParams *params = &fixture->params;
  hp_test_assert_analysis_fails (hp_collectives_compute, trace, params, NULL, HP_ANALYSIS_ERROR,
                                 HP_ANALYSIS_ERROR_NO_DATA);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  hp_test_add_trace ("/core/collectives/hand-made", JOB, hp_test_trace_setup_default, test_collectives_hand_made);
  hp_test_add_trace ("/core/collectives/rank-subset", JOB, hp_test_trace_setup_default, test_collectives_rank_subset);
  hp_test_add_trace ("/core/collectives/compat", JOB, hp_test_trace_setup_compat, test_collectives_compat);
  hp_test_add_trace ("/core/collectives/two-ranks", "hta_trace_filter_2ranks", hp_test_trace_setup_default,
                     test_collectives_two_ranks);
  hp_test_add_trace ("/core/collectives/none", "hta_triton_example", hp_test_trace_setup_default,
                     test_collectives_none);
  hp_test_add_cancelled_test ("/core/collectives/cancelled", hp_collectives_compute, "hta_trace_filter_2ranks");

  return g_test_run ();
}
