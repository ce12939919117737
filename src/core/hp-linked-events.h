/* hp-linked-events.h — the timeline events a row of an analysis table stands for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"
#include "hp-idle-time.h"
#include "hp-table.h"
#include "hp-trace.h"

G_BEGIN_DECLS

/**
 * HpLinkedFocus:
 * @HP_LINKED_FOCUS_ONE: zoom to the focused event; the others are
 *   highlighted, one step away each (the instances of a kernel)
 * @HP_LINKED_FOCUS_ALL: show every event at once (a launch call and the
 *   kernels it started)
 * @HP_LINKED_FOCUS_GAP: select the idle gap before the focused event as a
 *   time range (the gaps of one idle category)
 *
 * How the timeline shows an #HpLinkedEvents.
 */
typedef enum
{
  HP_LINKED_FOCUS_ONE,
  HP_LINKED_FOCUS_ALL,
  HP_LINKED_FOCUS_GAP,
} HpLinkedFocus;

/**
 * HpLinkedGap:
 * @start: where the stream went idle, ns
 * @end: where the kernel after the gap started, ns
 */
typedef struct
{
  gint64 start;
  gint64 end;
} HpLinkedGap;

/**
 * HpLinkedEvent:
 * @rank: the rank number
 * @event: an event position in that rank
 *
 * One event of another rank that a row also stands for.
 */
typedef struct
{
  int     rank;
  guint32 event;
} HpLinkedEvent;

/**
 * HpLinkedEvents:
 * @rank: the rank number
 * @events: (element-type guint32): event positions in @rank, by start time,
 *   each once
 * @gaps: (element-type HpLinkedGap) (nullable): with %HP_LINKED_FOCUS_GAP,
 *   the idle gap before each of @events
 * @focus: how to show them
 * @focus_index: the event of @events to select first
 * @description: what they are, for people ("5 instances of sgemm on rank 1")
 * @others: (element-type HpLinkedEvent) (nullable): events of other ranks
 *   shown with @events (one collective on every rank), by rank
 *
 * What one table row stands for on the timeline.
 */
typedef struct _HpLinkedEvents
{
  int           rank;
  GArray       *events;
  GArray       *gaps;
  HpLinkedFocus focus;
  guint         focus_index;
  char         *description;
  GArray       *others;
} HpLinkedEvents;

#define HP_TYPE_LINKED_EVENTS (hp_linked_events_get_type ())

GType           hp_linked_events_get_type (void) G_GNUC_CONST;
HpLinkedEvents *hp_linked_events_copy (const HpLinkedEvents *self);
void            hp_linked_events_free (HpLinkedEvents *self);
void            hp_linked_events_get_span (const HpLinkedEvents *self,
                                           HpTrace              *trace,
                                           gint64               *start,
                                           gint64               *end);

GArray *hp_linked_find_kernels (HpTrace           *trace,
                                const HpRank      *rank,
                                HpKernelClass      kclass,
                                const char        *name,
                                const char *const *excluded);
GArray *hp_linked_find_launch (HpTrace      *trace,
                               const HpRank *rank,
                               gint64        correlation);
GArray *hp_linked_find_idle_gaps (HpTrace       *trace,
                                  const HpRank  *rank,
                                  gint64         device,
                                  gint64         stream,
                                  HpIdleCategory category,
                                  double         consecutive_kernel_delay);

HpLinkedEvents *hp_linked_events_for_kernel_row (HpTrace                *trace,
                                                 HpTable                *kernels,
                                                 guint                   row,
                                                 const HpAnalysisParams *params);
HpLinkedEvents *hp_linked_events_for_launch_row (HpTrace                *trace,
                                                 HpTable                *stats,
                                                 guint                   row,
                                                 const HpAnalysisParams *params);
HpLinkedEvents *hp_linked_events_for_idle_row (HpTrace                *trace,
                                               HpTable                *idle,
                                               guint                   row,
                                               const HpAnalysisParams *params);
HpLinkedEvents *hp_linked_events_for_idle_row_in_gaps (gpointer                gaps,
                                                       HpTrace                *trace,
                                                       HpTable                *idle,
                                                       guint                   row,
                                                       const HpAnalysisParams *params);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpLinkedEvents, hp_linked_events_free)

G_END_DECLS
