/* hp-idle-time-gaps.c — the idle-time analysis' payload: the idle gaps of every GPU lane, computed once.
 *
 * The gaps the idle-time breakdown counts (§2), per rank and GPU lane, as
 * hp_idle_time_get_lane_intervals() finds them. The registry makes them
 * with the analysis (its payload hook), so the session caches them with
 * its result per (run, parameters, scope): the timeline shades them and
 * the Idle time tab links its rows to them, and neither computes them
 * again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-core-private.h"
#include "hp-idle-time-private.h"
#include "hp-rank-access.h"

struct _HpIdleGaps
{
  HpTrace  *trace;
  double    delay;
  guint     n_ranks;
  GArray ***lanes; /* [rank position][lane], NULL for a host lane */
};

/**
 * hp_idle_gaps_compute:
 * @trace: a trace (whole or scoped)
 * @consecutive_kernel_delay: as for hp_idle_time_get_intervals()
 * @cancellable: (nullable): a #GCancellable
 *
 * Finds the idle gaps of every GPU lane of every rank. Reads only the
 * trace: safe on any thread.
 *
 * Returns: (transfer full) (nullable): the gaps, %NULL when cancelled
 */
HpIdleGaps *
hp_idle_gaps_compute (HpTrace      *trace,
                      double        consecutive_kernel_delay,
                      GCancellable *cancellable)
{
  g_autoptr (HpIdleGaps) self = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  self = g_new0 (HpIdleGaps, 1);
  self->trace = hp_trace_ref (trace);
  self->delay = consecutive_kernel_delay;
  self->n_ranks = hp_trace_get_n_ranks (trace);
  self->lanes = g_new0 (GArray **, MAX (self->n_ranks, 1));
  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      if (g_cancellable_is_cancelled (cancellable))
        return NULL;
      self->lanes[k] = g_new0 (GArray *, MAX (r->n_lanes, 1));
      /* a job opened from summaries: its lanes hold activity blocks, not
       * kernels, and their gaps are no idle time (none is drawn) */
      for (guint l = 0; _hp_trace_get_summary_hooks (trace) == NULL && l < r->n_lanes; l++)
        if (r->lanes[l].is_gpu)
          self->lanes[k][l] = hp_idle_time_get_lane_intervals (trace, r, l, consecutive_kernel_delay);
    }
  return g_steal_pointer (&self);
}

void
hp_idle_gaps_free (HpIdleGaps *self)
{
  if (self == NULL)
    return;
  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, k);

      for (guint l = 0; self->lanes[k] != NULL && l < r->n_lanes; l++)
        g_clear_pointer (&self->lanes[k][l], g_array_unref);
      g_free (self->lanes[k]);
    }
  g_free (self->lanes);
  hp_trace_unref (self->trace);
  g_free (self);
}

/**
 * hp_idle_gaps_get_trace:
 *
 * Returns: (transfer none): the trace the gaps are of
 */
HpTrace *
hp_idle_gaps_get_trace (HpIdleGaps *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

/**
 * hp_idle_gaps_get_delay:
 *
 * Returns: the `consecutive_kernel_delay` the gaps were found with, us
 */
double
hp_idle_gaps_get_delay (HpIdleGaps *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->delay;
}

static int
rank_position (HpIdleGaps *self,
               int         rank)
{
  for (guint k = 0; k < self->n_ranks; k++)
    if (hp_trace_get_rank (self->trace, k)->rank == rank)
      return (int)k;
  return -1;
}

/**
 * hp_idle_gaps_get_lane:
 * @rank: a rank number
 * @lane: a lane of that rank
 *
 * Returns: (transfer none) (nullable) (element-type HpIdleInterval): the
 *   lane's gaps in time order; %NULL for a host lane or an unknown rank
 */
GArray *
hp_idle_gaps_get_lane (HpIdleGaps *self,
                       int         rank,
                       guint       lane)
{
  int pos;

  g_return_val_if_fail (self != NULL, NULL);

  pos = rank_position (self, rank);
  if (pos < 0 || lane >= hp_trace_get_rank (self->trace, (guint)pos)->n_lanes)
    return NULL;
  return self->lanes[pos][lane];
}

/**
 * hp_idle_gaps_find_stream:
 * @rank: a rank number
 * @device: the GPU, or %HP_NONE for any
 * @stream: a stream
 *
 * The gaps hp_idle_time_get_intervals() gives for (@device, @stream): those
 * of the stream's lane. HTA-compatibility mode counts a stream across its
 * devices, as every lane of the stream does there.
 *
 * Returns: (transfer none) (nullable) (element-type HpIdleInterval): the
 *   gaps; %NULL when no single lane has them (a stream on several devices
 *   with @device %HP_NONE in the default mode)
 */
GArray *
hp_idle_gaps_find_stream (HpIdleGaps *self,
                          int         rank,
                          gint64      device,
                          gint64      stream)
{
  gboolean      compat;
  const HpRank *r;
  int           pos, found = -1;

  g_return_val_if_fail (self != NULL, NULL);

  pos = rank_position (self, rank);
  if (pos < 0)
    return NULL;
  r = hp_trace_get_rank (self->trace, (guint)pos);
  compat = hp_trace_get_mode (self->trace) == HP_MODE_HTA_COMPAT;
  for (guint l = 0; l < r->n_lanes; l++)
    {
      if (!r->lanes[l].is_gpu || hp_rank_get_lane_stream (r, l) != stream)
        continue;
      if (compat || r->lanes[l].pid == device)
        return self->lanes[pos][l];
      if (device == HP_NONE)
        {
          if (found >= 0)
            return NULL;
          found = (int)l;
        }
    }
  return found >= 0 ? self->lanes[pos][found] : NULL;
}

/* The payload hook of the idle time analysis (hp_idle_time_analysis) */
gpointer
hp_idle_time_payload (HpTrace                *trace,
                      const HpAnalysisParams *params,
                      GPtrArray              *tables,
                      GCancellable           *cancellable,
                      GError                **error)
{
  HpIdleGaps *gaps = hp_idle_gaps_compute (trace, hp_analysis_params_get_double (params, &hp_idle_time_consecutive_kernel_delay_spec), cancellable);

  if (gaps == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
  return gaps;
}
