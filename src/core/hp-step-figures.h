/* hp-step-figures.h — what the GPU work of a rank's steps did: busy, idle and communication time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-rank.h"

G_BEGIN_DECLS

/**
 * HpStepFigures:
 * @rank: the rank
 * @n_windows: its complete steps, or 1 (the whole trace) without steps
 * @has_steps: whether it has steps
 * @median_step: the median step duration (us), NaN without steps
 * @start: where its first step starts (ns, the job's clock), or its first
 *   event without steps
 * @busy: GPU busy time of the work the steps launched (us): kernels,
 *   memcpys, memsets
 * @idle: the time of each step's GPU span (its work's first start to last
 *   end) the GPU is not busy (us)
 * @comm: communication kernels' time of the steps' work (us)
 * @exposed: of that, the time no computation kernel of the same step
 *   overlaps (us)
 *
 * Every figure is a total over the windows: divide by @n_windows for one
 * step. They are what `report --scope step:N` gives for each step (the
 * temporal breakdown's busy and idle time, communication and its overlap);
 * the gaps between steps never count.
 */
typedef struct
{
  int      rank;
  guint    n_windows;
  gboolean has_steps;
  double   median_step;
  gint64   start;
  double   busy, idle, comm, exposed;
} HpStepFigures;

void hp_step_figures_compute (const HpRank  *rank,
                              HpStepFigures *out);

G_END_DECLS
