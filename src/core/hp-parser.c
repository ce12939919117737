/* hp-parser.c — streams one Kineto file through yajl into rank columns.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include "hp-parser-private.h"

#define CHUNK_SIZE (256 * 1024)

/* ---------------------------------------------------------------------------
 * Metadata
 * ------------------------------------------------------------------------- */

static int
rank_from_metadata (JsonNode *meta)
{
  JsonObject *root;
  JsonNode   *di;
  JsonNode   *rank;

  if (meta == NULL || !JSON_NODE_HOLDS_OBJECT (meta))
    return -1;
  root = json_node_get_object (meta);
  di = json_object_get_member (root, "distributedInfo");
  if (di == NULL || !JSON_NODE_HOLDS_OBJECT (di))
    return -1;
  rank = json_object_get_member (json_node_get_object (di), "rank");
  if (rank == NULL || !JSON_NODE_HOLDS_VALUE (rank))
    return -1;
  if (json_node_get_value_type (rank) == G_TYPE_INT64)
    {
      gint64 v = json_node_get_int (rank);

      return v >= 0 && v <= G_MAXINT ? (int)v : -1;
    }
  if (json_node_get_value_type (rank) == G_TYPE_STRING)
    {
      guint64 v;

      if (g_ascii_string_to_unsigned (json_node_get_string (rank), 10, 0, G_MAXINT, &v, NULL))
        return (int)v;
    }
  return -1;
}

static void
read_base_time (HpRank *rank)
{
  JsonObject *root;
  JsonNode   *n;

  if (rank->metadata == NULL || !JSON_NODE_HOLDS_OBJECT (rank->metadata))
    return;
  root = json_node_get_object (rank->metadata);
  n = json_object_get_member (root, "baseTimeNanoseconds");
  if (n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64)
    {
      rank->base_time_ns = json_node_get_int (n);
      rank->has_base_time = TRUE;
    }
}

/* ---------------------------------------------------------------------------
 * Reading a file
 * ------------------------------------------------------------------------- */

static void
set_json_error (GError      **error,
                const char   *basename,
                yajl_handle   yh,
                const guchar *chunk,
                gsize         chunk_len,
                guint64       chunk_base)
{
  gsize            consumed = yajl_get_bytes_consumed (yh);
  guchar          *msg = yajl_get_error (yh, 0, chunk, chunk_len);
  g_autofree char *clean = g_strstrip (g_strdup ((const char *)msg));

  yajl_free_error (yh, msg);
  g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON,
               "%s: not valid JSON at byte %" G_GUINT64_FORMAT " (%s)",
               basename, chunk_base + consumed, clean);
}

/* The error of a yajl callback that stopped the parse on a limit. */
static gboolean
set_limit_error (GError      **error,
                 const Parser *p)
{
  if (p->too_much_memory)
    {
      g_autofree char *limit = g_format_size_full (p->limits.max_memory_bytes, G_FORMAT_SIZE_IEC_UNITS);

      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TOO_LARGE,
                   "%s: the job would take more than %s of memory, the limit (%" G_GUINT64_FORMAT
                   " events read so far, about %u bytes each with its analyses); load fewer ranks, or raise "
                   "the limit (--max-memory)",
                   p->basename, limit, p->n_elements, HP_MEMORY_PER_EVENT);
    }
  else if (p->second_events)
    g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                 "%s: not a trace: the JSON object has two traceEvents members, and which one holds the "
                 "events is ambiguous (keep one)",
                 p->basename);
  else if (p->too_deep)
    g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                 "%s: JSON nested deeper than %u levels", p->basename, p->limits.max_nesting);
  else if (p->too_many_events)
    g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                 "%s: more than %" G_GUINT64_FORMAT " events, the limit of one file", p->basename,
                 p->limits.max_events);
  else if (p->too_many_args)
    g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                 "%s: event %" G_GUINT64_FORMAT " has more than %u args, the limit of one event",
                 p->basename, p->n_elements - 1, p->limits.max_args);
  else
    return FALSE;
  return TRUE;
}

/**
 * hp_load_default_max_memory:
 *
 * Returns: the default of #HpLoadLimits.max_memory_bytes: three quarters
 *   of the physical memory, or %HP_NO_MEMORY_LIMIT when it is unknown
 */
guint64
hp_load_default_max_memory (void)
{
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
  long pages = sysconf (_SC_PHYS_PAGES);
  long page_size = sysconf (_SC_PAGESIZE);

  if (pages > 0 && page_size > 0)
    return (guint64)pages * (guint64)page_size / 4 * 3;
#endif
  return HP_NO_MEMORY_LIMIT;
}

/**
 * _hp_load_limits_resolve:
 * @limits: (nullable): limits with zero fields for the defaults
 * @out: the limits to apply
 */
void
_hp_load_limits_resolve (const HpLoadLimits *limits,
                         HpLoadLimits       *out)
{
  static const HpLoadLimits none = { 0 };

  if (limits == NULL)
    limits = &none;
  out->max_nesting = limits->max_nesting > 0 ? MIN (limits->max_nesting, HP_MAX_NESTING)
                                             : HP_MAX_NESTING;
  /* the string tables keep 32-bit lengths */
  out->max_string_bytes = limits->max_string_bytes > 0 ? MIN (limits->max_string_bytes, G_MAXUINT32)
                                                       : HP_DEFAULT_MAX_STRING_BYTES;
  out->max_token_bytes =
      limits->max_token_bytes > 0 ? limits->max_token_bytes : HP_DEFAULT_MAX_TOKEN_BYTES;
  out->max_events = limits->max_events > 0 ? MIN (limits->max_events, HP_DEFAULT_MAX_EVENTS)
                                           : HP_DEFAULT_MAX_EVENTS;
  out->max_args = limits->max_args > 0 ? limits->max_args : HP_DEFAULT_MAX_ARGS;
  out->max_metadata_bytes =
      limits->max_metadata_bytes > 0 ? limits->max_metadata_bytes : HP_DEFAULT_MAX_METADATA_BYTES;
  out->max_memory_bytes = limits->max_memory_bytes > 0 ? limits->max_memory_bytes : hp_load_default_max_memory ();
}

gboolean _hp_parser_yajl_only = FALSE;
gboolean _hp_parser_two_threads_always = FALSE;
gint     _hp_parser_n_given_up = 0;

/**
 * _hp_parser_core_is_spare_in:
 * @pressure: the text of /proc/pressure/cpu, or %NULL
 * @loadavg: the text of /proc/loadavg, or %NULL
 * @n_cpus: the processors this process may run on
 *
 * Whether the other threads that want a core leave one free. With the
 * kernel's pressure figures, a core is free when over the last ten
 * seconds runnable threads waited for a core less than a fifth of the
 * time (the caller's own threads, each with a core, wait for none).
 * Without them, when fewer threads besides the caller's want a core than
 * @n_cpus - 1, both right now (the fourth field of /proc/loadavg, the
 * caller included) and over the last minute (its first field): the
 * smaller of the two, so that neither a moment's burst nor a minute-old
 * one counts. Text that reads as neither says a core is free, as if
 * nothing were known.
 */
gboolean
_hp_parser_core_is_spare_in (const char *pressure,
                             const char *loadavg,
                             guint       n_cpus)
{
  double load1, some10;
  guint  running, threads;
  guint  others;

  if (n_cpus < 2)
    return FALSE;
  if (pressure != NULL && sscanf (pressure, "some avg10=%lf", &some10) == 1 && some10 >= 0 && some10 <= 100)
    return some10 < 20;
  if (loadavg == NULL || sscanf (loadavg, "%lf %*f %*f %u/%u", &load1, &running, &threads) != 3 || !(load1 >= 0) ||
      load1 > 1e6 || running == 0)
    return TRUE;
  others = MIN (running - 1, (guint)(load1 + 0.5));
  return others + 2 <= n_cpus;
}

/* A busy machine's cores are taken: the scanning and the building thread
 * of a file then wait for each other's turn, and together spend more time
 * on a core than one thread does (the text and tokens they hand over go
 * from one core's cache to the other's), so the file is read on one. */
static gboolean
core_is_spare (void)
{
  g_autofree char *pressure = NULL;
  g_autofree char *loadavg = NULL;
  const char      *forced = g_getenv ("HOTPATH_SCAN_THREADS");

  /* HOTPATH_SCAN_THREADS=1 or 2: whatever the machine's load, to compare
   * the two */
  if (g_strcmp0 (forced, "1") == 0)
    return FALSE;
  if (g_strcmp0 (forced, "2") == 0)
    return TRUE;
  if (!g_file_get_contents ("/proc/pressure/cpu", &pressure, NULL, NULL))
    g_file_get_contents ("/proc/loadavg", &loadavg, NULL, NULL);
  return _hp_parser_core_is_spare_in (pressure, loadavg, g_get_num_processors ());
}

/* the reader's fault, as the loader words it */
static void
set_read_error (GError        **error,
                GError         *local_error,
                HpRankBuilder  *b,
                const HpReader *reader,
                guint64         json_bytes)
{
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_propagate_error (error, g_error_copy (local_error));
  else if (b->rank->compressed && g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
    g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED,
                 "%s: truncated: the gzip stream ends inside a member at byte %" G_GUINT64_FORMAT
                 ", after %" G_GUINT64_FORMAT " bytes of JSON",
                 b->rank->path, _hp_reader_position (reader), json_bytes);
  else if (b->rank->compressed && local_error->domain == G_IO_ERROR &&
           local_error->code == G_IO_ERROR_INVALID_DATA)
    g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON,
                 "%s: corrupt gzip data near byte %" G_GUINT64_FORMAT " of the file, after %" G_GUINT64_FORMAT
                 " bytes of JSON: %s",
                 b->rank->path, _hp_reader_position (reader), json_bytes, local_error->message);
  else
    g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: read error: %s", b->rank->path,
                 local_error->message);
}

typedef struct
{
  const HpParseProgress *progress;
  HpRankBuilder         *b;
  guint64                last_reported;
} Progress;

/* bytes of the file, compressed or not, as the total counts them */
static void
report_progress (gpointer data,
                 guint64  position)
{
  Progress *pr = data;
  guint64   pos;

  if (pr->progress == NULL || pr->progress->bytes_done == NULL)
    return;
  pos = MIN (position, pr->b->rank->file_bytes);
  if (pos > pr->last_reported)
    {
      g_atomic_pointer_add (pr->progress->bytes_done, (gssize)(pos - pr->last_reported));
      pr->last_reported = pos;
      if (pr->progress->report != NULL)
        pr->progress->report (pr->progress->report_data);
    }
}

/* Streams the file through yajl. Returns FALSE with @error set. */
static gboolean
parse_with_yajl (Parser       *p,
                 HpReader     *reader,
                 Progress     *pr,
                 guint64      *json_bytes_out,
                 GCancellable *cancellable,
                 GError      **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree guchar *chunk = NULL;
  HpRankBuilder     *b = p->b;
  yajl_handle        yh;
  guint64            json_bytes = 0;
  gsize              chunk_size = CHUNK_SIZE;
  gsize              chunk_alloc = CHUNK_SIZE;
  guint64            tokenless = 0; /* bytes since a token last ended */
  gboolean           ok = TRUE;

  yh = yajl_alloc (&_hp_parser_callbacks, NULL, p);
  yajl_config (yh, yajl_dont_validate_strings, 1);
  chunk = g_malloc (chunk_alloc);

  for (;;)
    {
      gssize      n;
      yajl_status st;
      guint64     tokens_before = p->n_tokens;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }

      n = _hp_reader_read_all (reader, chunk, chunk_size, cancellable, &local_error);
      if (n < 0)
        {
          set_read_error (error, local_error, b, reader, json_bytes);
          ok = FALSE;
          break;
        }

      if (n == 0)
        {
          if (json_bytes == 0)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY, "%s: the file is empty",
                           b->rank->path);
              ok = FALSE;
              break;
            }
          st = yajl_complete_parse (yh);
          if (st != yajl_status_ok && !p->seen_root)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY,
                           "%s: the file holds no JSON value", b->rank->path);
              ok = FALSE;
            }
          else if (st != yajl_status_ok)
            {
              if (!set_limit_error (error, p))
                g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED,
                             "%s: truncated at byte %" G_GUINT64_FORMAT " (the JSON ends early)",
                             b->rank->path, json_bytes);
              ok = FALSE;
            }
          break;
        }

      st = yajl_parse (yh, chunk, (size_t)n);
      if (st != yajl_status_ok)
        {
          if (!set_limit_error (error, p))
            set_json_error (error, b->rank->path, yh, chunk, (gsize)n, json_bytes);
          ok = FALSE;
          break;
        }
      json_bytes += (guint64)n;

      if (p->n_tokens == tokens_before)
        {
          tokenless += (guint64)n;
          if (tokenless > p->limits.max_token_bytes)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                           "%s: a single JSON token (a string, number or whitespace) runs "
                           "longer than %" G_GSIZE_FORMAT " MiB from byte %" G_GUINT64_FORMAT,
                           b->rank->path, p->limits.max_token_bytes / (1024 * 1024),
                           json_bytes - tokenless);
              ok = FALSE;
              break;
            }
          chunk_size = (gsize)MIN ((guint64)chunk_size * 2, p->limits.max_token_bytes / 2 + 1);
          chunk_size = MAX (chunk_size, CHUNK_SIZE);
          if (chunk_size > chunk_alloc)
            {
              g_free (chunk);
              chunk = g_malloc (chunk_size);
              chunk_alloc = chunk_size;
            }
        }
      else
        {
          tokenless = 0;
          chunk_size = CHUNK_SIZE;
        }

      report_progress (pr, _hp_reader_position (reader));
    }

  yajl_free (yh);
  *json_bytes_out = json_bytes;
  return ok;
}

/* Reads the file with the scanner of hp-parser-scan.c. Returns FALSE with
 * @error set, or with *@give_up when the file is to be read with yajl. */
static gboolean
parse_with_scanner (Parser       *p,
                    HpReader     *reader,
                    gboolean      two_threads,
                    Progress     *pr,
                    guint64      *json_bytes,
                    gboolean     *give_up,
                    GCancellable *cancellable,
                    GError      **error)
{
  g_autoptr (GError) local_error = NULL;

  switch (_hp_parser_scan (p, reader, two_threads, json_bytes, report_progress, pr, cancellable, &local_error))
    {
    case HP_SCAN_DONE:
      return TRUE;
    case HP_SCAN_STOPPED:
      if (set_limit_error (error, p))
        return FALSE;
      break;
    case HP_SCAN_READ_ERROR:
      set_read_error (error, local_error, p->b, reader, *json_bytes);
      return FALSE;
    case HP_SCAN_CANCELLED:
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      break;
    case HP_SCAN_GIVE_UP:
    default:
      break;
    }
  *give_up = TRUE;
  return FALSE;
}

/* One reading of the file: with the scanner (@give_up set when yajl must
 * read it again) or, @give_up %NULL, with yajl. */
static HpRankBuilder *
parse_file (const char            *path,
            HpMode                 mode,
            const HpLoadLimits    *limits,
            const HpParseProgress *progress,
            gboolean               inflate_ahead,
            gboolean              *give_up,
            GCancellable          *cancellable,
            GError               **error)
{
  g_autoptr (HpRankBuilder) b = _hp_rank_builder_new (path);
  g_autoptr (JsonBuilder) meta = json_builder_new ();
  HpReader reader = { 0 };
  Parser   p = { 0 };
  Progress pr = { progress, NULL, 0 };
  guint64  json_bytes = 0;
  gboolean two_threads;
  gboolean ok;

  if (!_hp_reader_open (&reader, path, b->rank->path, cancellable, error))
    {
      _hp_reader_clear (&reader);
      return NULL;
    }
  b->rank->compressed = reader.dec != NULL;
  b->rank->file_bytes = reader.file_size;
  /* a spare core: the scanner reads (and inflates) the file on a thread
   * of its own; yajl has an inflating thread */
  two_threads = give_up != NULL && ((inflate_ahead && core_is_spare ()) || _hp_parser_two_threads_always);
  if (inflate_ahead && !two_threads)
    _hp_reader_inflate_ahead (&reader, cancellable);

  p.b = b;
  p.mode = mode;
  p.basename = b->rank->path;
  _hp_load_limits_resolve (limits, &p.limits);
  p.meta = meta;
  p.memory_estimate = progress != NULL && progress->memory_estimate != NULL ? progress->memory_estimate
                                                                            : &p.own_memory_estimate;
  p.capture = g_string_new (NULL);
  p.value_cache = g_new0 (guint64, VALUE_CACHE_SIZE);
  p.trace_cat = hp_strings_intern (b->strings, "Trace", 5);
  _hp_parser_event_reset (&p);
  pr.b = b;

  if (give_up != NULL)
    ok = parse_with_scanner (&p, &reader, two_threads, &pr, &json_bytes, give_up, cancellable, error);
  else
    ok = parse_with_yajl (&p, &reader, &pr, &json_bytes, cancellable, error);

  /* after the inflating thread, if any, has ended */
  _hp_reader_clear (&reader);
  b->rank->n_gzip_members = reader.members;
  b->rank->gzip_trailing_bytes = reader.trailing;
  b->rank->file_mtime_us = reader.file_mtime_us;
  b->rank->file_checksum = _hp_checksum_finish (&reader.sum);
  g_string_free (p.capture, TRUE);
  g_free (p.top_key);
  g_clear_pointer (&p.label_of, g_hash_table_unref);
  g_free (p.value_cache);

  if (give_up != NULL && *give_up)
    {
      /* yajl reads it again from the start, and counts its progress anew */
      if (progress != NULL && progress->bytes_done != NULL && pr.last_reported > 0)
        g_atomic_pointer_add (progress->bytes_done, -(gssize)pr.last_reported);
      /* the job's memory estimate too */
      if (p.memory_charged > 0)
        g_atomic_pointer_add ((gsize *)p.memory_estimate, -(gssize)p.memory_charged);
      return NULL;
    }

  if (progress != NULL && progress->bytes_done != NULL && b->rank->file_bytes > pr.last_reported)
    {
      g_atomic_pointer_add (progress->bytes_done, (gssize)(b->rank->file_bytes - pr.last_reported));
      if (progress->report != NULL)
        progress->report (progress->report_data);
    }

  /* the file's last events and args count too */
  if (ok && !_hp_parser_charge_memory (&p))
    {
      set_limit_error (error, &p);
      ok = FALSE;
    }
  if (!ok)
    return NULL;

  b->rank->json_bytes = json_bytes;
  b->rank->n_json_events = p.n_elements;
  b->rank->metadata = json_builder_get_root (meta);

  if (!p.seen_root || (!p.seen_events && !p.bare_array))
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                   "%s: not a trace: %s", b->rank->path,
                   p.seen_root ? "the JSON object has no traceEvents array"
                               : "the JSON is not an object or an array");
      return NULL;
    }

  b->rank_from_metadata = rank_from_metadata (b->rank->metadata);
  read_base_time (b->rank);
  _hp_rank_builder_fit (b);

  return g_steal_pointer (&b);
}

/**
 * _hp_parse_file:
 *
 * Streams @path (gzip detected by its magic bytes) into a rank builder.
 * Never holds the file or a DOM of its events. With @inflate_ahead, a gzip
 * file is inflated on a thread of its own while this one parses (for a
 * core that would otherwise have nothing to do).
 *
 * The scanner of hp-parser-scan.c reads the file first; what it does not
 * take (any fault of the JSON among them) is read again from the start by
 * yajl, so every error is yajl's, at yajl's byte.
 *
 * yajl lexes a token cut by the end of a chunk again from its start with
 * the next chunk, so a token spread over k chunks costs k² work. A chunk in
 * which no token ends makes the next one twice as large: a token of n bytes
 * then costs O(n), and no token may be longer than max_token_bytes.
 */
HpRankBuilder *
_hp_parse_file (const char            *path,
                HpMode                 mode,
                const HpLoadLimits    *limits,
                const HpParseProgress *progress,
                gboolean               inflate_ahead,
                GCancellable          *cancellable,
                GError               **error)
{
  static gsize   yajl_by_env = 0;
  HpRankBuilder *b;
  gboolean       give_up = FALSE;

  /* HOTPATH_JSON_PARSER=yajl: yajl alone, to compare the two */
  if (g_once_init_enter (&yajl_by_env))
    g_once_init_leave (&yajl_by_env, g_strcmp0 (g_getenv ("HOTPATH_JSON_PARSER"), "yajl") == 0 ? 2 : 1);
  if (_hp_parser_yajl_only || yajl_by_env == 2)
    return parse_file (path, mode, limits, progress, inflate_ahead, NULL, cancellable, error);
  b = parse_file (path, mode, limits, progress, inflate_ahead, &give_up, cancellable, error);
  if (b == NULL && give_up)
    {
      g_atomic_int_inc (&_hp_parser_n_given_up);
      g_debug ("%s: read again with yajl", path);
    }
  if (b == NULL && give_up)
    b = parse_file (path, mode, limits, progress, inflate_ahead, NULL, cancellable, error);
  return b;
}
