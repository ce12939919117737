/* hp-stragglers.h — profiler steps and potential straggler ranks (docs/analyses.md §14).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_STRAGGLERS_ANALYSIS "stragglers"
#define HP_STRAGGLERS_TABLE "potential_stragglers"
#define HP_STRAGGLERS_METRIC_TABLE "straggler_metric"
#define HP_STRAGGLERS_STEPS_TABLE "profiler_steps"

/* the columns read outside core (hp_table_column_of()) */
#define HP_STRAGGLERS_METRIC_COL_RANK HP_COLUMN_ID ("rank", HP_STRAGGLERS_METRIC_TABLE)
#define HP_STRAGGLERS_METRIC_COL_ITERATION HP_COLUMN_ID ("iteration", HP_STRAGGLERS_METRIC_TABLE)
#define HP_STRAGGLERS_METRIC_COL_NORMALIZED_START_TIME HP_COLUMN_ID ("normalized_start_time", HP_STRAGGLERS_METRIC_TABLE)
#define HP_STRAGGLERS_METRIC_COL_IS_STRAGGLER HP_COLUMN_ID ("is_straggler", HP_STRAGGLERS_METRIC_TABLE)

G_BEGIN_DECLS

GArray  *hp_profiler_steps (HpTrace                *trace,
                            const HpAnalysisParams *params,
                            GError                **error);
gboolean hp_stragglers_compute (HpTrace                *trace,
                                const HpAnalysisParams *params,
                                GPtrArray              *tables,
                                GCancellable           *cancellable,
                                GError                **error);

extern const HpAnalysis  hp_stragglers_analysis;
extern const HpParamSpec hp_stragglers_steps_spec;
extern const HpParamSpec hp_stragglers_num_candidates_spec;

G_END_DECLS
