/* test-series.c — HpSeries and the series the analyses make for the timeline's tracks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-core.h"
#include "hp-test-utils.h"

/* points at one time: the last holds, every one counts for the scale */
static void
test_points (void)
{
  g_autoptr (HpSeries) s = hp_series_new ("Memcpy HtoD", "GB/s", 3);

  g_assert_cmpstr (s->title, ==, "Memcpy HtoD");
  g_assert_cmpint (s->rank, ==, 3);
  g_assert_cmpint (s->key, ==, -1);
  g_assert_cmpint (s->peak, ==, -1);
  /* without an id, the title is its identity */
  g_assert_cmpstr (hp_series_get_id (s), ==, "Memcpy HtoD");
  hp_series_add_point (s, 100, 1.0);
  hp_series_add_point (s, 200, 5.0);
  hp_series_add_point (s, 200, 2.0);
  hp_series_add_point (s, 300, 4.0);
  hp_series_add_point (s, 400, 0.0);
  for (guint i = 0; i < 20; i++)
    hp_series_add_point (s, 1000 + i, (double)i / 10);

  g_assert_cmpuint (s->n_points, ==, 24);
  g_assert_cmpint (s->ts[1], ==, 200);
  g_assert_cmpfloat (s->values[1], ==, 2.0);
  /* the 5 at 200 stays the top of the scale, and its time is the peak */
  g_assert_cmpfloat (s->max_value, ==, 5.0);
  g_assert_cmpint (s->peak, ==, 1);
  g_assert_cmpint (s->ts[s->peak], ==, 200);

  g_assert_cmpuint (hp_series_count_until (s, 99), ==, 0);
  g_assert_cmpuint (hp_series_count_until (s, 100), ==, 1);
  g_assert_cmpuint (hp_series_count_until (s, 299), ==, 2);
  g_assert_cmpuint (hp_series_count_until (s, G_MAXINT64), ==, 24);
  g_assert_cmpfloat (hp_series_value_at (s, 50), ==, 0.0);
  g_assert_cmpfloat (hp_series_value_at (s, 250), ==, 2.0);
  g_assert_cmpfloat (hp_series_value_at (s, 399), ==, 4.0);
  g_assert_cmpfloat (hp_series_value_at (s, 1019), ==, 1.9);

  /* the unit goes in brackets after the name */
  {
    g_autofree char *title = hp_series_dup_title (s, NULL);

    g_assert_cmpstr (title, ==, "Memcpy HtoD (GB/s)");
  }
  /* shared by reference */
  hp_series_unref (hp_series_ref (s));
  g_assert_cmpuint (s->n_points, ==, 24);
}

/* a name made of words views translate, with the trace's words in it */
static void
test_title (void)
{
  g_autoptr (HpSeries) s = hp_series_new_translatable ("Queue · stream %s", "7", NULL, 0);
  g_autoptr (HpSeries) g = hp_series_new_translatable ("Allocated · %s", "cuda:1", "GB", 0);
  g_autofree char *title = hp_series_dup_title (s, NULL);
  g_autofree char *german = NULL;
  g_autofree char *allocated = hp_series_dup_title (g, NULL);
  char            *old_locale;

  g_assert_cmpstr (s->title, ==, "Queue · stream 7");
  g_assert_cmpstr (title, ==, "Queue · stream 7");
  g_assert_cmpstr (allocated, ==, "Allocated · cuda:1 (GB)");

  old_locale = hp_test_begin_german ();
  german = hp_series_dup_title (s, GETTEXT_PACKAGE);
  hp_test_end_german (old_locale);
  g_assert_cmpstr (german, ==, "Stream 7 · Warteschlange");
  /* the English name stays */
  g_assert_cmpstr (s->title, ==, "Queue · stream 7");
}

/* counters-queue.json (see test-counters.c): stream 7's queue is 1 2 3 2 1
 * at 10 12 14 20 30 us, then 2 and 1 at 40 (the last holds) and 0 at 50 */
static void
test_queue_series (HpTestTraceFixture *fixture,
                   gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) list = hp_counter_series_for_rank (trace, hp_trace_get_rank (trace, 0), NULL);
  static const gint64 ts[] = { 10, 12, 14, 20, 30, 40, 50 };
  static const double values[] = { 1, 2, 3, 2, 1, 1, 0 };
  const HpSeries     *s = NULL;

  g_assert_nonnull (list);
  for (guint i = 0; i < list->len; i++)
    {
      const HpSeries *c = list->pdata[i];

      g_assert_cmpint (c->rank, ==, 0);
      if (c->key == 7)
        s = c;
    }
  g_assert_nonnull (s);
  g_assert_cmpstr (s->title, ==, "Queue · stream 7");
  g_assert_cmpstr (hp_series_get_id (s), ==, "queue:stream:7");
  g_assert_true (s->integral);
  g_assert_null (s->unit);
  g_assert_cmpuint (s->n_points, ==, G_N_ELEMENTS (ts));
  for (guint i = 0; i < G_N_ELEMENTS (ts); i++)
    {
      g_assert_cmpint (s->ts[i], ==, ts[i] * 1000);
      g_assert_cmpfloat (s->values[i], ==, values[i]);
    }
  g_assert_cmpfloat (s->max_value, ==, 3);
  g_assert_cmpint (s->ts[s->peak], ==, 14000);
}

/* counters-memory.json: Memcpy DtoD, HtoD and Memset, in GB/s */
static void
test_memory_bw_series (HpTestTraceFixture *fixture,
                       gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (GPtrArray) list = hp_counter_series_for_rank (trace, hp_trace_get_rank (trace, 0), NULL);
  static const char *const names[] = { "Memcpy DtoD", "Memcpy HtoD", "Memset" };
  const HpSeries          *dtod;

  g_assert_cmpuint (list->len, ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < list->len; i++)
    {
      const HpSeries *c = list->pdata[i];

      g_autofree char *id = g_strconcat ("memory_bw:", names[i], NULL);

      g_assert_cmpstr (c->title, ==, names[i]);
      g_assert_cmpstr (hp_series_get_id (c), ==, id);
      g_assert_cmpstr (c->unit, ==, "GB/s");
      g_assert_false (c->integral);
      for (guint p = 0; p < c->n_points; p++)
        g_assert_cmpfloat (c->values[p], >=, 0);
    }
  dtod = list->pdata[0];
  g_assert_cmpint (dtod->ts[0], ==, 0);
  g_assert_cmpint (dtod->ts[1], ==, 5000);
  hp_test_assert_close (dtod->values[1], 0.30000000000000004);
}

/* edge/memory-events.json (see test-memory.c): the memory analysis'
 * payload has, per device, the allocated bytes with the peak (8000 B at
 * 210 us on cuda:0, in kB) and the reserved bytes when the events carry
 * them (in kB: 10000 B at the end) */
static void
test_memory_series (HpTestTraceFixture *fixture,
                    gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  const HpAnalysis *analysis = hp_analysis_find ("memory");
  HpAnalysisParams  params;
  g_autoptr (HpResult) result = NULL;
  g_autoptr (GError) error = NULL;
  GPtrArray      *list;
  const HpSeries *cpu = NULL, *cuda = NULL, *reserved = NULL;

  hp_analysis_params_init (&params);
  result = hp_analysis_compute (analysis, trace, &params, NULL, &error);
  hp_analysis_params_clear (&params);
  g_assert_no_error (error);
  list = hp_result_get_payload (result);
  g_assert_nonnull (list);
  for (guint i = 0; i < list->len; i++)
    {
      const HpSeries *s = list->pdata[i];

      g_assert_true (s->mark_peak);
      if (g_str_equal (s->title, "Allocated · cpu"))
        cpu = s;
      else if (g_str_equal (s->title, "Allocated · cuda:0"))
        cuda = s;
      else if (g_str_equal (s->title, "Reserved · cuda:0"))
        reserved = s;
    }
  g_assert_nonnull (cpu);
  g_assert_nonnull (cuda);
  g_assert_nonnull (reserved);
  g_assert_cmpstr (hp_series_get_id (cpu), ==, "memory:cpu:allocated");
  g_assert_cmpstr (hp_series_get_id (cuda), ==, "memory:cuda:0:allocated");
  g_assert_cmpstr (hp_series_get_id (reserved), ==, "memory:cuda:0:reserved");

  g_assert_cmpuint (cpu->n_points, ==, 1);
  g_assert_cmpint (cpu->ts[0], ==, 20000);
  g_assert_cmpstr (cpu->unit, ==, "B");
  g_assert_cmpfloat (cpu->values[0], ==, 64);

  g_assert_cmpuint (cuda->n_points, ==, 4);
  g_assert_cmpstr (cuda->unit, ==, "kB");
  g_assert_cmpint (cuda->ts[0], ==, 10000);
  g_assert_cmpfloat (cuda->values[0], ==, 5);
  g_assert_cmpint (cuda->ts[cuda->peak], ==, 210000);
  g_assert_cmpfloat (cuda->max_value, ==, 8);
  g_assert_cmpfloat (hp_series_value_at (cuda, 450000), ==, 7);
  g_assert_cmpstr (reserved->unit, ==, "kB");
  g_assert_cmpfloat (reserved->values[reserved->n_points - 1], ==, 10);
  g_assert_cmpfloat (reserved->max_value, ==, 10);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/series/points", test_points);
  g_test_add_func ("/core/series/title", test_title);
  hp_test_add_trace ("/core/series/queue-length", "edge/counters-queue.json", hp_test_trace_setup_default,
                     test_queue_series);
  hp_test_add_trace ("/core/series/memory-bw", "edge/counters-memory.json", hp_test_trace_setup_default,
                     test_memory_bw_series);
  hp_test_add_trace ("/core/series/memory", "edge/memory-events.json", hp_test_trace_setup_default, test_memory_series);

  return g_test_run ();
}
