/* hp-no-data.c — why a table or chart is empty, in words, from what the runs lack.
 *
 * Every empty panel of the app and every empty chart says why through
 * hp_no_data_reason(): "no ProfilerStep in DDP or FSDP", rather than a bare
 * "No data".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "hp-compare.h"
#include "hp-core-private.h"
#include "hp-no-data.h"
#include "hp-rank-access.h"

/**
 * hp_data_needs_missing:
 * @needs: #HpDataNeeds flags
 *
 * Returns: those of @needs that no rank of @trace meets
 */
guint
hp_data_needs_missing (HpTrace *trace,
                       guint    needs)
{
  guint found = 0;

  g_return_val_if_fail (trace != NULL, 0);

  if ((needs & HP_DATA_EVENTS) && _hp_trace_get_summary_hooks (trace) == NULL)
    found |= HP_DATA_EVENTS;
  if ((needs & HP_DATA_MEMORY_EVENTS) && hp_trace_lookup_string (trace, "[memory]") != HP_NO_STRING)
    found |= HP_DATA_MEMORY_EVENTS;
  for (guint r = 0; r < hp_trace_get_n_ranks (trace) && (needs & ~found) != 0; r++)
    {
      const HpRank *rank = hp_trace_get_rank (trace, r);

      for (guint e = 0; e < rank->n_events && (needs & ~found & (HP_DATA_GPU | HP_DATA_STEPS | HP_DATA_COMM)) != 0;
           e++)
        {
          if (rank->flags[e] & HP_EVENT_STEP)
            found |= HP_DATA_STEPS;
          if (hp_rank_is_gpu_activity (rank, e))
            {
              found |= HP_DATA_GPU;
              if (rank->kind[e] == HP_EVENT_KIND_KERNEL &&
                  hp_rank_get_kernel_class (rank, e) == HP_KERNEL_CLASS_COMMUNICATION)
                found |= HP_DATA_COMM;
            }
        }
    }
  return needs & ~found;
}

/* "A", "A or B", "A, B or C" */
static char *
join_runs (GPtrArray *names)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < names->len; i++)
    {
      if (i > 0)
        g_string_append (s, i + 1 == names->len ? _ (" or ") : ", ");
      g_string_append (s, names->pdata[i]);
    }
  return g_string_free (s, FALSE);
}

/**
 * hp_no_data_reason:
 * @traces: (array length=n_runs): the runs
 * @labels: (array length=n_runs) (nullable): their labels; %NULL for one
 *   trace, which is then "the trace"
 * @needs: #HpDataNeeds: what the empty table or chart needed
 *
 * Says why a table or chart of @traces is empty: for each need some run
 * lacks, which runs lack it ("no ProfilerStep in DDP or FSDP"), joined by
 * "; ".
 *
 * Returns: (transfer full) (nullable): the reason, or %NULL when every run
 *   has all of @needs (the emptiness is the data's: nothing matched)
 */
char *
hp_no_data_reason (HpTrace *const    *traces,
                   const char *const *labels,
                   guint              n_runs,
                   guint              needs)
{
  static const guint order[] = { HP_DATA_EVENTS, HP_DATA_GPU, HP_DATA_STEPS, HP_DATA_MEMORY_EVENTS, HP_DATA_COMM };
  g_autofree guint  *missing = NULL;
  GString           *out = g_string_new (NULL);

  g_return_val_if_fail (traces != NULL || n_runs == 0, NULL);

  missing = g_new0 (guint, MAX (n_runs, 1));
  for (guint i = 0; i < n_runs; i++)
    missing[i] = hp_data_needs_missing (traces[i], needs);
  for (guint t = 0; t < G_N_ELEMENTS (order); t++)
    {
      g_autoptr (GPtrArray) names = g_ptr_array_new ();
      g_autofree char *runs = NULL;
      guint            need = order[t];

      /* a summary folder lacks events, a run without GPU work lacks
       * communication kernels: say the first, not each thing it implies */
      for (guint i = 0; i < n_runs; i++)
        if ((missing[i] & need) && (need == HP_DATA_EVENTS || !(missing[i] & HP_DATA_EVENTS)) &&
            (need != HP_DATA_COMM || !(missing[i] & HP_DATA_GPU)))
          g_ptr_array_add (names, (gpointer)(labels != NULL ? labels[i] : ""));
      if (names->len == 0)
        continue;
      if (out->len > 0)
        g_string_append (out, "; ");
      runs = join_runs (names);
      switch (need)
        {
        case HP_DATA_EVENTS:
          if (labels == NULL)
            g_string_append (out, _ ("the trace is a folder of rank summaries, and this needs the traces’ events"));
          else
            g_string_append_printf (out, _ ("%s is a folder of rank summaries, and this needs the traces’ events"),
                                    runs);
          break;
        case HP_DATA_GPU:
          if (labels == NULL)
            g_string_append (out, _ ("the trace has no kernel, memcpy or memset"));
          else
            g_string_append_printf (out, _ ("no kernel, memcpy or memset in %s"), runs);
          break;
        case HP_DATA_STEPS:
          if (labels == NULL)
            g_string_append (out, _ ("the trace has no ProfilerStep"));
          else
            g_string_append_printf (out, _ ("no ProfilerStep in %s"), runs);
          break;
        case HP_DATA_MEMORY_EVENTS:
          if (labels == NULL)
            g_string_append (out, _ ("the trace has no [memory] events (record them with profile_memory=True)"));
          else
            g_string_append_printf (out, _ ("no [memory] events in %s (record them with profile_memory=True)"), runs);
          break;
        case HP_DATA_COMM:
        default:
          if (labels == NULL)
            g_string_append (out, _ ("the trace has no communication kernels"));
          else
            g_string_append_printf (out, _ ("no communication kernels in %s"), runs);
          break;
        }
    }
  if (out->len == 0)
    {
      g_string_free (out, TRUE);
      return NULL;
    }
  return g_string_free (out, FALSE);
}

/**
 * hp_compare_table_needs:
 * @name: a table of hp_compare_runs() (or its chart's name)
 *
 * Returns: the #HpDataNeeds of the table: what an empty one lacked
 */
guint
hp_compare_table_needs (const char *name)
{
  static const struct
  {
    const char *table;
    guint       needs;
  } tables[] = {
    { HP_COMPARE_TEMPORAL_TABLE, HP_DATA_GPU },
    { HP_COMPARE_KERNEL_TYPE_TABLE, HP_DATA_GPU },
    { HP_COMPARE_OVERLAP_TABLE, HP_DATA_GPU | HP_DATA_COMM },
    { HP_COMPARE_IDLE_TABLE, HP_DATA_GPU },
    { HP_COMPARE_STEP_TIME_TABLE, HP_DATA_STEPS },
    { HP_COMPARE_MEMORY_TABLE, HP_DATA_MEMORY_EVENTS },
    { HP_COMPARE_MEMORY_TIMELINE_TABLE, HP_DATA_MEMORY_EVENTS },
    { HP_COMPARE_COMMUNICATION_TABLE, HP_DATA_GPU | HP_DATA_COMM },
    { HP_COMPARE_COLLECTIVES_TABLE, HP_DATA_GPU | HP_DATA_COMM },
    { HP_COMPARE_OPS_TABLE, 0 },
  };

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (tables); i++)
    if (g_str_has_prefix (name, tables[i].table))
      return tables[i].needs;
  return 0;
}

/**
 * hp_compare_no_data_reason:
 * @traces: (array length=n_runs): the runs compared
 * @labels: (array length=n_runs): their labels
 * @tables: (element-type HpTable): the tables of hp_compare_runs()
 * @name: the empty table (or its chart's name)
 *
 * Why a table of a comparison, or its chart, is empty: the table's note
 * when it has no rows and names the runs it lacks, else what the runs lack
 * (hp_no_data_reason() of hp_compare_table_needs()).
 *
 * Returns: (transfer full) (nullable): the reason, or %NULL
 */
char *
hp_compare_no_data_reason (HpTrace *const    *traces,
                           const char *const *labels,
                           guint              n_runs,
                           GPtrArray         *tables,
                           const char        *name)
{
  for (guint t = 0; tables != NULL && name != NULL && t < tables->len; t++)
    {
      HpTable *table = tables->pdata[t];

      if (g_strcmp0 (hp_table_get_name (table), name) == 0 && hp_table_get_n_rows (table) == 0 &&
          hp_table_get_note (table) != NULL)
        return g_strdup (hp_table_get_note (table));
    }
  return hp_no_data_reason (traces, labels, n_runs, hp_compare_table_needs (name));
}

/**
 * hp_analysis_data_needs:
 *
 * Returns: the #HpDataNeeds of @analysis' needs (#HpAnalysisNeeds) that
 *   hp_no_data_reason() can name
 */
guint
hp_analysis_data_needs (const HpAnalysis *analysis)
{
  guint needs = 0;

  g_return_val_if_fail (analysis != NULL, 0);
  if (analysis->needs & (HP_ANALYSIS_NEEDS_GPU | HP_ANALYSIS_NEEDS_LAUNCH | HP_ANALYSIS_NEEDS_MEMCPY))
    needs |= HP_DATA_GPU;
  if (analysis->needs & HP_ANALYSIS_NEEDS_COMM)
    needs |= HP_DATA_COMM;
  if (analysis->needs & HP_ANALYSIS_NEEDS_MEMORY_EVENTS)
    needs |= HP_DATA_MEMORY_EVENTS;
  return needs;
}
