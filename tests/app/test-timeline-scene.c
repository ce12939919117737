/* test-timeline-scene.c — the Timeline tab's scene: the session's results it shows (idle gaps, memory tracks, the critical path), and what the user does changes it, never the trace's layout.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>

#include "hp-core.h"
#include "hp-session-private.h"
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

typedef HpUiTestTimelineFixture Fixture;

#define fixture_setup hp_ui_test_timeline_setup
#define fixture_teardown hp_ui_test_timeline_teardown

/* until the worker has computed the data of the overlays shown */
static void
wait_for_data (Fixture *f)
{
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_view_computed, f->view));
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
  g_autofree char        *tmp = g_dir_make_tmp ("hp-timeline-scene-XXXXXX", &error);
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
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_view_shown, view));
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
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_view_computed, view));
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
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_view_computed, view));
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

static guint idle_payloads;
static gpointer (*registry_idle_payload) (HpTrace *, const HpAnalysisParams *, GPtrArray *, GCancellable *, GError **);

static gpointer
counted_idle_payload (HpTrace                *trace,
                      const HpAnalysisParams *params,
                      GPtrArray              *tables,
                      GCancellable           *cancellable,
                      GError                **error)
{
  g_atomic_int_inc (&idle_payloads);
  return registry_idle_payload (trace, params, tables, cancellable, error);
}

static gboolean
session_idle_done (gpointer session)
{
  return hp_session_get_analysis_state (session, "idle_time_breakdown") == HP_ANALYSIS_STATE_DONE;
}

/* the timeline shades the very gap arrays of the session's idle-time
 * payload (its parameters and scope), lane by lane */
static void
assert_idle_from_payload (Fixture   *f,
                          HpSession *session)
{
  HpResult        *result = hp_session_get_analysis_result (session, "idle_time_breakdown");
  HpIdleGaps      *gaps = result != NULL ? hp_result_get_payload (result) : NULL;
  HpTimelineScene *scene = hp_timeline_view_get_scene (f->view);
  guint            checked = 0;

  g_assert_nonnull (gaps);
  g_assert_cmpfloat (hp_idle_gaps_get_delay (gaps), ==, hp_analysis_params_get_double (hp_session_get_params (session), &hp_idle_time_consecutive_kernel_delay_spec));
  for (guint k = 0; k < hp_trace_get_n_ranks (f->trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (f->trace, k);

      for (guint lane = 0; lane < r->n_lanes; lane++)
        if (r->lanes[lane].is_gpu)
          {
            g_assert_true (hp_timeline_scene_get_idle_intervals (scene, k, lane) ==
                           hp_idle_gaps_get_lane (gaps, r->rank, lane));
            checked++;
          }
    }
  g_assert_cmpuint (checked, >, 0);
}

/* The idle gaps are computed once per (run, parameters, scope), with the
 * idle-time analysis, and cached in the session: the timeline's shading
 * and the Idle time tab's linked rows share them */
static void
test_idle_payload_once (Fixture      *f,
                        gconstpointer data)
{
  HpAnalysis analysis = *hp_analysis_find ("idle_time_breakdown");
  g_autoptr (HpSession) session = hp_session_new (f->trace, NULL);
  HpTimelineScene *scene;
  HpResult        *result;
  HpIdleGaps      *gaps;
  HpTable         *table;
  const HpRank    *r = hp_trace_find_rank (f->trace, 0);
  guint            lane = 0, checked = 0;
  HpAnalysisParams params;
  g_autoptr (HpScope) step = NULL;

  registry_idle_payload = analysis.payload;
  analysis.payload = counted_idle_payload;
  idle_payloads = 0;
  _hp_session_override_analysis (session, &analysis);
  hp_timeline_panel_set_session (f->panel, session);

  /* the overlay asks the session; the analysis runs once */
  hp_timeline_view_set_flags (f->view, hp_timeline_view_get_flags (f->view) | HP_TIMELINE_SHOW_IDLE);
  g_assert_true (hp_ui_test_wait_for (session_idle_done, session));
  wait_for_data (f);
  g_assert_cmpuint (idle_payloads, ==, 1);
  result = hp_session_get_analysis_result (session, "idle_time_breakdown");
  gaps = hp_result_get_payload (result);
  g_assert_nonnull (gaps);

  /* the timeline shades the very arrays of the payload */
  scene = hp_timeline_view_get_scene (f->view);
  g_assert_cmpint (hp_timeline_scene_get_missing (scene, HP_TIMELINE_SHOW_IDLE), ==, 0);
  for (lane = 0; lane < r->n_lanes; lane++)
    if (r->lanes[lane].is_gpu)
      {
        g_assert_true (hp_timeline_scene_get_idle_intervals (scene, 0, lane) == hp_idle_gaps_get_lane (gaps, r->rank, lane));
        checked++;
      }
  g_assert_cmpuint (checked, >, 0);

  /* the tab's rows link to the same gaps, found in the payload, with the
   * events the registry's own hook finds */
  table = hp_result_find_table (result, "idle_time_breakdown");
  g_assert_nonnull (table);
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      g_autoptr (HpLinkedEvents) linked = hp_result_row_events (result, f->trace, table, row);
      g_autoptr (HpLinkedEvents) again = hp_analysis_row_events (f->trace, table, row, hp_result_get_params (result));

      g_assert_true ((linked == NULL) == (again == NULL));
      if (linked == NULL)
        continue;
      g_assert_cmpuint (linked->events->len, ==, again->events->len);
      g_assert_cmpmem (linked->events->data, linked->events->len * sizeof (guint32), again->events->data,
                       again->events->len * sizeof (guint32));
    }
  /* showing it again, or the tab asking, computes nothing */
  hp_session_run_analysis (session, "idle_time_breakdown");
  hp_timeline_view_set_flags (f->view, hp_timeline_view_get_flags (f->view) & ~HP_TIMELINE_SHOW_IDLE);
  hp_timeline_view_set_flags (f->view, hp_timeline_view_get_flags (f->view) | HP_TIMELINE_SHOW_IDLE);
  hp_ui_test_spin (50);
  g_assert_cmpuint (idle_payloads, ==, 1);

  /* new parameters: once more */
  hp_analysis_params_init (&params);
  hp_analysis_params_set_double (&params, &hp_idle_time_consecutive_kernel_delay_spec, 5);
  hp_session_set_params (session, &params);
  hp_analysis_params_clear (&params);
  g_assert_true (hp_ui_test_wait_for (session_idle_done, session));
  wait_for_data (f);
  g_assert_cmpuint (idle_payloads, ==, 2);
  assert_idle_from_payload (f, session);

  /* a scope: once more; back to the whole trace: from the cache */
  step = hp_scope_new_range (hp_time_span_make (hp_rank_get_event_start (r, r->rows[0]),
                                                hp_rank_get_event_start (r, r->rows[r->n_rows / 2])));
  hp_session_set_scope (session, step);
  g_assert_true (hp_ui_test_wait_for (session_idle_done, session));
  wait_for_data (f);
  g_assert_cmpuint (idle_payloads, ==, 3);
  assert_idle_from_payload (f, session);
  hp_session_set_scope (session, NULL);
  g_assert_true (hp_ui_test_wait_for (session_idle_done, session));
  wait_for_data (f);
  g_assert_cmpuint (idle_payloads, ==, 3);
  gaps = hp_result_get_payload (hp_session_get_analysis_result (session, "idle_time_breakdown"));
  for (lane = 0; lane < r->n_lanes; lane++)
    if (r->lanes[lane].is_gpu)
      g_assert_true (hp_timeline_scene_get_idle_intervals (scene, 0, lane) == hp_idle_gaps_get_lane (gaps, r->rank, lane));

  hp_timeline_panel_set_session (f->panel, NULL);
}

static gboolean
session_memory_done (gpointer session)
{
  return hp_session_get_analysis_state (session, "memory") == HP_ANALYSIS_STATE_DONE;
}

/* The memory analysis' series become tracks after the rank's lanes, from
 * the "Memory" overlay toggle: allocated and reserved per device with the
 * peak (edge/memory-events.json: 8000 B at 210 us on cuda:0) */
static void
test_memory_tracks (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/memory-events.json", HP_MODE_DEFAULT);
  g_autoptr (HpSession) session = hp_session_new (trace, NULL);
  GtkWindow           *window = GTK_WINDOW (gtk_window_new ());
  HpTimelinePanel     *panel = HP_TIMELINE_PANEL (hp_timeline_panel_new ());
  HpTimelineView      *view = hp_timeline_panel_get_view (panel);
  HpTimelinePainter   *painter;
  HpTimelineScene     *scene;
  GPtrArray           *series;
  const HpTimelineRow *rows;
  guint                n_rows, n_tracks = 0, cuda = G_MAXUINT;
  gboolean             shown;

  gtk_window_set_default_size (window, 1400, 700);
  hp_timeline_panel_set_session (panel, session);
  gtk_window_set_child (window, GTK_WIDGET (panel));
  gtk_window_present (window);
  hp_ui_test_spin (100);
  painter = hp_timeline_view_get_painter (view);
  scene = hp_timeline_view_get_scene (view);
  g_assert_cmpuint (hp_timeline_scene_get_n_counters (scene, 0), ==, 0);

  /* the overlay's toggle */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "timeline.show-memory", NULL));
  g_object_get (panel, "show-memory", &shown, NULL);
  g_assert_true (shown);
  g_assert_true (hp_timeline_view_get_flags (view) & HP_TIMELINE_SHOW_MEMORY);
  g_assert_true (hp_ui_test_wait_for (session_memory_done, session));
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_view_computed, view));

  /* one track per series of the session's result, the same series */
  series = hp_result_get_payload (hp_session_get_analysis_result (session, "memory"));
  g_assert_nonnull (series);
  g_assert_cmpuint (series->len, >=, 3);
  g_assert_cmpuint (hp_timeline_scene_get_n_counters (scene, 0), ==, series->len);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  for (guint i = 0; i < n_rows; i++)
    if (rows[i].kind == HP_TIMELINE_ROW_COUNTER)
      {
        const HpSeries  *s = hp_timeline_scene_get_counter (scene, rows[i].rank_pos, rows[i].lane);
        g_autofree char *title = hp_timeline_painter_dup_counter_title (painter, rows[i].rank_pos, rows[i].lane);

        g_assert_true (s == series->pdata[n_tracks]);
        if (g_str_equal (title, "Allocated · cuda:0 (kB)"))
          cuda = i;
        n_tracks++;
      }
  g_assert_cmpuint (n_tracks, ==, series->len);
  g_assert_cmpuint (cuda, <, n_rows);

  /* the value under the pointer at the peak, on the cuda track */
  {
    const HpSeries    *s = hp_timeline_scene_get_counter (scene, rows[cuda].rank_pos, rows[cuda].lane);
    HpTimelineMapper   m;
    HpTimelineViewport v = { 0 };
    HpTimelineHit      hit;
    double             y, height;

    g_assert_true (s->mark_peak);
    g_assert_cmpint (s->ts[s->peak], ==, 210000);
    /* a picture of the whole trace tall enough for every row, whatever
     * size the window got */
    hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &v.t0, &v.t1);
    v.width = 1200;
    v.height = (int)(hp_timeline_scene_get_lanes_top (scene) + hp_timeline_scene_get_content_height (scene)) + 10;
    v.scale = 1;
    hp_timeline_mapper_init (&m, scene, &v);
    g_assert_true (hp_timeline_mapper_row_y (&m, (int)cuda, &y, &height));
    hp_timeline_hit_init (&hit);
    g_assert_true (hp_timeline_painter_hit_test (painter, &v, hp_timeline_mapper_time_to_x (&m, 300000), y + height / 2, &hit));
    g_assert_cmpint (hit.kind, ==, HP_TIMELINE_HIT_COUNTER);
    g_assert_cmpfloat (hit.value, ==, 8);
    hp_timeline_hit_clear (&hit);
  }
  hp_ui_test_spin (100);

  /* off: no tracks */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (panel), "timeline.show-memory", NULL));
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  for (guint i = 0; i < n_rows; i++)
    g_assert_cmpint (rows[i].kind, !=, HP_TIMELINE_ROW_COUNTER);

  hp_timeline_panel_set_session (panel, NULL);
  g_object_ref (window);
  gtk_window_destroy (window);
  g_assert_finalize_object (window);
}

static gboolean
critical_path_shown (gpointer panel)
{
  return hp_timeline_panel_get_critical_paths (panel) != NULL;
}

/* The critical-path overlay toggles from its action; an event on the path
 * says so in the details pane, one off it shows its slack, and both list
 * their edges */
static void
test_critical_path_overlay (Fixture      *f,
                            gconstpointer data)
{
  const HpRank   *r = hp_trace_get_rank (f->trace, 0);
  HpCriticalPath *path = hp_critical_path_new (f->trace, r, NULL, NULL, NULL);
  guint           n_nodes, n_path;
  const HpCpNode *nodes = hp_critical_path_get_nodes (path, &n_nodes);
  const guint32  *on_path = hp_critical_path_get_path (path, &n_path);
  guint32         critical = nodes[on_path[1]].event;
  gint64          off = -1;
  gboolean        shown = FALSE;

  g_assert_cmpuint (n_path, >=, 2);
  for (guint i = 0; i < n_nodes && off < 0; i++)
    if (!hp_critical_path_event_is_critical (path, nodes[i].event) &&
        hp_critical_path_get_slack (path, nodes[i].event) > 0)
      off = nodes[i].event;
  g_assert_cmpint (off, >=, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->panel), "timeline.show-critical-path", NULL));
  g_object_get (f->panel, "show-critical-path", &shown, NULL);
  g_assert_true (shown);
  g_assert_true (hp_ui_test_wait_for (critical_path_shown, f->panel));

  hp_timeline_view_select_event (f->view, r->rank, critical);
  g_assert_cmpstr (hp_ui_test_details_value (f->panel, "Critical path"), ==, "On the path (no slack)");
  hp_timeline_view_select_event (f->view, r->rank, off);
  g_assert_true (g_str_has_prefix (hp_ui_test_details_value (f->panel, "Critical path"), "Slack "));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->panel), "timeline.show-critical-path", NULL));
  g_object_get (f->panel, "show-critical-path", &shown, NULL);
  g_assert_false (shown);
  g_assert_null (hp_ui_test_details_value (f->panel, "Critical path"));
  hp_critical_path_free (path);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *state_home = hp_ui_test_isolate_state_dir ();
  int              status;

  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/ui/timeline-layout/view-keeps-layout", test_view_keeps_layout);
  g_test_add ("/ui/timeline/critical-path", Fixture, NULL, fixture_setup, test_critical_path_overlay, fixture_teardown);
  g_test_add_func ("/ui/timeline/memory-tracks", test_memory_tracks);
  g_test_add ("/ui/timeline/idle-payload-once", Fixture, NULL, fixture_setup, test_idle_payload_once, fixture_teardown);

  status = g_test_run ();
  hp_ui_test_remove_tree (state_home);
  return status;
}
