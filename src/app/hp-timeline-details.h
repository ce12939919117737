/* hp-timeline-details.h — the Timeline tab's details pane: what the selected event, range or area is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-core.h"
#include "hp-session.h"
#include "hp-timeline-view.h"

G_BEGIN_DECLS

#define HP_TYPE_TIMELINE_DETAILS (hp_timeline_details_get_type ())

G_DECLARE_FINAL_TYPE (HpTimelineDetails, hp_timeline_details, HP, TIMELINE_DETAILS, GtkWidget)

GtkWidget  *hp_timeline_details_new (void);
void        hp_timeline_details_set_view (HpTimelineDetails *self,
                                          HpTimelineView    *view,
                                          HpTrace           *trace);
void        hp_timeline_details_clear (HpTimelineDetails *self);
void        hp_timeline_details_show_nothing (HpTimelineDetails *self);
void        hp_timeline_details_show_event (HpTimelineDetails *self,
                                            int                rank,
                                            gint64             event,
                                            GPtrArray         *paths);
void        hp_timeline_details_show_range (HpTimelineDetails *self,
                                            HpRun             *run,
                                            gint64             start,
                                            gint64             end);
void        hp_timeline_details_show_area (HpTimelineDetails *self,
                                           gint64             start,
                                           gint64             end,
                                           const HpLaneRef   *lanes,
                                           guint              n_lanes);
GtkWidget  *hp_timeline_details_get_box (HpTimelineDetails *self);
const char *hp_timeline_details_get_title (HpTimelineDetails *self);

G_END_DECLS
