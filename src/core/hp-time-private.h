/* hp-time-private.h — overflow-safe arithmetic on nanosecond times.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Every loaded time lies in [HP_TIME_MIN_NS, HP_TIME_MAX_NS], so one
 * difference fits an int64, but a sum of many durations may not: a sum
 * past ±292 years stays at the int64 limit instead of wrapping to a
 * negative (or positive) nonsense. */
static inline gint64
hp_ns_add (gint64 a,
           gint64 b)
{
  gint64 sum;

  if (G_UNLIKELY (__builtin_add_overflow (a, b, &sum)))
    return b > 0 ? G_MAXINT64 : G_MININT64;
  return sum;
}

G_END_DECLS
