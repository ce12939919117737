/* hp-chart-adapters-common.c — what the chart adapters share: reading tables, rank charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-chart-adapters-private.h"
#include "hp-bar-chart.h"
#include "hp-pie-chart.h"

/* ---- reading tables ---- */

int
_hp_chart_column (HpTable   *table,
                  HpColumnId id)
{
  return hp_table_column_of (table, id);
}

/* a numeric cell of any column type; NaN for null or missing */
double
_hp_chart_cell_number (HpTable *table,
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

char *
_hp_chart_cell_text (HpTable *table,
                     guint    row,
                     int      col)
{
  if (col < 0)
    return g_strdup ("");
  return hp_table_format_cell (table, row, col);
}

gint64
_hp_chart_row_rank (HpTable *table,
                    guint    row,
                    int      c_rank)
{
  double v = _hp_chart_cell_number (table, row, c_rank);

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
GArray *
_hp_chart_distinct_ranks (HpTable *table,
                          int      c_rank)
{
  GArray *ranks = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GHashTable) seen = g_hash_table_new_full (hp_int64_hash, hp_int64_equal, g_free, NULL);

  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      gint64 r = _hp_chart_row_rank (table, row, c_rank);

      if (g_hash_table_contains (seen, &r))
        continue;
      g_array_append_val (ranks, r);
      g_hash_table_add (seen, g_memdup2 (&r, sizeof r));
    }

  g_array_sort (ranks, compare_int64);
  return ranks;
}

/* a file-stem-safe version of a label: letters, digits, '-' and '_' */
char *
_hp_chart_stem_part (const char *text)
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

GPtrArray *
_hp_chart_list_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)hp_chart_unref);
}

char *
_hp_chart_rank_subtitle (gint64      rank,
                         const char *domain)
{
  g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, rank);

  /* Translators: the caption of one rank's pie; %s is the rank number */
  return g_strdup_printf (_hp_chart_tr (domain, N_ ("Rank %s")), number);
}

/* a category per row: its rank, with its GPU when there is a device */
void
_hp_chart_add_rank_categories (HpChart *chart,
                               HpTable *table,
                               int      c_rank,
                               int      c_device)
{
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      g_autofree char *rank = _hp_chart_cell_text (table, row, c_rank);
      g_autofree char *label = NULL;

      if (c_device >= 0 && !hp_table_is_null (table, row, c_device))
        {
          g_autofree char *device = _hp_chart_cell_text (table, row, c_device);

          label = g_strdup_printf ("%s (GPU %s)", rank, device);
        }
      hp_bar_chart_add_category (chart, label != NULL ? label : rank);
    }
}

/* ---- §1 temporal breakdown ---- */

/* A bar chart of shares: percent values from 0 to 100, shown on the bars */
HpChart *
_hp_chart_share_bars (const char      *name,
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

gboolean
_hp_chart_row_matches (HpTable    *table,
                       guint       row,
                       int         col,
                       const char *value)
{
  g_autofree char *cell = NULL;

  if (col < 0)
    return TRUE;
  cell = _hp_chart_cell_text (table, row, col);
  return strcmp (cell, value) == 0;
}

/* distinct values of a string column, in order of first appearance, in
 * the rows whose @filter_col equals @filter (all rows when @filter_col < 0) */
GPtrArray *
_hp_chart_distinct_strings (HpTable    *table,
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

      if (!_hp_chart_row_matches (table, row, filter_col, filter))
        continue;
      value = _hp_chart_cell_text (table, row, col);
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
HpChart *
_hp_chart_per_rank_pies (HpTable                      *table,
                         const HpChartDurationColumns *columns,
                         const char                   *name,
                         const char                   *title,
                         int                           filter_col,
                         const char                   *filter,
                         const char                   *domain)
{
  HpChart *chart = hp_pie_chart_new (name, title);
  int      c_name = _hp_chart_column (table, columns->name);
  int      c_sum = _hp_chart_column (table, columns->sum);
  int      c_rank = _hp_chart_column (table, columns->rank);
  g_autoptr (GArray) ranks = NULL;

  hp_pie_chart_set_value_format (chart, HP_AXIS_FORMAT_TIME_US);
  if (c_name < 0 || c_sum < 0)
    return chart;

  ranks = _hp_chart_distinct_ranks (table, c_rank);
  for (guint i = 0; i < ranks->len; i++)
    {
      gint64           rank = g_array_index (ranks, gint64, i);
      g_autofree char *caption = _hp_chart_rank_subtitle (rank, domain);
      guint            pie = hp_pie_chart_add_pie (chart, caption);

      for (guint row = 0; row < hp_table_get_n_rows (table); row++)
        {
          g_autofree char *label = NULL;

          if (_hp_chart_row_rank (table, row, c_rank) != rank || !_hp_chart_row_matches (table, row, filter_col, filter))
            continue;
          label = _hp_chart_cell_text (table, row, c_name);
          hp_pie_chart_add_slice (chart, pie, label, _hp_chart_cell_number (table, row, c_sum));
        }
    }

  return chart;
}

/* a bar per rank at `mean (us)` with a min/max whisker, for one name */
HpChart *
_hp_chart_duration_bars (HpTable                      *table,
                         const HpChartDurationColumns *columns,
                         const char                   *name,
                         const char                   *title,
                         int                           type_col,
                         const char                   *type,
                         const char                   *kernel_name,
                         const char                   *domain)
{
  HpChart *chart = hp_bar_chart_new (name, title);
  int      c_name = _hp_chart_column (table, columns->name);
  int      c_rank = _hp_chart_column (table, columns->rank);
  int      c_mean = _hp_chart_column (table, columns->mean);
  int      c_min = _hp_chart_column (table, columns->min);
  int      c_max = _hp_chart_column (table, columns->max);
  g_autoptr (GArray) ranks = _hp_chart_distinct_ranks (table, c_rank);
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

      if (!_hp_chart_row_matches (table, row, type_col, type) || !_hp_chart_row_matches (table, row, c_name, kernel_name))
        continue;

      rank = _hp_chart_row_rank (table, row, c_rank);
      while (category < ranks->len && g_array_index (ranks, gint64, category) != rank)
        category++;
      if (category == ranks->len)
        continue;

      hp_bar_chart_set_value (chart, series, category, _hp_chart_cell_number (table, row, c_mean));
      hp_bar_chart_set_error (chart, series, category, _hp_chart_cell_number (table, row, c_min),
                              _hp_chart_cell_number (table, row, c_max));
    }

  return chart;
}
