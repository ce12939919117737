/* fuzz-parser.c — libFuzzer target: one file of raw bytes through the loader, both modes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
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
  g_autofree char *path = hp_fuzz_write ("rank-0.json", data, size);

  hp_fuzz_load_both_modes (path, FALSE);
  hp_fuzz_clear_dir ();
  return 0;
}
