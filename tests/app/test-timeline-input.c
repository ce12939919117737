/* test-timeline-input.c — the timeline's keys and drags under Xvfb, typed and dragged as a user does.
 *
 * Keys and pointer go through the X server (the XTEST extension), so they
 * take the path real input takes: keys to the focused widget first, then
 * to the window's shortcuts; drags through the view's gestures. libXtst
 * is loaded at run time; without it the tests are skipped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <dlfcn.h>
#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <X11/keysym.h>
#endif

#include "hp-test-utils.h"
#include "hp-timeline-panel.h"
#include "hp-ui-test-utils.h"
#include "hp-window.h"

typedef int (*FakeKeyFunc) (gpointer      display,
                            unsigned int  keycode,
                            int           is_press,
                            unsigned long delay);
typedef int (*FakeMotionFunc) (gpointer      display,
                               int           screen,
                               int           x,
                               int           y,
                               unsigned long delay);
typedef int (*FakeButtonFunc) (gpointer      display,
                               unsigned int  button,
                               int           is_press,
                               unsigned long delay);

typedef struct
{
  HpWindow        *window;
  HpTimelinePanel *panel;
  HpTimelineView  *view;
  FakeKeyFunc      fake_key;
  FakeMotionFunc   fake_motion;
  FakeButtonFunc   fake_button;
  gint64           start;
  gint64           end;
} Fixture;

static gboolean
view_shown (gpointer view)
{
  return gtk_widget_get_mapped (view) && gtk_widget_get_width (view) >= 400;
}

static gboolean
window_active (gpointer window)
{
  return gtk_window_is_active (window);
}

static void
fixture_setup (Fixture      *f,
               gconstpointer data)
{
  g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  GtkNotebook     *notebook;
  void            *xtst;

#ifdef GDK_WINDOWING_X11
  xtst = GDK_IS_X11_DISPLAY (gdk_display_get_default ()) ? dlopen ("libXtst.so.6", RTLD_NOW) : NULL;
#else
  xtst = NULL;
#endif
  /* never closed: X keeps using it until the process ends */
  f->fake_key = xtst != NULL ? (FakeKeyFunc)dlsym (xtst, "XTestFakeKeyEvent") : NULL;
  f->fake_motion = xtst != NULL ? (FakeMotionFunc)dlsym (xtst, "XTestFakeMotionEvent") : NULL;
  f->fake_button = xtst != NULL ? (FakeButtonFunc)dlsym (xtst, "XTestFakeButtonEvent") : NULL;

  f->window = hp_ui_test_open_window (path, 1400, 900);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, f->window));
  f->panel = hp_trace_page_get_timeline_panel (hp_window_get_trace_page (f->window));
  f->view = hp_timeline_panel_get_view (f->panel);
  notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (f->window));
  /* the tab shown as a click on it shows it: the focus on the tabs */
  gtk_widget_grab_focus (GTK_WIDGET (notebook));
  gtk_notebook_set_current_page (notebook, gtk_notebook_page_num (notebook, GTK_WIDGET (f->panel)));
  g_assert_true (hp_ui_test_wait_for (view_shown, f->view));
  /* the X server sends keys to the window with the input focus: wait
   * until it is this one */
  g_assert_true (hp_ui_test_wait_for (window_active, f->window));
  hp_ui_test_spin (100);
  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (hp_timeline_view_get_scene (f->view)), &f->start,
                                      &f->end);
}

static void
fixture_teardown (Fixture      *f,
                  gconstpointer data)
{
  hp_ui_test_close_window (f->window);
}

/* Presses and releases @keyval on the X server, then lets GTK handle it */
static void
type_key (Fixture *f,
          guint    keyval)
{
#ifdef GDK_WINDOWING_X11
  Display *display = gdk_x11_display_get_xdisplay (gtk_widget_get_display (GTK_WIDGET (f->window)));
  KeyCode  code = XKeysymToKeycode (display, keyval);

  g_assert_cmpuint (code, !=, 0);
  f->fake_key (display, code, True, 0);
  f->fake_key (display, code, False, 0);
  XFlush (display);
#endif
  hp_ui_test_spin (150);
}

static gboolean
skip_without_xtest (Fixture *f)
{
  if (f->fake_key != NULL && f->fake_motion != NULL && f->fake_button != NULL)
    return FALSE;
  g_test_skip ("no XTEST (libXtst.so.6) to type keys with");
  return TRUE;
}

#ifdef GDK_WINDOWING_X11
/* Moves the pointer to (@x, @y) of the view */
static void
move_to (Fixture *f,
         Display *display,
         double   x,
         double   y)
{
  GtkNative       *native = gtk_widget_get_native (GTK_WIDGET (f->view));
  graphene_point_t point;
  double           dx, dy;
  int              rx, ry;
  Window           child;

  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (f->view), GTK_WIDGET (native), &GRAPHENE_POINT_INIT (x, y), &point));
  gtk_native_get_surface_transform (native, &dx, &dy);
  XTranslateCoordinates (display, gdk_x11_surface_get_xid (gtk_native_get_surface (native)), DefaultRootWindow (display),
                         (int)(point.x + dx), (int)(point.y + dy), &rx, &ry, &child);
  f->fake_motion (display, -1, rx, ry, 0);
  XFlush (display);
  hp_ui_test_spin (30);
}
#endif

/* Drags with @button from (@x0, @y0) to (@x1, @y1) of the view, in steps,
 * holding Shift when @shift */
static void
drag (Fixture *f,
      guint    button,
      gboolean shift,
      double   x0,
      double   y0,
      double   x1,
      double   y1)
{
#ifdef GDK_WINDOWING_X11
  Display *display = gdk_x11_display_get_xdisplay (gtk_widget_get_display (GTK_WIDGET (f->window)));
  KeyCode  shift_key = XKeysymToKeycode (display, XK_Shift_L);

  move_to (f, display, x0, y0);
  if (shift)
    f->fake_key (display, shift_key, True, 0);
  f->fake_button (display, button, True, 0);
  for (int i = 1; i <= 8; i++)
    move_to (f, display, x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8);
  f->fake_button (display, button, False, 0);
  if (shift)
    f->fake_key (display, shift_key, False, 0);
  XFlush (display);
#endif
  hp_ui_test_spin (150);
}

static gint64
window_span (Fixture *f)
{
  gint64 t0, t1;

  hp_timeline_view_get_visible_range (f->view, &t0, &t1);
  return t1 - t0;
}

static gint64
window_start (Fixture *f)
{
  gint64 t0;

  hp_timeline_view_get_visible_range (f->view, &t0, NULL);
  return t0;
}

/* W zooms in, A/D pan, S zooms out, 0 fits: each with the focus where the
 * user left it, not on the lanes */
static void
assert_keys_work (Fixture *f)
{
  gint64 span, t0;

  hp_timeline_view_zoom_to_fit (f->view);
  span = window_span (f);
  type_key (f, GDK_KEY_w);
  g_assert_cmpint (window_span (f), <, span);
  span = window_span (f);
  t0 = window_start (f);
  type_key (f, GDK_KEY_d);
  g_assert_cmpint (window_start (f), >, t0);
  type_key (f, GDK_KEY_a);
  g_assert_cmpint (window_start (f), ==, t0);
  type_key (f, GDK_KEY_s);
  g_assert_cmpint (window_span (f), >, span);
  type_key (f, GDK_KEY_w);
  type_key (f, GDK_KEY_w);
  g_assert_cmpint (window_span (f), <, f->end - f->start);
  type_key (f, GDK_KEY_0);
  g_assert_cmpint (window_span (f), ==, f->end - f->start);
}

/* M marks the window; ] and [ show the mark again (selected, with a
 * tenth of its length on each side) after a fit */
static void
assert_bookmark_keys_work (Fixture *f)
{
  HpTimelineBookmarks      *marks = hp_timeline_view_get_bookmarks (f->view);
  guint                     n = hp_timeline_bookmarks_get_n_items (marks);
  const HpTimelineBookmark *mark;
  gint64                    t0, t1, s0, s1;

  type_key (f, GDK_KEY_w);
  type_key (f, GDK_KEY_w);
  type_key (f, GDK_KEY_d);
  hp_timeline_view_get_visible_range (f->view, &t0, &t1);
  type_key (f, GDK_KEY_m);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, n + 1);
  mark = hp_timeline_bookmarks_get (marks, n);
  g_assert_cmpint (mark->start, ==, t0);
  g_assert_cmpint (mark->end, ==, t1);
  for (guint key = 0; key < 2; key++)
    {
      type_key (f, GDK_KEY_0);
      g_assert_cmpint (window_span (f), ==, f->end - f->start);
      type_key (f, key == 0 ? GDK_KEY_bracketright : GDK_KEY_bracketleft);
      hp_timeline_view_get_selected_range (f->view, &s0, &s1);
      g_assert_cmpint (s0, ==, t0);
      g_assert_cmpint (s1, ==, t1);
      g_assert_cmpint (window_start (f), ==, t0 - (t1 - t0) / 10);
    }
}

/* Right after the Overlays popover closes, the focus is on its button */
static void
test_keys_after_overlays_menu (Fixture      *f,
                               gconstpointer data)
{
  GtkMenuButton *overlays;

  if (skip_without_xtest (f))
    return;
  overlays = GTK_MENU_BUTTON (hp_ui_test_find_widget_of_type (GTK_WIDGET (f->panel), GTK_TYPE_MENU_BUTTON));
  g_assert_nonnull (overlays);
  gtk_menu_button_popup (overlays);
  hp_ui_test_spin (100);
  gtk_menu_button_popdown (overlays);
  gtk_widget_grab_focus (GTK_WIDGET (overlays));
  hp_ui_test_spin (100);
  g_assert_false (gtk_widget_has_focus (GTK_WIDGET (f->view)));
  assert_keys_work (f);
}

/* With the focus on the tabs, after a click on "Timeline" */
static void
test_keys_from_tabs (Fixture      *f,
                     gconstpointer data)
{
  GtkNotebook *notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (f->window));

  if (skip_without_xtest (f))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (notebook));
  hp_ui_test_spin (50);
  g_assert_false (gtk_widget_has_focus (GTK_WIDGET (f->view)));
  assert_keys_work (f);
  assert_bookmark_keys_work (f);
}

static gboolean
critical_path_shown (gpointer panel)
{
  return hp_timeline_panel_get_critical_paths (panel) != NULL;
}

/* With the critical-path overlay on, "." and "," walk the path with the
 * focus on the tabs, as the other timeline keys do */
static void
test_path_keys_from_tabs (Fixture      *f,
                          gconstpointer data)
{
  GtkNotebook *notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (f->window));
  int          rank;
  gint64       first, next, back;

  if (skip_without_xtest (f))
    return;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->panel), "timeline.show-critical-path", NULL));
  g_assert_true (hp_ui_test_wait_for (critical_path_shown, f->panel));
  hp_timeline_view_select_event (f->view, -1, -1);
  gtk_widget_grab_focus (GTK_WIDGET (notebook));
  hp_ui_test_spin (50);
  g_assert_false (gtk_widget_has_focus (GTK_WIDGET (f->view)));
  type_key (f, GDK_KEY_period);
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &first));
  type_key (f, GDK_KEY_period);
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &next));
  g_assert_cmpint (next, !=, first);
  type_key (f, GDK_KEY_comma);
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &back));
  g_assert_cmpint (back, ==, first);
}

/* A text entry keeps its letters: typing "w" in the search finds names,
 * it does not zoom */
static void
test_entry_keeps_keys (Fixture      *f,
                       gconstpointer data)
{
  GtkEditable *entry;
  gint64       span;

  if (skip_without_xtest (f))
    return;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->panel), "timeline.search", NULL));
  hp_ui_test_spin (100);
  entry = GTK_EDITABLE (hp_ui_test_find_widget_of_type (GTK_WIDGET (f->panel), GTK_TYPE_SEARCH_ENTRY));
  g_assert_nonnull (entry);
  g_assert_true (gtk_widget_is_focus (GTK_WIDGET (gtk_editable_get_delegate (entry))));
  span = window_span (f);
  type_key (f, GDK_KEY_w);
  type_key (f, GDK_KEY_0);
  g_assert_cmpstr (gtk_editable_get_text (entry), ==, "w0");
  g_assert_cmpint (window_span (f), ==, span);
}

/* The middle of the first depth-0 row of two GPU lanes next to each
 * other on rank 0, scrolled into view; y in the view */
static void
two_gpu_lanes (Fixture   *f,
               HpLaneRef *lanes,
               double    *y0,
               double    *y1)
{
  HpTimelineScene     *scene = hp_timeline_view_get_scene (f->view);
  const HpRank        *r = hp_trace_get_rank (hp_timeline_view_get_trace (f->view), 0);
  const HpTimelineRow *rows;
  guint                n_rows, found = 0;
  double               top = hp_timeline_scene_get_lanes_top (scene);
  double               row_y[2] = { 0, 0 };

  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  for (guint i = 0; i < n_rows && found < 2; i++)
    if (rows[i].kind == HP_TIMELINE_ROW_SLICES && rows[i].rank_pos == 0 && rows[i].depth == 0 &&
        r->lanes[rows[i].lane].is_gpu)
      {
        lanes[found] = (HpLaneRef){ 0, rows[i].lane };
        row_y[found] = rows[i].y + rows[i].height / 2;
        found++;
      }
  g_assert_cmpuint (found, ==, 2);
  hp_timeline_view_set_scroll (f->view, row_y[0] - 60);
  hp_ui_test_spin (50);
  *y0 = top + row_y[0] - hp_timeline_view_get_scroll (f->view);
  *y1 = top + row_y[1] - hp_timeline_view_get_scroll (f->view);
  g_assert_cmpfloat (*y1, <, gtk_widget_get_height (GTK_WIDGET (f->view)));
}

static gboolean
area_table_shown (gpointer data)
{
  Fixture     *f = data;
  HpTableView *view = hp_timeline_panel_get_area_table (f->panel);

  return view != NULL && hp_table_view_get_table (view) != NULL;
}

/* A plain drag from one GPU stream to the next selects that area: its time
 * range, those two lanes, and a table of their events by name that is
 * core's aggregation of the area, row for row; the session holds it */
static void
test_drag_selects_area (Fixture      *f,
                        gconstpointer data)
{
  HpSession       *session = hp_window_get_session (f->window);
  HpLaneRef        want[2];
  const HpLaneRef *lanes;
  guint            n_lanes;
  double           y0, y1;
  gint64           start, end;
  HpTable         *shown;
  g_autoptr (HpTable) expected = NULL;
  g_autofree char *shown_csv = NULL;
  g_autofree char *expected_csv = NULL;

  if (skip_without_xtest (f))
    return;
  two_gpu_lanes (f, want, &y0, &y1);
  drag (f, 1, FALSE, HP_TIMELINE_GUTTER_WIDTH + 100, y0, HP_TIMELINE_GUTTER_WIDTH + 500, y1);

  g_assert_true (hp_timeline_view_get_selected_range (f->view, &start, &end));
  g_assert_cmpint (end - start, >, 0);
  lanes = hp_timeline_view_get_selected_lanes (f->view, &n_lanes);
  g_assert_cmpuint (n_lanes, ==, 2);
  g_assert_cmpuint (lanes[0].lane, ==, MIN (want[0].lane, want[1].lane));
  g_assert_cmpuint (lanes[1].lane, ==, MAX (want[0].lane, want[1].lane));
  g_assert_nonnull (g_strstr_len (hp_timeline_panel_get_details_title (f->panel), -1, "Area of"));

  /* the session has the area, for the scope bar and the other tabs */
  g_assert_true (hp_time_span_equal (hp_session_get_selected_range (session), hp_time_span_make (start, end)));
  g_assert_nonnull (hp_session_get_selected_lanes (session, &n_lanes));
  g_assert_cmpuint (n_lanes, ==, 2);

  /* the table: core's numbers for these lanes and this range */
  g_assert_true (hp_ui_test_wait_for (area_table_shown, f));
  shown = hp_table_view_get_table (hp_timeline_panel_get_area_table (f->panel));
  expected = hp_area_stats_compute (hp_timeline_view_get_trace (f->view), hp_time_span_make (start, end), lanes, 2, NULL,
                                    NULL);
  g_assert_cmpuint (hp_table_get_n_rows (expected), >, 0);
  g_assert_cmpuint (hp_table_get_n_rows (shown), ==, hp_table_get_n_rows (expected));
  g_assert_cmpuint (g_list_model_get_n_items (hp_table_view_get_model (hp_timeline_panel_get_area_table (f->panel))), ==,
                    hp_table_get_n_rows (expected));
  shown_csv = hp_table_to_csv (shown);
  expected_csv = hp_table_to_csv (expected);
  g_assert_cmpstr (shown_csv, ==, expected_csv);

  /* Escape drops it, and the table goes */
  hp_timeline_view_set_selected_range (f->view, 0, 0);
  g_assert_null (hp_timeline_panel_get_area_table (f->panel));
  g_assert_null (hp_session_get_selected_lanes (session, &n_lanes));
}

/* Shift+drag and a middle-button drag pan instead: the window moves
 * against the pointer and nothing is selected; so does a drag on the
 * lane names */
static void
test_shift_drag_pans (Fixture      *f,
                      gconstpointer data)
{
  HpLaneRef lanes[2];
  double    y0, y1, scroll;
  gint64    t0, span;

  if (skip_without_xtest (f))
    return;
  two_gpu_lanes (f, lanes, &y0, &y1);
  hp_timeline_view_zoom (f->view, 4, -1);
  t0 = window_start (f);
  span = window_span (f);
  drag (f, 1, TRUE, HP_TIMELINE_GUTTER_WIDTH + 500, y0, HP_TIMELINE_GUTTER_WIDTH + 200, y0);
  g_assert_cmpint (window_start (f), >, t0);
  g_assert_cmpint (window_span (f), ==, span);
  g_assert_false (hp_timeline_view_get_selected_range (f->view, NULL, NULL));

  t0 = window_start (f);
  drag (f, 2, FALSE, HP_TIMELINE_GUTTER_WIDTH + 200, y0, HP_TIMELINE_GUTTER_WIDTH + 500, y1);
  g_assert_cmpint (window_start (f), <, t0);
  g_assert_false (hp_timeline_view_get_selected_range (f->view, NULL, NULL));

  /* a drag on the lane names scrolls the lanes */
  scroll = hp_timeline_view_get_scroll (f->view);
  drag (f, 1, FALSE, HP_TIMELINE_GUTTER_WIDTH / 2, y1, HP_TIMELINE_GUTTER_WIDTH / 2, y0);
  g_assert_cmpfloat (hp_timeline_view_get_scroll (f->view), >, scroll);
  g_assert_false (hp_timeline_view_get_selected_range (f->view, NULL, NULL));
}

/* A drag on the ruler still selects a range across every lane */
static void
test_ruler_drag_selects_range (Fixture      *f,
                               gconstpointer data)
{
  guint n_lanes;

  if (skip_without_xtest (f))
    return;
  drag (f, 1, FALSE, HP_TIMELINE_GUTTER_WIDTH + 100, HP_TIMELINE_RULER_HEIGHT / 2, HP_TIMELINE_GUTTER_WIDTH + 400,
        HP_TIMELINE_RULER_HEIGHT / 2);
  g_assert_true (hp_timeline_view_get_selected_range (f->view, NULL, NULL));
  g_assert_null (hp_timeline_view_get_selected_lanes (f->view, &n_lanes));
  g_assert_nonnull (g_strstr_len (hp_timeline_panel_get_details_title (f->panel), -1, "Range of"));
  g_assert_null (hp_timeline_panel_get_area_table (f->panel));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *state_home = hp_ui_test_isolate_state_dir ();
  int              status;

  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/ui/timeline-input/after-overlays-menu", Fixture, NULL, fixture_setup, test_keys_after_overlays_menu,
              fixture_teardown);
  g_test_add ("/ui/timeline-input/from-tabs", Fixture, NULL, fixture_setup, test_keys_from_tabs, fixture_teardown);
  g_test_add ("/ui/timeline-input/path-keys-from-tabs", Fixture, NULL, fixture_setup, test_path_keys_from_tabs,
              fixture_teardown);
  g_test_add ("/ui/timeline-input/entry-keeps-keys", Fixture, NULL, fixture_setup, test_entry_keeps_keys,
              fixture_teardown);

  g_test_add ("/ui/timeline-input/drag-selects-area", Fixture, NULL, fixture_setup, test_drag_selects_area,
              fixture_teardown);
  g_test_add ("/ui/timeline-input/shift-drag-pans", Fixture, NULL, fixture_setup, test_shift_drag_pans, fixture_teardown);
  g_test_add ("/ui/timeline-input/ruler-drag-selects-range", Fixture, NULL, fixture_setup, test_ruler_drag_selects_range,
              fixture_teardown);

  status = g_test_run ();
  hp_ui_test_remove_tree (state_home);
  return status;
}
