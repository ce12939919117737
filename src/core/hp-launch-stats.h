/* hp-launch-stats.h — CUDA kernel launch statistics (docs/analyses.md §6).
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
#define HP_LAUNCH_STATS_ANALYSIS "cuda_kernel_launch_stats"
#define HP_LAUNCH_STATS_TABLE "cuda_kernel_launch_stats"
#define HP_LAUNCH_STATS_SUMMARY_TABLE "cuda_kernel_launch_stats_summary"

G_BEGIN_DECLS

gboolean hp_launch_stats_compute (HpTrace                *trace,
                                  const HpAnalysisParams *params,
                                  GPtrArray              *tables,
                                  GCancellable           *cancellable,
                                  GError                **error);

HpTable *hp_launch_stats_short_gpu_kernels (HpTable *stats,
                                            double   runtime_cutoff);
HpTable *hp_launch_stats_runtime_outliers (HpTable *stats,
                                           double   runtime_cutoff);
HpTable *hp_launch_stats_launch_delay_outliers (HpTable *stats,
                                                double   launch_delay_cutoff);

extern const HpAnalysis hp_launch_stats_analysis;

G_END_DECLS
