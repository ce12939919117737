/* hp-screenshots.c — renders every tab of a window to PNG files, for data/screenshots.
 *
 * tests/ui/screenshots.sh runs the app, built with -Dtest_hooks=true, with
 * HOTPATH_SCREENSHOT_DIR set; the test hooks (hp-test-hooks.c) then call
 * this for the first window shown. The window is rendered through its own GSK renderer
 * (render nodes of the window's children → texture → PNG), so no window
 * manager, compositor or screen grabber is involved: the PNG is exactly
 * what GTK draws.
 *
 * Without a trace the window shows its start page: that one is written as
 * `00-start.png`, then the preferences window is opened over it and
 * written as `00-preferences.png`. With a trace, once it is loaded, each tab is selected in
 * turn and written as `NN-<tab>.png` after its analyses are done and the
 * layout has settled. Then the Timeline tab is shown again in a series of
 * states (timeline_shots): the whole trace, a mid zoom and a deep zoom on
 * a GEMM kernel, each without and with the overlays, the critical-path
 * overlay over the first 20 ms of rank 0's first step, the result of
 * "Show on Timeline" for the first row of the Kernels tab's kernel table,
 * the Overview scoped to a range, and an area selected across two GPU
 * streams with its table of events by name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>

#include "hp-core.h"
#include "hp-kernels-panel.h"
#include "hp-preferences-window.h"
#include "hp-screenshots.h"
#include "hp-settings.h"
#include "hp-timeline-panel.h"

#define POLL_MS 100
#define SETTLE_POLLS 6 /* a quiet panel gets 600 ms to lay out and paint */

typedef struct
{
  char      *folder;
  guint      source;
  int        tab;  /* -1 until the trace is shown */
  int        shot; /* timeline_shots: -1 until the tabs are done */
  guint      quiet;
  GtkWindow *preferences; /* (owned by GTK) shown over the start page */
} Shooter;

typedef enum
{
  ZOOM_FIT,
  ZOOM_MID,   /* 20 ms around the kernel that search finds first */
  ZOOM_DEEP,  /* 200 us around it */
  LINKED,     /* the Kernels tab's first kernel row, shown on the timeline */
  SCOPED,     /* the Overview scoped to the middle third of the trace */
  CRITICAL,   /* the critical-path overlay over 20 ms of rank 0's first step */
  AREA,       /* an area over rank 0's GPU streams, and its table */
  LANES,      /* a GPU stream of the last rank pinned, rank 0 collapsed, bookmarks, scrolled */
  COLLECTIVE, /* rank 0's first communication kernel, with its collective on every rank */
} TimelineShot;

#define OVERLAYS (HP_TIMELINE_SHOW_IDLE | HP_TIMELINE_SHOW_FLOWS | HP_TIMELINE_SHOW_COUNTERS)
#define SHOT_KERNEL "sgemm"

static const struct
{
  const char     *name;
  TimelineShot    zoom;
  HpTimelineFlags overlays;
} timeline_shots[] = {
  { "timeline-fit", ZOOM_FIT, 0 },
  { "timeline-fit-overlays", ZOOM_FIT, OVERLAYS },
  { "timeline-memory-tracks", ZOOM_FIT, HP_TIMELINE_SHOW_MEMORY },
  { "timeline-mid", ZOOM_MID, 0 },
  { "timeline-mid-overlays", ZOOM_MID, OVERLAYS },
  { "timeline-deep", ZOOM_DEEP, 0 },
  { "timeline-deep-overlays", ZOOM_DEEP, OVERLAYS },
  { "timeline-critical-path", CRITICAL, 0 },
  { "timeline-linked", LINKED, HP_TIMELINE_SHOW_FLOWS },
  { "timeline-lanes", LANES, 0 },
  { "timeline-collective", COLLECTIVE, 0 },
  { "overview-scoped", SCOPED, 0 },
  { "timeline-area-selection", AREA, 0 },
};

static void
shooter_free (gpointer data)
{
  Shooter *shooter = data;

  g_clear_handle_id (&shooter->source, g_source_remove);
  if (shooter->preferences != NULL)
    gtk_window_destroy (shooter->preferences);
  g_free (shooter->folder);
  g_free (shooter);
}

/* "Idle time" → "idle-time" */
static char *
slug (const char *label)
{
  GString *text = g_string_new (NULL);

  for (const char *p = label; *p != '\0'; p++)
    {
      if (g_ascii_isalnum (*p))
        g_string_append_c (text, g_ascii_tolower (*p));
      else if (text->len > 0 && text->str[text->len - 1] != '-')
        g_string_append_c (text, '-');
    }
  while (text->len > 0 && text->str[text->len - 1] == '-')
    g_string_truncate (text, text->len - 1);
  return g_string_free (text, FALSE);
}

/* writes @widget (a window) as <stem>.png */
static gboolean
shoot_widget (GTask      *task,
              GtkWidget  *widget,
              const char *stem)
{
  Shooter         *shooter = g_task_get_task_data (task);
  g_autofree char *name = g_strconcat (stem, ".png", NULL);
  g_autofree char *path = g_build_filename (shooter->folder, name, NULL);
  GError          *error = NULL;

  if (!hp_screenshots_save_widget (widget, path, &error))
    {
      g_task_return_error (task, error);
      return FALSE;
    }
  g_print ("%s\n", path);
  return TRUE;
}

/* writes the task's window as <stem>.png */
static gboolean
shoot (GTask      *task,
       const char *stem)
{
  return shoot_widget (task, GTK_WIDGET (g_task_get_source_object (task)), stem);
}

/* The start page is written, then the preferences are opened over it
 * and written once they have settled. Returns whether to poll again. */
static gboolean
step_start_page (GTask *task)
{
  Shooter  *shooter = g_task_get_task_data (task);
  HpWindow *window = g_task_get_source_object (task);
  g_autoptr (GSettings) settings = NULL;

  if (shooter->preferences != NULL)
    {
      if (!gtk_widget_get_mapped (GTK_WIDGET (shooter->preferences)) || ++shooter->quiet < SETTLE_POLLS)
        return TRUE;
      if (shoot_widget (task, GTK_WIDGET (shooter->preferences), "00-preferences"))
        g_task_return_boolean (task, TRUE);
      return FALSE;
    }
  /* let the start page settle too */
  if (++shooter->quiet < SETTLE_POLLS)
    return TRUE;
  if (!shoot (task, "00-start"))
    return FALSE;
  settings = hp_settings_new ();
  if (settings == NULL)
    {
      g_printerr ("screenshots: no settings schema, so no preferences\n");
      g_task_return_boolean (task, TRUE);
      return FALSE;
    }
  shooter->preferences = hp_preferences_window_new (GTK_WINDOW (window), settings);
  shooter->quiet = 0;
  gtk_window_present (shooter->preferences);
  return TRUE;
}

/* The kernel table of the Kernels tab, whose rows link to the timeline */
static gboolean
show_first_kernel_row (HpTracePage *page)
{
  GtkNotebook *notebook = hp_trace_page_get_notebook (page);
  GPtrArray   *tables = NULL;

  if (!hp_session_get_result (hp_trace_page_get_session (page), HP_KERNEL_BREAKDOWN_ANALYSIS, &tables, NULL) ||
      tables == NULL)
    return FALSE;
  for (int i = 0; i < gtk_notebook_get_n_pages (notebook); i++)
    {
      GtkWidget *child = gtk_notebook_get_nth_page (notebook, i);

      if (!HP_IS_KERNELS_PANEL (child))
        continue;
      for (guint t = 0; t < tables->len; t++)
        if (hp_table_get_n_rows (tables->pdata[t]) > 0 &&
            hp_analysis_panel_show_row_on_timeline (HP_ANALYSIS_PANEL (child), tables->pdata[t], 0))
          return TRUE;
    }
  return FALSE;
}

static void show_tab (GtkNotebook *notebook,
                      int          index);

/* An area as a drag across rank 0's first four GPU streams would select:
 * the middle third of 20 ms around the first match of SHOT_KERNEL, with
 * the streams scrolled near the top */
static gboolean
stage_area (HpTimelinePanel *panel)
{
  HpTimelineView      *view = hp_timeline_panel_get_view (panel);
  HpTimelineScene     *scene = hp_timeline_view_get_scene (view);
  const HpRank        *r = hp_trace_get_rank (hp_timeline_view_get_trace (view), 0);
  const HpTimelineRow *rows;
  HpLaneRef            lanes[4];
  guint                n_rows, n_lanes = 0;
  double               top = 0;
  gint64               start, end, third;

  hp_timeline_panel_search (panel, SHOT_KERNEL);
  if (hp_timeline_view_get_n_matches (view) == 0)
    return FALSE;
  hp_timeline_view_select_match (view, 0);
  hp_timeline_view_zoom_to_selection (view);
  hp_timeline_view_get_visible_range (view, &start, &end);
  hp_timeline_view_set_visible_range (view, (start + end) / 2 - 10000000, (start + end) / 2 + 10000000);
  hp_timeline_panel_search (panel, NULL);
  hp_timeline_view_select_event (view, -1, -1);

  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  for (guint i = 0; i < n_rows && n_lanes < G_N_ELEMENTS (lanes); i++)
    if (rows[i].kind == HP_TIMELINE_ROW_SLICES && rows[i].rank_pos == 0 && rows[i].depth == 0 &&
        r->lanes[rows[i].lane].is_gpu)
      {
        if (n_lanes == 0)
          top = rows[i].y;
        lanes[n_lanes++] = (HpLaneRef){ 0, rows[i].lane };
      }
  if (n_lanes < 2)
    return FALSE;
  hp_timeline_view_set_scroll (view, MAX (top - 3 * HP_TIMELINE_SLICE_HEIGHT, 0));
  hp_timeline_view_get_visible_range (view, &start, &end);
  third = (end - start) / 3;
  hp_timeline_view_set_selected_area (view, start + third, start + 2 * third, lanes, n_lanes);
  return TRUE;
}

/* Puts the Timeline tab in the state of timeline_shots[index] */
static gboolean
stage_timeline_shot (HpTracePage *page,
                     guint        index)
{
  HpTimelinePanel *panel = hp_trace_page_get_timeline_panel (page);
  GtkNotebook     *notebook = hp_trace_page_get_notebook (page);
  HpTimelineView  *view;
  int              rank;
  gint64           event, start, end, half;

  if (panel == NULL)
    return FALSE;
  view = hp_timeline_panel_get_view (panel);
  gtk_notebook_set_current_page (notebook, gtk_notebook_page_num (notebook, GTK_WIDGET (panel)));
  hp_timeline_view_set_flags (view, HP_TIMELINE_SHOW_ITERATIONS | timeline_shots[index].overlays);
  g_object_set (panel, "show-critical-path", timeline_shots[index].zoom == CRITICAL, NULL);

  switch (timeline_shots[index].zoom)
    {
    case ZOOM_FIT:
      hp_timeline_panel_search (panel, NULL);
      hp_timeline_view_zoom_to_fit (view);
      return TRUE;
    case ZOOM_MID:
    case ZOOM_DEEP:
      /* select the first match and centre the window on it */
      hp_timeline_panel_search (panel, SHOT_KERNEL);
      if (hp_timeline_view_get_n_matches (view) == 0)
        return FALSE;
      hp_timeline_view_select_match (view, 0);
      if (!hp_timeline_view_get_selection (view, &rank, &event))
        return FALSE;
      hp_timeline_view_zoom_to_selection (view);
      hp_timeline_view_get_visible_range (view, &start, &end);
      half = timeline_shots[index].zoom == ZOOM_MID ? 10000000 : 100000;
      hp_timeline_view_set_visible_range (view, (start + end) / 2 - half, (start + end) / 2 + half);
      return TRUE;
    case LINKED:
      hp_timeline_panel_search (panel, NULL);
      return show_first_kernel_row (page);
    case COLLECTIVE:
      {
        HpTrace      *trace = hp_timeline_view_get_trace (view);
        const HpRank *r = hp_trace_get_n_ranks (trace) > 1 ? hp_trace_get_rank (trace, 0) : NULL;

        hp_timeline_panel_search (panel, NULL);
        for (guint i = 0; r != NULL && i < r->n_rows; i++)
          {
            guint e = r->rows[i];

            if (r->kind[e] == HP_EVENT_KIND_KERNEL && r->kclass[e] == HP_KERNEL_CLASS_COMMUNICATION)
              {
                g_autoptr (HpLinkedEvents) linked = hp_linked_events_for_comm_kernel (trace, r->rank, e);

                if (linked == NULL)
                  return FALSE;
                hp_timeline_panel_show_linked (panel, linked);
                return TRUE;
              }
          }
        return FALSE;
      }
    case CRITICAL:
      {
        HpTrace        *trace = hp_session_get_trace (hp_trace_page_get_session (page));
        HpCriticalPath *path;

        hp_timeline_panel_search (panel, NULL);
        /* rank summaries hold no events to find a path through */
        if (hp_trace_get_n_ranks (trace) == 0 || hp_trace_get_summaries (trace) != NULL)
          return FALSE;
        path = hp_critical_path_new (trace, hp_trace_get_rank (trace, 0), NULL, NULL, NULL);
        if (path == NULL)
          return FALSE;
        start = hp_critical_path_get_region_start (path);
        hp_critical_path_free (path);
        hp_timeline_view_set_visible_range (view, start, start + 20000000);
        return TRUE;
      }
    case AREA:
      hp_session_set_scope (hp_trace_page_get_session (page), NULL);
      return stage_area (panel);
    case LANES:
      {
        HpTrace         *trace = hp_timeline_view_get_trace (view);
        HpTimelineScene *scene = hp_timeline_view_get_scene (view);
        guint            last = hp_trace_get_n_ranks (trace) - 1;
        const HpRank    *r;

        hp_timeline_panel_search (panel, NULL);
        if (hp_trace_get_n_ranks (trace) < 2)
          return FALSE;
        r = hp_trace_get_rank (trace, last);
        for (guint l = 0; l < r->n_lanes; l++)
          if (r->lanes[l].is_gpu && r->lanes[l].max_depth > 0)
            {
              hp_timeline_scene_set_track_pinned (scene, &(HpTimelineTrack){ HP_TIMELINE_ROW_SLICES, last, l }, TRUE);
              break;
            }
        hp_timeline_view_set_rank_collapsed (view, hp_trace_get_rank (trace, 0)->rank, TRUE);
        hp_timeline_view_set_scroll (view, 0);
        hp_timeline_view_zoom_to_fit (view);
        hp_timeline_view_get_visible_range (view, &start, &end);
        hp_timeline_view_set_selected_range (view, start + (end - start) / 10, start + (end - start) / 4);
        hp_timeline_view_rename_bookmark (view, (guint)hp_timeline_view_add_bookmark (view), "warm-up");
        hp_timeline_view_set_selected_range (view, start + (end - start) / 2, start + (end - start) * 6 / 10);
        hp_timeline_view_rename_bookmark (view, (guint)hp_timeline_view_add_bookmark (view), "slow step");
        hp_timeline_view_set_selected_range (view, 0, 0);
        /* scrolled: the pinned stream stays at the top */
        hp_timeline_view_set_scroll (view, 3 * HP_TIMELINE_SLICE_HEIGHT);
        return TRUE;
      }
    case SCOPED:
      {
        /* the range a user would drag on the timeline, then "Selected Range" */
        g_autoptr (HpScope) scope = NULL;
        g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (HpTimeSpan));
        HpTrace *trace = hp_session_get_trace (hp_trace_page_get_session (page));

        hp_timeline_panel_search (panel, NULL);
        if (hp_trace_get_n_ranks (trace) == 0 ||
            !hp_scope_get_rank_spans (NULL, trace, hp_trace_get_rank (trace, 0), spans))
          return FALSE;
        start = g_array_index (spans, HpTimeSpan, 0).start;
        end = g_array_index (spans, HpTimeSpan, 0).end;
        scope = hp_scope_new_range (hp_time_span_make (start + (end - start) / 3, start + 2 * (end - start) / 3));
        hp_session_set_scope (hp_trace_page_get_session (page), scope);
        show_tab (notebook, 0);
        return TRUE;
      }
    default:
      g_assert_not_reached ();
    }
}

/* Stages the next of timeline_shots that this trace can show */
static gboolean
next_timeline_shot (Shooter     *shooter,
                    HpTracePage *page)
{
  while (++shooter->shot < (int)G_N_ELEMENTS (timeline_shots))
    {
      shooter->quiet = 0;
      if (stage_timeline_shot (page, shooter->shot))
        return TRUE;
      g_printerr ("screenshots: no %s on this trace\n", timeline_shots[shooter->shot].name);
    }
  return FALSE;
}

/* Shows tab @index as a click on its tab would: with the focus on the
 * tabs, so the page's first control is not focused (and its text not
 * selected) as it would be if the focus were in the page left behind */
static void
show_tab (GtkNotebook *notebook,
          int          index)
{
  gtk_widget_grab_focus (GTK_WIDGET (notebook));
  gtk_notebook_set_current_page (notebook, index);
}

static gboolean
step_cb (gpointer data)
{
  GTask           *task = data;
  Shooter         *shooter = g_task_get_task_data (task);
  HpWindow        *window = g_task_get_source_object (task);
  HpTracePage     *page;
  GtkNotebook     *notebook;
  GtkWidget       *child;
  HpAnalysisPanel *panel;
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;

  if (g_task_return_error_if_cancelled (task))
    goto done;
  if (hp_window_is_loading (window) || !gtk_widget_get_mapped (GTK_WIDGET (window)))
    return G_SOURCE_CONTINUE;

  page = hp_window_get_trace_page (window);
  if (page == NULL || g_strcmp0 (hp_window_get_visible_page (window), "trace") != 0)
    {
      if (step_start_page (task))
        return G_SOURCE_CONTINUE;
      goto done;
    }

  notebook = hp_trace_page_get_notebook (page);
  if (shooter->tab < 0)
    {
      shooter->tab = 0;
      shooter->quiet = 0;
      show_tab (notebook, 0);
      return G_SOURCE_CONTINUE;
    }

  panel = hp_trace_page_get_current_panel (page);
  if ((panel != NULL && hp_analysis_panel_is_busy (panel)) ||
      (hp_trace_page_get_timeline_panel (page) != NULL &&
       (hp_timeline_view_is_computing (hp_timeline_panel_get_view (hp_trace_page_get_timeline_panel (page))) ||
        hp_timeline_panel_is_computing_critical_path (hp_trace_page_get_timeline_panel (page)))))
    {
      shooter->quiet = 0;
      return G_SOURCE_CONTINUE;
    }
  if (++shooter->quiet < SETTLE_POLLS)
    return G_SOURCE_CONTINUE;

  if (shooter->shot >= 0)
    {
      /* numbered after the tabs */
      stem = g_strdup_printf ("%02d-%s", gtk_notebook_get_n_pages (notebook) + 1 + shooter->shot,
                              timeline_shots[shooter->shot].name);
      if (!shoot (task, stem))
        goto done;
      if (next_timeline_shot (shooter, page))
        return G_SOURCE_CONTINUE;
      g_task_return_boolean (task, TRUE);
      goto done;
    }

  child = gtk_notebook_get_nth_page (notebook, shooter->tab);
  name = slug (gtk_notebook_get_tab_label_text (notebook, child));
  stem = g_strdup_printf ("%02d-%s", shooter->tab + 1, name);
  if (!shoot (task, stem))
    goto done;

  if (shooter->tab + 1 < gtk_notebook_get_n_pages (notebook))
    {
      shooter->tab++;
      shooter->quiet = 0;
      show_tab (notebook, shooter->tab);
      return G_SOURCE_CONTINUE;
    }
  if (next_timeline_shot (shooter, page))
    return G_SOURCE_CONTINUE;
  g_task_return_boolean (task, TRUE);

done:
  shooter->source = 0;
  g_object_unref (task);
  return G_SOURCE_REMOVE;
}

/**
 * hp_screenshots_take_async:
 * @folder: where to write the PNG files; created if needed
 *
 * Waits for @window to finish loading, then writes its start page, or
 * each of its tabs once computed, as PNG files into @folder.
 */
void
hp_screenshots_take_async (HpWindow           *window,
                           const char         *folder,
                           GCancellable       *cancellable,
                           GAsyncReadyCallback callback,
                           gpointer            user_data)
{
  g_autoptr (GTask) task = NULL;
  Shooter *shooter;

  g_return_if_fail (HP_IS_WINDOW (window));
  g_return_if_fail (folder != NULL);

  task = g_task_new (window, cancellable, callback, user_data);
  g_task_set_source_tag (task, hp_screenshots_take_async);

  if (g_mkdir_with_parents (folder, 0755) != 0)
    {
      int errsv = errno;

      g_task_return_new_error (task, G_IO_ERROR, g_io_error_from_errno (errsv), "%s: %s", folder,
                               g_strerror (errsv));
      return;
    }

  shooter = g_new0 (Shooter, 1);
  shooter->folder = g_strdup (folder);
  shooter->tab = -1;
  shooter->shot = -1;
  g_task_set_task_data (task, shooter, shooter_free);
  shooter->source = g_timeout_add (POLL_MS, step_cb, g_object_ref (task));
}

gboolean
hp_screenshots_take_finish (HpWindow     *window,
                            GAsyncResult *result,
                            GError      **error)
{
  g_return_val_if_fail (g_task_is_valid (result, window), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * hp_screenshots_save_widget:
 * @widget: a mapped widget, such as a window
 * @path: the PNG file to write
 *
 * Renders the children of @widget at its current size with its window's
 * renderer: of a window, the header bar and the content.
 *
 * Returns: whether the file was written
 */
gboolean
hp_screenshots_save_widget (GtkWidget  *widget,
                            const char *path,
                            GError    **error)
{
  int          width = gtk_widget_get_width (widget);
  int          height = gtk_widget_get_height (widget);
  GtkNative   *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;
  g_autoptr (GdkTexture) texture = NULL;
  GtkSnapshot   *snapshot;
  GskRenderNode *node;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (renderer == NULL || width <= 0 || height <= 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: the window is not shown", path);
      return FALSE;
    }

  /* the children in the widget's own coordinates: of a window, the header
   * bar and the content, without the frame a window draws around them
   * when there is no window manager */
  snapshot = gtk_snapshot_new ();
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (!GTK_IS_NATIVE (child))
      gtk_widget_snapshot_child (widget, child, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: nothing to draw", path);
      return FALSE;
    }
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gsk_render_node_unref (node);

  {
    g_autoptr (GBytes) png = gdk_texture_save_to_png_bytes (texture);
    gsize       size;
    const void *data = g_bytes_get_data (png, &size);

    return hp_output_file_write (path, data, size, error);
  }
}
