/* hp-compare.h — N runs side by side: one table per question, a row per run and rank or per op.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

G_BEGIN_DECLS

#define HP_COMPARE_MAX_RUNS 8

/* the tables of a comparison and the columns read outside core
 * (hp_table_column_of()); every table has the run's `label` first */
#define HP_COMPARE_TEMPORAL_TABLE "compare_temporal_breakdown"
#define HP_COMPARE_KERNEL_TYPE_TABLE "compare_kernel_type"
#define HP_COMPARE_OVERLAP_TABLE "compare_comm_comp_overlap"
#define HP_COMPARE_IDLE_TABLE "compare_idle_time"
#define HP_COMPARE_STEP_TIME_TABLE "compare_step_time"
#define HP_COMPARE_MEMORY_TABLE "compare_memory"
#define HP_COMPARE_MEMORY_TIMELINE_TABLE "compare_memory_timeline"
#define HP_COMPARE_COMMUNICATION_TABLE "compare_communication"
#define HP_COMPARE_COLLECTIVES_TABLE "compare_collectives"
#define HP_COMPARE_OPS_TABLE "compare_ops"

#define HP_COMPARE_COL_LABEL                                                                                \
  HP_COLUMN_ID ("label", HP_COMPARE_TEMPORAL_TABLE, HP_COMPARE_KERNEL_TYPE_TABLE, HP_COMPARE_OVERLAP_TABLE, \
                HP_COMPARE_IDLE_TABLE, HP_COMPARE_STEP_TIME_TABLE, HP_COMPARE_MEMORY_TABLE,                 \
                HP_COMPARE_MEMORY_TIMELINE_TABLE, HP_COMPARE_COMMUNICATION_TABLE, HP_COMPARE_COLLECTIVES_TABLE)
#define HP_COMPARE_TEMPORAL_COL_IDLE_PCTG HP_COLUMN_ID ("idle_time_pctg", HP_COMPARE_TEMPORAL_TABLE)
#define HP_COMPARE_TEMPORAL_COL_COMPUTE_PCTG HP_COLUMN_ID ("compute_time_pctg", HP_COMPARE_TEMPORAL_TABLE)
#define HP_COMPARE_TEMPORAL_COL_NON_COMPUTE_PCTG HP_COLUMN_ID ("non_compute_time_pctg", HP_COMPARE_TEMPORAL_TABLE)
#define HP_COMPARE_TEMPORAL_COL_NON_COMPUTE_COMM_PCTG \
  HP_COLUMN_ID ("non_compute_communication_time_pctg", HP_COMPARE_TEMPORAL_TABLE)
#define HP_COMPARE_TEMPORAL_COL_NON_COMPUTE_MEMORY_PCTG \
  HP_COLUMN_ID ("non_compute_memory_time_pctg", HP_COMPARE_TEMPORAL_TABLE)
#define HP_COMPARE_KERNEL_TYPE_COL_KERNEL_TYPE HP_COLUMN_ID ("kernel_type", HP_COMPARE_KERNEL_TYPE_TABLE)
#define HP_COMPARE_KERNEL_TYPE_COL_PERCENTAGE HP_COLUMN_ID ("percentage", HP_COMPARE_KERNEL_TYPE_TABLE)
#define HP_COMPARE_OVERLAP_COL_RANK HP_COLUMN_ID ("rank", HP_COMPARE_OVERLAP_TABLE)
#define HP_COMPARE_OVERLAP_COL_PCTG HP_COLUMN_ID ("comp_comm_overlap_pctg", HP_COMPARE_OVERLAP_TABLE)
#define HP_COMPARE_IDLE_COL_CATEGORY HP_COLUMN_ID ("idle_category", HP_COMPARE_IDLE_TABLE)
#define HP_COMPARE_IDLE_COL_IDLE_TIME HP_COLUMN_ID ("idle_time", HP_COMPARE_IDLE_TABLE)
#define HP_COMPARE_STEP_TIME_COL_RANK HP_COLUMN_ID ("rank", HP_COMPARE_STEP_TIME_TABLE)
#define HP_COMPARE_STEP_TIME_COL_MEAN HP_COLUMN_ID ("mean", HP_COMPARE_STEP_TIME_TABLE)
#define HP_COMPARE_MEMORY_COL_RANK HP_COLUMN_ID ("rank", HP_COMPARE_MEMORY_TABLE)
#define HP_COMPARE_MEMORY_COL_DEVICE HP_COLUMN_ID ("device", HP_COMPARE_MEMORY_TABLE)
#define HP_COMPARE_MEMORY_COL_PEAK_ALLOCATED HP_COLUMN_ID ("peak_allocated", HP_COMPARE_MEMORY_TABLE)
#define HP_COMPARE_MEMORY_TIMELINE_COL_RANK HP_COLUMN_ID ("rank", HP_COMPARE_MEMORY_TIMELINE_TABLE)
#define HP_COMPARE_MEMORY_TIMELINE_COL_DEVICE HP_COLUMN_ID ("device", HP_COMPARE_MEMORY_TIMELINE_TABLE)
#define HP_COMPARE_MEMORY_TIMELINE_COL_TS_US HP_COLUMN_ID ("ts(us)", HP_COMPARE_MEMORY_TIMELINE_TABLE)
#define HP_COMPARE_MEMORY_TIMELINE_COL_ALLOCATED HP_COLUMN_ID ("allocated", HP_COMPARE_MEMORY_TIMELINE_TABLE)
/* compare_ops has `<label>_total_duration` per run */
#define HP_COMPARE_OPS_TOTAL_DURATION_SUFFIX "_total_duration"
#define HP_COMPARE_COMMUNICATION_COL_PER_STEP HP_COLUMN_ID ("communication_per_step(us)", HP_COMPARE_COMMUNICATION_TABLE)
#define HP_COMPARE_COMMUNICATION_COL_EXPOSED_PER_STEP \
  HP_COLUMN_ID ("exposed_communication_per_step(us)", HP_COMPARE_COMMUNICATION_TABLE)

GPtrArray *hp_compare_runs (HpTrace *const         *traces,
                            const char *const      *labels,
                            guint                   n_runs,
                            const HpAnalysisParams *params,
                            GCancellable           *cancellable,
                            GError                **error);
HpTable   *hp_compare_step_time (HpTrace    *trace,
                                 const char *label);
HpTable   *hp_compare_memory_timeline (HpTrace    *trace,
                                       HpTable    *memory,
                                       const char *label);
HpTable   *hp_compare_communication (HpTrace    *trace,
                                     const char *label);
HpTable   *hp_compare_collectives (HpTrace    *trace,
                                   const char *label,
                                   guint       top);
HpTable   *hp_table_stack_labelled (const char        *name,
                                    const char        *title,
                                    HpTable *const    *tables,
                                    const char *const *labels,
                                    guint              n_tables);

double   hp_compare_sum (HpTable    *table,
                         const char *label,
                         const char *column);
HpTable *hp_table_select_rows (HpTable     *table,
                               const guint *rows,
                               guint        n_rows);

gboolean hp_compare_files_are_runs (GFile **files,
                                    guint   n_files);

G_END_DECLS
