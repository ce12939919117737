/* hp-chart-adapters.h — HTA's charts, built from the tables the analyses return.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include "hp-core.h"
#include "hp-chart.h"

G_BEGIN_DECLS

/* Each adapter reads the columns of one analysis table, named as in HTA
 * (docs/analyses.md), and returns a GPtrArray of HpChart (transfer full,
 * element free function set), one chart per figure HTA draws, each with a
 * stable name (hp_chart_get_name()) to use as a file stem. Tables with a
 * `rank` column give one chart per rank where HTA draws one per rank; a
 * table without the columns an adapter needs gives a "No data" chart. */

GPtrArray *hp_chart_adapt_temporal_breakdown (HpTable *table);
GPtrArray *hp_chart_adapt_kernel_type (HpTable *kernel_type_table);
GPtrArray *hp_chart_adapt_kernels (HpTable *kernel_table);
GPtrArray *hp_chart_adapt_idle_time (HpTable *table);
GPtrArray *hp_chart_adapt_comm_comp_overlap (HpTable *table);
GPtrArray *hp_chart_adapt_launch_stats (HpTable *table,
                                        double   runtime_cutoff,
                                        double   launch_delay_cutoff);
GPtrArray *hp_chart_adapt_aten_op_delays (HpTable *table,
                                          guint    max_ops);
GPtrArray *hp_chart_adapt_queue_length (HpTable *time_series);
GPtrArray *hp_chart_adapt_memory_bw (HpTable *time_series);
GPtrArray *hp_chart_adapt_user_annotations (HpTable *table);

/**
 * HpChartFlavour:
 * @HP_CHART_FLAVOUR_HTA: HTA's charts, with HTA's titles: the files
 *   `hotpath-cli report --charts` writes
 * @HP_CHART_FLAVOUR_WINDOW: the same charts titled for a card of the app's
 *   window: short titles saying what and where, subtitles saying how, in
 *   the order the panel shows them
 *
 * Who the charts are for. The data drawn is the same in both.
 */
typedef enum
{
  HP_CHART_FLAVOUR_HTA,
  HP_CHART_FLAVOUR_WINDOW,
} HpChartFlavour;

GPtrArray *hp_chart_adapt_table_flavoured (HpTable                *table,
                                           const HpAnalysisParams *params,
                                           HpChartFlavour          flavour,
                                           const char             *domain);
GPtrArray *hp_chart_adapt_table (HpTable                *table,
                                 const HpAnalysisParams *params);
GPtrArray *hp_chart_adapt_table_translated (HpTable                *table,
                                            const HpAnalysisParams *params,
                                            const char             *domain);

G_END_DECLS
