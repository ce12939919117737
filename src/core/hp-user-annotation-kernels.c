/* hp-user-annotation-kernels.c — the user annotation of each GPU kernel (docs/analyses.md §4.2).
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

/* A kernel or an annotation on its (pid, tid) row. */
typedef struct
{
  gint64  pid;
  gint64  tid;
  gint64  ts;
  gint64  end;
  guint32 row;
} Span;

static int
cmp_span_row (const Span *x,
              gint64      pid,
              gint64      tid)
{
  if (x->pid != pid)
    return x->pid < pid ? -1 : 1;
  if (x->tid != tid)
    return x->tid < tid ? -1 : 1;
  return 0;
}

static int
cmp_kernel_span (const void *a,
                 const void *b)
{
  const Span *x = a;
  const Span *y = b;
  int         c = cmp_span_row (x, y->pid, y->tid);

  if (c != 0)
    return c;
  if (x->ts != y->ts)
    return x->ts < y->ts ? -1 : 1;
  return (x->row > y->row) - (x->row < y->row);
}

/* longest first; equal durations in row order */
static int
cmp_annotation_span (const void *a,
                     const void *b)
{
  const Span *x = a;
  const Span *y = b;
  gint64      dx = x->end - x->ts;
  gint64      dy = y->end - y->ts;

  if (dx != dy)
    return dx > dy ? -1 : 1;
  return (x->row > y->row) - (x->row < y->row);
}

/* first kernel in [lo, hi) of one (pid, tid) row with ts ≥ @t */
static gsize
first_starting_at (const Span *kernels,
                   gsize       lo,
                   gsize       hi,
                   gint64      t)
{
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (kernels[mid].ts < t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * hp_user_annotation_assign_kernels:
 * @trace: a loaded trace
 * @rank: one of @trace's ranks
 *
 * The innermost GPU user annotation of every GPU kernel of @rank (docs/analyses.md
 * §4.2): each kernel (a G2 row, docs/trace-format.md §7) gets the shortest
 * `gpu_user_annotation` on its (pid, tid) row that overlaps it, half-open
 * (`kernel.ts < annotation.end` and `annotation.ts < kernel.end`). Equal
 * durations are resolved in favour of the later row, as when HTA walks
 * the annotations from the longest to the shortest and the last one wins.
 *
 * Cost: a sort of the kernels and annotations, then for each annotation the
 * kernels it overlaps; that is linear in the kernels times the nesting
 * depth of the annotations.
 *
 * Returns: (transfer full) (array): for each row of @rank (`rank->rows`), the
 *   event position of its annotation, or -1 (not a kernel, or no annotation)
 */
gint32 *
hp_user_annotation_assign_kernels (HpTrace      *trace,
                                   const HpRank *rank)
{
  const HpRank      *r = rank;
  g_autofree Span   *kernels = NULL;
  g_autofree Span   *annotations = NULL;
  g_autofree gint64 *max_end = NULL;
  gint32            *assign;
  gsize              n_kernels = 0, n_annotations = 0;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (rank != NULL, NULL);

  assign = g_new (gint32, MAX (r->n_rows, 1));
  for (guint row = 0; row < r->n_rows; row++)
    {
      guint e = r->rows[row];

      assign[row] = -1;
      if (r->kind[e] == HP_EVENT_KIND_GPU_ANNOTATION)
        n_annotations++;
      else if (r->flags[e] & HP_EVENT_G2)
        n_kernels++;
    }
  if (n_kernels == 0 || n_annotations == 0)
    return assign;

  kernels = g_new (Span, n_kernels);
  annotations = g_new (Span, n_annotations);
  n_kernels = n_annotations = 0;
  for (guint row = 0; row < r->n_rows; row++)
    {
      guint e = r->rows[row];
      Span  s = { hp_rank_pid (r, e), hp_rank_tid (r, e), r->ts[e], hp_rank_end (r, e), row };

      if (r->kind[e] == HP_EVENT_KIND_GPU_ANNOTATION)
        annotations[n_annotations++] = s;
      else if (r->flags[e] & HP_EVENT_G2)
        kernels[n_kernels++] = s;
    }
  qsort (kernels, n_kernels, sizeof *kernels, cmp_kernel_span);
  qsort (annotations, n_annotations, sizeof *annotations, cmp_annotation_span);

  /* the latest end so far on each (pid, tid) row: how far back a kernel
   * that started before an annotation can reach into it */
  max_end = g_new (gint64, n_kernels);
  for (gsize j = 0; j < n_kernels; j++)
    {
      gboolean same_row = j > 0 && cmp_span_row (&kernels[j - 1], kernels[j].pid, kernels[j].tid) == 0;

      max_end[j] = same_row ? MAX (max_end[j - 1], kernels[j].end) : kernels[j].end;
    }

  for (gsize a = 0; a < n_annotations; a++)
    {
      const Span *ann = &annotations[a];
      gint32      event = (gint32)r->rows[ann->row];
      gsize       lo = 0, hi = n_kernels, first, last;

      /* the kernels on the annotation's (pid, tid) row: [lo, hi) */
      while (lo < hi)
        {
          gsize mid = lo + (hi - lo) / 2;

          if (cmp_span_row (&kernels[mid], ann->pid, ann->tid) < 0)
            lo = mid + 1;
          else
            hi = mid;
        }
      first = lo;
      hi = n_kernels;
      while (first < hi)
        {
          gsize mid = first + (hi - first) / 2;

          if (cmp_span_row (&kernels[mid], ann->pid, ann->tid) <= 0)
            first = mid + 1;
          else
            hi = mid;
        }
      if (lo == hi)
        continue;

      /* kernels starting inside the annotation */
      first = first_starting_at (kernels, lo, hi, ann->ts);
      last = first_starting_at (kernels, first, hi, ann->end);
      for (gsize j = first; j < last; j++)
        if (kernels[j].end > ann->ts)
          assign[kernels[j].row] = event;

      /* kernels that started before it and still run at its start */
      for (gsize j = first; j > lo && max_end[j - 1] > ann->ts; j--)
        {
          const Span *k = &kernels[j - 1];

          if (k->end > ann->ts && k->ts < ann->end)
            assign[k->row] = event;
        }
    }
  return assign;
}

enum
{
  K_COL_RANK,
  K_COL_INDEX,
  K_COL_S_NAME,
  K_COL_TS,
  K_COL_DUR,
  K_COL_STREAM,
  K_COL_CORRELATION,
  K_COL_ITERATION,
  K_COL_USER_ANNOTATION,
  K_COL_S_USER_ANNOTATION,
  K_COL_S_CAT,
  K_COL_PID,
  K_COL_TID,
  K_N_COLUMNS
};

static HpTable *
new_kernels_table (gboolean expand_names,
                   gboolean string_tids)
{
  static const struct
  {
    const char  *name;
    HpColumnType type;
    const char  *unit;
    gboolean     expanded; /* only with expand_names */
  } columns[K_N_COLUMNS] = {
    { "rank", HP_COLUMN_INT, NULL, FALSE },
    { "index", HP_COLUMN_INT, NULL, FALSE },
    { "s_name", HP_COLUMN_STRING, NULL, TRUE },
    { "ts", HP_COLUMN_DOUBLE, "us", FALSE },
    { "dur", HP_COLUMN_DOUBLE, "us", FALSE },
    { "stream", HP_COLUMN_INT, NULL, FALSE },
    { "correlation", HP_COLUMN_INT, NULL, FALSE },
    { "iteration", HP_COLUMN_INT, NULL, FALSE },
    { "user_annotation", HP_COLUMN_INT, NULL, FALSE },
    { "s_user_annotation", HP_COLUMN_STRING, NULL, TRUE },
    { "s_cat", HP_COLUMN_STRING, NULL, TRUE },
    { "pid", HP_COLUMN_INT, NULL, FALSE },
    { "tid", HP_COLUMN_INT, NULL, FALSE },
  };
  HpTable *table = hp_table_new ("gpu_kernels_with_user_annotations",
                                 N_ ("GPU kernels with their user annotation"));

  /* without expand_names the s_ columns are left out, and the enum above
   * no longer gives the column numbers: callers look them up by name */
  for (guint c = 0; c < K_N_COLUMNS; c++)
    if (expand_names || !columns[c].expanded)
      hp_table_add_column (table, columns[c].name,
                           /* tids written as strings stay strings (HTA) */
                           c == K_COL_TID && string_tids ? HP_COLUMN_STRING : columns[c].type, columns[c].unit);
  return table;
}

/* The shortened name of a string id, computed once per string. */
static const char *
short_name (GHashTable *cache,
            HpTrace    *trace,
            guint32     id)
{
  const char *name;
  char       *s;

  if (id == HP_NO_STRING)
    return NULL;
  s = g_hash_table_lookup (cache, GUINT_TO_POINTER (id));
  if (s != NULL)
    return s;
  name = hp_trace_get_string (trace, id);
  s = hp_shorten_name (name);
  g_hash_table_insert (cache, GUINT_TO_POINTER (id), s);
  return s;
}

typedef struct
{
  int s_name, ts, dur, stream, correlation, iteration;
  int user_annotation, s_user_annotation, s_cat, pid, tid;
} KernelColumns;

static void
kernel_columns_init (KernelColumns *cols,
                     HpTable       *table)
{
  cols->s_name = hp_table_find_column (table, "s_name");
  cols->ts = hp_table_find_column (table, "ts");
  cols->dur = hp_table_find_column (table, "dur");
  cols->stream = hp_table_find_column (table, "stream");
  cols->correlation = hp_table_find_column (table, "correlation");
  cols->iteration = hp_table_find_column (table, "iteration");
  cols->user_annotation = hp_table_find_column (table, "user_annotation");
  cols->s_user_annotation = hp_table_find_column (table, "s_user_annotation");
  cols->s_cat = hp_table_find_column (table, "s_cat");
  cols->pid = hp_table_find_column (table, "pid");
  cols->tid = hp_table_find_column (table, "tid");
}

static void
set_optional_string (HpTable    *table,
                     guint       row,
                     int         column,
                     const char *value)
{
  if (column < 0)
    return;
  if (value == NULL)
    hp_table_set_null (table, row, column);
  else
    hp_table_set_string (table, row, column, value);
}

/**
 * hp_gpu_kernels_with_user_annotations_compute:
 * @trace: a loaded trace
 * @params: the analysis parameters: ranks, `expand_names`, `shorten_names`
 * @tables: (element-type HpTable): where `gpu_kernels_with_user_annotations`
 *   is appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Every GPU kernel (G2 row, docs/trace-format.md §7) of the selected ranks with its
 * innermost GPU user annotation (docs/analyses.md §4.2, see
 * hp_user_annotation_assign_kernels()), in row order, with a leading `rank`
 * column. `user_annotation` is the string id of the annotation's name (-1
 * for none; HTA prints its own symbol ids, which are not stable between
 * runs) and, with `expand_names`, `s_user_annotation` its name; `s_name`
 * and `s_cat` are shortened when `shorten_names` (docs/trace-format.md §14). In
 * HTA-compatibility mode `iteration` is empty where HTA leaves it null
 * (stream 0 GPU events, docs/trace-format.md §9).
 *
 * HTA returns None when the trace has no `gpu_user_annotation` event; the
 * table is then empty, with a note that says so.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK
 *   or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_gpu_kernels_with_user_annotations_compute (HpTrace                *trace,
                                              const HpAnalysisParams *params,
                                              GPtrArray              *tables,
                                              GCancellable           *cancellable,
                                              GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  g_autoptr (HpTable) table = NULL;
  g_autoptr (GHashTable) short_names = NULL;
  KernelColumns cols;
  gboolean      hta;
  gboolean      string_tids;
  guint32       cpu_op;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;

  hta = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  cpu_op = hp_trace_lookup_string (trace, "cpu_op");
  short_names = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  string_tids = hp_trace_has_string_tids (trace);
  table = new_kernels_table (hp_analysis_params_get_boolean (params, &hp_kernels_with_annotations_expand_names_spec), string_tids);
  kernel_columns_init (&cols, table);

  if (!hp_trace_has_category (trace, "gpu_user_annotation"))
    {
      hp_table_set_note (table, "The trace has no gpu_user_annotation events.");
      g_ptr_array_add (tables, g_steal_pointer (&table));
      return TRUE;
    }

  for (guint k = 0; k < ranks->len; k++)
    {
      const HpRank      *r = g_ptr_array_index (ranks, k);
      g_autofree gint32 *assign = NULL;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      assign = hp_user_annotation_assign_kernels (trace, r);

      for (guint i = 0; i < r->n_rows; i++)
        {
          guint  e = r->rows[i];
          gint32 ann = assign[i];
          guint  row;

          if (hp_analysis_check_cancelled (cancellable, i, error))
            return FALSE;
          if (!(r->flags[e] & HP_EVENT_G2) || r->kind[e] == HP_EVENT_KIND_GPU_ANNOTATION)
            continue;

          row = hp_table_append_row (table);
          hp_table_set_int (table, row, K_COL_RANK, r->rank);
          hp_table_set_int (table, row, K_COL_INDEX, r->index[e]);
          hp_table_set_double (table, row, cols.ts, hp_ns_to_us (r->ts[e]));
          hp_table_set_double (table, row, cols.dur, hp_ns_to_us (hp_rank_dur (r, e)));
          hp_table_set_int (table, row, cols.stream, hp_rank_stream (r, e));
          hp_table_set_int (table, row, cols.correlation, hp_rank_correlation (r, e));
          /* HTA leaves the iteration of stream-0 GPU events null (docs/trace-format.md §9) */
          if (hta && hp_rank_stream (r, e) == 0 && r->cat[e] != cpu_op)
            hp_table_set_null (table, row, cols.iteration);
          else
            hp_table_set_int (table, row, cols.iteration, hp_rank_iteration (r, e));
          hp_table_set_int (table, row, cols.user_annotation,
                            ann >= 0 ? (gint64)r->name[ann] : -1);
          set_optional_string (table, row, cols.s_user_annotation,
                               ann >= 0 ? hp_trace_get_string (trace, r->name[ann]) : "");
          if (hp_analysis_params_get_boolean (params, &hp_kernels_with_annotations_shorten_names_spec))
            {
              set_optional_string (table, row, cols.s_name, short_name (short_names, trace, r->name[e]));
              set_optional_string (table, row, cols.s_cat, short_name (short_names, trace, r->cat[e]));
            }
          else
            {
              set_optional_string (table, row, cols.s_name, hp_trace_get_string (trace, r->name[e]));
              set_optional_string (table, row, cols.s_cat,
                                   r->cat[e] != HP_NO_STRING ? hp_trace_get_string (trace, r->cat[e]) : NULL);
            }
          hp_table_set_int (table, row, cols.pid, hp_rank_pid (r, e));
          if (string_tids)
            {
              g_autofree char *tid = hp_trace_format_tid (trace, hp_rank_tid (r, e));

              hp_table_set_string (table, row, cols.tid, tid);
            }
          else
            hp_table_set_int (table, row, cols.tid, hp_rank_tid (r, e));
        }
    }

  g_ptr_array_add (tables, g_steal_pointer (&table));
  return TRUE;
}

/* its parameters, kept in the parameters' bag */
const HpParamSpec hp_kernels_with_annotations_expand_names_spec = { "expand_names", HP_PARAM_BOOLEAN, HP_PARAM_IN_BAG, TRUE, 0, 1, NULL, N_ ("Expand names"), "GPU kernels with user annotations: full kernel names (true)", "BOOL", N_ ("Show kernels' full names") };
const HpParamSpec hp_kernels_with_annotations_shorten_names_spec = { "shorten_names", HP_PARAM_BOOLEAN, HP_PARAM_IN_BAG, TRUE, 0, 1, NULL, N_ ("Shorten names"), "GPU kernels with user annotations: shortened kernel names (true)", "BOOL", N_ ("Show kernels' shortened names") };

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_kernels_with_annotations_analysis = {
  .name = HP_KERNELS_WITH_ANNOTATIONS_ANALYSIS,
  .title = N_ ("GPU kernels with user annotations"),
  .section = "§4.2",
  .func = hp_gpu_kernels_with_user_annotations_compute,
  .in_default_set = FALSE,
  .cost = 2,
  .tables = HP_STRV (HP_KERNELS_WITH_ANNOTATIONS_TABLE),
  .needs = HP_ANALYSIS_NEEDS_GPU | HP_ANALYSIS_NEEDS_GPU_ANNOTATION,
  .specs = (const HpParamSpec *const[]){ &hp_kernels_with_annotations_expand_names_spec, &hp_kernels_with_annotations_shorten_names_spec, NULL },
};
