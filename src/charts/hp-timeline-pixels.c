/* hp-timeline-pixels.c — the timeline's lanes written straight into an image surface's pixels, where that is exact.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-timeline-painter-private.h"

/* Marks straight into an image surface.
 *
 * At fit most marks are a pixel or two wide and as tall as their row:
 * cairo fills each as a box of its own, a column at a time, and that was
 * most of a frame. Every mark is opaque and, on a whole-pixel grid, covers
 * whole pixels, so writing them is exact: per row, the colour of each
 * device column (the highest colour index wins, as when colours are filled
 * in order), then that row of colours copied into each scanline of the
 * row's band, inside the clip. Anything else — vector surfaces, groups,
 * rotations, a scale that puts an edge between pixels, a clip that is not a
 * set of whole-pixel boxes — goes through cairo. */

typedef struct
{
  int     x0;
  int     x1;
  guint32 pixel;
} MarkSpan;

/* An image surface to write into, and how user space maps onto its
 * pixels. */
typedef struct
{
  double                sx, sy; /* device pixels per user unit */
  double                ox, oy; /* device position of the user origin */
  guint8               *data;
  int                   stride;
  int                   width;
  int                   height;
  cairo_rectangle_int_t clips[16]; /* the clip, as whole pixels on the surface */
  int                   n_clips;
} PixelTarget;

/* @v in device space as a whole pixel, or FALSE when it is between pixels
 * (cairo keeps 1/256 of a pixel: closer than that is on the pixel) */
static gboolean
on_pixel (double v,
          int   *pixel)
{
  double r = round (v);

  if (!(fabs (v - r) < 1e-3) || r < -(1 << 28) || r > (1 << 28))
    return FALSE;
  *pixel = (int)r;
  return TRUE;
}

static gboolean
x_pixel (const PixelTarget *t,
         double             x,
         int               *pixel)
{
  return on_pixel (x * t->sx + t->ox, pixel);
}

static gboolean
y_pixel (const PixelTarget *t,
         double             y,
         int               *pixel)
{
  return on_pixel (y * t->sy + t->oy, pixel);
}

/* The mark colours, then these, as pixels */
enum
{
  PIXEL_BACKGROUND = HP_TIMELINE_N_COLORS,
  PIXEL_TINT,
  PIXEL_GRID,
  PIXEL_HEADER,
  N_PIXELS
};

/* Each colour as a pixel of @format, as cairo writes it; FALSE when one is
 * not opaque. */
static gboolean
ensure_pixels (HpTimelinePainter *self,
               cairo_format_t     format)
{
  HpColor          colors[N_PIXELS];
  cairo_surface_t *probe;
  cairo_t         *cr;
  const guint8    *data;

  G_STATIC_ASSERT (sizeof self->pixels == N_PIXELS * sizeof (guint32));

  memcpy (colors, self->colors, sizeof self->colors);
  colors[PIXEL_BACKGROUND] = self->style->background;
  colors[PIXEL_TINT] = hp_color_mix (&self->style->background, &self->style->grid, 0.35);
  colors[PIXEL_GRID] = self->style->grid;
  colors[PIXEL_HEADER] = self->header;
  for (guint c = 0; c < N_PIXELS; c++)
    if (colors[c].alpha < 1.0)
      return FALSE;
  if (self->pixels_format == format)
    return TRUE;

  probe = cairo_image_surface_create (format, N_PIXELS, 1);
  cr = cairo_create (probe);
  for (guint c = 0; c < N_PIXELS; c++)
    {
      cairo_rectangle (cr, c, 0, 1, 1);
      _hp_timeline_set_source (cr, &colors[c]);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
  cairo_surface_flush (probe);
  data = cairo_image_surface_get_data (probe);
  memcpy (self->pixels, data, sizeof self->pixels);
  cairo_surface_destroy (probe);
  self->pixels_format = format;
  return TRUE;
}

/* Fills @t with what writing into @cr's pixels needs, within its clip;
 * FALSE when cairo must paint: not an image surface of 32-bit pixels, an
 * operator but OVER, a rotation, a clip that is not whole pixels, a colour
 * that is not opaque. Flushes the surface. */
static gboolean
pixel_target_init (HpTimelinePainter *self,
                   cairo_t           *cr,
                   PixelTarget       *t)
{
  cairo_surface_t        *target = cairo_get_group_target (cr);
  cairo_rectangle_list_t *clip;
  cairo_matrix_t          ctm;
  cairo_format_t          format;
  double                  ux = 0, uy = 0, vx = 1, vy = 1, dsx, dsy, dox, doy;

  if (self->pixels_by_cairo || cairo_surface_get_type (target) != CAIRO_SURFACE_TYPE_IMAGE ||
      cairo_get_operator (cr) != CAIRO_OPERATOR_OVER)
    return FALSE;
  format = cairo_image_surface_get_format (target);
  if (format != CAIRO_FORMAT_ARGB32 && format != CAIRO_FORMAT_RGB24)
    return FALSE;
  if (!ensure_pixels (self, format))
    return FALSE;

  /* user space is the surface's pixels scaled and moved, no more: the
   * transformation matrix, then the surface's device scale and offset */
  cairo_get_matrix (cr, &ctm);
  if (ctm.xy != 0 || ctm.yx != 0)
    return FALSE;
  cairo_user_to_device (cr, &ux, &uy);
  cairo_user_to_device (cr, &vx, &vy);
  cairo_surface_get_device_scale (target, &dsx, &dsy);
  cairo_surface_get_device_offset (target, &dox, &doy);
  t->sx = (vx - ux) * dsx;
  t->sy = (vy - uy) * dsy;
  t->ox = ux * dsx + dox;
  t->oy = uy * dsy + doy;
  if (!(t->sx > 0 && t->sy > 0))
    return FALSE;

  t->width = cairo_image_surface_get_width (target);
  t->height = cairo_image_surface_get_height (target);
  t->stride = cairo_image_surface_get_stride (target);

  clip = cairo_copy_clip_rectangle_list (cr);
  if (clip->status != CAIRO_STATUS_SUCCESS || clip->num_rectangles > (int)G_N_ELEMENTS (t->clips))
    {
      cairo_rectangle_list_destroy (clip);
      return FALSE;
    }
  t->n_clips = 0;
  for (int i = 0; i < clip->num_rectangles; i++)
    {
      const cairo_rectangle_t *r = &clip->rectangles[i];
      int                      x0, y0, x1, y1;

      if (!x_pixel (t, r->x, &x0) || !y_pixel (t, r->y, &y0) || !x_pixel (t, r->x + r->width, &x1) ||
          !y_pixel (t, r->y + r->height, &y1))
        {
          cairo_rectangle_list_destroy (clip);
          return FALSE;
        }
      x0 = MAX (x0, 0);
      y0 = MAX (y0, 0);
      x1 = MIN (x1, t->width);
      y1 = MIN (y1, t->height);
      if (x1 > x0 && y1 > y0)
        t->clips[t->n_clips++] = (cairo_rectangle_int_t){ x0, y0, x1 - x0, y1 - y0 };
    }
  cairo_rectangle_list_destroy (clip);

  cairo_surface_flush (target);
  t->data = cairo_image_surface_get_data (target);
  return TRUE;
}

static inline guint32 *
pixel_line (const PixelTarget *t,
            int                y)
{
  return (guint32 *)(gpointer)(t->data + (gsize)y * (gsize)t->stride);
}

static inline void
fill_pixels (guint32 *line,
             int      x0,
             int      x1,
             guint32  pixel)
{
  for (int x = x0; x < x1; x++)
    line[x] = pixel;
}

static guint8 *
scratch_bytes (HpTimelinePainter *self,
               gsize              n)
{
  if (self->n_scratch < n)
    {
      g_free (self->scratch);
      self->scratch = g_malloc0 (n);
      self->n_scratch = n;
    }
  return self->scratch;
}

/* The device rows a row's marks cover, and their runs of one colour in
 * the painter's mark_spans. */
typedef struct
{
  int   y0;
  int   y1;
  guint first;
  guint end;
} MarkBand;

/* Adds the runs of the marks of one row, @marks[@a … @b), to the
 * painter's mark_spans; FALSE when they cover no pixel. */
static gboolean
row_spans (HpTimelinePainter      *self,
           const HpTimelineMapper *m,
           const HpTimelineRow    *row,
           const HpTimelineMark   *marks,
           guint                   a,
           guint                   b,
           const PixelTarget      *t,
           MarkBand               *band)
{
  guint8 *cols = self->mark_columns;
  int     lo = t->width, hi = 0;

  for (guint k = a; k < b; k++)
    {
      double x, y, w, h;
      int    x0, x1;

      _hp_timeline_mark_box (m, row, &marks[k], &x, &y, &w, &h);
      if (k == a)
        {
          (void)y_pixel (t, y, &band->y0);
          (void)y_pixel (t, y + h, &band->y1);
        }
      (void)x_pixel (t, x, &x0);
      (void)x_pixel (t, x + w, &x1);
      x0 = MAX (x0, 0);
      x1 = MIN (x1, t->width);
      if (x1 <= x0)
        continue;
      lo = MIN (lo, x0);
      hi = MAX (hi, x1);
      for (int c = x0; c < x1; c++)
        cols[c] = MAX (cols[c], (guint8)(marks[k].color + 1));
    }
  if (hi <= lo)
    return FALSE;

  band->first = self->mark_spans->len;
  for (int c = lo; c < hi;)
    {
      int run = c + 1;

      while (run < hi && cols[run] == cols[c])
        run++;
      if (cols[c] != 0)
        {
          MarkSpan sp = { c, run, self->pixels[cols[c] - 1] };

          g_array_append_val (self->mark_spans, sp);
        }
      c = run;
    }
  band->end = self->mark_spans->len;
  memset (cols + lo, 0, (gsize)(hi - lo));
  return TRUE;
}

/* One scanline of @band, within [@x0, @x1) */
static inline void
write_band_line (HpTimelinePainter *self,
                 const MarkBand    *band,
                 guint32           *line,
                 int                x0,
                 int                x1)
{
  const MarkSpan *spans = (const MarkSpan *)(gpointer)self->mark_spans->data;

  for (guint s = band->first; s < band->end; s++)
    fill_pixels (line, MAX (spans[s].x0, x0), MIN (spans[s].x1, x1), spans[s].pixel);
}

/* Whether every edge of every mark is on a pixel of @t */
static gboolean
marks_on_pixels (const PixelTarget      *t,
                 const HpTimelineMapper *m,
                 const HpTimelineRow    *rows,
                 const HpTimelineMark   *marks,
                 guint                   n_marks)
{
  for (guint k = 0; k < n_marks; k++)
    {
      double x, y, w, h;
      int    p;

      _hp_timeline_mark_box (m, &rows[marks[k].row], &marks[k], &x, &y, &w, &h);
      if (!x_pixel (t, x, &p) || !x_pixel (t, x + w, &p) || !y_pixel (t, y, &p) || !y_pixel (t, y + h, &p))
        return FALSE;
    }
  return TRUE;
}

/* The bands of the frame's marks, top to bottom, in the painter's
 * mark_bands. */
static void
mark_bands (HpTimelinePainter      *self,
            const HpTimelineMapper *m,
            const HpTimelineRow    *rows,
            const HpTimelineMark   *marks,
            guint                   n_marks,
            const PixelTarget      *t)
{
  if (self->n_mark_columns < (gsize)t->width)
    {
      g_free (self->mark_columns);
      self->mark_columns = g_malloc0 ((gsize)t->width);
      self->n_mark_columns = (gsize)t->width;
    }
  if (self->mark_spans == NULL)
    {
      self->mark_spans = g_array_new (FALSE, FALSE, sizeof (MarkSpan));
      self->mark_bands = g_array_new (FALSE, FALSE, sizeof (MarkBand));
    }
  g_array_set_size (self->mark_spans, 0);
  g_array_set_size (self->mark_bands, 0);

  /* the marks come row by row, and rows top to bottom */
  for (guint a = 0; a < n_marks;)
    {
      guint    b = a + 1;
      MarkBand band;

      while (b < n_marks && marks[b].row == marks[a].row)
        b++;
      if (row_spans (self, m, &rows[marks[a].row], marks, a, b, t, &band))
        g_array_append_val (self->mark_bands, band);
      a = b;
    }
}

/* The backdrop straight into pixels, as _hp_timeline_painter_paint_backdrop()
 * paints it: every scanline of the lanes area is the background row (with
 * its tinted steps and tick lines), a rank header or a separator, so each
 * is written once, top to bottom. */
gboolean
_hp_timeline_paint_backdrop_direct (HpTimelinePainter      *self,
                                    cairo_t                *cr,
                                    const HpTimelineMapper *m,
                                    gboolean                with_marks)
{
  const HpTimelineRuler *ruler = hp_timeline_frame_get_ruler (self->frame);
  const HpTimelineRow   *rows;
  PixelTarget            t;
  double                 scale = m->viewport.scale, px = 1 / scale;
  guint                  first, end;
  int                    tl, tr, top, bottom, left, right, a, b;
  guint32               *row_pixels;
  guint8                *kinds; /* per scanline: 0 the background row, 1 a header, 2 a separator */

  if (!pixel_target_init (self, cr, &t))
    return FALSE;
  if (!x_pixel (&t, m->time_left, &tl) || !x_pixel (&t, m->time_right, &tr) || !y_pixel (&t, m->lanes_top, &top) ||
      !y_pixel (&t, m->viewport.height, &bottom) || !x_pixel (&t, m->viewport.width, &right) || !x_pixel (&t, 0, &left))
    return FALSE;
  left = MAX (left, 0);
  right = MIN (right, t.width);
  top = MAX (top, 0);
  bottom = MIN (bottom, t.height);
  if (bottom <= top)
    return TRUE;

  row_pixels = (guint32 *)(gpointer)scratch_bytes (self, (gsize)t.width * sizeof (guint32) + (gsize)t.height);
  kinds = (guint8 *)(row_pixels + t.width);
  memset (kinds, 0, (gsize)t.height);

  /* the background row: tinted steps, tick lines */
  a = CLAMP (tl, 0, t.width);
  b = CLAMP (tr, 0, t.width);
  fill_pixels (row_pixels, a, b, self->pixels[PIXEL_BACKGROUND]);
  if (hp_timeline_scene_get_flags (self->scene) & HP_TIMELINE_SHOW_ITERATIONS)
    {
      guint         n_steps;
      const HpStep *steps = _hp_timeline_painter_band_steps (self, &n_steps);
      double        x = m->time_left;

      for (guint i = 1; i < n_steps; i += 2)
        {
          double x0, x1;
          int    d0, d1;

          if (steps[i].span.end <= m->viewport.t0 || steps[i].span.start >= m->viewport.t1)
            continue;
          x0 = MAX (_hp_timeline_snap (hp_timeline_mapper_time_to_x (m, steps[i].span.start), scale), x);
          x1 = MIN (MAX (_hp_timeline_snap (hp_timeline_mapper_time_to_x (m, steps[i].span.end), scale), x0 + 1 / scale), m->time_right);
          if (x1 <= x0)
            continue;
          if (!x_pixel (&t, x0, &d0) || !x_pixel (&t, x1, &d1))
            return FALSE;
          fill_pixels (row_pixels, MAX (d0, a), MIN (d1, b), self->pixels[PIXEL_TINT]);
          x = x1;
        }
    }
  for (guint i = 0; i < ruler->n_ticks; i++)
    {
      double x = _hp_timeline_snap (hp_timeline_mapper_time_to_x (m, ruler->ticks[i]), scale);
      int    d0, d1;

      if (!x_pixel (&t, x, &d0) || !x_pixel (&t, x + px, &d1))
        return FALSE;
      fill_pixels (row_pixels, MAX (d0, a), MIN (d1, b), self->pixels[PIXEL_GRID]);
    }

  /* rank headers, then the lane separators over them */
  rows = _hp_timeline_visible_rows (m, &first, &end);
  for (guint i = first; i < end; i++)
    if (rows[i].kind == HP_TIMELINE_ROW_RANK)
      {
        double y = _hp_timeline_row_top (m, &rows[i]);
        int    d0, d1;

        if (!y_pixel (&t, y, &d0) || !y_pixel (&t, y + rows[i].height, &d1))
          return FALSE;
        for (int d = MAX (d0, top); d < MIN (d1, bottom); d++)
          kinds[d] = 1;
      }
  for (guint i = first; i < end; i++)
    {
      double y = _hp_timeline_row_top (m, &rows[i]), y0;
      int    d0, d1;

      if ((rows[i].kind == HP_TIMELINE_ROW_SLICES && rows[i].depth == 0) || rows[i].kind == HP_TIMELINE_ROW_COUNTER)
        y0 = _hp_timeline_snap (y - HP_TIMELINE_LANE_GAP / 2, scale);
      else if (rows[i].kind == HP_TIMELINE_ROW_RANK)
        y0 = _hp_timeline_snap (y + rows[i].height - 1 / scale, scale);
      else
        continue;
      if (!y_pixel (&t, y0, &d0) || !y_pixel (&t, y0 + px, &d1))
        return FALSE;
      for (int d = MAX (d0, top); d < MIN (d1, bottom); d++)
        kinds[d] = 2;
    }

  /* the marks too, on the same pass, when nothing is painted between
   * (the marks are clipped to the time area, as the background row) */
  if (with_marks)
    {
      const HpTimelineMark *marks;
      guint                 n_rows, n_marks;
      const HpTimelineRow  *all_rows = hp_timeline_scene_get_rows (self->scene, &n_rows);

      marks = hp_timeline_frame_get_marks (self->frame, &n_marks);
      if (marks_on_pixels (&t, m, all_rows, marks, n_marks))
        {
          mark_bands (self, m, all_rows, marks, n_marks, &t);
          self->marks_in_backdrop = TRUE;
        }
    }

  /* each scanline once; headers and separators span the whole width, the
   * background row and the marks only the time area */
  for (int c = 0; c < t.n_clips; c++)
    {
      const cairo_rectangle_int_t *cl = &t.clips[c];
      int                          cx0 = cl->x, cx1 = cl->x + cl->width;
      int                          ys = MAX (cl->y, top), ye = MIN (cl->y + cl->height, bottom);
      int                          ws = MAX (cx0, left), we = MIN (cx1, right);
      int                          xs = MAX (cx0, a), xe = MIN (cx1, b);
      const MarkBand              *bands = NULL;
      guint                        n_bands = 0, band = 0;

      if (self->marks_in_backdrop)
        {
          bands = (const MarkBand *)(gpointer)self->mark_bands->data;
          n_bands = self->mark_bands->len;
        }
      for (int y = ys; y < ye; y++)
        {
          guint32 *line = pixel_line (&t, y);

          if (kinds[y] == 0)
            {
              if (xe > xs)
                memcpy (line + xs, row_pixels + xs, (gsize)(xe - xs) * sizeof (guint32));
            }
          else
            fill_pixels (line, ws, we, self->pixels[kinds[y] == 1 ? PIXEL_HEADER : PIXEL_GRID]);

          while (band < n_bands && bands[band].y1 <= y)
            band++;
          if (band < n_bands && bands[band].y0 <= y)
            write_band_line (self, &bands[band], line, xs, xe);
        }
    }
  cairo_surface_mark_dirty (cairo_get_group_target (cr));
  return TRUE;
}

/* Writes the marks into @cr's pixels when that is exact; FALSE when cairo
 * must paint them (nothing written then). */
gboolean
_hp_timeline_paint_marks_direct (HpTimelinePainter      *self,
                                 cairo_t                *cr,
                                 const HpTimelineMapper *m,
                                 const HpTimelineRow    *rows,
                                 const HpTimelineMark   *marks,
                                 guint                   n_marks)
{
  PixelTarget t;

  if (!pixel_target_init (self, cr, &t) || !marks_on_pixels (&t, m, rows, marks, n_marks))
    return FALSE;

  mark_bands (self, m, rows, marks, n_marks, &t);
  for (guint i = 0; i < self->mark_bands->len; i++)
    {
      const MarkBand *band = &g_array_index (self->mark_bands, MarkBand, i);

      for (int c = 0; c < t.n_clips; c++)
        {
          const cairo_rectangle_int_t *cl = &t.clips[c];

          for (int y = MAX (band->y0, cl->y); y < MIN (band->y1, cl->y + cl->height); y++)
            write_band_line (self, band, pixel_line (&t, y), cl->x, cl->x + cl->width);
        }
    }
  cairo_surface_mark_dirty (cairo_get_group_target (cr));
  return TRUE;
}
