/* hp-overlap-panel.h — the Overlap tab: how much communication overlaps computation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_OVERLAP_PANEL (hp_overlap_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpOverlapPanel, hp_overlap_panel, HP, OVERLAP_PANEL, HpAnalysisPanel)

GtkWidget *hp_overlap_panel_new (void);

G_END_DECLS
