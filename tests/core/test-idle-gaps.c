/* test-idle-gaps.c — the idle-time analysis' payload: every GPU lane's gaps, found once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

static void
assert_same_gaps (GArray *a,
                  GArray *b)
{
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const HpIdleInterval *x = &g_array_index (a, HpIdleInterval, i);
      const HpIdleInterval *y = &g_array_index (b, HpIdleInterval, i);

      g_assert_cmpint (x->start, ==, y->start);
      g_assert_cmpint (x->end, ==, y->end);
      g_assert_cmpuint (x->kernel, ==, y->kernel);
      g_assert_cmpint (x->category, ==, y->category);
    }
}

/* The payload the registry makes with the analysis holds, per lane, the
 * gaps the analysis counts; per (device, stream) those of the stream */
static void
test_payload (gconstpointer data)
{
  HpMode mode = GPOINTER_TO_INT (data);
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", mode);
  const HpAnalysis *analysis = hp_analysis_find ("idle_time_breakdown");
  HpAnalysisParams  params;
  g_autoptr (HpResult) result = NULL;
  g_autoptr (GError) error = NULL;
  HpIdleGaps *gaps;
  guint       n_lanes = 0;

  hp_analysis_params_init (&params);
  hp_analysis_params_set_double (&params, &hp_idle_time_consecutive_kernel_delay_spec, 12);
  result = hp_analysis_compute (analysis, trace, &params, NULL, &error);
  hp_analysis_params_clear (&params);
  g_assert_no_error (error);
  gaps = hp_result_get_payload (result);
  g_assert_nonnull (gaps);
  g_assert_true (hp_idle_gaps_get_trace (gaps) == trace);
  g_assert_cmpfloat (hp_idle_gaps_get_delay (gaps), ==, 12);

  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank *r = hp_trace_get_rank (trace, k);

      for (guint l = 0; l < r->n_lanes; l++)
        {
          g_autoptr (GArray) expected = NULL;
          g_autoptr (GArray) stream = NULL;

          if (!r->lanes[l].is_gpu)
            {
              g_assert_null (hp_idle_gaps_get_lane (gaps, r->rank, l));
              continue;
            }
          expected = hp_idle_time_get_lane_intervals (trace, r, l, 12);
          assert_same_gaps (hp_idle_gaps_get_lane (gaps, r->rank, l), expected);
          stream = hp_idle_time_get_intervals (trace, r, r->lanes[l].pid, hp_rank_get_lane_stream (r, l), 12);
          assert_same_gaps (hp_idle_gaps_find_stream (gaps, r->rank, r->lanes[l].pid, hp_rank_get_lane_stream (r, l)),
                            stream);
          n_lanes++;
        }
    }
  g_assert_cmpuint (n_lanes, >, 1);
  /* no such rank or stream */
  g_assert_null (hp_idle_gaps_get_lane (gaps, 99, 0));
  g_assert_null (hp_idle_gaps_find_stream (gaps, 0, HP_NONE, 123456));
}

/* A row's events from the payload are those the registry's hook finds */
static void
test_row_events (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("hta_trace_filter_2ranks", HP_MODE_DEFAULT);
  HpAnalysisParams params;
  g_autoptr (HpResult) result = NULL;
  HpTable *table;
  guint    linked_rows = 0;

  hp_analysis_params_init (&params);
  hp_analysis_params_set_boolean (&params, &hp_idle_time_show_idle_interval_stats_spec, TRUE);
  result = hp_analysis_compute (hp_analysis_find ("idle_time_breakdown"), trace, &params, NULL, NULL);
  hp_analysis_params_clear (&params);
  g_assert_nonnull (result);
  for (guint t = 0; t < hp_result_get_tables (result)->len; t++)
    {
      table = hp_result_get_tables (result)->pdata[t];
      for (guint row = 0; row < hp_table_get_n_rows (table); row++)
        {
          g_autoptr (HpLinkedEvents) ours = hp_result_row_events (result, trace, table, row);
          g_autoptr (HpLinkedEvents) again = hp_analysis_row_events (trace, table, row, hp_result_get_params (result));

          g_assert_true ((ours == NULL) == (again == NULL));
          if (ours == NULL)
            continue;
          g_assert_cmpuint (ours->events->len, ==, again->events->len);
          g_assert_cmpmem (ours->events->data, ours->events->len * sizeof (guint32), again->events->data,
                           again->events->len * sizeof (guint32));
          g_assert_cmpuint (ours->focus_index, ==, again->focus_index);
          g_assert_cmpstr (ours->description, ==, again->description);
          linked_rows++;
        }
    }
  g_assert_cmpuint (linked_rows, >, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/core/idle-gaps/payload/default", GINT_TO_POINTER (HP_MODE_DEFAULT), test_payload);
  g_test_add_data_func ("/core/idle-gaps/payload/hta-compat", GINT_TO_POINTER (HP_MODE_HTA_COMPAT), test_payload);
  g_test_add_func ("/core/idle-gaps/row-events", test_row_events);

  return g_test_run ();
}
