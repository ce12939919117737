/* hp-collectives-private.h — whether the ranks' kernels of a collective are one instance.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-comm-match-private.h"
#include "hp-core.h"

G_BEGIN_DECLS

/* a communication kernel, which the collectives match across ranks */
static inline gboolean
_hp_collectives_is_kernel (const HpRank *r,
                           guint         e)
{
  return r->kind[e] == HP_EVENT_KIND_KERNEL && r->kclass[e] == HP_KERNEL_CLASS_COMMUNICATION;
}

HpTable *_hp_collectives_size_classes (GArray    *items,
                                       GArray    *infos,
                                       GPtrArray *ranks);
HpTable *_hp_collectives_instances_table (HpTrace      *trace,
                                          const HpRank *r);

G_END_DECLS
