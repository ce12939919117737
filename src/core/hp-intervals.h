/* hp-intervals.h — interval union and the sweep line (docs/trace-format.md §13).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gint64 start;
  gint64 end;
} HpInterval;

/* Sorts @intervals by start and merges them in place (touching intervals
 * merge, as in HTA). Returns the number of merged intervals. */
gsize  hp_intervals_union (HpInterval *intervals,
                           gsize       n);
gint64 hp_intervals_length (const HpInterval *intervals,
                            gsize             n);

/* Whether an interval ends before it starts: a merged group of HTA's
 * negative durations (docs/trace-format.md §6) */
gboolean hp_intervals_any_negative (const HpInterval *intervals,
                                    gsize             n);

/* Sweep over several merged interval sets, each with a bit: calls @segment
 * for every elementary segment [start, end) with the set of bits active. */
typedef void (*HpSweepFunc) (guint    bits,
                             gint64   start,
                             gint64   end,
                             gpointer user_data);

void hp_intervals_sweep (const HpInterval *const *sets,
                         const gsize             *n_intervals,
                         const guint             *bits,
                         guint                    n_sets,
                         HpSweepFunc              segment,
                         gpointer                 user_data);

G_END_DECLS
