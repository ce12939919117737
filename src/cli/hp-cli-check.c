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

static const char *
overall_verdict (gboolean                    regressed,
                 const HpCheckComparability *c)
{
  if (!c->comparable)
    return "not comparable";
  return regressed ? "regressed" : "ok";
}

static void
append_run (GString          *s,
            const char       *who,
            const HpCheckRun *run)
{
  g_string_append_printf (s, "%s %u rank%s (%s", who, run->n_ranks, run->n_ranks == 1 ? "" : "s", run->ranks);
  if (run->missing_ranks != NULL)
    g_string_append_printf (s, "; missing %s", run->missing_ranks);
  g_string_append_printf (s, "), %s, %s, ", run->devices, run->profiler);
  if (run->steps > 0)
    g_string_append_printf (s, "%u step%s", run->steps, run->steps == 1 ? "" : "s");
  else
    g_string_append (s, "no steps");
  if (!isnan (run->shared_gpu_pct))
    g_string_append_printf (s, ", %.2f%% of GPU time in shared operations", run->shared_gpu_pct);
}

static char *
report_text (HpTable                    *table,
             gboolean                    regressed,
             const HpCheckComparability *c)
{
  GString         *s = g_string_new (NULL);
  g_autofree char *text = hp_table_to_text (table, G_MAXUINT);

  g_string_append_printf (s, "%s\n", text);
  g_string_append (s, "comparability: ");
  append_run (s, "baseline", &c->runs[0]);
  g_string_append (s, "; ");
  append_run (s, "candidate", &c->runs[1]);
  g_string_append (s, "\n");
  for (guint i = 0; i < c->warnings->len; i++)
    g_string_append_printf (s, "warning: %s\n", (const char *)c->warnings->pdata[i]);
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      const char      *verdict = hp_table_get_string (table, row, 7);
      g_autofree char *base = format_us (hp_table_get_double (table, row, 1));
      g_autofree char *cand = format_us (hp_table_get_double (table, row, 2));
      g_autofree char *pct = NULL;

      /* a change from 0 has no percentage */
      if (isnan (hp_table_get_double (table, row, 4)))
        pct = g_strdup ("from 0");
      else
        pct = g_strdup_printf ("%+.2f%%", hp_table_get_double (table, row, 4));
      if (strcmp (verdict, "regressed") == 0)
        g_string_append_printf (s, "regressed: %s: %s -> %s (%s, limit %g%%)\n", hp_table_get_string (table, row, 0),
                                base, cand, pct, hp_table_get_double (table, row, 5));
      else if (strcmp (verdict, "within noise") == 0)
        g_string_append_printf (s,
                                "within noise: %s: %s -> %s (%s) is within the runs' step-to-step "
                                "spread (%.2f%%)\n",
                                hp_table_get_string (table, row, 0), base, cand, pct,
                                hp_table_get_double (table, row, 6));
      else if (strcmp (verdict, "missing") == 0)
        g_string_append_printf (s, "missing: %s: %s in the baseline, not run by the candidate\n",
                                hp_table_get_string (table, row, 0), base);
      else if (strcmp (verdict, "new") == 0)
        g_string_append_printf (s, "new: %s: %s in the candidate, not run by the baseline\n",
                                hp_table_get_string (table, row, 0), cand);
    }
  g_string_append_printf (s, "verdict: %s\n", overall_verdict (regressed, c));
  return g_string_free (s, FALSE);
}

static void
add_run_json (JsonBuilder      *builder,
              const HpCheckRun *run)
{
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "n_ranks");
  json_builder_add_int_value (builder, run->n_ranks);
  json_builder_set_member_name (builder, "ranks");
  json_builder_add_string_value (builder, run->ranks);
  json_builder_set_member_name (builder, "missing_ranks");
  if (run->missing_ranks != NULL)
    json_builder_add_string_value (builder, run->missing_ranks);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "devices");
  json_builder_add_string_value (builder, run->devices);
  json_builder_set_member_name (builder, "profiler");
  json_builder_add_string_value (builder, run->profiler);
  json_builder_set_member_name (builder, "steps_per_rank");
  json_builder_add_int_value (builder, run->steps);
  json_builder_set_member_name (builder, "shared_gpu_time_pct");
  if (isnan (run->shared_gpu_pct))
    json_builder_add_null_value (builder);
  else
    json_builder_add_double_value (builder, run->shared_gpu_pct);
  json_builder_end_object (builder);
}

static char *
report_json (HpTable                    *table,
             gboolean                    regressed,
             double                      limit,
             const HpCheckComparability *c)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();
  g_autoptr (JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "verdict");
  json_builder_add_string_value (builder, overall_verdict (regressed, c));
  json_builder_set_member_name (builder, "max_regression_pct");
  json_builder_add_double_value (builder, limit);
  json_builder_set_member_name (builder, "comparability");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "comparable");
  json_builder_add_boolean_value (builder, c->comparable);
  json_builder_set_member_name (builder, "baseline");
  add_run_json (builder, &c->runs[0]);
  json_builder_set_member_name (builder, "candidate");
  add_run_json (builder, &c->runs[1]);
  json_builder_set_member_name (builder, "warnings");
  json_builder_begin_array (builder);
  for (guint i = 0; i < c->warnings->len; i++)
    json_builder_add_string_value (builder, c->warnings->pdata[i]);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
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
  g_auto (HpCheckComparability) comparability = { 0 };
  int          status = HP_CLI_EXIT_OK;
  GOptionEntry entries[] = {
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
                                "median step time; GPU busy time, idle time and exposed communication per rank "
                                "and step (the GPU work each ProfilerStep launched, as report --scope step:N "
                                "measures it: the mean over ranks, with the slowest "
                                "rank and the spread between ranks); and the costliest ops of both runs (an op "
                                "one run lacks is \"missing\" or \"new\"). A comparability section names each "
                                "run's ranks (and missing ranks), GPUs, profiler format, steps and the share of "
                                "its GPU time in operations both runs have, with warnings. Exit status 0 when "
                                "every metric is within the limit, 3 when one regressed, 4 when the runs are not "
                                "comparable (one has ProfilerSteps and the other none, or less than half of "
                                "either run's GPU time is in shared operations), 1 bad input, 2 usage error. A "
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
  table = hp_check_runs (traces->pdata[0], traces->pdata[1], &params, &regressed, &comparability, cancellable,
                         &error);
  if (table == NULL)
    {
      fprintf (stderr, "hotpath-cli: check: %s\n", error->message);
      return HP_CLI_EXIT_BAD_INPUT;
    }

  text = g_strcmp0 (format, "json") == 0 ? report_json (table, regressed, max_regression, &comparability)
                                         : report_text (table, regressed, &comparability);
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

  if (!comparability.comparable)
    status = HP_CLI_EXIT_NOT_COMPARABLE;
  else if (regressed)
    status = HP_CLI_EXIT_REGRESSION;
  return status;
}
