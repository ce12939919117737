/* hp-summary.c — one rank's analyses in a small file: reading and writing it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A summary file is the line HP_SUMMARY_MAGIC, then a gzip stream of one
 * GVariant of type a{sv} in little-endian normal form (docs/cluster.md).
 * The header keys (format version, trace path and checksum, rank, times)
 * are read at open; the tables of a mode are turned back into HpTables only
 * when an analysis asks for them, so opening a thousand summaries costs a
 * decompression and a few lookups each.
 */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "hp-summary-private.h"

#define MAX_SUMMARY_BYTES ((gsize)1 << 30)
#define MAX_HEADER_BYTES (16u << 20)

G_DEFINE_BOXED_TYPE (HpSummary, hp_summary, hp_summary_ref, hp_summary_unref)

const char *const _hp_summary_mode_keys[2] = { "default", "hta-compat" };

/* ---------------------------------------------------------------------- */
/* reading                                                                */

static void
summary_free (HpSummary *self)
{
  g_variant_unref (self->root);
  g_free (self->path);
  g_free (self->body_error);
  g_free (self->source);
  g_free (self->trace_path);
  g_free (self->sha256);
  g_free (self->device_type);
  g_clear_pointer (&self->step_names, g_variant_unref);
  for (guint m = 0; m < G_N_ELEMENTS (self->modes); m++)
    g_clear_pointer (&self->modes[m], g_variant_unref);
  g_mutex_clear (&self->lock);
  g_free (self);
}

/* takes @root, the header */
HpSummary *
_hp_summary_new (GVariant *root,
                 GError  **error)
{
  HpSummary   *self;
  GVariantDict dict;
  const char  *format = NULL, *path = NULL, *sha = NULL, *device = NULL;
  guint32      version = 0;

  g_variant_dict_init (&dict, root);
  if (!g_variant_dict_lookup (&dict, "format", "&s", &format) || strcmp (format, "hotpath-summary") != 0 ||
      !g_variant_dict_lookup (&dict, "version", "u", &version))
    {
      g_variant_dict_clear (&dict);
      g_variant_unref (root);
      g_set_error_literal (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "not a Hotpath summary");
      return NULL;
    }
  if (version > HP_SUMMARY_VERSION || version == 0)
    {
      g_variant_dict_clear (&dict);
      g_variant_unref (root);
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON,
                   "a summary of format version %u; this Hotpath reads versions 1 to %d", version,
                   HP_SUMMARY_VERSION);
      return NULL;
    }
  self = g_new0 (HpSummary, 1);
  g_atomic_ref_count_init (&self->ref_count);
  g_mutex_init (&self->lock);
  self->root = root;
  self->version = version;
  if (!g_variant_dict_lookup (&dict, "trace-path", "&s", &path) ||
      !g_variant_dict_lookup (&dict, "trace-sha256", "&s", &sha) ||
      !g_variant_dict_lookup (&dict, "rank", "i", &self->rank) ||
      !g_variant_dict_lookup (&dict, "min-ts", "x", &self->min_ts))
    {
      g_variant_dict_clear (&dict);
      summary_free (self);
      g_set_error_literal (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "a summary without its header");
      return NULL;
    }
  g_variant_dict_lookup (&dict, "trace-bytes", "t", &self->trace_bytes);
  g_variant_dict_lookup (&dict, "json-bytes", "t", &self->json_bytes);
  g_variant_dict_lookup (&dict, "events", "t", &self->n_events);
  g_variant_dict_lookup (&dict, "gpu-lanes", "u", &self->n_gpu_lanes);
  g_variant_dict_lookup (&dict, "cpu-lanes", "u", &self->n_cpu_lanes);
  if (g_variant_dict_lookup (&dict, "device-type", "&s", &device))
    self->device_type = g_strdup (device);
  self->step_names = g_variant_dict_lookup_value (&dict, "step-names", G_VARIANT_TYPE_STRING_ARRAY);
  g_variant_dict_clear (&dict);
  self->trace_path = g_strdup (path);
  self->sha256 = g_strdup (sha);
  return self;
}

/* takes the modes of @all, the body's a{sv} of mode name → a{sv} */
gboolean
_hp_summary_set_modes (HpSummary *self,
                       GVariant  *all,
                       GError   **error)
{
  for (guint m = 0; m < G_N_ELEMENTS (_hp_summary_mode_keys); m++)
    {
      self->modes[m] = g_variant_lookup_value (all, _hp_summary_mode_keys[m], G_VARIANT_TYPE_VARDICT);
      if (self->modes[m] == NULL)
        {
          g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "a summary without its %s tables",
                       _hp_summary_mode_keys[m]);
          return FALSE;
        }
    }
  return TRUE;
}

static GVariant *
little_endian (GVariant *v)
{
  if (G_BYTE_ORDER != G_LITTLE_ENDIAN)
    {
      GVariant *swapped = g_variant_byteswap (v);

      g_variant_unref (v);
      return swapped;
    }
  return v;
}

/* the body: the gzip stream after the header, read when first needed */
static gboolean
load_body (HpSummary *self,
           GError   **error)
{
  g_autofree char *contents = NULL;
  gsize            length = 0;
  g_autoptr (GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GByteArray) out = g_byte_array_new ();
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autoptr (GVariant) body = NULL;
  g_autoptr (GVariant) all = NULL;
  gsize at;

  if (!g_file_get_contents (self->path, &contents, &length, &local_error))
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: %s", self->path, local_error->message);
      return FALSE;
    }
  if (self->body_offset > length)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED, "%s: a damaged summary: it ends early",
                   self->path);
      return FALSE;
    }
  at = self->body_offset;
  for (;;)
    {
      guint8           chunk[65536];
      gsize            read = 0, written = 0;
      GConverterResult res;

      res = g_converter_convert (G_CONVERTER (gunzip), contents + at, length - at, chunk, sizeof chunk,
                                 G_CONVERTER_INPUT_AT_END, &read, &written, &local_error);
      if (res == G_CONVERTER_ERROR)
        {
          g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED, "%s: a damaged summary: %s", self->path,
                       local_error->message);
          return FALSE;
        }
      at += read;
      g_byte_array_append (out, chunk, written);
      if (out->len > MAX_SUMMARY_BYTES)
        {
          g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: a summary larger than 1 GiB",
                       self->path);
          return FALSE;
        }
      if (res == G_CONVERTER_FINISHED)
        break;
    }
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&out));
  /* untrusted: GVariant checks each value as it is read, and a malformed
   * one reads as its type's default */
  body = g_variant_ref_sink (little_endian (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes, FALSE)));
  all = g_variant_lookup_value (body, "modes", G_VARIANT_TYPE_VARDICT);
  if (all == NULL)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s: a summary without its tables", self->path);
      return FALSE;
    }
  if (!_hp_summary_set_modes (self, all, &local_error))
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s: %s", self->path, local_error->message);
      return FALSE;
    }
  return TRUE;
}

/**
 * hp_summary_read:
 *
 * Reads the header of the summary in @path (its rank, trace, checksum and
 * times); the tables are read when first asked for.
 *
 * Returns: (transfer full): the summary, or %NULL with @error set when it
 *   is not one, is damaged, or comes from a later format
 */
HpSummary *
hp_summary_read (const char *path,
                 GError    **error)
{
  gsize              magic = strlen (HP_SUMMARY_MAGIC);
  guint8             start[64];
  guint32            header_len;
  g_autofree guint8 *header = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  HpSummary *self;
  FILE      *f = g_fopen (path, "rb");
  gsize      got;

  if (f == NULL)
    {
      int saved = errno;

      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: %s", path, g_strerror (saved));
      return NULL;
    }
  got = fread (start, 1, magic + 4, f);
  if (got < magic + 4 || memcmp (start, HP_SUMMARY_MAGIC, magic) != 0)
    {
      fclose (f);
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s: not a Hotpath summary", path);
      return NULL;
    }
  header_len = (guint32)start[magic] | (guint32)start[magic + 1] << 8 | (guint32)start[magic + 2] << 16 |
               (guint32)start[magic + 3] << 24;
  if (header_len > MAX_HEADER_BYTES)
    {
      fclose (f);
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s: a damaged summary: its header is %u bytes",
                   path, header_len);
      return NULL;
    }
  header = g_malloc (MAX (header_len, 1));
  got = fread (header, 1, header_len, f);
  fclose (f);
  if (got != header_len)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED, "%s: a damaged summary: it ends early", path);
      return NULL;
    }
  bytes = g_bytes_new_take (g_steal_pointer (&header), header_len);
  self = _hp_summary_new (g_variant_ref_sink (little_endian (g_variant_new_from_bytes (G_VARIANT_TYPE_VARDICT, bytes,
                                                                                       FALSE))),
                          &local_error);
  if (self == NULL)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON, "%s: %s", path, local_error->message);
      return NULL;
    }
  self->path = g_strdup (path);
  self->body_offset = magic + 4 + header_len;
  return self;
}

static GBytes *
gzip_bytes (GVariant *v)
{
  g_autoptr (GVariant) normal = g_variant_get_normal_form (v);
  g_autoptr (GVariant) le = G_BYTE_ORDER == G_LITTLE_ENDIAN ? g_variant_ref (normal) : g_variant_byteswap (normal);
  g_autoptr (GZlibCompressor) gzip = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9);
  g_autoptr (GByteArray) out = g_byte_array_new ();
  const guint8 *in = g_variant_get_data (le);
  gsize         n = g_variant_get_size (le);
  gsize         at = 0;

  for (;;)
    {
      guint8           chunk[65536];
      gsize            read = 0, written = 0;
      GConverterResult res = g_converter_convert (G_CONVERTER (gzip), in + at, n - at, chunk, sizeof chunk,
                                                  G_CONVERTER_INPUT_AT_END, &read, &written, NULL);

      at += read;
      g_byte_array_append (out, chunk, written);
      if (res == G_CONVERTER_FINISHED || res == G_CONVERTER_ERROR)
        break;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

/**
 * hp_summary_to_bytes:
 *
 * Returns: (transfer full): the summary file: HP_SUMMARY_MAGIC, the
 *   header's length (32 bits, little-endian), the header, then the body
 *   gzip-compressed (docs/cluster.md)
 */
GBytes *
hp_summary_to_bytes (HpSummary *self)
{
  g_autoptr (GVariant) header = g_variant_get_normal_form (self->root);
  g_autoptr (GVariant) le = G_BYTE_ORDER == G_LITTLE_ENDIAN ? g_variant_ref (header) : g_variant_byteswap (header);
  g_autoptr (GByteArray) out = g_byte_array_new ();
  g_autoptr (GBytes) body = NULL;
  GVariantBuilder modes;
  GVariantDict    dict;
  guint32         n = (guint32)g_variant_get_size (le);
  guint8          len[4] = { n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >> 24 };

  g_variant_builder_init (&modes, G_VARIANT_TYPE_VARDICT);
  for (guint m = 0; m < G_N_ELEMENTS (_hp_summary_mode_keys); m++)
    g_variant_builder_add (&modes, "{sv}", _hp_summary_mode_keys[m], _hp_summary_get_mode (self, m));
  g_variant_dict_init (&dict, NULL);
  g_variant_dict_insert_value (&dict, "modes", g_variant_builder_end (&modes));
  {
    g_autoptr (GVariant) v = g_variant_ref_sink (g_variant_dict_end (&dict));

    body = gzip_bytes (v);
  }
  g_byte_array_append (out, (const guint8 *)HP_SUMMARY_MAGIC, strlen (HP_SUMMARY_MAGIC));
  g_byte_array_append (out, len, 4);
  g_byte_array_append (out, g_variant_get_data (le), n);
  g_byte_array_append (out, g_bytes_get_data (body, NULL), g_bytes_get_size (body));
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

/**
 * hp_summary_write:
 *
 * Writes the summary to @path, atomically.
 */
gboolean
hp_summary_write (HpSummary  *self,
                  const char *path,
                  GError    **error)
{
  g_autoptr (GBytes) bytes = hp_summary_to_bytes (self);
  gsize       size;
  const char *data = g_bytes_get_data (bytes, &size);

  return g_file_set_contents (path, data, size, error);
}

HpSummary *
hp_summary_ref (HpSummary *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
hp_summary_unref (HpSummary *self)
{
  g_return_if_fail (self != NULL);
  if (g_atomic_ref_count_dec (&self->ref_count))
    summary_free (self);
}

int
hp_summary_get_rank (HpSummary *self)
{
  return self->rank;
}

const char *
hp_summary_get_trace_path (HpSummary *self)
{
  return self->trace_path;
}

const char *
hp_summary_get_trace_sha256 (HpSummary *self)
{
  return self->sha256;
}

guint64
hp_summary_get_trace_bytes (HpSummary *self)
{
  return self->trace_bytes;
}

gint64
hp_summary_get_min_ts (HpSummary *self)
{
  return self->min_ts;
}

/**
 * hp_summary_dup_file_name:
 *
 * Returns: the name of the summary of the trace: its file name with
 *   `.json`, `.gz` cut and HP_SUMMARY_SUFFIX added
 */
char *
hp_summary_dup_file_name (HpSummary *self)
{
  g_autofree char *base = g_path_get_basename (self->trace_path);

  if (g_str_has_suffix (base, ".gz"))
    base[strlen (base) - 3] = '\0';
  if (g_str_has_suffix (base, ".json"))
    base[strlen (base) - 5] = '\0';
  return g_strconcat (base, HP_SUMMARY_SUFFIX, NULL);
}

/* the a{sv} of @mode, read from the file when first asked for; a damaged
 * body gives empty ones, and hp_summary_get_body_error() says why */
GVariant *
_hp_summary_get_mode (HpSummary *self,
                      HpMode     mode)
{
  guint m = mode == HP_MODE_HTA_COMPAT ? 1 : 0;

  g_mutex_lock (&self->lock);
  if (self->modes[m] == NULL)
    {
      g_autoptr (GError) error = NULL;

      if (self->path == NULL || !load_body (self, &error))
        {
          for (guint k = 0; k < G_N_ELEMENTS (self->modes); k++)
            if (self->modes[k] == NULL)
              self->modes[k] = g_variant_ref_sink (g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));
          self->body_error = g_strdup (error != NULL ? error->message : "a summary without its tables");
        }
    }
  g_mutex_unlock (&self->lock);
  return self->modes[m];
}

/**
 * hp_summary_get_body_error:
 *
 * Returns: (nullable): why the summary's tables could not be read, once
 *   they were asked for
 */
const char *
hp_summary_get_body_error (HpSummary *self)
{
  return self->body_error;
}

/**
 * hp_summary_get_tables:
 * @analysis: an analysis of the default set
 *
 * Returns: (transfer full) (nullable) (element-type HpTable): the rank's
 *   tables of @analysis in @mode, or %NULL when the summary has none
 */
GPtrArray *
hp_summary_get_tables (HpSummary  *self,
                       HpMode      mode,
                       const char *analysis)
{
  g_autoptr (GVariant) analyses = g_variant_lookup_value (_hp_summary_get_mode (self, mode), "analyses",
                                                          G_VARIANT_TYPE_VARDICT);
  g_autoptr (GVariant) list = NULL;
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);

  if (analyses == NULL)
    return NULL;
  list = g_variant_lookup_value (analyses, analysis, G_VARIANT_TYPE ("a" HP_SUMMARY_TABLE_TYPE));
  if (list == NULL)
    return NULL;
  for (gsize i = 0; i < g_variant_n_children (list); i++)
    {
      g_autoptr (GVariant) child = g_variant_get_child_value (list, i);
      HpTable *table = _hp_summary_table_from_variant (child);

      if (table == NULL)
        return NULL;
      g_ptr_array_add (tables, table);
    }
  return g_steal_pointer (&tables);
}

/**
 * hp_summary_get_lanes:
 * @job_min_ts: the job's first start, as hp_trace_get_min_ts() gives it
 *
 * Returns: (transfer full) (element-type HpSummaryLane): the rank's lanes
 *   with their activity, in the job's aligned time; the strings and bins
 *   belong to @self
 */
GArray *
hp_summary_get_lanes (HpSummary *self,
                      gint64     job_min_ts)
{
  g_autoptr (GVariant) activity = g_variant_lookup_value (_hp_summary_get_mode (self, HP_MODE_DEFAULT),
                                                          "activity", G_VARIANT_TYPE ("(xxa(xxsbay))"));
  GArray *lanes = g_array_new (FALSE, TRUE, sizeof (HpSummaryLane));
  g_autoptr (GVariant) list = NULL;
  gint64 start, end, shift = self->min_ts - job_min_ts;

  if (activity == NULL)
    return lanes;
  g_variant_get (activity, "(xx@a(xxsbay))", &start, &end, &list);
  for (gsize i = 0; i < g_variant_n_children (list); i++)
    {
      g_autoptr (GVariant) bins = NULL;
      HpSummaryLane lane = { 0 };
      gsize         n;
      const char   *name;

      g_variant_get_child (list, i, "(xx&sb@ay)", &lane.pid, &lane.tid, &name, &lane.is_gpu, &bins);
      lane.rank = self->rank;
      lane.name = name; /* points into the root, which @self keeps */
      lane.start = start + shift;
      lane.end = end + shift;
      lane.bins = g_variant_get_fixed_array (bins, &n, 1);
      lane.n_bins = n;
      g_array_append_val (lanes, lane);
    }
  return lanes;
}

/**
 * hp_path_is_summary:
 *
 * Returns: whether @path is named as a summary (HP_SUMMARY_SUFFIX)
 */
gboolean
hp_path_is_summary (const char *path)
{
  return path != NULL && g_str_has_suffix (path, HP_SUMMARY_SUFFIX);
}

guint64
hp_summary_get_n_events (HpSummary *self)
{
  return self->n_events;
}

const char *
hp_summary_get_source (HpSummary *self)
{
  return self->source;
}

/**
 * hp_summary_get_steps:
 * @job_min_ts: the job's first start, as hp_trace_get_min_ts() gives it
 *
 * Returns: (transfer full) (element-type HpStep): the rank's steps as
 *   recorded, in the job's aligned time (@event is not set)
 */
GArray *
hp_summary_get_steps (HpSummary *self,
                      gint64     job_min_ts)
{
  g_autoptr (GVariant) steps = g_variant_lookup_value (_hp_summary_get_mode (self, HP_MODE_DEFAULT), "steps",
                                                       G_VARIANT_TYPE ("a(ixxb)"));
  GArray *out = g_array_new (FALSE, TRUE, sizeof (HpStep));
  gint64  shift = self->min_ts - job_min_ts;

  for (gsize i = 0; steps != NULL && i < g_variant_n_children (steps); i++)
    {
      HpStep step = { 0 };

      g_variant_get_child (steps, i, "(ixxb)", &step.number, &step.span.start, &step.span.end, &step.measured);
      step.span.start += shift;
      step.span.end += shift;
      g_array_append_val (out, step);
    }
  return out;
}

/**
 * hp_summary_get_step_names:
 *
 * Returns: (transfer full): the names of the rank's measured steps
 *   (`ProfilerStep#N`), from the header
 */
GStrv
hp_summary_get_step_names (HpSummary *self)
{
  return self->step_names != NULL ? g_variant_dup_strv (self->step_names, NULL) : g_new0 (char *, 1);
}

void
hp_summary_get_n_lanes (HpSummary *self,
                        guint     *n_cpu,
                        guint     *n_gpu)
{
  *n_cpu = self->n_cpu_lanes;
  *n_gpu = self->n_gpu_lanes;
}
