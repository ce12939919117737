/* hp-launches-panel.h — the Launches tab: CUDA kernel launch statistics.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_LAUNCHES_PANEL (hp_launches_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpLaunchesPanel, hp_launches_panel, HP, LAUNCHES_PANEL, HpAnalysisPanel)

GtkWidget  *hp_launches_panel_new (void);
const char *hp_launches_panel_get_summary (HpLaunchesPanel *self);

G_END_DECLS
