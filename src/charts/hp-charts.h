/* hp-charts.h — the umbrella header of the chart library.
 *
 * The only header of this layer that code outside it includes: the others
 * stop with an #error unless they come through here (HP_CHARTS_INSIDE) or
 * are compiled as part of the layer (HP_CHARTS_COMPILATION, set by its
 * meson.build).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-core.h"

#define HP_CHARTS_INSIDE

#include "hp-axis.h"
#include "hp-bar-chart.h"
#include "hp-chart-adapters.h"
#include "hp-chart-patterns.h"
#include "hp-chart-style.h"
#include "hp-chart.h"
#include "hp-compare-charts.h"
#include "hp-diff-charts.h"
#include "hp-export.h"
#include "hp-heat-map.h"
#include "hp-histogram.h"
#include "hp-line-chart.h"
#include "hp-pie-chart.h"
#include "hp-timeline-layout.h"
#include "hp-timeline-scene.h"
#include "hp-timeline-arrangement.h"
#include "hp-timeline-bookmarks.h"
#include "hp-timeline-camera.h"
#include "hp-timeline-critical-path.h"
#include "hp-timeline-frame.h"
#include "hp-timeline-painter.h"
#include "hp-timeline-state.h"

#undef HP_CHARTS_INSIDE
