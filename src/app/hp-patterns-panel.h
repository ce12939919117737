/* hp-patterns-panel.h — the Patterns tab: frequent CUDA kernel sequences of an operator.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_PATTERNS_PANEL (hp_patterns_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpPatternsPanel, hp_patterns_panel, HP, PATTERNS_PANEL, HpAnalysisPanel)

GtkWidget *hp_patterns_panel_new (void);
void       hp_patterns_panel_set_operator (HpPatternsPanel *self,
                                           const char      *operator_name);
HpTable   *hp_patterns_panel_get_table (HpPatternsPanel *self);

G_END_DECLS
