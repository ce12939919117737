/* hp-dialogs.c — file choosers, error messages and the user guide, on GTK 4.8 and newer.
 *
 * GTK 4.8 (Debian 12) has GtkFileChooserNative, GtkMessageDialog and
 * gtk_show_uri_full (); GTK 4.10 replaced them with GtkFileDialog,
 * GtkAlertDialog and GtkUriLauncher. The app pins
 * GDK_VERSION_MAX_ALLOWED to 4.8, so the newer branch silences the
 * "not available before" warnings it would otherwise raise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-dialogs.h"

typedef struct
{
  GWeakRef         owner;
  HpFileChosenFunc callback;
  gpointer         user_data;
} Chooser;

static Chooser *
chooser_new (GObject         *owner,
             HpFileChosenFunc callback,
             gpointer         user_data)
{
  Chooser *chooser = g_new0 (Chooser, 1);

  g_weak_ref_init (&chooser->owner, owner);
  chooser->callback = callback;
  chooser->user_data = user_data;
  return chooser;
}

static void
chooser_finish (Chooser *chooser,
                GFile   *file)
{
  g_autoptr (GObject) owner = g_weak_ref_get (&chooser->owner);

  if (owner != NULL && file != NULL)
    chooser->callback (owner, file, chooser->user_data);
  g_weak_ref_clear (&chooser->owner);
  g_free (chooser);
}

/* hp_show_help (parent, page) opens the installed user guide (help/C,
 * installed by gnome.yelp) in the desktop's help viewer: help:hotpath is its
 * index, help:hotpath/PAGE one page. A failure (no help viewer) is an error
 * message that says where else the pages are. */
static char *
help_uri (const char *page)
{
  if (page == NULL || *page == '\0')
    return g_strdup ("help:hotpath");
  return g_strconcat ("help:hotpath/", page, NULL);
}

static void
help_failed (GtkWindow    *parent,
             const GError *error)
{
  g_autofree char *body = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  body = g_strdup_printf (_ ("%s\n\nThe guide needs a help viewer such as Yelp. "
                             "Its pages are also in the help/C folder of Hotpath's sources."),
                          error->message);
  hp_show_error (parent, _ ("Could not open the user guide"), body);
}

#if GTK_CHECK_VERSION(4, 10, 0)

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

static void
folder_ready_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr (GFile) file = gtk_file_dialog_select_folder_finish (GTK_FILE_DIALOG (source), result, NULL);

  chooser_finish (user_data, file);
}

static void
save_ready_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (GFile) file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, NULL);

  chooser_finish (user_data, file);
}

void
hp_choose_folder (GtkWindow       *parent,
                  const char      *title,
                  GObject         *owner,
                  HpFileChosenFunc callback,
                  gpointer         user_data)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();

  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_modal (dialog, TRUE);
  gtk_file_dialog_select_folder (dialog, parent, NULL, folder_ready_cb,
                                 chooser_new (owner, callback, user_data));
}

void
hp_choose_save_file (GtkWindow       *parent,
                     const char      *title,
                     const char      *initial_name,
                     GObject         *owner,
                     HpFileChosenFunc callback,
                     gpointer         user_data)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();

  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_modal (dialog, TRUE);
  gtk_file_dialog_set_initial_name (dialog, initial_name);
  gtk_file_dialog_save (dialog, parent, NULL, save_ready_cb, chooser_new (owner, callback, user_data));
}

void
hp_show_error (GtkWindow  *parent,
               const char *heading,
               const char *body)
{
  g_autoptr (GtkAlertDialog) dialog = gtk_alert_dialog_new ("%s", heading);

  gtk_alert_dialog_set_detail (dialog, body);
  gtk_alert_dialog_show (dialog, parent);
}

static void
help_ready_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (GtkWindow) parent = user_data;
  g_autoptr (GError) error = NULL;

  if (!gtk_uri_launcher_launch_finish (GTK_URI_LAUNCHER (source), result, &error))
    help_failed (parent, error);
}

void
hp_show_help (GtkWindow  *parent,
              const char *page)
{
  g_autofree char *uri = help_uri (page);
  g_autoptr (GtkUriLauncher) launcher = gtk_uri_launcher_new (uri);

  gtk_uri_launcher_launch (launcher, parent, NULL, help_ready_cb, parent != NULL ? g_object_ref (parent) : NULL);
}

G_GNUC_END_IGNORE_DEPRECATIONS

#else /* GTK 4.8 */

static void
native_response_cb (GtkNativeDialog *native,
                    int              response,
                    gpointer         user_data)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  chooser_finish (user_data, file);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

static void
show_native (GtkFileChooserNative *native,
             GObject              *owner,
             HpFileChosenFunc      callback,
             gpointer              user_data)
{
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect (native, "response", G_CALLBACK (native_response_cb),
                    chooser_new (owner, callback, user_data));
  /* the reference is dropped in native_response_cb */
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
hp_choose_folder (GtkWindow       *parent,
                  const char      *title,
                  GObject         *owner,
                  HpFileChosenFunc callback,
                  gpointer         user_data)
{
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                        _ ("_Open"), _ ("_Cancel"));
  show_native (native, owner, callback, user_data);
}

void
hp_choose_save_file (GtkWindow       *parent,
                     const char      *title,
                     const char      *initial_name,
                     GObject         *owner,
                     HpFileChosenFunc callback,
                     gpointer         user_data)
{
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"),
                                        _ ("_Cancel"));
  if (initial_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), initial_name);
  show_native (native, owner, callback, user_data);
}

void
hp_show_error (GtkWindow  *parent,
               const char *heading,
               const char *body)
{
  GtkWidget *dialog;

  dialog = gtk_message_dialog_new (parent, GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE, "%s", heading);
  if (body != NULL)
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", body);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
help_ready_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (GtkWindow) parent = user_data;
  g_autoptr (GError) error = NULL;

  if (!gtk_show_uri_full_finish (parent, result, &error))
    help_failed (parent, error);
}

void
hp_show_help (GtkWindow  *parent,
              const char *page)
{
  g_autofree char *uri = help_uri (page);

  gtk_show_uri_full (parent, uri, GDK_CURRENT_TIME, NULL, help_ready_cb,
                     parent != NULL ? g_object_ref (parent) : NULL);
}

#endif

/**
 * hp_show_saved:
 * @widget: the widget that exported
 * @path: the file written
 *
 * Tells the window @widget is in that @path was written: a toast with the
 * file's name and a button that opens its folder (win.show-saved). Nothing
 * happens outside a Hotpath window.
 */
void
hp_show_saved (GtkWidget  *widget,
               const char *path)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (path != NULL);

  gtk_widget_activate_action (widget, "win.show-saved", "s", path);
}

/**
 * hp_saved_toast_show:
 * @overlay: the window's toast overlay
 * @path: the file written
 * @last_saved: (inout) (transfer full): the window's text of the last
 *   such toast, replaced by this one's ("Saved name.svg")
 *
 * The toast after every export (win.show-saved of a window), with a
 * button that opens the folder the file went to (win.open-folder-of, see
 * hp_open_folder_of_action()).
 */
void
hp_saved_toast_show (AdwToastOverlay *overlay,
                     const char      *path,
                     char           **last_saved)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *folder = g_path_get_dirname (path);
  AdwToast        *toast;

  g_return_if_fail (ADW_IS_TOAST_OVERLAY (overlay));
  g_return_if_fail (path != NULL);
  g_return_if_fail (last_saved != NULL);

  g_free (*last_saved);
  /* Translators: a toast after an export; %s is the file name */
  *last_saved = g_strdup_printf (_ ("Saved %s"), name);
  toast = adw_toast_new (*last_saved);
  adw_toast_set_button_label (toast, _ ("Open Folder"));
  adw_toast_set_action_name (toast, "win.open-folder-of");
  adw_toast_set_action_target_value (toast, g_variant_new_string (folder));
  adw_toast_set_timeout (toast, 5);
  adw_toast_overlay_add_toast (overlay, toast);
}

/**
 * hp_open_folder_of_action:
 *
 * win.open-folder-of(folder) of a window, the button of the toast after
 * an export: shows the folder in the file manager.
 */
void
hp_open_folder_of_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  hp_open_folder_of (GTK_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/**
 * hp_open_folder_of:
 * @window: the window asking
 * @folder: a folder to show in the file manager
 */
void
hp_open_folder_of (GtkWindow  *window,
                   const char *folder)
{
  g_autoptr (GFile) file = g_file_new_for_path (folder);
  g_autofree char *uri = g_file_get_uri (file);

  gtk_show_uri (window, uri, GDK_CURRENT_TIME);
}
