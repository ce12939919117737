/* hp-axis.c — nice tick positions and unit-aware number formatting for chart axes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-axis.h"

/**
 * hp_axis_nice_step:
 * @raw_step: the step that would give exactly the wanted number of ticks
 *
 * Returns: the smallest step of the form 1, 2 or 5 × 10^k that is at least
 *   @raw_step (1 for a non-positive or non-finite @raw_step)
 */
double
hp_axis_nice_step (double raw_step)
{
  double exponent;
  double power;
  double fraction;
  double nice;

  if (!isfinite (raw_step) || raw_step <= 0)
    return 1.0;

  exponent = floor (log10 (raw_step));
  power = pow (10.0, exponent);
  fraction = raw_step / power;

  /* tolerate rounding noise so 0.2 stays 0.2 rather than becoming 0.5 */
  if (fraction <= 1.0 + 1e-9)
    nice = 1.0;
  else if (fraction <= 2.0 + 1e-9)
    nice = 2.0;
  else if (fraction <= 5.0 + 1e-9)
    nice = 5.0;
  else
    nice = 10.0;

  return nice * power;
}

static void
choose_unit (HpAxisTicks *ticks,
             double       magnitude)
{
  ticks->divisor = 1.0;
  ticks->suffix = "";

  switch (ticks->format)
    {
    case HP_AXIS_FORMAT_TIME_US:
      if (magnitude < 1.0)
        {
          ticks->divisor = 1e-3;
          ticks->suffix = "ns";
        }
      else if (magnitude < 1e3)
        ticks->suffix = "us";
      else if (magnitude < 1e6)
        {
          ticks->divisor = 1e3;
          ticks->suffix = "ms";
        }
      else
        {
          ticks->divisor = 1e6;
          ticks->suffix = "s";
        }
      break;

    case HP_AXIS_FORMAT_COMPACT:
      if (magnitude >= 1e12)
        {
          ticks->divisor = 1e12;
          ticks->suffix = "T";
        }
      else if (magnitude >= 1e9)
        {
          ticks->divisor = 1e9;
          ticks->suffix = "G";
        }
      else if (magnitude >= 1e6)
        {
          ticks->divisor = 1e6;
          ticks->suffix = "M";
        }
      else if (magnitude >= 1e3)
        {
          ticks->divisor = 1e3;
          ticks->suffix = "k";
        }
      break;

    case HP_AXIS_FORMAT_PERCENT:
      ticks->suffix = "%";
      break;

    case HP_AXIS_FORMAT_NUMBER:
    default:
      break;
    }
}

/**
 * hp_axis_ticks_compute:
 * @ticks: (out caller-allocates): the result
 * @min: the smallest value to show
 * @max: the largest value to show
 * @target_count: about how many ticks fit (at least 2 are used)
 * @format: how the labels will be written
 * @flags: whether to extend the range to whole steps, integer steps
 *
 * Computes ticks at multiples of a 1-2-5 step covering [@min, @max], and
 * the unit and decimals their labels share. An empty range is widened
 * around its value; non-finite bounds give [0, 1].
 */
void
hp_axis_ticks_compute (HpAxisTicks *ticks,
                       double       min,
                       double       max,
                       guint        target_count,
                       HpAxisFormat format,
                       HpAxisFlags  flags)
{
  double step;
  double lo;
  double hi;
  double first;
  double last;
  double magnitude;
  gint64 k0;
  gint64 k1;

  g_return_if_fail (ticks != NULL);

  memset (ticks, 0, sizeof *ticks);
  ticks->format = format;

  if (!isfinite (min) || !isfinite (max))
    {
      min = 0.0;
      max = 1.0;
    }
  if (min > max)
    {
      double tmp = min;

      min = max;
      max = tmp;
    }
  if (max == min)
    {
      double pad = min == 0.0 ? 1.0 : fabs (min) * 0.1;

      if (flags & HP_AXIS_INTEGER)
        pad = MAX (pad, 1.0);
      if (min >= 0 && min - pad < 0)
        min = 0.0;
      else
        min -= pad;
      max += pad;
    }

  target_count = MAX (target_count, 2);
  step = hp_axis_nice_step ((max - min) / target_count);
  if ((flags & HP_AXIS_INTEGER) && step < 1.0)
    step = 1.0;

  for (;;)
    {
      if (flags & HP_AXIS_EXTEND)
        {
          lo = floor (min / step + 1e-9) * step;
          hi = ceil (max / step - 1e-9) * step;
        }
      else
        {
          lo = min;
          hi = max;
        }

      first = ceil (lo / step - 1e-9);
      last = floor (hi / step + 1e-9);
      k0 = (gint64)first;
      k1 = (gint64)last;
      if (k1 - k0 + 1 <= HP_AXIS_MAX_TICKS)
        break;
      step = hp_axis_nice_step (step * 1.5);
    }

  ticks->min = lo;
  ticks->max = hi;
  ticks->step = step;
  for (gint64 k = k0; k <= k1; k++)
    {
      double v = (double)k * step;

      /* avoid printing "-0" */
      ticks->values[ticks->n_ticks++] = v == 0.0 ? 0.0 : v;
    }

  magnitude = MAX (fabs (lo), fabs (hi));
  choose_unit (ticks, magnitude);
  ticks->decimals = (int)ceil (-log10 (step / ticks->divisor) - 1e-9);
  ticks->decimals = CLAMP (ticks->decimals, 0, 9);
}

/* prints @value with @decimals digits after the point, C locale */
static void
print_fixed (char  *buffer,
             gsize  size,
             double value,
             int    decimals)
{
  char format[16];

  g_snprintf (format, sizeof format, "%%.%df", CLAMP (decimals, 0, 12));
  g_ascii_formatd (buffer, size, format, value);
}

static void
trim_zeros (char *buffer)
{
  char *dot = strchr (buffer, '.');
  char *end;

  if (dot == NULL)
    return;

  end = buffer + strlen (buffer);
  while (end > dot + 1 && end[-1] == '0')
    end--;
  if (end == dot + 1)
    end = dot;
  *end = '\0';
}

/* @value with @digits significant digits, no exponent, no trailing zeros */
static void
print_significant (char  *buffer,
                   gsize  size,
                   double value,
                   int    digits)
{
  int decimals = 0;

  if (value != 0.0)
    decimals = digits - 1 - (int)floor (log10 (fabs (value)));

  print_fixed (buffer, size, value, MAX (decimals, 0));
  trim_zeros (buffer);
  if (strcmp (buffer, "-0") == 0)
    strcpy (buffer, "0");
}

/**
 * hp_axis_ticks_format:
 * @value: a tick value
 * @buffer: (out): where to write the label
 * @size: the size of @buffer
 *
 * Writes the label of @value in the axis's shared unit, e.g. "1.5 ms" or
 * "20%". Zero is written as "0" on every axis but percent ones.
 */
void
hp_axis_ticks_format (const HpAxisTicks *ticks,
                      double             value,
                      char              *buffer,
                      gsize              size)
{
  char number[64];

  g_return_if_fail (ticks != NULL);
  g_return_if_fail (buffer != NULL && size > 0);

  if (!isfinite (value))
    {
      g_strlcpy (buffer, "n/a", size);
      return;
    }

  print_fixed (number, sizeof number, value / ticks->divisor, ticks->decimals);
  if (strspn (number, "-0.") == strlen (number))
    {
      g_strlcpy (buffer, ticks->format == HP_AXIS_FORMAT_PERCENT ? "0%" : "0", size);
      return;
    }

  if (ticks->format == HP_AXIS_FORMAT_TIME_US)
    g_snprintf (buffer, size, "%s %s", number, ticks->suffix);
  else
    g_snprintf (buffer, size, "%s%s", number, ticks->suffix);
}

/**
 * hp_format_time_us:
 * @us: a duration or time in microseconds
 *
 * Returns: (transfer full): @us with three significant digits in the best
 *   unit: "120 ns", "850 us", "1.2 ms", "3.4 s"; "n/a" when not finite
 */
char *
hp_format_time_us (double us)
{
  static const struct
  {
    double      divisor;
    const char *unit;
  } units[] = {
    { 1e-3, "ns" },
    { 1.0, "us" },
    { 1e3, "ms" },
    { 1e6, "s" },
  };
  char   number[64];
  double magnitude = fabs (us);
  guint  u;

  if (!isfinite (us))
    return g_strdup ("n/a");
  if (us == 0.0)
    return g_strdup ("0 us");

  if (magnitude < 1.0)
    u = 0;
  else if (magnitude < 1e3)
    u = 1;
  else if (magnitude < 1e6)
    u = 2;
  else
    u = 3;

  print_significant (number, sizeof number, us / units[u].divisor, 3);
  /* 999.96 us rounds to "1000": say "1 ms" instead */
  if (u < G_N_ELEMENTS (units) - 1 && fabs (g_ascii_strtod (number, NULL)) >= 1000.0)
    {
      u++;
      print_significant (number, sizeof number, us / units[u].divisor, 3);
    }

  return g_strdup_printf ("%s %s", number, units[u].unit);
}

/**
 * hp_format_percent:
 * @percent: a percentage (50 for one half)
 * @decimals: digits after the point; or, when negative, at most
 *   -@decimals digits without trailing zeros (and two significant digits
 *   below 0.1)
 *
 * Returns: (transfer full): e.g. "55.5%"; "n/a" when not finite
 */
char *
hp_format_percent (double percent,
                   int    decimals)
{
  char number[64];

  if (!isfinite (percent))
    return g_strdup ("n/a");

  if (decimals >= 0)
    print_fixed (number, sizeof number, percent, decimals);
  else if (percent != 0.0 && fabs (percent) < 0.1)
    print_significant (number, sizeof number, percent, 2);
  else
    {
      print_fixed (number, sizeof number, percent, -decimals);
      trim_zeros (number);
    }

  if (strcmp (number, "-0") == 0)
    strcpy (number, "0");

  return g_strdup_printf ("%s%%", number);
}

/**
 * hp_format_compact:
 * @value: any number
 *
 * Returns: (transfer full): @value with three significant digits and a
 *   k/M/G/T suffix: "950", "12.3k", "4.5M"; "n/a" when not finite
 */
char *
hp_format_compact (double value)
{
  static const struct
  {
    double      divisor;
    const char *suffix;
  } steps[] = {
    { 1e12, "T" },
    { 1e9, "G" },
    { 1e6, "M" },
    { 1e3, "k" },
  };
  char number[64];

  if (!isfinite (value))
    return g_strdup ("n/a");

  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      if (fabs (value) >= steps[i].divisor * 0.9995)
        {
          print_significant (number, sizeof number, value / steps[i].divisor, 3);
          if (i > 0 && fabs (g_ascii_strtod (number, NULL)) >= 1000.0)
            {
              print_significant (number, sizeof number, value / steps[i - 1].divisor, 3);
              return g_strdup_printf ("%s%s", number, steps[i - 1].suffix);
            }
          return g_strdup_printf ("%s%s", number, steps[i].suffix);
        }
    }

  print_significant (number, sizeof number, value, 3);
  return g_strdup (number);
}

/**
 * hp_format_number:
 * @value: any number
 * @decimals: digits after the point, or -1 for up to six significant
 *   digits without trailing zeros
 *
 * Returns: (transfer full): @value in the C locale; "n/a" when not finite
 */
char *
hp_format_number (double value,
                  int    decimals)
{
  char number[64];

  if (!isfinite (value))
    return g_strdup ("n/a");

  if (decimals >= 0)
    print_fixed (number, sizeof number, value, decimals);
  else if (fabs (value) >= 1e6)
    print_fixed (number, sizeof number, value, 0);
  else
    print_significant (number, sizeof number, value, 6);

  return g_strdup (number);
}

/**
 * hp_format_value:
 * @value: a value of a chart
 * @format: the format of its axis
 *
 * Returns: (transfer full): @value written for a tooltip or a value label
 */
char *
hp_format_value (double       value,
                 HpAxisFormat format)
{
  switch (format)
    {
    case HP_AXIS_FORMAT_TIME_US:
      return hp_format_time_us (value);
    case HP_AXIS_FORMAT_PERCENT:
      return hp_format_percent (value, -1);
    case HP_AXIS_FORMAT_COMPACT:
      return hp_format_compact (value);
    case HP_AXIS_FORMAT_NUMBER:
    default:
      return hp_format_number (value, -1);
    }
}
