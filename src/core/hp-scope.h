/* hp-scope.h — what part of a trace the analyses look at.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-time-span.h"
#include "hp-trace.h"

G_BEGIN_DECLS

/**
 * HpScopeKind:
 * @HP_SCOPE_WHOLE: the whole trace
 * @HP_SCOPE_RANGE: a time range on the aligned clock
 * @HP_SCOPE_STEP: one iteration (`ProfilerStep#N`)
 * @HP_SCOPE_ANNOTATION: the instances of a `record_function` range (or any
 *   host event) with a given name, one instance or all of them
 */
typedef enum
{
  HP_SCOPE_WHOLE,
  HP_SCOPE_RANGE,
  HP_SCOPE_STEP,
  HP_SCOPE_ANNOTATION,
} HpScopeKind;

/* every instance of an annotation */
#define HP_SCOPE_ALL_INSTANCES G_MININT

typedef struct _HpScope HpScope;

#define HP_TYPE_SCOPE (hp_scope_get_type ())

GType    hp_scope_get_type (void) G_GNUC_CONST;
HpScope *hp_scope_new_whole (void);
HpScope *hp_scope_new_range (HpTimeSpan span);
HpScope *hp_scope_new_step (int step);
HpScope *hp_scope_new_annotation (const char *name,
                                  int         instance);
HpScope *hp_scope_parse (const char *text,
                         GError    **error);
HpScope *hp_scope_ref (HpScope *self);
void     hp_scope_unref (HpScope *self);

HpScopeKind hp_scope_get_kind (const HpScope *self);
gboolean    hp_scope_is_whole (const HpScope *self);
HpTimeSpan  hp_scope_get_range (const HpScope *self);
int         hp_scope_get_step (const HpScope *self);
const char *hp_scope_get_annotation (const HpScope *self);
int         hp_scope_get_instance (const HpScope *self);
gboolean    hp_scope_equal (const HpScope *a,
                            const HpScope *b);
guint       hp_scope_hash (const HpScope *self);
char       *hp_scope_to_string (const HpScope *self);
char       *hp_scope_describe (const HpScope *self);

gboolean hp_scope_get_rank_spans (const HpScope *self,
                                  HpTrace       *trace,
                                  const HpRank  *rank,
                                  GArray        *spans);

HpTrace *hp_trace_apply_scope (HpTrace       *trace,
                               const HpScope *scope,
                               GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpScope, hp_scope_unref)

G_END_DECLS
