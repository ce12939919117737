/* hp-timeline-search.c — highlighted events on the timeline: search matches by name, or a given set of events.
 *
 * Highlights are kept twice: per lane as sorted positions in the lane's
 * events (what painting walks next to the culling), and for the whole
 * trace in time order (what "next match" steps through).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-timeline-layout-private.h"

static int
cmp_highlight (gconstpointer a,
               gconstpointer b)
{
  const HpTimelineHighlight *x = a;
  const HpTimelineHighlight *y = b;

  if (x->ts != y->ts)
    return x->ts < y->ts ? -1 : 1;
  if (x->rank_pos != y->rank_pos)
    return x->rank_pos < y->rank_pos ? -1 : 1;
  return (x->event > y->event) - (x->event < y->event);
}

static int
cmp_guint32 (gconstpointer a,
             gconstpointer b)
{
  guint32 x = *(const guint32 *)a;
  guint32 y = *(const guint32 *)b;

  return (x > y) - (x < y);
}

static void
add_lane_highlight (HpTimelineScene *self,
                    guint            rank_pos,
                    guint            lane,
                    guint32          position)
{
  GArray **slot = &self->ranks[rank_pos].highlights[lane];

  if (*slot == NULL)
    *slot = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (*slot, position);
}

/* drops every highlight */
void
_hp_timeline_scene_clear_highlight_arrays (HpTimelineScene *self)
{
  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, k);

      for (guint l = 0; l < r->n_lanes; l++)
        g_clear_pointer (&self->ranks[k].highlights[l], g_array_unref);
    }
  g_array_set_size (self->highlights, 0);
}

/**
 * hp_timeline_scene_search:
 * @needle: (nullable): text to look for in event names, any case; %NULL or
 *   empty clears the highlights
 *
 * Highlights every event whose name contains @needle.
 *
 * Returns: the number of matches
 */
guint
hp_timeline_scene_search (HpTimelineScene *self,
                          const char      *needle)
{
  g_autofree guint8 *matches = NULL;
  g_autofree char   *lower = NULL;

  g_return_val_if_fail (self != NULL, 0);

  _hp_timeline_scene_clear_highlight_arrays (self);
  self->generation++;
  if (needle == NULL || *needle == '\0')
    return 0;

  lower = g_ascii_strdown (needle, -1);
  matches = g_new0 (guint8, MAX (self->layout->n_strings, 1));
  for (guint i = 0; i < self->layout->n_strings; i++)
    {
      const char      *s = hp_trace_get_string (self->trace, i);
      g_autofree char *ls = NULL;

      if (s == NULL)
        continue;
      ls = g_ascii_strdown (s, -1);
      matches[i] = strstr (ls, lower) != NULL;
    }

  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, k);

      for (guint l = 0; l < r->n_lanes; l++)
        {
          const HpLane *lane = &r->lanes[l];

          for (guint p = 0; p < lane->n_events; p++)
            {
              guint32 e = lane->events[p];

              if (r->name[e] < self->layout->n_strings && matches[r->name[e]])
                {
                  HpTimelineHighlight h = { hp_rank_get_event_start (r, e), k, e };

                  add_lane_highlight (self, k, l, p);
                  g_array_append_val (self->highlights, h);
                }
            }
        }
    }
  g_array_sort (self->highlights, cmp_highlight);
  return self->highlights->len;
}

/**
 * hp_timeline_layout_find_event_position:
 * @position: (out): where @event sits in its lane's events
 *
 * Returns: whether @event is on a lane
 */
gboolean
hp_timeline_layout_find_event_position (const HpTimelineLayout *self,
                                        guint                   rank_pos,
                                        guint32                 event,
                                        guint                  *position)
{
  const HpRank *r;
  const HpLane *lane;
  guint         lo, hi, d;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  r = hp_trace_get_rank (self->trace, rank_pos);
  if (event >= r->n_events || hp_rank_lane (r, event) >= r->n_lanes)
    return FALSE;

  lane = hp_rank_get_event_lane (r, event);
  d = r->depth[event];
  if (d >= lane->max_depth)
    return FALSE;
  lo = lane->depth_start[d];
  hi = lane->depth_start[d + 1];
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (hp_rank_get_event_start (r, lane->events[mid]) < hp_rank_get_event_start (r, event))
        lo = mid + 1;
      else
        hi = mid;
    }
  for (; lo < lane->depth_start[d + 1] && hp_rank_get_event_start (r, lane->events[lo]) == hp_rank_get_event_start (r, event); lo++)
    if (lane->events[lo] == event)
      {
        *position = lo;
        return TRUE;
      }
  return FALSE;
}

/**
 * hp_timeline_scene_set_highlights:
 * @events: (array length=n_events): events of the rank
 *
 * Highlights exactly these events (instances of a kernel, a launch …),
 * replacing any search matches.
 */
void
hp_timeline_scene_set_highlights (HpTimelineScene *self,
                                  guint            rank_pos,
                                  const guint32   *events,
                                  guint            n_events)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);

  _hp_timeline_scene_clear_highlight_arrays (self);
  hp_timeline_scene_add_highlights (self, rank_pos, events, n_events);
}

/**
 * hp_timeline_scene_add_highlights:
 * @events: (array length=n_events): events of the rank
 *
 * Highlights these events too, keeping those already highlighted (on
 * other ranks: one collective on every rank).
 */
void
hp_timeline_scene_add_highlights (HpTimelineScene *self,
                                  guint            rank_pos,
                                  const guint32   *events,
                                  guint            n_events)
{
  const HpRank *r;

  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);

  self->generation++;
  r = hp_trace_get_rank (self->trace, rank_pos);
  for (guint i = 0; i < n_events; i++)
    {
      guint               p;
      HpTimelineHighlight h;

      if (!hp_timeline_layout_find_event_position (self->layout, rank_pos, events[i], &p))
        continue;
      add_lane_highlight (self, rank_pos, hp_rank_lane (r, events[i]), p);
      h.ts = hp_rank_get_event_start (r, events[i]);
      h.rank_pos = rank_pos;
      h.event = events[i];
      g_array_append_val (self->highlights, h);
    }
  for (guint l = 0; l < r->n_lanes; l++)
    if (self->ranks[rank_pos].highlights[l] != NULL)
      g_array_sort (self->ranks[rank_pos].highlights[l], cmp_guint32);
  g_array_sort (self->highlights, cmp_highlight);
}

void
hp_timeline_scene_clear_highlights (HpTimelineScene *self)
{
  g_return_if_fail (self != NULL);

  _hp_timeline_scene_clear_highlight_arrays (self);
  self->generation++;
}

guint
hp_timeline_scene_get_n_highlights (const HpTimelineScene *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->highlights->len;
}

/**
 * hp_timeline_scene_get_highlight:
 * @i: an index below hp_timeline_scene_get_n_highlights()
 * @rank_pos: (out): the rank position
 * @event: (out): the event
 *
 * Highlights are in time order (then rank), for "next match".
 */
gboolean
hp_timeline_scene_get_highlight (const HpTimelineScene *self,
                                 guint                  i,
                                 guint                 *rank_pos,
                                 guint32               *event)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (i >= self->highlights->len)
    return FALSE;
  *rank_pos = g_array_index (self->highlights, HpTimelineHighlight, i).rank_pos;
  *event = g_array_index (self->highlights, HpTimelineHighlight, i).event;
  return TRUE;
}

/**
 * hp_timeline_scene_get_lane_highlights:
 *
 * Returns: (transfer none) (nullable) (element-type guint32): the
 *   highlighted positions of a lane's events, ascending (so by depth, then
 *   time), or %NULL
 */
const GArray *
hp_timeline_scene_get_lane_highlights (const HpTimelineScene *self,
                                       guint                  rank_pos,
                                       guint                  lane)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank_pos < self->n_ranks, NULL);
  return self->ranks[rank_pos].highlights[lane];
}
