/* hp-linked-events-private.h — helpers of the files that make linked events.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-linked-events.h"
#include "hp-rank.h"
#include "hp-table.h"

G_BEGIN_DECLS

HpLinkedEvents *_hp_linked_new (int           rank,
                                GArray       *events,
                                HpLinkedFocus focus);
int             _hp_linked_cmp_by_start (gconstpointer a,
                                         gconstpointer b,
                                         gpointer      user_data);
gboolean        _hp_linked_cell_int (HpTable    *table,
                                     guint       row,
                                     const char *column,
                                     gint64     *value);
const char     *_hp_linked_cell_string (HpTable    *table,
                                        guint       row,
                                        const char *column);
const HpRank   *_hp_linked_row_rank (HpTrace *trace,
                                     HpTable *table,
                                     guint    row);

G_END_DECLS
