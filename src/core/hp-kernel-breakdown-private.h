/* hp-kernel-breakdown-private.h — the kernel types' sweep the kernel breakdown runs per GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-core.h"
#include "hp-gpu-activity-private.h"
#include "hp-intervals.h"

G_BEGIN_DECLS

/* The analysed kernel classes are COMPUTATION, COMMUNICATION and MEMORY
 * (OTHER never is); class c carries the sweep bit 1 << c (docs/analyses.md §3.1). */
#define HP_KERNEL_N_ANALYSED 3
#define HP_KERNEL_N_LABELS (1 << HP_KERNEL_N_ANALYSED)

G_STATIC_ASSERT (HP_KERNEL_CLASS_COMPUTATION == 0);
G_STATIC_ASSERT (HP_KERNEL_CLASS_COMMUNICATION == 1);
G_STATIC_ASSERT (HP_KERNEL_CLASS_MEMORY == 2);

typedef struct
{
  gint64   sums[HP_KERNEL_N_LABELS]; /* whole us per segment (compat) or ns (default) */
  gboolean seen[HP_KERNEL_N_LABELS];
} HpKernelTypeTotals;

void     _hp_kernel_types_sweep (const HpGpuActivity *acts,
                                 gsize                n,
                                 HpInterval         **scratch,
                                 gboolean             compat,
                                 guint                n_types,
                                 HpKernelTypeTotals  *totals);
HpTable *_hp_kernel_types_table (const HpKernelTypeTotals *totals,
                                 gboolean                  compat);

G_END_DECLS
