/* hp-param-schema.c — the GSettings keys of the parameters the app keeps.
 *
 * A spec flagged HP_PARAM_PERSIST is kept in the app's settings under a
 * key named as its CLI option (`num-kernels`). The keys are written here
 * from the specs, and the build (data/meson.build, tools/hp-gen-schema.c)
 * puts them into the schema beside the hand-written keys of the window
 * and the loader: the specs decide which parameters are kept and how, the
 * schema follows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-analysis.h"
#include "hp-core-private.h"

/* the GVariant type of the key that keeps @spec's value */
static const char *
key_type (const HpParamSpec *spec)
{
  switch (spec->type)
    {
    case HP_PARAM_INT:
      return "i";
    case HP_PARAM_INT64:
      return "x";
    case HP_PARAM_DOUBLE:
      return (spec->flags & HP_PARAM_PERSIST_WHOLE) != 0 ? "i" : "d";
    case HP_PARAM_BOOLEAN:
      return "b";
    case HP_PARAM_INT_LIST:
    case HP_PARAM_INT64_LIST:
    case HP_PARAM_STRING_LIST:
    case HP_PARAM_STRING:
    default:
      /* as the CLI writes it; empty for every item, or none */
      return "s";
    }
}

/* @value as a whole number of a key of type @type: within its bounds */
static gint64
whole (const char *type,
       double      value)
{
  double lower = g_str_equal (type, "i") ? G_MININT32 : (double)G_MININT64;
  double upper = g_str_equal (type, "i") ? G_MAXINT32 : (double)G_MAXINT64;

  if (value <= lower)
    return g_str_equal (type, "i") ? G_MININT32 : G_MININT64;
  if (value >= upper)
    return g_str_equal (type, "i") ? G_MAXINT32 : G_MAXINT64;
  return (gint64)rint (value);
}

/* appends @value as GVariant text of a key of type @type */
static void
append_number (GString    *out,
               const char *type,
               double      value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (g_str_equal (type, "d"))
    {
      /* the shortest text that reads back as @value: 0.8, not
       * 0.80000000000000004 */
      for (int digits = 1; digits <= 17; digits++)
        {
          char format[8];

          g_snprintf (format, sizeof format, "%%.%dg", digits);
          g_ascii_formatd (buffer, sizeof buffer, format, value);
          if (g_ascii_strtod (buffer, NULL) == value)
            break;
        }
      g_string_append (out, buffer);
      /* a double's text, so the key's values read as doubles */
      if (strpbrk (buffer, ".eEn") == NULL)
        g_string_append (out, ".0");
    }
  else
    g_string_append_printf (out, "%" G_GINT64_FORMAT, whole (type, value));
}

/**
 * hp_param_schema_key:
 * @spec: an analysis parameter
 *
 * The `<key>` element of the GSettings schema that keeps @spec's value,
 * when @spec is flagged %HP_PARAM_PERSIST: named as the CLI option, of
 * the type the value fits (`i`, `x`, `d` or `b`; `s` for a text or a list
 * as the CLI writes it, empty by default), with the spec's default, its
 * range, its title as the summary and its description.
 *
 * Returns: (transfer full) (nullable): the element, indented for the
 *   schema, or %NULL when @spec is not kept
 */
char *
hp_param_schema_key (const HpParamSpec *spec)
{
  g_autofree char *name = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *description = NULL;
  const char      *type;
  GString         *out;

  g_return_val_if_fail (spec != NULL, NULL);

  if ((spec->flags & HP_PARAM_PERSIST) == 0)
    return NULL;
  name = g_strdelimit (g_strdup (spec->name), "_", '-');
  type = key_type (spec);
  out = g_string_new (NULL);
  g_string_append_printf (out, "    <key name=\"%s\" type=\"%s\">\n", name, type);
  if (g_str_equal (type, "i") || g_str_equal (type, "x") || g_str_equal (type, "d"))
    {
      g_string_append (out, "      <range min=\"");
      append_number (out, type, spec->minimum);
      g_string_append (out, "\" max=\"");
      append_number (out, type, spec->maximum);
      g_string_append (out, "\"/>\n      <default>");
      append_number (out, type, CLAMP (spec->default_value, spec->minimum, spec->maximum));
      g_string_append (out, "</default>\n");
    }
  else if (g_str_equal (type, "b"))
    g_string_append_printf (out, "      <default>%s</default>\n", spec->default_value != 0 ? "true" : "false");
  else
    g_string_append (out, "      <default>''</default>\n");
  summary = g_markup_escape_text (spec->title != NULL ? spec->title : spec->name, -1);
  g_string_append_printf (out, "      <summary>%s</summary>\n", summary);
  if (spec->description != NULL || spec->help != NULL)
    {
      description = g_markup_escape_text (spec->description != NULL ? spec->description : spec->help, -1);
      g_string_append_printf (out, "      <description>%s</description>\n", description);
    }
  g_string_append (out, "    </key>\n");
  return g_string_free (out, FALSE);
}

/**
 * hp_param_schema_keys:
 * @specs: (array length=n_specs): parameters, as hp_param_spec_list()
 *   gives them
 *
 * Returns: (transfer full): the `<key>` elements of those of @specs that
 *   are kept (hp_param_schema_key()), in their order; empty for none
 */
char *
hp_param_schema_keys (const HpParamSpec *const *specs,
                      guint                     n_specs)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n_specs; i++)
    {
      g_autofree char *key = hp_param_schema_key (specs[i]);

      if (key != NULL)
        g_string_append (out, key);
    }
  return g_string_free (out, FALSE);
}
