/* hp-timeline-view-private.h — what the files of HpTimelineView share.
 *
 * The functions below are grouped by the file that defines them, in the
 * order of hp-timeline-view.c's list: a file calls only the groups after
 * its own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-timeline-view.h"

G_BEGIN_DECLS

#define WHEEL_STEP 48.0
#define CLICK_SLOP 4.0

typedef enum
{
  DRAG_NONE,
  DRAG_PAN,
  DRAG_RANGE, /* on the ruler: a range across every lane */
  DRAG_AREA,  /* on the lanes: a range across the lanes crossed */
} DragMode;

struct _HpTimelineView
{
  GtkWidget parent_instance;

  HpTrace           *trace;
  HpSession         *session;      /* where the hover lives */
  HpSession         *given;        /* hp_timeline_view_set_session()'s */
  gboolean           own_session;  /* made for a trace shown without one */
  HpResult          *installed[2]; /* the session's results the scene shows */
  HpTimelineLayout  *layout;       /* the trace's, built once, only read */
  HpTimelineScene   *scene;        /* what the view shows of it: its state */
  HpTimelinePainter *painter;      /* paints the scene, changes nothing */
  HpTimelineFlags    flags;
  double             idle_delay;
  GCancellable      *extras_cancellable;
  HpTimelineFlags    extras_pending;
  GtkAdjustment     *hadjustment;
  GtkAdjustment     *vadjustment;
  GtkGesture        *drag;
  GtkGesture        *pinch;

  HpTimelineCamera camera; /* the visible window and the lanes' scroll */
  guint            syncing;

  /* the picture of the cached layers and what it shows */
  cairo_surface_t   *cache;
  HpTimelineViewport cache_viewport;
  guint              cache_generation;
  gboolean           cache_valid;
  gboolean           style_dark;

  double   pointer_x;
  double   pointer_y;
  gboolean pointer_inside;

  DragMode drag_mode;
  guint    drag_button;
  double   drag_x;
  double   drag_y;
  gint64   drag_t0;
  gint64   drag_t1;
  double   drag_scroll;
  gint64   pinch_t0;
  gint64   pinch_t1;

  int      selected_rank_pos;
  gint64   selected_event;
  gboolean reveal_pending; /* selected before the view had a size */
  int      last_height;
  int      current_match;

  /* hp-timeline-view-lanes.c: the saved arrangement, the lane menu, the
   * gutter's edge */
  char            *state_file;
  HpTimelineState *state;
  GtkWidget       *lane_menu;
  HpTimelineTrack  menu_track;
  int              menu_rank_pos;
  gboolean         menu_has_track;
  double           gutter_drag_width;
  gboolean         gutter_dragging;
  gboolean         gutter_cursor;

  /* hp-timeline-view-bookmarks.c */
  HpTimelineBookmarks *no_bookmarks; /* without a trace; else the scene's */
  guint                bookmarks_overlay;
  int                  current_bookmark;
};

enum
{
  PROP_0,
  PROP_TRACE,
  PROP_START,
  PROP_END,
  PROP_COMPUTING,
  N_PROPS
};

enum
{
  SELECTION_CHANGED,
  RANGE_CHANGED,
  BOOKMARKS_CHANGED,
  N_SIGNALS
};

extern GParamSpec *hp_timeline_view_properties[N_PROPS];
extern guint       hp_timeline_view_signals[N_SIGNALS];

/* hp-timeline-view-actions.c */
void hp_timeline_view_class_actions_init (GtkWidgetClass *widget_class);
void hp_timeline_view_init_shortcuts (HpTimelineView *self);

/* hp-timeline-view-gestures.c */
void hp_timeline_view_init_gestures (HpTimelineView *self);

/* hp-timeline-view-tooltips.c */
gboolean hp_timeline_view_query_tooltip (GtkWidget  *widget,
                                         int         x,
                                         int         y,
                                         gboolean    keyboard,
                                         GtkTooltip *tooltip);

/* hp-timeline-view-bookmarks.c */
void hp_timeline_view_class_bookmarks_init (GtkWidgetClass *widget_class);
void hp_timeline_view_bookmarks_attach (HpTimelineView *self);

/* hp-timeline-view-lanes.c */
void hp_timeline_view_class_lanes_init (GtkWidgetClass *widget_class);
void hp_timeline_view_lanes_init (HpTimelineView *self);
void hp_timeline_view_lanes_attach (HpTimelineView *self);
void hp_timeline_view_lanes_allocate (HpTimelineView *self);
void hp_timeline_view_lanes_dispose (HpTimelineView *self);
void hp_timeline_view_lanes_changed (HpTimelineView *self);
void hp_timeline_view_save_state (HpTimelineView *self);

/* hp-timeline-view-selection.c */
void hp_timeline_view_emit_range_changed (HpTimelineView *self);

/* hp-timeline-view-session.c */
void            hp_timeline_view_follow_trace (HpTimelineView *self);
HpTimelineFlags hp_timeline_view_sync_session_data (HpTimelineView *self);
gboolean        hp_timeline_view_session_computing (HpTimelineView *self);
void            hp_timeline_view_paint_dynamic (HpTimelineView           *self,
                                                cairo_t                  *cr,
                                                const HpTimelineViewport *viewport);

/* hp-timeline-view-geometry.c */
void     hp_timeline_view_init_adjustments (HpTimelineView *self);
void     hp_timeline_view_viewport (HpTimelineView     *self,
                                    HpTimelineViewport *v);
void     hp_timeline_view_mapper (HpTimelineView   *self,
                                  HpTimelineMapper *m);
int      hp_timeline_view_rank_position (HpTimelineView *self,
                                         int             rank);
double   hp_timeline_view_max_scroll (HpTimelineView *self);
void     hp_timeline_view_sync_adjustments (HpTimelineView *self);
gboolean hp_timeline_view_selected_row_extent (HpTimelineView *self,
                                               double         *top,
                                               double         *bottom);
void     hp_timeline_view_reveal_event (HpTimelineView *self,
                                        guint           rank_pos,
                                        guint32         event);
void     hp_timeline_view_update_hover (HpTimelineView *self);

G_END_DECLS
