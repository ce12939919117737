/* hp-timeline-panel-path.c — the Timeline tab's critical-path overlay: asked of the runner, stepped through by key.
 *
 * The critical path the Critical path tab's choosers ask for, within the
 * session's scope, drawn over the timeline's events. The panel asks the
 * runner for it (hp_view_job_run_critical_path(), keyed by run, scope and
 * the path's parameters) and draws it when it arrives; nothing is computed
 * on the main thread. "." and "," select the next and previous event on it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-path-overlay.h"
#include "hp-timeline-panel-private.h"
#include "hp-view-jobs.h"

/* takes the drawn overlay away, and stops waiting for one */
static gboolean
remove_overlay (HpTimelinePanel *self)
{
  HpTimelinePainter *painter = hp_timeline_view_get_painter (self->view);
  gboolean           had = self->critical_path != 0;

  g_cancellable_cancel (self->path_cancellable);
  g_clear_object (&self->path_cancellable);
  if (self->critical_path != 0 && painter != NULL)
    hp_timeline_painter_remove_overlay (painter, self->critical_path);
  self->critical_path = 0;
  self->paths = NULL;
  g_clear_pointer (&self->path_result, hp_job_result_unref);
  if (had && painter != NULL)
    {
      hp_timeline_painter_changed (painter);
      gtk_widget_queue_draw (GTK_WIDGET (self->view));
    }
  return had;
}

static void
path_ready_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (HpTimelinePanel) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpJobResult) path = hp_view_job_finish (result, &error);
  HpTimelinePainter *painter;

  /* a request given up: the overlay was turned off or asked again */
  if (self->path_cancellable == NULL || g_task_get_cancellable (G_TASK (result)) != self->path_cancellable)
    return;
  g_clear_object (&self->path_cancellable);
  painter = hp_timeline_view_get_painter (self->view);
  if (path == NULL || painter == NULL)
    {
      if (error != NULL)
        g_message ("No critical path to show: %s", error->message);
      self->want_path = FALSE;
      g_object_notify (G_OBJECT (self), "show-critical-path");
      return;
    }
  self->path_result = g_steal_pointer (&path);
  self->paths = hp_path_overlay_get_paths (hp_job_result_get_payload (self->path_result));
  self->critical_path = hp_path_overlay_install (painter, hp_job_result_get_payload (self->path_result));
  hp_timeline_painter_changed (painter);
  gtk_widget_queue_draw (GTK_WIDGET (self->view));
  hp_timeline_panel_update_details (self);
}

/* asks the runner for the overlay of the session's parameters and scope */
static gboolean
request_overlay (HpTimelinePanel *self)
{
  HpAnalysisParams defaults;
  HpTrace         *trace = self->trace;
  HpRun           *run = NULL;
  HpScope         *scope = NULL;

  if (self->session != NULL && hp_session_get_trace (self->session) == self->trace)
    {
      trace = hp_session_get_analysis_trace (self->session);
      run = hp_session_get_run (self->session);
      scope = hp_session_get_scope (self->session);
      if (trace == NULL)
        {
          g_message ("No critical path to show: the scope holds no event");
          return FALSE;
        }
    }
  self->path_cancellable = g_cancellable_new ();
  hp_analysis_params_init (&defaults);
  hp_view_job_run_critical_path (run, scope, trace,
                                 self->session != NULL ? hp_session_get_params (self->session) : &defaults,
                                 self->path_cancellable, NULL, NULL, path_ready_cb, g_object_ref (self));
  hp_analysis_params_clear (&defaults);
  return TRUE;
}

/* Asks for the critical path the Critical path tab's choosers ask for,
 * over the events, or takes it away. The overlay arrives from the runner.
 * Returns whether the property changed. */
gboolean
hp_timeline_panel_show_critical_path (HpTimelinePanel *self,
                                      gboolean         show)
{
  if (show == self->want_path)
    return FALSE;
  if (!show)
    {
      self->want_path = FALSE;
      remove_overlay (self);
      hp_timeline_panel_update_details (self);
      return TRUE;
    }
  if (self->trace == NULL || hp_trace_get_n_ranks (self->trace) == 0 || hp_timeline_view_get_painter (self->view) == NULL)
    return FALSE;
  if (!request_overlay (self))
    return FALSE;
  self->want_path = TRUE;
  return TRUE;
}

/* after the parameters or the scope changed: the overlay of the new ones */
void
hp_timeline_panel_refresh_critical_path (HpTimelinePanel *self)
{
  if (!self->want_path)
    return;
  remove_overlay (self);
  if (!request_overlay (self))
    {
      self->want_path = FALSE;
      g_object_notify (G_OBJECT (self), "show-critical-path");
    }
  hp_timeline_panel_update_details (self);
}

/**
 * hp_timeline_panel_get_critical_paths:
 *
 * Returns: (transfer none) (nullable) (element-type HpCriticalPath): the
 *   paths the overlay draws, the first rank's first; %NULL while none is
 *   shown (also while the runner computes it)
 */
GPtrArray *
hp_timeline_panel_get_critical_paths (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), NULL);
  return self->paths;
}

/**
 * hp_timeline_panel_is_computing_critical_path:
 *
 * Returns: whether the overlay was asked for and the runner computes it
 */
gboolean
hp_timeline_panel_is_computing_critical_path (HpTimelinePanel *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_PANEL (self), FALSE);
  return self->path_cancellable != NULL;
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
