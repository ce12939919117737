/* hp-kernels-panel.h — the Kernels tab: kernel types and the top kernels of each rank.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_KERNELS_PANEL (hp_kernels_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpKernelsPanel, hp_kernels_panel, HP, KERNELS_PANEL, HpAnalysisPanel)

GtkWidget *hp_kernels_panel_new (void);

G_END_DECLS
