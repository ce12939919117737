/* hp-repeated-sequences.h — the kernel sequences that repeat on each GPU stream (beyond HTA).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-analysis.h"
#include "hp-table.h"
#include "hp-trace.h"

G_BEGIN_DECLS

#define HP_REPEATED_SEQUENCES_ANALYSIS "repeated_kernel_sequences"
#define HP_REPEATED_SEQUENCES_TABLE "repeated_kernel_sequences"

HpTable *hp_repeated_sequences_table (HpTrace      *trace,
                                      const HpRank *rank,
                                      guint         min_len,
                                      guint         max_len,
                                      guint         max_rows,
                                      GCancellable *cancellable,
                                      GError      **error);
gboolean hp_repeated_sequences_compute (HpTrace                *trace,
                                        const HpAnalysisParams *params,
                                        GPtrArray              *tables,
                                        GCancellable           *cancellable,
                                        GError                **error);

extern const HpAnalysis hp_repeated_sequences_analysis;

G_END_DECLS
