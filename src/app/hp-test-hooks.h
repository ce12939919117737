/* hp-test-hooks.h — lets the screenshot script and the start-up benchmark drive the app.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-application.h"

G_BEGIN_DECLS

void hp_test_hooks_install (HpApplication *application);

G_END_DECLS
