/* test-hostile-inputs.c — valid but hostile traces: cycles, deep stacks, high-bit keys, junk metadata, huge jobs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include <json-glib/json-glib.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* ---------------------------------------------------------------------- */
/* helpers                                                                 */

static char *
make_temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("hp-test-hostile-inputs-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static char *
write_file (const char *dir,
            const char *name,
            const char *text,
            gssize      len)
{
  g_autoptr (GError) error = NULL;
  char *path = g_build_filename (dir, name, NULL);

  g_file_set_contents (path, text, len, &error);
  g_assert_no_error (error);
  return path;
}

static HpTrace *
load_ok (const char          *path,
         const HpLoadOptions *options)
{
  g_autoptr (GError) error = NULL;
  HpTrace *trace = hp_load_path (path, options, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static HpTable *
tree_diff_full (HpTrace *a,
                HpTrace *b)
{
  g_autoptr (GError) error = NULL;
  HpTraceDiffParams params;
  HpTable          *table;

  hp_trace_diff_params_init (&params);
  table = hp_tree_diff_full (a, b, &params, NULL, &error);
  hp_trace_diff_params_clear (&params);
  g_assert_no_error (error);
  g_assert_nonnull (table);
  return table;
}

/* ---------------------------------------------------------------------- */
/* tree diff                                                               */

/* A kernel and its launch on one lane with the same ts and dur nest each
 * in the other: the kernel, first in the file, encloses the launch on the
 * lane while the launch is the kernel's partner. The tree must still be
 * launch > kernel, and the walk must end. */
static void
test_tree_diff_launch_kernel_same_lane (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "launch-kernel-same-lane.json", NULL);
  g_autoptr (HpTrace) trace = load_ok (path, NULL);
  g_autoptr (HpTable) table = tree_diff_full (trace, trace);
  int path_col = hp_test_column (table, "path");
  int kernels_col = hp_test_column (table, "Control_kernels");

  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 2);
  g_assert_cmpstr (hp_table_get_string (table, 0, (guint)path_col), ==, "cudaLaunchKernel");
  g_assert_cmpstr (hp_table_get_string (table, 1, (guint)path_col), ==, "cudaLaunchKernel > gemm_kernel");
  g_assert_cmpint (hp_table_get_int (table, 0, (guint)kernels_col), ==, 1);
  g_assert_cmpint (hp_table_get_int (table, 1, (guint)hp_test_column (table, "depth")), ==, 1);
}

/* D nested operators: a trace with its ProfilerStep and one kernel at the
 * bottom (a change against the same stack without it) */
static char *
deep_stack_json (guint    depth,
                 gboolean kernel)
{
  GString *s = g_string_new ("{\"traceEvents\": [\n");

  g_string_append_printf (s, "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#1\", "
                             "\"pid\": 1, \"tid\": 1, \"ts\": 10, \"dur\": %u}",
                          4 * depth + 100);
  for (guint d = 0; d < depth; d++)
    g_string_append_printf (s, ",\n{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::op%u\", \"pid\": 1, "
                               "\"tid\": 1, \"ts\": %u, \"dur\": %u}",
                            d % 7, 20 + d, 4 * depth - 2 * d);
  if (kernel)
    g_string_append_printf (s, ",\n{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", "
                               "\"pid\": 1, \"tid\": 1, \"ts\": %u, \"dur\": 1, \"args\": {\"correlation\": 5}}"
                               ",\n{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", \"pid\": 0, \"tid\": 7, "
                               "\"ts\": %u, \"dur\": 3, \"args\": {\"correlation\": 5, \"stream\": 7, "
                               "\"device\": 0}}",
                            20 + depth, 30 + depth);
  g_string_append (s, "\n]}\n");
  return g_string_free (s, FALSE);
}

/* 16,000 nested operators: aligned by (parent, name), not by path
 * strings, the diff is linear in the depth (the paths alone would be
 * 16,000² / 2 names long) */
static void
test_tree_diff_deep_stack (void)
{
  const guint      depth = 16000;
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *text_a = deep_stack_json (depth, FALSE);
  g_autofree char *text_b = deep_stack_json (depth, TRUE);
  g_autofree char *path_a = write_file (dir, "a.json", text_a, -1);
  g_autofree char *path_b = write_file (dir, "b.json", text_b, -1);
  g_autoptr (HpTrace) a = load_ok (path_a, NULL);
  g_autoptr (HpTrace) b = load_ok (path_b, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTable) same = NULL;
  g_autoptr (HpTable) changed = NULL;
  g_autoptr (HpTable) full = NULL;
  HpTraceDiffParams params;
  int               depth_col, change_col, root_col;
  guint             n_roots = 0;
  const char       *path;
  guint64           path_bytes = 0;

  hp_trace_diff_params_init (&params);
  same = hp_tree_diff (a, a, &params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_table_get_n_rows (same), ==, 0);

  changed = hp_tree_diff (a, b, &params, NULL, &error);
  g_assert_no_error (error);
  hp_trace_diff_params_clear (&params);
  depth_col = hp_test_column (changed, "depth");
  change_col = hp_test_column (changed, "change");
  root_col = hp_test_column (changed, "root_of_change");
  /* the launch and its kernel were added at the bottom, and the deepest
   * operator is where it happened */
  g_assert_cmpuint (hp_table_get_n_rows (changed), ==, 3);
  g_assert_cmpint (hp_table_get_int (changed, 0, (guint)depth_col), ==, depth);
  g_assert_cmpstr (hp_table_get_string (changed, 0, (guint)change_col), ==, "children changed");
  g_assert_cmpstr (hp_table_get_string (changed, 1, (guint)change_col), ==, "added");
  g_assert_cmpint (hp_table_get_int (changed, 2, (guint)depth_col), ==, depth + 2);
  for (guint row = 0; row < hp_table_get_n_rows (changed); row++)
    n_roots += hp_table_get_int (changed, row, (guint)root_col) != 0;
  g_assert_cmpuint (n_roots, ==, 1);
  /* a path keeps its root and its last names: no row spells 16,000 */
  path = hp_table_get_string (changed, 2, (guint)hp_test_column (changed, "path"));
  g_assert_true (g_str_has_prefix (path, "ProfilerStep > \u2026 > "));
  g_assert_true (g_str_has_suffix (path, " > cudaLaunchKernel > k"));
  g_assert_cmpuint (strlen (path), <=, 4096 + 64);
  full = tree_diff_full (a, a);
  g_assert_cmpuint (hp_table_get_n_rows (full), ==, depth + 1);
  for (guint row = 0; row < hp_table_get_n_rows (full); row++)
    path_bytes += strlen (hp_table_get_string (full, row, (guint)hp_test_column (full, "path")));
  g_assert_cmpuint (path_bytes, <, (guint64)(depth + 1) * (4096 + 64));
  hp_test_remove_tree (dir);
}

/* ---------------------------------------------------------------------- */
/* 64-bit keys                                                             */

/* keys that differ only in their high 32 bits: GLib's g_int64_hash()
 * (2.74) gives them all one hash value, so every lookup walks them all */
static void
test_hash_high_bits (void)
{
  g_autoptr (GHashTable) values = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr (GHashTable) keyed = g_hash_table_new (hp_int64_hash, hp_int64_equal);
  guint   buckets[64] = { 0 };
  guint   max_bucket = 0;
  gint64 *keys = g_new (gint64, 4096);

  for (guint k = 0; k < 4096; k++)
    {
      guint64 v = ((guint64)(k + 1) << 32) | 0x1000u;

      keys[k] = (gint64)v;
      g_hash_table_add (values, GUINT_TO_POINTER (hp_hash_mix64 (v)));
      g_assert_cmpuint (hp_int64_hash (&keys[k]), ==, hp_hash_mix64 (v));
      g_assert_cmpuint (hp_int64_key_hash (HP_INT64_KEY (v)), ==, hp_hash_mix64 (v));
      buckets[hp_hash_mix64 (v) % G_N_ELEMENTS (buckets)]++;
      g_hash_table_add (keyed, &keys[k]);
    }
  /* distinct hash values, spread evenly over 64 buckets (64 each on
   * average) */
  g_assert_cmpuint (g_hash_table_size (values), ==, 4096);
  for (guint b = 0; b < G_N_ELEMENTS (buckets); b++)
    max_bucket = MAX (max_bucket, buckets[b]);
  g_assert_cmpuint (max_bucket, <, 128);
  /* and the low bits too */
  g_hash_table_remove_all (values);
  for (guint64 v = 0; v < 4096; v++)
    g_hash_table_add (values, GUINT_TO_POINTER (hp_hash_mix64 (v)));
  g_assert_cmpuint (g_hash_table_size (values), ==, 4096);
  g_assert_cmpuint (g_hash_table_size (keyed), ==, 4096);
  g_free (keys);
}

/* a memory trace whose 20,000 allocations differ only in the high bits of
 * their addresses: every allocation is matched with its free */
static void
test_memory_high_bit_addresses (void)
{
  const guint      n = 20000;
  g_autofree char *dir = make_temp_dir ();
  g_autoptr (GString) s = g_string_new ("{\"traceEvents\": [\n");
  g_autofree char *path = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (GPtrArray) tables = NULL;
  HpAnalysisParams params;
  const int        rank0 = 0;
  HpTable         *summary, *ops;
  guint            live = 0;
  double           bytes = 0;

  g_string_append (s, "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#1\", \"pid\": 1, "
                      "\"tid\": 1, \"ts\": 1, \"dur\": 1000000}");
  for (guint k = 0; k < n; k++)
    {
      guint64 addr = ((guint64)(k + 1) << 32) | 0x7f00u;

      g_string_append_printf (s, ",\n{\"ph\": \"i\", \"s\": \"t\", \"name\": \"[memory]\", \"pid\": 1, \"tid\": 1, "
                                 "\"ts\": %u, \"args\": {\"Device Type\": 1, \"Device Id\": 0, \"Addr\": %" G_GUINT64_FORMAT ", \"Bytes\": 512, \"Total Allocated\": %u, \"Total Reserved\": 2097152}}",
                              10 + k, addr, 512 * (k + 1));
    }
  for (guint k = 0; k < n; k++)
    {
      guint64 addr = ((guint64)(k + 1) << 32) | 0x7f00u;

      g_string_append_printf (s, ",\n{\"ph\": \"i\", \"s\": \"t\", \"name\": \"[memory]\", \"pid\": 1, \"tid\": 1, "
                                 "\"ts\": %u, \"args\": {\"Device Type\": 1, \"Device Id\": 0, \"Addr\": %" G_GUINT64_FORMAT ", \"Bytes\": -512, \"Total Allocated\": %u, \"Total Reserved\": 2097152}}",
                              10 + n + k, addr, 512 * (n - k - 1));
    }
  g_string_append (s, "\n]}\n");
  path = write_file (dir, "memory.json", s->str, (gssize)s->len);
  trace = load_ok (path, NULL);
  hp_analysis_params_init (&params);
  hp_test_params_set_ranks (&params, &rank0, 1);
  tables = hp_test_run (hp_memory_compute, trace, &params);
  hp_analysis_params_clear (&params);
  summary = hp_test_table_at (tables, 0, "memory_summary");
  ops = hp_test_table_at (tables, 2, "memory_peak_ops");
  g_assert_cmpuint (hp_table_get_n_rows (summary), ==, 1);
  hp_test_assert_close (hp_test_cell (summary, 0, "allocations"), n);
  hp_test_assert_close (hp_test_cell (summary, 0, "frees"), n);
  hp_test_assert_close (hp_test_cell (summary, 0, "peak_allocated"), 512.0 * n);
  /* at the peak every block is alive, each its own address */
  for (guint row = 0; row < hp_table_get_n_rows (ops); row++)
    {
      live += (guint)hp_test_cell (ops, row, "allocations");
      bytes += hp_test_cell (ops, row, "bytes");
    }
  g_assert_cmpuint (live, ==, n);
  hp_test_assert_close (bytes, 512.0 * n);
  hp_test_remove_tree (dir);
}

/* ---------------------------------------------------------------------- */
/* top-level metadata                                                      */

/* a member nobody reads, of any size, is skipped as it streams by; the
 * members the loader reads are kept */
static void
test_metadata_junk_skipped (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autoptr (GString) s = g_string_new ("{\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": "
                                        "\"aten::mm\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 5}],\n"
                                        "\"junk\": [");
  g_autofree char *path = NULL;
  g_autoptr (HpTrace) trace = NULL;
  const HpRank *r;
  JsonObject   *meta;

  for (guint k = 0; k < 100000; k++)
    g_string_append (s, k == 0 ? "{\"a\": [1, 2]}" : ", {\"a\": [1, 2]}");
  g_string_append (s, "],\n\"deviceProperties\": [{\"name\": \"GPU\"}], \"cupti_version\": 24,\n"
                      "\"baseTimeNanoseconds\": 1000,\n"
                      "\"distributedInfo\": {\"rank\": 3, \"backend\": \"nccl\"}}\n");
  path = write_file (dir, "junk.json", s->str, (gssize)s->len);
  trace = load_ok (path, NULL);
  r = hp_trace_get_rank (trace, 0);
  g_assert_cmpint (r->rank, ==, 3);
  g_assert_true (r->has_base_time);
  g_assert_cmpint (r->base_time_ns, ==, 1000);
  meta = json_node_get_object (r->metadata);
  g_assert_false (json_object_has_member (meta, "junk"));
  g_assert_false (json_object_has_member (meta, "cupti_version"));
  g_assert_true (json_object_has_member (meta, "deviceProperties"));
  g_assert_true (json_object_has_member (meta, "distributedInfo"));
  g_assert_cmpuint (r->n_metadata_dropped, ==, 0);
  hp_test_remove_tree (dir);
}

/* the members that are read are bounded too: the profiler's WARNING lines
 * past the bound are dropped, said in a load issue, and what is kept is
 * still read */
static void
test_metadata_bounded (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autoptr (GString) s = g_string_new ("{\"distributedInfo\": {\"rank\": 2, \"pad\": [");
  g_autofree char *path = NULL;
  g_autoptr (HpTrace) trace = NULL;
  HpLoadLimits  limits = { 0 };
  HpLoadOptions options = { 0 };
  const HpRank *r;
  JsonArray    *lines;
  GListModel   *issues;
  gboolean      said = FALSE;

  for (guint k = 0; k < 1000; k++)
    g_string_append_printf (s, "%s{\"x\": %u}", k == 0 ? "" : ", ", k);
  g_string_append (s, "]}, \"WARNING\": [");
  for (guint k = 0; k < 10000; k++)
    g_string_append_printf (s, "%s\"warning line %u\"", k == 0 ? "" : ", ", k);
  g_string_append (s, "],\n\"traceEvents\": [{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", "
                      "\"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 5}]}\n");
  path = write_file (dir, "bounded.json", s->str, (gssize)s->len);
  limits.max_metadata_bytes = 64 * 1024;
  options.limits = &limits;
  trace = load_ok (path, &options);
  r = hp_trace_get_rank (trace, 0);
  g_assert_cmpint (r->rank, ==, 2);
  g_assert_cmpuint (r->n_metadata_dropped, >, 0);
  lines = json_object_get_array_member (json_node_get_object (r->metadata), "WARNING");
  g_assert_cmpuint (json_array_get_length (lines), >, 0);
  g_assert_cmpuint (json_array_get_length (lines), <, 10000);
  g_assert_cmpstr (json_array_get_string_element (lines, 0), ==, "warning line 0");
  issues = hp_trace_get_issues (trace);
  for (guint k = 0; k < g_list_model_get_n_items (issues); k++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, k);

      said |= strstr (hp_load_issue_get_message (issue), "values were not kept") != NULL;
    }
  g_assert_true (said);
  hp_test_remove_tree (dir);
}

/* the bound falls inside objects and arrays nested in a kept member: what
 * was kept stays a well-formed tree, and its first members are read */
static void
test_metadata_bounded_nested (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autoptr (GString) s = g_string_new ("{\"distributedInfo\": {\"rank\": 5, \"backend\": \"nccl\", \"pad\": [");
  g_autofree char *path = NULL;
  g_autoptr (HpTrace) trace = NULL;
  HpLoadLimits  limits = { 0 };
  HpLoadOptions options = { 0 };
  const HpRank *r;
  JsonObject   *di;

  for (guint k = 0; k < 2000; k++)
    g_string_append_printf (s, "%s{\"x\": %u, \"y\": [1, [2, {\"z\": null}], true], \"w\": {\"v\": \"text\"}}",
                            k == 0 ? "" : ", ", k);
  g_string_append (s, "], \"after\": {\"a\": [1]}}, \"traceEvents\": [{\"ph\": \"X\", \"cat\": \"cpu_op\", "
                      "\"name\": \"aten::mm\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 5}]}\n");
  path = write_file (dir, "nested.json", s->str, (gssize)s->len);
  limits.max_metadata_bytes = 4096;
  options.limits = &limits;
  trace = load_ok (path, &options);
  r = hp_trace_get_rank (trace, 0);
  g_assert_cmpint (r->rank, ==, 5);
  g_assert_cmpuint (r->n_metadata_dropped, >, 0);
  di = json_object_get_object_member (json_node_get_object (r->metadata), "distributedInfo");
  g_assert_cmpstr (json_object_get_string_member (di, "backend"), ==, "nccl");
  g_assert_false (json_object_has_member (di, "after"));
  hp_test_remove_tree (dir);
}

/* two traceEvents members: JSON does not say which one is the trace
 * (Python's json, and so HTA, keeps the last; streaming readers the
 * first), so the file is refused with a message that says so */
static void
test_metadata_second_trace_events (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "two-trace-events.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = hp_load_path (path, NULL, NULL, &error);

  g_assert_null (trace);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE);
  g_assert_nonnull (strstr (error->message, "two traceEvents members"));
}

/* ---------------------------------------------------------------------- */
/* rewriters                                                               */

/* the modification time of @path, to be set back with restore_mtime() */
static struct timespec
get_mtime (const char *path)
{
  struct stat st;

  g_assert_cmpint (stat (path, &st), ==, 0);
  return st.st_mtim;
}

static void
restore_mtime (const char            *path,
               const struct timespec *mtime)
{
  struct timespec times[2] = { { 0, UTIME_OMIT }, *mtime };

  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
}

/* the counters writer streams the input file again: replaced after the
 * load, it must refuse rather than give the new file the old counters. A
 * copy with one name changed keeps size and (set back) modification time:
 * only the checksum of the bytes read tells it apart. */
static void
test_rewrite_changed_input (gconstpointer data)
{
  gboolean         same_size = GPOINTER_TO_INT (data);
  g_autofree char *source = hp_test_data_path ("edge", "counters-queue.json", NULL);
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *input = hp_test_copy_file (source, dir, "rank-0.json");
  g_autofree char *out = g_build_filename (dir, "out.json", NULL);
  g_autofree char *text = NULL;
  g_autofree char *changed = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = load_ok (input, NULL);
  const HpRank   *rank = hp_trace_get_rank (trace, 0);
  struct timespec before = get_mtime (input);
  char           *k0;

  /* unchanged, the rewrite goes through */
  g_assert_true (hp_counter_writer_write (trace, rank, out, HP_COUNTER_SERIES_ALL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (out, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_unlink (out), ==, 0);

  g_file_get_contents (input, &text, NULL, &error);
  g_assert_no_error (error);
  k0 = strstr (text, "\"k0\"");
  g_assert_nonnull (k0);
  if (same_size)
    k0[2] = '9';
  changed = same_size ? g_strdup (text) : g_strconcat (text, "\n", NULL);
  g_free (write_file (dir, "rank-0.json", changed, -1));
  if (same_size)
    restore_mtime (input, &before);

  g_assert_false (hp_counter_writer_write (trace, rank, out, HP_COUNTER_SERIES_ALL, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "rank-0.json: the file changed since it was loaded"));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, same_size ? "its contents differ" : "its size differs"));
  /* nothing is left behind */
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  hp_test_remove_tree (dir);
}

/* every gzip member is rewritten, as every member was loaded (the
 * rewriters read the first member only, and failed on the rest) */
static void
test_rewrite_gzip_members (void)
{
  g_autofree char *input = hp_test_data_path ("edge", "two-members.json.gz", NULL);
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *out = g_build_filename (dir, "out.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = load_ok (input, NULL);
  g_autoptr (HpTrace) again = NULL;

  g_assert_cmpuint (hp_trace_get_rank (trace, 0)->n_gzip_members, ==, 2);
  g_assert_true (hp_counter_writer_write (trace, hp_trace_get_rank (trace, 0), out, HP_COUNTER_SERIES_ALL, NULL,
                                          &error));
  g_assert_no_error (error);
  again = load_ok (out, NULL);
  g_assert_cmpuint (hp_trace_get_rank (again, 0)->n_events, ==, hp_trace_get_rank (trace, 0)->n_events);
  g_assert_cmpuint (hp_trace_get_rank (again, 0)->n_json_events, >=, hp_trace_get_rank (trace, 0)->n_json_events);
  hp_test_remove_tree (dir);
}

/* ---------------------------------------------------------------------- */
/* memory                                                                  */

static char *
kernels_json (guint n)
{
  GString *s = g_string_new ("{\"traceEvents\": [\n");

  for (guint k = 0; k < n; k++)
    g_string_append_printf (s, "%s{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k%u\", \"pid\": 0, \"tid\": 7, "
                               "\"ts\": %u, \"dur\": 3, \"args\": {\"stream\": 7, \"correlation\": %u}}",
                            k == 0 ? "" : ",\n", k % 13, 10 + 5 * k, k);
  g_string_append (s, "\n]}\n");
  return g_string_free (s, FALSE);
}

/* two ranks of 4,000 events each: about 0.8 MB each by the estimate, so
 * each alone fits 1 MiB and the job does not; the whole job is refused,
 * not loaded in part */
static void
test_memory_limit_job (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *text = kernels_json (4000);
  g_autofree char *a = write_file (dir, "rank-0.json", text, -1);
  g_autofree char *b = write_file (dir, "rank-1.json", text, -1);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) refused = NULL;
  g_autoptr (HpTrace) fits = NULL;
  g_autoptr (HpTrace) one = NULL;
  HpLoadLimits  limits = { 0 };
  HpLoadOptions options = { 0 };

  limits.max_memory_bytes = 1024 * 1024;
  options.limits = &limits;
  refused = hp_load_path (dir, &options, NULL, &error);
  g_assert_null (refused);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "the job would take more than 1.0"));
  g_clear_error (&error);

  /* one rank alone fits */
  one = hp_load_path (a, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_trace_get_rank (one, 0)->n_events, ==, 4000);

  limits.max_memory_bytes = 4 * 1024 * 1024;
  fits = hp_load_path (dir, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_trace_get_n_ranks (fits), ==, 2);
  g_assert_cmpuint (hp_load_default_max_memory (), >, 0);
  (void)b;
  hp_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/hostile-inputs/tree-diff/launch-kernel-same-lane", test_tree_diff_launch_kernel_same_lane);
  g_test_add_func ("/core/hostile-inputs/tree-diff/deep-stack", test_tree_diff_deep_stack);
  g_test_add_func ("/core/hostile-inputs/hash/high-bits", test_hash_high_bits);
  g_test_add_func ("/core/hostile-inputs/memory/high-bit-addresses", test_memory_high_bit_addresses);
  g_test_add_func ("/core/hostile-inputs/metadata/junk-skipped", test_metadata_junk_skipped);
  g_test_add_func ("/core/hostile-inputs/metadata/bounded", test_metadata_bounded);
  g_test_add_func ("/core/hostile-inputs/metadata/bounded-nested", test_metadata_bounded_nested);
  g_test_add_func ("/core/hostile-inputs/metadata/second-trace-events", test_metadata_second_trace_events);
  g_test_add_data_func ("/core/hostile-inputs/rewrite/changed-size", GINT_TO_POINTER (FALSE),
                        test_rewrite_changed_input);
  g_test_add_data_func ("/core/hostile-inputs/rewrite/changed-contents", GINT_TO_POINTER (TRUE),
                        test_rewrite_changed_input);
  g_test_add_func ("/core/hostile-inputs/rewrite/gzip-members", test_rewrite_gzip_members);
  g_test_add_func ("/core/hostile-inputs/memory-limit/job", test_memory_limit_job);
  return g_test_run ();
}
