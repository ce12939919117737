/* fuzz-gzip.c — libFuzzer target: JSON cut into gzip members, with garbage or a cut end.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte of the input shapes the file: bits 0-2 the number of gzip
 * members (1 to 8) the rest is split into, bit 3 garbage after the last
 * member, bit 4 the file cut short, bits 5-7 how much is cut. The rest is
 * the JSON text. What is checked is the reading of members, not zlib.
 */

#include "config.h"

#include <zlib.h>

#include "hp-fuzz-common.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  hp_fuzz_init ();
  return 0;
}

static void
append_member (GByteArray   *out,
               const guint8 *data,
               gsize         size)
{
  z_stream zs = { 0 };
  guint8   buf[16384];
  int      res;

  if (deflateInit2 (&zs, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    g_error ("deflateInit2 failed");
  zs.next_in = (Bytef *)data;
  zs.avail_in = (uInt)size;
  do
    {
      zs.next_out = buf;
      zs.avail_out = sizeof buf;
      res = deflate (&zs, Z_FINISH);
      g_byte_array_append (out, buf, (guint)(sizeof buf - zs.avail_out));
    }
  while (res == Z_OK);
  if (res != Z_STREAM_END)
    g_error ("deflate failed");
  deflateEnd (&zs);
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autoptr (GByteArray) file = g_byte_array_new ();
  g_autofree char *path = NULL;
  guint            shape, members;
  gsize            json_size, at = 0;

  if (size < 1 || size > 4 * 1024 * 1024)
    return 0;
  shape = data[0];
  members = (shape & 7) + 1;
  data++;
  json_size = size - 1;
  for (guint m = 0; m < members; m++)
    {
      gsize end = m + 1 == members ? json_size : json_size * (m + 1) / members;

      append_member (file, data + at, end - at);
      at = end;
    }
  if (shape & 8)
    g_byte_array_append (file, (const guint8 *)"\0\0garbage\x1f", 10);
  if ((shape & 16) && file->len > 0)
    g_byte_array_set_size (file, file->len - MIN (file->len, ((shape >> 5) + 1) * 3));

  path = hp_fuzz_write ("rank-0.json.gz", file->data, file->len);
  hp_fuzz_load_both_modes (path, FALSE);
  hp_fuzz_clear_dir ();
  return 0;
}
