/* hp-timeline-panel.h — the Timeline tab: the timeline, its toolbar, search and details pane.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-core.h"
#include "hp-session.h"
#include "hp-table-view.h"
#include "hp-timeline-view.h"

G_BEGIN_DECLS

#define HP_TYPE_TIMELINE_PANEL (hp_timeline_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpTimelinePanel, hp_timeline_panel, HP, TIMELINE_PANEL, GtkWidget)

GtkWidget      *hp_timeline_panel_new (void);
HpSession      *hp_timeline_panel_get_session (HpTimelinePanel *self);
void            hp_timeline_panel_set_session (HpTimelinePanel *self,
                                               HpSession       *session);
void            hp_timeline_panel_set_trace (HpTimelinePanel *self,
                                             HpTrace         *trace);
HpTimelineView *hp_timeline_panel_get_view (HpTimelinePanel *self);
GPtrArray      *hp_timeline_panel_get_critical_paths (HpTimelinePanel *self);
gboolean        hp_timeline_panel_is_computing_critical_path (HpTimelinePanel *self);
GtkWidget      *hp_timeline_panel_get_details (HpTimelinePanel *self);
const char     *hp_timeline_panel_get_details_title (HpTimelinePanel *self);
const char     *hp_timeline_panel_get_window_text (HpTimelinePanel *self);
HpTableView    *hp_timeline_panel_get_area_table (HpTimelinePanel *self);
void            hp_timeline_panel_search (HpTimelinePanel *self,
                                          const char      *text);
const char     *hp_timeline_panel_get_match_text (HpTimelinePanel *self);
gboolean        hp_timeline_panel_export (HpTimelinePanel *self,
                                          const char      *path,
                                          GError         **error);
void            hp_timeline_panel_export_dialog (HpTimelinePanel *self);
void            hp_timeline_panel_show_linked (HpTimelinePanel      *self,
                                               const HpLinkedEvents *linked);
const char     *hp_timeline_panel_get_linked_text (HpTimelinePanel *self);

G_END_DECLS
