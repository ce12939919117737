/* hp-dialogs.h — file choosers, error messages and the user guide, on GTK 4.8 and newer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <gtk/gtk.h>

G_BEGIN_DECLS

/**
 * HpFileChosenFunc:
 * @owner: the object that asked, still alive
 * @file: the chosen file or folder
 *
 * Called only when the user chose something and @owner still exists.
 */
typedef void (*HpFileChosenFunc) (GObject *owner,
                                  GFile   *file,
                                  gpointer user_data);

void hp_choose_folder (GtkWindow       *parent,
                       const char      *title,
                       GObject         *owner,
                       HpFileChosenFunc callback,
                       gpointer         user_data);
void hp_choose_save_file (GtkWindow       *parent,
                          const char      *title,
                          const char      *initial_name,
                          GObject         *owner,
                          HpFileChosenFunc callback,
                          gpointer         user_data);
void hp_saved_toast_show (AdwToastOverlay *overlay,
                          const char      *path,
                          char           **last_saved);
void hp_open_folder_of_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter);
void hp_open_folder_of (GtkWindow  *window,
                        const char *folder);
void hp_show_saved (GtkWidget  *widget,
                    const char *path);
void hp_show_error (GtkWindow  *parent,
                    const char *heading,
                    const char *body);
void hp_show_help (GtkWindow  *parent,
                   const char *page);

G_END_DECLS
