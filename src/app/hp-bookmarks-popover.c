/* hp-bookmarks-popover.c — the list of a timeline's bookmarks: jump to one, rename it, delete it.
 *
 * One row per bookmark, in time order: its name in an entry (Enter or
 * leaving the entry renames it), its time as a button that jumps there,
 * and a delete button. The rows are a GtkListView's over a GListModel of
 * the view's bookmarks, made only for the rows shown; the list follows the
 * view's "bookmarks-changed".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-bookmarks-popover.h"

/* One row's bookmark, made when the list asks for the row: the list view
 * only asks for the rows it shows, so a thousand bookmarks cost a screenful
 * of rows, and a change rebuilds none of them but those shown. */
#define HP_TYPE_BOOKMARK_ITEM (hp_bookmark_item_get_type ())
G_DECLARE_FINAL_TYPE (HpBookmarkItem, hp_bookmark_item, HP, BOOKMARK_ITEM, GObject)

struct _HpBookmarkItem
{
  GObject parent_instance;

  gint64 start;
  gint64 end;
  char  *name;
};

G_DEFINE_FINAL_TYPE (HpBookmarkItem, hp_bookmark_item, G_TYPE_OBJECT)

static void
hp_bookmark_item_finalize (GObject *object)
{
  g_free (HP_BOOKMARK_ITEM (object)->name);
  G_OBJECT_CLASS (hp_bookmark_item_parent_class)->finalize (object);
}

static void
hp_bookmark_item_class_init (HpBookmarkItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hp_bookmark_item_finalize;
}

static void
hp_bookmark_item_init (HpBookmarkItem *self)
{
}

/* The view's bookmarks as a GListModel, in time order. The bookmarks are
 * the view's; the model only counts them, and says the whole list changed
 * when the view does (hp_bookmarks_model_reset()). */
#define HP_TYPE_BOOKMARKS_MODEL (hp_bookmarks_model_get_type ())
G_DECLARE_FINAL_TYPE (HpBookmarksModel, hp_bookmarks_model, HP, BOOKMARKS_MODEL, GObject)

struct _HpBookmarksModel
{
  GObject parent_instance;

  HpTimelineBookmarks *marks; /* the view's, or NULL */
  guint                n_items;
};

static GType
hp_bookmarks_model_get_item_type (GListModel *model)
{
  return HP_TYPE_BOOKMARK_ITEM;
}

static guint
hp_bookmarks_model_get_n_items (GListModel *model)
{
  return HP_BOOKMARKS_MODEL (model)->n_items;
}

static gpointer
hp_bookmarks_model_get_item (GListModel *model,
                             guint       position)
{
  HpBookmarksModel         *self = HP_BOOKMARKS_MODEL (model);
  const HpTimelineBookmark *b;
  HpBookmarkItem           *item;

  if (self->marks == NULL || position >= self->n_items || position >= hp_timeline_bookmarks_get_n_items (self->marks))
    return NULL;
  b = hp_timeline_bookmarks_get (self->marks, position);
  item = g_object_new (HP_TYPE_BOOKMARK_ITEM, NULL);
  item->start = b->start;
  item->end = b->end;
  item->name = g_strdup (b->name);
  return item;
}

static void
hp_bookmarks_model_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = hp_bookmarks_model_get_item_type;
  iface->get_n_items = hp_bookmarks_model_get_n_items;
  iface->get_item = hp_bookmarks_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (HpBookmarksModel, hp_bookmarks_model, G_TYPE_OBJECT, G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, hp_bookmarks_model_list_model_init))

static void
hp_bookmarks_model_class_init (HpBookmarksModelClass *klass)
{
}

static void
hp_bookmarks_model_init (HpBookmarksModel *self)
{
}

static void
hp_bookmarks_model_reset (HpBookmarksModel    *self,
                          HpTimelineBookmarks *marks)
{
  guint old = self->n_items;

  self->marks = marks;
  self->n_items = marks != NULL ? hp_timeline_bookmarks_get_n_items (marks) : 0;
  if (old > 0 || self->n_items > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old, self->n_items);
}

struct _HpBookmarksPopover
{
  GtkPopover parent_instance;

  GtkListView      *list;
  HpBookmarksModel *model;
  GtkWidget        *scrolled;
  GtkLabel         *empty;

  HpTimelineView *view;
  gboolean        renaming;
};

enum
{
  PROP_0,
  PROP_VIEW,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (HpBookmarksPopover, hp_bookmarks_popover, GTK_TYPE_POPOVER)

static GParamSpec *properties[N_PROPS];

/* the position of the row a widget of a row is in */
static guint
row_index (GtkWidget *child)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (child), "hp-list-item");

  return item != NULL ? gtk_list_item_get_position (item) : GTK_INVALID_LIST_POSITION;
}

static void
go_clicked_cb (HpBookmarksPopover *self,
               GtkButton          *button)
{
  guint index = row_index (GTK_WIDGET (button));

  if (self->view == NULL || index >= hp_timeline_bookmarks_get_n_items (hp_timeline_view_get_bookmarks (self->view)))
    return;
  hp_timeline_view_go_to_bookmark (self->view, index);
  gtk_popover_popdown (GTK_POPOVER (self));
}

static void
delete_clicked_cb (HpBookmarksPopover *self,
                   GtkButton          *button)
{
  guint index = row_index (GTK_WIDGET (button));

  if (self->view == NULL || index >= hp_timeline_bookmarks_get_n_items (hp_timeline_view_get_bookmarks (self->view)))
    return;
  hp_timeline_view_remove_bookmark (self->view, index);
}

static void
rename_from (HpBookmarksPopover *self,
             GtkEditable        *entry)
{
  guint index = row_index (GTK_WIDGET (entry));

  if (self->view == NULL || index >= hp_timeline_bookmarks_get_n_items (hp_timeline_view_get_bookmarks (self->view)))
    return;
  /* the row stays as it is: its entry has the focus */
  self->renaming = TRUE;
  hp_timeline_view_rename_bookmark (self->view, index, gtk_editable_get_text (entry));
  self->renaming = FALSE;
}

static void
entry_focus_leave_cb (HpBookmarksPopover      *self,
                      GtkEventControllerFocus *controller)
{
  rename_from (self, GTK_EDITABLE (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller))));
}

/* a row: the name in an entry, the time as a button, a delete button */
static void
setup_row_cb (HpBookmarksPopover       *self,
              GtkListItem              *item,
              GtkSignalListItemFactory *factory)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *entry = gtk_entry_new ();
  GtkWidget *go = gtk_button_new ();
  GtkWidget *when = gtk_label_new (NULL);
  GtkWidget *delete = gtk_button_new_from_icon_name ("user-trash-symbolic");
  GtkEventController *focus = gtk_event_controller_focus_new ();

  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 22);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _ ("Bookmark name"), -1);
  g_signal_connect_swapped (entry, "activate", G_CALLBACK (rename_from), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (entry_focus_leave_cb), self);
  gtk_widget_add_controller (entry, focus);

  /* one width for every row's time, so the names line up */
  gtk_label_set_width_chars (GTK_LABEL (when), 20);
  gtk_label_set_xalign (GTK_LABEL (when), 1.0);
  gtk_button_set_child (GTK_BUTTON (go), when);
  gtk_widget_add_css_class (go, "flat");
  gtk_widget_add_css_class (go, "numeric");
  gtk_widget_set_tooltip_text (go, _ ("Go to This Bookmark"));
  g_signal_connect_swapped (go, "clicked", G_CALLBACK (go_clicked_cb), self);

  gtk_widget_add_css_class (delete, "flat");
  gtk_widget_set_tooltip_text (delete, _ ("Delete This Bookmark"));
  g_signal_connect_swapped (delete, "clicked", G_CALLBACK (delete_clicked_cb), self);

  g_object_set_data (G_OBJECT (entry), "hp-list-item", item);
  g_object_set_data (G_OBJECT (go), "hp-list-item", item);
  g_object_set_data (G_OBJECT (delete), "hp-list-item", item);
  g_object_set_data (G_OBJECT (box), "hp-entry", entry);
  g_object_set_data (G_OBJECT (box), "hp-when", when);

  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), go);
  gtk_box_append (GTK_BOX (box), delete);
  gtk_list_item_set_activatable (item, FALSE);
  gtk_list_item_set_child (item, box);
}

static void
bind_row_cb (HpBookmarksPopover       *self,
             GtkListItem              *item,
             GtkSignalListItemFactory *factory)
{
  HpBookmarkItem  *b = gtk_list_item_get_item (item);
  GtkWidget       *box = gtk_list_item_get_child (item);
  g_autofree char *start = hp_timeline_format_time (b->start);
  g_autofree char *when = NULL;

  if (b->end > b->start)
    {
      g_autofree char *length = hp_timeline_format_duration (b->end - b->start);

      /* Translators: where a bookmark is: its start time, then how long
       * its range is ("1.250 s, 3.4 ms") */
      when = g_strdup_printf (_ ("%s, %s"), start, length);
    }
  else
    when = g_strdup (start);
  gtk_editable_set_text (GTK_EDITABLE (g_object_get_data (G_OBJECT (box), "hp-entry")), b->name);
  gtk_label_set_text (GTK_LABEL (g_object_get_data (G_OBJECT (box), "hp-when")), when);
}

static void
rebuild (HpBookmarksPopover *self)
{
  HpTimelineBookmarks *marks;
  guint                n;

  if (self->renaming)
    return;
  marks = self->view != NULL ? hp_timeline_view_get_bookmarks (self->view) : NULL;
  hp_bookmarks_model_reset (self->model, marks);
  n = g_list_model_get_n_items (G_LIST_MODEL (self->model));
  gtk_widget_set_visible (self->scrolled, n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->empty), n == 0);
}

static void
hp_bookmarks_popover_dispose (GObject *object)
{
  HpBookmarksPopover *self = HP_BOOKMARKS_POPOVER (object);

  hp_bookmarks_popover_set_view (self, NULL);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (hp_bookmarks_popover_parent_class)->dispose (object);
}

static void
hp_bookmarks_popover_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  HpBookmarksPopover *self = HP_BOOKMARKS_POPOVER (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      g_value_set_object (value, self->view);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_bookmarks_popover_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  HpBookmarksPopover *self = HP_BOOKMARKS_POPOVER (object);

  switch (prop_id)
    {
    case PROP_VIEW:
      hp_bookmarks_popover_set_view (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_bookmarks_popover_class_init (HpBookmarksPopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = hp_bookmarks_popover_dispose;
  object_class->get_property = hp_bookmarks_popover_get_property;
  object_class->set_property = hp_bookmarks_popover_set_property;

  properties[PROP_VIEW] =
      g_param_spec_object ("view", NULL, NULL, HP_TYPE_TIMELINE_VIEW,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hp_bookmarks_popover_init (HpBookmarksPopover *self)
{
  GtkWidget          *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget          *title = gtk_label_new (_ ("Bookmarks"));
  GtkWidget          *scrolled = gtk_scrolled_window_new ();
  GtkWidget          *keys = gtk_label_new (_ ("M marks the selection · [ and ] go to the previous and next mark"));
  GtkListItemFactory *factory;

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (keys, "dim-label");
  gtk_widget_add_css_class (keys, "caption");
  gtk_label_set_wrap (GTK_LABEL (keys), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (keys), 40);
  gtk_label_set_xalign (GTK_LABEL (keys), 0);

  self->empty = GTK_LABEL (gtk_label_new (_ ("No bookmarks yet")));
  gtk_widget_add_css_class (GTK_WIDGET (self->empty), "dim-label");
  self->model = g_object_new (HP_TYPE_BOOKMARKS_MODEL, NULL);
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect_swapped (factory, "setup", G_CALLBACK (setup_row_cb), self);
  g_signal_connect_swapped (factory, "bind", G_CALLBACK (bind_row_cb), self);
  self->list = GTK_LIST_VIEW (gtk_list_view_new (
      GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->model)))), factory));
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "rich-list");
  self->scrolled = scrolled;
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), GTK_WIDGET (self->list));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 360);

  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->empty));
  gtk_box_append (GTK_BOX (box), scrolled);
  gtk_box_append (GTK_BOX (box), keys);
  gtk_popover_set_child (GTK_POPOVER (self), box);
  rebuild (self);
}

GtkWidget *
hp_bookmarks_popover_new (void)
{
  return g_object_new (HP_TYPE_BOOKMARKS_POPOVER, NULL);
}

/**
 * hp_bookmarks_popover_get_view:
 *
 * Returns: (transfer none) (nullable): the timeline whose bookmarks are listed
 */
HpTimelineView *
hp_bookmarks_popover_get_view (HpBookmarksPopover *self)
{
  g_return_val_if_fail (HP_IS_BOOKMARKS_POPOVER (self), NULL);
  return self->view;
}

/**
 * hp_bookmarks_popover_set_view:
 * @view: (nullable): the timeline whose bookmarks to list
 */
void
hp_bookmarks_popover_set_view (HpBookmarksPopover *self,
                               HpTimelineView     *view)
{
  g_return_if_fail (HP_IS_BOOKMARKS_POPOVER (self));
  g_return_if_fail (view == NULL || HP_IS_TIMELINE_VIEW (view));

  if (self->view == view)
    return;
  if (self->view != NULL)
    g_signal_handlers_disconnect_by_data (self->view, self);
  g_set_object (&self->view, view);
  if (view != NULL)
    g_signal_connect_swapped (view, "bookmarks-changed", G_CALLBACK (rebuild), self);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VIEW]);
}

/**
 * hp_bookmarks_popover_get_list:
 *
 * Returns: (transfer none): the list view, which makes the rows it shows,
 *   for tests
 */
GtkListView *
hp_bookmarks_popover_get_list (HpBookmarksPopover *self)
{
  g_return_val_if_fail (HP_IS_BOOKMARKS_POPOVER (self), NULL);
  return self->list;
}

/**
 * hp_bookmarks_popover_get_model:
 *
 * Returns: (transfer none): the listed bookmarks, one item per row
 */
GListModel *
hp_bookmarks_popover_get_model (HpBookmarksPopover *self)
{
  g_return_val_if_fail (HP_IS_BOOKMARKS_POPOVER (self), NULL);
  return G_LIST_MODEL (self->model);
}
