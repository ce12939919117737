/* hp-timeline-cull.c — one frame of the timeline: the visible events of each row, culled and merged into marks.
 *
 * A frame (#HpTimelineFrame) is what one picture needs beyond the scene:
 * the marks, the ruler, the rows in view. It belongs to whoever paints
 * (the painter keeps one) and is filled from a const scene, which it
 * never writes: one scene can be painted by any number of frames.
 *
 * For every visible row, a binary search finds the first event that *ends*
 * after the window's start (so an event that began off-screen is kept), a
 * walk stops at the first event starting after its end, and events
 * narrower than a pixel become one mark per run of pixel columns (the walk
 * gallops over the events that cannot touch a new column). Marks live in
 * arrays reused from frame to frame; nothing is allocated per event. While
 * the scene and the time window stay, a row's marks stay too: an update
 * that only scrolls copies the marks of the rows it saw last time and culls
 * only the rows that came into view.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-timeline-camera.h"
#include "hp-timeline-frame.h"
#include "hp-timeline-layout-private.h"

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
struct _HpTimelineFrame
{
  HpTimelineViewport viewport;
  GArray            *marks; /* HpTimelineMark */
  GArray            *order; /* guint32 mark indices grouped by colour */
  guint              color_start[HP_TIMELINE_N_COLORS + 1];
  HpTimelineRuler    ruler;
  guint              first_row;
  guint              end_row;
  GArray            *row_marks; /* guint32: where the marks of each row in view start, and their end */

  /* the last update's marks, kept for the next: a row's marks depend on
   * the scene (its layout, rows and flags) and the time window, not on
   * the vertical scroll, so rows still in view are copied instead of culled
   * again. The scene is held so that its address is not another scene's. */
  GArray          *old_marks;
  GArray          *old_row_marks;
  guint            old_first_row;
  guint            old_end_row;
  HpTimelineScene *old_scene;
  guint            old_generation;
  gint64           old_t0;
  gint64           old_t1;
  double           old_left;
  double           old_scale;
  gint64           old_n_cols;
};

void
hp_timeline_layout_cull (const HpTimelineLayout *self,
                         guint                   rank_pos,
                         guint                   lane,
                         guint                   depth,
                         gint64                  t0,
                         gint64                  t1,
                         GArray                 *events)
{
  const HpRank *r;
  const HpLane *ln;

  g_return_if_fail (self != NULL);
  g_return_if_fail (rank_pos < self->n_ranks);
  r = hp_trace_get_rank (self->trace, rank_pos);
  g_return_if_fail (lane < r->n_lanes);
  ln = &r->lanes[lane];
  g_return_if_fail (depth < ln->max_depth);

  hp_lane_collect_in_span (r, ln, depth, hp_time_span_make (t0, t1), events);
}

typedef struct
{
  const HpTimelineLayout *self;
  const HpTimelineScene  *scene;
  HpTimelineFrame        *frame;
  gint64                  t0;
  gint64                  t1;
  double                  ppns; /* device pixels per ns */
  double                  left; /* x of t0, user space */
  double                  scale;
  gint64                  n_cols; /* device pixel columns of the time area */
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
  g_array_append_val (f->frame->marks, m);
}

/* hp_lane_first_in_span() on the layout's arrays: the first position of
 * [@lo, @hi) whose event ends after @t, or is an instant at @t */
static guint
first_in_span (const gint64 *starts,
               const gint64 *ends,
               guint         lo,
               guint         hi,
               gint64        t)
{
  guint end = hi;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (ends[mid] < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  while (lo < end && ends[lo] == t && starts[lo] != t)
    lo++;
  return lo;
}

/* Marks for one depth of a lane: wide events one by one, runs of pixel
 * columns for events narrower than a device pixel. Starts, ends and
 * colours are read from the layout's arrays in lane order, never from the
 * rank's columns. */
static void
cull_depth (Frame        *f,
            const HpRank *r,
            guint         rank_pos,
            guint         lane_index,
            guint         depth,
            guint         row)
{
  const HpLane             *lane = &r->lanes[lane_index];
  const HpTimelineLayout   *self = f->self;
  const HpTimelineRankData *rd = &self->ranks[rank_pos];
  const gint64             *ends = rd->ends[lane_index];
  const gint64             *starts = rd->starts[lane_index];
  const guint8             *colors = rd->colors[lane_index];
  guint                     end = lane->depth_start[depth + 1];
  guint                     p = first_in_span (starts, ends, lane->depth_start[depth], end, f->t0);
  gint64                    run_c0 = 0, run_c1 = G_MININT64;
  guint32                   run_event = 0, run_count = 0;
  guint                     run_color = 0;

  while (p < end)
    {
      guint32 e;
      gint64  ts = starts[p];
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
      color = colors[p];
      if (xe - xs < 1.0)
        {
          /* narrower than a pixel: GPU work by its class, the rest dense */
          if (color >= HP_TIMELINE_COLOR_NAME_BASE)
            color = HP_TIMELINE_COLOR_DENSE;
        }
      else
        {
          e = lane->events[p];
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
          run_event = lane->events[p];
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
            /* the last one ending before t1 starts before it too, which
             * spares reading its start (another cache line than the end's) */
            if (ends[q - 1] < f->t1 || starts[q - 1] < f->t1)
              run_count += q - p - 1;
            else
              {
                /* count only the skipped events inside the window */
                for (guint s = p + 1; s < q && starts[s] < f->t1; s++)
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

      if (!lane->is_gpu || lane->max_depth == 0 || !hp_timeline_arrangement_get_lane_visible (f->scene->arrangement, rank_pos, l))
        continue;
      /* the kernels: the deepest level of a GPU lane is where they sit
       * when annotations wrap them */
      cull_depth (f, r, rank_pos, l, lane->max_depth - 1, row);
    }
}

static void
sort_marks_by_color (HpTimelineFrame *self)
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
 * hp_timeline_frame_new:
 *
 * Returns: (transfer full): an empty frame, for hp_timeline_frame_update()
 */
HpTimelineFrame *
hp_timeline_frame_new (void)
{
  HpTimelineFrame *self = g_new0 (HpTimelineFrame, 1);

  self->marks = g_array_sized_new (FALSE, FALSE, sizeof (HpTimelineMark), 4096);
  self->order = g_array_sized_new (FALSE, FALSE, sizeof (guint32), 4096);
  self->row_marks = g_array_sized_new (FALSE, FALSE, sizeof (guint32), 256);
  self->old_marks = g_array_sized_new (FALSE, FALSE, sizeof (HpTimelineMark), 4096);
  self->old_row_marks = g_array_sized_new (FALSE, FALSE, sizeof (guint32), 256);
  return self;
}

void
hp_timeline_frame_free (HpTimelineFrame *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->marks);
  g_array_unref (self->order);
  g_array_unref (self->row_marks);
  g_array_unref (self->old_marks);
  g_array_unref (self->old_row_marks);
  if (self->old_scene != NULL)
    hp_timeline_scene_unref (self->old_scene);
  g_free (self);
}

/**
 * hp_timeline_frame_update:
 * @scene: the timeline to lay out; only read
 * @viewport: the picture to lay out
 *
 * Lays out one frame of @scene: visible rows, the marks of their events,
 * the ruler. Read the result with hp_timeline_frame_get_marks() and
 * friends; it stays until the next update.
 */
void
hp_timeline_frame_update (HpTimelineFrame          *self,
                          const HpTimelineScene    *scene,
                          const HpTimelineViewport *viewport)
{
  const HpTimelineRow *rows;
  guint                n_rows;
  Frame                f;
  double               lanes_top, time_width, gutter;
  gboolean             same;

  g_return_if_fail (self != NULL);
  g_return_if_fail (scene != NULL);
  g_return_if_fail (viewport != NULL);
  g_return_if_fail (viewport->t1 > viewport->t0);

  self->viewport = *viewport;
  if (!(self->viewport.scale > 0))
    self->viewport.scale = 1.0;

  /* the last update's marks become the old ones */
  {
    GArray *t = self->old_marks;

    self->old_marks = self->marks;
    self->marks = t;
    t = self->old_row_marks;
    self->old_row_marks = self->row_marks;
    self->row_marks = t;
    self->old_first_row = self->first_row;
    self->old_end_row = self->end_row;
  }
  g_array_set_size (self->marks, 0);
  g_array_set_size (self->row_marks, 0);

  lanes_top = hp_timeline_scene_get_lanes_top (scene);
  gutter = hp_timeline_scene_get_gutter_width (scene);
  time_width = MAX (viewport->width - gutter, 1.0);

  f.self = scene->layout;
  f.scene = scene;
  f.frame = self;
  f.t0 = viewport->t0;
  f.t1 = viewport->t1;
  f.scale = self->viewport.scale;
  f.left = gutter;
  f.n_cols = (gint64)ceil (time_width * f.scale);
  f.ppns = time_width * f.scale / (double)(viewport->t1 - viewport->t0);

  rows = hp_timeline_scene_get_rows (scene, &n_rows);
  hp_timeline_rows_in_view (rows, n_rows, viewport->scroll_y, viewport->height - lanes_top, &self->first_row, &self->end_row);

  /* the old marks hold for the same scene, unchanged, and window */
  same = self->old_scene == scene && self->old_generation == hp_timeline_scene_get_generation (scene) &&
         self->old_t0 == f.t0 && self->old_t1 == f.t1 && self->old_left == f.left && self->old_scale == f.scale &&
         self->old_n_cols == f.n_cols;
  if (!same)
    {
      if (self->old_scene != NULL)
        hp_timeline_scene_unref (self->old_scene);
      self->old_scene = hp_timeline_scene_ref ((HpTimelineScene *)scene);
      self->old_generation = hp_timeline_scene_get_generation (scene);
      self->old_t0 = f.t0;
      self->old_t1 = f.t1;
      self->old_left = f.left;
      self->old_scale = f.scale;
      self->old_n_cols = f.n_cols;
    }

  for (guint i = self->first_row; i < self->end_row; i++)
    {
      const HpTimelineRow *row = &rows[i];
      const HpRank        *r = hp_trace_get_rank (scene->trace, row->rank_pos);
      guint32              start = self->marks->len;

      g_array_append_val (self->row_marks, start);
      if (same && i >= self->old_first_row && i < self->old_end_row)
        {
          const guint32 *old = (const guint32 *)(gpointer)self->old_row_marks->data;
          guint          k = i - self->old_first_row;

          g_array_append_vals (self->marks, &g_array_index (self->old_marks, HpTimelineMark, old[k]), old[k + 1] - old[k]);
        }
      else if (row->kind == HP_TIMELINE_ROW_SLICES)
        cull_depth (&f, r, row->rank_pos, row->lane, row->depth, i);
      else if (row->kind == HP_TIMELINE_ROW_RANK && hp_timeline_arrangement_get_rank_collapsed (scene->arrangement, row->rank_pos))
        cull_summary (&f, r, row->rank_pos, i);
    }
  {
    guint32 end = self->marks->len;

    g_array_append_val (self->row_marks, end);
  }
  sort_marks_by_color (self);

  hp_timeline_ruler_compute (&self->ruler, viewport->t0, viewport->t1, time_width, 96.0);
}

/**
 * hp_timeline_frame_get_marks:
 * @n_marks: (out): the number of marks
 *
 * Returns: (transfer none) (array length=n_marks): the marks of the last
 *   update, row by row, left to right within a row
 */
const HpTimelineMark *
hp_timeline_frame_get_marks (const HpTimelineFrame *self,
                             guint                 *n_marks)
{
  g_return_val_if_fail (self != NULL, NULL);

  *n_marks = self->marks->len;
  return (const HpTimelineMark *)(gpointer)self->marks->data;
}

/**
 * hp_timeline_frame_get_marks_by_color:
 * @color_start: (out caller-allocates) (array fixed-size=18): where the
 *   marks of colour c start in the returned list, for c = 0 …
 *   %HP_TIMELINE_N_COLORS (the last entry is the number of marks)
 *
 * Returns: (transfer none): mark indices grouped by colour, for painting
 *   each colour with one path
 */
const guint32 *
hp_timeline_frame_get_marks_by_color (const HpTimelineFrame *self,
                                      guint                 *color_start)
{
  g_return_val_if_fail (self != NULL, NULL);

  memcpy (color_start, self->color_start, sizeof self->color_start);
  return (const guint32 *)(gpointer)self->order->data;
}

/**
 * hp_timeline_frame_get_ruler:
 *
 * Returns: (transfer none): the ruler of the last update
 */
const HpTimelineRuler *
hp_timeline_frame_get_ruler (const HpTimelineFrame *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->ruler;
}

/**
 * hp_timeline_frame_get_visible_rows:
 * @first: (out): the first row in view at the last update
 * @end: (out): one past the last
 */
void
hp_timeline_frame_get_visible_rows (const HpTimelineFrame *self,
                                    guint                 *first,
                                    guint                 *end)
{
  g_return_if_fail (self != NULL);

  *first = self->first_row;
  *end = self->end_row;
}
