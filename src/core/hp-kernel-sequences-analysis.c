/* hp-kernel-sequences-analysis.c — frequent CUDA kernel sequences as a registry analysis (docs/analyses.md §9).
 *
 * The registry's face of hp_kernel_sequences_find(): the parameters
 * (`operator`, `rank`, `min_pattern_len`; `top_k` and
 * `compress_other_kernels` are for the chart and the overlaid trace) come
 * from #HpAnalysisParams, so the analysis runs on any scope, from
 * `hotpath-cli report` and from the app's session, and a row of its table
 * points at every occurrence of its pattern on the timeline.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "hp-kernel-sequences.h"
#include "hp-linked-events.h"

/* the rank of the `rank` parameter, or NULL with @error naming the loaded ones */
static const HpRank *
params_rank (HpTrace                *trace,
             const HpAnalysisParams *params,
             GError                **error)
{
  int           wanted = hp_analysis_params_get_int (params, &hp_kernel_sequences_rank_spec);
  const HpRank *rank = hp_trace_find_rank (trace, wanted);
  g_autoptr (GString) loaded = NULL;

  if (rank != NULL)
    return rank;
  loaded = g_string_new (NULL);
  for (guint i = 0; i < hp_trace_get_n_ranks (trace); i++)
    g_string_append_printf (loaded, "%s%d", i > 0 ? ", " : "", hp_trace_get_rank (trace, i)->rank);
  g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_SUCH_RANK,
               "rank %d is not in the trace (loaded: %s)", wanted,
               loaded->len > 0 ? loaded->str : "none");
  return NULL;
}

/**
 * hp_kernel_sequences_find_for_params:
 * @trace: a trace, or a scope of one
 * @params: `operator`, `rank` and `min_pattern_len`
 * @operator_used: (out) (optional) (transfer full): the operator name
 *   looked for
 *
 * hp_kernel_sequences_find() with the registry's parameters. Without an
 * operator it takes the one that launches `min_pattern_len` kernels or
 * more most often on the rank (the first of
 * hp_kernel_sequences_operator_candidates()), as the Patterns tab does.
 *
 * Returns: (transfer full): the patterns, or %NULL with
 *   %HP_ANALYSIS_ERROR_NO_SUCH_RANK, %HP_ANALYSIS_ERROR_NO_DATA (no
 *   pattern, or no operator to choose) or a cancellation
 */
HpKernelSequences *
hp_kernel_sequences_find_for_params (HpTrace                *trace,
                                     const HpAnalysisParams *params,
                                     char                  **operator_used,
                                     GCancellable           *cancellable,
                                     GError                **error)
{
  const HpRank    *rank;
  g_autofree char *name = NULL;
  guint            min_len;
  const char      *wanted_op;

  g_return_val_if_fail (trace != NULL && params != NULL, NULL);

  wanted_op = hp_analysis_params_get_string (params, &hp_kernel_sequences_operator_spec);

  rank = params_rank (trace, params, error);
  if (rank == NULL)
    return NULL;
  min_len = (guint)MAX (hp_analysis_params_get_int (params, &hp_kernel_sequences_min_pattern_len_spec), 1);
  if (wanted_op != NULL && wanted_op[0] != '\0')
    name = g_strdup (wanted_op);
  else
    {
      g_autoptr (GPtrArray) names =
          hp_kernel_sequences_operator_candidates (trace, rank, min_len, cancellable, error);

      if (names == NULL)
        return NULL;
      if (names->len == 0)
        {
          g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                       "%s: rank %d has no operator that launches %u or more kernels", rank->path, rank->rank,
                       min_len);
          return NULL;
        }
      name = g_strdup (names->pdata[0]);
    }
  if (operator_used != NULL)
    *operator_used = g_strdup (name);
  return hp_kernel_sequences_find (trace, rank, name, min_len, cancellable, error);
}

/**
 * hp_kernel_sequences_compute:
 *
 * The #HpAnalysisFunc of `frequent_cuda_kernel_sequences`: the table of
 * hp_kernel_sequences_find_for_params(), with a note naming the operator
 * and the rank. When nothing matches, HTA's empty table with the reason in
 * its note.
 */
gboolean
hp_kernel_sequences_compute (HpTrace                *trace,
                             const HpAnalysisParams *params,
                             GPtrArray              *tables,
                             GCancellable           *cancellable,
                             GError                **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *operator_used = NULL;
  g_autoptr (HpKernelSequences) seq =
      hp_kernel_sequences_find_for_params (trace, params, &operator_used, cancellable, &local_error);
  HpTable *table;

  if (seq == NULL && !g_error_matches (local_error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA))
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (seq == NULL)
    {
      table = hp_kernel_sequences_table_new_empty ();
      hp_table_set_note (table, local_error->message);
    }
  else
    {
      g_autofree char *note = g_strdup_printf ("Operators named like \"%s\" on rank %d", operator_used,
                                               hp_analysis_params_get_int (params, &hp_kernel_sequences_rank_spec));

      table = hp_table_ref (hp_kernel_sequences_get_table (seq));
      hp_table_set_note (table, note);
    }
  g_ptr_array_add (tables, table);
  return TRUE;
}

/**
 * hp_linked_events_for_pattern_row:
 * @trace: the trace (or scope) the table was computed from
 * @table: a `frequent_cuda_kernel_sequences` table
 * @row: one of its rows
 * @params: the parameters it was computed with
 *
 * Every event of all the occurrences of the row's pattern (operators,
 * nested calls, launches, kernels), the first occurrence's operator in
 * focus. Finds the patterns again, so @params must be the table's.
 *
 * Returns: (transfer full) (nullable): the events, or %NULL when the row's
 *   pattern is not found with @params
 */
HpLinkedEvents *
hp_linked_events_for_pattern_row (HpTrace                *trace,
                                  HpTable                *table,
                                  guint                   row,
                                  const HpAnalysisParams *params)
{
  g_autoptr (HpKernelSequences) seq = NULL;
  int         c_pattern = hp_table_find_column (table, "pattern");
  const char *pattern;
  HpTable    *found;

  g_return_val_if_fail (trace != NULL && table != NULL && params != NULL, NULL);

  if (c_pattern < 0 || row >= hp_table_get_n_rows (table))
    return NULL;
  pattern = hp_table_get_string (table, row, (guint)c_pattern);
  seq = hp_kernel_sequences_find_for_params (trace, params, NULL, NULL, NULL);
  if (seq == NULL || pattern == NULL)
    return NULL;
  /* the same parameters give the same order; look the pattern up all the same */
  found = hp_kernel_sequences_get_table (seq);
  for (guint i = 0; i < hp_table_get_n_rows (found); i++)
    {
      guint p = (row + i) % hp_table_get_n_rows (found);

      if (g_strcmp0 (hp_table_get_string (found, p, 0), pattern) == 0)
        return hp_kernel_sequences_linked_events (seq, p);
    }
  return NULL;
}

/* its parameters, kept in the parameters' bag */
const HpParamSpec hp_kernel_sequences_operator_spec = { "operator", HP_PARAM_STRING, HP_PARAM_IN_BAG, 0, 0, 0, NULL, N_ ("Operator"), "Kernel sequences: operators whose name contains NAME (default: the one that launches min_pattern_len kernels most often)", "NAME", N_ ("Read the kernels under operators whose name contains this; empty for the operator that launches the most") };
const HpParamSpec hp_kernel_sequences_rank_spec = { "rank", HP_PARAM_INT, HP_PARAM_IN_BAG, 0, 0, G_MAXINT, NULL, N_ ("Rank"), "Kernel sequences: the rank whose operators are read (0)", "N", N_ ("The rank whose operators are read") };
const HpParamSpec hp_kernel_sequences_min_pattern_len_spec = { "min_pattern_len", HP_PARAM_INT, HP_PARAM_IN_BAG, 3, 1, G_MAXINT, NULL, N_ ("Least kernels"), "Kernel sequences: least number of kernels under an operator (3)", "N", N_ ("The fewest kernels an operator must launch to be read") };
const HpParamSpec hp_kernel_sequences_top_k_spec = { "top_k", HP_PARAM_INT, HP_PARAM_IN_BAG, 5, 1, G_MAXINT, NULL, N_ ("Top patterns"), "Kernel sequences: patterns charted and marked in the overlaid trace (5)", "N", N_ ("How many patterns are charted and marked in the overlaid trace") };
const HpParamSpec hp_kernel_sequences_compress_other_kernels_spec = { "compress_other_kernels", HP_PARAM_BOOLEAN, HP_PARAM_IN_BAG, TRUE, 0, 1, NULL, N_ ("Compress other kernels"), "Kernel sequences: drop the args and names of events outside the top patterns in the overlaid trace (true)", "BOOL", N_ ("Drop the arguments and names of the events outside the top patterns in the overlaid trace") };

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_kernel_sequences_analysis = {
  .name = HP_KERNEL_SEQUENCES_ANALYSIS,
  .title = N_ ("Frequent CUDA kernel sequences"),
  .section = "§9",
  .func = hp_kernel_sequences_compute,
  .cost = 3,
  .tables = HP_STRV (HP_KERNEL_SEQUENCES_TABLE),
  .row_events = hp_linked_events_for_pattern_row,
  .row_events_tables = 0x1,
  .specs = (const HpParamSpec *const[]){ &hp_kernel_sequences_operator_spec, &hp_kernel_sequences_rank_spec, &hp_kernel_sequences_min_pattern_len_spec, &hp_kernel_sequences_top_k_spec, &hp_kernel_sequences_compress_other_kernels_spec, NULL },
};
