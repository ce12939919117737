/* hp-compare.c — N runs side by side: one table per question, a row per run and rank or per op.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-comm-comp-overlap.h"
#include "hp-compare.h"
#include "hp-core-private.h"
#include "hp-idle-time.h"
#include "hp-job-info.h"
#include "hp-kernel-breakdown.h"
#include "hp-memory.h"
#include "hp-rank-access.h"
#include "hp-stats.h"
#include "hp-temporal-breakdown.h"
#include "hp-step-figures.h"
#include "hp-trace-diff.h"

/* the analyses whose tables are compared, as `report` runs them */
static const struct
{
  const char *analysis;
  const char *table;
  const char *name;
  const char *title;
} compared[] = {
  { HP_TEMPORAL_BREAKDOWN_ANALYSIS, HP_TEMPORAL_BREAKDOWN_TABLE, "compare_temporal_breakdown", "Temporal breakdown per run" },
  { HP_KERNEL_BREAKDOWN_ANALYSIS, HP_KERNEL_BREAKDOWN_TYPE_TABLE, "compare_kernel_type", "Kernel types per run" },
  { HP_COMM_COMP_OVERLAP_ANALYSIS, HP_COMM_COMP_OVERLAP_TABLE, "compare_comm_comp_overlap",
    "Communication/computation overlap per run" },
  { HP_IDLE_TIME_ANALYSIS, HP_IDLE_TIME_TABLE, "compare_idle_time", "Idle time per run" },
  { HP_MEMORY_ANALYSIS, HP_MEMORY_SUMMARY_TABLE, "compare_memory", "Memory per run, rank and device" },
};

/* the position of the memory analysis in compared[] */
#define MEMORY_ANALYSIS 4

/* communication kernels listed per run */
#define TOP_COLLECTIVES 10

static void
copy_cell (HpTable *to,
           guint    to_row,
           guint    to_col,
           HpTable *from,
           guint    from_row,
           guint    from_col)
{
  HpColumnType from_type = hp_table_get_column_type (from, from_col);
  HpColumnType to_type = hp_table_get_column_type (to, to_col);

  if (hp_table_is_null (from, from_row, from_col))
    hp_table_set_null (to, to_row, to_col);
  else if (to_type == HP_COLUMN_STRING)
    {
      g_autofree char *text = hp_table_format_cell (from, from_row, from_col);

      hp_table_set_string (to, to_row, to_col, text);
    }
  else if (from_type == HP_COLUMN_STRING)
    hp_table_set_null (to, to_row, to_col);
  else if (to_type == HP_COLUMN_INT && from_type == HP_COLUMN_INT)
    hp_table_set_int (to, to_row, to_col, hp_table_get_int (from, from_row, from_col));
  else if (to_type == HP_COLUMN_INT)
    hp_table_set_int (to, to_row, to_col, (gint64)hp_table_get_double (from, from_row, from_col));
  else if (from_type == HP_COLUMN_INT)
    hp_table_set_double (to, to_row, to_col, (double)hp_table_get_int (from, from_row, from_col));
  else
    hp_table_set_double (to, to_row, to_col, hp_table_get_double (from, from_row, from_col));
}

/**
 * hp_table_stack_labelled:
 * @tables: (array length=n_tables): one table per run (NULL entries are
 *   skipped)
 * @labels: (array length=n_tables): the runs' labels
 *
 * Stacks the tables of several runs under a first column `label`; the
 * columns are the union of the tables' columns in order of appearance (a
 * column one run lacks is null there).
 *
 * Returns: (transfer full): the stacked table
 */
HpTable *
hp_table_stack_labelled (const char        *name,
                         const char        *title,
                         HpTable *const    *tables,
                         const char *const *labels,
                         guint              n_tables)
{
  HpTable *out = hp_table_new (name, title);

  hp_table_add_column (out, "label", HP_COLUMN_STRING, NULL);
  for (guint t = 0; t < n_tables; t++)
    for (guint c = 0; tables[t] != NULL && c < hp_table_get_n_columns (tables[t]); c++)
      if (hp_table_find_column (out, hp_table_get_column_name (tables[t], c)) < 0)
        hp_table_add_column (out, hp_table_get_column_name (tables[t], c), hp_table_get_column_type (tables[t], c),
                             hp_table_get_column_unit (tables[t], c));

  for (guint t = 0; t < n_tables; t++)
    {
      HpTable          *table = tables[t];
      g_autofree guint *map = NULL;

      if (table == NULL)
        continue;
      map = g_new (guint, MAX (hp_table_get_n_columns (table), 1));
      for (guint c = 0; c < hp_table_get_n_columns (table); c++)
        map[c] = (guint)hp_table_find_column (out, hp_table_get_column_name (table, c));
      for (guint row = 0; row < hp_table_get_n_rows (table); row++)
        {
          guint out_row = hp_table_append_row (out);

          hp_table_set_string (out, out_row, 0, labels[t]);
          for (guint c = 1; c < hp_table_get_n_columns (out); c++)
            hp_table_set_null (out, out_row, c);
          for (guint c = 0; c < hp_table_get_n_columns (table); c++)
            copy_cell (out, out_row, map[c], table, row, c);
        }
    }

  return out;
}

/**
 * hp_compare_sum:
 * @label: (nullable): the run whose rows count (the first column is
 *   `label`), or %NULL for every row
 * @column: a numeric column
 *
 * Returns: the sum of @column over those rows, nulls skipped; NaN when
 *   there is no such column
 */
double
hp_compare_sum (HpTable    *table,
                const char *label,
                const char *column)
{
  int    c = table != NULL ? hp_table_find_column (table, column) : -1;
  double sum = 0;

  if (c < 0 || hp_table_get_column_type (table, (guint)c) == HP_COLUMN_STRING)
    return NAN;
  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      double v = hp_table_get_double (table, row, (guint)c);

      if (!isnan (v) && (label == NULL || g_strcmp0 (hp_table_get_string (table, row, 0), label) == 0))
        sum += v;
    }
  return sum;
}

/**
 * hp_table_select_rows:
 * @rows: (array length=n_rows): row indices of @table
 *
 * Returns: (transfer full): a table with @table's name, title and columns
 *   holding only @rows, in that order
 */
HpTable *
hp_table_select_rows (HpTable     *table,
                      const guint *rows,
                      guint        n_rows)
{
  HpTable *out = hp_table_new (hp_table_get_name (table), hp_table_get_title (table));

  for (guint c = 0; c < hp_table_get_n_columns (table); c++)
    hp_table_add_column (out, hp_table_get_column_name (table, c), hp_table_get_column_type (table, c),
                         hp_table_get_column_unit (table, c));
  for (guint i = 0; i < n_rows; i++)
    {
      guint row = hp_table_append_row (out);

      for (guint c = 0; c < hp_table_get_n_columns (table); c++)
        copy_cell (out, row, c, table, rows[i], c);
    }
  return out;
}

/**
 * hp_compare_step_time:
 *
 * Step time statistics per rank: the `ProfilerStep` ranges the analyses
 * see (the last, incomplete one is dropped unless the trace keeps it).
 *
 * Returns: (transfer full): `compare_step_time` rows of one run
 */
HpTable *
hp_compare_step_time (HpTrace    *trace,
                      const char *label)
{
  HpTable *table = hp_table_new (HP_COMPARE_STEP_TIME_TABLE, "Step time per run and rank");
  guint    first;

  hp_table_add_column (table, "label", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  first = hp_describe_add_columns (table, "us");

  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      const HpRank *r = hp_trace_get_rank (trace, p);
      g_autoptr (GArray) durations = g_array_new (FALSE, FALSE, sizeof (double));
      HpDescribe describe;
      guint      row;

      /* a job opened from summaries has the durations */
      if (_hp_trace_get_summary_hooks (trace) != NULL)
        {
          g_autoptr (GArray) kept = _hp_trace_get_summary_hooks (trace)->step_durations (trace, p);

          g_array_append_vals (durations, kept->data, kept->len);
        }
      for (guint k = 0; k < r->n_rows; k++)
        if (r->flags[r->rows[k]] & HP_EVENT_STEP)
          {
            double us = hp_ns_to_us (hp_rank_dur (r, r->rows[k]));

            g_array_append_val (durations, us);
          }
      hp_describe ((double *)durations->data, durations->len, &describe);
      row = hp_table_append_row (table);
      hp_table_set_string (table, row, 0, label);
      hp_table_set_int (table, row, 1, r->rank);
      hp_describe_set_row (table, row, first, &describe);
    }

  return table;
}

/* adds to compare_temporal_breakdown (default mode) the split of each
 * rank's non-compute time into communication and memory, which add up to
 * non_compute_time(us), time and share of the kernel span. Communication
 * with no computation running is |comm ∪ compute| − |compute| = |comm| −
 * |comm ∩ compute|: the exposed communication of the overlap table (so a
 * run opened from summaries splits too); the rest is memcpys, memsets and
 * other kernels. */
static void
add_non_compute_split (HpTable *temporal,
                       HpTable *overlap)
{
  int   rank_col = hp_table_find_column (temporal, "rank");
  int   span_col = hp_table_find_column (temporal, "kernel_time(us)");
  int   non_compute_col = hp_table_find_column (temporal, "non_compute_time(us)");
  int   overlap_rank_col = hp_table_find_column (overlap, "rank");
  int   comm_time_col = hp_table_find_column (overlap, "communication_time(us)");
  int   overlap_time_col = hp_table_find_column (overlap, "overlap_time(us)");
  guint comm_col, memory_col, comm_pct_col, memory_pct_col;

  if (rank_col < 0 || span_col < 0 || non_compute_col < 0 || overlap_rank_col < 0 || comm_time_col < 0 ||
      overlap_time_col < 0)
    return;
  comm_col = hp_table_add_column (temporal, "non_compute_communication_time(us)", HP_COLUMN_DOUBLE, "us");
  memory_col = hp_table_add_column (temporal, "non_compute_memory_time(us)", HP_COLUMN_DOUBLE, "us");
  comm_pct_col = hp_table_add_column (temporal, "non_compute_communication_time_pctg", HP_COLUMN_DOUBLE, "%");
  memory_pct_col = hp_table_add_column (temporal, "non_compute_memory_time_pctg", HP_COLUMN_DOUBLE, "%");
  for (guint row = 0; row < hp_table_get_n_rows (temporal); row++)
    {
      const char *label = hp_table_get_string (temporal, row, 0);
      gint64      rank = hp_table_get_int (temporal, row, (guint)rank_col);
      double      non_compute = hp_table_get_double (temporal, row, (guint)non_compute_col);
      double      span = hp_table_get_double (temporal, row, (guint)span_col);
      double      communication = 0, memory;

      /* a rank without communication has no overlap row: none of it */
      for (guint o = 0; o < hp_table_get_n_rows (overlap); o++)
        if (g_strcmp0 (hp_table_get_string (overlap, o, 0), label) == 0 &&
            hp_table_get_int (overlap, o, (guint)overlap_rank_col) == rank)
          {
            double comm = hp_table_get_double (overlap, o, (guint)comm_time_col);
            double both = hp_table_get_double (overlap, o, (guint)overlap_time_col);

            if (!isnan (comm) && !isnan (both))
              communication = comm - both;
          }
      if (isnan (non_compute))
        continue;
      communication = MIN (communication, non_compute);
      memory = non_compute - communication;
      hp_table_set_double (temporal, row, comm_col, communication);
      hp_table_set_double (temporal, row, memory_col, memory);
      if (span > 0)
        {
          hp_table_set_double (temporal, row, comm_pct_col, round (10000.0 * communication / span) / 100.0);
          hp_table_set_double (temporal, row, memory_pct_col, round (10000.0 * memory / span) / 100.0);
        }
    }
}

/**
 * hp_compare_memory_timeline:
 * @memory: the memory analysis' `memory_events_timeline` of the run
 *
 * The run's allocated and reserved memory over time, each rank's times
 * from the start of its first step (or its first event without steps), so
 * runs line up step by step as on the Timelines tab.
 *
 * Returns: (transfer full): `compare_memory_timeline` rows of one run
 */
HpTable *
hp_compare_memory_timeline (HpTrace    *trace,
                            HpTable    *memory,
                            const char *label)
{
  HpTable *table = hp_table_new (HP_COMPARE_MEMORY_TIMELINE_TABLE, "Memory over time per run, rank and device");
  int      rank_col = memory != NULL ? hp_table_find_column (memory, "rank") : -1;
  int      device_col = memory != NULL ? hp_table_find_column (memory, "device") : -1;
  int      ts_col = memory != NULL ? hp_table_find_column (memory, "ts") : -1;
  int      allocated_col = memory != NULL ? hp_table_find_column (memory, "allocated") : -1;
  int      reserved_col = memory != NULL ? hp_table_find_column (memory, "reserved") : -1;
  g_autoptr (GHashTable) starts = g_hash_table_new_full (NULL, NULL, NULL, g_free);

  hp_table_add_column (table, "label", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "device", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "ts(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "allocated", HP_COLUMN_INT, "B");
  hp_table_add_column (table, "reserved", HP_COLUMN_INT, "B");
  if (rank_col < 0 || device_col < 0 || ts_col < 0 || allocated_col < 0 || reserved_col < 0)
    return table;

  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      HpStepFigures figures;
      double       *start = g_new (double, 1);

      _hp_trace_step_figures (trace, p, &figures);
      *start = hp_ns_to_us (figures.start);
      g_hash_table_insert (starts, GINT_TO_POINTER (figures.rank), start);
    }
  for (guint row = 0; row < hp_table_get_n_rows (memory); row++)
    {
      gint64  rank = hp_table_get_int (memory, row, (guint)rank_col);
      double *start = g_hash_table_lookup (starts, GINT_TO_POINTER ((int)rank));
      guint   out = hp_table_append_row (table);

      hp_table_set_string (table, out, 0, label);
      hp_table_set_int (table, out, 1, rank);
      hp_table_set_string (table, out, 2, hp_table_get_string (memory, row, (guint)device_col));
      hp_table_set_double (table, out, 3,
                           hp_table_get_double (memory, row, (guint)ts_col) - (start != NULL ? *start : 0));
      hp_table_set_int (table, out, 4, hp_table_get_int (memory, row, (guint)allocated_col));
      if (hp_table_is_null (memory, row, (guint)reserved_col))
        hp_table_set_null (table, out, 5);
      else
        hp_table_set_int (table, out, 5, hp_table_get_int (memory, row, (guint)reserved_col));
    }
  return table;
}

/* one op across the runs */
typedef struct
{
  const char *name;
  const char *cat;
  const char *device;
  gint64     *counts;
  double     *totals;
  double      spread; /* -1: not compared (kernels across vendors) */
  GPtrArray  *names;  /* every name matched under this row's (a CUDA and a HIP call) */
} OpRow;

static void
op_row_free (gpointer data)
{
  OpRow *row = data;

  g_free (row->counts);
  g_free (row->totals);
  g_ptr_array_unref (row->names);
  g_free (row);
}

static int
cmp_op_rows (gconstpointer a,
             gconstpointer b)
{
  const OpRow *x = *(OpRow *const *)a;
  const OpRow *y = *(OpRow *const *)b;
  int          c;

  if (x->spread != y->spread)
    return x->spread > y->spread ? -1 : 1; /* rows not compared (-1) last */
  c = strcmp (x->name, y->name);
  if (c == 0)
    c = strcmp (x->cat, y->cat);
  if (c == 0)
    c = g_strcmp0 (x->device, y->device);
  return c;
}

static HpTable *
compare_ops (HpTable *const    *summaries,
             const char *const *labels,
             gboolean           mixed_hardware,
             guint              n_runs)
{
  g_autoptr (GHashTable) index = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (op_row_free);
  gboolean has_device = hp_table_find_column (summaries[0], "device") >= 0;
  HpTable *table = hp_table_new (HP_COMPARE_OPS_TABLE, "Ops per run, the largest changes first");

  for (guint run = 0; run < n_runs; run++)
    {
      HpTable *s = summaries[run];
      int      device_col = hp_table_find_column (s, "device");

      for (guint i = 0; i < hp_table_get_n_rows (s); i++)
        {
          const char *name = hp_table_get_string (s, i, 1);
          const char *cat = hp_table_get_string (s, i, 0);
          const char *device = device_col >= 0 ? hp_table_get_string (s, i, (guint)device_col) : NULL;
          /* the default mode (whose summaries have devices) matches a HIP
           * call with its CUDA twin; HTA's keying is kept otherwise */
          g_autofree char *twin =
              has_device && g_strcmp0 (cat, "cuda_runtime") == 0 ? hp_runtime_call_match_name (name) : NULL;
          g_autofree char *key = g_strdup_printf ("%s\x1f%s\x1f%s", twin != NULL ? twin : name, cat,
                                                  device != NULL ? device : "");
          OpRow           *row = g_hash_table_lookup (index, key);

          if (row == NULL)
            {
              row = g_new0 (OpRow, 1);
              row->name = name;
              row->cat = cat;
              row->device = device;
              row->counts = g_new0 (gint64, n_runs);
              row->totals = g_new0 (double, n_runs);
              row->names = g_ptr_array_new ();
              g_hash_table_insert (index, g_steal_pointer (&key), row);
              g_ptr_array_add (rows, row);
            }
          if (!g_ptr_array_find_with_equal_func (row->names, name, g_str_equal, NULL))
            g_ptr_array_add (row->names, (gpointer)name);
          row->counts[run] += hp_table_get_int (s, i, 3);
          row->totals[run] += hp_table_get_double (s, i, 4);
        }
    }
  for (guint k = 0; k < rows->len; k++)
    {
      OpRow *row = rows->pdata[k];
      double lo = row->totals[0], hi = row->totals[0];

      for (guint run = 1; run < n_runs; run++)
        {
          lo = MIN (lo, row->totals[run]);
          hi = MAX (hi, row->totals[run]);
        }
      row->spread = hi - lo;
      /* kernel names do not match across vendors: such a row is listed,
       * not compared */
      if (mixed_hardware && g_strcmp0 (row->device, "GPU") == 0)
        row->spread = -1;
    }
  g_ptr_array_sort (rows, cmp_op_rows);

  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "cat", HP_COLUMN_STRING, NULL);
  if (has_device)
    hp_table_add_column (table, "device", HP_COLUMN_STRING, NULL);
  for (guint run = 0; run < n_runs; run++)
    {
      g_autofree char *counts = g_strconcat (labels[run], "_counts", NULL);
      g_autofree char *total = g_strconcat (labels[run], "_total_duration", NULL);
      g_autofree char *mean = g_strconcat (labels[run], "_mean_duration", NULL);

      hp_table_add_column (table, counts, HP_COLUMN_INT, NULL);
      hp_table_add_column (table, total, HP_COLUMN_DOUBLE, "us");
      hp_table_add_column (table, mean, HP_COLUMN_DOUBLE, "us");
    }
  hp_table_add_column (table, "spread_duration", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "matched_names", HP_COLUMN_STRING, NULL);

  for (guint k = 0; k < rows->len; k++)
    {
      const OpRow *op = rows->pdata[k];
      guint        row = hp_table_append_row (table);
      guint        col = 0;

      hp_table_set_string (table, row, col++, op->name);
      hp_table_set_string (table, row, col++, op->cat);
      if (has_device)
        hp_table_set_string (table, row, col++, op->device);
      for (guint run = 0; run < n_runs; run++)
        {
          hp_table_set_int (table, row, col++, op->counts[run]);
          hp_table_set_double (table, row, col++, op->totals[run]);
          hp_table_set_double (table, row, col++,
                               op->counts[run] > 0 ? op->totals[run] / (double)op->counts[run] : NAN);
        }
      hp_table_set_double (table, row, col++, op->spread >= 0 ? op->spread : NAN);
      if (op->names->len > 1)
        {
          g_autofree char *matched = NULL;

          g_ptr_array_add (op->names, NULL);
          matched = g_strjoinv (" = ", (char **)op->names->pdata);
          g_ptr_array_remove_index (op->names, op->names->len - 1);
          hp_table_set_string (table, row, col++, matched);
        }
      else
        hp_table_set_string (table, row, col++, "");
    }
  if (mixed_hardware)
    hp_table_set_note (table, "the runs ran on different hardware: kernel names do not match across vendors, so "
                              "GPU ops are listed without a spread; runtime calls are matched (cuda* = hip*)");

  return table;
}

/* whether the runs ran on GPUs of different vendors (an unknown device
 * matches any) */
static gboolean
mixed_hardware (HpTrace *const *traces,
                guint           n_runs)
{
  const char *first = NULL;

  for (guint i = 0; i < n_runs; i++)
    {
      const char *type = hp_trace_get_device_type (traces[i]);

      if (type == NULL || g_str_has_prefix (type, "UNKNOWN"))
        continue;
      if (first == NULL)
        first = type;
      else if (strcmp (first, type) != 0)
        return TRUE;
    }
  return FALSE;
}

/* the analyses one at a time; a failed one gives no tables and a note */
static GPtrArray *
run_each (const HpAnalysis *const *analyses,
          guint                    n_analyses,
          HpTrace                 *trace,
          const HpAnalysisParams  *params,
          const char              *label,
          GString                **notes,
          GCancellable            *cancellable,
          GError                 **error)
{
  g_autoptr (GPtrArray) result = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);

  for (guint a = 0; a < n_analyses; a++)
    {
      g_autoptr (GError) local_error = NULL;
      GPtrArray *tables = hp_analysis_run (analyses[a], trace, params, cancellable, &local_error);

      if (tables == NULL)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            {
              g_propagate_error (error, g_steal_pointer (&local_error));
              return NULL;
            }
          if (notes[a] == NULL)
            notes[a] = g_string_new (NULL);
          g_string_append_printf (notes[a], "%s%s: %s", notes[a]->len > 0 ? "; " : "", label, local_error->message);
          tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
        }
      g_ptr_array_add (result, tables);
    }
  return g_steal_pointer (&result);
}

static HpTable *
table_of (GPtrArray  *tables,
          const char *name)
{
  for (guint i = 0; i < tables->len; i++)
    if (strcmp (hp_table_get_name (tables->pdata[i]), name) == 0)
      return tables->pdata[i];
  return NULL;
}

static HpTable *
find_table (GPtrArray  *tables,
            const char *name)
{
  for (guint i = 0; tables != NULL && i < tables->len; i++)
    if (strcmp (hp_table_get_name (tables->pdata[i]), name) == 0)
      return tables->pdata[i];
  return NULL;
}

/**
 * hp_compare_runs:
 * @traces: (array length=n_runs): the runs, 2 to 8, loaded in one mode
 * @labels: (array length=n_runs): their labels, all different
 * @params: the analyses' parameters (those of `report`)
 *
 * Runs the same analyses on every run and stacks their tables, so every
 * number is the one `report` gives for that run alone:
 * `compare_temporal_breakdown`, `compare_kernel_type`,
 * `compare_comm_comp_overlap`, `compare_idle_time`, `compare_memory` (the
 * memory analysis' `memory_summary`; `label` first, then the analysis'
 * columns), `compare_step_time` and `compare_ops` (a row per op, a column
 * group per run, the largest spread of total duration first). A run a
 * table has no rows of (no `[memory]` events) is named in its note, and a
 * run lacking ranks its job names in the note of `compare_step_time`.
 *
 * Returns: (transfer full) (element-type HpTable): the tables, or NULL with
 *   @error set (the message starts with the label of the run at fault)
 */
GPtrArray *
hp_compare_runs (HpTrace *const         *traces,
                 const char *const      *labels,
                 guint                   n_runs,
                 const HpAnalysisParams *params,
                 GCancellable           *cancellable,
                 GError                **error)
{
  const HpAnalysis *analyses[G_N_ELEMENTS (compared)];
  g_autoptr (GPtrArray) results = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);
  g_autoptr (GPtrArray) summaries = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  GString *notes[G_N_ELEMENTS (compared)] = { NULL };

  if (n_runs < 2 || n_runs > HP_COMPARE_MAX_RUNS)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "a comparison takes 2 to %d runs, not %u", HP_COMPARE_MAX_RUNS, n_runs);
      return NULL;
    }
  for (guint i = 0; i < n_runs; i++)
    {
      if (hp_trace_get_mode (traces[i]) != hp_trace_get_mode (traces[0]))
        {
          g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                       "%s: loaded in another mode than %s", labels[i], labels[0]);
          return NULL;
        }
      for (guint j = 0; j < i; j++)
        if (strcmp (labels[i], labels[j]) == 0)
          {
            g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                         "two runs are labelled '%s'", labels[i]);
            return NULL;
          }
    }
  for (guint a = 0; a < G_N_ELEMENTS (compared); a++)
    analyses[a] = hp_analysis_find (compared[a].analysis);

  for (guint i = 0; i < n_runs; i++)
    {
      GError    *local_error = NULL;
      GPtrArray *result;
      HpTable   *summary;

      result = hp_analysis_run_many (analyses, G_N_ELEMENTS (analyses), traces[i], params, 0, NULL, cancellable,
                                     &local_error);
      if (result == NULL && !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          /* one analysis has nothing to say about this run (a CPU-only
           * run has no kernels): the others still compare */
          g_clear_error (&local_error);
          result = run_each (analyses, G_N_ELEMENTS (analyses), traces[i], params, labels[i], notes, cancellable,
                             &local_error);
        }
      summary = result != NULL ? hp_trace_diff_run_summary (traces[i], cancellable, &local_error) : NULL;
      if (summary == NULL)
        {
          g_clear_pointer (&result, g_ptr_array_unref);
          g_propagate_prefixed_error (error, local_error, "%s: ", labels[i]);
          for (guint a = 0; a < G_N_ELEMENTS (notes); a++)
            if (notes[a] != NULL)
              g_string_free (notes[a], TRUE);
          return NULL;
        }
      g_ptr_array_add (results, result);
      g_ptr_array_add (summaries, summary);
    }

  for (guint a = 0; a < G_N_ELEMENTS (compared); a++)
    {
      g_autofree HpTable **tables = g_new0 (HpTable *, n_runs);

      for (guint i = 0; i < n_runs; i++)
        {
          /* hp_analysis_run_many() gives one table list per analysis */
          GPtrArray *per_run = results->pdata[i];

          tables[i] = find_table (per_run->pdata[a], compared[a].table);
        }
      g_ptr_array_add (out, hp_table_stack_labelled (compared[a].name, compared[a].title, tables, labels, n_runs));
      /* a run the table has no rows of is named, not left out silently */
      for (guint i = 0; i < n_runs; i++)
        if (tables[i] != NULL && hp_table_get_n_rows (tables[i]) == 0 && hp_table_get_note (tables[i]) != NULL)
          {
            if (notes[a] == NULL)
              notes[a] = g_string_new (NULL);
            g_string_append_printf (notes[a], "%s%s: %s", notes[a]->len > 0 ? "; " : "", labels[i],
                                    hp_table_get_note (tables[i]));
          }
      if (notes[a] != NULL)
        {
          hp_table_set_note (out->pdata[out->len - 1], notes[a]->str);
          g_string_free (notes[a], TRUE);
        }
    }

  /* compared[0] is the temporal breakdown, compared[2] the overlap */
  if (n_runs > 0 && hp_trace_get_mode (traces[0]) == HP_MODE_DEFAULT)
    add_non_compute_split (out->pdata[out->len - G_N_ELEMENTS (compared)],
                           out->pdata[out->len - G_N_ELEMENTS (compared) + 2]);
  for (guint i = 0; i < n_runs; i++)
    g_ptr_array_add (parts, hp_compare_step_time (traces[i], labels[i]));
  g_ptr_array_add (out, hp_table_concat ((HpTable **)parts->pdata, parts->len, HP_COMPARE_STEP_TIME_TABLE,
                                         "Step time per run and rank"));
  {
    /* a rank the job names without a file is said where ranks are listed */
    g_autoptr (GString) missing = g_string_new (NULL);

    for (guint i = 0; i < n_runs; i++)
      {
        g_autoptr (HpJobInfo) info = hp_job_info_new (traces[i]);
        g_autofree char *ranks = NULL;

        if (info->missing->len == 0)
          continue;
        ranks = hp_job_info_describe_ranks (info);
        g_string_append_printf (missing, "%s%s: %s", missing->len > 0 ? "; " : "", labels[i], ranks);
      }
    if (missing->len > 0)
      hp_table_set_note (out->pdata[out->len - 1], missing->str);
  }

  g_ptr_array_set_size (parts, 0);
  for (guint i = 0; i < n_runs; i++)
    {
      GPtrArray *per_run = results->pdata[i];

      g_ptr_array_add (parts, hp_compare_memory_timeline (traces[i], find_table (per_run->pdata[MEMORY_ANALYSIS], "memory_events_timeline"),
                                                          labels[i]));
    }
  g_ptr_array_add (out, hp_table_concat ((HpTable **)parts->pdata, parts->len, HP_COMPARE_MEMORY_TIMELINE_TABLE,
                                         "Memory over time per run, rank and device"));
  hp_table_set_note (out->pdata[out->len - 1], hp_table_get_note (table_of (out, "compare_memory")));
  g_ptr_array_set_size (parts, 0);
  for (guint i = 0; i < n_runs; i++)
    g_ptr_array_add (parts, hp_compare_communication (traces[i], labels[i]));
  g_ptr_array_add (out, hp_table_concat ((HpTable **)parts->pdata, parts->len, HP_COMPARE_COMMUNICATION_TABLE,
                                         "Communication per run, rank and step"));
  g_ptr_array_set_size (parts, 0);
  for (guint i = 0; i < n_runs; i++)
    g_ptr_array_add (parts, hp_compare_collectives (traces[i], labels[i], TOP_COLLECTIVES));
  g_ptr_array_add (out, hp_table_concat ((HpTable **)parts->pdata, parts->len, HP_COMPARE_COLLECTIVES_TABLE,
                                         "Communication kernels per run"));

  g_ptr_array_add (out, compare_ops ((HpTable *const *)summaries->pdata, labels, mixed_hardware (traces, n_runs),
                                     n_runs));

  return g_steal_pointer (&out);
}

/**
 * hp_compare_files_are_runs:
 * @files: (array length=n_files): what a user dropped or chose
 *
 * Several folders at once are runs to compare (a job's rank files come as
 * files, or as one folder).
 *
 * Returns: whether @files are 2 to %HP_COMPARE_MAX_RUNS folders
 */
gboolean
hp_compare_files_are_runs (GFile **files,
                           guint   n_files)
{
  if (n_files < 2 || n_files > HP_COMPARE_MAX_RUNS)
    return FALSE;
  for (guint i = 0; i < n_files; i++)
    if (g_file_query_file_type (files[i], G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
      return FALSE;
  return TRUE;
}
