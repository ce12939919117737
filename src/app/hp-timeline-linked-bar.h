/* hp-timeline-linked-bar.h — the bar over the timeline that steps through the events a table row stands for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-core.h"
#include "hp-timeline-view.h"

G_BEGIN_DECLS

#define HP_TYPE_TIMELINE_LINKED_BAR (hp_timeline_linked_bar_get_type ())

G_DECLARE_FINAL_TYPE (HpTimelineLinkedBar, hp_timeline_linked_bar, HP, TIMELINE_LINKED_BAR, GtkWidget)

GtkWidget  *hp_timeline_linked_bar_new (void);
void        hp_timeline_linked_bar_set_view (HpTimelineLinkedBar *self,
                                             HpTimelineView      *view,
                                             HpTrace             *trace);
void        hp_timeline_linked_bar_show (HpTimelineLinkedBar  *self,
                                         const HpLinkedEvents *linked);
void        hp_timeline_linked_bar_hide (HpTimelineLinkedBar *self);
void        hp_timeline_linked_bar_step (HpTimelineLinkedBar *self,
                                         int                  direction);
void        hp_timeline_linked_bar_update_position (HpTimelineLinkedBar *self);
const char *hp_timeline_linked_bar_get_text (HpTimelineLinkedBar *self);

G_END_DECLS
