/* hp-timeline-layout.h — the timeline's geometry: rows, tracks, what is at a point; the mapper of a picture.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-chart.h"
#include "hp-core.h"

G_BEGIN_DECLS

/* Sizes in user-space pixels. */
#define HP_TIMELINE_RULER_HEIGHT 24.0
#define HP_TIMELINE_BAND_HEIGHT 18.0
#define HP_TIMELINE_GUTTER_WIDTH 168.0
#define HP_TIMELINE_RANK_HEIGHT 26.0
#define HP_TIMELINE_SLICE_HEIGHT 20.0
#define HP_TIMELINE_COUNTER_HEIGHT 36.0
#define HP_TIMELINE_LANE_GAP 4.0
/* boxes narrower than this get no label */
#define HP_TIMELINE_MIN_LABEL_WIDTH 20.0

#define HP_TIMELINE_MAX_TICKS 64

/* Colour indices of marks: the kernel classes (in #HpKernelClass order),
 * one neutral colour for runs of host events narrower than a pixel (their
 * name colours would only be noise), then the muted palette of host-side
 * names. */
#define HP_TIMELINE_N_NAME_COLORS 12
#define HP_TIMELINE_COLOR_DENSE HP_N_KERNEL_CLASSES
#define HP_TIMELINE_COLOR_NAME_BASE (HP_TIMELINE_COLOR_DENSE + 1)
#define HP_TIMELINE_N_COLORS (HP_TIMELINE_COLOR_NAME_BASE + HP_TIMELINE_N_NAME_COLORS)

/**
 * HpTimelineFlags:
 * @HP_TIMELINE_SHOW_IDLE: shade the idle gaps of GPU streams by category
 * @HP_TIMELINE_SHOW_FLOWS: draw launch → kernel arrows for the selected
 *   event (and for every launch inside a selected time range)
 * @HP_TIMELINE_SHOW_ITERATIONS: the ProfilerStep band under the ruler and
 *   the step boundaries across the lanes
 * @HP_TIMELINE_SHOW_COUNTERS: queue length and memory bandwidth tracks
 *   after each rank's GPU streams
 * @HP_TIMELINE_SHOW_MEMORY: the memory allocated and reserved per device,
 *   after the counter tracks, with the peak marked (series given with
 *   hp_timeline_scene_set_memory_series())
 *
 * What the timeline draws besides the lanes.
 */
typedef enum
{
  HP_TIMELINE_SHOW_NONE = 0,
  HP_TIMELINE_SHOW_IDLE = 1 << 0,
  HP_TIMELINE_SHOW_FLOWS = 1 << 1,
  HP_TIMELINE_SHOW_ITERATIONS = 1 << 2,
  HP_TIMELINE_SHOW_COUNTERS = 1 << 3,
  HP_TIMELINE_SHOW_MEMORY = 1 << 4,
} HpTimelineFlags;

#define HP_TIMELINE_SHOW_DEFAULT (HP_TIMELINE_SHOW_FLOWS | HP_TIMELINE_SHOW_ITERATIONS)

/**
 * HpTimelineViewport:
 * @t0: the first visible time, ns (the trace's aligned clock, 0 = job start)
 * @t1: the end of the visible window, ns (exclusive, > @t0)
 * @width: the size of the whole picture (gutter, ruler and lanes), in
 *   user-space pixels
 * @height:
 * @scroll_y: how far the lanes are scrolled up, in pixels
 * @scale: device pixels per user-space pixel; sub-pixel events merge per
 *   device pixel column
 *
 * What part of the timeline a picture shows.
 */
typedef struct
{
  gint64 t0;
  gint64 t1;
  int    width;
  int    height;
  double scroll_y;
  double scale;
} HpTimelineViewport;

typedef enum
{
  HP_TIMELINE_ROW_RANK,    /* the header of a rank group */
  HP_TIMELINE_ROW_SLICES,  /* one depth of a lane */
  HP_TIMELINE_ROW_COUNTER, /* a counter track */
} HpTimelineRowKind;

/**
 * HpTimelineRow:
 * @kind: what the row shows
 * @rank_pos: the rank's position in the trace
 * @lane: the lane (#HP_TIMELINE_ROW_SLICES) or the counter
 *   (#HP_TIMELINE_ROW_COUNTER) of the rank
 * @depth: the nesting depth (#HP_TIMELINE_ROW_SLICES)
 * @y: top of the row in the lanes area, before scrolling
 * @height: its height
 * @pinned: the row belongs to a track pinned to the top
 *
 * One row of the lanes area, from the top: the pinned tracks first, then
 * each rank's group.
 */
typedef struct
{
  HpTimelineRowKind kind;
  guint             rank_pos;
  guint             lane;
  guint             depth;
  double            y;
  double            height;
  gboolean          pinned;
} HpTimelineRow;

/**
 * HpTimelineTrack:
 * @kind: %HP_TIMELINE_ROW_SLICES for a lane (all its depths), or the kind of
 *   any other per-rank track (%HP_TIMELINE_ROW_COUNTER)
 * @rank_pos: the rank's position in the trace
 * @lane: the lane, or the track's index among the rank's tracks of @kind
 *   (hp_timeline_scene_get_counter()); %HP_TIMELINE_TRACK_ABSENT for a
 *   counter track whose series the layout does not have (yet)
 * @key: (nullable): a counter track's identity: its series' id
 *   (hp_series_get_id()), interned; %NULL for a lane
 *
 * A track of the timeline: the unit that is pinned to the top or hidden.
 * The layout remembers a counter track by @key, not by its index, which
 * changes as counter and memory series come and go; a track given with
 * @key %NULL is the one at index @lane now.
 */
typedef struct
{
  HpTimelineRowKind kind;
  guint             rank_pos;
  guint             lane;
  const char       *key;
} HpTimelineTrack;

#define HP_TIMELINE_TRACK_ABSENT G_MAXUINT

/* the gutter's width can be dragged between these */
#define HP_TIMELINE_GUTTER_MIN_WIDTH 96.0
#define HP_TIMELINE_GUTTER_MAX_WIDTH 640.0

typedef enum
{
  HP_TIMELINE_MARK_MERGED = 1 << 0, /* stands for events narrower than a pixel */
  HP_TIMELINE_MARK_LABEL = 1 << 1,  /* wide enough for a name */
} HpTimelineMarkFlags;

/**
 * HpTimelineMark:
 * @x: left edge, in user-space pixels of the picture, snapped to device pixels
 * @width: width (at least one device pixel)
 * @row: the row (index into hp_timeline_scene_get_rows())
 * @event: the event (for merged marks, the first one)
 * @count: how many events the mark stands for
 * @color: a colour index below %HP_TIMELINE_N_COLORS
 * @flags: #HpTimelineMarkFlags
 *
 * One box to paint: a visible event, or a run of pixel columns covered by
 * events narrower than a pixel.
 */
typedef struct
{
  float   x;
  float   width;
  guint32 row;
  guint32 event;
  guint32 count;
  guint16 color;
  guint16 flags;
} HpTimelineMark;

/**
 * HpTimelineRuler:
 * @step: ns between ticks: 1, 2 or 5 times a power of ten
 * @n_ticks: number of ticks in @ticks
 * @ticks: tick times, ascending, inside the viewport
 * @origin: labels show the time since @origin; 0 (the job start) unless
 *   the window is so narrow that absolute labels would not fit
 * @unit: the unit of the labels ("s", "ms", "us" or "ns")
 * @divisor: ns per @unit
 * @decimals: digits after the point
 */
typedef struct
{
  gint64      step;
  guint       n_ticks;
  gint64      ticks[HP_TIMELINE_MAX_TICKS];
  gint64      origin;
  const char *unit;
  double      divisor;
  int         decimals;
} HpTimelineRuler;

typedef struct _HpTimelineLayout      HpTimelineLayout;
typedef struct _HpTimelineScene       HpTimelineScene;
typedef struct _HpTimelineExtras      HpTimelineExtras;
typedef struct _HpTimelineArrangement HpTimelineArrangement;
typedef struct _HpTimelineBookmarks   HpTimelineBookmarks;

/**
 * HpTimelineHitKind:
 * @HP_TIMELINE_HIT_NONE: nothing (gaps, empty time)
 * @HP_TIMELINE_HIT_RULER: the time ruler
 * @HP_TIMELINE_HIT_STEP: a ProfilerStep in the band under the ruler
 * @HP_TIMELINE_HIT_RANK: a rank's header row
 * @HP_TIMELINE_HIT_LANE_LABEL: a lane's name in the gutter
 * @HP_TIMELINE_HIT_EVENT: an event
 * @HP_TIMELINE_HIT_COUNTER: a counter track
 * @HP_TIMELINE_HIT_OVERLAY: something an overlay drew
 */
typedef enum
{
  HP_TIMELINE_HIT_NONE,
  HP_TIMELINE_HIT_RULER,
  HP_TIMELINE_HIT_STEP,
  HP_TIMELINE_HIT_RANK,
  HP_TIMELINE_HIT_LANE_LABEL,
  HP_TIMELINE_HIT_EVENT,
  HP_TIMELINE_HIT_COUNTER,
  HP_TIMELINE_HIT_OVERLAY,
} HpTimelineHitKind;

/**
 * HpTimelineHit:
 * @kind: what is under the point
 * @row: the row, or -1
 * @rank_pos: the rank's position, or -1
 * @lane: the lane (or counter), or -1
 * @depth: the depth, or -1
 * @event: the event, or -1
 * @time: the time under the point, ns
 * @start: the interval of the thing hit (step, idle gap), ns
 * @end:
 * @value: a counter's value at @time
 * @overlay: the id of the overlay that answered (#HP_TIMELINE_HIT_OVERLAY)
 * @item: the overlay's own item number
 * @text: (nullable): a tooltip the overlay wrote (owned by the hit)
 *
 * What is at a point of a picture. Clear with hp_timeline_hit_clear().
 */
typedef struct
{
  HpTimelineHitKind kind;
  int               row;
  int               rank_pos;
  int               lane;
  int               depth;
  gint64            event;
  gint64            time;
  gint64            start;
  gint64            end;
  double            value;
  guint             overlay;
  gint64            item;
  char             *text;
} HpTimelineHit;

void hp_timeline_hit_init (HpTimelineHit *hit);
void hp_timeline_hit_clear (HpTimelineHit *hit);

/**
 * HpTimelineMapper:
 * @scene: the scene being painted
 * @layout: its layout
 * @viewport: the picture's viewport
 * @time_left: x of @viewport.t0 (the right edge of the gutter)
 * @time_right: x of @viewport.t1 (the picture's right edge)
 * @lanes_top: y where the lanes area starts (under the ruler and band)
 * @first_row: the first row in view (index into hp_timeline_scene_get_rows())
 * @end_row: one past the last row in view
 *
 * How overlays find things on a picture: time ↔ x, (rank, lane, depth) → y,
 * and which rows to cull to. Valid during one paint or hit test.
 */
typedef struct
{
  const HpTimelineScene  *scene;
  const HpTimelineLayout *layout;
  HpTimelineViewport      viewport;
  double                  time_left;
  double                  time_right;
  double                  lanes_top;
  guint                   first_row;
  guint                   end_row;
} HpTimelineMapper;

/* floor() and ceil() to a pixel column: the culling loops call them per
 * event, and libm's are calls on baseline x86-64 */
static inline gint64
hp_timeline_floor (double x)
{
  gint64 i = (gint64)x;

  return i - (x < (double)i);
}

static inline gint64
hp_timeline_ceil (double x)
{
  gint64 i = (gint64)x;

  return i + (x > (double)i);
}

/* The layout: what the timeline of a trace derives once (lane streams,
 * event ends, ProfilerSteps, name colours, time bounds). It is complete
 * when hp_timeline_layout_new() returns and has no setter: everything
 * else takes it const. What a view changes is its #HpTimelineScene
 * (hp-timeline-scene.h). */
HpTimelineLayout *hp_timeline_layout_new (HpTrace *trace);
HpTimelineLayout *hp_timeline_layout_ref (HpTimelineLayout *self);
void              hp_timeline_layout_unref (HpTimelineLayout *self);
HpTrace          *hp_timeline_layout_get_trace (const HpTimelineLayout *self);
const gint64     *hp_timeline_layout_get_lane_ends (const HpTimelineLayout *self,
                                                    guint                   rank_pos,
                                                    guint                   lane,
                                                    guint                  *n_events);
void              hp_timeline_layout_get_time_bounds (const HpTimelineLayout *self,
                                                      gint64                 *start,
                                                      gint64                 *end);
char             *hp_timeline_short_name (const char *full);
guint             hp_timeline_layout_event_color (const HpTimelineLayout *self,
                                                  const HpRank           *rank,
                                                  guint                   event);
const HpStep     *hp_timeline_layout_get_steps (const HpTimelineLayout *self,
                                                guint                   rank_pos,
                                                guint                  *n_steps);
gint64            hp_timeline_layout_get_lane_stream (const HpTimelineLayout *self,
                                                      guint                   rank_pos,
                                                      guint                   lane);
void              hp_timeline_layout_cull (const HpTimelineLayout *self,
                                           guint                   rank_pos,
                                           guint                   lane,
                                           guint                   depth,
                                           gint64                  t0,
                                           gint64                  t1,
                                           GArray                 *events);
gboolean          hp_timeline_layout_find_event_position (const HpTimelineLayout *self,
                                                          guint                   rank_pos,
                                                          guint32                 event,
                                                          guint                  *position);

void  hp_timeline_ruler_compute (HpTimelineRuler *ruler,
                                 gint64           t0,
                                 gint64           t1,
                                 double           width,
                                 double           min_spacing);
void  hp_timeline_ruler_format (const HpTimelineRuler *ruler,
                                gint64                 t,
                                char                  *buffer,
                                gsize                  size);
char *hp_timeline_format_duration (gint64 ns);
char *hp_timeline_format_time (gint64 ns);

void     hp_timeline_mapper_init (HpTimelineMapper         *mapper,
                                  const HpTimelineScene    *layout,
                                  const HpTimelineViewport *viewport);
double   hp_timeline_mapper_time_to_x (const HpTimelineMapper *mapper,
                                       gint64                  t);
gint64   hp_timeline_mapper_x_to_time (const HpTimelineMapper *mapper,
                                       double                  x);
gboolean hp_timeline_mapper_row_y (const HpTimelineMapper *mapper,
                                   int                     row,
                                   double                 *y,
                                   double                 *height);
gboolean hp_timeline_mapper_lane_y (const HpTimelineMapper *mapper,
                                    guint                   rank_pos,
                                    guint                   lane,
                                    guint                   depth,
                                    double                 *y,
                                    double                 *height);
gboolean hp_timeline_mapper_event_rect (const HpTimelineMapper *mapper,
                                        guint                   rank_pos,
                                        guint32                 event,
                                        HpRect                 *rect);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTimelineLayout, hp_timeline_layout_unref)

G_END_DECLS
