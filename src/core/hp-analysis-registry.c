/* hp-analysis-registry.c — the analyses hotpath-cli report and the app can run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-analysis-registry.h"
#include "hp-aten-op-delay.h"
#include "hp-comm-comp-overlap.h"
#include "hp-critical-path.h"
#include "hp-idle-time.h"
#include "hp-kernel-breakdown.h"
#include "hp-launch-stats.h"
#include "hp-memory-bw.h"
#include "hp-queue-length.h"
#include "hp-temporal-breakdown.h"
#include "hp-user-annotation.h"

/* In report order; the name is the CLI's --analysis name. The last field
 * is the cost hint of hp_analysis_run_many: the analyses' relative time on
 * a large trace (hotpath-cli bench --verbose), so the longest start first. */
/* clang-format off */
const HpAnalysis hp_analysis_registry[] = {
  { "temporal_breakdown", "Temporal breakdown", "§1", hp_temporal_breakdown_compute, TRUE, 1 },
  { "idle_time_breakdown", "Idle time breakdown", "§2", hp_idle_time_compute, TRUE, 2 },
  { "gpu_kernel_breakdown", "Kernel breakdown", "§3", hp_kernel_breakdown_compute, TRUE, 1 },
  { "comm_comp_overlap", "Communication/computation overlap", "§5", hp_comm_comp_overlap_compute, TRUE, 1 },
  { "user_annotation_breakdown", "User annotation breakdown", "§4.1", hp_user_annotation_breakdown_compute, TRUE, 1 },
  { "gpu_kernels_with_user_annotations", "GPU kernels with user annotations", "§4.2", hp_gpu_kernels_with_user_annotations_compute, FALSE, 2 },
  { "cuda_kernel_launch_stats", "CUDA kernel launch statistics", "§6", hp_launch_stats_compute, TRUE, 5 },
  { "aten_op_kernels_and_delay", "ATen-op → kernel launch delays", "§7", hp_aten_op_delay_compute, TRUE, 2 },
  { "queue_length", "Queue length", "§8.1", hp_queue_length_compute, TRUE, 10 },
  { "memory_bw", "Memory bandwidth", "§8.2", hp_memory_bw_compute, TRUE, 1 },
  { "critical_path", "Critical path", "§12", hp_critical_path_compute, FALSE, 3 },
  { NULL, NULL, NULL, NULL, FALSE, 0 },
};
/* clang-format on */

const guint hp_analysis_registry_size = G_N_ELEMENTS (hp_analysis_registry) - 1;
