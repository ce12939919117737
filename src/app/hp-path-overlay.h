/* hp-path-overlay.h — the Timeline's critical-path overlay: the paths of the chosen step, and stepping along them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-charts.h"
#include "hp-core.h"

G_BEGIN_DECLS

typedef struct _HpPathOverlay HpPathOverlay;

HpPathOverlay  *hp_path_overlay_compute (HpTrace                *trace,
                                         const HpAnalysisParams *params,
                                         GCancellable           *cancellable,
                                         GError                **error);
void            hp_path_overlay_free (HpPathOverlay *overlay);
GPtrArray      *hp_path_overlay_get_paths (HpPathOverlay *overlay);
guint           hp_path_overlay_install (HpTimelinePainter *painter,
                                         HpPathOverlay     *overlay);
HpCriticalPath *hp_path_overlay_find (GPtrArray    *paths,
                                      const HpRank *rank);
gboolean        hp_path_overlay_step (GPtrArray *paths,
                                      int        direction,
                                      int       *rank,
                                      gint64    *event);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpPathOverlay, hp_path_overlay_free)

G_END_DECLS
