/* hp-memory.h — allocated and reserved memory from the trace's [memory] events.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_MEMORY_ANALYSIS "memory"
#define HP_MEMORY_SUMMARY_TABLE "memory_summary"
#define HP_MEMORY_EVENTS_TABLE "memory_events_timeline"
#define HP_MEMORY_PEAK_OPS_TABLE "memory_peak_ops"

/* the columns read outside core (hp_table_column_of()) */
#define HP_MEMORY_EVENTS_COL_RANK HP_COLUMN_ID ("rank", HP_MEMORY_EVENTS_TABLE)
#define HP_MEMORY_EVENTS_COL_DEVICE HP_COLUMN_ID ("device", HP_MEMORY_EVENTS_TABLE)
#define HP_MEMORY_EVENTS_COL_TS HP_COLUMN_ID ("ts", HP_MEMORY_EVENTS_TABLE)
#define HP_MEMORY_EVENTS_COL_ALLOCATED HP_COLUMN_ID ("allocated", HP_MEMORY_EVENTS_TABLE)
#define HP_MEMORY_EVENTS_COL_RESERVED HP_COLUMN_ID ("reserved", HP_MEMORY_EVENTS_TABLE)

G_BEGIN_DECLS

gboolean hp_memory_compute (HpTrace                *trace,
                            const HpAnalysisParams *params,
                            GPtrArray              *tables,
                            GCancellable           *cancellable,
                            GError                **error);

extern const HpAnalysis hp_memory_analysis;

G_END_DECLS
