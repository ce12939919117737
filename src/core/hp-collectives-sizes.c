/* hp-collectives-sizes.c — each rank's collectives by message size (`collective_sizes`).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-collectives-private.h"
#include "hp-collectives.h"
#include "hp-comm-collective.h"
#include "hp-stats.h"

/* (rank, collective, message size): one row of collective_sizes */
static int
compare_size_class (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  const HpCommMatchItem *x = a;
  const HpCommMatchItem *y = b;
  GArray                *infos = user_data;
  const HpCommInfo      *xi = &g_array_index (infos, HpCommInfo, x->user);
  const HpCommInfo      *yi = &g_array_index (infos, HpCommInfo, y->user);
  int                    c;

  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  if ((c = strcmp (xi->collective, yi->collective)) != 0)
    return c;
  if (xi->msg_bytes != yi->msg_bytes)
    return xi->msg_bytes < yi->msg_bytes ? -1 : 1;
  return (x->ts > y->ts) - (x->ts < y->ts);
}

static double
quantile (GArray *values,
          double  p)
{
  if (values->len == 0)
    return NAN;
  hp_sort_doubles ((double *)(void *)values->data, values->len);
  return hp_quantile_sorted ((const double *)(const void *)values->data, values->len, p);
}

/* Each rank's collectives by (collective, message size), as nccl-tests
 * tabulates them: how many, their time, and the bus bandwidth each kernel
 * reached on its own duration (which includes any wait for late ranks),
 * against the device's link peak where the trace names the device. */
HpTable *
_hp_collectives_size_classes (GArray    *items,
                              GArray    *infos,
                              GPtrArray *ranks)
{
  HpTable *table = hp_table_new ("collective_sizes", N_ ("Collectives by message size"));
  g_autoptr (GArray) occ = g_array_copy (items);
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) busbw = g_array_new (FALSE, FALSE, sizeof (double));
  guint col_rank = hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  guint col_coll = hp_table_add_column (table, "collective", HP_COLUMN_STRING, NULL);
  guint col_bytes = hp_table_add_column (table, "msg_bytes", HP_COLUMN_INT, "B");
  guint col_count = hp_table_add_column (table, "count", HP_COLUMN_INT, NULL);
  guint col_time = hp_table_add_column (table, "time(us)", HP_COLUMN_DOUBLE, "us");
  guint col_t50 = hp_table_add_column (table, "time_p50(us)", HP_COLUMN_DOUBLE, "us");
  guint col_t90 = hp_table_add_column (table, "time_p90(us)", HP_COLUMN_DOUBLE, "us");
  guint col_b10 = hp_table_add_column (table, "busbw_p10(GB/s)", HP_COLUMN_DOUBLE, "GB/s");
  guint col_b50 = hp_table_add_column (table, "busbw_p50(GB/s)", HP_COLUMN_DOUBLE, "GB/s");
  guint col_b90 = hp_table_add_column (table, "busbw_p90(GB/s)", HP_COLUMN_DOUBLE, "GB/s");
  guint col_peak = hp_table_add_column (table, "link_peak(GB/s)", HP_COLUMN_DOUBLE, "GB/s");
  guint col_pct = hp_table_add_column (table, "busbw_p50_pct_of_peak", HP_COLUMN_DOUBLE, "%");

  g_array_sort_with_data (occ, compare_size_class, infos);
  for (guint i = 0; i < occ->len;)
    {
      const HpCommMatchItem *o = &g_array_index (occ, HpCommMatchItem, i);
      const HpCommInfo      *info = &g_array_index (infos, HpCommInfo, o->user);
      double                 peak = hp_comm_link_peak_gbps (ranks->pdata[o->pos]);
      gint64                 total = 0;
      guint                  j = i, row;
      double                 b50;

      g_array_set_size (times, 0);
      g_array_set_size (busbw, 0);
      while (j < occ->len && g_array_index (occ, HpCommMatchItem, j).rank == o->rank)
        {
          const HpCommMatchItem *p = &g_array_index (occ, HpCommMatchItem, j);
          const HpCommInfo      *pi = &g_array_index (infos, HpCommInfo, p->user);
          double                 t = hp_ns_to_us (p->dur);
          double                 b = hp_comm_algbw_gbps (pi->msg_bytes, p->dur) * hp_comm_bus_factor (pi->collective, pi->group_size);

          if (strcmp (pi->collective, info->collective) != 0 || pi->msg_bytes != info->msg_bytes)
            break;
          total += p->dur;
          g_array_append_val (times, t);
          if (isfinite (b))
            g_array_append_val (busbw, b);
          j++;
        }
      row = hp_table_append_row (table);
      b50 = quantile (busbw, 0.5);
      hp_table_set_int (table, row, col_rank, o->rank);
      hp_table_set_string (table, row, col_coll, info->collective);
      hp_table_set_int (table, row, col_bytes, info->msg_bytes);
      hp_table_set_int (table, row, col_count, j - i);
      hp_table_set_double (table, row, col_time, hp_ns_to_us (total));
      hp_table_set_double (table, row, col_t50, quantile (times, 0.5));
      hp_table_set_double (table, row, col_t90, quantile (times, 0.9));
      hp_table_set_double (table, row, col_b10, quantile (busbw, 0.1));
      hp_table_set_double (table, row, col_b50, b50);
      hp_table_set_double (table, row, col_b90, quantile (busbw, 0.9));
      hp_table_set_double (table, row, col_peak, peak);
      hp_table_set_double (table, row, col_pct, 100.0 * b50 / peak);
      i = j;
    }
  return table;
}
