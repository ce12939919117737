/* hp-window-actions.c — the win.* actions of HpWindow and their shortcuts.
 *
 * Every action is installed on the class; hp_window_actions_update() sets
 * which are enabled from the window's state, in one place.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-dialogs.h"
#include "hp-timeline-panel.h"
#include "hp-trace-page.h"
#include "hp-window-private.h"

static HpAnalysisPanel *
current_panel (HpWindow *self)
{
  return self->page != NULL ? hp_trace_page_get_current_panel (self->page) : NULL;
}

static void
folder_chosen_cb (GObject *owner,
                  GFile   *file,
                  gpointer user_data)
{
  hp_window_open_files (HP_WINDOW (owner), &file, 1);
}

static void
open_folder_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  hp_choose_folder (GTK_WINDOW (widget), _ ("Open a Trace Folder"), G_OBJECT (widget), folder_chosen_cb, NULL);
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  hp_window_open_files (HP_WINDOW (widget), &file, 1);
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  hp_window_reload (HP_WINDOW (widget));
}

/* win.load-full-traces: a new window with the traces of the summaries on
 * show, those of the selected rank or of every rank */
static void
load_full_traces_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  HpWindow  *self = HP_WINDOW (widget);
  HpSession *session = hp_window_get_session (self);
  HpTrace   *trace = session != NULL ? hp_session_get_trace (session) : NULL;
  GPtrArray *summaries = trace != NULL ? hp_trace_get_summaries (trace) : NULL;
  int        rank = session != NULL ? hp_session_get_selected_rank (session) : -1;
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  HpWindow *window;

  for (guint k = 0; summaries != NULL && k < summaries->len; k++)
    {
      HpSummary *s = summaries->pdata[k];

      if ((rank < 0 || hp_summary_get_rank (s) == rank) &&
          g_file_test (hp_summary_get_trace_path (s), G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (files, g_file_new_for_path (hp_summary_get_trace_path (s)));
    }
  if (files->len == 0)
    {
      adw_toast_overlay_add_toast (self->toast_overlay,
                                   adw_toast_new (_ ("The traces of these summaries are not where they were summarised")));
      return;
    }
  window = hp_window_new (gtk_window_get_application (GTK_WINDOW (self)));
  hp_window_open_files (window, (GFile **)files->pdata, files->len);
  gtk_window_present (GTK_WINDOW (window));
}

static void
cancel_load_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  hp_window_cancel_load (HP_WINDOW (widget));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* the Timeline tab, when it is the current one */
static HpTimelinePanel *
current_timeline (HpWindow *self)
{
  GtkNotebook *notebook;
  GtkWidget   *page;

  if (self->page == NULL)
    return NULL;
  notebook = hp_trace_page_get_notebook (self->page);
  page = gtk_notebook_get_nth_page (notebook, gtk_notebook_get_current_page (notebook));
  return HP_IS_TIMELINE_PANEL (page) ? HP_TIMELINE_PANEL (page) : NULL;
}

static void
export_chart_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  HpAnalysisPanel *panel = current_panel (HP_WINDOW (widget));
  HpTimelinePanel *timeline = current_timeline (HP_WINDOW (widget));

  if (timeline != NULL)
    hp_timeline_panel_export_dialog (timeline);
  else if (panel == NULL || !hp_analysis_panel_export_chart (panel))
    gtk_widget_error_bell (widget);
}

static void
export_table_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  HpAnalysisPanel *panel = current_panel (HP_WINDOW (widget));
  HpTableView     *view = panel != NULL ? hp_analysis_panel_get_main_table_view (panel) : NULL;

  if (view == NULL || hp_table_view_get_table (view) == NULL)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  hp_table_view_export_csv (view);
}

static void
find_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  HpAnalysisPanel *panel = current_panel (HP_WINDOW (widget));
  HpTableView     *view = panel != NULL ? hp_analysis_panel_get_main_table_view (panel) : NULL;

  if (view == NULL)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  hp_table_view_focus_search (view);
}

/* win.show-saved(path): the toast after every export, "Saved <name>",
 * with a button that opens the folder it went to */
static void
show_saved_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  HpWindow *self = HP_WINDOW (widget);

  hp_saved_toast_show (self->toast_overlay, g_variant_get_string (parameter, NULL), &self->last_saved);
}

/* Ctrl+Page Down / Up: see hp_window_actions_init() */
static void
switch_tab_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  HpWindow    *self = HP_WINDOW (widget);
  GtkNotebook *notebook;
  int          n, page;

  if (self->page == NULL)
    {
      gtk_widget_error_bell (widget);
      return;
    }
  notebook = hp_trace_page_get_notebook (self->page);
  n = gtk_notebook_get_n_pages (notebook);
  if (n == 0)
    return;
  page = gtk_notebook_get_current_page (notebook) + (g_str_equal (action_name, "win.next-tab") ? 1 : -1);
  gtk_notebook_set_current_page (notebook, (page + n) % n);
}

/**
 * hp_window_actions_update:
 *
 * Enables the window's actions from its state.
 */
void
hp_window_actions_update (HpWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean   loading = self->loader != NULL;
  gboolean   trace = self->page != NULL && !loading;
  gboolean   panel = trace && current_panel (self) != NULL;

  gtk_widget_action_set_enabled (widget, "win.reload", self->paths != NULL && !loading);
  gtk_widget_action_set_enabled (widget, "win.cancel-load", loading);
  gtk_widget_action_set_enabled (widget, "win.load-full-traces",
                                 trace && hp_session_get_trace (hp_window_get_session (self)) != NULL &&
                                     hp_trace_get_summaries (hp_session_get_trace (hp_window_get_session (self))) != NULL);
  gtk_widget_action_set_enabled (widget, "win.export-chart", panel || (trace && current_timeline (self) != NULL));
  gtk_widget_action_set_enabled (widget, "win.export-table", panel);
  gtk_widget_action_set_enabled (widget, "win.find", panel);
  gtk_widget_action_set_enabled (widget, "win.next-tab", trace);
  gtk_widget_action_set_enabled (widget, "win.previous-tab", trace);
  gtk_widget_set_sensitive (GTK_WIDGET (self->export_button), trace);
  gtk_widget_set_sensitive (GTK_WIDGET (self->rank_dropdown), trace);
}

/**
 * hp_window_actions_init:
 *
 * The window's own shortcuts that must win over the focused widget: tab
 * switching runs in the capture phase, as an application accelerator does,
 * so a focused spin button (which binds Ctrl+Page Up/Down to its minimum and
 * maximum) never turns it into a value change, and it works from anywhere.
 */
void
hp_window_actions_init (HpWindow *self)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  gtk_event_controller_set_name (controller, "hp-window-navigation");
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_LOCAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Page_Down, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("win.next-tab")));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Page_Up, GDK_CONTROL_MASK),
                                                          gtk_named_action_new ("win.previous-tab")));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

void
hp_window_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_folder_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-load", NULL, cancel_load_action);
  gtk_widget_class_install_action (widget_class, "win.load-full-traces", NULL, load_full_traces_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.export-chart", NULL, export_chart_action);
  gtk_widget_class_install_action (widget_class, "win.export-table", NULL, export_table_action);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.show-saved", "s", show_saved_action);
  gtk_widget_class_install_action (widget_class, "win.open-folder-of", "s", hp_open_folder_of_action);
  gtk_widget_class_install_action (widget_class, "win.next-tab", NULL, switch_tab_action);
  gtk_widget_class_install_action (widget_class, "win.previous-tab", NULL, switch_tab_action);
  gtk_widget_class_install_property_action (widget_class, "win.hta-compat", "hta-compat");
  gtk_widget_class_install_property_action (widget_class, "win.include-last-step", "include-last-step");

  /* listed in ui/gtk/help-overlay.ui */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open-folder", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F5, 0, "win.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK, "win.reload", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel-load", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "win.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK, "win.export-chart", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.export-table", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.find", NULL);
}
