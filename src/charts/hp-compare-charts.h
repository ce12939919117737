/* hp-compare-charts.h — the charts of an N-way comparison: one grouped bar chart per question, a colour per run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-table.h"

G_BEGIN_DECLS

GPtrArray *hp_compare_charts_new (GPtrArray         *tables,
                                  const char *const *labels,
                                  guint              n_runs,
                                  guint              top_n,
                                  const char        *domain);

G_END_DECLS
