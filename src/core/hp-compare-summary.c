/* hp-compare-summary.c — a comparison in words: one sentence per run and the numbers it cites.
 *
 * The sentences read the tables of hp_compare_runs(), so each number a
 * sentence cites is the one of a table (and so of `report` on that run
 * alone): the mean step time of compare_step_time, the idle share of
 * compare_temporal_breakdown, all ranks together (each rank weighed by its
 * time), and the exposed communication of compare_comm_comp_overlap.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-compare-summary.h"
#include "hp-compare.h"
#include "hp-core-private.h"
#include "hp-job-info.h"

void
hp_compare_sentence_free (HpCompareSentence *sentence)
{
  if (sentence == NULL)
    return;
  g_free (sentence->label);
  g_free (sentence->text);
  g_free (sentence);
}

static HpTable *
table_named (GPtrArray  *tables,
             const char *name)
{
  for (guint i = 0; tables != NULL && i < tables->len; i++)
    if (g_strcmp0 (hp_table_get_name (tables->pdata[i]), name) == 0)
      return tables->pdata[i];
  return NULL;
}

/* the mean over @label's ranks of compare_step_time's mean, NaN without steps */
static double
mean_step (HpTable    *steps,
           const char *label)
{
  int    c = steps != NULL ? hp_table_find_column (steps, "mean") : -1;
  double sum = 0;
  guint  n = 0;

  for (guint row = 0; c >= 0 && row < hp_table_get_n_rows (steps); row++)
    {
      double v = hp_table_get_double (steps, row, (guint)c);

      if (g_strcmp0 (hp_table_get_string (steps, row, 0), label) == 0 && !isnan (v))
        {
          sum += v;
          n++;
        }
    }
  return n > 0 ? sum / n : NAN;
}

/**
 * hp_compare_format_pct:
 * @pct: a share in percent
 *
 * The one way the comparison's sentences write a share: whole percents,
 * except near the ends, where rounding would say 0% or 100% of something
 * that is not nothing or everything: 99.54 is "99.5%", 0.3 is "0.3%", and
 * closer still "> 99.9%" or "< 0.1%".
 *
 * Returns: (transfer full): the share with its percent sign
 */
char *
hp_compare_format_pct (double pct)
{
  if (isnan (pct))
    return g_strdup ("?%");
  if (pct <= 0 || pct >= 100 || (pct >= 1 && pct <= 99))
    return g_strdup_printf ("%.0f%%", pct);
  if (pct < 0.05)
    return g_strdup ("< 0.1%");
  if (pct >= 99.95)
    return g_strdup ("> 99.9%");
  return g_strdup_printf ("%.1f%%", pct);
}

static HpCompareSentence *
run_sentence (HpTrace    *trace,
              const char *label,
              guint       run,
              HpTable    *temporal,
              HpTable    *overlap,
              HpTable    *steps)
{
  HpCompareSentence *s = g_new0 (HpCompareSentence, 1);
  GString           *text = g_string_new (label);
  double             idle = hp_compare_sum (temporal, label, "idle_time(us)");
  double             exposed = hp_compare_sum (overlap, label, "communication_time(us)") -
                   hp_compare_sum (overlap, label, "overlap_time(us)");
  g_autoptr (HpJobInfo) info = hp_job_info_new (trace);

  s->kind = HP_COMPARE_SENTENCE_RUN;
  s->run = run;
  s->step_ratio = NAN;
  s->label = g_strdup (label);
  s->n_ranks = info->n_ranks;
  s->n_missing = info->missing->len;
  s->step_us = mean_step (steps, label);
  s->kernel_span_us = hp_compare_sum (temporal, label, "kernel_time(us)");
  if (isnan (s->kernel_span_us))
    s->kernel_span_us = 0;
  s->idle_pct = s->kernel_span_us > 0 ? 100.0 * idle / s->kernel_span_us : NAN;
  s->exposed_comm_pct = s->kernel_span_us > 0 && !isnan (exposed) ? 100.0 * exposed / s->kernel_span_us : NAN;

  /* a job of several ranks says how many, and which it lacks */
  if (info->n_ranks > 1 || info->missing->len > 0)
    {
      g_autofree char *ranks = hp_job_info_describe_ranks (info);

      g_string_append_printf (text, ", %s", ranks);
    }
  g_string_append (text, ": ");
  if (!isnan (s->step_us))
    /* Translators: the mean step time in milliseconds */
    g_string_append_printf (text, _ ("steps take %.1f ms on average; "), s->step_us / 1000.0);
  if (s->kernel_span_us > 0)
    {
      g_autofree char *idle_text = hp_compare_format_pct (s->idle_pct);
      g_autofree char *exposed_text = hp_compare_format_pct (s->exposed_comm_pct);

      /* the share weighs ranks by their time, where a chart's bars are the
       * mean over ranks: say which this is */
      if (info->n_ranks > 1)
        {
          g_string_append_printf (text, _ ("the GPUs are idle %s of their time, all ranks together"), idle_text);
          if (s->exposed_comm_pct > 0)
            g_string_append_printf (text, _ (", and spend %s of it in exposed communication"), exposed_text);
        }
      else
        {
          g_string_append_printf (text, _ ("the GPU is idle %s of its time"), idle_text);
          if (s->exposed_comm_pct > 0)
            g_string_append_printf (text, _ (" and spends %s of its time in exposed communication"), exposed_text);
        }
      g_string_append (text, ".");
    }
  else
    g_string_append (text, _ ("no GPU activity."));
  s->text = g_string_free (text, FALSE);
  return s;
}

/**
 * hp_compare_summary:
 * @traces: (array length=n_runs): the runs' traces
 * @labels: (array length=n_runs): their labels, as given to hp_compare_runs()
 * @tables: (element-type HpTable): the tables of hp_compare_runs()
 *
 * Says in words what the comparison's tables hold: a sentence per run (its
 * ranks, the ranks its job lacks, its mean step time, the idle share of its
 * GPUs and the share in exposed communication), then which run has the
 * fastest steps when any has steps.
 *
 * Returns: (transfer full) (element-type HpCompareSentence): the sentences
 */
GPtrArray *
hp_compare_summary (HpTrace *const    *traces,
                    const char *const *labels,
                    guint              n_runs,
                    GPtrArray         *tables)
{
  return hp_compare_summary_against (traces, labels, n_runs, tables, G_MAXUINT);
}

/**
 * hp_compare_label_says_baseline:
 * @label: a run's label
 *
 * Returns: whether the label already says the run is the baseline
 *   ("baseline", "Baseline-fp32", "old baseline"), so sentences, legends
 *   and choosers need not repeat the word
 */
gboolean
hp_compare_label_says_baseline (const char *label)
{
  g_autofree char *folded = g_utf8_casefold (label, -1);

  return strstr (folded, "baseline") != NULL;
}

/* "New against Base (the baseline): steps take 2.00× as long (0.2 ms
 * against 0.1 ms); idle 40% of GPU time against 25%." — or "New against
 * baseline: …" when the baseline's label says so itself. */
static HpCompareSentence *
baseline_sentence (const HpCompareSentence *run,
                   const HpCompareSentence *base)
{
  HpCompareSentence *s = g_new0 (HpCompareSentence, 1);
  GString           *text = g_string_new (NULL);

  *s = *run;
  s->kind = HP_COMPARE_SENTENCE_BASELINE;
  s->label = g_strdup (run->label);
  s->step_ratio = !isnan (run->step_us) && !isnan (base->step_us) && base->step_us > 0 ? run->step_us / base->step_us
                                                                                       : NAN;
  if (hp_compare_label_says_baseline (base->label))
    /* Translators: a run compared with the baseline run of a comparison,
     * whose label already names it the baseline ("ddp against baseline: ") */
    g_string_printf (text, _ ("%s against %s: "), run->label, base->label);
  else
    /* Translators: a run compared with the baseline run of a comparison */
    g_string_printf (text, _ ("%s against %s (the baseline): "), run->label, base->label);
  if (!isnan (s->step_ratio))
    /* Translators: the ratio of two mean step times, then both in ms */
    g_string_append_printf (text, _ ("steps take %.2f× as long (%.1f ms against %.1f ms)"), s->step_ratio,
                            run->step_us / 1000.0, base->step_us / 1000.0);
  else if (isnan (run->step_us))
    g_string_append_printf (text, _ ("steps not compared (%s has no ProfilerStep)"), run->label);
  else
    g_string_append_printf (text, _ ("steps not compared (%s has no ProfilerStep)"), base->label);
  if (!isnan (run->idle_pct) && !isnan (base->idle_pct))
    g_string_append_printf (text, _ ("; idle %.0f%% of GPU time against %.0f%%"), run->idle_pct, base->idle_pct);
  g_string_append (text, ".");
  s->text = g_string_free (text, FALSE);
  return s;
}

/**
 * hp_compare_summary_against:
 * @traces: (array length=n_runs): the runs' traces
 * @labels: (array length=n_runs): their labels, as given to hp_compare_runs()
 * @tables: (element-type HpTable): the tables of hp_compare_runs()
 * @baseline: the run every other is compared with, or %G_MAXUINT for none
 *
 * The sentences of hp_compare_summary(), then one per other run against
 * @baseline (its mean step time as a multiple of the baseline's, and both
 * idle shares) before the fastest run's.
 *
 * Returns: (transfer full) (element-type HpCompareSentence): the sentences
 */
GPtrArray *
hp_compare_summary_against (HpTrace *const    *traces,
                            const char *const *labels,
                            guint              n_runs,
                            GPtrArray         *tables,
                            guint              baseline)
{
  GPtrArray               *sentences = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_compare_sentence_free);
  HpTable                 *temporal = table_named (tables, "compare_temporal_breakdown");
  HpTable                 *overlap = table_named (tables, "compare_comm_comp_overlap");
  HpTable                 *steps = table_named (tables, "compare_step_time");
  const HpCompareSentence *fastest = NULL;

  for (guint run = 0; run < n_runs; run++)
    {
      HpCompareSentence *s = run_sentence (traces[run], labels[run], run, temporal, overlap, steps);

      if (!isnan (s->step_us) && (fastest == NULL || s->step_us < fastest->step_us))
        fastest = s;
      s->baseline = baseline;
      g_ptr_array_add (sentences, s);
    }
  for (guint run = 0; baseline < n_runs && run < n_runs; run++)
    if (run != baseline)
      g_ptr_array_add (sentences, baseline_sentence (sentences->pdata[run], sentences->pdata[baseline]));
  if (fastest != NULL)
    {
      HpCompareSentence *s = g_new0 (HpCompareSentence, 1);

      *s = *fastest;
      s->kind = HP_COMPARE_SENTENCE_FASTEST;
      s->label = g_strdup (fastest->label);
      s->text = g_strdup_printf (_ ("Fastest steps: %s."), fastest->label);
      g_ptr_array_add (sentences, s);
    }
  return sentences;
}

/**
 * hp_compare_summary_to_text:
 * @sentences: (element-type HpCompareSentence): of hp_compare_summary()
 *
 * Returns: (transfer full): the sentences, one a line, without a final
 *   newline
 */
char *
hp_compare_summary_to_text (GPtrArray *sentences)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < sentences->len; i++)
    {
      const HpCompareSentence *sentence = sentences->pdata[i];

      g_string_append_printf (s, "%s%s", i > 0 ? "\n" : "", sentence->text);
    }
  return g_string_free (s, FALSE);
}

static void
add_number (JsonBuilder *builder,
            const char  *name,
            double       value)
{
  json_builder_set_member_name (builder, name);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

/**
 * hp_compare_summary_to_json:
 * @sentences: (element-type HpCompareSentence): of hp_compare_summary()
 *
 * Returns: (transfer full): `{"compare_summary": [{"kind", "run", "label",
 *   "text", "n_ranks", "n_missing_ranks", "step(us)", "kernel_time(us)",
 *   "idle_pctg", "exposed_communication_pctg"}, …]}` (kind `run`,
 *   `baseline` — with the baseline's "baseline" run and "step_ratio" — or
 *   `fastest`), numbers a run lacks as null
 */
JsonNode *
hp_compare_summary_to_json (GPtrArray *sentences)
{
  g_autoptr (JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "compare_summary");
  json_builder_begin_array (builder);
  for (guint i = 0; i < sentences->len; i++)
    {
      const HpCompareSentence *s = sentences->pdata[i];

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "kind");
      json_builder_add_string_value (builder, s->kind == HP_COMPARE_SENTENCE_FASTEST    ? "fastest"
                                              : s->kind == HP_COMPARE_SENTENCE_BASELINE ? "baseline"
                                                                                        : "run");
      json_builder_set_member_name (builder, "run");
      json_builder_add_int_value (builder, s->run);
      json_builder_set_member_name (builder, "label");
      json_builder_add_string_value (builder, s->label);
      json_builder_set_member_name (builder, "text");
      json_builder_add_string_value (builder, s->text);
      json_builder_set_member_name (builder, "n_ranks");
      json_builder_add_int_value (builder, s->n_ranks);
      json_builder_set_member_name (builder, "n_missing_ranks");
      json_builder_add_int_value (builder, s->n_missing);
      add_number (builder, "step(us)", s->step_us);
      add_number (builder, "kernel_time(us)", s->kernel_span_us);
      add_number (builder, "idle_pctg", s->idle_pct);
      add_number (builder, "exposed_communication_pctg", s->exposed_comm_pct);
      if (s->kind == HP_COMPARE_SENTENCE_BASELINE)
        {
          json_builder_set_member_name (builder, "baseline");
          json_builder_add_int_value (builder, s->baseline);
          add_number (builder, "step_ratio", s->step_ratio);
        }
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  return json_builder_get_root (builder);
}
