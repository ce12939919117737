/* hp-critical-path.h — the critical path of one rank over a region (docs/analyses.md §12).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"
#include "hp-table.h"
#include "hp-trace.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_CRITICAL_PATH_ANALYSIS "critical_path"
/* the path across ranks alone, whatever rank and step the critical path
 * shows: an analysis the registry keeps out of its list
 * (hp_analysis_find_internal()) */
#define HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS "critical_path_across_ranks"
#define HP_CRITICAL_PATH_SUMMARY_TABLE "critical_path_summary"
#define HP_CRITICAL_PATH_BREAKDOWN_TABLE "critical_path_breakdown"
#define HP_CRITICAL_PATH_RANKS_TABLE "critical_path_ranks"
#define HP_CRITICAL_PATH_RANKS_BREAKDOWN_TABLE "critical_path_ranks_breakdown"

/* the columns read outside core (hp_table_column_of()) */
#define HP_CRITICAL_PATH_SUMMARY_COL_BOUND_BY HP_COLUMN_ID ("bound_by", HP_CRITICAL_PATH_SUMMARY_TABLE)
#define HP_CRITICAL_PATH_SUMMARY_COL_PCT_OF_PATH_DURATION HP_COLUMN_ID ("pct_of_path_duration", HP_CRITICAL_PATH_SUMMARY_TABLE)
#define HP_CRITICAL_PATH_BREAKDOWN_COL_DURATION HP_COLUMN_ID ("duration", HP_CRITICAL_PATH_BREAKDOWN_TABLE)
#define HP_CRITICAL_PATH_BREAKDOWN_COL_S_NAME HP_COLUMN_ID ("s_name", HP_CRITICAL_PATH_BREAKDOWN_TABLE)
#define HP_CRITICAL_PATH_RANKS_COL_CRITICAL_RANK HP_COLUMN_ID ("critical_rank", HP_CRITICAL_PATH_RANKS_TABLE)
#define HP_CRITICAL_PATH_RANKS_COL_COLLECTIVES HP_COLUMN_ID ("collectives", HP_CRITICAL_PATH_RANKS_TABLE)
#define HP_CRITICAL_PATH_RANKS_COL_PATH_DURATION HP_COLUMN_ID ("path_duration", HP_CRITICAL_PATH_RANKS_TABLE)
#define HP_CRITICAL_PATH_RANKS_COL_CRITICAL_RANK_PCT HP_COLUMN_ID ("critical_rank_pct", HP_CRITICAL_PATH_RANKS_TABLE)
#define HP_CRITICAL_PATH_RANKS_BREAKDOWN_COL_RANK HP_COLUMN_ID ("rank", HP_CRITICAL_PATH_RANKS_BREAKDOWN_TABLE)
#define HP_CRITICAL_PATH_RANKS_BREAKDOWN_COL_DURATION HP_COLUMN_ID ("duration", HP_CRITICAL_PATH_RANKS_BREAKDOWN_TABLE)

G_BEGIN_DECLS

/**
 * HpCpEdgeType:
 * @HP_CP_EDGE_OPERATOR: the span of an operator, runtime call or kernel, or
 *   a CPU gap inside an operator (`critical_path_operator`)
 * @HP_CP_EDGE_DEPENDENCY: ordering without cost (`critical_path_dependency`)
 * @HP_CP_EDGE_LAUNCH_DELAY: runtime call start → kernel start
 *   (`critical_path_kernel_launch_delay`)
 * @HP_CP_EDGE_KERNEL_KERNEL: previous kernel end → kernel start on a stream
 *   (`critical_path_kernel_kernel_delay`)
 * @HP_CP_EDGE_SYNC: GPU → CPU or GPU → GPU synchronisation
 *   (`critical_path_sync_dependency`)
 * @HP_CP_EDGE_CROSS_RANK: a collective cannot end on one rank before it
 *   started on every rank (`critical_path_cross_rank`, not in HTA)
 */
typedef enum
{
  HP_CP_EDGE_OPERATOR,
  HP_CP_EDGE_DEPENDENCY,
  HP_CP_EDGE_LAUNCH_DELAY,
  HP_CP_EDGE_KERNEL_KERNEL,
  HP_CP_EDGE_SYNC,
  HP_CP_EDGE_CROSS_RANK,
  HP_CP_N_EDGE_TYPES
} HpCpEdgeType;

/**
 * HpCpNode:
 * @time: ns
 * @event: the event's position in its rank
 * @is_start: the start (else the end) of the event
 */
typedef struct
{
  gint64   time;
  guint32  event;
  gboolean is_start;
} HpCpNode;

/**
 * HpCpEdge:
 * @src: node id
 * @dst: node id
 * @weight: ns, as built (HTA's edge weight; may be negative)
 * @type: its #HpCpEdgeType
 * @zero_weight: a launch edge added with weight 0 (the zero-weight switch)
 * @attribution: the event the edge's time is charged to, or -1
 */
typedef struct
{
  guint32 src;
  guint32 dst;
  gint64  weight;
  guint8  type;
  guint8  zero_weight;
  gint32  attribution;
} HpCpEdge;

/**
 * HpCpCrossEdge:
 * @src_rank_pos: the position of the rank that arrived last at a collective
 * @src_event: its collective kernel
 * @src_time: when it started, ns
 * @dst_rank_pos: the position of a rank that waited for it
 * @dst_event: that rank's kernel of the same collective
 * @dst_time: when it ended, ns
 *
 * An edge between two ranks' graphs (`critical_path_cross_rank`).
 */
typedef struct
{
  guint   src_rank_pos;
  guint32 src_event;
  gint64  src_time;
  guint   dst_rank_pos;
  guint32 dst_event;
  gint64  dst_time;
} HpCpCrossEdge;

/**
 * HpCriticalPathOptions:
 * @annotation: the region's annotation (a substring of the names), "" for
 *   the whole trace, %NULL for the default region (the first complete
 *   ProfilerStep, else the whole trace)
 * @instance_first: the first instance (0-based) of @annotation
 * @instance_last: the last instance, inclusive
 * @zero_weight_launch_edges: add a weight-0 launch edge to every kernel
 *   that got no launch edge
 * @data_load_events: (nullable): name substrings of data-loading events
 */
typedef struct
{
  const char        *annotation;
  int                instance_first;
  int                instance_last;
  gboolean           zero_weight_launch_edges;
  const char *const *data_load_events;
} HpCriticalPathOptions;

void hp_critical_path_options_init (HpCriticalPathOptions *options);

typedef struct _HpCriticalPath HpCriticalPath;

HpCriticalPath *hp_critical_path_new (HpTrace                     *trace,
                                      const HpRank                *rank,
                                      const HpCriticalPathOptions *options,
                                      GCancellable                *cancellable,
                                      GError                     **error);
void            hp_critical_path_free (HpCriticalPath *self);

const HpRank   *hp_critical_path_get_rank (HpCriticalPath *self);
const char     *hp_critical_path_get_region (HpCriticalPath *self);
gint64          hp_critical_path_get_region_start (HpCriticalPath *self);
gint64          hp_critical_path_get_region_end (HpCriticalPath *self);
gboolean        hp_critical_path_is_valid (HpCriticalPath *self);
const char     *hp_critical_path_get_problem (HpCriticalPath *self);
guint           hp_critical_path_get_n_unlinked (HpCriticalPath *self);
const HpCpNode *hp_critical_path_get_nodes (HpCriticalPath *self,
                                            guint          *n_nodes);
const HpCpEdge *hp_critical_path_get_edges (HpCriticalPath *self,
                                            guint          *n_edges);
const guint32  *hp_critical_path_get_path (HpCriticalPath *self,
                                           guint          *n_nodes);
const guint32  *hp_critical_path_get_path_edges (HpCriticalPath *self,
                                                 guint          *n_edges);
gint64          hp_critical_path_get_length (HpCriticalPath *self);
gboolean        hp_critical_path_event_is_critical (HpCriticalPath *self,
                                                    guint           event);
gint64          hp_critical_path_get_slack (HpCriticalPath *self,
                                            guint           event);
guint          *hp_critical_path_get_event_edges (HpCriticalPath *self,
                                                  guint           event,
                                                  gboolean        incoming,
                                                  guint          *n_edges);

const char *hp_cp_edge_type_to_string (HpCpEdgeType type);
const char *hp_critical_path_edge_bound_by (HpCriticalPath *self,
                                            const HpCpEdge *edge);

HpTable *hp_critical_path_breakdown (HpCriticalPath *self);
HpTable *hp_critical_path_summary (HpCriticalPath *self);

char    *hp_critical_path_overlay_path (HpCriticalPath *self,
                                        const char     *output_dir);
gboolean hp_critical_path_write_overlay (HpCriticalPath *self,
                                         const char     *output_path,
                                         gboolean        only_critical_events,
                                         gboolean        show_all_edges,
                                         GCancellable   *cancellable,
                                         GError        **error);

GArray  *hp_critical_path_cross_rank_edges (HpCriticalPath **paths,
                                            guint            n_paths);
GArray  *hp_critical_path_list_steps (HpTrace      *trace,
                                      const HpRank *rank);
HpTable *hp_critical_path_ranks (HpTrace                     *trace,
                                 const HpCriticalPathOptions *options,
                                 HpTable                    **breakdown,
                                 GCancellable                *cancellable,
                                 GError                     **error);

HpCriticalPath         *hp_critical_path_new_for_params (HpTrace                *trace,
                                                         const HpAnalysisParams *params,
                                                         GCancellable           *cancellable,
                                                         GError                **error);
struct _HpLinkedEvents *hp_critical_path_row_events (HpTrace                *trace,
                                                     HpTable                *breakdown,
                                                     guint                   row,
                                                     const HpAnalysisParams *params);

gboolean hp_critical_path_compute (HpTrace                *trace,
                                   const HpAnalysisParams *params,
                                   GPtrArray              *tables,
                                   GCancellable           *cancellable,
                                   GError                **error);
gboolean hp_critical_path_across_ranks_compute (HpTrace                *trace,
                                                const HpAnalysisParams *params,
                                                GPtrArray              *tables,
                                                GCancellable           *cancellable,
                                                GError                **error);

extern const HpAnalysis  hp_critical_path_analysis;
extern const HpAnalysis  hp_critical_path_across_ranks_analysis;
extern const HpParamSpec hp_critical_path_rank_spec;
extern const HpParamSpec hp_critical_path_step_spec;
extern const HpParamSpec hp_critical_path_data_load_events_spec;
extern const HpParamSpec hp_critical_path_zero_weight_launch_edges_spec;

G_END_DECLS
