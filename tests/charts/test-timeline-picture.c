/* test-timeline-picture.c — what a timeline picture says: what is at a point, the ruler's ticks and labels, the files it exports.
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
/* hit testing                                                             */

static void
test_hit_test (HpTestTraceFixture *fixture,
               gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  const HpTimelineRow *rows;
  HpTimelineViewport   v = { 0, 0, 1600, 4000, 0, 1.0 };
  HpTimelineMapper     m;
  HpTimelineHit        hit;
  guint                n_rows, checked = 0;
  gint64               start, end;

  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &start, &end);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  /* the whole trace, then windows in the first step where more events are
   * wide enough to point at */
  for (guint w = 0; w < 4; w++)
    {
      static const gint64 spans[] = { 0, 50000000, 5000000, 500000 };

      v.t0 = w == 0 ? start : start + 110 * 1000 * 1000;
      v.t1 = w == 0 ? end : v.t0 + spans[w];
      hp_timeline_mapper_init (&m, scene, &v);

      for (guint i = 0; i < n_rows; i++)
        {
          g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (guint32));
          const HpRank *r = hp_trace_get_rank (trace, rows[i].rank_pos);

          if (rows[i].kind != HP_TIMELINE_ROW_SLICES)
            continue;
          hp_timeline_layout_cull (hp_timeline_scene_get_layout (scene), rows[i].rank_pos, rows[i].lane, rows[i].depth, v.t0, v.t1, events);
          for (guint k = 0; k < events->len; k++)
            {
              guint32 e = g_array_index (events, guint32, k);
              HpRect  rect;
              double  x0, x1;

              g_assert_true (hp_timeline_mapper_event_rect (&m, rows[i].rank_pos, e, &rect));
              x0 = MAX (rect.x, m.time_left);
              x1 = MIN (rect.x + rect.width, m.time_right);
              if (x1 - x0 < 3)
                continue;
              g_assert_true (hp_timeline_painter_hit_test (painter, &v, (x0 + x1) / 2, rect.y + rect.height / 2, &hit));
              g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_EVENT);
              g_assert_cmpint (hit.rank_pos, ==, rows[i].rank_pos);
              g_assert_cmpint (hit.event, ==, e);
              g_assert_cmpint (hit.start, ==, r->ts[e]);
              hp_timeline_hit_clear (&hit);
              checked++;
            }
        }
    }
  g_assert_cmpuint (checked, >, 100);

  /* the other parts of the picture */
  g_assert_true (hp_timeline_painter_hit_test (painter, &v, 400, 5, &hit));
  g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_RULER);
  g_assert_true (hp_timeline_painter_hit_test (painter, &v, 400, HP_TIMELINE_RULER_HEIGHT + 4, &hit));
  g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_STEP);
  g_assert_cmpint (hit.item, ==, 551);
  g_assert_true (hp_timeline_painter_hit_test (painter, &v, 400, m.lanes_top + 4, &hit));
  g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_RANK);
  g_assert_cmpint (hit.rank_pos, ==, 0);
  g_assert_true (hp_timeline_painter_hit_test (painter, &v, 20, m.lanes_top + rows[1].y + 5, &hit));
  g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_LANE_LABEL);
  g_assert_false (hp_timeline_painter_hit_test (painter, &v, 400, v.height + 10, &hit));
}

/* ---------------------------------------------------------------------- */
/* ruler                                                                   */

static void
test_ruler (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  HpTimelineRuler ruler;
  char            label[64];

  for (guint i = 0; i < 2000; i++)
    {
      gint64 t0 = (gint64)g_rand_double_range (rand, 0, 1e11);
      gint64 span = (gint64)pow (10, g_rand_double_range (rand, 0.5, 11));
      double width = g_rand_double_range (rand, 200, 3000);
      gint64 mantissa;

      hp_timeline_ruler_compute (&ruler, t0, t0 + span, width, 90);
      mantissa = ruler.step;
      while (mantissa % 10 == 0)
        mantissa /= 10;
      g_assert_true (mantissa == 1 || mantissa == 2 || mantissa == 5);
      g_assert_cmpuint (ruler.n_ticks, >=, 1);
      for (guint k = 0; k < ruler.n_ticks; k++)
        {
          g_assert_cmpint (ruler.ticks[k] % ruler.step, ==, 0);
          g_assert_cmpint (ruler.ticks[k], >=, t0);
          g_assert_cmpint (ruler.ticks[k], <, t0 + span);
          if (k > 0)
            g_assert_cmpint (ruler.ticks[k] - ruler.ticks[k - 1], ==, ruler.step);
        }
      /* at least the wanted spacing, and not more than 2.5× it (1→2→5) */
      if (span > 100)
        {
          g_assert_cmpfloat ((double)ruler.step * width / span, >=, 90 - 1e-6);
          g_assert_cmpfloat ((double)ruler.step * width / span, <=, 90 * 2.5 + 1e-6);
        }
      g_assert_cmpint (ruler.origin % ruler.step, ==, 0);
    }

  /* units follow the zoom */
  hp_timeline_ruler_compute (&ruler, 0, 2000000000, 1000, 90);
  g_assert_cmpint (ruler.step, ==, 200000000);
  g_assert_cmpstr (ruler.unit, ==, "s");
  hp_timeline_ruler_format (&ruler, 400000000, label, sizeof label);
  g_assert_cmpstr (label, ==, "0.4 s");
  hp_timeline_ruler_format (&ruler, 0, label, sizeof label);
  g_assert_cmpstr (label, ==, "0");

  hp_timeline_ruler_compute (&ruler, 0, 10000000, 1000, 90);
  g_assert_cmpint (ruler.step, ==, 1000000);
  g_assert_cmpstr (ruler.unit, ==, "ms");
  hp_timeline_ruler_format (&ruler, 3000000, label, sizeof label);
  g_assert_cmpstr (label, ==, "3 ms");

  hp_timeline_ruler_compute (&ruler, 5000000, 5100000, 1000, 90);
  g_assert_cmpint (ruler.step, ==, 10000);
  g_assert_cmpstr (ruler.unit, ==, "us");
  hp_timeline_ruler_format (&ruler, 5020000, label, sizeof label);
  g_assert_cmpstr (label, ==, "5020 us");

  /* deep in a long trace the labels count from a round origin */
  hp_timeline_ruler_compute (&ruler, G_GINT64_CONSTANT (12345678901), G_GINT64_CONSTANT (12345678901) + 1000, 1000, 90);
  g_assert_cmpint (ruler.step, ==, 100);
  g_assert_cmpstr (ruler.unit, ==, "us");
  g_assert_cmpint (ruler.origin, ==, G_GINT64_CONSTANT (12345678000));
  hp_timeline_ruler_format (&ruler, G_GINT64_CONSTANT (12345679000), label, sizeof label);
  g_assert_cmpstr (label, ==, "+1.0 us");
}

/* ---------------------------------------------------------------------- */
/* export                                                                  */

static void
test_export (HpTestTraceFixture *fixture,
             gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  g_autoptr (GError) error = NULL;
  g_autofree char   *dir = g_dir_make_tmp ("hotpath-timeline-XXXXXX", &error);
  g_autofree char   *png = g_build_filename (dir, "timeline.png", NULL);
  g_autofree char   *svg = g_build_filename (dir, "timeline.SVG", NULL);
  g_autofree char   *bad = g_build_filename (dir, "timeline.bmp", NULL);
  g_autofree char   *contents = NULL;
  HpTimelineViewport v = { 0, 0, 900, 500, 0, 2.0 };
  gsize              len;

  g_assert_no_error (error);
  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &v.t0, &v.t1);
  hp_timeline_painter_set_selection (painter, 0, hp_trace_get_rank (trace, 0)->lanes[2].events[0]);
  hp_timeline_painter_set_range (painter, v.t0 + 1000000, v.t0 + 90000000);

  g_assert_true (hp_timeline_painter_export (painter, png, &v, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (png, &contents, &len, &error));
  g_assert_cmpuint (len, >, 1000);
  g_assert_cmpmem (contents, 8, "\x89PNG\r\n\x1a\n", 8);
  {
    cairo_surface_t *s = cairo_image_surface_create_from_png (png);

    g_assert_cmpint (cairo_surface_status (s), ==, CAIRO_STATUS_SUCCESS);
    g_assert_cmpint (cairo_image_surface_get_width (s), ==, 1800);
    g_assert_cmpint (cairo_image_surface_get_height (s), ==, 1000);
    cairo_surface_destroy (s);
  }
  g_clear_pointer (&contents, g_free);

  g_assert_true (hp_timeline_painter_export (painter, svg, &v, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &contents, &len, &error));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_assert_nonnull (strstr (contents, "</svg>"));

  g_assert_false (hp_timeline_painter_export (painter, bad, &v, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));

  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  hp_test_add_trace ("/ui/charts/timeline/hit-test", "hta_trace_filter_2ranks", hp_test_trace_setup_default, test_hit_test);
  g_test_add_func ("/ui/charts/timeline/ruler-1-2-5", test_ruler);
  hp_test_add_trace ("/ui/charts/timeline/export", "hta_trace_filter_2ranks", hp_test_trace_setup_default, test_export);

  return g_test_run ();
}
