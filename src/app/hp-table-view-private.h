/* hp-table-view-private.h — the columns a table view makes for its table (hp-table-view-columns.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-core.h"

G_BEGIN_DECLS

gboolean _hp_table_view_same_columns (HpTable *a,
                                      HpTable *b);
void     _hp_table_view_build_columns (GtkColumnView *column_view,
                                       HpTable       *table);

G_END_DECLS
