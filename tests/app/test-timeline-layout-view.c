/* test-timeline-layout-view.c — what the user does on the Timeline tab changes the view's scene, never the trace's layout.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "hp-core.h"
#include "hp-session.h"
#include "hp-test-utils.h"
#include "hp-timeline-panel.h"
#include "hp-ui-test-utils.h"

#define ADD(sum, value) g_checksum_update ((sum), (const guchar *)&(value), sizeof (value))

/* Every byte a layout answers: the time bounds, each rank's steps, each
 * lane's stream and event ends, each event's colour and place in its lane. */
static char *
layout_digest (const HpTimelineLayout *layout)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);
  HpTrace *trace = hp_timeline_layout_get_trace (layout);
  gint64   t0, t1;

  hp_timeline_layout_get_time_bounds (layout, &t0, &t1);
  ADD (sum, t0);
  ADD (sum, t1);
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);
      const HpStep *steps;
      guint         n;

      steps = hp_timeline_layout_get_steps (layout, k, &n);
      ADD (sum, n);
      g_checksum_update (sum, (const guchar *)steps, n * sizeof (HpStep));
      for (guint l = 0; l < r->n_lanes; l++)
        {
          gint64        stream = hp_timeline_layout_get_lane_stream (layout, k, l);
          const gint64 *ends = hp_timeline_layout_get_lane_ends (layout, k, l, &n);

          ADD (sum, stream);
          ADD (sum, n);
          g_checksum_update (sum, (const guchar *)ends, n * sizeof (gint64));
        }
      for (guint e = 0; e < r->n_events; e++)
        {
          guint    color = hp_timeline_layout_event_color (layout, r, e);
          guint    position = G_MAXUINT;
          gboolean on_lane = hp_timeline_layout_find_event_position (layout, k, e, &position);

          ADD (sum, color);
          ADD (sum, on_lane);
          ADD (sum, position);
        }
    }
  return g_strdup (g_checksum_get_string (sum));
}

static gboolean
view_shown (gpointer view)
{
  return gtk_widget_get_width (view) >= 400 && gtk_widget_get_mapped (view);
}

static gboolean
view_computed (gpointer view)
{
  return !hp_timeline_view_is_computing (view);
}

/* the first row of @kind after the pinned ones, or -1 */
static int
find_row (HpTimelineView   *view,
          HpTimelineRowKind kind)
{
  guint                n_rows;
  const HpTimelineRow *rows = hp_timeline_scene_get_rows (hp_timeline_view_get_scene (view), &n_rows);

  for (guint i = 0; i < n_rows; i++)
    if (rows[i].kind == kind && !rows[i].pinned)
      return (int)i;
  return -1;
}

/* opens the lane menu on @row's name, scrolled to it, and runs @action */
static void
lane_action (HpTimelineView *view,
             int             row,
             const char     *action)
{
  HpTimelineScene     *scene = hp_timeline_view_get_scene (view);
  guint                n_rows;
  const HpTimelineRow *rows = hp_timeline_scene_get_rows (scene, &n_rows);
  double               y;

  g_assert_cmpint (row, >=, 0);
  g_assert_cmpuint ((guint)row, <, n_rows);
  hp_timeline_view_set_scroll (view, 0);
  y = hp_timeline_scene_get_lanes_top (scene) + rows[row].y + rows[row].height / 2;
  g_assert_cmpfloat (y, <, gtk_widget_get_height (GTK_WIDGET (view)));
  g_assert_true (hp_timeline_view_open_lane_menu (view, 40, y));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), action, NULL));
  hp_ui_test_spin (20);
}

/* Pins, hides, collapses, bookmarks, searches, turns every overlay on
 * (counter tracks, memory tracks, idle gaps), zooms, scrolls, scopes and
 * exports: the view's scene follows each step, its layout — the one the
 * painter paints — stays the same object with the same bytes. */
static void
test_view_keeps_layout (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_autoptr (HpSession) session = hp_session_new (trace, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpScope) scope = NULL;
  g_autofree char        *tmp = g_dir_make_tmp ("hp-layout-view-XXXXXX", &error);
  g_autofree char        *png = NULL;
  g_autofree char        *before = NULL;
  g_autofree char        *after = NULL;
  GtkWindow              *window = GTK_WINDOW (gtk_window_new ());
  HpTimelinePanel        *panel = HP_TIMELINE_PANEL (hp_timeline_panel_new ());
  HpTimelineView         *view = hp_timeline_panel_get_view (panel);
  const HpTimelineLayout *layout;
  HpTimelineScene        *scene;
  HpTimelineFlags         all = HP_TIMELINE_SHOW_DEFAULT | HP_TIMELINE_SHOW_IDLE | HP_TIMELINE_SHOW_COUNTERS | HP_TIMELINE_SHOW_MEMORY;
  guint                   n, n_rows_before, n_rows, generation;
  gint64                  t0, t1;

  g_assert_no_error (error);
  png = g_build_filename (tmp, "timeline.png", NULL);
  gtk_window_set_default_size (window, 1400, 900);
  hp_timeline_panel_set_session (panel, session);
  gtk_window_set_child (window, GTK_WIDGET (panel));
  gtk_window_present (window);
  g_assert_true (hp_ui_test_wait_for (view_shown, view));
  hp_ui_test_spin (100);

  /* one layout per view: the painter paints the view's own */
  layout = hp_timeline_view_get_layout (view);
  scene = hp_timeline_view_get_scene (view);
  g_assert_nonnull (layout);
  g_assert_true (hp_timeline_scene_get_layout (scene) == layout);
  g_assert_true (hp_timeline_painter_get_scene (hp_timeline_view_get_painter (view)) == scene);
  g_assert_true (hp_timeline_layout_get_trace (layout) == trace);
  before = layout_digest (layout);
  hp_timeline_scene_get_rows (scene, &n_rows_before);
  generation = hp_timeline_scene_get_generation (scene);

  /* every overlay and track a result adds */
  hp_timeline_view_set_flags (view, all);
  g_assert_true (hp_ui_test_wait_for (view_computed, view));
  hp_ui_test_spin (100);
  g_assert_cmpuint (hp_timeline_scene_get_n_counters (scene, 0), >, 0);

  /* the user's arrangement: a counter track and a GPU lane pinned, a host
   * thread hidden, a rank collapsed */
  lane_action (view, find_row (view, HP_TIMELINE_ROW_COUNTER), "lanes.pin");
  lane_action (view, find_row (view, HP_TIMELINE_ROW_SLICES), "lanes.hide");
  lane_action (view, find_row (view, HP_TIMELINE_ROW_SLICES), "lanes.pin");
  hp_timeline_scene_get_pinned_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 2);
  hp_timeline_scene_get_hidden_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 1);
  hp_timeline_view_set_rank_collapsed (view, 1, TRUE);
  g_assert_true (hp_timeline_scene_get_rank_collapsed (scene, 1));

  /* bookmarks, highlights, the gutter */
  g_assert_cmpint (hp_timeline_view_add_bookmark (view), >=, 0);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (hp_timeline_scene_get_bookmarks (scene)), ==, 1);
  g_assert_cmpuint (hp_timeline_view_search (view, "nccl"), >, 0);
  g_assert_cmpuint (hp_timeline_scene_get_n_highlights (scene), >, 0);
  hp_timeline_view_set_gutter_width (view, 240);

  /* zoom, pan, scroll, then a scope: the results come again for it */
  hp_timeline_layout_get_time_bounds (layout, &t0, &t1);
  hp_timeline_view_zoom (view, 16, 700);
  hp_timeline_view_pan (view, 0.25);
  hp_timeline_view_set_scroll (view, 120);
  hp_ui_test_spin (50);
  scope = hp_scope_new_range (hp_time_span_make (t0 + (t1 - t0) / 4, t0 + (t1 - t0) / 2));
  hp_session_set_scope (session, scope);
  g_assert_true (hp_ui_test_wait_for (view_computed, view));
  hp_ui_test_spin (100);
  hp_timeline_view_set_visible_range (view, t0 + (t1 - t0) / 3, t0 + (t1 - t0) / 3 + 1000);
  hp_ui_test_spin (50);
  g_assert_true (hp_timeline_view_export (view, png, &error));
  g_assert_no_error (error);

  /* the scene changed with all of it… */
  hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, !=, n_rows_before);
  g_assert_cmpuint (hp_timeline_scene_get_generation (scene), !=, generation);
  g_assert_cmpuint (hp_timeline_scene_get_flags (scene), ==, all);

  /* …the layout did not: the same object, the same bytes */
  g_assert_true (hp_timeline_view_get_layout (view) == layout);
  g_assert_true (hp_timeline_view_get_scene (view) == scene);
  g_assert_true (hp_timeline_scene_get_layout (hp_timeline_painter_get_scene (hp_timeline_view_get_painter (view))) == layout);
  after = layout_digest (layout);
  g_assert_cmpstr (after, ==, before);

  gtk_window_destroy (window);
  hp_ui_test_spin (20);
  g_remove (png);
  g_rmdir (tmp);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *state_home = hp_ui_test_isolate_state_dir ();
  int              status;

  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/ui/timeline-layout/view-keeps-layout", test_view_keeps_layout);

  status = g_test_run ();
  hp_ui_test_remove_tree (state_home);
  return status;
}
