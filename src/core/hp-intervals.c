/* hp-intervals.c — interval union and the sweep line (spec TF §13).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "hp-intervals.h"

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
  gsize out = 0;
  gboolean sorted = TRUE;

  for (gsize i = 1; i < n && sorted; i++)
    sorted = intervals[i].start >= intervals[i - 1].start;
  if (!sorted)
    qsort (intervals, n, sizeof *intervals, cmp_interval);

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

typedef struct
{
  gint64 t;
  int    delta; /* +bit or -bit */
} Point;

static int
cmp_point (const void *a,
           const void *b)
{
  const Point *x = a;
  const Point *y = b;

  return (x->t > y->t) - (x->t < y->t);
}

/**
 * hp_intervals_sweep:
 * @sets: merged interval sets (from hp_intervals_union())
 * @bits: one bit per set
 *
 * Calls @segment for each elementary segment between consecutive points
 * with the bit set active there (0 for gaps). Ties at one time only create
 * zero-length segments, which are skipped.
 */
void
hp_intervals_sweep (const HpInterval * const *sets,
                    const gsize              *n_intervals,
                    const guint              *bits,
                    guint                     n_sets,
                    HpSweepFunc               segment,
                    gpointer                  user_data)
{
  g_autofree Point *points = NULL;
  gsize n = 0, k = 0;
  int running = 0;

  for (guint s = 0; s < n_sets; s++)
    n += 2 * n_intervals[s];
  if (n == 0)
    return;
  points = g_new (Point, n);
  for (guint s = 0; s < n_sets; s++)
    for (gsize i = 0; i < n_intervals[s]; i++)
      {
        points[k].t = sets[s][i].start;
        points[k++].delta = (int) bits[s];
        points[k].t = sets[s][i].end;
        points[k++].delta = -(int) bits[s];
      }
  qsort (points, n, sizeof *points, cmp_point);

  for (gsize i = 0; i < n; i++)
    {
      running += points[i].delta;
      if (i + 1 < n && points[i + 1].t > points[i].t)
        segment ((guint) running, points[i].t, points[i + 1].t, user_data);
    }
}
