/* hp-result-cache.h — the one runner: results computed off the main thread, kept per key.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-trace.h"

G_BEGIN_DECLS

typedef struct _HpJobContext HpJobContext;

/**
 * HpResultJobFunc:
 * @trace: (nullable): what to compute on (the scoped trace of a run), or
 *   %NULL for a job that reads its input only
 * @input: the job's own input (a range, a set of files, …)
 * @context: where to report progress
 * @cancellable: cancelled once nobody waits for the result any more
 * @error: where a failure goes
 *
 * Runs in a worker thread: reads only what it is given.
 *
 * Returns: (transfer full) (nullable): the payload, or %NULL with @error set
 */
typedef gpointer (*HpResultJobFunc) (HpTrace      *trace,
                                     gconstpointer input,
                                     HpJobContext *context,
                                     GCancellable *cancellable,
                                     GError      **error);

/**
 * HpResultJob:
 * @name: what the job computes, for the key and for messages
 * @compute: computes the payload
 * @payload_free: frees a payload
 * @transient: the payload is handed over to the one request that asked
 *   (hp_job_result_steal_payload()): each request gets its own worker and
 *   nothing is kept
 *
 * One kind of result a view shows. Static: the cache keeps pointers to it.
 */
typedef struct
{
  const char     *name;
  HpResultJobFunc compute;
  GDestroyNotify  payload_free;
  gboolean        transient;
} HpResultJob;

/**
 * HpResultProgressFunc:
 * @fraction: how much is done, 0 to 1
 *
 * Called on the thread that asked for the result.
 */
typedef void (*HpResultProgressFunc) (double   fraction,
                                      gpointer user_data);

typedef struct _HpJobResult HpJobResult;

#define HP_TYPE_JOB_RESULT (hp_job_result_get_type ())

GType              hp_job_result_get_type (void) G_GNUC_CONST;
HpJobResult       *hp_job_result_ref (HpJobResult *self);
void               hp_job_result_unref (HpJobResult *self);
gpointer           hp_job_result_get_payload (HpJobResult *self);
gpointer           hp_job_result_steal_payload (HpJobResult *self);
const HpResultJob *hp_job_result_get_job (HpJobResult *self);
double             hp_job_result_get_seconds (HpJobResult *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpJobResult, hp_job_result_unref)

void hp_job_context_set_progress (HpJobContext *context,
                                  double        fraction);

#define HP_TYPE_RESULT_CACHE (hp_result_cache_get_type ())

G_DECLARE_FINAL_TYPE (HpResultCache, hp_result_cache, HP, RESULT_CACHE, GObject)

HpResultCache *hp_result_cache_new (guint max_results);
HpResultCache *hp_result_cache_get_default (void);
void           hp_result_cache_compute_async (HpResultCache       *self,
                                              const HpResultJob   *job,
                                              GObject             *owner,
                                              const char          *key,
                                              HpTrace             *trace,
                                              gpointer             input,
                                              GDestroyNotify       input_free,
                                              GCancellable        *cancellable,
                                              HpResultProgressFunc progress,
                                              gpointer             progress_data,
                                              GAsyncReadyCallback  callback,
                                              gpointer             user_data);
HpJobResult   *hp_result_cache_compute_finish (HpResultCache *self,
                                               GAsyncResult  *result,
                                               GError       **error);
HpJobResult   *hp_result_cache_lookup (HpResultCache     *self,
                                       const HpResultJob *job,
                                       GObject           *owner,
                                       const char        *key);
void           hp_result_cache_insert (HpResultCache     *self,
                                       const HpResultJob *job,
                                       GObject           *owner,
                                       const char        *key,
                                       gpointer           payload);
guint          hp_result_cache_get_n_computed (HpResultCache *self);
guint          hp_result_cache_get_n_running (HpResultCache *self);

G_END_DECLS
