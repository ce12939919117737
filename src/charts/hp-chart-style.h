/* hp-chart-style.h — fonts, colours and the fixed meaning of colours shared by every chart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * HpColor:
 *
 * A colour with components in [0, 1], alpha not premultiplied.
 */
typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} HpColor;

/**
 * HpChartFont:
 * @family: a font family name, as Pango understands it ("Sans", "Cantarell")
 * @size: the size in user-space pixels (1/96 inch on screen, 1 pt in PDF/SVG)
 * @bold: whether the text is bold
 */
typedef struct
{
  char    *family;
  double   size;
  gboolean bold;
} HpChartFont;

#define HP_CHART_PALETTE_SIZE 8
#define HP_CHART_RAMP_SIZE 5

/**
 * HpChartStyle:
 *
 * Everything a painter needs besides its data: fonts, colours and the
 * device scale. The app fills it from the GTK theme, the CLI uses
 * hp_chart_style_new_light(). Fields are public; change them on your own
 * copy.
 *
 * The kernel classes, the idle categories and the temporal series have
 * fixed colours so that "COMMUNICATION" is the same orange in every chart;
 * hp_chart_style_color_for_label() applies them.
 */
typedef struct
{
  HpChartFont title_font;
  HpChartFont label_font; /* axis titles, subtitles, legend, messages */
  HpChartFont tick_font;  /* tick labels, category labels, values */

  HpColor background;
  HpColor foreground;
  HpColor muted; /* secondary text: subtitles, ticks, "No data" */
  HpColor grid;
  HpColor axis;
  HpColor missing; /* heat map cells without a value */

  /* categorical, colour-blind safe; index i beyond the size repeats
   * the hues lightened towards the background */
  HpColor palette[HP_CHART_PALETTE_SIZE];
  /* sequential scale for heat maps, low to high */
  HpColor ramp[HP_CHART_RAMP_SIZE];

  /* fixed colours */
  HpColor kernel_computation;
  HpColor kernel_communication;
  HpColor kernel_memory;
  HpColor kernel_other;
  HpColor kernel_comp_comm; /* COMPUTATION overlapping COMMUNICATION */
  HpColor kernel_comp_mem;  /* COMPUTATION overlapping MEMORY */
  HpColor kernel_comm_mem;  /* COMMUNICATION overlapping MEMORY */
  HpColor kernel_all;       /* all three overlapping */
  HpColor idle_host_wait;
  HpColor idle_kernel_wait;
  HpColor idle_other;
  HpColor temporal_idle;
  HpColor temporal_compute;
  HpColor temporal_non_compute;
  HpColor others; /* the "others" bucket of top-k tables */

  double   scale; /* device pixels per user-space pixel (2 on HiDPI) */
  gboolean dark;
} HpChartStyle;

#define HP_TYPE_CHART_STYLE (hp_chart_style_get_type ())

GType         hp_chart_style_get_type (void) G_GNUC_CONST;
HpChartStyle *hp_chart_style_new_light (void);
HpChartStyle *hp_chart_style_new_dark (void);
HpChartStyle *hp_chart_style_copy (const HpChartStyle *style);
void          hp_chart_style_free (HpChartStyle *style);
gboolean      hp_chart_style_equal (const HpChartStyle *a,
                                    const HpChartStyle *b);
void          hp_chart_style_set_font_family (HpChartStyle *style,
                                              const char   *family);

HpColor  hp_chart_style_palette_color (const HpChartStyle *style,
                                       guint               index);
gboolean hp_chart_style_lookup_fixed (const HpChartStyle *style,
                                      const char         *label,
                                      HpColor            *color);
HpColor  hp_chart_style_color_for_label (const HpChartStyle *style,
                                         const char         *label,
                                         guint               index);
HpColor  hp_chart_style_ramp_color (const HpChartStyle *style,
                                    double              t);

HpColor  hp_color_mix (const HpColor *a,
                       const HpColor *b,
                       double         t);
double   hp_color_luminance (const HpColor *color);
gboolean hp_color_equal (const HpColor *a,
                         const HpColor *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpChartStyle, hp_chart_style_free)

G_END_DECLS
