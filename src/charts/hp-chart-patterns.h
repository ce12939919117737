/* hp-chart-patterns.h — the chart of the frequent CUDA kernel sequences (spec analyses §9.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-chart.h"
#include "hp-table.h"

G_BEGIN_DECLS

HpChart *hp_chart_kernel_sequences (HpTable    *table,
                                    guint       top_k,
                                    int         rank,
                                    const char *domain);

G_END_DECLS
