/* hp-settings.c — the app's GSettings: recent folders and analysis defaults.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "hp-settings.h"

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char *const *)a, *(const char *const *)b);
}

/**
 * hp_settings_param_key:
 * @settings: (nullable): the settings
 * @spec: an analysis parameter
 *
 * The key that keeps @spec's value in @settings: the parameter's CLI
 * option (`num-kernels`), when @spec is flagged %HP_PARAM_PERSIST and the
 * schema has the key with a type the parameter's value fits (a number or
 * boolean for a number or boolean, a string for a string or a list as the
 * CLI writes it). The spec decides which parameters are kept, and the
 * app's schema has their keys because the build writes them from the
 * specs (hp_param_schema_key()); everything else about the key (the
 * preferences' row, the loaded value) comes from @spec.
 *
 * Returns: (transfer full) (nullable): the key, or %NULL
 */
GSettingsSchemaKey *
hp_settings_param_key (GSettings         *settings,
                       const HpParamSpec *spec)
{
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autofree char    *name = NULL;
  GSettingsSchemaKey *key;
  gboolean            is_string;

  if (settings == NULL || spec == NULL || (spec->flags & HP_PARAM_PERSIST) == 0)
    return NULL;
  g_object_get (settings, "settings-schema", &schema, NULL);
  name = g_strdelimit (g_strdup (spec->name), "_", '-');
  if (schema == NULL || !g_settings_schema_has_key (schema, name))
    return NULL;
  key = g_settings_schema_get_key (schema, name);
  is_string = g_variant_type_equal (g_settings_schema_key_get_value_type (key), G_VARIANT_TYPE_STRING);
  if (is_string != (spec->type > HP_PARAM_BOOLEAN))
    g_clear_pointer (&key, g_settings_schema_key_unref);
  return key;
}

/* @value within the range of @key, when it has one */
static double
clamp_to_key (GSettingsSchemaKey *key,
              double              value)
{
  g_autoptr (GVariant) range = g_settings_schema_key_get_range (key);
  const char *kind;
  g_autoptr (GVariant) bounds = NULL;
  double lower, upper;

  g_variant_get (range, "(&sv)", &kind, &bounds);
  if (g_strcmp0 (kind, "range") != 0)
    return value;
  if (g_variant_is_of_type (bounds, G_VARIANT_TYPE ("(ii)")))
    {
      gint32 a, b;

      g_variant_get (bounds, "(ii)", &a, &b);
      lower = a, upper = b;
    }
  else if (g_variant_is_of_type (bounds, G_VARIANT_TYPE ("(xx)")))
    {
      gint64 a, b;

      g_variant_get (bounds, "(xx)", &a, &b);
      lower = (double)a, upper = (double)b;
    }
  else if (g_variant_is_of_type (bounds, G_VARIANT_TYPE ("(dd)")))
    g_variant_get (bounds, "(dd)", &lower, &upper);
  else
    return value;
  return CLAMP (value, lower, upper);
}

/**
 * hp_settings_new:
 *
 * Returns: (transfer full) (nullable): the app's settings, or %NULL when the
 *   schema is not installed (an uninstalled run without GSETTINGS_SCHEMA_DIR)
 */
GSettings *
hp_settings_new (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL)
    {
      g_debug ("schema %s is not installed; settings are not kept", APPLICATION_ID);
      return NULL;
    }
  return g_settings_new_full (schema, NULL, NULL);
}

/**
 * hp_recent_prepend:
 * @list: (nullable): the recent list, most recent first
 * @uri: the item just opened
 * @max_items: the longest list to keep
 *
 * Returns: (transfer full): @uri followed by @list without @uri, cut to
 *   @max_items
 */
char **
hp_recent_prepend (const char *const *list,
                   const char        *uri,
                   guint              max_items)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  guint n = 1;

  g_return_val_if_fail (uri != NULL, NULL);

  if (max_items == 0)
    return g_new0 (char *, 1);
  g_strv_builder_add (builder, uri);
  for (guint i = 0; list != NULL && list[i] != NULL && n < max_items; i++)
    if (g_strcmp0 (list[i], uri) != 0)
      {
        g_strv_builder_add (builder, list[i]);
        n++;
      }
  return g_strv_builder_end (builder);
}

void
hp_settings_add_recent (GSettings  *settings,
                        const char *uri)
{
  g_auto (GStrv) old = NULL;
  g_auto (GStrv) list = NULL;

  if (settings == NULL)
    return;
  old = g_settings_get_strv (settings, "recent-folders");
  list = hp_recent_prepend ((const char *const *)old, uri, HP_RECENT_MAX);
  g_settings_set_strv (settings, "recent-folders", (const char *const *)list);
}

/**
 * hp_settings_load_param:
 *
 * Replaces the value of @spec in @params by the one kept in @settings,
 * when it keeps one (hp_settings_param_key()): a number is clamped to the
 * spec's range, a text the spec does not read is ignored.
 */
void
hp_settings_load_param (GSettings         *settings,
                        const HpParamSpec *spec,
                        HpAnalysisParams  *params)
{
  GSettingsSchemaKey *key = hp_settings_param_key (settings, spec);
  g_autoptr (GVariant) value = NULL;

  if (key == NULL)
    return;
  value = g_settings_get_value (settings, g_settings_schema_key_get_name (key));
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT32))
    hp_param_set_number (spec, params, g_variant_get_int32 (value));
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT64))
    hp_param_set_number (spec, params, (double)g_variant_get_int64 (value));
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    hp_param_set_number (spec, params, g_variant_get_double (value));
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN))
    hp_param_set_number (spec, params, g_variant_get_boolean (value));
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING) &&
           !hp_param_parse (spec, params, g_variant_get_string (value, NULL), NULL))
    g_debug ("the kept %s is not a value of it; its default is used", spec->name);
  g_settings_schema_key_unref (key);
}

/**
 * hp_settings_load_params:
 *
 * Replaces the analysis defaults of @params by those kept in @settings:
 * each parameter whose CLI option names a key of the schema.
 */
void
hp_settings_load_params (GSettings        *settings,
                         HpAnalysisParams *params)
{
  guint                     n;
  const HpParamSpec *const *specs = hp_param_spec_list (&n);

  if (settings == NULL)
    return;
  for (guint i = 0; i < n; i++)
    hp_settings_load_param (settings, specs[i], params);
}

void
hp_settings_save_params (GSettings              *settings,
                         const HpAnalysisParams *params)
{
  guint                     n;
  const HpParamSpec *const *specs = hp_param_spec_list (&n);

  if (settings == NULL)
    return;
  for (guint i = 0; i < n; i++)
    {
      GSettingsSchemaKey *key = hp_settings_param_key (settings, specs[i]);
      const GVariantType *type;
      const char         *name;
      double              value;

      if (key == NULL)
        continue;
      type = g_settings_schema_key_get_value_type (key);
      name = g_settings_schema_key_get_name (key);
      if (g_variant_type_equal (type, G_VARIANT_TYPE_STRING))
        {
          g_autofree char *text = hp_param_to_string (specs[i], params);

          g_settings_set_string (settings, name, text);
          g_settings_schema_key_unref (key);
          continue;
        }
      value = hp_param_get_number (specs[i], params);
      if (isnan (value))
        value = 0;
      if (g_variant_type_equal (type, G_VARIANT_TYPE_INT32))
        g_settings_set_int (settings, name, (int)clamp_to_key (key, rint (CLAMP (value, G_MININT32, G_MAXINT32))));
      else if (g_variant_type_equal (type, G_VARIANT_TYPE_INT64))
        g_settings_set_int64 (settings, name, (gint64)clamp_to_key (key, rint (value)));
      else if (g_variant_type_equal (type, G_VARIANT_TYPE_DOUBLE))
        g_settings_set_double (settings, name, clamp_to_key (key, value));
      else if (g_variant_type_equal (type, G_VARIANT_TYPE_BOOLEAN))
        g_settings_set_boolean (settings, name, value != 0);
      g_settings_schema_key_unref (key);
    }
}

/**
 * hp_paths_key:
 * @paths: what a window shows: one folder, or trace files
 *
 * Two windows showing the same key show the same traces: the paths with
 * symbolic links resolved, sorted, one per line.
 *
 * Returns: (transfer full): the key
 */
char *
hp_paths_key (const char *const *paths)
{
  g_autoptr (GPtrArray) canonical = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (paths != NULL, NULL);

  for (guint i = 0; paths[i] != NULL; i++)
    {
      char *resolved = realpath (paths[i], NULL);

      if (resolved == NULL)
        resolved = g_canonicalize_filename (paths[i], NULL);
      g_ptr_array_add (canonical, resolved);
    }
  g_ptr_array_sort (canonical, compare_strings);
  g_ptr_array_add (canonical, NULL);
  return g_strjoinv ("\n", (char **)canonical->pdata);
}
