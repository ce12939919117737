/* hp-no-data.h — why a table or chart is empty, in words, from what the runs lack.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"
#include "hp-trace.h"

G_BEGIN_DECLS

/**
 * HpDataNeeds:
 * @HP_DATA_GPU: kernels, memcpys or memsets
 * @HP_DATA_STEPS: ProfilerStep ranges
 * @HP_DATA_MEMORY_EVENTS: `[memory]` events (profile_memory=True)
 * @HP_DATA_COMM: communication kernels
 * @HP_DATA_EVENTS: the traces' events, which a folder of rank summaries
 *   does not keep
 *
 * What an empty table or chart needed from its runs.
 */
typedef enum
{
  HP_DATA_GPU = 1 << 0,
  HP_DATA_STEPS = 1 << 1,
  HP_DATA_MEMORY_EVENTS = 1 << 2,
  HP_DATA_COMM = 1 << 3,
  HP_DATA_EVENTS = 1 << 4,
} HpDataNeeds;

guint hp_data_needs_missing (HpTrace *trace,
                             guint    needs);
char *hp_no_data_reason (HpTrace *const    *traces,
                         const char *const *labels,
                         guint              n_runs,
                         guint              needs);
guint hp_analysis_data_needs (const HpAnalysis *analysis);
guint hp_compare_table_needs (const char *name);
char *hp_compare_no_data_reason (HpTrace *const    *traces,
                                 const char *const *labels,
                                 guint              n_runs,
                                 GPtrArray         *tables,
                                 const char        *name);

G_END_DECLS
