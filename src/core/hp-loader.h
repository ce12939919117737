/* hp-loader.h — loads a folder (or files) of Kineto traces into an HpTrace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-load-error.h"
#include "hp-trace.h"

G_BEGIN_DECLS

/**
 * HpLoadProgressFunc:
 *
 * Called from any loader thread (never concurrently) as bytes are read.
 * @bytes_done and @bytes_total count bytes on disk (compressed).
 */
typedef void (*HpLoadProgressFunc) (guint64  bytes_done,
                                    guint64  bytes_total,
                                    guint    files_done,
                                    guint    n_files,
                                    gpointer user_data);

typedef struct
{
  HpMode             mode;
  gboolean           include_last_step; /* include_last_profiler_step */
  guint              n_threads;         /* 0: one per core */
  HpLoadProgressFunc progress;
  gpointer           progress_data;
} HpLoadOptions;

typedef struct
{
  double  parse_seconds;  /* read + decompress + parse, wall */
  double  derive_seconds; /* links, iterations, alignment, lanes, filter */
  guint64 file_bytes;
  guint64 json_bytes;
} HpLoadStats;

HpTrace *hp_load_paths (const char *const   *paths,
                        const HpLoadOptions *options,
                        GCancellable        *cancellable,
                        HpLoadStats         *stats,
                        GError             **error);
HpTrace *hp_load_path (const char          *path,
                       const HpLoadOptions *options,
                       GCancellable        *cancellable,
                       GError             **error);

void     hp_load_paths_async (const char *const   *paths,
                              const HpLoadOptions *options,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data);
HpTrace *hp_load_paths_finish (GAsyncResult *result,
                               GError      **error);

/* exposed for tests */
int hp_rank_from_file_name (const char *basename);

G_END_DECLS
