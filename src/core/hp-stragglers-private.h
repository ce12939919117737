/* hp-stragglers-private.h — what a rank summary keeps for the stragglers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-core.h"

G_BEGIN_DECLS

GVariant *_hp_stragglers_summary_inputs (HpTrace      *trace,
                                         const HpRank *r);

typedef struct
{
  int    rank;
  gint64 score;
} RankScore;

/* the columns of `straggler_metric` */
enum
{
  MCOL_RANK,
  MCOL_ITERATION,
  MCOL_STREAM,
  MCOL_NAME,
  MCOL_TS,
  MCOL_DUR,
  MCOL_START,
  MCOL_DURATION,
  MCOL_IS_STRAGGLER,
};

double   _hp_stragglers_kth_largest (double *values,
                                     guint   n,
                                     guint   k);
int      _hp_stragglers_compare_scores (gconstpointer a,
                                        gconstpointer b);
void     _hp_stragglers_sort_scores (RankScore *scores,
                                     guint      n);
HpTable *_hp_stragglers_new_steps_table (GArray *steps);
HpTable *_hp_stragglers_new_metric_table (void);
HpTable *_hp_stragglers_new_result_table (void);

/* what hp-stragglers.c and hp-stragglers-summary.c share */

/* HTA's min_normalized_duration: communication kernels shorter than this
 * share of the mean iteration are ignored */
#define MIN_NORMALIZED_DURATION 0.01

/* one long communication kernel of the stacked table */
typedef struct
{
  int     rank;
  gint32  iteration;
  gint64  stream;
  guint32 name;
  guint32 seq; /* position in the stacked table (ranks, then rows) */
  gint64  ts;
  gint64  dur;
} CommKernel;

/* per-name caches over the trace's string ids: 0 unknown, else value + 1 */
typedef struct
{
  HpTrace *trace;
  guint    n;
  gint32  *step; /* step number + 2 (so 1 means "no step") */
  guint8  *comm; /* 1 no, 2 yes */
} NameCache;

typedef struct
{
  HpTrace                *trace;
  const HpAnalysisParams *params;
  gboolean                compat;
  GPtrArray              *ranks;
  GArray                 *valid; /* sorted steps to analyse */
  NameCache               names;

  /* the stacked table restricted to the valid steps */
  gint64 t_min;
  double mean_iter; /* ns */

  GArray *kernels; /* CommKernel: the long communication kernels */
  GArray *kept;    /* CommKernel: one per (rank, stream, iteration, name) */

  /* the chosen (stream, name) */
  gint64   stream;
  guint32  name;
  gboolean spread_undefined;

  /* a job opened from summaries: the kernels' names (CommKernel.name
   * indexes them), in the order the ranks first name them */
  GPtrArray  *local_names;
  GHashTable *local_ids;
} Straggle;

void     _hp_stragglers_name_cache_init (NameCache *cache,
                                         HpTrace   *trace);
void     _hp_stragglers_name_cache_clear (NameCache *cache);
void     _hp_stragglers_sort_unique_ints (GArray *array);
gboolean _hp_stragglers_int_array_contains (GArray *sorted,
                                            int     value);
char    *_hp_stragglers_format_int_list (GArray *array);
gboolean _hp_stragglers_mean_iteration (Straggle *s,
                                        gboolean  any,
                                        GArray   *iterations,
                                        gint64    t_max,
                                        GError  **error);
gboolean _hp_stragglers_check_kernels (Straggle *s,
                                       GError  **error);
GArray  *_hp_stragglers_collect_steps (HpTrace   *trace,
                                       GPtrArray *ranks,
                                       NameCache *cache);
gboolean _hp_stragglers_is_comm_kernel (Straggle     *s,
                                        const HpRank *r,
                                        guint         e);
GArray  *_hp_stragglers_summary_steps (Straggle *s,
                                       GError  **error);
gboolean _hp_stragglers_summary_long_comm_kernels (Straggle *s,
                                                   GError  **error);

G_END_DECLS
