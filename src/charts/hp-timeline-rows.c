/* hp-timeline-rows.c — the rows of the timeline's lanes area: rank headers, one row per lane depth, counter tracks.
 *
 * The tracks pinned to the top come first, then each shown rank: its
 * header and, unless it is collapsed, its host threads, GPU streams and
 * other tracks, hidden and pinned ones left out (counter tracks known by
 * their series' key, wherever the series sits now). Rows are rebuilt when
 * what is shown changes (a rank hidden or collapsed, a track pinned or
 * hidden, counter or memory tracks toggled or given), by the setter that
 * changed it, so that reading them never writes the scene (and nothing
 * writes the layout); every frame and
 * hit test finds its rows in them by binary search.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-timeline-layout-private.h"

static void
add_row (HpTimelineScene  *self,
         HpTimelineRowKind kind,
         guint             rank_pos,
         guint             lane,
         guint             depth,
         double            height,
         gboolean          pinned)
{
  HpTimelineRow row = { kind, rank_pos, lane, depth, self->content_height, height, pinned };

  g_array_append_val (self->rows, row);
  self->content_height += height;
}

/* whether a track has rows to show: its rank shown, the track not hidden,
 * and something in it */
static gboolean
track_has_rows (const HpTimelineScene *self,
                const HpTimelineTrack *track)
{
  const HpTimelineSceneRank *rd = &self->ranks[track->rank_pos];

  if (!hp_timeline_arrangement_get_rank_visible (self->arrangement, track->rank_pos) ||
      hp_timeline_arrangement_get_hidden (self->arrangement, track))
    return FALSE;
  switch (track->kind)
    {
    case HP_TIMELINE_ROW_SLICES:
      return hp_trace_get_rank (self->trace, track->rank_pos)->lanes[track->lane].max_depth > 0;
    case HP_TIMELINE_ROW_COUNTER:
      /* the counter tracks, then the memory tracks, numbered as
       * hp_timeline_scene_get_counter() numbers them; @lane resolved
       * from the track's key (HP_TIMELINE_TRACK_ABSENT: no such series) */
      {
        guint n_counters = rd->counters != NULL ? rd->counters->len : 0;
        guint n_memory = rd->memory != NULL ? rd->memory->len : 0;

        if (track->lane < n_counters)
          return (self->flags & HP_TIMELINE_SHOW_COUNTERS) != 0;
        return (self->flags & HP_TIMELINE_SHOW_MEMORY) && track->lane < n_counters + n_memory;
      }
    case HP_TIMELINE_ROW_RANK:
    default:
      return FALSE;
    }
}

/* a track's rows (every depth of a lane), then the gap under it */
static void
add_track (HpTimelineScene       *self,
           const HpTimelineTrack *track,
           gboolean               pinned)
{
  if (track->kind == HP_TIMELINE_ROW_SLICES)
    {
      const HpLane *lane = &hp_trace_get_rank (self->trace, track->rank_pos)->lanes[track->lane];

      for (guint d = 0; d < lane->max_depth; d++)
        add_row (self, HP_TIMELINE_ROW_SLICES, track->rank_pos, track->lane, d, HP_TIMELINE_SLICE_HEIGHT, pinned);
      self->content_height += HP_TIMELINE_LANE_GAP;
    }
  else
    add_row (self, track->kind, track->rank_pos, track->lane, 0, HP_TIMELINE_COUNTER_HEIGHT, pinned);
}

/* a rank's own tracks, those pinned to the top left out */
static gboolean
add_group_track (HpTimelineScene       *self,
                 const HpTimelineTrack *track)
{
  if (!track_has_rows (self, track) || hp_timeline_arrangement_get_pinned (self->arrangement, track))
    return FALSE;
  add_track (self, track, FALSE);
  return TRUE;
}

static void
add_lanes (HpTimelineScene *self,
           guint            rank_pos,
           gboolean         gpu)
{
  const HpRank *r = hp_trace_get_rank (self->trace, rank_pos);

  for (guint l = 0; l < r->n_lanes; l++)
    if (!!r->lanes[l].is_gpu == gpu)
      add_group_track (self, &(HpTimelineTrack){ HP_TIMELINE_ROW_SLICES, rank_pos, l });
}

/* builds the rows again, from the arrangement as it is now */
void
_hp_timeline_scene_build_rows (HpTimelineScene *self)
{
  GArray *pinned;

  g_array_set_size (self->rows, 0);
  self->content_height = 0;
  _hp_timeline_scene_resolve_tracks (self);

  /* pinned tracks first, whatever their rank, even when it is collapsed */
  pinned = hp_timeline_arrangement_get_pinned_tracks (self->arrangement);
  for (guint i = 0; i < pinned->len; i++)
    {
      const HpTimelineTrack *track = &g_array_index (pinned, HpTimelineTrack, i);

      if (track_has_rows (self, track))
        add_track (self, track, TRUE);
    }
  self->n_pinned_rows = self->rows->len;
  if (self->n_pinned_rows > 0)
    self->content_height += HP_TIMELINE_LANE_GAP;
  self->pinned_height = self->content_height;

  for (guint k = 0; k < self->n_ranks; k++)
    {
      gboolean any = FALSE;

      if (!hp_timeline_arrangement_get_rank_visible (self->arrangement, k))
        continue;
      add_row (self, HP_TIMELINE_ROW_RANK, k, 0, 0, HP_TIMELINE_RANK_HEIGHT, FALSE);
      if (hp_timeline_arrangement_get_rank_collapsed (self->arrangement, k))
        continue;
      self->content_height += HP_TIMELINE_LANE_GAP;
      add_lanes (self, k, FALSE);
      add_lanes (self, k, TRUE);
      for (guint c = 0; c < hp_timeline_scene_get_n_counters (self, k); c++)
        any |= add_group_track (self, &(HpTimelineTrack){ HP_TIMELINE_ROW_COUNTER, k, c, _hp_timeline_scene_get_counter_key (self, k, c) });
      if (any)
        self->content_height += HP_TIMELINE_LANE_GAP;
    }
}

/**
 * hp_timeline_scene_get_rows:
 * @n_rows: (out): the number of rows
 *
 * Returns: (transfer none) (array length=n_rows): the rows, top to bottom
 */
const HpTimelineRow *
hp_timeline_scene_get_rows (const HpTimelineScene *self,
                            guint                 *n_rows)
{
  g_return_val_if_fail (self != NULL, NULL);

  *n_rows = self->rows->len;
  return (const HpTimelineRow *)(gpointer)self->rows->data;
}

/**
 * hp_timeline_scene_get_content_height:
 *
 * Returns: the height of all rows, in pixels (the scrollable extent)
 */
double
hp_timeline_scene_get_content_height (const HpTimelineScene *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->content_height;
}

/**
 * hp_timeline_scene_get_lanes_top:
 *
 * Returns: the height of the ruler (and of the step band when shown): where
 *   the lanes area starts
 */
double
hp_timeline_scene_get_lanes_top (const HpTimelineScene *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return HP_TIMELINE_RULER_HEIGHT +
         ((self->flags & HP_TIMELINE_SHOW_ITERATIONS) ? HP_TIMELINE_BAND_HEIGHT : 0);
}

/**
 * hp_timeline_scene_get_pinned_band:
 * @viewport: a picture
 *
 * The pinned tracks stay at the top of the lanes area when the lanes are
 * scrolled: that band shows the rows as if not scrolled, the rest of the
 * lanes scroll under it.
 *
 * Returns: the band's height on @viewport's picture, 0 when nothing is
 *   pinned or the lanes are not scrolled
 */
double
hp_timeline_scene_get_pinned_band (const HpTimelineScene    *self,
                                   const HpTimelineViewport *viewport)
{
  g_return_val_if_fail (self != NULL && viewport != NULL, 0);

  if (self->n_pinned_rows == 0 || viewport->scroll_y <= 0)
    return 0;
  return MAX (MIN (self->pinned_height, viewport->height - hp_timeline_scene_get_lanes_top (self)), 0);
}

/**
 * hp_timeline_scene_viewport_at:
 * @viewport: a picture
 * @y: a y on it
 * @out: (out caller-allocates): @viewport, unscrolled when @y is in the
 *   band of pinned tracks
 *
 * What to hit-test a point of a picture against.
 */
void
hp_timeline_scene_viewport_at (const HpTimelineScene    *self,
                               const HpTimelineViewport *viewport,
                               double                    y,
                               HpTimelineViewport       *out)
{
  double top, band;

  g_return_if_fail (self != NULL && viewport != NULL && out != NULL);

  *out = *viewport;
  top = hp_timeline_scene_get_lanes_top (self);
  band = hp_timeline_scene_get_pinned_band (self, viewport);
  if (y >= top && y < top + band)
    out->scroll_y = 0;
}

/* the first row whose bottom is below @y */
guint
_hp_timeline_scene_first_row_below (const HpTimelineScene *self,
                                    double                 y)
{
  const HpTimelineRow *rows = (const HpTimelineRow *)(gpointer)self->rows->data;
  guint                lo = 0, hi = self->rows->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (rows[mid].y + rows[mid].height <= y)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * hp_timeline_scene_find_row:
 * @content_y: a y in the lanes area, scrolling included
 *
 * Returns: the row at @content_y, or -1 (gaps between lanes, below the last)
 */
int
hp_timeline_scene_find_row (const HpTimelineScene *self,
                            double                 content_y)
{
  guint                i;
  const HpTimelineRow *row;

  g_return_val_if_fail (self != NULL, -1);

  i = _hp_timeline_scene_first_row_below (self, content_y);
  if (i >= self->rows->len)
    return -1;
  row = &g_array_index (self->rows, HpTimelineRow, i);
  return content_y >= row->y ? (int)i : -1;
}

/**
 * hp_timeline_scene_find_lane_row:
 *
 * Returns: the row showing a depth of a lane, or -1 when it is not shown
 *   (rank hidden or collapsed, lane hidden)
 */
int
hp_timeline_scene_find_lane_row (const HpTimelineScene *self,
                                 guint                  rank_pos,
                                 guint                  lane,
                                 guint                  depth)
{
  const HpTimelineRow *rows;
  guint                lo = 0, hi;

  g_return_val_if_fail (self != NULL, -1);

  rows = (const HpTimelineRow *)(gpointer)self->rows->data;
  for (; lo < self->n_pinned_rows; lo++)
    if (rows[lo].kind == HP_TIMELINE_ROW_SLICES && rows[lo].rank_pos == rank_pos && rows[lo].lane == lane && rows[lo].depth == depth)
      return (int)lo;
  hi = self->rows->len;
  /* after the pinned tracks, rows are ordered by rank; within a rank, walk */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (rows[mid].rank_pos < rank_pos)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (; lo < self->rows->len && rows[lo].rank_pos == rank_pos; lo++)
    if (rows[lo].kind == HP_TIMELINE_ROW_SLICES && rows[lo].lane == lane && rows[lo].depth == depth)
      return (int)lo;
  return -1;
}
