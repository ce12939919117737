/* hp-loaded-runs.h — the runs this process holds loaded.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-core.h"

G_BEGIN_DECLS

void   hp_loaded_runs_add (HpRun *run);
HpRun *hp_loaded_runs_find (const char *const *paths,
                            HpMode             mode,
                            gboolean           include_last_step);
guint  hp_loaded_runs_get_n (void);

G_END_DECLS
