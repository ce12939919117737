/* hp-chart-adapters-extra-private.h — charts of the memory, counter and straggler analyses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-core.h"

G_BEGIN_DECLS

/* the memory, counter and straggler charts, one per table */
GPtrArray *_hp_chart_adapt_memory_timeline (HpTable    *table,
                                            const char *domain);
GPtrArray *_hp_chart_adapt_memory_events (HpTable    *table,
                                          const char *domain);
GPtrArray *_hp_chart_adapt_straggler_metric (HpTable    *table,
                                             const char *domain);
GPtrArray *_hp_chart_adapt_collective_waits (HpTable    *table,
                                             const char *domain);
GPtrArray *_hp_chart_adapt_cupti (HpTable    *table,
                                  const char *domain);

G_END_DECLS
