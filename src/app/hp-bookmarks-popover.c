/* hp-bookmarks-popover.c — the list of a timeline's bookmarks: jump to one, rename it, delete it.
 *
 * One row per bookmark, in time order: its name in an entry (Enter or
 * leaving the entry renames it), its time as a button that jumps there,
 * and a delete button. The list follows the view's "bookmarks-changed".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-bookmarks-popover.h"

struct _HpBookmarksPopover
{
  GtkPopover parent_instance;

  GtkListBox *list;
  GtkLabel   *empty;

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

static guint
row_index (GtkWidget *child)
{
  GtkWidget *row = gtk_widget_get_ancestor (child, GTK_TYPE_LIST_BOX_ROW);

  return (guint)gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row));
}

static void
go_clicked_cb (HpBookmarksPopover *self,
               GtkButton          *button)
{
  hp_timeline_view_go_to_bookmark (self->view, row_index (GTK_WIDGET (button)));
  gtk_popover_popdown (GTK_POPOVER (self));
}

static void
delete_clicked_cb (HpBookmarksPopover *self,
                   GtkButton          *button)
{
  hp_timeline_view_remove_bookmark (self->view, row_index (GTK_WIDGET (button)));
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

static GtkWidget *
make_row (HpBookmarksPopover       *self,
          const HpTimelineBookmark *b)
{
  GtkWidget          *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget          *entry = gtk_entry_new ();
  GtkWidget          *go, *delete;
  GtkEventController *focus = gtk_event_controller_focus_new ();
  g_autofree char    *start = hp_timeline_format_time (b->start);
  g_autofree char    *when = NULL;

  if (b->end > b->start)
    {
      g_autofree char *length = hp_timeline_format_duration (b->end - b->start);

      /* Translators: where a bookmark is: its start time, then how long
       * its range is ("1.250 s, 3.4 ms") */
      when = g_strdup_printf (_ ("%s, %s"), start, length);
    }
  else
    when = g_strdup (start);

  gtk_editable_set_text (GTK_EDITABLE (entry), b->name);
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 22);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, _ ("Bookmark name"), -1);
  g_signal_connect_swapped (entry, "activate", G_CALLBACK (rename_from), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (entry_focus_leave_cb), self);
  gtk_widget_add_controller (entry, focus);

  go = gtk_button_new_with_label (when);
  gtk_widget_add_css_class (go, "flat");
  gtk_widget_add_css_class (go, "numeric");
  gtk_widget_set_tooltip_text (go, _ ("Go to This Bookmark"));
  g_signal_connect_swapped (go, "clicked", G_CALLBACK (go_clicked_cb), self);

  delete = gtk_button_new_from_icon_name ("user-trash-symbolic");
  gtk_widget_add_css_class (delete, "flat");
  gtk_widget_set_tooltip_text (delete, _ ("Delete This Bookmark"));
  g_signal_connect_swapped (delete, "clicked", G_CALLBACK (delete_clicked_cb), self);

  gtk_box_append (GTK_BOX (box), entry);
  gtk_box_append (GTK_BOX (box), go);
  gtk_box_append (GTK_BOX (box), delete);
  return box;
}

static void
rebuild (HpBookmarksPopover *self)
{
  HpTimelineBookmarks *marks;
  GtkWidget           *child;
  guint                n;

  if (self->renaming)
    return;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  marks = self->view != NULL ? hp_timeline_view_get_bookmarks (self->view) : NULL;
  n = marks != NULL ? hp_timeline_bookmarks_get_n_items (marks) : 0;
  for (guint i = 0; i < n; i++)
    gtk_list_box_append (self->list, make_row (self, hp_timeline_bookmarks_get (marks, i)));
  gtk_widget_set_visible (GTK_WIDGET (self->list), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->empty), n == 0);
}

static void
hp_bookmarks_popover_dispose (GObject *object)
{
  HpBookmarksPopover *self = HP_BOOKMARKS_POPOVER (object);

  hp_bookmarks_popover_set_view (self, NULL);

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
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *title = gtk_label_new (_ ("Bookmarks"));
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *keys = gtk_label_new (_ ("M marks the selection · [ and ] go to the previous and next mark"));

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (keys, "dim-label");
  gtk_widget_add_css_class (keys, "caption");
  gtk_label_set_wrap (GTK_LABEL (keys), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (keys), 40);
  gtk_label_set_xalign (GTK_LABEL (keys), 0);

  self->empty = GTK_LABEL (gtk_label_new (_ ("No bookmarks yet")));
  gtk_widget_add_css_class (GTK_WIDGET (self->empty), "dim-label");
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
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
 * Returns: (transfer none): the list, one row per bookmark, for tests
 */
GtkListBox *
hp_bookmarks_popover_get_list (HpBookmarksPopover *self)
{
  g_return_val_if_fail (HP_IS_BOOKMARKS_POPOVER (self), NULL);
  return self->list;
}
