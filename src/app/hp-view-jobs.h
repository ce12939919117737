/* hp-view-jobs.h — the results the views show, computed by the one runner.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-charts.h"
#include "hp-core.h"

G_BEGIN_DECLS

/* payload: HpRangeStats; input: HpRangeStatsInput */
extern const HpResultJob hp_view_job_range_stats;
/* payload: HpTable; input: HpAreaStatsInput */
extern const HpResultJob hp_view_job_area_stats;
/* payload: HpTimelineExtras, transient (the layout takes it); input: HpExtrasInput */
extern const HpResultJob hp_view_job_timeline_extras;

/* payload: HpPathOverlay; input: HpAnalysisParams (hp_view_job_run_critical_path()) */
extern const HpResultJob hp_view_job_critical_path;

/* payload: GPtrArray of operator names; input: HpCandidatesInput */
extern const HpResultJob hp_view_job_sequence_candidates;

typedef struct
{
  int   rank;
  guint min_len;
} HpCandidatesInput;

typedef struct
{
  HpTimeSpan span;
  gboolean  *ranks; /* [n_ranks]: the ranks shown */
  guint      n_ranks;
} HpRangeStatsInput;

typedef struct
{
  HpTimeSpan span;
  HpLaneRef *lanes;
  guint      n_lanes;
} HpAreaStatsInput;

typedef struct
{
  HpTimelineFlags what;
  double          idle_delay;
} HpExtrasInput;

HpRangeStatsInput *hp_range_stats_input_new (HpTimeSpan      span,
                                             const gboolean *ranks,
                                             guint           n_ranks);
void               hp_range_stats_input_free (gpointer input);
char              *hp_range_stats_input_key (const HpRangeStatsInput *input);
HpAreaStatsInput  *hp_area_stats_input_new (HpTimeSpan       span,
                                            const HpLaneRef *lanes,
                                            guint            n_lanes);
void               hp_area_stats_input_free (gpointer input);
char              *hp_area_stats_input_key (const HpAreaStatsInput *input);

void         hp_view_job_run (const HpResultJob   *job,
                              HpRun               *run,
                              HpScope             *scope,
                              const char          *key,
                              HpTrace             *trace,
                              gpointer             input,
                              GDestroyNotify       input_free,
                              GCancellable        *cancellable,
                              HpResultProgressFunc progress,
                              gpointer             progress_data,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data);
void         hp_view_job_run_critical_path (HpRun                  *run,
                                            HpScope                *scope,
                                            HpTrace                *trace,
                                            const HpAnalysisParams *params,
                                            GCancellable           *cancellable,
                                            HpResultProgressFunc    progress,
                                            gpointer                progress_data,
                                            GAsyncReadyCallback     callback,
                                            gpointer                user_data);
HpJobResult *hp_view_job_finish (GAsyncResult *result,
                                 GError      **error);

G_END_DECLS
