/* hp-counter-writer.c — writes a rank's trace again with queue-length and bandwidth counters (docs/analyses.md §8.3).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <yajl/yajl_gen.h>

#include "hp-analysis.h"
#include "hp-counter-writer.h"
#include "hp-memory-bw.h"
#include "hp-queue-length.h"
#include "hp-table.h"
#include "hp-trace-echo-private.h"

#define SUFFIX "_with_counters"

/* what the counters come from; the echo (hp-trace-echo.c) streams the
 * input through yajl token by token and, when the traceEvents array
 * closes, counter_append() writes them. Nothing but the current token is
 * held in memory. */
typedef struct
{
  GArray           *queue;  /* HpQueuePoint, or NULL */
  HpMemoryBwSeries *memory; /* or NULL */
} Counters;

/* a key or a string value */
static int
gen_str (HpEcho     *rw,
         const char *text)
{
  return _hp_echo_str (rw, rw->gen, text);
}

/* a time in the raw time base, in us: exact, with up to three decimals */
static int
gen_ts (HpEcho *rw,
        gint64  aligned_ns)
{
  gint64  ns = aligned_ns + rw->min_ts;
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
  return _hp_echo_ok (rw, yajl_gen_number (rw->gen, text, (size_t)len));
}

static int
gen_double (HpEcho *rw,
            double  value)
{
  g_autofree char *text = NULL;

  if (!isfinite (value))
    return _hp_echo_ok (rw, yajl_gen_null (rw->gen));
  text = hp_format_double (value);
  return _hp_echo_ok (rw, yajl_gen_number (rw->gen, text, strlen (text)));
}

/* the counter events of docs/analyses.md §8.3: ph C, name, pid, ts (raw time base),
 * id = stream for queue length, args {"Queue Length"|"Memcpy BW": value} */
static int
counter_append (HpEcho *rw)
{
  Counters *c = rw->user_data;
  yajl_gen  g = rw->gen;

  for (guint i = 0; c->queue != NULL && i < c->queue->len; i++)
    {
      const HpQueuePoint *p = &g_array_index (c->queue, HpQueuePoint, i);

      if (!(_hp_echo_ok (rw, yajl_gen_map_open (g)) &&
            gen_str (rw, "ph") && gen_str (rw, "C") &&
            gen_str (rw, "name") && gen_str (rw, "Queue Length") &&
            gen_str (rw, "pid") && _hp_echo_ok (rw, yajl_gen_integer (g, p->pid)) &&
            gen_str (rw, "ts") && gen_ts (rw, p->ts) &&
            gen_str (rw, "id") && _hp_echo_ok (rw, yajl_gen_integer (g, p->stream)) &&
            gen_str (rw, "args") && _hp_echo_ok (rw, yajl_gen_map_open (g)) &&
            gen_str (rw, "Queue Length") && _hp_echo_ok (rw, yajl_gen_integer (g, p->queue_length)) &&
            _hp_echo_ok (rw, yajl_gen_map_close (g)) &&
            _hp_echo_ok (rw, yajl_gen_map_close (g))))
        return 0;
    }

  for (guint i = 0; c->memory != NULL && i < c->memory->points->len; i++)
    {
      const HpMemoryBwPoint *p = &g_array_index (c->memory->points, HpMemoryBwPoint, i);

      if (!(_hp_echo_ok (rw, yajl_gen_map_open (g)) &&
            gen_str (rw, "ph") && gen_str (rw, "C") &&
            gen_str (rw, "name") && gen_str (rw, c->memory->names->pdata[p->name]) &&
            gen_str (rw, "pid") && _hp_echo_ok (rw, yajl_gen_integer (g, p->pid)) &&
            gen_str (rw, "ts") && gen_ts (rw, p->ts) &&
            gen_str (rw, "args") && _hp_echo_ok (rw, yajl_gen_map_open (g)) &&
            gen_str (rw, "Memcpy BW") && gen_double (rw, p->memory_bw_gbps) &&
            _hp_echo_ok (rw, yajl_gen_map_close (g)) &&
            _hp_echo_ok (rw, yajl_gen_map_close (g))))
        return 0;
    }
  return 1;
}

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
  HpEchoHooks hooks = { counter_append, FALSE, NULL, NULL, NULL };
  Counters    counters = { 0 };

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
  counters.queue = queue;
  counters.memory = memory;
  return _hp_echo_file (rank, out_path, rank->path, hp_trace_get_min_ts (trace), &hooks, &counters, cancellable,
                        error);
}
