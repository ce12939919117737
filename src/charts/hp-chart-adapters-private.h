/* hp-chart-adapters-private.h — what the files of the chart adapters share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-chart-tr-private.h"
#include "hp-bar-chart.h"
#include "hp-chart.h"
#include "hp-chart-adapters.h"
#include "hp-core.h"

G_BEGIN_DECLS

/* Reading tables and making the charts several analyses draw
 * (hp-chart-adapters-common.c). A missing column is -1; a numeric cell
 * that is null or missing is NaN. */
int        _hp_chart_column (HpTable   *table,
                             HpColumnId id);
double     _hp_chart_cell_number (HpTable *table,
                                  guint    row,
                                  int      col);
char      *_hp_chart_cell_text (HpTable *table,
                                guint    row,
                                int      col);
gint64     _hp_chart_row_rank (HpTable *table,
                               guint    row,
                               int      c_rank);
GArray    *_hp_chart_distinct_ranks (HpTable *table,
                                     int      c_rank);
char      *_hp_chart_stem_part (const char *text);
GPtrArray *_hp_chart_list_new (void);
char      *_hp_chart_rank_subtitle (gint64      rank,
                                    const char *domain);
void       _hp_chart_add_rank_categories (HpChart *chart,
                                          HpTable *table,
                                          int      c_rank,
                                          int      c_device);
HpChart   *_hp_chart_share_bars (const char      *name,
                                 const char      *title,
                                 HpBarOrientation orientation,
                                 const char      *x_label,
                                 const char      *y_label);
gboolean   _hp_chart_row_matches (HpTable    *table,
                                  guint       row,
                                  int         col,
                                  const char *value);
GPtrArray *_hp_chart_distinct_strings (HpTable    *table,
                                       int         col,
                                       gboolean    skip_others,
                                       int         filter_col,
                                       const char *filter);
/* the columns of a table of durations per name and rank (kernels,
 * user annotations) */
typedef struct
{
  HpColumnId name, rank, sum, mean, min, max;
} HpChartDurationColumns;

HpChart *_hp_chart_per_rank_pies (HpTable                      *table,
                                  const HpChartDurationColumns *columns,
                                  const char                   *name,
                                  const char                   *title,
                                  int                           filter_col,
                                  const char                   *filter,
                                  const char                   *domain);
HpChart *_hp_chart_duration_bars (HpTable                      *table,
                                  const HpChartDurationColumns *columns,
                                  const char                   *name,
                                  const char                   *title,
                                  int                           type_col,
                                  const char                   *type,
                                  const char                   *kernel_name,
                                  const char                   *domain);

/* The adapters, one file per group of analyses; @domain is the gettext
 * domain of the chart words, or %NULL for English. Those whose charts a
 * window titles differently take the flavour. */
GPtrArray *_hp_chart_adapt_user_annotations (HpTable       *table,
                                             HpChartFlavour flavour,
                                             const char    *domain);
GPtrArray *_hp_chart_adapt_temporal_breakdown (HpTable    *table,
                                               const char *domain);
GPtrArray *_hp_chart_adapt_kernel_type (HpTable    *kernel_type_table,
                                        const char *domain);
GPtrArray *_hp_chart_adapt_kernels (HpTable       *kernel_table,
                                    HpChartFlavour flavour,
                                    const char    *domain);
GPtrArray *_hp_chart_adapt_communication_by_step (HpTable    *table,
                                                  const char *domain);
GPtrArray *_hp_chart_adapt_collective_sizes (HpTable    *table,
                                             const char *domain);
GPtrArray *_hp_chart_adapt_comm_comp_overlap (HpTable    *table,
                                              const char *domain);
GPtrArray *_hp_chart_adapt_critical_path_summary (HpTable    *table,
                                                  const char *domain);
GPtrArray *_hp_chart_adapt_queue_length (HpTable    *time_series,
                                         const char *domain);
GPtrArray *_hp_chart_adapt_memory_bw (HpTable    *time_series,
                                      const char *domain);
GPtrArray *_hp_chart_adapt_idle_time (HpTable    *table,
                                      const char *domain);
GPtrArray *_hp_chart_adapt_launch_stats (HpTable       *table,
                                         double         runtime_cutoff,
                                         double         launch_delay_cutoff,
                                         HpChartFlavour flavour,
                                         const char    *domain);
GPtrArray *_hp_chart_adapt_aten_op_delays (HpTable    *table,
                                           guint       max_ops,
                                           const char *domain);

G_END_DECLS
