/* fuzz-folder.c — libFuzzer target: a folder of two rank files through the loader and every analysis.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is split at the first HP_FUZZ_SPLIT line into rank-0.json and
 * rank-1.json (without one, both files get the whole input). The folder is
 * loaded in both modes, and every analysis runs over every rank.
 */

#include "config.h"

#include <string.h>

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
  const guint8 *split;
  gsize         first, second_at;

  if (size > 4 * 1024 * 1024)
    return 0;
  split = hp_fuzz_find_split (data, size);
  first = split != NULL ? (gsize)(split - data) : size;
  second_at = split != NULL ? first + strlen (HP_FUZZ_SPLIT) : 0;
  g_free (hp_fuzz_write ("rank-0.json", data, first));
  g_free (hp_fuzz_write ("rank-1.json", data + second_at, size - second_at));

  hp_fuzz_load_both_modes (hp_fuzz_dir (), TRUE);
  hp_fuzz_clear_dir ();
  return 0;
}
