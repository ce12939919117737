/* test-timeline-marks.c — timeline backdrop and marks written straight into image pixels look as cairo paints them.
 *
 * The painter writes the lanes' backdrop and the marks on whole device
 * pixels straight into an image surface and leaves everything else to
 * cairo. These tests paint the same pictures both ways (the painter's
 * reference switch sends everything through cairo) and compare every
 * pixel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "hp-charts.h"
#include "hp-core.h"

#define HP_CHARTS_COMPILATION
#include "hp-timeline-painter-private.h"

/* Two ranks, each with a GPU stream of clustered 1–3 us kernels of every
 * kernel class between a few long ones, a second stream, and a host thread
 * of nested operators in six steps: sub-pixel runs, wide named boxes,
 * several depths and tinted steps at every zoom. */
static HpTrace *
synthetic_trace (void)
{
  static const char *names[] = { "gemm_kernel", "ncclKernel_AllReduce", "Memcpy HtoD (Pageable -> Device)",
                                 "Memset (Device)", "elementwise_kernel" };
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-marks-XXXXXX", &error);
  HpLoadOptions    options = { 0 };
  HpTrace         *trace;

  g_assert_no_error (error);
  for (int rank = 0; rank < 2; rank++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (11 + rank);
      g_autoptr (GString) json = g_string_new (NULL);
      g_autofree char *path = g_strdup_printf ("%s/rank-%d.json", dir, rank);
      gint64           t = 0;

      g_string_append_printf (json, "{\"distributedInfo\": {\"rank\": %d, \"world_size\": 2}, \"traceEvents\": [\n", rank);
      for (guint i = 0; i < 4000; i++)
        {
          /* one in forty kernels is long enough to carry its name */
          gint64 dur = i % 40 == 39 ? g_rand_int_range (rand, 3000, 9000) : g_rand_int_range (rand, 1, 4);

          g_string_append_printf (json,
                                  "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": 0, \"tid\": 7, "
                                  "\"ts\": %" G_GINT64_FORMAT ", \"dur\": %" G_GINT64_FORMAT ", \"args\": {\"stream\": 7}},\n",
                                  names[g_rand_int_range (rand, 0, G_N_ELEMENTS (names))], t, dur);
          if (i % 3 == 0)
            g_string_append_printf (json,
                                    "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"%s\", \"pid\": 0, \"tid\": 8, "
                                    "\"ts\": %" G_GINT64_FORMAT ", \"dur\": 2, \"args\": {\"stream\": 8}},\n",
                                    names[i % G_N_ELEMENTS (names)], t + 1);
          if (i % 50 == 0)
            g_string_append_printf (json,
                                    "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::linear\", \"pid\": 10, \"tid\": 10, "
                                    "\"ts\": %" G_GINT64_FORMAT ", \"dur\": 400, \"args\": {}},\n"
                                    "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::addmm\", \"pid\": 10, \"tid\": 10, "
                                    "\"ts\": %" G_GINT64_FORMAT ", \"dur\": 150, \"args\": {}},\n",
                                    t, t + 10);
          t += dur + (g_rand_int_range (rand, 0, 25) == 0 ? g_rand_int_range (rand, 200, 3000) : g_rand_int_range (rand, 0, 20));
        }
      /* six steps: every other one tinted on the lanes' background */
      for (int k = 0; k < 6; k++)
        g_string_append_printf (json,
                                "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#%d\", \"pid\": 10, "
                                "\"tid\": 10, \"ts\": %" G_GINT64_FORMAT ", \"dur\": %" G_GINT64_FORMAT ", \"args\": {}},\n",
                                k + 1, k * (t / 6), t / 6 - 1);
      g_string_append (json, "{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 10, \"tid\": 10, \"args\": {\"name\": \"main\"}}\n]}\n");
      g_file_set_contents (path, json->str, (gssize)json->len, &error);
      g_assert_no_error (error);
    }

  trace = hp_load_path (dir, &options, NULL, &error);
  g_assert_no_error (error);
  for (int rank = 0; rank < 2; rank++)
    {
      g_autofree char *path = g_strdup_printf ("%s/rank-%d.json", dir, rank);

      g_unlink (path);
    }
  g_rmdir (dir);
  return trace;
}

typedef struct
{
  cairo_format_t format;
  double         device_scale;
  double         offset; /* device offset of the surface, device pixels */
} Target;

/* Paints @v on a fresh image surface; the marks straight into pixels
 * unless @by_cairo. Returns the surface; *@written: how many marks went
 * straight into pixels. */
static cairo_surface_t *
paint (HpTimelinePainter        *painter,
       const HpTimelineViewport *v,
       const Target             *target,
       gboolean                  by_cairo,
       guint                    *written)
{
  int              w = (int)ceil (v->width * target->device_scale + target->offset);
  int              h = (int)ceil (v->height * target->device_scale + target->offset);
  cairo_surface_t *surface = cairo_image_surface_create (target->format, w, h);
  cairo_t         *cr;

  cairo_surface_set_device_scale (surface, target->device_scale, target->device_scale);
  cairo_surface_set_device_offset (surface, target->offset, target->offset);
  cr = cairo_create (surface);
  painter->pixels_by_cairo = by_cairo;
  hp_timeline_painter_paint (painter, cr, v);
  painter->pixels_by_cairo = FALSE;
  *written = painter->n_marks_written;
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Pixels that differ between @a and @b (the unused byte of RGB24 aside). */
static guint
count_differences (cairo_surface_t *a,
                   cairo_surface_t *b)
{
  int           w = cairo_image_surface_get_width (a), h = cairo_image_surface_get_height (a);
  guint32       mask = cairo_image_surface_get_format (a) == CAIRO_FORMAT_RGB24 ? 0x00ffffff : 0xffffffff;
  guint         n = 0;
  const guint8 *pa = cairo_image_surface_get_data (a);
  const guint8 *pb = cairo_image_surface_get_data (b);

  g_assert_cmpint (cairo_image_surface_get_width (b), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (b), ==, h);
  for (int y = 0; y < h; y++)
    {
      const guint32 *la = (const guint32 *)(const void *)(pa + (gsize)y * (gsize)cairo_image_surface_get_stride (a));
      const guint32 *lb = (const guint32 *)(const void *)(pb + (gsize)y * (gsize)cairo_image_surface_get_stride (b));

      for (int x = 0; x < w; x++)
        n += (la[x] & mask) != (lb[x] & mask);
    }
  return n;
}

/* Pixels of @surface of the mark colour @c. */
static guint
count_color (HpTimelinePainter *painter,
             cairo_surface_t   *surface,
             guint              c)
{
  int           w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  const HpColor col = painter->colors[c];
  guint32       want = ((guint32)lround (col.red * 255) << 16) | ((guint32)lround (col.green * 255) << 8) | (guint32)lround (col.blue * 255);
  guint         n = 0;
  const guint8 *p = cairo_image_surface_get_data (surface);

  for (int y = 0; y < h; y++)
    {
      const guint32 *line = (const guint32 *)(const void *)(p + (gsize)y * (gsize)cairo_image_surface_get_stride (surface));

      for (int x = 0; x < w; x++)
        n += (line[x] & 0x00ffffff) == want;
    }
  return n;
}

/* whether the last check_same() wrote the marks on the backdrop's pass */
static gboolean marks_in_backdrop;

/* Pixels of @surface equal to @pixel, the unused byte aside. */
static guint
count_pixel (cairo_surface_t *surface,
             guint32          pixel)
{
  int           w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  guint         n = 0;
  const guint8 *p = cairo_image_surface_get_data (surface);

  for (int y = 0; y < h; y++)
    {
      const guint32 *line = (const guint32 *)(const void *)(p + (gsize)y * (gsize)cairo_image_surface_get_stride (surface));

      for (int x = 0; x < w; x++)
        n += (line[x] & 0x00ffffff) == (pixel & 0x00ffffff);
    }
  return n;
}

/* Paints @v both ways on @target and asserts the same pixels; returns the
 * marks written straight into pixels. */
static guint
check_same (HpTimelinePainter        *painter,
            const HpTimelineViewport *v,
            const Target             *target)
{
  cairo_surface_t *direct, *reference;
  guint            written, written_by_cairo, n_marks;

  direct = paint (painter, v, target, FALSE, &written);
  marks_in_backdrop = painter->marks_in_backdrop;
  /* where marks can be written, so can the backdrop (it may be where
   * marks cannot: its edges are snapped to pixels, mark rows' are not) */
  if (written > 0)
    g_assert_true (painter->backdrop_written);
  reference = paint (painter, v, target, TRUE, &written_by_cairo);
  hp_timeline_frame_get_marks (hp_timeline_painter_get_frame (painter), &n_marks);
  g_assert_cmpuint (n_marks, >, 0);
  g_assert_cmpuint (written_by_cairo, ==, 0);
  g_assert_cmpuint (count_differences (direct, reference), ==, 0);
  cairo_surface_destroy (direct);
  cairo_surface_destroy (reference);
  return written;
}

/* an overlay under the marks: a band across the lanes */
static void
paint_under (const HpTimelineMapper *m,
             cairo_t                *cr,
             const HpChartStyle     *style,
             gpointer                user_data)
{
  cairo_rectangle (cr, m->time_left + 100.5, m->lanes_top, 150, 200);
  cairo_set_source_rgba (cr, 0.2, 0.6, 0.3, 0.5);
  cairo_fill (cr);
}

static void
test_same_pixels (void)
{
  g_autoptr (HpTrace) trace = synthetic_trace ();
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  const HpTimelineLayout *layout = hp_timeline_scene_get_layout (scene);
  HpTimelineViewport      v = { 0, 1, 1000, 420, 0, 1.0 };
  gint64                  start, end;
  static const Target     targets[] = {
        { CAIRO_FORMAT_RGB24, 1.0, 0 },  /* the view's cached picture */
        { CAIRO_FORMAT_ARGB32, 1.0, 0 }, /* PNG export */
        { CAIRO_FORMAT_RGB24, 2.0, 0 },  /* a HiDPI screen */
        { CAIRO_FORMAT_ARGB32, 1.0, 3 }, /* moved on its surface */
  };

  hp_timeline_layout_get_time_bounds (layout, &start, &end);
  for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
    {
      v.scale = targets[t].device_scale;

      /* fit: nearly every mark a merged run a pixel or two wide */
      v.t0 = start;
      v.t1 = end;
      v.scroll_y = 0;
      g_assert_cmpuint (check_same (painter, &v, &targets[t]), >, 0);

      /* zoomed in, scrolled: wide named boxes, partly off the left edge */
      v.t0 = start + (end - start) / 3 + 1234;
      v.t1 = v.t0 + (end - start) / 40;
      v.scroll_y = 30;
      g_assert_cmpuint (check_same (painter, &v, &targets[t]), >, 0);
    }

  /* a collapsed rank: its streams merged into its header row */
  v.scale = 1.0;
  v.t0 = start;
  v.t1 = end;
  v.scroll_y = 0;
  hp_timeline_scene_set_rank_collapsed (scene, 0, TRUE);
  g_assert_cmpuint (check_same (painter, &v, &targets[0]), >, 0);
  hp_timeline_scene_set_rank_collapsed (scene, 0, FALSE);

  /* a pinned lane: painted in its band, the rest scrolled under it */
  {
    const HpRank   *r = hp_trace_get_rank (trace, 1);
    HpTimelineTrack track = { HP_TIMELINE_ROW_SLICES, 1, 0 };

    for (guint l = 0; l < r->n_lanes; l++)
      if (r->lanes[l].is_gpu)
        track.lane = l;
    hp_timeline_scene_set_track_pinned (scene, &track, TRUE);
    v.scroll_y = 40;
    g_assert_cmpuint (check_same (painter, &v, &targets[0]), >, 0);
    hp_timeline_scene_set_track_pinned (scene, &track, FALSE);
  }

  /* with nothing under them, the marks are written on the backdrop's
   * pass; with an overlay under them, on a pass of their own after it */
  v.scroll_y = 0;
  g_assert_cmpuint (check_same (painter, &v, &targets[0]), >, 0);
  g_assert_true (marks_in_backdrop);
  hp_timeline_painter_add_overlay (painter, HP_TIMELINE_LAYER_UNDER, paint_under, NULL, NULL, NULL);
  g_assert_cmpuint (check_same (painter, &v, &targets[0]), >, 0);
  g_assert_false (marks_in_backdrop);
}

/* The picture shows the marks at all: the comparison above is not between
 * two empty lanes. */
static void
test_marks_visible (void)
{
  g_autoptr (HpTrace) trace = synthetic_trace ();
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  HpTimelineViewport v = { 0, 1, 1000, 420, 0, 1.0 };
  Target             target = { CAIRO_FORMAT_RGB24, 1.0, 0 };
  cairo_surface_t   *surface;
  guint              written, n_marks;

  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &v.t0, &v.t1);
  surface = paint (painter, &v, &target, FALSE, &written);
  hp_timeline_frame_get_marks (hp_timeline_painter_get_frame (painter), &n_marks);
  g_assert_cmpuint (written, ==, n_marks);
  g_assert_true (painter->backdrop_written);
  /* the sub-pixel kernels of mixed classes, and the communication ones */
  g_assert_cmpuint (count_color (painter, surface, HP_TIMELINE_COLOR_DENSE), >, 1000);
  g_assert_cmpuint (count_color (painter, surface, HP_KERNEL_CLASS_COMMUNICATION), >, 100);
  /* the tinted steps (the pixel after the mark colours and the
   * background's) */
  g_assert_cmpuint (count_pixel (surface, painter->pixels[HP_TIMELINE_N_COLORS + 1]), >, 1000);
  cairo_surface_destroy (surface);
}

/* Vector targets, and pixels a mark edge falls between, go through cairo. */
static void
test_through_cairo (void)
{
  g_autoptr (HpTrace) trace = synthetic_trace ();
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  HpTimelineViewport v = { 0, 1, 1000, 420, 0, 1.0 };
  Target             fractional = { CAIRO_FORMAT_ARGB32, 1.5, 0 };
  cairo_surface_t   *recording;
  cairo_t           *cr;

  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &v.t0, &v.t1);

  /* SVG, PDF and the recording GTK makes of a cairo node stay vectors */
  recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cr = cairo_create (recording);
  hp_timeline_painter_paint (painter, cr, &v);
  g_assert_cmpuint (painter->n_marks_written, ==, 0);
  g_assert_false (painter->backdrop_written);
  cairo_destroy (cr);
  cairo_surface_destroy (recording);

  /* at 1.5 device pixels per unit rows start between pixels: cairo
   * antialiases them, and the picture is the same as the reference */
  v.scale = 1.5;
  g_assert_cmpuint (check_same (painter, &v, &fractional), ==, 0);

  /* a rotated picture */
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1000, 1000);

    v.scale = 1.0;
    cr = cairo_create (surface);
    cairo_rotate (cr, 0.1);
    hp_timeline_painter_paint (painter, cr, &v);
    g_assert_cmpuint (painter->n_marks_written, ==, 0);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
}

/* A frame updated again keeps the marks of rows still in view while only
 * the scroll changes; its marks are always those of a fresh frame, also
 * after the window or the layout changed. */
static void
test_frame_reuse (void)
{
  g_autoptr (HpTrace) trace = synthetic_trace ();
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  const HpTimelineLayout *layout = hp_timeline_scene_get_layout (scene);
  g_autoptr (HpTimelineFrame) kept = hp_timeline_frame_new ();
  HpTimelineViewport v = { 0, 1, 1000, 120, 0, 1.0 };
  gint64             start, end;

  hp_timeline_layout_get_time_bounds (layout, &start, &end);
  for (guint step = 0; step < 12; step++)
    {
      g_autoptr (HpTimelineFrame) fresh = hp_timeline_frame_new ();
      const HpTimelineMark *a, *b;
      guint                 n_a, n_b, first, end_row;

      /* scroll down a row at a time, then zoom, then collapse a rank,
       * then scroll again */
      v.t0 = step < 6 ? start : start + (end - start) / 4;
      v.t1 = end;
      v.scroll_y = (step % 6) * 17.0;
      if (step == 9)
        hp_timeline_scene_set_rank_collapsed (scene, 0, TRUE);
      hp_timeline_frame_update (kept, scene, &v);
      hp_timeline_frame_update (fresh, scene, &v);
      a = hp_timeline_frame_get_marks (kept, &n_a);
      b = hp_timeline_frame_get_marks (fresh, &n_b);
      hp_timeline_frame_get_visible_rows (kept, &first, &end_row);
      g_assert_cmpuint (end_row, >, first);
      g_assert_cmpuint (n_a, >, 0);
      g_assert_cmpuint (n_a, ==, n_b);
      g_assert_cmpmem (a, n_a * sizeof *a, b, n_b * sizeof *b);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/charts/timeline-marks/same-pixels", test_same_pixels);
  g_test_add_func ("/ui/charts/timeline-marks/marks-visible", test_marks_visible);
  g_test_add_func ("/ui/charts/timeline-marks/through-cairo", test_through_cairo);
  g_test_add_func ("/ui/charts/timeline-marks/frame-reuse", test_frame_reuse);

  return g_test_run ();
}
