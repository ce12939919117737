/* hp-trace-rewrite.c — streaming a rank's trace file into a new file, for the writers of core.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-gzip-private.h"
#include "hp-trace-rewrite-private.h"

#define CHUNK_SIZE (256 * 1024)
#define FLUSH_SIZE (256 * 1024)

void
_hp_rewrite_sink_flush (HpRewriteSink *sink)
{
  if (sink->error == NULL && sink->buf_len > 0)
    g_output_stream_write_all (sink->out, sink->buf, sink->buf_len, NULL, sink->cancellable,
                               &sink->error);
  sink->buf_len = 0;
}

static void
print_cb (void       *ctx,
          const char *str,
          size_t      len)
{
  HpRewriteSink *sink = ctx;

  if (G_UNLIKELY (sink->buf_len + len > FLUSH_SIZE))
    {
      _hp_rewrite_sink_flush (sink);
      if (len > FLUSH_SIZE)
        {
          if (sink->error == NULL)
            g_output_stream_write_all (sink->out, str, len, NULL, sink->cancellable, &sink->error);
          return;
        }
    }
  /* the generator prints a token in pieces of one or two bytes (commas,
   * quotes, newlines, indents): copies of a known size need no call */
  switch (len)
    {
    case 1:
      sink->buf[sink->buf_len] = str[0];
      break;
    case 2:
      memcpy (sink->buf + sink->buf_len, str, 2);
      break;
    case 3:
      memcpy (sink->buf + sink->buf_len, str, 3);
      break;
    case 4:
      memcpy (sink->buf + sink->buf_len, str, 4);
      break;
    default:
      memcpy (sink->buf + sink->buf_len, str, len);
    }
  sink->buf_len += len;
}

/* indented as HTA writes it; "key": value with a space also keeps the
 * file's rank visible to HTA's text scan (docs/trace-format.md §1.1) */
void
_hp_rewrite_sink_init (HpRewriteSink *sink,
                       GOutputStream *out,
                       GCancellable  *cancellable)
{
  memset (sink, 0, sizeof *sink);
  sink->out = out;
  sink->cancellable = cancellable;
  sink->buf = g_malloc (FLUSH_SIZE);
  sink->gen = yajl_gen_alloc (NULL);
  yajl_gen_config (sink->gen, yajl_gen_beautify, 1);
  yajl_gen_config (sink->gen, yajl_gen_indent_string, "  ");
  yajl_gen_config (sink->gen, yajl_gen_validate_utf8, 0);
  yajl_gen_config (sink->gen, yajl_gen_print_callback, print_cb, sink);
}

void
_hp_rewrite_sink_clear (HpRewriteSink *sink)
{
  g_clear_pointer (&sink->gen, yajl_gen_free);
  g_clear_pointer (&sink->buf, g_free);
  g_clear_error (&sink->error);
}

int
_hp_rewrite_gen_ok (HpRewriteSink  *sink,
                    yajl_gen_status status)
{
  if (status != yajl_gen_status_ok && sink->error == NULL)
    g_set_error (&sink->error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 "cannot write the JSON (%s)",
                 status == yajl_max_depth_exceeded ? "nested too deeply" : "generator error");
  return sink->error == NULL;
}

/* what a rewrite says when the input is not the file that was loaded */
static void
set_changed_error (GError    **error,
                   const char *path,
                   const char *what)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               "%s: the file changed since it was loaded (%s); load it again before writing from it", path,
               what);
}

/* the input as it was loaded: the same size and modification time at
 * the start, the same bytes at the end */
static gboolean
check_input_unchanged (HpRewriteFiles *files,
                       gboolean        at_end,
                       GError        **error)
{
  const HpRank *rank = files->rank;

  if (!at_end)
    {
      if (files->in.file_size != rank->file_bytes)
        set_changed_error (error, rank->path, "its size differs");
      else if (files->in.file_mtime_us != rank->file_mtime_us)
        set_changed_error (error, rank->path, "its modification time differs");
      else
        return TRUE;
      return FALSE;
    }
  if (_hp_checksum_finish (&files->in.sum) != rank->file_checksum)
    {
      set_changed_error (error, rank->path, "its contents differ");
      return FALSE;
    }
  return TRUE;
}

/* parses the input of @files with @callbacks, which write to @sink; FALSE
 * with @error set, naming @basename. The input must be the bytes that were
 * loaded, else the output would mix two files. */
gboolean
_hp_rewrite_stream (HpRewriteSink        *sink,
                    HpRewriteFiles       *files,
                    const yajl_callbacks *callbacks,
                    gpointer              ctx,
                    const char           *basename,
                    GCancellable         *cancellable,
                    GError              **error)
{
  g_autofree guchar *chunk = g_malloc (CHUNK_SIZE);
  yajl_handle        yh = yajl_alloc (callbacks, NULL, ctx);
  guint64            done = 0;
  gboolean           ok = TRUE;

  yajl_config (yh, yajl_dont_validate_strings, 1);
  for (;;)
    {
      g_autoptr (GError) local_error = NULL;
      gssize      n = _hp_reader_read_all (&files->in, chunk, CHUNK_SIZE, cancellable, &local_error);
      yajl_status st;

      if (n < 0)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", basename);
          ok = FALSE;
          break;
        }
      if (n == 0 && !check_input_unchanged (files, TRUE, error))
        {
          ok = FALSE;
          break;
        }
      st = n == 0 ? yajl_complete_parse (yh) : yajl_parse (yh, chunk, (size_t)n);
      if (sink->error != NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&sink->error), "%s: ", basename);
          ok = FALSE;
          break;
        }
      if (st != yajl_status_ok)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s: not valid JSON near byte %" G_GUINT64_FORMAT, basename,
                       done + (guint64)yajl_get_bytes_consumed (yh));
          ok = FALSE;
          break;
        }
      if (n == 0)
        break;
      done += (guint64)n;
    }
  yajl_free (yh);
  return ok;
}

/**
 * _hp_rewrite_finish:
 * @ok: whether the stream went through
 * @events_seen: whether it had a traceEvents array
 * @basename: the input's name, for its errors
 * @out_base: the output's name, for its errors
 *
 * Flushes what the sink holds and frees it.
 *
 * Returns: %FALSE with @error set when @ok was, when the input was not a
 *   trace, or when the last write failed
 */
gboolean
_hp_rewrite_finish (HpRewriteSink *sink,
                    gboolean       ok,
                    gboolean       events_seen,
                    const char    *basename,
                    const char    *out_base,
                    GError       **error)
{
  if (ok && !events_seen)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: not a trace: no traceEvents array", basename);
      ok = FALSE;
    }
  if (ok)
    {
      _hp_rewrite_sink_flush (sink);
      if (sink->error != NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&sink->error), "%s: ", out_base);
          ok = FALSE;
        }
    }
  _hp_rewrite_sink_clear (sink);
  return ok;
}

static char *
file_id (GFile        *file,
         GCancellable *cancellable)
{
  g_autoptr (GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_ID_FILE,
                                                  G_FILE_QUERY_INFO_NONE, cancellable, NULL);

  if (info == NULL)
    return NULL;
  return g_strdup (g_file_info_get_attribute_string (info, G_FILE_ATTRIBUTE_ID_FILE));
}

/* the same path, or an existing name of the same file (link) */
static gboolean
is_same_file (GFile        *a,
              GFile        *b,
              GCancellable *cancellable)
{
  g_autofree char *id_a = NULL;
  g_autofree char *id_b = NULL;

  if (g_file_equal (a, b))
    return TRUE;
  id_a = file_id (a, cancellable);
  id_b = id_a != NULL ? file_id (b, cancellable) : NULL;
  return id_a != NULL && id_b != NULL && strcmp (id_a, id_b) == 0;
}

/**
 * _hp_rewrite_open:
 *
 * Opens @rank's file (gzip or not) and a temporary file next to
 * @output_path, gzip-compressed iff the name ends in `.gz`. Refuses to
 * write over the input.
 *
 * Returns: %FALSE with @error naming the file
 */
gboolean
_hp_rewrite_open (HpRewriteFiles *files,
                  const HpRank   *rank,
                  const char     *output_path,
                  GCancellable   *cancellable,
                  GError        **error)
{
  g_autoptr (GFile) input = g_file_new_for_path (rank->path);
  g_autoptr (GError) local_error = NULL;

  memset (files, 0, sizeof *files);
  files->out_base = g_path_get_basename (output_path);
  files->output = g_file_new_for_path (output_path);
  if (is_same_file (input, files->output, cancellable))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   "%s: the output would overwrite the input trace", files->out_base);
      return FALSE;
    }

  files->rank = rank;
  files->in_open = _hp_reader_open (&files->in, rank->path, rank->path, cancellable, &local_error);
  if (!files->in_open)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (!check_input_unchanged (files, FALSE, error))
    return FALSE;
  files->file = hp_output_file_open (output_path, cancellable, error);
  if (files->file == NULL)
    return FALSE;
  if (g_str_has_suffix (output_path, ".gz"))
    {
      g_autoptr (GConverter) comp = _hp_gzip_compressor_new ();

      files->out = g_converter_output_stream_new (hp_output_file_get_stream (files->file), comp);
    }
  else
    files->out = g_object_ref (hp_output_file_get_stream (files->file));
  return TRUE;
}

/**
 * _hp_rewrite_close:
 * @ok: whether everything was written
 *
 * Closes the output and renames it to its name when @ok, else deletes it,
 * so a failed or cancelled write leaves nothing behind.
 */
gboolean
_hp_rewrite_close (HpRewriteFiles *files,
                   gboolean        ok,
                   GCancellable   *cancellable,
                   GError        **error)
{
  g_autoptr (GError) local_error = NULL;

  if (ok && !g_output_stream_close (files->out, cancellable, &local_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", files->out_base);
      ok = FALSE;
    }
  if (ok && !hp_output_file_commit (files->file, cancellable, error))
    ok = FALSE;
  if (!ok && files->out != NULL)
    g_output_stream_close (files->out, NULL, NULL);
  /* an uncommitted file deletes its temporary file */
  g_clear_pointer (&files->file, hp_output_file_free);
  return ok;
}

void
_hp_rewrite_files_clear (HpRewriteFiles *files)
{
  _hp_reader_clear (&files->in);
  files->in_open = FALSE;
  g_clear_object (&files->out);
  g_clear_pointer (&files->file, hp_output_file_free);
  g_clear_object (&files->output);
  g_clear_pointer (&files->out_base, g_free);
}
