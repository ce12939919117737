/* hp-timeline-critical-path.h — the critical path as a timeline overlay: its events outlined, the rest dimmed, its edges as arrows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include "hp-core.h"
#include "hp-timeline-painter.h"

G_BEGIN_DECLS

guint hp_timeline_add_critical_paths (HpTimelinePainter *painter,
                                      GPtrArray         *paths,
                                      GArray            *rank_pos,
                                      GArray            *cross);
guint hp_timeline_add_critical_path (HpTimelinePainter *painter,
                                     HpCriticalPath    *path,
                                     guint              rank_pos);

G_END_DECLS
