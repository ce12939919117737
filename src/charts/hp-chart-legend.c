/* hp-chart-legend.c — the legend every chart kind shares: entries, placement, labels cut alike told apart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-chart-private.h"

static double
legend_row_height (HpChartLayoutContext *ctx)
{
  return MAX (_hp_chart_line_height (ctx, HP_CHART_TEXT_LEGEND), HP_CHART_SWATCH) + 6;
}

/* The short form of a label, or NULL when it has none: HTA's kernel types
 * ("COMPUTATION overlapping COMMUNICATION" becomes "COMP ∩ COMM") */
static char *
abbreviate_label (const char *label)
{
  static const char *const words[][2] = {
    { "COMPUTATION", "COMP" },
    { "COMMUNICATION", "COMM" },
    { "MEMORY", "MEM" },
    { " overlapping ", " ∩ " },
  };
  g_autoptr (GString) text = g_string_new (label);
  guint changed = 0;

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    changed += g_string_replace (text, words[i][0], words[i][1], 0);
  if (changed == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * _hp_chart_add_label:
 *
 * Adds a category or legend label as _hp_chart_add_text() does, but a
 * label that does not fit in @max_width is abbreviated before it is
 * ellipsised, so that long names sharing a start stay apart:
 * "COMPUTATION overlapping COMMUNICATION" and "COMPUTATION overlapping
 * MEMORY" would both end as "COMPUTATION overlap…". The caller keeps the
 * full name in the label's hit, for the tooltip.
 */
HpRect
_hp_chart_add_label (HpChartLayoutContext *ctx,
                     HpChartTextRole       role,
                     const char           *label,
                     double                x,
                     double                y,
                     double                align,
                     double                max_width)
{
  g_autofree char *short_label = NULL;
  double           full_width;

  _hp_chart_measure (ctx, role, label, &full_width, NULL);
  if (full_width > MAX (max_width, 1.0))
    short_label = abbreviate_label (label);
  return _hp_chart_add_text (ctx, role, short_label != NULL ? short_label : label, x, y, align, max_width, NULL);
}

/* @label_width: room for the label; @value_right: where the value ends */
static void
add_legend_entry (HpChartLayoutContext *ctx,
                  const HpLegendItem   *item,
                  double                x,
                  double                y,
                  double                label_width,
                  double                value_right)
{
  HpChartLegendEntry entry = { 0 };
  double             line_h = _hp_chart_line_height (ctx, HP_CHART_TEXT_LEGEND);
  double             text_x = x + HP_CHART_SWATCH + 6;
  HpRect             text_rect;

  /* the full name stays in the hit's tooltip */
  text_rect = _hp_chart_add_label (ctx, HP_CHART_TEXT_LEGEND, item->label, text_x, y, 0, label_width);
  entry.truncated = g_array_index (ctx->layout->texts, HpChartText,
                                   ctx->layout->texts->len - 1)
                        .truncated;
  if (item->value != NULL)
    text_rect = _hp_chart_add_text (ctx, HP_CHART_TEXT_LEGEND, item->value, value_right, y, 1.0,
                                    HP_CHART_UNLIMITED, &ctx->style->muted);

  entry.label = _hp_chart_intern (ctx, item->label);
  entry.color = item->color;
  entry.swatch.x = x;
  entry.swatch.y = y + (line_h - HP_CHART_SWATCH) / 2;
  entry.swatch.width = HP_CHART_SWATCH;
  entry.swatch.height = HP_CHART_SWATCH;
  entry.rect.x = x;
  entry.rect.y = y;
  entry.rect.width = text_rect.x + text_rect.width - x;
  entry.rect.height = line_h;
  g_array_append_val (ctx->layout->legend, entry);

  _hp_chart_add_hit (ctx, &entry.rect, HP_CHART_HIT_LEGEND, (int)ctx->layout->legend->len - 1, -1,
                     NAN, item->label, NULL);
}

static void
place_legend_right (HpChartLayoutContext *ctx,
                    HpRect               *area,
                    const HpLegendItem   *items,
                    guint                 n_items,
                    const double         *label_widths,
                    const double         *value_widths,
                    double                max_width)
{
  double row_h = legend_row_height (ctx);
  double label_w = 0;
  double value_w = 0;
  double column_w;
  double x;
  double y;
  guint  fit;
  guint  shown;

  for (guint i = 0; i < n_items; i++)
    {
      label_w = MAX (label_w, label_widths[i]);
      value_w = MAX (value_w, value_widths[i]);
    }
  if (value_w > 0)
    value_w += 12;
  if (max_width <= 0)
    max_width = MAX (140.0, area->width * 0.34);

  column_w = MIN (HP_CHART_SWATCH + 6 + label_w + value_w, max_width);
  label_w = MAX (24.0, column_w - HP_CHART_SWATCH - 6 - value_w);

  fit = (guint)MAX (1.0, floor ((area->height + 6) / row_h));
  shown = n_items <= fit ? n_items : fit - 1;

  x = area->x + area->width - column_w;
  y = area->y + MAX (0.0, (area->height - (shown + (shown < n_items)) * row_h + 6) / 2);
  for (guint i = 0; i < shown; i++)
    add_legend_entry (ctx, &items[i], x, y + i * row_h, label_w, x + column_w);

  if (shown < n_items)
    {
      g_autofree char *more = g_strdup_printf ("+%u more", n_items - shown);

      _hp_chart_add_text (ctx, HP_CHART_TEXT_LEGEND, more, x + HP_CHART_SWATCH + 6,
                          y + shown * row_h, 0, HP_CHART_UNLIMITED, &ctx->style->muted);
    }

  area->width = MAX (0.0, area->width - column_w - HP_CHART_LEGEND_GAP);
}

/* see _hp_chart_place_legend() */
static void
place_legend (HpChartLayoutContext *ctx,
              HpRect               *area,
              const HpLegendItem   *items,
              guint                 n_items,
              HpLegendPlacement     placement,
              double                max_width)
{
  g_autofree double *label_widths = NULL;
  g_autofree double *value_widths = NULL;
  g_autofree double *widths = NULL;
  double             row_h;
  double             x;
  guint              rows = 1;

  if (n_items == 0)
    return;

  label_widths = g_new0 (double, n_items);
  value_widths = g_new0 (double, n_items);
  widths = g_new0 (double, n_items);
  for (guint i = 0; i < n_items; i++)
    {
      _hp_chart_measure (ctx, HP_CHART_TEXT_LEGEND, items[i].label, &label_widths[i], NULL);
      if (items[i].value != NULL)
        _hp_chart_measure (ctx, HP_CHART_TEXT_LEGEND, items[i].value, &value_widths[i], NULL);
      widths[i] = HP_CHART_SWATCH + 6 + label_widths[i] + (value_widths[i] > 0 ? value_widths[i] + 6 : 0);
    }

  if (placement == HP_LEGEND_RIGHT)
    {
      place_legend_right (ctx, area, items, n_items, label_widths, value_widths, max_width);
      return;
    }

  x = 0;
  for (guint i = 0; i < n_items; i++)
    {
      if (x > 0 && x + widths[i] > area->width)
        {
          rows++;
          x = 0;
        }
      x += widths[i] + HP_CHART_LEGEND_GAP;
    }

  if (rows > 3)
    {
      place_legend_right (ctx, area, items, n_items, label_widths, value_widths, max_width);
      return;
    }

  row_h = legend_row_height (ctx);
  x = 0;
  rows = 0;
  for (guint i = 0; i < n_items; i++)
    {
      double label_w = MIN (label_widths[i], area->width - (widths[i] - label_widths[i]));

      if (x > 0 && x + widths[i] > area->width)
        {
          rows++;
          x = 0;
        }
      add_legend_entry (ctx, &items[i], area->x + x, area->y + rows * row_h, label_w,
                        area->x + x + MIN (widths[i], area->width));
      x += widths[i] + HP_CHART_LEGEND_GAP;
    }

  area->y += (rows + 1) * row_h + HP_CHART_GAP;
  area->height = MAX (0.0, area->height - (rows + 1) * row_h - HP_CHART_GAP);
}

/* The text an end-ellipsised label shows: the longest start that fits in
 * @width with "…" */
static char *
visible_start (HpChartLayoutContext *ctx,
               const char           *text,
               double                width)
{
  glong lo = 0, hi = g_utf8_strlen (text, -1);

  while (lo < hi)
    {
      glong            mid = (lo + hi + 1) / 2;
      g_autofree char *start = g_utf8_substring (text, 0, mid);
      g_autofree char *shown = g_strconcat (start, "…", NULL);
      double           w, h;

      _hp_chart_measure (ctx, HP_CHART_TEXT_LEGEND, shown, &w, &h);
      if (w <= width)
        lo = mid;
      else
        hi = mid - 1;
    }
  return g_utf8_substring (text, 0, lo);
}

/* Legend labels from @first on that are cut to the same start ("void
 * cutlass::Kernel<cu…" twice) are cut in the middle instead, so that
 * their ends tell them apart */
static void
separate_truncated_labels (HpChartLayoutContext *ctx,
                           guint                 first)
{
  GArray *texts = ctx->layout->texts;
  g_autoptr (GHashTable) by_start = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = first; i < texts->len; i++)
    {
      HpChartText *text = &g_array_index (texts, HpChartText, i);
      char        *start;
      gpointer     other;

      if (text->role != HP_CHART_TEXT_LEGEND || !text->truncated || text->vertical)
        continue;
      start = visible_start (ctx, text->text, text->rect.width);
      if (g_hash_table_lookup_extended (by_start, start, NULL, &other))
        {
          g_array_index (texts, HpChartText, GPOINTER_TO_UINT (other)).ellipsize_middle = TRUE;
          text->ellipsize_middle = TRUE;
          g_free (start);
        }
      else
        g_hash_table_insert (by_start, start, GUINT_TO_POINTER (i));
    }
}

/**
 * _hp_chart_place_legend:
 * @area: (inout): the free area; the legend takes its top or right part
 * @max_width: the widest a right-hand legend may be, or 0 for about a
 *   third of @area
 *
 * Places a legend of @n_items entries. A top legend flows in rows under
 * the title; when it would need more than three rows it becomes a column
 * on the right, whose labels are abbreviated or ellipsised and, when they
 * do not all fit, end with "+N more". Labels cut to the same start are cut
 * in the middle instead.
 */
void
_hp_chart_place_legend (HpChartLayoutContext *ctx,
                        HpRect               *area,
                        const HpLegendItem   *items,
                        guint                 n_items,
                        HpLegendPlacement     placement,
                        double                max_width)
{
  guint first = ctx->layout->texts->len;

  place_legend (ctx, area, items, n_items, placement, max_width);
  separate_truncated_labels (ctx, first);
}
