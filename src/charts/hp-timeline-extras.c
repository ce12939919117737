/* hp-timeline-extras.c — the timeline's counter and memory tracks and idle gaps: computed once per trace, on any thread.
 *
 * Counter tracks are core's series (HpSeries): the queue length of each
 * stream and the memory bandwidth of each copy kind
 * (hp_counter_series_for_rank()), then the memory allocated and reserved
 * per device that the memory analysis gives
 * (hp_timeline_scene_set_memory_series()); idle gaps are core's
 * hp_idle_time_get_lane_intervals() per GPU lane, the gaps the idle-time
 * breakdown counts (docs/analyses.md §2). Both are slow enough on large
 * traces that a view computes them in a worker
 * (hp_timeline_extras_compute()) and installs them on its scene, never
 * on the layout. The scene itself never runs an analysis: an overlay whose data is not
 * installed shows nothing (hp_timeline_scene_get_missing() says which).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "hp-core.h"
#include "hp-timeline-layout-private.h"

struct _HpTimelineExtras
{
  HpTrace        *trace;
  HpTimelineFlags what;
  double          idle_delay;
  guint           n_ranks;
  HpIdleGaps     *idle;
  GPtrArray     **counters; /* [rank] */
};

/**
 * hp_timeline_extras_compute:
 * @trace: a trace
 * @what: %HP_TIMELINE_SHOW_IDLE and/or %HP_TIMELINE_SHOW_COUNTERS
 * @idle_delay: `consecutive_kernel_delay` for the idle gaps, us
 * @cancellable: (nullable): a #GCancellable
 *
 * Computes the idle gaps of every GPU lane and the counter tracks of every
 * rank, the slow part of those overlays (a third of a second for a million
 * events), so that a view can do it in a worker thread and hand the result
 * to hp_timeline_scene_install_extras(). Reads only the trace: safe on any
 * thread.
 *
 * Returns: (transfer full) (nullable): the data, %NULL when cancelled
 */
HpTimelineExtras *
hp_timeline_extras_compute (HpTrace        *trace,
                            HpTimelineFlags what,
                            double          idle_delay,
                            GCancellable   *cancellable)
{
  g_autoptr (HpTimelineExtras) extras = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  extras = g_new0 (HpTimelineExtras, 1);
  extras->trace = hp_trace_ref (trace);
  extras->what = what & (HP_TIMELINE_SHOW_IDLE | HP_TIMELINE_SHOW_COUNTERS);
  extras->idle_delay = idle_delay;
  extras->n_ranks = hp_trace_get_n_ranks (trace);
  extras->counters = g_new0 (GPtrArray *, MAX (extras->n_ranks, 1));

  for (guint k = 0; k < extras->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      if (g_cancellable_is_cancelled (cancellable))
        return NULL;
      if (extras->what & HP_TIMELINE_SHOW_COUNTERS)
        extras->counters[k] = hp_counter_series_for_rank (trace, r, cancellable);
    }
  if (extras->what & HP_TIMELINE_SHOW_IDLE)
    {
      extras->idle = hp_idle_gaps_compute (trace, idle_delay, cancellable);
      if (extras->idle == NULL)
        return NULL;
    }
  return g_steal_pointer (&extras);
}

void
hp_timeline_extras_free (HpTimelineExtras *extras)
{
  if (extras == NULL)
    return;

  for (guint k = 0; k < extras->n_ranks; k++)
    g_clear_pointer (&extras->counters[k], g_ptr_array_unref);
  g_clear_pointer (&extras->idle, hp_idle_gaps_free);
  g_free (extras->counters);
  hp_trace_unref (extras->trace);
  g_free (extras);
}

/**
 * hp_timeline_scene_get_missing:
 * @flags: overlays about to be shown
 *
 * Returns: those of %HP_TIMELINE_SHOW_IDLE and %HP_TIMELINE_SHOW_COUNTERS
 *   in @flags whose data is not computed yet (showing them now would
 *   compute it on this thread)
 */
HpTimelineFlags
hp_timeline_scene_get_missing (const HpTimelineScene *self,
                               HpTimelineFlags        flags)
{
  HpTimelineFlags missing = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, k);

      if ((flags & HP_TIMELINE_SHOW_COUNTERS) && self->ranks[k].counters == NULL)
        missing |= HP_TIMELINE_SHOW_COUNTERS;
      if (flags & HP_TIMELINE_SHOW_IDLE)
        for (guint l = 0; l < r->n_lanes; l++)
          if (r->lanes[l].is_gpu && self->ranks[k].idle[l] == NULL)
            missing |= HP_TIMELINE_SHOW_IDLE;
    }
  return missing;
}

/**
 * hp_timeline_scene_set_idle_delay:
 * @consecutive_kernel_delay: the idle-time breakdown's threshold, in us
 *   (docs/analyses.md §2; 30 by default)
 *
 * The idle overlay then shows the gaps exactly as that breakdown counts them.
 */
void
hp_timeline_scene_set_idle_delay (HpTimelineScene *self,
                                  double           consecutive_kernel_delay)
{
  g_return_if_fail (self != NULL);

  if (self->idle_delay == consecutive_kernel_delay)
    return;
  self->idle_delay = consecutive_kernel_delay;
  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, k);

      for (guint l = 0; l < r->n_lanes; l++)
        g_clear_pointer (&self->ranks[k].idle[l], g_array_unref);
    }
  self->generation++;
}

/* the gaps of @gaps on the lanes of the same rank and number; @replace:
 * over those the lanes have, else only where they have none */
static void
install_idle (HpTimelineScene *self,
              HpIdleGaps      *gaps,
              gboolean         replace)
{
  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank        *r = hp_trace_get_rank (self->trace, k);
      HpTimelineSceneRank *rd = &self->ranks[k];

      for (guint l = 0; l < r->n_lanes; l++)
        {
          GArray *lane;

          if (!r->lanes[l].is_gpu || (!replace && rd->idle[l] != NULL))
            continue;
          lane = hp_idle_gaps_get_lane (gaps, r->rank, l);
          g_clear_pointer (&rd->idle[l], g_array_unref);
          rd->idle[l] = lane != NULL ? g_array_ref (lane) : NULL;
        }
    }
}

/**
 * hp_timeline_scene_set_idle_gaps:
 * @gaps: the idle-time analysis' payload (hp_idle_time_payload()), of
 *   the scene's trace or of a scope of it
 *
 * Shades the gaps of @gaps, the ones the idle-time breakdown counted, and
 * takes their `consecutive_kernel_delay`. The scene shares the gap
 * arrays: nothing is computed again.
 */
void
hp_timeline_scene_set_idle_gaps (HpTimelineScene *self,
                                 HpIdleGaps      *gaps)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (gaps != NULL);

  hp_timeline_scene_set_idle_delay (self, hp_idle_gaps_get_delay (gaps));
  install_idle (self, gaps, TRUE);
  self->generation++;
}

/**
 * hp_timeline_scene_install_extras:
 * @extras: (transfer full): from hp_timeline_extras_compute() on the
 *   scene's trace
 *
 * Takes the computed data; idle gaps computed with another
 * `consecutive_kernel_delay` than the scene's are dropped.
 */
void
hp_timeline_scene_install_extras (HpTimelineScene  *self,
                                  HpTimelineExtras *extras)
{
  gboolean new_counters = FALSE;

  g_return_if_fail (self != NULL);
  g_return_if_fail (extras != NULL && extras->trace == self->trace);

  for (guint k = 0; k < self->n_ranks; k++)
    {
      HpTimelineSceneRank *rd = &self->ranks[k];

      if (extras->counters[k] != NULL && rd->counters == NULL)
        {
          rd->counters = g_steal_pointer (&extras->counters[k]);
          new_counters = TRUE;
        }
    }
  if (new_counters)
    _hp_timeline_scene_build_rows (self);
  if (extras->idle != NULL && extras->idle_delay == self->idle_delay)
    install_idle (self, extras->idle, FALSE);
  self->generation++;
  hp_timeline_extras_free (extras);
}

/**
 * hp_timeline_scene_set_memory_series:
 * @series: (nullable) (element-type HpSeries): the memory analysis'
 *   payload (hp_memory_payload()), series of any rank; %NULL for none
 *
 * The memory tracks of every rank, shown with %HP_TIMELINE_SHOW_MEMORY
 * after its counter tracks. The scene keeps references to the series.
 */
void
hp_timeline_scene_set_memory_series (HpTimelineScene *self,
                                     GPtrArray       *series)
{
  g_return_if_fail (self != NULL);

  for (guint k = 0; k < self->n_ranks; k++)
    g_clear_pointer (&self->ranks[k].memory, g_ptr_array_unref);
  for (guint i = 0; series != NULL && i < series->len; i++)
    {
      HpSeries *s = series->pdata[i];

      for (guint k = 0; k < self->n_ranks; k++)
        if (hp_trace_get_rank (self->trace, k)->rank == s->rank)
          {
            if (self->ranks[k].memory == NULL)
              self->ranks[k].memory = hp_series_list_new ();
            g_ptr_array_add (self->ranks[k].memory, hp_series_ref (s));
          }
    }
  _hp_timeline_scene_build_rows (self);
  self->generation++;
}

/**
 * hp_timeline_scene_get_idle_intervals:
 *
 * The idle gaps of a GPU lane, from hp_idle_time_get_lane_intervals() with
 * the scene's `consecutive_kernel_delay`, as
 * hp_timeline_scene_install_extras() gave them.
 *
 * Returns: (transfer none) (nullable) (element-type HpIdleInterval): the
 *   gaps in time order; %NULL for a host thread, or before they are
 *   installed
 */
GArray *
hp_timeline_scene_get_idle_intervals (const HpTimelineScene *self,
                                      guint                  rank_pos,
                                      guint                  lane)
{
  const HpRank              *r;
  const HpTimelineSceneRank *rd;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank_pos < self->n_ranks, NULL);
  r = hp_trace_get_rank (self->trace, rank_pos);
  g_return_val_if_fail (lane < r->n_lanes, NULL);

  rd = &self->ranks[rank_pos];
  return r->lanes[lane].is_gpu ? rd->idle[lane] : NULL;
}
