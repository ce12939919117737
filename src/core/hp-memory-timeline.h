/* hp-memory-timeline.h — the profiler's raw memory-timeline export by category (docs/analyses.md §13).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_MEMORY_TIMELINE_ANALYSIS "memory_timeline"
#define HP_MEMORY_TIMELINE_TABLE "memory_timeline"

G_BEGIN_DECLS

#define HP_MEMORY_TIMELINE_N_CATEGORIES 8

gboolean hp_memory_timeline_is_export (const char *path);
HpTable *hp_memory_timeline_read (const char   *path,
                                  GCancellable *cancellable,
                                  GError      **error);
gboolean hp_memory_timeline_compute (HpTrace                *trace,
                                     const HpAnalysisParams *params,
                                     GPtrArray              *tables,
                                     GCancellable           *cancellable,
                                     GError                **error);

extern const HpAnalysis hp_memory_timeline_analysis;

G_END_DECLS
