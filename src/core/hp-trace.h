/* hp-trace.h — a loaded job: its ranks, shared strings, mode and issues.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-rank.h"

G_BEGIN_DECLS

#define HP_NO_STRING G_MAXUINT32

/**
 * HpMode:
 * @HP_MODE_DEFAULT: fixes HTA's quirks (the "Hotpath" paragraphs of docs/trace-format.md and docs/analyses.md)
 * @HP_MODE_HTA_COMPAT: reproduces HTA's numbers exactly
 */
typedef enum
{
  HP_MODE_DEFAULT = 0,
  HP_MODE_HTA_COMPAT = 1,
} HpMode;

typedef struct _HpTrace HpTrace;

#define HP_TYPE_TRACE (hp_trace_get_type ())

GType    hp_trace_get_type (void) G_GNUC_CONST;
HpTrace *hp_trace_ref (HpTrace *self);
void     hp_trace_unref (HpTrace *self);

/* a scoped view (hp_trace_apply_scope() in hp-scope.h) */
struct _HpScope *hp_trace_get_scope (HpTrace *self);
HpTrace         *hp_trace_get_unscoped (HpTrace *self);

HpMode   hp_trace_get_mode (HpTrace *self);
gboolean hp_trace_get_include_last_step (HpTrace *self);
/* the user's communication patterns it was loaded with (hp-comm-classify.h), or NULL */
struct _HpCommPatterns *hp_trace_get_comm_patterns (HpTrace *self);
guint                   hp_trace_get_n_ranks (HpTrace *self);
const HpRank           *hp_trace_get_rank (HpTrace *self,
                                           guint    position);
const HpRank           *hp_trace_find_rank (HpTrace *self,
                                            int      rank);
gint64                  hp_trace_get_min_ts (HpTrace *self);
const char             *hp_trace_get_device_type (HpTrace *self);

guint       hp_trace_get_n_strings (HpTrace *self);
const char *hp_trace_get_string (HpTrace *self,
                                 guint32  id);
guint32     hp_trace_lookup_string (HpTrace    *self,
                                    const char *str);
gboolean    hp_trace_has_category (HpTrace    *self,
                                   const char *category);
int         hp_trace_step_number (HpTrace *self,
                                  guint32  name);

GListModel *hp_trace_get_issues (HpTrace *self);
guint       hp_trace_get_n_ignored_files (HpTrace *self);
const char *hp_trace_get_ignored_file (HpTrace *self,
                                       guint    i);

gboolean hp_trace_has_string_tids (HpTrace *self);
char    *hp_trace_format_tid (HpTrace *self,
                              gint64   tid);

JsonNode *hp_trace_get_event_args (HpTrace      *self,
                                   const HpRank *rank,
                                   guint         event);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpTrace, hp_trace_unref)

G_END_DECLS
