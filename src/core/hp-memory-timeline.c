/* hp-memory-timeline.c — the profiler's raw memory-timeline export by category (docs/analyses.md §13).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "hp-core-private.h"
#include "hp-gzip-private.h"
#include "hp-load-error.h"
#include "hp-memory-timeline.h"

#define CHUNK_SIZE (256 * 1024)

/* PyTorch's memory categories, in the export's index order */
static const char *const category_names[HP_MEMORY_TIMELINE_N_CATEGORIES] = {
  "Parameter",
  "Optimizer state",
  "Input",
  "Temporary",
  "Activation",
  "Gradient",
  "Autograd",
  "Unknown",
};

/* one record: [timestamp_ns, action, numbytes, category] */
typedef struct
{
  gint64 ts;
  gint64 bytes;
  int    category;
} Record;

typedef struct
{
  const char *basename;
  int         depth;
  guint       n_values; /* in the current record */
  gint64      values[4];
  GArray     *records;
  char       *problem; /* why the text is not an export */
} Reader;

static int
on_number (Reader *rd,
           gint64  v)
{
  if (rd->depth != 2)
    {
      rd->problem = g_strdup ("a number outside a record");
      return 0;
    }
  if (rd->n_values < 4)
    rd->values[rd->n_values] = v;
  rd->n_values++;
  return 1;
}

static int
on_integer (void     *ctx,
            long long v)
{
  return on_number (ctx, (gint64)v);
}

static int
on_double (void  *ctx,
           double v)
{
  return on_number (ctx, (gint64)v);
}

static int
on_start_array (void *ctx)
{
  Reader *rd = ctx;

  if (++rd->depth > 2)
    {
      rd->problem = g_strdup ("records nested deeper than [[…]]");
      return 0;
    }
  rd->n_values = 0;
  return 1;
}

static int
on_end_array (void *ctx)
{
  Reader *rd = ctx;

  if (rd->depth == 2)
    {
      Record r;

      if (rd->n_values != 4)
        {
          rd->problem = g_strdup_printf ("record %u has %u values, not [time, action, bytes, category]",
                                         rd->records->len + 1, rd->n_values);
          return 0;
        }
      if (rd->values[3] < 0 || rd->values[3] >= HP_MEMORY_TIMELINE_N_CATEGORIES)
        {
          rd->problem = g_strdup_printf ("record %u has category %" G_GINT64_FORMAT ", not 0 to 7",
                                         rd->records->len + 1, rd->values[3]);
          return 0;
        }
      r = (Record){ rd->values[0], rd->values[2], (int)rd->values[3] };
      g_array_append_val (rd->records, r);
    }
  rd->depth--;
  return 1;
}

static int
on_other (void *ctx)
{
  ((Reader *)ctx)->problem = g_strdup ("a value other than numbers and arrays");
  return 0;
}

static int
on_string (void                *ctx,
           const unsigned char *s,
           size_t               len)
{
  return on_other (ctx);
}

static int
on_boolean (void *ctx,
            int   b)
{
  return on_other (ctx);
}

static int
on_map_key (void                *ctx,
            const unsigned char *s,
            size_t               len)
{
  return on_other (ctx);
}

static const yajl_callbacks callbacks = {
  .yajl_null = on_other,
  .yajl_boolean = on_boolean,
  .yajl_integer = on_integer,
  .yajl_double = on_double,
  .yajl_string = on_string,
  .yajl_start_map = on_other,
  .yajl_map_key = on_map_key,
  .yajl_end_map = on_other,
  .yajl_start_array = on_start_array,
  .yajl_end_array = on_end_array,
};

/**
 * hp_memory_timeline_is_export:
 * @path: a file name
 *
 * Returns: whether @path is named as PyTorch names its raw memory-timeline
 *   exports (`*.raw.json.gz`, `*.raw.gz`, `*.raw.json`)
 */
gboolean
hp_memory_timeline_is_export (const char *path)
{
  g_return_val_if_fail (path != NULL, FALSE);

  return g_str_has_suffix (path, ".raw.json.gz") || g_str_has_suffix (path, ".raw.gz") ||
         g_str_has_suffix (path, ".raw.json");
}

/* The export, through gzip when it starts with gzip's magic bytes (HTA
 * always reads it with gzip; PyTorch writes `.raw.json` plain too) */
static GInputStream *
open_export (const char   *path,
             const char   *basename,
             GCancellable *cancellable,
             GError      **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInputStream) in = NULL;
  g_autoptr (GError) local_error = NULL;
  guchar magic[2] = { 0 };
  gsize  got = 0;

  in = g_file_read (file, cancellable, &local_error);
  if (in == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, HP_LOAD_ERROR,
                     g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND) ? HP_LOAD_ERROR_NOT_FOUND
                                                                                     : HP_LOAD_ERROR_UNREADABLE,
                     "%s: cannot be read: %s", basename, local_error->message);
      return NULL;
    }
  if (!g_input_stream_read_all (G_INPUT_STREAM (in), magic, 2, &got, cancellable, &local_error) ||
      !g_seekable_seek (G_SEEKABLE (in), 0, G_SEEK_SET, cancellable, &local_error))
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: cannot be read: %s", basename,
                   local_error->message);
      return NULL;
    }
  if (got == 2 && magic[0] == 0x1f && magic[1] == 0x8b)
    {
      g_autoptr (GConverter) dec = _hp_gzip_decompressor_new ();

      return g_converter_input_stream_new (G_INPUT_STREAM (in), dec);
    }
  return G_INPUT_STREAM (g_steal_pointer (&in));
}

static GArray *
read_records (const char   *path,
              GCancellable *cancellable,
              GError      **error)
{
  g_autofree char *basename = g_path_get_basename (path);
  g_autoptr (GInputStream) in = NULL;
  g_autoptr (GArray) records = g_array_new (FALSE, FALSE, sizeof (Record));
  g_autofree guchar *chunk = g_malloc (CHUNK_SIZE);
  Reader             rd = { basename, 0, 0, { 0 }, records, NULL };
  yajl_handle        yh;
  guint64            done = 0;
  gboolean           ok = TRUE;

  in = open_export (path, basename, cancellable, error);
  if (in == NULL)
    return NULL;

  yh = yajl_alloc (&callbacks, NULL, &rd);
  for (;;)
    {
      g_autoptr (GError) local_error = NULL;
      gssize      n = g_input_stream_read (in, chunk, CHUNK_SIZE, cancellable, &local_error);
      yajl_status st;

      if (n < 0)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            g_propagate_error (error, g_steal_pointer (&local_error));
          else
            g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s: cannot be read after %" G_GUINT64_FORMAT " bytes: %s",
                         basename, done, local_error->message);
          ok = FALSE;
          break;
        }
      if (n == 0 && done == 0)
        {
          g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY, "%s: the file is empty", basename);
          ok = FALSE;
          break;
        }
      st = n == 0 ? yajl_complete_parse (yh) : yajl_parse (yh, chunk, (size_t)n);
      if (st != yajl_status_ok)
        {
          if (rd.problem != NULL)
            g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                         "%s: not a raw memory-timeline export: %s", basename, rd.problem);
          else if (n == 0)
            g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED,
                         "%s: truncated at byte %" G_GUINT64_FORMAT " (the JSON ends early)", basename, done);
          else
            g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON,
                         "%s: not JSON near byte %" G_GUINT64_FORMAT, basename, done);
          ok = FALSE;
          break;
        }
      if (n == 0)
        break;
      done += (guint64)n;
    }
  yajl_free (yh);
  g_free (rd.problem);
  if (!ok)
    return NULL;
  return g_steal_pointer (&records);
}

static HpTable *
new_table (void)
{
  HpTable *table = hp_table_new ("memory_timeline", N_ ("Memory timeline by category"));

  hp_table_add_column (table, "time", HP_COLUMN_INT, "ns");
  for (guint c = 0; c < HP_MEMORY_TIMELINE_N_CATEGORIES; c++)
    hp_table_add_column (table, category_names[c], HP_COLUMN_INT, "B");
  return table;
}

/**
 * hp_memory_timeline_read:
 * @path: a raw memory-timeline export of the PyTorch profiler
 *   (`export_memory_timeline` to `*.raw.json.gz`), gzipped or not
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * HTA's `MemoryAnalysis._process_raw_events()` (docs/analyses.md §13): the
 * records `[time_ns, action, bytes, category]`, in file order, become
 * points in time with the bytes held per category. A record at a new
 * time starts a point from the previous one's bytes; its bytes (negative
 * when freed) go to its category. Records that existed before profiling
 * (time −1) are put at the first time. The table `memory_timeline` has
 * the `time` (ns) and one column per category, in PyTorch's order.
 *
 * Returns: (transfer full): the table, or %NULL with an %HP_LOAD_ERROR
 *   naming the file and the problem
 */
HpTable *
hp_memory_timeline_read (const char   *path,
                         GCancellable *cancellable,
                         GError      **error)
{
  g_autoptr (GArray) records = NULL;
  g_autoptr (HpTable) table = new_table ();
  gint64 bytes[HP_MEMORY_TIMELINE_N_CATEGORIES] = { 0 };
  gint64 t_min = G_MAXINT64;
  gint64 last_ts = 0;
  guint  row = 0;

  g_return_val_if_fail (path != NULL, NULL);

  records = read_records (path, cancellable, error);
  if (records == NULL)
    return NULL;

  for (guint i = 0; i < records->len; i++)
    {
      gint64 ts = g_array_index (records, Record, i).ts;

      if (ts > 0)
        t_min = MIN (t_min, ts);
    }
  if (t_min == G_MAXINT64)
    t_min = 0;

  for (guint i = 0; i < records->len; i++)
    {
      const Record *r = &g_array_index (records, Record, i);

      if (hp_analysis_check_cancelled (cancellable, i, error))
        return NULL;
      if (i == 0 || r->ts != last_ts)
        {
          /* a new point: the bytes so far, then this record */
          row = hp_table_append_row (table);
          last_ts = r->ts;
          hp_table_set_int (table, row, 0, r->ts < 0 ? t_min : r->ts);
          for (guint c = 0; c < HP_MEMORY_TIMELINE_N_CATEGORIES; c++)
            hp_table_set_int (table, row, c + 1, bytes[c]);
        }
      bytes[r->category] += r->bytes;
      hp_table_set_int (table, row, (guint)r->category + 1, bytes[r->category]);
    }
  if (records->len == 0)
    hp_table_set_note (table, "the export holds no record");
  return g_steal_pointer (&table);
}

/**
 * hp_memory_timeline_compute:
 * @trace: a loaded trace
 * @params: unused
 * @tables: (element-type HpTable): where one `memory_timeline` table per
 *   raw export is appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * hp_memory_timeline_read() on the raw memory-timeline exports that lie
 * next to the trace's files (the loader leaves them aside). Without one,
 * an empty table says how to get one.
 *
 * Returns: %TRUE on success; %FALSE with the error of an export that does
 *   not read
 */
gboolean
hp_memory_timeline_compute (HpTrace                *trace,
                            const HpAnalysisParams *params,
                            GPtrArray              *tables,
                            GCancellable           *cancellable,
                            GError                **error)
{
  guint found = 0;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  for (guint i = 0; i < hp_trace_get_n_ignored_files (trace); i++)
    {
      const char *path = hp_trace_get_ignored_file (trace, i);
      HpTable    *table;

      if (!hp_memory_timeline_is_export (path))
        continue;
      table = hp_memory_timeline_read (path, cancellable, error);
      if (table == NULL)
        return FALSE;
      g_ptr_array_add (tables, table);
      found++;
    }
  if (found == 0)
    {
      HpTable *table = new_table ();

      hp_table_set_note (table, "no raw memory-timeline export (*.raw.json.gz) next to the trace: "
                                "write one with the profiler's export_memory_timeline()");
      g_ptr_array_add (tables, table);
    }
  return TRUE;
}

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_memory_timeline_analysis = {
  .name = HP_MEMORY_TIMELINE_ANALYSIS,
  .title = N_ ("Memory timeline by category"),
  .section = "§13",
  .func = hp_memory_timeline_compute,
  .cost = 1,
  .tables = HP_STRV (HP_MEMORY_TIMELINE_TABLE),
};
