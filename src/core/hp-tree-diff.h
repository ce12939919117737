/* hp-tree-diff.h — two runs' call trees aligned, changes reported where they happen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-trace-diff.h"

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
