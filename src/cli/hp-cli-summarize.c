/* hp-cli-summarize.c — `hotpath-cli summarize`: one small summary per rank file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "hp-cli.h"

int
hp_cli_summarize (int           argc,
                  char        **argv,
                  GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("FILE…");
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) paths = NULL;
  g_autofree char *output = NULL;
  gboolean         quiet = FALSE;
  int              status = HP_CLI_EXIT_OK;
  GOptionEntry     entries[] = {
        { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write the summaries into DIR (made if needed)", "DIR" },
        { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "Print nothing but errors", NULL },
        { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "FILE…" },
        { NULL }
  };

  g_option_context_set_summary (context,
                                "Summarises each rank's trace file into DIR/<name>" HP_SUMMARY_SUFFIX ": the "
                                "tables of the default analyses in both modes (default and --hta-compat), "
                                "its steps, collectives, idle-interval statistics, memory peaks and curve, "
                                "metadata, health findings, a coarse activity picture and the trace's path "
                                "and SHA-256.\n\nEvery command that takes a trace folder takes a folder of "
                                "summaries, or one mixing summaries and traces. Run one summarize per rank "
                                "file where the traces are (a Slurm array: contrib/slurm/"
                                "hotpath-summarize.sbatch; docs/cluster.md), then open the folder of "
                                "summaries anywhere.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hp_cli_usage_error (context, "%s", error->message);
  if (paths == NULL || paths[0] == NULL)
    return hp_cli_usage_error (context, "name the rank files to summarise");
  if (output == NULL)
    return hp_cli_usage_error (context, "--output DIR is required");
  if (g_mkdir_with_parents (output, 0755) != 0)
    {
      fprintf (stderr, "hotpath-cli: %s: cannot create the folder: %s\n", output, g_strerror (errno));
      return HP_CLI_EXIT_BAD_INPUT;
    }

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autoptr (HpSummary) summary = NULL;
      g_autoptr (GError) local_error = NULL;
      g_autofree char *name = NULL;
      g_autofree char *path = NULL;

      summary = hp_summary_new_for_trace (paths[i], cancellable, &local_error);
      if (summary == NULL)
        {
          fprintf (stderr, "hotpath-cli: %s\n", local_error->message);
          status = HP_CLI_EXIT_BAD_INPUT;
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            break;
          continue;
        }
      name = hp_summary_dup_file_name (summary);
      path = g_build_filename (output, name, NULL);
      if (!hp_summary_write (summary, path, &local_error))
        {
          fprintf (stderr, "hotpath-cli: %s\n", local_error->message);
          status = HP_CLI_EXIT_BAD_INPUT;
          continue;
        }
      if (!quiet)
        printf ("%s\n", path);
    }
  return status;
}

/* `info` on a job opened from summaries: what each summary says of its
 * rank, and where its trace is */
JsonNode *
hp_cli_summary_info (HpTrace *trace,
                     gboolean json)
{
  GPtrArray *summaries = hp_trace_get_summaries (trace);
  g_autoptr (JsonBuilder) b = json_builder_new ();

  if (!json)
    printf ("Job: %u rank%s from summaries, %s, %s mode\n", summaries->len, summaries->len == 1 ? "" : "s",
            hp_trace_get_device_type (trace),
            hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT ? "HTA-compatibility" : "default");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "summaries");
  json_builder_begin_array (b);
  for (guint k = 0; k < summaries->len; k++)
    {
      HpSummary *s = summaries->pdata[k];
      g_auto (GStrv) steps = hp_summary_get_step_names (s);
      g_autofree char *size = g_format_size (hp_summary_get_trace_bytes (s));
      g_autoptr (GString) numbers = g_string_new (NULL);
      guint n_gpu = 0, n_cpu = 0;

      /* the header only: opening a thousand summaries reads no tables */
      hp_summary_get_n_lanes (s, &n_cpu, &n_gpu);
      for (guint i = 0; steps[i] != NULL; i++)
        g_string_append_printf (numbers, " %s", steps[i] + strlen ("ProfilerStep#"));
      if (!json)
        {
          printf ("\nRank %d: %s\n", hp_summary_get_rank (s), hp_summary_get_source (s));
          printf ("  %-16s %s\n", "trace", hp_summary_get_trace_path (s));
          printf ("  %-16s %s\n", "size", size);
          printf ("  %-16s %s\n", "sha256", hp_summary_get_trace_sha256 (s));
          printf ("  %-16s %" G_GUINT64_FORMAT " loaded\n", "events", hp_summary_get_n_events (s));
          printf ("  %-16s%s\n", "steps", numbers->len > 0 ? numbers->str : " none");
          printf ("  %-16s %u CPU threads, %u GPU streams\n", "lanes", n_cpu, n_gpu);
        }
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "rank");
      json_builder_add_int_value (b, hp_summary_get_rank (s));
      json_builder_set_member_name (b, "summary");
      json_builder_add_string_value (b, hp_summary_get_source (s));
      json_builder_set_member_name (b, "trace");
      json_builder_add_string_value (b, hp_summary_get_trace_path (s));
      json_builder_set_member_name (b, "trace_bytes");
      json_builder_add_int_value (b, (gint64)hp_summary_get_trace_bytes (s));
      json_builder_set_member_name (b, "trace_sha256");
      json_builder_add_string_value (b, hp_summary_get_trace_sha256 (s));
      json_builder_set_member_name (b, "events_loaded");
      json_builder_add_int_value (b, (gint64)hp_summary_get_n_events (s));
      json_builder_set_member_name (b, "steps");
      json_builder_begin_array (b);
      for (guint i = 0; steps[i] != NULL; i++)
        json_builder_add_string_value (b, steps[i]);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "gpu_streams");
      json_builder_add_int_value (b, n_gpu);
      json_builder_set_member_name (b, "cpu_threads");
      json_builder_add_int_value (b, n_cpu);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}
