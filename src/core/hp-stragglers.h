/* hp-stragglers.h — profiler steps and potential straggler ranks (docs/analyses.md §14).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

G_BEGIN_DECLS

GArray  *hp_profiler_steps (HpTrace                *trace,
                            const HpAnalysisParams *params,
                            GError                **error);
gboolean hp_stragglers_compute (HpTrace                *trace,
                                const HpAnalysisParams *params,
                                GPtrArray              *tables,
                                GCancellable           *cancellable,
                                GError                **error);

G_END_DECLS
