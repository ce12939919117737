/* hp-tree-diff-view-columns.c — the tree diff view's columns and cells:
 * the call tree with its expanders and markers, the change, the matched
 * names and the numbers.
 *
 * A change is said three ways, never by colour alone: an icon, the word in
 * the Change column, and a colour (the CSS class of its marker).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hp-format.h"
#include "hp-tree-diff-view-private.h"

/* first column of the numbers: the control's counts */
#define FIRST_NUMBER_COLUMN 3
#define N_NUMBER_COLUMNS 9
/* the call tree's column: deep names stay readable; it can be resized */
#define NAME_WIDTH 420
/* "hipMemcpyAsync = cudaMemcpyAsync" reads whole */
#define MATCHED_WIDTH 300

static const HpTreeDiffMarker markers[] = {
  { "added", "list-add-symbolic", "hp-diff-added", N_ ("added") },
  { "removed", "list-remove-symbolic", "hp-diff-removed", N_ ("removed") },
  { "slower", "go-up-symbolic", "hp-diff-slower", N_ ("slower") },
  { "faster", "go-down-symbolic", "hp-diff-faster", N_ ("faster") },
  { "count changed", "document-edit-symbolic", "hp-diff-changed", N_ ("count changed") },
  { "children changed", "document-edit-symbolic", "hp-diff-changed", N_ ("children changed") },
};

const HpTreeDiffMarker *
hp_tree_diff_marker_of (const char *change)
{
  for (guint i = 0; change != NULL && i < G_N_ELEMENTS (markers); i++)
    if (strcmp (markers[i].change, change) == 0)
      return &markers[i];
  return NULL;
}

/* the node's whole path, on hover: set here rather than on bind, where a
 * tooltip would ask the display where the pointer is, for every cell */
static gboolean
query_path_tooltip_cb (GtkWidget  *label,
                       int         x,
                       int         y,
                       gboolean    keyboard_mode,
                       GtkTooltip *tooltip,
                       gpointer    user_data)
{
  const char *path = g_object_get_data (G_OBJECT (label), "hp-path");

  if (path == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, path);
  return TRUE;
}

static void
setup_name_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *icon = gtk_image_new ();
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), 24);
  gtk_widget_set_has_tooltip (label, TRUE);
  g_signal_connect (label, "query-tooltip", G_CALLBACK (query_path_tooltip_cb), NULL);
  gtk_box_append (GTK_BOX (box), icon);
  gtk_box_append (GTK_BOX (box), label);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), box);
  gtk_list_item_set_child (item, expander);
}

static void
set_marker_classes (GtkWidget              *widget,
                    const HpTreeDiffMarker *marker)
{
  for (guint i = 0; i < G_N_ELEMENTS (markers); i++)
    gtk_widget_remove_css_class (widget, markers[i].css);
  gtk_widget_remove_css_class (widget, "hp-diff-same");
  gtk_widget_add_css_class (widget, marker != NULL ? marker->css : "hp-diff-same");
}

static void
bind_name_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  HpTreeDiffView         *self = user_data;
  GtkTreeListRow         *list_row = gtk_list_item_get_item (item);
  HpTreeDiffNode         *node = gtk_tree_list_row_get_item (list_row);
  GtkWidget              *expander = gtk_list_item_get_child (item);
  GtkWidget              *box = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));
  GtkWidget              *icon = gtk_widget_get_first_child (box);
  GtkWidget              *label = gtk_widget_get_next_sibling (icon);
  const HpTreeDiffMarker *marker = hp_tree_diff_marker_of (hp_tree_diff_view_row_change (self, node->row));

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), list_row);
  gtk_image_set_from_icon_name (GTK_IMAGE (icon), marker != NULL ? marker->icon : NULL);
  gtk_label_set_text (GTK_LABEL (label), hp_table_get_string (self->table, node->row, 2));
  /* the table outlives the rows on screen */
  g_object_set_data (G_OBJECT (label), "hp-path", (gpointer)hp_table_get_string (self->table, node->row, 0));
  set_marker_classes (box, marker);
  g_object_unref (node);
}

static void
setup_text_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  GtkWidget *cell = gtk_inscription_new (NULL);
  gboolean   numeric = GPOINTER_TO_INT (user_data);

  /* inscriptions measure cheaply, as the table views' cells */
  gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), numeric ? 1.0f : 0.0f);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), numeric ? 4 : 17);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), numeric ? 9 : 17);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  if (numeric)
    gtk_widget_add_css_class (cell, "numeric");
  gtk_list_item_set_child (item, cell);
}

static void
bind_change_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  HpTreeDiffView         *self = user_data;
  HpTreeDiffNode         *node = gtk_tree_list_row_get_item (gtk_list_item_get_item (item));
  GtkWidget              *cell = gtk_list_item_get_child (item);
  const HpTreeDiffMarker *marker = hp_tree_diff_marker_of (hp_tree_diff_view_row_change (self, node->row));

  gtk_inscription_set_text (GTK_INSCRIPTION (cell), marker != NULL ? _ (marker->label) : "");
  set_marker_classes (cell, marker);
  gtk_widget_add_css_class (cell, "hp-diff-badge");
  g_object_unref (node);
}

static void
bind_number_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                gpointer                  user_data)
{
  GtkWidget       *cell = gtk_list_item_get_child (item);
  HpTreeDiffView  *self = g_object_get_data (G_OBJECT (factory), "view");
  HpTreeDiffNode  *node = gtk_tree_list_row_get_item (gtk_list_item_get_item (item));
  guint            column = GPOINTER_TO_UINT (user_data);
  g_autofree char *text = NULL;

  if (hp_table_is_null (self->table, node->row, column))
    text = g_strdup ("");
  else if (hp_table_get_column_type (self->table, column) == HP_COLUMN_INT)
    text = g_strdup_printf ("%" G_GINT64_FORMAT, hp_table_get_int (self->table, node->row, column));
  else
    text = hp_format_table_number (hp_table_get_double (self->table, node->row, column));
  gtk_inscription_set_text (GTK_INSCRIPTION (cell), text);
  g_object_unref (node);
}

static void
bind_text_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  GtkWidget      *cell = gtk_list_item_get_child (item);
  HpTreeDiffView *self = g_object_get_data (G_OBJECT (factory), "view");
  HpTreeDiffNode *node = gtk_tree_list_row_get_item (gtk_list_item_get_item (item));
  guint           column = GPOINTER_TO_UINT (user_data);

  gtk_inscription_set_text (GTK_INSCRIPTION (cell), hp_table_is_null (self->table, node->row, column)
                                                        ? ""
                                                        : hp_table_get_string (self->table, node->row, column));
  g_object_unref (node);
}

static void
remove_columns (HpTreeDiffView *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->column_view);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (self->column_view, column);
    }
}

static void
append_column (HpTreeDiffView     *self,
               const char         *title,
               GtkListItemFactory *factory,
               int                 width)
{
  g_autoptr (GtkColumnViewColumn) column = gtk_column_view_column_new (title, factory);

  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_column_set_fixed_width (column, width);
  gtk_column_view_append_column (self->column_view, column);
}

void
hp_tree_diff_view_build_columns (HpTreeDiffView *self)
{
  GtkListItemFactory *factory;

  remove_columns (self);
  if (self->table == NULL)
    return;

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_name_cb), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_name_cb), self);
  /* Translators: the column of the tree diff that holds the call tree */
  append_column (self, _ ("Call tree"), factory, NAME_WIDTH);

  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_text_cb), GINT_TO_POINTER (FALSE));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_change_cb), self);
  /* Translators: the column of the tree diff that says how a node changed */
  append_column (self, _ ("Change"), factory, -1);

  /* a HIP runtime call matched with its CUDA twin says so, as in the Ops
   * Diff */
  if (self->matched_col >= 0)
    {
      factory = gtk_signal_list_item_factory_new ();
      g_object_set_data (G_OBJECT (factory), "view", self);
      g_signal_connect (factory, "setup", G_CALLBACK (setup_text_cb), GINT_TO_POINTER (FALSE));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_text_cb), GUINT_TO_POINTER ((guint)self->matched_col));
      /* Translators: the tree diff's column that names the two runs' calls
       * matched as one ("hipLaunchKernel = cudaLaunchKernel") */
      append_column (self, _ ("Matched names"), factory, MATCHED_WIDTH);
    }

  /* the numbers, titled with their CSV names */
  for (guint c = FIRST_NUMBER_COLUMN;
       c < FIRST_NUMBER_COLUMN + N_NUMBER_COLUMNS && c < hp_table_get_n_columns (self->table); c++)
    {
      factory = gtk_signal_list_item_factory_new ();
      g_object_set_data (G_OBJECT (factory), "view", self);
      g_signal_connect (factory, "setup", G_CALLBACK (setup_text_cb), GINT_TO_POINTER (TRUE));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_number_cb), GUINT_TO_POINTER (c));
      append_column (self, hp_table_get_column_name (self->table, c), factory, -1);
    }
}
