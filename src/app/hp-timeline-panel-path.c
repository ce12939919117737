/* hp-timeline-panel-path.c — the Timeline tab's critical-path overlay: shown on request, stepped through by key.
 *
 * The critical path the Critical path tab's choosers ask for, drawn over
 * the timeline's events (hp_path_overlay_add()); "." and "," select the
 * next and previous event on it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-path-overlay.h"
#include "hp-timeline-panel-private.h"

/* The critical path the Critical path tab's choosers ask for, over the
 * events; computed when turned on (a step's path takes milliseconds).
 * Returns whether the overlay changed. */
gboolean
hp_timeline_panel_show_critical_path (HpTimelinePanel *self,
                                      gboolean         show)
{
  HpTimelinePainter *painter = hp_timeline_view_get_painter (self->view);
  g_autoptr (GError) error = NULL;
  HpAnalysisParams defaults;

  if (show == (self->critical_path != 0) || painter == NULL)
    return FALSE;
  if (!show)
    {
      hp_timeline_painter_remove_overlay (painter, self->critical_path);
      self->critical_path = 0;
      g_clear_pointer (&self->paths, g_ptr_array_unref);
    }
  else
    {
      if (self->trace == NULL || hp_trace_get_n_ranks (self->trace) == 0)
        return FALSE;
      hp_analysis_params_init (&defaults);
      self->critical_path = hp_path_overlay_add (
          painter, self->trace, self->session != NULL ? hp_session_get_params (self->session) : &defaults,
          &self->paths, &error);
      hp_analysis_params_clear (&defaults);
      if (self->critical_path == 0)
        {
          g_message ("No critical path to show: %s", error->message);
          return FALSE;
        }
    }
  hp_timeline_painter_changed (painter);
  gtk_widget_queue_draw (GTK_WIDGET (self->view));
  hp_timeline_panel_update_details (self);
  return TRUE;
}

/* "next/previous event on the path": selects it and brings it into view */
void
hp_timeline_panel_critical_path_step_action (GtkWidget  *widget,
                                             const char *action_name,
                                             GVariant   *parameter)
{
  HpTimelinePanel *self = HP_TIMELINE_PANEL (widget);
  int              rank = -1;
  gint64           event = -1;

  if (self->critical_path == 0)
    return;
  hp_timeline_view_get_selection (self->view, &rank, &event);
  if (hp_path_overlay_step (self->paths, g_str_has_suffix (action_name, "next") ? 1 : -1, &rank, &event))
    hp_timeline_view_select_event (self->view, rank, event);
  else
    gtk_widget_error_bell (widget);
}
