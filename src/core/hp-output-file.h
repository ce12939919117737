/* hp-output-file.h — the one way files are written: a temporary file next
 * to the target, renamed over it once complete, and never over anything
 * but a regular file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

G_BEGIN_DECLS

/* A file being written. Nothing appears at the target until
 * hp_output_file_commit() renames the complete file over it; freeing an
 * uncommitted one deletes the temporary file, so a failed or cancelled
 * write leaves nothing behind. */
typedef struct _HpOutputFile HpOutputFile;

char          *hp_output_file_resolve (const char *path,
                                       GError    **error);
HpOutputFile  *hp_output_file_open (const char   *path,
                                    GCancellable *cancellable,
                                    GError      **error);
GOutputStream *hp_output_file_get_stream (HpOutputFile *self);
const char    *hp_output_file_get_target (HpOutputFile *self);
gboolean       hp_output_file_commit (HpOutputFile *self,
                                      GCancellable *cancellable,
                                      GError      **error);
void           hp_output_file_free (HpOutputFile *self);
gboolean       hp_output_file_write (const char *path,
                                     const void *data,
                                     gsize       size,
                                     GError    **error);

gboolean hp_output_close_stdout (const char *prgname);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpOutputFile, hp_output_file_free)

G_END_DECLS
