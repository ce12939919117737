/* hp-table-view-columns.c — a table view's columns: cells, their tooltips and sorters, titles aligned.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hp-format.h"
#include "hp-table-model.h"
#include "hp-table-view-private.h"

static char *
display_cell (HpTable *table,
              guint    row,
              guint    column)
{
  switch (hp_table_get_column_type (table, column))
    {
    case HP_COLUMN_INT:
      if (hp_table_is_null (table, row, column))
        return g_strdup (_ ("n/a"));
      return g_strdup_printf ("%" G_GINT64_FORMAT, hp_table_get_int (table, row, column));
    case HP_COLUMN_DOUBLE:
      return hp_format_table_number (hp_table_get_double (table, row, column));
    case HP_COLUMN_STRING:
    default:
      return g_strdup (hp_table_get_string (table, row, column));
    }
}

/* The header is the column's name exactly as in the CSV (HTA's name); the
 * unit goes in the header's tooltip, see align_numeric_titles() */
static char *
column_unit_tooltip (HpTable *table,
                     guint    column)
{
  const char *unit = hp_table_get_column_unit (table, column);

  if (unit == NULL || unit[0] == '\0')
    return NULL;
  /* Translators: the tooltip of a table's column header; %s is a unit such as "us" or "%" */
  return g_strdup_printf (_ ("Unit: %s"), unit);
}

gboolean
_hp_table_view_same_columns (HpTable *a,
                             HpTable *b)
{
  if (a == NULL || b == NULL || hp_table_get_n_columns (a) != hp_table_get_n_columns (b))
    return FALSE;
  for (guint i = 0; i < hp_table_get_n_columns (a); i++)
    if (g_strcmp0 (hp_table_get_column_name (a, i), hp_table_get_column_name (b, i)) != 0 ||
        hp_table_get_column_type (a, i) != hp_table_get_column_type (b, i) ||
        g_strcmp0 (hp_table_get_column_unit (a, i), hp_table_get_column_unit (b, i)) != 0)
      return FALSE;
  return TRUE;
}

/* Sort keys, read straight from the table */

static gint64
cell_int_key (HpTableRow *row,
              gpointer    user_data)
{
  HpTable *table = hp_table_row_get_table (row);
  guint    index = hp_table_row_get_index (row);
  guint    column = GPOINTER_TO_UINT (user_data);

  if (hp_table_is_null (table, index, column))
    return G_MININT64;
  return hp_table_get_int (table, index, column);
}

static double
cell_double_key (HpTableRow *row,
                 gpointer    user_data)
{
  double value = hp_table_get_double (hp_table_row_get_table (row), hp_table_row_get_index (row),
                                      GPOINTER_TO_UINT (user_data));

  /* n/a sorts below every number */
  return isnan (value) ? -G_MAXDOUBLE : value;
}

static char *
cell_string_key (HpTableRow *row,
                 gpointer    user_data)
{
  return g_strdup (hp_table_get_string (hp_table_row_get_table (row), hp_table_row_get_index (row),
                                        GPOINTER_TO_UINT (user_data)));
}

static GtkSorter *
column_sorter (HpTable *table,
               guint    column)
{
  GtkExpression *expression;

  switch (hp_table_get_column_type (table, column))
    {
    case HP_COLUMN_INT:
      expression = gtk_cclosure_expression_new (G_TYPE_INT64, NULL, 0, NULL, G_CALLBACK (cell_int_key),
                                                GUINT_TO_POINTER (column), NULL);
      return GTK_SORTER (gtk_numeric_sorter_new (expression));
    case HP_COLUMN_DOUBLE:
      expression = gtk_cclosure_expression_new (G_TYPE_DOUBLE, NULL, 0, NULL, G_CALLBACK (cell_double_key),
                                                GUINT_TO_POINTER (column), NULL);
      return GTK_SORTER (gtk_numeric_sorter_new (expression));
    case HP_COLUMN_STRING:
    default:
      expression = gtk_cclosure_expression_new (G_TYPE_STRING, NULL, 0, NULL, G_CALLBACK (cell_string_key),
                                                GUINT_TO_POINTER (column), NULL);
      return GTK_SORTER (gtk_string_sorter_new (expression));
    }
}

typedef enum
{
  CELL_NUMBER,
  CELL_NAME, /* the first text column: kernel or annotation names */
  CELL_TEXT,
} CellKind;

/* Names longer than this show their whole text on hover even when they fit */
#define LONG_TEXT_CHARS 30

/* Whether the text of @cell is long, or wider than the cell shows it */
static gboolean
cell_text_is_cut (GtkWidget  *cell,
                  const char *text)
{
  g_autoptr (PangoLayout) layout = NULL;
  int width;

  if (g_utf8_strlen (text, -1) > LONG_TEXT_CHARS)
    return TRUE;
  layout = gtk_widget_create_pango_layout (cell, text);
  pango_layout_get_pixel_size (layout, &width, NULL);
  return width > gtk_widget_get_width (cell);
}

/* The whole text of a name or text cell, when it may not show in full */
static gboolean
query_cell_tooltip_cb (GtkWidget  *cell,
                       int         x,
                       int         y,
                       gboolean    keyboard_mode,
                       GtkTooltip *tooltip,
                       gpointer    user_data)
{
  const char *text = gtk_inscription_get_text (GTK_INSCRIPTION (cell));

  if (text == NULL || text[0] == '\0' || !cell_text_is_cut (cell, text))
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
setup_cell_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *item,
               gpointer                  user_data)
{
  CellKind   kind = GPOINTER_TO_INT (user_data);
  GtkWidget *cell = gtk_inscription_new (NULL);

  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  switch (kind)
    {
    case CELL_NUMBER:
      gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), 1.0);
      gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 4);
      gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), 9);
      gtk_widget_add_css_class (cell, "numeric");
      break;
    case CELL_NAME:
      gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 16);
      gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), 60);
      break;
    case CELL_TEXT:
    default:
      gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 6);
      gtk_inscription_set_nat_chars (GTK_INSCRIPTION (cell), 16);
      break;
    }
  if (kind != CELL_NUMBER)
    {
      gtk_widget_set_has_tooltip (cell, TRUE);
      g_signal_connect (cell, "query-tooltip", G_CALLBACK (query_cell_tooltip_cb), NULL);
    }
  gtk_list_item_set_child (item, cell);
}

static void
bind_cell_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  HpTableRow      *row = gtk_list_item_get_item (item);
  GtkWidget       *cell = gtk_list_item_get_child (item);
  HpTable         *table = hp_table_row_get_table (row);
  guint            column = GPOINTER_TO_UINT (user_data);
  g_autofree char *text = display_cell (table, hp_table_row_get_index (row), column);

  /* no tooltip here: setting one asks the display where the pointer is,
   * a round trip per cell; text cells answer query-tooltip instead */
  gtk_inscription_set_text (GTK_INSCRIPTION (cell), text);
}

/* so that a right click finds the row of the cell under the pointer */
static void
remember_item_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  gpointer                  user_data)
{
  g_object_set_data (G_OBJECT (gtk_list_item_get_child (item)), "hp-list-item", item);
}

static void
remove_columns (GtkColumnView *column_view)
{
  GListModel *columns = gtk_column_view_get_columns (column_view);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (column_view, column);
    }
}

/* Numbers read best under a right-aligned title, but GTK 4.8 has no API
 * for a column's header. Its header row is the column view's first child,
 * "header", with one title per column in order, each a box holding the
 * label and then the sort arrow (gtk/gtkcolumnviewtitle.c). The box of a
 * numeric column goes to the right end, the arrow before the label so the
 * title ends where the numbers do. Anything else is left as GTK made it. */
static void
align_numeric_titles (GtkColumnView *column_view,
                      HpTable       *table)
{
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (column_view));
  GtkWidget *title;
  guint      i = 0;

  if (header == NULL || g_strcmp0 (gtk_widget_get_css_name (header), "header") != 0)
    return;
  for (title = gtk_widget_get_first_child (header); title != NULL && i < hp_table_get_n_columns (table);
       title = gtk_widget_get_next_sibling (title), i++)
    {
      GtkWidget       *box = gtk_widget_get_first_child (title);
      GtkWidget       *label = box != NULL ? gtk_widget_get_first_child (box) : NULL;
      GtkWidget       *arrow = label != NULL ? gtk_widget_get_next_sibling (label) : NULL;
      g_autofree char *tooltip = column_unit_tooltip (table, i);

      gtk_widget_set_tooltip_text (title, tooltip);
      if (!GTK_IS_BOX (box) || !GTK_IS_LABEL (label) || hp_table_get_column_type (table, i) == HP_COLUMN_STRING)
        continue;
      gtk_widget_set_halign (box, GTK_ALIGN_END);
      if (arrow != NULL)
        gtk_box_reorder_child_after (GTK_BOX (box), arrow, NULL);
    }
}

void
_hp_table_view_build_columns (GtkColumnView *column_view,
                              HpTable       *table)
{
  gboolean expanded = FALSE;

  remove_columns (column_view);
  if (table == NULL)
    return;

  for (guint i = 0; i < hp_table_get_n_columns (table); i++)
    {
      gboolean            numeric = hp_table_get_column_type (table, i) != HP_COLUMN_STRING;
      CellKind            kind = numeric ? CELL_NUMBER : expanded ? CELL_TEXT
                                                                  : CELL_NAME;
      GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
      g_autoptr (GtkColumnViewColumn) column = NULL;
      g_autoptr (GtkSorter) sorter = column_sorter (table, i);
      const char *title = hp_table_get_column_name (table, i);

      g_signal_connect (factory, "setup", G_CALLBACK (setup_cell_cb), GINT_TO_POINTER (kind));
      g_signal_connect (factory, "bind", G_CALLBACK (bind_cell_cb), GUINT_TO_POINTER (i));
      g_signal_connect (factory, "setup", G_CALLBACK (remember_item_cb), NULL);
      column = gtk_column_view_column_new (title, factory);
      gtk_column_view_column_set_resizable (column, TRUE);
      gtk_column_view_column_set_sorter (column, sorter);
      /* the first text column (usually a name) takes the spare width */
      if (!numeric && !expanded)
        {
          gtk_column_view_column_set_expand (column, TRUE);
          expanded = TRUE;
        }
      gtk_column_view_append_column (column_view, column);
    }
  align_numeric_titles (column_view, table);

  /* all numbers: share the width rather than leave a gap on the right */
  if (!expanded)
    {
      GListModel *columns = gtk_column_view_get_columns (column_view);

      for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
        {
          g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

          gtk_column_view_column_set_expand (column, TRUE);
        }
    }
}
