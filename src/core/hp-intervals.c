/* hp-intervals.c — interval union and the sweep line (spec TF §13).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hp-intervals.h"

/* Below this many records, qsort: the radix sort's fixed cost (eight
 * histograms of 256 counts and a scratch copy) pays off from about 100
 * records, and sorts this small take microseconds either way. */
#define RADIX_MIN 256

/* Above this many bytes of records the radix sort first splits them into
 * parts that fit in the cache (about the size of a core's L2). */
#define LSD_MAX_BYTES (1024 * 1024)

/* Insertion sort is enough for the runs of equal starts up to this long. */
#define SHORT_RUN 16

typedef struct
{
  gint64 t;
  int    delta; /* +bit or -bit */
} Point;

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

/* The sort key of a record whose first 8 bytes are a gint64, mapped to an
 * unsigned value in the same order: flipping the sign bit puts negative
 * keys first. */
static inline guint64
record_key (const guint8 *record)
{
  gint64 key;

  memcpy (&key, record, sizeof key);
  return (guint64)key ^ G_GUINT64_CONSTANT (0x8000000000000000);
}

/* LSD radix sort of @n records of @size bytes by their leading gint64, one
 * byte per pass from the lowest, through @tmp (room for @n records); the
 * result ends in @records. Each pass is a stable counting sort, so records
 * with equal keys keep their order. A byte that is the same in every key
 * needs no pass: the timestamps of one trace share their high bytes. */
G_ALWAYS_INLINE
static inline void
lsd_radix_sort (guint8 *records,
                guint8 *tmp,
                gsize   n,
                gsize   size)
{
  gsize   counts[8][256];
  guint8 *src = records;
  guint8 *dst = tmp;
  guint64 first_key = record_key (records);

  memset (counts, 0, sizeof counts);
  for (gsize i = 0; i < n; i++)
    {
      guint64 key = record_key (records + i * size);

      for (guint b = 0; b < 8; b++)
        counts[b][(key >> (8 * b)) & 0xff]++;
    }

  for (guint b = 0; b < 8; b++)
    {
      gsize  *next = counts[b];
      gsize   offset = 0;
      guint8 *swap;

      if (next[(first_key >> (8 * b)) & 0xff] == n)
        continue;
      for (guint v = 0; v < 256; v++)
        {
          gsize count = next[v];

          next[v] = offset;
          offset += count;
        }
      for (gsize i = 0; i < n; i++)
        {
          const guint8 *record = src + i * size;
          guint         v = (record_key (record) >> (8 * b)) & 0xff;

          memcpy (dst + next[v]++ * size, record, size);
        }
      swap = src;
      src = dst;
      dst = swap;
    }

  if (src != records)
    memcpy (records, src, n * size);
}

/* Stable sort of @n records of @size bytes by their leading gint64. Up to
 * LSD_MAX_BYTES the LSD passes run in cache. Beyond, each of them would
 * scatter the whole array across memory (and lose to glibc's merge sort on
 * the nearly sorted intervals of a trace), so one stable counting pass
 * first splits the records on the 8 highest bits in which keys differ;
 * each of the 256 parts, a cache-sized slice of time for evenly spread
 * timestamps, then gets its LSD passes. Always inlined so that @size is a
 * constant at each caller and the copies compile to plain moves. */
G_ALWAYS_INLINE
static inline void
radix_sort (void *records,
            gsize n,
            gsize size)
{
  g_autofree guint8 *scratch = g_malloc_n (n, size);
  guint8            *base = records;
  gsize              start[257] = { 0 };
  gsize              next[256];
  guint64            first_key = record_key (base);
  guint64            differ = 0;
  guint              shift = 0;

  if (n * size <= LSD_MAX_BYTES)
    {
      lsd_radix_sort (base, scratch, n, size);
      return;
    }

  for (gsize i = 0; i < n; i++)
    differ |= record_key (base + i * size) ^ first_key;
  while ((differ >> shift) > 0xff)
    shift++;

  for (gsize i = 0; i < n; i++)
    start[((record_key (base + i * size) >> shift) & 0xff) + 1]++;
  for (guint v = 0; v < 256; v++)
    {
      start[v + 1] += start[v];
      next[v] = start[v];
    }
  for (gsize i = 0; i < n; i++)
    {
      const guint8 *record = base + i * size;
      guint         v = (record_key (record) >> shift) & 0xff;

      memcpy (scratch + next[v]++ * size, record, size);
    }

  for (guint v = 0; v < 256; v++)
    {
      gsize first = start[v];
      gsize count = start[v + 1] - first;

      if (count == 0)
        continue;
      lsd_radix_sort (scratch + first * size, base + first * size, count, size);
      memcpy (base + first * size, scratch + first * size, count * size);
    }
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
      radix_sort (intervals, n, sizeof *intervals);
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
  int               running = 0;

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
    radix_sort (points, n, sizeof *points);

  for (gsize i = 0; i < n; i++)
    {
      running += points[i].delta;
      if (i + 1 < n && points[i + 1].t > points[i].t)
        segment ((guint)running, points[i].t, points[i + 1].t, user_data);
    }
}
