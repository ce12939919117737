/* hp-cli-counters.c — `hotpath-cli counters`: trace files with queue-length and bandwidth counters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "hp-cli.h"
#include "hp-core.h"

/* "queue_length,memory_bw" (default: both) */
static gboolean
parse_series (const char *text,
              guint      *mask)
{
  g_auto (GStrv) parts = NULL;

  *mask = HP_COUNTER_SERIES_ALL;
  if (text == NULL || g_ascii_strcasecmp (text, "all") == 0)
    return TRUE;
  *mask = 0;
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *name = g_strstrip (parts[i]);

      if (strcmp (name, HP_QUEUE_LENGTH_ANALYSIS) == 0)
        *mask |= HP_COUNTER_SERIES_QUEUE_LENGTH;
      else if (strcmp (name, HP_MEMORY_BW_ANALYSIS) == 0)
        *mask |= HP_COUNTER_SERIES_MEMORY_BW;
      else
        return FALSE;
    }
  return *mask != 0;
}

int
hp_cli_counters (int           argc,
                 char        **argv,
                 GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (GPtrArray) ranks = NULL;
  g_auto (GStrv) paths = NULL;
  g_autofree char *ranks_text = NULL;
  g_autofree char *series_text = NULL;
  g_autofree char *output = NULL;
  gboolean         hta_compat = FALSE;
  gboolean         include_last_step = FALSE;
  gboolean         strict = FALSE;
  HpAnalysisParams params;
  guint            mask = HP_COUNTER_SERIES_ALL;
  guint            n_written = 0;
  int              status = HP_CLI_EXIT_OK;
  GOptionEntry     entries[] = {
        /* the analyses' ranks parameter: its help and checks from its spec */
    { "ranks", 'r', 0, G_OPTION_ARG_STRING, &ranks_text, hp_analysis_ranks_spec.help, hp_analysis_ranks_spec.arg },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write into OUTDIR (default: next to each input)", "OUTDIR" },
    { "series", 's', 0, G_OPTION_ARG_STRING, &series_text, "queue_length, memory_bw or both (default)", "LIST" },
    HP_CLI_COMM_PATTERNS_OPTION,
    { "hta-compat", 0, 0, G_OPTION_ARG_NONE, &hta_compat, "Reproduce HTA's numbers exactly, quirks included", NULL },
    { "include-last-step", 0, 0, G_OPTION_ARG_NONE, &include_last_step, "Keep the last (incomplete) iteration (include_last_profiler_step)", NULL },
    { "strict", 0, 0, G_OPTION_ARG_NONE, &strict, HP_CLI_STRICT_HELP, NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "DIR|FILE…" },
    { NULL }
  };

  hp_analysis_params_init (&params);
  g_option_context_set_summary (context,
                                "Writes each rank's trace again with Chrome counter tracks for the "
                                "GPU queue length per stream and the memory bandwidth per memcpy/memset "
                                "kind, named <input>_with_counters.json[.gz]. Prints the files written.");
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
  if (ranks_text != NULL && !hp_param_parse (&hp_analysis_ranks_spec, &params, ranks_text, &error))
    {
      /* "ranks takes …" as the option was typed */
      status = hp_cli_usage_error (context, "--%s", error->message);
      goto out;
    }
  if (!parse_series (series_text, &mask))
    {
      status = hp_cli_usage_error (context, "--series takes queue_length, memory_bw or both");
      goto out;
    }

  trace = hp_cli_load (paths, hta_compat, include_last_step, FALSE, cancellable, NULL);
  if (trace == NULL)
    {
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  ranks = hp_analysis_select_ranks (trace, &params, &error);
  if (ranks == NULL)
    {
      fprintf (stderr, "hotpath-cli: counters: %s\n", error->message);
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  if (output != NULL && g_mkdir_with_parents (output, 0755) != 0)
    {
      fprintf (stderr, "hotpath-cli: %s: cannot create the folder: %s\n", output, g_strerror (errno));
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }

  for (guint i = 0; i < ranks->len; i++)
    {
      const HpRank    *rank = ranks->pdata[i];
      g_autofree char *path = hp_counter_writer_default_path (rank->path, output);

      if (!hp_counter_writer_write (trace, rank, path, mask, cancellable, &error))
        {
          if (g_error_matches (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA))
            {
              /* HTA writes no file for a rank without GPU work either */
              fprintf (stderr, "hotpath-cli: note: %s\n", error->message);
              g_clear_error (&error);
              continue;
            }
          if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            fprintf (stderr, "hotpath-cli: cancelled\n");
          else
            fprintf (stderr, "hotpath-cli: %s\n", error->message);
          status = HP_CLI_EXIT_BAD_INPUT;
          goto out;
        }
      printf ("%s\n", path);
      fflush (stdout);
      n_written++;
    }
  if (n_written == 0)
    fprintf (stderr, "hotpath-cli: no rank has a queue-length or memory-bandwidth series; no file written\n");

out:
  hp_analysis_params_clear (&params);
  return hp_cli_strict_status (trace, strict, status);
}
