/* hp-diff-charts.h — HTA's two trace-diff charts: op counts and durations of two runs side by side.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-table.h"
#include "hp-chart.h"

G_BEGIN_DECLS

GPtrArray *hp_diff_charts_new (HpTable    *compare,
                               guint       top_n,
                               const char *domain);

G_END_DECLS
