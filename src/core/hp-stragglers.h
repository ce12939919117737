/* hp-stragglers.h — profiler steps and potential straggler ranks (spec analyses §14).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

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
