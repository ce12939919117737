/* hp-bookmarks-popover.h — the list of a timeline's bookmarks: jump to one, rename it, delete it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-timeline-view.h"

G_BEGIN_DECLS

#define HP_TYPE_BOOKMARKS_POPOVER (hp_bookmarks_popover_get_type ())

G_DECLARE_FINAL_TYPE (HpBookmarksPopover, hp_bookmarks_popover, HP, BOOKMARKS_POPOVER, GtkPopover)

GtkWidget      *hp_bookmarks_popover_new (void);
HpTimelineView *hp_bookmarks_popover_get_view (HpBookmarksPopover *self);
void            hp_bookmarks_popover_set_view (HpBookmarksPopover *self,
                                               HpTimelineView     *view);
GtkListView    *hp_bookmarks_popover_get_list (HpBookmarksPopover *self);
GListModel     *hp_bookmarks_popover_get_model (HpBookmarksPopover *self);

G_END_DECLS
