/* hp-timeline-ruler.c — the timeline's time ruler (1-2-5 ticks and their labels) and its time and duration texts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-timeline-layout.h"

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
