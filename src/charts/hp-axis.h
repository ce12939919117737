/* hp-axis.h — nice tick positions and unit-aware number formatting for chart axes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CHARTS_INSIDE) && !defined(HP_CHARTS_COMPILATION)
#error "Only <hp-charts.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/**
 * HpAxisFormat:
 * @HP_AXIS_FORMAT_NUMBER: plain decimal numbers
 * @HP_AXIS_FORMAT_COMPACT: 950, 12.3k, 4.5M, 1.2G
 * @HP_AXIS_FORMAT_TIME_US: values are microseconds; shown as ns, us, ms or s
 * @HP_AXIS_FORMAT_PERCENT: values are percents (0–100); shown with "%"
 *
 * How the values of an axis, a tooltip or a value label are written.
 */
typedef enum
{
  HP_AXIS_FORMAT_NUMBER,
  HP_AXIS_FORMAT_COMPACT,
  HP_AXIS_FORMAT_TIME_US,
  HP_AXIS_FORMAT_PERCENT,
} HpAxisFormat;

/**
 * HpAxisFlags:
 * @HP_AXIS_NONE: ticks inside the data range only
 * @HP_AXIS_EXTEND: extend the range to whole steps, so the axis starts and
 *   ends on a tick
 * @HP_AXIS_INTEGER: steps of at least 1 (counts)
 */
typedef enum
{
  HP_AXIS_NONE = 0,
  HP_AXIS_EXTEND = 1 << 0,
  HP_AXIS_INTEGER = 1 << 1,
} HpAxisFlags;

#define HP_AXIS_MAX_TICKS 32

/**
 * HpAxisTicks:
 * @min: the start of the axis (a multiple of @step when extended)
 * @max: the end of the axis
 * @step: the distance between ticks: 1, 2 or 5 times a power of ten
 * @n_ticks: the number of ticks in @values
 * @values: the tick positions, ascending, inside [@min, @max]
 * @format: how the tick labels are written
 * @divisor: the tick labels show value / @divisor …
 * @suffix: … followed by this unit ("ms", "k", "%", or "")
 * @decimals: … with this many decimals, enough to tell ticks apart
 *
 * The ticks of one axis. All labels of an axis use the same unit and the
 * same number of decimals, so "0.5 ms, 1.0 ms, 1.5 ms" rather than a mix of
 * units.
 */
typedef struct
{
  double       min;
  double       max;
  double       step;
  guint        n_ticks;
  double       values[HP_AXIS_MAX_TICKS];
  HpAxisFormat format;
  double       divisor;
  const char  *suffix;
  int          decimals;
} HpAxisTicks;

double hp_axis_nice_step (double raw_step);
void   hp_axis_ticks_compute (HpAxisTicks *ticks,
                              double       min,
                              double       max,
                              guint        target_count,
                              HpAxisFormat format,
                              HpAxisFlags  flags);
void   hp_axis_ticks_format (const HpAxisTicks *ticks,
                             double             value,
                             char              *buffer,
                             gsize              size);

char *hp_format_value (double       value,
                       HpAxisFormat format);
char *hp_format_time_us (double us);
char *hp_format_percent (double percent,
                         int    decimals);
char *hp_format_compact (double value);
char *hp_format_number (double value,
                        int    decimals);

G_END_DECLS
