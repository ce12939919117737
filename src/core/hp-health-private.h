/* hp-health-private.h — building a health report from recorded findings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-health.h"

G_BEGIN_DECLS

struct _HpHealthReport
{
  gatomicrefcount ref;
  GArray         *findings; /* HpHealthFinding */
  guint           n_analyses;
  guint          *needs; /* per analysis */
  GArray         *ranks; /* int: the job's loaded ranks, ascending */
};

HpHealthReport *_hp_health_report_new (void);
void            _hp_health_report_set_ranks (HpHealthReport *self,
                                             HpTrace        *trace);
void            _hp_health_report_add_finding (HpHealthReport  *self,
                                               int              rank,
                                               const char      *file,
                                               const char      *code,
                                               HpHealthSeverity severity,
                                               guint64          count,
                                               const char      *message,
                                               HpHealthVerdict *verdicts);

G_END_DECLS
