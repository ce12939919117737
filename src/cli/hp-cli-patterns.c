/* hp-cli-patterns.c — `hotpath-cli patterns`: frequent and repeated CUDA kernel sequences.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "hp-charts.h"
#include "hp-cli.h"
#include "hp-core.h"

typedef struct
{
  char    *operator_name;
  int      rank;
  int      min_pattern_len;
  int      top_k;
  gboolean no_compress;
  gboolean hta_compat;
  gboolean include_last_step;
  gboolean repeated;
  gboolean list_operators;
  gboolean overlay;
  char    *output;
  char    *charts;
} Options;

static gboolean
write_table (HpTable    *table,
             const char *dir,
             gboolean    hta_compat)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *base = g_strconcat (hp_table_get_name (table), ".csv", NULL);
  g_autofree char *path = g_build_filename (dir, base, NULL);

  if (!hp_table_write_csv_full (table, path, hta_compat ? HP_CSV_HTA_COMPAT : HP_CSV_FLAGS_NONE, &error))
    {
      fprintf (stderr, "hotpath-cli: %s\n", error->message);
      return FALSE;
    }
  printf ("%s\n", path);
  return TRUE;
}

static gboolean
write_charts (HpTable    *table,
              const char *formats_text,
              const char *dir,
              guint       top_k,
              int         rank)
{
  g_auto (GStrv) formats = g_strsplit (formats_text, ",", -1);
  g_autoptr (HpChart) chart = hp_chart_kernel_sequences (table, top_k, rank, NULL);
  HpChartStyle *style = hp_chart_style_new_light ();
  gboolean      ok = TRUE;

  for (guint f = 0; formats[f] != NULL && ok; f++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *base = g_strconcat (hp_chart_get_name (chart), ".", g_strstrip (formats[f]), NULL);
      g_autofree char *path = g_build_filename (dir, base, NULL);

      ok = hp_chart_export (chart, path, 960, 540, 1.0, style, &error);
      if (ok)
        printf ("%s\n", path);
      else
        fprintf (stderr, "hotpath-cli: %s\n", error->message);
    }
  hp_chart_style_free (style);
  return ok;
}

/* operators to suggest when the name matches nothing */
static void
print_candidates (HpTrace      *trace,
                  const HpRank *rank,
                  guint         min_pattern_len,
                  GCancellable *cancellable,
                  FILE         *out,
                  guint         max)
{
  g_autoptr (GPtrArray) names = hp_kernel_sequences_operator_candidates (trace, rank, min_pattern_len, cancellable,
                                                                         NULL);

  /* one name a line, control characters escaped (names are the trace's) */
  for (guint i = 0; names != NULL && i < MIN (max, names->len); i++)
    {
      g_autofree char *name = hp_output_escape_text (names->pdata[i], -1);

      fprintf (out, "%s%s\n", out == stderr ? "  " : "", name);
    }
}

static int
run (Options      *o,
     char        **paths,
     GCancellable *cancellable)
{
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpKernelSequences) seq = NULL;
  g_autofree char *overlaid = NULL;
  const HpRank    *rank;

  trace = hp_cli_load (paths, o->hta_compat, o->include_last_step, FALSE, cancellable, NULL);
  if (trace == NULL)
    return HP_CLI_EXIT_BAD_INPUT;
  rank = o->rank != HP_CLI_RANK_UNSET ? hp_trace_find_rank (trace, o->rank) : hp_trace_get_rank (trace, 0);
  if (rank == NULL)
    {
      fprintf (stderr, "hotpath-cli: patterns: rank %d is not in the trace\n", o->rank);
      return HP_CLI_EXIT_BAD_INPUT;
    }

  if (o->list_operators)
    {
      print_candidates (trace, rank, (guint)o->min_pattern_len, cancellable, stdout, G_MAXUINT);
      return HP_CLI_EXIT_OK;
    }
  if (g_mkdir_with_parents (o->output, 0755) != 0)
    {
      fprintf (stderr, "hotpath-cli: %s: cannot create the folder: %s\n", o->output, g_strerror (errno));
      return HP_CLI_EXIT_BAD_INPUT;
    }

  if (o->repeated)
    {
      g_autoptr (HpTable) t = hp_repeated_sequences_table (trace, rank, 3, 128, 20, cancellable, &error);

      if (t == NULL)
        {
          fprintf (stderr, "hotpath-cli: %s\n", error->message);
          return HP_CLI_EXIT_BAD_INPUT;
        }
      if (!write_table (t, o->output, o->hta_compat))
        return HP_CLI_EXIT_BAD_INPUT;
    }
  if (o->operator_name == NULL)
    return HP_CLI_EXIT_OK;

  seq = hp_kernel_sequences_find (trace, rank, o->operator_name, (guint)o->min_pattern_len, cancellable, &error);
  if (seq == NULL)
    {
      if (g_error_matches (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA))
        {
          /* HTA returns an empty table and writes no trace */
          g_autoptr (HpTable) empty = hp_kernel_sequences_table_new_empty ();

          fprintf (stderr, "hotpath-cli: note: %s\n", error->message);
          fprintf (stderr, "hotpath-cli: operators of rank %d that launch %d or more kernels:\n", rank->rank,
                   o->min_pattern_len);
          print_candidates (trace, rank, (guint)o->min_pattern_len, cancellable, stderr, 10);
          return write_table (empty, o->output, o->hta_compat) ? HP_CLI_EXIT_OK : HP_CLI_EXIT_BAD_INPUT;
        }
      fprintf (stderr, "hotpath-cli: %s\n", error->message);
      return HP_CLI_EXIT_BAD_INPUT;
    }
  if (!write_table (hp_kernel_sequences_get_table (seq), o->output, o->hta_compat))
    return HP_CLI_EXIT_BAD_INPUT;

  /* the overlaid trace is the rank's whole trace again: only when asked,
   * and always in HTA's mode, where HTA writes it */
  if (o->overlay || o->hta_compat)
    {
      overlaid = hp_kernel_sequences_overlaid_path (rank, o->output);
      if (!hp_kernel_sequences_write_overlaid (seq, overlaid, (guint)o->top_k, !o->no_compress, cancellable,
                                               &error))
        {
          fprintf (stderr, "hotpath-cli: %s\n", error->message);
          return HP_CLI_EXIT_BAD_INPUT;
        }
      printf ("%s\n", overlaid);
    }

  if (o->charts != NULL &&
      !write_charts (hp_kernel_sequences_get_table (seq), o->charts, o->output, (guint)o->top_k, rank->rank))
    return HP_CLI_EXIT_BAD_INPUT;
  return HP_CLI_EXIT_OK;
}

int
hp_cli_patterns (int           argc,
                 char        **argv,
                 GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) paths = NULL;
  Options      o = { NULL, HP_CLI_RANK_UNSET, 3, 5, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL, NULL };
  int          status;
  GOptionEntry entries[] = {
    { "operator", 'p', 0, G_OPTION_ARG_STRING, &o.operator_name, "Operators whose name contains NAME (operator_name)", "NAME" },
    { "rank", 'r', 0, G_OPTION_ARG_INT, &o.rank, "The rank (default: the first loaded)", "N" },
    { "min-pattern-len", 0, 0, G_OPTION_ARG_INT, &o.min_pattern_len, "Least number of kernels under an operator (3)", "N" },
    { "top-k", 'k', 0, G_OPTION_ARG_INT, &o.top_k, "Patterns marked in the overlaid trace and charted (5)", "N" },
    { "overlay", 0, 0, G_OPTION_ARG_NONE, &o.overlay, "Also write overlaid_<trace file name>, the rank's trace with the top patterns marked (always with --hta-compat, as HTA does)", NULL },
    { "no-compress-other-kernels", 0, 0, G_OPTION_ARG_NONE, &o.no_compress, "Keep the args and names of events outside the top patterns", NULL },
    { "repeated", 0, 0, G_OPTION_ARG_NONE, &o.repeated, "Also write repeated_kernel_sequences.csv: kernel sequences that repeat on each stream, whatever launched them", NULL },
    { "list-operators", 0, 0, G_OPTION_ARG_NONE, &o.list_operators, "Print the operators that launch --min-pattern-len kernels or more, most frequent first", NULL },
    HP_CLI_COMM_PATTERNS_OPTION,
    { "hta-compat", 0, 0, G_OPTION_ARG_NONE, &o.hta_compat, "Reproduce HTA's numbers exactly, quirks included", NULL },
    { "include-last-step", 0, 0, G_OPTION_ARG_NONE, &o.include_last_step, "Keep the last (incomplete) iteration (include_last_profiler_step)", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output, "Write into OUTDIR (default: the current folder)", "OUTDIR" },
    { "charts", 'c', 0, G_OPTION_ARG_STRING, &o.charts, "Also write the chart in these formats: png, svg, pdf", "LIST" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "DIR|FILE…" },
    { NULL }
  };

  g_option_context_set_summary (context,
                                "Counts the kernel sequences launched by the shallowest operators whose name "
                                "contains NAME on one rank and writes frequent_cuda_kernel_sequences.csv; with "
                                "--overlay (or --hta-compat) also overlaid_<trace file name>, that rank's trace "
                                "with the top patterns marked in args[\"Patterns\"], gzip-compressed at a fast "
                                "level. Prints the files written.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    status = hp_cli_usage_error (context, "%s", error->message);
  else if (paths == NULL || paths[0] == NULL)
    status = hp_cli_usage_error (context, "name a trace folder or file");
  else if (o.operator_name == NULL && !o.repeated && !o.list_operators)
    status = hp_cli_usage_error (context, "--operator NAME is needed (see --list-operators)");
  else if (o.operator_name != NULL && o.operator_name[0] == '\0')
    status = hp_cli_usage_error (context, "--operator takes a non-empty name");
  else if (!hp_cli_rank_option_ok (o.rank))
    status = hp_cli_usage_error (context, "--rank takes a rank number, 0 or more, not %d", o.rank);
  else if (o.min_pattern_len < 1 || o.top_k < 1)
    status = hp_cli_usage_error (context, "--min-pattern-len and --top-k take 1 or more");
  else
    {
      if (o.charts != NULL)
        {
          g_auto (GStrv) formats = g_strsplit (o.charts, ",", -1);

          for (guint f = 0; formats[f] != NULL; f++)
            {
              const char *name = g_strstrip (formats[f]);

              if (strcmp (name, "png") != 0 && strcmp (name, "svg") != 0 && strcmp (name, "pdf") != 0)
                {
                  status = hp_cli_usage_error (context, "--charts takes png, svg and pdf, not '%s'", name);
                  goto out;
                }
            }
        }
      if (o.output == NULL)
        o.output = g_strdup (".");
      status = run (&o, paths, cancellable);
    }

out:
  g_free (o.operator_name);
  g_free (o.output);
  g_free (o.charts);
  return status;
}
