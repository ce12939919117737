/* hp-comm-comp-overlap.h — share of communication time overlapped by computation (docs/analyses.md §5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_COMM_COMP_OVERLAP_ANALYSIS "comm_comp_overlap"
#define HP_COMM_COMP_OVERLAP_TABLE "comm_comp_overlap"

/* the columns read outside core (hp_table_column_of()) */
#define HP_COMM_COMP_OVERLAP_COL_RANK HP_COLUMN_ID ("rank", HP_COMM_COMP_OVERLAP_TABLE)
#define HP_COMM_COMP_OVERLAP_COL_DEVICE HP_COLUMN_ID ("device", HP_COMM_COMP_OVERLAP_TABLE)
#define HP_COMM_COMP_OVERLAP_COL_COMP_COMM_OVERLAP_PCTG HP_COLUMN_ID ("comp_comm_overlap_pctg", HP_COMM_COMP_OVERLAP_TABLE)

G_BEGIN_DECLS

gboolean hp_comm_comp_overlap_compute (HpTrace                *trace,
                                       const HpAnalysisParams *params,
                                       GPtrArray              *tables,
                                       GCancellable           *cancellable,
                                       GError                **error);

extern const HpAnalysis hp_comm_comp_overlap_analysis;

G_END_DECLS
