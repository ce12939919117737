/* hp-parallel-private.h — runs the items of a loop on several threads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * HpParallelFunc:
 * @index: the item, from 0 to the count given to _hp_parallel_for() − 1
 * @user_data: the data given to _hp_parallel_for()
 *
 * Does one item of a loop. Items run in any order and at the same time;
 * each must write only its own results.
 */
typedef void (*HpParallelFunc) (guint    index,
                                gpointer user_data);

void _hp_parallel_for (guint          n_items,
                       guint          n_threads,
                       HpParallelFunc func,
                       gpointer       user_data);

G_END_DECLS
