/* hp-format.c — how numbers, sizes, durations and paths read in the window.
 *
 * The CSV and the clipboard keep the exact text of hp_table_format_cell();
 * these are the shorter forms shown on screen.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "hp-format.h"

/* Drops the zeros after the decimal point ("12.50" → "12.5", "3.00" → "3") */
static void
trim_fraction (char *text)
{
  char *point = strpbrk (text, ".,");
  char *end;

  if (point == NULL || strpbrk (text, "eE") != NULL)
    return;
  end = point + strlen (point) - 1;
  while (end > point && *end == '0')
    *end-- = '\0';
  if (end == point)
    *end = '\0';
}

/**
 * hp_format_table_number:
 * @value: a table value
 *
 * Whole numbers without decimals, others with two decimals (or three
 * significant digits below one); NaN reads "n/a".
 *
 * Returns: (transfer full): the text
 */
char *
hp_format_table_number (double value)
{
  char *text;

  if (isnan (value))
    return g_strdup (_ ("n/a"));
  if (isinf (value))
    return g_strdup (value > 0 ? "∞" : "−∞");
  if (value == floor (value) && fabs (value) < 1e15)
    return g_strdup_printf ("%.0f", value);
  if (fabs (value) >= 1)
    text = g_strdup_printf ("%.2f", value);
  else
    text = g_strdup_printf ("%.3g", value);
  trim_fraction (text);
  return text;
}

/**
 * hp_format_duration_us:
 * @us: a duration in microseconds
 *
 * Returns: (transfer full): "812 µs", "45.3 ms", "2.41 s" or "3 min 12 s"
 */
char *
hp_format_duration_us (double us)
{
  if (isnan (us))
    return g_strdup (_ ("n/a"));
  if (fabs (us) < 1000)
    /* Translators: a duration in microseconds */
    return g_strdup_printf (_ ("%.0f µs"), us);
  if (fabs (us) < 1000 * 1000)
    /* Translators: a duration in milliseconds */
    return g_strdup_printf (_ ("%.1f ms"), us / 1000);
  if (fabs (us) < 60 * 1000 * 1000)
    /* Translators: a duration in seconds */
    return g_strdup_printf (_ ("%.2f s"), us / 1e6);
  /* Translators: a duration in minutes and seconds */
  return g_strdup_printf (_ ("%d min %d s"), (int)(us / 60e6), (int)fmod (us / 1e6, 60));
}

/**
 * hp_format_size:
 * @bytes: a size
 *
 * Returns: (transfer full): the size with the unit that fits, as
 *   g_format_size() writes it: "512 bytes", "48.3 kB", "1.2 GB"
 */
char *
hp_format_size (guint64 bytes)
{
  return g_format_size (bytes);
}

/**
 * hp_format_display_path:
 * @path: an absolute path
 *
 * Returns: (transfer full): @path with the home folder shown as "~", as
 *   UTF-8 to show (g_filename_display_name(): a name that is not in the
 *   file system's encoding shows U+FFFD for what cannot be read)
 */
char *
hp_format_display_path (const char *path)
{
  const char *home = g_get_home_dir ();
  gsize       len;

  g_return_val_if_fail (path != NULL, NULL);

  len = home != NULL ? strlen (home) : 0;
  if (len > 1 && strncmp (path, home, len) == 0 && (path[len] == '/' || path[len] == '\0'))
    {
      g_autofree char *rest = g_filename_display_name (path + len);

      return g_strconcat ("~", rest, NULL);
    }
  return g_filename_display_name (path);
}
