/* hp-parser-numbers.c — reads JSON numbers as int64 and times as exact nanoseconds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <math.h>

#include "hp-parser-private.h"

gboolean
_hp_parser_int64 (const char *s,
                  gsize       len,
                  gint64     *out)
{
  char    buf[64];
  char   *end = NULL;
  guint64 v;

  if (len == 0 || len >= sizeof buf)
    return FALSE;
  if (_hp_parser_small_int (s, len, out))
    return TRUE;
  memcpy (buf, s, len);
  buf[len] = '\0';
  if (!_hp_parser_text_is_integer (buf, len))
    {
      double d = g_ascii_strtod (buf, &end);

      if (end != buf + len || !isfinite (d) || d != floor (d) || fabs (d) >= 9.2e18)
        return FALSE;
      *out = (gint64)d;
      return TRUE;
    }
  errno = 0;
  v = (guint64)g_ascii_strtoll (buf, &end, 10);
  if (errno != 0 || end != buf + len)
    return FALSE;
  *out = (gint64)v;
  return TRUE;
}

/* exponent forms ("1.5e3") are rare: double arithmetic is exact enough */
static gboolean
parse_time_exp (const char *text,
                gsize       len,
                gint64     *out_ns)
{
  char   buf[64];
  char  *stop = NULL;
  double d;

  if (len >= sizeof buf)
    return FALSE;
  memcpy (buf, text, len);
  buf[len] = '\0';
  d = g_ascii_strtod (buf, &stop);
  if (stop != buf + len || !isfinite (d) || fabs (d * 1000.0) >= 9.2e18)
    return FALSE;
  *out_ns = llround (d * 1000.0);
  return TRUE;
}

/* Every shape of number, with the checks for overflow at each digit. */
static gboolean
parse_time_general (const char *text,
                    gsize       len,
                    gint64     *out_ns)
{
  const char *p = text;
  const char *end = text + len;
  gboolean    neg = FALSE;
  guint64     whole = 0;
  guint64     frac = 0;
  int         frac_digits = 0;
  gboolean    round_up = FALSE;
  gboolean    any_digit = FALSE;
  guint64     v;

  if (p < end && *p == '-')
    {
      neg = TRUE;
      p++;
    }
  for (; p < end && g_ascii_isdigit (*p); p++)
    {
      if (whole > G_MAXINT64 / 1000)
        {
          /* too many ns, unless an exponent follows */
          if (memchr (text, 'e', len) != NULL || memchr (text, 'E', len) != NULL)
            return parse_time_exp (text, len, out_ns);
          return FALSE;
        }
      whole = whole * 10 + (guint64)(*p - '0');
      any_digit = TRUE;
    }
  if (p < end && *p == '.')
    {
      p++;
      for (; p < end && g_ascii_isdigit (*p); p++)
        {
          /* past the ns digit only the rounding digit matters */
          if (frac_digits < 3)
            {
              frac = frac * 10 + (guint64)(*p - '0');
              frac_digits++;
            }
          else if (frac_digits == 3)
            {
              round_up = *p >= '5';
              frac_digits++;
            }
          any_digit = TRUE;
        }
    }
  if (p < end && (*p == 'e' || *p == 'E'))
    return parse_time_exp (text, len, out_ns);
  if (p != end || !any_digit)
    return FALSE;
  while (frac_digits < 3)
    {
      frac *= 10;
      frac_digits++;
    }
  if (whole > G_MAXINT64 / 1000)
    return FALSE;
  v = whole * 1000 + frac + (round_up ? 1 : 0);
  if (v > (guint64)G_MAXINT64)
    return FALSE;
  *out_ns = neg ? -(gint64)v : (gint64)v;
  return TRUE;
}

/**
 * hp_parse_time_ns:
 * @text: a JSON number in microseconds, e.g. "4458676522690.655"
 *
 * Converts the decimal text to integer nanoseconds exactly (rounding half
 * away from zero past the third decimal), without going through a double
 * (docs/trace-format.md §6). Exponent forms fall back to double arithmetic.
 *
 * Returns: %FALSE when the text is not a number or overflows int64
 */
gboolean
hp_parse_time_ns (const char *text,
                  gsize       len,
                  gint64     *out_ns)
{
  const char *p = text;
  const char *end = text + len;
  const char *digits;
  gboolean    neg = p < end && *p == '-';
  guint64     whole = 0;
  guint64     frac = 0;
  guint       n_frac = 0;

  /* what trace writers write: at most 16 digits of µs (Unix time has 16),
   * a point and decimals, read without overflow checks when the whole µs
   * times 1000 plus one leave room; anything else takes the general path */
  p += neg;
  digits = p;
  while (p < end && (guint)(*p - '0') < 10)
    whole = whole * 10 + (guint64)(*p++ - '0');
  if (p == digits || p - digits > 16 || whole >= G_MAXINT64 / 1000)
    return parse_time_general (text, len, out_ns);
  if (p < end && *p == '.')
    {
      for (p++; p < end && (guint)(*p - '0') < 10; p++)
        {
          if (n_frac < 3)
            frac = frac * 10 + (guint64)(*p - '0');
          else if (n_frac == 3)
            frac += *p >= '5';
          n_frac++;
        }
    }
  if (p != end)
    return parse_time_general (text, len, out_ns);
  for (; n_frac < 3; n_frac++)
    frac *= 10;
  whole = whole * 1000 + frac;
  *out_ns = neg ? -(gint64)whole : (gint64)whole;
  return TRUE;
}
