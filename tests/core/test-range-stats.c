/* test-range-stats.c — a time range's busy time per lane, GPU time by class and top kernels, against hand-computed numbers.
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
 * stream 9: a gpu_user_annotation [30, 50), not GPU activity. */
static HpTrace *
load_range_trace (HpMode mode)
{
  /* the lanes hold every event: the last-step filter changes no number */
  return hp_test_load ("edge/range-stats.json", mode);
}

static HpRangeStats *
compute (HpTrace        *trace,
         gint64          start_us,
         gint64          end_us,
         const gboolean *ranks)
{
  g_autoptr (GError) error = NULL;
  HpRangeStats *stats = hp_range_stats_compute (trace, hp_time_span_make (start_us * US, end_us * US), ranks, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (stats);
  return stats;
}

/* the busy time of the lane with @tid on rank position 0, or -1 when the
 * lane is not listed */
static gint64
lane_busy (HpTrace            *trace,
           const HpRangeStats *stats,
           gint64              tid)
{
  const HpRank *r = hp_trace_get_rank (trace, 0);

  for (guint i = 0; i < stats->lanes->len; i++)
    {
      const HpLaneBusy *b = &g_array_index (stats->lanes, HpLaneBusy, i);

      g_assert_cmpuint (b->lane, <, r->n_lanes);
      if (b->rank_pos == 0 && r->lanes[b->lane].tid == tid)
        return b->busy;
    }
  return -1;
}

static void
assert_kernel (HpTrace            *trace,
               const HpRangeStats *stats,
               guint               i,
               const char         *name,
               gint64              total_us,
               guint               count)
{
  const HpKernelTime *k;

  g_assert_cmpuint (i, <, stats->kernels->len);
  k = &g_array_index (stats->kernels, HpKernelTime, i);
  g_assert_cmpstr (hp_trace_get_string (trace, k->name), ==, name);
  g_assert_cmpint (k->total, ==, total_us * US);
  g_assert_cmpuint (k->count, ==, count);
}

static void
test_range_stats_middle (gconstpointer data)
{
  g_autoptr (HpTrace) trace = load_range_trace (GPOINTER_TO_INT (data));
  g_autoptr (HpRangeStats) stats = compute (trace, 30, 100, NULL);

  g_assert_cmpint (stats->span.start, ==, 30 * US);
  g_assert_cmpint (stats->span.end, ==, 100 * US);

  /* host: ProfilerStep#1 covers [30, 100); stream 7: 20 + 10 + 20 + 5, the
   * nested add not counted twice; stream 8: 35; stream 9 is busy with an
   * annotation [30, 50) */
  g_assert_cmpint (lane_busy (trace, stats, 1), ==, 70 * US);
  g_assert_cmpint (lane_busy (trace, stats, 7), ==, 55 * US);
  g_assert_cmpint (lane_busy (trace, stats, 8), ==, 35 * US);
  g_assert_cmpint (lane_busy (trace, stats, 9), ==, 20 * US);
  g_assert_cmpuint (stats->lanes->len, ==, 4);

  /* GPU time: gemm 20 + 20, add 8, relu 5; memcpy 10; all-reduce 35 */
  g_assert_cmpint (stats->class_time[HP_KERNEL_CLASS_COMPUTATION], ==, 53 * US);
  g_assert_cmpint (stats->class_time[HP_KERNEL_CLASS_MEMORY], ==, 10 * US);
  g_assert_cmpint (stats->class_time[HP_KERNEL_CLASS_COMMUNICATION], ==, 35 * US);
  g_assert_cmpint (stats->class_time[HP_KERNEL_CLASS_OTHER], ==, 0);
  g_assert_cmpint (stats->gpu_time, ==, 98 * US);

  g_assert_cmpuint (stats->kernels->len, ==, 5);
  assert_kernel (trace, stats, 0, "gemm", 40, 2);
  assert_kernel (trace, stats, 1, "ncclKernel_AllReduce", 35, 1);
  assert_kernel (trace, stats, 2, "Memcpy HtoD (Pageable -> Device)", 10, 1);
  assert_kernel (trace, stats, 3, "add", 8, 1);
  assert_kernel (trace, stats, 4, "relu", 5, 1);
}

/* events that end where the range starts, or start where it ends, are not in it */
static void
test_range_stats_edges (void)
{
  g_autoptr (HpTrace) trace = load_range_trace (HP_MODE_DEFAULT);
  g_autoptr (HpRangeStats) stats = compute (trace, 50, 55, NULL);

  g_assert_cmpint (lane_busy (trace, stats, 1), ==, 5 * US);
  g_assert_cmpint (lane_busy (trace, stats, 7), ==, -1);
  g_assert_cmpint (lane_busy (trace, stats, 8), ==, 5 * US);
  g_assert_cmpint (lane_busy (trace, stats, 9), ==, -1);
  g_assert_cmpint (stats->gpu_time, ==, 5 * US);
  g_assert_cmpuint (stats->kernels->len, ==, 1);
  assert_kernel (trace, stats, 0, "ncclKernel_AllReduce", 5, 1);
}

/* the whole trace: every GPU event counts in full */
static void
test_range_stats_whole (void)
{
  g_autoptr (HpTrace) trace = load_range_trace (HP_MODE_DEFAULT);
  g_autoptr (HpRangeStats) stats = compute (trace, -10, 1000, NULL);

  g_assert_cmpint (lane_busy (trace, stats, 1), ==, 130 * US);
  g_assert_cmpint (lane_busy (trace, stats, 7), ==, 85 * US);
  g_assert_cmpint (stats->class_time[HP_KERNEL_CLASS_COMPUTATION], ==, (30 + 20 + 8 + 25) * US);
  g_assert_cmpint (stats->gpu_time, ==, (30 + 10 + 20 + 8 + 25 + 35) * US);
  assert_kernel (trace, stats, 0, "gemm", 50, 2);
}

static void
test_range_stats_empty (void)
{
  g_autoptr (HpTrace) trace = load_range_trace (HP_MODE_DEFAULT);
  gboolean ranks[] = { FALSE };
  g_autoptr (HpRangeStats) none = compute (trace, 0, 100, ranks);
  g_autoptr (HpRangeStats) empty = compute (trace, 60, 60, NULL);
  g_autoptr (HpRangeStats) reversed = compute (trace, 80, 20, NULL);

  g_assert_cmpuint (none->lanes->len, ==, 0);
  g_assert_cmpint (none->gpu_time, ==, 0);
  g_assert_cmpuint (none->kernels->len, ==, 0);
  g_assert_cmpuint (empty->lanes->len, ==, 0);
  g_assert_cmpuint (empty->kernels->len, ==, 0);
  g_assert_cmpuint (reversed->lanes->len, ==, 0);
  g_assert_cmpint (reversed->gpu_time, ==, 0);
}

static void
test_range_stats_cancelled (void)
{
  g_autoptr (HpTrace) trace = load_range_trace (HP_MODE_DEFAULT);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (HpRangeStats) stats = NULL;

  g_cancellable_cancel (cancellable);
  stats = hp_range_stats_compute (trace, hp_time_span_make (0, 100 * US), NULL, cancellable, &error);
  g_assert_null (stats);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* a real two-rank job: per-lane busy time never exceeds the range, the
 * classes add up to the GPU time and the kernels to it too, and leaving a
 * rank out removes exactly its lanes */
static void
test_range_stats_real (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  gint64     t0 = G_MAXINT64, t1 = G_MININT64;
  HpTimeSpan span;
  gint64     class_sum = 0, kernel_sum = 0;
  gboolean   only_first[2] = { TRUE, FALSE };
  g_autoptr (HpRangeStats) all = NULL;
  g_autoptr (HpRangeStats) first = NULL;
  guint n_first = 0;

  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 2);
  for (guint k = 0; k < 2; k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      for (guint e = 0; e < r->n_events; e++)
        {
          t0 = MIN (t0, hp_rank_get_event_start (r, e));
          t1 = MAX (t1, hp_rank_get_event_end (r, e));
        }
    }
  span = hp_time_span_make (t0 + (t1 - t0) / 4, t0 + (t1 - t0) / 2);
  all = hp_range_stats_compute (trace, span, NULL, NULL, NULL);
  first = hp_range_stats_compute (trace, span, only_first, NULL, NULL);

  g_assert_cmpuint (all->lanes->len, >, 0);
  for (guint i = 0; i < all->lanes->len; i++)
    {
      const HpLaneBusy *b = &g_array_index (all->lanes, HpLaneBusy, i);

      g_assert_cmpint (b->busy, >, 0);
      g_assert_cmpint (b->busy, <=, hp_time_span_duration (span));
      n_first += b->rank_pos == 0;
    }
  g_assert_cmpuint (first->lanes->len, ==, n_first);
  g_assert_cmpuint (n_first, <, all->lanes->len);

  for (guint c = 0; c < HP_N_KERNEL_CLASSES; c++)
    class_sum += all->class_time[c];
  for (guint i = 0; i < all->kernels->len; i++)
    {
      const HpKernelTime *k = &g_array_index (all->kernels, HpKernelTime, i);

      kernel_sum += k->total;
      if (i > 0)
        g_assert_cmpint (k->total, <=, g_array_index (all->kernels, HpKernelTime, i - 1).total);
    }
  g_assert_cmpint (all->gpu_time, >, 0);
  g_assert_cmpint (class_sum, ==, all->gpu_time);
  g_assert_cmpint (kernel_sum, ==, all->gpu_time);
  g_assert_cmpint (first->gpu_time, <, all->gpu_time);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/core/range-stats/middle", GINT_TO_POINTER (HP_MODE_DEFAULT), test_range_stats_middle);
  g_test_add_data_func ("/core/range-stats/middle-compat", GINT_TO_POINTER (HP_MODE_HTA_COMPAT), test_range_stats_middle);
  g_test_add_func ("/core/range-stats/edges", test_range_stats_edges);
  g_test_add_func ("/core/range-stats/whole", test_range_stats_whole);
  g_test_add_func ("/core/range-stats/empty", test_range_stats_empty);
  g_test_add_func ("/core/range-stats/cancelled", test_range_stats_cancelled);
  g_test_add_func ("/core/range-stats/real", test_range_stats_real);

  return g_test_run ();
}
