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

G_BEGIN_DECLS

gboolean hp_memory_compute (HpTrace                *trace,
                            const HpAnalysisParams *params,
                            GPtrArray              *tables,
                            GCancellable           *cancellable,
                            GError                **error);

extern const HpAnalysis hp_memory_analysis;

G_END_DECLS
