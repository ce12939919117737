/* hp-compare-charts.h — the charts of an N-way comparison: one grouped bar chart per question, a colour per run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include "hp-core.h"

G_BEGIN_DECLS

GPtrArray *hp_compare_charts_new (GPtrArray         *tables,
                                  const char *const *labels,
                                  guint              n_runs,
                                  guint              top_n,
                                  const char        *domain);
char      *hp_compare_baseline_label (const char *label,
                                      const char *domain);
void       hp_compare_charts_mark_baseline (GPtrArray         *charts,
                                            const char *const *labels,
                                            guint              n_runs,
                                            guint              baseline,
                                            const char        *domain);

G_END_DECLS
