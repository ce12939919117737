/* hp-pie-chart.c — pie and donut charts, alone or as a grid of pies sharing one legend.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-chart-private.h"
#include "hp-pie-chart.h"

typedef struct
{
  guint  label_index;
  double value;
} PieValue;

typedef struct
{
  char   *caption;
  GArray *values; /* PieValue */
} Pie;

typedef struct
{
  GPtrArray   *pies;   /* Pie * */
  GPtrArray   *labels; /* char *, first-seen order */
  GHashTable  *label_index;
  double       hole;
  HpAxisFormat format;
} PieData;

static void
pie_free (gpointer p)
{
  Pie *pie = p;

  g_free (pie->caption);
  g_array_unref (pie->values);
  g_free (pie);
}

static void
pie_data_free (gpointer p)
{
  PieData *data = p;

  g_ptr_array_unref (data->pies);
  g_ptr_array_unref (data->labels);
  g_hash_table_unref (data->label_index);
  g_free (data);
}

static void
pie_layout_free (gpointer p)
{
  HpPieLayout *pl = p;

  g_array_unref (pl->pies);
  g_array_unref (pl->slices);
  g_free (pl->colors);
  g_free (pl);
}

static double
pie_total (const Pie *pie)
{
  double total = 0;

  for (guint i = 0; i < pie->values->len; i++)
    {
      double v = g_array_index (pie->values, PieValue, i).value;

      if (isfinite (v) && v > 0)
        total += v;
    }

  return total;
}

static gboolean
pie_has_data (HpChart *chart)
{
  PieData *data = chart->data;

  for (guint p = 0; p < data->pies->len; p++)
    if (pie_total (g_ptr_array_index (data->pies, p)) > 0)
      return TRUE;

  return FALSE;
}

/* picks the number of columns that gives the largest pies */
static void
grid_shape (guint   n,
            double  width,
            double  height,
            double  caption_h,
            guint  *columns,
            double *radius)
{
  *columns = 1;
  *radius = 0;

  for (guint cols = 1; cols <= n; cols++)
    {
      guint  rows = (n + cols - 1) / cols;
      double cw = width / cols;
      double rh = height / rows;
      double r = MIN (cw - 16, rh - caption_h - 16) / 2;

      if (r > *radius + 0.5)
        {
          *radius = r;
          *columns = cols;
        }
    }

  *radius = MAX (*radius, 0.0);
}

static void
add_slice_label (HpChartLayoutContext *ctx,
                 const HpPieGeometry  *g,
                 const HpPieSlice     *slice,
                 const HpColor        *fill)
{
  g_autofree char *text = NULL;
  double           mid = (slice->start_angle + slice->end_angle) / 2;
  double           ring = g->radius - g->inner_radius;
  double           r = g->inner_radius > 0 ? g->inner_radius + ring / 2 : g->radius * 0.64;
  double           w;
  double           h;
  double           x;
  double           y;
  HpColor          ink;

  if (slice->fraction < 0.04)
    return;
  /* a whole pie: in the middle (of the ring) */
  if (slice->fraction > 0.999)
    {
      mid = g->inner_radius > 0 ? 0 : mid;
      r = g->inner_radius > 0 ? r : 0;
    }

  text = hp_format_percent (slice->fraction * 100, -1);
  _hp_chart_measure (ctx, HP_CHART_TEXT_VALUE, text, &w, &h);

  /* fits in the ring, and along the arc */
  if ((g->inner_radius > 0 && ring < h + 2) ||
      (slice->fraction <= 0.999 && r * (slice->end_angle - slice->start_angle) < w + 6) ||
      g->radius < 40)
    return;

  x = g->cx + r * sin (mid);
  y = g->cy - r * cos (mid);
  ink = hp_color_luminance (fill) > 0.4 ? (HpColor){ 0.1, 0.1, 0.1, 1 } : (HpColor){ 1, 1, 1, 1 };
  _hp_chart_add_text (ctx, HP_CHART_TEXT_VALUE, text, x, y - h / 2, 0.5, HP_CHART_UNLIMITED, &ink);
}

static gpointer
pie_layout (HpChart              *chart,
            HpChartLayoutContext *ctx)
{
  PieData                 *data = chart->data;
  HpPieLayout             *pl = g_new0 (HpPieLayout, 1);
  HpRect                   area = ctx->content;
  g_autofree HpLegendItem *items = NULL;
  g_autoptr (GPtrArray) shown = g_ptr_array_new_with_free_func (g_free);
  gboolean caption_any = FALSE;
  double   caption_h;
  guint    columns;
  guint    n_pies = data->pies->len;
  double   radius;
  double   cell_w;
  double   cell_h;
  double   grid_w;
  double   grid_h;
  double   legend_max;

  pl->pies = g_array_new (FALSE, FALSE, sizeof (HpPieGeometry));
  pl->slices = g_array_new (FALSE, FALSE, sizeof (HpPieSlice));
  pl->n_labels = data->labels->len;
  pl->colors = g_new (HpColor, MAX (pl->n_labels, 1));
  for (guint i = 0; i < pl->n_labels; i++)
    pl->colors[i] = hp_chart_style_color_for_label (ctx->style, g_ptr_array_index (data->labels, i), i);

  for (guint p = 0; p < n_pies; p++)
    {
      const Pie *pie = g_ptr_array_index (data->pies, p);

      if (pie->caption != NULL && *pie->caption != '\0')
        caption_any = TRUE;
    }
  caption_h = caption_any ? _hp_chart_line_height (ctx, HP_CHART_TEXT_CATEGORY) + 6 : 0;

  /* legend; a single pie also shows each share there. It may take the
   * room the pies, being round, leave free. */
  grid_shape (n_pies, area.width, area.height, caption_h, &columns, &radius);
  legend_max = MAX (area.width * 0.34, area.width - columns * (2 * radius + 16) - HP_CHART_LEGEND_GAP);

  items = g_new0 (HpLegendItem, MAX (pl->n_labels, 1));
  for (guint i = 0; i < pl->n_labels; i++)
    {
      items[i].label = g_ptr_array_index (data->labels, i);
      items[i].color = pl->colors[i];
      if (n_pies == 1)
        {
          const Pie *pie = g_ptr_array_index (data->pies, 0);
          double     total = pie_total (pie);

          for (guint v = 0; v < pie->values->len; v++)
            {
              const PieValue *pv = &g_array_index (pie->values, PieValue, v);

              if (pv->label_index == i && total > 0 && isfinite (pv->value) && pv->value > 0)
                {
                  char *text = hp_format_percent (100 * pv->value / total, -1);

                  g_ptr_array_add (shown, text);
                  items[i].value = text;
                }
            }
        }
    }
  _hp_chart_place_legend (ctx, &area, items, pl->n_labels, HP_LEGEND_RIGHT, legend_max);

  grid_shape (n_pies, area.width, area.height, caption_h, &columns, &radius);
  cell_w = 2 * radius + 16;
  cell_h = 2 * radius + 16 + caption_h;
  grid_w = cell_w * columns;
  grid_h = cell_h * ((n_pies + columns - 1) / columns);

  for (guint p = 0; p < n_pies; p++)
    {
      const Pie    *pie = g_ptr_array_index (data->pies, p);
      HpPieGeometry g;
      double        x0 = area.x + (area.width - grid_w) / 2 + (p % columns) * cell_w;
      double        y0 = area.y + (area.height - grid_h) / 2 + (p / columns) * cell_h;
      double        angle = 0;

      g.cx = x0 + cell_w / 2;
      g.cy = y0 + caption_h + cell_h / 2 - caption_h / 2;
      g.radius = radius;
      g.inner_radius = radius * data->hole;
      g.total = pie_total (pie);
      g_array_append_val (pl->pies, g);

      if (caption_any)
        _hp_chart_add_text (ctx, HP_CHART_TEXT_CATEGORY, pie->caption, g.cx, y0 + 8, 0.5,
                            cell_w - 8, NULL);

      if (g.total <= 0)
        {
          const char *reason = hp_chart_get_no_data_reason (chart);
          double      h = _hp_chart_line_height (ctx, HP_CHART_TEXT_TICK);

          /* an empty pie among others says why as an empty chart does,
           * in its cell under the caption */
          if (reason != NULL)
            {
              HpRect cell = { x0 + 4, y0 + caption_h + 8, cell_w - 8, cell_h - caption_h - 8 };

              _hp_chart_layout_no_data_in (ctx, &cell, reason);
              continue;
            }
          _hp_chart_add_text (ctx, HP_CHART_TEXT_TICK, _hp_chart_get_no_data_text (chart), g.cx, g.cy - h / 2, 0.5,
                              cell_w - 8, NULL);
          continue;
        }

      for (guint v = 0; v < pie->values->len; v++)
        {
          const PieValue *pv = &g_array_index (pie->values, PieValue, v);
          HpPieSlice      slice;

          if (!isfinite (pv->value) || pv->value <= 0)
            continue;

          slice.pie = p;
          slice.label_index = pv->label_index;
          slice.label = _hp_chart_intern (ctx, g_ptr_array_index (data->labels, pv->label_index));
          slice.value = pv->value;
          slice.fraction = pv->value / g.total;
          slice.start_angle = angle;
          angle += slice.fraction * 2 * G_PI;
          slice.end_angle = angle;
          g_array_append_val (pl->slices, slice);

          add_slice_label (ctx, &g, &slice, &pl->colors[slice.label_index]);
        }
    }

  ctx->layout->plot = (HpRect){ area.x + (area.width - grid_w) / 2,
                                area.y + (area.height - grid_h) / 2, grid_w, grid_h };
  return pl;
}

static void
slice_path (cairo_t             *cr,
            const HpPieGeometry *g,
            double               start,
            double               end)
{
  /* our angles run clockwise from 12 o'clock; Cairo's from 3 o'clock */
  double a0 = start - G_PI / 2;
  double a1 = end - G_PI / 2;

  cairo_new_path (cr);
  if (g->inner_radius > 0)
    {
      cairo_arc (cr, g->cx, g->cy, g->radius, a0, a1);
      cairo_arc_negative (cr, g->cx, g->cy, g->inner_radius, a1, a0);
    }
  else
    {
      cairo_move_to (cr, g->cx, g->cy);
      cairo_arc (cr, g->cx, g->cy, g->radius, a0, a1);
    }
  cairo_close_path (cr);
}

static void
pie_paint (HpChart            *chart,
           gconstpointer       kind_layout,
           cairo_t            *cr,
           const HpChartStyle *style)
{
  const HpPieLayout *pl = kind_layout;

  for (guint i = 0; i < pl->slices->len; i++)
    {
      const HpPieSlice    *s = &g_array_index (pl->slices, HpPieSlice, i);
      const HpPieGeometry *g = &g_array_index (pl->pies, HpPieGeometry, s->pie);

      slice_path (cr, g, s->start_angle, s->end_angle);
      _hp_cairo_set_color (cr, &pl->colors[s->label_index]);
      cairo_fill (cr);
    }

  /* thin separators in the background colour, only between slices */
  cairo_set_line_width (cr, 1.5);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  _hp_cairo_set_color (cr, &style->background);
  for (guint i = 0; i < pl->slices->len; i++)
    {
      const HpPieSlice    *s = &g_array_index (pl->slices, HpPieSlice, i);
      const HpPieGeometry *g = &g_array_index (pl->pies, HpPieGeometry, s->pie);
      double               a = s->start_angle - G_PI / 2;

      if (s->fraction >= 1.0)
        continue;
      cairo_move_to (cr, g->cx + g->inner_radius * cos (a), g->cy + g->inner_radius * sin (a));
      cairo_line_to (cr, g->cx + g->radius * cos (a), g->cy + g->radius * sin (a));
    }
  cairo_stroke (cr);
}

static gboolean
pie_hit_test (HpChart      *chart,
              gconstpointer kind_layout,
              double        x,
              double        y,
              HpChartHit   *hit)
{
  const HpPieLayout *pl = kind_layout;
  PieData           *data = chart->data;

  for (guint p = 0; p < pl->pies->len; p++)
    {
      const HpPieGeometry *g = &g_array_index (pl->pies, HpPieGeometry, p);
      double               dx = x - g->cx;
      double               dy = y - g->cy;
      double               d = sqrt (dx * dx + dy * dy);
      double               angle;

      if (d > g->radius || d < g->inner_radius)
        continue;

      angle = atan2 (dx, -dy);
      if (angle < 0)
        angle += 2 * G_PI;

      for (guint i = 0; i < pl->slices->len; i++)
        {
          const HpPieSlice *s = &g_array_index (pl->slices, HpPieSlice, i);
          const Pie        *pie;

          if (s->pie != p || angle < s->start_angle || angle >= s->end_angle)
            continue;

          pie = g_ptr_array_index (data->pies, p);
          hit->kind = HP_CHART_HIT_ITEM;
          hit->series = (int)p;
          hit->item = (int)s->label_index;
          hit->value = s->value;
          hit->text = s->label;
          hit->series_name = pie->caption;
          return TRUE;
        }
    }

  return FALSE;
}

static const HpChartClass pie_class = {
  .kind = HP_CHART_KIND_PIE,
  .free_data = pie_data_free,
  .has_data = pie_has_data,
  .layout = pie_layout,
  .free_layout = pie_layout_free,
  .paint = pie_paint,
  .hit_test = pie_hit_test,
};

/**
 * hp_pie_chart_new:
 * @name: the file stem
 * @title: (nullable): the title
 *
 * Creates an empty pie chart. Slices added to pie 0 before any
 * hp_pie_chart_add_pie() create a single pie without caption.
 *
 * Returns: (transfer full): the chart
 */
HpChart *
hp_pie_chart_new (const char *name,
                  const char *title)
{
  PieData *data = g_new0 (PieData, 1);

  data->pies = g_ptr_array_new_with_free_func (pie_free);
  data->labels = g_ptr_array_new_with_free_func (g_free);
  data->label_index = g_hash_table_new (g_str_hash, g_str_equal);
  data->format = HP_AXIS_FORMAT_NUMBER;
  return _hp_chart_new (&pie_class, data, name, title);
}

/**
 * hp_pie_chart_set_donut:
 * @hole: the radius of the hole as a fraction of the radius: 0 for a pie,
 *   about 0.55 for a donut
 */
void
hp_pie_chart_set_donut (HpChart *chart,
                        double   hole)
{
  PieData *data = _hp_chart_get_data (chart, HP_CHART_KIND_PIE);

  g_return_if_fail (data != NULL);
  data->hole = CLAMP (hole, 0.0, 0.9);
  _hp_chart_invalidate (chart);
}

/**
 * hp_pie_chart_set_value_format:
 *
 * How values read in tooltips; slices always show their share in percent.
 */
void
hp_pie_chart_set_value_format (HpChart     *chart,
                               HpAxisFormat format)
{
  PieData *data = _hp_chart_get_data (chart, HP_CHART_KIND_PIE);

  g_return_if_fail (data != NULL);
  data->format = format;
  _hp_chart_invalidate (chart);
}

/**
 * hp_pie_chart_get_value_format:
 *
 * Returns: how the values read in tooltips
 */
HpAxisFormat
hp_pie_chart_get_value_format (HpChart *chart)
{
  PieData *data = _hp_chart_get_data (chart, HP_CHART_KIND_PIE);

  g_return_val_if_fail (data != NULL, HP_AXIS_FORMAT_NUMBER);
  return data->format;
}

/**
 * hp_pie_chart_add_pie:
 * @caption: (nullable): shown above the pie, e.g. "Rank 0"
 *
 * Returns: the index of the new pie
 */
guint
hp_pie_chart_add_pie (HpChart    *chart,
                      const char *caption)
{
  PieData *data = _hp_chart_get_data (chart, HP_CHART_KIND_PIE);
  Pie     *pie;

  g_return_val_if_fail (data != NULL, 0);

  pie = g_new0 (Pie, 1);
  pie->caption = g_strdup (caption);
  pie->values = g_array_new (FALSE, FALSE, sizeof (PieValue));
  g_ptr_array_add (data->pies, pie);
  _hp_chart_invalidate (chart);
  return data->pies->len - 1;
}

/**
 * hp_pie_chart_add_slice:
 * @pie: the pie, from hp_pie_chart_add_pie() (or 0 for a lone pie)
 * @label: the slice's name; equal names share a colour across pies
 * @value: its value; slices that are not positive are not drawn
 */
void
hp_pie_chart_add_slice (HpChart    *chart,
                        guint       pie,
                        const char *label,
                        double      value)
{
  PieData *data = _hp_chart_get_data (chart, HP_CHART_KIND_PIE);
  gpointer index;
  PieValue pv;
  Pie     *p;

  g_return_if_fail (data != NULL);
  if (pie == 0 && data->pies->len == 0)
    hp_pie_chart_add_pie (chart, NULL);
  g_return_if_fail (pie < data->pies->len);

  if (label == NULL)
    label = "";
  if (!g_hash_table_lookup_extended (data->label_index, label, NULL, &index))
    {
      char *copy = g_strdup (label);

      g_ptr_array_add (data->labels, copy);
      index = GUINT_TO_POINTER (data->labels->len - 1);
      g_hash_table_insert (data->label_index, copy, index);
    }

  pv.label_index = GPOINTER_TO_UINT (index);
  pv.value = value;
  p = g_ptr_array_index (data->pies, pie);
  g_array_append_val (p->values, pv);
  _hp_chart_invalidate (chart);
}

guint
hp_pie_chart_get_n_pies (HpChart *chart)
{
  PieData *data = _hp_chart_get_data (chart, HP_CHART_KIND_PIE);

  g_return_val_if_fail (data != NULL, 0);
  return data->pies->len;
}

/**
 * hp_pie_chart_get_n_empty_pies:
 *
 * Returns: how many pies have nothing to draw; each says "No data", and
 *   hp_chart_set_no_data_reason() why
 */
guint
hp_pie_chart_get_n_empty_pies (HpChart *chart)
{
  PieData *data = _hp_chart_get_data (chart, HP_CHART_KIND_PIE);
  guint    n = 0;

  g_return_val_if_fail (data != NULL, 0);
  for (guint p = 0; p < data->pies->len; p++)
    if (pie_total (g_ptr_array_index (data->pies, p)) <= 0)
      n++;
  return n;
}

/**
 * hp_pie_chart_get_layout:
 *
 * Returns: (nullable) (transfer none): the pie layout of the last layout
 */
const HpPieLayout *
hp_pie_chart_get_layout (HpChart *chart)
{
  return _hp_chart_get_kind_layout (chart, HP_CHART_KIND_PIE);
}
