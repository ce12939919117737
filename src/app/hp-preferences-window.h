/* hp-preferences-window.h — the preferences: loading rules and analysis defaults.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "hp-core.h"

G_BEGIN_DECLS

GtkWindow *hp_preferences_window_new (GtkWindow *parent,
                                      GSettings *settings);
GtkWindow *hp_about_window_new (GtkWindow *parent);
guint      hp_preferences_page_add_analyses (AdwPreferencesPage      *page,
                                             GSettings               *settings,
                                             const HpAnalysis *const *analyses,
                                             guint                    n_analyses);

G_END_DECLS
