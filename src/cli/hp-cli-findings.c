/* hp-cli-findings.c — `hotpath-cli findings`: the Overview's findings in words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "hp-cli.h"
#include "hp-core.h"

/* the tables of a result the findings read (hp_finding_tables_from_results()) */
static GPtrArray *
computed_result (const char *analysis,
                 gpointer    results)
{
  return g_hash_table_lookup (results, analysis);
}

/* an analysis the findings read but may do without: the rank late to
 * collectives needs communication, the rank on the critical path several
 * ranks and their events */
static gboolean
is_optional (const char *analysis)
{
  return g_str_equal (analysis, HP_COLLECTIVES_ANALYSIS) || g_str_equal (analysis, HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS);
}

int
hp_cli_findings (int           argc,
                 char        **argv,
                 GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (HpScope) scope = NULL;
  g_autoptr (GPtrArray) results = NULL;
  g_autoptr (GPtrArray) always = g_ptr_array_new ();
  g_autoptr (GHashTable) computed = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, (GDestroyNotify)g_ptr_array_unref);
  g_autoptr (GError) collectives_error = NULL;
  HpFindingTables finding_tables = { NULL };
  g_auto (GStrv) paths = NULL;
  g_auto (GStrv) findings = NULL;
  g_autofree char   *scope_text = NULL;
  g_autofree char   *format = NULL;
  const char *const *sources = hp_findings_get_analyses (NULL);
  HpAnalysisParams   params;
  gboolean           hta_compat = FALSE, include_last_step = FALSE, strict = FALSE;
  int                max_findings = 10;
  int                status = HP_CLI_EXIT_OK;
  GOptionEntry       entries[] = {
          { "scope", 's', 0, G_OPTION_ARG_STRING, &scope_text,
            "Only this part of the trace: step:N, range:START_US-END_US or annotation:NAME[#N]", "SCOPE" },
          { "max", 'n', 0, G_OPTION_ARG_INT, &max_findings, "At most this many findings (10)", "N" },
          { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "text (default) or json", "FORMAT" },
          HP_CLI_COMM_PATTERNS_OPTION,
          { "hta-compat", 0, 0, G_OPTION_ARG_NONE, &hta_compat, "Reproduce HTA's numbers exactly, quirks included", NULL },
          { "include-last-step", 0, 0, G_OPTION_ARG_NONE, &include_last_step,
            "Keep the last (incomplete) iteration (include_last_profiler_step)", NULL },
          { "strict", 0, 0, G_OPTION_ARG_NONE, &strict, HP_CLI_STRICT_HELP, NULL },
          { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "DIR|FILE…" },
          { NULL },
  };

  hp_analysis_params_init (&params);
  g_option_context_set_summary (context, "Says in plain words where a job's GPU time goes, of the job as a "
                                         "whole (which ranks, how much, the exceptions named): idle time and "
                                         "its causes, imbalance between ranks, exposed communication, and the "
                                         "straggler of each question, labelled: late to collectives (the rank "
                                         "that started last most often), slowest compute (the most "
                                         "computation kernel time, 5% or more above the median of the other "
                                         "ranks) and on the critical path (the largest share of the critical "
                                         "path across ranks, when a collective joins the ranks' paths); one "
                                         "line says so when they name different ranks.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      status = hp_cli_usage_error (context, "%s", error->message);
      goto out;
    }
  if (paths == NULL || paths[0] == NULL)
    {
      status = hp_cli_usage_error (context, "name a trace folder or file");
      goto out;
    }
  if (format != NULL && strcmp (format, "text") != 0 && strcmp (format, "json") != 0)
    {
      status = hp_cli_usage_error (context, "--format takes text or json, not '%s'", format);
      goto out;
    }
  if (max_findings < 1)
    {
      status = hp_cli_usage_error (context, "--max takes a number ≥ 1");
      goto out;
    }
  if (scope_text != NULL && (scope = hp_scope_parse (scope_text, &error)) == NULL)
    {
      status = hp_cli_usage_error (context, "%s", error->message);
      goto out;
    }

  trace = hp_cli_load_scoped (paths, hta_compat, include_last_step, scope, cancellable);
  if (trace == NULL)
    {
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }

  /* the analyses the Overview reads, asked the way the app asks them: the
   * ones every job has at once, then the two a job may lack */
  for (guint i = 0; sources[i] != NULL; i++)
    if (!is_optional (sources[i]))
      g_ptr_array_add (always, (gpointer)hp_analysis_find (sources[i]));
  results = hp_analysis_run_many ((const HpAnalysis *const *)always->pdata, always->len, trace, &params, 0, NULL,
                                  cancellable, &error);
  if (results == NULL)
    {
      fprintf (stderr, "hotpath-cli: %s\n", error->message);
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  for (guint i = 0; i < always->len; i++)
    g_hash_table_insert (computed, (gpointer)((const HpAnalysis *)always->pdata[i])->name,
                         g_ptr_array_ref (results->pdata[i]));
  /* a job without communication has no collectives, and no one late to
   * them; one opened from summaries says why it has none (summaries of
   * format 1 do not describe their collectives) */
  {
    GPtrArray *collectives = hp_analysis_run (hp_analysis_find (HP_COLLECTIVES_ANALYSIS), trace, &params, cancellable,
                                              &collectives_error);

    if (collectives != NULL)
      g_hash_table_insert (computed, (gpointer)HP_COLLECTIVES_ANALYSIS, collectives);
    else if (hp_trace_get_summaries (trace) != NULL ||
             !g_error_matches (collectives_error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA))
      fprintf (stderr, "hotpath-cli: note: no finding on the rank late to collectives: %s\n",
               collectives_error->message);
  }
  /* the critical path across ranks, for the rank on it; a job of one rank
   * has none, and one from summaries has no events to walk */
  if (hp_trace_get_n_ranks (trace) >= 2 && hp_trace_get_summaries (trace) != NULL)
    fprintf (stderr, "hotpath-cli: note: no finding on the rank on the critical path: summaries keep no "
                     "events to walk it; open the traces\n");
  else if (hp_trace_get_n_ranks (trace) >= 2)
    {
      g_autoptr (GError) path_error = NULL;
      GPtrArray *path = hp_analysis_run (hp_analysis_find_internal (HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS), trace,
                                         &params, cancellable, &path_error);

      if (path != NULL)
        g_hash_table_insert (computed, (gpointer)HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS, path);
      else if (!g_error_matches (path_error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA))
        fprintf (stderr, "hotpath-cli: note: no finding on the rank on the critical path: %s\n", path_error->message);
    }
  hp_finding_tables_from_results (&finding_tables, computed_result, computed);
  findings = hp_findings_collect (&finding_tables, (guint)max_findings);

  if (g_strcmp0 (format, "json") == 0)
    {
      g_autoptr (JsonBuilder) builder = json_builder_new ();
      g_autoptr (JsonNode) root = NULL;
      g_autofree char *text = NULL;
      g_autofree char *scope_string = hp_scope_to_string (scope);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "scope");
      json_builder_add_string_value (builder, scope_string);
      json_builder_set_member_name (builder, "findings");
      json_builder_begin_array (builder);
      for (guint i = 0; findings != NULL && findings[i] != NULL; i++)
        json_builder_add_string_value (builder, findings[i]);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
      root = json_builder_get_root (builder);
      text = hp_output_json_to_string (root, TRUE);
      printf ("%s\n", text);
    }
  else if (findings == NULL || findings[0] == NULL)
    printf ("No finding: the trace has no GPU activity to judge.\n");
  else
    for (guint i = 0; findings[i] != NULL; i++)
      printf ("- %s\n", findings[i]);

out:
  hp_analysis_params_clear (&params);
  return hp_cli_strict_status (trace, strict, status);
}
