/* hp-line-chart.c — line and step time series, decimated per pixel column for millions of points.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-chart-private.h"
#include "hp-line-chart.h"

typedef struct
{
  double x;
  double y;
} Point;

typedef struct
{
  HpChartSeries head;   /* first, see HpChartSeries */
  GArray       *points; /* Point, sorted by x */
  /* extents of the finite points, computed once when added */
  double x_min;
  double x_max;
  double y_min;
  double y_max;
} LineSeries;

typedef struct
{
  GPtrArray   *series; /* LineSeries * */
  HpLineMode   mode;
  HpAxisFormat x_format;
  HpAxisFormat y_format;
  double       x_range_min;
  double       x_range_max;
  gboolean     y_include_zero;
} LineData;

static void
line_series_free (gpointer p)
{
  LineSeries *s = p;

  _hp_chart_series_clear (&s->head);
  g_array_unref (s->points);
  g_free (s);
}

static void
line_data_free (gpointer p)
{
  LineData *data = p;

  g_ptr_array_unref (data->series);
  g_free (data);
}

static void
line_layout_free (gpointer p)
{
  HpLineLayout *ll = p;

  g_free (ll->columns);
  g_free (ll->series_colors);
  g_free (ll);
}

static gboolean
line_has_data (HpChart *chart)
{
  LineData *data = chart->data;

  for (guint s = 0; s < data->series->len; s++)
    {
      const LineSeries *series = g_ptr_array_index (data->series, s);

      if (series->y_min <= series->y_max)
        return TRUE;
    }

  return FALSE;
}

/* first index whose x is ≥ @x */
static gsize
lower_bound (const GArray *points,
             double        x)
{
  gsize lo = 0;
  gsize hi = points->len;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (g_array_index (points, Point, mid).x < x)
        lo = mid + 1;
      else
        hi = mid;
    }

  return lo;
}

static void
x_extent (const LineData *data,
          double         *min,
          double         *max)
{
  *min = INFINITY;
  *max = -INFINITY;
  for (guint s = 0; s < data->series->len; s++)
    {
      const LineSeries *series = g_ptr_array_index (data->series, s);

      if (series->y_min > series->y_max)
        continue;
      *min = MIN (*min, series->x_min);
      *max = MAX (*max, series->x_max);
    }

  if (isfinite (data->x_range_min))
    *min = data->x_range_min;
  if (isfinite (data->x_range_max))
    *max = data->x_range_max;
}

/* the y extent of the points within [x0, x1]; without an x range it is
 * known from when the series were added */
static void
y_extent (const LineData *data,
          double          x0,
          double          x1,
          double         *min,
          double         *max)
{
  gboolean ranged = isfinite (data->x_range_min) || isfinite (data->x_range_max);

  *min = INFINITY;
  *max = -INFINITY;
  for (guint s = 0; s < data->series->len; s++)
    {
      const LineSeries *series = g_ptr_array_index (data->series, s);

      if (!ranged)
        {
          *min = MIN (*min, series->y_min);
          *max = MAX (*max, series->y_max);
          continue;
        }

      for (gsize i = lower_bound (series->points, x0); i < series->points->len; i++)
        {
          const Point *p = &g_array_index (series->points, Point, i);

          if (p->x > x1)
            break;
          if (isnan (p->y))
            continue;
          *min = MIN (*min, p->y);
          *max = MAX (*max, p->y);
        }
    }

  if (*min > *max)
    {
      *min = 0;
      *max = 1;
    }
  if (data->y_include_zero)
    {
      *min = MIN (*min, 0.0);
      *max = MAX (*max, 0.0);
    }
}

/* One pass over the points: each lands in a device-pixel column, which keeps
 * its first, last, lowest and highest y. */
static gsize
decimate (const LineSeries  *series,
          HpLineColumn      *columns,
          guint              n_columns,
          double             x0,
          double             x1,
          const HpAxisTicks *y_ticks,
          double             top,
          double             bottom)
{
  const Point *points = (const Point *)series->points->data;
  gsize        n = series->points->len;
  double       col_scale = x1 > x0 ? n_columns / (x1 - x0) : 0;
  double       y_scale = y_ticks->max > y_ticks->min ? (bottom - top) / (y_ticks->max - y_ticks->min) : 0;
  gsize        used = 0;

  for (guint c = 0; c < n_columns; c++)
    columns[c].first = NAN;

  for (gsize i = lower_bound (series->points, x0); i < n; i++)
    {
      const Point  *p = &points[i];
      HpLineColumn *col;
      double        pos;
      guint         c;
      float         py;

      if (p->x > x1)
        break;
      if (isnan (p->y))
        continue;

      pos = (p->x - x0) * col_scale;
      c = pos >= n_columns ? n_columns - 1 : (guint)pos;
      py = (float)(bottom - (p->y - y_ticks->min) * y_scale);
      col = &columns[c];
      used++;

      if (isnan (col->first))
        {
          col->first = col->min = col->max = col->last = py;
          continue;
        }
      if (py < col->min)
        col->min = py;
      if (py > col->max)
        col->max = py;
      col->last = py;
    }

  return used;
}

static gpointer
line_layout (HpChart              *chart,
             HpChartLayoutContext *ctx)
{
  LineData     *data = chart->data;
  HpLineLayout *ll = g_new0 (HpLineLayout, 1);
  HpRect        plot = ctx->content;
  double        tick_h = _hp_chart_line_height (ctx, HP_CHART_TEXT_TICK);
  double        scale = ctx->style->scale;
  double        x0;
  double        x1;
  double        y0;
  double        y1;

  ll->n_series = data->series->len;
  ll->series_colors = _hp_chart_series_colors (ctx, data->series, &plot);

  x_extent (data, &x0, &x1);
  if (!(x1 > x0))
    {
      x0 -= 0.5;
      x1 += 0.5;
    }
  y_extent (data, x0, x1, &y0, &y1);

  _hp_chart_reserve_axis_titles (ctx, &plot, FALSE);
  plot.y += tick_h / 2;
  plot.height = MAX (0.0, plot.height - tick_h / 2 - tick_h - 6);

  hp_axis_ticks_compute (&ll->y_ticks, y0, y1, (guint)_hp_chart_tick_target (plot.height, 48),
                         data->y_format, HP_AXIS_EXTEND);
  {
    double yw = _hp_chart_y_axis_width (ctx, &ll->y_ticks);
    char   text[64];
    double w;

    plot.x += yw;
    plot.width = MAX (0.0, plot.width - yw);
    hp_axis_ticks_compute (&ll->x_ticks, x0, x1, 6, data->x_format, HP_AXIS_NONE);
    hp_axis_ticks_format (&ll->x_ticks, x1, text, sizeof text);
    _hp_chart_measure (ctx, HP_CHART_TEXT_TICK, text, &w, NULL);
    plot.width = MAX (0.0, plot.width - w / 2);
  }

  /* columns on whole device pixels keep vertical strokes crisp */
  plot.x = round (plot.x * scale) / scale;
  plot.width = MAX (1.0 / scale, floor (plot.width * scale) / scale);

  _hp_chart_x_axis_ticks (ctx, &ll->x_ticks, plot.width, x0, x1, data->x_format, HP_AXIS_NONE);
  ll->x_ticks.min = x0;
  ll->x_ticks.max = x1;

  _hp_chart_emit_y_axis (ctx, &plot, &ll->y_ticks, TRUE);
  _hp_chart_emit_x_axis (ctx, &plot, &ll->x_ticks, FALSE);
  _hp_chart_add_axis_line (ctx, plot.x, plot.y + plot.height, plot.x + plot.width,
                           plot.y + plot.height);

  ll->n_columns = (guint)MAX (1.0, round (plot.width * scale));
  ll->column_width = plot.width / ll->n_columns;
  ll->columns = g_new (HpLineColumn, (gsize)ll->n_columns * MAX (ll->n_series, 1));
  for (guint s = 0; s < ll->n_series; s++)
    ll->n_points_used += decimate (g_ptr_array_index (data->series, s),
                                   ll->columns + (gsize)s * ll->n_columns, ll->n_columns, x0, x1,
                                   &ll->y_ticks, plot.y, plot.y + plot.height);

  _hp_chart_emit_axis_titles (ctx, &plot, FALSE);
  ctx->layout->plot = plot;
  return ll;
}

#define LINE_WIDTH 1.5

/* Paints a decimated series as boxes: each column is one box from its
 * lowest to its highest point (widened to the line width), and the jump
 * from the previous column is folded into it. Axis-aligned boxes fill far
 * faster than stroking thousands of overlapping zig-zags, and a dense
 * series is nothing but such columns. Gaps between columns (sparse data)
 * are a box for a step's flat run, or a stroked segment for a line. */
static inline void
add_box (cairo_t *cr,
         double   x0,
         double   y0,
         double   x1,
         double   y1,
         double   scale)
{
  /* whole device pixels: the compositor's fastest path, and crisp */
  x0 = round (x0 * scale) / scale;
  x1 = round (x1 * scale) / scale;
  y0 = floor (y0 * scale + 0.25) / scale;
  y1 = ceil (y1 * scale - 0.25) / scale;
  cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
}

static void
paint_series (cairo_t            *cr,
              const HpLineColumn *cols,
              guint               n_columns,
              const HpRect       *plot,
              double              column_width,
              gboolean            step,
              const HpColor      *color,
              double              scale)
{
  const double half = LINE_WIDTH / 2;
  /* on HiDPI a column is narrower than the line: vertical strokes as
   * thick as horizontal ones */
  const double widen = MAX (0.0, (LINE_WIDTH - column_width) / 2);
  int          prev = -1;
  float        prev_last = 0;
  gboolean     any_gap = FALSE;

  cairo_new_path (cr);
  for (guint c = 0; c < n_columns; c++)
    {
      const HpLineColumn *col = &cols[c];
      double              x0;
      double              lo;
      double              hi;

      if (isnan (col->first))
        continue;

      x0 = plot->x + c * column_width;
      lo = col->min;
      hi = col->max;
      if (prev >= 0)
        {
          gboolean adjacent = (guint)prev + 1 == c;

          if (adjacent || step)
            {
              lo = MIN (lo, prev_last);
              hi = MAX (hi, prev_last);
            }
          if (!adjacent && step)
            add_box (cr, plot->x + (prev + 1) * column_width, prev_last - half, x0,
                     prev_last + half, scale);
          if (!adjacent && !step)
            any_gap = TRUE;
        }
      add_box (cr, x0 - widen, lo - half, x0 + column_width + widen, hi + half, scale);
      prev = (int)c;
      prev_last = col->last;
    }
  _hp_cairo_set_color (cr, color);
  cairo_fill (cr);

  if (!any_gap)
    return;

  /* straight lines across columns without points */
  prev = -1;
  for (guint c = 0; c < n_columns; c++)
    {
      if (isnan (cols[c].first))
        continue;
      if (prev >= 0 && (guint)prev + 1 != c)
        {
          cairo_move_to (cr, plot->x + (prev + 0.5) * column_width, prev_last);
          cairo_line_to (cr, plot->x + (c + 0.5) * column_width, cols[c].first);
        }
      prev = (int)c;
      prev_last = cols[c].last;
    }
  cairo_set_line_width (cr, LINE_WIDTH);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
  cairo_stroke (cr);
}

static void
line_paint (HpChart            *chart,
            gconstpointer       kind_layout,
            cairo_t            *cr,
            const HpChartStyle *style)
{
  const HpLineLayout *ll = kind_layout;
  LineData           *data = chart->data;
  const HpRect       *plot = &chart->layout->plot;

  /* no clip: decimation kept only the points inside the plot, and a clip
   * that is not pixel-aligned would send every fill through a mask */
  for (guint s = 0; s < ll->n_series; s++)
    paint_series (cr, ll->columns + (gsize)s * ll->n_columns, ll->n_columns, plot,
                  ll->column_width, data->mode == HP_LINE_STEP, &ll->series_colors[s],
                  style->scale);
}

static gboolean
line_hit_test (HpChart      *chart,
               gconstpointer kind_layout,
               double        x,
               double        y,
               HpChartHit   *hit)
{
  const HpLineLayout *ll = kind_layout;
  LineData           *data = chart->data;
  const HpRect       *plot = &chart->layout->plot;
  double              xv;
  double              best = INFINITY;

  if (!_hp_rect_contains (plot, x, y))
    return FALSE;

  xv = _hp_chart_map (x, plot->x, plot->x + plot->width, ll->x_ticks.min, ll->x_ticks.max);
  for (guint s = 0; s < data->series->len; s++)
    {
      const LineSeries *series = g_ptr_array_index (data->series, s);
      gsize             i = lower_bound (series->points, xv);
      const Point      *p;
      double            py;

      if (series->points->len == 0)
        continue;

      /* a step holds the previous point's value; a line is nearest either side */
      if (data->mode == HP_LINE_STEP)
        {
          if (i == series->points->len || (i > 0 && g_array_index (series->points, Point, i).x > xv))
            i = i > 0 ? i - 1 : 0;
        }
      else if (i == series->points->len ||
               (i > 0 && xv - g_array_index (series->points, Point, i - 1).x <
                             g_array_index (series->points, Point, i).x - xv))
        i = i > 0 ? i - 1 : 0;

      p = &g_array_index (series->points, Point, i);
      if (isnan (p->y))
        continue;
      py = _hp_chart_map (p->y, ll->y_ticks.min, ll->y_ticks.max, plot->y + plot->height, plot->y);
      if (fabs (py - y) < best)
        {
          best = fabs (py - y);
          hit->kind = HP_CHART_HIT_ITEM;
          hit->series = (int)s;
          hit->item = (int)MIN (i, (gsize)G_MAXINT);
          hit->value = p->y;
          hit->text = series->head.name;
          hit->series_name = series->head.name;
        }
    }

  return hit->kind != HP_CHART_HIT_NONE;
}

static GPtrArray *
line_series (gpointer data)
{
  return ((LineData *)data)->series;
}

static const HpChartClass line_class = {
  .kind = HP_CHART_KIND_LINE,
  .free_data = line_data_free,
  .has_data = line_has_data,
  .series = line_series,
  .layout = line_layout,
  .free_layout = line_layout_free,
  .paint = line_paint,
  .hit_test = line_hit_test,
};

/**
 * hp_line_chart_new:
 * @name: the file stem
 * @title: (nullable): the title
 *
 * Creates an empty line chart: straight lines, microsecond time on x,
 * plain numbers on y, y axis including zero.
 *
 * Returns: (transfer full): the chart
 */
HpChart *
hp_line_chart_new (const char *name,
                   const char *title)
{
  LineData *data = g_new0 (LineData, 1);

  data->series = g_ptr_array_new_with_free_func (line_series_free);
  data->mode = HP_LINE_STRAIGHT;
  data->x_format = HP_AXIS_FORMAT_TIME_US;
  data->y_format = HP_AXIS_FORMAT_NUMBER;
  data->x_range_min = NAN;
  data->x_range_max = NAN;
  data->y_include_zero = TRUE;
  return _hp_chart_new (&line_class, data, name, title);
}

HP_CHART_DEFINE_SETTER (hp_line_chart_set_mode, LineData, HP_CHART_KIND_LINE, mode, HpLineMode)
HP_CHART_DEFINE_SETTER (hp_line_chart_set_x_format, LineData, HP_CHART_KIND_LINE, x_format, HpAxisFormat)
HP_CHART_DEFINE_SETTER (hp_line_chart_set_y_format, LineData, HP_CHART_KIND_LINE, y_format, HpAxisFormat)
HP_CHART_DEFINE_SETTER (hp_line_chart_set_y_include_zero, LineData, HP_CHART_KIND_LINE, y_include_zero, gboolean)

/**
 * hp_line_chart_set_x_range:
 * @min: the start of the visible range, or NaN for the data's
 * @max: the end, or NaN
 *
 * Shows only part of the series (zoom); points outside are skipped by a
 * binary search.
 */
void
hp_line_chart_set_x_range (HpChart *chart,
                           double   min,
                           double   max)
{
  LineData *data = _hp_chart_get_data (chart, HP_CHART_KIND_LINE);

  g_return_if_fail (data != NULL);
  data->x_range_min = min;
  data->x_range_max = max;
  _hp_chart_invalidate (chart);
}

static int
compare_points (gconstpointer a,
                gconstpointer b)
{
  double xa = ((const Point *)a)->x;
  double xb = ((const Point *)b)->x;

  return (xa > xb) - (xa < xb);
}

/**
 * hp_line_chart_add_series:
 * @name: the series name (legend, tooltips), also its colour key
 * @x: (array length=n_points) (nullable): the x of each point, or %NULL
 *   for 0, 1, 2 …
 * @y: (array length=n_points): the y of each point; NaN points are skipped
 * @n_points: the number of points
 *
 * Copies a series. Points are sorted by x if they are not already (stable,
 * so equal times keep their order); points with a non-finite x are
 * dropped.
 *
 * Returns: the index of the new series
 */
guint
hp_line_chart_add_series (HpChart      *chart,
                          const char   *name,
                          const double *x,
                          const double *y,
                          gsize         n_points)
{
  LineData   *data = _hp_chart_get_data (chart, HP_CHART_KIND_LINE);
  LineSeries *series;
  gboolean    sorted = TRUE;
  double      prev = -INFINITY;

  g_return_val_if_fail (data != NULL, 0);
  g_return_val_if_fail (y != NULL || n_points == 0, 0);

  series = g_new0 (LineSeries, 1);
  series->head.name = g_strdup (name != NULL ? name : "");
  series->points = g_array_sized_new (FALSE, FALSE, sizeof (Point), n_points);
  series->x_min = series->y_min = INFINITY;
  series->x_max = series->y_max = -INFINITY;

  for (gsize i = 0; i < n_points; i++)
    {
      Point p = { x != NULL ? x[i] : (double)i, y[i] };

      if (!isfinite (p.x))
        continue;
      if (p.x < prev)
        sorted = FALSE;
      prev = p.x;
      g_array_append_val (series->points, p);
      if (isfinite (p.y))
        {
          series->x_min = MIN (series->x_min, p.x);
          series->x_max = MAX (series->x_max, p.x);
          series->y_min = MIN (series->y_min, p.y);
          series->y_max = MAX (series->y_max, p.y);
        }
      else
        g_array_index (series->points, Point, series->points->len - 1).y = NAN;
    }

  if (!sorted)
    g_array_sort (series->points, compare_points);

  g_ptr_array_add (data->series, series);
  _hp_chart_invalidate (chart);
  return data->series->len - 1;
}

/**
 * hp_line_chart_set_series_color_key:
 * @key: (nullable): the label whose colour the series takes
 */
void
hp_line_chart_set_series_color_key (HpChart    *chart,
                                    guint       series,
                                    const char *key)
{
  LineData *data = _hp_chart_get_data (chart, HP_CHART_KIND_LINE);

  g_return_if_fail (data != NULL);
  g_return_if_fail (series < data->series->len);

  _hp_chart_series_set_color_key (chart, g_ptr_array_index (data->series, series), key);
}

guint
hp_line_chart_get_n_series (HpChart *chart)
{
  LineData *data = _hp_chart_get_data (chart, HP_CHART_KIND_LINE);

  g_return_val_if_fail (data != NULL, 0);
  return data->series->len;
}

gsize
hp_line_chart_get_n_points (HpChart *chart,
                            guint    series)
{
  LineData *data = _hp_chart_get_data (chart, HP_CHART_KIND_LINE);

  g_return_val_if_fail (data != NULL, 0);
  g_return_val_if_fail (series < data->series->len, 0);

  return ((LineSeries *)g_ptr_array_index (data->series, series))->points->len;
}

/**
 * hp_line_chart_get_point:
 * @index: a point index, as in #HpChartHit.item
 * @x: (out) (optional): its x
 * @y: (out) (optional): its y
 *
 * Returns: whether the point exists
 */
gboolean
hp_line_chart_get_point (HpChart *chart,
                         guint    series,
                         gsize    index,
                         double  *x,
                         double  *y)
{
  LineData   *data = _hp_chart_get_data (chart, HP_CHART_KIND_LINE);
  LineSeries *s;
  Point      *p;

  g_return_val_if_fail (data != NULL, FALSE);

  if (series >= data->series->len)
    return FALSE;
  s = g_ptr_array_index (data->series, series);
  if (index >= s->points->len)
    return FALSE;

  p = &g_array_index (s->points, Point, index);
  if (x != NULL)
    *x = p->x;
  if (y != NULL)
    *y = p->y;
  return TRUE;
}

/**
 * hp_line_chart_get_layout:
 *
 * Returns: (nullable) (transfer none): the line layout of the last layout:
 *   the decimated columns
 */
const HpLineLayout *
hp_line_chart_get_layout (HpChart *chart)
{
  return _hp_chart_get_kind_layout (chart, HP_CHART_KIND_LINE);
}
