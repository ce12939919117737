/* hp-timeline-view.h — the interactive multi-rank timeline widget.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-charts.h"
#include "hp-core.h"
#include "hp-session.h"

G_BEGIN_DECLS

#define HP_TYPE_TIMELINE_VIEW (hp_timeline_view_get_type ())

G_DECLARE_FINAL_TYPE (HpTimelineView, hp_timeline_view, HP, TIMELINE_VIEW, GtkWidget)

GtkWidget              *hp_timeline_view_new (void);
HpTrace                *hp_timeline_view_get_trace (HpTimelineView *self);
void                    hp_timeline_view_set_trace (HpTimelineView *self,
                                                    HpTrace        *trace);
HpTimelinePainter      *hp_timeline_view_get_painter (HpTimelineView *self);
const HpTimelineLayout *hp_timeline_view_get_layout (HpTimelineView *self);
HpTimelineScene        *hp_timeline_view_get_scene (HpTimelineView *self);
HpSession              *hp_timeline_view_get_session (HpTimelineView *self);
void                    hp_timeline_view_set_session (HpTimelineView *self,
                                                      HpSession      *session);
GtkAdjustment          *hp_timeline_view_get_hadjustment (HpTimelineView *self);
GtkAdjustment          *hp_timeline_view_get_vadjustment (HpTimelineView *self);

HpTimelineFlags hp_timeline_view_get_flags (HpTimelineView *self);
void            hp_timeline_view_set_flags (HpTimelineView *self,
                                            HpTimelineFlags flags);
gboolean        hp_timeline_view_is_computing (HpTimelineView *self);
void            hp_timeline_view_set_idle_delay (HpTimelineView *self,
                                                 double          consecutive_kernel_delay);

void   hp_timeline_view_get_visible_range (HpTimelineView *self,
                                           gint64         *start,
                                           gint64         *end);
void   hp_timeline_view_set_visible_range (HpTimelineView *self,
                                           gint64          start,
                                           gint64          end);
void   hp_timeline_view_zoom (HpTimelineView *self,
                              double          factor,
                              double          anchor_x);
void   hp_timeline_view_pan (HpTimelineView *self,
                             double          fraction);
void   hp_timeline_view_zoom_to_fit (HpTimelineView *self);
void   hp_timeline_view_zoom_to_selection (HpTimelineView *self);
double hp_timeline_view_get_scroll (HpTimelineView *self);
void   hp_timeline_view_set_scroll (HpTimelineView *self,
                                    double          scroll_y);
void   hp_timeline_view_scroll_to_rank (HpTimelineView *self,
                                        int             rank);
void   hp_timeline_view_set_rank_collapsed (HpTimelineView *self,
                                            int             rank,
                                            gboolean        collapsed);

void     hp_timeline_view_set_state_file (HpTimelineView *self,
                                          const char     *path);
gboolean hp_timeline_view_open_lane_menu (HpTimelineView *self,
                                          double          x,
                                          double          y);
double   hp_timeline_view_get_gutter_width (HpTimelineView *self);
void     hp_timeline_view_set_gutter_width (HpTimelineView *self,
                                            double          width);

HpTimelineBookmarks *hp_timeline_view_get_bookmarks (HpTimelineView *self);
int                  hp_timeline_view_add_bookmark (HpTimelineView *self);
void                 hp_timeline_view_go_to_bookmark (HpTimelineView *self,
                                                      guint           index);
void                 hp_timeline_view_next_bookmark (HpTimelineView *self,
                                                     int             direction);
void                 hp_timeline_view_rename_bookmark (HpTimelineView *self,
                                                       guint           index,
                                                       const char     *name);
void                 hp_timeline_view_remove_bookmark (HpTimelineView *self,
                                                       guint           index);

gboolean hp_timeline_view_get_selection (HpTimelineView *self,
                                         int            *rank,
                                         gint64         *event);
void     hp_timeline_view_select_event (HpTimelineView *self,
                                        int             rank,
                                        gint64          event);
void     hp_timeline_view_add_highlights (HpTimelineView *self,
                                          int             rank,
                                          GArray         *events);
void     hp_timeline_view_show_events (HpTimelineView *self,
                                       int             rank,
                                       GArray         *events);
gboolean hp_timeline_view_get_selected_range (HpTimelineView *self,
                                              gint64         *start,
                                              gint64         *end);
void     hp_timeline_view_set_selected_range (HpTimelineView *self,
                                              gint64          start,
                                              gint64          end);

void             hp_timeline_view_set_selected_area (HpTimelineView  *self,
                                                     gint64           start,
                                                     gint64           end,
                                                     const HpLaneRef *lanes,
                                                     guint            n_lanes);
const HpLaneRef *hp_timeline_view_get_selected_lanes (HpTimelineView *self,
                                                      guint          *n_lanes);

guint hp_timeline_view_search (HpTimelineView *self,
                               const char     *text);
guint hp_timeline_view_get_n_matches (HpTimelineView *self);
int   hp_timeline_view_get_current_match (HpTimelineView *self);
void  hp_timeline_view_next_match (HpTimelineView *self,
                                   int             direction);
void  hp_timeline_view_select_match (HpTimelineView *self,
                                     guint           index);

gboolean hp_timeline_view_event_position (HpTimelineView *self,
                                          int             rank,
                                          gint64          event,
                                          double         *x,
                                          double         *y);
void     hp_timeline_view_move_pointer (HpTimelineView *self,
                                        double          x,
                                        double          y,
                                        gboolean        inside);
void     hp_timeline_view_click (HpTimelineView *self,
                                 double          x,
                                 double          y);
gboolean hp_timeline_view_export (HpTimelineView *self,
                                  const char     *path,
                                  GError        **error);

G_END_DECLS
