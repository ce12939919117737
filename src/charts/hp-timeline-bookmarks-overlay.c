/* hp-timeline-bookmarks-overlay.c — bookmarks painted on a timeline: a flag with the name on the ruler, the range along its foot.
 *
 * A timeline overlay (hp_timeline_painter_add_overlay(), layer
 * %HP_TIMELINE_LAYER_OVER) whose data is an #HpTimelineBookmarks: a flag
 * with the name on the ruler, the range as a bar along the ruler's foot
 * and a faint line down the lanes. It only reads the list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <pango/pangocairo.h>

#include "hp-chart-private.h"
#include "hp-timeline-bookmarks.h"
#include "hp-timeline-painter-private.h"

#define FLAG_WIDTH 9.0
#define FLAG_HEIGHT 8.0
#define NAME_MAX_WIDTH 120.0

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
  const HpTimelineBookmarks *self = bookmarks;
  HpColor                    flag = style->palette[3];
  double                     px = 1.0 / MAX (m->viewport.scale, 1.0);
  PangoLayout               *layout = NULL;
  PangoFontDescription      *font = NULL;

  for (guint i = 0; i < hp_timeline_bookmarks_get_n_items (self); i++)
    {
      const HpTimelineBookmark *b = hp_timeline_bookmarks_get (self, i);
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
  const HpTimelineBookmarks *self = bookmarks;

  if (y >= HP_TIMELINE_RULER_HEIGHT || x < m->time_left)
    return FALSE;
  /* the last drawn is on top */
  for (guint i = hp_timeline_bookmarks_get_n_items (self); i-- > 0;)
    {
      const HpTimelineBookmark *b = hp_timeline_bookmarks_get (self, i);
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
