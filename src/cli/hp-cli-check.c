/* hp-cli-check.c — `hotpath-cli check`: the regression verdict for CI, baseline against candidate.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hp-cli-runs.h"
#include "hp-core.h"

static char *
format_us (double us)
{
  if (isnan (us))
    return g_strdup ("n/a");
  if (fabs (us) >= 1e6)
    return g_strdup_printf ("%.3f s", us / 1e6);
  if (fabs (us) >= 1e3)
    return g_strdup_printf ("%.3f ms", us / 1e3);
  return g_strdup_printf ("%.3f us", us);
}

static char *
report_text (HpTable *table,
             gboolean regressed)
{
  GString         *s = g_string_new (NULL);
  g_autofree char *text = hp_table_to_text (table, G_MAXUINT);

  g_string_append_printf (s, "%s\n", text);
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      const char      *verdict = hp_table_get_string (table, row, 7);
      g_autofree char *base = format_us (hp_table_get_double (table, row, 1));
      g_autofree char *cand = format_us (hp_table_get_double (table, row, 2));

      if (strcmp (verdict, "regressed") == 0)
        g_string_append_printf (s, "regressed: %s: %s -> %s (%+.2f%%, limit %g%%)\n", hp_table_get_string (table, row, 0),
                                base, cand, hp_table_get_double (table, row, 4), hp_table_get_double (table, row, 5));
      else if (strcmp (verdict, "within noise") == 0)
        g_string_append_printf (s,
                                "within noise: %s: %s -> %s (%+.2f%%) is within the runs' step-to-step "
                                "spread (%.2f%%)\n",
                                hp_table_get_string (table, row, 0), base, cand, hp_table_get_double (table, row, 4),
                                hp_table_get_double (table, row, 6));
    }
  g_string_append_printf (s, "verdict: %s\n", regressed ? "regressed" : "ok");
  return g_string_free (s, FALSE);
}

static char *
report_json (HpTable *table,
             gboolean regressed,
             double   limit)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "verdict");
  json_builder_add_string_value (builder, regressed ? "regressed" : "ok");
  json_builder_set_member_name (builder, "max_regression_pct");
  json_builder_add_double_value (builder, limit);
  json_builder_set_member_name (builder, "metrics");
  json_builder_add_value (builder, hp_table_to_json (table));
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  text = hp_output_json_to_string (root, TRUE);
  return g_strconcat (text, "\n", NULL);
}

int
hp_cli_check (int           argc,
              char        **argv,
              GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) traces = NULL;
  g_autoptr (HpTable) table = NULL;
  g_auto (GStrv) paths = NULL;
  g_autofree char *metrics = NULL;
  g_autofree char *format = NULL;
  g_autofree char *output = NULL;
  g_autofree char *text = NULL;
  double           max_regression = 5.0;
  int              n_top_ops = 5;
  gboolean         regressed = FALSE;
  HpCheckParams    params;
  int              status = HP_CLI_EXIT_OK;
  GOptionEntry     entries[] = {
        { "max-regression", 'm', 0, G_OPTION_ARG_DOUBLE, &max_regression, "Largest growth allowed, in % (5)", "PCT" },
        { "metrics", 0, 0, G_OPTION_ARG_STRING, &metrics, "step_time, gpu_busy, idle_time, exposed_comm, top_ops (default: all)", "LIST" },
        { "top-ops", 0, 0, G_OPTION_ARG_INT, &n_top_ops, "The baseline's costliest ops checked (5)", "N" },
        { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "text (default) or json", "FORMAT" },
        { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write the report to FILE instead of printing it", "FILE" },
        HP_CLI_COMM_PATTERNS_OPTION,
        { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "BASELINE CANDIDATE" },
        { NULL }
  };

  hp_check_params_init (&params);
  g_option_context_set_summary (context,
                                "Compares a candidate run with a baseline (each a trace folder or file): the "
                                "median step time, GPU busy time, idle time and exposed communication per "
                                "step, and the baseline's costliest ops. Exit status 0 when every metric is "
                                "within the limit, 3 when one regressed, 1 bad input, 2 usage error. A "
                                "step-time change within the runs' own step-to-step spread is reported as "
                                "noise, not as a regression.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hp_cli_usage_error (context, "%s", error->message);
  if (paths == NULL || g_strv_length (paths) != 2)
    return hp_cli_usage_error (context, "name two runs, BASELINE and CANDIDATE");
  if (!(max_regression >= 0 && max_regression <= 1000))
    return hp_cli_usage_error (context, "--max-regression takes a percentage from 0 to 1000");
  if (!hp_check_metrics_from_string (metrics, &params.metrics))
    return hp_cli_usage_error (context, "--metrics takes step_time, gpu_busy, idle_time, exposed_comm "
                                        "and top_ops, or all");
  if (n_top_ops < 1)
    return hp_cli_usage_error (context, "--top-ops takes a number from 1");
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0)
    return hp_cli_usage_error (context, "--format takes text or json, not '%s'", format);
  params.max_regression_pct = max_regression;
  params.n_top_ops = (guint)n_top_ops;

  traces = hp_cli_load_runs (paths, 2, FALSE, FALSE, cancellable);
  if (traces == NULL)
    return HP_CLI_EXIT_BAD_INPUT;
  table = hp_check_runs (traces->pdata[0], traces->pdata[1], &params, &regressed, cancellable, &error);
  if (table == NULL)
    {
      fprintf (stderr, "hotpath-cli: check: %s\n", error->message);
      return HP_CLI_EXIT_BAD_INPUT;
    }

  text = g_strcmp0 (format, "json") == 0 ? report_json (table, regressed, max_regression)
                                         : report_text (table, regressed);
  if (output != NULL)
    {
      if (!hp_output_file_write (output, text, strlen (text), &error))
        {
          fprintf (stderr, "hotpath-cli: %s\n", error->message);
          return HP_CLI_EXIT_BAD_INPUT;
        }
    }
  else
    fputs (text, stdout);

  if (regressed)
    status = HP_CLI_EXIT_REGRESSION;
  return status;
}
