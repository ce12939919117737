/* test-comm-classify.c — tests of the one communication classifier and the user's pattern files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

static void
test_names (void)
{
  static const struct
  {
    const char *name;
    HpCommRule  rule;
  } cases[] = {
    { "ncclDevKernel_Generic(ncclDevKernelArgsStorage<4096ul>)", HP_COMM_RULE_LIBRARY },
    { "ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)", HP_COMM_RULE_LIBRARY },
    { "rcclKernel_AllGather", HP_COMM_RULE_LIBRARY },
    { "hccl_allreduce", HP_COMM_RULE_LIBRARY },
    { "oneccl_allreduce_kernel", HP_COMM_RULE_LIBRARY },
    { "void dpsk::ep::internode::dispatch<true, 8, 768>(void*, float*, int*)", HP_COMM_RULE_PATTERN },
    { "void dpsk::ep::internode::cached_notify<8>(int, int*)", HP_COMM_RULE_PATTERN },
    { "void deep_ep::intranode::combine<8>(int4*)", HP_COMM_RULE_PATTERN },
    { "void dpsk::ep::layout::get_dispatch_layout<256, 32, 8>(long const*, int*, int*)", HP_COMM_RULE_NONE },
    { "void deep_ep::layout::get_dispatch_layout()", HP_COMM_RULE_NONE },
    { "void nvshmemi_transfer_rma_kernel<int>()", HP_COMM_RULE_PATTERN },
    { "void c10d::symmetric_memory::multimem_all_reduce_kernel<float, 16, 8>(float*)", HP_COMM_RULE_PATTERN },
    { "void vllm::cross_device_reduce_1stage<__nv_bfloat16, 8>(vllm::RankData*)", HP_COMM_RULE_PATTERN },
    { "void mscclpp::allreduce_kernel<float>()", HP_COMM_RULE_PATTERN },
    { "sm90_xmma_gemm_bf16bf16_bf16f32", HP_COMM_RULE_NONE },
    { "all_reduce_fused_gemm", HP_COMM_RULE_NONE },
  };
  guint                n = 0;
  const HpCommPattern *list = hp_comm_builtin_patterns (&n);

  g_assert_cmpuint (n, >, 10);
  g_assert_cmpstr (list[0].family, ==, "DeepEP");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].name);
      g_assert_cmpint (hp_comm_classify_name (cases[i].name, NULL), ==, cases[i].rule);
      g_assert_cmpint (hp_kernel_name_is_communication (cases[i].name), ==, cases[i].rule != HP_COMM_RULE_NONE);
    }
  g_assert_true (hp_comm_op_is_collective ("record_param_comms"));
  g_assert_true (hp_comm_op_is_collective ("c10d::allreduce_"));
  g_assert_true (hp_comm_op_is_collective ("nccl:all_reduce"));
  g_assert_false (hp_comm_op_is_collective ("aten::mm"));
  g_assert_cmpstr (hp_comm_rule_to_string (HP_COMM_RULE_LAUNCH), ==, "launch");
}

static void
test_pattern_file (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HpCommPatterns) p =
      hp_comm_patterns_new_from_data ("# mine\n\n  my_a2a  \n*ring_exchange_?\n!*local*\n", -1, "mine.txt", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (hp_comm_patterns_get_n_patterns (p), ==, 3);
  g_assert_cmpstr (hp_comm_patterns_get_origin (p), ==, "mine.txt");
  /* a plain text is contained, a glob matches the whole name */
  g_assert_cmpint (hp_comm_classify_name ("void my_a2a_kernel<bf16>()", p), ==, HP_COMM_RULE_USER);
  g_assert_cmpint (hp_comm_classify_name ("ring_exchange_4", p), ==, HP_COMM_RULE_USER);
  g_assert_cmpint (hp_comm_classify_name ("ring_exchange_42", p), ==, HP_COMM_RULE_NONE);
  /* an exclusion wins over the user's and the list's patterns, never over a library name */
  g_assert_cmpint (hp_comm_classify_name ("my_a2a_local_copy", p), ==, HP_COMM_RULE_NONE);
  g_assert_cmpint (hp_comm_classify_name ("nvshmem_local_barrier", p), ==, HP_COMM_RULE_NONE);
  g_assert_cmpint (hp_comm_classify_name ("ncclKernel_local", p), ==, HP_COMM_RULE_LIBRARY);
  g_assert_cmpint (hp_comm_classify_name ("void dpsk::ep::internode::dispatch<8>()", p), ==,
                   HP_COMM_RULE_PATTERN);
}

/* each bad pattern file is refused with a message naming it */
static void
test_bad_pattern_files (void)
{
  static const struct
  {
    const char *text;
    gssize      len;
    const char *message;
  } bad[] = {
    { "", 0, "no pattern" },
    { "# only a comment\n\n", -1, "no pattern" },
    { "ok\n!\n", -1, "bad.txt:2: \"!\" without a pattern" },
    { "ok\0nul", 6, "not a text file" },
    { "caf\xe9\n", -1, "not a text file" },
  };
  g_autofree char *long_line = g_strnfill (2000, 'x');
  g_autoptr (GString) many = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HpCommPatterns) p = hp_comm_patterns_new_from_data (bad[i].text, bad[i].len, "bad.txt", &error);

      g_assert_null (p);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
      g_assert_nonnull (strstr (error->message, bad[i].message));
    }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HpCommPatterns) p = hp_comm_patterns_new_from_data (long_line, -1, "long.txt", &error);

    g_assert_null (p);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_assert_nonnull (strstr (error->message, "longer than"));
  }
  for (guint i = 0; i < 5000; i++)
    g_string_append_printf (many, "k%u\n", i);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HpCommPatterns) p = hp_comm_patterns_new_from_data (many->str, -1, "many.txt", &error);

    g_assert_null (p);
    g_assert_nonnull (strstr (error->message, "more than"));
  }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (HpCommPatterns) p = hp_comm_patterns_new_from_file ("/nonexistent/patterns.txt", &error);

    g_assert_null (p);
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  }
}

static double
kernel_type_sum (HpTrace    *trace,
                 const char *type)
{
  g_autoptr (GPtrArray) tables = NULL;
  HpAnalysisParams params;
  HpTable         *types;

  hp_analysis_params_init (&params);
  tables = hp_test_run (hp_kernel_breakdown_compute, trace, &params);
  hp_analysis_params_clear (&params);
  types = hp_test_table_at (tables, 0, "gpu_kernel_breakdown_kernel_type");
  for (guint row = 0; row < hp_table_get_n_rows (types); row++)
    if (strcmp (hp_table_get_string (types, row, 0), type) == 0)
      return hp_test_cell (types, row, "sum");
  return 0;
}

/* DeepSeek's DeepEP kernels (dpsk::ep::) are most of the step: communication
 * in the default mode, in every analysis that splits it; computation in
 * HTA's */
static void
test_deepep (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "comm-deepep", NULL);
  HpLoadOptions    options = { .mode = HP_MODE_DEFAULT };
  g_autoptr (HpTrace) trace = hp_test_load_with_options (path, &options);
  g_autoptr (HpTrace) compat = NULL;
  g_autoptr (GPtrArray) tables = NULL;
  HpCommRuleTotals t;
  HpAnalysisParams params;
  HpTable         *temporal;

  hp_comm_rule_totals (trace, NULL, &t);
  /* two kept steps of 800 us of DeepEP in 970 us of kernels */
  g_assert_cmpint (t.ns[HP_COMM_RULE_PATTERN], ==, 2 * 800 * HP_NS_PER_US);
  g_assert_cmpuint (t.n_kernels[HP_COMM_RULE_PATTERN], ==, 8);
  g_assert_cmpint (t.kernel_ns, ==, 2 * 970 * HP_NS_PER_US);
  g_assert_cmpfloat ((double)t.ns[HP_COMM_RULE_PATTERN] / (double)t.kernel_ns, >=, 0.4);
  /* the kernel types count the 130 us a step that DeepEP overlaps the GEMM
   * as that overlap, not as communication alone */
  g_assert_cmpfloat (kernel_type_sum (trace, "COMMUNICATION"), ==, 1600.0 - 2 * 130.0);

  hp_analysis_params_init (&params);
  tables = hp_test_run (hp_temporal_breakdown_compute, trace, &params);
  hp_analysis_params_clear (&params);
  temporal = hp_test_table_at (tables, 0, "temporal_breakdown");
  /* compute: the layout kernel and the GEMM, 170 us a step */
  g_assert_cmpfloat (hp_test_cell (temporal, 0, "compute_time(us)"), ==, 340.0);

  options.mode = HP_MODE_HTA_COMPAT;
  compat = hp_test_load_with_options (path, &options);
  hp_comm_rule_totals (compat, NULL, &t);
  g_assert_cmpuint (t.n_kernels[HP_COMM_RULE_HTA_NAME], ==, 0);
  g_assert_cmpfloat (kernel_type_sum (compat, "COMMUNICATION"), ==, 0.0);
}

/* a kernel launched inside record_param_comms is communication by its
 * launch; a pattern file adds a custom all-to-all and excludes its
 * permutation kernel */
static void
test_launch_and_user (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "comm-user", NULL);
  g_autofree char *file = hp_test_data_path ("edge", "comm-user.patterns", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HpCommPatterns) patterns = hp_comm_patterns_new_from_file (file, &error);
  HpLoadOptions options = { .mode = HP_MODE_DEFAULT };
  g_autoptr (HpTrace) plain = hp_test_load_with_options (path, &options);
  g_autoptr (HpTrace) with = NULL;
  HpCommRuleTotals t;

  g_assert_no_error (error);
  hp_comm_rule_totals (plain, NULL, &t);
  g_assert_cmpuint (t.n_kernels[HP_COMM_RULE_LAUNCH], ==, 2);
  g_assert_cmpuint (t.n_kernels[HP_COMM_RULE_USER], ==, 0);
  g_assert_cmpfloat (kernel_type_sum (plain, "COMMUNICATION"), ==, 200.0);

  options.comm_patterns = patterns;
  with = hp_test_load_with_options (path, &options);
  g_assert_true (hp_trace_get_comm_patterns (with) == patterns);
  hp_comm_rule_totals (with, NULL, &t);
  g_assert_cmpuint (t.n_kernels[HP_COMM_RULE_LAUNCH], ==, 2);
  g_assert_cmpuint (t.n_kernels[HP_COMM_RULE_USER], ==, 2);
  g_assert_cmpint (t.ns[HP_COMM_RULE_USER], ==, 200 * HP_NS_PER_US);
  /* the excluded permutation stays computation */
  g_assert_cmpfloat (kernel_type_sum (with, "COMMUNICATION"), ==, 400.0);
  {
    guint         e = hp_test_find_event (with, "my_moe_all_to_all_local_permute");
    const HpRank *r = hp_trace_get_rank (with, 0);

    g_assert_cmpint (r->kclass[e], ==, HP_KERNEL_CLASS_COMPUTATION);
    g_assert_cmpint (hp_comm_classify_event (with, r, e), ==, HP_COMM_RULE_NONE);
  }
}

/* Collective ops that launch more than their collective
 * (tests/data/comm/helpers): of c10d::allreduce_'s fill, copy and
 * unnamed custom kernel only the last, the longest, is communication; of
 * c10d::allgather_'s NCCL kernel and the copy out of its buffer only the
 * NCCL kernel. */
static void
test_launch_helpers (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("comm/helpers", HP_MODE_DEFAULT);
  const HpRank *r = hp_trace_get_rank (trace, 0);
  static const struct
  {
    const char *prefix;
    HpCommRule  rule;
  } kernels[] = {
    { "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor", HP_COMM_RULE_NONE },
    { "void at::native::unrolled_elementwise_kernel<at::native::direct_copy", HP_COMM_RULE_NONE },
    { "custom_ar::two_stage_reduce_kernel", HP_COMM_RULE_LAUNCH },
    { "ncclDevKernel_AllGather_RING_LL", HP_COMM_RULE_LIBRARY },
    { "void at::native::(anonymous namespace)::CatArrayBatchedCopy", HP_COMM_RULE_NONE },
    { "gemm_kernel", HP_COMM_RULE_NONE },
  };
  guint            seen[G_N_ELEMENTS (kernels)] = { 0 };
  HpCommRuleTotals t;

  for (guint e = 0; e < r->n_events; e++)
    {
      const char *name = hp_trace_get_string (trace, r->name[e]);

      if (r->kind[e] != HP_EVENT_KIND_KERNEL)
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
        if (g_str_has_prefix (name, kernels[i].prefix))
          {
            g_assert_cmpint (hp_comm_classify_event (trace, r, e), ==, kernels[i].rule);
            g_assert_true ((r->kclass[e] == HP_KERNEL_CLASS_COMMUNICATION) == (kernels[i].rule != HP_COMM_RULE_NONE));
            seen[i]++;
          }
    }
  for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
    g_assert_cmpuint (seen[i], ==, 3);
  /* two kept steps: one custom all-reduce (150 us) and one all-gather (90 us) each */
  hp_comm_rule_totals (trace, NULL, &t);
  g_assert_cmpuint (t.n_kernels[HP_COMM_RULE_LAUNCH], ==, 2);
  g_assert_cmpint (t.ns[HP_COMM_RULE_LAUNCH], ==, 300 * HP_NS_PER_US);
  g_assert_cmpuint (t.n_kernels[HP_COMM_RULE_LIBRARY], ==, 2);
  g_assert_cmpfloat (kernel_type_sum (trace, "COMMUNICATION"), ==, 480.0);
}

/* health says which rules found communication HTA does not see, and
 * nothing of the kind in HTA-compatibility mode */
static void
test_health (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "comm-deepep", NULL);
  HpLoadOptions    options = { .mode = HP_MODE_DEFAULT };
  g_autoptr (HpTrace) trace = hp_test_load_with_options (path, &options);
  g_autoptr (HpHealthReport) report = hp_health_check (trace, NULL);
  g_autoptr (HpTrace) compat = NULL;
  g_autoptr (HpHealthReport) compat_report = NULL;
  const HpHealthFinding *found = NULL;

  for (guint k = 0; k < hp_health_report_get_n_findings (report); k++)
    if (g_str_equal (hp_health_report_get_finding (report, k)->code, "communication-rules"))
      found = hp_health_report_get_finding (report, k);
  g_assert_nonnull (found);
  g_assert_cmpuint (found->count, ==, 8);
  g_assert_nonnull (strstr (found->message, "82.5% of kernel time"));
  g_assert_nonnull (strstr (found->message, "pattern 1600.0 us (8)"));

  options.mode = HP_MODE_HTA_COMPAT;
  compat = hp_test_load_with_options (path, &options);
  compat_report = hp_health_check (compat, NULL);
  for (guint k = 0; k < hp_health_report_get_n_findings (compat_report); k++)
    g_assert_false (g_str_equal (hp_health_report_get_finding (compat_report, k)->code, "communication-rules"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/comm-classify/names", test_names);
  g_test_add_func ("/core/comm-classify/pattern-file", test_pattern_file);
  g_test_add_func ("/core/comm-classify/bad-pattern-files", test_bad_pattern_files);
  g_test_add_func ("/core/comm-classify/deepep", test_deepep);
  g_test_add_func ("/core/comm-classify/launch-and-user", test_launch_and_user);
  g_test_add_func ("/core/comm-classify/launch-helpers", test_launch_helpers);
  g_test_add_func ("/core/comm-classify/health", test_health);

  return g_test_run ();
}
