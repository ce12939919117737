/* hp-time-span.h — a half-open range of trace time, in nanoseconds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * HpTimeSpan:
 * @start: the first nanosecond in the span
 * @end: the first nanosecond after it; @end ≤ @start is an empty span
 *
 * A range of time on the trace's aligned clock (the one the timeline's
 * ruler and every table show). Passed by value; the boxed type is for
 * properties and signals.
 */
typedef struct
{
  gint64 start;
  gint64 end;
} HpTimeSpan;

#define HP_TYPE_TIME_SPAN (hp_time_span_get_type ())

GType       hp_time_span_get_type (void) G_GNUC_CONST;
HpTimeSpan *hp_time_span_copy (const HpTimeSpan *self);
void        hp_time_span_free (HpTimeSpan *self);

static inline HpTimeSpan
hp_time_span_make (gint64 start,
                   gint64 end)
{
  HpTimeSpan span = { start, end };

  return span;
}

static inline gboolean
hp_time_span_is_empty (HpTimeSpan span)
{
  return span.end <= span.start;
}

/* the length in ns, 0 when empty; never overflows */
static inline gint64
hp_time_span_duration (HpTimeSpan span)
{
  if (span.end <= span.start)
    return 0;
  if (span.start < 0 && span.end > G_MAXINT64 + span.start)
    return G_MAXINT64;
  return span.end - span.start;
}

static inline gboolean
hp_time_span_contains (HpTimeSpan span,
                       gint64     t)
{
  return span.start <= t && t < span.end;
}

/* whether [start, end) shares time with @span; an instant (start == end)
 * overlaps when @span contains it */
static inline gboolean
hp_time_span_overlaps (HpTimeSpan span,
                       gint64     start,
                       gint64     end)
{
  if (end <= start)
    return hp_time_span_contains (span, start);
  return start < span.end && end > span.start;
}

static inline HpTimeSpan
hp_time_span_intersect (HpTimeSpan a,
                        HpTimeSpan b)
{
  return hp_time_span_make (MAX (a.start, b.start), MIN (a.end, b.end));
}

static inline gboolean
hp_time_span_equal (HpTimeSpan a,
                    HpTimeSpan b)
{
  return a.start == b.start && a.end == b.end;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTimeSpan, hp_time_span_free)

G_END_DECLS
