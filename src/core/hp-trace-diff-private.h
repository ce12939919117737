/* hp-trace-diff-private.h — what the flat and the tree diff share: choosing the rank and iterations of a run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-trace-diff.h"

G_BEGIN_DECLS

/* counts_change_categories of a GPU op that is not matched by name because
 * the two runs ran on different hardware (default mode) */
#define NOT_COMPARED "~"

int           _hp_trace_diff_cmp_int (gconstpointer a,
                                      gconstpointer b);
const HpRank *_hp_trace_diff_select_rank (HpTrace *trace,
                                          int      rank,
                                          GError **error);
GArray       *_hp_trace_diff_select_iterations (HpTrace *trace,
                                                GArray  *wanted,
                                                GError **error);
gboolean      _hp_trace_diff_event_selected (GArray       *iterations,
                                             const HpRank *rank,
                                             guint         event);

G_END_DECLS
