/* hp-chart-adapters-breakdown.c — charts of the temporal, kernel, overlap and critical-path breakdowns.
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
#include "hp-pie-chart.h"

/* ---- §1 temporal breakdown ---- */
GPtrArray *
_hp_chart_adapt_temporal_breakdown (HpTable    *table,
                                    const char *domain)
{
  const struct
  {
    HpColumnId  column;
    const char *series;
  } parts[] = {
    { HP_TEMPORAL_BREAKDOWN_COL_IDLE_TIME_PCTG, N_ ("Idle") },
    { HP_TEMPORAL_BREAKDOWN_COL_COMPUTE_TIME_PCTG, N_ ("Compute") },
    { HP_TEMPORAL_BREAKDOWN_COL_NON_COMPUTE_TIME_PCTG, N_ ("Non-compute") },
  };
  GPtrArray *charts = _hp_chart_list_new ();
  HpChart   *chart;
  guint      n_rows;
  int        c_rank;
  gboolean   complete;

  g_return_val_if_fail (table != NULL, charts);

  chart = _hp_chart_share_bars (HP_TEMPORAL_BREAKDOWN_TABLE, _hp_chart_tr (domain, N_ ("Temporal breakdown across ranks")),
                                HP_BAR_ORIENTATION_VERTICAL, _hp_chart_tr (domain, N_ ("Rank")),
                                _hp_chart_tr (domain, N_ ("Share of the GPU time span")));
  hp_bar_chart_set_mode (chart, HP_BAR_STACKED);
  g_ptr_array_add (charts, chart);

  c_rank = _hp_chart_column (table, HP_TEMPORAL_BREAKDOWN_COL_RANK);
  complete = c_rank >= 0;
  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    complete = complete && _hp_chart_column (table, parts[p].column) >= 0;
  if (!complete)
    return charts;

  n_rows = hp_table_get_n_rows (table);
  _hp_chart_add_rank_categories (chart, table, c_rank, _hp_chart_column (table, HP_TEMPORAL_BREAKDOWN_COL_DEVICE));

  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    {
      int   c = _hp_chart_column (table, parts[p].column);
      guint s = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, parts[p].series), NULL);

      /* the colours go by the English names */
      hp_bar_chart_set_series_color_key (chart, s, parts[p].series);

      for (guint row = 0; row < n_rows; row++)
        hp_bar_chart_set_value (chart, s, row, _hp_chart_cell_number (table, row, c));
    }

  return charts;
}

/**
 * hp_chart_adapt_temporal_breakdown:
 * @table: `temporal_breakdown`: `rank`, `idle_time_pctg`,
 *   `compute_time_pctg`, `non_compute_time_pctg` (and optionally `device`)
 *
 * Returns: (transfer full) (element-type HpChart): one stacked percent
 *   bar chart, one bar per rank, named `temporal_breakdown`
 */
GPtrArray *
hp_chart_adapt_temporal_breakdown (HpTable *table)
{
  return _hp_chart_adapt_temporal_breakdown (table, NULL);
}

/* ---- §3 kernel breakdown ---- */

GPtrArray *
_hp_chart_adapt_kernel_type (HpTable    *kernel_type_table,
                             const char *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();
  HpChart   *chart;
  int        c_type;
  int        c_pct;

  g_return_val_if_fail (kernel_type_table != NULL, charts);

  chart = hp_pie_chart_new ("kernel_type_percentage", _hp_chart_tr (domain, N_ ("Kernel Type Percentage Across All Ranks")));
  hp_pie_chart_set_donut (chart, 0.55);
  hp_pie_chart_set_value_format (chart, HP_AXIS_FORMAT_PERCENT);
  g_ptr_array_add (charts, chart);

  c_type = _hp_chart_column (kernel_type_table, HP_KERNEL_TYPE_COL_KERNEL_TYPE);
  c_pct = _hp_chart_column (kernel_type_table, HP_KERNEL_TYPE_COL_PERCENTAGE);
  if (c_type < 0 || c_pct < 0)
    return charts;

  for (guint row = 0; row < hp_table_get_n_rows (kernel_type_table); row++)
    {
      g_autofree char *type = _hp_chart_cell_text (kernel_type_table, row, c_type);
      double           pct = _hp_chart_cell_number (kernel_type_table, row, c_pct);

      if (isfinite (pct) && pct > 0)
        hp_pie_chart_add_slice (chart, 0, type, pct);
    }

  return charts;
}

/**
 * hp_chart_adapt_kernel_type:
 * @kernel_type_table: `gpu_kernel_breakdown_kernel_type`: `kernel_type`,
 *   `percentage`
 *
 * Returns: (transfer full) (element-type HpChart): one donut of the rows
 *   with a positive percentage, named `kernel_type_percentage`
 */
GPtrArray *
hp_chart_adapt_kernel_type (HpTable *kernel_type_table)
{
  return _hp_chart_adapt_kernel_type (kernel_type_table, NULL);
}

/* "void foo<float>(float const*, int)" → "foo<float>": the arguments and
 * the return type rarely tell kernels apart, the name and its template
 * arguments do. The table keeps the full name. */
static char *
kernel_display_name (const char *name)
{
  const char *start = name;
  const char *end = name + strlen (name);
  int         depth = 0;

  if (g_str_has_prefix (start, "void "))
    start += strlen ("void ");
  if (end > start && end[-1] == ')')
    for (const char *p = end - 1; p > start; p--)
      {
        if (*p == ')')
          depth++;
        else if (*p == '(' && --depth == 0)
          {
            end = p;
            break;
          }
      }
  if (end <= start)
    return g_strdup (name);
  return g_strndup (start, end - start);
}

/* the time of one kernel of one type over every rank */
static double
kernel_total (HpTable    *kernel_table,
              int         c_type,
              int         c_name,
              int         c_sum,
              const char *type,
              const char *kernel)
{
  double total = 0;

  for (guint row = 0; c_sum >= 0 && row < hp_table_get_n_rows (kernel_table); row++)
    if (_hp_chart_row_matches (kernel_table, row, c_type, type) &&
        _hp_chart_row_matches (kernel_table, row, c_name, kernel) && !hp_table_is_null (kernel_table, row, c_sum))
      total += hp_table_get_double (kernel_table, row, c_sum);
  return total;
}

GPtrArray *
_hp_chart_adapt_kernels (HpTable       *kernel_table,
                         HpChartFlavour flavour,
                         const char    *domain)
{
  const HpChartDurationColumns columns = { HP_KERNELS_COL_NAME, HP_KERNELS_COL_RANK, HP_KERNELS_COL_SUM_US,
                                           HP_KERNELS_COL_MEAN_US, HP_KERNELS_COL_MIN_US, HP_KERNELS_COL_MAX_US };
  GPtrArray                   *charts = _hp_chart_list_new ();
  g_autoptr (GPtrArray) types = NULL;
  int c_type;
  int c_name;

  g_return_val_if_fail (kernel_table != NULL, charts);

  c_type = _hp_chart_column (kernel_table, HP_KERNELS_COL_KERNEL_TYPE);
  c_name = _hp_chart_column (kernel_table, HP_KERNELS_COL_NAME);
  if (c_type < 0 || c_name < 0 || hp_table_get_n_rows (kernel_table) == 0)
    {
      g_ptr_array_add (charts, hp_pie_chart_new ("kernels", _hp_chart_tr (domain, N_ ("Kernel distribution on each rank"))));
      return charts;
    }

  types = _hp_chart_distinct_strings (kernel_table, c_type, FALSE, -1, NULL);
  for (guint t = 0; t < types->len; t++)
    {
      const char      *type = g_ptr_array_index (types, t);
      g_autofree char *stem = _hp_chart_stem_part (type);
      g_autofree char *name = g_strdup_printf ("kernels_%s", stem);
      /* Translators: %s is a kernel type: COMPUTATION, COMMUNICATION or MEMORY */
      g_autofree char *title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Kernel type \"%s\" - kernel distribution on each rank")), type);

      HpChart *chart = _hp_chart_per_rank_pies (kernel_table, &columns, name, title, c_type, type, domain);

      /* HTA's title runs past half a window; say the type up front */
      if (flavour == HP_CHART_FLAVOUR_WINDOW)
        {
          g_autofree char *short_title = NULL;

          /* Translators: a kernel type: COMPUTATION, COMMUNICATION or MEMORY */
          short_title = g_strdup_printf (_hp_chart_tr (domain, N_ ("%s kernels on each rank")), type);
          hp_chart_set_title (chart, short_title);
          hp_chart_set_subtitle (chart, _hp_chart_tr (domain, N_ ("GPU time of the type's top kernels")));
        }
      g_ptr_array_add (charts, chart);
    }

  for (guint t = 0; t < types->len; t++)
    {
      const char      *type = g_ptr_array_index (types, t);
      g_autofree char *stem = _hp_chart_stem_part (type);
      g_autoptr (GPtrArray) names = _hp_chart_distinct_strings (kernel_table, c_name, TRUE, c_type, type);
      guint index = 0;

      for (guint n = 0; n < names->len; n++)
        {
          const char      *kernel = g_ptr_array_index (names, n);
          g_autofree char *name = g_strdup_printf ("kernel_duration_%s_%u", stem, index++);
          /* Translators: a kernel type (COMPUTATION …), then a kernel's name */
          g_autofree char *title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Kernel type \"%s\" - %s")), type, kernel);

          HpChart *chart = _hp_chart_duration_bars (kernel_table, &columns, name, title, c_type, type, kernel, domain);

          hp_chart_set_weight (chart, kernel_total (kernel_table, c_type, c_name,
                                                    _hp_chart_column (kernel_table, HP_KERNELS_COL_SUM_US), type, kernel));
          /* the kernel's name is what tells these charts apart */
          if (flavour == HP_CHART_FLAVOUR_WINDOW)
            {
              g_autofree char *short_title = kernel_display_name (kernel);
              g_autofree char *subtitle = NULL;

              /* Translators: a kernel type: COMPUTATION, COMMUNICATION or MEMORY */
              subtitle = g_strdup_printf (_hp_chart_tr (domain, N_ ("%s kernel on each rank; whiskers from min to max")), type);
              hp_chart_set_title (chart, short_title);
              hp_chart_set_subtitle (chart, subtitle);
              hp_chart_set_axis_labels (chart, hp_chart_get_x_label (chart), _hp_chart_tr (domain, N_ ("Mean duration")));
            }
          g_ptr_array_add (charts, chart);
        }
    }

  return charts;
}

/**
 * hp_chart_adapt_kernels:
 * @kernel_table: `gpu_kernel_breakdown_kernels`: `name`, `sum (us)`,
 *   `max (us)`, `min (us)`, `mean (us)`, `kernel_type`, `rank`
 *
 * Per kernel type, a grid of per-rank pies of the kernels' total time
 * (named `kernels_<TYPE>`), then per type and kernel name other than
 * `others`, the kernel duration distribution across ranks: mean with
 * min/max whiskers (named `kernel_duration_<TYPE>_<i>`, i counting the
 * type's names in table order).
 *
 * Returns: (transfer full) (element-type HpChart): the charts
 */
GPtrArray *
hp_chart_adapt_kernels (HpTable *kernel_table)
{
  return _hp_chart_adapt_kernels (kernel_table, HP_CHART_FLAVOUR_HTA, NULL);
}

/* ---- §5 communication/computation overlap ---- */

GPtrArray *
_hp_chart_adapt_comm_comp_overlap (HpTable    *table,
                                   const char *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();
  HpChart   *chart;
  int        c_rank;
  int        c_pct;
  int        c_device;
  guint      series;

  g_return_val_if_fail (table != NULL, charts);

  chart = _hp_chart_share_bars (HP_COMM_COMP_OVERLAP_TABLE, _hp_chart_tr (domain, N_ ("Computation-Communication Overlap")),
                                HP_BAR_ORIENTATION_VERTICAL, _hp_chart_tr (domain, N_ ("Rank")),
                                _hp_chart_tr (domain, N_ ("Communication overlapped")));
  g_ptr_array_add (charts, chart);

  c_rank = _hp_chart_column (table, HP_COMM_COMP_OVERLAP_COL_RANK);
  c_pct = _hp_chart_column (table, HP_COMM_COMP_OVERLAP_COL_COMP_COMM_OVERLAP_PCTG);
  c_device = _hp_chart_column (table, HP_COMM_COMP_OVERLAP_COL_DEVICE);
  if (c_rank < 0 || c_pct < 0)
    return charts;

  _hp_chart_add_rank_categories (chart, table, c_rank, c_device);

  series = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, N_ ("Overlap")), NULL);
  hp_bar_chart_set_series_color_key (chart, series, "COMPUTATION overlapping COMMUNICATION");
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    hp_bar_chart_set_value (chart, series, row, _hp_chart_cell_number (table, row, c_pct));

  return charts;
}

/**
 * hp_chart_adapt_comm_comp_overlap:
 * @table: `comm_comp_overlap`: `rank`, `comp_comm_overlap_pctg`
 *
 * Returns: (transfer full) (element-type HpChart): one percent bar per
 *   rank, named `comm_comp_overlap`; NaN (no communication) shows no bar
 */
GPtrArray *
hp_chart_adapt_comm_comp_overlap (HpTable *table)
{
  return _hp_chart_adapt_comm_comp_overlap (table, NULL);
}

/* ---- §12 critical path ---- */

/* the share of the path per bound_by (dependencies, which weigh nothing,
 * left out) */
GPtrArray *
_hp_chart_adapt_critical_path_summary (HpTable    *table,
                                       const char *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();
  HpChart   *chart;
  int        c_bound;
  int        c_pct;
  guint      series;

  g_return_val_if_fail (table != NULL, charts);

  chart = _hp_chart_share_bars (HP_CRITICAL_PATH_SUMMARY_TABLE, _hp_chart_tr (domain, N_ ("Critical path by boundedness")),
                                HP_BAR_ORIENTATION_HORIZONTAL, _hp_chart_tr (domain, N_ ("Bound by")),
                                _hp_chart_tr (domain, N_ ("Share of the path")));
  if (hp_table_get_note (table) != NULL)
    hp_chart_set_subtitle (chart, hp_table_get_note (table));
  g_ptr_array_add (charts, chart);

  c_bound = _hp_chart_column (table, HP_CRITICAL_PATH_SUMMARY_COL_BOUND_BY);
  c_pct = _hp_chart_column (table, HP_CRITICAL_PATH_SUMMARY_COL_PCT_OF_PATH_DURATION);
  if (c_bound < 0 || c_pct < 0)
    return charts;
  series = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, N_ ("% of path duration")), NULL);
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      const char *bound = hp_table_get_string (table, row, c_bound);
      guint       category;

      if (bound == NULL || bound[0] == '\0')
        continue;
      category = hp_bar_chart_add_category (chart, bound);
      hp_bar_chart_set_value (chart, series, category, _hp_chart_cell_number (table, row, c_pct));
    }
  return charts;
}
