/* hp-cli-runs.c — what the commands comparing runs (diff, compare, check) share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "hp-cli-runs.h"

#define CHART_WIDTH 960
#define CHART_HEIGHT 540

/**
 * hp_cli_parse_int_list:
 * @text: "1009,1010" (NULL: no list)
 * @out: (out): the numbers, or NULL for no list
 *
 * Returns: whether @text is a list of non-negative numbers
 */
gboolean
hp_cli_parse_int_list (const char *text,
                       GArray    **out)
{
  g_auto (GStrv) parts = NULL;

  *out = NULL;
  if (text == NULL)
    return TRUE;
  parts = g_strsplit (text, ",", -1);
  *out = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; parts[i] != NULL; i++)
    {
      gint64 v;
      int    n;

      if (!g_ascii_string_to_signed (g_strstrip (parts[i]), 10, 0, G_MAXINT, &v, NULL))
        {
          g_clear_pointer (out, g_array_unref);
          return FALSE;
        }
      n = (int)v;
      g_array_append_val (*out, n);
    }
  return (*out)->len > 0;
}

/**
 * hp_cli_run_labels:
 * @text: (nullable): "A,B,..." from --labels
 * @paths: the runs
 * @defaults: (nullable): default labels, else each run's folder or file name
 * @message: (out): why @text is wrong
 *
 * Returns: (transfer full): one distinct label per run, or NULL
 */
GStrv
hp_cli_run_labels (const char        *text,
                   const char *const *paths,
                   guint              n_runs,
                   const char *const *defaults,
                   char             **message)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) labels = NULL;
  g_auto (GStrv) parts = text != NULL ? g_strsplit (text, ",", -1) : NULL;

  if (parts != NULL && g_strv_length (parts) != n_runs)
    {
      *message = g_strdup_printf ("--labels takes %u labels separated by commas, one per run", n_runs);
      return NULL;
    }
  for (guint i = 0; i < n_runs; i++)
    {
      g_autofree char *base = NULL;

      if (parts != NULL)
        base = g_strdup (g_strstrip (parts[i]));
      else if (defaults != NULL)
        base = g_strdup (defaults[i]);
      else
        {
          g_autofree char *path = g_canonicalize_filename (paths[i], NULL);

          base = g_path_get_basename (path);
        }
      if (base[0] == '\0')
        {
          *message = g_strdup ("--labels: a label is empty");
          return NULL;
        }
      g_strv_builder_add (builder, base);
    }
  labels = g_strv_builder_end (builder);
  for (guint i = 0; i < n_runs; i++)
    for (guint j = 0; j < i; j++)
      if (strcmp (labels[i], labels[j]) == 0 && parts != NULL && defaults == NULL)
        {
          *message = g_strdup_printf ("--labels: '%s' is given twice", labels[i]);
          return NULL;
        }
  return g_steal_pointer (&labels);
}

/**
 * hp_cli_parse_chart_formats:
 * @text: "png,svg" (NULL: no charts)
 *
 * Returns: (transfer full) (nullable): the formats, or NULL with @message
 *   set when @text is wrong (or NULL)
 */
GStrv
hp_cli_parse_chart_formats (const char *text,
                            char      **message)
{
  g_auto (GStrv) formats = NULL;

  *message = NULL;
  if (text == NULL)
    return NULL;
  formats = g_strsplit (text, ",", -1);
  for (guint f = 0; formats[f] != NULL; f++)
    {
      g_strstrip (formats[f]);
      if (strcmp (formats[f], "png") != 0 && strcmp (formats[f], "svg") != 0 && strcmp (formats[f], "pdf") != 0)
        {
          *message = g_strdup_printf ("--charts takes png, svg and pdf, not '%s'", formats[f]);
          return NULL;
        }
    }
  return g_steal_pointer (&formats);
}

gboolean
hp_cli_make_output_dir (const char *dir)
{
  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      fprintf (stderr, "hotpath-cli: %s: cannot create the folder: %s\n", dir, g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}

/**
 * hp_cli_write_table:
 *
 * Writes DIR/<table name>.csv (or .json) and prints its path; CSV text
 * cells that would run as formulas are escaped unless @hta_compat.
 */
gboolean
hp_cli_write_table (HpTable    *table,
                    const char *dir,
                    gboolean    json,
                    gboolean    hta_compat)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *base = g_strconcat (hp_table_get_name (table), json ? ".json" : ".csv", NULL);
  g_autofree char *path = g_build_filename (dir, base, NULL);
  HpCsvFlags       flags = hta_compat ? HP_CSV_HTA_COMPAT : HP_CSV_FLAGS_NONE;
  gboolean         ok = json ? hp_table_write_json (table, path, &error)
                             : hp_table_write_csv_full (table, path, flags, &error);

  if (!ok)
    {
      fprintf (stderr, "hotpath-cli: %s\n", error->message);
      return FALSE;
    }
  printf ("%s\n", path);
  return TRUE;
}

gboolean
hp_cli_write_json (JsonNode   *node,
                   const char *dir,
                   const char *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autofree char *text = hp_output_json_to_string (node, TRUE);
  g_autofree char *with_newline = g_strconcat (text, "\n", NULL);

  if (!hp_output_file_write (path, with_newline, strlen (with_newline), &error))
    {
      fprintf (stderr, "hotpath-cli: %s\n", error->message);
      return FALSE;
    }
  printf ("%s\n", path);
  return TRUE;
}

/**
 * hp_cli_export_charts:
 *
 * Writes every chart in every format to DIR/<chart name>.<format> and
 * prints the paths.
 */
gboolean
hp_cli_export_charts (GPtrArray         *charts,
                      const char        *dir,
                      const char *const *formats)
{
  HpChartStyle *style = hp_chart_style_new_light ();
  gboolean      ok = TRUE;

  for (guint c = 0; ok && c < charts->len; c++)
    for (guint f = 0; ok && formats[f] != NULL; f++)
      {
        g_autoptr (GError) error = NULL;
        HpChart         *chart = charts->pdata[c];
        g_autofree char *base = g_strconcat (hp_chart_get_name (chart), ".", formats[f], NULL);
        g_autofree char *path = g_build_filename (dir, base, NULL);

        ok = hp_chart_export (chart, path, CHART_WIDTH, CHART_HEIGHT, 1.0, style, &error);
        if (ok)
          printf ("%s\n", path);
        else
          fprintf (stderr, "hotpath-cli: %s\n", error->message);
      }
  hp_chart_style_free (style);
  return ok;
}

/**
 * hp_cli_load_runs:
 * @paths: one folder or file per run
 *
 * Loads every run, one after the other (each load uses every core); on
 * failure prints the reason, which names the file.
 *
 * Returns: (transfer full) (element-type HpTrace): the runs, or NULL
 */
GPtrArray *
hp_cli_load_runs (char *const  *paths,
                  guint         n_runs,
                  gboolean      hta_compat,
                  gboolean      include_last_step,
                  GCancellable *cancellable)
{
  g_autoptr (GPtrArray) traces = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_trace_unref);

  for (guint i = 0; i < n_runs; i++)
    {
      char    *one[] = { paths[i], NULL };
      HpTrace *trace = hp_cli_load (one, hta_compat, include_last_step, FALSE, cancellable, NULL);

      if (trace == NULL)
        return NULL;
      g_ptr_array_add (traces, trace);
    }
  return g_steal_pointer (&traces);
}
