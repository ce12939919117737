/* hp-table.h — a typed, named-column result table: what every analysis returns.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

typedef enum
{
  HP_COLUMN_INT,    /* gint64 */
  HP_COLUMN_DOUBLE, /* double; NaN means null */
  HP_COLUMN_STRING, /* char * (interned in the table); NULL means null */
} HpColumnType;

typedef struct _HpTable HpTable;

#define HP_TYPE_TABLE (hp_table_get_type ())

GType    hp_table_get_type (void) G_GNUC_CONST;
HpTable *hp_table_new (const char *name,
                       const char *title);
HpTable *hp_table_ref (HpTable *self);
void     hp_table_unref (HpTable *self);

const char *hp_table_get_name (HpTable *self);
const char *hp_table_get_title (HpTable *self);
void        hp_table_set_note (HpTable    *self,
                               const char *note);
const char *hp_table_get_note (HpTable *self);

guint        hp_table_add_column (HpTable     *self,
                                  const char  *name,
                                  HpColumnType type,
                                  const char  *unit);
guint        hp_table_get_n_columns (HpTable *self);
guint        hp_table_get_n_rows (HpTable *self);
const char  *hp_table_get_column_name (HpTable *self,
                                       guint    column);
HpColumnType hp_table_get_column_type (HpTable *self,
                                       guint    column);
const char  *hp_table_get_column_unit (HpTable *self,
                                       guint    column);
int          hp_table_find_column (HpTable    *self,
                                   const char *name);

/**
 * HpColumnId:
 * @name: the column's name
 * @tables: (array zero-terminated=1): the names of the tables that have
 *   the column, as the analysis' header defines them
 *
 * One column of one analysis' tables (or of tables of the same shape),
 * exported by the analysis' header so that readers outside core never
 * spell a column or a table name. Make one with HP_COLUMN_ID().
 */
typedef struct
{
  const char        *name;
  const char *const *tables;
} HpColumnId;

/* HP_COLUMN_ID (column name, table name, other table names…): a compound
 * literal, so an identifier made in a function lives as long as the block
 * that makes it (keep it there, or copy its fields into a struct of that
 * block, never into a static) */
#define HP_COLUMN_ID(name_, ...) ((HpColumnId){ (name_), (const char *const[]){ __VA_ARGS__, NULL } })

int hp_table_column_of (HpTable   *self,
                        HpColumnId id);

/* the column giving each row's rank, in every table of several ranks */
#define HP_TABLE_RANK_COLUMN "rank"

guint hp_table_append_row (HpTable *self);
void  hp_table_set_int (HpTable *self,
                        guint    row,
                        guint    column,
                        gint64   value);
void  hp_table_set_double (HpTable *self,
                           guint    row,
                           guint    column,
                           double   value);
void  hp_table_set_string (HpTable    *self,
                           guint       row,
                           guint       column,
                           const char *value);
void  hp_table_set_null (HpTable *self,
                         guint    row,
                         guint    column);

guint hp_table_append_rows (HpTable *self,
                            guint    n_rows);
void  hp_table_set_ints (HpTable      *self,
                         guint         column,
                         guint         first_row,
                         const gint64 *values,
                         guint         n_values);
void  hp_table_set_doubles (HpTable      *self,
                            guint         column,
                            guint         first_row,
                            const double *values,
                            guint         n_values);
void  hp_table_fill_int (HpTable *self,
                         guint    column,
                         guint    first_row,
                         guint    n_rows,
                         gint64   value);
void  hp_table_fill_string (HpTable    *self,
                            guint       column,
                            guint       first_row,
                            guint       n_rows,
                            const char *value);

gboolean    hp_table_is_null (HpTable *self,
                              guint    row,
                              guint    column);
gint64      hp_table_get_int (HpTable *self,
                              guint    row,
                              guint    column);
double      hp_table_get_double (HpTable *self,
                                 guint    row,
                                 guint    column);
const char *hp_table_get_string (HpTable *self,
                                 guint    row,
                                 guint    column);
char       *hp_table_format_cell (HpTable *self,
                                  guint    row,
                                  guint    column);

void     hp_table_sort (HpTable         *self,
                        GCompareDataFunc compare_rows,
                        gpointer         user_data);
void     hp_table_sort_by_column (HpTable *self,
                                  guint    column,
                                  gboolean descending);
HpTable *hp_table_concat (HpTable   **tables,
                          guint       n_tables,
                          const char *name,
                          const char *title);

/**
 * HpCsvFlags:
 * @HP_CSV_FLAGS_NONE: text cells a spreadsheet would run as a formula
 *   are escaped
 * @HP_CSV_HTA_COMPAT: every cell's bytes are HTA's, formulas included
 */
typedef enum
{
  HP_CSV_FLAGS_NONE = 0,
  HP_CSV_HTA_COMPAT = 1 << 0,
} HpCsvFlags;

char     *hp_table_to_csv (HpTable *self);
char     *hp_table_to_csv_full (HpTable   *self,
                                HpCsvFlags flags);
JsonNode *hp_table_to_json (HpTable *self);
char     *hp_table_to_json_string (HpTable *self);
char     *hp_table_to_text (HpTable *self,
                            guint    max_rows);
gboolean  hp_table_write_csv (HpTable    *self,
                              const char *path,
                              GError    **error);
gboolean  hp_table_write_csv_full (HpTable    *self,
                                   const char *path,
                                   HpCsvFlags  flags,
                                   GError    **error);
gboolean  hp_table_write_json (HpTable    *self,
                               const char *path,
                               GError    **error);

char  *hp_format_double (double value);
double hp_round_half_even (double value,
                           int    decimals);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTable, hp_table_unref)

G_END_DECLS
