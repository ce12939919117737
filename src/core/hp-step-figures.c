/* hp-step-figures.c — what the GPU work of a rank's steps did: busy, idle and communication time.
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

/* a GPU event of a rank: the step that launched it, its time, its class */
typedef struct
{
  gint64     iteration;
  HpInterval span;
  guint8     kclass;
} GpuWork;

static int
compare_work (gconstpointer a,
              gconstpointer b)
{
  const GpuWork *x = a;
  const GpuWork *y = b;

  if (x->iteration != y->iteration)
    return x->iteration < y->iteration ? -1 : 1;
  return (x->span.start > y->span.start) - (x->span.start < y->span.start);
}

/* adds the figures of one step's GPU work (@n items from @work) to @out:
 * busy is their union, idle the rest of their span (first start to last
 * end), exposed the communication no computation of the step overlaps */
static void
add_step_work (const GpuWork *work,
               guint          n,
               HpStepFigures *out)
{
  g_autoptr (GArray) gpu = g_array_new (FALSE, FALSE, sizeof (HpInterval));
  g_autoptr (GArray) comm = g_array_new (FALSE, FALSE, sizeof (HpInterval));
  g_autoptr (GArray) compute = g_array_new (FALSE, FALSE, sizeof (HpInterval));
  g_autoptr (GArray) overlap = NULL;
  gint64 first = G_MAXINT64, last = G_MININT64;
  double busy;

  for (guint i = 0; i < n; i++)
    {
      g_array_append_val (gpu, work[i].span);
      if (work[i].kclass == HP_KERNEL_CLASS_COMMUNICATION)
        g_array_append_val (comm, work[i].span);
      else if (work[i].kclass == HP_KERNEL_CLASS_COMPUTATION)
        g_array_append_val (compute, work[i].span);
      first = MIN (first, work[i].span.start);
      last = MAX (last, work[i].span.end);
    }
  if (n == 0)
    return;
  merge (gpu);
  merge (comm);
  merge (compute);
  overlap = intersect (comm, compute);
  busy = length_us (gpu);
  out->busy += busy;
  out->idle += hp_ns_to_us (last - first) - busy;
  out->comm += length_us (comm);
  out->exposed += length_us (comm) - length_us (overlap);
}

/**
 * hp_step_figures_compute:
 * @rank: a rank
 * @out: (out caller-allocates): its figures
 *
 * Measures the GPU work of each of the rank's `ProfilerStep`s (the rows
 * the analyses see) as `report --scope step:N` does: the kernels, memcpys
 * and memsets the step launched, wherever they run (the GPU often runs
 * behind the host, past the step's end), over their span, from the first
 * one's start to the last one's end. Runs keeping different numbers of
 * steps so compare per step; a rank without steps is one window, all its
 * GPU work, as the whole-trace temporal breakdown measures it.
 */
void
hp_step_figures_compute (const HpRank  *r,
                         HpStepFigures *out)
{
  g_autoptr (GArray) work = g_array_new (FALSE, FALSE, sizeof (GpuWork));
  g_autoptr (GArray) durations = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GHashTable) steps = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr (GArray) numbers = g_array_new (FALSE, FALSE, sizeof (gint64));
  HpDescribe describe;

  out->rank = r->rank;
  out->median_step = NAN;
  out->start = G_MAXINT64;
  out->busy = out->idle = out->comm = out->exposed = 0;
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint      e = r->rows[k];
      HpInterval span = { hp_rank_get_event_start (r, e), hp_rank_get_event_end (r, e) };

      if (r->flags[e] & HP_EVENT_POISONED)
        continue;
      if (r->flags[e] & HP_EVENT_STEP)
        {
          double us = hp_ns_to_us (span.end - span.start);
          gint64 number = hp_rank_iteration (r, e);

          g_array_append_val (durations, us);
          g_array_append_val (numbers, number);
          out->start = MIN (out->start, span.start);
        }
      if (!hp_rank_is_gpu_activity (r, e) || span.end <= span.start)
        continue;
      g_array_append_val (work, ((GpuWork){ hp_rank_iteration (r, e), span, hp_rank_get_kernel_class (r, e) }));
    }
  for (guint i = 0; i < numbers->len; i++)
    g_hash_table_add (steps, &g_array_index (numbers, gint64, i));

  out->n_windows = durations->len;
  out->has_steps = durations->len > 0;
  if (out->has_steps)
    {
      const GpuWork *w;
      guint          i = 0;

      hp_describe ((double *)(void *)durations->data, durations->len, &describe);
      out->median_step = describe.q50;
      /* each step's work on its own: the gaps between steps never count */
      g_array_sort (work, compare_work);
      w = (const GpuWork *)(void *)work->data;
      while (i < work->len)
        {
          guint j = i;

          while (j < work->len && w[j].iteration == w[i].iteration)
            j++;
          if (w[i].iteration >= 0 && g_hash_table_contains (steps, &w[i].iteration))
            add_step_work (w + i, j - i, out);
          i = j;
        }
    }
  else
    {
      /* no steps: the whole trace is one window */
      out->n_windows = 1;
      out->start = hp_rank_get_rows_span (r).start;
      add_step_work ((const GpuWork *)(void *)work->data, work->len, out);
    }
  if (out->start == G_MAXINT64)
    out->start = 0;
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
