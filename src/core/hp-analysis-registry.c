/* hp-analysis-registry.c — the analyses hotpath-cli report and the app can run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-analysis-registry.h"

/* clang-format off */
const HpAnalysis hp_analysis_registry[] = {
  { NULL, NULL, NULL, NULL, FALSE },
};
/* clang-format on */

const guint hp_analysis_registry_size = G_N_ELEMENTS (hp_analysis_registry) - 1;
