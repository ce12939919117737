/* hp-chart-patterns.c — the chart of the frequent CUDA kernel sequences (docs/analyses.md §9.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "hp-bar-chart.h"
#include "hp-chart-tr-private.h"
#include "hp-chart-patterns.h"

/**
 * hp_chart_kernel_sequences:
 * @table: `frequent_cuda_kernel_sequences`: `pattern`, `count`
 * @top_k: how many patterns
 * @rank: the rank, for the title
 * @domain: (nullable): the translation domain of the words, or %NULL for
 *   English (the CLI)
 *
 * HTA's chart of the top patterns: one bar per pattern, x = its index
 * (0 … k − 1), y = its count; "Top <k> frequent patterns for rank <r>".
 *
 * Returns: (transfer full): the chart, named `frequent_cuda_kernel_sequences`
 */
HpChart *
hp_chart_kernel_sequences (HpTable    *table,
                           guint       top_k,
                           int         rank,
                           const char *domain)
{
  int              c_count = hp_table_column_of (table, HP_KERNEL_SEQUENCES_COL_COUNT);
  guint            n = MIN (top_k, hp_table_get_n_rows (table));
  g_autofree char *title = NULL;
  HpChart         *chart;
  guint            series;

  /* Translators: the title of a chart; the first %u is a number of
   * patterns, the second a rank */
  title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Top %u frequent patterns for rank %d")),
                           n, rank);
  chart = hp_bar_chart_new (HP_KERNEL_SEQUENCES_TABLE, title);
  hp_bar_chart_set_orientation (chart, HP_BAR_ORIENTATION_VERTICAL);
  hp_bar_chart_set_show_values (chart, TRUE);
  hp_chart_set_axis_labels (chart,
                            _hp_chart_tr (domain, N_ ("Pattern")),
                            _hp_chart_tr (domain, N_ ("Count")));
  series = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, N_ ("Count")), NULL);
  for (guint row = 0; row < n && c_count >= 0; row++)
    {
      char  label[16];
      guint category;

      g_snprintf (label, sizeof label, "%u", row);
      category = hp_bar_chart_add_category (chart, label);
      hp_bar_chart_set_value (chart, series, category, (double)hp_table_get_int (table, row, c_count));
    }
  return chart;
}
