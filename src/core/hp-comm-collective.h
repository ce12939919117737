/* hp-comm-collective.h — what one communication kernel moves: its collective, message, group, bandwidth (docs/communication.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-rank.h"
#include "hp-trace.h"

G_BEGIN_DECLS

/**
 * HpCommSource:
 * @HP_COMM_SOURCE_NONE: nothing says which collective it is
 * @HP_COMM_SOURCE_KERNEL: the kernel's own args
 * @HP_COMM_SOURCE_LAUNCH: the `record_param_comms` (or `c10d::`) op that
 *   launched it
 * @HP_COMM_SOURCE_NAME: the kernel's name (`ncclKernel_AllReduce_…`)
 *
 * Where a kernel's collective came from.
 */
typedef enum
{
  HP_COMM_SOURCE_NONE = 0,
  HP_COMM_SOURCE_KERNEL,
  HP_COMM_SOURCE_LAUNCH,
  HP_COMM_SOURCE_NAME,
} HpCommSource;

/**
 * HpCommInfo:
 * @collective: "allreduce", "allgather", "reduce_scatter", "alltoall",
 *   "broadcast", "reduce", "send", "recv", "sendrecv", "gather",
 *   "scatter", "barrier", another name as the trace writes it, or ""
 * @msg_bytes: the message (nelems × dtype size, the larger of in and out,
 *   as nccl-tests counts it), or -1
 * @nelems: the larger of its `In msg nelems` and `Out msg nelems`, or -1
 * @group_size: the ranks of its process group, or -1
 * @group: its `Process Group Name`, or ""
 * @group_ranks: its `Process Group Ranks` ("[0, 1]"), or ""
 * @comm_id: its communicator's id where the trace writes one (`pg_id`,
 *   `Comm Id`…), or ""
 * @seq: its sequence number in its group, or -1
 * @source: where @collective came from
 *
 * One communication kernel, as the trace describes it.
 */
typedef struct
{
  char        *collective;
  gint64       msg_bytes;
  gint64       nelems;
  int          group_size;
  char        *group;
  char        *group_ranks;
  char        *comm_id;
  gint64       seq;
  HpCommSource source;
} HpCommInfo;

void        hp_comm_info_clear (HpCommInfo *info);
void        hp_comm_describe (HpTrace      *trace,
                              const HpRank *rank,
                              guint         event,
                              HpCommInfo   *info);
const char *hp_comm_normalize_collective (const char *raw);
int         hp_comm_dtype_size (const char *dtype);
double      hp_comm_bus_factor (const char *collective,
                                int         n_ranks);
double      hp_comm_algbw_gbps (gint64 msg_bytes,
                                gint64 dur_ns);
double      hp_comm_link_peak_gbps (const HpRank *rank);
const char *hp_comm_source_to_string (HpCommSource source);

G_END_DECLS
