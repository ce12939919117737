/* hp-timeline-state.h — a timeline's arrangement as bytes and back: pins, hidden lanes, collapsed ranks, bookmarks, the gutter's width.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include <glib.h>

#include "hp-timeline-bookmarks.h"
#include "hp-timeline-layout.h"
#include "hp-timeline-scene.h"

G_BEGIN_DECLS

/* saved state larger than this is not read: what it keeps for a folder
 * (a thousand bookmarks, pins and hidden lanes) takes far less */
#define HP_TIMELINE_STATE_MAX_SIZE (16 * 1024 * 1024)

typedef struct _HpTimelineState HpTimelineState;

HpTimelineState *hp_timeline_state_new (void);
HpTimelineState *hp_timeline_state_new_from_bytes (GBytes  *bytes,
                                                   GError **error);
void             hp_timeline_state_free (HpTimelineState *self);
GBytes          *hp_timeline_state_to_bytes (HpTimelineState *self);
void             hp_timeline_state_capture (HpTimelineState *self,
                                            HpTimelineScene *scene);
void             hp_timeline_state_apply (HpTimelineState *self,
                                          HpTimelineScene *scene);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTimelineState, hp_timeline_state_free)

G_END_DECLS
