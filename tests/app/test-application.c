/* test-application.c — which window opens what: files sent by a window, and by the desktop.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <locale.h>

#include "hp-application.h"
#include "hp-test-utils.h"
#include "hp-ui-test-utils.h"

/* one per process: GTK registers a single application */
static HpApplication *application;

static void
register_application (void)
{
  g_autoptr (GError) error = NULL;

  application = hp_application_new ();
  /* no bus name: the test must not meet a running Hotpath */
  g_application_set_flags (G_APPLICATION (application),
                           g_application_get_flags (G_APPLICATION (application)) | G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (application), NULL, &error);
  g_assert_no_error (error);
}

static HpWindow *
new_window (void)
{
  HpWindow *window = hp_window_new (GTK_APPLICATION (application));

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hp_window_is_empty (window));
  return window;
}

static GFile *
data_file (const char *name)
{
  g_autofree char *path = hp_test_data_path (name, NULL);

  return g_file_new_for_path (path);
}

/* A window that sends files opens them itself when it is empty, even when
 * another empty window is the active one; a window already showing them is
 * raised instead of loading them twice. */
static void
test_open_from_window (void)
{
  g_autoptr (GFile) file = data_file ("hta_trace_filter_2ranks");
  HpWindow *sender = new_window ();
  HpWindow *active = new_window ();

  g_assert_true (gtk_application_get_active_window (GTK_APPLICATION (application)) == GTK_WINDOW (active));

  hp_window_open_files (sender, &file, 1);
  g_assert_false (hp_window_is_empty (sender));
  g_assert_true (hp_window_is_empty (active));
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, sender));
  g_assert_cmpstr (hp_window_get_visible_page (sender), ==, "trace");

  /* the same folder again, from the other window: nothing new loads */
  hp_window_open_files (active, &file, 1);
  g_assert_true (hp_window_is_empty (active));
  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (application))), ==, 2);
  g_assert_true (hp_application_find_window (application, hp_window_get_key (sender)) == sender);

  hp_ui_test_close_window (active);
  hp_ui_test_close_window (sender);
}

/* A window that is not empty sends a new folder to a new window. */
static void
test_open_from_busy_window (void)
{
  g_autoptr (GFile) first = data_file ("hta_trace_filter_2ranks");
  g_autoptr (GFile) second = data_file ("hta_amd_trace");
  HpWindow *window = new_window ();
  HpWindow *other;
  GList    *windows;

  hp_window_open_files (window, &first, 1);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  hp_window_open_files (window, &second, 1);

  windows = gtk_application_get_windows (GTK_APPLICATION (application));
  g_assert_cmpuint (g_list_length (windows), ==, 2);
  other = HP_WINDOW (windows->data == window ? windows->next->data : windows->data);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, other));
  g_assert_cmpstr (hp_window_get_visible_page (other), ==, "trace");
  g_assert_cmpstr (hp_window_get_key (window), !=, hp_window_get_key (other));

  hp_ui_test_close_window (other);
  hp_ui_test_close_window (window);
}

/* Files from the desktop (a hint that names no window) go to the active
 * window when it is empty. */
static void
test_open_from_desktop (void)
{
  g_autoptr (GFile) file = data_file ("hta_trace_filter_2ranks");
  HpWindow *other = new_window ();
  HpWindow *active = new_window ();

  g_application_open (G_APPLICATION (application), &file, 1, "");
  g_assert_false (hp_window_is_empty (active));
  g_assert_true (hp_window_is_empty (other));
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, active));

  hp_ui_test_close_window (other);
  hp_ui_test_close_window (active);
}

static gboolean
menu_has_action (GMenuModel *model,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr (GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) && g_strcmp0 (name, action) == 0)
        return TRUE;
      while (g_menu_link_iter_next (links))
        {
          g_autoptr (GMenuModel) section = g_menu_link_iter_get_value (links);

          if (menu_has_action (section, action))
            return TRUE;
        }
    }
  return FALSE;
}

static gboolean
is_shortcut_for (GtkWidget *widget,
                 gpointer   data)
{
  g_autofree char *accelerator = NULL;

  if (!GTK_IS_SHORTCUTS_SHORTCUT (widget))
    return FALSE;
  g_object_get (widget, "accelerator", &accelerator, NULL);
  return g_strcmp0 (accelerator, data) == 0;
}

/* The user guide opens from the main menu and with F1, and the shortcuts
 * window lists F1. */
static void
test_help_action (void)
{
  GtkApplication *app = GTK_APPLICATION (application);
  HpWindow       *window = new_window ();
  g_auto (GStrv) accels = gtk_application_get_accels_for_action (app, "app.help");
  g_auto (GStrv) actions = gtk_application_get_actions_for_accel (app, "F1");
  GMenuModel         *menu = G_MENU_MODEL (gtk_application_get_menu_by_id (app, "primary_menu"));
  GtkShortcutsWindow *overlay;

  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (application), "help"));
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (application), "help"));
  g_assert_null (g_action_group_get_action_parameter_type (G_ACTION_GROUP (application), "help"));
  g_assert_nonnull (accels);
  g_assert_cmpstr (accels[0], ==, "F1");
  g_assert_null (accels[1]);
  /* F1 means nothing else */
  g_assert_nonnull (actions);
  g_assert_cmpstr (actions[0], ==, "app.help");
  g_assert_null (actions[1]);

  g_assert_nonnull (menu);
  g_assert_true (menu_has_action (menu, "app.help"));
  g_assert_false (menu_has_action (menu, "app.no-such-action"));

  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_assert_nonnull (overlay);
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (overlay), is_shortcut_for, (gpointer) "F1"));
  g_assert_null (hp_ui_test_find_widget (GTK_WIDGET (overlay), is_shortcut_for, (gpointer) "F12"));

  hp_ui_test_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  setlocale (LC_ALL, "C");
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  register_application ();
  g_test_add_func ("/ui/application/open-from-window", test_open_from_window);
  g_test_add_func ("/ui/application/open-from-busy-window", test_open_from_busy_window);
  g_test_add_func ("/ui/application/open-from-desktop", test_open_from_desktop);
  g_test_add_func ("/ui/application/help-action", test_help_action);

  status = g_test_run ();
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (application)));
  g_object_unref (application);
  return status;
}
