/* hp-charts.h — the umbrella header of the chart library.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-axis.h"
#include "hp-bar-chart.h"
#include "hp-chart-adapters.h"
#include "hp-chart-patterns.h"
#include "hp-chart-style.h"
#include "hp-chart.h"
#include "hp-export.h"
#include "hp-heat-map.h"
#include "hp-histogram.h"
#include "hp-line-chart.h"
#include "hp-pie-chart.h"
