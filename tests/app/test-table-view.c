/* test-table-view.c — HpTableView on a 20k-row table: columns, sorting, filters, copy.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <math.h>

#include "hp-charts.h"
#include "hp-table-model.h"
#include "hp-table-view.h"
#include "hp-ui-test-utils.h"

#define N_ROWS 20000

static HpTable *
big_table (void)
{
  HpTable *table = hp_table_new ("kernels", "Kernels");

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "sum", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "max (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_set_note (table, "Synthetic rows");
  for (guint i = 0; i < N_ROWS; i++)
    {
      guint            row = hp_table_append_row (table);
      g_autofree char *name = g_strdup_printf ("kernel_%05u", i);

      hp_table_set_string (table, row, 0, name);
      hp_table_set_double (table, row, 1, i % 100 == 7 ? NAN : (double)((i * 7919) % N_ROWS));
      hp_table_set_double (table, row, 2, 1.25);
      hp_table_set_int (table, row, 3, i % 2);
    }
  return table;
}

static void
collect_inscriptions (GtkWidget *root,
                      GPtrArray *texts)
{
  if (GTK_IS_INSCRIPTION (root) && gtk_widget_get_mapped (root))
    g_ptr_array_add (texts, (gpointer)gtk_inscription_get_text (GTK_INSCRIPTION (root)));
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_inscriptions (child, texts);
}

static double
first_sum (GListModel *model)
{
  g_autoptr (HpTableRow) row = g_list_model_get_item (model, 0);

  return hp_table_get_double (hp_table_row_get_table (row), hp_table_row_get_index (row), 1);
}

static gboolean
sorted_descending (gpointer data)
{
  return first_sum (data) == N_ROWS - 1;
}

static gboolean
sorted_ascending_nan_first (gpointer data)
{
  return isnan (first_sum (data));
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static void
test_big_table (void)
{
  g_autoptr (HpTable) table = big_table ();
  GtkWidget     *window = gtk_window_new ();
  GtkWidget     *view = hp_table_view_new ();
  GtkColumnView *column_view;
  GListModel    *columns;
  GListModel    *model;
  g_autoptr (GtkColumnViewColumn) sum_column = NULL;
  g_autoptr (GtkColumnViewColumn) max_column = NULL;
  g_autoptr (GPtrArray) texts = g_ptr_array_new ();
  g_autofree char *copied = NULL;
  gboolean         has_na = FALSE;

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 600);
  gtk_window_set_child (GTK_WINDOW (window), view);
  g_object_ref (view);
  hp_table_view_set_table (HP_TABLE_VIEW (view), table);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hp_ui_test_wait_for (is_mapped, view));

  model = hp_table_view_get_model (HP_TABLE_VIEW (view));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_ROWS);

  /* one column per table column, titled with its name as in the CSV; the
   * unit is in the header's tooltip */
  column_view = GTK_COLUMN_VIEW (hp_ui_test_find_widget_of_type (view, GTK_TYPE_COLUMN_VIEW));
  g_assert_nonnull (column_view);
  columns = gtk_column_view_get_columns (column_view);
  g_assert_cmpuint (g_list_model_get_n_items (columns), ==, 4);
  sum_column = g_list_model_get_item (columns, 1);
  max_column = g_list_model_get_item (columns, 2);
  g_assert_cmpstr (gtk_column_view_column_get_title (sum_column), ==, "sum");
  g_assert_cmpstr (gtk_column_view_column_get_title (max_column), ==, "max (us)");
  {
    GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (column_view));
    GtkWidget *name_title = gtk_widget_get_first_child (header);
    GtkWidget *sum_title = gtk_widget_get_next_sibling (name_title);

    g_assert_cmpstr (gtk_widget_get_css_name (header), ==, "header");
    g_assert_null (gtk_widget_get_tooltip_text (name_title));
    g_assert_cmpstr (gtk_widget_get_tooltip_text (sum_title), ==, "Unit: us");
  }

  /* numeric sort both ways; n/a sorts below every number */
  gtk_column_view_sort_by_column (column_view, sum_column, GTK_SORT_DESCENDING);
  g_assert_true (hp_ui_test_wait_for (sorted_descending, model));
  gtk_column_view_sort_by_column (column_view, sum_column, GTK_SORT_ASCENDING);
  g_assert_true (hp_ui_test_wait_for (sorted_ascending_nan_first, model));
  hp_ui_test_spin (200);
  collect_inscriptions (view, texts);
  g_assert_cmpuint (texts->len, >, 0);
  /* only the rows on screen have widgets */
  g_assert_cmpuint (texts->len, <, 4 * 400);
  for (guint i = 0; i < texts->len; i++)
    has_na |= g_strcmp0 (texts->pdata[i], "n/a") == 0;
  g_assert_true (has_na);

  /* filters */
  hp_table_view_set_rank (HP_TABLE_VIEW (view), 1);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_ROWS / 2);
  hp_table_view_set_search (HP_TABLE_VIEW (view), "KERNEL_0001");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 5);
  hp_table_view_set_search (HP_TABLE_VIEW (view), NULL);
  hp_table_view_set_rank (HP_TABLE_VIEW (view), -1);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_ROWS);
  g_assert_true (hp_ui_test_wait_for (sorted_ascending_nan_first, model));

  /* copy: nothing selected, then the first row */
  g_assert_false (hp_table_view_copy_selection (HP_TABLE_VIEW (view)));
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (model), 0, TRUE);
  g_assert_true (hp_table_view_copy_selection (HP_TABLE_VIEW (view)));
  copied = hp_ui_test_read_clipboard (view);
  g_assert_true (g_str_has_prefix (copied, "kernel_00007\t\t1.25\t1"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (view);
}

static void
test_same_columns_keep_state (void)
{
  g_autoptr (HpTable) first = big_table ();
  g_autoptr (HpTable) second = big_table ();
  g_autoptr (HpTable) other = hp_table_new ("types", "Kernel types");
  GtkWidget     *window = gtk_window_new ();
  GtkWidget     *view = hp_table_view_new ();
  GtkColumnView *column_view;
  g_autoptr (GtkColumnViewColumn) sum_column = NULL;
  g_autoptr (GtkColumnViewColumn) column_again = NULL;

  gtk_window_set_child (GTK_WINDOW (window), view);
  g_object_ref (view);
  gtk_window_present (GTK_WINDOW (window));
  hp_table_view_set_table (HP_TABLE_VIEW (view), first);
  column_view = GTK_COLUMN_VIEW (hp_ui_test_find_widget_of_type (view, GTK_TYPE_COLUMN_VIEW));
  sum_column = g_list_model_get_item (gtk_column_view_get_columns (column_view), 1);
  hp_table_view_set_search (HP_TABLE_VIEW (view), "kernel_1");

  /* the same analysis again: same columns, filter and sort kept */
  hp_table_view_set_table (HP_TABLE_VIEW (view), second);
  column_again = g_list_model_get_item (gtk_column_view_get_columns (column_view), 1);
  g_assert_true (sum_column == column_again);
  g_assert_cmpuint (g_list_model_get_n_items (hp_table_view_get_model (HP_TABLE_VIEW (view))), ==, 10000);

  /* another shape: new columns */
  hp_table_add_column (other, "kernel_type", HP_COLUMN_STRING, NULL);
  hp_table_view_set_table (HP_TABLE_VIEW (view), other);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_column_view_get_columns (column_view)), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (hp_table_view_get_model (HP_TABLE_VIEW (view))), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (view);
}

/* The label of column @column's title in @column_view's header row */
static GtkWidget *
column_title_label (GtkColumnView *column_view,
                    guint          column)
{
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (column_view));
  GtkWidget *title = header != NULL ? gtk_widget_get_first_child (header) : NULL;

  for (guint i = 0; i < column && title != NULL; i++)
    title = gtk_widget_get_next_sibling (title);
  return title != NULL ? hp_ui_test_find_widget_of_type (title, GTK_TYPE_LABEL) : NULL;
}

static gboolean
titles_allocated (gpointer data)
{
  GtkWidget *label = column_title_label (data, 0);

  return label != NULL && gtk_widget_get_width (label) > 0;
}

static void
test_numeric_titles_right_aligned (void)
{
  static const char *const names[] = { "name", "count", "rank" };
  g_autoptr (HpTable) table = hp_table_new ("kernels", "Kernels");
  GtkWidget     *window = gtk_window_new ();
  GtkWidget     *view = hp_table_view_new ();
  GtkColumnView *column_view;

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "count", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  for (guint i = 0; i < 5; i++)
    {
      guint row = hp_table_append_row (table);

      hp_table_set_string (table, row, 0, "ampere_sgemm_128x64_tn");
      hp_table_set_int (table, row, 1, 123456789 * (gint64)(i + 1));
      hp_table_set_int (table, row, 2, i % 2);
    }

  gtk_window_set_default_size (GTK_WINDOW (window), 900, 400);
  gtk_window_set_child (GTK_WINDOW (window), view);
  g_object_ref (view);
  hp_table_view_set_table (HP_TABLE_VIEW (view), table);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hp_ui_test_wait_for (is_mapped, view));
  column_view = GTK_COLUMN_VIEW (hp_ui_test_find_widget_of_type (view, GTK_TYPE_COLUMN_VIEW));
  g_assert_true (hp_ui_test_wait_for (titles_allocated, column_view));
  hp_ui_test_spin (100);

  /* text titles start at the left of their column, numeric ones end at
   * its right, above the right-aligned numbers; the names stay HTA's */
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GtkWidget      *label = column_title_label (column_view, i);
      GtkWidget      *title;
      graphene_rect_t bounds;
      double          left, right;

      g_assert_nonnull (label);
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, names[i]);
      title = gtk_widget_get_parent (gtk_widget_get_parent (label));
      g_assert_true (gtk_widget_compute_bounds (label, title, &bounds));
      left = bounds.origin.x;
      right = gtk_widget_get_width (title) - (bounds.origin.x + bounds.size.width);
      g_test_message ("%s: %.0f px left of the title, %.0f px right", names[i], left, right);
      if (i == 0)
        g_assert_cmpfloat (left, <, right);
      else
        g_assert_cmpfloat (right, <, left);
    }

  /* the same columns again keep their alignment */
  hp_table_view_set_table (HP_TABLE_VIEW (view), NULL);
  hp_table_view_set_table (HP_TABLE_VIEW (view), table);
  hp_ui_test_spin (100);
  {
    GtkWidget      *label = column_title_label (column_view, 2);
    GtkWidget      *title = gtk_widget_get_parent (gtk_widget_get_parent (label));
    graphene_rect_t bounds;

    g_assert_true (gtk_widget_compute_bounds (label, title, &bounds));
    g_assert_cmpfloat (gtk_widget_get_width (title) - (bounds.origin.x + bounds.size.width), <, bounds.origin.x);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (view);
}

static gboolean
is_cell_showing (GtkWidget *widget,
                 gpointer   text)
{
  return GTK_IS_INSCRIPTION (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (widget)), text) == 0;
}

/* The mapped inscription showing @text below @root */
static GtkWidget *
find_cell (GtkWidget  *root,
           const char *text)
{
  return hp_ui_test_find_widget (root, is_cell_showing, (gpointer)text);
}

typedef struct
{
  GtkWidget  *view;
  const char *text;
} CellWanted;

static gboolean
cell_allocated (gpointer data)
{
  CellWanted *wanted = data;
  GtkWidget  *cell = find_cell (wanted->view, wanted->text);

  return cell != NULL && gtk_widget_get_width (cell) > 0;
}

/* Asks @cell for its tooltip the way GTK does on hover */
static gboolean
query_tooltip (GtkWidget *cell)
{
  g_autoptr (GtkTooltip) tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
  gboolean shown = FALSE;

  g_signal_emit_by_name (cell, "query-tooltip", 1, 1, FALSE, tooltip, &shown);
  return shown;
}

static void
test_cell_tooltips (void)
{
  static const char *const long_name =
      "void at::native::elementwise_kernel<128, 4, at::native::gpu_kernel_impl_nocast>(int, Func)";
  static const char *const wide_name = "WWWWWWWWWWWWWWWWWWWWWWWWWWWW";
  g_autoptr (HpTable) table = hp_table_new ("kernels", "Kernels");
  GtkWidget  *window = gtk_window_new ();
  GtkWidget  *view = hp_table_view_new ();
  GtkWidget  *cell;
  CellWanted  wanted = { view, "ab" };
  const char *names[] = { long_name, "ab", wide_name };

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "count", HP_COLUMN_INT, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      guint row = hp_table_append_row (table);

      hp_table_set_string (table, row, 0, names[i]);
      hp_table_set_int (table, row, 1, 1000 + i);
    }

  /* narrow enough that the 28 wide letters do not fit */
  gtk_window_set_default_size (GTK_WINDOW (window), 260, 300);
  gtk_window_set_child (GTK_WINDOW (window), view);
  g_object_ref (view);
  hp_table_view_set_table (HP_TABLE_VIEW (view), table);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (hp_ui_test_wait_for (cell_allocated, &wanted));
  hp_ui_test_spin (100);

  /* the name cells answer on hover, not when bound: a short name that
   * fits shows nothing, a long one its whole text */
  cell = find_cell (view, "ab");
  g_assert_nonnull (cell);
  g_assert_true (gtk_widget_get_has_tooltip (cell));
  g_assert_null (gtk_widget_get_tooltip_text (cell));
  g_assert_false (query_tooltip (cell));

  cell = find_cell (view, long_name);
  g_assert_nonnull (cell);
  g_assert_null (gtk_widget_get_tooltip_text (cell));
  g_assert_true (query_tooltip (cell));

  /* shorter than a long name, but cut off by the column */
  cell = find_cell (view, wide_name);
  g_assert_nonnull (cell);
  g_assert_true (query_tooltip (cell));

  /* numbers never have one */
  cell = find_cell (view, "1001");
  g_assert_nonnull (cell);
  g_assert_false (gtk_widget_get_has_tooltip (cell));

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (view);
}

static gboolean
label_with_text (GtkWidget *widget,
                 gpointer   data)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

static gboolean
filter_emptied (gpointer data)
{
  return g_list_model_get_n_items (hp_table_view_get_model (data)) == 0;
}

static gboolean
has_label (GtkWidget  *root,
           const char *text)
{
  if (GTK_IS_LABEL (root) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (root)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (has_label (child, text))
      return TRUE;
  return FALSE;
}

/* An empty table says why under "This table has no rows"; a filter that
 * leaves no row does not repeat it */
static void
test_empty_reason (void)
{
  g_autoptr (HpTable) table = hp_table_new ("memory_events", "Memory events");
  GtkWidget *window;
  GtkWidget *view;
  GtkWidget *reason;

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  window = gtk_window_new ();
  view = hp_table_view_new ();
  gtk_window_set_child (GTK_WINDOW (window), view);
  g_object_ref (view);
  hp_table_view_set_table (HP_TABLE_VIEW (view), table);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (has_label (view, "This table has no rows"));
  g_assert_false (has_label (view, "the trace has no [memory] events"));

  hp_table_view_set_empty_reason (HP_TABLE_VIEW (view), "the trace has no [memory] events");
  g_assert_cmpstr (hp_table_view_get_empty_reason (HP_TABLE_VIEW (view)), ==, "the trace has no [memory] events");
  reason = hp_ui_test_find_widget (view, label_with_text, (gpointer) "the trace has no [memory] events");
  g_assert_nonnull (reason);
  g_assert_true (gtk_widget_get_visible (reason));

  /* rows come: no reason shown; a filter that matches none: no reason either */
  hp_table_set_string (table, hp_table_append_row (table), 0, "alloc");
  hp_table_view_set_table (HP_TABLE_VIEW (view), NULL);
  hp_table_view_set_table (HP_TABLE_VIEW (view), table);
  g_assert_false (gtk_widget_get_visible (reason));
  hp_table_view_set_search (HP_TABLE_VIEW (view), "nothing-matches-this");
  g_assert_true (hp_ui_test_wait_for (filter_emptied, view));
  g_assert_true (has_label (view, "No rows match the filter"));
  g_assert_false (gtk_widget_get_visible (reason));

  /* none given: none shown */
  hp_table_view_set_empty_reason (HP_TABLE_VIEW (view), NULL);
  g_assert_null (hp_table_view_get_empty_reason (HP_TABLE_VIEW (view)));
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (view);
}

static void
test_translated_titles (void)
{
  g_autofree char *po_dir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  g_autofree char *catalog = g_build_filename (po_dir, "de", "LC_MESSAGES", GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *old_locale = g_strdup (setlocale (LC_MESSAGES, NULL));
  g_autoptr (HpTable) table = hp_table_new ("temporal_breakdown", N_ ("Temporal breakdown"));
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (GPtrArray) charts = NULL;
  g_autoptr (GPtrArray) english = NULL;
  GtkWidget           *window;
  GtkWidget           *view;
  GtkColumnView       *column_view;
  const HpChartLayout *layout;
  gboolean             idle_found = FALSE;
  guint                row;

  if (!g_file_test (catalog, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the German catalog is not built");
      return;
    }
  /* German through LANGUAGE, which gettext ignores only in the "C" locale */
  g_setenv ("LANGUAGE", "de", TRUE);
  if (setlocale (LC_MESSAGES, "C.UTF-8") == NULL)
    {
      g_unsetenv ("LANGUAGE");
      g_test_skip ("no C.UTF-8 locale");
      return;
    }
  bindtextdomain (GETTEXT_PACKAGE, po_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");

  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "idle_time_pctg", HP_COLUMN_DOUBLE, NULL);
  hp_table_add_column (table, "compute_time_pctg", HP_COLUMN_DOUBLE, NULL);
  hp_table_add_column (table, "non_compute_time_pctg", HP_COLUMN_DOUBLE, NULL);
  row = hp_table_append_row (table);
  hp_table_set_int (table, row, 0, 0);
  hp_table_set_double (table, row, 1, 20);
  hp_table_set_double (table, row, 2, 70);
  hp_table_set_double (table, row, 3, 10);

  /* the table's title is shown translated, its column names are not */
  window = gtk_window_new ();
  view = hp_table_view_new ();
  gtk_window_set_child (GTK_WINDOW (window), view);
  g_object_ref (view);
  hp_table_view_set_table (HP_TABLE_VIEW (view), table);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (has_label (view, "Zeitliche Aufschlüsselung"));
  g_assert_false (has_label (view, "Temporal breakdown"));
  g_assert_cmpstr (hp_table_get_title (table), ==, "Temporal breakdown");
  column_view = GTK_COLUMN_VIEW (hp_ui_test_find_widget_of_type (view, GTK_TYPE_COLUMN_VIEW));
  {
    g_autoptr (GtkColumnViewColumn) column = g_list_model_get_item (gtk_column_view_get_columns (column_view), 1);

    g_assert_cmpstr (gtk_column_view_column_get_title (column), ==, "idle_time_pctg");
  }
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (view);

  /* the app's charts speak German and keep their colours; the CLI's stay English */
  charts = hp_chart_adapt_table_translated (table, NULL, GETTEXT_PACKAGE);
  g_assert_cmpuint (charts->len, ==, 1);
  g_assert_cmpstr (hp_chart_get_title (charts->pdata[0]), ==, "Zeitliche Aufschlüsselung über alle Ranks");
  g_assert_cmpstr (hp_chart_get_name (charts->pdata[0]), ==, "temporal_breakdown");
  layout = hp_chart_layout (charts->pdata[0], 640, 400, style);
  for (guint i = 0; i < layout->legend->len; i++)
    {
      const HpChartLegendEntry *entry = &g_array_index (layout->legend, HpChartLegendEntry, i);

      g_assert_cmpstr (entry->label, !=, "Idle");
      if (g_strcmp0 (entry->label, "Leerlauf") == 0)
        {
          idle_found = TRUE;
          g_assert_true (hp_color_equal (&entry->color, &style->temporal_idle));
        }
    }
  g_assert_true (idle_found);
  english = hp_chart_adapt_table (table, NULL);
  g_assert_cmpstr (hp_chart_get_title (english->pdata[0]), ==, "Temporal breakdown across ranks");

  g_unsetenv ("LANGUAGE");
  setlocale (LC_MESSAGES, old_locale);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add_func ("/ui/table-view/big-table", test_big_table);
  g_test_add_func ("/ui/table-view/same-columns-keep-state", test_same_columns_keep_state);
  g_test_add_func ("/ui/table-view/numeric-titles-right-aligned", test_numeric_titles_right_aligned);
  g_test_add_func ("/ui/table-view/translated-titles", test_translated_titles);
  g_test_add_func ("/ui/table-view/cell-tooltips", test_cell_tooltips);
  g_test_add_func ("/ui/table-view/empty-reason", test_empty_reason);

  return g_test_run ();
}
