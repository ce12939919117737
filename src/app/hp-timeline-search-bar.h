/* hp-timeline-search-bar.h — the Timeline tab's search bar: find events by name and step through the matches.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-timeline-view.h"

G_BEGIN_DECLS

#define HP_TYPE_TIMELINE_SEARCH_BAR (hp_timeline_search_bar_get_type ())

G_DECLARE_FINAL_TYPE (HpTimelineSearchBar, hp_timeline_search_bar, HP, TIMELINE_SEARCH_BAR, GtkWidget)

GtkWidget    *hp_timeline_search_bar_new (void);
void          hp_timeline_search_bar_set_view (HpTimelineSearchBar *self,
                                               HpTimelineView      *view);
GtkSearchBar *hp_timeline_search_bar_get_bar (HpTimelineSearchBar *self);
void          hp_timeline_search_bar_open (HpTimelineSearchBar *self);
void          hp_timeline_search_bar_search (HpTimelineSearchBar *self,
                                             const char          *text);
void          hp_timeline_search_bar_close (HpTimelineSearchBar *self);
void          hp_timeline_search_bar_update (HpTimelineSearchBar *self);
const char   *hp_timeline_search_bar_get_match_text (HpTimelineSearchBar *self);

G_END_DECLS
