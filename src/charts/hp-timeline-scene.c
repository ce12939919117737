/* hp-timeline-scene.c — one view's timeline: its layout, what the user arranged, the flags, and the rows they give.
 *
 * A scene is what a view shows of a layout (#HpTimelineLayout, which it
 * holds a reference to and never writes): the user's arrangement (shown
 * and collapsed ranks, pinned and hidden tracks, bookmarks, the gutter's
 * width: #HpTimelineArrangement, the part that is saved), the flags of
 * what to draw, the highlights (hp-timeline-search.c), the tracks the
 * results add (counter and memory series, idle gaps: hp-timeline-extras.c)
 * and the rows of the lanes area, a function of all of these and the
 * layout (hp-timeline-rows.c), built again by the setter that changes one
 * of them. A painter, a frame, a mapper and a hit test read a scene const.
 * This file holds the object, the flags and the scene's side of the
 * arrangement (checking tracks against the trace, rebuilding the rows).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-timeline-layout-private.h"

/**
 * hp_timeline_scene_new:
 * @layout: the layout of a trace; the scene keeps a reference and only
 *   reads it
 *
 * Returns: (transfer full): a scene of @layout, every rank visible and
 *   expanded, with %HP_TIMELINE_SHOW_DEFAULT
 */
HpTimelineScene *
hp_timeline_scene_new (HpTimelineLayout *layout)
{
  HpTimelineScene *self;

  g_return_val_if_fail (layout != NULL, NULL);

  self = g_new0 (HpTimelineScene, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->layout = hp_timeline_layout_ref (layout);
  self->trace = layout->trace;
  self->n_ranks = layout->n_ranks;
  self->flags = HP_TIMELINE_SHOW_DEFAULT;
  self->idle_delay = 30.0;
  self->arrangement = hp_timeline_arrangement_new (self->trace);
  self->ranks = g_new0 (HpTimelineSceneRank, MAX (self->n_ranks, 1));
  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, k);

      self->ranks[k].idle = g_new0 (GArray *, MAX (r->n_lanes, 1));
      self->ranks[k].highlights = g_new0 (GArray *, MAX (r->n_lanes, 1));
    }
  self->rows = g_array_new (FALSE, FALSE, sizeof (HpTimelineRow));
  self->highlights = g_array_new (FALSE, FALSE, sizeof (HpTimelineHighlight));
  _hp_timeline_scene_build_rows (self);

  return self;
}

/**
 * hp_timeline_scene_new_for_trace:
 * @trace: a loaded trace
 *
 * A scene of a new layout of @trace, for a view alone on its trace.
 *
 * Returns: (transfer full): the scene
 */
HpTimelineScene *
hp_timeline_scene_new_for_trace (HpTrace *trace)
{
  g_autoptr (HpTimelineLayout) layout = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  layout = hp_timeline_layout_new (trace);
  return hp_timeline_scene_new (layout);
}

HpTimelineScene *
hp_timeline_scene_ref (HpTimelineScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
hp_timeline_scene_unref (HpTimelineScene *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  _hp_timeline_scene_clear_highlight_arrays (self);
  for (guint k = 0; k < self->n_ranks; k++)
    {
      HpTimelineSceneRank *sr = &self->ranks[k];
      const HpRank        *r = hp_trace_get_rank (self->trace, k);

      for (guint l = 0; l < r->n_lanes; l++)
        g_clear_pointer (&sr->idle[l], g_array_unref);
      g_free (sr->idle);
      g_free (sr->highlights);
      g_clear_pointer (&sr->counters, g_ptr_array_unref);
      g_clear_pointer (&sr->memory, g_ptr_array_unref);
    }
  g_free (self->ranks);
  hp_timeline_arrangement_free (self->arrangement);
  g_array_unref (self->rows);
  g_array_unref (self->highlights);
  hp_timeline_layout_unref ((HpTimelineLayout *)self->layout);
  g_free (self);
}

/**
 * hp_timeline_scene_get_layout:
 *
 * Returns: (transfer none): the layout the scene shows, only to be read
 */
const HpTimelineLayout *
hp_timeline_scene_get_layout (const HpTimelineScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->layout;
}

/**
 * hp_timeline_scene_get_trace:
 *
 * Returns: (transfer none): the trace of the scene's layout
 */
HpTrace *
hp_timeline_scene_get_trace (const HpTimelineScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

/* after the arrangement changed: the rows are rebuilt now, so that
 * reading them later writes nothing */
static void
arrangement_changed (HpTimelineScene *self,
                     gboolean         changed)
{
  if (!changed)
    return;
  _hp_timeline_scene_build_rows (self);
  self->generation++;
}

/**
 * hp_timeline_scene_set_flags:
 * @flags: the tracks and overlays to show
 *
 * The idle gaps and counter tracks show once
 * hp_timeline_scene_install_extras() has given them.
 */
void
hp_timeline_scene_set_flags (HpTimelineScene *self,
                             HpTimelineFlags  flags)
{
  HpTimelineFlags changed;

  g_return_if_fail (self != NULL);

  if (self->flags == flags)
    return;
  changed = self->flags ^ flags;
  self->flags = flags;
  if (changed & (HP_TIMELINE_SHOW_COUNTERS | HP_TIMELINE_SHOW_MEMORY | HP_TIMELINE_SHOW_ITERATIONS))
    _hp_timeline_scene_build_rows (self);
  self->generation++;
}

HpTimelineFlags
hp_timeline_scene_get_flags (const HpTimelineScene *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->flags;
}

void
hp_timeline_scene_set_rank_visible (HpTimelineScene *self,
                                    guint            rank_pos,
                                    gboolean         visible)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);

  arrangement_changed (self, hp_timeline_arrangement_set_rank_visible (self->arrangement, rank_pos, visible));
}

gboolean
hp_timeline_scene_get_rank_visible (const HpTimelineScene *self,
                                    guint                  rank_pos)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  return hp_timeline_arrangement_get_rank_visible (self->arrangement, rank_pos);
}

void
hp_timeline_scene_set_rank_collapsed (HpTimelineScene *self,
                                      guint            rank_pos,
                                      gboolean         collapsed)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);

  arrangement_changed (self, hp_timeline_arrangement_set_rank_collapsed (self->arrangement, rank_pos, collapsed));
}

gboolean
hp_timeline_scene_get_rank_collapsed (const HpTimelineScene *self,
                                      guint                  rank_pos)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  return hp_timeline_arrangement_get_rank_collapsed (self->arrangement, rank_pos);
}

void
hp_timeline_scene_set_lane_visible (HpTimelineScene *self,
                                    guint            rank_pos,
                                    guint            lane,
                                    gboolean         visible)
{
  const HpRank *r;

  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);
  r = hp_trace_get_rank (self->trace, rank_pos);
  g_return_if_fail (lane < r->n_lanes);

  hp_timeline_scene_set_track_hidden (self, &(HpTimelineTrack){ HP_TIMELINE_ROW_SLICES, rank_pos, lane }, !visible);
}

gboolean
hp_timeline_scene_get_lane_visible (const HpTimelineScene *self,
                                    guint                  rank_pos,
                                    guint                  lane)
{
  const HpRank *r;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  r = hp_trace_get_rank (self->trace, rank_pos);
  g_return_val_if_fail (lane < r->n_lanes, FALSE);
  return hp_timeline_arrangement_get_lane_visible (self->arrangement, rank_pos, lane);
}

/**
 * hp_timeline_scene_get_generation:
 *
 * Returns: a number that changes whenever what the layout paints changes
 *   for the same viewport (rows, flags, highlights), for caches
 */
guint
hp_timeline_scene_get_generation (const HpTimelineScene *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->generation;
}

/**
 * hp_timeline_scene_get_arrangement:
 *
 * Returns: (transfer none): what the user arranged on the timeline; change
 *   it through the layout, which rebuilds its rows
 */
const HpTimelineArrangement *
hp_timeline_scene_get_arrangement (const HpTimelineScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->arrangement;
}

/**
 * hp_timeline_scene_get_bookmarks:
 *
 * Returns: (transfer none): the bookmarks of the layout's arrangement;
 *   changing them changes no row (call hp_timeline_painter_changed() for
 *   their overlay)
 */
HpTimelineBookmarks *
hp_timeline_scene_get_bookmarks (HpTimelineScene *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return hp_timeline_arrangement_get_bookmarks (self->arrangement);
}

/* Pinned and hidden tracks */

/* whether @track names something a layout of this trace can show: a lane
 * it has, a counter track by key (its series may come later) or by the
 * index of one it has */
static gboolean
track_is_valid (const HpTimelineScene *self,
                const HpTimelineTrack *track)
{
  if (track->kind == HP_TIMELINE_ROW_RANK || track->rank_pos >= self->n_ranks)
    return FALSE;
  if (track->kind == HP_TIMELINE_ROW_SLICES)
    return track->lane < hp_trace_get_rank (self->trace, track->rank_pos)->n_lanes;
  return track->key != NULL || track->lane < hp_timeline_scene_get_n_counters (self, track->rank_pos);
}

/* @track as the sets hold it: a lane without key; a counter track with its
 * interned key and the index of its series now */
static HpTimelineTrack
track_normalize (const HpTimelineScene *self,
                 const HpTimelineTrack *track)
{
  HpTimelineTrack out = *track;

  if (track->kind != HP_TIMELINE_ROW_COUNTER)
    out.key = NULL;
  else if (track->key != NULL)
    {
      out.key = hp_timeline_track_key_intern (track->key);
      out.lane = _hp_timeline_scene_find_counter (self, track->rank_pos, out.key);
    }
  else
    out.key = _hp_timeline_scene_get_counter_key (self, track->rank_pos, track->lane);
  return out;
}

/**
 * hp_timeline_row_get_track:
 * @row: a row
 * @track: (out caller-allocates): the track @row belongs to
 *
 * Returns: whether @row belongs to a track (a rank's header does not)
 */
gboolean
hp_timeline_row_get_track (const HpTimelineRow *row,
                           HpTimelineTrack     *track)
{
  g_return_val_if_fail (row != NULL && track != NULL, FALSE);

  if (row->kind == HP_TIMELINE_ROW_RANK)
    return FALSE;
  track->kind = row->kind;
  track->rank_pos = row->rank_pos;
  track->lane = row->lane;
  track->key = NULL;
  return TRUE;
}

/* a track's flag in the arrangement, for the track as the arrangement
 * keys it */
static void
track_set (HpTimelineScene       *self,
           const HpTimelineTrack *track,
           gboolean (*set) (HpTimelineArrangement *, const HpTimelineTrack *, gboolean),
           gboolean value)
{
  HpTimelineTrack t = track_normalize (self, track);

  arrangement_changed (self, set (self->arrangement, &t, value));
}

static gboolean
track_get (const HpTimelineScene *self,
           const HpTimelineTrack *track,
           gboolean (*get) (const HpTimelineArrangement *, const HpTimelineTrack *))
{
  HpTimelineTrack t;

  if (!track_is_valid (self, track))
    return FALSE;
  t = track_normalize (self, track);
  return get (self->arrangement, &t);
}

/**
 * hp_timeline_scene_set_track_pinned:
 * @track: a lane or another per-rank track
 * @pinned: whether it shows at the top, before every rank's group
 *
 * Pinned tracks show in the order they were pinned; pinning a hidden
 * track shows it again.
 */
void
hp_timeline_scene_set_track_pinned (HpTimelineScene       *self,
                                    const HpTimelineTrack *track,
                                    gboolean               pinned)
{
  g_return_if_fail (self != NULL && track != NULL);
  g_return_if_fail (track_is_valid (self, track));
  track_set (self, track, hp_timeline_arrangement_set_pinned, pinned);
}

gboolean
hp_timeline_scene_get_track_pinned (const HpTimelineScene *self,
                                    const HpTimelineTrack *track)
{
  g_return_val_if_fail (self != NULL && track != NULL, FALSE);
  return track_get (self, track, hp_timeline_arrangement_get_pinned);
}

/**
 * hp_timeline_scene_set_track_hidden:
 * @track: a lane or another per-rank track
 * @hidden: whether to leave out its rows; hiding a pinned track unpins it
 */
void
hp_timeline_scene_set_track_hidden (HpTimelineScene       *self,
                                    const HpTimelineTrack *track,
                                    gboolean               hidden)
{
  g_return_if_fail (self != NULL && track != NULL);
  g_return_if_fail (track_is_valid (self, track));
  track_set (self, track, hp_timeline_arrangement_set_hidden, hidden);
}

gboolean
hp_timeline_scene_get_track_hidden (const HpTimelineScene *self,
                                    const HpTimelineTrack *track)
{
  g_return_val_if_fail (self != NULL && track != NULL, FALSE);
  return track_get (self, track, hp_timeline_arrangement_get_hidden);
}

/**
 * hp_timeline_scene_get_pinned_tracks:
 * @n_tracks: (out): how many
 *
 * Returns: (transfer none) (array length=n_tracks): the pinned tracks,
 *   top to bottom; a counter track with the index its series has now, or
 *   %HP_TIMELINE_TRACK_ABSENT while the layout does not have it
 */
const HpTimelineTrack *
hp_timeline_scene_get_pinned_tracks (const HpTimelineScene *self,
                                     guint                 *n_tracks)
{
  GArray *tracks;

  g_return_val_if_fail (self != NULL && n_tracks != NULL, NULL);

  tracks = hp_timeline_arrangement_get_pinned_tracks (self->arrangement);
  *n_tracks = tracks->len;
  return (const HpTimelineTrack *)(gpointer)tracks->data;
}

/**
 * hp_timeline_scene_get_hidden_tracks:
 * @n_tracks: (out): how many
 *
 * Returns: (transfer none) (array length=n_tracks): the hidden tracks, in
 *   the order they were hidden; counter tracks as
 *   hp_timeline_scene_get_pinned_tracks() gives them
 */
const HpTimelineTrack *
hp_timeline_scene_get_hidden_tracks (const HpTimelineScene *self,
                                     guint                 *n_tracks)
{
  GArray *tracks;

  g_return_val_if_fail (self != NULL && n_tracks != NULL, NULL);

  tracks = hp_timeline_arrangement_get_hidden_tracks (self->arrangement);
  *n_tracks = tracks->len;
  return (const HpTimelineTrack *)(gpointer)tracks->data;
}

/**
 * hp_timeline_scene_show_hidden_tracks:
 *
 * Shows every hidden track again, where it was.
 */
void
hp_timeline_scene_show_hidden_tracks (HpTimelineScene *self)
{
  g_return_if_fail (self != NULL);

  arrangement_changed (self, hp_timeline_arrangement_show_hidden (self->arrangement));
}

/**
 * hp_timeline_scene_set_gutter_width:
 * @width: the width of the lane-name column, in pixels; clamped to
 *   [%HP_TIMELINE_GUTTER_MIN_WIDTH, %HP_TIMELINE_GUTTER_MAX_WIDTH]
 */
void
hp_timeline_scene_set_gutter_width (HpTimelineScene *self,
                                    double           width)
{
  g_return_if_fail (self != NULL);

  /* the rows stay: only where the time area starts moves */
  if (hp_timeline_arrangement_set_gutter_width (self->arrangement, width))
    self->generation++;
}

/**
 * hp_timeline_scene_get_gutter_width:
 *
 * Returns: the width of the lane-name column, in pixels: where the time
 *   area starts
 */
double
hp_timeline_scene_get_gutter_width (const HpTimelineScene *self)
{
  g_return_val_if_fail (self != NULL, HP_TIMELINE_GUTTER_WIDTH);
  return hp_timeline_arrangement_get_gutter_width (self->arrangement);
}
