/* hp-test-hooks.c — lets the screenshot script and the start-up benchmark drive the app.
 *
 * Only main.c calls hp_test_hooks_install (), and only in a build
 * configured with -Dtest_hooks=true; the application and its windows know
 * nothing of it, and an executable built without the option links neither
 * this file nor hp-screenshots.c. The hooks watch the application from the
 * outside (after its activate and open handlers ran) and read, once:
 *
 *   HOTPATH_SCREENSHOT_DIR   tests/ui/screenshots.sh: write a PNG of every
 *                            tab of the window shown (hp-screenshots.c), or
 *                            of every tab of a comparison window once it
 *                            has compared, into this folder, then quit
 *   HOTPATH_SCREENSHOT_SIZE  the window's size for those, "WxH" (1280x800)
 *   HOTPATH_STARTUP_PROBE    tests/bench/startup-bench.sh: print the
 *                            CLOCK_MONOTONIC time of the first painted frame
 *                            (the clock of g_get_monotonic_time () on Linux)
 *                            and the window's page ("start", "loading",
 *                            "trace"…), then quit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "hp-compare-window.h"
#include "hp-core.h"
#include "hp-screenshots.h"
#include "hp-test-hooks.h"
#include "hp-timeline-view.h"

/* the screenshots of data/screenshots are all of one size; a taller one
 * shows whole panels when checking the layout */
#define SCREENSHOT_WIDTH 1280
#define SCREENSHOT_HEIGHT 800
/* how often a comparison window is asked whether it is done */
#define COMPARE_POLL_MS 800

typedef struct
{
  char    *screenshot_dir;
  int      width;
  int      height;
  gboolean probe;
  gboolean screenshots_started;
  gboolean startup_probed;
} Hooks;

static void
hooks_free (gpointer data)
{
  Hooks *hooks = data;

  g_free (hooks->screenshot_dir);
  g_free (hooks);
}

/* ---- the start-up probe ---- */

static void
probe_after_paint_cb (GdkFrameClock *clock,
                      gpointer       user_data)
{
  GApplication *application = user_data;
  gint64        now = g_get_monotonic_time ();
  GtkWindow    *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  g_signal_handlers_disconnect_by_func (clock, probe_after_paint_cb, user_data);
  g_print ("first-frame-monotonic-us %" G_GINT64_FORMAT " %s\n", now,
           HP_IS_WINDOW (window) ? hp_window_get_visible_page (HP_WINDOW (window)) : "none");
  g_application_quit (application);
}

static void
probe_map_cb (GtkWidget *window,
              gpointer   user_data)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (window);

  g_signal_handlers_disconnect_by_func (window, probe_map_cb, user_data);
  if (clock != NULL)
    g_signal_connect (clock, "after-paint", G_CALLBACK (probe_after_paint_cb), user_data);
}

static void
maybe_probe_startup (GApplication *application,
                     Hooks        *hooks)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (!hooks->probe || hooks->startup_probed || window == NULL)
    return;
  hooks->startup_probed = TRUE;
  if (gtk_widget_get_mapped (GTK_WIDGET (window)))
    probe_map_cb (GTK_WIDGET (window), application);
  else
    g_signal_connect (window, "map", G_CALLBACK (probe_map_cb), application);
}

/* ---- the tabs of a trace window ---- */

static void
screenshots_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr (GError) error = NULL;

  if (!hp_screenshots_take_finish (HP_WINDOW (source), result, &error))
    g_printerr ("hotpath: %s\n", error->message);
  g_application_quit (G_APPLICATION (user_data));
}

/* ---- the tabs of a comparison window ---- */

static const char *const compare_tabs[] = { "summary", "ops-diff", "tree-diff", "timelines" };

typedef struct
{
  HpCompareWindow *window;
  char            *folder;
  int              tab;
} CompareShot;

/* the first run's aligned step on its GPU streams, as a user would drag it */
static void
select_sample_area (HpCompareWindow *window)
{
  GtkWidget      *widget = hp_compare_window_get_timeline (window, 0);
  HpTimelineView *view;
  const HpRank   *rank;
  g_autoptr (GArray) lanes = g_array_new (FALSE, FALSE, sizeof (HpLaneRef));
  gint64 start, end;

  if (!HP_IS_TIMELINE_VIEW (widget))
    return;
  view = HP_TIMELINE_VIEW (widget);
  rank = hp_trace_get_rank (hp_timeline_view_get_trace (view), 0);
  for (guint l = 0; l < rank->n_lanes; l++)
    if (rank->lanes[l].is_gpu)
      g_array_append_val (lanes, ((HpLaneRef){ 0, l }));
  hp_timeline_view_get_visible_range (view, &start, &end);
  if (lanes->len > 0)
    hp_timeline_view_set_selected_area (view, start + (end - start) / 10, end - (end - start) / 10,
                                        (const HpLaneRef *)(gpointer)lanes->data, lanes->len);
}

static void
compare_shot_free (CompareShot *shot)
{
  g_object_unref (shot->window);
  g_free (shot->folder);
  g_free (shot);
}

static gboolean
take_compare_shot (gpointer data)
{
  CompareShot *shot = data;
  g_autoptr (GError) error = NULL;

  if (hp_compare_window_is_loading (shot->window))
    return G_SOURCE_CONTINUE;
  if (hp_compare_window_get_error (shot->window) != NULL)
    {
      g_printerr ("hotpath: %s\n", hp_compare_window_get_error (shot->window));
      shot->tab = G_N_ELEMENTS (compare_tabs);
    }
  else if (shot->tab >= 0)
    {
      g_autofree char *base = g_strdup_printf ("%02d-compare-%s.png", 30 + shot->tab, compare_tabs[shot->tab]);
      g_autofree char *path = g_build_filename (shot->folder, base, NULL);

      if (hp_screenshots_save_widget (GTK_WIDGET (shot->window), path, &error))
        g_print ("%s\n", path);
      else
        g_printerr ("hotpath: %s\n", error->message);
    }
  shot->tab++;
  if (shot->tab >= (int)G_N_ELEMENTS (compare_tabs))
    {
      g_application_quit (g_application_get_default ());
      compare_shot_free (shot);
      return G_SOURCE_REMOVE;
    }
  gtk_notebook_set_current_page (hp_compare_window_get_notebook (shot->window), shot->tab);
  if (g_str_equal (compare_tabs[shot->tab], "timelines"))
    select_sample_area (shot->window);
  return G_SOURCE_CONTINUE;
}

static void
maybe_take_screenshots (GApplication *application,
                        Hooks        *hooks)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (hooks->screenshot_dir == NULL || hooks->screenshots_started || window == NULL)
    return;
  hooks->screenshots_started = TRUE;
  if (HP_IS_WINDOW (window))
    {
      gtk_window_unmaximize (window);
      gtk_window_set_default_size (window, hooks->width, hooks->height);
      hp_screenshots_take_async (HP_WINDOW (window), hooks->screenshot_dir, NULL, screenshots_done_cb,
                                 application);
    }
  else if (HP_IS_COMPARE_WINDOW (window))
    {
      CompareShot *shot = g_new0 (CompareShot, 1);

      shot->window = g_object_ref (HP_COMPARE_WINDOW (window));
      shot->folder = g_strdup (hooks->screenshot_dir);
      shot->tab = -1;
      g_timeout_add (COMPARE_POLL_MS, take_compare_shot, shot);
    }
}

/* ---- the application's signals ---- */

static void
after_activate_cb (GApplication *application,
                   gpointer      user_data)
{
  maybe_probe_startup (application, user_data);
  maybe_take_screenshots (application, user_data);
}

static void
after_open_cb (GApplication *application,
               gpointer      files,
               int           n_files,
               const char   *hint,
               gpointer      user_data)
{
  after_activate_cb (application, user_data);
}

/**
 * hp_test_hooks_install:
 * @application: the application, before it runs
 *
 * Reads the environment variables of the file's comment and, when any is
 * set, watches @application for the first window it shows.
 */
void
hp_test_hooks_install (HpApplication *application)
{
  const char *folder = g_getenv ("HOTPATH_SCREENSHOT_DIR");
  const char *size = g_getenv ("HOTPATH_SCREENSHOT_SIZE");
  Hooks      *hooks;

  g_return_if_fail (HP_IS_APPLICATION (application));

  hooks = g_new0 (Hooks, 1);
  hooks->probe = g_getenv ("HOTPATH_STARTUP_PROBE") != NULL;
  if (folder != NULL && *folder != '\0')
    hooks->screenshot_dir = g_strdup (folder);
  if (size == NULL || sscanf (size, "%dx%d", &hooks->width, &hooks->height) != 2 || hooks->width < 320 ||
      hooks->height < 240)
    {
      hooks->width = SCREENSHOT_WIDTH;
      hooks->height = SCREENSHOT_HEIGHT;
    }
  if (!hooks->probe && hooks->screenshot_dir == NULL)
    {
      hooks_free (hooks);
      return;
    }
  g_object_set_data_full (G_OBJECT (application), "hp-test-hooks", hooks, hooks_free);
  g_signal_connect_after (application, "activate", G_CALLBACK (after_activate_cb), hooks);
  g_signal_connect_after (application, "open", G_CALLBACK (after_open_cb), hooks);
}
