/* hp-timeline-state.h — what the user arranged on a folder's timeline, kept across sessions: pins, hidden lanes, collapsed ranks, bookmarks, the gutter's width.
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

G_BEGIN_DECLS

typedef struct _HpTimelineState HpTimelineState;

char            *hp_timeline_state_path_for_run (const char        *state_dir,
                                                 const char *const *paths);
HpTimelineState *hp_timeline_state_new (void);
void             hp_timeline_state_free (HpTimelineState *self);
gboolean         hp_timeline_state_load (HpTimelineState *self,
                                         const char      *path,
                                         GError         **error);
gboolean         hp_timeline_state_save (HpTimelineState *self,
                                         const char      *path,
                                         GError         **error);
void             hp_timeline_state_capture (HpTimelineState     *self,
                                            HpTimelineLayout    *layout,
                                            HpTimelineBookmarks *bookmarks);
void             hp_timeline_state_apply (HpTimelineState     *self,
                                          HpTimelineLayout    *layout,
                                          HpTimelineBookmarks *bookmarks);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTimelineState, hp_timeline_state_free)

G_END_DECLS
