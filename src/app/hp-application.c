/* hp-application.c — the Hotpath application: windows, app actions and opening files.
 *
 * One window per opened folder: opening a folder that a window already
 * shows (compared by canonical path) raises that window instead. Trace
 * files given together open together in one window.
 *
 * `hotpath --compare A B C` opens a comparison of the runs, also when
 * Hotpath already runs: the --compare of the remote instance travels with
 * its Open call in the platform data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "hp-application.h"
#include "hp-preferences-window.h"
#include "hp-compare-dialog.h"
#include "hp-compare-window.h"
#include "hp-dialogs.h"
#include "hp-settings.h"

/* what a remote instance's --compare says, in its platform data */
#define PLATFORM_DATA_COMPARE "hotpath-compare"

struct _HpApplication
{
  GtkApplication parent_instance;

  gboolean compare; /* --compare: the files given are runs to compare */
};

G_DEFINE_FINAL_TYPE (HpApplication, hp_application, ADW_TYPE_APPLICATION)

static HpWindow *
new_window (HpApplication *self)
{
  return hp_window_new (GTK_APPLICATION (self));
}

static HpWindow *
active_empty_window (HpApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (HP_IS_WINDOW (window) && hp_window_is_empty (HP_WINDOW (window)))
    return HP_WINDOW (window);
  return NULL;
}

static void
open_group (HpApplication     *self,
            const char *const *paths,
            HpWindow         **hint)
{
  g_autofree char *key = hp_paths_key (paths);
  HpWindow        *window = hp_application_find_window (self, key);

  if (window == NULL)
    {
      if (*hint != NULL && hp_window_is_empty (*hint))
        window = *hint;
      else
        window = new_window (self);
      hp_window_open (window, paths);
    }
  /* an empty window takes only the first group */
  *hint = NULL;
  gtk_window_present (GTK_WINDOW (window));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  HpApplication *self = user_data;
  GList         *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* close rather than quit, so each window keeps its size in the settings */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free (windows);
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (new_window (HP_APPLICATION (user_data))));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_window_present (hp_about_window_new (parent));
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  g_autoptr (GSettings) settings = hp_settings_new ();

  if (settings == NULL)
    return;
  gtk_window_present (hp_preferences_window_new (parent, settings));
}

/* app.compare-folders(as): a comparison of these folders, as dropped on a
 * window */
static void
compare_folders_action (GSimpleAction *action,
                        GVariant      *parameter,
                        gpointer       user_data)
{
  g_autofree const char **paths = g_variant_get_strv (parameter, NULL);

  gtk_window_present (GTK_WINDOW (hp_compare_window_new (GTK_APPLICATION (user_data), paths, NULL)));
}

/* app.compare-runs: choose 2 to 8 folders, then label them */
static void
compare_runs_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  GtkWindow       *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  HpCompareDialog *dialog = hp_compare_dialog_new (GTK_APPLICATION (user_data), parent, NULL);

  gtk_window_present (GTK_WINDOW (dialog));
  hp_compare_dialog_choose_runs (dialog);
}

static void
shortcuts_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  GtkWindow          *window = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  GtkShortcutsWindow *overlay = NULL;

  /* GtkApplication gives every window the overlay of gtk/help-overlay.ui */
  if (GTK_IS_APPLICATION_WINDOW (window))
    overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  if (overlay != NULL)
    gtk_window_present (GTK_WINDOW (overlay));
}

/* F1 and Help in the main menu: the user guide of help/C, through the
 * desktop's help viewer */
static void
help_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  hp_show_help (gtk_application_get_active_window (GTK_APPLICATION (user_data)), NULL);
}

/* clang-format off */
static const GActionEntry app_actions[] = {
  { "quit", quit_action, NULL, NULL, NULL },
  { "new-window", new_window_action, NULL, NULL, NULL },
  { "compare-runs", compare_runs_action, NULL, NULL, NULL },
  { "compare-folders", compare_folders_action, "as", NULL, NULL },
  { "about", about_action, NULL, NULL, NULL },
  { "preferences", preferences_action, NULL, NULL, NULL },
  { "shortcuts", shortcuts_action, NULL, NULL, NULL },
  { "help", help_action, NULL, NULL, NULL },
};
/* clang-format on */

static void
hp_application_startup (GApplication *application)
{
  HpApplication *self = HP_APPLICATION (application);
  const char    *quit_accels[] = { "<Control>q", NULL };
  const char    *new_window_accels[] = { "<Control>n", NULL };
  const char    *shortcuts_accels[] = { "<Control>question", NULL };
  const char    *preferences_accels[] = { "<Control>comma", NULL };
  const char    *help_accels[] = { "F1", NULL };
  const char    *no_accels[] = { NULL };

  G_APPLICATION_CLASS (hp_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions, G_N_ELEMENTS (app_actions), self);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.new-window", new_window_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.shortcuts", shortcuts_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.preferences", preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.help", help_accels);
  /* app.shortcuts takes over Ctrl+? from GtkApplication's own action */
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.show-help-overlay", no_accels);

  /* AdwApplication loads style.css from the resource base path, and follows
   * the system's light or dark style (AdwStyleManager's default scheme) */
  gtk_window_set_default_icon_name (APPLICATION_ID);
}

static void
hp_application_activate (GApplication *application)
{
  HpApplication *self = HP_APPLICATION (application);
  GtkWindow     *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  /* --compare with no runs: the comparison window says what it takes */
  if (self->compare)
    {
      const char *const none[] = { NULL };

      self->compare = FALSE;
      gtk_window_present (GTK_WINDOW (hp_compare_window_new (GTK_APPLICATION (self), none, NULL)));
      return;
    }
  if (window == NULL)
    window = GTK_WINDOW (new_window (HP_APPLICATION (application)));
  gtk_window_present (window);
}

/* The window whose id @hint holds, when hp_window_open_files() sent the
 * files; NULL for files from the command line or the desktop. */
static HpWindow *
window_from_hint (HpApplication *self,
                  const char    *hint)
{
  guint64    id;
  GtkWindow *window;

  if (hint == NULL || !g_ascii_string_to_unsigned (hint, 10, 1, G_MAXUINT, &id, NULL))
    return NULL;
  window = gtk_application_get_window_by_id (GTK_APPLICATION (self), (guint)id);
  return HP_IS_WINDOW (window) ? HP_WINDOW (window) : NULL;
}

static void
hp_application_open (GApplication *application,
                     GFile       **files,
                     int           n_files,
                     const char   *hint)
{
  HpApplication *self = HP_APPLICATION (application);
  HpWindow      *from = window_from_hint (self, hint);

  if (self->compare)
    {
      g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

      self->compare = FALSE;
      for (int i = 0; i < n_files; i++)
        g_ptr_array_add (paths, g_file_get_path (files[i]));
      g_ptr_array_add (paths, NULL);
      gtk_window_present (
          GTK_WINDOW (hp_compare_window_new (GTK_APPLICATION (self), (const char *const *)paths->pdata, NULL)));
      return;
    }
  hp_application_open_files (self, files, (guint)n_files, from != NULL ? from : active_empty_window (self));
}

/* --version: handled here, in the launching process, with no window */
static int
hp_application_handle_local_options (GApplication *application,
                                     GVariantDict *options)
{
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("hotpath %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (g_variant_dict_contains (options, "compare"))
    HP_APPLICATION (application)->compare = TRUE;
  return -1;
}

/* `hotpath --compare A B` while Hotpath runs: this process is the remote
 * instance, which sends A and B to the primary one as an Open call, whose
 * platform data carries what --compare said */
static void
hp_application_add_platform_data (GApplication    *application,
                                  GVariantBuilder *builder)
{
  G_APPLICATION_CLASS (hp_application_parent_class)->add_platform_data (application, builder);
  if (HP_APPLICATION (application)->compare)
    g_variant_builder_add (builder, "{sv}", PLATFORM_DATA_COMPARE, g_variant_new_boolean (TRUE));
}

/* in the primary instance, before it opens what a remote one sent */
static void
hp_application_before_emit (GApplication *application,
                            GVariant     *platform_data)
{
  gboolean compare = FALSE;

  G_APPLICATION_CLASS (hp_application_parent_class)->before_emit (application, platform_data);
  if (g_variant_lookup (platform_data, PLATFORM_DATA_COMPARE, "b", &compare))
    HP_APPLICATION (application)->compare = compare;
}

static void
hp_application_class_init (HpApplicationClass *klass)
{
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  application_class->startup = hp_application_startup;
  application_class->activate = hp_application_activate;
  application_class->open = hp_application_open;
  application_class->handle_local_options = hp_application_handle_local_options;
  application_class->add_platform_data = hp_application_add_platform_data;
  application_class->before_emit = hp_application_before_emit;
}

static void
hp_application_init (HpApplication *self)
{
  static const GOptionEntry entries[] = {
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_ ("Show the version and exit"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  /* Translators: what the command line takes, after "hotpath [OPTION…]" */
  g_application_set_option_context_parameter_string (G_APPLICATION (self), _ ("DIR|FILE…"));
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _ ("Opens folders of PyTorch profiler (Kineto) traces, one "
                                               "file per rank, or single trace files (*.json, *.json.gz), "
                                               "one window per folder."));
  g_application_add_main_option (G_APPLICATION (self), "compare", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE,
                                 _ ("Compare the runs given, 2 to 8 folders or files"), NULL);
}

HpApplication *
hp_application_new (void)
{
  return g_object_new (HP_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/hotpath/Hotpath",
                       NULL);
}

/**
 * hp_application_find_window:
 * @key: what a window shows, from hp_paths_key()
 *
 * Returns: (transfer none) (nullable): the window showing or loading @key
 */
HpWindow *
hp_application_find_window (HpApplication *self,
                            const char    *key)
{
  g_return_val_if_fail (HP_IS_APPLICATION (self), NULL);

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (HP_IS_WINDOW (l->data) && g_strcmp0 (hp_window_get_key (l->data), key) == 0)
      return l->data;
  return NULL;
}

/**
 * hp_application_open_files:
 * @files: (array length=n_files): folders or trace files
 * @hint: (nullable): a window to use if it is empty
 *
 * Each folder opens in its own window, the trace files together in one;
 * a window already showing the same thing is raised instead.
 */
void
hp_application_open_files (HpApplication *self,
                           GFile        **files,
                           guint          n_files,
                           HpWindow      *hint)
{
  g_autoptr (GPtrArray) loose = g_ptr_array_new_with_free_func (g_free);

  g_return_if_fail (HP_IS_APPLICATION (self));

  for (guint i = 0; i < n_files; i++)
    {
      g_autofree char *path = g_file_get_path (files[i]);

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (files[i]);

          g_warning ("%s: only local files can be opened", uri);
          continue;
        }
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          const char *folder[] = { path, NULL };

          open_group (self, folder, &hint);
        }
      else
        g_ptr_array_add (loose, g_steal_pointer (&path));
    }

  if (loose->len > 0)
    {
      g_ptr_array_add (loose, NULL);
      open_group (self, (const char *const *)loose->pdata, &hint);
    }
}
