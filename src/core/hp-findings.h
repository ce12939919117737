/* hp-findings.h — plain-language findings from the temporal, idle and overlap tables.
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

char **hp_findings_collect (HpTable *temporal,
                            HpTable *idle,
                            HpTable *overlap,
                            guint    max_findings);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpFinding, hp_finding_free)

G_END_DECLS
