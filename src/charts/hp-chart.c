/* hp-chart.c — the generic chart handle: name, title, layout cache, painting and hit testing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-chart-private.h"

G_DEFINE_BOXED_TYPE (HpChart, hp_chart, hp_chart_ref, hp_chart_unref)

HpChart *
_hp_chart_new (const HpChartClass *klass,
               gpointer            data,
               const char         *name,
               const char         *title)
{
  HpChart *chart = g_new0 (HpChart, 1);

  g_atomic_ref_count_init (&chart->ref_count);
  chart->klass = klass;
  chart->data = data;
  chart->name = g_strdup (name != NULL ? name : "chart");
  chart->rank = -1;
  chart->weight = NAN;
  chart->title = g_strdup (title);
  return chart;
}

/* the kind's model, or NULL (with a critical) when @chart is another kind */
gpointer
_hp_chart_get_data (HpChart    *chart,
                    HpChartKind kind)
{
  g_return_val_if_fail (chart != NULL, NULL);
  g_return_val_if_fail (chart->klass->kind == kind, NULL);

  return chart->data;
}

/* drops the cached layout; every model change calls it */
void
_hp_chart_invalidate (HpChart *chart)
{
  if (chart->kind_layout != NULL)
    chart->klass->free_layout (chart->kind_layout);
  chart->kind_layout = NULL;
  g_clear_pointer (&chart->layout, _hp_chart_layout_free);
  g_clear_pointer (&chart->layout_style, hp_chart_style_free);
}

gconstpointer
_hp_chart_get_kind_layout (HpChart    *chart,
                           HpChartKind kind)
{
  g_return_val_if_fail (chart != NULL, NULL);
  g_return_val_if_fail (chart->klass->kind == kind, NULL);

  return chart->kind_layout;
}

void
_hp_chart_series_clear (HpChartSeries *series)
{
  g_clear_pointer (&series->name, g_free);
  g_clear_pointer (&series->color_key, g_free);
}

/* @key: (nullable): the label whose colour @series takes; %NULL for its
 * name's */
void
_hp_chart_series_set_color_key (HpChart       *chart,
                                HpChartSeries *series,
                                const char    *key)
{
  g_free (series->color_key);
  series->color_key = g_strdup (key);
  _hp_chart_invalidate (chart);
}

/* renames @series; it keeps its colour, whose key stays the old name */
void
_hp_chart_series_rename (HpChart       *chart,
                         HpChartSeries *series,
                         const char    *name)
{
  if (series->color_key == NULL)
    series->color_key = g_steal_pointer (&series->name);
  g_free (series->name);
  series->name = g_strdup (name != NULL ? name : "");
  _hp_chart_invalidate (chart);
}

static GPtrArray *
named_series (HpChart *chart)
{
  return chart->klass->series != NULL ? chart->klass->series (chart->data) : NULL;
}

/**
 * hp_chart_get_n_named_series:
 *
 * Returns: how many named series the chart has: those of a bar or line
 *   chart; 0 for the other kinds
 */
guint
hp_chart_get_n_named_series (HpChart *chart)
{
  GPtrArray *series;

  g_return_val_if_fail (chart != NULL, 0);
  series = named_series (chart);
  return series != NULL ? series->len : 0;
}

/**
 * hp_chart_get_series_name:
 * @series: a series of a bar or line chart
 *
 * Returns: the name of @series, which the legend and tooltips show
 */
const char *
hp_chart_get_series_name (HpChart *chart,
                          guint    series)
{
  GPtrArray *list;

  g_return_val_if_fail (chart != NULL, NULL);
  list = named_series (chart);
  g_return_val_if_fail (list != NULL && series < list->len, NULL);
  return ((const HpChartSeries *)g_ptr_array_index (list, series))->name;
}

/**
 * hp_chart_set_series_name:
 * @series: a series of a bar or line chart
 * @name: the name the legend and tooltips show
 *
 * Renames a series; its colour stays that of its former name (or its
 * colour key).
 */
void
hp_chart_set_series_name (HpChart    *chart,
                          guint       series,
                          const char *name)
{
  GPtrArray *list;

  g_return_if_fail (chart != NULL);
  list = named_series (chart);
  g_return_if_fail (list != NULL && series < list->len);
  _hp_chart_series_rename (chart, g_ptr_array_index (list, series), name);
}

/* The colour of each of @series (elements that start with an
 * #HpChartSeries), in an array of at least one; with more than one
 * series, a legend of them takes the top of @area. */
HpColor *
_hp_chart_series_colors (HpChartLayoutContext *ctx,
                         GPtrArray            *series,
                         HpRect               *area)
{
  HpColor *colors = g_new (HpColor, MAX (series->len, 1));

  for (guint s = 0; s < series->len; s++)
    {
      const HpChartSeries *head = g_ptr_array_index (series, s);

      colors[s] = hp_chart_style_color_for_label (
          ctx->style, head->color_key != NULL ? head->color_key : head->name, s);
    }

  if (series->len > 1)
    {
      g_autofree HpLegendItem *items = g_new0 (HpLegendItem, series->len);

      for (guint s = 0; s < series->len; s++)
        {
          items[s].label = ((const HpChartSeries *)g_ptr_array_index (series, s))->name;
          items[s].color = colors[s];
        }
      _hp_chart_place_legend (ctx, area, items, series->len, HP_LEGEND_TOP, 0);
    }

  return colors;
}

/**
 * hp_chart_ref:
 *
 * Returns: (transfer full): @chart
 */
HpChart *
hp_chart_ref (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, NULL);

  g_atomic_ref_count_inc (&chart->ref_count);
  return chart;
}

void
hp_chart_unref (HpChart *chart)
{
  g_return_if_fail (chart != NULL);

  if (!g_atomic_ref_count_dec (&chart->ref_count))
    return;

  _hp_chart_invalidate (chart);
  chart->klass->free_data (chart->data);
  g_free (chart->name);
  g_free (chart->title);
  g_free (chart->subtitle);
  g_free (chart->x_label);
  g_free (chart->y_label);
  g_free (chart->no_data_text);
  g_free (chart->no_data_reason);
  g_free (chart->missing_text);
  g_free (chart);
}

HpChartKind
hp_chart_get_kind (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, HP_CHART_KIND_BAR);
  return chart->klass->kind;
}

/**
 * hp_chart_get_name:
 *
 * Returns: a stable file stem for the chart, e.g. `temporal_breakdown` or
 *   "idle_time_rank0"
 */
const char *
hp_chart_get_name (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, NULL);
  return chart->name;
}

void
hp_chart_set_name (HpChart    *chart,
                   const char *name)
{
  g_return_if_fail (chart != NULL);
  g_return_if_fail (name != NULL);

  g_free (chart->name);
  chart->name = g_strdup (name);
}

/**
 * hp_chart_get_rank:
 *
 * Returns: the rank a chart of one rank is about, or -1 for a chart of
 *   every rank
 */
int
hp_chart_get_rank (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, -1);
  return chart->rank;
}

void
hp_chart_set_rank (HpChart *chart,
                   int      rank)
{
  g_return_if_fail (chart != NULL);
  chart->rank = rank < 0 ? -1 : rank;
}

/**
 * hp_chart_get_weight:
 *
 * A chart that is one of a series of siblings (a chart per kernel, per
 * user annotation) weighs what its subject does, such as the kernel's
 * total time, so that a view can show the heaviest first without reading
 * the table again. A chart that stands alone weighs NaN. The weight is
 * never drawn.
 *
 * Returns: the chart's weight among its siblings, or NaN
 */
double
hp_chart_get_weight (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, NAN);
  return chart->weight;
}

void
hp_chart_set_weight (HpChart *chart,
                     double   weight)
{
  g_return_if_fail (chart != NULL);
  chart->weight = weight;
}

const char *
hp_chart_get_title (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, NULL);
  return chart->title;
}

static void
set_string (HpChart    *chart,
            char      **field,
            const char *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return;

  g_free (*field);
  *field = g_strdup (value);
  _hp_chart_invalidate (chart);
}

void
hp_chart_set_title (HpChart    *chart,
                    const char *title)
{
  g_return_if_fail (chart != NULL);
  set_string (chart, &chart->title, title);
}

const char *
hp_chart_get_subtitle (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, NULL);
  return chart->subtitle;
}

/**
 * hp_chart_set_subtitle:
 * @subtitle: (nullable): a second, quieter line under the title, e.g.
 *   "Rank 3"
 */
void
hp_chart_set_subtitle (HpChart    *chart,
                       const char *subtitle)
{
  g_return_if_fail (chart != NULL);
  set_string (chart, &chart->subtitle, subtitle);
}

const char *
hp_chart_get_x_label (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, NULL);
  return chart->x_label;
}

const char *
hp_chart_get_y_label (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, NULL);
  return chart->y_label;
}

/**
 * hp_chart_set_axis_labels:
 * @x_label: (nullable): the title of the category or horizontal axis
 * @y_label: (nullable): the title of the value or vertical axis
 *
 * Axis titles name the quantity; tick labels carry the unit ("Mean
 * duration" with ticks "1.5 ms"), except for unit-less formats where the
 * title should say it ("Bandwidth (GB/s)").
 */
void
hp_chart_set_axis_labels (HpChart    *chart,
                          const char *x_label,
                          const char *y_label)
{
  g_return_if_fail (chart != NULL);
  set_string (chart, &chart->x_label, x_label);
  set_string (chart, &chart->y_label, y_label);
}

/**
 * hp_chart_set_placeholder_texts:
 * @no_data: (nullable): what a chart or pie without data says; %NULL for
 *   "No data"
 * @missing: (nullable): what a bar without a value says; %NULL for "n/a"
 *
 * The words the chart writes on its own, for a translated interface.
 */
void
hp_chart_set_placeholder_texts (HpChart    *chart,
                                const char *no_data,
                                const char *missing)
{
  g_return_if_fail (chart != NULL);
  set_string (chart, &chart->no_data_text, no_data);
  set_string (chart, &chart->missing_text, missing);
}

/**
 * hp_chart_set_no_data_reason:
 * @reason: (nullable): why the chart has no data ("no [memory] events in
 *   run DDP"), written under "No data", wrapped; %NULL for none
 *
 * An empty chart says why it is empty.
 */
void
hp_chart_set_no_data_reason (HpChart    *chart,
                             const char *reason)
{
  g_return_if_fail (chart != NULL);
  set_string (chart, &chart->no_data_reason, reason);
}

/**
 * hp_chart_get_no_data_reason:
 *
 * Returns: (nullable): what hp_chart_set_no_data_reason() gave
 */
const char *
hp_chart_get_no_data_reason (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, NULL);
  return chart->no_data_reason;
}

const char *
_hp_chart_get_no_data_text (HpChart *chart)
{
  return chart->no_data_text != NULL ? chart->no_data_text : "No data";
}

const char *
_hp_chart_get_missing_text (HpChart *chart)
{
  return chart->missing_text != NULL ? chart->missing_text : "n/a";
}

/**
 * hp_chart_has_data:
 *
 * Returns: whether the chart has anything to draw; without data it paints
 *   its title and a "No data" message
 */
gboolean
hp_chart_has_data (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, FALSE);
  return chart->klass->has_data (chart);
}

static void
layout_title (HpChartLayoutContext *ctx)
{
  HpChart *chart = ctx->chart;
  double   width = ctx->layout->width;
  double   height = ctx->layout->height;
  double   y = HP_CHART_MARGIN;
  HpRect   r;

  if (chart->title != NULL && *chart->title != '\0')
    {
      r = _hp_chart_add_text (ctx, HP_CHART_TEXT_TITLE, chart->title, HP_CHART_MARGIN, y, 0,
                              width - 2 * HP_CHART_MARGIN, NULL);
      y += r.height + 2;
    }
  if (chart->subtitle != NULL && *chart->subtitle != '\0')
    {
      r = _hp_chart_add_text (ctx, HP_CHART_TEXT_SUBTITLE, chart->subtitle, HP_CHART_MARGIN, y, 0,
                              width - 2 * HP_CHART_MARGIN, NULL);
      y += r.height;
    }
  if (y > HP_CHART_MARGIN)
    y += 14;

  ctx->content.x = HP_CHART_MARGIN;
  ctx->content.y = y;
  ctx->content.width = MAX (0.0, width - 2 * HP_CHART_MARGIN);
  ctx->content.height = MAX (0.0, height - HP_CHART_MARGIN - y);
}

/**
 * _hp_chart_layout_no_data_in:
 * @c: where
 * @reason: (nullable): why, wrapped under the message
 *
 * "No data" in the middle of @c, and @reason under it: an empty chart's
 * whole content, or one empty pie of several.
 */
void
_hp_chart_layout_no_data_in (HpChartLayoutContext *ctx,
                             const HpRect         *c,
                             const char           *reason)
{
  double h = _hp_chart_line_height (ctx, HP_CHART_TEXT_MESSAGE);

  if (reason == NULL)
    {
      _hp_chart_add_text (ctx, HP_CHART_TEXT_MESSAGE, _hp_chart_get_no_data_text (ctx->chart), c->x + c->width / 2,
                          c->y + (c->height - h) / 2, 0.5, c->width, NULL);
      return;
    }

  /* the reason under the message, its words wrapped to the width; lines
   * that do not fit the height are cut, the last one marked truncated
   * (its tooltip reads it all) */
  {
    g_auto (GStrv) words = g_strsplit (reason, " ", -1);
    g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
    GString *line = g_string_new (NULL);
    double   lh = _hp_chart_line_height (ctx, HP_CHART_TEXT_TICK);
    double   y;
    guint    max_lines;

    for (guint i = 0; words[i] != NULL; i++)
      {
        gsize  before = line->len;
        double w;

        if (*words[i] == '\0')
          continue;
        g_string_append_printf (line, "%s%s", before > 0 ? " " : "", words[i]);
        _hp_chart_measure (ctx, HP_CHART_TEXT_TICK, line->str, &w, NULL);
        if (w > c->width && before > 0)
          {
            g_ptr_array_add (lines, g_strndup (line->str, before));
            g_string_assign (line, words[i]);
          }
      }
    if (line->len > 0)
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    else
      g_string_free (line, TRUE);
    max_lines = (guint)MAX (1.0, floor ((c->height - h - lh / 2) / lh));
    if (lines->len > max_lines)
      {
        /* the rest joins the last line shown, which is cut short */
        GString *last = g_string_new (lines->pdata[max_lines - 1]);

        for (guint i = max_lines; i < lines->len; i++)
          g_string_append_printf (last, " %s", (char *)lines->pdata[i]);
        g_free (lines->pdata[max_lines - 1]);
        lines->pdata[max_lines - 1] = g_string_free (last, FALSE);
        g_ptr_array_set_size (lines, max_lines);
      }
    y = c->y + MAX (0.0, (c->height - h - lh / 2 - lines->len * lh) / 2);
    _hp_chart_add_text (ctx, HP_CHART_TEXT_MESSAGE, _hp_chart_get_no_data_text (ctx->chart), c->x + c->width / 2, y,
                        0.5, c->width, NULL);
    y += h + lh / 2;
    for (guint i = 0; i < lines->len; i++, y += lh)
      _hp_chart_add_text (ctx, HP_CHART_TEXT_TICK, lines->pdata[i], c->x + c->width / 2, y, 0.5, c->width, NULL);
  }
}

static void
layout_no_data (HpChartLayoutContext *ctx)
{
  const HpRect *c = &ctx->content;

  ctx->layout->no_data = TRUE;
  ctx->layout->plot = (HpRect){ c->x, c->y, 0, 0 };
  _hp_chart_layout_no_data_in (ctx, c, ctx->chart->no_data_reason);
}

/**
 * hp_chart_layout:
 * @width: the width to lay out for, in user-space pixels
 * @height: the height
 * @style: the style
 *
 * Computes where everything goes: the pure, pixel-free step of painting.
 * The result is kept until the size, the style or the model changes, so
 * painting the same chart again costs only the drawing.
 *
 * Returns: (transfer none): the layout, valid until the chart changes or
 *   is laid out again
 */
const HpChartLayout *
hp_chart_layout (HpChart            *chart,
                 double              width,
                 double              height,
                 const HpChartStyle *style)
{
  HpChartLayoutContext ctx;
  HpChartLayout       *layout;

  g_return_val_if_fail (chart != NULL, NULL);
  g_return_val_if_fail (style != NULL, NULL);

  width = MAX (width, 1.0);
  height = MAX (height, 1.0);

  if (chart->layout != NULL && chart->layout->width == width &&
      chart->layout->height == height && hp_chart_style_equal (chart->layout_style, style))
    return chart->layout;

  _hp_chart_invalidate (chart);

  layout = _hp_chart_layout_new (width, height);
  _hp_chart_context_init (&ctx, chart, layout, style);
  layout_title (&ctx);
  if (chart->klass->has_data (chart))
    chart->kind_layout = chart->klass->layout (chart, &ctx);
  else
    layout_no_data (&ctx);
  _hp_chart_context_clear (&ctx);

  chart->layout = layout;
  chart->layout_style = hp_chart_style_copy (style);
  return layout;
}

/**
 * hp_chart_get_layout:
 *
 * Returns: (transfer none) (nullable): the last layout, or %NULL if the
 *   chart was not laid out since it last changed
 */
const HpChartLayout *
hp_chart_get_layout (HpChart *chart)
{
  g_return_val_if_fail (chart != NULL, NULL);
  return chart->layout;
}

/**
 * hp_chart_paint:
 * @cr: any Cairo context; the chart fills (0, 0, @width, @height) of its
 *   user space
 *
 * Lays out the chart (or reuses the previous layout) and paints it:
 * background, grid, marks, axes, text and legend. Painting allocates
 * nothing per data point.
 *
 * A chart keeps its last layout, so one chart must not be laid out or
 * painted from two threads at once; different charts may be.
 */
void
hp_chart_paint (HpChart            *chart,
                cairo_t            *cr,
                double              width,
                double              height,
                const HpChartStyle *style)
{
  const HpChartLayout *layout;

  g_return_if_fail (chart != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  layout = hp_chart_layout (chart, width, height, style);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, layout->width, layout->height);
  cairo_clip (cr);
  _hp_cairo_set_color (cr, &style->background);
  cairo_paint (cr);

  if (!layout->no_data)
    {
      _hp_chart_paint_lines (cr, layout->grid_lines, &style->grid, style);
      cairo_save (cr);
      chart->klass->paint (chart, chart->kind_layout, cr, style);
      cairo_restore (cr);
      _hp_chart_paint_lines (cr, layout->axis_lines, &style->axis, style);
    }

  _hp_chart_paint_texts (cr, layout, style);
  _hp_chart_paint_legend (cr, layout, style);
  cairo_restore (cr);
}

/**
 * hp_chart_hit_test:
 * @x: a point in the coordinates of the last paint or layout
 * @y:
 * @hit: (out caller-allocates): what is there
 *
 * Finds the mark, label or legend entry under a point, with its full text
 * (labels may be ellipsised on screen) and value, for tooltips.
 *
 * Returns: whether something was hit
 */
gboolean
hp_chart_hit_test (HpChart    *chart,
                   double      x,
                   double      y,
                   HpChartHit *hit)
{
  GArray *hits;

  g_return_val_if_fail (chart != NULL, FALSE);
  g_return_val_if_fail (hit != NULL, FALSE);

  hit->kind = HP_CHART_HIT_NONE;
  hit->series = -1;
  hit->item = -1;
  hit->value = NAN;
  hit->text = NULL;
  hit->series_name = NULL;

  if (chart->layout == NULL)
    return FALSE;

  hits = _hp_chart_layout_get_hits (chart->layout);
  for (guint i = hits->len; i > 0; i--)
    {
      const HpChartHitArea *area = &g_array_index (hits, HpChartHitArea, i - 1);

      if (_hp_rect_contains (&area->rect, x, y))
        {
          *hit = area->hit;
          return TRUE;
        }
    }

  if (!chart->layout->no_data && chart->klass->hit_test != NULL)
    return chart->klass->hit_test (chart, chart->kind_layout, x, y, hit);

  return FALSE;
}
