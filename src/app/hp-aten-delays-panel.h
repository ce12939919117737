/* hp-aten-delays-panel.h — the ATen delays tab: launch delays of ATen ops and their kernels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_ATEN_DELAYS_PANEL (hp_aten_delays_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpAtenDelaysPanel, hp_aten_delays_panel, HP, ATEN_DELAYS_PANEL, HpAnalysisPanel)

GtkWidget *hp_aten_delays_panel_new (void);

G_END_DECLS
