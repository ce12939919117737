/* test-findings.c — the Overview's findings, from HTA's tables of the bundled traces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* A golden CSV as an HpTable: `rank` and `stream` as integers, columns that
 * parse as numbers as doubles (empty cells null), the rest as text */
static HpTable *
table_from_golden (const char *case_name,
                   const char *file)
{
  g_autofree char *path = hp_test_golden_path (case_name, file);
  g_autoptr (GPtrArray) rows = hp_test_read_csv (path);
  char   **header;
  HpTable *table;
  guint    n_columns;

  g_assert_nonnull (rows);
  g_assert_cmpuint (rows->len, >=, 1);
  header = rows->pdata[0];
  n_columns = g_strv_length (header);
  table = hp_table_new (file, file);

  for (guint c = 0; c < n_columns; c++)
    {
      gboolean     numeric = TRUE;
      HpColumnType type;

      for (guint r = 1; r < rows->len && numeric; r++)
        {
          const char *cell = ((char **)rows->pdata[r])[c];
          char       *end = NULL;

          if (cell[0] != '\0')
            {
              g_ascii_strtod (cell, &end);
              numeric = end != NULL && *end == '\0';
            }
        }
      if (g_str_equal (header[c], "rank") || g_str_equal (header[c], "stream"))
        type = HP_COLUMN_INT;
      else
        type = numeric ? HP_COLUMN_DOUBLE : HP_COLUMN_STRING;
      hp_table_add_column (table, header[c], type, NULL);
    }

  for (guint r = 1; r < rows->len; r++)
    {
      char **cells = rows->pdata[r];
      guint  row = hp_table_append_row (table);

      for (guint c = 0; c < n_columns; c++)
        {
          if (cells[c][0] == '\0')
            hp_table_set_null (table, row, c);
          else if (hp_table_get_column_type (table, c) == HP_COLUMN_INT)
            hp_table_set_int (table, row, c, g_ascii_strtoll (cells[c], NULL, 10));
          else if (hp_table_get_column_type (table, c) == HP_COLUMN_DOUBLE)
            hp_table_set_double (table, row, c, g_ascii_strtod (cells[c], NULL));
          else
            hp_table_set_string (table, row, c, cells[c]);
        }
    }
  return table;
}

/* rank, idle_time_pctg, non_compute_time_pctg */
static HpTable *
temporal_table (guint         n,
                const double *rows)
{
  HpTable *table = hp_table_new ("temporal_breakdown", "Temporal breakdown");

  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "idle_time_pctg", HP_COLUMN_DOUBLE, NULL);
  hp_table_add_column (table, "non_compute_time_pctg", HP_COLUMN_DOUBLE, NULL);
  for (guint i = 0; i < n; i++)
    {
      guint row = hp_table_append_row (table);

      hp_table_set_int (table, row, 0, (gint64)rows[3 * i]);
      hp_table_set_double (table, row, 1, rows[3 * i + 1]);
      hp_table_set_double (table, row, 2, rows[3 * i + 2]);
    }
  return table;
}

static void
test_idle_time_golden (void)
{
  g_autoptr (HpTable) temporal = table_from_golden ("hta_trace_filter_2ranks", "temporal_breakdown.csv");
  g_autoptr (HpTable) idle = table_from_golden ("hta_trace_filter_2ranks", "idle_time_breakdown.csv");
  g_autoptr (HpFinding) finding = hp_finding_idle_time (temporal, idle);
  g_autoptr (HpFinding) bare = hp_finding_idle_time (temporal, NULL);

  /* rank 1 idles 54.72%; host_wait is 1005000 of its 1364264 us of idle */
  g_assert_nonnull (finding);
  g_assert_cmpstr (finding->text, ==, "Rank 1 is idle 54.7% of its GPU time; 74% of that waiting for the host");
  g_assert_cmpfloat_with_epsilon (finding->score, 54.72, 1e-9);

  g_assert_nonnull (bare);
  g_assert_cmpstr (bare->text, ==, "Rank 1 is idle 54.7% of its GPU time");
}

static void
test_idle_time_categories (void)
{
  const double rows[] = { 0, 40.0, 5.0 };
  g_autoptr (HpTable) temporal = temporal_table (1, rows);
  g_autoptr (HpTable) idle = hp_table_new ("idle_time_breakdown", "Idle time");
  g_autoptr (HpFinding) finding = NULL;
  const char  *categories[] = { "host_wait", "kernel_wait", "other" };
  const double times[] = { 10, 60, 30 };

  hp_table_add_column (idle, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (idle, "idle_category", HP_COLUMN_STRING, NULL);
  hp_table_add_column (idle, "idle_time", HP_COLUMN_DOUBLE, "us");
  for (guint i = 0; i < G_N_ELEMENTS (categories); i++)
    {
      guint row = hp_table_append_row (idle);

      hp_table_set_int (idle, row, 0, 0);
      hp_table_set_string (idle, row, 1, categories[i]);
      hp_table_set_double (idle, row, 2, times[i]);
    }

  finding = hp_finding_idle_time (temporal, idle);
  g_assert_nonnull (finding);
  g_assert_cmpstr (finding->text, ==,
                   "Rank 0 is idle 40.0% of its GPU time; 60% of that in short gaps between kernels");

  /* kernel wait is the largest part here, so no separate kernel-wait finding */
  g_assert_null (hp_finding_kernel_wait (idle));
}

static void
test_kernel_wait (void)
{
  g_autoptr (HpTable) idle = hp_table_new ("idle_time_breakdown", "Idle time");
  g_autoptr (HpFinding) finding = NULL;
  const char  *categories[] = { "host_wait", "kernel_wait", "other" };
  const double times[] = { 50, 30, 20 };

  hp_table_add_column (idle, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (idle, "idle_category", HP_COLUMN_STRING, NULL);
  hp_table_add_column (idle, "idle_time", HP_COLUMN_DOUBLE, "us");
  for (guint i = 0; i < G_N_ELEMENTS (categories); i++)
    {
      guint row = hp_table_append_row (idle);

      hp_table_set_int (idle, row, 0, 3);
      hp_table_set_string (idle, row, 1, categories[i]);
      hp_table_set_double (idle, row, 2, times[i]);
    }

  /* 30 of 100 us, not the largest category but more than a quarter */
  finding = hp_finding_kernel_wait (idle);
  g_assert_nonnull (finding);
  g_assert_cmpstr (finding->text, ==,
                   "30% of rank 3's idle time is in short gaps between kernels; fusing kernels or "
                   "CUDA graphs can recover it");
}

static void
test_thresholds (void)
{
  const double busy_rows[] = { 0, 4.0, 3.0, 1, 6.5, 2.0 };
  g_autoptr (HpTable) busy = temporal_table (2, busy_rows);
  g_autoptr (HpFinding) good = hp_finding_busy (busy);

  /* below 10% idle and 15% non-compute nothing is worth a warning */
  g_assert_null (hp_finding_idle_time (busy, NULL));
  g_assert_null (hp_finding_non_compute (busy));
  g_assert_null (hp_finding_rank_imbalance (busy));
  g_assert_nonnull (good);
  g_assert_cmpstr (good->text, ==,
                   "The GPU is busy at least 93.5% of the time on every rank; further gains are in "
                   "the kernels themselves");
}

static void
test_imbalance_and_non_compute (void)
{
  g_autoptr (HpTable) temporal = table_from_golden ("hta_trace_filter_2ranks", "temporal_breakdown.csv");
  const double uneven_rows[] = { 0, 12.0, 1.0, 1, 31.0, 1.0, 2, 14.0, 1.0 };
  g_autoptr (HpTable) uneven = temporal_table (3, uneven_rows);
  g_autoptr (HpFinding) non_compute = hp_finding_non_compute (temporal);
  g_autoptr (HpFinding) close = hp_finding_rank_imbalance (temporal);
  g_autoptr (HpFinding) apart = hp_finding_rank_imbalance (uneven);

  g_assert_nonnull (non_compute);
  g_assert_cmpstr (non_compute->text, ==,
                   "On rank 0, communication and memory kernels run without any computation 28.7% "
                   "of the GPU time");

  /* 53.56% against 54.72%: too close to mention */
  g_assert_null (close);

  g_assert_nonnull (apart);
  g_assert_cmpstr (apart->text, ==,
                   "Idle time differs between ranks: 31.0% on rank 1 against 12.0% on rank 0");
  g_assert_cmpfloat_with_epsilon (apart->score, 38.0, 1e-9);
}

static void
test_overlap (void)
{
  g_autoptr (HpTable) overlap = table_from_golden ("hta_trace_filter_2ranks", "comm_comp_overlap.csv");
  g_autoptr (HpTable) none = hp_table_new ("comm_comp_overlap", "Overlap");
  g_autoptr (HpFinding) finding = hp_finding_overlap (overlap);
  guint row;

  g_assert_nonnull (finding);
  g_assert_cmpstr (finding->text, ==,
                   "Only 11.8% of rank 0's communication overlaps with computation; the rest is not "
                   "hidden behind compute");

  /* a single GPU has no communication: NaN, no finding */
  hp_table_add_column (none, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (none, "comp_comm_overlap_pctg", HP_COLUMN_DOUBLE, NULL);
  row = hp_table_append_row (none);
  hp_table_set_int (none, row, 0, 0);
  hp_table_set_double (none, row, 1, NAN);
  g_assert_null (hp_finding_overlap (none));
}

static void
test_collect (void)
{
  g_autoptr (HpTable) temporal = table_from_golden ("hta_trace_filter_2ranks", "temporal_breakdown.csv");
  g_autoptr (HpTable) idle = table_from_golden ("hta_trace_filter_2ranks", "idle_time_breakdown.csv");
  g_autoptr (HpTable) overlap = table_from_golden ("hta_trace_filter_2ranks", "comm_comp_overlap.csv");
  g_auto (GStrv) all = hp_findings_collect (temporal, idle, overlap, NULL, 5);
  g_auto (GStrv) two = hp_findings_collect (temporal, idle, overlap, NULL, 2);
  g_auto (GStrv) nothing = hp_findings_collect (NULL, NULL, NULL, NULL, 5);

  /* idle 54.72, overlap (100 − 11.81) / 2 = 44.1, slowest compute 27.6,
   * non-compute 0.9 × 28.74 = 25.9 */
  g_assert_cmpuint (g_strv_length (all), ==, 4);
  g_assert_true (g_str_has_prefix (all[0], "Rank 1 is idle 54.7%"));
  g_assert_true (g_str_has_prefix (all[1], "Only 11.8% of rank 0's communication"));
  g_assert_true (g_str_has_prefix (all[2], "Straggler, slowest compute: rank 1"));
  g_assert_true (g_str_has_prefix (all[3], "On rank 0, communication and memory kernels"));

  g_assert_cmpuint (g_strv_length (two), ==, 2);
  g_assert_cmpstr (two[0], ==, all[0]);

  g_assert_nonnull (nothing);
  g_assert_cmpuint (g_strv_length (nothing), ==, 0);
}

/* one definition per straggler question, each labelled: on the real
 * two-rank job, rank 1 started last in the 3 collectives both ranks ran
 * with a skew (4859 + 3302 + 84 us of waiting) and computes 135548 us
 * against rank 0's 106252 us; a single GPU names no straggler */
static void
test_stragglers (void)
{
  g_autoptr (HpTrace) job = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) single = hp_test_load ("hta_ns_resolution", HP_MODE_DEFAULT);
  g_autoptr (HpTable) temporal = table_from_golden ("hta_trace_filter_2ranks", "temporal_breakdown.csv");
  g_autoptr (HpTable) single_temporal = table_from_golden ("hta_ns_resolution", "temporal_breakdown.csv");
  g_autoptr (HpTable) tied = hp_table_new ("collectives", "Collectives");
  const HpAnalysis *analysis = hp_analysis_find ("collectives");
  HpAnalysisParams  params;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpFinding) late = NULL;
  g_autoptr (HpFinding) slowest = NULL;
  g_autoptr (HpFinding) tie = NULL;
  g_autoptr (GPtrArray) none = NULL;
  static const double rows[][4] = {
    /* ranks, start_skew, late_rank, total_wait */
    { 4, 10, 2, 30 },
    { 4, 10, 5, 50 },
    { 4, 0, 3, 0 },
    { 1, 10, 3, 0 },
    { 4, 10, 2, 10 },
    { 4, 10, 5, 5 },
  };

  hp_analysis_params_init (&params);
  tables = hp_analysis_run (analysis, job, &params, NULL, &error);
  g_assert_no_error (error);
  late = hp_finding_late_to_collectives (hp_analysis_result_find_table (tables, "collectives"));
  g_assert_nonnull (late);
  g_assert_cmpstr (late->text, ==,
                   "Straggler, late to collectives: rank 1 started last in 3 of 3 collectives run by several "
                   "ranks; the others waited 8.2 ms for it in all");
  slowest = hp_finding_slowest_compute (temporal);
  g_assert_nonnull (slowest);
  g_assert_cmpstr (slowest->text, ==,
                   "Straggler, slowest compute: rank 1 spends 135.5 ms in computation kernels, 28% more than the "
                   "median of the other ranks (106.3 ms)");

  /* no communication, one rank: no straggler */
  none = hp_analysis_run (analysis, single, &params, NULL, NULL);
  g_assert_null (none);
  g_assert_null (hp_finding_late_to_collectives (NULL));
  g_assert_null (hp_finding_slowest_compute (single_temporal));

  /* ranks 2 and 5 each last twice (a collective without skew, or of one
   * rank, does not count): the one the others waited for longest */
  hp_table_add_column (tied, "ranks", HP_COLUMN_INT, NULL);
  hp_table_add_column (tied, "start_skew(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (tied, "late_rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (tied, "total_wait(us)", HP_COLUMN_DOUBLE, "us");
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      guint row = hp_table_append_row (tied);

      hp_table_set_int (tied, row, 0, (gint64)rows[i][0]);
      hp_table_set_double (tied, row, 1, rows[i][1]);
      hp_table_set_int (tied, row, 2, (gint64)rows[i][2]);
      hp_table_set_double (tied, row, 3, rows[i][3]);
    }
  tie = hp_finding_late_to_collectives (tied);
  g_assert_nonnull (tie);
  g_assert_true (g_str_has_prefix (tie->text, "Straggler, late to collectives: rank 5 started last in 2 of 4 "));
  hp_analysis_params_clear (&params);
}

static void
test_missing_columns (void)
{
  g_autoptr (HpTable) odd = hp_table_new ("temporal_breakdown", "Temporal breakdown");
  guint row;

  hp_table_add_column (odd, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (odd, "something_else", HP_COLUMN_DOUBLE, NULL);
  row = hp_table_append_row (odd);
  hp_table_set_int (odd, row, 0, 0);
  hp_table_set_double (odd, row, 1, 90);

  g_assert_null (hp_finding_idle_time (odd, odd));
  g_assert_null (hp_finding_non_compute (odd));
  g_assert_null (hp_finding_busy (odd));
  g_assert_null (hp_finding_kernel_wait (odd));
  g_assert_null (hp_finding_overlap (odd));
}

int
main (int   argc,
      char *argv[])
{
  /* the expected texts are the untranslated ones */
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/findings/idle-time-golden", test_idle_time_golden);
  g_test_add_func ("/core/findings/idle-time-categories", test_idle_time_categories);
  g_test_add_func ("/core/findings/kernel-wait", test_kernel_wait);
  g_test_add_func ("/core/findings/thresholds", test_thresholds);
  g_test_add_func ("/core/findings/imbalance-and-non-compute", test_imbalance_and_non_compute);
  g_test_add_func ("/core/findings/overlap", test_overlap);
  g_test_add_func ("/core/findings/collect", test_collect);
  g_test_add_func ("/core/findings/stragglers", test_stragglers);
  g_test_add_func ("/core/findings/missing-columns", test_missing_columns);

  return g_test_run ();
}
