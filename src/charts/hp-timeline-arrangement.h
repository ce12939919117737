/* hp-timeline-arrangement.h — what the user arranged on a timeline: hidden and collapsed ranks, pinned and hidden tracks, bookmarks, the gutter's width.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include "hp-core.h"
#include "hp-timeline-bookmarks.h"
#include "hp-timeline-layout.h"

G_BEGIN_DECLS

HpTimelineArrangement *hp_timeline_arrangement_new (HpTrace *trace);
void                   hp_timeline_arrangement_free (HpTimelineArrangement *self);
guint                  hp_timeline_arrangement_get_n_ranks (const HpTimelineArrangement *self);
gboolean               hp_timeline_arrangement_set_rank_visible (HpTimelineArrangement *self,
                                                                 guint                  rank_pos,
                                                                 gboolean               visible);
gboolean               hp_timeline_arrangement_get_rank_visible (const HpTimelineArrangement *self,
                                                                 guint                        rank_pos);
gboolean               hp_timeline_arrangement_set_rank_collapsed (HpTimelineArrangement *self,
                                                                   guint                  rank_pos,
                                                                   gboolean               collapsed);
gboolean               hp_timeline_arrangement_get_rank_collapsed (const HpTimelineArrangement *self,
                                                                   guint                        rank_pos);
gboolean               hp_timeline_arrangement_get_lane_visible (const HpTimelineArrangement *self,
                                                                 guint                        rank_pos,
                                                                 guint                        lane);
gboolean               hp_timeline_arrangement_set_pinned (HpTimelineArrangement *self,
                                                           const HpTimelineTrack *track,
                                                           gboolean               pinned);
gboolean               hp_timeline_arrangement_get_pinned (const HpTimelineArrangement *self,
                                                           const HpTimelineTrack       *track);
gboolean               hp_timeline_arrangement_set_hidden (HpTimelineArrangement *self,
                                                           const HpTimelineTrack *track,
                                                           gboolean               hidden);
gboolean               hp_timeline_arrangement_get_hidden (const HpTimelineArrangement *self,
                                                           const HpTimelineTrack       *track);
GArray                *hp_timeline_arrangement_get_pinned_tracks (HpTimelineArrangement *self);
GArray                *hp_timeline_arrangement_get_hidden_tracks (HpTimelineArrangement *self);
gboolean               hp_timeline_arrangement_show_hidden (HpTimelineArrangement *self);
gboolean               hp_timeline_arrangement_set_gutter_width (HpTimelineArrangement *self,
                                                                 double                 width);
double                 hp_timeline_arrangement_get_gutter_width (const HpTimelineArrangement *self);
HpTimelineBookmarks   *hp_timeline_arrangement_get_bookmarks (HpTimelineArrangement *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTimelineArrangement, hp_timeline_arrangement_free)

const char *hp_timeline_track_key_intern (const char *key);

G_END_DECLS
