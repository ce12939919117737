/* hp-timeline-search-bar.c — the Timeline tab's search bar: find events by name and step through the matches.
 *
 * Typing searches the timeline's event names (hp_timeline_view_search());
 * Enter and the arrows step through the matches, Escape clears them and
 * closes the bar. A new search replaces whatever the timeline highlighted
 * before, so the bar tells its owner first (#HpTimelineSearchBar::search).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-timeline-search-bar.h"

struct _HpTimelineSearchBar
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkSearchBar   *bar;
  GtkSearchEntry *entry;
  GtkLabel       *match_label;

  HpTimelineView *view;
};

enum
{
  SEARCH,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (HpTimelineSearchBar, hp_timeline_search_bar, GTK_TYPE_WIDGET)

static guint signals[N_SIGNALS];

static void
search_changed_cb (HpTimelineSearchBar *self)
{
  if (self->view == NULL)
    return;
  g_signal_emit (self, signals[SEARCH], 0);
  hp_timeline_view_search (self->view, gtk_editable_get_text (GTK_EDITABLE (self->entry)));
  hp_timeline_search_bar_update (self);
}

static void
next_match_cb (HpTimelineSearchBar *self)
{
  if (self->view == NULL)
    return;
  hp_timeline_view_next_match (self->view, 1);
  hp_timeline_search_bar_update (self);
}

static void
previous_match_cb (HpTimelineSearchBar *self)
{
  if (self->view == NULL)
    return;
  hp_timeline_view_next_match (self->view, -1);
  hp_timeline_search_bar_update (self);
}

static void
stop_search_cb (HpTimelineSearchBar *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  gtk_search_bar_set_search_mode (self->bar, FALSE);
  if (self->view != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (self->view));
}

/* GObject */

static void
hp_timeline_search_bar_dispose (GObject *object)
{
  HpTimelineSearchBar *self = HP_TIMELINE_SEARCH_BAR (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), HP_TYPE_TIMELINE_SEARCH_BAR);
  g_clear_object (&self->view);

  G_OBJECT_CLASS (hp_timeline_search_bar_parent_class)->dispose (object);
}

static void
hp_timeline_search_bar_class_init (HpTimelineSearchBarClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_timeline_search_bar_dispose;

  /**
   * HpTimelineSearchBar::search:
   *
   * A new search is about to replace the timeline's highlights.
   */
  signals[SEARCH] =
      g_signal_new ("search", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-timeline-search-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, HpTimelineSearchBar, bar);
  gtk_widget_class_bind_template_child (widget_class, HpTimelineSearchBar, entry);
  gtk_widget_class_bind_template_child (widget_class, HpTimelineSearchBar, match_label);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_match_cb);
  gtk_widget_class_bind_template_callback (widget_class, previous_match_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hptimelinesearchbar");
}

static void
hp_timeline_search_bar_init (HpTimelineSearchBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_search_bar_connect_entry (self->bar, GTK_EDITABLE (self->entry));
}

/* Public API */

GtkWidget *
hp_timeline_search_bar_new (void)
{
  return g_object_new (HP_TYPE_TIMELINE_SEARCH_BAR, NULL);
}

/**
 * hp_timeline_search_bar_set_view:
 * @view: (nullable): the timeline to search
 */
void
hp_timeline_search_bar_set_view (HpTimelineSearchBar *self,
                                 HpTimelineView      *view)
{
  g_return_if_fail (HP_IS_TIMELINE_SEARCH_BAR (self));
  g_return_if_fail (view == NULL || HP_IS_TIMELINE_VIEW (view));

  g_set_object (&self->view, view);
}

/**
 * hp_timeline_search_bar_get_bar:
 *
 * Returns: (transfer none): the search bar, for a toggle button to bind
 *   its #GtkSearchBar:search-mode-enabled to
 */
GtkSearchBar *
hp_timeline_search_bar_get_bar (HpTimelineSearchBar *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_SEARCH_BAR (self), NULL);
  return self->bar;
}

/**
 * hp_timeline_search_bar_open:
 *
 * Opens the bar with the focus in its entry, as Ctrl+F does.
 */
void
hp_timeline_search_bar_open (HpTimelineSearchBar *self)
{
  g_return_if_fail (HP_IS_TIMELINE_SEARCH_BAR (self));

  gtk_search_bar_set_search_mode (self->bar, TRUE);
  gtk_widget_grab_focus (GTK_WIDGET (self->entry));
}

/**
 * hp_timeline_search_bar_search:
 * @text: (nullable): what to look for in event names, or %NULL to close
 *   the bar
 *
 * Searches for @text at once, as typing it would after a moment; %NULL
 * clears the matches and closes the bar, as Escape does.
 */
void
hp_timeline_search_bar_search (HpTimelineSearchBar *self,
                               const char          *text)
{
  g_return_if_fail (HP_IS_TIMELINE_SEARCH_BAR (self));

  gtk_search_bar_set_search_mode (self->bar, text != NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text != NULL ? text : "");
  /* the entry reports changes after a delay; do not wait for it */
  search_changed_cb (self);
}

/**
 * hp_timeline_search_bar_close:
 *
 * Empties the entry and closes the bar, leaving the timeline's highlights
 * to whoever comes next.
 */
void
hp_timeline_search_bar_close (HpTimelineSearchBar *self)
{
  g_return_if_fail (HP_IS_TIMELINE_SEARCH_BAR (self));

  /* closing the search clears its matches */
  if (*gtk_editable_get_text (GTK_EDITABLE (self->entry)) != '\0')
    gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
  gtk_search_bar_set_search_mode (self->bar, FALSE);
}

/**
 * hp_timeline_search_bar_update:
 *
 * Says how many events matched and which is selected, after the
 * timeline's selection changed.
 */
void
hp_timeline_search_bar_update (HpTimelineSearchBar *self)
{
  guint            n;
  int              current;
  g_autofree char *text = NULL;

  g_return_if_fail (HP_IS_TIMELINE_SEARCH_BAR (self));

  if (self->view == NULL)
    return;
  n = hp_timeline_view_get_n_matches (self->view);
  current = hp_timeline_view_get_current_match (self->view);
  if (*gtk_editable_get_text (GTK_EDITABLE (self->entry)) == '\0')
    text = g_strdup ("");
  else if (n == 0)
    text = g_strdup (_ ("No matches"));
  else if (current < 0)
    text = g_strdup_printf (ngettext ("%u match", "%u matches", n), n);
  else
    /* Translators: the current search match and how many there are */
    text = g_strdup_printf (_ ("%d of %u"), current + 1, n);
  gtk_label_set_text (self->match_label, text);
}

/**
 * hp_timeline_search_bar_get_match_text:
 *
 * Returns: what the bar says about the matches ("12 matches", "3 of 12",
 *   "No matches")
 */
const char *
hp_timeline_search_bar_get_match_text (HpTimelineSearchBar *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_SEARCH_BAR (self), NULL);
  return gtk_label_get_text (self->match_label);
}
