/* fuzz-runs.c — libFuzzer target: two runs through every command that compares runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is split at the first HP_FUZZ_SPLIT line into two traces (without
 * one, both runs get the whole input), each loaded as a run in both modes.
 * The pair goes through what check, diff (its table, ops diff and tree
 * diff, whole and changed), compare and health compute; the two files as
 * the ranks of one job go through the cross-rank critical path and health.
 * A command may refuse its runs, but only with an error.
 */

#include "config.h"

#include <string.h>

#include "hp-fuzz-common.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  hp_fuzz_init ();
  return 0;
}

static void
table_or_error (const char *what,
                HpTable    *table,
                GError     *error)
{
  g_autofree char *csv = NULL;

  if (table == NULL)
    {
      if (error == NULL || error->message[0] == '\0')
        g_error ("%s failed without an error", what);
      return;
    }
  csv = hp_table_to_csv (table);
  if (csv == NULL)
    g_error ("%s: a table without CSV", what);
}

static void
health_of (HpTrace *trace)
{
  g_autoptr (HpHealthReport) report = hp_health_check (trace, NULL);

  if (report == NULL)
    g_error ("health: no report");
}

static void
run_pair (HpTrace *control,
          HpTrace *test)
{
  HpTraceDiffParams diff_params;
  HpCheckParams     check_params;
  HpAnalysisParams  params;
  HpTrace          *runs[2] = { control, test };
  const char       *labels[2] = { "control", "test" };

  /* check */
  {
    g_autoptr (GError) error = NULL;
    gboolean regressed = FALSE;
    g_autoptr (HpTable) table = NULL;
    g_auto (HpCheckComparability) comparability = { 0 };

    hp_check_params_init (&check_params);
    table = hp_check_runs (control, test, &check_params, &regressed, &comparability, NULL, &error);
    table_or_error ("check", table, error);
  }

  /* diff: the table, the ops diff, the tree diff */
  hp_trace_diff_params_init (&diff_params);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HpTable) table = hp_trace_diff_compare (control, test, &diff_params, NULL, &error);

    table_or_error ("diff", table, error);
  }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HpOpsDiff) ops = hp_trace_diff_ops_diff (control, test, &diff_params, NULL, &error);

    if (ops != NULL)
      {
        JsonNode *json = hp_ops_diff_to_json (ops);

        json_node_unref (json);
      }
    else if (error == NULL)
      g_error ("ops diff failed without an error");
  }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HpTable) full = hp_tree_diff_full (control, test, &diff_params, NULL, &error);

    table_or_error ("tree diff", full, error);
    if (full != NULL)
      {
        g_autoptr (HpTable) changed = hp_tree_diff_changed (full);
        g_autoptr (HpTable) direct = hp_tree_diff (control, test, &diff_params, NULL, NULL);

        if (direct == NULL || hp_table_get_n_rows (changed) != hp_table_get_n_rows (direct))
          g_error ("tree diff: the changed rows of the whole tree differ from the changed tree");
      }
  }
  hp_trace_diff_params_clear (&diff_params);

  /* compare */
  hp_analysis_params_init (&params);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) tables = hp_compare_runs (runs, labels, 2, &params, NULL, &error);

    if (tables == NULL && error == NULL)
      g_error ("compare failed without an error");
    for (guint t = 0; tables != NULL && t < tables->len; t++)
      table_or_error ("compare", tables->pdata[t], NULL);
  }
  hp_analysis_params_clear (&params);

  /* health of each run */
  health_of (control);
  health_of (test);
}

/* the two files as the ranks of one job */
static void
run_job (HpMode mode)
{
  g_autoptr (HpTrace) job = hp_fuzz_load (hp_fuzz_dir (), mode);
  HpCriticalPathOptions options;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTable) breakdown = NULL;
  g_autoptr (HpTable) ranks = NULL;

  if (job == NULL)
    return;
  health_of (job);
  hp_critical_path_options_init (&options);
  ranks = hp_critical_path_ranks (job, &options, &breakdown, NULL, &error);
  table_or_error ("cross-rank critical path", ranks, error);
  if (ranks != NULL)
    table_or_error ("cross-rank critical path breakdown", breakdown, NULL);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  const guint8    *split;
  gsize            first, second_at;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;

  if (size > 1024 * 1024)
    return 0;
  split = hp_fuzz_find_split (data, size);
  first = split != NULL ? (gsize)(split - data) : size;
  second_at = split != NULL ? first + strlen (HP_FUZZ_SPLIT) : 0;
  a = hp_fuzz_write ("rank-0.json", data, first);
  b = hp_fuzz_write ("rank-1.json", data + second_at, size - second_at);

  for (int mode = 0; mode < 2; mode++)
    {
      HpMode mode_of = mode == 0 ? HP_MODE_DEFAULT : HP_MODE_HTA_COMPAT;
      g_autoptr (HpTrace) control = hp_fuzz_load (a, mode_of);
      g_autoptr (HpTrace) test = hp_fuzz_load (b, mode_of);

      if (control != NULL && test != NULL)
        {
          run_pair (control, test);
          run_pair (control, control);
        }
      run_job (mode_of);
    }
  hp_fuzz_clear_dir ();
  return 0;
}
