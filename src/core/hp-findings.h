/* hp-findings.h — plain-language findings about a job, from its analyses' tables.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-table.h"

G_BEGIN_DECLS

/**
 * HpFinding:
 * @score: how much it matters; findings are listed highest first
 * @text: one sentence for people
 * @rank: the rank a straggler answer names, else -1
 * @question: (nullable): the label of the straggler question it answers
 *   (HP_STRAGGLER_*, untranslated), else %NULL
 */
typedef struct
{
  double      score;
  char       *text;
  int         rank;
  const char *question;
} HpFinding;

/**
 * HpFindingTables:
 * @temporal: (nullable): the temporal breakdown
 * @idle: (nullable): the idle time breakdown, to say what the GPUs wait for
 * @overlap: (nullable): the communication/computation overlap table
 * @collectives: (nullable): the `collectives` table, for the rank late to
 *   collectives
 * @critical_path_ranks: (nullable): the `critical_path_ranks` table, for
 *   the rank on the critical path
 * @critical_path_ranks_breakdown: (nullable): its breakdown by rank, for
 *   each rank's share of the path
 *
 * The tables the findings are read from; any may be missing.
 */
typedef struct
{
  HpTable *temporal;
  HpTable *idle;
  HpTable *overlap;
  HpTable *collectives;
  HpTable *critical_path_ranks;
  HpTable *critical_path_ranks_breakdown;
} HpFindingTables;

void hp_finding_free (HpFinding *finding);

HpFinding *hp_finding_idle_time (HpTable *temporal,
                                 HpTable *idle);
HpFinding *hp_finding_non_compute (HpTable *temporal);
HpFinding *hp_finding_rank_imbalance (HpTable *temporal);
HpFinding *hp_finding_busy (HpTable *temporal);
HpFinding *hp_finding_kernel_wait (HpTable *idle);
HpFinding *hp_finding_overlap (HpTable *overlap);
HpFinding *hp_finding_late_to_collectives (HpTable *collectives);
HpFinding *hp_finding_slowest_compute (HpTable *temporal);
HpFinding *hp_finding_critical_path (HpTable *ranks,
                                     HpTable *breakdown);
HpFinding *hp_finding_stragglers_disagree (HpFinding *const *answers,
                                           guint             n_answers);

/* the label of each straggler question, the same in every view */
#define HP_STRAGGLER_LATE_TO_COLLECTIVES N_ ("late to collectives")
#define HP_STRAGGLER_SLOWEST_COMPUTE N_ ("slowest compute")
#define HP_STRAGGLER_CRITICAL_PATH N_ ("on the critical path")

/**
 * HpFindingResultFunc:
 * @analysis: one of hp_findings_get_analyses()
 *
 * Returns: (transfer none) (nullable) (element-type HpTable): the tables of
 *   its result, or %NULL when there is none
 */
typedef GPtrArray *(*HpFindingResultFunc) (const char *analysis,
                                           gpointer    user_data);

const char *const *hp_findings_get_analyses (guint *n_analyses);
void               hp_finding_tables_from_results (HpFindingTables    *tables,
                                                   HpFindingResultFunc result,
                                                   gpointer            user_data);

char **hp_straggler_answers (const HpFindingTables *tables);
char **hp_findings_collect (const HpFindingTables *tables,
                            guint                  max_findings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpFinding, hp_finding_free)

G_END_DECLS
