/* test-app-state.c — the app's state and settings are input: a huge
 * bookmark list, absurd window sizes and recent folders that are not UTF-8
 * neither stall nor warn.
 *
 * gtk_test_init() makes every warning and critical fatal, so a
 * Gtk-CRITICAL or a Pango warning fails these tests. Settings come from a
 * key file in the test's own isolated configuration folder.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "hp-bookmarks-popover.h"
#include "hp-core.h"
#include "hp-settings.h"
#include "hp-test-utils.h"
#include "hp-timeline-panel.h"
#include "hp-trace-page.h"
#include "hp-ui-test-utils.h"
#include "hp-window.h"

static gboolean
view_shown (gpointer view)
{
  return gtk_widget_get_width (view) >= 400 && gtk_widget_get_mapped (view);
}

static guint
count_widgets (GtkWidget *root,
               GType      type)
{
  guint n = G_TYPE_CHECK_INSTANCE_TYPE (root, type) ? 1 : 0;

  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    n += count_widgets (c, type);
  return n;
}

/* 100 000 bookmarks in the state file: the timeline shows at once, keeps
 * the first 1000, and the list makes rows only for what it shows */
static void
test_many_bookmarks (HpTestDirFixture *fixture,
                     gconstpointer     data)
{
  const char      *tmp = fixture->dir;
  g_autofree char *state_file = g_build_filename (tmp, "timeline.ini", NULL);
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  GString             *text = g_string_new ("[Folder]\nversion=1\n");
  GtkWindow           *window;
  HpTimelinePanel     *panel;
  HpTimelineView      *view;
  HpBookmarksPopover  *popover;
  HpTimelineBookmarks *marks;
  gint64               t0 = hp_rank_get_event_start (hp_trace_get_rank (trace, 0), 0);
  gint64               before;
  double               seconds;

  for (guint i = 0; i < 100000; i++)
    g_string_append_printf (text, "[Bookmark %u]\nstart=%" G_GINT64_FORMAT "\nend=%" G_GINT64_FORMAT "\nname=mark %u\n", i,
                            t0 + (gint64)i * 1000, t0 + (gint64)i * 1000 + 500, i);
  g_assert_true (g_file_set_contents (state_file, text->str, (gssize)text->len, NULL));
  g_string_free (text, TRUE);

  window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (window, 1400, 900);
  panel = HP_TIMELINE_PANEL (hp_timeline_panel_new ());
  view = hp_timeline_panel_get_view (panel);
  gtk_window_set_child (window, GTK_WIDGET (panel));

  before = g_get_monotonic_time ();
  hp_timeline_view_set_state_file (view, state_file);
  hp_timeline_panel_set_trace (panel, trace);
  gtk_window_present (window);
  g_assert_true (hp_ui_test_wait_for (view_shown, view));
  hp_ui_test_spin (50);
  seconds = (double)(g_get_monotonic_time () - before) / G_USEC_PER_SEC;
  g_test_message ("first frame with 100 000 bookmarks in the state file: %.2f s", seconds);
  g_assert_cmpfloat (seconds, <, 10.0);

  marks = hp_timeline_view_get_bookmarks (view);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, HP_TIMELINE_BOOKMARKS_MAX);
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 0)->name, ==, "mark 0");
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, HP_TIMELINE_BOOKMARKS_MAX - 1)->name, ==, "mark 999");

  /* the list has every bookmark but makes rows only for those shown */
  popover = HP_BOOKMARKS_POPOVER (hp_ui_test_find_widget_of_type (GTK_WIDGET (panel), HP_TYPE_BOOKMARKS_POPOVER));
  g_assert_nonnull (popover);
  g_assert_cmpuint (g_list_model_get_n_items (hp_bookmarks_popover_get_model (popover)), ==, HP_TIMELINE_BOOKMARKS_MAX);
  before = g_get_monotonic_time ();
  gtk_popover_popup (GTK_POPOVER (popover));
  hp_ui_test_spin (200);
  {
    guint entries = count_widgets (GTK_WIDGET (hp_bookmarks_popover_get_list (popover)), GTK_TYPE_ENTRY);

    /* GTK keeps a bounded window of rows around those shown (up to a
     * couple of hundred), not one per bookmark */
    g_test_message ("rows made for %u bookmarks: %u", HP_TIMELINE_BOOKMARKS_MAX, entries);
    g_assert_cmpuint (entries, >, 0);
    g_assert_cmpuint (entries, <, HP_TIMELINE_BOOKMARKS_MAX / 3);
  }
  seconds = (double)(g_get_monotonic_time () - before) / G_USEC_PER_SEC;
  g_test_message ("list of 1000 bookmarks shown: %.2f s", seconds);
  g_assert_cmpfloat (seconds, <, 10.0);
  /* a change redraws the list without making every row again */
  before = g_get_monotonic_time ();
  hp_timeline_view_remove_bookmark (view, 0);
  hp_ui_test_spin (50);
  seconds = (double)(g_get_monotonic_time () - before) / G_USEC_PER_SEC;
  g_test_message ("a bookmark removed from the list: %.2f s", seconds);
  g_assert_cmpfloat (seconds, <, 10.0);
  g_assert_cmpuint (g_list_model_get_n_items (hp_bookmarks_popover_get_model (popover)), ==,
                    HP_TIMELINE_BOOKMARKS_MAX - 1);

  /* one more mark fits; the next rings the bell */
  g_assert_cmpint (hp_timeline_view_add_bookmark (view), >=, 0);
  g_assert_cmpint (hp_timeline_view_add_bookmark (view), ==, -1);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, HP_TIMELINE_BOOKMARKS_MAX);
  gtk_popover_popdown (GTK_POPOVER (popover));

  /* the saved file keeps the bound too */
  {
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_auto (GStrv) groups = NULL;
    guint n = 0;

    g_assert_true (g_key_file_load_from_file (file, state_file, G_KEY_FILE_NONE, NULL));
    groups = g_key_file_get_groups (file, NULL);
    for (guint i = 0; groups[i] != NULL; i++)
      n += g_str_has_prefix (groups[i], "Bookmark ");
    g_assert_cmpuint (n, ==, HP_TIMELINE_BOOKMARKS_MAX);
  }

  gtk_window_destroy (window);
  hp_ui_test_spin (50);
  g_remove (state_file);
}

/* A name that is not UTF-8, or far too long, in the state file */
static void
test_bookmark_names (HpTestDirFixture *fixture,
                     gconstpointer     data)
{
  const char      *tmp = fixture->dir;
  g_autofree char *state_file = g_build_filename (tmp, "timeline.ini", NULL);
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_autofree char     *long_name = g_strnfill (5000, 'x');
  g_autofree char     *text = NULL;
  GtkWindow           *window = GTK_WINDOW (gtk_window_new ());
  HpTimelinePanel     *panel = HP_TIMELINE_PANEL (hp_timeline_panel_new ());
  HpTimelineView      *view = hp_timeline_panel_get_view (panel);
  HpTimelineBookmarks *marks;
  HpBookmarksPopover  *popover;
  gint64               t0 = hp_rank_get_event_start (hp_trace_get_rank (trace, 0), 0);

  text = g_strdup_printf ("[Bookmark 0]\nstart=%" G_GINT64_FORMAT "\nend=%" G_GINT64_FORMAT "\nname=bad \xff\xfe name\n"
                          "[Bookmark 1]\nstart=%" G_GINT64_FORMAT "\nend=%" G_GINT64_FORMAT "\nname=%s\n"
                          "[Timeline]\ngutter-width=inf\n",
                          t0, t0 + 10, t0 + 20, t0 + 30, long_name);
  g_assert_true (g_file_set_contents (state_file, text, -1, NULL));

  gtk_window_set_default_size (window, 1400, 900);
  gtk_window_set_child (window, GTK_WIDGET (panel));
  hp_timeline_view_set_state_file (view, state_file);
  hp_timeline_panel_set_trace (panel, trace);
  gtk_window_present (window);
  g_assert_true (hp_ui_test_wait_for (view_shown, view));
  popover = HP_BOOKMARKS_POPOVER (hp_ui_test_find_widget_of_type (GTK_WIDGET (panel), HP_TYPE_BOOKMARKS_POPOVER));
  gtk_popover_popup (GTK_POPOVER (popover));
  hp_ui_test_spin (200);

  marks = hp_timeline_view_get_bookmarks (view);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const char *name = hp_timeline_bookmarks_get (marks, i)->name;

      g_assert_true (g_utf8_validate (name, -1, NULL));
      g_assert_cmpuint (strlen (name), <=, HP_TIMELINE_BOOKMARK_NAME_MAX);
    }
  g_assert_cmpfloat (hp_timeline_view_get_gutter_width (view), <=, HP_TIMELINE_GUTTER_MAX_WIDTH);

  gtk_popover_popdown (GTK_POPOVER (popover));
  gtk_window_destroy (window);
  hp_ui_test_spin (50);
  g_remove (state_file);
}

/* window-width and window-height out of any range, and recent folders
 * whose names are not UTF-8, as a settings file may hold them */
static void
test_settings_out_of_range (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_config_dir (), "glib-2.0", "settings", NULL);
  g_autofree char *keyfile = g_build_filename (dir, "keyfile", NULL);
  g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autoptr (GSettings) settings = NULL;
  HpWindow *window;
  int       width, height;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (keyfile,
                                      "[io/github/hotpath/Hotpath]\n"
                                      "window-width=2147483647\n"
                                      "window-height=-2147483648\n"
                                      "recent-folders=['file:///tmp/%FF%FE-run', 'file:///tmp/ok%E2%80', "
                                      "'not a uri', '', 'file:///tmp/fine']\n",
                                      -1, NULL));
  settings = hp_settings_new ();
  g_assert_nonnull (settings);

  window = hp_ui_test_open_window (path, -1, -1);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (width, <=, 16384);
  g_assert_cmpint (height, >, 0);
  g_assert_cmpint (height, <=, 16384);
  hp_ui_test_spin (100);
  hp_ui_test_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  /* settings from a key file in the isolated configuration folder, which
   * the tests write as a user's may be */
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);

  hp_test_add_dir ("/ui/app-state/many-bookmarks", NULL, test_many_bookmarks);
  hp_test_add_dir ("/ui/app-state/bookmark-names", NULL, test_bookmark_names);
  g_test_add_func ("/ui/app-state/settings-out-of-range", test_settings_out_of_range);
  return g_test_run ();
}
