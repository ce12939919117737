/* hp-parser-scan.c — a JSON scanner for the common shape of trace files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Trace files are large, flat and plain: events are objects of a few short
 * keys, strings rarely hold an escape, numbers are short. This scanner
 * reads such a file in large buffers and hands the parser's callbacks the
 * same calls, in the same order and with the same text, as yajl would: a
 * string without escapes and a number are passed where they lie in the
 * buffer, a string with escapes decoded as yajl decodes it. The keys and
 * numbers of an event object, the bulk of a trace, it reads itself, as the
 * callbacks would: the key names the field, the number is read in place.
 *
 * It accepts strict JSON only, a subset of what yajl accepts, and it never
 * reports a fault of the JSON itself: on anything it does not take (a
 * syntax error, a \u escape of a surrogate, the end of the data inside a
 * value, a token far longer than usual) it gives up, and the caller reads
 * the file again from its start with yajl, which then says what yajl says
 * (the message and byte offset of every error are yajl's). The limits the
 * callbacks enforce stop it as they stop yajl.
 */

#include "config.h"

#include "hp-parser-private.h"
#include "hp-parser-scan-private.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* why a token could not be read */
typedef enum
{
  T_OK,
  T_MORE, /* the buffer ends inside it */
  T_FAIL, /* not strict JSON, or not taken: give up */
} TokResult;

static inline gboolean
is_space (guchar c)
{
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

#define ONES G_GUINT64_CONSTANT (0x0101010101010101)
#define HIGHS G_GUINT64_CONSTANT (0x8080808080808080)

/* a word with the high bit of each byte that is below 0x20, '"' or '\\'
 * set (and possibly others above such a byte: only the first counts) */
static inline guint64
special_bytes (guint64 w)
{
  guint64 quote = w ^ (ONES * '"');
  guint64 slash = w ^ (ONES * '\\');

  return ((w - ONES * 0x20) | (quote - ONES) | (slash - ONES)) & ~w & HIGHS;
}

/* the length of a string's plain run from @s: up to its first '"', '\\',
 * control byte or @end */
static inline G_ALWAYS_INLINE const guchar *
plain_run (const guchar *s,
           const guchar *end)
{
#ifdef __SSE2__
  /* sixteen bytes at a time */
  const __m128i quote = _mm_set1_epi8 ('"');
  const __m128i slash = _mm_set1_epi8 ('\\');
  const __m128i below = _mm_set1_epi8 (0x1f);

  while (end - s >= 16)
    {
      __m128i x = _mm_loadu_si128 ((const __m128i *)s);
      __m128i hit = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (x, quote), _mm_cmpeq_epi8 (x, slash)),
                                  _mm_cmpeq_epi8 (_mm_min_epu8 (x, below), x));
      int     m = _mm_movemask_epi8 (hit);

      if (m != 0)
        return s + __builtin_ctz ((guint)m);
      s += 16;
    }
#endif
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  /* eight bytes at a time: the lowest flagged byte is a true one (a borrow
   * only runs upwards, from a byte that is flagged itself) */
  while (end - s >= 8)
    {
      guint64 w, m;

      memcpy (&w, s, 8);
      m = special_bytes (w);
      if (m != 0)
        return s + (__builtin_ctzll (m) >> 3);
      s += 8;
    }
#endif
  while (s < end && *s >= 0x20 && *s != '"' && *s != '\\')
    s++;
  return s;
}

/* Whitespace from @q. Trace writers indent each line: after a line feed,
 * spaces are skipped eight at a time. */
static inline G_ALWAYS_INLINE const guchar *
skip_space (const guchar *q,
            const guchar *end)
{
  while (q < end && is_space (*q))
    {
      if (*q++ != '\n')
        continue;
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
      while (end - q >= 8)
        {
          guint64 w;

          memcpy (&w, q, 8);
          w ^= ONES * ' ';
          if (w != 0)
            {
              q += __builtin_ctzll (w) >> 3;
              break;
            }
          q += 8;
        }
#endif
    }
  return q;
}

static inline int
hex_value (guchar c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Decodes the escapes of the string @s (the text between its quotes) into
 * @out as yajl does; FALSE for a \u escape of a surrogate, which is left
 * to yajl. The escapes were checked when the string was scanned. */
static gboolean
unescape (GByteArray   *out,
          const guchar *s,
          gsize         len)
{
  gsize i = 0, run = 0;

  g_byte_array_set_size (out, 0);
  while (i < len)
    {
      guchar one;

      if (s[i] != '\\')
        {
          i++;
          continue;
        }
      g_byte_array_append (out, s + run, (guint)(i - run));
      switch (s[i + 1])
        {
        case 'b':
          one = '\b';
          break;
        case 'f':
          one = '\f';
          break;
        case 'n':
          one = '\n';
          break;
        case 'r':
          one = '\r';
          break;
        case 't':
          one = '\t';
          break;
        case 'u':
          {
            guint  cp = 0;
            guchar u[3];

            for (guint k = 0; k < 4; k++)
              cp = cp * 16 + (guint)hex_value (s[i + 2 + k]);
            if (cp >= 0xd800 && cp <= 0xdfff)
              return FALSE;
            if (cp < 0x80)
              {
                u[0] = (guchar)cp;
                g_byte_array_append (out, u, 1);
              }
            else if (cp < 0x800)
              {
                u[0] = (guchar)(0xc0 | (cp >> 6));
                u[1] = (guchar)(0x80 | (cp & 0x3f));
                g_byte_array_append (out, u, 2);
              }
            else
              {
                u[0] = (guchar)(0xe0 | (cp >> 12));
                u[1] = (guchar)(0x80 | ((cp >> 6) & 0x3f));
                u[2] = (guchar)(0x80 | (cp & 0x3f));
                g_byte_array_append (out, u, 3);
              }
            i += 6;
            run = i;
            continue;
          }
        default: /* '"', '\\', '/' */
          one = s[i + 1];
          break;
        }
      g_byte_array_append (out, &one, 1);
      i += 2;
      run = i;
    }
  g_byte_array_append (out, s + run, (guint)(i - run));
  return TRUE;
}

/* The escapes of a string, from its first backslash @s: checked as yajl
 * lexes them. Returns where the string's closing quote is, @end when the
 * buffer ends first (*@more), or NULL for a fault. */
static const guchar *
scan_escapes (const guchar *s,
              const guchar *end,
              gboolean     *more)
{
  for (;;)
    {
      if (s == end)
        break;
      if (*s == '"')
        return s;
      if (*s != '\\')
        return NULL; /* a control byte */
      if (end - s < 2)
        break;
      if (s[1] == 'u')
        {
          if (end - s < 6)
            break;
          for (guint k = 2; k < 6; k++)
            if (hex_value (s[k]) < 0)
              return NULL;
          s += 6;
        }
      else if (s[1] == '"' || s[1] == '\\' || s[1] == '/' || s[1] == 'b' || s[1] == 'f' ||
               s[1] == 'n' || s[1] == 'r' || s[1] == 't')
        s += 2;
      else
        return NULL;
      s = plain_run (s, end);
    }
  *more = TRUE;
  return end;
}

/* Reads the string whose opening quote is at *@at: on T_OK @text and @len
 * are its (decoded) bytes and *@at is past its closing quote. */
static inline G_ALWAYS_INLINE TokResult
scan_string (Scan          *sc,
             const guchar **at,
             const guchar  *end,
             const guchar **text,
             gsize         *len)
{
  const guchar *start = *at + 1;
  const guchar *s = plain_run (start, end);
  gboolean      more = FALSE;

  if (G_LIKELY (s < end && *s == '"'))
    {
      *text = start;
      *len = (gsize)(s - start);
      *at = s + 1;
      return T_OK;
    }
  if (s == end)
    return T_MORE;
  s = scan_escapes (s, end, &more);
  if (s == NULL)
    return T_FAIL;
  if (more)
    return T_MORE;
  *at = s + 1;
  if (!unescape (sc->unescaped, start, (gsize)(s - start)))
    return T_FAIL;
  *text = sc->unescaped->data != NULL ? sc->unescaped->data : start;
  *len = sc->unescaped->len;
  return T_OK;
}

static inline gboolean
is_digit (guchar c)
{
  return c >= '0' && c <= '9';
}

/* A number as JSON writes it, from *@at; its end must be seen (a byte after
 * it, or the end of the data). */
static inline G_ALWAYS_INLINE TokResult
scan_number (const guchar **at,
             const guchar  *end,
             gboolean       eof)
{
  const guchar *q = *at;

#define NEED(cond)                  \
  G_STMT_START                      \
  {                                 \
    if (q == end)                   \
      return eof ? T_FAIL : T_MORE; \
    if (!(cond))                    \
      return T_FAIL;                \
  }                                 \
  G_STMT_END

  if (*q == '-')
    q++;
  NEED (is_digit (*q));
  if (*q == '0')
    q++;
  else
    while (q < end && is_digit (*q))
      q++;
  if (q < end && *q == '.')
    {
      q++;
      NEED (is_digit (*q));
      while (q < end && is_digit (*q))
        q++;
    }
  if (q < end && (*q == 'e' || *q == 'E'))
    {
      q++;
      NEED (TRUE);
      if (*q == '+' || *q == '-')
        q++;
      NEED (is_digit (*q));
      while (q < end && is_digit (*q))
        q++;
    }
#undef NEED
  if (q == end && !eof)
    return T_MORE;
  *at = q;
  return T_OK;
}

static inline G_ALWAYS_INLINE TokResult
scan_literal (const guchar **at,
              const guchar  *end,
              gboolean       eof,
              const char    *word,
              gsize          n)
{
  gsize have = MIN (n, (gsize)(end - *at));

  if (memcmp (*at, word, have) != 0)
    return T_FAIL;
  if (have < n)
    return eof ? T_FAIL : T_MORE;
  *at += n;
  return T_OK;
}

/* Adds a token to @blk; @text is in @buf, or in @unescaped. */
static inline G_ALWAYS_INLINE void
emit (TokBlock     *blk,
      TokKind       kind,
      const guchar *buf,
      const guchar *text,
      gsize         len,
      GByteArray   *unescaped)
{
  Tok *t;

  if (G_UNLIKELY (blk->n_toks == blk->cap_toks))
    {
      blk->cap_toks = MAX (blk->cap_toks * 2, 4096);
      blk->toks = g_renew (Tok, blk->toks, blk->cap_toks);
    }
  t = &blk->toks[blk->n_toks++];
  if (text != NULL && unescaped->data != NULL && text == unescaped->data)
    {
      /* decoded: kept in the block's side buffer */
      t->off = blk->unescaped->len;
      t->len_kind = (guint32)len << 4 | (kind == K_KEY ? K_KEY_DECODED : K_STRING_DECODED);
      g_byte_array_append (blk->unescaped, text, (guint)len);
      return;
    }
  t->off = text != NULL ? (guint32)(text - buf) : 0;
  if (kind == K_KEY && len <= TOK_KEY_FIELD_MAX_LEN)
    t->len_kind = TOK_KEY_FIELD (_hp_parser_field_from_key (text, len), len);
  else
    t->len_kind = (guint32)len << 4 | kind;
}

/* Reads the tokens of the buffer from sc->pos, each state a label; on
 * STEP_MORE, sc->pos is where the next token starts and sc->state what it
 * must be. The cursor lives in locals, written back on the way out. */
static inline G_ALWAYS_INLINE StepResult
scan_buffer_with (Scan                 *sc,
                  Parser               *p,
                  const yajl_callbacks *cb,
                  TokBlock             *tape)
{
  const guchar *const buf = sc->buf;
  const guchar *const end = sc->buf + sc->len;
  const guchar       *q = sc->buf + sc->pos;
  const guchar       *tok; /* where the token being read starts */
  const guint64       base = sc->base;
  const guint64       max_gap = sc->max_gap;
  const gboolean      eof = sc->eof;
  guint64             mark = sc->mark;
  guint               depth = sc->depth;
  ScanState           state = sc->state;
  StepResult          res;
  const guchar       *text;
  gsize               len;
  TokResult           t;
  guchar              c;

/* whitespace, then the next byte in c; the buffer's end leaves in @st */
#define SKIP_SPACE(st)       \
  G_STMT_START               \
  {                          \
    q = skip_space (q, end); \
    if (q == end)            \
      {                      \
        state = (st);        \
        tok = q;             \
        goto more;           \
      }                      \
    c = *q;                  \
  }                          \
  G_STMT_END
/* a token has been handed over: a gap far shorter than max_token_bytes
 * since the last one is taken here, a longer one is left to yajl, which
 * counts it against the limit */
#define HANDED_OVER()                         \
  G_STMT_START                                \
  {                                           \
    guint64 now_ = base + (guint64)(q - buf); \
                                              \
    if (now_ - mark > max_gap)                \
      goto fail;                              \
    mark = now_;                              \
  }                                           \
  G_STMT_END
/* a token goes to the parser, or to the tape's block */
#define DELIVER(kind, text, len)                              \
  G_STMT_START                                                \
  {                                                           \
    if (tape != NULL)                                         \
      emit (tape, (kind), buf, (text), (len), sc->unescaped); \
    else if (!deliver (p, cb, (kind), (text), (len)))         \
      goto stop;                                              \
  }                                                           \
  G_STMT_END
/* a token that did not end in the buffer: read again from its start */
#define TOKEN(expr, st)         \
  G_STMT_START                  \
  {                             \
    t = (expr);                 \
    if (G_UNLIKELY (t != T_OK)) \
      {                         \
        if (t == T_FAIL)        \
          goto fail;            \
        state = (st);           \
        goto more;              \
      }                         \
  }                             \
  G_STMT_END

  switch (sc->state)
    {
    case S_ARRAY_FIRST:
      goto array_first;
    case S_KEY_FIRST:
      goto key_first;
    case S_KEY:
      goto key;
    case S_COLON:
      goto colon;
    case S_AFTER:
      goto after;
    case S_DONE:
      goto done;
    case S_VALUE:
    default:
      goto value;
    }

array_first:
  SKIP_SPACE (S_ARRAY_FIRST);
  if (c == ']')
    goto close;
  goto value_here;

value:
  SKIP_SPACE (S_VALUE);
value_here:
  tok = q;
  switch (c)
    {
    case '{':
    case '[':
      if (depth == G_N_ELEMENTS (sc->stack))
        goto fail;
      sc->stack[depth++] = c;
      q++;
      HANDED_OVER ();
      if (c == '{')
        {
          DELIVER (K_START_MAP, NULL, 0);
          goto key_first;
        }
      DELIVER (K_START_ARRAY, NULL, 0);
      goto array_first;
    case '"':
      TOKEN (scan_string (sc, &q, end, &text, &len), S_VALUE);
      HANDED_OVER ();
      DELIVER (K_STRING, text, len);
      break;
    case 't':
    case 'f':
      TOKEN (c == 't' ? scan_literal (&q, end, eof, "true", 4) : scan_literal (&q, end, eof, "false", 5),
             S_VALUE);
      HANDED_OVER ();
      DELIVER (c == 't' ? K_TRUE : K_FALSE, NULL, 0);
      break;
    case 'n':
      TOKEN (scan_literal (&q, end, eof, "null", 4), S_VALUE);
      HANDED_OVER ();
      DELIVER (K_NULL, NULL, 0);
      break;
    default:
      if (c != '-' && !is_digit (c))
        goto fail;
      TOKEN (scan_number (&q, end, eof), S_VALUE);
      HANDED_OVER ();
      DELIVER (K_NUMBER, tok, (gsize)(q - tok));
      break;
    }
after_value:
  if (depth == 0)
    goto done;
after:
  SKIP_SPACE (S_AFTER);
  if (c == ',')
    {
      q++;
      if (sc->stack[depth - 1] == '{')
        goto key;
      goto value;
    }
  if ((c == '}' && sc->stack[depth - 1] == '{') || (c == ']' && sc->stack[depth - 1] == '['))
    goto close;
  goto fail;

key_first:
  SKIP_SPACE (S_KEY_FIRST);
  if (c == '}')
    goto close;
  goto key_here;

key:
  SKIP_SPACE (S_KEY);
key_here:
  if (c != '"')
    goto fail;
  tok = q;
  TOKEN (scan_string (sc, &q, end, &text, &len), S_KEY);
  HANDED_OVER ();
  DELIVER (K_KEY, text, len);
colon:
  SKIP_SPACE (S_COLON);
  if (c != ':')
    goto fail;
  q++;
  goto value;

close:
  q++;
  depth--;
  HANDED_OVER ();
  DELIVER (c == '}' ? K_END_MAP : K_END_ARRAY, NULL, 0);
  goto after_value;

done:
  /* only whitespace may follow the root value */
  SKIP_SPACE (S_DONE);
  goto fail;

more:
  q = tok;
  res = STEP_MORE;
  goto out;
stop:
  res = STEP_STOP;
  goto out;
fail:
  res = STEP_FAIL;
out:
  sc->pos = (gsize)(q - buf);
  sc->mark = mark;
  sc->depth = depth;
  sc->state = state;
  return res;
#undef SKIP_SPACE
#undef DELIVER
#undef HANDED_OVER
#undef TOKEN
}

/* the tokens to the parser's callbacks, one by one */
static StepResult
scan_buffer (Scan                 *sc,
             Parser               *p,
             const yajl_callbacks *cb)
{
  return scan_buffer_with (sc, p, cb, NULL);
}

/* the tokens to a block, for another thread's parser */
StepResult
_hp_scan_buffer_to (Scan     *sc,
                    TokBlock *tape)
{
  /* without a tape the tokens would go to no parser: saying so also lets
   * the compiler drop that path from this copy of the scanner */
  g_return_val_if_fail (tape != NULL, STEP_FAIL);
  return scan_buffer_with (sc, NULL, NULL, tape);
}

/**
 * _hp_parser_scan:
 * @p: the parser, fresh
 * @reader: the file, at its start
 * @two_threads: scan (and inflate) on a thread of its own, while this one
 *   runs the callbacks
 * @json_bytes: (out): the bytes of JSON read
 * @report: called after each buffer, with @report_data and the file's
 *   position after it
 *
 * Reads the whole file through the parser's callbacks, as yajl would.
 *
 * Returns: %HP_SCAN_DONE when the file was read to its end,
 *   %HP_SCAN_STOPPED when a callback stopped it on a limit,
 *   %HP_SCAN_READ_ERROR when the reader failed (@error set, @json_bytes
 *   counting what was read), %HP_SCAN_CANCELLED, or %HP_SCAN_GIVE_UP when
 *   the file must be read again with yajl.
 */
HpScanResult
_hp_parser_scan (Parser   *p,
                 HpReader *reader,
                 gboolean  two_threads,
                 guint64  *json_bytes,
                 void (*report) (gpointer data, guint64 position),
                 gpointer      report_data,
                 GCancellable *cancellable,
                 GError      **error)
{
  const yajl_callbacks *cb = &_hp_parser_callbacks;
  Scan                  sc = { 0 };
  HpScanResult          res = HP_SCAN_GIVE_UP;
  gsize                 chunk = SCAN_BLOCK;

  if (two_threads &&
      _hp_parser_scan_two_threads (p, reader, json_bytes, report, report_data, cancellable, error, &res))
    return res;

  sc.cap = 2 * SCAN_BLOCK;
  sc.buf = g_malloc (sc.cap);
  sc.unescaped = g_byte_array_new ();
  sc.state = S_VALUE;
  sc.max_gap = p->limits.max_token_bytes / 2;
  *json_bytes = 0;

  for (;;)
    {
      gssize     n;
      StepResult step;
      guint64    tokens_before = p->n_tokens;

      if (g_cancellable_is_cancelled (cancellable))
        {
          res = HP_SCAN_CANCELLED;
          break;
        }

      /* keep the token the last buffer ended in, and read more after it */
      if (sc.pos > 0)
        {
          memmove (sc.buf, sc.buf + sc.pos, sc.len - sc.pos);
          sc.base += sc.pos;
          sc.len -= sc.pos;
          sc.pos = 0;
        }
      if (sc.base + sc.len - sc.mark > sc.max_gap)
        break; /* a token this long is yajl's to judge */
      if (sc.cap - sc.len < chunk)
        {
          sc.cap = MAX (sc.cap * 2, sc.len + chunk);
          sc.buf = g_realloc (sc.buf, sc.cap);
        }
      /* the reads of yajl's loop, chunk for chunk: a fault of the data
       * (corrupt gzip) is then met after as many bytes of JSON */
      n = _hp_reader_read_all (reader, sc.buf + sc.len, chunk, cancellable, error);
      if (n < 0)
        {
          res = HP_SCAN_READ_ERROR;
          break;
        }
      *json_bytes += (guint64)n;
      sc.len += (gsize)n;
      sc.eof = (gsize)n < chunk;

      step = scan_buffer (&sc, p, cb);
      if (step == STEP_STOP)
        {
          res = HP_SCAN_STOPPED;
          break;
        }
      if (step == STEP_FAIL)
        break;
      if (report != NULL)
        report (report_data, _hp_reader_position (reader));
      /* yajl's loop doubles a chunk after one in which no token ended */
      if (p->n_tokens == tokens_before)
        chunk = MAX ((gsize)MIN ((guint64)chunk * 2, p->limits.max_token_bytes / 2 + 1), SCAN_BLOCK);
      else
        chunk = SCAN_BLOCK;
      if (sc.eof)
        {
          /* all read: only a complete root value is taken */
          if (sc.state == S_DONE && sc.pos == sc.len && sc.base + sc.len - sc.mark <= sc.max_gap)
            res = HP_SCAN_DONE;
          break;
        }
    }

  g_byte_array_unref (sc.unescaped);
  g_free (sc.buf);
  return res;
}
