/* test-cli-runs.c — hotpath-cli diff, compare and check, run as a user would.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "hp-test-utils.h"

static JsonNode *
parse_json (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static JsonNode *
read_json (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return parse_json (text);
}

static char *
joined_list (JsonObject *object,
             const char *member)
{
  JsonArray *array = json_object_get_array_member (object, member);
  GString   *s = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (array); i++)
    g_string_append_printf (s, "%s%s", i > 0 ? "," : "", json_array_get_string_element (array, i));
  return g_string_free (s, FALSE);
}

/* a cell of a table written by hp_table_to_json(): rows are arrays */
static JsonNode *
json_cell (JsonObject *table,
           guint       row,
           const char *column)
{
  JsonArray *columns = json_object_get_array_member (table, "columns");
  JsonArray *rows = json_object_get_array_member (table, "rows");

  for (guint c = 0; c < json_array_get_length (columns); c++)
    if (g_strcmp0 (json_object_get_string_member (json_array_get_object_element (columns, c), "name"), column) == 0)
      return json_array_get_element (json_array_get_array_element (rows, row), c);
  g_error ("no column %s", column);
  return NULL;
}

/* HTA's own test call (rank 1, iteration 1010, CPU, short names): the table
 * equals HTA's, ops_diff.json keeps full names */
static void
test_diff_matches_golden (HpTestDirFixture *fixture,
                          gconstpointer     data)
{
  static const char *const kinds[] = { "added", "deleted", "increased", "decreased", "unchanged" };
  g_autofree char         *control = hp_test_data_path ("hta_trace_compare_base", NULL);
  g_autofree char         *test = hp_test_data_path ("hta_trace_compare_test", NULL);
  g_autofree char         *golden_csv = hp_test_golden_path ("pair_trace_compare", "compare_traces_testcfg_cpu_short.csv");
  g_autofree char         *golden_json = hp_test_golden_path ("pair_trace_compare", "ops_diff_testcfg_cpu.json");
  const char              *out = fixture->dir;
  g_autofree char         *ours_csv = NULL;
  g_autofree char         *ours_json = NULL;
  g_autoptr (GPtrArray) ours_rows = NULL;
  g_autoptr (GPtrArray) golden_rows = NULL;
  g_autoptr (JsonNode) ours = NULL;
  g_autoptr (JsonNode) golden = NULL;
  g_autofree char *why = NULL;
  g_auto (HpTestCliRun) run = { 0 };

  hp_test_run_cli (&run, "diff", "--hta-compat", "--control-rank", "1", "--test-rank", "1", "--control-iteration",
                   "1010", "--test-iteration", "1010", "--device", "cpu", "--short-names", "--output", out, control,
                   test, NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);

  ours_csv = g_build_filename (out, "compare_traces.csv", NULL);
  ours_rows = hp_test_read_csv (ours_csv);
  golden_rows = hp_test_read_csv (golden_csv);
  why = hp_test_compare_csv ("compare_traces", ours_rows, golden_rows);
  g_assert_null (why);
  g_assert_cmpuint (ours_rows->len, ==, golden_rows->len);

  ours_json = g_build_filename (out, "ops_diff.json", NULL);
  ours = read_json (ours_json);
  golden = read_json (golden_json);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autofree char *a = joined_list (json_node_get_object (ours), kinds[k]);
      g_autofree char *b = joined_list (json_object_get_object_member (json_node_get_object (golden), "result"),
                                        kinds[k]);

      g_assert_cmpstr (a, ==, b);
    }
}

/* the default mode on the hand-made pair, printed as JSON, with labels */
static void
test_diff_default_json (void)
{
  g_autofree char *control = hp_test_data_path ("diff", "control.json", NULL);
  g_autofree char *test = hp_test_data_path ("diff", "test.json", NULL);
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *added = NULL;
  g_autofree char *increased = NULL;
  JsonObject      *object;
  JsonObject      *table;
  g_auto (HpTestCliRun) run = { 0 };

  hp_test_run_cli (&run, "diff", "--labels", "Base,New", "--format", "json", control, test, NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  root = parse_json (run.out);
  object = json_node_get_object (root);

  added = joined_list (json_object_get_object_member (object, "ops_diff"), "added");
  increased = joined_list (json_object_get_object_member (object, "ops_diff"), "increased");
  g_assert_cmpstr (added, ==, "bar");
  g_assert_cmpstr (increased, ==, "aten::mm");

  /* aten::mm is the second row (after ProfilerStep) */
  table = json_object_get_object_member (object, "compare_traces");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (table, "rows")), ==, 7);
  g_assert_cmpstr (json_node_get_string (json_cell (table, 1, "name")), ==, "aten::mm");
  g_assert_cmpint (json_node_get_int (json_cell (table, 1, "Base_counts")), ==, 2);
  g_assert_cmpint (json_node_get_int (json_cell (table, 1, "New_counts")), ==, 4);
  g_assert_cmpfloat (json_node_get_double (json_cell (table, 1, "New_total_duration")), ==, 60.0);
  g_assert_cmpfloat (json_node_get_double (json_cell (table, 1, "duration_change_pct")), ==, 200.0);
}

/* diff's tree_diff.csv matches a HIP runtime call with its CUDA twin in
 * the default mode, and says so; --hta-compat keeps HTA's names */
static void
test_diff_tree_vendors (void)
{
  g_autofree char *control = hp_test_data_path ("diff", "control.json", NULL);
  g_autofree char *amd = hp_test_data_path ("diff", "amd.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *out = g_dir_make_tmp ("hotpath-diff-tree-XXXXXX", &error);
  g_autofree char *compat_out = g_dir_make_tmp ("hotpath-diff-tree-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *compat_path = NULL;
  g_autofree char *csv = NULL;
  g_autofree char *compat_csv = NULL;
  g_auto (HpTestCliRun) run = { 0 };
  g_auto (HpTestCliRun) compat = { 0 };

  g_assert_no_error (error);
  hp_test_run_cli (&run, "diff", "--output", out, control, amd, NULL);
  g_assert_cmpint (run.status, ==, 0);
  path = g_build_filename (out, "tree_diff.csv", NULL);
  g_assert_true (g_file_get_contents (path, &csv, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (csv, ",summary,matched_names\n"));
  g_assert_nonnull (strstr (csv, "ProfilerStep > cudaLaunchKernel,1,cudaLaunchKernel,"));
  g_assert_nonnull (strstr (csv, ",cudaLaunchKernel = hipLaunchKernel\n"));
  g_assert_null (strstr (csv, "ProfilerStep > hipLaunchKernel"));

  hp_test_run_cli (&compat, "diff", "--hta-compat", "--output", compat_out, control, amd, NULL);
  g_assert_cmpint (compat.status, ==, 0);
  compat_path = g_build_filename (compat_out, "tree_diff.csv", NULL);
  g_assert_true (g_file_get_contents (compat_path, &compat_csv, NULL, &error));
  g_assert_no_error (error);
  g_assert_null (strstr (compat_csv, "matched_names"));
  g_assert_nonnull (strstr (compat_csv, "hipLaunchKernel"));
  hp_test_remove_tree (out);
  hp_test_remove_tree (compat_out);
}

/* --charts writes HTA's two charts, the largest changes only */
static void
test_diff_charts (HpTestDirFixture *fixture,
                  gconstpointer     data)
{
  g_autofree char *control = hp_test_data_path ("diff", "control.json", NULL);
  g_autofree char *test = hp_test_data_path ("diff", "test.json", NULL);
  g_autoptr (GError) error = NULL;
  const char      *out = fixture->dir;
  g_autofree char *png = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *png_data = NULL;
  g_autofree char *svg_data = NULL;
  gsize            png_len = 0;
  g_auto (HpTestCliRun) run = { 0 };

  hp_test_run_cli (&run, "diff", "--output", out, "--charts", "png,svg", "--top", "2", control, test, NULL);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);

  png = g_build_filename (out, "ops_count_comparison.png", NULL);
  g_file_get_contents (png, &png_data, &png_len, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (png_data, 8, "\x89PNG\r\n\x1a\n", 8);
  svg = g_build_filename (out, "ops_duration_comparison.svg", NULL);
  g_file_get_contents (svg, &svg_data, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (svg_data, "<svg"));
  g_assert_nonnull (strstr (run.out, "ops_diff.json"));
  g_assert_nonnull (strstr (run.out, "tree_diff.csv"));
  g_assert_nonnull (strstr (run.out, "ops_count_comparison.svg"));
  g_assert_nonnull (strstr (run.out, "ops_duration_comparison.png"));
}

/* bad usage exits 2, bad input 1, each with the reason */
static void
test_diff_errors (void)
{
  g_autofree char *control = hp_test_data_path ("diff", "control.json", NULL);
  g_autofree char *test = hp_test_data_path ("diff", "test.json", NULL);
  g_autofree char *no_steps = hp_test_data_path ("diff", "nosteps-control.json", NULL);
  g_autofree char *missing = hp_test_data_path ("diff", "no-such-run", NULL);
  g_auto (HpTestCliRun) one = { 0 };
  g_auto (HpTestCliRun) device = { 0 };
  g_auto (HpTestCliRun) labels = { 0 };
  g_auto (HpTestCliRun) charts = { 0 };
  g_auto (HpTestCliRun) iteration = { 0 };
  g_auto (HpTestCliRun) rank = { 0 };
  g_auto (HpTestCliRun) absent = { 0 };
  g_auto (HpTestCliRun) compat = { 0 };

  hp_test_run_cli (&one, "diff", control, NULL);
  g_assert_cmpint (one.status, ==, 2);
  g_assert_nonnull (strstr (one.err, "name two runs"));
  hp_test_run_cli (&device, "diff", "--device", "tpu", control, test, NULL);
  g_assert_cmpint (device.status, ==, 2);
  hp_test_run_cli (&labels, "diff", "--labels", "A", control, test, NULL);
  g_assert_cmpint (labels.status, ==, 2);
  hp_test_run_cli (&charts, "diff", "--charts", "png", control, test, NULL);
  g_assert_cmpint (charts.status, ==, 2);
  hp_test_run_cli (&iteration, "diff", "--test-iteration", "x", control, test, NULL);
  g_assert_cmpint (iteration.status, ==, 2);

  hp_test_run_cli (&rank, "diff", "--test-rank", "9", control, test, NULL);
  g_assert_cmpint (rank.status, ==, 1);
  g_assert_nonnull (strstr (rank.err, test));
  g_assert_nonnull (strstr (rank.err, "rank 9 is not in the trace (ranks: 0)"));
  hp_test_run_cli (&absent, "diff", control, missing, NULL);
  g_assert_cmpint (absent.status, ==, 1);
  g_assert_nonnull (strstr (absent.err, "no-such-run"));
  hp_test_run_cli (&compat, "diff", "--hta-compat", no_steps, test, NULL);
  g_assert_cmpint (compat.status, ==, 1);
  g_assert_nonnull (strstr (compat.err, no_steps));
  g_assert_nonnull (strstr (compat.err, "doesn't have any iteration"));
}

/* the rows of a compare_* CSV labelled @label, header first (borrowed) */
static GPtrArray *
rows_of_run (GPtrArray  *rows,
             const char *label)
{
  GPtrArray *out = g_ptr_array_new ();

  g_ptr_array_add (out, rows->pdata[0]);
  for (guint i = 1; i < rows->len; i++)
    if (g_strcmp0 (((char **)rows->pdata[i])[0], label) == 0)
      g_ptr_array_add (out, rows->pdata[i]);
  return out;
}

/* every number of compare is the one report gives for that run alone: each
 * table compare shares with report, on a two-rank job against a single-GPU
 * one, HTA's diff pair, and old-format runs (legacy categories, memory
 * events with only "Bytes") against a new one */
static void
test_compare_equals_report (void)
{
  static const char *const tables[][2] = {
    { "temporal_breakdown", "compare_temporal_breakdown" },
    { "gpu_kernel_breakdown_kernel_type", "compare_kernel_type" },
    { "comm_comp_overlap", "compare_comm_comp_overlap" },
    { "idle_time_breakdown", "compare_idle_time" },
    { "memory_summary", "compare_memory" },
  };
  static const char *const cases[][4] = {
    { "filter,nccl", "hta_trace_filter_2ranks", "hta_nccl_parser_config", NULL },
    { "control,test", "hta_trace_diff_control", "hta_trace_diff_test", NULL },
    { "old,new,legacy", "diff/old-format.json", "diff/new-format.json", "hta_trace_file_list_rank1" },
  };
  guint memory_rows = 0;

  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_auto (GStrv) labels = g_strsplit (cases[k][0], ",", -1);
      g_auto (GStrv) runs = g_new0 (char *, 4);
      guint n_runs = cases[k][3] != NULL ? 3 : 2;
      g_autoptr (GError) error = NULL;
      g_autofree char *out = g_dir_make_tmp ("hotpath-compare-XXXXXX", &error);
      g_auto (HpTestCliRun) run = { 0 };

      g_assert_no_error (error);
      for (guint r = 0; r < n_runs; r++)
        runs[r] = hp_test_data_path (cases[k][r + 1], NULL);
      if (n_runs == 3)
        hp_test_run_cli (&run, "compare", "--labels", cases[k][0], "--output", out, "--charts", "svg", runs[0],
                         runs[1], runs[2], NULL);
      else
        hp_test_run_cli (&run, "compare", "--labels", cases[k][0], "--output", out, "--charts", "svg", runs[0],
                         runs[1], NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, "compare_step_time.csv"));
      g_assert_nonnull (strstr (run.out, "compare_ops.csv"));
      g_assert_nonnull (strstr (run.out, "compare_memory.csv"));
      g_assert_nonnull (strstr (run.out, "compare_memory_timeline.csv"));
      g_assert_nonnull (strstr (run.out, "compare_communication.csv"));
      g_assert_nonnull (strstr (run.out, "compare_collectives.csv"));
      g_assert_nonnull (strstr (run.out, "compare_temporal_breakdown.svg"));
      g_assert_nonnull (strstr (run.out, "compare_ops.svg"));

      for (guint r = 0; r < n_runs; r++)
        {
          g_autofree char *alone = g_dir_make_tmp ("hotpath-alone-XXXXXX", &error);
          g_auto (HpTestCliRun) report = { 0 };

          g_assert_no_error (error);
          hp_test_run_cli (&report, "report", "--analysis",
                           "temporal_breakdown,gpu_kernel_breakdown,comm_comp_overlap,idle_time_breakdown,memory",
                           "--output", alone, runs[r], NULL);
          g_assert_cmpint (report.status, ==, 0);
          for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
            {
              g_autofree char *alone_file = g_strconcat (tables[t][0], ".csv", NULL);
              g_autofree char *compare_file = g_strconcat (tables[t][1], ".csv", NULL);
              g_autofree char *alone_path = g_build_filename (alone, alone_file, NULL);
              g_autofree char *compare_path = g_build_filename (out, compare_file, NULL);
              g_autoptr (GPtrArray) expected = hp_test_read_csv (alone_path);
              g_autoptr (GPtrArray) stacked = hp_test_read_csv (compare_path);
              g_autoptr (GPtrArray) ours = rows_of_run (stacked, labels[r]);
              g_autofree char *why = hp_test_compare_csv (tables[t][1], ours, expected);

              g_assert_null (why);
              g_assert_cmpuint (ours->len, ==, expected->len);
              if (t < G_N_ELEMENTS (tables) - 1)
                g_assert_cmpuint (ours->len, >, 1);
              else
                memory_rows += ours->len - 1;
            }
          hp_test_remove_tree (alone);
        }
      /* memory over time: the columns as documented */
      {
        g_autofree char *path = g_build_filename (out, "compare_memory_timeline.csv", NULL);
        g_autoptr (GPtrArray) rows = hp_test_read_csv (path);
        g_autofree char *header = g_strjoinv (",", rows->pdata[0]);

        g_assert_cmpstr (header, ==, "label,rank,device,ts(us),allocated,reserved");
        g_assert_cmpuint (rows->len, ==, k == 2 ? 13 : 1);
      }
      /* a run without memory events is named, not left out silently */
      if (k < 2)
        g_assert_nonnull (strstr (run.err, "compare_memory: "));
      hp_test_remove_tree (out);
    }
  g_assert_cmpuint (memory_rows, ==, 2);
}

/* compare says in words what its tables hold, first in text, last in JSON,
 * and in compare_summary.txt with --output */
static void
test_compare_summary (HpTestDirFixture *fixture,
                      gconstpointer     data)
{
  g_autofree char *job = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autofree char *single = hp_test_data_path ("hta_nccl_parser_config", NULL);
  g_autoptr (GError) error = NULL;
  const char      *out = fixture->dir;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_auto (HpTestCliRun) text = { 0 };
  g_auto (HpTestCliRun) json = { 0 };
  g_auto (HpTestCliRun) files = { 0 };
  g_autoptr (JsonParser) parser = json_parser_new ();
  const char *last;
  JsonArray  *sentences;
  JsonObject *sentence;

  hp_test_run_cli (&text, "compare", "--labels", "job,single", job, single, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_true (g_str_has_prefix (text.out, "job, 2 ranks of 128 (ranks 2–127 missing): steps take 607.6 ms on "
                                             "average; the GPUs are idle 54% of their time, all ranks together, "
                                             "and spend 26% of it in exposed communication.\n"
                                             "single, 1 rank of 2 (rank 1 missing): steps take 221.1 ms on average; "
                                             "the GPU is idle 77% of its time and spends 5% of its time in exposed "
                                             "communication.\n"
                                             "single against job (the baseline): steps take 0.36× as long (221.1 ms "
                                             "against 607.6 ms); idle 77% of GPU time against 54%.\n"
                                             "Fastest steps: single.\n\n"));

  /* JSON: the tables, then the sentences with their numbers */
  hp_test_run_cli (&json, "compare", "--format", "json", "--labels", "job,single", job, single, NULL);
  g_assert_cmpint (json.status, ==, 0);
  last = strstr (json.out, "{\n  \"compare_summary\"");
  g_assert_nonnull (last);
  json_parser_load_from_data (parser, last, -1, &error);
  g_assert_no_error (error);
  sentences = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "compare_summary");
  g_assert_cmpuint (json_array_get_length (sentences), ==, 4);
  sentence = json_array_get_object_element (sentences, 0);
  g_assert_cmpstr (json_object_get_string_member (sentence, "label"), ==, "job");
  g_assert_cmpint (json_object_get_int_member (sentence, "n_ranks"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (sentence, "n_missing_ranks"), ==, 126);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (sentence, "idle_pctg"), 54.1377, 1e-4);
  sentence = json_array_get_object_element (sentences, 2);
  g_assert_cmpstr (json_object_get_string_member (sentence, "kind"), ==, "baseline");
  g_assert_cmpstr (json_object_get_string_member (sentence, "label"), ==, "single");
  g_assert_cmpint (json_object_get_int_member (sentence, "baseline"), ==, 0);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (sentence, "step_ratio"), 221084.548 / 607600, 1e-3);
  sentence = json_array_get_object_element (sentences, 3);
  g_assert_cmpstr (json_object_get_string_member (sentence, "kind"), ==, "fastest");
  g_assert_cmpstr (json_object_get_string_member (sentence, "label"), ==, "single");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (sentence, "step(us)"), 221084.548, 1e-6);

  /* --output: a file beside the tables */
  hp_test_run_cli (&files, "compare", "--labels", "job,single", "--output", out, job, single, NULL);
  g_assert_cmpint (files.status, ==, 0);
  path = g_build_filename (out, "compare_summary.txt", NULL);
  g_assert_nonnull (strstr (files.out, path));
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (contents, "\nFastest steps: single.\n"));
}

/* --baseline names the run the others are compared with, by label or by
 * place; tables keep the order the runs were given in */
static void
test_compare_baseline (void)
{
  g_autofree char *job = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autofree char *single = hp_test_data_path ("hta_nccl_parser_config", NULL);
  g_auto (HpTestCliRun) by_label = { 0 };
  g_auto (HpTestCliRun) by_place = { 0 };
  g_auto (HpTestCliRun) unknown = { 0 };
  g_auto (HpTestCliRun) zero = { 0 };
  g_auto (HpTestCliRun) json = { 0 };
  const char *job_row, *single_row;

  hp_test_run_cli (&by_label, "compare", "--labels", "job,single", "--baseline", "single", job, single, NULL);
  g_assert_cmpint (by_label.status, ==, 0);
  g_assert_nonnull (strstr (by_label.out, "\njob against single (the baseline): steps take 2.75× as long (607.6 ms "
                                          "against 221.1 ms); idle 54% of GPU time against 77%.\n"));
  g_assert_null (strstr (by_label.out, "against job"));
  /* the runs' order is the one given, whichever is the baseline */
  job_row = strstr (by_label.out, "\njob        0 ");
  single_row = strstr (by_label.out, "\nsingle     0 ");
  g_assert_nonnull (job_row);
  g_assert_nonnull (single_row);
  g_assert_true (job_row < single_row);

  hp_test_run_cli (&by_place, "compare", "--labels", "job,single", "--baseline=2", job, single, NULL);
  g_assert_cmpint (by_place.status, ==, 0);
  g_assert_cmpstr (by_place.out, ==, by_label.out);

  hp_test_run_cli (&json, "compare", "--format", "json", "--labels", "job,single", "--baseline=2", job, single,
                   NULL);
  g_assert_cmpint (json.status, ==, 0);
  g_assert_nonnull (strstr (json.out, "\"kind\" : \"baseline\""));
  g_assert_nonnull (strstr (json.out, "\"baseline\" : 1"));

  hp_test_run_cli (&unknown, "compare", "--labels", "job,single", "--baseline", "fsdp", job, single, NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "--baseline takes a run's label or its place from 1 to 2, not 'fsdp'"));
  hp_test_run_cli (&zero, "compare", "--labels", "job,single", "--baseline=3", job, single, NULL);
  g_assert_cmpint (zero.status, ==, 2);
  g_assert_nonnull (strstr (zero.err, "not '3'"));
}

static void
test_compare_errors (void)
{
  g_autofree char *a = hp_test_data_path ("diff", "control.json", NULL);
  g_auto (HpTestCliRun) one = { 0 };
  g_auto (HpTestCliRun) same = { 0 };
  g_auto (HpTestCliRun) labels = { 0 };

  hp_test_run_cli (&one, "compare", a, NULL);
  g_assert_cmpint (one.status, ==, 2);
  hp_test_run_cli (&same, "compare", a, a, NULL);
  g_assert_cmpint (same.status, ==, 2);
  g_assert_nonnull (strstr (same.err, "give --labels"));
  hp_test_run_cli (&labels, "compare", "--labels", "x,y", a, a, NULL);
  g_assert_cmpint (labels.status, ==, 0);
  g_assert_nonnull (strstr (labels.out, "Step time per run and rank"));
}

/* Writes a copy of a (gzipped) trace file whose time runs @factor times
 * slower: every ts moves away from the first one, every dur grows. */
static void
write_dilated_copy (const char *from,
                    const char *to,
                    double      factor)
{
  g_autoptr (GFile) file = g_file_new_for_path (from);
  g_autoptr (GError) error = NULL;
  g_autoptr (GInputStream) raw = G_INPUT_STREAM (g_file_read (file, NULL, &error));
  g_autoptr (GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GInputStream) stream = g_converter_input_stream_new (raw, G_CONVERTER (gunzip));
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (JsonGenerator) generator = json_generator_new ();
  JsonArray *events;
  double     t0 = NAN;

  g_assert_no_error (error);
  json_parser_load_from_stream (parser, stream, NULL, &error);
  g_assert_no_error (error);
  events = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "traceEvents");
  for (guint i = 0; i < json_array_get_length (events); i++)
    {
      JsonObject *event = json_array_get_object_element (events, i);

      if (json_object_has_member (event, "ts"))
        {
          double ts = json_object_get_double_member (event, "ts");

          if (isnan (t0))
            t0 = ts;
          /* three decimals: nanoseconds, as in ns-resolution traces */
          json_object_set_double_member (event, "ts", round ((t0 + (ts - t0) * factor) * 1000) / 1000);
        }
      if (json_object_has_member (event, "dur"))
        json_object_set_double_member (event, "dur",
                                       round (json_object_get_double_member (event, "dur") * factor * 1000) / 1000);
    }
  json_generator_set_root (generator, json_parser_get_root (parser));
  json_generator_to_file (generator, to, &error);
  g_assert_no_error (error);
}

/* a run against itself passes; a copy 25 % slower fails with exit 3 and
 * names what regressed */
static void
test_check_self_and_dilated (HpTestDirFixture *fixture,
                             gconstpointer     data)
{
  const char *run = fixture->data;
  g_autoptr (GError) error = NULL;
  const char      *dir = fixture->dir;
  g_autofree char *copy = NULL;
  g_autofree char *slow = NULL;
  g_autofree char *report = NULL;
  g_autofree char *first = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GDir) files = NULL;
  g_auto (HpTestCliRun) self = { 0 };
  g_auto (HpTestCliRun) dilated = { 0 };
  g_auto (HpTestCliRun) json = { 0 };

  hp_test_run_cli (&self, "check", run, run, NULL);
  g_assert_cmpstr (self.err, ==, "");
  g_assert_cmpint (self.status, ==, 0);
  g_assert_nonnull (strstr (self.out, "verdict: ok"));
  g_assert_null (strstr (self.out, "regressed"));

  files = g_dir_open (run, 0, &error);
  g_assert_no_error (error);
  first = g_build_filename (run, g_dir_read_name (files), NULL);
  copy = g_build_filename (dir, "slow", NULL);
  g_assert_cmpint (g_mkdir (copy, 0755), ==, 0);
  slow = g_build_filename (copy, "rank-0.json", NULL);
  write_dilated_copy (first, slow, 1.25);

  hp_test_run_cli (&dilated, "check", run, copy, NULL);
  g_assert_cmpint (dilated.status, ==, 3);
  g_assert_nonnull (strstr (dilated.out, "regressed: step_time (median): "));
  g_assert_nonnull (strstr (dilated.out, "(+25.00%, limit 5%)"));
  g_assert_nonnull (strstr (dilated.out, "regressed: gpu_busy (per step): "));
  g_assert_nonnull (strstr (dilated.out, "verdict: regressed"));

  report = g_build_filename (dir, "check.json", NULL);
  hp_test_run_cli (&json, "check", "--format", "json", "--output", report, "--max-regression", "30", run, copy, NULL);
  g_assert_cmpint (json.status, ==, 0);
  root = read_json (report);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (root), "verdict"), ==, "ok");
  g_assert_cmpfloat (json_object_get_double_member (json_node_get_object (root), "max_regression_pct"), ==, 30);

  g_unlink (slow);
  g_unlink (report);
  g_rmdir (copy);
}

/* step time: medians 100 against 104 us with an interquartile range of
 * 20 us is noise; against 130 us it is a regression (hand-made steps) */
static void
test_check_noise (void)
{
  g_autofree char *base = hp_test_data_path ("diff", "steps-base.json", NULL);
  g_autofree char *noise = hp_test_data_path ("diff", "steps-noise.json", NULL);
  g_autofree char *slow = hp_test_data_path ("diff", "steps-slow.json", NULL);
  g_auto (HpTestCliRun) within = { 0 };
  g_auto (HpTestCliRun) beyond = { 0 };

  hp_test_run_cli (&within, "check", "--max-regression", "2", "--metrics", "step_time", base, noise, NULL);
  g_assert_cmpint (within.status, ==, 0);
  g_assert_nonnull (strstr (within.out, "within noise: step_time (median): 100.000 us -> 104.000 us (+4.00%) is "
                                        "within the runs' step-to-step spread (20.00%)"));
  hp_test_run_cli (&beyond, "check", "--max-regression", "2", "--metrics", "step_time", base, slow, NULL);
  g_assert_cmpint (beyond.status, ==, 3);
  g_assert_nonnull (strstr (beyond.out, "regressed: step_time (median): 100.000 us -> 130.000 us (+30.00%, limit 2%)"));
}

/* the row of @metric in check's JSON metrics table */
static guint
metric_row (JsonObject *metrics,
            const char *metric)
{
  JsonArray *rows = json_object_get_array_member (metrics, "rows");

  for (guint row = 0; row < json_array_get_length (rows); row++)
    if (g_strcmp0 (json_node_get_string (json_cell (metrics, row, "metric")), metric) == 0)
      return row;
  g_error ("no metric %s", metric);
  return 0;
}

/* per-step figures are per rank and of the work each step launched: 2 steps kept
 * against 8 of the same work is ok (the gaps between steps used to count
 * N-1 times over N); a run without steps against one with steps, and runs
 * of different models, are "not comparable" (exit 4), not a verdict; a
 * baseline of 0 has no percentage; a job of 3 ranks (rank 3 of 4 missing,
 * rank 2 slower) is compared per rank and names its slowest rank */
static void
test_check_comparability (void)
{
  g_autofree char *steps2 = hp_test_data_path ("check", "steps-2.json", NULL);
  g_autofree char *steps8 = hp_test_data_path ("check", "steps-8.json", NULL);
  g_autofree char *no_steps = hp_test_data_path ("check", "no-steps.json", NULL);
  g_autofree char *comm = hp_test_data_path ("check", "comm.json", NULL);
  g_autofree char *other = hp_test_data_path ("check", "other-model.json", NULL);
  g_autofree char *ranks = hp_test_data_path ("check", "ranks-3-of-4", NULL);
  g_auto (HpTestCliRun) same = { 0 };
  g_auto (HpTestCliRun) steps = { 0 };
  g_auto (HpTestCliRun) zero = { 0 };
  g_auto (HpTestCliRun) model = { 0 };
  g_auto (HpTestCliRun) job = { 0 };
  g_autoptr (JsonNode) same_root = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonObject *comparability;
  JsonObject *candidate;
  JsonObject *metrics;
  guint       busy;

  hp_test_run_cli (&same, "check", "--format", "json", steps2, steps8, NULL);
  g_assert_cmpint (same.status, ==, 0);
  same_root = parse_json (same.out);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (same_root), "verdict"), ==, "ok");
  metrics = json_object_get_object_member (json_node_get_object (same_root), "metrics");
  /* each step launches one 600 us kernel: busy 600 us per step, and no
   * idle time inside the span of a step's GPU work (as `report --scope
   * step:N` measures it) */
  g_assert_cmpfloat (json_node_get_double (json_cell (metrics, metric_row (metrics, "gpu_busy (per step)"), "baseline")),
                     ==, 600);
  g_assert_cmpfloat (
      json_node_get_double (json_cell (metrics, metric_row (metrics, "gpu_busy (per step)"), "candidate")), ==, 600);
  g_assert_cmpfloat (json_node_get_double (json_cell (metrics, metric_row (metrics, "idle_time (per step)"), "baseline")),
                     ==, 0);
  g_assert_cmpfloat (
      json_node_get_double (json_cell (metrics, metric_row (metrics, "idle_time (per step)"), "candidate")), ==, 0);
  comparability = json_object_get_object_member (json_node_get_object (same_root), "comparability");
  g_assert_true (json_object_get_boolean_member (comparability, "comparable"));
  g_assert_cmpint (
      json_object_get_int_member (json_object_get_object_member (comparability, "baseline"), "steps_per_rank"), ==, 2);
  g_assert_cmpint (
      json_object_get_int_member (json_object_get_object_member (comparability, "candidate"), "steps_per_rank"), ==, 8);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (comparability, "warnings")), ==, 0);

  hp_test_run_cli (&steps, "check", steps8, no_steps, NULL);
  g_assert_cmpint (steps.status, ==, 4);
  g_assert_nonnull (strstr (steps.out, "warning: different step definitions: the baseline has 8 ProfilerSteps per "
                                       "rank, the candidate none"));
  g_assert_null (strstr (steps.out, "regressed:"));
  g_assert_nonnull (strstr (steps.out, "verdict: not comparable\n"));

  hp_test_run_cli (&zero, "check", steps8, comm, NULL);
  g_assert_cmpint (zero.status, ==, 3);
  g_assert_null (strstr (zero.out, "nan"));
  g_assert_nonnull (strstr (zero.out, "regressed: exposed_comm (per step): 0.000 us -> 100.000 us (from 0, limit 5%)"));
  g_assert_nonnull (strstr (zero.out, "new: op: nccl:all_reduce: 20.000 us in the candidate, not run by the baseline"));

  hp_test_run_cli (&model, "check", steps8, other, NULL);
  g_assert_cmpint (model.status, ==, 4);
  g_assert_nonnull (strstr (model.out, "warning: different models or hardware: only 0.00% of the baseline's GPU time "
                                       "is in operations the candidate also runs"));
  g_assert_null (strstr (model.out, "improved"));
  g_assert_nonnull (strstr (model.out, "verdict: not comparable\n"));

  hp_test_run_cli (&job, "check", "--format", "json", steps8, ranks, NULL);
  g_assert_cmpint (job.status, ==, 3);
  root = parse_json (job.out);
  comparability = json_object_get_object_member (json_node_get_object (root), "comparability");
  candidate = json_object_get_object_member (comparability, "candidate");
  g_assert_cmpint (json_object_get_int_member (candidate, "n_ranks"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (candidate, "ranks"), ==, "0–2");
  g_assert_cmpstr (json_object_get_string_member (candidate, "missing_ranks"), ==, "3");
  g_assert_cmpfloat (json_object_get_double_member (candidate, "shared_gpu_time_pct"), ==, 100);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (comparability, "warnings"), 0), ==,
                   "different rank counts: 1 against 3; per-step figures are per rank (the mean over ranks, with "
                   "the slowest rank)");
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (comparability, "warnings"), 1), ==,
                   "the candidate lacks the files of rank 3");
  /* ranks 0 and 1 are busy 600 us per step, rank 2 800 us: the mean, not
   * the sum (2 ms) */
  metrics = json_object_get_object_member (json_node_get_object (root), "metrics");
  busy = metric_row (metrics, "gpu_busy (per step)");
  g_assert_cmpfloat_with_epsilon (json_node_get_double (json_cell (metrics, busy, "candidate")), 2000.0 / 3, 1e-6);
  g_assert_cmpint (json_node_get_int (json_cell (metrics, busy, "candidate_slowest_rank")), ==, 2);
  g_assert_cmpfloat (json_node_get_double (json_cell (metrics, busy, "candidate_slowest")), ==, 800);
  g_assert_cmpfloat (json_node_get_double (json_cell (metrics, busy, "candidate_rank_spread")), ==, 200);
}

static void
test_check_errors (void)
{
  g_autofree char *base = hp_test_data_path ("diff", "steps-base.json", NULL);
  g_autofree char *missing = hp_test_data_path ("diff", "no-such-run", NULL);
  g_auto (HpTestCliRun) one = { 0 };
  g_auto (HpTestCliRun) metric = { 0 };
  g_auto (HpTestCliRun) limit = { 0 };
  g_auto (HpTestCliRun) absent = { 0 };

  hp_test_run_cli (&one, "check", base, NULL);
  g_assert_cmpint (one.status, ==, 2);
  hp_test_run_cli (&metric, "check", "--metrics", "speed", base, base, NULL);
  g_assert_cmpint (metric.status, ==, 2);
  hp_test_run_cli (&limit, "check", "--max-regression", "-1", base, base, NULL);
  g_assert_cmpint (limit.status, ==, 2);
  hp_test_run_cli (&absent, "check", base, missing, NULL);
  g_assert_cmpint (absent.status, ==, 1);
  g_assert_nonnull (strstr (absent.err, "no-such-run"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  hp_test_add_dir ("/cli/diff/matches-golden", NULL, test_diff_matches_golden);
  g_test_add_func ("/cli/diff/default-json", test_diff_default_json);
  hp_test_add_dir ("/cli/diff/charts", NULL, test_diff_charts);
  g_test_add_func ("/cli/diff/errors", test_diff_errors);
  g_test_add_func ("/cli/compare/equals-report", test_compare_equals_report);
  g_test_add_func ("/cli/compare/errors", test_compare_errors);
  hp_test_add_dir ("/cli/compare/summary", NULL, test_compare_summary);
  g_test_add_func ("/cli/compare/baseline", test_compare_baseline);
  g_test_add_func ("/cli/diff/tree-vendors", test_diff_tree_vendors);
  hp_test_add_dir ("/cli/check/self-and-dilated", "hta_nccl_parser_config", test_check_self_and_dilated);
  g_test_add_func ("/cli/check/noise", test_check_noise);
  g_test_add_func ("/cli/check/comparability", test_check_comparability);
  g_test_add_func ("/cli/check/errors", test_check_errors);

  return g_test_run ();
}
