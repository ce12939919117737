/* hp-analysis-params-text.c — parameter values as text: a CLI option's or
 * a settings key's text parsed and checked against its spec, and a value
 * written back the way hp_param_parse() reads it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hp-analysis-params-private.h"

gboolean
_hp_param_range_error (const HpParamSpec *spec,
                       const char        *text,
                       GError           **error)
{
  const char *what;

  switch (spec->type)
    {
    case HP_PARAM_BOOLEAN:
      what = "true or false";
      break;
    case HP_PARAM_INT_LIST:
    case HP_PARAM_INT64_LIST:
      what = "whole numbers separated by commas, or 'all'";
      break;
    case HP_PARAM_INT:
    case HP_PARAM_INT64:
      what = NULL;
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "%s takes a whole number from %.0f to %.0f, not '%s'", spec->name, spec->minimum,
                   spec->maximum, text);
      return FALSE;
    case HP_PARAM_DOUBLE:
    default:
      what = NULL;
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "%s takes a number from %g to %g, not '%s'", spec->name, spec->minimum, spec->maximum,
                   text);
      return FALSE;
    }
  g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER, "%s takes %s, not '%s'",
               spec->name, what, text);
  return FALSE;
}

/* "0,1,3", "7, 23 84": items separated by commas, semicolons or spaces;
 * no item at all is %NULL, every one */
static GArray *
parse_list (const char *text,
            gboolean    wide,
            double      minimum,
            double      maximum,
            gboolean   *ok)
{
  g_auto (GStrv) parts = g_strsplit_set (text, ",; ", -1);
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, wide ? sizeof (gint64) : sizeof (int));

  *ok = FALSE;
  for (guint i = 0; parts[i] != NULL; i++)
    {
      gint64 v;

      if (parts[i][0] == '\0')
        continue;
      if (!g_ascii_string_to_signed (parts[i], 10, wide ? G_MININT64 : (gint64)minimum,
                                     wide ? G_MAXINT64 : (gint64)maximum, &v, NULL))
        return NULL;
      if (wide)
        g_array_append_val (out, v);
      else
        {
          int iv = (int)v;

          g_array_append_val (out, iv);
        }
    }
  *ok = TRUE;
  return out->len > 0 ? g_steal_pointer (&out) : NULL;
}

/* "Optimizer, forward" → {"Optimizer", "forward"}; "" → NULL */
static char **
parse_names (const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  guint n = 0;

  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_strstrip (parts[i]);
      if (parts[i][0] == '\0')
        continue;
      g_strv_builder_add (builder, parts[i]);
      n++;
    }
  return n > 0 ? g_strv_builder_end (builder) : NULL;
}

/**
 * hp_param_parse:
 * @text: the value as a user writes it: `12`, `0.5`, `true`, `0,1,3`,
 *   `all`, `a,b`, `aten::linear` (a string, without its outer spaces;
 *   empty is none)
 *
 * Checks @text against @spec (type and range) and stores it in @params.
 *
 * Returns: %TRUE, or %FALSE with %HP_ANALYSIS_ERROR_INVALID_PARAMETER naming
 *   the parameter, what it takes and the value
 */
gboolean
hp_param_parse (const HpParamSpec *spec,
                HpAnalysisParams  *params,
                const char        *text,
                GError           **error)
{
  g_return_val_if_fail (spec != NULL && params != NULL && text != NULL, FALSE);

  switch (spec->type)
    {
    case HP_PARAM_INT:
    case HP_PARAM_INT64:
      {
        gint64 v;

        if (!g_ascii_string_to_signed (text, 10, (gint64)spec->minimum, (gint64)spec->maximum, &v, NULL))
          return _hp_param_range_error (spec, text, error);
        if (spec->type == HP_PARAM_INT)
          *AT_MUT (params, spec, int) = (int)v;
        else
          *AT_MUT (params, spec, gint64) = v;
        return TRUE;
      }
    case HP_PARAM_DOUBLE:
      {
        char  *end = NULL;
        double v = g_ascii_strtod (text, &end);

        if (end == text || *end != '\0' || !isfinite (v) || v < spec->minimum || v > spec->maximum)
          return _hp_param_range_error (spec, text, error);
        *AT_MUT (params, spec, double) = v;
        return TRUE;
      }
    case HP_PARAM_BOOLEAN:
      if (g_ascii_strcasecmp (text, "true") == 0 || g_ascii_strcasecmp (text, "yes") == 0 ||
          strcmp (text, "1") == 0)
        *AT_MUT (params, spec, gboolean) = TRUE;
      else if (g_ascii_strcasecmp (text, "false") == 0 || g_ascii_strcasecmp (text, "no") == 0 ||
               strcmp (text, "0") == 0)
        *AT_MUT (params, spec, gboolean) = FALSE;
      else
        return _hp_param_range_error (spec, text, error);
      return TRUE;
    case HP_PARAM_INT_LIST:
    case HP_PARAM_INT64_LIST:
      {
        GArray **field = AT_MUT (params, spec, GArray *);
        GArray  *list = NULL;
        gboolean ok = TRUE;

        if (g_ascii_strcasecmp (text, "all") != 0)
          list = parse_list (text, spec->type == HP_PARAM_INT64_LIST, spec->minimum, spec->maximum, &ok);
        if (!ok)
          return _hp_param_range_error (spec, text, error);
        g_clear_pointer (field, g_array_unref);
        *field = list;
        return TRUE;
      }
    case HP_PARAM_STRING_LIST:
      {
        char ***field = AT_MUT (params, spec, char **);

        g_clear_pointer (field, g_strfreev);
        *field = parse_names (text);
        return TRUE;
      }
    case HP_PARAM_STRING:
      {
        char           **field = AT_MUT (params, spec, char *);
        g_autofree char *name = g_strstrip (g_strdup (text));

        g_clear_pointer (field, g_free);
        if (name[0] != '\0')
          *field = g_steal_pointer (&name);
        return TRUE;
      }
    default:
      g_assert_not_reached ();
    }
}

/**
 * hp_param_to_string:
 *
 * Returns: (transfer full): the value of @spec in @params as
 *   hp_param_parse() reads it
 */
char *
hp_param_to_string (const HpParamSpec      *spec,
                    const HpAnalysisParams *params)
{
  HpBagValue scratch;

  switch (spec->type)
    {
    case HP_PARAM_INT:
      return g_strdup_printf ("%d", *AT (params, spec, int));
    case HP_PARAM_INT64:
      return g_strdup_printf ("%" G_GINT64_FORMAT, *AT (params, spec, gint64));
    case HP_PARAM_DOUBLE:
      {
        double v = *AT (params, spec, double);
        char   buf[G_ASCII_DTOSTR_BUF_SIZE];

        /* the shortest text that reads back to the same double, with at
         * least the integer digits (30, not 3e+01) */
        int first = fabs (v) >= 1 && fabs (v) < 1e15 ? (int)floor (log10 (fabs (v))) + 1 : 1;

        for (int digits = first; digits <= 17; digits++)
          {
            char format[8];

            g_snprintf (format, sizeof format, "%%.%dg", digits);
            g_ascii_formatd (buf, sizeof buf, format, v);
            if (g_ascii_strtod (buf, NULL) == v)
              break;
          }
        return g_strdup (buf);
      }
    case HP_PARAM_BOOLEAN:
      return g_strdup (*AT (params, spec, gboolean) ? "true" : "false");
    case HP_PARAM_INT_LIST:
    case HP_PARAM_INT64_LIST:
      {
        GArray  *list = *AT (params, spec, GArray *);
        GString *s = g_string_new (NULL);

        if (list == NULL || list->len == 0)
          return g_string_free (g_string_append (s, "all"), FALSE);
        for (guint i = 0; i < list->len; i++)
          if (spec->type == HP_PARAM_INT_LIST)
            g_string_append_printf (s, "%s%d", i > 0 ? "," : "", g_array_index (list, int, i));
          else
            g_string_append_printf (s, "%s%" G_GINT64_FORMAT, i > 0 ? "," : "", g_array_index (list, gint64, i));
        return g_string_free (s, FALSE);
      }
    case HP_PARAM_STRING_LIST:
      {
        char **list = *AT (params, spec, char **);

        return list != NULL ? g_strjoinv (", ", list) : g_strdup ("");
      }
    case HP_PARAM_STRING:
      return g_strdup (*AT (params, spec, char *) != NULL ? *AT (params, spec, char *) : "");
    default:
      g_assert_not_reached ();
    }
}
