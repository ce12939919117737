/* hp-idle-time-rows.c — what a row of the idle time tables stands for on the timeline.
 *
 * A row of idle_time_breakdown or idle_time_interval_stats (§2) stands for
 * the kernels after each idle gap of its category on its stream, with the
 * gaps; the idle time analysis' descriptor names these hooks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-idle-time-private.h"
#include "hp-linked-events-private.h"
#include "hp-rank-access.h"

/**
 * hp_linked_find_idle_gaps:
 * @trace: a loaded trace
 * @rank: one of its ranks
 * @device: the GPU (the table's `device`), or %HP_NONE for every one
 * @stream: the GPU stream
 * @category: the idle category
 * @consecutive_kernel_delay: the parameter the idle time breakdown ran with
 *
 * The idle gaps of @category on one stream, as idle_time_breakdown counts
 * them (docs/analyses.md §2; see hp_idle_time_get_intervals()).
 *
 * Returns: (transfer full) (element-type HpIdleInterval): the gaps, in the
 *   stream's start-time order
 */
GArray *
hp_linked_find_idle_gaps (HpTrace       *trace,
                          const HpRank  *rank,
                          gint64         device,
                          gint64         stream,
                          HpIdleCategory category,
                          double         consecutive_kernel_delay)
{
  GArray *gaps;
  guint   n = 0;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (rank != NULL, NULL);

  gaps = hp_idle_time_get_intervals (trace, rank, device, stream, consecutive_kernel_delay);
  for (guint i = 0; i < gaps->len; i++)
    if (g_array_index (gaps, HpIdleInterval, i).category == category)
      g_array_index (gaps, HpIdleInterval, n++) = g_array_index (gaps, HpIdleInterval, i);
  g_array_set_size (gaps, n);
  return gaps;
}

static gboolean
idle_category_from_string (const char     *text,
                           HpIdleCategory *category)
{
  for (int c = 0; c < HP_N_IDLE_CATEGORIES; c++)
    if (g_strcmp0 (text, hp_idle_category_to_string ((HpIdleCategory)c)) == 0)
      {
        *category = (HpIdleCategory)c;
        return TRUE;
      }
  return FALSE;
}

typedef struct
{
  guint32     event;
  HpLinkedGap gap;
} GapEntry;

static int
cmp_gap_entry (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  return _hp_linked_cmp_by_start (&((const GapEntry *)a)->event, &((const GapEntry *)b)->event, user_data);
}

/**
 * hp_linked_events_for_idle_row:
 * @trace: the trace the table was computed from
 * @idle: an idle_time_breakdown or idle_time_interval_stats table
 * @row: one of its rows
 * @params: the parameters the table was computed with
 *
 * The kernels after each idle gap of the row's category on the row's
 * stream, with the gaps; the longest gap is in focus. Their number is the
 * interval statistics' `count`.
 *
 * Returns: (transfer full) (nullable): the events, or %NULL when the row
 *   has no gap
 */
HpLinkedEvents *
hp_linked_events_for_idle_row (HpTrace                *trace,
                               HpTable                *idle,
                               guint                   row,
                               const HpAnalysisParams *params)
{
  return hp_linked_events_for_idle_row_in_gaps (NULL, trace, idle, row, params);
}

/**
 * hp_linked_events_for_idle_row_in_gaps:
 * @gaps: (nullable): the #HpIdleGaps the analysis' result carries, found
 *   with the same `consecutive_kernel_delay`; %NULL to find them
 * @trace: the trace the table was computed from
 * @idle: an idle_time_breakdown or idle_time_interval_stats table
 * @row: one of its rows
 * @params: the parameters the table was computed with
 *
 * As hp_linked_events_for_idle_row(), reading the stream's gaps from
 * @gaps instead of finding them again (the registry's payload row hook).
 *
 * Returns: (transfer full) (nullable): the events, or %NULL when the row
 *   has no gap
 */
HpLinkedEvents *
hp_linked_events_for_idle_row_in_gaps (gpointer                gaps,
                                       HpTrace                *trace,
                                       HpTable                *idle,
                                       guint                   row,
                                       const HpAnalysisParams *params)
{
  double         consecutive_kernel_delay = hp_analysis_params_get_double (params, &hp_idle_time_consecutive_kernel_delay_spec);
  const HpRank  *r;
  const char    *category_name = _hp_linked_cell_string (idle, row, "idle_category");
  HpIdleCategory category;
  gint64         stream, device = HP_NONE;
  g_autoptr (GArray) intervals = NULL;
  g_autoptr (GArray) entries = NULL;
  HpLinkedEvents  *linked;
  gint64           longest = G_MININT64;
  guint            n;
  g_autofree char *stream_text = NULL;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (idle != NULL, NULL);

  r = _hp_linked_row_rank (trace, idle, row);
  if (r == NULL || !_hp_linked_cell_int (idle, row, "stream", &stream) || !idle_category_from_string (category_name, &category))
    return NULL;
  /* the default mode keeps the GPUs of a file apart */
  if (!_hp_linked_cell_int (idle, row, "device", &device))
    device = HP_NONE;

  {
    GArray *found = gaps != NULL ? hp_idle_gaps_find_stream (gaps, r->rank, device, stream) : NULL;

    if (found != NULL)
      {
        intervals = g_array_sized_new (FALSE, FALSE, sizeof (HpIdleInterval), found->len);
        for (guint i = 0; i < found->len; i++)
          if (g_array_index (found, HpIdleInterval, i).category == category)
            g_array_append_val (intervals, g_array_index (found, HpIdleInterval, i));
      }
    else
      intervals = hp_linked_find_idle_gaps (trace, r, device, stream, category, consecutive_kernel_delay);
  }
  entries = g_array_sized_new (FALSE, FALSE, sizeof (GapEntry), intervals->len);
  for (guint i = 0; i < intervals->len; i++)
    {
      const HpIdleInterval *interval = &g_array_index (intervals, HpIdleInterval, i);
      GapEntry              entry = { interval->kernel, { interval->start, interval->end } };

      g_array_append_val (entries, entry);
    }
  g_array_sort_with_data (entries, cmp_gap_entry, (gpointer)r);

  linked = _hp_linked_new (r->rank, g_array_new (FALSE, FALSE, sizeof (guint32)), HP_LINKED_FOCUS_GAP);
  linked->gaps = g_array_new (FALSE, FALSE, sizeof (HpLinkedGap));
  for (guint i = 0; i < entries->len; i++)
    {
      const GapEntry *entry = &g_array_index (entries, GapEntry, i);

      /* HTA-compatibility mode repeats kernel rows (docs/trace-format.md §8) */
      if (linked->events->len > 0 && g_array_index (linked->events, guint32, linked->events->len - 1) == entry->event)
        continue;
      if (entry->gap.end - entry->gap.start > longest)
        {
          longest = entry->gap.end - entry->gap.start;
          linked->focus_index = linked->events->len;
        }
      g_array_append_val (linked->events, entry->event);
      g_array_append_val (linked->gaps, entry->gap);
    }

  n = linked->events->len;
  if (n == 0)
    {
      hp_linked_events_free (linked);
      return NULL;
    }
  stream_text = g_strdup_printf ("%" G_GINT64_FORMAT, stream);
  /* Translators: a count, an idle category (host_wait, kernel_wait, other), a rank, a stream */
  linked->description = g_strdup_printf (ngettext ("%u %s gap on rank %d, stream %s", "%u %s gaps on rank %d, stream %s", n),
                                         n, category_name, r->rank, stream_text);
  return linked;
}
