/* hp-tree-diff-view.h — two runs' aligned call trees, expandable, the changes marked.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-core.h"

G_BEGIN_DECLS

#define HP_TYPE_TREE_DIFF_VIEW (hp_tree_diff_view_get_type ())

G_DECLARE_FINAL_TYPE (HpTreeDiffView, hp_tree_diff_view, HP, TREE_DIFF_VIEW, GtkWidget)

GtkWidget  *hp_tree_diff_view_new (void);
void        hp_tree_diff_view_set_table (HpTreeDiffView *self,
                                         HpTable        *full);
HpTable    *hp_tree_diff_view_get_table (HpTreeDiffView *self);
void        hp_tree_diff_view_set_empty_reason (HpTreeDiffView *self,
                                                const char     *reason);
const char *hp_tree_diff_view_get_detail (HpTreeDiffView *self);
HpTable    *hp_tree_diff_view_get_changed (HpTreeDiffView *self);
GListModel *hp_tree_diff_view_get_model (HpTreeDiffView *self);
guint       hp_tree_diff_view_get_row (HpTreeDiffView *self,
                                       guint           position);
void        hp_tree_diff_view_set_search (HpTreeDiffView *self,
                                          const char     *text);
gboolean    hp_tree_diff_view_write_csv (HpTreeDiffView *self,
                                         const char     *path,
                                         GError        **error);
void        hp_tree_diff_view_export_csv (HpTreeDiffView *self);
void        hp_tree_diff_view_set_export_suffix (HpTreeDiffView *self,
                                                 const char     *suffix);
char       *hp_tree_diff_view_get_export_name (HpTreeDiffView *self);

G_END_DECLS
