/* hp-analysis-registry.h — the list of analyses (defined in hp-analysis-registry.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

G_BEGIN_DECLS

extern const HpAnalysis hp_analysis_registry[];
extern const guint      hp_analysis_registry_size;

G_END_DECLS
