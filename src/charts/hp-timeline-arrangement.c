/* hp-timeline-arrangement.c — what the user arranged on a timeline: hidden and collapsed ranks, pinned and hidden tracks, bookmarks, the gutter's width.
 *
 * The arrangement is the saved part of a view's state (its
 * #HpTimelineScene), apart from what the layout derives from the trace:
 * which ranks show and which are collapsed to their header, which tracks
 * are pinned to the top (in pin order) and which are hidden, the
 * bookmarks, and how wide the lane-name column is. It is plain data and
 * the one thing kept across sessions: the scene builds its rows from it
 * and the layout, #HpTimelineState turns it into bytes and back, and the
 * app decides where those bytes live. Tracks come as the scene normalizes
 * them: lanes by number, counter tracks by their interned key. Every
 * setter says whether it changed anything, so that the scene rebuilds its
 * rows only then.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-timeline-arrangement.h"

/* Counter tracks' keys, one copy of each: the sets compare keys by
 * pointer. GLib's interning would do, but it keeps every array it outgrows
 * and a state file's keys are the user's input; this set only grows by the
 * distinct keys read (a state file is at most 16 MiB). */
static GMutex      track_keys_lock;
static GHashTable *track_keys;

/**
 * hp_timeline_track_key_intern:
 * @key: a counter track's key (its series' id)
 *
 * Returns: (transfer none): the one copy of @key, for as long as the
 *   process runs
 */
const char *
hp_timeline_track_key_intern (const char *key)
{
  const char *interned;

  g_return_val_if_fail (key != NULL, NULL);

  g_mutex_lock (&track_keys_lock);
  if (track_keys == NULL)
    track_keys = g_hash_table_new (g_str_hash, g_str_equal);
  interned = g_hash_table_lookup (track_keys, key);
  if (interned == NULL)
    {
      char *copy = g_strdup (key);

      g_hash_table_add (track_keys, copy);
      interned = copy;
    }
  g_mutex_unlock (&track_keys_lock);
  return interned;
}

typedef struct
{
  gboolean  visible;
  gboolean  collapsed;
  guint     n_lanes;
  gboolean *lane_visible;
} RankArrangement;

struct _HpTimelineArrangement
{
  guint                n_ranks;
  RankArrangement     *ranks;
  GArray              *pinned; /* HpTimelineTrack, in pin order */
  GArray              *hidden; /* HpTimelineTrack, in the order hidden */
  double               gutter_width;
  HpTimelineBookmarks *bookmarks;
};

/**
 * hp_timeline_arrangement_new:
 * @trace: the trace the timeline shows
 *
 * Returns: (transfer full): every rank shown and expanded, every lane
 *   shown, nothing pinned, the default gutter
 */
HpTimelineArrangement *
hp_timeline_arrangement_new (HpTrace *trace)
{
  HpTimelineArrangement *self;

  g_return_val_if_fail (trace != NULL, NULL);

  self = g_new0 (HpTimelineArrangement, 1);
  self->n_ranks = hp_trace_get_n_ranks (trace);
  self->ranks = g_new0 (RankArrangement, MAX (self->n_ranks, 1));
  for (guint k = 0; k < self->n_ranks; k++)
    {
      RankArrangement *ra = &self->ranks[k];

      ra->visible = TRUE;
      ra->n_lanes = hp_trace_get_rank (trace, k)->n_lanes;
      ra->lane_visible = g_new (gboolean, MAX (ra->n_lanes, 1));
      for (guint l = 0; l < ra->n_lanes; l++)
        ra->lane_visible[l] = TRUE;
    }
  self->pinned = g_array_new (FALSE, FALSE, sizeof (HpTimelineTrack));
  self->hidden = g_array_new (FALSE, FALSE, sizeof (HpTimelineTrack));
  self->gutter_width = HP_TIMELINE_GUTTER_WIDTH;
  self->bookmarks = hp_timeline_bookmarks_new ();
  return self;
}

void
hp_timeline_arrangement_free (HpTimelineArrangement *self)
{
  if (self == NULL)
    return;
  for (guint k = 0; k < self->n_ranks; k++)
    g_free (self->ranks[k].lane_visible);
  g_free (self->ranks);
  hp_timeline_bookmarks_free (self->bookmarks);
  g_array_unref (self->pinned);
  g_array_unref (self->hidden);
  g_free (self);
}

guint
hp_timeline_arrangement_get_n_ranks (const HpTimelineArrangement *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_ranks;
}

static gboolean
set_switch (gboolean *value,
            gboolean  on)
{
  if (*value == !!on)
    return FALSE;
  *value = !!on;
  return TRUE;
}

/**
 * hp_timeline_arrangement_set_rank_visible:
 *
 * Returns: whether that changed the arrangement
 */
gboolean
hp_timeline_arrangement_set_rank_visible (HpTimelineArrangement *self,
                                          guint                  rank_pos,
                                          gboolean               visible)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  return set_switch (&self->ranks[rank_pos].visible, visible);
}

gboolean
hp_timeline_arrangement_get_rank_visible (const HpTimelineArrangement *self,
                                          guint                        rank_pos)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  return self->ranks[rank_pos].visible;
}

/**
 * hp_timeline_arrangement_set_rank_collapsed:
 *
 * Returns: whether that changed the arrangement
 */
gboolean
hp_timeline_arrangement_set_rank_collapsed (HpTimelineArrangement *self,
                                            guint                  rank_pos,
                                            gboolean               collapsed)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  return set_switch (&self->ranks[rank_pos].collapsed, collapsed);
}

gboolean
hp_timeline_arrangement_get_rank_collapsed (const HpTimelineArrangement *self,
                                            guint                        rank_pos)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  return self->ranks[rank_pos].collapsed;
}

/**
 * hp_timeline_arrangement_get_lane_visible:
 *
 * Returns: whether a lane shows: %FALSE once hidden, or for a lane the
 *   rank does not have
 */
gboolean
hp_timeline_arrangement_get_lane_visible (const HpTimelineArrangement *self,
                                          guint                        rank_pos,
                                          guint                        lane)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);

  if (lane >= self->ranks[rank_pos].n_lanes)
    return FALSE;
  return self->ranks[rank_pos].lane_visible[lane];
}

static int
track_find (GArray                *tracks,
            const HpTimelineTrack *track)
{
  for (guint i = 0; i < tracks->len; i++)
    {
      const HpTimelineTrack *t = &g_array_index (tracks, HpTimelineTrack, i);

      if (t->kind != track->kind || t->rank_pos != track->rank_pos)
        continue;
      /* counter tracks by their interned key, lanes by number */
      if (t->kind == HP_TIMELINE_ROW_COUNTER ? t->key == track->key : t->lane == track->lane)
        return (int)i;
    }
  return -1;
}

/* adds or removes @track from a set; TRUE when that changed it */
static gboolean
track_set_switch (GArray                *tracks,
                  const HpTimelineTrack *track,
                  gboolean               on)
{
  int i = track_find (tracks, track);

  if ((i >= 0) == !!on)
    return FALSE;
  if (on)
    g_array_append_val (tracks, *track);
  else
    g_array_remove_index (tracks, (guint)i);
  return TRUE;
}

/* a lane the arrangement knows of, or any other per-rank track */
static gboolean
track_fits (const HpTimelineArrangement *self,
            const HpTimelineTrack       *track)
{
  if (track->kind == HP_TIMELINE_ROW_RANK || track->rank_pos >= self->n_ranks)
    return FALSE;
  return track->kind != HP_TIMELINE_ROW_SLICES || track->lane < self->ranks[track->rank_pos].n_lanes;
}

/**
 * hp_timeline_arrangement_set_pinned:
 * @track: a lane, or a counter track by its interned key
 * @pinned: whether it shows at the top, after the tracks pinned before it
 *
 * Pinning a hidden track shows it again.
 *
 * Returns: whether that changed the arrangement
 */
gboolean
hp_timeline_arrangement_set_pinned (HpTimelineArrangement *self,
                                    const HpTimelineTrack *track,
                                    gboolean               pinned)
{
  gboolean changed = FALSE;

  g_return_val_if_fail (self != NULL && track != NULL, FALSE);
  g_return_val_if_fail (track_fits (self, track), FALSE);

  if (pinned)
    changed = hp_timeline_arrangement_set_hidden (self, track, FALSE);
  return track_set_switch (self->pinned, track, pinned) || changed;
}

gboolean
hp_timeline_arrangement_get_pinned (const HpTimelineArrangement *self,
                                    const HpTimelineTrack       *track)
{
  g_return_val_if_fail (self != NULL && track != NULL, FALSE);
  return track_find (self->pinned, track) >= 0;
}

/**
 * hp_timeline_arrangement_set_hidden:
 * @track: a lane, or a counter track by its interned key
 * @hidden: whether to leave out its rows; hiding a pinned track unpins it
 *
 * Returns: whether that changed the arrangement
 */
gboolean
hp_timeline_arrangement_set_hidden (HpTimelineArrangement *self,
                                    const HpTimelineTrack *track,
                                    gboolean               hidden)
{
  gboolean changed = FALSE;

  g_return_val_if_fail (self != NULL && track != NULL, FALSE);
  g_return_val_if_fail (track_fits (self, track), FALSE);

  if (hidden)
    changed = track_set_switch (self->pinned, track, FALSE);
  changed = track_set_switch (self->hidden, track, hidden) || changed;
  if (track->kind == HP_TIMELINE_ROW_SLICES)
    self->ranks[track->rank_pos].lane_visible[track->lane] = !hidden;
  return changed;
}

gboolean
hp_timeline_arrangement_get_hidden (const HpTimelineArrangement *self,
                                    const HpTimelineTrack       *track)
{
  g_return_val_if_fail (self != NULL && track != NULL, FALSE);
  return track_find (self->hidden, track) >= 0;
}

/**
 * hp_timeline_arrangement_get_pinned_tracks:
 *
 * Returns: (transfer none) (element-type HpTimelineTrack): the pinned
 *   tracks, top to bottom; the scene refreshes the index of counter
 *   tracks in place as their series come and go
 */
GArray *
hp_timeline_arrangement_get_pinned_tracks (HpTimelineArrangement *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->pinned;
}

/**
 * hp_timeline_arrangement_get_hidden_tracks:
 *
 * Returns: (transfer none) (element-type HpTimelineTrack): the hidden
 *   tracks, in the order they were hidden
 */
GArray *
hp_timeline_arrangement_get_hidden_tracks (HpTimelineArrangement *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->hidden;
}

/**
 * hp_timeline_arrangement_show_hidden:
 *
 * Shows every hidden track again, where it was.
 *
 * Returns: whether anything was hidden
 */
gboolean
hp_timeline_arrangement_show_hidden (HpTimelineArrangement *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->hidden->len == 0)
    return FALSE;
  for (guint k = 0; k < self->n_ranks; k++)
    for (guint l = 0; l < self->ranks[k].n_lanes; l++)
      self->ranks[k].lane_visible[l] = TRUE;
  g_array_set_size (self->hidden, 0);
  return TRUE;
}

/**
 * hp_timeline_arrangement_set_gutter_width:
 * @width: the width of the lane-name column, in pixels; rounded and
 *   clamped to [%HP_TIMELINE_GUTTER_MIN_WIDTH, %HP_TIMELINE_GUTTER_MAX_WIDTH]
 *
 * Returns: whether that changed the arrangement
 */
gboolean
hp_timeline_arrangement_set_gutter_width (HpTimelineArrangement *self,
                                          double                 width)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (isnan (width))
    return FALSE;
  width = CLAMP (round (width), HP_TIMELINE_GUTTER_MIN_WIDTH, HP_TIMELINE_GUTTER_MAX_WIDTH);
  if (self->gutter_width == width)
    return FALSE;
  self->gutter_width = width;
  return TRUE;
}

double
hp_timeline_arrangement_get_gutter_width (const HpTimelineArrangement *self)
{
  g_return_val_if_fail (self != NULL, HP_TIMELINE_GUTTER_WIDTH);
  return self->gutter_width;
}

/**
 * hp_timeline_arrangement_get_bookmarks:
 *
 * Returns: (transfer none): the timeline's bookmarks, kept with the rest of
 *   the arrangement; they change no row
 */
HpTimelineBookmarks *
hp_timeline_arrangement_get_bookmarks (HpTimelineArrangement *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->bookmarks;
}
