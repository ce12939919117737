/* hp-export.c — writing charts, and any picture painted with Cairo, to PNG, SVG and PDF files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include "hp-core.h"
#include "hp-export-private.h"

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
 * _hp_export_render:
 * @format: the file format
 * @width: the size in user-space pixels (points for PDF and SVG)
 * @height:
 * @scale: device pixels per user-space pixel, for PNG; anything but a
 *   positive number is 1
 * @title: (nullable): the picture's title, kept in SVG and PDF files
 * @what: what is drawn, for the error message ("chart")
 * @paint: paints the picture
 * @user_data: passed to @paint
 * @error: a #GError
 *
 * Renders a picture to the bytes of a PNG, SVG or PDF file. PNGs are
 * @width × @scale by @height × @scale pixels; SVG and PDF are vector files.
 *
 * Returns: (transfer full): the file's contents, or %NULL with @error set
 */
GBytes *
_hp_export_render (HpExportFormat    format,
                   int               width,
                   int               height,
                   double            scale,
                   const char       *title,
                   const char       *what,
                   HpExportPaintFunc paint,
                   gpointer          user_data,
                   GError          **error)
{
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_status_t   status;

  if (!isfinite (scale) || scale <= 0)
    scale = 1.0;

  switch (format)
    {
    case HP_EXPORT_FORMAT_PNG:
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)ceil (width * scale),
                                            (int)ceil (height * scale));
      cairo_surface_set_device_scale (surface, scale, scale);
      break;

    case HP_EXPORT_FORMAT_SVG:
      scale = 1.0;
      surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      break;

    case HP_EXPORT_FORMAT_PDF:
      scale = 1.0;
      surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
      if (title != NULL)
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, title);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Hotpath");
      break;

    default:
      g_return_val_if_reached (NULL);
    }

  status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    {
      cairo_t *cr = cairo_create (surface);

      paint (cr, scale, user_data);
      status = cairo_status (cr);
      cairo_destroy (cr);
    }
  /* vector surfaces write their stream when finished; an image surface
   * must stay alive for the PNG writer */
  if (format == HP_EXPORT_FORMAT_PNG)
    cairo_surface_flush (surface);
  else
    cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS && format == HP_EXPORT_FORMAT_PNG)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR,
                   status == CAIRO_STATUS_NO_MEMORY ? G_IO_ERROR_NO_SPACE : G_IO_ERROR_FAILED,
                   "cannot draw the %s: %s", what, cairo_status_to_string (status));
      return NULL;
    }

  if (format == HP_EXPORT_FORMAT_SVG)
    insert_svg_title (bytes, title);
  return g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
}

/**
 * _hp_export_write:
 * @path: the file to write; its extension (.png, .svg or .pdf, any case)
 *   picks the format
 * @kind: what an unknown extension is not ("chart")
 * @render: renders the file's contents in that format
 * @user_data: passed to @render
 * @error: a #GError
 *
 * Writes a file atomically: the data goes to a temporary file in the same
 * folder, renamed over @path at the end, so a failure never leaves a
 * partial file. An unknown extension is %G_IO_ERROR_INVALID_ARGUMENT; I/O
 * errors keep GIO's codes. Every message starts with the file's name.
 *
 * Returns: whether the file was written
 */
gboolean
_hp_export_write (const char        *path,
                  const char        *kind,
                  HpExportRenderFunc render,
                  gpointer           user_data,
                  GError           **error)
{
  g_autofree char *basename = g_path_get_basename (path);
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GError) local_error = NULL;
  HpExportFormat format;
  gsize          size;
  const char    *data;

  if (!hp_export_format_from_path (path, &format))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "%s: unknown %s format (use .png, .svg or .pdf)", basename, kind);
      return FALSE;
    }

  bytes = render (format, user_data, &local_error);
  if (bytes == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", basename);
      return FALSE;
    }

  data = g_bytes_get_data (bytes, &size);
  /* GIO's codes, as every I/O error of ours, naming the path */
  return hp_output_file_write (path, data, size, error);
}

/* a chart as hp_chart_render() paints it, in its own copy of the style */
typedef struct
{
  HpChart      *chart;
  int           width;
  int           height;
  HpChartStyle *style;
} ChartPicture;

/* a chart as hp_chart_export() renders it */
typedef struct
{
  HpChart            *chart;
  int                 width;
  int                 height;
  double              scale;
  const HpChartStyle *style;
} ChartFile;

static void
paint_chart (cairo_t *cr,
             double   scale,
             gpointer user_data)
{
  ChartPicture *picture = user_data;

  picture->style->scale = scale;
  hp_chart_paint (picture->chart, cr, picture->width, picture->height, picture->style);
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
  ChartPicture picture;

  g_return_val_if_fail (chart != NULL, NULL);
  g_return_val_if_fail (width > 0 && height > 0, NULL);
  g_return_val_if_fail (style != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  own_style = hp_chart_style_copy (style);
  picture = (ChartPicture){ chart, width, height, own_style };
  return _hp_export_render (format, width, height, scale, hp_chart_get_title (chart), "chart",
                            paint_chart, &picture, error);
}

static GBytes *
render_chart (HpExportFormat format,
              gpointer       user_data,
              GError       **error)
{
  const ChartFile *file = user_data;

  return hp_chart_render (file->chart, format, file->width, file->height, file->scale, file->style,
                          error);
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
  ChartFile file = { chart, width, height, scale, style };

  g_return_val_if_fail (chart != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (width > 0 && height > 0, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return _hp_export_write (path, "chart", render_chart, &file, error);
}
