/* test-health.c — the trace health report on public traces and hand-made broken ones.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "hp-core.h"
#include "hp-test-utils.h"

static HpTrace *
load (const char *first,
      const char *second,
      HpMode      mode)
{
  g_autofree char *path = hp_test_data_path (first, second, NULL);
  g_autoptr (GError) error = NULL;
  HpLoadOptions options = { 0 };
  HpTrace      *trace;

  options.mode = mode;
  trace = hp_load_path (path, &options, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

/* The only finding with @code about @rank; fails if there are several. */
static const HpHealthFinding *
find (HpHealthReport *report,
      int             rank,
      const char     *code)
{
  const HpHealthFinding *found = NULL;

  for (guint k = 0; k < hp_health_report_get_n_findings (report); k++)
    {
      const HpHealthFinding *f = hp_health_report_get_finding (report, k);

      if (f->rank == rank && g_str_equal (f->code, code))
        {
          g_assert_null (found);
          found = f;
        }
    }
  return found;
}

static guint
analysis_index (const char *name)
{
  guint                    n = 0;
  const HpAnalysis *const *list = hp_analysis_list (&n);

  for (guint a = 0; a < n; a++)
    if (g_str_equal (list[a]->name, name))
      return a;
  g_assert_not_reached ();
}

static HpHealthVerdict
verdict (HpHealthReport *report,
         int             rank,
         const char     *analysis)
{
  return hp_health_report_get_verdict (report, rank, analysis_index (analysis));
}

static guint
count_severity (HpHealthReport  *report,
                HpHealthSeverity severity)
{
  guint n = 0;

  for (guint k = 0; k < hp_health_report_get_n_findings (report); k++)
    n += hp_health_report_get_finding (report, k)->severity == severity;
  return n;
}

/* A clean public 2-rank job sampled from 128 ranks: one warning, the
 * ranks its files lack, then notes only; what it lacks (GPU annotations)
 * makes exactly the annotation analyses not applicable or cautious. */
static void
test_public_clean (void)
{
  g_autoptr (HpTrace) trace = load ("hta_trace_filter_2ranks", NULL, HP_MODE_DEFAULT);
  g_autoptr (HpHealthReport) report = hp_health_check (trace, NULL);
  const HpHealthFinding *f;

  g_assert_cmpuint (count_severity (report, HP_HEALTH_ERROR), ==, 0);
  g_assert_cmpuint (count_severity (report, HP_HEALTH_WARNING), ==, 1);
  g_assert_cmpint (hp_health_report_get_worst (report), ==, HP_HEALTH_WARNING);
  f = find (report, -1, "missing-ranks");
  g_assert_nonnull (f);
  g_assert_cmpuint (f->count, ==, 126);
  g_assert_nonnull (strstr (f->message, "the job has 128 ranks (distributedInfo) but 2 files: ranks 2–127 are "
                                        "missing from every table"));
  for (int rank = 0; rank < 2; rank++)
    {
      g_assert_nonnull (find (report, rank, "no-gpu-annotations"));
      g_assert_null (find (report, rank, "no-profiler-step"));
      g_assert_null (find (report, rank, "kernels-without-launch"));
      g_assert_null (find (report, rank, "overlapping-kernels"));
      g_assert_cmpint (verdict (report, rank, "temporal_breakdown"), ==, HP_HEALTH_TRUST);
      g_assert_cmpint (verdict (report, rank, "cuda_kernel_launch_stats"), ==, HP_HEALTH_TRUST);
      g_assert_cmpint (verdict (report, rank, "user_annotation_breakdown"), ==, HP_HEALTH_CAUTION);
      g_assert_cmpint (verdict (report, rank, "gpu_kernels_with_user_annotations"), ==,
                       HP_HEALTH_NOT_APPLICABLE);
      /* the last step was left out: counted, as a note */
      f = find (report, rank, "outside-kept-window");
      g_assert_nonnull (f);
      g_assert_cmpuint (f->count, ==, hp_trace_find_rank (trace, rank)->n_filtered);
      g_assert_cmpint (f->severity, ==, HP_HEALTH_INFO);
    }
  g_assert_null (find (report, -1, "clock-skew"));
  /* the job is sampled: of the seven SendRecv collectives of the window,
   * four ran on one rank only (tests/core/test-collectives.c) */
  f = find (report, -1, "unpaired-collectives");
  g_assert_nonnull (f);
  g_assert_cmpuint (f->count, ==, 4);
  g_assert_cmpint (f->severity, ==, HP_HEALTH_INFO);
  /* the traces name no process group: the default one, not `group ""` */
  g_assert_nonnull (strstr (f->message, "(the default group: 4;"));
  g_assert_null (strstr (f->message, "group \"\""));
}

/* A public trace without ProfilerStep: every analysis calls for caution. */
static void
test_public_no_steps (void)
{
  g_autoptr (HpTrace) trace = load ("hta_cp_simple_add", NULL, HP_MODE_DEFAULT);
  g_autoptr (HpHealthReport) report = hp_health_check (trace, NULL);
  const HpHealthFinding *f = find (report, 0, "no-profiler-step");
  guint                  n = 0;

  g_assert_nonnull (f);
  g_assert_cmpint (f->severity, ==, HP_HEALTH_WARNING);
  hp_analysis_list (&n);
  for (guint a = 0; a < n; a++)
    g_assert_cmpint (f->verdicts[a], ==, HP_HEALTH_CAUTION);
  g_assert_cmpint (verdict (report, 0, "idle_time_breakdown"), >=, HP_HEALTH_CAUTION);
}

/* The profiler's own log lines in the file become a finding. */
static void
test_public_profiler_messages (void)
{
  g_autoptr (HpTrace) trace = load ("hta_mtia_single_rank", NULL, HP_MODE_DEFAULT);
  g_autoptr (HpHealthReport) report = hp_health_check (trace, NULL);
  const HpHealthFinding *f = find (report, 0, "profiler-messages");

  g_assert_nonnull (f);
  g_assert_cmpuint (f->count, ==, 1);
  g_assert_nonnull (strstr (f->message, "gpuGetDeviceCount failed with code 35"));
}

static void
test_broken_folder (void)
{
  g_autoptr (HpTrace) trace = load ("edge", "health-broken", HP_MODE_DEFAULT);
  g_autoptr (HpHealthReport) report = hp_health_check (trace, NULL);
  g_autoptr (HpHealthReport) lenient = NULL;
  HpHealthOptions        options = { 0 };
  const HpHealthFinding *f;
  g_autofree char       *reasons = NULL;

  /* trace-b.json: no distributedInfo, no rank in its name */
  f = find (report, 1, "rank-from-order");
  g_assert_nonnull (f);
  g_assert_cmpint (f->severity, ==, HP_HEALTH_WARNING);
  g_assert_cmpstr (f->file, ==, "trace-b.json");
  g_assert_null (find (report, 0, "rank-from-order"));

  /* one orphan kernel per kept step (2 of 3 steps), each overlapping the
   * launched kernel before it on stream 7 */
  f = find (report, 1, "kernels-without-launch");
  g_assert_nonnull (f);
  g_assert_cmpuint (f->count, ==, 2);
  g_assert_nonnull (strstr (f->message, "2 of 4 kernels"));
  f = find (report, 1, "overlapping-kernels");
  g_assert_nonnull (f);
  g_assert_cmpuint (f->count, ==, 2);
  g_assert_null (find (report, 0, "kernels-without-launch"));
  g_assert_null (find (report, 0, "overlapping-kernels"));

  f = find (report, 1, "profiler-messages");
  g_assert_nonnull (f);
  g_assert_nonnull (strstr (f->message, "CUPTI activity buffer full"));

  /* rank 1 runs 2 s late on its own clock */
  f = find (report, -1, "clock-skew");
  g_assert_nonnull (f);
  g_assert_nonnull (strstr (f->message, "2000000 us later on rank 1 than on rank 0"));
  options.clock_skew_threshold_us = 3e6;
  lenient = hp_health_check (trace, &options);
  g_assert_null (find (lenient, -1, "clock-skew"));

  /* the verdicts: rank 0 is clean where rank 1 is not */
  g_assert_cmpint (verdict (report, 0, "cuda_kernel_launch_stats"), ==, HP_HEALTH_TRUST);
  g_assert_cmpint (verdict (report, 1, "cuda_kernel_launch_stats"), ==, HP_HEALTH_CAUTION);
  g_assert_cmpint (verdict (report, 0, "idle_time_breakdown"), ==, HP_HEALTH_TRUST);
  g_assert_cmpint (verdict (report, 1, "idle_time_breakdown"), ==, HP_HEALTH_CAUTION);
  g_assert_cmpint (verdict (report, 1, "comm_comp_overlap"), ==, HP_HEALTH_NOT_APPLICABLE);
  reasons = hp_health_report_get_reasons (report, 1, analysis_index ("cuda_kernel_launch_stats"));
  g_assert_nonnull (reasons);
  g_assert_nonnull (strstr (reasons, "rank 1: 2 of 4 kernels have no CPU launch"));
  g_assert_null (strstr (reasons, "rank 0"));
}

static void
test_absurd_times (void)
{
  g_autoptr (HpTrace) trace = load ("edge", "absurd-times", HP_MODE_DEFAULT);
  g_autoptr (HpHealthReport) report = hp_health_check (trace, NULL);
  const HpHealthFinding *f;

  /* rank 2 did not load */
  f = find (report, -1, "file-not-loaded");
  g_assert_nonnull (f);
  g_assert_cmpint (f->severity, ==, HP_HEALTH_ERROR);
  /* named as the user gave it */
  g_assert_true (g_str_has_suffix (f->file, G_DIR_SEPARATOR_S "rank-2.json"));
  g_assert_cmpint (hp_health_report_get_worst (report), ==, HP_HEALTH_ERROR);

  f = find (report, 1, "rejected-events");
  g_assert_nonnull (f);
  g_assert_cmpuint (f->count, ==, 5);
  g_assert_cmpint (f->verdicts[analysis_index ("temporal_breakdown")], ==, HP_HEALTH_CAUTION);
  /* its one step is the last, left out: no GPU work is left to analyse */
  g_assert_cmpint (verdict (report, 1, "temporal_breakdown"), ==, HP_HEALTH_NOT_APPLICABLE);
  g_assert_null (find (report, 0, "rejected-events"));
  g_assert_cmpint (verdict (report, 0, "temporal_breakdown"), ==, HP_HEALTH_TRUST);
}

/* A rank without steps next to a rank with four: HTA-compatibility mode
 * drops its events (every analysis is not applicable there), the default
 * mode keeps it whole (caution). */
static void
test_rank_without_steps (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hp-test-health-XXXXXX", &error);
  g_autofree char *src0 = hp_test_data_path ("edge", "one-bad-rank", "rank-0.json", NULL);
  g_autofree char *src1 = hp_test_data_path ("edge", "breakdowns-mixed-ranks", "rank-1.json", NULL);
  g_autofree char *dst0 = NULL;
  g_autofree char *dst1 = NULL;

  g_assert_no_error (error);
  dst0 = hp_test_copy_file (src0, dir, "rank-0.json");
  dst1 = hp_test_copy_file (src1, dir, "rank-1.json");
  /* one job: both ranks say world size 8 (different sizes are two jobs) */
  {
    g_autofree char *text = NULL;
    g_auto (GStrv) parts = NULL;
    g_autofree char *fixed = NULL;

    g_file_get_contents (dst1, &text, NULL, &error);
    g_assert_no_error (error);
    parts = g_strsplit (text, "\"world_size\": 2}", 2);
    g_assert_cmpuint (g_strv_length (parts), ==, 2);
    fixed = g_strjoinv ("\"world_size\": 8}", parts);
    g_file_set_contents (dst1, fixed, -1, &error);
    g_assert_no_error (error);
  }
  for (int m = 0; m < 2; m++)
    {
      HpMode        mode = m == 0 ? HP_MODE_HTA_COMPAT : HP_MODE_DEFAULT;
      HpLoadOptions options = { 0 };
      g_autoptr (HpTrace) trace = NULL;
      g_autoptr (HpHealthReport) report = NULL;
      const HpHealthFinding *f;

      options.mode = mode;
      trace = hp_load_path (dir, &options, NULL, &error);
      g_assert_no_error (error);
      report = hp_health_check (trace, NULL);
      f = find (report, 1, "no-profiler-step");
      g_assert_nonnull (f);
      g_assert_null (find (report, 0, "no-profiler-step"));
      if (mode == HP_MODE_HTA_COMPAT)
        {
          g_assert_cmpint (f->severity, ==, HP_HEALTH_ERROR);
          g_assert_cmpint (verdict (report, 1, "temporal_breakdown"), ==,
                           HP_HEALTH_NOT_APPLICABLE);
        }
      else
        {
          g_assert_cmpint (f->severity, ==, HP_HEALTH_WARNING);
          g_assert_cmpint (f->verdicts[analysis_index ("temporal_breakdown")], ==,
                           HP_HEALTH_CAUTION);
        }
    }
  hp_test_remove_tree (dir);
}

/* An analysis of events the trace lacks is not applicable, not trusted:
 * memory without [memory] events, CUPTI counters without range-profiler
 * records; a trace with them does not say so */
static void
test_needs_events (void)
{
  g_autoptr (HpTrace) plain = load ("check/ranks-3-of-4", NULL, HP_MODE_DEFAULT);
  g_autoptr (HpTrace) memory = load ("diff/memory.json", NULL, HP_MODE_DEFAULT);
  g_autoptr (HpTrace) counters = load ("hta_cupti_profiler", NULL, HP_MODE_DEFAULT);
  g_autoptr (HpHealthReport) plain_report = hp_health_check (plain, NULL);
  g_autoptr (HpHealthReport) memory_report = hp_health_check (memory, NULL);
  g_autoptr (HpHealthReport) counters_report = hp_health_check (counters, NULL);

  for (int rank = 0; rank < 3; rank++)
    {
      g_assert_cmpint (verdict (plain_report, rank, "memory"), ==, HP_HEALTH_NOT_APPLICABLE);
      g_assert_cmpint (verdict (plain_report, rank, "cupti_counters"), ==, HP_HEALTH_NOT_APPLICABLE);
    }
  g_assert_cmpint (verdict (memory_report, 0, "memory"), !=, HP_HEALTH_NOT_APPLICABLE);
  g_assert_cmpint (verdict (counters_report, 0, "cupti_counters"), !=, HP_HEALTH_NOT_APPLICABLE);
}

/* A finding said alike of every rank is one group naming the ranks; one
 * said of all ranks but one names the exception */
static void
test_groups (void)
{
  g_autoptr (HpTrace) trace = load ("check/ranks-3-of-4", NULL, HP_MODE_DEFAULT);
  g_autoptr (HpHealthReport) report = hp_health_check (trace, NULL);
  g_autoptr (GPtrArray) groups = hp_health_report_group (report);
  const HpHealthGroup *memcpy_group = NULL;
  guint                n_memcpy = 0;

  for (guint g = 0; g < groups->len; g++)
    {
      const HpHealthGroup *group = groups->pdata[g];

      if (g_str_equal (group->finding->code, "no-memcpy"))
        {
          memcpy_group = group;
          n_memcpy++;
        }
      if (g_str_equal (group->finding->code, "missing-ranks"))
        {
          g_assert_cmpuint (group->ranks->len, ==, 0);
          g_assert_null (group->ranks_text);
        }
    }
  g_assert_cmpuint (n_memcpy, ==, 1);
  g_assert_cmpuint (memcpy_group->ranks->len, ==, 3);
  g_assert_cmpstr (memcpy_group->ranks_text, ==, "ranks 0–2");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/health/public-clean", test_public_clean);
  g_test_add_func ("/core/health/public-no-steps", test_public_no_steps);
  g_test_add_func ("/core/health/public-profiler-messages", test_public_profiler_messages);
  g_test_add_func ("/core/health/broken-folder", test_broken_folder);
  g_test_add_func ("/core/health/absurd-times", test_absurd_times);
  g_test_add_func ("/core/health/rank-without-steps", test_rank_without_steps);
  g_test_add_func ("/core/health/needs-events", test_needs_events);
  g_test_add_func ("/core/health/groups", test_groups);

  return g_test_run ();
}
