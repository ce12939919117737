/* test-critical-path.c — the critical path (spec analyses §12): parity with HTA, hand-made paths, properties.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "hp-critical-path.h"
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
      hp_critical_path_free (cp);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  hp_test_add_golden_tests ("/critical-path/golden", "critical_path.json", G_FILE_TEST_IS_DIR, test_golden);

  return g_test_run ();
}
