/* hp-chart-adapters-annotations.c — charts of the user annotation breakdown.
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

/* ---- §4 user annotations ---- */

/* The mean duration of every annotation of a one-rank table, whiskers from
 * min to max, named `user_annotation_<kind>_rank<r>` */
static HpChart *
annotations_of_rank (HpTable    *table,
                     const char *kind,
                     gint64      rank,
                     GPtrArray  *names,
                     const char *domain)
{
  g_autofree char *name = g_strdup_printf ("user_annotation_%s_rank%" G_GINT64_FORMAT, kind, rank);
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, rank);
  /* Translators: %s is a rank number */
  g_autofree char *title = g_strdup_printf (_hp_chart_tr (domain, N_ ("User annotations on rank %s")), number);
  HpChart         *chart = hp_bar_chart_new (name, title);
  int              c_name = _hp_chart_column (table, HP_USER_ANNOTATION_COL_NAME);
  int              c_mean = _hp_chart_column (table, HP_USER_ANNOTATION_COL_MEAN_US);
  int              c_min = _hp_chart_column (table, HP_USER_ANNOTATION_COL_MIN_US);
  int              c_max = _hp_chart_column (table, HP_USER_ANNOTATION_COL_MAX_US);
  guint            series;

  hp_bar_chart_set_orientation (chart, HP_BAR_ORIENTATION_HORIZONTAL);
  hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("User annotation")),
                            _hp_chart_tr (domain, N_ ("Mean duration (whiskers: min to max)")));
  for (guint n = 0; n < names->len; n++)
    hp_bar_chart_add_category (chart, g_ptr_array_index (names, n));
  series = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, N_ ("Mean")), NULL);
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    for (guint n = 0; n < names->len; n++)
      if (_hp_chart_row_matches (table, row, c_name, g_ptr_array_index (names, n)))
        {
          hp_bar_chart_set_value (chart, series, n, _hp_chart_cell_number (table, row, c_mean));
          hp_bar_chart_set_error (chart, series, n, _hp_chart_cell_number (table, row, c_min), _hp_chart_cell_number (table, row, c_max));
          break;
        }
  return chart;
}

/* the time of one annotation over every rank */
static double
annotation_total (HpTable    *table,
                  int         c_name,
                  const char *annotation)
{
  int    c_sum = _hp_chart_column (table, HP_USER_ANNOTATION_COL_SUM_US);
  double total = 0;

  for (guint row = 0; c_sum >= 0 && row < hp_table_get_n_rows (table); row++)
    if (_hp_chart_row_matches (table, row, c_name, annotation) && !hp_table_is_null (table, row, c_sum))
      total += hp_table_get_double (table, row, c_sum);
  return total;
}

GPtrArray *
_hp_chart_adapt_user_annotations (HpTable       *table,
                                  HpChartFlavour flavour,
                                  const char    *domain)
{
  const HpChartDurationColumns columns = { HP_USER_ANNOTATION_COL_NAME, HP_USER_ANNOTATION_COL_RANK,
                                           HP_USER_ANNOTATION_COL_SUM_US, HP_USER_ANNOTATION_COL_MEAN_US,
                                           HP_USER_ANNOTATION_COL_MIN_US, HP_USER_ANNOTATION_COL_MAX_US };
  GPtrArray                   *charts = _hp_chart_list_new ();
  g_autoptr (GPtrArray) names = NULL;
  g_autofree char *pies_name = NULL;
  const char      *kind;
  int              c_name;

  g_return_val_if_fail (table != NULL, charts);

  kind = g_strcmp0 (hp_table_get_name (table), HP_USER_ANNOTATION_CPU_TABLE) == 0 ? "cpu" : "gpu";
  pies_name = g_strdup_printf ("user_annotation_%s_distribution", kind);
  g_ptr_array_add (charts, _hp_chart_per_rank_pies (table, &columns, pies_name, _hp_chart_tr (domain, N_ ("User annotation distribution on each rank")),
                                                    -1, NULL, domain));

  c_name = _hp_chart_column (table, HP_USER_ANNOTATION_COL_NAME);
  if (c_name < 0)
    return charts;

  names = _hp_chart_distinct_strings (table, c_name, TRUE, -1, NULL);
  {
    g_autoptr (GArray) ranks = _hp_chart_distinct_ranks (table, _hp_chart_column (table, HP_USER_ANNOTATION_COL_RANK));

    /* one rank: one chart with every annotation, not a single-bar chart each */
    if (ranks->len == 1 && names->len > 0)
      {
        g_ptr_array_add (charts, annotations_of_rank (table, kind, g_array_index (ranks, gint64, 0), names, domain));
        return charts;
      }
  }
  for (guint n = 0; n < names->len; n++)
    {
      const char      *annotation = g_ptr_array_index (names, n);
      g_autofree char *name = g_strdup_printf ("user_annotation_%s_%u", kind, n);
      /* Translators: %s is the name of a record_function range */
      g_autofree char *title = g_strdup_printf (_hp_chart_tr (domain, N_ ("User annotation = %s")), annotation);

      HpChart *chart = _hp_chart_duration_bars (table, &columns, name, title, -1, NULL, annotation, domain);

      hp_chart_set_weight (chart, annotation_total (table, c_name, annotation));
      /* the annotation's name is what tells these charts apart */
      if (flavour == HP_CHART_FLAVOUR_WINDOW)
        {
          hp_chart_set_title (chart, annotation);
          hp_chart_set_subtitle (chart, _hp_chart_tr (domain, N_ ("User annotation on each rank; whiskers from min to max")));
          hp_chart_set_axis_labels (chart, hp_chart_get_x_label (chart), _hp_chart_tr (domain, N_ ("Mean duration")));
        }
      g_ptr_array_add (charts, chart);
    }

  return charts;
}

/**
 * hp_chart_adapt_user_annotations:
 * @table: `user_annotation_breakdown_gpu` or `_cpu`: `name`, `sum (us)`,
 *   `max (us)`, `min (us)`, `mean (us)`, `rank`
 *
 * A grid of per-rank pies (named `user_annotation_<kind>_distribution`,
 * kind `gpu` or `cpu` from the table's name) and, per name other than
 * `others`, a bar per rank of the mean with min/max whiskers (named
 * `user_annotation_<kind>_<i>`). A table of one rank gets one chart of
 * every name's mean instead (`user_annotation_<kind>_rank<r>`).
 *
 * Returns: (transfer full) (element-type HpChart): the charts
 */
GPtrArray *
hp_chart_adapt_user_annotations (HpTable *table)
{
  return _hp_chart_adapt_user_annotations (table, HP_CHART_FLAVOUR_HTA, NULL);
}
