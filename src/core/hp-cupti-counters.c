/* hp-cupti-counters.c — CUPTI range-profiler counters with their operators (docs/analyses.md §11).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-cupti-counters.h"
#include "hp-numpy-sort-private.h"

#define RANGE_CATEGORY "cuda_profiler_range"

/* HTA's default args (docs/trace-format.md §5) besides stream and correlation, which
 * are columns of their own: key, column, type, default */
typedef struct
{
  const char  *key;
  const char  *column;
  HpColumnType type;
  double       number;
  const char  *text;
} DefaultArg;

static const DefaultArg default_args[] = {
  { "bytes", "bytes", HP_COLUMN_INT, -1, NULL },
  { "memory bandwidth (GB/s)", "memory_bw_gbps", HP_COLUMN_DOUBLE, 0, NULL },
  { "wait_on_stream", "wait_on_stream", HP_COLUMN_INT, -1, NULL },
  { "wait_on_cuda_event_record_corr_id", "wait_on_cuda_event_record_corr_id", HP_COLUMN_INT, -1, NULL },
  { "Input Dims", "input_dims", HP_COLUMN_STRING, 0, "-1" },
  { "Input type", "input_type", HP_COLUMN_STRING, 0, "-1" },
  { "Input Strides", "input_strides", HP_COLUMN_STRING, 0, "-1" },
  { "External id", "external_id", HP_COLUMN_INT, -1, NULL },
  { "Python id", "python_id", HP_COLUMN_INT, -1, NULL },
  { "Python parent id", "python_parent_id", HP_COLUMN_INT, -1, NULL },
  { "Collective name", "collective_name", HP_COLUMN_STRING, 0, "" },
  { "In msg nelems", "in_msg_nelems", HP_COLUMN_INT, 0, NULL },
  { "Out msg nelems", "out_msg_nelems", HP_COLUMN_INT, 0, NULL },
  { "dtype", "msg_dtype", HP_COLUMN_STRING, 0, "" },
  { "Group size", "group_size", HP_COLUMN_INT, 0, NULL },
  { "Rank", "process_rank", HP_COLUMN_INT, -1, NULL },
  { "In split size", "in_split_size", HP_COLUMN_STRING, 0, "[]" },
  { "Out split size", "out_split_size", HP_COLUMN_STRING, 0, "[]" },
};

/* The columns HTA's call graph and annotation passes add to every row;
 * a range event (pid 0, tid 0) is never in the call graph, so they hold
 * their defaults (docs/analyses.md §9.1 step 1) */
static const DefaultArg graph_columns[] = {
  { NULL, "depth", HP_COLUMN_INT, -1, NULL },
  { NULL, "height", HP_COLUMN_INT, -1, NULL },
  { NULL, "parent", HP_COLUMN_INT, -1, NULL },
  { NULL, "num_kernels", HP_COLUMN_INT, 0, NULL },
  { NULL, "kernel_dur_sum", HP_COLUMN_DOUBLE, 0, NULL },
  { NULL, "kernel_span", HP_COLUMN_DOUBLE, 0, NULL },
  { NULL, "first_kernel_start", HP_COLUMN_DOUBLE, -1, NULL },
  { NULL, "last_kernel_end", HP_COLUMN_DOUBLE, -1, NULL },
  { NULL, "user_annotation", HP_COLUMN_INT, -1, NULL },
  { NULL, "s_user_annotation", HP_COLUMN_STRING, 0, "" },
};

/* FLOPs from the SASS instruction counters: an fma is two operations */
static const struct
{
  const char *metric;
  int         weight;
} flop_metrics[] = {
  { "smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", 2 },
  { "smsp__sass_thread_inst_executed_op_fmul_pred_on.sum", 1 },
  { "smsp__sass_thread_inst_executed_op_fadd_pred_on.sum", 1 },
  { "smsp__sass_thread_inst_executed_op_hfma_pred_on.sum", 2 },
  { "smsp__sass_thread_inst_executed_op_hmul_pred_on.sum", 1 },
  { "smsp__sass_thread_inst_executed_op_hadd_pred_on.sum", 1 },
  { "smsp__sass_thread_inst_executed_op_dfma_pred_on.sum", 2 },
  { "smsp__sass_thread_inst_executed_op_dmul_pred_on.sum", 1 },
  { "smsp__sass_thread_inst_executed_op_dadd_pred_on.sum", 1 },
};

/* one metric column: its arg key, and whether every value is an integer */
typedef struct
{
  char    *name;
  gboolean is_int;
  int      flop_weight; /* 0: not a FLOP counter */
  guint    column;
} Metric;

static void
metric_clear (gpointer data)
{
  g_free (((Metric *)data)->name);
}

static gboolean
is_default_key (const char *key)
{
  if (g_str_equal (key, "stream") || g_str_equal (key, "correlation"))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (default_args); i++)
    if (g_str_equal (key, default_args[i].key))
      return TRUE;
  return FALSE;
}

static gboolean
has_prefix_id (HpTrace    *trace,
               guint32     id,
               const char *prefix)
{
  const char *s = id != HP_NO_STRING ? hp_trace_get_string (trace, id) : NULL;

  return s != NULL && g_str_has_prefix (s, prefix);
}

/* the ranges and the kernel launches of a rank, each sorted by ts with
 * numpy's quicksort from table order, as HTA does */
static void
sorted_events (HpTrace      *trace,
               const HpRank *r,
               guint32       range_cat,
               GArray       *ranges,
               GArray       *launches)
{
  g_autoptr (GArray) seen = g_array_new (FALSE, TRUE, sizeof (guint8));
  GArray *sets[2] = { ranges, launches };

  g_array_set_size (seen, r->n_events);
  for (guint i = 0; i < r->n_rows; i++)
    {
      guint32 e = r->rows[i];

      if (g_array_index (seen, guint8, e))
        continue;
      g_array_index (seen, guint8, e) = 1;
      if (r->cat[e] == range_cat && range_cat != HP_NO_STRING)
        g_array_append_val (ranges, e);
      else if (has_prefix_id (trace, r->cat[e], "cuda_runtime") && has_prefix_id (trace, r->name[e], "cudaLaunchKernel"))
        g_array_append_val (launches, e);
    }
  for (guint s = 0; s < 2; s++)
    {
      GArray             *set = sets[s];
      g_autofree gint64  *keys = g_new (gint64, set->len + 1);
      g_autofree guint32 *order = g_new (guint32, set->len + 1);
      g_autofree guint32 *copy = set->len > 0 ? g_memdup2 (set->data, set->len * sizeof (guint32)) : NULL;

      for (guint i = 0; i < set->len; i++)
        keys[i] = r->ts[g_array_index (set, guint32, i)];
      _hp_numpy_argsort (keys, order, set->len);
      for (guint i = 0; i < set->len; i++)
        g_array_index (set, guint32, i) = copy[order[i]];
    }
}

/* The cpu_op events enclosing a launch, outermost first (by start, then
 * depth), joined with " > "; the first and last are the top- and
 * bottom-level ops */
static char *
op_stack (HpTrace      *trace,
          const HpRank *r,
          guint32       launch,
          guint32       cpu_op_cat,
          gboolean      compat,
          char        **top,
          char        **bottom)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  GString *out = g_string_new (NULL);

  /* the parent chain is innermost first: walk it, then reverse; starts
   * only grow inwards, so this is HTA's order by ts with ties outer first */
  for (gint32 p = r->parent[launch]; p >= 0; p = r->parent[p])
    if (compat ? r->cat[p] == cpu_op_cat && cpu_op_cat != HP_NO_STRING : r->kind[p] == HP_EVENT_KIND_CPU_OP)
      g_ptr_array_add (names, (gpointer)hp_trace_get_string (trace, r->name[p]));
  for (guint i = names->len; i > 0; i--)
    {
      if (out->len > 0)
        g_string_append (out, " > ");
      g_string_append (out, names->pdata[i - 1]);
    }
  *top = g_strdup (names->len > 0 ? names->pdata[names->len - 1] : "");
  *bottom = g_strdup (names->len > 0 ? names->pdata[0] : "");
  return g_string_free (out, FALSE);
}

/* Metric columns: every arg key of the range events that is not one of
 * HTA's default args, in order of first appearance */
static GArray *
find_metrics (HpTrace   *trace,
              GPtrArray *ranks,
              guint32    range_cat)
{
  GArray *metrics = g_array_new (FALSE, TRUE, sizeof (Metric));
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);

  g_array_set_clear_func (metrics, metric_clear);
  for (guint k = 0; k < ranks->len; k++)
    {
      const HpRank *r = ranks->pdata[k];

      for (guint i = 0; i < r->n_rows; i++)
        {
          guint32    e = r->rows[i];
          HpArgIter  it;
          HpArgValue v;

          if (r->cat[e] != range_cat || !hp_rank_args_iter_init (r, e, &it))
            continue;
          while (hp_rank_args_iter_next (&it, &v))
            {
              const char *key = hp_rank_get_arg_key_name (r, v.key);
              gpointer    found;

              if (key == NULL || is_default_key (key))
                continue;
              found = g_hash_table_lookup (index, key);
              if (found == NULL)
                {
                  Metric m = { g_strdup (key), TRUE, 0, 0 };

                  for (guint f = 0; f < G_N_ELEMENTS (flop_metrics); f++)
                    if (g_str_equal (key, flop_metrics[f].metric))
                      m.flop_weight = flop_metrics[f].weight;
                  g_array_append_val (metrics, m);
                  found = GUINT_TO_POINTER (metrics->len);
                  g_hash_table_insert (index, g_array_index (metrics, Metric, metrics->len - 1).name, found);
                }
              if (v.type != HP_ARG_INT)
                g_array_index (metrics, Metric, GPOINTER_TO_UINT (found) - 1).is_int = FALSE;
            }
        }
    }
  /* the index points into the array's names: keys stay valid until the
   * hash table goes */
  return metrics;
}

typedef struct
{
  int base;  /* columns before the default args */
  int dargs; /* first default-arg column */
  int index_correlation, iteration, end, graph, index_runtime, op_stack, top, bottom, flops, paired_by;
} Columns;

static HpTable *
new_table (GArray  *metrics,
           gboolean extras,
           Columns *cols)
{
  HpTable *table = hp_table_new ("cupti_counter_data_with_operators", N_ ("CUPTI counters with their operators"));

  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "index", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "cat", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "pid", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "tid", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "ts", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "dur", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "stream", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "correlation", HP_COLUMN_INT, NULL);
  cols->dargs = (int)hp_table_get_n_columns (table);
  for (guint i = 0; i < G_N_ELEMENTS (default_args); i++)
    hp_table_add_column (table, default_args[i].column, default_args[i].type, NULL);
  for (guint m = 0; m < metrics->len; m++)
    {
      Metric *metric = &g_array_index (metrics, Metric, m);

      metric->column = hp_table_add_column (table, metric->name, metric->is_int ? HP_COLUMN_INT : HP_COLUMN_DOUBLE, NULL);
    }
  cols->index_correlation = (int)hp_table_add_column (table, "index_correlation", HP_COLUMN_INT, NULL);
  cols->iteration = (int)hp_table_add_column (table, "iteration", HP_COLUMN_INT, NULL);
  cols->end = (int)hp_table_add_column (table, "end", HP_COLUMN_DOUBLE, "us");
  cols->graph = (int)hp_table_get_n_columns (table);
  for (guint i = 0; i < G_N_ELEMENTS (graph_columns); i++)
    hp_table_add_column (table, graph_columns[i].column, graph_columns[i].type, NULL);
  cols->index_runtime = (int)hp_table_add_column (table, "index_runtime", HP_COLUMN_INT, NULL);
  cols->op_stack = (int)hp_table_add_column (table, "op_stack", HP_COLUMN_STRING, NULL);
  cols->top = (int)hp_table_add_column (table, "top_level_op", HP_COLUMN_STRING, NULL);
  cols->bottom = (int)hp_table_add_column (table, "bottom_level_op", HP_COLUMN_STRING, NULL);
  cols->flops = (int)hp_table_add_column (table, "flops", HP_COLUMN_DOUBLE, NULL);
  cols->paired_by = extras ? (int)hp_table_add_column (table, "paired_by", HP_COLUMN_STRING, NULL) : -1;
  return table;
}

static void
set_default_cell (HpTable          *table,
                  guint             row,
                  guint             column,
                  const DefaultArg *d)
{
  switch (d->type)
    {
    case HP_COLUMN_INT:
      hp_table_set_int (table, row, column, (gint64)d->number);
      break;
    case HP_COLUMN_DOUBLE:
      hp_table_set_double (table, row, column, d->number);
      break;
    case HP_COLUMN_STRING:
    default:
      hp_table_set_string (table, row, column, d->text);
      break;
    }
}

/* The event's columns besides the pairing: HTA's trace columns, the
 * metrics and FLOPs */
static void
fill_range_row (HpTrace       *trace,
                const HpRank  *r,
                guint32        e,
                GArray        *metrics,
                HpTable       *table,
                guint          row,
                const Columns *cols)
{
  double   flops = 0;
  gboolean any_flop = FALSE;

  hp_table_set_int (table, row, 0, r->rank);
  hp_table_set_int (table, row, 1, r->index[e]);
  hp_table_set_string (table, row, 2, hp_trace_get_string (trace, r->cat[e]));
  hp_table_set_string (table, row, 3, hp_trace_get_string (trace, r->name[e]));
  hp_table_set_int (table, row, 4, hp_rank_pid (r, e));
  hp_table_set_int (table, row, 5, hp_rank_tid (r, e));
  hp_table_set_double (table, row, 6, hp_ns_to_us (r->ts[e]));
  hp_table_set_double (table, row, 7, hp_ns_to_us (hp_rank_dur (r, e)));
  hp_table_set_int (table, row, 8, hp_rank_stream (r, e));
  hp_table_set_int (table, row, 9, hp_rank_correlation (r, e));

  for (guint i = 0; i < G_N_ELEMENTS (default_args); i++)
    {
      const DefaultArg *d = &default_args[i];
      guint             column = (guint)cols->dargs + i;
      guint32           key = hp_rank_lookup_arg_key (r, d->key);
      HpArgValue        v;

      if (key == HP_NO_STRING || !hp_rank_get_arg (r, e, key, &v) || v.type == HP_ARG_NULL)
        set_default_cell (table, row, column, d);
      else if (d->type == HP_COLUMN_STRING)
        {
          g_autofree char *text = hp_arg_value_to_string (&v);

          hp_table_set_string (table, row, column, text);
        }
      else if (d->type == HP_COLUMN_INT && v.type == HP_ARG_INT)
        hp_table_set_int (table, row, column, v.i);
      else if (d->type == HP_COLUMN_DOUBLE && (v.type == HP_ARG_INT || v.type == HP_ARG_DOUBLE))
        hp_table_set_double (table, row, column, v.d);
      else
        set_default_cell (table, row, column, d);
    }

  for (guint m = 0; m < metrics->len; m++)
    {
      const Metric *metric = &g_array_index (metrics, Metric, m);
      guint32       key = hp_rank_lookup_arg_key (r, metric->name);
      HpArgValue    v;
      gboolean      have = key != HP_NO_STRING && hp_rank_get_arg (r, e, key, &v) &&
                      (v.type == HP_ARG_INT || v.type == HP_ARG_DOUBLE);

      /* a metric the range lacks: HTA's default for them, −1 */
      if (metric->is_int)
        hp_table_set_int (table, row, metric->column, have ? v.i : -1);
      else
        hp_table_set_double (table, row, metric->column, have ? v.d : -1);
      if (have && metric->flop_weight > 0)
        {
          flops += v.d * metric->flop_weight;
          any_flop = TRUE;
        }
    }

  hp_table_set_int (table, row, (guint)cols->index_correlation,
                    r->partner[e] >= 0 ? (gint64)r->index[r->partner[e]] : -1);
  hp_table_set_int (table, row, (guint)cols->iteration, hp_rank_iteration (r, e));
  hp_table_set_double (table, row, (guint)cols->end, hp_ns_to_us (hp_rank_end (r, e)));
  for (guint i = 0; i < G_N_ELEMENTS (graph_columns); i++)
    set_default_cell (table, row, (guint)cols->graph + i, &graph_columns[i]);
  if (any_flop)
    hp_table_set_double (table, row, (guint)cols->flops, flops);
  else
    hp_table_set_null (table, row, (guint)cols->flops);
}

typedef enum
{
  PAIR_NONE,
  PAIR_CORRELATION,
  PAIR_ORDER,
} Pairing;

static const char *const pairing_names[] = { NULL, "correlation", "order" };

/**
 * hp_cupti_counters_compute:
 * @trace: a loaded trace
 * @params: the rank selection
 * @tables: (element-type HpTable): where the
 *   `cupti_counter_data_with_operators` table is appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * HTA's `get_cupti_counter_data_with_operators()` (docs/analyses.md §11): one
 * row per CUPTI range-profiler record (`cuda_profiler_range`), with HTA's
 * trace columns, one column per counter, the kernel launch it belongs to
 * (`index_runtime`) and the PyTorch ops around that launch (`op_stack`
 * joined with " > ", `top_level_op`, `bottom_level_op`). The `flops`
 * column adds HTA's FLOP helper: the SASS fma counters twice, the add and
 * mul counters once (empty when the trace has none of them).
 *
 * HTA pairs the i-th range by time with the i-th `cudaLaunchKernel…` by
 * time and skips a rank where their numbers differ. The default mode pairs
 * a range with the launch of the same correlation when ranges carry one,
 * by order otherwise, and keeps a rank whose counts differ: its ranges are
 * listed unpaired (empty ops), and `paired_by` says how each row was
 * paired.
 *
 * Without `cuda_profiler_range` events the table is empty, with a note.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK
 *   or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_cupti_counters_compute (HpTrace                *trace,
                           const HpAnalysisParams *params,
                           GPtrArray              *tables,
                           GCancellable           *cancellable,
                           GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  g_autoptr (GArray) metrics = NULL;
  g_autoptr (HpTable) table = NULL;
  g_autoptr (GString) skipped = g_string_new (NULL);
  guint32  range_cat, cpu_op_cat;
  gboolean compat;
  Columns  cols;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;
  range_cat = hp_trace_lookup_string (trace, RANGE_CATEGORY);
  compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  if (range_cat == HP_NO_STRING || !hp_trace_has_category (trace, RANGE_CATEGORY))
    {
      /* HTA returns no table (with a warning): an empty one says why */
      metrics = g_array_new (FALSE, TRUE, sizeof (Metric));
      table = new_table (metrics, !compat, &cols);
      hp_table_set_note (table, "no cuda_profiler_range events: the trace was not recorded with the CUPTI "
                                "range profiler");
      g_ptr_array_add (tables, g_steal_pointer (&table));
      return TRUE;
    }
  cpu_op_cat = hp_trace_lookup_string (trace, "cpu_op");
  metrics = find_metrics (trace, ranks, range_cat);
  table = new_table (metrics, !compat, &cols);

  for (guint k = 0; k < ranks->len; k++)
    {
      const HpRank *r = ranks->pdata[k];
      g_autoptr (GArray) ranges = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_autoptr (GArray) launches = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_autoptr (GHashTable) by_correlation = NULL;
      gboolean with_correlation = FALSE;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      sorted_events (trace, r, range_cat, ranges, launches);
      if (ranges->len == 0)
        continue;

      /* the default mode pairs by correlation when every range has one */
      if (!compat)
        {
          with_correlation = TRUE;
          for (guint i = 0; i < ranges->len && with_correlation; i++)
            with_correlation = hp_rank_correlation (r, g_array_index (ranges, guint32, i)) >= 0;
        }
      if (with_correlation)
        {
          by_correlation = g_hash_table_new (hp_int64_key_hash, g_direct_equal);
          for (guint i = 0; i < launches->len; i++)
            {
              guint32 e = g_array_index (launches, guint32, i);

              if (hp_rank_correlation (r, e) >= 0)
                g_hash_table_insert (by_correlation, HP_INT64_KEY (hp_rank_correlation (r, e)),
                                     GUINT_TO_POINTER (e + 1));
            }
        }
      else if (ranges->len != launches->len)
        {
          g_string_append_printf (skipped, "%s rank %d: %u ranges, %u kernel launches", skipped->len > 0 ? ";" : "",
                                  r->rank, ranges->len, launches->len);
          /* HTA skips the rank; the default mode lists its ranges unpaired */
          if (compat)
            continue;
        }

      for (guint i = 0; i < ranges->len; i++)
        {
          guint32 e = g_array_index (ranges, guint32, i);
          guint   row = hp_table_append_row (table);
          gint64  launch = -1;
          Pairing how = PAIR_NONE;

          fill_range_row (trace, r, e, metrics, table, row, &cols);
          if (with_correlation)
            {
              gpointer found = g_hash_table_lookup (by_correlation, HP_INT64_KEY (hp_rank_correlation (r, e)));

              if (found != NULL)
                {
                  launch = GPOINTER_TO_UINT (found) - 1;
                  how = PAIR_CORRELATION;
                }
            }
          else if (ranges->len == launches->len)
            {
              launch = g_array_index (launches, guint32, i);
              how = PAIR_ORDER;
            }

          if (launch >= 0)
            {
              g_autofree char *top = NULL;
              g_autofree char *bottom = NULL;
              g_autofree char *stack = op_stack (trace, r, (guint32)launch, cpu_op_cat, compat, &top, &bottom);

              hp_table_set_int (table, row, (guint)cols.index_runtime, r->index[launch]);
              hp_table_set_string (table, row, (guint)cols.op_stack, stack);
              hp_table_set_string (table, row, (guint)cols.top, top);
              hp_table_set_string (table, row, (guint)cols.bottom, bottom);
            }
          else
            {
              hp_table_set_null (table, row, (guint)cols.index_runtime);
              hp_table_set_null (table, row, (guint)cols.op_stack);
              hp_table_set_null (table, row, (guint)cols.top);
              hp_table_set_null (table, row, (guint)cols.bottom);
            }
          if (cols.paired_by >= 0)
            {
              if (how == PAIR_NONE)
                hp_table_set_null (table, row, (guint)cols.paired_by);
              else
                hp_table_set_string (table, row, (guint)cols.paired_by, pairing_names[how]);
            }
        }
    }

  if (skipped->len > 0)
    {
      g_autofree char *note =
          g_strdup_printf (compat ? "ranks skipped, ranges and launches do not pair up:%s"
                                  : "ranges left unpaired, their numbers differ from the launches':%s",
                           skipped->str);

      hp_table_set_note (table, note);
    }
  g_ptr_array_add (tables, g_steal_pointer (&table));
  return TRUE;
}

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_cupti_counters_analysis = {
  .name = HP_CUPTI_COUNTERS_ANALYSIS,
  .title = N_ ("CUPTI counters with their operators"),
  .section = "§11",
  .func = hp_cupti_counters_compute,
  .cost = 1,
  .tables = HP_STRV (HP_CUPTI_COUNTERS_TABLE),
  .needs = HP_ANALYSIS_NEEDS_COUNTERS,
};
