/* hp-cupti-counters.h — CUPTI range-profiler counters with their operators (docs/analyses.md §11).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_CUPTI_COUNTERS_ANALYSIS "cupti_counters"
#define HP_CUPTI_COUNTERS_TABLE "cupti_counter_data_with_operators"

G_BEGIN_DECLS

gboolean hp_cupti_counters_compute (HpTrace                *trace,
                                    const HpAnalysisParams *params,
                                    GPtrArray              *tables,
                                    GCancellable           *cancellable,
                                    GError                **error);

extern const HpAnalysis hp_cupti_counters_analysis;

G_END_DECLS
