/* test-timeline-layout.c — the timeline's culling, merging, overlays, rows, names and search.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <unistd.h>

#include "hp-charts.h"
#include "hp-core.h"
#include "hp-test-utils.h"

/* ---------------------------------------------------------------------- */
/* helpers                                                                 */

static HpTrace *
load_edge (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".json", NULL);
  g_autofree char *path = hp_test_data_path ("edge", file, NULL);
  g_autoptr (GError) error = NULL;
  HpLoadOptions options = { 0 };
  HpTrace      *trace;

  trace = hp_load_path (path, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static gint64
end_of (const HpRank *r,
        guint32       e)
{
  return r->ts[e] + MAX (hp_rank_dur (r, e), 0);
}

/* the brute-force answer: every event of the depth that meets [t0, t1) */
static GArray *
brute_force (const HpRank *r,
             const HpLane *lane,
             guint         depth,
             gint64        t0,
             gint64        t1)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint p = lane->depth_start[depth]; p < lane->depth_start[depth + 1]; p++)
    {
      guint32  e = lane->events[p];
      gint64   ts = r->ts[e], te = end_of (r, e);
      gboolean meets = te > ts ? ts < t1 && te > t0 : ts >= t0 && ts < t1;

      if (meets)
        g_array_append_val (out, e);
    }
  return out;
}

static int
find_lane (const HpRank *r,
           gint64        pid,
           gint64        tid)
{
  for (guint l = 0; l < r->n_lanes; l++)
    if (r->lanes[l].pid == pid && r->lanes[l].tid == tid)
      return (int)l;
  return -1;
}

static guint32
find_event (HpTrace      *trace,
            const HpRank *r,
            const char   *name)
{
  guint32 id = hp_trace_lookup_string (trace, name);

  for (guint e = 0; e < r->n_events; e++)
    if (r->name[e] == id)
      return e;
  g_assert_not_reached ();
  return 0;
}

static guint32
pixel (cairo_surface_t *surface,
       int              x,
       int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int           stride = cairo_image_surface_get_stride (surface);

  return *(const guint32 *)(gconstpointer)(data + y * stride + x * 4) & 0xffffff;
}

static guint32
rgb24 (const HpColor *c)
{
  return ((guint32)lround (c->red * 255) << 16) | ((guint32)lround (c->green * 255) << 8) |
         (guint32)lround (c->blue * 255);
}

static gboolean
close_rgb (guint32 a,
           guint32 b,
           int     tolerance)
{
  for (int shift = 0; shift <= 16; shift += 8)
    if (ABS ((int)((a >> shift) & 0xff) - (int)((b >> shift) & 0xff)) > tolerance)
      return FALSE;
  return TRUE;
}

/* A style whose tick grid and lane separators vanish, so pixels show only
 * events and overlays. */
static HpChartStyle *
plain_style (void)
{
  HpChartStyle *style = hp_chart_style_new_light ();

  style->grid = style->background;
  return style;
}

static cairo_surface_t *
paint (HpTimelinePainter        *painter,
       const HpTimelineViewport *v)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int)ceil (v->width * v->scale),
                                                         (int)ceil (v->height * v->scale));
  cairo_t         *cr;

  cairo_surface_set_device_scale (surface, v->scale, v->scale);
  cr = cairo_create (surface);
  hp_timeline_painter_paint (painter, cr, v);
  hp_timeline_painter_paint_dynamic (painter, cr, v);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* ---------------------------------------------------------------------- */
/* culling                                                                 */

static void
assert_cull (HpTimelineScene *scene,
             const HpRank    *r,
             guint            lane,
             guint            depth,
             gint64           t0,
             gint64           t1,
             const char      *expected)
{
  HpTrace *trace = hp_timeline_scene_get_trace (scene);
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GString) names = g_string_new (NULL);

  hp_timeline_layout_cull (hp_timeline_scene_get_layout (scene), 0, lane, depth, t0, t1, events);
  for (guint i = 0; i < events->len; i++)
    {
      if (i > 0)
        g_string_append_c (names, ',');
      g_string_append (names, hp_trace_get_string (trace, r->name[g_array_index (events, guint32, i)]));
    }
  g_assert_cmpstr (names->str, ==, expected);
}

static void
test_cull_nested (void)
{
  g_autoptr (HpTrace) trace = load_edge ("timeline-nested");
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  const HpRank *r = hp_trace_get_rank (trace, 0);
  int           main_lane = find_lane (r, 100, 100);
  const gint64  us = HP_NS_PER_US;

  g_assert_cmpint (main_lane, >=, 0);
  g_assert_cmpuint (r->lanes[main_lane].max_depth, ==, 4);

  /* aten::long_op [2000, 8000) began long before the window */
  assert_cull (scene, r, main_lane, 1, 4000 * us, 5000 * us, "aten::long_op");
  assert_cull (scene, r, main_lane, 0, 4000 * us, 5000 * us, "ProfilerStep#1");
  assert_cull (scene, r, main_lane, 2, 4000 * us, 5000 * us, "");
  /* an event ending exactly at t0 is out, one starting at t1 is out */
  assert_cull (scene, r, main_lane, 1, 900 * us, 1000 * us, "");
  assert_cull (scene, r, main_lane, 1, 899 * us, 1001 * us, "aten::linear,aten::relu");
  assert_cull (scene, r, main_lane, 2, 150 * us, 250 * us, "aten::addmm");
  assert_cull (scene, r, main_lane, 3, 150 * us, 250 * us, "cudaLaunchKernel");
  assert_cull (scene, r, main_lane, 0, 0, 20000 * us, "ProfilerStep#1,ProfilerStep#2");
  assert_cull (scene, r, main_lane, 1, 7999 * us, 9101 * us, "aten::long_op,aten::mm");
}

/* Random windows on a real trace, every lane and depth, against brute force */
static void
test_cull_random (HpTestTraceFixture *fixture,
                  gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);
  gint64 start, end;

  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &start, &end);
  g_assert_cmpint (end, >, start);

  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      for (guint l = 0; l < r->n_lanes; l++)
        for (guint d = 0; d < r->lanes[l].max_depth; d++)
          for (guint i = 0; i < 60; i++)
            {
              g_autoptr (GArray) got = g_array_new (FALSE, FALSE, sizeof (guint32));
              g_autoptr (GArray) want = NULL;
              gint64 t0, t1, span;

              /* windows from 1 us to the whole trace; some start at an
               * event's start or end exactly */
              span = (gint64)pow (10, g_rand_double_range (rand, 3, log10 ((double)(end - start))));
              t0 = g_rand_int_range (rand, 0, 1000) * ((end - start) / 1000) + start - span / 2;
              if (i % 5 == 0 && r->lanes[l].n_events > 0)
                {
                  guint32 e = r->lanes[l].events[g_rand_int_range (rand, r->lanes[l].depth_start[d],
                                                                   r->lanes[l].depth_start[d + 1])];

                  t0 = i % 10 == 0 ? r->ts[e] : end_of (r, e);
                }
              t1 = t0 + MAX (span, 1);

              hp_timeline_layout_cull (hp_timeline_scene_get_layout (scene), k, l, d, t0, t1, got);
              want = brute_force (r, &r->lanes[l], d, t0, t1);
              g_assert_cmpuint (got->len, ==, want->len);
              if (want->len > 0)
                g_assert_cmpmem (got->data, got->len * sizeof (guint32), want->data, want->len * sizeof (guint32));
            }
    }
}

/* A frame's marks against the rank's columns, on random windows (some at
 * an event's start or end): every event of a row in the window is counted
 * once, by a mark whose event is in the window, coloured as its event
 * (the layout's lane-order starts, ends and colours agree with the ranks) */
static void
check_frame_marks (HpTrace *trace,
                   GRand   *rand,
                   guint    n_windows)
{
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  const HpTimelineLayout *layout = hp_timeline_scene_get_layout (scene);
  HpTimelineFrame        *frame = hp_timeline_frame_new ();
  const HpTimelineRow    *rows;
  guint                   n_rows, n_checked = 0;
  gint64                  start, end;

  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  hp_timeline_layout_get_time_bounds (layout, &start, &end);
  for (guint i = 0; i < n_windows; i++)
    {
      gint64                span = (gint64)pow (10, g_rand_double_range (rand, 3, log10 ((double)(end - start))));
      gint64                t0 = start + g_rand_int_range (rand, -50, 1000) * ((end - start) / 1000);
      HpTimelineViewport    v = { 0 };
      const HpTimelineMark *marks;
      guint                 n_marks;

      if (i % 3 == 0)
        {
          const HpRank *r = hp_trace_get_rank (trace, 0);
          guint32       e = g_rand_int_range (rand, 0, (gint32)r->n_events);

          t0 = i % 2 == 0 ? r->ts[e] : end_of (r, e);
        }
      v.t0 = t0;
      v.t1 = t0 + MAX (span, 1);
      v.width = 1200;
      v.height = hp_timeline_scene_get_lanes_top (scene) + hp_timeline_scene_get_content_height (scene) + 100;
      v.scale = i % 4 == 1 ? 2.0 : 1.0;
      hp_timeline_frame_update (frame, scene, &v);
      marks = hp_timeline_frame_get_marks (frame, &n_marks);
      for (guint row = 0; row < n_rows; row++)
        {
          const HpRank *r = hp_trace_get_rank (trace, rows[row].rank_pos);
          g_autoptr (GArray) want = NULL;
          g_autoptr (GHashTable) in = g_hash_table_new (NULL, NULL);
          guint counted = 0;

          if (rows[row].kind != HP_TIMELINE_ROW_SLICES)
            continue;
          want = brute_force (r, &r->lanes[rows[row].lane], rows[row].depth, v.t0, v.t1);
          for (guint k = 0; k < want->len; k++)
            g_hash_table_add (in, GUINT_TO_POINTER (g_array_index (want, guint32, k) + 1));
          for (guint k = 0; k < n_marks; k++)
            {
              guint32 e = marks[k].event;
              guint   color;

              if (marks[k].row != row)
                continue;
              color = hp_timeline_layout_event_color (layout, r, e);
              g_assert_true (g_hash_table_contains (in, GUINT_TO_POINTER (e + 1)));
              if ((marks[k].flags & HP_TIMELINE_MARK_MERGED) && !hp_rank_is_gpu_activity (r, e))
                color = HP_TIMELINE_COLOR_DENSE;
              g_assert_cmpuint (marks[k].color, ==, color);
              counted += marks[k].count;
            }
          g_assert_cmpuint (counted, ==, want->len);
          n_checked += want->len;
        }
    }
  g_assert_cmpuint (n_checked, >, 0);
  hp_timeline_frame_free (frame);
}

static HpTrace *dense_trace (void);

static void
test_frame_marks_random (HpTestTraceFixture *fixture,
                         gconstpointer       data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autoptr (HpTrace) dense = dense_trace ();
  const char *edges[] = { "user-annotation-basic", "kernel-sequences", "idle-time-synthetic" };

  check_frame_marks (fixture->trace, rand, 40);
  check_frame_marks (dense, rand, 40);
  /* instants, where a window that starts on one keeps it */
  for (guint i = 0; i < G_N_ELEMENTS (edges); i++)
    {
      g_autoptr (HpTrace) trace = load_edge (edges[i]);

      check_frame_marks (trace, rand, 200);
    }
}

/* ---------------------------------------------------------------------- */
/* sub-pixel merging                                                       */

/* Writes a GPU stream of many 1–3 us kernels, in clusters, and loads it. */
static HpTrace *
dense_trace (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (GString) json = g_string_new ("{\"traceEvents\": [\n");
  g_autoptr (GError) error = NULL;
  g_autofree char *path = NULL;
  HpLoadOptions    options = { 0 };
  HpTrace         *trace;
  gint64           t = 0;
  int              fd;

  for (guint i = 0; i < 3000; i++)
    {
      gint64 dur = g_rand_int_range (rand, 1, 4);

      g_string_append_printf (json,
                              "%s{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k%u\", \"pid\": 0, \"tid\": 7, "
                              "\"ts\": %" G_GINT64_FORMAT ", \"dur\": %" G_GINT64_FORMAT ", \"args\": {\"stream\": 7}}\n",
                              i == 0 ? "" : ",", i % 5, t, dur);
      /* mostly back to back, sometimes a long pause */
      t += dur + (g_rand_int_range (rand, 0, 20) == 0 ? g_rand_int_range (rand, 500, 5000) : g_rand_int_range (rand, 0, 30));
    }
  g_string_append (json, "]}\n");

  fd = g_file_open_tmp ("hotpath-dense-XXXXXX.json", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, json->str, (gssize)json->len, &error);
  g_assert_no_error (error);
  trace = hp_load_path (path, &options, NULL, &error);
  g_assert_no_error (error);
  g_unlink (path);
  return trace;
}

static void
check_merging (HpTrace *trace,
               double   scale,
               gint64   t0,
               gint64   t1)
{
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  g_autoptr (HpChartStyle) style = plain_style ();
  const HpRank         *r = hp_trace_get_rank (trace, 0);
  const HpLane         *lane = &r->lanes[0];
  HpTimelineViewport    v = { t0, t1, 1200, 200, 0, scale };
  HpTimelineMapper      m;
  const HpTimelineMark *marks;
  guint                 n_marks, n_cols, covered = 0, merged = 0;
  g_autofree guint8    *want = NULL;
  g_autofree guint8    *got = NULL;
  double                ppns, y, h;
  cairo_surface_t      *surface;
  guint32               color;

  g_assert_true (lane->is_gpu);
  hp_timeline_painter_set_style (painter, style);
  hp_timeline_scene_set_flags (scene, HP_TIMELINE_SHOW_NONE);

  n_cols = (guint)ceil ((v.width - HP_TIMELINE_GUTTER_WIDTH) * scale);
  ppns = (v.width - HP_TIMELINE_GUTTER_WIDTH) * scale / (double)(t1 - t0);
  want = g_new0 (guint8, n_cols);
  got = g_new0 (guint8, n_cols);

  /* brute force: the device pixel columns any event touches */
  for (guint p = 0; p < lane->n_events; p++)
    {
      guint32 e = lane->events[p];
      double  xs = (double)(r->ts[e] - t0) * ppns, xe = (double)(end_of (r, e) - t0) * ppns;
      gint64  c0 = (gint64)floor (xs), c1 = MAX ((gint64)ceil (xe), c0 + 1);

      if (r->ts[e] >= t1 || end_of (r, e) <= t0)
        continue;
      for (gint64 c = MAX (c0, 0); c < MIN (c1, (gint64)n_cols); c++)
        want[c] = 1;
    }

  surface = paint (painter, &v);
  marks = hp_timeline_frame_get_marks (hp_timeline_painter_get_frame (painter), &n_marks);
  for (guint i = 0; i < n_marks; i++)
    {
      gint64 c0 = llround ((marks[i].x - HP_TIMELINE_GUTTER_WIDTH) * scale);
      gint64 c1 = c0 + llround (marks[i].width * scale);

      g_assert_cmpint (c1, >, c0);
      if (marks[i].flags & HP_TIMELINE_MARK_MERGED)
        merged += marks[i].count;
      for (gint64 c = MAX (c0, 0); c < MIN (c1, (gint64)n_cols); c++)
        {
          /* never a column twice */
          g_assert_cmpint (got[c], ==, 0);
          got[c] = 1;
        }
    }
  for (guint c = 0; c < n_cols; c++)
    {
      if (want[c] != got[c])
        g_error ("column %u: %s by events, %s by marks", c, want[c] ? "covered" : "empty", got[c] ? "painted" : "empty");
      covered += want[c];
    }
  /* the case is dense: far fewer marks than events */
  g_assert_cmpuint (covered, >, 50);
  g_assert_cmpuint (merged, >, n_marks);

  /* and on the pixels: every busy column is the kernel colour in the
   * lane's row, every idle one is background */
  hp_timeline_mapper_init (&m, scene, &v);
  g_assert_true (hp_timeline_mapper_lane_y (&m, 0, 0, 0, &y, &h));
  color = rgb24 (&style->kernel_computation);
  for (guint c = 0; c < n_cols; c++)
    {
      int     px = (int)lround (HP_TIMELINE_GUTTER_WIDTH * scale) + (int)c;
      int     py = (int)((y + 2) * scale);
      guint32 value = pixel (surface, px, py);

      if (want[c])
        g_assert_cmphex (value, ==, color);
      else
        g_assert_cmphex (value, ==, rgb24 (&style->background));
    }
  cairo_surface_destroy (surface);
}

static void
test_merges_subpixel_events (void)
{
  g_autoptr (HpTrace) trace = dense_trace ();
  gint64 start, end;

  {
    g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);

    hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &start, &end);
  }
  check_merging (trace, 1.0, start, end);
  check_merging (trace, 2.0, start, end);
  /* a window that cuts clusters at both ends */
  check_merging (trace, 1.0, start + (end - start) / 3 + 1234, start + (end - start) / 2 + 777);
}

/* ---------------------------------------------------------------------- */
/* idle overlay                                                            */

static void
test_idle_overlay (void)
{
  g_autoptr (HpTrace) trace = load_edge ("timeline-idle");
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  g_autoptr (HpChartStyle) style = plain_style ();
  g_autoptr (GArray) gaps = NULL;
  const HpRank *r = hp_trace_get_rank (trace, 0);
  int           lane = find_lane (r, 0, 7);
  const gint64  us = HP_NS_PER_US;
  /* one pixel per us */
  HpTimelineViewport v = { 0, 1500 * us, (int)HP_TIMELINE_GUTTER_WIDTH + 1500, 160, 0, 1.0 };
  HpTimelineMapper   m;
  cairo_surface_t   *surface;
  double             y, h;
  guint              seen[HP_N_IDLE_CATEGORIES] = { 0 };

  g_assert_cmpint (lane, >=, 0);
  hp_timeline_painter_set_style (painter, style);
  hp_timeline_scene_set_flags (scene, HP_TIMELINE_SHOW_IDLE);
  /* the layout shows what it is given, and computes nothing itself */
  g_assert_null (hp_timeline_scene_get_idle_intervals (scene, 0, (guint)lane));
  g_assert_cmpint (hp_timeline_scene_get_missing (scene, HP_TIMELINE_SHOW_IDLE), ==, HP_TIMELINE_SHOW_IDLE);
  hp_timeline_scene_install_extras (scene, hp_timeline_extras_compute (trace, HP_TIMELINE_SHOW_IDLE, 30.0, NULL));
  g_assert_cmpint (hp_timeline_scene_get_missing (scene, HP_TIMELINE_SHOW_IDLE), ==, 0);

  gaps = hp_idle_time_get_intervals (trace, r, r->lanes[lane].pid, 7, 30.0);
  g_assert_cmpuint (gaps->len, ==, 6);
  g_assert_cmpuint (hp_timeline_scene_get_idle_intervals (scene, 0, (guint)lane)->len, ==, gaps->len);

  surface = paint (painter, &v);
  hp_timeline_mapper_init (&m, scene, &v);
  g_assert_true (hp_timeline_mapper_lane_y (&m, 0, (guint)lane, 0, &y, &h));

  for (int c = 0; c < 1500; c++)
    {
      gint64 t = c * us + us / 2;
      gint64 nearest = G_MAXINT64;
      /* above the labels */
      guint32  value = pixel (surface, (int)HP_TIMELINE_GUTTER_WIDTH + c, (int)y + 2);
      guint32  expected = rgb24 (&style->background);
      gboolean in_kernel = FALSE;

      /* stay a pixel away from every edge */
      for (guint p = 0; p < r->lanes[lane].n_events; p++)
        {
          guint32 e = r->lanes[lane].events[p];

          nearest = MIN (nearest, MIN (ABS (t - r->ts[e]), ABS (t - end_of (r, e))));
          if (r->ts[e] <= t && t < end_of (r, e))
            in_kernel = TRUE;
        }
      if (nearest < 2 * us)
        continue;

      if (in_kernel)
        expected = rgb24 (&style->kernel_computation);
      else
        for (guint g = 0; g < gaps->len; g++)
          {
            const HpIdleInterval *gap = &g_array_index (gaps, HpIdleInterval, g);
            HpColor               c_cat;

            if (!(gap->start <= t && t < gap->end))
              continue;
            c_cat = gap->category == HP_IDLE_HOST_WAIT     ? style->idle_host_wait
                    : gap->category == HP_IDLE_KERNEL_WAIT ? style->idle_kernel_wait
                                                           : style->idle_other;
            c_cat.alpha = 0.42;
            {
              HpColor mixed = hp_color_mix (&style->background, &c_cat, 0.42);

              expected = rgb24 (&mixed);
            }
            seen[gap->category]++;
          }
      if (!close_rgb (value, expected, 2))
        g_error ("column %d (t = %" G_GINT64_FORMAT " us): %06x, expected %06x", c, t / us, value, expected);
    }
  /* the trace has gaps of every category */
  g_assert_cmpuint (seen[HP_IDLE_HOST_WAIT], >, 0);
  g_assert_cmpuint (seen[HP_IDLE_KERNEL_WAIT], >, 0);
  g_assert_cmpuint (seen[HP_IDLE_OTHER], >, 0);
  cairo_surface_destroy (surface);

  /* pointing into a gap finds it through the overlay's hit test */
  for (guint g = 0; g < gaps->len; g++)
    {
      const HpIdleInterval *gap = &g_array_index (gaps, HpIdleInterval, g);
      HpTimelineHit         hit;
      double                x = hp_timeline_mapper_time_to_x (&m, (gap->start + gap->end) / 2);

      g_assert_true (hp_timeline_painter_hit_test (painter, &v, x, y + h / 2, &hit));
      g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_OVERLAY);
      g_assert_cmpuint (hit.overlay, ==, hp_timeline_painter_get_idle_overlay (painter));
      g_assert_cmpint (hit.item, ==, gap->category);
      g_assert_cmpint (hit.start, ==, gap->start);
      g_assert_cmpint (hit.end, ==, gap->end);
      g_assert_nonnull (hit.text);
      hp_timeline_hit_clear (&hit);
    }
}

/* ---------------------------------------------------------------------- */
/* rows                                                                    */

static void
test_rows (void)
{
  g_autoptr (HpTrace) trace = load_edge ("timeline-nested");
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  const HpTimelineRow *rows;
  guint                n_rows;
  double               height;

  /* header, 4 + 1 host rows, 2 streams */
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, ==, 8);
  g_assert_cmpint (rows[0].kind, ==, HP_TIMELINE_ROW_RANK);
  g_assert_cmpint (rows[1].kind, ==, HP_TIMELINE_ROW_SLICES);
  g_assert_false (hp_trace_get_rank (trace, 0)->lanes[rows[1].lane].is_gpu);
  g_assert_true (hp_trace_get_rank (trace, 0)->lanes[rows[7].lane].is_gpu);
  for (guint i = 1; i < n_rows; i++)
    g_assert_cmpfloat (rows[i].y, >=, rows[i - 1].y + rows[i - 1].height);
  height = hp_timeline_scene_get_content_height (scene);
  g_assert_cmpint (hp_timeline_scene_find_row (scene, rows[3].y + 1), ==, 3);
  g_assert_cmpint (hp_timeline_scene_find_lane_row (scene, 0, rows[3].lane, rows[3].depth), ==, 3);

  hp_timeline_scene_set_lane_visible (scene, 0, rows[7].lane, FALSE);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, ==, 7);

  hp_timeline_scene_set_flags (scene, HP_TIMELINE_SHOW_COUNTERS);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, ==, 7);
  g_assert_cmpuint (hp_timeline_scene_get_n_counters (scene, 0), ==, 0);
  hp_timeline_scene_install_extras (scene, hp_timeline_extras_compute (trace, HP_TIMELINE_SHOW_COUNTERS, 30.0, NULL));
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, ==, 7 + hp_timeline_scene_get_n_counters (scene, 0));
  g_assert_cmpuint (hp_timeline_scene_get_n_counters (scene, 0), >=, 1);
  g_assert_cmpint (rows[n_rows - 1].kind, ==, HP_TIMELINE_ROW_COUNTER);

  hp_timeline_scene_set_rank_collapsed (scene, 0, TRUE);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, ==, 1);
  g_assert_cmpfloat (hp_timeline_scene_get_content_height (scene), <, height);
  g_assert_cmpint (hp_timeline_scene_find_lane_row (scene, 0, 0, 0), ==, -1);

  hp_timeline_scene_set_rank_visible (scene, 0, FALSE);
  hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, ==, 0);
  g_assert_cmpfloat (hp_timeline_scene_get_content_height (scene), ==, 0);
}

/* ---------------------------------------------------------------------- */
/* names, search, highlights                                              */

static void
test_names_and_search (void)
{
  g_autoptr (HpTrace) trace = load_edge ("timeline-nested");
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  const HpRank *r = hp_trace_get_rank (trace, 0);
  guint32       gemm = find_event (trace, r, "void gemm_kernel<float, 128>(float const*, float*)");
  guint32       nccl = find_event (trace, r, "ncclKernel_AllReduce_RING_LL_Sum_float");
  guint32       linear = find_event (trace, r, "aten::linear");
  const char   *short_name;
  guint         count = 0, rank_pos;
  guint32       event;

  short_name = hp_timeline_painter_get_short_name (painter, r->name[gemm]);
  g_assert_cmpstr (short_name, ==, "gemm_kernel");
  /* cached by the painter: the same pointer */
  g_assert_true (hp_timeline_painter_get_short_name (painter, r->name[gemm]) == short_name);
  /* a name that shortens to nothing stays whole */
  {
    g_autofree char *same = hp_timeline_short_name ("()");

    g_assert_cmpstr (same, ==, "()");
  }
  g_assert_cmpstr (hp_timeline_painter_get_short_name (painter, G_MAXUINT32), ==, "");

  /* fixed colours for GPU work, a stable hash for host names */
  g_assert_cmpuint (hp_timeline_layout_event_color (hp_timeline_scene_get_layout (scene), r, gemm), ==, HP_KERNEL_CLASS_COMPUTATION);
  g_assert_cmpuint (hp_timeline_layout_event_color (hp_timeline_scene_get_layout (scene), r, nccl), ==, HP_KERNEL_CLASS_COMMUNICATION);
  g_assert_cmpuint (hp_timeline_layout_event_color (hp_timeline_scene_get_layout (scene), r, linear), >=, HP_TIMELINE_COLOR_NAME_BASE);
  g_assert_cmpuint (hp_timeline_layout_event_color (hp_timeline_scene_get_layout (scene), r, linear), <, HP_TIMELINE_N_COLORS);

  for (guint e = 0; e < r->n_events; e++)
    if (strstr (hp_trace_get_string (trace, r->name[e]), "kernel") != NULL ||
        strstr (hp_trace_get_string (trace, r->name[e]), "Kernel") != NULL)
      count++;
  g_assert_cmpuint (hp_timeline_scene_search (scene, "KERNEL"), ==, count);
  g_assert_cmpuint (hp_timeline_scene_get_n_highlights (scene), ==, count);
  /* in time order */
  for (guint i = 1; i < count; i++)
    {
      guint32 prev;

      g_assert_true (hp_timeline_scene_get_highlight (scene, i - 1, &rank_pos, &prev));
      g_assert_true (hp_timeline_scene_get_highlight (scene, i, &rank_pos, &event));
      g_assert_cmpint (r->ts[prev], <=, r->ts[event]);
    }
  g_assert_cmpuint (hp_timeline_scene_search (scene, ""), ==, 0);
  g_assert_cmpuint (hp_timeline_scene_get_n_highlights (scene), ==, 0);

  hp_timeline_scene_set_highlights (scene, 0, &nccl, 1);
  g_assert_cmpuint (hp_timeline_scene_get_n_highlights (scene), ==, 1);
  g_assert_true (hp_timeline_scene_get_highlight (scene, 0, &rank_pos, &event));
  g_assert_cmpuint (event, ==, nccl);
  g_assert_nonnull (hp_timeline_scene_get_lane_highlights (scene, 0, hp_rank_lane (r, nccl)));
}

/* A custom overlay plugs in like the built-in ones. */
typedef struct
{
  guint   painted;
  guint32 event;
} Probe;

static void
probe_paint (const HpTimelineMapper *mapper,
             cairo_t                *cr,
             const HpChartStyle     *style,
             gpointer                user_data)
{
  Probe *probe = user_data;
  HpRect rect;

  g_assert_true (hp_timeline_mapper_event_rect (mapper, 0, probe->event, &rect));
  cairo_rectangle (cr, rect.x, rect.y, rect.width, rect.height);
  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_fill (cr);
  probe->painted++;
}

static gboolean
probe_hit (const HpTimelineMapper *mapper,
           double                  x,
           double                  y,
           HpTimelineHit          *hit,
           gpointer                user_data)
{
  Probe *probe = user_data;

  if (hit->kind != HP_TIMELINE_HIT_EVENT || hit->event != probe->event)
    return FALSE;
  hit->item = 42;
  return TRUE;
}

static void
test_custom_overlay (void)
{
  g_autoptr (HpTrace) trace = load_edge ("timeline-nested");
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  const HpRank      *r = hp_trace_get_rank (trace, 0);
  Probe              probe = { 0, find_event (trace, r, "aten::long_op") };
  HpTimelineViewport v = { 0, 10000 * HP_NS_PER_US, 1168, 400, 0, 1.0 };
  HpTimelineMapper   m;
  HpTimelineHit      hit;
  HpRect             rect;
  guint              id, generation = hp_timeline_painter_get_generation (painter);
  cairo_surface_t   *surface;

  id = hp_timeline_painter_add_overlay (painter, HP_TIMELINE_LAYER_OVER, probe_paint, probe_hit, &probe, NULL);
  g_assert_cmpuint (id, !=, 0);
  g_assert_cmpuint (hp_timeline_painter_get_generation (painter), !=, generation);

  surface = paint (painter, &v);
  g_assert_cmpuint (probe.painted, ==, 1);
  hp_timeline_mapper_init (&m, scene, &v);
  g_assert_true (hp_timeline_mapper_event_rect (&m, 0, probe.event, &rect));
  g_assert_cmphex (pixel (surface, (int)(rect.x + rect.width / 2), (int)(rect.y + rect.height / 2)), ==, 0xff0000);
  cairo_surface_destroy (surface);

  g_assert_true (hp_timeline_painter_hit_test (painter, &v, rect.x + rect.width / 2, rect.y + rect.height / 2, &hit));
  g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_OVERLAY);
  g_assert_cmpuint (hit.overlay, ==, id);
  g_assert_cmpint (hit.item, ==, 42);
  hp_timeline_hit_clear (&hit);

  hp_timeline_painter_remove_overlay (painter, id);
  surface = paint (painter, &v);
  g_assert_cmpuint (probe.painted, ==, 1);
  cairo_surface_destroy (surface);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/charts/timeline/culls-exactly", test_cull_nested);
  hp_test_add_trace ("/ui/charts/timeline/culls-random-windows", "hta_trace_filter_2ranks", hp_test_trace_setup_default, test_cull_random);
  hp_test_add_trace ("/ui/charts/timeline/frame-marks-random-windows", "hta_trace_filter_2ranks", hp_test_trace_setup_default,
                     test_frame_marks_random);
  g_test_add_func ("/ui/charts/timeline/merges-subpixel-events", test_merges_subpixel_events);
  g_test_add_func ("/ui/charts/timeline/idle-overlay", test_idle_overlay);
  g_test_add_func ("/ui/charts/timeline/rows", test_rows);
  g_test_add_func ("/ui/charts/timeline/names-and-search", test_names_and_search);
  g_test_add_func ("/ui/charts/timeline/custom-overlay", test_custom_overlay);

  return g_test_run ();
}
