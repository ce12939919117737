/* hp-cli-diff.c — `hotpath-cli diff`: what changed between two runs (HTA's TraceDiff).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "hp-cli-runs.h"
#include "hp-core.h"

typedef struct
{
  char    *labels;
  int      control_rank;
  int      test_rank;
  char    *control_iteration;
  char    *test_iteration;
  char    *device;
  gboolean short_names;
  gboolean hta_compat;
  char    *format;
  char    *output;
  char    *charts;
  int      top;
} DiffOptions;

static void
diff_options_clear (DiffOptions *o)
{
  g_free (o->labels);
  g_free (o->control_iteration);
  g_free (o->test_iteration);
  g_free (o->device);
  g_free (o->format);
  g_free (o->output);
  g_free (o->charts);
}

static void
print_result (HpTable   *table,
              HpOpsDiff *diff,
              gboolean   json,
              gboolean   hta_compat)
{
  if (json)
    {
      g_autoptr (JsonBuilder) builder = json_builder_new ();
      g_autoptr (JsonNode) root = NULL;
      g_autofree char *text = NULL;

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "compare_traces");
      json_builder_add_value (builder, hp_table_to_json (table));
      json_builder_set_member_name (builder, "ops_diff");
      json_builder_add_value (builder, hp_ops_diff_to_json (diff));
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      text = hp_output_json_to_string (root, TRUE);
      printf ("%s\n", text);
    }
  else
    {
      g_autofree char *text =
          hp_table_to_csv_full (table, hta_compat ? HP_CSV_HTA_COMPAT : HP_CSV_FLAGS_NONE);

      /* a terminal gets no control character from a trace's names, and
       * neither does any reader unless HTA's bytes were asked for */
      if (!hta_compat || isatty (STDOUT_FILENO))
        {
          g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

          for (guint i = 0; lines[i] != NULL; i++)
            {
              g_autofree char *line = hp_output_escape_text (lines[i], -1);

              fputs (line, stdout);
              if (lines[i + 1] != NULL)
                fputc ('\n', stdout);
            }
        }
      else
        fputs (text, stdout);
    }
}

int
hp_cli_diff (int           argc,
             char        **argv,
             GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) control = NULL;
  g_autoptr (HpTrace) test = NULL;
  g_autoptr (HpTable) table = NULL;
  g_autoptr (HpOpsDiff) diff = NULL;
  g_autoptr (HpTable) tree = NULL;
  g_auto (GStrv) paths = NULL;
  g_auto (GStrv) labels = NULL;
  g_auto (GStrv) formats = NULL;
  g_autofree char         *message = NULL;
  static const char *const default_labels[] = { "Control", "Test" };
  DiffOptions              o = { 0 };
  HpTraceDiffParams        params;
  gboolean                 json;
  int                      status = HP_CLI_EXIT_OK;
  GOptionEntry             entries[] = {
                { "labels", 'l', 0, G_OPTION_ARG_STRING, &o.labels, "The runs' names in the columns (Control,Test)", "C,T" },
                { "control-rank", 0, 0, G_OPTION_ARG_INT, &o.control_rank, "The control run's rank (default: its first)", "N" },
                { "test-rank", 0, 0, G_OPTION_ARG_INT, &o.test_rank, "The test run's rank (default: its first)", "N" },
                { "control-iteration", 0, 0, G_OPTION_ARG_STRING, &o.control_iteration, "The control run's iterations (default: its first)", "LIST" },
                { "test-iteration", 0, 0, G_OPTION_ARG_STRING, &o.test_iteration, "The test run's iterations (default: its first)", "LIST" },
                { "device", 'd', 0, G_OPTION_ARG_STRING, &o.device, "all (default), cpu or gpu", "TYPE" },
                { "short-names", 's', 0, G_OPTION_ARG_NONE, &o.short_names, "Group the table by shortened names (ops_diff.json keeps full names)", NULL },
                HP_CLI_COMM_PATTERNS_OPTION,
                { "hta-compat", 0, 0, G_OPTION_ARG_NONE, &o.hta_compat, "Reproduce HTA's numbers exactly, quirks included", NULL },
                { "format", 'f', 0, G_OPTION_ARG_STRING, &o.format, "csv (default) or json", "FORMAT" },
                { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output, "Write OUTDIR/compare_traces.csv, ops_diff.json and tree_diff.csv; without it, print the table", "OUTDIR" },
                { "charts", 'c', 0, G_OPTION_ARG_STRING, &o.charts, "Also write the count and duration charts: png, svg, pdf (needs --output)", "LIST" },
                { "top", 0, 0, G_OPTION_ARG_INT, &o.top, "Ops in the charts, the largest changes first (10)", "N" },
                { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "CONTROL TEST" },
                { NULL }
  };

  hp_trace_diff_params_init (&params);
  o.control_rank = HP_CLI_RANK_UNSET;
  o.test_rank = HP_CLI_RANK_UNSET;
  o.top = 10;
  g_option_context_set_summary (context,
                                "Compares the ops of two runs (each a trace folder or file): counts and total "
                                "durations per op name in one rank and some iterations of each, as HTA's "
                                "TraceDiff.compare_traces, and the ops added, deleted, increased, decreased "
                                "and unchanged, as TraceDiff.ops_diff.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      status = hp_cli_usage_error (context, "%s", error->message);
      goto out;
    }
  if (paths == NULL || g_strv_length (paths) != 2)
    {
      status = hp_cli_usage_error (context, "name two runs, CONTROL and TEST (each a trace folder or file)");
      goto out;
    }
  if (o.format != NULL && strcmp (o.format, "csv") != 0 && strcmp (o.format, "json") != 0)
    {
      status = hp_cli_usage_error (context, "--format takes csv or json, not '%s'", o.format);
      goto out;
    }
  json = g_strcmp0 (o.format, "json") == 0;
  if (o.device != NULL && !hp_diff_device_from_string (o.device, &params.device))
    {
      status = hp_cli_usage_error (context, "--device takes all, cpu or gpu, not '%s'", o.device);
      goto out;
    }
  if (!hp_cli_parse_int_list (o.control_iteration, &params.control_iterations) ||
      !hp_cli_parse_int_list (o.test_iteration, &params.test_iterations))
    {
      status = hp_cli_usage_error (context, "--control-iteration and --test-iteration take step numbers "
                                            "separated by commas");
      goto out;
    }
  if (!hp_cli_rank_option_ok (o.control_rank) || !hp_cli_rank_option_ok (o.test_rank))
    {
      status = hp_cli_usage_error (context, "a rank is a number from 0");
      goto out;
    }
  if (o.top < 1)
    {
      status = hp_cli_usage_error (context, "--top takes a number from 1");
      goto out;
    }
  labels = hp_cli_run_labels (o.labels, (const char *const *)paths, 2,
                              o.labels == NULL ? default_labels : NULL, &message);
  if (labels == NULL)
    {
      status = hp_cli_usage_error (context, "%s", message);
      goto out;
    }
  formats = hp_cli_parse_chart_formats (o.charts, &message);
  if (message != NULL)
    {
      status = hp_cli_usage_error (context, "%s", message);
      goto out;
    }
  if (formats != NULL && o.output == NULL)
    {
      status = hp_cli_usage_error (context, "--charts needs --output");
      goto out;
    }

  params.control_label = g_strdup (labels[0]);
  params.test_label = g_strdup (labels[1]);
  params.control_rank = o.control_rank != HP_CLI_RANK_UNSET ? o.control_rank : -1;
  params.test_rank = o.test_rank != HP_CLI_RANK_UNSET ? o.test_rank : -1;
  params.use_short_name = o.short_names;

  {
    char *control_paths[] = { paths[0], NULL };
    char *test_paths[] = { paths[1], NULL };

    control = hp_cli_load (control_paths, o.hta_compat, FALSE, FALSE, cancellable, NULL);
    if (control != NULL)
      test = hp_cli_load (test_paths, o.hta_compat, FALSE, FALSE, cancellable, NULL);
    if (control == NULL || test == NULL)
      {
        status = HP_CLI_EXIT_BAD_INPUT;
        goto out;
      }
  }

  table = hp_trace_diff_compare (control, test, &params, cancellable, &error);
  if (table != NULL && params.use_short_name)
    diff = hp_trace_diff_ops_diff (control, test, &params, cancellable, &error);
  else if (table != NULL)
    diff = hp_ops_diff_from_compare (table);
  if (diff != NULL && o.output != NULL)
    {
      tree = hp_tree_diff (control, test, &params, cancellable, &error);
      if (tree == NULL)
        g_clear_pointer (&diff, hp_ops_diff_free);
    }
  if (diff == NULL)
    {
      /* the message starts with the label of the run at fault */
      const char *path = g_str_has_prefix (error->message, labels[1]) ? paths[1] : paths[0];

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        fprintf (stderr, "hotpath-cli: cancelled\n");
      else
        fprintf (stderr, "hotpath-cli: diff: %s: %s\n", path, error->message);
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }

  if (o.output == NULL)
    {
      print_result (table, diff, json, o.hta_compat);
      goto out;
    }

  if (!hp_cli_make_output_dir (o.output) || !hp_cli_write_table (table, o.output, json, o.hta_compat) ||
      !hp_cli_write_table (tree, o.output, json, o.hta_compat))
    {
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  {
    g_autoptr (JsonNode) node = hp_ops_diff_to_json (diff);

    if (!hp_cli_write_json (node, o.output, "ops_diff.json"))
      {
        status = HP_CLI_EXIT_BAD_INPUT;
        goto out;
      }
  }
  if (formats != NULL)
    {
      g_autoptr (GPtrArray) charts = hp_diff_charts_new (table, (guint)o.top, NULL);

      if (!hp_cli_export_charts (charts, o.output, (const char *const *)formats))
        status = HP_CLI_EXIT_BAD_INPUT;
    }

out:
  hp_trace_diff_params_clear (&params);
  diff_options_clear (&o);
  return status;
}
