/* hp-export.c — writing charts to PNG, SVG and PDF files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "hp-export.h"

/* vector surfaces and PNGs are written into memory first, so the file
 * itself is created in one atomic step at the end */
static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/**
 * hp_export_format_from_path:
 * @path: a file name
 * @format: (out): the format its extension names
 *
 * Returns: whether the extension is .png, .svg or .pdf (any case)
 */
gboolean
hp_export_format_from_path (const char     *path,
                            HpExportFormat *format)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (format != NULL, FALSE);

  lower = g_ascii_strdown (path, -1);
  if (g_str_has_suffix (lower, ".png"))
    *format = HP_EXPORT_FORMAT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *format = HP_EXPORT_FORMAT_SVG;
  else if (g_str_has_suffix (lower, ".pdf"))
    *format = HP_EXPORT_FORMAT_PDF;
  else
    return FALSE;

  return TRUE;
}

static gboolean
check_status (cairo_status_t status,
              GError       **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;

  g_set_error (error, G_IO_ERROR,
               status == CAIRO_STATUS_NO_MEMORY ? G_IO_ERROR_NO_SPACE : G_IO_ERROR_FAILED,
               "cannot draw the chart: %s", cairo_status_to_string (status));
  return FALSE;
}

static gboolean
paint_on (cairo_surface_t    *surface,
          HpChart            *chart,
          int                 width,
          int                 height,
          const HpChartStyle *style,
          GError            **error)
{
  cairo_t       *cr;
  cairo_status_t status;

  status = cairo_surface_status (surface);
  if (!check_status (status, error))
    return FALSE;

  cr = cairo_create (surface);
  hp_chart_paint (chart, cr, width, height, style);
  status = cairo_status (cr);
  cairo_destroy (cr);
  /* vector surfaces write their stream when finished; an image surface
   * must stay alive for the PNG writer */
  if (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE)
    cairo_surface_flush (surface);
  else
    cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);

  return check_status (status, error);
}

/* Cairo draws SVG text as glyph outlines; a <title> element keeps the
 * chart's title as text for search, screen readers and tests. */
static void
insert_svg_title (GByteArray *svg,
                  const char *title)
{
  g_autofree char *escaped = NULL;
  g_autofree char *element = NULL;
  const char      *start;
  const char      *end;
  gsize            offset;

  if (title == NULL || *title == '\0')
    return;

  start = g_strstr_len ((const char *)svg->data, svg->len, "<svg");
  if (start == NULL)
    return;
  end = memchr (start, '>', svg->len - (start - (const char *)svg->data));
  if (end == NULL)
    return;

  escaped = g_markup_escape_text (title, -1);
  element = g_strdup_printf ("\n<title>%s</title>", escaped);
  offset = end + 1 - (const char *)svg->data;
  g_byte_array_set_size (svg, svg->len + strlen (element));
  memmove (svg->data + offset + strlen (element), svg->data + offset,
           svg->len - offset - strlen (element));
  memcpy (svg->data + offset, element, strlen (element));
}

/**
 * hp_chart_render:
 * @format: the file format
 * @width: the size in user-space pixels (points for PDF and SVG)
 * @height:
 * @scale: device pixels per user-space pixel, for PNG (2 for HiDPI)
 * @style: the style
 * @error: a #GError
 *
 * Renders a chart to the bytes of a PNG, SVG or PDF file. PNGs are
 * @width × @scale by @height × @scale pixels; SVG and PDF are vector files
 * (PDF keeps text as text; SVG draws glyphs as outlines, with the title in
 * a <title> element).
 *
 * Returns: (transfer full): the file's contents, or %NULL with @error set
 */
GBytes *
hp_chart_render (HpChart            *chart,
                 HpExportFormat      format,
                 int                 width,
                 int                 height,
                 double              scale,
                 const HpChartStyle *style,
                 GError            **error)
{
  g_autoptr (HpChartStyle) own_style = NULL;
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface = NULL;
  gboolean         ok;

  g_return_val_if_fail (chart != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);
  g_return_val_if_fail (style != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!isfinite (scale) || scale <= 0)
    scale = 1.0;

  own_style = hp_chart_style_copy (style);
  own_style->scale = format == HP_EXPORT_FORMAT_PNG ? scale : 1.0;

  switch (format)
    {
    case HP_EXPORT_FORMAT_PNG:
      {
        int pixel_w = (int)ceil (width * scale);
        int pixel_h = (int)ceil (height * scale);

        surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixel_w, pixel_h);
        cairo_surface_set_device_scale (surface, scale, scale);
        ok = paint_on (surface, chart, width, height, own_style, error);
        if (ok)
          ok = check_status (cairo_surface_write_to_png_stream (surface, append_bytes, bytes),
                             error);
      }
      break;

    case HP_EXPORT_FORMAT_SVG:
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      ok = paint_on (surface, chart, width, height, own_style, error);
      if (ok)
        insert_svg_title (bytes, hp_chart_get_title (chart));
      break;

    case HP_EXPORT_FORMAT_PDF:
      surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
      if (hp_chart_get_title (chart) != NULL)
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                        hp_chart_get_title (chart));
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Hotpath");
      ok = paint_on (surface, chart, width, height, own_style, error);
      break;

    default:
      g_return_val_if_reached (NULL);
    }

  cairo_surface_destroy (surface);
  if (!ok)
    return NULL;

  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

/**
 * hp_chart_export:
 * @chart: a chart
 * @path: the file to write; its extension (.png, .svg or .pdf, any case)
 *   picks the format
 * @width: the size in user-space pixels (points for PDF and SVG)
 * @height:
 * @scale: device pixels per user-space pixel, for PNG
 * @style: the style
 * @error: a #GError
 *
 * Writes a chart to a file, atomically: the data goes to a temporary file
 * in the same folder, renamed over @path at the end, so a failure never
 * leaves a partial file. An unknown extension is
 * %G_IO_ERROR_INVALID_ARGUMENT; I/O errors keep GIO's codes. Every message
 * starts with the file's name.
 *
 * Returns: whether the file was written
 */
gboolean
hp_chart_export (HpChart            *chart,
                 const char         *path,
                 int                 width,
                 int                 height,
                 double              scale,
                 const HpChartStyle *style,
                 GError            **error)
{
  g_autofree char *basename = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) local_error = NULL;
  HpExportFormat format;
  gsize          size;
  const char    *data;

  g_return_val_if_fail (chart != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  basename = g_path_get_basename (path);
  if (!hp_export_format_from_path (path, &format))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: unknown chart format (use .png, .svg or .pdf)", basename);
      return FALSE;
    }

  bytes = hp_chart_render (chart, format, width, height, scale, style, &local_error);
  if (bytes == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", basename);
      return FALSE;
    }

  data = g_bytes_get_data (bytes, &size);
  if (!g_file_set_contents_full (path, data, size, G_FILE_SET_CONTENTS_CONSISTENT, 0666,
                                 &local_error))
    {
      /* GIO's codes, as every I/O error of ours; GLib's message already
       * names the path */
      g_set_error (error, G_IO_ERROR, g_io_error_from_file_error (local_error->code), "%s: %s",
                   basename, local_error->message);
      return FALSE;
    }

  return TRUE;
}
