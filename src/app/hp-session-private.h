/* hp-session-private.h — test hooks of HpSession.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-session.h"

G_BEGIN_DECLS

void _hp_session_override_analysis (HpSession        *self,
                                    const HpAnalysis *analysis);

G_END_DECLS
