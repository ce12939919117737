/* hp-chart-bench.c — times laying out and painting a one-million-point time series.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "hp-charts.h"

#define WIDTH 1920
#define HEIGHT 1080
#define REPEATS 20

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *)a;
  double y = *(const double *)b;

  return (x > y) - (x < y);
}

/* CPU time of this thread: unlike wall time, not inflated by other
 * processes on a busy machine */
static double
thread_cpu_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void
report (const char *what,
        double     *wall,
        double     *cpu,
        guint       n)
{
  qsort (wall, n, sizeof *wall, compare_doubles);
  qsort (cpu, n, sizeof *cpu, compare_doubles);
  g_print ("%-20s wall: median %7.2f ms, worst %7.2f ms   cpu: median %7.2f ms, worst %7.2f ms\n",
           what, wall[n / 2], wall[n - 1], cpu[n / 2], cpu[n - 1]);
}

int
main (int   argc,
      char *argv[])
{
  gsize n_points = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 1000000;
  guint n_series = argc > 2 ? (guint)g_ascii_strtoull (argv[2], NULL, 10) : 1;
  g_autoptr (HpChartStyle) style = hp_chart_style_new_light ();
  g_autoptr (HpChart) chart = hp_line_chart_new ("bench", "Queue length on rank 0");
  g_autofree double *x = NULL;
  g_autofree double *y = NULL;
  double             layout_ms[REPEATS];
  double             layout_cpu[REPEATS];
  double             paint_ms[REPEATS];
  double             paint_cpu[REPEATS];
  cairo_surface_t   *surface;
  cairo_t           *cr;
  GRand             *rand = g_rand_new_with_seed (1);

  if (n_points == 0 || n_series == 0)
    {
      g_printerr ("Usage: %s [N_POINTS [N_SERIES]]\n", argv[0]);
      return 2;
    }

  x = g_new (double, n_points);
  y = g_new (double, n_points);
  for (guint s = 0; s < n_series; s++)
    {
      g_autofree char *name = g_strdup_printf ("Stream %u", s);

      for (gsize i = 0; i < n_points; i++)
        {
          x[i] = (double)i * 0.6;
          y[i] = 40 + 25 * sin (i / 40000.0 + s) + g_rand_double_range (rand, -8, 8);
        }
      hp_line_chart_add_series (chart, name, x, y, n_points);
    }
  hp_line_chart_set_mode (chart, HP_LINE_STEP);
  hp_chart_set_axis_labels (chart, "Time", "Operations queued");
  g_rand_free (rand);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cr = cairo_create (surface);

  /* layout: decimation of every point into pixel columns, once per size */
  for (guint i = 0; i < REPEATS; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double cpu = thread_cpu_ms ();

      hp_chart_layout (chart, WIDTH, HEIGHT - (i % 2), style);
      layout_ms[i] = (g_get_monotonic_time () - start) / 1000.0;
      layout_cpu[i] = thread_cpu_ms () - cpu;
    }
  hp_chart_layout (chart, WIDTH, HEIGHT, style);

  /* paint with the layout kept: what every frame costs */
  for (guint i = 0; i < REPEATS; i++)
    {
      gint64 start = g_get_monotonic_time ();
      double cpu = thread_cpu_ms ();

      hp_chart_paint (chart, cr, WIDTH, HEIGHT, style);
      cairo_surface_flush (surface);
      paint_ms[i] = (g_get_monotonic_time () - start) / 1000.0;
      paint_cpu[i] = thread_cpu_ms () - cpu;
    }

  g_print ("%" G_GSIZE_FORMAT " points x %u series, %dx%d image surface, %d runs\n", n_points,
           n_series, WIDTH, HEIGHT, REPEATS);
  report ("layout (decimation)", layout_ms, layout_cpu, REPEATS);
  report ("paint", paint_ms, paint_cpu, REPEATS);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return 0;
}
