/* hp-chart.h — the generic chart handle: name, title, layout, painting and hit testing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include <cairo.h>
#include <glib-object.h>

#include "hp-axis.h"
#include "hp-chart-style.h"

G_BEGIN_DECLS

/**
 * HpChartKind:
 *
 * The kinds of chart. Each has its own model builder (hp-bar-chart.h …);
 * everything else goes through #HpChart.
 */
typedef enum
{
  HP_CHART_KIND_BAR,
  HP_CHART_KIND_PIE,
  HP_CHART_KIND_HISTOGRAM,
  HP_CHART_KIND_LINE,
  HP_CHART_KIND_HEAT_MAP,
} HpChartKind;

typedef struct
{
  double x;
  double y;
  double width;
  double height;
} HpRect;

/**
 * HpChartTextRole:
 *
 * What a piece of text is; decides its font.
 */
typedef enum
{
  HP_CHART_TEXT_TITLE,
  HP_CHART_TEXT_SUBTITLE,
  HP_CHART_TEXT_AXIS_TITLE,
  HP_CHART_TEXT_TICK,
  HP_CHART_TEXT_CATEGORY,
  HP_CHART_TEXT_LEGEND,
  HP_CHART_TEXT_VALUE,
  HP_CHART_TEXT_MESSAGE,
} HpChartTextRole;

/**
 * HpChartText:
 * @text: the full text
 * @rect: where it is drawn (for vertical text, the rotated box)
 * @role: which font
 * @color: its colour
 * @vertical: drawn bottom to top
 * @truncated: ellipsised to @rect's width (the full @text stays available
 *   for tooltips)
 * @ellipsize_middle: when @truncated, cut the middle rather than the end:
 *   legend labels that would show the same start stay apart
 *
 * One label placed by a layout step.
 */
typedef struct
{
  const char     *text;
  HpRect          rect;
  HpChartTextRole role;
  HpColor         color;
  gboolean        vertical;
  gboolean        truncated;
  gboolean        ellipsize_middle;
} HpChartText;

/**
 * HpChartLegendEntry:
 * @label: the full series or item name
 * @color: its colour
 * @rect: the whole entry (swatch and text)
 * @swatch: the colour square
 * @truncated: whether the text is ellipsised
 */
typedef struct
{
  const char *label;
  HpColor     color;
  HpRect      rect;
  HpRect      swatch;
  gboolean    truncated;
} HpChartLegendEntry;

/**
 * HpChartHitKind:
 * @HP_CHART_HIT_NONE: nothing there
 * @HP_CHART_HIT_ITEM: a mark: bar, slice, bin, point or cell
 * @HP_CHART_HIT_LABEL: a category or row label (maybe ellipsised)
 * @HP_CHART_HIT_LEGEND: a legend entry
 */
typedef enum
{
  HP_CHART_HIT_NONE,
  HP_CHART_HIT_ITEM,
  HP_CHART_HIT_LABEL,
  HP_CHART_HIT_LEGEND,
} HpChartHitKind;

/**
 * HpChartHit:
 * @kind: what was hit
 * @series: the series (bar series, pie, line series, heat map row), or -1
 * @item: the item (category, slice, bin, point index, heat map column), or -1
 * @value: the item's value (NaN for labels and legend entries)
 * @text: (nullable): the full text of the item or label; owned by the chart
 * @series_name: (nullable): the series name; owned by the chart
 *
 * What is under a point of a painted chart, for tooltips.
 */
typedef struct
{
  HpChartHitKind kind;
  int            series;
  int            item;
  double         value;
  const char    *text;
  const char    *series_name;
} HpChartHit;

/**
 * HpChartLayout:
 * @width: the size laid out for
 * @height:
 * @no_data: the chart has no data and shows a "No data" message
 * @plot: the data area (empty for "No data")
 * @texts: (element-type HpChartText): every piece of text
 * @legend: (element-type HpChartLegendEntry): the legend entries shown
 * @grid_lines: (element-type HpRect): grid lines, as (x0, y0, x1, y1)
 *   packed into x, y, width, height
 * @axis_lines: (element-type HpRect): axis lines, packed the same way
 *
 * The parts every kind shares, computed without pixels so tests can check
 * them. Kinds add their own layout (hp_bar_chart_get_layout() …).
 */
typedef struct
{
  double   width;
  double   height;
  gboolean no_data;
  HpRect   plot;
  GArray  *texts;
  GArray  *legend;
  GArray  *grid_lines;
  GArray  *axis_lines;
} HpChartLayout;

typedef struct _HpChart HpChart;

#define HP_TYPE_CHART (hp_chart_get_type ())

GType    hp_chart_get_type (void) G_GNUC_CONST;
HpChart *hp_chart_ref (HpChart *chart);
void     hp_chart_unref (HpChart *chart);

HpChartKind hp_chart_get_kind (HpChart *chart);
const char *hp_chart_get_name (HpChart *chart);
guint       hp_chart_get_n_named_series (HpChart *chart);
const char *hp_chart_get_series_name (HpChart *chart,
                                      guint    series);
void        hp_chart_set_series_name (HpChart    *chart,
                                      guint       series,
                                      const char *name);
int         hp_chart_get_rank (HpChart *chart);
void        hp_chart_set_rank (HpChart *chart,
                               int      rank);
double      hp_chart_get_weight (HpChart *chart);
void        hp_chart_set_weight (HpChart *chart,
                                 double   weight);
void        hp_chart_set_name (HpChart    *chart,
                               const char *name);
const char *hp_chart_get_title (HpChart *chart);
void        hp_chart_set_title (HpChart    *chart,
                                const char *title);
const char *hp_chart_get_subtitle (HpChart *chart);
void        hp_chart_set_subtitle (HpChart    *chart,
                                   const char *subtitle);
const char *hp_chart_get_x_label (HpChart *chart);
const char *hp_chart_get_y_label (HpChart *chart);
void        hp_chart_set_axis_labels (HpChart    *chart,
                                      const char *x_label,
                                      const char *y_label);
void        hp_chart_set_placeholder_texts (HpChart    *chart,
                                            const char *no_data,
                                            const char *missing);
void        hp_chart_set_no_data_reason (HpChart    *chart,
                                         const char *reason);
const char *hp_chart_get_no_data_reason (HpChart *chart);
gboolean    hp_chart_has_data (HpChart *chart);

const HpChartLayout *hp_chart_layout (HpChart            *chart,
                                      double              width,
                                      double              height,
                                      const HpChartStyle *style);
const HpChartLayout *hp_chart_get_layout (HpChart *chart);
void                 hp_chart_paint (HpChart            *chart,
                                     cairo_t            *cr,
                                     double              width,
                                     double              height,
                                     const HpChartStyle *style);
gboolean             hp_chart_hit_test (HpChart    *chart,
                                        double      x,
                                        double      y,
                                        HpChartHit *hit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpChart, hp_chart_unref)

G_END_DECLS
