/* fuzz-inflate.c — libFuzzer target: any bytes as a gzip file, header, deflate data and trailer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is the file, its first two bytes made gzip's magic so that
 * the loader inflates it: corrupt headers, deflate blocks, trailers and
 * members reach the inflater itself (fuzz-gzip only makes valid members).
 * The seeds are the gzip traces of tests/data.
 */

#include "config.h"

#include "hp-fuzz-common.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  hp_fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree guint8 *file = NULL;
  g_autofree char   *path = NULL;

  if (size < 2 || size > 4 * 1024 * 1024)
    return 0;
  file = g_memdup2 (data, size);
  file[0] = 0x1f;
  file[1] = 0x8b;
  path = hp_fuzz_write ("rank-0.json.gz", file, size);
  hp_fuzz_load_both_modes (path, FALSE);
  hp_fuzz_clear_dir ();
  return 0;
}
