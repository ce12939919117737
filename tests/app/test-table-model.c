/* test-table-model.c — HpTableModel: rows on demand, rank and text filters, TSV rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-table-model.h"

#define N_ROWS 20000

static HpTable *
big_table (void)
{
  HpTable *table = hp_table_new ("kernels", "Kernels");

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "sum", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  for (guint i = 0; i < N_ROWS; i++)
    {
      guint            row = hp_table_append_row (table);
      g_autofree char *name = g_strdup_printf ("%s_%u", i % 3 == 0 ? "Kernel" : "memcpy", i);

      hp_table_set_string (table, row, 0, name);
      hp_table_set_double (table, row, 1, i % 10 == 0 ? NAN : i * 0.5);
      hp_table_set_int (table, row, 2, i % 4);
    }
  return table;
}

static void
count_changes_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  guint      *count)
{
  (*count)++;
}

static void
test_rows_on_demand (void)
{
  g_autoptr (HpTable) table = big_table ();
  g_autoptr (HpTableModel) model = hp_table_model_new (table);
  g_autoptr (HpTableRow) first = NULL;
  g_autoptr (HpTableRow) again = NULL;
  g_autoptr (HpTableRow) last = NULL;

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, N_ROWS);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (model)) == HP_TYPE_TABLE_ROW);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (model), N_ROWS));

  /* a fresh object per request, nothing cached */
  first = g_list_model_get_item (G_LIST_MODEL (model), 0);
  again = g_list_model_get_item (G_LIST_MODEL (model), 0);
  g_assert_true (first != again);
  g_assert_cmpuint (hp_table_row_get_index (first), ==, 0);
  g_assert_true (hp_table_row_get_table (first) == table);

  last = g_list_model_get_item (G_LIST_MODEL (model), N_ROWS - 1);
  g_assert_cmpuint (hp_table_row_get_index (last), ==, N_ROWS - 1);

  g_assert_finalize_object (g_steal_pointer (&again));
}

static void
test_rank_filter (void)
{
  g_autoptr (HpTable) table = big_table ();
  g_autoptr (HpTableModel) model = hp_table_model_new (table);
  guint changes = 0;

  g_signal_connect (model, "items-changed", G_CALLBACK (count_changes_cb), &changes);
  g_assert_true (hp_table_model_has_rank_column (model));

  hp_table_model_set_rank (model, 2);
  g_assert_cmpuint (changes, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, N_ROWS / 4);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i += 997)
    {
      g_autoptr (HpTableRow) row = g_list_model_get_item (G_LIST_MODEL (model), i);

      g_assert_cmpint (hp_table_get_int (table, hp_table_row_get_index (row), 2), ==, 2);
    }

  /* same value: nothing happens */
  hp_table_model_set_rank (model, 2);
  g_assert_cmpuint (changes, ==, 1);

  hp_table_model_set_rank (model, 7);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  hp_table_model_set_rank (model, -1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, N_ROWS);
}

static void
test_search (void)
{
  g_autoptr (HpTable) table = big_table ();
  g_autoptr (HpTableModel) model = hp_table_model_new (table);
  guint expected = 0;

  for (guint i = 0; i < N_ROWS; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s_%u", i % 3 == 0 ? "Kernel" : "memcpy", i);

      if (i % 4 == 1 && strstr (name, "Kernel_1") != NULL)
        expected++;
    }

  /* ASCII case does not matter; combines with the rank filter */
  hp_table_model_set_rank (model, 1);
  hp_table_model_set_search (model, "kERNEL_1");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, expected);
  g_assert_cmpstr (hp_table_model_get_search (model), ==, "kERNEL_1");

  /* numbers are not searched, only text cells */
  hp_table_model_set_rank (model, -1);
  hp_table_model_set_search (model, "0.5");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);

  hp_table_model_set_search (model, "");
  g_assert_null (hp_table_model_get_search (model));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, N_ROWS);
}

static void
test_no_rank_column (void)
{
  g_autoptr (HpTable) table = hp_table_new ("types", "Kernel types");
  g_autoptr (HpTableModel) model = hp_table_model_new (NULL);

  hp_table_add_column (table, "kernel_type", HP_COLUMN_STRING, NULL);
  hp_table_append_row (table);
  hp_table_set_string (table, 0, 0, "COMPUTATION");

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
  hp_table_model_set_rank (model, 3);
  hp_table_model_set_table (model, table);
  g_assert_false (hp_table_model_has_rank_column (model));
  /* the rank filter does not apply to tables without ranks */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 1);

  hp_table_model_set_table (model, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 0);
}

static void
test_tsv (void)
{
  g_autoptr (HpTable) table = hp_table_new ("t", "T");
  g_autoptr (HpTableModel) model = NULL;
  g_autoptr (HpTableRow) row = NULL;
  g_autofree char *tsv = NULL;

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "sum", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "count", HP_COLUMN_INT, NULL);
  hp_table_append_row (table);
  hp_table_set_string (table, 0, 0, "a\tb");
  hp_table_set_double (table, 0, 1, 12.5);
  hp_table_set_null (table, 0, 2);

  model = hp_table_model_new (table);
  row = g_list_model_get_item (G_LIST_MODEL (model), 0);
  tsv = hp_table_row_to_tsv (row);
  /* cells as in the CSV; a tab inside a cell becomes a space */
  g_assert_cmpstr (tsv, ==, "a b\t12.5\t");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/table-model/rows-on-demand", test_rows_on_demand);
  g_test_add_func ("/ui/table-model/rank-filter", test_rank_filter);
  g_test_add_func ("/ui/table-model/search", test_search);
  g_test_add_func ("/ui/table-model/no-rank-column", test_no_rank_column);
  g_test_add_func ("/ui/table-model/tsv", test_tsv);

  return g_test_run ();
}
