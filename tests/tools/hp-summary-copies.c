/* hp-summary-copies.c — writes N copies of one rank summary, numbered as ranks 0 to N-1.
 *
 * For the scale figures of docs/cluster.md: a thousand-rank job's summaries
 * without a thousand-rank job. Reads and writes the documented format with
 * GLib alone: HP_SUMMARY_MAGIC, the header's length (32 bits,
 * little-endian), the header (an a{sv} GVariant), then the gzip body, which
 * is copied as it is; only the header's "rank" changes.
 *
 * Usage: hp-summary-copies SUMMARY N OUTDIR
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC "HOTPATH-SUMMARY\n"

int
main (int    argc,
      char **argv)
{
  g_autofree char *contents = NULL;
  gsize            length, magic = strlen (MAGIC), header_len, body_at;
  g_autoptr (GBytes) header = NULL;
  g_autoptr (GVariant) root = NULL;
  const guint8 *p;
  long          n;

  if (argc != 4 || (n = strtol (argv[2], NULL, 10)) < 1 || n > 1000000)
    {
      g_printerr ("usage: %s SUMMARY N OUTDIR\n", argv[0]);
      return 2;
    }
  if (!g_file_get_contents (argv[1], &contents, &length, NULL) || length < magic + 4 ||
      memcmp (contents, MAGIC, magic) != 0)
    {
      g_printerr ("%s: not a summary\n", argv[1]);
      return 1;
    }
  p = (const guint8 *)contents + magic;
  header_len = (gsize)p[0] | (gsize)p[1] << 8 | (gsize)p[2] << 16 | (gsize)p[3] << 24;
  body_at = magic + 4 + header_len;
  if (body_at > length)
    {
      g_printerr ("%s: damaged\n", argv[1]);
      return 1;
    }
  header = g_bytes_new (contents + magic + 4, header_len);
  root = g_variant_ref_sink (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, header, FALSE));
  if (g_mkdir_with_parents (argv[3], 0755) != 0)
    {
      g_printerr ("%s: %s\n", argv[3], g_strerror (errno));
      return 1;
    }
  for (long r = 0; r < n; r++)
    {
      GVariantDict dict;
      g_autoptr (GVariant) copy = NULL;
      g_autoptr (GByteArray) file = g_byte_array_new ();
      g_autofree char *name = g_strdup_printf ("rank-%ld.hpsum", r);
      g_autofree char *path = g_build_filename (argv[3], name, NULL);
      guint32          len;
      guint8           le[4];

      g_variant_dict_init (&dict, root);
      g_variant_dict_insert (&dict, "rank", "i", (gint32)r);
      copy = g_variant_ref_sink (g_variant_dict_end (&dict));
      len = (guint32)g_variant_get_size (copy);
      le[0] = len & 0xff;
      le[1] = (len >> 8) & 0xff;
      le[2] = (len >> 16) & 0xff;
      le[3] = len >> 24;
      g_byte_array_append (file, (const guint8 *)MAGIC, magic);
      g_byte_array_append (file, le, 4);
      g_byte_array_append (file, g_variant_get_data (copy), len);
      g_byte_array_append (file, (const guint8 *)contents + body_at, length - body_at);
      if (!g_file_set_contents (path, (const char *)file->data, file->len, NULL))
        {
          g_printerr ("%s: cannot write\n", path);
          return 1;
        }
    }
  return 0;
}
