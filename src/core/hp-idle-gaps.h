/* hp-idle-gaps.h — the idle-time analysis' payload: the idle gaps of every GPU lane, computed once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"
#include "hp-idle-time.h"

G_BEGIN_DECLS

typedef struct _HpIdleGaps HpIdleGaps;

HpIdleGaps *hp_idle_gaps_compute (HpTrace      *trace,
                                  double        consecutive_kernel_delay,
                                  GCancellable *cancellable);
void        hp_idle_gaps_free (HpIdleGaps *self);
HpTrace    *hp_idle_gaps_get_trace (HpIdleGaps *self);
double      hp_idle_gaps_get_delay (HpIdleGaps *self);
GArray     *hp_idle_gaps_get_lane (HpIdleGaps *self,
                                   int         rank,
                                   guint       lane);
GArray     *hp_idle_gaps_find_stream (HpIdleGaps *self,
                                      int         rank,
                                      gint64      device,
                                      gint64      stream);

gpointer hp_idle_time_payload (HpTrace                *trace,
                               const HpAnalysisParams *params,
                               GPtrArray              *tables,
                               GCancellable           *cancellable,
                               GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpIdleGaps, hp_idle_gaps_free)

G_END_DECLS
