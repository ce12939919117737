/* main.c — hotpath-cli: dispatches to the subcommands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib-unix.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hp-cli.h"

typedef int (*CommandFunc) (int           argc,
                            char        **argv,
                            GCancellable *cancellable);

static const struct
{
  const char *name;
  CommandFunc func;
  const char *summary;
  gboolean    summaries; /* takes folders of rank summaries */
} commands[] = {
  { "info", hp_cli_info, "ranks, files, events, iterations and problems of a trace folder", TRUE },
  { "report", hp_cli_report, "HTA's analyses as CSV or JSON tables", TRUE },
  { "diff", hp_cli_diff, "what changed between two runs: ops, counts and durations (HTA's TraceDiff)" },
  { "compare", hp_cli_compare, "2 to 8 runs side by side: breakdowns, overlap, idle time, step time, ops", TRUE },
  { "check", hp_cli_check, "did a candidate run regress against a baseline? (exit 3 when it did)", TRUE },
  { "findings", hp_cli_findings, "the main findings in plain words", TRUE },
  { "analyses", hp_cli_analyses, "the analyses, their tables and parameters" },
  { "counters", hp_cli_counters, "trace files with queue-length and memory-bandwidth counter tracks" },
  { "critical-path", hp_cli_critical_path, "the chain of work that set a step's length, and what bound it" },
  { "patterns", hp_cli_patterns, "frequent CUDA kernel sequences of an operator, and repeated ones" },
  { "health", hp_cli_health, "what a trace lacks or has wrong, and which analyses to trust", TRUE },
  { "summarize", hp_cli_summarize, "one small summary per rank file, to open instead of the traces" },
  { "bench", hp_cli_bench, "time and memory of loading a trace folder" },
};

static void
print_usage (FILE *out)
{
  g_autofree char *limit = g_format_size_full (hp_load_default_max_memory (), G_FORMAT_SIZE_IEC_UNITS);

  fprintf (out, "Usage: hotpath-cli [--max-memory=SIZE] [--job=N] COMMAND [OPTION…] DIR|FILE…\n\nCommands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf (out,
           "\nOptions of every command:\n"
           "  --max-memory=SIZE  Refuse (exit 1) a trace whose model and analyses would take more\n"
           "                     memory than SIZE (e.g. 512M, 8G; 'none': no limit), estimated at\n"
           "                     %u bytes per event plus its args as the files load (default: three\n"
           "                     quarters of the physical memory, here %s)\n",
           HP_MEMORY_PER_EVENT, limit);
  fprintf (out, "  --job=N            Of files from several jobs (apart in time or of different world\n"
                "                     sizes), load only the Nth, counted by start time from 1; without\n"
                "                     it such files are refused (exit 1) with each job's files listed\n");
  fprintf (out, "\nRun 'hotpath-cli COMMAND --help' for the options of a command.\n");
  fprintf (out, "\nOutputs: files are written whole (a temporary file renamed into place) and\n"
                "only over regular files: a device, FIFO, socket or directory at the target\n"
                "is refused (exit 1), a symbolic link is followed only to a regular file.\n"
                "A command whose standard output cannot be written exits 1. CSV cells that\n"
                "a spreadsheet would run as formulas get a leading ' unless --hta-compat.\n");
}

/* for the paths that end in exit(): GOption's --help, for one */
static void
close_stdout_at_exit (void)
{
  if (!hp_output_close_stdout (g_get_prgname ()))
    _exit (HP_CLI_EXIT_BAD_INPUT);
}

/* @status, or 1 when the output was lost: a regression (3) or a success
 * whose report nobody can read is a failure to write */
static int
finish (int status)
{
  if (!hp_output_close_stdout (g_get_prgname ()) && status != HP_CLI_EXIT_USAGE)
    return HP_CLI_EXIT_BAD_INPUT;
  return status;
}

/* takes --max-memory and --job out of @argv, wherever it is before "--": FALSE on a
 * bad value, said on stderr */
static gboolean
take_global_options (int   *argc,
                     char **argv)
{
  int out = 1;

  for (int i = 1; i < *argc; i++)
    {
      const char *value = NULL;
      guint64     bytes;

      if (strcmp (argv[i], "--") == 0)
        {
          while (i < *argc)
            argv[out++] = argv[i++];
          break;
        }
      if (g_str_has_prefix (argv[i], "--job=") || strcmp (argv[i], "--job") == 0)
        {
          const char *text = argv[i][5] == '=' ? argv[i] + 6 : (i + 1 < *argc ? argv[++i] : NULL);
          guint64     job = 0;

          if (text == NULL || !g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT, &job, NULL))
            {
              fprintf (stderr, "hotpath-cli: --job takes a job number of 1 or more, as the listing of a "
                               "folder mixing jobs gives it\n");
              return FALSE;
            }
          hp_cli_set_job ((guint)job);
          continue;
        }
      if (g_str_has_prefix (argv[i], "--max-memory="))
        value = argv[i] + strlen ("--max-memory=");
      else if (strcmp (argv[i], "--max-memory") == 0)
        {
          if (i + 1 >= *argc)
            {
              fprintf (stderr, "hotpath-cli: --max-memory needs a SIZE\n");
              return FALSE;
            }
          value = argv[++i];
        }
      else
        {
          argv[out++] = argv[i];
          continue;
        }
      if (!hp_cli_parse_size (value, &bytes))
        {
          fprintf (stderr, "hotpath-cli: --max-memory takes a size of 1M or more (e.g. 512M, 8G) or 'none', not '%s'\n",
                   value);
          return FALSE;
        }
      hp_cli_set_max_memory (bytes);
    }
  *argc = out;
  argv[out] = NULL;
  return TRUE;
}

static gboolean
on_sigint (gpointer data)
{
  g_cancellable_cancel (G_CANCELLABLE (data));
  return G_SOURCE_REMOVE;
}

static gpointer
sigint_thread (gpointer data)
{
  GMainContext *context = g_main_context_new ();
  GSource      *source = g_unix_signal_source_new (SIGINT);

  g_source_set_callback (source, on_sigint, data, NULL);
  g_source_attach (source, context);
  g_source_unref (source);
  for (;;)
    g_main_context_iteration (context, TRUE);
  return NULL;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();

  setlocale (LC_ALL, "");
  g_set_prgname ("hotpath-cli");
  atexit (close_stdout_at_exit);
  if (!take_global_options (&argc, argv))
    return HP_CLI_EXIT_USAGE;

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0 ||
      strcmp (argv[1], "help") == 0)
    {
      print_usage (argc < 2 ? stderr : stdout);
      return finish (argc < 2 ? HP_CLI_EXIT_USAGE : HP_CLI_EXIT_OK);
    }
  if (strcmp (argv[1], "--version") == 0)
    {
      printf ("hotpath-cli %s\n", PACKAGE_VERSION);
      return finish (HP_CLI_EXIT_OK);
    }

  /* SIGINT cancels the running load or analysis */
  g_thread_unref (g_thread_new ("sigint", sigint_thread, cancellable));

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      {
        g_autofree char *prgname = g_strconcat ("hotpath-cli ", commands[i].name, NULL);

        /* usage lines and errors read "hotpath-cli report …" */
        g_set_prgname (prgname);
        hp_cli_allow_summaries (commands[i].summaries);
        return finish (commands[i].func (argc - 1, argv + 1, cancellable));
      }

  fprintf (stderr, "hotpath-cli: unknown command '%s'\n", argv[1]);
  fprintf (stderr, "Try 'hotpath-cli --help' for the list of commands.\n");
  return HP_CLI_EXIT_USAGE;
}
