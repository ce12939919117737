/* hp-trace-echo-private.h — echoes a rank's trace file token by token, with hooks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <string.h>
#include <yajl/yajl_gen.h>

#include "hp-rank.h"
#include "hp-trace-rewrite-private.h"

G_BEGIN_DECLS

typedef struct _HpEcho HpEcho;

typedef enum
{
  HP_ECHO_TOKEN_NULL,
  HP_ECHO_TOKEN_BOOL,
  HP_ECHO_TOKEN_NUMBER,
  HP_ECHO_TOKEN_STRING,
  HP_ECHO_TOKEN_KEY,
  HP_ECHO_TOKEN_MAP_OPEN,
  HP_ECHO_TOKEN_MAP_CLOSE,
  HP_ECHO_TOKEN_ARRAY_OPEN,
  HP_ECHO_TOKEN_ARRAY_CLOSE,
} HpEchoTokenType;

/* one token of an event held for @rewrite_event: its text (a number's as
 * written, a string's or key's unescaped) is rw->token_text->str + @off */
typedef struct
{
  guint8 type; /* HpEchoTokenType */
  guint8 b;    /* a boolean's value */
  gsize  off;
  gsize  len;
} HpEchoToken;

/**
 * HpEchoHooks:
 * @append: called when traceEvents closes: write the events to add with
 *   rw->gen; returns FALSE on a generator error
 * @buffer_events: hold each element of traceEvents until it closes, so
 *   @event_end can drop it
 * @args_end: (nullable): called in an event's `args` object before it
 *   closes: write keys to add with rw->cur
 * @event_end: (nullable): called before an event object closes: write keys
 *   to add with rw->cur; returns whether to keep the event (with
 *   @buffer_events)
 * @rewrite_event: (nullable): hold each object of traceEvents as its
 *   tokens, and call this when it closes to write it with rw->gen, changed
 *   at will (_hp_echo_replay() writes a token as it was); returns FALSE on
 *   a generator error. Not with @buffer_events.
 */
typedef struct
{
  int (*append) (HpEcho *rw);
  gboolean buffer_events;
  int (*args_end) (HpEcho *rw);
  gboolean (*event_end) (HpEcho *rw);
  int (*rewrite_event) (HpEcho            *rw,
                        const HpEchoToken *tokens,
                        guint              n_tokens);
} HpEchoHooks;

/* what the echo knows about the element of traceEvents being read */
typedef struct
{
  guint64  position; /* in traceEvents */
  char     ph[8];
  char     cat[32];
  gboolean has_args;
} HpEchoEvent;

struct _HpEcho
{
  /* output */
  HpRewriteSink sink;
  yajl_gen      gen; /* the file: sink.gen */
  yajl_gen      cur; /* where tokens go: gen, or the event buffer */

  /* where the input is */
  int      depth;
  int      events_depth; /* depth of the open traceEvents array, or 0 */
  gboolean key_is_events;
  gboolean events_seen;
  char     event_key[16]; /* the last key at the event's depth, when shorter */
  gboolean has_event_key; /* whether event_key holds it */
  gboolean in_args;
  guint64  n_events;

  /* the event being buffered */
  yajl_gen    event_gen;
  GString    *event_text;
  HpEchoEvent event;

  /* the event being held as tokens, for hooks->rewrite_event */
  gboolean     in_tokens;
  HpEchoToken *tokens;
  guint        n_tokens, tokens_size;
  GString     *token_text;

  const HpEchoHooks *hooks;
  gpointer           user_data;
  gint64             min_ts; /* of the trace: aligned + min_ts = raw */
};

int      _hp_echo_ok (HpEcho         *rw,
                      yajl_gen_status status);
int      _hp_echo_str (HpEcho     *rw,
                       yajl_gen    gen,
                       const char *text);
int      _hp_echo_replay (HpEcho            *rw,
                          const HpEchoToken *token);
guint    _hp_echo_value_end (const HpEchoToken *tokens,
                             guint              n_tokens,
                             guint              i);
gboolean _hp_echo_file (const HpRank      *rank,
                        const char        *out_path,
                        const char        *input_name,
                        gint64             min_ts,
                        const HpEchoHooks *hooks,
                        gpointer           user_data,
                        GCancellable      *cancellable,
                        GError           **error);

/* whether the token's text is @text (inline: the length of a literal folds) */
static inline gboolean
_hp_echo_token_is (HpEcho            *rw,
                   const HpEchoToken *t,
                   const char        *text)
{
  gsize len = strlen (text);

  return t->len == len && memcmp (rw->token_text->str + t->off, text, len) == 0;
}

G_END_DECLS
