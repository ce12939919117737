/* hp-analysis-registry.h — the list of analyses (defined in hp-analysis-registry.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-analysis.h"

G_BEGIN_DECLS

extern const HpAnalysis hp_analysis_registry[];
extern const guint      hp_analysis_registry_size;

G_END_DECLS
