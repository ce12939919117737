/* hp-export.h — writing charts to PNG, SVG and PDF files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-chart.h"

G_BEGIN_DECLS

typedef enum
{
  HP_EXPORT_FORMAT_PNG,
  HP_EXPORT_FORMAT_SVG,
  HP_EXPORT_FORMAT_PDF,
} HpExportFormat;

gboolean hp_export_format_from_path (const char     *path,
                                     HpExportFormat *format);
GBytes  *hp_chart_render (HpChart            *chart,
                          HpExportFormat      format,
                          int                 width,
                          int                 height,
                          double              scale,
                          const HpChartStyle *style,
                          GError            **error);
gboolean hp_chart_export (HpChart            *chart,
                          const char         *path,
                          int                 width,
                          int                 height,
                          double              scale,
                          const HpChartStyle *style,
                          GError            **error);

G_END_DECLS
