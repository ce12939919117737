/* test-timeline-arrangement.c — the timeline's view state apart from its layout: ranks, pins, hidden tracks, the gutter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "hp-charts.h"
#include "hp-core.h"
#include "hp-test-utils.h"

/* two ranks with the same lanes: a thread two deep, then one-deep lanes */
#define TRACE "edge/timeline-lanes"

static const HpTimelineTrack lane_0_1 = { HP_TIMELINE_ROW_SLICES, 0, 1, NULL };
static const HpTimelineTrack lane_1_0 = { HP_TIMELINE_ROW_SLICES, 1, 0, NULL };

static void
test_defaults (HpTestTraceFixture *fixture,
               gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTimelineArrangement) a = hp_timeline_arrangement_new (trace);

  g_assert_cmpuint (hp_timeline_arrangement_get_n_ranks (a), ==, 2);
  for (guint k = 0; k < 2; k++)
    {
      g_assert_true (hp_timeline_arrangement_get_rank_visible (a, k));
      g_assert_false (hp_timeline_arrangement_get_rank_collapsed (a, k));
      for (guint l = 0; l < hp_trace_get_rank (trace, k)->n_lanes; l++)
        g_assert_true (hp_timeline_arrangement_get_lane_visible (a, k, l));
    }
  /* a lane the rank does not have is not shown */
  g_assert_false (hp_timeline_arrangement_get_lane_visible (a, 0, 99));
  g_assert_cmpuint (hp_timeline_arrangement_get_pinned_tracks (a)->len, ==, 0);
  g_assert_cmpuint (hp_timeline_arrangement_get_hidden_tracks (a)->len, ==, 0);
  g_assert_cmpfloat (hp_timeline_arrangement_get_gutter_width (a), ==, HP_TIMELINE_GUTTER_WIDTH);
}

/* each setter says whether it changed anything: the layout rebuilds its
 * rows only then */
static void
test_changes (HpTestTraceFixture *fixture,
              gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTimelineArrangement) a = hp_timeline_arrangement_new (trace);

  g_assert_true (hp_timeline_arrangement_set_rank_visible (a, 1, FALSE));
  g_assert_false (hp_timeline_arrangement_set_rank_visible (a, 1, FALSE));
  g_assert_false (hp_timeline_arrangement_get_rank_visible (a, 1));
  g_assert_true (hp_timeline_arrangement_set_rank_collapsed (a, 0, TRUE));
  g_assert_false (hp_timeline_arrangement_set_rank_collapsed (a, 0, TRUE));
  g_assert_true (hp_timeline_arrangement_get_rank_collapsed (a, 0));

  g_assert_true (hp_timeline_arrangement_set_pinned (a, &lane_0_1, TRUE));
  g_assert_false (hp_timeline_arrangement_set_pinned (a, &lane_0_1, TRUE));
  g_assert_true (hp_timeline_arrangement_get_pinned (a, &lane_0_1));
  g_assert_false (hp_timeline_arrangement_set_hidden (a, &lane_1_0, FALSE));

  g_assert_true (hp_timeline_arrangement_set_gutter_width (a, 200.4));
  g_assert_cmpfloat (hp_timeline_arrangement_get_gutter_width (a), ==, 200);
  g_assert_false (hp_timeline_arrangement_set_gutter_width (a, 199.6));
}

/* hiding a pinned track unpins it; pinning a hidden one shows it */
static void
test_pin_and_hide (HpTestTraceFixture *fixture,
                   gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTimelineArrangement) a = hp_timeline_arrangement_new (trace);
  GArray *pinned = hp_timeline_arrangement_get_pinned_tracks (a);

  g_assert_true (hp_timeline_arrangement_set_pinned (a, &lane_1_0, TRUE));
  g_assert_true (hp_timeline_arrangement_set_pinned (a, &lane_0_1, TRUE));
  /* in pin order */
  g_assert_cmpuint (pinned->len, ==, 2);
  g_assert_cmpuint (g_array_index (pinned, HpTimelineTrack, 0).rank_pos, ==, 1);
  g_assert_cmpuint (g_array_index (pinned, HpTimelineTrack, 1).rank_pos, ==, 0);

  g_assert_true (hp_timeline_arrangement_set_hidden (a, &lane_1_0, TRUE));
  g_assert_false (hp_timeline_arrangement_get_pinned (a, &lane_1_0));
  g_assert_true (hp_timeline_arrangement_get_hidden (a, &lane_1_0));
  g_assert_false (hp_timeline_arrangement_get_lane_visible (a, 1, 0));
  g_assert_cmpuint (pinned->len, ==, 1);

  g_assert_true (hp_timeline_arrangement_set_pinned (a, &lane_1_0, TRUE));
  g_assert_false (hp_timeline_arrangement_get_hidden (a, &lane_1_0));
  g_assert_true (hp_timeline_arrangement_get_lane_visible (a, 1, 0));

  g_assert_true (hp_timeline_arrangement_set_hidden (a, &lane_0_1, TRUE));
  g_assert_true (hp_timeline_arrangement_set_hidden (a, &lane_1_0, TRUE));
  g_assert_true (hp_timeline_arrangement_show_hidden (a));
  g_assert_false (hp_timeline_arrangement_show_hidden (a));
  g_assert_true (hp_timeline_arrangement_get_lane_visible (a, 0, 1));
  g_assert_true (hp_timeline_arrangement_get_lane_visible (a, 1, 0));
  g_assert_cmpuint (hp_timeline_arrangement_get_hidden_tracks (a)->len, ==, 0);
}

/* out-of-range ranks, lanes and tracks, and a gutter width that is not a
 * number, change nothing */
static void
test_bad_input (HpTestTraceFixture *fixture,
                gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTimelineArrangement) a = hp_timeline_arrangement_new (trace);
  HpTimelineTrack no_lane = { HP_TIMELINE_ROW_SLICES, 0, 99, NULL };
  HpTimelineTrack no_rank = { HP_TIMELINE_ROW_SLICES, 7, 0, NULL };
  HpTimelineTrack header = { HP_TIMELINE_ROW_RANK, 0, 0, NULL };

  g_assert_false (hp_timeline_arrangement_set_gutter_width (a, NAN));
  g_assert_cmpfloat (hp_timeline_arrangement_get_gutter_width (a), ==, HP_TIMELINE_GUTTER_WIDTH);
  g_assert_true (hp_timeline_arrangement_set_gutter_width (a, -5));
  g_assert_cmpfloat (hp_timeline_arrangement_get_gutter_width (a), ==, HP_TIMELINE_GUTTER_MIN_WIDTH);

  g_test_expect_message ("hotpath-charts", G_LOG_LEVEL_CRITICAL, "*track_fits*");
  g_assert_false (hp_timeline_arrangement_set_pinned (a, &no_lane, TRUE));
  g_test_assert_expected_messages ();
  g_test_expect_message ("hotpath-charts", G_LOG_LEVEL_CRITICAL, "*track_fits*");
  g_assert_false (hp_timeline_arrangement_set_hidden (a, &no_rank, TRUE));
  g_test_assert_expected_messages ();
  g_test_expect_message ("hotpath-charts", G_LOG_LEVEL_CRITICAL, "*track_fits*");
  g_assert_false (hp_timeline_arrangement_set_hidden (a, &header, TRUE));
  g_test_assert_expected_messages ();
  g_test_expect_message ("hotpath-charts", G_LOG_LEVEL_CRITICAL, "*rank_pos < self->n_ranks*");
  g_assert_false (hp_timeline_arrangement_set_rank_visible (a, 2, FALSE));
  g_test_assert_expected_messages ();

  g_assert_cmpuint (hp_timeline_arrangement_get_pinned_tracks (a)->len, ==, 0);
  g_assert_cmpuint (hp_timeline_arrangement_get_hidden_tracks (a)->len, ==, 0);
  g_assert_true (hp_timeline_arrangement_get_rank_visible (a, 0));
  g_assert_true (hp_timeline_arrangement_get_rank_visible (a, 1));
}

/* the layout keeps the user's arrangement apart from what it derives, and
 * its rows follow it */
static void
test_layout_reads_it (HpTestTraceFixture *fixture,
                      gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  const HpTimelineArrangement *a = hp_timeline_scene_get_arrangement (scene);
  guint                        n_rows, n_before, generation;
  const HpTimelineRow         *rows;

  hp_timeline_scene_get_rows (scene, &n_before);
  generation = hp_timeline_scene_get_generation (scene);

  hp_timeline_scene_set_track_pinned (scene, &lane_1_0, TRUE);
  g_assert_true (hp_timeline_arrangement_get_pinned (a, &lane_1_0));
  g_assert_cmpuint (hp_timeline_scene_get_generation (scene), !=, generation);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, ==, n_before);
  g_assert_true (rows[0].pinned);
  g_assert_cmpuint (rows[0].rank_pos, ==, 1);
  g_assert_cmpuint (rows[0].lane, ==, 0);

  /* nothing changed: the generation stays, for the view's cache */
  generation = hp_timeline_scene_get_generation (scene);
  hp_timeline_scene_set_track_pinned (scene, &lane_1_0, TRUE);
  hp_timeline_scene_set_rank_collapsed (scene, 0, FALSE);
  g_assert_cmpuint (hp_timeline_scene_get_generation (scene), ==, generation);

  hp_timeline_scene_set_rank_visible (scene, 0, FALSE);
  g_assert_false (hp_timeline_arrangement_get_rank_visible (a, 0));
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  for (guint i = 0; i < n_rows; i++)
    g_assert_cmpuint (rows[i].rank_pos, ==, 1);

  hp_timeline_scene_set_gutter_width (scene, 250);
  g_assert_cmpfloat (hp_timeline_arrangement_get_gutter_width (a), ==, 250);
}

/* a state file as the app has written it all along loads into the
 * arrangement: pins in order, hidden lanes, collapsed ranks, the gutter,
 * the bookmarks */
static void
test_state_file (HpTestTraceFixture *fixture,
                 gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelineState) state = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) error = NULL;
  HpTimelineBookmarks         *marks;
  const char                  *text = "[Folder]\nversion=1\n\n"
                                      "[Timeline]\npinned=lane:1:0:8;lane:0:10:10;\nhidden=lane:0:0:7;\n"
                                      "collapsed-ranks=1;\ngutter-width=240\n\n"
                                      "[Bookmark 0]\nstart=20000\nend=50000\nname=warm-up\n";
  const HpTimelineArrangement *a = hp_timeline_scene_get_arrangement (scene);
  const HpRank                *r0 = hp_trace_get_rank (trace, 0), *r1 = hp_trace_get_rank (trace, 1);
  GArray                      *pinned;
  guint                        l;

  bytes = g_bytes_new_static (text, strlen (text));
  state = hp_timeline_state_new_from_bytes (bytes, &error);
  g_assert_no_error (error);
  hp_timeline_state_apply (state, scene);
  marks = hp_timeline_arrangement_get_bookmarks ((HpTimelineArrangement *)a);

  pinned = hp_timeline_arrangement_get_pinned_tracks ((HpTimelineArrangement *)a);
  g_assert_cmpuint (pinned->len, ==, 2);
  l = g_array_index (pinned, HpTimelineTrack, 0).lane;
  g_assert_cmpuint (g_array_index (pinned, HpTimelineTrack, 0).rank_pos, ==, 1);
  g_assert_cmpint (r1->lanes[l].tid, ==, 8);
  l = g_array_index (pinned, HpTimelineTrack, 1).lane;
  g_assert_cmpuint (g_array_index (pinned, HpTimelineTrack, 1).rank_pos, ==, 0);
  g_assert_cmpint (r0->lanes[l].tid, ==, 10);
  for (l = 0; l < r0->n_lanes; l++)
    g_assert_cmpint (hp_timeline_arrangement_get_lane_visible (a, 0, l), ==, r0->lanes[l].tid != 7);
  g_assert_false (hp_timeline_arrangement_get_rank_collapsed (a, 0));
  g_assert_true (hp_timeline_arrangement_get_rank_collapsed (a, 1));
  g_assert_cmpfloat (hp_timeline_arrangement_get_gutter_width (a), ==, 240);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 1);
  g_assert_cmpint (hp_timeline_bookmarks_get (marks, 0)->start, ==, 20000);
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 0)->name, ==, "warm-up");
  g_assert_true (marks == hp_timeline_scene_get_bookmarks (scene));
}

/* the gutter's width moves where the time area starts, within bounds */
static void
test_gutter_width (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-lanes", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  HpTimelineViewport v = { 0, 100 * HP_NS_PER_US, 800, 300, 0, 1.0 };
  HpTimelineMapper   m;
  HpTimelineHit      hit;

  g_assert_cmpfloat (hp_timeline_scene_get_gutter_width (scene), ==, HP_TIMELINE_GUTTER_WIDTH);
  hp_timeline_scene_set_gutter_width (scene, 300.4);
  g_assert_cmpfloat (hp_timeline_scene_get_gutter_width (scene), ==, 300);
  hp_timeline_mapper_init (&m, scene, &v);
  g_assert_cmpfloat (m.time_left, ==, 300);
  g_assert_cmpfloat (hp_timeline_mapper_time_to_x (&m, 0), ==, 300);
  g_assert_cmpfloat (hp_timeline_mapper_time_to_x (&m, 100 * HP_NS_PER_US), ==, 800);

  /* a point at x = 250 is a lane's name now, not an event */
  hp_timeline_hit_init (&hit);
  g_assert_true (hp_timeline_scene_hit_test (scene, &v, 250, m.lanes_top + HP_TIMELINE_RANK_HEIGHT + HP_TIMELINE_LANE_GAP + 5, &hit));
  g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_LANE_LABEL);
  hp_timeline_hit_clear (&hit);

  hp_timeline_scene_set_gutter_width (scene, 5);
  g_assert_cmpfloat (hp_timeline_scene_get_gutter_width (scene), ==, HP_TIMELINE_GUTTER_MIN_WIDTH);
  hp_timeline_scene_set_gutter_width (scene, 1e6);
  g_assert_cmpfloat (hp_timeline_scene_get_gutter_width (scene), ==, HP_TIMELINE_GUTTER_MAX_WIDTH);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  hp_test_add_trace ("/ui/charts/timeline-arrangement/defaults", TRACE, hp_test_trace_setup_default, test_defaults);
  hp_test_add_trace ("/ui/charts/timeline-arrangement/changes", TRACE, hp_test_trace_setup_default, test_changes);
  hp_test_add_trace ("/ui/charts/timeline-arrangement/pin-and-hide", TRACE, hp_test_trace_setup_default, test_pin_and_hide);
  hp_test_add_trace ("/ui/charts/timeline-arrangement/bad-input", TRACE, hp_test_trace_setup_default, test_bad_input);
  hp_test_add_trace ("/ui/charts/timeline-arrangement/layout-reads-it", TRACE, hp_test_trace_setup_default, test_layout_reads_it);
  hp_test_add_trace ("/ui/charts/timeline-arrangement/state-file", TRACE, hp_test_trace_setup_default, test_state_file);
  g_test_add_func ("/ui/charts/timeline-arrangement/gutter-width", test_gutter_width);

  return g_test_run ();
}
