/* test-cli.c — runs the built hotpath-cli as a user would and checks its output.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hp-test-utils.h"

static void
test_usage (void)
{
  g_auto (HpTestCliRun) none = { 0 };
  g_auto (HpTestCliRun) unknown = { 0 };
  g_auto (HpTestCliRun) bad_option = { 0 };
  g_auto (HpTestCliRun) help = { 0 };

  hp_test_run_cli (&none, NULL);
  g_assert_cmpint (none.status, ==, 2);
  g_assert_nonnull (strstr (none.err, "Usage"));

  hp_test_run_cli (&unknown, "frobnicate", NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "frobnicate"));

  hp_test_run_cli (&bad_option, "info", "--no-such-option", NULL);
  g_assert_cmpint (bad_option.status, ==, 2);

  hp_test_run_cli (&help, "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "report"));
}

static void
test_info_text (void)
{
  g_autofree char *dir = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_auto (HpTestCliRun) run = { 0 };

  hp_test_run_cli (&run, "info", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  /* a job of 128 ranks (distributedInfo) of which two files were kept */
  g_assert_nonnull (strstr (run.out, "Job: 2 ranks of 128 (ranks 2–127 missing), NVIDIA GPU"));
  g_assert_nonnull (strstr (run.out, "Rank 0:"));
  g_assert_nonnull (strstr (run.out, "Rank 1:"));
  g_assert_nonnull (strstr (run.out, "sampled_rank-1.json.gz"));
}

static void
test_info_json (void)
{
  g_autofree char *dir = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_auto (HpTestCliRun) run = { 0 };
  JsonObject *root;
  JsonArray  *ranks;
  JsonObject *r0;

  hp_test_run_cli (&run, "info", "--json", "--hta-compat", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "mode"), ==, "hta-compat");
  ranks = json_object_get_array_member (root, "ranks");
  g_assert_cmpuint (json_array_get_length (ranks), ==, 2);
  r0 = json_array_get_object_element (ranks, 0);
  /* HTA's loaded table of rank 0 has 2403 rows (golden meta.json) */
  g_assert_cmpint (json_object_get_int_member (r0, "events_analysed"), ==, 2403);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (r0, "events_by_category"),
                                               "kernel"),
                   ==, 577);
}

/* a job of 4 ranks whose rank 3 has no file: info and health say so */
static void
test_info_missing_ranks (void)
{
  g_autofree char *dir = hp_test_data_path ("check", "ranks-3-of-4", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_auto (HpTestCliRun) text = { 0 };
  g_auto (HpTestCliRun) json = { 0 };
  g_auto (HpTestCliRun) health = { 0 };
  JsonObject *root;
  JsonArray  *missing;

  hp_test_run_cli (&text, "info", dir, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "Job: 3 ranks of 4 (rank 3 missing), NVIDIA GPU, default mode\n"));

  hp_test_run_cli (&json, "info", "--json", dir, NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpint (json_object_get_int_member (root, "world_size"), ==, 4);
  missing = json_object_get_array_member (root, "missing_ranks");
  g_assert_cmpuint (json_array_get_length (missing), ==, 1);
  g_assert_cmpint (json_array_get_int_element (missing, 0), ==, 3);

  hp_test_run_cli (&health, "health", dir, NULL);
  g_assert_cmpint (health.status, ==, 0);
  g_assert_nonnull (strstr (health.out, "Health of 3 ranks of 4 (rank 3 missing) (default mode): 0 errors, 1 warning"));
  g_assert_nonnull (strstr (health.out, "warning  missing-ranks: the job has 4 ranks (distributedInfo) but 3 files: "
                                        "rank 3 is missing from every table"));
}

static void
test_info_missing (void)
{
  g_auto (HpTestCliRun) run = { 0 };

  hp_test_run_cli (&run, "info", "/nonexistent/hotpath-traces", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "/nonexistent/hotpath-traces"));
}

static void
test_info_one_bad_rank (void)
{
  g_autofree char *dir = hp_test_data_path ("edge", "one-bad-rank", NULL);
  g_auto (HpTestCliRun) run = { 0 };

  hp_test_run_cli (&run, "info", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  /* the good ranks are described, the bad file is named on stderr */
  g_assert_nonnull (strstr (run.out, "Rank "));
  g_assert_nonnull (strstr (run.err, "error"));
}

static void
test_info_empty_folder (HpTestDirFixture *fixture,
                        gconstpointer     data)
{
  const char *dir = fixture->dir;
  g_auto (HpTestCliRun) run = { 0 };

  hp_test_run_cli (&run, "info", dir, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "no trace files"));
}

/* report --hta-compat writes every table HTA wrote, matching it */
static void
test_report_matches_golden (HpTestDirFixture *fixture,
                            gconstpointer     data)
{
  static const char *const tables[] = {
    "temporal_breakdown",
    "idle_time_breakdown",
    "idle_time_interval_stats",
    "gpu_kernel_breakdown_kernel_type",
    "gpu_kernel_breakdown_kernels",
    "comm_comp_overlap",
    "cuda_kernel_launch_stats",
    "aten_op_kernels_and_delay",
    "queue_length_summary",
    "memory_bw_summary",
    "queue_full_blocked_default",
    "user_annotation_breakdown_cpu",
  };
  const char *dir = fixture->data;
  const char *out = fixture->dir;
  g_auto (HpTestCliRun) run = { 0 };
  guint compared = 0;

  hp_test_run_cli (&run, "report", "--hta-compat", "--output", out, dir, NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (tables); i++)
    {
      g_autofree char *file = g_strconcat (tables[i], ".csv", NULL);
      g_autofree char *golden = hp_test_golden_path ("hta_trace_filter_2ranks", file);
      g_autofree char *ours = g_build_filename (out, file, NULL);
      g_autoptr (GPtrArray) golden_rows = NULL;
      g_autoptr (GPtrArray) our_rows = NULL;
      g_autofree char *why = NULL;

      if (!g_file_test (golden, G_FILE_TEST_EXISTS))
        continue;
      g_assert_true (g_file_test (ours, G_FILE_TEST_EXISTS));
      golden_rows = hp_test_read_csv (golden);
      our_rows = hp_test_read_csv (ours);
      why = hp_test_compare_csv (tables[i], our_rows, golden_rows);
      if (why != NULL)
        g_error ("%s", why);
      compared++;
    }
  g_assert_cmpuint (compared, >=, 10);
}

static void
test_report_usage (void)
{
  g_autofree char *dir = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_auto (HpTestCliRun) bad_analysis = { 0 };
  g_auto (HpTestCliRun) bad_format = { 0 };
  g_auto (HpTestCliRun) bad_rank = { 0 };

  hp_test_run_cli (&bad_analysis, "report", "--analysis", "no_such_thing", dir, NULL);
  g_assert_cmpint (bad_analysis.status, ==, 2);
  g_assert_nonnull (strstr (bad_analysis.err, "no_such_thing"));

  hp_test_run_cli (&bad_format, "report", "--format", "xml", dir, NULL);
  g_assert_cmpint (bad_format.status, ==, 2);

  /* a rank that is not in the trace is bad input, and writes nothing */
  hp_test_run_cli (&bad_rank, "report", "--ranks", "7", "--analysis", "temporal_breakdown", dir, NULL);
  g_assert_cmpint (bad_rank.status, ==, 1);
  g_assert_nonnull (strstr (bad_rank.err, "rank 7"));
}

static void
test_report_json_stdout (void)
{
  g_autofree char *dir = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_auto (HpTestCliRun) run = { 0 };
  JsonObject *table;

  hp_test_run_cli (&run, "report", "--analysis", "temporal_breakdown", "--format", "json", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  table = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (table, "name"), ==, "temporal_breakdown");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (table, "rows")), ==, 2);
}

static void
test_report_charts (HpTestDirFixture *fixture,
                    gconstpointer     data)
{
  const char *dir = fixture->data;
  g_autoptr (GError) error = NULL;
  const char      *out = fixture->dir;
  g_autofree char *png = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *png_data = NULL;
  g_autofree char *svg_data = NULL;
  gsize            png_len = 0;
  g_auto (HpTestCliRun) run = { 0 };
  g_auto (HpTestCliRun) no_output = { 0 };
  g_auto (HpTestCliRun) bad_format = { 0 };

  hp_test_run_cli (&run, "report", "--analysis", "temporal_breakdown", "--output", out, "--charts", "png,svg",
                   "--chart-size", "800x450", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);

  png = g_build_filename (out, "temporal_breakdown.png", NULL);
  svg = g_build_filename (out, "temporal_breakdown.svg", NULL);
  g_file_get_contents (png, &png_data, &png_len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (png_len, >, 8);
  g_assert_cmpmem (png_data, 8, "\x89PNG\r\n\x1a\n", 8);
  g_file_get_contents (svg, &svg_data, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (svg_data, "<svg"));
  g_assert_nonnull (strstr (svg_data, "Temporal breakdown across ranks"));

  hp_test_run_cli (&no_output, "report", "--charts", "png", dir, NULL);
  g_assert_cmpint (no_output.status, ==, 2);
  hp_test_run_cli (&bad_format, "report", "--charts", "gif", "--output", "/tmp", dir, NULL);
  g_assert_cmpint (bad_format.status, ==, 2);
}

/* report --charts on a trace without GPU work: each empty chart says
 * what the trace lacks, drawn under "No data" and told on stderr; a
 * trace with kernels has none of that reason */
static void
test_report_charts_no_data (HpTestDirFixture *fixture,
                            gconstpointer     data)
{
  g_autofree char *svg = g_build_filename (fixture->dir, "temporal_breakdown.svg", NULL);
  g_autofree char *with_data = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autofree char *out2 = g_build_filename (fixture->dir, "with-data", NULL);
  g_auto (HpTestCliRun) run = { 0 };
  g_auto (HpTestCliRun) kernels = { 0 };

  hp_test_run_cli (&run, "report", "--analysis", "temporal_breakdown", "--output", fixture->dir, "--charts", "svg",
                   fixture->data, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_test (svg, G_FILE_TEST_EXISTS));
  g_assert_nonnull (
      strstr (run.err, "note: chart temporal_breakdown has no data: the trace has no kernel, memcpy or memset\n"));

  hp_test_run_cli (&kernels, "report", "--analysis", "temporal_breakdown", "--output", out2, "--charts", "svg",
                   with_data, NULL);
  g_assert_cmpint (kernels.status, ==, 0);
  g_assert_null (strstr (kernels.err, "has no data"));
}

/* critical-path --hta-compat writes HTA's summary; the default region
 * and the chart come along; bad input and usage are told apart. */
static void
test_critical_path (void)
{
  g_autofree char *dir = hp_test_data_path ("hta_cp_cuda_event_sync", NULL);
  g_autofree char *golden = hp_test_golden_path ("hta_cp_cuda_event_sync", "critical_path_summary.csv");
  g_autoptr (GError) error = NULL;
  g_autofree char *out = g_dir_make_tmp ("hotpath-cp-XXXXXX", &error);
  g_autofree char *summary = NULL;
  g_autofree char *breakdown = NULL;
  g_autofree char *png = NULL;
  g_autofree char *why = NULL;
  g_autoptr (GPtrArray) ours = NULL;
  g_autoptr (GPtrArray) golden_rows = NULL;
  g_auto (HpTestCliRun) run = { 0 };
  g_auto (HpTestCliRun) dflt = { 0 };
  g_auto (HpTestCliRun) usage = { 0 };
  g_auto (HpTestCliRun) missing = { 0 };
  g_auto (HpTestCliRun) no_rank = { 0 };

  g_assert_no_error (error);
  hp_test_run_cli (&run, "critical-path", "--hta-compat", "--annotation", "ProfilerStep", "--instance", "0", "--output", out,
                   "--charts", "png", "--overlay", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "ProfilerStep#100"));
  summary = g_build_filename (out, "critical_path_summary.csv", NULL);
  breakdown = g_build_filename (out, "critical_path_breakdown.csv", NULL);
  png = g_build_filename (out, "critical_path_summary.png", NULL);
  g_assert_true (g_file_test (breakdown, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (png, G_FILE_TEST_EXISTS));
  g_assert_nonnull (strstr (run.out, "overlaid_critical_path_"));
  ours = hp_test_read_csv (summary);
  golden_rows = hp_test_read_csv (golden);
  why = hp_test_compare_csv ("critical_path_summary", ours, golden_rows);
  if (why != NULL)
    g_error ("%s", why);
  hp_test_remove_tree (out);

  /* no --annotation: the first complete step, said on stderr */
  hp_test_run_cli (&dflt, "critical-path", dir, NULL);
  g_assert_cmpint (dflt.status, ==, 0);
  g_assert_nonnull (strstr (dflt.err, "over ProfilerStep#100"));
  g_assert_nonnull (strstr (dflt.out, "cpu_bound"));

  hp_test_run_cli (&usage, "critical-path", "--overlay", dir, NULL);
  g_assert_cmpint (usage.status, ==, 2);
  hp_test_run_cli (&missing, "critical-path", "--annotation", "no-such-step", dir, NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, ".json"));
  g_assert_nonnull (strstr (missing.err, "no-such-step"));
  hp_test_run_cli (&no_rank, "critical-path", "--rank", "7", dir, NULL);
  g_assert_cmpint (no_rank.status, ==, 1);

  /* --all-ranks adds the per-step table of the two-rank job */
  {
    g_autofree char *job = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
    g_autofree char *out2 = g_dir_make_tmp ("hotpath-cp-XXXXXX", &error);
    g_autofree char *ranks = g_build_filename (out2, "critical_path_ranks.csv", NULL);
    g_autoptr (GPtrArray) rows = NULL;
    g_auto (HpTestCliRun) all = { 0 };

    hp_test_run_cli (&all, "critical-path", "--all-ranks", "--output", out2, job, NULL);
    g_assert_cmpint (all.status, ==, 0);
    rows = hp_test_read_csv (ranks);
    g_assert_cmpuint (rows->len, ==, 2); /* header and step 551 */
    g_assert_cmpint (hp_test_csv_column (rows, "critical_rank"), >=, 0);
    hp_test_remove_tree (out2);
  }

  /* the switches reach the path across ranks (its analysis' parameters):
   * "," makes every event a data load, which charges the path otherwise */
  {
    g_autofree char *job = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
    g_auto (HpTestCliRun) plain = { 0 };
    g_auto (HpTestCliRun) loads = { 0 };
    g_auto (HpTestCliRun) report = { 0 };
    const char *across = NULL;

    hp_test_run_cli (&plain, "critical-path", "--all-ranks", job, NULL);
    hp_test_run_cli (&loads, "critical-path", "--all-ranks", "--data-load-events", ",", job, NULL);
    g_assert_cmpint (plain.status, ==, 0);
    g_assert_cmpint (loads.status, ==, 0);
    across = strstr (loads.out, "Critical path across ranks by rank");
    g_assert_nonnull (across);
    g_assert_null (strstr (plain.out, across));
    /* and `report` has them as options */
    hp_test_run_cli (&report, "report", "-a", "critical_path", "--critical-path-zero-weight-launch-edges", "maybe", job,
                     NULL);
    g_assert_cmpint (report.status, ==, 2);
    g_assert_nonnull (strstr (report.err, "--critical-path-zero-weight-launch-edges takes true or false"));
  }

  /* one rank: no path across ranks, and said so */
  {
    g_auto (HpTestCliRun) one = { 0 };

    hp_test_run_cli (&one, "critical-path", "--all-ranks", dir, NULL);
    g_assert_cmpint (one.status, ==, 0);
    g_assert_nonnull (strstr (one.err, "one rank: no path across ranks"));
    g_assert_null (strstr (one.out, "Critical path across ranks"));
    g_assert_nonnull (strstr (one.out, "cpu_bound"));
  }
}

static void
test_health_text (void)
{
  g_autofree char *dir = hp_test_data_path ("edge", "health-broken", NULL);
  g_auto (HpTestCliRun) run = { 0 };

  hp_test_run_cli (&run, "health", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Health of 2 ranks (default mode): 0 errors, 5 warnings"));
  g_assert_nonnull (strstr (run.out, "warning  clock-skew: ProfilerStep#1 starts 2000000 us later"));
  g_assert_nonnull (strstr (run.out, "Rank 1 (trace-b.json)"));
  /* what both ranks lack is said once, of both */
  g_assert_nonnull (strstr (run.out, "\nRanks 0, 1\n  info     no-communication: "));
  g_assert_null (strstr (run.out, "\nRank 1 (trace-b.json)\n  info     no-communication"));
  g_assert_nonnull (strstr (run.out, "warning  kernels-without-launch: 2 of 4 kernels"));
  g_assert_true (g_regex_match_simple ("\ncuda_kernel_launch_stats +trust +caution *\n", run.out, 0, 0));
  g_assert_true (g_regex_match_simple ("\ncomm_comp_overlap +not applicable +not applicable *\n",
                                       run.out, 0, 0));
  /* the load issues are findings, not printed again on stderr */
  g_assert_cmpstr (run.err, ==, "");
}

static void
test_health_json (void)
{
  g_autofree char *dir = hp_test_data_path ("edge", "absurd-times", NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_auto (HpTestCliRun) run = { 0 };
  JsonObject *root;
  JsonArray  *findings;
  JsonObject *rank0;
  gboolean    rejected = FALSE, not_loaded = FALSE;

  hp_test_run_cli (&run, "health", "--format", "json", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  json_parser_load_from_data (parser, run.out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "worst"), ==, "error");
  findings = json_object_get_array_member (root, "findings");
  for (guint k = 0; k < json_array_get_length (findings); k++)
    {
      JsonObject *f = json_array_get_object_element (findings, k);
      const char *code = json_object_get_string_member (f, "code");

      if (g_str_equal (code, "rejected-events"))
        {
          rejected = TRUE;
          g_assert_cmpint (json_object_get_int_member (f, "rank"), ==, 1);
          g_assert_cmpint (json_object_get_int_member (f, "count"), ==, 5);
          g_assert_cmpstr (json_object_get_string_member (
                               json_object_get_object_member (f, "affects"), "temporal_breakdown"),
                           ==, "caution");
        }
      if (g_str_equal (code, "file-not-loaded"))
        {
          not_loaded = TRUE;
          g_assert_true (json_object_get_null_member (f, "rank"));
          g_assert_true (g_str_has_suffix (json_object_get_string_member (f, "file"), G_DIR_SEPARATOR_S "rank-2.json"));
          g_assert_cmpstr (json_object_get_string_member (f, "severity"), ==, "error");
        }
    }
  g_assert_true (rejected);
  g_assert_true (not_loaded);
  rank0 = json_array_get_object_element (json_object_get_array_member (root, "ranks"), 0);
  g_assert_cmpint (json_object_get_int_member (rank0, "rank"), ==, 0);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (rank0, "analyses"),
                                                  "temporal_breakdown"),
                   ==, "trust");
}

static void
test_health_usage (void)
{
  g_autofree char *dir = hp_test_data_path ("edge", "health-broken", NULL);
  g_auto (HpTestCliRun) bad_format = { 0 };
  g_auto (HpTestCliRun) missing = { 0 };

  hp_test_run_cli (&bad_format, "health", "--format", "xml", dir, NULL);
  g_assert_cmpint (bad_format.status, ==, 2);
  g_assert_nonnull (strstr (bad_format.err, "xml"));
  hp_test_run_cli (&missing, "health", "/nonexistent/hotpath-trace", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "/nonexistent/hotpath-trace"));
}

/* patterns --hta-compat: HTA's table, the overlaid trace and the chart */
static void
test_patterns (HpTestDirFixture *fixture,
               gconstpointer     data)
{
  const char      *dir = fixture->data;
  g_autofree char *golden = hp_test_golden_path ("hta_cp_alexnet", "frequent_cuda_kernel_sequences.csv");
  g_autoptr (GError) error = NULL;
  const char      *out = fixture->dir;
  g_autofree char *csv = NULL;
  g_autofree char *overlaid = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *svg_data = NULL;
  g_autofree char *repeated = NULL;
  g_autofree char *why = NULL;
  g_autoptr (GPtrArray) ours = NULL;
  g_autoptr (GPtrArray) theirs = NULL;
  g_auto (HpTestCliRun) run = { 0 };
  g_auto (HpTestCliRun) list = { 0 };

  hp_test_run_cli (&run, "patterns", "--hta-compat", "--operator", "aten::_convolution", "--top-k", "3", "--repeated",
                   "--output", out, "--charts", "svg", dir, NULL);
  g_assert_cmpint (run.status, ==, 0);

  csv = g_build_filename (out, "frequent_cuda_kernel_sequences.csv", NULL);
  overlaid = g_build_filename (out, "overlaid_benchmark_result_2869224_1695835535_trace.json.gz", NULL);
  svg = g_build_filename (out, "frequent_cuda_kernel_sequences.svg", NULL);
  repeated = g_build_filename (out, "repeated_kernel_sequences.csv", NULL);
  g_assert_nonnull (strstr (run.out, csv));
  g_assert_nonnull (strstr (run.out, overlaid));
  g_assert_true (g_file_test (overlaid, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (repeated, G_FILE_TEST_IS_REGULAR));
  ours = hp_test_read_csv (csv);
  theirs = hp_test_read_csv (golden);
  why = hp_test_compare_csv ("frequent_cuda_kernel_sequences", ours, theirs);
  if (why != NULL)
    g_error ("%s", why);
  g_file_get_contents (svg, &svg_data, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (svg_data, "Top 3 frequent patterns for rank 0"));

  hp_test_run_cli (&list, "patterns", "--list-operators", dir, NULL);
  g_assert_cmpint (list.status, ==, 0);
  g_assert_true (g_str_has_prefix (list.out, "aten::_convolution\naten::conv2d\n"));
}

/* report --analysis frequent_cuda_kernel_sequences writes what patterns
 * writes, byte for byte, table and chart; with a scope, the scope's
 * patterns; a rank that is not loaded is bad input */
static void
test_report_patterns (void)
{
  g_autofree char *dir = hp_test_data_path ("hta_trace_diff_test", NULL);
  g_autofree char *golden = hp_test_golden_path ("hta_trace_diff_test", "frequent_cuda_kernel_sequences.csv");
  g_autoptr (GError) error = NULL;
  g_autofree char *a = g_dir_make_tmp ("hotpath-report-XXXXXX", &error);
  g_autofree char *b = g_dir_make_tmp ("hotpath-patterns-XXXXXX", &error);
  const char      *op = "autograd::engine::evaluate_function: AddmmBackward0";
  const char      *files[] = { "frequent_cuda_kernel_sequences.csv", "frequent_cuda_kernel_sequences.svg" };
  g_auto (HpTestCliRun) report = { 0 };
  g_auto (HpTestCliRun) patterns = { 0 };
  g_auto (HpTestCliRun) scoped = { 0 };
  g_auto (HpTestCliRun) bad_rank = { 0 };

  g_assert_no_error (error);
  hp_test_run_cli (&report, "report", "--hta-compat", "--analysis", "frequent_cuda_kernel_sequences", "--operator", op,
                   "--rank", "1", "--top-k", "4", "--output", a, "--charts", "svg", dir, NULL);
  g_assert_cmpint (report.status, ==, 0);
  hp_test_run_cli (&patterns, "patterns", "--hta-compat", "--operator", op, "--rank", "1", "--top-k", "4", "--output",
                   b, "--charts", "svg", dir, NULL);
  g_assert_cmpint (patterns.status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *pa = g_build_filename (a, files[i], NULL);
      g_autofree char *pb = g_build_filename (b, files[i], NULL);
      g_autofree char *da = NULL;
      g_autofree char *db = NULL;
      gsize            la, lb;

      g_file_get_contents (pa, &da, &la, &error);
      g_assert_no_error (error);
      g_file_get_contents (pb, &db, &lb, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (da, la, db, lb);
    }
  {
    g_autofree char *csv = g_build_filename (a, files[0], NULL);
    g_autoptr (GPtrArray) ours = hp_test_read_csv (csv);
    g_autoptr (GPtrArray) theirs = hp_test_read_csv (golden);
    g_autofree char *why = hp_test_compare_csv ("frequent_cuda_kernel_sequences", ours, theirs);

    if (why != NULL)
      g_error ("%s", why);
  }

  /* the five steps (1009 to 1013) run the same backward pass: one step
   * has a fifth of the occurrences of each pattern */
  hp_test_remove_tree (a);
  hp_test_run_cli (&scoped, "report", "--hta-compat", "--analysis", "frequent_cuda_kernel_sequences", "--operator", op,
                   "--rank", "1", "--scope", "step:1010", "--output", a, dir, NULL);
  g_assert_cmpint (scoped.status, ==, 0);
  {
    g_autofree char *csv = g_build_filename (a, files[0], NULL);
    g_autoptr (GPtrArray) step = hp_test_read_csv (csv);
    g_autoptr (GPtrArray) whole = hp_test_read_csv (golden);
    int c_count = hp_test_csv_column (step, "count");

    g_assert_cmpint (c_count, >=, 0);
    g_assert_cmpuint (step->len, >, 2);
    for (guint r = 1; r < 3; r++)
      {
        char **srow = g_ptr_array_index (step, r);
        char **wrow = g_ptr_array_index (whole, r);

        g_assert_cmpstr (srow[0], ==, wrow[0]);
        g_assert_cmpint (5 * atoi (srow[c_count]), ==, atoi (wrow[hp_test_csv_column (whole, "count")]));
      }
  }

  hp_test_run_cli (&bad_rank, "report", "--analysis", "frequent_cuda_kernel_sequences", "--rank", "9", dir, NULL);
  g_assert_cmpint (bad_rank.status, ==, 1);
  g_assert_nonnull (strstr (bad_rank.err, "rank 9 is not in the trace"));
  hp_test_remove_tree (a);
  hp_test_remove_tree (b);
}

/* an operator that matches nothing: HTA's empty table, no trace, a hint */
static void
test_patterns_none (HpTestDirFixture *fixture,
                    gconstpointer     data)
{
  const char *dir = fixture->data;
  g_autoptr (GError) error = NULL;
  const char      *out = fixture->dir;
  g_autofree char *csv = NULL;
  g_autofree char *text = NULL;
  g_auto (HpTestCliRun) run = { 0 };

  hp_test_run_cli (&run, "patterns", "--operator", "no::such_op", "--output", out, dir, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.err, "no::such_op"));
  g_assert_nonnull (strstr (run.err, "aten::_convolution"));
  csv = g_build_filename (out, "frequent_cuda_kernel_sequences.csv", NULL);
  g_file_get_contents (csv, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, "pattern,count,GPU kernel duration (us),CPU op duration (us)\n");
  g_assert_null (strstr (run.out, "overlaid_"));
}

/* Without --hta-compat the overlaid trace is written only with --overlay;
 * it is gzip, and loads back with the rank's events */
static void
test_patterns_overlay (HpTestDirFixture *fixture,
                       gconstpointer     data)
{
  const char *dir = fixture->data;
  g_autoptr (GError) error = NULL;
  const char      *out = fixture->dir;
  g_autofree char *csv = NULL;
  g_autofree char *overlaid = NULL;
  g_autofree char *head = NULL;
  g_autoptr (HpTrace) source = NULL;
  g_autoptr (HpTrace) back = NULL;
  g_auto (HpTestCliRun) plain = { 0 };
  g_auto (HpTestCliRun) asked = { 0 };
  gsize len = 0;

  csv = g_build_filename (out, "frequent_cuda_kernel_sequences.csv", NULL);
  overlaid = g_build_filename (out, "overlaid_benchmark_result_2869224_1695835535_trace.json.gz", NULL);

  hp_test_run_cli (&plain, "patterns", "--operator", "aten::_convolution", "--output", out, dir, NULL);
  g_assert_cmpint (plain.status, ==, 0);
  g_assert_true (g_file_test (csv, G_FILE_TEST_IS_REGULAR));
  g_assert_false (g_file_test (overlaid, G_FILE_TEST_EXISTS));
  g_assert_null (strstr (plain.out, "overlaid_"));

  hp_test_run_cli (&asked, "patterns", "--operator", "aten::_convolution", "--overlay", "--output", out, dir, NULL);
  g_assert_cmpint (asked.status, ==, 0);
  g_assert_nonnull (strstr (asked.out, overlaid));
  g_file_get_contents (overlaid, &head, &len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (len, >, 2);
  g_assert_cmpuint ((guchar)head[0], ==, 0x1f);
  g_assert_cmpuint ((guchar)head[1], ==, 0x8b);
  source = hp_load_path (dir, NULL, NULL, &error);
  g_assert_no_error (error);
  back = hp_load_path (overlaid, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_trace_get_rank (back, 0)->n_events, ==, hp_trace_get_rank (source, 0)->n_events);
}

static void
test_patterns_usage (void)
{
  g_autofree char *dir = hp_test_data_path ("hta_cp_alexnet", NULL);
  g_auto (HpTestCliRun) no_operator = { 0 };
  g_auto (HpTestCliRun) empty_operator = { 0 };
  g_auto (HpTestCliRun) bad_top_k = { 0 };
  g_auto (HpTestCliRun) bad_chart = { 0 };
  g_auto (HpTestCliRun) bad_rank = { 0 };
  g_auto (HpTestCliRun) missing = { 0 };

  hp_test_run_cli (&no_operator, "patterns", dir, NULL);
  g_assert_cmpint (no_operator.status, ==, 2);
  g_assert_nonnull (strstr (no_operator.err, "--operator"));
  hp_test_run_cli (&empty_operator, "patterns", "--operator", "", dir, NULL);
  g_assert_cmpint (empty_operator.status, ==, 2);
  hp_test_run_cli (&bad_top_k, "patterns", "--operator", "aten", "--top-k", "0", dir, NULL);
  g_assert_cmpint (bad_top_k.status, ==, 2);
  hp_test_run_cli (&bad_chart, "patterns", "--operator", "aten", "--charts", "gif", dir, NULL);
  g_assert_cmpint (bad_chart.status, ==, 2);
  hp_test_run_cli (&bad_rank, "patterns", "--operator", "aten", "--rank", "7", "--output", "/tmp", dir, NULL);
  g_assert_cmpint (bad_rank.status, ==, 1);
  g_assert_nonnull (strstr (bad_rank.err, "rank 7"));
  hp_test_run_cli (&missing, "patterns", "--operator", "aten", "/nonexistent/trace", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "/nonexistent/trace"));
}

/* report --scope: the hand-made two-step trace of tests/core/test-scope.c;
 * step 2's kernels [120,140) and [160,190) us give a 70 us GPU span with
 * 20 us idle; a bad scope is a usage error, an empty one bad input */
static void
test_report_scope (void)
{
  g_autofree char *file = hp_test_data_path ("edge", "scope-steps.json", NULL);
  g_auto (HpTestCliRun) step = { 0 };
  g_auto (HpTestCliRun) bad = { 0 };
  g_auto (HpTestCliRun) empty = { 0 };
  g_auto (HpTestCliRun) param = { 0 };

  int         rank = -1;
  double      idle = -1, compute = -1, non_compute = -1, kernel = -1;
  const char *row;

  hp_test_run_cli (&step, "report", "--include-last-step", "--analysis", "temporal_breakdown", "--scope", "step:2", file,
                   NULL);
  g_assert_cmpint (step.status, ==, 0);
  /* the text table: the row after the dashes */
  row = strstr (step.out, "----\n");
  g_assert_nonnull (row);
  g_assert_cmpint (sscanf (row + 5, "%d %lf %lf %lf %lf", &rank, &idle, &compute, &non_compute, &kernel), ==, 5);
  g_assert_cmpint (rank, ==, 0);
  g_assert_cmpfloat (idle, ==, 20);
  g_assert_cmpfloat (compute, ==, 50);
  g_assert_cmpfloat (kernel, ==, 70);

  hp_test_run_cli (&bad, "report", "--scope", "step:x", file, NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "step:x"));

  hp_test_run_cli (&empty, "report", "--include-last-step", "--scope", "step:9", file, NULL);
  g_assert_cmpint (empty.status, ==, 1);
  g_assert_nonnull (strstr (empty.err, "its steps are 1 to 2"));

  /* parameter options come from the registry's specs, which check them */
  hp_test_run_cli (&param, "report", "--num-kernels", "0", file, NULL);
  g_assert_cmpint (param.status, ==, 2);
  g_assert_nonnull (strstr (param.err, "--num-kernels takes a whole number from 1"));
}

/* A parameter's value outside its spec's range is refused before the
 * trace is read: a usage error (status 2) naming the option as typed, the
 * range and the value; no table is written. The same for the ranks of
 * `counters`, whose option is the ranks parameter's. */
static void
test_report_param_range (void)
{
  g_autofree char *file = hp_test_data_path ("edge", "scope-steps.json", NULL);
  g_auto (HpTestCliRun) negative = { 0 };
  g_auto (HpTestCliRun) ratio = { 0 };
  g_auto (HpTestCliRun) delay = { 0 };
  g_auto (HpTestCliRun) ends = { 0 };
  g_auto (HpTestCliRun) ranks = { 0 };
  g_auto (HpTestCliRun) negative_rank = { 0 };

  hp_test_run_cli (&negative, "report", "-a", "gpu_kernel_breakdown", "--num-kernels=-3", file, NULL);
  g_assert_cmpint (negative.status, ==, 2);
  g_assert_nonnull (strstr (negative.err, "--num-kernels takes a whole number from 1 to 2147483647, not '-3'"));
  g_assert_cmpstr (negative.out, ==, "");

  hp_test_run_cli (&ratio, "report", "-a", "gpu_kernel_breakdown", "--duration-ratio", "1.5", file, NULL);
  g_assert_cmpint (ratio.status, ==, 2);
  g_assert_nonnull (strstr (ratio.err, "--duration-ratio takes a number from 0 to 1, not '1.5'"));

  hp_test_run_cli (&delay, "report", "-a", "idle_time_breakdown", "--consecutive-kernel-delay=-0.5", file, NULL);
  g_assert_cmpint (delay.status, ==, 2);
  g_assert_nonnull (strstr (delay.err, "--consecutive-kernel-delay takes a number from 0 to 1e+12, not '-0.5'"));

  /* counters' --ranks is the analyses' ranks parameter, checked by its spec */
  hp_test_run_cli (&ranks, "counters", "--ranks", "0,x", file, NULL);
  g_assert_cmpint (ranks.status, ==, 2);
  g_assert_nonnull (strstr (ranks.err, "--ranks takes whole numbers separated by commas, or 'all', not '0,x'"));
  hp_test_run_cli (&negative_rank, "counters", "--ranks=-1", file, NULL);
  g_assert_cmpint (negative_rank.status, ==, 2);
  g_assert_nonnull (strstr (negative_rank.err, "--ranks takes whole numbers"));

  /* the ends of a range are values */
  hp_test_run_cli (&ends, "report", "-a", "gpu_kernel_breakdown", "--num-kernels=1", "--duration-ratio=1", file, NULL);
  g_assert_cmpint (ends.status, ==, 0);
}

static void
test_findings (void)
{
  g_autofree char *dir = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autofree char *communicators = hp_test_data_path ("comm", "communicators", NULL);
  g_autofree char *one = hp_test_data_path ("hta_ns_resolution", NULL);
  g_auto (HpTestCliRun) disagree = { 0 };
  g_auto (HpTestCliRun) single = { 0 };
  g_auto (HpTestCliRun) text = { 0 };
  g_auto (HpTestCliRun) json = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  JsonObject *root;

  hp_test_run_cli (&text, "findings", dir, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_true (g_str_has_prefix (text.out, "- "));
  g_assert_nonnull (strstr (text.out, "idle"));
  /* the straggler of each question, labelled; idle time names no straggler */
  g_assert_nonnull (strstr (text.out, "- Straggler, late to collectives: rank 1 started last in 3 of 3 collectives"));
  g_assert_nonnull (strstr (text.out, "- Straggler, slowest compute: rank 1 spends 135.5 ms in computation kernels"));
  g_assert_nonnull (strstr (text.out, "- Straggler, on the critical path: rank 1 holds 100% of the critical path "
                                      "across ranks (304.0 of 304.0 ms)"));
  /* the three name one rank: nothing to reconcile */
  g_assert_null (strstr (text.out, "questions"));
  g_assert_null (strstr (text.out, "may be a straggler"));
  /* of the job, not of one rank */
  g_assert_nonnull (strstr (text.out, "- Ranks 0 and 1 are idle 53.6–54.7% of their GPU time"));
  g_assert_null (strstr (text.out, "- Rank "));
  g_assert_cmpstr (text.err, ==, "");

  /* where the questions name different ranks, one line says so: rank 1 is
   * late to collectives most often, rank 3 holds the critical path */
  hp_test_run_cli (&disagree, "findings", communicators, NULL);
  g_assert_cmpint (disagree.status, ==, 0);
  /* a wait under a millisecond in microseconds, not "0.0 ms" */
  g_assert_nonnull (strstr (disagree.out, "- Straggler, late to collectives: rank 1 started last in 2 of 4 "
                                          "collectives run by several ranks; the others waited 20 µs for it in "
                                          "all"));
  g_assert_nonnull (strstr (disagree.out, "- Straggler, on the critical path: rank 3 "));
  g_assert_nonnull (strstr (disagree.out, "- Two questions, two answers: late to collectives: rank 1; on the "
                                          "critical path: rank 3. They measure different things: "));
  g_assert_nonnull (strstr (disagree.out, "- On ranks 0–2, communication and memory kernels run without any "
                                          "computation 15.2–16.1% of the GPU time (the most: rank 0); rank 3: "
                                          "14.4%"));

  /* a single GPU has no critical path across ranks */
  hp_test_run_cli (&single, "findings", one, NULL);
  g_assert_cmpint (single.status, ==, 0);
  g_assert_null (strstr (single.out, "critical path"));
  g_assert_cmpstr (single.err, ==, "");

  hp_test_run_cli (&json, "findings", "--format", "json", "--scope", "range:100000-200000", dir, NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "scope"), ==, "range:100000-200000");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "findings")), >, 0);
}

/* The analysis and parameter tables of docs/analyses.md are `analyses --markdown` */
static void
test_docs_analyses (void)
{
  g_autofree char *docs_path = g_test_build_filename (G_TEST_DIST, "..", "docs", "analyses.md", NULL);
  g_autofree char *docs = NULL;
  g_auto (HpTestCliRun) run = { 0 };
  const char      *begin_mark = "<!-- hotpath-cli analyses --markdown: begin -->\n";
  const char      *begin, *end;
  g_autofree char *section = NULL;

  g_assert_true (g_file_get_contents (docs_path, &docs, NULL, NULL));
  hp_test_run_cli (&run, "analyses", "--markdown", NULL);
  g_assert_cmpint (run.status, ==, 0);
  begin = strstr (docs, begin_mark);
  g_assert_nonnull (begin);
  begin += strlen (begin_mark);
  end = strstr (begin, "<!-- hotpath-cli analyses --markdown: end -->");
  g_assert_nonnull (end);
  section = g_strndup (begin, end - begin);
  g_assert_cmpstr (section, ==, run.out);

  /* and the plain listing names every analysis */
  {
    g_auto (HpTestCliRun) text = { 0 };

    hp_test_run_cli (&text, "analyses", NULL);
    g_assert_cmpint (text.status, ==, 0);
    g_assert_nonnull (strstr (text.out, "cuda_kernel_launch_stats — CUDA kernel launch statistics"));
    g_assert_nonnull (strstr (text.out, "--consecutive-kernel-delay=US (default 30)"));
  }
}

/* A usage error is one line with the reason and a hint, not the whole help;
 * the usage line names the command the way the user types it. */
static void
test_usage_short (void)
{
  g_auto (HpTestCliRun) bad_option = { 0 };
  g_auto (HpTestCliRun) no_path = { 0 };
  g_auto (HpTestCliRun) help = { 0 };
  g_auto (GStrv) lines = NULL;

  hp_test_run_cli (&bad_option, "report", "--no-such-option", NULL);
  g_assert_cmpint (bad_option.status, ==, 2);
  lines = g_strsplit (g_strchomp (bad_option.err), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  g_assert_cmpstr (lines[0], ==, "hotpath-cli report: Unknown option --no-such-option");
  g_assert_cmpstr (lines[1], ==, "Try 'hotpath-cli report --help' for more information.");

  hp_test_run_cli (&no_path, "info", NULL);
  g_assert_cmpint (no_path.status, ==, 2);
  g_assert_true (g_str_has_prefix (no_path.err, "hotpath-cli info: name a trace folder or file\n"));
  g_assert_null (strstr (no_path.err, "Help Options"));

  hp_test_run_cli (&help, "report", "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "hotpath-cli report [OPTION…] DIR|FILE…\n"));
  g_assert_nonnull (strstr (help.out, "--strict"));
}

/* --strict: a file that fails to load fails the run after it wrote what it
 * could; without it the run succeeds with the loaded ranks. */
static void
test_strict (HpTestDirFixture *fixture,
             gconstpointer     data)
{
  g_autofree char *dir = hp_test_data_path ("edge", "one-bad-rank", NULL);
  const char      *out = fixture->dir;
  g_autofree char *table = NULL;
  g_auto (HpTestCliRun) lenient = { 0 };
  g_auto (HpTestCliRun) strict = { 0 };
  g_auto (HpTestCliRun) strict_info = { 0 };
  g_auto (HpTestCliRun) strict_good = { 0 };
  const char *good = fixture->data;

  hp_test_run_cli (&lenient, "report", "--analysis", "temporal_breakdown", dir, NULL);
  g_assert_cmpint (lenient.status, ==, 0);

  hp_test_run_cli (&strict, "report", "--strict", "--analysis", "temporal_breakdown", "--output", out, dir, NULL);
  g_assert_cmpint (strict.status, ==, 1);
  g_assert_nonnull (strstr (strict.err, "--strict: 1 file failed to load"));
  table = g_build_filename (out, "temporal_breakdown.csv", NULL);
  g_assert_true (g_file_test (table, G_FILE_TEST_EXISTS));

  hp_test_run_cli (&strict_info, "info", "--strict", dir, NULL);
  g_assert_cmpint (strict_info.status, ==, 1);
  g_assert_nonnull (strstr (strict_info.out, "Rank 0:"));

  hp_test_run_cli (&strict_good, "info", "--strict", good, NULL);
  g_assert_cmpint (strict_good.status, ==, 0);
}

/* Messages and info --json name files as the user gave them (folder
 * included), and sizes use the unit that fits. */
static void
test_paths_as_given (void)
{
  g_autofree char *dir = hp_test_data_path ("edge", "one-bad-rank", NULL);
  g_autofree char *bad = g_build_filename (dir, "rank-2.json", NULL);
  g_autofree char *good = g_build_filename (dir, "rank-0.json", NULL);
  g_autofree char *rank_line = g_strdup_printf ("Rank 0: %s\n", good);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_auto (HpTestCliRun) text = { 0 };
  g_auto (HpTestCliRun) json = { 0 };
  JsonObject *root;
  JsonObject *issue;

  hp_test_run_cli (&text, "info", dir, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.err, bad));
  g_assert_nonnull (strstr (text.out, rank_line));
  /* a 2 kB file is not "0.0 MB" */
  g_assert_null (strstr (text.out, "0.0 MB"));
  g_assert_nonnull (strstr (text.out, "2.8\u00a0kB\n"));

  hp_test_run_cli (&json, "info", "--json", dir, NULL);
  g_assert_cmpint (json.status, ==, 0);
  json_parser_load_from_data (parser, json.out, -1, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  issue = json_array_get_object_element (json_object_get_array_member (root, "issues"), 0);
  g_assert_cmpstr (json_object_get_string_member (issue, "file"), ==, bad);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (issue, "message"), bad));
}

/* Copies @source to @dest with every timestamp moved by @prefix digits in
 * front: "ts": 1000 becomes "ts": 72000001000 with prefix "7200000". */
static void
copy_shifted (const char *source,
              const char *dest,
              const char *prefix)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *joiner = g_strconcat ("\"ts\": ", prefix, NULL);
  g_auto (GStrv) parts = NULL;
  g_autofree char *shifted = NULL;

  g_file_get_contents (source, &text, NULL, &error);
  g_assert_no_error (error);
  parts = g_strsplit (text, "\"ts\": ", -1);
  shifted = g_strjoinv (joiner, parts);
  g_file_set_contents (dest, shifted, -1, &error);
  g_assert_no_error (error);
}

/* Files of two runs on one command line are named as different jobs; the
 * ranks of one job are not. */
static void
test_mixed_jobs (HpTestDirFixture *fixture,
                 gconstpointer     data)
{
  g_autofree char *rank0 = hp_test_data_path ("edge", "one-bad-rank", "rank-0.json", NULL);
  g_autofree char *rank1 = hp_test_data_path ("edge", "one-bad-rank", "rank-1.json", NULL);
  const char      *dir = fixture->dir;
  g_autofree char *later = NULL;
  g_auto (HpTestCliRun) one_job = { 0 };
  g_auto (HpTestCliRun) two_jobs = { 0 };

  hp_test_run_cli (&one_job, "info", rank0, rank1, NULL);
  g_assert_cmpint (one_job.status, ==, 0);
  g_assert_cmpstr (one_job.err, ==, "");

  /* rank 1 recorded 20 hours later: another run */
  later = g_build_filename (dir, "rank-1.json", NULL);
  copy_shifted (rank1, later, "7200000");
  hp_test_run_cli (&two_jobs, "info", rank0, later, NULL);
  g_assert_cmpint (two_jobs.status, ==, 1);
  g_assert_cmpstr (two_jobs.out, ==, "");
  g_assert_nonnull (strstr (two_jobs.err, "2 different jobs"));
  g_assert_nonnull (strstr (two_jobs.err, later));
  g_assert_nonnull (strstr (two_jobs.err, "--job=N"));
}

/* a folder holding the two ranks of one job and the file of another (other
 * world size, months apart): every command refuses it naming each job's
 * files; --job=N (before or after the command) opens one job, whose health
 * finds its kernels and steps */
static void
test_mixed_job_folder (void)
{
  g_autofree char *dir = hp_test_data_path ("mixed_jobs", NULL);
  g_autofree char *other = hp_test_data_path ("mixed_jobs", "benchmark_result_493459_1694039959_trace.json.gz", NULL);
  g_autofree char *rank1 = hp_test_data_path ("mixed_jobs", "sampled_rank-1.json.gz", NULL);
  g_auto (HpTestCliRun) info = { 0 };
  g_auto (HpTestCliRun) report = { 0 };
  g_auto (HpTestCliRun) first = { 0 };
  g_auto (HpTestCliRun) second = { 0 };
  g_auto (HpTestCliRun) health = { 0 };
  g_auto (HpTestCliRun) none = { 0 };
  g_auto (HpTestCliRun) bad = { 0 };
  g_auto (HpTestCliRun) bench = { 0 };
  const char *job1, *job2;

  hp_test_run_cli (&info, "info", dir, NULL);
  g_assert_cmpint (info.status, ==, 1);
  g_assert_cmpstr (info.out, ==, "");
  g_assert_nonnull (strstr (info.err, "the files come from 2 different jobs"));
  /* a benchmark loads every file it is given, whatever job each is of */
  hp_test_run_cli (&bench, "bench", "--load-only", dir, NULL);
  g_assert_cmpint (bench.status, ==, 0);
  g_assert_nonnull (strstr (bench.out, "MB/s"));
  job1 = strstr (info.err, "job 1: 2 files, world size 128, from 2023-04-28 23:51:38 UTC");
  job2 = strstr (info.err, "job 2: 1 file, from 2023-09-06 22:39:28 UTC");
  g_assert_nonnull (job1);
  g_assert_nonnull (job2);
  g_assert_true (job1 < job2);
  g_assert_nonnull (strstr (job1, rank1));
  g_assert_true (strstr (job1, rank1) < job2);
  g_assert_nonnull (strstr (job2, other));
  g_assert_nonnull (strstr (info.err, "--job=N"));

  hp_test_run_cli (&report, "report", "-a", "temporal_breakdown", dir, NULL);
  g_assert_cmpint (report.status, ==, 1);
  g_assert_nonnull (strstr (report.err, "2 different jobs"));

  hp_test_run_cli (&first, "--job=1", "info", dir, NULL);
  g_assert_cmpint (first.status, ==, 0);
  g_assert_nonnull (strstr (first.out, "2 ranks of 128"));
  g_assert_null (strstr (first.out, other));

  hp_test_run_cli (&second, "info", "--job", "2", dir, NULL);
  g_assert_cmpint (second.status, ==, 0);
  g_assert_nonnull (strstr (second.out, other));
  g_assert_null (strstr (second.out, rank1));

  /* the job opened has kernels and steps: no false "no kernel" */
  hp_test_run_cli (&health, "--job=1", "health", dir, NULL);
  g_assert_cmpint (health.status, ==, 0);
  g_assert_null (strstr (health.out, "no kernel"));
  g_assert_null (strstr (health.out, "no ProfilerStep"));
  g_assert_null (strstr (health.out, "file-not-loaded"));
  g_assert_nonnull (strstr (health.out, "other-job"));

  hp_test_run_cli (&none, "--job=3", "info", dir, NULL);
  g_assert_cmpint (none.status, ==, 1);
  g_assert_nonnull (strstr (none.err, "there is no job 3: the files come from 2 jobs"));

  hp_test_run_cli (&bad, "--job=0", "info", dir, NULL);
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--job takes a job number"));
}

/* files that name no world size: a run that starts eleven minutes after
 * another began (six after its five minutes ended) is another job, refused
 * and opened with --job=N; the ranks of one job, started 40 s apart, load
 * as one */
static void
test_jobs_apart_without_world_size (void)
{
  g_autofree char *apart = hp_test_data_path ("edge", "jobs-apart", NULL);
  g_autofree char *later = hp_test_data_path ("edge", "jobs-apart", "rank-1.json", NULL);
  g_autofree char *one = hp_test_data_path ("edge", "jobs-one-start", NULL);
  g_auto (HpTestCliRun) info = { 0 };
  g_auto (HpTestCliRun) second = { 0 };
  g_auto (HpTestCliRun) together = { 0 };
  const char *job2;

  hp_test_run_cli (&info, "info", apart, NULL);
  g_assert_cmpint (info.status, ==, 1);
  g_assert_cmpstr (info.out, ==, "");
  g_assert_nonnull (strstr (info.err, "the files come from 2 different jobs"));
  g_assert_nonnull (strstr (info.err, "job 1: 1 file, from 2023-11-14 22:13:20 UTC"));
  job2 = strstr (info.err, "job 2: 1 file, from 2023-11-14 22:24:20 UTC");
  g_assert_nonnull (job2);
  g_assert_nonnull (strstr (job2, later));
  g_assert_null (strstr (info.err, "are analysed as one"));

  hp_test_run_cli (&second, "--job=2", "info", apart, NULL);
  g_assert_cmpint (second.status, ==, 0);
  g_assert_nonnull (strstr (second.out, later));

  hp_test_run_cli (&together, "info", one, NULL);
  g_assert_cmpint (together.status, ==, 0);
  g_assert_nonnull (strstr (together.out, "2 ranks"));
  g_assert_null (strstr (together.err, "different jobs"));
}

/* hotpath --help names what it opens; --version answers */
static void
test_app_command_line (void)
{
  g_autofree char *expected = g_strdup_printf ("hotpath %s\n", PACKAGE_VERSION);
  g_auto (HpTestCliRun) help = { 0 };
  g_auto (HpTestCliRun) version = { 0 };

  hp_test_run_app (&help, "--help", NULL);
  g_assert_cmpint (help.status, ==, 0);
  g_assert_nonnull (strstr (help.out, "hotpath [OPTION…] DIR|FILE…\n"));
  g_assert_nonnull (strstr (help.out, "--version"));

  hp_test_run_app (&version, "--version", NULL);
  g_assert_cmpint (version.status, ==, 0);
  g_assert_cmpstr (version.out, ==, expected);
}

/* --comm-patterns: info says which rule found the communication; a bad
 * pattern file is bad input */
static void
test_comm_patterns (void)
{
  g_autofree char *dir = hp_test_data_path ("edge", "comm-user", NULL);
  g_autofree char *file = hp_test_data_path ("edge", "comm-user.patterns", NULL);
  g_autofree char *bad = g_build_filename (g_get_tmp_dir (), "hotpath-bad-patterns.txt", NULL);
  g_auto (HpTestCliRun) plain = { 0 };
  g_auto (HpTestCliRun) with = { 0 };
  g_auto (HpTestCliRun) broken = { 0 };
  g_auto (HpTestCliRun) missing = { 0 };

  hp_test_run_cli (&plain, "info", dir, NULL);
  g_assert_cmpint (plain.status, ==, 0);
  g_assert_nonnull (strstr (plain.out, "communication    15.4% of kernel time, launch 200.000 us (2 kernels)\n"));
  hp_test_run_cli (&with, "info", "--comm-patterns", file, dir, NULL);
  g_assert_cmpint (with.status, ==, 0);
  g_assert_nonnull (strstr (with.out, "launch 200.000 us (2 kernels), user 200.000 us (2 kernels)\n"));

  g_assert_true (g_file_set_contents (bad, "!\n", -1, NULL));
  hp_test_run_cli (&broken, "report", "--comm-patterns", bad, dir, NULL);
  g_assert_cmpint (broken.status, ==, 1);
  g_assert_nonnull (strstr (broken.err, "--comm-patterns"));
  g_assert_nonnull (strstr (broken.err, "without a pattern"));
  g_unlink (bad);
  hp_test_run_cli (&missing, "health", "--comm-patterns", "/nonexistent/patterns.txt", dir, NULL);
  g_assert_cmpint (missing.status, ==, 1);
}

/* a run captured into the same struct twice holds the second run only
 * (hp_test_run_cli() frees what the first one captured) */
static void
test_cli_run_reused (void)
{
  g_auto (HpTestCliRun) run = { 0 };

  hp_test_run_cli (&run, "--help", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "report"));
  hp_test_run_cli (&run, "frobnicate", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_nonnull (strstr (run.err, "frobnicate"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/info/text", test_info_text);
  g_test_add_func ("/cli/info/json", test_info_json);
  g_test_add_func ("/cli/info/missing", test_info_missing);
  g_test_add_func ("/cli/info/missing-ranks", test_info_missing_ranks);
  g_test_add_func ("/cli/info/one-bad-rank", test_info_one_bad_rank);
  g_test_add_func ("/cli/comm-patterns", test_comm_patterns);
  hp_test_add_dir ("/cli/info/empty-folder", NULL, test_info_empty_folder);
  hp_test_add_dir ("/cli/report/matches-golden", "hta_trace_filter_2ranks", test_report_matches_golden);
  g_test_add_func ("/cli/report/usage", test_report_usage);
  g_test_add_func ("/cli/report/json-stdout", test_report_json_stdout);
  hp_test_add_dir ("/cli/report/charts", "hta_trace_filter_2ranks", test_report_charts);
  hp_test_add_dir ("/cli/report/charts-no-data", "hta_cpu_only", test_report_charts_no_data);
  g_test_add_func ("/cli/critical-path", test_critical_path);
  hp_test_add_dir ("/cli/patterns/golden", "hta_cp_alexnet", test_patterns);
  g_test_add_func ("/cli/patterns/report", test_report_patterns);
  hp_test_add_dir ("/cli/patterns/none", "hta_cp_alexnet", test_patterns_none);
  hp_test_add_dir ("/cli/patterns/overlay", "hta_cp_alexnet", test_patterns_overlay);
  g_test_add_func ("/cli/patterns/usage", test_patterns_usage);
  g_test_add_func ("/cli/health/text", test_health_text);
  g_test_add_func ("/cli/health/json", test_health_json);
  g_test_add_func ("/cli/health/usage", test_health_usage);
  g_test_add_func ("/cli/report/scope", test_report_scope);
  g_test_add_func ("/cli/report/param-range", test_report_param_range);
  g_test_add_func ("/cli/findings", test_findings);
  g_test_add_func ("/cli/analyses/docs-tables", test_docs_analyses);

  g_test_add_func ("/cli/usage/short", test_usage_short);
  hp_test_add_dir ("/cli/strict", "hta_trace_filter_2ranks", test_strict);
  g_test_add_func ("/cli/info/paths-as-given", test_paths_as_given);
  hp_test_add_dir ("/cli/info/mixed-jobs", NULL, test_mixed_jobs);
  g_test_add_func ("/cli/info/mixed-job-folder", test_mixed_job_folder);
  g_test_add_func ("/cli/info/jobs-apart-without-world-size", test_jobs_apart_without_world_size);
  g_test_add_func ("/cli/command-line", test_app_command_line);
  g_test_add_func ("/cli/run-reused", test_cli_run_reused);

  return g_test_run ();
}
