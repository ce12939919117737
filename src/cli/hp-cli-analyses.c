/* hp-cli-analyses.c — `hotpath-cli analyses`: the registry, for people and
 * for docs/analyses.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include "hp-cli.h"
#include "hp-core.h"

static char *
default_text (const HpParamSpec *spec)
{
  HpAnalysisParams params;
  char            *text;

  hp_analysis_params_init (&params);
  text = hp_param_to_string (spec, &params);
  hp_analysis_params_clear (&params);
  if (*text == '\0')
    {
      g_free (text);
      return g_strdup ("none");
    }
  return text;
}

/* the analyses that read @spec, comma-separated */
static char *
readers (const HpParamSpec *spec,
         gboolean           markdown)
{
  guint                    n;
  const HpAnalysis *const *analyses = hp_analysis_list (&n);
  GString                 *s = g_string_new (NULL);

  if (spec->offset == G_STRUCT_OFFSET (HpAnalysisParams, ranks))
    return g_string_free (g_string_append (s, "all"), FALSE);
  for (guint i = 0; i < n; i++)
    if (hp_analysis_uses_param (analyses[i], spec))
      g_string_append_printf (s, markdown ? "%s`%s`" : "%s%s", s->len > 0 ? ", " : "", analyses[i]->name);
  return g_string_free (s, FALSE);
}

static void
print_markdown (void)
{
  guint                     n, n_specs;
  const HpAnalysis *const  *analyses = hp_analysis_list (&n);
  const HpParamSpec *const *specs = hp_param_spec_list (&n_specs);

  printf ("| `--analysis` | section | tables | parameters | in `report` by default |\n");
  printf ("| --- | --- | --- | --- | --- |\n");
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GString) tables = g_string_new (NULL);
      g_autoptr (GString) params = g_string_new (NULL);
      g_autoptr (GPtrArray) reads = hp_analysis_get_param_specs (analyses[i]);

      for (guint t = 0; analyses[i]->tables != NULL && analyses[i]->tables[t] != NULL; t++)
        g_string_append_printf (tables, "%s`%s`", t > 0 ? ", " : "", analyses[i]->tables[t]);
      for (guint p = 0; p < reads->len; p++)
        g_string_append_printf (params, "%s`%s`", p > 0 ? ", " : "", ((const HpParamSpec *)reads->pdata[p])->name);
      printf ("| `%s` | %s | %s | %s | %s |\n", analyses[i]->name, analyses[i]->section, tables->str,
              params->len > 0 ? params->str : "`ranks` only", analyses[i]->in_default_set ? "yes" : "no");
    }
  printf ("\n| parameter (CLI option) | HTA default | valid values | read by | what it does |\n");
  printf ("| --- | --- | --- | --- | --- |\n");
  for (guint i = 0; i < n_specs; i++)
    {
      g_autofree char *option = g_strdelimit (g_strdup (specs[i]->name), "_", '-');
      g_autofree char *def = default_text (specs[i]);
      g_autofree char *who = readers (specs[i], TRUE);
      g_autofree char *range = NULL;

      switch (specs[i]->type)
        {
        case HP_PARAM_INT:
        case HP_PARAM_INT64:
          range = g_strdup_printf ("%.0f … %.0f", specs[i]->minimum, specs[i]->maximum);
          break;
        case HP_PARAM_DOUBLE:
          range = g_strdup_printf ("%g … %g%s%s", specs[i]->minimum, specs[i]->maximum, specs[i]->unit ? " " : "",
                                   specs[i]->unit ? specs[i]->unit : "");
          break;
        case HP_PARAM_BOOLEAN:
          range = g_strdup ("true, false");
          break;
        case HP_PARAM_INT_LIST:
        case HP_PARAM_INT64_LIST:
          range = g_strdup ("numbers, or `all`");
          break;
        case HP_PARAM_STRING:
          range = g_strdup ("a name");
          break;
        case HP_PARAM_STRING_LIST:
        default:
          range = g_strdup ("names");
          break;
        }
      printf ("| `%s` (`--%s`) | %s | %s | %s | %s |\n", specs[i]->name, option, def, range, who, specs[i]->help);
    }
}

static void
print_text (void)
{
  guint                    n;
  const HpAnalysis *const *analyses = hp_analysis_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GPtrArray) reads = hp_analysis_get_param_specs (analyses[i]);

      printf ("%s — %s (%s)%s\n", analyses[i]->name, analyses[i]->title, analyses[i]->section,
              analyses[i]->in_default_set ? "" : " [not in the default set]");
      printf ("  tables:");
      for (guint t = 0; analyses[i]->tables != NULL && analyses[i]->tables[t] != NULL; t++)
        printf ("%s %s", t > 0 ? "," : "", analyses[i]->tables[t]);
      printf ("\n");
      for (guint p = 0; p < reads->len; p++)
        {
          const HpParamSpec *spec = reads->pdata[p];
          g_autofree char   *option = g_strdelimit (g_strdup (spec->name), "_", '-');
          g_autofree char   *def = default_text (spec);

          printf ("  --%s=%s (default %s)\n", option, spec->arg, def);
        }
    }
}

int
hp_cli_analyses (int           argc,
                 char        **argv,
                 GCancellable *cancellable)
{
  g_autoptr (GOptionContext) context = g_option_context_new (NULL);
  g_autoptr (GError) error = NULL;
  gboolean     markdown = FALSE;
  GOptionEntry entries[] = {
    { "markdown", 0, 0, G_OPTION_ARG_NONE, &markdown, "As the Markdown tables of docs/analyses.md", NULL },
    { NULL },
  };

  g_option_context_set_summary (context, "Lists the analyses, their tables and parameters.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hp_cli_usage_error (context, "%s", error->message);
  if (argc > 1)
    return hp_cli_usage_error (context, "takes no argument, not '%s'", argv[1]);
  if (markdown)
    print_markdown ();
  else
    print_text ();
  return HP_CLI_EXIT_OK;
}
