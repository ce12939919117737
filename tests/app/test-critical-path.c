/* test-critical-path.c — the critical path in the app: the tab's choosers, its rows on the Timeline, the overlay's legend and keys, under Xvfb.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gtk/gtk.h>
#include <locale.h>
#include <string.h>

#include "hp-critical-path-panel.h"
#include "hp-path-overlay.h"
#include "hp-stragglers-panel.h"
#include "hp-test-utils.h"
#include "hp-timeline-panel.h"
#include "hp-ui-test-utils.h"
#include "hp-window.h"

typedef struct
{
  HpWindow        *window;
  HpSession       *session;
  HpTrace         *trace;
  GtkNotebook     *notebook;
  HpTimelinePanel *timeline;
  HpTimelineView  *view;
} Fixture;

static void
fixture_setup (Fixture      *f,
               gconstpointer data)
{
  g_autofree char *path = hp_test_data_path (data != NULL ? data : "hta_trace_filter_2ranks", NULL);
  HpTracePage     *page;

  f->window = hp_ui_test_open_window (path, 1280, 900);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, f->window));
  f->session = hp_window_get_session (f->window);
  f->trace = hp_session_get_trace (f->session);
  page = hp_window_get_trace_page (f->window);
  f->notebook = hp_trace_page_get_notebook (page);
  f->timeline = hp_trace_page_get_timeline_panel (page);
  f->view = hp_timeline_panel_get_view (f->timeline);
}

static void
fixture_teardown (Fixture      *f,
                  gconstpointer data)
{
  hp_ui_test_close_window (f->window);
}

static gboolean
finding_shown (gpointer data)
{
  return !hp_analysis_panel_is_busy (data) && hp_critical_path_panel_get_finding (data) != NULL;
}

static gboolean
path_shown (gpointer panel)
{
  return hp_timeline_panel_get_critical_paths (panel) != NULL;
}

/* turns the overlay on: the request returns at once, before the result,
 * which arrives from the runner */
static GPtrArray *
show_path (Fixture *f)
{
  gboolean shown = FALSE;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.show-critical-path", NULL));
  g_object_get (f->timeline, "show-critical-path", &shown, NULL);
  g_assert_true (shown);
  g_assert_null (hp_timeline_panel_get_critical_paths (f->timeline));
  g_assert_true (hp_timeline_panel_is_computing_critical_path (f->timeline));
  g_assert_true (hp_ui_test_wait_for (path_shown, f->timeline));
  g_assert_false (hp_timeline_panel_is_computing_critical_path (f->timeline));
  return hp_timeline_panel_get_critical_paths (f->timeline);
}

static HpAnalysisPanel *
show_tab (Fixture *f)
{
  HpAnalysisPanel *panel = hp_ui_test_show_tab (f->notebook, "Critical path", hp_ui_test_panel_idle);

  g_assert_true (HP_IS_CRITICAL_PATH_PANEL (panel));
  g_assert_true (hp_ui_test_wait_for (finding_shown, panel));
  return panel;
}

static gboolean
is_drop_down (GtkWidget *widget,
              gpointer   data)
{
  return GTK_IS_DROP_DOWN (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) != 0 &&
         g_object_get_data (G_OBJECT (widget), "seen") == NULL;
}

static gboolean
is_cancel_button (GtkWidget *widget,
                  gpointer   data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), "_Cancel") == 0;
}

/* the panel's two choosers: the step's, then the rank's */
static void
find_choosers (HpAnalysisPanel *panel,
               GtkDropDown    **step,
               GtkDropDown    **rank)
{
  *step = GTK_DROP_DOWN (hp_ui_test_find_widget (GTK_WIDGET (panel), is_drop_down, NULL));
  g_assert_nonnull (*step);
  g_object_set_data (G_OBJECT (*step), "seen", GINT_TO_POINTER (1));
  *rank = GTK_DROP_DOWN (hp_ui_test_find_widget (GTK_WIDGET (panel), is_drop_down, NULL));
  g_assert_nonnull (*rank);
  g_object_set_data (G_OBJECT (*step), "seen", NULL);
}

static guint
find_item (GtkDropDown *chooser,
           const char  *label)
{
  GListModel *model = gtk_drop_down_get_model (chooser);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GtkStringObject) item = g_list_model_get_item (model, i);

      if (g_strcmp0 (gtk_string_object_get_string (item), label) == 0)
        return i;
    }
  g_assert_not_reached ();
  return 0;
}

/* The choosers list the steps (with the whole trace) and the ranks (with
 * all ranks); a choice recomputes in the background, and a choice made
 * before comes back from the session at once */
static void
test_choosers (Fixture      *f,
               gconstpointer data)
{
  HpAnalysisPanel *panel = show_tab (f);
  GtkDropDown     *step, *rank;
  const char      *finding;

  find_choosers (panel, &step, &rank);
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (step)), ==, 3);
  g_assert_cmpuint (find_item (step, "First complete step"), ==, 0);
  find_item (step, "Whole trace");
  find_item (step, "ProfilerStep#551");
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (rank)), ==, 3);
  g_assert_cmpuint (find_item (rank, "All ranks"), ==, 0);
  g_assert_nonnull (hp_analysis_panel_find_table (panel, "critical_path", "critical_path_ranks"));

  /* rank 1 alone: its path, no table across ranks */
  gtk_drop_down_set_selected (rank, find_item (rank, "Rank 1"));
  g_assert_cmpint (hp_analysis_params_get_int (hp_session_get_params (f->session), &hp_critical_path_rank_spec), ==, 1);
  g_assert_true (hp_ui_test_wait_for (finding_shown, panel));
  finding = hp_critical_path_panel_get_finding (HP_CRITICAL_PATH_PANEL (panel));
  g_test_message ("%s", finding);
  g_assert_true (g_str_has_prefix (finding, "Rank 1, ProfilerStep#551"));
  g_assert_null (hp_analysis_panel_find_table (panel, "critical_path", "critical_path_ranks"));

  /* the whole trace of rank 1 */
  gtk_drop_down_set_selected (step, find_item (step, "Whole trace"));
  g_assert_cmpint (hp_analysis_params_get_int (hp_session_get_params (f->session), &hp_critical_path_step_spec), ==, -2);
  g_assert_true (hp_ui_test_wait_for (finding_shown, panel));
  finding = hp_critical_path_panel_get_finding (HP_CRITICAL_PATH_PANEL (panel));
  g_test_message ("%s", finding);
  g_assert_nonnull (strstr (finding, "whole trace"));

  /* a path being computed can be cancelled, and stays so */
  gtk_drop_down_set_selected (rank, find_item (rank, "Rank 0"));
  g_assert_cmpint (hp_session_get_analysis_state (f->session, "critical_path"), ==, HP_ANALYSIS_STATE_RUNNING);
  {
    GtkWidget *cancel = hp_ui_test_find_widget (GTK_WIDGET (panel), is_cancel_button, NULL);

    g_assert_nonnull (cancel);
    g_assert_true (gtk_widget_is_visible (cancel));
    g_signal_emit_by_name (cancel, "clicked");
    g_assert_cmpint (hp_session_get_analysis_state (f->session, "critical_path"), ==, HP_ANALYSIS_STATE_NONE);
    hp_ui_test_spin (300);
    g_assert_cmpint (hp_session_get_analysis_state (f->session, "critical_path"), ==, HP_ANALYSIS_STATE_NONE);
    g_assert_null (hp_critical_path_panel_get_finding (HP_CRITICAL_PATH_PANEL (panel)));
    g_assert_false (gtk_widget_is_visible (cancel));
  }

  /* back to the first choice: kept in the session, no new run */
  gtk_drop_down_set_selected (step, 0);
  gtk_drop_down_set_selected (rank, 0);
  g_assert_cmpint (hp_session_get_analysis_state (f->session, "critical_path"), ==, HP_ANALYSIS_STATE_DONE);
  g_assert_true (hp_ui_test_wait_for (finding_shown, panel));
  g_assert_nonnull (hp_analysis_panel_find_table (panel, "critical_path", "critical_path_ranks"));
}

/* The text shown next to @key in the details pane's grids, or NULL */
static const char *
details_value (Fixture    *f,
               const char *key)
{
  return hp_ui_test_details_value (f->timeline, key);
}

static gboolean
timeline_is_current (Fixture *f)
{
  return gtk_notebook_get_nth_page (f->notebook, gtk_notebook_get_current_page (f->notebook)) == GTK_WIDGET (f->timeline);
}

/* A breakdown row shows the event it is charged to on the Timeline */
static void
test_row_to_timeline (Fixture      *f,
                      gconstpointer data)
{
  HpAnalysisPanel *panel = show_tab (f);
  HpTable         *breakdown = hp_analysis_panel_find_table (panel, "critical_path", "critical_path_breakdown");
  int              c_index = hp_test_column (breakdown, "index");
  const HpRank    *r0 = hp_trace_get_rank (f->trace, 0);
  guint            row = 0;
  int              rank;
  gint64           event;

  while (row < hp_table_get_n_rows (breakdown) && hp_table_is_null (breakdown, row, (guint)c_index))
    row++;
  g_assert_cmpuint (row, <, hp_table_get_n_rows (breakdown));
  g_assert_true (hp_analysis_panel_show_row_on_timeline (panel, breakdown, row));
  g_assert_true (timeline_is_current (f));
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (rank, ==, r0->rank);
  g_assert_cmpint (r0->index[event], ==, hp_table_get_int (breakdown, row, (guint)c_index));
}

/* The overlay of all ranks has both ranks' paths; "." and "," step along
 * the path, and the details pane says each is on it */
static void
test_overlay_keys (Fixture      *f,
                   gconstpointer data)
{
  GPtrArray      *paths;
  HpCriticalPath *path;
  const HpCpNode *nodes;
  const guint32  *order;
  guint           n_nodes, n_path;
  g_autoptr (GArray) seen = g_array_new (FALSE, FALSE, sizeof (guint32));
  int    rank;
  gint64 event, first;

  gtk_notebook_set_current_page (f->notebook, gtk_notebook_page_num (f->notebook, GTK_WIDGET (f->timeline)));
  /* the paths the panel draws: both ranks, rank 0's first */
  paths = show_path (f);
  g_assert_cmpuint (paths->len, ==, 2);
  path = paths->pdata[0];
  g_assert_cmpint (hp_critical_path_get_rank (path)->rank, ==, hp_trace_get_rank (f->trace, 0)->rank);
  g_assert_nonnull (hp_path_overlay_find (paths, hp_trace_get_rank (f->trace, 1)));
  nodes = hp_critical_path_get_nodes (path, &n_nodes);
  order = hp_critical_path_get_path (path, &n_path);

  /* nothing selected: "." selects the path's first event, then the next
   * ones in path order */
  hp_timeline_view_select_event (f->view, -1, -1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.critical-path-next", NULL));
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (rank, ==, 0);
  g_assert_cmpint (event, ==, nodes[order[0]].event);
  first = event;
  for (guint i = 0; i < n_path && seen->len < 4; i++)
    {
      guint32  e = nodes[order[i]].event;
      gboolean dup = FALSE;

      for (guint j = 0; j < seen->len; j++)
        dup |= g_array_index (seen, guint32, j) == e;
      if (!dup)
        g_array_append_val (seen, e);
    }
  g_assert_cmpuint (seen->len, ==, 4);
  for (guint j = 1; j < seen->len; j++)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.critical-path-next", NULL));
      g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
      g_assert_cmpint (event, ==, g_array_index (seen, guint32, j));
      g_assert_true (hp_critical_path_event_is_critical (path, (guint)event));
      g_assert_cmpstr (details_value (f, "Critical path"), ==, "On the path (no slack)");
    }
  /* "," goes back */
  for (guint j = 1; j < seen->len; j++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->timeline), "timeline.critical-path-previous", NULL));
  g_assert_true (hp_timeline_view_get_selection (f->view, &rank, &event));
  g_assert_cmpint (event, ==, first);
}

/* pixels of exactly @color in the top right corner of the lanes */
static guint
count_color (cairo_surface_t *surface,
             double           lanes_top,
             const HpColor   *color)
{
  int           w = cairo_image_surface_get_width (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  int           stride = cairo_image_surface_get_stride (surface);
  guint32       want = 0xff000000u | ((guint32)(color->red * 255 + 0.5) << 16) |
                 ((guint32)(color->green * 255 + 0.5) << 8) | (guint32)(color->blue * 255 + 0.5);
  guint n = 0;

  cairo_surface_flush (surface);
  for (int y = (int)lanes_top; y < (int)lanes_top + 110; y++)
    for (int x = w - 220; x < w; x++)
      n += *(const guint32 *)(data + y * stride + x * 4) == want;
  return n;
}

static cairo_surface_t *
paint (HpTimelinePainter        *painter,
       const HpTimelineViewport *viewport)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, viewport->width, viewport->height);
  cairo_t         *cr = cairo_create (surface);

  hp_timeline_painter_paint (painter, cr, viewport);
  cairo_destroy (cr);
  return surface;
}

/* The overlay's legend: a swatch of each edge type's colour in the top
 * right corner of the lanes, there only while the overlay is on */
static void
test_overlay_legend (Fixture      *f,
                     gconstpointer data)
{
  HpTimelinePainter  *painter = hp_timeline_view_get_painter (f->view);
  const HpChartStyle *style;
  double              lanes_top = hp_timeline_scene_get_lanes_top (hp_timeline_view_get_scene (f->view));
  HpColor             swatches[4];
  HpTimelineViewport  viewport = { 0, 0, 900, 500, 0, 1 };
  cairo_surface_t    *off, *on;

  hp_timeline_view_get_visible_range (f->view, &viewport.t0, &viewport.t1);
  off = paint (painter, &viewport);
  g_object_set (f->timeline, "show-critical-path", TRUE, NULL);
  g_assert_true (hp_ui_test_wait_for (path_shown, f->timeline));
  on = paint (painter, &viewport);
  g_object_set (f->timeline, "show-critical-path", FALSE, NULL);
  /* the colours the legend was painted with: the view may have given the
   * painter a new style (and freed the old one) while the path computed */
  style = hp_timeline_painter_get_style (painter);
  swatches[0] = style->idle_host_wait;
  swatches[1] = style->idle_kernel_wait;
  swatches[2] = style->kernel_communication;
  swatches[3] = style->kernel_memory;

  for (guint i = 0; i < G_N_ELEMENTS (swatches); i++)
    {
      guint n_off = count_color (off, lanes_top, &swatches[i]);
      guint n_on = count_color (on, lanes_top, &swatches[i]);

      g_test_message ("swatch %u: %u pixels without the overlay, %u with it", i, n_off, n_on);
      g_assert_cmpuint (n_on, >=, n_off + 20);
    }
  cairo_surface_destroy (off);
  cairo_surface_destroy (on);
}

/* the events of a path, in path order */
static GArray *
path_events (HpCriticalPath *path)
{
  GArray         *events = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint           n_nodes, n_path;
  const HpCpNode *nodes = hp_critical_path_get_nodes (path, &n_nodes);
  const guint32  *order = hp_critical_path_get_path (path, &n_path);

  for (guint i = 0; i < n_path; i++)
    g_array_append_val (events, nodes[order[i]].event);
  return events;
}

static void
assert_same_path (HpCriticalPath *a,
                  HpCriticalPath *b)
{
  g_autoptr (GArray) ea = path_events (a);
  g_autoptr (GArray) eb = path_events (b);

  g_assert_cmpint (hp_critical_path_get_rank (a)->rank, ==, hp_critical_path_get_rank (b)->rank);
  g_assert_cmpstr (hp_critical_path_get_region (a), ==, hp_critical_path_get_region (b));
  g_assert_cmpint (hp_critical_path_get_region_start (a), ==, hp_critical_path_get_region_start (b));
  g_assert_cmpint (hp_critical_path_get_length (a), ==, hp_critical_path_get_length (b));
  g_assert_cmpuint (ea->len, ==, eb->len);
  g_assert_cmpmem (ea->data, ea->len * sizeof (guint32), eb->data, eb->len * sizeof (guint32));
}

/* With a step scope, the overlay is that step's path: the one the
 * critical-path analysis (the report with --scope) computes on the scoped
 * trace, for the same rank and step parameters; the whole trace's is
 * another step's */
static void
test_overlay_scope (Fixture      *f,
                    gconstpointer data)
{
  const HpRank *r0 = hp_trace_get_rank (f->trace, 0);
  g_autoptr (GArray) steps = hp_critical_path_list_steps (f->trace, r0);
  g_autoptr (HpScope) scope = NULL;
  g_autoptr (HpTrace) scoped = NULL;
  g_autoptr (GError) error = NULL;
  HpCriticalPath *expected, *whole;
  GPtrArray      *paths;
  gint64          whole_start;
  int             step;

  /* a step after the first: the whole trace's path is the first one's */
  g_assert_cmpuint (steps->len, >=, 2);
  step = g_array_index (steps, int, steps->len / 2);
  gtk_notebook_set_current_page (f->notebook, gtk_notebook_page_num (f->notebook, GTK_WIDGET (f->timeline)));

  paths = show_path (f);
  whole = paths->pdata[0];
  whole_start = hp_critical_path_get_region_start (whole);

  scope = hp_scope_new_step (step);
  hp_session_set_scope (f->session, scope);
  /* the scope changed: the overlay goes and is asked for again */
  g_assert_null (hp_timeline_panel_get_critical_paths (f->timeline));
  g_assert_true (hp_ui_test_wait_for (path_shown, f->timeline));
  paths = hp_timeline_panel_get_critical_paths (f->timeline);
  g_assert_cmpuint (paths->len, ==, hp_trace_get_n_ranks (f->trace));
  g_test_message ("step %d: the overlay's path covers %s", step, hp_critical_path_get_region (paths->pdata[0]));

  scoped = hp_trace_apply_scope (f->trace, scope, &error);
  g_assert_no_error (error);
  expected = hp_critical_path_new_for_params (scoped, hp_session_get_params (f->session), NULL, &error);
  g_assert_no_error (error);
  g_assert_true (hp_critical_path_is_valid (expected));
  assert_same_path (paths->pdata[0], expected);
  g_assert_cmpint (hp_critical_path_get_region_start (paths->pdata[0]), !=, whole_start);
  hp_critical_path_free (expected);

  /* back to the whole trace: the kept result, at once from the cache */
  hp_session_set_scope (f->session, NULL);
  g_assert_true (hp_ui_test_wait_for (path_shown, f->timeline));
  g_assert_cmpint (hp_critical_path_get_region_start (hp_timeline_panel_get_critical_paths (f->timeline)->pdata[0]), ==,
                   whole_start);
}

/* One request per (run, scope, rank, step): asked again with the same
 * parameters, the overlay is the runner's kept result; another step is a
 * new one */
static void
test_overlay_cached (Fixture      *f,
                     gconstpointer data)
{
  HpResultCache   *cache = hp_result_cache_get_default ();
  HpCriticalPath  *first;
  guint            computed;
  HpAnalysisParams params;

  gtk_notebook_set_current_page (f->notebook, gtk_notebook_page_num (f->notebook, GTK_WIDGET (f->timeline)));
  first = show_path (f)->pdata[0];
  computed = hp_result_cache_get_n_computed (cache);
  g_object_set (f->timeline, "show-critical-path", FALSE, NULL);
  g_assert_null (hp_timeline_panel_get_critical_paths (f->timeline));
  g_assert_true (show_path (f)->pdata[0] == first);
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, computed);

  /* rank 1 only: another key, computed again */
  hp_analysis_params_init (&params);
  hp_analysis_params_copy (&params, hp_session_get_params (f->session));
  hp_analysis_params_set_int (&params, &hp_critical_path_rank_spec, 1);
  hp_session_set_params (f->session, &params);
  hp_analysis_params_clear (&params);
  g_assert_true (hp_ui_test_wait_for (path_shown, f->timeline));
  g_assert_cmpuint (hp_timeline_panel_get_critical_paths (f->timeline)->len, ==, 1);
  g_assert_cmpint (hp_critical_path_get_rank (hp_timeline_panel_get_critical_paths (f->timeline)->pdata[0])->rank, ==,
                   1);
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), ==, computed + 1);
}

typedef struct
{
  HpWindow *window;
  guint     n_running_seen; /* notifications while an analysis ran */
  guint     n_bar_shown;    /* of them, with the header's bar shown at the fraction */
} ProgressSeen;

static void
progress_cb (HpSession    *session,
             GParamSpec   *pspec,
             ProgressSeen *seen)
{
  GtkProgressBar *bar = hp_window_get_analyses_progress (seen->window);
  guint           n_running = 0;
  double          fraction = hp_session_get_progress (session, &n_running);

  if (n_running == 0)
    {
      g_assert_cmpfloat (fraction, ==, -1.0);
      return;
    }
  g_assert_cmpfloat (fraction, >=, 0.0);
  g_assert_cmpfloat (fraction, <=, 1.0);
  seen->n_running_seen++;
  if (gtk_widget_get_visible (GTK_WIDGET (bar)) && gtk_progress_bar_get_fraction (bar) == fraction)
    seen->n_bar_shown++;
}

static gboolean
nothing_runs (gpointer session)
{
  guint n_running = 0;

  hp_session_get_progress (session, &n_running);
  return n_running == 0;
}

/* An analysis the runner computes reports its progress (its start, at
 * least) through the session, and the window's header shows it while it
 * runs, and not after */
static void
test_analyses_progress (Fixture      *f,
                        gconstpointer data)
{
  ProgressSeen    seen = { f->window, 0, 0 };
  GtkProgressBar *bar = hp_window_get_analyses_progress (f->window);
  gulong          id;

  g_assert_true (hp_ui_test_wait_for (nothing_runs, f->session));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  id = g_signal_connect (f->session, "notify::progress", G_CALLBACK (progress_cb), &seen);
  show_tab (f);
  g_assert_true (hp_ui_test_wait_for (nothing_runs, f->session));
  g_signal_handler_disconnect (f->session, id);
  g_test_message ("%u notifications while running, %u with the bar shown", seen.n_running_seen, seen.n_bar_shown);
  g_assert_cmpuint (seen.n_running_seen, >, 0);
  g_assert_cmpuint (seen.n_bar_shown, ==, seen.n_running_seen);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_cmpfloat (hp_session_get_progress (f->session, NULL), ==, -1.0);
}

static gboolean
is_label_starting_with (GtkWidget *widget,
                        gpointer   text)
{
  return GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), text);
}

static gboolean
cache_idle (gpointer cache)
{
  return hp_result_cache_get_n_running (cache) == 0;
}

#define ON_THE_PATH "Straggler, on the critical path: rank 1 holds 100% of the critical path across ranks"

/* The path across ranks the findings read is a result of its own: picking
 * a rank in the Critical path tab neither recomputes it nor takes the
 * third straggler answer off the Overview and the Stragglers tab */
static void
test_rank_keeps_straggler (Fixture      *f,
                           gconstpointer data)
{
  HpResultCache   *cache = hp_result_cache_get_default ();
  HpAnalysisPanel *overview = HP_ANALYSIS_PANEL (gtk_notebook_get_nth_page (f->notebook, 0));
  HpAnalysisPanel *panel;
  HpAnalysisPanel *stragglers;
  HpResult        *across;
  GtkDropDown     *step, *rank;
  guint            computed;
  g_auto (GStrv) answers = NULL;

  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_idle, overview));
  g_assert_true (hp_ui_test_wait_for (nothing_runs, f->session));
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (overview), is_label_starting_with, (gpointer)ON_THE_PATH));
  /* the Overview asked for the path across ranks, not for the tab's */
  g_assert_cmpint (hp_session_get_analysis_state (f->session, "critical_path_across_ranks"), ==,
                   HP_ANALYSIS_STATE_DONE);
  g_assert_cmpint (hp_session_get_analysis_state (f->session, "critical_path"), ==, HP_ANALYSIS_STATE_NONE);
  across = hp_session_get_analysis_result (f->session, "critical_path_across_ranks");
  g_assert_nonnull (across);
  /* the cache also computes what the session does not wait for (the
   * timeline's results): counted once it is done, not during the tab's */
  g_assert_true (hp_ui_test_wait_for (cache_idle, cache));
  computed = hp_result_cache_get_n_computed (cache);

  /* the tab, then rank 0 alone */
  panel = show_tab (f);
  find_choosers (panel, &step, &rank);
  gtk_drop_down_set_selected (rank, find_item (rank, "Rank 0"));
  g_assert_cmpint (hp_analysis_params_get_int (hp_session_get_params (f->session), &hp_critical_path_rank_spec), ==, 0);
  g_assert_true (hp_ui_test_wait_for (finding_shown, panel));
  g_assert_true (hp_ui_test_wait_for (nothing_runs, f->session));
  g_assert_true (hp_ui_test_wait_for (cache_idle, cache));
  g_assert_null (hp_analysis_panel_find_table (panel, "critical_path", "critical_path_ranks"));
  /* the tab's two paths at least (the timeline may compute results of its
   * own meanwhile); the path across ranks is the same result, not redone */
  g_assert_cmpuint (hp_result_cache_get_n_computed (cache), >=, computed + 2);
  g_assert_true (hp_session_get_analysis_result (f->session, "critical_path_across_ranks") == across);

  /* the Overview still names the rank on the path across ranks */
  gtk_notebook_set_current_page (f->notebook, 0);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_panel_idle, overview));
  g_assert_nonnull (hp_analysis_panel_find_table (overview, "critical_path_across_ranks", "critical_path_ranks"));
  g_assert_nonnull (hp_ui_test_find_widget (GTK_WIDGET (overview), is_label_starting_with, (gpointer)ON_THE_PATH));

  /* and so does the Stragglers tab, still without a new computation of it */
  stragglers = hp_ui_test_show_tab (f->notebook, "Stragglers", hp_ui_test_panel_idle);
  g_assert_true (hp_ui_test_wait_for (nothing_runs, f->session));
  answers = hp_stragglers_panel_get_answers (HP_STRAGGLERS_PANEL (stragglers));
  g_assert_cmpuint (g_strv_length (answers), ==, 3);
  g_assert_true (g_str_has_prefix (answers[2], ON_THE_PATH));
  g_assert_true (hp_session_get_analysis_result (f->session, "critical_path_across_ranks") == across);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/ui/critical-path/choosers", Fixture, NULL, fixture_setup, test_choosers, fixture_teardown);
  g_test_add ("/ui/critical-path/row-to-timeline", Fixture, NULL, fixture_setup, test_row_to_timeline,
              fixture_teardown);
  g_test_add ("/ui/critical-path/overlay-scope", Fixture, "hta_trace_diff_control", fixture_setup, test_overlay_scope, fixture_teardown);
  g_test_add ("/ui/critical-path/overlay-cached", Fixture, NULL, fixture_setup, test_overlay_cached, fixture_teardown);
  g_test_add ("/ui/critical-path/analyses-progress", Fixture, NULL, fixture_setup, test_analyses_progress,
              fixture_teardown);
  g_test_add ("/ui/critical-path/rank-keeps-straggler", Fixture, NULL, fixture_setup, test_rank_keeps_straggler,
              fixture_teardown);
  g_test_add ("/ui/critical-path/overlay-keys", Fixture, NULL, fixture_setup, test_overlay_keys, fixture_teardown);
  g_test_add ("/ui/critical-path/overlay-legend", Fixture, NULL, fixture_setup, test_overlay_legend,
              fixture_teardown);
  return g_test_run ();
}
