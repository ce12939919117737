/* hp-compare-ops-diff.h — a comparison's Ops Diff tab: compare_traces of a chosen pair, and its tree diff.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-compare-session.h"
#include "hp-table-view.h"
#include "hp-tree-diff-view.h"

G_BEGIN_DECLS

#define HP_TYPE_COMPARE_OPS_DIFF (hp_compare_ops_diff_get_type ())

G_DECLARE_FINAL_TYPE (HpCompareOpsDiff, hp_compare_ops_diff, HP, COMPARE_OPS_DIFF, GtkBox)

void        hp_compare_ops_diff_set_labels (HpCompareOpsDiff  *self,
                                            const char *const *labels);
void        hp_compare_ops_diff_set_baseline (HpCompareOpsDiff *self,
                                              guint             baseline);
void        hp_compare_ops_diff_start (HpCompareOpsDiff *self,
                                       HpCompareSession *session,
                                       HpTreeDiffView   *tree_view);
gboolean    hp_compare_ops_diff_is_busy (HpCompareOpsDiff *self);
void        hp_compare_ops_diff_set_pair (HpCompareOpsDiff *self,
                                          guint             control,
                                          guint             test);
void        hp_compare_ops_diff_set_comm_only (HpCompareOpsDiff *self,
                                               gboolean          comm_only);
GtkWidget  *hp_compare_ops_diff_get_ops_view (HpCompareOpsDiff *self);
const char *hp_compare_ops_diff_get_scope_caption (HpCompareOpsDiff *self);
GtkWidget  *hp_compare_ops_diff_get_scope_chooser (HpCompareOpsDiff *self,
                                                   gboolean          test_side,
                                                   gboolean          step);

G_END_DECLS
