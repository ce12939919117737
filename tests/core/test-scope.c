/* test-scope.c — scopes: parsing, the rows each keeps per mode, and every
 * analysis on a scope against hand-computed numbers and against the same
 * analysis on a trace cut to the scope.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* tests/data/edge/scope-steps.json, aligned to its first event (1000 us):
 * steps 1 [0, 100) and 2 [100, 200); "## fwd ##" at [5, 45) and [105, 145);
 * kernels gemm [20, 50) and [60, 110) launched in step 1 (the second from
 * outside "## fwd ##"), relu [120, 140) and gemm [160, 190) in step 2 (the
 * relu from inside it). */
static HpTrace *
load_steps (HpMode mode)
{
  g_autofree char *path = hp_test_data_path ("edge", "scope-steps.json", NULL);
  HpLoadOptions    options = { 0 };

  options.mode = mode;
  options.include_last_step = TRUE;
  return hp_test_load_with_options (path, &options);
}

static HpTable *
temporal (HpTrace       *trace,
          const HpScope *scope)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) scoped = hp_trace_apply_scope (trace, scope, &error);
  g_autoptr (GPtrArray) tables = NULL;

  g_assert_no_error (error);
  tables = hp_test_run (hp_temporal_breakdown_compute, scoped, NULL);
  return hp_table_ref (hp_test_table_at (tables, 0, "temporal_breakdown"));
}

/* kernel span, busy and idle time of rank 0, us */
static void
assert_times (HpTrace       *trace,
              const HpScope *scope,
              double         kernel_time,
              double         compute_time,
              double         idle_time)
{
  g_autoptr (HpTable) t = temporal (trace, scope);
  g_autofree char *what = hp_scope_to_string (scope);

  g_test_message ("scope %s", what);
  hp_test_assert_close (hp_test_cell (t, 0, "kernel_time(us)"), kernel_time);
  hp_test_assert_close (hp_test_cell (t, 0, "compute_time(us)"), compute_time);
  hp_test_assert_close (hp_test_cell (t, 0, "idle_time(us)"), idle_time);
}

static void
test_scope_parse (void)
{
  struct
  {
    const char *text;
    const char *canonical;
  } good[] = {
    { "whole", "whole" },
    { "all", "whole" },
    { "step:12", "step:12" },
    { "range:1500-2500.5", "range:1500-2500.500" },
    { "range:0.001-3", "range:0.001-3" },
    { "range:-20-10", "range:-20-10" },
    { "annotation:## backward ##", "annotation:## backward ##" },
    { "annotation:## backward ###3", "annotation:## backward ###3" },
    { "annotation:layer#-1", "annotation:layer#-1" },
    { "annotation:ProfilerStep#4#0", "annotation:ProfilerStep#4#0" },
  };
  const char *bad[] = { "", "step:", "step:-1", "step:x", "range:5-1", "range:1-1", "range:a-b",
                        "range:1", "range:1-1e40", "annotation:", "steps:1", "1-2" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HpScope) scope = hp_scope_parse (good[i].text, &error);
      g_autoptr (HpScope) again = NULL;
      g_autofree char *text = NULL;

      g_assert_no_error (error);
      text = hp_scope_to_string (scope);
      g_assert_cmpstr (text, ==, good[i].canonical);
      again = hp_scope_parse (text, &error);
      g_assert_no_error (error);
      g_assert_true (hp_scope_equal (scope, again));
      g_assert_cmpuint (hp_scope_hash (scope), ==, hp_scope_hash (again));
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HpScope) scope = hp_scope_parse (bad[i], &error);

      g_assert_null (scope);
      g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }

  {
    g_autoptr (HpScope) a = hp_scope_parse ("annotation:ProfilerStep#4#0", NULL);
    g_autoptr (HpScope) r = hp_scope_parse ("range:1500-2500.5", NULL);

    g_assert_cmpstr (hp_scope_get_annotation (a), ==, "ProfilerStep#4");
    g_assert_cmpint (hp_scope_get_instance (a), ==, 0);
    g_assert_cmpint (hp_scope_get_range (r).start, ==, 1500000);
    g_assert_cmpint (hp_scope_get_range (r).end, ==, 2500500);
  }
}

static void
test_scope_describe (void)
{
  g_autoptr (HpScope) whole = hp_scope_new_whole ();
  g_autoptr (HpScope) step = hp_scope_new_step (12);
  g_autoptr (HpScope) range = hp_scope_new_range (hp_time_span_make (12500000, 40000000));
  g_autoptr (HpScope) ann = hp_scope_new_annotation ("## backward ##", 3);
  g_autoptr (HpScope) all = hp_scope_new_annotation ("## backward ##", HP_SCOPE_ALL_INSTANCES);
  g_autofree char *a = hp_scope_describe (whole);
  g_autofree char *b = hp_scope_describe (step);
  g_autofree char *c = hp_scope_describe (range);
  g_autofree char *d = hp_scope_describe (ann);
  g_autofree char *e = hp_scope_describe (all);

  g_assert_cmpstr (a, ==, "Whole trace");
  g_assert_cmpstr (b, ==, "Step 12");
  g_assert_cmpstr (c, ==, "12.500 ms – 40.000 ms");
  g_assert_cmpstr (d, ==, "## backward ## #3");
  g_assert_cmpstr (e, ==, "## backward ## (all)");
  g_assert_false (hp_scope_equal (step, whole));
  g_assert_true (hp_scope_is_whole (NULL));
  g_assert_true (hp_scope_is_whole (whole));
}

static void
test_scope_default_mode (void)
{
  g_autoptr (HpTrace) trace = load_steps (HP_MODE_DEFAULT);
  g_autoptr (HpScope) whole = hp_scope_new_whole ();
  g_autoptr (HpScope) step1 = hp_scope_new_step (1);
  g_autoptr (HpScope) step2 = hp_scope_new_step (2);
  g_autoptr (HpScope) range = hp_scope_new_range (hp_time_span_make (0, 100000));
  g_autoptr (HpScope) late = hp_scope_new_range (hp_time_span_make (100000, 200000));
  g_autoptr (HpScope) fwd0 = hp_scope_new_annotation ("## fwd ##", 0);
  g_autoptr (HpScope) fwd_last = hp_scope_new_annotation ("## fwd ##", -1);
  g_autoptr (HpScope) fwd = hp_scope_new_annotation ("## fwd ##", HP_SCOPE_ALL_INSTANCES);

  /* kernels [20,50) [60,110) [120,140) [160,190): span 170, busy 130 */
  assert_times (trace, whole, 170, 130, 40);
  /* launched in step 1: [20,50) [60,110) */
  assert_times (trace, step1, 90, 80, 10);
  assert_times (trace, step2, 70, 50, 20);
  /* overlapping [0,100), clipped: [20,50) [60,100) */
  assert_times (trace, range, 80, 70, 10);
  /* [100,110) clipped, [120,140), [160,190) */
  assert_times (trace, late, 90, 60, 30);
  /* launched inside an instance */
  assert_times (trace, fwd0, 30, 30, 0);
  assert_times (trace, fwd_last, 20, 20, 0);
  assert_times (trace, fwd, 120, 50, 70);
}

static void
test_scope_compat_mode (void)
{
  g_autoptr (HpTrace) trace = load_steps (HP_MODE_HTA_COMPAT);
  g_autoptr (HpScope) step1 = hp_scope_new_step (1);
  g_autoptr (HpScope) range = hp_scope_new_range (hp_time_span_make (0, 100000));
  g_autoptr (HpScope) fwd = hp_scope_new_annotation ("## fwd ##", HP_SCOPE_ALL_INSTANCES);

  assert_times (trace, step1, 90, 80, 10);
  /* HTA's TimeRangeFilter keeps the events wholly inside: [20,50) only */
  assert_times (trace, range, 30, 30, 0);
  assert_times (trace, fwd, 120, 50, 70);
}

static void
test_scope_view (void)
{
  g_autoptr (HpTrace) trace = load_steps (HP_MODE_DEFAULT);
  g_autoptr (HpScope) step2 = hp_scope_new_step (2);
  g_autoptr (HpScope) range = hp_scope_new_range (hp_time_span_make (0, 100000));
  g_autoptr (HpScope) nowhere = hp_scope_new_step (7);
  g_autoptr (HpScope) no_name = hp_scope_new_annotation ("## nothing ##", 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) scoped = hp_trace_apply_scope (trace, step2, &error);
  g_autoptr (HpTrace) clipped = hp_trace_apply_scope (trace, range, &error);
  g_autoptr (HpTrace) same = hp_trace_apply_scope (trace, NULL, &error);
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (HpTimeSpan));
  const HpRank *whole_rank = hp_trace_get_rank (trace, 0);
  const HpRank *r = hp_trace_get_rank (scoped, 0);
  HpTrace      *empty;

  g_assert_no_error (error);
  g_assert_true (same == trace);
  g_assert_null (hp_trace_get_scope (trace));
  g_assert_true (hp_trace_get_scope (scoped) != NULL);
  g_assert_true (hp_trace_get_unscoped (scoped) == trace);

  /* the view shares every column but the rows */
  g_assert_true (r->ts == whole_rank->ts);
  g_assert_cmpuint (r->n_events, ==, whole_rank->n_events);
  g_assert_cmpuint (r->n_iterations, ==, 1);
  g_assert_cmpint (r->iterations[0], ==, 2);
  for (guint k = 0; k < r->n_rows; k++)
    g_assert_cmpint (hp_rank_iteration (r, r->rows[k]), ==, 2);
  /* step 2: its annotation, the fwd range, two launches, two kernels */
  g_assert_cmpuint (r->n_rows, ==, 6);

  /* clipping copies the times, never changes the whole trace's */
  r = hp_trace_get_rank (clipped, 0);
  g_assert_true (r->ts != whole_rank->ts);
  for (guint e = 0; e < whole_rank->n_events; e++)
    if (whole_rank->ts[e] + hp_rank_dur (whole_rank, e) > 100000 && whole_rank->ts[e] < 100000)
      {
        g_assert_cmpint (r->ts[e] + hp_rank_dur (r, e), ==, 100000);
        g_assert_cmpint (whole_rank->ts[e] + hp_rank_dur (whole_rank, e), >, 100000);
      }

  g_assert_true (hp_scope_get_rank_spans (step2, trace, whole_rank, spans));
  g_assert_cmpuint (spans->len, ==, 1);
  g_assert_cmpint (g_array_index (spans, HpTimeSpan, 0).start, ==, 100000);
  g_assert_cmpint (g_array_index (spans, HpTimeSpan, 0).end, ==, 200000);

  empty = hp_trace_apply_scope (trace, nowhere, &error);
  g_assert_null (empty);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
  g_assert_nonnull (strstr (error->message, "its steps are 1 to 2"));
  g_clear_error (&error);
  empty = hp_trace_apply_scope (trace, no_name, &error);
  g_assert_null (empty);
  g_assert_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA);
}

/* Writes @src's events clipped to [start_us, end_us) of its aligned clock
 * (dropping those outside), metadata events kept: the trace a user would
 * cut by hand to look at that range alone. */
static char *
write_cut_trace (const char *src,
                 const char *dir,
                 double      origin_us,
                 double      start_us,
                 double      end_us)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  g_autofree char *out = g_build_filename (dir, "cut.json", NULL);
  JsonObject      *root;
  JsonArray       *events, *kept;
  double           lo = origin_us + start_us, hi = origin_us + end_us;

  json_parser_load_from_file (parser, src, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  events = json_object_get_array_member (root, "traceEvents");
  kept = json_array_new ();
  for (guint i = 0; i < json_array_get_length (events); i++)
    {
      JsonObject *ev = json_array_get_object_element (events, i);
      const char *ph = json_object_get_string_member_with_default (ev, "ph", "");
      double      ts, end;

      if (strcmp (ph, "X") != 0)
        {
          if (strcmp (ph, "M") == 0)
            json_array_add_element (kept, json_node_copy (json_array_get_element (events, i)));
          continue;
        }
      ts = json_object_get_double_member (ev, "ts");
      end = ts + json_object_get_double_member_with_default (ev, "dur", 0);
      if (end <= lo || ts >= hi)
        continue;
      json_object_set_double_member (ev, "ts", MAX (ts, lo));
      json_object_set_double_member (ev, "dur", MIN (end, hi) - MAX (ts, lo));
      json_array_add_element (kept, json_node_copy (json_array_get_element (events, i)));
    }
  json_object_set_array_member (root, "traceEvents", kept);
  json_generator_set_root (gen, json_parser_get_root (parser));
  json_generator_to_file (gen, out, &error);
  g_assert_no_error (error);
  return g_steal_pointer (&out);
}

/* `report --scope range:` equals `report` on the trace cut to the range,
 * for the analyses whose tables hold no absolute times or iterations */
static void
test_scope_equals_cut_trace (void)
{
  const char      *names[] = { "temporal_breakdown", "gpu_kernel_breakdown", "comm_comp_overlap",
                               "idle_time_breakdown" };
  g_autofree char *src = hp_test_data_path ("edge", "scope-steps.json", NULL);
  g_autofree char *dir = g_dir_make_tmp ("hotpath-scope-XXXXXX", NULL);
  HpTimeSpan       spans[] = { { 0, 100000 }, { 30000, 150000 }, { 55000, 185000 } };

  for (guint s = 0; s < G_N_ELEMENTS (spans); s++)
    {
      g_autoptr (HpTrace) trace = load_steps (HP_MODE_DEFAULT);
      g_autoptr (HpScope) scope = hp_scope_new_range (spans[s]);
      g_autoptr (HpTrace) scoped = hp_trace_apply_scope (trace, scope, NULL);
      g_autofree char *cut_path =
          write_cut_trace (src, dir, 1000, spans[s].start / 1000.0, spans[s].end / 1000.0);
      HpLoadOptions options = { 0 };
      g_autoptr (HpTrace) cut = NULL;

      options.include_last_step = TRUE;
      cut = hp_test_load_with_options (cut_path, &options);
      for (guint a = 0; a < G_N_ELEMENTS (names); a++)
        {
          const HpAnalysis *analysis = hp_analysis_find (names[a]);
          g_autoptr (GPtrArray) ours = hp_analysis_run (analysis, scoped, NULL, NULL, NULL);
          g_autoptr (GPtrArray) theirs = hp_analysis_run (analysis, cut, NULL, NULL, NULL);

          g_assert_nonnull (ours);
          g_assert_nonnull (theirs);
          g_assert_cmpuint (ours->len, ==, theirs->len);
          for (guint t = 0; t < ours->len; t++)
            {
              g_autofree char *a_csv = hp_table_to_csv (ours->pdata[t]);
              g_autofree char *b_csv = hp_table_to_csv (theirs->pdata[t]);

              g_test_message ("%s, range %u", hp_table_get_name (ours->pdata[t]), s);
              g_assert_cmpstr (a_csv, ==, b_csv);
            }
        }
      g_unlink (cut_path);
    }
  g_rmdir (dir);
}

/* On a real two-rank trace: per step, the kernel time of a step scope adds
 * up with the other steps' to no more than the whole, and every scope's
 * numbers come from its own rows only. */
static void
test_scope_real_trace_steps (void)
{
  g_autofree char *path = hp_test_data_path ("hta_trace_filter_2ranks", NULL);
  HpLoadOptions    options = { .include_last_step = TRUE };
  g_autoptr (HpTrace) trace = hp_test_load_with_options (path, &options);
  const HpRank *r0 = hp_trace_get_rank (trace, 0);
  guint64       total_rows = 0, whole_rows = 0;

  g_assert_cmpuint (r0->n_iterations, >=, 2);
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    for (guint j = 0; j < hp_trace_get_rank (trace, k)->n_rows; j++)
      {
        const HpRank *r = hp_trace_get_rank (trace, k);

        if (hp_rank_iteration (r, r->rows[j]) >= 0)
          whole_rows++;
      }
  for (guint i = 0; i < r0->n_iterations; i++)
    {
      g_autoptr (HpScope) scope = hp_scope_new_step (r0->iterations[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (HpTrace) scoped = hp_trace_apply_scope (trace, scope, &error);

      g_assert_no_error (error);
      for (guint k = 0; k < hp_trace_get_n_ranks (scoped); k++)
        total_rows += hp_trace_get_rank (scoped, k)->n_rows;
    }
  /* the steps partition the rows that have an iteration */
  g_assert_cmpuint (total_rows, ==, whole_rows);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/scope/parse", test_scope_parse);
  g_test_add_func ("/core/scope/describe", test_scope_describe);
  g_test_add_func ("/core/scope/default-mode", test_scope_default_mode);
  g_test_add_func ("/core/scope/compat-mode", test_scope_compat_mode);
  g_test_add_func ("/core/scope/view", test_scope_view);
  g_test_add_func ("/core/scope/equals-cut-trace", test_scope_equals_cut_trace);
  g_test_add_func ("/core/scope/real-trace-steps", test_scope_real_trace_steps);

  return g_test_run ();
}
