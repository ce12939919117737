/* hp-timeline-bookmarks.h — named time ranges marked on the timeline, drawn as flags on its ruler.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include <cairo.h>

#include "hp-chart-style.h"
#include "hp-timeline-layout.h"

G_BEGIN_DECLS

/**
 * HpTimelineBookmark:
 * @start: the start of the marked range, ns
 * @end: its end, ns (at least @start)
 * @name: what the user calls it
 *
 * One bookmark.
 */
typedef struct
{
  gint64 start;
  gint64 end;
  char  *name;
} HpTimelineBookmark;

/* the most bookmarks a timeline keeps, and the longest name, in bytes,
 * a bookmark keeps (longer ones are cut at a character's boundary) */
#define HP_TIMELINE_BOOKMARKS_MAX 1000
#define HP_TIMELINE_BOOKMARK_NAME_MAX 256

HpTimelineBookmarks      *hp_timeline_bookmarks_new (void);
void                      hp_timeline_bookmarks_free (HpTimelineBookmarks *self);
guint                     hp_timeline_bookmarks_get_n_items (const HpTimelineBookmarks *self);
const HpTimelineBookmark *hp_timeline_bookmarks_get (const HpTimelineBookmarks *self,
                                                     guint                      index);
guint                     hp_timeline_bookmarks_add (HpTimelineBookmarks *self,
                                                     gint64               start,
                                                     gint64               end,
                                                     const char          *name);
void                      hp_timeline_bookmarks_remove (HpTimelineBookmarks *self,
                                                        guint                index);
void                      hp_timeline_bookmarks_rename (HpTimelineBookmarks *self,
                                                        guint                index,
                                                        const char          *name);
void                      hp_timeline_bookmarks_clear (HpTimelineBookmarks *self);
int                       hp_timeline_bookmarks_find_next (const HpTimelineBookmarks *self,
                                                           gint64                     t,
                                                           int                        direction);

void     hp_timeline_bookmarks_paint (const HpTimelineMapper *mapper,
                                      cairo_t                *cr,
                                      const HpChartStyle     *style,
                                      gpointer                bookmarks);
gboolean hp_timeline_bookmarks_hit_test (const HpTimelineMapper *mapper,
                                         double                  x,
                                         double                  y,
                                         HpTimelineHit          *hit,
                                         gpointer                bookmarks);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTimelineBookmarks, hp_timeline_bookmarks_free)

G_END_DECLS
