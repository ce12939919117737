/* hp-parser-tape.c — one trace file on two cores: scanning and building.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A scanning thread reads the file (inflating it) and writes its tokens
 * into blocks; the parser's thread hands them to the callbacks, in order.
 * The scanning thread decides nothing the callbacks decide: what it gives
 * up on, the parser's thread meets after the tokens before it, exactly
 * where the one-thread loop of hp-parser-scan.c would; a limit the
 * callbacks meet stops the scanning thread. The reads are the one-thread
 * loop's, chunk for chunk, so a fault of the data is met after as many
 * bytes of JSON.
 */

#include "config.h"

#include "hp-parser-private.h"
#include "hp-parser-scan-private.h"

/* blocks in flight: one being filled, the others waiting or being read */
#define TAPE_BLOCKS 6
/* a scanning thread that found every block full is woken once this many
 * are free again, so that it fills them in one turn on a core rather than
 * one per wake-up */
#define TAPE_REFILL (TAPE_BLOCKS / 2)

typedef struct
{
  HpReader     *reader;
  GCancellable *cancellable;
  guint64       max_token_bytes;
  guint64       max_gap;

  GMutex   lock;
  GCond    cond;
  GThread *thread;
  TokBlock blocks[TAPE_BLOCKS];
  guint    head, count; /* the oldest full block, how many */
  gboolean stop;        /* the parser wants no more */
  gboolean done;        /* the scanning thread has ended */
  /* a thread asleep on cond: only then is it woken (a wake-up is a
   * system call even with no one to wake) */
  gboolean scanner_waits, parser_waits;

  /* how the scanning ended, after its blocks */
  HpScanResult end;
  GError      *error;
  guint64      end_json_bytes;
} Tape;

/* Hands the scanning thread's block @cur (holding the tokens of sc->buf up
 * to sc->pos) to the parser, and gives the scanner a free buffer holding
 * what follows. FALSE when the parser wants no more. */
static gboolean
tape_publish (Tape     *tape,
              Scan     *sc,
              TokBlock *cur)
{
  TokBlock *slot;
  guchar   *old;
  gsize     keep = sc->len - sc->pos;

  g_mutex_lock (&tape->lock);
  while (tape->count == TAPE_BLOCKS && !tape->stop)
    {
      tape->scanner_waits = TRUE;
      g_cond_wait (&tape->cond, &tape->lock);
    }
  tape->scanner_waits = FALSE;
  if (tape->stop)
    {
      g_mutex_unlock (&tape->lock);
      return FALSE;
    }
  slot = &tape->blocks[(tape->head + tape->count) % TAPE_BLOCKS];
  g_mutex_unlock (&tape->lock);

  /* the slot is free: swap its buffers with the scanner's */
  old = sc->buf;
  sc->buf = slot->buf;
  slot->buf = old;
  {
    gsize cap = sc->cap;

    sc->cap = slot->cap;
    slot->cap = cap;
  }
  {
    TokBlock t = *slot;

    slot->toks = cur->toks;
    slot->n_toks = cur->n_toks;
    slot->cap_toks = cur->cap_toks;
    slot->unescaped = cur->unescaped;
    slot->position = cur->position;
    slot->json_bytes = cur->json_bytes;
    cur->toks = t.toks;
    cur->n_toks = 0;
    cur->cap_toks = t.cap_toks;
    cur->unescaped = t.unescaped;
    g_byte_array_set_size (cur->unescaped, 0);
  }
  /* the token the buffer ended in goes on in the scanner's new buffer */
  if (sc->cap < keep + SCAN_BLOCK)
    {
      sc->cap = MAX (2 * SCAN_BLOCK, keep + SCAN_BLOCK);
      sc->buf = g_realloc (sc->buf, sc->cap);
    }
  memcpy (sc->buf, old + sc->pos, keep);
  sc->base += sc->pos;
  sc->len = keep;
  sc->pos = 0;

  g_mutex_lock (&tape->lock);
  tape->count++;
  if (tape->parser_waits)
    g_cond_signal (&tape->cond);
  g_mutex_unlock (&tape->lock);
  return TRUE;
}

static void
tape_end (Tape        *tape,
          HpScanResult end,
          GError      *error,
          guint64      json_bytes)
{
  g_mutex_lock (&tape->lock);
  tape->end = end;
  tape->error = error;
  tape->end_json_bytes = json_bytes;
  tape->done = TRUE;
  g_cond_broadcast (&tape->cond);
  g_mutex_unlock (&tape->lock);
}

/* The scanning thread: the loop of _hp_parser_scan () below, read for
 * read, with the tokens written to blocks. */
static gpointer
tape_thread (gpointer data)
{
  Tape        *tape = data;
  Scan         sc = { 0 };
  TokBlock     cur = { 0 };
  HpScanResult res = HP_SCAN_GIVE_UP;
  GError      *error = NULL;
  gsize        chunk = SCAN_BLOCK;
  guint64      json_bytes = 0;

  sc.cap = 2 * SCAN_BLOCK;
  sc.buf = g_malloc (sc.cap);
  sc.unescaped = g_byte_array_new ();
  sc.state = S_VALUE;
  sc.max_gap = tape->max_gap;
  cur.unescaped = g_byte_array_new ();

  for (;;)
    {
      gssize     n;
      StepResult step;
      gsize      toks_before = cur.n_toks;

      if (g_cancellable_is_cancelled (tape->cancellable))
        {
          res = HP_SCAN_CANCELLED;
          break;
        }
      if (sc.pos > 0 && cur.n_toks == 0)
        {
          /* nothing to hand over: keep the token in this buffer */
          memmove (sc.buf, sc.buf + sc.pos, sc.len - sc.pos);
          sc.base += sc.pos;
          sc.len -= sc.pos;
          sc.pos = 0;
        }
      if (sc.base + sc.len - sc.mark > sc.max_gap)
        break;
      if (sc.cap - sc.len < chunk)
        {
          sc.cap = MAX (sc.cap * 2, sc.len + chunk);
          sc.buf = g_realloc (sc.buf, sc.cap);
        }
      n = _hp_reader_read_all (tape->reader, sc.buf + sc.len, chunk, tape->cancellable, &error);
      if (n < 0)
        {
          res = HP_SCAN_READ_ERROR;
          break;
        }
      json_bytes += (guint64)n;
      sc.len += (gsize)n;
      sc.eof = (gsize)n < chunk;

      step = _hp_scan_buffer_to (&sc, &cur);
      cur.position = _hp_reader_position (tape->reader);
      cur.json_bytes = json_bytes;
      if (step == STEP_FAIL)
        break;
      if (cur.n_toks == toks_before)
        chunk = MAX ((gsize)MIN ((guint64)chunk * 2, tape->max_token_bytes / 2 + 1), SCAN_BLOCK);
      else
        chunk = SCAN_BLOCK;
      if (sc.eof)
        {
          if (sc.state == S_DONE && sc.pos == sc.len && sc.base + sc.len - sc.mark <= sc.max_gap)
            res = HP_SCAN_DONE;
          break;
        }
      if (cur.n_toks > 0 && !tape_publish (tape, &sc, &cur))
        {
          res = HP_SCAN_STOPPED;
          break;
        }
    }

  /* the tokens before the end, then the end */
  if (cur.n_toks > 0 && res != HP_SCAN_STOPPED)
    {
      sc.pos = sc.len;
      tape_publish (tape, &sc, &cur);
    }
  tape_end (tape, res, error, json_bytes);

  g_free (cur.toks);
  g_byte_array_unref (cur.unescaped);
  g_byte_array_unref (sc.unescaped);
  g_free (sc.buf);
  return NULL;
}

/* Hands the tokens of @blk to the parser; FALSE when a callback stopped it. */
static gboolean
tape_replay (Parser               *p,
             const yajl_callbacks *cb,
             const TokBlock       *blk)
{
  const Tok *t = blk->toks;
  const Tok *end = t + blk->n_toks;

  for (; t < end; t++)
    {
      TokKind kind = (TokKind)(t->len_kind & 15);
      gsize   len = t->len_kind >> 4;

      if (kind == K_KEY_FIELD)
        {
          if (!deliver (p, cb, K_KEY_FIELD, blk->buf + t->off, t->len_kind))
            return FALSE;
        }
      else if (G_UNLIKELY (kind >= K_KEY_DECODED))
        {
          if (!deliver (p, cb, kind == K_KEY_DECODED ? K_KEY : K_STRING, blk->unescaped->data + t->off, len))
            return FALSE;
        }
      else if (!deliver (p, cb, kind, blk->buf + t->off, len))
        return FALSE;
    }
  return TRUE;
}

gboolean
_hp_parser_scan_two_threads (Parser   *p,
                             HpReader *reader,
                             guint64  *json_bytes,
                             void (*report) (gpointer data, guint64 position),
                             gpointer      report_data,
                             GCancellable *cancellable,
                             GError      **error,
                             HpScanResult *result)
{
  const yajl_callbacks *cb = &_hp_parser_callbacks;
  Tape                  tape = { 0 };
  HpScanResult          res;

  tape.reader = reader;
  tape.cancellable = cancellable;
  tape.max_token_bytes = p->limits.max_token_bytes;
  /* a block's token holds its length in 28 bits, its offset in 32: a
   * longer token is yajl's */
  tape.max_gap = MIN (p->limits.max_token_bytes / 2, (guint64)TOK_MAX_LEN);
  g_mutex_init (&tape.lock);
  g_cond_init (&tape.cond);
  for (guint k = 0; k < TAPE_BLOCKS; k++)
    tape.blocks[k].unescaped = g_byte_array_new ();
  tape.thread = g_thread_try_new ("hp-scan", tape_thread, &tape, NULL);
  if (tape.thread == NULL)
    {
      for (guint k = 0; k < TAPE_BLOCKS; k++)
        g_byte_array_unref (tape.blocks[k].unescaped);
      g_mutex_clear (&tape.lock);
      g_cond_clear (&tape.cond);
      return FALSE;
    }

  *json_bytes = 0;
  for (;;)
    {
      TokBlock *blk;
      gboolean  ok;

      g_mutex_lock (&tape.lock);
      while (tape.count == 0 && !tape.done)
        {
          tape.parser_waits = TRUE;
          g_cond_wait (&tape.cond, &tape.lock);
        }
      tape.parser_waits = FALSE;
      if (tape.count == 0)
        {
          res = tape.end;
          g_mutex_unlock (&tape.lock);
          break;
        }
      blk = &tape.blocks[tape.head];
      g_mutex_unlock (&tape.lock);

      ok = tape_replay (p, cb, blk);
      *json_bytes = blk->json_bytes;
      if (ok && report != NULL)
        report (report_data, blk->position);

      g_mutex_lock (&tape.lock);
      tape.head = (tape.head + 1) % TAPE_BLOCKS;
      tape.count--;
      if (!ok)
        tape.stop = TRUE;
      if (tape.scanner_waits && (!ok || TAPE_BLOCKS - tape.count >= TAPE_REFILL))
        g_cond_signal (&tape.cond);
      g_mutex_unlock (&tape.lock);
      if (!ok)
        {
          res = HP_SCAN_STOPPED;
          break;
        }
    }

  g_thread_join (tape.thread);
  /* read to its end, or to a fault: the bytes of every read, those of a
   * last read with no token (whitespace after the root) too */
  if (res != HP_SCAN_STOPPED)
    *json_bytes = tape.end_json_bytes;
  if (res == HP_SCAN_READ_ERROR)
    g_propagate_error (error, g_steal_pointer (&tape.error));
  g_clear_error (&tape.error);
  for (guint k = 0; k < TAPE_BLOCKS; k++)
    {
      g_free (tape.blocks[k].buf);
      g_free (tape.blocks[k].toks);
      g_byte_array_unref (tape.blocks[k].unescaped);
    }
  g_mutex_clear (&tape.lock);
  g_cond_clear (&tape.cond);
  *result = res;
  return TRUE;
}
