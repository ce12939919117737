/* hp-cli-common.c — loading, usage errors and issue printing shared by commands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "hp-cli.h"

int
hp_cli_usage_error (GOptionContext *context,
                    const char     *format,
                    ...)
{
  g_autofree char *message = NULL;
  g_autofree char *help = NULL;
  va_list          args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "hotpath-cli: %s\n", message);
  if (context != NULL)
    {
      help = g_option_context_get_help (context, TRUE, NULL);
      fprintf (stderr, "\n%s", help);
    }
  return HP_CLI_EXIT_USAGE;
}

void
hp_cli_print_issues (HpTrace *trace)
{
  GListModel *issues = hp_trace_get_issues (trace);

  for (guint k = 0; k < g_list_model_get_n_items (issues); k++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, k);
      static const char *const labels[] = { "error", "warning", "note" };

      fprintf (stderr, "hotpath-cli: %s: %s\n", labels[hp_load_issue_get_severity (issue)],
               hp_load_issue_get_message (issue));
    }
}

/**
 * hp_cli_load:
 *
 * Loads the paths; on failure prints the reason (which names the file) and
 * returns %NULL.
 */
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
  HpTrace      *trace;

  options.mode = hta_compat ? HP_MODE_HTA_COMPAT : HP_MODE_DEFAULT;
  options.include_last_step = include_last_step;
  trace = hp_load_paths ((const char *const *)paths, &options, cancellable, stats, &error);
  if (trace == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        fprintf (stderr, "hotpath-cli: cancelled\n");
      else
        fprintf (stderr, "hotpath-cli: %s\n", error->message);
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
