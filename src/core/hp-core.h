/* hp-core.h — the umbrella header of libhotpath-core.
 *
 * The only header of this layer that code outside it includes: the others
 * stop with an #error unless they come through here (HP_CORE_INSIDE) or
 * are compiled as part of the layer (HP_CORE_COMPILATION, set by its
 * meson.build).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#define HP_CORE_INSIDE

#include "hp-analysis-registry.h"
#include "hp-analysis.h"
#include "hp-area-stats.h"
#include "hp-aten-op-delay.h"
#include "hp-check.h"
#include "hp-classify.h"
#include "hp-collectives.h"
#include "hp-column.h"
#include "hp-comm-classify.h"
#include "hp-comm-collective.h"
#include "hp-comm-comp-overlap.h"
#include "hp-comm-patterns.h"
#include "hp-communication.h"
#include "hp-compare-summary.h"
#include "hp-no-data.h"
#include "hp-compare.h"
#include "hp-counter-writer.h"
#include "hp-critical-path.h"
#include "hp-cupti-counters.h"
#include "hp-findings.h"
#include "hp-health.h"
#include "hp-idle-gaps.h"
#include "hp-idle-time.h"
#include "hp-intervals.h"
#include "hp-job-info.h"
#include "hp-kernel-breakdown.h"
#include "hp-kernel-sequences.h"
#include "hp-launch-stats.h"
#include "hp-linked-events.h"
#include "hp-load-error.h"
#include "hp-load-issue.h"
#include "hp-loader.h"
#include "hp-memory-bw.h"
#include "hp-memory-timeline.h"
#include "hp-memory.h"
#include "hp-output-file.h"
#include "hp-output-text.h"
#include "hp-queue-length.h"
#include "hp-range-stats.h"
#include "hp-rank-access.h"
#include "hp-rank.h"
#include "hp-repeated-sequences.h"
#include "hp-result.h"
#include "hp-result-cache.h"
#include "hp-run.h"
#include "hp-scope.h"
#include "hp-series.h"
#include "hp-stats.h"
#include "hp-step-figures.h"
#include "hp-stragglers.h"
#include "hp-strings.h"
#include "hp-summary.h"
#include "hp-table.h"
#include "hp-temporal-breakdown.h"
#include "hp-time-span.h"
#include "hp-trace-diff.h"
#include "hp-trace.h"
#include "hp-tree-diff.h"
#include "hp-user-annotation.h"

#undef HP_CORE_INSIDE
