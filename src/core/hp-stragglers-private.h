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

G_END_DECLS
