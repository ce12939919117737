/* hp-result.h — what one analysis run gives: its tables and a payload.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include "hp-analysis.h"
#include "hp-scope.h"

G_BEGIN_DECLS

typedef struct _HpResult HpResult;

#define HP_TYPE_RESULT (hp_result_get_type ())

GType                   hp_result_get_type (void) G_GNUC_CONST;
HpResult               *hp_result_new (const HpAnalysis       *analysis,
                                       GPtrArray              *tables,
                                       HpScope                *scope,
                                       const HpAnalysisParams *params);
HpResult               *hp_result_ref (HpResult *self);
void                    hp_result_unref (HpResult *self);
const HpAnalysis       *hp_result_get_analysis (HpResult *self);
GPtrArray              *hp_result_get_tables (HpResult *self);
HpTable                *hp_result_find_table (HpResult   *self,
                                              const char *table_name);
HpScope                *hp_result_get_scope (HpResult *self);
const HpAnalysisParams *hp_result_get_params (HpResult *self);
gpointer                hp_result_get_payload (HpResult *self);
void                    hp_result_set_payload (HpResult      *self,
                                               gpointer       payload,
                                               GDestroyNotify payload_free);
double                  hp_result_get_seconds (HpResult *self);
struct _HpLinkedEvents *hp_result_row_events (HpResult *self,
                                              HpTrace  *trace,
                                              HpTable  *table,
                                              guint     row);

HpResult *hp_analysis_compute (const HpAnalysis       *analysis,
                               HpTrace                *trace,
                               const HpAnalysisParams *params,
                               GCancellable           *cancellable,
                               GError                **error);
void      hp_analysis_compute_async (const HpAnalysis       *analysis,
                                     HpTrace                *trace,
                                     const HpAnalysisParams *params,
                                     GCancellable           *cancellable,
                                     GAsyncReadyCallback     callback,
                                     gpointer                user_data);
HpResult *hp_analysis_compute_finish (GAsyncResult *result,
                                      GError      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpResult, hp_result_unref)

G_END_DECLS
