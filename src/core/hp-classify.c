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
