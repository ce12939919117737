/* hp-stragglers-private.h — what a rank summary keeps for the stragglers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-core.h"

G_BEGIN_DECLS

GVariant *_hp_stragglers_summary_inputs (HpTrace      *trace,
                                         const HpRank *r);

G_END_DECLS
