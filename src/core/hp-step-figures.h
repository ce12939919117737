/* hp-step-figures.h — what a rank's GPU did inside its steps: busy, idle and communication time.
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
 * @busy: GPU busy time inside the steps (us): kernels, memcpys, memsets
 * @idle: the steps' time the GPU is not busy (us)
 * @comm: communication kernels' time inside the steps (us)
 * @exposed: of that, the time no computation kernel overlaps (us)
 *
 * Every figure is a total over the windows: divide by @n_windows for one
 * step. The gaps between steps never count.
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
