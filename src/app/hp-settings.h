/* hp-settings.h — the app's GSettings: recent folders and analysis defaults.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "hp-core.h"

G_BEGIN_DECLS

#define HP_RECENT_MAX 10

GSettings          *hp_settings_new (void);
char              **hp_recent_prepend (const char *const *list,
                                       const char        *uri,
                                       guint              max_items);
void                hp_settings_add_recent (GSettings  *settings,
                                            const char *uri);
GSettingsSchemaKey *hp_settings_param_key (GSettings         *settings,
                                           const HpParamSpec *spec);
void                hp_settings_load_param (GSettings         *settings,
                                            const HpParamSpec *spec,
                                            HpAnalysisParams  *params);
void                hp_settings_load_params (GSettings        *settings,
                                             HpAnalysisParams *params);
void                hp_settings_save_params (GSettings              *settings,
                                             const HpAnalysisParams *params);
char               *hp_paths_key (const char *const *paths);

G_END_DECLS
