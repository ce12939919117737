/* hp-collectives-events.c — what a row of the collectives' tables stands for on the timeline.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-collectives-private.h"
#include "hp-collectives.h"
#include "hp-linked-events.h"

/**
 * hp_linked_events_for_collective_row:
 * @trace: the trace the table was computed from
 * @table: a `collective_waits` table
 * @row: one of its rows
 * @params: unused
 *
 * The kernel of the row: the communication kernel of that name starting
 * at the row's start on the row's rank.
 *
 * Returns: (transfer full) (nullable): the event, or %NULL
 */
HpLinkedEvents *
hp_linked_events_for_collective_row (HpTrace                *trace,
                                     HpTable                *table,
                                     guint                   row,
                                     const HpAnalysisParams *params)
{
  int             rank_col = hp_table_find_column (table, "rank");
  int             name_col = hp_table_find_column (table, "name");
  int             start_col = hp_table_find_column (table, "start(us)");
  const HpRank   *r;
  const char     *name;
  guint32         name_id;
  gint64          start;
  HpLinkedEvents *linked;

  g_return_val_if_fail (trace != NULL && table != NULL, NULL);

  if (rank_col < 0 || name_col < 0 || start_col < 0 || row >= hp_table_get_n_rows (table))
    return NULL;
  r = hp_trace_find_rank (trace, (int)hp_table_get_int (table, row, rank_col));
  name = hp_table_get_string (table, row, name_col);
  if (r == NULL || name == NULL)
    return NULL;
  name_id = hp_trace_lookup_string (trace, name);
  start = (gint64)llround (hp_table_get_double (table, row, start_col) * HP_NS_PER_US);
  for (guint i = 0; i < r->n_rows; i++)
    {
      guint e = r->rows[i];

      /* the table's us hold the ns exactly up to 2^53 ns */
      if (r->name[e] == name_id && _hp_collectives_is_kernel (r, e) && r->ts[e] == start)
        {
          linked = g_new0 (HpLinkedEvents, 1);
          linked->rank = r->rank;
          linked->events = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_array_append_val (linked->events, e);
          linked->focus = HP_LINKED_FOCUS_ONE;
          /* Translators: a kernel name and a rank */
          linked->description = g_strdup_printf (_ ("%s on rank %d"), name, r->rank);
          return linked;
        }
    }
  return NULL;
}

/**
 * hp_linked_events_for_collective:
 * @trace: the trace the table was computed from
 * @waits: a `collective_waits` table
 * @index: a collective's `index`
 * @focus_rank: the rank whose kernel is in focus
 *
 * One collective on every rank that ran it: @focus_rank's kernel in
 * @events (in focus), every other rank's kernel of the same instance in
 * @others, by rank. What a heat map cell (a rank of a collective) stands
 * for on the timeline.
 *
 * Returns: (transfer full) (nullable): the events, or %NULL when
 *   @focus_rank did not run that collective
 */
HpLinkedEvents *
hp_linked_events_for_collective (HpTrace *trace,
                                 HpTable *waits,
                                 gint64   index,
                                 int      focus_rank)
{
  int              index_col = hp_table_find_column (waits, "index");
  int              rank_col = hp_table_find_column (waits, "rank");
  int              name_col = hp_table_find_column (waits, "name");
  HpLinkedEvents  *linked = NULL;
  const char      *name = NULL;
  g_autofree char *number = NULL;
  g_autoptr (GArray) others = g_array_new (FALSE, FALSE, sizeof (HpLinkedEvent));

  g_return_val_if_fail (trace != NULL && waits != NULL, NULL);

  if (index_col < 0 || rank_col < 0 || name_col < 0)
    return NULL;
  for (guint row = 0; row < hp_table_get_n_rows (waits); row++)
    {
      g_autoptr (HpLinkedEvents) one = NULL;
      int rank;

      if (hp_table_get_int (waits, row, (guint)index_col) != index)
        continue;
      rank = (int)hp_table_get_int (waits, row, (guint)rank_col);
      one = hp_linked_events_for_collective_row (trace, waits, row, NULL);
      if (one == NULL)
        continue;
      if (rank == focus_rank && linked == NULL)
        {
          linked = g_steal_pointer (&one);
          name = hp_table_get_string (waits, row, (guint)name_col);
        }
      else
        {
          HpLinkedEvent e = { rank, g_array_index (one->events, guint32, 0) };

          g_array_append_val (others, e);
        }
    }
  if (linked == NULL)
    return NULL;
  number = g_strdup_printf ("%" G_GINT64_FORMAT, index);
  g_free (linked->description);
  /* Translators: a collective's kernel name, its number, how many ranks ran it */
  linked->description = g_strdup_printf (ngettext ("%s #%s on %u rank", "%s #%s on %u ranks", others->len + 1),
                                         name != NULL ? name : "", number, others->len + 1);
  if (others->len > 0)
    linked->others = g_steal_pointer (&others);
  return linked;
}
