/* hp-sort-private.h — the stable radix sort that orders intervals, points and time series.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * HpSortPair:
 * @key: what the pairs are ordered by
 * @value: carried along, usually the position the pair came from
 *
 * A 16-byte record for _hp_sort_pairs().
 */
typedef struct
{
  gint64  key;
  guint64 value;
} HpSortPair;

G_STATIC_ASSERT (sizeof (HpSortPair) == 16);

void _hp_radix_sort16 (void *records,
                       void *scratch,
                       gsize n);

void _hp_sort_pairs (HpSortPair *pairs,
                     HpSortPair *scratch,
                     gsize       n);

void _hp_sort_by_time_then_group (const gint64 *times,
                                  const gint64 *groups,
                                  gsize         n,
                                  gboolean      numpy_ties,
                                  guint32      *order);

G_END_DECLS
