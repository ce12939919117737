/* hp-communication.h — communication per step and collective: time, exposed time, slowest instances (docs/communication.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_COMMUNICATION_ANALYSIS "communication"
#define HP_COMMUNICATION_BY_STEP_TABLE "communication_by_step"
#define HP_COMMUNICATION_SLOWEST_TABLE "communication_slowest"

/* the columns read outside core (hp_table_column_of()) */
#define HP_COMMUNICATION_BY_STEP_COL_RANK HP_COLUMN_ID ("rank", HP_COMMUNICATION_BY_STEP_TABLE)
#define HP_COMMUNICATION_BY_STEP_COL_STEP HP_COLUMN_ID ("step", HP_COMMUNICATION_BY_STEP_TABLE)
#define HP_COMMUNICATION_BY_STEP_COL_COLLECTIVE HP_COLUMN_ID ("collective", HP_COMMUNICATION_BY_STEP_TABLE)
#define HP_COMMUNICATION_BY_STEP_COL_TIME_US HP_COLUMN_ID ("time(us)", HP_COMMUNICATION_BY_STEP_TABLE)
#define HP_COMMUNICATION_BY_STEP_COL_EXPOSED_TIME_US HP_COLUMN_ID ("exposed_time(us)", HP_COMMUNICATION_BY_STEP_TABLE)

G_BEGIN_DECLS

/* the slowest communication kernels listed by `communication_slowest` */
#define HP_COMM_N_SLOWEST 20

gboolean                hp_communication_compute (HpTrace                *trace,
                                                  const HpAnalysisParams *params,
                                                  GPtrArray              *tables,
                                                  GCancellable           *cancellable,
                                                  GError                **error);
struct _HpLinkedEvents *hp_linked_events_for_comm_row (HpTrace                *trace,
                                                       HpTable                *table,
                                                       guint                   row,
                                                       const HpAnalysisParams *params);
struct _HpLinkedEvents *hp_linked_events_for_comm_kernel (HpTrace *trace,
                                                          int      rank,
                                                          guint32  event);
void                    hp_linked_events_for_comm_kernel_async (HpTrace            *trace,
                                                                int                 rank,
                                                                guint32             event,
                                                                GCancellable       *cancellable,
                                                                GAsyncReadyCallback callback,
                                                                gpointer            user_data);
struct _HpLinkedEvents *hp_linked_events_for_comm_kernel_finish (GAsyncResult *result,
                                                                 GError      **error);
HpTable                *hp_comm_summary (HpTrace      *trace,
                                         GCancellable *cancellable,
                                         GError      **error);

extern const HpAnalysis hp_communication_analysis;

G_END_DECLS
