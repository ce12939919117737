/* hp-cli-bench.c — `hotpath-cli bench`: time and memory of each load phase.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <sys/resource.h>

#include "hp-cli.h"
#include "hp-core.h"

static double
peak_rss_mb (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return 0;
  return (double)usage.ru_maxrss / 1024.0; /* Linux reports KiB */
}

static void
print_phase (const char *phase,
             guint64     bytes,
             double      seconds)
{
  printf ("%-8s %12" G_GUINT64_FORMAT " bytes %9.3f s %9.1f MB/s  peak RSS %8.1f MB\n", phase,
          bytes, seconds, seconds > 0 ? (double)bytes / 1e6 / seconds : 0.0, peak_rss_mb ());
}

int
hp_cli_bench (int           argc,
              char        **argv,
              GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) paths = NULL;
  gboolean     hta_compat = FALSE;
  gboolean     skip_analyses = FALSE;
  gboolean     verbose = FALSE;
  int          repeat = 1;
  int          threads = 0;
  GOptionEntry entries[] = {
    { "repeat", 'n', 0, G_OPTION_ARG_INT, &repeat, "Load N times", "N" },
    HP_CLI_COMM_PATTERNS_OPTION,
    { "hta-compat", 0, 0, G_OPTION_ARG_NONE, &hta_compat, "Load in HTA-compatibility mode", NULL },
    { "load-only", 0, 0, G_OPTION_ARG_NONE, &skip_analyses, "Skip the analyses phase", NULL },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Print the time of every analysis", NULL },
    { "threads", 'j', 0, G_OPTION_ARG_INT, &threads, "Run N analyses at once (default: one per processor)", "N" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "DIR|FILE…" },
    { NULL }
  };

  g_option_context_set_summary (context, "Loads the traces N times and prints, per phase, the bytes "
                                         "of uncompressed JSON, seconds, MB/s and peak RSS.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hp_cli_usage_error (context, "%s", error->message);
  if (paths == NULL || paths[0] == NULL)
    return hp_cli_usage_error (context, "name a trace folder or file");
  if (repeat < 1 || repeat > 1000)
    return hp_cli_usage_error (context, "--repeat takes 1 to 1000");
  if (threads < 0 || threads > 256)
    return hp_cli_usage_error (context, "--threads takes 1 to 256");

  for (int run = 0; run < repeat; run++)
    {
      g_autoptr (HpTrace) trace = NULL;
      HpLoadStats stats = { 0 };
      gint64      t0 = g_get_monotonic_time ();

      /* a benchmark measures the load of every file given, whatever job
       * each comes from (load-bench.sh's real folder mixes eight) */
      hp_cli_set_job (HP_LOAD_JOB_ALL);
      trace = hp_cli_load (paths, hta_compat, FALSE, run > 0, cancellable, &stats);
      if (trace == NULL)
        return HP_CLI_EXIT_BAD_INPUT;
      printf ("run %d/%d: %u ranks, %.1f MB on disk, %.1f MB of JSON\n", run + 1, repeat,
              hp_trace_get_n_ranks (trace), (double)stats.file_bytes / 1e6,
              (double)stats.json_bytes / 1e6);
      print_phase ("parse", stats.json_bytes, stats.parse_seconds);
      print_phase ("derive", stats.json_bytes, stats.derive_seconds);
      print_phase ("load", stats.json_bytes, (double)(g_get_monotonic_time () - t0) / G_USEC_PER_SEC);

      /* every analysis of the default report, on the loaded trace */
      if (!skip_analyses)
        {
          HpAnalysisParams              params;
          guint                         n_analyses, n_selected = 0, n_tables = 0;
          const HpAnalysis *const      *analyses = hp_analysis_list (&n_analyses);
          g_autofree const HpAnalysis **selected = g_new (const HpAnalysis *, n_analyses);
          g_autofree double            *seconds = g_new0 (double, n_analyses);
          g_autoptr (GPtrArray) results = NULL;
          gint64 a0 = g_get_monotonic_time ();

          for (guint i = 0; i < n_analyses; i++)
            if (analyses[i]->in_default_set)
              selected[n_selected++] = analyses[i];

          hp_analysis_params_init (&params);
          results = hp_analysis_run_many (selected, n_selected, trace, &params, (guint)threads, seconds,
                                          cancellable, &error);
          hp_analysis_params_clear (&params);
          if (results == NULL)
            {
              fprintf (stderr, "hotpath-cli: %s\n", error->message);
              return HP_CLI_EXIT_BAD_INPUT;
            }
          for (guint i = 0; i < n_selected; i++)
            {
              n_tables += ((GPtrArray *)results->pdata[i])->len;
              if (verbose)
                printf ("  %-32s %9.3f s\n", selected[i]->name, seconds[i]);
            }
          print_phase ("analyses", stats.json_bytes, (double)(g_get_monotonic_time () - a0) / G_USEC_PER_SEC);
          printf ("         %u tables\n", n_tables);
        }
    }
  return HP_CLI_EXIT_OK;
}
