/* hp-application.h — the Hotpath application: windows, app actions and opening files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "hp-window.h"

G_BEGIN_DECLS

#define HP_TYPE_APPLICATION (hp_application_get_type ())

G_DECLARE_FINAL_TYPE (HpApplication, hp_application, HP, APPLICATION, AdwApplication)

HpApplication *hp_application_new (void);
HpWindow      *hp_application_find_window (HpApplication *self,
                                           const char    *key);
void           hp_application_open_files (HpApplication *self,
                                          GFile        **files,
                                          guint          n_files,
                                          HpWindow      *hint);

G_END_DECLS
