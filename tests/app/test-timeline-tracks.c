/* test-timeline-tracks.c — the Timeline tab under Xvfb: the lane menu, bookmarks, the gutter's edge, and their saved state.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "hp-bookmarks-popover.h"
#include "hp-core.h"
#include "hp-test-utils.h"
#include "hp-timeline-panel.h"
#include "hp-timeline-state-file.h"
#include "hp-trace-page.h"
#include "hp-window.h"
#include "hp-ui-test-utils.h"

typedef struct
{
  HpTrace         *trace;
  GtkWindow       *window;
  HpTimelinePanel *panel;
  HpTimelineView  *view;
  char            *tmp;
  char            *state_file;
} Fixture;

static gboolean
view_shown (gpointer view)
{
  return gtk_widget_get_width (view) >= 400 && gtk_widget_get_mapped (view);
}

static void
fixture_setup (Fixture      *f,
               gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  f->tmp = g_dir_make_tmp ("hp-lanes-XXXXXX", &error);
  g_assert_no_error (error);
  f->state_file = g_build_filename (f->tmp, "state", "timeline.ini", NULL);
  f->trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  f->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (f->window, 1400, 900);
  f->panel = HP_TIMELINE_PANEL (hp_timeline_panel_new ());
  f->view = hp_timeline_panel_get_view (f->panel);
  hp_timeline_view_set_state_file (f->view, f->state_file);
  hp_timeline_panel_set_trace (f->panel, f->trace);
  gtk_window_set_child (f->window, GTK_WIDGET (f->panel));
  gtk_window_present (f->window);
  g_assert_true (hp_ui_test_wait_for (view_shown, f->view));
  hp_ui_test_spin (100);
}

static void
fixture_teardown (Fixture      *f,
                  gconstpointer data)
{
  HpTimelinePanel *panel = f->panel;
  g_autofree char *dir = g_path_get_dirname (f->state_file);

  g_object_add_weak_pointer (G_OBJECT (panel), (gpointer *)&panel);
  g_object_ref (f->window);
  gtk_window_destroy (f->window);
  g_assert_finalize_object (f->window);
  g_assert_null (panel);
  hp_trace_unref (f->trace);
  g_remove (f->state_file);
  g_rmdir (dir);
  g_rmdir (f->tmp);
  g_free (f->state_file);
  g_free (f->tmp);
}

static HpTimelineScene *
get_layout (Fixture *f)
{
  return hp_timeline_view_get_scene (f->view);
}

/* the controller of @type on the view that @check accepts */
static GtkEventController *
find_controller (Fixture *f,
                 GType    type,
                 gboolean (*check) (GtkEventController *))
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type) && check (c))
        return c;
    }
  g_assert_not_reached ();
  return NULL;
}

static gboolean
is_secondary (GtkEventController *c)
{
  return gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_SECONDARY;
}

static gboolean
is_capture (GtkEventController *c)
{
  return gtk_event_controller_get_propagation_phase (c) == GTK_PHASE_CAPTURE;
}

/* the y of a row's middle, widget coordinates */
static double
row_middle (Fixture *f,
            guint    row)
{
  guint                n_rows;
  const HpTimelineRow *rows = hp_timeline_scene_get_rows (get_layout (f), &n_rows);

  g_assert_cmpuint (row, <, n_rows);
  return hp_timeline_scene_get_lanes_top (get_layout (f)) + rows[row].y - hp_timeline_view_get_scroll (f->view) + rows[row].height / 2;
}

/* the first row of a GPU lane of rank position 1 */
static guint
gpu_row_of_rank_1 (Fixture *f)
{
  guint                n_rows;
  const HpTimelineRow *rows = hp_timeline_scene_get_rows (get_layout (f), &n_rows);

  for (guint i = 0; i < n_rows; i++)
    if (rows[i].kind == HP_TIMELINE_ROW_SLICES && rows[i].rank_pos == 1 && rows[i].depth == 0 &&
        hp_trace_get_rank (f->trace, 1)->lanes[rows[i].lane].is_gpu)
      return i;
  g_assert_not_reached ();
  return 0;
}

/* the actions of the lane menu now open */
static char *
menu_actions (Fixture *f)
{
  GtkPopover *menu = NULL;
  GMenuModel *model;
  GString    *s = g_string_new (NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (f->view)); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER_MENU (child))
      menu = GTK_POPOVER (child);
  g_assert_nonnull (menu);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (menu)));
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (menu));
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      for (int j = 0; section != NULL && j < g_menu_model_get_n_items (section); j++)
        {
          g_autofree char *action = NULL;

          g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_ACTION, "s", &action);
          g_string_append_printf (s, "%s%s", s->len > 0 ? " " : "", action);
        }
    }
  gtk_popover_popdown (menu);
  return g_string_free (s, FALSE);
}

/* the label of the open lane menu's item for @action */
static char *
menu_label (Fixture    *f,
            const char *action)
{
  GtkPopover *menu = NULL;
  GMenuModel *model;
  char       *found = NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (f->view)); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER_MENU (child))
      menu = GTK_POPOVER (child);
  g_assert_nonnull (menu);
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (menu));
  for (int i = 0; i < g_menu_model_get_n_items (model) && found == NULL; i++)
    {
      g_autoptr (GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      for (int j = 0; section != NULL && j < g_menu_model_get_n_items (section) && found == NULL; j++)
        {
          g_autofree char *item_action = NULL;

          g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_ACTION, "s", &item_action);
          if (g_strcmp0 (item_action, action) == 0)
            g_menu_model_get_item_attribute (section, j, G_MENU_ATTRIBUTE_LABEL, "s", &found);
        }
    }
  gtk_popover_popdown (menu);
  return found;
}

/* A right click on a lane's name opens its menu: pin, hide, collapse its
 * rank, show the hidden lanes; each is saved for the folder */
static void
test_context_menu (Fixture      *f,
                   gconstpointer data)
{
  GtkEventController  *click = find_controller (f, GTK_TYPE_GESTURE_CLICK, is_secondary);
  HpTimelineScene     *scene = get_layout (f);
  guint                row = gpu_row_of_rank_1 (f), n_rows, n_all, n;
  const HpTimelineRow *rows;
  HpTimelineTrack      track;
  g_autofree char     *actions = NULL;
  g_autofree char     *saved = NULL;

  hp_timeline_scene_get_rows (scene, &n_all);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_true (hp_timeline_row_get_track (&rows[row], &track));

  /* nothing to offer over the lanes' time area */
  g_assert_false (hp_timeline_view_open_lane_menu (f->view, 700, row_middle (f, row)));

  hp_timeline_view_set_scroll (f->view, rows[row].y - 40);
  g_signal_emit_by_name (click, "pressed", 1, 40.0, row_middle (f, row));
  actions = menu_actions (f);
  g_assert_cmpstr (actions, ==, "lanes.pin lanes.hide lanes.collapse-rank");

  /* pinned: first row, scrolled into view, and saved */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "lanes.pin", NULL));
  g_assert_cmpfloat (hp_timeline_view_get_scroll (f->view), ==, 0);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_true (rows[0].pinned);
  g_assert_cmpuint (rows[0].rank_pos, ==, 1);
  g_assert_cmpuint (rows[0].lane, ==, track.lane);
  g_assert_cmpuint (n_rows, ==, n_all);
  g_assert_true (g_file_get_contents (f->state_file, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "pinned="));
  g_clear_pointer (&saved, g_free);

  /* hidden from its menu at the top, then the way back */
  g_assert_true (hp_timeline_view_open_lane_menu (f->view, 40, row_middle (f, 0)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "lanes.hide", NULL));
  hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, <, n_all);
  g_assert_false (hp_timeline_scene_get_track_pinned (scene, &track));
  g_assert_true (hp_timeline_scene_get_track_hidden (scene, &track));
  g_assert_true (hp_timeline_view_open_lane_menu (f->view, 40, row_middle (f, 0)));
  g_clear_pointer (&actions, g_free);
  actions = menu_actions (f);
  g_assert_cmpstr (actions, ==, "lanes.collapse-rank lanes.show-hidden");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "lanes.show-hidden", NULL));
  hp_timeline_scene_get_hidden_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 0);
  hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_cmpuint (n_rows, ==, n_all);

  /* a rank's header: collapse it */
  g_assert_true (hp_timeline_view_open_lane_menu (f->view, 40, row_middle (f, 0)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "lanes.collapse-rank", NULL));
  g_assert_true (hp_timeline_scene_get_rank_collapsed (scene, 0));

  /* pin again, then a later session of the same folder gets it all back */
  row = gpu_row_of_rank_1 (f);
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  hp_timeline_view_set_scroll (f->view, rows[row].y - 40);
  g_signal_emit_by_name (click, "pressed", 1, 40.0, row_middle (f, row));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "lanes.pin", NULL));
  hp_timeline_panel_set_trace (f->panel, NULL);
  hp_timeline_panel_set_trace (f->panel, f->trace);
  scene = get_layout (f);
  g_assert_true (hp_timeline_scene_get_rank_collapsed (scene, 0));
  g_assert_true (hp_timeline_scene_get_track_pinned (scene, &track));
  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  g_assert_true (rows[0].pinned);

  /* without a state file nothing is applied or written */
  hp_timeline_view_set_state_file (f->view, NULL);
  hp_timeline_panel_set_trace (f->panel, NULL);
  hp_timeline_panel_set_trace (f->panel, f->trace);
  g_assert_false (hp_timeline_scene_get_rank_collapsed (get_layout (f), 0));
}

/* A hidden counter track whose series is not loaded (a saved state from a
 * session with the memory overlay on) is not offered back: it would not
 * show. Once a lane is hidden too, the menu counts that one lane. */
static void
test_hidden_absent (Fixture      *f,
                    gconstpointer data)
{
  HpTimelineScene      *scene = get_layout (f);
  const HpTimelineTrack absent = { HP_TIMELINE_ROW_COUNTER, 0, 0, "memory:cuda:0:allocated" };
  guint                 row = gpu_row_of_rank_1 (f), n_rows, n;
  const HpTimelineRow  *rows = hp_timeline_scene_get_rows (scene, &n_rows);
  HpTimelineTrack       lane;
  g_autofree char      *actions = NULL;
  g_autofree char      *label = NULL;

  hp_timeline_scene_set_track_hidden (scene, &absent, TRUE);
  hp_timeline_scene_get_hidden_tracks (scene, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_true (hp_timeline_row_get_track (&rows[row], &lane));
  hp_timeline_view_set_scroll (f->view, rows[row].y - 40);
  g_assert_true (hp_timeline_view_open_lane_menu (f->view, 40, row_middle (f, row)));
  actions = menu_actions (f);
  g_assert_cmpstr (actions, ==, "lanes.pin lanes.hide lanes.collapse-rank");

  hp_timeline_scene_set_track_hidden (scene, &lane, TRUE);
  hp_timeline_view_set_scroll (f->view, 0);
  g_assert_true (hp_timeline_view_open_lane_menu (f->view, 40, row_middle (f, 0)));
  g_clear_pointer (&actions, g_free);
  actions = menu_actions (f);
  g_assert_cmpstr (actions, ==, "lanes.collapse-rank lanes.show-hidden");
  label = menu_label (f, "lanes.show-hidden");
  g_assert_cmpstr (label, ==, "_Show 1 Hidden Lane");
}

/* A corrupt state file: a warning, and the defaults */
static void
test_corrupt_state (Fixture      *f,
                    gconstpointer data)
{
  g_autofree char *dir = g_path_get_dirname (f->state_file);
  guint            n;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (f->state_file, "[Timeline\npinned=\x01\x02", -1, NULL));
  hp_timeline_panel_set_trace (f->panel, NULL);
  g_test_expect_message ("hotpath", G_LOG_LEVEL_WARNING, "Ignoring the timeline's saved layout: *");
  hp_timeline_panel_set_trace (f->panel, f->trace);
  g_test_assert_expected_messages ();
  hp_timeline_scene_get_pinned_tracks (get_layout (f), &n);
  g_assert_cmpuint (n, ==, 0);
  /* the next change writes a good file over it */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "lanes.show-hidden", NULL));
  {
    g_autoptr (GKeyFile) file = g_key_file_new ();
    g_autoptr (GError) error = NULL;

    g_assert_true (g_key_file_load_from_file (file, f->state_file, G_KEY_FILE_NONE, &error));
    g_assert_no_error (error);
    g_assert_true (g_key_file_has_key (file, "Timeline", "gutter-width", NULL));
  }
}

static HpBookmarksPopover *
bookmarks_list (Fixture *f)
{
  GtkWidget *popover = hp_ui_test_find_widget_of_type (GTK_WIDGET (f->panel), HP_TYPE_BOOKMARKS_POPOVER);

  g_assert_nonnull (popover);
  return HP_BOOKMARKS_POPOVER (popover);
}

static guint
n_list_rows (HpBookmarksPopover *list)
{
  return g_list_model_get_n_items (hp_bookmarks_popover_get_model (list));
}

/* the action the view's key @trigger (as GTK writes it) is bound to */
static char *
key_action (Fixture    *f,
            const char *trigger)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (c))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
        {
          g_autoptr (GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (c), j);
          g_autofree char *t = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));

          if (g_str_equal (t, trigger))
            return gtk_shortcut_action_to_string (gtk_shortcut_get_action (shortcut));
        }
    }
  return NULL;
}

/* M marks the selection; [ and ] go between marks; the list renames and
 * deletes them */
static void
test_bookmarks (Fixture      *f,
                gconstpointer data)
{
  HpTimelineBookmarks      *marks = hp_timeline_view_get_bookmarks (f->view);
  const HpTimelineBookmark *b;
  const HpRank             *r = hp_trace_get_rank (f->trace, 0);
  guint32                   event = r->lanes[0].events[0];
  gint64                    t0, t1, start, end, span;
  HpBookmarksPopover       *list = bookmarks_list (f);
  g_autofree char          *saved = NULL;

  hp_timeline_view_get_visible_range (f->view, &t0, &t1);
  span = t1 - t0;
  {
    g_autofree char *m = key_action (f, "m");
    g_autofree char *next = key_action (f, "bracketright");
    g_autofree char *previous = key_action (f, "bracketleft");

    g_assert_cmpstr (m, ==, "action(timeline.add-bookmark)");
    g_assert_cmpstr (next, ==, "action(timeline.next-bookmark)");
    g_assert_cmpstr (previous, ==, "action(timeline.previous-bookmark)");
  }

  /* a selected range */
  hp_timeline_view_set_selected_range (f->view, t0 + span / 2, t0 + span / 2 + span / 10);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.add-bookmark", NULL));
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 1);
  b = hp_timeline_bookmarks_get (marks, 0);
  g_assert_cmpint (b->start, ==, t0 + span / 2);
  g_assert_cmpint (b->end, ==, t0 + span / 2 + span / 10);
  g_assert_cmpstr (b->name, ==, "Mark 1");

  /* a selected event, earlier: it comes first */
  hp_timeline_view_set_selected_range (f->view, 0, 0);
  hp_timeline_view_select_event (f->view, r->rank, event);
  g_assert_cmpint (hp_timeline_view_add_bookmark (f->view), ==, 0);
  b = hp_timeline_bookmarks_get (marks, 0);
  g_assert_cmpint (b->start, ==, hp_rank_get_event_start (r, event));
  g_assert_cmpint (b->end, ==, hp_rank_get_event_end (r, event));
  g_assert_cmpstr (b->name, ==, "Mark 2");
  g_assert_cmpuint (n_list_rows (list), ==, 2);
  g_assert_true (g_file_get_contents (f->state_file, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "name=Mark 1"));

  /* ] and [ walk them */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.zoom-fit", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.next-bookmark", NULL));
  b = hp_timeline_bookmarks_get (marks, 1);
  hp_timeline_view_get_visible_range (f->view, &t0, &t1);
  g_assert_cmpint (t0, <, b->start);
  g_assert_cmpint (t1, >, b->end);
  g_assert_cmpint (t1 - t0, <, (b->end - b->start) * 2);
  g_assert_true (hp_timeline_view_get_selected_range (f->view, &start, &end));
  g_assert_cmpint (start, ==, b->start);
  g_assert_cmpint (end, ==, b->end);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.previous-bookmark", NULL));
  hp_timeline_view_get_selected_range (f->view, &start, &end);
  g_assert_cmpint (start, ==, hp_timeline_bookmarks_get (marks, 0)->start);
  /* the first stays the first */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->view), "timeline.previous-bookmark", NULL));
  hp_timeline_view_get_selected_range (f->view, &start, &end);
  g_assert_cmpint (start, ==, hp_timeline_bookmarks_get (marks, 0)->start);

  /* rename from the list's entry, delete from its button: the list view
   * makes the rows it shows */
  gtk_popover_popup (GTK_POPOVER (list));
  hp_ui_test_spin (100);
  {
    GtkWidget *entry = hp_ui_test_find_widget_of_type (GTK_WIDGET (hp_bookmarks_popover_get_list (list)), GTK_TYPE_ENTRY);
    GtkWidget *box = gtk_widget_get_parent (entry);
    GtkWidget *delete = gtk_widget_get_last_child (box);

    gtk_editable_set_text (GTK_EDITABLE (entry), "warm-up");
    g_signal_emit_by_name (entry, "activate");
    g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 0)->name, ==, "warm-up");
    g_assert_true (GTK_IS_BUTTON (delete));
    g_signal_emit_by_name (delete, "clicked");
  }
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 1);
  g_assert_cmpuint (n_list_rows (list), ==, 1);
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 0)->name, ==, "Mark 1");
  gtk_popover_popdown (GTK_POPOVER (list));

  /* they come back with the folder */
  hp_timeline_panel_set_trace (f->panel, NULL);
  g_assert_cmpuint (n_list_rows (list), ==, 0);
  hp_timeline_panel_set_trace (f->panel, f->trace);
  marks = hp_timeline_view_get_bookmarks (f->view);
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 1);
  g_assert_cmpuint (n_list_rows (list), ==, 1);
  /* the range statistics the jumps started finish before teardown */
  hp_ui_test_spin (500);
}

/* Dragging the gutter's edge widens the lane-name column; elsewhere the
 * drag is the lanes' own */
static void
test_gutter_drag (Fixture      *f,
                  gconstpointer data)
{
  GtkEventController *drag = find_controller (f, GTK_TYPE_GESTURE_DRAG, is_capture);
  double              width = hp_timeline_view_get_gutter_width (f->view);
  HpTimelineViewport  v = { 0 };
  HpTimelineMapper    m;
  g_autofree char    *saved = NULL;
  g_autoptr (GtkTooltip) tooltip = g_object_new (GTK_TYPE_TOOLTIP, NULL);
  gboolean shown = FALSE;
  int      y = (int)row_middle (f, 1);

  g_assert_cmpfloat (width, ==, HP_TIMELINE_GUTTER_WIDTH);

  /* far from the edge: nothing */
  g_signal_emit_by_name (drag, "drag-begin", 400.0, 200.0);
  g_signal_emit_by_name (drag, "drag-update", 80.0, 0.0);
  g_signal_emit_by_name (drag, "drag-end", 80.0, 0.0);
  g_assert_cmpfloat (hp_timeline_view_get_gutter_width (f->view), ==, width);

  /* on it */
  g_signal_emit_by_name (drag, "drag-begin", width + 2, 200.0);
  g_signal_emit_by_name (drag, "drag-update", 50.0, 3.0);
  g_assert_cmpfloat (hp_timeline_view_get_gutter_width (f->view), ==, width + 50);
  g_signal_emit_by_name (drag, "drag-end", 80.0, 3.0);
  g_assert_cmpfloat (hp_timeline_view_get_gutter_width (f->view), ==, width + 80);
  hp_ui_test_spin (50);

  /* the time area moved right with it */
  v.t0 = 0;
  v.t1 = 1000;
  v.width = gtk_widget_get_width (GTK_WIDGET (f->view));
  v.height = 100;
  v.scale = 1;
  hp_timeline_mapper_init (&m, get_layout (f), &v);
  g_assert_cmpfloat (m.time_left, ==, width + 80);
  g_assert_true (g_file_get_contents (f->state_file, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "gutter-width=248"));

  /* narrowed all the way: names are cut short, their tooltip is whole */
  g_signal_emit_by_name (drag, "drag-begin", width + 80, 200.0);
  g_signal_emit_by_name (drag, "drag-end", -1000.0, 0.0);
  g_assert_cmpfloat (hp_timeline_view_get_gutter_width (f->view), ==, HP_TIMELINE_GUTTER_MIN_WIDTH);
  g_signal_emit_by_name (f->view, "query-tooltip", 40, y, FALSE, tooltip, &shown);
  g_assert_true (shown);
}

static HpTimelineView *
open_folder (const char *path,
             HpWindow  **window)
{
  *window = hp_ui_test_open_window (path, -1, -1);
  g_assert_true (hp_ui_test_wait_for (hp_ui_test_not_loading, *window));
  return hp_timeline_panel_get_view (hp_trace_page_get_timeline_panel (hp_window_get_trace_page (*window)));
}

/* The window of a folder keeps its arrangement in the user's state
 * folder: a second window of the same folder gets it back (pins, hidden
 * lanes, collapsed ranks, bookmarks), another folder does not; the trace
 * folder gets nothing */
static void
test_per_folder (void)
{
  g_autofree char     *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  g_autofree char     *other = hp_test_data_path ("edge", "timeline-lanes", NULL);
  g_autofree char     *state_dir = g_build_filename (g_get_user_state_dir (), "hotpath", "timeline", NULL);
  HpWindow            *window;
  HpTimelineView      *view = open_folder (path, &window);
  HpTimelineTrack      track = { HP_TIMELINE_ROW_SLICES, 1, 0 };
  HpTimelineTrack      hidden = { HP_TIMELINE_ROW_SLICES, 0, 0 };
  HpTimelineScene     *scene;
  HpTimelineBookmarks *marks;
  gint64               t0, t1;
  g_autoptr (GDir) dir = NULL;
  guint       n_files = 0, n_trace_files;
  const char *name;

  /* the tests run with their own, empty, state folder */
  g_assert_false (g_file_test (state_dir, G_FILE_TEST_EXISTS));
  n_trace_files = 0;
  {
    g_autoptr (GDir) traces = g_dir_open (path, 0, NULL);

    while (g_dir_read_name (traces) != NULL)
      n_trace_files++;
  }

  scene = hp_timeline_view_get_scene (view);
  hp_timeline_scene_set_track_pinned (scene, &track, TRUE);
  hp_timeline_scene_set_track_hidden (scene, &hidden, TRUE);
  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &t0, &t1);
  hp_timeline_view_set_selected_range (view, t0 + (t1 - t0) / 4, t0 + (t1 - t0) / 2);
  /* the view saves the whole arrangement on each change */
  g_assert_cmpint (hp_timeline_view_add_bookmark (view), ==, 0);
  hp_timeline_view_set_rank_collapsed (view, hp_trace_get_rank (hp_timeline_view_get_trace (view), 0)->rank, TRUE);
  hp_ui_test_close_window (window);

  dir = g_dir_open (state_dir, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_assert_true (g_str_has_suffix (name, ".ini"));
      n_files++;
    }
  g_assert_cmpuint (n_files, ==, 1);
  {
    g_autoptr (GDir) traces = g_dir_open (path, 0, NULL);
    guint n = 0;

    while (g_dir_read_name (traces) != NULL)
      n++;
    g_assert_cmpuint (n, ==, n_trace_files);
  }

  view = open_folder (path, &window);
  scene = hp_timeline_view_get_scene (view);
  g_assert_true (hp_timeline_scene_get_track_pinned (scene, &track));
  g_assert_true (hp_timeline_scene_get_track_hidden (scene, &hidden));
  g_assert_true (hp_timeline_scene_get_rank_collapsed (scene, 0));
  marks = hp_timeline_view_get_bookmarks (view);
  g_assert_true (marks == hp_timeline_scene_get_bookmarks (scene));
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (marks), ==, 1);
  g_assert_cmpint (hp_timeline_bookmarks_get (marks, 0)->start, ==, t0 + (t1 - t0) / 4);
  g_assert_cmpint (hp_timeline_bookmarks_get (marks, 0)->end, ==, t0 + (t1 - t0) / 2);
  g_assert_cmpstr (hp_timeline_bookmarks_get (marks, 0)->name, ==, "Mark 1");
  hp_ui_test_close_window (window);

  view = open_folder (other, &window);
  g_assert_false (hp_timeline_scene_get_rank_collapsed (hp_timeline_view_get_scene (view), 0));
  g_assert_cmpuint (hp_timeline_bookmarks_get_n_items (hp_timeline_view_get_bookmarks (view)), ==, 0);
  hp_ui_test_close_window (window);
}

/* The state file: one per folder, whatever its spelling; missing, it is
 * an empty state; too large or not a key file, an error naming it; saved
 * into folders made as needed, it reads back */
static void
test_state_file (void)
{
  g_autofree char *dir = hp_test_data_path ("edge", "timeline-lanes", NULL);
  g_autofree char *spelled = g_build_filename (dir, ".", NULL);
  g_autofree char *other = hp_test_data_path ("edge", "breakdowns-mixed-ranks", NULL);
  const char      *a[] = { dir, NULL };
  const char      *b[] = { spelled, NULL };
  const char      *c[] = { other, NULL };
  const char      *both[] = { dir, other, NULL };
  const char      *both_swapped[] = { other, spelled, NULL };
  g_autofree char *pa = hp_timeline_state_path_for_run ("/state", a);
  g_autofree char *pb = hp_timeline_state_path_for_run ("/state", b);
  g_autofree char *pc = hp_timeline_state_path_for_run ("/state", c);
  g_autofree char *pboth = hp_timeline_state_path_for_run ("/state", both);
  g_autofree char *pswapped = hp_timeline_state_path_for_run ("/state", both_swapped);
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("hp-state-file-XXXXXX", &error);
  g_autofree char *deep = g_build_filename (tmp, "deep", "er", "state.ini", NULL);
  g_autofree char *big = g_build_filename (tmp, "big.ini", NULL);
  g_autofree char *text = NULL;
  g_autoptr (HpTrace) trace = hp_test_load ("edge/timeline-lanes", HP_MODE_DEFAULT);
  g_autoptr (HpTimelineScene) scene = hp_timeline_scene_new_for_trace (trace);
  g_autoptr (HpTimelineScene) again = hp_timeline_scene_new_for_trace (trace);
  HpTimelineState *state;

  g_assert_true (g_str_has_prefix (pa, "/state/hotpath/timeline/"));
  g_assert_true (g_str_has_suffix (pa, ".ini"));
  g_assert_cmpstr (pa, ==, pb);
  g_assert_cmpstr (pa, !=, pc);
  g_assert_cmpstr (pboth, ==, pswapped);
  g_assert_cmpstr (pboth, !=, pa);

  /* missing: an empty state */
  g_assert_no_error (error);
  state = hp_timeline_state_file_load (deep, &error);
  g_assert_no_error (error);
  g_assert_nonnull (state);

  /* saved into folders made as needed, read back */
  hp_timeline_scene_set_rank_collapsed (scene, 1, TRUE);
  hp_timeline_bookmarks_add (hp_timeline_scene_get_bookmarks (scene), 10, 20, "kept");
  hp_timeline_state_capture (state, scene);
  g_assert_true (hp_timeline_state_file_save (state, deep, &error));
  g_assert_no_error (error);
  hp_timeline_state_free (state);
  state = hp_timeline_state_file_load (deep, &error);
  g_assert_no_error (error);
  hp_timeline_state_apply (state, again);
  g_assert_true (hp_timeline_scene_get_rank_collapsed (again, 1));
  g_assert_cmpstr (hp_timeline_bookmarks_get (hp_timeline_scene_get_bookmarks (again), 0)->name, ==, "kept");
  hp_timeline_state_free (state);

  /* not a key file: an error naming the file */
  g_assert_true (g_file_set_contents (deep, "\x89PNG\r\n\x1a\n[[[\nthis is = not\n[a key file", -1, NULL));
  g_assert_null (hp_timeline_state_file_load (deep, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, deep));
  g_clear_error (&error);

  /* over 16 MiB: refused before it is read */
  text = g_strnfill (HP_TIMELINE_STATE_MAX_SIZE + 1, '#');
  g_assert_true (g_file_set_contents (big, text, HP_TIMELINE_STATE_MAX_SIZE + 1, NULL));
  g_assert_null (hp_timeline_state_file_load (big, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, big));
  g_clear_error (&error);

  /* a folder where the file should be: not a regular file */
  g_assert_null (hp_timeline_state_file_load (tmp, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_assert_cmpint (g_remove (big), ==, 0);
  g_assert_cmpint (g_remove (deep), ==, 0);
  {
    g_autofree char *er = g_path_get_dirname (deep);
    g_autofree char *d = g_path_get_dirname (er);

    g_assert_cmpint (g_rmdir (er), ==, 0);
    g_assert_cmpint (g_rmdir (d), ==, 0);
    g_assert_cmpint (g_rmdir (tmp), ==, 0);
  }
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *state_home = hp_ui_test_isolate_state_dir ();
  int              status;

  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);

  g_test_add ("/ui/timeline-tracks/context-menu", Fixture, NULL, fixture_setup, test_context_menu, fixture_teardown);
  g_test_add ("/ui/timeline-tracks/corrupt-state", Fixture, NULL, fixture_setup, test_corrupt_state, fixture_teardown);
  g_test_add ("/ui/timeline-tracks/hidden-absent", Fixture, NULL, fixture_setup, test_hidden_absent, fixture_teardown);
  g_test_add ("/ui/timeline-tracks/bookmarks", Fixture, NULL, fixture_setup, test_bookmarks, fixture_teardown);
  g_test_add_func ("/ui/timeline-tracks/per-folder", test_per_folder);
  g_test_add_func ("/ui/timeline-tracks/state-file", test_state_file);
  g_test_add ("/ui/timeline-tracks/gutter-drag", Fixture, NULL, fixture_setup, test_gutter_drag, fixture_teardown);

  status = g_test_run ();
  hp_ui_test_remove_tree (state_home);
  return status;
}
