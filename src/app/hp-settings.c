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

static int
clamp_setting (double value)
{
  if (isnan (value) || value < 0)
    return 0;
  return (int)MIN (rint (value), 1e9);
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
 * hp_settings_load_params:
 *
 * Replaces the analysis defaults of @params by those kept in @settings.
 */
void
hp_settings_load_params (GSettings        *settings,
                         HpAnalysisParams *params)
{
  if (settings == NULL)
    return;
  params->num_kernels = g_settings_get_int (settings, "num-kernels");
  params->duration_ratio = g_settings_get_double (settings, "duration-ratio");
  params->runtime_cutoff = g_settings_get_int (settings, "runtime-cutoff");
  params->launch_delay_cutoff = g_settings_get_int (settings, "launch-delay-cutoff");
  params->consecutive_kernel_delay = g_settings_get_int (settings, "consecutive-kernel-delay");
}

void
hp_settings_save_params (GSettings              *settings,
                         const HpAnalysisParams *params)
{
  if (settings == NULL)
    return;
  g_settings_set_int (settings, "num-kernels", CLAMP (params->num_kernels, 1, 1000000));
  g_settings_set_double (settings, "duration-ratio", CLAMP (params->duration_ratio, 0.0, 1.0));
  g_settings_set_int (settings, "runtime-cutoff", clamp_setting (params->runtime_cutoff));
  g_settings_set_int (settings, "launch-delay-cutoff", clamp_setting (params->launch_delay_cutoff));
  g_settings_set_int (settings, "consecutive-kernel-delay",
                      clamp_setting (params->consecutive_kernel_delay));
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
