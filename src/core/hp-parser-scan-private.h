/* hp-parser-scan-private.h — what the scanner shares with its scanning thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * hp-parser-scan.c reads a trace file's tokens and hands them to the
 * parser's callbacks; hp-parser-tape.c runs the same scanner on a thread
 * of its own, which writes the tokens into blocks that the parser's
 * thread hands to the callbacks in order.
 */

#pragma once

#include "hp-parser-private.h"

G_BEGIN_DECLS

/* the chunk of yajl's loop (CHUNK_SIZE in hp-parser.c): both read the
 * same chunks, so that a fault of the data is met at the same byte */
#define SCAN_BLOCK (256 * 1024)

typedef enum
{
  S_VALUE,       /* a value: the root, after a colon or after a comma in an array */
  S_ARRAY_FIRST, /* a value or the end of an empty array */
  S_KEY_FIRST,   /* a key or the end of an empty object */
  S_KEY,         /* a key, after a comma */
  S_COLON,       /* the colon after a key */
  S_AFTER,       /* a comma or the end of the container */
  S_DONE,        /* the root value is complete: only whitespace may follow */
} ScanState;

typedef struct
{
  guchar  *buf;
  gsize    cap, len, pos;
  guint64  base; /* JSON offset of buf[0] */
  gboolean eof;

  /* JSON offset after the last token handed over, and how far the next
   * may be from it */
  guint64 mark;
  guint64 max_gap;

  guint8    stack[HP_MAX_NESTING + 2]; /* '{' or '[' */
  guint     depth;
  ScanState state;

  GByteArray *unescaped;
} Scan;

typedef enum
{
  STEP_MORE, /* the buffer is used up (to its last whole token) */
  STEP_STOP, /* a callback stopped the parse */
  STEP_FAIL,
} StepResult;

/* What a token is, as the callbacks are told of it. */
typedef enum
{
  K_START_MAP,
  K_START_ARRAY,
  K_END_MAP,
  K_END_ARRAY,
  K_KEY,
  K_STRING,
  K_NUMBER,
  K_TRUE,
  K_FALSE,
  K_NULL,
  /* a key or string decoded from its escapes: its text is in the block's
   * side buffer, not in the JSON */
  K_KEY_DECODED,
  K_STRING_DECODED,
  /* a key in the JSON with the field it names (as an event's key),
   * found by the scanning thread: see TOK_KEY_FIELD () */
  K_KEY_FIELD,
} TokKind;

/* One token of a block, in eight bytes (the tokens of a block are read
 * once, right after they were written: the fewer bytes, the fewer cache
 * misses): where its text lies, its length and its kind. */
typedef struct
{
  guint32 off;
  guint32 len_kind; /* length << 4 | kind (K_KEY_FIELD: below) */
} Tok;

/* the longest token a block holds; a longer one is yajl's to read */
#define TOK_MAX_LEN ((1u << 28) - 1)

/* A K_KEY_FIELD token: a key shorter than 1 MiB has its length in 20 bits
 * and, above them, the field it names, so that the building thread need
 * not read its bytes to know it. */
#define TOK_KEY_FIELD_MAX_LEN ((1u << 20) - 1)
#define TOK_KEY_FIELD(field, len) ((guint32)(field) << 24 | (guint32)(len) << 4 | K_KEY_FIELD)
#define TOK_KEY_FIELD_LEN(len_kind) (((len_kind) >> 4) & TOK_KEY_FIELD_MAX_LEN)
#define TOK_KEY_FIELD_FIELD(len_kind) ((Field)((len_kind) >> 24))

/* The tokens of one buffer of JSON, and the buffer they point into. */
typedef struct
{
  guchar     *buf;
  gsize       cap;
  Tok        *toks;
  gsize       n_toks, cap_toks;
  GByteArray *unescaped;
  guint64     position;   /* of the file, after the reads of this block */
  guint64     json_bytes; /* read, after this block */
} TokBlock;

/* Hands one token to the parser, as yajl would: the keys and numbers of an
 * event object are read here, the rest goes to the callbacks. FALSE when a
 * callback stopped the parse. For K_KEY_FIELD, @len is the token's
 * len_kind. */
static inline G_ALWAYS_INLINE gboolean
deliver (Parser               *p,
         const yajl_callbacks *cb,
         TokKind               kind,
         const guchar         *text,
         gsize                 len)
{
/* the parser is inside an event object (its callbacks' CTX_EVENT) */
#define IN_EVENT() (p->depth > 0 && p->stack[p->depth - 1] == CTX_EVENT)
  switch (kind)
    {
    case K_START_MAP:
      return cb->yajl_start_map (p);
    case K_START_ARRAY:
      return cb->yajl_start_array (p);
    case K_END_MAP:
      return cb->yajl_end_map (p);
    case K_END_ARRAY:
      return cb->yajl_end_array (p);
    case K_KEY:
      if (G_LIKELY (IN_EVENT () && len <= p->limits.max_string_bytes))
        {
          /* an event's key, recognised here as on_map_key () would */
          p->n_tokens++;
          p->field = _hp_parser_field_from_key (text, len);
          return TRUE;
        }
      return cb->yajl_map_key (p, text, len);
    case K_KEY_FIELD:
      /* the same, with the field already known */
      if (G_LIKELY (IN_EVENT () && TOK_KEY_FIELD_LEN (len) <= p->limits.max_string_bytes))
        {
          p->n_tokens++;
          p->field = TOK_KEY_FIELD_FIELD (len);
          return TRUE;
        }
      return cb->yajl_map_key (p, text, TOK_KEY_FIELD_LEN (len));
    case K_STRING:
      return cb->yajl_string (p, text, len);
    case K_NUMBER:
      if (G_LIKELY (IN_EVENT ()))
        {
          /* an event's member, read here as on_number () would */
          p->n_tokens++;
          _hp_parser_event_number (p, (const char *)text, len);
          return TRUE;
        }
      return cb->yajl_number (p, (const char *)text, len);
    case K_TRUE:
      return cb->yajl_boolean (p, 1);
    case K_FALSE:
      return cb->yajl_boolean (p, 0);
    case K_NULL:
    default:
      return cb->yajl_null (p);
    }
#undef IN_EVENT
}

/* hp-parser-scan.c: the tokens of sc->buf from sc->pos into @tape */
StepResult _hp_scan_buffer_to (Scan     *sc,
                               TokBlock *tape);

/* hp-parser-tape.c: _hp_parser_scan () on two threads; FALSE when no
 * thread could be had */
gboolean _hp_parser_scan_two_threads (Parser   *p,
                                      HpReader *reader,
                                      guint64  *json_bytes,
                                      void (*report) (gpointer data, guint64 position),
                                      gpointer      report_data,
                                      GCancellable *cancellable,
                                      GError      **error,
                                      HpScanResult *result);

G_END_DECLS
