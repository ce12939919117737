/* hp-comm-classify.c — which GPU kernels are communication, and by which rule (docs/communication.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-comm-classify.h"
#include "hp-rank-access.h"

/* the depth of the launching thread's ops searched for a collective op */
#define MAX_LAUNCH_DEPTH 64

/* The built-in list, version HP_COMM_PATTERNS_VERSION. Globs on the full
 * kernel name; an exclusion wins over every inclusion of the list. */
static const HpCommPattern builtin[] = {
  { "DeepEP", "*deep_ep::*", FALSE },
  { "DeepEP", "*dpsk::ep::*", FALSE },
  { "DeepEP", "*deep_ep::layout::*", TRUE },
  { "DeepEP", "*dpsk::ep::layout::*", TRUE },
  { "NVSHMEM", "*nvshmem*", FALSE },
  { "symmetric memory", "*multimem_all_reduce*", FALSE },
  { "symmetric memory", "*multimem_one_shot_all_reduce*", FALSE },
  { "symmetric memory", "*multimem_all_gather*", FALSE },
  { "symmetric memory", "*multimem_reduce_scatter*", FALSE },
  { "symmetric memory", "*one_shot_all_reduce*", FALSE },
  { "symmetric memory", "*two_shot_all_reduce*", FALSE },
  { "symmetric memory", "*symmetric_memory::*all_to_all*", FALSE },
  { "custom all-reduce", "*cross_device_reduce*", FALSE },
  { "custom all-reduce", "*custom_all_reduce*", FALSE },
  { "MSCCL++", "*mscclpp*", FALSE },
  { "MSCCL++", "mscclKernel*", FALSE },
};

/* one GPatternSpec per builtin[] entry, compiled once */
static GPatternSpec **
get_builtin_specs (void)
{
  static gsize specs = 0;

  if (g_once_init_enter (&specs))
    {
      GPatternSpec **list = g_new (GPatternSpec *, G_N_ELEMENTS (builtin));

      for (guint i = 0; i < G_N_ELEMENTS (builtin); i++)
        list[i] = g_pattern_spec_new (builtin[i].text);
      g_once_init_leave (&specs, (gsize)list);
    }
  return (GPatternSpec **)specs;
}

/**
 * hp_comm_builtin_patterns:
 * @n_patterns: (out): the length of the list
 *
 * The built-in pattern list (version %HP_COMM_PATTERNS_VERSION), as
 * docs/communication.md lists it.
 *
 * Returns: (transfer none) (array length=n_patterns): the patterns
 */
const HpCommPattern *
hp_comm_builtin_patterns (guint *n_patterns)
{
  *n_patterns = G_N_ELEMENTS (builtin);
  return builtin;
}

/**
 * hp_comm_rule_to_string:
 *
 * Returns: the rule's name in tables and in `info` ("library", "args",
 *   "launch", "pattern", "user", "hta-name"), or "none"
 */
const char *
hp_comm_rule_to_string (HpCommRule rule)
{
  switch (rule)
    {
    case HP_COMM_RULE_HTA_NAME:
      return "hta-name";
    case HP_COMM_RULE_LIBRARY:
      return "library";
    case HP_COMM_RULE_ARGS:
      return "args";
    case HP_COMM_RULE_LAUNCH:
      return "launch";
    case HP_COMM_RULE_PATTERN:
      return "pattern";
    case HP_COMM_RULE_USER:
      return "user";
    case HP_COMM_RULE_NONE:
    case HP_N_COMM_RULES:
    default:
      return "none";
    }
}

/* ---------------------------------------------------------------------------
 * The rules
 * ------------------------------------------------------------------------- */

static gboolean
starts_with (const char *s,
             const char *prefix)
{
  return strncmp (s, prefix, strlen (prefix)) == 0;
}

/* NCCL, RCCL (ncclDevKernel_Generic included), oneCCL and HCCL kernels */
static gboolean
is_library_name (const char *name)
{
  static const char *const prefixes[] = { "nccl", "rccl", "hccl", "oneccl" };
  static const char *const infixes[] = { "ncclKernel", "ncclDevKernel", "rcclKernel", "oneccl::", "ccl::ze::" };

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (starts_with (name, prefixes[i]))
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (infixes); i++)
    if (strstr (name, infixes[i]) != NULL)
      return TRUE;
  return FALSE;
}

/**
 * hp_comm_classify_name:
 * @name: a GPU kernel's full name
 * @user: (nullable): the user's patterns
 *
 * The rules of the default mode that read the kernel's name alone: a
 * collective library's name, then the built-in pattern list, then the
 * user's patterns. The user's exclusions and the list's own exclusions
 * drop a kernel from both pattern rules, never from the library rule.
 *
 * Returns: %HP_COMM_RULE_LIBRARY, %HP_COMM_RULE_PATTERN,
 *   %HP_COMM_RULE_USER or %HP_COMM_RULE_NONE
 */
HpCommRule
hp_comm_classify_name (const char           *name,
                       const HpCommPatterns *user)
{
  GPatternSpec **specs;
  gsize          len;
  gboolean       in_list = FALSE, out_list = FALSE;

  g_return_val_if_fail (name != NULL, HP_COMM_RULE_NONE);

  if (is_library_name (name))
    return HP_COMM_RULE_LIBRARY;
  specs = get_builtin_specs ();
  len = strlen (name);
  for (guint i = 0; i < G_N_ELEMENTS (builtin); i++)
    if (g_pattern_spec_match (specs[i], len, name, NULL))
      {
        if (builtin[i].exclude)
          out_list = TRUE;
        else
          in_list = TRUE;
      }
  if (out_list)
    return HP_COMM_RULE_NONE;
  if (user != NULL && hp_comm_patterns_match (user, name, len) < 0)
    return HP_COMM_RULE_NONE;
  if (in_list)
    return HP_COMM_RULE_PATTERN;
  if (user != NULL && hp_comm_patterns_match (user, name, len) > 0)
    return HP_COMM_RULE_USER;
  return HP_COMM_RULE_NONE;
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
 * Whether the default mode's name rules make a kernel communication
 * without a user pattern file: hp_comm_classify_name() with none.
 */
gboolean
hp_kernel_name_is_communication (const char *name)
{
  return hp_comm_classify_name (name, NULL) != HP_COMM_RULE_NONE;
}

/**
 * hp_kernel_class_default:
 * @name: a GPU kernel's full name
 * @user: (nullable): the user's patterns
 *
 * A kernel's class in the default mode by its name: communication by
 * hp_comm_classify_name(), else memory by name, else computation. The
 * loader then applies the args and launch rules to the computation ones.
 */
HpKernelClass
hp_kernel_class_default (const char           *name,
                         const HpCommPatterns *user)
{
  if (hp_comm_classify_name (name, user) != HP_COMM_RULE_NONE)
    return HP_KERNEL_CLASS_COMMUNICATION;
  if (hp_name_is_memory (name))
    return HP_KERNEL_CLASS_MEMORY;
  return HP_KERNEL_CLASS_COMPUTATION;
}

/**
 * hp_kernel_class_better:
 *
 * The default mode's rules (docs/trace-format.md §12) without user
 * patterns: the category decides memory; kernels by
 * hp_kernel_class_default(); runtime calls and synchronisation are OTHER;
 * a compute kernel whose name merely contains "Sync" or "dma" stays
 * COMPUTATION.
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
      return hp_kernel_class_default (name, NULL);
    case HP_EVENT_KIND_OTHER:
    case HP_EVENT_KIND_CPU_OP:
    case HP_EVENT_KIND_USER_ANNOTATION:
    case HP_EVENT_KIND_PYTHON:
    case HP_EVENT_KIND_GPU_ANNOTATION:
    case HP_EVENT_KIND_PROFILER_RANGE:
    case HP_EVENT_KIND_INSTANT:
    default:
      if (contains_word (name, "Sync") || strncmp (name, "Stream Wait Event", 17) == 0)
        return HP_KERNEL_CLASS_OTHER;
      return hp_kernel_class_hta (name);
    }
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
 * PyTorch writes them on a collective's kernel: a non-empty `Collective
 * name`, `Process Group Name` or `Process Group Description`.
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
 * hp_comm_op_is_collective:
 * @name: a CPU op's name
 *
 * Whether the op launches a collective: PyTorch's `record_param_comms`,
 * a `c10d::` op (`c10d::allreduce_`…) or an `nccl:` range
 * (`nccl:all_reduce`).
 */
gboolean
hp_comm_op_is_collective (const char *name)
{
  g_return_val_if_fail (name != NULL, FALSE);
  return strcmp (name, "record_param_comms") == 0 || starts_with (name, "c10d::") ||
         starts_with (name, "nccl:");
}

/**
 * hp_comm_launched_by_collective:
 * @rank: a rank
 * @event: one of its GPU kernels
 * @name_of: the name of a string id of @rank
 * @name_data: for @name_of
 * @op_cache: (nullable): one byte per string id, zeroed, that remembers
 *   which names are collective ops
 *
 * Whether the kernel's CPU launch runs inside a collective op
 * (hp_comm_op_is_collective()) on its thread.
 */
gboolean
hp_comm_launched_by_collective (const HpRank  *rank,
                                guint          event,
                                HpCommNameFunc name_of,
                                gpointer       name_data,
                                guint8        *op_cache)
{
  gint32 at;

  g_return_val_if_fail (rank != NULL && name_of != NULL, FALSE);

  if (rank->partner == NULL || rank->parent == NULL || event >= rank->n_events)
    return FALSE;
  at = rank->partner[event];
  if (at < 0)
    return FALSE;
  for (guint depth = 0; at >= 0 && depth < MAX_LAUNCH_DEPTH; depth++, at = rank->parent[at])
    {
      guint32  id = rank->name[at];
      gboolean yes;

      if (id == HP_NO_STRING)
        continue;
      if (op_cache != NULL && op_cache[id] != 0)
        yes = op_cache[id] == 1;
      else
        {
          const char *name = name_of (id, name_data);

          yes = name != NULL && hp_comm_op_is_collective (name);
          if (op_cache != NULL)
            op_cache[id] = yes ? 1 : 2;
        }
      if (yes)
        return TRUE;
    }
  return FALSE;
}

/* the outermost collective op the kernel's launch runs in, or -1 */
static gint32
outermost_collective_op (const HpRank  *rank,
                         guint          event,
                         HpCommNameFunc name_of,
                         gpointer       name_data,
                         guint8        *op_cache)
{
  gint32 at = rank->partner[event], found = -1;

  for (guint depth = 0; at >= 0 && depth < MAX_LAUNCH_DEPTH; depth++, at = rank->parent[at])
    {
      guint32 id = rank->name[at];

      if (id == HP_NO_STRING)
        continue;
      if (op_cache[id] == 0)
        {
          const char *name = name_of (id, name_data);

          op_cache[id] = name != NULL && hp_comm_op_is_collective (name) ? 1 : 2;
        }
      if (op_cache[id] == 1)
        found = at;
    }
  return found;
}

/**
 * hp_comm_apply_launch_rule:
 * @rank: a rank whose kernels the name, args and pattern rules classified,
 *   with its launch links and nesting
 * @name_of: the name of a string id of @rank
 * @name_data: for @name_of
 *
 * The default mode's launch rule: of the kernels launched inside one
 * collective op (the outermost `record_param_comms`, `c10d::` op or
 * `nccl:` range around the launch), the collective is the kernel a
 * library's name or the args already call communication; when none does,
 * it is the longest kernel the op launched (the one that waits for the
 * other ranks and moves the data), which becomes communication. The
 * other kernels such an op launches (a fill, a copy into the flat buffer,
 * a cast) stay what they are.
 */
void
hp_comm_apply_launch_rule (HpRank        *rank,
                           HpCommNameFunc name_of,
                           gpointer       name_data)
{
  g_autofree guint8 *op_cache = NULL;
  g_autoptr (GHashTable) chosen = NULL; /* op + 1 → kernel + 1, or 0 when the op has its collective */
  GHashTableIter iter;
  gpointer       op, kernel;
  guint32        n_names = 0;

  g_return_if_fail (rank != NULL && name_of != NULL);

  if (rank->partner == NULL || rank->parent == NULL)
    return;
  for (guint i = 0; i < rank->n_events; i++)
    if (rank->name[i] != HP_NO_STRING)
      n_names = MAX (n_names, rank->name[i] + 1);
  op_cache = g_new0 (guint8, MAX (n_names, 1));
  chosen = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < rank->n_events; i++)
    {
      gint32   at;
      gpointer key, best;

      if (rank->kind[i] != HP_EVENT_KIND_KERNEL || rank->partner[i] < 0 ||
          (rank->kclass[i] != HP_KERNEL_CLASS_COMPUTATION && rank->kclass[i] != HP_KERNEL_CLASS_COMMUNICATION))
        continue;
      at = outermost_collective_op (rank, i, name_of, name_data, op_cache);
      if (at < 0)
        continue;
      key = GINT_TO_POINTER (at + 1);
      if (rank->kclass[i] == HP_KERNEL_CLASS_COMMUNICATION)
        g_hash_table_insert (chosen, key, GUINT_TO_POINTER (0));
      else if (!g_hash_table_lookup_extended (chosen, key, NULL, &best))
        g_hash_table_insert (chosen, key, GUINT_TO_POINTER (i + 1));
      else if (GPOINTER_TO_UINT (best) != 0)
        {
          guint b = GPOINTER_TO_UINT (best) - 1;

          /* the longest; of equal ones the last launched */
          if (hp_rank_dur (rank, i) >= hp_rank_dur (rank, b))
            g_hash_table_insert (chosen, key, GUINT_TO_POINTER (i + 1));
        }
    }
  g_hash_table_iter_init (&iter, chosen);
  while (g_hash_table_iter_next (&iter, &op, &kernel))
    if (GPOINTER_TO_UINT (kernel) != 0)
      rank->kclass[GPOINTER_TO_UINT (kernel) - 1] = HP_KERNEL_CLASS_COMMUNICATION;
}

static const char *
trace_name (guint32  id,
            gpointer data)
{
  return hp_trace_get_string (data, id);
}

/**
 * hp_comm_classify_event:
 * @trace: a loaded trace
 * @rank: one of its ranks
 * @event: one of its events
 *
 * The rule that made the event communication, in the order of
 * #HpCommRule, as the loader applied it: HTA's name rule in
 * HTA-compatibility mode; otherwise a library name, the kernel's args,
 * its launching op, the built-in list, the user's patterns (those the
 * trace was loaded with).
 *
 * Returns: the rule, %HP_COMM_RULE_NONE for an event that is not a
 *   communication kernel
 */
HpCommRule
hp_comm_classify_event (HpTrace      *trace,
                        const HpRank *rank,
                        guint         event)
{
  const char   *name;
  HpCommArgKeys keys;
  HpCommRule    rule;

  g_return_val_if_fail (trace != NULL && rank != NULL, HP_COMM_RULE_NONE);

  if (event >= rank->n_events || rank->kclass[event] != HP_KERNEL_CLASS_COMMUNICATION)
    return HP_COMM_RULE_NONE;
  if (hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT)
    return HP_COMM_RULE_HTA_NAME;
  if (rank->kind[event] != HP_EVENT_KIND_KERNEL)
    return HP_COMM_RULE_NONE;
  name = hp_trace_get_string (trace, rank->name[event]);
  rule = hp_comm_classify_name (name, hp_trace_get_comm_patterns (trace));
  if (rule == HP_COMM_RULE_LIBRARY)
    return rule;
  hp_comm_arg_keys_init (&keys, rank);
  if (hp_args_name_communication (rank, event, &keys))
    return HP_COMM_RULE_ARGS;
  if (hp_comm_launched_by_collective (rank, event, trace_name, trace, NULL))
    return HP_COMM_RULE_LAUNCH;
  return rule;
}

/**
 * hp_comm_rule_totals:
 * @trace: a loaded trace
 * @rank: (nullable): one of its ranks, or %NULL for all of them
 * @totals: (out caller-allocates): the counts and times
 *
 * How many communication kernels, and how much of their time, each rule
 * classified, over the rows the analyses see; and the time of all kernels,
 * to say what share of it communication is.
 */
void
hp_comm_rule_totals (HpTrace          *trace,
                     const HpRank     *rank,
                     HpCommRuleTotals *totals)
{
  g_return_if_fail (trace != NULL && totals != NULL);

  memset (totals, 0, sizeof *totals);
  for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
    {
      const HpRank      *r = hp_trace_get_rank (trace, k);
      g_autofree guint8 *seen = NULL;

      if (rank != NULL && r != rank)
        continue;
      seen = g_new0 (guint8, MAX (r->n_events, 1));
      for (guint i = 0; i < r->n_rows; i++)
        {
          guint      e = r->rows[i];
          gint64     dur;
          HpCommRule rule;

          if (seen[e] || r->kind[e] != HP_EVENT_KIND_KERNEL || !(r->flags[e] & HP_EVENT_MEASURED))
            continue;
          seen[e] = 1;
          dur = hp_rank_get_event_duration (r, e);
          totals->kernel_ns += dur;
          rule = hp_comm_classify_event (trace, r, e);
          if (rule == HP_COMM_RULE_NONE)
            continue;
          totals->n_kernels[rule]++;
          totals->ns[rule] += dur;
        }
    }
}
