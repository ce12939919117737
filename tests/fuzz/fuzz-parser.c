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
 * the same events, or the same error. */
static void
same_as_yajl (const char *path)
{
  HpLoadOptions options = { 0 };
  GError       *errors[2] = { NULL, NULL };
  HpTrace      *traces[2];

  options.n_threads = 1;
  for (int k = 0; k < 2; k++)
    {
      _hp_parser_yajl_only = k == 1;
      traces[k] = hp_load_path (path, &options, NULL, &errors[k]);
    }
  _hp_parser_yajl_only = FALSE;
  if ((traces[0] == NULL) != (traces[1] == NULL))
    g_error ("the scanner and yajl disagree: %s", errors[0] != NULL ? errors[0]->message : errors[1]->message);
  if (traces[0] == NULL && strcmp (errors[0]->message, errors[1]->message) != 0)
    g_error ("the scanner says \"%s\", yajl \"%s\"", errors[0]->message, errors[1]->message);
  if (traces[0] != NULL)
    {
      const HpRank *a = hp_trace_get_rank (traces[0], 0);
      const HpRank *b = hp_trace_get_rank (traces[1], 0);

      if (a->n_events != b->n_events || a->n_json_events != b->n_json_events ||
          a->args_len != b->args_len || memcmp (a->ts, b->ts, a->n_events * sizeof (gint64)) != 0 ||
          (a->args_len > 0 && memcmp (a->args, b->args, a->args_len) != 0) ||
          a->n_bad_values != b->n_bad_values)
        g_error ("the scanner and yajl read different events");
    }
  for (int k = 0; k < 2; k++)
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
