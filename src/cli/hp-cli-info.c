/* hp-cli-info.c — `hotpath-cli info`: what a trace folder holds, per rank.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "hp-cli.h"

typedef struct
{
  guint32 cat;
  guint   count;
} CatCount;

static int
cmp_cat_count (gconstpointer a,
               gconstpointer b,
               gpointer      data)
{
  const CatCount *x = a;
  const CatCount *y = b;
  HpTrace        *trace = data;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return g_strcmp0 (hp_trace_get_string (trace, x->cat), hp_trace_get_string (trace, y->cat));
}

static GArray *
count_categories (HpTrace      *trace,
                  const HpRank *r)
{
  g_autoptr (GHashTable) counts = g_hash_table_new (g_direct_hash, g_direct_equal);
  GArray        *out = g_array_new (FALSE, FALSE, sizeof (CatCount));
  GHashTableIter it;
  gpointer       key, value;

  for (guint k = 0; k < r->n_rows; k++)
    {
      guint32  cat = r->cat[r->rows[k]];
      gpointer p = GUINT_TO_POINTER (cat + 1);

      g_hash_table_insert (counts, p, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, p)) + 1));
    }
  g_hash_table_iter_init (&it, counts);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      CatCount c = { GPOINTER_TO_UINT (key) - 1, GPOINTER_TO_UINT (value) };

      g_array_append_val (out, c);
    }
  g_array_sort_with_data (out, cmp_cat_count, trace);
  return out;
}

static int
cmp_int64 (gconstpointer a,
           gconstpointer b)
{
  gint64 x = *(const gint64 *)a;
  gint64 y = *(const gint64 *)b;

  return (x > y) - (x < y);
}

static GArray *
gpu_streams (const HpRank *r)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (hp_int64_key_hash, g_direct_equal);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gint64));

  for (guint k = 0; k < r->n_rows; k++)
    {
      guint  e = r->rows[k];
      gint64 stream = hp_rank_stream (r, e);

      if ((r->flags[e] & HP_EVENT_G1) && stream != -1 && g_hash_table_add (seen, HP_INT64_KEY (stream)))
        g_array_append_val (out, stream);
    }
  g_array_sort (out, cmp_int64);
  return out;
}

static void
rank_span (const HpRank *r,
           gint64       *start,
           gint64       *end)
{
  HpTimeSpan span = hp_rank_get_rows_span (r);

  *start = span.start;
  *end = span.end;
}

static double
us (gint64 ns)
{
  return (double)ns / HP_NS_PER_US;
}

/* which rule classified how much communication (docs/communication.md) */
static void
print_comm_rules (HpTrace      *trace,
                  const HpRank *r)
{
  HpCommRuleTotals t;
  gint64           comm = 0;
  guint64          n = 0;

  hp_comm_rule_totals (trace, r, &t);
  for (guint rule = 1; rule < HP_N_COMM_RULES; rule++)
    {
      comm += t.ns[rule];
      n += t.n_kernels[rule];
    }
  if (n == 0)
    return;
  printf ("  %-16s %.1f%% of kernel time", "communication",
          t.kernel_ns > 0 ? 100.0 * (double)comm / (double)t.kernel_ns : 0.0);
  for (guint rule = 1; rule < HP_N_COMM_RULES; rule++)
    if (t.n_kernels[rule] > 0)
      printf (", %s %.3f us (%" G_GUINT64_FORMAT " kernels)", hp_comm_rule_to_string (rule), us (t.ns[rule]),
              t.n_kernels[rule]);
  printf ("\n");
}

static void
build_comm_rules (JsonBuilder  *b,
                  HpTrace      *trace,
                  const HpRank *r)
{
  HpCommRuleTotals t;

  hp_comm_rule_totals (trace, r, &t);
  json_builder_set_member_name (b, "communication");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "kernel_us");
  json_builder_add_double_value (b, us (t.kernel_ns));
  json_builder_set_member_name (b, "patterns_version");
  json_builder_add_int_value (b, HP_COMM_PATTERNS_VERSION);
  json_builder_set_member_name (b, "by_rule");
  json_builder_begin_object (b);
  for (guint rule = 1; rule < HP_N_COMM_RULES; rule++)
    {
      if (t.n_kernels[rule] == 0)
        continue;
      json_builder_set_member_name (b, hp_comm_rule_to_string (rule));
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "kernels");
      json_builder_add_int_value (b, (gint64)t.n_kernels[rule]);
      json_builder_set_member_name (b, "us");
      json_builder_add_double_value (b, us (t.ns[rule]));
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
  json_builder_end_object (b);
}

static JsonNode *
build_info (HpTrace *trace)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  GListModel *issues = hp_trace_get_issues (trace);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "mode");
  json_builder_add_string_value (b, hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT ? "hta-compat"
                                                                                    : "default");
  json_builder_set_member_name (b, "device_type");
  json_builder_add_string_value (b, hp_trace_get_device_type (trace));
  json_builder_set_member_name (b, "min_ts_us");
  json_builder_add_double_value (b, us (hp_trace_get_min_ts (trace)));
  {
    g_autoptr (HpJobInfo) info = hp_job_info_new (trace);

    /* the ranks the job names (world size, process groups) without a file */
    json_builder_set_member_name (b, "world_size");
    if (info->world_size > 0)
      json_builder_add_int_value (b, info->world_size);
    else
      json_builder_add_null_value (b);
    json_builder_set_member_name (b, "missing_ranks");
    json_builder_begin_array (b);
    for (guint k = 0; k < info->missing->len; k++)
      json_builder_add_int_value (b, g_array_index (info->missing, int, k));
    json_builder_end_array (b);
  }

  json_builder_set_member_name (b, "ranks");
  json_builder_begin_array (b);
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);
      g_autoptr (GArray) cats = count_categories (trace, r);
      g_autoptr (GArray) streams = gpu_streams (r);
      gint64 start, end;
      guint  n_gpu_lanes = 0;

      rank_span (r, &start, &end);
      for (guint l = 0; l < r->n_lanes; l++)
        n_gpu_lanes += r->lanes[l].is_gpu;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "rank");
      json_builder_add_int_value (b, r->rank);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, r->path);
      json_builder_set_member_name (b, "file_bytes");
      json_builder_add_int_value (b, (gint64)r->file_bytes);
      json_builder_set_member_name (b, "json_bytes");
      json_builder_add_int_value (b, (gint64)r->json_bytes);
      json_builder_set_member_name (b, "compressed");
      json_builder_add_boolean_value (b, r->compressed);
      json_builder_set_member_name (b, "device_type");
      json_builder_add_string_value (b, r->device_type);
      json_builder_set_member_name (b, "trace_events");
      json_builder_add_int_value (b, (gint64)r->n_json_events);
      json_builder_set_member_name (b, "events_loaded");
      json_builder_add_int_value (b, r->n_events);
      json_builder_set_member_name (b, "events_analysed");
      json_builder_add_int_value (b, r->n_rows);
      json_builder_set_member_name (b, "events_filtered");
      json_builder_add_int_value (b, (gint64)r->n_filtered);
      json_builder_set_member_name (b, "start_us");
      json_builder_add_double_value (b, us (start));
      json_builder_set_member_name (b, "end_us");
      json_builder_add_double_value (b, us (end));
      json_builder_set_member_name (b, "span_us");
      json_builder_add_double_value (b, us (end - start));

      build_comm_rules (b, trace, r);
      json_builder_set_member_name (b, "events_by_category");
      json_builder_begin_object (b);
      for (guint c = 0; c < cats->len; c++)
        {
          const CatCount *cc = &g_array_index (cats, CatCount, c);

          json_builder_set_member_name (b, hp_trace_get_string (trace, cc->cat));
          json_builder_add_int_value (b, cc->count);
        }
      json_builder_end_object (b);

      json_builder_set_member_name (b, "iterations");
      json_builder_begin_array (b);
      for (guint i = 0; i < r->n_iterations; i++)
        json_builder_add_int_value (b, r->iterations[i]);
      json_builder_end_array (b);

      json_builder_set_member_name (b, "gpu_streams");
      json_builder_begin_array (b);
      for (guint i = 0; i < streams->len; i++)
        json_builder_add_int_value (b, g_array_index (streams, gint64, i));
      json_builder_end_array (b);

      json_builder_set_member_name (b, "lanes");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "cpu_threads");
      json_builder_add_int_value (b, r->n_lanes - n_gpu_lanes);
      json_builder_set_member_name (b, "gpu_streams");
      json_builder_add_int_value (b, n_gpu_lanes);
      json_builder_end_object (b);

      json_builder_set_member_name (b, "dropped");
      json_builder_begin_object (b);
#define COUNT(field)                        \
  json_builder_set_member_name (b, #field); \
  json_builder_add_int_value (b, (gint64)r->n_##field)
      COUNT (dropped_no_dur);
      COUNT (negative_dur);
      COUNT (huge_dur);
      COUNT (bad_stream);
      COUNT (bad_values);
      COUNT (invalid_utf8);
      COUNT (metadata_events);
      COUNT (flow_events);
      COUNT (counter_events);
      COUNT (instant_events);
#undef COUNT
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "ignored_files");
  json_builder_begin_array (b);
  for (guint i = 0; i < hp_trace_get_n_ignored_files (trace); i++)
    json_builder_add_string_value (b, hp_trace_get_ignored_file (trace, i));
  json_builder_end_array (b);

  json_builder_set_member_name (b, "issues");
  json_builder_begin_array (b);
  for (guint k = 0; k < g_list_model_get_n_items (issues); k++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, k);
      static const char *const severities[] = { "error", "warning", "info" };

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "file");
      json_builder_add_string_value (b, hp_load_issue_get_file (issue));
      json_builder_set_member_name (b, "severity");
      json_builder_add_string_value (b, severities[hp_load_issue_get_severity (issue)]);
      json_builder_set_member_name (b, "message");
      json_builder_add_string_value (b, hp_load_issue_get_message (issue));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
print_size (const char *label,
            guint64     bytes)
{
  g_autofree char *size = g_format_size (bytes);

  printf ("  %-16s %s\n", label, size);
}

static void
print_text (HpTrace *trace)
{
  g_autoptr (HpJobInfo) info = hp_job_info_new (trace);
  g_autofree char *ranks = hp_job_info_describe_ranks (info);

  printf ("Job: %s, %s, %s mode\n", ranks, hp_trace_get_device_type (trace),
          hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT ? "HTA-compatibility" : "default");

  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);
      g_autoptr (GArray) cats = count_categories (trace, r);
      g_autoptr (GArray) streams = gpu_streams (r);
      gint64 start, end;

      rank_span (r, &start, &end);
      {
        /* a file's name and a trace's category can hold any bytes */
        g_autofree char *path = hp_output_escape_text (r->path, -1);

        printf ("\nRank %d: %s\n", r->rank, path);
      }
      print_size (r->compressed ? "size (gzip)" : "size", r->file_bytes);
      if (r->compressed)
        print_size ("size (JSON)", r->json_bytes);
      {
        g_autofree char *device = hp_output_escape_text (r->device_type != NULL ? r->device_type : "", -1);

        printf ("  %-16s %s\n", "device", device);
      }
      printf ("  %-16s %" G_GUINT64_FORMAT " in the file, %u loaded, %u analysed",
              "events", r->n_json_events, r->n_events, r->n_rows);
      if (r->n_filtered > 0)
        printf (" (%" G_GUINT64_FORMAT " outside the kept iterations)", r->n_filtered);
      printf ("\n  %-16s %.3f .. %.3f us (%.3f ms)\n", "time span", us (start), us (end),
              us (end - start) / 1000.0);
      printf ("  %-16s", "iterations");
      if (r->n_iterations == 0)
        printf (" none");
      for (guint i = 0; i < r->n_iterations; i++)
        printf (" %d", r->iterations[i]);
      printf ("\n  %-16s", "GPU streams");
      if (streams->len == 0)
        printf (" none");
      for (guint i = 0; i < streams->len; i++)
        printf (" %" G_GINT64_FORMAT, g_array_index (streams, gint64, i));
      printf ("\n");
      print_comm_rules (trace, r);
      printf ("  events by category:\n");
      for (guint c = 0; c < cats->len; c++)
        {
          const CatCount *cc = &g_array_index (cats, CatCount, c);

          g_autofree char *cat = hp_output_escape_text (hp_trace_get_string (trace, cc->cat), -1);

          printf ("    %-22s %10u\n", cat, cc->count);
        }
      if (r->n_negative_dur + r->n_huge_dur + r->n_bad_stream + r->n_bad_values + r->n_invalid_utf8 > 0)
        printf ("  problems: %" G_GUINT64_FORMAT " negative durations, %" G_GUINT64_FORMAT
                " durations over 7 days, %" G_GUINT64_FORMAT " bad stream ids, %" G_GUINT64_FORMAT
                " bad values, %" G_GUINT64_FORMAT " invalid UTF-8 strings\n",
                r->n_negative_dur, r->n_huge_dur, r->n_bad_stream, r->n_bad_values, r->n_invalid_utf8);
      if (r->n_out_of_window + r->n_long_strings > 0)
        printf ("  rejected: %" G_GUINT64_FORMAT " events before 1970 or after 2200, %" G_GUINT64_FORMAT
                " strings cut to the length limit\n",
                r->n_out_of_window, r->n_long_strings);
    }

  if (hp_trace_get_n_ignored_files (trace) > 0)
    {
      printf ("\nIgnored (not trace files):\n");
      for (guint i = 0; i < hp_trace_get_n_ignored_files (trace); i++)
        {
          g_autofree char *name = hp_output_escape_text (hp_trace_get_ignored_file (trace, i), -1);

          printf ("  %s\n", name);
        }
    }
}

int
hp_cli_info (int           argc,
             char        **argv,
             GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_auto (GStrv) paths = NULL;
  gboolean     json = FALSE;
  gboolean     hta_compat = FALSE;
  gboolean     include_last_step = FALSE;
  gboolean     strict = FALSE;
  GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Write one JSON document", NULL },
    HP_CLI_COMM_PATTERNS_OPTION,
    { "hta-compat", 0, 0, G_OPTION_ARG_NONE, &hta_compat, "Reproduce HTA's numbers exactly", NULL },
    { "include-last-step", 0, 0, G_OPTION_ARG_NONE, &include_last_step,
      "Keep the last (incomplete) iteration", NULL },
    { "strict", 0, 0, G_OPTION_ARG_NONE, &strict, HP_CLI_STRICT_HELP, NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "DIR|FILE…" },
    { NULL }
  };

  g_option_context_set_summary (context, "Prints per rank the file, its size, events by category, "
                                         "time span, iterations, GPU streams and every problem found.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hp_cli_usage_error (context, "%s", error->message);
  if (paths == NULL || paths[0] == NULL)
    return hp_cli_usage_error (context, "name a trace folder or file");

  trace = hp_cli_load (paths, hta_compat, include_last_step, json, cancellable, NULL);
  if (trace == NULL)
    return HP_CLI_EXIT_BAD_INPUT;

  if (hp_trace_get_summaries (trace) != NULL)
    {
      g_autoptr (JsonNode) root = hp_cli_summary_info (trace, json);

      if (json)
        {
          g_autofree char *text = json_to_string (root, TRUE);

          printf ("%s\n", text);
        }
    }
  else if (json)
    {
      g_autoptr (JsonNode) root = build_info (trace);
      g_autofree char *text = hp_output_json_to_string (root, TRUE);

      printf ("%s\n", text);
    }
  else
    print_text (trace);
  return hp_cli_strict_status (trace, strict, HP_CLI_EXIT_OK);
}
