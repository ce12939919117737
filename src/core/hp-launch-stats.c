/* hp-launch-stats.c — CUDA kernel launch statistics: launch time, kernel time and launch delay per correlation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-time-private.h"
#include "hp-launch-stats.h"
#include "hp-linked-events.h"

/* The launch calls of docs/analyses.md §6 step 1, as HTA lists them. */
static const char *const hta_kernel_launches[] = {
  "cudaLaunchKernel",
  "cudaLaunchKernelExC",
  "runFunction - job_prep_and_submit_for_execution",
};

static const char *const hta_memory_launches[] = {
  "cudaMemcpyAsync",
  "cudaMemsetAsync",
};

/* The default mode also counts driver launches (Triton) and ROCm calls,
 * which HTA leaves out (docs/analyses.md §6 step 1). */
static const char *const more_kernel_launches[] = {
  "cuLaunchKernel",
  "cuLaunchKernelEx",
  "hipLaunchKernel",
  "hipExtLaunchKernel",
  "hipModuleLaunchKernel",
  "hipExtModuleLaunchKernel",
};

static const char *const more_memory_launches[] = {
  "hipMemcpyAsync",
  "hipMemsetAsync",
};

enum
{
  COL_RANK,
  COL_CORRELATION,
  COL_CPU_DURATION,
  COL_GPU_DURATION,
  COL_LAUNCH_DELAY,
};

enum
{
  SUM_RANK,
  SUM_ROWS,
  SUM_RUNTIME_CUTOFF,
  SUM_LAUNCH_DELAY_CUTOFF,
  SUM_SHORT_GPU_KERNELS,
  SUM_RUNTIME_OUTLIERS,
  SUM_LAUNCH_DELAY_OUTLIERS,
  SUM_GPU_SHORTER_THAN_CPU,
  SUM_SUM_CPU_DURATION,
  SUM_SUM_GPU_DURATION,
  SUM_SUM_LAUNCH_DELAY,
  SUM_MAX_LAUNCH_DELAY,
  SUM_DUPLICATE_CORRELATIONS,
};

#define NO_GROUP G_MAXUINT32

/* correlation id → group, open addressing (no allocation per entry); key
 * and group share a cache line */
typedef struct
{
  gint64  key;
  guint32 group; /* group + 1; 0: empty slot */
} CorrSlot;

/* Kineto numbers correlation ids in sequence, so the launch ids of a rank
 * usually fill a range of a few times their number: then a bitmap over
 * that range, with the count of keys before each word, maps an id to its
 * group and is read almost in order (a hash is read at random). Otherwise
 * open addressing. */
typedef struct
{
  guint64  *bits;   /* bit i: id base + i is a key */
  guint32  *before; /* keys in the words before word w */
  gint64    base;
  guint64   n_bits;
  CorrSlot *slots;
  gsize     mask;
  guint     shift; /* 64 − log2 (size) */
  guint32   n;
} CorrMap;

/* the summary of one rank, summed in ns so that sums are exact */
typedef struct
{
  gint64 n_short;
  gint64 n_runtime_outliers;
  gint64 n_delay_outliers;
  gint64 n_gpu_shorter;
  gint64 sum_cpu;
  gint64 sum_gpu;
  gint64 sum_delay;
  gint64 max_delay; /* -1: no row */
} Totals;

typedef struct
{
  const HpAnalysisParams *params;
  double                  runtime_cutoff;      /* us */
  double                  launch_delay_cutoff; /* us */
  HpMode                  mode;
  const guint8           *is_launch; /* per string id */
  HpTable                *stats;
  HpTable                *summary;
  Totals                  totals;
  guint64                 n_ignored_launches;
} Ctx;

static inline gsize
corr_slot (const CorrMap *m,
           gint64         corr)
{
  /* Fibonacci hashing: the product's high bits mix every bit of the id */
  gsize i = (gsize)(((guint64)corr * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> m->shift);

  while (m->slots[i].group != 0 && m->slots[i].key != corr)
    i = (i + 1) & m->mask;
  return i;
}

/* @min and @max: the smallest and largest id to be added */
static void
corr_map_init (CorrMap *m,
               gsize    expected,
               gint64   min,
               gint64   max)
{
  gsize size = 64;

  m->n = 0;
  /* at most 256 bits (the hash's 32 bytes) per launch, or 128 KiB */
  if (expected > 0 && (guint64)max - (guint64)min < MAX (256 * (guint64)expected, G_GUINT64_CONSTANT (1) << 20))
    {
      m->base = min;
      m->n_bits = (guint64)max - (guint64)min + 1;
      m->bits = g_new0 (guint64, m->n_bits / 64 + 1);
      m->before = g_new (guint32, m->n_bits / 64 + 1);
      return;
    }
  m->shift = 58;
  while (size < 2 * expected)
    {
      size *= 2;
      m->shift--;
    }
  m->slots = g_new0 (CorrSlot, size);
  m->mask = size - 1;
}

static void
corr_map_clear (CorrMap *m)
{
  g_clear_pointer (&m->bits, g_free);
  g_clear_pointer (&m->before, g_free);
  g_clear_pointer (&m->slots, g_free);
}

/* adds @corr as a key unless it is one (the hash never fills: it was sized
 * for every launch row) */
static void
corr_map_add (CorrMap *m,
              gint64   corr)
{
  gsize i;

  if (m->bits != NULL)
    {
      guint64 b = (guint64)corr - (guint64)m->base;

      m->bits[b / 64] |= G_GUINT64_CONSTANT (1) << (b % 64);
      return;
    }
  i = corr_slot (m, corr);
  if (m->slots[i].group != 0)
    return;
  m->slots[i].key = corr;
  m->slots[i].group = ++m->n;
}

/* after the last corr_map_add(): numbers the keys of the bitmap */
static void
corr_map_seal (CorrMap *m)
{
  if (m->bits == NULL)
    return;
  for (guint64 w = 0; w <= m->n_bits / 64; w++)
    {
      m->before[w] = m->n;
      m->n += (guint32)__builtin_popcountll (m->bits[w]);
    }
}

/* the group of @corr, or NO_GROUP */
static inline guint32
corr_map_lookup (const CorrMap *m,
                 gint64         corr)
{
  gsize i;

  if (m->bits != NULL)
    {
      guint64 b = (guint64)corr - (guint64)m->base;
      guint64 word;
      guint64 bit = G_GUINT64_CONSTANT (1) << (b % 64);

      if (corr < m->base || b >= m->n_bits)
        return NO_GROUP;
      word = m->bits[b / 64];
      if (!(word & bit))
        return NO_GROUP;
      return m->before[b / 64] + (guint32)__builtin_popcountll (word & (bit - 1));
    }
  i = corr_slot (m, corr);
  return m->slots[i].group != 0 ? m->slots[i].group - 1 : NO_GROUP;
}

static void
mark_names (HpTrace           *trace,
            guint8            *is_launch,
            const char *const *names,
            guint              n_names)
{
  for (guint i = 0; i < n_names; i++)
    {
      guint32 id = hp_trace_lookup_string (trace, names[i]);

      if (id != HP_NO_STRING)
        is_launch[id] = 1;
    }
}

/* default mode: of several launch calls with one correlation (a runtime call
 * wrapping a driver call) keep the outermost: earliest, then longest */
static gboolean
launch_before (const HpRank *r,
               guint         e,
               guint         best)
{
  return r->ts[e] < r->ts[best] || (r->ts[e] == r->ts[best] && hp_rank_dur (r, e) > hp_rank_dur (r, best));
}

static void
add_row (Ctx          *ctx,
         const HpRank *r,
         guint         cpu_event,
         guint         gpu_event)
{
  gint64  delay = MAX (r->ts[gpu_event] - (r->ts[cpu_event] + hp_rank_dur (r, cpu_event)), 0);
  double  cpu_us = hp_ns_to_us (hp_rank_dur (r, cpu_event));
  double  gpu_us = hp_ns_to_us (hp_rank_dur (r, gpu_event));
  double  delay_us = hp_ns_to_us (delay);
  guint   row = hp_table_append_row (ctx->stats);
  Totals *t = &ctx->totals;

  hp_table_set_int (ctx->stats, row, COL_RANK, r->rank);
  hp_table_set_int (ctx->stats, row, COL_CORRELATION, hp_rank_correlation (r, cpu_event));
  hp_table_set_double (ctx->stats, row, COL_CPU_DURATION, cpu_us);
  hp_table_set_double (ctx->stats, row, COL_GPU_DURATION, gpu_us);
  hp_table_set_double (ctx->stats, row, COL_LAUNCH_DELAY, delay_us);

  /* the derived sets of docs/analyses.md §6, compared in us as HTA does */
  t->n_short += cpu_us <= ctx->runtime_cutoff && gpu_us < cpu_us;
  t->n_runtime_outliers += cpu_us > ctx->runtime_cutoff;
  t->n_delay_outliers += delay_us > ctx->launch_delay_cutoff;
  t->n_gpu_shorter += gpu_us < cpu_us;
  t->sum_cpu = hp_ns_add (t->sum_cpu, hp_rank_dur (r, cpu_event));
  t->sum_gpu = hp_ns_add (t->sum_gpu, hp_rank_dur (r, gpu_event));
  t->sum_delay = hp_ns_add (t->sum_delay, delay);
  t->max_delay = MAX (t->max_delay, delay);
}

static void
add_summary_row (Ctx          *ctx,
                 const HpRank *r,
                 guint         n_rows,
                 guint         n_groups)
{
  const Totals *t = &ctx->totals;
  guint         row = hp_table_append_row (ctx->summary);

  hp_table_set_int (ctx->summary, row, SUM_RANK, r->rank);
  hp_table_set_int (ctx->summary, row, SUM_ROWS, n_rows);
  hp_table_set_double (ctx->summary, row, SUM_RUNTIME_CUTOFF, ctx->runtime_cutoff);
  hp_table_set_double (ctx->summary, row, SUM_LAUNCH_DELAY_CUTOFF, ctx->launch_delay_cutoff);
  hp_table_set_int (ctx->summary, row, SUM_SHORT_GPU_KERNELS, t->n_short);
  hp_table_set_int (ctx->summary, row, SUM_RUNTIME_OUTLIERS, t->n_runtime_outliers);
  hp_table_set_int (ctx->summary, row, SUM_LAUNCH_DELAY_OUTLIERS, t->n_delay_outliers);
  hp_table_set_int (ctx->summary, row, SUM_GPU_SHORTER_THAN_CPU, t->n_gpu_shorter);
  hp_table_set_double (ctx->summary, row, SUM_SUM_CPU_DURATION, hp_ns_to_us (t->sum_cpu));
  hp_table_set_double (ctx->summary, row, SUM_SUM_GPU_DURATION, hp_ns_to_us (t->sum_gpu));
  hp_table_set_double (ctx->summary, row, SUM_SUM_LAUNCH_DELAY, hp_ns_to_us (t->sum_delay));
  hp_table_set_double (ctx->summary, row, SUM_MAX_LAUNCH_DELAY,
                       t->max_delay >= 0 ? hp_ns_to_us (t->max_delay) : NAN);
  /* rows beyond the first of each correlation (several GPU events per
   * launch, or several launch calls per correlation) */
  hp_table_set_int (ctx->summary, row, SUM_DUPLICATE_CORRELATIONS, (gint64)n_rows - n_groups);
}

/* docs/analyses.md §6, one rank: a hash join of the launch calls with the GPU events
 * on the correlation id, in linear time */
static gboolean
compute_rank (Ctx          *ctx,
              const HpRank *r,
              GCancellable *cancellable,
              GError      **error)
{
  gboolean            compat = ctx->mode == HP_MODE_HTA_COMPAT;
  guint               first_row = hp_table_get_n_rows (ctx->stats);
  guint               n_launch_rows = 0;
  gint64              min_corr = G_MAXINT64, max_corr = G_MININT64;
  guint               n_groups = 0;
  g_autofree guint32 *row_group = NULL;
  g_autofree guint32 *cpu_first = NULL; /* CSR over groups: rows of each side */
  g_autofree guint32 *gpu_first = NULL;
  g_autofree guint32 *cpu_rows = NULL;
  g_autofree guint32 *gpu_rows = NULL;
  g_autofree guint32 *chosen = NULL;
  g_autofree guint8  *emitted = NULL;
  CorrMap             map = { 0 };
  gboolean            ok = FALSE;

  ctx->totals = (Totals){ 0 };
  ctx->totals.max_delay = -1;

  /* 1. the correlation ids of launch calls; HTA takes them from any row,
   * the default mode from host-side calls only. A call without a
   * correlation (-1) links nothing. */
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];

      if (ctx->is_launch[r->name[e]] && hp_rank_correlation (r, e) != -1 &&
          (compat || !(r->flags[e] & HP_EVENT_G1)))
        {
          min_corr = MIN (min_corr, hp_rank_correlation (r, e));
          max_corr = MAX (max_corr, hp_rank_correlation (r, e));
          n_launch_rows++;
        }
    }
  corr_map_init (&map, n_launch_rows, min_corr, max_corr);
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];

      if ((k & 4095) == 0 && hp_analysis_check_cancelled (cancellable, k, error))
        goto out;
      if (ctx->is_launch[r->name[e]] && hp_rank_correlation (r, e) != -1 &&
          (compat || !(r->flags[e] & HP_EVENT_G1)))
        corr_map_add (&map, hp_rank_correlation (r, e));
    }
  corr_map_seal (&map);

  /* 2. GPU side (G1) and CPU side with those correlations, as CSR lists in
   * row order; HTA's CPU side is every host row carrying one, ours the
   * launch calls themselves */
  row_group = g_new (guint32, MAX (r->n_rows, 1));
  cpu_first = g_new0 (guint32, map.n + 2);
  gpu_first = g_new0 (guint32, map.n + 2);
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint   e = r->rows[k];
      guint32 g = NO_GROUP;

      if ((k & 4095) == 0 && hp_analysis_check_cancelled (cancellable, k, error))
        goto out;
      if (map.n > 0 && hp_rank_correlation (r, e) != -1)
        g = corr_map_lookup (&map, hp_rank_correlation (r, e));
      if (g != NO_GROUP && !(r->flags[e] & HP_EVENT_G1) && !compat && !ctx->is_launch[r->name[e]])
        g = NO_GROUP;
      row_group[k] = g;
      if (g != NO_GROUP && (r->flags[e] & HP_EVENT_G1))
        gpu_first[g + 2]++;
      else if (g != NO_GROUP)
        cpu_first[g + 2]++;
    }
  for (guint g = 0; g < map.n; g++)
    {
      cpu_first[g + 2] += cpu_first[g + 1];
      gpu_first[g + 2] += gpu_first[g + 1];
    }
  cpu_rows = g_new (guint32, MAX (cpu_first[map.n + 1], 1));
  gpu_rows = g_new (guint32, MAX (gpu_first[map.n + 1], 1));
  chosen = g_new (guint32, MAX (map.n, 1));
  memset (chosen, 0xff, sizeof (guint32) * MAX (map.n, 1));
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint32 g = row_group[k];

      if (g == NO_GROUP)
        continue;
      if (r->flags[r->rows[k]] & HP_EVENT_G1)
        gpu_rows[gpu_first[g + 1]++] = k;
      else
        {
          if (chosen[g] == NO_GROUP || launch_before (r, r->rows[k], r->rows[chosen[g]]))
            chosen[g] = k;
          cpu_rows[cpu_first[g + 1]++] = k;
        }
    }

  /* 3. the inner join, grouped by correlation in order of first appearance
   * on the CPU side (pandas 1.5's merge order); the default mode keeps one
   * launch call per correlation and places it at that call */
  emitted = g_new0 (guint8, MAX (map.n, 1));
  for (guint k = 0; k < r->n_rows; k++)
    {
      guint32 g = row_group[k];

      if ((k & 4095) == 0 && hp_analysis_check_cancelled (cancellable, k, error))
        goto out;
      if (g == NO_GROUP || (r->flags[r->rows[k]] & HP_EVENT_G1) || emitted[g] ||
          gpu_first[g] == gpu_first[g + 1] || (!compat && chosen[g] != k))
        continue;
      emitted[g] = 1;
      n_groups++;
      if (compat)
        {
          for (guint a = cpu_first[g]; a < cpu_first[g + 1]; a++)
            for (guint b = gpu_first[g]; b < gpu_first[g + 1]; b++)
              add_row (ctx, r, r->rows[cpu_rows[a]], r->rows[gpu_rows[b]]);
        }
      else
        {
          ctx->n_ignored_launches += cpu_first[g + 1] - cpu_first[g] - 1;
          for (guint b = gpu_first[g]; b < gpu_first[g + 1]; b++)
            add_row (ctx, r, r->rows[k], r->rows[gpu_rows[b]]);
        }
    }

  add_summary_row (ctx, r, hp_table_get_n_rows (ctx->stats) - first_row, n_groups);
  ok = TRUE;

out:
  corr_map_clear (&map);
  return ok;
}

static HpTable *
new_stats_table (void)
{
  HpTable *t = hp_table_new ("cuda_kernel_launch_stats", N_ ("CUDA kernel launch statistics"));

  hp_table_add_column (t, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "correlation", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "cpu_duration", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "gpu_duration", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "launch_delay", HP_COLUMN_DOUBLE, "us");
  return t;
}

static HpTable *
new_summary_table (void)
{
  HpTable *t = hp_table_new ("cuda_kernel_launch_stats_summary",
                             N_ ("CUDA kernel launch statistics per rank"));

  hp_table_add_column (t, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "rows", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "runtime_cutoff", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "launch_delay_cutoff", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "short_gpu_kernels", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "runtime_outliers", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "launch_delay_outliers", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "gpu_shorter_than_cpu", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "sum_cpu_duration", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "sum_gpu_duration", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "sum_launch_delay", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "max_launch_delay", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "duplicate_correlations", HP_COLUMN_INT, NULL);
  return t;
}

/**
 * hp_launch_stats_compute:
 * @trace: a loaded trace
 * @params: uses `ranks`, `runtime_cutoff`, `launch_delay_cutoff` and
 *   `include_memory_events`
 * @tables: (element-type HpTable): where the tables are appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * CUDA kernel launch statistics (docs/analyses.md §6): for every launch
 * call (`cudaLaunchKernel`, `cudaLaunchKernelExC`, MTIA `runFunction`, and
 * with @include_memory_events `cudaMemcpyAsync` / `cudaMemsetAsync`) joined
 * on its correlation id with the GPU work it started, the call's duration,
 * the GPU work's duration and the launch delay (GPU start minus the end of
 * the call, at least 0), all in microseconds.
 *
 * Appends two tables: `cuda_kernel_launch_stats` (rank, correlation,
 * cpu_duration, gpu_duration, launch_delay; ranks ascending, rows in the
 * order of the launch calls) and `cuda_kernel_launch_stats_summary` (one
 * row per rank: the counts of the three derived sets for the cutoffs, and
 * sums). A rank without launches has no rows and a summary of zeros.
 *
 * In the default mode driver (`cuLaunchKernel`) and ROCm (`hip…`) launches
 * count too, the CPU side is the launch call alone (HTA joins every host
 * event with the same correlation), and of several calls sharing one
 * correlation only the outermost is kept.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK
 *   when a requested rank is not loaded, or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_launch_stats_compute (HpTrace                *trace,
                         const HpAnalysisParams *params,
                         GPtrArray              *tables,
                         GCancellable           *cancellable,
                         GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  g_autoptr (HpTable) stats = NULL;
  g_autoptr (HpTable) summary = NULL;
  g_autofree guint8 *is_launch = NULL;
  Ctx                ctx = { 0 };

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;

  ctx.params = params;
  ctx.runtime_cutoff = hp_analysis_params_get_double (params, &hp_launch_stats_runtime_cutoff_spec);
  ctx.launch_delay_cutoff = hp_analysis_params_get_double (params, &hp_launch_stats_launch_delay_cutoff_spec);
  ctx.mode = hp_trace_get_mode (trace);
  is_launch = g_new0 (guint8, MAX (hp_trace_get_n_strings (trace), 1));
  mark_names (trace, is_launch, hta_kernel_launches, G_N_ELEMENTS (hta_kernel_launches));
  if (hp_analysis_params_get_boolean (params, &hp_launch_stats_include_memory_events_spec))
    mark_names (trace, is_launch, hta_memory_launches, G_N_ELEMENTS (hta_memory_launches));
  if (ctx.mode == HP_MODE_DEFAULT)
    {
      mark_names (trace, is_launch, more_kernel_launches, G_N_ELEMENTS (more_kernel_launches));
      if (hp_analysis_params_get_boolean (params, &hp_launch_stats_include_memory_events_spec))
        mark_names (trace, is_launch, more_memory_launches, G_N_ELEMENTS (more_memory_launches));
    }
  ctx.is_launch = is_launch;

  stats = new_stats_table ();
  summary = new_summary_table ();
  ctx.stats = stats;
  ctx.summary = summary;

  for (guint i = 0; i < ranks->len; i++)
    if (!compute_rank (&ctx, g_ptr_array_index (ranks, i), cancellable, error))
      return FALSE;

  if (ctx.n_ignored_launches > 0)
    {
      g_autofree char *note = g_strdup_printf ("%" G_GUINT64_FORMAT " launch calls sharing a "
                                               "correlation with an enclosing launch call were "
                                               "not counted twice",
                                               ctx.n_ignored_launches);

      hp_table_set_note (stats, note);
    }

  g_ptr_array_add (tables, g_steal_pointer (&stats));
  g_ptr_array_add (tables, g_steal_pointer (&summary));
  return TRUE;
}

/* ---------------------------------------------------------------------------
 * The three derived sets (docs/analyses.md §6, "Derived sets")
 * ------------------------------------------------------------------------- */

typedef gboolean (*RowFilter) (double cpu,
                               double gpu,
                               double delay,
                               double cutoff);

static gboolean
is_short_gpu_kernel (double cpu,
                     double gpu,
                     double delay,
                     double cutoff)
{
  return cpu <= cutoff && gpu < cpu;
}

static gboolean
is_runtime_outlier (double cpu,
                    double gpu,
                    double delay,
                    double cutoff)
{
  return cpu > cutoff;
}

static gboolean
is_launch_delay_outlier (double cpu,
                         double gpu,
                         double delay,
                         double cutoff)
{
  return delay > cutoff;
}

static HpTable *
filter_stats (HpTable    *stats,
              const char *name,
              const char *title,
              RowFilter   keep,
              double      cutoff)
{
  int      cpu_col = hp_table_find_column (stats, "cpu_duration");
  int      gpu_col = hp_table_find_column (stats, "gpu_duration");
  int      delay_col = hp_table_find_column (stats, "launch_delay");
  guint    n_columns = hp_table_get_n_columns (stats);
  HpTable *out;

  g_return_val_if_fail (cpu_col >= 0 && gpu_col >= 0 && delay_col >= 0, NULL);

  out = hp_table_new (name, title);
  for (guint c = 0; c < n_columns; c++)
    hp_table_add_column (out, hp_table_get_column_name (stats, c),
                         hp_table_get_column_type (stats, c),
                         hp_table_get_column_unit (stats, c));

  for (guint i = 0; i < hp_table_get_n_rows (stats); i++)
    {
      guint row;

      if (!keep (hp_table_get_double (stats, i, cpu_col), hp_table_get_double (stats, i, gpu_col),
                 hp_table_get_double (stats, i, delay_col), cutoff))
        continue;
      row = hp_table_append_row (out);
      for (guint c = 0; c < n_columns; c++)
        {
          if (hp_table_is_null (stats, i, c))
            continue;
          switch (hp_table_get_column_type (stats, c))
            {
            case HP_COLUMN_INT:
              hp_table_set_int (out, row, c, hp_table_get_int (stats, i, c));
              break;
            case HP_COLUMN_DOUBLE:
              hp_table_set_double (out, row, c, hp_table_get_double (stats, i, c));
              break;
            case HP_COLUMN_STRING:
              hp_table_set_string (out, row, c, hp_table_get_string (stats, i, c));
              break;
            default:
              g_assert_not_reached ();
            }
        }
    }
  return out;
}

/**
 * hp_launch_stats_short_gpu_kernels:
 * @stats: a `cuda_kernel_launch_stats` table
 * @runtime_cutoff: in us (HTA's default: 50)
 *
 * The launches whose GPU work is shorter than the launch call itself, among
 * calls of at most @runtime_cutoff (docs/analyses.md §6, first histogram).
 *
 * Returns: (transfer full): table `short_gpu_kernels`, with the columns of
 *   @stats
 */
HpTable *
hp_launch_stats_short_gpu_kernels (HpTable *stats,
                                   double   runtime_cutoff)
{
  g_return_val_if_fail (stats != NULL, NULL);

  return filter_stats (stats, "short_gpu_kernels",
                       N_ ("Short GPU kernels (gpu op duration < cpu op duration)"),
                       is_short_gpu_kernel, runtime_cutoff);
}

/**
 * hp_launch_stats_runtime_outliers:
 * @stats: a `cuda_kernel_launch_stats` table
 * @runtime_cutoff: in us (HTA's default: 50)
 *
 * The launch calls longer than @runtime_cutoff (docs/analyses.md §6, second histogram).
 *
 * Returns: (transfer full): table `runtime_outliers`, with the columns of
 *   @stats
 */
HpTable *
hp_launch_stats_runtime_outliers (HpTable *stats,
                                  double   runtime_cutoff)
{
  g_autofree char *title = NULL;

  g_return_val_if_fail (stats != NULL, NULL);

  title = g_strdup_printf ("Runtime Event Duration Outliers (duration > %g us)", runtime_cutoff);
  return filter_stats (stats, "runtime_outliers", title, is_runtime_outlier, runtime_cutoff);
}

/**
 * hp_launch_stats_launch_delay_outliers:
 * @stats: a `cuda_kernel_launch_stats` table
 * @launch_delay_cutoff: in us (HTA's default: 100)
 *
 * The launches whose GPU work started more than @launch_delay_cutoff after
 * the call returned (docs/analyses.md §6, third histogram).
 *
 * Returns: (transfer full): table `launch_delay_outliers`, with the columns
 *   of @stats
 */
HpTable *
hp_launch_stats_launch_delay_outliers (HpTable *stats,
                                       double   launch_delay_cutoff)
{
  g_autofree char *title = NULL;

  g_return_val_if_fail (stats != NULL, NULL);

  title = g_strdup_printf ("Launch Delay Outliers (duration > %g us)", launch_delay_cutoff);
  return filter_stats (stats, "launch_delay_outliers", title, is_launch_delay_outlier,
                       launch_delay_cutoff);
}

/* its parameters, kept in the parameters' bag */
const HpParamSpec hp_launch_stats_runtime_cutoff_spec = { "runtime_cutoff", HP_PARAM_DOUBLE, HP_PARAM_IN_BAG, 50, 0, 1e12, "us", N_ ("Runtime cutoff"), "Launch statistics: runtime outlier cutoff in us (50)", "US", N_ ("A launch call on the CPU longer than this is a runtime outlier"), NULL, HP_PARAM_PERSIST | HP_PARAM_PERSIST_WHOLE };
const HpParamSpec hp_launch_stats_launch_delay_cutoff_spec = { "launch_delay_cutoff", HP_PARAM_DOUBLE, HP_PARAM_IN_BAG, 100, 0, 1e12, "us", N_ ("Launch delay cutoff"), "Launch statistics: launch delay outlier cutoff in us (100)", "US", N_ ("A kernel that starts longer than this after its launch call ended is a launch delay outlier"), NULL, HP_PARAM_PERSIST | HP_PARAM_PERSIST_WHOLE };
const HpParamSpec hp_launch_stats_include_memory_events_spec = { "include_memory_events", HP_PARAM_BOOLEAN, HP_PARAM_IN_BAG, TRUE, 0, 1, NULL, N_ ("Include memory events"), "Launch statistics: count cudaMemcpyAsync/cudaMemsetAsync (true)", "BOOL", N_ ("Count cudaMemcpyAsync and cudaMemsetAsync calls as launches") };

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_launch_stats_analysis = {
  .name = HP_LAUNCH_STATS_ANALYSIS,
  .title = N_ ("CUDA kernel launch statistics"),
  .section = "§6",
  .func = hp_launch_stats_compute,
  .in_default_set = TRUE,
  .cost = 5,
  .tables = HP_STRV (HP_LAUNCH_STATS_TABLE, HP_LAUNCH_STATS_SUMMARY_TABLE),
  .row_events = hp_linked_events_for_launch_row,
  .row_events_tables = 0x1,
  .needs = HP_ANALYSIS_NEEDS_GPU | HP_ANALYSIS_NEEDS_LAUNCH,
  .specs = (const HpParamSpec *const[]){ &hp_launch_stats_runtime_cutoff_spec, &hp_launch_stats_launch_delay_cutoff_spec, &hp_launch_stats_include_memory_events_spec, NULL },
};
