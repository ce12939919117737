/* hp-loader-private.h — the phases of a load, shared by the loader's files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * hp_load_paths() (hp-loader.c) runs them in order: find the files
 * (hp-loader-files.c), read and parse them in parallel (hp-loader-parse.c),
 * number and merge the ranks (hp-loader-ranks.c), and derive what needs the
 * whole job (hp-loader-derive.c).
 */

#pragma once

#include "hp-core-private.h"

G_BEGIN_DECLS

typedef struct
{
  char          *path;
  HpRankBuilder *builder;
  GError        *error;
} FileSlot;

gboolean  _hp_loader_collect_files (const char *const *paths,
                                    GPtrArray         *files,
                                    GPtrArray         *ignored,
                                    GListStore        *issues,
                                    GCancellable      *cancellable,
                                    GError           **error);
FileSlot *_hp_loader_parse_files (GPtrArray           *files,
                                  const HpLoadOptions *options,
                                  const HpLoadLimits  *limits,
                                  GCancellable        *cancellable);
void      _hp_loader_free_slots (FileSlot *slots,
                                 guint     n);
gboolean  _hp_loader_pick_job (FileSlot   *slots,
                               guint       n,
                               guint       job,
                               GListStore *issues,
                               GError    **error);
void      _hp_loader_number_ranks (FileSlot   *slots,
                                   guint       n,
                                   GListStore *issues);
gboolean  _hp_loader_merge_ranks (FileSlot           *slots,
                                  guint               n,
                                  HpStrings          *global,
                                  const HpLoadLimits *limits,
                                  GListStore         *issues,
                                  GPtrArray          *ranks,
                                  gint64             *min_ts,
                                  GCancellable       *cancellable,
                                  GError            **error);
gboolean  _hp_loader_derive_job (GPtrArray           *ranks,
                                 HpStrings           *global,
                                 const HpLoadOptions *options,
                                 gint64               min_ts,
                                 GListStore          *issues,
                                 GCancellable        *cancellable,
                                 GError             **error);

G_END_DECLS
