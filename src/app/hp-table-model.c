/* hp-table-model.c — the rows of an HpTable as a filtered GListModel.
 *
 * The model keeps only the indices of the rows that pass the rank and text
 * filters; an HpTableRow is created when a row is asked for and dropped
 * when the view lets it go, so a 100k-row table costs 400 kB here, not
 * 100k objects (Sysprof's document models work the same way).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-table-model.h"

struct _HpTableRow
{
  GObject parent_instance;

  HpTable *table;
  guint    index;
};

G_DEFINE_FINAL_TYPE (HpTableRow, hp_table_row, G_TYPE_OBJECT)

struct _HpTableModel
{
  GObject parent_instance;

  HpTable *table;
  GArray  *rows; /* guint: table rows that pass the filters, in table order */
  char    *search;
  int      rank;
};

enum
{
  PROP_0,
  PROP_TABLE,
  PROP_RANK,
  PROP_SEARCH,
  PROP_N_ITEMS,
  N_PROPS
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HpTableModel, hp_table_model, G_TYPE_OBJECT, G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

static GParamSpec *properties[N_PROPS];

static void
hp_table_row_finalize (GObject *object)
{
  HpTableRow *self = HP_TABLE_ROW (object);

  g_clear_pointer (&self->table, hp_table_unref);

  G_OBJECT_CLASS (hp_table_row_parent_class)->finalize (object);
}

static void
hp_table_row_class_init (HpTableRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hp_table_row_finalize;
}

static void
hp_table_row_init (HpTableRow *self)
{
}

static HpTableRow *
hp_table_row_new (HpTable *table,
                  guint    index)
{
  HpTableRow *self = g_object_new (HP_TYPE_TABLE_ROW, NULL);

  self->table = hp_table_ref (table);
  self->index = index;
  return self;
}

HpTable *
hp_table_row_get_table (HpTableRow *self)
{
  g_return_val_if_fail (HP_IS_TABLE_ROW (self), NULL);
  return self->table;
}

guint
hp_table_row_get_index (HpTableRow *self)
{
  g_return_val_if_fail (HP_IS_TABLE_ROW (self), 0);
  return self->index;
}

/**
 * hp_table_row_to_tsv:
 *
 * Returns: (transfer full): the row's cells, as the CSV writes them,
 *   separated by tabs
 */
char *
hp_table_row_to_tsv (HpTableRow *self)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (HP_IS_TABLE_ROW (self), NULL);

  for (guint column = 0; column < hp_table_get_n_columns (self->table); column++)
    {
      g_autofree char *cell = hp_table_format_cell (self->table, self->index, column);

      if (column > 0)
        g_string_append_c (out, '\t');
      /* a tab or newline inside a cell would shift the columns */
      g_strdelimit (cell, "\t\n\r", ' ');
      g_string_append (out, cell);
    }
  return g_string_free (out, FALSE);
}

/* ASCII-case-insensitive substring search without allocating */
static gboolean
contains_ascii_casefold (const char *haystack,
                         const char *needle,
                         gsize       needle_len)
{
  for (const char *p = haystack; *p != '\0'; p++)
    if (g_ascii_strncasecmp (p, needle, needle_len) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
row_matches (HpTableModel *self,
             guint         row,
             int           rank_column,
             gsize         search_len)
{
  guint n_columns = hp_table_get_n_columns (self->table);

  if (rank_column >= 0 && self->rank >= 0)
    {
      double rank;

      if (hp_table_is_null (self->table, row, (guint)rank_column))
        return FALSE;
      if (hp_table_get_column_type (self->table, (guint)rank_column) == HP_COLUMN_INT)
        rank = (double)hp_table_get_int (self->table, row, (guint)rank_column);
      else
        rank = hp_table_get_double (self->table, row, (guint)rank_column);
      if (rank != self->rank)
        return FALSE;
    }

  if (search_len == 0)
    return TRUE;
  for (guint column = 0; column < n_columns; column++)
    {
      const char *text;

      if (hp_table_get_column_type (self->table, column) != HP_COLUMN_STRING)
        continue;
      text = hp_table_get_string (self->table, row, column);
      if (text != NULL && contains_ascii_casefold (text, self->search, search_len))
        return TRUE;
    }
  return FALSE;
}

static int
rank_column (HpTableModel *self)
{
  int column;

  if (self->table == NULL || (column = hp_table_find_column (self->table, HP_TABLE_RANK_COLUMN)) < 0)
    return -1;
  if (hp_table_get_column_type (self->table, (guint)column) == HP_COLUMN_STRING)
    return -1;
  return column;
}

static void
refilter (HpTableModel *self)
{
  guint old_len = self->rows->len;
  int   column = rank_column (self);
  gsize search_len = self->search != NULL ? strlen (self->search) : 0;

  g_array_set_size (self->rows, 0);
  if (self->table != NULL)
    for (guint row = 0; row < hp_table_get_n_rows (self->table); row++)
      if (row_matches (self, row, column, search_len))
        g_array_append_val (self->rows, row);

  if (old_len != 0 || self->rows->len != 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old_len, self->rows->len);
  if (old_len != self->rows->len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

static GType
hp_table_model_get_item_type (GListModel *model)
{
  return HP_TYPE_TABLE_ROW;
}

static guint
hp_table_model_get_n_items (GListModel *model)
{
  return HP_TABLE_MODEL (model)->rows->len;
}

static gpointer
hp_table_model_get_item (GListModel *model,
                         guint       position)
{
  HpTableModel *self = HP_TABLE_MODEL (model);

  if (position >= self->rows->len)
    return NULL;
  return hp_table_row_new (self->table, g_array_index (self->rows, guint, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = hp_table_model_get_item_type;
  iface->get_n_items = hp_table_model_get_n_items;
  iface->get_item = hp_table_model_get_item;
}

static void
hp_table_model_finalize (GObject *object)
{
  HpTableModel *self = HP_TABLE_MODEL (object);

  g_clear_pointer (&self->table, hp_table_unref);
  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_pointer (&self->search, g_free);

  G_OBJECT_CLASS (hp_table_model_parent_class)->finalize (object);
}

static void
hp_table_model_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  HpTableModel *self = HP_TABLE_MODEL (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      g_value_set_boxed (value, self->table);
      break;
    case PROP_RANK:
      g_value_set_int (value, self->rank);
      break;
    case PROP_SEARCH:
      g_value_set_string (value, self->search);
      break;
    case PROP_N_ITEMS:
      g_value_set_uint (value, self->rows->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_table_model_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  HpTableModel *self = HP_TABLE_MODEL (object);

  switch (prop_id)
    {
    case PROP_TABLE:
      hp_table_model_set_table (self, g_value_get_boxed (value));
      break;
    case PROP_RANK:
      hp_table_model_set_rank (self, g_value_get_int (value));
      break;
    case PROP_SEARCH:
      hp_table_model_set_search (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_table_model_class_init (HpTableModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hp_table_model_finalize;
  object_class->get_property = hp_table_model_get_property;
  object_class->set_property = hp_table_model_set_property;

  properties[PROP_TABLE] =
      g_param_spec_boxed ("table", NULL, NULL, HP_TYPE_TABLE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpTableModel:rank:
   *
   * Keeps only the rows whose `rank` column equals this; -1 keeps every
   * row, and tables without a `rank` column are never filtered.
   */
  properties[PROP_RANK] =
      g_param_spec_int ("rank", NULL, NULL, -1, G_MAXINT, -1,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HpTableModel:search:
   *
   * Keeps only the rows where a text cell contains this, ignoring ASCII case.
   */
  properties[PROP_SEARCH] =
      g_param_spec_string ("search", NULL, NULL, NULL,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_ITEMS] =
      g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hp_table_model_init (HpTableModel *self)
{
  self->rows = g_array_new (FALSE, FALSE, sizeof (guint));
  self->rank = -1;
}

/**
 * hp_table_model_new:
 * @table: (nullable): the table to show
 *
 * Returns: (transfer full): a new model
 */
HpTableModel *
hp_table_model_new (HpTable *table)
{
  return g_object_new (HP_TYPE_TABLE_MODEL, "table", table, NULL);
}

HpTable *
hp_table_model_get_table (HpTableModel *self)
{
  g_return_val_if_fail (HP_IS_TABLE_MODEL (self), NULL);
  return self->table;
}

void
hp_table_model_set_table (HpTableModel *self,
                          HpTable      *table)
{
  g_return_if_fail (HP_IS_TABLE_MODEL (self));

  if (self->table == table)
    return;
  if (table != NULL)
    hp_table_ref (table);
  g_clear_pointer (&self->table, hp_table_unref);
  self->table = table;
  refilter (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TABLE]);
}

int
hp_table_model_get_rank (HpTableModel *self)
{
  g_return_val_if_fail (HP_IS_TABLE_MODEL (self), -1);
  return self->rank;
}

void
hp_table_model_set_rank (HpTableModel *self,
                         int           rank)
{
  g_return_if_fail (HP_IS_TABLE_MODEL (self));

  rank = MAX (rank, -1);
  if (self->rank == rank)
    return;
  self->rank = rank;
  if (rank_column (self) >= 0)
    refilter (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RANK]);
}

const char *
hp_table_model_get_search (HpTableModel *self)
{
  g_return_val_if_fail (HP_IS_TABLE_MODEL (self), NULL);
  return self->search;
}

void
hp_table_model_set_search (HpTableModel *self,
                           const char   *search)
{
  g_return_if_fail (HP_IS_TABLE_MODEL (self));

  if (search != NULL && search[0] == '\0')
    search = NULL;
  if (g_strcmp0 (self->search, search) == 0)
    return;
  g_free (self->search);
  self->search = g_strdup (search);
  refilter (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH]);
}

/**
 * hp_table_model_has_rank_column:
 *
 * Returns: whether the rank filter applies to this table
 */
gboolean
hp_table_model_has_rank_column (HpTableModel *self)
{
  g_return_val_if_fail (HP_IS_TABLE_MODEL (self), FALSE);
  return rank_column (self) >= 0;
}
