/* hp-chart-adapters.c — HTA's charts, built from the tables the analyses return.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-bar-chart.h"
#include "hp-chart-adapters-extra-private.h"
#include "hp-chart-adapters.h"
#include "hp-chart-tr-private.h"
#include "hp-histogram.h"
#include "hp-line-chart.h"
#include "hp-pie-chart.h"

/* ---- reading tables ---- */

static int
column (HpTable    *table,
        const char *name)
{
  return hp_table_find_column (table, name);
}

/* a numeric cell of any column type; NaN for null or missing */
static double
cell_number (HpTable *table,
             guint    row,
             int      col)
{
  if (col < 0 || hp_table_is_null (table, row, col))
    return NAN;

  if (hp_table_get_column_type (table, col) == HP_COLUMN_STRING)
    {
      const char *s = hp_table_get_string (table, row, col);
      char       *end = NULL;
      double      v = s != NULL ? g_ascii_strtod (s, &end) : NAN;

      return end != NULL && end != s ? v : NAN;
    }

  return hp_table_get_double (table, row, col);
}

static char *
cell_text (HpTable *table,
           guint    row,
           int      col)
{
  if (col < 0)
    return g_strdup ("");
  return hp_table_format_cell (table, row, col);
}

static gboolean
has_columns (HpTable *table,
             ...)
{
  va_list     args;
  const char *name;
  gboolean    ok = TRUE;

  va_start (args, table);
  while ((name = va_arg (args, const char *)) != NULL)
    if (column (table, name) < 0)
      ok = FALSE;
  va_end (args);

  return ok;
}

static gint64
row_rank (HpTable *table,
          guint    row,
          int      c_rank)
{
  double v = cell_number (table, row, c_rank);

  return isfinite (v) ? (gint64)v : 0;
}

static int
compare_int64 (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *)a;
  gint64 y = *(const gint64 *)b;

  return (x > y) - (x < y);
}

/* the ranks present, ascending (just 0 when there is no rank column) */
static GArray *
distinct_ranks (HpTable *table,
                int      c_rank)
{
  GArray *ranks = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      gint64 r = row_rank (table, row, c_rank);

      if (g_hash_table_contains (seen, &r))
        continue;
      g_array_append_val (ranks, r);
      g_hash_table_add (seen, g_memdup2 (&r, sizeof r));
    }

  g_array_sort (ranks, compare_int64);
  return ranks;
}

/* a file-stem-safe version of a label: letters, digits, '-' and '_' */
static char *
stem_part (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p) || *p == '-')
        g_string_append_c (s, *p);
      else if (s->len > 0 && s->str[s->len - 1] != '_')
        g_string_append_c (s, '_');
    }
  while (s->len > 0 && s->str[s->len - 1] == '_')
    g_string_truncate (s, s->len - 1);

  return g_string_free (s, FALSE);
}

static GPtrArray *
chart_list (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)hp_chart_unref);
}

static char *
rank_subtitle (gint64      rank,
               const char *domain)
{
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, rank);

  /* Translators: the caption of one rank's pie; %s is the rank number */
  return g_strdup_printf (_hp_chart_tr (domain, N_ ("Rank %s")), number);
}

/* a category per row: its rank, with its GPU when there is a device */
static void
add_rank_categories (HpChart *chart,
                     HpTable *table,
                     int      c_rank,
                     int      c_device)
{
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      g_autofree char *rank = cell_text (table, row, c_rank);
      g_autofree char *label = NULL;

      if (c_device >= 0 && !hp_table_is_null (table, row, c_device))
        {
          g_autofree char *device = cell_text (table, row, c_device);

          label = g_strdup_printf ("%s (GPU %s)", rank, device);
        }
      hp_bar_chart_add_category (chart, label != NULL ? label : rank);
    }
}

/* ---- §1 temporal breakdown ---- */

/* A bar chart of shares: percent values from 0 to 100, shown on the bars */
static HpChart *
share_bars (const char      *name,
            const char      *title,
            HpBarOrientation orientation,
            const char      *x_label,
            const char      *y_label)
{
  HpChart *chart = hp_bar_chart_new (name, title);

  hp_bar_chart_set_orientation (chart, orientation);
  hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_PERCENT);
  hp_bar_chart_set_value_range (chart, 0, 100);
  hp_bar_chart_set_show_values (chart, TRUE);
  hp_chart_set_axis_labels (chart, x_label, y_label);
  return chart;
}

static GPtrArray *
adapt_temporal_breakdown (HpTable    *table,
                          const char *domain)
{
  static const struct
  {
    const char *column;
    const char *series;
  } parts[] = {
    { "idle_time_pctg", N_ ("Idle") },
    { "compute_time_pctg", N_ ("Compute") },
    { "non_compute_time_pctg", N_ ("Non-compute") },
  };
  GPtrArray *charts = chart_list ();
  HpChart   *chart;
  guint      n_rows;

  g_return_val_if_fail (table != NULL, charts);

  chart = share_bars ("temporal_breakdown", _hp_chart_tr (domain, N_ ("Temporal breakdown across ranks")),
                      HP_BAR_ORIENTATION_VERTICAL, _hp_chart_tr (domain, N_ ("Rank")),
                      _hp_chart_tr (domain, N_ ("Share of the GPU time span")));
  hp_bar_chart_set_mode (chart, HP_BAR_STACKED);
  g_ptr_array_add (charts, chart);

  if (!has_columns (table, "rank", "idle_time_pctg", "compute_time_pctg", "non_compute_time_pctg",
                    NULL))
    return charts;

  n_rows = hp_table_get_n_rows (table);
  add_rank_categories (chart, table, column (table, "rank"), column (table, "device"));

  for (guint p = 0; p < G_N_ELEMENTS (parts); p++)
    {
      int   c = column (table, parts[p].column);
      guint s = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, parts[p].series), NULL);

      /* the colours go by the English names */
      hp_bar_chart_set_series_color_key (chart, s, parts[p].series);

      for (guint row = 0; row < n_rows; row++)
        hp_bar_chart_set_value (chart, s, row, cell_number (table, row, c));
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
  return adapt_temporal_breakdown (table, NULL);
}

/* ---- §3 kernel breakdown ---- */

static GPtrArray *
adapt_kernel_type (HpTable    *kernel_type_table,
                   const char *domain)
{
  GPtrArray *charts = chart_list ();
  HpChart   *chart;
  int        c_type;
  int        c_pct;

  g_return_val_if_fail (kernel_type_table != NULL, charts);

  chart = hp_pie_chart_new ("kernel_type_percentage", _hp_chart_tr (domain, N_ ("Kernel Type Percentage Across All Ranks")));
  hp_pie_chart_set_donut (chart, 0.55);
  hp_pie_chart_set_value_format (chart, HP_AXIS_FORMAT_PERCENT);
  g_ptr_array_add (charts, chart);

  c_type = column (kernel_type_table, "kernel_type");
  c_pct = column (kernel_type_table, "percentage");
  if (c_type < 0 || c_pct < 0)
    return charts;

  for (guint row = 0; row < hp_table_get_n_rows (kernel_type_table); row++)
    {
      g_autofree char *type = cell_text (kernel_type_table, row, c_type);
      double           pct = cell_number (kernel_type_table, row, c_pct);

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
  return adapt_kernel_type (kernel_type_table, NULL);
}

static gboolean
row_matches (HpTable    *table,
             guint       row,
             int         col,
             const char *value)
{
  g_autofree char *cell = NULL;

  if (col < 0)
    return TRUE;
  cell = cell_text (table, row, col);
  return strcmp (cell, value) == 0;
}

/* distinct values of a string column, in order of first appearance, in
 * the rows whose @filter_col equals @filter (all rows when @filter_col < 0) */
static GPtrArray *
distinct_strings (HpTable    *table,
                  int         col,
                  gboolean    skip_others,
                  int         filter_col,
                  const char *filter)
{
  GPtrArray *values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      char *value;

      if (!row_matches (table, row, filter_col, filter))
        continue;
      value = cell_text (table, row, col);
      if ((skip_others && strcmp (value, "others") == 0) || g_hash_table_contains (seen, value))
        {
          g_free (value);
          continue;
        }
      g_ptr_array_add (values, value);
      g_hash_table_add (seen, value);
    }

  return values;
}

/* a grid of per-rank pies of `name` → `sum (us)` for the rows whose
 * @filter_col equals @filter (all rows when @filter_col < 0) */
static HpChart *
per_rank_pies (HpTable    *table,
               const char *name,
               const char *title,
               int         filter_col,
               const char *filter,
               const char *domain)
{
  HpChart *chart = hp_pie_chart_new (name, title);
  int      c_name = column (table, "name");
  int      c_sum = column (table, "sum (us)");
  int      c_rank = column (table, "rank");
  g_autoptr (GArray) ranks = NULL;

  hp_pie_chart_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  if (c_name < 0 || c_sum < 0)
    return chart;

  ranks = distinct_ranks (table, c_rank);
  for (guint i = 0; i < ranks->len; i++)
    {
      gint64           rank = g_array_index (ranks, gint64, i);
      g_autofree char *caption = rank_subtitle (rank, domain);
      guint            pie = hp_pie_chart_add_pie (chart, caption);

      for (guint row = 0; row < hp_table_get_n_rows (table); row++)
        {
          g_autofree char *label = NULL;

          if (row_rank (table, row, c_rank) != rank || !row_matches (table, row, filter_col, filter))
            continue;
          label = cell_text (table, row, c_name);
          hp_pie_chart_add_slice (chart, pie, label, cell_number (table, row, c_sum));
        }
    }

  return chart;
}

/* a bar per rank at `mean (us)` with a min/max whisker, for one name */
static HpChart *
duration_bars (HpTable    *table,
               const char *name,
               const char *title,
               int         type_col,
               const char *type,
               const char *kernel_name,
               const char *domain)
{
  HpChart *chart = hp_bar_chart_new (name, title);
  int      c_name = column (table, "name");
  int      c_rank = column (table, "rank");
  int      c_mean = column (table, "mean (us)");
  int      c_min = column (table, "min (us)");
  int      c_max = column (table, "max (us)");
  g_autoptr (GArray) ranks = distinct_ranks (table, c_rank);
  guint series;

  hp_bar_chart_set_orientation (chart, HP_BAR_ORIENTATION_VERTICAL);
  hp_bar_chart_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Rank")), _hp_chart_tr (domain, N_ ("Mean duration (whiskers: min to max)")));

  for (guint i = 0; i < ranks->len; i++)
    {
      g_autofree char *label = g_strdup_printf ("%" G_GINT64_FORMAT, g_array_index (ranks, gint64, i));

      hp_bar_chart_add_category (chart, label);
    }
  series = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, N_ ("Mean")), NULL);
  if (type != NULL)
    hp_bar_chart_set_series_color_key (chart, series, type);

  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      gint64 rank;
      guint  category = 0;

      if (!row_matches (table, row, type_col, type) || !row_matches (table, row, c_name, kernel_name))
        continue;

      rank = row_rank (table, row, c_rank);
      while (category < ranks->len && g_array_index (ranks, gint64, category) != rank)
        category++;
      if (category == ranks->len)
        continue;

      hp_bar_chart_set_value (chart, series, category, cell_number (table, row, c_mean));
      hp_bar_chart_set_error (chart, series, category, cell_number (table, row, c_min),
                              cell_number (table, row, c_max));
    }

  return chart;
}

static GPtrArray *
adapt_kernels (HpTable    *kernel_table,
               const char *domain)
{
  GPtrArray *charts = chart_list ();
  g_autoptr (GPtrArray) types = NULL;
  int c_type;
  int c_name;

  g_return_val_if_fail (kernel_table != NULL, charts);

  c_type = column (kernel_table, "kernel_type");
  c_name = column (kernel_table, "name");
  if (c_type < 0 || c_name < 0 || hp_table_get_n_rows (kernel_table) == 0)
    {
      g_ptr_array_add (charts, hp_pie_chart_new ("kernels", _hp_chart_tr (domain, N_ ("Kernel distribution on each rank"))));
      return charts;
    }

  types = distinct_strings (kernel_table, c_type, FALSE, -1, NULL);
  for (guint t = 0; t < types->len; t++)
    {
      const char      *type = g_ptr_array_index (types, t);
      g_autofree char *stem = stem_part (type);
      g_autofree char *name = g_strdup_printf ("kernels_%s", stem);
      /* Translators: %s is a kernel type: COMPUTATION, COMMUNICATION or MEMORY */
      g_autofree char *title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Kernel type \"%s\" - kernel distribution on each rank")), type);

      g_ptr_array_add (charts, per_rank_pies (kernel_table, name, title, c_type, type, domain));
    }

  for (guint t = 0; t < types->len; t++)
    {
      const char      *type = g_ptr_array_index (types, t);
      g_autofree char *stem = stem_part (type);
      g_autoptr (GPtrArray) names = distinct_strings (kernel_table, c_name, TRUE, c_type, type);
      guint index = 0;

      for (guint n = 0; n < names->len; n++)
        {
          const char      *kernel = g_ptr_array_index (names, n);
          g_autofree char *name = g_strdup_printf ("kernel_duration_%s_%u", stem, index++);
          /* Translators: a kernel type (COMPUTATION …), then a kernel's name */
          g_autofree char *title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Kernel type \"%s\" - %s")), type, kernel);

          g_ptr_array_add (charts, duration_bars (kernel_table, name, title, c_type, type, kernel, domain));
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
  return adapt_kernels (kernel_table, NULL);
}

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
  g_autofree char *stream = cell_text (table, row, c_stream);
  double           total = 0;

  if (c_time < 0)
    return 100 * cell_number (table, row, c_ratio);
  for (guint r = 0; r < hp_table_get_n_rows (table); r++)
    {
      g_autofree char *other = NULL;
      double           t;

      if (row_rank (table, r, c_rank) != rank)
        continue;
      other = cell_text (table, r, c_stream);
      t = cell_number (table, r, c_time);
      if (strcmp (other, stream) == 0 && isfinite (t))
        total += t;
    }
  if (!(total > 0))
    return 100 * cell_number (table, row, c_ratio);
  return 100 * cell_number (table, row, c_time) / total;
}

static GPtrArray *
adapt_idle_time (HpTable    *table,
                 const char *domain)
{
  static const char *const known[] = { "host_wait", "kernel_wait", "other" };
  GPtrArray               *charts = chart_list ();
  g_autoptr (GArray) ranks = NULL;
  g_autoptr (GPtrArray) categories = NULL;
  int c_rank;
  int c_stream;
  int c_category;
  int c_ratio;
  int c_time;

  g_return_val_if_fail (table != NULL, charts);

  c_rank = column (table, "rank");
  c_stream = column (table, "stream");
  c_category = column (table, "idle_category");
  c_ratio = column (table, "idle_time_ratio");
  c_time = column (table, "idle_time");
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
    g_autoptr (GPtrArray) found = distinct_strings (table, c_category, FALSE, -1, NULL);

    for (guint i = 0; i < found->len; i++)
      if (!g_strv_contains (known, g_ptr_array_index (found, i)))
        g_ptr_array_add (categories, g_strdup (g_ptr_array_index (found, i)));
  }

  ranks = distinct_ranks (table, c_rank);
  for (guint i = 0; i < ranks->len; i++)
    {
      gint64           rank = g_array_index (ranks, gint64, i);
      g_autofree char *name = g_strdup_printf ("idle_time_rank%" G_GINT64_FORMAT, rank);
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, rank);
      /* Translators: %s is a rank number */
      g_autofree char *title = g_strdup_printf (_hp_chart_tr (domain, N_ ("Idle time breakdown on rank %s per CUDA stream")), number);
      g_autoptr (GPtrArray) streams = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GHashTable) stream_index = g_hash_table_new (g_str_hash, g_str_equal);
      HpChart          *chart = share_bars (name, title, HP_BAR_ORIENTATION_VERTICAL, _hp_chart_tr (domain, N_ ("Stream")),
                                            _hp_chart_tr (domain, N_ ("Share of the stream's idle time")));
      g_autofree guint *series = NULL;

      hp_chart_set_rank (chart, (int)rank);
      hp_bar_chart_set_mode (chart, HP_BAR_STACKED);

      /* streams in ascending numeric order (HTA's table order is not) */
      for (guint row = 0; row < hp_table_get_n_rows (table); row++)
        {
          char *stream;

          if (row_rank (table, row, c_rank) != rank)
            continue;
          stream = cell_text (table, row, c_stream);
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

          if (row_rank (table, row, c_rank) != rank)
            continue;
          stream = cell_text (table, row, c_stream);
          category = cell_text (table, row, c_category);
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
  return adapt_idle_time (table, NULL);
}

/* ---- §5 communication/computation overlap ---- */

static GPtrArray *
adapt_comm_comp_overlap (HpTable    *table,
                         const char *domain)
{
  GPtrArray *charts = chart_list ();
  HpChart   *chart;
  int        c_rank;
  int        c_pct;
  int        c_device;
  guint      series;

  g_return_val_if_fail (table != NULL, charts);

  chart = share_bars ("comm_comp_overlap", _hp_chart_tr (domain, N_ ("Computation-Communication Overlap")),
                      HP_BAR_ORIENTATION_VERTICAL, _hp_chart_tr (domain, N_ ("Rank")),
                      _hp_chart_tr (domain, N_ ("Communication overlapped")));
  g_ptr_array_add (charts, chart);

  c_rank = column (table, "rank");
  c_pct = column (table, "comp_comm_overlap_pctg");
  c_device = column (table, "device");
  if (c_rank < 0 || c_pct < 0)
    return charts;

  add_rank_categories (chart, table, c_rank, c_device);

  series = hp_bar_chart_add_series (chart, _hp_chart_tr (domain, N_ ("Overlap")), NULL);
  hp_bar_chart_set_series_color_key (chart, series, "COMPUTATION overlapping COMMUNICATION");
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    hp_bar_chart_set_value (chart, series, row, cell_number (table, row, c_pct));

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
  return adapt_comm_comp_overlap (table, NULL);
}

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

static GPtrArray *
adapt_launch_stats (HpTable    *table,
                    double      runtime_cutoff,
                    double      launch_delay_cutoff,
                    const char *domain)
{
  GPtrArray *charts = chart_list ();
  g_autoptr (GArray) ranks = NULL;
  g_autofree char *runtime_text = hp_format_number (runtime_cutoff, -1);
  g_autofree char *delay_text = hp_format_number (launch_delay_cutoff, -1);
  int              c_rank;
  int              c_cpu;
  int              c_gpu;
  int              c_delay;

  g_return_val_if_fail (table != NULL, charts);

  c_rank = column (table, "rank");
  c_cpu = column (table, "cpu_duration");
  c_gpu = column (table, "gpu_duration");
  c_delay = column (table, "launch_delay");
  if (c_cpu < 0 || c_gpu < 0 || c_delay < 0)
    {
      g_ptr_array_add (charts, hp_histogram_new ("launch_short_kernels", _hp_chart_tr (domain, N_ ("Short GPU kernels (gpu op duration < cpu op duration)"))));
      return charts;
    }

  ranks = distinct_ranks (table, c_rank);
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

          if (row_rank (table, row, c_rank) != rank)
            continue;
          cpu = cell_number (table, row, c_cpu);
          gpu = cell_number (table, row, c_gpu);
          delay = cell_number (table, row, c_delay);

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
  return adapt_launch_stats (table, runtime_cutoff, launch_delay_cutoff, NULL);
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

static GPtrArray *
adapt_aten_op_delays (HpTable    *table,
                      guint       max_ops,
                      const char *domain)
{
  GPtrArray *charts = chart_list ();
  g_autoptr (GArray) ranks = NULL;
  int c_rank;
  int c_op;
  int c_count;
  int c_launch;

  g_return_val_if_fail (table != NULL, charts);
  g_return_val_if_fail (max_ops > 0, charts);

  c_rank = column (table, "rank");
  c_op = column (table, "aten_op_name");
  c_count = column (table, "occurrence_count");
  c_launch = column (table, "avg_aten_op_launch_delay");
  if (c_op < 0 || c_count < 0 || c_launch < 0 || hp_table_get_n_rows (table) == 0)
    {
      g_ptr_array_add (charts, aten_bars ("aten_op_occurrences", _hp_chart_tr (domain, N_ ("Most frequent ATen ops")),
                                          _hp_chart_tr (domain, N_ ("Occurrences")), HP_AXIS_FORMAT_NUMBER,
                                          _hp_chart_tr (domain, N_ ("Occurrences")), NULL));
      return charts;
    }

  ranks = distinct_ranks (table, c_rank);
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

          if (row_rank (table, row, c_rank) != rank)
            continue;
          count = cell_number (table, row, c_count);
          if (!isfinite (count) || count <= 0)
            continue;
          op_name = cell_text (table, row, c_op);
          op = g_hash_table_lookup (by_name, op_name);
          if (op == NULL)
            {
              op = g_new0 (AtenOp, 1);
              op->op = g_steal_pointer (&op_name);
              g_ptr_array_add (ops, op);
              g_hash_table_insert (by_name, op->op, op);
            }
          op->count += count;
          launch = cell_number (table, row, c_launch);
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
  return adapt_aten_op_delays (table, max_ops, NULL);
}

/* ---- §8 counters ---- */

/* per rank, one step line per distinct @series_col value */
static GPtrArray *
time_series_charts (HpTable    *table,
                    const char *series_col_name,
                    const char *series_prefix,
                    const char *value_col_name,
                    const char *name_prefix,
                    const char *title_prefix,
                    const char *y_label,
                    const char *domain)
{
  GPtrArray *charts = chart_list ();
  g_autoptr (GArray) ranks = NULL;
  int c_rank = column (table, "rank");
  int c_ts = column (table, "ts");
  int c_series = column (table, series_col_name);
  int c_value = column (table, value_col_name);

  if (c_ts < 0 || c_series < 0 || c_value < 0 || hp_table_get_n_rows (table) == 0)
    {
      HpChart *chart = hp_line_chart_new (name_prefix, title_prefix);

      hp_chart_set_axis_labels (chart, _hp_chart_tr (domain, N_ ("Time")), y_label);
      g_ptr_array_add (charts, chart);
      return charts;
    }

  ranks = distinct_ranks (table, c_rank);
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

          if (row_rank (table, row, c_rank) != rank)
            continue;
          key = cell_text (table, row, c_series);
          while (k < keys->len && strcmp (g_ptr_array_index (keys, k), key) != 0)
            k++;
          if (k == keys->len)
            {
              g_ptr_array_add (keys, g_strdup (key));
              g_ptr_array_add (xs, g_array_new (FALSE, FALSE, sizeof (double)));
              g_ptr_array_add (ys, g_array_new (FALSE, FALSE, sizeof (double)));
            }
          x = cell_number (table, row, c_ts);
          y = cell_number (table, row, c_value);
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

static GPtrArray *
adapt_queue_length (HpTable    *time_series,
                    const char *domain)
{
  g_return_val_if_fail (time_series != NULL, chart_list ());

  return time_series_charts (time_series, "stream", _hp_chart_tr (domain, N_ ("Stream")), "queue_length", "queue_length",
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
  return adapt_queue_length (time_series, NULL);
}

static GPtrArray *
adapt_memory_bw (HpTable    *time_series,
                 const char *domain)
{
  g_return_val_if_fail (time_series != NULL, chart_list ());

  return time_series_charts (time_series, "name", NULL, "memory_bw_gbps", "memory_bw",
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
  return adapt_memory_bw (time_series, NULL);
}

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
  int              c_name = column (table, "name");
  int              c_mean = column (table, "mean (us)");
  int              c_min = column (table, "min (us)");
  int              c_max = column (table, "max (us)");
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
      if (row_matches (table, row, c_name, g_ptr_array_index (names, n)))
        {
          hp_bar_chart_set_value (chart, series, n, cell_number (table, row, c_mean));
          hp_bar_chart_set_error (chart, series, n, cell_number (table, row, c_min), cell_number (table, row, c_max));
          break;
        }
  return chart;
}

static GPtrArray *
adapt_user_annotations (HpTable    *table,
                        const char *domain)
{
  GPtrArray *charts = chart_list ();
  g_autoptr (GPtrArray) names = NULL;
  g_autofree char *pies_name = NULL;
  const char      *kind;
  int              c_name;

  g_return_val_if_fail (table != NULL, charts);

  kind = g_str_has_suffix (hp_table_get_name (table), "_cpu") ? "cpu" : "gpu";
  pies_name = g_strdup_printf ("user_annotation_%s_distribution", kind);
  g_ptr_array_add (charts, per_rank_pies (table, pies_name, _hp_chart_tr (domain, N_ ("User annotation distribution on each rank")),
                                          -1, NULL, domain));

  c_name = column (table, "name");
  if (c_name < 0)
    return charts;

  names = distinct_strings (table, c_name, TRUE, -1, NULL);
  {
    g_autoptr (GArray) ranks = distinct_ranks (table, column (table, "rank"));

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

      g_ptr_array_add (charts, duration_bars (table, name, title, -1, NULL, annotation, domain));
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
  return adapt_user_annotations (table, NULL);
}

/* ---- §12 critical path ---- */

/* the share of the path per bound_by (dependencies, which weigh nothing,
 * left out) */
static GPtrArray *
adapt_critical_path_summary (HpTable    *table,
                             const char *domain)
{
  GPtrArray *charts = chart_list ();
  HpChart   *chart;
  int        c_bound;
  int        c_pct;
  guint      series;

  g_return_val_if_fail (table != NULL, charts);

  chart = share_bars ("critical_path_summary", _hp_chart_tr (domain, N_ ("Critical path by boundedness")),
                      HP_BAR_ORIENTATION_HORIZONTAL, _hp_chart_tr (domain, N_ ("Bound by")),
                      _hp_chart_tr (domain, N_ ("Share of the path")));
  if (hp_table_get_note (table) != NULL)
    hp_chart_set_subtitle (chart, hp_table_get_note (table));
  g_ptr_array_add (charts, chart);

  c_bound = column (table, "bound_by");
  c_pct = column (table, "pct_of_path_duration");
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
      hp_bar_chart_set_value (chart, series, category, cell_number (table, row, c_pct));
    }
  return charts;
}

/* The chart adapters, by analysis and by table: what HTA draws for each
 * table of each analysis of the registry (hp-analysis-registry.c), in the
 * order of the analysis' tables. A table without an adapter gets no chart.
 * Adding an analysis with charts adds one line here. */
typedef GPtrArray *(*AdaptFunc) (HpTable                *table,
                                 const HpAnalysisParams *params,
                                 const char             *domain);

#define PLAIN_ADAPTER(fn)                                                                         \
  static GPtrArray *fn##_any (HpTable *table, const HpAnalysisParams *params, const char *domain) \
  {                                                                                               \
    return fn (table, domain);                                                                    \
  }

PLAIN_ADAPTER (adapt_temporal_breakdown)
PLAIN_ADAPTER (adapt_kernel_type)
PLAIN_ADAPTER (adapt_kernels)
PLAIN_ADAPTER (adapt_idle_time)
PLAIN_ADAPTER (adapt_comm_comp_overlap)
PLAIN_ADAPTER (adapt_queue_length)
PLAIN_ADAPTER (adapt_memory_bw)
PLAIN_ADAPTER (adapt_user_annotations)
PLAIN_ADAPTER (adapt_critical_path_summary)

static GPtrArray *
adapt_launch_stats_any (HpTable                *table,
                        const HpAnalysisParams *params,
                        const char             *domain)
{
  return adapt_launch_stats (table, params != NULL ? params->runtime_cutoff : 50.0,
                             params != NULL ? params->launch_delay_cutoff : 100.0, domain);
}

/* the 15 most frequent ops */
static GPtrArray *
adapt_aten_op_delays_any (HpTable                *table,
                          const HpAnalysisParams *params,
                          const char             *domain)
{
  return adapt_aten_op_delays (table, 15, domain);
}

/* the memory, counter and straggler charts (hp-chart-adapters-extra.c) */
static GPtrArray *
adapt_extra_any (HpTable                *table,
                 const HpAnalysisParams *params,
                 const char             *domain)
{
  GPtrArray *charts = _hp_chart_adapt_extra (table, domain);

  return charts != NULL ? charts : chart_list ();
}

/* clang-format off */
static const struct
{
  const char *analysis;
  AdaptFunc   tables[4]; /* by the position of the table in the analysis' list */
} chart_adapters[] = {
  { "temporal_breakdown",        { adapt_temporal_breakdown_any } },
  { "idle_time_breakdown",       { adapt_idle_time_any } },
  { "gpu_kernel_breakdown",      { adapt_kernel_type_any, adapt_kernels_any } },
  { "comm_comp_overlap",         { adapt_comm_comp_overlap_any } },
  { "user_annotation_breakdown", { adapt_user_annotations_any, adapt_user_annotations_any } },
  { "cuda_kernel_launch_stats",  { adapt_launch_stats_any } },
  { "aten_op_kernels_and_delay", { adapt_aten_op_delays_any } },
  { "queue_length",              { adapt_queue_length_any } },
  { "memory_bw",                 { adapt_memory_bw_any } },
  { "critical_path",             { adapt_critical_path_summary_any } },
  { "cupti_counters",            { adapt_extra_any } },
  { "memory_timeline",           { adapt_extra_any } },
  { "memory",                    { NULL, adapt_extra_any } },
  { "stragglers",                { NULL, adapt_extra_any } },
  { "collectives",               { NULL, adapt_extra_any } },
};
/* clang-format on */

static AdaptFunc
find_adapter (HpTable *table)
{
  const HpAnalysis *analysis = hp_analysis_find_by_table (hp_table_get_name (table));
  int               t;

  if (analysis == NULL || (t = hp_analysis_table_index (analysis, hp_table_get_name (table))) < 0 ||
      t >= (int)G_N_ELEMENTS (chart_adapters[0].tables))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (chart_adapters); i++)
    if (g_str_equal (chart_adapters[i].analysis, analysis->name))
      return chart_adapters[i].tables[t];
  return NULL;
}

static GPtrArray *
adapt_table (HpTable                *table,
             const HpAnalysisParams *params,
             const char             *domain)
{
  GPtrArray *charts;

  g_return_val_if_fail (table != NULL, chart_list ());

  {
    AdaptFunc adapt = find_adapter (table);

    charts = adapt != NULL ? adapt (table, params, domain) : chart_list ();
  }
  if (domain != NULL)
    for (guint i = 0; i < charts->len; i++)
      hp_chart_set_placeholder_texts (charts->pdata[i], _hp_chart_tr (domain, N_ ("No data")), _hp_chart_tr (domain, N_ ("n/a")));
  return charts;
}

/**
 * hp_chart_adapt_table:
 * @table: any analysis table
 * @params: (nullable): the parameters the analysis ran with (for the
 *   launch statistics cutoffs), or %NULL for HTA's defaults
 *
 * Picks the adapter of the analysis that made @table (the registry knows
 * it from the table's name) for the table's place among its tables.
 *
 * Returns: (transfer full) (element-type HpChart): the charts; empty for
 *   tables HTA draws no chart for
 */
GPtrArray *
hp_chart_adapt_table (HpTable                *table,
                      const HpAnalysisParams *params)
{
  return adapt_table (table, params, NULL);
}

/**
 * hp_chart_adapt_table_translated:
 * @table: any analysis table
 * @params: (nullable): as for hp_chart_adapt_table()
 * @domain: the gettext domain to translate the charts' words with
 *
 * The charts of hp_chart_adapt_table(), with their titles, axis titles,
 * legend words and "No data" looked up in @domain, for the app. Values
 * from the table (kernel types, idle categories, names) stay as they are;
 * chart names stay English file stems.
 *
 * Returns: (transfer full) (element-type HpChart): the charts
 */
GPtrArray *
hp_chart_adapt_table_translated (HpTable                *table,
                                 const HpAnalysisParams *params,
                                 const char             *domain)
{
  g_return_val_if_fail (domain != NULL, chart_list ());

  return adapt_table (table, params, domain);
}
