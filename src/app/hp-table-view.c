/* hp-table-view.c — one analysis table: sortable columns, a filter, copy and CSV export.
 *
 * Rows come from an HpTableModel (indices only), sorted by a
 * GtkSortListModel that uses the column view's sorter. Every column sorts
 * through a GtkNumericSorter or GtkStringSorter over a C closure that reads
 * the cell; those sorters compute plain keys, so sorting never keeps an
 * object per row alive. Cells are GtkInscriptions, which measure cheaply
 * and ellipsize long kernel names; the columns and their cells are made in
 * hp-table-view-columns.c.
 *
 * A table whose rows stand for timeline events is "linked": double-click
 * or Enter on a row, its context menu or the header's button emit
 * HpTableView::row-activated, and the panel shows the row on the timeline.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hp-dialogs.h"
#include "hp-format.h"
#include "hp-table-model.h"
#include "hp-table-view-private.h"
#include "hp-table-view.h"

/* Approximate heights of the column view's header and of a row with the
 * default theme, to size the list before its rows exist */
#define HEADER_HEIGHT 32
#define ROW_HEIGHT 22
#define MIN_ROWS 10

struct _HpTableView
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkLabel          *title_label;
  GtkLabel          *note_label;
  GtkLabel          *count_label;
  GtkLabel          *empty_label;
  GtkLabel          *empty_reason_label;
  GtkSearchEntry    *search_entry;
  GtkScrolledWindow *scrolled;
  GtkColumnView     *column_view;
  GtkWidget         *timeline_button;
  char              *export_suffix; /* after the table's name in exported files' names, or NULL */
  char              *empty_reason;  /* why the table has no rows, or NULL */

  /* Owned references */
  HpTableModel       *model;
  GtkSortListModel   *sort_model;
  GtkSingleSelection *selection;
  GtkWidget          *context_menu;
  gboolean            linked;
};

enum
{
  PROP_0,
  PROP_TABLE,
  PROP_RANK,
  PROP_LINKED,
  N_PROPS
};

enum
{
  ROW_ACTIVATED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (HpTableView, hp_table_view, GTK_TYPE_WIDGET)

static GParamSpec *properties[N_PROPS];
static guint       signals[N_SIGNALS];

static void
update_count (HpTableView *self)
{
  HpTable         *table = hp_table_model_get_table (self->model);
  guint            total = table != NULL ? hp_table_get_n_rows (table) : 0;
  guint            shown = g_list_model_get_n_items (G_LIST_MODEL (self->model));
  g_autofree char *text = NULL;

  if (shown == total)
    text = g_strdup_printf (ngettext ("%u row", "%u rows", total), total);
  else
    /* Translators: rows left by the filter, e.g. "12 of 340 rows" */
    text = g_strdup_printf (ngettext ("%u of %u row", "%u of %u rows", total), shown, total);
  gtk_label_set_text (self->count_label, text);

  /* small tables show all their rows, long ones a screenful that grows
   * with the list's natural height */
  gtk_scrolled_window_set_min_content_height (self->scrolled,
                                              HEADER_HEIGHT + ROW_HEIGHT * (int)CLAMP (shown, 1, MIN_ROWS));
  gtk_widget_set_visible (GTK_WIDGET (self->scrolled), shown > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), shown == 0);
  if (total == 0)
    gtk_label_set_text (self->empty_label, _ ("This table has no rows"));
  else
    gtk_label_set_text (self->empty_label, _ ("No rows match the filter"));
  /* an empty table says why, under the empty state */
  gtk_label_set_text (self->empty_reason_label, self->empty_reason != NULL ? self->empty_reason : "");
  gtk_widget_set_visible (GTK_WIDGET (self->empty_reason_label), total == 0 && self->empty_reason != NULL);
}

static void
update_actions (HpTableView *self)
{
  gboolean selected = gtk_single_selection_get_selected_item (self->selection) != NULL;
  HpTable *table = hp_table_model_get_table (self->model);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.copy", selected);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.show-on-timeline", selected && self->linked);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "table.export-csv", table != NULL);
}

static void
search_changed_cb (HpTableView    *self,
                   GtkSearchEntry *entry)
{
  hp_table_model_set_search (self->model, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
n_items_changed_cb (HpTableView *self)
{
  update_count (self);
}

static void
selection_changed_cb (HpTableView *self)
{
  update_actions (self);
}

static void
export_chosen_cb (GObject *owner,
                  GFile   *file,
                  gpointer user_data)
{
  HpTableView     *self = HP_TABLE_VIEW (owner);
  HpTable         *table = hp_table_model_get_table (self->model);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr (GError) error = NULL;

  if (table == NULL)
    return;
  if (path == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _ ("Tables can only be saved to local files"));
  else
    hp_table_write_csv (table, path, &error);

  if (error != NULL)
    hp_show_error (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                   _ ("Could Not Export the Table"), error->message);
  else
    hp_show_saved (GTK_WIDGET (self), path);
}

static void
copy_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  hp_table_view_copy_selection (HP_TABLE_VIEW (widget));
}

static void
export_csv_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  hp_table_view_export_csv (HP_TABLE_VIEW (widget));
}

/* Linked rows */

/* Emits row-activated for the row at @position of the rows on screen */
static void
activate_position (HpTableView *self,
                   guint        position)
{
  g_autoptr (HpTableRow) row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);

  if (row != NULL && self->linked)
    g_signal_emit (self, signals[ROW_ACTIVATED], 0, hp_table_row_get_index (row));
}

static void
show_on_timeline_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  HpTableView *self = HP_TABLE_VIEW (widget);
  guint        position = gtk_single_selection_get_selected (self->selection);

  if (position != GTK_INVALID_LIST_POSITION)
    activate_position (self, position);
}

/* double-click or Enter on a row */
static void
column_view_activate_cb (HpTableView *self,
                         guint        position)
{
  activate_position (self, position);
}

static void
context_pressed_cb (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    HpTableView     *self)
{
  GtkWidget   *widget = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);
  GtkListItem *item = NULL;
  guint        position;

  if (widget == NULL || !gtk_widget_is_ancestor (widget, GTK_WIDGET (self->column_view)))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  for (; widget != NULL && item == NULL && widget != GTK_WIDGET (self->column_view); widget = gtk_widget_get_parent (widget))
    {
      item = g_object_get_data (G_OBJECT (widget), "hp-list-item");
      /* the padding around a cell picks the cell's frame */
      if (item == NULL && gtk_widget_get_first_child (widget) != NULL)
        item = g_object_get_data (G_OBJECT (gtk_widget_get_first_child (widget)), "hp-list-item");
    }
  position = item != NULL ? gtk_list_item_get_position (item) : GTK_INVALID_LIST_POSITION;
  if (position == GTK_INVALID_LIST_POSITION)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, TRUE);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->context_menu), &(GdkRectangle){ (int)x, (int)y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->context_menu));
}

static void
hp_table_view_finalize (GObject *object)
{
  HpTableView *self = HP_TABLE_VIEW (object);

  g_free (self->export_suffix);
  g_free (self->empty_reason);
  G_OBJECT_CLASS (hp_table_view_parent_class)->finalize (object);
}

static void
hp_table_view_dispose (GObject *object)
{
  HpTableView *self = HP_TABLE_VIEW (object);
  GtkWidget   *child;

  if (self->column_view != NULL)
    gtk_column_view_set_model (self->column_view, NULL);
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (self->column_view != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (self), HP_TYPE_TABLE_VIEW);
  g_clear_pointer (&self->context_menu, gtk_widget_unparent);
  /* the template's unnamed root child */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->selection);
  g_clear_object (&self->sort_model);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (hp_table_view_parent_class)->dispose (object);
}

static void
hp_table_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  HpTableView *self = HP_TABLE_VIEW (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      g_value_set_boxed (value, hp_table_view_get_table (self));
      break;
    case PROP_RANK:
      g_value_set_int (value, hp_table_view_get_rank (self));
      break;
    case PROP_LINKED:
      g_value_set_boolean (value, hp_table_view_get_linked (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_table_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  HpTableView *self = HP_TABLE_VIEW (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      hp_table_view_set_table (self, g_value_get_boxed (value));
      break;
    case PROP_RANK:
      hp_table_view_set_rank (self, g_value_get_int (value));
      break;
    case PROP_LINKED:
      hp_table_view_set_linked (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_table_view_class_init (HpTableViewClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_table_view_dispose;
  object_class->finalize = hp_table_view_finalize;
  object_class->get_property = hp_table_view_get_property;
  object_class->set_property = hp_table_view_set_property;

  properties[PROP_TABLE] =
      g_param_spec_boxed ("table", NULL, NULL, HP_TYPE_TABLE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpTableView:rank:
   *
   * Shows only the rows of this rank (tables with a `rank` column), or
   * every row for -1.
   */
  properties[PROP_RANK] =
      g_param_spec_int ("rank", NULL, NULL, -1, G_MAXINT, -1,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpTableView:linked:
   *
   * Whether rows can be shown on the timeline (linked views): the "Show on
   * Timeline" button and menu item, and #HpTableView::row-activated.
   */
  properties[PROP_LINKED] =
      g_param_spec_boolean ("linked", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * HpTableView::row-activated:
   * @row: the row's index in the table (not its position on screen)
   *
   * A row of a linked table was double-clicked, or Enter pressed on it, or
   * "Show on Timeline" chosen for it.
   */
  signals[ROW_ACTIVATED] = g_signal_new ("row-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                         NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-table-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HpTableView, title_label);
  gtk_widget_class_bind_template_child (widget_class, HpTableView, note_label);
  gtk_widget_class_bind_template_child (widget_class, HpTableView, count_label);
  gtk_widget_class_bind_template_child (widget_class, HpTableView, empty_label);
  gtk_widget_class_bind_template_child (widget_class, HpTableView, empty_reason_label);
  gtk_widget_class_bind_template_child (widget_class, HpTableView, search_entry);
  gtk_widget_class_bind_template_child (widget_class, HpTableView, scrolled);
  gtk_widget_class_bind_template_child (widget_class, HpTableView, column_view);
  gtk_widget_class_bind_template_child (widget_class, HpTableView, timeline_button);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);

  gtk_widget_class_install_action (widget_class, "table.copy", NULL, copy_action);
  gtk_widget_class_install_action (widget_class, "table.export-csv", NULL, export_csv_action);
  gtk_widget_class_install_action (widget_class, "table.show-on-timeline", NULL, show_on_timeline_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "table.copy", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hptableview");
}

static void
hp_table_view_init (HpTableView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->model = hp_table_model_new (NULL);
  self->sort_model = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->model)),
                                              g_object_ref (gtk_column_view_get_sorter (self->column_view)));
  /* big tables sort a slice per frame instead of freezing the window */
  gtk_sort_list_model_set_incremental (self->sort_model, TRUE);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sort_model)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));

  g_signal_connect_object (self->model, "notify::n-items", G_CALLBACK (n_items_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->selection, "notify::selected-item", G_CALLBACK (selection_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->column_view, "activate", G_CALLBACK (column_view_activate_cb), self,
                           G_CONNECT_SWAPPED);

  /* right click on a row: show it on the timeline, copy it */
  {
    g_autoptr (GMenu) menu = g_menu_new ();
    g_autoptr (GMenuItem) show = g_menu_item_new (_ ("Show on _Timeline"), "table.show-on-timeline");
    GtkGesture *click = gtk_gesture_click_new ();

    g_menu_item_set_attribute (show, "hidden-when", "s", "action-disabled");
    g_menu_append_item (menu, show);
    g_menu_append (menu, _ ("_Copy Row"), "table.copy");
    self->context_menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
    gtk_popover_set_has_arrow (GTK_POPOVER (self->context_menu), FALSE);
    gtk_widget_set_halign (self->context_menu, GTK_ALIGN_START);
    gtk_widget_set_parent (self->context_menu, GTK_WIDGET (self));

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
    g_signal_connect (click, "pressed", G_CALLBACK (context_pressed_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  }

  update_count (self);
  update_actions (self);
}

GtkWidget *
hp_table_view_new (void)
{
  return g_object_new (HP_TYPE_TABLE_VIEW, NULL);
}

HpTable *
hp_table_view_get_table (HpTableView *self)
{
  g_return_val_if_fail (HP_IS_TABLE_VIEW (self), NULL);
  return hp_table_model_get_table (self->model);
}

/**
 * hp_table_view_set_table:
 * @table: (nullable): the table to show
 *
 * A table with the same columns as the current one (the same analysis run
 * again) keeps the sort order, the filter and the column widths.
 */
void
hp_table_view_set_table (HpTableView *self,
                         HpTable     *table)
{
  HpTable    *old;
  const char *title;
  const char *note;

  g_return_if_fail (HP_IS_TABLE_VIEW (self));

  old = hp_table_model_get_table (self->model);
  if (old == table)
    return;
  if (!_hp_table_view_same_columns (old, table))
    _hp_table_view_build_columns (self->column_view, table);
  hp_table_model_set_table (self->model, table);

  /* the analyses mark their titles with N_() and keep them English for the CLI */
  title = table != NULL ? hp_table_get_title (table) : NULL;
  gtk_label_set_text (self->title_label, title != NULL && title[0] != '\0' ? g_dgettext (GETTEXT_PACKAGE, title) : "");
  note = table != NULL ? hp_table_get_note (table) : NULL;
  gtk_label_set_text (self->note_label, note != NULL ? note : "");
  gtk_widget_set_visible (GTK_WIDGET (self->note_label), note != NULL && note[0] != '\0');

  update_count (self);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
}

gboolean
hp_table_view_get_linked (HpTableView *self)
{
  g_return_val_if_fail (HP_IS_TABLE_VIEW (self), FALSE);
  return self->linked;
}

/**
 * hp_table_view_set_linked:
 * @linked: whether the rows stand for timeline events
 *
 * See #HpTableView:linked.
 */
void
hp_table_view_set_linked (HpTableView *self,
                          gboolean     linked)
{
  g_return_if_fail (HP_IS_TABLE_VIEW (self));

  linked = !!linked;
  if (self->linked == linked)
    return;
  self->linked = linked;
  gtk_widget_set_visible (self->timeline_button, linked);
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINKED]);
}

int
hp_table_view_get_rank (HpTableView *self)
{
  g_return_val_if_fail (HP_IS_TABLE_VIEW (self), -1);
  return hp_table_model_get_rank (self->model);
}

void
hp_table_view_set_rank (HpTableView *self,
                        int          rank)
{
  g_return_if_fail (HP_IS_TABLE_VIEW (self));

  if (hp_table_model_get_rank (self->model) == rank)
    return;
  hp_table_model_set_rank (self->model, rank);
  update_count (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RANK]);
}

/**
 * hp_table_view_get_model:
 *
 * Returns: (transfer none): the rows on screen, filtered and sorted
 */
GListModel *
hp_table_view_get_model (HpTableView *self)
{
  g_return_val_if_fail (HP_IS_TABLE_VIEW (self), NULL);
  return G_LIST_MODEL (self->selection);
}

void
hp_table_view_set_search (HpTableView *self,
                          const char  *text)
{
  g_return_if_fail (HP_IS_TABLE_VIEW (self));

  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  /* apply now rather than after the entry's typing delay */
  hp_table_model_set_search (self->model, text);
}

void
hp_table_view_focus_search (HpTableView *self)
{
  g_return_if_fail (HP_IS_TABLE_VIEW (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

/**
 * hp_table_view_copy_selection:
 *
 * Copies the selected row to the clipboard, its cells as the CSV writes
 * them, separated by tabs.
 *
 * Returns: whether a row was selected
 */
gboolean
hp_table_view_copy_selection (HpTableView *self)
{
  HpTableRow      *row;
  g_autofree char *text = NULL;

  g_return_val_if_fail (HP_IS_TABLE_VIEW (self), FALSE);

  row = gtk_single_selection_get_selected_item (self->selection);
  if (row == NULL)
    return FALSE;
  text = hp_table_row_to_tsv (row);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  return TRUE;
}

/**
 * hp_table_view_set_export_suffix:
 * @suffix: (nullable): what exported files' names add after the table's
 *   name, as the scope shown
 */
void
hp_table_view_set_export_suffix (HpTableView *self,
                                 const char  *suffix)
{
  g_return_if_fail (HP_IS_TABLE_VIEW (self));
  g_free (self->export_suffix);
  self->export_suffix = g_strdup (suffix);
}

/**
 * hp_table_view_set_empty_reason:
 * @reason: (nullable): why the table has no rows ("the trace has no
 *   [memory] events"), from hp_no_data_reason() or the analysis' note;
 *   %NULL for none
 *
 * Shown under "This table has no rows" while the table is empty.
 */
void
hp_table_view_set_empty_reason (HpTableView *self,
                                const char  *reason)
{
  g_return_if_fail (HP_IS_TABLE_VIEW (self));
  if (g_strcmp0 (self->empty_reason, reason) == 0)
    return;
  g_free (self->empty_reason);
  self->empty_reason = g_strdup (reason);
  update_count (self);
}

/**
 * hp_table_view_get_empty_reason:
 *
 * Returns: (nullable): what hp_table_view_set_empty_reason() gave
 */
const char *
hp_table_view_get_empty_reason (HpTableView *self)
{
  g_return_val_if_fail (HP_IS_TABLE_VIEW (self), NULL);
  return self->empty_reason;
}

/**
 * hp_table_view_get_export_name:
 *
 * Returns: (transfer full) (nullable): the name an export offers: the
 *   table's, its suffix and ".csv"
 */
char *
hp_table_view_get_export_name (HpTableView *self)
{
  HpTable *table;

  g_return_val_if_fail (HP_IS_TABLE_VIEW (self), NULL);
  table = hp_table_model_get_table (self->model);
  if (table == NULL)
    return NULL;
  return g_strconcat (hp_table_get_name (table), self->export_suffix != NULL ? "_" : "",
                      self->export_suffix != NULL ? self->export_suffix : "", ".csv", NULL);
}

/**
 * hp_table_view_export_csv:
 *
 * Asks where to save the whole table (not only the filtered rows) and
 * writes it as hotpath-cli report does.
 */
void
hp_table_view_export_csv (HpTableView *self)
{
  HpTable         *table;
  g_autofree char *name = NULL;

  g_return_if_fail (HP_IS_TABLE_VIEW (self));

  table = hp_table_model_get_table (self->model);
  if (table == NULL)
    return;
  name = hp_table_view_get_export_name (self);
  hp_choose_save_file (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))), _ ("Export Table as CSV"),
                       name, G_OBJECT (self), export_chosen_cb, NULL);
}
