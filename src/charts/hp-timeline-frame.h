/* hp-timeline-frame.h — one picture of a timeline: the marks to paint, the ruler, the rows in view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include "hp-timeline-layout.h"
#include "hp-timeline-scene.h"

G_BEGIN_DECLS

typedef struct _HpTimelineFrame HpTimelineFrame;

HpTimelineFrame       *hp_timeline_frame_new (void);
void                   hp_timeline_frame_free (HpTimelineFrame *self);
void                   hp_timeline_frame_update (HpTimelineFrame          *self,
                                                 const HpTimelineScene    *scene,
                                                 const HpTimelineViewport *viewport);
const HpTimelineMark  *hp_timeline_frame_get_marks (const HpTimelineFrame *self,
                                                    guint                 *n_marks);
const guint32         *hp_timeline_frame_get_marks_by_color (const HpTimelineFrame *self,
                                                             guint                 *color_start);
const HpTimelineRuler *hp_timeline_frame_get_ruler (const HpTimelineFrame *self);
void                   hp_timeline_frame_get_visible_rows (const HpTimelineFrame *self,
                                                           guint                 *first,
                                                           guint                 *end);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTimelineFrame, hp_timeline_frame_free)

G_END_DECLS
