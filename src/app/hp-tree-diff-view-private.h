/* hp-tree-diff-view-private.h — what the files of HpTreeDiffView share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-tree-diff-view.h"

G_BEGIN_DECLS

/* a node of the tree: a row of the table */
#define HP_TYPE_TREE_DIFF_NODE (hp_tree_diff_node_get_type ())

G_DECLARE_FINAL_TYPE (HpTreeDiffNode, hp_tree_diff_node, HP, TREE_DIFF_NODE, GObject)

struct _HpTreeDiffNode
{
  GObject parent_instance;

  guint row;
};

struct _HpTreeDiffView
{
  GtkWidget parent_instance;

  GtkSearchEntry     *search_entry;
  GtkLabel           *count_label;
  GtkLabel           *detail_label;
  GtkColumnView      *column_view;
  GtkSingleSelection *selection;
  GtkTreeListModel   *tree_model;

  HpTable   *table;    /* hp_tree_diff_full() */
  HpTable   *changed;  /* its changed rows */
  GPtrArray *nodes;    /* HpTreeDiffNode, one per row */
  GPtrArray *children; /* per row + 1 (0 = the roots): GArray of rows */
  gboolean  *shown;    /* per row: kept by the filter */
  gboolean  *changed_below;
  char      *search;
  int        change_col;
  int        summary_col;
  int        matched_col;   /* matched_names (default mode), or -1 */
  char      *export_suffix; /* after "tree_diff" in exported files' names, or NULL */
  char      *empty_reason;  /* why the aligned tree has no node, or NULL */
};

typedef struct
{
  const char *change; /* as in the table */
  const char *icon;
  const char *css;
  const char *label; /* translated for the view */
} HpTreeDiffMarker;

const HpTreeDiffMarker *hp_tree_diff_marker_of (const char *change);
const char             *hp_tree_diff_view_row_change (HpTreeDiffView *self,
                                                      guint           row);
void                    hp_tree_diff_view_build_columns (HpTreeDiffView *self);

G_END_DECLS
