/* hp-output-text.c — text made safe for where it is written.
 *
 * Names come from traces, and a trace can hold any bytes. What hotpath
 * prints for a terminal shows control characters (C0, DEL and C1) and bytes
 * that are not UTF-8 as escapes instead of sending them raw; what it writes
 * as JSON is always valid UTF-8; a CSV text cell that a spreadsheet would
 * run as a formula is recognised here and escaped by the CSV writer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-output-text.h"

#include <string.h>

/* a character a terminal acts on instead of showing it */
static gboolean
is_control (gunichar c)
{
  return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

/**
 * hp_output_text_is_safe:
 * @text: bytes, not necessarily UTF-8
 * @len: the length of @text, or -1 when it ends with a nul
 *
 * Returns: whether @text is valid UTF-8 without control characters, so
 *   printing it on a terminal shows exactly it
 */
gboolean
hp_output_text_is_safe (const char *text,
                        gssize      len)
{
  const char *end;
  const char *p;

  g_return_val_if_fail (text != NULL, FALSE);

  if (len < 0)
    len = (gssize)strlen (text);
  if (!g_utf8_validate_len (text, (gsize)len, NULL))
    return FALSE;
  end = text + len;
  for (p = text; p < end; p = g_utf8_next_char (p))
    if (is_control (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}

/**
 * hp_output_escape_text:
 * @text: bytes, not necessarily UTF-8
 * @len: the length of @text, or -1 when it ends with a nul
 *
 * @text for a terminal: a tab, a line feed or a carriage return becomes
 * `\t`, `\n` or `\r`, any other control character `\xHH` (C0 and DEL) or
 * `\u00HH` (C1), and each byte that is not part of valid UTF-8 `\xHH`.
 * Everything else, backslashes included, is kept.
 *
 * Returns: (transfer full): valid UTF-8 without control characters
 */
char *
hp_output_escape_text (const char *text,
                       gssize      len)
{
  GString    *out;
  const char *p;
  const char *end;

  g_return_val_if_fail (text != NULL, NULL);

  if (len < 0)
    len = (gssize)strlen (text);
  out = g_string_sized_new ((gsize)len);
  end = text + len;
  for (p = text; p < end;)
    {
      const char *valid_end;
      gunichar    c;

      if (!g_utf8_validate_len (p, MIN ((gsize)(end - p), 4), &valid_end) && valid_end == p)
        {
          g_string_append_printf (out, "\\x%02x", (guchar)*p);
          p++;
          continue;
        }
      c = g_utf8_get_char (p);
      if (c == '\t')
        g_string_append (out, "\\t");
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else if (is_control (c))
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
  return g_string_free (out, FALSE);
}

/**
 * hp_output_json_to_string:
 * @node: the JSON to write
 * @pretty: whether to indent it
 *
 * json_to_string(), always valid UTF-8: json-glib writes a string's bytes
 * as they are, so a file name or a trace name that is not UTF-8 would make
 * the whole document invalid. Every byte that is not part of valid UTF-8
 * (only strings can hold one; the syntax is ASCII) becomes U+FFFD, as
 * g_utf8_make_valid() does.
 *
 * Returns: (transfer full): the text
 */
char *
hp_output_json_to_string (JsonNode *node,
                          gboolean  pretty)
{
  char *text;
  char *valid;

  g_return_val_if_fail (node != NULL, NULL);

  text = json_to_string (node, pretty);
  if (g_utf8_validate (text, -1, NULL))
    return text;
  valid = g_utf8_make_valid (text, -1);
  g_free (text);
  return valid;
}

/* whether @text is a decimal number, as a spreadsheet reads it: an
 * optional sign, digits with an optional point, an optional exponent */
static gboolean
is_plain_number (const char *text)
{
  const char *p = text;
  gboolean    digits = FALSE;

  if (*p == '+' || *p == '-')
    p++;
  for (; g_ascii_isdigit (*p); p++)
    digits = TRUE;
  if (*p == '.')
    for (p++; g_ascii_isdigit (*p); p++)
      digits = TRUE;
  if (!digits)
    return FALSE;
  if (*p == 'e' || *p == 'E')
    {
      p++;
      if (*p == '+' || *p == '-')
        p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      while (g_ascii_isdigit (*p))
        p++;
    }
  return *p == '\0';
}

/**
 * hp_output_csv_cell_is_formula:
 * @text: a text cell
 *
 * Whether a spreadsheet opening the CSV would take @text as a formula: it
 * starts with `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's list
 * for CSV injection), is longer than that one character and is not simply
 * a number such as `-5` or `+1e3`.
 *
 * Returns: %TRUE when the cell needs escaping
 */
gboolean
hp_output_csv_cell_is_formula (const char *text)
{
  g_return_val_if_fail (text != NULL, FALSE);

  /* a lone sign (the diff's change categories are "+" and "-") holds
   * nothing to run */
  if (*text == '\0' || text[1] == '\0' || strchr ("=+-@\t\r", *text) == NULL)
    return FALSE;
  return !is_plain_number (text);
}
