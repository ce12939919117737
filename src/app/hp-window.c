/* hp-window.c — a main window: the start page, loading, or one opened trace.
 *
 * The window's stack shows one of four pages: "start" (nothing opened),
 * "loading" (a progress bar bound to the HpTraceLoader, and Cancel),
 * "error" (the folder could not be opened at all) and "trace" (the
 * HpTracePage of the loaded trace). Actions live in hp-window-actions.c,
 * loading and its outcome in hp-window-load.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-application.h"
#include "hp-format.h"
#include "hp-loaded-runs.h"
#include "hp-settings.h"
#include "hp-window-private.h"

enum
{
  PROP_0,
  PROP_HTA_COMPAT,
  PROP_INCLUDE_LAST_STEP,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (HpWindow, hp_window, GTK_TYPE_APPLICATION_WINDOW)

static GParamSpec *properties[N_PROPS];

char *
hp_window_describe_paths (const char *const *paths,
                          char             **folder)
{
  guint n = g_strv_length ((char **)paths);

  if (n == 1)
    {
      *folder = g_path_get_dirname (paths[0]);
      return g_path_get_basename (paths[0]);
    }
  *folder = g_path_get_dirname (paths[0]);
  return g_strdup_printf (ngettext ("%u trace file", "%u trace files", n), n);
}

void
hp_window_update_title (HpWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *subtitle = NULL;

  if (self->paths == NULL || (self->page == NULL && self->loader == NULL))
    {
      gtk_label_set_text (self->title_label, _ ("Hotpath"));
      gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), FALSE);
      gtk_window_set_title (GTK_WINDOW (self), _ ("Hotpath"));
      return;
    }

  name = hp_window_describe_paths ((const char *const *)self->paths, &folder);
  if (g_strv_length (self->paths) == 1)
    subtitle = hp_format_display_path (self->paths[0]);
  else
    subtitle = hp_format_display_path (folder);
  gtk_label_set_text (self->title_label, name);
  gtk_label_set_text (self->subtitle_label, subtitle);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), TRUE);
  gtk_window_set_title (GTK_WINDOW (self), name);
}

/* Rank selector */

void
hp_window_sync_rank (HpWindow *self)
{
  HpSession *session = hp_window_get_session (self);
  HpTrace   *trace;
  int        rank;
  guint      position = 0;

  if (session == NULL)
    return;
  trace = hp_session_get_trace (session);
  rank = hp_session_get_selected_rank (session);
  for (guint i = 0; rank >= 0 && i < hp_trace_get_n_ranks (trace); i++)
    if (hp_trace_get_rank (trace, i)->rank == rank)
      position = i + 1;

  self->syncing_rank = TRUE;
  gtk_drop_down_set_selected (self->rank_dropdown, position);
  self->syncing_rank = FALSE;
}

static void
rank_selected_cb (HpWindow *self)
{
  HpSession *session = hp_window_get_session (self);
  guint      position = gtk_drop_down_get_selected (self->rank_dropdown);
  HpTrace   *trace;

  if (session == NULL || self->syncing_rank || position == GTK_INVALID_LIST_POSITION)
    return;
  trace = hp_session_get_trace (session);
  if (position == 0 || position > hp_trace_get_n_ranks (trace))
    hp_session_set_selected_rank (session, -1);
  else
    hp_session_set_selected_rank (session, hp_trace_get_rank (trace, position - 1)->rank);
}

void
hp_window_rebuild_ranks (HpWindow *self)
{
  HpSession *session = hp_window_get_session (self);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->rank_names));

  g_ptr_array_add (names, g_strdup (_ ("All ranks")));
  if (session != NULL)
    {
      HpTrace *trace = hp_session_get_trace (session);

      for (guint i = 0; i < hp_trace_get_n_ranks (trace); i++)
        g_ptr_array_add (names, g_strdup_printf (_ ("Rank %d"), hp_trace_get_rank (trace, i)->rank));
    }
  g_ptr_array_add (names, NULL);

  self->syncing_rank = TRUE;
  gtk_string_list_splice (self->rank_names, 0, n_old, (const char *const *)names->pdata);
  self->syncing_rank = FALSE;
  hp_window_sync_rank (self);
}

/* Recent folders */

/* the last part of @file's name, to show: valid UTF-8 whatever the bytes */
static char *
recent_display_name (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *base = NULL;

  if (path != NULL)
    return g_filename_display_basename (path);
  base = g_file_get_basename (file);
  return base != NULL ? g_utf8_make_valid (base, -1) : g_strdup ("");
}

static GtkWidget *
recent_row (const char *uri)
{
  g_autoptr (GFile) file = g_file_new_for_uri (uri);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = recent_display_name (file);
  g_autofree char *parent = NULL;
  GtkWidget       *row = gtk_list_box_row_new ();
  GtkWidget       *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget       *title = gtk_label_new (name);
  GtkWidget       *subtitle;

  parent = path != NULL ? hp_format_display_path (path) : g_utf8_make_valid (uri, -1);
  subtitle = gtk_label_new (parent);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (title), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_label_set_ellipsize (GTK_LABEL (subtitle), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_widget_add_css_class (subtitle, "caption");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, parent);
  g_object_set_data_full (G_OBJECT (row), "uri", g_strdup (uri), g_free);
  return row;
}

static void
rebuild_recent (HpWindow *self)
{
  g_auto (GStrv) uris = NULL;
  GtkWidget *child;
  guint      n = 0;

  g_menu_remove_all (self->recent_menu);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))) != NULL)
    gtk_list_box_remove (self->recent_list, child);

  if (self->settings != NULL)
    uris = g_settings_get_strv (self->settings, "recent-folders");
  /* the settings are input too: what is not a URI is skipped, names
   * that are not UTF-8 are shown as well as they can be */
  for (guint i = 0; uris != NULL && uris[i] != NULL && n < HP_RECENT_MAX; i++)
    {
      g_autoptr (GFile) file = NULL;
      g_autofree char *name = NULL;
      g_autoptr (GMenuItem) item = NULL;

      if (!g_uri_is_valid (uris[i], G_URI_FLAGS_NONE, NULL))
        continue;
      file = g_file_new_for_uri (uris[i]);
      name = recent_display_name (file);
      item = g_menu_item_new (name, NULL);

      g_menu_item_set_action_and_target (item, "win.open-recent", "s", uris[i]);
      g_menu_append_item (self->recent_menu, item);
      gtk_list_box_append (self->recent_list, recent_row (uris[i]));
      n++;
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->recent_button), n > 0);
  gtk_widget_set_visible (self->recent_group, n > 0);
}

static void
recent_row_activated_cb (HpWindow      *self,
                         GtkListBoxRow *row)
{
  const char *uri = g_object_get_data (G_OBJECT (row), "uri");
  g_autoptr (GFile) file = NULL;

  if (uri == NULL)
    return;
  file = g_file_new_for_uri (uri);
  hp_window_open_files (self, &file, 1);
}

static void
comm_patterns_changed (HpWindow *self)
{
  if (self->paths != NULL && !self->hta_compat)
    hp_window_reload (self);
}

/* Drag and drop */

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         HpWindow      *self)
{
  GSList *list = gdk_file_list_get_files (g_value_get_boxed (value));
  g_autoptr (GPtrArray) files = g_ptr_array_new ();

  for (GSList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (files, l->data);
  /* several folders at once are runs to compare */
  if (hp_compare_files_are_runs ((GFile **)files->pdata, files->len))
    {
      /* the application opens the comparison */
      g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

      for (guint i = 0; i < files->len; i++)
        g_ptr_array_add (paths, g_file_get_path (files->pdata[i]));
      g_ptr_array_add (paths, NULL);
      g_action_group_activate_action (G_ACTION_GROUP (gtk_window_get_application (GTK_WINDOW (self))),
                                      "compare-folders",
                                      g_variant_new_strv ((const char *const *)paths->pdata, -1));
    }
  else if (files->len > 0)
    hp_window_open_files (self, (GFile **)files->pdata, files->len);
  g_slist_free (list);
  return files->len > 0;
}

/* GtkWindow */

static gboolean
hp_window_close_request (GtkWindow *window)
{
  HpWindow *self = HP_WINDOW (window);

  if (self->settings != NULL)
    {
      gboolean maximized = gtk_window_is_maximized (window);
      int      width, height;

      g_settings_set_boolean (self->settings, "window-maximized", maximized);
      if (!maximized)
        {
          gtk_window_get_default_size (window, &width, &height);
          if (width > 0 && height > 0)
            {
              g_settings_set_int (self->settings, "window-width", CLAMP (width, 200, 16384));
              g_settings_set_int (self->settings, "window-height", CLAMP (height, 200, 16384));
            }
        }
    }

  return GTK_WINDOW_CLASS (hp_window_parent_class)->close_request (window);
}

static void
hp_window_dispose (GObject *object)
{
  HpWindow *self = HP_WINDOW (object);

  hp_window_clear_loader (self);
  self->page = NULL;
  /* the stack is the window's child: let GtkWindow forget it first, or its
   * own dispose unparents it a second time */
  if (self->stack != NULL)
    {
      gtk_window_set_child (GTK_WINDOW (self), NULL);
      gtk_widget_dispose_template (GTK_WIDGET (self), HP_TYPE_WINDOW);
    }
  g_clear_object (&self->settings);
  g_clear_object (&self->recent_menu);
  g_clear_object (&self->rank_names);

  G_OBJECT_CLASS (hp_window_parent_class)->dispose (object);
}

static void
hp_window_finalize (GObject *object)
{
  HpWindow *self = HP_WINDOW (object);

  g_clear_pointer (&self->paths, g_strfreev);
  g_clear_pointer (&self->shown_paths, g_strfreev);
  g_clear_pointer (&self->key, g_free);
  g_clear_pointer (&self->return_page, g_free);
  g_clear_pointer (&self->last_saved, g_free);
  g_clear_pointer (&self->last_notice, g_free);

  G_OBJECT_CLASS (hp_window_parent_class)->finalize (object);
}

static void
set_load_option (HpWindow   *self,
                 gboolean   *field,
                 gboolean    value,
                 const char *key,
                 GParamSpec *pspec)
{
  value = !!value;
  if (*field == value)
    return;
  *field = value;
  if (self->settings != NULL)
    g_settings_set_boolean (self->settings, key, value);
  /* the rules apply while loading: load again */
  if (self->paths != NULL && (self->page != NULL || self->loader != NULL))
    hp_window_reload (self);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

static void
hp_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  HpWindow *self = HP_WINDOW (object);

  switch (prop_id)
    {
    case PROP_HTA_COMPAT:
      g_value_set_boolean (value, self->hta_compat);
      break;
    case PROP_INCLUDE_LAST_STEP:
      g_value_set_boolean (value, self->include_last_step);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  HpWindow *self = HP_WINDOW (object);

  switch (prop_id)
    {
    case PROP_HTA_COMPAT:
      set_load_option (self, &self->hta_compat, g_value_get_boolean (value), "hta-compat", pspec);
      break;
    case PROP_INCLUDE_LAST_STEP:
      set_load_option (self, &self->include_last_step, g_value_get_boolean (value), "include-last-step",
                       pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_window_class_init (HpWindowClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  /* the window's libadwaita widgets and style, with or without an
   * AdwApplication (the tests make windows without one) */
  adw_init ();

  object_class->dispose = hp_window_dispose;
  object_class->finalize = hp_window_finalize;
  object_class->get_property = hp_window_get_property;
  object_class->set_property = hp_window_set_property;

  window_class->close_request = hp_window_close_request;

  /**
   * HpWindow:hta-compat:
   *
   * Load with HTA's exact rules (win.hta-compat); kept in the settings.
   */
  properties[PROP_HTA_COMPAT] =
      g_param_spec_boolean ("hta-compat", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpWindow:include-last-step:
   *
   * Keep the last, often incomplete, profiler step (win.include-last-step).
   */
  properties[PROP_INCLUDE_LAST_STEP] =
      g_param_spec_boolean ("include-last-step", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HpWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, recent_button);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, export_button);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, primary_button);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, rank_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, recent_group);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, loading_title);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, analyses_progress);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, error_status);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, error_button);
  gtk_widget_class_bind_template_child (widget_class, HpWindow, error_jobs);
  gtk_widget_class_bind_template_callback (widget_class, recent_row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, rank_selected_cb);

  hp_window_class_actions_init (widget_class);

  g_type_ensure (HP_TYPE_TRACE_PAGE);
}

static void
hp_window_init (HpWindow *self)
{
  g_autoptr (GtkBuilder) menus = NULL;
  GtkDropTarget *target;

  gtk_widget_init_template (GTK_WIDGET (self));
  hp_window_actions_init (self);

  self->settings = hp_settings_new ();
  if (self->settings != NULL)
    {
      /* the schema's range clamps what the settings hold; a schema of
       * before without it could still hand over anything */
      gtk_window_set_default_size (GTK_WINDOW (self), CLAMP (g_settings_get_int (self->settings, "window-width"), 200, 16384),
                                   CLAMP (g_settings_get_int (self->settings, "window-height"), 200, 16384));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      /* the loading rules follow the settings, so the preferences window
       * (or another window) changing them reloads this one too */
      g_settings_bind (self->settings, "hta-compat", self, "hta-compat", G_SETTINGS_BIND_GET);
      g_settings_bind (self->settings, "include-last-step", self, "include-last-step", G_SETTINGS_BIND_GET);
      g_signal_connect_object (self->settings, "changed::recent-folders", G_CALLBACK (rebuild_recent), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->settings, "changed::comm-patterns", G_CALLBACK (comm_patterns_changed), self,
                               G_CONNECT_SWAPPED);
    }
  else
    gtk_window_set_default_size (GTK_WINDOW (self), 1280, 800);

  /* the menus live where GtkApplication looks for them, gtk/menus.ui */
  menus = gtk_builder_new_from_resource ("/io/github/hotpath/Hotpath/gtk/menus.ui");
  gtk_menu_button_set_menu_model (self->primary_button,
                                  G_MENU_MODEL (gtk_builder_get_object (menus, "primary_menu")));
  gtk_menu_button_set_menu_model (self->export_button,
                                  G_MENU_MODEL (gtk_builder_get_object (menus, "export_menu")));

  self->recent_menu = g_menu_new ();
  gtk_menu_button_set_menu_model (self->recent_button, G_MENU_MODEL (self->recent_menu));
  rebuild_recent (self);

  self->rank_names = gtk_string_list_new (NULL);
  gtk_drop_down_set_model (self->rank_dropdown, G_LIST_MODEL (self->rank_names));
  hp_window_rebuild_ranks (self);

  target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));

  hp_window_update_title (self);
  hp_window_actions_update (self);
}

/**
 * hp_window_new:
 * @application: (nullable): the application
 *
 * Returns: (transfer none): a new window showing the start page
 */
HpWindow *
hp_window_new (GtkApplication *application)
{
  return g_object_new (HP_TYPE_WINDOW, "application", application, NULL);
}

/**
 * hp_window_open:
 * @paths: a folder, or trace files
 *
 * Loads @paths in this window, replacing what it shows once loaded.
 */
void
hp_window_open (HpWindow          *self,
                const char *const *paths)
{
  g_return_if_fail (HP_IS_WINDOW (self));
  g_return_if_fail (paths != NULL && paths[0] != NULL);

  hp_window_start_load (self, paths);
}

/**
 * hp_window_open_files:
 * @files: (array length=n_files): folders or trace files
 *
 * Opens @files the way a drop or the Open dialog does: in this window if
 * it is empty, in the window already showing them, or in a new window.
 * The application chooses: the files go to its `open` handler with this
 * window's id as the hint. Without an application that opens files (the
 * tests), they load here.
 */
void
hp_window_open_files (HpWindow *self,
                      GFile   **files,
                      guint     n_files)
{
  GtkApplication *application;
  g_autoptr (GPtrArray) paths = NULL;

  g_return_if_fail (HP_IS_WINDOW (self));

  application = gtk_window_get_application (GTK_WINDOW (self));
  if (application != NULL && (g_application_get_flags (G_APPLICATION (application)) & G_APPLICATION_HANDLES_OPEN))
    {
      g_autofree char *hint = g_strdup_printf ("%u", gtk_application_window_get_id (GTK_APPLICATION_WINDOW (self)));

      g_application_open (G_APPLICATION (application), files, (int)n_files, hint);
      return;
    }

  /* no application (the tests): load here */
  paths = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n_files; i++)
    {
      char *path = g_file_get_path (files[i]);

      if (path != NULL)
        g_ptr_array_add (paths, path);
    }
  g_ptr_array_add (paths, NULL);
  if (paths->len > 1)
    hp_window_start_load (self, (const char *const *)paths->pdata);
}

/**
 * hp_window_cancel_load:
 *
 * Stops loading and goes back, silently, to what the window showed before.
 */
void
hp_window_cancel_load (HpWindow *self)
{
  g_return_if_fail (HP_IS_WINDOW (self));

  if (self->loader == NULL)
    return;
  hp_window_clear_loader (self);

  if (self->page != NULL && g_strcmp0 (self->return_page, "trace") == 0)
    {
      /* back to the trace the window showed before the reload */
      g_strfreev (self->paths);
      self->paths = g_strdupv (self->shown_paths);
      g_free (self->key);
      self->key = hp_paths_key ((const char *const *)self->paths);
      gtk_stack_set_visible_child_name (self->stack, "trace");
    }
  else
    {
      g_clear_pointer (&self->paths, g_strfreev);
      g_clear_pointer (&self->key, g_free);
      gtk_stack_set_visible_child_name (self->stack, "start");
    }
  hp_window_update_title (self);
  hp_window_actions_update (self);
}

/**
 * hp_window_is_empty:
 *
 * Returns: whether the window shows no trace and loads none
 */
gboolean
hp_window_is_empty (HpWindow *self)
{
  g_return_val_if_fail (HP_IS_WINDOW (self), FALSE);
  return self->page == NULL && self->loader == NULL;
}

gboolean
hp_window_is_loading (HpWindow *self)
{
  g_return_val_if_fail (HP_IS_WINDOW (self), FALSE);
  return self->loader != NULL;
}

/**
 * hp_window_get_key:
 *
 * Returns: (nullable): what the window shows, as hp_paths_key() gives it
 */
const char *
hp_window_get_key (HpWindow *self)
{
  g_return_val_if_fail (HP_IS_WINDOW (self), NULL);
  return self->key;
}

/**
 * hp_window_get_visible_page:
 *
 * Returns: "start", "loading", "error" or "trace"
 */
const char *
hp_window_get_visible_page (HpWindow *self)
{
  g_return_val_if_fail (HP_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

/**
 * hp_window_get_trace_page:
 *
 * Returns: (transfer none) (nullable): the page of the loaded trace
 */
HpTracePage *
hp_window_get_trace_page (HpWindow *self)
{
  g_return_val_if_fail (HP_IS_WINDOW (self), NULL);
  return self->page;
}

/**
 * hp_window_get_session:
 *
 * Returns: (transfer none) (nullable): the session of the loaded trace
 */
HpSession *
hp_window_get_session (HpWindow *self)
{
  g_return_val_if_fail (HP_IS_WINDOW (self), NULL);
  return self->page != NULL ? hp_trace_page_get_session (self->page) : NULL;
}

/**
 * hp_window_get_last_notice:
 *
 * Returns: (nullable) (transfer none): the text of the last toast about
 *   the loading rules (a communication pattern file not used), or %NULL
 */
const char *
hp_window_get_last_notice (HpWindow *self)
{
  g_return_val_if_fail (HP_IS_WINDOW (self), NULL);
  return self->last_notice;
}

/**
 * hp_window_get_last_saved:
 *
 * Returns: (nullable) (transfer none): the text of the toast shown after the
 *   last export ("Saved temporal_breakdown.svg"), or %NULL
 */
const char *
hp_window_get_last_saved (HpWindow *self)
{
  g_return_val_if_fail (HP_IS_WINDOW (self), NULL);
  return self->last_saved;
}

/**
 * hp_window_get_error_text:
 *
 * Returns: (transfer none): the reason shown on the error page
 */
const char *
hp_window_get_error_text (HpWindow *self)
{
  g_return_val_if_fail (HP_IS_WINDOW (self), NULL);
  return adw_status_page_get_description (self->error_status);
}

void
hp_window_reload (HpWindow *self)
{
  g_auto (GStrv) paths = NULL;

  if (self->paths == NULL)
    return;
  paths = g_strdupv (self->paths);
  hp_window_start_load (self, (const char *const *)paths);
}

/**
 * hp_window_get_analyses_progress:
 *
 * Returns: (transfer none): the header's progress of the analyses the
 *   runner computes for the shown trace (shown while any runs)
 */
GtkProgressBar *
hp_window_get_analyses_progress (HpWindow *self)
{
  g_return_val_if_fail (HP_IS_WINDOW (self), NULL);
  return self->analyses_progress;
}
