/* hp-kernel-breakdown.c — GPU time by kernel type and per-kernel statistics (docs/analyses.md §3).
 *
 * The sweep of §3.1 over the kernel types is in hp-kernel-types.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-time-private.h"
#include "hp-classify.h"
#include "hp-gpu-activity-private.h"
#include "hp-intervals.h"
#include "hp-kernel-breakdown-private.h"
#include "hp-kernel-breakdown.h"
#include "hp-linked-events.h"
#include "hp-numpy-sort-private.h"
#include "hp-stats.h"

/* the instances of one kernel name of one class on one rank */
typedef struct
{
  const char *name;
  guint32     name_id;
  guint8      kclass;
  gint64      count;
  gint64      sum_ns;
  gint64      min_ns;
  gint64      max_ns;
  double      mean; /* us; Welford's running mean and squared deviations */
  double      m2;
} NameStats;

/* one row of gpu_kernel_breakdown_kernels */
typedef struct
{
  const char *name;
  guint8      kclass;
  int         rank;
  double      sum;
  double      max;
  double      min;
  double      std;
  double      mean;
  gint64      count;
} KernelRow;

enum
{
  COL_NAME,
  COL_SUM,
  COL_MAX,
  COL_MIN,
  COL_STD,
  COL_MEAN,
  COL_TYPE,
  COL_RANK,
  COL_COUNT, /* default mode only */
};

/* ---------------------------------------------------------------------- */
/* §3.2 kernels                                                            */

static int
cmp_name_stats (const void *a,
                const void *b)
{
  const NameStats *x = a;
  const NameStats *y = b;

  if (x->kclass != y->kclass)
    return x->kclass < y->kclass ? -1 : 1;
  return strcmp (x->name, y->name);
}

static int
cmp_sum_descending (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  const NameStats *x = a;
  const NameStats *y = b;

  return (x->sum_ns < y->sum_ns) - (x->sum_ns > y->sum_ns);
}

/* Spec §3.2 step 2: orders one class's names (sorted by name) by sum,
 * largest first. The default mode keeps equal sums in name order; HTA's
 * descending sort (pandas: reverse, numpy's unstable argsort, reverse) is
 * reproduced in HTA-compatibility mode. */
static void
order_by_sum (NameStats *names,
              gsize      n,
              gboolean   compat)
{
  g_autofree gint64    *reversed = NULL;
  g_autofree guint32   *order = NULL;
  g_autofree NameStats *copy = NULL;

  if (!compat)
    {
      g_qsort_with_data (names, (gint)n, sizeof *names, cmp_sum_descending, NULL);
      return;
    }

  reversed = g_new (gint64, n);
  order = g_new (guint32, n);
  for (gsize i = 0; i < n; i++)
    reversed[i] = names[n - 1 - i].sum_ns;
  _hp_numpy_argsort (reversed, order, n);
  copy = g_memdup2 (names, n * sizeof *names);
  for (gsize j = 0; j < n; j++)
    names[j] = copy[n - 1 - order[n - 1 - j]];
}

static void
add_instance (NameStats *stats,
              gint64     dur)
{
  double us = hp_ns_to_us (dur);
  double delta = us - stats->mean;

  stats->count++;
  stats->sum_ns = hp_ns_add (stats->sum_ns, dur);
  stats->min_ns = MIN (stats->min_ns, dur);
  stats->max_ns = MAX (stats->max_ns, dur);
  stats->mean += delta / (double)stats->count;
  stats->m2 += delta * (us - stats->mean);
}

/* the statistics of a name's instances (std of one instance: 0) */
static void
instance_row (const NameStats *stats,
              KernelRow       *row)
{
  row->count = stats->count;
  row->sum = hp_ns_to_us (stats->sum_ns);
  row->max = hp_ns_to_us (stats->max_ns);
  row->min = hp_ns_to_us (stats->min_ns);
  row->mean = row->sum / (double)stats->count;
  row->std = stats->count > 1 ? sqrt (stats->m2 / (double)(stats->count - 1)) : 0.0;
}

/* HTA-compatibility `others` (docs/analyses.md §3.2 quirk): statistics over the
 * per-name totals of the members, not over their instances */
static void
others_row_of_sums (const NameStats *names,
                    const gboolean  *is_other,
                    gsize            n,
                    KernelRow       *row)
{
  gsize  m = 0;
  double sum = 0, squares = 0, mean;

  row->max = -INFINITY;
  row->min = INFINITY;
  row->count = 0;
  for (gsize i = 0; i < n; i++)
    if (is_other[i])
      {
        double s = hp_ns_to_us (names[i].sum_ns);

        sum += s;
        row->max = MAX (row->max, s);
        row->min = MIN (row->min, s);
        row->count += names[i].count;
        m++;
      }
  mean = sum / (double)m;
  for (gsize i = 0; i < n; i++)
    if (is_other[i])
      {
        double d = hp_ns_to_us (names[i].sum_ns) - mean;

        squares += d * d;
      }
  row->sum = sum;
  row->mean = mean;
  row->std = m > 1 ? sqrt (squares / (double)(m - 1)) : 0.0;
}

/* Default-mode `others`: statistics over every member instance (pooled
 * mean and variance, Chan et al.'s combination of the per-name moments). */
static void
others_row_pooled (const NameStats *names,
                   const gboolean  *is_other,
                   gsize            n,
                   KernelRow       *row)
{
  gint64 count = 0, sum_ns = 0;
  gint64 min_ns = G_MAXINT64, max_ns = G_MININT64;
  double mean, m2 = 0;

  for (gsize i = 0; i < n; i++)
    if (is_other[i])
      {
        count += names[i].count;
        sum_ns = hp_ns_add (sum_ns, names[i].sum_ns);
        min_ns = MIN (min_ns, names[i].min_ns);
        max_ns = MAX (max_ns, names[i].max_ns);
      }
  mean = hp_ns_to_us (sum_ns) / (double)count;
  for (gsize i = 0; i < n; i++)
    if (is_other[i])
      {
        double d = names[i].mean - mean;

        m2 += names[i].m2 + (double)names[i].count * d * d;
      }
  row->count = count;
  row->sum = hp_ns_to_us (sum_ns);
  row->max = hp_ns_to_us (max_ns);
  row->min = hp_ns_to_us (min_ns);
  row->mean = mean;
  row->std = count > 1 ? sqrt (m2 / (double)(count - 1)) : 0.0;
}

/* Spec §3.2 steps 2–4 for one class of one rank; @names is sorted by sum
 * descending. */
static void
emit_class (const NameStats        *names,
            gsize                   n,
            int                     rank,
            const HpAnalysisParams *params,
            gboolean                compat,
            GArray                 *rows)
{
  g_autofree double   *cumsum = NULL;
  g_autofree double   *sorted = NULL;
  g_autofree gboolean *is_other = NULL;
  KernelRow            row = { 0 };
  double               running = 0, q;
  gsize                num_kernels = (gsize)hp_analysis_params_get_int (params, &hp_kernel_breakdown_num_kernels_spec);

  row.kclass = names[0].kclass;
  row.rank = rank;

  if (n <= num_kernels)
    {
      for (gsize i = 0; i < n; i++)
        {
          row.name = names[i].name;
          instance_row (&names[i], &row);
          g_array_append_val (rows, row);
        }
      return;
    }

  /* more names than num_kernels: a name survives when it is among the
   * first num_kernels and its running total is within the duration_ratio
   * quantile of the running totals (both limits apply) */
  cumsum = g_new (double, n);
  sorted = g_new (double, n);
  is_other = g_new (gboolean, n);
  for (gsize i = 0; i < n; i++)
    {
      running += hp_ns_to_us (names[i].sum_ns);
      cumsum[i] = sorted[i] = running;
    }
  hp_sort_doubles (sorted, n);
  q = hp_quantile_sorted (sorted, n, hp_analysis_params_get_double (params, &hp_kernel_breakdown_duration_ratio_spec));

  for (gsize i = 0; i < n; i++)
    {
      is_other[i] = cumsum[i] > q || i >= num_kernels;
      if (is_other[i])
        continue;
      row.name = names[i].name;
      instance_row (&names[i], &row);
      if (compat)
        {
          /* HTA re-aggregates the per-name sums: one value per name */
          row.max = row.min = row.mean = row.sum;
          row.std = 0;
        }
      g_array_append_val (rows, row);
    }

  row.name = "others";
  if (compat)
    others_row_of_sums (names, is_other, n, &row);
  else
    others_row_pooled (names, is_other, n, &row);
  g_array_append_val (rows, row);
}

static int
cmp_kernel_row (gconstpointer a,
                gconstpointer b)
{
  const KernelRow *x = a;
  const KernelRow *y = b;
  int              c;

  c = strcmp (hp_kernel_class_to_string (x->kclass), hp_kernel_class_to_string (y->kclass));
  if (c != 0)
    return c;
  c = strcmp (x->name, y->name);
  if (c != 0)
    return c;
  return (x->rank > y->rank) - (x->rank < y->rank);
}

static HpTable *
kernels_table (GArray  *rows,
               gboolean compat)
{
  HpTable *table = hp_table_new ("gpu_kernel_breakdown_kernels", N_ ("Kernels by kernel type and rank"));

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "sum (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "max (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "min (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "stddev", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "mean (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "kernel_type", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  if (!compat)
    hp_table_add_column (table, "count", HP_COLUMN_INT, NULL);

  /* stable (GLib ≥ 2.32); (type, name, rank) is unique anyway */
  g_array_sort (rows, cmp_kernel_row);

  for (guint i = 0; i < rows->len; i++)
    {
      const KernelRow *k = &g_array_index (rows, KernelRow, i);
      guint            row = hp_table_append_row (table);

      hp_table_set_string (table, row, COL_NAME, k->name);
      hp_table_set_double (table, row, COL_SUM, k->sum);
      hp_table_set_double (table, row, COL_MAX, k->max);
      hp_table_set_double (table, row, COL_MIN, k->min);
      hp_table_set_double (table, row, COL_STD, k->std);
      hp_table_set_double (table, row, COL_MEAN, k->mean);
      hp_table_set_string (table, row, COL_TYPE, hp_kernel_class_to_string (k->kclass));
      hp_table_set_int (table, row, COL_RANK, k->rank);
      if (!compat)
        hp_table_set_int (table, row, COL_COUNT, k->count);
    }
  return table;
}

/* ---------------------------------------------------------------------- */

typedef struct
{
  HpTrace                *trace;
  const HpAnalysisParams *params;
  gboolean                compat;

  /* per rank scratch, grown to the largest rank */
  HpGpuActivities acts;

  /* (class, name id) → index into names, or G_MAXUINT32 */
  guint32 *slot_of[HP_KERNEL_N_ANALYSED];
  GArray  *names; /* NameStats */

  HpKernelTypeTotals totals;
  GArray            *rows; /* KernelRow */
} Breakdown;

static void
breakdown_clear (Breakdown *self)
{
  _hp_gpu_activities_clear (&self->acts);
  for (guint c = 0; c < HP_KERNEL_N_ANALYSED; c++)
    g_free (self->slot_of[c]);
  g_clear_pointer (&self->names, g_array_unref);
  g_clear_pointer (&self->rows, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Breakdown, breakdown_clear)

static gboolean
breakdown_rank (Breakdown    *self,
                const HpRank *r,
                GCancellable *cancellable,
                GError      **error)
{
  guint       classes = HP_GPU_CLASS (HP_KERNEL_CLASS_COMPUTATION);
  HpInterval *scratch[HP_KERNEL_N_ANALYSED];

  classes |= HP_GPU_CLASS (HP_KERNEL_CLASS_COMMUNICATION);
  if (hp_analysis_params_get_boolean (self->params, &hp_kernel_breakdown_include_memory_kernels_spec))
    classes |= HP_GPU_CLASS (HP_KERNEL_CLASS_MEMORY);
  if (!_hp_gpu_activities_collect (&self->acts, r, classes, !self->compat, cancellable, error))
    return FALSE;

  /* §3.2 statistics per name, in row order */
  g_array_set_size (self->names, 0);
  for (gsize i = 0; i < self->acts.n; i++)
    {
      guint      e = self->acts.items[i].event;
      guint8     c = self->acts.items[i].kclass;
      guint32   *slot;
      NameStats *stats;

      slot = &self->slot_of[c][r->name[e]];
      if (*slot == G_MAXUINT32)
        {
          NameStats fresh = { 0 };

          fresh.name = hp_trace_get_string (self->trace, r->name[e]);
          fresh.name_id = r->name[e];
          fresh.kclass = c;
          fresh.min_ns = G_MAXINT64;
          fresh.max_ns = G_MININT64;
          *slot = self->names->len;
          g_array_append_val (self->names, fresh);
        }
      stats = &g_array_index (self->names, NameStats, *slot);
      add_instance (stats, hp_rank_dur (r, e));
    }

  /* §3.1: per GPU in the default mode, the whole rank in HTA's */
  for (guint c = 0; c < HP_KERNEL_N_ANALYSED; c++)
    scratch[c] = _hp_gpu_activities_scratch (&self->acts, c);
  _hp_gpu_activities_group_by_device (&self->acts);
  for (gsize first = 0, last; first < self->acts.n; first = last)
    {
      last = _hp_gpu_activities_device_end (&self->acts, first);
      _hp_kernel_types_sweep (self->acts.items + first, last - first, scratch, self->compat,
                              hp_analysis_params_get_boolean (self->params, &hp_kernel_breakdown_include_memory_kernels_spec) ? 3 : 2, &self->totals);
    }

  /* §3.2: per class (HTA groups by name, so names start in name order) */
  for (guint i = 0; i < self->names->len; i++)
    {
      const NameStats *stats = &g_array_index (self->names, NameStats, i);

      self->slot_of[stats->kclass][stats->name_id] = G_MAXUINT32;
    }
  g_array_sort (self->names, cmp_name_stats);
  for (guint first = 0; first < self->names->len;)
    {
      const NameStats *names = &g_array_index (self->names, NameStats, first);
      guint            last = first + 1;

      while (last < self->names->len &&
             g_array_index (self->names, NameStats, last).kclass == names->kclass)
        last++;
      order_by_sum (&g_array_index (self->names, NameStats, first), last - first, self->compat);
      emit_class (names, last - first, r->rank, self->params, self->compat, self->rows);
      first = last;
    }
  return TRUE;
}

/**
 * hp_kernel_breakdown_compute:
 * @trace: a loaded trace
 * @params: the rank selection, `num_kernels`, `duration_ratio` and
 *   `include_memory_kernels`
 * @tables: (element-type HpTable): where the tables
 *   `gpu_kernel_breakdown_kernel_type` and `gpu_kernel_breakdown_kernels`
 *   are appended, in this order
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The kernel breakdown of docs/analyses.md §3. The kernel-type table splits
 * the GPU time of all selected ranks into COMPUTATION, COMMUNICATION and
 * MEMORY and the combinations where they overlap (each moment counted
 * once), with each label's share. The kernels table gives per rank and
 * kernel type the sum, max, min, standard deviation and mean duration of
 * the largest kernels, the rest merged into `others`.
 *
 * In HTA-compatibility mode the kernels table reproduces HTA's aggregation
 * quirk (docs/analyses.md §3.2): when a rank has more than `num_kernels` names of a
 * type, the rows show statistics of per-name totals. The default mode
 * computes every row over kernel instances, adds a `count` column, measures
 * overlap per device and reports `sum` in (fractional) microseconds.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK
 *   or %HP_ANALYSIS_ERROR_INVALID_PARAMETER, or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_kernel_breakdown_compute (HpTrace                *trace,
                             const HpAnalysisParams *params,
                             GPtrArray              *tables,
                             GCancellable           *cancellable,
                             GError                **error)
{
  g_auto (Breakdown) self = { 0 };
  g_autoptr (GPtrArray) ranks = NULL;
  guint  n_strings;
  int    num_kernels;
  double duration_ratio;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  num_kernels = hp_analysis_params_get_int (params, &hp_kernel_breakdown_num_kernels_spec);
  duration_ratio = hp_analysis_params_get_double (params, &hp_kernel_breakdown_duration_ratio_spec);
  if (num_kernels < 0)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "num_kernels must not be negative (got %d)", num_kernels);
      return FALSE;
    }
  if (!(duration_ratio >= 0.0 && duration_ratio <= 1.0))
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "duration_ratio must be between 0 and 1 (got %g)", duration_ratio);
      return FALSE;
    }

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;

  self.trace = trace;
  self.params = params;
  self.compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  self.names = g_array_new (FALSE, FALSE, sizeof (NameStats));
  self.rows = g_array_new (FALSE, FALSE, sizeof (KernelRow));
  n_strings = MAX (hp_trace_get_n_strings (trace), 1);
  for (guint c = 0; c < HP_KERNEL_N_ANALYSED; c++)
    {
      self.slot_of[c] = g_new (guint32, n_strings);
      memset (self.slot_of[c], 0xff, n_strings * sizeof (guint32));
    }

  for (guint k = 0; k < ranks->len; k++)
    if (!breakdown_rank (&self, g_ptr_array_index (ranks, k), cancellable, error))
      return FALSE;

  g_ptr_array_add (tables, _hp_kernel_types_table (&self.totals, self.compat));
  g_ptr_array_add (tables, kernels_table (self.rows, self.compat));
  return TRUE;
}

/**
 * hp_kernel_breakdown_duration_distribution:
 * @kernels: the `gpu_kernel_breakdown_kernels` table of
 *   hp_kernel_breakdown_compute()
 *
 * The data of the "kernel duration distribution across ranks" charts (docs/analyses.md
 * §3.3): for each kernel type and kernel name except `others`, one
 * row per rank with the mean, min and max duration, in the kernels table's
 * order (type, name, rank). A chart draws one bar per rank at the mean with
 * an error bar from min to max.
 *
 * Returns: (transfer full): the table `kernel_duration_distribution`
 */
HpTable *
hp_kernel_breakdown_duration_distribution (HpTable *kernels)
{
  HpTable *table;
  int      type, name, rank, mean, min, max;

  g_return_val_if_fail (kernels != NULL, NULL);

  type = hp_table_find_column (kernels, "kernel_type");
  name = hp_table_find_column (kernels, "name");
  rank = hp_table_find_column (kernels, "rank");
  mean = hp_table_find_column (kernels, "mean (us)");
  min = hp_table_find_column (kernels, "min (us)");
  max = hp_table_find_column (kernels, "max (us)");
  g_return_val_if_fail (type >= 0 && name >= 0 && rank >= 0 && mean >= 0 && min >= 0 && max >= 0,
                        NULL);

  table = hp_table_new ("kernel_duration_distribution", N_ ("Kernel duration distribution across ranks"));
  hp_table_add_column (table, "kernel_type", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "mean (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "min (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "max (us)", HP_COLUMN_DOUBLE, "us");

  for (guint i = 0; i < hp_table_get_n_rows (kernels); i++)
    {
      guint row;

      if (g_strcmp0 (hp_table_get_string (kernels, i, name), "others") == 0)
        continue;
      row = hp_table_append_row (table);
      hp_table_set_string (table, row, 0, hp_table_get_string (kernels, i, type));
      hp_table_set_string (table, row, 1, hp_table_get_string (kernels, i, name));
      hp_table_set_int (table, row, 2, hp_table_get_int (kernels, i, rank));
      hp_table_set_double (table, row, 3, hp_table_get_double (kernels, i, mean));
      hp_table_set_double (table, row, 4, hp_table_get_double (kernels, i, min));
      hp_table_set_double (table, row, 5, hp_table_get_double (kernels, i, max));
    }
  return table;
}

/* its parameters, kept in the parameters' bag */
const HpParamSpec hp_kernel_breakdown_num_kernels_spec = { "num_kernels", HP_PARAM_INT, HP_PARAM_IN_BAG, 10, 1, G_MAXINT, NULL, N_ ("Kernels per type"), "Kernel breakdown: named kernels per type (10)", "N", N_ ("At most this many kernels of each type are listed by name; the rest are grouped as others"), NULL, HP_PARAM_PERSIST };
const HpParamSpec hp_kernel_breakdown_duration_ratio_spec = { "duration_ratio", HP_PARAM_DOUBLE, HP_PARAM_IN_BAG, 0.8, 0, 1, NULL, N_ ("Duration ratio"), "Kernel breakdown: cumulative duration ratio (0.8)", "R", N_ ("Kernels are listed by name until their running total reaches this share of the kernel time"), NULL, HP_PARAM_PERSIST };
const HpParamSpec hp_kernel_breakdown_include_memory_kernels_spec = { "include_memory_kernels", HP_PARAM_BOOLEAN, HP_PARAM_IN_BAG, TRUE, 0, 1, NULL, N_ ("Include memory kernels"), "Kernel breakdown: count MEMORY kernels (true)", "BOOL", N_ ("Count memory copies and sets as kernels of the MEMORY type") };

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_kernel_breakdown_analysis = {
  .name = HP_KERNEL_BREAKDOWN_ANALYSIS,
  .title = N_ ("Kernel breakdown"),
  .section = "§3",
  .func = hp_kernel_breakdown_compute,
  .in_default_set = TRUE,
  .cost = 1,
  .tables = HP_STRV (HP_KERNEL_BREAKDOWN_TYPE_TABLE, HP_KERNEL_BREAKDOWN_KERNELS_TABLE),
  .row_events = hp_linked_events_for_kernel_row,
  .row_events_tables = 0x2,
  .needs = HP_ANALYSIS_NEEDS_GPU,
  .aliases = HP_STRV ("kernel_breakdown"),
  .specs = (const HpParamSpec *const[]){ &hp_kernel_breakdown_num_kernels_spec, &hp_kernel_breakdown_duration_ratio_spec, &hp_kernel_breakdown_include_memory_kernels_spec, NULL },
};
