/* hp-sort.c — the stable radix sort that orders intervals, points and time series.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-numpy-sort-private.h"
#include "hp-sort-private.h"

/* Every record is 16 bytes, its key a gint64 in the first 8: HpSortPair,
 * HpInterval and the sweep's points all have that layout. */
#define RECORD 16

/* Above this many bytes of records the radix sort first splits them into
 * parts that fit in the cache (about the size of a core's L2). */
#define LSD_MAX_BYTES (1024 * 1024)

/* Up to this many records an insertion sort beats the radix sort's fixed
 * cost (a histogram of 256 counts per byte). */
#define SHORT_SORT 32

/* Groups spanning fewer values than this are numbered densely */
#define DENSE_GROUPS_MAX 65536

/* The key of a record mapped to an unsigned value in the same order:
 * flipping the sign bit puts negative keys first. */
static inline guint64
record_key (const guint8 *record)
{
  gint64 key;

  memcpy (&key, record, sizeof key);
  return (guint64)key ^ G_GUINT64_CONSTANT (0x8000000000000000);
}

/* The bits in which the keys of @n > 0 records differ from the first */
static guint64
key_differ (const guint8 *records,
            gsize         n)
{
  guint64 first_key = record_key (records);
  guint64 differ = 0;

  for (gsize i = 1; i < n; i++)
    differ |= record_key (records + i * RECORD) ^ first_key;
  return differ;
}

/* Stable insertion sort of @n records by key */
static void
insertion_sort (guint8 *records,
                gsize   n)
{
  guint8 item[RECORD];

  for (gsize i = 1; i < n; i++)
    {
      guint64 key = record_key (records + i * RECORD);
      gsize   j = i;

      if (record_key (records + (i - 1) * RECORD) <= key)
        continue;
      memcpy (item, records + i * RECORD, RECORD);
      for (; j > 0 && record_key (records + (j - 1) * RECORD) > key; j--)
        memcpy (records + j * RECORD, records + (j - 1) * RECORD, RECORD);
      memcpy (records + j * RECORD, item, RECORD);
    }
}

/* LSD radix sort of @n records by key, one pass per byte in which keys
 * differ (@differ), from the lowest, alternating between @records and @tmp
 * (room for @n records). Each pass is a stable counting sort, so records
 * with equal keys keep their order. Returns the buffer that holds the
 * result. */
static guint8 *
lsd_radix_sort (guint8 *records,
                guint8 *tmp,
                gsize   n,
                guint64 differ)
{
  gsize   counts[8][256];
  guint   shifts[8];
  guint   n_bytes = 0;
  guint8 *src = records;
  guint8 *dst = tmp;

  for (guint b = 0; b < 8; b++)
    if (((differ >> (8 * b)) & 0xff) != 0)
      shifts[n_bytes++] = 8 * b;
  if (n_bytes == 0)
    return records;

  memset (counts, 0, n_bytes * sizeof counts[0]);
  for (gsize i = 0; i < n; i++)
    {
      guint64 key = record_key (records + i * RECORD);

      for (guint b = 0; b < n_bytes; b++)
        counts[b][(key >> shifts[b]) & 0xff]++;
    }

  for (guint b = 0; b < n_bytes; b++)
    {
      gsize  *next = counts[b];
      gsize   offset = 0;
      guint8 *swap;

      for (guint v = 0; v < 256; v++)
        {
          gsize count = next[v];

          next[v] = offset;
          offset += count;
        }
      for (gsize i = 0; i < n; i++)
        {
          const guint8 *record = src + i * RECORD;
          guint         v = (record_key (record) >> shifts[b]) & 0xff;

          memcpy (dst + next[v]++ * RECORD, record, RECORD);
        }
      swap = src;
      src = dst;
      dst = swap;
    }
  return src;
}

/* Sorts @n records in @base through @tmp. Small sorts run the LSD passes,
 * in cache. Larger ones would scatter the whole array across memory at
 * every LSD pass, so one stable counting pass first splits them on the 8
 * highest bits in which keys differ; each of the 256 parts, a cache-sized
 * slice of time for evenly spread timestamps, is then sorted the same way
 * (a part that is still large, such as the one group of a skewed key, is
 * split again on its next bits). */
static void
radix_sort (guint8 *base,
            guint8 *tmp,
            gsize   n)
{
  gsize   start[257] = { 0 };
  gsize   next[256];
  guint64 differ;
  guint   shift = 0;

  if (n <= SHORT_SORT)
    {
      insertion_sort (base, n);
      return;
    }
  differ = key_differ (base, n);
  if (differ == 0)
    return;
  if (n * RECORD <= LSD_MAX_BYTES)
    {
      guint8 *sorted = lsd_radix_sort (base, tmp, n, differ);

      if (sorted != base)
        memcpy (base, sorted, n * RECORD);
      return;
    }

  while ((differ >> shift) > 0xff)
    shift++;
  for (gsize i = 0; i < n; i++)
    start[((record_key (base + i * RECORD) >> shift) & 0xff) + 1]++;
  for (guint v = 0; v < 256; v++)
    {
      start[v + 1] += start[v];
      next[v] = start[v];
    }
  for (gsize i = 0; i < n; i++)
    {
      const guint8 *record = base + i * RECORD;
      guint         v = (record_key (record) >> shift) & 0xff;

      memcpy (tmp + next[v]++ * RECORD, record, RECORD);
    }

  for (guint v = 0; v < 256; v++)
    {
      gsize first = start[v];
      gsize count = start[v + 1] - first;

      /* keys that differ only in the bits split on are in order */
      if (count > 1 && shift > 0)
        radix_sort (tmp + first * RECORD, base + first * RECORD, count);
    }
  memcpy (base, tmp, n * RECORD);
}

/**
 * _hp_radix_sort16:
 * @records: @n records of 16 bytes, each starting with its gint64 key
 * @scratch: (nullable): room for @n records, or %NULL to allocate it
 * @n: the number of records
 *
 * Stable sort of @records by their key: records with equal keys keep their
 * order. Only the bytes in which keys differ cost a pass: the timestamps of
 * one trace share their high bytes.
 */
void
_hp_radix_sort16 (void *records,
                  void *scratch,
                  gsize n)
{
  g_autofree guint8 *owned = NULL;

  if (n < 2)
    return;
  if (scratch == NULL && n > SHORT_SORT)
    scratch = owned = g_malloc_n (n, RECORD);
  radix_sort (records, scratch, n);
}

/**
 * _hp_sort_pairs:
 * @pairs: the pairs to sort
 * @scratch: (nullable): room for @n pairs, or %NULL to allocate it when
 *   needed
 * @n: the number of pairs
 *
 * Stable sort of @pairs by key: pairs with equal keys keep their order, so
 * a pair's value can serve as the tie-break when the pairs are made in
 * that order.
 */
void
_hp_sort_pairs (HpSortPair *pairs,
                HpSortPair *scratch,
                gsize       n)
{
  gboolean sorted = TRUE;

  for (gsize i = 1; i < n && sorted; i++)
    sorted = pairs[i].key >= pairs[i - 1].key;
  if (!sorted)
    _hp_radix_sort16 (pairs, scratch, n);
}

/* The number of bits @value needs */
static guint
bit_width (guint64 value)
{
  guint bits = 0;

  while (bits < 64 && (value >> bits) != 0)
    bits++;
  return bits;
}

/* Makes @pairs of one key holding the group above the time, both as
 * offsets from their smallest value, and each point's position: when the
 * two fit in 63 bits (they do unless a trace spans centuries or uses
 * absurd stream ids), ordering by that key orders by group, then time. */
static gboolean
pack_group_and_time (const gint64 *times,
                     const gint64 *groups,
                     gsize         n,
                     HpSortPair   *pairs)
{
  g_autofree guint32 *rank_of = NULL;
  gint64              t_min = times[0], t_max = times[0];
  gint64              g_min = groups[0], g_max = groups[0];
  guint64             g_span;
  guint               t_bits;

  for (gsize i = 1; i < n; i++)
    {
      t_min = MIN (t_min, times[i]);
      t_max = MAX (t_max, times[i]);
      g_min = MIN (g_min, groups[i]);
      g_max = MAX (g_max, groups[i]);
    }
  /* the spans as unsigned differences, which cannot overflow */
  t_bits = bit_width ((guint64)t_max - (guint64)t_min);
  g_span = (guint64)g_max - (guint64)g_min;

  /* Groups (streams) are usually a few small numbers: numbered densely,
   * they take the fewest high bits, and the radix sort's first split
   * then cuts each group into slices of time rather than putting most
   * points, the busy stream's, in one part. */
  if (g_span < DENSE_GROUPS_MAX)
    {
      guint32 n_groups = 0;

      rank_of = g_new0 (guint32, g_span + 1);
      for (gsize i = 0; i < n; i++)
        rank_of[(guint64)groups[i] - (guint64)g_min] = 1;
      for (guint64 g = 0; g <= g_span; g++)
        {
          guint32 present = rank_of[g];

          rank_of[g] = n_groups;
          n_groups += present;
        }
      g_span = n_groups - 1;
    }
  if (t_bits + bit_width (g_span) > 63)
    return FALSE;

  for (gsize i = 0; i < n; i++)
    {
      guint64 group = (guint64)groups[i] - (guint64)g_min;
      guint64 key;

      if (rank_of != NULL)
        group = rank_of[group];
      key = group << t_bits | ((guint64)times[i] - (guint64)t_min);
      pairs[i] = (HpSortPair){ (gint64)key, i };
    }
  return TRUE;
}

/**
 * _hp_sort_by_time_then_group:
 * @times: (array length=n): the time of each point
 * @groups: (array length=n): the group of each point (a stream, a
 *   sub-type), ordered as the series lists them
 * @n: the number of points, at most %G_MAXUINT32
 * @numpy_ties: whether points at equal times come out as numpy's unstable
 *   argsort leaves them (HTA's order) rather than in the order given
 * @order: (out caller-allocates) (array length=n): the positions of the
 *   points in series order
 *
 * The order of a counter series (docs/analyses.md §8): grouped by @groups
 * ascending, each group by time. HTA sorts by time first and then groups
 * with a stable sort, so within a group points at equal times keep the
 * order of the time sort; the default mode keeps them in the order given.
 */
void
_hp_sort_by_time_then_group (const gint64 *times,
                             const gint64 *groups,
                             gsize         n,
                             gboolean      numpy_ties,
                             guint32      *order)
{
  g_autofree HpSortPair *pairs = NULL;
  HpSortPair            *scratch;

  g_assert (n <= G_MAXUINT32);
  if (n == 0)
    return;

  pairs = g_new (HpSortPair, 2 * n);
  scratch = pairs + n;
  if (numpy_ties)
    _hp_numpy_argsort (times, order, n);
  else if (pack_group_and_time (times, groups, n, pairs))
    {
      /* one stable sort by (group, time) gives what the two below give */
      _hp_sort_pairs (pairs, scratch, n);
      for (gsize i = 0; i < n; i++)
        order[i] = (guint32)pairs[i].value;
      return;
    }
  else
    {
      for (gsize i = 0; i < n; i++)
        pairs[i] = (HpSortPair){ times[i], i };
      _hp_sort_pairs (pairs, scratch, n);
      for (gsize i = 0; i < n; i++)
        order[i] = (guint32)pairs[i].value;
    }

  for (gsize i = 0; i < n; i++)
    pairs[i] = (HpSortPair){ groups[order[i]], order[i] };
  _hp_sort_pairs (pairs, scratch, n);
  for (gsize i = 0; i < n; i++)
    order[i] = (guint32)pairs[i].value;
}
