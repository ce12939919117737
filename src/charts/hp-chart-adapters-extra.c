/* hp-chart-adapters-extra.c — charts of the memory, counter and straggler analyses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-bar-chart.h"
#include "hp-chart-adapters-extra-private.h"
#include "hp-chart-adapters-private.h"
#include "hp-heat-map.h"
#include "hp-line-chart.h"

/* bytes in a GB, as HTA's memory plot counts them */
#define GIB (1024.0 * 1024.0 * 1024.0)

/* the ops with most FLOPs shown in the CUPTI chart */
#define MAX_OPS 20

/* HTA's memory plot: per category, the bytes of it and of every category
 * before it (a stacked area, drawn as its upper edges), in GB over ms
 * from the first point */
GPtrArray *
_hp_chart_adapt_memory_timeline (HpTable    *table,
                                 const char *domain)
{
  GPtrArray         *charts = _hp_chart_list_new ();
  HpChart           *chart = hp_line_chart_new (HP_MEMORY_TIMELINE_TABLE, _hp_chart_tr (domain, N_ ("Memory timeline")));
  guint              n = hp_table_get_n_rows (table);
  guint              n_categories = hp_table_get_n_columns (table) - 1;
  g_autofree double *x = g_new (double, n + 1);
  g_autofree double *y = g_new0 (double, n + 1);

  hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Time (ms)")), _hp_chart_tr (domain, N_ ("Memory (GB)")));
  hp_line_chart_set_mode (chart, HP_LINE_STEP);
  hp_line_chart_set_x_format (chart, HP_AXIS_FORMAT_NUMBER);
  hp_line_chart_set_y_include_zero (chart, TRUE);
  for (guint i = 0; i < n; i++)
    x[i] = (double)(hp_table_get_int (table, i, 0) - hp_table_get_int (table, 0, 0)) / 1e6;
  for (guint c = 0; c < n_categories; c++)
    {
      const char *category = hp_table_get_column_name (table, c + 1);
      guint       series;

      for (guint i = 0; i < n; i++)
        y[i] += (double)hp_table_get_int (table, i, c + 1) / GIB;
      series = hp_line_chart_add_series (chart, category, x, y, n);
      hp_line_chart_set_series_color_key (chart, series, category);
    }
  g_ptr_array_add (charts, chart);
  return charts;
}

/* Per rank and device, allocated and reserved memory in GB over time */
GPtrArray *
_hp_chart_adapt_memory_events (HpTable    *table,
                               const char *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();
  int        c_rank = hp_table_column_of (table, HP_MEMORY_EVENTS_COL_RANK);
  int        c_device = hp_table_column_of (table, HP_MEMORY_EVENTS_COL_DEVICE);
  int        c_ts = hp_table_column_of (table, HP_MEMORY_EVENTS_COL_TS);
  int        c_alloc = hp_table_column_of (table, HP_MEMORY_EVENTS_COL_ALLOCATED);
  int        c_reserved = hp_table_column_of (table, HP_MEMORY_EVENTS_COL_RESERVED);
  guint      n = hp_table_get_n_rows (table);

  if (c_rank < 0 || c_device < 0 || c_ts < 0 || c_alloc < 0 || c_reserved < 0)
    return charts;
  for (guint i = 0; i < n;)
    {
      gint64             rank = hp_table_get_int (table, i, c_rank);
      const char        *device = hp_table_get_string (table, i, c_device);
      guint              j = i, m = 0, m_reserved = 0;
      g_autofree double *x = NULL;
      g_autofree double *xr = NULL;
      g_autofree double *allocated = NULL;
      g_autofree double *reserved = NULL;
      g_autofree char   *name = NULL;
      g_autofree char   *subtitle = NULL;
      HpChart           *chart;
      guint              series;

      while (j < n && hp_table_get_int (table, j, c_rank) == rank &&
             g_strcmp0 (hp_table_get_string (table, j, c_device), device) == 0)
        j++;
      x = g_new (double, j - i);
      xr = g_new (double, j - i);
      allocated = g_new (double, j - i);
      reserved = g_new (double, j - i);
      for (guint k = i; k < j; k++)
        {
          x[m] = hp_table_get_double (table, k, c_ts);
          allocated[m++] = (double)hp_table_get_int (table, k, c_alloc) / GIB;
          if (!hp_table_is_null (table, k, c_reserved))
            {
              xr[m_reserved] = x[m - 1];
              reserved[m_reserved++] = (double)hp_table_get_int (table, k, c_reserved) / GIB;
            }
        }
      name = g_strdup_printf ("memory_rank%" G_GINT64_FORMAT "_%s", rank, device);
      g_strdelimit (name, ":", '_');
      subtitle = g_strdup_printf ("rank %" G_GINT64_FORMAT ", %s", rank, device);
      chart = hp_line_chart_new (name, _hp_chart_tr (domain, N_ ("Memory")));
      hp_chart_set_subtitle (chart, subtitle);
      hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Time")), _hp_chart_tr (domain, N_ ("Memory (GB)")));
      hp_line_chart_set_mode (chart, HP_LINE_STEP);
      hp_line_chart_set_x_format (chart, HP_AXIS_FORMAT_TIME_US);
      hp_line_chart_set_y_include_zero (chart, TRUE);
      series = hp_line_chart_add_series (chart, _hp_chart_tr (domain, N_ ("Allocated")), x, allocated, m);
      hp_line_chart_set_series_color_key (chart, series, "allocated");
      if (m_reserved > 0)
        {
          series = hp_line_chart_add_series (chart, _hp_chart_tr (domain, N_ ("Reserved")), xr, reserved, m_reserved);
          hp_line_chart_set_series_color_key (chart, series, "reserved");
        }
      g_ptr_array_add (charts, chart);
      i = j;
    }
  return charts;
}

/* HTA's straggler bars: per step, each rank's normalised start of the
 * chosen collective, red when flagged */
GPtrArray *
_hp_chart_adapt_straggler_metric (HpTable    *table,
                                  const char *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();
  int        c_rank = hp_table_column_of (table, HP_STRAGGLERS_METRIC_COL_RANK);
  int        c_it = hp_table_column_of (table, HP_STRAGGLERS_METRIC_COL_ITERATION);
  int        c_metric = hp_table_column_of (table, HP_STRAGGLERS_METRIC_COL_NORMALIZED_START_TIME);
  int        c_flag = hp_table_column_of (table, HP_STRAGGLERS_METRIC_COL_IS_STRAGGLER);
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (c_rank < 0 || c_it < 0 || c_metric < 0 || c_flag < 0)
    return charts;
  for (guint i = 0; i < hp_table_get_n_rows (table); i++)
    {
      gint64   it = hp_table_get_int (table, i, c_it);
      gboolean seen = FALSE;

      for (guint s = 0; s < steps->len && !seen; s++)
        seen = g_array_index (steps, gint64, s) == it;
      if (!seen)
        g_array_append_val (steps, it);
    }
  for (guint s = 0; s < steps->len; s++)
    {
      gint64           step = g_array_index (steps, gint64, s);
      g_autofree char *name = g_strdup_printf ("potential_stragglers_step%" G_GINT64_FORMAT, step);
      /* Translators: %s is a profiler step number */
      g_autofree char *subtitle = NULL;
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, step);
      HpChart         *chart = hp_bar_chart_new (name, _hp_chart_tr (domain, N_ ("Potential stragglers")));
      guint            yes = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, N_ ("Straggler")), NULL);
      guint            no = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, N_ ("Not a straggler")), NULL);

      subtitle = g_strdup_printf (_hp_chart_tr (domain, N_ ("Step %s")), number);
      hp_chart_set_subtitle (chart, subtitle);
      hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Rank")), _hp_chart_tr (domain, N_ ("Normalised start time")));
      hp_bar_chart_set_series_color_key (chart, yes, "straggler");
      hp_bar_chart_set_series_color_key (chart, no, "not a straggler");
      hp_bar_chart_set_orientation (chart, HP_BAR_ORIENTATION_VERTICAL);
      for (guint i = 0; i < hp_table_get_n_rows (table); i++)
        {
          g_autofree char *rank = NULL;
          guint            category;
          gboolean         flagged;

          if (hp_table_get_int (table, i, c_it) != step)
            continue;
          rank = g_strdup_printf ("%" G_GINT64_FORMAT, hp_table_get_int (table, i, c_rank));
          category = hp_bar_chart_add_category (chart, rank);
          flagged = hp_table_get_int (table, i, c_flag) != 0;
          hp_bar_chart_set_value (chart, flagged ? yes : no, category, hp_table_get_double (table, i, c_metric));
          hp_bar_chart_set_value (chart, flagged ? no : yes, category, NAN);
        }
      g_ptr_array_add (charts, chart);
    }
  return charts;
}

/* Rank × collective instance, coloured by how late the rank started it */
GPtrArray *
_hp_chart_adapt_collective_waits (HpTable    *table,
                                  const char *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();
  int        c_index = hp_table_column_of (table, HP_COLLECTIVE_WAITS_COL_INDEX);
  int        c_rank = hp_table_column_of (table, HP_COLLECTIVE_WAITS_COL_RANK);
  int        c_late = hp_table_column_of (table, HP_COLLECTIVE_WAITS_COL_LATE_BY_US);
  g_autoptr (GArray) ranks = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64   n_columns = 0;
  HpChart *chart;

  if (c_index < 0 || c_rank < 0 || c_late < 0)
    return charts;
  for (guint i = 0; i < hp_table_get_n_rows (table); i++)
    {
      gint64 rank = hp_table_get_int (table, i, c_rank);
      guint  k = 0;

      n_columns = MAX (n_columns, hp_table_get_int (table, i, c_index) + 1);
      while (k < ranks->len && g_array_index (ranks, gint64, k) < rank)
        k++;
      if (k == ranks->len || g_array_index (ranks, gint64, k) != rank)
        g_array_insert_val (ranks, k, rank);
    }

  chart = hp_heat_map_new ("collective_lateness", _hp_chart_tr (domain, N_ ("Collective start lateness")));
  hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Collective")), _hp_chart_tr (domain, N_ ("Rank")));
  hp_heat_map_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  hp_heat_map_set_size (chart, ranks->len, (guint)n_columns);
  for (guint k = 0; k < ranks->len; k++)
    {
      g_autofree char *label = g_strdup_printf ("%" G_GINT64_FORMAT, g_array_index (ranks, gint64, k));

      hp_heat_map_set_row_label (chart, k, label);
    }
  for (gint64 c = 0; c < n_columns; c++)
    {
      g_autofree char *label = g_strdup_printf ("%" G_GINT64_FORMAT, c);

      hp_heat_map_set_column_label (chart, (guint)c, label);
      for (guint k = 0; k < ranks->len; k++)
        hp_heat_map_set_value (chart, k, (guint)c, NAN);
    }
  for (guint i = 0; i < hp_table_get_n_rows (table); i++)
    {
      gint64 rank = hp_table_get_int (table, i, c_rank);
      guint  k = 0;

      while (g_array_index (ranks, gint64, k) != rank)
        k++;
      hp_heat_map_set_value (chart, k, (guint)hp_table_get_int (table, i, c_index),
                             hp_table_get_double (table, i, c_late));
    }
  g_ptr_array_add (charts, chart);
  return charts;
}

typedef struct
{
  const char *op;
  double      flops;
} OpFlops;

static int
compare_flops (gconstpointer a,
               gconstpointer b)
{
  const OpFlops *x = a;
  const OpFlops *y = b;

  if (x->flops != y->flops)
    return x->flops > y->flops ? -1 : 1;
  return strcmp (x->op, y->op);
}

/* FLOPs per top-level and per bottom-level op, the largest first */
GPtrArray *
_hp_chart_adapt_cupti (HpTable    *table,
                       const char *domain)
{
  GPtrArray       *charts = _hp_chart_list_new ();
  int              c_flops = hp_table_column_of (table, HP_CUPTI_COUNTERS_COL_FLOPS);
  const HpColumnId levels[2] = { HP_CUPTI_COUNTERS_COL_TOP_LEVEL_OP, HP_CUPTI_COUNTERS_COL_BOTTOM_LEVEL_OP };
  const char      *titles[2] = { N_ ("FLOPs per top-level op"), N_ ("FLOPs per bottom-level op") };

  if (c_flops < 0)
    return charts;
  for (guint l = 0; l < 2; l++)
    {
      int c_op = hp_table_column_of (table, levels[l]);
      g_autoptr (GHashTable) sums = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
      g_autoptr (GArray) ops = g_array_new (FALSE, FALSE, sizeof (OpFlops));
      g_autofree char *name = g_strdup_printf ("flops_%s", levels[l].name);
      HpChart         *chart;
      guint            series;
      GHashTableIter   iter;
      gpointer         key, value;

      if (c_op < 0)
        continue;
      for (guint i = 0; i < hp_table_get_n_rows (table); i++)
        {
          const char *op = hp_table_get_string (table, i, c_op);
          double      flops = hp_table_get_double (table, i, c_flops);
          double     *sum;

          if (op == NULL || *op == '\0' || isnan (flops))
            continue;
          sum = g_hash_table_lookup (sums, op);
          if (sum == NULL)
            {
              sum = g_new0 (double, 1);
              g_hash_table_insert (sums, (gpointer)op, sum);
            }
          *sum += flops;
        }
      g_hash_table_iter_init (&iter, sums);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          OpFlops of = { key, *(double *)value };

          g_array_append_val (ops, of);
        }
      g_array_sort (ops, compare_flops);

      chart = hp_bar_chart_new (name, _hp_chart_tr (domain, titles[l]));
      hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Op")), _hp_chart_tr (domain, N_ ("FLOPs")));
      hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_COMPACT);
      hp_bar_chart_set_orientation (chart, HP_BAR_ORIENTATION_HORIZONTAL);
      series = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, N_ ("FLOPs")), NULL);
      hp_bar_chart_set_series_color_key (chart, series, "COMPUTATION");
      for (guint i = 0; i < ops->len && i < MAX_OPS; i++)
        {
          guint category = hp_bar_chart_add_category (chart, g_array_index (ops, OpFlops, i).op);

          hp_bar_chart_set_value (chart, series, category, g_array_index (ops, OpFlops, i).flops);
        }
      g_ptr_array_add (charts, chart);
    }
  return charts;
}
