/* hp-export-private.h — the file writing that charts and the timeline share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "hp-export.h"

G_BEGIN_DECLS

/* Paints the picture on @cr; @scale is the device pixels per user-space
 * pixel it is painted at (1 for SVG and PDF). */
typedef void (*HpExportPaintFunc) (cairo_t *cr,
                                   double   scale,
                                   gpointer user_data);

/* Renders the picture in @format, for _hp_export_write(). */
typedef GBytes *(*HpExportRenderFunc) (HpExportFormat format,
                                       gpointer       user_data,
                                       GError       **error);

GBytes  *_hp_export_render (HpExportFormat    format,
                            int               width,
                            int               height,
                            double            scale,
                            const char       *title,
                            const char       *what,
                            HpExportPaintFunc paint,
                            gpointer          user_data,
                            GError          **error);
gboolean _hp_export_write (const char        *path,
                           const char        *kind,
                           HpExportRenderFunc render,
                           gpointer           user_data,
                           GError           **error);

G_END_DECLS
