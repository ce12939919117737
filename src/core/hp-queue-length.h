/* hp-queue-length.h — GPU queue length per stream and time blocked on a full queue (docs/analyses.md §8.1).
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
#define HP_QUEUE_LENGTH_ANALYSIS "queue_length"
#define HP_QUEUE_LENGTH_SERIES_TABLE "queue_length_time_series"
#define HP_QUEUE_LENGTH_SUMMARY_TABLE "queue_length_summary"
#define HP_QUEUE_LENGTH_BLOCKED_TABLE "queue_full_blocked_default"
#define HP_QUEUE_LENGTH_BLOCKED_AT_MAX_TABLE "queue_full_blocked_at_observed_max"

/* the columns read outside core (hp_table_column_of()) */
#define HP_QUEUE_LENGTH_SERIES_COL_RANK HP_COLUMN_ID ("rank", HP_QUEUE_LENGTH_SERIES_TABLE)
#define HP_QUEUE_LENGTH_SERIES_COL_TS HP_COLUMN_ID ("ts", HP_QUEUE_LENGTH_SERIES_TABLE)
#define HP_QUEUE_LENGTH_SERIES_COL_STREAM HP_COLUMN_ID ("stream", HP_QUEUE_LENGTH_SERIES_TABLE)
#define HP_QUEUE_LENGTH_SERIES_COL_QUEUE_LENGTH HP_COLUMN_ID ("queue_length", HP_QUEUE_LENGTH_SERIES_TABLE)

G_BEGIN_DECLS

/**
 * HpQueuePoint:
 * @ts: when the queue changed, ns, aligned to the job's first event
 * @pid: the GPU (device) of the stream
 * @tid: the thread of the GPU event
 * @stream: the stream
 * @queue_length: operations launched on @stream and not yet started, after
 *   this point
 * @event: the event position (in the rank) of the launch or GPU event
 * @delta: +1 for a launch, −1 for the start of GPU work
 *
 * One point of the queue-length step function.
 */
typedef struct
{
  gint64  ts;
  gint64  pid;
  gint64  tid;
  gint64  stream;
  gint64  queue_length;
  guint32 event;
  gint32  delta;
} HpQueuePoint;

GArray *hp_queue_length_series (HpTrace      *trace,
                                const HpRank *rank,
                                GCancellable *cancellable,
                                GError      **error);

HpTable *hp_queue_length_blocked (HpTrace                *trace,
                                  const HpAnalysisParams *params,
                                  gint64                  max_queue_length,
                                  GCancellable           *cancellable,
                                  GError                **error);
HpTable *hp_queue_length_blocked_at_observed_max (HpTrace                *trace,
                                                  const HpAnalysisParams *params,
                                                  GCancellable           *cancellable,
                                                  GError                **error);

gboolean hp_queue_length_compute (HpTrace                *trace,
                                  const HpAnalysisParams *params,
                                  GPtrArray              *tables,
                                  GCancellable           *cancellable,
                                  GError                **error);

extern const HpAnalysis  hp_queue_length_analysis;
extern const HpParamSpec hp_queue_length_max_queue_length_spec;

G_END_DECLS
