/* hp-timeline-layout.c — the timeline's geometry: rows, culled and merged event marks, ruler ticks.
 *
 * The layout is the timeline minus pixels. It keeps what is derived once
 * per trace (short names, name colours, ProfilerStep bands, idle gaps and
 * counter series), the rows of the lanes area (rebuilt only when a rank is
 * collapsed, hidden or a track is toggled), and, per frame, the marks to
 * paint: for every visible row, a binary search for the first event that
 * *ends* after the window's start (so an event that began off-screen is
 * kept), a walk that stops at the first event starting after its end, and
 * one mark per run of pixel columns for events narrower than a pixel (the
 * walk gallops over the events that cannot touch a new column). Marks
 * live in arrays reused from frame to frame; nothing is allocated per
 * event.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-idle-time.h"
#include "hp-memory-bw.h"
#include "hp-queue-length.h"
#include "hp-timeline-layout.h"

typedef struct
{
  gint64  ts;
  guint   rank_pos;
  guint32 event;
} Highlight;

typedef struct
{
  gboolean   visible;
  gboolean   collapsed;
  gboolean  *lane_visible;
  gint64    *lane_stream;
  GArray    *steps;      /* HpTimelineStep */
  GArray   **idle;       /* per lane, HpIdleInterval, built on demand */
  GPtrArray *counters;   /* HpTimelineCounter *, built on demand */
  GArray   **highlights; /* per lane, guint32 positions in lane->events */
  gint64   **ends;       /* per lane, the end of lane->events[p] at p: the
                          * culling's searches read a contiguous array */
} RankData;

struct _HpTimelineLayout
{
  gatomicrefcount ref_count;
  HpTrace        *trace;
  guint           n_ranks;
  RankData       *ranks;
  HpTimelineFlags flags;
  double          idle_delay;
  gint64          t_min;
  gint64          t_max;

  /* per string id, filled when first needed */
  guint   n_strings;
  char  **short_names;
  guint8 *name_colors;

  /* rows, rebuilt when the visible set changes */
  GArray  *rows; /* HpTimelineRow */
  double   content_height;
  gboolean rows_dirty;
  guint    generation;

  /* highlighted events (search matches or linked instances), time order */
  GArray *highlights; /* Highlight */

  /* the last frame */
  HpTimelineViewport viewport;
  GArray            *marks; /* HpTimelineMark */
  GArray            *order; /* guint32 mark indices grouped by colour */
  guint              color_start[HP_TIMELINE_N_COLORS + 1];
  HpTimelineRuler    ruler;
  guint              first_row;
  guint              end_row;
};

#define NAME_COLOR_UNKNOWN 0xff

static void
counter_free (gpointer data)
{
  HpTimelineCounter *counter = data;

  g_free (counter->title);
  g_free (counter->ts);
  g_free (counter->values);
  g_free (counter);
}

static void
collect_steps (HpTimelineLayout *self,
               const HpRank     *r,
               RankData         *rd)
{
  rd->steps = g_array_new (FALSE, FALSE, sizeof (HpTimelineStep));
  for (guint i = 0; i < r->n_events; i++)
    {
      HpTimelineStep step;

      if (!(r->flags[i] & HP_EVENT_STEP))
        continue;
      step.start = r->ts[i];
      step.end = hp_rank_end (r, i);
      step.number = hp_trace_step_number (self->trace, r->name[i]);
      step.event = i;
      g_array_append_val (rd->steps, step);
    }
}

/* the GPU stream of a lane: its events' stream (the lane's tid is the
 * stream in Kineto traces, but the args are what the analyses use) */
static gint64
lane_stream (const HpRank *r,
             guint         l)
{
  const HpLane *lane = &r->lanes[l];

  if (!lane->is_gpu)
    return -1;
  for (guint p = 0; p < lane->n_events; p++)
    if (r->stream[lane->events[p]] >= 0)
      return r->stream[lane->events[p]];
  return lane->tid;
}

static int
cmp_step (gconstpointer a,
          gconstpointer b)
{
  const HpTimelineStep *x = a;
  const HpTimelineStep *y = b;

  return (x->start > y->start) - (x->start < y->start);
}

/**
 * hp_timeline_layout_new:
 * @trace: a loaded trace
 *
 * Returns: (transfer full): the layout of @trace's timeline, every rank
 *   visible and expanded, with %HP_TIMELINE_SHOW_DEFAULT
 */
HpTimelineLayout *
hp_timeline_layout_new (HpTrace *trace)
{
  HpTimelineLayout *self;

  g_return_val_if_fail (trace != NULL, NULL);

  self = g_new0 (HpTimelineLayout, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->trace = hp_trace_ref (trace);
  self->flags = HP_TIMELINE_SHOW_DEFAULT;
  self->idle_delay = 30.0;
  self->n_ranks = hp_trace_get_n_ranks (trace);
  self->ranks = g_new0 (RankData, MAX (self->n_ranks, 1));
  self->t_min = G_MAXINT64;
  self->t_max = G_MININT64;

  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);
      RankData     *rd = &self->ranks[k];

      rd->visible = TRUE;
      rd->lane_visible = g_new (gboolean, MAX (r->n_lanes, 1));
      rd->lane_stream = g_new (gint64, MAX (r->n_lanes, 1));
      rd->idle = g_new0 (GArray *, MAX (r->n_lanes, 1));
      rd->highlights = g_new0 (GArray *, MAX (r->n_lanes, 1));
      rd->ends = g_new0 (gint64 *, MAX (r->n_lanes, 1));
      for (guint l = 0; l < r->n_lanes; l++)
        {
          const HpLane *lane = &r->lanes[l];

          rd->lane_visible[l] = TRUE;
          rd->lane_stream[l] = lane_stream (r, l);
          rd->ends[l] = g_new (gint64, MAX (lane->n_events, 1));
          for (guint p = 0; p < lane->n_events; p++)
            rd->ends[l][p] = r->ts[lane->events[p]] + MAX (r->dur[lane->events[p]], 0);
          /* depth 0 holds the outermost events: they bound the lane */
          if (lane->max_depth > 0 && lane->depth_start[1] > 0)
            {
              self->t_min = MIN (self->t_min, r->ts[lane->events[0]]);
              for (guint p = 0; p < lane->depth_start[1]; p++)
                self->t_max = MAX (self->t_max, r->ts[lane->events[p]] + MAX (r->dur[lane->events[p]], 0));
            }
        }
      collect_steps (self, r, rd);
      g_array_sort (rd->steps, cmp_step);
    }
  if (self->t_min > self->t_max)
    {
      self->t_min = 0;
      self->t_max = 1000;
    }
  if (self->t_max <= self->t_min)
    self->t_max = self->t_min + 1000;

  self->n_strings = hp_trace_get_n_strings (trace);
  self->short_names = g_new0 (char *, MAX (self->n_strings, 1));
  self->name_colors = g_malloc (MAX (self->n_strings, 1));
  memset (self->name_colors, NAME_COLOR_UNKNOWN, MAX (self->n_strings, 1));

  self->rows = g_array_new (FALSE, FALSE, sizeof (HpTimelineRow));
  self->rows_dirty = TRUE;
  self->highlights = g_array_new (FALSE, FALSE, sizeof (Highlight));
  self->marks = g_array_sized_new (FALSE, FALSE, sizeof (HpTimelineMark), 4096);
  self->order = g_array_sized_new (FALSE, FALSE, sizeof (guint32), 4096);

  return self;
}

HpTimelineLayout *
hp_timeline_layout_ref (HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

static void
clear_highlight_arrays (HpTimelineLayout *self)
{
  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, k);

      for (guint l = 0; l < r->n_lanes; l++)
        g_clear_pointer (&self->ranks[k].highlights[l], g_array_unref);
    }
  g_array_set_size (self->highlights, 0);
}

void
hp_timeline_layout_unref (HpTimelineLayout *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;

  clear_highlight_arrays (self);
  for (guint k = 0; k < self->n_ranks; k++)
    {
      RankData     *rd = &self->ranks[k];
      const HpRank *r = hp_trace_get_rank (self->trace, k);

      for (guint l = 0; l < r->n_lanes; l++)
        {
          g_clear_pointer (&rd->idle[l], g_array_unref);
          g_free (rd->ends[l]);
        }
      g_free (rd->idle);
      g_free (rd->ends);
      g_free (rd->highlights);
      g_free (rd->lane_visible);
      g_free (rd->lane_stream);
      g_clear_pointer (&rd->steps, g_array_unref);
      g_clear_pointer (&rd->counters, g_ptr_array_unref);
    }
  g_free (self->ranks);
  for (guint i = 0; i < self->n_strings; i++)
    g_free (self->short_names[i]);
  g_free (self->short_names);
  g_free (self->name_colors);
  g_array_unref (self->rows);
  g_array_unref (self->highlights);
  g_array_unref (self->marks);
  g_array_unref (self->order);
  hp_trace_unref (self->trace);
  g_free (self);
}

/**
 * hp_timeline_layout_get_trace:
 *
 * Returns: (transfer none): the trace
 */
HpTrace *
hp_timeline_layout_get_trace (HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

static void
invalidate_rows (HpTimelineLayout *self)
{
  self->rows_dirty = TRUE;
  self->generation++;
}

/**
 * hp_timeline_layout_set_flags:
 * @flags: the tracks and overlays to show
 */
void
hp_timeline_layout_set_flags (HpTimelineLayout *self,
                              HpTimelineFlags   flags)
{
  g_return_if_fail (self != NULL);

  if (self->flags == flags)
    return;
  if ((self->flags ^ flags) & (HP_TIMELINE_SHOW_COUNTERS | HP_TIMELINE_SHOW_ITERATIONS))
    self->rows_dirty = TRUE;
  self->flags = flags;
  self->generation++;
}

HpTimelineFlags
hp_timeline_layout_get_flags (HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->flags;
}

/**
 * hp_timeline_layout_set_idle_delay:
 * @consecutive_kernel_delay: the idle-time breakdown's threshold, in us
 *   (spec analyses §2; 30 by default)
 *
 * The idle overlay then shows the gaps exactly as that breakdown counts them.
 */
void
hp_timeline_layout_set_idle_delay (HpTimelineLayout *self,
                                   double            consecutive_kernel_delay)
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

void
hp_timeline_layout_set_rank_visible (HpTimelineLayout *self,
                                     guint             rank_pos,
                                     gboolean          visible)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);

  if (self->ranks[rank_pos].visible == !!visible)
    return;
  self->ranks[rank_pos].visible = !!visible;
  invalidate_rows (self);
}

gboolean
hp_timeline_layout_get_rank_visible (HpTimelineLayout *self,
                                     guint             rank_pos)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  return self->ranks[rank_pos].visible;
}

void
hp_timeline_layout_set_rank_collapsed (HpTimelineLayout *self,
                                       guint             rank_pos,
                                       gboolean          collapsed)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);

  if (self->ranks[rank_pos].collapsed == !!collapsed)
    return;
  self->ranks[rank_pos].collapsed = !!collapsed;
  invalidate_rows (self);
}

gboolean
hp_timeline_layout_get_rank_collapsed (HpTimelineLayout *self,
                                       guint             rank_pos)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  return self->ranks[rank_pos].collapsed;
}

void
hp_timeline_layout_set_lane_visible (HpTimelineLayout *self,
                                     guint             rank_pos,
                                     guint             lane,
                                     gboolean          visible)
{
  const HpRank *r;

  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);
  r = hp_trace_get_rank (self->trace, rank_pos);
  g_return_if_fail (lane < r->n_lanes);

  if (self->ranks[rank_pos].lane_visible[lane] == !!visible)
    return;
  self->ranks[rank_pos].lane_visible[lane] = !!visible;
  invalidate_rows (self);
}

gboolean
hp_timeline_layout_get_lane_visible (HpTimelineLayout *self,
                                     guint             rank_pos,
                                     guint             lane)
{
  const HpRank *r;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  r = hp_trace_get_rank (self->trace, rank_pos);
  g_return_val_if_fail (lane < r->n_lanes, FALSE);
  return self->ranks[rank_pos].lane_visible[lane];
}

/**
 * hp_timeline_layout_get_generation:
 *
 * Returns: a number that changes whenever what the layout paints changes
 *   for the same viewport (rows, flags, highlights), for caches
 */
guint
hp_timeline_layout_get_generation (HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->generation;
}

/**
 * hp_timeline_layout_get_time_bounds:
 * @start: (out): the first event's start, ns
 * @end: (out): the last end of any event, ns
 */
void
hp_timeline_layout_get_time_bounds (HpTimelineLayout *self,
                                    gint64           *start,
                                    gint64           *end)
{
  g_return_if_fail (self != NULL);

  if (start != NULL)
    *start = self->t_min;
  if (end != NULL)
    *end = self->t_max;
}

/* Counters and idle gaps: computed once per trace, on any thread */

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
      HpTimelineCounter  *c = g_new0 (HpTimelineCounter, 1);
      guint               j = i;

      while (j < queue->len && g_array_index (queue, HpQueuePoint, j).stream == first->stream)
        j++;
      c->kind = HP_TIMELINE_COUNTER_QUEUE_LENGTH;
      c->stream = first->stream;
      c->title = g_strdup_printf ("Queue · stream %" G_GINT64_FORMAT, first->stream);
      c->ts = g_new (gint64, j - i);
      c->values = g_new (double, j - i);
      for (guint k = i; k < j; k++)
        {
          const HpQueuePoint *p = &g_array_index (queue, HpQueuePoint, k);

          /* several points at one time: the last one holds */
          if (c->n_points > 0 && c->ts[c->n_points - 1] == p->ts)
            c->n_points--;
          c->ts[c->n_points] = p->ts;
          c->values[c->n_points] = (double)p->queue_length;
          c->max_value = MAX (c->max_value, (double)p->queue_length);
          c->n_points++;
        }
      g_ptr_array_add (counters, c);
      i = j;
    }

  bw = hp_memory_bw_series (trace, r, NULL, NULL);
  for (guint i = 0; bw != NULL && i < bw->points->len;)
    {
      const HpMemoryBwPoint *first = &g_array_index (bw->points, HpMemoryBwPoint, i);
      HpTimelineCounter     *c = g_new0 (HpTimelineCounter, 1);
      guint                  j = i;

      while (j < bw->points->len && g_array_index (bw->points, HpMemoryBwPoint, j).name == first->name)
        j++;
      c->kind = HP_TIMELINE_COUNTER_MEMORY_BW;
      c->stream = -1;
      c->title = g_strdup_printf ("%s (GB/s)", (const char *)g_ptr_array_index (bw->names, first->name));
      c->ts = g_new (gint64, j - i);
      c->values = g_new (double, j - i);
      for (guint k = i; k < j; k++)
        {
          const HpMemoryBwPoint *p = &g_array_index (bw->points, HpMemoryBwPoint, k);

          if (c->n_points > 0 && c->ts[c->n_points - 1] == p->ts)
            c->n_points--;
          c->ts[c->n_points] = p->ts;
          c->values[c->n_points] = MAX (p->memory_bw_gbps, 0.0);
          c->max_value = MAX (c->max_value, c->values[c->n_points]);
          c->n_points++;
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
  return hp_idle_time_get_intervals (trace, r, r->lanes[lane].pid, lane_stream (r, lane), idle_delay);
}

static void
ensure_counters (HpTimelineLayout *self,
                 guint             rank_pos)
{
  RankData *rd = &self->ranks[rank_pos];

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
      const HpRank *r = hp_trace_get_rank (self->trace, k);
      RankData     *rd = &self->ranks[k];

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

  ensure_counters (self, rank_pos);
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

  ensure_counters (self, rank_pos);
  g_return_val_if_fail (counter < self->ranks[rank_pos].counters->len, NULL);
  return g_ptr_array_index (self->ranks[rank_pos].counters, counter);
}

/**
 * hp_timeline_layout_get_steps:
 * @n_steps: (out): the number of steps
 *
 * Returns: (transfer none) (array length=n_steps): the rank's
 *   `ProfilerStep#N` ranges by start
 */
const HpTimelineStep *
hp_timeline_layout_get_steps (HpTimelineLayout *self,
                              guint             rank_pos,
                              guint            *n_steps)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank_pos < self->n_ranks, NULL);

  *n_steps = self->ranks[rank_pos].steps->len;
  return (const HpTimelineStep *)(gpointer)self->ranks[rank_pos].steps->data;
}

/**
 * hp_timeline_layout_get_lane_stream:
 *
 * Returns: the GPU stream of a GPU lane, -1 for a host thread
 */
gint64
hp_timeline_layout_get_lane_stream (HpTimelineLayout *self,
                                    guint             rank_pos,
                                    guint             lane)
{
  g_return_val_if_fail (self != NULL, -1);
  g_return_val_if_fail (rank_pos < self->n_ranks, -1);
  return self->ranks[rank_pos].lane_stream[lane];
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
  const HpRank *r;
  RankData     *rd;

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

/* Names and colours */

/**
 * hp_timeline_layout_get_short_name:
 * @name: a string id
 *
 * Returns: (transfer none): the name as the timeline writes it: HTA's
 *   short name (spec TF §14), or the full name when that leaves nothing
 */
const char *
hp_timeline_layout_get_short_name (HpTimelineLayout *self,
                                   guint32           name)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (name >= self->n_strings)
    return "";
  if (self->short_names[name] == NULL)
    {
      const char *full = hp_trace_get_string (self->trace, name);
      char       *s = hp_shorten_name (full != NULL ? full : "");

      g_strstrip (s);
      if (*s == '\0' && full != NULL)
        {
          g_free (s);
          s = g_strdup (full);
        }
      self->short_names[name] = s;
    }
  return self->short_names[name];
}

static inline gboolean
is_gpu_work (const HpRank *r,
             guint32       e)
{
  return r->kind[e] == HP_EVENT_KIND_KERNEL || r->kind[e] == HP_EVENT_KIND_MEMCPY ||
         r->kind[e] == HP_EVENT_KIND_MEMSET;
}

static guint
name_color (HpTimelineLayout *self,
            guint32           name)
{
  if (name >= self->n_strings)
    return HP_TIMELINE_COLOR_NAME_BASE;
  if (self->name_colors[name] == NAME_COLOR_UNKNOWN)
    {
      const char *s = hp_trace_get_string (self->trace, name);
      guint32     h = 2166136261u;

      /* FNV-1a: stable across runs and platforms */
      for (; s != NULL && *s != '\0'; s++)
        h = (h ^ (guchar)*s) * 16777619u;
      self->name_colors[name] = (guint8)(h % HP_TIMELINE_N_NAME_COLORS);
    }
  return HP_TIMELINE_COLOR_NAME_BASE + self->name_colors[name];
}

/**
 * hp_timeline_layout_event_color:
 *
 * Returns: the colour index of an event: its kernel class for GPU work
 *   (kernels, memcpy, memset), else a stable hash of its name
 */
guint
hp_timeline_layout_event_color (HpTimelineLayout *self,
                                const HpRank     *rank,
                                guint             event)
{
  if (is_gpu_work (rank, event))
    return MIN (rank->kclass[event], HP_KERNEL_CLASS_OTHER);
  return name_color (self, rank->name[event]);
}

/* Rows */

static void
add_row (HpTimelineLayout *self,
         HpTimelineRowKind kind,
         guint             rank_pos,
         guint             lane,
         guint             depth,
         double            height)
{
  HpTimelineRow row = { kind, rank_pos, lane, depth, self->content_height, height };

  g_array_append_val (self->rows, row);
  self->content_height += height;
}

static void
add_lanes (HpTimelineLayout *self,
           guint             rank_pos,
           gboolean          gpu)
{
  const HpRank *r = hp_trace_get_rank (self->trace, rank_pos);

  for (guint l = 0; l < r->n_lanes; l++)
    {
      const HpLane *lane = &r->lanes[l];

      if (!!lane->is_gpu != gpu || !self->ranks[rank_pos].lane_visible[l] || lane->max_depth == 0)
        continue;
      for (guint d = 0; d < lane->max_depth; d++)
        add_row (self, HP_TIMELINE_ROW_SLICES, rank_pos, l, d, HP_TIMELINE_SLICE_HEIGHT);
      self->content_height += HP_TIMELINE_LANE_GAP;
    }
}

static void
ensure_rows (HpTimelineLayout *self)
{
  if (!self->rows_dirty)
    return;

  g_array_set_size (self->rows, 0);
  self->content_height = 0;
  for (guint k = 0; k < self->n_ranks; k++)
    {
      if (!self->ranks[k].visible)
        continue;
      add_row (self, HP_TIMELINE_ROW_RANK, k, 0, 0, HP_TIMELINE_RANK_HEIGHT);
      if (self->ranks[k].collapsed)
        continue;
      self->content_height += HP_TIMELINE_LANE_GAP;
      add_lanes (self, k, FALSE);
      add_lanes (self, k, TRUE);
      if (self->flags & HP_TIMELINE_SHOW_COUNTERS)
        {
          ensure_counters (self, k);
          for (guint c = 0; c < self->ranks[k].counters->len; c++)
            add_row (self, HP_TIMELINE_ROW_COUNTER, k, c, 0, HP_TIMELINE_COUNTER_HEIGHT);
          if (self->ranks[k].counters->len > 0)
            self->content_height += HP_TIMELINE_LANE_GAP;
        }
    }
  self->rows_dirty = FALSE;
}

/**
 * hp_timeline_layout_get_rows:
 * @n_rows: (out): the number of rows
 *
 * Returns: (transfer none) (array length=n_rows): the rows, top to bottom
 */
const HpTimelineRow *
hp_timeline_layout_get_rows (HpTimelineLayout *self,
                             guint            *n_rows)
{
  g_return_val_if_fail (self != NULL, NULL);

  ensure_rows (self);
  *n_rows = self->rows->len;
  return (const HpTimelineRow *)(gpointer)self->rows->data;
}

/**
 * hp_timeline_layout_get_content_height:
 *
 * Returns: the height of all rows, in pixels (the scrollable extent)
 */
double
hp_timeline_layout_get_content_height (HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);

  ensure_rows (self);
  return self->content_height;
}

/**
 * hp_timeline_layout_get_lanes_top:
 *
 * Returns: the height of the ruler (and of the step band when shown): where
 *   the lanes area starts
 */
double
hp_timeline_layout_get_lanes_top (HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return HP_TIMELINE_RULER_HEIGHT +
         ((self->flags & HP_TIMELINE_SHOW_ITERATIONS) ? HP_TIMELINE_BAND_HEIGHT : 0);
}

/* the first row whose bottom is below @y */
static guint
first_row_below (HpTimelineLayout *self,
                 double            y)
{
  const HpTimelineRow *rows = (const HpTimelineRow *)(gpointer)self->rows->data;
  guint                lo = 0, hi = self->rows->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (rows[mid].y + rows[mid].height <= y)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * hp_timeline_layout_find_row:
 * @content_y: a y in the lanes area, scrolling included
 *
 * Returns: the row at @content_y, or -1 (gaps between lanes, below the last)
 */
int
hp_timeline_layout_find_row (HpTimelineLayout *self,
                             double            content_y)
{
  guint                i;
  const HpTimelineRow *row;

  g_return_val_if_fail (self != NULL, -1);

  ensure_rows (self);
  i = first_row_below (self, content_y);
  if (i >= self->rows->len)
    return -1;
  row = &g_array_index (self->rows, HpTimelineRow, i);
  return content_y >= row->y ? (int)i : -1;
}

/**
 * hp_timeline_layout_find_lane_row:
 *
 * Returns: the row showing a depth of a lane, or -1 when it is not shown
 *   (rank hidden or collapsed, lane hidden)
 */
int
hp_timeline_layout_find_lane_row (HpTimelineLayout *self,
                                  guint             rank_pos,
                                  guint             lane,
                                  guint             depth)
{
  const HpTimelineRow *rows;
  guint                lo = 0, hi;

  g_return_val_if_fail (self != NULL, -1);

  ensure_rows (self);
  rows = (const HpTimelineRow *)(gpointer)self->rows->data;
  hi = self->rows->len;
  /* rows are ordered by rank; within a rank, walk */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (rows[mid].rank_pos < rank_pos)
        lo = mid + 1;
      else
        hi = mid;
    }
  for (; lo < self->rows->len && rows[lo].rank_pos == rank_pos; lo++)
    if (rows[lo].kind == HP_TIMELINE_ROW_SLICES && rows[lo].lane == lane && rows[lo].depth == depth)
      return (int)lo;
  return -1;
}

/* Culling */

static inline gint64
event_end (const HpRank *r,
           guint32       e)
{
  return r->ts[e] + (r->dur[e] > 0 ? r->dur[e] : 0);
}

/* Gallops from @position to the first position before @end whose event
 * ends after @t: as cheap as a step when it is near, logarithmic when far.
 * The events of one depth end in order, so this is exact. */
static guint
skip_ending_by (const gint64 *ends,
                guint         position,
                guint         end,
                gint64        t)
{
  guint lo = position, hi, step = 1;

  if (lo >= end || ends[lo] > t)
    return lo;
  /* lo ends by t; find hi that ends after t */
  for (;;)
    {
      hi = lo + step;
      if (hi >= end)
        {
          hi = end;
          break;
        }
      if (ends[hi] > t)
        break;
      lo = hi;
      step *= 2;
    }
  lo++;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (ends[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* The first position of a depth whose event intersects [t, ...): ends after
 * t, or is an instant at t. */
static guint
first_visible (const HpRank *r,
               const HpLane *lane,
               guint         depth,
               gint64        t)
{
  guint p = hp_lane_first_ending_after (r, lane, depth, t - 1);
  guint end = lane->depth_start[depth + 1];

  /* events ending exactly at t only count when they are instants there */
  while (p < end)
    {
      guint32 e = lane->events[p];

      if (event_end (r, e) > t || r->ts[e] == t)
        break;
      p++;
    }
  return p;
}

/**
 * hp_timeline_layout_cull:
 * @rank_pos: a rank position
 * @lane: one of its lanes
 * @depth: a depth of the lane
 * @t0: window start, ns
 * @t1: window end, ns (exclusive)
 * @events: (element-type guint32): where to append the events
 *
 * The events of one depth of a lane that intersect [@t0, @t1), in time
 * order, found as painting finds them (binary search on ends, walk to the
 * first start at or after @t1), without merging. An instant belongs to the
 * window when @t0 ≤ ts < @t1.
 */
void
hp_timeline_layout_cull (HpTimelineLayout *self,
                         guint             rank_pos,
                         guint             lane,
                         guint             depth,
                         gint64            t0,
                         gint64            t1,
                         GArray           *events)
{
  const HpRank *r;
  const HpLane *ln;
  guint         end;

  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);
  r = hp_trace_get_rank (self->trace, rank_pos);
  g_return_if_fail (lane < r->n_lanes);
  ln = &r->lanes[lane];
  g_return_if_fail (depth < ln->max_depth);

  end = ln->depth_start[depth + 1];
  for (guint p = first_visible (r, ln, depth, t0); p < end; p++)
    {
      guint32 e = ln->events[p];

      if (r->ts[e] >= t1)
        break;
      g_array_append_val (events, e);
    }
}

typedef struct
{
  HpTimelineLayout *self;
  gint64            t0;
  gint64            t1;
  double            ppns; /* device pixels per ns */
  double            left; /* x of t0, user space */
  double            scale;
  gint64            n_cols; /* device pixel columns of the time area */
} Frame;

static void
emit_mark (Frame  *f,
           gint64  c0,
           gint64  c1,
           guint   row,
           guint32 event,
           guint32 count,
           guint   color,
           guint   flags)
{
  HpTimelineMark m;

  c0 = MAX (c0, -1);
  c1 = MIN (c1, f->n_cols + 1);
  if (c1 <= c0)
    return;
  m.x = (float)(f->left + c0 / f->scale);
  m.width = (float)((c1 - c0) / f->scale);
  m.row = row;
  m.event = event;
  m.count = count;
  m.color = (guint16)color;
  m.flags = (guint16)flags;
  if (!(flags & HP_TIMELINE_MARK_MERGED) && m.width >= HP_TIMELINE_MIN_LABEL_WIDTH)
    m.flags |= HP_TIMELINE_MARK_LABEL;
  g_array_append_val (f->self->marks, m);
}

/* Marks for one depth of a lane: wide events one by one, runs of pixel
 * columns for events narrower than a device pixel. */
static void
cull_depth (Frame        *f,
            const HpRank *r,
            const HpLane *lane,
            const gint64 *ends,
            guint         depth,
            guint         row)
{
  HpTimelineLayout *self = f->self;
  guint             end = lane->depth_start[depth + 1];
  guint             p = first_visible (r, lane, depth, f->t0);
  gint64            run_c0 = 0, run_c1 = G_MININT64;
  guint32           run_event = 0, run_count = 0;
  guint             run_color = 0;

  while (p < end)
    {
      guint32 e = lane->events[p];
      gint64  ts = r->ts[e];
      gint64  te;
      double  xs, xe;
      gint64  c0, c1;
      guint   color;

      if (ts >= f->t1)
        break;
      te = ends[p];
      xs = (double)(ts - f->t0) * f->ppns;
      xe = (double)(te - f->t0) * f->ppns;
      c0 = hp_timeline_floor (xs);
      c1 = MAX (hp_timeline_ceil (xe), c0 + 1);
      if (xe - xs < 1.0)
        color = is_gpu_work (r, e) ? MIN (r->kclass[e], HP_KERNEL_CLASS_OTHER) : HP_TIMELINE_COLOR_DENSE;
      else
        {
          color = hp_timeline_layout_event_color (self, r, e);
          if (run_count > 0)
            emit_mark (f, run_c0, run_c1, row, run_event, run_count, run_color, HP_TIMELINE_MARK_MERGED);
          run_count = 0;
          run_c1 = G_MININT64;
          emit_mark (f, c0, c1, row, e, 1, color, 0);
          p++;
          continue;
        }

      if (run_count > 0 && c0 <= run_c1 && (color == run_color || c1 <= run_c1))
        {
          /* same colour and touching, or already painted: grow the run */
          run_c1 = MAX (run_c1, c1);
          run_count++;
        }
      else
        {
          if (run_count > 0)
            emit_mark (f, run_c0, run_c1, row, run_event, run_count, run_color, HP_TIMELINE_MARK_MERGED);
          /* never paint a column twice: start after the previous run */
          run_c0 = MAX (c0, run_c1);
          run_c1 = c1;
          run_event = e;
          run_count = 1;
          run_color = color;
        }

      /* everything that ends before column c1 lies in painted columns */
      {
        gint64 t_next = f->t0 + hp_timeline_floor ((double)c1 / f->ppns);
        guint  q = skip_ending_by (ends, p + 1, end, t_next);

        /* those events may start after t1 only if they are past the window */
        if (q > p + 1)
          {
            guint32 last = lane->events[q - 1];

            if (r->ts[last] < f->t1)
              run_count += q - p - 1;
            else
              {
                /* count only the skipped events inside the window */
                for (guint s = p + 1; s < q && r->ts[lane->events[s]] < f->t1; s++)
                  run_count++;
              }
          }
        p = q;
      }
    }
  if (run_count > 0)
    emit_mark (f, run_c0, run_c1, row, run_event, run_count, run_color, HP_TIMELINE_MARK_MERGED);
}

/* A collapsed rank shows its GPU streams merged in its header. */
static void
cull_summary (Frame        *f,
              const HpRank *r,
              guint         rank_pos,
              guint         row)
{
  for (guint l = 0; l < r->n_lanes; l++)
    {
      const HpLane *lane = &r->lanes[l];

      if (!lane->is_gpu || lane->max_depth == 0 || !f->self->ranks[rank_pos].lane_visible[l])
        continue;
      /* the kernels: the deepest level of a GPU lane is where they sit
       * when annotations wrap them */
      cull_depth (f, r, lane, f->self->ranks[rank_pos].ends[l], lane->max_depth - 1, row);
    }
}

static void
sort_marks_by_color (HpTimelineLayout *self)
{
  const HpTimelineMark *marks = (const HpTimelineMark *)(gpointer)self->marks->data;
  guint                 fill[HP_TIMELINE_N_COLORS];

  memset (self->color_start, 0, sizeof self->color_start);
  for (guint i = 0; i < self->marks->len; i++)
    self->color_start[marks[i].color + 1]++;
  for (guint c = 0; c < HP_TIMELINE_N_COLORS; c++)
    self->color_start[c + 1] += self->color_start[c];
  memcpy (fill, self->color_start, sizeof fill);
  g_array_set_size (self->order, self->marks->len);
  for (guint i = 0; i < self->marks->len; i++)
    g_array_index (self->order, guint32, fill[marks[i].color]++) = i;
}

/**
 * hp_timeline_layout_update:
 * @viewport: the picture to lay out
 *
 * Lays out one frame: visible rows, the marks of their events, the ruler.
 * Read the result with hp_timeline_layout_get_marks() and friends; it stays
 * until the next update.
 */
void
hp_timeline_layout_update (HpTimelineLayout         *self,
                           const HpTimelineViewport *viewport)
{
  const HpTimelineRow *rows;
  Frame                f;
  double               lanes_top, time_width, view_bottom;

  g_return_if_fail (self != NULL);
  g_return_if_fail (viewport != NULL);
  g_return_if_fail (viewport->t1 > viewport->t0);

  ensure_rows (self);
  self->viewport = *viewport;
  if (!(self->viewport.scale > 0))
    self->viewport.scale = 1.0;
  g_array_set_size (self->marks, 0);

  lanes_top = hp_timeline_layout_get_lanes_top (self);
  time_width = MAX (viewport->width - HP_TIMELINE_GUTTER_WIDTH, 1.0);

  f.self = self;
  f.t0 = viewport->t0;
  f.t1 = viewport->t1;
  f.scale = self->viewport.scale;
  f.left = HP_TIMELINE_GUTTER_WIDTH;
  f.n_cols = (gint64)ceil (time_width * f.scale);
  f.ppns = time_width * f.scale / (double)(viewport->t1 - viewport->t0);

  rows = (const HpTimelineRow *)(gpointer)self->rows->data;
  view_bottom = viewport->scroll_y + MAX (viewport->height - lanes_top, 0);
  self->first_row = first_row_below (self, viewport->scroll_y);
  self->end_row = self->first_row;
  while (self->end_row < self->rows->len && rows[self->end_row].y < view_bottom)
    self->end_row++;

  for (guint i = self->first_row; i < self->end_row; i++)
    {
      const HpTimelineRow *row = &rows[i];
      const HpRank        *r = hp_trace_get_rank (self->trace, row->rank_pos);

      if (row->kind == HP_TIMELINE_ROW_SLICES)
        cull_depth (&f, r, &r->lanes[row->lane], self->ranks[row->rank_pos].ends[row->lane], row->depth, i);
      else if (row->kind == HP_TIMELINE_ROW_RANK && self->ranks[row->rank_pos].collapsed)
        cull_summary (&f, r, row->rank_pos, i);
    }
  sort_marks_by_color (self);

  hp_timeline_ruler_compute (&self->ruler, viewport->t0, viewport->t1, time_width, 96.0);
}

/**
 * hp_timeline_layout_get_marks:
 * @n_marks: (out): the number of marks
 *
 * Returns: (transfer none) (array length=n_marks): the marks of the last
 *   update, row by row, left to right within a row
 */
const HpTimelineMark *
hp_timeline_layout_get_marks (HpTimelineLayout *self,
                              guint            *n_marks)
{
  g_return_val_if_fail (self != NULL, NULL);

  *n_marks = self->marks->len;
  return (const HpTimelineMark *)(gpointer)self->marks->data;
}

/**
 * hp_timeline_layout_get_marks_by_color:
 * @color_start: (out caller-allocates) (array fixed-size=18): where the
 *   marks of colour c start in the returned list, for c = 0 …
 *   %HP_TIMELINE_N_COLORS (the last entry is the number of marks)
 *
 * Returns: (transfer none): mark indices grouped by colour, for painting
 *   each colour with one path
 */
const guint32 *
hp_timeline_layout_get_marks_by_color (HpTimelineLayout *self,
                                       guint            *color_start)
{
  g_return_val_if_fail (self != NULL, NULL);

  memcpy (color_start, self->color_start, sizeof self->color_start);
  return (const guint32 *)(gpointer)self->order->data;
}

/**
 * hp_timeline_layout_get_ruler:
 *
 * Returns: (transfer none): the ruler of the last update
 */
const HpTimelineRuler *
hp_timeline_layout_get_ruler (HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->ruler;
}

/**
 * hp_timeline_layout_get_visible_rows:
 * @first: (out): the first row in view at the last update
 * @end: (out): one past the last
 */
void
hp_timeline_layout_get_visible_rows (HpTimelineLayout *self,
                                     guint            *first,
                                     guint            *end)
{
  g_return_if_fail (self != NULL);

  *first = self->first_row;
  *end = self->end_row;
}

/* Hit testing */

/**
 * hp_timeline_hit_init:
 * @hit: (out caller-allocates): a hit
 *
 * Sets @hit to "nothing".
 */
void
hp_timeline_hit_init (HpTimelineHit *hit)
{
  memset (hit, 0, sizeof *hit);
  hit->kind = HP_TIMELINE_HIT_NONE;
  hit->row = hit->rank_pos = hit->lane = hit->depth = -1;
  hit->event = -1;
}

/**
 * hp_timeline_hit_clear:
 *
 * Frees what @hit owns and resets it.
 */
void
hp_timeline_hit_clear (HpTimelineHit *hit)
{
  g_free (hit->text);
  hp_timeline_hit_init (hit);
}

/* The event of a row at time t, within tol ns: the one containing t, else
 * the nearest; found with the culling's search. */
static gint64
event_at (const HpRank *r,
          const HpLane *lane,
          guint         depth,
          gint64        t,
          gint64        tol)
{
  guint  end = lane->depth_start[depth + 1];
  gint64 best = -1, best_dist = G_MAXINT64;

  for (guint p = first_visible (r, lane, depth, t - tol); p < end; p++)
    {
      guint32 e = lane->events[p];
      gint64  ts = r->ts[e], te = event_end (r, e);
      gint64  dist;

      if (ts > t + tol)
        break;
      dist = t < ts ? ts - t : t >= te ? t - te
                                       : 0;
      if (dist < best_dist)
        {
          best = e;
          best_dist = dist;
          if (dist == 0)
            break;
        }
    }
  return best;
}

static double
counter_value_at (const HpTimelineCounter *c,
                  gint64                   t)
{
  guint lo = 0, hi = c->n_points;

  /* the last point at or before t */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (c->ts[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo == 0 ? 0.0 : c->values[lo - 1];
}

/**
 * hp_timeline_layout_hit_test:
 * @viewport: the picture
 * @x: a point of the picture
 * @y:
 * @hit: (out caller-allocates): what is there
 *
 * Finds what is under a point with the same search painting uses; within
 * two pixels of an event counts as on it, so events narrower than a pixel
 * can be pointed at. Overlays are not asked (see the painter).
 *
 * Returns: whether something is there
 */
gboolean
hp_timeline_layout_hit_test (HpTimelineLayout         *self,
                             const HpTimelineViewport *viewport,
                             double                    x,
                             double                    y,
                             HpTimelineHit            *hit)
{
  HpTimelineMapper     m;
  const HpTimelineRow *row;
  const HpRank        *r;
  int                  i;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (viewport != NULL && hit != NULL, FALSE);

  hp_timeline_hit_init (hit);
  ensure_rows (self);
  hp_timeline_mapper_init (&m, self, viewport);
  hit->time = hp_timeline_mapper_x_to_time (&m, x);

  if (y < 0 || y >= viewport->height || x < 0 || x >= viewport->width)
    return FALSE;

  if (y < HP_TIMELINE_RULER_HEIGHT)
    {
      hit->kind = HP_TIMELINE_HIT_RULER;
      return TRUE;
    }
  if (y < m.lanes_top)
    {
      guint                 n_steps = 0;
      const HpTimelineStep *steps = NULL;

      for (guint k = 0; k < self->n_ranks && steps == NULL; k++)
        if (self->ranks[k].visible)
          {
            steps = hp_timeline_layout_get_steps (self, k, &n_steps);
            hit->rank_pos = (int)k;
          }
      for (guint s = 0; s < n_steps && x >= m.time_left; s++)
        if (steps[s].start <= hit->time && hit->time < steps[s].end)
          {
            hit->kind = HP_TIMELINE_HIT_STEP;
            hit->event = steps[s].event;
            hit->start = steps[s].start;
            hit->end = steps[s].end;
            hit->item = steps[s].number;
            return TRUE;
          }
      return FALSE;
    }

  i = hp_timeline_layout_find_row (self, y - m.lanes_top + viewport->scroll_y);
  if (i < 0)
    return FALSE;
  row = &g_array_index (self->rows, HpTimelineRow, i);
  r = hp_trace_get_rank (self->trace, row->rank_pos);
  hit->row = i;
  hit->rank_pos = (int)row->rank_pos;

  switch (row->kind)
    {
    case HP_TIMELINE_ROW_RANK:
      hit->kind = HP_TIMELINE_HIT_RANK;
      return TRUE;

    case HP_TIMELINE_ROW_COUNTER:
      hit->lane = (int)row->lane;
      if (x < m.time_left)
        {
          hit->kind = HP_TIMELINE_HIT_LANE_LABEL;
          return TRUE;
        }
      hit->kind = HP_TIMELINE_HIT_COUNTER;
      hit->value = counter_value_at (hp_timeline_layout_get_counter (self, row->rank_pos, row->lane), hit->time);
      return TRUE;

    case HP_TIMELINE_ROW_SLICES:
    default:
      hit->lane = (int)row->lane;
      hit->depth = (int)row->depth;
      if (x < m.time_left)
        {
          hit->kind = HP_TIMELINE_HIT_LANE_LABEL;
          return TRUE;
        }
      {
        double ns_per_px = (double)(viewport->t1 - viewport->t0) / MAX (m.time_right - m.time_left, 1.0);
        gint64 tol = (gint64)ceil (2.0 * ns_per_px);

        hit->event = event_at (r, &r->lanes[row->lane], row->depth, hit->time, tol);
      }
      if (hit->event < 0)
        return FALSE;
      hit->kind = HP_TIMELINE_HIT_EVENT;
      hit->start = r->ts[hit->event];
      hit->end = event_end (r, (guint32)hit->event);
      return TRUE;
    }
}

/* Highlights */

static int
cmp_highlight (gconstpointer a,
               gconstpointer b)
{
  const Highlight *x = a;
  const Highlight *y = b;

  if (x->ts != y->ts)
    return x->ts < y->ts ? -1 : 1;
  if (x->rank_pos != y->rank_pos)
    return x->rank_pos < y->rank_pos ? -1 : 1;
  return (x->event > y->event) - (x->event < y->event);
}

static int
cmp_guint32 (gconstpointer a,
             gconstpointer b)
{
  guint32 x = *(const guint32 *)a;
  guint32 y = *(const guint32 *)b;

  return (x > y) - (x < y);
}

static void
add_lane_highlight (HpTimelineLayout *self,
                    guint             rank_pos,
                    guint             lane,
                    guint32           position)
{
  GArray **slot = &self->ranks[rank_pos].highlights[lane];

  if (*slot == NULL)
    *slot = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (*slot, position);
}

/**
 * hp_timeline_layout_search:
 * @needle: (nullable): text to look for in event names, any case; %NULL or
 *   empty clears the highlights
 *
 * Highlights every event whose name contains @needle.
 *
 * Returns: the number of matches
 */
guint
hp_timeline_layout_search (HpTimelineLayout *self,
                           const char       *needle)
{
  g_autofree guint8 *matches = NULL;
  g_autofree char   *lower = NULL;

  g_return_val_if_fail (self != NULL, 0);

  clear_highlight_arrays (self);
  self->generation++;
  if (needle == NULL || *needle == '\0')
    return 0;

  lower = g_ascii_strdown (needle, -1);
  matches = g_new0 (guint8, MAX (self->n_strings, 1));
  for (guint i = 0; i < self->n_strings; i++)
    {
      const char      *s = hp_trace_get_string (self->trace, i);
      g_autofree char *ls = NULL;

      if (s == NULL)
        continue;
      ls = g_ascii_strdown (s, -1);
      matches[i] = strstr (ls, lower) != NULL;
    }

  for (guint k = 0; k < self->n_ranks; k++)
    {
      const HpRank *r = hp_trace_get_rank (self->trace, k);

      for (guint l = 0; l < r->n_lanes; l++)
        {
          const HpLane *lane = &r->lanes[l];

          for (guint p = 0; p < lane->n_events; p++)
            {
              guint32 e = lane->events[p];

              if (r->name[e] < self->n_strings && matches[r->name[e]])
                {
                  Highlight h = { r->ts[e], k, e };

                  add_lane_highlight (self, k, l, p);
                  g_array_append_val (self->highlights, h);
                }
            }
        }
    }
  g_array_sort (self->highlights, cmp_highlight);
  return self->highlights->len;
}

/**
 * hp_timeline_layout_find_event_position:
 * @position: (out): where @event sits in its lane's events
 *
 * Returns: whether @event is on a lane
 */
gboolean
hp_timeline_layout_find_event_position (HpTimelineLayout *self,
                                        guint             rank_pos,
                                        guint32           event,
                                        guint            *position)
{
  const HpRank *r;
  const HpLane *lane;
  guint         lo, hi, d;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (rank_pos < self->n_ranks, FALSE);
  r = hp_trace_get_rank (self->trace, rank_pos);
  if (event >= r->n_events || r->lane[event] >= r->n_lanes)
    return FALSE;

  lane = &r->lanes[r->lane[event]];
  d = r->depth[event];
  if (d >= lane->max_depth)
    return FALSE;
  lo = lane->depth_start[d];
  hi = lane->depth_start[d + 1];
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (r->ts[lane->events[mid]] < r->ts[event])
        lo = mid + 1;
      else
        hi = mid;
    }
  for (; lo < lane->depth_start[d + 1] && r->ts[lane->events[lo]] == r->ts[event]; lo++)
    if (lane->events[lo] == event)
      {
        *position = lo;
        return TRUE;
      }
  return FALSE;
}

/**
 * hp_timeline_layout_set_highlights:
 * @events: (array length=n_events): events of the rank
 *
 * Highlights exactly these events (instances of a kernel, a launch …),
 * replacing any search matches.
 */
void
hp_timeline_layout_set_highlights (HpTimelineLayout *self,
                                   guint             rank_pos,
                                   const guint32    *events,
                                   guint             n_events)
{
  const HpRank *r;

  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);

  clear_highlight_arrays (self);
  self->generation++;
  r = hp_trace_get_rank (self->trace, rank_pos);
  for (guint i = 0; i < n_events; i++)
    {
      guint     p;
      Highlight h;

      if (!hp_timeline_layout_find_event_position (self, rank_pos, events[i], &p))
        continue;
      add_lane_highlight (self, rank_pos, r->lane[events[i]], p);
      h.ts = r->ts[events[i]];
      h.rank_pos = rank_pos;
      h.event = events[i];
      g_array_append_val (self->highlights, h);
    }
  for (guint l = 0; l < r->n_lanes; l++)
    if (self->ranks[rank_pos].highlights[l] != NULL)
      g_array_sort (self->ranks[rank_pos].highlights[l], cmp_guint32);
  g_array_sort (self->highlights, cmp_highlight);
}

void
hp_timeline_layout_clear_highlights (HpTimelineLayout *self)
{
  g_return_if_fail (self != NULL);

  clear_highlight_arrays (self);
  self->generation++;
}

guint
hp_timeline_layout_get_n_highlights (HpTimelineLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->highlights->len;
}

/**
 * hp_timeline_layout_get_highlight:
 * @i: an index below hp_timeline_layout_get_n_highlights()
 * @rank_pos: (out): the rank position
 * @event: (out): the event
 *
 * Highlights are in time order (then rank), for "next match".
 */
gboolean
hp_timeline_layout_get_highlight (HpTimelineLayout *self,
                                  guint             i,
                                  guint            *rank_pos,
                                  guint32          *event)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (i >= self->highlights->len)
    return FALSE;
  *rank_pos = g_array_index (self->highlights, Highlight, i).rank_pos;
  *event = g_array_index (self->highlights, Highlight, i).event;
  return TRUE;
}

/**
 * hp_timeline_layout_get_lane_highlights:
 *
 * Returns: (transfer none) (nullable) (element-type guint32): the
 *   highlighted positions of a lane's events, ascending (so by depth, then
 *   time), or %NULL
 */
const GArray *
hp_timeline_layout_get_lane_highlights (HpTimelineLayout *self,
                                        guint             rank_pos,
                                        guint             lane)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (rank_pos < self->n_ranks, NULL);
  return self->ranks[rank_pos].highlights[lane];
}

/* Ruler */

/**
 * hp_timeline_ruler_compute:
 * @ruler: (out caller-allocates): the result
 * @t0: window start, ns
 * @t1: window end, ns
 * @width: the window's width in pixels
 * @min_spacing: the least distance between ticks, in pixels
 *
 * Ticks every 1, 2 or 5 × 10^k ns, the smallest such step at least
 * @min_spacing pixels apart; labels in the unit of the step (s, ms, us or
 * ns), relative to the job start, or to a round origin near @t0 when the
 * window is too narrow for absolute labels to stay short.
 */
void
hp_timeline_ruler_compute (HpTimelineRuler *ruler,
                           gint64           t0,
                           gint64           t1,
                           double           width,
                           double           min_spacing)
{
  double raw, power, fraction, nice;
  gint64 step, first;

  g_return_if_fail (ruler != NULL);

  memset (ruler, 0, sizeof *ruler);
  if (t1 <= t0)
    t1 = t0 + 1;
  width = MAX (width, 1.0);

  raw = (double)(t1 - t0) * min_spacing / width;
  if (raw < 1.0)
    raw = 1.0;
  power = pow (10.0, floor (log10 (raw)));
  fraction = raw / power;
  nice = fraction <= 1.0 ? 1.0 : fraction <= 2.0 ? 2.0
                             : fraction <= 5.0   ? 5.0
                                                 : 10.0;
  step = (gint64)llround (nice * power);
  step = MAX (step, 1);
  while ((t1 - t0) / step + 2 > HP_TIMELINE_MAX_TICKS)
    {
      /* 1 → 2 → 5 → 10 */
      gint64 p = 1;

      while (p * 10 <= step)
        p *= 10;
      step = step / p == 1 ? 2 * p : step / p == 2 ? 5 * p
                                                   : 10 * p;
    }
  ruler->step = step;

  if (step >= 100000000)
    {
      ruler->unit = "s";
      ruler->divisor = 1e9;
    }
  else if (step >= 100000)
    {
      ruler->unit = "ms";
      ruler->divisor = 1e6;
    }
  else if (step >= 100)
    {
      ruler->unit = "us";
      ruler->divisor = 1e3;
    }
  else
    {
      ruler->unit = "ns";
      ruler->divisor = 1.0;
    }
  ruler->decimals = (int)ceil (-log10 ((double)step / ruler->divisor) - 1e-9);
  ruler->decimals = CLAMP (ruler->decimals, 0, 9);

  /* absolute labels longer than six digits are hard to read: count from a
   * round origin before the window instead */
  if (fabs ((double)t0) / ruler->divisor >= 1e4 && (double)(t1 - t0) / ruler->divisor < 1e3)
    {
      gint64 big = step * 10;

      ruler->origin = t0 >= 0 ? (t0 / big) * big : -((-t0 + big - 1) / big) * big;
    }

  first = t0 >= 0 ? ((t0 + step - 1) / step) * step : -((-t0) / step) * step;
  for (gint64 t = first; t < t1 && ruler->n_ticks < HP_TIMELINE_MAX_TICKS; t += step)
    ruler->ticks[ruler->n_ticks++] = t;
}

/**
 * hp_timeline_ruler_format:
 * @t: a tick time, ns
 * @buffer: (out): where to write
 * @size: its size
 *
 * Writes a tick's label: "250 ms", "1.25 s", or "+40 us" when the ruler
 * counts from an origin.
 */
void
hp_timeline_ruler_format (const HpTimelineRuler *ruler,
                          gint64                 t,
                          char                  *buffer,
                          gsize                  size)
{
  char   format[16];
  char   number[64];
  double v;

  g_return_if_fail (ruler != NULL && buffer != NULL && size > 0);

  v = (double)(t - ruler->origin) / ruler->divisor;
  g_snprintf (format, sizeof format, "%%.%df", ruler->decimals);
  g_ascii_formatd (number, sizeof number, format, v);
  if (strspn (number, "-0.") == strlen (number))
    g_snprintf (buffer, size, ruler->origin != 0 ? "+0" : "0");
  else
    g_snprintf (buffer, size, "%s%s %s", ruler->origin != 0 ? "+" : "", number, ruler->unit);
}

static char *
format_scaled (gint64 ns,
               int    digits)
{
  static const struct
  {
    double      divisor;
    const char *unit;
  } units[] = {
    { 1.0, "ns" },
    { 1e3, "us" },
    { 1e6, "ms" },
    { 1e9, "s" },
  };
  double a = fabs ((double)ns);
  guint  u = 0;
  double v;
  int    decimals;
  char   number[64];
  char   format[16];

  while (u + 1 < G_N_ELEMENTS (units) && a >= units[u + 1].divisor)
    u++;
  v = (double)ns / units[u].divisor;
  decimals = v == 0 ? 0 : MAX (digits - 1 - (int)floor (log10 (fabs (v))), 0);
  if (u == 0)
    decimals = 0;
  g_snprintf (format, sizeof format, "%%.%df", decimals);
  g_ascii_formatd (number, sizeof number, format, v);
  /* trim trailing zeros */
  if (strchr (number, '.') != NULL)
    {
      char *e = number + strlen (number);

      while (e[-1] == '0')
        *--e = '\0';
      if (e[-1] == '.')
        e[-1] = '\0';
    }
  return g_strdup_printf ("%s %s", number, units[u].unit);
}

/**
 * hp_timeline_format_duration:
 * @ns: a duration
 *
 * Returns: (transfer full): @ns with 3 significant digits in the best
 *   unit, "1.25 ms"
 */
char *
hp_timeline_format_duration (gint64 ns)
{
  return format_scaled (ns, 3);
}

/**
 * hp_timeline_format_time:
 * @ns: a time since the job start
 *
 * Returns: (transfer full): @ns precise to the ns in the best unit,
 *   "1.234567891 s"
 */
char *
hp_timeline_format_time (gint64 ns)
{
  if (ns == 0)
    return g_strdup ("0 s");
  return format_scaled (ns, 10);
}

/* Mapper */

/**
 * hp_timeline_mapper_init:
 * @mapper: (out caller-allocates): the mapper
 *
 * Sets up a mapper for a picture of @layout at @viewport.
 */
void
hp_timeline_mapper_init (HpTimelineMapper         *mapper,
                         const HpTimelineLayout   *layout,
                         const HpTimelineViewport *viewport)
{
  mapper->layout = layout;
  mapper->viewport = *viewport;
  mapper->time_left = HP_TIMELINE_GUTTER_WIDTH;
  mapper->time_right = MAX ((double)viewport->width, HP_TIMELINE_GUTTER_WIDTH + 1);
  mapper->lanes_top = hp_timeline_layout_get_lanes_top ((HpTimelineLayout *)layout);
}

/**
 * hp_timeline_mapper_time_to_x:
 *
 * Returns: the x of time @t (outside the time area when @t is off-screen)
 */
double
hp_timeline_mapper_time_to_x (const HpTimelineMapper *mapper,
                              gint64                  t)
{
  const HpTimelineViewport *v = &mapper->viewport;

  return mapper->time_left +
         (double)(t - v->t0) * (mapper->time_right - mapper->time_left) / (double)(v->t1 - v->t0);
}

/**
 * hp_timeline_mapper_x_to_time:
 *
 * Returns: the time at @x
 */
gint64
hp_timeline_mapper_x_to_time (const HpTimelineMapper *mapper,
                              double                  x)
{
  const HpTimelineViewport *v = &mapper->viewport;

  return v->t0 + (gint64)llround ((x - mapper->time_left) * (double)(v->t1 - v->t0) /
                                  (mapper->time_right - mapper->time_left));
}

/**
 * hp_timeline_mapper_row_y:
 * @row: a row index
 * @y: (out): its top on the picture
 * @height: (out): its height
 *
 * Returns: whether the row exists (it may still be scrolled out of view)
 */
gboolean
hp_timeline_mapper_row_y (const HpTimelineMapper *mapper,
                          int                     row,
                          double                 *y,
                          double                 *height)
{
  HpTimelineLayout    *layout = (HpTimelineLayout *)mapper->layout;
  const HpTimelineRow *r;

  ensure_rows (layout);
  if (row < 0 || (guint)row >= layout->rows->len)
    return FALSE;
  r = &g_array_index (layout->rows, HpTimelineRow, row);
  *y = mapper->lanes_top + r->y - mapper->viewport.scroll_y;
  *height = r->height;
  return TRUE;
}

/**
 * hp_timeline_mapper_lane_y:
 * @y: (out): top of the lane's row at @depth on the picture
 * @height: (out): the row's height
 *
 * Returns: whether that row is laid out (its rank expanded, lane shown)
 */
gboolean
hp_timeline_mapper_lane_y (const HpTimelineMapper *mapper,
                           guint                   rank_pos,
                           guint                   lane,
                           guint                   depth,
                           double                 *y,
                           double                 *height)
{
  int row = hp_timeline_layout_find_lane_row ((HpTimelineLayout *)mapper->layout, rank_pos, lane, depth);

  return hp_timeline_mapper_row_y (mapper, row, y, height);
}

/**
 * hp_timeline_mapper_event_rect:
 * @rect: (out): the event's box on the picture (unclipped, at least one
 *   pixel wide)
 *
 * Returns: whether the event's row is laid out
 */
gboolean
hp_timeline_mapper_event_rect (const HpTimelineMapper *mapper,
                               guint                   rank_pos,
                               guint32                 event,
                               HpRect                 *rect)
{
  const HpRank *r = hp_trace_get_rank (mapper->layout->trace, rank_pos);
  double        y, h, x0, x1;

  if (event >= r->n_events)
    return FALSE;
  if (!hp_timeline_mapper_lane_y (mapper, rank_pos, r->lane[event], r->depth[event], &y, &h))
    return FALSE;
  x0 = hp_timeline_mapper_time_to_x (mapper, r->ts[event]);
  x1 = hp_timeline_mapper_time_to_x (mapper, event_end (r, event));
  rect->x = x0;
  rect->width = MAX (x1 - x0, 1.0 / MAX (mapper->viewport.scale, 1.0));
  rect->y = y + 1;
  rect->height = h - 2;
  return TRUE;
}
