/* hp-collectives-private.h — whether the ranks' kernels of a collective are one instance.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-comm-match-private.h"
#include "hp-core.h"

G_BEGIN_DECLS

HpTable *_hp_collectives_instances_table (HpTrace      *trace,
                                          const HpRank *r);

G_END_DECLS
