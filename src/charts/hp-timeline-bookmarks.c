/* hp-timeline-bookmarks.c — named time ranges marked on the timeline, drawn as flags on its ruler.
 *
 * The list is kept in time order (by start, then end), so a bookmark's
 * index is its place on the ruler and "next" and "previous" are neighbours.
 * A list holds at most %HP_TIMELINE_BOOKMARKS_MAX marks, each name valid
 * UTF-8 of at most %HP_TIMELINE_BOOKMARK_NAME_MAX bytes: names come from
 * the state file too, which is input like any other.
 * It paints as a timeline overlay (hp_timeline_painter_add_overlay(), layer
 * %HP_TIMELINE_LAYER_OVER): a flag with the name on the ruler, the range as
 * a bar along the ruler's foot and a faint line down the lanes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <pango/pangocairo.h>
#include <string.h>

#include "hp-chart-private.h"
#include "hp-timeline-bookmarks.h"
#include "hp-timeline-painter-private.h"

#define FLAG_WIDTH 9.0
#define FLAG_HEIGHT 8.0
#define NAME_MAX_WIDTH 120.0

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
hp_timeline_bookmarks_get_n_items (HpTimelineBookmarks *self)
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
hp_timeline_bookmarks_get (HpTimelineBookmarks *self,
                           guint                index)
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
hp_timeline_bookmarks_find_next (HpTimelineBookmarks *self,
                                 gint64               t,
                                 int                  direction)
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

/**
 * hp_timeline_bookmarks_paint:
 * @bookmarks: an #HpTimelineBookmarks
 *
 * An #HpTimelineOverlayPaintFunc.
 */
void
hp_timeline_bookmarks_paint (const HpTimelineMapper *m,
                             cairo_t                *cr,
                             const HpChartStyle     *style,
                             gpointer                bookmarks)
{
  HpTimelineBookmarks  *self = bookmarks;
  HpColor               flag = style->palette[3];
  double                px = 1.0 / MAX (m->viewport.scale, 1.0);
  PangoLayout          *layout = NULL;
  PangoFontDescription *font = NULL;

  for (guint i = 0; i < self->items->len; i++)
    {
      const HpTimelineBookmark *b = &g_array_index (self->items, HpTimelineBookmark, i);
      double                    x0, x1;
      int                       tw, th;

      if (b->end < m->viewport.t0 || b->start >= m->viewport.t1)
        continue;
      x0 = _hp_timeline_snap (hp_timeline_mapper_time_to_x (m, b->start), m->viewport.scale);
      x1 = _hp_timeline_snap (hp_timeline_mapper_time_to_x (m, b->end), m->viewport.scale);

      /* the range: a bar at the ruler's foot, a faint band down the lanes */
      if (x1 > x0 + px)
        {
          cairo_rectangle (cr, x0, HP_TIMELINE_RULER_HEIGHT - 3, x1 - x0, 3);
          _hp_timeline_set_source (cr, &flag);
          cairo_fill (cr);
          cairo_rectangle (cr, x1, 0, px, m->viewport.height);
          _hp_timeline_set_source_alpha (cr, &flag, 0.5);
          cairo_fill (cr);
        }
      cairo_rectangle (cr, x0, 0, px, m->viewport.height);
      _hp_timeline_set_source_alpha (cr, &flag, 0.5);
      cairo_fill (cr);

      /* the flag and its name */
      cairo_move_to (cr, x0, 1);
      cairo_line_to (cr, x0 + FLAG_WIDTH, 1 + FLAG_HEIGHT / 2);
      cairo_line_to (cr, x0, 1 + FLAG_HEIGHT);
      cairo_close_path (cr);
      cairo_rectangle (cr, x0, 0, MAX (px, 1.0), HP_TIMELINE_RULER_HEIGHT);
      _hp_timeline_set_source (cr, &flag);
      cairo_fill (cr);

      if (b->name[0] == '\0')
        continue;
      if (layout == NULL)
        {
          layout = pango_cairo_create_layout (cr);
          font = _hp_chart_font_for_role (style, HP_CHART_TEXT_TICK);
          pango_layout_set_font_description (layout, font);
          pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
          pango_layout_set_width (layout, (int)(NAME_MAX_WIDTH * PANGO_SCALE));
        }
      pango_layout_set_text (layout, b->name, -1);
      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_rectangle (cr, x0 + FLAG_WIDTH + 1, 1, tw + 4, MIN (th, HP_TIMELINE_RULER_HEIGHT - 5));
      _hp_timeline_set_source_alpha (cr, &style->background, 0.85);
      cairo_fill (cr);
      cairo_move_to (cr, x0 + FLAG_WIDTH + 3, 1);
      _hp_timeline_set_source (cr, &style->foreground);
      pango_cairo_show_layout (cr, layout);
    }
  g_clear_object (&layout);
  g_clear_pointer (&font, pango_font_description_free);
}

/**
 * hp_timeline_bookmarks_hit_test:
 * @bookmarks: an #HpTimelineBookmarks
 *
 * An #HpTimelineOverlayHitFunc: a flag on the ruler answers with its
 * index in @hit->item, its range and its name as @hit->text.
 *
 * Returns: whether a flag is under the point
 */
gboolean
hp_timeline_bookmarks_hit_test (const HpTimelineMapper *m,
                                double                  x,
                                double                  y,
                                HpTimelineHit          *hit,
                                gpointer                bookmarks)
{
  HpTimelineBookmarks *self = bookmarks;

  if (y >= HP_TIMELINE_RULER_HEIGHT || x < m->time_left)
    return FALSE;
  /* the last drawn is on top */
  for (guint i = self->items->len; i-- > 0;)
    {
      const HpTimelineBookmark *b = &g_array_index (self->items, HpTimelineBookmark, i);
      double                    x0 = hp_timeline_mapper_time_to_x (m, b->start);

      if (x >= x0 - 3 && x <= x0 + FLAG_WIDTH + 3)
        {
          hit->item = i;
          hit->start = b->start;
          hit->end = b->end;
          g_free (hit->text);
          hit->text = g_strdup (b->name);
          return TRUE;
        }
    }
  return FALSE;
}
