/* hp-timeline-view-private.h — what the files of HpTimelineView share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-timeline-view.h"

G_BEGIN_DECLS

/* the narrowest window, ns, and how far past the trace one may pan, in
 * window widths */
#define MIN_SPAN 100
#define EDGE_MARGIN 0.05
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
  HpTimelinePainter *painter;
  HpTimelineFlags    flags;
  double             idle_delay;
  GCancellable      *extras_cancellable;
  HpTimelineFlags    extras_pending;
  GtkAdjustment     *hadjustment;
  GtkAdjustment     *vadjustment;
  GtkGesture        *drag;
  GtkGesture        *pinch;

  gint64 t0;
  gint64 t1;
  double scroll_y;
  guint  syncing;

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
  int      hover_rank_pos;
  gint64   hover_event;
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
  HpTimelineBookmarks *bookmarks;
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

/* hp-timeline-view-gestures.c */
void hp_timeline_view_init_gestures (HpTimelineView *self);
void hp_timeline_view_update_hover (HpTimelineView *self);

/* hp-timeline-view-actions.c */
void hp_timeline_view_class_actions_init (GtkWidgetClass *widget_class);
void hp_timeline_view_init_shortcuts (HpTimelineView *self);

/* hp-timeline-view-tooltips.c */
gboolean hp_timeline_view_query_tooltip (GtkWidget  *widget,
                                         int         x,
                                         int         y,
                                         gboolean    keyboard,
                                         GtkTooltip *tooltip);

/* hp-timeline-view-lanes.c */
void hp_timeline_view_class_lanes_init (GtkWidgetClass *widget_class);
void hp_timeline_view_lanes_init (HpTimelineView *self);
void hp_timeline_view_lanes_attach (HpTimelineView *self);
void hp_timeline_view_lanes_allocate (HpTimelineView *self);
void hp_timeline_view_lanes_dispose (HpTimelineView *self);
void hp_timeline_view_lanes_changed (HpTimelineView *self);
void hp_timeline_view_save_state (HpTimelineView *self);

/* hp-timeline-view-bookmarks.c */
void hp_timeline_view_class_bookmarks_init (GtkWidgetClass *widget_class);
void hp_timeline_view_bookmarks_attach (HpTimelineView *self);

/* hp-timeline-view-selection.c */
void hp_timeline_view_emit_range_changed (HpTimelineView *self);

G_END_DECLS
