/* hp-window-load.c — a window's loading: the loader started, and the trace
 * page or the error page it ends on.
 *
 * A load replaces the one before (its cancellable is cancelled); what it
 * gives becomes the "trace" page with a session of its own, or the "error"
 * page naming the folder and why it could not be opened.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-loaded-runs.h"
#include "hp-settings.h"
#include "hp-window-private.h"

typedef struct
{
  GWeakRef window;
} LoadData;

void
hp_window_clear_loader (HpWindow *self)
{
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->fraction_binding, g_binding_unbind);
  g_clear_pointer (&self->message_binding, g_binding_unbind);
  g_clear_object (&self->loader);
}

/* Loading */

static void
show_error (HpWindow     *self,
            const GError *error)
{
  g_autofree char *name = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *title = NULL;
  g_autofree char *escaped = NULL;

  name = hp_window_describe_paths ((const char *const *)self->paths, &folder);
  if (hp_load_error_get_n_jobs (error) > 1)
    /* Translators: %s is a folder name, %u the number of jobs its files come from (2 or more) */
    title = g_strdup_printf (_ ("“%s” Holds Files of %u Jobs"), name, hp_load_error_get_n_jobs (error));
  else
    /* Translators: %s is a folder or file name */
    title = g_strdup_printf (_ ("Could Not Open “%s”"), name);
  adw_status_page_set_title (self->error_status, title);
  /* the description is markup; a message may hold "<" or "&" */
  escaped = g_markup_escape_text (error->message, -1);
  adw_status_page_set_description (self->error_status, escaped);
  hp_window_show_job_buttons (self, error);

  if (self->page != NULL)
    {
      gtk_stack_remove (self->stack, GTK_WIDGET (self->page));
      self->page = NULL;
    }
  g_clear_pointer (&self->shown_paths, g_strfreev);
  /* an empty window again: the next drop or open lands here */
  g_clear_pointer (&self->key, g_free);
  gtk_stack_set_visible_child_name (self->stack, "error");
  gtk_widget_grab_focus (hp_load_error_get_n_jobs (error) > 1
                             ? gtk_widget_get_first_child (GTK_WIDGET (self->error_jobs))
                             : self->error_button);
}

/* the analyses the runner computes for the shown trace, in the header */
static void
session_progress_cb (HpWindow *self)
{
  HpSession *session = hp_window_get_session (self);
  guint      n_running = 0;
  double     fraction = session != NULL ? hp_session_get_progress (session, &n_running) : -1.0;

  gtk_widget_set_visible (GTK_WIDGET (self->analyses_progress), n_running > 0);
  if (n_running > 0)
    gtk_progress_bar_set_fraction (self->analyses_progress, fraction);
}

static void
show_trace (HpWindow *self,
            HpTrace  *trace)
{
  g_autoptr (HpRun) run = hp_run_new (trace, (const char *const *)self->paths, NULL, 0);
  g_autoptr (HpSession) session = hp_session_new_for_run (run, self->settings);
  GtkWidget *page = hp_trace_page_new (session);

  /* a comparison of the same folder reuses the run and its results */
  hp_loaded_runs_add (run);

  if (self->page != NULL)
    {
      HpSession *old = hp_trace_page_get_session (self->page);

      g_signal_handlers_disconnect_by_data (old, self);
      gtk_stack_remove (self->stack, GTK_WIDGET (self->page));
    }
  self->page = HP_TRACE_PAGE (page);
  /* the error page's job buttons belong to the last failed load */
  gtk_widget_set_visible (GTK_WIDGET (self->error_jobs), FALSE);
  gtk_stack_add_named (self->stack, page, "trace");
  gtk_stack_set_visible_child_name (self->stack, "trace");
  /* start on the tabs, not in the first selectable label (which would show
   * all selected) */
  gtk_widget_grab_focus (GTK_WIDGET (hp_trace_page_get_notebook (self->page)));

  g_signal_connect_object (session, "notify::selected-rank", G_CALLBACK (hp_window_sync_rank), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::progress", G_CALLBACK (session_progress_cb), self, G_CONNECT_SWAPPED);
  session_progress_cb (self);
  g_signal_connect_object (hp_trace_page_get_notebook (self->page), "notify::page",
                           G_CALLBACK (hp_window_actions_update), self, G_CONNECT_SWAPPED);
  hp_window_rebuild_ranks (self);

  g_strfreev (self->shown_paths);
  self->shown_paths = g_strdupv (self->paths);
  if (g_strv_length (self->paths) == 1)
    {
      g_autoptr (GFile) file = g_file_new_for_path (self->paths[0]);
      g_autofree char *uri = g_file_get_uri (file);

      hp_settings_add_recent (self->settings, uri);
    }
}

static void
load_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  LoadData *data = user_data;
  g_autoptr (HpWindow) self = g_weak_ref_get (&data->window);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = hp_trace_loader_load_finish (HP_TRACE_LOADER (source), result, &error);

  g_weak_ref_clear (&data->window);
  g_free (data);

  /* closed, cancelled or replaced by a newer load: nothing to show */
  if (self == NULL || self->loader != HP_TRACE_LOADER (source))
    return;

  g_strfreev (self->paths);
  self->paths = g_strdupv ((char **)hp_trace_loader_get_paths (self->loader));
  hp_window_clear_loader (self);

  if (trace == NULL)
    show_error (self, error);
  else
    show_trace (self, trace);
  hp_window_update_title (self);
  hp_window_actions_update (self);
}

/* @job: of files from several jobs, the one to open (from 1), or 0 */
void
hp_window_start_load_job (HpWindow          *self,
                          const char *const *paths,
                          guint              job)
{
  g_autofree char *name = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *title = NULL;
  const char      *visible;
  LoadData        *data;

  /* copy first: @paths may be self->paths */
  g_auto (GStrv) copy = g_strdupv ((char **)paths);

  hp_window_clear_loader (self);
  visible = gtk_stack_get_visible_child_name (self->stack);
  if (g_strcmp0 (visible, "loading") != 0)
    {
      g_free (self->return_page);
      self->return_page = g_strdup (self->page != NULL ? "trace" : "start");
    }

  g_strfreev (self->paths);
  self->paths = g_steal_pointer (&copy);
  g_free (self->key);
  self->key = hp_paths_key ((const char *const *)self->paths);

  self->loader = hp_trace_loader_new ((const char *const *)self->paths,
                                      self->hta_compat ? HP_MODE_HTA_COMPAT : HP_MODE_DEFAULT,
                                      self->include_last_step);
  self->job = job;
  hp_trace_loader_set_job (self->loader, job);
  if (!self->hta_compat && self->settings != NULL)
    {
      g_autofree char *file = g_settings_get_string (self->settings, "comm-patterns");
      g_autoptr (GError) error = NULL;
      g_autoptr (HpCommPatterns) patterns = NULL;

      /* a file that cannot be used is said (its path, line and reason),
       * and the folder loads without it */
      if (file[0] != '\0' && (patterns = hp_comm_patterns_new_from_file (file, &error)) == NULL)
        {
          g_free (self->last_notice);
          /* Translators: a toast; %s is the file, the line and the reason ("rules.txt:3: \"!\" without a pattern") */
          self->last_notice = g_strdup_printf (_ ("Communication pattern file not used: %s"), error->message);
          adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (self->last_notice));
          g_message ("%s", self->last_notice);
        }
      hp_trace_loader_set_comm_patterns (self->loader, patterns);
    }
  self->cancellable = g_cancellable_new ();
  self->fraction_binding = g_object_bind_property (self->loader, "fraction", self->progress_bar, "fraction",
                                                   G_BINDING_SYNC_CREATE);
  self->message_binding = g_object_bind_property (self->loader, "message", self->progress_bar, "text",
                                                  G_BINDING_SYNC_CREATE);

  name = hp_window_describe_paths ((const char *const *)self->paths, &folder);
  /* Translators: %s is a folder or file name */
  title = g_strdup_printf (_ ("Loading “%s”"), name);
  gtk_label_set_text (self->loading_title, title);
  gtk_stack_set_visible_child_name (self->stack, "loading");
  hp_window_update_title (self);
  hp_window_actions_update (self);

  data = g_new0 (LoadData, 1);
  g_weak_ref_init (&data->window, self);
  hp_trace_loader_load_async (self->loader, self->cancellable, load_cb, data);
}

/* the job open stays across reloads of the same files, not to other files */
void
hp_window_start_load (HpWindow          *self,
                      const char *const *paths)
{
  g_autofree char *key = hp_paths_key (paths);

  hp_window_start_load_job (self, paths, self->key != NULL && g_strcmp0 (key, self->key) == 0 ? self->job : 0);
}

/* The communication pattern file decides which kernels are communication
 * when a folder loads: a new one classifies the open folder again, and
 * every analysis with it */
