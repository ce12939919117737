/* test-timeline-camera.c — the timeline's viewport arithmetic: clamping, zoom, pan, scroll and the rows in view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-charts.h"

/* a trace from 1000 to 11000 ns drawn on 1000 pixels from x = 100 */
static void
camera_for_trace (HpTimelineCamera *c)
{
  hp_timeline_camera_init (c);
  hp_timeline_camera_set_bounds (c, 1000, 11000);
  hp_timeline_camera_set_time_area (c, 100, 1100);
  g_assert_true (hp_timeline_camera_set_window (c, 1000, 11000));
}

static void
test_clamp (void)
{
  HpTimelineCamera c;

  camera_for_trace (&c);
  g_assert_cmpint (c.t0, ==, 1000);
  g_assert_cmpint (c.t1, ==, 11000);
  /* the same window again changes nothing */
  g_assert_false (hp_timeline_camera_set_window (&c, 1000, 11000));

  /* no wider than the trace, past its start by a twentieth at most */
  g_assert_true (hp_timeline_camera_set_window (&c, -5000, 50000));
  g_assert_cmpint (c.t1 - c.t0, ==, 10000);
  g_assert_cmpint (c.t0, ==, 1000 - 500);

  /* no narrower than the narrowest window */
  g_assert_true (hp_timeline_camera_set_window (&c, 5000, 5010));
  g_assert_cmpint (c.t0, ==, 5000);
  g_assert_cmpint (c.t1, ==, 5000 + HP_TIMELINE_MIN_SPAN);

  /* far before the trace: pulled back to its start, less the margin */
  g_assert_true (hp_timeline_camera_set_window (&c, -100000, -99000));
  g_assert_cmpint (c.t0, ==, 1000 - 50);
  g_assert_cmpint (c.t1, ==, 1000 - 50 + 1000);

  /* far after it: pushed back to its end, plus the margin */
  g_assert_true (hp_timeline_camera_set_window (&c, 90000, 91000));
  g_assert_cmpint (c.t1, ==, 11000 + 50);
  g_assert_cmpint (c.t0, ==, 11000 + 50 - 1000);
}

static void
test_zoom (void)
{
  HpTimelineCamera c;
  gint64           anchor;

  camera_for_trace (&c);
  /* anchored at the left edge: the start stays */
  g_assert_true (hp_timeline_camera_zoom (&c, 2, 100));
  g_assert_cmpint (c.t0, ==, 1000);
  g_assert_cmpint (c.t1, ==, 6000);

  /* anchored in the middle: the time under x = 600 stays under it */
  anchor = hp_timeline_camera_x_to_time (&c, 600);
  g_assert_cmpint (anchor, ==, 3500);
  g_assert_true (hp_timeline_camera_zoom (&c, 2, 600));
  g_assert_cmpint (c.t1 - c.t0, ==, 2500);
  g_assert_cmpfloat_with_epsilon (hp_timeline_camera_time_to_x (&c, anchor), 600, 1e-9);

  /* an anchor in the gutter means the middle of the time area */
  anchor = hp_timeline_camera_x_to_time (&c, 600);
  g_assert_true (hp_timeline_camera_zoom (&c, 0.5, 10));
  g_assert_cmpint (c.t1 - c.t0, ==, 5000);
  g_assert_cmpfloat_with_epsilon (hp_timeline_camera_time_to_x (&c, anchor), 600, 1e-9);

  /* zooming out past the whole trace stops at it */
  g_assert_true (hp_timeline_camera_zoom (&c, 1e-6, 600));
  g_assert_cmpint (c.t1 - c.t0, ==, 10000);

  /* zooming in stops at the narrowest window */
  g_assert_true (hp_timeline_camera_zoom (&c, 1e12, 600));
  g_assert_cmpint (c.t1 - c.t0, ==, HP_TIMELINE_MIN_SPAN);
  g_assert_false (hp_timeline_camera_zoom (&c, 10, 600));
}

static void
test_zoom_bad_factor (void)
{
  HpTimelineCamera c;

  camera_for_trace (&c);
  g_assert_false (hp_timeline_camera_zoom (&c, 0, 600));
  g_assert_false (hp_timeline_camera_zoom (&c, -2, 600));
  g_assert_false (hp_timeline_camera_zoom (&c, NAN, 600));
  g_assert_cmpint (c.t0, ==, 1000);
  g_assert_cmpint (c.t1, ==, 11000);
}

static void
test_pan (void)
{
  HpTimelineCamera c;

  camera_for_trace (&c);
  g_assert_true (hp_timeline_camera_set_window (&c, 2000, 4000));
  g_assert_true (hp_timeline_camera_pan (&c, 0.5));
  g_assert_cmpint (c.t0, ==, 3000);
  g_assert_cmpint (c.t1, ==, 5000);
  g_assert_true (hp_timeline_camera_pan (&c, -0.25));
  g_assert_cmpint (c.t0, ==, 2500);
  /* a long way back: stops a twentieth of the window before the start */
  g_assert_true (hp_timeline_camera_pan (&c, -100));
  g_assert_cmpint (c.t0, ==, 1000 - 100);
  g_assert_cmpint (c.t1, ==, 1000 - 100 + 2000);
  g_assert_false (hp_timeline_camera_pan (&c, -1));
  /* and the same forward */
  g_assert_true (hp_timeline_camera_pan (&c, 100));
  g_assert_cmpint (c.t1, ==, 11000 + 100);
}

static void
test_time_to_x (void)
{
  HpTimelineCamera c;

  camera_for_trace (&c);
  g_assert_cmpfloat_with_epsilon (hp_timeline_camera_time_to_x (&c, 1000), 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (hp_timeline_camera_time_to_x (&c, 11000), 1100, 1e-9);
  g_assert_cmpfloat_with_epsilon (hp_timeline_camera_time_to_x (&c, 6000), 600, 1e-9);
  /* off-screen times land outside the time area */
  g_assert_cmpfloat (hp_timeline_camera_time_to_x (&c, 0), <, 100);
  g_assert_cmpint (hp_timeline_camera_x_to_time (&c, 100), ==, 1000);
  g_assert_cmpint (hp_timeline_camera_x_to_time (&c, 350.4), ==, 3504);
  for (gint64 t = 1000; t <= 11000; t += 770)
    g_assert_cmpint (hp_timeline_camera_x_to_time (&c, hp_timeline_camera_time_to_x (&c, t)), ==, t);
}

/* an empty trace, or no size yet: nothing divides by zero */
static void
test_degenerate (void)
{
  HpTimelineCamera c;

  hp_timeline_camera_init (&c);
  hp_timeline_camera_set_bounds (&c, 5000, 4000);
  g_assert_cmpint (c.end, ==, 5000);
  hp_timeline_camera_set_window (&c, 0, 1000);
  g_assert_cmpint (c.t0, ==, 5000);
  g_assert_cmpint (c.t1, ==, 5000);
  g_assert_false (hp_timeline_camera_zoom (&c, 2, 0));
  g_assert_false (hp_timeline_camera_pan (&c, 1));
  g_assert_cmpfloat (hp_timeline_camera_time_to_x (&c, 9000), ==, 0);
  g_assert_cmpint (hp_timeline_camera_x_to_time (&c, 50), ==, 5000);
}

static void
test_scroll (void)
{
  HpTimelineCamera c;

  hp_timeline_camera_init (&c);
  hp_timeline_camera_set_heights (&c, 300, 1000);
  g_assert_cmpfloat (hp_timeline_camera_get_max_scroll (&c), ==, 700);
  g_assert_false (hp_timeline_camera_set_scroll (&c, -5));
  g_assert_cmpfloat (c.scroll_y, ==, 0);
  g_assert_true (hp_timeline_camera_set_scroll (&c, 900));
  g_assert_cmpfloat (c.scroll_y, ==, 700);
  g_assert_true (hp_timeline_camera_set_scroll (&c, 120.5));
  g_assert_cmpfloat (c.scroll_y, ==, 120.5);

  /* content shorter than the lanes area does not scroll */
  hp_timeline_camera_set_heights (&c, 300, 200);
  g_assert_cmpfloat (hp_timeline_camera_get_max_scroll (&c), ==, 0);
  g_assert_true (hp_timeline_camera_set_scroll (&c, 50));
  g_assert_cmpfloat (c.scroll_y, ==, 0);
}

static void
test_visible_rows (void)
{
  HpTimelineCamera c;
  HpTimelineRow    rows[5];
  guint            first, end;

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    rows[i] = (HpTimelineRow){ .kind = HP_TIMELINE_ROW_SLICES, .y = 24.0 * i, .height = 20 };

  hp_timeline_camera_init (&c);
  hp_timeline_camera_set_heights (&c, 50, 24.0 * 5);
  g_assert_true (hp_timeline_camera_set_scroll (&c, 30));
  hp_timeline_camera_visible_rows (&c, rows, G_N_ELEMENTS (rows), &first, &end);
  g_assert_cmpuint (first, ==, 1);
  g_assert_cmpuint (end, ==, 4);

  /* a row ending exactly at the top is out of view */
  g_assert_true (hp_timeline_camera_set_scroll (&c, 44));
  hp_timeline_camera_visible_rows (&c, rows, G_N_ELEMENTS (rows), &first, &end);
  g_assert_cmpuint (first, ==, 2);
  g_assert_cmpuint (end, ==, 4);

  /* all of them, and none */
  hp_timeline_camera_set_heights (&c, 1000, 24.0 * 5);
  g_assert_true (hp_timeline_camera_set_scroll (&c, 0));
  hp_timeline_camera_visible_rows (&c, rows, G_N_ELEMENTS (rows), &first, &end);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (end, ==, 5);
  hp_timeline_camera_visible_rows (&c, rows, 0, &first, &end);
  g_assert_cmpuint (first, ==, 0);
  g_assert_cmpuint (end, ==, 0);

  /* a lanes area with no height shows no row that starts at its top */
  hp_timeline_rows_in_view (rows, G_N_ELEMENTS (rows), 48, -10, &first, &end);
  g_assert_cmpuint (first, ==, 2);
  g_assert_cmpuint (end, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/charts/timeline-camera/clamp", test_clamp);
  g_test_add_func ("/ui/charts/timeline-camera/zoom", test_zoom);
  g_test_add_func ("/ui/charts/timeline-camera/zoom-bad-factor", test_zoom_bad_factor);
  g_test_add_func ("/ui/charts/timeline-camera/pan", test_pan);
  g_test_add_func ("/ui/charts/timeline-camera/time-to-x", test_time_to_x);
  g_test_add_func ("/ui/charts/timeline-camera/degenerate", test_degenerate);
  g_test_add_func ("/ui/charts/timeline-camera/scroll", test_scroll);
  g_test_add_func ("/ui/charts/timeline-camera/visible-rows", test_visible_rows);

  return g_test_run ();
}
