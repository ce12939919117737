/* hp-timeline-layout-private.h — what the timeline layout's files (and the painter) share inside src/charts.
 *
 * The layout (hp-timeline-layout.c) is what a trace's timeline derives
 * once: built in one call, never written after. A scene
 * (hp-timeline-scene.c) is one view's state over it: the user's
 * arrangement (the arrangement itself, shown and collapsed ranks, pinned
 * and hidden tracks, bookmarks, is hp-timeline-arrangement.c), the flags,
 * the rows and the band of pinned tracks (hp-timeline-rows.c), counter and
 * memory tracks by their series' id (hp-timeline-tracks.c), counter tracks
 * and idle gaps computed and installed (hp-timeline-extras.c), search
 * highlights (hp-timeline-search.c). Read from both: culling and merging
 * into a frame (hp-timeline-cull.c), names and colours
 * (hp-timeline-names.c), hit testing (hp-timeline-hit.c), the ruler and
 * time labels (hp-timeline-ruler.c) and the mapper (hp-timeline-mapper.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-chart-tr-private.h"
#include "hp-timeline-arrangement.h"
#include "hp-timeline-layout.h"
#include "hp-timeline-scene.h"

G_BEGIN_DECLS

/* a highlighted event, kept in time order for "next match" */
typedef struct
{
  gint64  ts;
  guint   rank_pos;
  guint32 event;
} HpTimelineHighlight;

/* what is derived once per rank of the trace */
typedef struct
{
  gint64  *lane_stream;
  GArray  *steps;  /* HpStep */
  gint64 **ends;   /* per lane, the end of lane->events[p] at p: the
                    * culling's searches read a contiguous array */
  gint64 **starts; /* per lane, the start of lane->events[p] at p: each
                    * run of marks begins with one, read beside its end */
  guint8 **colors; /* per lane, the colour of lane->events[p]
                    * (_hp_timeline_layout_event_color()) */
} HpTimelineRankData;

/* The layout: built in one call from a trace, never changed after. */
struct _HpTimelineLayout
{
  gatomicrefcount     ref_count;
  HpTrace            *trace;
  guint               n_ranks;
  HpTimelineRankData *ranks;
  gint64              t_min;
  gint64              t_max;

  /* per string id, hashed when the layout is made */
  guint   n_strings;
  guint8 *name_colors;
};

/* what a scene adds to a rank: the results' tracks and the highlights */
typedef struct
{
  GArray   **idle;       /* per lane, HpIdleInterval, as installed */
  GPtrArray *counters;   /* HpSeries *, as installed */
  GPtrArray *memory;     /* HpSeries *, given by the memory analysis */
  GArray   **highlights; /* per lane, guint32 positions in lane->events */
} HpTimelineSceneRank;

/* The scene: one view's state over a layout it only reads. */
struct _HpTimelineScene
{
  gatomicrefcount         ref_count;
  const HpTimelineLayout *layout; /* a reference; never written */
  HpTrace                *trace;  /* the layout's */
  guint                   n_ranks;
  HpTimelineSceneRank    *ranks;
  HpTimelineFlags         flags;
  double                  idle_delay;

  /* what the user arranged: shown and collapsed ranks, tracks pinned to
   * the top and hidden ones (counter tracks by key, their @lane refreshed
   * when the series change), bookmarks, the gutter's width */
  HpTimelineArrangement *arrangement;

  /* rows, a function of the layout, the arrangement, the flags and the
   * counter series: rebuilt by the setter that changes one of them */
  GArray *rows; /* HpTimelineRow */
  guint   n_pinned_rows;
  double  pinned_height; /* of the pinned rows and the gap under them */
  double  content_height;
  guint   generation;

  /* highlighted events (search matches or linked instances), time order */
  GArray *highlights; /* HpTimelineHighlight */
};

/* hp-timeline-names.c */
void _hp_timeline_layout_hash_name_colors (HpTimelineLayout *self);

/* the colour of an event, as the layout keeps it per lane position */
static inline guint
_hp_timeline_layout_event_color (const HpTimelineLayout *self,
                                 const HpRank           *r,
                                 guint32                 e)
{
  guint32 name;

  /* GPU work is coloured by its kernel class */
  if (hp_rank_is_gpu_activity (r, e))
    return hp_rank_get_kernel_class (r, e);
  name = r->name[e];
  if (name < self->n_strings)
    return HP_TIMELINE_COLOR_NAME_BASE + self->name_colors[name];
  return HP_TIMELINE_COLOR_NAME_BASE;
}

/* hp-timeline-rows.c */
void  _hp_timeline_scene_build_rows (HpTimelineScene *self);
guint _hp_timeline_scene_first_row_below (const HpTimelineScene *self,
                                          double                 y);

/* hp-timeline-tracks.c */
void        _hp_timeline_scene_resolve_tracks (HpTimelineScene *self);
const char *_hp_timeline_scene_get_counter_key (const HpTimelineScene *self,
                                                guint                  rank_pos,
                                                guint                  counter);
guint       _hp_timeline_scene_find_counter (const HpTimelineScene *self,
                                             guint                  rank_pos,
                                             const char            *key);

/* hp-timeline-search.c */
void _hp_timeline_scene_clear_highlight_arrays (HpTimelineScene *self);

/* ns per user-space pixel of the time area */
static inline double
_hp_timeline_mapper_ns_per_px (const HpTimelineMapper *m)
{
  return (double)(m->viewport.t1 - m->viewport.t0) / MAX (m->time_right - m->time_left, 1.0);
}

/* device pixel columns per ns of the time area */
static inline double
_hp_timeline_mapper_columns_per_ns (const HpTimelineMapper *m)
{
  return (m->time_right - m->time_left) * m->viewport.scale / (double)(m->viewport.t1 - m->viewport.t0);
}

G_END_DECLS
