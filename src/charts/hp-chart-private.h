/* hp-chart-private.h — what the chart kinds share: the class table and layout helpers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>

#include <pango/pangocairo.h>

#include "hp-chart.h"

G_BEGIN_DECLS

/* spacing, in user-space pixels */
#define HP_CHART_MARGIN 16.0
#define HP_CHART_GAP 8.0
#define HP_CHART_SWATCH 12.0
#define HP_CHART_LEGEND_GAP 18.0
#define HP_CHART_N_ROLES (HP_CHART_TEXT_MESSAGE + 1)

/* the max_width of text that may be as long as it likes */
#define HP_CHART_UNLIMITED INFINITY

typedef struct _HpChartLayoutContext HpChartLayoutContext;

typedef struct
{
  HpChartKind kind;
  void (*free_data) (gpointer data);
  gboolean (*has_data) (HpChart *chart);
  /* optional: the named series (elements that start with an
   * #HpChartSeries), for hp_chart_get_series_name() and the like */
  GPtrArray *(*series) (gpointer data);
  /* fills ctx->layout from ctx->content; returns the kind's own layout */
  gpointer (*layout) (HpChart              *chart,
                      HpChartLayoutContext *ctx);
  void (*free_layout) (gpointer kind_layout);
  /* paints the marks; grid, axes, texts and legend are painted around it */
  void (*paint) (HpChart            *chart,
                 gconstpointer       kind_layout,
                 cairo_t            *cr,
                 const HpChartStyle *style);
  /* optional, for marks that are not rectangles (slices, lines) */
  gboolean (*hit_test) (HpChart      *chart,
                        gconstpointer kind_layout,
                        double        x,
                        double        y,
                        HpChartHit   *hit);
} HpChartClass;

typedef struct
{
  HpRect     rect;
  HpChartHit hit;
} HpChartHitArea;

struct _HpChart
{
  gatomicrefcount     ref_count;
  const HpChartClass *klass;
  gpointer            data;

  char  *name;
  int    rank;   /* the rank the chart is about, or -1 */
  double weight; /* of a chart among its siblings, or NaN */
  char  *title;
  char  *subtitle;
  char  *x_label;
  char  *y_label;
  char  *no_data_text;   /* NULL: "No data" */
  char  *no_data_reason; /* why, under it, or NULL */
  char  *missing_text;   /* NULL: "n/a" */

  /* the last layout, kept while size, style and model are unchanged */
  HpChartLayout *layout;
  gpointer       kind_layout;
  HpChartStyle  *layout_style;
};

struct _HpChartLayoutContext
{
  HpChart              *chart;
  const HpChartStyle   *style;
  HpChartLayout        *layout;
  PangoContext         *pango;
  PangoLayout          *text;
  PangoFontDescription *fonts[HP_CHART_N_ROLES];
  /* the area below the title, for the legend, axes and plot */
  HpRect content;
  /* where _hp_chart_reserve_axis_titles() left room, or NaN */
  double x_title_top;
  double y_title_left;
};

HpChart      *_hp_chart_new (const HpChartClass *klass,
                             gpointer            data,
                             const char         *name,
                             const char         *title);
gpointer      _hp_chart_get_data (HpChart    *chart,
                                  HpChartKind kind);
void          _hp_chart_invalidate (HpChart *chart);
gconstpointer _hp_chart_get_kind_layout (HpChart    *chart,
                                         HpChartKind kind);
const char   *_hp_chart_get_no_data_text (HpChart *chart);
const char   *_hp_chart_get_missing_text (HpChart *chart);

/* layout (hp-chart-layout.c) */
HpChartLayout *_hp_chart_layout_new (double width,
                                     double height);
void           _hp_chart_layout_free (HpChartLayout *layout);
GArray        *_hp_chart_layout_get_hits (const HpChartLayout *layout);

void _hp_chart_context_init (HpChartLayoutContext *ctx,
                             HpChart              *chart,
                             HpChartLayout        *layout,
                             const HpChartStyle   *style);
void _hp_chart_context_clear (HpChartLayoutContext *ctx);

const char *_hp_chart_intern (HpChartLayoutContext *ctx,
                              const char           *text);
void        _hp_chart_measure (HpChartLayoutContext *ctx,
                               HpChartTextRole       role,
                               const char           *text,
                               double               *width,
                               double               *height);
double      _hp_chart_line_height (HpChartLayoutContext *ctx,
                                   HpChartTextRole       role);
void        _hp_chart_layout_no_data_in (HpChartLayoutContext *ctx,
                                         const HpRect         *c,
                                         const char           *reason);
HpRect      _hp_chart_add_text (HpChartLayoutContext *ctx,
                                HpChartTextRole       role,
                                const char           *text,
                                double                x,
                                double                y,
                                double                align,
                                double                max_width,
                                const HpColor        *color);
HpRect      _hp_chart_add_label (HpChartLayoutContext *ctx,
                                 HpChartTextRole       role,
                                 const char           *label,
                                 double                x,
                                 double                y,
                                 double                align,
                                 double                max_width);
HpRect      _hp_chart_add_vertical_text (HpChartLayoutContext *ctx,
                                         HpChartTextRole       role,
                                         const char           *text,
                                         double                center_x,
                                         double                center_y,
                                         double                max_length,
                                         const HpColor        *color);
void        _hp_chart_add_hit (HpChartLayoutContext *ctx,
                               const HpRect         *rect,
                               HpChartHitKind        kind,
                               int                   series,
                               int                   item,
                               double                value,
                               const char           *text,
                               const char           *series_name);
void        _hp_chart_add_grid_line (HpChartLayoutContext *ctx,
                                     double                x0,
                                     double                y0,
                                     double                x1,
                                     double                y1);
void        _hp_chart_add_axis_line (HpChartLayoutContext *ctx,
                                     double                x0,
                                     double                y0,
                                     double                x1,
                                     double                y1);

typedef struct
{
  const char *label; /* full name: ellipsised if need be, whole in hits */
  const char *value; /* (nullable) e.g. a share, right-aligned after it */
  HpColor     color;
} HpLegendItem;

typedef enum
{
  HP_LEGEND_TOP,   /* a flow of entries under the title; right if too many */
  HP_LEGEND_RIGHT, /* a column on the right */
} HpLegendPlacement;

void _hp_chart_place_legend (HpChartLayoutContext *ctx,
                             HpRect               *area,
                             const HpLegendItem   *items,
                             guint                 n_items,
                             HpLegendPlacement     placement,
                             double                max_width);
void _hp_chart_reserve_axis_titles (HpChartLayoutContext *ctx,
                                    HpRect               *area,
                                    gboolean              horizontal);
void _hp_chart_emit_axis_titles (HpChartLayoutContext *ctx,
                                 const HpRect         *plot,
                                 gboolean              horizontal);

double _hp_chart_tick_target (double length,
                              double spacing);
double _hp_chart_y_axis_width (HpChartLayoutContext *ctx,
                               const HpAxisTicks    *ticks);
void   _hp_chart_x_axis_ticks (HpChartLayoutContext *ctx,
                               HpAxisTicks          *ticks,
                               double                length,
                               double                min,
                               double                max,
                               HpAxisFormat          format,
                               HpAxisFlags           flags);
void   _hp_chart_emit_y_axis (HpChartLayoutContext *ctx,
                              const HpRect         *plot,
                              const HpAxisTicks    *ticks,
                              gboolean              grid);
void   _hp_chart_emit_x_axis (HpChartLayoutContext *ctx,
                              const HpRect         *plot,
                              const HpAxisTicks    *ticks,
                              gboolean              grid);

static inline double
_hp_chart_map (double value,
               double min,
               double max,
               double from,
               double to)
{
  if (max == min)
    return from;
  return from + (value - min) / (max - min) * (to - from);
}

static inline gboolean
_hp_rect_contains (const HpRect *rect,
                   double        x,
                   double        y)
{
  return x >= rect->x && x < rect->x + rect->width && y >= rect->y && y < rect->y + rect->height;
}

/* Defines `void func (HpChart *chart, type value)`, which sets @field of
 * the @Data of a chart of kind @kind and has the chart laid out again. */
#define HP_CHART_DEFINE_SETTER(func, Data, kind, field, type) \
  void func (HpChart *chart, type value)                      \
  {                                                           \
    Data *data = _hp_chart_get_data (chart, kind);            \
                                                              \
    g_return_if_fail (data != NULL);                          \
    data->field = value;                                      \
    _hp_chart_invalidate (chart);                             \
  }

/* series of bar and line charts (hp-chart.c) */

/* A bar or line series starts with this, so that the kind's array of
 * series can be read as an array of these. */
typedef struct
{
  char *name;      /* legend and tooltips; the colour's key by default */
  char *color_key; /* (nullable): the label whose colour it takes instead */
} HpChartSeries;

void     _hp_chart_series_clear (HpChartSeries *series);
void     _hp_chart_series_set_color_key (HpChart       *chart,
                                         HpChartSeries *series,
                                         const char    *key);
void     _hp_chart_series_rename (HpChart       *chart,
                                  HpChartSeries *series,
                                  const char    *name);
HpColor *_hp_chart_series_colors (HpChartLayoutContext *ctx,
                                  GPtrArray            *series,
                                  HpRect               *area);

/* painting (hp-chart-layout.c) */
void                  _hp_cairo_set_color (cairo_t       *cr,
                                           const HpColor *color);
double                _hp_chart_snap (double v,
                                      double scale);
void                  _hp_chart_paint_lines (cairo_t            *cr,
                                             GArray             *lines,
                                             const HpColor      *color,
                                             const HpChartStyle *style);
void                  _hp_chart_paint_texts (cairo_t             *cr,
                                             const HpChartLayout *layout,
                                             const HpChartStyle  *style);
void                  _hp_chart_paint_legend (cairo_t             *cr,
                                              const HpChartLayout *layout,
                                              const HpChartStyle  *style);
PangoFontDescription *_hp_chart_font_for_role (const HpChartStyle *style,
                                               HpChartTextRole     role);

G_END_DECLS
