/* test-health-view.c — the trace's health in the window: the Overview's list and the tabs' marks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "hp-test-utils.h"
#include "hp-trace-page.h"
#include "hp-ui-test-utils.h"
#include "hp-window.h"

static GtkWidget *
tab_label (GtkNotebook *notebook,
           const char  *text)
{
  for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
    {
      GtkWidget *child = gtk_notebook_get_nth_page (notebook, i);

      if (g_strcmp0 (gtk_notebook_get_tab_label_text (notebook, child), text) == 0)
        return gtk_notebook_get_tab_label (notebook, child);
    }
  g_assert_not_reached ();
}

static gboolean
is_label_with (GtkWidget *widget,
               gpointer   data)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), data) != NULL;
}

/* The hand-made broken job: marks where its findings apply, none elsewhere,
 * and every finding about rank 1 listed on the Overview. */
static void
test_broken_job (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "health-broken", NULL);
  HpWindow        *window = hp_ui_test_open_window (path, 1280, 900);
  HpTracePage     *page;
  GtkNotebook     *notebook;
  GtkWidget       *launches, *overlap, *timeline, *row;
  const char      *tooltip;

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  page = hp_window_get_trace_page (window);
  notebook = hp_trace_page_get_notebook (page);

  /* rank 1 has unlaunched kernels: launch statistics need caution */
  launches = tab_label (notebook, "Launches");
  g_assert_true (gtk_widget_has_css_class (launches, "hp-health-caution-tab"));
  tooltip = gtk_widget_get_tooltip_text (launches);
  g_assert_nonnull (tooltip);
  g_assert_true (g_str_has_prefix (tooltip, "Read these numbers with caution:"));
  g_assert_nonnull (strstr (tooltip, "rank 1: 2 of 4 kernels have no CPU launch"));

  /* no communication kernel anywhere: the Overlap tab does not apply */
  overlap = tab_label (notebook, "Overlap");
  g_assert_true (gtk_widget_has_css_class (overlap, "hp-health-na-tab"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (overlap), "no communication kernel"));

  /* the timeline shows no analysis: never marked */
  timeline = tab_label (notebook, "Timeline");
  g_assert_false (gtk_widget_has_css_class (timeline, "hp-health-caution-tab"));
  g_assert_false (gtk_widget_has_css_class (timeline, "hp-health-na-tab"));
  g_assert_null (gtk_widget_get_tooltip_text (timeline));

  /* the Overview lists the findings, warnings before notes */
  row = hp_ui_test_find_widget (GTK_WIDGET (page), is_label_with, "Rank 1: 2 GPU events start more than 1 us");
  g_assert_nonnull (row);
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (page), is_label_with, "ProfilerStep#1 starts 2000000 us later"));
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (page), is_label_with, "CUPTI activity buffer full"));
  /* what both ranks lack is said once, of both */
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (page), is_label_with, "ranks 0, 1: no memcpy or memset"));
  g_assert_null (hp_ui_test_find_widget (GTK_WIDGET (page), is_label_with, "Rank 0: no memcpy"));

  /* a row (icon and wrapping text) is no taller at any width than free of
   * a width, as GTK's boxes check when they fit rows into a height */
  row = gtk_widget_get_parent (row);
  while (row != NULL && !gtk_widget_has_css_class (row, "hp-health-row"))
    row = gtk_widget_get_parent (row);
  g_assert_nonnull (row);
  {
    int free_min, wide_min, narrow_min;

    gtk_widget_measure (row, GTK_ORIENTATION_VERTICAL, -1, &free_min, NULL, NULL, NULL);
    gtk_widget_measure (row, GTK_ORIENTATION_VERTICAL, 1 << 20, &wide_min, NULL, NULL, NULL);
    gtk_widget_measure (row, GTK_ORIENTATION_VERTICAL, 300, &narrow_min, NULL, NULL, NULL);
    g_assert_cmpint (wide_min, <=, free_min);
    g_assert_cmpint (narrow_min, >, wide_min);
    gtk_widget_measure (gtk_widget_get_parent (row), GTK_ORIENTATION_VERTICAL, -1, &free_min, NULL, NULL, NULL);
    gtk_widget_measure (gtk_widget_get_parent (row), GTK_ORIENTATION_VERTICAL, 1 << 20, &wide_min, NULL, NULL, NULL);
    g_assert_cmpint (wide_min, <=, free_min);
  }

  hp_ui_test_close_window (window);
}

/* A clean public job: only what it lacks is marked. */
static void
test_clean_job (void)
{
  g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  HpWindow        *window = hp_ui_test_open_window (path, 1280, 900);
  GtkNotebook     *notebook;

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, window));
  notebook = hp_trace_page_get_notebook (hp_window_get_trace_page (window));
  for (guint i = 0; i < 4; i++)
    {
      const char *clean[] = { "Kernels", "Idle time", "Overlap", "Launches" };
      GtkWidget  *tab = tab_label (notebook, clean[i]);

      g_assert_false (gtk_widget_has_css_class (tab, "hp-health-caution-tab"));
      g_assert_false (gtk_widget_has_css_class (tab, "hp-health-na-tab"));
    }
  /* no gpu_user_annotation: the CPU ranges stand in, with caution */
  g_assert_true (gtk_widget_has_css_class (tab_label (notebook, "User annotations"), "hp-health-caution-tab"));
  hp_ui_test_close_window (window);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/health/broken-job", test_broken_job);
  g_test_add_func ("/ui/health/clean-job", test_clean_job);

  return g_test_run ();
}
