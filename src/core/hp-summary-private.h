/* hp-summary-private.h — what the summary files and the jobs made of them share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-core.h"
#include "hp-core-private.h"

G_BEGIN_DECLS

struct _HpSummary
{
  gatomicrefcount ref_count;
  GVariant       *root; /* a{sv}, the header */
  char           *path; /* the file, when read from one */
  gsize           body_offset;
  GMutex          lock; /* the body is read when first needed */
  char           *body_error;
  guint32         version;
  char           *source; /* the file it was read or made from */
  char           *trace_path;
  char           *sha256;
  char           *device_type;
  int             rank;
  gint64          min_ts;     /* the rank's first start on its own clock, ns */
  gint64          job_min_ts; /* the job's, once opened in one */
  guint64         trace_bytes;
  guint64         json_bytes;
  guint64         n_events;
  guint32         n_cpu_lanes;
  guint32         n_gpu_lanes;
  GVariant       *step_names; /* as */
  GVariant       *modes[2];   /* a{sv} of HP_MODE_DEFAULT and HP_MODE_HTA_COMPAT */
};

/* the type of one table, and the keys of the modes' tables by HpMode */
#define HP_SUMMARY_TABLE_TYPE "(ssmsua(smsyv))"
extern const char *const _hp_summary_mode_keys[2];

HpSummary *_hp_summary_new (GVariant *root,
                            GError  **error);
gboolean   _hp_summary_set_modes (HpSummary *self,
                                  GVariant  *all,
                                  GError   **error);

GVariant *_hp_summary_tables_to_variant (GPtrArray *tables);
GVariant *_hp_summary_table_to_variant (HpTable *table);
HpTable  *_hp_summary_table_from_variant (GVariant *v);
GVariant *_hp_summary_get_mode (HpSummary *self,
                                HpMode     mode);

/* the hooks of the analysis runner, the health check and the comparisons */
gint64   _hp_summary_job_offset (HpTrace   *trace,
                                 HpSummary *s);
void     _hp_summary_shift_time_column (HpTable    *table,
                                        const char *column,
                                        gint64      offset);
HpTable *_hp_summary_merge_table (GPtrArray *per_rank);

/* the answers of a job opened from summaries (HpTraceSummaryHooks) */
extern const HpTraceSummaryHooks _hp_summary_job_hooks;

gboolean        _hp_summary_job_run (HpTrace                *trace,
                                     const HpAnalysis       *analysis,
                                     const HpAnalysisParams *params,
                                     GPtrArray              *tables,
                                     GError                **error);
HpHealthReport *_hp_summary_job_health (HpTrace *trace);

/* the start of a measured ProfilerStep#step of a rank, on the job's clock */
typedef struct
{
  int    rank;
  int    step;
  gint64 start;
} HpStepStart;

GArray *_hp_summary_job_step_starts (HpTrace *trace);

G_END_DECLS
