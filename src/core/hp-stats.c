/* hp-stats.c — descriptive statistics computed as pandas computes them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-sort-private.h"
#include "hp-stats.h"

/* numpy's block size for pairwise summation */
#define PAIRWISE_BLOCK 128

/* Up to this many values hp_sort_doubles() sorts by insertion */
#define SHORT_SORT 32

static inline double
value_or_zero (double value)
{
  /* pandas replaces missing values by 0 before summing */
  return isnan (value) ? 0.0 : value;
}

/* numpy's pairwise summation of float64 (`pairwise_sum_DOUBLE`), step for
 * step, so sums round as `Series.sum ()` rounds: short runs are added in
 * order, up to 128 values go through eight interleaved accumulators, and
 * longer runs are split in two at a multiple of eight. */
static double
pairwise_sum (const double *values,
              gsize         n)
{
  if (n < 8)
    {
      double sum = 0.0;

      for (gsize i = 0; i < n; i++)
        sum += value_or_zero (values[i]);
      return sum;
    }
  else if (n <= PAIRWISE_BLOCK)
    {
      double r[8];
      double sum;
      gsize  i;

      for (guint j = 0; j < 8; j++)
        r[j] = value_or_zero (values[j]);
      for (i = 8; i < n - (n % 8); i += 8)
        {
          for (guint j = 0; j < 8; j++)
            r[j] += value_or_zero (values[i + j]);
        }
      sum = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; i++)
        sum += value_or_zero (values[i]);
      return sum;
    }
  else
    {
      gsize half = n / 2;

      half -= half % 8;
      return pairwise_sum (values, half) + pairwise_sum (values + half, n - half);
    }
}

static gsize
count_values (const double *values,
              gsize         n)
{
  gsize count = 0;

  for (gsize i = 0; i < n; i++)
    count += !isnan (values[i]);
  return count;
}

/* A double (not NaN) as a gint64 in the same order, −0 and +0 alike */
static inline gint64
double_key (double value)
{
  gint64 bits;

  value += 0.0; /* −0 + 0 is +0 */
  memcpy (&bits, &value, sizeof bits);
  /* below 0 the bits grow with the magnitude: flip all but the sign */
  return bits < 0 ? bits ^ G_MAXINT64 : bits;
}

/* numpy's `_lerp`: exact at both ends, and monotonic in t */
static double
lerp (double a,
      double b,
      double t)
{
  double diff = b - a;

  if (t >= 0.5)
    return b - diff * (1.0 - t);
  return a + diff * t;
}

/**
 * hp_sort_doubles:
 * @values: (array length=n): values, none of them NaN
 * @n: the number of values
 *
 * Sorts @values ascending with −0 and +0 equal. The sort is stable:
 * values that compare equal keep their order, so a −0 and a +0 come out
 * as given whatever the C library's qsort() would do with them.
 */
void
hp_sort_doubles (double *values,
                 gsize   n)
{
  g_autofree HpSortPair *pairs = NULL;

  g_return_if_fail (values != NULL || n == 0);

  if (n <= SHORT_SORT)
    {
      for (gsize i = 1; i < n; i++)
        {
          double item = values[i];
          gsize  j = i;

          for (; j > 0 && values[j - 1] > item; j--)
            values[j] = values[j - 1];
          values[j] = item;
        }
      return;
    }

  pairs = g_new (HpSortPair, 2 * n);
  for (gsize i = 0; i < n; i++)
    {
      pairs[i].key = double_key (values[i]);
      memcpy (&pairs[i].value, &values[i], sizeof (double));
    }
  _hp_sort_pairs (pairs, pairs + n, n);
  for (gsize i = 0; i < n; i++)
    memcpy (&values[i], &pairs[i].value, sizeof (double));
}

/**
 * hp_sum:
 * @values: (array length=n): values, NaN for missing ones
 * @n: the number of values
 *
 * Sums the values that are not NaN in numpy's pairwise order, so the
 * result rounds exactly as pandas' `Series.sum ()` does.
 *
 * Returns: the sum; 0 when there is no value
 */
double
hp_sum (const double *values,
        gsize         n)
{
  g_return_val_if_fail (values != NULL || n == 0, NAN);

  /* numpy starts the reduction from the identity, 0 */
  return 0.0 + pairwise_sum (values, n);
}

/**
 * hp_mean:
 * @values: (array length=n): values, NaN for missing ones
 * @n: the number of values
 *
 * The mean of the values that are not NaN, as pandas' `Series.mean ()`:
 * hp_sum() divided by the count.
 *
 * Returns: the mean, or NaN when there is no value
 */
double
hp_mean (const double *values,
         gsize         n)
{
  gsize count;

  g_return_val_if_fail (values != NULL || n == 0, NAN);

  count = count_values (values, n);
  if (count == 0)
    return NAN;

  return hp_sum (values, n) / (double)count;
}

/**
 * hp_sample_std:
 * @values: (array length=n): values, NaN for missing ones
 * @n: the number of values
 *
 * The sample standard deviation (divisor count − 1) of the values that are
 * not NaN, with pandas' two-pass formula: the mean first, then the sum of
 * squared deviations from it.
 *
 * Returns: the standard deviation, or NaN for fewer than two values
 */
double
hp_sample_std (const double *values,
               gsize         n)
{
  g_autofree double *squares = NULL;
  gsize              count;
  double             mean;

  g_return_val_if_fail (values != NULL || n == 0, NAN);

  count = count_values (values, n);
  if (count <= 1)
    return NAN;

  mean = hp_sum (values, n) / (double)count;

  /* missing values stay NaN here and count as 0 in the sum, which is
   * where pandas puts its zeros too */
  squares = g_new (double, n);
  for (gsize i = 0; i < n; i++)
    {
      double deviation = mean - values[i];

      squares[i] = deviation * deviation;
    }

  return sqrt (hp_sum (squares, n) / (double)(count - 1));
}

/**
 * hp_quantile_sorted:
 * @sorted: (array length=n): values in ascending order, without NaN
 * @n: the number of values
 * @p: the quantile, in [0, 1]
 *
 * The quantile with linear interpolation, numpy's default method: the value
 * at position p × (n − 1), interpolated between its two neighbours.
 *
 * Returns: the quantile, or NaN when @n is 0
 */
double
hp_quantile_sorted (const double *sorted,
                    gsize         n,
                    double        p)
{
  double position;
  double below;
  gsize  index;

  g_return_val_if_fail (sorted != NULL || n == 0, NAN);
  g_return_val_if_fail (p >= 0.0 && p <= 1.0, NAN);

  if (n == 0)
    return NAN;

  position = (double)(n - 1) * p;
  if (position >= (double)(n - 1))
    return sorted[n - 1];

  below = floor (position);
  index = (gsize)below;

  return lerp (sorted[index], sorted[index + 1], position - below);
}

/**
 * hp_describe:
 * @values: (array length=n): values, NaN for missing ones
 * @n: the number of values
 * @out: (out caller-allocates): where to store the statistics
 *
 * Computes pandas' `Series.describe ()` over the values that are not NaN
 * (docs/analyses.md §0): count, mean, sample std, min, the 25%, 50% and 75%
 * quantiles with linear interpolation, and max.
 */
void
hp_describe (const double *values,
             gsize         n,
             HpDescribe   *out)
{
  g_autofree double *sorted = NULL;
  gsize              count = 0;

  g_return_if_fail (values != NULL || n == 0);
  g_return_if_fail (out != NULL);

  sorted = g_new (double, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    {
      if (!isnan (values[i]))
        sorted[count++] = values[i];
    }

  out->count = (gint64)count;
  if (count == 0)
    {
      out->mean = out->std = out->min = NAN;
      out->q25 = out->q50 = out->q75 = out->max = NAN;
      return;
    }

  hp_sort_doubles (sorted, count);

  out->mean = hp_sum (values, n) / (double)count;
  out->std = hp_sample_std (values, n);
  out->min = sorted[0];
  out->q25 = hp_quantile_sorted (sorted, count, 0.25);
  out->q50 = hp_quantile_sorted (sorted, count, 0.5);
  out->q75 = hp_quantile_sorted (sorted, count, 0.75);
  out->max = sorted[count - 1];
}

/**
 * hp_describe_round:
 * @describe: statistics
 * @decimals: the number of decimals to keep
 *
 * Rounds every statistic but the count with hp_round_half_even(), as HTA
 * does with `round (decimals)` on its describe tables.
 */
void
hp_describe_round (HpDescribe *describe,
                   int         decimals)
{
  g_return_if_fail (describe != NULL);

  describe->mean = hp_round_half_even (describe->mean, decimals);
  describe->std = hp_round_half_even (describe->std, decimals);
  describe->min = hp_round_half_even (describe->min, decimals);
  describe->q25 = hp_round_half_even (describe->q25, decimals);
  describe->q50 = hp_round_half_even (describe->q50, decimals);
  describe->q75 = hp_round_half_even (describe->q75, decimals);
  describe->max = hp_round_half_even (describe->max, decimals);
}

/**
 * hp_describe_add_columns:
 * @table: a #HpTable
 * @unit: (nullable): the unit of the described values, or %NULL
 *
 * Appends the eight describe columns `count`, `mean`, `std`, `min`, `25%`,
 * `50%`, `75%`, `max`. All are double columns, `count` included, because
 * pandas' describe returns floats and its CSV prints the count as "34.0".
 * `count` has no unit; the others get @unit.
 *
 * Returns: the index of the `count` column
 */
guint
hp_describe_add_columns (HpTable    *table,
                         const char *unit)
{
  static const char *const names[] = { "mean", "std", "min", "25%", "50%", "75%", "max" };
  guint                    first;

  g_return_val_if_fail (table != NULL, 0);

  first = hp_table_add_column (table, "count", HP_COLUMN_DOUBLE, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    hp_table_add_column (table, names[i], HP_COLUMN_DOUBLE, unit);

  return first;
}

/**
 * hp_describe_set_row:
 * @table: a #HpTable
 * @row: a row index
 * @first_column: the index hp_describe_add_columns() returned
 * @describe: the statistics
 *
 * Fills the eight describe cells of @row.
 */
void
hp_describe_set_row (HpTable          *table,
                     guint             row,
                     guint             first_column,
                     const HpDescribe *describe)
{
  double values[8];

  g_return_if_fail (table != NULL);
  g_return_if_fail (describe != NULL);
  g_return_if_fail (first_column + G_N_ELEMENTS (values) <= hp_table_get_n_columns (table));

  values[0] = (double)describe->count;
  values[1] = describe->mean;
  values[2] = describe->std;
  values[3] = describe->min;
  values[4] = describe->q25;
  values[5] = describe->q50;
  values[6] = describe->q75;
  values[7] = describe->max;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    hp_table_set_double (table, row, first_column + i, values[i]);
}
