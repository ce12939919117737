/* hp-findings-sources.c — which results the findings are read from, and which of their tables.
 *
 * The findings, the straggler answers and the Overview read the same
 * tables of the same analyses: this file names them once, so that
 * `hotpath-cli findings` and the app ask for the same results and cannot
 * disagree. Each asks its own way (the CLI runs the analyses, the app
 * reads its session's results) through a lookup it passes in.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-collectives.h"
#include "hp-comm-comp-overlap.h"
#include "hp-critical-path.h"
#include "hp-findings.h"
#include "hp-idle-time.h"
#include "hp-temporal-breakdown.h"

/**
 * hp_findings_get_analyses:
 * @n_analyses: (out) (optional): how many
 *
 * The analyses the findings read, by name: registry ones
 * (hp_analysis_find()) and the path across ranks, an internal one
 * (hp_analysis_find_internal()).
 *
 * Returns: (transfer none) (array zero-terminated=1): their names
 */
const char *const *
hp_findings_get_analyses (guint *n_analyses)
{
  static const char *const analyses[] = {
    HP_TEMPORAL_BREAKDOWN_ANALYSIS,
    HP_IDLE_TIME_ANALYSIS,
    HP_COMM_COMP_OVERLAP_ANALYSIS,
    HP_COLLECTIVES_ANALYSIS,
    HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS,
    NULL,
  };

  if (n_analyses != NULL)
    *n_analyses = G_N_ELEMENTS (analyses) - 1;
  return analyses;
}

/* @table_name of @analysis' result; with @or_first, its first table when
 * it has none of that name */
static HpTable *
find (HpFindingResultFunc result,
      gpointer            user_data,
      const char         *analysis,
      const char         *table_name,
      gboolean            or_first)
{
  GPtrArray *tables = result (analysis, user_data);
  HpTable   *table;

  if (tables == NULL || tables->len == 0)
    return NULL;
  table = hp_analysis_result_find_table (tables, table_name);
  return table == NULL && or_first ? tables->pdata[0] : table;
}

/**
 * hp_finding_tables_from_results:
 * @tables: (out caller-allocates): the tables the findings read
 * @result: gives the tables of each analysis of
 *   hp_findings_get_analyses(), or %NULL for one not (yet) computed
 * @user_data: for @result
 *
 * Fills @tables from the results of the analyses the findings read: the
 * tables are borrowed from what @result returns.
 */
void
hp_finding_tables_from_results (HpFindingTables    *tables,
                                HpFindingResultFunc result,
                                gpointer            user_data)
{
  g_return_if_fail (tables != NULL);
  g_return_if_fail (result != NULL);

  tables->temporal = find (result, user_data, HP_TEMPORAL_BREAKDOWN_ANALYSIS, HP_TEMPORAL_BREAKDOWN_TABLE, TRUE);
  tables->idle = find (result, user_data, HP_IDLE_TIME_ANALYSIS, HP_IDLE_TIME_TABLE, TRUE);
  tables->overlap = find (result, user_data, HP_COMM_COMP_OVERLAP_ANALYSIS, HP_COMM_COMP_OVERLAP_TABLE, TRUE);
  tables->collectives = find (result, user_data, HP_COLLECTIVES_ANALYSIS, HP_COLLECTIVES_TABLE, FALSE);
  tables->critical_path_ranks =
      find (result, user_data, HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS, HP_CRITICAL_PATH_RANKS_TABLE, FALSE);
  tables->critical_path_ranks_breakdown =
      find (result, user_data, HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS, HP_CRITICAL_PATH_RANKS_BREAKDOWN_TABLE, FALSE);
}
