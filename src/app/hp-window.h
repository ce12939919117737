/* hp-window.h — a main window: the start page, loading, or one opened trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-session.h"
#include "hp-trace-page.h"

G_BEGIN_DECLS

#define HP_TYPE_WINDOW (hp_window_get_type ())

G_DECLARE_FINAL_TYPE (HpWindow, hp_window, HP, WINDOW, GtkApplicationWindow)

HpWindow       *hp_window_new (GtkApplication *application);
void            hp_window_open (HpWindow          *self,
                                const char *const *paths);
void            hp_window_open_files (HpWindow *self,
                                      GFile   **files,
                                      guint     n_files);
void            hp_window_cancel_load (HpWindow *self);
gboolean        hp_window_is_empty (HpWindow *self);
gboolean        hp_window_is_loading (HpWindow *self);
const char     *hp_window_get_key (HpWindow *self);
const char     *hp_window_get_visible_page (HpWindow *self);
HpTracePage    *hp_window_get_trace_page (HpWindow *self);
HpSession      *hp_window_get_session (HpWindow *self);
GtkProgressBar *hp_window_get_analyses_progress (HpWindow *self);
const char     *hp_window_get_error_text (HpWindow *self);
guint           hp_window_get_n_job_buttons (HpWindow *self);
void            hp_window_click_job_button (HpWindow *self,
                                            guint     job);
const char     *hp_window_get_last_saved (HpWindow *self);
const char     *hp_window_get_last_notice (HpWindow *self);

G_END_DECLS
