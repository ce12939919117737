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
