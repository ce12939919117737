/* hp-trace-rewrite.c — streams a rank's trace file to a new file, token by token, with hooks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "hp-table.h"
#include "hp-trace-rewrite-private.h"

#define CHUNK_SIZE (256 * 1024)
#define FLUSH_SIZE (256 * 1024)

/* The input is streamed through yajl and echoed token by token to a yajl
 * generator; the hooks add keys to events, drop events (each element of
 * traceEvents is then held until it closes) and append events when the
 * traceEvents array closes. Nothing else is held in memory. */

static void
flush (HpRewrite *w)
{
  if (w->error == NULL && w->buf_len > 0)
    g_output_stream_write_all (w->out, w->buf, w->buf_len, NULL, w->cancellable, &w->error);
  w->buf_len = 0;
}

/* yajl prints in many small pieces (an indent, a quote): copy them into
 * one buffer and write it when full */
static void
print_cb (void       *ctx,
          const char *str,
          size_t      len)
{
  HpRewrite *w = ctx;

  if (G_UNLIKELY (w->buf_len + len > FLUSH_SIZE))
    {
      flush (w);
      if (len > FLUSH_SIZE)
        {
          if (w->error == NULL)
            g_output_stream_write_all (w->out, str, len, NULL, w->cancellable, &w->error);
          return;
        }
    }
  memcpy (w->buf + w->buf_len, str, len);
  w->buf_len += len;
}

static void
print_event_cb (void       *ctx,
                const char *str,
                size_t      len)
{
  HpRewrite *w = ctx;

  g_string_append_len (w->event_text, str, (gssize)len);
}

int
_hp_rewrite_ok (HpRewrite      *w,
                yajl_gen_status status)
{
  if (status != yajl_gen_status_ok && w->error == NULL)
    g_set_error (&w->error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 "cannot write the JSON (%s)",
                 status == yajl_max_depth_exceeded ? "nested too deeply" : "generator error");
  return w->error == NULL;
}

/* a key or a string value */
int
_hp_rewrite_str (HpRewrite  *w,
                 yajl_gen    gen,
                 const char *text)
{
  return _hp_rewrite_ok (w, yajl_gen_string (gen, (const unsigned char *)text, strlen (text)));
}

/* a time in the raw time base, in us: exact, with up to three decimals */
int
_hp_rewrite_ts (HpRewrite *w,
                yajl_gen   gen,
                gint64     aligned_ns)
{
  gint64  ns = aligned_ns + w->min_ts;
  guint64 mag = ns < 0 ? (guint64)0 - (guint64)ns : (guint64)ns;
  char    text[48];
  int     len;

  if (mag % HP_NS_PER_US == 0)
    len = g_snprintf (text, sizeof text, "%s%" G_GUINT64_FORMAT, ns < 0 ? "-" : "",
                      mag / HP_NS_PER_US);
  else
    {
      len = g_snprintf (text, sizeof text, "%s%" G_GUINT64_FORMAT ".%03u", ns < 0 ? "-" : "",
                        mag / HP_NS_PER_US, (guint)(mag % HP_NS_PER_US));
      while (text[len - 1] == '0')
        len--;
    }
  return _hp_rewrite_ok (w, yajl_gen_number (gen, text, (size_t)len));
}

int
_hp_rewrite_double (HpRewrite *w,
                    yajl_gen   gen,
                    double     value)
{
  g_autofree char *text = NULL;

  if (!isfinite (value))
    return _hp_rewrite_ok (w, yajl_gen_null (gen));
  text = hp_format_double (value);
  return _hp_rewrite_ok (w, yajl_gen_number (gen, text, strlen (text)));
}

/* ---------------------------------------------------------------------------
 * yajl callbacks: echo every token
 * ------------------------------------------------------------------------- */

static inline gboolean
at_event_depth (HpRewrite *w)
{
  return w->events_depth > 0 && w->depth == w->events_depth + 1;
}

/* a scalar value: a bare element of traceEvents still takes a position */
static void
scalar_seen (HpRewrite *w)
{
  w->key_is_events = FALSE;
  if (w->events_depth > 0 && w->depth == w->events_depth)
    w->n_events++;
}

static int
on_null (void *ctx)
{
  HpRewrite *w = ctx;

  scalar_seen (w);
  return _hp_rewrite_ok (w, yajl_gen_null (w->cur));
}

static int
on_boolean (void *ctx,
            int   value)
{
  HpRewrite *w = ctx;

  scalar_seen (w);
  return _hp_rewrite_ok (w, yajl_gen_bool (w->cur, value));
}

static int
on_number (void       *ctx,
           const char *text,
           size_t      len)
{
  HpRewrite *w = ctx;

  /* the number's own text: nothing is lost or reformatted */
  scalar_seen (w);
  return _hp_rewrite_ok (w, yajl_gen_number (w->cur, text, len));
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
  HpRewrite *w = ctx;

  scalar_seen (w);
  if (at_event_depth (w) && w->event_key != NULL)
    {
      if (strcmp (w->event_key, "ph") == 0)
        copy_value (w->event.ph, sizeof w->event.ph, (const char *)text, len);
      else if (strcmp (w->event_key, "cat") == 0)
        copy_value (w->event.cat, sizeof w->event.cat, (const char *)text, len);
    }
  return _hp_rewrite_ok (w, yajl_gen_string (w->cur, text, len));
}

static int
on_start_map (void *ctx)
{
  HpRewrite *w = ctx;

  w->key_is_events = FALSE;
  w->depth++;
  if (at_event_depth (w))
    {
      memset (&w->event, 0, sizeof w->event);
      w->event.position = w->n_events++;
      g_clear_pointer (&w->event_key, g_free);
      if (w->hooks->buffer_events)
        {
          yajl_gen_reset (w->event_gen, NULL);
          g_string_truncate (w->event_text, 0);
          w->cur = w->event_gen;
        }
    }
  else if (w->events_depth > 0 && w->depth == w->events_depth + 2 && g_strcmp0 (w->event_key, "args") == 0)
    {
      w->in_args = TRUE;
      w->event.has_args = TRUE;
    }
  return _hp_rewrite_ok (w, yajl_gen_map_open (w->cur));
}

static int
on_map_key (void                *ctx,
            const unsigned char *key,
            size_t               len)
{
  HpRewrite *w = ctx;

  w->key_is_events = w->depth == 1 && !w->events_seen && len == strlen ("traceEvents") &&
                     memcmp (key, "traceEvents", len) == 0;
  if (at_event_depth (w))
    {
      g_free (w->event_key);
      w->event_key = g_strndup ((const char *)key, len);
    }
  return _hp_rewrite_ok (w, yajl_gen_string (w->cur, key, len));
}

static int
on_end_map (void *ctx)
{
  HpRewrite *w = ctx;
  gboolean   keep = TRUE;

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
      if (w->error != NULL)
        return 0;
      g_clear_pointer (&w->event_key, g_free);
      if (w->hooks->buffer_events)
        {
          w->depth--;
          w->cur = w->gen;
          if (!_hp_rewrite_ok (w, yajl_gen_map_close (w->event_gen)))
            return 0;
          /* the whole event, as one token */
          return !keep || _hp_rewrite_ok (w, yajl_gen_number (w->gen, w->event_text->str, w->event_text->len));
        }
    }
  w->depth--;
  return _hp_rewrite_ok (w, yajl_gen_map_close (w->cur));
}

static int
on_start_array (void *ctx)
{
  HpRewrite *w = ctx;

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
  return _hp_rewrite_ok (w, yajl_gen_array_open (w->cur));
}

static int
on_end_array (void *ctx)
{
  HpRewrite *w = ctx;

  if (w->depth == w->events_depth)
    {
      w->events_depth = 0;
      if (w->hooks->append != NULL && !w->hooks->append (w))
        return 0;
    }
  w->depth--;
  return _hp_rewrite_ok (w, yajl_gen_array_close (w->cur));
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

/* ---------------------------------------------------------------------------
 * Files
 * ------------------------------------------------------------------------- */

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

static GInputStream *
open_input (GFile        *file,
            GCancellable *cancellable,
            GError      **error)
{
  g_autoptr (GFileInputStream) in = g_file_read (file, cancellable, error);
  guchar magic[2] = { 0 };
  gsize  got = 0;

  if (in == NULL)
    return NULL;
  if (!g_input_stream_read_all (G_INPUT_STREAM (in), magic, 2, &got, cancellable, error) ||
      !g_seekable_seek (G_SEEKABLE (in), 0, G_SEEK_SET, cancellable, error))
    return NULL;
  if (got == 2 && magic[0] == 0x1f && magic[1] == 0x8b)
    {
      g_autoptr (GZlibDecompressor) dec = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);

      return g_converter_input_stream_new (G_INPUT_STREAM (in), G_CONVERTER (dec));
    }
  return G_INPUT_STREAM (g_steal_pointer (&in));
}

/* a new file next to @target, created exclusively */
static GFileOutputStream *
create_temp (GFile        *target,
             GFile       **temp,
             GCancellable *cancellable,
             GError      **error)
{
  g_autoptr (GFile) dir = g_file_get_parent (target);
  g_autofree char *base = g_file_get_basename (target);

  for (guint attempt = 0;; attempt++)
    {
      g_autofree char *name = g_strdup_printf (".%s.%06x.tmp", base, g_random_int () & 0xffffff);
      g_autoptr (GFile) file = g_file_get_child (dir, name);
      g_autoptr (GError) local_error = NULL;
      GFileOutputStream *out = g_file_create (file, G_FILE_CREATE_NONE, cancellable, &local_error);

      if (out != NULL)
        {
          *temp = g_steal_pointer (&file);
          return out;
        }
      if (attempt >= 100 || !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
}

/* streams @in through the echo into w->out; FALSE with @error set */
static gboolean
echo_stream (HpRewrite    *w,
             GInputStream *in,
             const char   *basename,
             GCancellable *cancellable,
             GError      **error)
{
  g_autofree guchar *chunk = g_malloc (CHUNK_SIZE);
  yajl_handle        yh = yajl_alloc (&echo_callbacks, NULL, w);
  guint64            done = 0;
  gboolean           ok = TRUE;

  yajl_config (yh, yajl_dont_validate_strings, 1);
  for (;;)
    {
      g_autoptr (GError) local_error = NULL;
      gssize      n = g_input_stream_read (in, chunk, CHUNK_SIZE, cancellable, &local_error);
      yajl_status st;

      if (n < 0)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", basename);
          ok = FALSE;
          break;
        }
      st = n == 0 ? yajl_complete_parse (yh) : yajl_parse (yh, chunk, (size_t)n);
      if (w->error != NULL)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&w->error), "%s: ", basename);
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

  if (ok && !w->events_seen)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s: not a trace: no traceEvents array", basename);
      ok = FALSE;
    }
  if (ok)
    {
      flush (w);
      if (w->error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&w->error));
          ok = FALSE;
        }
    }
  return ok;
}

/**
 * _hp_rewrite_file:
 * @rank: the rank whose file is read again
 * @out_path: where to write; gzip-compressed iff it ends in `.gz`
 * @min_ts: the trace's first time (aligned + @min_ts = the file's time)
 * @hooks: what to change
 * @user_data: for the hooks, as rw->user_data
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Streams the rank's file through @hooks into @out_path, written to a
 * temporary file in the same folder and renamed at the end, so a failed or
 * cancelled write leaves nothing behind.
 *
 * Returns: %TRUE on success; %FALSE with %G_IO_ERROR_EXISTS (the output
 *   would replace the input), %G_IO_ERROR_CANCELLED, or the I/O or JSON
 *   error, naming the file
 */
gboolean
_hp_rewrite_file (const HpRank         *rank,
                  const char           *out_path,
                  gint64                min_ts,
                  const HpRewriteHooks *hooks,
                  gpointer              user_data,
                  GCancellable         *cancellable,
                  GError              **error)
{
  g_autofree char *out_base = g_path_get_basename (out_path);
  g_autoptr (GFile) input = g_file_new_for_path (rank->path);
  g_autoptr (GFile) output = g_file_new_for_path (out_path);
  g_autoptr (GFile) temp = NULL;
  g_autoptr (GInputStream) in = NULL;
  g_autoptr (GFileOutputStream) file_out = NULL;
  g_autoptr (GOutputStream) out = NULL;
  g_autofree char *buf = NULL;
  g_autoptr (GError) local_error = NULL;
  HpRewrite w = { 0 };
  gboolean  ok;

  if (is_same_file (input, output, cancellable))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS,
                   "%s: the output would overwrite the input trace", out_base);
      return FALSE;
    }

  in = open_input (input, cancellable, &local_error);
  if (in == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", rank->basename);
      return FALSE;
    }
  file_out = create_temp (output, &temp, cancellable, &local_error);
  if (file_out == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", out_base);
      return FALSE;
    }
  if (g_str_has_suffix (out_path, ".gz"))
    {
      g_autoptr (GZlibCompressor) comp = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);

      out = g_converter_output_stream_new (G_OUTPUT_STREAM (file_out), G_CONVERTER (comp));
    }
  else
    out = g_object_ref (G_OUTPUT_STREAM (file_out));

  buf = g_malloc (FLUSH_SIZE);
  w.out = out;
  w.cancellable = cancellable;
  w.buf = buf;
  w.min_ts = min_ts;
  w.hooks = hooks;
  w.user_data = user_data;
  /* indented as HTA writes it; "key": value with a space also keeps the
   * file's rank visible to HTA's text scan (docs/trace-format.md §1.1) */
  w.gen = yajl_gen_alloc (NULL);
  yajl_gen_config (w.gen, yajl_gen_beautify, 1);
  yajl_gen_config (w.gen, yajl_gen_indent_string, "  ");
  yajl_gen_config (w.gen, yajl_gen_validate_utf8, 0);
  yajl_gen_config (w.gen, yajl_gen_print_callback, print_cb, &w);
  w.cur = w.gen;
  if (hooks->buffer_events)
    {
      w.event_text = g_string_new (NULL);
      w.event_gen = yajl_gen_alloc (NULL);
      yajl_gen_config (w.event_gen, yajl_gen_validate_utf8, 0);
      yajl_gen_config (w.event_gen, yajl_gen_print_callback, print_event_cb, &w);
    }

  ok = echo_stream (&w, in, rank->basename, cancellable, error);
  yajl_gen_free (w.gen);
  if (w.event_gen != NULL)
    yajl_gen_free (w.event_gen);
  if (w.event_text != NULL)
    g_string_free (w.event_text, TRUE);
  g_free (w.event_key);
  g_clear_error (&w.error);

  if (ok && !g_output_stream_close (out, cancellable, &local_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", out_base);
      ok = FALSE;
    }
  if (ok && !g_file_move (temp, output, G_FILE_COPY_OVERWRITE | G_FILE_COPY_NO_FALLBACK_FOR_MOVE,
                          cancellable, NULL, NULL, &local_error))
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", out_base);
      ok = FALSE;
    }
  if (!ok)
    {
      g_output_stream_close (out, NULL, NULL);
      g_file_delete (temp, NULL, NULL);
    }
  return ok;
}
