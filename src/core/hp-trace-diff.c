/* hp-trace-diff.c — what changed between two runs: op summaries, compare_traces, ops_diff (spec analyses §10).
 *
 * ops_diff, read from compare_traces, lives in hp-ops-diff.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-core-private.h"
#include "hp-summary.h"
#include "hp-trace-diff-private.h"

/* the name every ProfilerStep#N range takes in the default mode, so that
 * steps match across runs whose step numbers differ */
#define STEP_NAME "ProfilerStep"

enum
{
  SUM_COL_CAT,
  SUM_COL_NAME,
  SUM_COL_SHORT_NAME,
  SUM_COL_COUNTS,
  SUM_COL_TOTAL_DURATION,
  SUM_COL_DEVICE,
};

void
hp_trace_diff_params_init (HpTraceDiffParams *params)
{
  memset (params, 0, sizeof *params);
  params->control_rank = -1;
  params->test_rank = -1;
  params->device = HP_DIFF_DEVICE_ALL;
}

void
hp_trace_diff_params_clear (HpTraceDiffParams *params)
{
  g_clear_pointer (&params->control_label, g_free);
  g_clear_pointer (&params->test_label, g_free);
  g_clear_pointer (&params->control_iterations, g_array_unref);
  g_clear_pointer (&params->test_iterations, g_array_unref);
}

/**
 * hp_diff_device_from_string:
 * @text: "all", "cpu" or "gpu" (any case)
 *
 * Returns: whether @text names a device type
 */
gboolean
hp_diff_device_from_string (const char   *text,
                            HpDiffDevice *device)
{
  static const char *const names[] = { "all", "cpu", "gpu" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (text != NULL && g_ascii_strcasecmp (text, names[i]) == 0)
      {
        *device = (HpDiffDevice)i;
        return TRUE;
      }
  return FALSE;
}

int
_hp_trace_diff_cmp_int (gconstpointer a,
                        gconstpointer b)
{
  int x = *(const int *)a;
  int y = *(const int *)b;

  return (x > y) - (x < y);
}

/* whether @event runs in one of @iterations (sorted; empty: all of them) */
gboolean
_hp_trace_diff_event_selected (GArray       *iterations,
                               const HpRank *rank,
                               guint         event)
{
  int it = (int)hp_rank_iteration (rank, event);

  return iterations->len == 0 ||
         bsearch (&it, iterations->data, iterations->len, sizeof (int), _hp_trace_diff_cmp_int) != NULL;
}

/**
 * hp_trace_diff_iterations:
 *
 * The job's iterations as LabeledTrace sees them: the numbers of every
 * `ProfilerStep#N` range on any rank, ascending and distinct.
 *
 * Returns: (transfer full) (element-type int): the iterations
 */
GArray *
hp_trace_diff_iterations (HpTrace *trace)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (int));
  guint   kept = 0;

  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      const HpRank *r = hp_trace_get_rank (trace, p);

      for (guint i = 0; i < r->n_events; i++)
        if (r->flags[i] & HP_EVENT_STEP)
          {
            int step = hp_trace_step_number (trace, r->name[i]);

            if (step >= 0)
              g_array_append_val (out, step);
          }
    }
  g_array_sort (out, _hp_trace_diff_cmp_int);
  for (guint i = 0; i < out->len; i++)
    if (kept == 0 || g_array_index (out, int, i) != g_array_index (out, int, kept - 1))
      g_array_index (out, int, kept++) = g_array_index (out, int, i);
  g_array_set_size (out, kept);

  return out;
}

static char *
join_ints (GArray *values)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < values->len; i++)
    g_string_append_printf (s, "%s%d", i > 0 ? ", " : "", g_array_index (values, int, i));
  return g_string_free (s, FALSE);
}

const HpRank *
_hp_trace_diff_select_rank (HpTrace *trace,
                            int      rank,
                            GError **error)
{
  const HpRank *r;

  if (hp_trace_get_n_ranks (trace) == 0)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, "the trace has no rank");
      return NULL;
    }
  if (rank < 0)
    return hp_trace_get_rank (trace, 0);
  r = hp_trace_find_rank (trace, rank);
  if (r == NULL)
    {
      g_autoptr (GArray) ranks = g_array_new (FALSE, FALSE, sizeof (int));
      g_autofree char *list = NULL;

      for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
        g_array_append_val (ranks, hp_trace_get_rank (trace, p)->rank);
      list = join_ints (ranks);
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK,
                   "rank %d is not in the trace (ranks: %s)", rank, list);
    }
  return r;
}

/* The sorted iterations to keep, or an empty array for the whole run. */
GArray *
_hp_trace_diff_select_iterations (HpTrace *trace,
                                  GArray  *wanted,
                                  GError **error)
{
  g_autoptr (GArray) all = hp_trace_diff_iterations (trace);
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (int));

  if (wanted == NULL || wanted->len == 0)
    {
      if (all->len > 0)
        g_array_append_val (out, g_array_index (all, int, 0));
      else if (hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT)
        {
          g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                       "the trace doesn't have any iteration (no ProfilerStep range)");
          return NULL;
        }
      return g_steal_pointer (&out);
    }

  for (guint i = 0; i < wanted->len; i++)
    {
      int it = g_array_index (wanted, int, i);

      /* an empty GArray has no data to search, not even a pointer */
      if (all->len == 0 || bsearch (&it, all->data, all->len, sizeof (int), _hp_trace_diff_cmp_int) == NULL)
        {
          g_autofree char *list = join_ints (all);

          g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                       "iteration %d is not in the trace (iterations: %s)", it,
                       all->len > 0 ? list : "none");
          return NULL;
        }
      g_array_append_val (out, it);
    }
  g_array_sort (out, _hp_trace_diff_cmp_int);

  return g_steal_pointer (&out);
}

typedef struct
{
  guint32 cat;
  guint32 name;
  guint   gpu;
  gint64  count;
  gint64  dur_ns;
} OpSum;

static int
cmp_op_sum (gconstpointer a,
            gconstpointer b,
            gpointer      data)
{
  HpTrace     *trace = data;
  const OpSum *x = a;
  const OpSum *y = b;
  int          c;

  c = strcmp (hp_trace_get_string (trace, x->cat), hp_trace_get_string (trace, y->cat));
  if (c == 0)
    c = strcmp (hp_trace_get_string (trace, x->name), hp_trace_get_string (trace, y->name));
  if (c == 0)
    c = (int)x->gpu - (int)y->gpu;
  return c;
}

static void
add_event (GHashTable   *index,
           GArray       *sums,
           const HpRank *r,
           guint         i)
{
  gboolean gpu = (r->flags[i] & HP_EVENT_G1) != 0;
  guint64  key;
  gpointer slot;
  OpSum   *sum;

  /* (gpu, cat, name) + 1 so that no key is NULL */
  key = (((guint64)gpu << 63) | ((guint64)r->cat[i] << 32) | r->name[i]) + 1;
  slot = g_hash_table_lookup (index, (gpointer)(guintptr)key);
  if (slot == NULL)
    {
      OpSum fresh = { r->cat[i], r->name[i], gpu, 0, 0 };

      g_array_append_val (sums, fresh);
      slot = GUINT_TO_POINTER (sums->len);
      g_hash_table_insert (index, (gpointer)(guintptr)key, slot);
    }
  sum = &g_array_index (sums, OpSum, GPOINTER_TO_UINT (slot) - 1);
  sum->count++;
  sum->dur_ns += hp_rank_dur (r, i);
}

static HpTable *
summary_table (HpTrace *trace,
               GArray  *sums)
{
  gboolean compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  g_autoptr (HpTable) table = NULL;
  g_autoptr (GHashTable) short_names = NULL;

  g_array_sort_with_data (sums, cmp_op_sum, trace);

  table = hp_table_new (HP_TRACE_DIFF_OPS_SUMMARY_TABLE, "Op summary");
  hp_table_add_column (table, "cat", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "short_name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "counts", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "total_duration", HP_COLUMN_DOUBLE, "us");
  if (!compat)
    hp_table_add_column (table, "device", HP_COLUMN_STRING, NULL);

  short_names = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  for (guint k = 0; k < sums->len; k++)
    {
      const OpSum *sum = &g_array_index (sums, OpSum, k);
      const char  *name = hp_trace_get_string (trace, sum->name);
      const char  *cat;
      char        *short_name;
      guint        row = hp_table_append_row (table);
      gboolean     step = !compat && hp_trace_step_number (trace, sum->name) >= 0;

      if (step)
        name = STEP_NAME;
      short_name = g_hash_table_lookup (short_names, GUINT_TO_POINTER (sum->name + 1));
      if (short_name == NULL)
        {
          short_name = hp_shorten_name (name);
          g_hash_table_insert (short_names, GUINT_TO_POINTER (sum->name + 1), short_name);
        }
      /* the default mode names categories as today's profiler does, and a
       * step range is an annotation whichever category it had */
      if (compat)
        cat = hp_trace_get_string (trace, sum->cat);
      else if (step)
        cat = "user_annotation";
      else
        cat = hp_category_canonical (hp_trace_get_string (trace, sum->cat));
      hp_table_set_string (table, row, SUM_COL_CAT, cat);
      hp_table_set_string (table, row, SUM_COL_NAME, name);
      hp_table_set_string (table, row, SUM_COL_SHORT_NAME, short_name);
      hp_table_set_int (table, row, SUM_COL_COUNTS, sum->count);
      hp_table_set_double (table, row, SUM_COL_TOTAL_DURATION, hp_ns_to_us (sum->dur_ns));
      if (!compat)
        hp_table_set_string (table, row, SUM_COL_DEVICE, sum->gpu ? "GPU" : "CPU");
    }

  return g_steal_pointer (&table);
}

/**
 * hp_trace_diff_ops_summary:
 * @rank: a rank, or -1 for the first
 * @iterations: (nullable) (element-type int): the iterations; NULL or
 *   empty for the first (the whole run when it has none, default mode)
 *
 * LabeledTrace's op summary (spec §10.1): the events of one rank and some
 * iterations grouped by category and name, with their counts and total
 * duration. Every parsed event counts: no last-step filter. CPU events are
 * host-side ones; GPU events the G1 set (HTA: `stream != -1`). The default
 * mode names every step range `ProfilerStep` and adds a `device` column.
 *
 * Returns: (transfer full): the table `ops_summary`, or NULL with @error set
 */
HpTable *
hp_trace_diff_ops_summary (HpTrace      *trace,
                           int           rank,
                           GArray       *iterations,
                           HpDiffDevice  device,
                           GCancellable *cancellable,
                           GError      **error)
{
  const HpRank *r;
  g_autoptr (GArray) its = NULL;
  g_autoptr (GHashTable) index = NULL;
  g_autoptr (GArray) sums = NULL;

  r = _hp_trace_diff_select_rank (trace, rank, error);
  if (r == NULL)
    return NULL;
  its = _hp_trace_diff_select_iterations (trace, iterations, error);
  if (its == NULL)
    return NULL;

  index = g_hash_table_new (g_direct_hash, g_direct_equal);
  sums = g_array_new (FALSE, FALSE, sizeof (OpSum));
  for (guint i = 0; i < r->n_events; i++)
    {
      gboolean gpu = (r->flags[i] & HP_EVENT_G1) != 0;

      if (hp_analysis_check_cancelled (cancellable, i, error))
        return NULL;
      if (!(r->flags[i] & HP_EVENT_MEASURED) || r->kind[i] == HP_EVENT_KIND_INSTANT)
        continue;
      if ((device == HP_DIFF_DEVICE_CPU && gpu) || (device == HP_DIFF_DEVICE_GPU && !gpu))
        continue;
      if (!_hp_trace_diff_event_selected (its, r, i))
        continue;
      add_event (index, sums, r, i);
    }
  return summary_table (trace, sums);
}

/**
 * hp_trace_diff_run_summary:
 *
 * The op summary of a whole run: every rank, the events the analyses see
 * (after the last-step filter), both devices. The N-way ops table is made
 * of these.
 *
 * Returns: (transfer full): the table `ops_summary`, or NULL when cancelled
 */
HpTable *
hp_trace_diff_run_summary (HpTrace      *trace,
                           GCancellable *cancellable,
                           GError      **error)
{
  g_autoptr (GHashTable) index = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_autoptr (GArray) sums = g_array_new (FALSE, FALSE, sizeof (OpSum));

  /* a job opened from summaries has each rank's sums */
  if (_hp_trace_get_summary_hooks (trace) != NULL)
    return _hp_trace_get_summary_hooks (trace)->ops_summary (trace);
  for (guint p = 0; p < hp_trace_get_n_ranks (trace); p++)
    {
      const HpRank *r = hp_trace_get_rank (trace, p);

      for (guint k = 0; k < r->n_rows; k++)
        {
          if (hp_analysis_check_cancelled (cancellable, k, error))
            return NULL;
          if (r->kind[r->rows[k]] != HP_EVENT_KIND_INSTANT)
            add_event (index, sums, r, r->rows[k]);
        }
    }
  return summary_table (trace, sums);
}

/* one row of the compare table while it is built */
typedef struct
{
  const char *name;
  const char *cat; /* default mode only */
  gboolean    gpu;
  gint64      count[2];
  gint64      dur_ns[2];
  const char *names[2]; /* each run's name, when they differ (a CUDA and a HIP call) */
} DiffRow;

static int
cmp_diff_row (gconstpointer a,
              gconstpointer b)
{
  const DiffRow *x = *(DiffRow *const *)a;
  const DiffRow *y = *(DiffRow *const *)b;
  int            c = strcmp (x->name, y->name);

  if (c == 0 && x->cat != NULL && y->cat != NULL)
    c = strcmp (x->cat, y->cat);
  if (c == 0)
    c = (int)x->gpu - (int)y->gpu;
  return c;
}

static gboolean
same_hardware (HpTrace *a,
               HpTrace *b)
{
  const char *x = hp_trace_get_device_type (a);
  const char *y = hp_trace_get_device_type (b);

  /* an unknown device matches anything */
  if (x == NULL || y == NULL || g_str_has_prefix (x, "UNKNOWN") || g_str_has_prefix (y, "UNKNOWN"))
    return TRUE;
  return g_strcmp0 (x, y) == 0;
}

static void
add_summary (GHashTable *rows,
             GPtrArray  *order,
             HpTable    *summary,
             guint       side,
             gboolean    compat,
             gboolean    use_short_name,
             gboolean    split_gpu)
{
  guint key_col = use_short_name ? SUM_COL_SHORT_NAME : SUM_COL_NAME;

  for (guint i = 0; i < hp_table_get_n_rows (summary); i++)
    {
      const char      *name = hp_table_get_string (summary, i, key_col);
      const char      *cat = compat ? NULL : hp_table_get_string (summary, i, SUM_COL_CAT);
      gboolean         gpu = !compat && g_strcmp0 (hp_table_get_string (summary, i, SUM_COL_DEVICE), "GPU") == 0;
      g_autofree char *key = NULL;
      DiffRow         *row;

      /* HTA merges categories; the default mode keeps them apart, matches
       * a HIP runtime call with its CUDA twin, and on different hardware
       * does not match GPU ops across runs */
      if (compat)
        key = g_strdup (name);
      else if (split_gpu && gpu)
        key = g_strdup_printf ("%s\x1f%s\x1f%u", name, cat, side);
      else
        {
          g_autofree char *twin = g_strcmp0 (cat, "cuda_runtime") == 0 ? hp_runtime_call_match_name (name) : NULL;

          key = g_strdup_printf ("%s\x1f%s\x1f%u", twin != NULL ? twin : name, cat, gpu);
        }
      row = g_hash_table_lookup (rows, key);
      if (row == NULL)
        {
          row = g_new0 (DiffRow, 1);
          row->name = name;
          row->cat = cat;
          row->gpu = gpu;
          g_hash_table_insert (rows, g_steal_pointer (&key), row);
          g_ptr_array_add (order, row);
        }
      row->names[side] = name;
      row->count[side] += hp_table_get_int (summary, i, SUM_COL_COUNTS);
      row->dur_ns[side] += llround (hp_table_get_double (summary, i, SUM_COL_TOTAL_DURATION) * 1000.0);
    }
}

static double
mean_or_nan (gint64 dur_ns,
             gint64 count)
{
  return count > 0 ? hp_ns_to_us (dur_ns) / (double)count : NAN;
}

/**
 * hp_trace_diff_compare:
 * @control: the reference run
 * @test: the run to compare with it
 *
 * `TraceDiff.compare_traces` (spec §10.2): one row per op name (or short
 * name), sorted by name, with both runs' counts and total durations and
 * their differences. In the HTA-compatibility mode (of @control) the table
 * is HTA's; the default mode keeps categories apart (a `cat` column),
 * names steps `ProfilerStep` so they match whatever their numbers, diffs a
 * run without steps as a whole, adds the mean duration per occurrence and
 * the change of the total in %, and on different hardware lists the GPU
 * ops of both runs side by side (change category `~`) instead of matching
 * kernel names. It also names categories as today's profiler does
 * (hp_category_canonical(): `Operator` is `cpu_op`…), so traces of old
 * and new profilers match, and matches a HIP runtime call with its CUDA
 * twin (`hipLaunchKernel` with `cudaLaunchKernel`), saying so in the
 * column `matched_names`.
 *
 * Returns: (transfer full): the table `compare_traces`, or NULL with @error
 *   set (the message starts with the label of the run at fault)
 */
HpTable *
hp_trace_diff_compare (HpTrace                 *control,
                       HpTrace                 *test,
                       const HpTraceDiffParams *params,
                       GCancellable            *cancellable,
                       GError                 **error)
{
  gboolean         compat = hp_trace_get_mode (control) == HP_MODE_HTA_COMPAT;
  const char      *control_label = params->control_label != NULL ? params->control_label : "Control";
  g_autofree char *test_label = g_strdup (params->test_label != NULL ? params->test_label : "Test");
  g_autoptr (HpTable) control_summary = NULL;
  g_autoptr (HpTable) test_summary = NULL;
  HpTable *summaries[2];
  g_autoptr (GHashTable) rows = NULL;
  g_autoptr (GPtrArray) order = NULL;
  g_autoptr (HpTable) table = NULL;
  const char *labels[2];
  gboolean    split_gpu = !compat && !same_hardware (control, test);
  GError     *local_error = NULL;
  guint       col;

  /* a job opened from rank summaries has no events to diff */
  if (hp_trace_get_summaries (control) != NULL || hp_trace_get_summaries (test) != NULL)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                   "%s: the trace diff reads every event; rank summaries do not hold them: load the traces in full",
                   hp_trace_get_summaries (control) != NULL ? control_label : test_label);
      return NULL;
    }

  if (strcmp (control_label, test_label) == 0)
    {
      char *renamed = g_strconcat (test_label, "_control_test", NULL);

      g_free (test_label);
      test_label = renamed;
    }
  labels[0] = control_label;
  labels[1] = test_label;

  control_summary = hp_trace_diff_ops_summary (control, params->control_rank, params->control_iterations,
                                               params->device, cancellable, &local_error);
  if (control_summary != NULL)
    test_summary = hp_trace_diff_ops_summary (test, params->test_rank, params->test_iterations,
                                              params->device, cancellable, &local_error);
  if (local_error != NULL)
    {
      g_propagate_prefixed_error (error, local_error, "%s: ", control_summary == NULL ? labels[0] : labels[1]);
      return NULL;
    }
  summaries[0] = control_summary;
  summaries[1] = test_summary;

  rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  order = g_ptr_array_new_with_free_func (g_free);
  for (guint side = 0; side < 2; side++)
    add_summary (rows, order, summaries[side], side, compat, params->use_short_name, split_gpu);
  g_ptr_array_sort (order, cmp_diff_row);

  table = hp_table_new (HP_TRACE_DIFF_TABLE, "Trace comparison");
  hp_table_add_column (table, params->use_short_name ? "short_name" : "name", HP_COLUMN_STRING, NULL);
  if (!compat)
    hp_table_add_column (table, "cat", HP_COLUMN_STRING, NULL);
  for (guint side = 0; side < 2; side++)
    {
      g_autofree char *counts = g_strconcat (labels[side], "_counts", NULL);
      g_autofree char *total = g_strconcat (labels[side], "_total_duration", NULL);

      hp_table_add_column (table, counts, HP_COLUMN_INT, NULL);
      hp_table_add_column (table, total, HP_COLUMN_DOUBLE, "us");
    }
  hp_table_add_column (table, "diff_counts", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "diff_duration", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "counts_change_categories", HP_COLUMN_STRING, NULL);
  if (!compat)
    {
      for (guint side = 0; side < 2; side++)
        {
          g_autofree char *mean = g_strconcat (labels[side], "_mean_duration", NULL);

          hp_table_add_column (table, mean, HP_COLUMN_DOUBLE, "us");
        }
      hp_table_add_column (table, "diff_mean_duration", HP_COLUMN_DOUBLE, "us");
      hp_table_add_column (table, "duration_change_pct", HP_COLUMN_DOUBLE, "%");
      hp_table_add_column (table, "device", HP_COLUMN_STRING, NULL);
      hp_table_add_column (table, "matched_names", HP_COLUMN_STRING, NULL);
    }

  for (guint k = 0; k < order->len; k++)
    {
      const DiffRow *d = g_ptr_array_index (order, k);
      guint          row = hp_table_append_row (table);
      gint64         diff_counts = d->count[1] - d->count[0];
      const char    *category;

      if (split_gpu && d->gpu)
        category = NOT_COMPARED;
      else
        category = diff_counts > 0 ? "+" : diff_counts < 0 ? "-"
                                                           : "=";

      col = 0;
      hp_table_set_string (table, row, col++, d->name);
      if (!compat)
        hp_table_set_string (table, row, col++, d->cat);
      for (guint side = 0; side < 2; side++)
        {
          hp_table_set_int (table, row, col++, d->count[side]);
          hp_table_set_double (table, row, col++, hp_ns_to_us (d->dur_ns[side]));
        }
      hp_table_set_int (table, row, col++, diff_counts);
      hp_table_set_double (table, row, col++, hp_ns_to_us (d->dur_ns[1] - d->dur_ns[0]));
      hp_table_set_string (table, row, col++, category);
      if (!compat)
        {
          double m0 = mean_or_nan (d->dur_ns[0], d->count[0]);
          double m1 = mean_or_nan (d->dur_ns[1], d->count[1]);

          hp_table_set_double (table, row, col++, m0);
          hp_table_set_double (table, row, col++, m1);
          hp_table_set_double (table, row, col++, m1 - m0);
          hp_table_set_double (table, row, col++,
                               d->dur_ns[0] > 0
                                   ? hp_round_half_even (100.0 * (double)(d->dur_ns[1] - d->dur_ns[0]) /
                                                             (double)d->dur_ns[0],
                                                         2)
                                   : NAN);
          hp_table_set_string (table, row, col++, d->gpu ? "GPU" : "CPU");
          if (d->names[0] != NULL && d->names[1] != NULL && strcmp (d->names[0], d->names[1]) != 0)
            {
              g_autofree char *matched = g_strdup_printf ("%s = %s", d->names[0], d->names[1]);

              hp_table_set_string (table, row, col++, matched);
            }
          else
            hp_table_set_string (table, row, col++, "");
        }
    }

  return g_steal_pointer (&table);
}
