/* test-critical-path.c — the critical path (spec analyses §12): parity with HTA, hand-made paths, properties.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <glib/gstdio.h>
#include <string.h>

#include "hp-core.h"
#include "hp-critical-path-private.h"
#include "hp-test-utils.h"

/* the golden variants: critical_path{,_testcfg,_e2ecfg}.json */
static const char *const variants[] = { "critical_path", "critical_path_testcfg", "critical_path_e2ecfg" };

typedef struct
{
  guint  rows;
  double duration;
} Group;

/* (type, bound_by) -> rows and summed duration */
static GHashTable *
group_csv (GPtrArray *rows)
{
  GHashTable *groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  int         c_type = hp_test_csv_column (rows, "type");
  int         c_bound = hp_test_csv_column (rows, "bound_by");
  int         c_dur = hp_test_csv_column (rows, "duration");

  g_assert_cmpint (c_type, >=, 0);
  g_assert_cmpint (c_bound, >=, 0);
  g_assert_cmpint (c_dur, >=, 0);
  for (guint i = 1; i < rows->len; i++)
    {
      GStrv  row = g_ptr_array_index (rows, i);
      char  *key = g_strdup_printf ("%s/%s", row[c_type], row[c_bound]);
      Group *g = g_hash_table_lookup (groups, key);

      if (g == NULL)
        {
          g = g_new0 (Group, 1);
          g_hash_table_insert (groups, key, g);
        }
      else
        g_free (key);
      g->rows++;
      g->duration += g_ascii_strtod (row[c_dur], NULL);
    }
  return groups;
}

static void
assert_breakdown_matches (HpTable    *table,
                          const char *golden_path)
{
  g_autofree char *csv = hp_table_to_csv (table);
  g_autoptr (GPtrArray) ours_rows = hp_test_parse_csv (csv, -1);
  g_autoptr (GPtrArray) golden_rows = hp_test_read_csv (golden_path);
  g_autoptr (GHashTable) ours = group_csv (ours_rows);
  g_autoptr (GHashTable) golden = group_csv (golden_rows);
  GHashTableIter iter;
  gpointer       key, value;

  g_hash_table_iter_init (&iter, golden);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Group *g = value;
      Group *o = g_hash_table_lookup (ours, key);

      if (o == NULL)
        g_error ("%s: no row of %s (golden has %u)", golden_path, (char *)key, g->rows);
      if (o->rows != g->rows)
        g_error ("%s: %s: %u rows, golden %u", golden_path, (char *)key, o->rows, g->rows);
      hp_test_assert_close (o->duration, g->duration);
    }
  g_assert_cmpuint (g_hash_table_size (ours), ==, g_hash_table_size (golden));
}

/* HTA's three overlay option sets: the file's event counts, critical
 * marks and flows per edge type */
static void
assert_overlays_match (HpCriticalPath *cp,
                       JsonObject     *overlays)
{
  static const struct
  {
    const char *name;
    gboolean    only_critical;
    gboolean    all_edges;
  } sets[] = {
    { "only_critical=False,show_all_edges=False", FALSE, FALSE },
    { "only_critical=False,show_all_edges=True", FALSE, TRUE },
    { "only_critical=True,show_all_edges=False", TRUE, FALSE },
  };
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hp-overlay-XXXXXX", &error);

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      JsonObject      *golden = json_object_get_object_member (overlays, sets[i].name);
      JsonObject      *by_type = json_object_get_object_member (golden, "edge_flow_events_by_type");
      g_autofree char *path = hp_critical_path_overlay_path (cp, dir);
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GHashTable) flows = g_hash_table_new (g_str_hash, g_str_equal);
      JsonArray *events;
      guint      marked = 0, with_arg = 0;
      GList     *types;

      g_assert_true (hp_critical_path_write_overlay (cp, path, sets[i].only_critical, sets[i].all_edges, NULL, &error));
      g_assert_no_error (error);
      {
        g_autoptr (GFile) file = g_file_new_for_path (path);
        g_autoptr (GInputStream) raw = G_INPUT_STREAM (g_file_read (file, NULL, &error));
        g_autoptr (GZlibDecompressor) dec = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
        g_autoptr (GInputStream) in = NULL;

        g_assert_no_error (error);
        in = g_str_has_suffix (path, ".gz") ? g_converter_input_stream_new (raw, G_CONVERTER (dec)) : g_object_ref (raw);
        g_assert_true (json_parser_load_from_stream (parser, in, NULL, &error));
        g_assert_no_error (error);
      }
      events = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)), "traceEvents");
      for (guint j = 0; j < json_array_get_length (events); j++)
        {
          JsonObject *ev = json_array_get_object_element (events, j);
          JsonObject *ev_args = json_object_has_member (ev, "args") ? json_object_get_object_member (ev, "args") : NULL;
          const char *ph = json_object_get_string_member_with_default (ev, "ph", "");

          if (ev_args == NULL || !json_object_has_member (ev_args, "critical"))
            continue;
          with_arg++;
          if (strcmp (ph, "s") == 0 || strcmp (ph, "f") == 0)
            {
              const char *type = json_object_get_string_member (ev_args, "type");

              g_hash_table_insert (flows, (gpointer)type,
                                   GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (flows, type)) + 1));
            }
          else
            marked++;
        }
      g_assert_cmpint (json_array_get_length (events), ==, json_object_get_int_member (golden, "total_events"));
      g_assert_cmpint (marked, ==, json_object_get_int_member (golden, "marked_critical_events"));
      g_assert_cmpint (with_arg, ==, json_object_get_int_member (golden, "events_with_critical_arg"));
      types = json_object_get_members (by_type);
      for (GList *l = types; l != NULL; l = l->next)
        g_assert_cmpint (GPOINTER_TO_UINT (g_hash_table_lookup (flows, l->data)), ==,
                         json_object_get_int_member (by_type, l->data));
      g_assert_cmpuint (g_hash_table_size (flows), ==, g_list_length (types));
      g_list_free (types);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static HpCriticalPath *
path_for_golden (HpTrace    *trace,
                 JsonObject *args,
                 GError    **error)
{
  HpCriticalPathOptions options;
  const HpRank         *rank = hp_trace_find_rank (trace, (int)json_object_get_int_member (args, "rank"));
  g_autoptr (GPtrArray) data_load = g_ptr_array_new ();
  JsonNode *instance = json_object_get_member (args, "instance_id");

  g_assert_nonnull (rank);
  hp_critical_path_options_init (&options);
  options.annotation = json_object_get_string_member (args, "annotation");
  if (instance != NULL && !JSON_NODE_HOLDS_NULL (instance))
    options.instance_first = options.instance_last = (int)json_node_get_int (instance);
  options.zero_weight_launch_edges = json_object_get_int_member (args, "CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE") != 0;
  if (json_object_has_member (args, "data_load_events") &&
      !JSON_NODE_HOLDS_NULL (json_object_get_member (args, "data_load_events")))
    {
      JsonArray *list = json_object_get_array_member (args, "data_load_events");

      for (guint i = 0; i < json_array_get_length (list); i++)
        g_ptr_array_add (data_load, (gpointer)json_array_get_string_element (list, i));
      g_ptr_array_add (data_load, NULL);
      options.data_load_events = (const char *const *)data_load->pdata;
    }
  return hp_critical_path_new (trace, rank, &options, NULL, error);
}

/* Compat mode reproduces HTA: summary exact; breakdown equal in rows and
 * durations per (type, bound_by); graph and path sizes equal. */
static void
test_golden (gconstpointer data)
{
  const char *case_name = data;
  g_autoptr (HpTrace) trace = hp_test_load (case_name, HP_MODE_HTA_COMPAT);

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      g_autofree char *json_name = g_strconcat (variants[v], ".json", NULL);
      g_autofree char *json_path = hp_test_golden_path (case_name, json_name);
      g_autofree char *summary_name = g_strconcat (variants[v], "_summary.csv", NULL);
      g_autofree char *breakdown_name = g_strconcat (variants[v], "_breakdown.csv", NULL);
      g_autofree char *summary_path = hp_test_golden_path (case_name, summary_name);
      g_autofree char *breakdown_path = hp_test_golden_path (case_name, breakdown_name);
      g_autoptr (JsonParser) parser = json_parser_new ();
      g_autoptr (GError) error = NULL;
      g_autoptr (HpTable) summary = NULL;
      g_autoptr (HpTable) breakdown = NULL;
      JsonObject     *args;
      HpCriticalPath *cp;
      guint           n_nodes, n_edges, n_path;

      if (!g_file_test (json_path, G_FILE_TEST_EXISTS))
        continue;
      g_assert_true (json_parser_load_from_file (parser, json_path, &error));
      args = json_node_get_object (json_parser_get_root (parser));
      g_test_message ("%s %s", case_name, variants[v]);

      cp = path_for_golden (trace, args, &error);
      g_assert_no_error (error);
      g_assert_true (hp_critical_path_is_valid (cp));
      hp_critical_path_get_nodes (cp, &n_nodes);
      hp_critical_path_get_edges (cp, &n_edges);
      hp_critical_path_get_path (cp, &n_path);
      if (n_nodes != json_object_get_int_member (args, "graph_nodes") ||
          n_edges != json_object_get_int_member (args, "graph_edges") ||
          n_path != json_object_get_int_member (args, "path_nodes"))
        {
          g_test_message ("%s %s: nodes %u/%" G_GINT64_FORMAT " edges %u/%" G_GINT64_FORMAT " path %u/%" G_GINT64_FORMAT,
                          case_name, variants[v], n_nodes, json_object_get_int_member (args, "graph_nodes"), n_edges,
                          json_object_get_int_member (args, "graph_edges"), n_path,
                          json_object_get_int_member (args, "path_nodes"));
          g_test_fail ();
          hp_critical_path_free (cp);
          continue;
        }

      summary = hp_critical_path_summary (cp);
      breakdown = hp_critical_path_breakdown (cp);
      hp_test_assert_table_matches_golden (summary, summary_path);
      assert_breakdown_matches (breakdown, breakdown_path);
      /* the overlay files are read back whole: the smaller traces only */
      if (json_object_has_member (args, "overlay") && hp_critical_path_get_rank (cp)->json_bytes < 4 * 1024 * 1024)
        assert_overlays_match (cp, json_object_get_object_member (args, "overlay"));
      hp_critical_path_free (cp);
    }
}

/* ---------------------------------------------------------------------------
 * Hand-made traces (times in us)
 * ------------------------------------------------------------------------- */

#define CPU(cat, name, ts, dur, corr)                                                                        \
  "{\"ph\":\"X\",\"cat\":\"" cat "\",\"name\":\"" name "\",\"pid\":1,\"tid\":1,\"ts\":" #ts ",\"dur\":" #dur \
  ",\"args\":{\"correlation\":" #corr "}},"
#define GPU(cat, name, ts, dur, corr)                                                                        \
  "{\"ph\":\"X\",\"cat\":\"" cat "\",\"name\":\"" name "\",\"pid\":0,\"tid\":7,\"ts\":" #ts ",\"dur\":" #dur \
  ",\"args\":{\"correlation\":" #corr ",\"stream\":7,\"device\":0}},"
#define OP(name, ts, dur) CPU ("cpu_op", name, ts, dur, -1)

static HpTrace *
load_events (const char *events,
             HpMode      mode)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hp-critical-path-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *json = NULL;
  HpLoadOptions    options = { 0 };
  HpTrace         *trace;
  gsize            len = strlen (events);

  g_assert_no_error (error);
  /* drop the last comma of the list */
  json = g_strdup_printf ("{\"distributedInfo\":{\"rank\":0},\"traceEvents\":[%.*s]}",
                          (int)(len > 0 && events[len - 1] == ',' ? len - 1 : len), events);
  path = g_build_filename (dir, "rank0.json", NULL);
  g_assert_true (g_file_set_contents (path, json, -1, &error));
  options.mode = mode;
  trace = hp_test_load_with_options (path, &options);
  g_unlink (path);
  g_rmdir (dir);
  return trace;
}

/* the path's breakdown as "bound_by:duration" per edge, in path order */
static char *
describe_path (HpCriticalPath *cp)
{
  g_autoptr (HpTable) table = hp_critical_path_breakdown (cp);
  GString *out = g_string_new (NULL);
  int      c_bound = hp_table_find_column (table, "bound_by");
  int      c_dur = hp_table_find_column (table, "duration");

  for (guint i = 0; i < hp_table_get_n_rows (table); i++)
    {
      const char *bound = hp_table_get_string (table, i, c_bound);

      g_string_append_printf (out, "%s%s:%g", i > 0 ? " " : "", bound[0] != '\0' ? bound : "dep",
                              hp_table_get_double (table, i, c_dur));
    }
  return g_string_free (out, FALSE);
}

static void
check_path (const char *events,
            HpMode      mode,
            const char *expected_path,
            gint64      expected_length_us,
            const char *expected_summary)
{
  g_autoptr (HpTrace) trace = load_events (events, mode);
  g_autoptr (GError) error = NULL;
  HpCriticalPathOptions options;
  HpCriticalPath       *cp;
  g_autofree char      *path = NULL;
  g_autoptr (HpTable) summary = NULL;
  GString         *text = g_string_new (NULL);
  g_autofree char *summary_text = NULL;

  hp_critical_path_options_init (&options);
  options.annotation = "";
  cp = hp_critical_path_new (trace, hp_trace_get_rank (trace, 0), &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (hp_critical_path_is_valid (cp));
  path = describe_path (cp);
  if (expected_path != NULL)
    g_assert_cmpstr (path, ==, expected_path);
  g_assert_cmpint (hp_critical_path_get_length (cp), ==, expected_length_us * HP_NS_PER_US);

  summary = hp_critical_path_summary (cp);
  for (guint i = 0; i < hp_table_get_n_rows (summary); i++)
    {
      const char *bound = hp_table_get_string (summary, i, 0);

      g_string_append_printf (text, "%s%s=%.4f", i > 0 ? " " : "", bound[0] != '\0' ? bound : "dep",
                              hp_table_get_double (summary, i, 1));
    }
  summary_text = g_string_free (text, FALSE);
  g_assert_cmpstr (summary_text, ==, expected_summary);
  hp_critical_path_free (cp);
}

/* Three short kernels, each launched on an idle stream: the CPU sets the
 * pace. A [0,100) launches k1..k3 through L1..L3; path = the CPU chain. */
static void
test_launch_bound_loop (void)
{
  check_path (OP ("aten::loop", 0, 100)                                     /**/
              CPU ("cuda_runtime", "cudaLaunchKernel", 10, 10, 1)           /**/
              CPU ("cuda_runtime", "cudaLaunchKernel", 40, 10, 2)           /**/
              CPU ("cuda_runtime", "cudaLaunchKernel", 70, 10, 3)           /**/
              GPU ("kernel", "k1", 25, 2, 1) GPU ("kernel", "k2", 55, 2, 2) /**/
              GPU ("kernel", "k3", 85, 2, 3),
              HP_MODE_DEFAULT,
              "cpu_bound:10 cpu_bound:10 cpu_bound:20 cpu_bound:10 cpu_bound:20 cpu_bound:10 cpu_bound:20", 100,
              "cpu_bound=100.0000");
}

/* A child ending with its parent comes after it in node order: the path
 * still ends at the parent's end, and the region's anchors close no cycle. */
static void
test_child_ends_with_parent (void)
{
  check_path (OP ("aten::to", 0, 50) OP ("aten::_to_copy", 10, 40), HP_MODE_DEFAULT,
              "cpu_bound:10 cpu_bound:40 cpu_bound:0", 50, "cpu_bound=100.0000");
}

/* Two long kernels back to back: k1 waits 7 us for its launch, then the
 * GPU runs 200 us with no gap. */
static void
test_gpu_bound_chain (void)
{
  check_path (OP ("aten::step", 0, 30)                           /**/
              CPU ("cuda_runtime", "cudaLaunchKernel", 5, 5, 1)  /**/
              CPU ("cuda_runtime", "cudaLaunchKernel", 15, 5, 2) /**/
              GPU ("kernel", "k1", 12, 100, 1) GPU ("kernel", "k2", 112, 100, 2),
              HP_MODE_DEFAULT,
              "cpu_bound:5 gpu_kernel_launch_overhead:7 gpu_compute_bound:100 gpu_kernel_kernel_overhead:0 "
              "gpu_compute_bound:100",
              212,
              "cpu_bound=2.3585 gpu_compute_bound=94.3396 gpu_kernel_kernel_overhead=0.0000 "
              "gpu_kernel_launch_overhead=3.3019");
}

/* cudaStreamSynchronize waits for k1: the path goes through the kernel
 * and back to the CPU through the sync (the 5 us after k1 inside the
 * blocking call are not on it). */
static void
test_stream_sync (void)
{
  const char *events = OP ("aten::item", 0, 250)                /**/
      CPU ("cuda_runtime", "cudaLaunchKernel", 10, 10, 1)       /**/
      CPU ("cuda_runtime", "cudaStreamSynchronize", 30, 200, 2) /**/
      GPU ("kernel", "k1", 25, 200, 1)                          /**/
      GPU ("cuda_sync", "Stream Sync", 30, 200, 2);

  check_path (events, HP_MODE_DEFAULT,
              "cpu_bound:10 gpu_kernel_launch_overhead:15 gpu_compute_bound:200 dep:0 cpu_bound:20", 245,
              "dep=0.0000 cpu_bound=12.2449 gpu_compute_bound=81.6327 gpu_kernel_launch_overhead=6.1224");
  /* HTA finds the same path (its breakdown is in another order) */
  check_path (events, HP_MODE_HTA_COMPAT, NULL, 245,
              "dep=0.0000 cpu_bound=12.2449 gpu_compute_bound=81.6327 gpu_kernel_launch_overhead=6.1224");
}

/* One cudaGraphLaunch runs three kernels: all are on the path (HTA keeps
 * only the last one, HTA issue #290). */
static void
test_graph_launch (void)
{
  const char *events = OP ("aten::replay", 0, 50)                     /**/
      CPU ("cuda_runtime", "cudaGraphLaunch", 5, 10, 9)               /**/
      GPU ("kernel", "k1", 20, 20, 9) GPU ("kernel", "k2", 40, 20, 9) /**/
      GPU ("kernel", "k3", 60, 20, 9);

  check_path (events, HP_MODE_DEFAULT,
              "cpu_bound:5 gpu_kernel_launch_overhead:15 gpu_compute_bound:20 gpu_kernel_kernel_overhead:0 "
              "gpu_compute_bound:20 gpu_kernel_kernel_overhead:0 gpu_compute_bound:20",
              80,
              "cpu_bound=6.2500 gpu_compute_bound=75.0000 gpu_kernel_kernel_overhead=0.0000 "
              "gpu_kernel_launch_overhead=18.7500");
}

/* cudaMemcpy returns when its copy is done: copy end -> call end. */
/* The launch lists: a graph launch lists its three kernels in file order,
 * a kernel launch its one kernel, a launch whose kernel is missing and
 * every other event nothing */
static void
test_launched_lists (void)
{
  g_autoptr (HpTrace) trace = load_events (OP ("aten::replay", 0, 200)                                     /**/
                                           CPU ("cuda_runtime", "cudaGraphLaunch", 5, 10, 9)               /**/
                                           CPU ("cuda_runtime", "cudaLaunchKernel", 20, 5, 4)              /**/
                                           CPU ("cuda_runtime", "cudaLaunchKernel", 30, 5, 5)              /**/
                                           GPU ("kernel", "k1", 40, 20, 9) GPU ("kernel", "k2", 60, 20, 9) /**/
                                           GPU ("kernel", "k0", 80, 5, 4) GPU ("kernel", "k3", 90, 20, 9),
                                           HP_MODE_DEFAULT);
  const HpRank  *r = hp_trace_get_rank (trace, 0);
  const guint32 *launched;
  guint          n = 99;

  launched = hp_rank_get_launched (r, hp_test_find_event (trace, "cudaGraphLaunch"), &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (launched[0], ==, hp_test_find_event (trace, "k1"));
  g_assert_cmpuint (launched[1], ==, hp_test_find_event (trace, "k2"));
  g_assert_cmpuint (launched[2], ==, hp_test_find_event (trace, "k3"));
  g_assert_cmpint (r->partner[hp_test_find_event (trace, "k2")], ==, (gint32)hp_test_find_event (trace, "cudaGraphLaunch"));

  /* the first kernel launch has k0; the second (correlation 5) nothing */
  for (guint e = 0; e < r->n_events; e++)
    {
      launched = hp_rank_get_launched (r, e, &n);
      if (r->name[e] == hp_trace_lookup_string (trace, "cudaLaunchKernel") && hp_rank_correlation (r, e) == 4)
        {
          g_assert_cmpuint (n, ==, 1);
          g_assert_cmpuint (launched[0], ==, hp_test_find_event (trace, "k0"));
        }
      else if (r->name[e] != hp_trace_lookup_string (trace, "cudaGraphLaunch"))
        {
          g_assert_null (launched);
          g_assert_cmpuint (n, ==, 0);
        }
    }
}

static void
test_sync_memcpy (void)
{
  check_path (OP ("aten::copy_", 0, 100)                    /**/
              CPU ("cuda_runtime", "cudaMemcpy", 10, 80, 5) /**/
              GPU ("gpu_memcpy", "Memcpy HtoD (Pageable -> Device)", 20, 60, 5),
              HP_MODE_DEFAULT,
              "cpu_bound:10 gpu_kernel_launch_overhead:10 gpu_compute_bound:60 dep:0 cpu_bound:10", 90,
              "dep=0.0000 cpu_bound=22.2222 gpu_compute_bound=66.6667 gpu_kernel_launch_overhead=11.1111");
}

static guint
find_event (const HpRank *r,
            HpTrace      *trace,
            const char   *name,
            guint         nth)
{
  for (guint e = 0; e < r->n_events; e++)
    if (r->name[e] != HP_NO_STRING && g_str_equal (hp_trace_get_string (trace, r->name[e]), name) && nth-- == 0)
      return e;
  g_assert_not_reached ();
}

/* Slack and the edges of an event on the GPU-bound chain: the second
 * launch could take 182 us longer (212 - 30) before the step does; the
 * kernels have none; k2's first incoming edge is the kernel-kernel one. */
static void
test_slack_and_edges (void)
{
  g_autoptr (HpTrace) trace = load_events (OP ("aten::step", 0, 30)                           /**/
                                           CPU ("cuda_runtime", "cudaLaunchKernel", 5, 5, 1)  /**/
                                           CPU ("cuda_runtime", "cudaLaunchKernel", 15, 5, 2) /**/
                                           GPU ("kernel", "k1", 12, 100, 1) GPU ("kernel", "k2", 112, 100, 2),
                                           HP_MODE_DEFAULT);
  const HpRank     *r = hp_trace_get_rank (trace, 0);
  HpCriticalPath   *cp = hp_critical_path_new (trace, r, NULL, NULL, NULL);
  guint             l2 = find_event (r, trace, "cudaLaunchKernel", 1);
  guint             k1 = find_event (r, trace, "k1", 0);
  guint             k2 = find_event (r, trace, "k2", 0);
  g_autofree guint *in = NULL;
  g_autofree guint *out = NULL;
  guint             n_in, n_out, n_edges;
  const HpCpEdge   *edges = hp_critical_path_get_edges (cp, &n_edges);
  const HpCpNode   *nodes;
  guint             n_nodes;

  g_assert_nonnull (cp);
  nodes = hp_critical_path_get_nodes (cp, &n_nodes);
  g_assert_cmpstr (hp_critical_path_get_region (cp), ==, "the whole trace");
  g_assert_false (hp_critical_path_event_is_critical (cp, l2));
  g_assert_cmpint (hp_critical_path_get_slack (cp, l2), ==, 182 * HP_NS_PER_US);
  g_assert_cmpint (hp_critical_path_get_slack (cp, k1), ==, 0);
  g_assert_cmpint (hp_critical_path_get_slack (cp, k2), ==, 0);

  in = hp_critical_path_get_event_edges (cp, k2, TRUE, &n_in);
  g_assert_cmpuint (n_in, ==, 2); /* and the anchor of the step's end */
  g_assert_cmpint (edges[in[0]].type, ==, HP_CP_EDGE_KERNEL_KERNEL);
  g_assert_cmpuint (nodes[edges[in[0]].src].event, ==, k1);
  out = hp_critical_path_get_event_edges (cp, k1, FALSE, &n_out);
  g_assert_cmpuint (n_out, ==, 1);
  g_assert_cmpuint (out[0], ==, in[0]);
  hp_critical_path_free (cp);
}

/* HTA keeps only the last kernel of a graph launch (issue #290); an
 * annotation that is not there is an error naming the file. */
static void
test_compat_graph_launch_and_missing_region (void)
{
  g_autoptr (HpTrace) trace = load_events (OP ("aten::replay", 0, 50)                        /**/
                                           CPU ("cuda_runtime", "cudaGraphLaunch", 5, 10, 9) /**/
                                           GPU ("kernel", "k1", 20, 20, 9) GPU ("kernel", "k2", 40, 20, 9),
                                           HP_MODE_HTA_COMPAT);
  const HpRank         *r = hp_trace_get_rank (trace, 0);
  HpCriticalPathOptions options;
  g_autoptr (GError) error = NULL;
  HpCriticalPath *cp;

  hp_critical_path_options_init (&options);
  options.annotation = "";
  cp = hp_critical_path_new (trace, r, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (hp_critical_path_get_slack (cp, find_event (r, trace, "k1", 0)), ==, -1);
  g_assert_cmpint (hp_critical_path_get_slack (cp, find_event (r, trace, "k2", 0)), >=, 0);
  hp_critical_path_free (cp);

  options.annotation = "ProfilerStep";
  cp = hp_critical_path_new (trace, r, &options, NULL, &error);
  g_assert_null (cp);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
  g_assert_nonnull (strstr (error->message, "rank0.json"));
}

#define NCCL(ts, dur, corr)                                                                                       \
  "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)\",\"pid\":0," \
  "\"tid\":7,\"ts\":" #ts ",\"dur\":" #dur ",\"args\":{\"correlation\":" #corr ",\"stream\":7,\"device\":0,"      \
  "\"Process Group Name\":\"0\",\"In msg nelems\":1024}},"

static void
write_rank (const char *dir,
            int         rank,
            const char *events)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = g_strdup_printf ("rank%d.json", rank);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  gsize            len = strlen (events);
  g_autofree char *json = g_strdup_printf ("{\"distributedInfo\":{\"rank\":%d},\"traceEvents\":[%.*s]}", rank,
                                           (int)(len - 1), events);

  g_assert_true (g_file_set_contents (path, json, -1, &error));
  g_assert_no_error (error);
}

/* Two ranks meet at an all-reduce that ends at 125 us on both. Rank 0
 * launches it at 5 and its kernel starts at 25; rank 1 loads data until
 * 60, launches at 65 and its kernel starts at 75. Rank 1 is late by 50 us;
 * the joined path is rank 1's: 60 + 5 CPU, a 10 us launch, 50 us of
 * transfer after both arrived (125 us in all, 100% on rank 1). */
static void
test_two_ranks_one_late (HpTestDirFixture *fixture,
                         gconstpointer     data)
{
  g_autoptr (GError) error = NULL;
  const char *dir = fixture->dir;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (HpTable) table = NULL;
  g_autoptr (HpTable) parts = NULL;
  HpCriticalPathOptions options;
  HpLoadOptions         load = { 0 };

  write_rank (dir, 0,
              OP ("aten::all_reduce", 0, 20) CPU ("cuda_runtime", "cudaLaunchKernel", 5, 5, 1) NCCL (25, 100, 1));
  write_rank (dir, 1,
              OP ("aten::dataloader", 0, 60) OP ("aten::all_reduce", 60, 20) /**/
              CPU ("cuda_runtime", "cudaLaunchKernel", 65, 5, 1) NCCL (75, 50, 1));
  load.mode = HP_MODE_DEFAULT;
  trace = hp_test_load_with_options (dir, &load);
  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 2);

  hp_critical_path_options_init (&options);
  table = hp_critical_path_ranks (trace, &options, &parts, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 1);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "step")), ==, -1);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "critical_rank")), ==, 1);
  g_assert_cmpfloat (hp_test_cell (table, 0, "wait_caused"), ==, 50.0);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "late_collectives")), ==, 1);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "collectives")), ==, 1);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "unmatched_kernels")), ==, 0);
  g_assert_null (hp_table_get_note (table));
  g_assert_cmpfloat (hp_test_cell (table, 0, "path_duration"), ==, 125.0);
  g_assert_cmpfloat (hp_test_cell (table, 0, "critical_rank_pct"), ==, 100.0);
  g_assert_nonnull (strstr (hp_table_get_string (table, 0, hp_test_column (table, "finding")), "rank 1 arrived last"));

  /* rank 1: cpu_bound 65, launch 10, communication 50 */
  g_assert_cmpuint (hp_table_get_n_rows (parts), ==, 4);
  for (guint i = 0; i < hp_table_get_n_rows (parts); i++)
    {
      const char *bound = hp_table_get_string (parts, i, hp_test_column (parts, "bound_by"));
      double      dur = hp_test_cell (parts, i, "duration");

      g_assert_cmpint (hp_table_get_int (parts, i, hp_test_column (parts, "rank")), ==, 1);
      if (strcmp (bound, "cpu_bound") == 0)
        g_assert_cmpfloat (dur, ==, 65.0);
      else if (strcmp (bound, "gpu_kernel_launch_overhead") == 0)
        g_assert_cmpfloat (dur, ==, 10.0);
      else if (strcmp (bound, "gpu_communication_bound") == 0)
        g_assert_cmpfloat (dur, ==, 50.0);
      else
        g_assert_cmpstr (bound, ==, "");
    }

  /* the edge the timeline draws: rank 1's kernel start (75 us) to the end
   * of rank 0's kernel (125 us) */
  {
    HpCriticalPath *paths[2];
    g_autoptr (GArray) cross = NULL;
    const HpCpCrossEdge *c;

    for (guint k = 0; k < 2; k++)
      {
        paths[k] = hp_critical_path_new (trace, hp_trace_get_rank (trace, k), NULL, NULL, &error);
        g_assert_no_error (error);
      }
    cross = hp_critical_path_cross_rank_edges (paths, 2);
    g_assert_cmpuint (cross->len, ==, 1);
    c = &g_array_index (cross, HpCpCrossEdge, 0);
    g_assert_cmpuint (c->src_rank_pos, ==, 1);
    g_assert_cmpuint (c->dst_rank_pos, ==, 0);
    g_assert_cmpint (c->src_time - hp_trace_get_rank (trace, 1)->ts[c->src_event], ==, 0);
    g_assert_cmpint (c->dst_time - c->src_time, ==, 50 * HP_NS_PER_US);
    g_assert_true (hp_rank_is_gpu_activity (hp_trace_get_rank (trace, 0), c->dst_event));
    for (guint k = 0; k < 2; k++)
      hp_critical_path_free (paths[k]);
  }

  for (int k = 0; k < 2; k++)
    {
      g_autofree char *name = g_strdup_printf ("rank%d.json", k);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
}

#define NCCL_N(ts, dur, corr, nelems)                                                                             \
  "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)\",\"pid\":0," \
  "\"tid\":7,\"ts\":" #ts ",\"dur\":" #dur ",\"args\":{\"correlation\":" #corr ",\"stream\":7,\"device\":0,"      \
  "\"Process Group Name\":\"0\",\"Collective name\":\"allreduce\",\"In msg nelems\":" #nelems "}},"

/* a job of ranks 0, 1, … made of @events (NULL-terminated), in default mode */
static HpTrace *
load_ranks (const char *const *events)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hp-critical-path-ranks-XXXXXX", &error);
  HpLoadOptions    load = { 0 };
  HpTrace         *trace;
  guint            n = g_strv_length ((char **)events);

  g_assert_no_error (error);
  for (guint k = 0; k < n; k++)
    write_rank (dir, (int)k, events[k]);
  load.mode = HP_MODE_DEFAULT;
  trace = hp_test_load_with_options (dir, &load);
  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, n);
  hp_test_remove_tree (dir);
  return trace;
}

static HpTrace *
load_two_ranks (const char *events0,
                const char *events1)
{
  return load_ranks ((const char *const[]){ events0, events1, NULL });
}

/* the table `critical_path_ranks` of @trace, in default options */
static HpTable *
ranks_table (HpTrace *trace)
{
  g_autoptr (GError) error = NULL;
  HpCriticalPathOptions options;
  HpTable              *table;

  hp_critical_path_options_init (&options);
  table = hp_critical_path_ranks (trace, &options, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (table);
  return table;
}

/* The cross-rank edges of the whole trace of a job; with @forward, each
 * one runs forward in time on the ranks' own clocks (true where the
 * clocks agree). */
static GArray *
cross_edges (HpTrace *trace,
             gboolean forward)
{
  g_autoptr (GError) error = NULL;
  guint                       n = hp_trace_get_n_ranks (trace);
  g_autofree HpCriticalPath **paths = g_new0 (HpCriticalPath *, n);
  GArray                     *cross;

  for (guint k = 0; k < n; k++)
    {
      paths[k] = hp_critical_path_new (trace, hp_trace_get_rank (trace, k), NULL, NULL, &error);
      g_assert_no_error (error);
    }
  cross = hp_critical_path_cross_rank_edges (paths, n);
  for (guint i = 0; forward && i < cross->len; i++)
    g_assert_cmpint (g_array_index (cross, HpCpCrossEdge, i).src_time, <=,
                     g_array_index (cross, HpCpCrossEdge, i).dst_time);
  for (guint k = 0; k < n; k++)
    hp_critical_path_free (paths[k]);
  return cross;
}

static GArray *
whole_trace_cross_edges (HpTrace *trace)
{
  return cross_edges (trace, TRUE);
}

/* Rank 1's trace is sampled: it launched both all-reduces but kept only the
 * second kernel (330..360 us). Rank 0 ran the first at 25..125 and the
 * second at 300..360. The second kernels are one collective (rank 1 late
 * by 30 us); rank 0's first has no partner and is counted, not paired with
 * rank 1's second, which started 205 us after it ended. */
static void
test_ranks_dropped_collective (void)
{
  g_autoptr (HpTrace) trace = load_two_ranks (
      OP ("aten::all_reduce", 0, 20) CPU ("cuda_runtime", "cudaLaunchKernel", 5, 5, 1) NCCL (25, 100, 1) /**/
      OP ("aten::all_reduce", 280, 20) CPU ("cuda_runtime", "cudaLaunchKernel", 285, 5, 2) NCCL (300, 60, 2),
      OP ("aten::dataloader", 0, 60) OP ("aten::all_reduce", 60, 20) /**/
      CPU ("cuda_runtime", "cudaLaunchKernel", 65, 5, 1)             /**/
      OP ("aten::all_reduce", 280, 20) CPU ("cuda_runtime", "cudaLaunchKernel", 285, 5, 2) NCCL (330, 30, 2));
  g_autoptr (HpTable) table = NULL;
  g_autoptr (GArray) cross = NULL;
  const HpCpCrossEdge *c;

  table = ranks_table (trace);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 1);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "collectives")), ==, 1);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "unmatched_kernels")), ==, 1);
  g_assert_nonnull (hp_table_get_note (table));
  g_assert_true (g_str_has_prefix (hp_table_get_note (table), "1 collective kernels have no partner"));
  /* rank 1 arrived last at the one matched collective, 30 us after rank 0 */
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "critical_rank")), ==, 1);
  g_assert_cmpfloat (hp_test_cell (table, 0, "wait_caused"), ==, 30.0);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "late_collectives")), ==, 1);

  cross = whole_trace_cross_edges (trace);
  g_assert_cmpuint (cross->len, ==, 1);
  c = &g_array_index (cross, HpCpCrossEdge, 0);
  g_assert_cmpuint (c->src_rank_pos, ==, 1);
  g_assert_cmpuint (c->dst_rank_pos, ==, 0);
  g_assert_cmpint (c->src_time, ==, hp_trace_get_rank (trace, 1)->ts[c->src_event]);
  g_assert_cmpint (hp_trace_get_rank (trace, 0)->ts[c->dst_event] + 60 * HP_NS_PER_US, ==, c->dst_time);
  g_assert_cmpint (c->dst_time - c->src_time, ==, 30 * HP_NS_PER_US);
}

/* the all-reduce of rank 0 (25..125 us, 1024 elements) and of rank 1 in
 * @events1: the matched and unmatched counts, and no cross-rank edge */
static void
assert_pair_unlinked (const char *events1,
                      int         n_matched,
                      int         n_unmatched)
{
  g_autoptr (HpTrace) trace = load_two_ranks (
      OP ("aten::all_reduce", 0, 20) CPU ("cuda_runtime", "cudaLaunchKernel", 5, 5, 1) NCCL_N (25, 100, 1, 1024),
      events1);
  g_autoptr (HpTable) table = NULL;
  g_autoptr (GArray) cross = NULL;

  table = ranks_table (trace);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "collectives")), ==, n_matched);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "unmatched_kernels")), ==, n_unmatched);
  g_assert_true ((hp_table_get_note (table) != NULL) == (n_unmatched > 0));
  cross = whole_trace_cross_edges (trace);
  g_assert_cmpuint (cross->len, ==, 0);
}

/* Two kernels running at the same time are not one collective when their
 * messages differ. Two of the same message that do not overlap on the
 * ranks' own clocks (rank 1's 150..170 us starts 25 us after rank 0's
 * 25..125 ended) are one: a collective ends on every rank together, so
 * rank 1's clock is 45 us ahead; on the aligned clocks rank 1 arrived at
 * 105 us, last, and rank 0's kernel moved data for the 20 us after. */
static void
test_ranks_inconsistent_instances (void)
{
  assert_pair_unlinked (OP ("aten::all_reduce", 0, 20) CPU ("cuda_runtime", "cudaLaunchKernel", 5, 5, 1)
                            NCCL_N (30, 95, 1, 2048),
                        0, 2);
  {
    g_autoptr (HpTrace) trace = load_two_ranks (
        OP ("aten::all_reduce", 0, 20) CPU ("cuda_runtime", "cudaLaunchKernel", 5, 5, 1) NCCL_N (25, 100, 1, 1024),
        OP ("aten::all_reduce", 0, 20) CPU ("cuda_runtime", "cudaLaunchKernel", 5, 5, 1) NCCL_N (150, 20, 1, 1024));
    g_autoptr (HpTable) table = ranks_table (trace);
    g_autoptr (GArray) cross = cross_edges (trace, FALSE);
    const HpCpCrossEdge *c;

    g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "collectives")), ==, 1);
    g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "unmatched_kernels")), ==, 0);
    g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "critical_rank")), ==, 1);
    g_assert_cmpfloat (hp_test_cell (table, 0, "wait_caused"), ==, 80.0);
    g_assert_cmpfloat (hp_test_cell (table, 0, "max_clock_offset"), ==, 45.0);
    g_assert_cmpstr (hp_table_get_string (table, 0, hp_test_column (table, "matched_by")), ==, "order 1");
    g_assert_cmpuint (cross->len, ==, 1);
    c = &g_array_index (cross, HpCpCrossEdge, 0);
    g_assert_cmpuint (c->src_rank_pos, ==, 1);
    g_assert_cmpuint (c->dst_rank_pos, ==, 0);
  }
}

/* Two ranks whose clocks disagree by 300 us (tests/data/edge/comm-skew),
 * three all-reduces a step: on the ranks' own clocks no kernel of rank 1
 * starts before rank 0's ended, more than the former fixed 100 us
 * tolerance; the offset measured from the collectives' ends pairs every
 * one. */
static void
test_ranks_skewed_clocks (HpTestTraceFixture *fixture,
                          gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTable) table = ranks_table (trace);

  /* two steps both ranks kept */
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 2);
  for (guint row = 0; row < 2; row++)
    {
      g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "collectives")), ==, 3);
      g_assert_cmpint (hp_table_get_int (table, row, hp_test_column (table, "unmatched_kernels")), ==, 0);
      g_assert_cmpstr (hp_table_get_string (table, row, hp_test_column (table, "matched_by")), ==, "order 3");
      g_assert_cmpfloat (hp_test_cell (table, row, "max_clock_offset"), ==, 300.0);
    }
  g_assert_null (hp_table_get_note (table));
}

#define NCCL_PG(ts, dur, corr, pg)                                                                                \
  "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_AllReduce_RING_LL_Sum_float(ncclDevComm*)\",\"pid\":0," \
  "\"tid\":7,\"ts\":" #ts ",\"dur\":" #dur ",\"args\":{\"correlation\":" #corr ",\"stream\":7,\"device\":0,"      \
  "\"Process Group Name\":\"" pg "\"}},"
#define LAUNCH(ts, corr) OP ("aten::all_reduce", ts, 10) CPU ("cuda_runtime", "cudaLaunchKernel", ts, 5, corr)

/* Three ranks all-reduce in group "0" (kernels from 25, 40 and 75 us to
 * 125 us), then ranks 0 and 1 only in group "1" (from 200 and 230 to 260):
 * a collective of a group that is not the whole job is matched among its
 * ranks. Rank 2 is last at the first (two edges), rank 1 at the second (one
 * edge, 30 us of transfer); nothing is left unmatched. */
static void
test_ranks_subgroup (void)
{
  g_autoptr (HpTrace) trace = load_ranks ((const char *const[]){
      LAUNCH (5, 1) NCCL_PG (25, 100, 1, "0") LAUNCH (180, 2) NCCL_PG (200, 60, 2, "1"),
      LAUNCH (5, 1) NCCL_PG (40, 85, 1, "0") LAUNCH (180, 2) NCCL_PG (230, 30, 2, "1"),
      LAUNCH (5, 1) NCCL_PG (75, 50, 1, "0"),
      NULL });
  g_autoptr (HpTable) table = NULL;
  g_autoptr (GArray) cross = NULL;
  guint n_from[3] = { 0 };

  table = ranks_table (trace);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "collectives")), ==, 2);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "unmatched_kernels")), ==, 0);
  g_assert_null (hp_table_get_note (table));

  cross = whole_trace_cross_edges (trace);
  g_assert_cmpuint (cross->len, ==, 3);
  for (guint i = 0; i < cross->len; i++)
    {
      const HpCpCrossEdge *c = &g_array_index (cross, HpCpCrossEdge, i);

      n_from[c->src_rank_pos]++;
      if (c->src_rank_pos == 1)
        {
          g_assert_cmpuint (c->dst_rank_pos, ==, 0);
          g_assert_cmpint (c->dst_time - c->src_time, ==, 30 * HP_NS_PER_US);
        }
    }
  g_assert_cmpuint (n_from[2], ==, 2);
  g_assert_cmpuint (n_from[1], ==, 1);
}

/* The sampled two-rank job: rank 1 lost the first SendRecv kernel of step
 * 551 and rank 0 two later ones (the ranks' kernels of each key, by start:
 * rank 0 15.1-45.8, 45.8-108.5, 216.4-228.1, 269.2-316.9, 506.0-548.5 ms;
 * rank 1 50.6-108.5, 155.1-196.4, 219.7-228.0, 433.4-451.0, 506.1-548.9 ms,
 * on the step's clock): three pairs overlap, four kernels are left over,
 * and every cross-rank edge of every step runs forward in time. */
static void
test_ranks_sampled_job (HpTestTraceFixture *fixture,
                        gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTable) table = NULL;
  HpCriticalPathOptions options;

  table = ranks_table (trace);
  g_assert_cmpuint (hp_table_get_n_rows (table), ==, 1);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "step")), ==, 551);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "collectives")), ==, 3);
  g_assert_cmpint (hp_table_get_int (table, 0, hp_test_column (table, "unmatched_kernels")), ==, 4);

  {
    HpCriticalPath *paths[2];
    g_autoptr (GArray) cross = NULL;

    hp_critical_path_options_init (&options);
    options.annotation = "ProfilerStep#551";
    for (guint k = 0; k < 2; k++)
      {
        paths[k] = hp_critical_path_new (trace, hp_trace_get_rank (trace, k), &options, NULL, &error);
        g_assert_no_error (error);
      }
    cross = hp_critical_path_cross_rank_edges (paths, 2);
    g_assert_cmpuint (cross->len, ==, 3);
    for (guint i = 0; i < cross->len; i++)
      g_assert_cmpint (g_array_index (cross, HpCpCrossEdge, i).src_time, <=,
                       g_array_index (cross, HpCpCrossEdge, i).dst_time);
    for (guint k = 0; k < 2; k++)
      hp_critical_path_free (paths[k]);
  }
}

/* The parameters choose the rank and the step (-2: the whole trace), and a
 * breakdown row leads back to the event it is charged to. */
static void
test_params_and_row_events (HpTestTraceFixture *fixture,
                            gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  const HpRank     *r1 = hp_trace_get_rank (trace, 1);
  HpAnalysisParams *params = &fixture->params;
  g_autoptr (GError) error = NULL;
  HpCriticalPath *cp;
  int             step = -1;
  hp_analysis_params_set_int (params, &hp_critical_path_rank_spec, r1->rank);
  hp_analysis_params_set_int (params, &hp_critical_path_step_spec, -2);
  cp = hp_critical_path_new_for_params (trace, params, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (hp_critical_path_get_rank (cp) == r1);
  g_assert_cmpint (hp_critical_path_get_region_start (cp), ==, hp_rank_get_rows_span (r1).start);
  g_assert_cmpint (hp_critical_path_get_region_end (cp), ==, hp_rank_get_rows_span (r1).end);
  hp_critical_path_free (cp);

  /* the last step of rank 1, by number */
  {
    g_autoptr (GArray) steps = hp_critical_path_list_steps (trace, r1);

    g_assert_cmpuint (steps->len, >=, 1);
    step = g_array_index (steps, int, steps->len - 1);
  }
  g_assert_cmpint (step, >=, 0);
  hp_analysis_params_set_int (params, &hp_critical_path_step_spec, step);
  cp = hp_critical_path_new_for_params (trace, params, NULL, &error);
  g_assert_no_error (error);
  {
    g_autofree char *name = g_strdup_printf ("ProfilerStep#%d", step);
    g_autoptr (HpTable) breakdown = hp_critical_path_breakdown (cp);
    guint n_linked = 0;

    g_assert_cmpstr (hp_critical_path_get_region (cp), ==, name);
    for (guint i = 0; i < hp_table_get_n_rows (breakdown); i++)
      {
        g_autoptr (HpLinkedEvents) linked = hp_analysis_row_events (trace, breakdown, i, params);
        guint32 e;

        if (hp_table_is_null (breakdown, i, hp_test_column (breakdown, "index")))
          {
            g_assert_null (linked);
            continue;
          }
        g_assert_nonnull (linked);
        g_assert_cmpint (linked->rank, ==, r1->rank);
        g_assert_cmpuint (linked->events->len, ==, 1);
        e = g_array_index (linked->events, guint32, 0);
        g_assert_cmpint (r1->index[e], ==, hp_table_get_int (breakdown, i, hp_test_column (breakdown, "index")));
        n_linked++;
      }
    g_assert_cmpuint (n_linked, >, 0);
  }
  hp_critical_path_free (cp);

  /* a step no rank has, and a rank the trace has not */
  hp_analysis_params_set_int (params, &hp_critical_path_step_spec, 1000000);
  g_assert_null (hp_critical_path_new_for_params (trace, params, NULL, &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
  g_clear_error (&error);
  hp_analysis_params_set_int (params, &hp_critical_path_step_spec, -1);
  hp_analysis_params_set_int (params, &hp_critical_path_rank_spec, 999);
  g_assert_null (hp_critical_path_new_for_params (trace, params, NULL, &error));
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
}

/* The path across ranks alone: an analysis out of the registry's list,
 * the same tables as the critical path of every rank makes, whatever rank
 * and step it is asked for; none with one rank selected */
static void
test_across_ranks_analysis (HpTestTraceFixture *fixture,
                            gconstpointer       data)
{
  const HpAnalysis        *across = hp_analysis_find_internal (HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS);
  HpAnalysisParams        *params = &fixture->params;
  guint                    n;
  const HpAnalysis *const *list = hp_analysis_list (&n);
  g_autoptr (GPtrArray) all = NULL;
  g_autoptr (GPtrArray) alone = NULL;
  g_autoptr (GPtrArray) other_rank = NULL;
  g_autoptr (GPtrArray) one_rank = NULL;
  g_autoptr (GError) error = NULL;
  int one = 1;

  g_assert_true (across == &hp_critical_path_across_ranks_analysis);
  g_assert_null (hp_analysis_find (HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS));
  g_assert_null (hp_analysis_find_internal (HP_CRITICAL_PATH_ANALYSIS));
  g_assert_null (hp_analysis_find_internal ("no_such_analysis"));
  for (guint i = 0; i < n; i++)
    g_assert_true (list[i] != across);
  /* its tables are named by the analysis of the list that makes them too */
  g_assert_true (hp_analysis_find_by_table (HP_CRITICAL_PATH_RANKS_TABLE) == &hp_critical_path_analysis);
  g_assert_null (across->shared_params);

  all = hp_analysis_run (&hp_critical_path_analysis, fixture->trace, params, NULL, &error);
  g_assert_no_error (error);
  alone = hp_analysis_run (across, fixture->trace, params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (alone->len, ==, 2);
  for (guint t = 0; t < alone->len; t++)
    {
      const char      *name = across->tables[t];
      HpTable         *mine = hp_analysis_result_find_table (alone, name);
      HpTable         *theirs = hp_analysis_result_find_table (all, name);
      g_autofree char *a = NULL;
      g_autofree char *b = NULL;

      g_assert_nonnull (mine);
      g_assert_nonnull (theirs);
      g_assert_cmpuint (hp_table_get_n_rows (mine), >, 0);
      a = hp_table_to_csv (mine);
      b = hp_table_to_csv (theirs);
      g_assert_cmpstr (a, ==, b);
    }

  /* another rank and step of the critical path: the same path across ranks */
  hp_analysis_params_set_int (params, &hp_critical_path_rank_spec, 1);
  hp_analysis_params_set_int (params, &hp_critical_path_step_spec, -2);
  {
    HpAnalysisParams defaults;

    hp_analysis_params_init (&defaults);
    g_assert_true (hp_analysis_params_affect (&hp_critical_path_analysis, &defaults, params));
    g_assert_false (hp_analysis_params_affect (across, &defaults, params));
    hp_analysis_params_clear (&defaults);
  }
  other_rank = hp_analysis_run (across, fixture->trace, params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (other_rank->len, ==, 2);
  {
    g_autofree char *a = hp_table_to_csv (alone->pdata[0]);
    g_autofree char *b = hp_table_to_csv (other_rank->pdata[0]);

    g_assert_cmpstr (a, ==, b);
  }

  /* one rank selected: no path across ranks, and no error */
  hp_test_params_set_ranks (params, &one, 1);
  one_rank = hp_analysis_run (across, fixture->trace, params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (one_rank->len, ==, 0);
}

/* Default mode on every real trace and rank: no error, a valid graph, a
 * path from the region's first node to its last, a summary of 100%, and
 * slack 0 on the path. */
static void
test_properties (gconstpointer data)
{
  const char *case_name = data;
  g_autoptr (HpTrace) trace = hp_test_load (case_name, HP_MODE_DEFAULT);

  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *rank = hp_trace_get_rank (trace, k);
      g_autoptr (GError) error = NULL;
      g_autoptr (HpTable) summary = NULL;
      HpCriticalPath *cp = hp_critical_path_new (trace, rank, NULL, NULL, &error);
      const HpCpNode *nodes;
      const guint32  *path;
      guint           n_nodes, n_path;
      double          total = 0;

      g_assert_no_error (error);
      g_assert_nonnull (cp);
      g_assert_true (hp_critical_path_is_valid (cp));
      nodes = hp_critical_path_get_nodes (cp, &n_nodes);
      path = hp_critical_path_get_path (cp, &n_path);
      g_test_message ("%s rank %d: %s, %u nodes, path %u, %u unlinked", case_name, rank->rank,
                      hp_critical_path_get_region (cp), n_nodes, n_path, hp_critical_path_get_n_unlinked (cp));
      if (n_nodes >= 2)
        {
          g_assert_cmpuint (n_path, >=, 2);
          g_assert_cmpuint (path[0], ==, 0);
          g_assert_cmpuint (path[n_path - 1], ==, n_nodes - 1);
          g_assert_cmpint (nodes[path[0]].time, >=, hp_critical_path_get_region_start (cp));
          /* (time may step back along the path where a child ends after
           * its parent by rounding, as HTA allows) */
          for (guint i = 0; i < n_path; i++)
            g_assert_true (hp_critical_path_event_is_critical (cp, nodes[path[i]].event));
        }
      summary = hp_critical_path_summary (cp);
      for (guint i = 0; i < hp_table_get_n_rows (summary); i++)
        total += hp_table_get_double (summary, i, 1);
      if (hp_critical_path_get_length (cp) > 0)
        g_assert_cmpfloat (fabs (total - 100.0), <, 1e-6);
      hp_critical_path_free (cp);
    }
}

/* the path across ranks is made once per trace: the critical path at
 * every rank and the across-ranks result asked one after the other, or
 * both at once on two threads, share one computation and its tables */
static void
test_across_ranks_computed_once (HpTestTraceFixture *fixture,
                                 gconstpointer       data)
{
  const HpAnalysis *across = hp_analysis_find_internal (HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS);
  const HpAnalysis *both[] = { &hp_critical_path_analysis, across };
  guint             before = _hp_critical_path_across_ranks_n_computed ();
  g_autoptr (GPtrArray) all = NULL;
  g_autoptr (GPtrArray) alone = NULL;
  g_autoptr (GPtrArray) again = NULL;
  g_autoptr (GPtrArray) together = NULL;
  g_autoptr (HpTrace) other = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (hp_analysis_params_get_int (&fixture->params, &hp_critical_path_rank_spec), ==, -1);
  all = hp_analysis_run (&hp_critical_path_analysis, fixture->trace, &fixture->params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (_hp_critical_path_across_ranks_n_computed (), ==, before + 1);
  alone = hp_analysis_run (across, fixture->trace, &fixture->params, NULL, &error);
  g_assert_no_error (error);
  again = hp_analysis_run (&hp_critical_path_analysis, fixture->trace, &fixture->params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (_hp_critical_path_across_ranks_n_computed (), ==, before + 1);
  /* the very tables, not copies */
  g_assert_cmpuint (alone->len, ==, 2);
  for (guint t = 0; t < alone->len; t++)
    {
      g_assert_true (hp_analysis_result_find_table (all, across->tables[t]) == alone->pdata[t]);
      g_assert_true (hp_analysis_result_find_table (again, across->tables[t]) == alone->pdata[t]);
    }

  /* another trace makes its own, once, with both analyses running at the
   * same time */
  together = hp_analysis_run_many (both, G_N_ELEMENTS (both), other, &fixture->params, 2, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (_hp_critical_path_across_ranks_n_computed (), ==, before + 2);
  {
    GPtrArray       *path = together->pdata[0];
    GPtrArray       *mine = together->pdata[1];
    g_autofree char *a = hp_table_to_csv (mine->pdata[0]);
    g_autofree char *b = hp_table_to_csv (alone->pdata[0]);

    g_assert_true (hp_analysis_result_find_table (path, HP_CRITICAL_PATH_RANKS_TABLE) == mine->pdata[0]);
    g_assert_cmpstr (a, ==, b);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/critical-path/hand/launch-bound-loop", test_launch_bound_loop);
  g_test_add_func ("/core/critical-path/hand/gpu-bound-chain", test_gpu_bound_chain);
  g_test_add_func ("/core/critical-path/hand/child-ends-with-parent", test_child_ends_with_parent);
  g_test_add_func ("/core/critical-path/hand/stream-sync", test_stream_sync);
  g_test_add_func ("/core/critical-path/hand/graph-launch", test_graph_launch);
  g_test_add_func ("/core/critical-path/hand/launched-lists", test_launched_lists);
  g_test_add_func ("/core/critical-path/hand/sync-memcpy", test_sync_memcpy);
  g_test_add_func ("/core/critical-path/hand/slack-and-edges", test_slack_and_edges);
  g_test_add_func ("/core/critical-path/hand/compat-graph-launch", test_compat_graph_launch_and_missing_region);
  hp_test_add_dir ("/core/critical-path/ranks/two-ranks-one-late", NULL, test_two_ranks_one_late);
  g_test_add_func ("/core/critical-path/ranks/dropped-collective", test_ranks_dropped_collective);
  g_test_add_func ("/core/critical-path/ranks/inconsistent-instances", test_ranks_inconsistent_instances);
  hp_test_add_trace ("/core/critical-path/ranks/sampled-job", "hta_trace_filter_2ranks", hp_test_trace_setup_default,
                     test_ranks_sampled_job);
  hp_test_add_trace ("/core/critical-path/ranks/skewed-clocks", "edge/comm-skew", hp_test_trace_setup_default,
                     test_ranks_skewed_clocks);
  g_test_add_func ("/core/critical-path/ranks/subgroup", test_ranks_subgroup);
  hp_test_add_trace ("/core/critical-path/params-and-row-events", "hta_trace_filter_2ranks",
                     hp_test_trace_setup_default, test_params_and_row_events);
  hp_test_add_trace ("/core/critical-path/ranks/across-ranks-analysis", "hta_trace_filter_2ranks",
                     hp_test_trace_setup_default, test_across_ranks_analysis);
  hp_test_add_trace ("/core/critical-path/ranks/computed-once", "hta_trace_filter_2ranks",
                     hp_test_trace_setup_default, test_across_ranks_computed_once);
  hp_test_add_golden_tests ("/core/critical-path/golden", "critical_path.json", G_FILE_TEST_IS_DIR, test_golden);

  {
    g_autoptr (GPtrArray) cases = hp_test_golden_cases (NULL, G_FILE_TEST_IS_DIR);

    for (guint i = 0; i < cases->len; i++)
      {
        const char      *c = g_ptr_array_index (cases, i);
        g_autofree char *path = g_strdup_printf ("/core/critical-path/properties/%s", c);
        g_autofree char *meta = hp_test_golden_path (c, "meta.json");

        /* a folder that holds no trace (a raw memory export) has no path */
        if (!g_file_test (meta, G_FILE_TEST_EXISTS))
          continue;
        g_test_add_data_func_full (path, g_strdup (c), test_properties, g_free);
      }
  }

  return g_test_run ();
}
