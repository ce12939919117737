/* test-axis.c — tests of nice ticks and of time, percent and compact number formatting.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-charts.h"

static void
test_nice_step (void)
{
  g_assert_cmpfloat_with_epsilon (hp_axis_nice_step (0.7), 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (hp_axis_nice_step (1.0), 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (hp_axis_nice_step (1.3), 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (hp_axis_nice_step (2.0), 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (hp_axis_nice_step (3.1), 5.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (hp_axis_nice_step (7.0), 10.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (hp_axis_nice_step (0.2), 0.2, 1e-12);
  g_assert_cmpfloat_with_epsilon (hp_axis_nice_step (0.031), 0.05, 1e-12);
  g_assert_cmpfloat_with_epsilon (hp_axis_nice_step (42000), 50000, 1e-6);
  g_assert_cmpfloat_with_epsilon (hp_axis_nice_step (0), 1.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (hp_axis_nice_step (NAN), 1.0, 1e-12);
}

static void
assert_ticks_are_multiples (const HpAxisTicks *ticks)
{
  g_assert_cmpuint (ticks->n_ticks, >=, 2);
  g_assert_cmpuint (ticks->n_ticks, <=, HP_AXIS_MAX_TICKS);
  for (guint i = 0; i < ticks->n_ticks; i++)
    {
      double k = ticks->values[i] / ticks->step;

      g_assert_cmpfloat_with_epsilon (k, round (k), 1e-6);
      g_assert_cmpfloat (ticks->values[i], >=, ticks->min - 1e-9);
      g_assert_cmpfloat (ticks->values[i], <=, ticks->max + 1e-9);
      if (i > 0)
        g_assert_cmpfloat_with_epsilon (ticks->values[i] - ticks->values[i - 1], ticks->step,
                                        ticks->step * 1e-9);
    }
}

static void
test_ticks_extend (void)
{
  HpAxisTicks ticks;

  hp_axis_ticks_compute (&ticks, 0, 93, 5, HP_AXIS_FORMAT_NUMBER, HP_AXIS_EXTEND);
  g_assert_cmpfloat (ticks.step, ==, 20);
  g_assert_cmpfloat (ticks.min, ==, 0);
  g_assert_cmpfloat (ticks.max, ==, 100);
  g_assert_cmpuint (ticks.n_ticks, ==, 6);
  g_assert_cmpfloat (ticks.values[5], ==, 100);
  assert_ticks_are_multiples (&ticks);

  hp_axis_ticks_compute (&ticks, -3.2, 7.9, 5, HP_AXIS_FORMAT_NUMBER, HP_AXIS_EXTEND);
  g_assert_cmpfloat (ticks.min, <=, -3.2);
  g_assert_cmpfloat (ticks.max, >=, 7.9);
  assert_ticks_are_multiples (&ticks);
  /* zero is a tick and is not "-0" */
  for (guint i = 0; i < ticks.n_ticks; i++)
    if (ticks.values[i] == 0)
      g_assert_false (signbit (ticks.values[i]));
}

static void
test_ticks_inside (void)
{
  HpAxisTicks ticks;

  /* a time axis from the middle of a trace: ticks stay inside the data */
  hp_axis_ticks_compute (&ticks, 21283, 600674, 6, HP_AXIS_FORMAT_TIME_US, HP_AXIS_NONE);
  g_assert_cmpfloat (ticks.min, ==, 21283);
  g_assert_cmpfloat (ticks.max, ==, 600674);
  g_assert_cmpfloat (ticks.step, ==, 100000);
  g_assert_cmpfloat (ticks.values[0], ==, 100000);
  assert_ticks_are_multiples (&ticks);
  g_assert_cmpstr (ticks.suffix, ==, "ms");
}

static void
test_ticks_degenerate (void)
{
  HpAxisTicks ticks;

  hp_axis_ticks_compute (&ticks, 5, 5, 5, HP_AXIS_FORMAT_NUMBER, HP_AXIS_EXTEND);
  g_assert_cmpfloat (ticks.min, <, 5);
  g_assert_cmpfloat (ticks.max, >, 5);
  assert_ticks_are_multiples (&ticks);

  hp_axis_ticks_compute (&ticks, 0, 0, 5, HP_AXIS_FORMAT_NUMBER, HP_AXIS_EXTEND);
  g_assert_cmpfloat (ticks.min, ==, 0);
  g_assert_cmpfloat (ticks.max, >, 0);

  hp_axis_ticks_compute (&ticks, NAN, INFINITY, 5, HP_AXIS_FORMAT_NUMBER, HP_AXIS_EXTEND);
  g_assert_cmpfloat (ticks.min, ==, 0);
  g_assert_cmpfloat (ticks.max, ==, 1);

  /* reversed bounds are swapped */
  hp_axis_ticks_compute (&ticks, 10, 0, 5, HP_AXIS_FORMAT_NUMBER, HP_AXIS_EXTEND);
  g_assert_cmpfloat (ticks.min, ==, 0);
  g_assert_cmpfloat (ticks.max, ==, 10);

  /* a huge range with a tiny target never overflows the tick array */
  hp_axis_ticks_compute (&ticks, 0, 1e15, 1000, HP_AXIS_FORMAT_COMPACT, HP_AXIS_EXTEND);
  assert_ticks_are_multiples (&ticks);
}

static void
test_ticks_integer (void)
{
  HpAxisTicks ticks;

  hp_axis_ticks_compute (&ticks, 0, 3, 10, HP_AXIS_FORMAT_COMPACT, HP_AXIS_EXTEND | HP_AXIS_INTEGER);
  g_assert_cmpfloat (ticks.step, ==, 1);
  g_assert_cmpuint (ticks.n_ticks, ==, 4);
  g_assert_cmpint (ticks.decimals, ==, 0);
}

static void
assert_tick_label (const HpAxisTicks *ticks,
                   double             value,
                   const char        *expected)
{
  char label[64];

  hp_axis_ticks_format (ticks, value, label, sizeof label);
  g_assert_cmpstr (label, ==, expected);
}

static void
test_tick_labels (void)
{
  HpAxisTicks ticks;

  hp_axis_ticks_compute (&ticks, 0, 600058, 6, HP_AXIS_FORMAT_TIME_US, HP_AXIS_EXTEND);
  assert_tick_label (&ticks, 0, "0");
  assert_tick_label (&ticks, 100000, "100 ms");
  assert_tick_label (&ticks, 600000, "600 ms");

  hp_axis_ticks_compute (&ticks, 0, 2.5e6, 5, HP_AXIS_FORMAT_TIME_US, HP_AXIS_EXTEND);
  assert_tick_label (&ticks, 500000, "0.5 s");
  assert_tick_label (&ticks, 2500000, "2.5 s");

  hp_axis_ticks_compute (&ticks, 0, 0.8, 4, HP_AXIS_FORMAT_TIME_US, HP_AXIS_EXTEND);
  assert_tick_label (&ticks, 0.2, "200 ns");

  hp_axis_ticks_compute (&ticks, 0, 100, 5, HP_AXIS_FORMAT_PERCENT, HP_AXIS_EXTEND);
  assert_tick_label (&ticks, 0, "0%");
  assert_tick_label (&ticks, 40, "40%");

  hp_axis_ticks_compute (&ticks, 0, 2, 4, HP_AXIS_FORMAT_PERCENT, HP_AXIS_EXTEND);
  assert_tick_label (&ticks, 1.5, "1.5%");

  hp_axis_ticks_compute (&ticks, 0, 4.5e6, 5, HP_AXIS_FORMAT_COMPACT, HP_AXIS_EXTEND);
  assert_tick_label (&ticks, 1e6, "1M");
  assert_tick_label (&ticks, 2e6, "2M");
  g_assert_cmpstr (ticks.suffix, ==, "M");

  hp_axis_ticks_compute (&ticks, 0, 1, 5, HP_AXIS_FORMAT_NUMBER, HP_AXIS_EXTEND);
  assert_tick_label (&ticks, 0.4, "0.4");
  assert_tick_label (&ticks, 1, "1.0");
  assert_tick_label (&ticks, NAN, "n/a");
}

static void
assert_owned (char       *text,
              const char *expected)
{
  g_assert_cmpstr (text, ==, expected);
  g_free (text);
}

static void
test_format_time (void)
{
  assert_owned (hp_format_time_us (850), "850 us");
  assert_owned (hp_format_time_us (1200), "1.2 ms");
  assert_owned (hp_format_time_us (3.4e6), "3.4 s");
  assert_owned (hp_format_time_us (0.12), "120 ns");
  assert_owned (hp_format_time_us (0), "0 us");
  assert_owned (hp_format_time_us (12.345), "12.3 us");
  assert_owned (hp_format_time_us (999.96), "1 ms");
  assert_owned (hp_format_time_us (-2500), "-2.5 ms");
  assert_owned (hp_format_time_us (39065.4), "39.1 ms");
  assert_owned (hp_format_time_us (7200e6), "7200 s");
  assert_owned (hp_format_time_us (NAN), "n/a");
}

static void
test_format_percent (void)
{
  assert_owned (hp_format_percent (55.5, -1), "55.5%");
  assert_owned (hp_format_percent (10.0, -1), "10%");
  assert_owned (hp_format_percent (0.02, -1), "0.02%");
  assert_owned (hp_format_percent (0, -1), "0%");
  assert_owned (hp_format_percent (11.81, 2), "11.81%");
  assert_owned (hp_format_percent (NAN, -1), "n/a");
}

static void
test_format_compact (void)
{
  assert_owned (hp_format_compact (950), "950");
  assert_owned (hp_format_compact (12345), "12.3k");
  assert_owned (hp_format_compact (4.5e6), "4.5M");
  assert_owned (hp_format_compact (999999), "1M");
  assert_owned (hp_format_compact (2.2e9), "2.2G");
  assert_owned (hp_format_compact (-1500), "-1.5k");
  assert_owned (hp_format_compact (0.125), "0.125");
  assert_owned (hp_format_compact (INFINITY), "n/a");
}

static void
test_format_value (void)
{
  assert_owned (hp_format_value (1200, HP_AXIS_FORMAT_TIME_US), "1.2 ms");
  assert_owned (hp_format_value (33.6, HP_AXIS_FORMAT_PERCENT), "33.6%");
  assert_owned (hp_format_value (12345, HP_AXIS_FORMAT_COMPACT), "12.3k");
  assert_owned (hp_format_value (491.943203923047, HP_AXIS_FORMAT_NUMBER), "491.943");
  assert_owned (hp_format_number (2.5, 2), "2.50");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/charts/axis/nice-step", test_nice_step);
  g_test_add_func ("/ui/charts/axis/ticks-extend", test_ticks_extend);
  g_test_add_func ("/ui/charts/axis/ticks-inside", test_ticks_inside);
  g_test_add_func ("/ui/charts/axis/ticks-degenerate", test_ticks_degenerate);
  g_test_add_func ("/ui/charts/axis/ticks-integer", test_ticks_integer);
  g_test_add_func ("/ui/charts/axis/tick-labels", test_tick_labels);
  g_test_add_func ("/ui/charts/axis/format-time", test_format_time);
  g_test_add_func ("/ui/charts/axis/format-percent", test_format_percent);
  g_test_add_func ("/ui/charts/axis/format-compact", test_format_compact);
  g_test_add_func ("/ui/charts/axis/format-value", test_format_value);

  return g_test_run ();
}
