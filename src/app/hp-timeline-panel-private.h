/* hp-timeline-panel-private.h — what the files of HpTimelinePanel share.
 *
 * hp-timeline-panel.c is the panel: its template, the view's selection in
 * the details pane and the area's table, search, linked views, export;
 * hp-timeline-panel-path.c is the critical-path overlay it draws on the
 * timeline.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-timeline-area-table.h"
#include "hp-timeline-details.h"
#include "hp-timeline-linked-bar.h"
#include "hp-timeline-panel.h"
#include "hp-timeline-search-bar.h"

G_BEGIN_DECLS

struct _HpTimelinePanel
{
  GtkWidget parent_instance;

  /* Template widgets */
  HpTimelineView      *view;
  GtkScrollbar        *vscrollbar;
  GtkScrollbar        *hscrollbar;
  GtkToggleButton     *search_button;
  HpTimelineSearchBar *search_bar;
  GtkLabel            *range_label;
  HpTimelineDetails   *details;
  HpTimelineLinkedBar *linked_bar;
  GtkPaned            *area_paned;
  HpTimelineAreaTable *area_table;
  GtkWidget           *summary_note;
  GtkLabel            *summary_note_label;

  /* Owned references */
  HpSession    *session;
  HpTrace      *trace;
  gboolean      want_path;        /* the critical-path overlay is asked for */
  GCancellable *path_cancellable; /* its request to the runner, while it runs */
  HpJobResult  *path_result;      /* its data, while shown */
  guint         critical_path;    /* the overlay on the painter, or 0 */
  GPtrArray    *paths;            /* its paths, owned by path_result */
};

/* hp-timeline-panel.c */
void hp_timeline_panel_update_details (HpTimelinePanel *self);

/* hp-timeline-panel-path.c */
gboolean hp_timeline_panel_show_critical_path (HpTimelinePanel *self,
                                               gboolean         show);
void     hp_timeline_panel_refresh_critical_path (HpTimelinePanel *self);
void     hp_timeline_panel_critical_path_step_action (GtkWidget  *widget,
                                                      const char *action_name,
                                                      GVariant   *parameter);

G_END_DECLS
