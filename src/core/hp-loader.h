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

/* HpLoadOptions.job: every file, as one job, whatever their times */
#define HP_LOAD_JOB_ALL G_MAXUINT

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

/* The deepest JSON nesting any file may have (the parser's stack size). */
#define HP_MAX_NESTING 512
/* Defaults of #HpLoadLimits. */
#define HP_DEFAULT_MAX_STRING_BYTES ((gsize)16 * 1024 * 1024)
#define HP_DEFAULT_MAX_TOKEN_BYTES ((gsize)256 * 1024 * 1024)
#define HP_DEFAULT_MAX_EVENTS ((guint64)G_MAXINT32)
#define HP_DEFAULT_MAX_ARGS 65536u
#define HP_DEFAULT_MAX_METADATA_BYTES ((gsize)1024 * 1024)
/* What the model and every analysis of it take per event, at most, in
 * measurements (bytes): a job is estimated at this per event plus its args */
#define HP_MEMORY_PER_EVENT 200u
/* HpLoadLimits.max_memory_bytes: no limit */
#define HP_NO_MEMORY_LIMIT G_MAXUINT64

/* The window of times an event may have, in ns since the Unix epoch (or
 * since the trace's own base time): from 1970-01-01 to 2200-01-01. Every
 * difference of two such times fits an int64. */
#define HP_TIME_MIN_NS G_GINT64_CONSTANT (0)
#define HP_TIME_MAX_NS G_GINT64_CONSTANT (7258118400000000000)
/* The shortest duration an event may have; longer negative ones are rejected */
#define HP_DUR_MIN_NS (-G_GINT64_CONSTANT (604800000000000))

/**
 * HpLoadLimits:
 * @max_nesting: the deepest JSON nesting, at most %HP_MAX_NESTING; deeper
 *   fails the file
 * @max_string_bytes: longer strings keep their first bytes (cut on a UTF-8
 *   character) and are counted in #HpRank.n_long_strings
 * @max_token_bytes: one JSON token (a string, a number, or whitespace)
 *   longer than this fails the file; it bounds what the JSON lexer buffers
 * @max_events: elements of traceEvents; more fails the file
 * @max_args: args of one event; more fails the file
 * @max_metadata_bytes: of the top-level members the loader reads
 *   (distributedInfo, baseTimeNanoseconds, schemaVersion, displayTimeUnit,
 *   and the profiler's ERROR and WARNING lines), about this many bytes are kept; the values past it are
 *   counted in #HpRank.n_metadata_dropped. Other top-level members are
 *   never kept, whatever their size.
 * @max_memory_bytes: the memory the whole job may take, estimated while the
 *   files load (%HP_MEMORY_PER_EVENT bytes per event plus the args):
 *   past it the load stops and fails with %HP_LOAD_ERROR_TOO_LARGE, before
 *   the machine runs out of memory. The default (0) is three quarters of
 *   the physical memory; %HP_NO_MEMORY_LIMIT is none.
 *
 * What one file may hold before it is refused like any other bad file (the
 * rest of the folder loads). A zero field takes its default.
 */
typedef struct
{
  guint   max_nesting;
  gsize   max_string_bytes;
  gsize   max_token_bytes;
  guint64 max_events;
  guint   max_args;
  gsize   max_metadata_bytes;
  guint64 max_memory_bytes;
} HpLoadLimits;

guint64 hp_load_default_max_memory (void);

typedef struct
{
  HpMode              mode;
  gboolean            include_last_step; /* include_last_profiler_step */
  guint               n_threads;         /* 0: one per core */
  HpLoadProgressFunc  progress;
  gpointer            progress_data;
  const HpLoadLimits *limits; /* NULL: the defaults */
  /* the user's communication patterns (default mode), or NULL; the trace
   * keeps a reference */
  struct _HpCommPatterns *comm_patterns;
  /* files of several jobs (apart in time, or of different world sizes):
   * 0 fails the load with %HP_LOAD_ERROR_MIXED_JOBS naming each job's
   * files; N loads only the Nth job, counted by start time from 1;
   * %HP_LOAD_JOB_ALL loads every file as one job (benchmarks) */
  guint job;
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
guint    hp_load_error_get_n_jobs (const GError *error);
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
