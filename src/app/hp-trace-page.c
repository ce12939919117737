/* hp-trace-page.c — one opened trace: its load problems above the analysis tabs.
 *
 * The page owns the session of its trace and hands it to every panel of
 * the notebook. Files that failed to load, or loaded with warnings, are
 * listed in a banner above the tabs; the rest of the folder stays usable.
 *
 * Linked views: a panel's "show-on-timeline" switches to the Timeline tab
 * and shows the row's events there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "hp-aten-delays-panel.h"
#include "hp-core.h"
#include "hp-counters-panel.h"
#include "hp-patterns-panel.h"
#include "hp-idle-time-panel.h"
#include "hp-kernels-panel.h"
#include "hp-launches-panel.h"
#include "hp-cupti-panel.h"
#include "hp-memory-panel.h"
#include "hp-overlap-panel.h"
#include "hp-communication-panel.h"
#include "hp-critical-path-panel.h"
#include "hp-stragglers-panel.h"
#include "hp-overview-panel.h"
#include "hp-scope-bar.h"
#include "hp-timeline-panel.h"
#include "hp-health-view.h"
#include "hp-trace-page.h"
#include "hp-user-annotations-panel.h"

struct _HpTracePage
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkRevealer *issues_revealer;
  GtkLabel    *issues_title;
  GtkLabel    *issues_label;
  GtkNotebook *notebook;
  HpScopeBar  *scope_bar;

  /* Owned references */
  HpSession *session;
};

enum
{
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (HpTracePage, hp_trace_page, GTK_TYPE_WIDGET)

static GParamSpec *properties[N_PROPS];

static void
show_issues (HpTracePage *self)
{
  GListModel *issues = hp_trace_get_issues (hp_session_get_trace (self->session));
  g_autoptr (GString) text = g_string_new (NULL);
  guint n_errors = 0, n_warnings = 0;

  for (guint i = 0; issues != NULL && i < g_list_model_get_n_items (issues); i++)
    {
      g_autoptr (HpLoadIssue) issue = g_list_model_get_item (issues, i);
      HpLoadIssueSeverity severity = hp_load_issue_get_severity (issue);
      const char         *file = hp_load_issue_get_file (issue);
      const char         *message = hp_load_issue_get_message (issue);
      g_autofree char    *escaped = NULL;

      if (severity == HP_LOAD_ISSUE_ERROR)
        n_errors++;
      else if (severity == HP_LOAD_ISSUE_WARNING)
        n_warnings++;
      else
        continue;

      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* messages usually start with the file name already */
      if (file != NULL && !g_str_has_prefix (message, file))
        {
          g_autofree char *escaped_file = g_markup_escape_text (file, -1);

          g_string_append_printf (text, "<b>%s</b>: ", escaped_file);
        }
      escaped = g_markup_escape_text (message, -1);
      g_string_append (text, escaped);
    }

  if (n_errors > 0)
    gtk_label_set_text (self->issues_title,
                        ngettext ("One file could not be loaded; the other files are shown",
                                  "Some files could not be loaded; the other files are shown", n_errors));
  else
    gtk_label_set_text (self->issues_title,
                        ngettext ("One file loaded with a warning", "Files loaded with warnings", n_warnings));
  gtk_label_set_markup (self->issues_label, text->str);
  gtk_revealer_set_reveal_child (self->issues_revealer, n_errors + n_warnings > 0);
}

/* a panel's row: the session highlights its events */
static void
show_on_timeline_cb (HpTracePage          *self,
                     const HpLinkedEvents *linked)
{
  hp_session_set_highlights (self->session, linked);
}

/* the session's highlights: the timeline shows them */
static void
highlights_changed_cb (HpTracePage *self)
{
  HpTimelinePanel      *timeline = hp_trace_page_get_timeline_panel (self);
  const HpLinkedEvents *linked = hp_session_get_highlights (self->session);

  if (timeline == NULL || linked == NULL)
    return;
  gtk_notebook_set_current_page (self->notebook, gtk_notebook_page_num (self->notebook, GTK_WIDGET (timeline)));
  hp_timeline_panel_show_linked (timeline, linked);
}

/* The timeline's state is the session's: what the user does on the
 * timeline goes to the session, and the timeline follows the session. */
static void
timeline_window_cb (HpTracePage    *self,
                    GParamSpec     *pspec,
                    HpTimelineView *view)
{
  gint64 start, end;

  hp_timeline_view_get_visible_range (view, &start, &end);
  hp_session_set_visible_window (self->session, hp_time_span_make (start, end));
}

static void
timeline_selection_changed_cb (HpTracePage    *self,
                               HpTimelineView *view)
{
  int    rank = -1;
  gint64 event = -1;

  if (!hp_timeline_view_get_selection (view, &rank, &event))
    rank = -1, event = -1;
  hp_session_set_selected_event (self->session, rank, event);
}

static HpTimelineView *
timeline_view (HpTracePage *self)
{
  HpTimelinePanel *timeline = hp_trace_page_get_timeline_panel (self);

  return timeline != NULL ? hp_timeline_panel_get_view (timeline) : NULL;
}

static void
session_window_cb (HpTracePage *self)
{
  HpTimelineView *view = timeline_view (self);
  HpTimeSpan      want = hp_session_get_visible_window (self->session);
  gint64          start, end;

  if (view == NULL || hp_time_span_is_empty (want))
    return;
  hp_timeline_view_get_visible_range (view, &start, &end);
  if (start != want.start || end != want.end)
    hp_timeline_view_set_visible_range (view, want.start, want.end);
}

static void
session_selected_event_cb (HpTracePage *self)
{
  HpTimelineView *view = timeline_view (self);
  int             rank = -1, shown_rank = -1;
  gint64          event = -1, shown_event = -1;

  if (view == NULL)
    return;
  hp_session_get_selected_event (self->session, &rank, &event);
  if (!hp_timeline_view_get_selection (view, &shown_rank, &shown_event))
    shown_rank = -1, shown_event = -1;
  if (rank != shown_rank || event != shown_event)
    hp_timeline_view_select_event (view, rank, event);
}

static void
session_range_cb (HpTracePage *self)
{
  HpTimelineView  *view = timeline_view (self);
  HpTimeSpan       want = hp_session_get_selected_range (self->session);
  gint64           start = 0, end = 0;
  guint            n_want, n_shown;
  const HpLaneRef *want_lanes = hp_session_get_selected_lanes (self->session, &n_want);
  const HpLaneRef *shown_lanes;

  if (view == NULL)
    return;
  if (!hp_timeline_view_get_selected_range (view, &start, &end))
    start = end = 0;
  shown_lanes = hp_timeline_view_get_selected_lanes (view, &n_shown);
  if ((!hp_time_span_equal (want, hp_time_span_make (start, end)) &&
       !(hp_time_span_is_empty (want) && end <= start)) ||
      n_want != n_shown || (n_want > 0 && memcmp (want_lanes, shown_lanes, n_want * sizeof (HpLaneRef)) != 0))
    hp_timeline_view_set_selected_area (view, want.start, want.end, want_lanes, n_want);
}

/* the range or area selected on the timeline is the session's, for the
 * scope bar */
static void
timeline_selection_cb (HpTracePage    *self,
                       HpTimelineView *view)
{
  gint64           start = 0, end = 0;
  guint            n_lanes;
  const HpLaneRef *lanes = hp_timeline_view_get_selected_lanes (view, &n_lanes);

  if (!hp_timeline_view_get_selected_range (view, &start, &end))
    start = end = 0;
  hp_session_set_selected_area (self->session, hp_time_span_make (start, end), lanes, n_lanes);
}

/**
 * hp_trace_page_get_scope_bar:
 *
 * Returns: (transfer none): the bar that shows and sets the scope
 */
HpScopeBar *
hp_trace_page_get_scope_bar (HpTracePage *self)
{
  g_return_val_if_fail (HP_IS_TRACE_PAGE (self), NULL);
  return self->scope_bar;
}

static void
close_issues_cb (HpTracePage *self)
{
  gtk_revealer_set_reveal_child (self->issues_revealer, FALSE);
}

static void
hp_trace_page_unroot (GtkWidget *widget)
{
  GtkRoot   *root = gtk_widget_get_root (widget);
  GtkWidget *focus = GTK_IS_WINDOW (root) ? gtk_window_get_focus (GTK_WINDOW (root)) : NULL;

  /* HACK: GTK 4.8's notebook asks the window for its focus while its pages
   * are torn down, when they have no window any more, and fails a critical
   * if the focus was in a page (a spin button, a chart's menu): drop that
   * focus while the page still has its window */
  if (focus != NULL && gtk_widget_is_ancestor (focus, widget))
    gtk_window_set_focus (GTK_WINDOW (root), NULL);

  GTK_WIDGET_CLASS (hp_trace_page_parent_class)->unroot (widget);
}

static void
hp_trace_page_dispose (GObject *object)
{
  HpTracePage *self = HP_TRACE_PAGE (object);
  GtkWidget   *child;

  if (self->session != NULL)
    hp_session_cancel (self->session);
  /* dispose may run twice; GTK 4.8 asserts on a second template teardown */
  if (self->notebook != NULL)
    gtk_widget_dispose_template (GTK_WIDGET (self), HP_TYPE_TRACE_PAGE);
  /* the template's unnamed root child */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_object (&self->session);

  G_OBJECT_CLASS (hp_trace_page_parent_class)->dispose (object);
}

static void
hp_trace_page_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  HpTracePage *self = HP_TRACE_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_trace_page_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  HpTracePage *self = HP_TRACE_PAGE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hp_trace_page_constructed (GObject *object)
{
  HpTracePage *self = HP_TRACE_PAGE (object);

  G_OBJECT_CLASS (hp_trace_page_parent_class)->constructed (object);

  g_assert (self->session != NULL);
  for (int i = 0; i < gtk_notebook_get_n_pages (self->notebook); i++)
    {
      GtkWidget *child = gtk_notebook_get_nth_page (self->notebook, i);

      if (HP_IS_ANALYSIS_PANEL (child))
        {
          hp_analysis_panel_set_session (HP_ANALYSIS_PANEL (child), self->session);
          g_signal_connect_object (child, "show-on-timeline", G_CALLBACK (show_on_timeline_cb), self, G_CONNECT_SWAPPED);
        }
      else if (HP_IS_TIMELINE_PANEL (child))
        {
          hp_timeline_panel_set_session (HP_TIMELINE_PANEL (child), self->session);
          HpTimelineView *view = hp_timeline_panel_get_view (HP_TIMELINE_PANEL (child));

          g_signal_connect_object (view, "range-changed", G_CALLBACK (timeline_selection_cb), self, G_CONNECT_SWAPPED);
          g_signal_connect_object (view, "selection-changed", G_CALLBACK (timeline_selection_changed_cb), self,
                                   G_CONNECT_SWAPPED);
          g_signal_connect_object (view, "notify::start", G_CALLBACK (timeline_window_cb), self, G_CONNECT_SWAPPED);
          g_signal_connect_object (view, "notify::end", G_CALLBACK (timeline_window_cb), self, G_CONNECT_SWAPPED);
        }
    }
  g_signal_connect_object (self->session, "notify::highlights", G_CALLBACK (highlights_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::visible-window", G_CALLBACK (session_window_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "selected-event-changed", G_CALLBACK (session_selected_event_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::selected-range", G_CALLBACK (session_range_cb), self,
                           G_CONNECT_SWAPPED);
  hp_scope_bar_set_session (self->scope_bar, self->session);
  show_issues (self);
  {
    g_autoptr (HpHealthReport) health = hp_health_check (hp_session_get_trace (self->session), NULL);

    hp_health_view_mark_tabs (self->notebook, health);
  }
}

static void
hp_trace_page_class_init (HpTracePageClass *klass)
{
  GObjectClass   *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = hp_trace_page_constructed;
  object_class->dispose = hp_trace_page_dispose;
  object_class->get_property = hp_trace_page_get_property;
  object_class->set_property = hp_trace_page_set_property;

  widget_class->unroot = hp_trace_page_unroot;

  properties[PROP_SESSION] =
      g_param_spec_object ("session", NULL, NULL, HP_TYPE_SESSION,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/hotpath/Hotpath/ui/hp-trace-page.ui");
  gtk_widget_class_bind_template_child (widget_class, HpTracePage, issues_revealer);
  gtk_widget_class_bind_template_child (widget_class, HpTracePage, issues_title);
  gtk_widget_class_bind_template_child (widget_class, HpTracePage, issues_label);
  gtk_widget_class_bind_template_child (widget_class, HpTracePage, notebook);
  gtk_widget_class_bind_template_child (widget_class, HpTracePage, scope_bar);
  gtk_widget_class_bind_template_callback (widget_class, close_issues_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hptracepage");

  g_type_ensure (HP_TYPE_SCOPE_BAR);
  g_type_ensure (HP_TYPE_OVERVIEW_PANEL);
  g_type_ensure (HP_TYPE_TIMELINE_PANEL);
  g_type_ensure (HP_TYPE_KERNELS_PANEL);
  g_type_ensure (HP_TYPE_PATTERNS_PANEL);
  g_type_ensure (HP_TYPE_IDLE_TIME_PANEL);
  g_type_ensure (HP_TYPE_OVERLAP_PANEL);
  g_type_ensure (HP_TYPE_COMMUNICATION_PANEL);
  g_type_ensure (HP_TYPE_LAUNCHES_PANEL);
  g_type_ensure (HP_TYPE_COUNTERS_PANEL);
  g_type_ensure (HP_TYPE_ATEN_DELAYS_PANEL);
  g_type_ensure (HP_TYPE_USER_ANNOTATIONS_PANEL);
  g_type_ensure (HP_TYPE_CRITICAL_PATH_PANEL);
  g_type_ensure (HP_TYPE_MEMORY_PANEL);
  g_type_ensure (HP_TYPE_CUPTI_PANEL);
  g_type_ensure (HP_TYPE_STRAGGLERS_PANEL);
}

static void
hp_trace_page_init (HpTracePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/**
 * hp_trace_page_new:
 * @session: the session of the trace to show
 *
 * Returns: (transfer floating): a new page
 */
GtkWidget *
hp_trace_page_new (HpSession *session)
{
  g_return_val_if_fail (HP_IS_SESSION (session), NULL);

  return g_object_new (HP_TYPE_TRACE_PAGE, "session", session, NULL);
}

HpSession *
hp_trace_page_get_session (HpTracePage *self)
{
  g_return_val_if_fail (HP_IS_TRACE_PAGE (self), NULL);
  return self->session;
}

/**
 * hp_trace_page_get_notebook:
 *
 * Returns: (transfer none): the notebook of analysis panels
 */
GtkNotebook *
hp_trace_page_get_notebook (HpTracePage *self)
{
  g_return_val_if_fail (HP_IS_TRACE_PAGE (self), NULL);
  return self->notebook;
}

/**
 * hp_trace_page_get_current_panel:
 *
 * Returns: (transfer none) (nullable): the panel of the visible tab
 */
HpAnalysisPanel *
hp_trace_page_get_current_panel (HpTracePage *self)
{
  GtkWidget *child;
  int        page;

  g_return_val_if_fail (HP_IS_TRACE_PAGE (self), NULL);

  page = gtk_notebook_get_current_page (self->notebook);
  if (page < 0)
    return NULL;
  child = gtk_notebook_get_nth_page (self->notebook, page);
  return HP_IS_ANALYSIS_PANEL (child) ? HP_ANALYSIS_PANEL (child) : NULL;
}

/**
 * hp_trace_page_get_timeline_panel:
 *
 * Returns: (transfer none) (nullable): the Timeline tab
 */
HpTimelinePanel *
hp_trace_page_get_timeline_panel (HpTracePage *self)
{
  g_return_val_if_fail (HP_IS_TRACE_PAGE (self), NULL);

  for (int i = 0; self->notebook != NULL && i < gtk_notebook_get_n_pages (self->notebook); i++)
    {
      GtkWidget *child = gtk_notebook_get_nth_page (self->notebook, i);

      if (HP_IS_TIMELINE_PANEL (child))
        return HP_TIMELINE_PANEL (child);
    }
  return NULL;
}

/**
 * hp_trace_page_get_issues_shown:
 *
 * Returns: whether the banner of load problems is shown
 */
gboolean
hp_trace_page_get_issues_shown (HpTracePage *self)
{
  g_return_val_if_fail (HP_IS_TRACE_PAGE (self), FALSE);
  return gtk_revealer_get_reveal_child (self->issues_revealer);
}

/**
 * hp_trace_page_get_issues_text:
 *
 * Returns: (transfer none): the load problems, one per line, as shown
 */
const char *
hp_trace_page_get_issues_text (HpTracePage *self)
{
  g_return_val_if_fail (HP_IS_TRACE_PAGE (self), NULL);
  return gtk_label_get_text (self->issues_label);
}
