/* test-findings.c — the Overview's findings, from HTA's tables of the bundled traces.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
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

  /* a statement about the job: both ranks idle, 53.56% and 54.72%; host
   * waits are 958796 of rank 0's 1270505 us of idle and 1005000 of rank
   * 1's 1364264 us */
  g_assert_nonnull (finding);
  g_assert_cmpstr (finding->text, ==,
                   "Ranks 0 and 1 are idle 53.6–54.7% of their GPU time (the most: rank 1); 74–75% of that "
                   "waiting for the host");
  g_assert_cmpfloat_with_epsilon (finding->score, 54.72, 1e-9);

  g_assert_nonnull (bare);
  g_assert_cmpstr (bare->text, ==, "Ranks 0 and 1 are idle 53.6–54.7% of their GPU time (the most: rank 1)");
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
                   "On ranks 0 and 1, communication and memory kernels run without any computation 22.7–28.7% "
                   "of the GPU time (the most: rank 0)");

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
                   "On ranks 0 and 1, only 11.8–20.1% of the communication overlaps with computation (the "
                   "least: rank 0); the rest is not hidden behind compute");

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
  HpFindingTables tables = { .temporal = temporal, .idle = idle, .overlap = overlap };
  HpFindingTables empty = { NULL };
  g_auto (GStrv) all = hp_findings_collect (&tables, 5);
  g_auto (GStrv) two = hp_findings_collect (&tables, 2);
  g_auto (GStrv) nothing = hp_findings_collect (&empty, 5);

  /* idle 54.72, overlap (100 − 11.81) / 2 = 44.1, slowest compute 27.6,
   * non-compute 0.9 × 28.74 = 25.9 */
  g_assert_cmpuint (g_strv_length (all), ==, 4);
  g_assert_true (g_str_has_prefix (all[0], "Ranks 0 and 1 are idle 53.6–54.7%"));
  g_assert_true (g_str_has_prefix (all[1], "On ranks 0 and 1, only 11.8–20.1% of the communication"));
  g_assert_true (g_str_has_prefix (all[2], "Straggler, slowest compute: rank 1"));
  g_assert_true (g_str_has_prefix (all[3], "On ranks 0 and 1, communication and memory kernels"));

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

/* idle time split by cause for each rank of the job-level tests: host
 * wait, kernel wait, other */
static HpTable *
idle_table (guint         n,
            const double *rows)
{
  HpTable    *idle = hp_table_new ("idle_time_breakdown", "Idle time");
  const char *categories[] = { "host_wait", "kernel_wait", "other" };

  hp_table_add_column (idle, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (idle, "idle_category", HP_COLUMN_STRING, NULL);
  hp_table_add_column (idle, "idle_time", HP_COLUMN_DOUBLE, "us");
  for (guint i = 0; i < n; i++)
    for (guint c = 0; c < 3; c++)
      {
        guint row = hp_table_append_row (idle);

        hp_table_set_int (idle, row, 0, (gint64)i);
        hp_table_set_string (idle, row, 1, categories[c]);
        hp_table_set_double (idle, row, 2, rows[3 * i + c]);
      }
  return idle;
}

/* Findings speak of the job: which ranks a statement holds for, with the
 * exceptions named, the range over them and the rank at its extreme, and
 * what the other ranks show; not one rank's line */
static void
test_job_level (void)
{
  /* rank, idle %, non-compute % */
  const double temporal_rows[] = {
    0,
    40,
    1,
    1,
    41,
    2,
    2,
    42,
    20,
    3,
    4,
    3,
    4,
    43,
    1,
    5,
    45,
    2,
    6,
    44,
    3,
    7,
    40,
    1,
  };
  /* host wait, kernel wait, other of ranks 0–7 */
  const double idle_rows[] = {
    50,
    30,
    20,
    45,
    35,
    20,
    50,
    30,
    20,
    70,
    10,
    20,
    70,
    10,
    20,
    70,
    10,
    20,
    30,
    60,
    10,
    70,
    10,
    20,
  };
  const double overlap_pct[] = { 10, 12, 60, 11, 13, 14, 15, 16 };
  g_autoptr (HpTable) temporal = temporal_table (8, temporal_rows);
  g_autoptr (HpTable) idle = idle_table (8, idle_rows);
  g_autoptr (HpTable) overlap = hp_table_new ("comm_comp_overlap", "Overlap");
  g_autoptr (HpFinding) idle_finding = hp_finding_idle_time (temporal, idle);
  g_autoptr (HpFinding) non_compute = hp_finding_non_compute (temporal);
  g_autoptr (HpFinding) kernel_wait = hp_finding_kernel_wait (idle);
  g_autoptr (HpFinding) overlap_finding = NULL;

  hp_table_add_column (overlap, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (overlap, "comp_comm_overlap_pctg", HP_COLUMN_DOUBLE, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (overlap_pct); i++)
    {
      guint row = hp_table_append_row (overlap);

      hp_table_set_int (overlap, row, 0, i);
      hp_table_set_double (overlap, row, 1, overlap_pct[i]);
    }
  overlap_finding = hp_finding_overlap (overlap);

  g_assert_nonnull (idle_finding);
  g_assert_cmpstr (idle_finding->text, ==,
                   "Ranks 0–7 except 3 are idle 40.0–45.0% of their GPU time (the most: rank 5, the least: "
                   "rank 0); most of it "
                   "waiting for the host on ranks 0–7 except 3, 6, in short gaps between kernels on rank 6; "
                   "rank 3: 4.0%");
  /* the spread it states, 45% against rank 3's 4%, weighs as the
   * imbalance between ranks would */
  g_assert_cmpfloat (idle_finding->score, ==, 82);
  g_assert_nonnull (non_compute);
  g_assert_cmpstr (non_compute->text, ==,
                   "On rank 2, communication and memory kernels run without any computation 20.0% of the GPU "
                   "time; ranks 0–7 except 2: 1.0–3.0%");
  g_assert_nonnull (kernel_wait);
  g_assert_cmpstr (kernel_wait->text, ==,
                   "On ranks 0–2, 30–35% of the idle time is in short gaps between kernels; fusing kernels or "
                   "CUDA graphs can recover it");
  g_assert_nonnull (overlap_finding);
  g_assert_cmpstr (overlap_finding->text, ==,
                   "On ranks 0–7 except 2, only 10.0–16.0% of the communication overlaps with computation (the "
                   "least: rank 0); the rest is not hidden behind compute; rank 2: 60.0%");
}

/* the rank on the critical path across ranks of the real two-rank job:
 * the one holding the largest share of the path's time over its steps,
 * as the breakdown by rank sums it; none on one rank, nor where no
 * collective joins the ranks' paths */
static void
test_critical_path_straggler (void)
{
  g_autoptr (HpTrace) job = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_autoptr (HpTable) ranks = NULL;
  g_autoptr (HpTable) parts = NULL;
  g_autoptr (HpTable) unjoined = hp_table_new ("critical_path_ranks", "Critical path across ranks");
  g_autoptr (HpFinding) finding = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char      *prefix = NULL;
  HpCriticalPathOptions options;
  double                sums[2] = { 0, 0 }, total = 0;
  int                   expected;
  guint                 row;

  hp_critical_path_options_init (&options);
  ranks = hp_critical_path_ranks (job, &options, &parts, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (parts);
  for (guint r = 0; r < hp_table_get_n_rows (parts); r++)
    sums[hp_table_get_int (parts, r, (guint)hp_table_find_column (parts, "rank"))] +=
        hp_table_get_double (parts, r, (guint)hp_table_find_column (parts, "duration"));
  for (guint r = 0; r < hp_table_get_n_rows (ranks); r++)
    total += hp_table_get_double (ranks, r, (guint)hp_table_find_column (ranks, "path_duration"));
  expected = sums[1] > sums[0] ? 1 : 0;

  finding = hp_finding_critical_path (ranks, parts);
  g_assert_nonnull (finding);
  g_assert_cmpint (finding->rank, ==, expected);
  g_assert_cmpstr (finding->question, ==, HP_STRAGGLER_CRITICAL_PATH);
  prefix = g_strdup_printf ("Straggler, on the critical path: rank %d holds %.0f%% of the critical path across "
                            "ranks (%.1f of %.1f ms",
                            expected, 100 * sums[expected] / total, sums[expected] / 1000, total / 1000);
  g_test_message ("%s", finding->text);
  g_assert_true (g_str_has_prefix (finding->text, prefix));

  /* no table, or steps without a matched collective: no answer */
  g_assert_null (hp_finding_critical_path (NULL, NULL));
  hp_table_add_column (unjoined, "step", HP_COLUMN_INT, NULL);
  hp_table_add_column (unjoined, "critical_rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (unjoined, "collectives", HP_COLUMN_INT, NULL);
  hp_table_add_column (unjoined, "path_duration", HP_COLUMN_DOUBLE, "us");
  row = hp_table_append_row (unjoined);
  hp_table_set_int (unjoined, row, 0, 5);
  hp_table_set_int (unjoined, row, 1, 1);
  hp_table_set_int (unjoined, row, 2, 0);
  hp_table_set_double (unjoined, row, 3, 1000);
  g_assert_null (hp_finding_critical_path (unjoined, NULL));
}

static HpFinding *
answer (const char *question,
        int         rank,
        double      score)
{
  HpFinding *finding = g_new0 (HpFinding, 1);

  finding->text = g_strdup_printf ("Straggler, %s: rank %d", question, rank);
  finding->question = question;
  finding->rank = rank;
  finding->score = score;
  return finding;
}

/* three questions that name different ranks are said to in one line,
 * just before the first answer; answers that agree need no such line */
static void
test_stragglers_disagree (void)
{
  g_autoptr (HpFinding) late = answer (HP_STRAGGLER_LATE_TO_COLLECTIVES, 2, 10);
  g_autoptr (HpFinding) slowest = answer (HP_STRAGGLER_SLOWEST_COMPUTE, 5, 30);
  g_autoptr (HpFinding) critical = answer (HP_STRAGGLER_CRITICAL_PATH, 3, 20);
  g_autoptr (HpFinding) critical2 = answer (HP_STRAGGLER_CRITICAL_PATH, 2, 20);
  g_autoptr (HpFinding) slowest2 = answer (HP_STRAGGLER_SLOWEST_COMPUTE, 2, 30);
  HpFinding *three[] = { late, slowest, critical };
  HpFinding *two[] = { late, slowest, critical2 };
  HpFinding *one[] = { late, slowest2, critical2 };
  HpFinding *alone[] = { NULL, slowest, NULL };
  HpFinding *pair[] = { late, NULL, critical };
  g_autoptr (HpFinding) all_differ = hp_finding_stragglers_disagree (three, 3);
  g_autoptr (HpFinding) two_differ = hp_finding_stragglers_disagree (two, 3);
  g_autoptr (HpFinding) pair_differ = hp_finding_stragglers_disagree (pair, 3);

  g_assert_nonnull (all_differ);
  g_assert_true (g_str_has_prefix (all_differ->text, "Three questions, three answers: late to collectives: rank 2; "
                                                     "slowest compute: rank 5; on the critical path: rank 3. They "
                                                     "measure different things"));
  g_assert_cmpfloat (all_differ->score, >, 30);
  g_assert_cmpfloat (all_differ->score, <, 30.001);
  g_assert_nonnull (two_differ);
  g_assert_true (g_str_has_prefix (two_differ->text, "Three questions, two answers: late to collectives and on the "
                                                     "critical path: rank 2; slowest compute: rank 5."));
  g_assert_nonnull (pair_differ);
  g_assert_true (g_str_has_prefix (pair_differ->text, "Two questions, two answers: late to collectives: rank 2; "
                                                      "on the critical path: rank 3."));
  g_assert_null (hp_finding_stragglers_disagree (one, 3));
  g_assert_null (hp_finding_stragglers_disagree (alone, 3));
}

/* the Stragglers tab's lines: each question whose table is there, with
 * its answer or "none", and the line when the answers differ */
static void
test_straggler_answers (void)
{
  g_autoptr (HpTable) temporal = table_from_golden ("hta_trace_filter_2ranks", "temporal_breakdown.csv");
  g_autoptr (HpTable) collectives = hp_table_new ("collectives", "Collectives");
  HpFindingTables tables = { .temporal = temporal, .collectives = collectives };
  HpFindingTables nothing = { NULL };
  g_auto (GStrv) answers = NULL;
  g_auto (GStrv) none = hp_straggler_answers (&nothing);

  hp_table_add_column (collectives, "ranks", HP_COLUMN_INT, NULL);
  hp_table_add_column (collectives, "start_skew(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (collectives, "late_rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (collectives, "total_wait(us)", HP_COLUMN_DOUBLE, "us");
  answers = hp_straggler_answers (&tables);
  g_assert_cmpuint (g_strv_length (answers), ==, 2);
  g_assert_true (g_str_has_prefix (answers[0], "Straggler, late to collectives: none; "));
  g_assert_true (g_str_has_prefix (answers[1], "Straggler, slowest compute: rank 1 spends 135.5 ms"));
  g_assert_cmpuint (g_strv_length (none), ==, 0);
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

static GPtrArray *
lookup_result (const char *analysis,
               gpointer    results)
{
  return g_hash_table_lookup (results, analysis);
}

/* the analyses the findings read are named once in core, each either a
 * registry analysis or an internal one, and their tables land in the
 * fields the findings read them from; a missing result leaves its fields
 * empty */
static void
test_sources (HpTestTraceFixture *fixture,
              gconstpointer       data)
{
  guint              n;
  const char *const *names = hp_findings_get_analyses (&n);
  g_autoptr (GHashTable) results = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)g_ptr_array_unref);
  HpFindingTables tables = { NULL };
  HpFindingTables partial = { NULL };
  g_auto (GStrv) findings = NULL;

  g_assert_cmpuint (n, ==, 5);
  g_assert_null (names[n]);
  for (guint i = 0; i < n; i++)
    {
      const HpAnalysis *analysis = hp_analysis_find (names[i]);
      g_autoptr (GError) error = NULL;
      GPtrArray *computed;

      if (analysis == NULL)
        analysis = hp_analysis_find_internal (names[i]);
      g_assert_nonnull (analysis);
      computed = hp_analysis_run (analysis, fixture->trace, &fixture->params, NULL, &error);
      g_assert_no_error (error);
      g_hash_table_insert (results, (gpointer)names[i], computed);
    }
  hp_finding_tables_from_results (&tables, lookup_result, results);
  g_assert_cmpstr (hp_table_get_name (tables.temporal), ==, HP_TEMPORAL_BREAKDOWN_TABLE);
  g_assert_cmpstr (hp_table_get_name (tables.idle), ==, HP_IDLE_TIME_TABLE);
  g_assert_cmpstr (hp_table_get_name (tables.overlap), ==, HP_COMM_COMP_OVERLAP_TABLE);
  g_assert_cmpstr (hp_table_get_name (tables.collectives), ==, HP_COLLECTIVES_TABLE);
  g_assert_cmpstr (hp_table_get_name (tables.critical_path_ranks), ==, HP_CRITICAL_PATH_RANKS_TABLE);
  g_assert_cmpstr (hp_table_get_name (tables.critical_path_ranks_breakdown), ==,
                   HP_CRITICAL_PATH_RANKS_BREAKDOWN_TABLE);
  /* the three straggler answers of the 2-rank job come from them */
  findings = hp_findings_collect (&tables, 10);
  g_assert_nonnull (findings[0]);
  {
    gboolean on_path = FALSE;

    for (guint i = 0; findings[i] != NULL; i++)
      on_path |= g_str_has_prefix (findings[i], "Straggler, on the critical path: rank ");
    g_assert_true (on_path);
  }

  g_hash_table_remove (results, HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS);
  g_hash_table_remove (results, HP_IDLE_TIME_ANALYSIS);
  hp_finding_tables_from_results (&partial, lookup_result, results);
  g_assert_true (partial.temporal == tables.temporal);
  g_assert_true (partial.collectives == tables.collectives);
  g_assert_null (partial.idle);
  g_assert_null (partial.critical_path_ranks);
  g_assert_null (partial.critical_path_ranks_breakdown);
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
  g_test_add_func ("/core/findings/job-level", test_job_level);
  g_test_add_func ("/core/findings/critical-path-straggler", test_critical_path_straggler);
  hp_test_add_trace ("/core/findings/sources", "hta_trace_filter_2ranks", hp_test_trace_setup_default, test_sources);
  g_test_add_func ("/core/findings/stragglers-disagree", test_stragglers_disagree);
  g_test_add_func ("/core/findings/straggler-answers", test_straggler_answers);
  g_test_add_func ("/core/findings/kernel-wait", test_kernel_wait);
  g_test_add_func ("/core/findings/thresholds", test_thresholds);
  g_test_add_func ("/core/findings/imbalance-and-non-compute", test_imbalance_and_non_compute);
  g_test_add_func ("/core/findings/overlap", test_overlap);
  g_test_add_func ("/core/findings/collect", test_collect);
  g_test_add_func ("/core/findings/stragglers", test_stragglers);
  g_test_add_func ("/core/findings/missing-columns", test_missing_columns);

  return g_test_run ();
}
