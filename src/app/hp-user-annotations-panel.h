/* hp-user-annotations-panel.h — the User annotations tab: time per user annotation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis-panel.h"

G_BEGIN_DECLS

#define HP_TYPE_USER_ANNOTATIONS_PANEL (hp_user_annotations_panel_get_type ())

G_DECLARE_FINAL_TYPE (HpUserAnnotationsPanel, hp_user_annotations_panel, HP, USER_ANNOTATIONS_PANEL, HpAnalysisPanel)

GtkWidget *hp_user_annotations_panel_new (void);

G_END_DECLS
