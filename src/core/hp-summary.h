/* hp-summary.h — one rank's analyses in a small file, and jobs opened from such files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-analysis.h"
#include "hp-loader.h"
#include "hp-table.h"
#include "hp-trace.h"

G_BEGIN_DECLS

/* docs/cluster.md describes the format; a reader takes every version up to
 * its own and refuses later ones. Format 2 describes each collective
 * instance as the matching across ranks needs it. */
#define HP_SUMMARY_VERSION 2
#define HP_SUMMARY_SUFFIX ".hpsum"
#define HP_SUMMARY_MAGIC "HOTPATH-SUMMARY\n"

typedef struct _HpSummary HpSummary;

#define HP_TYPE_SUMMARY (hp_summary_get_type ())

GType      hp_summary_get_type (void) G_GNUC_CONST;
HpSummary *hp_summary_new_for_trace (const char   *trace_path,
                                     GCancellable *cancellable,
                                     GError      **error);
HpSummary *hp_summary_read (const char *path,
                            GError    **error);
gboolean   hp_summary_write (HpSummary  *self,
                             const char *path,
                             GError    **error);
GBytes    *hp_summary_to_bytes (HpSummary *self);
HpSummary *hp_summary_ref (HpSummary *self);
void       hp_summary_unref (HpSummary *self);

int         hp_summary_get_rank (HpSummary *self);
const char *hp_summary_get_trace_path (HpSummary *self);
const char *hp_summary_get_trace_sha256 (HpSummary *self);
guint64     hp_summary_get_trace_bytes (HpSummary *self);
char       *hp_summary_dup_file_name (HpSummary *self);
GPtrArray  *hp_summary_get_tables (HpSummary  *self,
                                   HpMode      mode,
                                   const char *analysis);

gboolean hp_path_is_summary (const char *path);
gboolean hp_paths_have_summaries (const char *const *paths);

/* a job made of summaries, and of traces summarised on the way (mixed
 * folders); hp_trace_get_summaries() says which traces are such jobs */
HpTrace   *hp_summary_load_paths (const char *const   *paths,
                                  const HpLoadOptions *options,
                                  GCancellable        *cancellable,
                                  GError             **error);
GPtrArray *hp_trace_get_summaries (HpTrace *trace);
char      *hp_summary_job_ranks_to_load (HpTrace *trace);
HpTrace   *hp_summary_job_with_activity (HpTrace      *job,
                                         GCancellable *cancellable,
                                         GError      **error);
char      *hp_summary_job_why_not (HpTrace                *trace,
                                   const HpAnalysis       *analysis,
                                   const HpAnalysisParams *params);

/* the coarse activity picture of one lane of a summarised rank */
typedef struct
{
  int           rank;
  gint64        pid;
  gint64        tid;
  const char   *name;
  gboolean      is_gpu;
  gint64        start; /* ns, in the job's aligned time */
  gint64        end;
  guint         n_bins;
  const guint8 *bins; /* busy share of each bin, 0–255 */
} HpSummaryLane;

GArray     *hp_summary_get_lanes (HpSummary *self,
                                  gint64     job_min_ts);
gint64      hp_summary_get_min_ts (HpSummary *self);
guint64     hp_summary_get_n_events (HpSummary *self);
const char *hp_summary_get_source (HpSummary *self);
const char *hp_summary_get_body_error (HpSummary *self);
GStrv       hp_summary_get_step_names (HpSummary *self);
void        hp_summary_get_n_lanes (HpSummary *self,
                                    guint     *n_cpu,
                                    guint     *n_gpu);
GArray     *hp_summary_get_steps (HpSummary *self,
                                  gint64     job_min_ts);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpSummary, hp_summary_unref)

G_END_DECLS
