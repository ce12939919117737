/* hp-compare-charts.c — the charts of an N-way comparison: one grouped bar chart per question, a colour per run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-bar-chart.h"
#include "hp-chart-tr-private.h"
#include "hp-compare-charts.h"
#include "hp-line-chart.h"

typedef enum
{
  AGG_MEAN,
  AGG_SUM,
  AGG_MAX,
} Aggregate;

static HpTable *
find_table (GPtrArray  *tables,
            const char *name)
{
  for (guint i = 0; i < tables->len; i++)
    if (strcmp (hp_table_get_name (tables->pdata[i]), name) == 0)
      return tables->pdata[i];
  return NULL;
}

static double
number (HpTable *table,
        guint    row,
        int      column)
{
  if (column < 0 || hp_table_get_column_type (table, (guint)column) == HP_COLUMN_STRING)
    return NAN;
  return hp_table_get_double (table, row, (guint)column);
}

/* a grouped bar chart with one series per run, in the runs' order, so a
 * run has the same colour in every chart */
static HpChart *
new_chart (const char        *name,
           const char        *title,
           const char        *x_label,
           const char        *y_label,
           HpAxisFormat       format,
           const char *const *labels,
           guint              n_runs)
{
  HpChart *chart = hp_bar_chart_new (name, title);

  hp_bar_chart_set_mode (chart, HP_BAR_GROUPED);
  hp_bar_chart_set_value_format (chart, format);
  hp_chart_set_axis_labels (chart, x_label, y_label);
  for (guint run = 0; run < n_runs; run++)
    hp_bar_chart_add_series (chart, labels[run], NULL);
  return chart;
}

/* one value per (run, category): the rows of the run whose @category_col
 * (or, when @category_col is NULL, the columns @value_cols) make the
 * categories, aggregated */
static void
fill (HpChart           *chart,
      HpTable           *table,
      const char *const *labels,
      guint              n_runs,
      const HpColumnId  *category_col,
      const HpColumnId  *value_cols,
      const char *const *category_names,
      guint              n_values,
      Aggregate          aggregate)
{
  int label_col = hp_table_column_of (table, HP_COMPARE_COL_LABEL);
  int cat_col = category_col != NULL ? hp_table_column_of (table, *category_col) : -1;
  g_autoptr (GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);
  g_autofree double *sums = NULL;
  g_autofree guint  *counts = NULL;

  if (label_col < 0 || (category_col != NULL && cat_col < 0))
    return;
  if (category_col == NULL)
    for (guint v = 0; v < n_values; v++)
      g_ptr_array_add (categories, g_strdup (category_names[v]));
  else
    for (guint row = 0; row < hp_table_get_n_rows (table); row++)
      {
        g_autofree char *text = hp_table_format_cell (table, row, (guint)cat_col);
        gboolean         seen = FALSE;

        for (guint c = 0; c < categories->len && !seen; c++)
          seen = strcmp (categories->pdata[c], text) == 0;
        if (!seen)
          g_ptr_array_add (categories, g_steal_pointer (&text));
      }

  sums = g_new0 (double, MAX (categories->len * n_runs, 1));
  counts = g_new0 (guint, MAX (categories->len * n_runs, 1));
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      const char *label = hp_table_get_string (table, row, (guint)label_col);
      guint       run = 0;

      while (run < n_runs && g_strcmp0 (labels[run], label) != 0)
        run++;
      if (run == n_runs)
        continue;
      for (guint c = 0; c < categories->len; c++)
        {
          double v;
          guint  k = c * n_runs + run;

          if (category_col != NULL)
            {
              g_autofree char *text = hp_table_format_cell (table, row, (guint)cat_col);

              if (strcmp (text, categories->pdata[c]) != 0)
                continue;
              v = number (table, row, hp_table_column_of (table, value_cols[0]));
            }
          else
            v = number (table, row, hp_table_column_of (table, value_cols[c]));
          if (isnan (v))
            continue;
          sums[k] = aggregate == AGG_MAX && counts[k] > 0 ? MAX (sums[k], v) : sums[k] + v;
          counts[k]++;
        }
    }

  for (guint c = 0; c < categories->len; c++)
    {
      guint category = hp_bar_chart_add_category (chart, categories->pdata[c]);

      for (guint run = 0; run < n_runs; run++)
        {
          guint k = c * n_runs + run;

          hp_bar_chart_set_value (chart, run, category,
                                  counts[k] == 0          ? NAN
                                  : aggregate == AGG_MEAN ? sums[k] / counts[k]
                                                          : sums[k]);
        }
    }
}

/* the @top_n ops of compare_ops (already sorted by spread), total
 * duration per run */
static void
fill_ops (HpChart           *chart,
          HpTable           *table,
          const char *const *labels,
          guint              n_runs,
          guint              top_n)
{
  guint n = MIN (hp_table_get_n_rows (table), top_n);

  for (guint row = 0; row < n; row++)
    {
      const char      *name = hp_table_get_string (table, row, 0);
      g_autofree char *text = NULL;
      guint            category;

      /* a name in two categories is told apart by its category */
      for (guint other = 0; other < n && text == NULL; other++)
        if (other != row && g_strcmp0 (hp_table_get_string (table, other, 0), name) == 0)
          text = g_strdup_printf ("%s [%s]", name, hp_table_get_string (table, row, 1));
      category = hp_bar_chart_add_category (chart, text != NULL ? text : name);

      for (guint run = 0; run < n_runs; run++)
        {
          g_autofree char *column = g_strconcat (labels[run], HP_COMPARE_OPS_TOTAL_DURATION_SUFFIX, NULL);

          hp_bar_chart_set_value (chart, run, category, number (table, row, hp_table_find_column (table, column)));
        }
    }
}

/* the memory analysis' device name ("cuda:0"), or "rank 3 cuda:0" when
 * the runs have several ranks */
static char *
memory_category (gint64      rank,
                 const char *device,
                 gboolean    ranks)
{
  if (!ranks)
    return g_strdup (device != NULL ? device : "");
  return g_strdup_printf ("rank %" G_GINT64_FORMAT " %s", rank, device != NULL ? device : "");
}

/* peak allocated bytes per run and (rank, device), the categories in the
 * order they first appear */
static void
fill_memory (HpChart           *chart,
             HpTable           *table,
             const char *const *labels,
             guint              n_runs)
{
  int      label_col = hp_table_column_of (table, HP_COMPARE_COL_LABEL);
  int      rank_col = hp_table_column_of (table, HP_COMPARE_MEMORY_COL_RANK);
  int      device_col = hp_table_column_of (table, HP_COMPARE_MEMORY_COL_DEVICE);
  int      peak_col = hp_table_column_of (table, HP_COMPARE_MEMORY_COL_PEAK_ALLOCATED);
  gboolean ranks = FALSE;
  g_autoptr (GPtrArray) categories = g_ptr_array_new_with_free_func (g_free);

  if (label_col < 0 || rank_col < 0 || device_col < 0 || peak_col < 0)
    return;
  for (guint row = 1; row < hp_table_get_n_rows (table); row++)
    ranks = ranks || hp_table_get_int (table, row, (guint)rank_col) != hp_table_get_int (table, 0, (guint)rank_col);
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      g_autofree char *name = memory_category (hp_table_get_int (table, row, (guint)rank_col),
                                               hp_table_get_string (table, row, (guint)device_col), ranks);
      const char      *label = hp_table_get_string (table, row, (guint)label_col);
      guint            category = 0, run = 0;

      while (category < categories->len && strcmp (categories->pdata[category], name) != 0)
        category++;
      if (category == categories->len)
        {
          category = hp_bar_chart_add_category (chart, name);
          for (guint r = 0; r < n_runs; r++)
            hp_bar_chart_set_value (chart, r, category, NAN);
          g_ptr_array_add (categories, g_steal_pointer (&name));
        }
      while (run < n_runs && g_strcmp0 (labels[run], label) != 0)
        run++;
      if (run < n_runs)
        hp_bar_chart_set_value (chart, run, category, number (table, row, peak_col));
    }
}

/* allocated memory over time, a line per run, rank and device (rank and
 * device named when the runs have several), the runs' times from each
 * rank's first step */
static HpChart *
memory_timeline_chart (HpTable           *table,
                       const char *const *labels,
                       guint              n_runs,
                       const char        *domain)
{
  HpChart *chart = hp_line_chart_new (HP_COMPARE_MEMORY_TIMELINE_TABLE, _hp_chart_tr (domain, N_ ("Memory over time")));
  int      c_label = hp_table_column_of (table, HP_COMPARE_COL_LABEL);
  int      c_rank = hp_table_column_of (table, HP_COMPARE_MEMORY_TIMELINE_COL_RANK);
  int      c_device = hp_table_column_of (table, HP_COMPARE_MEMORY_TIMELINE_COL_DEVICE);
  int      c_ts = hp_table_column_of (table, HP_COMPARE_MEMORY_TIMELINE_COL_TS_US);
  int      c_alloc = hp_table_column_of (table, HP_COMPARE_MEMORY_TIMELINE_COL_ALLOCATED);
  gboolean several = FALSE;
  guint    n = hp_table_get_n_rows (table);

  hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Time from the first step")),
                            _hp_chart_tr (domain, N_ ("Allocated memory")));
  hp_line_chart_set_mode (chart, HP_LINE_STEP);
  hp_line_chart_set_x_format (chart, HP_AXIS_FORMAT_TIME_US);
  hp_line_chart_set_y_format (chart, HP_AXIS_FORMAT_COMPACT);
  hp_line_chart_set_y_include_zero (chart, TRUE);
  if (c_label < 0 || c_rank < 0 || c_device < 0 || c_ts < 0 || c_alloc < 0)
    return chart;
  for (guint k = 1; k < n; k++)
    several = several || hp_table_get_int (table, k, (guint)c_rank) != hp_table_get_int (table, 0, (guint)c_rank) ||
              g_strcmp0 (hp_table_get_string (table, k, (guint)c_device),
                         hp_table_get_string (table, 0, (guint)c_device)) != 0;
  for (guint i = 0; i < n;)
    {
      const char        *label = hp_table_get_string (table, i, (guint)c_label);
      gint64             rank = hp_table_get_int (table, i, (guint)c_rank);
      const char        *device = hp_table_get_string (table, i, (guint)c_device);
      g_autofree double *x = NULL;
      g_autofree double *y = NULL;
      g_autofree char   *name = NULL;
      guint              j = i;

      while (j < n && g_strcmp0 (hp_table_get_string (table, j, (guint)c_label), label) == 0 &&
             hp_table_get_int (table, j, (guint)c_rank) == rank &&
             g_strcmp0 (hp_table_get_string (table, j, (guint)c_device), device) == 0)
        j++;
      x = g_new (double, j - i);
      y = g_new (double, j - i);
      for (guint k = i; k < j; k++)
        {
          x[k - i] = hp_table_get_double (table, k, (guint)c_ts);
          y[k - i] = (double)hp_table_get_int (table, k, (guint)c_alloc);
        }
      name = several ? g_strdup_printf ("%s rank %" G_GINT64_FORMAT " %s", label, rank, device) : g_strdup (label);
      hp_line_chart_add_series (chart, name, x, y, j - i);
      i = j;
    }
  (void)labels;
  (void)n_runs;
  return chart;
}

/**
 * hp_compare_charts_new:
 * @tables: (element-type HpTable): the tables of hp_compare_runs()
 * @labels: (array length=n_runs): the runs' labels, in order
 * @top_n: ops in the ops chart
 * @domain: (nullable): the gettext domain of the titles, or %NULL for English
 *
 * One grouped bar chart per table, a series (and colour) per run, in the
 * same order in every chart: the temporal breakdown (mean over ranks),
 * kernel types, overlap and step time per rank, idle time per cause (sum
 * over ranks and streams), peak allocated memory per rank and device
 * (when the runs have memory events) and the ops that changed most.
 *
 * Returns: (transfer full) (element-type HpChart): the charts
 */
GPtrArray *
hp_compare_charts_new (GPtrArray         *tables,
                       const char *const *labels,
                       guint              n_runs,
                       guint              top_n,
                       const char        *domain)
{
  const HpColumnId  temporal_cols[] = { HP_COMPARE_TEMPORAL_COL_IDLE_PCTG, HP_COMPARE_TEMPORAL_COL_COMPUTE_PCTG,
                                        HP_COMPARE_TEMPORAL_COL_NON_COMPUTE_PCTG };
  const char *const temporal_names[] = { _hp_chart_tr (domain, N_ ("Idle")), _hp_chart_tr (domain, N_ ("Compute")),
                                         _hp_chart_tr (domain, N_ ("Non-compute")) };
  const HpColumnId  split_cols[] = { HP_COMPARE_TEMPORAL_COL_IDLE_PCTG, HP_COMPARE_TEMPORAL_COL_COMPUTE_PCTG,
                                     HP_COMPARE_TEMPORAL_COL_NON_COMPUTE_COMM_PCTG,
                                     HP_COMPARE_TEMPORAL_COL_NON_COMPUTE_MEMORY_PCTG };
  const char *const split_names[] = { temporal_names[0], temporal_names[1],
                                      _hp_chart_tr (domain, N_ ("Communication (no compute)")),
                                      _hp_chart_tr (domain, N_ ("Memory (no compute)")) };
  const HpColumnId  percentage[] = { HP_COMPARE_KERNEL_TYPE_COL_PERCENTAGE };
  const HpColumnId  kernel_type = HP_COMPARE_KERNEL_TYPE_COL_KERNEL_TYPE;
  const HpColumnId  overlap[] = { HP_COMPARE_OVERLAP_COL_PCTG };
  const HpColumnId  overlap_rank = HP_COMPARE_OVERLAP_COL_RANK;
  const HpColumnId  idle[] = { HP_COMPARE_IDLE_COL_IDLE_TIME };
  const HpColumnId  idle_category = HP_COMPARE_IDLE_COL_CATEGORY;
  const HpColumnId  step[] = { HP_COMPARE_STEP_TIME_COL_MEAN };
  const HpColumnId  step_rank = HP_COMPARE_STEP_TIME_COL_RANK;
  const HpColumnId  comm_cols[] = { HP_COMPARE_COMMUNICATION_COL_PER_STEP, HP_COMPARE_COMMUNICATION_COL_EXPOSED_PER_STEP };
  const char *const comm_names[] = { _hp_chart_tr (domain, N_ ("Communication")),
                                     _hp_chart_tr (domain, N_ ("Exposed communication")) };
  GPtrArray        *charts = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_chart_unref);
  HpTable          *table;
  HpChart          *chart;

  if ((table = find_table (tables, HP_COMPARE_TEMPORAL_TABLE)) != NULL)
    {
      chart = new_chart (HP_COMPARE_TEMPORAL_TABLE, _hp_chart_tr (domain, N_ ("Temporal breakdown per run")), NULL,
                         _hp_chart_tr (domain, N_ ("Share of the GPU time span (mean over ranks)")), HP_AXIS_FORMAT_PERCENT,
                         labels, n_runs);
      /* the default mode splits non-compute time into communication and memory */
      if (hp_table_column_of (table, HP_COMPARE_TEMPORAL_COL_NON_COMPUTE_MEMORY_PCTG) >= 0)
        fill (chart, table, labels, n_runs, NULL, split_cols, split_names, 4, AGG_MEAN);
      else
        fill (chart, table, labels, n_runs, NULL, temporal_cols, temporal_names, 3, AGG_MEAN);
      g_ptr_array_add (charts, chart);
    }
  if ((table = find_table (tables, HP_COMPARE_KERNEL_TYPE_TABLE)) != NULL)
    {
      chart = new_chart (HP_COMPARE_KERNEL_TYPE_TABLE, _hp_chart_tr (domain, N_ ("Kernel types per run")), NULL,
                         _hp_chart_tr (domain, N_ ("Share of kernel time")), HP_AXIS_FORMAT_PERCENT, labels, n_runs);
      fill (chart, table, labels, n_runs, &kernel_type, percentage, NULL, 1, AGG_SUM);
      g_ptr_array_add (charts, chart);
    }
  if ((table = find_table (tables, HP_COMPARE_OVERLAP_TABLE)) != NULL)
    {
      chart = new_chart (HP_COMPARE_OVERLAP_TABLE, _hp_chart_tr (domain, N_ ("Communication overlapped by computation")),
                         _hp_chart_tr (domain, N_ ("Rank")), _hp_chart_tr (domain, N_ ("Share of communication time")),
                         HP_AXIS_FORMAT_PERCENT, labels, n_runs);
      fill (chart, table, labels, n_runs, &overlap_rank, overlap, NULL, 1, AGG_MEAN);
      g_ptr_array_add (charts, chart);
    }
  if ((table = find_table (tables, HP_COMPARE_IDLE_TABLE)) != NULL)
    {
      chart = new_chart (HP_COMPARE_IDLE_TABLE, _hp_chart_tr (domain, N_ ("Idle time by cause")), NULL,
                         _hp_chart_tr (domain, N_ ("Idle time (all ranks and streams)")), HP_AXIS_FORMAT_TIME_US, labels,
                         n_runs);
      fill (chart, table, labels, n_runs, &idle_category, idle, NULL, 1, AGG_SUM);
      g_ptr_array_add (charts, chart);
    }
  if ((table = find_table (tables, HP_COMPARE_STEP_TIME_TABLE)) != NULL)
    {
      chart = new_chart (HP_COMPARE_STEP_TIME_TABLE, _hp_chart_tr (domain, N_ ("Step time")), _hp_chart_tr (domain, N_ ("Rank")),
                         _hp_chart_tr (domain, N_ ("Mean step time")), HP_AXIS_FORMAT_TIME_US, labels, n_runs);
      fill (chart, table, labels, n_runs, &step_rank, step, NULL, 1, AGG_MEAN);
      g_ptr_array_add (charts, chart);
    }
  if ((table = find_table (tables, HP_COMPARE_MEMORY_TABLE)) != NULL && hp_table_get_n_rows (table) > 0)
    {
      chart = new_chart (HP_COMPARE_MEMORY_TABLE, _hp_chart_tr (domain, N_ ("Peak allocated memory")), _hp_chart_tr (domain, N_ ("Device")),
                         _hp_chart_tr (domain, N_ ("Bytes")), HP_AXIS_FORMAT_COMPACT, labels, n_runs);
      fill_memory (chart, table, labels, n_runs);
      g_ptr_array_add (charts, chart);
    }
  if ((table = find_table (tables, HP_COMPARE_MEMORY_TIMELINE_TABLE)) != NULL && hp_table_get_n_rows (table) > 0)
    g_ptr_array_add (charts, memory_timeline_chart (table, labels, n_runs, domain));
  if ((table = find_table (tables, HP_COMPARE_COMMUNICATION_TABLE)) != NULL &&
      hp_compare_sum (table, NULL, HP_COMPARE_COMMUNICATION_COL_PER_STEP.name) > 0)
    {
      chart = new_chart (HP_COMPARE_COMMUNICATION_TABLE, _hp_chart_tr (domain, N_ ("Communication per step")), NULL,
                         _hp_chart_tr (domain, N_ ("Time per rank and step (mean over ranks)")), HP_AXIS_FORMAT_TIME_US,
                         labels, n_runs);
      fill (chart, table, labels, n_runs, NULL, comm_cols, comm_names, 2, AGG_MEAN);
      g_ptr_array_add (charts, chart);
    }
  if ((table = find_table (tables, HP_COMPARE_OPS_TABLE)) != NULL)
    {
      chart = new_chart (HP_COMPARE_OPS_TABLE, _hp_chart_tr (domain, N_ ("Ops that changed most")), NULL,
                         _hp_chart_tr (domain, N_ ("Total duration")), HP_AXIS_FORMAT_TIME_US, labels, n_runs);
      fill_ops (chart, table, labels, n_runs, top_n);
      g_ptr_array_add (charts, chart);
    }

  return charts;
}

/**
 * hp_compare_baseline_label:
 * @label: the baseline run's label
 * @domain: (nullable): the gettext domain, or %NULL for English
 *
 * Returns: (transfer full): how legends and choosers name the baseline:
 *   "Base (baseline)", or the label alone when it says so already
 */
char *
hp_compare_baseline_label (const char *label,
                           const char *domain)
{
  if (hp_compare_label_says_baseline (label))
    return g_strdup (label);
  /* Translators: the run every other is compared with, in legends and run choosers */
  return g_strdup_printf (_hp_chart_tr (domain, N_ ("%s (baseline)")), label);
}

/**
 * hp_compare_charts_mark_baseline:
 * @charts: (element-type HpChart): charts of hp_compare_charts_new()
 * @labels: (array length=n_runs): the runs' labels, in order
 * @baseline: the run every other is compared with
 * @domain: (nullable): the gettext domain, or %NULL for English
 *
 * Names the baseline's series in every legend "Base (baseline)"
 * (hp_compare_baseline_label()); the series keep their colours.
 */
void
hp_compare_charts_mark_baseline (GPtrArray         *charts,
                                 const char *const *labels,
                                 guint              n_runs,
                                 guint              baseline,
                                 const char        *domain)
{
  g_autofree char *marked = NULL;
  gsize            len;

  g_return_if_fail (charts != NULL);
  if (baseline >= n_runs || labels == NULL)
    return;
  marked = hp_compare_baseline_label (labels[baseline], domain);
  len = strlen (labels[baseline]);
  for (guint c = 0; c < charts->len; c++)
    {
      HpChart *chart = charts->pdata[c];

      if (hp_chart_get_kind (chart) == HP_CHART_KIND_BAR)
        {
          for (guint s = 0; s < hp_bar_chart_get_n_series (chart); s++)
            if (g_strcmp0 (hp_chart_get_series_name (chart, s), labels[baseline]) == 0)
              hp_chart_set_series_name (chart, s, marked);
        }
      else if (hp_chart_get_kind (chart) == HP_CHART_KIND_LINE)
        /* memory over time: "Base" or "Base rank 0 cuda:0" */
        for (guint s = 0; s < hp_line_chart_get_n_series (chart); s++)
          {
            const char *name = hp_chart_get_series_name (chart, s);

            if (strncmp (name, labels[baseline], len) == 0 &&
                (name[len] == '\0' || g_str_has_prefix (name + len, " rank ")))
              {
                g_autofree char *renamed = g_strconcat (marked, name + len, NULL);

                hp_chart_set_series_name (chart, s, renamed);
              }
          }
    }
}
