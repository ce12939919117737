/* hp-trace-rewrite-private.h — streaming a rank's trace file into a new file, for the writers of core.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <yajl/yajl_gen.h>
#include <yajl/yajl_parse.h>

#include "hp-output-file.h"
#include "hp-parser-private.h"
#include "hp-rank.h"

G_BEGIN_DECLS

/* yajl prints in many small pieces: they are copied into one buffer that is
 * written when full; the first write error is kept in @error */
typedef struct
{
  GOutputStream *out;
  GCancellable  *cancellable;
  char          *buf;
  gsize          buf_len;
  GError        *error;
  yajl_gen       gen;
} HpRewriteSink;

/* the input, the output file and the temporary file it is written to */
typedef struct
{
  HpReader       in; /* read as the load read it, to check it is the same */
  gboolean       in_open;
  const HpRank  *rank;
  GFile         *output;
  HpOutputFile  *file;
  GOutputStream *out;
  char          *out_base;
} HpRewriteFiles;

gboolean _hp_rewrite_open (HpRewriteFiles *files,
                           const HpRank   *rank,
                           const char     *output_path,
                           GCancellable   *cancellable,
                           GError        **error);
gboolean _hp_rewrite_close (HpRewriteFiles *files,
                            gboolean        ok,
                            GCancellable   *cancellable,
                            GError        **error);
void     _hp_rewrite_files_clear (HpRewriteFiles *files);

void     _hp_rewrite_sink_init (HpRewriteSink *sink,
                                GOutputStream *out,
                                GCancellable  *cancellable);
void     _hp_rewrite_sink_clear (HpRewriteSink *sink);
void     _hp_rewrite_sink_flush (HpRewriteSink *sink);
int      _hp_rewrite_gen_ok (HpRewriteSink  *sink,
                             yajl_gen_status status);
gboolean _hp_rewrite_stream (HpRewriteSink        *sink,
                             HpRewriteFiles       *files,
                             const yajl_callbacks *callbacks,
                             gpointer              ctx,
                             const char           *basename,
                             GCancellable         *cancellable,
                             GError              **error);

gboolean _hp_rewrite_finish (HpRewriteSink *sink,
                             gboolean       ok,
                             gboolean       events_seen,
                             const char    *basename,
                             const char    *out_base,
                             GError       **error);

G_END_DECLS
