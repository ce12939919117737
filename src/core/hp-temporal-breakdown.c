/* hp-temporal-breakdown.c — GPU idle, compute and non-compute time per rank (docs/analyses.md §1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "hp-gpu-activity-private.h"
#include "hp-intervals.h"
#include "hp-temporal-breakdown.h"

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

/* Spec §1 steps 2–4 on the activities of one GPU (all of a rank's in
 * HTA-compatibility mode). @all and @comp are scratch buffers of @n. */
static void
compute_breakdown (const HpGpuActivity *acts,
                   gsize                n,
                   HpInterval          *all,
                   HpInterval          *comp,
                   Breakdown           *out)
{
  gsize  n_all = 0, n_comp = 0;
  gint64 busy;

  g_assert (n > 0);

  for (gsize i = 0; i < n; i++)
    {
      all[n_all].start = acts[i].start;
      all[n_all++].end = acts[i].end;
      if (acts[i].kclass == HP_KERNEL_CLASS_COMPUTATION)
        {
          comp[n_comp].start = acts[i].start;
          comp[n_comp++].end = acts[i].end;
        }
    }

  n_all = hp_intervals_union (all, n_all);
  n_comp = hp_intervals_union (comp, n_comp);

  /* HTA takes the end of the last merged group, not the largest end: they
   * differ only when a negative duration (docs/trace-format.md §6) forms a group of its own */
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
    _hp_gpu_set_device_cell (table, row, COL_DEVICE, device);
}

typedef struct
{
  HpTable *table;
  gboolean with_device;
} Rows;

/* An HpGpuDeviceFunc: the row of one GPU (of a rank in HTA-compatibility
 * mode); a rank without GPU activity gets a zero span */
static void
add_device_row (const HpRank        *rank,
                const gint64        *device,
                const HpGpuActivity *acts,
                gsize                n,
                HpInterval         **scratch,
                gpointer             user_data)
{
  Rows     *rows = user_data;
  Breakdown b = { 0 };

  if (n > 0)
    compute_breakdown (acts, n, scratch[0], scratch[1], &b);
  append_row (rows->table, rank->rank, rows->with_device, device, &b);
}

static HpTable *
new_table (gboolean with_device)
{
  HpTable *table = hp_table_new ("temporal_breakdown", N_ ("Temporal breakdown"));

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
 * other busy time (communication, memory, synchronisation), as
 * docs/analyses.md §1 defines them: busy time is the union of all G1 events
 * (docs/trace-format.md §7, §13), compute time the union of the COMPUTATION ones (docs/trace-format.md §12),
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
  g_autoptr (HpTable) table = NULL;
  gboolean per_device;
  Rows     rows;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  per_device = hp_trace_get_mode (trace) == HP_MODE_DEFAULT;
  table = new_table (per_device);
  rows = (Rows){ table, per_device };
  if (!_hp_gpu_activities_foreach_device (trace, params, HP_GPU_ALL_CLASSES, add_device_row, &rows,
                                          cancellable, error))
    return FALSE;

  g_ptr_array_add (tables, g_steal_pointer (&table));
  return TRUE;
}

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_temporal_breakdown_analysis = {
  .name = HP_TEMPORAL_BREAKDOWN_ANALYSIS,
  .title = N_ ("Temporal breakdown"),
  .section = "§1",
  .func = hp_temporal_breakdown_compute,
  .in_default_set = TRUE,
  .cost = 1,
  .tables = HP_STRV (HP_TEMPORAL_BREAKDOWN_TABLE),
  .needs = HP_ANALYSIS_NEEDS_GPU,
};
