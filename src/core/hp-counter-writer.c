/* hp-counter-writer.c — writes a rank's trace again with queue-length and bandwidth counters (docs/analyses.md §8.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <yajl/yajl_gen.h>
#include <yajl/yajl_parse.h>

#include "hp-analysis.h"
#include "hp-counter-writer.h"
#include "hp-memory-bw.h"
#include "hp-queue-length.h"
#include "hp-table.h"

#define CHUNK_SIZE (256 * 1024)
#define FLUSH_SIZE (256 * 1024)
#define SUFFIX "_with_counters"

/* The input is streamed through yajl and echoed token by token to a yajl
 * generator; when the traceEvents array closes, the counter events go in
 * first. Nothing but the current token is held in memory. */
typedef struct
{
  /* output */
  GOutputStream *out;
  GCancellable  *cancellable;
  char          *buf; /* FLUSH_SIZE bytes */
  gsize          buf_len;
  GError        *error;
  yajl_gen       gen;

  /* where the input is */
  int      depth;
  int      events_depth;  /* depth of the open traceEvents array, or 0 */
  gboolean key_is_events; /* the last key was traceEvents, in the root object */
  gboolean events_seen;

  /* what to add */
  gint64            min_ts;
  GArray           *queue;  /* HpQueuePoint, or NULL */
  HpMemoryBwSeries *memory; /* or NULL */
} Writer;

static void
flush (Writer *w)
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
  Writer *w = ctx;

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

static int
gen_ok (Writer         *w,
        yajl_gen_status status)
{
  if (status != yajl_gen_status_ok && w->error == NULL)
    g_set_error (&w->error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 "cannot write the JSON (%s)",
                 status == yajl_max_depth_exceeded ? "nested too deeply" : "generator error");
  return w->error == NULL;
}

/* a key or a string value */
static int
gen_str (Writer     *w,
         const char *text)
{
  return gen_ok (w, yajl_gen_string (w->gen, (const unsigned char *)text, strlen (text)));
}

/* a time in the raw time base, in us: exact, with up to three decimals */
static int
gen_ts (Writer *w,
        gint64  aligned_ns)
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
  return gen_ok (w, yajl_gen_number (w->gen, text, (size_t)len));
}

static int
gen_double (Writer *w,
            double  value)
{
  g_autofree char *text = NULL;

  if (!isfinite (value))
    return gen_ok (w, yajl_gen_null (w->gen));
  text = hp_format_double (value);
  return gen_ok (w, yajl_gen_number (w->gen, text, strlen (text)));
}

/* the counter events of docs/analyses.md §8.3: ph C, name, pid, ts (raw time base),
 * id = stream for queue length, args {"Queue Length"|"Memcpy BW": value} */
static int
emit_counters (Writer *w)
{
  for (guint i = 0; w->queue != NULL && i < w->queue->len; i++)
    {
      const HpQueuePoint *p = &g_array_index (w->queue, HpQueuePoint, i);

      if (!(gen_ok (w, yajl_gen_map_open (w->gen)) &&
            gen_str (w, "ph") && gen_str (w, "C") &&
            gen_str (w, "name") && gen_str (w, "Queue Length") &&
            gen_str (w, "pid") && gen_ok (w, yajl_gen_integer (w->gen, p->pid)) &&
            gen_str (w, "ts") && gen_ts (w, p->ts) &&
            gen_str (w, "id") && gen_ok (w, yajl_gen_integer (w->gen, p->stream)) &&
            gen_str (w, "args") && gen_ok (w, yajl_gen_map_open (w->gen)) &&
            gen_str (w, "Queue Length") && gen_ok (w, yajl_gen_integer (w->gen, p->queue_length)) &&
            gen_ok (w, yajl_gen_map_close (w->gen)) &&
            gen_ok (w, yajl_gen_map_close (w->gen))))
        return 0;
    }

  for (guint i = 0; w->memory != NULL && i < w->memory->points->len; i++)
    {
      const HpMemoryBwPoint *p = &g_array_index (w->memory->points, HpMemoryBwPoint, i);

      if (!(gen_ok (w, yajl_gen_map_open (w->gen)) &&
            gen_str (w, "ph") && gen_str (w, "C") &&
            gen_str (w, "name") && gen_str (w, w->memory->names->pdata[p->name]) &&
            gen_str (w, "pid") && gen_ok (w, yajl_gen_integer (w->gen, p->pid)) &&
            gen_str (w, "ts") && gen_ts (w, p->ts) &&
            gen_str (w, "args") && gen_ok (w, yajl_gen_map_open (w->gen)) &&
            gen_str (w, "Memcpy BW") && gen_double (w, p->memory_bw_gbps) &&
            gen_ok (w, yajl_gen_map_close (w->gen)) &&
            gen_ok (w, yajl_gen_map_close (w->gen))))
        return 0;
    }
  return 1;
}

/* ---------------------------------------------------------------------------
 * yajl callbacks: echo every token
 * ------------------------------------------------------------------------- */

static int
on_null (void *ctx)
{
  Writer *w = ctx;

  w->key_is_events = FALSE;
  return gen_ok (w, yajl_gen_null (w->gen));
}

static int
on_boolean (void *ctx,
            int   value)
{
  Writer *w = ctx;

  w->key_is_events = FALSE;
  return gen_ok (w, yajl_gen_bool (w->gen, value));
}

static int
on_number (void       *ctx,
           const char *text,
           size_t      len)
{
  Writer *w = ctx;

  /* the number's own text: nothing is lost or reformatted */
  w->key_is_events = FALSE;
  return gen_ok (w, yajl_gen_number (w->gen, text, len));
}

static int
on_string (void                *ctx,
           const unsigned char *text,
           size_t               len)
{
  Writer *w = ctx;

  w->key_is_events = FALSE;
  return gen_ok (w, yajl_gen_string (w->gen, text, len));
}

static int
on_start_map (void *ctx)
{
  Writer *w = ctx;

  w->key_is_events = FALSE;
  w->depth++;
  return gen_ok (w, yajl_gen_map_open (w->gen));
}

static int
on_map_key (void                *ctx,
            const unsigned char *key,
            size_t               len)
{
  Writer *w = ctx;

  w->key_is_events = w->depth == 1 && !w->events_seen && len == strlen ("traceEvents") &&
                     memcmp (key, "traceEvents", len) == 0;
  return gen_ok (w, yajl_gen_string (w->gen, key, len));
}

static int
on_end_map (void *ctx)
{
  Writer *w = ctx;

  w->depth--;
  return gen_ok (w, yajl_gen_map_close (w->gen));
}

static int
on_start_array (void *ctx)
{
  Writer *w = ctx;

  w->depth++;
  /* traceEvents, or a bare top-level array of events */
  if (!w->events_seen && (w->depth == 1 || w->key_is_events))
    {
      w->events_depth = w->depth;
      w->events_seen = TRUE;
    }
  w->key_is_events = FALSE;
  return gen_ok (w, yajl_gen_array_open (w->gen));
}

static int
on_end_array (void *ctx)
{
  Writer *w = ctx;

  if (w->depth == w->events_depth)
    {
      w->events_depth = 0;
      if (!emit_counters (w))
        return 0;
    }
  w->depth--;
  return gen_ok (w, yajl_gen_array_close (w->gen));
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

/**
 * hp_counter_writer_default_path:
 * @input_path: a trace file
 * @output_dir: (nullable): the folder to write to, or %NULL for the input's
 *
 * The name HTA gives the file with counters, `rank-0.json.gz` →
 * `rank-0_with_counters.json.gz`. Only the file name changes (HTA replaces
 * `.json` anywhere in the path, folders included).
 *
 * Returns: (transfer full): the output path
 */
char *
hp_counter_writer_default_path (const char *input_path,
                                const char *output_dir)
{
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *name = NULL;
  const char      *json;

  g_return_val_if_fail (input_path != NULL, NULL);

  dir = output_dir != NULL ? g_strdup (output_dir) : g_path_get_dirname (input_path);
  base = g_path_get_basename (input_path);
  json = g_strrstr (base, ".json");
  if (json != NULL)
    name = g_strdup_printf ("%.*s" SUFFIX "%s", (int)(json - base), base, json);
  else if (g_str_has_suffix (base, ".gz"))
    name = g_strdup_printf ("%.*s" SUFFIX ".gz", (int)strlen (base) - 3, base);
  else
    name = g_strconcat (base, SUFFIX ".json", NULL);
  return g_build_filename (dir, name, NULL);
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
echo_stream (Writer       *w,
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
 * hp_counter_writer_write:
 * @trace: a trace
 * @rank: the rank whose file is rewritten
 * @output_path: (nullable): where to write, or %NULL for
 *   hp_counter_writer_default_path() next to the input
 * @series_mask: the #HpCounterSeries to add
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * HTA's `generate_trace_with_counters` for one rank (docs/analyses.md §8.3):
 * re-reads the rank's original file and writes it again with one Chrome
 * counter event (`ph` "C") per point of the rank's queue-length and memory
 * bandwidth series appended to `traceEvents`. Counter times are in the raw
 * time base, in us, exact for ns-resolution traces. The input is streamed,
 * never held whole.
 *
 * The output is gzip-compressed iff its name ends in `.gz`. It is written to
 * a temporary file in the same folder and renamed at the end, so a failed
 * or cancelled write leaves nothing behind.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_DATA (no
 *   series: nothing written), %G_IO_ERROR_EXISTS (the output would replace
 *   the input), %G_IO_ERROR_CANCELLED, or the I/O or JSON error, naming the file
 */
gboolean
hp_counter_writer_write (HpTrace      *trace,
                         const HpRank *rank,
                         const char   *output_path,
                         guint         series_mask,
                         GCancellable *cancellable,
                         GError      **error)
{
  g_autofree char *out_path = NULL;
  g_autofree char *out_base = NULL;
  g_autoptr (GArray) queue = NULL;
  g_autoptr (HpMemoryBwSeries) memory = NULL;
  g_autoptr (GFile) input = NULL;
  g_autoptr (GFile) output = NULL;
  g_autoptr (GFile) temp = NULL;
  g_autoptr (GInputStream) in = NULL;
  g_autoptr (GFileOutputStream) file_out = NULL;
  g_autoptr (GOutputStream) out = NULL;
  g_autofree char *buf = NULL;
  g_autoptr (GError) local_error = NULL;
  Writer   w = { 0 };
  gboolean ok;

  g_return_val_if_fail (trace != NULL && rank != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  series_mask &= HP_COUNTER_SERIES_ALL;
  if (series_mask == 0)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_INVALID_PARAMETER,
                   "no counter series requested");
      return FALSE;
    }

  if (series_mask & HP_COUNTER_SERIES_QUEUE_LENGTH)
    {
      queue = hp_queue_length_series (trace, rank, cancellable, error);
      if (queue == NULL)
        return FALSE;
    }
  if (series_mask & HP_COUNTER_SERIES_MEMORY_BW)
    {
      memory = hp_memory_bw_series (trace, rank, cancellable, error);
      if (memory == NULL)
        return FALSE;
    }
  if ((queue == NULL || queue->len == 0) && (memory == NULL || memory->points->len == 0))
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                   "%s: rank %d has no queue-length or memory-bandwidth series; nothing written",
                   rank->basename, rank->rank);
      return FALSE;
    }

  out_path = output_path != NULL ? g_strdup (output_path)
                                 : hp_counter_writer_default_path (rank->path, NULL);
  out_base = g_path_get_basename (out_path);
  input = g_file_new_for_path (rank->path);
  output = g_file_new_for_path (out_path);
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
  w.min_ts = hp_trace_get_min_ts (trace);
  w.queue = queue;
  w.memory = memory;
  /* indented as HTA writes it; "key": value with a space also keeps the
   * file's rank visible to HTA's text scan (docs/trace-format.md §1.1) */
  w.gen = yajl_gen_alloc (NULL);
  yajl_gen_config (w.gen, yajl_gen_beautify, 1);
  yajl_gen_config (w.gen, yajl_gen_indent_string, "  ");
  yajl_gen_config (w.gen, yajl_gen_validate_utf8, 0);
  yajl_gen_config (w.gen, yajl_gen_print_callback, print_cb, &w);

  ok = echo_stream (&w, in, rank->basename, cancellable, error);
  yajl_gen_free (w.gen);
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
