/* hp-timeline-linked-bar.c — the bar over the timeline that steps through the events a table row stands for.
 *
 * Linked views: the events a row of an analysis table stands for are
 * highlighted on the timeline, one of them is selected and brought into
 * view, and this bar says what they are and steps through them. Kernel
 * instances zoom to the selected instance, a launch shows its call and
 * kernels at once, idle gaps select the gap before the selected kernel as
 * a range. The bar's buttons call the Timeline tab's actions
 * (timeline.linked-next, -previous, -close), which come back here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-timeline-linked-bar.h"

/* how much of the window the focused event or gap takes */
#define LINKED_ONE_PAD 4.5 /* an instance: a tenth of the window */
#define LINKED_ALL_PAD 0.2
#define LINKED_GAP_PAD 0.5
#define LINKED_MIN_SPAN (2 * HP_NS_PER_US)

struct _HpTimelineLinkedBar
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkRevealer *revealer;
  GtkLabel    *label;
  GtkLabel    *position;

  /* Owned references */
  HpTimelineView *view;
  HpTrace        *trace;
  HpLinkedEvents *linked; /* what the bar steps through */
};

G_DEFINE_FINAL_TYPE (HpTimelineLinkedBar, hp_timeline_linked_bar, GTK_TYPE_WIDGET)

/* Shows [start, end) with @pad of its length on either side */
static void
show_around (HpTimelineLinkedBar *self,
             gint64               start,
             gint64               end,
             double               pad)
{
  gint64 span = MAX (end - start, LINKED_MIN_SPAN);
  gint64 margin = (gint64)((double)span * pad);

  start = (start + end) / 2 - span / 2;
  hp_timeline_view_set_visible_range (self->view, start - margin, start + span + margin);
}

/* The highlight (time order) of @event, or -1 */
static int
match_of_event (HpTimelineLinkedBar *self,
                guint32              event)
{
  HpTimelineScene *scene = hp_timeline_view_get_scene (self->view);
  guint            n = hp_timeline_view_get_n_matches (self->view);
  const HpRank    *r = hp_trace_find_rank (self->trace, self->linked->rank);

  for (guint i = 0; i < n; i++)
    {
      guint   rank_pos;
      guint32 e;

      /* the linked rank's event: other ranks may be highlighted too */
      if (hp_timeline_scene_get_highlight (scene, i, &rank_pos, &e) && e == event &&
          hp_trace_get_rank (self->trace, rank_pos) == r)
        return (int)i;
    }
  return -1;
}

/* Selects the linked event at highlight @match; @zoom also moves the
 * window to it as its focus says */
static void
focus_linked (HpTimelineLinkedBar *self,
              guint                match,
              gboolean             zoom)
{
  HpTimelineScene *scene = hp_timeline_view_get_scene (self->view);
  const HpRank    *r;
  guint            rank_pos;
  guint32          event;
  gint64           start, end;

  if (!hp_timeline_scene_get_highlight (scene, match, &rank_pos, &event))
    return;
  /* the highlight's own rank: linked events may span several */
  r = hp_trace_get_rank (self->trace, rank_pos);

  if (self->linked->focus == HP_LINKED_FOCUS_GAP)
    {
      const HpLinkedGap *gap = NULL;

      for (guint i = 0; i < self->linked->events->len && gap == NULL; i++)
        if (g_array_index (self->linked->events, guint32, i) == event)
          gap = &g_array_index (self->linked->gaps, HpLinkedGap, i);
      if (gap == NULL)
        return;
      /* the range first: a new range drops the selected event */
      hp_timeline_view_set_selected_range (self->view, gap->start, gap->end);
      hp_timeline_view_select_match (self->view, match);
      /* the kernel before the gap, the gap and the kernel after it */
      show_around (self, MIN (gap->start, gap->end), MAX (gap->end, hp_rank_get_event_end (r, event)), LINKED_GAP_PAD);
    }
  else
    {
      hp_timeline_view_select_match (self->view, match);
      if (zoom && self->linked->focus == HP_LINKED_FOCUS_ALL)
        {
          hp_linked_events_get_span (self->linked, self->trace, &start, &end);
          show_around (self, start, end, LINKED_ALL_PAD);
        }
      else if (zoom)
        show_around (self, hp_rank_get_event_start (r, event), hp_rank_get_event_end (r, event), LINKED_ONE_PAD);
    }
  hp_timeline_linked_bar_update_position (self);
}

/* GObject */

static void
hp_timeline_linked_bar_dispose (GObject *object)
{
  HpTimelineLinkedBar *self = HP_TIMELINE_LINKED_BAR (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), HP_TYPE_TIMELINE_LINKED_BAR);
  g_clear_object (&self->view);
  g_clear_pointer (&self->trace, hp_trace_unref);
  g_clear_pointer (&self->linked, hp_linked_events_free);

  G_OBJECT_CLASS (hp_timeline_linked_bar_parent_class)->dispose (object);
}

static void
hp_timeline_linked_bar_class_init (HpTimelineLinkedBarClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hp_timeline_linked_bar_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-timeline-linked-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, HpTimelineLinkedBar, revealer);
  gtk_widget_class_bind_template_child (widget_class, HpTimelineLinkedBar, label);
  gtk_widget_class_bind_template_child (widget_class, HpTimelineLinkedBar, position);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hptimelinelinkedbar");
}

static void
hp_timeline_linked_bar_init (HpTimelineLinkedBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* Public API */

GtkWidget *
hp_timeline_linked_bar_new (void)
{
  return g_object_new (HP_TYPE_TIMELINE_LINKED_BAR, NULL);
}

/**
 * hp_timeline_linked_bar_set_view:
 * @view: (nullable): the timeline whose events the bar steps through
 * @trace: (nullable): the trace @view shows
 *
 * Closes the bar.
 */
void
hp_timeline_linked_bar_set_view (HpTimelineLinkedBar *self,
                                 HpTimelineView      *view,
                                 HpTrace             *trace)
{
  g_return_if_fail (HP_IS_TIMELINE_LINKED_BAR (self));
  g_return_if_fail (view == NULL || HP_IS_TIMELINE_VIEW (view));

  hp_timeline_linked_bar_hide (self);
  g_set_object (&self->view, view);
  if (self->trace != trace)
    {
      g_clear_pointer (&self->trace, hp_trace_unref);
      if (trace != NULL)
        self->trace = hp_trace_ref (trace);
    }
}

/**
 * hp_timeline_linked_bar_show:
 * @linked: what a row of an analysis table stands for, of a rank of the
 *   trace, with at least one event
 *
 * Highlights @linked's events on the timeline (and the same events on
 * other ranks), selects the one in focus and shows it as @linked's focus
 * says, and opens the bar.
 */
void
hp_timeline_linked_bar_show (HpTimelineLinkedBar  *self,
                             const HpLinkedEvents *linked)
{
  int match;

  g_return_if_fail (HP_IS_TIMELINE_LINKED_BAR (self));
  g_return_if_fail (linked != NULL && linked->events->len > 0);
  g_return_if_fail (self->view != NULL && self->trace != NULL);

  g_clear_pointer (&self->linked, hp_linked_events_free);
  self->linked = hp_linked_events_copy (linked);
  hp_timeline_view_show_events (self->view, linked->rank, linked->events);
  /* the same events on other ranks (one collective on every rank) */
  for (guint i = 0; linked->others != NULL && i < linked->others->len; i++)
    {
      const HpLinkedEvent *other = &g_array_index (linked->others, HpLinkedEvent, i);
      g_autoptr (GArray) one = g_array_new (FALSE, FALSE, sizeof (guint32));

      g_array_append_val (one, other->event);
      hp_timeline_view_add_highlights (self->view, other->rank, one);
    }
  match = match_of_event (self, g_array_index (linked->events, guint32, MIN (linked->focus_index, linked->events->len - 1)));
  focus_linked (self, match >= 0 ? (guint)match : 0, TRUE);

  gtk_label_set_text (self->label, linked->description != NULL ? linked->description : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->label), linked->description);
  gtk_revealer_set_reveal_child (self->revealer, TRUE);
  hp_timeline_linked_bar_update_position (self);
}

/**
 * hp_timeline_linked_bar_hide:
 *
 * Closes the bar and forgets the linked events; the highlights stay until
 * the timeline's next search.
 */
void
hp_timeline_linked_bar_hide (HpTimelineLinkedBar *self)
{
  g_return_if_fail (HP_IS_TIMELINE_LINKED_BAR (self));

  g_clear_pointer (&self->linked, hp_linked_events_free);
  gtk_revealer_set_reveal_child (self->revealer, FALSE);
}

/**
 * hp_timeline_linked_bar_step:
 * @direction: > 0 for the next highlighted event, < 0 for the previous
 *
 * Selects the next (or previous) linked event, wrapping around.
 */
void
hp_timeline_linked_bar_step (HpTimelineLinkedBar *self,
                             int                  direction)
{
  guint n;
  int   current;
  guint next;

  g_return_if_fail (HP_IS_TIMELINE_LINKED_BAR (self));

  if (self->linked == NULL || self->view == NULL)
    return;
  n = hp_timeline_view_get_n_matches (self->view);
  current = hp_timeline_view_get_current_match (self->view);
  if (n == 0)
    return;
  if (current < 0)
    next = direction > 0 ? 0 : n - 1;
  else
    next = ((guint)current + (direction > 0 ? 1 : n - 1)) % n;
  focus_linked (self, next, FALSE);
}

/**
 * hp_timeline_linked_bar_update_position:
 *
 * Says which of the highlighted events is selected ("3 of 12"), after the
 * selection changed.
 */
void
hp_timeline_linked_bar_update_position (HpTimelineLinkedBar *self)
{
  int              current;
  g_autofree char *text = NULL;

  g_return_if_fail (HP_IS_TIMELINE_LINKED_BAR (self));

  if (self->linked == NULL || self->view == NULL)
    return;
  current = hp_timeline_view_get_current_match (self->view);
  if (current >= 0)
    text = g_strdup_printf (_ ("%d of %u"), current + 1, hp_timeline_view_get_n_matches (self->view));
  gtk_label_set_text (self->position, text != NULL ? text : "");
}

/**
 * hp_timeline_linked_bar_get_text:
 *
 * Returns: (nullable): what the bar says the highlighted events are, or
 *   %NULL when it is closed
 */
const char *
hp_timeline_linked_bar_get_text (HpTimelineLinkedBar *self)
{
  g_return_val_if_fail (HP_IS_TIMELINE_LINKED_BAR (self), NULL);

  if (self->linked == NULL)
    return NULL;
  return gtk_label_get_text (self->label);
}
