/* hp-chart-patterns.h — the chart of the frequent CUDA kernel sequences (docs/analyses.md §9.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include "hp-chart.h"
#include "hp-core.h"

G_BEGIN_DECLS

HpChart *hp_chart_kernel_sequences (HpTable    *table,
                                    guint       top_k,
                                    int         rank,
                                    const char *domain);

G_END_DECLS
