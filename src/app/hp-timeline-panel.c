/* hp-timeline-panel.c — the Timeline tab: the timeline, its toolbar, search and details pane.
 *
 * The panel wraps an HpTimelineView with scrollbars, a toolbar (zoom,
 * overlays menu, export), the search bar (#HpTimelineSearchBar, Ctrl+F;
 * Enter jumps to the next match), the details pane (#HpTimelineDetails:
 * what the selected event, range or area is), the table of a selected
 * area's events under the lanes (#HpTimelineAreaTable) and the
 * linked-events bar (#HpTimelineLinkedBar). This file keeps them in step with the view's
 * selection; the critical-path overlay is in hp-timeline-panel-path.c.
 * The overlay toggles are property actions, so the menu shows their state.
 *
 * Linked views (hp_timeline_panel_show_linked()): the events a row of an
 * analysis table stands for are highlighted, one of them is selected and
 * brought into view, and the bar under the toolbar says what they are and
 * steps through them; idle gaps turn the idle overlay on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-core.h"
#include "hp-bookmarks-popover.h"
#include "hp-dialogs.h"
#include "hp-table-view.h"
#include "hp-timeline-panel-private.h"
#include "hp-timeline-state-file.h"

#define AREA_TABLE_HEIGHT 280 /* the area's table, when it appears */

enum
{
  PROP_0,
  PROP_SESSION,
  PROP_SHOW_IDLE,
  PROP_SHOW_FLOWS,
  PROP_SHOW_ITERATIONS,
  PROP_SHOW_COUNTERS,
  PROP_SHOW_CRITICAL_PATH,
  PROP_SHOW_MEMORY,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (HpTimelinePanel, hp_timeline_panel, GTK_TYPE_WIDGET)

static GParamSpec *properties[N_PROPS];

static const HpTimelineFlags prop_flags[N_PROPS] = {
  [PROP_SHOW_IDLE] = HP_TIMELINE_SHOW_IDLE,
  [PROP_SHOW_FLOWS] = HP_TIMELINE_SHOW_FLOWS,
  [PROP_SHOW_ITERATIONS] = HP_TIMELINE_SHOW_ITERATIONS,
  [PROP_SHOW_COUNTERS] = HP_TIMELINE_SHOW_COUNTERS,
  [PROP_SHOW_MEMORY] = HP_TIMELINE_SHOW_MEMORY,
};

/* The details pane and the area's table */

/* The run the trace shown is of: the key of its results in the cache */
static HpRun *
panel_run (HpTimelinePanel *self)
{
  if (self->session == NULL || hp_session_get_trace (self->session) != self->trace)
    return NULL;
  return hp_session_get_run (self->session);
}

/* What the view selected, in the pane; an area's events in the table */
void
hp_timeline_panel_update_details (HpTimelinePanel *self)
{
  int              rank;
  gint64           event, start, end;
  guint            n_lanes;
  const HpLaneRef *lanes;

  if (self->trace == NULL)
    {
      hp_timeline_area_table_hide (self->area_table);
      hp_timeline_details_clear (self->details);
      return;
    }
  lanes = hp_timeline_view_get_selected_lanes (self->view, &n_lanes);
  if (lanes == NULL || hp_timeline_view_get_selection (self->view, NULL, NULL))
    hp_timeline_area_table_hide (self->area_table);
  if (hp_timeline_view_get_selection (self->view, &rank, &event))
    hp_timeline_details_show_event (self->details, rank, event, self->paths);
  else if (lanes != NULL && hp_timeline_view_get_selected_range (self->view, &start, &end))
    {
      hp_timeline_details_show_area (self->details, start, end, lanes, n_lanes);
      hp_timeline_area_table_show (self->area_table, panel_run (self), self->trace, start, end, lanes, n_lanes);
    }
  else if (hp_timeline_view_get_selected_range (self->view, &start, &end))
    hp_timeline_details_show_range (self->details, panel_run (self), start, end);
  else
    hp_timeline_details_show_nothing (self->details);
}

/* the area's table appears: the lanes keep most of the height, as
 * Perfetto's bottom panel */
static void
area_table_visible_cb (HpTimelinePanel *self)
{
  int height = gtk_widget_get_height (GTK_WIDGET (self->area_paned));

  if (gtk_widget_get_visible (GTK_WIDGET (self->area_table)) && height > 0)
    gtk_paned_set_position (self->area_paned, MAX (height - AREA_TABLE_HEIGHT, height / 2));
}

static void
details_show_linked_cb (HpTimelinePanel      *self,
                        const HpLinkedEvents *linked)
{
  hp_timeline_panel_show_linked (self, linked);
}

/* Callbacks */

static void
selection_changed_cb (HpTimelinePanel *self)
{
  hp_timeline_panel_update_details (self);
  hp_timeline_search_bar_update (self->search_bar);
  hp_timeline_linked_bar_update_position (self->linked_bar);
}

static void
range_changed_cb (HpTimelinePanel *self)
{
  gint64 start, end;

  /* a new range wins over the selected event */
  if (hp_timeline_view_get_selected_range (self->view, &start, &end))
    {
      g_signal_handlers_block_by_func (self->view, selection_changed_cb, self);
      hp_timeline_view_select_event (self->view, -1, -1);
      g_signal_handlers_unblock_by_func (self->view, selection_changed_cb, self);
    }
  hp_timeline_panel_update_details (self);
}

static void
window_changed_cb (HpTimelinePanel *self)
{
  gint64           start, end;
  g_autofree char *from = NULL;
  g_autofree char *to = NULL;
  g_autofree char *span = NULL;
  g_autofree char *text = NULL;

  /* the ruler's own bounds: a trace may start before its time zero */
  hp_timeline_view_get_visible_range (self->view, &start, &end);
  from = hp_timeline_format_time (start);
  to = hp_timeline_format_time (end);
  span = hp_timeline_format_duration (end - start);
  /* Translators: the visible window: its length, then its start and end */
  text = g_strdup_printf (_ ("%s visible, %s – %s"), span, from, to);
  gtk_label_set_text (self->range_label, text);
}

/* Linked views */

/* a search replaces the linked events' highlights */
static void
search_cb (HpTimelinePanel *self)
{
  hp_timeline_linked_bar_hide (self->linked_bar);
}

static void
linked_next_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  hp_timeline_linked_bar_step (HP_TIMELINE_PANEL (widget)->linked_bar, 1);
}

static void
linked_previous_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  hp_timeline_linked_bar_step (HP_TIMELINE_PANEL (widget)->linked_bar, -1);
}

static void
linked_close_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (widget);

  hp_timeline_linked_bar_hide (self->linked_bar);
  hp_timeline_view_search (self->view, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

static void
params_changed_cb (HpTimelinePanel *self)
{
  const HpAnalysisParams *params = hp_session_get_params (self->session);

  hp_timeline_view_set_idle_delay (self->view, hp_analysis_params_get_double (params, &hp_idle_time_consecutive_kernel_delay_spec));
  /* the Critical path tab chose another step or rank */
  hp_timeline_panel_refresh_critical_path (self);
}

static void
selected_rank_cb (HpTimelinePanel *self)
{
  int rank = hp_session_get_selected_rank (self->session);

  if (rank >= 0)
    hp_timeline_view_scroll_to_rank (self->view, rank);
}

/* Actions */

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  hp_timeline_view_zoom (HP_TIMELINE_PANEL (widget)->view, 1.5, -1);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  hp_timeline_view_zoom (HP_TIMELINE_PANEL (widget)->view, 1 / 1.5, -1);
}

static void
zoom_fit_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  hp_timeline_view_zoom_to_fit (HP_TIMELINE_PANEL (widget)->view);
}

static void
search_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  hp_timeline_search_bar_open (HP_TIMELINE_PANEL (widget)->search_bar);
}

static void
export_chosen_cb (GObject *owner,
                  GFile   *file,
                  gpointer user_data)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (owner);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL || !hp_timeline_panel_export (self, path, &error))
    hp_show_error (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), _ ("Could not export the timeline"),
                   error != NULL ? error->message : _ ("Not a local file"));
  else
    hp_show_saved (GTK_WIDGET (self), path);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  hp_timeline_panel_export_dialog (HP_TIMELINE_PANEL (widget));
}

/* GObject */

static void
hp_timeline_panel_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (hp_timeline_panel_parent_class)->map (widget);

  /* W/S/A/D work at once when the tab is shown */
  gtk_widget_grab_focus (GTK_WIDGET (HP_TIMELINE_PANEL (widget)->view));
}

static void
hp_timeline_panel_dispose (GObject *object)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (object);
  GtkWidget       *child;

  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  if (self->view != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (self), HP_TYPE_TIMELINE_PANEL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  /* the painter went with the view; the overlay's data goes now */
  g_cancellable_cancel (self->path_cancellable);
  g_clear_object (&self->path_cancellable);
  g_clear_pointer (&self->path_result, hp_job_result_unref);
  self->paths = NULL;
  self->critical_path = 0;
  g_clear_object (&self->session);
  g_clear_pointer (&self->trace, hp_trace_unref);

  G_OBJECT_CLASS (hp_timeline_panel_parent_class)->dispose (object);
}

static void
hp_timeline_panel_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_SHOW_IDLE:
    case PROP_SHOW_FLOWS:
    case PROP_SHOW_ITERATIONS:
    case PROP_SHOW_COUNTERS:
    case PROP_SHOW_MEMORY:
      g_value_set_boolean (value, (hp_timeline_view_get_flags (self->view) & prop_flags[prop_id]) != 0);
      break;
    case PROP_SHOW_CRITICAL_PATH:
      g_value_set_boolean (value, self->want_path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_timeline_panel_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      hp_timeline_panel_set_session (self, g_value_get_object (value));
      break;
    case PROP_SHOW_IDLE:
    case PROP_SHOW_FLOWS:
    case PROP_SHOW_ITERATIONS:
    case PROP_SHOW_COUNTERS:
    case PROP_SHOW_MEMORY:
      {
        HpTimelineFlags flags = hp_timeline_view_get_flags (self->view);
        HpTimelineFlags wanted = g_value_get_boolean (value) ? flags | prop_flags[prop_id] : flags & ~prop_flags[prop_id];

        if (wanted != flags)
          {
            hp_timeline_view_set_flags (self->view, wanted);
            g_object_notify_by_pspec (object, pspec);
          }
      }
      break;
    case PROP_SHOW_CRITICAL_PATH:
      if (hp_timeline_panel_show_critical_path (self, g_value_get_boolean (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_timeline_panel_class_init (HpTimelinePanelClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_timeline_panel_dispose;
  object_class->get_property = hp_timeline_panel_get_property;
  object_class->set_property = hp_timeline_panel_set_property;

  widget_class->map = hp_timeline_panel_map;

  properties[PROP_SESSION] =
      g_param_spec_object ("session", NULL, NULL, HP_TYPE_SESSION,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_IDLE] =
      g_param_spec_boolean ("show-idle", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_FLOWS] =
      g_param_spec_boolean ("show-flows", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_ITERATIONS] =
      g_param_spec_boolean ("show-iterations", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COUNTERS] =
      g_param_spec_boolean ("show-counters", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_CRITICAL_PATH] =
      g_param_spec_boolean ("show-critical-path", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpTimelinePanel:show-memory:
   *
   * The memory allocated and reserved per device as tracks, from the
   * memory analysis of the session, the peak marked.
   */
  properties[PROP_SHOW_MEMORY] =
      g_param_spec_boolean ("show-memory", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-timeline-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, view);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, vscrollbar);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, hscrollbar);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, search_button);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, search_bar);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, range_label);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, details);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, linked_bar);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, area_paned);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, area_table);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, summary_note);
  gtk_widget_class_bind_template_child (widget_class, HpTimelinePanel, summary_note_label);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, range_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, window_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_cb);
  gtk_widget_class_bind_template_callback (widget_class, area_table_visible_cb);
  gtk_widget_class_bind_template_callback (widget_class, details_show_linked_cb);

  gtk_widget_class_install_action (widget_class, "timeline.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-fit", NULL, zoom_fit_action);
  gtk_widget_class_install_action (widget_class, "timeline.search", NULL, search_action);
  gtk_widget_class_install_action (widget_class, "timeline.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "timeline.linked-next", NULL, linked_next_action);
  gtk_widget_class_install_action (widget_class, "timeline.linked-previous", NULL, linked_previous_action);
  gtk_widget_class_install_action (widget_class, "timeline.linked-close", NULL, linked_close_action);
  gtk_widget_class_install_property_action (widget_class, "timeline.show-idle", "show-idle");
  gtk_widget_class_install_property_action (widget_class, "timeline.show-flows", "show-flows");
  gtk_widget_class_install_property_action (widget_class, "timeline.show-iterations", "show-iterations");
  gtk_widget_class_install_property_action (widget_class, "timeline.show-counters", "show-counters");
  gtk_widget_class_install_property_action (widget_class, "timeline.show-memory", "show-memory");
  gtk_widget_class_install_property_action (widget_class, "timeline.show-critical-path", "show-critical-path");
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "timeline.show-critical-path", NULL);
  gtk_widget_class_install_action (widget_class, "timeline.critical-path-next", NULL, hp_timeline_panel_critical_path_step_action);
  gtk_widget_class_install_action (widget_class, "timeline.critical-path-previous", NULL, hp_timeline_panel_critical_path_step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_period, 0, "timeline.critical-path-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_comma, 0, "timeline.critical-path-previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "timeline.search", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hptimelinepanel");

  g_type_ensure (HP_TYPE_TIMELINE_VIEW);
  g_type_ensure (HP_TYPE_TIMELINE_DETAILS);
  g_type_ensure (HP_TYPE_TIMELINE_LINKED_BAR);
  g_type_ensure (HP_TYPE_TIMELINE_AREA_TABLE);
  g_type_ensure (HP_TYPE_TIMELINE_SEARCH_BAR);
  g_type_ensure (HP_TYPE_BOOKMARKS_POPOVER);
}

static void
hp_timeline_panel_init (HpTimelinePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  gtk_scrollbar_set_adjustment (self->vscrollbar, hp_timeline_view_get_vadjustment (self->view));
  gtk_scrollbar_set_adjustment (self->hscrollbar, hp_timeline_view_get_hadjustment (self->view));
  g_object_bind_property (self->search_button, "active", hp_timeline_search_bar_get_bar (self->search_bar),
                          "search-mode-enabled", G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  hp_timeline_search_bar_set_view (self->search_bar, self->view);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.export", FALSE);
}

/* Public API */

/**
 * hp_timeline_panel_new:
 *
 * Returns: (transfer floating): a Timeline tab; give it a session (or a
 *   trace) to show
 */
GtkWidget *
hp_timeline_panel_new (void)
{
  return g_object_new (HP_TYPE_TIMELINE_PANEL, NULL);
}

HpSession *
hp_timeline_panel_get_session (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return self->session;
}

/**
 * hp_timeline_panel_set_session:
 * @session: (nullable): the opened trace
 *
 * Shows the session's trace; follows its selected rank (scrolled to the
 * top) and its idle-time parameters (the idle overlay's categories).
 */
void
hp_timeline_panel_set_session (HpTimelinePanel *self,
                               HpSession       *session)
{
  g_return_if_fail (HP_IS_TIMELINE_PANEL (self));
  g_return_if_fail (session == NULL || HP_IS_SESSION (session));

  if (self->session == session)
    return;
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  hp_timeline_view_set_session (self->view, session);
  /* pins, hidden lanes, bookmarks: kept per folder, applied to the new
   * trace once it is shown */
  hp_timeline_view_set_state_file (self->view, NULL);
  hp_timeline_panel_set_trace (self, session != NULL ? hp_session_get_trace (session) : NULL);
  if (session != NULL && hp_session_get_run (session) != NULL && hp_run_get_paths (hp_session_get_run (session)) != NULL &&
      hp_run_get_paths (hp_session_get_run (session))[0] != NULL)
    {
      g_autofree char *state = hp_timeline_state_path_for_run (g_get_user_state_dir (), hp_run_get_paths (hp_session_get_run (session)));

      hp_timeline_view_set_state_file (self->view, state);
    }
  if (session != NULL)
    {
      g_signal_connect_swapped (session, "params-changed", G_CALLBACK (params_changed_cb), self);
      g_signal_connect_swapped (session, "notify::selected-rank", G_CALLBACK (selected_rank_cb), self);
      g_signal_connect_swapped (session, "notify::scope", G_CALLBACK (hp_timeline_panel_refresh_critical_path), self);
      params_changed_cb (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

/* a folder of rank summaries draws each rank's activity, not its events:
 * say what that leaves out, and which traces to load for it */
static void
update_summary_note (HpTimelinePanel *self)
{
  g_autofree char *ranks = NULL;
  g_autofree char *text = NULL;

  if (self->trace == NULL || hp_trace_get_summaries (self->trace) == NULL)
    {
      gtk_widget_set_visible (self->summary_note, FALSE);
      return;
    }
  ranks = hp_summary_job_ranks_to_load (self->trace);
  /* Translators: the note over the timeline of a folder of rank summaries;
   * %s lists ranks and their trace files */
  text = g_strdup_printf (_ ("Rank summaries: each lane shows its busy share in blocks, not events. Idle gaps, "
                             "statistics of a range or an area, search and the critical path need the traces: "
                             "%s."),
                          ranks);
  gtk_label_set_text (self->summary_note_label, text);
  gtk_widget_set_visible (self->summary_note, TRUE);
}

/**
 * hp_timeline_panel_set_trace:
 * @trace: (nullable): a trace to show without a session
 */
void
hp_timeline_panel_set_trace (HpTimelinePanel *self,
                             HpTrace         *trace)
{
  g_return_if_fail (HP_IS_TIMELINE_PANEL (self));

  if (self->trace == trace)
    return;
  g_clear_pointer (&self->trace, hp_trace_unref);
  if (trace != NULL)
    self->trace = hp_trace_ref (trace);
  hp_timeline_linked_bar_hide (self->linked_bar);
  hp_timeline_panel_show_critical_path (self, FALSE);
  hp_timeline_view_set_trace (self->view, trace);
  hp_timeline_details_set_view (self->details, self->view, trace);
  hp_timeline_linked_bar_set_view (self->linked_bar, self->view, trace);
  update_summary_note (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.export", trace != NULL);
  for (guint p = PROP_SHOW_IDLE; p < N_PROPS; p++)
    g_object_notify_by_pspec (G_OBJECT (self), properties[p]);
  window_changed_cb (self);
  hp_timeline_panel_update_details (self);
}

/**
 * hp_timeline_panel_get_view:
 *
 * Returns: (transfer none): the timeline, for linked views
 *   (hp_timeline_view_select_event(), hp_timeline_view_show_events())
 */
HpTimelineView *
hp_timeline_panel_get_view (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return self->view;
}

/**
 * hp_timeline_panel_get_details:
 *
 * Returns: (transfer none): the details pane's box
 */
GtkWidget *
hp_timeline_panel_get_details (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return hp_timeline_details_get_box (self->details);
}

/**
 * hp_timeline_panel_get_details_title:
 *
 * Returns: (nullable): the heading of the details pane: the selected
 *   event's short name, the range's length, or "Nothing selected"
 */
const char *
hp_timeline_panel_get_details_title (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return hp_timeline_details_get_title (self->details);
}

/**
 * hp_timeline_panel_get_window_text:
 *
 * Returns: what the toolbar says of the visible window ("541 ms visible,
 *   -14.6 ms – 526.824 ms"): the ruler's first and last time
 */
const char *
hp_timeline_panel_get_window_text (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return gtk_label_get_text (self->range_label);
}

/**
 * hp_timeline_panel_get_area_table:
 *
 * Returns: (transfer none) (nullable): the table of the selected area's
 *   events by name, or %NULL while no area's table is shown
 */
HpTableView *
hp_timeline_panel_get_area_table (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self->area_table)))
    return NULL;
  return hp_timeline_area_table_get_table_view (self->area_table);
}

/**
 * hp_timeline_panel_search:
 * @text: (nullable): what to look for in event names, or %NULL to close
 *   the search
 *
 * Opens the search bar with @text, as typing it there would; %NULL clears
 * the matches and closes the bar, as Escape does.
 */
void
hp_timeline_panel_search (HpTimelinePanel *self,
                          const char      *text)
{
  g_return_if_fail (HP_IS_TIMELINE_PANEL (self));
  hp_timeline_search_bar_search (self->search_bar, text);
}

/**
 * hp_timeline_panel_get_match_text:
 *
 * Returns: what the search bar says about the matches ("12 matches",
 *   "3 of 12", "No matches")
 */
const char *
hp_timeline_panel_get_match_text (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return hp_timeline_search_bar_get_match_text (self->search_bar);
}

/**
 * hp_timeline_panel_export:
 * @path: a .png, .svg or .pdf file
 * @error: a #GError
 *
 * Writes the visible time range, every row, as an image.
 *
 * Returns: whether the file was written
 */
gboolean
hp_timeline_panel_export (HpTimelinePanel *self,
                          const char      *path,
                          GError         **error)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), FALSE);
  return hp_timeline_view_export (self->view, path, error);
}

/**
 * hp_timeline_panel_export_dialog:
 *
 * Asks for a file name, then exports the visible range there (PNG, SVG or
 * PDF by the extension). The window's Export action calls this when the
 * Timeline tab is current.
 */
void
hp_timeline_panel_export_dialog (HpTimelinePanel *self)
{
  GtkRoot *root;

  g_return_if_fail (HP_IS_TIMELINE_PANEL (self));

  if (self->trace == NULL)
    return;
  root = gtk_widget_get_root (GTK_WIDGET (self));
  hp_choose_save_file (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _ ("Export Timeline"), "timeline.png",
                       G_OBJECT (self), export_chosen_cb, NULL);
}

/**
 * hp_timeline_panel_show_linked:
 * @linked: what a row of an analysis table stands for
 *
 * Linked views: highlights @linked's events (ending any search), selects
 * the one in focus and shows it as @linked's focus says, and opens the bar
 * that steps through them. Works before the panel was ever shown: the
 * selected row is scrolled into view once the timeline is laid out.
 */
void
hp_timeline_panel_show_linked (HpTimelinePanel      *self,
                               const HpLinkedEvents *linked)
{
  g_return_if_fail (HP_IS_TIMELINE_PANEL (self));
  g_return_if_fail (linked != NULL);

  if (self->trace == NULL || hp_trace_find_rank (self->trace, linked->rank) == NULL || linked->events->len == 0)
    return;

  /* closing the search clears its matches (and the last linked events) */
  hp_timeline_search_bar_close (self->search_bar);
  hp_timeline_linked_bar_hide (self->linked_bar);

  /* start from nothing selected, so that showing the same row again still
   * brings it into view */
  hp_timeline_view_set_selected_range (self->view, 0, 0);
  hp_timeline_view_select_event (self->view, -1, -1);
  if (linked->focus == HP_LINKED_FOCUS_GAP)
    g_object_set (self, "show-idle", TRUE, NULL);

  hp_timeline_linked_bar_show (self->linked_bar, linked);
}

/**
 * hp_timeline_panel_get_linked_text:
 *
 * Returns: (nullable): what the linked bar says the highlighted events
 *   are, or %NULL when it is closed
 */
const char *
hp_timeline_panel_get_linked_text (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return hp_timeline_linked_bar_get_text (self->linked_bar);
}
