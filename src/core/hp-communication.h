/* hp-communication.h — communication per step and collective: time, exposed time, slowest instances (docs/communication.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

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

G_END_DECLS
