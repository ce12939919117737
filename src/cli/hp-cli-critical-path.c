/* hp-cli-critical-path.c — `hotpath-cli critical-path`: the critical path of a rank, a step or all ranks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "hp-charts.h"
#include "hp-cli.h"

typedef struct
{
  int      rank;
  gboolean all_ranks;
  char    *annotation;
  char    *instance;
  gboolean zero_weight;
  char    *data_load;
  gboolean hta_compat;
  gboolean include_last_step;
  char    *format;
  char    *output;
  gboolean overlay;
  gboolean only_critical;
  gboolean all_edges;
  char    *charts;
} Options;

/* "N" or "A-B" (inclusive) */
static gboolean
parse_instance (const char *text,
                int        *first,
                int        *last)
{
  g_auto (GStrv) parts = NULL;
  gint64 a, b;

  if (text == NULL)
    return TRUE;
  parts = g_strsplit (text, "-", 2);
  if (!g_ascii_string_to_signed (parts[0], 10, 0, G_MAXINT, &a, NULL))
    return FALSE;
  b = a;
  if (parts[1] != NULL && !g_ascii_string_to_signed (parts[1], 10, a, G_MAXINT, &b, NULL))
    return FALSE;
  *first = (int)a;
  *last = (int)b;
  return TRUE;
}

static gboolean
write_table (HpTable    *table,
             const char *outdir,
             gboolean    json,
             gboolean    hta_compat,
             GError    **error)
{
  g_autofree char *base = g_strconcat (hp_table_get_name (table), json ? ".json" : ".csv", NULL);
  g_autofree char *path = g_build_filename (outdir, base, NULL);

  HpCsvFlags flags = hta_compat ? HP_CSV_HTA_COMPAT : HP_CSV_FLAGS_NONE;

  if (!(json ? hp_table_write_json (table, path, error)
             : hp_table_write_csv_full (table, path, flags, error)))
    return FALSE;
  printf ("%s\n", path);
  return TRUE;
}

static void
print_table (HpTable *table,
             gboolean json)
{
  if (json)
    {
      g_autoptr (JsonNode) node = hp_table_to_json (table);
      g_autofree char *text = hp_output_json_to_string (node, TRUE);

      printf ("%s\n", text);
    }
  else
    {
      g_autofree char *text = hp_table_to_text (table, 60);

      printf ("%s\n", text);
    }
}

static void
options_clear (Options *o)
{
  g_free (o->annotation);
  g_free (o->instance);
  g_free (o->data_load);
  g_free (o->format);
  g_free (o->output);
  g_free (o->charts);
}

int
hp_cli_critical_path (int           argc,
                      char        **argv,
                      GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("— the chain of work that set a step's length");
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  g_auto (GStrv) paths = NULL;
  g_auto (GStrv) data_load = NULL;
  Options               o = { .rank = HP_CLI_RANK_UNSET };
  HpCriticalPathOptions options;
  HpCriticalPath       *cp = NULL;
  const HpRank         *rank;
  gboolean              json;
  int                   status = HP_CLI_EXIT_OK;
  g_autoptr (GTimer) timer = NULL;
  GOptionEntry entries[] = {
    { "rank", 'r', 0, G_OPTION_ARG_INT, &o.rank, "The rank to analyse (default: the first)", "N" },
    { "all-ranks", 0, 0, G_OPTION_ARG_NONE, &o.all_ranks, "The path across all ranks, linked by their collectives", NULL },
    { "annotation", 'a', 0, G_OPTION_ARG_STRING, &o.annotation, "The region: annotations whose name contains NAME (\"\" = the whole trace; default: the first complete ProfilerStep)", "NAME" },
    { "instance", 'i', 0, G_OPTION_ARG_STRING, &o.instance, "Which instance of the annotation, 0-based, or a range A-B (default 0)", "N" },
    { "zero-weight-launch-edges", 0, 0, G_OPTION_ARG_NONE, &o.zero_weight, "Link every kernel to its launch with a weight-0 edge (CRITICAL_PATH_ADD_ZERO_WEIGHT_LAUNCH_EDGE)", NULL },
    { "data-load-events", 0, 0, G_OPTION_ARG_STRING, &o.data_load, "Comma-separated name parts of data-loading events", "LIST" },
    HP_CLI_COMM_PATTERNS_OPTION,
    { "hta-compat", 0, 0, G_OPTION_ARG_NONE, &o.hta_compat, "Reproduce HTA's numbers exactly, quirks included", NULL },
    { "include-last-step", 0, 0, G_OPTION_ARG_NONE, &o.include_last_step, "Keep the last (incomplete) iteration", NULL },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &o.format, "csv (default) or json", "FORMAT" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output, "Write the tables into OUTDIR (default: print them)", "OUTDIR" },
    { "overlay", 0, 0, G_OPTION_ARG_NONE, &o.overlay, "Also write the rank's trace with the path marked (needs --output)", NULL },
    { "only-critical-events", 0, 0, G_OPTION_ARG_NONE, &o.only_critical, "In the overlay, keep only the path's events", NULL },
    { "all-edges", 0, 0, G_OPTION_ARG_NONE, &o.all_edges, "In the overlay, draw every edge of the graph", NULL },
    { "charts", 'c', 0, G_OPTION_ARG_STRING, &o.charts, "Also write the summary chart in these formats: png, svg, pdf (needs --output)", "LIST" },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "DIR|FILE" },
    { NULL }
  };

  g_option_context_set_summary (context,
                                "Builds HTA's critical-path graph of one rank over a region and prints or "
                                "writes critical_path_summary and critical_path_breakdown; with --all-ranks "
                                "also critical_path_ranks (per step the critical rank and the wait it caused) "
                                "and critical_path_ranks_breakdown (the joined path by rank and bound_by).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      status = hp_cli_usage_error (context, "%s", error->message);
      goto out;
    }
  if (paths == NULL || paths[0] == NULL)
    {
      status = hp_cli_usage_error (context, "critical-path: name a trace folder or file");
      goto out;
    }
  if (o.format != NULL && strcmp (o.format, "csv") != 0 && strcmp (o.format, "json") != 0)
    {
      status = hp_cli_usage_error (context, "critical-path: --format takes csv or json, not '%s'", o.format);
      goto out;
    }
  json = g_strcmp0 (o.format, "json") == 0;
  hp_critical_path_options_init (&options);
  if (!parse_instance (o.instance, &options.instance_first, &options.instance_last))
    {
      status = hp_cli_usage_error (context, "critical-path: --instance takes N or A-B, not '%s'", o.instance);
      goto out;
    }
  if (o.instance != NULL && o.annotation == NULL)
    o.annotation = g_strdup ("ProfilerStep");
  if ((o.overlay || o.charts != NULL) && o.output == NULL)
    {
      status = hp_cli_usage_error (context, "critical-path: --overlay and --charts need --output");
      goto out;
    }
  if (!hp_cli_rank_option_ok (o.rank))
    {
      status = hp_cli_usage_error (context, "--rank takes a rank number, 0 or more, not %d", o.rank);
      goto out;
    }
  if (o.all_ranks && o.rank != HP_CLI_RANK_UNSET)
    {
      status = hp_cli_usage_error (context, "critical-path: --rank and --all-ranks exclude each other");
      goto out;
    }
  if (o.data_load != NULL)
    {
      data_load = g_strsplit (o.data_load, ",", -1);
      options.data_load_events = (const char *const *)data_load;
    }
  options.annotation = o.annotation;
  options.zero_weight_launch_edges = o.zero_weight;

  trace = hp_cli_load (paths, o.hta_compat, o.include_last_step, FALSE, cancellable, NULL);
  if (trace == NULL)
    {
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  if (hp_trace_get_n_ranks (trace) == 0)
    {
      fprintf (stderr, "hotpath-cli: %s: no rank to analyse\n", paths[0]);
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  rank = o.rank != HP_CLI_RANK_UNSET ? hp_trace_find_rank (trace, o.rank) : hp_trace_get_rank (trace, 0);
  if (rank == NULL)
    {
      fprintf (stderr, "hotpath-cli: %s: there is no rank %d\n", paths[0], o.rank);
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }

  timer = g_timer_new ();
  cp = hp_critical_path_new (trace, rank, &options, cancellable, &error);
  if (cp == NULL)
    {
      fprintf (stderr, "hotpath-cli: %s\n", error->message);
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  if (!hp_critical_path_is_valid (cp))
    {
      fprintf (stderr, "hotpath-cli: %s\n", hp_critical_path_get_problem (cp));
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  {
    guint n_nodes, n_edges, n_path;

    hp_critical_path_get_nodes (cp, &n_nodes);
    hp_critical_path_get_edges (cp, &n_edges);
    hp_critical_path_get_path_edges (cp, &n_path);
    fprintf (stderr,
             "hotpath-cli: critical path of rank %d over %s: %u nodes, %u edges; path of %u edges, %.3f us",
             rank->rank, hp_critical_path_get_region (cp), n_nodes, n_edges, n_path,
             (double)hp_critical_path_get_length (cp) / HP_NS_PER_US);
    fprintf (stderr, " (%.3f s)", g_timer_elapsed (timer, NULL));
    if (hp_critical_path_get_n_unlinked (cp) > 0)
      fprintf (stderr, "; %u link(s) could not be made", hp_critical_path_get_n_unlinked (cp));
    fprintf (stderr, "\n");
  }
  g_ptr_array_add (tables, hp_critical_path_summary (cp));
  g_ptr_array_add (tables, hp_critical_path_breakdown (cp));
  if (o.all_ranks)
    {
      g_autoptr (GPtrArray) across = NULL;
      HpAnalysisParams params;
      HpTable         *ranks;
      clock_t          cpu = clock (); /* every thread's processor time */

      /* the analysis of the registry, with the switches as its parameters */
      hp_analysis_params_init (&params);
      hp_analysis_params_set_strv (&params, &hp_critical_path_data_load_events_spec, options.data_load_events);
      hp_analysis_params_set_boolean (&params, &hp_critical_path_zero_weight_launch_edges_spec,
                                      options.zero_weight_launch_edges);
      g_timer_start (timer);
      across = hp_analysis_run (hp_analysis_find_internal (HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS), trace, &params,
                                cancellable, &error);
      hp_analysis_params_clear (&params);
      if (across == NULL)
        {
          fprintf (stderr, "hotpath-cli: %s\n", error->message);
          status = HP_CLI_EXIT_BAD_INPUT;
          goto out;
        }
      ranks = hp_analysis_result_find_table (across, HP_CRITICAL_PATH_RANKS_TABLE);
      if (ranks == NULL)
        /* one rank: its path is the one above */
        fprintf (stderr, "hotpath-cli: one rank: no path across ranks\n");
      else
        {
          fprintf (stderr, "hotpath-cli: critical path across %u ranks, %u step(s) (%.3f s, %.3f s of CPU)\n",
                   hp_trace_get_n_ranks (trace), hp_table_get_n_rows (ranks), g_timer_elapsed (timer, NULL),
                   (double)(clock () - cpu) / CLOCKS_PER_SEC);
          if (hp_table_get_note (ranks) != NULL)
            fprintf (stderr, "hotpath-cli: %s\n", hp_table_get_note (ranks));
        }
      for (guint t = 0; t < across->len; t++)
        g_ptr_array_add (tables, hp_table_ref (across->pdata[t]));
    }

  if (o.output == NULL)
    {
      for (guint t = 0; t < tables->len; t++)
        print_table (tables->pdata[t], json);
      goto out;
    }
  if (g_mkdir_with_parents (o.output, 0755) != 0)
    {
      fprintf (stderr, "hotpath-cli: %s: cannot create the folder: %s\n", o.output, g_strerror (errno));
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  for (guint t = 0; t < tables->len; t++)
    if (!write_table (tables->pdata[t], o.output, json, o.hta_compat, &error))
      {
        fprintf (stderr, "hotpath-cli: %s\n", error->message);
        status = HP_CLI_EXIT_BAD_INPUT;
        goto out;
      }

  if (o.overlay)
    {
      g_autofree char *path = hp_critical_path_overlay_path (cp, o.output);

      if (!hp_critical_path_write_overlay (cp, path, o.only_critical, o.all_edges, cancellable, &error))
        {
          fprintf (stderr, "hotpath-cli: %s\n", error->message);
          status = HP_CLI_EXIT_BAD_INPUT;
          goto out;
        }
      printf ("%s\n", path);
    }

  if (o.charts != NULL)
    {
      g_auto (GStrv) formats = g_strsplit (o.charts, ",", -1);
      HpChartStyle *style = hp_chart_style_new_light ();
      g_autoptr (GPtrArray) charts = hp_chart_adapt_table (tables->pdata[0], NULL);
      HpChart *chart = charts->pdata[0];

      for (guint f = 0; formats[f] != NULL && status == HP_CLI_EXIT_OK; f++)
        {
          g_autofree char *base = g_strconcat (hp_chart_get_name (chart), ".", g_strstrip (formats[f]), NULL);
          g_autofree char *path = g_build_filename (o.output, base, NULL);

          if (!hp_chart_export (chart, path, 960, 540, 1.0, style, &error))
            {
              fprintf (stderr, "hotpath-cli: %s\n", error->message);
              status = HP_CLI_EXIT_BAD_INPUT;
            }
          else
            printf ("%s\n", path);
        }
      hp_chart_style_free (style);
    }

out:
  hp_critical_path_free (cp);
  options_clear (&o);
  return status;
}
