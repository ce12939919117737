/* hp-gpu-activity-private.h — a rank's GPU activities, per device, as the breakdowns read them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis.h"
#include "hp-intervals.h"
#include "hp-rank.h"

G_BEGIN_DECLS

/* the classes of _hp_gpu_activities_collect() */
#define HP_GPU_CLASS(kclass) (1u << (kclass))
#define HP_GPU_ALL_CLASSES ((1u << HP_N_KERNEL_CLASSES) - 1)

/**
 * HpGpuActivity:
 * @device: the GPU (the event's pid), or 0 when the devices of a rank are
 *   taken together
 * @start: ns
 * @end: ns, as hp_rank_end() gives it
 * @event: the event's position in the rank
 * @kclass: its #HpKernelClass
 *
 * One GPU event (a G1 row) reduced to what the breakdowns need.
 */
typedef struct
{
  gint64  device;
  gint64  start;
  gint64  end;
  guint32 event;
  guint8  kclass;
} HpGpuActivity;

/**
 * HpGpuActivities:
 * @items: the activities of the last collected rank
 * @n: their number
 *
 * A reusable buffer of GPU activities, with interval scratch buffers of
 * the same size, grown to the largest rank seen.
 */
typedef struct
{
  HpGpuActivity *items;
  gsize          n;

  /*< private >*/
  gsize       capacity;
  HpInterval *intervals[3];
  gsize       intervals_capacity[3];
} HpGpuActivities;

/**
 * HpGpuDeviceFunc:
 * @rank: the rank
 * @device: (nullable): the device, or %NULL when @rank has no activity of
 *   the classes asked for (then @n is 0)
 * @acts: (array length=n): the activities of that device (of the rank in
 *   HTA-compatibility mode), in time order when there are several devices
 * @n: their number
 * @scratch: three buffers with room for @n intervals each
 * @user_data: the data passed on
 *
 * Called by _hp_gpu_activities_foreach_device().
 */
typedef void (*HpGpuDeviceFunc) (const HpRank        *rank,
                                 const gint64        *device,
                                 const HpGpuActivity *acts,
                                 gsize                n,
                                 HpInterval         **scratch,
                                 gpointer             user_data);

gboolean    _hp_gpu_activities_foreach_device (HpTrace                *trace,
                                               const HpAnalysisParams *params,
                                               guint                   classes,
                                               HpGpuDeviceFunc         func,
                                               gpointer                user_data,
                                               GCancellable           *cancellable,
                                               GError                **error);
void        _hp_gpu_set_device_cell (HpTable      *table,
                                     guint         row,
                                     guint         column,
                                     const gint64 *device);
gboolean    _hp_gpu_activities_collect (HpGpuActivities *self,
                                        const HpRank    *rank,
                                        guint            classes,
                                        gboolean         per_device,
                                        GCancellable    *cancellable,
                                        GError         **error);
void        _hp_gpu_activities_group_by_device (HpGpuActivities *self);
gsize       _hp_gpu_activities_device_end (const HpGpuActivities *self,
                                           gsize                  first);
HpInterval *_hp_gpu_activities_scratch (HpGpuActivities *self,
                                        guint            which);
void        _hp_gpu_activities_clear (HpGpuActivities *self);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (HpGpuActivities, _hp_gpu_activities_clear)

G_END_DECLS
