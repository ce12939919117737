/* hp-parser-private.h — what the files of the parser share: its state and helpers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The parser is one module over several files: hp-parser.c drives a file
 * through yajl, hp-parser-callbacks.c follows the JSON structure,
 * hp-parser-event.c turns a finished event into a row of the rank's
 * columns, hp-parser-args.c keeps args in the compact store,
 * hp-parser-numbers.c reads numbers exactly and hp-parser-reader.c gives
 * the file's bytes, gzip or not.
 */

#pragma once

#include <gio/gio.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "hp-core-private.h"

G_BEGIN_DECLS

#define MAX_NESTING HP_MAX_NESTING

#define KEY_CACHE_SIZE 64
#define NAME_CACHE_SIZE 256
#define VALUE_CACHE_SIZE 4096

/* What the container on top of the stack is */
typedef enum
{
  CTX_TOP,       /* the top-level object */
  CTX_EVENTS,    /* the traceEvents array (or a bare top-level array) */
  CTX_EVENT,     /* one event object */
  CTX_ARGS,      /* the args object of an event */
  CTX_CAPTURE,   /* a nested value inside args, copied as compact JSON */
  CTX_META,      /* a nested object of a kept top-level metadata member */
  CTX_META_LIST, /* a nested array of a kept top-level metadata member */
  CTX_SKIP,      /* anything we do not keep */
} Ctx;

typedef enum
{
  F_NONE,
  F_PH,
  F_CAT,
  F_NAME,
  F_PID,
  F_TID,
  F_TS,
  F_DUR,
  F_ARGS,
  F_OTHER,
} Field;

typedef enum
{
  A_NONE,
  A_STREAM,
  A_CORRELATION,
  A_NAME,
  A_SORT_INDEX,
} ArgField;

typedef struct
{
  char     ph;
  guint32  cat;
  guint32  name;
  gint64   pid;
  gint64   tid;
  gint64   ts;
  gint64   dur;
  gboolean has_ts;
  gboolean has_dur;
  gboolean has_pid;
  gboolean has_tid;
  gint64   stream;
  guint8   stream_state;
  gint64   correlation;
  guint64  args_off;
  guint32  meta_name;
  gint64   sort_index;
  gboolean has_sort_index;
  gboolean bad;
} CurEvent;

typedef struct
{
  HpRankBuilder *b;
  HpMode         mode;
  const char    *basename;
  HpLoadLimits   limits;

  Ctx      stack[MAX_NESTING];
  guint    depth;
  gboolean too_deep;
  gboolean too_many_events;
  gboolean too_many_args;
  gboolean too_much_memory;
  gboolean seen_events_key; /* a traceEvents member */
  gboolean second_events;   /* a second one */
  guint    n_args;          /* of the current event */

  /* top level */
  gboolean     seen_root;
  gboolean     seen_events;
  gboolean     bare_array;
  char        *top_key;
  gboolean     top_kept; /* the member of top_key is metadata we read */
  JsonBuilder *meta;
  gsize        meta_bytes; /* kept so far, against limits.max_metadata_bytes */
  gboolean     meta_drop;  /* the value of the last key in a CTX_META is dropped */

  /* the memory the job will take: this file's share so far, and the job's */
  guint64  memory_charged;
  guint64 *memory_estimate;
  guint64  own_memory_estimate;

  /* event */
  guint64  n_elements;
  Field    field;
  CurEvent ev;

  /* args */
  guint32  arg_key;
  ArgField arg_field;
  GString *capture;
  guint8   capture_comma[MAX_NESTING]; /* per capture level: a comma is due */
  guint    capture_depth;
  gboolean capture_after_key;

  guint32 trace_cat; /* local id of "Trace" */

  /* HpLaneKey -> index + 1 of the thread's label in b->labels */
  GHashTable *label_of;

  /* tokens yajl has handed over: a chunk that adds none holds part of one
   * long token, which yajl lexes again from its start at every chunk */
  guint64 n_tokens;

  /* args keys repeat event after event: a small direct-mapped cache saves
   * hashing them again (the strings live in the rank's key table) */
  struct
  {
    const char *str;
    gsize       len;
    guint32     id;
    ArgField    field;
  } key_cache[KEY_CACHE_SIZE];

  /* string and JSON values of args repeat too ("Input type", "Input
   * Dims"): where in the args store the last values of each slot were
   * written, + 1 (0: none), so a value seen lately is stored as a
   * reference to it */
  guint64 *value_cache;

  /* so do names and categories: the same, for the rank's strings */
  struct
  {
    const char *str;
    gsize       len;
    guint32     id;
  } name_cache[NAME_CACHE_SIZE];
} Parser;

/* ---------------------------------------------------------------------------
 * Small helpers the hot paths inline
 * ------------------------------------------------------------------------- */

static inline gboolean
_hp_parser_text_is_integer (const char *s,
                            gsize       len)
{
  for (gsize i = 0; i < len; i++)
    if (s[i] == '.' || s[i] == 'e' || s[i] == 'E')
      return FALSE;
  return TRUE;
}

/* up to 18 digits after an optional minus: cannot overflow */
static inline gboolean
_hp_parser_small_int (const char *s,
                      gsize       len,
                      gint64     *out)
{
  gsize   i = len > 0 && s[0] == '-' ? 1 : 0;
  guint64 v = 0;

  if (len - i == 0 || len - i > 18)
    return FALSE;
  for (gsize j = i; j < len; j++)
    {
      guint digit = (guint)(guchar)s[j] - '0';

      /* not g_ascii_isdigit (): its table is a load through the GOT */
      if (digit > 9)
        return FALSE;
      v = v * 10 + digit;
    }
  *out = i == 1 ? -(gint64)v : (gint64)v;
  return TRUE;
}

static inline gboolean
_hp_parser_is_ascii (const guchar *s,
                     size_t        len)
{
  guchar any = 0;

  for (size_t i = 0; i < len; i++)
    any |= s[i];
  return (any & 0x80) == 0;
}

/* g_string_append_len () is not inlined and goes through the general
 * insert; captured values are short and mostly fit */
static inline void
_hp_parser_capture_append (GString    *gs,
                           const char *s,
                           gsize       len)
{
  if (gs->len + len < gs->allocated_len)
    {
      memcpy (gs->str + gs->len, s, len);
      gs->len += len;
      gs->str[gs->len] = '\0';
    }
  else
    g_string_append_len (gs, s, (gssize)len);
}

/* the bytes of a short key as one number, whatever the byte order */
#define KEY2(a, b) ((guint32)(guchar)(a) | (guint32)(guchar)(b) << 8)
#define KEY3(a, b, c) (KEY2 (a, b) | (guint32)(guchar)(c) << 16)
#define KEY4(a, b, c, d) (KEY3 (a, b, c) | (guint32)(guchar)(d) << 24)

/* An event's keys are few and short: one comparison of their bytes read
 * as a number, after a switch on the length, names the field. */
static inline Field
_hp_parser_field_from_key (const unsigned char *k,
                           size_t               len)
{
  switch (len)
    {
    case 2:
      switch (KEY2 (k[0], k[1]))
        {
        case KEY2 ('p', 'h'):
          return F_PH;
        case KEY2 ('t', 's'):
          return F_TS;
        default:
          return F_OTHER;
        }
    case 3:
      switch (KEY3 (k[0], k[1], k[2]))
        {
        case KEY3 ('c', 'a', 't'):
          return F_CAT;
        case KEY3 ('p', 'i', 'd'):
          return F_PID;
        case KEY3 ('t', 'i', 'd'):
          return F_TID;
        case KEY3 ('d', 'u', 'r'):
          return F_DUR;
        default:
          return F_OTHER;
        }
    case 4:
      switch (KEY4 (k[0], k[1], k[2], k[3]))
        {
        case KEY4 ('n', 'a', 'm', 'e'):
          return F_NAME;
        case KEY4 ('a', 'r', 'g', 's'):
          return F_ARGS;
        default:
          return F_OTHER;
        }
    default:
      return F_OTHER;
    }
}

/* hp-parser-numbers.c */
gboolean _hp_parser_int64 (const char *s,
                           gsize       len,
                           gint64     *out);

/* after reading a numeric event field: @ok, it is there (@has), else the
 * value is bad */
static inline void
_hp_parser_note_number_field (Parser   *p,
                              gboolean  ok,
                              gboolean *has)
{
  if (ok)
    *has = TRUE;
  else
    p->b->rank->n_bad_values++;
}

/* A number that is the value of an event's member (p->field). */
static inline void
_hp_parser_event_number (Parser     *p,
                         const char *s,
                         gsize       len)
{
  switch (p->field)
    {
    case F_TS:
      if (!_hp_parser_text_is_integer (s, len))
        p->b->any_float_ts = TRUE;
      _hp_parser_note_number_field (p, hp_parse_time_ns (s, len, &p->ev.ts), &p->ev.has_ts);
      break;
    case F_DUR:
      _hp_parser_note_number_field (p, hp_parse_time_ns (s, len, &p->ev.dur), &p->ev.has_dur);
      break;
    case F_PID:
      _hp_parser_note_number_field (p, _hp_parser_small_int (s, len, &p->ev.pid) || _hp_parser_int64 (s, len, &p->ev.pid),
                                    &p->ev.has_pid);
      break;
    case F_TID:
      _hp_parser_note_number_field (p, _hp_parser_small_int (s, len, &p->ev.tid) || _hp_parser_int64 (s, len, &p->ev.tid),
                                    &p->ev.has_tid);
      break;
    case F_PH:
    case F_CAT:
    case F_NAME:
      p->b->rank->n_bad_values++;
      break;
    case F_ARGS:
    case F_NONE:
    case F_OTHER:
    default:
      break;
    }
}

/* hp-parser-callbacks.c */
gboolean _hp_parser_charge_memory (Parser *p);

/* hp-parser-event.c */
HpRankBuilder *_hp_rank_builder_new (const char *path);
void           _hp_rank_builder_fit (HpRankBuilder *b);
guint32        _hp_parser_intern (Parser       *p,
                                  const guchar *s,
                                  size_t        len);
void           _hp_parser_event_reset (Parser *p);
void           _hp_parser_event_finish (Parser *p);

/* hp-parser-args.c */
guint64  _hp_parser_args_begin (HpRankBuilder *b);
void     _hp_parser_args_put_byte (HpRankBuilder *b,
                                   guint8         byte);
void     _hp_parser_capture_before_value (Parser *p);
void     _hp_parser_capture_open (Parser *p,
                                  char    c);
void     _hp_parser_capture_start (Parser *p,
                                   char    c);
ArgField _hp_parser_arg_field_from_key (const guchar *k,
                                        size_t        len);
void     _hp_parser_arg_number (Parser     *p,
                                const char *s,
                                size_t      len);
void     _hp_parser_arg_string (Parser       *p,
                                const guchar *s,
                                size_t        len);
void     _hp_parser_arg_simple (Parser   *p,
                                HpArgType type);
void     _hp_parser_arg_capture_done (Parser *p);

/* hp-parser-callbacks.c */
extern const yajl_callbacks _hp_parser_callbacks;

/* hp-parser-reader.c */
typedef struct _HpReaderPipe HpReaderPipe;

/* The file's bytes, inflated when it starts with the gzip magic. Every gzip
 * member is read, as zcat does (pigz and appending writers concatenate
 * members); bytes after the last member that do not start another one are
 * counted and ignored. With a pipe, a thread of its own inflates a few
 * blocks ahead of the reader; its fields below belong to that thread until
 * _hp_reader_clear() or the end of the data. */
/* A checksum of a byte stream, the same whatever pieces it comes in:
 * cheap enough to run over every byte a load reads (8 bytes a multiply). */
typedef struct
{
  guint64 h;
  guint64 len;
  guint8  tail[8];
  guint   n_tail;
} HpChecksum;

void    _hp_checksum_update (HpChecksum   *sum,
                             const guchar *data,
                             gsize         len);
guint64 _hp_checksum_finish (const HpChecksum *sum);

typedef struct
{
  HpReaderPipe *pipe;
  GInputStream *raw;
  GConverter   *dec; /* NULL: not compressed */
  guchar       *in;
  gsize         in_len, in_pos;
  guint64       raw_read; /* bytes read from the file */
  gboolean      raw_eof;
  gboolean      member_ended;
  gboolean      finished;
  guint         members;
  guint64       trailing;
  guint64       file_size;
  gint64        file_mtime_us; /* modification time, or 0 when unknown */
  HpChecksum    sum;           /* of the bytes read from the file */
} HpReader;

gint64   _hp_file_info_mtime_us (GFileInfo *info);
gboolean _hp_reader_open (HpReader     *r,
                          const char   *path,
                          const char   *basename,
                          GCancellable *cancellable,
                          GError      **error);
void     _hp_reader_inflate_ahead (HpReader     *r,
                                   GCancellable *cancellable);
gssize   _hp_reader_read_all (HpReader     *r,
                              guchar       *out,
                              gsize         size,
                              GCancellable *cancellable,
                              GError      **error);
guint64  _hp_reader_position (const HpReader *r);
void     _hp_reader_clear (HpReader *r);

/* hp-parser-scan.c */
typedef enum
{
  HP_SCAN_DONE,
  HP_SCAN_STOPPED,
  HP_SCAN_READ_ERROR,
  HP_SCAN_CANCELLED,
  HP_SCAN_GIVE_UP,
} HpScanResult;

HpScanResult _hp_parser_scan (Parser   *p,
                              HpReader *reader,
                              gboolean  two_threads,
                              guint64  *json_bytes,
                              void (*report) (gpointer data, guint64 position),
                              gpointer      report_data,
                              GCancellable *cancellable,
                              GError      **error);

/* hp-parser.c: TRUE reads every file with yajl (tests compare the two);
 * the files the scanner left to yajl, so far */
extern gboolean _hp_parser_yajl_only;
/* TRUE scans every file on a thread of its own, as a spare core would
 * (tests compare it with one thread) */
extern gboolean _hp_parser_two_threads_always;
extern gint     _hp_parser_n_given_up;

/* hp-parser.c: whether the texts of /proc/pressure/cpu and /proc/loadavg
 * leave a core free for a file's scanning thread */
gboolean _hp_parser_core_is_spare_in (const char *pressure,
                                      const char *loadavg,
                                      guint       n_cpus);

G_END_DECLS
