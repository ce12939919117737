/* hp-overview-panel.h — the Overview tab: the trace at a glance and the main findings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_OVERVIEW_PANEL (hp_overview_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpOverviewPanel, hp_overview_panel, HP, OVERVIEW_PANEL, HpAnalysisPanel)

GtkWidget *hp_overview_panel_new (void);

G_END_DECLS
