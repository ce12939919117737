/* hp-ui-test-utils.c — helpers shared by the window tests under Xvfb: main loop waits, windows, tabs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-test-utils.h"
#include "hp-ui-test-utils.h"

#include <glib/gstdio.h>

/**
 * hp_ui_test_wait_for:
 * @condition: what to wait for
 * @data: passed to @condition
 *
 * Runs the main loop until @condition holds.
 *
 * Returns: %FALSE if it still does not after %HP_UI_TEST_TIMEOUT_MS
 */
gboolean
hp_ui_test_wait_for (HpUiTestCondition condition,
                     gpointer          data)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)HP_UI_TEST_TIMEOUT_MS * 1000;

  while (!condition (data))
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
}

/* Runs the main loop for @ms milliseconds. */
void
hp_ui_test_spin (guint ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)ms * 1000;

  while (g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

/* conditions: an HpWindow done loading; an HpAnalysisPanel without running
 * analyses, and with its tables shown; a weak pointer (a gpointer *)
 * cleared */

gboolean
hp_ui_test_not_loading (gpointer window)
{
  return !hp_window_is_loading (window);
}

gboolean
hp_ui_test_panel_idle (gpointer panel)
{
  return !hp_analysis_panel_is_busy (panel);
}

gboolean
hp_ui_test_panel_shown (gpointer panel)
{
  return !hp_analysis_panel_is_busy (panel) && hp_analysis_panel_get_n_table_views (panel) > 0;
}

gboolean
hp_ui_test_pointer_cleared (gpointer location)
{
  return *(gpointer *)location == NULL;
}

/**
 * hp_ui_test_open_window:
 * @path: a trace file or folder
 * @width: the window's default width, or -1
 * @height: its default height, or -1
 *
 * Presents a new window, checks it starts empty, and opens @path in it.
 *
 * Returns: (transfer none): the window, loading
 */
HpWindow *
hp_ui_test_open_window (const char *path,
                        int         width,
                        int         height)
{
  HpWindow   *window = hp_window_new (NULL);
  const char *paths[] = { path, NULL };

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "start");
  g_assert_true (hp_window_is_empty (window));

  hp_window_open (window, paths);
  g_assert_cmpstr (hp_window_get_visible_page (window), ==, "loading");
  g_assert_false (hp_window_is_empty (window));
  return window;
}

/* Destroys @window and checks that it, its page and its session go away */
void
hp_ui_test_close_window (HpWindow *window)
{
  HpSession *session = hp_window_get_session (window);

  if (session != NULL)
    g_object_add_weak_pointer (G_OBJECT (session), (gpointer *)&session);
  g_object_ref (window);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
  /* analyses still running let go of the session when they return */
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_pointer_cleared, &session));
}

/**
 * hp_ui_test_window_setup:
 * @fixture: the test's #HpUiTestWindowFixture
 * @case_name: a folder or file below `tests/data`, the data given to
 *   g_test_add()
 *
 * Opens @case_name in a new window of the default size and waits until it
 * is loaded.
 */
void
hp_ui_test_window_setup (HpUiTestWindowFixture *fixture,
                         gconstpointer          case_name)
{
  g_autofree char *path = hp_test_data_path (case_name, NULL);

  fixture->window = hp_ui_test_open_window (path, -1, -1);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, fixture->window));
}

/* Closes the fixture's window with hp_ui_test_close_window() */
void
hp_ui_test_window_teardown (HpUiTestWindowFixture *fixture,
                            gconstpointer          case_name)
{
  hp_ui_test_close_window (g_steal_pointer (&fixture->window));
}

/* whether a timeline view is allocated at a usable width and mapped */
gboolean
hp_ui_test_view_shown (gpointer view)
{
  return gtk_widget_get_width (view) >= 400 && gtk_widget_get_mapped (view);
}

/* whether a timeline view's worker has computed what its overlays show */
gboolean
hp_ui_test_view_computed (gpointer view)
{
  return !hp_timeline_view_is_computing (view);
}

/**
 * hp_ui_test_timeline_setup:
 * @fixture: the test's #HpUiTestTimelineFixture
 * @case_name: (nullable): a folder or file below `tests/data`;
 *   %NULL for hta_trace_filter_2ranks
 *
 * Shows the trace in a Timeline tab alone in a 1400×900 window and waits
 * until its view is allocated and has drawn once.
 */
void
hp_ui_test_timeline_setup (HpUiTestTimelineFixture *fixture,
                           gconstpointer            case_name)
{
  fixture->trace = hp_test_load (case_name != NULL ? case_name : "hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, 1400, 900);
  fixture->panel = HP_TIMELINE_PANEL (hp_timeline_panel_new ());
  hp_timeline_panel_set_trace (fixture->panel, fixture->trace);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->panel));
  fixture->view = hp_timeline_panel_get_view (fixture->panel);
  gtk_window_present (fixture->window);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_view_shown, fixture->view));
  hp_ui_test_spin (100);
}

/* Destroys the window and checks the panel went with it */
void
hp_ui_test_timeline_teardown (HpUiTestTimelineFixture *fixture,
                              gconstpointer            case_name)
{
  HpTimelinePanel *panel = fixture->panel;

  g_object_add_weak_pointer (G_OBJECT (panel), (gpointer *)&panel);
  g_object_ref (fixture->window);
  gtk_window_destroy (fixture->window);
  g_assert_finalize_object (fixture->window);
  g_assert_null (panel);
  hp_trace_unref (fixture->trace);
}

/**
 * hp_ui_test_show_tab:
 * @notebook: a trace page's notebook
 * @label: the label of an analysis tab
 * @ready: when the panel counts as shown
 *
 * Switches to the tab and waits until @ready holds for its panel; the test
 * fails if there is no such tab.
 *
 * Returns: (transfer none): the panel
 */
HpAnalysisPanel *
hp_ui_test_show_tab (GtkNotebook      *notebook,
                     const char       *label,
                     HpUiTestCondition ready)
{
  for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
    {
      GtkWidget *child = gtk_notebook_get_nth_page (notebook, i);

      if (g_strcmp0 (gtk_notebook_get_tab_label_text (notebook, child), label) == 0)
        {
          g_assert_true (HP_IS_ANALYSIS_PANEL (child));
          gtk_notebook_set_current_page (notebook, i);
          hp_ui_test_spin (50);
          g_assert_true (hp_ui_test_wait_for (ready, child));
          return HP_ANALYSIS_PANEL (child);
        }
    }
  g_assert_not_reached ();
  return NULL;
}

/* The first widget below @root, depth first and @root included, that
 * @match accepts, or %NULL */
GtkWidget *
hp_ui_test_find_widget (GtkWidget *root,
                        gboolean (*match) (GtkWidget *widget,
                                           gpointer   data),
                        gpointer data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = hp_ui_test_find_widget (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_type (GtkWidget *widget,
          gpointer   data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *(const GType *)data);
}

/* The first widget of @type below @root, depth first, or %NULL */
GtkWidget *
hp_ui_test_find_widget_of_type (GtkWidget *root,
                                GType      type)
{
  return hp_ui_test_find_widget (root, has_type, &type);
}

/* The text shown next to @key in the grids of the timeline's details pane,
 * or %NULL */
const char *
hp_ui_test_details_value (HpTimelinePanel *panel,
                          const char      *key)
{
  for (GtkWidget *child = gtk_widget_get_first_child (hp_timeline_panel_get_details (panel)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!GTK_IS_GRID (child))
        continue;
      for (GtkWidget *cell = gtk_widget_get_first_child (child); cell != NULL; cell = gtk_widget_get_next_sibling (cell))
        if (GTK_IS_LABEL (cell) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (cell)), key) == 0)
          {
            int        column, row;
            GtkWidget *value;

            gtk_grid_query_child (GTK_GRID (child), cell, &column, &row, NULL, NULL);
            value = gtk_grid_get_child_at (GTK_GRID (child), column + 1, row);
            return GTK_IS_LABEL (value) ? gtk_label_get_text (GTK_LABEL (value)) : NULL;
          }
    }
  return NULL;
}

typedef struct
{
  char    *text;
  gboolean done;
} ClipboardRead;

static void
clipboard_read_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ClipboardRead *read = user_data;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  read->done = TRUE;
}

static gboolean
clipboard_read_done (gpointer data)
{
  return ((ClipboardRead *)data)->done;
}

/**
 * hp_ui_test_read_clipboard:
 * @widget: a widget on the display whose clipboard is read
 *
 * Returns: (transfer full) (nullable): the clipboard's text
 */
char *
hp_ui_test_read_clipboard (GtkWidget *widget)
{
  ClipboardRead read = { 0 };

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, clipboard_read_cb, &read);
  g_assert_true (hp_ui_test_wait_for (clipboard_read_done, &read));
  return read.text;
}

/* Removes @path and everything under it */
void
hp_ui_test_remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        hp_ui_test_remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

/**
 * hp_ui_test_isolate_state_dir:
 *
 * Points XDG_STATE_HOME at a new empty folder, before gtk_test_init():
 * GLib 2.74's G_TEST_OPTION_ISOLATE_DIRS covers the other XDG folders,
 * not the state folder where the timeline keeps each folder's lanes and
 * bookmarks. Remove it with hp_ui_test_remove_tree() after g_test_run().
 *
 * Returns: (transfer full): the folder
 */
char *
hp_ui_test_isolate_state_dir (void)
{
  char *state_home = g_dir_make_tmp ("hp-state-home-XXXXXX", NULL);

  g_assert_nonnull (state_home);
  g_setenv ("XDG_STATE_HOME", state_home, TRUE);
  return state_home;
}
