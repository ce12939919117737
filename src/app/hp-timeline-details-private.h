/* hp-timeline-details-private.h — what the files of the details pane share.
 *
 * hp-timeline-details.c is the widget, its building blocks (labels, grids
 * of rows, links) and the range and area details;
 * hp-timeline-details-event.c fills the pane for one event.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-timeline-details.h"

G_BEGIN_DECLS

/* the most links a list of related events shows */
#define MAX_LINKS 24

struct _HpTimelineDetails
{
  GtkWidget parent_instance;

  /* Template widgets */
  GtkBox *box;

  /* Owned references */
  HpTrace        *trace;
  HpTimelineView *view;
  GtkLabel       *title;             /* in box */
  GCancellable   *range_cancellable; /* the range statistics being computed */
};

enum
{
  SHOW_LINKED,
  N_SIGNALS
};

extern guint hp_timeline_details_signals[N_SIGNALS];

/* hp-timeline-details.c: building blocks */
void        hp_timeline_details_clear_pane (HpTimelineDetails *self);
GtkLabel   *hp_timeline_details_add_label (GtkBox     *box,
                                           const char *text,
                                           const char *css_class);
void        hp_timeline_details_add_heading (HpTimelineDetails *self,
                                             const char        *text);
GtkGrid    *hp_timeline_details_add_grid (HpTimelineDetails *self);
GtkLabel   *hp_timeline_details_grid_row (GtkGrid    *grid,
                                          const char *key,
                                          const char *value,
                                          const char *value2,
                                          gboolean    markup);
char       *hp_timeline_details_lane_title (HpTimelineDetails *self,
                                            const HpRank      *r,
                                            guint              lane);
const char *hp_timeline_details_short_name (HpTimelineDetails *self,
                                            guint32            name);
gboolean    hp_timeline_details_link_cb (HpTimelineDetails *self,
                                         const char        *uri,
                                         GtkLabel          *label);
void        hp_timeline_details_add_link_row (HpTimelineDetails *self,
                                              GtkGrid           *grid,
                                              const char        *key,
                                              const HpRank      *r,
                                              guint32            event);

/* hp-timeline-details-event.c */
void hp_timeline_details_fill_event (HpTimelineDetails *self,
                                     int                rank,
                                     gint64             event,
                                     GPtrArray         *paths);

G_END_DECLS
