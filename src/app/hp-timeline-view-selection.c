/* hp-timeline-view-selection.c — the timeline's selected event, range or area, highlights and search matches.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-timeline-view-private.h"

void
hp_timeline_view_emit_range_changed (HpTimelineView *self)
{
  g_signal_emit (self, hp_timeline_view_signals[RANGE_CHANGED], 0);
}

/**
 * hp_timeline_view_get_selection:
 * @rank: (out) (optional): the rank number
 * @event: (out) (optional): the event's position in that rank
 *
 * Returns: whether an event is selected
 */
gboolean
hp_timeline_view_get_selection (HpTimelineView *self,
                                int            *rank,
                                gint64         *event)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), FALSE);

  if (self->selected_event < 0)
    return FALSE;
  if (rank != NULL)
    *rank = hp_trace_get_rank (self->trace, (guint)self->selected_rank_pos)->rank;
  if (event != NULL)
    *event = self->selected_event;
  return TRUE;
}

/**
 * hp_timeline_view_select_event:
 * @rank: a rank number, or -1
 * @event: an event position in that rank, or -1 to clear the selection
 *
 * Selects an event, brings it into view and outlines it with its launch or
 * kernel flows. Emits #HpTimelineView::selection-changed.
 */
void
hp_timeline_view_select_event (HpTimelineView *self,
                               int             rank,
                               gint64          event)
{
  int pos;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  pos = hp_timeline_view_rank_position (self, rank);
  if (pos < 0 || event < 0 || event >= hp_trace_get_rank (self->trace, (guint)pos)->n_events)
    {
      pos = -1;
      event = -1;
    }
  if (pos == self->selected_rank_pos && event == self->selected_event)
    return;

  self->selected_rank_pos = pos;
  self->selected_event = event;
  if (self->painter != NULL)
    {
      hp_timeline_painter_set_selection (self->painter, pos, event);
      if (event >= 0)
        hp_timeline_view_reveal_event (self, (guint)pos, (guint32)event);
    }
  g_signal_emit (self, hp_timeline_view_signals[SELECTION_CHANGED], 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_show_events:
 * @rank: a rank number
 * @events: (element-type guint32): event positions in that rank, e.g. the
 *   instances of one kernel
 *
 * Highlights @events (replacing any search), and selects and shows the
 * first one. For linked views (Kernels, Launches, Idle time).
 */
void
hp_timeline_view_show_events (HpTimelineView *self,
                              int             rank,
                              GArray         *events)
{
  HpTimelineScene *scene;
  int              pos = hp_timeline_view_rank_position (self, rank);
  guint            rank_pos;
  guint32          first;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));
  g_return_if_fail (events != NULL);

  if (pos < 0)
    return;
  scene = self->scene;
  hp_timeline_scene_set_highlights (scene, (guint)pos, (const guint32 *)(gpointer)events->data, events->len);
  self->current_match = -1;
  if (hp_timeline_scene_get_highlight (scene, 0, &rank_pos, &first))
    {
      self->current_match = 0;
      hp_timeline_view_select_event (self, rank, first);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_add_highlights:
 * @rank: a rank number
 * @events: (element-type guint32): event positions in that rank
 *
 * Highlights @events too, keeping the highlights of
 * hp_timeline_view_show_events(): the same collective on other ranks.
 */
void
hp_timeline_view_add_highlights (HpTimelineView *self,
                                 int             rank,
                                 GArray         *events)
{
  int pos;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));
  g_return_if_fail (events != NULL);

  pos = hp_timeline_view_rank_position (self, rank);
  if (pos < 0)
    return;
  hp_timeline_scene_add_highlights (self->scene, (guint)pos,
                                    (const guint32 *)(gpointer)events->data, events->len);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_get_selected_range:
 * @start: (out) (optional): ns
 * @end: (out) (optional): ns
 *
 * Returns: whether a time range is selected
 */
gboolean
hp_timeline_view_get_selected_range (HpTimelineView *self,
                                     gint64         *start,
                                     gint64         *end)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), FALSE);

  return self->painter != NULL && hp_timeline_painter_get_range (self->painter, start, end);
}

/**
 * hp_timeline_view_set_selected_range:
 * @start: ns
 * @end: ns; @end ≤ @start drops the range
 *
 * Selects a time range across every lane, as a drag on the ruler does.
 * Emits #HpTimelineView::range-changed.
 */
void
hp_timeline_view_set_selected_range (HpTimelineView *self,
                                     gint64          start,
                                     gint64          end)
{
  hp_timeline_view_set_selected_area (self, start, end, NULL, 0);
}

/**
 * hp_timeline_view_set_selected_area:
 * @start: ns
 * @end: ns; @end ≤ @start drops the selection
 * @lanes: (array length=n_lanes) (nullable): the lanes of the area
 * @n_lanes: how many; 0 selects the range across every lane
 *
 * Selects an area, as a drag across the lanes does: a time range on some
 * lanes. Emits #HpTimelineView::range-changed.
 */
void
hp_timeline_view_set_selected_area (HpTimelineView  *self,
                                    gint64           start,
                                    gint64           end,
                                    const HpLaneRef *lanes,
                                    guint            n_lanes)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));
  g_return_if_fail (lanes != NULL || n_lanes == 0);

  if (self->painter == NULL)
    return;
  hp_timeline_painter_set_range (self->painter, start, end);
  hp_timeline_painter_set_range_lanes (self->painter, lanes, end > start ? n_lanes : 0);
  hp_timeline_view_emit_range_changed (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * hp_timeline_view_get_selected_lanes:
 * @n_lanes: (out): how many
 *
 * Returns: (transfer none) (array length=n_lanes) (nullable): the lanes
 *   of the selected area, by rank position then lane; %NULL when the
 *   selected range spans every lane or nothing is selected
 */
const HpLaneRef *
hp_timeline_view_get_selected_lanes (HpTimelineView *self,
                                     guint          *n_lanes)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), NULL);
  g_return_val_if_fail (n_lanes != NULL, NULL);

  *n_lanes = 0;
  if (!hp_timeline_view_get_selected_range (self, NULL, NULL))
    return NULL;
  return hp_timeline_painter_get_range_lanes (self->painter, n_lanes);
}

/**
 * hp_timeline_view_search:
 * @text: (nullable): a part of event names, any case; empty clears
 *
 * Highlights the events whose name contains @text.
 *
 * Returns: the number of matches
 */
guint
hp_timeline_view_search (HpTimelineView *self,
                         const char     *text)
{
  guint n;

  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), 0);

  if (self->painter == NULL)
    return 0;
  n = hp_timeline_scene_search (self->scene, text);
  self->current_match = -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return n;
}

guint
hp_timeline_view_get_n_matches (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), 0);

  if (self->painter == NULL)
    return 0;
  return hp_timeline_scene_get_n_highlights (self->scene);
}

/**
 * hp_timeline_view_get_current_match:
 *
 * Returns: the index of the match last jumped to, or -1
 */
int
hp_timeline_view_get_current_match (HpTimelineView *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), -1);
  return self->current_match;
}

/**
 * hp_timeline_view_next_match:
 * @direction: 1 for the next match in time, -1 for the previous
 *
 * Selects and shows the next match, wrapping around.
 */
void
hp_timeline_view_next_match (HpTimelineView *self,
                             int             direction)
{
  HpTimelineScene *scene;
  guint            n, rank_pos;
  guint32          event;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  n = hp_timeline_view_get_n_matches (self);
  if (n == 0)
    return;
  scene = self->scene;
  if (self->current_match < 0)
    self->current_match = direction >= 0 ? 0 : (int)n - 1;
  else
    self->current_match = (int)((self->current_match + (direction >= 0 ? 1 : n - 1)) % n);
  if (hp_timeline_scene_get_highlight (scene, (guint)self->current_match, &rank_pos, &event))
    hp_timeline_view_select_event (self, hp_trace_get_rank (self->trace, rank_pos)->rank, event);
}

/**
 * hp_timeline_view_select_match:
 * @index: a match, below hp_timeline_view_get_n_matches(); matches are in
 *   time order
 *
 * Selects and shows one match, which becomes the current one.
 */
void
hp_timeline_view_select_match (HpTimelineView *self,
                               guint           index)
{
  guint   rank_pos;
  guint32 event;

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (index >= hp_timeline_view_get_n_matches (self))
    return;
  self->current_match = (int)index;
  if (hp_timeline_scene_get_highlight (self->scene, index, &rank_pos, &event))
    hp_timeline_view_select_event (self, hp_trace_get_rank (self->trace, rank_pos)->rank, event);
}
