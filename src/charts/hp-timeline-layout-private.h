/* hp-timeline-layout-private.h — what the timeline layout's files (and the painter) share inside src/charts.
 *
 * The layout is split by job: the object, and the layout's side of the
 * user's arrangement (hp-timeline-layout.c; the arrangement itself,
 * shown and collapsed ranks, pinned and hidden tracks, is
 * hp-timeline-arrangement.c), rows and the band of
 * pinned tracks (hp-timeline-rows.c), counter and memory tracks by their
 * series' id (hp-timeline-tracks.c), culling and merging into a frame
 * (hp-timeline-cull.c), computing and installing counter tracks and idle
 * gaps (hp-timeline-extras.c), names and colours (hp-timeline-names.c), search
 * highlights (hp-timeline-search.c), hit testing (hp-timeline-hit.c), the
 * ruler and time labels (hp-timeline-ruler.c) and the mapper
 * (hp-timeline-mapper.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-chart-tr-private.h"
#include "hp-timeline-arrangement.h"
#include "hp-timeline-layout.h"

G_BEGIN_DECLS

/* a highlighted event, kept in time order for "next match" */
typedef struct
{
  gint64  ts;
  guint   rank_pos;
  guint32 event;
} HpTimelineHighlight;

typedef struct
{
  gint64    *lane_stream;
  GArray    *steps;      /* HpStep */
  GArray   **idle;       /* per lane, HpIdleInterval, built on demand */
  GPtrArray *counters;   /* HpSeries *, built on demand */
  GPtrArray *memory;     /* HpSeries *, given by the memory analysis */
  GArray   **highlights; /* per lane, guint32 positions in lane->events */
  gint64   **ends;       /* per lane, the end of lane->events[p] at p: the
                          * culling's searches read a contiguous array */
} HpTimelineRankData;

struct _HpTimelineLayout
{
  gatomicrefcount     ref_count;
  HpTrace            *trace;
  guint               n_ranks;
  HpTimelineRankData *ranks;
  HpTimelineFlags     flags;
  double              idle_delay;
  gint64              t_min;
  gint64              t_max;

  /* per string id, hashed when the layout is made */
  guint   n_strings;
  guint8 *name_colors;

  /* what the user arranged: shown and collapsed ranks, tracks pinned to
   * the top and hidden ones (counter tracks by key, their @lane refreshed
   * when the series change), the gutter's width */
  HpTimelineArrangement *arrangement;

  /* rows, rebuilt by the setters that change what shows */
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

/* the culling asks for a colour per visible event: inline */
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
void  _hp_timeline_layout_build_rows (HpTimelineLayout *self);
guint _hp_timeline_layout_first_row_below (const HpTimelineLayout *self,
                                           double                  y);

/* hp-timeline-tracks.c */
void        _hp_timeline_layout_resolve_tracks (HpTimelineLayout *self);
const char *_hp_timeline_layout_get_counter_key (const HpTimelineLayout *self,
                                                 guint                   rank_pos,
                                                 guint                   counter);
guint       _hp_timeline_layout_find_counter (const HpTimelineLayout *self,
                                              guint                   rank_pos,
                                              const char             *key);

/* hp-timeline-search.c */
void _hp_timeline_layout_clear_highlight_arrays (HpTimelineLayout *self);

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
