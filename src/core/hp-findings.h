/* hp-findings.h — plain-language findings from the temporal, idle, overlap and collectives tables.
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
 */
typedef struct
{
  double score;
  char  *text;
} HpFinding;

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

/* the label of each straggler question, the same in every view */
#define HP_STRAGGLER_LATE_TO_COLLECTIVES N_ ("late to collectives")
#define HP_STRAGGLER_SLOWEST_COMPUTE N_ ("slowest compute")
#define HP_STRAGGLER_CRITICAL_PATH N_ ("on the cross-rank critical path")

char **hp_findings_collect (HpTable *temporal,
                            HpTable *idle,
                            HpTable *overlap,
                            HpTable *collectives,
                            guint    max_findings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpFinding, hp_finding_free)

G_END_DECLS
