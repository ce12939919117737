/* hp-analysis.h — parameters, registry and runner shared by every analysis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "hp-table.h"
#include "hp-trace.h"

G_BEGIN_DECLS

#define HP_ANALYSIS_ERROR (hp_analysis_error_quark ())

typedef enum
{
  HP_ANALYSIS_ERROR_NO_SUCH_RANK,
  HP_ANALYSIS_ERROR_INVALID_PARAMETER,
  HP_ANALYSIS_ERROR_NO_DATA,
} HpAnalysisError;

GQuark hp_analysis_error_quark (void);

/**
 * HpAnalysisParams:
 *
 * Every parameter of every analysis, with HTA's names and defaults
 * (spec analyses.md). One struct so the CLI, the GUI's controls and the
 * settings share one list. Times are in microseconds, as in HTA.
 */
typedef struct
{
  /* which ranks; NULL or empty = every loaded rank (HTA defaults to rank 0) */
  GArray *ranks; /* int */
  /* which GPU streams for the idle-time breakdown; NULL = all */
  GArray *streams; /* gint64 */

  /* §3 kernel breakdown */
  int      num_kernels;            /* 10 */
  double   duration_ratio;         /* 0.8 */
  gboolean include_memory_kernels; /* TRUE */

  /* §2 idle time */
  gboolean show_idle_interval_stats; /* TRUE here: the golden tables have them */
  double   consecutive_kernel_delay; /* 30 us */

  /* §4 user annotations */
  gboolean use_gpu_annotation;        /* TRUE */
  int      annotation_num_kernels;    /* 1000 */
  double   annotation_duration_ratio; /* 0.8 */
  GStrv    allowlist_patterns;        /* NULL */
  gboolean expand_names;              /* TRUE */
  gboolean shorten_names;             /* TRUE */

  /* §6 launch statistics */
  double   runtime_cutoff;        /* 50 us */
  double   launch_delay_cutoff;   /* 100 us */
  gboolean include_memory_events; /* TRUE */

  /* §8 counters */
  gint64 max_queue_length; /* 1024 */
} HpAnalysisParams;

void hp_analysis_params_init (HpAnalysisParams *params);
void hp_analysis_params_clear (HpAnalysisParams *params);
void hp_analysis_params_copy (HpAnalysisParams       *dest,
                              const HpAnalysisParams *src);

/**
 * HpAnalysisFunc:
 *
 * An analysis: a pure function of an immutable trace. Appends its tables
 * (HpTable *, transfer full) to @tables in the order documented for it.
 */
typedef gboolean (*HpAnalysisFunc) (HpTrace                *trace,
                                    const HpAnalysisParams *params,
                                    GPtrArray              *tables,
                                    GCancellable           *cancellable,
                                    GError                **error);

typedef struct
{
  const char    *name;    /* the CLI's --analysis name, e.g. "temporal_breakdown" */
  const char    *title;   /* for people */
  const char    *section; /* spec section, e.g. "§1" */
  HpAnalysisFunc func;
  gboolean       in_default_set;
  guint          cost; /* relative time on a large trace; costly ones start first */
} HpAnalysis;

const HpAnalysis *hp_analysis_list (guint *n_analyses);
const HpAnalysis *hp_analysis_find (const char *name);
GPtrArray        *hp_analysis_run (const HpAnalysis       *analysis,
                                   HpTrace                *trace,
                                   const HpAnalysisParams *params,
                                   GCancellable           *cancellable,
                                   GError                **error);
void              hp_analysis_run_async (const HpAnalysis       *analysis,
                                         HpTrace                *trace,
                                         const HpAnalysisParams *params,
                                         GCancellable           *cancellable,
                                         GAsyncReadyCallback     callback,
                                         gpointer                user_data);
GPtrArray        *hp_analysis_run_finish (GAsyncResult *result,
                                          GError      **error);
GPtrArray        *hp_analysis_run_many (const HpAnalysis *const *analyses,
                                        guint                    n_analyses,
                                        HpTrace                 *trace,
                                        const HpAnalysisParams  *params,
                                        guint                    n_threads,
                                        double                  *seconds,
                                        GCancellable            *cancellable,
                                        GError                 **error);

/* helpers for analyses */
GPtrArray *hp_analysis_select_ranks (HpTrace                *trace,
                                     const HpAnalysisParams *params,
                                     GError                **error);
gboolean   hp_analysis_check_cancelled (GCancellable *cancellable,
                                        guint         i,
                                        GError      **error);

static inline double
hp_ns_to_us (gint64 ns)
{
  return (double)ns / 1000.0;
}

G_END_DECLS
