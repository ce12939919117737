/* hp-intervals.c — interval union and the sweep line (docs/trace-format.md §13).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "hp-intervals.h"
#include "hp-sort-private.h"

/* Below this many records, qsort: the radix sort's fixed cost (a
 * histogram of 256 counts per byte in which keys differ, and a scratch
 * copy) pays off from about 100 records, and sorts this small take
 * microseconds either way. */
#define RADIX_MIN 256

/* Insertion sort is enough for the runs of equal starts up to this long. */
#define SHORT_RUN 16

/* 16 bytes, as _hp_radix_sort16() wants: the key, then a wide delta */
typedef struct
{
  gint64 t;
  gint64 delta; /* +bit or -bit */
} Point;

G_STATIC_ASSERT (sizeof (Point) == 16);
G_STATIC_ASSERT (sizeof (HpInterval) == 16);

static int
cmp_interval (const void *a,
              const void *b)
{
  const HpInterval *x = a;
  const HpInterval *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return (x->end > y->end) - (x->end < y->end);
}

static int
cmp_point (const void *a,
           const void *b)
{
  const Point *x = a;
  const Point *y = b;

  return (x->t > y->t) - (x->t < y->t);
}

/* The radix sort orders by start alone; this orders each run of equal
 * starts by end, as cmp_interval() does, so that the intervals end up as
 * qsort leaves them. The order matters only for negative durations, where
 * [s, e < s] before [s, e' ≥ s] opens a group of its own. */
static void
order_equal_starts (HpInterval *intervals,
                    gsize       n)
{
  gsize first = 0;

  while (first < n)
    {
      gsize last = first + 1;

      while (last < n && intervals[last].start == intervals[first].start)
        last++;
      if (last - first > SHORT_RUN)
        qsort (intervals + first, last - first, sizeof *intervals, cmp_interval);
      else
        for (gsize i = first + 1; i < last; i++)
          {
            HpInterval item = intervals[i];
            gsize      j = i;

            for (; j > first && intervals[j - 1].end > item.end; j--)
              intervals[j] = intervals[j - 1];
            intervals[j] = item;
          }
      first = last;
    }
}

/**
 * hp_intervals_union:
 *
 * Merges intervals in place: sorted by start, an interval opens a new group
 * only when its start is strictly after the running maximum end, so touching
 * intervals merge (as HTA does).
 *
 * Returns: the number of merged intervals now at the front of @intervals
 */
gsize
hp_intervals_union (HpInterval *intervals,
                    gsize       n)
{
  gsize    out = 0;
  gboolean sorted = TRUE;

  for (gsize i = 1; i < n && sorted; i++)
    sorted = intervals[i].start >= intervals[i - 1].start;
  if (!sorted && n < RADIX_MIN)
    qsort (intervals, n, sizeof *intervals, cmp_interval);
  else if (!sorted)
    {
      _hp_radix_sort16 (intervals, NULL, n);
      order_equal_starts (intervals, n);
    }

  for (gsize i = 0; i < n; i++)
    {
      if (out > 0 && intervals[i].start <= intervals[out - 1].end)
        {
          if (intervals[i].end > intervals[out - 1].end)
            intervals[out - 1].end = intervals[i].end;
          continue;
        }
      intervals[out++] = intervals[i];
    }
  return out;
}

gint64
hp_intervals_length (const HpInterval *intervals,
                     gsize             n)
{
  gint64 total = 0;

  for (gsize i = 0; i < n; i++)
    total += intervals[i].end - intervals[i].start;
  return total;
}

gboolean
hp_intervals_any_negative (const HpInterval *intervals,
                           gsize             n)
{
  for (gsize i = 0; i < n; i++)
    if (intervals[i].end < intervals[i].start)
      return TRUE;
  return FALSE;
}

/**
 * hp_intervals_sweep:
 * @sets: merged interval sets (from hp_intervals_union())
 * @bits: one bit per set
 *
 * Calls @segment for each elementary segment between consecutive points
 * with the bit set active there (0 for gaps). Ties at one time only create
 * zero-length segments, which are skipped: a segment is reported after the
 * last point of its start time, when the running sum holds all of that
 * time's points, so the order of equal times does not change the result.
 */
void
hp_intervals_sweep (const HpInterval *const *sets,
                    const gsize             *n_intervals,
                    const guint             *bits,
                    guint                    n_sets,
                    HpSweepFunc              segment,
                    gpointer                 user_data)
{
  g_autofree Point *points = NULL;
  gsize             n = 0, k = 0;
  gboolean          sorted = TRUE;
  gint64            running = 0;

  for (guint s = 0; s < n_sets; s++)
    n += 2 * n_intervals[s];
  if (n == 0)
    return;
  points = g_new (Point, n);
  for (guint s = 0; s < n_sets; s++)
    for (gsize i = 0; i < n_intervals[s]; i++)
      {
        points[k].t = sets[s][i].start;
        points[k++].delta = (int)bits[s];
        points[k].t = sets[s][i].end;
        points[k++].delta = -(int)bits[s];
      }
  /* one merged set comes sorted; otherwise the radix sort keeps points
   * with equal times in the order they were made in, qsort need not, and
   * the result does not depend on it */
  for (gsize i = 1; i < n && sorted; i++)
    sorted = points[i].t >= points[i - 1].t;
  if (!sorted && n < RADIX_MIN)
    qsort (points, n, sizeof *points, cmp_point);
  else if (!sorted)
    _hp_radix_sort16 (points, NULL, n);

  for (gsize i = 0; i < n; i++)
    {
      running += points[i].delta;
      if (i + 1 < n && points[i + 1].t > points[i].t)
        segment ((guint)running, points[i].t, points[i + 1].t, user_data);
    }
}
