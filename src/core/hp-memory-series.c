/* hp-memory-series.c — the memory analysis' payload: allocated and reserved memory per (rank, device) as series.
 *
 * Made from the `memory_events_timeline` table the analysis just wrote
 * (hp-memory.c), so the tracks the timeline draws and the table the Memory
 * tab lists are the same numbers: one series of the allocated bytes and,
 * when the events carry "Total Reserved", one of the reserved bytes, per
 * rank and device, in B, kB, MB or GB as its peak reads best, with the
 * peak marked.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "hp-analysis.h"
#include "hp-memory.h"
#include "hp-series.h"

#define ALLOCATED_COLOR 5
#define RESERVED_COLOR 6

typedef struct
{
  int rank, device, ts, allocated, reserved;
} Columns;

static HpSeries *
new_series (const char *msgid,
            const char *device,
            int         rank,
            guint       color)
{
  HpSeries *s = hp_series_new_translatable (msgid, device, "B", rank);

  s->color = color;
  s->mark_peak = TRUE;
  return s;
}

/* Bytes to the unit its peak reads best in, as 3.2 GB or 512 kB */
static void
choose_unit (HpSeries *s)
{
  static const struct
  {
    const char *unit;
    double      bytes;
  } units[] = { { "GB", 1e9 }, { "MB", 1e6 }, { "kB", 1e3 } };

  for (guint u = 0; u < G_N_ELEMENTS (units); u++)
    if (s->max_value >= units[u].bytes)
      {
        for (guint i = 0; i < s->n_points; i++)
          s->values[i] /= units[u].bytes;
        s->max_value /= units[u].bytes;
        g_free (s->unit);
        s->unit = g_strdup (units[u].unit);
        return;
      }
}

/**
 * hp_memory_series_from_table:
 * @timeline: a `memory_events_timeline` table (hp_memory_compute())
 *
 * Returns: (transfer full) (element-type HpSeries): per rank and device,
 *   "Allocated · DEVICE" and, when the events carry it (and it is not
 *   always 0), "Reserved · DEVICE", each in the unit of bytes its peak
 *   reads best in, their peaks marked; in the table's order
 */
GPtrArray *
hp_memory_series_from_table (HpTable *timeline)
{
  GPtrArray *list = hp_series_list_new ();
  Columns    c;
  guint      n;

  g_return_val_if_fail (timeline != NULL, list);

  c.rank = hp_table_find_column (timeline, "rank");
  c.device = hp_table_find_column (timeline, "device");
  c.ts = hp_table_find_column (timeline, "ts");
  c.allocated = hp_table_find_column (timeline, "allocated");
  c.reserved = hp_table_find_column (timeline, "reserved");
  g_return_val_if_fail (c.rank >= 0 && c.device >= 0 && c.ts >= 0 && c.allocated >= 0 && c.reserved >= 0, list);

  n = hp_table_get_n_rows (timeline);
  for (guint i = 0; i < n;)
    {
      gint64      rank = hp_table_get_int (timeline, i, c.rank);
      const char *device = hp_table_get_string (timeline, i, c.device);
      HpSeries   *allocated, *reserved;
      guint       j = i;

      /* Translators: a timeline track of the memory allocated on a
       * device; %s is the device, as "cuda:0" */
      allocated = new_series (N_ ("Allocated · %s"), device, (int)rank, ALLOCATED_COLOR);
      hp_series_set_id (allocated, "memory:%s:allocated", device);
      /* Translators: a timeline track of the memory the caching allocator
       * holds on a device; %s is the device, as "cuda:0" */
      reserved = new_series (N_ ("Reserved · %s"), device, (int)rank, RESERVED_COLOR);
      hp_series_set_id (reserved, "memory:%s:reserved", device);
      for (; j < n && hp_table_get_int (timeline, j, c.rank) == rank &&
             g_strcmp0 (hp_table_get_string (timeline, j, c.device), device) == 0;
           j++)
        {
          gint64 ts = (gint64)llround (hp_table_get_double (timeline, j, c.ts) * 1000.0);

          /* the table is in time order per device; an event of a clock
           * step back (never seen) holds at the last time */
          if (allocated->n_points > 0)
            ts = MAX (ts, allocated->ts[allocated->n_points - 1]);
          hp_series_add_point (allocated, ts, (double)hp_table_get_int (timeline, j, c.allocated));
          if (!hp_table_is_null (timeline, j, c.reserved))
            hp_series_add_point (reserved, MAX (ts, reserved->n_points > 0 ? reserved->ts[reserved->n_points - 1] : ts),
                                 (double)hp_table_get_int (timeline, j, c.reserved));
        }
      choose_unit (allocated);
      g_ptr_array_add (list, allocated);
      if (reserved->max_value > 0)
        {
          choose_unit (reserved);
          g_ptr_array_add (list, reserved);
        }
      else
        hp_series_unref (reserved);
      i = j;
    }
  return list;
}

/* The payload hook of the memory analysis (hp_memory_analysis): the series of its timeline */
gpointer
hp_memory_payload (HpTrace                *trace,
                   const HpAnalysisParams *params,
                   GPtrArray              *tables,
                   GCancellable           *cancellable,
                   GError                **error)
{
  HpTable *timeline = hp_analysis_result_find_table (tables, "memory_events_timeline");

  if (timeline == NULL)
    return hp_series_list_new ();
  return hp_memory_series_from_table (timeline);
}
