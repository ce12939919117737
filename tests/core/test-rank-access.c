/* test-rank-access.c — the answers core gives the views: clamped ends, GPU activity, lane streams, steps, spans and lane gaps.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "hp-core.h"
#include "hp-test-utils.h"

#define US HP_NS_PER_US

/* the lane of rank position 0 with @tid */
static guint
find_lane (HpTrace *trace,
           gint64   tid)
{
  const HpRank *r = hp_trace_get_rank (trace, 0);

  for (guint l = 0; l < r->n_lanes; l++)
    if (r->lanes[l].tid == tid)
      return l;
  g_assert_not_reached ();
}

/* HTA keeps a negative duration; the views draw and measure it as an instant */
static void
test_negative_duration (HpTestTraceFixture *fixture,
                        gconstpointer       data)
{
  HpTrace      *trace = fixture->compat;
  const HpRank *r = hp_trace_get_rank (trace, 0);
  guint         neg = hp_test_find_event (trace, "negative");
  guint         good = hp_test_find_event (trace, "good");
  HpTimeSpan    span = hp_rank_get_event_span (r, neg);

  g_assert_cmpint (hp_rank_dur (r, neg), ==, -5 * US);
  g_assert_cmpint (hp_rank_end (r, neg), ==, r->ts[neg] - 5 * US);
  g_assert_cmpint (hp_rank_get_event_duration (r, neg), ==, 0);
  g_assert_cmpint (hp_rank_get_event_end (r, neg), ==, r->ts[neg]);
  g_assert_cmpint (span.start, ==, r->ts[neg]);
  g_assert_true (hp_time_span_is_empty (span));

  g_assert_cmpint (hp_rank_get_event_start (r, good), ==, r->ts[good]);
  g_assert_cmpint (hp_rank_get_event_duration (r, good), ==, 5 * US);
  g_assert_cmpint (hp_rank_get_event_end (r, good), ==, hp_rank_end (r, good));
}

/* tests/data/edge/range-stats.json; see test-range-stats.c */
static void
test_gpu_activity_and_lanes (HpTestTraceFixture *fixture,
                             gconstpointer       data)
{
  HpTrace      *trace = fixture->trace;
  const HpRank *r = hp_trace_get_rank (trace, 0);
  guint         memcpy_event = hp_test_find_event (trace, "Memcpy HtoD (Pageable -> Device)");
  guint         add = hp_test_find_event (trace, "add");
  guint         annotation = hp_test_find_event (trace, "## fwd ##");
  guint         stream7 = find_lane (trace, 7);

  g_assert_true (hp_rank_is_gpu_activity (r, hp_test_find_event (trace, "gemm")));
  g_assert_true (hp_rank_is_gpu_activity (r, memcpy_event));
  g_assert_false (hp_rank_is_gpu_activity (r, annotation));
  g_assert_false (hp_rank_is_gpu_activity (r, hp_test_find_event (trace, "cudaLaunchKernel")));
  g_assert_false (hp_rank_is_gpu_activity (r, hp_test_find_event (trace, "aten::mm")));
  g_assert_cmpint (hp_rank_get_kernel_class (r, memcpy_event), ==, HP_KERNEL_CLASS_MEMORY);
  g_assert_cmpint (hp_rank_get_kernel_class (r, hp_test_find_event (trace, "ncclKernel_AllReduce")), ==,
                   HP_KERNEL_CLASS_COMMUNICATION);

  /* lanes and their streams: a host thread has none */
  g_assert_true (hp_rank_get_event_lane (r, add) == &r->lanes[stream7]);
  g_assert_cmpint (hp_rank_get_lane_stream (r, stream7), ==, 7);
  /* a lane of GPU-side annotations only holds no GPU activity */
  g_assert_false (r->lanes[find_lane (trace, 9)].is_gpu);
  g_assert_cmpint (hp_rank_get_lane_stream (r, find_lane (trace, 9)), ==, -1);
  g_assert_cmpint (hp_rank_get_lane_stream (r, find_lane (trace, 1)), ==, -1);
  g_assert_cmpint (hp_rank_get_event_iteration (r, hp_test_find_event (trace, "gemm")), ==, 1);
}

/* the events of a depth in a span: the ones sharing time with it */
static void
test_lane_in_span (HpTestTraceFixture *fixture,
                   gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (guint32));
  const HpRank *r = hp_trace_get_rank (trace, 0);
  const HpLane *lane = &r->lanes[find_lane (trace, 7)];

  /* gemm [20, 50) ends at the start, the memcpy [55, 65) starts at the end */
  hp_lane_collect_in_span (r, lane, 0, hp_time_span_make (50 * US, 55 * US), events);
  g_assert_cmpuint (events->len, ==, 0);

  hp_lane_collect_in_span (r, lane, 0, hp_time_span_make (49 * US, 56 * US), events);
  g_assert_cmpuint (events->len, ==, 2);
  g_assert_cmpint (hp_rank_get_event_start (r, g_array_index (events, guint32, 0)), ==, 20 * US);
  g_assert_cmpint (hp_rank_get_event_start (r, g_array_index (events, guint32, 1)), ==, 55 * US);

  /* add [76, 84) runs inside gemm [70, 90), one depth down */
  g_array_set_size (events, 0);
  g_assert_cmpuint (lane->max_depth, ==, 2);
  hp_lane_collect_in_span (r, lane, 1, hp_time_span_make (0, 200 * US), events);
  g_assert_cmpuint (events->len, ==, 1);
  g_assert_cmpuint (g_array_index (events, guint32, 0), ==, hp_test_find_event (trace, "add"));
}

/* tests/data/edge/scope-steps.json: steps 1 [0, 100) and 2 [100, 200) */
static void
test_steps_and_rows_span (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "scope-steps.json", NULL);
  HpLoadOptions    options = { .include_last_step = TRUE };
  g_autoptr (HpTrace) trace = hp_test_load_with_options (path, &options);
  const HpRank *r = hp_trace_get_rank (trace, 0);
  g_autoptr (GArray) steps = hp_rank_get_steps (trace, r);
  HpTimeSpan rows = hp_rank_get_rows_span (r);

  g_assert_cmpuint (steps->len, ==, 2);
  g_assert_cmpint (g_array_index (steps, HpStep, 0).number, ==, 1);
  g_assert_cmpint (g_array_index (steps, HpStep, 0).span.start, ==, 0);
  g_assert_cmpint (g_array_index (steps, HpStep, 0).span.end, ==, 100 * US);
  g_assert_cmpint (g_array_index (steps, HpStep, 1).number, ==, 2);
  g_assert_cmpint (g_array_index (steps, HpStep, 1).span.start, ==, 100 * US);
  g_assert_cmpint (g_array_index (steps, HpStep, 1).span.end, ==, 200 * US);
  g_assert_cmpstr (hp_trace_get_string (trace, r->name[g_array_index (steps, HpStep, 1).event]), ==, "ProfilerStep#2");
  g_assert_true (g_array_index (steps, HpStep, 0).measured);
  g_assert_true (g_array_index (steps, HpStep, 1).measured);

  /* from the first step's start to the last kernel's end (gemm [160, 190))
   * or the second step's end, whichever is later */
  g_assert_cmpint (rows.start, ==, 0);
  g_assert_cmpint (rows.end, ==, 200 * US);
}

/* the gaps the idle overlay shades on a lane are the idle-time analysis' */
static void
test_lane_idle_gaps (HpTestTraceFixture *fixture,
                     gconstpointer       data)
{
  HpTrace      *trace = fixture->trace;
  const HpRank *r = hp_trace_get_rank (trace, 0);
  g_autoptr (GArray) gaps = hp_idle_time_get_lane_intervals (trace, r, find_lane (trace, 7), 30.0);
  g_autoptr (GArray) same = hp_idle_time_get_intervals (trace, r, 0, 7, 30.0);
  /* after gemm [20, 50): memcpy at 55, gemm at 65; add at 76 inside that
   * gemm, so no gap; relu at 95, after the gemm's end at 90 */
  const gint64 starts[] = { 50, 65, 76, 90 };
  const gint64 ends[] = { 55, 70, 76, 95 };

  g_assert_null (hp_idle_time_get_lane_intervals (trace, r, find_lane (trace, 1), 30.0));
  g_assert_cmpuint (gaps->len, ==, G_N_ELEMENTS (starts));
  g_assert_cmpuint (same->len, ==, gaps->len);
  for (guint i = 0; i < gaps->len; i++)
    {
      const HpIdleInterval *gap = &g_array_index (gaps, HpIdleInterval, i);

      g_assert_cmpint (gap->start, ==, starts[i] * US);
      g_assert_cmpint (gap->end, ==, ends[i] * US);
      g_assert_cmpint (gap->category, ==, HP_IDLE_KERNEL_WAIT);
      g_assert_cmpint (gap->kernel, ==, g_array_index (same, HpIdleInterval, i).kernel);
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  hp_test_add_trace ("/core/rank-access/negative-duration", "edge/bad-durations.json", hp_test_trace_setup_compat,
                     test_negative_duration);
  hp_test_add_trace ("/core/rank-access/gpu-activity-and-lanes", "edge/range-stats.json", hp_test_trace_setup_default,
                     test_gpu_activity_and_lanes);
  hp_test_add_trace ("/core/rank-access/lane-in-span", "edge/range-stats.json", hp_test_trace_setup_default,
                     test_lane_in_span);
  g_test_add_func ("/core/rank-access/steps-and-rows-span", test_steps_and_rows_span);
  hp_test_add_trace ("/core/rank-access/lane-idle-gaps", "edge/range-stats.json", hp_test_trace_setup_default,
                     test_lane_idle_gaps);

  return g_test_run ();
}
