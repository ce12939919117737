/* hp-timeline-state-file.h — where a folder's timeline arrangement is kept between sessions: one file per folder under the user's state directory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-charts.h"

G_BEGIN_DECLS

char            *hp_timeline_state_path_for_run (const char        *state_dir,
                                                 const char *const *paths);
HpTimelineState *hp_timeline_state_file_load (const char *path,
                                              GError    **error);
gboolean         hp_timeline_state_file_save (HpTimelineState *state,
                                              const char      *path,
                                              GError         **error);

G_END_DECLS
