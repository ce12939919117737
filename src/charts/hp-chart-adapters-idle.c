/* hp-chart-adapters-idle.c — charts of the idle time breakdown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-chart-adapters-private.h"
#include "hp-chart-adapters.h"
#include "hp-bar-chart.h"

/* ---- §2 idle time ---- */

/* for g_ptr_array_sort: numbers by value, anything else after, by text */
static int
compare_numeric_strings (gconstpointer a,
                         gconstpointer b)
{
  const char *x = *(const char *const *)a;
  const char *y = *(const char *const *)b;
  gint64      vx, vy;
  gboolean    nx = g_ascii_string_to_signed (x, 10, G_MININT64, G_MAXINT64, &vx, NULL);
  gboolean    ny = g_ascii_string_to_signed (y, 10, G_MININT64, G_MAXINT64, &vy, NULL);

  if (nx && ny)
    return (vx > vy) - (vx < vy);
  if (nx != ny)
    return nx ? -1 : 1;
  return strcmp (x, y);
}

/* The percentage of @row's stream idle time in its category. The table's
 * idle_time_ratio is rounded to 2 decimals, and stacked rounded ratios can
 * sum past 100% (0.69 + 0.10 + 0.22): stack the exact share of idle_time
 * when the table has it. */
static double
idle_share (HpTable *table,
            guint    row,
            gint64   rank,
            int      c_rank,
            int      c_stream,
            int      c_time,
            int      c_ratio)
{
  g_autofree char *stream = _hp_chart_cell_text (table, row, c_stream);
  double           total = 0;

  if (c_time < 0)
    return 100 * _hp_chart_cell_number (table, row, c_ratio);
  for (guint r = 0; r < hp_table_get_n_rows (table); r++)
    {
      g_autofree char *other = NULL;
      double           t;

      if (_hp_chart_row_rank (table, r, c_rank) != rank)
        continue;
      other = _hp_chart_cell_text (table, r, c_stream);
      t = _hp_chart_cell_number (table, r, c_time);
      if (strcmp (other, stream) == 0 && isfinite (t))
        total += t;
    }
  if (!(total > 0))
    return 100 * _hp_chart_cell_number (table, row, c_ratio);
  return 100 * _hp_chart_cell_number (table, row, c_time) / total;
}

GPtrArray *
_hp_chart_adapt_idle_time (HpTable    *table,
                           const char *domain)
{
  static const char *const known[] = { "host_wait", "kernel_wait", "other" };
  GPtrArray               *charts = _hp_chart_list_new ();
  g_autoptr (GArray) ranks = NULL;
  g_autoptr (GPtrArray) categories = NULL;
  int c_rank;
  int c_stream;
  int c_category;
  int c_ratio;
  int c_time;

  g_return_val_if_fail (table != NULL, charts);

  c_rank = _hp_chart_column (table, HP_IDLE_TIME_COL_RANK);
  c_stream = _hp_chart_column (table, HP_IDLE_TIME_COL_STREAM);
  c_category = _hp_chart_column (table, HP_IDLE_TIME_COL_IDLE_CATEGORY);
  c_ratio = _hp_chart_column (table, HP_IDLE_TIME_COL_IDLE_TIME_RATIO);
  c_time = _hp_chart_column (table, HP_IDLE_TIME_COL_IDLE_TIME);
  if (c_stream < 0 || c_category < 0 || c_ratio < 0 || hp_table_get_n_rows (table) == 0)
    {
      HpChart *chart = hp_bar_chart_new ("idle_time", _hp_chart_tr (domain, N_ ("Idle time breakdown per CUDA stream")));

      g_ptr_array_add (charts, chart);
      return charts;
    }

  /* the three known categories first, in HTA's order, then any other */
  categories = g_ptr_array_new_with_free_func (g_free);
  for (guint k = 0; k < G_N_ELEMENTS (known); k++)
    g_ptr_array_add (categories, g_strdup (known[k]));
  {
    g_autoptr (GPtrArray) found = _hp_chart_distinct_strings (table, c_category, FALSE, -1, NULL);

    for (guint i = 0; i < found->len; i++)
      if (!g_strv_contains (known, g_ptr_array_index (found, i)))
        g_ptr_array_add (categories, g_strdup (g_ptr_array_index (found, i)));
  }

  ranks = _hp_chart_distinct_ranks (table, c_rank);
  for (guint i = 0; i < ranks->len; i++)
    {
      gint64           rank = g_array_index (ranks, gint64, i);
      g_autofree char *name = g_strdup_printf ("idle_time_rank%" G_GINT64_FORMAT, rank);
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, rank);
      /* Translators: %s is a rank number */
      g_autofree char *title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Idle time breakdown on rank %s per CUDA stream")), number);
      g_autoptr (GPtrArray) streams = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GHashTable) stream_index = g_hash_table_new (g_str_hash, g_str_equal);
      HpChart          *chart = _hp_chart_share_bars (name, title, HP_BAR_ORIENTATION_VERTICAL, _hp_chart_tr (domain, N_ ("Stream")),
                                                      _hp_chart_tr (domain, N_ ("Share of the stream's idle time")));
      g_autofree guint *series = NULL;

      hp_chart_set_rank (chart, (int)rank);
      hp_bar_chart_set_mode (chart, HP_BAR_STACKED);

      /* streams in ascending numeric order (HTA's table order is not) */
      for (guint row = 0; row < hp_table_get_n_rows (table); row++)
        {
          char *stream;

          if (_hp_chart_row_rank (table, row, c_rank) != rank)
            continue;
          stream = _hp_chart_cell_text (table, row, c_stream);
          if (g_hash_table_contains (stream_index, stream))
            {
              g_free (stream);
              continue;
            }
          g_hash_table_add (stream_index, stream);
          g_ptr_array_add (streams, stream);
        }
      g_ptr_array_sort (streams, compare_numeric_strings);
      g_hash_table_steal_all (stream_index);
      for (guint k = 0; k < streams->len; k++)
        g_hash_table_insert (stream_index, streams->pdata[k],
                             GUINT_TO_POINTER (hp_bar_chart_add_category (chart, streams->pdata[k])));

      series = g_new (guint, categories->len);
      for (guint k = 0; k < categories->len; k++)
        series[k] = G_MAXUINT;

      for (guint row = 0; row < hp_table_get_n_rows (table); row++)
        {
          g_autofree char *stream = NULL;
          g_autofree char *category = NULL;
          guint            k = 0;

          if (_hp_chart_row_rank (table, row, c_rank) != rank)
            continue;
          stream = _hp_chart_cell_text (table, row, c_stream);
          category = _hp_chart_cell_text (table, row, c_category);
          while (k < categories->len && strcmp (g_ptr_array_index (categories, k), category) != 0)
            k++;
          if (k == categories->len)
            continue;
          if (series[k] == G_MAXUINT)
            series[k] = hp_bar_chart_add_series (chart, category, NULL);
          hp_bar_chart_set_value (chart, series[k],
                                  GPOINTER_TO_UINT (g_hash_table_lookup (stream_index, stream)),
                                  idle_share (table, row, rank, c_rank, c_stream, c_time, c_ratio));
        }

      g_ptr_array_add (charts, chart);
    }

  return charts;
}

/**
 * hp_chart_adapt_idle_time:
 * @table: `idle_time_breakdown`: `rank`, `stream`, `idle_category`,
 *   `idle_time_ratio`
 *
 * Returns: (transfer full) (element-type HpChart): per rank, stacked
 *   percent bars per stream coloured by idle category, named
 *   `idle_time_rank<r>`
 */
GPtrArray *
hp_chart_adapt_idle_time (HpTable *table)
{
  return _hp_chart_adapt_idle_time (table, NULL);
}
