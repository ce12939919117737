/* hp-health.h — what a trace lacks or has wrong, and which analyses that touches.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <glib.h>

#include "hp-trace.h"

G_BEGIN_DECLS

/**
 * HpHealthSeverity:
 * @HP_HEALTH_INFO: worth knowing; the numbers stand
 * @HP_HEALTH_WARNING: some numbers need care (see the verdicts)
 * @HP_HEALTH_ERROR: data is missing: a file did not load, or an analysis
 *   has nothing to work on
 */
typedef enum
{
  HP_HEALTH_INFO,
  HP_HEALTH_WARNING,
  HP_HEALTH_ERROR,
} HpHealthSeverity;

/**
 * HpHealthVerdict:
 * @HP_HEALTH_TRUST: nothing found touches the analysis
 * @HP_HEALTH_CAUTION: its numbers are computed, but a finding changes them
 * @HP_HEALTH_NOT_APPLICABLE: the trace lacks what the analysis needs: its
 *   table is empty or meaningless
 *
 * Ordered: the worse verdict is the larger.
 */
typedef enum
{
  HP_HEALTH_TRUST,
  HP_HEALTH_CAUTION,
  HP_HEALTH_NOT_APPLICABLE,
} HpHealthVerdict;

/**
 * HpHealthFinding:
 * @rank: the rank it is about, or -1 for the whole job
 * @file: (nullable): the file it is about
 * @code: a stable id, e.g. "no-profiler-step"
 * @severity: how bad
 * @count: how many events (or files) it is about; 0 when not countable
 * @message: one sentence for people
 * @verdicts: per analysis of hp_analysis_list(), in that order, what this
 *   finding does to it
 */
typedef struct
{
  int              rank;
  char            *file;
  const char      *code;
  HpHealthSeverity severity;
  guint64          count;
  char            *message;
  HpHealthVerdict *verdicts;
} HpHealthFinding;

typedef struct
{
  /* step starts of two ranks further apart than this are a clock problem */
  double clock_skew_threshold_us; /* 0: 100 000 us */
} HpHealthOptions;

typedef struct _HpHealthReport HpHealthReport;

HpHealthReport        *hp_health_check (HpTrace               *trace,
                                        const HpHealthOptions *options);
HpHealthReport        *hp_health_report_ref (HpHealthReport *self);
void                   hp_health_report_unref (HpHealthReport *self);
guint                  hp_health_report_get_n_findings (HpHealthReport *self);
const HpHealthFinding *hp_health_report_get_finding (HpHealthReport *self,
                                                     guint           i);
HpHealthVerdict        hp_health_report_get_verdict (HpHealthReport *self,
                                                     int             rank,
                                                     guint           analysis);
char                  *hp_health_report_get_reasons (HpHealthReport *self,
                                                     int             rank,
                                                     guint           analysis);
HpHealthSeverity       hp_health_report_get_worst (HpHealthReport *self);

const char *hp_health_severity_to_string (HpHealthSeverity severity);
const char *hp_health_verdict_to_string (HpHealthVerdict verdict);

/**
 * HpHealthGroup:
 * @finding: the first of the group's findings
 * @ranks: (element-type int): the ranks it is about, ascending; empty for
 *   a finding about the job
 * @ranks_text: (nullable): "rank 3", "ranks 0–7", or with the exceptions
 *   "ranks 0–2, 4–7 (all but 3)"; %NULL for the job
 *
 * One finding said the same way of several ranks.
 */
typedef struct
{
  const HpHealthFinding *finding;
  GArray                *ranks;
  char                  *ranks_text;
} HpHealthGroup;

GPtrArray *hp_health_report_group (HpHealthReport *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpHealthReport, hp_health_report_unref)

G_END_DECLS
