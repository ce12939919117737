/* hp-trace-page.h — one opened trace: its load problems above the analysis tabs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-analysis-panel.h"
#include "hp-scope-bar.h"
#include "hp-session.h"
#include "hp-timeline-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_TRACE_PAGE (hp_trace_page_get_type ())

G_DECLARE_FINAL_TYPE (HpTracePage, hp_trace_page, HP, TRACE_PAGE, GtkWidget)

GtkWidget       *hp_trace_page_new (HpSession *session);
HpSession       *hp_trace_page_get_session (HpTracePage *self);
GtkNotebook     *hp_trace_page_get_notebook (HpTracePage *self);
HpAnalysisPanel *hp_trace_page_get_current_panel (HpTracePage *self);
HpTimelinePanel *hp_trace_page_get_timeline_panel (HpTracePage *self);
gboolean         hp_trace_page_get_issues_shown (HpTracePage *self);
const char      *hp_trace_page_get_issues_text (HpTracePage *self);
HpScopeBar      *hp_trace_page_get_scope_bar (HpTracePage *self);

G_END_DECLS
