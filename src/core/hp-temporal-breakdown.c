/* hp-temporal-breakdown.c — GPU idle, compute and non-compute time per rank (spec analyses §1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "hp-intervals.h"
#include "hp-temporal-breakdown.h"

/* One GPU activity (a G1 row) reduced to what the breakdown needs. */
typedef struct
{
  gint64   device;
  gint64   start;
  gint64   end;
  gboolean compute;
} Activity;

typedef struct
{
  gint64 idle;
  gint64 compute;
  gint64 non_compute;
  gint64 span;
} Breakdown;

enum
{
  COL_RANK,
  COL_IDLE,
  COL_COMPUTE,
  COL_NON_COMPUTE,
  COL_SPAN,
  COL_IDLE_PCTG,
  COL_COMPUTE_PCTG,
  COL_NON_COMPUTE_PCTG,
  COL_DEVICE, /* default mode only */
};

static int
cmp_activity (const void *a,
              const void *b)
{
  const Activity *x = a;
  const Activity *y = b;

  if (x->device != y->device)
    return x->device < y->device ? -1 : 1;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return (x->end > y->end) - (x->end < y->end);
}

/* Whether @acts come from more than one GPU; usually they do not, and
 * grouping them by device would be a needless sort. */
static gboolean
several_devices (const Activity *acts,
                 gsize           n)
{
  for (gsize i = 1; i < n; i++)
    if (acts[i].device != acts[0].device)
      return TRUE;
  return FALSE;
}

/* Spec §1 steps 2–4 on the activities of one GPU (all of a rank's in
 * HTA-compatibility mode). @all and @comp are scratch buffers of @n. */
static void
compute_breakdown (const Activity *acts,
                   gsize           n,
                   HpInterval     *all,
                   HpInterval     *comp,
                   Breakdown      *out)
{
  gsize  n_all = 0, n_comp = 0;
  gint64 busy;

  g_assert (n > 0);

  for (gsize i = 0; i < n; i++)
    {
      all[n_all].start = acts[i].start;
      all[n_all++].end = acts[i].end;
      if (acts[i].compute)
        {
          comp[n_comp].start = acts[i].start;
          comp[n_comp++].end = acts[i].end;
        }
    }

  n_all = hp_intervals_union (all, n_all);
  n_comp = hp_intervals_union (comp, n_comp);

  /* HTA takes the end of the last merged group, not the largest end: they
   * differ only when a negative duration (TF §6) forms a group of its own */
  out->span = all[n_all - 1].end - all[0].start;
  busy = hp_intervals_length (all, n_all);
  out->idle = out->span - busy;
  out->compute = hp_intervals_length (comp, n_comp);
  out->non_compute = out->span - out->compute - out->idle;
}

static double
percentage (gint64 part,
            gint64 span)
{
  if (span == 0)
    return NAN;
  return hp_round_half_even (100.0 * hp_ns_to_us (part) / hp_ns_to_us (span), 2);
}

static void
append_row (HpTable         *table,
            int              rank,
            gboolean         with_device,
            const gint64    *device,
            const Breakdown *b)
{
  guint row = hp_table_append_row (table);

  hp_table_set_int (table, row, COL_RANK, rank);
  hp_table_set_double (table, row, COL_IDLE, hp_ns_to_us (b->idle));
  hp_table_set_double (table, row, COL_COMPUTE, hp_ns_to_us (b->compute));
  hp_table_set_double (table, row, COL_NON_COMPUTE, hp_ns_to_us (b->non_compute));
  hp_table_set_double (table, row, COL_SPAN, hp_ns_to_us (b->span));
  hp_table_set_double (table, row, COL_IDLE_PCTG, percentage (b->idle, b->span));
  hp_table_set_double (table, row, COL_COMPUTE_PCTG, percentage (b->compute, b->span));
  hp_table_set_double (table, row, COL_NON_COMPUTE_PCTG, percentage (b->non_compute, b->span));
  if (with_device)
    {
      if (device != NULL)
        hp_table_set_int (table, row, COL_DEVICE, *device);
      else
        hp_table_set_null (table, row, COL_DEVICE);
    }
}

static HpTable *
new_table (gboolean with_device)
{
  HpTable *table = hp_table_new ("temporal_breakdown", "Temporal breakdown");

  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "idle_time(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "compute_time(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "non_compute_time(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "kernel_time(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "idle_time_pctg", HP_COLUMN_DOUBLE, "%");
  hp_table_add_column (table, "compute_time_pctg", HP_COLUMN_DOUBLE, "%");
  hp_table_add_column (table, "non_compute_time_pctg", HP_COLUMN_DOUBLE, "%");
  if (with_device)
    hp_table_add_column (table, "device", HP_COLUMN_INT, NULL);
  return table;
}

/**
 * hp_temporal_breakdown_compute:
 * @trace: a loaded trace
 * @params: the analysis parameters (only the rank selection is used)
 * @tables: (element-type HpTable): where the `temporal_breakdown` table is
 *   appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Splits each rank's GPU time span (from the start of its first GPU
 * activity to the end of its last) into idle time, computation time and
 * other busy time (communication, memory, synchronisation), as spec
 * analyses §1 defines them: busy time is the union of all G1 events
 * (TF §7, §13), compute time the union of the COMPUTATION ones (TF §12),
 * and overlapped time counts as compute.
 *
 * In HTA-compatibility mode there is one row per rank, every device of the
 * rank merged, as HTA does. In the default mode GPU activity is counted per
 * device and a rank gets one row per device, with an extra `device` column.
 * A rank without GPU activity gets a row with a zero span and NaN
 * percentages (HTA fails on such a rank).
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK
 *   for a selected rank that is not in @trace, or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_temporal_breakdown_compute (HpTrace                *trace,
                               const HpAnalysisParams *params,
                               GPtrArray              *tables,
                               GCancellable           *cancellable,
                               GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  g_autoptr (HpTable) table = NULL;
  g_autofree Activity   *acts = NULL;
  g_autofree HpInterval *all = NULL;
  g_autofree HpInterval *comp = NULL;
  gsize                  capacity = 0;
  gboolean               per_device;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;

  per_device = hp_trace_get_mode (trace) == HP_MODE_DEFAULT;
  table = new_table (per_device);

  for (guint k = 0; k < ranks->len; k++)
    {
      const HpRank *r = g_ptr_array_index (ranks, k);
      gsize         n = 0;

      if (r->n_rows > capacity)
        {
          capacity = r->n_rows;
          g_free (acts);
          g_free (all);
          g_free (comp);
          acts = g_new (Activity, capacity);
          all = g_new (HpInterval, capacity);
          comp = g_new (HpInterval, capacity);
        }

      for (guint i = 0; i < r->n_rows; i++)
        {
          guint e = r->rows[i];

          if (hp_analysis_check_cancelled (cancellable, i, error))
            return FALSE;
          if (!(r->flags[e] & HP_EVENT_G1))
            continue;
          acts[n].device = per_device ? r->pid[e] : 0;
          acts[n].start = r->ts[e];
          acts[n].end = hp_rank_end (r, e);
          acts[n].compute = r->kclass[e] == HP_KERNEL_CLASS_COMPUTATION;
          n++;
        }

      if (n == 0)
        {
          Breakdown none = { 0 };

          append_row (table, r->rank, per_device, NULL, &none);
          continue;
        }

      if (per_device && several_devices (acts, n))
        qsort (acts, n, sizeof *acts, cmp_activity);

      for (gsize first = 0; first < n;)
        {
          gsize     last = first + 1;
          Breakdown b;

          while (last < n && acts[last].device == acts[first].device)
            last++;
          compute_breakdown (acts + first, last - first, all, comp, &b);
          append_row (table, r->rank, per_device, &acts[first].device, &b);
          first = last;
        }
    }

  g_ptr_array_add (tables, g_steal_pointer (&table));
  return TRUE;
}
