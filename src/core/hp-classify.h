/* hp-classify.h — kernel classes, memory sub-types and short names (docs/trace-format.md §12, §14).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-rank.h"

G_BEGIN_DECLS

HpKernelClass hp_kernel_class_hta (const char *name);
const char   *hp_kernel_class_to_string (HpKernelClass kclass);
gboolean      hp_name_is_memory (const char *name);
char         *hp_memory_subtype (const char *name);
char         *hp_shorten_name (const char *name);
HpEventKind   hp_event_kind_from_category (const char *category);
const char   *hp_category_canonical (const char *category);
char         *hp_runtime_call_match_name (const char *name);
int           hp_parse_profiler_step (const char *name);

/**
 * hp_event_kind_is_gpu_activity:
 * @kind: an #HpEventKind
 *
 * The one definition of "GPU activity" by kind: kernels, memcpys and
 * memsets (spec TF §7, default mode). The analyses' GPU flags
 * (%HP_EVENT_G1 … %HP_EVENT_G4) mean the same in the default mode and
 * HTA's stream tests in HTA-compatibility mode; what the timeline colours,
 * counts and links uses this.
 */
static inline gboolean
hp_event_kind_is_gpu_activity (HpEventKind kind)
{
  return kind == HP_EVENT_KIND_KERNEL || kind == HP_EVENT_KIND_MEMCPY || kind == HP_EVENT_KIND_MEMSET;
}

G_END_DECLS
