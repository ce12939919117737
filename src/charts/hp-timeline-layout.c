/* hp-timeline-layout.c — the timeline's geometry: the layout object, what is shown, and its ProfilerSteps.
 *
 * The layout is the timeline minus pixels. It keeps what is derived once
 * per trace (the ends of events, name colours, ProfilerStep bands, idle
 * gaps and counter series) and the rows of the lanes area, rebuilt by the
 * setter that changes what shows (a rank collapsed or hidden, a track
 * toggled). What the user arranged (shown and collapsed ranks, pinned and
 * hidden tracks, the gutter's width) is apart, in the layout's
 * #HpTimelineArrangement: the layout reads it to build its rows. Nothing
 * of a frame is kept here: the marks of a picture are an #HpTimelineFrame
 * the painter owns (hp-timeline-cull.c), and everything a painter or a hit
 * test reads takes a const layout. This file holds the object itself: its
 * lifetime, the flags, its side of the arrangement (checking tracks
 * against the trace, rebuilding the rows), the time bounds and the steps;
 * hp-timeline-layout-private.h lists the other parts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-timeline-layout-private.h"

/**
 * hp_timeline_layout_new:
 * @trace: a loaded trace
 *
 * Returns: (transfer full): the layout of @trace's timeline, every rank
 *   visible and expanded, with %HP_TIMELINE_SHOW_DEFAULT
 */
HpTimelineLayout *
hp_timeline_layout_new (HpTrace *trace)
{
  HpTimelineLayout *self;

  g_return_val_if_fail (trace != NULL, NULL);

  self = g_new0 (HpTimelineLayout, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->trace = hp_trace_ref (trace);
  self->flags = HP_TIMELINE_SHOW_DEFAULT;
  self->idle_delay = 30.0;
  self->arrangement = hp_timeline_arrangement_new (trace);
  self->n_ranks = hp_trace_get_n_ranks (trace);
  self->ranks = g_new0 (HpTimelineRankData, MAX (self->n_ranks, 1));
  self->t_min = G_MAXINT64;
  self->t_max = G_MININT64;

  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank       *r = hp_trace_get_rank (trace, k);
      HpTimelineRankData *rd = &self->ranks[k];

      rd->lane_stream = g_new (gint64, MAX (r->n_lanes, 1));
      rd->idle = g_new0 (GArray *, MAX (r->n_lanes, 1));
      rd->highlights = g_new0 (GArray *, MAX (r->n_lanes, 1));
      rd->ends = g_new0 (gint64 *, MAX (r->n_lanes, 1));
      for (guint l = 0; l < r->n_lanes; l++)
        {
          const HpLane *lane = &r->lanes[l];

          rd->lane_stream[l] = hp_rank_get_lane_stream (r, l);
          rd->ends[l] = g_new (gint64, MAX (lane->n_events, 1));
          for (guint p = 0; p < lane->n_events; p++)
            rd->ends[l][p] = hp_rank_get_event_end (r, lane->events[p]);
          /* depth 0 holds the outermost events: they bound the lane */
          if (lane->max_depth > 0 && lane->depth_start[1] > 0)
            {
              self->t_min = MIN (self->t_min, hp_rank_get_event_start (r, lane->events[0]));
              for (guint p = 0; p < lane->depth_start[1]; p++)
                self->t_max = MAX (self->t_max, hp_rank_get_event_end (r, lane->events[p]));
            }
        }
      rd->steps = hp_rank_get_steps (trace, r);
    }
  if (self->t_min > self->t_max)
    {
      self->t_min = 0;
      self->t_max = 1000;
    }
  if (self->t_max <= self->t_min)
    self->t_max = self->t_min + 1000;

  self->n_strings = hp_trace_get_n_strings (trace);
  self->name_colors = g_malloc (MAX (self->n_strings, 1));
  _hp_timeline_layout_hash_name_colors (self);

  self->rows = g_array_new (FALSE, FALSE, sizeof (HpTimelineRow));
  self->highlights = g_array_new (FALSE, FALSE, sizeof (HpTimelineHighlight));
  _hp_timeline_layout_build_rows (self);

  return self;
}

HpTimelineLayout *
hp_timeline_layout_ref (HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
hp_timeline_layout_unref (HpTimelineLayout *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  _hp_timeline_layout_clear_highlight_arrays (self);
  for (guint k = 0; k < self->n_ranks; k++)
    {
      HpTimelineRankData *rd = &self->ranks[k];
      const HpRank       *r = hp_trace_get_rank (self->trace, k);

      for (guint l = 0; l < r->n_lanes; l++)
        {
          g_clear_pointer (&rd->idle[l], g_array_unref);
          g_free (rd->ends[l]);
        }
      g_free (rd->idle);
      g_free (rd->ends);
      g_free (rd->highlights);
      g_free (rd->lane_stream);
      g_clear_pointer (&rd->steps, g_array_unref);
      g_clear_pointer (&rd->counters, g_ptr_array_unref);
      g_clear_pointer (&rd->memory, g_ptr_array_unref);
    }
  g_free (self->ranks);
  g_free (self->name_colors);
  hp_timeline_arrangement_free (self->arrangement);
  g_array_unref (self->rows);
  g_array_unref (self->highlights);
  hp_trace_unref (self->trace);
  g_free (self);
}

/**
 * hp_timeline_layout_get_trace:
 *
 * Returns: (transfer none): the trace
 */
HpTrace *
hp_timeline_layout_get_trace (const HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

/* after the arrangement changed: the rows are rebuilt now, so that
 * reading them later writes nothing */
static void
arrangement_changed (HpTimelineLayout *self,
                     gboolean          changed)
{
  if (!changed)
    return;
  _hp_timeline_layout_build_rows (self);
  self->generation++;
}

/**
 * hp_timeline_layout_set_flags:
 * @flags: the tracks and overlays to show
 *
 * The idle gaps and counter tracks show once
 * hp_timeline_layout_install_extras() has given them.
 */
void
hp_timeline_layout_set_flags (HpTimelineLayout *self,
                              HpTimelineFlags   flags)
{
  HpTimelineFlags changed;

  g_return_if_fail (self != NULL);

  if (self->flags == flags)
    return;
  changed = self->flags ^ flags;
  self->flags = flags;
  if (changed & (HP_TIMELINE_SHOW_COUNTERS | HP_TIMELINE_SHOW_MEMORY | HP_TIMELINE_SHOW_ITERATIONS))
    _hp_timeline_layout_build_rows (self);
  self->generation++;
}

HpTimelineFlags
hp_timeline_layout_get_flags (const HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->flags;
}

void
hp_timeline_layout_set_rank_visible (HpTimelineLayout *self,
                                     guint             rank_pos,
                                     gboolean          visible)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);

  arrangement_changed (self, hp_timeline_arrangement_set_rank_visible (self->arrangement, rank_pos, visible));
}

gboolean
hp_timeline_layout_get_rank_visible (const HpTimelineLayout *self,
                                     guint                   rank_pos)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  return hp_timeline_arrangement_get_rank_visible (self->arrangement, rank_pos);
}

void
hp_timeline_layout_set_rank_collapsed (HpTimelineLayout *self,
                                       guint             rank_pos,
                                       gboolean          collapsed)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);

  arrangement_changed (self, hp_timeline_arrangement_set_rank_collapsed (self->arrangement, rank_pos, collapsed));
}

gboolean
hp_timeline_layout_get_rank_collapsed (const HpTimelineLayout *self,
                                       guint                   rank_pos)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  return hp_timeline_arrangement_get_rank_collapsed (self->arrangement, rank_pos);
}

void
hp_timeline_layout_set_lane_visible (HpTimelineLayout *self,
                                     guint             rank_pos,
                                     guint             lane,
                                     gboolean          visible)
{
  const HpRank *r;

  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);
  r = hp_trace_get_rank (self->trace, rank_pos);
  g_return_if_fail (lane < r->n_lanes);

  hp_timeline_layout_set_track_hidden (self, &(HpTimelineTrack){ HP_TIMELINE_ROW_SLICES, rank_pos, lane }, !visible);
}

gboolean
hp_timeline_layout_get_lane_visible (const HpTimelineLayout *self,
                                     guint                   rank_pos,
                                     guint                   lane)
{
  const HpRank *r;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  r = hp_trace_get_rank (self->trace, rank_pos);
  g_return_val_if_fail (lane < r->n_lanes, FALSE);
  return hp_timeline_arrangement_get_lane_visible (self->arrangement, rank_pos, lane);
}

/**
 * hp_timeline_layout_get_generation:
 *
 * Returns: a number that changes whenever what the layout paints changes
 *   for the same viewport (rows, flags, highlights), for caches
 */
guint
hp_timeline_layout_get_generation (const HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->generation;
}

/**
 * hp_timeline_layout_get_arrangement:
 *
 * Returns: (transfer none): what the user arranged on the timeline; change
 *   it through the layout, which rebuilds its rows
 */
const HpTimelineArrangement *
hp_timeline_layout_get_arrangement (const HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->arrangement;
}

/**
 * hp_timeline_layout_get_bookmarks:
 *
 * Returns: (transfer none): the bookmarks of the layout's arrangement;
 *   changing them changes no row (call hp_timeline_painter_changed() for
 *   their overlay)
 */
HpTimelineBookmarks *
hp_timeline_layout_get_bookmarks (HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return hp_timeline_arrangement_get_bookmarks (self->arrangement);
}

/* Pinned and hidden tracks */

/* whether @track names something a layout of this trace can show: a lane
 * it has, a counter track by key (its series may come later) or by the
 * index of one it has */
static gboolean
track_is_valid (const HpTimelineLayout *self,
                const HpTimelineTrack  *track)
{
  if (track->kind == HP_TIMELINE_ROW_RANK || track->rank_pos >= self->n_ranks)
    return FALSE;
  if (track->kind == HP_TIMELINE_ROW_SLICES)
    return track->lane < hp_trace_get_rank (self->trace, track->rank_pos)->n_lanes;
  return track->key != NULL || track->lane < hp_timeline_layout_get_n_counters (self, track->rank_pos);
}

/* @track as the sets hold it: a lane without key; a counter track with its
 * interned key and the index of its series now */
static HpTimelineTrack
track_normalize (const HpTimelineLayout *self,
                 const HpTimelineTrack  *track)
{
  HpTimelineTrack out = *track;

  if (track->kind != HP_TIMELINE_ROW_COUNTER)
    out.key = NULL;
  else if (track->key != NULL)
    {
      out.key = hp_timeline_track_key_intern (track->key);
      out.lane = _hp_timeline_layout_find_counter (self, track->rank_pos, out.key);
    }
  else
    out.key = _hp_timeline_layout_get_counter_key (self, track->rank_pos, track->lane);
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

/**
 * hp_timeline_layout_set_track_pinned:
 * @track: a lane or another per-rank track
 * @pinned: whether it shows at the top, before every rank's group
 *
 * Pinned tracks show in the order they were pinned; pinning a hidden
 * track shows it again.
 */
void
hp_timeline_layout_set_track_pinned (HpTimelineLayout      *self,
                                     const HpTimelineTrack *track,
                                     gboolean               pinned)
{
  HpTimelineTrack t;

  g_return_if_fail (self != NULL && track != NULL);
  g_return_if_fail (track_is_valid (self, track));

  t = track_normalize (self, track);
  arrangement_changed (self, hp_timeline_arrangement_set_pinned (self->arrangement, &t, pinned));
}

gboolean
hp_timeline_layout_get_track_pinned (const HpTimelineLayout *self,
                                     const HpTimelineTrack  *track)
{
  HpTimelineTrack t;

  g_return_val_if_fail (self != NULL && track != NULL, FALSE);
  if (!track_is_valid (self, track))
    return FALSE;
  t = track_normalize (self, track);
  return hp_timeline_arrangement_get_pinned (self->arrangement, &t);
}

/**
 * hp_timeline_layout_set_track_hidden:
 * @track: a lane or another per-rank track
 * @hidden: whether to leave out its rows; hiding a pinned track unpins it
 */
void
hp_timeline_layout_set_track_hidden (HpTimelineLayout      *self,
                                     const HpTimelineTrack *track,
                                     gboolean               hidden)
{
  HpTimelineTrack t;

  g_return_if_fail (self != NULL && track != NULL);
  g_return_if_fail (track_is_valid (self, track));

  t = track_normalize (self, track);
  arrangement_changed (self, hp_timeline_arrangement_set_hidden (self->arrangement, &t, hidden));
}

gboolean
hp_timeline_layout_get_track_hidden (const HpTimelineLayout *self,
                                     const HpTimelineTrack  *track)
{
  HpTimelineTrack t;

  g_return_val_if_fail (self != NULL && track != NULL, FALSE);
  if (!track_is_valid (self, track))
    return FALSE;
  t = track_normalize (self, track);
  return hp_timeline_arrangement_get_hidden (self->arrangement, &t);
}

/**
 * hp_timeline_layout_get_pinned_tracks:
 * @n_tracks: (out): how many
 *
 * Returns: (transfer none) (array length=n_tracks): the pinned tracks,
 *   top to bottom; a counter track with the index its series has now, or
 *   %HP_TIMELINE_TRACK_ABSENT while the layout does not have it
 */
const HpTimelineTrack *
hp_timeline_layout_get_pinned_tracks (const HpTimelineLayout *self,
                                      guint                  *n_tracks)
{
  GArray *tracks;

  g_return_val_if_fail (self != NULL && n_tracks != NULL, NULL);

  tracks = hp_timeline_arrangement_get_pinned_tracks (self->arrangement);
  *n_tracks = tracks->len;
  return (const HpTimelineTrack *)(gpointer)tracks->data;
}

/**
 * hp_timeline_layout_get_hidden_tracks:
 * @n_tracks: (out): how many
 *
 * Returns: (transfer none) (array length=n_tracks): the hidden tracks, in
 *   the order they were hidden; counter tracks as
 *   hp_timeline_layout_get_pinned_tracks() gives them
 */
const HpTimelineTrack *
hp_timeline_layout_get_hidden_tracks (const HpTimelineLayout *self,
                                      guint                  *n_tracks)
{
  GArray *tracks;

  g_return_val_if_fail (self != NULL && n_tracks != NULL, NULL);

  tracks = hp_timeline_arrangement_get_hidden_tracks (self->arrangement);
  *n_tracks = tracks->len;
  return (const HpTimelineTrack *)(gpointer)tracks->data;
}

/**
 * hp_timeline_layout_show_hidden_tracks:
 *
 * Shows every hidden track again, where it was.
 */
void
hp_timeline_layout_show_hidden_tracks (HpTimelineLayout *self)
{
  g_return_if_fail (self != NULL);

  arrangement_changed (self, hp_timeline_arrangement_show_hidden (self->arrangement));
}

/**
 * hp_timeline_layout_set_gutter_width:
 * @width: the width of the lane-name column, in pixels; clamped to
 *   [%HP_TIMELINE_GUTTER_MIN_WIDTH, %HP_TIMELINE_GUTTER_MAX_WIDTH]
 */
void
hp_timeline_layout_set_gutter_width (HpTimelineLayout *self,
                                     double            width)
{
  g_return_if_fail (self != NULL);

  /* the rows stay: only where the time area starts moves */
  if (hp_timeline_arrangement_set_gutter_width (self->arrangement, width))
    self->generation++;
}

/**
 * hp_timeline_layout_get_gutter_width:
 *
 * Returns: the width of the lane-name column, in pixels: where the time
 *   area starts
 */
double
hp_timeline_layout_get_gutter_width (const HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, HP_TIMELINE_GUTTER_WIDTH);
  return hp_timeline_arrangement_get_gutter_width (self->arrangement);
}

/**
 * hp_timeline_layout_get_time_bounds:
 * @start: (out): the first event's start, ns
 * @end: (out): the last end of any event, ns
 */
void
hp_timeline_layout_get_time_bounds (const HpTimelineLayout *self,
                                    gint64                 *start,
                                    gint64                 *end)
{
  g_return_if_fail (self != NULL);

  if (start != NULL)
    *start = self->t_min;
  if (end != NULL)
    *end = self->t_max;
}

/**
 * hp_timeline_layout_get_steps:
 * @n_steps: (out): the number of steps
 *
 * Returns: (transfer none) (array length=n_steps): the rank's
 *   `ProfilerStep#N` ranges by start
 */
const HpStep *
hp_timeline_layout_get_steps (const HpTimelineLayout *self,
                              guint                   rank_pos,
                              guint                  *n_steps)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank_pos < self->n_ranks, NULL);

  *n_steps = self->ranks[rank_pos].steps->len;
  return (const HpStep *)(gpointer)self->ranks[rank_pos].steps->data;
}

/**
 * hp_timeline_layout_get_lane_stream:
 *
 * Returns: the GPU stream of a GPU lane, -1 for a host thread
 */
gint64
hp_timeline_layout_get_lane_stream (const HpTimelineLayout *self,
                                    guint                   rank_pos,
                                    guint                   lane)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (rank_pos < self->n_ranks, -1);
  return self->ranks[rank_pos].lane_stream[lane];
}
