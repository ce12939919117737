/* hp-cli-compare.c — `hotpath-cli compare`: 2 to 8 runs side by side, one table per question.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "hp-cli-runs.h"
#include "hp-core.h"

/* --baseline: a run's label, else its place from 1 */
static gboolean
find_baseline (const char        *text,
               const char *const *labels,
               guint              n_runs,
               guint             *baseline)
{
  guint64 n;

  for (guint i = 0; i < n_runs; i++)
    if (strcmp (labels[i], text) == 0)
      {
        *baseline = i;
        return TRUE;
      }
  if (!g_ascii_string_to_unsigned (text, 10, 1, n_runs, &n, NULL))
    return FALSE;
  *baseline = (guint)n - 1;
  return TRUE;
}

int
hp_cli_compare (int           argc,
                char        **argv,
                GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) traces = NULL;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (GPtrArray) sentences = NULL;
  g_auto (GStrv) paths = NULL;
  g_auto (GStrv) labels = NULL;
  g_auto (GStrv) formats = NULL;
  g_autofree char *labels_text = NULL;
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  g_autofree char *charts_text = NULL;
  g_autofree char *message = NULL;
  g_autofree char *baseline_text = NULL;
  guint            baseline = 0;
  gboolean         hta_compat = FALSE;
  gboolean         include_last_step = FALSE;
  gboolean         json;
  int              top = 10;
  guint            n_runs;
  HpAnalysisParams params;
  int              status = HP_CLI_EXIT_OK;
  GOptionEntry     entries[] = {
        { "labels", 'l', 0, G_OPTION_ARG_STRING, &labels_text, "The runs' names (default: each folder's name)", "L,..." },
        { "baseline", 0, 0, G_OPTION_ARG_STRING, &baseline_text, "The run the others are compared with, by its label or its place from 1 (the first)", "LABEL|N" },
        { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "csv (default) or json", "FORMAT" },
        { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write OUTDIR/compare_<table>.csv; without it, print tables", "OUTDIR" },
        { "charts", 'c', 0, G_OPTION_ARG_STRING, &charts_text, "Also write the charts: png, svg, pdf (needs --output)", "LIST" },
        { "top", 0, 0, G_OPTION_ARG_INT, &top, "Ops in the ops chart (10)", "N" },
        HP_CLI_COMM_PATTERNS_OPTION,
        { "hta-compat", 0, 0, G_OPTION_ARG_NONE, &hta_compat, "Reproduce HTA's numbers exactly, quirks included", NULL },
        { "include-last-step", 0, 0, G_OPTION_ARG_NONE, &include_last_step, "Keep the last (incomplete) iteration (include_last_profiler_step)", NULL },
        { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "RUN…" },
        { NULL }
  };

  hp_analysis_params_init (&params);
  g_option_context_set_summary (context,
                                "Compares 2 to 8 runs (each a trace folder or file) with the analyses of "
                                "`report`: compare_temporal_breakdown, compare_kernel_type, "
                                "compare_comm_comp_overlap, compare_idle_time, compare_memory (the memory "
                                "analysis' memory_summary), compare_step_time, compare_memory_timeline "
                                "(allocated and reserved memory over time, from each rank's first step), "
                                "compare_communication (communication and exposed communication per rank and "
                                "step, of the work each step launched), compare_collectives (the costliest communication "
                                "kernels with count, time and share) and compare_ops (ops of old and new "
                                "profilers matched under today's categories, HIP runtime calls with their "
                                "CUDA twins). Every number of a table compare shares with `report` is the "
                                "one `report` gives for that run alone. A run a table has no rows of, or "
                                "that lacks ranks its job names, is named in a note. A summary in words comes "
                                "first: a sentence per run (its ranks, mean step time, idle share and exposed "
                                "communication), one per other run against the baseline (--baseline, the first "
                                "run unless given: its step time as a multiple of the baseline's, both idle "
                                "shares) and the run with the fastest steps; with --output it is "
                                "compare_summary.txt (compare_summary.json with --format json). Tables and "
                                "charts list the runs in the order given.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      status = hp_cli_usage_error (context, "%s", error->message);
      goto out;
    }
  n_runs = paths != NULL ? g_strv_length (paths) : 0;
  if (n_runs < 2 || n_runs > HP_COMPARE_MAX_RUNS)
    {
      status = hp_cli_usage_error (context, "name 2 to %d runs (each a trace folder or file)",
                                   HP_COMPARE_MAX_RUNS);
      goto out;
    }
  if (format != NULL && strcmp (format, "csv") != 0 && strcmp (format, "json") != 0)
    {
      status = hp_cli_usage_error (context, "--format takes csv or json, not '%s'", format);
      goto out;
    }
  json = g_strcmp0 (format, "json") == 0;
  if (top < 1)
    {
      status = hp_cli_usage_error (context, "--top takes a number from 1");
      goto out;
    }
  labels = hp_cli_run_labels (labels_text, (const char *const *)paths, n_runs, NULL, &message);
  if (labels != NULL)
    for (guint i = 0; i < n_runs && message == NULL; i++)
      for (guint j = 0; j < i && message == NULL; j++)
        if (strcmp (labels[i], labels[j]) == 0)
          message = g_strdup_printf ("two runs are named '%s': give --labels", labels[i]);
  if (message != NULL)
    {
      status = hp_cli_usage_error (context, "%s", message);
      goto out;
    }
  if (baseline_text != NULL && !find_baseline (baseline_text, (const char *const *)labels, n_runs, &baseline))
    {
      status = hp_cli_usage_error (context,
                                   "--baseline takes a run's label or its place from 1 to %u, not '%s'", n_runs,
                                   baseline_text);
      goto out;
    }
  formats = hp_cli_parse_chart_formats (charts_text, &message);
  if (message != NULL)
    {
      status = hp_cli_usage_error (context, "%s", message);
      goto out;
    }
  if (formats != NULL && output == NULL)
    {
      status = hp_cli_usage_error (context, "--charts needs --output");
      goto out;
    }

  traces = hp_cli_load_runs (paths, n_runs, hta_compat, include_last_step, cancellable);
  if (traces == NULL)
    {
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  tables = hp_compare_runs ((HpTrace *const *)traces->pdata, (const char *const *)labels, n_runs, &params,
                            cancellable, &error);
  if (tables == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        fprintf (stderr, "hotpath-cli: cancelled\n");
      else
        fprintf (stderr, "hotpath-cli: compare: %s\n", error->message);
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  for (guint t = 0; t < tables->len; t++)
    if (hp_table_get_note (tables->pdata[t]) != NULL)
      fprintf (stderr, "hotpath-cli: note: %s: %s\n", hp_table_get_name (tables->pdata[t]),
               hp_table_get_note (tables->pdata[t]));
  sentences = hp_compare_summary_against ((HpTrace *const *)traces->pdata, (const char *const *)labels, n_runs,
                                          tables, baseline);

  if (output == NULL)
    {
      /* the sentences first in text, a last document in JSON */
      if (!json)
        {
          g_autofree char *summary = hp_compare_summary_to_text (sentences);

          printf ("%s\n\n", summary);
        }
      for (guint t = 0; t < tables->len; t++)
        {
          g_autofree char *text = NULL;

          if (json)
            {
              g_autoptr (JsonNode) node = hp_table_to_json (tables->pdata[t]);

              text = hp_output_json_to_string (node, TRUE);
            }
          else
            text = hp_table_to_text (tables->pdata[t], 50);
          printf ("%s%s\n", t > 0 && !json ? "\n" : "", text);
        }
      if (json)
        {
          g_autoptr (JsonNode) node = hp_compare_summary_to_json (sentences);
          g_autofree char *text = hp_output_json_to_string (node, TRUE);

          printf ("%s\n", text);
        }
      goto out;
    }

  if (!hp_cli_make_output_dir (output))
    {
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  for (guint t = 0; t < tables->len; t++)
    if (!hp_cli_write_table (tables->pdata[t], output, json, hta_compat))
      {
        status = HP_CLI_EXIT_BAD_INPUT;
        goto out;
      }
  if (json)
    {
      g_autoptr (JsonNode) node = hp_compare_summary_to_json (sentences);

      if (!hp_cli_write_json (node, output, "compare_summary.json"))
        {
          status = HP_CLI_EXIT_BAD_INPUT;
          goto out;
        }
    }
  else
    {
      g_autofree char *summary = hp_compare_summary_to_text (sentences);
      g_autofree char *with_newline = g_strconcat (summary, "\n", NULL);
      g_autofree char *path = g_build_filename (output, "compare_summary.txt", NULL);

      if (!hp_output_file_write (path, with_newline, strlen (with_newline), &error))
        {
          fprintf (stderr, "hotpath-cli: %s\n", error->message);
          status = HP_CLI_EXIT_BAD_INPUT;
          goto out;
        }
      printf ("%s\n", path);
    }
  if (formats != NULL)
    {
      g_autoptr (GPtrArray) charts = hp_compare_charts_new (tables, (const char *const *)labels, n_runs, (guint)top,
                                                            NULL);

      /* an empty chart says what the runs lack, as in the app */
      for (guint c = 0; c < charts->len; c++)
        if (!hp_chart_has_data (charts->pdata[c]))
          {
            g_autofree char *reason =
                hp_compare_no_data_reason ((HpTrace *const *)traces->pdata, (const char *const *)labels, n_runs,
                                           tables, hp_chart_get_name (charts->pdata[c]));

            hp_chart_set_no_data_reason (charts->pdata[c], reason);
          }

      if (!hp_cli_export_charts (charts, output, (const char *const *)formats))
        status = HP_CLI_EXIT_BAD_INPUT;
    }

out:
  hp_analysis_params_clear (&params);
  return status;
}
