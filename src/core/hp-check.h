/* hp-check.h — the regression verdict between a baseline run and a candidate, aware of step-to-step noise.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

G_BEGIN_DECLS

typedef enum
{
  HP_CHECK_STEP_TIME = 1 << 0,
  HP_CHECK_GPU_BUSY = 1 << 1,
  HP_CHECK_IDLE_TIME = 1 << 2,
  HP_CHECK_EXPOSED_COMM = 1 << 3,
  HP_CHECK_TOP_OPS = 1 << 4,
  HP_CHECK_ALL = (1 << 5) - 1,
} HpCheckMetrics;

typedef struct
{
  double max_regression_pct; /* 5 */
  guint  metrics;            /* HpCheckMetrics, HP_CHECK_ALL */
  guint  n_top_ops;          /* 5 */
} HpCheckParams;

void     hp_check_params_init (HpCheckParams *params);
gboolean hp_check_metrics_from_string (const char *text,
                                       guint      *metrics);

HpTable *hp_check_runs (HpTrace             *baseline,
                        HpTrace             *candidate,
                        const HpCheckParams *params,
                        gboolean            *regressed,
                        GCancellable        *cancellable,
                        GError             **error);

G_END_DECLS
