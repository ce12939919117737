/* hp-time-span.c — the boxed type of HpTimeSpan.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-time-span.h"

G_DEFINE_BOXED_TYPE (HpTimeSpan, hp_time_span, hp_time_span_copy, hp_time_span_free)

HpTimeSpan *
hp_time_span_copy (const HpTimeSpan *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_memdup2 (self, sizeof *self);
}

void
hp_time_span_free (HpTimeSpan *self)
{
  g_free (self);
}
