/* hp-aten-op-groups-private.h — the grouping steps of the ATen-op delay table (docs/analyses.md §7).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-table.h"
#include "hp-trace.h"

G_BEGIN_DECLS

/* the columns of `aten_op_kernels_and_delay`, in HTA's order */
enum
{
  HP_ATEN_COL_RANK,
  HP_ATEN_COL_ATEN_OP_NAME,
  HP_ATEN_COL_KERNEL_SEQUENCE,
  HP_ATEN_COL_OCCURRENCE_COUNT,
  HP_ATEN_COL_AVG_ATEN_OP_LAUNCH_DELAY,
  HP_ATEN_COL_AVG_RUNTIME_DELAY,
};

typedef struct _HpAtenGroups HpAtenGroups;

HpAtenGroups *_hp_aten_groups_new (void);
void          _hp_aten_groups_free (HpAtenGroups *groups);
void          _hp_aten_groups_add (HpAtenGroups *groups,
                                   gint64        tid,
                                   guint32       op_name,
                                   gint64        op_ts,
                                   guint32       kernel_name,
                                   gint64        aten_delay_ns,
                                   gint64        runtime_delay_ns);
void          _hp_aten_groups_append_rows (HpAtenGroups *groups,
                                           HpTrace      *trace,
                                           int           rank,
                                           HpTable      *table);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpAtenGroups, _hp_aten_groups_free)

G_END_DECLS
