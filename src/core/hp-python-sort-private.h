/* hp-python-sort-private.h — Python's list sort, for orders HTA makes with a comparison that is not an order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* whether @a sorts before @b */
typedef gboolean (*HpPythonLessFunc) (guint32  a,
                                      guint32  b,
                                      gpointer data);

void _hp_python_sort (guint32         *items,
                      gsize            n,
                      HpPythonLessFunc less,
                      gpointer         data);

G_END_DECLS
