/* hp-json.c — JSON text helpers shared inside core.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-json-private.h"

/**
 * _hp_json_append_escaped:
 * @text: @len bytes of valid UTF-8 (may hold NUL bytes)
 *
 * Appends @text as a quoted JSON string: the args store's captured values
 * and the table writer's cells use the same escaping.
 */
void
_hp_json_append_escaped (GString    *out,
                         const char *text,
                         gsize       len)
{
  g_string_append_c (out, '"');
  for (gsize i = 0; i < len; i++)
    {
      guchar c = (guchar)text[i];

      switch (c)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        default:
          if (c < 0x20)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char)c);
        }
    }
  g_string_append_c (out, '"');
}
