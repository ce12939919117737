/* hp-timeline-view-session.c — what the timeline shares with its session: hover, idle gaps, memory tracks.
 *
 * The event and the time under the pointer are the session's
 * (HpSession:hovered-time, hp_session_get_hovered_event()); the view keeps
 * no copy. It writes them as the pointer moves (hp-timeline-view-geometry.c)
 * and draws the session's
 * hovered event on every frame, so whatever sets the hover (another view of
 * the same session, a test) shows on the timeline too. A view shown without
 * a session (a comparison's) makes one of its own for its trace.
 *
 * The idle gaps it shades and the memory tracks it draws are the payloads
 * of the session's idle-time and memory results (for the session's
 * parameters and scope): the view asks the session for them and installs
 * what it gets, computing nothing itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-timeline-view-private.h"

/* the overlays whose data is a result of the session, and the analysis */
static const struct
{
  HpTimelineFlags flag;
  const char     *analysis;
} session_data[] = {
  { HP_TIMELINE_SHOW_IDLE, HP_IDLE_TIME_ANALYSIS },
  { HP_TIMELINE_SHOW_MEMORY, HP_MEMORY_ANALYSIS },
};

G_STATIC_ASSERT (G_N_ELEMENTS (session_data) == G_N_ELEMENTS (((HpTimelineView *)NULL)->installed));

static void
hovered_event_changed_cb (HpTimelineView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
analysis_cb (HpTimelineView *self)
{
  if (self->painter == NULL)
    return;
  hp_timeline_view_sync_session_data (self);
  hp_timeline_view_sync_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), hp_timeline_view_properties[PROP_COMPUTING]);
}

static void
forget_installed (HpTimelineView *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (self->installed); i++)
    g_clear_pointer (&self->installed[i], hp_result_unref);
}

static void
use_session (HpTimelineView *self,
             HpSession      *session,
             gboolean        own)
{
  if (self->session != NULL)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_set_object (&self->session, session);
  self->own_session = own;
  forget_installed (self);
  if (session != NULL)
    {
      g_signal_connect_swapped (session, "hovered-event-changed", G_CALLBACK (hovered_event_changed_cb), self);
      g_signal_connect_swapped (session, "analysis-started", G_CALLBACK (analysis_cb), self);
      g_signal_connect_swapped (session, "analysis-finished", G_CALLBACK (analysis_cb), self);
    }
}

/* Installs the results the shown overlays need, asks the session for the
 * others. Returns the overlays whose data comes from the session. */
HpTimelineFlags
hp_timeline_view_sync_session_data (HpTimelineView *self)
{
  HpTimelineScene *scene;

  if (self->session == NULL || self->painter == NULL || hp_session_get_trace (self->session) != self->trace)
    return 0;
  scene = self->scene;

  /* a view's own session follows the view's idle delay */
  if (self->own_session && hp_analysis_params_get_double (hp_session_get_params (self->session), &hp_idle_time_consecutive_kernel_delay_spec) != self->idle_delay)
    {
      HpAnalysisParams params;

      hp_analysis_params_init (&params);
      hp_analysis_params_copy (&params, hp_session_get_params (self->session));
      hp_analysis_params_set_double (&params, &hp_idle_time_consecutive_kernel_delay_spec, self->idle_delay);
      hp_session_set_params (self->session, &params);
      hp_analysis_params_clear (&params);
    }

  for (guint i = 0; i < G_N_ELEMENTS (session_data); i++)
    {
      HpResult *result;
      gpointer  payload;

      if (!(self->flags & session_data[i].flag))
        continue;
      result = hp_session_get_analysis_result (self->session, session_data[i].analysis);
      payload = result != NULL ? hp_result_get_payload (result) : NULL;
      if (payload == NULL)
        {
          hp_session_run_analysis (self->session, session_data[i].analysis);
          continue;
        }
      /* the idle gaps go when the scene's delay changes: again then */
      if (result == self->installed[i] &&
          !(session_data[i].flag == HP_TIMELINE_SHOW_IDLE && hp_timeline_scene_get_missing (scene, HP_TIMELINE_SHOW_IDLE)))
        continue;
      g_clear_pointer (&self->installed[i], hp_result_unref);
      self->installed[i] = hp_result_ref (result);
      if (session_data[i].flag == HP_TIMELINE_SHOW_IDLE)
        hp_timeline_scene_set_idle_gaps (scene, payload);
      else
        hp_timeline_scene_set_memory_series (scene, payload);
    }
  return HP_TIMELINE_SHOW_IDLE | HP_TIMELINE_SHOW_MEMORY;
}

/* whether the session computes data of a shown overlay */
gboolean
hp_timeline_view_session_computing (HpTimelineView *self)
{
  if (self->session == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (session_data); i++)
    if ((self->flags & session_data[i].flag) &&
        hp_session_get_analysis_state (self->session, session_data[i].analysis) == HP_ANALYSIS_STATE_RUNNING)
      return TRUE;
  return FALSE;
}

/**
 * hp_timeline_view_get_session:
 *
 * Returns: (transfer none) (nullable): the session whose hover the view
 *   writes and draws
 */
HpSession *
hp_timeline_view_get_session (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  return self->session;
}

/* after the trace or the given session changed: the given session when it
 * is of the trace, else one of the view's own */
void
hp_timeline_view_follow_trace (HpTimelineView *self)
{
  /* a new trace has a new layout and scene; the scene has none of them */
  forget_installed (self);
  if (self->given != NULL && self->trace != NULL && hp_session_get_trace (self->given) == self->trace)
    {
      if (self->session != self->given)
        use_session (self, self->given, FALSE);
      return;
    }
  if (self->trace == NULL)
    {
      use_session (self, NULL, FALSE);
      return;
    }
  if (self->own_session && hp_session_get_trace (self->session) == self->trace)
    return;

  {
    g_autoptr (HpSession) own = hp_session_new (self->trace, NULL);

    use_session (self, own, TRUE);
  }
}

/* the dynamic layer, with the session's hovered event */
void
hp_timeline_view_paint_dynamic (HpTimelineView           *self,
                                cairo_t                  *cr,
                                const HpTimelineViewport *viewport)
{
  int    rank = -1;
  gint64 event = -1;

  if (self->session == NULL || !hp_session_get_hovered_event (self->session, &rank, &event))
    rank = -1, event = -1;
  hp_timeline_painter_paint_dynamic_hover (self->painter, cr, viewport,
                                           rank >= 0 ? hp_timeline_view_rank_position (self, rank) : -1, event);
}
