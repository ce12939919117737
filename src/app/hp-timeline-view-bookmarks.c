/* hp-timeline-view-bookmarks.c — HpTimelineView's bookmarks: M marks the selection, [ and ] jump between marks.
 *
 * The marks are the HpTimelineBookmarks of the scene's arrangement (so
 * they are saved with the rest of the folder's state), drawn by their
 * overlay as flags on the ruler; "bookmarks-changed" tells the list in the
 * Timeline tab. A view without a trace has an empty list of its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-timeline-view-private.h"

static void
bookmarks_changed (HpTimelineView *self)
{
  if (self->painter != NULL)
    hp_timeline_painter_changed (self->painter);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  hp_timeline_view_save_state (self);
  g_signal_emit (self, hp_timeline_view_signals[BOOKMARKS_CHANGED], 0);
}

/**
 * hp_timeline_view_get_bookmarks:
 *
 * Returns: (transfer none): the bookmarks, in time order; change them
 *   through the view so they are redrawn and saved
 */
HpTimelineBookmarks *
hp_timeline_view_get_bookmarks (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);

  if (self->painter != NULL)
    return hp_timeline_scene_get_bookmarks (self->scene);
  if (self->no_bookmarks == NULL)
    self->no_bookmarks = hp_timeline_bookmarks_new ();
  return self->no_bookmarks;
}

/**
 * hp_timeline_view_add_bookmark:
 *
 * Marks the selected time range, else the selected event's span, else
 * the visible window: what M does.
 *
 * Returns: the new bookmark's index, or -1 without a trace or when the
 *   timeline already has %HP_TIMELINE_BOOKMARKS_MAX (the bell rings)
 */
int
hp_timeline_view_add_bookmark (HpTimelineView *self)
{
  gint64           start = self->camera.t0, end = self->camera.t1;
  int              rank;
  gint64           event;
  guint            index;
  g_autofree char *name = NULL;

  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), -1);

  if (self->painter == NULL)
    return -1;
  if (!hp_timeline_view_get_selected_range (self, &start, &end) && hp_timeline_view_get_selection (self, &rank, &event))
    {
      const HpRank *r = hp_trace_get_rank (self->trace, (guint)self->selected_rank_pos);

      start = hp_rank_get_event_start (r, (guint32)event);
      end = hp_rank_get_event_end (r, (guint32)event);
    }
  /* Translators: the name a new timeline bookmark gets; %u counts them */
  name = g_strdup_printf (_ ("Mark %u"), hp_timeline_bookmarks_get_n_items (hp_timeline_view_get_bookmarks (self)) + 1);
  index = hp_timeline_bookmarks_add (hp_timeline_view_get_bookmarks (self), start, end, name);
  if (index == G_MAXUINT)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return -1;
    }
  self->current_bookmark = (int)index;
  bookmarks_changed (self);
  return (int)index;
}

/**
 * hp_timeline_view_go_to_bookmark:
 * @index: a bookmark
 *
 * Shows a bookmark: its range fills most of the window and becomes the
 * selected range; a point is centred at the current zoom.
 */
void
hp_timeline_view_go_to_bookmark (HpTimelineView *self,
                                 guint           index)
{
  const HpTimelineBookmark *b;
  gint64                    span, pad;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));
  g_return_if_fail (index < hp_timeline_bookmarks_get_n_items (hp_timeline_view_get_bookmarks (self)));

  b = hp_timeline_bookmarks_get (hp_timeline_view_get_bookmarks (self), index);
  self->current_bookmark = (int)index;
  if (b->end > b->start)
    {
      pad = MAX ((b->end - b->start) / 10, 1);
      hp_timeline_view_set_visible_range (self, b->start - pad, b->end + pad);
      hp_timeline_view_set_selected_range (self, b->start, b->end);
    }
  else
    {
      span = self->camera.t1 - self->camera.t0;
      hp_timeline_view_set_visible_range (self, b->start - span / 2, b->start - span / 2 + span);
    }
}

/**
 * hp_timeline_view_next_bookmark:
 * @direction: 1 for the next bookmark, -1 for the previous one
 *
 * Goes to the bookmark after (or before) the one last gone to, or after
 * (before) the middle of the window; stays at the last (first) one.
 */
void
hp_timeline_view_next_bookmark (HpTimelineView *self,
                                int             direction)
{
  guint n;
  int   i;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  n = hp_timeline_bookmarks_get_n_items (hp_timeline_view_get_bookmarks (self));
  if (n == 0)
    return;
  if (self->current_bookmark >= 0 && (guint)self->current_bookmark < n)
    i = CLAMP (self->current_bookmark + (direction >= 0 ? 1 : -1), 0, (int)n - 1);
  else
    {
      i = hp_timeline_bookmarks_find_next (hp_timeline_view_get_bookmarks (self), self->camera.t0 + (self->camera.t1 - self->camera.t0) / 2, direction);
      if (i < 0)
        i = direction >= 0 ? (int)n - 1 : 0;
    }
  hp_timeline_view_go_to_bookmark (self, (guint)i);
}

/**
 * hp_timeline_view_rename_bookmark:
 * @index: a bookmark
 * @name: its new name
 */
void
hp_timeline_view_rename_bookmark (HpTimelineView *self,
                                  guint           index,
                                  const char     *name)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));
  g_return_if_fail (index < hp_timeline_bookmarks_get_n_items (hp_timeline_view_get_bookmarks (self)));
  g_return_if_fail (name != NULL);

  if (g_strcmp0 (hp_timeline_bookmarks_get (hp_timeline_view_get_bookmarks (self), index)->name, name) == 0)
    return;
  hp_timeline_bookmarks_rename (hp_timeline_view_get_bookmarks (self), index, name);
  bookmarks_changed (self);
}

/**
 * hp_timeline_view_remove_bookmark:
 * @index: a bookmark
 */
void
hp_timeline_view_remove_bookmark (HpTimelineView *self,
                                  guint           index)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));
  g_return_if_fail (index < hp_timeline_bookmarks_get_n_items (hp_timeline_view_get_bookmarks (self)));

  hp_timeline_bookmarks_remove (hp_timeline_view_get_bookmarks (self), index);
  self->current_bookmark = -1;
  bookmarks_changed (self);
}

static void
add_bookmark_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  hp_timeline_view_add_bookmark (HP_TIMELINE_VIEW (widget));
}

static void
next_bookmark_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  hp_timeline_view_next_bookmark (HP_TIMELINE_VIEW (widget), 1);
}

static void
previous_bookmark_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  hp_timeline_view_next_bookmark (HP_TIMELINE_VIEW (widget), -1);
}

/* The bookmark actions and their keys */
void
hp_timeline_view_class_bookmarks_init (GtkWidgetClass *widget_class)
{
  /**
   * HpTimelineView::bookmarks-changed:
   *
   * A bookmark was added, renamed or removed, or the folder's were loaded
   * (hp_timeline_view_get_bookmarks()).
   */
  hp_timeline_view_signals[BOOKMARKS_CHANGED] =
      g_signal_new ("bookmarks-changed", G_TYPE_FROM_CLASS (widget_class), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "timeline.add-bookmark", NULL, add_bookmark_action);
  gtk_widget_class_install_action (widget_class, "timeline.next-bookmark", NULL, next_bookmark_action);
  gtk_widget_class_install_action (widget_class, "timeline.previous-bookmark", NULL, previous_bookmark_action);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, 0, "timeline.add-bookmark", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketright, 0, "timeline.next-bookmark", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_bracketleft, 0, "timeline.previous-bookmark", NULL);
}

/* A new trace (or none): its scene's arrangement comes with no marks,
 * the marks of another trace are gone with theirs; a new painter gets the
 * flags overlay */
void
hp_timeline_view_bookmarks_attach (HpTimelineView *self)
{
  self->current_bookmark = -1;
  if (self->painter != NULL)
    self->bookmarks_overlay = hp_timeline_painter_add_overlay (self->painter, HP_TIMELINE_LAYER_OVER, hp_timeline_bookmarks_paint,
                                                               hp_timeline_bookmarks_hit_test, hp_timeline_view_get_bookmarks (self), NULL);
  g_signal_emit (self, hp_timeline_view_signals[BOOKMARKS_CHANGED], 0);
}
