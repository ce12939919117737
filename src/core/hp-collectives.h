/* hp-collectives.h — each collective matched across ranks: start skew, late rank, waits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_COLLECTIVES_ANALYSIS "collectives"
#define HP_COLLECTIVES_TABLE "collectives"
#define HP_COLLECTIVES_WAITS_TABLE "collective_waits"
#define HP_COLLECTIVES_SIZES_TABLE "collective_sizes"

/* the columns read outside core (hp_table_column_of()) */
#define HP_COLLECTIVE_WAITS_COL_INDEX HP_COLUMN_ID ("index", HP_COLLECTIVES_WAITS_TABLE)
#define HP_COLLECTIVE_WAITS_COL_RANK HP_COLUMN_ID ("rank", HP_COLLECTIVES_WAITS_TABLE)
#define HP_COLLECTIVE_WAITS_COL_LATE_BY_US HP_COLUMN_ID ("late_by(us)", HP_COLLECTIVES_WAITS_TABLE)
#define HP_COLLECTIVE_SIZES_COL_RANK HP_COLUMN_ID ("rank", HP_COLLECTIVES_SIZES_TABLE)
#define HP_COLLECTIVE_SIZES_COL_COLLECTIVE HP_COLUMN_ID ("collective", HP_COLLECTIVES_SIZES_TABLE)
#define HP_COLLECTIVE_SIZES_COL_MSG_BYTES HP_COLUMN_ID ("msg_bytes", HP_COLLECTIVES_SIZES_TABLE)
#define HP_COLLECTIVE_SIZES_COL_BUSBW_P10 HP_COLUMN_ID ("busbw_p10(GB/s)", HP_COLLECTIVES_SIZES_TABLE)
#define HP_COLLECTIVE_SIZES_COL_BUSBW_P50 HP_COLUMN_ID ("busbw_p50(GB/s)", HP_COLLECTIVES_SIZES_TABLE)
#define HP_COLLECTIVE_SIZES_COL_BUSBW_P90 HP_COLUMN_ID ("busbw_p90(GB/s)", HP_COLLECTIVES_SIZES_TABLE)
#define HP_COLLECTIVE_SIZES_COL_LINK_PEAK HP_COLUMN_ID ("link_peak(GB/s)", HP_COLLECTIVES_SIZES_TABLE)

G_BEGIN_DECLS

gboolean hp_collectives_compute (HpTrace                *trace,
                                 const HpAnalysisParams *params,
                                 GPtrArray              *tables,
                                 GCancellable           *cancellable,
                                 GError                **error);

struct _HpLinkedEvents *hp_linked_events_for_collective (HpTrace *trace,
                                                         HpTable *waits,
                                                         gint64   index,
                                                         int      focus_rank);
struct _HpLinkedEvents *hp_linked_events_for_collective_row (HpTrace                *trace,
                                                             HpTable                *table,
                                                             guint                   row,
                                                             const HpAnalysisParams *params);

extern const HpAnalysis hp_collectives_analysis;

G_END_DECLS
