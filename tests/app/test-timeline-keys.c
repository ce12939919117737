/* test-timeline-keys.c — the timeline's letter keys under Xvfb, typed as a user types them.
 *
 * The keys go through the X server (the XTEST extension), so they take the
 * path a real key press takes: to the focused widget first, then to the
 * window's shortcuts. libXtst is loaded at run time; without it the tests
 * are skipped.
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

typedef struct
{
  HpWindow        *window;
  HpTimelinePanel *panel;
  HpTimelineView  *view;
  FakeKeyFunc      fake_key;
  gint64           start;
  gint64           end;
} Fixture;

static gboolean
view_shown (gpointer view)
{
  return gtk_widget_get_mapped (view) && gtk_widget_get_width (view) >= 400;
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

  f->window = hp_ui_test_open_window (path, 1400, 900);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, f->window));
  f->panel = hp_trace_page_get_timeline_panel (hp_window_get_trace_page (f->window));
  f->view = hp_timeline_panel_get_view (f->panel);
  notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (f->window));
  /* the tab shown as a click on it shows it: the focus on the tabs */
  gtk_widget_grab_focus (GTK_WIDGET (notebook));
  gtk_notebook_set_current_page (notebook, gtk_notebook_page_num (notebook, GTK_WIDGET (f->panel)));
  g_assert_true (hp_ui_test_wait_for (view_shown, f->view));
  hp_ui_test_spin (100);
  hp_timeline_layout_get_time_bounds (hp_timeline_painter_get_layout (hp_timeline_view_get_painter (f->view)), &f->start,
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
  if (f->fake_key != NULL)
    return FALSE;
  g_test_skip ("no XTEST (libXtst.so.6) to type keys with");
  return TRUE;
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

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/ui/timeline-keys/after-overlays-menu", Fixture, NULL, fixture_setup, test_keys_after_overlays_menu,
              fixture_teardown);
  g_test_add ("/ui/timeline-keys/from-tabs", Fixture, NULL, fixture_setup, test_keys_from_tabs, fixture_teardown);
  g_test_add ("/ui/timeline-keys/entry-keeps-keys", Fixture, NULL, fixture_setup, test_entry_keeps_keys,
              fixture_teardown);

  return g_test_run ();
}
