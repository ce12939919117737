/* hp-timeline-bookmarks.c — named time ranges marked on the timeline, drawn as flags on its ruler.
 *
 * The list is kept in time order (by start, then end), so a bookmark's
 * index is its place on the ruler and "next" and "previous" are neighbours.
 * A list holds at most %HP_TIMELINE_BOOKMARKS_MAX marks, each name valid
 * UTF-8 of at most %HP_TIMELINE_BOOKMARK_NAME_MAX bytes: names come from
 * the state file too, which is input like any other.
 * It paints as a timeline overlay (hp-timeline-bookmarks-overlay.c); this
 * file is the list alone, kept in a timeline's arrangement.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-timeline-bookmarks.h"

struct _HpTimelineBookmarks
{
  GArray *items; /* HpTimelineBookmark, by start */
};

static void
bookmark_clear (gpointer data)
{
  HpTimelineBookmark *b = data;

  g_free (b->name);
}

/**
 * hp_timeline_bookmarks_new:
 *
 * Returns: (transfer full): an empty list of bookmarks
 */
HpTimelineBookmarks *
hp_timeline_bookmarks_new (void)
{
  HpTimelineBookmarks *self = g_new0 (HpTimelineBookmarks, 1);

  self->items = g_array_new (FALSE, FALSE, sizeof (HpTimelineBookmark));
  g_array_set_clear_func (self->items, bookmark_clear);
  return self;
}

void
hp_timeline_bookmarks_free (HpTimelineBookmarks *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->items);
  g_free (self);
}

guint
hp_timeline_bookmarks_get_n_items (const HpTimelineBookmarks *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->items->len;
}

/**
 * hp_timeline_bookmarks_get:
 * @index: below hp_timeline_bookmarks_get_n_items()
 *
 * Returns: (transfer none): the bookmark, valid until the list changes
 */
const HpTimelineBookmark *
hp_timeline_bookmarks_get (const HpTimelineBookmarks *self,
                           guint                      index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->items->len, NULL);
  return &g_array_index (self->items, HpTimelineBookmark, index);
}

/* @name as a bookmark keeps it: valid UTF-8 of at most
 * HP_TIMELINE_BOOKMARK_NAME_MAX bytes */
static char *
clean_name (const char *name)
{
  char *valid = g_utf8_make_valid (name, -1);
  char *end;

  if (strlen (valid) > HP_TIMELINE_BOOKMARK_NAME_MAX)
    {
      end = g_utf8_find_prev_char (valid, valid + HP_TIMELINE_BOOKMARK_NAME_MAX + 1);
      *end = '\0';
    }
  return valid;
}

/**
 * hp_timeline_bookmarks_add:
 * @start: the start of the range, ns
 * @end: its end, ns; a point when equal to @start (swapped if before it)
 * @name: what to call it (made valid UTF-8 and cut to
 *   %HP_TIMELINE_BOOKMARK_NAME_MAX bytes)
 *
 * Returns: the new bookmark's index in time order, or %G_MAXUINT when the
 *   list already holds %HP_TIMELINE_BOOKMARKS_MAX
 */
guint
hp_timeline_bookmarks_add (HpTimelineBookmarks *self,
                           gint64               start,
                           gint64               end,
                           const char          *name)
{
  HpTimelineBookmark b;
  guint              lo = 0, hi;

  g_return_val_if_fail (self != NULL, G_MAXUINT);
  g_return_val_if_fail (name != NULL, G_MAXUINT);

  if (self->items->len >= HP_TIMELINE_BOOKMARKS_MAX)
    return G_MAXUINT;
  b.start = MIN (start, end);
  b.end = MAX (start, end);
  /* after every mark that does not come later: the first whose (start,
   * end) is greater */
  hi = self->items->len;
  while (lo < hi)
    {
      guint                     mid = lo + (hi - lo) / 2;
      const HpTimelineBookmark *o = &g_array_index (self->items, HpTimelineBookmark, mid);

      if (o->start > b.start || (o->start == b.start && o->end > b.end))
        hi = mid;
      else
        lo = mid + 1;
    }
  b.name = clean_name (name);
  g_array_insert_val (self->items, lo, b);
  return lo;
}

void
hp_timeline_bookmarks_remove (HpTimelineBookmarks *self,
                              guint                index)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->items->len);
  g_array_remove_index (self->items, index);
}

void
hp_timeline_bookmarks_rename (HpTimelineBookmarks *self,
                              guint                index,
                              const char          *name)
{
  HpTimelineBookmark *b;

  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->items->len);
  g_return_if_fail (name != NULL);

  b = &g_array_index (self->items, HpTimelineBookmark, index);
  g_free (b->name);
  b->name = clean_name (name);
}

void
hp_timeline_bookmarks_clear (HpTimelineBookmarks *self)
{
  g_return_if_fail (self != NULL);
  g_array_set_size (self->items, 0);
}

/**
 * hp_timeline_bookmarks_find_next:
 * @t: a time, ns
 * @direction: 1 for the first bookmark starting after @t, -1 for the last
 *   starting before it
 *
 * Returns: the bookmark's index, or -1 when there is none that way
 */
int
hp_timeline_bookmarks_find_next (const HpTimelineBookmarks *self,
                                 gint64                     t,
                                 int                        direction)
{
  g_return_val_if_fail (self != NULL, -1);

  if (direction >= 0)
    {
      for (guint i = 0; i < self->items->len; i++)
        if (g_array_index (self->items, HpTimelineBookmark, i).start > t)
          return (int)i;
      return -1;
    }
  for (guint i = self->items->len; i-- > 0;)
    if (g_array_index (self->items, HpTimelineBookmark, i).start < t)
      return (int)i;
  return -1;
}

/* Painting */
