/* hp-aten-op-delay.h — ATen-op → kernel launch delays (docs/analyses.md §7).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"
#include "hp-table.h"
#include "hp-trace.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_ATEN_OP_DELAY_ANALYSIS "aten_op_kernels_and_delay"
#define HP_ATEN_OP_DELAY_TABLE "aten_op_kernels_and_delay"

/* the columns read outside core (hp_table_column_of()) */
#define HP_ATEN_OP_DELAY_COL_RANK HP_COLUMN_ID ("rank", HP_ATEN_OP_DELAY_TABLE)
#define HP_ATEN_OP_DELAY_COL_ATEN_OP_NAME HP_COLUMN_ID ("aten_op_name", HP_ATEN_OP_DELAY_TABLE)
#define HP_ATEN_OP_DELAY_COL_OCCURRENCE_COUNT HP_COLUMN_ID ("occurrence_count", HP_ATEN_OP_DELAY_TABLE)
#define HP_ATEN_OP_DELAY_COL_AVG_ATEN_OP_LAUNCH_DELAY HP_COLUMN_ID ("avg_aten_op_launch_delay", HP_ATEN_OP_DELAY_TABLE)

G_BEGIN_DECLS

gboolean hp_aten_op_delay_compute (HpTrace                *trace,
                                   const HpAnalysisParams *params,
                                   GPtrArray              *tables,
                                   GCancellable           *cancellable,
                                   GError                **error);

extern const HpAnalysis hp_aten_op_delay_analysis;

G_END_DECLS
