/* hp-output-text.h — text made safe for where it is written: terminals,
 * JSON readers and spreadsheets.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

gboolean hp_output_text_is_safe (const char *text,
                                 gssize      len);
char    *hp_output_escape_text (const char *text,
                                gssize      len);
char    *hp_output_json_to_string (JsonNode *node,
                                   gboolean  pretty);
gboolean hp_output_csv_cell_is_formula (const char *text);

G_END_DECLS
