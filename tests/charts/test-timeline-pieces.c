/* test-timeline-pieces.c — the timeline's three pieces: the layout and the view state a painter only reads, the frame it writes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-charts.h"
#include "hp-core.h"
#include "hp-test-utils.h"

#define ADD(sum, value) g_checksum_update ((sum), (const guchar *)&(value), sizeof (value))

static void
add_track (GChecksum             *sum,
           const HpTimelineTrack *t)
{
  ADD (sum, t->kind);
  ADD (sum, t->rank_pos);
  ADD (sum, t->lane);
  g_checksum_update (sum, (const guchar *)(t->key != NULL ? t->key : ""), -1);
}

/* everything a layout and its arrangement answer, as one digest: rows,
 * tracks, ranks, bookmarks, flags, the generation, highlights, each
 * event's colour, the extras it holds */
static char *
fingerprint (HpTimelineScene *scene)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  HpTrace               *trace = hp_timeline_scene_get_trace (scene);
  const HpTimelineRow   *rows;
  const HpTimelineTrack *tracks;
  guint                  n, u;
  double                 d;
  gint64                 t0, t1;

  rows = hp_timeline_scene_get_rows (scene, &n);
  ADD (sum, n);
  for (guint i = 0; i < n; i++)
    {
      ADD (sum, rows[i].kind);
      ADD (sum, rows[i].rank_pos);
      ADD (sum, rows[i].lane);
      ADD (sum, rows[i].depth);
      ADD (sum, rows[i].y);
      ADD (sum, rows[i].height);
      ADD (sum, rows[i].pinned);
    }
  d = hp_timeline_scene_get_content_height (scene);
  ADD (sum, d);
  d = hp_timeline_scene_get_lanes_top (scene);
  ADD (sum, d);
  d = hp_timeline_scene_get_gutter_width (scene);
  ADD (sum, d);
  u = hp_timeline_scene_get_flags (scene);
  ADD (sum, u);
  u = hp_timeline_scene_get_generation (scene);
  ADD (sum, u);
  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &t0, &t1);
  ADD (sum, t0);
  ADD (sum, t1);

  tracks = hp_timeline_scene_get_pinned_tracks (scene, &n);
  ADD (sum, n);
  for (guint i = 0; i < n; i++)
    add_track (sum, &tracks[i]);
  tracks = hp_timeline_scene_get_hidden_tracks (scene, &n);
  ADD (sum, n);
  for (guint i = 0; i < n; i++)
    add_track (sum, &tracks[i]);

  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);
      gboolean      b;

      b = hp_timeline_scene_get_rank_visible (scene, k);
      ADD (sum, b);
      b = hp_timeline_scene_get_rank_collapsed (scene, k);
      ADD (sum, b);
      n = hp_timeline_scene_get_n_counters (scene, k);
      ADD (sum, n);
      for (guint c = 0; c < n; c++)
        {
          const HpSeries *s = hp_timeline_scene_get_counter (scene, k, c);

          ADD (sum, s);
        }
      for (guint l = 0; l < r->n_lanes; l++)
        {
          GArray       *idle = hp_timeline_scene_get_idle_intervals (scene, k, l);
          const GArray *hl = hp_timeline_scene_get_lane_highlights (scene, k, l);

          b = hp_timeline_scene_get_lane_visible (scene, k, l);
          ADD (sum, b);
          ADD (sum, idle);
          if (idle != NULL)
            ADD (sum, idle->len);
          if (hl != NULL)
            g_checksum_update (sum, (const guchar *)hl->data, hl->len * sizeof (guint32));
        }
      for (guint e = 0; e < r->n_events; e++)
        {
          u = hp_timeline_layout_event_color (hp_timeline_scene_get_layout (scene), r, e);
          ADD (sum, u);
        }
    }
  {
    HpTimelineBookmarks *marks = hp_timeline_scene_get_bookmarks (scene);

    n = hp_timeline_bookmarks_get_n_items (marks);
    ADD (sum, n);
    for (guint i = 0; i < n; i++)
      {
        const HpTimelineBookmark *b = hp_timeline_bookmarks_get (marks, i);

        ADD (sum, b->start);
        ADD (sum, b->end);
        g_checksum_update (sum, (const guchar *)b->name, -1);
      }
  }
  n = hp_timeline_scene_get_n_highlights (scene);
  ADD (sum, n);
  for (guint i = 0; i < n; i++)
    {
      guint   rank_pos;
      guint32 event;

      g_assert_true (hp_timeline_scene_get_highlight (scene, i, &rank_pos, &event));
      ADD (sum, rank_pos);
      ADD (sum, event);
    }
  return g_strdup (g_checksum_get_string (sum));
}

/* a viewport over [t0 + (t1 - t0) * from, … + width) of the trace */
static HpTimelineViewport
viewport_at (const HpTimelineScene *scene,
             double                 from,
             double                 width,
             double                 scroll_y,
             double                 scale)
{
  HpTimelineViewport v = { 0 };
  gint64             t0, t1;

  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &t0, &t1);
  v.t0 = t0 + (gint64)((t1 - t0) * from);
  v.t1 = v.t0 + MAX ((gint64)((t1 - t0) * width), 200);
  v.width = 900;
  v.height = 600;
  v.scroll_y = scroll_y;
  v.scale = scale;
  return v;
}

/* paints, hovers, hit-tests and exports at four zooms, scrolled or not,
 * at two scales: what a view and a file ask of a painter */
static guint
paint_everything (HpTimelinePainter *painter)
{
  const HpTimelineScene *scene = hp_timeline_painter_get_scene (painter);
  static const double    zooms[][2] = { { 0, 1 }, { 0.4, 0.125 }, { 0.5, 1.0 / 64 }, { 0.5, 1.0 / 4096 } };
  guint                  fit_marks = 0;

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    for (guint s = 0; s < 4; s++)
      {
        HpTimelineViewport v = viewport_at (scene, zooms[z][0], zooms[z][1], (s & 1) ? 90 : 0, (s & 2) ? 2.0 : 1.0);
        cairo_surface_t   *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, v.width * v.scale, v.height * v.scale);
        cairo_t           *cr = cairo_create (surface);
        HpTimelineHit      hit;

        cairo_scale (cr, v.scale, v.scale);
        hp_timeline_painter_paint (painter, cr, &v);
        if (z == 0 && s == 0)
          hp_timeline_frame_get_marks (hp_timeline_painter_get_frame (painter), &fit_marks);
        hp_timeline_painter_paint_dynamic_hover (painter, cr, &v, 0, 0);
        for (int y = 5; y < v.height; y += 37)
          for (int x = 5; x < v.width; x += 113)
            {
              hp_timeline_painter_hit_test (painter, &v, x, y, &hit);
              hp_timeline_hit_clear (&hit);
            }
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
      }
  for (HpExportFormat f = HP_EXPORT_FORMAT_PNG; f <= HP_EXPORT_FORMAT_SVG; f++)
    {
      HpTimelineViewport v = viewport_at (scene, 0.25, 0.5, 0, 1.0);
      g_autoptr (GError) error = NULL;
      g_autoptr (GBytes) bytes = hp_timeline_painter_render (painter, f, &v, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (g_bytes_get_size (bytes), >, 0);
    }
  return fit_marks;
}

/* the painter writes nothing to the layout or to the view state it paints,
 * in any scope, zoom, scroll or scale, with every overlay on */
static void
test_painter_reads_only (void)
{
  g_autoptr (HpTrace) whole = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_autoptr (HpScope) whole_scope = hp_scope_new_whole ();
  g_autoptr (HpScope) middle = NULL;
  gint64 t0, t1;

  {
    g_autoptr (HpTimelineScene) bounds = hp_timeline_scene_new_for_trace (whole);

    hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (bounds), &t0, &t1);
    middle = hp_scope_new_range (hp_time_span_make (t0 + (t1 - t0) / 3, t0 + 2 * (t1 - t0) / 3));
  }

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HpTrace) trace = hp_trace_apply_scope (whole, i == 0 ? whole_scope : middle, &error);
      g_autoptr (HpTimelineScene) scene = NULL;
      g_autoptr (HpTimelinePainter) painter = NULL;
      g_autofree char *before = NULL;
      g_autofree char *after = NULL;
      g_autofree char *changed = NULL;
      HpTimelineFlags  all = HP_TIMELINE_SHOW_DEFAULT | HP_TIMELINE_SHOW_IDLE | HP_TIMELINE_SHOW_COUNTERS;

      g_assert_no_error (error);
      scene = hp_timeline_scene_new_for_trace (trace);
      painter = hp_timeline_painter_new (scene);
      hp_timeline_scene_install_extras (scene, hp_timeline_extras_compute (trace, all, 30.0, NULL));
      hp_timeline_scene_set_flags (scene, all);
      /* a pinned lane (the band over scrolled lanes), a hidden one, a
       * collapsed rank, search highlights, a selection and a range */
      hp_timeline_scene_set_track_pinned (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_SLICES, 1, 0, NULL }, TRUE);
      hp_timeline_scene_set_track_hidden (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_SLICES, 0, 1, NULL }, TRUE);
      hp_timeline_scene_set_rank_collapsed (scene, 1, TRUE);
      g_assert_cmpuint (hp_timeline_scene_search (scene, "a"), >, 0);
      hp_timeline_painter_set_selection (painter, 0, 0);
      hp_timeline_painter_set_range (painter, t0, (t0 + t1) / 2);
      /* bookmarks, painted on the ruler by their overlay */
      hp_timeline_bookmarks_add (hp_timeline_scene_get_bookmarks (scene), t0 + (t1 - t0) / 2, t0 + (t1 - t0) * 3 / 5, "middle");
      hp_timeline_bookmarks_add (hp_timeline_scene_get_bookmarks (scene), t0, t0, "start");
      hp_timeline_painter_add_overlay (painter, HP_TIMELINE_LAYER_OVER, hp_timeline_bookmarks_paint, hp_timeline_bookmarks_hit_test,
                                       hp_timeline_scene_get_bookmarks (scene), NULL);

      before = fingerprint (scene);
      g_assert_cmpuint (paint_everything (painter), >, 0);
      after = fingerprint (scene);
      g_assert_cmpstr (before, ==, after);

      /* the digest does see a change, of the rows or of a bookmark: it
       * can fail */
      hp_timeline_scene_set_rank_collapsed (scene, 1, FALSE);
      changed = fingerprint (scene);
      g_assert_cmpstr (changed, !=, after);
      g_clear_pointer (&after, g_free);
      hp_timeline_bookmarks_rename (hp_timeline_scene_get_bookmarks (scene), 0, "renamed");
      after = fingerprint (scene);
      g_assert_cmpstr (changed, !=, after);
    }
}

/* one layout, any number of frames: a frame of its own lays out what the
 * painter's did, and neither touches the other */
static void
test_frames_share_a_layout (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  g_autoptr (HpTimelineFrame) mine = hp_timeline_frame_new ();
  HpTimelineViewport    v = viewport_at (scene, 0.3, 0.1, 0, 1.0);
  HpTimelineViewport    other = viewport_at (scene, 0, 1, 0, 1.0);
  cairo_surface_t      *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, v.width, v.height);
  cairo_t              *cr = cairo_create (surface);
  const HpTimelineMark *a, *b;
  guint                 n_a, n_b, first_a, end_a, first_b, end_b;

  hp_timeline_painter_paint (painter, cr, &v);
  hp_timeline_frame_update (mine, scene, &v);
  a = hp_timeline_frame_get_marks (hp_timeline_painter_get_frame (painter), &n_a);
  b = hp_timeline_frame_get_marks (mine, &n_b);
  g_assert_cmpuint (n_a, >, 0);
  g_assert_cmpuint (n_a, ==, n_b);
  g_assert_cmpmem (a, n_a * sizeof *a, b, n_b * sizeof *b);
  hp_timeline_frame_get_visible_rows (hp_timeline_painter_get_frame (painter), &first_a, &end_a);
  hp_timeline_frame_get_visible_rows (mine, &first_b, &end_b);
  g_assert_cmpuint (first_a, ==, first_b);
  g_assert_cmpuint (end_a, ==, end_b);
  g_assert_cmpint (hp_timeline_frame_get_ruler (mine)->step, ==, hp_timeline_frame_get_ruler (hp_timeline_painter_get_frame (painter))->step);

  /* another picture in my frame leaves the painter's as it was */
  hp_timeline_frame_update (mine, scene, &other);
  a = hp_timeline_frame_get_marks (hp_timeline_painter_get_frame (painter), &n_b);
  g_assert_cmpuint (n_b, ==, n_a);
  g_assert_cmpint (hp_timeline_frame_get_ruler (mine)->step, >, hp_timeline_frame_get_ruler (hp_timeline_painter_get_frame (painter))->step);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/charts/timeline-pieces/painter-reads-only", test_painter_reads_only);
  g_test_add_func ("/ui/charts/timeline-pieces/frames-share-a-layout", test_frames_share_a_layout);

  return g_test_run ();
}
