/* hp-chart-adapters.c — HTA's charts, built from the tables the analyses return.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-chart-adapters-extra-private.h"
#include "hp-chart-adapters.h"
#include "hp-chart-adapters-private.h"
#include "hp-chart-patterns.h"
#include "hp-chart-tr-private.h"

/* The chart adapters, by analysis and by table: what HTA draws for each
 * table of each analysis of the registry (hp-analysis-registry.c), in the
 * order of the analysis' tables. A table without an adapter gets no chart.
 * Adding an analysis with charts adds one line here. */
typedef GPtrArray *(*AdaptFunc) (HpTable                *table,
                                 const HpAnalysisParams *params,
                                 HpChartFlavour          flavour,
                                 const char             *domain);

#define PLAIN_ADAPTER(fn)                                                                                                 \
  static GPtrArray *fn##_any (HpTable *table, const HpAnalysisParams *params, HpChartFlavour flavour, const char *domain) \
  {                                                                                                                       \
    return _hp_chart_##fn (table, domain);                                                                                \
  }

PLAIN_ADAPTER (adapt_temporal_breakdown)
PLAIN_ADAPTER (adapt_kernel_type)
PLAIN_ADAPTER (adapt_idle_time)
PLAIN_ADAPTER (adapt_comm_comp_overlap)
PLAIN_ADAPTER (adapt_queue_length)
PLAIN_ADAPTER (adapt_memory_bw)
PLAIN_ADAPTER (adapt_critical_path_summary)
/* hp-chart-adapters-extra.c */
PLAIN_ADAPTER (adapt_memory_timeline)
PLAIN_ADAPTER (adapt_memory_events)
PLAIN_ADAPTER (adapt_straggler_metric)
PLAIN_ADAPTER (adapt_collective_waits)
PLAIN_ADAPTER (adapt_cupti)
/* hp-chart-adapters-comm.c */
PLAIN_ADAPTER (adapt_communication_by_step)
PLAIN_ADAPTER (adapt_collective_sizes)

static GPtrArray *
adapt_kernels_any (HpTable                *table,
                   const HpAnalysisParams *params,
                   HpChartFlavour          flavour,
                   const char             *domain)
{
  return _hp_chart_adapt_kernels (table, flavour, domain);
}

static GPtrArray *
adapt_user_annotations_any (HpTable                *table,
                            const HpAnalysisParams *params,
                            HpChartFlavour          flavour,
                            const char             *domain)
{
  return _hp_chart_adapt_user_annotations (table, flavour, domain);
}

static GPtrArray *
adapt_launch_stats_any (HpTable                *table,
                        const HpAnalysisParams *params,
                        HpChartFlavour          flavour,
                        const char             *domain)
{
  return _hp_chart_adapt_launch_stats (table, params != NULL ? hp_analysis_params_get_double (params, &hp_launch_stats_runtime_cutoff_spec) : hp_launch_stats_runtime_cutoff_spec.default_value,
                                       params != NULL ? hp_analysis_params_get_double (params, &hp_launch_stats_launch_delay_cutoff_spec)
                                                      : hp_launch_stats_launch_delay_cutoff_spec.default_value,
                                       flavour, domain);
}

/* the 15 most frequent ops */
static GPtrArray *
adapt_aten_op_delays_any (HpTable                *table,
                          const HpAnalysisParams *params,
                          HpChartFlavour          flavour,
                          const char             *domain)
{
  return _hp_chart_adapt_aten_op_delays (table, 15, domain);
}

/* HTA's bar chart of the top_k patterns' counts */
static GPtrArray *
adapt_kernel_sequences_any (HpTable                *table,
                            const HpAnalysisParams *params,
                            HpChartFlavour          flavour,
                            const char             *domain)
{
  GPtrArray *charts = _hp_chart_list_new ();

  g_ptr_array_add (charts, hp_chart_kernel_sequences (table, params != NULL ? (guint)hp_analysis_params_get_int (params, &hp_kernel_sequences_top_k_spec) : (guint)hp_kernel_sequences_top_k_spec.default_value,
                                                      params != NULL ? hp_analysis_params_get_int (params, &hp_kernel_sequences_rank_spec) : 0, domain));
  return charts;
}

/* clang-format off */
static const struct
{
  const char *analysis;
  AdaptFunc   tables[4]; /* by the position of the table in the analysis' list */
} chart_adapters[] = {
  { HP_TEMPORAL_BREAKDOWN_ANALYSIS,  { adapt_temporal_breakdown_any } },
  { HP_IDLE_TIME_ANALYSIS,           { adapt_idle_time_any } },
  { HP_KERNEL_BREAKDOWN_ANALYSIS,    { adapt_kernel_type_any, adapt_kernels_any } },
  { HP_COMM_COMP_OVERLAP_ANALYSIS,   { adapt_comm_comp_overlap_any } },
  { HP_USER_ANNOTATION_ANALYSIS,     { adapt_user_annotations_any, adapt_user_annotations_any } },
  { HP_LAUNCH_STATS_ANALYSIS,        { adapt_launch_stats_any } },
  { HP_ATEN_OP_DELAY_ANALYSIS,       { adapt_aten_op_delays_any } },
  { HP_QUEUE_LENGTH_ANALYSIS,        { adapt_queue_length_any } },
  { HP_MEMORY_BW_ANALYSIS,           { adapt_memory_bw_any } },
  { HP_CRITICAL_PATH_ANALYSIS,       { adapt_critical_path_summary_any } },
  { HP_CUPTI_COUNTERS_ANALYSIS,      { adapt_cupti_any } },
  { HP_MEMORY_TIMELINE_ANALYSIS,     { adapt_memory_timeline_any } },
  { HP_MEMORY_ANALYSIS,              { NULL, adapt_memory_events_any } },
  { HP_STRAGGLERS_ANALYSIS,          { NULL, adapt_straggler_metric_any } },
  { HP_COLLECTIVES_ANALYSIS,         { NULL, adapt_collective_waits_any, adapt_collective_sizes_any } },
  { HP_COMMUNICATION_ANALYSIS,       { adapt_communication_by_step_any } },
  { HP_KERNEL_SEQUENCES_ANALYSIS,    { adapt_kernel_sequences_any } },
};
/* clang-format on */

static AdaptFunc
find_adapter (HpTable *table)
{
  const HpAnalysis *analysis = hp_analysis_find_by_table (hp_table_get_name (table));
  int               t;

  if (analysis == NULL || (t = hp_analysis_table_index (analysis, hp_table_get_name (table))) < 0 ||
      t >= (int)G_N_ELEMENTS (chart_adapters[0].tables))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (chart_adapters); i++)
    if (g_str_equal (chart_adapters[i].analysis, analysis->name))
      return chart_adapters[i].tables[t];
  return NULL;
}

static GPtrArray *
adapt_table (HpTable                *table,
             const HpAnalysisParams *params,
             HpChartFlavour          flavour,
             const char             *domain)
{
  GPtrArray *charts;

  g_return_val_if_fail (table != NULL, _hp_chart_list_new ());

  {
    AdaptFunc adapt = find_adapter (table);

    charts = adapt != NULL ? adapt (table, params, flavour, domain) : _hp_chart_list_new ();
  }
  if (domain != NULL)
    for (guint i = 0; i < charts->len; i++)
      hp_chart_set_placeholder_texts (charts->pdata[i], _hp_chart_tr (domain, N_ ("No data")), _hp_chart_tr (domain, N_ ("n/a")));
  return charts;
}

/**
 * hp_chart_adapt_table:
 * @table: any analysis table
 * @params: (nullable): the parameters the analysis ran with (for the
 *   launch statistics cutoffs), or %NULL for HTA's defaults
 *
 * Picks the adapter of the analysis that made @table (the registry knows
 * it from the table's name) for the table's place among its tables.
 *
 * Returns: (transfer full) (element-type HpChart): the charts; empty for
 *   tables HTA draws no chart for
 */
GPtrArray *
hp_chart_adapt_table (HpTable                *table,
                      const HpAnalysisParams *params)
{
  return adapt_table (table, params, HP_CHART_FLAVOUR_HTA, NULL);
}

/**
 * hp_chart_adapt_table_translated:
 * @table: any analysis table
 * @params: (nullable): as for hp_chart_adapt_table()
 * @domain: the gettext domain to translate the charts' words with
 *
 * The charts of hp_chart_adapt_table(), with their titles, axis titles,
 * legend words and "No data" looked up in @domain, for the app. Values
 * from the table (kernel types, idle categories, names) stay as they are;
 * chart names stay English file stems.
 *
 * Returns: (transfer full) (element-type HpChart): the charts
 */
GPtrArray *
hp_chart_adapt_table_translated (HpTable                *table,
                                 const HpAnalysisParams *params,
                                 const char             *domain)
{
  g_return_val_if_fail (domain != NULL, _hp_chart_list_new ());

  return adapt_table (table, params, HP_CHART_FLAVOUR_HTA, domain);
}

/**
 * hp_chart_adapt_table_flavoured:
 * @table: any analysis table
 * @params: (nullable): as for hp_chart_adapt_table()
 * @flavour: who the charts are for
 * @domain: (nullable): the gettext domain to translate the charts' words
 *   with, or %NULL for English
 *
 * The charts of hp_chart_adapt_table(), finished for @flavour: with
 * %HP_CHART_FLAVOUR_WINDOW they carry the titles, subtitles and order of
 * the app's panels, and the charts of a series (one per kernel, per user
 * annotation) their weight (hp_chart_get_weight()), so that a panel adds
 * them as they come.
 *
 * Returns: (transfer full) (element-type HpChart): the charts
 */
GPtrArray *
hp_chart_adapt_table_flavoured (HpTable                *table,
                                const HpAnalysisParams *params,
                                HpChartFlavour          flavour,
                                const char             *domain)
{
  return adapt_table (table, params, flavour, domain);
}
