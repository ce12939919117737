/* test-sort.c — tests of the stable radix sort and the counter series order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-core.h"
#include "hp-numpy-sort-private.h"
#include "hp-sort-private.h"

/* the sizes around the insertion-sort, in-cache and split thresholds */
static const gsize sizes[] = { 0, 1, 2, 3, 31, 32, 33, 100, 4095, 65535, 65537, 200003 };

typedef enum
{
  KEYS_FEW,      /* many ties */
  KEYS_WIDE,     /* anywhere in gint64, extremes included */
  KEYS_NEARLY,   /* sorted but for local swaps */
  KEYS_SKEWED,   /* most keys in one high-bit bucket */
  KEYS_NEGATIVE, /* negative and positive around 0 */
  N_KEYS
} KeyKind;

static gint64
make_key (GRand  *rand,
          KeyKind kind,
          gsize   i)
{
  switch (kind)
    {
    case KEYS_FEW:
      return g_rand_int_range (rand, 0, 7);
    case KEYS_WIDE:
      {
        guint32 pick = g_rand_int_range (rand, 0, 100);

        if (pick == 0)
          return G_MININT64;
        if (pick == 1)
          return G_MAXINT64;
        return (gint64)(((guint64)g_rand_int (rand) << 32) | g_rand_int (rand));
      }
    case KEYS_NEARLY:
      return (gint64)i * 1000 + g_rand_int_range (rand, 0, 5000);
    case KEYS_SKEWED:
      if (g_rand_int_range (rand, 0, 10) < 7)
        return (G_GINT64_CONSTANT (7) << 40) + g_rand_int_range (rand, 0, 1 << 30);
      return ((gint64)g_rand_int_range (rand, 0, 200) << 40) + g_rand_int_range (rand, 0, 1 << 30);
    case KEYS_NEGATIVE:
      return (gint64)g_rand_int_range (rand, -100000, 100000) * 1000003;
    case N_KEYS:
    default:
      g_assert_not_reached ();
    }
}

static gint
cmp_pair_key (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const HpSortPair *x = a;
  const HpSortPair *y = b;

  return (x->key > y->key) - (x->key < y->key);
}

/* GLib's qsort is a stable merge sort: the reference */
static void
reference_sort_pairs (HpSortPair *pairs,
                      gsize       n)
{
  g_qsort_with_data (pairs, (gint)n, sizeof *pairs, cmp_pair_key, NULL);
}

static void
assert_pairs_equal (const HpSortPair *a,
                    const HpSortPair *b,
                    gsize             n)
{
  for (gsize i = 0; i < n; i++)
    {
      g_assert_cmpint (a[i].key, ==, b[i].key);
      g_assert_cmpuint (a[i].value, ==, b[i].value);
    }
}

static void
test_pairs (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240611);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (KeyKind kind = 0; kind < N_KEYS; kind++)
      {
        gsize                  n = sizes[s];
        g_autofree HpSortPair *pairs = g_new (HpSortPair, MAX (n, 1));
        g_autofree HpSortPair *expected = g_new (HpSortPair, MAX (n, 1));
        g_autofree HpSortPair *scratch = g_new (HpSortPair, MAX (n, 1));

        for (gsize i = 0; i < n; i++)
          pairs[i] = (HpSortPair){ make_key (rand, kind, i), i };
        memcpy (expected, pairs, n * sizeof *pairs);
        reference_sort_pairs (expected, n);

        /* with a scratch buffer, and without (it allocates its own) */
        if (s % 2 == 0)
          _hp_sort_pairs (pairs, scratch, n);
        else
          _hp_sort_pairs (pairs, NULL, n);
        assert_pairs_equal (pairs, expected, n);
      }
}

/* Records with extra bytes after the key keep them: the sort moves whole
 * 16-byte records, as hp_intervals_union() relies on. */
static void
test_radix16_records (void)
{
  typedef struct
  {
    gint64  key;
    guint32 a;
    guint32 b;
  } Record;
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  gsize              n = 100000;
  g_autofree Record *records = g_new (Record, n);

  G_STATIC_ASSERT (sizeof (Record) == 16);

  for (gsize i = 0; i < n; i++)
    records[i] = (Record){ g_rand_int_range (rand, -50, 50), (guint32)i, (guint32)(i * 3 + 1) };
  _hp_radix_sort16 (records, NULL, n);
  for (gsize i = 0; i < n; i++)
    {
      g_assert_cmpuint (records[i].b, ==, records[i].a * 3 + 1);
      if (i > 0)
        {
          g_assert_cmpint (records[i - 1].key, <=, records[i].key);
          /* stable: equal keys keep their order */
          if (records[i - 1].key == records[i].key)
            g_assert_cmpuint (records[i - 1].a, <, records[i].a);
        }
    }
}

typedef struct
{
  const gint64 *times;
  const gint64 *groups;
} SeriesKeys;

static gint
cmp_group_then_time (gconstpointer a,
                     gconstpointer b,
                     gpointer      user_data)
{
  const SeriesKeys *keys = user_data;
  guint32           x = *(const guint32 *)a;
  guint32           y = *(const guint32 *)b;

  if (keys->groups[x] != keys->groups[y])
    return keys->groups[x] < keys->groups[y] ? -1 : 1;
  return (keys->times[x] > keys->times[y]) - (keys->times[x] < keys->times[y]);
}

static gint
cmp_group (gconstpointer a,
           gconstpointer b,
           gpointer      user_data)
{
  const SeriesKeys *keys = user_data;
  guint32           x = *(const guint32 *)a;
  guint32           y = *(const guint32 *)b;

  return (keys->groups[x] > keys->groups[y]) - (keys->groups[x] < keys->groups[y]);
}

/* What the analyses did before: a stable sort by time, then a stable sort
 * by group (the default mode); numpy's argsort by time, then a stable sort
 * by group (HTA-compatibility mode). */
static void
reference_series_order (const gint64 *times,
                        const gint64 *groups,
                        gsize         n,
                        gboolean      numpy_ties,
                        guint32      *order)
{
  SeriesKeys keys = { times, groups };

  if (numpy_ties)
    {
      _hp_numpy_argsort (times, order, n);
      g_qsort_with_data (order, (gint)n, sizeof *order, cmp_group, &keys);
      return;
    }
  for (gsize i = 0; i < n; i++)
    order[i] = (guint32)i;
  g_qsort_with_data (order, (gint)n, sizeof *order, cmp_group_then_time, &keys);
}

static void
check_series_order (const gint64 *times,
                    const gint64 *groups,
                    gsize         n)
{
  for (int numpy_ties = 0; numpy_ties <= 1; numpy_ties++)
    {
      g_autofree guint32 *order = g_new (guint32, MAX (n, 1));
      g_autofree guint32 *expected = g_new (guint32, MAX (n, 1));

      _hp_sort_by_time_then_group (times, groups, n, numpy_ties, order);
      reference_series_order (times, groups, n, numpy_ties, expected);
      for (gsize i = 0; i < n; i++)
        g_assert_cmpuint (order[i], ==, expected[i]);
    }
}

static void
test_series_order (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (42);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      gsize              n = sizes[s];
      g_autofree gint64 *times = g_new (gint64, MAX (n, 1));
      g_autofree gint64 *groups = g_new (gint64, MAX (n, 1));

      /* launches then GPU starts, as a queue series has them: two runs in
       * time order, equal times across them, a handful of streams (one
       * of them −1) */
      for (gsize i = 0; i < n; i++)
        {
          gsize j = i < n / 2 ? i : i - n / 2;

          times[i] = 1700000000000000000 + (gint64)j * 40 + g_rand_int_range (rand, 0, 100);
          groups[i] = g_rand_int_range (rand, 0, 10) < 7 ? 7 : g_rand_int_range (rand, -1, 300);
        }
      check_series_order (times, groups, n);
    }
}

/* Times or groups too far apart to share one 63-bit key take the path of
 * two sorts, and groups far apart are not renumbered; the order is the
 * same. */
static void
test_series_order_wide (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  gsize              n = 70001;
  g_autofree gint64 *times = g_new (gint64, n);
  g_autofree gint64 *groups = g_new (gint64, n);

  for (gsize i = 0; i < n; i++)
    {
      times[i] = g_rand_int_range (rand, -1000, 1000);
      groups[i] = g_rand_int_range (rand, 0, 5);
    }
  times[0] = G_MININT64;
  times[n - 1] = G_MAXINT64;
  check_series_order (times, groups, n);

  for (gsize i = 0; i < n; i++)
    {
      times[i] = g_rand_int_range (rand, 0, 1 << 20);
      if (g_rand_int_range (rand, 0, 3) == 0)
        groups[i] = G_MININT64;
      else
        groups[i] = G_MAXINT64 - g_rand_int_range (rand, 0, 4);
    }
  check_series_order (times, groups, n);

  /* groups too sparse to number densely, times narrow enough to share a
   * key with them */
  for (gsize i = 0; i < n; i++)
    {
      times[i] = g_rand_int_range (rand, -5000, 5000);
      groups[i] = (gint64)g_rand_int_range (rand, 0, 4) << 30;
    }
  check_series_order (times, groups, n);
}

static gint
cmp_double_values (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  double x = *(const double *)a;
  double y = *(const double *)b;

  return (x > y) - (x < y);
}

static void
check_sort_doubles (const double *values,
                    gsize         n)
{
  g_autofree double *sorted = g_memdup2 (values, MAX (n, 1) * sizeof *values);
  g_autofree double *expected = g_memdup2 (values, MAX (n, 1) * sizeof *values);

  hp_sort_doubles (sorted, n);
  g_qsort_with_data (expected, (gint)n, sizeof *expected, cmp_double_values, NULL);
  /* bit for bit: −0 and +0 must stay where a stable sort leaves them */
  g_assert_cmpmem (sorted, n * sizeof *sorted, expected, n * sizeof *expected);
}

static void
test_sort_doubles (void)
{
  static const double special[] = {
    0.0,
    -0.0,
    1.0,
    -1.0,
    INFINITY,
    -INFINITY,
    5e-324,
    -5e-324,
    2.0,
    -2.0,
    0.5,
    -0.5,
    1e300,
    -1e300,
    -0.0,
    0.0,
    3.0,
    3.0,
  };
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);

  check_sort_doubles (special, G_N_ELEMENTS (special));
  check_sort_doubles (special, 0);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      gsize              n = sizes[s];
      g_autofree double *values = g_new0 (double, MAX (n, 1));

      /* queue lengths (small whole numbers, signed zeros among them), then
       * any magnitude of either sign */
      for (gsize i = 0; i < n; i++)
        {
          double v = (double)g_rand_int_range (rand, -3, 200);

          values[i] = v == -3 ? -0.0 : v;
        }
      check_sort_doubles (values, n);
      for (gsize i = 0; i < n; i++)
        {
          double exponent = g_rand_int_range (rand, -300, 300);

          values[i] = g_rand_double_range (rand, -1.0, 1.0) * pow (10.0, exponent);
        }
      check_sort_doubles (values, n);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/sort/pairs", test_pairs);
  g_test_add_func ("/core/sort/radix16-records", test_radix16_records);
  g_test_add_func ("/core/sort/series-order", test_series_order);
  g_test_add_func ("/core/sort/series-order-wide", test_series_order_wide);
  g_test_add_func ("/core/sort/doubles", test_sort_doubles);

  return g_test_run ();
}
