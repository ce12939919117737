/* hp-user-annotation.h — time per user annotation, and the annotation of each GPU kernel (docs/analyses.md §4).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"

/* the analysis' name (hotpath-cli report --analysis) and its tables' names */
#define HP_USER_ANNOTATION_ANALYSIS "user_annotation_breakdown"
#define HP_USER_ANNOTATION_GPU_TABLE "user_annotation_breakdown_gpu"
#define HP_USER_ANNOTATION_CPU_TABLE "user_annotation_breakdown_cpu"
#define HP_KERNELS_WITH_ANNOTATIONS_ANALYSIS "gpu_kernels_with_user_annotations"
#define HP_KERNELS_WITH_ANNOTATIONS_TABLE "gpu_kernels_with_user_annotations"

/* the columns read outside core (hp_table_column_of()) */
#define HP_USER_ANNOTATION_COL_NAME HP_COLUMN_ID ("name", HP_USER_ANNOTATION_GPU_TABLE, HP_USER_ANNOTATION_CPU_TABLE)
#define HP_USER_ANNOTATION_COL_RANK HP_COLUMN_ID ("rank", HP_USER_ANNOTATION_GPU_TABLE, HP_USER_ANNOTATION_CPU_TABLE)
#define HP_USER_ANNOTATION_COL_SUM_US HP_COLUMN_ID ("sum (us)", HP_USER_ANNOTATION_GPU_TABLE, HP_USER_ANNOTATION_CPU_TABLE)
#define HP_USER_ANNOTATION_COL_MEAN_US HP_COLUMN_ID ("mean (us)", HP_USER_ANNOTATION_GPU_TABLE, HP_USER_ANNOTATION_CPU_TABLE)
#define HP_USER_ANNOTATION_COL_MIN_US HP_COLUMN_ID ("min (us)", HP_USER_ANNOTATION_GPU_TABLE, HP_USER_ANNOTATION_CPU_TABLE)
#define HP_USER_ANNOTATION_COL_MAX_US HP_COLUMN_ID ("max (us)", HP_USER_ANNOTATION_GPU_TABLE, HP_USER_ANNOTATION_CPU_TABLE)

G_BEGIN_DECLS

gint32 *hp_user_annotation_assign_kernels (HpTrace      *trace,
                                           const HpRank *rank);

gboolean hp_user_annotation_breakdown_compute (HpTrace                *trace,
                                               const HpAnalysisParams *params,
                                               GPtrArray              *tables,
                                               GCancellable           *cancellable,
                                               GError                **error);

gboolean hp_gpu_kernels_with_user_annotations_compute (HpTrace                *trace,
                                                       const HpAnalysisParams *params,
                                                       GPtrArray              *tables,
                                                       GCancellable           *cancellable,
                                                       GError                **error);

extern const HpAnalysis  hp_user_annotation_analysis;
extern const HpParamSpec hp_user_annotation_use_gpu_annotation_spec;
extern const HpParamSpec hp_user_annotation_num_kernels_spec;
extern const HpParamSpec hp_user_annotation_duration_ratio_spec;
extern const HpParamSpec hp_user_annotation_allowlist_patterns_spec;

extern const HpAnalysis  hp_kernels_with_annotations_analysis;
extern const HpParamSpec hp_kernels_with_annotations_expand_names_spec;
extern const HpParamSpec hp_kernels_with_annotations_shorten_names_spec;

G_END_DECLS
