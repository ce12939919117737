/* hp-path-overlay.h — the Timeline's critical-path overlay: the paths of the chosen step, and stepping along them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-charts.h"
#include "hp-core.h"

G_BEGIN_DECLS

guint           hp_path_overlay_add (HpTimelinePainter      *painter,
                                     HpTrace                *trace,
                                     const HpAnalysisParams *params,
                                     GPtrArray             **paths,
                                     GError                **error);
HpCriticalPath *hp_path_overlay_find (GPtrArray    *paths,
                                      const HpRank *rank);
gboolean        hp_path_overlay_step (GPtrArray *paths,
                                      int        direction,
                                      int       *rank,
                                      gint64    *event);

G_END_DECLS
