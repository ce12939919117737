/* hp-tree-diff.h — two runs' call trees aligned, changes reported where they happen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-trace-diff.h"

/* the tree diff's table and the columns read outside core
 * (hp_table_column_of()) */
#define HP_TREE_DIFF_TABLE "tree_diff"
#define HP_TREE_DIFF_COL_DEPTH HP_COLUMN_ID ("depth", HP_TREE_DIFF_TABLE)
#define HP_TREE_DIFF_COL_CHANGE HP_COLUMN_ID ("change", HP_TREE_DIFF_TABLE)
#define HP_TREE_DIFF_COL_SUMMARY HP_COLUMN_ID ("summary", HP_TREE_DIFF_TABLE)
#define HP_TREE_DIFF_COL_ROOT_OF_CHANGE HP_COLUMN_ID ("root_of_change", HP_TREE_DIFF_TABLE)
/* default mode only: "hipLaunchKernel = cudaLaunchKernel" when the runs'
 * names differ */
#define HP_TREE_DIFF_COL_MATCHED_NAMES HP_COLUMN_ID ("matched_names", HP_TREE_DIFF_TABLE)

G_BEGIN_DECLS

HpTable *hp_tree_diff (HpTrace                 *control,
                       HpTrace                 *test,
                       const HpTraceDiffParams *params,
                       GCancellable            *cancellable,
                       GError                 **error);
HpTable *hp_tree_diff_full (HpTrace                 *control,
                            HpTrace                 *test,
                            const HpTraceDiffParams *params,
                            GCancellable            *cancellable,
                            GError                 **error);
HpTable *hp_tree_diff_changed (HpTable *full);

G_END_DECLS
