/* hp-gen-schema.c — writes the app's GSettings schema at build time.
 *
 *   hp-gen-schema TEMPLATE OUTPUT
 *
 * copies TEMPLATE (the hand-written keys: window state, loading options)
 * to OUTPUT, with the line holding the marker below replaced by the keys
 * of the analysis parameters the app keeps (hp_param_schema_keys()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hp-core.h"

#define MARKER "@ANALYSIS_KEYS@"

int
main (int   argc,
      char *argv[])
{
  g_autoptr (GError) error = NULL;
  g_autofree char *template = NULL;
  g_autofree char *keys = NULL;
  g_auto (GStrv) lines = NULL;
  GString                  *out;
  guint                     n_specs, n_markers = 0;
  const HpParamSpec *const *specs;

  if (argc != 3)
    {
      g_printerr ("usage: %s TEMPLATE OUTPUT\n", argv[0]);
      return EXIT_FAILURE;
    }
  if (!g_file_get_contents (argv[1], &template, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return EXIT_FAILURE;
    }
  specs = hp_param_spec_list (&n_specs);
  keys = hp_param_schema_keys (specs, n_specs);
  lines = g_strsplit (template, "\n", -1);
  out = g_string_new (NULL);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (strstr (lines[i], MARKER) != NULL)
        {
          g_string_append (out, keys);
          n_markers++;
          continue;
        }
      g_string_append (out, lines[i]);
      if (lines[i + 1] != NULL)
        g_string_append_c (out, '\n');
    }
  if (n_markers != 1)
    {
      g_printerr ("%s: expected one line with %s, found %u\n", argv[1], MARKER, n_markers);
      g_string_free (out, TRUE);
      return EXIT_FAILURE;
    }
  if (!g_file_set_contents (argv[2], out->str, (gssize)out->len, &error))
    {
      g_printerr ("%s\n", error->message);
      g_string_free (out, TRUE);
      return EXIT_FAILURE;
    }
  g_string_free (out, TRUE);
  return EXIT_SUCCESS;
}
