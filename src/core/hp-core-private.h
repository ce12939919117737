/* hp-core-private.h — what the loader, parser and trace share inside core.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib/gstdio.h>

#include "hp-analysis.h"
#include "hp-comm-classify.h"
#include "hp-health.h"
#include "hp-load-error.h"
#include "hp-load-issue.h"
#include "hp-loader.h"
#include "hp-step-figures.h"
#include "hp-strings.h"
#include "hp-trace.h"

G_BEGIN_DECLS

/* thread/process labels from ph "M" events */
typedef struct
{
  gint64   pid;
  gint64   tid;  /* -1 for process-level entries */
  guint32  name; /* local string id, or HP_NO_STRING */
  gint64   sort_index;
  gboolean has_sort_index;
} HpLaneLabel;

/* a lane's identity: its events' pid and tid */
typedef struct
{
  gint64 pid;
  gint64 tid;
} HpLaneKey;

/* Raw per-event parse state that the derive step turns into columns */
typedef struct
{
  HpRank    *rank; /* being filled; columns in file order */
  guint      capacity;
  HpStrings *strings; /* local names and categories */
  gsize      args_capacity;

  guint8 *stream_state; /* 0 absent, 1 number, 2 not numeric */
  guint8 *phase;        /* the 'ph' character, until the kinds hold it */
  /* lanes as the parser meets them: rank->lane holds an event's index in
   * lane_keys until the lanes are built and sorted */
  GArray     *lane_keys; /* HpLaneKey */
  GHashTable *lane_of;   /* HpLaneKey -> index + 1 */
  guint32     last_lane;
  gboolean    any_float_ts;
  gboolean    any_missing_ts;
  GArray     *labels;             /* HpLaneLabel */
  int         rank_from_metadata; /* -1 if none */
  char       *duplicate_of;
} HpRankBuilder;

typedef struct
{
  guint64 *bytes_done;      /* atomically updated */
  guint64 *memory_estimate; /* of the whole job, atomically updated; or NULL */
  void (*report) (gpointer data);
  gpointer report_data;
} HpParseProgress;

GHashTable               *_hp_analysis_params_copy_bag (GHashTable *bag);
const HpParamSpec *const *_hp_param_field_specs (guint *n_specs);
gboolean                  _hp_param_name_is (const HpParamSpec *spec,
                                             const char        *name);

void _hp_load_issue_add (GListStore         *issues,
                         const char         *file,
                         HpLoadIssueSeverity severity,
                         int                 code,
                         const char         *format,
                         ...) G_GNUC_PRINTF (5, 6);

const char    *_hp_file_kind_if_special (const GStatBuf *st);
void           _hp_load_limits_resolve (const HpLoadLimits *limits,
                                        HpLoadLimits       *out);
HpRankBuilder *_hp_parse_file (const char            *path,
                               HpMode                 mode,
                               const HpLoadLimits    *limits,
                               const HpParseProgress *progress,
                               gboolean               inflate_ahead,
                               GCancellable          *cancellable,
                               GError               **error);
void           _hp_rank_builder_free (HpRankBuilder *builder);
/* the parser's exact decimal reading of times (exposed for tests) */
gboolean hp_parse_time_ns (const char *text,
                           gsize       len,
                           gint64     *out_ns);
void     _hp_rank_free (HpRank *rank);
/* HpRank.args_at of an event without args; no args start at such an offset */
#define HP_ARGS_NONE G_MAXUINT32
/* In the args store, a string, JSON or number value whose type byte has
 * this bit set is the same as an earlier one: a varint after the type
 * counts the bytes back from the varint's first byte to the earlier
 * value's length (hp_rank_args_iter_next() reads either the same way). */
#define HP_ARG_AGAIN 0x80
guint64 _hp_rank_args_offset (const HpRank *rank,
                              guint         event);

/* derive steps that need only the rank (run in the worker thread) */
gboolean _hp_rank_derive_local (HpRankBuilder        *builder,
                                HpMode                mode,
                                const HpCommPatterns *comm_patterns,
                                GCancellable         *cancellable);
void     _hp_rank_derive_lanes (HpRankBuilder *builder);
/* remaps local string ids to the trace's and builds lanes */
void   _hp_rank_adopt_strings (HpRankBuilder *builder,
                               HpStrings     *global);
void   _hp_rank_build_lanes (HpRank            *rank,
                             HpStrings         *global,
                             const HpLaneLabel *labels,
                             guint              n_labels);
void   _hp_rank_shift_time (HpRank *rank,
                            gint64  offset);
void   _hp_rank_filter_rows (HpRank    *rank,
                             HpStrings *global,
                             HpMode     mode,
                             gboolean   include_last_step,
                             guint      n_step_names,
                             gboolean   is_mtia);
gint64 _hp_rank_min_measured_ts (const HpRank *rank);
void   _hp_rank_collect_iterations (HpRank *rank);

void     _hp_trace_set_comm_patterns (HpTrace        *self,
                                      HpCommPatterns *patterns);
HpTrace *_hp_trace_new_view (HpTrace       *parent,
                             GPtrArray     *ranks,
                             gpointer       scope,
                             GDestroyNotify scope_free);
HpTrace *_hp_trace_new (HpMode      mode,
                        gboolean    include_last_step,
                        HpStrings  *strings,
                        GPtrArray  *ranks,
                        GListStore *issues,
                        GPtrArray  *ignored,
                        gint64      min_ts);

/* makes tables of a trace that more than one analysis reads */
typedef GPtrArray *(*HpTraceMemoFunc) (HpTrace      *trace,
                                       GCancellable *cancellable,
                                       GError      **error);
GPtrArray *_hp_trace_memo_tables (HpTrace        *self,
                                  gconstpointer   key,
                                  HpTraceMemoFunc compute,
                                  GCancellable   *cancellable,
                                  GError        **error);

/* a rank's communication kernels of one name (what precedes a parenthesis):
 * how many ran and their time (ns) */
typedef struct
{
  char   *name;
  guint64 count;
  gint64  dur_ns;
} HpCommKernelSum;

GArray *_hp_comm_kernel_sums (HpTrace      *trace,
                              const HpRank *r);
void    _hp_check_rank_gpu (HpTrace      *trace,
                            const HpRank *r,
                            GHashTable   *op_gpu,
                            double       *gpu_total,
                            GArray       *steps);
GArray *_hp_trace_comm_kernel_sums (HpTrace *trace,
                                    guint    position);

/* what a job opened from summaries answers instead of its events; called
 * through pointers so that the runner and the health check need no summary
 * code (hp-summary-job.c) */
typedef struct
{
  gboolean (*run) (HpTrace                *trace,
                   const HpAnalysis       *analysis,
                   const HpAnalysisParams *params,
                   GPtrArray              *tables,
                   GError                **error);
  HpHealthReport *(*health) (HpTrace *trace);
  /* the durations (us) of the steps a rank keeps, in row order */
  GArray *(*step_durations) (HpTrace *trace,
                             guint    position);
  /* hp_trace_diff_run_summary()'s table */
  HpTable *(*ops_summary) (HpTrace *trace);
  /* hp_step_figures_compute() of a rank, on the job's clock */
  void (*step_figures) (HpTrace       *trace,
                        guint          position,
                        HpStepFigures *out);
  /* _hp_check_rank_gpu() of a rank */
  void (*check_rank) (HpTrace    *trace,
                      guint       position,
                      GHashTable *op_gpu,
                      double     *gpu_total,
                      GArray     *steps);
  /* _hp_comm_kernel_sums() of a rank */
  GArray *(*comm_kernel_sums) (HpTrace *trace,
                               guint    position);
  /* what rank @rank's summary keeps under @key for the trace's mode, if of
   * @type and of format @min_version or later, with the offset from the
   * rank's clock to the job's; %NULL when it keeps none */
  GVariant *(*rank_part) (HpTrace            *trace,
                          int                 rank,
                          const char         *key,
                          const GVariantType *type,
                          guint               min_version,
                          gint64             *offset);
  /* the table a summary keeps as a GVariant (a rank_part) */
  HpTable *(*table_from_variant) (GVariant *v);
  /* (element-type HpStepStart): the starts of the steps the ranks
   * measure, on the job's clock */
  GArray *(*step_starts) (HpTrace *trace);
  /* why @what, which reads the events themselves, cannot be had of the
   * job: the summaries hold none; names the ranks to load in full */
  char *(*why_no_events) (HpTrace    *trace,
                          const char *what);
} HpTraceSummaryHooks;

void                       _hp_trace_set_summaries (HpTrace                   *self,
                                                    GPtrArray                 *summaries,
                                                    const HpTraceSummaryHooks *hooks);
const HpTraceSummaryHooks *_hp_trace_get_summary_hooks (HpTrace *self);
char                      *_hp_trace_why_no_events (HpTrace    *self,
                                                    const char *what);
void                       _hp_trace_step_figures (HpTrace       *trace,
                                                   guint          position,
                                                   HpStepFigures *out);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpRankBuilder, _hp_rank_builder_free)

/* the double nearest to @ns / 1000 (ties to even): what strtod gives for
 * the time's microsecond text, without the text (hp-derive.c) */
double _hp_ns_to_us_double (gint64 ns);

G_END_DECLS
