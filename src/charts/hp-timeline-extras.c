/* hp-timeline-extras.c — the timeline's counter tracks and idle gaps: computed once per trace, on any thread.
 *
 * Queue length and memory bandwidth series become step functions, one
 * counter track per stream or copy kind; idle gaps come from the idle-time
 * breakdown (docs/analyses.md §2) per GPU lane. Both are slow enough on large
 * traces that a view computes them in a worker
 * (hp_timeline_extras_compute()) and installs them on the layout; a layout
 * without them computes what it needs on first use.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "hp-core.h"
#include "hp-timeline-layout-private.h"

static void
counter_free (gpointer data)
{
  HpTimelineCounter *counter = data;

  g_free (counter->title);
  g_free (counter->ts);
  g_free (counter->values);
  g_free (counter);
}

/* a track with room for @n_points points */
static HpTimelineCounter *
counter_new (HpTimelineCounterKind kind,
             gint64                stream,
             char                 *title,
             guint                 n_points)
{
  HpTimelineCounter *c = g_new0 (HpTimelineCounter, 1);

  c->kind = kind;
  c->stream = stream;
  c->title = title;
  c->ts = g_new (gint64, n_points);
  c->values = g_new (double, n_points);
  return c;
}

/* Appends a point at or after the last one; of several points at one time
 * the last one holds (every one counts for the scale). */
static void
counter_add_point (HpTimelineCounter *c,
                   gint64             ts,
                   double             value)
{
  if (c->n_points > 0 && c->ts[c->n_points - 1] == ts)
    c->n_points--;
  c->ts[c->n_points] = ts;
  c->values[c->n_points] = value;
  c->max_value = MAX (c->max_value, value);
  c->n_points++;
}

/**
 * _hp_timeline_counter_title:
 * @domain: (nullable): the gettext domain of the words, %NULL for English
 *
 * Returns: (transfer full): @counter's name in the gutter and in
 *   tooltips: a queue-length track's is made of words, a memory bandwidth
 *   track's is the trace's copy kind and a unit
 */
char *
_hp_timeline_counter_title (const HpTimelineCounter *counter,
                            const char              *domain)
{
  char stream[24];

  if (counter->kind != HP_TIMELINE_COUNTER_QUEUE_LENGTH)
    return g_strdup (counter->title);
  g_snprintf (stream, sizeof stream, "%" G_GINT64_FORMAT, counter->stream);
  /* Translators: the name of a timeline track that counts the kernels
   * queued on a GPU stream; %s is the stream's number */
  return g_strdup_printf (_hp_timeline_tr (domain, N_ ("Queue · stream %s")), stream);
}

static GPtrArray *
compute_counters (HpTrace      *trace,
                  const HpRank *r)
{
  GPtrArray *counters = g_ptr_array_new_with_free_func (counter_free);
  g_autoptr (GArray) queue = NULL;
  g_autoptr (HpMemoryBwSeries) bw = NULL;

  queue = hp_queue_length_series (trace, r, NULL, NULL);
  for (guint i = 0; queue != NULL && i < queue->len;)
    {
      const HpQueuePoint *first = &g_array_index (queue, HpQueuePoint, i);
      HpTimelineCounter  *c;
      guint               j = i;

      while (j < queue->len && g_array_index (queue, HpQueuePoint, j).stream == first->stream)
        j++;
      c = counter_new (HP_TIMELINE_COUNTER_QUEUE_LENGTH, first->stream, NULL, j - i);
      c->title = _hp_timeline_counter_title (c, NULL);
      for (guint k = i; k < j; k++)
        {
          const HpQueuePoint *p = &g_array_index (queue, HpQueuePoint, k);

          counter_add_point (c, p->ts, (double)p->queue_length);
        }
      g_ptr_array_add (counters, c);
      i = j;
    }

  bw = hp_memory_bw_series (trace, r, NULL, NULL);
  for (guint i = 0; bw != NULL && i < bw->points->len;)
    {
      const HpMemoryBwPoint *first = &g_array_index (bw->points, HpMemoryBwPoint, i);
      HpTimelineCounter     *c;
      guint                  j = i;

      while (j < bw->points->len && g_array_index (bw->points, HpMemoryBwPoint, j).name == first->name)
        j++;
      c = counter_new (HP_TIMELINE_COUNTER_MEMORY_BW, -1,
                       g_strdup_printf ("%s (GB/s)", (const char *)g_ptr_array_index (bw->names, first->name)), j - i);
      for (guint k = i; k < j; k++)
        {
          const HpMemoryBwPoint *p = &g_array_index (bw->points, HpMemoryBwPoint, k);

          counter_add_point (c, p->ts, MAX (p->memory_bw_gbps, 0.0));
        }
      g_ptr_array_add (counters, c);
      i = j;
    }
  return counters;
}

static GArray *
compute_idle (HpTrace      *trace,
              const HpRank *r,
              guint         lane,
              double        idle_delay)
{
  return hp_idle_time_get_intervals (trace, r, r->lanes[lane].pid, _hp_timeline_lane_stream (r, lane), idle_delay);
}

void
_hp_timeline_layout_ensure_counters (HpTimelineLayout *self,
                                     guint             rank_pos)
{
  HpTimelineRankData *rd = &self->ranks[rank_pos];

  if (rd->counters == NULL)
    rd->counters = compute_counters (self->trace, hp_trace_get_rank (self->trace, rank_pos));
}

struct _HpTimelineExtras
{
  HpTrace        *trace;
  HpTimelineFlags what;
  double          idle_delay;
  guint           n_ranks;
  GArray       ***idle;     /* [rank][lane] */
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
 * to hp_timeline_layout_install_extras(). Reads only the trace: safe on any
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
  extras->idle = g_new0 (GArray **, MAX (extras->n_ranks, 1));
  extras->counters = g_new0 (GPtrArray *, MAX (extras->n_ranks, 1));

  for (guint k = 0; k < extras->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      if (g_cancellable_is_cancelled (cancellable))
        return NULL;
      if (extras->what & HP_TIMELINE_SHOW_IDLE)
        {
          extras->idle[k] = g_new0 (GArray *, MAX (r->n_lanes, 1));
          for (guint l = 0; l < r->n_lanes; l++)
            if (r->lanes[l].is_gpu)
              extras->idle[k][l] = compute_idle (trace, r, l, idle_delay);
        }
      if (extras->what & HP_TIMELINE_SHOW_COUNTERS)
        extras->counters[k] = compute_counters (trace, r);
    }
  return g_steal_pointer (&extras);
}

void
hp_timeline_extras_free (HpTimelineExtras *extras)
{
  if (extras == NULL)
    return;

  for (guint k = 0; k < extras->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (extras->trace, k);

      if (extras->idle[k] != NULL)
        for (guint l = 0; l < r->n_lanes; l++)
          g_clear_pointer (&extras->idle[k][l], g_array_unref);
      g_free (extras->idle[k]);
      g_clear_pointer (&extras->counters[k], g_ptr_array_unref);
    }
  g_free (extras->idle);
  g_free (extras->counters);
  hp_trace_unref (extras->trace);
  g_free (extras);
}

/**
 * hp_timeline_layout_get_missing:
 * @flags: overlays about to be shown
 *
 * Returns: those of %HP_TIMELINE_SHOW_IDLE and %HP_TIMELINE_SHOW_COUNTERS
 *   in @flags whose data is not computed yet (showing them now would
 *   compute it on this thread)
 */
HpTimelineFlags
hp_timeline_layout_get_missing (HpTimelineLayout *self,
                                HpTimelineFlags   flags)
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
 * hp_timeline_layout_install_extras:
 * @extras: (transfer full): from hp_timeline_extras_compute() on the
 *   layout's trace
 *
 * Takes the computed data; idle gaps computed with another
 * `consecutive_kernel_delay` than the layout's are dropped.
 */
void
hp_timeline_layout_install_extras (HpTimelineLayout *self,
                                   HpTimelineExtras *extras)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (extras != NULL && extras->trace == self->trace);

  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank       *r = hp_trace_get_rank (self->trace, k);
      HpTimelineRankData *rd = &self->ranks[k];

      if (extras->counters[k] != NULL && rd->counters == NULL)
        {
          rd->counters = g_steal_pointer (&extras->counters[k]);
          self->rows_dirty = TRUE;
        }
      if (extras->idle[k] != NULL && extras->idle_delay == self->idle_delay)
        for (guint l = 0; l < r->n_lanes; l++)
          if (rd->idle[l] == NULL && extras->idle[k][l] != NULL)
            rd->idle[l] = g_steal_pointer (&extras->idle[k][l]);
    }
  self->generation++;
  hp_timeline_extras_free (extras);
}

/**
 * hp_timeline_layout_get_n_counters:
 *
 * Returns: the number of counter tracks of a rank (computed on first use)
 */
guint
hp_timeline_layout_get_n_counters (HpTimelineLayout *self,
                                   guint             rank_pos)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (rank_pos < self->n_ranks, 0);

  _hp_timeline_layout_ensure_counters (self, rank_pos);
  return self->ranks[rank_pos].counters->len;
}

/**
 * hp_timeline_layout_get_counter:
 *
 * Returns: (transfer none): a counter track of a rank
 */
const HpTimelineCounter *
hp_timeline_layout_get_counter (HpTimelineLayout *self,
                                guint             rank_pos,
                                guint             counter)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank_pos < self->n_ranks, NULL);

  _hp_timeline_layout_ensure_counters (self, rank_pos);
  g_return_val_if_fail (counter < self->ranks[rank_pos].counters->len, NULL);
  return g_ptr_array_index (self->ranks[rank_pos].counters, counter);
}

/**
 * hp_timeline_layout_get_idle_intervals:
 *
 * The idle gaps of a GPU lane, from hp_idle_time_get_intervals() with the
 * layout's `consecutive_kernel_delay`; computed on first use.
 *
 * Returns: (transfer none) (nullable) (element-type HpIdleInterval): the
 *   gaps in time order, %NULL for a host thread
 */
GArray *
hp_timeline_layout_get_idle_intervals (HpTimelineLayout *self,
                                       guint             rank_pos,
                                       guint             lane)
{
  const HpRank       *r;
  HpTimelineRankData *rd;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank_pos < self->n_ranks, NULL);
  r = hp_trace_get_rank (self->trace, rank_pos);
  g_return_val_if_fail (lane < r->n_lanes, NULL);

  rd = &self->ranks[rank_pos];
  if (!r->lanes[lane].is_gpu)
    return NULL;
  if (rd->idle[lane] == NULL)
    rd->idle[lane] = compute_idle (self->trace, r, lane, self->idle_delay);
  return rd->idle[lane];
}

/* the number of points at or before @t: the last of them holds at @t */
guint
_hp_timeline_counter_count_until (const HpTimelineCounter *counter,
                                  gint64                   t)
{
  guint lo = 0, hi = counter->n_points;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (counter->ts[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}
