/* test-intervals.c — tests of the interval union and the sweep line (docs/trace-format.md §13).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hp-core.h"

/* the order hp_intervals_union() sorts by: start, then end */
static int
cmp_start_end (const void *a,
               const void *b)
{
  const HpInterval *x = a;
  const HpInterval *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return (x->end > y->end) - (x->end < y->end);
}

/* The union as qsort and a merge give it: what hp_intervals_union()
 * returned before it had a radix sort. */
static gsize
reference_union (HpInterval *intervals,
                 gsize       n)
{
  gsize out = 0;

  qsort (intervals, n, sizeof *intervals, cmp_start_end);
  for (gsize i = 0; i < n; i++)
    {
      if (out > 0 && intervals[i].start <= intervals[out - 1].end)
        {
          intervals[out - 1].end = MAX (intervals[out - 1].end, intervals[i].end);
          continue;
        }
      intervals[out++] = intervals[i];
    }
  return out;
}

static void
shuffle (GRand      *rand,
         HpInterval *intervals,
         gsize       n)
{
  for (gsize i = n; i > 1; i--)
    {
      gsize      j = (gsize)g_rand_int_range (rand, 0, (gint32)i);
      HpInterval swap = intervals[i - 1];

      intervals[i - 1] = intervals[j];
      intervals[j] = swap;
    }
}

static void
assert_intervals_equal (const HpInterval *a,
                        gsize             n_a,
                        const HpInterval *b,
                        gsize             n_b)
{
  g_assert_cmpuint (n_a, ==, n_b);
  for (gsize i = 0; i < n_a; i++)
    {
      g_assert_cmpint (a[i].start, ==, b[i].start);
      g_assert_cmpint (a[i].end, ==, b[i].end);
    }
}

static void
test_union_empty (void)
{
  HpInterval one[] = { { 3, 7 } };

  g_assert_cmpuint (hp_intervals_union (NULL, 0), ==, 0);
  g_assert_cmpint (hp_intervals_length (NULL, 0), ==, 0);
  g_assert_cmpuint (hp_intervals_union (one, 1), ==, 1);
  g_assert_cmpint (one[0].start, ==, 3);
  g_assert_cmpint (one[0].end, ==, 7);
  g_assert_cmpint (hp_intervals_length (one, 1), ==, 4);
}

/* touching intervals merge, as in HTA; a gap of one unit does not */
static void
test_union_touching (void)
{
  HpInterval       intervals[] = { { 0, 5 }, { 5, 10 }, { 11, 20 }, { 20, 20 }, { 30, 40 } };
  const HpInterval expected[] = { { 0, 10 }, { 11, 20 }, { 30, 40 } };
  gsize            n = hp_intervals_union (intervals, G_N_ELEMENTS (intervals));

  assert_intervals_equal (intervals, n, expected, G_N_ELEMENTS (expected));
  g_assert_cmpint (hp_intervals_length (intervals, n), ==, 29);
}

static void
test_union_nested (void)
{
  HpInterval       intervals[] = { { 0, 100 }, { 10, 20 }, { 30, 40 }, { 0, 50 }, { 99, 100 }, { 100, 120 } };
  const HpInterval expected[] = { { 0, 120 } };
  gsize            n = hp_intervals_union (intervals, G_N_ELEMENTS (intervals));

  assert_intervals_equal (intervals, n, expected, G_N_ELEMENTS (expected));
}

static void
test_union_unsorted (void)
{
  HpInterval       intervals[] = { { 50, 60 }, { -10, -5 }, { 20, 30 }, { 55, 70 }, { -7, 0 }, { 25, 26 } };
  const HpInterval expected[] = { { -10, 0 }, { 20, 30 }, { 50, 70 } };
  gsize            n = hp_intervals_union (intervals, G_N_ELEMENTS (intervals));

  assert_intervals_equal (intervals, n, expected, G_N_ELEMENTS (expected));
}

/* A negative duration (docs/trace-format.md §6) sorted before an interval with its start
 * opens a group of its own, so equal starts must be ordered by end. The
 * first call sorts with qsort, the second with the radix sort. */
static void
test_union_negative_durations (void)
{
  static const gsize n_copies[] = { 1, 100 };

  for (guint k = 0; k < G_N_ELEMENTS (n_copies); k++)
    {
      gsize                  copies = n_copies[k];
      gsize                  n = 4 * copies;
      g_autofree HpInterval *intervals = g_new (HpInterval, n);
      g_autofree HpInterval *expected = NULL;
      gsize                  n_merged, n_expected;

      for (gsize c = 0; c < copies; c++)
        {
          gint64 base = 1000 * (gint64)(copies - c);

          intervals[4 * c + 0] = (HpInterval){ base + 10, base + 40 };
          intervals[4 * c + 1] = (HpInterval){ base + 10, base + 5 };
          intervals[4 * c + 2] = (HpInterval){ base + 10, base + 20 };
          intervals[4 * c + 3] = (HpInterval){ base, base + 1 };
        }
      expected = g_memdup2 (intervals, n * sizeof *intervals);
      n_expected = reference_union (expected, n);
      n_merged = hp_intervals_union (intervals, n);
      assert_intervals_equal (intervals, n_merged, expected, n_expected);
      /* per copy: [base, base + 1], [base + 10, base + 5], [base + 10, base + 40] */
      g_assert_cmpuint (n_merged, ==, 3 * copies);
      g_assert_cmpint (intervals[1].end, ==, intervals[1].start - 5);
    }
}

/* Disjoint intervals come out of the union exactly as sorted: the result
 * is the qsort order itself. Keys cross zero, span most of the gint64
 * range or share their high bytes (as the timestamps of a trace do). */
static void
test_union_sorts_like_qsort (void)
{
  static const gsize sizes[] = { 255, 256, 257, 1000, 65536, 300000 };
  /* the first start (0: −n · step, so that the keys cross zero) and the
   * largest step between two boundaries */
  static const struct
  {
    gint64 first;
    gint64 step;
  } layouts[] = {
    { 0, 1000 },
    { 0, G_GINT64_CONSTANT (1) << 42 },
    { G_GINT64_CONSTANT (1700000000000000000), 1000 }, /* ns since 1970 */
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240601);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
      {
        gsize                  n = sizes[s];
        g_autofree HpInterval *intervals = g_new (HpInterval, n);
        g_autofree HpInterval *expected = NULL;
        gint64                 unit = layouts[l].step / 1000;
        gint64                 t = layouts[l].first != 0 ? layouts[l].first : -(gint64)n * layouts[l].step;
        gsize                  n_merged;

        for (gsize i = 0; i < n; i++)
          {
            t += 1 + g_rand_int_range (rand, 0, 1000) * unit;
            intervals[i].start = t;
            t += g_rand_int_range (rand, 0, 1000) * unit;
            intervals[i].end = t;
            t += 1;
          }
        expected = g_memdup2 (intervals, n * sizeof *intervals);
        shuffle (rand, intervals, n);
        n_merged = hp_intervals_union (intervals, n);
        assert_intervals_equal (intervals, n_merged, expected, n);
      }
}

/* Overlapping random intervals with many equal starts and some negative
 * durations merge as with qsort; in the last round two intervals lie at
 * the ends of the gint64 range, far from all others. */
static void
test_union_random (void)
{
  static const gsize sizes[] = { 10, 255, 256, 5000, 200000 };
  g_autoptr (GRand) rand = g_rand_new_with_seed (7919);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint round = 0; round < 5; round++)
      {
        gsize                  n = sizes[s];
        g_autofree HpInterval *intervals = g_new (HpInterval, n);
        g_autofree HpInterval *expected = NULL;
        gint32                 range = round == 0 ? 50 : (gint32)(n * 20);
        gsize                  n_merged, n_expected;

        for (gsize i = 0; i < n; i++)
          {
            intervals[i].start = g_rand_int_range (rand, -range, range);
            intervals[i].end = intervals[i].start + g_rand_int_range (rand, -3, 30);
          }
        if (round == 4)
          {
            intervals[n / 2] = (HpInterval){ G_MININT64, G_MININT64 + 5 };
            intervals[n / 3] = (HpInterval){ G_MAXINT64 - 40, G_MAXINT64 - 10 };
          }
        expected = g_memdup2 (intervals, n * sizeof *intervals);
        n_expected = reference_union (expected, n);
        n_merged = hp_intervals_union (intervals, n);
        assert_intervals_equal (intervals, n_merged, expected, n_expected);
      }
}

typedef struct
{
  gint64 totals[8];
  gint64 last_end;
  gsize  n_segments;
} SweepTotals;

static void
add_segment (guint    bits,
             gint64   start,
             gint64   end,
             gpointer user_data)
{
  SweepTotals *totals = user_data;

  g_assert_cmpuint (bits, <, 8);
  g_assert_cmpint (start, <, end);
  /* segments come in time order, one after the other */
  if (totals->n_segments > 0)
    g_assert_cmpint (start, ==, totals->last_end);
  totals->totals[bits] += end - start;
  totals->last_end = end;
  totals->n_segments++;
}

/* Three merged sets with bits 1, 2 and 4: the sweep's time per bit set
 * equals a count over every unit of time. With 25 intervals per set the
 * points are sorted with qsort, with 400 by the radix sort. */
static void
test_sweep_brute_force (void)
{
  static const gsize per_set[] = { 25, 400 };
  g_autoptr (GRand) rand = g_rand_new_with_seed (13);

  for (guint p = 0; p < G_N_ELEMENTS (per_set); p++)
    for (guint round = 0; round < 20; round++)
      {
        gint32                 range = (gint32)per_set[p] * 40;
        g_autofree HpInterval *storage = g_new (HpInterval, 3 * per_set[p]);
        const HpInterval      *sets[3];
        gsize                  counts[3];
        const guint            bits[3] = { 1, 2, 4 };
        g_autofree guint8     *cover = g_new0 (guint8, (gsize)range);
        SweepTotals            swept = { { 0 } };
        gint64                 expected[8] = { 0 };
        gint64                 first = G_MAXINT64, last = G_MININT64;

        for (guint s = 0; s < 3; s++)
          {
            HpInterval *set = storage + s * per_set[p];

            for (gsize i = 0; i < per_set[p]; i++)
              {
                set[i].start = g_rand_int_range (rand, 0, range - 40);
                set[i].end = set[i].start + g_rand_int_range (rand, 0, 40);
              }
            counts[s] = hp_intervals_union (set, per_set[p]);
            sets[s] = set;
            for (gsize i = 0; i < counts[s]; i++)
              {
                for (gint64 t = set[i].start; t < set[i].end; t++)
                  cover[t] |= (guint8)bits[s];
                first = MIN (first, set[i].start);
                last = MAX (last, set[i].end);
              }
          }
        for (gint64 t = first; t < last; t++)
          expected[cover[t]]++;

        hp_intervals_sweep (sets, counts, bits, 3, add_segment, &swept);
        for (guint b = 0; b < 8; b++)
          g_assert_cmpint (swept.totals[b], ==, expected[b]);
      }
}

typedef struct
{
  guint  bits;
  gint64 start;
  gint64 end;
} Segment;

static void
record_segment (guint    bits,
                gint64   start,
                gint64   end,
                gpointer user_data)
{
  Segment segment = { bits, start, end };

  g_array_append_val ((GArray *)user_data, segment);
}

typedef struct
{
  gint64 t;
  int    delta;
} RefPoint;

static int
cmp_ref_point (const void *a,
               const void *b)
{
  const RefPoint *x = a;
  const RefPoint *y = b;

  return (x->t > y->t) - (x->t < y->t);
}

/* The sweep as qsort gave it, to compare segment by segment. */
static GArray *
reference_sweep (const HpInterval *const *sets,
                 const gsize             *counts,
                 const guint             *bits,
                 guint                    n_sets)
{
  GArray              *segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  g_autofree RefPoint *points = NULL;
  gsize                n = 0, k = 0;
  int                  running = 0;

  for (guint s = 0; s < n_sets; s++)
    n += 2 * counts[s];
  points = g_new (RefPoint, n);
  for (guint s = 0; s < n_sets; s++)
    for (gsize i = 0; i < counts[s]; i++)
      {
        points[k++] = (RefPoint){ sets[s][i].start, (int)bits[s] };
        points[k++] = (RefPoint){ sets[s][i].end, -(int)bits[s] };
      }
  qsort (points, n, sizeof *points, cmp_ref_point);
  for (gsize i = 0; i < n; i++)
    {
      running += points[i].delta;
      if (i + 1 < n && points[i + 1].t > points[i].t)
        {
          Segment segment = { (guint)running, points[i].t, points[i + 1].t };

          g_array_append_val (segments, segment);
        }
    }
  return segments;
}

/* Sets big enough for the radix sort to split its points first (a few
 * MiB), with trace-like timestamps: the segments are those of qsort. */
static void
test_sweep_large (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (4242);
  const gsize            per_set = 50000;
  const guint            bits[3] = { 1, 2, 4 };
  g_autofree HpInterval *storage = g_new (HpInterval, 3 * per_set);
  const HpInterval      *sets[3];
  gsize                  counts[3];
  g_autoptr (GArray) swept = g_array_new (FALSE, FALSE, sizeof (Segment));
  g_autoptr (GArray) expected = NULL;

  for (guint s = 0; s < 3; s++)
    {
      HpInterval *set = storage + s * per_set;

      for (gsize i = 0; i < per_set; i++)
        {
          set[i].start = G_GINT64_CONSTANT (1700000000000000000) + (gint64)g_rand_int_range (rand, 0, 1 << 30) * 64;
          set[i].end = set[i].start + g_rand_int_range (rand, 0, 100000);
        }
      counts[s] = hp_intervals_union (set, per_set);
      sets[s] = set;
    }
  expected = reference_sweep (sets, counts, bits, 3);
  hp_intervals_sweep (sets, counts, bits, 3, record_segment, swept);
  g_assert_cmpuint (swept->len, ==, expected->len);
  for (guint i = 0; i < swept->len; i++)
    {
      const Segment *a = &g_array_index (swept, Segment, i);
      const Segment *b = &g_array_index (expected, Segment, i);

      g_assert_cmpuint (a->bits, ==, b->bits);
      g_assert_cmpint (a->start, ==, b->start);
      g_assert_cmpint (a->end, ==, b->end);
    }
}

static void
test_sweep_empty (void)
{
  const HpInterval *sets[1] = { NULL };
  const gsize       counts[1] = { 0 };
  const guint       bits[1] = { 1 };
  SweepTotals       swept = { { 0 } };

  hp_intervals_sweep (sets, counts, bits, 1, add_segment, &swept);
  hp_intervals_sweep (NULL, NULL, NULL, 0, add_segment, &swept);
  g_assert_cmpuint (swept.n_segments, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/intervals/union-empty", test_union_empty);
  g_test_add_func ("/core/intervals/union-touching", test_union_touching);
  g_test_add_func ("/core/intervals/union-nested", test_union_nested);
  g_test_add_func ("/core/intervals/union-unsorted", test_union_unsorted);
  g_test_add_func ("/core/intervals/union-negative-durations", test_union_negative_durations);
  g_test_add_func ("/core/intervals/union-sorts-like-qsort", test_union_sorts_like_qsort);
  g_test_add_func ("/core/intervals/union-random", test_union_random);
  g_test_add_func ("/core/intervals/sweep-brute-force", test_sweep_brute_force);
  g_test_add_func ("/core/intervals/sweep-large", test_sweep_large);
  g_test_add_func ("/core/intervals/sweep-empty", test_sweep_empty);

  return g_test_run ();
}
