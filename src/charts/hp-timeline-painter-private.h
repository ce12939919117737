/* hp-timeline-painter-private.h — what the timeline painter's files share: its state and drawing helpers.
 *
 * The painter is split by what it paints: the object, its style and
 * overlays, and the paint and hit-test entry points
 * (hp-timeline-painter.c); the lanes area — background, events, counter
 * tracks (hp-timeline-lanes.c); the gutter and the ruler with its step band
 * (hp-timeline-axes.c); the idle-gap and highlight overlays
 * (hp-timeline-overlays.c); selection, hover, range and flows
 * (hp-timeline-selection.c); files (hp-timeline-export.c). The helpers
 * they share are in hp-timeline-draw.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>

#include <pango/pangocairo.h>

#include "hp-timeline-frame.h"
#include "hp-timeline-layout-private.h"
#include "hp-timeline-painter.h"

G_BEGIN_DECLS

typedef struct
{
  guint                      id;
  HpTimelineLayer            layer;
  HpTimelineOverlayPaintFunc paint;
  HpTimelineOverlayHitFunc   hit_test;
  gpointer                   user_data;
  GDestroyNotify             destroy;
} HpTimelineOverlayEntry;

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} HpTimelineBox;

struct _HpTimelinePainter
{
  /* what is painted, only read: the scene its owner changes (a
   * reference) and the scene's layout; what one picture needs besides is
   * the painter's own frame */
  const HpTimelineScene  *scene;
  const HpTimelineLayout *layout;
  HpTimelineFrame        *frame;
  HpTrace                *trace;
  HpChartStyle           *style;
  guint                   generation;
  const char             *domain; /* interned; NULL: English */

  /* colours of the mark colour indices, and of text on them */
  HpColor colors[HP_TIMELINE_N_COLORS];
  HpColor text_colors[HP_TIMELINE_N_COLORS];
  HpColor gutter;
  HpColor header;
  HpColor highlight;
  HpColor accent;

  /* text */
  PangoLayout          *pango;
  PangoFontDescription *small_font;
  PangoFontDescription *header_font;
  double                small_height;
  float                *name_widths; /* per string id, -1 until measured */
  char                **short_names; /* per string id, made when first drawn */
  guint                 n_strings;

  GArray *overlays; /* HpTimelineOverlayEntry */
  guint   next_overlay_id;
  guint   idle_overlay;

  int    selected_rank;
  gint64 selected_event;
  gint64 range_start;
  gint64 range_end;

  /* the lanes of a selected area, by rank position and lane (HpLaneRef);
   * NULL or empty: the range spans every lane */
  GArray *range_lanes;

  /* scratch, reused between frames */
  GArray *boxes[4]; /* HpTimelineBox, one batch per colour of an overlay */
  double *columns;  /* a value per device pixel column */
  gsize   n_columns;

  /* the backdrop and marks written straight into an image surface
   * (hp-timeline-lanes.c) */
  guint32        pixels[HP_TIMELINE_N_COLORS + 4]; /* mark colours, background, tint, grid, header */
  cairo_format_t pixels_format;                    /* of pixels; INVALID: to make */
  guint8        *mark_columns;                     /* per device column of a row: 1 + its colour, 0 none */
  gsize          n_mark_columns;
  GArray        *mark_spans; /* MarkSpan: runs of one colour in a row */
  GArray        *mark_bands; /* MarkBand: the rows of marks, top to bottom */
  guint8        *scratch;    /* the background row and the kind of each scanline */
  gsize          n_scratch;
  guint          n_marks_written;   /* by the last paint, straight into pixels */
  gboolean       backdrop_written;  /* by the last paint, straight into pixels */
  gboolean       marks_in_backdrop; /* the marks too, in the same pass */
  gboolean       pixels_by_cairo;   /* never straight into pixels: the reference, for tests */
};

static inline void
_hp_timeline_set_source (cairo_t       *cr,
                         const HpColor *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

static inline void
_hp_timeline_set_source_alpha (cairo_t       *cr,
                               const HpColor *c,
                               double         alpha)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha * alpha);
}

/* @v rounded to a device pixel */
static inline double
_hp_timeline_snap (double v,
                   double scale)
{
  return round (v * scale) / scale;
}

/* the top of a row on the picture, on a device pixel */
static inline double
_hp_timeline_row_top (const HpTimelineMapper *m,
                      const HpTimelineRow    *row)
{
  return _hp_timeline_snap (m->lanes_top + row->y - m->viewport.scroll_y, m->viewport.scale);
}

/* The box of @mk on the picture, user space. */
static inline void
_hp_timeline_mark_box (const HpTimelineMapper *m,
                       const HpTimelineRow    *row,
                       const HpTimelineMark   *mk,
                       double                 *x,
                       double                 *y,
                       double                 *w,
                       double                 *h)
{
  double px = 1.0 / m->viewport.scale;

  *x = mk->x;
  *y = _hp_timeline_row_top (m, row);
  *h = row->height;
  *w = mk->width;
  if (row->kind == HP_TIMELINE_ROW_RANK)
    {
      *y += 6;
      *h -= 12;
    }
  else
    {
      *y += 1;
      *h -= 2;
    }
  /* a device pixel of air between neighbouring boxes */
  if (!(mk->flags & HP_TIMELINE_MARK_MERGED) && *w >= 3 * px)
    *w -= px;
}

static inline void
_hp_timeline_add_box (GArray *boxes,
                      double  x,
                      double  y,
                      double  width,
                      double  height)
{
  HpTimelineBox b = { x, y, width, height };

  g_array_append_val (boxes, b);
}

/* hp-timeline-draw.c */
void                 _hp_timeline_painter_ensure_pango (HpTimelinePainter *self,
                                                        cairo_t           *cr);
void                 _hp_timeline_painter_draw_text (HpTimelinePainter          *self,
                                                     cairo_t                    *cr,
                                                     const PangoFontDescription *font,
                                                     const char                 *text,
                                                     double                      x,
                                                     double                      cy,
                                                     double                      max_width,
                                                     const HpColor              *color);
double               _hp_timeline_painter_text_width (HpTimelinePainter          *self,
                                                      const PangoFontDescription *font,
                                                      const char                 *text);
void                 _hp_timeline_clip_time_area (cairo_t                *cr,
                                                  const HpTimelineMapper *m,
                                                  gboolean                with_ruler);
void                 _hp_timeline_fill_boxes (cairo_t       *cr,
                                              GArray        *boxes,
                                              const HpColor *color,
                                              double         alpha,
                                              const HpColor *under);
const HpStep        *_hp_timeline_painter_band_steps (HpTimelinePainter *self,
                                                      guint             *n_steps);
const HpTimelineRow *_hp_timeline_visible_rows (const HpTimelineMapper *m,
                                                guint                  *first,
                                                guint                  *end);

/* hp-timeline-lanes.c */
void _hp_timeline_painter_paint_backdrop (HpTimelinePainter      *self,
                                          cairo_t                *cr,
                                          const HpTimelineMapper *m);
void _hp_timeline_painter_paint_marks (HpTimelinePainter      *self,
                                       cairo_t                *cr,
                                       const HpTimelineMapper *m);
void _hp_timeline_painter_paint_counters (HpTimelinePainter      *self,
                                          cairo_t                *cr,
                                          const HpTimelineMapper *m);

/* hp-timeline-pixels.c */
gboolean _hp_timeline_paint_backdrop_direct (HpTimelinePainter      *self,
                                             cairo_t                *cr,
                                             const HpTimelineMapper *m,
                                             gboolean                with_marks);
gboolean _hp_timeline_paint_marks_direct (HpTimelinePainter      *self,
                                          cairo_t                *cr,
                                          const HpTimelineMapper *m,
                                          const HpTimelineRow    *rows,
                                          const HpTimelineMark   *marks,
                                          guint                   n_marks);

/* hp-timeline-axes.c */
void _hp_timeline_painter_paint_gutter (HpTimelinePainter      *self,
                                        cairo_t                *cr,
                                        const HpTimelineMapper *m);
void _hp_timeline_painter_paint_ruler (HpTimelinePainter      *self,
                                       cairo_t                *cr,
                                       const HpTimelineMapper *m);

/* hp-timeline-overlays.c: the built-in overlays, user_data is the painter */
void     _hp_timeline_paint_idle (const HpTimelineMapper *mapper,
                                  cairo_t                *cr,
                                  const HpChartStyle     *style,
                                  gpointer                user_data);
gboolean _hp_timeline_hit_idle (const HpTimelineMapper *mapper,
                                double                  x,
                                double                  y,
                                HpTimelineHit          *hit,
                                gpointer                user_data);
void     _hp_timeline_paint_highlights (const HpTimelineMapper *mapper,
                                        cairo_t                *cr,
                                        const HpChartStyle     *style,
                                        gpointer                user_data);

/* hp-timeline-selection.c */
void _hp_timeline_paint_hover (HpTimelinePainter      *self,
                               const HpTimelineMapper *m,
                               cairo_t                *cr,
                               int                     rank_pos,
                               gint64                  event);
void _hp_timeline_paint_selection (const HpTimelineMapper *mapper,
                                   cairo_t                *cr,
                                   const HpChartStyle     *style,
                                   gpointer                user_data);

G_END_DECLS
