/* hp-cli-report.c — `hotpath-cli report`: every analysis as CSV/JSON tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "hp-analysis.h"
#include "hp-scope.h"
#include "hp-charts.h"
#include "hp-cli.h"
#include "hp-memory-timeline.h"

typedef struct
{
  char    *analyses;
  char    *scope;
  char    *ranks;
  char    *streams;
  char    *format;
  char    *output;
  char    *include_memory_kernels;
  char    *include_memory_events;
  char    *show_idle_interval_stats;
  char    *allowlist;
  char    *charts;
  char    *chart_size;
  double   chart_scale;
  gboolean dark;
  gboolean hta_compat;
  gboolean include_last_step;
  int      num_kernels;
  double   duration_ratio;
  double   consecutive_kernel_delay;
  int      annotation_num_kernels;
  double   annotation_duration_ratio;
  double   runtime_cutoff;
  double   launch_delay_cutoff;
  gint64   max_queue_length;
  char    *steps;
  char    *num_candidates;
} ReportOptions;

static gboolean
parse_bool (const char *text,
            gboolean   *out)
{
  if (text == NULL)
    return TRUE;
  if (g_ascii_strcasecmp (text, "true") == 0 || g_ascii_strcasecmp (text, "yes") == 0 ||
      strcmp (text, "1") == 0)
    *out = TRUE;
  else if (g_ascii_strcasecmp (text, "false") == 0 || g_ascii_strcasecmp (text, "no") == 0 ||
           strcmp (text, "0") == 0)
    *out = FALSE;
  else
    return FALSE;
  return TRUE;
}

/* "0,1,3" or "all" (NULL result) */
static gboolean
parse_int_list (const char *text,
                GArray    **out,
                gboolean    wide)
{
  g_auto (GStrv) parts = NULL;

  *out = NULL;
  if (text == NULL || g_ascii_strcasecmp (text, "all") == 0)
    return TRUE;
  parts = g_strsplit (text, ",", -1);
  *out = g_array_new (FALSE, FALSE, wide ? sizeof (gint64) : sizeof (int));
  for (guint i = 0; parts[i] != NULL; i++)
    {
      gint64 v;

      g_strstrip (parts[i]);
      if (!g_ascii_string_to_signed (parts[i], 10, wide ? G_MININT64 : 0, wide ? G_MAXINT64 : G_MAXINT,
                                     &v, NULL))
        {
          g_clear_pointer (out, g_array_unref);
          return FALSE;
        }
      if (wide)
        g_array_append_val (*out, v);
      else
        {
          int iv = (int)v;

          g_array_append_val (*out, iv);
        }
    }
  return TRUE;
}

static char *
table_file_name (const char *outdir,
                 HpTable    *table,
                 gboolean    json)
{
  g_autofree char *base = g_strconcat (hp_table_get_name (table), json ? ".json" : ".csv", NULL);

  return g_build_filename (outdir, base, NULL);
}

int
hp_cli_report (int           argc,
               char        **argv,
               GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("DIR|FILE... — HTA's analyses as tables");
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (HpScope) scope = NULL;
  g_autoptr (GPtrArray) selected = g_ptr_array_new ();
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  g_auto (GStrv) paths = NULL;
  HpAnalysisParams  params;
  ReportOptions     o = { 0 };
  gboolean          json = FALSE;
  guint             n_analyses;
  const HpAnalysis *analyses = hp_analysis_list (&n_analyses);
  g_autofree char  *analysis_help = NULL;
  int               status = HP_CLI_EXIT_OK;
  int               chart_width = 960;
  int               chart_height = 540;

  hp_analysis_params_init (&params);
  o.num_kernels = params.num_kernels;
  o.duration_ratio = params.duration_ratio;
  o.consecutive_kernel_delay = params.consecutive_kernel_delay;
  o.annotation_num_kernels = params.annotation_num_kernels;
  o.annotation_duration_ratio = params.annotation_duration_ratio;
  o.runtime_cutoff = params.runtime_cutoff;
  o.launch_delay_cutoff = params.launch_delay_cutoff;
  o.max_queue_length = params.max_queue_length;
  o.chart_scale = 1.0;

  {
    g_autoptr (GString) names = g_string_new ("Analyses (default: all):");

    for (guint i = 0; i < n_analyses; i++)
      g_string_append_printf (names, "\n  %-36s %s (%s)", analyses[i].name, analyses[i].title,
                              analyses[i].section);
    analysis_help = g_string_free (g_steal_pointer (&names), FALSE);
  }

  {
    GOptionEntry entries[] = {
      { "analysis", 'a', 0, G_OPTION_ARG_STRING, &o.analyses, "Comma-separated analyses (default: all)", "LIST" },
      { "scope", 's', 0, G_OPTION_ARG_STRING, &o.scope, "Analyse only this part of the trace: step:N, range:START_US-END_US or annotation:NAME[#N] (default: whole)", "SCOPE" },
      { "ranks", 'r', 0, G_OPTION_ARG_STRING, &o.ranks, "Comma-separated ranks, or 'all' (default)", "LIST" },
      { "format", 'f', 0, G_OPTION_ARG_STRING, &o.format, "csv (default) or json", "FORMAT" },
      { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output, "Write OUTDIR/<table>.csv; without it, print tables", "OUTDIR" },
      { "hta-compat", 0, 0, G_OPTION_ARG_NONE, &o.hta_compat, "Reproduce HTA's numbers exactly, quirks included", NULL },
      { "include-last-step", 0, 0, G_OPTION_ARG_NONE, &o.include_last_step, "Keep the last (incomplete) iteration (include_last_profiler_step)", NULL },
      { "num-kernels", 0, 0, G_OPTION_ARG_INT, &o.num_kernels, "Kernel breakdown: named kernels per type (10)", "N" },
      { "duration-ratio", 0, 0, G_OPTION_ARG_DOUBLE, &o.duration_ratio, "Kernel breakdown: cumulative duration ratio (0.8)", "R" },
      { "include-memory-kernels", 0, 0, G_OPTION_ARG_STRING, &o.include_memory_kernels, "Kernel breakdown: count MEMORY kernels (true)", "BOOL" },
      { "show-idle-interval-stats", 0, 0, G_OPTION_ARG_STRING, &o.show_idle_interval_stats, "Idle time: add interval statistics (true)", "BOOL" },
      { "consecutive-kernel-delay", 0, 0, G_OPTION_ARG_DOUBLE, &o.consecutive_kernel_delay, "Idle time: gaps up to this many us are kernel_wait (30)", "US" },
      { "streams", 0, 0, G_OPTION_ARG_STRING, &o.streams, "Idle time: comma-separated GPU streams (default: all)", "LIST" },
      { "annotation-num-kernels", 0, 0, G_OPTION_ARG_INT, &o.annotation_num_kernels, "User annotations: named annotations (1000)", "N" },
      { "annotation-duration-ratio", 0, 0, G_OPTION_ARG_DOUBLE, &o.annotation_duration_ratio, "User annotations: cumulative duration ratio (0.8)", "R" },
      { "allowlist-patterns", 0, 0, G_OPTION_ARG_STRING, &o.allowlist, "User annotations: comma-separated names never folded into others", "LIST" },
      { "runtime-cutoff", 0, 0, G_OPTION_ARG_DOUBLE, &o.runtime_cutoff, "Launch statistics: runtime outlier cutoff in us (50)", "US" },
      { "launch-delay-cutoff", 0, 0, G_OPTION_ARG_DOUBLE, &o.launch_delay_cutoff, "Launch statistics: launch delay outlier cutoff in us (100)", "US" },
      { "include-memory-events", 0, 0, G_OPTION_ARG_STRING, &o.include_memory_events, "Launch statistics: count cudaMemcpyAsync/cudaMemsetAsync (true)", "BOOL" },
      { "max-queue-length", 0, 0, G_OPTION_ARG_INT64, &o.max_queue_length, "Queue length: the full-queue limit (1024)", "N" },
      { "steps", 0, 0, G_OPTION_ARG_STRING, &o.steps, "Stragglers: comma-separated profiler steps, or 'all' (default)", "LIST" },
      { "num-candidates", 0, 0, G_OPTION_ARG_STRING, &o.num_candidates, "Stragglers: how many ranks to name (2)", "N" },
      { "charts", 'c', 0, G_OPTION_ARG_STRING, &o.charts, "Also write every chart in these formats: png, svg, pdf (needs --output)", "LIST" },
      { "chart-size", 0, 0, G_OPTION_ARG_STRING, &o.chart_size, "Chart size in pixels (960x540)", "WxH" },
      { "chart-scale", 0, 0, G_OPTION_ARG_DOUBLE, &o.chart_scale, "PNG pixel density, e.g. 2 for HiDPI (1)", "S" },
      { "dark", 0, 0, G_OPTION_ARG_NONE, &o.dark, "Draw charts in the dark style", NULL },
      { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "DIR|FILE..." },
      { NULL }
    };

    g_option_context_set_summary (context, "Runs HTA's analyses on a trace folder and writes one "
                                           "table per file, named as HTA's outputs.");
    g_option_context_set_description (context, analysis_help);
    g_option_context_add_main_entries (context, entries, NULL);
    if (!g_option_context_parse (context, &argc, &argv, &error))
      {
        status = hp_cli_usage_error (context, "%s", error->message);
        goto out;
      }
  }

  if (paths == NULL || paths[0] == NULL)
    {
      status = hp_cli_usage_error (context, "report: name a trace folder or file");
      goto out;
    }
  if (o.format != NULL && strcmp (o.format, "csv") != 0 && strcmp (o.format, "json") != 0)
    {
      status = hp_cli_usage_error (context, "report: --format takes csv or json, not '%s'", o.format);
      goto out;
    }
  json = g_strcmp0 (o.format, "json") == 0;
  if (!parse_bool (o.include_memory_kernels, &params.include_memory_kernels) ||
      !parse_bool (o.include_memory_events, &params.include_memory_events) ||
      !parse_bool (o.show_idle_interval_stats, &params.show_idle_interval_stats))
    {
      status = hp_cli_usage_error (context, "report: boolean options take true or false");
      goto out;
    }
  if (!parse_int_list (o.ranks, &params.ranks, FALSE) ||
      !parse_int_list (o.streams, &params.streams, TRUE))
    {
      status = hp_cli_usage_error (context, "report: --ranks and --streams take numbers separated by commas, or 'all'");
      goto out;
    }
  if (o.num_kernels < 1 || o.annotation_num_kernels < 1 || o.duration_ratio < 0 || o.duration_ratio > 1 ||
      o.annotation_duration_ratio < 0 || o.annotation_duration_ratio > 1 || o.runtime_cutoff < 0 ||
      o.launch_delay_cutoff < 0 || o.consecutive_kernel_delay < 0 || o.max_queue_length < 0)
    {
      status = hp_cli_usage_error (context, "report: counts must be ≥ 1, ratios in [0, 1], cutoffs ≥ 0");
      goto out;
    }
  params.num_kernels = o.num_kernels;
  params.duration_ratio = o.duration_ratio;
  params.consecutive_kernel_delay = o.consecutive_kernel_delay;
  params.annotation_num_kernels = o.annotation_num_kernels;
  params.annotation_duration_ratio = o.annotation_duration_ratio;
  params.runtime_cutoff = o.runtime_cutoff;
  params.launch_delay_cutoff = o.launch_delay_cutoff;
  params.max_queue_length = o.max_queue_length;
  if ((o.steps != NULL && !hp_param_parse (hp_param_spec_find ("steps"), &params, o.steps, &error)) ||
      (o.num_candidates != NULL &&
       !hp_param_parse (hp_param_spec_find ("num_candidates"), &params, o.num_candidates, &error)))
    {
      status = hp_cli_usage_error (context, "report: %s", error->message);
      goto out;
    }
  if (o.allowlist != NULL)
    params.allowlist_patterns = g_strsplit (o.allowlist, ",", -1);

  if (o.charts != NULL)
    {
      g_auto (GStrv) formats = g_strsplit (o.charts, ",", -1);

      if (o.output == NULL)
        {
          status = hp_cli_usage_error (context, "report: --charts needs --output");
          goto out;
        }
      for (guint i = 0; formats[i] != NULL; i++)
        {
          const char *f = g_strstrip (formats[i]);

          if (strcmp (f, "png") != 0 && strcmp (f, "svg") != 0 && strcmp (f, "pdf") != 0)
            {
              status = hp_cli_usage_error (context, "report: --charts takes png, svg and pdf, not '%s'", f);
              goto out;
            }
        }
    }
  if (o.chart_size != NULL &&
      (sscanf (o.chart_size, "%dx%d", &chart_width, &chart_height) != 2 || chart_width < 100 ||
       chart_height < 100 || chart_width > 10000 || chart_height > 10000))
    {
      status = hp_cli_usage_error (context, "report: --chart-size takes WIDTHxHEIGHT, 100 to 10000 each");
      goto out;
    }
  if (o.chart_scale < 0.5 || o.chart_scale > 4)
    {
      status = hp_cli_usage_error (context, "report: --chart-scale takes 0.5 to 4");
      goto out;
    }

  if (o.analyses == NULL)
    {
      for (guint i = 0; i < n_analyses; i++)
        if (analyses[i].in_default_set)
          g_ptr_array_add (selected, (gpointer)&analyses[i]);
    }
  else
    {
      g_auto (GStrv) names = g_strsplit (o.analyses, ",", -1);

      for (guint i = 0; names[i] != NULL; i++)
        {
          const HpAnalysis *a = hp_analysis_find (g_strstrip (names[i]));

          if (a == NULL)
            {
              status = hp_cli_usage_error (context, "report: no analysis named '%s'", names[i]);
              goto out;
            }
          g_ptr_array_add (selected, (gpointer)a);
        }
    }

  if (o.scope != NULL)
    {
      scope = hp_scope_parse (o.scope, &error);
      if (scope == NULL)
        {
          status = hp_cli_usage_error (context, "report: %s", error->message);
          goto out;
        }
    }

  /* a raw memory-timeline export is not a trace: it has one analysis */
  if (hp_memory_timeline_is_export (paths[0]))
    {
      for (guint i = 0; i < selected->len; i++)
        if (g_strcmp0 (((const HpAnalysis *)selected->pdata[i])->name, "memory_timeline") != 0 && o.analyses != NULL)
          {
            status = hp_cli_usage_error (context, "report: %s is a memory-timeline export: only --analysis memory_timeline reads it", paths[0]);
            goto out;
          }
      for (guint i = 0; paths[i] != NULL; i++)
        {
          HpTable *table = hp_memory_timeline_read (paths[i], cancellable, &error);

          if (table == NULL)
            {
              fprintf (stderr, "hotpath-cli: %s\n", error->message);
              status = HP_CLI_EXIT_BAD_INPUT;
              goto out;
            }
          g_ptr_array_add (tables, table);
        }
      goto write;
    }

  trace = hp_cli_load (paths, o.hta_compat, o.include_last_step, FALSE, cancellable, NULL);
  if (trace == NULL)
    {
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  if (!hp_scope_is_whole (scope))
    {
      HpTrace *scoped = hp_trace_apply_scope (trace, scope, &error);

      if (scoped == NULL)
        {
          fprintf (stderr, "hotpath-cli: %s\n", error->message);
          status = HP_CLI_EXIT_BAD_INPUT;
          goto out;
        }
      hp_trace_unref (trace);
      trace = scoped;
    }

  /* run everything first, side by side: a failure leaves no partial
   * output behind */
  {
    g_autoptr (GPtrArray) results = hp_analysis_run_many ((const HpAnalysis *const *)selected->pdata, selected->len,
                                                          trace, &params, 0, NULL, cancellable, &error);

    if (results == NULL)
      {
        fprintf (stderr, "hotpath-cli: %s\n", error->message);
        status = HP_CLI_EXIT_BAD_INPUT;
        goto out;
      }
    for (guint i = 0; i < results->len; i++)
      {
        GPtrArray *result = results->pdata[i];

        for (guint t = 0; t < result->len; t++)
          g_ptr_array_add (tables, hp_table_ref (result->pdata[t]));
      }
  }

write:
  if (o.output == NULL)
    {
      for (guint t = 0; t < tables->len; t++)
        {
          HpTable *table = tables->pdata[t];

          if (json)
            {
              g_autoptr (JsonNode) node = hp_table_to_json (table);
              g_autofree char *text = json_to_string (node, TRUE);

              printf ("%s\n", text);
            }
          else
            {
              g_autofree char *text = hp_table_to_text (table, 50);

              printf ("%s%s\n", t > 0 ? "\n" : "", text);
            }
        }
      goto out;
    }

  if (g_mkdir_with_parents (o.output, 0755) != 0)
    {
      fprintf (stderr, "hotpath-cli: %s: cannot create the folder: %s\n", o.output, g_strerror (errno));
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }
  for (guint t = 0; t < tables->len; t++)
    {
      HpTable         *table = tables->pdata[t];
      g_autofree char *path = table_file_name (o.output, table, json);
      gboolean         ok = json ? hp_table_write_json (table, path, &error) : hp_table_write_csv (table, path, &error);

      if (!ok)
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
      HpChartStyle *style = o.dark ? hp_chart_style_new_dark () : hp_chart_style_new_light ();

      for (guint t = 0; t < tables->len && status == HP_CLI_EXIT_OK; t++)
        {
          g_autoptr (GPtrArray) charts = hp_chart_adapt_table (tables->pdata[t], &params);

          for (guint c = 0; charts != NULL && c < charts->len && status == HP_CLI_EXIT_OK; c++)
            for (guint f = 0; formats[f] != NULL; f++)
              {
                HpChart         *chart = charts->pdata[c];
                g_autofree char *base = g_strconcat (hp_chart_get_name (chart), ".", g_strstrip (formats[f]), NULL);
                g_autofree char *path = g_build_filename (o.output, base, NULL);

                if (!hp_chart_export (chart, path, chart_width, chart_height, o.chart_scale, style, &error))
                  {
                    fprintf (stderr, "hotpath-cli: %s\n", error->message);
                    status = HP_CLI_EXIT_BAD_INPUT;
                    break;
                  }
                printf ("%s\n", path);
              }
        }
      hp_chart_style_free (style);
    }

out:
  hp_analysis_params_clear (&params);
  g_free (o.analyses);
  g_free (o.scope);
  g_free (o.steps);
  g_free (o.num_candidates);
  g_free (o.ranks);
  g_free (o.streams);
  g_free (o.format);
  g_free (o.output);
  g_free (o.include_memory_kernels);
  g_free (o.include_memory_events);
  g_free (o.show_idle_interval_stats);
  g_free (o.allowlist);
  g_free (o.charts);
  g_free (o.chart_size);
  return status;
}
