/* test-strings.c — the string table: ids, lengths and lookups through growth; moving a table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core.h"

#define N_STRINGS 200000

/* the i-th test string: varied lengths, one in seven with a NUL inside */
static char *
nth_string (guint  i,
            gsize *len)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "name-%u", i);
  for (guint k = 0; k < i % 23; k++)
    g_string_append_c (s, (char)('a' + k));
  if (i % 7 == 0)
    {
      g_string_append_c (s, '\0');
      g_string_append_printf (s, "tail%u", i);
    }
  *len = s->len;
  return g_string_free (s, FALSE);
}

/* every string keeps its id, bytes and length while the table grows many
 * times over; interning again and looking up give the same id */
static void
test_many (void)
{
  g_autoptr (HpStrings) strings = hp_strings_new ();

  for (guint i = 0; i < N_STRINGS; i++)
    {
      gsize            len;
      g_autofree char *s = nth_string (i, &len);

      g_assert_cmpuint (hp_strings_intern (strings, s, len), ==, i);
    }
  g_assert_cmpuint (hp_strings_size (strings), ==, N_STRINGS);
  for (guint i = 0; i < N_STRINGS; i++)
    {
      gsize            len;
      g_autofree char *s = nth_string (i, &len);

      g_assert_cmpuint (hp_strings_lookup (strings, s, len), ==, i);
      g_assert_cmpuint (hp_strings_intern (strings, s, len), ==, i);
      g_assert_cmpuint (hp_strings_get_len (strings, i), ==, len);
      g_assert_cmpmem (hp_strings_get (strings, i), len, s, len);
      /* the same bytes cut before the NUL are another string */
      if (i % 7 == 0)
        g_assert_cmpuint (hp_strings_lookup (strings, s, strlen (s)), ==, HP_NO_STRING);
    }
  g_assert_cmpuint (hp_strings_lookup (strings, "absent", 6), ==, HP_NO_STRING);
  g_assert_null (hp_strings_get (strings, N_STRINGS));
  g_assert_cmpuint (hp_strings_get_len (strings, N_STRINGS), ==, 0);
}

/* the strings move with their ids; the source is left empty and usable */
static void
test_take (void)
{
  g_autoptr (HpStrings) from = hp_strings_new ();
  g_autoptr (HpStrings) to = hp_strings_new ();

  g_assert_cmpuint (hp_strings_intern (from, "cpu_op", 6), ==, 0);
  g_assert_cmpuint (hp_strings_intern (from, "aten::mm", 8), ==, 1);
  g_assert_cmpuint (hp_strings_intern (from, "", 0), ==, 2);

  _hp_strings_take (to, from);
  g_assert_cmpuint (hp_strings_size (to), ==, 3);
  g_assert_cmpuint (hp_strings_size (from), ==, 0);
  g_assert_cmpstr (hp_strings_get (to, 1), ==, "aten::mm");
  g_assert_cmpuint (hp_strings_lookup (to, "cpu_op", 6), ==, 0);
  g_assert_cmpuint (hp_strings_lookup (to, "", 0), ==, 2);
  g_assert_cmpuint (hp_strings_intern (to, "kernel", 6), ==, 3);

  g_assert_cmpuint (hp_strings_lookup (from, "cpu_op", 6), ==, HP_NO_STRING);
  g_assert_cmpuint (hp_strings_intern (from, "kernel", 6), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/strings/many", test_many);
  g_test_add_func ("/core/strings/take", test_take);
  return g_test_run ();
}
