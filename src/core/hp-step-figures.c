/* hp-step-figures.c — what a rank's GPU did inside its steps: busy, idle and communication time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-analysis.h"
#include "hp-core-private.h"
#include "hp-intervals.h"
#include "hp-rank-access.h"
#include "hp-stats.h"
#include "hp-step-figures.h"

/* the intersection of two merged interval lists, merged */
static GArray *
intersect (const GArray *a,
           const GArray *b)
{
  GArray           *out = g_array_new (FALSE, FALSE, sizeof (HpInterval));
  const HpInterval *x = (const HpInterval *)(void *)a->data;
  const HpInterval *y = (const HpInterval *)(void *)b->data;
  guint             i = 0, j = 0;

  while (i < a->len && j < b->len)
    {
      HpInterval both = { MAX (x[i].start, y[j].start), MIN (x[i].end, y[j].end) };

      if (both.end > both.start)
        g_array_append_val (out, both);
      if (x[i].end < y[j].end)
        i++;
      else
        j++;
    }
  return out;
}

static double
length_us (const GArray *intervals)
{
  return hp_ns_to_us (hp_intervals_length ((const HpInterval *)(void *)intervals->data, intervals->len));
}

static void
merge (GArray *intervals)
{
  g_array_set_size (intervals, hp_intervals_union ((HpInterval *)(void *)intervals->data, intervals->len));
}

/**
 * hp_step_figures_compute:
 * @rank: a rank
 * @out: (out caller-allocates): its figures
 *
 * Measures the rank's GPU inside its `ProfilerStep` ranges (the rows the
 * analyses see), so runs keeping different numbers of steps compare per
 * step; a rank without steps is one window, the span of its rows.
 */
void
hp_step_figures_compute (const HpRank  *r,
                         HpStepFigures *out)
{
  g_autoptr (GArray) windows = g_array_new (FALSE, FALSE, sizeof (HpInterval));
  g_autoptr (GArray) gpu = g_array_new (FALSE, FALSE, sizeof (HpInterval));
  g_autoptr (GArray) comm = g_array_new (FALSE, FALSE, sizeof (HpInterval));
  g_autoptr (GArray) compute = g_array_new (FALSE, FALSE, sizeof (HpInterval));
  g_autoptr (GArray) durations = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) busy = NULL;
  g_autoptr (GArray) comm_in = NULL;
  g_autoptr (GArray) overlap = NULL;
  g_autoptr (GArray) overlap_in = NULL;
  HpDescribe describe;

  out->rank = r->rank;
  out->median_step = NAN;
  out->start = G_MAXINT64;
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint      e = r->rows[k];
      HpInterval span = { hp_rank_get_event_start (r, e), hp_rank_get_event_end (r, e) };

      if (r->flags[e] & HP_EVENT_POISONED)
        continue;
      if (r->flags[e] & HP_EVENT_STEP)
        {
          double us = hp_ns_to_us (span.end - span.start);

          g_array_append_val (windows, span);
          g_array_append_val (durations, us);
          out->start = MIN (out->start, span.start);
        }
      if (!hp_rank_is_gpu_activity (r, e) || span.end <= span.start)
        continue;
      g_array_append_val (gpu, span);
      if (hp_rank_get_kernel_class (r, e) == HP_KERNEL_CLASS_COMMUNICATION)
        g_array_append_val (comm, span);
      else if (hp_rank_get_kernel_class (r, e) == HP_KERNEL_CLASS_COMPUTATION)
        g_array_append_val (compute, span);
    }

  out->n_windows = durations->len;
  out->has_steps = durations->len > 0;
  if (out->has_steps)
    {
      hp_describe ((double *)(void *)durations->data, durations->len, &describe);
      out->median_step = describe.q50;
    }
  else
    {
      /* no steps: the whole trace is one window */
      HpTimeSpan all = hp_rank_get_rows_span (r);
      HpInterval whole = { all.start, all.end };

      if (whole.end > whole.start)
        g_array_append_val (windows, whole);
      out->n_windows = 1;
      out->start = all.start;
    }
  if (out->start == G_MAXINT64)
    out->start = 0;
  merge (windows);
  merge (gpu);
  merge (comm);
  merge (compute);
  busy = intersect (gpu, windows);
  comm_in = intersect (comm, windows);
  overlap = intersect (comm, compute);
  overlap_in = intersect (overlap, windows);
  out->busy = length_us (busy);
  out->idle = length_us (windows) - out->busy;
  out->comm = length_us (comm_in);
  out->exposed = out->comm - length_us (overlap_in);
}

/* The figures of the rank at @position of @trace: measured from its events,
 * or, for a job opened from rank summaries, as its summary recorded them. */
void
_hp_trace_step_figures (HpTrace       *trace,
                        guint          position,
                        HpStepFigures *out)
{
  const HpTraceSummaryHooks *hooks = _hp_trace_get_summary_hooks (trace);

  if (hooks != NULL && hooks->step_figures != NULL)
    hooks->step_figures (trace, position, out);
  else
    hp_step_figures_compute (hp_trace_get_rank (trace, position), out);
}
