/* hp-number-format.c — doubles written as Python writes them, and numpy's rounding.
 *
 * The CSV and JSON writers must print every double exactly as pandas does
 * (Python's repr()), so that our tables compare byte for byte with HTA's;
 * the terminal view prints a shorter form for people.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-number-format-private.h"
#include "hp-table.h"

/* One printf format per precision, so no format string is built at run
 * time; g_ascii_formatd() keeps the output independent of LC_NUMERIC. */
/* clang-format off */
static const char *const exp_formats[] = {
  "%.0e", "%.1e", "%.2e", "%.3e", "%.4e", "%.5e", "%.6e", "%.7e", "%.8e",
  "%.9e", "%.10e", "%.11e", "%.12e", "%.13e", "%.14e", "%.15e", "%.16e",
};

static const char *const fixed_formats[] = {
  "%.0f", "%.1f", "%.2f", "%.3f", "%.4f", "%.5f", "%.6f", "%.7f", "%.8f",
  "%.9f", "%.10f",
};
/* clang-format on */

/* Splits printf's "d[.ddd]e±XX" into its digits and decimal exponent */
static void
parse_exp_text (const char *text,
                char       *digits,
                gsize      *n_digits,
                int        *exponent)
{
  const char *p;

  *n_digits = 0;
  for (p = text; *p != 'e'; p++)
    {
      g_assert (*p != '\0');
      if (g_ascii_isdigit (*p))
        {
          g_assert (*n_digits < 17);
          digits[(*n_digits)++] = *p;
        }
    }
  *exponent = (int)g_ascii_strtoll (p + 1, NULL, 10);
}

/* Reads d.ddd × 10^exponent back as a double */
static double
digits_to_double (const char *digits,
                  gsize       n_digits,
                  int         exponent)
{
  char text[HP_FORMAT_BUF_SIZE];

  g_snprintf (text, sizeof text, "%.*se%d",
              (int)n_digits, digits, exponent - (int)n_digits + 1);
  return g_ascii_strtod (text, NULL);
}

/* Adds one unit in the last place: 1.29 → 1.30, 9.99 → 1.00e+1 */
static void
increment_digits (char *digits,
                  gsize n_digits,
                  int  *exponent)
{
  for (gsize i = n_digits; i > 0; i--)
    {
      if (digits[i - 1] != '9')
        {
          digits[i - 1]++;
          return;
        }
      digits[i - 1] = '0';
    }
  digits[0] = '1';
  (*exponent)++;
}

/* Finds the shortest digits that read back as @magnitude (positive,
 * finite): Python's repr() digits. */
static void
shortest_digits (double magnitude,
                 char  *digits,
                 gsize *n_digits,
                 int   *exponent)
{
  char  scratch[HP_FORMAT_BUF_SIZE];
  guint precision = 0;

  /* Any decimal of at most 15 digits survives a trip through a double
   * (DBL_DIG), so if 15 digits do not round-trip, fewer cannot either. */
  g_ascii_formatd (scratch, sizeof scratch, exp_formats[14], magnitude);
  if (g_ascii_strtod (scratch, NULL) != magnitude)
    precision = 15;

  for (; precision < G_N_ELEMENTS (exp_formats); precision++)
    {
      double back;

      g_ascii_formatd (scratch, sizeof scratch, exp_formats[precision], magnitude);
      parse_exp_text (scratch, digits, n_digits, exponent);
      back = g_ascii_strtod (scratch, NULL);
      if (back == magnitude)
        break;

      /* At a power of two the doubles below are twice as dense as those
       * above, so the nearest decimal may fall just outside the narrow
       * lower half-interval while the next one up is inside the wider
       * upper one; the shortest repr() is then that one. */
      if (back < magnitude)
        {
          int up_exponent = *exponent;

          increment_digits (digits, *n_digits, &up_exponent);
          if (digits_to_double (digits, *n_digits, up_exponent) == magnitude)
            {
              *exponent = up_exponent;
              break;
            }
        }
    }

  while (*n_digits > 1 && digits[*n_digits - 1] == '0')
    (*n_digits)--;
}

/* Writes Python's repr() of @value into @buf and returns its length.
 *
 * The digits are the shortest that read back as the same double, the
 * nearest one among equals (glibc's printf rounds correctly). They are
 * then laid out as repr() does (Python's float_repr_style "short"):
 * scientific when the decimal exponent is below -4 or at least 16,
 * positional otherwise, always with a digit after the point. */
gsize
_hp_format_double_repr (double value,
                        char  *buf)
{
  char     digits[20];
  gsize    n_digits = 0;
  gboolean negative;
  int      exponent;
  int      decpt;
  gsize    len = 0;

  if (isnan (value))
    return g_strlcpy (buf, "nan", HP_FORMAT_BUF_SIZE);
  if (isinf (value))
    return g_strlcpy (buf, value < 0 ? "-inf" : "inf", HP_FORMAT_BUF_SIZE);

  negative = signbit (value) != 0;

  /* Below 2^53 an integral double is exactly its integer, and no shorter
   * digit string can round-trip, so the integer is repr()'s digits. */
  if (value == floor (value) && fabs (value) < 9007199254740992.0)
    {
      if (value == 0)
        return g_strlcpy (buf, negative ? "-0.0" : "0.0", HP_FORMAT_BUF_SIZE);
      return g_snprintf (buf, HP_FORMAT_BUF_SIZE, "%" G_GINT64_FORMAT ".0", (gint64)value);
    }

  shortest_digits (fabs (value), digits, &n_digits, &exponent);

  /* The value is 0.DIGITS × 10^decpt */
  decpt = exponent + 1;

#define PUT(c)                               \
  G_STMT_START                               \
  {                                          \
    g_assert (len + 1 < HP_FORMAT_BUF_SIZE); \
    buf[len++] = (c);                        \
  }                                          \
  G_STMT_END

  if (negative)
    PUT ('-');

  if (decpt <= -4 || decpt > 16)
    {
      char exp_text[8];

      PUT (digits[0]);
      if (n_digits > 1)
        {
          PUT ('.');
          for (gsize i = 1; i < n_digits; i++)
            PUT (digits[i]);
        }
      g_snprintf (exp_text, sizeof exp_text, "e%c%02d",
                  exponent < 0 ? '-' : '+', ABS (exponent));
      for (const char *e = exp_text; *e != '\0'; e++)
        PUT (*e);
    }
  else if (decpt <= 0)
    {
      PUT ('0');
      PUT ('.');
      for (int i = 0; i < -decpt; i++)
        PUT ('0');
      for (gsize i = 0; i < n_digits; i++)
        PUT (digits[i]);
    }
  else if ((gsize)decpt >= n_digits)
    {
      for (gsize i = 0; i < n_digits; i++)
        PUT (digits[i]);
      for (gsize i = n_digits; i < (gsize)decpt; i++)
        PUT ('0');
      PUT ('.');
      PUT ('0');
    }
  else
    {
      for (gsize i = 0; i < n_digits; i++)
        {
          if (i == (gsize)decpt)
            PUT ('.');
          PUT (digits[i]);
        }
    }

#undef PUT

  buf[len] = '\0';
  return len;
}

/* A double for people: up to six significant digits without an exponent
 * in the usual range, trailing zeros dropped. */
void
_hp_format_double_text (double value,
                        char  *buf)
{
  double magnitude = fabs (value);
  int    decimals;
  gsize  len;

  if (isinf (value))
    {
      g_strlcpy (buf, value < 0 ? "-inf" : "inf", HP_FORMAT_BUF_SIZE);
      return;
    }
  if (value == 0)
    {
      g_strlcpy (buf, "0", HP_FORMAT_BUF_SIZE);
      return;
    }
  if (magnitude >= 1e15 || magnitude < 1e-4)
    {
      g_ascii_formatd (buf, HP_FORMAT_BUF_SIZE, "%.6g", value);
      return;
    }

  decimals = 6 - ((int)floor (log10 (magnitude)) + 1);
  decimals = CLAMP (decimals, 0, (int)G_N_ELEMENTS (fixed_formats) - 1);
  g_ascii_formatd (buf, HP_FORMAT_BUF_SIZE, fixed_formats[decimals], value);

  if (strchr (buf, '.') != NULL)
    {
      len = strlen (buf);
      while (buf[len - 1] == '0')
        buf[--len] = '\0';
      if (buf[len - 1] == '.')
        buf[--len] = '\0';
    }
  if (strcmp (buf, "-0") == 0)
    g_strlcpy (buf, "0", HP_FORMAT_BUF_SIZE);
}

/**
 * hp_format_double:
 * @value: a double
 *
 * Formats @value as Python's repr() does, which is also how pandas writes
 * floats to CSV: the shortest text that reads back as the same double,
 * positional for decimal exponents from -4 to 15 with at least one digit
 * after the point ("100.0", "0.0001", "-0.0"), scientific otherwise with a
 * two-digit exponent at least ("1e-05", "1.5e+16", "5e-324"). NaN and the
 * infinities give "nan", "inf" and "-inf". The output does not depend on
 * the locale.
 *
 * Returns: (transfer full): the text
 */
char *
hp_format_double (double value)
{
  char buf[HP_FORMAT_BUF_SIZE];

  _hp_format_double_repr (value, buf);
  return g_strdup (buf);
}

/**
 * hp_round_half_even:
 * @value: a double
 * @decimals: the number of decimals to keep; negative rounds to tens,
 *   hundreds…
 *
 * Rounds as numpy's `round (value, decimals)` does (docs/analyses.md §0):
 * `rint (value × 10^decimals) / 10^decimals` in double precision, ties to
 * even; for negative @decimals, `rint (value / 10^-decimals) × 10^-decimals`.
 *
 * Returns: the rounded value; NaN and infinities unchanged
 */
double
hp_round_half_even (double value,
                    int    decimals)
{
  double factor;

  if (!isfinite (value))
    return value;

  factor = pow (10.0, (double)ABS (decimals));
  if (decimals >= 0)
    return rint (value * factor) / factor;
  else
    return rint (value / factor) * factor;
}
