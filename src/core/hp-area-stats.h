/* hp-area-stats.h — the events of an area of the timeline (a time range × some lanes), by name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-rank-access.h"
#include "hp-table.h"

G_BEGIN_DECLS

/**
 * HpLaneRef:
 * @rank_pos: the rank's position in the trace
 * @lane: one of its lanes
 *
 * One lane of a trace.
 */
typedef struct
{
  guint rank_pos;
  guint lane;
} HpLaneRef;

HpTable *hp_area_stats_compute (HpTrace         *trace,
                                HpTimeSpan       span,
                                const HpLaneRef *lanes,
                                guint            n_lanes,
                                GCancellable    *cancellable,
                                GError         **error);
void     hp_area_stats_compute_async (HpTrace            *trace,
                                      HpTimeSpan          span,
                                      const HpLaneRef    *lanes,
                                      guint               n_lanes,
                                      GCancellable       *cancellable,
                                      GAsyncReadyCallback callback,
                                      gpointer            user_data);
HpTable *hp_area_stats_compute_finish (GAsyncResult *result,
                                       GError      **error);

G_END_DECLS
