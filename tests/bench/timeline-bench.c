/* timeline-bench.c — times timeline frames painted offscreen at fit, 1 ms and 10 us windows.
 *
 * Usage: timeline-bench DIR [--frames N] [--width W] [--height H]
 *                           [--overlays] [--case NAME] [--save PREFIX]
 *
 * Loads DIR, then paints N frames (default 100) of 1920×1080 into a cairo
 * image surface for each zoom level, panning between frames, and prints the
 * median and worst frame time of each. A frame is what the widget does when
 * its cached picture is stale: layout (culling and merging) plus painting.
 * The "fit, all rows" case paints every row of every rank at once, so that
 * every event of the trace is in view. At fit the window stays and only the
 * scroll changes, so a frame reuses the marks of rows still in view (all of
 * them in "fit-all-rows"); the "pan-90" cases move a window of 90% of the
 * trace every frame, so every row is culled again. Each case prints wall
 * and CPU time of the painting thread (on a shared machine the wall clock
 * also counts other processes). --save writes the first frame of each case
 * as PREFIX-<case>.png.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hp-charts.h"
#include "hp-core.h"

typedef struct
{
  const char *name;
  gint64      window; /* ns; 0 = the whole trace, or its fraction */
  gboolean    all_rows;
  double      fraction; /* > 0: a window of this fraction of the trace, panned */
} Case;

static int
cmp_double (const void *a,
            const void *b)
{
  double x = *(const double *)a;
  double y = *(const double *)b;

  return (x > y) - (x < y);
}

/* CPU time of this thread, us: on a shared machine the wall clock also
 * counts the time other processes ran */
static gint64
cpu_time (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static gint64
busy_time (const HpTimelineScene *scene)
{
  const HpRank *r = hp_trace_get_rank (hp_timeline_scene_get_trace (scene), 0);
  const HpLane *best = NULL;

  for (guint l = 0; l < r->n_lanes; l++)
    if (r->lanes[l].is_gpu && (best == NULL || r->lanes[l].n_events > best->n_events))
      best = &r->lanes[l];
  if (best == NULL || best->n_events == 0)
    {
      gint64 start, end;

      hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &start, &end);
      return start + (end - start) / 2;
    }
  return r->ts[best->events[best->n_events / 2]];
}

static void
run_case (HpTimelinePainter *painter,
          const Case        *c,
          int                frames,
          int                width,
          int                height,
          const char        *save)
{
  const HpTimelineScene *scene = hp_timeline_painter_get_scene (painter);
  g_autoptr (HpTimelineFrame) frame = hp_timeline_frame_new ();
  g_autofree double *times = g_new (double, frames);
  g_autofree double *layout_times = g_new (double, frames);
  g_autofree double *cpu_times = g_new (double, frames);
  g_autofree double *layout_cpu_times = g_new (double, frames);
  HpTimelineViewport v = { 0 };
  cairo_surface_t   *surface;
  gint64             start, end, window;
  double             content, total_marks = 0;

  hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &start, &end);
  content = hp_timeline_scene_get_content_height (scene);
  window = c->window > 0 ? c->window : end - start;
  if (c->fraction > 0)
    window = (gint64)((end - start) * c->fraction);

  v.width = width;
  v.height = c->all_rows ? (int)(content + hp_timeline_scene_get_lanes_top (scene)) + 1 : height;
  v.scale = 1.0;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, v.width, v.height);

  for (int i = 0; i < frames; i++)
    {
      cairo_t *cr;
      gint64   t_start, t_layout, t_end, c_start, c_layout, c_end;
      guint    n_marks;

      if (c->fraction > 0)
        {
          /* nearly the whole trace, moved a little every frame: every row
           * is laid out again, nothing kept from the frame before */
          gint64 span = end - start;

          v.t0 = start + (gint64)((double)(span - window) * (i % 50) / 50.0);
          v.t1 = v.t0 + window;
          v.scroll_y = 0;
        }
      else if (c->window > 0)
        {
          /* start where the GPU is busiest mid-trace (the middle kernel of
           * rank 0's busiest stream), move a third of a window per frame */
          v.t0 = busy_time (scene) - window / 2 + i * (window / 3);
          v.t1 = v.t0 + window;
          v.scroll_y = 0;
        }
      else
        {
          v.t0 = start;
          v.t1 = end;
          /* at fit, scroll through the ranks instead */
          v.scroll_y = c->all_rows ? 0 : fmod (i * 97.0, MAX (content - 400, 1.0));
        }

      c_start = cpu_time ();
      t_start = g_get_monotonic_time ();
      hp_timeline_frame_update (frame, scene, &v);
      t_layout = g_get_monotonic_time ();
      c_layout = cpu_time ();
      cr = cairo_create (surface);
      hp_timeline_painter_paint (painter, cr, &v);
      hp_timeline_painter_paint_dynamic (painter, cr, &v);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      t_end = g_get_monotonic_time ();
      c_end = cpu_time ();

      /* the paint lays out again; count the layout once in the total */
      times[i] = (t_end - t_layout) / 1000.0;
      layout_times[i] = (t_layout - t_start) / 1000.0;
      cpu_times[i] = (c_end - c_layout) / 1000.0;
      layout_cpu_times[i] = (c_layout - c_start) / 1000.0;
      hp_timeline_frame_get_marks (frame, &n_marks);
      total_marks += n_marks;

      if (i == 0 && save != NULL)
        {
          g_autofree char *path = g_strdup_printf ("%s-%s.png", save, c->name);

          cairo_surface_write_to_png (surface, path);
        }
    }
  cairo_surface_destroy (surface);

  qsort (times, frames, sizeof *times, cmp_double);
  qsort (layout_times, frames, sizeof *layout_times, cmp_double);
  qsort (cpu_times, frames, sizeof *cpu_times, cmp_double);
  qsort (layout_cpu_times, frames, sizeof *layout_cpu_times, cmp_double);
  printf ("%-16s %5dx%-5d  median %6.2f ms  worst %6.2f ms   (layout median %5.2f ms, %7.0f marks/frame)\n",
          c->name, v.width, v.height, times[frames / 2], times[frames - 1], layout_times[frames / 2],
          total_marks / frames);
  printf ("%-16s %11s  CPU     %6.2f ms  worst %6.2f ms   (layout median %5.2f ms, worst %5.2f ms)\n", "", "",
          cpu_times[frames / 2], cpu_times[frames - 1], layout_cpu_times[frames / 2], layout_cpu_times[frames - 1]);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  g_autoptr (HpTimelineScene) scene = NULL;
  g_autoptr (HpTimelinePainter) painter = NULL;
  HpLoadOptions     options = { 0 };
  int               frames = 100, width = 1920, height = 1080;
  gboolean          overlays = FALSE;
  const char       *save = NULL;
  const char       *dir = NULL;
  const char       *only = NULL;
  gint64            t0;
  guint64           n_events = 0;
  static const Case cases[] = {
    { "fit", 0, FALSE, 0 },
    { "1ms", 1000000, FALSE, 0 },
    { "10us", 10000, FALSE, 0 },
    { "fit-all-rows", 0, TRUE, 0 },
    { "pan-90", 0, FALSE, 0.9 },
    { "pan-90-all-rows", 0, TRUE, 0.9 },
  };

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--frames") && i + 1 < argc)
        frames = atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--width") && i + 1 < argc)
        width = atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--height") && i + 1 < argc)
        height = atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--overlays"))
        overlays = TRUE;
      else if (g_str_equal (argv[i], "--case") && i + 1 < argc)
        only = argv[++i];
      else if (g_str_equal (argv[i], "--save") && i + 1 < argc)
        save = argv[++i];
      else if (dir == NULL && argv[i][0] != '-')
        dir = argv[i];
      else
        {
          fprintf (stderr, "usage: %s DIR [--frames N] [--width W] [--height H] [--overlays] [--case NAME] [--save PREFIX]\n",
                   argv[0]);
          return 2;
        }
    }
  if (dir == NULL || frames < 1 || width < 300 || height < 100)
    {
      fprintf (stderr, "usage: %s DIR [--frames N] [--width W] [--height H] [--overlays] [--case NAME] [--save PREFIX]\n", argv[0]);
      return 2;
    }

  t0 = g_get_monotonic_time ();
  trace = hp_load_path (dir, &options, NULL, &error);
  if (trace == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    n_events += hp_trace_get_rank (trace, k)->n_events;
  printf ("loaded %s: %u ranks, %" G_GUINT64_FORMAT " events in %.2f s\n", dir, hp_trace_get_n_ranks (trace), n_events,
          (g_get_monotonic_time () - t0) / 1e6);

  scene = hp_timeline_scene_new_for_trace (trace);
  painter = hp_timeline_painter_new (scene);
  if (overlays)
    {

      HpTimelineFlags flags = HP_TIMELINE_SHOW_DEFAULT | HP_TIMELINE_SHOW_IDLE | HP_TIMELINE_SHOW_COUNTERS;

      /* what the view does in a worker when the overlays are turned on */
      t0 = g_get_monotonic_time ();
      hp_timeline_scene_install_extras (scene, hp_timeline_extras_compute (trace, flags, 30.0, NULL));
      hp_timeline_scene_set_flags (scene, flags);
      printf ("overlays on: idle gaps and counters computed in %.1f ms (once, in a worker)\n",
              (g_get_monotonic_time () - t0) / 1e3);
    }
  printf ("%d frames per case, software rendering (cairo image surface)\n", frames);

  /* the first frame measures text and shortens names: report it apart */
  {
    HpTimelineViewport v = { 0, 1, width, height, 0, 1.0 };
    cairo_surface_t   *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
    cairo_t           *cr = cairo_create (surface);

    hp_timeline_layout_get_time_bounds (hp_timeline_scene_get_layout (scene), &v.t0, &v.t1);
    t0 = g_get_monotonic_time ();
    hp_timeline_painter_paint (painter, cr, &v);
    printf ("first frame (cold caches)  %6.2f ms\n", (g_get_monotonic_time () - t0) / 1e3);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (only == NULL || g_str_equal (only, cases[i].name))
      run_case (painter, &cases[i], frames, width, height, save);

  return 0;
}
