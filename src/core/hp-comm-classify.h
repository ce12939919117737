/* hp-comm-classify.h — which GPU kernels are communication, and by which rule (docs/communication.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-classify.h"
#include "hp-comm-patterns.h"
#include "hp-rank.h"
#include "hp-trace.h"

G_BEGIN_DECLS

/* The version of the built-in pattern list; it grows when a pattern is
 * added or changed, so a table can say which list classified it. */
#define HP_COMM_PATTERNS_VERSION 1

/**
 * HpCommRule:
 * @HP_COMM_RULE_NONE: not communication
 * @HP_COMM_RULE_HTA_NAME: HTA's name rule (`nccl`, `hccl`, `hip` prefixes,
 *   `ncclKernel`), the only rule in HTA-compatibility mode
 * @HP_COMM_RULE_LIBRARY: a collective library's kernel name: NCCL, RCCL,
 *   oneCCL, HCCL
 * @HP_COMM_RULE_ARGS: the kernel's args name a collective or a process group
 * @HP_COMM_RULE_LAUNCH: launched inside a collective op (record_param_comms,
 *   `c10d::`, `nccl:`)
 * @HP_COMM_RULE_PATTERN: the built-in pattern list (DeepEP, NVSHMEM,
 *   symmetric memory, custom all-reduce, MSCCL++)
 * @HP_COMM_RULE_USER: the user's pattern file
 *
 * Why a kernel is communication, the first rule that says so in this order.
 */
typedef enum
{
  HP_COMM_RULE_NONE = 0,
  HP_COMM_RULE_HTA_NAME,
  HP_COMM_RULE_LIBRARY,
  HP_COMM_RULE_ARGS,
  HP_COMM_RULE_LAUNCH,
  HP_COMM_RULE_PATTERN,
  HP_COMM_RULE_USER,
  HP_N_COMM_RULES
} HpCommRule;

/**
 * HpCommPattern:
 * @family: what the kernels are ("DeepEP", "NVSHMEM"…)
 * @text: a glob on the full kernel name (`*` and `?`)
 * @exclude: a kernel matching it is not communication by the pattern list
 *
 * One entry of the built-in list.
 */
typedef struct
{
  const char *family;
  const char *text;
  gboolean    exclude;
} HpCommPattern;

/* the rank's ids of the arg keys that name a collective or a process group */
typedef struct
{
  guint32  ids[3];
  gboolean any;
} HpCommArgKeys;

void          hp_comm_arg_keys_init (HpCommArgKeys *keys,
                                     const HpRank  *rank);
gboolean      hp_args_name_communication (const HpRank        *rank,
                                          guint                event,
                                          const HpCommArgKeys *keys);
gboolean      hp_kernel_name_is_communication (const char *name);
HpKernelClass hp_kernel_class_default (const char           *name,
                                       const HpCommPatterns *user);
HpKernelClass hp_kernel_class_better (HpEventKind kind,
                                      const char *name);

const HpCommPattern *hp_comm_builtin_patterns (guint *n_patterns);
const char          *hp_comm_rule_to_string (HpCommRule rule);

HpCommRule hp_comm_classify_name (const char           *name,
                                  const HpCommPatterns *user);
gboolean   hp_comm_op_is_collective (const char *name);

/* the name of a string id, for the rules that read the launching op */
typedef const char *(*HpCommNameFunc) (guint32  id,
                                       gpointer data);

gboolean   hp_comm_launched_by_collective (const HpRank  *rank,
                                           guint          event,
                                           HpCommNameFunc name_of,
                                           gpointer       name_data,
                                           guint8        *op_cache);
void       hp_comm_apply_launch_rule (HpRank        *rank,
                                      HpCommNameFunc name_of,
                                      gpointer       name_data);
HpCommRule hp_comm_classify_event (HpTrace      *trace,
                                   const HpRank *rank,
                                   guint         event);

/**
 * HpCommRuleTotals:
 * @n_kernels: communication kernels per rule (rows of the analyses)
 * @ns: their time per rule
 * @kernel_ns: the time of every kernel, communication or not
 *
 * How much communication each rule found (hp_comm_rule_totals()).
 */
typedef struct
{
  guint64 n_kernels[HP_N_COMM_RULES];
  gint64  ns[HP_N_COMM_RULES];
  gint64  kernel_ns;
} HpCommRuleTotals;

void hp_comm_rule_totals (HpTrace          *trace,
                          const HpRank     *rank,
                          HpCommRuleTotals *totals);

G_END_DECLS
