/* hp-compare-timelines.h — a comparison's Timelines tab: the runs' timelines stacked, step-aligned.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "hp-core.h"
#include "hp-table-view.h"
#include "hp-timeline-view.h"

G_BEGIN_DECLS

#define HP_TYPE_COMPARE_TIMELINES (hp_compare_timelines_get_type ())

G_DECLARE_FINAL_TYPE (HpCompareTimelines, hp_compare_timelines, HP, COMPARE_TIMELINES, GtkBox)

GtkWidget   *hp_compare_timelines_new (void);
void         hp_compare_timelines_set_runs (HpCompareTimelines *self,
                                            HpRun *const       *shown,
                                            HpRun *const       *keys,
                                            guint               n_runs);
GtkWidget   *hp_compare_timelines_get_timeline (HpCompareTimelines *self,
                                                guint               run);
HpTableView *hp_compare_timelines_get_area_table (HpCompareTimelines *self);
const char  *hp_compare_timelines_get_note (HpCompareTimelines *self);
void         hp_compare_timelines_align_step (HpCompareTimelines *self,
                                              guint               step);

G_END_DECLS
