/* hp-chart-adapters-counters.c — charts of the queue length and memory bandwidth counters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-chart-adapters-private.h"
#include "hp-chart-adapters.h"
#include "hp-line-chart.h"

/* ---- §8 counters ---- */

/* per rank, one step line per distinct @series_col value */
static GPtrArray *
time_series_charts (HpTable    *table,
                    HpColumnId  rank_col,
                    HpColumnId  ts_col,
                    HpColumnId  series_col,
                    const char *series_prefix,
                    HpColumnId  value_col,
                    const char *name_prefix,
                    const char *title_prefix,
                    const char *y_label,
                    const char *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();
  g_autoptr (GArray) ranks = NULL;
  int c_rank = _hp_chart_column (table, rank_col);
  int c_ts = _hp_chart_column (table, ts_col);
  int c_series = _hp_chart_column (table, series_col);
  int c_value = _hp_chart_column (table, value_col);

  if (c_ts < 0 || c_series < 0 || c_value < 0 || hp_table_get_n_rows (table) == 0)
    {
      HpChart *chart = hp_line_chart_new (name_prefix, title_prefix);

      hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Time")), y_label);
      g_ptr_array_add (charts, chart);
      return charts;
    }

  ranks = _hp_chart_distinct_ranks (table, c_rank);
  for (guint i = 0; i < ranks->len; i++)
    {
      gint64           rank = g_array_index (ranks, gint64, i);
      g_autofree char *name = g_strdup_printf ("%s_rank%" G_GINT64_FORMAT, name_prefix, rank);
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, rank);
      /* Translators: "Queue length on rank 3": a quantity, then a rank number */
      g_autofree char *title = g_strdup_printf (_hp_chart_tr (domain, N_ ("%s on rank %s")), title_prefix, number);
      HpChart         *chart = hp_line_chart_new (name, title);
      g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);

      hp_chart_set_rank (chart, (int)rank);
      g_autoptr (GPtrArray) xs = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
      g_autoptr (GPtrArray) ys = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);

      hp_line_chart_set_mode (chart, HP_LINE_STEP);
      hp_line_chart_set_x_format (chart, HP_AXIS_FORMAT_TIME_US);
      hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Time")), y_label);

      for (guint row = 0; row < hp_table_get_n_rows (table); row++)
        {
          g_autofree char *key = NULL;
          double           x;
          double           y;
          guint            k = 0;

          if (_hp_chart_row_rank (table, row, c_rank) != rank)
            continue;
          key = _hp_chart_cell_text (table, row, c_series);
          while (k < keys->len && strcmp (g_ptr_array_index (keys, k), key) != 0)
            k++;
          if (k == keys->len)
            {
              g_ptr_array_add (keys, g_strdup (key));
              g_ptr_array_add (xs, g_array_new (FALSE, FALSE, sizeof (double)));
              g_ptr_array_add (ys, g_array_new (FALSE, FALSE, sizeof (double)));
            }
          x = _hp_chart_cell_number (table, row, c_ts);
          y = _hp_chart_cell_number (table, row, c_value);
          g_array_append_val (g_ptr_array_index (xs, k), x);
          g_array_append_val (g_ptr_array_index (ys, k), y);
        }

      for (guint k = 0; k < keys->len; k++)
        {
          GArray          *x = g_ptr_array_index (xs, k);
          GArray          *y = g_ptr_array_index (ys, k);
          g_autofree char *label = series_prefix != NULL
                                       ? g_strdup_printf ("%s %s", series_prefix, (const char *)g_ptr_array_index (keys, k))
                                       : g_strdup (g_ptr_array_index (keys, k));

          hp_line_chart_add_series (chart, label, (const double *)x->data, (const double *)y->data,
                                    x->len);
        }

      g_ptr_array_add (charts, chart);
    }

  return charts;
}

GPtrArray *
_hp_chart_adapt_queue_length (HpTable    *time_series,
                              const char *domain)
{
  g_return_val_if_fail (time_series != NULL, _hp_chart_list_new ());

  return time_series_charts (time_series, HP_QUEUE_LENGTH_SERIES_COL_RANK, HP_QUEUE_LENGTH_SERIES_COL_TS,
                             HP_QUEUE_LENGTH_SERIES_COL_STREAM, _hp_chart_tr (domain, N_ ("Stream")),
                             HP_QUEUE_LENGTH_SERIES_COL_QUEUE_LENGTH, HP_QUEUE_LENGTH_ANALYSIS,
                             _hp_chart_tr (domain, N_ ("Queue length")), _hp_chart_tr (domain, N_ ("Operations queued")), domain);
}

/**
 * hp_chart_adapt_queue_length:
 * @time_series: `queue_length_time_series`: `rank`, `ts`, `stream`,
 *   `queue_length`
 *
 * Returns: (transfer full) (element-type HpChart): per rank, a step line
 *   per stream, named `queue_length_rank<r>`
 */
GPtrArray *
hp_chart_adapt_queue_length (HpTable *time_series)
{
  return _hp_chart_adapt_queue_length (time_series, NULL);
}

GPtrArray *
_hp_chart_adapt_memory_bw (HpTable    *time_series,
                           const char *domain)
{
  g_return_val_if_fail (time_series != NULL, _hp_chart_list_new ());

  return time_series_charts (time_series, HP_MEMORY_BW_SERIES_COL_RANK, HP_MEMORY_BW_SERIES_COL_TS,
                             HP_MEMORY_BW_SERIES_COL_NAME, NULL, HP_MEMORY_BW_SERIES_COL_MEMORY_BW_GBPS, HP_MEMORY_BW_ANALYSIS,
                             _hp_chart_tr (domain, N_ ("Memory bandwidth")), _hp_chart_tr (domain, N_ ("Bandwidth (GB/s)")), domain);
}

/**
 * hp_chart_adapt_memory_bw:
 * @time_series: `memory_bw_time_series`: `rank`, `ts`, `name`,
 *   `memory_bw_gbps`
 *
 * Returns: (transfer full) (element-type HpChart): per rank, a step line
 *   per memory copy kind, named `memory_bw_rank<r>`
 */
GPtrArray *
hp_chart_adapt_memory_bw (HpTable *time_series)
{
  return _hp_chart_adapt_memory_bw (time_series, NULL);
}
