/* hp-temporal-breakdown.h — GPU idle, compute and non-compute time per rank (docs/analyses.md §1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_TEMPORAL_BREAKDOWN_ANALYSIS "temporal_breakdown"
#define HP_TEMPORAL_BREAKDOWN_TABLE "temporal_breakdown"

/* the columns read outside core (hp_table_column_of()) */
#define HP_TEMPORAL_BREAKDOWN_COL_RANK HP_COLUMN_ID ("rank", HP_TEMPORAL_BREAKDOWN_TABLE)
#define HP_TEMPORAL_BREAKDOWN_COL_DEVICE HP_COLUMN_ID ("device", HP_TEMPORAL_BREAKDOWN_TABLE)
#define HP_TEMPORAL_BREAKDOWN_COL_IDLE_TIME_PCTG HP_COLUMN_ID ("idle_time_pctg", HP_TEMPORAL_BREAKDOWN_TABLE)
#define HP_TEMPORAL_BREAKDOWN_COL_COMPUTE_TIME_PCTG HP_COLUMN_ID ("compute_time_pctg", HP_TEMPORAL_BREAKDOWN_TABLE)
#define HP_TEMPORAL_BREAKDOWN_COL_NON_COMPUTE_TIME_PCTG HP_COLUMN_ID ("non_compute_time_pctg", HP_TEMPORAL_BREAKDOWN_TABLE)

G_BEGIN_DECLS

gboolean hp_temporal_breakdown_compute (HpTrace                *trace,
                                        const HpAnalysisParams *params,
                                        GPtrArray              *tables,
                                        GCancellable           *cancellable,
                                        GError                **error);

extern const HpAnalysis hp_temporal_breakdown_analysis;

G_END_DECLS
