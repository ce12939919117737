/* test-timeline-area.c — an area of the timeline: the lanes a drag crosses, and its shading on those lanes only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-charts.h"
#include "hp-core.h"
#include "hp-test-utils.h"

/* tests/data/edge/range-stats.json: host thread 1 (three depths), stream 7
 * (two), stream 8 (an all-reduce) and stream 9 (an annotation), one rank */
static HpTrace *
load_trace (void)
{
  return hp_test_load ("edge/range-stats.json", HP_MODE_DEFAULT);
}

static guint
lane_of (const HpRank *r,
         gint64        tid)
{
  for (guint l = 0; l < r->n_lanes; l++)
    if (r->lanes[l].tid == tid)
      return l;
  g_assert_not_reached ();
  return 0;
}

static guint32
event_named (HpTrace      *trace,
             const HpRank *r,
             const char   *name)
{
  for (guint e = 0; e < r->n_events; e++)
    if (g_strcmp0 (hp_trace_get_string (trace, r->name[e]), name) == 0)
      return e;
  g_assert_not_reached ();
  return 0;
}

/* the middle of a lane's row at @depth, in the lanes' content */
static double
row_middle (HpTimelineScene *scene,
            guint            lane,
            guint            depth)
{
  const HpTimelineRow *rows;
  guint                n_rows;
  int                  row = hp_timeline_scene_find_lane_row (scene, 0, lane, depth);

  g_assert_cmpint (row, >=, 0);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  return rows[row].y + rows[row].height / 2;
}

/* The rows from the top: stream 9 (the annotations), the host thread's
 * three depths, stream 7's two, stream 8. A drag from the host thread's
 * third depth down to stream 7's second crosses those two lanes, in row
 * order, each once; upwards the same; a folded rank's header stands for
 * its lanes */
static void
test_lanes_between (void)
{
  g_autoptr (HpTrace) trace = load_trace ();
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  const HpRank *r = hp_trace_get_rank (trace, 0);
  guint         host = lane_of (r, 1), s7 = lane_of (r, 7), s8 = lane_of (r, 8), s9 = lane_of (r, 9);
  g_autoptr (GArray) lanes = g_array_new (FALSE, FALSE, sizeof (HpLaneRef));
  const HpTimelineRow *rows;
  guint                n_rows;

  hp_timeline_painter_lanes_between (painter, row_middle (scene, host, 2), row_middle (scene, s7, 1), lanes);
  g_assert_cmpuint (lanes->len, ==, 2);
  g_assert_cmpuint (g_array_index (lanes, HpLaneRef, 0).lane, ==, host);
  g_assert_cmpuint (g_array_index (lanes, HpLaneRef, 1).lane, ==, s7);

  g_array_set_size (lanes, 0);
  hp_timeline_painter_lanes_between (painter, row_middle (scene, s8, 0), row_middle (scene, s7, 0), lanes);
  g_assert_cmpuint (lanes->len, ==, 2);
  g_assert_cmpuint (g_array_index (lanes, HpLaneRef, 0).lane, ==, s7);
  g_assert_cmpuint (g_array_index (lanes, HpLaneRef, 1).lane, ==, s8);

  /* from the first row to the last: every lane, each once */
  g_array_set_size (lanes, 0);
  hp_timeline_painter_lanes_between (painter, row_middle (scene, s9, 0), row_middle (scene, s8, 0), lanes);
  g_assert_cmpuint (lanes->len, ==, 4);

  /* within one row: that lane only */
  g_array_set_size (lanes, 0);
  hp_timeline_painter_lanes_between (painter, row_middle (scene, s8, 0), row_middle (scene, s8, 0) + 1, lanes);
  g_assert_cmpuint (lanes->len, ==, 1);
  g_assert_cmpuint (g_array_index (lanes, HpLaneRef, 0).lane, ==, s8);

  /* the folded rank's header: its four lanes */
  hp_timeline_scene_set_rank_collapsed (scene, 0, TRUE);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpint (rows[0].kind, ==, HP_TIMELINE_ROW_RANK);
  g_array_set_size (lanes, 0);
  hp_timeline_painter_lanes_between (painter, rows[0].y + 1, rows[0].y + 2, lanes);
  g_assert_cmpuint (lanes->len, ==, 4);
}

/* the pixel at time @t in the middle of a lane's first row, as RGB */
static guint32
pixel_at (cairo_surface_t        *surface,
          const HpTimelineMapper *m,
          guint                   lane,
          gint64                  t)
{
  double         y, height;
  int            x;
  const guint32 *data;

  g_assert_true (hp_timeline_mapper_lane_y (m, 0, lane, 0, &y, &height));
  x = (int)hp_timeline_mapper_time_to_x (m, t);
  cairo_surface_flush (surface);
  data = (const guint32 *)(gpointer)cairo_image_surface_get_data (surface);
  return data[(int)(y + height / 2) * (cairo_image_surface_get_stride (surface) / 4) + x] & 0xffffff;
}

static cairo_surface_t *
render (HpTimelinePainter        *painter,
        const HpTimelineViewport *v)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, v->width, v->height);
  cairo_t         *cr = cairo_create (surface);

  hp_timeline_painter_paint (painter, cr, v);
  hp_timeline_painter_paint_dynamic (painter, cr, v);
  cairo_destroy (cr);
  return surface;
}

/* An area over stream 8 during the all-reduce shades stream 8 there and
 * leaves stream 7 and the time outside it as they were; a range across
 * every lane shades stream 7 too */
static void
test_area_shading (void)
{
  g_autoptr (HpTrace) trace = load_trace ();
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  const HpRank      *r = hp_trace_get_rank (trace, 0);
  guint              s7 = lane_of (r, 7), s8 = lane_of (r, 8);
  guint32            reduce = event_named (trace, r, "ncclKernel_AllReduce");
  gint64             a = hp_rank_get_event_start (r, reduce), b = hp_rank_get_event_end (r, reduce);
  gint64             inside = a + (b - a) / 2, outside = b + (b - a) / 10;
  HpLaneRef          area = { 0, s8 };
  HpTimelineViewport v = { 0, 0, 900, 400, 0, 1.0 };
  HpTimelineMapper   m;
  cairo_surface_t   *plain, *shaded, *ranged;
  guint              n_lanes;

  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &v.t0, &v.t1);
  hp_timeline_mapper_init (&m, scene, &v);
  plain = render (painter, &v);

  hp_timeline_painter_set_range (painter, a, b - (b - a) / 4);
  hp_timeline_painter_set_range_lanes (painter, &area, 1);
  g_assert_nonnull (hp_timeline_painter_get_range_lanes (painter, &n_lanes));
  g_assert_cmpuint (n_lanes, ==, 1);
  shaded = render (painter, &v);
  g_assert_cmpuint (pixel_at (shaded, &m, s8, inside), !=, pixel_at (plain, &m, s8, inside));
  g_assert_cmpuint (pixel_at (shaded, &m, s8, outside), ==, pixel_at (plain, &m, s8, outside));
  g_assert_cmpuint (pixel_at (shaded, &m, s7, inside), ==, pixel_at (plain, &m, s7, inside));

  hp_timeline_painter_set_range_lanes (painter, NULL, 0);
  g_assert_null (hp_timeline_painter_get_range_lanes (painter, &n_lanes));
  g_assert_cmpuint (n_lanes, ==, 0);
  ranged = render (painter, &v);
  g_assert_cmpuint (pixel_at (ranged, &m, s7, inside), !=, pixel_at (plain, &m, s7, inside));

  cairo_surface_destroy (plain);
  cairo_surface_destroy (shaded);
  cairo_surface_destroy (ranged);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/charts/timeline-area/lanes-between", test_lanes_between);
  g_test_add_func ("/ui/charts/timeline-area/shading", test_area_shading);

  return g_test_run ();
}
