/* hp-tree-diff-view.c — two runs' aligned call trees, expandable, the changes marked.
 *
 * Shows the table of hp_tree_diff_full() (every node of the aligned call
 * trees, in tree order) as a tree: a GtkTreeListModel whose items are the
 * nodes, in a GtkColumnView whose first column holds a GtkTreeExpander.
 *
 * A node that changed says so three ways, never by colour alone: an icon
 * (plus for added, minus for removed, arrows for slower and faster, a pen
 * for a changed count or changed children), the word in the Change column,
 * and a colour. The tree opens down to the changed nodes: every node with
 * a change below it is expanded, the rest stay closed, and the first place
 * of change is selected, its summary in words under the tree.
 *
 * The columns and their cells live in hp-tree-diff-view-columns.c.
 *
 * The filter keeps the nodes whose name holds the text and the nodes above
 * them, all expanded. The CSV export writes the changed nodes only: the
 * `tree_diff` table exactly as `hotpath-cli diff` writes it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hp-dialogs.h"
#include "hp-tree-diff-view-private.h"

/* ---- a node of the tree: a row of the table ---- */

G_DEFINE_FINAL_TYPE (HpTreeDiffNode, hp_tree_diff_node, G_TYPE_OBJECT)

static void
hp_tree_diff_node_class_init (HpTreeDiffNodeClass *klass)
{
}

static void
hp_tree_diff_node_init (HpTreeDiffNode *self)
{
}

/* ---- the view ---- */

G_DEFINE_FINAL_TYPE (HpTreeDiffView, hp_tree_diff_view, GTK_TYPE_WIDGET)

const char *
hp_tree_diff_view_row_change (HpTreeDiffView *self,
                              guint           row)
{
  return self->change_col >= 0 ? hp_table_get_string (self->table, row, (guint)self->change_col) : NULL;
}

static GArray *
children_of (HpTreeDiffView *self,
             int             row)
{
  return self->children->pdata[row + 1];
}

/* the shown children of @row (-1: the roots), as nodes */
static GListModel *
child_store (HpTreeDiffView *self,
             int             row)
{
  GArray     *rows = children_of (self, row);
  GListStore *store;

  if (rows->len == 0)
    return NULL;
  store = g_list_store_new (HP_TYPE_TREE_DIFF_NODE);
  for (guint i = 0; i < rows->len; i++)
    {
      guint child = g_array_index (rows, guint, i);

      if (self->shown[child])
        g_list_store_append (store, self->nodes->pdata[child]);
    }
  if (g_list_model_get_n_items (G_LIST_MODEL (store)) == 0)
    {
      g_object_unref (store);
      return NULL;
    }
  return G_LIST_MODEL (store);
}

static GListModel *
create_children_cb (gpointer item,
                    gpointer user_data)
{
  return child_store (user_data, (int)HP_TREE_DIFF_NODE (item)->row);
}

/* ---- the model ---- */

static gboolean
matches (HpTreeDiffView *self,
         guint           row)
{
  g_autofree char *name = NULL;

  if (self->search == NULL)
    return TRUE;
  name = g_utf8_casefold (hp_table_get_string (self->table, row, 2), -1);
  return strstr (name, self->search) != NULL;
}

/* a node is shown when it matches or one below it does; rows are in tree
 * order, so children come after their parent */
static void
apply_filter (HpTreeDiffView *self)
{
  guint n = self->table != NULL ? hp_table_get_n_rows (self->table) : 0;

  for (guint row = n; row-- > 0;)
    {
      GArray *kids = children_of (self, (int)row);

      self->shown[row] = matches (self, row);
      for (guint i = 0; i < kids->len && !self->shown[row]; i++)
        self->shown[row] = self->shown[g_array_index (kids, guint, i)];
    }
}

static void
update_count (HpTreeDiffView *self)
{
  guint            total = self->table != NULL ? hp_table_get_n_rows (self->table) : 0;
  guint            changed = self->changed != NULL ? hp_table_get_n_rows (self->changed) : 0;
  g_autofree char *text = NULL;

  /* Translators: nodes of the aligned call trees, e.g. "12 of 340 nodes changed" */
  text = g_strdup_printf (ngettext ("%u of %u node changed", "%u of %u nodes changed", total), changed, total);
  gtk_label_set_text (self->count_label, text);
}

static gboolean
whole_subtree_changed (HpTreeDiffView *self,
                       guint           row)
{
  const char *change = hp_tree_diff_view_row_change (self, row);

  return g_strcmp0 (change, "added") == 0 || g_strcmp0 (change, "removed") == 0;
}

/* the tree, opened down to the changed nodes (everything shown, when
 * filtering) */
static void
rebuild_model (HpTreeDiffView *self)
{
  GListModel *roots = NULL;

  if (self->table != NULL)
    {
      apply_filter (self);
      roots = child_store (self, -1);
    }
  if (roots == NULL)
    roots = G_LIST_MODEL (g_list_store_new (HP_TYPE_TREE_DIFF_NODE));
  /* opened before the view sees it: each row opened on screen would
   * lay the list out again */
  gtk_single_selection_set_model (self->selection, NULL);
  g_clear_object (&self->tree_model);
  self->tree_model = gtk_tree_list_model_new (roots, FALSE, self->search != NULL, create_children_cb, self, NULL);

  if (self->search == NULL)
    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->tree_model)); i++)
      {
        g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (self->tree_model, i);
        g_autoptr (HpTreeDiffNode) node = gtk_tree_list_row_get_item (row);

        /* expanding inserts the children right after, and the loop goes
         * on through them; below an added or removed node everything is
         * added or removed too, so it stays closed */
        if (self->changed_below[node->row] && !whole_subtree_changed (self, node->row))
          gtk_tree_list_row_set_expanded (row, TRUE);
      }
  gtk_single_selection_set_model (self->selection, G_LIST_MODEL (self->tree_model));
}

/* the first place of change on screen, so that its summary shows */
static void
select_first_root (HpTreeDiffView *self)
{
  int root_col = self->table != NULL ? hp_table_column_of (self->table, HP_TREE_DIFF_COL_ROOT_OF_CHANGE) : -1;

  for (guint i = 0; root_col >= 0 && i < g_list_model_get_n_items (G_LIST_MODEL (self->tree_model)); i++)
    {
      g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (self->tree_model, i);
      g_autoptr (HpTreeDiffNode) node = gtk_tree_list_row_get_item (row);

      if (hp_table_get_int (self->table, node->row, (guint)root_col) == 1)
        {
          gtk_single_selection_set_selected (self->selection, i);
          return;
        }
    }
}

static void
clear_tree (HpTreeDiffView *self)
{
  g_clear_pointer (&self->table, hp_table_unref);
  g_clear_pointer (&self->changed, hp_table_unref);
  g_clear_pointer (&self->nodes, g_ptr_array_unref);
  g_clear_pointer (&self->children, g_ptr_array_unref);
  g_clear_pointer (&self->shown, g_free);
  g_clear_pointer (&self->changed_below, g_free);
}

/* children per node from the depths, and which nodes have a change below */
static void
index_tree (HpTreeDiffView *self)
{
  guint n = hp_table_get_n_rows (self->table);
  int   depth_col = hp_table_column_of (self->table, HP_TREE_DIFF_COL_DEPTH);
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (int)); /* rows, the path to here */
  g_autofree int *parent = g_new (int, MAX (n, 1));

  self->nodes = g_ptr_array_new_full (n, g_object_unref);
  self->children = g_ptr_array_new_full (n + 1, (GDestroyNotify)g_array_unref);
  self->shown = g_new0 (gboolean, MAX (n, 1));
  self->changed_below = g_new0 (gboolean, MAX (n, 1));
  for (guint i = 0; i <= n; i++)
    g_ptr_array_add (self->children, g_array_new (FALSE, FALSE, sizeof (guint)));

  for (guint row = 0; row < n; row++)
    {
      HpTreeDiffNode *node = g_object_new (HP_TYPE_TREE_DIFF_NODE, NULL);
      gint64          depth = depth_col >= 0 ? hp_table_get_int (self->table, row, (guint)depth_col) : 0;

      node->row = row;
      g_ptr_array_add (self->nodes, node);
      if (stack->len > (guint)MAX (depth, 0))
        g_array_set_size (stack, (guint)MAX (depth, 0));
      parent[row] = stack->len > 0 ? g_array_index (stack, int, stack->len - 1) : -1;
      g_array_append_val (children_of (self, parent[row]), row);
      g_array_append_val (stack, row);
    }
  for (guint row = n; row-- > 0;)
    if (parent[row] >= 0 && (self->changed_below[row] || hp_tree_diff_marker_of (hp_tree_diff_view_row_change (self, row)) != NULL))
      self->changed_below[parent[row]] = TRUE;
}

/* ---- selection and export ---- */

static void
selection_changed_cb (HpTreeDiffView *self)
{
  GtkTreeListRow *row = gtk_single_selection_get_selected_item (self->selection);
  g_autoptr (HpTreeDiffNode) node = row != NULL ? gtk_tree_list_row_get_item (row) : NULL;
  const char *summary = NULL;

  if (node == NULL && self->table != NULL && hp_table_get_n_rows (self->table) == 0)
    {
      /* an empty tree says why */
      g_autofree char *text = NULL;

      if (self->empty_reason != NULL)
        /* Translators: the Tree Diff has no node, then why */
        text = g_strdup_printf (_ ("No call tree to compare: %s."), self->empty_reason);
      gtk_label_set_text (self->detail_label, text != NULL ? text : _ ("No call tree to compare."));
      return;
    }
  if (node == NULL)
    {
      gtk_label_set_text (self->detail_label, _ ("Select a node to see where it is in the tree and what changed."));
      return;
    }
  if (self->summary_col >= 0 && !hp_table_is_null (self->table, node->row, (guint)self->summary_col))
    summary = hp_table_get_string (self->table, node->row, (guint)self->summary_col);
  if (summary != NULL)
    gtk_label_set_text (self->detail_label, summary);
  else
    gtk_label_set_text (self->detail_label, hp_table_get_string (self->table, node->row, 0));
}

static void
search_changed_cb (HpTreeDiffView *self)
{
  hp_tree_diff_view_set_search (self, gtk_editable_get_text (GTK_EDITABLE (self->search_entry)));
}

static void
export_chosen_cb (GObject *owner,
                  GFile   *file,
                  gpointer user_data)
{
  HpTreeDiffView  *self = HP_TREE_DIFF_VIEW (owner);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr (GError) error = NULL;

  if (path == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _ ("Tables can only be saved to local files"));
  else
    hp_tree_diff_view_write_csv (self, path, &error);

  if (error != NULL)
    hp_show_error (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), _ ("Could Not Export the Table"),
                   error->message);
  else
    hp_show_saved (GTK_WIDGET (self), path);
}

static void
export_csv_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  hp_tree_diff_view_export_csv (HP_TREE_DIFF_VIEW (widget));
}

/* ---- the widget ---- */

static void
hp_tree_diff_view_dispose (GObject *object)
{
  HpTreeDiffView *self = HP_TREE_DIFF_VIEW (object);
  GtkWidget      *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->tree_model);
  G_OBJECT_CLASS (hp_tree_diff_view_parent_class)->dispose (object);
}

static void
hp_tree_diff_view_finalize (GObject *object)
{
  HpTreeDiffView *self = HP_TREE_DIFF_VIEW (object);

  clear_tree (self);
  g_free (self->search);
  g_free (self->export_suffix);
  g_free (self->empty_reason);
  G_OBJECT_CLASS (hp_tree_diff_view_parent_class)->finalize (object);
}

static void
hp_tree_diff_view_class_init (HpTreeDiffViewClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_tree_diff_view_dispose;
  object_class->finalize = hp_tree_diff_view_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hptreediffview");
  gtk_widget_class_install_action (widget_class, "tree-diff.export-csv", NULL, export_csv_action);
}

static void
hp_tree_diff_view_init (HpTreeDiffView *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *export = gtk_button_new_from_icon_name ("document-save-symbolic");
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->change_col = -1;
  self->summary_col = -1;
  self->matched_col = -1;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_widget_add_css_class (GTK_WIDGET (self), "hp-tree-diff");

  gtk_widget_set_margin_start (bar, 12);
  gtk_widget_set_margin_end (bar, 12);
  gtk_widget_set_margin_top (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);
  self->search_entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->search_entry), TRUE);
  g_object_set (self->search_entry, "placeholder-text", _ ("Filter nodes by name"), NULL);
  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->search_entry));
  self->count_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (self->count_label), "dim-label");
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->count_label));
  gtk_widget_set_tooltip_text (export, _ ("Export the changed nodes as CSV"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (export), "tree-diff.export-csv");
  gtk_box_append (GTK_BOX (bar), export);
  gtk_widget_set_parent (bar, GTK_WIDGET (self));

  self->selection = gtk_single_selection_new (NULL);
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (selection_changed_cb), self);
  self->column_view = GTK_COLUMN_VIEW (gtk_column_view_new (GTK_SELECTION_MODEL (g_object_ref (self->selection))));
  gtk_column_view_set_show_column_separators (self->column_view, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->column_view));
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_parent (scrolled, GTK_WIDGET (self));

  self->detail_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->detail_label, 0);
  gtk_label_set_wrap (self->detail_label, TRUE);
  /* a kernel name is one long word: break it anywhere rather than widen the window */
  gtk_label_set_wrap_mode (self->detail_label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (self->detail_label, TRUE);
  gtk_widget_set_margin_start (GTK_WIDGET (self->detail_label), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->detail_label), 12);
  gtk_widget_set_margin_top (GTK_WIDGET (self->detail_label), 6);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->detail_label), 6);
  gtk_widget_set_parent (GTK_WIDGET (self->detail_label), GTK_WIDGET (self));
  selection_changed_cb (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree-diff.export-csv", FALSE);
}

GtkWidget *
hp_tree_diff_view_new (void)
{
  return g_object_new (HP_TYPE_TREE_DIFF_VIEW, NULL);
}

/**
 * hp_tree_diff_view_set_table:
 * @full: (nullable): a table of hp_tree_diff_full()
 *
 * Shows the aligned trees of @full, opened down to the changed nodes.
 */
void
hp_tree_diff_view_set_table (HpTreeDiffView *self,
                             HpTable        *full)
{
  g_return_if_fail (HP_IS_TREE_DIFF_VIEW (self));

  if (full != NULL)
    hp_table_ref (full);
  gtk_single_selection_set_model (self->selection, NULL);
  g_clear_object (&self->tree_model);
  clear_tree (self);
  self->table = full;
  self->change_col = full != NULL ? hp_table_column_of (full, HP_TREE_DIFF_COL_CHANGE) : -1;
  self->summary_col = full != NULL ? hp_table_column_of (full, HP_TREE_DIFF_COL_SUMMARY) : -1;
  self->matched_col = full != NULL ? hp_table_column_of (full, HP_TREE_DIFF_COL_MATCHED_NAMES) : -1;
  /* the column shows when a call was matched under another name */
  if (self->matched_col >= 0)
    {
      gboolean any = FALSE;

      for (guint row = 0; row < hp_table_get_n_rows (full) && !any; row++)
        any = !hp_table_is_null (full, row, (guint)self->matched_col) &&
              *hp_table_get_string (full, row, (guint)self->matched_col) != '\0';
      if (!any)
        self->matched_col = -1;
    }
  if (full != NULL)
    {
      self->changed = hp_tree_diff_changed (full);
      index_tree (self);
    }
  hp_tree_diff_view_build_columns (self);
  rebuild_model (self);
  select_first_root (self);
  selection_changed_cb (self);
  update_count (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree-diff.export-csv", full != NULL);
}

/**
 * hp_tree_diff_view_set_empty_reason:
 * @reason: (nullable): why the aligned tree may have no node ("neither
 *   scope has a CPU op"), shown in place of a node's details while it has
 *   none; %NULL for none
 */
void
hp_tree_diff_view_set_empty_reason (HpTreeDiffView *self,
                                    const char     *reason)
{
  g_return_if_fail (HP_IS_TREE_DIFF_VIEW (self));
  g_free (self->empty_reason);
  self->empty_reason = g_strdup (reason);
  selection_changed_cb (self);
}

/**
 * hp_tree_diff_view_get_detail:
 *
 * Returns: what the view says under the tree: the chosen node's change,
 *   or why the tree is empty
 */
const char *
hp_tree_diff_view_get_detail (HpTreeDiffView *self)
{
  g_return_val_if_fail (HP_IS_TREE_DIFF_VIEW (self), NULL);
  return gtk_label_get_text (self->detail_label);
}

/**
 * hp_tree_diff_view_get_table:
 *
 * Returns: (transfer none) (nullable): the whole aligned tree
 */
HpTable *
hp_tree_diff_view_get_table (HpTreeDiffView *self)
{
  g_return_val_if_fail (HP_IS_TREE_DIFF_VIEW (self), NULL);
  return self->table;
}

/**
 * hp_tree_diff_view_get_changed:
 *
 * Returns: (transfer none) (nullable): the changed nodes: the `tree_diff`
 *   table the CSV export writes
 */
HpTable *
hp_tree_diff_view_get_changed (HpTreeDiffView *self)
{
  g_return_val_if_fail (HP_IS_TREE_DIFF_VIEW (self), NULL);
  return self->changed;
}

/**
 * hp_tree_diff_view_get_model:
 *
 * Returns: (transfer none): the rows on screen: a GtkSelectionModel of
 *   GtkTreeListRow
 */
GListModel *
hp_tree_diff_view_get_model (HpTreeDiffView *self)
{
  g_return_val_if_fail (HP_IS_TREE_DIFF_VIEW (self), NULL);
  return G_LIST_MODEL (self->selection);
}

/**
 * hp_tree_diff_view_get_row:
 * @position: a row on screen
 *
 * Returns: the row of the table that row shows, or G_MAXUINT
 */
guint
hp_tree_diff_view_get_row (HpTreeDiffView *self,
                           guint           position)
{
  g_autoptr (GtkTreeListRow) row = NULL;
  g_autoptr (HpTreeDiffNode) node = NULL;

  g_return_val_if_fail (HP_IS_TREE_DIFF_VIEW (self), G_MAXUINT);

  row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
  if (row == NULL)
    return G_MAXUINT;
  node = gtk_tree_list_row_get_item (row);
  return node->row;
}

/**
 * hp_tree_diff_view_set_search:
 * @text: (nullable): the filter; %NULL or "" for the whole tree
 *
 * Keeps the nodes whose name holds @text (whatever the case) and the
 * nodes above them, all expanded.
 */
void
hp_tree_diff_view_set_search (HpTreeDiffView *self,
                              const char     *text)
{
  g_autofree char *folded = NULL;

  g_return_if_fail (HP_IS_TREE_DIFF_VIEW (self));

  if (text != NULL && *text != '\0')
    folded = g_utf8_casefold (text, -1);
  if (g_strcmp0 (folded, self->search) == 0)
    return;
  g_free (self->search);
  self->search = g_steal_pointer (&folded);
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), text != NULL ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  rebuild_model (self);
}

/**
 * hp_tree_diff_view_write_csv:
 *
 * Writes the changed nodes as `hotpath-cli diff` writes `tree_diff.csv`.
 */
gboolean
hp_tree_diff_view_write_csv (HpTreeDiffView *self,
                             const char     *path,
                             GError        **error)
{
  g_return_val_if_fail (HP_IS_TREE_DIFF_VIEW (self), FALSE);

  if (self->changed == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, _ ("The tree diff is not computed yet"));
      return FALSE;
    }
  return hp_table_write_csv (self->changed, path, error);
}

/**
 * hp_tree_diff_view_export_csv:
 *
 * Asks where to save the changed nodes, then writes them.
 */
void
hp_tree_diff_view_export_csv (HpTreeDiffView *self)
{
  g_return_if_fail (HP_IS_TREE_DIFF_VIEW (self));

  if (self->changed == NULL)
    return;
  {
    g_autofree char *name = hp_tree_diff_view_get_export_name (self);

    hp_choose_save_file (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), _ ("Export Table as CSV"), name,
                         G_OBJECT (self), export_chosen_cb, NULL);
  }
}

/**
 * hp_tree_diff_view_set_export_suffix:
 * @suffix: (nullable): what exported files' names add after `tree_diff`,
 *   as the scope shown ("Base-rank0-step1_vs_New-rank0-step7")
 */
void
hp_tree_diff_view_set_export_suffix (HpTreeDiffView *self,
                                     const char     *suffix)
{
  g_return_if_fail (HP_IS_TREE_DIFF_VIEW (self));
  g_free (self->export_suffix);
  self->export_suffix = g_strdup (suffix);
}

/**
 * hp_tree_diff_view_get_export_name:
 *
 * Returns: (transfer full): the name an export offers, as the Ops Diff's
 *   tables name theirs: `tree_diff`, the scope and ".csv"
 */
char *
hp_tree_diff_view_get_export_name (HpTreeDiffView *self)
{
  g_return_val_if_fail (HP_IS_TREE_DIFF_VIEW (self), NULL);
  return g_strconcat (HP_TREE_DIFF_TABLE, self->export_suffix != NULL ? "_" : "",
                      self->export_suffix != NULL ? self->export_suffix : "", ".csv", NULL);
}
