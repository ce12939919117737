/* hp-idle-time-panel.h — the Idle time tab: why each GPU stream waits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_IDLE_TIME_PANEL (hp_idle_time_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpIdleTimePanel, hp_idle_time_panel, HP, IDLE_TIME_PANEL, HpAnalysisPanel)

GtkWidget *hp_idle_time_panel_new (void);

G_END_DECLS
