/* hp-rank-access.h — what the views ask of a rank's events: spans, GPU activity, lane streams, steps.
 *
 * The columns of #HpRank are what the analyses read. The timeline, the
 * details pane, the range statistics and the linked views ask other
 * questions of them (where does an event end when its duration is
 * negative, is it GPU work, which stream is a lane, where are the steps):
 * those answers are defined here, once, so no layer above core reads a
 * raw column to work them out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-classify.h"
#include "hp-time-span.h"
#include "hp-trace.h"

G_BEGIN_DECLS

/**
 * hp_rank_get_event_start:
 *
 * Returns: the start of @event in ns, on the job's aligned clock
 */
static inline gint64
hp_rank_get_event_start (const HpRank *self,
                         guint         event)
{
  return self->ts[event];
}

/**
 * hp_rank_get_event_duration:
 *
 * Returns: the duration of @event in ns as the views show it: a negative
 *   duration (kept in HTA-compatibility mode) counts as an instant
 */
static inline gint64
hp_rank_get_event_duration (const HpRank *self,
                            guint         event)
{
  return hp_rank_dur (self, event) > 0 ? hp_rank_dur (self, event) : 0;
}

/**
 * hp_rank_get_event_end:
 *
 * Unlike hp_rank_end(), which the analyses use because HTA adds negative
 * durations as they are, this clamps them (hp_rank_get_event_duration()).
 *
 * Returns: the end of @event in ns, never before its start
 */
static inline gint64
hp_rank_get_event_end (const HpRank *self,
                       guint         event)
{
  return self->ts[event] + hp_rank_get_event_duration (self, event);
}

/**
 * hp_rank_get_event_span:
 *
 * Returns: [start, hp_rank_get_event_end()) of @event
 */
static inline HpTimeSpan
hp_rank_get_event_span (const HpRank *self,
                        guint         event)
{
  return hp_time_span_make (self->ts[event], hp_rank_get_event_end (self, event));
}

/**
 * hp_rank_is_gpu_activity:
 *
 * Returns: whether @event is a kernel, memcpy or memset
 *   (hp_event_kind_is_gpu_activity())
 */
static inline gboolean
hp_rank_is_gpu_activity (const HpRank *self,
                         guint         event)
{
  return hp_event_kind_is_gpu_activity ((HpEventKind)self->kind[event]);
}

/**
 * hp_rank_get_kernel_class:
 *
 * Returns: the #HpKernelClass of @event, %HP_KERNEL_CLASS_OTHER for any
 *   value out of range
 */
static inline HpKernelClass
hp_rank_get_kernel_class (const HpRank *self,
                          guint         event)
{
  return (HpKernelClass)MIN (self->kclass[event], HP_KERNEL_CLASS_OTHER);
}

/**
 * hp_rank_get_event_lane:
 *
 * Returns: (transfer none): the lane @event is drawn on
 */
static inline const HpLane *
hp_rank_get_event_lane (const HpRank *self,
                        guint         event)
{
  return &self->lanes[hp_rank_lane (self, event)];
}

/**
 * hp_rank_get_event_iteration:
 *
 * Returns: the iteration @event belongs to: the step it runs in on its
 *   own clock, else the iteration of its launch, else -1
 */
static inline int
hp_rank_get_event_iteration (const HpRank *self,
                             guint         event)
{
  return hp_rank_exec_iteration (self, event) >= 0 ? hp_rank_exec_iteration (self, event) : hp_rank_iteration (self, event);
}

/**
 * HpStep:
 * @span: where the step lies, hp_rank_get_event_span() of its event
 * @number: N of `ProfilerStep#N`
 * @event: the `ProfilerStep#N` event
 * @measured: whether the analyses keep its event (%HP_EVENT_MEASURED)
 *
 * One iteration of a rank as it was recorded.
 */
typedef struct
{
  HpTimeSpan span;
  int        number;
  guint32    event;
  gboolean   measured;
} HpStep;

HpTimeSpan hp_rank_get_rows_span (const HpRank *rank);
GArray    *hp_rank_get_steps (HpTrace      *trace,
                              const HpRank *rank);
gint64     hp_rank_get_lane_stream (const HpRank *rank,
                                    guint         lane);
guint      hp_lane_first_in_span (const HpRank *rank,
                                  const HpLane *lane,
                                  guint         depth,
                                  gint64        t);
void       hp_lane_collect_in_span (const HpRank *rank,
                                    const HpLane *lane,
                                    guint         depth,
                                    HpTimeSpan    span,
                                    GArray       *events);

G_END_DECLS
