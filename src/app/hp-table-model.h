/* hp-table-model.h — the rows of an HpTable as a filtered GListModel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "hp-core.h"

G_BEGIN_DECLS

#define HP_TYPE_TABLE_ROW (hp_table_row_get_type ())

G_DECLARE_FINAL_TYPE (HpTableRow, hp_table_row, HP, TABLE_ROW, GObject)

HpTable *hp_table_row_get_table (HpTableRow *self);
guint    hp_table_row_get_index (HpTableRow *self);
char    *hp_table_row_to_tsv (HpTableRow *self);

#define HP_TYPE_TABLE_MODEL (hp_table_model_get_type ())

G_DECLARE_FINAL_TYPE (HpTableModel, hp_table_model, HP, TABLE_MODEL, GObject)

HpTableModel *hp_table_model_new (HpTable *table);
HpTable      *hp_table_model_get_table (HpTableModel *self);
void          hp_table_model_set_table (HpTableModel *self,
                                        HpTable      *table);
int           hp_table_model_get_rank (HpTableModel *self);
void          hp_table_model_set_rank (HpTableModel *self,
                                       int           rank);
const char   *hp_table_model_get_search (HpTableModel *self);
void          hp_table_model_set_search (HpTableModel *self,
                                         const char   *search);
gboolean      hp_table_model_has_rank_column (HpTableModel *self);

G_END_DECLS
