/* test-summary-window.c — a folder of rank summaries in the window: the tabs show the traces' tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "hp-test-utils.h"
#include "hp-path-overlay.h"
#include "hp-timeline-panel.h"
#include "hp-trace-page.h"
#include "hp-ui-test-utils.h"
#include "hp-window.h"

#define CASE "hta_trace_filter_2ranks"

static char *
make_summaries (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("hotpath-ui-summary-XXXXXX", &error);

  g_assert_no_error (error);
  for (guint r = 0; r < 2; r++)
    {
      g_autofree char *name = g_strdup_printf ("sampled_rank-%u.json.gz", r);
      g_autofree char *trace = hp_test_data_path (CASE, name, NULL);
      g_autoptr (HpSummary) s = hp_summary_new_for_trace (trace, NULL, &error);
      g_autofree char *file = NULL;
      g_autofree char *path = NULL;

      g_assert_no_error (error);
      file = hp_summary_dup_file_name (s);
      path = g_build_filename (dir, file, NULL);
      g_assert_true (hp_summary_write (s, path, &error));
    }
  return dir;
}

/* A window on the summaries of CASE, written to a folder of their own
 * that goes with the window */
typedef struct
{
  char     *dir;
  HpWindow *window;
} Fixture;

static void
fixture_setup (Fixture      *fixture,
               gconstpointer data)
{
  fixture->dir = make_summaries ();
  fixture->window = hp_ui_test_open_window (fixture->dir, 1280, 900);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, fixture->window));
}

static void
fixture_teardown (Fixture      *fixture,
                  gconstpointer data)
{
  hp_ui_test_close_window (g_steal_pointer (&fixture->window));
  hp_ui_test_remove_tree (fixture->dir);
  g_free (fixture->dir);
}

/* the CSV of @table_name of @analysis on the full traces */
static char *
full_csv (const char *analysis,
          const char *table_name)
{
  g_autoptr (HpTrace) trace = hp_test_load (CASE, HP_MODE_DEFAULT);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) tables = hp_analysis_run (hp_analysis_find (analysis), trace, NULL, NULL, &error);

  g_assert_no_error (error);
  return hp_table_to_csv (hp_analysis_result_find_table (tables, table_name));
}

static gboolean
is_label_with (GtkWidget *widget,
               gpointer   data)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_label (GTK_LABEL (widget)), data) != NULL;
}

static gboolean
finding_shown (gpointer page)
{
  return hp_ui_test_find_widget (GTK_WIDGET (page), is_label_with, "Ranks 0 and 1 are idle 53.6–54.7%") != NULL;
}

static void
assert_tab_table (GtkNotebook *notebook,
                  const char  *tab,
                  const char  *analysis,
                  const char  *table_name)
{
  HpAnalysisPanel *panel = hp_ui_test_show_tab (notebook, tab, hp_ui_test_panel_idle);
  HpTable         *shown = hp_analysis_panel_find_table (panel, analysis, table_name);
  g_autofree char *expected = full_csv (analysis, table_name);
  g_autofree char *got = NULL;

  g_assert_nonnull (shown);
  got = hp_table_to_csv (shown);
  g_assert_cmpstr (got, ==, expected);
}

/* Overview, Kernels, Idle time and Overlap of the summaries show the
 * tables of the full traces; the Overview says where the numbers come from */
static void
test_tabs (Fixture      *fixture,
           gconstpointer data)
{
  HpWindow    *window = fixture->window;
  HpTracePage *page;
  GtkNotebook *notebook;

  page = hp_window_get_trace_page (window);
  g_assert_nonnull (page);
  g_assert_nonnull (hp_trace_get_summaries (hp_session_get_trace (hp_trace_page_get_session (page))));
  notebook = hp_trace_page_get_notebook (page);

  assert_tab_table (notebook, "Kernels", "gpu_kernel_breakdown", "gpu_kernel_breakdown_kernel_type");
  assert_tab_table (notebook, "Kernels", "gpu_kernel_breakdown", "gpu_kernel_breakdown_kernels");
  assert_tab_table (notebook, "Idle time", "idle_time_breakdown", "idle_time_breakdown");
  assert_tab_table (notebook, "Overlap", "comm_comp_overlap", "comm_comp_overlap");

  hp_ui_test_show_tab (notebook, "Overview", hp_ui_test_panel_idle);
  g_assert_true (hp_ui_test_wait_for (finding_shown, page));
  /* the health checks across ranks are made on the summaries */
  g_assert_null (hp_ui_test_find_widget (GTK_WIDGET (page), is_label_with, "opened from rank summaries"));
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (page), is_label_with, "collectives ran on only some"));
  /* the Trace card counts the summarised traces' events and steps */
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (page), is_label_with, "in rank summaries"));
  g_assert_null (hp_ui_test_find_widget (GTK_WIDGET (page), is_label_with, "None marked"));

  /* the timeline's lanes are each rank's activity, from the summaries */
  {
    HpTrace *trace = hp_session_get_trace (hp_trace_page_get_session (page));
    guint    gpu_lanes = 0, events = 0;

    g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 2);
    for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
      {
        const HpRank *r = hp_trace_get_rank (trace, k);

        g_assert_cmpint (r->rank, ==, (int)k);
        g_assert_true (g_str_has_suffix (r->path, ".hpsum"));
        for (guint l = 0; l < r->n_lanes; l++)
          gpu_lanes += r->lanes[l].is_gpu;
        events += r->n_events;
      }
    g_assert_cmpstr (hp_trace_get_device_type (trace), ==, "NVIDIA GPU");
    g_assert_cmpuint (gpu_lanes, >=, 2);
    g_assert_cmpuint (events, >, 100);
  }
}

typedef struct
{
  GtkWidget  *root;
  const char *text;
} LabelWait;

static gboolean
label_shown (gpointer data)
{
  LabelWait *wait = data;
  GtkWidget *label = hp_ui_test_find_widget (wait->root, is_label_with, (gpointer)wait->text);

  return label != NULL && gtk_widget_is_visible (label);
}

static gboolean
is_load_full_button (GtkWidget *widget,
                     gpointer   data)
{
  return GTK_IS_BUTTON (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.load-full-traces") == 0;
}

/* the idle-time result the timeline's shading comes from is in */
static gboolean
idle_gaps_in (gpointer page)
{
  HpResult *result = hp_session_get_analysis_result (hp_trace_page_get_session (page), HP_IDLE_TIME_ANALYSIS);

  return result != NULL && hp_result_get_payload (result) != NULL;
}

static gboolean
widget_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

static gboolean
view_computed (gpointer view)
{
  return !hp_timeline_view_is_computing (view);
}

/* The timeline of summaries draws activity blocks, not events: it says
 * what needs the traces and names them, shades no idle gap between
 * blocks, and a range's or an area's statistics say why they are not
 * there instead of describing the blocks */
static void
test_timeline (Fixture      *fixture,
               gconstpointer data)
{
  HpWindow        *window = fixture->window;
  HpTracePage     *page;
  HpTimelinePanel *panel;
  HpTimelineView  *view;
  HpTrace         *trace;
  GtkWidget       *note;
  gint64           start, end;
  guint            gpu_lanes = 0;

  page = hp_window_get_trace_page (window);
  panel = hp_trace_page_get_timeline_panel (page);
  view = hp_timeline_panel_get_view (panel);
  trace = hp_timeline_view_get_trace (view);
  {
    GtkNotebook *notebook = hp_trace_page_get_notebook (page);

    gtk_notebook_set_current_page (notebook, gtk_notebook_page_num (notebook, GTK_WIDGET (panel)));
    g_assert_true (hp_ui_test_wait_for (widget_mapped, panel));
  }

  /* the note, with the traces to load and the button that loads them */
  note = hp_ui_test_find_widget (GTK_WIDGET (panel), is_label_with, "Rank summaries: each lane");
  g_assert_nonnull (note);
  g_assert_true (gtk_widget_is_visible (note));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (note)), "sampled_rank-1.json.gz"));
  g_assert_nonnull (hp_ui_test_find_widget (gtk_widget_get_parent (note), is_load_full_button, NULL));

  /* nor a critical path through them */
  {
    HpAnalysisParams params;
    g_autoptr (GError) error = NULL;

    hp_analysis_params_init (&params);
    g_assert_null (hp_path_overlay_compute (trace, &params, NULL, &error));
    g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
    g_assert_nonnull (strstr (error->message, "critical_path needs every event"));
    hp_analysis_params_clear (&params);
  }

  /* no idle gap is drawn between activity blocks */
  hp_timeline_view_set_flags (view, HP_TIMELINE_SHOW_IDLE);
  g_assert_true (hp_ui_test_wait_for (idle_gaps_in, page));
  g_assert_true (hp_ui_test_wait_for (view_computed, view));
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    for (guint l = 0; l < hp_trace_get_rank (trace, k)->n_lanes; l++)
      if (hp_trace_get_rank (trace, k)->lanes[l].is_gpu)
        {
          GArray *gaps = hp_timeline_scene_get_idle_intervals (
              hp_timeline_view_get_scene (view), k, l);

          gpu_lanes++;
          g_assert_true (gaps == NULL || gaps->len == 0);
        }
  g_assert_cmpuint (gpu_lanes, >=, 2);

  /* a range: why its statistics are not there, not the blocks' */
  hp_timeline_view_zoom_to_fit (view);
  hp_timeline_view_get_visible_range (view, &start, &end);
  hp_timeline_view_set_selected_range (view, start + (end - start) / 4, start + (end - start) / 2);
  {
    LabelWait wait = { GTK_WIDGET (panel), "the statistics of a range needs the events of the traces" };

    g_assert_true (hp_ui_test_wait_for (label_shown, &wait));
    g_assert_null (hp_ui_test_find_widget (GTK_WIDGET (panel), is_label_with, "Busy time per lane"));
  }

  /* an area across rank 0's first two lanes */
  {
    HpLaneRef lanes[2] = { { 0, 0 }, { 0, 1 } };
    LabelWait wait = { GTK_WIDGET (panel), "the events of an area needs the events of the traces" };

    hp_timeline_view_set_selected_area (view, start + (end - start) / 4, start + (end - start) / 2, lanes, 2);
    g_assert_true (hp_ui_test_wait_for (label_shown, &wait));
  }
}

static HpWindow *other_window (HpWindow *self);

static gboolean
full_window_loaded (gpointer data)
{
  HpWindow *other = other_window (data);

  return other != NULL && hp_ui_test_not_loading (other) && hp_window_get_session (other) != NULL &&
         hp_session_get_trace (hp_window_get_session (other)) != NULL;
}

static HpWindow *
other_window (HpWindow *self)
{
  g_autoptr (GList) windows = gtk_window_list_toplevels ();

  for (GList *l = windows; l != NULL; l = l->next)
    if (HP_IS_WINDOW (l->data) && l->data != (gpointer)self)
      return l->data;
  return NULL;
}

/* "Load Full Traces" opens the selected rank's trace, recorded in its
 * summary, in a new window that behaves as for any trace */
static void
test_load_full (Fixture      *fixture,
                gconstpointer data)
{
  HpWindow *window = fixture->window;
  HpWindow *full;
  HpTrace  *trace;

  hp_session_set_selected_rank (hp_window_get_session (window), 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.load-full-traces", NULL));
  g_assert_true (hp_ui_test_wait_for (full_window_loaded, window));
  full = other_window (window);
  trace = hp_session_get_trace (hp_window_get_session (full));
  g_assert_null (hp_trace_get_summaries (trace));
  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 1);
  g_assert_cmpint (hp_trace_get_rank (trace, 0)->rank, ==, 1);
  g_assert_cmpuint (hp_trace_get_rank (trace, 0)->n_events, >, 1000);

  hp_ui_test_close_window (full);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  gtk_test_init (&argc, &argv, NULL);

  g_test_add ("/ui/summary/tabs", Fixture, NULL, fixture_setup, test_tabs, fixture_teardown);
  g_test_add ("/ui/summary/load-full", Fixture, NULL, fixture_setup, test_load_full, fixture_teardown);
  g_test_add ("/ui/summary/timeline", Fixture, NULL, fixture_setup, test_timeline, fixture_teardown);
  return g_test_run ();
}
