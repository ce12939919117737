/* hp-communication-panel.h — the Communication tab: communication time, exposed time and bandwidth by collective.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_COMMUNICATION_PANEL (hp_communication_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpCommunicationPanel, hp_communication_panel, HP, COMMUNICATION_PANEL, HpAnalysisPanel)

GtkWidget *hp_communication_panel_new (void);

G_END_DECLS
