/* hp-timeline-tracks.c — the tracks of a timeline other than lanes: a rank's counter and memory tracks, known by their series' id.
 *
 * A rank's counter tracks are numbered as the rows show them: the counter
 * series (hp_timeline_scene_install_extras()), then the memory series
 * (hp_timeline_scene_set_memory_series()). The arrangement keeps a pinned
 * or hidden counter track by its series' id; resolving gives it the number
 * its series has now. The scene's setters, its rows and its extras all
 * read these; they call nothing back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-timeline-layout-private.h"

/**
 * hp_timeline_scene_get_n_counters:
 *
 * Returns: the number of counter tracks of a rank; 0 until
 *   hp_timeline_scene_install_extras() gave them
 */
guint
hp_timeline_scene_get_n_counters (const HpTimelineScene *self,
                                  guint                  rank_pos)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (rank_pos < self->n_ranks, 0);

  return (self->ranks[rank_pos].counters != NULL ? self->ranks[rank_pos].counters->len : 0) +
         (self->ranks[rank_pos].memory != NULL ? self->ranks[rank_pos].memory->len : 0);
}

/**
 * hp_timeline_scene_get_counter:
 *
 * Returns: (transfer none): a counter track of a rank
 */
const HpSeries *
hp_timeline_scene_get_counter (const HpTimelineScene *self,
                               guint                  rank_pos,
                               guint                  counter)
{
  const HpTimelineSceneRank *rd;
  guint                      n_counters;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank_pos < self->n_ranks, NULL);
  g_return_val_if_fail (counter < hp_timeline_scene_get_n_counters (self, rank_pos), NULL);

  rd = &self->ranks[rank_pos];
  n_counters = rd->counters != NULL ? rd->counters->len : 0;
  if (counter < n_counters)
    return g_ptr_array_index (rd->counters, counter);
  return g_ptr_array_index (rd->memory, counter - n_counters);
}

/* the interned id of a counter track's series */
const char *
_hp_timeline_scene_get_counter_key (const HpTimelineScene *self,
                                    guint                  rank_pos,
                                    guint                  counter)
{
  return hp_timeline_track_key_intern (hp_series_get_id (hp_timeline_scene_get_counter (self, rank_pos, counter)));
}

/* the counter track of a rank whose series has the id @key, or
 * %HP_TIMELINE_TRACK_ABSENT */
guint
_hp_timeline_scene_find_counter (const HpTimelineScene *self,
                                 guint                  rank_pos,
                                 const char            *key)
{
  guint n = hp_timeline_scene_get_n_counters (self, rank_pos);

  for (guint c = 0; c < n; c++)
    if (g_str_equal (hp_series_get_id (hp_timeline_scene_get_counter (self, rank_pos, c)), key))
      return c;
  return HP_TIMELINE_TRACK_ABSENT;
}

static void
resolve_set (HpTimelineScene *self,
             GArray          *tracks)
{
  for (guint i = 0; i < tracks->len; i++)
    {
      HpTimelineTrack *t = &g_array_index (tracks, HpTimelineTrack, i);

      if (t->kind == HP_TIMELINE_ROW_COUNTER)
        t->lane = _hp_timeline_scene_find_counter (self, t->rank_pos, t->key);
    }
}

/* gives the pinned and hidden counter tracks the index their series has
 * now, after counter or memory series came or went */
void
_hp_timeline_scene_resolve_tracks (HpTimelineScene *self)
{
  resolve_set (self, hp_timeline_arrangement_get_pinned_tracks (self->arrangement));
  resolve_set (self, hp_timeline_arrangement_get_hidden_tracks (self->arrangement));
}
