/* startup-reference.c — the smallest GTK 4 application that opens a window,
 * for startup-bench.sh to time next to Hotpath.
 *
 * It starts the way `hotpath` does (a GtkApplication that takes files to
 * open), presents a 1280×800 window holding one label, prints the
 * CLOCK_MONOTONIC time of its first painted frame in the same line format
 * as HOTPATH_STARTUP_PROBE, and quits. What GTK itself needs to show a
 * window on this machine (linking, display and GL set-up, theme, fonts) is
 * then measured alongside, and the script reports Hotpath's time above it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <gtk/gtk.h>

static void
after_paint_cb (GdkFrameClock *clock,
                gpointer       user_data)
{
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, user_data);
  g_print ("first-frame-monotonic-us %" G_GINT64_FORMAT " start\n", g_get_monotonic_time ());
  g_application_quit (G_APPLICATION (user_data));
}

static void
realize_cb (GtkWidget *window,
            gpointer   user_data)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (after_paint_cb), user_data);
}

static void
activate_cb (GtkApplication *app)
{
  GtkWidget *window = gtk_application_window_new (app);

  gtk_window_set_title (GTK_WINDOW (window), "Reference");
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_set_child (GTK_WINDOW (window), gtk_label_new ("Reference window"));
  g_signal_connect (window, "realize", G_CALLBACK (realize_cb), app);
  gtk_window_present (GTK_WINDOW (window));
}

static void
open_cb (GtkApplication *app,
         GFile         **files,
         int             n_files,
         const char     *hint)
{
  activate_cb (app);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GtkApplication) app =
      gtk_application_new ("io.github.hotpath.StartupReference", G_APPLICATION_HANDLES_OPEN);

  g_signal_connect (app, "activate", G_CALLBACK (activate_cb), NULL);
  g_signal_connect (app, "open", G_CALLBACK (open_cb), NULL);
  return g_application_run (G_APPLICATION (app), argc, argv);
}
