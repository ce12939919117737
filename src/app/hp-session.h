/* hp-session.h — one opened trace: what the user looks at, and the analyses it asks the results cache for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "hp-core.h"

G_BEGIN_DECLS

typedef enum
{
  HP_ANALYSIS_STATE_NONE, /* never asked for, or invalidated */
  HP_ANALYSIS_STATE_RUNNING,
  HP_ANALYSIS_STATE_DONE,
  HP_ANALYSIS_STATE_FAILED,
} HpAnalysisState;

/* hp_session_get_hovered_time() when the pointer is off the timeline */
#define HP_SESSION_NO_TIME G_MININT64

#define HP_TYPE_SESSION (hp_session_get_type ())

G_DECLARE_FINAL_TYPE (HpSession, hp_session, HP, SESSION, GObject)

HpSession              *hp_session_new (HpTrace   *trace,
                                        GSettings *settings);
HpSession              *hp_session_new_for_run (HpRun     *run,
                                                GSettings *settings);
HpSession              *hp_session_new_with_cache (HpRun         *run,
                                                   GSettings     *settings,
                                                   HpResultCache *cache);
HpRun                  *hp_session_get_run (HpSession *self);
HpResultCache          *hp_session_get_cache (HpSession *self);
HpTrace                *hp_session_get_trace (HpSession *self);
int                     hp_session_get_selected_rank (HpSession *self);
void                    hp_session_set_selected_rank (HpSession *self,
                                                      int        rank);
const HpAnalysisParams *hp_session_get_params (HpSession *self);
void                    hp_session_set_params (HpSession              *self,
                                               const HpAnalysisParams *params);
gboolean                hp_session_has_analysis (HpSession  *self,
                                                 const char *name);
void                    hp_session_run_analysis (HpSession  *self,
                                                 const char *name);
HpAnalysisState         hp_session_get_analysis_state (HpSession  *self,
                                                       const char *name);
double                  hp_session_get_progress (HpSession *self,
                                                 guint     *n_running);
gboolean                hp_session_get_result (HpSession     *self,
                                               const char    *name,
                                               GPtrArray    **tables,
                                               const GError **error);
void                    hp_session_cancel (HpSession *self);
void                    hp_session_cancel_analysis (HpSession  *self,
                                                    const char *name);
HpResult               *hp_session_get_analysis_result (HpSession  *self,
                                                        const char *name);
HpScope                *hp_session_get_scope (HpSession *self);
void                    hp_session_set_scope (HpSession *self,
                                              HpScope   *scope);
HpTrace                *hp_session_get_analysis_trace (HpSession *self);
HpTimeSpan              hp_session_get_visible_window (HpSession *self);
void                    hp_session_set_visible_window (HpSession *self,
                                                       HpTimeSpan span);
gboolean                hp_session_get_selected_event (HpSession *self,
                                                       int       *rank,
                                                       gint64    *event);
void                    hp_session_set_selected_event (HpSession *self,
                                                       int        rank,
                                                       gint64     event);
const HpLinkedEvents   *hp_session_get_highlights (HpSession *self);
void                    hp_session_set_highlights (HpSession            *self,
                                                   const HpLinkedEvents *highlights);
HpTimeSpan              hp_session_get_selected_range (HpSession *self);
void                    hp_session_set_selected_range (HpSession *self,
                                                       HpTimeSpan span);
gboolean                hp_session_get_hovered_event (HpSession *self,
                                                      int       *rank,
                                                      gint64    *event);
void                    hp_session_set_hovered_event (HpSession *self,
                                                      int        rank,
                                                      gint64     event);
gint64                  hp_session_get_hovered_time (HpSession *self);
void                    hp_session_set_hovered_time (HpSession *self,
                                                     gint64     time);

void             hp_session_set_selected_area (HpSession       *self,
                                               HpTimeSpan       span,
                                               const HpLaneRef *lanes,
                                               guint            n_lanes);
const HpLaneRef *hp_session_get_selected_lanes (HpSession *self,
                                                guint     *n_lanes);

G_END_DECLS
