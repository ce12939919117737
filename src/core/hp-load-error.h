/* hp-load-error.h — the error domain of trace loading.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

#define HP_LOAD_ERROR (hp_load_error_quark ())

/**
 * HpLoadError:
 * @HP_LOAD_ERROR_NOT_FOUND: the path does not exist
 * @HP_LOAD_ERROR_NOT_A_TRACE: valid JSON, but not a Kineto/Chrome trace
 * @HP_LOAD_ERROR_NOT_JSON: the text is not JSON (the message has the byte offset)
 * @HP_LOAD_ERROR_TRUNCATED: the file (or its gzip stream) ends early
 * @HP_LOAD_ERROR_EMPTY: the file is empty, or a folder holds no trace files,
 *   or a trace holds no analysable event
 * @HP_LOAD_ERROR_DUPLICATE_RANK: two files claim the same rank
 * @HP_LOAD_ERROR_UNREADABLE: the file cannot be opened or read
 * @HP_LOAD_ERROR_MIXED_JOBS: the files come from different jobs: the load
 *   fails and names each job's files unless #HpLoadOptions.job picks one
 * @HP_LOAD_ERROR_TOO_LARGE: loading the job would take more memory than
 *   #HpLoadLimits.max_memory_bytes; nothing is loaded
 *
 * Errors of hp_load_paths() and the per-file #HpLoadIssue codes.
 */
typedef enum
{
  HP_LOAD_ERROR_NOT_FOUND,
  HP_LOAD_ERROR_NOT_A_TRACE,
  HP_LOAD_ERROR_NOT_JSON,
  HP_LOAD_ERROR_TRUNCATED,
  HP_LOAD_ERROR_EMPTY,
  HP_LOAD_ERROR_DUPLICATE_RANK,
  HP_LOAD_ERROR_UNREADABLE,
  HP_LOAD_ERROR_MIXED_JOBS,
  HP_LOAD_ERROR_TOO_LARGE,
} HpLoadError;

GQuark hp_load_error_quark (void);

G_END_DECLS
