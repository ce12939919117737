/* hp-timeline-view-actions.c — the timeline's actions and keyboard shortcuts.
 *
 * W/S zoom, A/D pan (chrome://tracing's and Perfetto's keys, with +/-
 * and the arrows too), F zooms to the selection, 0 fits everything and
 * Escape clears the selection.
 *
 * W/A/S/D, 0 and F also work while the focus is elsewhere in the window
 * (the tab, a toolbar button, a closed popover's button) as long as the
 * timeline is shown: a global shortcut controller answers them when the
 * focused widget lets them through. A text entry takes them first, so
 * typing a name in the search stays typing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-timeline-view-private.h"

static void
zoom_in_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  hp_timeline_view_zoom (self, 1.5, self->pointer_inside ? self->pointer_x : -1);
}

static void
zoom_out_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  hp_timeline_view_zoom (self, 1 / 1.5, self->pointer_inside ? self->pointer_x : -1);
}

static void
pan_left_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  hp_timeline_view_pan (HP_TIMELINE_VIEW (widget), -0.2);
}

static void
pan_right_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  hp_timeline_view_pan (HP_TIMELINE_VIEW (widget), 0.2);
}

static void
scroll_up_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  hp_timeline_view_set_scroll (self, self->camera.scroll_y - 3 * HP_TIMELINE_SLICE_HEIGHT);
}

static void
scroll_down_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  hp_timeline_view_set_scroll (self, self->camera.scroll_y + 3 * HP_TIMELINE_SLICE_HEIGHT);
}

static void
fit_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  hp_timeline_view_zoom_to_fit (HP_TIMELINE_VIEW (widget));
}

static void
clear_selection_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  HpTimelineView *self = HP_TIMELINE_VIEW (widget);

  hp_timeline_view_select_event (self, -1, -1);
  if (hp_timeline_view_get_selected_range (self, NULL, NULL))
    hp_timeline_view_set_selected_range (self, 0, 0);
}

static void
zoom_selection_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  hp_timeline_view_zoom_to_selection (HP_TIMELINE_VIEW (widget));
}

/* The letter keys the window passes on while the view is mapped */
void
hp_timeline_view_init_shortcuts (HpTimelineView *self)
{
  static const struct
  {
    guint       keyval;
    const char *action;
  } keys[] = {
    { GDK_KEY_w, "timeline.zoom-in" },
    { GDK_KEY_s, "timeline.zoom-out" },
    { GDK_KEY_a, "timeline.pan-left" },
    { GDK_KEY_d, "timeline.pan-right" },
    { GDK_KEY_0, "timeline.zoom-fit" },
    { GDK_KEY_f, "timeline.zoom-selection" },
    { GDK_KEY_m, "timeline.add-bookmark" },
    { GDK_KEY_bracketright, "timeline.next-bookmark" },
    { GDK_KEY_bracketleft, "timeline.previous-bookmark" },
    /* the panel's: the critical-path overlay */
    { GDK_KEY_period, "timeline.critical-path-next" },
    { GDK_KEY_comma, "timeline.critical-path-previous" },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (controller), GTK_SHORTCUT_SCOPE_GLOBAL);
  /* after the focused widget: an entry keeps its text */
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_BUBBLE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, 0),
                                                            gtk_named_action_new (keys[i].action)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* The timeline.* actions and their keys */
void
hp_timeline_view_class_actions_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "timeline.zoom-in", NULL, zoom_in_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-out", NULL, zoom_out_action);
  gtk_widget_class_install_action (widget_class, "timeline.pan-left", NULL, pan_left_action);
  gtk_widget_class_install_action (widget_class, "timeline.pan-right", NULL, pan_right_action);
  gtk_widget_class_install_action (widget_class, "timeline.scroll-up", NULL, scroll_up_action);
  gtk_widget_class_install_action (widget_class, "timeline.scroll-down", NULL, scroll_down_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-selection", NULL, zoom_selection_action);
  gtk_widget_class_install_action (widget_class, "timeline.clear-selection", NULL, clear_selection_action);

  /* chrome://tracing and Perfetto's keys */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, 0, "timeline.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, 0, "timeline.pan-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, 0, "timeline.pan-right", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, 0, "timeline.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "timeline.pan-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "timeline.pan-right", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "timeline.scroll-up", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "timeline.scroll-down", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "timeline.zoom-fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "timeline.zoom-selection", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "timeline.clear-selection", NULL);
}
