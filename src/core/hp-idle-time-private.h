/* hp-idle-time-private.h — shared by the files of the idle time analysis.
 *
 * The analysis (hp-idle-time.c), the gaps it keeps as its result's payload
 * (hp-idle-time-gaps.c) and what its rows stand for on the timeline
 * (hp-idle-time-rows.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-idle-gaps.h"
#include "hp-idle-time.h"
