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

/* the columns read outside core (hp_table_column_of()) */
#define HP_LAUNCH_STATS_COL_RANK HP_COLUMN_ID ("rank", HP_LAUNCH_STATS_TABLE)
#define HP_LAUNCH_STATS_COL_CPU_DURATION HP_COLUMN_ID ("cpu_duration", HP_LAUNCH_STATS_TABLE)
#define HP_LAUNCH_STATS_COL_GPU_DURATION HP_COLUMN_ID ("gpu_duration", HP_LAUNCH_STATS_TABLE)
#define HP_LAUNCH_STATS_COL_LAUNCH_DELAY HP_COLUMN_ID ("launch_delay", HP_LAUNCH_STATS_TABLE)
#define HP_LAUNCH_STATS_SUMMARY_COL_RANK HP_COLUMN_ID ("rank", HP_LAUNCH_STATS_SUMMARY_TABLE)
#define HP_LAUNCH_STATS_SUMMARY_COL_RUNTIME_CUTOFF HP_COLUMN_ID ("runtime_cutoff", HP_LAUNCH_STATS_SUMMARY_TABLE)
#define HP_LAUNCH_STATS_SUMMARY_COL_LAUNCH_DELAY_CUTOFF HP_COLUMN_ID ("launch_delay_cutoff", HP_LAUNCH_STATS_SUMMARY_TABLE)
#define HP_LAUNCH_STATS_SUMMARY_COL_SHORT_GPU_KERNELS HP_COLUMN_ID ("short_gpu_kernels", HP_LAUNCH_STATS_SUMMARY_TABLE)
#define HP_LAUNCH_STATS_SUMMARY_COL_RUNTIME_OUTLIERS HP_COLUMN_ID ("runtime_outliers", HP_LAUNCH_STATS_SUMMARY_TABLE)
#define HP_LAUNCH_STATS_SUMMARY_COL_LAUNCH_DELAY_OUTLIERS HP_COLUMN_ID ("launch_delay_outliers", HP_LAUNCH_STATS_SUMMARY_TABLE)

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

extern const HpAnalysis  hp_launch_stats_analysis;
extern const HpParamSpec hp_launch_stats_runtime_cutoff_spec;
extern const HpParamSpec hp_launch_stats_launch_delay_cutoff_spec;
extern const HpParamSpec hp_launch_stats_include_memory_events_spec;

G_END_DECLS
