/* hp-timeline-scene.h — what one view shows of a timeline layout: the arrangement, flags, highlights, the results' tracks and the rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include "hp-timeline-layout.h"

G_BEGIN_DECLS

HpTimelineScene             *hp_timeline_scene_new (HpTimelineLayout *layout);
HpTimelineScene             *hp_timeline_scene_new_for_trace (HpTrace *trace);
HpTimelineScene             *hp_timeline_scene_ref (HpTimelineScene *self);
void                         hp_timeline_scene_unref (HpTimelineScene *self);
const HpTimelineLayout      *hp_timeline_scene_get_layout (const HpTimelineScene *self);
HpTrace                     *hp_timeline_scene_get_trace (const HpTimelineScene *self);
void                         hp_timeline_scene_set_flags (HpTimelineScene *self,
                                                          HpTimelineFlags  flags);
HpTimelineFlags              hp_timeline_scene_get_flags (const HpTimelineScene *self);
void                         hp_timeline_scene_set_idle_delay (HpTimelineScene *self,
                                                               double           consecutive_kernel_delay);
void                         hp_timeline_scene_set_rank_visible (HpTimelineScene *self,
                                                                 guint            rank_pos,
                                                                 gboolean         visible);
gboolean                     hp_timeline_scene_get_rank_visible (const HpTimelineScene *self,
                                                                 guint                  rank_pos);
void                         hp_timeline_scene_set_rank_collapsed (HpTimelineScene *self,
                                                                   guint            rank_pos,
                                                                   gboolean         collapsed);
gboolean                     hp_timeline_scene_get_rank_collapsed (const HpTimelineScene *self,
                                                                   guint                  rank_pos);
void                         hp_timeline_scene_set_lane_visible (HpTimelineScene *self,
                                                                 guint            rank_pos,
                                                                 guint            lane,
                                                                 gboolean         visible);
gboolean                     hp_timeline_scene_get_lane_visible (const HpTimelineScene *self,
                                                                 guint                  rank_pos,
                                                                 guint                  lane);
guint                        hp_timeline_scene_get_generation (const HpTimelineScene *self);
const HpTimelineArrangement *hp_timeline_scene_get_arrangement (const HpTimelineScene *self);
HpTimelineBookmarks         *hp_timeline_scene_get_bookmarks (HpTimelineScene *self);
gboolean                     hp_timeline_row_get_track (const HpTimelineRow *row,
                                                        HpTimelineTrack     *track);
void                         hp_timeline_scene_set_track_pinned (HpTimelineScene       *self,
                                                                 const HpTimelineTrack *track,
                                                                 gboolean               pinned);
gboolean                     hp_timeline_scene_get_track_pinned (const HpTimelineScene *self,
                                                                 const HpTimelineTrack *track);
void                         hp_timeline_scene_set_track_hidden (HpTimelineScene       *self,
                                                                 const HpTimelineTrack *track,
                                                                 gboolean               hidden);
gboolean                     hp_timeline_scene_get_track_hidden (const HpTimelineScene *self,
                                                                 const HpTimelineTrack *track);
const HpTimelineTrack       *hp_timeline_scene_get_pinned_tracks (const HpTimelineScene *self,
                                                                  guint                 *n_tracks);
const HpTimelineTrack       *hp_timeline_scene_get_hidden_tracks (const HpTimelineScene *self,
                                                                  guint                 *n_tracks);
void                         hp_timeline_scene_show_hidden_tracks (HpTimelineScene *self);
double                       hp_timeline_scene_get_pinned_band (const HpTimelineScene    *self,
                                                                const HpTimelineViewport *viewport);
void                         hp_timeline_scene_viewport_at (const HpTimelineScene    *self,
                                                            const HpTimelineViewport *viewport,
                                                            double                    y,
                                                            HpTimelineViewport       *out);
void                         hp_timeline_scene_set_gutter_width (HpTimelineScene *self,
                                                                 double           width);
double                       hp_timeline_scene_get_gutter_width (const HpTimelineScene *self);
const HpTimelineRow         *hp_timeline_scene_get_rows (const HpTimelineScene *self,
                                                         guint                 *n_rows);
double                       hp_timeline_scene_get_content_height (const HpTimelineScene *self);
int                          hp_timeline_scene_find_row (const HpTimelineScene *self,
                                                         double                 content_y);
int                          hp_timeline_scene_find_lane_row (const HpTimelineScene *self,
                                                              guint                  rank_pos,
                                                              guint                  lane,
                                                              guint                  depth);
double                       hp_timeline_scene_get_lanes_top (const HpTimelineScene *self);
const HpSeries              *hp_timeline_scene_get_counter (const HpTimelineScene *self,
                                                            guint                  rank_pos,
                                                            guint                  counter);
guint                        hp_timeline_scene_get_n_counters (const HpTimelineScene *self,
                                                               guint                  rank_pos);
void                         hp_timeline_scene_set_memory_series (HpTimelineScene *self,
                                                                  GPtrArray       *series);
void                         hp_timeline_scene_set_idle_gaps (HpTimelineScene *self,
                                                              HpIdleGaps      *gaps);
GArray                      *hp_timeline_scene_get_idle_intervals (const HpTimelineScene *self,
                                                                   guint                  rank_pos,
                                                                   guint                  lane);
HpTimelineExtras            *hp_timeline_extras_compute (HpTrace        *trace,
                                                         HpTimelineFlags what,
                                                         double          idle_delay,
                                                         GCancellable   *cancellable);
void                         hp_timeline_extras_free (HpTimelineExtras *extras);
HpTimelineFlags              hp_timeline_scene_get_missing (const HpTimelineScene *self,
                                                            HpTimelineFlags        flags);
void                         hp_timeline_scene_install_extras (HpTimelineScene  *self,
                                                               HpTimelineExtras *extras);
gboolean                     hp_timeline_scene_hit_test (const HpTimelineScene    *self,
                                                         const HpTimelineViewport *viewport,
                                                         double                    x,
                                                         double                    y,
                                                         HpTimelineHit            *hit);
guint                        hp_timeline_scene_search (HpTimelineScene *self,
                                                       const char      *needle);
void                         hp_timeline_scene_set_highlights (HpTimelineScene *self,
                                                               guint            rank_pos,
                                                               const guint32   *events,
                                                               guint            n_events);
void                         hp_timeline_scene_add_highlights (HpTimelineScene *self,
                                                               guint            rank_pos,
                                                               const guint32   *events,
                                                               guint            n_events);
void                         hp_timeline_scene_clear_highlights (HpTimelineScene *self);
guint                        hp_timeline_scene_get_n_highlights (const HpTimelineScene *self);
gboolean                     hp_timeline_scene_get_highlight (const HpTimelineScene *self,
                                                              guint                  i,
                                                              guint                 *rank_pos,
                                                              guint32               *event);
const GArray                *hp_timeline_scene_get_lane_highlights (const HpTimelineScene *self,
                                                                    guint                  rank_pos,
                                                                    guint                  lane);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTimelineScene, hp_timeline_scene_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTimelineExtras, hp_timeline_extras_free)

G_END_DECLS
