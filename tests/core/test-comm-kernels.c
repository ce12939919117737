/* test-comm-kernels.c — tests of the communication kernels HTA does not see (default mode).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core.h"
#include "hp-test-utils.h"

/* the kernels of tests/data/edge/comm-kernels-template.json */
static const struct
{
  const char   *name;
  HpKernelClass better;
  HpKernelClass hta;
} kernels[] = {
  { "gemm_kernel", HP_KERNEL_CLASS_COMPUTATION, HP_KERNEL_CLASS_COMPUTATION },
  { "ncclDevKernel_Generic(ncclDevKernelArgsStorage<4096ul>)", HP_KERNEL_CLASS_COMMUNICATION,
    HP_KERNEL_CLASS_COMMUNICATION },
  { "void c10d::symmetric_memory::multimem_all_reduce_kernel<float, 16, 8>(float*, unsigned long, unsigned long, "
    "c10d::symmetric_memory::SymmetricMemory**)",
    HP_KERNEL_CLASS_COMMUNICATION, HP_KERNEL_CLASS_COMPUTATION },
  { "void c10d::symmetric_memory::one_shot_all_reduce_kernel<float, 16>(float**, float*, unsigned long, unsigned "
    "long)",
    HP_KERNEL_CLASS_COMMUNICATION, HP_KERNEL_CLASS_COMPUTATION },
  { "void c10d::symmetric_memory::two_shot_all_reduce_kernel<float, 16>(float**, unsigned long, unsigned long)",
    HP_KERNEL_CLASS_COMMUNICATION, HP_KERNEL_CLASS_COMPUTATION },
  { "void deep_ep::intranode::dispatch<8, 768, 8192>(int4*, float*, int*, long*)", HP_KERNEL_CLASS_COMMUNICATION,
    HP_KERNEL_CLASS_COMPUTATION },
  { "void deep_ep::internode_ll::combine<false, 7168>(void*, void*, int*)", HP_KERNEL_CLASS_COMMUNICATION,
    HP_KERNEL_CLASS_COMPUTATION },
  { "void nvshmemi_init_array_kernel<int>(int*, int, int)", HP_KERNEL_CLASS_COMMUNICATION,
    HP_KERNEL_CLASS_COMPUTATION },
  /* by its args: "Collective name", "Process Group Name" */
  { "fused_allreduce_rmsnorm_kernel", HP_KERNEL_CLASS_COMMUNICATION, HP_KERNEL_CLASS_COMPUTATION },
  { "void deep_ep::layout::get_dispatch_layout<256, 32, 8>(long const*, int*, int*)", HP_KERNEL_CLASS_COMPUTATION,
    HP_KERNEL_CLASS_COMPUTATION },
  { "void at::native::batch_norm_collect_statistics_kernel<float>(float*)", HP_KERNEL_CLASS_COMPUTATION,
    HP_KERNEL_CLASS_COMPUTATION },
};

static void
test_names (void)
{
  static const char *const comm[] = { "rcclKernel_AllReduce", "ncclDevKernel_Generic_4", "hccl_allreduce",
                                      "multimem_one_shot_all_reduce_kernel", "multimem_all_gather_kernel",
                                      "void deep_ep::internode::notify_dispatch<8>()", "nvshmem_barrier_all_kernel" };
  static const char *const not_comm[] = { "all_reduce_fused_gemm", "void deep_ep::layout::get_dispatch_layout()",
                                          "memcpy_kernel", "Cijk_Ailk_Bljk_HHS_BH" };

  for (guint i = 0; i < G_N_ELEMENTS (comm); i++)
    g_assert_true (hp_kernel_name_is_communication (comm[i]));
  for (guint i = 0; i < G_N_ELEMENTS (not_comm); i++)
    g_assert_false (hp_kernel_name_is_communication (not_comm[i]));
  for (guint i = 0; i < G_N_ELEMENTS (kernels); i++)
    {
      /* by name alone; the args kernel needs its args */
      gboolean by_args = strcmp (kernels[i].name, "fused_allreduce_rmsnorm_kernel") == 0;

      g_assert_cmpint (hp_kernel_class_hta (kernels[i].name), ==, kernels[i].hta);
      g_assert_cmpint (hp_kernel_class_better (HP_EVENT_KIND_KERNEL, kernels[i].name), ==,
                       by_args ? HP_KERNEL_CLASS_COMPUTATION : kernels[i].better);
    }
}

/* every kernel event of the generated two-rank folder has its class; the
 * kernel-type breakdown counts the communication time */
static void
test_trace (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "comm-kernels", NULL);

  for (HpMode mode = HP_MODE_DEFAULT; mode <= HP_MODE_HTA_COMPAT; mode++)
    {
      HpLoadOptions options = { .mode = mode };
      g_autoptr (HpTrace) trace = hp_test_load_with_options (path, &options);
      g_autoptr (GPtrArray) tables = NULL;
      HpAnalysisParams params;
      HpTable         *types;
      guint            n_checked = 0;
      double           comm_us = -1;

      g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 2);
      for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
        {
          const HpRank *r = hp_trace_get_rank (trace, k);

          for (guint e = 0; e < r->n_events; e++)
            {
              const char *name = hp_trace_get_string (trace, r->name[e]);
              gboolean    found = FALSE;

              if (r->kind[e] != HP_EVENT_KIND_KERNEL)
                continue;
              for (guint i = 0; i < G_N_ELEMENTS (kernels) && !found; i++)
                if (strcmp (name, kernels[i].name) == 0)
                  {
                    g_assert_cmpint (r->kclass[e], ==,
                                     mode == HP_MODE_DEFAULT ? kernels[i].better : kernels[i].hta);
                    found = TRUE;
                  }
              g_assert_true (found);
              n_checked++;
            }
        }
      /* 11 kernels, 3 steps, 2 ranks */
      g_assert_cmpuint (n_checked, ==, 66);

      hp_analysis_params_init (&params);
      tables = hp_test_run (hp_kernel_breakdown_compute, trace, &params);
      hp_analysis_params_clear (&params);
      types = hp_test_table_at (tables, 0, "gpu_kernel_breakdown_kernel_type");
      for (guint row = 0; row < hp_table_get_n_rows (types); row++)
        if (strcmp (hp_table_get_string (types, row, 0), "COMMUNICATION") == 0)
          comm_us = hp_test_cell (types, row, "sum");
      /* the last of the three steps is dropped; 20 us each, two ranks:
       * 8 communication kernels a step, of which HTA sees only NCCL's */
      g_assert_cmpfloat (comm_us, ==, mode == HP_MODE_DEFAULT ? 2 * 2 * 8 * 20.0 : 2 * 2 * 1 * 20.0);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/core/comm-kernels/names", test_names);
  g_test_add_func ("/core/comm-kernels/trace", test_trace);

  return g_test_run ();
}
