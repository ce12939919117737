/* hp-cli-common.c — loading, usage errors and issue printing shared by commands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hp-cli.h"

int
hp_cli_usage_error (GOptionContext *context,
                    const char     *format,
                    ...)
{
  g_autofree char *message = NULL;
  va_list          args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* the reason and where to look, not the whole help: a script's log
   * should show what went wrong at a glance */
  fprintf (stderr, "%s: %s\n", g_get_prgname (), message);
  fprintf (stderr, "Try '%s --help' for more information.\n", g_get_prgname ());
  return HP_CLI_EXIT_USAGE;
}

/**
 * hp_cli_parse_options:
 * @entries: the main entries of @context, as added
 *
 * g_option_context_parse(), then the checks every command's options share:
 * a number option (G_OPTION_ARG_DOUBLE) takes finite numbers only, for
 * GLib reads "nan" and "inf" as numbers and no range check catches NaN.
 *
 * Returns: %TRUE, or %FALSE with @error set (a usage error)
 */
gboolean
hp_cli_parse_options (GOptionContext     *context,
                      const GOptionEntry *entries,
                      int                *argc,
                      char             ***argv,
                      GError            **error)
{
  if (!g_option_context_parse (context, argc, argv, error))
    return FALSE;
  for (const GOptionEntry *e = entries; e != NULL && e->long_name != NULL; e++)
    if (e->arg == G_OPTION_ARG_DOUBLE && !isfinite (*(const double *)e->arg_data))
      {
        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--%s takes a finite number, not %g",
                     e->long_name, *(const double *)e->arg_data);
        return FALSE;
      }
  return TRUE;
}

/**
 * hp_cli_rank_option_ok:
 * @rank: the value of a --rank option, %HP_CLI_RANK_UNSET when not given
 *
 * Returns: whether @rank names a rank (0 or more) or was not given: a
 *   negative rank is a usage error, never "the first"
 */
gboolean
hp_cli_rank_option_ok (int rank)
{
  return rank == HP_CLI_RANK_UNSET || rank >= 0;
}

void
hp_cli_print_issues (HpTrace *trace)
{
  GListModel *issues = hp_trace_get_issues (trace);

  for (guint k = 0; k < g_list_model_get_n_items (issues); k++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, k);
      static const char *const labels[] = { "error", "warning", "note" };
      /* messages quote file names and a trace's names */
      g_autofree char *message = hp_output_escape_text (hp_load_issue_get_message (issue), -1);

      fprintf (stderr, "hotpath-cli: %s: %s\n", labels[hp_load_issue_get_severity (issue)], message);
    }
}

/**
 * hp_cli_strict_status:
 * @strict: whether --strict was given
 * @status: the status of the run so far
 *
 * With --strict, a file that failed to load fails the run after it wrote
 * what it could, so that a CI job notices a lost rank.
 *
 * Returns: @status, or %HP_CLI_EXIT_BAD_INPUT when @strict and a file failed
 */
int
hp_cli_strict_status (HpTrace *trace,
                      gboolean strict,
                      int      status)
{
  GListModel *issues;
  guint       n_failed = 0;

  if (!strict || trace == NULL || status != HP_CLI_EXIT_OK)
    return status;
  issues = hp_trace_get_issues (trace);
  for (guint k = 0; k < g_list_model_get_n_items (issues); k++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, k);

      n_failed += hp_load_issue_get_severity (issue) == HP_LOAD_ISSUE_ERROR;
    }
  if (n_failed == 0)
    return status;
  fprintf (stderr, "hotpath-cli: --strict: %u file%s failed to load\n", n_failed, n_failed == 1 ? "" : "s");
  return HP_CLI_EXIT_BAD_INPUT;
}

/* whether the running command reads summaries (main.c sets it) */
static gboolean summaries_allowed;

void
hp_cli_allow_summaries (gboolean allowed)
{
  summaries_allowed = allowed;
}

/**
 * hp_cli_load:
 *
 * Loads the paths; on failure prints the reason (which names the file) and
 * returns %NULL.
 */
char *hp_cli_comm_patterns_path = NULL;
/* --max-memory, 0 for the default */
static guint64 max_memory_bytes;
/* --job, 0 when not given */
static guint load_job;

/**
 * hp_cli_parse_size:
 * @text: a size: a number with an optional unit K, M, G or T (powers of
 *   1024, with or without "B" or "iB"), or "none" for no limit
 * @bytes: (out): the size in bytes, %HP_NO_MEMORY_LIMIT for "none"
 *
 * Returns: whether @text is a size of at least 1 MiB (or "none")
 */
gboolean
hp_cli_parse_size (const char *text,
                   guint64    *bytes)
{
  static const char units[] = "KMGT";
  char             *end = NULL;
  double            value, scale = 1.0;

  if (g_ascii_strcasecmp (text, "none") == 0 || g_ascii_strcasecmp (text, "unlimited") == 0)
    {
      *bytes = HP_NO_MEMORY_LIMIT;
      return TRUE;
    }
  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  value = g_ascii_strtod (text, &end);
  if (end == text || !isfinite (value))
    return FALSE;
  if (*end != '\0')
    {
      const char *unit = strchr (units, g_ascii_toupper (*end));

      if (unit == NULL)
        return FALSE;
      for (const char *u = units; u <= unit; u++)
        scale *= 1024.0;
      end++;
      if (g_ascii_strcasecmp (end, "iB") == 0 || g_ascii_strcasecmp (end, "B") == 0)
        end += strlen (end);
    }
  else if (value > 0)
    return FALSE; /* a bare number: bytes are never meant */
  value *= scale;
  if (*end != '\0' || value < 1024.0 * 1024.0 || value >= 18e18)
    return FALSE;
  *bytes = (guint64)value;
  return TRUE;
}

/**
 * hp_cli_set_max_memory:
 * @bytes: the limit of the loads that follow, 0 for the default
 */
void
hp_cli_set_max_memory (guint64 bytes)
{
  max_memory_bytes = bytes;
}

/**
 * hp_cli_set_job:
 * @job: the job the loads that follow keep of files from several jobs, 0
 *   to refuse such files
 */
void
hp_cli_set_job (guint job)
{
  load_job = job;
}

HpTrace *
hp_cli_load (char        **paths,
             gboolean      hta_compat,
             gboolean      include_last_step,
             gboolean      quiet,
             GCancellable *cancellable,
             HpLoadStats  *stats)
{
  g_autoptr (GError) error = NULL;
  HpLoadOptions options = { 0 };
  HpLoadLimits  limits = { 0 };
  HpTrace      *trace;
  g_autoptr (HpCommPatterns) patterns = NULL;

  options.mode = hta_compat ? HP_MODE_HTA_COMPAT : HP_MODE_DEFAULT;
  options.include_last_step = include_last_step;
  if (hp_cli_comm_patterns_path != NULL)
    {
      patterns = hp_comm_patterns_new_from_file (hp_cli_comm_patterns_path, &error);
      if (patterns == NULL)
        {
          fprintf (stderr, "hotpath-cli: --comm-patterns: %s\n", error->message);
          return NULL;
        }
      /* HTA's name rule is the only one in HTA-compatibility mode */
      if (hta_compat)
        fprintf (stderr, "hotpath-cli: --comm-patterns is ignored with --hta-compat\n");
      else
        options.comm_patterns = patterns;
    }
  limits.max_memory_bytes = max_memory_bytes;
  options.limits = &limits;
  options.job = load_job;
  /* a folder of rank summaries, or one mixing summaries and traces */
  if (hp_paths_have_summaries ((const char *const *)paths))
    {
      trace = hp_summary_load_paths ((const char *const *)paths, &options, cancellable, &error);
      if (trace != NULL && !summaries_allowed)
        {
          g_autofree char *ranks = hp_summary_job_ranks_to_load (trace);

          fprintf (stderr,
                   "%s: reads every event; summaries do not hold them: load the traces in full, "
                   "slowest rank first: %s\n",
                   g_get_prgname (), ranks);
          hp_trace_unref (trace);
          return NULL;
        }
    }
  else
    trace = hp_load_paths ((const char *const *)paths, &options, cancellable, stats, &error);
  if (trace == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        fprintf (stderr, "hotpath-cli: cancelled\n");
      else
        fprintf (stderr, "hotpath-cli: %s\n", error->message);
      if (g_error_matches (error, HP_LOAD_ERROR, HP_LOAD_ERROR_MIXED_JOBS))
        fprintf (stderr, "hotpath-cli: open one job with --job=N (e.g. hotpath-cli --job=1 info DIR) or by "
                         "naming its files; compare jobs with hotpath-cli compare\n");
      return NULL;
    }
  if (!quiet)
    hp_cli_print_issues (trace);
  return trace;
}

/**
 * hp_cli_load_scoped:
 * @scope: (nullable): the scope, or %NULL for the whole trace
 *
 * hp_cli_load(), then the trace narrowed to @scope; a scope with no event
 * is bad input, said on stderr.
 *
 * Returns: (transfer full) (nullable): the trace, or %NULL
 */
HpTrace *
hp_cli_load_scoped (char        **paths,
                    gboolean      hta_compat,
                    gboolean      include_last_step,
                    HpScope      *scope,
                    GCancellable *cancellable)
{
  g_autoptr (HpTrace) trace = hp_cli_load (paths, hta_compat, include_last_step, FALSE, cancellable, NULL);
  g_autoptr (GError) error = NULL;
  HpTrace *scoped;

  if (trace == NULL)
    return NULL;
  scoped = hp_trace_apply_scope (trace, scope, &error);
  if (scoped == NULL)
    fprintf (stderr, "hotpath-cli: %s\n", error->message);
  return scoped;
}
