/* hp-cli-report.c — `hotpath-cli report`: every analysis as CSV/JSON tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "hp-core.h"
#include "hp-charts.h"
#include "hp-cli.h"
#include "hp-cli-runs.h"

typedef struct
{
  char    *analyses;
  char    *scope;
  char    *format;
  char    *output;
  char    *charts;
  char    *chart_size;
  double   chart_scale;
  gboolean dark;
  gboolean hta_compat;
  gboolean include_last_step;
  gboolean strict;
} ReportOptions;

/* One analysis parameter on the command line (--num-kernels 5): the
 * option's name is the spec's, and the spec checks the value. */
static gboolean
param_option_cb (const char *option_name,
                 const char *value,
                 gpointer    data,
                 GError    **error)
{
  /* "--num-kernels", or "-r" for --ranks */
  const HpParamSpec *spec = hp_param_spec_find (option_name[1] == '-' ? option_name + 2 : "ranks");

  if (spec == NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION, "unknown option %s", option_name);
      return FALSE;
    }
  if (!hp_param_parse (spec, data, value, error))
    {
      /* GOptionContext reports it as a usage error, with the option as typed */
      char *message = g_strconcat (option_name, (*error)->message + strlen (spec->name), NULL);

      g_free ((*error)->message);
      (*error)->message = message;
      (*error)->domain = G_OPTION_ERROR;
      (*error)->code = G_OPTION_ERROR_BAD_VALUE;
      return FALSE;
    }
  return TRUE;
}

/* adds the options of every analysis parameter, from the registry's specs */
static void
add_param_options (GOptionGroup *group,
                   GPtrArray    *names)
{
  guint                     n_specs;
  const HpParamSpec *const *specs = hp_param_spec_list (&n_specs);
  g_autofree GOptionEntry  *entries = g_new0 (GOptionEntry, n_specs + 1);

  for (guint i = 0; i < n_specs; i++)
    {
      char *name = g_strdelimit (g_strdup (specs[i]->name), "_", '-');

      g_ptr_array_add (names, name);
      entries[i] = (GOptionEntry){ name, specs[i]->offset == G_STRUCT_OFFSET (HpAnalysisParams, ranks) ? 'r' : 0, 0,
                                   G_OPTION_ARG_CALLBACK, (gpointer)param_option_cb, specs[i]->help, specs[i]->arg };
    }
  g_option_group_add_entries (group, entries);
}

/* why a chart of @table is empty: what @trace lacks of what @analysis
 * needs, else the table's note when it has no rows, else that nothing in
 * the trace falls in it */
static char *
empty_chart_reason (HpTrace          *trace,
                    const HpAnalysis *analysis,
                    HpTable          *table)
{
  char *reason = NULL;

  if (trace != NULL && analysis != NULL)
    reason = hp_no_data_reason (&trace, NULL, 1, hp_analysis_data_needs (analysis));
  if (reason != NULL)
    return reason;
  if (hp_table_get_n_rows (table) == 0 && hp_table_get_note (table) != NULL)
    return g_strdup (hp_table_get_note (table));
  return g_strdup ("nothing in this trace or its scope falls in this chart; the analysis' settings may leave it out");
}

int
hp_cli_report (int           argc,
               char        **argv,
               GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (HpScope) scope = NULL;
  g_autoptr (GPtrArray) selected = g_ptr_array_new ();
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  g_autoptr (GPtrArray) table_analyses = g_ptr_array_new (); /* the analysis of each table, or NULL */
  g_auto (GStrv) paths = NULL;
  g_autoptr (GPtrArray) option_names = g_ptr_array_new_with_free_func (g_free);
  HpAnalysisParams         params;
  ReportOptions            o = { 0 };
  gboolean                 json = FALSE;
  guint                    n_analyses;
  const HpAnalysis *const *analyses = hp_analysis_list (&n_analyses);
  g_autofree char         *analysis_help = NULL;
  int                      status = HP_CLI_EXIT_OK;
  int                      chart_width = 960;
  int                      chart_height = 540;

  hp_analysis_params_init (&params);
  o.chart_scale = 1.0;

  {
    g_autoptr (GString) names = g_string_new ("Analyses (default: all):");

    for (guint i = 0; i < n_analyses; i++)
      g_string_append_printf (names, "\n  %-36s %s (%s)", analyses[i]->name, analyses[i]->title,
                              analyses[i]->section);
    analysis_help = g_string_free (g_steal_pointer (&names), FALSE);
  }

  {
    GOptionEntry entries[] = {
      { "analysis", 'a', 0, G_OPTION_ARG_STRING, &o.analyses, "Comma-separated analyses (default: all)", "LIST" },
      { "scope", 's', 0, G_OPTION_ARG_STRING, &o.scope, "Analyse only this part of the trace: step:N, range:START_US-END_US or annotation:NAME[#N] (default: whole)", "SCOPE" },
      { "format", 'f', 0, G_OPTION_ARG_STRING, &o.format, "csv (default) or json", "FORMAT" },
      { "output", 'o', 0, G_OPTION_ARG_FILENAME, &o.output, "Write OUTDIR/<table>.csv; without it, print tables", "OUTDIR" },
      HP_CLI_COMM_PATTERNS_OPTION,
      { "hta-compat", 0, 0, G_OPTION_ARG_NONE, &o.hta_compat, "Reproduce HTA's numbers exactly, quirks included", NULL },
      { "include-last-step", 0, 0, G_OPTION_ARG_NONE, &o.include_last_step, "Keep the last (incomplete) iteration (include_last_profiler_step)", NULL },
      { "strict", 0, 0, G_OPTION_ARG_NONE, &o.strict, HP_CLI_STRICT_HELP, NULL },
      { "charts", 'c', 0, G_OPTION_ARG_STRING, &o.charts, "Also write every chart in these formats: png, svg, pdf (needs --output)", "LIST" },
      { "chart-size", 0, 0, G_OPTION_ARG_STRING, &o.chart_size, "Chart size in pixels (960x540)", "WxH" },
      { "chart-scale", 0, 0, G_OPTION_ARG_DOUBLE, &o.chart_scale, "PNG pixel density, e.g. 2 for HiDPI (1)", "S" },
      { "dark", 0, 0, G_OPTION_ARG_NONE, &o.dark, "Draw charts in the dark style", NULL },
      { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &paths, NULL, "DIR|FILE…" },
      { NULL }
    };

    g_option_context_set_summary (context, "Runs HTA's analyses on a trace folder and writes one "
                                           "table per file, named as HTA's outputs.");
    g_option_context_set_description (context, analysis_help);
    GOptionGroup *main_group = g_option_group_new (NULL, NULL, NULL, &params, NULL);

    g_option_group_add_entries (main_group, entries);
    add_param_options (main_group, option_names);
    g_option_context_set_main_group (context, main_group);
    if (!hp_cli_parse_options (context, entries, &argc, &argv, &error))
      {
        status = hp_cli_usage_error (context, "%s", error->message);
        goto out;
      }
  }

  if (paths == NULL || paths[0] == NULL)
    {
      status = hp_cli_usage_error (context, "name a trace folder or file");
      goto out;
    }
  if (o.format != NULL && strcmp (o.format, "csv") != 0 && strcmp (o.format, "json") != 0)
    {
      status = hp_cli_usage_error (context, "--format takes csv or json, not '%s'", o.format);
      goto out;
    }
  json = g_strcmp0 (o.format, "json") == 0;
  if (o.charts != NULL)
    {
      g_auto (GStrv) formats = g_strsplit (o.charts, ",", -1);

      if (o.output == NULL)
        {
          status = hp_cli_usage_error (context, "--charts needs --output");
          goto out;
        }
      for (guint i = 0; formats[i] != NULL; i++)
        {
          const char *f = g_strstrip (formats[i]);

          if (strcmp (f, "png") != 0 && strcmp (f, "svg") != 0 && strcmp (f, "pdf") != 0)
            {
              status = hp_cli_usage_error (context, "--charts takes png, svg and pdf, not '%s'", f);
              goto out;
            }
        }
    }
  if (o.chart_size != NULL &&
      (sscanf (o.chart_size, "%dx%d", &chart_width, &chart_height) != 2 || chart_width < 100 ||
       chart_height < 100 || chart_width > 10000 || chart_height > 10000))
    {
      status = hp_cli_usage_error (context, "--chart-size takes WIDTHxHEIGHT, 100 to 10000 each");
      goto out;
    }
  if (o.chart_scale < 0.5 || o.chart_scale > 4)
    {
      status = hp_cli_usage_error (context, "--chart-scale takes 0.5 to 4");
      goto out;
    }

  if (o.analyses == NULL)
    {
      for (guint i = 0; i < n_analyses; i++)
        if (analyses[i]->in_default_set)
          g_ptr_array_add (selected, (gpointer)analyses[i]);
    }
  else
    {
      g_auto (GStrv) names = g_strsplit (o.analyses, ",", -1);

      for (guint i = 0; names[i] != NULL; i++)
        {
          const HpAnalysis *a = hp_analysis_find (g_strstrip (names[i]));

          if (a == NULL)
            {
              status = hp_cli_usage_error (context, "no analysis named '%s'", names[i]);
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
          status = hp_cli_usage_error (context, "%s", error->message);
          goto out;
        }
    }

  /* a raw memory-timeline export is not a trace: it has one analysis */
  if (hp_memory_timeline_is_export (paths[0]))
    {
      for (guint i = 0; i < selected->len && o.analyses != NULL; i++)
        if (selected->pdata[i] != &hp_memory_timeline_analysis)
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
          g_ptr_array_add (table_analyses, NULL);
        }
      goto write;
    }

  trace = hp_cli_load_scoped (paths, o.hta_compat, o.include_last_step, scope, cancellable);
  if (trace == NULL)
    {
      status = HP_CLI_EXIT_BAD_INPUT;
      goto out;
    }

  /* summaries answer the default set, but for what needs every event:
   * say what that is and which ranks to load, and report the rest */
  if (hp_trace_get_summaries (trace) != NULL && o.analyses == NULL)
    for (guint i = selected->len; i-- > 0;)
      {
        g_autofree char *why = hp_summary_job_why_not (trace, selected->pdata[i], &params);

        if (why != NULL)
          {
            fprintf (stderr, "hotpath-cli: note: %s\n", why);
            g_ptr_array_remove_index (selected, i);
          }
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
          {
            g_ptr_array_add (tables, hp_table_ref (result->pdata[t]));
            g_ptr_array_add (table_analyses, selected->pdata[i]);
          }
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
              g_autofree char *text = hp_output_json_to_string (node, TRUE);

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
    if (!hp_cli_write_table (tables->pdata[t], o.output, json, o.hta_compat))
      {
        status = HP_CLI_EXIT_BAD_INPUT;
        goto out;
      }

  if (o.charts != NULL)
    {
      g_auto (GStrv) formats = g_strsplit (o.charts, ",", -1);
      HpChartStyle *style = o.dark ? hp_chart_style_new_dark () : hp_chart_style_new_light ();

      for (guint t = 0; t < tables->len && status == HP_CLI_EXIT_OK; t++)
        {
          g_autoptr (GPtrArray) charts = hp_chart_adapt_table (tables->pdata[t], &params);

          /* an empty chart says why: what the trace lacks */
          for (guint c = 0; charts != NULL && c < charts->len; c++)
            if (!hp_chart_has_data (charts->pdata[c]) && hp_chart_get_no_data_reason (charts->pdata[c]) == NULL)
              {
                g_autofree char *reason = empty_chart_reason (trace, table_analyses->pdata[t], tables->pdata[t]);

                hp_chart_set_no_data_reason (charts->pdata[c], reason);
                fprintf (stderr, "hotpath-cli: note: chart %s has no data: %s\n", hp_chart_get_name (charts->pdata[c]),
                         reason);
              }

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
  status = hp_cli_strict_status (trace, o.strict, status);
  hp_analysis_params_clear (&params);
  g_free (o.analyses);
  g_free (o.scope);
  g_free (o.format);
  g_free (o.output);
  g_free (o.charts);
  g_free (o.chart_size);
  return status;
}
