/* hp-table-view.h — one analysis table: sortable columns, a filter, copy and CSV export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-core.h"

G_BEGIN_DECLS

#define HP_TYPE_TABLE_VIEW (hp_table_view_get_type ())

G_DECLARE_FINAL_TYPE (HpTableView, hp_table_view, HP, TABLE_VIEW, GtkWidget)

GtkWidget  *hp_table_view_new (void);
HpTable    *hp_table_view_get_table (HpTableView *self);
void        hp_table_view_set_export_suffix (HpTableView *self,
                                             const char  *suffix);
char       *hp_table_view_get_export_name (HpTableView *self);
void        hp_table_view_set_empty_reason (HpTableView *self,
                                            const char  *reason);
const char *hp_table_view_get_empty_reason (HpTableView *self);
void        hp_table_view_set_table (HpTableView *self,
                                     HpTable     *table);
int         hp_table_view_get_rank (HpTableView *self);
void        hp_table_view_set_rank (HpTableView *self,
                                    int          rank);
gboolean    hp_table_view_get_linked (HpTableView *self);
void        hp_table_view_set_linked (HpTableView *self,
                                      gboolean     linked);
GListModel *hp_table_view_get_model (HpTableView *self);
void        hp_table_view_set_search (HpTableView *self,
                                      const char  *text);
void        hp_table_view_focus_search (HpTableView *self);
gboolean    hp_table_view_copy_selection (HpTableView *self);
void        hp_table_view_export_csv (HpTableView *self);

G_END_DECLS
