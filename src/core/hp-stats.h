/* hp-stats.h — descriptive statistics computed as pandas computes them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-table.h"

G_BEGIN_DECLS

/**
 * HpDescribe:
 * @count: the number of values that are not NaN
 * @mean: their mean
 * @std: their sample standard deviation (n − 1); NaN when @count ≤ 1
 * @min: the smallest value
 * @q25: the 25% quantile
 * @q50: the median
 * @q75: the 75% quantile
 * @max: the largest value
 *
 * pandas' `Series.describe ()` (docs/analyses.md §0). Every field but @count is
 * NaN when @count is 0.
 */
typedef struct
{
  gint64 count;
  double mean;
  double std;
  double min;
  double q25;
  double q50;
  double q75;
  double max;
} HpDescribe;

void   hp_sort_doubles (double *values,
                        gsize   n);
double hp_sum (const double *values,
               gsize         n);
double hp_mean (const double *values,
                gsize         n);
double hp_sample_std (const double *values,
                      gsize         n);
double hp_quantile_sorted (const double *sorted,
                           gsize         n,
                           double        p);
void   hp_describe (const double *values,
                    gsize         n,
                    HpDescribe   *out);

void hp_describe_round (HpDescribe *describe,
                        int         decimals);

guint hp_describe_add_columns (HpTable    *table,
                               const char *unit);
void  hp_describe_set_row (HpTable          *table,
                           guint             row,
                           guint             first_column,
                           const HpDescribe *describe);

G_END_DECLS
