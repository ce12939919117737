/* hp-fuzz-common.h — what the fuzz targets share: a scratch folder, files, every analysis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "hp-core.h"

G_BEGIN_DECLS

/* what separates the two files of one input (fuzz-folder, fuzz-runs) */
#define HP_FUZZ_SPLIT "\n--hotpath-fuzz-split--\n"

/* libFuzzer's entry points */
int LLVMFuzzerInitialize (int    *argc,
                          char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data,
                            size_t        size);

void          hp_fuzz_init (void);
const guint8 *hp_fuzz_find_split (const guint8 *data,
                                  gsize         size);
const char   *hp_fuzz_dir (void);
char         *hp_fuzz_write (const char   *name,
                             const guint8 *data,
                             gsize         size);
void          hp_fuzz_clear_dir (void);
HpTrace      *hp_fuzz_load (const char *path,
                            HpMode      mode);
void          hp_fuzz_run_analyses (HpTrace *trace);
void          hp_fuzz_load_both_modes (const char *path,
                                       gboolean    analyses);

G_END_DECLS
