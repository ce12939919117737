/* hp-parser-reader.c — gives a trace file's bytes, inflating every gzip member.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-gzip-private.h"
#include "hp-parser-private.h"

/**
 * _hp_file_kind_if_special:
 * @st: what stat() said about a path
 *
 * Opening a FIFO blocks until a writer comes and a device may never end:
 * only regular files are traces.
 *
 * Returns: (nullable): a word for a file that is not regular ("FIFO",
 *   "socket", "device"...), or %NULL for a regular file or a folder
 */
const char *
_hp_file_kind_if_special (const GStatBuf *st)
{
  if (S_ISREG (st->st_mode) || S_ISDIR (st->st_mode))
    return NULL;
  if (S_ISFIFO (st->st_mode))
    return "FIFO";
#ifdef S_ISSOCK
  if (S_ISSOCK (st->st_mode))
    return "socket";
#endif
  if (S_ISCHR (st->st_mode) || S_ISBLK (st->st_mode))
    return "device";
  return "special file";
}

#define READER_IN_SIZE (64 * 1024)

/* Inflating ahead: blocks the size of the parser's chunks, few enough to
 * stay in the caches the parser reads them from. */
#define PIPE_SLOTS 4
#define PIPE_BLOCK (256 * 1024)

struct _HpReaderPipe
{
  HpReader     *reader; /* read by the inflating thread only */
  GMutex        lock;
  GCond         cond;
  GThread      *thread;
  GCancellable *cancellable;
  guchar       *data[PIPE_SLOTS];
  gsize         len[PIPE_SLOTS];
  guint64       pos[PIPE_SLOTS]; /* file position after each block */
  guint         head, count;     /* the oldest full block, how many */
  gboolean      done;            /* the inflating thread has ended */
  gboolean      stop;            /* the reader wants no more */
  GError       *error;           /* why it ended, after the blocks */
  guint64       error_pos;
  /* the reader's side */
  gsize    taken; /* bytes of the head block already read */
  guint64  position;
  gboolean joined;
};

static gssize  reader_read_all_direct (HpReader     *r,
                                       guchar       *out,
                                       gsize         size,
                                       GCancellable *cancellable,
                                       GError      **error);
static guint64 reader_position_direct (const HpReader *r);

static void
pipe_join (HpReaderPipe *pipe)
{
  if (pipe->joined)
    return;
  g_mutex_lock (&pipe->lock);
  pipe->stop = TRUE;
  g_cond_broadcast (&pipe->cond);
  g_mutex_unlock (&pipe->lock);
  g_thread_join (pipe->thread);
  pipe->joined = TRUE;
}

static void
pipe_free (HpReaderPipe *pipe)
{
  pipe_join (pipe);
  for (guint k = 0; k < PIPE_SLOTS; k++)
    g_free (pipe->data[k]);
  g_clear_error (&pipe->error);
  g_clear_object (&pipe->cancellable);
  g_mutex_clear (&pipe->lock);
  g_cond_clear (&pipe->cond);
  g_free (pipe);
}

#define CHECKSUM_PRIME G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)

static inline guint64
checksum_word (guint64 h,
               guint64 w)
{
  h ^= w;
  h = (h << 29) | (h >> 35);
  return h * CHECKSUM_PRIME;
}

void
_hp_checksum_update (HpChecksum   *sum,
                     const guchar *data,
                     gsize         len)
{
  gsize i = 0;

  sum->len += len;
  while (sum->n_tail > 0 && sum->n_tail < 8 && i < len)
    sum->tail[sum->n_tail++] = data[i++];
  if (sum->n_tail == 8)
    {
      guint64 w;

      memcpy (&w, sum->tail, 8);
      sum->h = checksum_word (sum->h, w);
      sum->n_tail = 0;
    }
  for (; i + 8 <= len; i += 8)
    {
      guint64 w;

      memcpy (&w, data + i, 8);
      sum->h = checksum_word (sum->h, w);
    }
  while (i < len)
    sum->tail[sum->n_tail++] = data[i++];
}

guint64
_hp_checksum_finish (const HpChecksum *sum)
{
  guint64 w = 0;

  memcpy (&w, sum->tail, sum->n_tail);
  return checksum_word (checksum_word (sum->h, w), sum->len);
}

void
_hp_reader_clear (HpReader *r)
{
  g_clear_pointer (&r->pipe, pipe_free);
  g_clear_object (&r->raw);
  g_clear_object (&r->dec);
  g_clear_pointer (&r->in, g_free);
}

/* a file's modification time in us, or 0 when unknown */
gint64
_hp_file_info_mtime_us (GFileInfo *info)
{
  if (!g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_TIME_MODIFIED))
    return 0;
  return (gint64)g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED) * G_USEC_PER_SEC +
         (gint64)g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC);
}

gboolean
_hp_reader_open (HpReader     *r,
                 const char   *path,
                 const char   *basename,
                 GCancellable *cancellable,
                 GError      **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GError) local_error = NULL;
  GFileInputStream *in;
  GStatBuf          st;
  const char       *kind;
  gssize            got;

  /* a FIFO blocks open() until a writer comes: never open one */
  kind = g_stat (path, &st) == 0 ? _hp_file_kind_if_special (&st) : NULL;
  if (kind != NULL)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE,
                   "%s: not a regular file (a %s); it was not opened", basename, kind);
      return FALSE;
    }

  in = g_file_read (file, cancellable, &local_error);
  if (in == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_FOUND, "%s: no such file", basename);
      else
        g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: cannot be read: %s",
                     basename, local_error->message);
      return FALSE;
    }
  r->raw = G_INPUT_STREAM (in);
  info = g_file_input_stream_query_info (in,
                                         G_FILE_ATTRIBUTE_STANDARD_SIZE "," G_FILE_ATTRIBUTE_TIME_MODIFIED
                                                                        "," G_FILE_ATTRIBUTE_TIME_MODIFIED_USEC,
                                         cancellable, NULL);
  r->file_size = info != NULL ? (guint64)g_file_info_get_size (info) : 0;
  r->file_mtime_us = info != NULL ? _hp_file_info_mtime_us (info) : 0;

  /* the first bytes tell gzip from JSON; they stay in the input buffer */
  r->in = g_malloc (READER_IN_SIZE);
  got = g_input_stream_read (r->raw, r->in, READER_IN_SIZE, cancellable, &local_error);
  if (got < 0)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: cannot be read: %s",
                     basename, local_error->message);
      return FALSE;
    }
  r->in_len = (gsize)got;
  r->raw_read = (guint64)got;
  r->raw_eof = got == 0;
  _hp_checksum_update (&r->sum, r->in, (gsize)got);
  if (got >= 2 && r->in[0] == 0x1f && r->in[1] == 0x8b)
    r->dec = _hp_gzip_decompressor_new ();
  return TRUE;
}

/* Reads more of the file after what is left in the input buffer, until at
 * least @want bytes are there or the file ends. */
static gboolean
reader_fill (HpReader     *r,
             gsize         want,
             GCancellable *cancellable,
             GError      **error)
{
  if (r->in_pos > 0)
    {
      memmove (r->in, r->in + r->in_pos, r->in_len - r->in_pos);
      r->in_len -= r->in_pos;
      r->in_pos = 0;
    }
  while (!r->raw_eof && r->in_len < want)
    {
      gssize got = g_input_stream_read (r->raw, r->in + r->in_len, READER_IN_SIZE - r->in_len,
                                        cancellable, error);

      if (got < 0)
        return FALSE;
      r->raw_eof = got == 0;
      _hp_checksum_update (&r->sum, r->in + r->in_len, (gsize)got);
      r->in_len += (gsize)got;
      r->raw_read += (guint64)got;
    }
  return TRUE;
}

static guint64
reader_position_direct (const HpReader *r)
{
  return r->raw_read - (r->in_len - r->in_pos);
}

/* Bytes of the file consumed so far (for progress and errors). */
guint64
_hp_reader_position (const HpReader *r)
{
  return r->pipe != NULL ? r->pipe->position : reader_position_direct (r);
}

/* Like g_input_stream_read(): 0 at the end; on error -1 with @error in
 * G_IO_ERROR (PARTIAL_INPUT: the gzip data ends inside a member;
 * INVALID_DATA: corrupt). */
static gssize
reader_read (HpReader     *r,
             guchar       *out,
             gsize         size,
             GCancellable *cancellable,
             GError      **error)
{
  if (r->dec == NULL)
    {
      gsize n = MIN (size, r->in_len - r->in_pos);

      if (n > 0)
        {
          memcpy (out, r->in + r->in_pos, n);
          r->in_pos += n;
          return (gssize)n;
        }
      if (r->raw_eof)
        return 0;
      n = 0;
      if (!g_input_stream_read_all (r->raw, out, size, &n, cancellable, error))
        return -1;
      _hp_checksum_update (&r->sum, out, n);
      r->raw_read += n;
      r->raw_eof = n < size;
      return (gssize)n;
    }

  for (;;)
    {
      g_autoptr (GError) local_error = NULL;
      GConverterResult res;
      gsize            n_read = 0, n_written = 0;

      if (r->finished)
        return 0;
      if (r->member_ended)
        {
          /* another member follows, or the file ends, or it is garbage */
          if (!reader_fill (r, 2, cancellable, error))
            return -1;
          if (r->in_len - r->in_pos == 0)
            {
              r->finished = TRUE;
              return 0;
            }
          if (r->in_len - r->in_pos >= 2 && r->in[r->in_pos] == 0x1f &&
              r->in[r->in_pos + 1] == 0x8b)
            {
              g_converter_reset (r->dec);
              r->member_ended = FALSE;
              continue;
            }
          r->trailing = r->file_size > reader_position_direct (r)
                            ? r->file_size - reader_position_direct (r)
                            : r->in_len - r->in_pos;
          r->finished = TRUE;
          return 0;
        }
      if (r->in_pos == r->in_len)
        {
          if (!reader_fill (r, 1, cancellable, error))
            return -1;
          if (r->in_len == 0)
            {
              g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                                   "the gzip data ends inside a member");
              return -1;
            }
        }
      res = g_converter_convert (r->dec, r->in + r->in_pos, r->in_len - r->in_pos, out, size,
                                 G_CONVERTER_NO_FLAGS, &n_read, &n_written, &local_error);
      if (res == G_CONVERTER_ERROR)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
            {
              /* the member needs bytes past the buffer */
              if (r->raw_eof)
                {
                  g_propagate_error (error, g_steal_pointer (&local_error));
                  return -1;
                }
              if (!reader_fill (r, r->in_len - r->in_pos + 1, cancellable, error))
                return -1;
              continue;
            }
          g_propagate_error (error, g_steal_pointer (&local_error));
          return -1;
        }
      r->in_pos += n_read;
      if (res == G_CONVERTER_FINISHED)
        {
          r->members++;
          r->member_ended = TRUE;
        }
      if (n_written > 0)
        return (gssize)n_written;
    }
}

static gssize
reader_read_all_direct (HpReader     *r,
                        guchar       *out,
                        gsize         size,
                        GCancellable *cancellable,
                        GError      **error)
{
  gsize done = 0;

  while (done < size)
    {
      gssize n = reader_read (r, out + done, size - done, cancellable, error);

      if (n < 0)
        return -1;
      if (n == 0)
        break;
      done += (gsize)n;
    }
  return (gssize)done;
}

/* The inflating thread: fills free blocks until the data ends, fails or
 * the reader stops it. */
static gpointer
pipe_thread (gpointer data)
{
  HpReaderPipe *pipe = data;
  HpReader     *r = pipe->reader;

  for (;;)
    {
      GError *local_error = NULL;
      guint   slot;
      gssize  n;

      g_mutex_lock (&pipe->lock);
      while (pipe->count == PIPE_SLOTS && !pipe->stop)
        g_cond_wait (&pipe->cond, &pipe->lock);
      if (pipe->stop)
        {
          pipe->done = TRUE;
          g_mutex_unlock (&pipe->lock);
          break;
        }
      slot = (pipe->head + pipe->count) % PIPE_SLOTS;
      g_mutex_unlock (&pipe->lock);

      /* the block is this thread's until it is counted */
      n = reader_read_all_direct (r, pipe->data[slot], PIPE_BLOCK, pipe->cancellable, &local_error);

      g_mutex_lock (&pipe->lock);
      if (n > 0)
        {
          pipe->len[slot] = (gsize)n;
          pipe->pos[slot] = reader_position_direct (r);
          pipe->count++;
        }
      if (n <= 0 || (gsize)n < PIPE_BLOCK)
        {
          /* a short block is the last one */
          if (n < 0)
            {
              pipe->error = local_error;
              pipe->error_pos = reader_position_direct (r);
            }
          pipe->done = TRUE;
        }
      g_cond_broadcast (&pipe->cond);
      n = pipe->done;
      g_mutex_unlock (&pipe->lock);
      if (n)
        break;
    }
  return NULL;
}

/**
 * _hp_reader_inflate_ahead:
 *
 * Moves the inflating of a gzip file to a thread of its own, which keeps a
 * few blocks ahead of the reader: parsing and inflating then share two
 * cores. Does nothing for a file that is not compressed, or when no thread
 * can be had.
 */
void
_hp_reader_inflate_ahead (HpReader     *r,
                          GCancellable *cancellable)
{
  HpReaderPipe *pipe;

  if (r->dec == NULL || r->pipe != NULL)
    return;
  pipe = g_new0 (HpReaderPipe, 1);
  g_mutex_init (&pipe->lock);
  g_cond_init (&pipe->cond);
  for (guint k = 0; k < PIPE_SLOTS; k++)
    pipe->data[k] = g_malloc (PIPE_BLOCK);
  pipe->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  pipe->position = reader_position_direct (r);
  r->pipe = pipe;
  /* the thread is given its pipe, never r->pipe, which
   * _hp_reader_clear() empties before it joins the thread */
  pipe->reader = r;
  pipe->thread = g_thread_try_new ("hp-inflate", pipe_thread, pipe, NULL);
  if (pipe->thread == NULL)
    {
      pipe->joined = TRUE;
      r->pipe = NULL;
      pipe_free (pipe);
    }
}

/* Fills @out as far as the data goes: yajl gets whole chunks. */
gssize
_hp_reader_read_all (HpReader     *r,
                     guchar       *out,
                     gsize         size,
                     GCancellable *cancellable,
                     GError      **error)
{
  HpReaderPipe *pipe = r->pipe;
  gsize         done = 0;

  if (pipe == NULL)
    return reader_read_all_direct (r, out, size, cancellable, error);

  while (done < size)
    {
      guint slot;
      gsize n;

      g_mutex_lock (&pipe->lock);
      while (pipe->count == 0 && !pipe->done)
        g_cond_wait (&pipe->cond, &pipe->lock);
      if (pipe->count == 0)
        {
          GError *failed = g_steal_pointer (&pipe->error);

          g_mutex_unlock (&pipe->lock);
          /* the thread has ended: its fields are the reader's again */
          pipe_join (pipe);
          if (failed != NULL)
            {
              pipe->position = pipe->error_pos;
              g_propagate_error (error, failed);
              return -1;
            }
          break;
        }
      slot = pipe->head;
      g_mutex_unlock (&pipe->lock);

      n = MIN (pipe->len[slot] - pipe->taken, size - done);
      memcpy (out + done, pipe->data[slot] + pipe->taken, n);
      done += n;
      pipe->taken += n;
      if (pipe->taken == pipe->len[slot])
        {
          pipe->position = pipe->pos[slot];
          pipe->taken = 0;
          g_mutex_lock (&pipe->lock);
          pipe->head = (pipe->head + 1) % PIPE_SLOTS;
          pipe->count--;
          g_cond_broadcast (&pipe->cond);
          g_mutex_unlock (&pipe->lock);
        }
    }
  return (gssize)done;
}
