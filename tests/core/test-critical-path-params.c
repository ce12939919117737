/* test-critical-path-params.c — the switches of the critical-path graph as
 * parameters of its analyses: data-loading events and weight-0 launch edges.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core.h"
#include "hp-critical-path-private.h"
#include "hp-test-utils.h"

static char *
table_csv (GPtrArray  *tables,
           const char *name)
{
  HpTable *table = hp_analysis_result_find_table (tables, name);

  g_assert_nonnull (table);
  return hp_table_to_csv (table);
}

/* both analyses read both switches, and a change of either invalidates
 * their results */
static void
test_specs (void)
{
  const HpAnalysis         *across = hp_analysis_find_internal (HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS);
  const HpAnalysis         *analyses[] = { &hp_critical_path_analysis, across };
  const HpParamSpec        *specs[] = { &hp_critical_path_data_load_events_spec,
                                        &hp_critical_path_zero_weight_launch_edges_spec };
  const char *const         loader[] = { "DataLoader", NULL };
  guint                     n;
  const HpParamSpec *const *all = hp_param_spec_list (&n);

  for (guint s = 0; s < G_N_ELEMENTS (specs); s++)
    {
      gboolean listed = FALSE;

      for (guint i = 0; i < n; i++)
        listed |= all[i] == specs[s];
      g_assert_true (listed);
      for (guint a = 0; a < G_N_ELEMENTS (analyses); a++)
        g_assert_true (hp_analysis_uses_param (analyses[a], specs[s]));
    }

  for (guint a = 0; a < G_N_ELEMENTS (analyses); a++)
    {
      HpAnalysisParams defaults;
      HpAnalysisParams changed;

      hp_analysis_params_init (&defaults);
      hp_analysis_params_init (&changed);
      g_assert_false (hp_analysis_params_affect (analyses[a], &defaults, &changed));
      hp_analysis_params_set_boolean (&changed, &hp_critical_path_zero_weight_launch_edges_spec, TRUE);
      g_assert_true (hp_analysis_params_affect (analyses[a], &defaults, &changed));
      hp_analysis_params_set_boolean (&changed, &hp_critical_path_zero_weight_launch_edges_spec, FALSE);
      hp_analysis_params_set_strv (&changed, &hp_critical_path_data_load_events_spec, loader);
      g_assert_true (hp_analysis_params_affect (analyses[a], &defaults, &changed));
      hp_analysis_params_clear (&defaults);
      hp_analysis_params_clear (&changed);
    }
}

/* the switches as text, as `report` and the settings give them; a value
 * that is none is refused */
static void
test_parse (void)
{
  HpAnalysisParams   params;
  const char *const *names;
  g_autoptr (GError) error = NULL;

  hp_analysis_params_init (&params);
  g_assert_false (hp_analysis_params_get_boolean (&params, &hp_critical_path_zero_weight_launch_edges_spec));
  names = hp_analysis_params_get_strv (&params, &hp_critical_path_data_load_events_spec);
  g_assert_true (names == NULL || names[0] == NULL);

  g_assert_true (hp_param_parse (&hp_critical_path_zero_weight_launch_edges_spec, &params, "true", &error));
  g_assert_no_error (error);
  g_assert_true (hp_analysis_params_get_boolean (&params, &hp_critical_path_zero_weight_launch_edges_spec));
  g_assert_true (hp_param_parse (&hp_critical_path_data_load_events_spec, &params, "DataLoader,enumerate", &error));
  g_assert_no_error (error);
  names = hp_analysis_params_get_strv (&params, &hp_critical_path_data_load_events_spec);
  g_assert_nonnull (names);
  g_assert_cmpuint (g_strv_length ((char **)names), ==, 2);
  g_assert_cmpstr (names[0], ==, "DataLoader");
  g_assert_cmpstr (names[1], ==, "enumerate");

  g_assert_false (hp_param_parse (&hp_critical_path_zero_weight_launch_edges_spec, &params, "maybe", &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "critical_path_zero_weight_launch_edges"));
  /* the value before stays */
  g_assert_true (hp_analysis_params_get_boolean (&params, &hp_critical_path_zero_weight_launch_edges_spec));
  hp_analysis_params_clear (&params);
}

/* The path across ranks with switches is the one hp_critical_path_ranks()
 * makes with the same options; the tables kept for the default switches
 * are not those of other switches, before or after */
static void
test_across_ranks_switches (HpTestTraceFixture *fixture,
                            gconstpointer       data)
{
  const HpAnalysis *across = hp_analysis_find_internal (HP_CRITICAL_PATH_ACROSS_RANKS_ANALYSIS);
  /* "" is a part of every name: every event loads data */
  const char *const every[] = { "a", "", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) defaults = NULL;
  g_autoptr (GPtrArray) again = NULL;
  g_autofree char *default_csv = NULL;

  defaults = hp_analysis_run (across, fixture->trace, &fixture->params, NULL, &error);
  g_assert_no_error (error);
  default_csv = table_csv (defaults, HP_CRITICAL_PATH_RANKS_BREAKDOWN_TABLE);

  for (guint c = 0; c < 3; c++)
    {
      HpAnalysisParams      params;
      HpCriticalPathOptions options;
      HpTable              *parts = NULL;
      g_autoptr (HpTable) ranks = NULL;
      g_autoptr (HpTable) breakdown = NULL;
      g_autoptr (GPtrArray) result = NULL;
      g_autofree char *mine = NULL;
      g_autofree char *theirs = NULL;
      g_autofree char *mine_parts = NULL;
      g_autofree char *theirs_parts = NULL;

      hp_analysis_params_init (&params);
      hp_critical_path_options_init (&options);
      if (c != 1)
        {
          hp_analysis_params_set_strv (&params, &hp_critical_path_data_load_events_spec, every);
          options.data_load_events = every;
        }
      if (c != 0)
        {
          hp_analysis_params_set_boolean (&params, &hp_critical_path_zero_weight_launch_edges_spec, TRUE);
          options.zero_weight_launch_edges = TRUE;
        }
      result = hp_analysis_run (across, fixture->trace, &params, NULL, &error);
      g_assert_no_error (error);
      ranks = hp_critical_path_ranks (fixture->trace, &options, &parts, NULL, &error);
      g_assert_no_error (error);
      breakdown = parts;

      mine = table_csv (result, HP_CRITICAL_PATH_RANKS_TABLE);
      theirs = hp_table_to_csv (ranks);
      g_assert_cmpstr (mine, ==, theirs);
      mine_parts = table_csv (result, HP_CRITICAL_PATH_RANKS_BREAKDOWN_TABLE);
      theirs_parts = hp_table_to_csv (breakdown);
      g_assert_cmpstr (mine_parts, ==, theirs_parts);
      if (c != 1)
        /* every event a data load: the path is charged otherwise */
        g_assert_cmpstr (mine_parts, !=, default_csv);
      hp_analysis_params_clear (&params);
    }

  again = hp_analysis_run (across, fixture->trace, &fixture->params, NULL, &error);
  g_assert_no_error (error);
  for (guint t = 0; t < again->len; t++)
    g_assert_true (again->pdata[t] == defaults->pdata[t]);
}

/* The path of one rank reads the switches too: the same tables as
 * hp_critical_path_new() with those options */
static void
test_one_rank_switches (HpTestTraceFixture *fixture,
                        gconstpointer       data)
{
  const char *const     every[] = { "", NULL };
  HpAnalysisParams      params;
  HpCriticalPathOptions options;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) result = NULL;
  g_autoptr (GPtrArray) plain = NULL;
  g_autoptr (HpTable) summary = NULL;
  g_autofree char *mine = NULL;
  g_autofree char *theirs = NULL;
  g_autofree char *plain_csv = NULL;
  HpCriticalPath  *cp;

  hp_analysis_params_init (&params);
  hp_analysis_params_set_int (&params, &hp_critical_path_rank_spec, 0);
  plain = hp_analysis_run (&hp_critical_path_analysis, fixture->trace, &params, NULL, &error);
  g_assert_no_error (error);
  hp_analysis_params_set_strv (&params, &hp_critical_path_data_load_events_spec, every);
  hp_analysis_params_set_boolean (&params, &hp_critical_path_zero_weight_launch_edges_spec, TRUE);
  result = hp_analysis_run (&hp_critical_path_analysis, fixture->trace, &params, NULL, &error);
  g_assert_no_error (error);

  hp_critical_path_options_init (&options);
  options.data_load_events = every;
  options.zero_weight_launch_edges = TRUE;
  cp = hp_critical_path_new (fixture->trace, hp_trace_find_rank (fixture->trace, 0), &options, NULL, &error);
  g_assert_no_error (error);
  summary = hp_critical_path_summary (cp);
  hp_critical_path_free (cp);

  mine = table_csv (result, HP_CRITICAL_PATH_SUMMARY_TABLE);
  theirs = hp_table_to_csv (summary);
  plain_csv = table_csv (plain, HP_CRITICAL_PATH_SUMMARY_TABLE);
  g_assert_cmpstr (mine, ==, theirs);
  g_assert_cmpstr (mine, !=, plain_csv);
  hp_analysis_params_clear (&params);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/critical-path/params/specs", test_specs);
  g_test_add_func ("/core/critical-path/params/parse", test_parse);
  hp_test_add_trace ("/core/critical-path/params/across-ranks", "hta_trace_filter_2ranks",
                     hp_test_trace_setup_default, test_across_ranks_switches);
  hp_test_add_trace ("/core/critical-path/params/one-rank", "hta_trace_filter_2ranks",
                     hp_test_trace_setup_default, test_one_rank_switches);
  return g_test_run ();
}
