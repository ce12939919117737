/* hp-trace-loader.h — loads a trace folder off the main thread, with progress.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "hp-core.h"

G_BEGIN_DECLS

#define HP_TYPE_TRACE_LOADER (hp_trace_loader_get_type ())

G_DECLARE_FINAL_TYPE (HpTraceLoader, hp_trace_loader, HP, TRACE_LOADER, GObject)

HpTraceLoader     *hp_trace_loader_new (const char *const *paths,
                                        HpMode             mode,
                                        gboolean           include_last_step);
void               hp_trace_loader_set_job (HpTraceLoader *self,
                                            guint          job);
void               hp_trace_loader_set_comm_patterns (HpTraceLoader  *self,
                                                      HpCommPatterns *patterns);
const char *const *hp_trace_loader_get_paths (HpTraceLoader *self);
double             hp_trace_loader_get_fraction (HpTraceLoader *self);
const char        *hp_trace_loader_get_message (HpTraceLoader *self);
void               hp_trace_loader_load_async (HpTraceLoader      *self,
                                               GCancellable       *cancellable,
                                               GAsyncReadyCallback callback,
                                               gpointer            user_data);
HpTrace           *hp_trace_loader_load_finish (HpTraceLoader *self,
                                                GAsyncResult  *result,
                                                GError       **error);

G_END_DECLS
