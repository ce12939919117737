/* hp-timeline-area-table.h — the table under the timeline of the events of a selected area, by name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-core.h"
#include "hp-session.h"
#include "hp-table-view.h"

G_BEGIN_DECLS

#define HP_TYPE_TIMELINE_AREA_TABLE (hp_timeline_area_table_get_type ())

G_DECLARE_FINAL_TYPE (HpTimelineAreaTable, hp_timeline_area_table, HP, TIMELINE_AREA_TABLE, GtkWidget)

GtkWidget   *hp_timeline_area_table_new (void);
void         hp_timeline_area_table_show (HpTimelineAreaTable *self,
                                          HpRun               *run,
                                          HpTrace             *trace,
                                          gint64               start,
                                          gint64               end,
                                          const HpLaneRef     *lanes,
                                          guint                n_lanes);
void         hp_timeline_area_table_hide (HpTimelineAreaTable *self);
HpTableView *hp_timeline_area_table_get_table_view (HpTimelineAreaTable *self);
const char  *hp_timeline_area_table_get_message (HpTimelineAreaTable *self);

G_END_DECLS
