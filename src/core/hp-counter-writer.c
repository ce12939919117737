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
#include "hp-trace-rewrite-private.h"

#define SUFFIX "_with_counters"

/* The input is streamed through yajl and echoed token by token to a yajl
 * generator; when the traceEvents array closes, the counter events go in
 * first. Nothing but the current token is held in memory. */
typedef struct
{
  HpRewriteSink sink;

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

static int
gen_ok (Writer         *w,
        yajl_gen_status status)
{
  return _hp_rewrite_gen_ok (&w->sink, status);
}

/* a key or a string value */
static int
gen_str (Writer     *w,
         const char *text)
{
  return gen_ok (w, yajl_gen_string (w->sink.gen, (const unsigned char *)text, strlen (text)));
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
  return gen_ok (w, yajl_gen_number (w->sink.gen, text, (size_t)len));
}

static int
gen_double (Writer *w,
            double  value)
{
  g_autofree char *text = NULL;

  if (!isfinite (value))
    return gen_ok (w, yajl_gen_null (w->sink.gen));
  text = hp_format_double (value);
  return gen_ok (w, yajl_gen_number (w->sink.gen, text, strlen (text)));
}

/* the counter events of docs/analyses.md §8.3: ph C, name, pid, ts (raw time base),
 * id = stream for queue length, args {"Queue Length"|"Memcpy BW": value} */
static int
emit_counters (Writer *w)
{
  for (guint i = 0; w->queue != NULL && i < w->queue->len; i++)
    {
      const HpQueuePoint *p = &g_array_index (w->queue, HpQueuePoint, i);

      if (!(gen_ok (w, yajl_gen_map_open (w->sink.gen)) &&
            gen_str (w, "ph") && gen_str (w, "C") &&
            gen_str (w, "name") && gen_str (w, "Queue Length") &&
            gen_str (w, "pid") && gen_ok (w, yajl_gen_integer (w->sink.gen, p->pid)) &&
            gen_str (w, "ts") && gen_ts (w, p->ts) &&
            gen_str (w, "id") && gen_ok (w, yajl_gen_integer (w->sink.gen, p->stream)) &&
            gen_str (w, "args") && gen_ok (w, yajl_gen_map_open (w->sink.gen)) &&
            gen_str (w, "Queue Length") && gen_ok (w, yajl_gen_integer (w->sink.gen, p->queue_length)) &&
            gen_ok (w, yajl_gen_map_close (w->sink.gen)) &&
            gen_ok (w, yajl_gen_map_close (w->sink.gen))))
        return 0;
    }

  for (guint i = 0; w->memory != NULL && i < w->memory->points->len; i++)
    {
      const HpMemoryBwPoint *p = &g_array_index (w->memory->points, HpMemoryBwPoint, i);

      if (!(gen_ok (w, yajl_gen_map_open (w->sink.gen)) &&
            gen_str (w, "ph") && gen_str (w, "C") &&
            gen_str (w, "name") && gen_str (w, w->memory->names->pdata[p->name]) &&
            gen_str (w, "pid") && gen_ok (w, yajl_gen_integer (w->sink.gen, p->pid)) &&
            gen_str (w, "ts") && gen_ts (w, p->ts) &&
            gen_str (w, "args") && gen_ok (w, yajl_gen_map_open (w->sink.gen)) &&
            gen_str (w, "Memcpy BW") && gen_double (w, p->memory_bw_gbps) &&
            gen_ok (w, yajl_gen_map_close (w->sink.gen)) &&
            gen_ok (w, yajl_gen_map_close (w->sink.gen))))
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
  return gen_ok (w, yajl_gen_null (w->sink.gen));
}

static int
on_boolean (void *ctx,
            int   value)
{
  Writer *w = ctx;

  w->key_is_events = FALSE;
  return gen_ok (w, yajl_gen_bool (w->sink.gen, value));
}

static int
on_number (void       *ctx,
           const char *text,
           size_t      len)
{
  Writer *w = ctx;

  /* the number's own text: nothing is lost or reformatted */
  w->key_is_events = FALSE;
  return gen_ok (w, yajl_gen_number (w->sink.gen, text, len));
}

static int
on_string (void                *ctx,
           const unsigned char *text,
           size_t               len)
{
  Writer *w = ctx;

  w->key_is_events = FALSE;
  return gen_ok (w, yajl_gen_string (w->sink.gen, text, len));
}

static int
on_start_map (void *ctx)
{
  Writer *w = ctx;

  w->key_is_events = FALSE;
  w->depth++;
  return gen_ok (w, yajl_gen_map_open (w->sink.gen));
}

static int
on_map_key (void                *ctx,
            const unsigned char *key,
            size_t               len)
{
  Writer *w = ctx;

  w->key_is_events = w->depth == 1 && !w->events_seen && len == strlen ("traceEvents") &&
                     memcmp (key, "traceEvents", len) == 0;
  return gen_ok (w, yajl_gen_string (w->sink.gen, key, len));
}

static int
on_end_map (void *ctx)
{
  Writer *w = ctx;

  w->depth--;
  return gen_ok (w, yajl_gen_map_close (w->sink.gen));
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
  return gen_ok (w, yajl_gen_array_open (w->sink.gen));
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
  return gen_ok (w, yajl_gen_array_close (w->sink.gen));
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
  g_autoptr (GArray) queue = NULL;
  g_autoptr (HpMemoryBwSeries) memory = NULL;
  HpRewriteFiles files;
  Writer         w = { 0 };
  gboolean       ok;

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
                   rank->path, rank->rank);
      return FALSE;
    }

  out_path = output_path != NULL ? g_strdup (output_path)
                                 : hp_counter_writer_default_path (rank->path, NULL);
  if (!_hp_rewrite_open (&files, rank, out_path, cancellable, error))
    {
      _hp_rewrite_files_clear (&files);
      return FALSE;
    }

  _hp_rewrite_sink_init (&w.sink, files.out, cancellable);
  w.min_ts = hp_trace_get_min_ts (trace);
  w.queue = queue;
  w.memory = memory;
  ok = _hp_rewrite_stream (&w.sink, &files, &echo_callbacks, &w, rank->path, cancellable,
                           error);
  ok = _hp_rewrite_finish (&w.sink, ok, w.events_seen, rank->path, files.out_base, error);
  ok = _hp_rewrite_close (&files, ok, cancellable, error);
  _hp_rewrite_files_clear (&files);
  return ok;
}
