/* hp-json-private.h — JSON text helpers shared inside core.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

void _hp_json_append_escaped (GString    *out,
                              const char *text,
                              gsize       len);

G_END_DECLS
