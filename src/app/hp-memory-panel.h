/* hp-memory-panel.h — the Memory tab: memory per device, its peak and the ops holding it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_MEMORY_PANEL (hp_memory_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpMemoryPanel, hp_memory_panel, HP, MEMORY_PANEL, HpAnalysisPanel)

GtkWidget *hp_memory_panel_new (void);

G_END_DECLS
