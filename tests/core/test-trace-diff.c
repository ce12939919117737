/* test-trace-diff.c — compare_traces and ops_diff against HTA's outputs and hand-made pairs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-test-utils.h"
#include "hp-core.h"

/* the two golden pairs: folder of HTA's outputs, control and test traces */
static const char *const pairs[][3] = {
  { "pair_trace_diff", "hta_trace_diff_control", "hta_trace_diff_test" },
  { "pair_trace_compare", "hta_trace_compare_base", "hta_trace_compare_test" },
};

typedef struct
{
  guint pair;
  char *file; /* compare_traces_<variant>.csv or ops_diff_<variant>.json */
} GoldenCase;

static HpTrace   *pair_traces[G_N_ELEMENTS (pairs)][2];
static GPtrArray *golden_cases;

static void
golden_case_free (gpointer data)
{
  GoldenCase *gc = data;

  g_free (gc->file);
  g_free (gc);
}

static int
cmp_file_names (gconstpointer a,
                gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

static HpTrace *
pair_trace (guint pair,
            guint side)
{
  if (pair_traces[pair][side] == NULL)
    pair_traces[pair][side] = hp_test_load (pairs[pair][1 + side], HP_MODE_HTA_COMPAT);
  return pair_traces[pair][side];
}

static GArray *
iterations_from_json (JsonNode *node)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));

  if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          int it = (int)json_array_get_int_element (array, i);

          g_array_append_val (out, it);
        }
    }
  else
    {
      int it = (int)json_node_get_int (node);

      g_array_append_val (out, it);
    }
  return out;
}

/* HTA's call arguments (the golden `_args.json`) as our parameters */
static void
params_from_json (HpTraceDiffParams *params,
                  JsonObject        *args)
{
  hp_trace_diff_params_init (params);
  if (json_object_has_member (args, "control_rank"))
    params->control_rank = (int)json_object_get_int_member (args, "control_rank");
  if (json_object_has_member (args, "test_rank"))
    params->test_rank = (int)json_object_get_int_member (args, "test_rank");
  if (json_object_has_member (args, "control_iteration"))
    params->control_iterations = iterations_from_json (json_object_get_member (args, "control_iteration"));
  if (json_object_has_member (args, "test_iteration"))
    params->test_iterations = iterations_from_json (json_object_get_member (args, "test_iteration"));
  if (json_object_has_member (args, "device_type"))
    g_assert_true (hp_diff_device_from_string (json_object_get_string_member (args, "device_type"),
                                               &params->device));
  params->use_short_name = json_object_get_boolean_member_with_default (args, "use_short_name", FALSE);
}

static JsonNode *
read_json (const char *path)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static void
test_golden_compare (gconstpointer data)
{
  const GoldenCase *gc = data;
  g_autofree char  *csv = hp_test_golden_path (pairs[gc->pair][0], gc->file);
  g_autofree char  *stem = g_strndup (gc->file, strlen (gc->file) - 4);
  g_autofree char  *args_file = g_strconcat (stem, "_args.json", NULL);
  g_autofree char  *args_path = hp_test_golden_path (pairs[gc->pair][0], args_file);
  g_autoptr (JsonNode) args = read_json (args_path);
  g_autoptr (HpTable) table = NULL;
  g_autoptr (GError) error = NULL;
  HpTraceDiffParams params;

  params_from_json (&params, json_node_get_object (args));
  table = hp_trace_diff_compare (pair_trace (gc->pair, 0), pair_trace (gc->pair, 1), &params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_table_get_n_rows (table), >, 0);
  hp_test_assert_table_matches_golden (table, csv);
  hp_trace_diff_params_clear (&params);
}

static void
test_golden_ops_diff (gconstpointer data)
{
  const GoldenCase *gc = data;
  g_autofree char  *path = hp_test_golden_path (pairs[gc->pair][0], gc->file);
  g_autoptr (JsonNode) golden = read_json (path);
  JsonObject *root = json_node_get_object (golden);
  JsonObject *result = json_object_get_object_member (root, "result");
  g_autoptr (HpOpsDiff) diff = NULL;
  g_autoptr (GError) error = NULL;
  HpTraceDiffParams params;
  guint             total = 0;

  params_from_json (&params, json_object_get_object_member (root, "args"));
  diff = hp_trace_diff_ops_diff (pair_trace (gc->pair, 0), pair_trace (gc->pair, 1), &params, NULL, &error);
  g_assert_no_error (error);
  for (guint k = 0; k < HP_N_OPS_DIFF_KINDS; k++)
    {
      JsonArray *expected = json_object_get_array_member (result, hp_ops_diff_kind_to_string ((HpOpsDiffKind)k));

      g_assert_cmpuint (diff->names[k]->len, ==, json_array_get_length (expected));
      for (guint i = 0; i < json_array_get_length (expected); i++)
        g_assert_cmpstr (g_ptr_array_index (diff->names[k], i), ==, json_array_get_string_element (expected, i));
      total += diff->names[k]->len;
    }
  g_assert_cmpuint (total, >, 0);
  hp_trace_diff_params_clear (&params);
}

static void
add_golden_tests (void)
{
  golden_cases = g_ptr_array_new_with_free_func (golden_case_free);
  for (guint p = 0; p < G_N_ELEMENTS (pairs); p++)
    {
      g_autofree char *dir_path = hp_test_golden_path (pairs[p][0], NULL);
      g_autoptr (GDir) dir = g_dir_open (dir_path, 0, NULL);
      g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
      const char *file;

      g_assert_nonnull (dir);
      while ((file = g_dir_read_name (dir)) != NULL)
        if ((g_str_has_prefix (file, "compare_traces_") && g_str_has_suffix (file, ".csv")) ||
            (g_str_has_prefix (file, "ops_diff_") && g_str_has_suffix (file, ".json")))
          g_ptr_array_add (files, g_strdup (file));
      g_ptr_array_sort (files, cmp_file_names);
      g_assert_cmpuint (files->len, >=, 7);

      for (guint i = 0; i < files->len; i++)
        {
          GoldenCase      *gc = g_new0 (GoldenCase, 1);
          g_autofree char *test_path = NULL;
          gboolean         csv;

          g_ptr_array_add (golden_cases, gc);
          gc->pair = p;
          gc->file = g_strdup (g_ptr_array_index (files, i));
          csv = g_str_has_suffix (gc->file, ".csv");
          test_path = g_strdup_printf ("/core/trace-diff/golden/%s/%s", pairs[p][0], gc->file);
          g_test_add_data_func (test_path, gc, csv ? test_golden_compare : test_golden_ops_diff);
        }
    }
}

/* hand-made pairs (tests/data/diff) */

static HpTrace *
load_diff (const char *file,
           HpMode      mode)
{
  g_autofree char *name = g_build_filename ("diff", file, NULL);

  return hp_test_load (name, mode);
}

static HpTable *
compare_files (const char              *control,
               const char              *test,
               HpMode                   mode,
               const HpTraceDiffParams *params)
{
  g_autoptr (HpTrace) c = load_diff (control, mode);
  g_autoptr (HpTrace) t = load_diff (test, mode);
  g_autoptr (GError) error = NULL;
  HpTable *table;

  table = hp_trace_diff_compare (c, t, params, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (table);
  return table;
}

static void
assert_row (HpTable    *table,
            guint       row,
            const char *name,
            const char *cat,
            gint64      c_count,
            double      c_dur,
            gint64      t_count,
            double      t_dur,
            const char *change)
{
  g_assert_cmpuint (row, <, hp_table_get_n_rows (table));
  g_assert_cmpstr (hp_table_get_string (table, row, 0), ==, name);
  if (cat != NULL)
    g_assert_cmpstr (hp_table_get_string (table, row, 1), ==, cat);
  g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "Control_counts")), ==, c_count);
  g_assert_cmpfloat (hp_test_cell (table, row, "Control_total_duration"), ==, c_dur);
  g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "Test_counts")), ==, t_count);
  g_assert_cmpfloat (hp_test_cell (table, row, "Test_total_duration"), ==, t_dur);
  g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "diff_counts")), ==, t_count - c_count);
  g_assert_cmpfloat (hp_test_cell (table, row, "diff_duration"), ==, t_dur - c_dur);
  g_assert_cmpstr (hp_table_get_string (table, row, hp_test_column (table, "counts_change_categories")), ==,
                   change);
}

static void
assert_list (HpOpsDiff    *diff,
             HpOpsDiffKind kind,
             const char   *joined)
{
  g_autofree char *ours = NULL;

  g_ptr_array_add (diff->names[kind], NULL);
  ours = g_strjoinv (",", (char **)diff->names[kind]->pdata);
  g_ptr_array_remove_index (diff->names[kind], diff->names[kind]->len - 1);
  g_assert_cmpstr (ours, ==, joined);
}

/* Default mode: steps match whatever their numbers, categories stay apart,
 * mean duration and change in % (numbers worked out by hand from the files). */
static void
test_default_mode (void)
{
  HpTraceDiffParams params;
  g_autoptr (HpTable) table = NULL;
  g_autoptr (HpOpsDiff) diff = NULL;

  hp_trace_diff_params_init (&params);
  table = compare_files ("control.json", "test.json", HP_MODE_DEFAULT, &params);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 7);
  assert_row (table, 0, "ProfilerStep", "user_annotation", 1, 100, 1, 200, "=");
  assert_row (table, 1, "aten::mm", "cpu_op", 2, 20, 4, 60, "+");
  assert_row (table, 2, "bar", "cpu_op", 0, 0, 1, 3, "+");
  assert_row (table, 3, "cudaLaunchKernel", "cuda_runtime", 1, 4, 1, 4, "=");
  assert_row (table, 4, "foo", "cpu_op", 1, 5, 1, 5, "=");
  assert_row (table, 5, "foo", "user_annotation", 1, 7, 0, 0, "-");
  assert_row (table, 6, "sgemm", "kernel", 1, 20, 1, 30, "=");

  /* aten::mm: 20/2 = 10 us against 60/4 = 15 us, total +200 % */
  g_assert_cmpfloat (hp_test_cell (table, 1, "Control_mean_duration"), ==, 10.0);
  g_assert_cmpfloat (hp_test_cell (table, 1, "Test_mean_duration"), ==, 15.0);
  g_assert_cmpfloat (hp_test_cell (table, 1, "diff_mean_duration"), ==, 5.0);
  g_assert_cmpfloat (hp_test_cell (table, 1, "duration_change_pct"), ==, 200.0);
  g_assert_true (isnan (hp_test_cell (table, 2, "Control_mean_duration")));
  g_assert_true (isnan (hp_test_cell (table, 2, "duration_change_pct")));
  g_assert_cmpfloat (hp_test_cell (table, 5, "duration_change_pct"), ==, -100.0);
  g_assert_cmpfloat (hp_test_cell (table, 6, "duration_change_pct"), ==, 50.0);
  g_assert_cmpstr (hp_table_get_string (table, 6, hp_test_column (table, "device")), ==, "GPU");

  diff = hp_ops_diff_from_compare (table);
  assert_list (diff, HP_OPS_DIFF_ADDED, "bar");
  assert_list (diff, HP_OPS_DIFF_DELETED, "foo");
  assert_list (diff, HP_OPS_DIFF_INCREASED, "aten::mm");
  assert_list (diff, HP_OPS_DIFF_DECREASED, "");
  assert_list (diff, HP_OPS_DIFF_UNCHANGED, "ProfilerStep,cudaLaunchKernel,foo,sgemm");
  hp_trace_diff_params_clear (&params);
}

/* The same pair as HTA sees it: categories merged, step names differ. */
static void
test_compat_mode (void)
{
  HpTraceDiffParams params;
  g_autoptr (HpTable) table = NULL;

  hp_trace_diff_params_init (&params);
  table = compare_files ("control.json", "test.json", HP_MODE_HTA_COMPAT, &params);
  g_assert_cmpint (hp_table_find_column (table, "cat"), ==, -1);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 7);
  assert_row (table, 0, "ProfilerStep#1", NULL, 1, 100, 0, 0, "-");
  assert_row (table, 1, "ProfilerStep#7", NULL, 0, 0, 1, 200, "+");
  assert_row (table, 2, "aten::mm", NULL, 2, 20, 4, 60, "+");
  assert_row (table, 3, "bar", NULL, 0, 0, 1, 3, "+");
  assert_row (table, 4, "cudaLaunchKernel", NULL, 1, 4, 1, 4, "=");
  assert_row (table, 5, "foo", NULL, 2, 12, 1, 5, "-");
  assert_row (table, 6, "sgemm", NULL, 1, 20, 1, 30, "=");
  hp_trace_diff_params_clear (&params);
}

/* Selections: the second iteration, one device, equal labels. */
static void
test_selection (void)
{
  HpTraceDiffParams params;
  g_autoptr (HpTable) gpu = NULL;
  g_autoptr (HpTable) second = NULL;
  int two = 2, eight = 8;

  hp_trace_diff_params_init (&params);
  params.device = HP_DIFF_DEVICE_GPU;
  params.control_label = g_strdup ("Run");
  params.test_label = g_strdup ("Run");
  gpu = compare_files ("control.json", "test.json", HP_MODE_DEFAULT, &params);
  g_assert_cmpuint (hp_table_get_n_rows (gpu), ==, 1);
  g_assert_cmpstr (hp_table_get_string (gpu, 0, 0), ==, "sgemm");
  g_assert_cmpint (hp_test_column (gpu, "Run_counts"), ==, 2);
  g_assert_cmpint (hp_test_column (gpu, "Run_control_test_counts"), ==, 4);
  hp_trace_diff_params_clear (&params);

  hp_trace_diff_params_init (&params);
  params.device = HP_DIFF_DEVICE_CPU;
  params.control_iterations = g_array_new (FALSE, FALSE, sizeof (int));
  params.test_iterations = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (params.control_iterations, two);
  g_array_append_val (params.test_iterations, eight);
  second = compare_files ("control.json", "test.json", HP_MODE_DEFAULT, &params);
  g_assert_cmpuint (hp_table_get_n_rows (second), ==, 2);
  assert_row (second, 0, "ProfilerStep", "user_annotation", 1, 100, 1, 50, "=");
  assert_row (second, 1, "aten::mm", "cpu_op", 1, 50, 0, 0, "-");
  hp_trace_diff_params_clear (&params);
}

/* Runs without ProfilerStep: HTA refuses, the default mode diffs them whole. */
static void
test_no_steps (void)
{
  HpTraceDiffParams params;
  g_autoptr (HpTrace) c = load_diff ("nosteps-control.json", HP_MODE_HTA_COMPAT);
  g_autoptr (HpTrace) t = load_diff ("nosteps-test.json", HP_MODE_HTA_COMPAT);
  g_autoptr (HpTable) table = NULL;
  g_autoptr (HpTable) whole = NULL;
  g_autoptr (GError) error = NULL;

  hp_trace_diff_params_init (&params);
  table = hp_trace_diff_compare (c, t, &params, NULL, &error);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
  g_assert_null (table);
  g_assert_true (g_str_has_prefix (error->message, "Control: "));
  g_assert_nonnull (strstr (error->message, "iteration"));

  whole = compare_files ("nosteps-control.json", "nosteps-test.json", HP_MODE_DEFAULT, &params);
  g_assert_cmpuint (hp_table_get_n_rows (whole), ==, 1);
  assert_row (whole, 0, "aten::add", "cpu_op", 2, 6, 3, 9, "+");
  g_assert_cmpfloat (hp_test_cell (whole, 0, "duration_change_pct"), ==, 50.0);
  hp_trace_diff_params_clear (&params);
}

/* CUDA against ROCm: operators match, a HIP runtime call matches its CUDA
 * twin (and says so), kernels are listed side by side. */
static void
test_different_hardware (void)
{
  HpTraceDiffParams params;
  g_autoptr (HpTable) table = NULL;
  g_autoptr (HpOpsDiff) diff = NULL;

  hp_trace_diff_params_init (&params);
  table = compare_files ("control.json", "amd.json", HP_MODE_DEFAULT, &params);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 7);
  assert_row (table, 0, "Cijk_Alik", "kernel", 0, 0, 1, 25, "~");
  assert_row (table, 1, "ProfilerStep", "user_annotation", 1, 100, 1, 100, "=");
  assert_row (table, 2, "aten::mm", "cpu_op", 2, 20, 2, 20, "=");
  assert_row (table, 3, "cudaLaunchKernel", "cuda_runtime", 1, 4, 1, 4, "=");
  g_assert_cmpstr (hp_table_get_string (table, 3, (guint)hp_table_find_column (table, "matched_names")), ==,
                   "cudaLaunchKernel = hipLaunchKernel");
  g_assert_cmpstr (hp_table_get_string (table, 2, (guint)hp_table_find_column (table, "matched_names")), ==, "");
  assert_row (table, 6, "sgemm", "kernel", 1, 20, 0, 0, "~");

  diff = hp_ops_diff_from_compare (table);
  assert_list (diff, HP_OPS_DIFF_ADDED, "");
  assert_list (diff, HP_OPS_DIFF_DELETED, "");
  assert_list (diff, HP_OPS_DIFF_UNCHANGED, "ProfilerStep,aten::mm,cudaLaunchKernel,foo");
  hp_trace_diff_params_clear (&params);
}

/* A trace of the old profiler (Operator, Runtime, Kernel, Memcpy) against
 * a new one (cpu_op, cuda_runtime, kernel, gpu_memcpy): the default mode
 * matches every op under today's names; nothing is added or deleted. */
static void
test_profiler_versions (void)
{
  HpTraceDiffParams params;
  g_autoptr (HpTable) table = NULL;
  g_autoptr (HpOpsDiff) diff = NULL;

  hp_trace_diff_params_init (&params);
  table = compare_files ("old-format.json", "new-format.json", HP_MODE_DEFAULT, &params);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 8);
  assert_row (table, 0, "Memcpy HtoD (Pageable -> Device)", "gpu_memcpy", 1, 30, 1, 30, "=");
  assert_row (table, 1, "ProfilerStep", "user_annotation", 1, 900, 1, 900, "=");
  assert_row (table, 2, "aten::conv2d", "cpu_op", 1, 50, 1, 50, "=");
  assert_row (table, 4, "cudaLaunchKernel", "cuda_runtime", 2, 40, 2, 40, "=");
  assert_row (table, 7, "implicit_convolve_sgemm", "kernel", 1, 300, 1, 240, "=");
  diff = hp_ops_diff_from_compare (table);
  assert_list (diff, HP_OPS_DIFF_ADDED, "");
  assert_list (diff, HP_OPS_DIFF_DELETED, "");
  hp_trace_diff_params_clear (&params);
}

/* Bad selections name the run and what exists. */
static void
test_bad_selection (void)
{
  HpTraceDiffParams params;
  g_autoptr (HpTrace) c = load_diff ("control.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) t = load_diff ("test.json", HP_MODE_DEFAULT);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTable) table = NULL;
  int three = 3;

  hp_trace_diff_params_init (&params);
  params.test_rank = 5;
  table = hp_trace_diff_compare (c, t, &params, NULL, &error);
  g_assert_null (table);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK);
  g_assert_cmpstr (error->message, ==, "Test: rank 5 is not in the trace (ranks: 0)");
  g_clear_error (&error);

  params.test_rank = -1;
  params.control_iterations = g_array_new (FALSE, FALSE, sizeof (int));
  g_array_append_val (params.control_iterations, three);
  table = hp_trace_diff_compare (c, t, &params, NULL, &error);
  g_assert_null (table);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
  g_assert_cmpstr (error->message, ==, "Control: iteration 3 is not in the trace (iterations: 1, 2)");
  hp_trace_diff_params_clear (&params);
}

/* aten::linear launches two more kernels: the tree diff reports it at
 * aten::linear, with the launch and the new kernel below it */
static void
test_tree_diff (void)
{
  HpTraceDiffParams params;
  g_autoptr (HpTrace) c = load_diff ("tree-control.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) t = load_diff ("tree-test.json", HP_MODE_DEFAULT);
  g_autoptr (HpTable) tree = NULL;
  g_autoptr (GError) error = NULL;

  hp_trace_diff_params_init (&params);
  tree = hp_tree_diff (c, t, &params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_table_get_n_rows (tree), ==, 3);

  g_assert_cmpstr (hp_table_get_string (tree, 0, 0), ==, "ProfilerStep > ## forward ## > aten::linear");
  g_assert_cmpfloat (hp_test_cell (tree, 0, "depth"), ==, 2);
  g_assert_cmpfloat (hp_test_cell (tree, 0, "Control_kernels"), ==, 1);
  g_assert_cmpfloat (hp_test_cell (tree, 0, "Test_kernels"), ==, 3);
  g_assert_cmpfloat (hp_test_cell (tree, 0, "diff_duration"), ==, 20);
  g_assert_cmpstr (hp_table_get_string (tree, 0, hp_test_column (tree, "change")), ==, "children changed");
  g_assert_cmpfloat (hp_test_cell (tree, 0, "root_of_change"), ==, 1);
  g_assert_cmpstr (hp_table_get_string (tree, 0, hp_test_column (tree, "summary")), ==,
                   "aten::linear under ProfilerStep > ## forward ## gained 2 kernels, +20.0 us: "
                   "cudaLaunchKernel ran 3 times instead of 1");

  g_assert_cmpstr (hp_table_get_string (tree, 1, 2), ==, "cudaLaunchKernel");
  g_assert_cmpfloat (hp_test_cell (tree, 1, "Control_counts"), ==, 1);
  g_assert_cmpfloat (hp_test_cell (tree, 1, "Test_counts"), ==, 3);
  g_assert_cmpstr (hp_table_get_string (tree, 1, hp_test_column (tree, "change")), ==, "count changed");
  g_assert_cmpfloat (hp_test_cell (tree, 1, "root_of_change"), ==, 0);

  g_assert_cmpstr (hp_table_get_string (tree, 2, 0), ==,
                   "ProfilerStep > ## forward ## > aten::linear > cudaLaunchKernel > relu");
  g_assert_cmpstr (hp_table_get_string (tree, 2, hp_test_column (tree, "change")), ==, "added");
  g_assert_cmpfloat (hp_test_cell (tree, 2, "Test_duration"), ==, 20);
  g_assert_true (hp_table_is_null (tree, 2, (guint)hp_test_column (tree, "summary")));

  /* the other way round: one time, not "1 times" */
  g_clear_pointer (&tree, hp_table_unref);
  tree = hp_tree_diff (t, c, &params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (hp_table_get_string (tree, 0, hp_test_column (tree, "summary")), ==,
                   "aten::linear under ProfilerStep > ## forward ## lost 2 kernels, -20.0 us: "
                   "cudaLaunchKernel ran 1 time instead of 3");
  hp_trace_diff_params_clear (&params);
}

/* the row of the aligned tree at @path, or -1 */
static int
tree_row (HpTable    *tree,
          const char *path)
{
  for (guint row = 0; row < hp_table_get_n_rows (tree); row++)
    if (g_strcmp0 (hp_table_get_string (tree, row, 0), path) == 0)
      return (int)row;
  return -1;
}

/* CUDA against ROCm: the tree diff matches a HIP runtime call with its
 * CUDA twin as the ops diff does, and says so; HTA's mode keeps names as
 * they are */
static void
test_tree_diff_hip_cuda (void)
{
  HpTraceDiffParams params;
  g_autoptr (HpTrace) c = load_diff ("control.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) t = load_diff ("amd.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) cc = load_diff ("control.json", HP_MODE_HTA_COMPAT);
  g_autoptr (HpTrace) tc = load_diff ("amd.json", HP_MODE_HTA_COMPAT);
  g_autoptr (HpTable) tree = NULL;
  g_autoptr (HpTable) back = NULL;
  g_autoptr (HpTable) compat = NULL;
  g_autoptr (GError) error = NULL;
  int launch, matched;

  hp_trace_diff_params_init (&params);
  tree = hp_tree_diff_full (c, t, &params, NULL, &error);
  g_assert_no_error (error);
  matched = hp_table_column_of (tree, HP_TREE_DIFF_COL_MATCHED_NAMES);
  g_assert_cmpint (matched, >=, 0);
  launch = tree_row (tree, "ProfilerStep > cudaLaunchKernel");
  g_assert_cmpint (launch, >=, 0);
  g_assert_cmpfloat (hp_test_cell (tree, (guint)launch, "Control_counts"), ==, 1);
  g_assert_cmpfloat (hp_test_cell (tree, (guint)launch, "Test_counts"), ==, 1);
  g_assert_cmpstr (hp_table_get_string (tree, (guint)launch, (guint)matched), ==, "cudaLaunchKernel = hipLaunchKernel");
  g_assert_cmpint (tree_row (tree, "ProfilerStep > hipLaunchKernel"), ==, -1);
  /* the kernels differ by vendor and hang from the one launch */
  g_assert_cmpint (tree_row (tree, "ProfilerStep > cudaLaunchKernel > Cijk_Alik"), >=, 0);
  g_assert_cmpint (tree_row (tree, "ProfilerStep > cudaLaunchKernel > sgemm"), >=, 0);
  /* an op of both runs under one name says nothing */
  g_assert_cmpstr (hp_table_get_string (tree, (guint)tree_row (tree, "ProfilerStep > aten::mm"), (guint)matched), ==,
                   "");

  /* the other way round, the HIP name first */
  back = hp_tree_diff_full (t, c, &params, NULL, &error);
  g_assert_no_error (error);
  launch = tree_row (back, "ProfilerStep > hipLaunchKernel");
  g_assert_cmpint (launch, >=, 0);
  g_assert_cmpstr (hp_table_get_string (back, (guint)launch, (guint)hp_table_column_of (back, HP_TREE_DIFF_COL_MATCHED_NAMES)),
                   ==, "hipLaunchKernel = cudaLaunchKernel");

  compat = hp_tree_diff_full (cc, tc, &params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (hp_table_column_of (compat, HP_TREE_DIFF_COL_MATCHED_NAMES), ==, -1);
  launch = tree_row (compat, "ProfilerStep#1 > hipLaunchKernel");
  g_assert_cmpint (launch, >=, 0);
  g_assert_cmpstr (hp_table_get_string (compat, (guint)launch, hp_test_column (compat, "change")), ==, "added");
  hp_trace_diff_params_clear (&params);
}

/* the whole aligned tree: the unchanged nodes in their place ("="), and
 * its changed rows are exactly hp_tree_diff()'s table */
static void
test_tree_diff_full (void)
{
  HpTraceDiffParams params;
  g_autoptr (HpTrace) c = load_diff ("tree-control.json", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) t = load_diff ("tree-test.json", HP_MODE_DEFAULT);
  g_autoptr (HpTable) full = NULL;
  g_autoptr (HpTable) flat = NULL;
  g_autoptr (HpTable) changed = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *flat_csv = NULL;
  g_autofree char *changed_csv = NULL;
  int              change;

  hp_trace_diff_params_init (&params);
  full = hp_tree_diff_full (c, t, &params, NULL, &error);
  g_assert_no_error (error);
  flat = hp_tree_diff (c, t, &params, NULL, &error);
  g_assert_no_error (error);
  change = hp_test_column (full, "change");
  g_assert_cmpuint (hp_table_get_n_rows (full), >, hp_table_get_n_rows (flat));

  /* the step and the annotation above aten::linear did not change */
  g_assert_cmpstr (hp_table_get_string (full, 0, 0), ==, "ProfilerStep");
  g_assert_cmpfloat (hp_test_cell (full, 0, "depth"), ==, 0);
  g_assert_cmpstr (hp_table_get_string (full, 0, (guint)change), ==, "=");
  g_assert_cmpstr (hp_table_get_string (full, 1, 0), ==, "ProfilerStep > ## forward ##");
  g_assert_cmpstr (hp_table_get_string (full, 1, (guint)change), ==, "=");
  g_assert_cmpstr (hp_table_get_string (full, 2, 0), ==, "ProfilerStep > ## forward ## > aten::linear");
  g_assert_cmpstr (hp_table_get_string (full, 2, (guint)change), ==, "children changed");
  /* a child is one deeper than its parent, never more */
  for (guint row = 1; row < hp_table_get_n_rows (full); row++)
    g_assert_cmpfloat (hp_test_cell (full, row, "depth"), <=, hp_test_cell (full, row - 1, "depth") + 1);

  changed = hp_tree_diff_changed (full);
  flat_csv = hp_table_to_csv (flat);
  changed_csv = hp_table_to_csv (changed);
  g_assert_cmpstr (changed_csv, ==, flat_csv);
  hp_trace_diff_params_clear (&params);
}

/* the real pair: every place of change says what changed */
static void
test_tree_diff_real_pair (void)
{
  HpTraceDiffParams params;
  g_autoptr (HpTable) tree = NULL;
  g_autoptr (GError) error = NULL;
  int   summary_col, root_col;
  guint roots = 0;

  hp_trace_diff_params_init (&params);
  tree = hp_tree_diff (pair_trace (0, 0), pair_trace (0, 1), &params, NULL, &error);
  g_assert_no_error (error);
  summary_col = hp_test_column (tree, "summary");
  root_col = hp_test_column (tree, "root_of_change");
  for (guint row = 0; row < hp_table_get_n_rows (tree); row++)
    if (hp_table_get_int (tree, row, (guint)root_col))
      {
        g_assert_nonnull (hp_table_get_string (tree, row, (guint)summary_col));
        roots++;
      }
  g_assert_cmpuint (roots, >, 0);
  hp_trace_diff_params_clear (&params);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  add_golden_tests ();
  g_test_add_func ("/core/trace-diff/default-mode", test_default_mode);
  g_test_add_func ("/core/trace-diff/compat-mode", test_compat_mode);
  g_test_add_func ("/core/trace-diff/selection", test_selection);
  g_test_add_func ("/core/trace-diff/no-steps", test_no_steps);
  g_test_add_func ("/core/trace-diff/different-hardware", test_different_hardware);
  g_test_add_func ("/core/trace-diff/profiler-versions", test_profiler_versions);
  g_test_add_func ("/core/trace-diff/bad-selection", test_bad_selection);
  g_test_add_func ("/core/trace-diff/tree", test_tree_diff);
  g_test_add_func ("/core/trace-diff/tree-real-pair", test_tree_diff_real_pair);
  g_test_add_func ("/core/trace-diff/tree-full", test_tree_diff_full);
  g_test_add_func ("/core/trace-diff/tree-hip-cuda", test_tree_diff_hip_cuda);
  status = g_test_run ();

  g_clear_pointer (&golden_cases, g_ptr_array_unref);
  for (guint p = 0; p < G_N_ELEMENTS (pairs); p++)
    for (guint s = 0; s < 2; s++)
      g_clear_pointer (&pair_traces[p][s], hp_trace_unref);
  return status;
}
