/* hp-analysis-params-private.h — what the files of the parameters share:
 * where a spec's value is, in its field or in the bag.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis.h"
#include "hp-core-private.h"

G_BEGIN_DECLS

/* a value of the bag: what a spec holds, by its type */
typedef struct
{
  const HpParamSpec *spec;
  union
  {
    int      i;
    gint64   l;
    double   d;
    gboolean b;
    GArray  *list;
    char   **strv;
    char    *s;
  } v;
} HpBagValue;

gconstpointer _hp_analysis_params_value_at (const HpAnalysisParams *params,
                                            const HpParamSpec      *spec,
                                            HpBagValue             *scratch);
gpointer      _hp_analysis_params_value_at_mut (HpAnalysisParams  *params,
                                                const HpParamSpec *spec);
/* @text is out of the range of @spec: sets @error, returns %FALSE */
gboolean _hp_param_range_error (const HpParamSpec *spec,
                                const char        *text,
                                GError           **error);

/* the value of @spec in @params, as a @type lvalue (reads) */
#define AT(params, spec, type) ((type const *)_hp_analysis_params_value_at ((params), (spec), &scratch))
/* the same, to write */
#define AT_MUT(params, spec, type) ((type *)_hp_analysis_params_value_at_mut ((params), (spec)))

G_END_DECLS
