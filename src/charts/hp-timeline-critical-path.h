/* hp-timeline-critical-path.h — the critical path as a timeline overlay: its events outlined, the rest dimmed, its edges as arrows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-critical-path.h"
#include "hp-timeline-painter.h"

G_BEGIN_DECLS

guint hp_timeline_add_critical_path (HpTimelinePainter *painter,
                                     HpCriticalPath    *path,
                                     guint              rank_pos);

G_END_DECLS
