/* hp-chart-adapters-launches.c — charts of the kernel launch statistics and ATen-op launch delays.
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
#include "hp-histogram.h"

/* ---- §6 kernel launch statistics ---- */

/* a histogram named `<stem>_rank<rank>`; takes @title */
static HpChart *
launch_histogram (const char *stem,
                  gint64      rank,
                  char       *title,
                  const char *x_label,
                  GArray     *values,
                  guint       n_bins,
                  const char *domain)
{
  g_autofree char *name = g_strdup_printf ("%s_rank%" G_GINT64_FORMAT, stem, rank);
  HpChart         *chart = hp_histogram_new (name, title);

  g_free (title);
  hp_chart_set_rank (chart, (int)rank);

  hp_histogram_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  hp_histogram_set_bin_count (chart, n_bins);
  hp_histogram_set_values (chart, (const double *)values->data, values->len);
  hp_chart_set_axis_labels (chart, x_label, _hp_chart_tr (domain, N_ ("Launches")));
  return chart;
}

/* HTA's titles name the cutoffs in long sentences; on a card half the
 * window wide the title says what and where, the subtitle how */
static void
window_titles (HpChart    *chart,
               guint       kind,
               gint64      rank,
               double      runtime_cutoff,
               double      launch_delay_cutoff,
               const char *domain)
{
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;
  char             cutoff[G_ASCII_DTOSTR_BUF_SIZE];

  switch (kind)
    {
    case 0:
      title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Short kernels on rank %d")), (int)rank);
      subtitle = g_strdup (_hp_chart_tr (domain, N_ ("Kernels that ran shorter on the GPU than their launch call on the CPU")));
      break;
    case 1:
      g_snprintf (cutoff, sizeof cutoff, "%g", runtime_cutoff);
      title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Runtime outliers on rank %d")), (int)rank);
      /* Translators: %s is a duration in microseconds */
      subtitle = g_strdup_printf (_hp_chart_tr (domain, N_ ("Launch calls longer than %s µs")), cutoff);
      break;
    default:
      g_snprintf (cutoff, sizeof cutoff, "%g", launch_delay_cutoff);
      title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Launch delay outliers on rank %d")), (int)rank);
      /* Translators: %s is a duration in microseconds */
      subtitle = g_strdup_printf (_hp_chart_tr (domain, N_ ("Kernels that started more than %s µs after their launch call")), cutoff);
      break;
    }
  hp_chart_set_title (chart, title);
  hp_chart_set_subtitle (chart, subtitle);
}

GPtrArray *
_hp_chart_adapt_launch_stats (HpTable       *table,
                              double         runtime_cutoff,
                              double         launch_delay_cutoff,
                              HpChartFlavour flavour,
                              const char    *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();
  g_autoptr (GArray) ranks = NULL;
  g_autofree char *runtime_text = hp_format_number (runtime_cutoff, -1);
  g_autofree char *delay_text = hp_format_number (launch_delay_cutoff, -1);
  int              c_rank;
  int              c_cpu;
  int              c_gpu;
  int              c_delay;

  g_return_val_if_fail (table != NULL, charts);

  c_rank = _hp_chart_column (table, HP_LAUNCH_STATS_COL_RANK);
  c_cpu = _hp_chart_column (table, HP_LAUNCH_STATS_COL_CPU_DURATION);
  c_gpu = _hp_chart_column (table, HP_LAUNCH_STATS_COL_GPU_DURATION);
  c_delay = _hp_chart_column (table, HP_LAUNCH_STATS_COL_LAUNCH_DELAY);
  if (c_cpu < 0 || c_gpu < 0 || c_delay < 0)
    {
      if (flavour == HP_CHART_FLAVOUR_WINDOW)
        return charts;
      g_ptr_array_add (charts, hp_histogram_new ("launch_short_kernels", _hp_chart_tr (domain, N_ ("Short GPU kernels (gpu op duration < cpu op duration)"))));
      return charts;
    }

  ranks = _hp_chart_distinct_ranks (table, c_rank);
  if (ranks->len == 0)
    {
      gint64 zero = 0;

      g_array_append_val (ranks, zero);
    }

  for (guint i = 0; i < ranks->len; i++)
    {
      gint64 rank = g_array_index (ranks, gint64, i);
      g_autoptr (GArray) shorts = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr (GArray) runtime = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr (GArray) delays = g_array_new (FALSE, FALSE, sizeof (double));
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, rank);
      const char      *cpu_label = _hp_chart_tr (domain, N_ ("CPU duration of the launch"));
      char            *title;

      for (guint row = 0; row < hp_table_get_n_rows (table); row++)
        {
          double cpu;
          double gpu;
          double delay;

          if (_hp_chart_row_rank (table, row, c_rank) != rank)
            continue;
          cpu = _hp_chart_cell_number (table, row, c_cpu);
          gpu = _hp_chart_cell_number (table, row, c_gpu);
          delay = _hp_chart_cell_number (table, row, c_delay);

          if (cpu <= runtime_cutoff && gpu < cpu)
            g_array_append_val (shorts, cpu);
          if (cpu > runtime_cutoff)
            g_array_append_val (runtime, cpu);
          if (delay > launch_delay_cutoff)
            g_array_append_val (delays, delay);
        }

      /* Translators: %s is a rank number */
      title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Short GPU kernels (gpu op duration < cpu op duration) on rank %s")), number);
      g_ptr_array_add (charts, launch_histogram ("launch_short_kernels", rank, title, cpu_label, shorts, 0, domain));

      /* Translators: the cutoff in microseconds, then a rank number */
      title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Runtime Event Duration Outliers (duration > %s us) on rank %s")), runtime_text, number);
      g_ptr_array_add (charts, launch_histogram ("launch_runtime_outliers", rank, title, cpu_label, runtime, 300, domain));

      /* Translators: the cutoff in microseconds, then a rank number */
      title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Launch Delay Outliers (duration > %s us) on rank %s")), delay_text, number);
      g_ptr_array_add (charts, launch_histogram ("launch_delay_outliers", rank, title, _hp_chart_tr (domain, N_ ("Launch delay")), delays, 300, domain));
    }

  /* a window shows each kind's charts together: short kernels of every
   * rank, then runtime outliers, then delay outliers */
  if (flavour == HP_CHART_FLAVOUR_WINDOW)
    {
      GPtrArray *ordered = _hp_chart_list_new ();

      for (guint kind = 0; kind < 3; kind++)
        for (guint i = kind; i < charts->len; i += 3)
          {
            HpChart *chart = charts->pdata[i];

            window_titles (chart, kind, hp_chart_get_rank (chart), runtime_cutoff, launch_delay_cutoff, domain);
            g_ptr_array_add (ordered, hp_chart_ref (chart));
          }
      g_ptr_array_unref (charts);
      return ordered;
    }
  return charts;
}

/**
 * hp_chart_adapt_launch_stats:
 * @table: `cuda_kernel_launch_stats`: `rank`, `cpu_duration`,
 *   `gpu_duration`, `launch_delay` (us)
 * @runtime_cutoff: HTA's `runtime_cutoff` (50 us by default)
 * @launch_delay_cutoff: HTA's `launch_delay_cutoff` (100 us by default)
 *
 * Per rank, HTA's three histograms (spec §6): short GPU kernels (named
 * `launch_short_kernels_rank<r>`), runtime outliers
 * (`launch_runtime_outliers_rank<r>`, 300 bins) and launch delay outliers
 * (`launch_delay_outliers_rank<r>`, 300 bins).
 *
 * Returns: (transfer full) (element-type HpChart): the charts
 */
GPtrArray *
hp_chart_adapt_launch_stats (HpTable *table,
                             double   runtime_cutoff,
                             double   launch_delay_cutoff)
{
  return _hp_chart_adapt_launch_stats (table, runtime_cutoff, launch_delay_cutoff, HP_CHART_FLAVOUR_HTA, NULL);
}

/* ---- §7 ATen-op launch delays ---- */

typedef struct
{
  char  *op;
  double count;
  double launch_delay; /* weighted by occurrences */
  double launch_weight;
} AtenOp;

static void
aten_op_free (gpointer data)
{
  AtenOp *op = data;

  g_free (op->op);
  g_free (op);
}

static int
compare_aten_ops (gconstpointer a,
                  gconstpointer b)
{
  const AtenOp *x = *(const AtenOp *const *)a;
  const AtenOp *y = *(const AtenOp *const *)b;

  if (x->count != y->count)
    return x->count < y->count ? 1 : -1;
  return strcmp (x->op, y->op);
}

static HpChart *
aten_bars (const char  *name,
           const char  *title,
           const char  *value_label,
           HpAxisFormat format,
           const char  *series_name,
           const char  *color_key)
{
  HpChart *chart = hp_bar_chart_new (name, title);

  hp_bar_chart_set_orientation (chart, HP_BAR_ORIENTATION_HORIZONTAL);
  hp_bar_chart_set_value_format (chart, format);
  hp_bar_chart_set_show_values (chart, TRUE);
  /* the ops name themselves; the value axis runs along the bottom */
  hp_chart_set_axis_labels (chart, NULL, value_label);
  hp_bar_chart_add_series (chart, series_name, NULL);
  if (color_key != NULL)
    hp_bar_chart_set_series_color_key (chart, 0, color_key);
  return chart;
}

GPtrArray *
_hp_chart_adapt_aten_op_delays (HpTable    *table,
                                guint       max_ops,
                                const char *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();
  g_autoptr (GArray) ranks = NULL;
  int c_rank;
  int c_op;
  int c_count;
  int c_launch;

  g_return_val_if_fail (table != NULL, charts);
  g_return_val_if_fail (max_ops > 0, charts);

  c_rank = _hp_chart_column (table, HP_ATEN_OP_DELAY_COL_RANK);
  c_op = _hp_chart_column (table, HP_ATEN_OP_DELAY_COL_ATEN_OP_NAME);
  c_count = _hp_chart_column (table, HP_ATEN_OP_DELAY_COL_OCCURRENCE_COUNT);
  c_launch = _hp_chart_column (table, HP_ATEN_OP_DELAY_COL_AVG_ATEN_OP_LAUNCH_DELAY);
  if (c_op < 0 || c_count < 0 || c_launch < 0 || hp_table_get_n_rows (table) == 0)
    {
      g_ptr_array_add (charts, aten_bars ("aten_op_occurrences", _hp_chart_tr (domain, N_ ("Most frequent ATen ops")),
                                          _hp_chart_tr (domain, N_ ("Occurrences")), HP_AXIS_FORMAT_NUMBER,
                                          _hp_chart_tr (domain, N_ ("Occurrences")), NULL));
      return charts;
    }

  ranks = _hp_chart_distinct_ranks (table, c_rank);
  for (guint i = 0; i < ranks->len; i++)
    {
      gint64 rank = g_array_index (ranks, gint64, i);
      g_autoptr (GPtrArray) ops = g_ptr_array_new_with_free_func (aten_op_free);
      g_autoptr (GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, rank);
      g_autofree char *name = NULL;
      g_autofree char *title = NULL;
      HpChart         *occurrences;
      HpChart         *delays;
      guint            n;

      for (guint row = 0; row < hp_table_get_n_rows (table); row++)
        {
          g_autofree char *op_name = NULL;
          double           count;
          double           launch;
          AtenOp          *op;

          if (_hp_chart_row_rank (table, row, c_rank) != rank)
            continue;
          count = _hp_chart_cell_number (table, row, c_count);
          if (!isfinite (count) || count <= 0)
            continue;
          op_name = _hp_chart_cell_text (table, row, c_op);
          op = g_hash_table_lookup (by_name, op_name);
          if (op == NULL)
            {
              op = g_new0 (AtenOp, 1);
              op->op = g_steal_pointer (&op_name);
              g_ptr_array_add (ops, op);
              g_hash_table_insert (by_name, op->op, op);
            }
          op->count += count;
          launch = _hp_chart_cell_number (table, row, c_launch);
          if (isfinite (launch))
            {
              op->launch_delay += count * launch;
              op->launch_weight += count;
            }
        }
      g_ptr_array_sort (ops, compare_aten_ops);
      n = MIN (ops->len, max_ops);

      name = g_strdup_printf ("aten_op_occurrences_rank%" G_GINT64_FORMAT, rank);
      /* Translators: %s is a rank number */
      title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Most frequent ATen ops on rank %s")), number);
      occurrences = aten_bars (name, title, _hp_chart_tr (domain, N_ ("Calls that launched kernels")),
                               HP_AXIS_FORMAT_NUMBER, _hp_chart_tr (domain, N_ ("Occurrences")), NULL);
      g_free (name);
      g_free (title);
      name = g_strdup_printf ("aten_op_launch_delay_rank%" G_GINT64_FORMAT, rank);
      /* Translators: %s is a rank number */
      title = g_strdup_printf (_hp_chart_tr (domain, N_ ("ATen op launch delay on rank %s")), number);
      delays = aten_bars (name, title, _hp_chart_tr (domain, N_ ("Mean time from the op's start to its first kernel launch")),
                          HP_AXIS_FORMAT_TIME_US, _hp_chart_tr (domain, N_ ("Launch delay")), "host_wait");

      hp_chart_set_rank (occurrences, (int)rank);
      hp_chart_set_rank (delays, (int)rank);
      for (guint k = 0; k < n; k++)
        {
          const AtenOp *op = g_ptr_array_index (ops, k);

          hp_bar_chart_add_category (occurrences, op->op);
          hp_bar_chart_add_category (delays, op->op);
        }
      for (guint k = 0; k < n; k++)
        {
          const AtenOp *op = g_ptr_array_index (ops, k);

          hp_bar_chart_set_value (occurrences, 0, k, op->count);
          hp_bar_chart_set_value (delays, 0, k,
                                  op->launch_weight > 0 ? op->launch_delay / op->launch_weight : NAN);
        }
      g_ptr_array_add (charts, occurrences);
      g_ptr_array_add (charts, delays);
    }

  return charts;
}

/**
 * hp_chart_adapt_aten_op_delays:
 * @table: `aten_op_kernels_and_delay`: `aten_op_name`,
 *   `occurrence_count`, `avg_aten_op_launch_delay` (and `rank`)
 * @max_ops: how many ops to show, the most frequent first (HTA shows a
 *   table only; 15 reads well)
 *
 * Per rank, the @max_ops ATen ops that launched kernels most often, summed
 * over their kernel sequences: horizontal bars of their occurrences (named
 * `aten_op_occurrences_rank<r>`) and of their mean launch delay, weighted
 * by occurrences, from the op's start to its first kernel launch (named
 * `aten_op_launch_delay_rank<r>`), in the same order.
 *
 * Returns: (transfer full) (element-type HpChart): the charts
 */
GPtrArray *
hp_chart_adapt_aten_op_delays (HpTable *table,
                               guint    max_ops)
{
  return _hp_chart_adapt_aten_op_delays (table, max_ops, NULL);
}
