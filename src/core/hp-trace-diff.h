/* hp-trace-diff.h — what changed between two runs: op summaries, compare_traces, ops_diff (spec analyses §10).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <json-glib/json-glib.h>

#include "hp-analysis.h"

/* the tables of a diff and the columns read outside core
 * (hp_table_column_of()) */
#define HP_TRACE_DIFF_OPS_SUMMARY_TABLE "ops_summary"
#define HP_TRACE_DIFF_TABLE "compare_traces"
#define HP_TRACE_DIFF_COL_DIFF_COUNTS HP_COLUMN_ID ("diff_counts", HP_TRACE_DIFF_TABLE)
#define HP_TRACE_DIFF_COL_DIFF_DURATION HP_COLUMN_ID ("diff_duration", HP_TRACE_DIFF_TABLE)
/* the endings of the per-run columns, after each run's label */
#define HP_TRACE_DIFF_COUNTS_SUFFIX "_counts"
#define HP_TRACE_DIFF_TOTAL_DURATION_SUFFIX "_total_duration"

G_BEGIN_DECLS

typedef enum
{
  HP_DIFF_DEVICE_ALL = 0,
  HP_DIFF_DEVICE_CPU,
  HP_DIFF_DEVICE_GPU,
} HpDiffDevice;

/**
 * HpTraceDiffParams:
 * @control_label: NULL for "Control"
 * @test_label: NULL for "Test"
 * @control_rank: -1 for the first rank
 * @test_rank: -1 for the first rank
 * @control_iterations: (element-type int): NULL or empty for the first
 *   iteration (the whole run when it has none, in the default mode)
 * @test_iterations: (element-type int): as @control_iterations
 * @device: which side of the machine
 * @use_short_name: group by shortened names (compare only)
 */
typedef struct
{
  char        *control_label;
  char        *test_label;
  int          control_rank;
  int          test_rank;
  GArray      *control_iterations;
  GArray      *test_iterations;
  HpDiffDevice device;
  gboolean     use_short_name;
} HpTraceDiffParams;

void hp_trace_diff_params_init (HpTraceDiffParams *params);
void hp_trace_diff_params_clear (HpTraceDiffParams *params);

gboolean hp_diff_device_from_string (const char   *text,
                                     HpDiffDevice *device);

GArray  *hp_trace_diff_iterations (HpTrace *trace);
HpTable *hp_trace_diff_ops_summary (HpTrace      *trace,
                                    int           rank,
                                    GArray       *iterations,
                                    HpDiffDevice  device,
                                    GCancellable *cancellable,
                                    GError      **error);
HpTable *hp_trace_diff_run_summary (HpTrace      *trace,
                                    GCancellable *cancellable,
                                    GError      **error);
HpTable *hp_trace_diff_compare (HpTrace                 *control,
                                HpTrace                 *test,
                                const HpTraceDiffParams *params,
                                GCancellable            *cancellable,
                                GError                 **error);

typedef enum
{
  HP_OPS_DIFF_ADDED = 0,
  HP_OPS_DIFF_DELETED,
  HP_OPS_DIFF_INCREASED,
  HP_OPS_DIFF_DECREASED,
  HP_OPS_DIFF_UNCHANGED,
  HP_N_OPS_DIFF_KINDS
} HpOpsDiffKind;

typedef struct
{
  /* (element-type utf8): names, sorted, per kind */
  GPtrArray *names[HP_N_OPS_DIFF_KINDS];
} HpOpsDiff;

const char *hp_ops_diff_kind_to_string (HpOpsDiffKind kind);
HpOpsDiff  *hp_trace_diff_ops_diff (HpTrace                 *control,
                                    HpTrace                 *test,
                                    const HpTraceDiffParams *params,
                                    GCancellable            *cancellable,
                                    GError                 **error);
HpOpsDiff  *hp_ops_diff_from_compare (HpTable *compare);
void        hp_ops_diff_free (HpOpsDiff *self);
JsonNode   *hp_ops_diff_to_json (HpOpsDiff *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpOpsDiff, hp_ops_diff_free)

G_END_DECLS
