/* test-linked-events.c — linked views: the events behind rows of the Kernels, Launches and Idle time tables.
 *
 * Each row's events are checked against the row's own numbers, computed by
 * the analysis from the same trace: counts, sums, durations and gaps.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* us, as the tables round them (2 decimals) */
#define EPSILON_US 0.0051

static GPtrArray *
run_analysis (HpTrace                *trace,
              const char             *name,
              const HpAnalysisParams *params)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *tables = hp_analysis_run (hp_analysis_find (name), trace, params, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (tables);
  return tables;
}

static HpTable *
find_table (GPtrArray  *tables,
            const char *name)
{
  for (guint i = 0; i < tables->len; i++)
    if (g_strcmp0 (hp_table_get_name (tables->pdata[i]), name) == 0)
      return tables->pdata[i];
  g_assert_not_reached ();
  return NULL;
}

static guint
column (HpTable    *table,
        const char *name)
{
  int c = hp_table_find_column (table, name);

  g_assert_cmpint (c, >=, 0);
  return (guint)c;
}

/* a numeric cell, whatever its column type */
static double
number (HpTable    *table,
        guint       row,
        const char *name)
{
  guint c = column (table, name);

  if (hp_table_get_column_type (table, c) == HP_COLUMN_INT)
    return (double)hp_table_get_int (table, row, c);
  return hp_table_get_double (table, row, c);
}

static void
assert_sorted_unique (const HpRank *r,
                      GArray       *events)
{
  for (guint i = 1; i < events->len; i++)
    {
      guint32 a = g_array_index (events, guint32, i - 1);
      guint32 b = g_array_index (events, guint32, i);

      g_assert_true (r->ts[a] < r->ts[b] || (r->ts[a] == r->ts[b] && a < b));
    }
}

/* Every row of the kernels table: as many instances as its count, with
 * its name, type and total time */
static void
check_kernel_rows (HpTrace *trace,
                   HpTable *kernels)
{
  guint c_name = column (kernels, "name");
  guint c_type = column (kernels, "kernel_type");
  guint c_rank = column (kernels, "rank");
  guint c_count = column (kernels, "count");
  guint c_sum = column (kernels, "sum (us)");
  guint n_others = 0;

  g_assert_cmpuint (hp_table_get_n_rows (kernels), >, 0);
  for (guint row = 0; row < hp_table_get_n_rows (kernels); row++)
    {
      g_autoptr (HpLinkedEvents) linked = hp_analysis_row_events (trace, kernels, row, NULL);
      const char   *name = hp_table_get_string (kernels, row, c_name);
      const char   *type = hp_table_get_string (kernels, row, c_type);
      int           rank = (int)hp_table_get_int (kernels, row, c_rank);
      const HpRank *r = hp_trace_find_rank (trace, rank);
      gint64        sum_ns = 0;

      g_assert_nonnull (linked);
      g_assert_cmpint (linked->rank, ==, rank);
      g_assert_cmpint (linked->focus, ==, HP_LINKED_FOCUS_ONE);
      g_assert_cmpuint (linked->focus_index, ==, 0);
      g_assert_null (linked->gaps);
      g_assert_nonnull (linked->description);
      g_assert_cmpint (linked->events->len, ==, hp_table_get_int (kernels, row, c_count));
      assert_sorted_unique (r, linked->events);

      for (guint i = 0; i < linked->events->len; i++)
        {
          guint32 e = g_array_index (linked->events, guint32, i);

          g_assert_true (r->flags[e] & HP_EVENT_G1);
          g_assert_cmpstr (hp_kernel_class_to_string (r->kclass[e]), ==, type);
          if (g_str_equal (name, "others"))
            {
              /* no kernel with a row of its own on this rank */
              for (guint other = 0; other < hp_table_get_n_rows (kernels); other++)
                if (hp_table_get_int (kernels, other, c_rank) == rank &&
                    g_strcmp0 (hp_table_get_string (kernels, other, c_type), type) == 0)
                  g_assert_cmpstr (hp_trace_get_string (trace, r->name[e]), !=, hp_table_get_string (kernels, other, c_name));
            }
          else
            g_assert_cmpstr (hp_trace_get_string (trace, r->name[e]), ==, name);
          sum_ns += hp_rank_dur (r, e);
        }
      g_assert_cmpfloat_with_epsilon (hp_ns_to_us (sum_ns), hp_table_get_double (kernels, row, c_sum), EPSILON_US);
      n_others += g_str_equal (name, "others");
    }
  g_test_message ("%u rows, %u of them others", hp_table_get_n_rows (kernels), n_others);
}

static void
test_kernels (HpTestTraceFixture *fixture,
              gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisParams *params = &fixture->params;
  g_autoptr (GPtrArray) tables = NULL;
  HpTable *kernels;
  tables = run_analysis (trace, "gpu_kernel_breakdown", params);
  kernels = find_table (tables, "gpu_kernel_breakdown_kernels");
  g_assert_true (hp_analysis_table_has_row_events (kernels));
  g_assert_false (hp_analysis_table_has_row_events (find_table (tables, "gpu_kernel_breakdown_kernel_type")));
  check_kernel_rows (trace, kernels);

  /* three names a type: most kernels go to others */
  g_clear_pointer (&tables, g_ptr_array_unref);
  hp_analysis_params_set_int (params, &hp_kernel_breakdown_num_kernels_spec, 3);
  hp_analysis_params_set_boolean (params, &hp_kernel_breakdown_include_memory_kernels_spec, FALSE);
  tables = run_analysis (trace, "gpu_kernel_breakdown", params);
  check_kernel_rows (trace, find_table (tables, "gpu_kernel_breakdown_kernels"));
}

/* Every launch: its call and its kernels, with the row's durations and
 * launch delay */
static void
test_launches (HpTestTraceFixture *fixture,
               gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisParams *params = &fixture->params;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (GHashTable) rows_per_launch = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  HpTable *stats;
  guint    c_rank, c_corr, c_cpu, c_gpu, c_delay;
  tables = run_analysis (trace, "cuda_kernel_launch_stats", params);
  stats = find_table (tables, "cuda_kernel_launch_stats");
  g_assert_true (hp_analysis_table_has_row_events (stats));
  g_assert_false (hp_analysis_table_has_row_events (find_table (tables, "cuda_kernel_launch_stats_summary")));
  c_rank = column (stats, "rank");
  c_corr = column (stats, "correlation");
  c_cpu = column (stats, "cpu_duration");
  c_gpu = column (stats, "gpu_duration");
  c_delay = column (stats, "launch_delay");

  /* a launch has one row per GPU event it started */
  for (guint row = 0; row < hp_table_get_n_rows (stats); row++)
    {
      g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT, hp_table_get_int (stats, row, c_rank),
                                              hp_table_get_int (stats, row, c_corr));
      guint            n = GPOINTER_TO_UINT (g_hash_table_lookup (rows_per_launch, key));

      g_hash_table_insert (rows_per_launch, g_steal_pointer (&key), GUINT_TO_POINTER (n + 1));
    }

  g_assert_cmpuint (hp_table_get_n_rows (stats), >, 1000);
  for (guint row = 0; row < hp_table_get_n_rows (stats); row++)
    {
      g_autoptr (HpLinkedEvents) linked = hp_analysis_row_events (trace, stats, row, NULL);
      int              rank = (int)hp_table_get_int (stats, row, c_rank);
      gint64           corr = hp_table_get_int (stats, row, c_corr);
      const HpRank    *r = hp_trace_find_rank (trace, rank);
      g_autofree char *key = g_strdup_printf ("%d/%" G_GINT64_FORMAT, rank, corr);
      guint32          launch, kernel;

      g_assert_nonnull (linked);
      g_assert_cmpint (linked->rank, ==, rank);
      g_assert_cmpint (linked->focus, ==, HP_LINKED_FOCUS_ALL);
      assert_sorted_unique (r, linked->events);
      /* the launch call, then one GPU event per row of this launch */
      g_assert_cmpuint (linked->events->len, ==, 1 + GPOINTER_TO_UINT (g_hash_table_lookup (rows_per_launch, key)));
      launch = g_array_index (linked->events, guint32, 0);
      g_assert_cmpint (r->kind[launch], ==, HP_EVENT_KIND_RUNTIME);
      g_assert_cmpint (hp_rank_correlation (r, launch), ==, corr);
      g_assert_cmpfloat_with_epsilon (hp_ns_to_us (hp_rank_dur (r, launch)), hp_table_get_double (stats, row, c_cpu), EPSILON_US);
      for (guint i = 1; i < linked->events->len; i++)
        {
          kernel = g_array_index (linked->events, guint32, i);
          g_assert_true (r->flags[kernel] & HP_EVENT_G1);
          g_assert_cmpint (hp_rank_correlation (r, kernel), ==, corr);
        }
      if (linked->events->len == 2)
        {
          kernel = g_array_index (linked->events, guint32, 1);
          g_assert_cmpfloat_with_epsilon (hp_ns_to_us (hp_rank_dur (r, kernel)), hp_table_get_double (stats, row, c_gpu), EPSILON_US);
          g_assert_cmpfloat_with_epsilon (hp_ns_to_us (MAX (r->ts[kernel] - hp_rank_end (r, launch), 0)),
                                          hp_table_get_double (stats, row, c_delay), EPSILON_US);
        }
    }
}

/* Every idle row: as many gaps as the interval statistics count, the
 * longest in focus and as long as their max, summing to the idle time */
static void
check_idle (HpTrace *trace,
            HpMode   mode)
{
  HpAnalysisParams params;
  g_autoptr (GPtrArray) tables = NULL;
  HpTable *idle, *stats;
  guint    n_checked = 0;

  hp_analysis_params_init (&params);
  hp_analysis_params_set_boolean (&params, &hp_idle_time_show_idle_interval_stats_spec, TRUE);
  hp_analysis_params_set_double (&params, &hp_idle_time_consecutive_kernel_delay_spec, 20);
  tables = run_analysis (trace, "idle_time_breakdown", &params);
  idle = find_table (tables, "idle_time_breakdown");
  stats = find_table (tables, "idle_time_interval_stats");
  g_assert_true (hp_analysis_table_has_row_events (idle));
  g_assert_true (hp_analysis_table_has_row_events (stats));
  g_assert_cmpint (hp_table_find_column (stats, "device") >= 0, ==, mode == HP_MODE_DEFAULT);

  for (guint row = 0; row < hp_table_get_n_rows (stats); row++)
    {
      g_autoptr (HpLinkedEvents) linked = hp_analysis_row_events (trace, stats, row, &params);
      gint64        count = (gint64)number (stats, row, "count");
      const HpRank *r = hp_trace_find_rank (trace, (int)hp_table_get_int (stats, row, column (stats, "rank")));
      gint64        stream = hp_table_get_int (stats, row, column (stats, "stream"));
      const char   *category = hp_table_get_string (stats, row, column (stats, "idle_category"));
      gint64        sum_ns = 0;

      if (count == 0)
        {
          g_assert_null (linked);
          continue;
        }
      g_assert_nonnull (linked);
      g_assert_cmpint (linked->focus, ==, HP_LINKED_FOCUS_GAP);
      g_assert_cmpint (linked->events->len, ==, count);
      g_assert_nonnull (linked->gaps);
      g_assert_cmpuint (linked->gaps->len, ==, linked->events->len);
      g_assert_cmpuint (linked->focus_index, <, linked->events->len);
      assert_sorted_unique (r, linked->events);
      for (guint i = 0; i < linked->events->len; i++)
        {
          guint32            e = g_array_index (linked->events, guint32, i);
          const HpLinkedGap *gap = &g_array_index (linked->gaps, HpLinkedGap, i);
          const HpLinkedGap *longest = &g_array_index (linked->gaps, HpLinkedGap, linked->focus_index);

          g_assert_cmpint (hp_rank_stream (r, e), ==, stream);
          /* a gap ends where its kernel starts */
          g_assert_cmpint (gap->end, ==, r->ts[e]);
          g_assert_cmpint (gap->end - gap->start, <=, longest->end - longest->start);
          sum_ns += gap->end - gap->start;
        }
      {
        const HpLinkedGap *longest = &g_array_index (linked->gaps, HpLinkedGap, linked->focus_index);

        g_assert_cmpfloat_with_epsilon (hp_ns_to_us (longest->end - longest->start),
                                        hp_table_get_double (stats, row, column (stats, "max")), EPSILON_US);
        g_assert_cmpfloat_with_epsilon (hp_ns_to_us (sum_ns) / (double)count,
                                        hp_table_get_double (stats, row, column (stats, "mean")), EPSILON_US);
      }

      /* the breakdown's row of the same stream and category */
      for (guint b = 0; b < hp_table_get_n_rows (idle); b++)
        if (hp_table_get_int (idle, b, column (idle, "rank")) == r->rank &&
            hp_table_get_int (idle, b, column (idle, "stream")) == stream &&
            g_strcmp0 (hp_table_get_string (idle, b, column (idle, "idle_category")), category) == 0)
          {
            g_autoptr (HpLinkedEvents) same = hp_analysis_row_events (trace, idle, b, &params);

            g_assert_nonnull (same);
            g_assert_cmpuint (same->events->len, ==, linked->events->len);
            g_assert_cmpuint (same->focus_index, ==, linked->focus_index);
            g_assert_cmpfloat_with_epsilon (hp_ns_to_us (sum_ns), hp_table_get_double (idle, b, column (idle, "idle_time")),
                                            EPSILON_US);
            n_checked++;
          }
    }
  g_assert_cmpuint (n_checked, >, 10);
  hp_analysis_params_clear (&params);
}

static void
test_idle (HpTestTraceFixture *fixture,
           gconstpointer       data)
{
  HpTrace *trace = fixture->trace;

  check_idle (trace, HP_MODE_DEFAULT);
}

static void
test_idle_compat (HpTestTraceFixture *fixture,
                  gconstpointer       data)
{
  HpTrace *trace = fixture->compat;

  check_idle (trace, HP_MODE_HTA_COMPAT);
}

/* The span covers every event and gap; a copy is equal and independent */
static void
test_span_and_copy (HpTestTraceFixture *fixture,
                    gconstpointer       data)
{
  HpTrace          *trace = fixture->trace;
  HpAnalysisParams *params = &fixture->params;
  g_autoptr (GPtrArray) tables = NULL;
  g_autoptr (HpLinkedEvents) linked = NULL;
  g_autoptr (HpLinkedEvents) copy = NULL;
  HpTable      *stats;
  const HpRank *r;
  gint64        start, end;
  guint32       first, last;
  tables = run_analysis (trace, "cuda_kernel_launch_stats", params);
  stats = find_table (tables, "cuda_kernel_launch_stats");

  /* the first launch with a launch delay */
  for (guint row = 0; row < hp_table_get_n_rows (stats) && linked == NULL; row++)
    if (hp_table_get_double (stats, row, column (stats, "launch_delay")) > 100)
      linked = hp_analysis_row_events (trace, stats, row, NULL);
  g_assert_nonnull (linked);
  r = hp_trace_find_rank (trace, linked->rank);
  hp_linked_events_get_span (linked, trace, &start, &end);
  first = g_array_index (linked->events, guint32, 0);
  last = g_array_index (linked->events, guint32, linked->events->len - 1);
  g_assert_cmpint (start, ==, r->ts[first]);
  g_assert_cmpint (end, ==, hp_rank_end (r, last));
  g_assert_cmpint (end - start, >, 100 * HP_NS_PER_US);

  copy = hp_linked_events_copy (linked);
  g_assert_true (copy->events != linked->events);
  g_assert_cmpint (copy->rank, ==, linked->rank);
  g_assert_cmpint (copy->focus, ==, linked->focus);
  g_assert_cmpstr (copy->description, ==, linked->description);
  g_assert_cmpmem (copy->events->data, copy->events->len * sizeof (guint32), linked->events->data,
                   linked->events->len * sizeof (guint32));
  g_assert_true (G_TYPE_IS_BOXED (HP_TYPE_LINKED_EVENTS));
}

/* Rows that stand for nothing: a rank not loaded, a kernel not in the
 * trace, a correlation no event has */
static void
test_no_events (HpTestTraceFixture *fixture,
                gconstpointer       data)
{
  HpTrace *trace = fixture->trace;
  g_autoptr (HpTable) kernels = hp_table_new ("gpu_kernel_breakdown_kernels", "Kernels");
  g_autoptr (HpTable) stats = hp_table_new ("cuda_kernel_launch_stats", "Launches");
  g_autoptr (HpTable) idle = hp_table_new ("idle_time_breakdown", "Idle");
  g_autoptr (HpTable) other = hp_table_new ("temporal_breakdown", "Temporal");
  g_autoptr (HpLinkedEvents) linked = NULL;
  guint row;

  hp_table_add_column (kernels, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (kernels, "kernel_type", HP_COLUMN_STRING, NULL);
  hp_table_add_column (kernels, "rank", HP_COLUMN_INT, NULL);
  row = hp_table_append_row (kernels);
  hp_table_set_string (kernels, row, 0, "no kernel is called this");
  hp_table_set_string (kernels, row, 1, "COMPUTATION");
  hp_table_set_int (kernels, row, 2, 0);
  row = hp_table_append_row (kernels);
  hp_table_set_string (kernels, row, 0, "ampere_sgemm_128x64_nn");
  hp_table_set_string (kernels, row, 1, "COMPUTATION");
  hp_table_set_int (kernels, row, 2, 7);
  row = hp_table_append_row (kernels);
  hp_table_set_string (kernels, row, 0, "ampere_sgemm_128x64_nn");
  hp_table_set_string (kernels, row, 1, "COMPUTATION");
  hp_table_set_int (kernels, row, 2, 1);
  g_assert_null (hp_analysis_row_events (trace, kernels, 0, NULL));
  g_assert_null (hp_analysis_row_events (trace, kernels, 1, NULL));
  /* the same row on a loaded rank does have events */
  linked = hp_analysis_row_events (trace, kernels, 2, NULL);
  g_assert_nonnull (linked);
  g_assert_cmpuint (linked->events->len, ==, 4);

  hp_table_add_column (stats, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (stats, "correlation", HP_COLUMN_INT, NULL);
  row = hp_table_append_row (stats);
  hp_table_set_int (stats, row, 0, 0);
  hp_table_set_int (stats, row, 1, 1);
  g_assert_null (hp_analysis_row_events (trace, stats, 0, NULL));

  hp_table_add_column (idle, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (idle, "stream", HP_COLUMN_INT, NULL);
  hp_table_add_column (idle, "idle_category", HP_COLUMN_STRING, NULL);
  row = hp_table_append_row (idle);
  hp_table_set_int (idle, row, 0, 0);
  hp_table_set_int (idle, row, 1, 999);
  hp_table_set_string (idle, row, 2, "host_wait");
  g_assert_null (hp_analysis_row_events (trace, idle, 0, NULL));

  g_assert_false (hp_analysis_table_has_row_events (other));
  g_assert_false (hp_analysis_table_has_row_events (NULL));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  hp_test_add_trace ("/core/linked-events/kernels", "hta_trace_filter_2ranks", hp_test_trace_setup_default,
                     test_kernels);
  hp_test_add_trace ("/core/linked-events/launches", "hta_trace_filter_2ranks", hp_test_trace_setup_default,
                     test_launches);
  hp_test_add_trace ("/core/linked-events/idle", "hta_trace_filter_2ranks", hp_test_trace_setup_default, test_idle);
  hp_test_add_trace ("/core/linked-events/idle-compat", "hta_trace_filter_2ranks", hp_test_trace_setup_compat,
                     test_idle_compat);
  hp_test_add_trace ("/core/linked-events/span-and-copy", "hta_trace_filter_2ranks", hp_test_trace_setup_default,
                     test_span_and_copy);
  hp_test_add_trace ("/core/linked-events/no-events", "hta_trace_filter_2ranks", hp_test_trace_setup_default,
                     test_no_events);

  return g_test_run ();
}
