/* test-gzip.c — the gzip converters and the loader on gzip files made byte by byte.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Files are made with GIO's zlib converters (or by hand), so that what the
 * loader reads does not come from the code under test.
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "hp-core.h"
#include "hp-gzip-private.h"
#include "hp-parser-private.h"
#include "hp-test-utils.h"

/* ---------------------------------------------------------------------- */
/* helpers                                                                 */

static guint32
crc32_of (const guint8 *data,
          gsize         len)
{
  guint32 crc = 0xffffffffu;

  for (gsize i = 0; i < len; i++)
    {
      crc ^= data[i];
      for (int k = 0; k < 8; k++)
        crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
  return ~crc;
}

static void
put_le32 (GByteArray *out,
          guint32     v)
{
  guint8 b[4] = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >> 24 };

  g_byte_array_append (out, b, 4);
}

/* Runs @data through @conv in one go, as a stream would at its end. */
static GBytes *
convert_all (GConverter   *conv,
             const guint8 *data,
             gsize         len)
{
  g_autoptr (GOutputStream) mem = g_memory_output_stream_new_resizable ();
  g_autoptr (GOutputStream) out = g_converter_output_stream_new (mem, conv);
  g_autoptr (GError) error = NULL;
  gsize written = 0;

  g_assert_true (g_output_stream_write_all (out, data, len, &written, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (out, NULL, &error));
  g_assert_no_error (error);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (mem));
}

/* A gzip member of @data made by zlib (through GIO). */
static void
append_zlib_member (GByteArray   *out,
                    const guint8 *data,
                    gsize         len)
{
  g_autoptr (GZlibCompressor) comp = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 6);
  g_autoptr (GBytes) bytes = convert_all (G_CONVERTER (comp), data, len);
  gsize         n = 0;
  const guint8 *p = g_bytes_get_data (bytes, &n);

  g_byte_array_append (out, p, (guint)n);
}

/* Inflates all of @data with @conv, member after member. */
static GByteArray *
inflate_members (GConverter   *conv,
                 const guint8 *data,
                 gsize         len,
                 guint        *members,
                 GError      **error)
{
  GByteArray *out = g_byte_array_new ();
  guint8      buf[4096];
  gsize       at = 0;

  *members = 0;
  while (at < len)
    {
      gsize            r = 0, w = 0;
      GConverterResult res = g_converter_convert (conv, data + at, len - at, buf, sizeof buf,
                                                  G_CONVERTER_INPUT_AT_END, &r, &w, error);

      if (res == G_CONVERTER_ERROR)
        {
          g_byte_array_unref (out);
          return NULL;
        }
      at += r;
      g_byte_array_append (out, buf, (guint)w);
      if (res == G_CONVERTER_FINISHED)
        {
          (*members)++;
          g_converter_reset (conv);
        }
    }
  return out;
}

/* Text like a trace's, compressible, several MiB. */
static GByteArray *
trace_like_text (gsize size)
{
  GByteArray *out = g_byte_array_new ();
  GRand      *rand = g_rand_new_with_seed (27);

  while (out->len < size)
    {
      g_autofree char *line = g_strdup_printf (
          "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k%u\", \"pid\": 0, \"tid\": 7, "
          "\"ts\": %u.%03u, \"dur\": %u, \"args\": {\"correlation\": %u}},\n",
          g_rand_int_range (rand, 0, 300), g_rand_int (rand), g_rand_int_range (rand, 0, 1000),
          g_rand_int_range (rand, 1, 5000), g_rand_int (rand));

      g_byte_array_append (out, (const guint8 *)line, (guint)strlen (line));
    }
  /* and a stretch that does not compress */
  for (guint k = 0; k < 256 * 1024; k++)
    {
      guint8 b = (guint8)g_rand_int (rand);

      g_byte_array_append (out, &b, 1);
    }
  g_rand_free (rand);
  return out;
}

static char *
make_temp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("hp-test-gzip-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static GByteArray *
read_rank0 (void)
{
  g_autofree char *path = hp_test_data_path ("edge", "one-bad-rank", "rank-0.json", NULL);
  g_autoptr (GError) error = NULL;
  char *text = NULL;
  gsize len = 0;

  g_file_get_contents (path, &text, &len, &error);
  g_assert_no_error (error);
  return g_byte_array_new_take ((guint8 *)text, len);
}

static HpTrace *
load_bytes (const char   *dir,
            const guint8 *data,
            gsize         len,
            guint         n_threads,
            GError      **error)
{
  g_autofree char *path = g_build_filename (dir, "rank-0.json.gz", NULL);
  HpLoadOptions    options = { 0 };

  g_assert_true (g_file_set_contents (path, (const char *)data, (gssize)len, NULL));
  options.n_threads = n_threads;
  return hp_load_path (path, &options, NULL, error);
}

/* Loads @gz with one thread and with two; both must fail with @code, and
 * the message names the file and holds @needle. */
static void
assert_load_fails (const GByteArray *gz,
                   int               code,
                   const char       *needle)
{
  g_autofree char *dir = make_temp_dir ();

  for (guint threads = 1; threads <= 2; threads++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HpTrace) trace = load_bytes (dir, gz->data, gz->len, threads, &error);

      g_assert_null (trace);
      g_assert_error (error, HP_LOAD_ERROR, code);
      g_assert_nonnull (strstr (error->message, "rank-0.json.gz"));
      if (strstr (error->message, needle) == NULL)
        g_error ("\"%s\" does not say \"%s\"", error->message, needle);
    }
  hp_test_remove_tree (dir);
}

/* ---------------------------------------------------------------------- */
/* the converters                                                          */

/* What our compressor writes, zlib reads back, and so does our inflater. */
static void
test_round_trip (void)
{
  g_autoptr (GByteArray) text = trace_like_text (3 * 1024 * 1024);
  g_autoptr (GConverter) comp = _hp_gzip_compressor_new ();
  g_autoptr (GBytes) gz = convert_all (comp, text->data, text->len);
  g_autoptr (GZlibDecompressor) zdec = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GConverter) dec = _hp_gzip_decompressor_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GByteArray) by_zlib = NULL;
  g_autoptr (GByteArray) by_ours = NULL;
  guint         members = 0;
  gsize         gz_len = 0;
  const guint8 *gz_data = g_bytes_get_data (gz, &gz_len);

  g_assert_cmpuint (gz_len, >, 18);
  g_assert_cmpuint (gz_data[0], ==, 0x1f);
  g_assert_cmpuint (gz_data[1], ==, 0x8b);
  /* it compresses: the text part shrinks at least 3 times */
  g_assert_cmpuint (gz_len, <, text->len / 2);

  by_zlib = inflate_members (G_CONVERTER (zdec), gz_data, gz_len, &members, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (members, ==, 1);
  g_assert_cmpmem (by_zlib->data, by_zlib->len, text->data, text->len);

  by_ours = inflate_members (dec, gz_data, gz_len, &members, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (members, ==, 1);
  g_assert_cmpmem (by_ours->data, by_ours->len, text->data, text->len);
}

/* A flush in the middle gives a stream that zlib reads whole. */
static void
test_compressor_flush (void)
{
  g_autoptr (GByteArray) text = trace_like_text (512 * 1024);
  g_autoptr (GConverter) comp = _hp_gzip_compressor_new ();
  g_autoptr (GOutputStream) mem = g_memory_output_stream_new_resizable ();
  g_autoptr (GOutputStream) out = g_converter_output_stream_new (mem, comp);
  g_autoptr (GZlibDecompressor) zdec = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) gz = NULL;
  g_autoptr (GByteArray) back = NULL;
  gsize half = text->len / 2, written = 0, flushed_len;
  guint members = 0;

  g_assert_true (g_output_stream_write_all (out, text->data, half, &written, NULL, &error));
  g_assert_true (g_output_stream_flush (out, NULL, &error));
  g_assert_no_error (error);
  flushed_len = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (mem));
  g_assert_cmpuint (flushed_len, >, 0);
  g_assert_true (g_output_stream_write_all (out, text->data + half, text->len - half, &written, NULL, &error));
  g_assert_true (g_output_stream_close (out, NULL, &error));
  g_assert_no_error (error);
  gz = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (mem));
  g_assert_cmpuint (g_bytes_get_size (gz), >, flushed_len);
  back = inflate_members (G_CONVERTER (zdec), g_bytes_get_data (gz, NULL), g_bytes_get_size (gz),
                          &members, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (back->data, back->len, text->data, text->len);
}

/* Members, one of them empty, read one after the other; the bytes after
 * the last member stay unread. */
static void
test_members (void)
{
  g_autoptr (GByteArray) text = trace_like_text (600 * 1024);
  g_autoptr (GByteArray) gz = g_byte_array_new ();
  g_autoptr (GConverter) dec = _hp_gzip_decompressor_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GByteArray) back = NULL;
  guint        members = 0;
  guint8       buf[1024];
  gsize        r = 0, w = 0;
  gsize        cut = text->len / 3;
  const guint8 tail[] = "not gzip";

  append_zlib_member (gz, text->data, cut);
  append_zlib_member (gz, text->data, 0);
  append_zlib_member (gz, text->data + cut, text->len - cut);
  back = inflate_members (dec, gz->data, gz->len, &members, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (members, ==, 3);
  g_assert_cmpmem (back->data, back->len, text->data, text->len);

  /* the converter stops exactly at the end of the member */
  g_converter_reset (dec);
  g_byte_array_set_size (gz, 0);
  append_zlib_member (gz, (const guint8 *)"{}", 2);
  g_byte_array_append (gz, tail, sizeof tail);
  {
    gsize at = 0, got = 0;

    for (;;)
      {
        GConverterResult res = g_converter_convert (dec, gz->data + at, gz->len - at, buf, sizeof buf,
                                                    G_CONVERTER_INPUT_AT_END, &r, &w, &error);

        g_assert_no_error (error);
        at += r;
        got += w;
        if (res == G_CONVERTER_FINISHED)
          break;
      }
    g_assert_cmpuint (got, ==, 2);
    g_assert_cmpuint (gz->len - at, ==, sizeof tail);
  }
}

/* ---------------------------------------------------------------------- */
/* the loader                                                              */

/* A header with every optional field (extra, name, comment, header CRC),
 * then a plain member: the trace is the same as the plain file's. */
static void
test_header_fields (void)
{
  g_autoptr (GByteArray) json = read_rank0 ();
  g_autoptr (GByteArray) gz = g_byte_array_new ();
  g_autoptr (GZlibCompressor) raw = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_RAW, 9);
  g_autoptr (GBytes) deflated = NULL;
  g_autofree char *plain_path = hp_test_data_path ("edge", "one-bad-rank", "rank-0.json", NULL);
  g_autofree char *dir = make_temp_dir ();
  const guint8     head[] = { 0x1f, 0x8b, 8, 0x1e, 1, 2, 3, 4, 0, 3 };
  const guint8     extra[] = { 6, 0, 'H', 'p', 2, 0, 'x', 'y' };
  gsize            half = json->len / 2;
  guint32          hcrc;

  g_byte_array_append (gz, head, sizeof head);
  g_byte_array_append (gz, extra, sizeof extra);
  g_byte_array_append (gz, (const guint8 *)"rank-0.json", 12);
  g_byte_array_append (gz, (const guint8 *)"a comment", 10);
  hcrc = crc32_of (gz->data, gz->len);
  g_byte_array_append (gz, (const guint8[]){ hcrc & 0xff, (hcrc >> 8) & 0xff }, 2);
  deflated = convert_all (G_CONVERTER (raw), json->data, half);
  g_byte_array_append (gz, g_bytes_get_data (deflated, NULL), (guint)g_bytes_get_size (deflated));
  put_le32 (gz, crc32_of (json->data, half));
  put_le32 (gz, (guint32)half);
  append_zlib_member (gz, json->data + half, json->len - half);

  for (guint threads = 1; threads <= 2; threads++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HpTrace) plain = hp_load_path (plain_path, NULL, NULL, &error);
      g_autoptr (HpTrace) trace = load_bytes (dir, gz->data, gz->len, threads, &error);
      const HpRank *p, *t;

      g_assert_no_error (error);
      p = hp_trace_get_rank (plain, 0);
      t = hp_trace_get_rank (trace, 0);
      g_assert_cmpuint (t->n_gzip_members, ==, 2);
      g_assert_cmpuint (t->json_bytes, ==, json->len);
      g_assert_cmpuint (t->n_events, ==, p->n_events);
      g_assert_cmpmem (t->ts, t->n_events * sizeof (gint64), p->ts, p->n_events * sizeof (gint64));
    }
  hp_test_remove_tree (dir);
}

static GByteArray *
gzip_of_rank0 (void)
{
  g_autoptr (GByteArray) json = read_rank0 ();
  GByteArray *gz = g_byte_array_new ();

  append_zlib_member (gz, json->data, json->len);
  return gz;
}

/* A wrong CRC-32 in the trailer is corrupt data, with where it was met. */
static void
test_bad_crc (void)
{
  g_autoptr (GByteArray) gz = gzip_of_rank0 ();

  gz->data[gz->len - 8] ^= 0x55;
  assert_load_fails (gz, HP_LOAD_ERROR_NOT_JSON, "corrupt gzip data near byte");
}

/* So is a wrong size. */
static void
test_bad_size (void)
{
  g_autoptr (GByteArray) gz = gzip_of_rank0 ();

  gz->data[gz->len - 3] ^= 0x01;
  assert_load_fails (gz, HP_LOAD_ERROR_NOT_JSON, "corrupt gzip data near byte");
}

/* A header that does not say deflate. */
static void
test_bad_method (void)
{
  g_autoptr (GByteArray) gz = gzip_of_rank0 ();

  gz->data[2] = 7;
  assert_load_fails (gz, HP_LOAD_ERROR_NOT_JSON, "corrupt gzip data near byte 0 of the file");
}

/* Deflate data that cannot be: a block of the reserved type 3. */
static void
test_bad_block (void)
{
  g_autoptr (GByteArray) gz = g_byte_array_new ();
  const guint8 head[] = { 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0x07, 0, 0, 0, 0, 0, 0, 0, 0, 0 };

  g_byte_array_append (gz, head, sizeof head);
  assert_load_fails (gz, HP_LOAD_ERROR_NOT_JSON, "corrupt gzip data near byte");
}

/* Cut inside the trailer: truncated, with the byte where it ends. */
static void
test_cut_trailer (void)
{
  g_autoptr (GByteArray) gz = gzip_of_rank0 ();
  g_autofree char *needle = NULL;

  g_byte_array_set_size (gz, gz->len - 3);
  needle = g_strdup_printf ("ends inside a member at byte %u", gz->len);
  assert_load_fails (gz, HP_LOAD_ERROR_TRUNCATED, needle);
}

/* Cut inside the header. */
static void
test_cut_header (void)
{
  g_autoptr (GByteArray) gz = gzip_of_rank0 ();

  g_byte_array_set_size (gz, 6);
  assert_load_fails (gz, HP_LOAD_ERROR_TRUNCATED, "truncated");
}

/* ---------------------------------------------------------------------- */
/* inflating on a thread of its own                                        */

typedef struct
{
  guint64       last_done, total;
  guint         n_calls, cancel_at;
  gboolean      backwards;
  GCancellable *cancellable;
} Progress;

static void
on_progress (guint64  bytes_done,
             guint64  bytes_total,
             guint    files_done,
             guint    n_files,
             gpointer user_data)
{
  Progress *p = user_data;

  if (bytes_done < p->last_done)
    p->backwards = TRUE;
  p->last_done = bytes_done;
  p->total = bytes_total;
  if (++p->n_calls == p->cancel_at)
    g_cancellable_cancel (p->cancellable);
}

/* One file on two threads (inflate ahead) loads as on one, with the same
 * progress to the last byte. */
static void
test_ahead_same_trace (void)
{
  g_autofree char *path = hp_test_data_path ("hta_ns_resolution", "rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz", NULL);
  HpTrace         *traces[2] = { NULL, NULL };

  for (guint threads = 1; threads <= 2; threads++)
    {
      g_autoptr (GError) error = NULL;
      HpLoadOptions options = { 0 };
      Progress      progress = { 0 };
      GStatBuf      st;

      g_assert_cmpint (g_stat (path, &st), ==, 0);
      options.n_threads = threads;
      options.progress = on_progress;
      options.progress_data = &progress;
      traces[threads - 1] = hp_load_path (path, &options, NULL, &error);
      g_assert_no_error (error);
      g_assert_false (progress.backwards);
      g_assert_cmpuint (progress.total, ==, (guint64)st.st_size);
      g_assert_cmpuint (progress.last_done, ==, (guint64)st.st_size);
      /* many reports on the way, not one at the end */
      g_assert_cmpuint (progress.n_calls, >, 4);
    }
  {
    const HpRank *a = hp_trace_get_rank (traces[0], 0);
    const HpRank *b = hp_trace_get_rank (traces[1], 0);

    /* several blocks ahead of the parser: more than the pipe holds */
    g_assert_cmpuint (a->json_bytes, >, 8 * 1024 * 1024);
    g_assert_cmpuint (b->json_bytes, ==, a->json_bytes);
    g_assert_cmpuint (b->n_gzip_members, ==, a->n_gzip_members);
    g_assert_cmpuint (b->n_events, ==, a->n_events);
    g_assert_cmpmem (b->ts, b->n_events * sizeof (gint64), a->ts, a->n_events * sizeof (gint64));
  }
  hp_trace_unref (traces[0]);
  hp_trace_unref (traces[1]);
}

/* Cancelled while the inflating thread is ahead: the load ends cancelled,
 * and the thread with it. */
static void
test_ahead_cancel (void)
{
  g_autofree char *path = hp_test_data_path ("hta_ns_resolution", "rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz", NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  HpLoadOptions options = { 0 };
  Progress      progress = { 0 };

  progress.cancel_at = 2;
  progress.cancellable = cancellable;
  options.n_threads = 2;
  options.progress = on_progress;
  options.progress_data = &progress;
  trace = hp_load_path (path, &options, cancellable, &error);
  g_assert_null (trace);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* A reader closed the moment its inflating thread starts: the thread must
 * not read the reader's pipe, which closing empties before it joins the
 * thread (it crashed one start in a few when it did). */
static void
test_ahead_clear_at_start (void)
{
  g_autofree char *path = hp_test_data_path ("hta_ns_resolution", "rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz", NULL);

  for (guint k = 0; k < 300; k++)
    {
      g_autoptr (GError) error = NULL;
      HpReader reader = { 0 };
      guchar   head[16];

      g_assert_true (_hp_reader_open (&reader, path, "rank-0", NULL, &error));
      g_assert_no_error (error);
      _hp_reader_inflate_ahead (&reader, NULL);
      if (k % 2 == 1)
        g_assert_cmpint (_hp_reader_read_all (&reader, head, sizeof head, NULL, &error), ==, sizeof head);
      _hp_reader_clear (&reader);
    }
}

/* A JSON error in the first block stops the parser while the inflating
 * thread waits for room: it is told to stop, and the error is the
 * parser's, at its byte. */
static void
test_ahead_early_error (void)
{
  g_autoptr (GByteArray) json = g_byte_array_new ();
  g_autoptr (GByteArray) gz = g_byte_array_new ();
  g_autoptr (GByteArray) filler = trace_like_text (4 * 1024 * 1024);
  g_autofree char *dir = make_temp_dir ();
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;

  g_byte_array_append (json, (const guint8 *)"{\"traceEvents\": [}", 18);
  g_byte_array_append (json, filler->data, filler->len);
  append_zlib_member (gz, json->data, json->len);
  trace = load_bytes (dir, gz->data, gz->len, 2, &error);
  g_assert_null (trace);
  g_assert_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON);
  if (strstr (error->message, "at byte 18") == NULL)
    g_error ("%s", error->message);
  hp_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  /* a load with two threads scans its file on the second, however busy
   * the machine running the tests is */
  g_setenv ("HOTPATH_SCAN_THREADS", "2", TRUE);
  g_test_add_func ("/core/gzip/round-trip", test_round_trip);
  g_test_add_func ("/core/gzip/compressor-flush", test_compressor_flush);
  g_test_add_func ("/core/gzip/members", test_members);
  g_test_add_func ("/core/gzip/header-fields", test_header_fields);
  g_test_add_func ("/core/gzip/bad-crc", test_bad_crc);
  g_test_add_func ("/core/gzip/bad-size", test_bad_size);
  g_test_add_func ("/core/gzip/bad-method", test_bad_method);
  g_test_add_func ("/core/gzip/bad-block", test_bad_block);
  g_test_add_func ("/core/gzip/cut-trailer", test_cut_trailer);
  g_test_add_func ("/core/gzip/cut-header", test_cut_header);
  g_test_add_func ("/core/gzip/ahead/same-trace", test_ahead_same_trace);
  g_test_add_func ("/core/gzip/ahead/cancel", test_ahead_cancel);
  g_test_add_func ("/core/gzip/ahead/clear-at-start", test_ahead_clear_at_start);
  g_test_add_func ("/core/gzip/ahead/early-error", test_ahead_early_error);
  return g_test_run ();
}
