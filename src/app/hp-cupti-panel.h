/* hp-cupti-panel.h — the Counters (CUPTI) tab: hardware counters per kernel and the ops that launched it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_CUPTI_PANEL (hp_cupti_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpCuptiPanel, hp_cupti_panel, HP, CUPTI_PANEL, HpAnalysisPanel)

GtkWidget *hp_cupti_panel_new (void);

G_END_DECLS
