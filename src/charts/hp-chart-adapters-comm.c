/* hp-chart-adapters-comm.c — the charts of communication: exposed time per step, bus bandwidth per message size.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-chart-adapters-private.h"

/* one stacked bar per step, a segment per collective: @value_col summed
 * over the ranks */
static HpChart *
per_step (HpTable    *table,
          const char *name,
          const char *title,
          HpColumnId  value_col,
          const char *domain)
{
  HpChart *chart = hp_bar_chart_new (name, title);
  int      c_step = _hp_chart_column (table, HP_COMMUNICATION_BY_STEP_COL_STEP);
  int      c_coll = _hp_chart_column (table, HP_COMMUNICATION_BY_STEP_COL_COLLECTIVE);
  int      c_value = _hp_chart_column (table, value_col);
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GPtrArray) colls = NULL;

  hp_bar_chart_set_mode (chart, HP_BAR_STACKED);
  hp_bar_chart_set_orientation (chart, HP_BAR_ORIENTATION_VERTICAL);
  hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Step")), _hp_chart_tr (domain, N_ ("Time")));
  if (c_step < 0 || c_coll < 0 || c_value < 0)
    return chart;
  {
    int c_rank = _hp_chart_column (table, HP_COMMUNICATION_BY_STEP_COL_RANK);
    g_autoptr (GPtrArray) ranks = c_rank >= 0 ? _hp_chart_distinct_strings (table, c_rank, FALSE, -1, NULL) : NULL;

    /* a bar is the sum of every rank's time: the axis says so */
    if (ranks != NULL && ranks->len > 1)
      {
        /* Translators: a chart axis: the number of ranks whose times a bar adds up */
        g_autofree char *label = g_strdup_printf (_hp_chart_tr (domain, N_ ("Time, summed over %u ranks")), ranks->len);

        hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Step")), label);
      }
  }
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      gint64   step = (gint64)_hp_chart_cell_number (table, row, c_step);
      gboolean known = FALSE;

      for (guint i = 0; i < steps->len && !known; i++)
        known = g_array_index (steps, gint64, i) == step;
      if (!known)
        g_array_append_val (steps, step);
    }
  for (guint i = 0; i < steps->len; i++)
    {
      g_autofree char *label = g_strdup_printf ("%" G_GINT64_FORMAT, g_array_index (steps, gint64, i));

      hp_bar_chart_add_category (chart, label);
    }
  colls = _hp_chart_distinct_strings (table, c_coll, FALSE, -1, NULL);
  for (guint s = 0; s < colls->len; s++)
    {
      guint series = hp_bar_chart_add_series (chart, colls->pdata[s], NULL);

      for (guint i = 0; i < steps->len; i++)
        {
          double sum = 0;

          for (guint row = 0; row < hp_table_get_n_rows (table); row++)
            if ((gint64)_hp_chart_cell_number (table, row, c_step) == g_array_index (steps, gint64, i) &&
                _hp_chart_row_matches (table, row, c_coll, colls->pdata[s]))
              sum += _hp_chart_cell_number (table, row, c_value);
          hp_bar_chart_set_value (chart, series, i, sum);
        }
    }
  return chart;
}

/* `communication_by_step`: the time and the exposed time of each step, by
 * collective, over the selected ranks */
GPtrArray *
_hp_chart_adapt_communication_by_step (HpTable    *table,
                                       const char *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();

  g_return_val_if_fail (table != NULL, charts);

  g_ptr_array_add (charts, per_step (table, "communication_exposed",
                                     _hp_chart_tr (domain, N_ ("Exposed communication per step")), HP_COMMUNICATION_BY_STEP_COL_EXPOSED_TIME_US, domain));
  g_ptr_array_add (charts, per_step (table, "communication_time", _hp_chart_tr (domain, N_ ("Communication per step")),
                                     HP_COMMUNICATION_BY_STEP_COL_TIME_US, domain));
  return charts;
}

/* a message size in B, KiB, MiB or GiB */
static char *
format_bytes (gint64 bytes)
{
  if (bytes < 0)
    return g_strdup ("?");
  return g_format_size_full ((guint64)bytes, G_FORMAT_SIZE_IEC_UNITS);
}

/* `collective_sizes`: the median bus bandwidth of each (collective,
 * message size) of the first rank, by size as nccl-tests prints a sweep,
 * with the 10th–90th percentiles as whiskers */
GPtrArray *
_hp_chart_adapt_collective_sizes (HpTable    *table,
                                  const char *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();
  HpChart   *chart;
  int        c_rank, c_coll, c_bytes, c_b10, c_b50, c_b90, c_peak;
  guint      series;
  gint64     rank = G_MININT64;
  double     peak = NAN;

  g_return_val_if_fail (table != NULL, charts);

  chart = hp_bar_chart_new ("collective_busbw", _hp_chart_tr (domain, N_ ("Bus bandwidth by message size")));
  hp_bar_chart_set_orientation (chart, HP_BAR_ORIENTATION_HORIZONTAL);
  hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_NUMBER);
  hp_bar_chart_set_show_values (chart, TRUE);
  hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Collective and message size")),
                            _hp_chart_tr (domain, N_ ("Bus bandwidth (GB/s)")));
  g_ptr_array_add (charts, chart);
  c_rank = _hp_chart_column (table, HP_COLLECTIVE_SIZES_COL_RANK);
  c_coll = _hp_chart_column (table, HP_COLLECTIVE_SIZES_COL_COLLECTIVE);
  c_bytes = _hp_chart_column (table, HP_COLLECTIVE_SIZES_COL_MSG_BYTES);
  c_b10 = _hp_chart_column (table, HP_COLLECTIVE_SIZES_COL_BUSBW_P10);
  c_b50 = _hp_chart_column (table, HP_COLLECTIVE_SIZES_COL_BUSBW_P50);
  c_b90 = _hp_chart_column (table, HP_COLLECTIVE_SIZES_COL_BUSBW_P90);
  c_peak = _hp_chart_column (table, HP_COLLECTIVE_SIZES_COL_LINK_PEAK);
  if (c_rank < 0 || c_coll < 0 || c_bytes < 0 || c_b50 < 0 || hp_table_get_n_rows (table) == 0)
    return charts;
  rank = _hp_chart_row_rank (table, 0, c_rank);
  series = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, N_ ("Median bus bandwidth")), NULL);
  hp_bar_chart_set_series_color_key (chart, series, "COMMUNICATION");
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      g_autofree char *coll = NULL;
      g_autofree char *size = NULL;
      g_autofree char *label = NULL;
      guint            cat;

      if (_hp_chart_row_rank (table, row, c_rank) != rank)
        continue;
      coll = _hp_chart_cell_text (table, row, c_coll);
      size = format_bytes ((gint64)_hp_chart_cell_number (table, row, c_bytes));
      label = g_strdup_printf ("%s %s", coll, size);
      cat = hp_bar_chart_add_category (chart, label);
      hp_bar_chart_set_value (chart, series, cat, _hp_chart_cell_number (table, row, c_b50));
      if (c_b10 >= 0 && c_b90 >= 0)
        hp_bar_chart_set_error (chart, series, cat, _hp_chart_cell_number (table, row, c_b10),
                                _hp_chart_cell_number (table, row, c_b90));
      if (c_peak >= 0 && isnan (peak))
        peak = _hp_chart_cell_number (table, row, c_peak);
    }
  {
    g_autofree char *sub = _hp_chart_rank_subtitle (rank, domain);
    g_autofree char *text = NULL;

    /* Translators: a chart subtitle: the rank, then the device's link bandwidth */
    text = isfinite (peak) ? g_strdup_printf (_hp_chart_tr (domain, N_ ("%s; link peak %.0f GB/s")), sub, peak)
                           : g_strdup (sub);
    hp_chart_set_subtitle (chart, text);
  }
  return charts;
}
