/* test-area-stats.c — the events of a time range × some lanes by name, against hand-computed numbers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "hp-core.h"
#include "hp-test-utils.h"

#define US HP_NS_PER_US

/* tests/data/edge/range-stats.json, aligned to its first event (1000 us):
 * host thread 1: ProfilerStep#1 [0, 100) over aten::mm [10, 30) over a
 * launch [12, 14), ProfilerStep#2 [100, 130);
 * stream 7: gemm [20, 50), memcpy [55, 65), gemm [70, 90) over add
 * [76, 84) (depth 1), relu [95, 120);
 * stream 8: ncclKernel_AllReduce [40, 75);
 * stream 9: a gpu_user_annotation [30, 50). */
static HpTrace *
load_trace (void)
{
  return hp_test_load ("edge/range-stats.json", HP_MODE_DEFAULT);
}

/* the lane of rank position 0 with @tid */
static HpLaneRef
lane_of (HpTrace *trace,
         gint64   tid)
{
  const HpRank *r = hp_trace_get_rank (trace, 0);

  for (guint l = 0; l < r->n_lanes; l++)
    if (r->lanes[l].tid == tid)
      return (HpLaneRef){ 0, l };
  g_assert_not_reached ();
  return (HpLaneRef){ 0, 0 };
}

static HpTable *
compute (HpTrace         *trace,
         gint64           start_us,
         gint64           end_us,
         const HpLaneRef *lanes,
         guint            n_lanes)
{
  g_autoptr (GError) error = NULL;
  HpTable *table = hp_area_stats_compute (trace, hp_time_span_make (start_us * US, end_us * US), lanes, n_lanes, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (table);
  g_assert_cmpstr (hp_table_get_name (table), ==, "area_selection");
  return table;
}

static void
assert_row (HpTable    *table,
            guint       row,
            const char *name,
            gint64      count,
            double      total,
            double      mean,
            double      min,
            double      max,
            double      share)
{
  g_assert_cmpuint (row, <, hp_table_get_n_rows (table));
  g_assert_cmpstr (hp_table_get_string (table, row, hp_test_column (table, "name")), ==, name);
  g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "count")), ==, count);
  g_assert_cmpfloat_with_epsilon (hp_test_cell (table, row, "total_dur"), total, 1e-9);
  g_assert_cmpfloat_with_epsilon (hp_test_cell (table, row, "mean_dur"), mean, 1e-9);
  g_assert_cmpfloat_with_epsilon (hp_test_cell (table, row, "min_dur"), min, 1e-9);
  g_assert_cmpfloat_with_epsilon (hp_test_cell (table, row, "max_dur"), max, 1e-9);
  g_assert_cmpfloat_with_epsilon (hp_test_cell (table, row, "share"), share, 1e-9);
}

/* [25, 100) over streams 7 and 8: the first gemm counts its 25 us inside,
 * the second its 20; the nested add counts; stream 9 and the host are
 * not in the area */
static void
test_area_two_streams (void)
{
  g_autoptr (HpTrace) trace = load_trace ();
  HpLaneRef lanes[2];
  g_autoptr (HpTable) table = NULL;

  lanes[0] = lane_of (trace, 7);
  lanes[1] = lane_of (trace, 8);
  table = compute (trace, 25, 100, lanes, 2);

  g_assert_cmpuint (hp_table_get_n_columns (table), ==, 7);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 5);
  assert_row (table, 0, "gemm", 2, 45, 22.5, 20, 25, 100.0 * 45 / 75);
  assert_row (table, 1, "ncclKernel_AllReduce", 1, 35, 35, 35, 35, 100.0 * 35 / 75);
  assert_row (table, 2, "Memcpy HtoD (Pageable -> Device)", 1, 10, 10, 10, 10, 100.0 * 10 / 75);
  assert_row (table, 3, "add", 1, 8, 8, 8, 8, 100.0 * 8 / 75);
  assert_row (table, 4, "relu", 1, 5, 5, 5, 5, 100.0 * 5 / 75);
}

/* [0, 20) of the host thread: every depth, a lane listed twice counts once */
static void
test_area_host_depths (void)
{
  g_autoptr (HpTrace) trace = load_trace ();
  HpLaneRef lanes[2];
  g_autoptr (HpTable) table = NULL;

  lanes[0] = lane_of (trace, 1);
  lanes[1] = lanes[0];
  table = compute (trace, 0, 20, lanes, 2);

  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 3);
  assert_row (table, 0, "ProfilerStep#1", 1, 20, 20, 20, 20, 100);
  assert_row (table, 1, "aten::mm", 1, 10, 10, 10, 10, 50);
  assert_row (table, 2, "cudaLaunchKernel", 1, 2, 2, 2, 2, 10);
}

/* events that end where the range starts or start where it ends are not
 * in it; no lanes, an empty range or lanes that do not exist give no rows */
static void
test_area_edges (void)
{
  g_autoptr (HpTrace) trace = load_trace ();
  HpLaneRef stream7 = lane_of (trace, 7);
  HpLaneRef missing[] = { { 0, 999 }, { 5, 0 } };
  g_autoptr (HpTable) between = compute (trace, 50, 55, &stream7, 1);
  g_autoptr (HpTable) none = compute (trace, 0, 100, NULL, 0);
  g_autoptr (HpTable) empty = compute (trace, 60, 60, &stream7, 1);
  g_autoptr (HpTable) reversed = compute (trace, 80, 20, &stream7, 1);
  g_autoptr (HpTable) nowhere = compute (trace, 0, 100, missing, 2);

  g_assert_cmpuint (hp_table_get_n_rows (between), ==, 0);
  g_assert_cmpuint (hp_table_get_n_rows (none), ==, 0);
  g_assert_cmpuint (hp_table_get_n_rows (empty), ==, 0);
  g_assert_cmpuint (hp_table_get_n_rows (reversed), ==, 0);
  g_assert_cmpuint (hp_table_get_n_rows (nowhere), ==, 0);
  g_assert_cmpuint (hp_table_get_n_columns (none), ==, 7);
}

static void
async_ready_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  *(GAsyncResult **)user_data = g_object_ref (result);
}

/* the worker gives the table the synchronous call gives; the CSV has
 * the columns in order */
static void
test_area_async (void)
{
  g_autoptr (HpTrace) trace = load_trace ();
  HpLaneRef lanes[2];
  g_autoptr (HpTable) sync = NULL;
  g_autoptr (HpTable) async = NULL;
  g_autoptr (GAsyncResult) result = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *sync_csv = NULL;
  g_autofree char *async_csv = NULL;

  lanes[0] = lane_of (trace, 7);
  lanes[1] = lane_of (trace, 8);
  sync = compute (trace, 25, 100, lanes, 2);
  hp_area_stats_compute_async (trace, hp_time_span_make (25 * US, 100 * US), lanes, 2, NULL, async_ready_cb, &result);
  /* the lanes were copied */
  lanes[0] = lanes[1];
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  async = hp_area_stats_compute_finish (result, &error);
  g_assert_no_error (error);
  sync_csv = hp_table_to_csv (sync);
  async_csv = hp_table_to_csv (async);
  g_assert_cmpstr (async_csv, ==, sync_csv);
  g_assert_true (g_str_has_prefix (sync_csv, "name,count,total_dur,mean_dur,min_dur,max_dur,share\n"));
}

static void
test_area_cancelled (void)
{
  g_autoptr (HpTrace) trace = load_trace ();
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  HpLaneRef stream7 = lane_of (trace, 7);
  g_autoptr (HpTable) table = NULL;

  g_cancellable_cancel (cancellable);
  table = hp_area_stats_compute (trace, hp_time_span_make (0, 100 * US), &stream7, 1, cancellable, &error);
  g_assert_null (table);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* a real trace: over every lane of a rank, the GPU kernels' totals are
 * the range statistics' top kernels */
static void
test_area_real (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  const HpRank *r = hp_trace_get_rank (trace, 0);
  g_autoptr (GArray) lanes = g_array_new (FALSE, FALSE, sizeof (HpLaneRef));
  gboolean   only_first[2] = { TRUE, FALSE };
  gint64     t0 = G_MAXINT64, t1 = G_MININT64;
  HpTimeSpan span;
  g_autoptr (HpRangeStats) stats = NULL;
  g_autoptr (HpTable) table = NULL;

  for (guint e = 0; e < r->n_events; e++)
    {
      t0 = MIN (t0, hp_rank_get_event_start (r, e));
      t1 = MAX (t1, hp_rank_get_event_end (r, e));
    }
  span = hp_time_span_make (t0 + (t1 - t0) / 3, t0 + (t1 - t0) / 2);
  for (guint l = 0; l < r->n_lanes; l++)
    if (r->lanes[l].is_gpu)
      {
        HpLaneRef ref = { 0, l };

        g_array_append_val (lanes, ref);
      }
  stats = hp_range_stats_compute (trace, span, only_first, NULL, NULL);
  table = hp_area_stats_compute (trace, span, (const HpLaneRef *)(gpointer)lanes->data, lanes->len, NULL, NULL);
  g_assert_cmpuint (stats->kernels->len, >, 3);
  for (guint i = 0; i < stats->kernels->len; i++)
    {
      const HpKernelTime *k = &g_array_index (stats->kernels, HpKernelTime, i);
      const char         *name = hp_trace_get_string (trace, k->name);
      gboolean            found = FALSE;

      for (guint row = 0; row < hp_table_get_n_rows (table); row++)
        if (g_strcmp0 (hp_table_get_string (table, row, 0), name) == 0)
          {
            g_assert_cmpfloat_with_epsilon (hp_test_cell (table, row, "total_dur"), (double)k->total / US, 1e-6);
            g_assert_cmpint (hp_table_get_int (table, row, 1), ==, k->count);
            found = TRUE;
          }
      g_assert_true (found);
    }
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/area-stats/two-streams", test_area_two_streams);
  g_test_add_func ("/core/area-stats/host-depths", test_area_host_depths);
  g_test_add_func ("/core/area-stats/edges", test_area_edges);
  g_test_add_func ("/core/area-stats/async", test_area_async);
  g_test_add_func ("/core/area-stats/cancelled", test_area_cancelled);
  g_test_add_func ("/core/area-stats/real", test_area_real);

  return g_test_run ();
}
