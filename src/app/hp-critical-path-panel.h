/* hp-critical-path-panel.h — the Critical path tab: the chain of work that set a step's length.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_CRITICAL_PATH_PANEL (hp_critical_path_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpCriticalPathPanel, hp_critical_path_panel, HP, CRITICAL_PATH_PANEL, HpAnalysisPanel)

GtkWidget  *hp_critical_path_panel_new (void);
const char *hp_critical_path_panel_get_finding (HpCriticalPathPanel *self);

G_END_DECLS
