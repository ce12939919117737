/* hp-timeline-export.c — the timeline as a PNG, SVG or PDF file, drawn by the same code as the view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "hp-timeline-painter-private.h"

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
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
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  HpTimelineViewport v;
  cairo_surface_t   *surface;
  cairo_t           *cr;
  cairo_status_t     status;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (viewport != NULL && viewport->width > 0 && viewport->height > 0, NULL);
  g_return_val_if_fail (viewport->t1 > viewport->t0, NULL);

  v = *viewport;
  if (!(v.scale > 0))
    v.scale = 1.0;

  switch (format)
    {
    case HP_EXPORT_FORMAT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)ceil (v.width * v.scale),
                                            (int)ceil (v.height * v.scale));
      cairo_surface_set_device_scale (surface, v.scale, v.scale);
      break;
    case HP_EXPORT_FORMAT_SVG:
      v.scale = 1.0;
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, v.width, v.height);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      break;
    case HP_EXPORT_FORMAT_PDF:
      v.scale = 1.0;
      surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, v.width, v.height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Hotpath");
      break;
    default:
      g_return_val_if_reached (NULL);
    }

  cr = cairo_create (surface);
  hp_timeline_painter_paint (self, cr, &v);
  hp_timeline_painter_paint_dynamic (self, cr, &v);
  status = cairo_status (cr);
  cairo_destroy (cr);
  /* the text layout belongs to that surface's context */
  g_clear_object (&self->pango);
  self->small_height = 0;

  if (format == HP_EXPORT_FORMAT_PNG)
    {
      cairo_surface_flush (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
    }
  else
    cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, status == CAIRO_STATUS_NO_MEMORY ? G_IO_ERROR_NO_SPACE : G_IO_ERROR_FAILED,
                   "cannot draw the timeline: %s", cairo_status_to_string (status));
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
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
  g_autofree char *basename = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) local_error = NULL;
  HpExportFormat format;
  gsize          size;
  const char    *data;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  basename = g_path_get_basename (path);
  if (!hp_export_format_from_path (path, &format))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: unknown image format (use .png, .svg or .pdf)", basename);
      return FALSE;
    }
  bytes = hp_timeline_painter_render (self, format, viewport, &local_error);
  if (bytes == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", basename);
      return FALSE;
    }
  data = g_bytes_get_data (bytes, &size);
  if (!g_file_set_contents_full (path, data, size, G_FILE_SET_CONTENTS_CONSISTENT, 0666, &local_error))
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_file_error (local_error->code), "%s: %s", basename,
                   local_error->message);
      return FALSE;
    }
  return TRUE;
}
