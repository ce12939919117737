/* hp-kernel-sequences-overlay.c — the trace with the top kernel sequences marked on their events (docs/analyses.md §9.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-kernel-sequences-private.h"
#include "hp-trace-rewrite-private.h"

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

typedef enum
{
  TOK_NULL,
  TOK_BOOL,
  TOK_NUMBER,
  TOK_STRING,
  TOK_KEY,
  TOK_MAP_OPEN,
  TOK_MAP_CLOSE,
  TOK_ARRAY_OPEN,
  TOK_ARRAY_CLOSE,
} TokType;

typedef struct
{
  guint8 type;
  guint8 b;
  gsize  off;
  gsize  len;
} Tok;

typedef struct
{
  guint32 pos; /* position in traceEvents */
  guint32 pattern;
} Mark;

typedef struct
{
  HpRewriteSink      sink;
  HpKernelSequences *seq;
  gboolean           compress;
  const Mark        *marks;
  guint              n_marks;
  guint              cursor;

  int      depth;
  int      events_depth;
  gboolean key_is_events;
  gboolean events_seen;
  guint64  position; /* of the next element of traceEvents */

  gboolean in_event;
  GArray  *toks;
  GString *text;
} Overlay;

static int
ov_ok (Overlay        *o,
       yajl_gen_status status)
{
  return _hp_rewrite_gen_ok (&o->sink, status);
}

static int
ov_str (Overlay    *o,
        const char *s,
        gsize       len)
{
  return ov_ok (o, yajl_gen_string (o->sink.gen, (const unsigned char *)s, len));
}

static int
replay (Overlay   *o,
        const Tok *t)
{
  const char *s = o->text->str + t->off;

  switch ((TokType)t->type)
    {
    case TOK_NULL:
      return ov_ok (o, yajl_gen_null (o->sink.gen));
    case TOK_BOOL:
      return ov_ok (o, yajl_gen_bool (o->sink.gen, t->b));
    case TOK_NUMBER:
      return ov_ok (o, yajl_gen_number (o->sink.gen, s, t->len));
    case TOK_STRING:
    case TOK_KEY:
      return ov_str (o, s, t->len);
    case TOK_MAP_OPEN:
      return ov_ok (o, yajl_gen_map_open (o->sink.gen));
    case TOK_MAP_CLOSE:
      return ov_ok (o, yajl_gen_map_close (o->sink.gen));
    case TOK_ARRAY_OPEN:
      return ov_ok (o, yajl_gen_array_open (o->sink.gen));
    case TOK_ARRAY_CLOSE:
      return ov_ok (o, yajl_gen_array_close (o->sink.gen));
    default:
      return 0;
    }
}

/* the index after the value starting at @i */
static guint
value_end (const Tok *toks,
           guint      n,
           guint      i)
{
  int depth = 0;

  do
    {
      if (toks[i].type == TOK_MAP_OPEN || toks[i].type == TOK_ARRAY_OPEN)
        depth++;
      else if (toks[i].type == TOK_MAP_CLOSE || toks[i].type == TOK_ARRAY_CLOSE)
        depth--;
      i++;
    }
  while (depth > 0 && i < n);
  return i;
}

static gboolean
tok_is (const Overlay *o,
        const Tok     *t,
        const char    *s)
{
  gsize len = strlen (s);

  return t->len == len && memcmp (o->text->str + t->off, s, len) == 0;
}

static int
emit_patterns (Overlay *o,
               guint    first_mark,
               guint    end_mark)
{
  if (!(ov_str (o, "Patterns", 8) && ov_ok (o, yajl_gen_map_open (o->sink.gen))))
    return 0;
  for (guint m = first_mark; m < end_mark; m++)
    {
      const HpKernelPattern *p = g_ptr_array_index (o->seq->patterns, o->marks[m].pattern);

      if (!(ov_str (o, p->text, strlen (p->text)) &&
            ov_ok (o, yajl_gen_integer (o->sink.gen, p->count))))
        return 0;
    }
  return ov_ok (o, yajl_gen_map_close (o->sink.gen));
}

/* the symbol table: id → name, for the names replaced by their ids */
static int
emit_dictionary (Overlay *o)
{
  HpTrace *trace = o->seq->trace;
  guint    n = hp_trace_get_n_strings (trace);

  if (!ov_ok (o, yajl_gen_map_open (o->sink.gen)))
    return 0;
  for (guint id = 0; id < n; id++)
    {
      char        key[16];
      const char *s = hp_trace_get_string (trace, id);
      int         len = g_snprintf (key, sizeof key, "%u", id);

      if (!(ov_str (o, key, (gsize)len) && ov_str (o, s, strlen (s))))
        return 0;
    }
  return ov_ok (o, yajl_gen_map_close (o->sink.gen));
}

/* writes the buffered event (one object of traceEvents), changed as §9.3 says */
static int
flush_event (Overlay *o)
{
  const Tok *toks = (const Tok *)o->toks->data;
  guint      n = o->toks->len;
  guint      first_mark, end_mark;
  int        name_val = -1, args_key = -1, ph_val = -1, pid_val = -1;
  gboolean   in_top, empty_args, rename = FALSE, spans = FALSE;
  guint32    name_id = HP_NO_STRING;
  enum
  {
    ARGS_KEEP,
    ARGS_EMPTY,
    ARGS_PATTERNS,
    ARGS_DICT
  } mode = ARGS_KEEP;
  int ok = 1;

  /* the top patterns this position is in */
  while (o->cursor < o->n_marks && o->marks[o->cursor].pos < o->position)
    o->cursor++;
  first_mark = o->cursor;
  while (o->cursor < o->n_marks && o->marks[o->cursor].pos == o->position)
    o->cursor++;
  end_mark = o->cursor;
  in_top = end_mark > first_mark;

  /* the members of the object: toks[0] opens it */
  for (guint i = 1; i + 1 < n;)
    {
      guint v = i + 1;

      if (tok_is (o, &toks[i], "name") && toks[v].type == TOK_STRING)
        name_val = (int)v;
      else if (tok_is (o, &toks[i], "ph") && toks[v].type == TOK_STRING)
        ph_val = (int)v;
      else if (tok_is (o, &toks[i], "pid"))
        pid_val = (int)v;
      else if (tok_is (o, &toks[i], "args"))
        args_key = (int)i;
      i = value_end (toks, n, v);
    }

  empty_args = args_key >= 0 && toks[args_key + 1].type == TOK_MAP_OPEN &&
               toks[args_key + 2].type == TOK_MAP_CLOSE;
  if (in_top)
    mode = ARGS_PATTERNS;
  else if (o->compress && ph_val >= 0 && tok_is (o, &toks[ph_val], "X"))
    mode = ARGS_EMPTY, empty_args = TRUE;
  if (o->compress && name_val >= 0)
    {
      const Tok *t = &toks[name_val];

      spans = pid_val >= 0 && toks[pid_val].type == TOK_STRING && tok_is (o, &toks[pid_val], "Spans") &&
              t->len >= 16 && memcmp (o->text->str + t->off, "PyTorch Profiler", 16) == 0;
      if (spans)
        mode = ARGS_DICT;
      else if (empty_args)
        {
          g_autofree char *name = g_strndup (o->text->str + t->off, t->len);

          name_id = hp_trace_lookup_string (o->seq->trace, name);
          rename = name_id != HP_NO_STRING;
        }
    }

  ok = ov_ok (o, yajl_gen_map_open (o->sink.gen));
  for (guint i = 1; ok && i + 1 < n;)
    {
      guint v = i + 1;
      guint end = value_end (toks, n, v);

      if ((int)v == name_val && rename)
        {
          char id[16];
          int  len = g_snprintf (id, sizeof id, "%u", name_id);

          ok = replay (o, &toks[i]) && ov_str (o, id, (gsize)len);
        }
      else if ((int)i == args_key && mode != ARGS_KEEP)
        {
          ok = replay (o, &toks[i]);
          if (ok && mode == ARGS_EMPTY)
            ok = ov_ok (o, yajl_gen_map_open (o->sink.gen)) && ov_ok (o, yajl_gen_map_close (o->sink.gen));
          else if (ok && mode == ARGS_DICT)
            ok = emit_dictionary (o);
          else if (ok && toks[v].type == TOK_MAP_OPEN)
            {
              /* the args, then "Patterns" */
              for (guint k = v; ok && k + 1 < end; k++)
                ok = replay (o, &toks[k]);
              ok = ok && emit_patterns (o, first_mark, end_mark) &&
                   ov_ok (o, yajl_gen_map_close (o->sink.gen));
            }
          else if (ok)
            ok = ov_ok (o, yajl_gen_map_open (o->sink.gen)) && emit_patterns (o, first_mark, end_mark) &&
                 ov_ok (o, yajl_gen_map_close (o->sink.gen));
        }
      else
        for (guint k = i; ok && k < end; k++)
          ok = replay (o, &toks[k]);
      i = end;
    }
  if (ok && args_key < 0 && mode != ARGS_KEEP)
    {
      ok = ov_str (o, "args", 4) && ov_ok (o, yajl_gen_map_open (o->sink.gen));
      if (ok && mode == ARGS_PATTERNS)
        ok = emit_patterns (o, first_mark, end_mark);
      ok = ok && ov_ok (o, yajl_gen_map_close (o->sink.gen));
    }
  ok = ok && ov_ok (o, yajl_gen_map_close (o->sink.gen));

  g_array_set_size (o->toks, 0);
  g_string_truncate (o->text, 0);
  return ok;
}

static int
push_tok (Overlay    *o,
          TokType     type,
          const void *text,
          gsize       len,
          gboolean    b)
{
  Tok t = { (guint8)type, (guint8)b, o->text->len, len };

  if (len > 0)
    g_string_append_len (o->text, text, (gssize)len);
  g_array_append_val (o->toks, t);
  return 1;
}

/* a scalar: buffered inside an event, else echoed */
static int
ov_scalar (Overlay    *o,
           TokType     type,
           const void *text,
           gsize       len,
           gboolean    b)
{
  o->key_is_events = FALSE;
  if (o->in_event)
    return push_tok (o, type, text, len, b);
  if (o->events_depth > 0 && o->depth == o->events_depth)
    o->position++;
  switch (type)
    {
    case TOK_NULL:
      return ov_ok (o, yajl_gen_null (o->sink.gen));
    case TOK_BOOL:
      return ov_ok (o, yajl_gen_bool (o->sink.gen, b));
    case TOK_NUMBER:
      return ov_ok (o, yajl_gen_number (o->sink.gen, text, len));
    default:
      return ov_str (o, text, len);
    }
}

static int
ov_null (void *ctx)
{
  return ov_scalar (ctx, TOK_NULL, NULL, 0, FALSE);
}

static int
ov_boolean (void *ctx,
            int   value)
{
  return ov_scalar (ctx, TOK_BOOL, NULL, 0, value != 0);
}

static int
ov_number (void       *ctx,
           const char *text,
           size_t      len)
{
  return ov_scalar (ctx, TOK_NUMBER, text, len, FALSE);
}

static int
ov_string (void                *ctx,
           const unsigned char *text,
           size_t               len)
{
  return ov_scalar (ctx, TOK_STRING, text, len, FALSE);
}

static int
ov_start_map (void *ctx)
{
  Overlay *o = ctx;

  o->key_is_events = FALSE;
  o->depth++;
  if (!o->in_event && o->events_depth > 0 && o->depth == o->events_depth + 1)
    o->in_event = TRUE;
  if (o->in_event)
    return push_tok (o, TOK_MAP_OPEN, NULL, 0, FALSE);
  return ov_ok (o, yajl_gen_map_open (o->sink.gen));
}

static int
ov_map_key (void                *ctx,
            const unsigned char *key,
            size_t               len)
{
  Overlay *o = ctx;

  if (o->in_event)
    return push_tok (o, TOK_KEY, key, len, FALSE);
  o->key_is_events = o->depth == 1 && !o->events_seen && len == strlen ("traceEvents") &&
                     memcmp (key, "traceEvents", len) == 0;
  return ov_str (o, (const char *)key, len);
}

static int
ov_end_map (void *ctx)
{
  Overlay *o = ctx;

  o->depth--;
  if (o->in_event)
    {
      push_tok (o, TOK_MAP_CLOSE, NULL, 0, FALSE);
      if (o->depth == o->events_depth)
        {
          int ok;

          o->in_event = FALSE;
          ok = flush_event (o);
          o->position++;
          return ok;
        }
      return 1;
    }
  return ov_ok (o, yajl_gen_map_close (o->sink.gen));
}

static int
ov_start_array (void *ctx)
{
  Overlay *o = ctx;

  o->depth++;
  if (o->in_event)
    return push_tok (o, TOK_ARRAY_OPEN, NULL, 0, FALSE);
  if (!o->events_seen && (o->depth == 1 || o->key_is_events))
    {
      o->events_depth = o->depth;
      o->events_seen = TRUE;
    }
  else if (o->events_depth > 0 && o->depth == o->events_depth + 1)
    o->position++; /* an array as an element: kept as it is */
  o->key_is_events = FALSE;
  return ov_ok (o, yajl_gen_array_open (o->sink.gen));
}

static int
ov_end_array (void *ctx)
{
  Overlay *o = ctx;

  if (o->in_event)
    {
      o->depth--;
      return push_tok (o, TOK_ARRAY_CLOSE, NULL, 0, FALSE);
    }
  if (o->depth == o->events_depth)
    o->events_depth = 0;
  o->depth--;
  return ov_ok (o, yajl_gen_array_close (o->sink.gen));
}

static const yajl_callbacks overlay_callbacks = {
  ov_null,
  ov_boolean,
  NULL,
  NULL,
  ov_number,
  ov_string,
  ov_start_map,
  ov_map_key,
  ov_end_map,
  ov_start_array,
  ov_end_array,
};

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
  HpRewriteFiles files;
  Overlay        o = { 0 };
  gboolean       ok;

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

  if (!_hp_rewrite_open (&files, r, output_path, cancellable, error))
    {
      _hp_rewrite_files_clear (&files);
      return FALSE;
    }
  _hp_rewrite_sink_init (&o.sink, files.out, cancellable);
  o.seq = self;
  o.compress = compress_other_kernels;
  o.marks = (const Mark *)marks->data;
  o.n_marks = marks->len;
  o.toks = g_array_new (FALSE, FALSE, sizeof (Tok));
  o.text = g_string_new (NULL);

  ok = _hp_rewrite_stream (&o.sink, &files, &overlay_callbacks, &o, r->basename, cancellable, error);
  ok = _hp_rewrite_finish (&o.sink, ok, o.events_seen, r->basename, files.out_base, error);
  g_array_unref (o.toks);
  g_string_free (o.text, TRUE);
  ok = _hp_rewrite_close (&files, ok, cancellable, error);
  _hp_rewrite_files_clear (&files);
  return ok;
}
