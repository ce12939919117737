/* hp-analysis-registry.c — the analyses hotpath-cli report and the app can run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-analysis-registry.h"
#include "hp-core-private.h"
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
#include "hp-memory-bw.h"
#include "hp-memory.h"
#include "hp-memory-timeline.h"
#include "hp-queue-length.h"
#include "hp-repeated-sequences.h"
#include "hp-series.h"
#include "hp-stragglers.h"
#include "hp-temporal-breakdown.h"
#include "hp-user-annotation.h"

/* In report order. The cost in each descriptor is the hint of
 * hp_analysis_run_many: the analyses' relative time on a large trace
 * (hotpath-cli bench --verbose), so the longest start first. Adding an
 * analysis means its file pair, one line here and its test
 * (docs/architecture.md). */
static const HpAnalysis *const registry[] = {
  &hp_temporal_breakdown_analysis,
  &hp_idle_time_analysis,
  &hp_kernel_breakdown_analysis,
  &hp_comm_comp_overlap_analysis,
  &hp_user_annotation_analysis,
  &hp_kernels_with_annotations_analysis,
  &hp_launch_stats_analysis,
  &hp_aten_op_delay_analysis,
  &hp_queue_length_analysis,
  &hp_memory_bw_analysis,
  &hp_critical_path_analysis,
  &hp_cupti_counters_analysis,
  &hp_memory_timeline_analysis,
  &hp_memory_analysis,
  &hp_stragglers_analysis,
  &hp_collectives_analysis,
  &hp_communication_analysis,
  &hp_kernel_sequences_analysis,
  &hp_repeated_sequences_analysis,
};

/* Analyses the views read besides those of the list: made like them and
 * kept by the same results cache, but neither a report, a tab nor a line
 * of `hotpath-cli analyses`. Their tables have the names of tables of an
 * analysis of the list (hp_analysis_find_by_table() names that one). */
static const HpAnalysis *const internal[] = {
  &hp_critical_path_across_ranks_analysis,
};

/**
 * hp_analysis_list:
 *
 * Returns: (array length=n_analyses): every analysis, in report order
 */
const HpAnalysis *const *
hp_analysis_list (guint *n_analyses)
{
  *n_analyses = G_N_ELEMENTS (registry);
  return registry;
}

/* The analyses whose options open the CLI's help, in the order they have
 * always had there; the options of any other follow, in report order. */
static const HpAnalysis *const option_order[] = {
  &hp_kernel_breakdown_analysis,
  &hp_idle_time_analysis,
  &hp_user_annotation_analysis,
  &hp_kernels_with_annotations_analysis,
  &hp_launch_stats_analysis,
  &hp_queue_length_analysis,
  &hp_stragglers_analysis,
  &hp_critical_path_analysis,
  &hp_kernel_sequences_analysis,
};

static void
add_spec (GPtrArray         *list,
          const HpParamSpec *spec)
{
  if (!g_ptr_array_find (list, spec, NULL))
    g_ptr_array_add (list, (gpointer)spec);
}

/* the parameters @analysis reads: those it defines, then the shared ones */
static void
add_specs_of (GPtrArray        *list,
              const HpAnalysis *analysis)
{
  guint                     n_fields;
  const HpParamSpec *const *fields = _hp_param_field_specs (&n_fields);

  for (guint i = 0; analysis->specs != NULL && analysis->specs[i] != NULL; i++)
    add_spec (list, analysis->specs[i]);
  for (guint i = 0; i < n_fields; i++)
    if (hp_analysis_uses_param (analysis, fields[i]))
      add_spec (list, fields[i]);
}

static gpointer
gather_specs (gpointer data)
{
  GPtrArray                *list = g_ptr_array_new ();
  guint                     n_fields;
  const HpParamSpec *const *fields = _hp_param_field_specs (&n_fields);

  /* `ranks`, which every analysis reads, first */
  add_spec (list, &hp_analysis_ranks_spec);
  for (guint i = 0; i < G_N_ELEMENTS (option_order); i++)
    add_specs_of (list, option_order[i]);
  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    add_specs_of (list, registry[i]);
  /* and a shared one no analysis reads */
  for (guint i = 0; i < n_fields; i++)
    add_spec (list, fields[i]);
  return list;
}

/**
 * hp_param_spec_list:
 *
 * Every analysis parameter: the shared ones and those each analysis of
 * the registry defines, gathered from the descriptors.
 *
 * Returns: (array length=n_specs): the specs, in the order of the CLI's
 *   help
 */
const HpParamSpec *const *
hp_param_spec_list (guint *n_specs)
{
  static GOnce once = G_ONCE_INIT;
  GPtrArray   *list = g_once (&once, gather_specs, NULL);

  *n_specs = list->len;
  return (const HpParamSpec *const *)list->pdata;
}

/**
 * hp_param_spec_find:
 * @name: HTA's keyword (`num_kernels`) or the CLI's (`num-kernels`)
 *
 * Returns: (nullable): the spec of the parameter of that name, among
 *   hp_param_spec_list()
 */
const HpParamSpec *
hp_param_spec_find (const char *name)
{
  guint                     n;
  const HpParamSpec *const *specs = hp_param_spec_list (&n);

  g_return_val_if_fail (name != NULL, NULL);
  for (guint i = 0; i < n; i++)
    if (_hp_param_name_is (specs[i], name))
      return specs[i];
  return NULL;
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
  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    if (hp_analysis_table_index (registry[i], table_name) >= 0)
      return registry[i];
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
  for (guint i = 0; i < G_N_ELEMENTS (registry); i++)
    if (g_strcmp0 (registry[i]->name, name) == 0)
      return registry[i];
  return NULL;
}

/**
 * hp_analysis_find_internal:
 *
 * An analysis kept out of hp_analysis_list(), which the views ask for by
 * name: the path across ranks of the critical path, say, which does not
 * depend on the rank and step the Critical path tab shows.
 *
 * Returns: (nullable): the analysis named @name, or %NULL
 */
const HpAnalysis *
hp_analysis_find_internal (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (internal); i++)
    if (g_strcmp0 (internal[i]->name, name) == 0)
      return internal[i];
  return NULL;
}
