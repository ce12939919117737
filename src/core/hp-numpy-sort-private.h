/* hp-numpy-sort-private.h — numpy's unstable argsort, so that ties come out in HTA's order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void _hp_numpy_argsort (const gint64 *keys,
                        guint32      *order,
                        gsize         n);

G_END_DECLS
