/* test-remote-compare.c — `hotpath --compare A B` while Hotpath already runs.
 *
 * This process is the running Hotpath: it registers the application on a
 * private session bus, then starts the real `hotpath` binary with
 * --compare, which finds it there, hands it the runs and exits. The
 * comparison must open here, and the next plain open must be a plain
 * window again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "hp-application.h"
#include "hp-compare-window.h"
#include "hp-settings.h"
#include "hp-test-utils.h"
#include "hp-ui-test-utils.h"

static HpApplication *application;
/* stopped, never freed: GTK keeps its connection to the bus to the end,
 * and g_test_dbus_down() would wait for it */
static GTestDBus *bus;

typedef struct
{
  gboolean done;
  gboolean ok;
  GError  *error;
} Exit;

static void
exited_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Exit *exit = user_data;

  exit->ok = g_subprocess_wait_check_finish (G_SUBPROCESS (source), result, &exit->error);
  exit->done = TRUE;
}

static gboolean
exit_done (gpointer exit)
{
  return ((Exit *)exit)->done;
}

/* runs `hotpath ARGS…` to its end, the main loop turning meanwhile so this
 * instance answers its call */
static void
run_remote (const char *const *args)
{
  const char *binary = g_getenv ("HOTPATH_APP");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  Exit exit = { 0 };

  g_assert_nonnull (binary);
  g_ptr_array_add (argv, (gpointer)binary);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);
  process = g_subprocess_newv ((const char *const *)argv->pdata, G_SUBPROCESS_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_subprocess_wait_check_async (process, NULL, exited_cb, &exit);
  g_assert_true (hp_ui_test_wait_for (exit_done, &exit));
  g_assert_no_error (exit.error);
  g_assert_true (exit.ok);
}

static HpCompareWindow *
find_comparison (void)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (application)); l != NULL; l = l->next)
    if (HP_IS_COMPARE_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gboolean
has_comparison (gpointer data)
{
  return find_comparison () != NULL;
}

static gboolean
not_comparing (gpointer window)
{
  return !hp_compare_window_is_loading (window);
}

static void
test_remote_compare (void)
{
  g_autofree char  *a = hp_test_data_path ("hta_trace_compare_base", NULL);
  g_autofree char  *b = hp_test_data_path ("hta_trace_compare_test", NULL);
  const char *const compare[] = { "--compare", a, b, NULL };
  const char *const one[] = { "--compare", a, NULL };
  const char *const plain[] = { a, NULL };
  g_autofree char  *key = hp_paths_key (plain);
  HpCompareWindow  *window;
  HpWindow         *opened;

  /* the other process sends the runs here, and exits */
  run_remote (compare);
  g_assert_true (hp_ui_test_wait_for (has_comparison, NULL));
  window = find_comparison ();
  g_assert_true (hp_ui_test_wait_for (not_comparing, window));
  g_assert_null (hp_compare_window_get_error (window));
  g_assert_cmpstr (hp_run_get_label (hp_compare_window_get_run (window, 0)), ==, "hta_trace_compare_base");
  g_assert_cmpstr (hp_run_get_label (hp_compare_window_get_run (window, 1)), ==, "hta_trace_compare_test");
  g_assert_null (hp_application_find_window (application, key));
  gtk_window_destroy (GTK_WINDOW (window));

  /* one run is not a comparison: the window says so */
  run_remote (one);
  g_assert_true (hp_ui_test_wait_for (has_comparison, NULL));
  window = find_comparison ();
  g_assert_nonnull (strstr (hp_compare_window_get_error (window), "2 to 8 runs"));
  gtk_window_destroy (GTK_WINDOW (window));

  /* without --compare, the folder opens in a window of its own */
  run_remote (plain);
  opened = hp_application_find_window (application, key);
  g_assert_nonnull (opened);
  g_assert_null (find_comparison ());
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, opened));
  hp_ui_test_close_window (opened);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  int              status;
  g_autofree char *display = g_strdup (g_getenv ("DISPLAY"));

  /* a bus of our own, up before anything connects to one: no running
   * Hotpath can answer, and the one this test registers is the primary */
  bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (bus);
  /* GTestDBus unsets DISPLAY (against X11's bus autolaunch); GTK needs it */
  if (display != NULL)
    g_setenv ("DISPLAY", display, TRUE);
  setlocale (LC_ALL, "C");
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  application = hp_application_new ();
  g_application_register (G_APPLICATION (application), NULL, &error);
  g_assert_no_error (error);
  g_assert_false (g_application_get_is_remote (G_APPLICATION (application)));

  g_test_add_func ("/ui/compare/remote", test_remote_compare);
  status = g_test_run ();

  g_clear_object (&application);
  g_test_dbus_stop (bus);
  return status;
}
