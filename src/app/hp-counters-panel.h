/* hp-counters-panel.h — the Counters tab: queue length and memory bandwidth.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_COUNTERS_PANEL (hp_counters_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpCountersPanel, hp_counters_panel, HP, COUNTERS_PANEL, HpAnalysisPanel)

GtkWidget *hp_counters_panel_new (void);

G_END_DECLS
