/* hp-classify.c — kernel classes, memory sub-types and short names (docs/trace-format.md §12, §14).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-classify.h"
#include "hp-trace.h"

static gboolean
starts_with (const char *s,
             const char *prefix)
{
  return strncmp (s, prefix, strlen (prefix)) == 0;
}

/* HTA's "cuda.*LaunchKernel" anchored at the start */
static gboolean
is_cuda_launch (const char *name)
{
  return starts_with (name, "cuda") && strstr (name + 4, "LaunchKernel") != NULL;
}

static gboolean
hta_is_communication (const char *name)
{
  return starts_with (name, "nccl") || starts_with (name, "hip") ||
         starts_with (name, "hccl") || strstr (name, "ncclKernel") != NULL;
}

/**
 * hp_name_is_memory:
 *
 * Rule 2 of docs/trace-format.md §12: names starting with Memcpy, Memset or dma (the hip
 * variants are covered by the prefixes hipMemcpy/hipMemset).
 */
gboolean
hp_name_is_memory (const char *name)
{
  return starts_with (name, "Memcpy") || starts_with (name, "Memset") ||
         starts_with (name, "hipMemcpy") || starts_with (name, "hipMemset") ||
         starts_with (name, "dma");
}

static gboolean
hta_is_not_computation (const char *name)
{
  static const char *const prefixes[] = {
    "nccl",
    "Stream Wait Event",
    "runFunction",
    "hip",
    "job_exe",
    "packet",
    "pe_exe",
    "cpum_exe_subgraph",
    "hccl",
    "collective_subgraph_execution",
  };
  static const char *const infixes[] = { "Memcpy", "Memset", "dma", "Sync" };

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (starts_with (name, prefixes[i]))
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (infixes); i++)
    if (strstr (name, infixes[i]) != NULL)
      return TRUE;
  return is_cuda_launch (name);
}

/**
 * hp_kernel_class_hta:
 * @name: the full event name
 *
 * HTA's name-only rules, in order (docs/trace-format.md §12).
 */
HpKernelClass
hp_kernel_class_hta (const char *name)
{
  if (hta_is_communication (name))
    return HP_KERNEL_CLASS_COMMUNICATION;
  if (hp_name_is_memory (name))
    return HP_KERNEL_CLASS_MEMORY;
  if (!hta_is_not_computation (name))
    return HP_KERNEL_CLASS_COMPUTATION;
  return HP_KERNEL_CLASS_OTHER;
}

/* a word of @word inside @name, not part of a longer identifier word */
static gboolean
contains_word (const char *name,
               const char *word)
{
  gsize len = strlen (word);

  for (const char *p = strstr (name, word); p != NULL; p = strstr (p + 1, word))
    {
      gboolean left = p == name || !g_ascii_isalnum (p[-1]);
      gboolean right = !g_ascii_isalnum (p[len]);

      if (left && right)
        return TRUE;
    }
  return FALSE;
}

/**
 * hp_kernel_name_is_communication:
 * @name: a GPU kernel's full name
 *
 * The default mode's communication kernels, by name. Beyond HTA's `nccl`,
 * `hccl` (and, by accident, `hip`) prefixes:
 *
 * - NCCL and RCCL: names starting with `nccl`, `rccl` or `hccl`, or
 *   containing `ncclKernel`, `ncclDevKernel` (RCCL's and NCCL 2.19+'s
 *   `ncclDevKernel_Generic` included) or `rcclKernel`;
 * - PyTorch symmetric memory: `multimem_all_reduce`,
 *   `multimem_one_shot_all_reduce`, `multimem_all_gather`,
 *   `one_shot_all_reduce`, `two_shot_all_reduce`;
 * - DeepEP: every kernel of the `deep_ep::` namespaces (dispatch, combine
 *   and their notify kernels) except `deep_ep::layout::`, which computes
 *   the routing on one GPU;
 * - NVSHMEM: names containing `nvshmem`.
 *
 * Kernels whose args name a collective or a process group are
 * communication too (hp_args_name_communication()).
 */
gboolean
hp_kernel_name_is_communication (const char *name)
{
  static const char *const prefixes[] = { "nccl", "rccl", "hccl" };
  static const char *const infixes[] = {
    "ncclKernel",
    "ncclDevKernel",
    "rcclKernel",
    "multimem_all_reduce",
    "multimem_one_shot_all_reduce",
    "multimem_all_gather",
    "one_shot_all_reduce",
    "two_shot_all_reduce",
    "nvshmem",
  };

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (starts_with (name, prefixes[i]))
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (infixes); i++)
    if (strstr (name, infixes[i]) != NULL)
      return TRUE;
  return strstr (name, "deep_ep::") != NULL && strstr (name, "deep_ep::layout::") == NULL;
}

/**
 * hp_comm_arg_keys_init:
 * @keys: (out): the rank's ids of the keys hp_args_name_communication() reads
 */
void
hp_comm_arg_keys_init (HpCommArgKeys *keys,
                       const HpRank  *rank)
{
  static const char *const names[] = {
    "Collective name",
    "Process Group Name",
    "Process Group Description",
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == G_N_ELEMENTS (keys->ids));
  keys->any = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      keys->ids[i] = rank->arg_keys != NULL ? hp_rank_lookup_arg_key (rank, names[i]) : HP_NO_STRING;
      keys->any |= keys->ids[i] != HP_NO_STRING;
    }
}

/**
 * hp_args_name_communication:
 * @rank: a rank
 * @event: one of its events
 * @keys: from hp_comm_arg_keys_init() for @rank
 *
 * Whether the event's args name a collective or a process group, as
 * PyTorch's record_param_comms writes them: a non-empty `Collective name`,
 * `Process Group Name` or `Process Group Description`.
 */
gboolean
hp_args_name_communication (const HpRank        *rank,
                            guint                event,
                            const HpCommArgKeys *keys)
{
  HpArgIter  iter;
  HpArgValue value;

  if (!keys->any || !hp_rank_args_iter_init (rank, event, &iter))
    return FALSE;
  while (hp_rank_args_iter_next (&iter, &value))
    if (value.type == HP_ARG_STRING && value.s_len > 0 &&
        (value.key == keys->ids[0] || value.key == keys->ids[1] || value.key == keys->ids[2]))
      return TRUE;
  return FALSE;
}

/**
 * hp_kernel_class_better:
 *
 * The default mode's rules (docs/trace-format.md §12): the category decides
 * memory; NCCL/RCCL/HCCL prefixes decide communication; runtime calls and
 * synchronisation are OTHER; a compute kernel whose name merely contains
 * "Sync" or "dma" stays COMPUTATION.
 */
HpKernelClass
hp_kernel_class_better (HpEventKind kind,
                        const char *name)
{
  switch (kind)
    {
    case HP_EVENT_KIND_MEMCPY:
    case HP_EVENT_KIND_MEMSET:
      return HP_KERNEL_CLASS_MEMORY;
    case HP_EVENT_KIND_SYNC:
    case HP_EVENT_KIND_RUNTIME:
      return HP_KERNEL_CLASS_OTHER;
    case HP_EVENT_KIND_KERNEL:
      if (hp_kernel_name_is_communication (name))
        return HP_KERNEL_CLASS_COMMUNICATION;
      if (hp_name_is_memory (name))
        return HP_KERNEL_CLASS_MEMORY;
      return HP_KERNEL_CLASS_COMPUTATION;
    case HP_EVENT_KIND_OTHER:
    case HP_EVENT_KIND_CPU_OP:
    case HP_EVENT_KIND_USER_ANNOTATION:
    case HP_EVENT_KIND_PYTHON:
    case HP_EVENT_KIND_GPU_ANNOTATION:
    case HP_EVENT_KIND_PROFILER_RANGE:
    case HP_EVENT_KIND_INSTANT:
    default:
      if (contains_word (name, "Sync") || starts_with (name, "Stream Wait Event"))
        return HP_KERNEL_CLASS_OTHER;
      return hp_kernel_class_hta (name);
    }
}

const char *
hp_kernel_class_to_string (HpKernelClass kclass)
{
  switch (kclass)
    {
    case HP_KERNEL_CLASS_COMPUTATION:
      return "COMPUTATION";
    case HP_KERNEL_CLASS_COMMUNICATION:
      return "COMMUNICATION";
    case HP_KERNEL_CLASS_MEMORY:
      return "MEMORY";
    case HP_KERNEL_CLASS_OTHER:
    case HP_N_KERNEL_CLASSES:
    default:
      return "OTHER";
    }
}

/**
 * hp_memory_subtype:
 *
 * The memory-bandwidth series name of a memory event (docs/trace-format.md §12): "Memset",
 * "Memcpy Unknown", or the first 11 characters ("Memcpy DtoH").
 *
 * Returns: (transfer full): the sub-type
 */
char *
hp_memory_subtype (const char *name)
{
  if (starts_with (name, "Memset"))
    return g_strdup ("Memset");
  if (!starts_with (name, "Memcpy"))
    return g_strdup ("Memcpy Unknown");
  return g_strndup (name, 11);
}

/**
 * hp_shorten_name:
 *
 * HTA's short name (docs/trace-format.md §14): drop template and argument lists and keep
 * what follows the last space.
 *
 * Returns: (transfer full): the short name
 */
char *
hp_shorten_name (const char *name)
{
  g_autoptr (GString) stack = NULL;
  g_autofree char *no_arrows = NULL;
  const char      *space;
  gsize            len;

  if (hp_name_is_memory (name) || (strchr (name, '<') == NULL && strchr (name, '(') == NULL))
    return g_strdup (name);

  {
    g_auto (GStrv) parts = g_strsplit (name, "->", -1);
    no_arrows = g_strjoinv ("", parts);
  }

  len = strlen (no_arrows);
  stack = g_string_sized_new (len);
  for (gsize i = 0; i < len; i++)
    {
      char c = no_arrows[i];
      char open = c == '>' ? '<' : c == ')' ? '('
                                            : 0;

      if (open == 0)
        {
          g_string_append_c (stack, c);
          continue;
        }
      while (stack->len > 0)
        {
          char top = stack->str[stack->len - 1];

          g_string_truncate (stack, stack->len - 1);
          if (top == open)
            break;
        }
    }

  space = strrchr (stack->str, ' ');
  return g_strdup (space != NULL ? space + 1 : stack->str);
}

HpEventKind
hp_event_kind_from_category (const char *category)
{
  static const struct
  {
    const char *cat;
    HpEventKind kind;
  } map[] = {
    { "cpu_op", HP_EVENT_KIND_CPU_OP },
    { "Operator", HP_EVENT_KIND_CPU_OP },
    { "user_annotation", HP_EVENT_KIND_USER_ANNOTATION },
    { "python_function", HP_EVENT_KIND_PYTHON },
    { "cuda_runtime", HP_EVENT_KIND_RUNTIME },
    { "cuda_driver", HP_EVENT_KIND_RUNTIME },
    { "mtia_runtime", HP_EVENT_KIND_RUNTIME },
    { "Runtime", HP_EVENT_KIND_RUNTIME },
    { "kernel", HP_EVENT_KIND_KERNEL },
    { "Kernel", HP_EVENT_KIND_KERNEL },
    { "mtia_ccp_events", HP_EVENT_KIND_KERNEL },
    { "gpu_memcpy", HP_EVENT_KIND_MEMCPY },
    { "Memcpy", HP_EVENT_KIND_MEMCPY },
    { "gpu_memset", HP_EVENT_KIND_MEMSET },
    { "Memset", HP_EVENT_KIND_MEMSET },
    { "cuda_sync", HP_EVENT_KIND_SYNC },
    { "gpu_user_annotation", HP_EVENT_KIND_GPU_ANNOTATION },
    { "cuda_profiler_range", HP_EVENT_KIND_PROFILER_RANGE },
  };

  if (category == NULL)
    return HP_EVENT_KIND_OTHER;
  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (strcmp (category, map[i].cat) == 0)
      return map[i].kind;
  return HP_EVENT_KIND_OTHER;
}

/**
 * hp_category_canonical:
 * @category: (nullable): an event's `cat`
 *
 * The name today's profiler gives a category older ones named otherwise:
 * `Operator` is `cpu_op`, `Runtime` `cuda_runtime`, `Kernel` `kernel`,
 * `Memcpy` `gpu_memcpy` and `Memset` `gpu_memset`
 * (docs/trace-format.md §4.1), so ops of traces from different profiler
 * versions match. Any other category is its own name.
 *
 * Returns: (transfer none) (nullable): the canonical name, @category
 *   itself when it has no other
 */
const char *
hp_category_canonical (const char *category)
{
  static const char *const aliases[][2] = {
    { "Operator", "cpu_op" },
    { "Runtime", "cuda_runtime" },
    { "Kernel", "kernel" },
    { "Memcpy", "gpu_memcpy" },
    { "Memset", "gpu_memset" },
  };

  for (guint i = 0; category != NULL && i < G_N_ELEMENTS (aliases); i++)
    if (strcmp (category, aliases[i][0]) == 0)
      return aliases[i][1];
  return category;
}

/**
 * hp_runtime_call_match_name:
 * @name: a runtime call's name
 *
 * ROCm's runtime calls are CUDA's with `hip` for `cuda`
 * (`hipLaunchKernel`, `hipMemcpyAsync`, `hipStreamSynchronize`): the name
 * a HIP call is matched under across vendors.
 *
 * Returns: (transfer full) (nullable): `cudaLaunchKernel` for
 *   `hipLaunchKernel`, or %NULL when @name is no HIP call
 */
char *
hp_runtime_call_match_name (const char *name)
{
  if (name == NULL || !starts_with (name, "hip") || !g_ascii_isupper (name[3]))
    return NULL;
  return g_strconcat ("cuda", name + 3, NULL);
}

/**
 * hp_parse_profiler_step:
 *
 * Returns: N of a name matching `^ProfilerStep\s*#\s*(\d+)`, or -1
 */
int
hp_parse_profiler_step (const char *name)
{
  const char *p;
  gint64      n = 0;

  if (!starts_with (name, "ProfilerStep"))
    return -1;
  p = name + strlen ("ProfilerStep");
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '#')
    return -1;
  p++;
  while (g_ascii_isspace (*p))
    p++;
  if (!g_ascii_isdigit (*p))
    return -1;
  for (; g_ascii_isdigit (*p); p++)
    {
      n = n * 10 + (*p - '0');
      if (n > G_MAXINT)
        return -1;
    }
  return (int)n;
}
