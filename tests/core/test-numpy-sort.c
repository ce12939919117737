/* test-numpy-sort.c — tests that _hp_numpy_argsort() orders ties as numpy 1.24 does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-numpy-sort-private.h"

/* Every expected permutation below is numpy 1.24.2's
 * `numpy.argsort (keys, kind="quicksort")` of the keys described next to
 * it (int64 keys). */

/* keys[i] = (i * 7919) % m − offset */
static gint64 *
formula_keys (gsize  n,
              gint64 m,
              gint64 offset)
{
  gint64 *keys = g_new (gint64, MAX (n, 1));

  for (gsize i = 0; i < n; i++)
    keys[i] = (gint64)((i * 7919) % (gsize)m) - offset;
  return keys;
}

/* sorts @keys, checks the result against @expected */
static void
assert_argsort (const gint64  *keys,
                gsize          n,
                const guint32 *expected)
{
  g_autofree guint32 *order = g_new (guint32, MAX (n, 1));

  /* the caller need not initialise @order */
  memset (order, 0xa5, MAX (n, 1) * sizeof *order);
  _hp_numpy_argsort (keys, order, n);
  for (gsize i = 0; i < n; i++)
    g_assert_cmpuint (order[i], ==, expected[i]);
}

/* sorts @keys, checks that the result is ascending and sum (i · order[i]) */
static void
assert_argsort_checksum (const gint64 *keys,
                         gsize         n,
                         guint64       expected_sum)
{
  g_autofree guint32  *order = g_new (guint32, MAX (n, 1));
  g_autofree gboolean *seen = g_new0 (gboolean, MAX (n, 1));
  guint64              sum = 0;

  _hp_numpy_argsort (keys, order, n);
  for (gsize i = 0; i < n; i++)
    {
      g_assert_cmpuint (order[i], <, n);
      g_assert_false (seen[order[i]]);
      seen[order[i]] = TRUE;
      if (i > 0)
        g_assert_cmpint (keys[order[i - 1]], <=, keys[order[i]]);
      sum += i * order[i];
    }
  g_assert_cmpuint (sum, ==, expected_sum);
}

static void
test_empty (void)
{
  static const gint64  one_key[] = { 42 };
  static const guint32 one_order[] = { 0 };
  guint32              order[1] = { 7 };

  _hp_numpy_argsort (NULL, NULL, 0);
  _hp_numpy_argsort (one_key, order, 0);
  g_assert_cmpuint (order[0], ==, 7);
  assert_argsort (one_key, 1, one_order);
}

/* up to 16 elements numpy only insertion-sorts, which is stable */
static void
test_insertion_sort (void)
{
  static const guint32 order5[] = { 0, 3, 2, 1, 4 };
  static const guint32 order16[] = { 0, 3, 6, 9, 12, 15, 2, 5, 8, 11, 14, 1, 4, 7, 10, 13 };
  g_autofree gint64   *keys5 = formula_keys (5, 3, 0);
  g_autofree gint64   *keys16 = formula_keys (16, 3, 0);

  assert_argsort (keys5, 5, order5);
  assert_argsort (keys16, 16, order16);
}

/* from 17 elements on numpy partitions, and ties leave their order (a
 * stable sort gives 0, 3, 6, 9, 12, 15, 2, 5, … for 17 elements) */
static void
test_partition (void)
{
  static const guint32 order17[] = { 0, 12, 3, 9, 6, 15, 14, 11, 8, 5, 2, 10, 4, 13, 1, 7, 16 };
  static const guint32 order40[] = {
    0, 35, 30, 5, 25, 20, 15, 10, 34, 29, 24, 14, 19, 39, 9, 4, 33, 3, 28, 23,
    13, 38, 18, 8, 22, 7, 37, 12, 27, 17, 32, 2, 21, 36, 1, 16, 31, 6, 11, 26
  };
  /* the vectors of test-counters.c's own argsort test */
  static const gint64  keys17b[] = { 2, 2, 1, 2, 0, 1, 2, 0, 0, 0, 1, 2, 0, 1, 1, 2, 0 };
  static const guint32 order17b[] = { 8, 12, 9, 7, 16, 4, 5, 2, 10, 13, 14, 6, 3, 15, 11, 1, 0 };
  g_autofree gint64   *keys17 = formula_keys (17, 3, 0);
  g_autofree gint64   *keys40 = formula_keys (40, 5, 0);

  assert_argsort (keys17, 17, order17);
  assert_argsort (keys40, 40, order40);
  assert_argsort (keys17b, 17, order17b);
}

/* keys at both ends of the range compare as numbers */
static void
test_extremes (void)
{
  static const guint32 expected[] = {
    11, 3, 6, 19, 22, 14, 1, 4, 20, 17, 9, 12, 21, 16, 0, 8, 5, 13, 15, 10, 18, 7, 2, 23
  };
  gint64 keys[24];

  for (guint i = 0; i < 24; i += 8)
    {
      keys[i + 0] = 0;
      keys[i + 1] = -1;
      keys[i + 2] = G_MAXINT64;
      keys[i + 3] = G_MININT64;
      keys[i + 4] = -1;
      keys[i + 5] = 0;
      keys[i + 6] = G_MININT64;
      keys[i + 7] = G_MAXINT64;
    }
  assert_argsort (keys, G_N_ELEMENTS (keys), expected);
}

static void
test_large (void)
{
  g_autofree gint64 *keys13 = formula_keys (1000, 13, 6);
  g_autofree gint64 *keys2 = formula_keys (1000, 2, 0);

  /* a stable sort gives 256256461 and 291291750 */
  assert_argsort_checksum (keys13, 1000, 249682452);
  assert_argsort_checksum (keys2, 1000, 235629262);
}

/* McIlroy's "killer adversary" against numpy's median-of-three (each key
 * then halved, which keeps the comparisons and adds ties) drives the
 * quicksort past its depth limit: numpy heapsorts a part of 38 elements
 * here, and an insertion sort there would order its ties otherwise */
static void
test_heapsort_fallback (void)
{
  static const gint64 keys[] = {
    0, 28, 1, 28, 2, 27, 3, 27, 4, 26, 5, 26, 6, 25, 7, 25,
    8, 24, 9, 24, 10, 23, 11, 23, 12, 13, 31, 30, 31, 30, 29, 0,
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 22, 22, 21, 21,
    20, 20, 19, 19, 18, 18, 17, 17, 16, 16, 15, 15, 14, 14, 29, 13
  };
  static const guint32 expected[] = {
    0, 31, 2, 32, 4, 33, 6, 34, 8, 35, 10, 36, 12, 37, 14, 38,
    16, 39, 18, 40, 20, 41, 22, 42, 24, 43, 25, 63, 60, 61, 59, 58,
    56, 57, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 23, 21,
    17, 19, 15, 13, 11, 9, 7, 5, 1, 3, 62, 30, 29, 27, 28, 26
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (keys) == G_N_ELEMENTS (expected));
  assert_argsort (keys, G_N_ELEMENTS (keys), expected);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/numpy-sort/empty", test_empty);
  g_test_add_func ("/core/numpy-sort/insertion-sort", test_insertion_sort);
  g_test_add_func ("/core/numpy-sort/partition", test_partition);
  g_test_add_func ("/core/numpy-sort/extremes", test_extremes);
  g_test_add_func ("/core/numpy-sort/large", test_large);
  g_test_add_func ("/core/numpy-sort/heapsort-fallback", test_heapsort_fallback);

  return g_test_run ();
}
