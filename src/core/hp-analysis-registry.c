/* hp-analysis-registry.c — the analyses hotpath-cli report and the app can run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-analysis-registry.h"
#include "hp-aten-op-delay.h"
#include "hp-collectives.h"
#include "hp-comm-comp-overlap.h"
#include "hp-communication.h"
#include "hp-critical-path.h"
#include "hp-cupti-counters.h"
#include "hp-idle-gaps.h"
#include "hp-idle-time.h"
#include "hp-kernel-breakdown.h"
#include "hp-kernel-sequences.h"
#include "hp-launch-stats.h"
#include "hp-linked-events.h"
#include "hp-memory-bw.h"
#include "hp-memory.h"
#include "hp-memory-timeline.h"
#include "hp-queue-length.h"
#include "hp-repeated-sequences.h"
#include "hp-series.h"
#include "hp-stragglers.h"
#include "hp-temporal-breakdown.h"
#include "hp-user-annotation.h"

#define LIST(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* In report order; the name is the CLI's --analysis name. The cost is the
 * hint of hp_analysis_run_many: the analyses' relative time on a large
 * trace (hotpath-cli bench --verbose), so the longest start first. Adding
 * an analysis means one entry here and one chart adapter in charts/. */
const HpAnalysis hp_analysis_registry[] = {
  {
      .name = HP_TEMPORAL_BREAKDOWN_ANALYSIS,
      .title = "Temporal breakdown",
      .section = "§1",
      .func = hp_temporal_breakdown_compute,
      .in_default_set = TRUE,
      .cost = 1,
      .tables = LIST (HP_TEMPORAL_BREAKDOWN_TABLE),
  },
  {
      .name = HP_IDLE_TIME_ANALYSIS,
      .title = "Idle time breakdown",
      .section = "§2",
      .func = hp_idle_time_compute,
      .in_default_set = TRUE,
      .cost = 2,
      .params = LIST ("streams", "show_idle_interval_stats", "consecutive_kernel_delay"),
      .tables = LIST (HP_IDLE_TIME_TABLE, HP_IDLE_TIME_STATS_TABLE),
      .row_events = hp_linked_events_for_idle_row,
      .row_events_tables = 0x3,
      .payload = hp_idle_time_payload,
      .payload_free = (GDestroyNotify)hp_idle_gaps_free,
      .payload_row_events = hp_linked_events_for_idle_row_in_gaps,
  },
  {
      .name = HP_KERNEL_BREAKDOWN_ANALYSIS,
      .title = "Kernel breakdown",
      .section = "§3",
      .func = hp_kernel_breakdown_compute,
      .in_default_set = TRUE,
      .cost = 1,
      .params = LIST ("num_kernels", "duration_ratio", "include_memory_kernels"),
      .tables = LIST (HP_KERNEL_BREAKDOWN_TYPE_TABLE, HP_KERNEL_BREAKDOWN_KERNELS_TABLE),
      .row_events = hp_linked_events_for_kernel_row,
      .row_events_tables = 0x2,
  },
  {
      .name = HP_COMM_COMP_OVERLAP_ANALYSIS,
      .title = "Communication/computation overlap",
      .section = "§5",
      .func = hp_comm_comp_overlap_compute,
      .in_default_set = TRUE,
      .cost = 1,
      .tables = LIST (HP_COMM_COMP_OVERLAP_TABLE),
  },
  {
      .name = HP_USER_ANNOTATION_ANALYSIS,
      .title = "User annotation breakdown",
      .section = "§4.1",
      .func = hp_user_annotation_breakdown_compute,
      .in_default_set = TRUE,
      .cost = 1,
      .params = LIST ("use_gpu_annotation", "annotation_num_kernels", "annotation_duration_ratio", "allowlist_patterns"),
      .tables = LIST (HP_USER_ANNOTATION_GPU_TABLE, HP_USER_ANNOTATION_CPU_TABLE),
  },
  {
      .name = HP_KERNELS_WITH_ANNOTATIONS_ANALYSIS,
      .title = "GPU kernels with user annotations",
      .section = "§4.2",
      .func = hp_gpu_kernels_with_user_annotations_compute,
      .in_default_set = FALSE,
      .cost = 2,
      .params = LIST ("expand_names", "shorten_names"),
      .tables = LIST (HP_KERNELS_WITH_ANNOTATIONS_TABLE),
  },
  {
      .name = HP_LAUNCH_STATS_ANALYSIS,
      .title = "CUDA kernel launch statistics",
      .section = "§6",
      .func = hp_launch_stats_compute,
      .in_default_set = TRUE,
      .cost = 5,
      .params = LIST ("runtime_cutoff", "launch_delay_cutoff", "include_memory_events"),
      .tables = LIST (HP_LAUNCH_STATS_TABLE, HP_LAUNCH_STATS_SUMMARY_TABLE),
      .row_events = hp_linked_events_for_launch_row,
      .row_events_tables = 0x1,
  },
  {
      .name = HP_ATEN_OP_DELAY_ANALYSIS,
      .title = "ATen-op → kernel launch delays",
      .section = "§7",
      .func = hp_aten_op_delay_compute,
      .in_default_set = TRUE,
      .cost = 2,
      .tables = LIST (HP_ATEN_OP_DELAY_TABLE),
  },
  {
      .name = HP_QUEUE_LENGTH_ANALYSIS,
      .title = "Queue length",
      .section = "§8.1",
      .func = hp_queue_length_compute,
      .in_default_set = TRUE,
      .cost = 10,
      .params = LIST ("max_queue_length"),
      .tables = LIST (HP_QUEUE_LENGTH_SERIES_TABLE, HP_QUEUE_LENGTH_SUMMARY_TABLE, HP_QUEUE_LENGTH_BLOCKED_TABLE, HP_QUEUE_LENGTH_BLOCKED_AT_MAX_TABLE),
  },
  {
      .name = HP_MEMORY_BW_ANALYSIS,
      .title = "Memory bandwidth",
      .section = "§8.2",
      .func = hp_memory_bw_compute,
      .in_default_set = TRUE,
      .cost = 1,
      .tables = LIST (HP_MEMORY_BW_SERIES_TABLE, HP_MEMORY_BW_SUMMARY_TABLE),
  },
  {
      .name = HP_CRITICAL_PATH_ANALYSIS,
      .title = "Critical path",
      .section = "§12",
      .func = hp_critical_path_compute,
      .in_default_set = FALSE,
      .cost = 3,
      .params = LIST ("critical_path_rank", "critical_path_step"),
      .row_events = hp_critical_path_row_events,
      .row_events_tables = 0x2,
      .tables = LIST (HP_CRITICAL_PATH_SUMMARY_TABLE, HP_CRITICAL_PATH_BREAKDOWN_TABLE, HP_CRITICAL_PATH_RANKS_TABLE, HP_CRITICAL_PATH_RANKS_BREAKDOWN_TABLE),
  },
  {
      .name = HP_CUPTI_COUNTERS_ANALYSIS,
      .title = "CUPTI counters with their operators",
      .section = "§11",
      .func = hp_cupti_counters_compute,
      .cost = 1,
      .tables = LIST (HP_CUPTI_COUNTERS_TABLE),
  },
  {
      .name = HP_MEMORY_TIMELINE_ANALYSIS,
      .title = "Memory timeline by category",
      .section = "§13",
      .func = hp_memory_timeline_compute,
      .cost = 1,
      .tables = LIST (HP_MEMORY_TIMELINE_TABLE),
  },
  {
      .name = HP_MEMORY_ANALYSIS,
      .title = "Memory per device",
      .section = "§13",
      .func = hp_memory_compute,
      .cost = 1,
      .tables = LIST (HP_MEMORY_SUMMARY_TABLE, HP_MEMORY_EVENTS_TABLE, HP_MEMORY_PEAK_OPS_TABLE),
      .payload = hp_memory_payload,
      .payload_free = (GDestroyNotify)g_ptr_array_unref,
  },
  {
      .name = HP_STRAGGLERS_ANALYSIS,
      .title = "Potential stragglers",
      .section = "§14",
      .func = hp_stragglers_compute,
      .cost = 1,
      .params = LIST ("steps", "num_candidates"),
      .tables = LIST (HP_STRAGGLERS_TABLE, HP_STRAGGLERS_METRIC_TABLE, HP_STRAGGLERS_STEPS_TABLE),
  },
  {
      .name = HP_COLLECTIVES_ANALYSIS,
      .title = "Collectives across ranks",
      .section = "§14",
      .func = hp_collectives_compute,
      .cost = 1,
      .tables = LIST (HP_COLLECTIVES_TABLE, HP_COLLECTIVES_WAITS_TABLE, HP_COLLECTIVES_SIZES_TABLE),
      .row_events = hp_linked_events_for_collective_row,
      .row_events_tables = 0x2,
  },
  {
      .name = HP_COMMUNICATION_ANALYSIS,
      .title = "Communication",
      .section = "§14",
      .func = hp_communication_compute,
      .cost = 1,
      .tables = LIST (HP_COMMUNICATION_BY_STEP_TABLE, HP_COMMUNICATION_SLOWEST_TABLE),
      .row_events = hp_linked_events_for_comm_row,
      .row_events_tables = 0x2,
  },
  {
      .name = HP_KERNEL_SEQUENCES_ANALYSIS,
      .title = "Frequent CUDA kernel sequences",
      .section = "§9",
      .func = hp_kernel_sequences_compute,
      .cost = 3,
      .params = LIST ("operator", "rank", "min_pattern_len", "top_k", "compress_other_kernels"),
      .tables = LIST (HP_KERNEL_SEQUENCES_TABLE),
      .row_events = hp_linked_events_for_pattern_row,
      .row_events_tables = 0x1,
  },
  { .name = HP_REPEATED_SEQUENCES_ANALYSIS, .title = "Repeated kernel sequences", .section = "§9+", .func = hp_repeated_sequences_compute, .cost = 3, .tables = LIST (HP_REPEATED_SEQUENCES_TABLE) },
  { NULL },
};

const guint hp_analysis_registry_size = G_N_ELEMENTS (hp_analysis_registry) - 1;

const HpAnalysis *
hp_analysis_list (guint *n_analyses)
{
  *n_analyses = hp_analysis_registry_size;
  return hp_analysis_registry;
}

/**
 * hp_analysis_table_index:
 *
 * Returns: the position of the table named @table_name among the tables of
 *   @analysis, or -1
 */
int
hp_analysis_table_index (const HpAnalysis *analysis,
                         const char       *table_name)
{
  for (guint t = 0; analysis->tables != NULL && analysis->tables[t] != NULL; t++)
    if (g_strcmp0 (analysis->tables[t], table_name) == 0)
      return (int)t;
  return -1;
}

/**
 * hp_analysis_find_by_table:
 *
 * Returns: (nullable): the analysis that makes the table named @table_name
 */
const HpAnalysis *
hp_analysis_find_by_table (const char *table_name)
{
  for (guint i = 0; i < hp_analysis_registry_size; i++)
    if (hp_analysis_table_index (&hp_analysis_registry[i], table_name) >= 0)
      return &hp_analysis_registry[i];
  return NULL;
}

/**
 * hp_analysis_table_has_row_events:
 *
 * Returns: whether the rows of @table stand for events on the timeline
 */
gboolean
hp_analysis_table_has_row_events (HpTable *table)
{
  const HpAnalysis *analysis;
  int               t;

  if (table == NULL)
    return FALSE;
  analysis = hp_analysis_find_by_table (hp_table_get_name (table));
  if (analysis == NULL || analysis->row_events == NULL)
    return FALSE;
  t = hp_analysis_table_index (analysis, hp_table_get_name (table));
  return t >= 0 && t < 32 && (analysis->row_events_tables & (1u << t)) != 0;
}

/**
 * hp_analysis_row_events:
 * @params: (nullable): the parameters the table was made with
 *
 * What a row of an analysis table stands for on the timeline, by the
 * row-events hook of the analysis that made the table.
 *
 * Returns: (transfer full) (nullable): the events, or %NULL
 */
struct _HpLinkedEvents *
hp_analysis_row_events (HpTrace                *trace,
                        HpTable                *table,
                        guint                   row,
                        const HpAnalysisParams *params)
{
  const HpAnalysis       *analysis;
  HpAnalysisParams        defaults;
  struct _HpLinkedEvents *events;

  g_return_val_if_fail (trace != NULL, NULL);
  if (table == NULL)
    return NULL;
  if (!hp_analysis_table_has_row_events (table))
    return NULL;
  analysis = hp_analysis_find_by_table (hp_table_get_name (table));
  if (params != NULL)
    return analysis->row_events (trace, table, row, params);
  hp_analysis_params_init (&defaults);
  events = analysis->row_events (trace, table, row, &defaults);
  hp_analysis_params_clear (&defaults);
  return events;
}

const HpAnalysis *
hp_analysis_find (const char *name)
{
  for (guint i = 0; i < hp_analysis_registry_size; i++)
    if (g_strcmp0 (hp_analysis_registry[i].name, name) == 0)
      return &hp_analysis_registry[i];
  return NULL;
}
