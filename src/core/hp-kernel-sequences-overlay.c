/* hp-kernel-sequences-overlay.c — the trace with the top kernel sequences marked on their events (docs/analyses.md §9.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-kernel-sequences-private.h"
#include "hp-trace-echo-private.h"

/* ---------------------------------------------------------------------------
 * The overlaid trace (docs/analyses.md §9.3)
 * ------------------------------------------------------------------------- */

/**
 * hp_kernel_sequences_overlaid_path:
 * @output_dir: (nullable): the folder, or %NULL for the trace's
 *
 * Returns: (transfer full): `<output_dir>/overlaid_<trace file name>`
 */
char *
hp_kernel_sequences_overlaid_path (const HpRank *rank,
                                   const char   *output_dir)
{
  g_autofree char *dir = output_dir != NULL ? g_strdup (output_dir) : g_path_get_dirname (rank->path);
  g_autofree char *name = g_strconcat ("overlaid_", rank->basename, NULL);

  return g_build_filename (dir, name, NULL);
}

typedef struct
{
  guint32 pos; /* position in traceEvents */
  guint32 pattern;
} Mark;

/* the top patterns' events by position; the echo (hp-trace-echo.c) holds
 * each event of traceEvents as its tokens, and overlay_rewrite_event()
 * writes it again, one event at a time */
typedef struct
{
  HpKernelSequences *seq;
  gboolean           compress;
  const Mark        *marks;
  guint              n_marks;
  guint              cursor;
} Overlay;

/* a key or a string value of @len bytes */
static int
ov_str (HpEcho     *rw,
        const char *s,
        gsize       len)
{
  return _hp_echo_ok (rw, yajl_gen_string (rw->gen, (const unsigned char *)s, len));
}

static int
emit_patterns (HpEcho  *rw,
               Overlay *o,
               guint    first_mark,
               guint    end_mark)
{
  if (!(ov_str (rw, "Patterns", 8) && _hp_echo_ok (rw, yajl_gen_map_open (rw->gen))))
    return 0;
  for (guint m = first_mark; m < end_mark; m++)
    {
      const HpKernelPattern *p = g_ptr_array_index (o->seq->patterns, o->marks[m].pattern);

      if (!(ov_str (rw, p->text, strlen (p->text)) &&
            _hp_echo_ok (rw, yajl_gen_integer (rw->gen, p->count))))
        return 0;
    }
  return _hp_echo_ok (rw, yajl_gen_map_close (rw->gen));
}

/* the symbol table: id → name, for the names replaced by their ids */
static int
emit_dictionary (HpEcho  *rw,
                 Overlay *o)
{
  HpTrace *trace = o->seq->trace;
  guint    n = hp_trace_get_n_strings (trace);

  if (!_hp_echo_ok (rw, yajl_gen_map_open (rw->gen)))
    return 0;
  for (guint id = 0; id < n; id++)
    {
      char        key[16];
      const char *s = hp_trace_get_string (trace, id);
      int         len = g_snprintf (key, sizeof key, "%u", id);

      if (!(ov_str (rw, key, (gsize)len) && ov_str (rw, s, strlen (s))))
        return 0;
    }
  return _hp_echo_ok (rw, yajl_gen_map_close (rw->gen));
}

/* writes the event (one object of traceEvents), changed as §9.3 says */
static int
overlay_rewrite_event (HpEcho            *rw,
                       const HpEchoToken *toks,
                       guint              n)
{
  Overlay *o = rw->user_data;
  guint64  position = rw->event.position;
  guint    first_mark, end_mark;
  int      name_val = -1, args_key = -1, ph_val = -1, pid_val = -1;
  gboolean in_top, empty_args, rename = FALSE, spans = FALSE;
  guint32  name_id = HP_NO_STRING;
  enum
  {
    ARGS_KEEP,
    ARGS_EMPTY,
    ARGS_PATTERNS,
    ARGS_DICT
  } mode = ARGS_KEEP;
  int ok = 1;

  /* the top patterns this position is in */
  while (o->cursor < o->n_marks && o->marks[o->cursor].pos < position)
    o->cursor++;
  first_mark = o->cursor;
  while (o->cursor < o->n_marks && o->marks[o->cursor].pos == position)
    o->cursor++;
  end_mark = o->cursor;
  in_top = end_mark > first_mark;

  /* the members of the object: toks[0] opens it */
  for (guint i = 1; i + 1 < n;)
    {
      guint v = i + 1;

      if (_hp_echo_token_is (rw, &toks[i], "name") && toks[v].type == HP_ECHO_TOKEN_STRING)
        name_val = (int)v;
      else if (_hp_echo_token_is (rw, &toks[i], "ph") && toks[v].type == HP_ECHO_TOKEN_STRING)
        ph_val = (int)v;
      else if (_hp_echo_token_is (rw, &toks[i], "pid"))
        pid_val = (int)v;
      else if (_hp_echo_token_is (rw, &toks[i], "args"))
        args_key = (int)i;
      i = _hp_echo_value_end (toks, n, v);
    }

  empty_args = args_key >= 0 && toks[args_key + 1].type == HP_ECHO_TOKEN_MAP_OPEN &&
               toks[args_key + 2].type == HP_ECHO_TOKEN_MAP_CLOSE;
  if (in_top)
    mode = ARGS_PATTERNS;
  else if (o->compress && ph_val >= 0 && _hp_echo_token_is (rw, &toks[ph_val], "X"))
    mode = ARGS_EMPTY, empty_args = TRUE;
  if (o->compress && name_val >= 0)
    {
      const HpEchoToken *t = &toks[name_val];

      spans = pid_val >= 0 && toks[pid_val].type == HP_ECHO_TOKEN_STRING && _hp_echo_token_is (rw, &toks[pid_val], "Spans") &&
              t->len >= 16 && memcmp (rw->token_text->str + t->off, "PyTorch Profiler", 16) == 0;
      if (spans)
        mode = ARGS_DICT;
      else if (empty_args)
        {
          g_autofree char *name = g_strndup (rw->token_text->str + t->off, t->len);

          name_id = hp_trace_lookup_string (o->seq->trace, name);
          rename = name_id != HP_NO_STRING;
        }
    }

  ok = _hp_echo_ok (rw, yajl_gen_map_open (rw->gen));
  for (guint i = 1; ok && i + 1 < n;)
    {
      guint v = i + 1;
      guint end = _hp_echo_value_end (toks, n, v);

      if ((int)v == name_val && rename)
        {
          char id[16];
          int  len = g_snprintf (id, sizeof id, "%u", name_id);

          ok = _hp_echo_replay (rw, &toks[i]) && ov_str (rw, id, (gsize)len);
        }
      else if ((int)i == args_key && mode != ARGS_KEEP)
        {
          ok = _hp_echo_replay (rw, &toks[i]);
          if (ok && mode == ARGS_EMPTY)
            ok = _hp_echo_ok (rw, yajl_gen_map_open (rw->gen)) && _hp_echo_ok (rw, yajl_gen_map_close (rw->gen));
          else if (ok && mode == ARGS_DICT)
            ok = emit_dictionary (rw, o);
          else if (ok && toks[v].type == HP_ECHO_TOKEN_MAP_OPEN)
            {
              /* the args, then "Patterns" */
              for (guint k = v; ok && k + 1 < end; k++)
                ok = _hp_echo_replay (rw, &toks[k]);
              ok = ok && emit_patterns (rw, o, first_mark, end_mark) &&
                   _hp_echo_ok (rw, yajl_gen_map_close (rw->gen));
            }
          else if (ok)
            ok = _hp_echo_ok (rw, yajl_gen_map_open (rw->gen)) && emit_patterns (rw, o, first_mark, end_mark) &&
                 _hp_echo_ok (rw, yajl_gen_map_close (rw->gen));
        }
      else
        for (guint k = i; ok && k < end; k++)
          ok = _hp_echo_replay (rw, &toks[k]);
      i = end;
    }
  if (ok && args_key < 0 && mode != ARGS_KEEP)
    {
      ok = ov_str (rw, "args", 4) && _hp_echo_ok (rw, yajl_gen_map_open (rw->gen));
      if (ok && mode == ARGS_PATTERNS)
        ok = emit_patterns (rw, o, first_mark, end_mark);
      ok = ok && _hp_echo_ok (rw, yajl_gen_map_close (rw->gen));
    }
  ok = ok && _hp_echo_ok (rw, yajl_gen_map_close (rw->gen));

  return ok;
}

static int
cmp_marks (gconstpointer a,
           gconstpointer b)
{
  const Mark *x = a;
  const Mark *y = b;

  if (x->pos != y->pos)
    return x->pos < y->pos ? -1 : 1;
  return x->pattern < y->pattern ? -1 : (x->pattern > y->pattern ? 1 : 0);
}

/**
 * hp_kernel_sequences_write_overlaid:
 * @output_path: the file to write; gzip-compressed iff it ends in `.gz`
 * @top_k: how many patterns to mark
 * @compress_other_kernels: whether events outside the top patterns lose
 *   their args and get their name replaced by a symbol id
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Writes the rank's trace again with `args["Patterns"]` on every event of
 * the first @top_k patterns (docs/analyses.md §9.3). The input is streamed,
 * one event at a time, never held whole, and never overwritten; a failed
 * write leaves nothing behind.
 *
 * Returns: %TRUE on success, else %FALSE with an error naming the file
 */
gboolean
hp_kernel_sequences_write_overlaid (HpKernelSequences *self,
                                    const char        *output_path,
                                    guint              top_k,
                                    gboolean           compress_other_kernels,
                                    GCancellable      *cancellable,
                                    GError           **error)
{
  const HpRank *r = self->rank;
  g_autoptr (GArray) marks = g_array_new (FALSE, FALSE, sizeof (Mark));
  HpEchoHooks hooks = { NULL, FALSE, NULL, NULL, overlay_rewrite_event };
  Overlay     o = { 0 };

  g_return_val_if_fail (output_path != NULL, FALSE);

  for (guint i = 0; i < MIN (top_k, self->patterns->len); i++)
    {
      const HpKernelPattern *p = g_ptr_array_index (self->patterns, i);

      for (guint k = 0; k < p->events->len; k++)
        {
          Mark m = { r->index[g_array_index (p->events, guint32, k)], i };

          g_array_append_val (marks, m);
        }
    }
  g_array_sort (marks, cmp_marks);

  o.seq = self;
  o.compress = compress_other_kernels;
  o.marks = (const Mark *)marks->data;
  o.n_marks = marks->len;
  return _hp_echo_file (r, output_path, r->basename, hp_trace_get_min_ts (self->trace), &hooks, &o, cancellable,
                        error);
}
