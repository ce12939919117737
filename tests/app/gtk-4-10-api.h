/* gtk-4-10-api.h — the part of the GTK 4.10 API that hp-dialogs.c uses.
 *
 * Debian 12 ships GTK 4.8, so the GtkFileDialog / GtkAlertDialog branch of
 * src/app/hp-dialogs.c (the one Flatpak builds against the GNOME runtime)
 * would never be compiled here. This header is force-included before that
 * file in a compile-only check: it raises GTK's minor version to 10 and
 * declares the 4.10 functions with their documented signatures, so a typo
 * or a wrong argument in that branch fails the build.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#if !GTK_CHECK_VERSION(4, 10, 0)

#undef GTK_MINOR_VERSION
#define GTK_MINOR_VERSION 10

G_BEGIN_DECLS

G_DECLARE_FINAL_TYPE (GtkFileDialog, gtk_file_dialog, GTK, FILE_DIALOG, GObject)

GtkFileDialog *gtk_file_dialog_new (void);
void           gtk_file_dialog_set_title (GtkFileDialog *self,
                                          const char    *title);
void           gtk_file_dialog_set_modal (GtkFileDialog *self,
                                          gboolean       modal);
void           gtk_file_dialog_set_initial_name (GtkFileDialog *self,
                                                 const char    *name);
void           gtk_file_dialog_select_folder (GtkFileDialog      *self,
                                              GtkWindow          *parent,
                                              GCancellable       *cancellable,
                                              GAsyncReadyCallback callback,
                                              gpointer            user_data);
GFile         *gtk_file_dialog_select_folder_finish (GtkFileDialog *self,
                                                     GAsyncResult  *result,
                                                     GError       **error);
void           gtk_file_dialog_save (GtkFileDialog      *self,
                                     GtkWindow          *parent,
                                     GCancellable       *cancellable,
                                     GAsyncReadyCallback callback,
                                     gpointer            user_data);
GFile         *gtk_file_dialog_save_finish (GtkFileDialog *self,
                                            GAsyncResult  *result,
                                            GError       **error);

G_DECLARE_FINAL_TYPE (GtkAlertDialog, gtk_alert_dialog, GTK, ALERT_DIALOG, GObject)

GtkAlertDialog *gtk_alert_dialog_new (const char *format,
                                      ...) G_GNUC_PRINTF (1, 2);
void            gtk_alert_dialog_set_detail (GtkAlertDialog *self,
                                             const char     *detail);
void            gtk_alert_dialog_show (GtkAlertDialog *self,
                                       GtkWindow      *parent);

G_DECLARE_FINAL_TYPE (GtkUriLauncher, gtk_uri_launcher, GTK, URI_LAUNCHER, GObject)

GtkUriLauncher *gtk_uri_launcher_new (const char *uri);
void            gtk_uri_launcher_launch (GtkUriLauncher     *self,
                                         GtkWindow          *parent,
                                         GCancellable       *cancellable,
                                         GAsyncReadyCallback callback,
                                         gpointer            user_data);
gboolean        gtk_uri_launcher_launch_finish (GtkUriLauncher *self,
                                                GAsyncResult   *result,
                                                GError        **error);

G_END_DECLS

#endif
