/* fuzz-parser.c — libFuzzer target: one file of raw bytes through the loader, both modes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-fuzz-common.h"
#include "hp-parser-private.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  hp_fuzz_init ();
  return 0;
}

/* The loader's scanner, and yajl where it gives up, against yajl alone:
 * the same events, or the same error. The scanner reads the file on this
 * thread, then on a thread of its own while this one builds. */
static void
same_as_yajl (const char *path)
{
  HpLoadOptions options = { 0 };
  GError       *errors[3] = { NULL, NULL, NULL };
  HpTrace      *traces[3];

  options.n_threads = 1;
  for (int k = 0; k < 3; k++)
    {
      _hp_parser_yajl_only = k == 2;
      _hp_parser_two_threads_always = k == 1;
      traces[k] = hp_load_path (path, &options, NULL, &errors[k]);
    }
  _hp_parser_yajl_only = FALSE;
  _hp_parser_two_threads_always = FALSE;
  for (int k = 0; k < 2; k++)
    {
      const char *how = k == 0 ? "the scanner" : "the scanner on its thread";

      if ((traces[k] == NULL) != (traces[2] == NULL))
        g_error ("%s and yajl disagree: %s", how, errors[k] != NULL ? errors[k]->message : errors[2]->message);
      if (traces[k] == NULL && strcmp (errors[k]->message, errors[2]->message) != 0)
        g_error ("%s says \"%s\", yajl \"%s\"", how, errors[k]->message, errors[2]->message);
      if (traces[k] != NULL)
        {
          const HpRank *a = hp_trace_get_rank (traces[k], 0);
          const HpRank *b = hp_trace_get_rank (traces[2], 0);

          if (a->n_events != b->n_events || a->n_json_events != b->n_json_events ||
              a->args_len != b->args_len || memcmp (a->ts, b->ts, a->n_events * sizeof (gint64)) != 0 ||
              (a->args_len > 0 && memcmp (a->args, b->args, a->args_len) != 0) ||
              a->n_bad_values != b->n_bad_values || a->file_checksum != b->file_checksum ||
              a->json_bytes != b->json_bytes)
            g_error ("%s and yajl read different events", how);
        }
    }
  for (int k = 0; k < 3; k++)
    {
      g_clear_pointer (&traces[k], hp_trace_unref);
      g_clear_error (&errors[k]);
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *path = hp_fuzz_write ("rank-0.json", data, size);

  hp_fuzz_load_both_modes (path, FALSE);
  same_as_yajl (path);
  hp_fuzz_clear_dir ();
  return 0;
}
