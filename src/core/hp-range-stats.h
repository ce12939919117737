/* hp-range-stats.h — what ran in a time range: busy time per lane, GPU time by class, top kernels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-rank-access.h"

G_BEGIN_DECLS

/**
 * HpLaneBusy:
 * @rank_pos: the rank's position in the trace
 * @lane: the lane
 * @busy: ns of the range in which the lane ran something
 */
typedef struct
{
  guint  rank_pos;
  guint  lane;
  gint64 busy;
} HpLaneBusy;

/**
 * HpKernelTime:
 * @name: string id of the kernel's name
 * @total: ns of its instances inside the range
 * @count: how many instances share time with the range
 */
typedef struct
{
  guint32 name;
  gint64  total;
  guint   count;
} HpKernelTime;

/**
 * HpRangeStats:
 * @span: the range
 * @lanes: (element-type HpLaneBusy): the lanes busy in the range, by rank
 *   position then lane
 * @class_time: GPU time in the range per #HpKernelClass
 * @gpu_time: their sum: the GPU time of the range, streams added up
 * @kernels: (element-type HpKernelTime): GPU activity by name, the most
 *   time first (ties by name id)
 *
 * Everything is clipped to @span: an event that began before it counts
 * from its start. Only the events on the lanes' rows count.
 */
typedef struct
{
  HpTimeSpan span;
  GArray    *lanes;
  gint64     class_time[HP_N_KERNEL_CLASSES];
  gint64     gpu_time;
  GArray    *kernels;
} HpRangeStats;

HpRangeStats *hp_range_stats_compute (HpTrace        *trace,
                                      HpTimeSpan      span,
                                      const gboolean *ranks,
                                      GCancellable   *cancellable,
                                      GError        **error);
void          hp_range_stats_free (HpRangeStats *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpRangeStats, hp_range_stats_free)

G_END_DECLS
