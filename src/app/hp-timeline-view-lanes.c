/* hp-timeline-view-lanes.c — HpTimelineView's lanes: the lane-name menu (pin, hide, collapse), the gutter's draggable edge, and the arrangement saved per folder.
 *
 * A right click on a lane's name (or on a rank's header) opens a menu
 * for that row; its lanes.* actions change the scene and save the
 * folder's state file (hp_timeline_view_set_state_file()), which a later
 * session applies when the same folder is opened.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "hp-timeline-state-file.h"
#include "hp-timeline-view-private.h"

/* how close to the gutter's edge a press grabs it, in pixels */
#define EDGE_GRAB 4.0

static HpTimelineScene *
get_layout (HpTimelineView *self)
{
  return self->scene;
}

/* Saved state */

/**
 * hp_timeline_view_save_state:
 *
 * Writes the pins, hidden lanes, collapsed ranks, bookmarks and gutter
 * width to the state file, if there is one. A failure is a warning: the
 * timeline works the same without it.
 */
void
hp_timeline_view_save_state (HpTimelineView *self)
{
  g_autoptr (GError) error = NULL;

  if (self->state_file == NULL || self->painter == NULL)
    return;
  if (self->state == NULL)
    self->state = hp_timeline_state_new ();
  hp_timeline_state_capture (self->state, get_layout (self));
  if (!hp_timeline_state_file_save (self->state, self->state_file, &error))
    g_warning ("Could not save the timeline's layout: %s", error->message);
}

static void
load_state (HpTimelineView *self)
{
  g_autoptr (GError) error = NULL;

  if (self->state_file == NULL || self->painter == NULL)
    return;
  g_clear_pointer (&self->state, hp_timeline_state_free);
  self->state = hp_timeline_state_file_load (self->state_file, &error);
  if (self->state == NULL)
    {
      g_warning ("Ignoring the timeline's saved layout: %s", error->message);
      self->state = hp_timeline_state_new ();
    }
  /* the bookmarks too: they are part of the scene's arrangement */
  hp_timeline_state_apply (self->state, get_layout (self));
  self->current_bookmark = -1;
  g_signal_emit (self, hp_timeline_view_signals[BOOKMARKS_CHANGED], 0);
}

/**
 * hp_timeline_view_set_state_file:
 * @path: (nullable): where this folder's timeline arrangement is kept
 *   (hp_timeline_state_path_for_run()), or %NULL to keep none
 *
 * Applies what the file holds now and whenever a trace is set, and
 * writes every change back to it.
 */
void
hp_timeline_view_set_state_file (HpTimelineView *self,
                                 const char     *path)
{
  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (g_strcmp0 (self->state_file, path) == 0)
    return;
  g_free (self->state_file);
  self->state_file = g_strdup (path);
  g_clear_pointer (&self->state, hp_timeline_state_free);
  /* read, not written: a folder gets a file once something is arranged */
  if (self->painter != NULL)
    {
      load_state (self);
      self->camera.scroll_y = CLAMP (self->camera.scroll_y, 0, hp_timeline_view_max_scroll (self));
      hp_timeline_view_sync_adjustments (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

/**
 * hp_timeline_view_lanes_changed:
 *
 * After the rows changed: keeps the scroll in bounds, redraws, saves.
 */
void
hp_timeline_view_lanes_changed (HpTimelineView *self)
{
  if (self->painter == NULL)
    return;
  self->camera.scroll_y = CLAMP (self->camera.scroll_y, 0, hp_timeline_view_max_scroll (self));
  hp_timeline_view_sync_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  hp_timeline_view_save_state (self);
}

/* The lane menu */

static void
pin_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);
  gboolean        pinned;

  if (self->painter == NULL || !self->menu_has_track)
    return;
  pinned = hp_timeline_scene_get_track_pinned (get_layout (self), &self->menu_track);
  hp_timeline_scene_set_track_pinned (get_layout (self), &self->menu_track, !pinned);
  /* a lane pinned is wanted in view: the pinned tracks are at the top */
  if (!pinned)
    self->camera.scroll_y = 0;
  hp_timeline_view_lanes_changed (self);
}

static void
hide_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  if (self->painter == NULL || !self->menu_has_track)
    return;
  hp_timeline_scene_set_track_hidden (get_layout (self), &self->menu_track, TRUE);
  hp_timeline_view_lanes_changed (self);
}

static void
collapse_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);
  guint           pos;

  if (self->painter == NULL || self->menu_rank_pos < 0)
    return;
  pos = (guint)self->menu_rank_pos;
  hp_timeline_scene_set_rank_collapsed (get_layout (self), pos, !hp_timeline_scene_get_rank_collapsed (get_layout (self), pos));
  hp_timeline_view_lanes_changed (self);
}

static void
show_hidden_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  if (self->painter == NULL)
    return;
  hp_timeline_scene_show_hidden_tracks (get_layout (self));
  hp_timeline_view_lanes_changed (self);
}

/* hidden tracks that would show again: a counter or memory track whose
 * series is not loaded now (its overlay off) does not count */
static guint
count_hidden_on_view (HpTimelineScene *scene)
{
  guint                  n_tracks, n = 0;
  const HpTimelineTrack *tracks = hp_timeline_scene_get_hidden_tracks (scene, &n_tracks);

  for (guint i = 0; i < n_tracks; i++)
    if (tracks[i].kind != HP_TIMELINE_ROW_COUNTER || tracks[i].lane != HP_TIMELINE_TRACK_ABSENT)
      n++;
  return n;
}

static GMenuModel *
build_lane_menu (HpTimelineView *self)
{
  HpTimelineScene *scene = get_layout (self);
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenu) lane = g_menu_new ();
  g_autoptr (GMenu) rank = g_menu_new ();
  guint n_hidden;

  if (self->menu_has_track)
    {
      gboolean pinned = hp_timeline_scene_get_track_pinned (scene, &self->menu_track);

      g_menu_append (lane, pinned ? _ ("_Unpin") : _ ("_Pin to Top"), "lanes.pin");
      g_menu_append (lane, _ ("_Hide"), "lanes.hide");
      g_menu_append_section (menu, NULL, G_MENU_MODEL (lane));
    }
  if (self->menu_rank_pos >= 0)
    {
      gboolean         collapsed = hp_timeline_scene_get_rank_collapsed (scene, (guint)self->menu_rank_pos);
      int              number = hp_trace_get_rank (self->trace, (guint)self->menu_rank_pos)->rank;
      g_autofree char *label = g_strdup_printf (collapsed ? _ ("_Expand Rank %d") : _ ("_Collapse Rank %d"), number);

      g_menu_append (rank, label, "lanes.collapse-rank");
    }
  n_hidden = count_hidden_on_view (scene);
  if (n_hidden > 0)
    {
      /* Translators: in the timeline's lane menu; %u is how many lanes
       * are hidden */
      g_autofree char *label = g_strdup_printf (ngettext ("_Show %u Hidden Lane", "_Show %u Hidden Lanes", n_hidden), n_hidden);

      g_menu_append (rank, label, "lanes.show-hidden");
    }
  g_menu_append_section (menu, NULL, G_MENU_MODEL (rank));
  return G_MENU_MODEL (g_steal_pointer (&menu));
}

/**
 * hp_timeline_view_open_lane_menu:
 * @x: a point, widget coordinates
 * @y:
 *
 * Opens the menu of the row at a point of the gutter, or of a rank's
 * header anywhere: what a secondary click there does.
 *
 * Returns: whether there was a row to open a menu for
 */
gboolean
hp_timeline_view_open_lane_menu (HpTimelineView *self,
                                 double          x,
                                 double          y)
{
  HpTimelineViewport   v;
  HpTimelineHit        hit;
  const HpTimelineRow *rows;
  guint                n_rows;
  gboolean             found;
  g_autoptr (GMenuModel) model = NULL;

  g_return_val_if_fail (HP_IS_TIMELINE_VIEW (self), FALSE);

  if (self->painter == NULL)
    return FALSE;
  hp_timeline_view_viewport (self, &v);
  hp_timeline_scene_hit_test (get_layout (self), &v, x, y, &hit);
  found = hit.row >= 0 && (hit.kind == HP_TIMELINE_HIT_LANE_LABEL || hit.kind == HP_TIMELINE_HIT_RANK);
  if (found)
    {
      rows = hp_timeline_scene_get_rows (get_layout (self), &n_rows);
      self->menu_has_track = hp_timeline_row_get_track (&rows[hit.row], &self->menu_track);
      self->menu_rank_pos = hit.rank_pos;
    }
  hp_timeline_hit_clear (&hit);
  if (!found)
    return FALSE;

  model = build_lane_menu (self);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->lane_menu), model);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->lane_menu), &(GdkRectangle){ (int)x, (int)y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->lane_menu));
  return TRUE;
}

static void
secondary_pressed_cb (HpTimelineView *self,
                      int             n_press,
                      double          x,
                      double          y,
                      GtkGesture     *gesture)
{
  if (hp_timeline_view_open_lane_menu (self, x, y))
    gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
}

/**
 * hp_timeline_view_set_rank_collapsed:
 * @rank: a rank number
 * @collapsed: whether to show only its header
 */
void
hp_timeline_view_set_rank_collapsed (HpTimelineView *self,
                                     int             rank,
                                     gboolean        collapsed)
{
  int pos = hp_timeline_view_rank_position (self, rank);

  g_return_if_fail (HP_IS_TIMELINE_VIEW (self));

  if (pos < 0)
    return;
  hp_timeline_scene_set_rank_collapsed (get_layout (self), (guint)pos, collapsed);
  hp_timeline_view_lanes_changed (self);
}

/* The gutter's edge */

static gboolean
near_edge (HpTimelineView *self,
           double          x)
{
  return self->painter != NULL && fabs (x - hp_timeline_view_get_gutter_width (self)) <= EDGE_GRAB;
}

static void
edge_drag_begin_cb (HpTimelineView *self,
                    double          x,
                    double          y,
                    GtkGesture     *gesture)
{
  if (!near_edge (self, x))
    {
      gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  self->gutter_drag_width = hp_timeline_view_get_gutter_width (self);
  self->gutter_dragging = TRUE;
}

static void
edge_drag_update_cb (HpTimelineView *self,
                     double          dx,
                     double          dy,
                     GtkGesture     *gesture)
{
  if (self->gutter_dragging)
    hp_timeline_view_set_gutter_width (self, self->gutter_drag_width + dx);
}

static void
edge_drag_end_cb (HpTimelineView *self,
                  double          dx,
                  double          dy,
                  GtkGesture     *gesture)
{
  if (!self->gutter_dragging)
    return;
  self->gutter_dragging = FALSE;
  hp_timeline_view_set_gutter_width (self, self->gutter_drag_width + dx);
  hp_timeline_view_save_state (self);
}

static void
edge_motion_cb (HpTimelineView *self,
                double          x,
                double          y)
{
  gboolean near = near_edge (self, x);

  if (near == self->gutter_cursor)
    return;
  self->gutter_cursor = near;
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), near ? "col-resize" : NULL);
}

static void
edge_leave_cb (HpTimelineView *self)
{
  if (self->gutter_cursor)
    edge_motion_cb (self, -1e9, 0);
}

/* Wiring */

/* The lanes.* actions */
void
hp_timeline_view_class_lanes_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "lanes.pin", NULL, pin_action);
  gtk_widget_class_install_action (widget_class, "lanes.hide", NULL, hide_action);
  gtk_widget_class_install_action (widget_class, "lanes.collapse-rank", NULL, collapse_action);
  gtk_widget_class_install_action (widget_class, "lanes.show-hidden", NULL, show_hidden_action);
}

/* The lane menu and the gutter's controllers, from init */
void
hp_timeline_view_lanes_init (HpTimelineView *self)
{
  GtkGesture         *gesture;
  GtkEventController *motion;

  self->menu_rank_pos = -1;
  self->lane_menu = gtk_popover_menu_new_from_model (NULL);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->lane_menu), FALSE);
  gtk_widget_set_halign (self->lane_menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->lane_menu, GTK_WIDGET (self));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (secondary_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  /* before the lanes' own drag sees the press */
  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (edge_drag_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (edge_drag_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (edge_drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (edge_motion_cb), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (edge_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
}

/* A new trace (or none): the saved arrangement (after the bookmark flags
 * are attached) */
void
hp_timeline_view_lanes_attach (HpTimelineView *self)
{
  load_state (self);
}

/* popovers of a custom widget are placed by it */
void
hp_timeline_view_lanes_allocate (HpTimelineView *self)
{
  if (self->lane_menu != NULL)
    gtk_popover_present (GTK_POPOVER (self->lane_menu));
}

void
hp_timeline_view_lanes_dispose (HpTimelineView *self)
{
  g_clear_pointer (&self->lane_menu, gtk_widget_unparent);
  g_clear_pointer (&self->state, hp_timeline_state_free);
  g_clear_pointer (&self->state_file, g_free);
  g_clear_pointer (&self->no_bookmarks, hp_timeline_bookmarks_free);
}
