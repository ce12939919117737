/* hp-counter-writer.h — writes a rank's trace again with queue-length and bandwidth counters (docs/analyses.md §8.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-trace.h"

G_BEGIN_DECLS

/**
 * HpCounterSeries:
 * @HP_COUNTER_SERIES_QUEUE_LENGTH: "Queue Length" counters, one track per stream
 * @HP_COUNTER_SERIES_MEMORY_BW: memory bandwidth counters, one track per
 *   memcpy/memset sub-type
 * @HP_COUNTER_SERIES_ALL: both
 *
 * The series hp_counter_writer_write() adds (HTA's `TimeSeriesTypes`).
 */
typedef enum
{
  HP_COUNTER_SERIES_QUEUE_LENGTH = 1 << 0,
  HP_COUNTER_SERIES_MEMORY_BW = 1 << 1,
  HP_COUNTER_SERIES_ALL = HP_COUNTER_SERIES_QUEUE_LENGTH | HP_COUNTER_SERIES_MEMORY_BW,
} HpCounterSeries;

char    *hp_counter_writer_default_path (const char *input_path,
                                         const char *output_dir);
gboolean hp_counter_writer_write (HpTrace      *trace,
                                  const HpRank *rank,
                                  const char   *output_path,
                                  guint         series_mask,
                                  GCancellable *cancellable,
                                  GError      **error);

G_END_DECLS
