/* hp-compare-summary.h — a comparison in words: one sentence per run and the numbers it cites.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <json-glib/json-glib.h>

#include "hp-trace.h"

G_BEGIN_DECLS

/**
 * HpCompareSentenceKind:
 * @HP_COMPARE_SENTENCE_RUN: what one run does: its steps, idle time and
 *   exposed communication
 * @HP_COMPARE_SENTENCE_FASTEST: which run has the fastest steps
 * @HP_COMPARE_SENTENCE_BASELINE: one run against the baseline: its step
 *   time and idle share beside the baseline's
 */
typedef enum
{
  HP_COMPARE_SENTENCE_RUN,
  HP_COMPARE_SENTENCE_FASTEST,
  HP_COMPARE_SENTENCE_BASELINE,
} HpCompareSentenceKind;

/**
 * HpCompareSentence:
 * @kind: what the sentence says
 * @run: the run it is about (for %HP_COMPARE_SENTENCE_FASTEST, the
 *   fastest run)
 * @label: that run's label
 * @text: the sentence, as shown
 * @n_ranks: the ranks of the run that were loaded
 * @n_missing: the ranks its job names that no file holds
 * @step_us: the mean step time over the ranks with steps, in
 *   microseconds, or NaN when the run has no steps
 * @kernel_span_us: the GPU time span of every rank together
 *   (`kernel_time(us)` of the temporal breakdown), 0 without GPU work
 * @idle_pct: the idle share of @kernel_span_us, ranks weighted by their
 *   time, or NaN without GPU work
 * @exposed_comm_pct: the share of @kernel_span_us in communication no
 *   computation overlaps, or NaN when not measured
 * @baseline: the run every other is compared with (every sentence)
 * @step_ratio: for %HP_COMPARE_SENTENCE_BASELINE, @step_us over the
 *   baseline's, or NaN when either run has no steps
 *
 * One sentence of a comparison's summary, with every number it cites.
 */
typedef struct
{
  HpCompareSentenceKind kind;
  guint                 run;
  char                 *label;
  char                 *text;
  guint                 n_ranks;
  guint                 n_missing;
  double                step_us;
  double                kernel_span_us;
  double                idle_pct;
  double                exposed_comm_pct;
  guint                 baseline;
  double                step_ratio;
} HpCompareSentence;

void  hp_compare_sentence_free (HpCompareSentence *sentence);
char *hp_compare_format_pct (double pct);

GPtrArray *hp_compare_summary (HpTrace *const    *traces,
                               const char *const *labels,
                               guint              n_runs,
                               GPtrArray         *tables);
GPtrArray *hp_compare_summary_against (HpTrace *const    *traces,
                                       const char *const *labels,
                                       guint              n_runs,
                                       GPtrArray         *tables,
                                       guint              baseline);
char      *hp_compare_summary_to_text (GPtrArray *sentences);
JsonNode  *hp_compare_summary_to_json (GPtrArray *sentences);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpCompareSentence, hp_compare_sentence_free)

gboolean hp_compare_label_says_baseline (const char *label);

G_END_DECLS
