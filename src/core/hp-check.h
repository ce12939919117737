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

/**
 * HpCheckRun:
 * @n_ranks: the ranks loaded
 * @ranks: them, as ranges ("0-7")
 * @missing_ranks: (nullable): ranks the job names (world size, process
 *   groups) that have no file, as ranges
 * @devices: the GPUs the trace names ("NVIDIA A100-PG509-200"), or its
 *   device type
 * @profiler: the trace format ("schemaVersion 1, cpu_op categories")
 * @steps: complete `ProfilerStep`s per rank (the most), 0 without
 * @shared_gpu_pct: the share of the run's GPU time spent in operations the
 *   other run also has (NaN without GPU time)
 *
 * What a check says about one run, for the comparability section.
 */
typedef struct
{
  guint  n_ranks;
  char  *ranks;
  char  *missing_ranks;
  char  *devices;
  char  *profiler;
  guint  steps;
  double shared_gpu_pct;
} HpCheckRun;

/**
 * HpCheckComparability:
 * @runs: the baseline and the candidate
 * @warnings: (element-type utf8): what differs between them, in words
 * @comparable: %FALSE when the per-step figures cannot be compared (one run
 *   has steps and the other none) or the runs share too little work (less
 *   than half of either run's GPU time is in operations both have)
 */
typedef struct
{
  HpCheckRun runs[2];
  GPtrArray *warnings;
  gboolean   comparable;
} HpCheckComparability;

void hp_check_comparability_clear (HpCheckComparability *comparability);

void     hp_check_params_init (HpCheckParams *params);
gboolean hp_check_metrics_from_string (const char *text,
                                       guint      *metrics);

HpTable *hp_check_runs (HpTrace              *baseline,
                        HpTrace              *candidate,
                        const HpCheckParams  *params,
                        gboolean             *regressed,
                        HpCheckComparability *comparability,
                        GCancellable         *cancellable,
                        GError              **error);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (HpCheckComparability, hp_check_comparability_clear)

G_END_DECLS
