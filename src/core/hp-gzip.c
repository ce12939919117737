/* hp-gzip.c — gzip members in and out: ISA-L's igzip where the build has it, else zlib.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both converters behave as GLib's GZlibDecompressor and GZlibCompressor
 * in gzip format do: the decompressor reads one member, checks its header,
 * CRC-32 and size, answers G_CONVERTER_FINISHED at its end (leaving the
 * bytes after it unread) and starts the next member after
 * g_converter_reset(). On Kineto traces igzip inflates 4 to 5 times as fast
 * as zlib and streams, so it can feed the parser chunk by chunk
 * (docs/performance.md has the figures). The compressor writes what the
 * user asked for, quickly: igzip's level 1, or zlib's level 1.
 */

#include "config.h"

#include "hp-gzip-private.h"

#ifdef HAVE_ISAL

#include <isa-l/igzip_lib.h>

/* igzip's AVX code can return with the upper halves of the vector registers
 * dirty; every SSE instruction of the caller then pays for it. Measured on
 * the overlaid trace of a 54 MB rank, writing it took twice as long in
 * all (the JSON code around the compressor 20 times as long) until this
 * was added after each call. */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
static inline void
clear_upper_state (void)
{
  if (__builtin_cpu_supports ("avx"))
    __asm__ volatile("vzeroupper" ::
                         : "memory");
}
#else
static inline void
clear_upper_state (void)
{
}
#endif

/* ---------------------------------------------------------------------------
 * Inflate
 * ------------------------------------------------------------------------- */

#define HP_TYPE_ISAL_INFLATER (hp_isal_inflater_get_type ())
G_DECLARE_FINAL_TYPE (HpIsalInflater, hp_isal_inflater, HP, ISAL_INFLATER, GObject)

struct _HpIsalInflater
{
  GObject               parent_instance;
  struct inflate_state *state;
};

static void hp_isal_inflater_iface_init (GConverterIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HpIsalInflater, hp_isal_inflater, G_TYPE_OBJECT, G_IMPLEMENT_INTERFACE (G_TYPE_CONVERTER, hp_isal_inflater_iface_init))

static void
inflater_start (HpIsalInflater *self)
{
  isal_inflate_reset (self->state);
  self->state->crc_flag = ISAL_GZIP; /* parse the header, check CRC-32 and size */
}

static const char *
inflate_error_text (int code)
{
  switch (code)
    {
    case ISAL_INVALID_BLOCK:
      return "invalid deflate block";
    case ISAL_INVALID_SYMBOL:
      return "invalid deflate code";
    case ISAL_INVALID_LOOKBACK:
      return "a back-reference reaches before the start of the data";
    case ISAL_INVALID_WRAPPER:
      return "invalid gzip header";
    case ISAL_UNSUPPORTED_METHOD:
      return "unknown compression method";
    case ISAL_INCORRECT_CHECKSUM:
      return "the CRC-32 or size in the gzip trailer does not match the data";
    default:
      return "invalid gzip data";
    }
}

static GConverterResult
inflater_convert (GConverter     *converter,
                  const void     *inbuf,
                  gsize           inbuf_size,
                  void           *outbuf,
                  gsize           outbuf_size,
                  GConverterFlags flags,
                  gsize          *bytes_read,
                  gsize          *bytes_written,
                  GError        **error)
{
  HpIsalInflater       *self = HP_ISAL_INFLATER (converter);
  struct inflate_state *s = self->state;
  guint32               in_size = (guint32)MIN (inbuf_size, G_MAXUINT32);
  guint32               out_size = (guint32)MIN (outbuf_size, G_MAXUINT32);
  int                   res;

  if (s->block_state == ISAL_BLOCK_FINISH)
    {
      *bytes_read = *bytes_written = 0;
      return G_CONVERTER_FINISHED;
    }
  s->next_in = (uint8_t *)inbuf;
  s->avail_in = in_size;
  s->next_out = outbuf;
  s->avail_out = out_size;
  res = isal_inflate (s);
  clear_upper_state ();
  *bytes_read = in_size - s->avail_in;
  *bytes_written = out_size - s->avail_out;
  if (res < 0 || res == ISAL_NEED_DICT)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, inflate_error_text (res));
      return G_CONVERTER_ERROR;
    }
  if (s->block_state == ISAL_BLOCK_FINISH)
    return G_CONVERTER_FINISHED;
  if (*bytes_read == 0 && *bytes_written == 0)
    {
      if ((flags & G_CONVERTER_FLUSH) && !(flags & G_CONVERTER_INPUT_AT_END))
        return G_CONVERTER_FLUSHED;
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                           "the gzip data ends inside a member");
      return G_CONVERTER_ERROR;
    }
  return G_CONVERTER_CONVERTED;
}

static void
inflater_reset (GConverter *converter)
{
  inflater_start (HP_ISAL_INFLATER (converter));
}

static void
hp_isal_inflater_iface_init (GConverterIface *iface)
{
  iface->convert = inflater_convert;
  iface->reset = inflater_reset;
}

static void
hp_isal_inflater_finalize (GObject *object)
{
  g_free (HP_ISAL_INFLATER (object)->state);
  G_OBJECT_CLASS (hp_isal_inflater_parent_class)->finalize (object);
}

static void
hp_isal_inflater_class_init (HpIsalInflaterClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hp_isal_inflater_finalize;
}

static void
hp_isal_inflater_init (HpIsalInflater *self)
{
  self->state = g_new0 (struct inflate_state, 1);
  isal_inflate_init (self->state);
  inflater_start (self);
}

/* ---------------------------------------------------------------------------
 * Deflate
 * ------------------------------------------------------------------------- */

#define HP_TYPE_ISAL_DEFLATER (hp_isal_deflater_get_type ())
G_DECLARE_FINAL_TYPE (HpIsalDeflater, hp_isal_deflater, HP, ISAL_DEFLATER, GObject)

struct _HpIsalDeflater
{
  GObject              parent_instance;
  struct isal_zstream *stream;
  guint8              *level_buf;
};

static void hp_isal_deflater_iface_init (GConverterIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HpIsalDeflater, hp_isal_deflater, G_TYPE_OBJECT, G_IMPLEMENT_INTERFACE (G_TYPE_CONVERTER, hp_isal_deflater_iface_init))

static void
deflater_start (HpIsalDeflater *self)
{
  struct isal_zstream *zs = self->stream;

  isal_deflate_init (zs);
  zs->gzip_flag = IGZIP_GZIP;
  zs->level = 1;
  zs->level_buf = self->level_buf;
  zs->level_buf_size = ISAL_DEF_LVL1_DEFAULT;
}

static GConverterResult
deflater_convert (GConverter     *converter,
                  const void     *inbuf,
                  gsize           inbuf_size,
                  void           *outbuf,
                  gsize           outbuf_size,
                  GConverterFlags flags,
                  gsize          *bytes_read,
                  gsize          *bytes_written,
                  GError        **error)
{
  HpIsalDeflater      *self = HP_ISAL_DEFLATER (converter);
  struct isal_zstream *zs = self->stream;
  guint32              in_size = (guint32)MIN (inbuf_size, G_MAXUINT32);
  guint32              out_size = (guint32)MIN (outbuf_size, G_MAXUINT32);
  gboolean             at_end = (flags & G_CONVERTER_INPUT_AT_END) != 0;
  gboolean             flush = (flags & G_CONVERTER_FLUSH) != 0;
  int                  res;

  /* the end of the stream is known only with the last of the input */
  at_end = at_end && in_size == inbuf_size;
  zs->next_in = (uint8_t *)inbuf;
  zs->avail_in = in_size;
  zs->next_out = outbuf;
  zs->avail_out = out_size;
  zs->end_of_stream = at_end ? 1 : 0;
  zs->flush = flush ? SYNC_FLUSH : NO_FLUSH;
  res = isal_deflate (zs);
  clear_upper_state ();
  *bytes_read = in_size - zs->avail_in;
  *bytes_written = out_size - zs->avail_out;
  if (res != COMP_OK)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "gzip compression failed (%d)", res);
      return G_CONVERTER_ERROR;
    }
  if (at_end && zs->avail_in == 0 && zs->internal_state.state == ZSTATE_END)
    return G_CONVERTER_FINISHED;
  /* a flush is done once all input is taken and the output did not fill */
  if (flush && !at_end && zs->avail_in == 0 && zs->avail_out > 0)
    return G_CONVERTER_FLUSHED;
  if (*bytes_read == 0 && *bytes_written == 0 && !at_end && !flush)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT, "more input is needed");
      return G_CONVERTER_ERROR;
    }
  return G_CONVERTER_CONVERTED;
}

static void
deflater_reset (GConverter *converter)
{
  deflater_start (HP_ISAL_DEFLATER (converter));
}

static void
hp_isal_deflater_iface_init (GConverterIface *iface)
{
  iface->convert = deflater_convert;
  iface->reset = deflater_reset;
}

static void
hp_isal_deflater_finalize (GObject *object)
{
  HpIsalDeflater *self = HP_ISAL_DEFLATER (object);

  g_free (self->stream);
  g_free (self->level_buf);
  G_OBJECT_CLASS (hp_isal_deflater_parent_class)->finalize (object);
}

static void
hp_isal_deflater_class_init (HpIsalDeflaterClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hp_isal_deflater_finalize;
}

static void
hp_isal_deflater_init (HpIsalDeflater *self)
{
  self->stream = g_new0 (struct isal_zstream, 1);
  self->level_buf = g_malloc (ISAL_DEF_LVL1_DEFAULT);
  deflater_start (self);
}

#endif /* HAVE_ISAL */

/**
 * _hp_gzip_decompressor_new:
 *
 * Returns: (transfer full): a converter that inflates one gzip member at a
 *   time, checking its CRC-32 and size; g_converter_reset() starts the next
 */
GConverter *
_hp_gzip_decompressor_new (void)
{
#ifdef HAVE_ISAL
  return g_object_new (HP_TYPE_ISAL_INFLATER, NULL);
#else
  return G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP));
#endif
}

/**
 * _hp_gzip_compressor_new:
 *
 * Returns: (transfer full): a converter that writes one gzip member with a
 *   fast level: the files it makes are read once, by a person's viewer
 */
GConverter *
_hp_gzip_compressor_new (void)
{
#ifdef HAVE_ISAL
  return g_object_new (HP_TYPE_ISAL_DEFLATER, NULL);
#else
  return G_CONVERTER (g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, 1));
#endif
}

/**
 * _hp_gzip_backend:
 *
 * Returns: the library that inflates and deflates: "isa-l" or "zlib"
 */
const char *
_hp_gzip_backend (void)
{
#ifdef HAVE_ISAL
  return "isa-l";
#else
  return "zlib";
#endif
}
