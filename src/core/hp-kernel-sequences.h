/* hp-kernel-sequences.h — frequent CUDA kernel sequences and their overlaid trace (docs/analyses.md §9).
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

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_KERNEL_SEQUENCES_ANALYSIS "frequent_cuda_kernel_sequences"

G_BEGIN_DECLS

#define HP_KERNEL_SEQUENCES_TABLE "frequent_cuda_kernel_sequences"

/* the columns read outside core (hp_table_column_of()) */
#define HP_KERNEL_SEQUENCES_COL_COUNT HP_COLUMN_ID ("count", HP_KERNEL_SEQUENCES_TABLE)

typedef struct _HpKernelSequences HpKernelSequences;

HpKernelSequences *hp_kernel_sequences_find (HpTrace      *trace,
                                             const HpRank *rank,
                                             const char   *operator_name,
                                             guint         min_pattern_len,
                                             GCancellable *cancellable,
                                             GError      **error);
void               hp_kernel_sequences_free (HpKernelSequences *self);

HpTable       *hp_kernel_sequences_get_table (HpKernelSequences *self);
guint          hp_kernel_sequences_get_n_patterns (HpKernelSequences *self);
const guint32 *hp_kernel_sequences_get_occurrences (HpKernelSequences *self,
                                                    guint              pattern,
                                                    guint             *n_events);
const guint32 *hp_kernel_sequences_get_roots (HpKernelSequences *self,
                                              guint              pattern,
                                              guint             *n_roots);

struct _HpLinkedEvents *hp_kernel_sequences_linked_events (HpKernelSequences *self,
                                                           guint              pattern);

char    *hp_kernel_sequences_overlaid_path (const HpRank *rank,
                                            const char   *output_dir);
gboolean hp_kernel_sequences_write_overlaid (HpKernelSequences *self,
                                             const char        *output_path,
                                             guint              top_k,
                                             gboolean           compress_other_kernels,
                                             GCancellable      *cancellable,
                                             GError           **error);

GPtrArray *hp_kernel_sequences_operator_candidates (HpTrace      *trace,
                                                    const HpRank *rank,
                                                    guint         min_pattern_len,
                                                    GCancellable *cancellable,
                                                    GError      **error);

HpTable                *hp_kernel_sequences_table_new_empty (void);
HpKernelSequences      *hp_kernel_sequences_find_for_params (HpTrace                *trace,
                                                             const HpAnalysisParams *params,
                                                             char                  **operator_used,
                                                             GCancellable           *cancellable,
                                                             GError                **error);
gboolean                hp_kernel_sequences_compute (HpTrace                *trace,
                                                     const HpAnalysisParams *params,
                                                     GPtrArray              *tables,
                                                     GCancellable           *cancellable,
                                                     GError                **error);
struct _HpLinkedEvents *hp_linked_events_for_pattern_row (HpTrace                *trace,
                                                          HpTable                *table,
                                                          guint                   row,
                                                          const HpAnalysisParams *params);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpKernelSequences, hp_kernel_sequences_free)

extern const HpAnalysis  hp_kernel_sequences_analysis;
extern const HpParamSpec hp_kernel_sequences_operator_spec;
extern const HpParamSpec hp_kernel_sequences_rank_spec;
extern const HpParamSpec hp_kernel_sequences_min_pattern_len_spec;
extern const HpParamSpec hp_kernel_sequences_top_k_spec;
extern const HpParamSpec hp_kernel_sequences_compress_other_kernels_spec;

G_END_DECLS
