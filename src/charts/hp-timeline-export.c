/* hp-timeline-export.c — the timeline as a PNG, SVG or PDF file, drawn by the same code as the view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-export-private.h"
#include "hp-timeline-painter-private.h"

/* the timeline as hp_timeline_painter_render() paints it */
typedef struct
{
  HpTimelinePainter *self;
  HpTimelineViewport viewport;
} TimelinePicture;

/* the timeline as hp_timeline_painter_export() renders it */
typedef struct
{
  HpTimelinePainter        *self;
  const HpTimelineViewport *viewport;
} TimelineFile;

static void
paint_timeline (cairo_t *cr,
                double   scale,
                gpointer user_data)
{
  TimelinePicture *picture = user_data;

  picture->viewport.scale = scale;
  hp_timeline_painter_paint (picture->self, cr, &picture->viewport);
  hp_timeline_painter_paint_dynamic (picture->self, cr, &picture->viewport);
}

/**
 * hp_timeline_painter_render:
 * @format: PNG, SVG or PDF
 * @viewport: what to draw (PNG pixels are @viewport.width × @viewport.scale)
 * @error: a #GError
 *
 * Draws the timeline, dynamic layer included (selection, flows, range),
 * into the bytes of a file.
 *
 * Returns: (transfer full): the file's contents, or %NULL with @error set
 */
GBytes *
hp_timeline_painter_render (HpTimelinePainter        *self,
                            HpExportFormat            format,
                            const HpTimelineViewport *viewport,
                            GError                  **error)
{
  TimelinePicture picture;
  GBytes         *bytes;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (viewport != NULL && viewport->width > 0 && viewport->height > 0, NULL);
  g_return_val_if_fail (viewport->t1 > viewport->t0, NULL);

  picture = (TimelinePicture){ self, *viewport };
  bytes = _hp_export_render (format, viewport->width, viewport->height, viewport->scale, NULL,
                             "timeline", paint_timeline, &picture, error);
  /* the text layout belongs to that surface's context */
  g_clear_object (&self->pango);
  self->small_height = 0;
  return bytes;
}

static GBytes *
render_timeline (HpExportFormat format,
                 gpointer       user_data,
                 GError       **error)
{
  const TimelineFile *file = user_data;

  return hp_timeline_painter_render (file->self, format, file->viewport, error);
}

/**
 * hp_timeline_painter_export:
 * @path: the file; .png, .svg or .pdf (any case) picks the format
 * @viewport: what to draw
 * @error: a #GError
 *
 * Writes the timeline to a file atomically (a temporary file renamed over
 * @path), so a failure never leaves a partial file. An unknown extension is
 * %G_IO_ERROR_INVALID_ARGUMENT; messages start with the file's name.
 *
 * Returns: whether the file was written
 */
gboolean
hp_timeline_painter_export (HpTimelinePainter        *self,
                            const char               *path,
                            const HpTimelineViewport *viewport,
                            GError                  **error)
{
  TimelineFile file = { self, viewport };

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return _hp_export_write (path, "image", render_timeline, &file, error);
}
