/* hp-window-private.h — HpWindow's fields, shared by hp-window.c and hp-window-actions.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "hp-trace-loader.h"
#include "hp-window.h"

G_BEGIN_DECLS

struct _HpWindow
{
  GtkApplicationWindow parent_instance;

  /* Template widgets */
  GtkLabel        *title_label;
  GtkLabel        *subtitle_label;
  GtkMenuButton   *recent_button;
  GtkMenuButton   *export_button;
  GtkMenuButton   *primary_button;
  GtkDropDown     *rank_dropdown;
  GtkStack        *stack;
  GtkWidget       *recent_group;
  GtkListBox      *recent_list;
  GtkLabel        *loading_title;
  GtkProgressBar  *progress_bar;
  GtkProgressBar  *analyses_progress;
  AdwStatusPage   *error_status;
  GtkWidget       *error_button;
  GtkBox          *error_jobs; /* a button per job of a folder mixing jobs */
  AdwToastOverlay *toast_overlay;

  /* Owned references */
  GSettings     *settings; /* NULL when the schema is not installed */
  GMenu         *recent_menu;
  GtkStringList *rank_names;
  HpTraceLoader *loader;      /* while loading */
  GCancellable  *cancellable; /* of the load */
  GBinding      *fraction_binding;
  GBinding      *message_binding;
  HpTracePage   *page;        /* the "trace" child of the stack, or NULL */
  char         **paths;       /* what the window shows or loads */
  char         **shown_paths; /* what the trace page shows */
  char          *key;         /* hp_paths_key() of paths */
  char          *return_page; /* where Cancel goes back to */
  char          *last_saved;  /* the title of the last export's toast */
  char          *last_notice; /* the last toast about the loading rules */

  gboolean hta_compat;
  gboolean include_last_step;
  gboolean syncing_rank;
  guint    job; /* of files from several jobs, the one open (from 1), or 0 */
};

void  hp_window_class_actions_init (GtkWidgetClass *widget_class);
void  hp_window_actions_init (HpWindow *self);
void  hp_window_actions_update (HpWindow *self);
void  hp_window_reload (HpWindow *self);
char *hp_window_describe_paths (const char *const *paths,
                                char             **folder);
void  hp_window_update_title (HpWindow *self);
void  hp_window_sync_rank (HpWindow *self);
void  hp_window_rebuild_ranks (HpWindow *self);
void  hp_window_clear_loader (HpWindow *self);
void  hp_window_start_load (HpWindow          *self,
                            const char *const *paths);
void  hp_window_start_load_job (HpWindow          *self,
                                const char *const *paths,
                                guint              job);
void  hp_window_show_job_buttons (HpWindow     *self,
                                  const GError *error);

G_END_DECLS
