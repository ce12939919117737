/* hp-trace-echo.c — echoes a rank's trace file token by token, with hooks that add keys to events, drop, rewrite and append events.
 *
 * Built on the streaming of hp-trace-rewrite.c: the input, the temporary
 * output and the generator are its; this file holds the echo itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <yajl/yajl_parse.h>

#include "hp-trace-echo-private.h"

/* g_string_append_len() without its checks, while the text fits */
static inline void
append_text (GString    *s,
             const void *text,
             gsize       len)
{
  if (len == 0)
    return;
  if (G_LIKELY (s->len + len < s->allocated_len))
    {
      memcpy (s->str + s->len, text, len);
      s->len += len;
      s->str[s->len] = '\0';
    }
  else
    g_string_append_len (s, text, (gssize)len);
}

static void
print_event_cb (void       *ctx,
                const char *str,
                size_t      len)
{
  HpEcho *w = ctx;

  append_text (w->event_text, str, len);
}

int
_hp_echo_ok (HpEcho         *w,
             yajl_gen_status status)
{
  return _hp_rewrite_gen_ok (&w->sink, status);
}

/* a key or a string value */
int
_hp_echo_str (HpEcho     *w,
              yajl_gen    gen,
              const char *text)
{
  return _hp_echo_ok (w, yajl_gen_string (gen, (const unsigned char *)text, strlen (text)));
}

/* ---------------------------------------------------------------------------
 * Events held as tokens, for hooks->rewrite_event
 * ------------------------------------------------------------------------- */

static int
write_token (HpEcho         *w,
             yajl_gen        gen,
             HpEchoTokenType type,
             const char     *text,
             gsize           len,
             gboolean        b)
{
  switch (type)
    {
    case HP_ECHO_TOKEN_NULL:
      return _hp_echo_ok (w, yajl_gen_null (gen));
    case HP_ECHO_TOKEN_BOOL:
      return _hp_echo_ok (w, yajl_gen_bool (gen, b));
    case HP_ECHO_TOKEN_NUMBER:
      return _hp_echo_ok (w, yajl_gen_number (gen, text, len));
    case HP_ECHO_TOKEN_STRING:
    case HP_ECHO_TOKEN_KEY:
      return _hp_echo_ok (w, yajl_gen_string (gen, (const unsigned char *)text, len));
    case HP_ECHO_TOKEN_MAP_OPEN:
      return _hp_echo_ok (w, yajl_gen_map_open (gen));
    case HP_ECHO_TOKEN_MAP_CLOSE:
      return _hp_echo_ok (w, yajl_gen_map_close (gen));
    case HP_ECHO_TOKEN_ARRAY_OPEN:
      return _hp_echo_ok (w, yajl_gen_array_open (gen));
    case HP_ECHO_TOKEN_ARRAY_CLOSE:
      return _hp_echo_ok (w, yajl_gen_array_close (gen));
    default:
      return 0;
    }
}

/* a token read: held when the event is, else written where tokens go */
static int
echo (HpEcho         *w,
      HpEchoTokenType type,
      const void     *text,
      gsize           len,
      gboolean        b)
{
  HpEchoToken t = { (guint8)type, (guint8)b, 0, len };

  if (!w->in_tokens)
    return write_token (w, w->cur, type, text, len, b);
  t.off = w->token_text->len;
  if (len > 0)
    append_text (w->token_text, text, len);
  if (G_UNLIKELY (w->n_tokens == w->tokens_size))
    {
      w->tokens_size = MAX (64, w->tokens_size * 2);
      w->tokens = g_renew (HpEchoToken, w->tokens, w->tokens_size);
    }
  w->tokens[w->n_tokens++] = t;
  return 1;
}

/**
 * _hp_echo_replay:
 * @token: a token of the event being rewritten
 *
 * Writes @token as it was read, with rw->gen.
 *
 * Returns: FALSE on a generator error
 */
int
_hp_echo_replay (HpEcho            *w,
                 const HpEchoToken *t)
{
  return write_token (w, w->gen, t->type, w->token_text->str + t->off, t->len, t->b);
}

/**
 * _hp_echo_value_end:
 * @i: where a value starts in @tokens
 *
 * Returns: the index after the value (a scalar, or an object or array
 *   with all it holds)
 */
guint
_hp_echo_value_end (const HpEchoToken *tokens,
                    guint              n,
                    guint              i)
{
  int depth = 0;

  do
    {
      if (tokens[i].type == HP_ECHO_TOKEN_MAP_OPEN || tokens[i].type == HP_ECHO_TOKEN_ARRAY_OPEN)
        depth++;
      else if (tokens[i].type == HP_ECHO_TOKEN_MAP_CLOSE || tokens[i].type == HP_ECHO_TOKEN_ARRAY_CLOSE)
        depth--;
      i++;
    }
  while (depth > 0 && i < n);
  return i;
}

/* ---------------------------------------------------------------------------
 * yajl callbacks: echo every token
 * ------------------------------------------------------------------------- */

static inline gboolean
at_event_depth (HpEcho *w)
{
  return w->events_depth > 0 && w->depth == w->events_depth + 1;
}

/* a scalar value: a bare element of traceEvents still takes a position */
static void
scalar_seen (HpEcho *w)
{
  w->key_is_events = FALSE;
  if (w->events_depth > 0 && w->depth == w->events_depth)
    w->n_events++;
}

static int
on_null (void *ctx)
{
  HpEcho *w = ctx;

  scalar_seen (w);
  return echo (w, HP_ECHO_TOKEN_NULL, NULL, 0, FALSE);
}

static int
on_boolean (void *ctx,
            int   value)
{
  HpEcho *w = ctx;

  scalar_seen (w);
  return echo (w, HP_ECHO_TOKEN_BOOL, NULL, 0, value != 0);
}

static int
on_number (void       *ctx,
           const char *text,
           size_t      len)
{
  HpEcho *w = ctx;

  /* the number's own text: nothing is lost or reformatted */
  scalar_seen (w);
  return echo (w, HP_ECHO_TOKEN_NUMBER, text, len, FALSE);
}

static void
copy_value (char       *dest,
            gsize       size,
            const char *text,
            size_t      len)
{
  gsize n = MIN (len, size - 1);

  memcpy (dest, text, n);
  dest[n] = '\0';
}

static int
on_string (void                *ctx,
           const unsigned char *text,
           size_t               len)
{
  HpEcho *w = ctx;

  scalar_seen (w);
  if (at_event_depth (w) && w->has_event_key)
    {
      if (strcmp (w->event_key, "ph") == 0)
        copy_value (w->event.ph, sizeof w->event.ph, (const char *)text, len);
      else if (strcmp (w->event_key, "cat") == 0)
        copy_value (w->event.cat, sizeof w->event.cat, (const char *)text, len);
    }
  return echo (w, HP_ECHO_TOKEN_STRING, text, len, FALSE);
}

static int
on_start_map (void *ctx)
{
  HpEcho *w = ctx;

  w->key_is_events = FALSE;
  w->depth++;
  if (at_event_depth (w))
    {
      memset (&w->event, 0, sizeof w->event);
      w->event.position = w->n_events++;
      w->has_event_key = FALSE;
      if (w->hooks->buffer_events)
        {
          yajl_gen_reset (w->event_gen, NULL);
          g_string_truncate (w->event_text, 0);
          w->cur = w->event_gen;
        }
      if (w->hooks->rewrite_event != NULL)
        {
          w->n_tokens = 0;
          g_string_truncate (w->token_text, 0);
          w->in_tokens = TRUE;
        }
    }
  else if (w->events_depth > 0 && w->depth == w->events_depth + 2 && w->has_event_key &&
           strcmp (w->event_key, "args") == 0)
    {
      w->in_args = TRUE;
      w->event.has_args = TRUE;
    }
  return echo (w, HP_ECHO_TOKEN_MAP_OPEN, NULL, 0, FALSE);
}

static int
on_map_key (void                *ctx,
            const unsigned char *key,
            size_t               len)
{
  HpEcho *w = ctx;

  w->key_is_events = w->depth == 1 && !w->events_seen && len == strlen ("traceEvents") &&
                     memcmp (key, "traceEvents", len) == 0;
  if (at_event_depth (w))
    {
      /* only short keys are looked at ("ph", "cat", "args") */
      w->has_event_key = len < sizeof w->event_key;
      if (w->has_event_key)
        {
          memcpy (w->event_key, key, len);
          w->event_key[len] = '\0';
        }
    }
  return echo (w, HP_ECHO_TOKEN_KEY, key, len, FALSE);
}

static int
on_end_map (void *ctx)
{
  HpEcho  *w = ctx;
  gboolean keep = TRUE;

  if (w->in_args && w->depth == w->events_depth + 2)
    {
      w->in_args = FALSE;
      if (w->hooks->args_end != NULL && !w->hooks->args_end (w))
        return 0;
    }
  else if (at_event_depth (w))
    {
      if (w->hooks->event_end != NULL)
        keep = w->hooks->event_end (w);
      if (w->sink.error != NULL)
        return 0;
      w->has_event_key = FALSE;
      if (w->hooks->buffer_events)
        {
          w->depth--;
          w->cur = w->gen;
          if (!_hp_echo_ok (w, yajl_gen_map_close (w->event_gen)))
            return 0;
          /* the whole event, as one token */
          return !keep || _hp_echo_ok (w, yajl_gen_number (w->gen, w->event_text->str, w->event_text->len));
        }
      if (w->in_tokens)
        {
          w->depth--;
          echo (w, HP_ECHO_TOKEN_MAP_CLOSE, NULL, 0, FALSE);
          w->in_tokens = FALSE;
          return w->hooks->rewrite_event (w, w->tokens, w->n_tokens);
        }
    }
  w->depth--;
  return echo (w, HP_ECHO_TOKEN_MAP_CLOSE, NULL, 0, FALSE);
}

static int
on_start_array (void *ctx)
{
  HpEcho *w = ctx;

  if (w->events_depth > 0 && w->depth == w->events_depth)
    w->n_events++;
  w->depth++;
  /* traceEvents, or a bare top-level array of events */
  if (!w->events_seen && (w->depth == 1 || w->key_is_events))
    {
      w->events_depth = w->depth;
      w->events_seen = TRUE;
    }
  w->key_is_events = FALSE;
  return echo (w, HP_ECHO_TOKEN_ARRAY_OPEN, NULL, 0, FALSE);
}

static int
on_end_array (void *ctx)
{
  HpEcho *w = ctx;

  if (w->depth == w->events_depth)
    {
      w->events_depth = 0;
      if (w->hooks->append != NULL && !w->hooks->append (w))
        return 0;
    }
  w->depth--;
  return echo (w, HP_ECHO_TOKEN_ARRAY_CLOSE, NULL, 0, FALSE);
}

static const yajl_callbacks echo_callbacks = {
  on_null,
  on_boolean,
  NULL,
  NULL,
  on_number,
  on_string,
  on_start_map,
  on_map_key,
  on_end_map,
  on_start_array,
  on_end_array,
};

/**
 * _hp_echo_file:
 * @rank: the rank whose file is read again
 * @out_path: where to write; gzip-compressed iff it ends in `.gz`
 * @input_name: how errors of the input name it
 * @min_ts: the trace's first time (aligned + @min_ts = the file's time)
 * @hooks: what to change
 * @user_data: for the hooks, as rw->user_data
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Streams the rank's file through @hooks into @out_path (written to a
 * temporary file and renamed at the end, see _hp_rewrite_open()).
 *
 * Returns: %TRUE on success, else %FALSE with @error naming the file
 */
gboolean
_hp_echo_file (const HpRank      *rank,
               const char        *out_path,
               const char        *input_name,
               gint64             min_ts,
               const HpEchoHooks *hooks,
               gpointer           user_data,
               GCancellable      *cancellable,
               GError           **error)
{
  HpRewriteFiles files = { 0 };
  HpEcho         w = { 0 };
  gboolean       ok;

  if (!_hp_rewrite_open (&files, rank, out_path, cancellable, error))
    {
      _hp_rewrite_files_clear (&files);
      return FALSE;
    }
  _hp_rewrite_sink_init (&w.sink, files.out, cancellable);
  w.gen = w.sink.gen;
  w.cur = w.gen;
  w.min_ts = min_ts;
  w.hooks = hooks;
  w.user_data = user_data;
  if (hooks->buffer_events)
    {
      w.event_text = g_string_new (NULL);
      w.event_gen = yajl_gen_alloc (NULL);
      yajl_gen_config (w.event_gen, yajl_gen_validate_utf8, 0);
      yajl_gen_config (w.event_gen, yajl_gen_print_callback, print_event_cb, &w);
    }
  if (hooks->rewrite_event != NULL)
    {
      w.token_text = g_string_new (NULL);
    }

  ok = _hp_rewrite_stream (&w.sink, &files, &echo_callbacks, &w, input_name, cancellable, error);
  if (w.event_gen != NULL)
    yajl_gen_free (w.event_gen);
  if (w.event_text != NULL)
    g_string_free (w.event_text, TRUE);
  g_free (w.tokens);
  if (w.token_text != NULL)
    g_string_free (w.token_text, TRUE);
  ok = _hp_rewrite_finish (&w.sink, ok, w.events_seen, input_name, files.out_base, error);
  ok = _hp_rewrite_close (&files, ok, cancellable, error);
  _hp_rewrite_files_clear (&files);
  return ok;
}
