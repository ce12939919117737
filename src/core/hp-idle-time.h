/* hp-idle-time.h — GPU idle time per stream, split by cause (docs/analyses.md §2).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_IDLE_TIME_ANALYSIS "idle_time_breakdown"
#define HP_IDLE_TIME_TABLE "idle_time_breakdown"
#define HP_IDLE_TIME_STATS_TABLE "idle_time_interval_stats"

/* the columns read outside core (hp_table_column_of()) */
#define HP_IDLE_TIME_COL_RANK HP_COLUMN_ID ("rank", HP_IDLE_TIME_TABLE)
#define HP_IDLE_TIME_COL_STREAM HP_COLUMN_ID ("stream", HP_IDLE_TIME_TABLE)
#define HP_IDLE_TIME_COL_IDLE_CATEGORY HP_COLUMN_ID ("idle_category", HP_IDLE_TIME_TABLE)
#define HP_IDLE_TIME_COL_IDLE_TIME HP_COLUMN_ID ("idle_time", HP_IDLE_TIME_TABLE)
#define HP_IDLE_TIME_COL_IDLE_TIME_RATIO HP_COLUMN_ID ("idle_time_ratio", HP_IDLE_TIME_TABLE)

G_BEGIN_DECLS

/**
 * HpIdleCategory:
 * @HP_IDLE_HOST_WAIT: the kernel was launched only after the stream had
 *   gone idle: the GPU waited for the host
 * @HP_IDLE_KERNEL_WAIT: a short gap (under `consecutive_kernel_delay`)
 *   between kernels that were already queued
 * @HP_IDLE_OTHER: any other gap
 *
 * Why a GPU stream was idle before a kernel (docs/analyses.md §2, step 4).
 */
typedef enum
{
  HP_IDLE_HOST_WAIT,
  HP_IDLE_KERNEL_WAIT,
  HP_IDLE_OTHER,
  HP_N_IDLE_CATEGORIES
} HpIdleCategory;

/**
 * HpIdleInterval:
 * @start: end of the previous kernel on the stream, in ns
 * @end: start of @kernel, in ns
 * @overlap: how long @kernel overlapped the work before it on its stream, in
 *   ns (0 when it did not)
 * @kernel: event position (in the rank's columns) of the kernel after the gap
 * @category: why the stream was idle
 *
 * The gap before one kernel. In HTA-compatibility mode the gap is measured
 * from the end of the previous kernel and is negative (@end < @start) when
 * the kernels overlap, as in HTA; in the default mode it is measured from
 * the latest end of all earlier kernels and is never negative.
 */
typedef struct
{
  gint64         start;
  gint64         end;
  gint64         overlap;
  guint32        kernel;
  HpIdleCategory category;
} HpIdleInterval;

const char *hp_idle_category_to_string (HpIdleCategory category);

GArray *hp_idle_time_get_intervals (HpTrace      *trace,
                                    const HpRank *rank,
                                    gint64        device,
                                    gint64        stream,
                                    double        consecutive_kernel_delay);

GArray *hp_idle_time_get_lane_intervals (HpTrace      *trace,
                                         const HpRank *rank,
                                         guint         lane,
                                         double        consecutive_kernel_delay);

gboolean hp_idle_time_compute (HpTrace                *trace,
                               const HpAnalysisParams *params,
                               GPtrArray              *tables,
                               GCancellable           *cancellable,
                               GError                **error);

extern const HpAnalysis  hp_idle_time_analysis;
extern const HpParamSpec hp_idle_time_show_idle_interval_stats_spec;
extern const HpParamSpec hp_idle_time_consecutive_kernel_delay_spec;

G_END_DECLS
