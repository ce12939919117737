/* test-timeline-lanes.c — pinned, hidden and collapsed lanes, bookmarks and the timeline's saved state.
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

/* the lane of rank position @k with thread or stream @tid */
static guint
lane_of (HpTrace *trace,
         guint    k,
         gint64   tid)
{
  const HpRank *r = hp_trace_get_rank (trace, k);

  for (guint l = 0; l < r->n_lanes; l++)
    if (r->lanes[l].tid == tid)
      return l;
  g_assert_not_reached ();
  return 0;
}

/* the rows as "R<rank>", "<rank>/<tid>.<depth>" or "<rank>/c<counter>",
 * a '*' before pinned ones: the order and content at a glance */
static char *
describe_rows (HpTrace         *trace,
               HpTimelineScene *scene)
{
  GString             *s = g_string_new (NULL);
  guint                n_rows;
  const HpTimelineRow *rows = hp_timeline_scene_get_rows (scene, &n_rows);

  for (guint i = 0; i < n_rows; i++)
    {
      const HpRank *r = hp_trace_get_rank (trace, rows[i].rank_pos);

      if (i > 0)
        g_string_append_c (s, ' ');
      if (i > 0)
        g_assert_cmpfloat (rows[i].y, >=, rows[i - 1].y + rows[i - 1].height);
      if (rows[i].pinned)
        g_string_append_c (s, '*');
      switch (rows[i].kind)
        {
        case HP_TIMELINE_ROW_RANK:
          g_string_append_printf (s, "R%d", r->rank);
          break;
        case HP_TIMELINE_ROW_SLICES:
          g_string_append_printf (s, "%d/%" G_GINT64_FORMAT ".%u", r->rank, r->lanes[rows[i].lane].tid, rows[i].depth);
          break;
        case HP_TIMELINE_ROW_COUNTER:
        default:
          g_string_append_printf (s, "%d/c%u", r->rank, rows[i].lane);
          break;
        }
    }
  return g_string_free (s, FALSE);
}

#define ALL_ROWS "R0 0/10.0 0/10.1 0/7.0 0/8.0 R1 1/10.0 1/10.1 1/7.0 1/8.0"

static void
assert_rows (HpTrace         *trace,
             HpTimelineScene *scene,
             const char      *expected)
{
  g_autofree char *got = describe_rows (trace, scene);

  g_assert_cmpstr (got, ==, expected);
}

/* a memory track as the memory analysis gives it, with two points */
static HpSeries *
memory_series (int         rank,
               const char *what)
{
  HpSeries *s = hp_series_new (what, "B", rank);

  hp_series_set_id (s, "memory:cuda:0:%s", what);
  /* values of its own: 9 then 18 allocated, 8 then 16 reserved */
  hp_series_add_point (s, 0, (double)strlen (what));
  hp_series_add_point (s, 10, 2.0 * (double)strlen (what));
  return s;
}

static GPtrArray *
memory_list (int rank,
             ...)
{
  GPtrArray  *list = hp_series_list_new ();
  const char *what;
  va_list     args;

  va_start (args, rank);
  while ((what = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (list, memory_series (rank, what));
  va_end (args);
  return list;
}

/* the series ids of the counter rows, top to bottom, a '*' before pinned
 * ones */
static char *
describe_counter_rows (HpTimelineScene *scene)
{
  GString             *s = g_string_new (NULL);
  guint                n_rows;
  const HpTimelineRow *rows = hp_timeline_scene_get_rows (scene, &n_rows);

  for (guint i = 0; i < n_rows; i++)
    if (rows[i].kind == HP_TIMELINE_ROW_COUNTER)
      g_string_append_printf (s, "%s%s%s", s->len > 0 ? " " : "", rows[i].pinned ? "*" : "",
                              hp_series_get_id (hp_timeline_scene_get_counter (scene, rows[i].rank_pos, rows[i].lane)));
  return g_string_free (s, FALSE);
}

static void
assert_counter_rows (HpTimelineScene *scene,
                     const char      *expected)
{
  g_autofree char *got = describe_counter_rows (scene);

  g_assert_cmpstr (got, ==, expected);
}

static gboolean
has_word (const char *words,
          const char *word)
{
  g_auto (GStrv) list = g_strsplit (words, " ", -1);

  return g_strv_contains ((const char *const *)list, word);
}

/* ---------------------------------------------------------------------- */
/* layout                                                                  */

static void
test_pinned (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-lanes", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  HpTimelineTrack      s8 = { HP_TIMELINE_ROW_SLICES, 1, lane_of (trace, 1, 8) };
  HpTimelineTrack      host = { HP_TIMELINE_ROW_SLICES, 0, lane_of (trace, 0, 10) };
  const HpTimelineRow *rows;
  guint                n, generation;
  double               height;

  assert_rows (trace, scene, ALL_ROWS);
  height = hp_timeline_scene_get_content_height (scene);

  /* pinned tracks come first, in pin order, and leave their rank's group */
  generation = hp_timeline_scene_get_generation (scene);
  hp_timeline_scene_set_track_pinned (scene, &s8, TRUE);
  g_assert_cmpuint (hp_timeline_scene_get_generation (scene), !=, generation);
  assert_rows (trace, scene, "*1/8.0 R0 0/10.0 0/10.1 0/7.0 0/8.0 R1 1/10.0 1/10.1 1/7.0");
  hp_timeline_scene_set_track_pinned (scene, &host, TRUE);
  assert_rows (trace, scene, "*1/8.0 *0/10.0 *0/10.1 R0 0/7.0 0/8.0 R1 1/10.0 1/10.1 1/7.0");
  g_assert_true (hp_timeline_scene_get_track_pinned (scene, &s8));
  g_assert_cmpuint (hp_timeline_scene_get_pinned_tracks (scene, &n)[1].rank_pos, ==, 0);
  g_assert_cmpuint (n, ==, 2);
  /* the pinned section ends with a gap like any lane */
  g_assert_cmpfloat (hp_timeline_scene_get_content_height (scene), ==, height + HP_TIMELINE_LANE_GAP);

  /* lanes are still found where they are now */
  rows = hp_timeline_scene_get_rows (scene, &n);
  g_assert_cmpint (hp_timeline_scene_find_lane_row (scene, 1, s8.lane, 0), ==, 0);
  g_assert_cmpint (hp_timeline_scene_find_lane_row (scene, 0, host.lane, 1), ==, 2);
  g_assert_cmpint (hp_timeline_scene_find_lane_row (scene, 1, lane_of (trace, 1, 7), 0), ==, 9);
  g_assert_cmpint (hp_timeline_scene_find_row (scene, rows[0].y + 1), ==, 0);

  /* a collapsed rank keeps its pinned lanes on top */
  hp_timeline_scene_set_rank_collapsed (scene, 0, TRUE);
  assert_rows (trace, scene, "*1/8.0 *0/10.0 *0/10.1 R0 R1 1/10.0 1/10.1 1/7.0");
  /* a rank taken out of the view takes its pinned lanes with it */
  hp_timeline_scene_set_rank_visible (scene, 1, FALSE);
  assert_rows (trace, scene, "*0/10.0 *0/10.1 R0");
  hp_timeline_scene_set_rank_visible (scene, 1, TRUE);
  hp_timeline_scene_set_rank_collapsed (scene, 0, FALSE);

  /* unpinned, a lane goes back to its place */
  hp_timeline_scene_set_track_pinned (scene, &s8, FALSE);
  hp_timeline_scene_set_track_pinned (scene, &host, FALSE);
  assert_rows (trace, scene, ALL_ROWS);
  g_assert_cmpfloat (hp_timeline_scene_get_content_height (scene), ==, height);
}

static void
test_hidden (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-lanes", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  HpTimelineTrack s7 = { HP_TIMELINE_ROW_SLICES, 0, lane_of (trace, 0, 7) };
  HpTimelineTrack host = { HP_TIMELINE_ROW_SLICES, 1, lane_of (trace, 1, 10) };
  guint           n;

  hp_timeline_scene_set_track_hidden (scene, &s7, TRUE);
  assert_rows (trace, scene, "R0 0/10.0 0/10.1 0/8.0 R1 1/10.0 1/10.1 1/7.0 1/8.0");
  g_assert_false (hp_timeline_scene_get_lane_visible (scene, 0, s7.lane));
  g_assert_cmpint (hp_timeline_scene_find_lane_row (scene, 0, s7.lane, 0), ==, -1);

  /* hiding a pinned lane unpins it; pinning a hidden one shows it */
  hp_timeline_scene_set_track_pinned (scene, &host, TRUE);
  hp_timeline_scene_set_track_hidden (scene, &host, TRUE);
  g_assert_false (hp_timeline_scene_get_track_pinned (scene, &host));
  assert_rows (trace, scene, "R0 0/10.0 0/10.1 0/8.0 R1 1/7.0 1/8.0");
  hp_timeline_scene_get_hidden_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 2);
  hp_timeline_scene_set_track_pinned (scene, &s7, TRUE);
  assert_rows (trace, scene, "*0/7.0 R0 0/10.0 0/10.1 0/8.0 R1 1/7.0 1/8.0");
  hp_timeline_scene_get_hidden_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 1);

  /* the way back */
  hp_timeline_scene_show_hidden_tracks (scene);
  hp_timeline_scene_get_hidden_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 0);
  assert_rows (trace, scene, "*0/7.0 R0 0/10.0 0/10.1 0/8.0 R1 1/10.0 1/10.1 1/7.0 1/8.0");
  /* the old per-lane switch is the same state */
  hp_timeline_scene_set_lane_visible (scene, 1, host.lane, FALSE);
  g_assert_true (hp_timeline_scene_get_track_hidden (scene, &host));
}

/* scrolled, the pinned tracks stay in a band at the top, and the points
 * there are theirs */
static void
test_pinned_band (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-lanes", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  HpTimelineTrack    host = { HP_TIMELINE_ROW_SLICES, 1, lane_of (trace, 1, 10) };
  HpTimelineViewport v = { 0, 100 * HP_NS_PER_US, HP_TIMELINE_GUTTER_WIDTH + 1000, 400, 60, 1.0 };
  HpTimelineViewport at;
  HpTimelineHit      hit;
  double             top = hp_timeline_scene_get_lanes_top (scene);
  double             band;
  cairo_surface_t   *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, v.width, v.height);
  cairo_t           *cr = cairo_create (surface);

  /* nothing pinned: no band */
  g_assert_cmpfloat (hp_timeline_scene_get_pinned_band (scene, &v), ==, 0);
  hp_timeline_scene_set_track_pinned (scene, &host, TRUE);
  band = hp_timeline_scene_get_pinned_band (scene, &v);
  g_assert_cmpfloat (band, ==, 2 * HP_TIMELINE_SLICE_HEIGHT + 2 * HP_TIMELINE_LANE_GAP);
  v.scroll_y = 0;
  g_assert_cmpfloat (hp_timeline_scene_get_pinned_band (scene, &v), ==, 0);
  v.scroll_y = 60;

  /* in the band, the pinned lane; under it, the scrolled rows */
  hp_timeline_scene_viewport_at (scene, &v, top + 5, &at);
  g_assert_cmpfloat (at.scroll_y, ==, 0);
  hp_timeline_scene_viewport_at (scene, &v, top + band + 5, &at);
  g_assert_cmpfloat (at.scroll_y, ==, 60);
  hp_timeline_hit_init (&hit);
  g_assert_true (hp_timeline_painter_hit_test (painter, &v, 40, top + 5, &hit));
  g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_LANE_LABEL);
  g_assert_cmpint (hit.row, ==, 0);
  g_assert_cmpint (hit.depth, ==, 0);
  hp_timeline_hit_clear (&hit);
  g_assert_true (hp_timeline_painter_hit_test (painter, &v, 40, top + HP_TIMELINE_SLICE_HEIGHT + 5, &hit));
  g_assert_cmpint (hit.row, ==, 1);
  hp_timeline_hit_clear (&hit);
  g_assert_true (hp_timeline_scene_hit_test (scene, &v, 40, top + band + 1, &hit));
  g_assert_cmpint (hit.row, ==, hp_timeline_scene_find_row (scene, band + 1 + 60));
  g_assert_cmpint (hit.row, >, 1);
  hp_timeline_hit_clear (&hit);

  /* both passes paint, the last frame is the scrolled one */
  hp_timeline_painter_paint (painter, cr, &v);
  hp_timeline_painter_paint_dynamic (painter, cr, &v);
  {
    guint first, end;

    hp_timeline_frame_get_visible_rows (hp_timeline_painter_get_frame (painter), &first, &end);
    g_assert_cmpuint (first, ==, (guint)hp_timeline_scene_find_row (scene, 60 + 1));
  }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* counter tracks are tracks like lanes: pinned, hidden, in order */
static void
test_counter_tracks (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-nested.json", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  HpTimelineTrack      c0 = { HP_TIMELINE_ROW_COUNTER, 0, 0 };
  const HpTimelineRow *rows;
  guint                n_rows, n_all;

  hp_timeline_scene_set_flags (scene, HP_TIMELINE_SHOW_COUNTERS);
  hp_timeline_scene_install_extras (scene, hp_timeline_extras_compute (trace, HP_TIMELINE_SHOW_COUNTERS, 30.0, NULL));
  g_assert_cmpuint (hp_timeline_scene_get_n_counters (scene, 0), >=, 1);
  hp_timeline_scene_get_rows (scene, &n_all);

  hp_timeline_scene_set_track_pinned (scene, &c0, TRUE);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, ==, n_all);
  g_assert_cmpint (rows[0].kind, ==, HP_TIMELINE_ROW_COUNTER);
  g_assert_true (rows[0].pinned);
  g_assert_cmpint (rows[1].kind, ==, HP_TIMELINE_ROW_RANK);
  for (guint i = 1; i < n_rows; i++)
    g_assert_false (rows[i].kind == HP_TIMELINE_ROW_COUNTER && rows[i].lane == 0);

  hp_timeline_scene_set_track_hidden (scene, &c0, TRUE);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, ==, n_all - 1);
  g_assert_cmpint (rows[0].kind, ==, HP_TIMELINE_ROW_RANK);

  /* a pinned counter shows only while counters are shown */
  hp_timeline_scene_set_track_pinned (scene, &c0, TRUE);
  hp_timeline_scene_set_flags (scene, HP_TIMELINE_SHOW_NONE);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpint (rows[0].kind, ==, HP_TIMELINE_ROW_RANK);
}

/* a pinned or hidden memory track stays that track when the counter
 * series come before it, the overlays are toggled, or the memory series
 * are given again in another order */
static void
test_counter_identity (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-nested.json", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  int rank = hp_trace_get_rank (trace, 0)->rank;
  g_autoptr (GPtrArray) memory = memory_list (rank, "allocated", "reserved", NULL);
  g_autoptr (GPtrArray) reversed = memory_list (rank, "reserved", "allocated", NULL);
  const HpTimelineTrack *pinned;
  const HpTimelineRow   *rows;
  g_autofree char       *queue = NULL;
  guint                  n, n_rows, n_counters;

  hp_timeline_scene_set_flags (scene, HP_TIMELINE_SHOW_COUNTERS | HP_TIMELINE_SHOW_MEMORY);
  hp_timeline_scene_set_memory_series (scene, memory);
  g_assert_cmpuint (hp_timeline_scene_get_n_counters (scene, 0), ==, 2);
  /* by index, as the lane menu gives it: "reserved" is the second now */
  hp_timeline_scene_set_track_pinned (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_COUNTER, 0, 1 }, TRUE);
  hp_timeline_scene_set_track_hidden (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_COUNTER, 0, 0 }, TRUE);
  pinned = hp_timeline_scene_get_pinned_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpstr (pinned[0].key, ==, "memory:cuda:0:reserved");
  g_assert_cmpuint (pinned[0].lane, ==, 1);
  assert_counter_rows (scene, "*memory:cuda:0:reserved");

  /* the counter series come after: they number first, the memory tracks
   * move down, the same track stays pinned and the same one hidden */
  hp_timeline_scene_install_extras (scene, hp_timeline_extras_compute (trace, HP_TIMELINE_SHOW_COUNTERS, 30.0, NULL));
  n_counters = hp_timeline_scene_get_n_counters (scene, 0);
  g_assert_cmpuint (n_counters, >=, 3);
  queue = g_strdup (hp_series_get_id (hp_timeline_scene_get_counter (scene, 0, 0)));
  g_assert_true (g_str_has_prefix (queue, "queue:stream:"));
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpint (rows[0].kind, ==, HP_TIMELINE_ROW_COUNTER);
  g_assert_true (rows[0].pinned);
  g_assert_cmpuint (rows[0].lane, ==, n_counters - 1);
  g_assert_cmpstr (hp_series_get_id (hp_timeline_scene_get_counter (scene, 0, rows[0].lane)), ==, "memory:cuda:0:reserved");
  pinned = hp_timeline_scene_get_pinned_tracks (scene, &n);
  g_assert_cmpuint (pinned[0].lane, ==, n_counters - 1);
  /* the lanes scrolled, the pinned band's row points at that series */
  {
    HpTimelineViewport v = { 0, 100, HP_TIMELINE_GUTTER_WIDTH + 1000, 400, 60, 1.0 };
    HpTimelineHit      hit;
    double             y = hp_timeline_scene_get_lanes_top (scene) + rows[0].y + rows[0].height / 2;

    g_assert_cmpfloat (hp_timeline_scene_get_pinned_band (scene, &v), >, rows[0].y + rows[0].height);
    g_assert_true (hp_timeline_scene_hit_test (scene, &v, HP_TIMELINE_GUTTER_WIDTH + 500, y, &hit));
    g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_COUNTER);
    g_assert_cmpint (hit.row, ==, 0);
    g_assert_cmpint (hit.lane, ==, (int)n_counters - 1);
    g_assert_cmpfloat (hit.value, ==, 16.0);
  }
  g_assert_true (hp_timeline_scene_get_track_pinned (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_COUNTER, 0, n_counters - 1 }));
  g_assert_false (hp_timeline_scene_get_track_pinned (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_COUNTER, 0, 1 }));
  g_assert_true (hp_timeline_scene_get_track_hidden (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_COUNTER, 0, n_counters - 2 }));
  g_assert_false (hp_timeline_scene_get_track_hidden (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_COUNTER, 0, 0 }));
  {
    g_autofree char *ids = describe_counter_rows (scene);

    g_assert_true (g_str_has_prefix (ids, "*memory:cuda:0:reserved "));
    g_assert_true (has_word (ids, queue));
    g_assert_false (has_word (ids, "memory:cuda:0:allocated"));
    g_assert_false (has_word (ids, "memory:cuda:0:reserved"));
  }

  /* the overlays off and on again */
  hp_timeline_scene_set_flags (scene, HP_TIMELINE_SHOW_NONE);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpint (rows[0].kind, ==, HP_TIMELINE_ROW_RANK);
  hp_timeline_scene_set_flags (scene, HP_TIMELINE_SHOW_MEMORY);
  assert_counter_rows (scene, "*memory:cuda:0:reserved");
  hp_timeline_scene_set_flags (scene, HP_TIMELINE_SHOW_COUNTERS | HP_TIMELINE_SHOW_MEMORY);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpstr (hp_series_get_id (hp_timeline_scene_get_counter (scene, 0, rows[0].lane)), ==, "memory:cuda:0:reserved");

  /* the memory series gone, then back in another order */
  hp_timeline_scene_set_memory_series (scene, NULL);
  pinned = hp_timeline_scene_get_pinned_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (pinned[0].lane, ==, HP_TIMELINE_TRACK_ABSENT);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpint (rows[0].kind, ==, HP_TIMELINE_ROW_RANK);
  hp_timeline_scene_set_memory_series (scene, reversed);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_true (rows[0].pinned);
  g_assert_cmpuint (rows[0].lane, ==, n_counters - 2);
  g_assert_cmpstr (hp_series_get_id (hp_timeline_scene_get_counter (scene, 0, rows[0].lane)), ==, "memory:cuda:0:reserved");
  g_assert_true (hp_timeline_scene_get_track_hidden (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_COUNTER, 0, n_counters - 1 }));

  /* unpinned by key, as the state would name it */
  hp_timeline_scene_set_track_pinned (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_COUNTER, 0, 0, "memory:cuda:0:reserved" }, FALSE);
  hp_timeline_scene_get_pinned_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 0);
}

/* ---------------------------------------------------------------------- */
/* bookmarks                                                               */

/* saved state is bytes: these are what the app keeps in a file */
static HpTimelineState *
state_from_text (const char *text,
                 GError    **error)
{
  g_autoptr (GBytes) bytes = g_bytes_new (text, strlen (text));

  return hp_timeline_state_new_from_bytes (bytes, error);
}

static char *
state_to_text (HpTimelineState *state)
{
  g_autoptr (GBytes) bytes = hp_timeline_state_to_bytes (state);

  return g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

/* @state written out and read back */
static HpTimelineState *
state_round (HpTimelineState *state)
{
  g_autoptr (GBytes) bytes = hp_timeline_state_to_bytes (state);
  g_autoptr (GError) error = NULL;
  HpTimelineState *back = hp_timeline_state_new_from_bytes (bytes, &error);

  g_assert_no_error (error);
  g_assert_nonnull (back);
  return back;
}

/* a list keeps at most HP_TIMELINE_BOOKMARKS_MAX, in order, with names
 * that are valid UTF-8 of a bounded length; saved state too large is not
 * read */
static void
test_bookmarks_bounds (void)
{
  g_autoptr (HpTimelineBookmarks) marks = hp_timeline_bookmarks_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *long_name = g_strnfill (HP_TIMELINE_BOOKMARK_NAME_MAX - 1, 'x');
  g_autofree char *too_long = g_strconcat (long_name, "\xc3\xa9", NULL);
  GString         *text = g_string_new ("[Timeline]\n");

  /* in reverse order, so that each goes first: bisection keeps them sorted */
  for (guint i = 0; i < HP_TIMELINE_BOOKMARKS_MAX; i++)
    g_assert_cmpuint (hp_timeline_bookmarks_add (marks, (gint64)(HP_TIMELINE_BOOKMARKS_MAX - i) * 10, 0, "m"), ==, 0);
  for (guint i = 1; i < HP_TIMELINE_BOOKMARKS_MAX; i++)
    g_assert_cmpint (hp_timeline_bookmarks_get (marks, i - 1)->end, <=, hp_timeline_bookmarks_get (marks, i)->end);
  g_assert_cmpuint (hp_timeline_bookmarks_add (marks, 5, 5, "one too many"), ==, G_MAXUINT);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, HP_TIMELINE_BOOKMARKS_MAX);

  /* names: made valid, cut at a character's boundary */
  hp_timeline_bookmarks_rename (marks, 0, "bad \xff name");
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 0)->name, ==, "bad \xef\xbf\xbd name");
  hp_timeline_bookmarks_rename (marks, 0, too_long);
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 0)->name, ==, long_name);

  /* saved state over 16 MiB is refused before it is parsed */
  while (text->len <= HP_TIMELINE_STATE_MAX_SIZE)
    g_string_append (text, "# padding padding padding padding padding padding padding padding\n");
  g_assert_null (state_from_text (text->str, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_string_free (text, TRUE);
}

/* a value with two bad escapes made GLib set its error twice (a
 * GLib-WARNING, fatal here): such values are dropped as unreadable */
static void
test_state_bad_escapes (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-lanes", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  HpTimelineBookmarks *marks = hp_timeline_scene_get_bookmarks (scene);
  g_autoptr (HpTimelineState) state = NULL;
  g_autoptr (GError) error = NULL;

  state = state_from_text ("[Bookmark 0]\nstart=1\nend=2\nname=\\q\\\n"
                           "[Bookmark 1]\nstart=3\nend=4\nname=ok\\sname\n"
                           "[Timeline]\npinned=lane:0:1:2\\x\\\ngutter-width=200\n",
                           &error);
  g_assert_no_error (error);
  hp_timeline_state_apply (state, scene);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 2);
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 0)->name, ==, "");
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 1)->name, ==, "ok name");
  g_assert_cmpfloat (hp_timeline_scene_get_gutter_width (scene), ==, 200);
}

static void
test_bookmarks (void)
{
  g_autoptr (HpTimelineBookmarks) marks = hp_timeline_bookmarks_new ();
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-lanes", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelinePainter) painter = hp_timeline_painter_new (scene);
  HpTimelineViewport v = { 0, 100 * HP_NS_PER_US, HP_TIMELINE_GUTTER_WIDTH + 1000, 300, 0, 1.0 };
  HpTimelineHit      hit;

  g_assert_cmpuint (hp_timeline_bookmarks_add (marks, 50000, 60000, "b"), ==, 0);
  g_assert_cmpuint (hp_timeline_bookmarks_add (marks, 10000, 10000, "a"), ==, 0);
  /* a reversed range is put right */
  g_assert_cmpuint (hp_timeline_bookmarks_add (marks, 90000, 70000, "c"), ==, 2);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 3);
  g_assert_cmpint (hp_timeline_bookmarks_get (marks, 2)->start, ==, 70000);
  g_assert_cmpint (hp_timeline_bookmarks_get (marks, 2)->end, ==, 90000);
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 1)->name, ==, "b");

  g_assert_cmpint (hp_timeline_bookmarks_find_next (marks, 0, 1), ==, 0);
  g_assert_cmpint (hp_timeline_bookmarks_find_next (marks, 10000, 1), ==, 1);
  g_assert_cmpint (hp_timeline_bookmarks_find_next (marks, 70000, 1), ==, -1);
  g_assert_cmpint (hp_timeline_bookmarks_find_next (marks, 70000, -1), ==, 1);
  g_assert_cmpint (hp_timeline_bookmarks_find_next (marks, 10000, -1), ==, -1);

  hp_timeline_bookmarks_rename (marks, 1, "the slow step");
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 1)->name, ==, "the slow step");

  /* the flags answer on the ruler with their name */
  hp_timeline_painter_add_overlay (painter, HP_TIMELINE_LAYER_OVER, hp_timeline_bookmarks_paint, hp_timeline_bookmarks_hit_test, marks, NULL);
  hp_timeline_hit_init (&hit);
  g_assert_true (hp_timeline_painter_hit_test (painter, &v, HP_TIMELINE_GUTTER_WIDTH + 500 + 2, 4, &hit));
  g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_OVERLAY);
  g_assert_cmpint (hit.item, ==, 1);
  g_assert_cmpint (hit.start, ==, 50000);
  g_assert_cmpstr (hit.text, ==, "the slow step");
  hp_timeline_hit_clear (&hit);
  g_assert_true (hp_timeline_painter_hit_test (painter, &v, HP_TIMELINE_GUTTER_WIDTH + 300, 4, &hit));
  g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_RULER);
  hp_timeline_hit_clear (&hit);

  /* and are drawn there in the flag colour */
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, v.width, v.height);
    cairo_t         *cr = cairo_create (surface);
    const HpColor   *flag = &hp_timeline_painter_get_style (painter)->palette[3];
    guint32          pixel;

    hp_timeline_painter_paint (painter, cr, &v);
    cairo_destroy (cr);
    cairo_surface_flush (surface);
    pixel = *(guint32 *)(gpointer)(cairo_image_surface_get_data (surface) + 4 * cairo_image_surface_get_stride (surface) + 4 * ((int)HP_TIMELINE_GUTTER_WIDTH + 501));
    g_assert_cmpint ((pixel >> 16) & 0xff, ==, (int)lround (flag->red * 255));
    g_assert_cmpint ((pixel >> 8) & 0xff, ==, (int)lround (flag->green * 255));
    g_assert_cmpint (pixel & 0xff, ==, (int)lround (flag->blue * 255));
    cairo_surface_destroy (surface);
  }

  hp_timeline_bookmarks_remove (marks, 0);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 2);
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 0)->name, ==, "the slow step");
  hp_timeline_bookmarks_clear (marks);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 0);
}

/* ---------------------------------------------------------------------- */
/* state                                                                   */

/* the arrangement, bookmarks included, through its bytes into a new
 * layout of the same trace: the same rows, gutter and bookmarks */
static void
test_state_round_trip (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-lanes", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelineScene) again = hp_timeline_scene_new_for_trace (trace);
  HpTimelineBookmarks *marks = hp_timeline_scene_get_bookmarks (scene);
  HpTimelineBookmarks *marks_again = hp_timeline_scene_get_bookmarks (again);
  g_autoptr (HpTimelineState) state = hp_timeline_state_new ();
  g_autoptr (HpTimelineState) loaded = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;

  hp_timeline_scene_set_track_pinned (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_SLICES, 1, lane_of (trace, 1, 8) }, TRUE);
  hp_timeline_scene_set_track_pinned (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_SLICES, 0, lane_of (trace, 0, 7) }, TRUE);
  hp_timeline_scene_set_track_hidden (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_SLICES, 0, lane_of (trace, 0, 10) }, TRUE);
  hp_timeline_scene_set_rank_collapsed (scene, 1, TRUE);
  hp_timeline_scene_set_gutter_width (scene, 240);
  hp_timeline_bookmarks_add (marks, 20000, 50000, "warm-up; [odd] = name\nsecond line");
  hp_timeline_bookmarks_add (marks, 5000, 5000, "");
  g_assert_true (hp_timeline_arrangement_get_bookmarks ((HpTimelineArrangement *)hp_timeline_scene_get_arrangement (scene)) == marks);
  expected = describe_rows (trace, scene);
  g_assert_cmpstr (expected, ==, "*1/8.0 *0/7.0 R0 0/8.0 R1");

  hp_timeline_state_capture (state, scene);
  loaded = state_round (state);
  hp_timeline_state_apply (loaded, again);
  got = describe_rows (trace, again);
  g_assert_cmpstr (got, ==, expected);
  g_assert_cmpfloat (hp_timeline_scene_get_gutter_width (again), ==, 240);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks_again), ==, 2);
  g_assert_cmpint (hp_timeline_bookmarks_get (marks_again, 0)->start, ==, 5000);
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks_again, 0)->name, ==, "");
  g_assert_cmpint (hp_timeline_bookmarks_get (marks_again, 1)->end, ==, 50000);
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks_again, 1)->name, ==, "warm-up; [odd] = name\nsecond line");

  /* capturing again replaces, it does not add */
  hp_timeline_bookmarks_remove (marks, 0);
  hp_timeline_scene_set_rank_collapsed (scene, 1, FALSE);
  hp_timeline_state_capture (state, scene);
  g_clear_pointer (&loaded, hp_timeline_state_free);
  loaded = state_round (state);
  g_clear_pointer (&again, hp_timeline_scene_unref);
  again = hp_timeline_scene_new_for_trace (trace);
  hp_timeline_state_apply (loaded, again);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (hp_timeline_scene_get_bookmarks (again)), ==, 1);
  g_assert_false (hp_timeline_scene_get_rank_collapsed (again, 1));

  /* no bytes: an empty state, which changes nothing but the bookmarks */
  {
    g_autoptr (GBytes) none = g_bytes_new (NULL, 0);
    g_autoptr (GError) error = NULL;
    g_autoptr (HpTimelineState) empty = hp_timeline_state_new_from_bytes (none, &error);

    g_assert_no_error (error);
    hp_timeline_state_apply (empty, scene);
    g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 0);
    g_assert_cmpfloat (hp_timeline_scene_get_gutter_width (scene), ==, 240);
  }
}

/* counter and memory tracks are saved by their series' id and come back
 * when the series come, in whatever order; old entries by index and keys
 * that name nothing here are skipped */
static void
test_state_counters (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-nested.json", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelineScene) again = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelineScene) old = hp_timeline_scene_new_for_trace (trace);
  int rank = hp_trace_get_rank (trace, 0)->rank;
  g_autoptr (GPtrArray) memory = memory_list (rank, "allocated", "reserved", NULL);
  g_autoptr (HpTimelineState) state = hp_timeline_state_new ();
  g_autoptr (HpTimelineState) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char     *text = NULL;
  g_autofree char     *queue = NULL;
  g_autofree char     *expected = NULL;
  const HpTimelineRow *rows;
  guint                n, n_rows;

  hp_timeline_scene_set_flags (scene, HP_TIMELINE_SHOW_COUNTERS | HP_TIMELINE_SHOW_MEMORY);
  hp_timeline_scene_install_extras (scene, hp_timeline_extras_compute (trace, HP_TIMELINE_SHOW_COUNTERS, 30.0, NULL));
  hp_timeline_scene_set_memory_series (scene, memory);
  n = hp_timeline_scene_get_n_counters (scene, 0);
  queue = g_strdup (hp_series_get_id (hp_timeline_scene_get_counter (scene, 0, 0)));
  hp_timeline_scene_set_track_pinned (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_COUNTER, 0, n - 1 }, TRUE);
  hp_timeline_scene_set_track_hidden (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_COUNTER, 0, 0 }, TRUE);
  hp_timeline_state_capture (state, scene);
  text = state_to_text (state);
  expected = g_strdup_printf ("pinned=series:%d:memory:cuda:0:reserved;\n", rank);
  g_assert_nonnull (strstr (text, expected));

  /* applied before any series is computed, as the app does; the memory
   * series come first, then the counters */
  loaded = state_round (state);
  hp_timeline_scene_set_flags (again, HP_TIMELINE_SHOW_COUNTERS | HP_TIMELINE_SHOW_MEMORY);
  hp_timeline_state_apply (loaded, again);
  hp_timeline_scene_get_pinned_tracks (again, &n);
  g_assert_cmpuint (n, ==, 1);
  rows = hp_timeline_scene_get_rows (again, &n_rows);
  g_assert_cmpint (rows[0].kind, ==, HP_TIMELINE_ROW_RANK);
  /* captured again before the series came, the keys stay */
  hp_timeline_state_capture (loaded, again);
  g_clear_pointer (&text, g_free);
  text = state_to_text (loaded);
  g_assert_nonnull (strstr (text, expected));
  hp_timeline_scene_set_memory_series (again, memory);
  assert_counter_rows (again, "*memory:cuda:0:reserved memory:cuda:0:allocated");
  hp_timeline_scene_install_extras (again, hp_timeline_extras_compute (trace, HP_TIMELINE_SHOW_COUNTERS, 30.0, NULL));
  {
    g_autofree char *ids = describe_counter_rows (again);

    g_assert_true (g_str_has_prefix (ids, "*memory:cuda:0:reserved "));
    g_assert_false (has_word (ids, queue));
    g_assert_true (has_word (ids, "memory:cuda:0:allocated"));
  }

  /* a file of before (counters by index) and keys that name nothing */
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("[Timeline]\n"
                              "pinned=counter:%d:0;series:%d:;series:99999:memory:cuda:0:reserved;series:x:y;series:%d:memory:cuda:0:reserved\n"
                              "hidden=counter:%d:1;bogus:%d:queue:stream:7\n",
                              rank, rank, rank, rank, rank);
  g_clear_pointer (&loaded, hp_timeline_state_free);
  loaded = state_from_text (expected, &error);
  g_assert_no_error (error);
  hp_timeline_scene_set_flags (old, HP_TIMELINE_SHOW_COUNTERS | HP_TIMELINE_SHOW_MEMORY);
  hp_timeline_scene_install_extras (old, hp_timeline_extras_compute (trace, HP_TIMELINE_SHOW_COUNTERS, 30.0, NULL));
  hp_timeline_state_apply (loaded, old);
  hp_timeline_scene_get_pinned_tracks (old, &n);
  g_assert_cmpuint (n, ==, 1);
  hp_timeline_scene_get_hidden_tracks (old, &n);
  g_assert_cmpuint (n, ==, 0);
  hp_timeline_scene_set_memory_series (old, memory);
  rows = hp_timeline_scene_get_rows (old, &n_rows);
  g_assert_true (rows[0].pinned);
  g_assert_cmpstr (hp_series_get_id (hp_timeline_scene_get_counter (old, 0, rows[0].lane)), ==, "memory:cuda:0:reserved");
  g_assert_false (rows[1].pinned);
}

static void
test_state_corrupt (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-lanes", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  HpTimelineBookmarks *marks = hp_timeline_scene_get_bookmarks (scene);
  g_autoptr (HpTimelineState) state = NULL;
  g_autoptr (GError) error = NULL;
  guint n;

  /* not a key file at all: an error, no state */
  g_assert_null (state_from_text ("\x89PNG\r\n\x1a\n[[[\nthis is = not\n[a key file", &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  assert_rows (trace, scene, ALL_ROWS);

  /* a key file with entries that do not parse or name nothing here: the
   * good ones apply, the rest are skipped; the bookmarks are replaced */
  hp_timeline_bookmarks_add (marks, 1, 2, "kept until applied");
  state = state_from_text ("[Timeline]\n"
                           "pinned=lane:99:0:7;junk;lane:0:0;counter:1:x;lane:1:0:8;lane:0:0:99999999999999999999\n"
                           "hidden=lane:0:10:10;gpu:0:0:7\n"
                           "collapsed-ranks=7;1;x\n"
                           "gutter-width=wide\n"
                           "[Bookmark 0]\nstart=10\nend=20\nname=ok\n"
                           "[Bookmark 1]\nstart=ten\nend=20\n"
                           "[Bookmark 2]\nend=20\n",
                           &error);
  g_assert_no_error (error);
  hp_timeline_state_apply (state, scene);
  hp_timeline_scene_get_pinned_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 1);
  hp_timeline_scene_get_hidden_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 1);
  /* "7;1;x" is not an integer list: no rank is collapsed */
  assert_rows (trace, scene, "*1/8.0 R0 0/7.0 0/8.0 R1 1/10.0 1/10.1 1/7.0");
  g_assert_cmpfloat (hp_timeline_scene_get_gutter_width (scene), ==, HP_TIMELINE_GUTTER_WIDTH);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 1);
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 0)->name, ==, "ok");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/charts/timeline-lanes/pinned", test_pinned);
  g_test_add_func ("/ui/charts/timeline-lanes/hidden", test_hidden);
  g_test_add_func ("/ui/charts/timeline-lanes/pinned-band", test_pinned_band);
  g_test_add_func ("/ui/charts/timeline-lanes/counter-tracks", test_counter_tracks);
  g_test_add_func ("/ui/charts/timeline-lanes/counter-identity", test_counter_identity);
  g_test_add_func ("/ui/charts/timeline-lanes/bookmarks", test_bookmarks);
  g_test_add_func ("/ui/charts/timeline-lanes/bookmarks-bounds", test_bookmarks_bounds);
  g_test_add_func ("/ui/charts/timeline-lanes/state-bad-escapes", test_state_bad_escapes);
  g_test_add_func ("/ui/charts/timeline-lanes/state-round-trip", test_state_round_trip);
  g_test_add_func ("/ui/charts/timeline-lanes/state-corrupt", test_state_corrupt);
  g_test_add_func ("/ui/charts/timeline-lanes/state-counters", test_state_counters);

  return g_test_run ();
}
