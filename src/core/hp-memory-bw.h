/* hp-memory-bw.h — memory bandwidth in flight per memcpy/memset sub-type (docs/analyses.md §8.2).
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
#define HP_MEMORY_BW_ANALYSIS "memory_bw"
#define HP_MEMORY_BW_SERIES_TABLE "memory_bw_time_series"
#define HP_MEMORY_BW_SUMMARY_TABLE "memory_bw_summary"

/* the columns read outside core (hp_table_column_of()) */
#define HP_MEMORY_BW_SERIES_COL_RANK HP_COLUMN_ID ("rank", HP_MEMORY_BW_SERIES_TABLE)
#define HP_MEMORY_BW_SERIES_COL_TS HP_COLUMN_ID ("ts", HP_MEMORY_BW_SERIES_TABLE)
#define HP_MEMORY_BW_SERIES_COL_NAME HP_COLUMN_ID ("name", HP_MEMORY_BW_SERIES_TABLE)
#define HP_MEMORY_BW_SERIES_COL_MEMORY_BW_GBPS HP_COLUMN_ID ("memory_bw_gbps", HP_MEMORY_BW_SERIES_TABLE)

G_BEGIN_DECLS

/**
 * HpMemoryBwPoint:
 * @ts: ns, aligned to the job's first event
 * @pid: the device of the memory event
 * @name: the sub-type, an index into #HpMemoryBwSeries.names
 * @memory_bw_gbps: the bandwidth of this sub-type in flight after the point
 * @event: the memory event (its position in the rank) starting or ending here
 * @start: %TRUE at the event's start, %FALSE at its end
 */
typedef struct
{
  gint64   ts;
  gint64   pid;
  guint    name;
  double   memory_bw_gbps;
  guint32  event;
  gboolean start;
} HpMemoryBwPoint;

/**
 * HpMemoryBwSeries:
 * @names: (element-type utf8): the sub-types ("Memcpy DtoH", "Memset", …),
 *   ascending
 * @points: (element-type HpMemoryBwPoint): grouped by sub-type in the order
 *   of @names, each sub-type in time order
 */
typedef struct
{
  GPtrArray *names;
  GArray    *points;
} HpMemoryBwSeries;

void              hp_memory_bw_series_free (HpMemoryBwSeries *series);
HpMemoryBwSeries *hp_memory_bw_series (HpTrace      *trace,
                                       const HpRank *rank,
                                       GCancellable *cancellable,
                                       GError      **error);

gboolean hp_memory_bw_compute (HpTrace                *trace,
                               const HpAnalysisParams *params,
                               GPtrArray              *tables,
                               GCancellable           *cancellable,
                               GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpMemoryBwSeries, hp_memory_bw_series_free)

extern const HpAnalysis hp_memory_bw_analysis;

G_END_DECLS
