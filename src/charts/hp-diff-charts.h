/* hp-diff-charts.h — HTA's two trace-diff charts: op counts and durations of two runs side by side.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include "hp-core.h"
#include "hp-chart.h"

G_BEGIN_DECLS

GPtrArray *hp_diff_charts_new (HpTable    *compare,
                               guint       top_n,
                               const char *domain);

G_END_DECLS
