/* hp-bar-chart-layout.c — where a bar chart's bars, values, error bars and labels go, and their painting.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-bar-chart-private.h"
#include "hp-bar-chart.h"
#include "hp-chart-private.h"

void
_hp_bar_chart_layout_free (gpointer p)
{
  HpBarLayout *bl = p;

  g_array_unref (bl->bars);
  g_array_unref (bl->errors);
  g_free (bl->series_colors);
  g_free (bl);
}

/* the range of values the axis must show: bars, stacks, whiskers, zero */
static void
value_extent (const BarData *data,
              double        *lo,
              double        *hi)
{
  *lo = 0;
  *hi = 0;

  for (guint c = 0; c < data->categories->len; c++)
    {
      double pos = 0;
      double neg = 0;

      for (guint s = 0; s < data->series->len; s++)
        {
          const BarSeries *series = g_ptr_array_index (data->series, s);
          double           v = series_value (series, c);
          double           low = g_array_index (series->lows, double, c);
          double           high = g_array_index (series->highs, double, c);

          if (isfinite (low))
            *lo = MIN (*lo, low);
          if (isfinite (high))
            *hi = MAX (*hi, high);
          if (!isfinite (v))
            continue;

          if (data->mode == HP_BAR_STACKED)
            {
              if (v >= 0)
                pos += v;
              else
                neg += v;
            }
          else
            {
              *lo = MIN (*lo, v);
              *hi = MAX (*hi, v);
            }
        }

      *lo = MIN (*lo, neg);
      *hi = MAX (*hi, pos);
    }

  /* percents that add up to 100.01 after rounding must not stretch a
   * 0–100 axis to 120 */
  if (isfinite (data->range_min))
    {
      double slack = isfinite (data->range_max) ? (data->range_max - data->range_min) * 0.005 : 0;

      *lo = *lo >= data->range_min - slack ? data->range_min : *lo;
    }
  if (isfinite (data->range_max))
    {
      double slack = isfinite (data->range_min) ? (data->range_max - data->range_min) * 0.005 : 0;

      *hi = *hi <= data->range_max + slack ? data->range_max : *hi;
    }
}

static double
widest_category (HpChartLayoutContext *ctx,
                 const BarData        *data)
{
  double widest = 0;

  for (guint c = 0; c < data->categories->len; c++)
    {
      double w;

      _hp_chart_measure (ctx, HP_CHART_TEXT_CATEGORY, g_ptr_array_index (data->categories, c), &w,
                         NULL);
      widest = MAX (widest, w);
    }

  return widest;
}

static double
snap_edge (double v,
           double scale)
{
  return round (v * scale) / scale;
}

typedef struct
{
  HpChartLayoutContext *ctx;
  const BarData        *data;
  HpBarLayout          *bl;
  HpRect                plot;
  gboolean              vertical;
} BarLayoutState;

/* pixel position of a value on the value axis */
static double
value_pos (const BarLayoutState *st,
           double                v)
{
  const HpAxisTicks *t = &st->bl->value_ticks;

  if (st->vertical)
    return _hp_chart_map (v, t->min, t->max, st->plot.y + st->plot.height, st->plot.y);
  return _hp_chart_map (v, t->min, t->max, st->plot.x, st->plot.x + st->plot.width);
}

/* adds one bar from value @from to @to at [@offset, @offset + @thickness)
 * across the category axis */
static HpRect
add_bar (BarLayoutState *st,
         guint           s,
         guint           c,
         double          from,
         double          to,
         double          value,
         double          offset,
         double          thickness)
{
  const BarSeries *series = g_ptr_array_index (st->data->series, s);
  double           scale = st->ctx->style->scale;
  double           a = snap_edge (value_pos (st, from), scale);
  double           b = snap_edge (value_pos (st, to), scale);
  double           o0 = snap_edge (offset, scale);
  double           o1 = snap_edge (offset + thickness, scale);
  HpBarRect        bar;

  if (st->vertical)
    bar.rect = (HpRect){ o0, MIN (a, b), o1 - o0, fabs (a - b) };
  else
    bar.rect = (HpRect){ MIN (a, b), o0, fabs (a - b), o1 - o0 };
  bar.series = s;
  bar.category = c;
  bar.value = value;
  g_array_append_val (st->bl->bars, bar);

  _hp_chart_add_hit (st->ctx, &bar.rect, HP_CHART_HIT_ITEM, (int)s, (int)c, value,
                     g_ptr_array_index (st->data->categories, c), series->head.name);
  return bar.rect;
}

/* Writes @value inside its bar (@inside: stacked segments, when it fits,
 * in a colour that contrasts with the fill) or past its end. Returns
 * whether it found room. */
static gboolean
add_value_label (BarLayoutState *st,
                 const HpRect   *bar,
                 guint           s,
                 double          value,
                 double          slot,
                 gboolean        inside)
{
  HpChartLayoutContext *ctx = st->ctx;
  /* percents as precise as HTA's tables (two decimals) */
  g_autofree char *text = st->data->format == HP_AXIS_FORMAT_PERCENT
                              ? hp_format_percent (value, -2)
                              : hp_format_value (value, st->data->format);
  double           w;
  double           h;

  _hp_chart_measure (ctx, HP_CHART_TEXT_VALUE, text, &w, &h);

  if (inside)
    {
      const HpColor *fill = &st->bl->series_colors[s];
      HpColor        ink = hp_color_luminance (fill) > 0.4 ? (HpColor){ 0.1, 0.1, 0.1, 1 } : (HpColor){ 1, 1, 1, 1 };

      if (w + 6 > bar->width || h + 2 > bar->height)
        return FALSE;
      _hp_chart_add_text (ctx, HP_CHART_TEXT_VALUE, text, bar->x + bar->width / 2,
                          bar->y + (bar->height - h) / 2, 0.5, HP_CHART_UNLIMITED, &ink);
      return TRUE;
    }

  if (st->vertical)
    {
      double y = value >= 0 ? bar->y - h - 2 : bar->y + bar->height + 2;

      if (w > slot)
        return FALSE;
      _hp_chart_add_text (ctx, HP_CHART_TEXT_VALUE, text, bar->x + bar->width / 2, y, 0.5, HP_CHART_UNLIMITED,
                          NULL);
    }
  else
    {
      double x = value >= 0 ? bar->x + bar->width + 4 : bar->x - 4;

      if (h > slot)
        return FALSE;
      _hp_chart_add_text (ctx, HP_CHART_TEXT_VALUE, text, x, bar->y + (bar->height - h) / 2,
                          value >= 0 ? 0.0 : 1.0, HP_CHART_UNLIMITED, NULL);
    }

  return TRUE;
}

static void
add_error_bar (BarLayoutState *st,
               guint           s,
               guint           c,
               double          center,
               double          thickness)
{
  const BarSeries *series = g_ptr_array_index (st->data->series, s);
  double           low = g_array_index (series->lows, double, c);
  double           high = g_array_index (series->highs, double, c);
  HpErrorBar       e;
  HpRect           hit;

  if (!isfinite (low) || !isfinite (high))
    return;

  e.center = center;
  e.low = value_pos (st, low);
  e.high = value_pos (st, high);
  e.cap = CLAMP (thickness * 0.2, 3, 10);
  e.series = s;
  e.category = c;
  g_array_append_val (st->bl->errors, e);

  /* hovering a whisker shows the bar's value too */
  if (st->vertical)
    hit = (HpRect){ center - e.cap, MIN (e.low, e.high), 2 * e.cap, fabs (e.low - e.high) };
  else
    hit = (HpRect){ MIN (e.low, e.high), center - e.cap, fabs (e.low - e.high), 2 * e.cap };
  _hp_chart_add_hit (st->ctx, &hit, HP_CHART_HIT_ITEM, (int)s, (int)c, series_value (series, c),
                     g_ptr_array_index (st->data->categories, c), series->head.name);
}

/* a category without any value says so, rather than looking like zero */
static void
add_missing_label (BarLayoutState *st,
                   double          center)
{
  HpChartLayoutContext *ctx = st->ctx;
  const char           *missing = _hp_chart_get_missing_text (ctx->chart);
  double                zero = value_pos (st, 0);
  double                w;
  double                h;

  _hp_chart_measure (ctx, HP_CHART_TEXT_VALUE, missing, &w, &h);
  if (st->vertical)
    _hp_chart_add_text (ctx, HP_CHART_TEXT_VALUE, missing, center, zero - h - 2, 0.5, HP_CHART_UNLIMITED,
                        &ctx->style->muted);
  else
    _hp_chart_add_text (ctx, HP_CHART_TEXT_VALUE, missing, zero + 4, center - h / 2, 0, HP_CHART_UNLIMITED,
                        &ctx->style->muted);
}

static void
layout_marks (BarLayoutState *st,
              double          slot_start,
              double          slot)
{
  const BarData *data = st->data;
  guint          n_series = data->series->len;
  double         group = slot * (data->categories->len <= 3 ? 0.5 : 0.7);
  double         bar_thickness;

  /* wide plots with few bars: keep bars from becoming slabs */
  if (data->mode == HP_BAR_STACKED)
    {
      group = MIN (group, 120);
      bar_thickness = group;
    }
  else
    {
      group = MIN (group, 72.0 * n_series);
      bar_thickness = group / MAX (n_series, 1);
    }

  for (guint c = 0; c < data->categories->len; c++)
    {
      double   center = slot_start + slot * (c + 0.5);
      double   pos = 0;
      double   neg = 0;
      guint    n_values = 0;
      gboolean placed = TRUE;
      HpRect   last = { 0 };
      guint    last_series = 0;
      double   last_value = 0;

      for (guint s = 0; s < n_series; s++)
        {
          const BarSeries *series = g_ptr_array_index (data->series, s);
          double           v = series_value (series, c);
          double           offset;
          HpRect           r;

          if (data->mode == HP_BAR_STACKED)
            offset = center - bar_thickness / 2;
          else
            offset = center - group / 2 + s * bar_thickness;

          if (isfinite (v))
            {
              if (data->mode == HP_BAR_STACKED)
                {
                  double base = v >= 0 ? pos : neg;

                  r = add_bar (st, s, c, base, base + v, v, offset, bar_thickness);
                  if (v >= 0)
                    pos += v;
                  else
                    neg += v;
                }
              else
                r = add_bar (st, s, c, 0, v, v, offset, bar_thickness);

              if (data->show_values && data->mode == HP_BAR_STACKED)
                placed = add_value_label (st, &r, s, v, bar_thickness, TRUE);
              else if (data->show_values)
                add_value_label (st, &r, s, v, slot / MAX (n_series, 1) + bar_thickness * 0.3, FALSE);

              n_values++;
              last = r;
              last_series = s;
              last_value = v;
            }

          add_error_bar (st, s, c, offset + bar_thickness / 2, bar_thickness);
        }

      /* a stack of one too small for its label: write it past the end */
      if (data->show_values && data->mode == HP_BAR_STACKED && n_values == 1 && !placed)
        add_value_label (st, &last, last_series, last_value, slot, FALSE);
      if (n_values == 0)
        add_missing_label (st, center);
    }
}

static guint
label_stride (double widest,
              double slot,
              double min_gap)
{
  if (slot <= 0)
    return 1;
  return MAX (1u, (guint)ceil ((widest + min_gap) / slot));
}

static void
layout_vertical (BarLayoutState *st,
                 double          lo,
                 double          hi)
{
  HpChartLayoutContext *ctx = st->ctx;
  const BarData        *data = st->data;
  HpBarLayout          *bl = st->bl;
  double                tick_h = _hp_chart_line_height (ctx, HP_CHART_TEXT_TICK);
  double                cat_h = _hp_chart_line_height (ctx, HP_CHART_TEXT_CATEGORY);
  guint                 n_cat = data->categories->len;
  double                widest = widest_category (ctx, data);
  double                slot;
  double                max_label;
  double                top_pad = tick_h / 2;

  if (data->show_values)
    top_pad = MAX (top_pad, _hp_chart_line_height (ctx, HP_CHART_TEXT_VALUE) + 4);

  st->plot.y += top_pad;
  st->plot.height = MAX (0.0, st->plot.height - top_pad - cat_h - 6);

  hp_axis_ticks_compute (&bl->value_ticks, lo, hi,
                         (guint)_hp_chart_tick_target (st->plot.height, 48), data->format,
                         HP_AXIS_EXTEND);
  {
    double yw = _hp_chart_y_axis_width (ctx, &bl->value_ticks);

    st->plot.x += yw;
    st->plot.width = MAX (0.0, st->plot.width - yw);
  }

  _hp_chart_emit_y_axis (ctx, &st->plot, &bl->value_ticks, TRUE);
  {
    double zero = value_pos (st, 0);

    _hp_chart_add_axis_line (ctx, st->plot.x, zero, st->plot.x + st->plot.width, zero);
  }

  slot = n_cat > 0 ? st->plot.width / n_cat : st->plot.width;
  layout_marks (st, st->plot.x, slot);

  /* category names: every one when they fit, else short ones thinned out
   * and long ones ellipsised */
  if (widest + 8 <= slot)
    {
      bl->label_stride = 1;
      max_label = HP_CHART_UNLIMITED;
    }
  else if (widest <= 64)
    {
      bl->label_stride = label_stride (widest, slot, 8);
      max_label = HP_CHART_UNLIMITED;
    }
  else
    {
      bl->label_stride = label_stride (MIN (widest, 48), slot, 8);
      max_label = slot * bl->label_stride - 8;
    }

  for (guint c = 0; c < n_cat; c += bl->label_stride)
    {
      const char *label = g_ptr_array_index (data->categories, c);
      HpRect      r;

      double center = st->plot.x + slot * (c + 0.5);
      /* centred under the bar, but never into the y axis labels or past
       * the right margin */
      double room = 2 * MIN (center - st->plot.x + 4,
                             ctx->layout->width - HP_CHART_MARGIN / 2 - center);

      r = _hp_chart_add_label (ctx, HP_CHART_TEXT_CATEGORY, label, center, st->plot.y + st->plot.height + 6, 0.5,
                               MIN (max_label, room));
      _hp_chart_add_hit (ctx, &r, HP_CHART_HIT_LABEL, -1, (int)c, NAN, label, NULL);
    }
}

static void
layout_horizontal (BarLayoutState *st,
                   double          lo,
                   double          hi)
{
  HpChartLayoutContext *ctx = st->ctx;
  const BarData        *data = st->data;
  HpBarLayout          *bl = st->bl;
  double                tick_h = _hp_chart_line_height (ctx, HP_CHART_TEXT_TICK);
  double                cat_h = _hp_chart_line_height (ctx, HP_CHART_TEXT_CATEGORY);
  guint                 n_cat = data->categories->len;
  double                label_w = MIN (widest_category (ctx, data), st->plot.width * 0.38);
  double                right_pad = 0;
  double                slot;

  st->plot.height = MAX (0.0, st->plot.height - tick_h - 6);
  st->plot.x += label_w + HP_CHART_GAP;
  st->plot.width = MAX (0.0, st->plot.width - label_w - HP_CHART_GAP);

  /* room for the last tick label and for value labels right of the bars */
  {
    char   text[64];
    double w;

    hp_axis_ticks_compute (&bl->value_ticks, lo, hi, 6, data->format, HP_AXIS_EXTEND);
    hp_axis_ticks_format (&bl->value_ticks, bl->value_ticks.max, text, sizeof text);
    _hp_chart_measure (ctx, HP_CHART_TEXT_TICK, text, &w, NULL);
    right_pad = w / 2;
    if (data->show_values)
      {
        g_autofree char *v = hp_format_value (hi, data->format);

        _hp_chart_measure (ctx, HP_CHART_TEXT_VALUE, v, &w, NULL);
        right_pad = MAX (right_pad, w + 6);
      }
  }
  st->plot.width = MAX (0.0, st->plot.width - right_pad);

  _hp_chart_x_axis_ticks (ctx, &bl->value_ticks, st->plot.width, lo, hi, data->format,
                          HP_AXIS_EXTEND);
  _hp_chart_emit_x_axis (ctx, &st->plot, &bl->value_ticks, TRUE);
  {
    double zero = value_pos (st, 0);

    _hp_chart_add_axis_line (ctx, zero, st->plot.y, zero, st->plot.y + st->plot.height);
  }

  slot = n_cat > 0 ? st->plot.height / n_cat : st->plot.height;
  layout_marks (st, st->plot.y, slot);

  bl->label_stride = label_stride (cat_h, slot, 2);
  for (guint c = 0; c < n_cat; c += bl->label_stride)
    {
      const char *label = g_ptr_array_index (data->categories, c);
      HpRect      r;

      r = _hp_chart_add_label (ctx, HP_CHART_TEXT_CATEGORY, label, st->plot.x - HP_CHART_GAP,
                               st->plot.y + slot * (c + 0.5) - cat_h / 2, 1.0, label_w);
      _hp_chart_add_hit (ctx, &r, HP_CHART_HIT_LABEL, -1, (int)c, NAN, label, NULL);
    }
}

gpointer
_hp_bar_chart_layout (HpChart              *chart,
                      HpChartLayoutContext *ctx)
{
  BarData       *data = chart->data;
  HpBarLayout   *bl = g_new0 (HpBarLayout, 1);
  BarLayoutState st = { ctx, data, bl, ctx->content, TRUE };
  double         lo;
  double         hi;

  bl->bars = g_array_new (FALSE, FALSE, sizeof (HpBarRect));
  bl->errors = g_array_new (FALSE, FALSE, sizeof (HpErrorBar));
  bl->n_series = data->series->len;
  bl->series_colors = _hp_chart_series_colors (ctx, data->series, &st.plot);

  value_extent (data, &lo, &hi);

  bl->orientation = data->orientation;
  if (bl->orientation == HP_BAR_ORIENTATION_AUTO)
    {
      double slot = (st.plot.width - 60) / MAX (data->categories->len, 1u);

      bl->orientation = widest_category (ctx, data) + 8 > slot && widest_category (ctx, data) > 64
                            ? HP_BAR_ORIENTATION_HORIZONTAL
                            : HP_BAR_ORIENTATION_VERTICAL;
    }
  st.vertical = bl->orientation == HP_BAR_ORIENTATION_VERTICAL;

  _hp_chart_reserve_axis_titles (ctx, &st.plot, !st.vertical);
  if (st.vertical)
    layout_vertical (&st, lo, hi);
  else
    layout_horizontal (&st, lo, hi);
  _hp_chart_emit_axis_titles (ctx, &st.plot, !st.vertical);

  ctx->layout->plot = st.plot;
  return bl;
}

void
_hp_bar_chart_paint (HpChart            *chart,
                     gconstpointer       kind_layout,
                     cairo_t            *cr,
                     const HpChartStyle *style)
{
  const HpBarLayout *bl = kind_layout;
  gboolean           vertical = bl->orientation == HP_BAR_ORIENTATION_VERTICAL;

  /* one path and one fill per series */
  for (guint s = 0; s < bl->n_series; s++)
    {
      gboolean any = FALSE;

      for (guint i = 0; i < bl->bars->len; i++)
        {
          const HpBarRect *bar = &g_array_index (bl->bars, HpBarRect, i);

          if (bar->series != s)
            continue;
          cairo_rectangle (cr, bar->rect.x, bar->rect.y, bar->rect.width, bar->rect.height);
          any = TRUE;
        }
      if (any)
        {
          _hp_cairo_set_color (cr, &bl->series_colors[s]);
          cairo_fill (cr);
        }
    }

  if (bl->errors->len == 0)
    return;

  for (guint i = 0; i < bl->errors->len; i++)
    {
      const HpErrorBar *e = &g_array_index (bl->errors, HpErrorBar, i);
      double            c = _hp_chart_snap (e->center, style->scale);

      if (vertical)
        {
          cairo_move_to (cr, c, e->low);
          cairo_line_to (cr, c, e->high);
          cairo_move_to (cr, c - e->cap, _hp_chart_snap (e->low, style->scale));
          cairo_line_to (cr, c + e->cap, _hp_chart_snap (e->low, style->scale));
          cairo_move_to (cr, c - e->cap, _hp_chart_snap (e->high, style->scale));
          cairo_line_to (cr, c + e->cap, _hp_chart_snap (e->high, style->scale));
        }
      else
        {
          cairo_move_to (cr, e->low, c);
          cairo_line_to (cr, e->high, c);
          cairo_move_to (cr, _hp_chart_snap (e->low, style->scale), c - e->cap);
          cairo_line_to (cr, _hp_chart_snap (e->low, style->scale), c + e->cap);
          cairo_move_to (cr, _hp_chart_snap (e->high, style->scale), c - e->cap);
          cairo_line_to (cr, _hp_chart_snap (e->high, style->scale), c + e->cap);
        }
    }
  cairo_set_line_width (cr, 1.0);
  _hp_cairo_set_color (cr, &style->foreground);
  cairo_stroke (cr);
}
