/* hp-comm-comp-overlap.c — share of communication time overlapped by computation (docs/analyses.md §5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "hp-time-private.h"
#include "hp-comm-comp-overlap.h"
#include "hp-gpu-activity-private.h"
#include "hp-intervals.h"

/* the sweep bits of docs/analyses.md §5 */
#define BIT_COMM 1u
#define BIT_COMP 2u

enum
{
  COL_RANK,
  COL_PCTG,
  /* default mode only */
  COL_DEVICE,
  COL_COMM_TIME,
  COL_OVERLAP_TIME,
};

static void
add_overlap (guint    bits,
             gint64   start,
             gint64   end,
             gpointer user_data)
{
  gint64 *overlap = user_data;

  /* exactly both: with HTA's negative durations (docs/trace-format.md §6) the running sum
   * can take other values, which HTA does not count either */
  if (bits == (BIT_COMM | BIT_COMP))
    *overlap += end - start;
}

/* The length of the intersection of two merged interval lists: both are
 * sorted and disjoint, so one merge pass finds it (this is what the sweep
 * of docs/analyses.md §5 measures, without sorting its points). */
static gint64
intersection_length (const HpInterval *a,
                     gsize             n_a,
                     const HpInterval *b,
                     gsize             n_b)
{
  gint64 total = 0;
  gsize  i = 0, j = 0;

  while (i < n_a && j < n_b)
    {
      gint64 start = MAX (a[i].start, b[j].start);
      gint64 end = MIN (a[i].end, b[j].end);

      if (end > start)
        total = hp_ns_add (total, end - start);
      if (a[i].end < b[j].end)
        i++;
      else
        j++;
    }
  return total;
}

/* Spec §5 on the activities of one GPU (all of a rank's in
 * HTA-compatibility mode); @comm and @comp are scratch buffers of @n. */
static void
compute_overlap (const HpGpuActivity *acts,
                 gsize                n,
                 HpInterval          *comm,
                 HpInterval          *comp,
                 gint64              *comm_time,
                 gint64              *overlap)
{
  gsize              n_comm = 0, n_comp = 0;
  const HpInterval  *sets[2];
  gsize              n_sets[2];
  static const guint bits[2] = { BIT_COMM, BIT_COMP };

  for (gsize i = 0; i < n; i++)
    {
      gboolean    is_comm = acts[i].kclass == HP_KERNEL_CLASS_COMMUNICATION;
      HpInterval *to = is_comm ? &comm[n_comm++] : &comp[n_comp++];

      to->start = acts[i].start;
      to->end = acts[i].end;
    }
  n_comm = hp_intervals_union (comm, n_comm);
  n_comp = hp_intervals_union (comp, n_comp);

  *comm_time = hp_intervals_length (comm, n_comm);
  if (!hp_intervals_any_negative (comm, n_comm) && !hp_intervals_any_negative (comp, n_comp))
    {
      *overlap = intersection_length (comm, n_comm, comp, n_comp);
      return;
    }

  /* HTA's negative durations: a merged group may end before it starts, and
   * only the sweep gives HTA's number */
  sets[0] = comm;
  sets[1] = comp;
  n_sets[0] = n_comm;
  n_sets[1] = n_comp;
  *overlap = 0;
  hp_intervals_sweep (sets, n_sets, bits, 2, add_overlap, overlap);
}

static void
append_row (HpTable      *table,
            int           rank,
            gboolean      extras,
            const gint64 *device,
            gint64        comm_time,
            gint64        overlap)
{
  guint  row = hp_table_append_row (table);
  double pctg = NAN;

  /* no communication: 0/0, NaN as in HTA ("n/a") */
  if (comm_time != 0)
    pctg = hp_round_half_even (100.0 * (hp_ns_to_us (overlap) / hp_ns_to_us (comm_time)), 2);

  hp_table_set_int (table, row, COL_RANK, rank);
  hp_table_set_double (table, row, COL_PCTG, pctg);
  if (!extras)
    return;
  _hp_gpu_set_device_cell (table, row, COL_DEVICE, device);
  hp_table_set_double (table, row, COL_COMM_TIME, hp_ns_to_us (comm_time));
  hp_table_set_double (table, row, COL_OVERLAP_TIME, hp_ns_to_us (overlap));
}

typedef struct
{
  HpTable *table;
  gboolean extras;
  gboolean any_na;
} Rows;

/* An HpGpuDeviceFunc: the row of one GPU (of a rank in HTA-compatibility
 * mode); a rank without communication or computation gets n/a */
static void
add_device_row (const HpRank        *rank,
                const gint64        *device,
                const HpGpuActivity *acts,
                gsize                n,
                HpInterval         **scratch,
                gpointer             user_data)
{
  Rows  *rows = user_data;
  gint64 comm_time = 0, overlap = 0;

  if (n > 0)
    compute_overlap (acts, n, scratch[0], scratch[1], &comm_time, &overlap);
  append_row (rows->table, rank->rank, rows->extras, device, comm_time, overlap);
  rows->any_na |= comm_time == 0;
}

static HpTable *
new_table (gboolean extras)
{
  HpTable *table = hp_table_new ("comm_comp_overlap", N_ ("Communication/computation overlap"));

  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "comp_comm_overlap_pctg", HP_COLUMN_DOUBLE, "%");
  if (extras)
    {
      hp_table_add_column (table, "device", HP_COLUMN_INT, NULL);
      hp_table_add_column (table, "communication_time(us)", HP_COLUMN_DOUBLE, "us");
      hp_table_add_column (table, "overlap_time(us)", HP_COLUMN_DOUBLE, "us");
    }
  return table;
}

/**
 * hp_comm_comp_overlap_compute:
 * @trace: a loaded trace
 * @params: the analysis parameters (only the rank selection is used)
 * @tables: (element-type HpTable): where the `comm_comp_overlap` table is
 *   appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * For each rank, the percentage of its communication time (the union of
 * its COMMUNICATION kernels) during which computation (the union of its
 * COMPUTATION kernels) runs too: docs/analyses.md §5. Higher is better. A
 * rank without communication gets NaN (shown as "n/a").
 *
 * In HTA-compatibility mode there is one row per rank with every device of
 * the rank merged. In the default mode the overlap is measured per device
 * (one row per device) and the row also has the `device`, the
 * `communication_time(us)` and the `overlap_time(us)`.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK
 *   for a selected rank that is not in @trace, or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_comm_comp_overlap_compute (HpTrace                *trace,
                              const HpAnalysisParams *params,
                              GPtrArray              *tables,
                              GCancellable           *cancellable,
                              GError                **error)
{
  g_autoptr (HpTable) table = NULL;
  guint    classes;
  gboolean per_device;
  Rows     rows;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  per_device = hp_trace_get_mode (trace) == HP_MODE_DEFAULT;
  table = new_table (per_device);
  rows = (Rows){ table, per_device, FALSE };
  classes = HP_GPU_CLASS (HP_KERNEL_CLASS_COMMUNICATION);
  classes |= HP_GPU_CLASS (HP_KERNEL_CLASS_COMPUTATION);
  if (!_hp_gpu_activities_foreach_device (trace, params, classes, add_device_row, &rows,
                                          cancellable, error))
    return FALSE;

  if (rows.any_na)
    hp_table_set_note (table, "n/a (empty): no communication kernels on that rank or device");

  g_ptr_array_add (tables, g_steal_pointer (&table));
  return TRUE;
}

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_comm_comp_overlap_analysis = {
  .name = HP_COMM_COMP_OVERLAP_ANALYSIS,
  .title = N_ ("Communication/computation overlap"),
  .section = "§5",
  .func = hp_comm_comp_overlap_compute,
  .in_default_set = TRUE,
  .cost = 1,
  .tables = HP_STRV (HP_COMM_COMP_OVERLAP_TABLE),
  .needs = HP_ANALYSIS_NEEDS_GPU | HP_ANALYSIS_NEEDS_COMM,
};
