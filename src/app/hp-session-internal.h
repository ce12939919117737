/* hp-session-internal.h — what the two halves of HpSession share: its fields, its signals.
 *
 * hp-session.c holds the view state (run, selection, hover, visible
 * window, scope); hp-session-analyses.c the analyses it asks the results
 * cache for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-session-private.h"

G_BEGIN_DECLS

enum
{
  HP_SESSION_ANALYSIS_STARTED,
  HP_SESSION_ANALYSIS_FINISHED,
  HP_SESSION_PARAMS_CHANGED,
  HP_SESSION_SELECTED_EVENT_CHANGED,
  HP_SESSION_HOVERED_EVENT_CHANGED,
  HP_SESSION_N_SIGNALS
};

extern guint hp_session_signals[HP_SESSION_N_SIGNALS];

struct _HpSession
{
  GObject parent_instance;

  HpRun           *run;
  HpTrace         *trace;        /* the run's */
  HpScope         *scope;        /* NULL: the whole trace */
  HpTrace         *scoped_trace; /* what the analyses run on; NULL if the scope failed */
  GError          *scope_error;
  HpTimeSpan       selected_range;
  GArray          *selected_lanes; /* HpLaneRef of a selected area; empty: every lane */
  HpTimeSpan       visible_window;
  int              selected_event_rank; /* -1: no event selected */
  gint64           selected_event;
  int              hovered_event_rank; /* -1: no event under the pointer */
  gint64           hovered_event;
  gint64           hovered_time; /* HP_SESSION_NO_TIME: the pointer is off the timeline */
  HpLinkedEvents  *highlights;   /* NULL: none */
  guint            n_runs;       /* requests made: a generation unique across scopes */
  GSettings       *settings;
  HpResultCache   *cache;
  HpAnalysisParams params;
  int              selected_rank;
  GHashTable      *entries;   /* name → Entry, of the current scope and parameters */
  GHashTable      *overrides; /* name → const HpAnalysis *, for tests */
};

void _hp_session_entry_free (gpointer data);
void _hp_session_notify_progress (HpSession *self);
void _hp_session_start_entry (HpSession  *self,
                              const char *name);

G_END_DECLS
