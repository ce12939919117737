/* hp-job-info.h — what a job says about itself: its ranks, the ranks it lacks, its GPUs and its profiler.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-trace.h"

G_BEGIN_DECLS

/**
 * HpJobInfo:
 * @n_ranks: the ranks loaded
 * @ranks: (element-type int): their numbers, ascending
 * @world_size: the largest `distributedInfo.world_size`, or 0
 * @missing: (element-type int): ranks the job names (below the world size,
 *   or in a process group's `ranks`) that no file holds, ascending
 * @devices: the GPU names of `deviceProperties`, or the device type
 * @profiler: the trace format: `schemaVersion` and the category names
 * @legacy_categories: whether events use the old category names
 *   (`Operator`, `Runtime`, `Kernel`, `Memcpy`, `Memset`)
 */
typedef struct
{
  guint    n_ranks;
  GArray  *ranks;
  gint64   world_size;
  GArray  *missing;
  char    *devices;
  char    *profiler;
  gboolean legacy_categories;
} HpJobInfo;

HpJobInfo *hp_job_info_new (HpTrace *trace);
void       hp_job_info_free (HpJobInfo *info);
char      *hp_ranks_to_text (const int *ranks,
                             guint      n_ranks);
char      *hp_job_info_describe_ranks (const HpJobInfo *info);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpJobInfo, hp_job_info_free)

G_END_DECLS
