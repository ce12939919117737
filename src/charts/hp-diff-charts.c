/* hp-diff-charts.c — HTA's two trace-diff charts: op counts and durations of two runs side by side.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hp-bar-chart.h"
#include "hp-chart-tr-private.h"
#include "hp-diff-charts.h"

typedef struct
{
  guint  row;
  double key;
} Ranked;

static int
cmp_ranked (gconstpointer a,
            gconstpointer b)
{
  const Ranked *x = a;
  const Ranked *y = b;

  if (x->key != y->key)
    return x->key > y->key ? -1 : 1;
  return (x->row > y->row) - (x->row < y->row);
}

static double
cell (HpTable *table,
      guint    row,
      int      column)
{
  if (column < 0 || hp_table_get_column_type (table, (guint)column) == HP_COLUMN_STRING)
    return NAN;
  return hp_table_get_double (table, row, (guint)column);
}

/* the n-th column whose name ends with @suffix, other than @skip */
static int
nth_column (HpTable    *table,
            const char *suffix,
            const char *skip,
            guint       nth)
{
  for (guint c = 0; c < hp_table_get_n_columns (table); c++)
    {
      const char *name = hp_table_get_column_name (table, c);

      if (g_str_has_suffix (name, suffix) && g_strcmp0 (name, skip) != 0 && nth-- == 0)
        return (int)c;
    }
  return -1;
}

static HpChart *
comparison_chart (HpTable     *compare,
                  const char  *name,
                  const char  *title,
                  const char  *y_label,
                  const char  *suffix,
                  HpColumnId   diff_column,
                  HpAxisFormat format,
                  guint        top_n,
                  const char  *domain)
{
  HpChart *chart = hp_bar_chart_new (name, title);
  int      c_col = nth_column (compare, suffix, diff_column.name, 0);
  int      t_col = nth_column (compare, suffix, diff_column.name, 1);
  int      d_col = hp_table_column_of (compare, diff_column);
  int      label_c = nth_column (compare, HP_TRACE_DIFF_TOTAL_DURATION_SUFFIX, NULL, 0);
  int      label_t = nth_column (compare, HP_TRACE_DIFF_TOTAL_DURATION_SUFFIX, NULL, 1);
  g_autoptr (GArray) ranked = g_array_new (FALSE, FALSE, sizeof (Ranked));
  const int columns[3] = { c_col, t_col, d_col };
  guint     series[3];

  hp_bar_chart_set_mode (chart, HP_BAR_GROUPED);
  hp_bar_chart_set_value_format (chart, format);
  hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Op")), y_label);
  if (c_col < 0 || t_col < 0 || d_col < 0 || label_c < 0 || label_t < 0)
    return chart;

  /* the series are named after the runs, as HTA takes them from the
   * columns ending in _total_duration */
  for (guint s = 0; s < 2; s++)
    {
      const char      *column = hp_table_get_column_name (compare, (guint)(s == 0 ? label_c : label_t));
      g_autofree char *label = g_strndup (column, strlen (column) - strlen (HP_TRACE_DIFF_TOTAL_DURATION_SUFFIX));

      series[s] = hp_bar_chart_add_series (chart, label, NULL);
      hp_bar_chart_set_series_color_key (chart, series[s], label);
    }
  series[2] = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, N_ ("Difference")), NULL);
  hp_bar_chart_set_series_color_key (chart, series[2], "Difference");

  /* the largest changes, steps left out (HTA's documented use) */
  for (guint row = 0; row < hp_table_get_n_rows (compare); row++)
    {
      Ranked r = { row, fabs (cell (compare, row, d_col)) };

      if (g_str_has_prefix (hp_table_get_string (compare, row, 0), "ProfilerStep") || !(r.key > 0))
        continue;
      g_array_append_val (ranked, r);
    }
  g_array_sort (ranked, cmp_ranked);
  for (guint i = 0; i < ranked->len && i < top_n; i++)
    {
      guint row = g_array_index (ranked, Ranked, i).row;
      guint category = hp_bar_chart_add_category (chart, hp_table_get_string (compare, row, 0));

      for (guint s = 0; s < 3; s++)
        hp_bar_chart_set_value (chart, series[s], category, cell (compare, row, columns[s]));
    }

  return chart;
}

/**
 * hp_diff_charts_new:
 * @compare: a table from hp_trace_diff_compare()
 * @top_n: how many ops, the largest changes first
 * @domain: (nullable): the gettext domain of the titles, or %NULL for English
 *
 * HTA's `visualize_counts_diff` and `visualize_duration_diff` (spec §10.4)
 * over the @top_n ops whose count (or total duration) changed most, steps
 * left out: both runs and the difference, grouped per op.
 *
 * Returns: (transfer full) (element-type HpChart): the charts
 *   `ops_count_comparison` and `ops_duration_comparison`
 */
GPtrArray *
hp_diff_charts_new (HpTable    *compare,
                    guint       top_n,
                    const char *domain)
{
  GPtrArray *charts = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_chart_unref);

  g_return_val_if_fail (compare != NULL, charts);

  g_ptr_array_add (charts, comparison_chart (compare, "ops_count_comparison",
                                             _hp_chart_tr (domain, N_ ("Ops Count Comparison")),
                                             _hp_chart_tr (domain, N_ ("Count")), HP_TRACE_DIFF_COUNTS_SUFFIX,
                                             HP_TRACE_DIFF_COL_DIFF_COUNTS,
                                             HP_AXIS_FORMAT_COMPACT, top_n, domain));
  g_ptr_array_add (charts, comparison_chart (compare, "ops_duration_comparison",
                                             _hp_chart_tr (domain, N_ ("Ops Duration Comparison")),
                                             _hp_chart_tr (domain, N_ ("Total Duration (us)")),
                                             HP_TRACE_DIFF_TOTAL_DURATION_SUFFIX, HP_TRACE_DIFF_COL_DIFF_DURATION, HP_AXIS_FORMAT_COMPACT, top_n, domain));
  return charts;
}
