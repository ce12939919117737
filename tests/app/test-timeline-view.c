/* test-timeline-view.c — the Timeline tab under Xvfb: zoom, pan, clicks, details, search, export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <gtk/gtk.h>
#include <string.h>

#include "hp-core.h"
#include "hp-session-private.h"
#include "hp-test-utils.h"
#include "hp-timeline-panel.h"
#include "hp-ui-test-utils.h"

typedef HpUiTestTimelineFixture Fixture;

#define fixture_setup hp_ui_test_timeline_setup
#define fixture_teardown hp_ui_test_timeline_teardown

/* until the worker has computed the data of the overlays shown */
static void
wait_for_data (Fixture *f)
{
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_view_computed, f->view));
}

static void
get_range (Fixture *f,
           gint64  *t0,
           gint64  *t1)
{
  hp_timeline_view_get_visible_range (f->view, t0, t1);
  g_assert_cmpint (*t1, >, *t0);
}

/* W/S zoom, A/D pan, 0 fits: through the view's actions, which the keys
 * are bound to */
static void
test_zoom_and_pan (Fixture      *f,
                   gconstpointer data)
{
  HpTimelineScene *scene = hp_timeline_view_get_scene (f->view);
  gint64           start, end, t0, t1, u0, u1;

  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &start, &end);
  get_range (f, &t0, &t1);
  /* a new trace shows everything */
  g_assert_cmpint (t0, ==, start);
  g_assert_cmpint (t1, ==, end);

  /* zoom in twice (1.5× each) around the centre */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.zoom-in", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.zoom-in", NULL));
  get_range (f, &u0, &u1);
  g_assert_cmpfloat_with_epsilon ((double)(u1 - u0), (double)(t1 - t0) / 2.25, (t1 - t0) * 1e-6);
  g_assert_cmpfloat_with_epsilon ((double)(u0 + u1) / 2, (double)(t0 + t1) / 2, (t1 - t0) * 0.002);

  /* pan right by a fifth of the window; left comes back */
  t0 = u0;
  t1 = u1;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.pan-right", NULL));
  get_range (f, &u0, &u1);
  g_assert_cmpint (u1 - u0, ==, t1 - t0);
  g_assert_cmpfloat_with_epsilon ((double)(u0 - t0), (double)(t1 - t0) * 0.2, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.pan-left", NULL));
  get_range (f, &u0, &u1);
  g_assert_cmpint (u0, ==, t0);

  /* zoom out */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.zoom-out", NULL));
  get_range (f, &u0, &u1);
  g_assert_cmpfloat_with_epsilon ((double)(u1 - u0), (double)(t1 - t0) * 1.5, (t1 - t0) * 1e-6);

  /* the toolbar's buttons go through the panel's actions */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->panel), "timeline.zoom-in", NULL));
  get_range (f, &t0, &t1);
  g_assert_cmpint (t1 - t0, <, u1 - u0);

  /* 0: everything again */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.zoom-fit", NULL));
  get_range (f, &u0, &u1);
  g_assert_cmpint (u0, ==, start);
  g_assert_cmpint (u1, ==, end);

  /* zooming in far stops at 100 ns; panning stays near the trace */
  for (guint i = 0; i < 80; i++)
    hp_timeline_view_zoom (f->view, 2.0, -1);
  get_range (f, &u0, &u1);
  g_assert_cmpint (u1 - u0, ==, 100);
  hp_timeline_view_zoom_to_fit (f->view);
  for (guint i = 0; i < 20; i++)
    gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.pan-right", NULL);
  get_range (f, &u0, &u1);
  g_assert_cmpint (u0, <, end);

  /* the window is drawn: let a frame happen at a deep zoom */
  hp_timeline_view_set_visible_range (f->view, start + 1000000, start + 1010000);
  hp_ui_test_spin (50);
  get_range (f, &u0, &u1);
  g_assert_cmpint (u1 - u0, ==, 10000);
}

/* The toolbar's text says what the ruler shows: its first and last time */
static void
assert_window_text (Fixture *f)
{
  gint64           t0, t1;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  g_autofree char *span = NULL;
  g_autofree char *expected = NULL;

  get_range (f, &t0, &t1);
  from = hp_timeline_format_time (t0);
  to = hp_timeline_format_time (t1);
  span = hp_timeline_format_duration (t1 - t0);
  expected = g_strdup_printf ("%s visible, %s – %s", span, from, to);
  g_assert_cmpstr (hp_timeline_panel_get_window_text (f->panel), ==, expected);
}

/* The window is never wider than the trace and goes past its ends by a
 * twentieth of itself at most */
static void
assert_in_trace (Fixture *f,
                 gint64   start,
                 gint64   end)
{
  gint64 t0, t1, margin;

  get_range (f, &t0, &t1);
  margin = (t1 - t0) / 20 + 1;
  g_assert_cmpint (t1 - t0, <=, end - start);
  g_assert_cmpint (t0, >=, start - margin);
  g_assert_cmpint (t1, <=, end + margin);
  assert_window_text (f);
}

/* A trace that starts before its time zero (a profiler event ahead of the
 * first step): fit, zoom out, pan and the scroll bar keep the window on
 * the trace, and the toolbar's text gives the negative start the ruler
 * shows */
static void
test_clamp_to_trace (Fixture      *f,
                     gconstpointer data)
{
  HpTimelineScene *scene = hp_timeline_view_get_scene (f->view);
  GtkAdjustment   *hadjustment = hp_timeline_view_get_hadjustment (f->view);
  gint64           start, end, t0, t1;

  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &start, &end);
  g_assert_cmpint (start, <, 0);
  get_range (f, &t0, &t1);
  g_assert_cmpint (t0, ==, start);
  g_assert_cmpint (t1, ==, end);
  assert_in_trace (f, start, end);
  g_assert_nonnull (strchr (hp_timeline_panel_get_window_text (f->panel), '-'));

  /* zooming out past the whole trace stops there */
  for (guint i = 0; i < 5; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.zoom-out", NULL));
  get_range (f, &t0, &t1);
  g_assert_cmpint (t1 - t0, ==, end - start);
  assert_in_trace (f, start, end);

  /* panning stops at either end */
  for (guint i = 0; i < 3; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.zoom-in", NULL));
  for (guint i = 0; i < 40; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.pan-left", NULL));
  get_range (f, &t0, &t1);
  g_assert_cmpint (t0, <=, start);
  assert_in_trace (f, start, end);
  for (guint i = 0; i < 40; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.pan-right", NULL));
  get_range (f, &t0, &t1);
  g_assert_cmpint (t1, >=, end);
  assert_in_trace (f, start, end);

  /* so does the scroll bar */
  gtk_adjustment_set_value (hadjustment, (double)(start - 10 * (end - start)));
  get_range (f, &t0, &t1);
  g_assert_cmpint (t0, <=, start);
  assert_in_trace (f, start, end);

  /* and a window asked for outright */
  hp_timeline_view_set_visible_range (f->view, end, end + 4 * (end - start));
  assert_in_trace (f, start, end);
}

static guint32
longest_kernel (const HpRank *r,
                guint        *lane)
{
  gint64  best = -1;
  guint32 event = 0;

  for (guint l = 0; l < r->n_lanes; l++)
    {
      if (!r->lanes[l].is_gpu)
        continue;
      for (guint p = 0; p < r->lanes[l].n_events; p++)
        {
          guint32 e = r->lanes[l].events[p];

          if (r->kind[e] == HP_EVENT_KIND_KERNEL && hp_rank_dur (r, e) > best)
            {
              best = hp_rank_dur (r, e);
              event = e;
              *lane = l;
            }
        }
    }
  g_assert_cmpint (best, >, 0);
  return event;
}

/* The text shown next to @key in the details pane's grids, or NULL */
static const char *
details_value (Fixture    *f,
               const char *key)
{
  return hp_ui_test_details_value (f->panel, key);
}

/* Clicking a kernel selects it and lists its details and partner */
static void
test_click_selects (Fixture      *f,
                    gconstpointer data)
{
  const HpRank    *r = hp_trace_find_rank (f->trace, 0);
  guint            lane = 0;
  guint32          kernel = longest_kernel (r, &lane);
  double           x, y;
  int              rank;
  gint64           event;
  const char      *title;
  gboolean         found_partner = FALSE;
  GtkWidget       *child;
  g_autofree char *expected_title = NULL;

  g_assert_true (hp_timeline_view_event_position (f->view, 0, kernel, &x, &y));
  hp_timeline_view_click (f->view, x, y);
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (rank, ==, 0);
  g_assert_cmpint (event, ==, kernel);

  /* the details pane: the kernel's name on top, then a link to its launch */
  expected_title = g_strdup (hp_timeline_painter_get_short_name (hp_timeline_view_get_painter (f->view), r->name[kernel]));
  title = hp_timeline_panel_get_details_title (f->panel);
  g_assert_cmpstr (title, ==, expected_title);
  for (child = gtk_widget_get_first_child (hp_timeline_panel_get_details (f->panel)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!GTK_IS_GRID (child))
        continue;
      for (GtkWidget *cell = gtk_widget_get_first_child (child); cell != NULL; cell = gtk_widget_get_next_sibling (cell))
        if (GTK_IS_LABEL (cell) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (cell)), "Launched by") == 0)
          found_partner = TRUE;
    }
  g_assert_true (r->partner[kernel] >= 0);
  g_assert_true (found_partner);

  /* fractional args read as in the trace: 0.7407407, not 0.74074070000000003 */
  {
    guint32          key = hp_rank_lookup_arg_key (r, "blocks per SM");
    double           value = hp_rank_get_arg_double (r, kernel, key, NAN);
    g_autofree char *expected = NULL;
    const char      *shown = details_value (f, "blocks per SM");

    g_assert_false (isnan (value));
    g_assert_cmpfloat (value, !=, round (value));
    expected = hp_format_double (value);
    g_assert_cmpstr (shown, ==, expected);
    g_assert_cmpuint (strlen (shown), <=, 12);
    g_assert_cmpfloat (g_ascii_strtod (shown, NULL), ==, value);
  }

  /* following the link selects the launch */
  hp_timeline_view_select_event (f->view, 0, r->partner[kernel]);
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (event, ==, r->partner[kernel]);
  g_assert_cmpstr (hp_timeline_panel_get_details_title (f->panel), ==,
                   hp_trace_get_string (f->trace, r->name[r->partner[kernel]]));

  /* F zooms to the selection */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.zoom-selection", NULL));
  {
    gint64 t0, t1;

    get_range (f, &t0, &t1);
    g_assert_cmpint (t0, <=, r->ts[event]);
    g_assert_cmpint (t1, >=, r->ts[event] + hp_rank_dur (r, event));
    g_assert_cmpint (t1 - t0, <, 2 * MAX (hp_rank_dur (r, event), 1000));
  }

  /* a click on empty space clears it */
  hp_timeline_view_click (f->view, gtk_widget_get_width (GTK_WIDGET (f->view)) - 2, gtk_widget_get_height (GTK_WIDGET (f->view)) - 2);
  g_assert_false (hp_timeline_view_get_selection (f->view, NULL, NULL));
  g_assert_cmpstr (hp_timeline_panel_get_details_title (f->panel), ==, "Nothing selected");
}

/* Clicking a rank's header folds it; again unfolds it */
static void
test_fold_rank (Fixture      *f,
                gconstpointer data)
{
  HpTimelineScene *scene = hp_timeline_view_get_scene (f->view);
  double           top = hp_timeline_scene_get_lanes_top (scene);
  double           height = hp_timeline_scene_get_content_height (scene);

  hp_timeline_view_click (f->view, 60, top + 5);
  g_assert_true (hp_timeline_scene_get_rank_collapsed (scene, 0));
  g_assert_cmpfloat (hp_timeline_scene_get_content_height (scene), <, height);
  hp_timeline_view_click (f->view, 60, top + 5);
  g_assert_false (hp_timeline_scene_get_rank_collapsed (scene, 0));
  g_assert_cmpfloat (hp_timeline_scene_get_content_height (scene), ==, height);
}

/* Ctrl+F search: the count is the model's; Enter walks the matches */
static void
test_search (Fixture      *f,
             gconstpointer data)
{
  guint            expected = 0;
  int              rank;
  gint64           event, previous_ts = G_MININT64;
  g_autofree char *text = NULL;
  GtkSearchBar    *bar;

  for (guint k = 0; k < hp_trace_get_n_ranks (f->trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (f->trace, k);

      for (guint e = 0; e < r->n_events; e++)
        {
          g_autofree char *lower = g_ascii_strdown (hp_trace_get_string (f->trace, r->name[e]), -1);

          if (hp_rank_lane (r, e) < r->n_lanes && strstr (lower, "nccl") != NULL)
            expected++;
        }
    }
  g_assert_cmpuint (expected, >, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->panel), "timeline.search", NULL));
  hp_timeline_panel_search (f->panel, "NCCL");
  g_assert_cmpuint (hp_timeline_view_get_n_matches (f->view), ==, expected);
  text = g_strdup_printf ("%u matches", expected);
  g_assert_cmpstr (hp_timeline_panel_get_match_text (f->panel), ==, text);

  for (guint i = 0; i < MIN (expected, 5); i++)
    {
      const HpRank    *r;
      g_autofree char *lower = NULL;

      hp_timeline_view_next_match (f->view, 1);
      g_assert_cmpint (hp_timeline_view_get_current_match (f->view), ==, (int)i);
      g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
      r = hp_trace_find_rank (f->trace, rank);
      lower = g_ascii_strdown (hp_trace_get_string (f->trace, r->name[event]), -1);
      g_assert_nonnull (strstr (lower, "nccl"));
      g_assert_cmpint (r->ts[event], >=, previous_ts);
      previous_ts = r->ts[event];
    }
  g_clear_pointer (&text, g_free);
  text = g_strdup_printf ("%d of %u", hp_timeline_view_get_current_match (f->view) + 1, expected);
  g_assert_cmpstr (hp_timeline_panel_get_match_text (f->panel), ==, text);

  hp_timeline_panel_search (f->panel, "no event is called this");
  g_assert_cmpuint (hp_timeline_view_get_n_matches (f->view), ==, 0);
  g_assert_cmpstr (hp_timeline_panel_get_match_text (f->panel), ==, "No matches");

  /* no text at all closes the bar and forgets the matches */
  hp_timeline_panel_search (f->panel, "NCCL");
  g_assert_cmpuint (hp_timeline_view_get_n_matches (f->view), ==, expected);
  bar = GTK_SEARCH_BAR (hp_ui_test_find_widget_of_type (GTK_WIDGET (f->panel), GTK_TYPE_SEARCH_BAR));
  g_assert_true (gtk_search_bar_get_search_mode (bar));
  hp_timeline_panel_search (f->panel, NULL);
  g_assert_false (gtk_search_bar_get_search_mode (bar));
  g_assert_cmpuint (hp_timeline_view_get_n_matches (f->view), ==, 0);
}

/* Linked views: show the instances of one kernel */
static void
test_show_events (Fixture      *f,
                  gconstpointer data)
{
  const HpRank *r = hp_trace_find_rank (f->trace, 1);
  g_autoptr (GArray) events = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint   lane = 0;
  guint32 kernel = longest_kernel (r, &lane);
  int     rank;
  gint64  event;

  for (guint e = 0; e < r->n_events; e++)
    if (r->name[e] == r->name[kernel])
      g_array_append_val (events, e);
  hp_timeline_view_show_events (f->view, 1, events);
  g_assert_cmpuint (hp_timeline_view_get_n_matches (f->view), ==, events->len);
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (rank, ==, 1);
  g_assert_cmpint (r->name[event], ==, r->name[kernel]);
  /* brought into view */
  {
    double x, y;

    hp_ui_test_spin (20);
    g_assert_true (hp_timeline_view_event_position (f->view, 1, event, &x, &y));
  }
}

static gboolean
range_stats_shown (gpointer data)
{
  return details_value (data, hp_kernel_class_to_string (HP_KERNEL_CLASS_COMPUTATION)) != NULL;
}

/* A selected range lists busy time, kernel classes and top kernels */
static void
test_range (Fixture      *f,
            gconstpointer data)
{
  gint64 start, end, a, b;

  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (hp_timeline_view_get_scene (f->view)), &start, &end);
  hp_timeline_view_set_selected_range (f->view, start, start + (end - start) / 2);
  g_assert_true (hp_timeline_view_get_selected_range (f->view, &a, &b));
  g_assert_cmpint (a, ==, start);
  g_assert_nonnull (g_strstr_len (hp_timeline_panel_get_details_title (f->panel), -1, "Range of"));

  /* the statistics come from a worker: core's numbers for the range */
  {
    g_autoptr (HpRangeStats) stats = hp_range_stats_compute (f->trace, hp_time_span_make (a, b), NULL, NULL, NULL);
    const char      *computation = hp_kernel_class_to_string (HP_KERNEL_CLASS_COMPUTATION);
    g_autofree char *shown = NULL;

    g_assert_cmpint (stats->class_time[HP_KERNEL_CLASS_COMPUTATION], >, 0);
    shown = hp_timeline_format_duration (stats->class_time[HP_KERNEL_CLASS_COMPUTATION]);
    g_assert_true (hp_ui_test_wait_for (range_stats_shown, f));
    g_assert_cmpstr (details_value (f, computation), ==, shown);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.zoom-selection", NULL));
  hp_timeline_view_get_visible_range (f->view, &a, &b);
  g_assert_cmpint (a, ==, start);
  g_assert_cmpint (b, ==, start + (end - start) / 2);
}

/* Overlay toggles are stateful actions */
static void
test_overlays (Fixture      *f,
               gconstpointer data)
{
  g_assert_false (hp_timeline_view_get_flags (f->view) & HP_TIMELINE_SHOW_IDLE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->panel), "timeline.show-idle", NULL));
  g_assert_true (hp_timeline_view_get_flags (f->view) & HP_TIMELINE_SHOW_IDLE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->panel), "timeline.show-counters", NULL));
  g_assert_true (hp_timeline_view_get_flags (f->view) & HP_TIMELINE_SHOW_COUNTERS);

  /* the data comes from a worker; the layout shows the overlays then */
  {
    HpTimelineScene     *scene = hp_timeline_view_get_scene (f->view);
    const HpTimelineRow *rows;
    guint                n_rows;
    gboolean             has_counter = FALSE;

    wait_for_data (f);
    g_assert_cmpint (hp_timeline_scene_get_flags (scene), ==, hp_timeline_view_get_flags (f->view));
    g_assert_cmpint (hp_timeline_scene_get_missing (scene, hp_timeline_view_get_flags (f->view)), ==, 0);
    rows = hp_timeline_scene_get_rows (scene, &n_rows);
    for (guint i = 0; i < n_rows; i++)
      has_counter |= rows[i].kind == HP_TIMELINE_ROW_COUNTER;
    g_assert_true (has_counter);
  }
  hp_ui_test_spin (50);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->panel), "timeline.show-idle", NULL));
  g_assert_false (hp_timeline_view_get_flags (f->view) & HP_TIMELINE_SHOW_IDLE);
}

static void
test_export (Fixture      *f,
             gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hotpath-timeline-XXXXXX", &error);
  g_autofree char *png = g_build_filename (dir, "timeline.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "timeline.svg", NULL);
  g_autofree char *contents = NULL;
  cairo_surface_t *surface;
  gsize            len;

  g_assert_no_error (error);
  hp_timeline_view_zoom (f->view, 4, -1);

  g_assert_true (hp_timeline_panel_export (f->panel, png, &error));
  g_assert_no_error (error);
  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==,
                   gtk_widget_get_width (GTK_WIDGET (f->view)) * gtk_widget_get_scale_factor (GTK_WIDGET (f->view)));
  cairo_surface_destroy (surface);

  g_assert_true (hp_timeline_panel_export (f->panel, svg, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (svg, &contents, &len, &error));
  g_assert_nonnull (strstr (contents, "<svg"));
  g_assert_nonnull (strstr (contents, "</svg>"));

  g_unlink (png);
  g_unlink (svg);
  g_rmdir (dir);
}

/* With a session: its trace, its selected rank, its idle-time parameter */
static void
test_session (Fixture      *f,
              gconstpointer data)
{
  HpSession       *session = hp_session_new (f->trace, NULL);
  HpAnalysisParams params;
  gint64           start, end;

  g_object_add_weak_pointer (G_OBJECT (session), (gpointer *)&session);
  hp_timeline_panel_set_trace (f->panel, NULL);
  g_assert_null (hp_timeline_view_get_trace (f->view));
  hp_timeline_panel_set_session (f->panel, session);
  g_assert_true (hp_timeline_panel_get_session (f->panel) == session);
  g_assert_true (hp_timeline_view_get_trace (f->view) == f->trace);
  hp_timeline_view_get_visible_range (f->view, &start, &end);
  g_assert_cmpint (end, >, start);
  hp_ui_test_spin (50);

  /* picking rank 1 in the header bar brings its lanes up */
  g_assert_cmpfloat (hp_timeline_view_get_scroll (f->view), ==, 0);
  hp_session_set_selected_rank (session, 1);
  g_assert_cmpfloat (hp_timeline_view_get_scroll (f->view), >, 0);

  /* a new idle-time parameter recomputes the idle overlay's gaps */
  hp_timeline_view_set_flags (f->view, hp_timeline_view_get_flags (f->view) | HP_TIMELINE_SHOW_IDLE);
  wait_for_data (f);
  hp_analysis_params_init (&params);
  hp_analysis_params_set_double (&params, &hp_idle_time_consecutive_kernel_delay_spec, 5);
  hp_session_set_params (session, &params);
  hp_analysis_params_clear (&params);
  g_assert_true (hp_timeline_view_is_computing (f->view));
  wait_for_data (f);
  g_assert_true (hp_timeline_scene_get_flags (hp_timeline_view_get_scene (f->view)) &
                 HP_TIMELINE_SHOW_IDLE);

  /* the panel lets go of the session */
  hp_timeline_panel_set_session (f->panel, NULL);
  g_object_unref (session);
  g_assert_null (session);
}

static void
count_cb (guint *count)
{
  (*count)++;
}

/* the dynamic layer as the view draws it, with a hover */
static cairo_surface_t *
paint_hover (Fixture *f,
             int      rank_pos,
             gint64   event)
{
  HpTimelinePainter *painter = hp_timeline_view_get_painter (f->view);
  HpTimelineViewport v = { 0 };
  cairo_surface_t   *surface;
  cairo_t           *cr;

  hp_timeline_view_get_visible_range (f->view, &v.t0, &v.t1);
  v.width = gtk_widget_get_width (GTK_WIDGET (f->view));
  v.height = gtk_widget_get_height (GTK_WIDGET (f->view));
  v.scale = 1;
  v.scroll_y = hp_timeline_view_get_scroll (f->view);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, v.width, v.height);
  cr = cairo_create (surface);
  hp_timeline_painter_paint_dynamic_hover (painter, cr, &v, rank_pos, event);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static gboolean
same_pixels (cairo_surface_t *a,
             cairo_surface_t *b)
{
  gsize size = (gsize)cairo_image_surface_get_stride (a) * (gsize)cairo_image_surface_get_height (a);

  return memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b), size) == 0;
}

/* The hovered event and time are the session's: the pointer writes them,
 * the painter draws what the session holds */
static void
test_hover (Fixture      *f,
            gconstpointer data)
{
  const HpRank *r = hp_trace_find_rank (f->trace, 0);
  guint         lane = 0;
  guint32       kernel = longest_kernel (r, &lane);
  g_autoptr (HpSession) session = hp_session_new (f->trace, NULL);
  HpSession       *own = hp_timeline_view_get_session (f->view);
  double           x, y;
  int              rank;
  gint64           event, time;
  guint            changes = 0;
  cairo_surface_t *none, *hovered;

  /* shown without a session, the view has one of its own trace */
  g_assert_nonnull (own);
  g_assert_true (hp_session_get_trace (own) == f->trace);
  /* given one, it writes there */
  hp_timeline_panel_set_session (f->panel, session);
  g_assert_true (hp_timeline_view_get_session (f->view) == session);
  hp_ui_test_spin (50);
  g_signal_connect_swapped (session, "hovered-event-changed", G_CALLBACK (count_cb), &changes);
  g_assert_false (hp_session_get_hovered_event (session, NULL, NULL));
  g_assert_cmpint (hp_session_get_hovered_time (session), ==, HP_SESSION_NO_TIME);

  g_assert_true (hp_timeline_view_event_position (f->view, 0, kernel, &x, &y));
  hp_timeline_view_move_pointer (f->view, x, y, TRUE);
  g_assert_true (hp_session_get_hovered_event (session, &rank, &event));
  g_assert_cmpint (rank, ==, 0);
  g_assert_cmpint (event, ==, kernel);
  time = hp_session_get_hovered_time (session);
  g_assert_cmpint (time, >=, hp_rank_get_event_start (r, kernel) - 2000);
  g_assert_cmpint (time, <=, hp_rank_get_event_end (r, kernel) + 2000);
  g_assert_cmpuint (changes, ==, 1);
  /* a pixel further on the same kernel: the time moves, the event stays */
  hp_timeline_view_move_pointer (f->view, x + 1, y, TRUE);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpint (hp_session_get_hovered_time (session), >, time);

  /* the painter keeps no hover: it outlines the one it is given */
  none = paint_hover (f, -1, -1);
  hovered = paint_hover (f, 0, kernel);
  g_assert_false (same_pixels (none, hovered));
  cairo_surface_destroy (none);
  cairo_surface_destroy (hovered);

  /* set from elsewhere, the view draws it too */
  hp_session_set_hovered_event (session, r->rank, r->partner[kernel]);
  g_assert_cmpuint (changes, ==, 2);
  hp_ui_test_spin (50);

  /* the pointer leaves: nothing hovered, no time */
  hp_timeline_view_move_pointer (f->view, 0, 0, FALSE);
  g_assert_false (hp_session_get_hovered_event (session, NULL, NULL));
  g_assert_cmpint (hp_session_get_hovered_time (session), ==, HP_SESSION_NO_TIME);
  g_assert_cmpuint (changes, ==, 3);

  /* a session given before its trace is shown is used once it is; the
   * view makes its own again when it goes */
  hp_timeline_panel_set_session (f->panel, NULL);
  g_assert_null (hp_timeline_view_get_session (f->view));
  hp_timeline_view_set_session (f->view, session);
  g_assert_null (hp_timeline_view_get_session (f->view));
  hp_timeline_view_set_trace (f->view, f->trace);
  g_assert_true (hp_timeline_view_get_session (f->view) == session);
  hp_timeline_view_set_session (f->view, NULL);
  g_assert_nonnull (hp_timeline_view_get_session (f->view));
  g_assert_true (hp_timeline_view_get_session (f->view) != session);
  g_assert_true (hp_session_get_trace (hp_timeline_view_get_session (f->view)) == f->trace);
}

/* the idle-time analysis of the registry, its payload hook counted */
int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/ui/timeline/zoom-and-pan", Fixture, NULL, fixture_setup, test_zoom_and_pan, fixture_teardown);
  g_test_add ("/ui/timeline/clamp-to-trace", Fixture, "hta_trace_diff_control", fixture_setup, test_clamp_to_trace,
              fixture_teardown);
  g_test_add ("/ui/timeline/click-selects", Fixture, NULL, fixture_setup, test_click_selects, fixture_teardown);
  g_test_add ("/ui/timeline/fold-rank", Fixture, NULL, fixture_setup, test_fold_rank, fixture_teardown);
  g_test_add ("/ui/timeline/search", Fixture, NULL, fixture_setup, test_search, fixture_teardown);
  g_test_add ("/ui/timeline/show-events", Fixture, NULL, fixture_setup, test_show_events, fixture_teardown);
  g_test_add ("/ui/timeline/range", Fixture, NULL, fixture_setup, test_range, fixture_teardown);
  g_test_add ("/ui/timeline/overlays", Fixture, NULL, fixture_setup, test_overlays, fixture_teardown);
  g_test_add ("/ui/timeline/export", Fixture, NULL, fixture_setup, test_export, fixture_teardown);
  g_test_add ("/ui/timeline/session", Fixture, NULL, fixture_setup, test_session, fixture_teardown);
  g_test_add ("/ui/timeline/hover", Fixture, NULL, fixture_setup, test_hover, fixture_teardown);

  return g_test_run ();
}
