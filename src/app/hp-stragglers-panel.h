/* hp-stragglers-panel.h — the Stragglers tab: late ranks and the collectives they hold up.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_STRAGGLERS_PANEL (hp_stragglers_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpStragglersPanel, hp_stragglers_panel, HP, STRAGGLERS_PANEL, HpAnalysisPanel)

GtkWidget *hp_stragglers_panel_new (void);
gboolean   hp_stragglers_panel_select_cell (HpStragglersPanel *self,
                                            int                rank,
                                            gint64             collective);
char     **hp_stragglers_panel_get_answers (HpStragglersPanel *self);

G_END_DECLS
