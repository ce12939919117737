/* hp-user-annotation.c — time per user annotation (docs/analyses.md §4.1).
 *
 * The annotation of each GPU kernel (§4.2) is in hp-user-annotation-kernels.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-stats.h"
#include "hp-user-annotation.h"

#define OTHERS "others"

/* One annotation instance. */
typedef struct
{
  guint32 name;
  guint32 row;
  gint64  dur;
} Instance;

/* The statistics of one name (us), then of one output row. */
typedef struct
{
  const char *name;
  gsize       count;
  double      sum;
  double      max;
  double      min;
  double      mean;
  double      std;
  double      m2; /* Σ (x − mean)², to pool groups in the default mode */
  gboolean    others;
} NameStats;

enum
{
  COL_NAME,
  COL_SUM,
  COL_MAX,
  COL_MIN,
  COL_STDDEV,
  COL_MEAN,
  COL_RANK,
  COL_COUNT, /* default mode only */
};

static int
cmp_instance (const void *a,
              const void *b)
{
  const Instance *x = a;
  const Instance *y = b;

  if (x->name != y->name)
    return x->name < y->name ? -1 : 1;
  return (x->row > y->row) - (x->row < y->row);
}

/* sum descending; equal sums by name, so the result never depends on the
 * sort algorithm (HTA's sort is not stable) */
static int
cmp_by_sum (const void *a,
            const void *b)
{
  const NameStats *x = a;
  const NameStats *y = b;

  if (x->sum != y->sum)
    return x->sum > y->sum ? -1 : 1;
  return strcmp (x->name, y->name);
}

static int
cmp_by_name (const void *a,
             const void *b)
{
  const NameStats *x = a;
  const NameStats *y = b;

  return strcmp (x->name, y->name);
}

/* sum, max, min, mean and sample std of @values (us); std of one value is 0
 * (HTA fills the missing std with 0) */
static void
stats_of_values (const double *values,
                 gsize         n,
                 NameStats    *out)
{
  double sum = 0, m2 = 0;

  out->count = n;
  out->max = -INFINITY;
  out->min = INFINITY;
  for (gsize i = 0; i < n; i++)
    {
      sum += values[i];
      out->max = MAX (out->max, values[i]);
      out->min = MIN (out->min, values[i]);
    }
  out->sum = sum;
  out->mean = sum / (double)n;
  for (gsize i = 0; i < n; i++)
    m2 += (values[i] - out->mean) * (values[i] - out->mean);
  out->m2 = m2;
  out->std = n > 1 ? sqrt (m2 / (double)(n - 1)) : 0.0;
}

static gboolean
allowlisted (const char        *name,
             const char *const *patterns)
{
  /* HTA escapes the patterns: a literal substring test (docs/analyses.md §4.1) */
  for (guint i = 0; patterns != NULL && patterns[i] != NULL; i++)
    if (strstr (name, patterns[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* Spec §3.2 step 3 (via §4.1): the `others` row. HTA aggregates the
 * per-name sums; the default mode pools the member instances. */
static void
merge_others (const NameStats *names,
              gsize            n,
              gboolean         hta,
              double          *scratch,
              NameStats       *out)
{
  gsize k = 0;

  if (hta)
    {
      for (gsize i = 0; i < n; i++)
        if (names[i].others)
          scratch[k++] = names[i].sum;
      stats_of_values (scratch, k, out);
    }
  else
    {
      double sum = 0, m2 = 0;
      gsize  count = 0;

      out->max = -INFINITY;
      out->min = INFINITY;
      for (gsize i = 0; i < n; i++)
        if (names[i].others)
          {
            sum += names[i].sum;
            count += names[i].count;
            out->max = MAX (out->max, names[i].max);
            out->min = MIN (out->min, names[i].min);
          }
      out->count = count;
      out->sum = sum;
      out->mean = sum / (double)count;
      for (gsize i = 0; i < n; i++)
        if (names[i].others)
          m2 += names[i].m2 + (double)names[i].count * (names[i].mean - out->mean) * (names[i].mean - out->mean);
      out->m2 = m2;
      out->std = count > 1 ? sqrt (m2 / (double)(count - 1)) : 0.0;
    }
  out->name = OTHERS;
  out->others = TRUE;
}

static void
append_stats_row (HpTable         *table,
                  gboolean         with_count,
                  int              rank,
                  const NameStats *s)
{
  guint row = hp_table_append_row (table);

  hp_table_set_string (table, row, COL_NAME, s->name);
  hp_table_set_double (table, row, COL_SUM, s->sum);
  hp_table_set_double (table, row, COL_MAX, s->max);
  hp_table_set_double (table, row, COL_MIN, s->min);
  hp_table_set_double (table, row, COL_STDDEV, s->std);
  hp_table_set_double (table, row, COL_MEAN, s->mean);
  hp_table_set_int (table, row, COL_RANK, rank);
  if (with_count)
    hp_table_set_int (table, row, COL_COUNT, (gint64)s->count);
}

/* Spec §4.1 for one rank and one annotation kind. */
static gboolean
breakdown_rank (HpTrace                *trace,
                const HpRank           *r,
                HpEventKind             kind,
                const HpAnalysisParams *params,
                HpTable                *table,
                GCancellable           *cancellable,
                GError                **error)
{
  gboolean              hta = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  g_autofree Instance  *instances = NULL;
  g_autofree NameStats *names = NULL;
  g_autofree double    *values = NULL;
  g_autofree double    *cumsum = NULL;
  gsize                 n = 0, n_names = 0, n_out = 0, num_kernels;
  gboolean              any_others = FALSE;
  double                running = 0;
  NameStats             others = { 0 };

  for (guint row = 0; row < r->n_rows; row++)
    {
      guint e = r->rows[row];

      if (hp_analysis_check_cancelled (cancellable, row, error))
        return FALSE;
      if (r->kind[e] != kind)
        continue;
      if (instances == NULL)
        instances = g_new (Instance, r->n_rows - row);
      instances[n].name = r->name[e];
      instances[n].row = row;
      instances[n].dur = hp_rank_dur (r, e);
      n++;
    }
  if (n == 0)
    return TRUE;

  /* step 1: per name, over its instances in row order */
  qsort (instances, n, sizeof *instances, cmp_instance);
  values = g_new (double, n);
  names = g_new0 (NameStats, n);
  for (gsize first = 0; first < n;)
    {
      gsize last = first;

      while (last < n && instances[last].name == instances[first].name)
        {
          values[last - first] = hp_ns_to_us (instances[last].dur);
          last++;
        }
      stats_of_values (values, last - first, &names[n_names]);
      names[n_names].name = hp_trace_get_string (trace, instances[first].name);
      n_names++;
      first = last;
    }

  /* steps 2–3: the names beyond num_kernels or the duration ratio become
   * "others", unless allowlisted */
  num_kernels = (gsize)hp_analysis_params_get_int (params, &hp_user_annotation_num_kernels_spec);
  if (n_names > num_kernels)
    {
      qsort (names, n_names, sizeof *names, cmp_by_sum);
      cumsum = g_new (double, n_names);
      for (gsize i = 0; i < n_names; i++)
        {
          running += names[i].sum;
          cumsum[i] = running;
          values[i] = running;
        }
      hp_sort_doubles (values, n_names);
      {
        double             q = hp_quantile_sorted (values, n_names,
                                                   hp_analysis_params_get_double (params, &hp_user_annotation_duration_ratio_spec));
        const char *const *allowlist = hp_analysis_params_get_strv (params, &hp_user_annotation_allowlist_patterns_spec);

        for (gsize i = 0; i < n_names; i++)
          {
            names[i].others = (cumsum[i] > q || i >= num_kernels) && !allowlisted (names[i].name, allowlist);
            /* a real annotation called "others" lands in the same row */
            if (g_str_equal (names[i].name, OTHERS))
              names[i].others = TRUE;
            any_others |= names[i].others;
          }
      }

      /* HTA re-groups every row, so a kept name shows its total as max,
       * min and mean with a 0 std (docs/analyses.md §3.2 quirk) */
      for (gsize i = 0; hta && i < n_names; i++)
        if (!names[i].others)
          {
            names[i].max = names[i].min = names[i].mean = names[i].sum;
            names[i].std = 0;
          }
    }

  /* the surviving names, then others, sorted by name */
  if (any_others)
    merge_others (names, n_names, hta, values, &others);
  for (gsize i = 0; i < n_names; i++)
    if (!names[i].others)
      names[n_out++] = names[i];
  if (any_others)
    names[n_out++] = others;
  qsort (names, n_out, sizeof *names, cmp_by_name);
  for (gsize i = 0; i < n_out; i++)
    append_stats_row (table, !hta, r->rank, &names[i]);
  return TRUE;
}

static HpTable *
new_breakdown_table (const char *name,
                     const char *title,
                     gboolean    with_count)
{
  HpTable *table = hp_table_new (name, title);

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "sum (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "max (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "min (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "stddev", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "mean (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  if (with_count)
    hp_table_add_column (table, "count", HP_COLUMN_INT, NULL);
  return table;
}

/**
 * hp_user_annotation_breakdown_compute:
 * @trace: a loaded trace
 * @params: the analysis parameters: ranks, `annotation_num_kernels`,
 *   `annotation_duration_ratio` and `allowlist_patterns`
 * @tables: (element-type HpTable): where `user_annotation_breakdown_gpu` then
 *   `user_annotation_breakdown_cpu` are appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Time spent in each user annotation (`record_function` range), per rank
 * (docs/analyses.md §4.1): sum, max, min, standard deviation and mean of the
 * durations of the annotations of each name. The first table is about the
 * annotations drawn on the GPU rows (`gpu_user_annotation`, HTA's
 * `use_gpu_annotation=True`), the second about the CPU-side ranges
 * (`user_annotation`, including `ProfilerStep#N`). A table is only made when
 * its category occurs in the trace (HTA returns None otherwise); the other
 * table's note then says so, and a trace with neither gives no table.
 *
 * When a rank has more names than `annotation_num_kernels`, the names past
 * that position or past `annotation_duration_ratio` of the cumulated time
 * are merged into one `others` row, except names containing one of the
 * `allowlist_patterns` (literal substrings). In HTA-compatibility mode the
 * statistics are then HTA's, taken over the per-name totals (docs/analyses.md §3.2
 * quirk); the default mode keeps per-instance statistics, pools the
 * instances for `others`, and adds a `count` column.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK,
 *   %HP_ANALYSIS_ERROR_INVALID_PARAMETER, or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_user_annotation_breakdown_compute (HpTrace                *trace,
                                      const HpAnalysisParams *params,
                                      GPtrArray              *tables,
                                      GCancellable           *cancellable,
                                      GError                **error)
{
  static const struct
  {
    const char *category;
    HpEventKind kind;
    const char *table;
    const char *title;
  } kinds[] = {
    { "gpu_user_annotation", HP_EVENT_KIND_GPU_ANNOTATION,
      "user_annotation_breakdown_gpu", N_ ("GPU user annotation breakdown") },
    { "user_annotation", HP_EVENT_KIND_USER_ANNOTATION,
      "user_annotation_breakdown_cpu", N_ ("CPU user annotation breakdown") },
  };
  g_autoptr (GPtrArray) ranks = NULL;
  HpTable *made[G_N_ELEMENTS (kinds)] = { NULL };
  gboolean hta;
  int      num_kernels;
  double   ratio;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  num_kernels = hp_analysis_params_get_int (params, &hp_user_annotation_num_kernels_spec);
  ratio = hp_analysis_params_get_double (params, &hp_user_annotation_duration_ratio_spec);
  if (num_kernels < 0 || !(ratio >= 0 && ratio <= 1))
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "annotation_num_kernels must be ≥ 0 and annotation_duration_ratio in [0, 1] "
                   "(got %d and %g)",
                   num_kernels, ratio);
      return FALSE;
    }

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;
  hta = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr (HpTable) table = NULL;

      if (!hp_trace_has_category (trace, kinds[i].category))
        continue;
      table = new_breakdown_table (kinds[i].table, kinds[i].title, !hta);
      for (guint k = 0; k < ranks->len; k++)
        if (!breakdown_rank (trace, g_ptr_array_index (ranks, k), kinds[i].kind, params,
                             table, cancellable, error))
          {
            for (guint j = 0; j < i; j++)
              g_clear_pointer (&made[j], hp_table_unref);
            return FALSE;
          }
      made[i] = g_steal_pointer (&table);
    }

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      guint other = 1 - i;

      if (made[i] == NULL)
        continue;
      if (made[other] == NULL)
        {
          g_autofree char *note = g_strdup_printf ("The trace has no %s events, so there is no %s table.",
                                                   kinds[other].category, kinds[other].table);

          hp_table_set_note (made[i], note);
        }
      g_ptr_array_add (tables, made[i]);
    }
  return TRUE;
}

/* its parameters, kept in the parameters' bag */
const HpParamSpec hp_user_annotation_use_gpu_annotation_spec = { "use_gpu_annotation", HP_PARAM_BOOLEAN, HP_PARAM_IN_BAG, TRUE, 0, 1, NULL, N_ ("GPU annotations"), "User annotations: measure the GPU-side ranges (true)", "BOOL", N_ ("Measure the GPU side of the annotated ranges rather than the CPU side") };
const HpParamSpec hp_user_annotation_num_kernels_spec = { "annotation_num_kernels", HP_PARAM_INT, HP_PARAM_IN_BAG, 1000, 1, G_MAXINT, NULL, N_ ("Annotations shown"), "User annotations: named annotations (1000)", "N", N_ ("At most this many annotations are listed by name; the rest are grouped as others") };
const HpParamSpec hp_user_annotation_duration_ratio_spec = { "annotation_duration_ratio", HP_PARAM_DOUBLE, HP_PARAM_IN_BAG, 0.8, 0, 1, NULL, N_ ("Annotation duration ratio"), "User annotations: cumulative duration ratio (0.8)", "R", N_ ("Annotations are listed by name until their running total reaches this share of the time") };
const HpParamSpec hp_user_annotation_allowlist_patterns_spec = { "allowlist_patterns", HP_PARAM_STRING_LIST, HP_PARAM_IN_BAG, 0, 0, 0, NULL, N_ ("Always shown"), "User annotations: comma-separated names never folded into others", "LIST", N_ ("Annotations never folded into others, separated by commas") };

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_user_annotation_analysis = {
  .name = HP_USER_ANNOTATION_ANALYSIS,
  .title = N_ ("User annotation breakdown"),
  .section = "§4.1",
  .func = hp_user_annotation_breakdown_compute,
  .in_default_set = TRUE,
  .cost = 1,
  .tables = HP_STRV (HP_USER_ANNOTATION_GPU_TABLE, HP_USER_ANNOTATION_CPU_TABLE),
  .needs = HP_ANALYSIS_NEEDS_ANNOTATION,
  .specs = (const HpParamSpec *const[]){ &hp_user_annotation_use_gpu_annotation_spec, &hp_user_annotation_num_kernels_spec, &hp_user_annotation_duration_ratio_spec, &hp_user_annotation_allowlist_patterns_spec, NULL },
};
