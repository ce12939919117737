/* hp-compare-session.h — N runs compared over one results cache.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "hp-core.h"

G_BEGIN_DECLS

#define HP_TYPE_COMPARE_SESSION (hp_compare_session_get_type ())

G_DECLARE_FINAL_TYPE (HpCompareSession, hp_compare_session, HP, COMPARE_SESSION, GObject)

HpCompareSession       *hp_compare_session_new (guint                   n_runs,
                                                const HpAnalysisParams *params,
                                                HpResultCache          *cache);
guint                   hp_compare_session_get_n_runs (HpCompareSession *self);
void                    hp_compare_session_set_run (HpCompareSession *self,
                                                    guint             index,
                                                    HpRun            *run,
                                                    HpRun            *shown);
HpRun                  *hp_compare_session_get_run (HpCompareSession *self,
                                                    guint             index);
HpRun                  *hp_compare_session_get_shown_run (HpCompareSession *self,
                                                          guint             index);
const HpAnalysisParams *hp_compare_session_get_params (HpCompareSession *self);
HpResultCache          *hp_compare_session_get_cache (HpCompareSession *self);

void       hp_compare_session_compare_async (HpCompareSession   *self,
                                             GCancellable       *cancellable,
                                             GAsyncReadyCallback callback,
                                             gpointer            user_data);
GPtrArray *hp_compare_session_compare_finish (HpCompareSession *self,
                                              GAsyncResult     *result,
                                              GError          **error);
void       hp_compare_session_diff_async (HpCompareSession        *self,
                                          guint                    control,
                                          guint                    test,
                                          const HpTraceDiffParams *params,
                                          GCancellable            *cancellable,
                                          GAsyncReadyCallback      callback,
                                          gpointer                 user_data);
gboolean   hp_compare_session_diff_finish (HpCompareSession *self,
                                           GAsyncResult     *result,
                                           HpTable         **compare,
                                           HpTable         **tree,
                                           GError          **error);

G_END_DECLS
