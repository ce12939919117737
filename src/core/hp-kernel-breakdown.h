/* hp-kernel-breakdown.h — GPU time by kernel type and per-kernel statistics (docs/analyses.md §3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_KERNEL_BREAKDOWN_ANALYSIS "gpu_kernel_breakdown"
#define HP_KERNEL_BREAKDOWN_TYPE_TABLE "gpu_kernel_breakdown_kernel_type"
#define HP_KERNEL_BREAKDOWN_KERNELS_TABLE "gpu_kernel_breakdown_kernels"

/* the columns read outside core (hp_table_column_of()) */
#define HP_KERNEL_TYPE_COL_KERNEL_TYPE HP_COLUMN_ID ("kernel_type", HP_KERNEL_BREAKDOWN_TYPE_TABLE)
#define HP_KERNEL_TYPE_COL_PERCENTAGE HP_COLUMN_ID ("percentage", HP_KERNEL_BREAKDOWN_TYPE_TABLE)
#define HP_KERNELS_COL_KERNEL_TYPE HP_COLUMN_ID ("kernel_type", HP_KERNEL_BREAKDOWN_KERNELS_TABLE)
#define HP_KERNELS_COL_NAME HP_COLUMN_ID ("name", HP_KERNEL_BREAKDOWN_KERNELS_TABLE)
#define HP_KERNELS_COL_RANK HP_COLUMN_ID ("rank", HP_KERNEL_BREAKDOWN_KERNELS_TABLE)
#define HP_KERNELS_COL_SUM_US HP_COLUMN_ID ("sum (us)", HP_KERNEL_BREAKDOWN_KERNELS_TABLE)
#define HP_KERNELS_COL_MEAN_US HP_COLUMN_ID ("mean (us)", HP_KERNEL_BREAKDOWN_KERNELS_TABLE)
#define HP_KERNELS_COL_MIN_US HP_COLUMN_ID ("min (us)", HP_KERNEL_BREAKDOWN_KERNELS_TABLE)
#define HP_KERNELS_COL_MAX_US HP_COLUMN_ID ("max (us)", HP_KERNEL_BREAKDOWN_KERNELS_TABLE)

G_BEGIN_DECLS

gboolean hp_kernel_breakdown_compute (HpTrace                *trace,
                                      const HpAnalysisParams *params,
                                      GPtrArray              *tables,
                                      GCancellable           *cancellable,
                                      GError                **error);
HpTable *hp_kernel_breakdown_duration_distribution (HpTable *kernels);

extern const HpAnalysis  hp_kernel_breakdown_analysis;
extern const HpParamSpec hp_kernel_breakdown_num_kernels_spec;
extern const HpParamSpec hp_kernel_breakdown_duration_ratio_spec;
extern const HpParamSpec hp_kernel_breakdown_include_memory_kernels_spec;

G_END_DECLS
