/* hp-chart-adapters-extra-private.h — charts of the memory, counter and straggler analyses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-core.h"

G_BEGIN_DECLS

GPtrArray *_hp_chart_adapt_extra (HpTable    *table,
                                  const char *domain);

G_END_DECLS
