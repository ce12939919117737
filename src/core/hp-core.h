/* hp-core.h — the umbrella header of libhotpath-core.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-classify.h"
#include "hp-load-error.h"
#include "hp-load-issue.h"
#include "hp-loader.h"
#include "hp-rank-access.h"
#include "hp-rank.h"
#include "hp-trace.h"
